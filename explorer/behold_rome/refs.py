"""Citations of the Behold: Rome rulebook: one constant per section, used by code, errors and tests.

The rulebook is ``behold-rome-rulebook.txt`` (the project's ``shared/rules/``); section names are
its headings, exactly as printed.  The glossary's entries are cited under their heading as
``Concept & Term Glossary > <term>`` (``Concept & Term Glossary > Banner``), the difficulty
settings as ``Difficulty Settings > <list>``.
"""

from explorer.core.rules import RuleRef

RULEBOOK = "behold-rome-rulebook.txt"
GLOSSARY = "Concept & Term Glossary"


def _ref(section: str) -> RuleRef:
    return RuleRef(RULEBOOK, section)


def _term(term: str) -> RuleRef:
    return RuleRef(RULEBOOK, f"{GLOSSARY} > {term}")


TABLE_OF_CONTENTS = _ref("Table of Contents")
COMPONENTS = _ref("Components")
NATION_CARD = _ref("Nation card")
ROUND_AND_AGE_CARDS = _ref("Round and Age cards")
GAME_SAVE_CARDS = _ref("Game Save Cards")
RIVAL_CIV_CARD = _ref("Rival Civ Card")
SETUP = _ref("Setup")
HOLDING_THE_GAME = _ref("Holding the Game")
GAMEPLAY = _ref("Gameplay")
ROUNDS = _ref("Rounds")
TURNS = _ref("Turns")
ACTION_PHASE = _ref("Action Phase")
INTERRUPTING_ACTIONS = _ref("Interrupting Actions")
END_OF_TURN_PHASE = _ref("End of Turn Phase")
ROUND_END = _ref("Round End")
FLUID_ROUND_VARIANT = _ref("Fluid Round Variant")
SCORING = _ref("Scoring")
CONCEPT_AND_TERM_GLOSSARY = _ref(GLOSSARY)

ABANDON = _term("Abandon")
ACTIVE = _term("Active")
AVAILABLE_RESOURCES = _term("Available Resources")
BANNER = _term("Banner")
CARD_TYPES = _term("Card types")
CONTROLLED_REGION = _term("Controlled Region")
CONQUER = _term("Conquer")
DEGRADE = _term("Degrade")
DISCARD = _term("Discard")
DEVELOP = _term("Develop")
KEYING_ICONS = _term("Keying icons")
LEVEL = _term("Level")
MATERIALS = _term("Materials")
NATION_CONDITION = _term("Nation condition")
NATION_STATUS = _term("Nation status")
PAY_SPEND = _term("Pay / Spend")
PLAYED_CARD = _term("Played Card")
POPULATION = _term("Population")
PROSPERITY = _term("Prosperity")
RESOURCES = _term("Resources")
REQUIREMENTS = _term("Requirements")
STORE_STORED = _term("Store / Stored")
SLOT = _term("Slot")
UNREST = _term("Unrest")
WEALTH = _term("Wealth")

DIFFICULTY_SETTINGS = _ref("Difficulty Settings")
GAME_DIFFICULTY_SETTINGS = _ref("Difficulty Settings > Game Difficulty Settings")
RIVAL_CIV_DIFFICULTY_SETTINGS = _ref("Difficulty Settings > Rival Civ Difficulty Settings")
VARIANTS = _ref("Variants")
