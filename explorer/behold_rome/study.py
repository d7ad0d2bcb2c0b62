"""The Behold: Rome strategy study: how often a player beats each rival civ at each difficulty, with
95% Wilson intervals (behold-rome-rulebook.txt, "Scoring": "If you score more points than them, you
win. If not, you lose"; "Difficulty Settings").

:func:`win_rates` plays ``games`` games per player, rival civ and difficulty through the generic
toolkit (:func:`explorer.core.simulate.simulate`: game ``k`` of every cell is dealt from the same seed,
so every player meets the same deals) and returns one row per cell: games, wins, the share with its
interval (:func:`explorer.core.stats.wilson_interval`) and the mean final margin (own VPs minus the
rival's) with its normal interval (:func:`explorer.core.stats.mean_interval`).  :func:`win_table`
lays the shares out as a player x difficulty table.

The players are the system's by name (``"patient"``, ``"eager"``, ``"uniform"``), the study's own
(:data:`PLAYERS`: ``"greedy"``, ``"planner"``) or any player object.  The shipped cards are
INVENTED (``data/behold_rome/``): the rates show how the players and the rules interact, not how the
published game plays.

Pure pandas; nothing here draws.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Optional, Sequence

from explorer.behold_rome import refs
from explorer.behold_rome.civ import DIFFICULTIES
from explorer.core.inputs import InputError, one_of, whole
from explorer.core.stats import Z95, mean_interval, wilson_interval

RULES = (refs.SCORING, refs.GAME_DIFFICULTY_SETTINGS, refs.RIVAL_CIV_DIFFICULTY_SETTINGS)
"""The sections a study follows: who wins ("Scoring"), the game and the rival civ difficulties."""
COLUMNS = ("player", "rival", "difficulty", "rival_difficulty", "games", "wins", "share", "low", "high",
           "mean_margin", "margin_low", "margin_high", "mean_vp", "mean_rival_vp")
"""The columns of :func:`win_rates`: the cell (player, rival civ, game difficulty, rival civ difficulty),
games and wins, the win share with its 95% Wilson interval, the mean margin (VPs minus the rival's)
with its 95% interval, the mean VPs of both sides."""


def players() -> dict[str, Any]:
    """The study's players by name: the system's random ones and the greedy and planner players."""
    from explorer.behold_rome.planner import PlannerPlayer
    from explorer.behold_rome.players import GreedyPlayer, RandomPlayer

    return {"patient": RandomPlayer(), "eager": RandomPlayer(0.95), "greedy": GreedyPlayer(),
            "planner": PlannerPlayer()}


PLAYERS = ("patient", "eager", "greedy", "planner")
"""The names :func:`players` knows (``"uniform"``, the core's uniform random player, also works)."""


def _player(spec: Any) -> tuple[str, Any]:
    if isinstance(spec, str):
        if spec == "uniform":
            return spec, spec
        known = players()
        if spec not in known:
            raise InputError("argument", "players", "player names (" + ", ".join(PLAYERS + ("uniform",)) + ") or "
                             "player objects with choose(state, rng)", spec)
        return spec, known[spec]
    if not callable(getattr(spec, "choose", None)):
        raise InputError("argument", "players", "player names or player objects with choose(state, rng)", spec)
    return getattr(spec, "name", None) or type(spec).__name__, spec


def _rivals(rivals: Optional[Iterable[str]]) -> list[str]:
    from explorer.behold_rome.game import shipped_cards

    names = [r.name for r in shipped_cards().rivals]
    if rivals is None:
        return names
    if isinstance(rivals, str):
        rivals = [rivals]
    return [one_of(r, names, "rivals") for r in rivals]


def play_cell(player: Any, difficulty: str, rival: str, games: int, seed: int = 0,
              rival_difficulty: Optional[str] = None, executor=None):
    """The :func:`~explorer.core.simulate.simulate` frame of ``games`` games of ``player`` against
    ``rival`` at ``difficulty`` (the rival civ's difficulty the same unless ``rival_difficulty``)."""
    from explorer.core.simulate import simulate

    import explorer.behold_rome.system  # noqa: F401 -- registers the system

    _, spec = _player(player)
    difficulty = one_of(difficulty, DIFFICULTIES, "difficulty")
    rival_difficulty = difficulty if rival_difficulty is None else one_of(rival_difficulty, DIFFICULTIES,
                                                                          "rival_difficulty")
    config = {"difficulty": difficulty, "rival": rival, "rival_difficulty": rival_difficulty}
    return simulate("behold_rome", whole(games, "games", low=0, high=100_000), config, players=[spec],
                    seed=whole(seed, "seed"), executor=executor, progress=False)


def summary_row(frame, player: str, rival: str, difficulty: str, rival_difficulty: str, z: float = Z95) -> dict:
    """One cell of :func:`win_rates` from its simulate() frame."""
    games = len(frame)
    wins = int((frame["winners"] != "").sum()) if games else 0
    low, high = wilson_interval(wins, games, z)
    margins = (frame["vp"] - frame["rival_vp"]).astype(float) if games else []
    mean, mlow, mhigh = mean_interval(margins, z)
    return {"player": player, "rival": rival, "difficulty": difficulty, "rival_difficulty": rival_difficulty,
            "games": games, "wins": wins, "share": wins / games if games else math.nan, "low": low, "high": high,
            "mean_margin": mean, "margin_low": mlow, "margin_high": mhigh,
            "mean_vp": float(frame["vp"].mean()) if games else math.nan,
            "mean_rival_vp": float(frame["rival_vp"].astype(float).mean()) if games else math.nan}


def win_rates(players: Sequence[Any] = ("greedy",), *, difficulties: Iterable[str] = DIFFICULTIES,
              rivals: Optional[Iterable[str]] = None, games: int = 20, seed: int = 0,
              rival_difficulty: Optional[str] = None, executor=None, z: float = Z95):
    """Win rates per player, rival civ and difficulty, one row each (:data:`COLUMNS`), as a pandas frame.

    * ``players``: names (:data:`PLAYERS`, ``"uniform"``) or player objects; one name alone is one player;
    * ``difficulties``: game difficulties ("Difficulty Settings > Game Difficulty Settings"); the rival
      civ plays at the same difficulty ("> Rival Civ Difficulty Settings") unless ``rival_difficulty``;
    * ``rivals``: rival civ names (None: every rival civ of the card set);
    * ``games`` per cell, ``seed``: game ``k`` of every cell is dealt from the same seed;
    * ``executor``: passed to :func:`~explorer.core.simulate.simulate` (None: this process for small runs).

    InputError naming the argument for anything else."""
    import pandas as pd

    if isinstance(players, str) or not isinstance(players, Sequence):
        players = [players]
    cast = [_player(p) for p in players]
    if isinstance(difficulties, str):
        difficulties = [difficulties]
    difficulties = [one_of(d, DIFFICULTIES, "difficulties") for d in difficulties]
    chosen = _rivals(rivals)
    whole(games, "games", low=1, high=100_000)
    rows = []
    for name, spec in cast:
        for rival in chosen:
            for difficulty in difficulties:
                rd = difficulty if rival_difficulty is None else rival_difficulty
                frame = play_cell(spec, difficulty, rival, games, seed, rd, executor)
                rows.append(summary_row(frame, name, rival, difficulty, rd, z))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def win_table(rates, value: str = "share"):
    """A :func:`win_rates` frame as a table: one row per player (and rival), one column per difficulty,
    the cells ``value`` (``share``) -- or, for ``value="interval"``, the share with its interval in
    words ("35 % (18-57 %)")."""
    if value == "interval":
        rates = rates.assign(interval=[f"{s:.0%} ({lo:.0%}-{hi:.0%})" for s, lo, hi in
                                       zip(rates["share"], rates["low"], rates["high"])])
    elif value not in rates.columns:
        raise InputError("argument", "value", "a column of the win_rates frame or 'interval'", value)
    order = [d for d in DIFFICULTIES if d in set(rates["difficulty"])]
    table = rates.pivot_table(index=["player", "rival"], columns="difficulty", values=value, aggfunc="first",
                              sort=False)
    return table[order]


__all__ = ["RULES", "COLUMNS", "PLAYERS", "play_cell", "players", "summary_row", "win_rates", "win_table"]
