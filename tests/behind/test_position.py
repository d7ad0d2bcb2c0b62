"""Positions of Behind set up by hand (explorer.behind.position; docs/positions-behind.md).

The worked example loads and means what it says; every field has its default; every error names
its field and, when a rule is broken, the rule (sections of behind-2003-rulebook.txt); positions
written back by ``state.position()`` load to an equal position over states of random seeded games;
hostile inputs give PositionError and never another exception.
"""

from __future__ import annotations

import copy
import json
import math
import re
from pathlib import Path

import pytest

from explorer.behind import actions as A
from explorer.behind import refs
from explorer.behind.data import load_decks
from explorer.behind.game import BehindState, GameOptions, new_game
from explorer.behind.players import game_options, make_player
from explorer.behind.position import PositionError, from_position
from explorer.behind.replay import replay
from explorer.core.rng import SeededRng

DOC = Path(__file__).resolve().parents[2] / "docs" / "positions-behind.md"
LUDWIG, SAHRA = "Ludwig von Auenstedt", "Sahra Jeanette"
VAMPIRE, SISTERS = "Vampire", "Schwesternbund"


def example() -> dict:
    """The worked example of docs/positions-behind.md (its first JSON block)."""
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, "docs/positions-behind.md has no ```json block"
    return json.loads(block.group(1))


def short() -> dict:
    """A small legal position to break in the error tests."""
    return {"players": [{"deck": "vampire", "hand": ["V01", "V09"]}, {"deck": "schwesternbund"}],
            "table": {"obstacles": [], "chips": [{"character": SAHRA, "x": 60, "y": 47, "facing": 90},
                                                 {"character": LUDWIG, "x": 60, "y": 44, "facing": 90}]}}


# ---------------------------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------------------------
def test_the_example_has_ludwig_touching_sahra_in_her_rear_arc():
    """Viewing Angle (Sichtwinkel): "If a character touches an enemy character chip in the 90º angle
    opposite the viewing angle, he receives a bonus of +1 to his melee value"."""
    game = from_position(example())
    table = game.table
    assert table.touching(LUDWIG, SAHRA) and table.in_rear_arc(LUDWIG, SAHRA) and table.rear_bonus(LUDWIG, SAHRA) == 1
    assert not table.in_rear_arc(SAHRA, LUDWIG)
    assert [c.id for c in game.hand(VAMPIRE)] == ["V01", "V09"]
    assert [c.id for c in game.piles(VAMPIRE).discard] == ["V03", "N01", "V12"]
    assert (game.phase, game.current_player, game.actions_left, game.turn) == ("action", VAMPIRE, 1, 1)
    assert game.table.obstacles == game.scenario.obstacles  # left out: the scenario's default layout


def test_the_example_is_playable_and_the_melee_counts_the_rear_bonus():
    """Melee Combat (Nahkampf): Strength + hand card + supply card; +1 from the rear arc (Viewing Angle)."""
    game = from_position(example())
    attack = A.Melee(LUDWIG, SAHRA, card="V01")
    assert attack in game.legal_actions()
    events = game.apply(attack)
    melee = next(e for e in events if e.kind == "action")
    assert melee.data["base"] == game.character(LUDWIG).current_strength + 1
    assert game.phase == "defend" and game.current_player == SISTERS
    saved = game.to_json()
    assert BehindState.from_json(saved).to_json() == saved


def test_characters_without_a_chip_are_eliminated():
    """The Beginning: every character of the deck is laid out with his chip; Injuries (Verletzungen):
    an eliminated character's "chip and his card are removed from the game" -- so a deck character
    without a chip is eliminated, and position() lists him."""
    game = from_position(example())
    assert game.characters_of(VAMPIRE) == [LUDWIG] and game.characters_of(SISTERS) == [SAHRA]
    assert len(game.characters_of(VAMPIRE, alive=False)) == 4
    written = game.position()
    assert set(written["players"][0]["eliminated"]) == set(game.characters_of(VAMPIRE, alive=False)) - {LUDWIG}


# ---------------------------------------------------------------------------------------------
# Defaults
# ---------------------------------------------------------------------------------------------
def test_left_out_piles_are_the_rest_of_the_deck_shuffled_by_the_seed():
    """The Beginning: "each player shuffles his remaining cards ... his own draw pile, the so-called
    supply" and "draws five cards from his supply" (the hand size of Large Battles up to 30 CP)."""
    deck = load_decks()["schwesternbund"]
    one, again, other = (from_position(short(), seed=s) for s in (4, 4, 5))
    piles = one.piles(SISTERS)
    assert len(piles.hand) == 5 and len(piles.hand) + len(piles.supply) == deck.size and not piles.discard
    assert sorted(c.id for c in piles.all_cards()) == sorted(c.id for c in deck.cards)
    assert [c.id for c in again.piles(SISTERS).supply] == [c.id for c in piles.supply]
    assert [c.id for c in other.piles(SISTERS).supply] != [c.id for c in piles.supply]
    vampire = one.piles(VAMPIRE)
    assert [c.id for c in vampire.hand] == ["V01", "V09"] and len(vampire.supply) == load_decks()["vampire"].size - 2


def test_given_supply_and_left_out_hand_gives_the_hand_the_rest():
    """Hand Cards, Supply and Discard Pile: every card lies in one pile; the supply's top card first."""
    deck = [c.id for c in load_decks()["vampire"].cards]
    position = short()
    position["players"][0] = {"deck": "vampire", "supply": deck[3:], "discard": [deck[0]]}
    game = from_position(position)
    assert [c.id for c in game.hand(VAMPIRE)] == deck[1:3]
    assert [c.id for c in game.piles(VAMPIRE).supply] == deck[3:]


def test_defaults_of_phase_turn_actions_and_obstacles():
    """The Course of the Game / II. Action Phase: three actions per turn (Large Battles up to 30 CP)."""
    position = short()
    del position["table"]["obstacles"]
    game = from_position(position)
    assert (game.phase, game.active_player, game.turn, game.actions_left) == ("action", VAMPIRE, 1, 3)
    assert game.table.obstacles == game.scenario.obstacles and len(game.table.obstacles) == 6
    assert "obstacles" not in game.position()["table"]
    assert from_position(short()).table.obstacles == ()


def test_obstacle_shapes_and_standing_on_a_flat_one():
    """Terrain and Climbing (Gelände & Klettern): a chip stands on a flat obstacle it has room on."""
    position = short()
    position["table"]["obstacles"] = [
        {"name": "roof", "shape": "box", "x": 50, "y": 40, "width": 8, "depth": 8, "height": 3, "flat": True},
        {"name": "well", "shape": "circle", "x": 20, "y": 20, "radius": 3, "height": 5},
        {"name": "wall", "points": [[90, 10], [92, 10], [92, 30], [90, 30]], "height": 4},
    ]
    position["table"]["chips"].append({"character": "Konrad der Bleiche", "x": 54, "y": 44})
    game = from_position(position)
    assert game.table.standing_on("Konrad der Bleiche") == ("roof",)
    written = game.position()
    assert [o["shape"] for o in written["table"]["obstacles"]] == ["polygon"] * 3
    assert from_position(written).table == game.table


def test_the_jewel_defaults_to_the_middle_players_first_chip():
    """"Das Juwel von Athen" ("The Jewel of Athens"): the player in the middle names one of his characters
    to carry it."""
    position = {"scenario": "juwel_von_athen", "table": {"obstacles": [], "chips": [
        {"character": "Bruder Anselm", "x": 60, "y": 60}, {"character": "Kira Mondläuferin", "x": 20, "y": 20},
        {"character": "Die Graue Frau", "x": 100, "y": 100}]},
        "players": [{"deck": "tempelritter"}, {"deck": "werwoelfe"}, {"deck": "geister"}]}
    game = from_position(position)
    assert game.jewel_bearer() == "Bruder Anselm" and game.data.roles["Tempelritter"] == "middle"
    position["jewel"] = {"x": 30.5, "y": 40}
    assert from_position(position).data.jewel == ("ground", 30.5, 40.0)


def test_frightened_transformed_permanents_and_a_pending_decision():
    """Schrecken: the victim "cannot act in his next turn"; Wandler: Strength +3, Resistance +1;
    Special Card Effect: an item is carried by its bearer; Melee Combat: the defender decides."""
    position = short()
    position["table"]["chips"].append({"character": "Konrad der Bleiche", "x": 30, "y": 30})
    position["table"]["chips"].append({"character": "Schwester Agathe", "x": 90, "y": 30})
    position.update(frightened=["Schwester Agathe", "Konrad der Bleiche"], transformed=["Konrad der Bleiche"],
                    permanents=[{"card": "V07", "bearer": LUDWIG}, "V05"],
                    pending={"kind": "defend", "attacker": LUDWIG, "defender": SAHRA, "value": 11}, actions_left=2)
    game = from_position(position)
    assert not game.can_act("Konrad der Bleiche") and game.can_act(LUDWIG)  # frightened in his own turn
    assert game.frightened_now("Schwester Agathe") and game.data.frightened["Schwester Agathe"] == game.turn
    assert game.character("Konrad der Bleiche").strength == load_decks()["vampire"].characters[2].strength + 3
    assert [p.card for p in game.items_of(LUDWIG)] == ["V07"] and len(game.piles(VAMPIRE).in_play) == 2
    assert (game.phase, game.current_player) == ("defend", SISTERS)
    assert any(a.kind == "defend" for a in game.legal_actions())
    assert from_position(game.position()).position() == game.position()


# ---------------------------------------------------------------------------------------------
# Errors: the field, and the rule when one is broken
# ---------------------------------------------------------------------------------------------
def _chip(position, i):
    return position["table"]["chips"][i]


ERRORS = {
    # name: (change, field, rule)
    "chips overlap": (lambda p: _chip(p, 1).update(y=45.5), "table.chips[1]", refs.MOVEMENT),
    "chip off the table": (lambda p: _chip(p, 0).update(x=119.0), "table.chips[0]", refs.MOVEMENT),
    "chip in an obstacle": (lambda p: p["table"].update(obstacles=[{"name": "wall", "x": 58, "y": 46, "width": 4,
                                                                     "depth": 1, "height": 3}]),
                            "table.chips[0]", refs.TERRAIN),
    "card in two places": (lambda p: p["players"][0].update(hand=["V05", "V05"]), "players[0].hand[1]",
                           refs.HAND_SUPPLY_DISCARD),
    "card in hand and discard": (lambda p: p["players"][0].update(discard=["V10"], hand=["V10"]),
                                 "players[0].discard[0]", refs.HAND_SUPPLY_DISCARD),
    "card not in the deck": (lambda p: p["players"][0].update(hand=["S01"]), "players[0].hand[0]",
                             refs.THE_BEGINNING),
    "unknown card": (lambda p: p["players"][0].update(hand=["XX99"]), "players[0].hand[0]", None),
    "piles leave out cards": (lambda p: p["players"][0].update(supply=["V02"]), "players[0].supply",
                              refs.HAND_SUPPLY_DISCARD),
    "empty supply beside a discard pile": (
        lambda p: p.update(players=[{"deck": {"characters": ["ludwig-von-auenstedt"], "cards": {"V01": 2}},
                                     "hand": ["V01"], "supply": [], "discard": ["V01"]}, p["players"][1]]),
        "players[0].supply", refs.SUPPLY_PHASE),
    "too many hand cards": (
        lambda p: p.update(players=[{"deck": {"characters": ["ludwig-von-auenstedt"], "cards": {"V01": 3, "V03": 3}},
                                     "hand": ["V01"] * 3 + ["V03"] * 3}, p["players"][1]]),
        "players[0].hand", refs.SUPPLY_PHASE),
    "too few hand cards at the start of a turn": (lambda p: p.update(phase="organisation"), "players[0].hand",
                                                  refs.SUPPLY_PHASE),
    "character of the other deck": (lambda p: _chip(p, 0).update(player=VAMPIRE), "table.chips[0].player",
                                    refs.THE_BEGINNING),
    "character of no deck": (lambda p: _chip(p, 0).update(character="Kira Mondläuferin"),
                             "table.chips[0].character", refs.THE_BEGINNING),
    "unknown character": (lambda p: _chip(p, 0).update(character="Nobody"), "table.chips[0].character", None),
    "a chip twice": (lambda p: _chip(p, 1).update(character=SAHRA, y=20), "table.chips[1].character",
                     refs.THE_BEGINNING),
    "three injuries on the table": (lambda p: _chip(p, 0).update(injuries=3), "table.chips[0].injuries",
                                    refs.INJURIES),
    "negative injuries": (lambda p: _chip(p, 0).update(injuries=-1), "table.chips[0].injuries", refs.INJURIES),
    "injuries in words": (lambda p: _chip(p, 0).update(injuries="two"), "table.chips[0].injuries", None),
    "eliminated on the table": (lambda p: p["players"][1].update(eliminated=[SAHRA]), "players[1].eliminated[0]",
                                refs.INJURIES),
    "eliminated incomplete": (lambda p: p["players"][1].update(eliminated=["Seherin Ilse"]), "players[1].eliminated",
                              refs.INJURIES),
    "unknown phase": (lambda p: p.update(phase="supply"), "phase", refs.COURSE_OF_GAME),
    "setup phase": (lambda p: p.update(phase="deployment"), "phase", refs.THE_BEGINNING),
    "unknown acting player": (lambda p: p.update(active="Geister"), "active", None),
    "too many actions": (lambda p: p.update(actions_left=4), "actions_left", refs.ACTION_PHASE),
    "no action left": (lambda p: p.update(actions_left=0, turned=[LUDWIG]), "actions_left", refs.ACTION_PHASE),
    "too many Moments owed": (lambda p: p["players"][1].update(moments_owed=4), "players[1].moments_owed",
                              refs.MOMENTS),
    "acting player owes Moments": (lambda p: p["players"][0].update(moments_owed=1), "players[0].moments_owed",
                                   refs.MOMENTS),
    "transformed without Wandler": (lambda p: p.update(transformed=[LUDWIG]), "transformed[0]", refs.WANDLER),
    "frightened but eliminated": (lambda p: p.update(frightened=["Seherin Ilse"]), "frightened[0]", refs.INJURIES),
    "turned an enemy": (lambda p: p.update(turned=[SAHRA]), "turned[0]", refs.VIEWING_ANGLE),
    "not a permanent card": (lambda p: p.update(permanents=["V01"]), "permanents[0].card", refs.SPECIAL_CARD_EFFECT),
    "item without bearer": (lambda p: p.update(permanents=["V07"]), "permanents[0].bearer", refs.SPECIAL_CARD_EFFECT),
    "item on an enemy": (lambda p: p.update(permanents=[{"card": "V07", "bearer": SAHRA}]), "permanents[0].bearer",
                         refs.SPECIAL_CARD_EFFECT),
    "place with a bearer": (lambda p: p.update(permanents=[{"card": "V05", "bearer": LUDWIG}]),
                            "permanents[0].bearer", refs.SPECIAL_CARD_EFFECT),
    "permanent in hand too": (lambda p: p.update(permanents=["V05"]) or p["players"][0].update(hand=["V05"]),
                              "players[0].hand[0]", refs.HAND_SUPPLY_DISCARD),
    "jewel in Unser Revier": (lambda p: p.update(jewel=LUDWIG), "jewel", refs.JUWEL_VON_ATHEN),
    "three players in Unser Revier": (lambda p: p["players"].append({"deck": "geister"}), "players",
                                      refs.UNSER_REVIER),
    "unknown scenario": (lambda p: p.update(scenario="schach"), "scenario", refs.SCENARIOS),
    "unknown deck": (lambda p: p["players"][0].update(deck="../../etc/passwd"), "players[0].deck", None),
    "the game is already over": (lambda p: p["table"]["chips"].pop(0), "table.chips", refs.UNSER_REVIER),
    "winner of a running game": (lambda p: p.update(winner=VAMPIRE), "winner", refs.THE_END),
    "winner without characters": (lambda p: p.update(phase="over", winner="Nobody"), "winner", None),
    "arranging cards not on top": (lambda p: p.update(pending={"kind": "arrange", "cards": ["V01"]}),
                                   "pending.cards", refs.HELLSICHT),
    "defending against one's own": (lambda p: p.update(pending={"kind": "defend", "attacker": LUDWIG,
                                                                "defender": LUDWIG, "value": 3}),
                                    "pending.defender", refs.MELEE),
    "decision in the organisation phase": (
        lambda p: p.update(phase="organisation", pending={"kind": "dodge", "shooter": LUDWIG, "target": SAHRA,
                                                          "value": 3}) or p["players"][0].pop("hand"),
        "pending", refs.COURSE_OF_GAME),
    "unknown field": (lambda p: p.update(supply=[]), "supply", None),
    "unknown chip field": (lambda p: _chip(p, 0).update(height=2), "table.chips[0].height", None),
    "two players of one name": (lambda p: p["players"][1].update(name=VAMPIRE), "players[1].name", None),
    "a role twice": (lambda p: [pl.update(role="edge") for pl in p["players"]], "players[1].role", refs.UNSER_REVIER),
    "a character twice in a deck": (lambda p: p["players"][0].update(
        deck={"characters": ["ludwig-von-auenstedt", LUDWIG], "cards": {"V01": 5}}, hand=None) or
        p["players"][0].pop("hand"), "players[0].deck.characters[1]", refs.OWN_DECKS),
    "bad card definition": (lambda p: p.update(cards={"X1": {"fate": 3, "category": "Schwert"}}), "cards.X1.category",
                            refs.SPECIAL_CARD_EFFECT),
    "bad ability": (lambda p: p.update(characters=[{"name": "Neu", "strength": 2, "abilities": ["Fliegen 3+"]}]),
                    "characters[0]", refs.ABILITIES),
}


@pytest.mark.parametrize("name", list(ERRORS))
def test_every_error_names_its_field_and_rule(name):
    """Each refusal names the field and, when the position breaks a rule, its section of
    behind-2003-rulebook.txt (the rules named in each case: Movement, Terrain and Climbing, Hand
    Cards, Supply and Discard Pile, III. Supply Phase, The Beginning, Injuries, II. Action Phase,
    Moments, Wandler, Special Card Effect, "Das Juwel von Athen", The End ...)."""
    change, where, rule = ERRORS[name]
    position = short()
    assert from_position(copy.deepcopy(position)) is not None  # the unchanged position is legal
    change(position)
    with pytest.raises(PositionError) as caught:
        from_position(position)
    error = caught.value
    assert error.field == where, f"{name}: field {error.field!r}, expected {where!r}: {error}"
    assert error.rule == rule, f"{name}: rule {error.rule}, expected {rule}: {error}"
    if rule is not None:
        assert rule.section in str(error) and refs.RULEBOOK in str(error)


def test_positions_of_the_setup_are_refused():
    """The Beginning: the chips are placed during the setup, so a setup is no position."""
    game = new_game(list(load_decks().values())[:2], "unser_revier", setup="manual")
    with pytest.raises(PositionError) as caught:
        game.position()
    assert caught.value.rule == refs.THE_BEGINNING


# ---------------------------------------------------------------------------------------------
# Round trip over random games
# ---------------------------------------------------------------------------------------------
def _random_games(count: int, every: int):
    """States of seeded random games, every ``every``-th and the last: both scenarios, all decks."""
    decks = load_decks()
    ids = sorted(decks)
    for g in range(count):
        scenario = "juwel_von_athen" if g % 3 == 1 else "unser_revier"
        chosen = [decks[ids[(g + 2 * j) % len(ids)]] for j in range(3 if scenario == "juwel_von_athen" else 2)]
        state = new_game(chosen, scenario, seed=100 + g, setup="random" if g % 4 == 2 else "auto",
                         options=game_options(chosen, 4 + g % 5))
        player, rng = make_player("random"), SeededRng(100 + g)
        step = 0
        while True:
            if step % every == 0 or state.is_terminal():
                yield g, step, state
            if state.is_terminal():
                break
            state.apply(player.choose(state, rng))
            step += 1


def test_round_trip_over_states_of_random_games():
    """``from_position(state.position())`` writes the same position back, with the same table,
    piles, phase and player to act, and is a playable state (The Course of the Game)."""
    seen = set()
    for g, step, state in _random_games(14, 4):
        written = state.position()
        json.dumps(written, allow_nan=False)  # plain JSON
        built = from_position(written, seed=g, options=state.options)
        assert built.position() == written, f"game {g} step {step}"
        assert built.table == state.table and built.phase == state.phase
        assert built.current_player == state.current_player and built.winner == state.winner
        for player in state.players:
            assert ({z: [c.id for c in cards] for z, cards in built.piles(player).zones.items()}
                    == {z: [c.id for c in cards] for z, cards in state.piles(player).zones.items()})
        seen.add(state.phase)
        seen.update(k for k in ("permanents", "pending", "jewel", "turned") if k in written)
        if step % 12 == 0 and not built.is_terminal():
            legal = list(built.legal_actions())
            assert legal
            built.apply(legal[0])
            saved = built.to_json()
            assert BehindState.from_json(saved).to_json() == saved
    assert {"action", "over", "permanents", "jewel"} <= seen


def test_a_game_from_a_position_replays_from_its_origin():
    """The Course of the Game: a game is its sequence of actions -- from the position it started at."""
    game = from_position(example(), seed=3)
    assert game.origin["position"] == example() and game.origin["seed"] == 3
    player, rng = make_player("random"), SeededRng(8)
    for _ in range(25):
        if game.is_terminal():
            break
        game.apply(player.choose(game, rng))
    again = replay(json.loads(json.dumps(game.to_json())))
    assert again.final.to_json() == game.to_json()
    assert len(again.states) == len(game.history) + 1


def test_options_choose_the_hand_size():
    """Large Battles (Große Schlachten): from 31 CP six hand cards and four actions."""
    game = from_position(short(), options=GameOptions(character_points=40))
    assert len(game.hand(SISTERS)) == 6 and game.actions_left == 4


# ---------------------------------------------------------------------------------------------
# Hostile inputs
# ---------------------------------------------------------------------------------------------
HOSTILE = [
    "", "not json", "[]", "null", "42", '"text"', "{" * 100_000, "[" * 5_000 + "]" * 5_000,
    '{"players": NaN}', '{"players": [{"deck": "vampire"}, {"deck": "schwesternbund"}], "turn": Infinity}',
    '{"turn": 1e999, "players": []}', '{"turn": ' + "9" * 5000 + "}", "x" * 1_000_001,
    {"system": "beyond"}, {"players": "vampire"}, {"players": [1, 2]}, {"players": [{"deck": 7}, {"deck": None}]},
    {"players": [{"deck": {"characters": "ludwig", "cards": {}}}, {"deck": "geister"}]},
    {"players": [{"deck": {"characters": [], "cards": {"V01": 10 ** 400}}}, {"deck": "geister"}]},
    {"players": [{"deck": {"characters": [], "cards": {"V01": -1}}}, {"deck": "geister"}]},
    {"players": [{"deck": {"characters": [[]], "cards": []}}, {"deck": "geister"}]},
]


def _mutations():
    """Positions with one field replaced by a hostile value (wrong types, NaN, huge numbers, unknown ids)."""
    values = [None, True, -1, 0, 10 ** 30, 1e308, float("nan"), float("inf"), -0.0, "", "V01", "Nobody", [], {},
              [None], {"x": 1}, ["V01"] * 50, [[0, 0], [1, 1]], "Ludwig von Auenstedt", 3.5, {"kind": "defend"}]
    base = example()
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                paths.append(path + (k,))
                walk(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                paths.append(path + (i,))
                walk(v, path + (i,))

    walk(base, ())
    extra = [("pending",), ("permanents",), ("jewel",), ("frightened",), ("transformed",), ("turned",),
             ("cards",), ("characters",), ("winner",), ("table", "obstacles"), ("table", "width"),
             ("players", 1, "supply"), ("players", 0, "eliminated"), ("players", 0, "moments_owed")]
    for path in paths + extra:
        for value in values:
            position = copy.deepcopy(base)
            node = position
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = copy.deepcopy(value)
            yield path, value, position


@pytest.mark.parametrize("data", HOSTILE, ids=lambda d: repr(d)[:40])
def test_hostile_inputs_give_position_errors(data):
    """A position never trusts its input: every bad one is a PositionError naming where."""
    with pytest.raises(PositionError):
        from_position(data)


def test_every_mutated_field_loads_legally_or_is_refused():
    """Each field of the worked example replaced by hostile values: either a legal, playable state
    (its invariants hold) or a PositionError -- never another exception."""
    refused = loaded = 0
    for path, value, position in _mutations():
        try:
            game = from_position(position)
        except PositionError as error:
            assert isinstance(error.field, str)
            refused += 1
            continue
        except Exception as error:  # pragma: no cover - the failure message
            raise AssertionError(f"{path} = {value!r}: {type(error).__name__}: {error}") from error
        game.check_invariants()
        assert math.isfinite(game.table.width)
        loaded += 1
    assert refused > 100 and loaded > 10


def test_wrong_seed_and_options():
    with pytest.raises(PositionError) as caught:
        from_position(short(), seed=-1)
    assert caught.value.field == "seed"
    with pytest.raises(TypeError):
        from_position(short(), options={"character_points": 30})


def test_no_action_left_is_the_free_turn_window_while_a_chip_may_turn():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": a character may be turned "once
    in his own turn, at any time and without spending an action" -- with no action left the turn waits
    while the acting player may still turn a chip (ruling behind.action-phase-end, "free-turn-window")."""
    position = short()
    position.update(actions_left=0)
    game = from_position(position)
    assert game.actions_left == 0 and game.current_player == game.players[0]
    assert {a.kind for a in game.legal_actions()} <= {"turn", "end-turn"}
