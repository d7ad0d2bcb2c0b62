"""Beyond (2024): the rule engine -- components as data, the whole game (reveal, placing, patterns,
captures, the advanced modules) and scoring.  ``from explorer.beyond import actions`` for the actions."""

from explorer.beyond import refs, rulings  # noqa: F401  (registers Beyond's rulings)
from explorer.beyond.cards import Spirit, SpiritCard, pattern_problem
from explorer.beyond.data import Components, load_components
from explorer.beyond.game import BeyondState, GameOptions, new_game
from explorer.beyond.system import SYSTEM  # registers Beyond with explorer.core.systems

__all__ = ["BeyondState", "Components", "GameOptions", "SYSTEM", "Spirit", "SpiritCard", "load_components", "new_game",
           "pattern_problem", "refs", "rulings"]
