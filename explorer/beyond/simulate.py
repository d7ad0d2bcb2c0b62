"""Many whole games of Beyond between strategies, as a table for analysts.

``simulate(500, ["greedy", "stop-after-2"], seed=1)`` plays 500 independent two-player games (the
first strategy in seat ``P1``, who holds the BEYOND stock card and plays first) and returns a
:class:`pandas.DataFrame` with one row per game (:data:`COLUMNS` says what each column means).

A thin call of the generic :func:`explorer.core.simulate.simulate` (``simulate("beyond", n,
config, players)``), which also says how the games run (this process, the shared process pool,
any :class:`concurrent.futures.Executor`) and why a row depends only on ``(seed, k)``.  Each
strategy plays as an :class:`explorer.beyond.system.StrategyPlayer`: it draws from the game's
player generator, ``SeededRng(seed).spawn(f"player {i}")`` for seat ``i``, as every player of
:func:`explorer.core.players.play` does.  What Beyond counts in a game is registered here as
:data:`SIMULATION` (``System.simulation``).
"""

from __future__ import annotations

import concurrent.futures
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from explorer.beyond.game import GameOptions
from explorer.core.simulate import PARALLEL_THRESHOLD, GameInfo, Simulation, game_seed

__all__ = ["COLUMNS", "MAX_ACTIONS", "PROGRESS_THRESHOLD", "SIMULATION", "Counts", "end_reason", "game_row",
           "game_seed", "play_one", "simulate"]

PROGRESS_THRESHOLD = 200
"""``progress=None``: from this many games on, a progress bar is shown."""

MAX_ACTIONS = 20_000
"""A game that has not ended after so many actions is an engine or strategy bug: it is stopped and
its row says ``end == "max_actions"``."""

OWN_COLUMNS: dict[str, str] = {
    "score[P]": "P's energy points at the end (beyond-rulebook.txt, \"Counting Energy Points\")",
    "cards[P]": "cards P collected in Phase 1 (successful reveals: all revealed; failed: the last one plus "
                "those bought with Lotus tokens)",
    "failed[P]": "P's failed reveals",
    "nian_shou[P]": "Nian Shou cards P took from the central pattern (failed first reveal, Metal Tiger summon)",
    "captures[P]": "cards P captured from opponents",
    "enchantments[P]": "patterns P composed",
}
"""What Beyond counts per game, beyond the generic columns (:data:`explorer.core.simulate.COLUMNS`)."""

COLUMNS: dict[str, str] = {
    "game": "index k of the game in this run (0 .. n-1); rows are in this order",
    "seed": "the game's own seed, SeededRng(seed).spawn(k).seed: new_game(..., seed=it) replays the deal, "
            "explorer.core.players.play(state, players, seed=it) the game",
    "strategies": "the strategy names by seat, comma-separated (seat P1 first)",
    "winners": "the winning seat(s), comma-separated (a tie on points and Spirit face cards shares the win)",
    "winner_strategies": "the winners' strategy names, comma-separated",
    "end": "\"nian_shou\" (instant win), \"enchantments\" (a third enchantment triggered the last round) or "
           "\"draw_pile\" (the last draw pile was finished)",
    "turns": "turns played (one player's three phases each)",
    "actions": "actions applied",
    "strategy[P]": "the strategy in seat P",
    **OWN_COLUMNS,
}
"""The DataFrame's columns; ``[P]`` columns come once per seat (``P1``, ``P2``, ...)."""

PER_SEAT = tuple(name[:-3] for name in COLUMNS if name.endswith("[P]"))
COUNTED = ("cards", "failed", "nian_shou", "captures", "enchantments")


# =============================================================================================
# Counting one game
# =============================================================================================
END_WORDS = {"enchantments": "a third enchantment", "nian_shou": "all six Nian Shou cards (an instant win)",
             "draw_pile": "the draw pile ran out"}
"""The ``end`` column's values (:func:`end_reason`) in the rulebook's words, for tables people read
(beyond-rulebook.txt, "End of the Game - Counting Energy Points", "The 6 Cards of the Evil Spirit")."""


def end_reason(state) -> str:
    """Why the game ended (beyond-rulebook.txt, "End of the Game")."""
    if any(len(state._area(p)["nian"]) == len(state.components.nian_shou) for p in state.players):
        return "nian_shou"
    trigger = next((e for e in state.log if e.kind == "end-triggered"), None)
    return "enchantments" if trigger is not None and "enchantment" in trigger.text else "draw_pile"


class Counts:
    """Counts one game's collected cards, failed reveals, Nian Shou cards, captures and
    compositions per seat (a :func:`~explorer.core.players.play` observer)."""

    __slots__ = ("counts", "_central", "_revealed")

    def __init__(self, seats: Sequence[str]):
        self.counts = {key: dict.fromkeys(seats, 0) for key in COUNTED}
        self._central = self._revealed = 0

    def before(self, state, who, action) -> None:
        self._central, self._revealed = len(state.central), len(state.revealed)

    def after(self, state, who, action, events) -> None:
        counts, central, kind = self.counts, self._central, action.kind
        if kind == "stop":
            counts["cards"][who] += self._revealed
        elif kind == "collect":
            counts["cards"][who] += 1 + len(action.bought)
        elif kind == "reveal" and (state.phase == "collect" or (state.is_terminal() and len(state.central) < central)):
            counts["failed"][who] += 1
        elif kind == "capture":
            counts["captures"][who] += 1
        elif kind == "compose":
            counts["enchantments"][who] += 1
        counts["nian_shou"][who] += central - len(state.central)


def game_row(state, counts: Counts, game: GameInfo) -> dict[str, Any]:
    """Beyond's figures of one finished game (the generic columns come from the core)."""
    scores = state.scores()
    row: dict[str, Any] = {}
    for p in state.players:
        row[f"score[{p}]"] = scores[p]
        for key in COUNTED:
            row[f"{key}[{p}]"] = counts.counts[key][p]
    return row


def _seats(config: Mapping[str, Any]) -> list[str]:
    players = config.get("players", 2)
    return [f"P{i + 1}" for i in range(players)] if isinstance(players, int) else list(players)


SIMULATION = Simulation(
    columns=OWN_COLUMNS,
    observer=lambda state, game: Counts(state.players),
    row=game_row,
    end=end_reason,
    dtypes={f"{key[:-3]}[P]": "int64" for key in OWN_COLUMNS},
    seats=_seats,
)
"""Beyond's registration for the generic simulator (``System.simulation``)."""


# =============================================================================================
# The run
# =============================================================================================
@dataclass(frozen=True)
class _Job:
    """One seat's strategy each (names or Strategy objects), the advanced-mode options and the
    switched rulings: what :func:`play_one` plays."""

    strategies: tuple
    options: GameOptions = GameOptions()
    rulings: Mapping[str, Any] = field(default_factory=dict)

    def config(self) -> dict[str, Any]:
        config: dict[str, Any] = {"players": len(self.strategies), **self.options.to_json()}
        if self.rulings:
            config["rulings"] = dict(self.rulings)
        return config

    def players(self) -> tuple:
        return tuple(_player(spec) for spec in self.strategies)


def _player(spec):
    """A strategy spec as a player of the shared protocol, named by the strategy."""
    from explorer.beyond.system import StrategyPlayer

    player = StrategyPlayer(spec)
    player.name = player.strategy.name
    return player


def _rulings(rulings) -> dict:
    return {} if rulings is None else dict(getattr(rulings, "overrides", rulings))


def _legacy(frame):
    """The generic frame in this module's columns (:data:`COLUMNS`)."""
    import pandas as pd

    frame = frame.rename(columns={"players": "strategies", "winner_kinds": "winner_strategies"})
    seats = [c[len("score["):-1] for c in frame.columns if c.startswith("score[")]
    names = frame["strategies"].str.split(",") if len(frame) else None
    for i, seat in enumerate(seats):
        column = names.str[i] if names is not None else []
        frame[f"strategy[{seat}]"] = pd.Series(column, index=frame.index, dtype=frame["strategies"].dtype)
    per_seat = [f"{key}[{p}]" for key in PER_SEAT for p in seats]
    return frame[[c for c in COLUMNS if not c.endswith("[P]")] + per_seat]


def play_one(job: _Job, k: int, seed: int, state_check: bool = False) -> dict[str, Any]:
    """Play game ``k`` (seeded ``seed``) and return its row; ``state_check`` checks the system's
    invariants after every action (tests)."""
    from explorer.core.simulate import Job, frame_of, play_row

    players = job.players()
    core = Job("beyond", job.config(), players, tuple(p.name for p in players), MAX_ACTIONS, state_check)
    row = play_row(core, k, seed)
    return _legacy(frame_of([row], "beyond", _seats(core.config))).iloc[0].to_dict()


def simulate(n: int, strategies: Sequence, seed: int = 0, *, options: GameOptions | None = None,
             executor: concurrent.futures.Executor | None = None, progress: bool | None = None,
             chunk_size: int | None = None, desc: str | None = None, rulings: Mapping[str, Any] | None = None,
             parallel_threshold: int = PARALLEL_THRESHOLD, workers: int | None = None):
    """Play ``n`` independent games and return one row per game (columns: :data:`COLUMNS`).

    * ``strategies``: one per seat (2 or more), names (``"greedy"``, ``"stop-after-3"``,
      ``"risk-0.3"``, see :func:`explorer.beyond.strategies.make_strategy`) or Strategy objects;
    * ``seed``: game ``k`` uses :func:`game_seed` ``(seed, k)`` -- the same frame whatever executor;
    * ``options``: :class:`~explorer.beyond.game.GameOptions` (``GameOptions.advanced()`` for both
      modules), default the basic game;
    * ``rulings``: switched rulings (``{id: value}`` or a Rulings), e.g.
      ``{"beyond.second-draw-pile": "single-pile"}``;
    * ``executor``: any :class:`concurrent.futures.Executor`; ``None``: this process below
      ``parallel_threshold`` games, else the shared process pool of ``workers``
      (:func:`explorer.core.simulate.process_pool`);
    * ``progress``: a tqdm bar; ``None`` shows it from :data:`PROGRESS_THRESHOLD` games on.
    """
    from explorer.beyond.strategies import make_strategy
    from explorer.core.simulate import simulate as simulate_any

    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of games >= 0, got {n!r}")
    if isinstance(strategies, str) or len(strategies) < 2:
        raise ValueError("strategies: one per seat, at least 2")
    for spec in strategies:
        make_strategy(spec)  # names checked here, not in a worker
    job = _Job(tuple(strategies), options or GameOptions(), _rulings(rulings))
    players = job.players()
    show = (n >= PROGRESS_THRESHOLD) if progress is None else bool(progress)
    frame = simulate_any("beyond", n, job.config(), players, seed, executor=executor, progress=show,
                         chunk_size=chunk_size, workers=workers, parallel_threshold=parallel_threshold,
                         max_actions=MAX_ACTIONS, desc=desc or "Beyond " + " vs ".join(p.name for p in players))
    legacy = _legacy(frame)
    legacy.attrs = {"seed": seed, "strategies": [p.name for p in players], "options": job.options.to_json(),
                    "rulings": dict(job.rulings), "columns": dict(COLUMNS)}
    return legacy
