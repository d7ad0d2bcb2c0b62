"""All-pairs line of sight: the vectorised ``sight_matrix`` against the per-pair loop.

Run:  .venv/bin/python benchmarks/bench_sight.py [--chips 20] [--obstacles 12] [--seed 2003]

Builds a seeded random legal table (``explorer.behind.table.random_table``), checks that both
computations agree exactly, then times them side by side in one run with ``timeit`` (median of
several repeats, each averaged over a number of calls) and prints both times and the ratio.
It is a benchmark, not a test: the exit code is 0 whatever the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer.behind.sight import sight_matrix, sight_matrix_loop  # noqa: E402
from explorer.behind.table import random_table  # noqa: E402

GOAL_RATIO = 10.0


def median_seconds(function, repeat: int) -> float:
    """Median time of one call: timeit picks calls per repeat to run ~0.2 s, ``repeat`` times."""
    timer = timeit.Timer(function)
    number, _ = timer.autorange()
    return statistics.median(t / number for t in timer.repeat(repeat=repeat, number=number))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chips", type=int, default=20)
    parser.add_argument("--obstacles", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2003)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)

    table = random_table(args.seed, chips=args.chips, obstacles=args.obstacles, flyers=0.1)
    fast, slow = sight_matrix(table), sight_matrix_loop(table)  # also warms the table's caches
    agree = fast == slow
    n = len(table.names)
    blocked = int((~fast.clear).sum())

    vectorised = median_seconds(lambda: sight_matrix(table), args.repeat)
    with_names = median_seconds(lambda: sight_matrix(table).blocker_map(), args.repeat)
    loop = median_seconds(lambda: sight_matrix_loop(table), args.repeat)
    ratio = loop / vectorised
    print(f"table: seed {args.seed}, {n} chips, {len(table.obstacles)} obstacles, "
          f"{n * (n - 1)} ordered pairs ({blocked} blocked); results agree: {agree}")
    print(f"all-pairs line of sight, {n} chips x {len(table.obstacles)} obstacles: "
          f"vectorised {vectorised * 1e3:.2f} ms, per-pair loop {loop * 1e3:.1f} ms, "
          f"ratio {ratio:.0f}x (goal >= {GOAL_RATIO:.0f}x{'' if ratio >= GOAL_RATIO else ', NOT MET'})")
    print(f"  (vectorised names its blockers on first use; with every blocker named: "
          f"{with_names * 1e3:.2f} ms, ratio {loop / with_names:.0f}x)")
    if not agree:
        print("WARNING: the vectorised and per-pair results differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
