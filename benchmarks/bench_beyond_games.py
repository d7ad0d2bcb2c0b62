"""Whole simulated games of Beyond per second on one core: the engine's random player and each strategy.

Run:  .venv/bin/python benchmarks/bench_beyond_games.py [--games 100] [--seed 0] [--advanced]

First the engine's uniform :class:`explorer.beyond.players.RandomPlayer` (two of them, through
``play_game``), then each strategy of :mod:`explorer.beyond.strategies` playing both seats
(``simulate(n, [s, s], executor=None)``: this one process), and prints games per second, actions
per second and the average turns per game.  Goal (the issue's "keep it fast"): every strategy
>= 20 games/s on one core, so a 7-strategy round robin of 200 games per pairing (4,200 games)
takes under 4 minutes on one core.  It is a benchmark, not a test: the exit code is 0 whatever
the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer.beyond import GameOptions, new_game  # noqa: E402
from explorer.beyond.players import play_game  # noqa: E402
from explorer.beyond.simulate import game_seed, simulate  # noqa: E402

GOAL_GAMES_PER_SECOND = 20.0
STRATEGIES = ("random", "stop-after-2", "stop-after-3", "risk-0.3", "greedy", "optimal", "capture-first")


def engine_random(games: int, seed: int, options: GameOptions) -> tuple[float, int, float]:
    """Seconds, actions and mean turns for ``games`` games between two engine RandomPlayers."""
    start = time.perf_counter()
    actions = turns = 0
    for k in range(games):
        state = play_game(new_game(2, seed=game_seed(seed, k), options=options), seed=k)
        actions += len(state.history)
        turns += state.turn
    return time.perf_counter() - start, actions, turns / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games to time per player kind")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--advanced", action="store_true", help="both advanced modules (protection, summoning)")
    args = parser.parse_args(argv)
    options = GameOptions.advanced() if args.advanced else GameOptions()
    print(f"Beyond, 2 players, {'advanced' if args.advanced else 'basic'} game, one core (in-process), "
          f"{args.games} games each, seed {args.seed}")
    simulate(2, ["greedy", "optimal"], args.seed + 1, options=options, progress=False)  # warm up

    seconds, actions, turns = engine_random(args.games, args.seed, options)
    print(f"{'engine RandomPlayer':>20}: {args.games / seconds:7.1f} games/s, {actions / seconds:9,.0f} actions/s, "
          f"{turns:.1f} turns/game")
    slowest = None
    for name in STRATEGIES:
        start = time.perf_counter()
        frame = simulate(args.games, [name, name], args.seed, options=options, progress=False)
        seconds = time.perf_counter() - start
        rate = args.games / seconds
        slowest = rate if slowest is None else min(slowest, rate)
        print(f"{name:>20}: {rate:7.1f} games/s, {frame['actions'].sum() / seconds:9,.0f} actions/s, "
              f"{frame['turns'].mean():.1f} turns/game")
    met = slowest >= GOAL_GAMES_PER_SECOND
    print(f"slowest strategy: {slowest:.1f} games/s on one core (goal >= {GOAL_GAMES_PER_SECOND:.0f}: "
          f"{'met' if met else 'NOT MET'}, ratio {slowest / GOAL_GAMES_PER_SECOND:.2f}x the goal)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
