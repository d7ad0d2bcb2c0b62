"""The shared protocol's "accepted once, not verified twice", measured side by side in one run.

Run:  .venv/bin/python benchmarks/bench_protocol.py [--games 30] [--seed 0]

Every registered system plays the same seeded games twice in this process with each of its
player kinds: once as the engine runs (``apply`` does not verify again an action that ``can`` or
``legal_actions()`` has just accepted on the unchanged state) and once with that memory switched
off (every ``apply`` verifies again, as before).  It checks that both runs play identical games
(the same final JSON) and prints games per second of each and their ratio.  CPU time of this
process, so that a busy machine disturbs the figures less.  A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import time

from explorer.core import game as core_game
from explorer.core.players import make_player, play, players_of
from explorer.core.systems import load_all

KINDS = {"behind": ("random", "greedy"), "beyond": ("patient", "greedy")}


def run(system, kind: str, games: int, seed: int) -> tuple[float, list]:
    finals = []
    spent = 0.0
    for k in range(games):
        state = system.new_game(seed=seed + k)
        start = time.process_time()
        play(state, make_player(system, kind), seed=seed + k)
        spent += time.process_time() - start
        finals.append(state.to_json())
    return spent, finals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    remembered = core_game.GameState._is_accepted
    print(f"{'system':8} {'players':8} {'verified again':>15} {'accepted once':>14} {'ratio':>6}  identical")
    for name, system in load_all().items():
        for kind in KINDS.get(name, tuple(players_of(system))[:1]):
            core_game.GameState._is_accepted = lambda self, action: False
            try:
                before, finals_before = run(system, kind, args.games, args.seed)
            finally:
                core_game.GameState._is_accepted = remembered
            now, finals_now = run(system, kind, args.games, args.seed)
            same = finals_before == finals_now
            print(f"{name:8} {kind:8} {args.games / before:12.1f}/s {args.games / now:11.1f}/s "
                  f"{before / now:5.2f}x  {'yes' if same else 'NO: the games differ'}")


if __name__ == "__main__":
    main()
