"""The digest of seeded random games of Behold: Rome: what pins the engine's behaviour while it is sped up.

Run:  .venv/bin/python -m tests.behold_rome.make_digest [--check]

Game ``(configuration, seed)`` is played from ``explorer.behold_rome.system.start(config, seed)`` by a
:class:`~explorer.behold_rome.players.RandomPlayer` (patient for even seeds, eager -- patience 0.95 --
for odd ones) drawing from ``SeededRng(seed)`` until the game is over.  Its digest holds three sha256
sums: ``play`` -- of every legal-action list (in the order ``legal_actions()`` yields it) and the
action chosen from it; ``final`` -- of the final ``to_json()`` without its log; ``log`` -- of the log
(the events' texts and rules).  The engine's rules and the order of its legal actions show in
``play`` and ``final``; its wording only in ``log`` (a corrected event text changes ``log`` alone).

Without ``--check`` the digest of every game is (re)written to ``data/random_games_digest.json``;
with it, the games are replayed and compared.  ``tests/behold_rome/test_random_digest.py`` replays
them all.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tests.digests import digest_main

DIGEST = Path(__file__).resolve().parent / "data" / "random_games_digest.json"
SEEDS = (0, 1, 2)
"""Seeds per configuration (every configuration of ``explorer.behold_rome.system.CONFIGURATIONS``)."""


def _dump(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def game_digest(name: str, seed: int) -> dict:
    """Play game ``(name, seed)`` to the end; its digest (``play``, ``final``, ``log``, ``actions``)."""
    from explorer.behold_rome.players import RandomPlayer
    from explorer.behold_rome.system import CONFIGURATIONS, start
    from explorer.core.rng import SeededRng

    state = start(CONFIGURATIONS[name], seed)
    player, rng = RandomPlayer(0.8 if seed % 2 == 0 else 0.95), SeededRng(seed)
    play = hashlib.sha256()
    actions = 0
    while not state.is_terminal():
        legal = [a.to_json() for a in state.legal_actions()]
        action = player.choose(state, rng)
        play.update(_dump([legal, action.to_json()]))
        state.apply(action)
        actions += 1
    saved = state.to_json()
    log = saved.pop("log")
    return {"play": play.hexdigest(), "final": hashlib.sha256(_dump(saved)).hexdigest(),
            "log": hashlib.sha256(_dump(log)).hexdigest(), "actions": actions}


def all_games() -> list[tuple[str, int]]:
    from explorer.behold_rome.system import CONFIGURATIONS

    return [(name, seed) for name in CONFIGURATIONS for seed in SEEDS]


def key(name: str, seed: int) -> str:
    return f"{name}/{seed}"


def main(argv: list[str] | None = None) -> int:
    return digest_main(__doc__.splitlines()[0], DIGEST, all_games(), key, game_digest, argv)


if __name__ == "__main__":
    raise SystemExit(main())
