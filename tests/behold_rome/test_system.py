"""Behold: Rome as a registered system: configurations, saves, replays, and the rules its events cite."""

import json

import pytest

from explorer.behold_rome import actions as A
from explorer.behold_rome import refs
from explorer.behold_rome.game import BeholdRomeState, arranged, new_game
from explorer.core.inputs import InputError
from explorer.core.players import play
from explorer.core.rules import RuleViolation
from explorer.core.systems import get


def test_registered_with_a_configuration_per_difficulty():
    """behold-rome-rulebook.txt, "Difficulty Settings > Game Difficulty Settings": every difficulty is a configuration
    the generic tools play; a wrong configuration names its field."""
    system = get("behold_rome")
    assert {c.get("difficulty") for c in system.configurations.values()} == {"casual", "easy", "normal", "hard",
                                                                             "impossible"}
    assert system.rulebook == "behold-rome-rulebook.txt" and system.refs is refs
    with pytest.raises(InputError, match="variants"):
        system.start({"variants": ["hindsight"]}, 0)
    with pytest.raises(InputError, match="rival"):
        system.start({"variants": ["score-chaser"], "rival": "Carthage"}, 0)
    with pytest.raises(InputError, match="colour"):
        system.start({"colour": "red"}, 0)


def test_a_whole_game_is_12_rounds_of_turns_and_replays_from_its_save():
    """behold-rome-rulebook.txt, "Gameplay": "After working through the deck 12 times, the game ends"; "Rounds": "A
    round consists of multiple turns"; "Turns": "A turn consists of 2 phases"."""
    system = get("behold_rome")
    state = play(system.start({"difficulty": "normal"}, 3), system.players["patient"](), seed=3)
    assert state.is_terminal() and state.round == 12 and state.turn > 12
    rounds = [e for e in state.log if e.kind == "round"]
    assert len(rounds) == 11 and all(e.rule == refs.ROUND_END for e in rounds)
    assert {e.rule for e in state.log if e.kind == "turn"} == {refs.TURNS}
    assert refs.GAMEPLAY.section == "Gameplay" and refs.ROUNDS.section == "Rounds"
    saved = json.loads(json.dumps(state.to_json()))
    again = system.dealt(saved)
    for action in system.load(saved).history:
        again.apply(action)
    assert again.to_json()["data"] == saved["data"]


def test_a_tampered_save_is_refused_with_the_field_named():
    """behold-rome-rulebook.txt, "Holding the Game": a save whose deck breaks the deck as held is refused."""
    saved = new_game(seed=1).to_json()
    bad = json.loads(json.dumps(saved))
    bad["data"]["deck"]["stack"].append(bad["data"]["deck"]["stack"][0])
    with pytest.raises(InputError, match="deck"):
        BeholdRomeState.from_json(bad)
    bad = json.loads(json.dumps(saved))
    bad["data"]["round"] = 13
    with pytest.raises(InputError, match="round"):
        BeholdRomeState.from_json(bad)
    assert BeholdRomeState.from_json(json.dumps(saved)).to_json() == saved


def test_refusals_and_events_cite_the_glossary():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Banner", "> Discard", "> Abandon", "> Controlled Region",
    "> Card types": each refusal and event names the entry it applies."""
    s = arranged([("roads", None)], [("legion", 3)])
    with pytest.raises(RuleViolation) as caught:
        s.check(A.Play("legion"))  # Marian Legions: republic banner, nation monarchy
    assert caught.value.rule == refs.BANNER
    s = arranged([("roads", None)], [("senate", 1), ("villa", 1), ("temple", 1)])
    s.apply(A.Play("senate"))
    s.apply(A.Discard("villa"))
    assert [e.rule for e in s.log if e.kind == "discard"][0] == refs.DISCARD
    s = arranged([("roads", None)], [("temple", 3), ("villa", 2), ("forum", 1), ("senate", 1)], nation_level=2)
    s.apply(A.Play("temple"))  # Pontifex Maximus: degrade 1 -> develop 2 (institution cards)
    s.apply(A.Degrade("villa"))
    with pytest.raises(RuleViolation) as caught:
        s.check(A.Develop("forum"))  # Market Square is a production card
    assert caught.value.rule == refs.DEVELOP and refs.CARD_TYPES.section.endswith("Card types")
    s = arranged([("roads", None), ("villa", 1, "stored")] + [(c, None, "controlled") for c in ("gaul", "greece")]
                 + [("africa", 2, "controlled"), ("hispania", 2, "controlled")], [("legion", 1), ("britannia", 2)])
    assert len(s.civ().in_place("controlled")) == 4
    s.apply(A.Play("legion"))
    s.apply(A.Pay("villa"))
    s.apply(A.Conquer("britannia"))
    s.apply(A.Abandon("greece"))
    assert [e.rule for e in s.log if e.kind == "abandon"] == [refs.ABANDON]
    assert len(s.civ().in_place("controlled")) == 4 and refs.CONTROLLED_REGION.section.endswith("Controlled Region")


def test_the_civ_gives_the_scoring_the_active_levels_keying_icons_and_unrest():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Keying icons": "These have no effect in and of themselves,
    but other cards often refer to them"; "> Unrest": "every uncovered unrest is -2 VP from your score"."""
    s = new_game(seed=2)
    civ = s.civ()
    keys = [k for c in civ.cards for k in civ.cardset.card(c.card_id).level(c.level).keys]
    assert keys, "the active levels show keying icons"
    score = s.score()
    row = next(r for r in score.player if r.kind == "unrest")
    assert row.vp == -2 * score.uncovered_unrest
    assert refs.KEYING_ICONS.section.endswith("Keying icons") and refs.UNREST.section.endswith("Unrest")


def test_a_save_in_the_middle_of_an_action_round_trips_and_a_broken_frame_is_refused():
    """behold-rome-rulebook.txt, "Action Phase": a game saved while a played card resolves continues exactly; a frame
    whose fields are not the ones written is refused, the field named."""
    s = arranged([("roads", None), ("villa", 1, "stored")], [("legion", 1), ("gaul", 1)])
    s.apply(A.Play("legion"))
    saved = json.loads(json.dumps(s.to_json()))
    loaded = BeholdRomeState.from_json(saved)
    loaded.apply(A.Pay("villa"))
    s.apply(A.Pay("villa"))
    assert loaded.to_json() == s.to_json()
    bad = json.loads(json.dumps(saved))
    bad["data"]["frames"][0]["level"] = "one"
    with pytest.raises(InputError, match=r"frames\[0\]\.level"):
        BeholdRomeState.from_json(bad)
    bad = json.loads(json.dumps(saved))
    bad["data"]["frames"][0]["benefits"][0]["value"] = -3
    with pytest.raises(InputError, match="benefits"):
        BeholdRomeState.from_json(bad)


def test_the_solo_players_view_is_asked_like_any_seats():
    """behold-rome-rulebook.txt, "Holding the Game": the player sees his hand, the top card, his stored
    cards and controlled regions, not the deck's order; the generic replay panel asks a view by
    player, which a solo game answers alike."""
    from explorer.core.systems import get

    state = get("behold_rome").new_game(seed=1)
    view = state.view(state.players[0])
    assert view == state.view() and "deck" not in view and len(view["hand"]) <= 5


# -- the conformance invariants (issue 13, "Tests and figures") -------------------------------------
def _invariants(state):
    get("behold_rome").check_invariants(state)


def _broken(state, stack=None, hand=None):
    """The state with its deck replaced by a hand-made one (what no rule could make)."""
    from explorer.behold_rome.deck import Deck

    deck = state._data["deck"]
    state._data["deck"] = Deck(deck.stack if stack is None else stack, deck.hand if hand is None else hand)
    return state


def test_the_invariants_hold_through_whole_games_and_see_the_draw_stopped_by_the_nation_card():
    """behold-rome-rulebook.txt, "End of Turn Phase" ("Draw cards to fill your hand up to 5") and "Round End"
    (revealing the nation card stops the draw): after every action of a whole game the invariants hold; some
    turns end on a short hand, each time with the nation card on top."""
    from explorer.core.players import make_player
    from explorer.core.rng import SeededRng

    system = get("behold_rome")
    short = full = 0
    for seed in range(3):
        state, player, rng = system.start({"difficulty": "hard"}, seed), make_player("behold_rome", "patient"), SeededRng(seed)
        while not state.is_terminal():
            state.apply(player.choose(state, rng))
            _invariants(state)
            if state.log[-1].kind == "turn":
                if len(state.hand) < 5:
                    short += 1
                    assert state.log[-2].kind in ("nation-revealed", "stop-drawing")
                else:
                    full += 1
        assert state.round == 11
    assert short and full


def test_a_lost_or_doubled_card_is_caught():
    """behold-rome-rulebook.txt, "Components": 16 civ cards, 1 nation card, 1 round card, 1 age card -- all of them,
    each once, all game long."""
    state = new_game(seed=1)
    with pytest.raises(AssertionError, match="not conserved"):
        _invariants(_broken(state.copy(), stack=state.deck.stack[1:]))
    with pytest.raises(ValueError, match="not conserved"):
        _invariants(_broken(state.copy(), stack=state.deck.stack + [list(state.deck.stack[0])]))


def test_too_many_stored_or_controlled_and_cards_behind_the_controlled_regions_are_caught():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Slot" (4 storage slots, 4 control slots) and "Holding
    the Game": "Controlled regions always stay in the very back ... put it to the back of the deck (but in front of
    any controlled regions)"."""
    from explorer.behold_rome.position import from_position

    state = from_position("stack: nation, ..., Levy (stored), Senate (stored), Forum (stored), Aqueduct (stored), "
                          "Cisalpine Gaul (controlled)")
    _invariants(state)
    stack = state.deck.stack
    fifth = [e if e[0] != "roads" else ["roads", e[1], "stored"] for e in stack]
    with pytest.raises(ValueError, match="5 stored"):
        _invariants(_broken(state.copy(), stack=fifth))
    behind = stack[:-2] + [stack[-1], stack[-2]]  # a stored card behind the controlled region
    with pytest.raises(ValueError, match="very back"):
        _invariants(_broken(state.copy(), stack=behind))
    not_region = [e if e[0] != "gaul" else ["gaul", 4, "controlled"] for e in stack]  # Gallic Tribute
    with pytest.raises(AssertionError, match="tributary level"):
        _invariants(_broken(state.copy(), stack=not_region))


def test_a_short_hand_after_the_turns_draw_is_caught_unless_the_nation_card_stopped_it():
    """behold-rome-rulebook.txt, "End of Turn Phase": "Draw cards to fill your hand up to 5"; "Round End": the
    nation card revealed while drawing stops the draw."""
    from explorer.behold_rome.position import from_position

    state = from_position("hand: Levy, Senate, Forum\nstack: Farmsteads, nation, ...")
    state.apply(A.EndTurn("legion"))  # Farmsteads is drawn, then the nation card is revealed
    assert state.log[-2].kind == "nation-revealed" and len(state.hand) == 3
    _invariants(state)
    state = from_position("hand: Levy, Senate, Forum, Aqueduct, Shrine\nstack: Farmsteads, Dirt Tracks, nation, ...")
    state.apply(A.EndTurn("legion"))
    _invariants(state)
    assert len(state.hand) == 5
    hand = state.deck.hand
    with pytest.raises(AssertionError, match="4 cards in the hand"):
        _invariants(_broken(state.copy(), stack=[hand[0] + [""]] + state.deck.stack, hand=hand[1:]))
    stopped = from_position("hand: Levy, Senate, Forum\nstack: Farmsteads, nation, ...")
    stopped.apply(A.EndTurn("legion"))
    stack = stopped.deck.stack
    with pytest.raises(AssertionError, match="not the top card"):  # the nation card moved after stopping the draw
        _invariants(_broken(stopped, stack=stack[3:4] + stack[:3] + stack[4:]))


def test_a_game_that_ends_before_its_last_round_is_caught():
    """behold-rome-rulebook.txt, "Gameplay" (12 rounds) and "Difficulty Settings" (hard: 11 rounds): the game
    ends at the end of the difficulty's last round, not before."""
    from explorer.behold_rome.position import from_position

    over = from_position("difficulty: hard\nround: 11\nphase: over\nstack: nation, ...")
    _invariants(over)
    early = from_position("difficulty: hard\nround: 10\nstack: nation, ...")
    early._data["over"] = True
    with pytest.raises(AssertionError, match="round 10, not 11"):
        _invariants(early)


def test_the_greedy_and_planner_players_are_registered_and_simulate():
    """behold-rome-rulebook.txt, "Scoring" (the players aim at a higher score than the rival civ's): the
    greedy player and the planner are player kinds of the system, so ``simulate`` plays them by name; the
    registered planner searches one sampled order a decision, so a game stays quick; the same seed gives the
    same games."""
    from explorer.behold_rome.planner import PlannerPlayer
    from explorer.behold_rome.players import GreedyPlayer
    from explorer.behold_rome.system import PLANNER_ITERATIONS
    from explorer.core.players import make_player, players_of
    from explorer.core.simulate import simulate

    kinds = players_of("behold_rome")
    assert {"patient", "eager", "greedy", "planner", "uniform"} <= set(kinds)
    assert isinstance(make_player("behold_rome", "greedy"), GreedyPlayer)
    planner = make_player("behold_rome", "planner")
    assert isinstance(planner, PlannerPlayer) and planner.iterations == PLANNER_ITERATIONS == 1
    frame = simulate("behold_rome", 2, "hard", players="greedy", seed=7, check_invariants=True)
    again = simulate("behold_rome", 2, "hard", players="greedy", seed=7)
    assert list(frame["rounds"]) == [11, 11] and frame.equals(again)
    planned = simulate("behold_rome", 1, "impossible", players="planner", seed=2)
    assert list(planned["rounds"]) == [10] and planned["vp"].notna().all()
