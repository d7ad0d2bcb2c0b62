"""Whole random games of Behold: Rome per second on one core, beside Beyond's random games as a reference.

Run:  .venv/bin/python benchmarks/bench_behold_rome_games.py [--games 40] [--seed 0] [--batch 5]
                                                              [--against DIR]

The loop the issue's goal is about: ``start({"difficulty": "normal"}, seed)``, then, until the game is
over, ``apply(player.choose(state, rng))`` with :class:`explorer.behold_rome.players.RandomPlayer` and
``SeededRng(seed)``, game ``k`` seeded ``seed + k``.  The same loop for Beyond (configuration
``basic_2``, the core's uniform :class:`explorer.core.players.RandomPlayer` in both seats) runs in the
same process, interleaved batch by batch with Behold: Rome's, so that a machine that slows down or
speeds up during the run slows both alike.  Each batch is timed by this process's CPU time (the
machine may be shared: the CPU figure is the steadier one) and by the wall clock.  Printed: games and
actions per second for each, Behold: Rome's games per second against the goal (>= 200 on one core)
as a ratio, and the two systems' actions per second side by side.

``--against DIR``: Behold: Rome's loop also on the source tree DIR (say ``git archive`` of an older
commit unpacked there), in a worker process, interleaved batch by batch, printed "before | now" with
the ratio.  It is a benchmark, not a test: the exit code is 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_BEHOLD_ROME_ROOT", Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import Worker, serve  # noqa: E402

GOAL_GAMES_PER_SECOND = 200.0
"""Random games of Behold: Rome per second on one core that the issue asks for."""

CONFIG = {"difficulty": "normal"}


def behold_rome_batch(seeds: range) -> dict:
    """Play the Behold: Rome games ``seeds``; their CPU and wall seconds and actions."""
    from explorer.behold_rome.players import RandomPlayer
    from explorer.behold_rome.system import start
    from explorer.core.rng import SeededRng

    player = RandomPlayer()
    wall, cpu, actions = time.perf_counter(), time.process_time(), 0
    for seed in seeds:
        state, rng = start(CONFIG, seed), SeededRng(seed)
        while not state.is_terminal():
            state.apply(player.choose(state, rng))
            actions += 1
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall, "actions": actions,
            "games": len(seeds)}


def beyond_batch(seeds: range) -> dict:
    """Play the Beyond games ``seeds`` (``basic_2``, uniform random players) the same way."""
    from explorer.beyond.system import CONFIGURATIONS, start
    from explorer.core.players import RandomPlayer
    from explorer.core.rng import SeededRng

    player = RandomPlayer()
    wall, cpu, actions = time.perf_counter(), time.process_time(), 0
    for seed in seeds:
        state, rng = start(CONFIGURATIONS["basic_2"], seed), SeededRng(seed)
        while not state.is_terminal():
            state.apply(player.choose(state, rng))
            actions += 1
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall, "actions": actions,
            "games": len(seeds)}


def worker() -> int:
    """``--worker``: play the Behold: Rome batches asked for on stdin (``[first seed, games]`` a line)."""
    behold_rome_batch(range(10_000, 10_001))  # warm up: imports, card set
    return serve(lambda first, games: behold_rome_batch(range(first, first + games)))


def _total(rows: list[dict]) -> dict:
    out = {k: sum(r[k] for r in rows) for k in ("cpu", "wall", "actions", "games")}
    for clock in ("cpu", "wall"):
        out[f"{clock}_games_per_s"] = out["games"] / out[clock]
        out[f"{clock}_actions_per_s"] = out["actions"] / out[clock]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games of each system")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=5, help="games per interleaved batch")
    parser.add_argument("--against", type=Path, help="another source tree to time Behold: Rome's loop on")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    other = Worker(__file__, "BENCH_BEHOLD_ROME_ROOT", args.against) if args.against is not None else None
    behold_rome_batch(range(10_000, 10_001))  # warm up: imports, card set
    beyond_batch(range(10_000, 10_001))
    rows: dict[str, list[dict]] = {"behold_rome": [], "beyond": [], "before": []}
    try:
        for k, first in enumerate(range(args.seed, args.seed + args.games, args.batch)):
            seeds = range(first, min(first + args.batch, args.seed + args.games))
            jobs = ["behold_rome", "beyond"] + (["before"] if other else [])
            for job in (jobs if k % 2 == 0 else jobs[::-1]):
                if job == "before":
                    rows[job].append(other(seeds.start, len(seeds)))
                else:
                    rows[job].append((behold_rome_batch if job == "behold_rome" else beyond_batch)(seeds))
    finally:
        if other is not None:
            other.close()
    now, beyond = _total(rows["behold_rome"]), _total(rows["beyond"])
    print(f"random games on one core (in-process), {args.games} games each, seed {args.seed}, interleaved in "
          f"batches of {args.batch}; CPU time (wall clock in brackets)")
    for label, t in (("Behold: Rome (normal, RandomPlayer)", now), ("Beyond (basic_2, uniform players)", beyond)):
        print(f"{label:>38}: {t['cpu_games_per_s']:7.1f} games/s ({t['wall_games_per_s']:.1f}), "
              f"{t['cpu_actions_per_s']:9,.0f} actions/s, {t['actions'] / t['games']:.0f} actions/game")
    ratio = now["cpu_games_per_s"] / GOAL_GAMES_PER_SECOND
    print(f"Behold: Rome: {now['cpu_games_per_s']:.1f} games/s against the goal >= {GOAL_GAMES_PER_SECOND:.0f}: "
          f"ratio {ratio:.2f}x the goal ({'met' if ratio >= 1 else 'NOT MET'})")
    print(f"actions per second, Behold: Rome / Beyond: {now['cpu_actions_per_s'] / beyond['cpu_actions_per_s']:.2f}; "
          f"games per second, Behold: Rome / Beyond: {now['cpu_games_per_s'] / beyond['cpu_games_per_s']:.2f}")
    if other is not None:
        before = _total(rows["before"])
        print(f"Behold: Rome before ({args.against}) | now: {before['cpu_games_per_s']:.1f} | "
              f"{now['cpu_games_per_s']:.1f} games/s, ratio {now['cpu_games_per_s'] / before['cpu_games_per_s']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
