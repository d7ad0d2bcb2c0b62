"""All-pairs line of sight: time and peak memory of ``sight_matrix`` from 10 to 400 chips.

Run:  .venv/bin/python benchmarks/bench_sight.py [--sizes 10,50,100,200,400] [--seed 2003]

Two parts, each measured side by side in one run:

1. The vectorised ``sight_matrix`` against the per-pair loop ``sight_matrix_loop`` on the usual
   20-chip table (seed 2003, 12 obstacles, 120 x 80 cm): both times and the ratio.
2. For each size: a seeded random legal table with as many chips per cm^2 as that one (the table
   grows with the number of chips, and the obstacles with it).  On it the batched
   ``sight_matrix`` against :func:`dense_sight_matrix`, the approach it replaced (issue 9): that
   one measured every chip against every sight line at once, an (n^2/2, n) float array per
   step, so its memory grew as n^3.  Then the per-pair loop too, up to ``--loop-max`` chips.
   Times are medians (``timeit``); peak memory is tracemalloc's peak over one call (NumPy
   arrays and Python objects; GEOS's own allocations are not seen), measured apart from the
   timings.  Every result is checked to equal the others exactly.

It is a benchmark, not a test: the exit code is 0 whatever the ratios.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import timeit
import tracemalloc
from pathlib import Path

import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer.behind.geometry import (  # noqa: E402
    chip_block_limit2,
    crosses_an_edge,
    point_segment_dist2,
    within_45,
)
from explorer.behind.sight import SightMatrix, sight_matrix, sight_matrix_loop  # noqa: E402
from explorer.behind.table import Table, random_table  # noqa: E402

GOAL_RATIO = 10.0
MIB = 1024 * 1024


def dense_sight_matrix(table: Table) -> SightMatrix:
    """``sight_matrix`` as it was before issue 9, kept only to be measured against: every line
    built at once, and its chip blockers from one NumPy point-to-segment distance over all
    (line, chip) pairs -- n^3 / 2 floats per temporary array."""
    names = table.names
    n = len(names)
    centres, facing = table.centres, table.facing_vectors
    clear = np.ones((n, n), dtype=bool)
    if n < 2:
        return SightMatrix(names, clear, np.zeros((n, n), dtype=bool), {})
    dx = centres[None, :, 0] - centres[:, None, 0]
    dy = centres[None, :, 1] - centres[:, None, 1]
    in_view = within_45(dx, dy, facing[:, None, 0], facing[:, None, 1])
    np.fill_diagonal(in_view, False)

    lo, hi = np.triu_indices(n, 1)
    start, end = centres[lo], centres[hi]
    dist2 = point_segment_dist2(start[:, 0, None], start[:, 1, None], end[:, 0, None], end[:, 1, None],
                                centres[None, :, 0], centres[None, :, 1])
    chip_block = dist2 < chip_block_limit2(table.radius)
    rows = np.arange(len(lo))
    chip_block[rows, lo] = False
    chip_block[rows, hi] = False
    chip_line, chip_k = np.nonzero(chip_block)

    obstacle_line = obstacle_k = np.zeros(0, dtype=np.intp)
    if len(table.obstacles):
        lines = shapely.linestrings(np.stack([start, end], axis=1))
        line_idx, obs_idx = table.obstacle_tree.query(lines, predicate="intersects")
        stands = table.stands_on_matrix
        keep = ~(stands[lo[line_idx], obs_idx] | stands[hi[line_idx], obs_idx])
        line_idx, obs_idx = line_idx[keep], obs_idx[keep]
        crossing = crosses_an_edge(start[line_idx], end[line_idx], obs_idx, table.edges)
        inside = crossing.copy()
        unsure = ~crossing
        if unsure.any():
            inside[unsure] = ~shapely.touches(table.obstacle_polygons[obs_idx[unsure]], lines[line_idx[unsure]])
        line_idx, obs_idx = line_idx[inside], obs_idx[inside]
        order = np.lexsort((obs_idx, line_idx))
        obstacle_line, obstacle_k = line_idx[order], obs_idx[order]

    blocked = np.zeros(len(lo), dtype=bool)
    blocked[chip_line] = True
    blocked[obstacle_line] = True
    flying = table.flying
    if flying.any():
        if table.rulings["behind.flyer-sight"] == "symmetric":
            exempt = flying[:, None] | flying[None, :]
        else:
            exempt = np.repeat(flying[:, None], n, axis=1)
    else:
        exempt = np.zeros((n, n), dtype=bool)
    clear[lo, hi] = ~blocked | exempt[lo, hi]
    clear[hi, lo] = ~blocked | exempt[hi, lo]

    def blockers() -> dict[tuple[int, int], tuple[str, ...]]:
        per_line: dict[int, list[str]] = {}
        for line, k in zip(chip_line.tolist(), chip_k.tolist()):
            per_line.setdefault(line, []).append(names[k])
        for line, k in zip(obstacle_line.tolist(), obstacle_k.tolist()):
            per_line.setdefault(line, []).append(table.obstacles[k].name)
        result = {}
        for line, found in per_line.items():
            i, j = int(lo[line]), int(hi[line])
            if not exempt[i, j]:
                result[(i, j)] = tuple(found)
            if not exempt[j, i]:
                result[(j, i)] = tuple(found)
        return result

    return SightMatrix(names, clear, in_view, blockers)


def median_seconds(function, repeat: int) -> float:
    """Median time of one call: timeit picks calls per repeat to run ~0.2 s, ``repeat`` times.
    A call over a second is timed twice only (timeit's own try and one more), so the largest
    sizes stay affordable."""
    timer = timeit.Timer(function)
    number, taken = timer.autorange()
    if taken / number > 1.0:
        return statistics.median([taken / number, *(t / number for t in timer.repeat(repeat=1, number=number))])
    return statistics.median(t / number for t in timer.repeat(repeat=repeat, number=number))


def peak_mib(function) -> float:
    """tracemalloc's peak over one call of ``function``, in MiB."""
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1] / MIB
    finally:
        tracemalloc.stop()


def scaled_table(chips: int, seed: int) -> Table:
    """A random legal table as dense in chips and obstacles as the 20-chip 120 x 80 cm one."""
    scale = max(1.0, (chips / 20) ** 0.5)
    return random_table(seed, chips=chips, obstacles=round(12 * scale * scale), width=120 * scale,
                        depth=80 * scale, flyers=0.1)


def headline(seed: int, repeat: int) -> None:
    table = random_table(seed, chips=20, obstacles=12, flyers=0.1)
    fast, slow = sight_matrix(table), sight_matrix_loop(table)  # also warms the table's caches
    agree = fast == slow
    n = len(table.names)
    blocked = int((~fast.clear).sum())

    vectorised = median_seconds(lambda: sight_matrix(table), repeat)
    with_names = median_seconds(lambda: sight_matrix(table).blocker_map(), repeat)
    loop = median_seconds(lambda: sight_matrix_loop(table), repeat)
    ratio = loop / vectorised
    print(f"table: seed {seed}, {n} chips, {len(table.obstacles)} obstacles, "
          f"{n * (n - 1)} ordered pairs ({blocked} blocked); results agree: {agree}")
    print(f"all-pairs line of sight, {n} chips x {len(table.obstacles)} obstacles: "
          f"vectorised {vectorised * 1e3:.2f} ms, per-pair loop {loop * 1e3:.1f} ms, "
          f"ratio {ratio:.0f}x (goal >= {GOAL_RATIO:.0f}x{'' if ratio >= GOAL_RATIO else ', NOT MET'})")
    print(f"  (vectorised names its blockers on first use; with every blocker named: "
          f"{with_names * 1e3:.2f} ms, ratio {loop / with_names:.0f}x)")
    if not agree:
        print("WARNING: the vectorised and per-pair results differ")


def scaling(sizes: list[int], seed: int, repeat: int, dense_max: int, loop_max: int) -> None:
    print()
    print(f"batched sight_matrix vs the dense n^3 approach it replaced (dense up to {dense_max} chips) "
          f"and the per-pair loop (up to {loop_max} chips); time = median, peak = tracemalloc")
    header = (f"{'chips':>5} {'obst':>4} {'table cm':>9} {'blocked':>7} | {'new ms':>8} {'new MiB':>7} | "
              f"{'dense ms':>8} {'dense MiB':>9} {'time x':>6} {'mem x':>6} | {'loop ms':>8} {'loop x':>6} | agree")
    print(header)
    print("-" * len(header))
    all_agree = True
    for n in sizes:
        table = scaled_table(n, seed)
        new = sight_matrix(table)  # warms the table's caches
        agree = True
        new_s = median_seconds(lambda: sight_matrix(table), repeat)
        new_mib = peak_mib(lambda: sight_matrix(table))
        dense = "—".rjust(8) + " " + "—".rjust(9) + " " + "—".rjust(6) + " " + "—".rjust(6)
        if n <= dense_max:
            agree &= dense_sight_matrix(table) == new
            dense_s = median_seconds(lambda: dense_sight_matrix(table), repeat)
            dense_mib = peak_mib(lambda: dense_sight_matrix(table))
            dense = (f"{dense_s * 1e3:8.1f} {dense_mib:9.1f} {dense_s / new_s:5.1f}x "
                     f"{dense_mib / new_mib:5.1f}x")
        loop = "—".rjust(8) + " " + "—".rjust(6)
        if n <= loop_max:
            agree &= sight_matrix_loop(table) == new
            loop_s = median_seconds(lambda: sight_matrix_loop(table), max(1, repeat // 2))
            loop = f"{loop_s * 1e3:8.0f} {loop_s / new_s:5.0f}x"
        all_agree &= agree
        width, depth = table.width, table.depth
        print(f"{n:>5} {len(table.obstacles):>4} {f'{width:.0f}x{depth:.0f}':>9} {int((~new.clear).sum()):>7} | "
              f"{new_s * 1e3:8.1f} {new_mib:7.1f} | {dense} | {loop} | {agree}")
    print("(time x, mem x, loop x: the other approach's time or peak over the batched one's)")
    if not all_agree:
        print("WARNING: the approaches' results differ")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,50,100,200,400",
                        help="comma-separated chip counts for the scaling table")
    parser.add_argument("--seed", type=int, default=2003)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--dense-max", type=int, default=400,
                        help="largest size the dense n^3 approach runs at (about 1.2 GB at 400 chips)")
    parser.add_argument("--loop-max", type=int, default=50,
                        help="largest size the per-pair loop runs at (it is slow)")
    args = parser.parse_args(argv)

    headline(args.seed, args.repeat)
    sizes = [int(size) for size in args.sizes.split(",") if size.strip()]
    scaling(sizes, args.seed, args.repeat, args.dense_max, args.loop_max)
    return 0


if __name__ == "__main__":
    sys.exit(main())
