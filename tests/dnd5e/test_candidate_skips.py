"""The candidate moves skip, without costing them, only legs the movement rules refuse anyway
(issue 12: the skip is a speed-up and must change no legal-action list)."""

from __future__ import annotations

import pytest

from explorer.core.inputs import InputError
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation
from explorer.dnd5e import movement as mv
from explorer.dnd5e.game import _straight, new_encounter
from explorer.dnd5e.players import RandomPlayer


def _ends(state):
    """Every end point the candidate moves try now: toward and away from each other creature."""
    m = state.battle_map
    me = m.token(state.acting)
    left = state.movement_left()
    for other in m.others(state.acting):
        for toward in (True, False):
            yield from _straight(state, me, other, toward, left)
    for x in range(1, 20):  # and some squares around it, near walls and others
        for y in range(1, 20):
            yield (x * 0.75, y * 0.75)


@pytest.mark.parametrize("encounter", ["scharmuetzel", "duell"])
def test_a_skipped_leg_is_refused_by_the_move_itself(encounter):
    """SRD 5.1 "Combat > Movement and Position" and SICH UM ANDERE KREATUREN HERUM BEWEGEN: whenever
    movement.grid_leg_refused says a straight grid leg is refused whatever else, movement.move refuses
    it too (a wall touched, the space in a wall, a foe's space passed, the end in a space) -- over the
    positions of seeded random encounters; and some legs are skipped, some not."""
    skipped = walked = 0
    for seed in range(3):
        state, rng, player = new_encounter(encounter, seed=seed), SeededRng(seed), RandomPlayer()
        for _ in range(40):
            if state.is_terminal():
                break
            m = state.battle_map
            for end in _ends(state):
                try:
                    at = m.check_position(m.token(state.acting), end)
                except InputError:
                    continue
                if not mv.grid_leg_refused(m, state.acting, at):
                    walked += 1
                    continue
                skipped += 1
                with pytest.raises(RuleViolation):
                    mv.move(m, state.acting, [at], budget=state.budget)
            state.apply(player.choose(state, rng))
    assert skipped > 50 and walked > 50
