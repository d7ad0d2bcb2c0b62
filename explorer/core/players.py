"""Players for every registered system, through the game protocol alone.

A player is any object with ``choose(state, rng) -> action``: ``state`` is the game (the player
asks it for ``legal_actions()``; it must not change it), ``rng`` a
:class:`~explorer.core.rng.SeededRng` of its own, so that the same seed plays the same game and a
player object holds no state between games (it pickles for process pools).

:class:`RandomPlayer` picks uniformly among the legal actions any system lists.  Systems add
smarter players in their registration (``System.players``); :func:`players_of` lists them all,
the uniform one as ``"uniform"``.  :func:`play` drives a game to its end.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, runtime_checkable

from explorer.core.rng import SeededRng

__all__ = ["NoLegalAction", "Player", "RandomPlayer", "make_player", "play", "players_of"]


@runtime_checkable
class Player(Protocol):
    def choose(self, state, rng: SeededRng) -> Any:
        """The action to take in ``state`` (one of its legal actions)."""


class NoLegalAction(RuntimeError):
    """A player was asked to choose in a state that lists no legal action (an engine bug: a
    state that is not terminal always has one)."""


class RandomPlayer:
    """A uniformly random legal action (any system: it only uses ``legal_actions()``)."""

    name = "uniform"

    def choose(self, state, rng: SeededRng):
        legal = list(state.legal_actions())
        if not legal:
            raise NoLegalAction(f"no legal action in phase {state.phase!r} for {state.current_player!r}")
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomPlayer()"

    def __eq__(self, other: object) -> bool:
        return type(other) is RandomPlayer

    def __hash__(self) -> int:
        return hash(RandomPlayer)


def players_of(system) -> dict[str, Callable[[], Player]]:
    """Every player kind of ``system`` by name: ``"uniform"`` (the core's) and the system's own."""
    from explorer.core.systems import get

    return {"uniform": RandomPlayer, **get(system).players}


def make_player(system, spec) -> Player:
    """A player of ``system`` from its name (:func:`players_of`) or the player object itself."""
    if isinstance(spec, str):
        kinds = players_of(system)
        if spec not in kinds:
            raise ValueError(f"unknown player {spec!r}; players are {', '.join(kinds)} (or pass a Player object)")
        return kinds[spec]()
    if not callable(getattr(spec, "choose", None)):
        raise TypeError(f"a player has a choose(state, rng) method, got {spec!r}")
    return spec


def play(state, players: Mapping[Any, Player] | Player, *, seed: int = 0, max_actions: int = 100_000,
         observer=None):
    """Play ``state`` on to its end and return it.

    ``players``: one player for everybody, or a mapping from each player of the game to his
    player.  Player ``i`` (in ``state.players`` order) draws from ``SeededRng(seed).spawn(f"player
    {i}")``.  ``observer``: anything with ``before(state, who, action)`` and ``after(state, who,
    action, events)``, called around every applied action.  A game still running after
    ``max_actions`` actions raises RuntimeError (an engine or player bug).
    """
    order = list(state.players)
    by_player = players if isinstance(players, Mapping) else dict.fromkeys(order, players)
    root = SeededRng(seed)
    rngs = {who: root.spawn(f"player {i}") for i, who in enumerate(order)}
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        who = state.current_player
        action = by_player[who].choose(state, rngs[who])
        if observer is not None:
            observer.before(state, who, action)
        events = state.apply(action)
        if observer is not None:
            observer.after(state, who, action, events)
    if state.is_terminal():
        return state
    raise RuntimeError(f"the game did not end within {max_actions} actions")
