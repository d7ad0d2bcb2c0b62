"""Many whole games of Behind, played by simulated players, as a table for analysts.

``simulate(200, [decks["vampire"], decks["schwesternbund"]], players=("greedy", "random"))``
plays 200 independent games and returns a :class:`pandas.DataFrame` with one row per game
(:data:`COLUMNS` says what each column means).

A thin call of the generic :func:`explorer.core.simulate.simulate` (``simulate("behind", n,
config, players)``), which also says how the games run (this process, the shared process pool,
any :class:`concurrent.futures.Executor`) and why a row depends only on ``(seed, k)``.  What Behind
counts in a game is registered here as :data:`SIMULATION` (``System.simulation``):
:class:`GameTally` watches every action, :func:`game_row` writes the row.
"""

from __future__ import annotations

import concurrent.futures
from typing import Any, Mapping, Sequence

from explorer.behind import actions as A
from explorer.core.simulate import PARALLEL_THRESHOLD, GameInfo, Simulation, game_seed

__all__ = ["COLUMNS", "DEFAULT_MAX_TURNS", "PARALLEL_THRESHOLD", "PROGRESS_THRESHOLD", "SIMULATION", "GameTally",
           "game_row", "game_seed", "simulate"]

DEFAULT_MAX_TURNS = 60
"""Turns after which a simulated game stops without winner (30 per player in "Unser Revier!"):
greedy and random games of two 30-CP decks end well before it; the core's uniform player
(``"uniform"``) rarely brings chips into contact, so its games run to it."""

PROGRESS_THRESHOLD = 100
"""``progress=None``: from this many games on, a progress bar is shown."""

OWN_COLUMNS: dict[str, str] = {
    "scenario": "the scenario id (\"unser_revier\", \"juwel_von_athen\")",
    "winner_seat": "index of the winner's deck in `decks` (nullable Int64; <NA> without winner)",
    "first_blood_turn": "turn of the first injury in the game (nullable Int64; <NA> if nobody was injured)",
    "first_player": "who began: the player whose turn it was when the first action was chosen (The Beginning: "
                    "the influence duel's winner; in \"Unser Revier!\" he also sets up in the middle)",
    "first_blood": "the first character injured in the game, None if nobody was",
    "eliminations": "the characters eliminated, in order, each with his owner and the turn: "
                    "\"Seherin Ilse (Schwesternbund, turn 5); ...\" (\"\" if nobody fell); "
                    "explorer.behind.study.eliminations reads it as a table",
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
"""What Behind counts per game, beyond the generic columns (:data:`explorer.core.simulate.COLUMNS`)."""

COLUMNS: dict[str, str] = {
    "game": "index k of the game in this run (0 .. n-1); rows are in this order",
    "seed": "the game's own seed, SeededRng(seed).spawn(k).seed: new_game(..., seed=it) and "
            "play_game(..., seed=it) replay exactly this game",
    "scenario": OWN_COLUMNS["scenario"],
    "players": "the player kinds in deck order, e.g. \"greedy,random\"",
    "winner": "the winning player's name (his deck's society), None if the game stopped without winner",
    "winner_seat": OWN_COLUMNS["winner_seat"],
    "winner_kind": "the winner's player kind (\"greedy\", \"random\", a class name), None without winner",
    "end": "\"goal\" (the scenario goal was reached), \"max_turns\" (stopped by the turn limit) or "
           "\"no one left\" (every character eliminated)",
    "turns": "turns played (a turn is one player's organisation, action and supply phase)",
    "actions": "actions the players chose and applied (turn actions, free turns and decisions; setup not counted)",
    **{key: text for key, text in OWN_COLUMNS.items() if key not in ("scenario", "winner_seat")},
}
"""The DataFrame's columns and what they mean; ``[P]`` columns come once per player, named by
the player (his deck's society: "Vampire", "Schwesternbund", ...)."""

PER_PLAYER = tuple(name[:-3] for name in COLUMNS if name.endswith("[P]"))
_COUNTED = tuple(key for key in PER_PLAYER if key != "characters_left")


# =============================================================================================
# Counting one game
# =============================================================================================
class GameTally:
    """Counts what happens in one game, action by action (a :func:`~explorer.core.players.play`
    observer): the per-player counts, first blood, who began and the eliminations in order."""

    def __init__(self, players: Sequence[str], state=None):
        self.players = tuple(players)
        self.counts = {key: dict.fromkeys(self.players, 0) for key in _COUNTED}
        self.actions = 0
        self.first_blood_turn: int | None = None
        self.first_blood: str | None = None
        self.first_player: str | None = state.active_player if state is not None else None
        self.eliminations: list[tuple[str, str, int]] = []  # (character, owner, turn)
        self._fallen: set[str] = set()
        self._active: str | None = None
        self._injuries: dict[str, int] = {}

    def before(self, state, who: str, action: A.Action) -> None:
        if self.first_player is None:
            self.first_player = state.active_player
        self._active = state.active_player
        self._injuries = {n: c.injuries for n, c in state.data.characters.items()}
        self.counts["cards_used"][who] += _hand_cards(state, who, action)
        if isinstance(action, A.Melee):
            self.counts["melee"][who] += 1
        elif isinstance(action, A.Ranged):
            self.counts["ranged"][who] += 1

    def after(self, state, who: str, action: A.Action, events) -> None:
        self.actions += 1
        hurt, fallen = [], []
        for name, character in state.data.characters.items():
            if character.eliminated and name not in self._fallen:
                fallen.append(name)
            gained = character.injuries - self._injuries.get(name, 0)
            if gained <= 0:
                continue
            hurt.append(name)
            victim = state.owners[name]
            self.counts["injuries_suffered"][victim] += gained
            # the acting player injures the enemy; a failed attack injures the attacker, by the defender
            dealer = self._active if victim != self._active else (who if who != victim else None)
            if dealer is not None:
                self.counts["injuries_dealt"][dealer] += gained
            if character.eliminated:
                self.counts["eliminated"][victim] += 1
        if hurt and self.first_blood_turn is None:
            self.first_blood_turn = state.turn
            self.first_blood = min(hurt)
        for name in sorted(fallen):
            self._fallen.add(name)
            self.eliminations.append((name, state.owners[name], state.turn))

    def eliminations_text(self) -> str:
        return "; ".join(f"{name} ({owner}, turn {turn})" for name, owner, turn in self.eliminations)


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


def end_of(state) -> str:
    """Why the game ended: ``"goal"``, ``"max_turns"`` or ``"no one left"``."""
    if state.winner is not None:
        return "goal"
    last = state.log[-1].kind if state.log else ""
    return "max_turns" if last == "stopped" else "no one left"


def game_row(state, tally: GameTally, game: GameInfo) -> dict[str, Any]:
    """Behind's figures of one finished game (the generic columns come from the core)."""
    winner = state.winner
    row: dict[str, Any] = {
        "scenario": game.config.get("scenario", "unser_revier"),
        "winner_seat": state.players.index(winner) if winner is not None else None,
        "first_blood_turn": tally.first_blood_turn, "first_player": tally.first_player,
        "first_blood": tally.first_blood, "eliminations": tally.eliminations_text(),
    }
    for player in state.players:
        row[f"characters_left[{player}]"] = len(state.characters_of(player))
        for key in _COUNTED:
            row[f"{key}[{player}]"] = tally.counts[key][player]
    return row


def _prepare(config: Mapping[str, Any]) -> dict:
    """The deck ids looked up once per chunk (loading the decks takes longer than dealing)."""
    from explorer.behind.system import decks_of

    return {**config, "decks": decks_of(config)}


def _seats(config: Mapping[str, Any]) -> list[str]:
    from explorer.behind.game import player_names
    from explorer.behind.system import decks_of

    return player_names(decks_of(config))


SIMULATION = Simulation(
    columns=OWN_COLUMNS,
    observer=lambda state, game: GameTally(state.players, state),
    row=game_row,
    end=end_of,
    limits=("max_turns",),
    dtypes={"winner_seat": "Int64", "first_blood_turn": "Int64", **{f"{key}[P]": "int64" for key in PER_PLAYER}},
    prepare=_prepare,
    seats=_seats,
)
"""Behind's registration for the generic simulator (``System.simulation``)."""


# =============================================================================================
# The run
# =============================================================================================
def _config(decks: Sequence, scenario: str, max_turns: int) -> dict[str, Any]:
    """A configuration for ``decks``: the shipped decks by id (JSON-able), others as they are."""
    from explorer.behind.data import load_decks

    if isinstance(decks, str):
        raise TypeError("decks is a sequence of decks (or deck ids), one per player")
    shipped = None
    out: list = []
    for deck in decks:
        if not isinstance(deck, str):
            shipped = shipped or load_decks()
            deck = next((slug for slug, known in shipped.items() if known == deck), deck)
        out.append(deck)
    return {"decks": out, "scenario": scenario, "max_turns": int(max_turns)}


def _legacy(frame):
    """The generic frame in this module's columns (:data:`COLUMNS`)."""
    frame = frame.rename(columns={"winners": "winner", "winner_kinds": "winner_kind"})
    for column in ("winner", "winner_kind"):
        frame[column] = frame[column].astype(object).where(frame[column] != "", None)
    per_player = [c for c in frame.columns if c.endswith("]") and c[:c.index("[")] in PER_PLAYER]
    return frame[[c for c in COLUMNS if not c.endswith("[P]")] + per_player]


def simulate(n: int, decks: Sequence, scenario: str = "unser_revier", seed: int = 0, *,
             players: Sequence | str = "greedy", executor: concurrent.futures.Executor | None = None,
             max_turns: int = DEFAULT_MAX_TURNS, progress: bool | None = None,
             parallel_threshold: int = PARALLEL_THRESHOLD, chunk_size: int | None = None,
             workers: int | None = None, rulings: Mapping[str, Any] | None = None):
    """Play ``n`` independent games and return one row per game (columns: :data:`COLUMNS`).

    * ``decks``: one :class:`~explorer.behind.data.Deck` (or deck id, e.g. ``"vampire"``) per
      player -- two for "Unser Revier!", three for "Das Juwel von Athen".
    * ``players``: one per deck, names from :data:`explorer.behind.players.PLAYERS` (``"greedy"``,
      ``"random"``), ``"uniform"``, or Player objects (picklable, for process pools); one name
      (default ``"greedy"``) for every player.
    * ``seed``: game ``k`` uses :func:`game_seed` ``(seed, k)``: the same ``seed`` gives the same
      DataFrame, whatever ``executor``, ``workers`` or ``chunk_size``.
    * ``executor``: any :class:`concurrent.futures.Executor` (a dask ``Client.get_executor()``
      too); ``None``: this process below ``parallel_threshold`` games, else the shared process
      pool of ``workers`` (default: every core, :func:`explorer.core.simulate.process_pool`).
    * ``max_turns``: a game stops without winner after so many turns (0: never -- random players
      may then play for a very long time).
    * ``progress``: a tqdm bar; ``None`` shows it from :data:`PROGRESS_THRESHOLD` games on.
    * ``chunk_size``: games per submitted task (default: about eight tasks per worker).
    * ``rulings``: switched rulings (``{id: value}`` or a Rulings): the same games under them.
    """
    from explorer.core.simulate import simulate as simulate_any

    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of games >= 0, got {n!r}")
    config = _config(decks, scenario, max_turns)
    if not isinstance(players, str) and len(players) != len(config["decks"]):
        count = len(config["decks"])
        raise ValueError(f"{count} decks need {count} players, got {len(players)}: {tuple(players)}")
    show = (n >= PROGRESS_THRESHOLD) if progress is None else bool(progress)
    frame = simulate_any("behind", n, config, players, seed, executor=executor, progress=show,
                         chunk_size=chunk_size, workers=workers, parallel_threshold=parallel_threshold,
                         rulings=rulings, desc=f"simulating {scenario}")
    kinds = frame.attrs["players"]
    legacy = _legacy(frame)
    legacy.attrs = {"scenario": scenario, "players": ",".join(kinds), "max_turns": int(max_turns), "seed": seed,
                    "rulings": frame.attrs["config"].get("rulings", {}), "columns": dict(COLUMNS)}
    return legacy
