"""The digest of seeded random D&D 5e encounters: what pins the engine's behaviour while it is sped up.

Run:  .venv/bin/python -m tests.dnd5e.make_digest [--check]

Game ``(configuration, player, seed)`` is the encounter ``explorer.dnd5e.system.start(config, seed)``
of a configuration of ``explorer.dnd5e.system.CONFIGURATIONS``, both sides played by one player
(:func:`explorer.core.players.players_of`) through :func:`explorer.core.players.play` with
``seed=seed``, as a study (``explorer.core.simulate``) plays it: ``duell`` and ``scharmuetzel`` by
``random`` (Zufall, :class:`explorer.dnd5e.players.RandomPlayer`), by the core's ``uniform``
(:class:`explorer.core.players.RandomPlayer`: a uniform draw from ``legal_actions()``), by
``tactical`` (Taktisch) and ``greedy`` (Gierig); the two configurations with switched rulings
(3 m diagonals, gridless) by ``random`` and ``uniform``.  Its digest holds three sha256 sums: ``play`` -- of every
legal-action list (in the order ``legal_actions()`` yields it, listed after the player chose and
before the choice is applied, so the player's own checks run as in a study) and the action chosen;
``final`` -- of the final ``to_json()`` without its log; ``log`` -- of the log (the events' texts,
rules and data); and ``actions``, the number of actions.  The engine's rules and the order of its
legal actions show in ``play`` and ``final``; its wording only in ``log``.

The game is also played a second time without listing the legal actions (exactly a study's work:
what the engine caches is then filled by the player's checks alone); its final state and log must
be the same, so a cache that is only right once everything was listed is caught too.

Without ``--check`` the digest of every game is (re)written to ``data/random_games_digest.json``;
with it, the games are replayed and compared.  ``tests/dnd5e/test_random_digest.py`` replays them all.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tests.digests import digest_main

DIGEST = Path(__file__).resolve().parent / "data" / "random_games_digest.json"
GAMES: tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...] = (
    ("duell", ("random", "uniform", "tactical", "greedy"), tuple(range(8))),
    ("scharmuetzel", ("random", "uniform", "tactical", "greedy"), tuple(range(8))),
    ("scharmuetzel_diagonals_3m", ("random", "uniform"), tuple(range(4))),
    ("duell_gridless", ("random", "uniform"), tuple(range(6))),
)
"""The games pinned: (configuration, players, seeds)."""


def _dump(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


class _Recorder:
    """The observer :func:`explorer.core.players.play` calls: hashes the legal actions and the choice."""

    def __init__(self):
        self.play = hashlib.sha256()
        self.actions = 0

    def before(self, state, who, action) -> None:
        legal = [a.to_json() for a in state.legal_actions()]
        self.play.update(_dump([legal, action.to_json()]))
        self.actions += 1

    def after(self, state, who, action, events) -> None:
        pass


def _played(name: str, kind: str, seed: int, observer=None):
    from explorer.core.players import make_player, play
    from explorer.dnd5e.system import CONFIGURATIONS as CONFIGS
    from explorer.dnd5e.system import start

    state = start(CONFIGS[name], seed)
    return play(state, make_player("dnd5e", kind), seed=seed, observer=observer)


def _final_and_log(state) -> tuple[str, str]:
    saved = state.to_json()
    log = saved.pop("log")
    return hashlib.sha256(_dump(saved)).hexdigest(), hashlib.sha256(_dump(log)).hexdigest()


def game_digest(name: str, kind: str, seed: int) -> dict:
    """Play game ``(name, kind, seed)`` to the end; its digest (``play``, ``final``, ``log``, ``actions``).
    AssertionError if the game played without listing the legal actions ends otherwise."""
    recorder = _Recorder()
    final, log = _final_and_log(_played(name, kind, seed, recorder))
    plain = _final_and_log(_played(name, kind, seed))
    assert plain == (final, log), f"{key(name, kind, seed)}: the game ends otherwise when the legal actions are listed"
    return {"play": recorder.play.hexdigest(), "final": final, "log": log, "actions": recorder.actions}


def all_games() -> list[tuple[str, str, int]]:
    return [(name, kind, seed) for name, kinds, seeds in GAMES for kind in kinds for seed in seeds]


def key(name: str, kind: str, seed: int) -> str:
    return f"{name}/{kind}/{seed}"


def main(argv: list[str] | None = None) -> int:
    return digest_main(__doc__.splitlines()[0], DIGEST, all_games(), key, game_digest, argv)


if __name__ == "__main__":
    raise SystemExit(main())
