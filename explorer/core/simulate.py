"""Many independent games of any registered system, as one table for analysts.

::

    from explorer.core.simulate import simulate
    frame = simulate("beyond", 500, "basic_3", players=["greedy", "optimal", "uniform"], seed=1)
    frame = simulate("behind", 200, "unser_revier", players="random", rulings={"behind.flyer-sight": "observer-only"})

``simulate(system, n, config, players, seed)`` plays ``n`` games of ``system`` (its name or the
:class:`~explorer.core.systems.System`) from one configuration (a name from
``System.configurations``, a JSON-able mapping, or None for the first) and returns a
:class:`pandas.DataFrame` with one row per game: the generic columns (:data:`COLUMNS`) every system
gets, then the columns the system's :class:`Simulation` counts (``System.simulation``).
:func:`columns_of` says what each column of a system means.

Reproducible whatever runs it: game ``k`` is dealt with ``system.start(config, s)`` and played by
:func:`explorer.core.players.play` with ``seed=s``, where ``s = SeededRng(seed).spawn(k).seed``
(:func:`game_seed`), so a row depends only on ``(seed, k)`` and the arguments -- never on the
executor, the number of workers or how the games are chunked.  The games run

* in this process for small runs (``n < parallel_threshold``);
* in a process pool over the machine's cores for large ones: :func:`process_pool`, one per number
  of workers, created on first need, reused by every later call and shut down at exit (a new pool
  costs seconds: its workers import the systems);
* in any :class:`concurrent.futures.Executor` given as ``executor`` -- a thread pool, a process
  pool, a dask ``Client.get_executor()``: only ``submit`` and ``Future.result`` are used, and what
  is submitted (:func:`play_chunk` and a :class:`Job` naming the system, the configuration and the
  player specs) pickles by reference.

Games of very uneven length are cut into many small chunks (about :data:`CHUNKS_PER_WORKER` per
worker, at most :data:`MAX_CHUNK` games), so that no worker idles while another finishes a long
chunk; the rows are sorted by game.  A tqdm bar (``tqdm.auto``: a widget in Jupyter, text
elsewhere) moves as chunks finish (``progress=None``: from :data:`PROGRESS_THRESHOLD` games on).

A system says what it counts in one :class:`Simulation`, registered as ``System.simulation``: the
column docs, an observer made for each game (``before`` / ``after`` every action, as
:func:`~explorer.core.players.play` calls it), a row function turning the final state and the
observer into the game's figures, why a game ended, and dtype hints.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import math
import os
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from explorer.core.players import make_player, play
from explorer.core.rng import SeededRng

__all__ = ["CHUNKS_PER_WORKER", "COLUMNS", "LIMIT_END", "MAX_ACTIONS", "MAX_CHUNK", "PARALLEL_THRESHOLD",
           "PROGRESS_THRESHOLD", "GameInfo", "Job", "Simulation", "chunk_size_for", "columns_of", "frame_of",
           "game_seed", "kind_of", "play_chunk", "play_row", "process_pool", "shutdown_pools", "simulate"]

PARALLEL_THRESHOLD = 200
"""``executor=None``: from this many games on, the shared process pool plays them."""

PROGRESS_THRESHOLD = 100
"""``progress=None``: from this many games on, a progress bar is shown."""

MAX_ACTIONS = 100_000
"""A game still running after so many actions is stopped; its row says ``end == "max_actions"``."""

LIMIT_END = "max_actions"
"""The ``end`` of a game stopped after ``max_actions`` actions (an engine or player that never ends)."""

CHUNKS_PER_WORKER = 8
"""Default chunking: about this many chunks per worker (games of uneven length even out)."""

MAX_CHUNK = 25
"""Default chunking: at most this many games per submitted task."""

COLUMNS: dict[str, str] = {
    "game": "index k of the game in this run (0 .. n-1); rows are in this order",
    "seed": "the game's own seed, SeededRng(seed).spawn(k).seed: system.start(config, it) deals the game again "
            "and explorer.core.players.play(state, players, seed=it) plays it again",
    "players": "the player kinds by seat, comma-separated (\"uniform\", a system's player name, or a Player "
               "object's name or class name)",
    "winners": "the winning player(s), comma-separated; \"\" if the game ended without winner",
    "winner_kinds": "the winners' player kinds, comma-separated (\"\" without winner)",
    "end": "why the game ended, in the system's words (see its columns); \"max_actions\" if it was stopped "
           "after max_actions actions",
    "finished": "True if the game reached an end of the rules -- not stopped by a turn limit of the "
                "configuration or by max_actions",
    "actions": "actions the players chose and applied",
    "turns": "the state's turn number at the end (systems whose state has a turn)",
}
"""The generic columns, in this order (``turns`` only where the state has ``turn``)."""

_DTYPES = {"game": "int64", "seed": "uint64", "finished": "bool", "actions": "int64", "turns": "int64"}


# =============================================================================================
# What a system registers
# =============================================================================================
@dataclass(frozen=True)
class GameInfo:
    """What a system's observer factory and row function learn about the game being played."""

    system: str
    config: Mapping[str, Any]
    index: int
    seed: int
    players: tuple
    kinds: tuple[str, ...]
    actions: int = 0
    end: str | None = None


@dataclass(frozen=True)
class Simulation:
    """How a system counts one simulated game (``System.simulation``).

    * ``columns``: the system's own columns and what they mean, in frame order; a name ending in
      ``[P]`` is one column per player, ``name[<player>]``, in ``state.players`` order;
    * ``observer(state, game)``: a new counter for one game (``game``: a :class:`GameInfo`), called
      ``before(state, who, action)`` and ``after(state, who, action, events)`` around every applied
      action; None: no counting during the game;
    * ``row(state, observer, game)``: the game's figures, a mapping from column names (``[P]``
      columns spelled out: ``"score[P1]"``) to values; called with the final state;
    * ``end(state)``: why the game ended, a short text for the ``end`` column (default ``"over"``);
    * ``limits``: the ``end`` values that mean "stopped by a limit of the configuration, not by the
      rules" (``finished`` is False for them and for ``"max_actions"``);
    * ``dtypes``: pandas dtypes by column (``[P]`` names stand for every player's column), e.g.
      ``"Int64"`` for a nullable count;
    * ``prepare(config)``: the configuration as the games start fastest from it (e.g. deck ids
      looked up once), run once per chunk -- the row's values must not depend on it;
    * ``seats(config)``: the players' names for a configuration without starting a game (default:
      the players of a game started from it).
    """

    columns: Mapping[str, str] = field(default_factory=dict)
    observer: Callable[[Any, GameInfo], Any] | None = None
    row: Callable[[Any, Any, GameInfo], Mapping[str, Any]] | None = None
    end: Callable[[Any], str] | None = None
    limits: tuple[str, ...] = ()
    dtypes: Mapping[str, str] = field(default_factory=dict)
    prepare: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None
    seats: Callable[[Mapping[str, Any]], Sequence[str]] | None = None

    @property
    def singles(self) -> list[str]:
        return [c for c in self.columns if not c.endswith("[P]")]

    @property
    def per_player(self) -> list[str]:
        """The ``[P]`` columns' keys (``"score"`` for ``"score[P]"``)."""
        return [c[:-3] for c in self.columns if c.endswith("[P]")]


_NO_SIMULATION = Simulation()


def _simulation(system) -> Simulation:
    return system.simulation if system.simulation is not None else _NO_SIMULATION


def columns_of(system) -> dict[str, str]:
    """Every column of ``system``'s frames and what it means: :data:`COLUMNS`, then its own."""
    from explorer.core.systems import get

    return {**COLUMNS, **dict(_simulation(get(system)).columns)}


# =============================================================================================
# One game, one chunk of games
# =============================================================================================
def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a run seeded ``seed``."""
    return SeededRng(seed).spawn(k).seed


def kind_of(player) -> str:
    """A player spec's kind for the ``players`` column: the name itself, else the object's ``name``
    attribute, else its class name."""
    if isinstance(player, str):
        return player
    return getattr(player, "name", None) or type(player).__name__


@dataclass(frozen=True)
class Job:
    """What every game of a run shares (pickled once per chunk): the system by name, the
    configuration, one player spec per seat (names, or picklable Player objects) and their kinds."""

    system: str
    config: Mapping[str, Any]
    players: tuple
    kinds: tuple[str, ...]
    max_actions: int = MAX_ACTIONS
    check: bool = False


class _Watch:
    """The observer :func:`play` calls: counts actions, forwards to the system's observer, and
    checks the invariants after every action when asked (tests)."""

    __slots__ = ("actions", "inner", "system")

    def __init__(self, inner, system=None):
        self.actions = 0
        self.inner = inner
        self.system = system

    def before(self, state, who, action) -> None:
        if self.inner is not None:
            self.inner.before(state, who, action)

    def after(self, state, who, action, events) -> None:
        self.actions += 1
        if self.inner is not None:
            self.inner.after(state, who, action, events)
        if self.system is not None:
            self.system.check_invariants(state)


def _winners(state) -> list:
    winners = getattr(state, "winners", None)
    if winners is not None:
        return list(winners)
    winner = state.winner
    return [] if winner is None else [winner]


def play_row(job: Job, k: int, seed: int, config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play game ``k`` (seeded ``seed``) of ``job`` and return its row (``config``: the job's
    configuration as the system's ``prepare`` returned it, if already prepared)."""
    from explorer.core.systems import get

    system = get(job.system)
    simulation = _simulation(system)
    if config is None:
        config = simulation.prepare(job.config) if simulation.prepare is not None else job.config
    state = system.start(config, seed)
    seats = tuple(state.players)
    if len(seats) != len(job.players):
        raise ValueError(f"{len(seats)} players in the game, {len(job.players)} player specs")
    players = {who: make_player(system, spec) for who, spec in zip(seats, job.players)}
    info = GameInfo(system.name, job.config, k, seed, seats, job.kinds)
    observer = simulation.observer(state, info) if simulation.observer is not None else None
    watch = _Watch(observer, system if job.check else None)
    try:
        play(state, players, seed=seed, max_actions=job.max_actions, observer=watch)
        end = simulation.end(state) if simulation.end is not None else "over"
    except RuntimeError as error:  # play()'s own limit: max_actions applied, the game still running
        if type(error) is not RuntimeError or watch.actions < job.max_actions or state.is_terminal():
            raise
        end = LIMIT_END
    winners = _winners(state) if end != LIMIT_END else []
    row: dict[str, Any] = {
        "game": k, "seed": seed, "players": ",".join(job.kinds), "winners": ",".join(map(str, winners)),
        "winner_kinds": ",".join(job.kinds[seats.index(w)] for w in winners), "end": end,
        "finished": end != LIMIT_END and end not in simulation.limits, "actions": watch.actions,
    }
    turn = getattr(state, "turn", None)
    if isinstance(turn, int):
        row["turns"] = turn
    if simulation.row is not None:
        info = GameInfo(system.name, job.config, k, seed, seats, job.kinds, watch.actions, end)
        row.update(simulation.row(state, observer, info))
    return row


def play_chunk(job: Job, games: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """Play the games ``(k, seed)`` one after the other; their rows (what executors run)."""
    from explorer.core.systems import get

    simulation = _simulation(get(job.system))
    config = simulation.prepare(job.config) if simulation.prepare is not None else job.config
    return [play_row(job, k, seed, config) for k, seed in games]


# =============================================================================================
# The shared process pools
# =============================================================================================
_POOLS: dict[int, concurrent.futures.ProcessPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def _mp_context():
    """A start method safe in a threaded parent (Jupyter): forkserver where there is one (its
    server imports the systems once, so that every worker starts with them), else spawn."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    from explorer.core.systems import load_all

    context = multiprocessing.get_context("forkserver")
    modules = ["__main__", __name__, *sorted({s.start.__module__ for s in load_all().values()})]
    context.set_forkserver_preload(modules)  # only if the server is not running yet; harmless otherwise
    return context


def _usable(pool) -> bool:
    return not getattr(pool, "_broken", False) and not getattr(pool, "_shutdown_thread", False)


def process_pool(workers: int | None = None) -> concurrent.futures.ProcessPoolExecutor:
    """The shared process pool of ``workers`` processes (default: every core): created on first
    need (forkserver, else spawn), then reused by every call; a broken or shut-down pool is
    replaced.  :func:`shutdown_pools` (run at exit) shuts them all down."""
    workers = int(workers or os.cpu_count() or 1)
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    with _POOLS_LOCK:
        pool = _POOLS.get(workers)
        if pool is None or not _usable(pool):
            pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=_mp_context())
            _POOLS[workers] = pool
        return pool


def shutdown_pools(wait: bool = True) -> None:
    """Shut down every shared pool (the next :func:`process_pool` starts a new one)."""
    with _POOLS_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=wait, cancel_futures=True)


atexit.register(shutdown_pools)


# =============================================================================================
# The run
# =============================================================================================
def chunk_size_for(n: int, workers: int) -> int:
    """Default games per task: about :data:`CHUNKS_PER_WORKER` tasks per worker, 1 .. :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(n / (CHUNKS_PER_WORKER * max(1, workers)))))


def _config_of(system, config, rulings) -> dict:
    config = system.configuration(config)
    if rulings is not None:
        from explorer.core.rulings import Rulings

        extra = rulings.overrides if isinstance(rulings, Rulings) else dict(rulings)
        base = config.get("rulings") or {}
        base = base.overrides if isinstance(base, Rulings) else dict(base)
        config["rulings"] = {**base, **extra}
    return config


def _seats(system, simulation: Simulation, config: Mapping[str, Any], seed: int) -> list:
    prepared = simulation.prepare(config) if simulation.prepare is not None else config
    if simulation.seats is not None:
        return list(simulation.seats(prepared))
    return list(system.start(prepared, game_seed(seed, 0)).players)


def simulate(system, n: int, config: str | Mapping[str, Any] | None = None, players: Sequence | str = "uniform",
             seed: int = 0, *, executor: concurrent.futures.Executor | None = None, progress: bool | None = None,
             chunk_size: int | None = None, workers: int | None = None,
             parallel_threshold: int = PARALLEL_THRESHOLD, rulings: Mapping[str, Any] | None = None,
             max_actions: int = MAX_ACTIONS, desc: str | None = None, check_invariants: bool = False,
             unit: str = "game"):
    """Play ``n`` independent games of ``system`` and return one row per game (:func:`columns_of`).

    * ``system``: a registered system's name (``"behind"``) or the System;
    * ``config``: a configuration name (``System.configurations``), a JSON-able mapping, or None
      (the first configuration);
    * ``players``: one spec per seat, or one for every seat: a player kind's name
      (:func:`explorer.core.players.players_of`: ``"uniform"`` and the system's own) or a Player
      object (picklable, for process pools; used for every game, so it keeps no state);
    * ``seed``: game ``k`` uses :func:`game_seed` ``(seed, k)``: the same ``seed`` gives the same
      frame whatever ``executor``, ``workers`` or ``chunk_size``;
    * ``executor``: any :class:`concurrent.futures.Executor`; None: this process below
      ``parallel_threshold`` games, else the shared :func:`process_pool` of ``workers``;
    * ``progress``: a tqdm bar (None: from :data:`PROGRESS_THRESHOLD` games on); ``desc`` its label,
      ``unit`` what it counts ("Begegnung" in a German lesson);
    * ``chunk_size``: games per submitted task (default :func:`chunk_size_for`);
    * ``rulings``: ruling switches (a dict or :class:`~explorer.core.rulings.Rulings`) laid over
      the configuration's ``"rulings"``: the same games under another ruling;
    * ``max_actions``: a game still running after so many actions stops (``end == "max_actions"``);
    * ``check_invariants``: check the system's invariants after every action (slow: tests).

    The frame's ``attrs`` keep ``system``, ``config``, ``players`` (the kinds), ``seed``,
    ``max_actions`` and ``columns`` (:func:`columns_of`).
    """
    from explorer.core.systems import get

    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of games >= 0, got {n!r}")
    system = get(system)
    simulation = _simulation(system)
    config = _config_of(system, config, rulings)
    seats = _seats(system, simulation, config, seed)
    specs = (players,) * len(seats) if isinstance(players, str) or not isinstance(players, Sequence) \
        else tuple(players)
    if len(specs) != len(seats):
        raise ValueError(f"{len(seats)} players ({', '.join(map(str, seats))}) need {len(seats)} player specs, "
                         f"got {len(specs)}: {specs}")
    for spec in specs:
        make_player(system, spec)  # names checked here, not in a worker
    job = Job(system.name, config, specs, tuple(kind_of(s) for s in specs), int(max_actions), bool(check_invariants))
    games = [(k, game_seed(seed, k)) for k in range(n)]
    show = (n >= PROGRESS_THRESHOLD) if progress is None else bool(progress)
    desc = desc or f"simulating {system.name}"
    if executor is None and n >= parallel_threshold and (workers or os.cpu_count() or 1) > 1:
        workers = workers or os.cpu_count() or 1
        rows = _run(process_pool(workers), job, games, chunk_size or chunk_size_for(n, workers), show, desc, unit)
    elif executor is None:
        rows = _run(None, job, games, 1, show, desc, unit)
    else:
        rows = _run(executor, job, games, chunk_size or chunk_size_for(n, workers or os.cpu_count() or 1), show,
                    desc, unit)
    frame = frame_of(rows, system, seats)
    frame.attrs.update({"system": system.name, "config": config, "players": list(job.kinds), "seed": seed,
                        "max_actions": job.max_actions, "columns": columns_of(system)})
    return frame


def _run(executor, job: Job, games: list[tuple[int, int]], chunk_size: int, show: bool, desc: str,
         unit: str = "game") -> list[dict]:
    from explorer.core.progress import progress_bar

    rows: list[dict] = []
    with progress_bar(len(games), desc, unit, show) as bar:
        if executor is None:
            from explorer.core.systems import get

            simulation = _simulation(get(job.system))
            config = simulation.prepare(job.config) if simulation.prepare is not None else job.config
            for k, seed in games:
                rows.append(play_row(job, k, seed, config))
                bar.update(1)
            return rows
        chunks = [games[i:i + chunk_size] for i in range(0, len(games), chunk_size)]
        futures = [executor.submit(play_chunk, job, chunk) for chunk in chunks]
        sizes = {id(f): len(chunk) for f, chunk in zip(futures, chunks)}
        try:
            if all(isinstance(f, concurrent.futures.Future) for f in futures):
                for future in concurrent.futures.as_completed(futures):  # the bar moves as chunks finish
                    rows.extend(future.result())  # a worker's error is raised here
                    bar.update(sizes[id(future)])
            else:  # futures of another kind: in order, with result() only
                for future in futures:
                    rows.extend(future.result())
                    bar.update(sizes[id(future)])
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    rows.sort(key=lambda row: row["game"])
    return rows


def frame_of(rows: Iterable[Mapping[str, Any]], system, seats: Sequence) -> "Any":
    """The DataFrame of a run's rows: the generic columns, the system's single columns, then its
    ``[P]`` columns (key by key, the players in ``seats`` order), with the dtypes the system gives."""
    import pandas as pd

    from explorer.core.systems import get

    system = get(system)
    simulation = _simulation(system)
    rows = list(rows)
    generic = [c for c in COLUMNS if c != "turns" or not rows or "turns" in rows[0]]
    per_player = {f"{key}[{p}]": f"{key}[P]" for key in simulation.per_player for p in seats}
    columns = generic + [c for c in simulation.singles if c not in generic] + list(per_player)
    frame = pd.DataFrame.from_records(rows, columns=columns)
    dtypes = {**_DTYPES, **dict(simulation.dtypes)}
    for column in columns:
        dtype = dtypes.get(per_player.get(column, column))
        if dtype is not None:
            frame[column] = frame[column].astype(dtype)
        elif frame[column].dtype == object:
            frame[column] = frame[column].where(frame[column].notna(), None)
    return frame
