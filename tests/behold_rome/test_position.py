"""Behold: Rome positions written by hand (explorer.behold_rome.position, docs/positions-behold_rome.md):
the deck as held read from a dict, its JSON text or the line format, refused with the line, field,
value and rule when it could not be held, written back equal (issue 13)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.behold_rome import actions as A
from explorer.behold_rome.game import BeholdRomeState, shipped_cards
from explorer.behold_rome.position import from_position, origin, parse_text, position_text, to_position
from explorer.core.inputs import InputError
from explorer.core.players import make_player
from explorer.core.positions import PositionError
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation
from explorer.core.systems import get, load_all
from tests.corruptions import HOW, VALUES, corrupt

load_all()

EXAMPLE = """\
# round 3 of a normal game: a stored card is about to come back (docs/positions-behold_rome.md)
difficulty: normal
rival: Carthage
round: 3
nation_level: republic
turn: 17
phase: draw
hand: Levy, Senate, Iberian Mines, Nile Granaries
stack:
  Forum
  Aqueduct (stored)
  nation
  ...
  Hadrian's Wall (stored)
  Cisalpine Gaul (controlled)
  Africa (controlled)
"""


def _games(count: int, steps_between: int = 1):
    """Positions along seeded random games of every conformance configuration."""
    system = get("behold_rome")
    for k in range(count):
        spec = system.conformance(k)
        state = system.start(spec["config"], spec["seed"])
        player, rng = make_player("behold_rome", spec["players"][0]), SeededRng(k)
        step = 0
        while True:
            if step % steps_between == 0:
                yield state
            if state.is_terminal():
                break
            state.apply(player.choose(state, rng))
            step += 1


def test_the_rulebooks_stored_card_comes_back_when_drawn_past():
    """behold-rome-rulebook.txt, "Holding the Game": "If a stored card ever becomes the top card of the deck,
    rotate it upright ... When drawing cards, you can always choose to stop drawing cards to avoid drawing a
    card that would cause a stored card to become un-stored."  The position: Forum on top, Aqueduct stored
    behind it, four cards in the hand, the end of turn's draw waiting."""
    state = from_position(EXAMPLE)
    assert state.phase == "draw" and state.round == 3 and state.turn == 17
    assert state.cardset.nation.level(state.nation_level).status == "republic"
    deck = state.deck
    assert deck.top == ["forum", 2, ""] and deck.stack[1] == ["aqueduct", 2, "stored"]
    assert [e[0] for e in deck.stack[2:5]] == ["nation", "round", "age"]
    assert [e[0] for e in deck.controlled()] == ["gaul", "africa"] and deck.stack[-3] == ["britannia", 3, "stored"]
    assert len(deck.stack) + len(deck.hand) == 19
    kept = state.copy()
    kept.apply(A.StopDrawing())
    assert kept.deck.stack[1][2] == "stored" and kept.phase == "action"
    state.apply(A.Draw())
    assert state.deck.top[:2] == ["aqueduct", 2] and state.deck.top[2] == ""
    assert "forum" in state.hand


def test_the_example_loads_as_an_ordinary_game():
    """behold-rome-rulebook.txt, "Turns": a position is a game like any other -- legal actions, apply, undo,
    save and load, the invariants; its log's first event records the position and the seed."""
    state = from_position(EXAMPLE, seed=4)
    get("behold_rome").check_invariants(state)
    assert origin(state) == {"position": to_position(state), "seed": 4}
    again = BeholdRomeState.from_json(json.dumps(state.to_json()))
    assert to_position(again) == to_position(state)
    before = to_position(state)
    state.apply(next(iter(state.legal_actions())))
    state.undo()
    assert to_position(state) == before


def test_the_three_forms_read_the_same_position():
    """The line format, the dict it stands for and that dict's JSON text are one position."""
    as_dict, lines = parse_text(EXAMPLE)
    assert lines["stack[1]"] == 11 and lines["hand"] == 8
    one, two, three = from_position(EXAMPLE), from_position(as_dict), from_position(json.dumps(as_dict))
    assert to_position(one) == to_position(two) == to_position(three)
    assert to_position(from_position(position_text(one))) == to_position(one)


def test_positions_along_random_games_come_back_equal():
    """Every state of seeded random games, every phase (action, costs, benefits, draw, over): the position
    it writes loads a state with the same deck, round, frames and legal actions, in both formats."""
    phases = set()
    for state in _games(12, steps_between=3):
        written = to_position(state)
        back = from_position(written)
        assert to_position(back) == written
        assert to_position(from_position(position_text(state))) == written
        assert back.to_json()["data"] == state.to_json()["data"]
        assert sorted(map(repr, back.legal_actions())) == sorted(map(repr, state.legal_actions()))
        phases.add(state.phase)
    assert phases == {"action", "costs", "benefits", "draw", "over"}


def test_the_cards_named_nowhere_are_shuffled_with_the_seed():
    """behold-rome-rulebook.txt, "Setup": unnamed civ cards at their starting levels, shuffled; the same seed
    gives the same order."""
    a, b = from_position("stack: nation, ...", seed=1), from_position("stack: nation, ...", seed=1)
    c = from_position("stack: nation, ...", seed=2)
    assert a.deck == b.deck and a.deck != c.deck
    assert all(e[1] == shipped_cards().card(e[0]).starting_level for e in a.deck.stack[3:])


@pytest.mark.parametrize("text,where,words,rule", [
    ("stack: nation, ...\nround: 13", "round", "from 1 to 12", None),
    ("stack: nation, ...\ndifficulty: hard\nround: 12", "round", "from 1 to 11", None),
    ("stack: nation, ...\nnation_level: kingdom", "nation_level", "status", "Nation card"),
    ("stack: nation, ...\ndifficulty: brutal", "difficulty", "casual", None),
    ("stack: nation, ...\nvariants: foresight, lookahead", "variants[1]", "fluid-rounds", None),
    ("stack: nation, ...\nrival: Gaul", "rival", "Carthage", None),
    ("stack: nation, Aegyptos, ...", "stack[1]", "Aegyptus", None),
    ("stack: nation, egypt@5, ...", "stack[1]", "level 1-4", "Level"),
    ("stack: nation, Aegyptus, Alexandria, ...", "stack[2]", "two places", "Components"),
    ("stack: nation, Levy\nhand: Senate", "stack", "named nowhere", "Components"),
    ("stack: Levy, ...", "stack", "nation card", "Holding the Game"),
    ("stack: Levy (stored), nation, ...", "stack[0]", "top card is never stored", "Holding the Game"),
    ("stack: nation, Africa (controlled), ...", "stack", "very back", "Controlled Region"),
    ("stack: nation, ..., Levy (controlled)", "stack[2]", "region", "Controlled Region"),
    ("stack: nation, ...\nhand: Levy (stored)", "hand[0]", "never stored", "Holding the Game"),
    ("stack: nation (stored), ...", "stack[0]", "never stored", "Holding the Game"),
    ("stack: nation, ..., Levy (stored), Senate (stored), Forum (stored), Aqueduct (stored), Shrine (stored)",
     "stack", "at most 4", "Slot"),
    ("stack: nation, round, Levy, age, ...", "stack", "right behind the nation", "Holding the Game"),
    ("stack: nation, ...\nphase: over", "phase", "round 12", "Round End"),
    ("stack: nation, ...\nphase: draw", "phase", "stored", "Holding the Game"),
    ("stack: nation, ...\nphase: costs", "phase", "'action'", "Turns"),
    ("stack: nation, ...\nphase: sleeping", "phase", "action, costs", "Turns"),
    ("stack: nation, ...\ncolour: red", "colour", "unknown field", None),
])
def test_a_position_that_cannot_be_held_is_refused_naming_line_field_value_and_rule(text, where, words, rule):
    """behold-rome-rulebook.txt, "Holding the Game", "Components", "Concept & Term Glossary > Slot" and
    "> Controlled Region", "Round End": each refusal names the field, its line, what was expected and the
    rule broken."""
    with pytest.raises(PositionError) as caught:
        from_position(text)
    error = caught.value
    assert error.field == where
    assert words in str(error)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(where.split("[")[0] + ":"))
    assert f"line {line}:" in str(error)
    assert (error.rule is None) if rule is None else (rule in str(error.rule))


def test_the_line_format_names_the_line_of_a_bad_stack_card():
    """A card on its own line of the stack is named by that line."""
    text = "round: 2\nstack:\n  nation\n  ...\n  Aegyptos (stored)\n"
    with pytest.raises(PositionError, match=r"line 5: expected a card") as caught:
        from_position(text)
    assert caught.value.field == "stack[2]" and "'Aegyptos'" in str(caught.value)


@pytest.mark.parametrize("text,words", [
    ("stack nation", "line 1: expected 'field: value'"),
    ("  Levy", "line 1: an indented item"),
    ("stack: nation, ...\nround: 2\nround: 3", "line 3: the field is given twice (first on line 2)"),
    ("stack: nation, ...\nrulings: {oops", "line 2: expected JSON"),
    ("stack: nation\n" * 401, "401 lines; a position has at most 400"),
])
def test_a_line_format_that_is_no_position_is_refused_naming_the_line(text, words):
    with pytest.raises(PositionError) as caught:
        from_position(text)
    assert words in str(caught.value)


def test_sizes_are_bounded():
    """A position is read within bounds: at most 64 entries in a list, 100 characters a card."""
    with pytest.raises(PositionError, match="at most 64"):
        from_position({"stack": ["nation"] + ["..."] * 70})
    with pytest.raises(PositionError, match="at most 100"):
        from_position({"stack": ["nation", "x" * 500]})
    with pytest.raises(PositionError, match="longer than"):
        from_position("stack: nation\n#" + "x" * 1_000_001)
    with pytest.raises(PositionError, match="seed"):
        from_position("stack: nation, ...", seed="1")


POSITION = to_position(next(s for i, s in enumerate(_games(1)) if i == 25))


def test_a_written_position_mid_action_loads_back():
    assert to_position(from_position(POSITION)) == POSITION


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**9), how=HOW, value=VALUES)
def test_a_corrupted_position_is_refused_naming_the_field_or_loads_a_sound_state(pick, how, value):
    """Any corruption of a real position is a PositionError (an InputError) naming a field, or loads a
    state whose invariants hold and that writes itself back equal -- never another exception."""
    position = copy.deepcopy(POSITION)
    path = corrupt(position, pick, how, value)
    try:
        state = from_position(position)
    except (InputError, RuleViolation) as refused:
        assert str(refused), path
        return
    get("behold_rome").check_invariants(state)
    assert to_position(from_position(to_position(state))) == to_position(state), path


def test_the_system_registers_from_position():
    state = get("behold_rome").from_position(EXAMPLE, seed=3)
    assert to_position(state)["stack"][0] == "Forum"


def test_the_guides_worked_example_is_what_the_code_does():
    """docs/positions-behold_rome.md, "Worked example": its line format loads the example, the text it
    says position_text writes is what it writes (seed 0), and its JSON is the same position."""
    import re
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "positions-behold_rome.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(\w*)\n(.*?)```", guide, re.S)
    plain = [text for kind, text in blocks if kind == ""]
    as_json = [text for kind, text in blocks if kind == "json"]
    example = from_position(plain[0])
    assert to_position(example) == to_position(from_position(EXAMPLE))
    assert position_text(example) == plain[1]
    assert to_position(from_position(json.loads(as_json[0]))) == to_position(example)


def test_a_game_set_up_from_a_position_replays_from_it():
    """A game played on from a hand-written position is replayed (explorer.core.replay) from that position:
    the system deals it again from the position and seed its log's first event records."""
    from explorer.core.replay import replay

    state = from_position(EXAMPLE, seed=5)
    player, rng = make_player("behold_rome", "patient"), SeededRng(5)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(player.choose(state, rng))
    dealt = get("behold_rome").dealt(state.to_json())
    assert to_position(dealt) == to_position(from_position(EXAMPLE, seed=5)) and dealt.history == []
    again = replay(state.to_json())
    assert again.final.to_json() == state.to_json() and len(again.states) == len(state.history) + 1


TOKENS = ["nation", "...", "round", "age", "Levy", "(stored)", "(controlled)", ":", ",", "-", " ", "\t", "@", "egypt@2",
          "{", "[", "null", "true", "7", "phase: over", "round: 12", "#", "Africa", "Forum (stored)", "x" * 200]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 40), st.sampled_from(TOKENS)), min_size=1,
                      max_size=4))
def test_an_edited_line_format_is_refused_naming_a_line_or_loads_a_sound_state(edits):
    """A careless edit of the worked example's text (a token added, a line cut or dropped or inserted) is a
    PositionError, or loads a state whose invariants hold and which writes itself back equal."""
    rows = EXAMPLE.splitlines()
    for op, at, token in edits:
        j = at % len(rows)
        if op == 0:
            rows[j] += token
        elif op == 1 and len(rows) > 1:
            del rows[j]
        elif op == 2:
            rows.insert(j, token)
        else:
            rows[j] = rows[j][: len(rows[j]) // 2]
    try:
        state = from_position("\n".join(rows))
    except (InputError, RuleViolation) as refused:
        assert str(refused)
        return
    get("behold_rome").check_invariants(state)
    assert to_position(from_position(position_text(state))) == to_position(state)
