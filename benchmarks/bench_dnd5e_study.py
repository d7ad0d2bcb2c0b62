"""D&D 5e encounter studies: whole encounters per second for each player, on one core.

Question: how many encounters a study (:mod:`explorer.dnd5e.study`, through the generic
:func:`explorer.core.simulate.simulate` in this process) plays per second on the shipped ``duell``
and ``scharmuetzel`` (:data:`explorer.dnd5e.encounter.ENCOUNTERS`), both sides played by the same
player: Zufall (:class:`~explorer.dnd5e.players.RandomPlayer`), Gierig
(:class:`~explorer.dnd5e.players.GreedyPlayer`), Taktisch
(:class:`~explorer.dnd5e.players.TaktischerSpieler`), and the core's uniform random player.  Goal
(issue 12): >= 50 random encounters a second.  Printed side by side with the mean rounds and
actions of an encounter (what one costs) and the ratio to the goal.

Run: ``python benchmarks/bench_dnd5e_study.py [--games 20] [--repeats 3]``.  A benchmark, not a
test: the exit code is 0 whatever the figures.
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _timing import median_ms  # noqa: E402

from explorer.core.simulate import simulate  # noqa: E402
from explorer.dnd5e.players import GreedyPlayer, RandomPlayer, TaktischerSpieler  # noqa: E402

GOAL_PER_S = 50.0
PLAYERS = {"Zufall": RandomPlayer(), "Gierig": GreedyPlayer(), "Taktisch": TaktischerSpieler(), "uniform": "uniform"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{args.games} encounters per run, median of {args.repeats} runs, one core (in this process)")
    print(f"{'encounter':<14}{'player':<10}{'encounters/s':>13}{'x goal':>8}{'rounds':>8}{'actions':>9}")
    for encounter in ("duell", "scharmuetzel"):
        for label, player in PLAYERS.items():
            frame = {}

            def run():
                frame["games"] = simulate("dnd5e", args.games, encounter, players=player, seed=args.seed,
                                          progress=False, parallel_threshold=10 ** 9)

            ms = median_ms(run, repeats=args.repeats)
            rate = args.games / (ms / 1000)
            games = frame["games"]
            print(f"{encounter:<14}{label:<10}{rate:>13.1f}{rate / GOAL_PER_S:>8.2f}{games['rounds'].mean():>8.1f}"
                  f"{games['actions'].mean():>9.1f}")


if __name__ == "__main__":
    main()
