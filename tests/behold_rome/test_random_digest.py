"""Seeded random games of Behold: Rome replay exactly as pinned in ``data/random_games_digest.json``.

The digest (written by ``python -m tests.behold_rome.make_digest``) proves that a change to the engine
that should change nothing -- a faster look-ahead, cached derived data -- keeps every legal-action
list, every chosen action, the final state and the log of these games.  A deliberate change of the
rules or of an event's text rewrites the digest in the same commit, saying why.
"""

import json

import pytest

from tests.behold_rome.make_digest import DIGEST, all_games, game_digest, key

STORED = json.loads(DIGEST.read_text())


def test_the_digest_holds_every_game():
    """Every configuration of ``system.CONFIGURATIONS`` at every seed is pinned, nothing else."""
    assert sorted(STORED) == sorted(key(n, s) for n, s in all_games())


@pytest.mark.parametrize("name,seed", all_games())
def test_a_random_game_replays_as_pinned(name, seed):
    """behold-rome-rulebook.txt, "Gameplay": a whole game, from "Setup" to the end of the last round ("Round End"),
    played by a seeded random player: the legal actions offered at every step, the actions taken, the final
    deck as held and the log are the ones pinned."""
    found = game_digest(name, seed)
    assert found["actions"] >= 10  # a move-on per round at the least
    assert found == STORED[key(name, seed)]
