"""Citations of the Beyond rulebook: one constant per section heading, used by code, errors and tests.

The rulebook is ``beyond-rulebook.txt`` (the project's ``shared/rules/``); section names are its
headings, exactly as printed.
"""

from explorer.core.rules import RuleRef

RULEBOOK = "beyond-rulebook.txt"


def _ref(section: str) -> RuleRef:
    return RuleRef(RULEBOOK, section)


TABLE_OF_CONTENTS = _ref("Table of Contents")
GOAL = _ref("Goal of the Game")
SPIRIT_CARDS = _ref("The Celestial Spirit Cards")
CARD_FRONTS = _ref("Card fronts: Celestial Spirit face")
CARD_BACKS = _ref("Card backs: Yin or Yang Capture Side")
ENCHANTED = _ref("Enchanted Celestial Spirit")
ENERGY_POINTS = _ref("Energy Points by Enchanted Spirit")
NIAN_SHOU = _ref("The 6 Cards of the Evil Spirit")
SET_UP = _ref("Set Up")
GAME_ROUND = _ref("Game Round")
END_OF_GAME = _ref("End of the Game - Counting Energy Points")
DETAILS = _ref("Details")
PHASE_1 = _ref("Phase 1: Reveal and Collection")
PHASE_2 = _ref("Phase 2: Positioning of Collected Cards in Their Play Area")
PHASE_3 = _ref("Phase 3: Spirit Enchantments, Captures, Compensations")
ADVANCED_MODE = _ref("Advanced Mode")
PROTECTION_TOKENS = _ref("Protection Tokens")
SUMMONING = _ref("Summoning an Enchanted Celestial Spirit")
THANKS = _ref("Thanks")
CREDITS = _ref("Credits")
