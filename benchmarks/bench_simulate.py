"""The generic simulator (explorer/core/simulate.py): pool start-up, games per second, share of games that finish.

Run:  .venv/bin/python benchmarks/bench_simulate.py [--workers 2] [--games 200] [--behind-games 40]
      [--slow-games 4] [--seed 0] [--skip start-up|throughput|finishing]

Prints, side by side in one run:

1. **Start-up**: the first pooled call in a process (the forkserver starts and imports the
   systems once, the pool's workers fork from it), a second call (the shared pool is reused: no
   start-up at all), a call after :func:`~explorer.core.simulate.shutdown_pools` (a new pool forks
   from the running, preloaded server), and -- what every pooled call paid before the pool was
   shared -- a fresh ``spawn`` pool whose workers each import the systems.  Each call plays the
   same few short games, so the differences are start-up.
2. **Games per second** per system with the core's uniform random player (``"uniform"``) and each
   system's own random player(s), in this process (one core) and on the shared pool.
3. **The share of random games that finish** -- reach an end of the rules, not a turn limit of
   the configuration or ``max_actions`` (the frame's ``finished`` column) -- per system,
   configuration and random player, with how they ended.

Behind's uniform games are slow (every action lists the legal actions; they run to the turn
limit), so they play ``--slow-games`` games per configuration.  A benchmark, not a test: the exit
code is 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer.core import simulate as sim  # noqa: E402
from explorer.core import systems  # noqa: E402

RANDOM_KINDS = {"behind": ("random",), "beyond": ("random", "patient")}
"""Each system's own random players (any other system: its player kinds named ``*random*``)."""

SLOW = {("behind", "uniform")}
"""(system, player) pairs whose games take seconds each: they play ``--slow-games`` games."""


def random_kinds(system) -> tuple[str, ...]:
    return ("uniform", *RANDOM_KINDS.get(system.name, tuple(k for k in system.players if "random" in k)))


def count(name: str, kind: str, games: dict, slow_games: int) -> int:
    return slow_games if (name, kind) in SLOW else games.get(name, games["*"])


def timed(function):
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def start_up(workers: int, seed: int) -> None:
    games = 2 * workers
    run = lambda **kw: sim.simulate("beyond", games, "basic_2", "stop-after-2", seed, progress=False, **kw)  # noqa: E731
    sim.simulate("beyond", 1, "basic_2", progress=False)  # this process imported and dealt once
    in_process, _ = timed(run)
    first, reference = timed(lambda: run(parallel_threshold=1, workers=workers))
    pool = sim.process_pool(workers)
    second, again = timed(lambda: run(parallel_threshold=1, workers=workers))
    assert sim.process_pool(workers) is pool and again.equals(reference)
    sim.shutdown_pools()
    replaced, _ = timed(lambda: run(parallel_threshold=1, workers=workers))

    def spawn_pool():
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as fresh:
            return run(executor=fresh)

    spawned, frame = timed(spawn_pool)
    assert frame.equals(reference)
    print(f"Start-up: {games} short Beyond games (stop-after-2), {workers} workers")
    print(f"  {'this process, no pool':<52} {in_process:6.2f} s")
    print(f"  {'first pooled call (forkserver + pool start)':<52} {first:6.2f} s")
    print(f"  {'second call, shared pool reused':<52} {second:6.2f} s   (start-up saved: {first - second:.2f} s)")
    print(f"  {'after shutdown_pools(): new pool, preloaded server':<52} {replaced:6.2f} s")
    print(f"  {'a fresh spawn pool: each worker imports (before)':<52} {spawned:6.2f} s")


def throughput(workers: int, games: dict, slow_games: int, seed: int) -> None:
    print(f"\nGames per second, first configuration of each system (one core: this process; pool: {workers} workers)")
    print(f"  {'system':<8} {'player':<9} {'games':>5} {'one core':>12} {'pool':>12} {'actions/game':>13}")
    for name, system in systems.load_all().items():
        config = next(iter(system.configurations))
        for kind in random_kinds(system):
            n = count(name, kind, games, slow_games)
            solo_n = 1 if (name, kind) in SLOW else max(1, n // 4)
            solo, _ = timed(lambda: sim.simulate(name, solo_n, config, kind, seed, progress=False))
            pooled, frame = timed(lambda: sim.simulate(name, n, config, kind, seed, progress=False,
                                                       parallel_threshold=1, workers=workers))
            print(f"  {name:<8} {kind:<9} {n:>5} {solo_n / solo:9.2f} g/s {n / pooled:9.2f} g/s "
                  f"{frame['actions'].mean():13.0f}")


def finishing(workers: int, games: dict, slow_games: int, seed: int) -> None:
    print(f"\nShare of random games that finish (an end of the rules; not a turn limit nor max_actions={sim.MAX_ACTIONS:,})")
    print(f"  {'system':<8} {'configuration':<28} {'player':<9} {'games':>5} {'finish':>7}  ends")
    for name, system in systems.load_all().items():
        for config in system.configurations:
            for kind in random_kinds(system):
                n = count(name, kind, games, slow_games)
                frame = sim.simulate(name, n, config, kind, seed, progress=False, parallel_threshold=1,
                                     workers=workers)
                ends = ", ".join(f"{end} {count}" for end, count in frame["end"].value_counts().items())
                print(f"  {name:<8} {config:<28} {kind:<9} {n:>5} {frame['finished'].mean():7.0%}  {ends}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--games", type=int, default=200, help="games per configuration and player")
    parser.add_argument("--behind-games", type=int, default=40, help="Behind games per configuration and player")
    parser.add_argument("--slow-games", type=int, default=4, help="games of the slow pairs (Behind uniform)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip", choices=("start-up", "throughput", "finishing"), action="append", default=[])
    args = parser.parse_args(argv)
    games = {"*": args.games, "behind": args.behind_games}
    print(f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, seed {args.seed}\n")
    if "start-up" not in args.skip:
        start_up(args.workers, args.seed)
    if "throughput" not in args.skip:
        throughput(args.workers, games, args.slow_games, args.seed)
    if "finishing" not in args.skip:
        finishing(args.workers, games, args.slow_games, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
