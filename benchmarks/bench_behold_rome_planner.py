"""Behold: Rome planner: its advice time at a 1 s budget and its win rate against the greedy player's.

Question (issue 13, "Benchmarks"): does the planner (:func:`explorer.behold_rome.planner.advise`)
give its advice within 1 s on one core, and how often does a game played by its advice
(:class:`~explorer.behold_rome.planner.PlannerPlayer`) beat the rival civ, against the greedy
player (:class:`~explorer.behold_rome.players.GreedyPlayer`) on the very same deals?

Printed: for three positions (the opening, a middle-game position, a played card's benefits) the wall
time of ``advise(state, budget_s=1.0)`` with its ratio to the 1 s goal and the sampled orders it made;
then both players' wins on the same seeds with 95% Wilson intervals and their mean margins (own VPs
minus the rival's).  The planner plays with few iterations per decision so that the games fit the
time (``--iterations``); the games stop early, all of them counted, once ``--limit`` seconds have gone.

Run: ``python benchmarks/bench_behold_rome_planner.py [--games 10] [--difficulty easy] [--iterations 2]``.
A benchmark, not a test: the exit code is 0 whatever the figures.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer.behold_rome import actions as A  # noqa: E402
from explorer.behold_rome.game import arranged, new_game  # noqa: E402
from explorer.behold_rome.planner import PlannerPlayer, advise  # noqa: E402
from explorer.behold_rome.players import GreedyPlayer, margin  # noqa: E402
from explorer.core.players import play  # noqa: E402
from explorer.core.rng import SeededRng  # noqa: E402
from explorer.core.stats import wilson_interval  # noqa: E402

GOAL_S = 1.0


def positions() -> dict:
    opening = new_game(seed=0)
    middle = new_game(seed=1)
    player, rng = GreedyPlayer(), SeededRng(1)
    while middle.round < 5 or middle.phase != "action":
        middle.apply(player.choose(middle, rng))
    benefits = arranged([("roads", None), ("villa", 1, "stored")], [("britannia", 1), ("hispania", 2), ("greece", 1)])
    benefits.apply(A.Play("britannia"))
    benefits.apply(A.Pay("villa"))
    return {"opening": opening, "round 5": middle, "benefits": benefits}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--difficulty", default="easy")
    parser.add_argument("--iterations", type=int, default=2)
    parser.add_argument("--limit", type=float, default=45.0)
    args = parser.parse_args()
    start = time.perf_counter()
    print(f"advice at budget_s={GOAL_S} s, one core (in this process)")
    print(f"{'position':<10}{'legal':>6}{'seconds':>9}{'x goal':>8}{'orders':>8}  best")
    for label, state in positions().items():
        t = time.perf_counter()
        advice = advise(state, seed=0, budget_s=GOAL_S)
        took = time.perf_counter() - t
        print(f"{label:<10}{len(advice):>6}{took:>9.3f}{took / GOAL_S:>8.2f}{max(a.visits for a in advice):>8}  "
              f"{advice[0].text[:70]}")
    planner, greedy = PlannerPlayer(iterations=args.iterations), GreedyPlayer()
    results = {"planner": [], "greedy": []}
    seconds = {"planner": 0.0, "greedy": 0.0}
    for seed in range(args.games):
        if time.perf_counter() - start > args.limit:
            break
        for label, player in (("greedy", greedy), ("planner", planner)):
            t = time.perf_counter()
            state = play(new_game(args.difficulty, seed=seed, rival_difficulty=args.difficulty), player, seed=seed)
            seconds[label] += time.perf_counter() - t
            results[label].append((state.score().outcome == "win", margin(state)))
    n = len(results["planner"])
    print(f"\n{n} games each on the same seeds 0-{n - 1}, {args.difficulty} (rival civ {args.difficulty} too), "
          f"Carthage; planner: {args.iterations} sampled orders per action-phase decision")
    print(f"{'player':<9}{'wins':>6}{'share':>8}{'95% interval':>16}{'mean margin':>13}{'s/game':>8}")
    for label in ("greedy", "planner"):
        wins = sum(w for w, _ in results[label])
        low, high = wilson_interval(wins, n)
        mean = sum(m for _, m in results[label]) / n
        print(f"{label:<9}{wins:>6}{wins / n:>8.0%}{f'{low:.0%}-{high:.0%}':>16}{mean:>+13.1f}"
              f"{seconds[label] / n:>8.2f}")
    print(f"\ntotal {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
