"""Citations of the Behind rulebook: one constant per section, used by code, errors and tests.

The rulebook is ``behind-2003-rulebook.txt`` (the project's ``shared/rules/``); section names
are its headings, exactly as printed.
"""

from explorer.core.rules import RuleRef

RULEBOOK = "behind-2003-rulebook.txt"


def _ref(section: str) -> RuleRef:
    return RuleRef(RULEBOOK, section)


PRECEDENCE = _ref("Rule of Precedence")
THE_CARDS = _ref("The Cards")
FIRST_STEPS = _ref("First Steps")
THE_BEGINNING = _ref("The Beginning")
ORGANISATION_PHASE = _ref("I. Organisation Phase")
ACTION_PHASE = _ref("II. Action Phase")
MOVEMENT = _ref("Movement")
MELEE = _ref("Melee Combat (Nahkampf)")
RANGED = _ref("Ranged Combat (Fernkampf)")
INJURIES = _ref("Injuries (Verletzungen)")
SPECIAL_CARD_EFFECT = _ref("Special Card Effect (Spezieller Karteneffekt)")
MOMENTS = _ref("Moments (Momente)")
ABILITY_CHECK = _ref("Ability Check (Fähigkeitsprobe)")
DISCARDING = _ref("Discarding a Card (Karte abwerfen)")
SUPPLY_PHASE = _ref("III. Supply Phase (Nachschubphase)")
THE_END = _ref("The End")
ABILITIES = _ref("Abilities (Fähigkeiten)")
BUENDNIS = _ref("Bündnis (Alliance)")
GLAUBE = _ref("Glaube (Faith)")
DESTROYED_CARDS = _ref("Destroyed Cards (Zerstörte Karten)")
OWN_DECKS = _ref("Own Decks (Eigene Decks)")
TERRAIN = _ref("Terrain and Climbing (Gelände & Klettern)")
LARGE_BATTLES = _ref("Large Battles (Große Schlachten)")
FLYING = _ref("Flying (Fliegen)")
WEAPONS = _ref("Weapons (Waffen)")
HAND_SUPPLY_DISCARD = _ref("Hand Cards, Supply and Discard Pile (Handkarten, Nachschub und Rückzug)")
VIEWING_ANGLE = _ref("Viewing Angle (Sichtwinkel)")
TOURNAMENT = _ref("Tournament Games (Turnierspiele)")
SCENARIOS = _ref("Scenarios (Szenarien)")
UNSER_REVIER = _ref('"Unser Revier!" ("Our Turf!")')
JUWEL_VON_ATHEN = _ref('"Das Juwel von Athen" ("The Jewel of Athens")')
GLOSSARY = _ref("Glossary (Die Begriffe)")
