"""Replaying a game of Behind: what is Behind's own -- its origin, dealing it again, the jewel's path.

A saved game (``state.to_json()``) holds its history -- every action announced, setup included --
and its *origin*: the decks in the order they were dealt, the scenario, the seed, the shuffle and
setup modes, the players and the options (:func:`explorer.behind.game.game_origin`).  Dealing a
fresh game from that origin (:func:`dealt_from_save`, Behind's ``System.dealt``) and re-applying the
history through the referee rebuilds every state in between ("The Course of the Game": a game is
its sequence of actions; every one is checked again, so a tampered record is refused with the rule
it breaks).  The replaying itself is the core's, the same for every system
(:mod:`explorer.core.replay`); its names are re-exported here:

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

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from explorer.behind.cards import ActionCard, Character
from explorer.behind.data import Deck
from explorer.behind.game import BehindState, GameOptions, new_game
from explorer.core import replay as _core
from explorer.core.replay import Replay, ReplayError, ReplayMismatch, Step, undo_chain

__all__ = ["JewelPoint", "Replay", "ReplayError", "ReplayMismatch", "Step", "dealt_from_save", "decks_from_origin",
           "game_from_origin", "jewel_path", "replay", "replay_states", "undo_chain"]


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
    scenario = origin["scenario"]
    if isinstance(scenario, Mapping):  # a scenario of the user's, carried by the save
        from explorer.behind.scenarios import scenario_from_text
        scenario = scenario_from_text(scenario["text"], "save, origin.scenario")
    return new_game(decks_from_origin(origin, cards), scenario, seed=origin["seed"],
                    setup=origin["setup"], options=GameOptions.from_json(origin["options"]),
                    shuffle=origin["shuffle"], players=origin["players"])


def dealt_from_save(saved: BehindState | Mapping[str, Any] | str, *, source: str = "save") -> BehindState:
    """The game as first dealt (the setup of ``setup="auto"`` included), from a save's origin.

    A save given as data is not trusted: its origin and card list are checked first
    (:func:`explorer.behind.saves.checked_origin`), and what the rules then refuse in them (a deck
    too small, an unknown scenario) is an InputError naming the origin too."""
    if isinstance(saved, BehindState):
        if saved.origin is None:
            raise ReplayError("the saved game records no origin (decks, scenario, seed): it cannot be dealt again")
        return game_from_origin(saved.origin, saved.cards)
    from explorer.behind.saves import checked_origin
    from explorer.core.inputs import InputError, parse_json

    data = parse_json(saved, source) if isinstance(saved, (str, bytes)) else saved
    if isinstance(data, Mapping) and data.get("origin") is None:
        raise ReplayError("the saved game records no origin (decks, scenario, seed): it cannot be dealt again")
    origin, fields = checked_origin(data, source)
    cards = {}
    for card_id, card in fields.items():
        try:
            cards[card_id] = ActionCard(**card)
        except (ValueError, TypeError) as wrong:
            raise InputError(source, f"cards.{card_id}", f"a card the rules allow ({wrong})") from None
    try:
        return game_from_origin(origin, cards)
    except InputError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as refused:
        raise InputError(source, "origin", f"an origin the game can be dealt from ({refused})") from None


# ---------------------------------------------------------------------------------------------
# Replaying (the core's algorithm, for Behind's saves)
# ---------------------------------------------------------------------------------------------
def replay(game: BehindState | Mapping[str, Any] | str, *, check: bool = True) -> Replay:
    """Rebuild every state of a saved game of Behind (a state, its ``to_json()`` dict, or that as a
    JSON string): :func:`explorer.core.replay.replay` with Behind's system."""
    return _core.replay(game, "behind", check=check)


def replay_states(game: BehindState | Mapping[str, Any] | str, *, check: bool = True) -> list[BehindState]:
    """The state after each action of a saved game: ``states[0]`` dealt, ``states[-1]`` the saved
    game itself (see :func:`replay`)."""
    return replay(game, check=check).states


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
