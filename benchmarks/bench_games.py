"""Whole simulated games of Behind per second on one core: random and greedy players, both scenarios.

Run:  .venv/bin/python benchmarks/bench_games.py [--games 40] [--greedy-games 20] [--max-turns 60]
                                                 [--seed 0] [--scenarios unser_revier juwel_von_athen]
                                                 [--against DIR]

Plays seeded games in this one process (one core), game ``k`` seeded like ``simulate``'s
(``game_seed(seed, k)``) and counted by its observer (``GameTally``): "Unser Revier!" between
the starter set's Vampire and Schwesternbund decks (2 players), "Das Juwel von Athen" between
Vampire, Schwesternbund and Werwoelfe (3 players), each with random players and with greedy
players.  Each game is timed alone, by the wall clock and by this process's CPU time (the
machine may be shared: the CPU figure is the steadier one).  Printed per scenario and players:

* the share of games that ended with a winner within ``--max-turns`` (a finished game);
* finished games per second: finished games divided by the time of ALL the games (the games
  stopped at the turn limit cost time too) -- the issue's goal, >= 20 for random players in
  "Unser Revier!", >= 10 for greedy ones;
* games per second of all games, and of the finished games alone; actions per second; turns.

``--against DIR``: the same benchmark, run in a subprocess on the source tree DIR (say a
``git worktree`` of an older commit), printed side by side with this tree ("before | now").
It is a benchmark, not a test: the exit code is 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GOALS = {("unser_revier", "random"): 20.0, ("unser_revier", "greedy"): 10.0}
"""Finished games per second on one core that the issue asks for."""

DECKS = {"unser_revier": ("vampire", "schwesternbund"), "juwel_von_athen": ("vampire", "schwesternbund", "werwoelfe")}


def measure(scenario: str, kind: str, games: int, seed: int, max_turns: int) -> dict:
    """Play ``games`` games of ``scenario`` between players of ``kind``; their figures."""
    from explorer.behind.data import load_decks
    from explorer.behind.game import player_names
    from explorer.behind.players import play_game
    from explorer.behind.simulate import GameTally, game_seed

    all_decks = load_decks()
    decks = [all_decks[d] for d in DECKS[scenario]]
    players = (kind,) * len(decks)
    play_game(decks, scenario, players, seed=seed + 10_000, max_turns=max_turns)  # warm up: imports, caches
    rows = []
    for k in range(games):
        tally = GameTally(player_names(decks))
        wall, cpu = time.perf_counter(), time.process_time()
        state = play_game(decks, scenario, players, seed=game_seed(seed, k), max_turns=max_turns, observer=tally)
        rows.append({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                     "won": state.winner is not None, "turns": state.turn, "actions": tally.actions})
    return summarise(rows)


def summarise(rows: list[dict]) -> dict:
    won = [r for r in rows if r["won"]]
    out = {"games": len(rows), "finished": len(won) / len(rows),
           "turns": sum(r["turns"] for r in rows) / len(rows),
           "turns_finished": sum(r["turns"] for r in won) / len(won) if won else float("nan")}
    for clock in ("cpu", "wall"):
        total = sum(r[clock] for r in rows)
        out[f"{clock}_finished_per_s"] = len(won) / total
        out[f"{clock}_games_per_s"] = len(rows) / total
        out[f"{clock}_per_finished_game_s"] = len(won) / sum(r[clock] for r in won) if won else 0.0
        out[f"{clock}_actions_per_s"] = sum(r["actions"] for r in rows) / total
    return out


def run_all(args) -> dict:
    figures = {}
    for scenario in args.scenarios:
        for kind, games in (("random", args.games), ("greedy", args.greedy_games)):
            if games > 0:
                figures[f"{scenario}/{kind}"] = measure(scenario, kind, games, args.seed, args.max_turns)
    return figures


LINES = (
    ("finished within the turn limit", "finished", "{:.0%}"),
    ("finished games/s (CPU; all games' time)", "cpu_finished_per_s", "{:.1f}"),
    ("finished games/s (wall)", "wall_finished_per_s", "{:.1f}"),
    ("games/s, all games (CPU)", "cpu_games_per_s", "{:.1f}"),
    ("games/s, finished games alone (CPU)", "cpu_per_finished_game_s", "{:.1f}"),
    ("actions/s (CPU)", "cpu_actions_per_s", "{:,.0f}"),
    ("turns per game (finished games)", "turns", "{:.1f}"),
)


def report(figures: dict, before: dict | None, max_turns: int) -> None:
    for key, now in figures.items():
        scenario, kind = key.split("/")
        seats = len(DECKS[scenario])
        print(f"\n{scenario} ({seats} players: {', '.join(DECKS[scenario])}), {kind} players, "
              f"{now['games']} games, turn limit {max_turns}")
        old = (before or {}).get(key)
        header = f"  {'':42s} {'before':>10s}   {'now':>10s}" if old else f"  {'':42s} {'now':>10s}"
        print(header)
        for label, field, fmt in LINES:
            value = fmt.format(now[field]) + (f" ({now['turns_finished']:.1f})" if field == "turns" else "")
            if old:
                was = fmt.format(old[field]) + (f" ({old['turns_finished']:.1f})" if field == "turns" else "")
                print(f"  {label:42s} {was:>10s}   {value:>10s}")
            else:
                print(f"  {label:42s} {value:>10s}")
        goal = GOALS.get((scenario, kind))
        if goal is not None:
            rate = now["cpu_finished_per_s"]
            print(f"  goal: >= {goal:.0f} finished games/s on one core: {'met' if rate >= goal else 'NOT MET'} "
                  f"({rate / goal:.2f}x the goal by CPU time, "
                  f"{now['wall_finished_per_s'] / goal:.2f}x by the wall clock)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games per scenario")
    parser.add_argument("--greedy-games", type=int, default=20, help="greedy games per scenario")
    parser.add_argument("--max-turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenarios", nargs="+", default=list(DECKS), choices=list(DECKS))
    parser.add_argument("--against", type=Path, help="another source tree to compare with (run in a subprocess)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # the subprocess of --against
    args = parser.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    before = None
    if args.against is not None:
        command = [sys.executable, str(Path(__file__).resolve()), "--json", "--games", str(args.games),
                   "--greedy-games", str(args.greedy_games), "--max-turns", str(args.max_turns),
                   "--seed", str(args.seed), "--scenarios", *args.scenarios]
        done = subprocess.run(command, capture_output=True, text=True, check=True,
                              env={**os.environ, "BENCH_GAMES_ROOT": str(args.against.resolve())})
        before = json.loads(done.stdout.splitlines()[-1])
    figures = run_all(args)
    if args.json:
        import explorer
        assert Path(explorer.__file__).resolve().is_relative_to(ROOT.resolve()), explorer.__file__
        print(json.dumps(figures))
        return 0
    print(f"Behind: whole games on one core (in-process), seed {args.seed}"
          + (f"; before = {args.against}" if before else ""))
    report(figures, before, args.max_turns)
    return 0


if __name__ == "__main__":
    if os.environ.get("BENCH_GAMES_ROOT"):  # --against: this process benchmarks the other tree
        ROOT = Path(os.environ["BENCH_GAMES_ROOT"])
    raise SystemExit(main())
