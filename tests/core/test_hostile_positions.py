"""Positions written by hand are never trusted: any corruption of a real position is refused with a
PositionError (an InputError naming the field, or the rule it breaks), or loads a state whose
invariants hold -- never another exception, a hang or a silently bad state (issue 10)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.core.systems import get, load_all
from tests.corruptions import HOW, VALUES, corrupt

load_all()


def _position(name: str, seed: int = 5) -> dict:
    from explorer.core.players import make_player
    from explorer.core.rng import SeededRng

    kind = "patient" if name == "behold_rome" else "random"  # Behold: Rome's random player is "patient"
    state, player, rng = get(name).new_game(seed=seed), make_player(name, kind), SeededRng(seed)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply(player.choose(state, rng))
    return state.position()


POSITIONS = {name: _position(name) for name in ("behind", "beyond", "behold_rome", "dnd5e")}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_position_loads_back(name):
    system = get(name)
    assert system.from_position(POSITIONS[name]).position() == POSITIONS[name]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(POSITIONS)), pick=st.integers(0, 10**9), how=HOW, value=VALUES)
def test_a_corrupted_position_is_refused_naming_the_field_or_loads_a_sound_state(name, pick, how, value):
    position = copy.deepcopy(POSITIONS[name])
    path = corrupt(position, pick, how, value)
    system = get(name)
    try:
        state = system.from_position(position)
    except (InputError, RuleViolation) as refused:
        assert str(refused), path
        return
    system.check_invariants(state)
    assert system.from_position(state.position()).position() == state.position(), path


def test_a_whole_number_beyond_any_float_is_refused_naming_the_field():
    """A hostile position: a number field given a whole number too big for a float (10**400) is a
    PositionError naming the field, not an OverflowError from inside the reader."""
    from explorer.core.positions import PositionError, field

    with pytest.raises(PositionError) as caught:
        field({"x": 10**400}, "x", float, "chip", low=0, high=100)
    assert caught.value.field == "chip.x"
