"""Beyond positions by hand (explorer.beyond.position, docs/positions-beyond.md): the worked example,
defaults, every refusal naming its field and rule, round trips over random games, hostile inputs."""

import json
import math
import re
import time
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.beyond import GameOptions, new_game, refs
from explorer.beyond.actions import Capture, Collect, Compose, EndTurn, Place, Stop, Summon
from explorer.beyond.game import BeyondState
from explorer.beyond.odds import optimal_stop, p_fail_next, p_nian_shou, reveal_decision
from explorer.beyond.players import RandomPlayer
from explorer.beyond.position import from_position, origin
from explorer.core.positions import PositionError
from explorer.core.rulings import Rulings

DOC = Path(__file__).resolve().parents[2] / "docs" / "positions-beyond.md"


def _doc_positions() -> list[dict]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]


def _keys(state):
    return [state.cards[c].key for c in state.revealed]


def _refused(position, **kw) -> PositionError:
    with pytest.raises(PositionError) as err:
        from_position(position, **kw)
    return err.value


# -- the worked example ------------------------------------------------------------------------------
def test_jessy_with_two_turtle_snake_cards_out_loads_with_the_exact_odds():
    """beyond-rulebook.txt, section "Phase 1: Reveal and Collection": "The active player turns over the top
    card of the draw pile [...] As soon as the active player reveals 2 cards from the same Spirit [...] they have
    to stop" -- the documented position: 9 Turtle Snakes left in a 66-card pile, P(next card fails) = 3/22."""
    example = _doc_positions()[0]
    state = from_position(json.dumps(example))
    jessy, sam = state.area("Jessy"), state.area("Sam")
    assert jessy["spirit"] == ["TS09", "TS10", "VB01", "VB02", "VB03"]
    assert jessy["patterns"] == [{"spirit": "TS", "cards": ["TS01", "TS02", "TS03", "TS04"], "lotus": False}]
    assert jessy["captures"] == ["AD01", "AD02", "AD05"] and sam["spirit"] == ["VB09"] and sam["nian"] == ["NS1"]
    assert state.revealed == ("TS11",) and (state.turn, state.phase, state.active_player) == (9, "reveal", "Jessy")
    assert len(state.draw_pile) == 66 and state.central == ("NS2", "NS3", "NS4", "NS5", "NS6") and state.supply == 20
    pile = state.draw_pile_counts()
    assert sum(n for key, n in pile.items() if key[0] == "TS") == 9
    assert p_fail_next(_keys(state), pile) == Fraction(9, 66) == Fraction(3, 22)
    assert p_nian_shou(_keys(state), pile, len(state.central)) == Fraction(3, 22)  # her first 2 cards would match
    decision = reveal_decision(_keys(state), pile, lotus=2, nian_shou_left=len(state.central))
    assert decision.p_fail_next == Fraction(3, 22) and decision.best.stop == 1  # stopping now collects TS11
    assert decision.best.more == optimal_stop(_keys(state), pile, lotus=2).more


def test_the_rulebook_example_of_jessy_and_sam_plays_from_the_position():
    """beyond-rulebook.txt, section "Phase 3: Spirit Enchantments, Captures, Compensations" (Example): "Jessy
    takes the Vermilion Bird Yang card from Sam, thanks to a Yin Capture Card. Sam gets 1 Token. Jessy thus
    completes a Vermilion Bird pattern. [...] Jessy also captures one of Sam's Nian Shou cards, with 2 Capture
    cards: a Yin and a Yang. Sam gets 1 Token again."""
    state = from_position(_doc_positions()[0])
    state.apply(Stop()), state.apply(Place("TS11"))
    state.apply(Capture("Sam", "VB09", ("AD01",)))
    assert state.area("Sam")["tokens"] == 1
    state.apply(Compose(("VB01", "VB02", "VB03", "VB09")))
    state.apply(Capture("Sam", "NS1", ("AD02", "AD05")))
    assert state.area("Sam")["tokens"] == 2 and state.supply == 18 and state.area("Jessy")["nian"] == ["NS1"]
    assert state.area("Jessy")["spirit"] == ["TS09", "TS10", "TS11"]  # her 2nd Turtle Snake pattern is started
    assert [pt["spirit"] for pt in state.area("Jessy")["patterns"]] == ["TS", "VB"]


def test_two_turtle_snakes_revealed_is_a_failed_reveal_in_phase_collect():
    """beyond-rulebook.txt, section "Phase 1: Reveal and Collection": "As soon as the active player reveals 2
    cards from the same Spirit [...] they have to stop revealing cards. They should collect only the last
    revealed card." -- the literal reading of the example is phase 'collect'; in phase 'reveal' it is refused."""
    literal = _doc_positions()[1]
    state = from_position(literal)
    assert state.phase == "collect" and state.revealed == ("TS01", "TS09") and state.area("Jessy")["nian"] == ["NS1"]
    assert set(state.legal_actions()) == {Collect(()), Collect(("TS01",))}
    with pytest.raises(ValueError):
        p_fail_next(_keys(state), state.draw_pile_counts())  # no next card: the reveal already failed
    err = _refused(dict(literal, phase="reveal"))
    assert (err.field, err.rule) == ("revealed", refs.PHASE_1)


# -- defaults and card names --------------------------------------------------------------------------
def test_defaults_are_the_set_up_and_an_omitted_draw_pile_is_shuffled_with_the_seed():
    """beyond-rulebook.txt, section "Set Up": "Each player then takes and places 2 Lotus tokens on their card.
    Take the 6 Evil Spirit cards to create the central Nian Shou pattern. Thoroughly shuffle all the Celestial
    Spirit cards" -- the smallest position is the set-up, the deck shuffled exactly as new_game shuffles it."""
    for seed in (0, 7):
        state = from_position({"players": ["Jessy", "Sam"]}, seed=seed)
        fresh = new_game(["Jessy", "Sam"], seed=seed)
        assert state.position() == fresh.position() and state.draw_pile == fresh.draw_pile
    assert from_position({"players": ["A", "B"]}, seed=1).draw_pile != from_position({"players": ["A", "B"]}).draw_pile
    top = from_position({"players": ["A", "B"], "draw_top": ["MT01", "YU yang"]}, seed=3)
    assert top.draw_pile[:2] == ("MT01", "YU03") and len(top.draw_pile) == 80
    over = from_position({"players": ["A", "B", "C"], "phase": "over", "draw": [], "second_pile": True,
                          "discard": [f"{s}{i:02d}" for s in ("TS", "VB", "AD", "MT", "YU") for i in range(1, 17)]})
    assert over.active_player == "C" and over.end_triggered and over.is_terminal()  # after the last seat's turn


def test_descriptions_take_the_first_free_card_ids_first_then_full_then_partial():
    """beyond-rulebook.txt, section "Card backs: Yin or Yang Capture Side": "There are 8 Yin and 8 Yang cards for
    each type of Celestial Spirit" -- cards alike in spirit, part and symbol are interchangeable, so a description
    names a card well enough; a 9th Yin Turtle Snake does not exist."""
    state = from_position({"players": [{"name": "A", "spirit": ["TS", "TS yin", "TS01", "yellow unicorn tail yang",
                                                               "MT Body"], "nian": 2}, "B"]})
    assert state.area("A")["spirit"] == ["TS03", "TS02", "TS01", "YU15", "MT09"]
    assert state.area("A")["nian"] == ["NS1", "NS2"] and state.central == ("NS3", "NS4", "NS5", "NS6")
    full = from_position({"players": [{"name": "A", "spirit": ["TS"] + ["TS yin"] * 8}, "B"]})
    assert full.area("A")["spirit"][0] == "TS09"  # the partial description waits for the full ones
    patterns = from_position({"players": [{"name": "A", "patterns": ["YU", "AD", {"spirit": "Turtle Snake"}]}, "B"],
                              "end_triggered": True})
    assert [pt["cards"] for pt in patterns.area("A")["patterns"]] == [
        ["YU01", "YU05", "YU09", "YU13"], ["AD01", "AD02", "AD09", "AD10"], ["TS01", "TS02", "TS03", "TS04"]]
    assert patterns.end_triggered  # "When a player has performed 3 Celestial Spirit(s) enchantments"
    err = _refused({"players": [{"name": "A", "spirit": ["TS yin"] * 9}, "B"]})
    assert (err.field, err.rule) == ("players[0].spirit[8]", refs.CARD_BACKS)


def test_advanced_positions_protection_and_summons_play_on():
    """beyond-rulebook.txt, sections "Protection Tokens" ("To capture a protected card, an opponent must discard a
    Yin Capture card AND a Yang Capture card") and "Summoning an Enchanted Celestial Spirit"."""
    state = from_position({
        "players": [{"name": "Jessy", "captures": ["TS01", "TS09"], "patterns": [{"spirit": "MT", "lotus": True}],
                     "lotus": 1},
                    {"name": "Sam", "spirit": ["VB yang"], "protected": ["VB yang"], "tokens": 1}],
        "phase": "act", "options": {"protection": True, "summoning": True}})
    assert state.area("Sam")["protected"] == ["VB09"] and state.supply == 18
    assert Capture("Sam", "VB09", ("TS01",)) not in state.legal_actions()
    state.apply(Capture("Sam", "VB09", ("TS01", "TS09")))
    assert state.area("Sam")["tokens"] == 2 and state.area("Sam")["protected"] == []
    assert Summon(0) not in state.legal_actions()  # a Lotus token already lies on the Tiger
    state.apply(EndTurn())
    assert (state.current_player, state.turn, state.phase) == ("Sam", 2, "reveal")



# -- refusals ------------------------------------------------------------------------------------------
def _two(a=None, b=None, **top):
    return {"players": [dict({"name": "Jessy"}, **(a or {})), dict({"name": "Sam"}, **(b or {}))], **top}


ALL_CARDS = [f"{s}{i:02d}" for s in ("TS", "VB", "AD", "MT", "YU") for i in range(1, 17)]

RULE_ERRORS = [
    # cards
    (_two({"spirit": ["TS01"]}, {"captures": ["TS01"]}), "players[1].captures[0]", refs.SPIRIT_CARDS),
    (_two({"spirit": ["TS01", "ts01"]}), "players[0].spirit[1]", refs.SPIRIT_CARDS),
    (_two(discard=["TS05"], draw_top=["TS05"]), "draw_top[0]", refs.SPIRIT_CARDS),
    (_two({"spirit": ["TS17"]}), "players[0].spirit[0]", refs.SPIRIT_CARDS),
    (_two({"spirit": ["Dragon"]}), "players[0].spirit[0]", refs.SPIRIT_CARDS),
    (_two({"spirit": ["TS head"]}), "players[0].spirit[0]", refs.SPIRIT_CARDS),
    (_two({"captures": ["VB yang"] * 4}, {"captures": ["VB yang"] * 4, "spirit": ["VB yang"]}),
     "players[1].captures[3]", refs.CARD_BACKS),  # a player's spirit cards are read before her captures
    (_two(draw=["TS01"]), "draw", refs.SPIRIT_CARDS),
    # Nian Shou
    (_two({"spirit": ["NS1"]}), "players[0].spirit[0]", refs.NIAN_SHOU),
    (_two({"nian": ["TS01"]}), "players[0].nian[0]", refs.NIAN_SHOU),
    (_two({"nian": ["NS7"]}), "players[0].nian[0]", refs.NIAN_SHOU),
    (_two({"nian": 7}), "players[0].nian", refs.NIAN_SHOU),
    (_two({"nian": ["NS1"]}, central=["NS1", "NS2", "NS3", "NS4", "NS5", "NS6"]), "central[0]", refs.NIAN_SHOU),
    (_two({"nian": 3}, {"nian": ["NS"] * 4}), "players[1].nian[3]", refs.NIAN_SHOU),
    (_two(central=["NS2"]), "central", refs.NIAN_SHOU),
    # play areas
    (_two({"captures": ["TS01", "TS02", "TS03", "TS09", "TS10"]}), "players[0].captures", refs.PHASE_2),
    (_two({"patterns": [["TS01", "TS02", "TS03"]]}), "players[0].patterns[0].cards", refs.ENERGY_POINTS),
    (_two({"patterns": [["AD01", "AD02", "AD03", "AD09"]]}), "players[0].patterns[0]", refs.ENERGY_POINTS),
    (_two({"patterns": [["YU01", "YU02", "YU05", "YU09"]]}), "players[0].patterns[0]", refs.ENERGY_POINTS),
    (_two({"patterns": [["TS01", "TS02", "TS03", "VB01"]]}), "players[0].patterns[0]", refs.ENERGY_POINTS),
    (_two({"patterns": [{"spirit": "VB", "cards": ["TS01", "TS02", "TS03", "TS04"]}]}), "players[0].patterns[0]",
     refs.ENERGY_POINTS),
    (_two({"patterns": ["TS"] * 3}, {"patterns": ["TS", "TS"]}, end_triggered=True), "players[1].patterns[1]",
     refs.ENCHANTED),
    (_two({"patterns": [{"spirit": "TS", "lotus": True}]}), "players[0].patterns[0].lotus", refs.ADVANCED_MODE),
    (_two({"spirit": ["TS01"], "protected": ["TS01"], "tokens": 0}), "players[0].protected[0]", refs.ADVANCED_MODE),
    (_two({"spirit": ["TS01"], "protected": ["TS02"]}, options={"protection": True}), "players[0].protected[0]",
     refs.PROTECTION_TOKENS),
    (_two({"spirit": ["TS01"], "protected": ["TS01", "TS01"]}, options={"protection": True}),
     "players[0].protected[1]", refs.PROTECTION_TOKENS),
    (_two({"nian": ["NS1"], "protected": ["NS1"]}, options={"protection": True}), "players[0].protected[0]",
     refs.PROTECTION_TOKENS),
    (_two({"lotus": 3}), "players[0].lotus", refs.SET_UP),
    (_two({"patterns": [{"spirit": "MT", "lotus": True}]}, options={"summoning": True}), "players[0].lotus",
     refs.SET_UP),
    (_two({"tokens": 10**12}), "players[0].tokens", refs.SET_UP),
    (_two({"tokens": 15}, {"tokens": 4, "spirit": ["TS01", "TS02"], "protected": ["TS01", "TS02"]},
          options={"protection": True}), "players[1].tokens", refs.SET_UP),
    (_two({"tokens": 3}, supply=20), "supply", refs.SET_UP),
    (_two(rulings={"beyond.supply-tokens": 4}, supply=5), "supply", refs.SET_UP),
    (dict(_two(), players=["Solo"]), "players", refs.SET_UP),
    # phase, player to act, turn
    (_two(phase="phase 3"), "phase", refs.GAME_ROUND),
    (_two(active="Sam", turn=3), "turn", refs.GAME_ROUND),
    (_two(phase="act", revealed=["TS01"]), "revealed", refs.PHASE_1),
    (_two(phase="place", revealed=["TS01"], to_place=["VB01"]), "revealed", refs.PHASE_1),
    (_two(revealed=["TS01", "VB01", "TS02"]), "revealed", refs.PHASE_1),
    (_two(phase="collect", revealed=["TS01", "VB01"]), "revealed", refs.PHASE_1),
    (_two(phase="collect", revealed=["TS01", "TS02", "VB01", "VB02"]), "revealed", refs.PHASE_1),
    (_two(phase="act", to_place=["TS01"]), "to_place", refs.PHASE_2),
    (_two(phase="place"), "to_place", refs.PHASE_2),
    # the end
    (_two(rulings={"beyond.second-draw-pile": "single-pile"}, second_pile=True), "second_pile", refs.END_OF_GAME),
    (_two(draw=[], discard=ALL_CARDS), "second_pile", refs.END_OF_GAME),
    (_two({"patterns": ["TS", "VB", "AD"]}, end_triggered=False), "end_triggered", refs.END_OF_GAME),
    (_two(end_triggered=True), "end_triggered", refs.END_OF_GAME),
    (_two({"nian": 6}), "phase", refs.NIAN_SHOU),
    (_two({"nian": 6}, phase="over", active="Sam", turn=2), "active", refs.NIAN_SHOU),
    (_two({"nian": 6}, phase="over", revealed=["TS01", "VB01"]), "revealed", refs.PHASE_1),
    (_two(phase="over", active="Sam", turn=2), "phase", refs.END_OF_GAME),
    (_two({"patterns": ["TS", "VB", "AD"]}, phase="over", active="Jessy"), "active", refs.END_OF_GAME),
    (_two({"patterns": ["TS", "VB", "AD"]}, phase="over", winners=["Sam"]), "winners", refs.END_OF_GAME),
    (_two({"nian": 6}, phase="over", winners=["Sam"]), "winners", refs.NIAN_SHOU),
    (_two(winners=["Jessy"]), "winners", refs.END_OF_GAME),
]


@pytest.mark.parametrize("position, where, rule", RULE_ERRORS, ids=lambda v: v if isinstance(v, str) else None)
def test_a_position_breaking_a_rule_is_refused_naming_field_and_rule(position, where, rule):
    """Each refusal cites its section of beyond-rulebook.txt: "Set Up", "Game Round", "Phase 1: Reveal and
    Collection", "Phase 2: Positioning of Collected Cards in Their Play Area" ("a maximum of 4 Capture cards"),
    "Energy Points by Enchanted Spirit", "Enchanted Celestial Spirit", "The 6 Cards of the Evil Spirit",
    "Advanced Mode", "Protection Tokens", "End of the Game - Counting Energy Points", "The Celestial Spirit Cards"."""
    err = _refused(position)
    assert (err.field, err.rule) == (where, rule), str(err)
    assert where in str(err) or not where
    assert rule.section in str(err)


FIELD_ERRORS = [
    ({"players": ["A", "B"], "dicard": []}, "dicard"),
    ({"players": [{"name": "A", "captrues": []}, "B"]}, "players[0].captrues"),
    ({"players": ["A", "B"], "system": "behind"}, "system"),
    ({"players": ["A", "A"]}, "players[1].name"),
    ({"players": ["", "B"]}, "players[0].name"),
    ({"players": ["A", {"spirit": []}]}, "players[1].name"),
    ({}, "players"),
    ({"players": ["A", "B"], "active": "Ann"}, "active"),
    ({"players": ["A", "B"], "turn": 0}, "turn"),
    ({"players": ["A", "B"], "draw": [], "draw_top": []}, "draw_top"),
    ({"players": [{"name": "A", "patterns": ["Dragon"]}, "B"]}, "players[0].patterns[0].spirit"),
    ({"players": [{"name": "A", "patterns": [{"lotus": False}]}, "B"]}, "players[0].patterns[0]"),
    ({"players": ["A", "B"], "rulings": {"beyond.nope": 1}}, "rulings.beyond.nope"),
    ({"players": ["A", "B"], "rulings": {"beyond.second-draw-pile": "twice"}}, "rulings.beyond.second-draw-pile"),
    ({"players": ["A", "B"], "options": {"advanced": True}}, "options.advanced"),
    ({"players": ["A", "B"], "winners": [7], "phase": "over", "draw": [], "second_pile": True,
      "discard": ALL_CARDS, "active": "B", "turn": 2}, "winners[0]"),
]


@pytest.mark.parametrize("position, where", FIELD_ERRORS, ids=[w for _, w in FIELD_ERRORS])
def test_a_malformed_field_is_refused_naming_it(position, where):
    """A malformed field names no rule, only the field (beyond-rulebook.txt, section "Set Up", is the layout a
    position describes)."""
    err = _refused(position)
    assert err.field == where and err.rule is None, str(err)


# -- round trips, play, saves -------------------------------------------------------------------------
OPTIONS = [GameOptions(), GameOptions.advanced(), GameOptions(protection=True), GameOptions(summoning=True)]


def _game(seed):
    rulings = Rulings().switch(**{"beyond.second-draw-pile": "single-pile"}) if seed % 5 == 4 else None
    state = new_game(2 + seed % 3, seed=seed, options=OPTIONS[seed % 4], rulings=rulings)
    return state, {p: RandomPlayer(seed * 7 + i) for i, p in enumerate(state.players)}


def test_round_trip_over_states_of_many_seeded_random_games():
    """beyond-rulebook.txt, section "Game Round": states of every phase, reached by random players in 30 seeded
    games (2-4 players, basic and advanced, both draw-pile rulings), come back from their position unchanged."""
    phases, checked = set(), 0
    for seed in range(30):
        state, bots = _game(seed)
        step = 0
        while True:
            if step % 5 == 0 or state.is_terminal():
                position = state.position()
                loaded = from_position(json.dumps(position), seed=seed)
                assert loaded.position() == position
                same = {k: v for k, v in loaded.to_json()["data"].items() if k != "rng"}
                assert same == {k: v for k, v in state.to_json()["data"].items() if k != "rng"}
                if step % 25 == 0:
                    assert list(loaded.legal_actions()) == list(state.legal_actions())
                phases.add(state.phase)
                checked += 1
            if state.is_terminal():
                break
            state.apply(bots[state.current_player].choose(state))
            step += 1
    assert phases == {"reveal", "collect", "place", "act", "over"} and checked > 300


def test_a_loaded_position_plays_to_the_end_and_saves_exactly():
    """beyond-rulebook.txt, section "End of the Game - Counting Energy Points": a game continued from a position
    keeps its invariants to the end; to_json/from_json round-trips it and the save records the position."""
    for seed in range(8):
        state, bots = _game(seed)
        for _ in range(40 + 13 * seed):
            if state.is_terminal():
                break
            state.apply(bots[state.current_player].choose(state))
        loaded = from_position(state.position(), seed=seed)
        assert origin(loaded) == {"position": state.position(), "seed": seed} and origin(state) is None
        saved = loaded.to_json()
        assert saved["log"][0]["kind"] == "position" and saved["log"][0]["data"]["position"] == state.position()
        for n in range(3000):
            if loaded.is_terminal():
                break
            if n % 50 == 0:
                again = BeyondState.from_json(json.loads(json.dumps(loaded.to_json())))
                assert again.to_json() == loaded.to_json() and origin(again) == origin(loaded)
            loaded.apply(bots[loaded.current_player].choose(loaded))
            loaded.check_invariants()
        assert loaded.is_terminal() and loaded.winners


def test_odds_work_on_any_loaded_reveal():
    """beyond-rulebook.txt, section "Phase 1: Reveal and Collection": P(next card fails) is the share of the
    revealed Spirits in the loaded draw pile."""
    for seed in range(10):
        state, bots = _game(seed)
        while not (state.phase == "reveal" and state.revealed) and not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        if state.is_terminal():
            continue
        loaded = from_position(state.position())
        pile = loaded.draw_pile_counts()
        spirits = {key[0] for key in _keys(loaded)}
        share = Fraction(sum(n for key, n in pile.items() if key[0] in spirits), sum(pile.values()))
        assert p_fail_next(_keys(loaded), pile) == share == p_fail_next(_keys(state), state.draw_pile_counts())


# -- hostile inputs ------------------------------------------------------------------------------------
def _deep(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = [
    5, None, [], "not json", "[1]", "{", "NaN", "[" * 100_000 + "]" * 100_000, "x" * 1_000_001,
    {"players": "Jessy"}, {"players": [1, 2]}, {"players": [None, "B"]}, {"players": [["A"], "B"]},
    {"players": ["A"] * 10**4}, {"players": ["A" * 10**6, "B"]}, {"players": _deep(50_000)},
    {1: 2, "players": ["A", "B"]},
    _two({"tokens": math.nan}), _two({"tokens": math.inf}), _two({"tokens": "3"}), _two({"tokens": True}),
    _two({"tokens": -1}), _two({"tokens": 2.0}), _two({"tokens": 10**100}), _two({"lotus": 10**12}),
    _two(turn=10**12), _two(turn=math.nan), _two(supply=10**12), _two(supply=-5),
    _two({"spirit": [None]}), _two({"spirit": [["TS01"]]}), _two({"spirit": [{"card": "TS01"}]}),
    _two({"spirit": [1e308]}), _two({"spirit": "TS01"}), _two({"spirit": ["TS"] * 100_000}),
    _two({"spirit": ["TS" + " yang" * 200_000]}), _two({"spirit": ["TS01"] * 2}),
    _two({"spirit": ALL_CARDS + ["TS01"]}),
    _two({"nian": 10**12}), _two({"nian": -1}), _two({"nian": True}), _two({"nian": [None]}), _two({"nian": "NS1"}),
    _two({"patterns": [None]}), _two({"patterns": [[None] * 4]}), _two({"patterns": [{"cards": "TS01"}]}),
    _two({"patterns": [{"spirit": 3}]}), _two({"patterns": ["TS"] * 21}),
    _two({"protected": [3]}), _two({"protected": ["TS01"]}),
    _two(rulings={"beyond.supply-tokens": math.nan}), _two(rulings={"beyond.supply-tokens": 10**12}),
    _two(rulings={"beyond.supply-tokens": 5.5}), _two(rulings=[]), _two(options={"protection": "yes"}),
    _two(options=None), _two(phase=None), _two(phase=["reveal"]), _two(active=0), _two(comment=_deep(50_000)),
    _two(draw=None), _two(discard={"TS01": 1}), _two(central=[None]), _two(winners="Jessy"), _two(second_pile=1),
    _two(end_triggered="no"), _two(revealed=["TS01"] * 87),
]


@pytest.mark.parametrize("position", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_hostile_inputs_give_position_errors_quickly(position):
    """Hostile inputs (wrong types, NaN, 10**12 tokens, unknown ids, duplicated cards, deep nesting) raise
    PositionError and nothing else, at once (beyond-rulebook.txt, section "Set Up" bounds what a position holds)."""
    start = time.perf_counter()
    with pytest.raises(PositionError):
        from_position(position)
    assert time.perf_counter() - start < 2


def test_a_seed_that_is_not_a_whole_number_is_refused():
    """beyond-rulebook.txt, section "Set Up": "Thoroughly shuffle all the Celestial Spirit cards" -- with a seed."""
    for seed in ("1", 1.5, True, None):
        assert _refused({"players": ["A", "B"]}, seed=seed).field == "seed"


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
                    | st.sampled_from(["TS01", "TS yang", "NS", "NS1", "Jessy", "act", "over", "AD head"]),
                    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)
FIELDS = st.sampled_from(["players", "active", "phase", "turn", "revealed", "to_place", "draw", "draw_top", "discard",
                          "central", "supply", "second_pile", "end_triggered", "winners", "options", "rulings"])
PLAYER_FIELDS = st.sampled_from(["name", "spirit", "protected", "captures", "patterns", "nian", "tokens", "lotus"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(top=st.dictionaries(FIELDS, JSON, max_size=3), seat=st.dictionaries(PLAYER_FIELDS, JSON, max_size=3))
def test_any_json_gives_a_legal_state_or_a_position_error(top, seat):
    """Whatever JSON fills the fields, loading gives a state that keeps the invariants (beyond-rulebook.txt,
    section "The Celestial Spirit Cards": 80 cards, each in one place) or a PositionError -- never another error."""
    base = _doc_positions()[0]
    base["players"][0] = dict(base["players"][0], **seat)
    base.update(top)
    try:
        state = from_position(base)
    except PositionError:
        return
    state.check_invariants()
    assert from_position(state.position()).position() == state.position()


def test_a_game_set_up_from_a_position_replays_from_its_save():
    """beyond-rulebook.txt, "Set Up": a position is the game's origin; dealing a save again builds
    the same position with the same generator, and the history re-applied gives the same game."""
    from explorer.core.players import make_player, play
    from explorer.core.systems import get

    system = get("beyond")
    state = from_position({"players": ["Jessy", "Sam"]}, seed=3)
    play(state, make_player(system, "patient"), seed=2)
    again = system.dealt(state.to_json())
    for action in state.history:
        again.apply(action)
    assert again.to_json() == state.to_json()
