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


def _pattern_words(state, index) -> str:
    """The acting player's pattern ``index`` by its spirit (game_rules.pattern_words), or "pattern N" (from 1)
    without a state to read it from."""
    from explorer.beyond.game_rules import pattern_words

    try:
        return pattern_words(state, state.area(state.current_player), index) + " pattern"
    except (AttributeError, IndexError, KeyError, TypeError):
        return f"pattern {index + 1}" if isinstance(index, int) else f"pattern {index}"


def describe(action: Action, state=None) -> str:
    """``action`` in words for people (the replay panel's step headers), in the rulebook's terms: a card
    in words as the events write it, ``"Turtle Snake (yin)"`` (:func:`~explorer.beyond.cards.card_text`;
    ``state``: the game it is taken in, for its cards; without one, by its id)."""
    from explorer.beyond.cards import card_text

    cards = getattr(state, "cards", {}) if state is not None else {}

    def card(cid) -> str:
        return card_text(cards, cid) if cards else str(cid)

    def listed(ids) -> str:
        names = [card(c) for c in ids]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    if isinstance(action, Reveal):
        return "reveals the top card of the draw pile"
    if isinstance(action, Stop):
        return "stops revealing and collects all revealed cards"
    if isinstance(action, Collect):
        bought = (f", buying {listed(action.bought)} with {len(action.bought)} Lotus token"
                  f"{'s' if len(action.bought) != 1 else ''}") if action.bought else ""
        return f"collects the last revealed card free{bought}"
    if isinstance(action, Place):
        side = "Capture side" if action.side == "capture" else "Spirit side"
        return f"places {card(action.card)} {side} up"
    if isinstance(action, Compose):
        return f"composes a pattern from {listed(action.cards)}"
    if isinstance(action, Capture):
        return f"captures {card(action.card)} from {action.victim} with {listed(action.using)}"
    if isinstance(action, Protect):
        return f"protects {card(action.card)} with a token from the stock"
    if isinstance(action, Summon):
        chosen = f" (choosing {card(action.choice) if action.choice in cards else action.choice})" \
            if action.choice is not None else ""
        return f"summons the enchanted {_pattern_words(state, action.pattern)} with a Lotus token{chosen}"
    if isinstance(action, EndTurn):
        return "ends the turn"
    return action.kind
