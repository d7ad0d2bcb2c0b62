"""Behold: Rome, a solo card game played with the deck held in hand: the card language and card data
(``explorer.behold_rome.cards``; the shipped set is INVENTED, illustrative), the deck as held
(``deck``), the engine on the game protocol (``game``, ``game_rules``, ``actions``), the civ the
scoring reads (``civ``) and the rulings.  Registered with ``explorer.core.systems`` as ``behold_rome``."""

from explorer.behold_rome import refs, rulings  # noqa: F401  (registers Behold: Rome's rulings)
from explorer.behold_rome.cards import (CardError, CardLevel, CardSet, CivCard, NationCard, RivalCiv, cards_frame,
                                        load_cards)
from explorer.behold_rome.civ import CardPlace, CivView
from explorer.behold_rome.game import BeholdRomeState, new_game
from explorer.behold_rome.system import SYSTEM  # registers Behold: Rome with explorer.core.systems

__all__ = ["BeholdRomeState", "CardError", "CardLevel", "CardPlace", "CardSet", "CivCard", "CivView", "NationCard",
           "RivalCiv", "SYSTEM", "cards_frame", "load_cards", "new_game", "refs", "rulings"]
