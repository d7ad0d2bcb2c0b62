"""Behold: Rome players of the shared protocol (``choose(state, rng)``).

:class:`RandomPlayer` picks a legal action at random, taking the actions that end something (the
turn, a card's benefits, the round, the game, a draw) less eagerly than a uniform choice
(``patience``), so that games see cards played, stored, developed and conquered.
"""

from __future__ import annotations

from explorer.core.inputs import number
from explorer.core.players import NoLegalAction

ENDING = frozenset({"end-turn", "finish", "move-on", "end-game", "stop-drawing"})
"""The action kinds that end something rather than do something."""


class RandomPlayer:
    """A random legal action; with probability ``patience`` one that does something, when there is one."""

    name = "patient"

    def __init__(self, patience: float = 0.8):
        self.patience = number(patience, "patience", source="RandomPlayer", low=0, high=1)

    def choose(self, state, rng):
        legal = list(state.legal_actions())
        if not legal:
            raise NoLegalAction(f"no legal action in phase {state.phase!r}")
        busy = [a for a in legal if a.kind not in ENDING]
        if busy and rng.random() < self.patience:
            legal = busy
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomPlayer({self.patience})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RandomPlayer) and other.patience == self.patience

    def __hash__(self) -> int:
        return hash((RandomPlayer, self.patience))


__all__ = ["ENDING", "RandomPlayer"]
