"""The actions of a game of Behold: Rome.  Cards are named by id (``"legion"``).

The action phase (behold-rome-rulebook.txt, "Action Phase"): :class:`Play` a card (with the
interrupting card played on it, if any); then, one step each, its costs -- :class:`Discard`,
:class:`Degrade`, :class:`Pay` (a stored card), :class:`Abandon` (a controlled region) -- and its
benefits -- :class:`Draw`, :class:`Store`, :class:`Develop`, :class:`DevelopRegion`,
:class:`Degrade`, :class:`Conquer` -- and :class:`Finish` to leave the rest of the benefits
unresolved.  A requirement's extra cost, the region abandoned for a tributary level and the
nation card's development cost are paid with the same cost steps.

Between actions: :class:`EndTurn` (discard a hand card or ``"top"``, then draw to 5, pausing for
:class:`Draw` / :class:`StopDrawing` when the next card would unstore a stored card),
:class:`DevelopNation`, :class:`MoveOn`, :class:`PassNation` (fluid rounds), :class:`EndGame`.
"""

from __future__ import annotations

from explorer.core.game import Action, ActionCodec

ACTIONS = ActionCodec("behold_rome")


@ACTIONS.register("play")
class Play(Action):
    """Play the hand card ``card``; ``store_played``: store it as part of its action instead of
    discarding it; ``interrupt``: an interrupting hand card played on it first ("" for none)."""
    card: str
    store_played: bool = False
    interrupt: str = ""


@ACTIONS.register("discard")
class Discard(Action):
    """Cost: discard the hand card ``card``."""
    card: str


@ACTIONS.register("degrade")
class Degrade(Action):
    """Cost or benefit: take the hand card ``card`` down a level."""
    card: str


@ACTIONS.register("pay")
class Pay(Action):
    """Cost: discard the stored card ``card`` to pay with its resources."""
    card: str


@ACTIONS.register("abandon")
class Abandon(Action):
    """Cost: discard the controlled region ``card``."""
    card: str


@ACTIONS.register("draw")
class Draw(Action):
    """Draw the top card into the hand (a benefit's draw, or the end of turn's draw to 5)."""


@ACTIONS.register("store")
class Store(Action):
    """Benefit: store the hand card ``card`` (its resources become stored)."""
    card: str


@ACTIONS.register("develop")
class Develop(Action):
    """Benefit: raise the hand card ``card`` a level."""
    card: str


@ACTIONS.register("develop-region")
class DevelopRegion(Action):
    """Benefit: raise the controlled region ``card`` a level."""
    card: str


@ACTIONS.register("conquer")
class Conquer(Action):
    """Benefit: take control of the region ``card`` from the hand."""
    card: str


@ACTIONS.register("finish")
class Finish(Action):
    """Leave the rest of the played card's benefits unresolved."""


@ACTIONS.register("end-turn")
class EndTurn(Action):
    """End the turn: discard the hand card ``discard`` (or ``"top"``: the top card), draw to 5."""
    discard: str


@ACTIONS.register("stop-drawing")
class StopDrawing(Action):
    """Stop the end of turn's draw (to keep a stored card stored, or at the nation card)."""


@ACTIONS.register("develop-nation")
class DevelopNation(Action):
    """Develop the nation card a level (once per round), paying its cost with stored cards."""


@ACTIONS.register("move-on")
class MoveOn(Action):
    """Move on to the next round: discard the hand card ``discard`` ("" with an empty hand or with
    fluid rounds), then the nation, round and age cards."""
    discard: str = ""


@ACTIONS.register("pass-nation")
class PassNation(Action):
    """Fluid rounds: move past the revealed nation card and keep drawing."""


@ACTIONS.register("end-game")
class EndGame(Action):
    """End the game at the end of the last round."""


COST_STEPS = (Discard, Degrade, Pay, Abandon)
BENEFIT_STEPS = (Draw, Store, Develop, DevelopRegion, Degrade, Conquer, Finish)

__all__ = ["ACTIONS", "Abandon", "Conquer", "Degrade", "Develop", "DevelopNation", "DevelopRegion", "Discard",
           "Draw", "EndGame", "EndTurn", "Finish", "MoveOn", "PassNation", "Pay", "Play", "Store", "StopDrawing"]
