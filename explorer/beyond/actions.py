"""The actions of a Beyond game.  Cards are named by id (``"TS07"``, ``"NS3"``), players by name.

Phase 1: :class:`Reveal`, :class:`Stop` (successful reveal), :class:`Collect` (after a failed
reveal: which extra cards to buy with Lotus tokens).  Phase 2: :class:`Place`.  Phase 3:
:class:`Compose`, :class:`Capture`, :class:`Protect` and :class:`Summon` (advanced), :class:`EndTurn`.
"""

from __future__ import annotations

from typing import Optional

from explorer.core.game import Action, ActionCodec

ACTIONS = ActionCodec("beyond")


@ACTIONS.register("reveal")
class Reveal(Action):
    """Turn over the top card of the draw pile."""


@ACTIONS.register("stop")
class Stop(Action):
    """Stop revealing and collect all revealed cards (all of different spirits)."""


@ACTIONS.register("collect")
class Collect(Action):
    """After a failed reveal: collect the last card free plus ``bought`` (one Lotus token each)."""
    bought: tuple[str, ...] = ()


@ACTIONS.register("place")
class Place(Action):
    """Place a collected card ``side`` up: ``"spirit"`` or ``"capture"`` (on a free stock corner)."""
    card: str
    side: str = "spirit"


@ACTIONS.register("compose")
class Compose(Action):
    """Compose a complete pattern from 4 of one's Spirit face up cards."""
    cards: tuple[str, ...]


@ACTIONS.register("capture")
class Capture(Action):
    """Take ``card`` from ``victim`` with one's capture cards ``using`` (ids of capture cards)."""
    victim: str
    card: str
    using: tuple[str, ...]


@ACTIONS.register("protect")
class Protect(Action):
    """Advanced mode: put a token from one's stock on one's Spirit card ``card``."""
    card: str


@ACTIONS.register("summon")
class Summon(Action):
    """Advanced mode: put a Lotus token on one's enchanted pattern number ``pattern``.

    ``choice``: Turtle Snake / Double Azure Dragon: the draw-pile card to take; Vermilion Bird:
    the discard-pile card to take; Yellow Unicorn: the number of the pattern whose Lotus returns."""
    pattern: int
    choice: Optional[object] = None


@ACTIONS.register("end-turn")
class EndTurn(Action):
    """Finish Phase 3 (and the turn)."""
