"""Whole simulated games of "Unser Revier!" per second on one core: random and greedy players.

Run:  .venv/bin/python benchmarks/bench_games.py [--games 60] [--greedy-games 30] [--max-turns 60]
                                                 [--decks vampire schwesternbund] [--seed 0]

Plays seeded games of "Unser Revier!" between two 30-CP decks (the starter set's Vampire and
Schwesternbund by default) in this one process (``simulate(..., executor=None)`` below its
parallel threshold: one core), first with two random players, then with two greedy players,
and prints games per second, actions per second, the average actions and turns per game and the
share of games that ended with a winner.  Random players rarely bring chips into contact, so
their games mostly run to the turn limit (``--max-turns``, simulate's default 60: 30 turns a
side): the figure is for games of that length.  Goal (the issue): >= 20 random games/s.
It is a benchmark, not a test: the exit code is 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer.behind.data import load_decks  # noqa: E402
from explorer.behind.simulate import DEFAULT_MAX_TURNS, simulate  # noqa: E402

GOAL_GAMES_PER_SECOND = 20.0


def run(decks, players, games: int, seed: int, max_turns: int) -> tuple[float, object]:
    """Seconds for ``games`` games in this process, and their DataFrame."""
    start = time.perf_counter()
    frame = simulate(games, decks, "unser_revier", seed, players=players, max_turns=max_turns, progress=False,
                     parallel_threshold=games + 1)
    return time.perf_counter() - start, frame


def describe(label: str, seconds: float, frame) -> float:
    games = len(frame)
    rate = games / seconds
    print(f"{label}: {games} games in {seconds:.2f} s = {rate:.1f} games/s, "
          f"{frame['actions'].sum() / seconds:,.0f} actions/s; per game {frame['actions'].mean():.0f} actions, "
          f"{frame['turns'].mean():.1f} turns; {frame['winner'].notna().mean():.0%} with a winner "
          f"({', '.join(f'{k} {v}' for k, v in frame['end'].value_counts().items())})")
    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="random games to time")
    parser.add_argument("--greedy-games", type=int, default=30, help="greedy games to time")
    parser.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS)
    parser.add_argument("--decks", nargs=2, default=["vampire", "schwesternbund"])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    all_decks = load_decks()
    decks = [all_decks[d] for d in args.decks]
    points = " vs ".join(f"{d.society} ({d.character_points} CP)" for d in decks)
    print(f"'Unser Revier!', {points}, turn limit {args.max_turns}, one core (in-process), seed {args.seed}")
    run(decks, ("random", "random"), 2, args.seed + 1, args.max_turns)  # warm up: imports, caches

    random_s, random_frame = run(decks, ("random", "random"), args.games, args.seed, args.max_turns)
    random_rate = describe("random vs random", random_s, random_frame)
    greedy_s, greedy_frame = run(decks, ("greedy", "greedy"), args.greedy_games, args.seed, args.max_turns)
    greedy_rate = describe("greedy vs greedy", greedy_s, greedy_frame)

    met = random_rate >= GOAL_GAMES_PER_SECOND
    print(f"random-play games per second on one core: {random_rate:.1f} (goal >= {GOAL_GAMES_PER_SECOND:.0f}: "
          f"{'met' if met else 'NOT MET'}, ratio {random_rate / GOAL_GAMES_PER_SECOND:.2f}x the goal); "
          f"a greedy game takes {random_rate / greedy_rate:.1f}x as long as a random one")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
