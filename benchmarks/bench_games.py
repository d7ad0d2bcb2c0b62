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

``--against DIR``: the same games on the source tree DIR (say a ``git worktree`` of an older
commit) and on this tree, printed side by side ("before | now") with the ratio.  Each tree plays
in its own worker process, and the two play *interleaved*, game by game (which goes first
alternates), so that a machine that slows down or speeds up during the run -- these shared
machines swing by 1.5x within minutes -- slows both alike and the ratio stays fair.
It is a benchmark, not a test: the exit code is 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import Worker, serve  # noqa: E402

GOALS = {("unser_revier", "random"): 20.0, ("unser_revier", "greedy"): 10.0}
"""Finished games per second on one core that the issue asks for."""

DECKS = {"unser_revier": ("vampire", "schwesternbund"), "juwel_von_athen": ("vampire", "schwesternbund", "werwoelfe")}


def _game(scenario: str, kind: str, k: int, seed: int, max_turns: int, _cache: dict = {}) -> dict:
    """Play game ``k`` of ``scenario`` between players of ``kind``; its row of figures."""
    from explorer.behind.data import load_decks
    from explorer.behind.game import player_names
    from explorer.behind.players import play_game
    from explorer.behind.simulate import GameTally, game_seed

    if scenario not in _cache:
        all_decks = load_decks()
        _cache[scenario] = [all_decks[d] for d in DECKS[scenario]]
    decks = _cache[scenario]
    players = (kind,) * len(decks)
    if (scenario, kind) not in _cache:  # warm up once: imports, caches
        _cache[scenario, kind] = play_game(decks, scenario, players, seed=seed + 10_000, max_turns=max_turns)
    tally = GameTally(player_names(decks))
    wall, cpu = time.perf_counter(), time.process_time()
    state = play_game(decks, scenario, players, seed=game_seed(seed, k), max_turns=max_turns, observer=tally)
    return {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
            "won": state.winner is not None, "turns": state.turn, "actions": tally.actions}


def measure(scenario: str, kind: str, games: int, seed: int, max_turns: int) -> dict:
    """Play ``games`` games of ``scenario`` between players of ``kind`` in this process; their figures."""
    return summarise([_game(scenario, kind, k, seed, max_turns) for k in range(games)])


def measure_side_by_side(args, trees: dict[str, Path]) -> dict[str, dict]:
    """The games of :func:`run_all` played by one worker per tree (:class:`_timing.Worker`), interleaved game by game."""
    workers = {label: Worker(__file__, "BENCH_GAMES_ROOT", tree) for label, tree in trees.items()}
    rows: dict[str, dict[str, list]] = {label: {} for label in trees}
    try:
        for scenario in args.scenarios:
            for kind, games in (("random", args.games), ("greedy", args.greedy_games)):
                for k in range(games):
                    order = list(trees) if k % 2 == 0 else list(trees)[::-1]
                    for label in order:
                        found = workers[label](scenario, kind, k, args.seed, args.max_turns)
                        rows[label].setdefault(f"{scenario}/{kind}", []).append(found)
    finally:
        for worker in workers.values():
            worker.close()
    return {label: {key: summarise(found) for key, found in by_key.items()} for label, by_key in rows.items()}


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
        if old:
            print(f"  {'speed-up, finished games/s (CPU)':42s} {now['cpu_finished_per_s'] / old['cpu_finished_per_s']:>23.2f}x")
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
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)  # a tree's process for --against
    args = parser.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    if args.worker:
        import explorer
        assert Path(explorer.__file__).resolve().is_relative_to(ROOT.resolve()), explorer.__file__
        return serve(_game)  # --worker: the games asked for on stdin, one JSON row each
    before = None
    if args.against is not None:
        both = measure_side_by_side(args, {"before": args.against, "now": ROOT})
        before, figures = both["before"], both["now"]
    else:
        figures = run_all(args)
    print(f"Behind: whole games on one core, seed {args.seed}"
          + (f"; before = {args.against}, now = {ROOT}, played interleaved game by game" if before else ""))
    report(figures, before, args.max_turns)
    return 0


if __name__ == "__main__":
    if os.environ.get("BENCH_GAMES_ROOT"):  # --against: this process benchmarks the other tree
        ROOT = Path(os.environ["BENCH_GAMES_ROOT"])
    raise SystemExit(main())
