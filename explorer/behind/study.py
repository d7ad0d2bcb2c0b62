"""The deck study: what many simulated games of two decks say, with their uncertainty.

Pure summaries (pandas, no drawing) of the DataFrame :func:`explorer.behind.simulate.simulate`
returns.  Its rows also tell each game's *chronicle* -- who began (``first_player``), who was
injured first (``first_blood``), who was eliminated in which order (``eliminations``) -- so the
summaries read it from the frame; :func:`chronicles` still replays games exactly from their seeds
("seed": "new_game(..., seed=it) and play_game(..., seed=it) replay exactly this game",
:data:`~explorer.behind.simulate.COLUMNS`) for frames saved without those columns.

* :func:`wilson_interval` (from :mod:`explorer.core.stats`) -- a 95% confidence interval for a share of games (Wilson's score
  interval: it stays inside [0, 1] and is honest for 0 of 20 or 20 of 20).
* :func:`win_rates` -- wins per player (and games without a winner), overall or ``by`` a column
  such as ``first_player`` ("The Beginning": the influence duel's winner begins).
* :func:`per_player_means` -- e.g. injuries dealt per game, with a normal-approximation interval.
* :func:`lengths` -- game length and first blood by winner.
* :func:`eliminations` -- the frame's ``eliminations`` as a table, one row per eliminated character;
  :func:`first_deaths` -- which characters are eliminated first (Injuries (Verletzungen): a third
  injury eliminates a character); :func:`first_players` -- who began.
* :func:`roster`, :func:`roster_totals`, :func:`melee_matrix`, :func:`card_values` -- the decks
  themselves: Strength, Dexterity and Resistance of the characters, the exact melee odds between
  them (Melee Combat (Nahkampf), :func:`explorer.behind.odds.melee_odds`) and the cards' values.

The shipped decks are illustrative (``data/behind/README.md``): a study of them shows how the
rules and the simulated players interact, not how the published cards play.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from explorer.behind.game import new_game
from explorer.behind.odds import melee_odds
from explorer.behind.players import game_options, play_game
from explorer.behind.simulate import DEFAULT_MAX_TURNS
from explorer.core.stats import Z95, mean_interval, wilson_interval  # noqa: F401  (public here too)

__all__ = [
    "NO_WINNER", "Z95", "Chronicle", "card_values", "chronicle_chunk", "chronicle_game", "chronicles",
    "eliminations", "elimination_orders", "first_deaths", "first_players", "grid", "lengths", "mean_interval", "melee_matrix", "per_player_means",
    "players_of", "roster", "roster_totals", "wilson_interval", "win_rates", "COLUMN_WORDS", "column_words",
]

COLUMN_WORDS = {"first_player": "who began", "first_player_seat": "seat of who began", "winner_seat": "winner's seat",
                "winner_kind": "winner's player", "first_blood_turn": "first blood (turn)",
                "first_blood": "first injured", "first_eliminated": "eliminated first",
                "elimination_turns": "turns of the eliminations", "eliminated_share": "share eliminated",
                "mean_order": "mean place eliminated", "p_defender_injured": "P(defender injured)",
                "p_attacker_injured": "P(attacker injured)"}
"""The study frames' column names in words for people (the frames keep their names for code); a
per-player column ``"injuries_dealt[Vampire]"`` reads ``"injuries dealt (Vampire)"``."""


def column_words(name) -> str:
    """A column of a simulate() or study frame in words: :data:`COLUMN_WORDS`, else its underscores
    as spaces, a player's bracket as parentheses (``"cards_used[Vampire]"`` -> ``"cards used (Vampire)"``)."""
    name = str(name)
    base, bracket, player = name.partition("[")
    words = COLUMN_WORDS.get(base, base.replace("_", " "))
    return f"{words} ({player.rstrip(']')})" if bracket else words

NO_WINNER = "no winner"
"""The outcome of a game that stopped without winner (the turn limit, ``end == "max_turns"``)."""


# =============================================================================================
# The simulate() frame
# =============================================================================================
def players_of(frame: pd.DataFrame) -> tuple[str, ...]:
    """The players of a :func:`~explorer.behind.simulate.simulate` frame, in deck order (from its
    ``injuries_dealt[P]`` columns)."""
    prefix = "injuries_dealt["
    players = tuple(c[len(prefix):-1] for c in frame.columns if c.startswith(prefix) and c.endswith("]"))
    if not players:
        raise ValueError("not a simulate() frame: it has no injuries_dealt[P] columns")
    return players


def win_rates(frame: pd.DataFrame, by: str | None = None, *, z: float = Z95) -> pd.DataFrame:
    """Wins per outcome with 95% Wilson intervals, overall or per value of column ``by``.

    One row per outcome -- each player in deck order, then :data:`NO_WINNER` -- (per ``by`` value)
    with the columns ``games`` (games in the group), ``wins``, ``share``, ``low``, ``high``.
    ``frame`` is a simulate() frame, or one joined with :func:`chronicles` (``by="first_player"``).
    """
    outcomes = list(players_of(frame)) + [NO_WINNER]
    winner = frame["winner"].where(frame["winner"].notna(), NO_WINNER)
    groups = [(None, frame.index)] if by is None else \
        [(value, frame.index[frame[by] == value]) for value in _ordered_values(frame[by])]
    rows = []
    for value, index in groups:
        games = len(index)
        counts = winner.loc[index].value_counts()
        for outcome in outcomes:
            wins = int(counts.get(outcome, 0))
            low, high = wilson_interval(wins, games, z)
            row = {} if by is None else {by: value}
            row.update({"outcome": outcome, "games": games, "wins": wins,
                        "share": wins / games if games else math.nan, "low": low, "high": high})
            rows.append(row)
    return pd.DataFrame(rows)


def _ordered_values(column: pd.Series) -> list:
    """The distinct values of ``column`` in order of first appearance (missing values left out)."""
    return list(dict.fromkeys(column.dropna().tolist()))


def per_player_means(frame: pd.DataFrame, key: str = "injuries_dealt", *, z: float = Z95) -> pd.DataFrame:
    """Per player, the mean of column ``key[P]`` per game with a normal-approximation interval:
    columns ``mean``, ``low``, ``high``, ``total`` (index: the players in deck order)."""
    rows = {}
    for player in players_of(frame):
        column = f"{key}[{player}]"
        if column not in frame:
            raise KeyError(f"the frame has no column {column!r}")
        mean, low, high = mean_interval(frame[column], z)
        rows[player] = {"mean": mean, "low": low, "high": high, "total": int(frame[column].sum())}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "player"
    return table


def lengths(frame: pd.DataFrame) -> pd.DataFrame:
    """Game length by winner: games, mean / median / shortest / longest turns, mean actions and
    the mean turn of first blood (the first injury of the game)."""
    winner = frame["winner"].where(frame["winner"].notna(), NO_WINNER)
    order = [o for o in list(players_of(frame)) + [NO_WINNER] if (winner == o).any()]
    rows = {}
    for outcome in order:
        games = frame[winner == outcome]
        blood = games["first_blood_turn"].dropna().astype(float)
        rows[outcome] = {"games": len(games), "mean turns": float(games["turns"].mean()),
                         "median turns": float(games["turns"].median()), "shortest": int(games["turns"].min()),
                         "longest": int(games["turns"].max()), "mean actions": float(games["actions"].mean()),
                         "first blood turn": float(blood.mean()) if len(blood) else math.nan}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "winner"
    return table


# =============================================================================================
# Chronicles: replaying the games
# =============================================================================================
@dataclass
class Chronicle:
    """What happens to whom in one game: a :func:`~explorer.behind.players.play_game` observer.

    ``first_player`` is the acting player when the first action is chosen (the influence duel's
    winner, The Beginning); ``first_blood`` the first injured character as ``(turn, name)``;
    ``eliminations`` every eliminated character in order as ``(turn, name)``.
    """

    first_player: str | None = None
    first_blood: tuple[int, str] | None = None
    eliminations: list[tuple[int, str]] = field(default_factory=list)
    _injuries: dict[str, int] = field(default_factory=dict, repr=False)

    def before(self, state, who: str, action) -> None:
        if self.first_player is None:
            self.first_player = state.active_player
        self._injuries = {name: c.injuries for name, c in state.data.characters.items()}

    def after(self, state, who: str, action, events) -> None:
        for name in sorted(state.data.characters):
            character = state.data.characters[name]
            before = self._injuries.get(name, 0)
            if character.injuries > before and self.first_blood is None:
                self.first_blood = (state.turn, name)
            if character.eliminated and before < 3:
                self.eliminations.append((state.turn, name))


def chronicle_game(decks: Sequence, scenario: str, players: Sequence, seed: int, max_turns: int) -> dict[str, Any]:
    """Play (replay) one game exactly as :func:`~explorer.behind.simulate.simulate` did with this
    seed and return its chronicle as a row: ``seed``, ``first_player``, ``winner``, ``turns``,
    ``first_blood`` (character), ``first_eliminated`` (character or None), ``eliminated`` (the
    characters in order of elimination, a tuple) and ``elimination_turns``."""
    chronicle = Chronicle()
    state = play_game(list(decks), scenario, list(players), seed=seed, max_turns=max_turns, observer=chronicle)
    names = tuple(name for _, name in chronicle.eliminations)
    return {
        "seed": seed, "first_player": chronicle.first_player,
        "first_player_seat": state.players.index(chronicle.first_player) if chronicle.first_player else None,
        "winner": state.winner, "turns": state.turn,
        "first_blood": chronicle.first_blood[1] if chronicle.first_blood else None,
        "first_eliminated": names[0] if names else None,
        "eliminated": names, "elimination_turns": tuple(turn for turn, _ in chronicle.eliminations),
    }


def first_players(frame: pd.DataFrame, decks: Sequence) -> pd.Series:
    """Who began each game of a simulate() ``frame`` (The Beginning: the influence duel's winner;
    "Unser Revier!": he also sets up in the middle), found by dealing each game again from its seed
    -- the setup only, far cheaper than :func:`chronicles` -- unless the frame has its
    ``first_player`` column (simulate records it): then that column.  Indexed like ``frame``."""
    if "first_player" in frame:
        return frame["first_player"].rename("first_player")
    if not len(frame):
        return pd.Series([], dtype=object, index=frame.index, name="first_player")
    decks = list(decks)
    scenario = str(frame["scenario"].iloc[0])
    options = game_options(decks, int(frame.attrs.get("max_turns", DEFAULT_MAX_TURNS)))
    starters = [new_game(decks, scenario, seed=int(seed), options=options).active_player for seed in frame["seed"]]
    return pd.Series(starters, index=frame.index, name="first_player")


def chronicle_chunk(decks: Sequence, scenario: str, players: Sequence, max_turns: int,
                    games: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """The chronicles of the games ``(k, seed)``, each row with its ``game`` index (what an executor runs)."""
    return [{"game": k, **chronicle_game(decks, scenario, players, seed, max_turns)} for k, seed in games]


def chronicles(frame: pd.DataFrame, decks: Sequence, *, players: Sequence | None = None, executor=None,
               chunk_size: int = 10) -> pd.DataFrame:
    """The chronicle of every game of a simulate() ``frame``, replayed from its seeds.

    ``decks`` are the decks the frame was simulated with (in the same order); the scenario, the
    turn limit and the players come from ``frame`` (its ``scenario`` column, ``attrs["max_turns"]``
    -- simulate's default when a frame lost its attrs -- and ``players`` column); give ``players``
    for Player objects, whose names the frame does not keep.  ``executor``: any
    :class:`concurrent.futures.Executor` (a process pool plays the games on several cores); None
    plays them here.  The rows are in the frame's
    order; ``winner`` and ``turns`` equal the frame's (the replay is exact).
    """
    if not len(frame):
        return pd.DataFrame(columns=["game", "seed", "first_player", "first_player_seat", "winner", "turns",
                                     "first_blood", "first_eliminated", "eliminated", "elimination_turns"])
    scenario = str(frame["scenario"].iloc[0])
    kinds = tuple(players) if players is not None else tuple(str(frame["players"].iloc[0]).split(","))
    if len(kinds) != len(decks):
        raise ValueError(f"{len(decks)} decks but players {kinds}")
    max_turns = int(frame.attrs.get("max_turns", DEFAULT_MAX_TURNS))
    games = [(int(k), int(seed)) for k, seed in zip(frame["game"], frame["seed"])]
    decks = tuple(decks)
    if executor is None:
        rows = chronicle_chunk(decks, scenario, kinds, max_turns, games)
    else:
        chunks = [games[i:i + chunk_size] for i in range(0, len(games), chunk_size)]
        futures = [executor.submit(chronicle_chunk, decks, scenario, kinds, max_turns, chunk) for chunk in chunks]
        rows = [row for future in futures for row in future.result()]
    table = pd.DataFrame(rows)
    table["seed"] = table["seed"].astype("uint64")
    table["first_player_seat"] = table["first_player_seat"].astype("Int64")
    for column in ("winner", "first_blood", "first_eliminated"):
        table[column] = table[column].astype(object).where(table[column].notna(), None)
    return table


_ELIMINATION = re.compile(r"^(?P<character>.+) \((?P<player>[^()]+), turn (?P<turn>\d+)\)$")


def _parse_eliminations(text) -> list[tuple[str, str, int]]:
    """``"Seherin Ilse (Schwesternbund, turn 5); ..."`` as ``[(character, player, turn), ...]``."""
    if text is None or (isinstance(text, float) and math.isnan(text)) or not str(text):
        return []
    out = []
    for entry in str(text).split("; "):
        match = _ELIMINATION.match(entry)
        if match is None:
            raise ValueError(f"not an elimination of simulate()'s eliminations column: {entry!r}")
        out.append((match["character"], match["player"], int(match["turn"])))
    return out


def eliminations(frame: pd.DataFrame) -> pd.DataFrame:
    """The ``eliminations`` column of a simulate() ``frame`` as a table: one row per eliminated
    character, columns ``game``, ``order`` (1 = first to fall in that game), ``character``,
    ``player`` (his owner) and ``turn``."""
    if "eliminations" not in frame:
        raise KeyError("the frame has no eliminations column (simulate() records it; or use chronicles())")
    rows = [{"game": game, "order": i + 1, "character": character, "player": player, "turn": turn}
            for game, text in zip(frame["game"], frame["eliminations"])
            for i, (character, player, turn) in enumerate(_parse_eliminations(text))]
    return pd.DataFrame(rows, columns=["game", "order", "character", "player", "turn"])


def elimination_orders(table: pd.DataFrame) -> list[tuple[str, ...]]:
    """Per game (row) of a simulate() frame or a :func:`chronicles` table: the characters in
    order of elimination."""
    if "eliminated" in table:  # a chronicle
        return [tuple(order) for order in table["eliminated"]]
    if "eliminations" in table:  # a simulate() frame
        return [tuple(name for name, _, _ in _parse_eliminations(text)) for text in table["eliminations"]]
    raise KeyError("neither a simulate() frame (eliminations) nor a chronicle (eliminated)")


def first_deaths(chronicle: pd.DataFrame, decks: Sequence, *, z: float = Z95) -> pd.DataFrame:
    """Per character of ``decks``: how often he was the first to be eliminated, and eliminated at all.

    ``chronicle``: a simulate() frame (its ``eliminations`` column) or a :func:`chronicles` table.

    Columns ``player`` (his deck's society), ``first`` (games in which he fell first), ``share``,
    ``low``, ``high`` (of all games), ``eliminated`` (games in which he fell at all),
    ``eliminated_share`` and ``mean_order`` (his mean place in the order of eliminations, 1 =
    first, among the games in which he fell).  Rows sorted by ``first``, most often first on top.
    """
    games = len(chronicle)
    orders = elimination_orders(chronicle) if games else []
    rows = []
    for deck in decks:
        for character in deck.characters:
            name = character.name
            first = sum(1 for order in orders if order and order[0] == name)
            places = [order.index(name) + 1 for order in orders if name in order]
            low, high = wilson_interval(first, games, z)
            rows.append({"character": name, "player": deck.society, "first": first,
                         "share": first / games if games else math.nan, "low": low, "high": high,
                         "eliminated": len(places), "eliminated_share": len(places) / games if games else math.nan,
                         "mean_order": float(np.mean(places)) if places else math.nan})
    table = pd.DataFrame(rows).set_index("character")
    return table.sort_values(["first", "eliminated"], ascending=False, kind="stable")


# =============================================================================================
# The decks themselves
# =============================================================================================
def roster(decks: Sequence) -> pd.DataFrame:
    """One row per character of ``decks``: player (the deck's society), Strength (S), Dexterity
    (G), Resistance (W), character points and abilities (The Cards)."""
    rows = [{"player": deck.society, "character": c.name, "S": c.strength, "G": c.dexterity, "W": c.resistance,
             "CP": c.character_points, "abilities": ", ".join(str(a) for a in c.abilities)}
            for deck in decks for c in deck.characters]
    return pd.DataFrame(rows)


def roster_totals(decks: Sequence) -> pd.DataFrame:
    """Per deck: characters, total and mean Strength, total Dexterity, total Resistance, CP and
    the injuries it takes to eliminate every character (three each, Injuries (Verletzungen))."""
    rows = {}
    for deck in decks:
        cs = deck.characters
        rows[deck.society] = {"characters": len(cs), "S total": sum(c.strength for c in cs),
                              "S mean": sum(c.strength for c in cs) / len(cs), "G total": sum(c.dexterity for c in cs),
                              "W total": sum(c.resistance for c in cs), "CP": deck.character_points,
                              "injuries to eliminate all": 3 * len(cs)}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "player"
    return table


def melee_matrix(attacker_deck, defender_deck, **question) -> pd.DataFrame:
    """The exact odds of every melee between the characters of two decks (Melee Combat (Nahkampf)).

    One row per (attacker, defender): ``p_defender_injured``, ``p_attacker_injured`` and ``edge``
    (their difference: the greedy player attacks when it is above 0).  Each side draws its
    unknown hand and top card from its whole deck (:func:`~explorer.behind.odds.melee_odds`;
    further keywords such as ``rear_arc`` are passed on).  Pivot it for a grid:
    ``matrix.pivot(index="attacker", columns="defender", values="edge")``.
    """
    rows = []
    for attacker in attacker_deck.characters:
        for defender in defender_deck.characters:
            odds = melee_odds(attacker, defender, attacker_supply=list(attacker_deck.cards),
                              defender_supply=list(defender_deck.cards), **question)
            p_def, p_att = odds.p_injured("defender"), odds.p_injured("attacker")
            rows.append({"attacker": attacker.name, "defender": defender.name, "p_defender_injured": p_def,
                         "p_attacker_injured": p_att, "edge": p_def - p_att})
    return pd.DataFrame(rows)


def grid(matrix: pd.DataFrame, value: str = "edge") -> pd.DataFrame:
    """A :func:`melee_matrix` as a grid: attackers as rows, defenders as columns, both in deck order."""
    table = matrix.pivot(index="attacker", columns="defender", values=value)
    return table.loc[_ordered_values(matrix["attacker"]), _ordered_values(matrix["defender"])]


def card_values(decks: Sequence) -> pd.DataFrame:
    """Per deck and combat value (fate number + Zusatz bonus): how many of its action cards have it.
    Columns: one per deck's society; index: the combat value (Special Card Effect)."""
    counts: dict[str, Mapping[int, int]] = {}
    for deck in decks:
        counts[deck.society] = pd.Series([c.combat_value for c in deck.cards]).value_counts().to_dict()
    table = pd.DataFrame(counts).fillna(0).astype(int).sort_index()
    table.index.name = "combat value"
    return table
