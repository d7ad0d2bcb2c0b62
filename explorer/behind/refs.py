"""Citations of the Behind rulebook: one constant per section, used by code, errors and tests.

The rulebook is ``behind-2003-rulebook.txt`` (the project's ``shared/rules/``); section names
are its headings, exactly as printed.
"""

from explorer.core.rules import RuleRef

RULEBOOK = "behind-2003-rulebook.txt"


def _ref(section: str) -> RuleRef:
    return RuleRef(RULEBOOK, section)


CONTENTS = _ref("Contents")
PRECEDENCE = _ref("Rule of Precedence")
OWNERSHIP = _ref("Rule of Ownership")
THE_CARDS = _ref("The Cards")
FIRST_STEPS = _ref("First Steps")
THE_BEGINNING = _ref("The Beginning")
COURSE_OF_GAME = _ref("The Course of the Game")
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
BEFEHL = _ref("Befehl (Command) -- Fähigkeit X+")
BUENDNIS = _ref("Bündnis (Alliance)")
GLAUBE = _ref("Glaube (Faith)")
HELLSICHT = _ref("Hellsicht (Clairvoyance) -- Fähigkeit X+")
KOERPERLOS = _ref("Körperlos (Incorporeal)")
MUT = _ref("Mut (Courage)")
REGENERATION = _ref("Regeneration -- Fähigkeit X+")
SCHRECKEN = _ref("Schrecken (Terror) -- Fähigkeit X+")
UNTERSTUETZUNG = _ref("Unterstützung (Support) -- Fähigkeit X+")
WANDLER = _ref("Wandler (Shapeshifter) -- Fähigkeit X+")
WIRBEL = _ref("Wirbel (Whirl) -- Fähigkeit X+")
DESTROYED_CARDS = _ref("Destroyed Cards (Zerstörte Karten)")
OWN_DECKS = _ref("Own Decks (Eigene Decks)")
TERRAIN = _ref("Terrain and Climbing (Gelände & Klettern)")
LARGE_BATTLES = _ref("Large Battles (Große Schlachten)")
TRANSFORMATIONS = _ref("Transformations (Verwandlungen)")
FLYING = _ref("Flying (Fliegen)")
WEAPONS = _ref("Weapons (Waffen)")
HANDING_OVER = _ref("Handing Over and Picking Up Items (Gegenstände übergeben und aufheben)")
HAND_SUPPLY_DISCARD = _ref("Hand Cards, Supply and Discard Pile (Handkarten, Nachschub und Rückzug)")
VIEWING_ANGLE = _ref("Viewing Angle (Sichtwinkel)")
TOURNAMENT = _ref("Tournament Games (Turnierspiele)")
TIMING = _ref("Timing")
SCENARIOS = _ref("Scenarios (Szenarien)")
UNSER_REVIER = _ref('"Unser Revier!" ("Our Turf!")')
JUWEL_VON_ATHEN = _ref('"Das Juwel von Athen" ("The Jewel of Athens")')
GLOSSARY = _ref("Glossary (Die Begriffe)")
MORE_QUESTIONS = _ref("More Questions?")
