"""Many whole games of Behind, played by simulated players, as a table for analysts.

``simulate(200, [decks["vampire"], decks["schwesternbund"]], players=("greedy", "random"))``
plays 200 independent games and returns a :class:`pandas.DataFrame` with one row per game
(:data:`COLUMNS` says what each column means).

Reproducible whatever runs it: game ``k`` is dealt and played with its own seed
``SeededRng(seed).spawn(k).seed`` (:meth:`explorer.core.rng.SeededRng.spawn`), so a row depends
only on ``(seed, k)`` and the arguments -- never on the executor, the number of workers or how the
games are chunked.  Games run

* in this process for small runs (``n < parallel_threshold``, default 200);
* in a :class:`concurrent.futures.ProcessPoolExecutor` over the machine's cores for large ones;
* in any :class:`concurrent.futures.Executor` given as ``executor`` -- a thread pool, a process
  pool, or a dask cluster's ``Client.get_executor()``: only ``submit`` and ``Future.result`` are
  used, and what is submitted (:func:`play_chunk` and its arguments) pickles by reference.

A tqdm progress bar (``tqdm.auto``: a widget in Jupyter, text elsewhere) shows for long runs
(``progress=None``: from :data:`PROGRESS_THRESHOLD` games on; ``True`` always, ``False`` never).
"""

from __future__ import annotations

import concurrent.futures
import math
import os
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import pandas as pd

from explorer.behind import actions as A
from explorer.behind.players import make_player, play_game
from explorer.core.rng import SeededRng

__all__ = ["COLUMNS", "DEFAULT_MAX_TURNS", "PARALLEL_THRESHOLD", "PROGRESS_THRESHOLD", "GameTally", "game_seed",
           "play_chunk", "simulate"]

DEFAULT_MAX_TURNS = 60
"""Turns after which a simulated game stops without winner (30 per player in "Unser Revier!"):
greedy games of two 30-CP decks end well before it; random players rarely bring chips into
contact, so their games mostly run to it."""

PARALLEL_THRESHOLD = 200
"""``executor=None``: from this many games on, a process pool over the cores plays them."""

PROGRESS_THRESHOLD = 100
"""``progress=None``: from this many games on, a progress bar is shown."""

COLUMNS: dict[str, str] = {
    "game": "index k of the game in this run (0 .. n-1); rows are in this order",
    "seed": "the game's own seed, SeededRng(seed).spawn(k).seed: new_game(..., seed=it) and "
            "play_game(..., seed=it) replay exactly this game",
    "scenario": "the scenario id (\"unser_revier\", \"juwel_von_athen\")",
    "players": "the player kinds in deck order, e.g. \"greedy,random\"",
    "winner": "the winning player's name (his deck's society), None if the game stopped without winner",
    "winner_seat": "index of the winner's deck in `decks` (nullable Int64; <NA> without winner)",
    "winner_kind": "the winner's player kind (\"greedy\", \"random\", a class name), None without winner",
    "end": "\"goal\" (the scenario goal was reached), \"max_turns\" (stopped by the turn limit) or "
           "\"no one left\" (every character eliminated)",
    "turns": "turns played (a turn is one player's organisation, action and supply phase)",
    "actions": "actions the players chose and applied (turn actions, free turns and decisions; setup not counted)",
    "first_blood_turn": "turn of the first injury in the game (nullable Int64; <NA> if nobody was injured)",
    "injuries_dealt[P]": "injuries player P inflicted on enemy characters (melee, ranged, failed attacks "
                         "against him); one column per player",
    "injuries_suffered[P]": "injuries P's characters suffered",
    "eliminated[P]": "P's characters eliminated (lost) during the game",
    "characters_left[P]": "P's characters still in the game at the end",
    "cards_used[P]": "hand cards P played: movement, combat and effect cards, discards, cards and Moments "
                     "to defend or dodge (cards turned up from the supply are not counted)",
    "melee[P]": "melee attacks P made",
    "ranged[P]": "ranged attacks P made",
}
"""The DataFrame's columns and what they mean; ``[P]`` columns come once per player, named by
the player (his deck's society: "Vampire", "Schwesternbund", ...)."""

PER_PLAYER = tuple(name[:-3] for name in COLUMNS if name.endswith("[P]"))


# =============================================================================================
# Counting one game
# =============================================================================================
class GameTally:
    """Counts what happens in one game, action by action (a :func:`play_game` observer)."""

    def __init__(self, players: Sequence[str]):
        self.players = tuple(players)
        self.counts = {key: dict.fromkeys(self.players, 0) for key in PER_PLAYER if key != "characters_left"}
        self.actions = 0
        self.first_blood_turn: int | None = None
        self._active: str | None = None
        self._injuries: dict[str, int] = {}

    def before(self, state, who: str, action: A.Action) -> None:
        self._active = state.active_player
        self._injuries = {n: c.injuries for n, c in state.data.characters.items()}
        self.counts["cards_used"][who] += _hand_cards(state, who, action)
        if isinstance(action, A.Melee):
            self.counts["melee"][who] += 1
        elif isinstance(action, A.Ranged):
            self.counts["ranged"][who] += 1

    def after(self, state, who: str, action: A.Action, events) -> None:
        self.actions += 1
        for name, character in state.data.characters.items():
            gained = character.injuries - self._injuries.get(name, 0)
            if gained <= 0:
                continue
            victim = state.owners[name]
            self.counts["injuries_suffered"][victim] += gained
            # the acting player injures the enemy; a failed attack injures the attacker, by the defender
            dealer = self._active if victim != self._active else (who if who != victim else None)
            if dealer is not None:
                self.counts["injuries_dealt"][dealer] += gained
            if character.eliminated:
                self.counts["eliminated"][victim] += 1
            if self.first_blood_turn is None:
                self.first_blood_turn = state.turn


def _hand_cards(state, who: str, action: A.Action) -> int:
    """Hand cards ``who`` plays with ``action`` (before it is applied)."""
    if isinstance(action, (A.Move, A.PlayCard, A.Discard)):
        return 1
    if isinstance(action, A.Melee):
        return int(action.card is not None)
    if isinstance(action, A.Ranged):
        card = state.cards.get(action.source)
        return int(card is not None and card.category != "Waffe")  # magic from the hand; a weapon is carried
    if isinstance(action, (A.Defend, A.Dodge)):
        return int(action.card is not None) + len(action.moments)
    return 0


# =============================================================================================
# Games and chunks of games
# =============================================================================================
@dataclass(frozen=True)
class _Job:
    """What every game of a run shares (pickled once per chunk)."""

    decks: tuple
    scenario: str
    players: tuple
    max_turns: int


def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a run seeded ``seed``."""
    return SeededRng(seed).spawn(k).seed


def _kind(player) -> str:
    return player if isinstance(player, str) else getattr(player, "name", type(player).__name__)


def play_one(job: _Job, k: int, seed: int) -> dict[str, Any]:
    """Play game ``k`` (seeded ``seed``) and return its row."""
    from explorer.behind.game import player_names

    names = player_names(job.decks)
    tally = GameTally(names)
    state = play_game(job.decks, job.scenario, job.players, seed=seed, max_turns=job.max_turns, observer=tally)
    winner = state.winner
    last = state.log[-1].kind if state.log else ""
    end = "goal" if winner is not None else ("max_turns" if last == "stopped" else "no one left")
    seat = state.players.index(winner) if winner is not None else None
    row: dict[str, Any] = {
        "game": k, "seed": seed, "scenario": job.scenario, "players": ",".join(_kind(p) for p in job.players),
        "winner": winner, "winner_seat": seat, "winner_kind": _kind(job.players[seat]) if seat is not None else None,
        "end": end, "turns": state.turn, "actions": tally.actions, "first_blood_turn": tally.first_blood_turn,
    }
    for key in PER_PLAYER:
        for player in state.players:
            if key == "characters_left":
                row[f"{key}[{player}]"] = len(state.characters_of(player))
            else:
                row[f"{key}[{player}]"] = tally.counts[key][player]
    return row


def play_chunk(job: _Job, games: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """Play the games ``(k, seed)`` one after the other; their rows (what executors run)."""
    return [play_one(job, k, seed) for k, seed in games]


# =============================================================================================
# The run
# =============================================================================================
def simulate(n: int, decks: Sequence, scenario: str = "unser_revier", seed: int = 0, *,
             players: Sequence | str = "greedy", executor: concurrent.futures.Executor | None = None,
             max_turns: int = DEFAULT_MAX_TURNS, progress: bool | None = None,
             parallel_threshold: int = PARALLEL_THRESHOLD, chunk_size: int | None = None,
             workers: int | None = None) -> pd.DataFrame:
    """Play ``n`` independent games and return one row per game (columns: :data:`COLUMNS`).

    * ``decks``: one :class:`~explorer.behind.data.Deck` (or deck id, e.g. ``"vampire"``) per
      player -- two for "Unser Revier!", three for "Das Juwel von Athen".
    * ``players``: one per deck, names from :data:`explorer.behind.players.PLAYERS` (``"greedy"``,
      ``"random"``) or Player objects (picklable, for process pools); one name (default
      ``"greedy"``) for every player.
    * ``seed``: game ``k`` uses :func:`game_seed` ``(seed, k)``: the same ``seed`` gives the same
      DataFrame, whatever ``executor``, ``workers`` or ``chunk_size``.
    * ``executor``: any :class:`concurrent.futures.Executor` (a dask ``Client.get_executor()``
      too); ``None``: this process below ``parallel_threshold`` games, else a process pool of
      ``workers`` (default: every core) that is shut down afterwards.
    * ``max_turns``: a game stops without winner after so many turns (0: never -- random players
      may then play for a very long time).
    * ``progress``: a tqdm bar; ``None`` shows it from :data:`PROGRESS_THRESHOLD` games on.
    * ``chunk_size``: games per submitted task (default: about four tasks per worker, at most 50 games).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of games >= 0, got {n!r}")
    job = _Job(_resolve_decks(decks), scenario, _resolve_players(players, len(decks)), int(max_turns))
    games = [(k, game_seed(seed, k)) for k in range(n)]
    show = (n >= PROGRESS_THRESHOLD) if progress is None else bool(progress)
    if executor is None and n >= parallel_threshold and (workers or os.cpu_count() or 1) > 1:
        workers = workers or os.cpu_count() or 1
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=_mp_context()) as pool:
            rows = _run(pool, job, games, chunk_size or _chunk_size(n, workers), show)
    elif executor is None:
        rows = _run(None, job, games, 1, show)
    else:
        rows = _run(executor, job, games, chunk_size or _chunk_size(n, workers or os.cpu_count() or 1), show)
    return _frame(rows, job, seed)


def _resolve_decks(decks: Sequence) -> tuple:
    from explorer.behind.data import load_decks

    if isinstance(decks, str):
        raise TypeError("decks is a sequence of decks (or deck ids), one per player")
    loaded = None
    out = []
    for deck in decks:
        if isinstance(deck, str):
            loaded = loaded or load_decks()
            if deck not in loaded:
                raise ValueError(f"unknown deck {deck!r}; decks are {', '.join(loaded)}")
            deck = loaded[deck]
        out.append(deck)
    return tuple(out)


def _resolve_players(players, count: int) -> tuple:
    players = (players,) * count if isinstance(players, str) else tuple(players)
    if len(players) != count:
        raise ValueError(f"{count} decks need {count} players, got {len(players)}: {players}")
    for player in players:
        make_player(player)  # names checked here, not in a worker
    return players


def _chunk_size(n: int, workers: int) -> int:
    return max(1, min(50, math.ceil(n / (4 * max(1, workers)))))


def _mp_context():
    """A start method safe in a threaded parent (Jupyter): forkserver where there is one."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _run(executor, job: _Job, games: list[tuple[int, int]], chunk_size: int, show: bool) -> list[dict]:
    from tqdm.auto import tqdm

    rows: list[dict] = []
    with tqdm(total=len(games), desc=f"simulating {job.scenario}", unit="game", disable=not show) as bar:
        if executor is None:
            for k, seed in games:
                rows.append(play_one(job, k, seed))
                bar.update(1)
            return rows
        chunks = [games[i:i + chunk_size] for i in range(0, len(games), chunk_size)]
        futures = [executor.submit(play_chunk, job, chunk) for chunk in chunks]
        sizes = {id(f): len(chunk) for f, chunk in zip(futures, chunks)}
        if all(isinstance(f, concurrent.futures.Future) for f in futures):
            for future in concurrent.futures.as_completed(futures):  # the bar moves as chunks finish
                future.result()  # a worker's error is raised here
                bar.update(sizes[id(future)])
            for future in futures:
                rows.extend(future.result())
        else:  # futures of another kind: in order, with result() only
            for future in futures:
                rows.extend(future.result())
                bar.update(sizes[id(future)])
    rows.sort(key=lambda row: row["game"])
    return rows


def _frame(rows: Iterable[dict], job: _Job, seed: int) -> pd.DataFrame:
    from explorer.behind.game import player_names

    names = player_names(job.decks)
    per_player = [f"{key}[{p}]" for key in PER_PLAYER for p in names]
    columns = [c for c in COLUMNS if not c.endswith("[P]")] + per_player
    frame = pd.DataFrame.from_records(list(rows), columns=columns)
    for column in ("game", "turns", "actions", *per_player):
        frame[column] = frame[column].astype("int64")
    frame["seed"] = frame["seed"].astype("uint64")  # derived seeds use all 64 bits
    for column in ("winner_seat", "first_blood_turn"):
        frame[column] = frame[column].astype("Int64")
    for column in ("winner", "winner_kind"):
        frame[column] = frame[column].astype(object).where(frame[column].notna(), None)
    frame.attrs.update({"scenario": job.scenario, "players": frame["players"].iloc[0] if len(frame) else "",
                        "max_turns": job.max_turns, "seed": seed, "columns": dict(COLUMNS)})
    return frame
