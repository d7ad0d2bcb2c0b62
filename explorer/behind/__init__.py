"""Behind (2003): cards, combat rules, exact odds and the table in shapely.

The public names notebooks use are re-exported here.
"""

from explorer.behind import refs
from explorer.behind.cards import Ability, ActionCard, Character
from explorer.behind.rulings import BEHIND_RULINGS

__all__ = ["Ability", "ActionCard", "BEHIND_RULINGS", "Character", "refs"]
