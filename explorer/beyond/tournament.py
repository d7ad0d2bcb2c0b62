"""A round-robin tournament between Beyond strategies, with seat rotation (no plotting here:
:mod:`explorer.beyond.render_tournament` draws it).

``result = round_robin(["greedy", "optimal", "stop-after-2", "risk-0.3"], games_per_pair=200)``
plays every pair of strategies in two-player games, half of them with each strategy in seat P1
(the first player holds the BEYOND stock card: beyond-rulebook.txt, "Set Up"), all through
:func:`explorer.beyond.simulate.simulate`.  ``result.games`` has one row per game;
``result.standings`` one row per strategy (games, wins, ties, win share with a 95% Wilson interval,
mean score); ``result.head_to_head`` the row strategy's win share against the column strategy.

A tie (same points and same number of Spirit face cards, "End of the Game") gives each tied
player ``1 / (number of winners)`` of a win in the win share.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

import pandas as pd

from explorer.beyond.simulate import simulate
from explorer.beyond.strategies import strategy_name
from explorer.core.rng import SeededRng

__all__ = ["TournamentResult", "head_to_head", "long_form", "round_robin", "standings", "wilson_interval"]

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (``(nan, nan)`` when n = 0)."""
    if n <= 0:
        return math.nan, math.nan
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def long_form(games: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, seat): game, pairing, seat, strategy, opponent, score, win (share of the
    win: 1, 1/2 for a two-way tie, 0)."""
    rows = []
    for record in games.to_dict("records"):
        names = record["strategies"].split(",")
        seats = [f"P{i + 1}" for i in range(len(names))]
        winners = record["winners"].split(",") if record["winners"] else []
        for i, seat in enumerate(seats):
            rows.append({"game": record["game"], "pairing": record.get("pairing", 0), "seat": seat,
                         "strategy": names[i], "opponent": ",".join(n for j, n in enumerate(names) if j != i),
                         "score": record[f"score[{seat}]"],
                         "win": (1 / len(winners)) if seat in winners else 0.0,
                         "sole_win": winners == [seat], "tie": seat in winners and len(winners) > 1})
    return pd.DataFrame(rows, columns=["game", "pairing", "seat", "strategy", "opponent", "score", "win",
                                       "sole_win", "tie"])


def standings(games: pd.DataFrame) -> pd.DataFrame:
    """One row per strategy, best win share first: games, wins (sole), ties, win_share (ties
    shared), its 95% Wilson interval ``ci_low`` / ``ci_high``, mean_score, first_seat_share (win
    share when in seat P1)."""
    seats = long_form(games)
    out = []
    for name, group in seats.groupby("strategy", sort=False):
        n = len(group)
        share = group["win"].sum()
        low, high = wilson_interval(share, n)
        first = group[group["seat"] == "P1"]
        out.append({"strategy": name, "games": n, "wins": int(group["sole_win"].sum()), "ties": int(group["tie"].sum()),
                    "win_share": share / n if n else math.nan, "ci_low": low, "ci_high": high,
                    "mean_score": group["score"].mean(),
                    "first_seat_share": first["win"].mean() if len(first) else math.nan})
    frame = pd.DataFrame(out, columns=["strategy", "games", "wins", "ties", "win_share", "ci_low", "ci_high",
                                       "mean_score", "first_seat_share"])
    return frame.sort_values(["win_share", "mean_score"], ascending=False, ignore_index=True)


def head_to_head(games: pd.DataFrame, order: Sequence[str] | None = None) -> pd.DataFrame:
    """Win share of the row strategy against the column strategy (two-player games; NaN on the
    diagonal)."""
    seats = long_form(games)
    table = seats.pivot_table(index="strategy", columns="opponent", values="win", aggfunc="mean")
    order = list(order) if order is not None else sorted(set(seats["strategy"]))
    return table.reindex(index=order, columns=order).astype(float)


@dataclass(frozen=True, eq=False)
class TournamentResult:
    """A round robin: its games (one row per game, a ``pairing`` column), standings and head to head."""

    strategies: tuple
    games: pd.DataFrame

    @property
    def standings(self) -> pd.DataFrame:
        return standings(self.games)

    @property
    def head_to_head(self) -> pd.DataFrame:
        return head_to_head(self.games, order=list(self.standings["strategy"]))

    def _repr_html_(self) -> str:
        return self.standings.to_html(index=False, float_format=lambda x: f"{x:.3f}")


def round_robin(strategies: Sequence, games_per_pair: int = 100, seed: int = 0, *, options=None, executor=None,
                progress: bool | None = None) -> TournamentResult:
    """Every pair of ``strategies`` plays ``games_per_pair`` two-player games, half with each in
    seat P1 (an odd count gives the first of the pair the extra game); each pairing and
    rotation is one :func:`~explorer.beyond.simulate.simulate` run with its own seed derived from
    ``(seed, pairing)``.  ``progress``: a tqdm bar over the pairings (``None``: from 4 pairings on)."""
    from tqdm.auto import tqdm

    names = [strategy_name(s) for s in strategies]
    if len(set(names)) != len(names):
        raise ValueError(f"strategies need distinct names, got {names}")
    pairs = list(combinations(range(len(strategies)), 2))
    show = (len(pairs) >= 4) if progress is None else bool(progress)
    frames = []
    root = SeededRng(seed)
    with tqdm(total=len(pairs), desc="round robin", unit="pairing", disable=not show) as bar:
        for index, (i, j) in enumerate(pairs):
            first_half = (games_per_pair + 1) // 2
            for rotation, (a, b, n) in enumerate(((i, j, first_half), (j, i, games_per_pair - first_half))):
                if n == 0:
                    continue
                frame = simulate(n, [strategies[a], strategies[b]], root.spawn(f"{index}/{rotation}").seed,
                                 options=options, executor=executor, progress=False)
                frame.insert(0, "pairing", index)
                frame.insert(1, "rotation", rotation)
                frames.append(frame)
            bar.update(1)
    games = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    return TournamentResult(tuple(names), games)
