"""Replaying a game of Behind: the state after every action, rebuilt from the game's origin.

A saved game (``state.to_json()``) holds its history -- every action announced, setup included --
and its *origin*: the decks in the order they were dealt, the scenario, the seed, the shuffle and
setup modes, the players and the options (:func:`explorer.behind.game.game_origin`).  Dealing a
fresh game from that origin and re-applying the history through the referee rebuilds every
state in between ("The Course of the Game": a game is its sequence of actions; every one is
checked again, so a tampered record is refused with the rule it breaks).

``replay(saved)`` returns a :class:`Replay`: ``replay.states[i]`` is the game after the first
``i`` actions (``states[0]`` before any action: dealt, with the influence duel held), and
``replay.steps[i]`` says what happened at step ``i`` -- the action, who announced it and the
events it caused, each citing its rule.  The last state reproduces the saved game exactly
(``to_json`` equal), or :class:`ReplayMismatch` says where it differs.

With ``setup="auto"`` (the default of ``new_game`` and of the simulated players) the dealing also
places the terrain and deploys the chips by announcing setup actions; the states between those
are the referee's snapshots taken before each of them (see ``GameState.undo``).

``undo_chain(state)`` reads the steps of a live game from its undo snapshots instead (no origin
needed; what the play mode of the replay panel starts from).

``jewel_path(states)`` follows the Jewel of Athens over a game ("Das Juwel von Athen"): where it
was after each step, carried (at its bearer's chip) or lying on the ground.

Pure Python: no drawing here (``render_replay.draw_jewel_path`` draws the path, the replay panel
shows the steps).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from explorer.behind.actions import ACTIONS
from explorer.behind.cards import ActionCard, Character
from explorer.behind.data import Deck
from explorer.behind.game import BehindState, GameOptions, new_game
from explorer.core.game import Action, Event
from explorer.core.rules import RuleViolation

__all__ = ["JewelPoint", "Replay", "ReplayError", "ReplayMismatch", "Step", "dealt_from_save", "decks_from_origin", "game_from_origin",
           "jewel_path", "replay", "replay_states", "undo_chain"]


class ReplayError(ValueError):
    """The saved game cannot be replayed: no origin recorded, or a recorded action is refused."""


class ReplayMismatch(ReplayError):
    """The replayed game ends in another state than the saved one (``key``: the first part that
    differs, e.g. ``"data.piles"``)."""

    def __init__(self, key: str):
        self.key = key
        super().__init__(f"the replayed game differs from the saved one in {key!r}")


@dataclass(frozen=True)
class Step:
    """One step of a replay: ``action`` (None for step 0, the dealt game), announced by ``player``,
    and the ``events`` it caused (the whole log up to the first action for step 0)."""

    index: int
    action: Action | None
    player: str | None
    events: tuple[Event, ...]

    def events_for(self, viewer: str | None = None) -> list[Event]:
        """The events ``viewer`` may see (``None``: the referee, who sees all; a player does not
        see the others' private events, "Hand Cards, Supply and Discard Pile")."""
        return [e for e in self.events if viewer is None or e.visible_to is None or e.visible_to == viewer]


@dataclass(frozen=True)
class JewelPoint:
    """Where the Jewel of Athens was after ``step``: carried by ``bearer`` (at his chip's centre),
    or on the ground (``bearer`` None) at ``(x, y)``."""

    step: int
    turn: int
    x: float
    y: float
    bearer: str | None

    @property
    def carried(self) -> bool:
        return self.bearer is not None


class Replay:
    """The states and steps of one game (see the module docstring)."""

    def __init__(self, states: Sequence[BehindState], steps: Sequence[Step]):
        if len(states) != len(steps):
            raise ValueError(f"{len(states)} states but {len(steps)} steps")
        self.states = list(states)
        self.steps = list(steps)

    def __len__(self) -> int:
        return len(self.states)

    @property
    def final(self) -> BehindState:
        return self.states[-1]

    def state(self, index: int) -> BehindState:
        return self.states[index]

    def step(self, index: int) -> Step:
        return self.steps[index]

    def jewel_path(self) -> list[JewelPoint]:
        return jewel_path(self.states)

    def __repr__(self) -> str:
        return f"<Replay of {len(self.states) - 1} actions: {self.final!r}>"


# ---------------------------------------------------------------------------------------------
# The game's origin
# ---------------------------------------------------------------------------------------------
def decks_from_origin(origin: Mapping[str, Any], cards: Mapping[str, ActionCard]) -> list[Deck]:
    """The decks a game was dealt from, rebuilt from its recorded origin (card ids looked up in
    ``cards``, the state's card list)."""
    decks = []
    for deck in origin["decks"]:
        missing = [cid for cid in deck["cards"] if cid not in cards]
        if missing:
            raise ReplayError(f"deck {deck['name']!r}: card(s) {', '.join(sorted(set(missing)))} are not in the game's "
                              "card list")
        decks.append(Deck(name=deck["name"], society=deck["society"],
                          characters=tuple(Character.from_json(c) for c in deck["characters"]),
                          cards=tuple(cards[cid] for cid in deck["cards"]),
                          character_points_limit=deck.get("character_points_limit"),
                          source=deck.get("source", "illustrative")))
    return decks


def game_from_origin(origin: Mapping[str, Any], cards: Mapping[str, ActionCard]) -> BehindState:
    """A fresh game dealt exactly as the recorded one was (same decks, seed, shuffle, setup); a
    game that started from a position (``explorer.behind.position``) is built from it again."""
    if "position" in origin:
        from explorer.behind.position import from_position
        return from_position(origin["position"], seed=origin["seed"], options=GameOptions.from_json(origin["options"]))
    return new_game(decks_from_origin(origin, cards), origin["scenario"], seed=origin["seed"],
                    setup=origin["setup"], options=GameOptions.from_json(origin["options"]),
                    shuffle=origin["shuffle"], players=origin["players"])


def dealt_from_save(saved: BehindState | Mapping[str, Any] | str) -> BehindState:
    """The game as first dealt (the setup of ``setup="auto"`` included), from a save's origin."""
    _data, state = _saved(saved)
    if state.origin is None:
        raise ReplayError("the saved game records no origin (decks, scenario, seed): it cannot be dealt again")
    return game_from_origin(state.origin, state.cards)


# ---------------------------------------------------------------------------------------------
# Replaying
# ---------------------------------------------------------------------------------------------
def _saved(game: BehindState | Mapping[str, Any] | str) -> tuple[dict, BehindState]:
    if isinstance(game, BehindState):
        return game.to_json(), game
    data = json.loads(game) if isinstance(game, str) else dict(game)
    return data, BehindState.from_json(data)


def replay(game: BehindState | Mapping[str, Any] | str, *, check: bool = True) -> Replay:
    """Rebuild every state of a saved game (a state, its ``to_json()`` dict, or that as a JSON string).

    ``check``: compare the last replayed state with the saved one and raise
    :class:`ReplayMismatch` if they differ.  A recorded action the referee refuses raises
    :class:`ReplayError` naming the step and the rule.
    """
    data, saved = _saved(game)
    if saved.origin is None:
        raise ReplayError("the saved game records no origin (decks, scenario, seed): it cannot be dealt again")
    history = [ACTIONS.from_json(a) for a in data["history"]]
    fresh = game_from_origin(saved.origin, saved.cards)
    setup = len(fresh.history)
    if history[:setup] != fresh.history:
        raise ReplayError(f"the first {setup} recorded actions are not the setup the origin deals "
                          f"(setup={saved.origin['setup']!r})")
    dealt = undo_chain(fresh)
    states, steps = dealt.states, dealt.steps
    game_now = fresh.copy()
    for index in range(setup, len(history)):
        action = history[index]
        player = game_now.current_player
        try:
            events = game_now.apply(action)
        except RuleViolation as refused:
            raise ReplayError(f"step {index + 1}: the referee refuses {action}: {refused}") from refused
        states.append(game_now.copy())
        steps.append(Step(index + 1, action, player, tuple(events)))
    if check:
        replayed = states[-1].to_json()
        if replayed != data:
            raise ReplayMismatch(_first_difference(data, replayed))
    return Replay(states, steps)


def replay_states(game: BehindState | Mapping[str, Any] | str, *, check: bool = True) -> list[BehindState]:
    """The state after each action of a saved game: ``states[0]`` dealt, ``states[-1]`` the saved
    game itself (see :func:`replay`)."""
    return replay(game, check=check).states


def undo_chain(state: BehindState) -> Replay:
    """The steps of a live game read from its undo snapshots, without dealing it again: undo is
    applied to copies back to the first action it can take back.  A state loaded from JSON has no
    snapshots: its step 0 is then the state itself.  (The states between the setup actions of an
    automatic setup are the snapshots taken before each of them.)"""
    chain = [state.copy()]
    twin = state.copy()
    while twin.history:
        try:
            twin.undo()
        except IndexError:  # no snapshot further back (a loaded game)
            break
        chain.append(twin.copy())
    chain.reverse()
    steps = [Step(0, None, None, tuple(chain[0].log))]
    for i in range(1, len(chain)):
        before, after = chain[i - 1], chain[i]
        steps.append(Step(i, after.history[-1], before.current_player, tuple(after.log[len(before.log):])))
    return Replay(chain, steps)


def _first_difference(expected: Any, actual: Any, path: str = "") -> str:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            if expected.get(key, _MISSING) != actual.get(key, _MISSING):
                return _first_difference(expected.get(key), actual.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (a, b) in enumerate(zip(expected, actual)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return path or "(the whole state)"


_MISSING = object()


# ---------------------------------------------------------------------------------------------
# The Jewel of Athens
# ---------------------------------------------------------------------------------------------
def jewel_path(states: Iterable[BehindState]) -> list[JewelPoint]:
    """Where the Jewel of Athens was after each step ("Das Juwel von Athen"): at its bearer's chip
    while carried, where the bearer last lay while on the ground.  Steps without a jewel (before
    the bearer is named, other scenarios) are left out; so is a bearer whose chip is off the table."""
    path = []
    for step, state in enumerate(states):
        jewel = state.data.jewel
        if jewel is None:
            continue
        if jewel[0] == "bearer":
            if jewel[1] not in state.table:
                continue
            chip = state.table.chip(jewel[1])
            path.append(JewelPoint(step, state.turn, chip.x, chip.y, jewel[1]))
        elif jewel[0] == "ground":
            path.append(JewelPoint(step, state.turn, float(jewel[1]), float(jewel[2]), None))
    return path
