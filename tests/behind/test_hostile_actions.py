"""Hostile actions (issue 10, "Trust nothing that comes in"): hypothesis-generated actions of every
kind with wrong types, NaN and infinities, huge numbers and tuples, unknown names, applied to states
of seeded random games (automatic and manual setups, duplicate decks).

Whatever comes in: ``can()`` answers True or False and nothing else; ``apply()`` either works (and
the invariants hold) or raises RuleViolation / InputError and leaves the state exactly as it was;
no NaN or infinity enters ``state.history``, so the save stays strict JSON.
"""

from __future__ import annotations

import collections
import dataclasses
import json
import math
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.behind import actions as A
from explorer.behind.system import SYSTEM
from explorer.core.conformance import game_spec
from explorer.core.inputs import InputError
from explorer.core.players import make_player
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

CLASSES = [cls for cls in vars(A).values()
           if isinstance(cls, type) and issubclass(cls, A.Action) and cls is not A.Action and cls.kind]
GAMES = (0, 1, 5, 11, 13, 21, 27, 45)  # auto and manual setups, two and three players, a deck twice
EVERY = 3  # keep every third state of a game
OUTCOMES: collections.Counter = collections.Counter()


def _states():
    states = []
    for k in GAMES:
        spec = game_spec(SYSTEM, k)
        state = SYSTEM.start(spec["config"], spec["seed"])
        players = {who: make_player(SYSTEM, kind) for who, kind in zip(state.players, spec["players"])}
        rngs = {who: SeededRng(k).spawn(who) for who in state.players}
        n = 0
        while not state.is_terminal():
            if n % EVERY == 0:
                states.append(state.copy())
            who = state.current_player
            state.apply(players[who].choose(state, rngs[who]))
            n += 1
        states.append(state.copy())
    return states


STATES = _states()
HUGE = tuple(range(5_000))


def _names(state):
    cards = list(state.cards)
    return list(state.owners) + cards[:20] + list(state.players) + ["", "Niemand", "../../etc/passwd", "x" * 300]


JUNK = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308, 5e-324, 0.0, -0.0]),
    st.text(max_size=12), st.binary(max_size=4),
    st.just(HUGE), st.just([1.0, 2.0]), st.just({"x": 1}), st.just(()), st.just((math.nan,)),
    st.tuples(st.text(max_size=5), st.floats(allow_nan=True), st.floats(), st.one_of(st.none(), st.floats())),
)


def _plausible(state, draw, name: str):
    """A value of the right shape for field ``name``, from the state's own names where it can."""
    names = _names(state)
    number = st.one_of(st.floats(-50, 200, allow_nan=False), st.sampled_from([math.nan, math.inf, 1e308, -1e308]))
    name_or_none = st.one_of(st.none(), st.sampled_from(names))
    leg = st.tuples(st.sampled_from(names), number, number, st.one_of(st.none(), number))
    shapes = {
        "x": number, "y": number, "angle": number, "facing": st.one_of(st.none(), number),
        "placements": st.lists(st.tuples(st.sampled_from(names), number, number, number), max_size=6).map(tuple),
        "legs": st.lists(leg, max_size=4).map(tuple),
        "revert": st.lists(st.sampled_from(names), max_size=3).map(tuple),
        "assistants": st.lists(st.sampled_from(names), max_size=3).map(tuple),
        "moments": st.lists(st.sampled_from(names), max_size=3).map(tuple),
        "top": st.lists(st.sampled_from(names), max_size=4).map(tuple),
        "bottom": st.lists(st.sampled_from(names), max_size=4).map(tuple),
        "allocation": st.lists(st.tuples(st.sampled_from(names), st.integers(-3, 10**12)), max_size=3).map(tuple),
        "scenario": st.sampled_from(["unser_revier", "juwel_von_athen", "../x", "nope", ""]),
    }
    return draw(shapes.get(name, name_or_none))


LEGAL = [list(state.legal_actions())[:40] for state in STATES]


@st.composite
def hostile(draw):
    """Half the cases: an action of any kind built field by field (a quarter of the fields junk of
    any type, the rest of the field's shape); the other half: a legal action of the state with one
    field replaced (or none, a sixth of them, which must apply)."""
    index = draw(st.integers(0, len(STATES) - 1))
    state = STATES[index]
    if draw(st.booleans()) and LEGAL[index]:
        action = draw(st.sampled_from(LEGAL[index]))
        fields = [f.name for f in dataclasses.fields(action)]
        if not fields or draw(st.integers(0, 5)) == 0:
            return state, action
        name = draw(st.sampled_from(fields))
        value = draw(JUNK) if draw(st.booleans()) else _plausible(state, draw, name)
        return state, dataclasses.replace(action, **{name: value})
    cls = draw(st.sampled_from(CLASSES))
    values = {}
    for f in dataclasses.fields(cls):
        roll = draw(st.integers(0, 3))
        values[f.name] = draw(JUNK) if roll == 0 else _plausible(state, draw, f.name)
    return state, cls(**values)


def _strict(state) -> None:
    json.dumps(state.to_json(), allow_nan=False)
    json.dumps([a.to_json() for a in state.history], allow_nan=False)


EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "1000"))  # HOSTILE_EXAMPLES=20000 for a long run


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(hostile())
def test_hostile_actions_are_answered_or_refused_never_crash(case):
    state, action = case
    state = state.copy()
    before = state.to_json()
    answer = state.can(action)
    assert answer is True or answer is False, f"can({action}) answered {answer!r}"
    try:
        state.apply(action)
    except InputError:
        assert not answer
        OUTCOMES[(action.kind, "input-error")] += 1
        assert state.to_json() == before, f"a refused {action} changed the state"
        return
    except RuleViolation:
        assert not answer
        OUTCOMES[(action.kind, "rule-violation")] += 1
        assert state.to_json() == before, f"a refused {action} changed the state"
        return
    assert answer, f"{action} was applied although can() refused it"
    OUTCOMES[(action.kind, "applied")] += 1
    state.check_invariants()
    _strict(state)


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    if OUTCOMES:
        by_end = collections.Counter()
        for (_, end), n in OUTCOMES.items():
            by_end[end] += n
        print(f"\nhostile actions: {sum(OUTCOMES.values())} on {len(STATES)} states: {dict(by_end)}")
        for key in sorted(OUTCOMES):
            print(f"  {key[0]:>16} {key[1]:>15} {OUTCOMES[key]}")


def test_every_state_of_the_pool_keeps_its_invariants_and_saves_strict_json():
    for state in STATES:
        state.check_invariants()
        _strict(state)
    assert {s.phase for s in STATES} >= {"terrain", "deployment", "action"}


def test_the_issues_examples_are_refused_with_the_field_named():
    """Issue 10's crashes: ``Turn(chip, None)``, ``Turn(chip, True)``, ``PlaceObstacle(x=nan)`` and
    (found by the fuzz test above) an obstacle placed at x = 1e308 or turned by 1e308 degrees --
    refused, never a TypeError or a shapely / math error (behind-2003-rulebook.txt, section
    "Scenarios (Szenarien)": the obstacles lie "in the middle of the table")."""
    terrain = next(s for s in STATES if s.phase == "terrain")
    action = next(a for a in terrain.legal_actions())
    for bad in (dataclasses.replace(action, x=math.nan), dataclasses.replace(action, x=1e308),
                dataclasses.replace(action, angle=1e308), dataclasses.replace(action, y=-1.0)):
        assert terrain.can(bad) is False
        with pytest.raises((InputError, RuleViolation)):
            terrain.copy().apply(bad)
    playing = next(s for s in STATES if s.phase == "action" and s.actions_left > 0)
    chip = playing.characters_of(playing.active_player)[0]
    for bad in (A.Turn(chip, None), A.Turn(chip, True), A.Turn(chip, math.inf)):
        assert playing.can(bad) is False
        with pytest.raises(InputError) as error:
            playing.copy().apply(bad)
        assert error.value.field == "facing"
