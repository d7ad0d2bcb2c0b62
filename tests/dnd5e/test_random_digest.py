"""Seeded random D&D 5e encounters replay exactly as pinned in ``data/random_games_digest.json``.

The digest (written by ``python -m tests.dnd5e.make_digest``) proves that a change to the engine
that should change nothing -- cached geometry, a cheaper test first, fewer copies (issue 12) --
keeps every legal-action list, every chosen action, the final state and the log of these
encounters.  A deliberate change of the rules or of an event's text rewrites the digest in the same
commit, saying why.
"""

import json

import pytest

from explorer.dnd5e.system import CONFIGURATIONS
from tests.dnd5e.make_digest import DIGEST, all_games, game_digest, key

STORED = json.loads(DIGEST.read_text())


def test_the_digest_holds_every_game():
    """Every game of ``make_digest.GAMES`` is pinned, nothing else, each of a shipped configuration."""
    assert sorted(STORED) == sorted(key(*game) for game in all_games())
    assert {name for name, _, _ in all_games()} <= set(CONFIGURATIONS)


@pytest.mark.parametrize("name,kind,seed", all_games())
def test_a_random_encounter_replays_as_pinned(name, kind, seed):
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF" (one action a turn), and SRD 5.1 "Combat > The
    Order of Combat > Your Turn": a whole encounter, from the initiative (SRD 5.1 "Combat > The Order
    of Combat > Initiative") to the end when one side has no creature able to act (SRD 5.1 "Combat >
    Damage and Healing > Dropping to 0 Hit Points", ruling dnd5e.zero-hp) or at the round limit
    (dnd5e.round-limit), played by a seeded player: the moves offered (SRD 5.1 "Combat > Movement and
    Position > Breaking Up Your Move") and the attacks ("ANGRIFFSSTRUKTUR", "ANGRIFFSWÜRFE") at every
    step, the actions taken, the final state as saved and the log are the ones pinned."""
    found = game_digest(name, kind, seed)
    assert found["actions"] >= 2  # a turn ended at the least
    assert found == STORED[key(name, kind, seed)]
