"""Behold: Rome, a solo card game played with the deck held in hand: so far the card language and
the card data (``explorer.behold_rome.cards``; the shipped set is INVENTED, illustrative).  The
game itself (the deck as held, turns, rounds, scoring) is still to come, and the system is not yet
registered with ``explorer.core.systems``."""

from explorer.behold_rome import refs
from explorer.behold_rome.cards import (CardError, CardLevel, CardSet, CivCard, NationCard, RivalCiv, cards_frame,
                                        load_cards)

__all__ = ["CardError", "CardLevel", "CardSet", "CivCard", "NationCard", "RivalCiv", "cards_frame", "load_cards",
           "refs"]
