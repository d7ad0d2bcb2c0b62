"""Simple Beyond players: :class:`RandomPlayer` (a seeded uniform choice among legal actions) and
:func:`play_game` (drive a game to its end)."""

from __future__ import annotations

from typing import Callable, Mapping

from explorer.core.inputs import number, whole
from explorer.core.rng import SeededRng


class RandomPlayer:
    """Picks a legal action at random; ``EndTurn`` and ``Stop`` are taken less eagerly than in a
    uniform choice (``patience``) so that games see captures, compositions and summons."""

    def __init__(self, seed: int = 0, patience: float = 0.7):
        self.rng = SeededRng(None if seed is None else whole(seed, "seed", source="RandomPlayer"))
        self.patience = number(patience, "patience", source="RandomPlayer", low=0, high=1)

    def choose(self, state):
        legal = list(state.legal_actions())
        busy = [a for a in legal if a.kind not in ("end-turn", "stop")]
        if busy and self.rng.random() < self.patience:
            legal = busy
        return legal[self.rng.randrange(len(legal))]


def play_game(state, players: Mapping[str, RandomPlayer] | None = None, *, seed: int = 0, max_actions: int = 20000,
              after: Callable | None = None):
    """Play ``state`` to its end; ``after(state)`` is called after every action."""
    seed = whole(seed, "seed", source="play_game")
    max_actions = whole(max_actions, "max_actions", source="play_game", low=0, high=10**8)
    players = players or {p: RandomPlayer(seed * 31 + i) for i, p in enumerate(state.players)}
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        state.apply(players[state.current_player].choose(state))
        if after is not None:
            after(state)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
