"""D&D 5e encounter studies: whole encounters per second for each player, on one core.

Question: how many encounters a study (:mod:`explorer.dnd5e.study`, through the generic
:func:`explorer.core.simulate.simulate` in this process) plays per second on the shipped ``duell``
and ``scharmuetzel`` (:data:`explorer.dnd5e.encounter.ENCOUNTERS`), both sides played by the same
player: Zufall (:class:`~explorer.dnd5e.players.RandomPlayer`), Gierig
(:class:`~explorer.dnd5e.players.GreedyPlayer`), Taktisch
(:class:`~explorer.dnd5e.players.TaktischerSpieler`), and the core's uniform random player.  Goal
(issue 12): >= 50 random encounters a second.  Printed side by side with the mean rounds and
actions of an encounter (what one costs) and the ratio to the goal.

Run: ``python benchmarks/bench_dnd5e_study.py [--games 20] [--repeats 3] [--against DIR]``.

``--against DIR``: every run is also made on the source tree DIR (say a ``git worktree`` of an older
commit), in a worker process, the two interleaved run by run (this tree first in odd repeats, the
other first in even ones), so that a machine that slows down or speeds up slows both alike; printed
"before | now" (medians of wall time, one core each) with the ratio now / before, the same ratio by
the medians of CPU time (the steadier figure on a shared machine), and whether both trees played
the same encounters (the same mean actions and rounds).  A benchmark, not a test:
the exit code is 0 whatever the figures.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_DND5E_ROOT", Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from _timing import Worker, serve  # noqa: E402

GOAL_PER_S = 50.0
PLAYERS = {"Zufall": "random", "Gierig": "greedy", "Taktisch": "tactical", "uniform": "uniform"}
"""The players by label, as :func:`explorer.core.players.players_of` names them."""
ENCOUNTERS = ("duell", "scharmuetzel")


def run(encounter: str, player: str, games: int, seed: int) -> dict:
    """One study of ``games`` encounters in this process: its wall and CPU seconds, rounds and actions."""
    from explorer.core.simulate import simulate

    start, cpu = time.perf_counter(), time.process_time()
    frame = simulate("dnd5e", games, encounter, players=player, seed=seed, progress=False,
                     parallel_threshold=10 ** 9)
    return {"s": time.perf_counter() - start, "cpu": time.process_time() - cpu, "rounds": float(frame["rounds"].mean()),
            "actions": float(frame["actions"].mean())}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", type=Path, help="another source tree to time the same studies on")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:  # the studies asked for on stdin, [encounter, player, games, seed] a line
        return serve(run)
    other = Worker(__file__, "BENCH_DND5E_ROOT", args.against) if args.against is not None else None
    print(f"{args.games} encounters per run, median of {args.repeats} runs, one core (in this process)"
          + (f"; before: {args.against} (a worker process, interleaved)" if other else ""))
    head = f"{'encounter':<14}{'player':<10}{'encounters/s':>13}{'x goal':>8}{'rounds':>8}{'actions':>9}"
    print(head + (f"{'before':>9}{'now/before':>12}{'by CPU':>8}{'same':>6}" if other else ""))
    try:
        for encounter in ENCOUNTERS:
            for label, player in PLAYERS.items():
                job = (encounter, player, args.games, args.seed)
                run(*job)  # warm up (imports, caches)
                if other:
                    other(*job)
                now, then = [], []
                for k in range(args.repeats):
                    if other and k % 2:
                        then.append(other(*job))
                    now.append(run(*job))
                    if other and not k % 2:
                        then.append(other(*job))
                rate = args.games / statistics.median(r["s"] for r in now)
                line = (f"{encounter:<14}{label:<10}{rate:>13.1f}{rate / GOAL_PER_S:>8.2f}{now[0]['rounds']:>8.1f}"
                        f"{now[0]['actions']:>9.1f}")
                if other:
                    old = args.games / statistics.median(r["s"] for r in then)
                    cpu = statistics.median(r["cpu"] for r in then) / statistics.median(r["cpu"] for r in now)
                    same = (then[0]["rounds"], then[0]["actions"]) == (now[0]["rounds"], now[0]["actions"])
                    line += f"{old:>9.1f}{rate / old:>11.2f}x{cpu:>7.2f}x{'yes' if same else 'NO':>6}"
                print(line, flush=True)
    finally:
        if other is not None:
            other.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
