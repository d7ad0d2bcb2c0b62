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

**Shipped results.** Lesson 3's round robin (six strategies, 60 games per pair: 900 games, about a
minute on one core) ships as ``data/beyond/tournament/round_robin.csv`` with its parameters in
``round_robin.json``; :func:`shipped_round_robin` loads it, :func:`verify_sample` plays the first
games of every pairing and seat again and checks they are the shipped rows, and
``python -m explorer.beyond.tournament --write`` plays the whole round robin again and rewrites
both files (after a change to the engine or the strategies; ``--check`` only compares).
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
from explorer.core.stats import Z95, wilson_interval  # noqa: F401  (public here too)

__all__ = ["COLUMN_WORDS", "SHIPPED", "TournamentResult", "column_words", "head_to_head", "load_result", "long_form",
           "round_robin", "save_result", "shipped_round_robin", "standings", "verify_sample", "wilson_interval"]

COLUMN_WORDS = {"win_share": "win share", "ci_low": "95% low", "ci_high": "95% high", "mean_score": "mean score",
                "first_seat_share": "win share in seat P1", "sole_win": "sole win"}
"""The tournament frames' column names in words for people (the frames keep their names for code)."""


def column_words(name) -> str:
    """A column of the tournament's frames in words: :data:`COLUMN_WORDS`, else its underscores as
    spaces (``"strategy[P1]"`` stays)."""
    name = str(name)
    return COLUMN_WORDS.get(name, name.replace("_", " "))

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
    from explorer.core.progress import progress_bar

    names = [strategy_name(s) for s in strategies]
    if len(set(names)) != len(names):
        raise ValueError(f"strategies need distinct names, got {names}")
    pairs = list(combinations(range(len(strategies)), 2))
    show = (len(pairs) >= 4) if progress is None else bool(progress)
    frames = []
    root = SeededRng(seed)
    with progress_bar(len(pairs), "round robin", "pairing", show) as bar:
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


# =============================================================================================
# Shipped results: a round robin saved as a data file, loaded, checked against the code
# =============================================================================================
SHIPPED = {"name": "round_robin", "strategies": ("optimal", "greedy", "stop-after-2", "stop-after-4", "risk-0.3",
                                                  "random"), "games_per_pair": 60, "seed": 2024}
"""The round robin lesson 3 reads (``data/beyond/tournament/round_robin.csv``): its parameters."""

REGENERATE = "python -m explorer.beyond.tournament --write"
"""The command that plays the shipped round robin again and rewrites its files."""


def _folder():
    from explorer.core.resources import data_dir

    return data_dir("beyond") / "tournament"


def save_result(result: TournamentResult, name: str, *, games_per_pair: int, seed: int, folder=None):
    """Write ``result`` (a :func:`round_robin` with default options) as ``<name>.csv`` (its games) and
    ``<name>.json`` (the parameters that play it again) in ``folder`` (default: the data folder
    ``data/beyond/tournament/``); returns the two paths."""
    import json
    from pathlib import Path

    from explorer.core.resources import data_is_installed

    if folder is None:
        if data_is_installed():
            raise RuntimeError("the data files are an installed copy: write into a checkout's data/ folder")
        folder = _folder()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    games = result.games
    meta = {"what": "Beyond round robin: one row per game, columns as explorer.beyond.simulate.COLUMNS plus "
                    "'pairing' and 'rotation' (explorer.beyond.tournament.round_robin)",
            "regenerate": REGENERATE, "strategies": list(result.strategies), "games_per_pair": int(games_per_pair),
            "seed": int(seed), "options": None, "games": len(games),
            "dtypes": {column: str(dtype) for column, dtype in games.dtypes.items()}}
    csv_path, json_path = folder / f"{name}.csv", folder / f"{name}.json"
    games.to_csv(csv_path, index=False, lineterminator="\n")
    json_path.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return csv_path, json_path


def load_result(name: str = SHIPPED["name"], folder=None) -> TournamentResult:
    """A round robin saved by :func:`save_result` (default: the shipped one); its parameters are in
    ``result.games.attrs["tournament"]``."""
    import json
    from pathlib import Path

    folder = Path(folder) if folder is not None else _folder()
    meta = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    dtypes = {c: ("str" if d in ("str", "object", "string") else d) for c, d in meta["dtypes"].items()}
    games = pd.read_csv(folder / f"{name}.csv", dtype=dtypes, keep_default_na=False)
    if list(games.columns) != list(dtypes) or len(games) != meta["games"]:
        raise ValueError(f"{folder / (name + '.csv')} does not match {name}.json: run {meta['regenerate']}")
    games.attrs["tournament"] = meta
    return TournamentResult(tuple(meta["strategies"]), games)


def shipped_round_robin() -> TournamentResult:
    """Lesson 3's round robin (:data:`SHIPPED`), read from ``data/beyond/tournament/``."""
    return load_result(SHIPPED["name"])


def verify_sample(result: TournamentResult, games_per_seat: int = 1, *, executor=None,
                  progress: bool | None = None) -> pd.DataFrame:
    """Play the first ``games_per_seat`` games of every pairing and seat of a saved round robin
    again (a :func:`round_robin` of ``2 * games_per_seat`` games per pair has exactly these games:
    each pairing and rotation is seeded alike and game ``k`` depends only on its seed) and check
    they equal the saved rows; returns the fresh games.  Raises ``AssertionError`` naming the
    first game that differs -- then the saved file is stale: regenerate it."""
    meta = result.games.attrs.get("tournament")
    if meta is None:
        raise ValueError("not a saved round robin (load_result gives one)")
    if 2 * games_per_seat > meta["games_per_pair"]:
        raise ValueError(f"at most {meta['games_per_pair'] // 2} games per seat were saved")
    fresh = round_robin(list(meta["strategies"]), games_per_pair=2 * games_per_seat, seed=meta["seed"],
                        executor=executor, progress=progress).games
    saved = result.games
    saved = saved[saved["game"] < games_per_seat].reset_index(drop=True)
    for column in saved.columns:
        mismatch = [i for i, (a, b) in enumerate(zip(saved[column], fresh[column])) if str(a) != str(b)]
        if len(saved) != len(fresh) or mismatch:
            at = mismatch[0] if mismatch else 0
            raise AssertionError(f"the saved round robin differs from what the code plays now (column {column!r}, "
                                 f"pairing {saved['pairing'].iloc[at]}, rotation {saved['rotation'].iloc[at]}, game "
                                 f"{saved['game'].iloc[at]}: saved {saved[column].iloc[at]!r}, now "
                                 f"{fresh[column].iloc[at]!r}); regenerate it: {meta['regenerate']}")
    return fresh


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m explorer.beyond.tournament --write | --check``: replay the shipped round robin."""
    import argparse

    from explorer.core.simulate import process_pool

    parser = argparse.ArgumentParser(prog="python -m explorer.beyond.tournament", description=main.__doc__)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="play the whole round robin and rewrite its files")
    action.add_argument("--check", action="store_true", help="play a few games of every pairing and compare")
    args = parser.parse_args(argv)
    if args.check:
        verify_sample(shipped_round_robin(), 2, progress=True)
        print("the shipped round robin matches what the code plays")
        return 0
    result = round_robin(list(SHIPPED["strategies"]), games_per_pair=SHIPPED["games_per_pair"], seed=SHIPPED["seed"],
                         executor=process_pool(), progress=True)
    for path in save_result(result, SHIPPED["name"], games_per_pair=SHIPPED["games_per_pair"], seed=SHIPPED["seed"]):
        print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
