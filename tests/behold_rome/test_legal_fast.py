"""The legal actions as ``game_checks.legal`` works them out -- its shortcuts, the parts it reads once per state,
the checks it reads without raising -- are exactly the candidates the plain check (``verify``: every rule and the
look-ahead on a copy) passes, in the candidates' order."""

import pytest

from explorer.behold_rome.game_checks import _legal_step, legal
from explorer.behold_rome.game_rules import candidates
from explorer.behold_rome.players import RandomPlayer
from explorer.behold_rome.system import CONFIGURATIONS, start
from explorer.core.rng import SeededRng


@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
def test_the_legal_actions_are_the_candidates_the_plain_check_passes(name):
    """behold-rome-rulebook.txt, "Action Phase", "End of Turn Phase", "Round End": through random games, at every
    state the legal actions are the candidates that pass every rule and keep the action being resolved completable
    (ruling behold_rome.benefit-check) -- a Finish only once no other step of its frame is legal or every type of
    benefit is begun -- and each one's trial, where ``legal`` left one, is what performing it gives."""
    states = 0
    for seed in range(3):
        state, rng, player = start(CONFIGURATIONS[name], seed), SeededRng(seed), RandomPlayer(0.6 + 0.15 * seed)
        while not state.is_terminal():
            R, d = state.rules, state._data
            trials: dict = {}
            fast = legal(R, d, trials)
            slow = [a for a in candidates(R, d) if _legal_step(R, d, a)]
            assert fast == slow, (d["deck"], d["frames"], state.phase)
            assert set(trials) <= set(fast)
            states += 1
            state.apply(player.choose(state, rng))
    assert states > 300
