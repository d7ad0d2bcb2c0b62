"""Many whole games of Beyond between strategies, as a table for analysts.

``simulate(500, ["greedy", "stop-after-2"], seed=1)`` plays 500 independent two-player games (the
first strategy in seat ``P1``, who holds the BEYOND stock card and plays first) and returns a
:class:`pandas.DataFrame` with one row per game (:data:`COLUMNS` says what each column means).

Reproducible whatever runs it: game ``k`` is dealt and played with its own seed
``SeededRng(seed).spawn(k).seed``, so a row depends only on ``(seed, k)`` and the arguments --
never on the executor or how the games are chunked.  Games run in this process (``executor=None``)
or in any :class:`concurrent.futures.Executor` (a process pool, a dask ``Client.get_executor()``):
only ``submit`` and ``Future.result`` are used and what is submitted (:func:`play_chunk` and its
arguments) pickles by reference.  A tqdm bar (``tqdm.auto``) shows for long runs
(``progress=None``: from :data:`PROGRESS_THRESHOLD` games on).
"""

from __future__ import annotations

import concurrent.futures
import math
from dataclasses import dataclass
from typing import Any, Sequence

import pandas as pd

from explorer.beyond.game import GameOptions, new_game
from explorer.beyond.strategies import make_strategy, strategy_name
from explorer.core.rng import SeededRng

__all__ = ["COLUMNS", "PROGRESS_THRESHOLD", "end_reason", "game_seed", "play_chunk", "play_one", "simulate"]

PROGRESS_THRESHOLD = 200
"""``progress=None``: from this many games on, a progress bar is shown."""

MAX_ACTIONS = 20_000
"""A game that has not ended after so many actions is an engine or strategy bug (raised)."""

COLUMNS: dict[str, str] = {
    "game": "index k of the game in this run (0 .. n-1); rows are in this order",
    "seed": "the game's own seed, SeededRng(seed).spawn(k).seed: new_game(..., seed=it) replays the deal",
    "strategies": "the strategy names by seat, comma-separated (seat P1 first)",
    "winners": "the winning seat(s), comma-separated (a tie on points and Spirit face cards shares the win)",
    "winner_strategies": "the winners' strategy names, comma-separated",
    "end": "\"nian_shou\" (instant win), \"enchantments\" (a third enchantment triggered the last round) or "
           "\"draw_pile\" (the last draw pile was finished)",
    "turns": "turns played (one player's three phases each)",
    "actions": "actions applied",
    "strategy[P]": "the strategy in seat P",
    "score[P]": "P's energy points at the end (beyond-rulebook.txt, \"Counting Energy Points\")",
    "cards[P]": "cards P collected in Phase 1 (successful reveals: all revealed; failed: the last one plus "
                "those bought with Lotus tokens)",
    "failed[P]": "P's failed reveals",
    "nian_shou[P]": "Nian Shou cards P took from the central pattern (failed first reveal, Metal Tiger summon)",
    "captures[P]": "cards P captured from opponents",
    "enchantments[P]": "patterns P composed",
}
"""The DataFrame's columns; ``[P]`` columns come once per seat (``P1``, ``P2``, ...)."""

PER_SEAT = tuple(name[:-3] for name in COLUMNS if name.endswith("[P]"))
COUNTED = ("cards", "failed", "nian_shou", "captures", "enchantments")


@dataclass(frozen=True)
class _Job:
    """What every game of a run shares (pickled once per chunk)."""

    strategies: tuple
    options: GameOptions


def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a run seeded ``seed``."""
    return SeededRng(seed).spawn(k).seed


def end_reason(state) -> str:
    """Why the game ended (beyond-rulebook.txt, "End of the Game")."""
    if any(len(state._area(p)["nian"]) == len(state.components.nian_shou) for p in state.players):
        return "nian_shou"
    trigger = next((e for e in state.log if e.kind == "end-triggered"), None)
    return "enchantments" if trigger is not None and "enchantment" in trigger.text else "draw_pile"


def play_one(job: _Job, k: int, seed: int, state_check: bool = False) -> dict[str, Any]:
    """Play game ``k`` (seeded ``seed``) and return its row; ``state_check`` runs
    ``state.check_invariants()`` after every action (tests)."""
    seats = [f"P{i + 1}" for i in range(len(job.strategies))]
    state = new_game(seats, seed=seed, options=job.options)
    rng = SeededRng(seed).spawn("players")
    players = {p: make_strategy(spec, seed=rng.spawn(i).seed) for i, (p, spec) in enumerate(zip(seats, job.strategies))}
    counts = {key: dict.fromkeys(seats, 0) for key in COUNTED}
    actions = 0
    while not state.is_terminal():
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game {k} (seed {seed}) did not end within {MAX_ACTIONS} actions")
        who = state.current_player
        action = players[who].choose(state)
        central, revealed = len(state.central), len(state.revealed)
        state.apply(action)
        actions += 1
        kind = action.kind
        if kind == "stop":
            counts["cards"][who] += revealed
        elif kind == "collect":
            counts["cards"][who] += 1 + len(action.bought)
        elif kind == "reveal" and (state.phase == "collect" or (state.is_terminal() and len(state.central) < central)):
            counts["failed"][who] += 1
        elif kind == "capture":
            counts["captures"][who] += 1
        elif kind == "compose":
            counts["enchantments"][who] += 1
        counts["nian_shou"][who] += central - len(state.central)
        if state_check:
            state.check_invariants()
    names = [strategy_name(s) for s in job.strategies]
    winners = state.winners
    scores = state.scores()
    row: dict[str, Any] = {
        "game": k, "seed": seed, "strategies": ",".join(names), "winners": ",".join(winners),
        "winner_strategies": ",".join(names[seats.index(w)] for w in winners), "end": end_reason(state),
        "turns": state.turn, "actions": actions,
    }
    for i, p in enumerate(seats):
        row[f"strategy[{p}]"] = names[i]
        row[f"score[{p}]"] = scores[p]
        for key in COUNTED:
            row[f"{key}[{p}]"] = counts[key][p]
    return row


def play_chunk(job: _Job, games: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """Play the games ``(k, seed)`` one after the other; their rows (what executors run)."""
    return [play_one(job, k, seed) for k, seed in games]


def simulate(n: int, strategies: Sequence, seed: int = 0, *, options: GameOptions | None = None,
             executor: concurrent.futures.Executor | None = None, progress: bool | None = None,
             chunk_size: int | None = None, desc: str | None = None) -> pd.DataFrame:
    """Play ``n`` independent games and return one row per game (columns: :data:`COLUMNS`).

    * ``strategies``: one per seat (2 or more), names (``"greedy"``, ``"stop-after-3"``,
      ``"risk-0.3"``, see :func:`explorer.beyond.strategies.make_strategy`) or Strategy objects;
    * ``seed``: game ``k`` uses :func:`game_seed` ``(seed, k)`` -- the same frame whatever executor;
    * ``options``: :class:`~explorer.beyond.game.GameOptions` (``GameOptions.advanced()`` for both
      modules), default the basic game;
    * ``executor``: any :class:`concurrent.futures.Executor`; ``None``: this process;
    * ``progress``: a tqdm bar; ``None`` shows it from :data:`PROGRESS_THRESHOLD` games on.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of games >= 0, got {n!r}")
    if isinstance(strategies, str) or len(strategies) < 2:
        raise ValueError("strategies: one per seat, at least 2")
    for spec in strategies:
        make_strategy(spec)  # names checked here, not in a worker
    job = _Job(tuple(strategies), options or GameOptions())
    games = [(k, game_seed(seed, k)) for k in range(n)]
    show = (n >= PROGRESS_THRESHOLD) if progress is None else bool(progress)
    rows = _run(executor, job, games, chunk_size or max(1, min(50, math.ceil(n / 16))), show,
                desc or "Beyond " + " vs ".join(strategy_name(s) for s in strategies))
    return _frame(rows, job, seed)


def _run(executor, job: _Job, games: list, chunk_size: int, show: bool, desc: str) -> list[dict]:
    from tqdm.auto import tqdm

    rows: list[dict] = []
    with tqdm(total=len(games), desc=desc, unit="game", disable=not show) as bar:
        if executor is None:
            for k, seed in games:
                rows.append(play_one(job, k, seed))
                bar.update(1)
            return rows
        chunks = [games[i:i + chunk_size] for i in range(0, len(games), chunk_size)]
        futures = [executor.submit(play_chunk, job, chunk) for chunk in chunks]
        for future, chunk in zip(futures, chunks):
            rows.extend(future.result())
            bar.update(len(chunk))
    rows.sort(key=lambda row: row["game"])
    return rows


def _frame(rows: list[dict], job: _Job, seed: int) -> pd.DataFrame:
    seats = [f"P{i + 1}" for i in range(len(job.strategies))]
    per_seat = [f"{key}[{p}]" for key in PER_SEAT for p in seats]
    columns = [c for c in COLUMNS if not c.endswith("[P]")] + per_seat
    frame = pd.DataFrame.from_records(rows, columns=columns)
    for column in ("game", "turns", "actions", *(c for c in per_seat if not c.startswith("strategy["))):
        frame[column] = frame[column].astype("int64")
    frame["seed"] = frame["seed"].astype("uint64")
    frame.attrs.update({"seed": seed, "strategies": [strategy_name(s) for s in job.strategies],
                        "options": job.options.to_json(), "columns": dict(COLUMNS)})
    return frame
