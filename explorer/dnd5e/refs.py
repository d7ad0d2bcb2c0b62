"""Citations for D&D 5e combat: one constant per section, used by code, errors and tests.

The excerpt is ``dnd5e-combat-de-excerpt.txt`` (the project's ``shared/rules/``, German, OCR);
its sections are cited by their headings as printed (capitals).  The excerpt starts in the middle
of the standing-up rule, whose heading is missing: :data:`AUFSTEHEN` cites the text's start.

Rules beyond the excerpt come from the System Reference Document 5.1 (CC-BY-4.0), cited as
``SRD 5.1`` with the chapter and section (``Combat > Movement and Position > Being Prone``).

The citations are :class:`Regel` (a :class:`~explorer.core.rules.RuleRef` written in German, as the
UI is): ``dnd5e-combat-de-excerpt.txt, Abschnitt "SPURT"``, and a refusal reads
``... (Regel: SRD 5.1, Abschnitt "Combat > Cover")``.  A ``Regel`` equals the plain ``RuleRef`` of the
same rulebook and section (and hashes alike), so a citation read back from JSON or written by hand
finds the same rule.
"""

from explorer.core.rules import RuleRef

RULEBOOK = "dnd5e-combat-de-excerpt.txt"
SRD_NAME = "SRD 5.1"


class Regel(RuleRef):
    """A rule reference cited in German (rule: Regel, section: Abschnitt); otherwise a RuleRef."""

    rule_word = "Regel"
    section_word = "Abschnitt"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RuleRef):
            return (self.rulebook, self.section) == (other.rulebook, other.section)
        return NotImplemented

    __hash__ = RuleRef.__hash__

    @classmethod
    def of(cls, rule: RuleRef | None) -> "Regel | None":
        """``rule`` as a :class:`Regel` (None stays None): for citations read back from JSON."""
        if rule is None or isinstance(rule, Regel):
            return rule
        return cls(rule.rulebook, rule.section)


def _ref(section: str) -> Regel:
    return Regel(RULEBOOK, section)


def _srd(section: str) -> Regel:
    return Regel(SRD_NAME, section)


# --- the excerpt's headings ----------------------------------------------------------------
AUFSTEHEN = _ref("Textbeginn (Aufstehen, Überschrift fehlt)")
"""Standing up: "Du kannst nicht aufstehen, wenn du nicht genügend Bewegungsrate übrig hast oder
wenn deine Bewegungsrate O beträgt." (the heading and the cost are cut off: SRD :data:`SRD_PRONE`)."""
UM_KREATUREN_HERUM = _ref("SICH UM ANDERE KREATUREN HERUM BEWEGEN")
FLIEGEND = _ref("FLIEGEND")
KLETTERN_SCHWIMMEN_KRIECHEN = _ref("KLETTERN, SCHWIMMEN UND KRIECHEN")
WEITE_SPRUENGE = _ref("WEITE SPRÜNGE")
HOHE_SPRUENGE = _ref("HOHE SPRÜNGE")
AKTIONEN_IM_KAMPF = _ref("AKTIONEN IM KAMPF")
ANGRIFF = _ref("ANGRIFF")
AUSWEICHEN = _ref("AUSWEICHEN")
GEGENSTAND_VERWENDEN = _ref("GEGENSTAND VERWENDEN")
HELFEN = _ref("HELFEN")
MAGISCHEN_GEGENSTAND_VERWENDEN = _ref("MAGISCHEN GEGENSTAND VERWENDEN")
RUECKZUG = _ref("RÜCKZUG")
SPEZIALFAEHIGKEIT_VERWENDEN = _ref("SPEZIALFÄHIGKEIT VERWENDEN")
SPURT = _ref("SPURT")
SUCHEN = _ref("SUCHEN")
VERSTECKEN = _ref("VERSTECKEN")
VORBEREITEN = _ref("VORBEREITEN")
ZAUBER_WIRKEN = _ref("ZAUBER WIRKEN")
EINEN_ANGRIFF_AUSFUEHREN = _ref("EINEN ANGRIFF AUSFÜHREN")
ZWEI_ANGRIFFSARTEN = _ref("ZWEI ANGRIFFSARTEN")
ANGRIFFSSTRUKTUR = _ref("ANGRIFFSSTRUKTUR")
ANGRIFFSWUERFE = _ref("ANGRIFFSWÜRFE")

# --- SRD 5.1 sections (rules the excerpt cuts off or refers to) ------------------------------
SRD_MOVEMENT_AND_POSITION = _srd("Combat > Movement and Position")
SRD_BREAKING_UP_YOUR_MOVE = _srd("Combat > Movement and Position > Breaking Up Your Move")
SRD_USING_DIFFERENT_SPEEDS = _srd("Combat > Movement and Position > Using Different Speeds")
SRD_DIFFICULT_TERRAIN = _srd("Combat > Movement and Position > Difficult Terrain")
SRD_PRONE = _srd("Combat > Movement and Position > Being Prone")
SRD_SIZE_CATEGORIES = _srd("Combat > Movement and Position > Creature Size > Size Categories")
SRD_SPACE = _srd("Combat > Movement and Position > Creature Size > Space")
SRD_OPPORTUNITY_ATTACKS = _srd("Combat > Making an Attack > Opportunity Attacks")
SRD_DASH = _srd("Combat > Actions in Combat > Dash")
SRD_DISENGAGE = _srd("Combat > Actions in Combat > Disengage")
SRD_ABILITY_MODIFIERS = _srd("Using Ability Scores > Ability Scores and Modifiers")
SRD_ABILITY_CHECKS = _srd("Using Ability Scores > Ability Checks")
SRD_TYPICAL_DCS = _srd("Using Ability Scores > Ability Checks > Typical Difficulty Classes")
SRD_JUMPING = _srd("Adventuring > Movement > Special Types of Movement > Jumping")
SRD_CONDITIONS = _srd("Appendix PH-A: Conditions")
SRD_REACH = _srd("Equipment > Weapons > Weapon Properties > Reach")
# the attack's SRD sections (cited by explorer.dnd5e.odds with these very values)
SRD_ROLLING_1_OR_20 = _srd("Combat > Making an Attack > Attack Rolls > Rolling 1 or 20")
SRD_ADVANTAGE = _srd("Using Ability Scores > Advantage and Disadvantage")
SRD_COVER = _srd("Combat > Cover")
SRD_DAMAGE_ROLLS = _srd("Combat > Damage and Healing > Damage Rolls")
SRD_CRITICAL_HITS = _srd("Combat > Damage and Healing > Critical Hits")
# the encounter's SRD sections (turns, actions beyond the excerpt, damage)
SRD_INITIATIVE = _srd("Combat > The Order of Combat > Initiative")
SRD_YOUR_TURN = _srd("Combat > The Order of Combat > Your Turn")
SRD_ROUNDS = _srd("Combat > The Order of Combat > Combat Step by Step")
SRD_REACTIONS = _srd("Combat > Actions in Combat > Reactions")
SRD_BONUS_ACTIONS = _srd("Combat > Actions in Combat > Bonus Actions")
SRD_READY = _srd("Combat > Actions in Combat > Ready")
SRD_HIDE = _srd("Combat > Actions in Combat > Hide")
SRD_HIDING = _srd("Using Ability Scores > Dexterity > Stealth > Hiding")
SRD_PASSIVE_CHECKS = _srd("Using Ability Scores > Ability Checks > Passive Checks")
SRD_UNSEEN = _srd("Combat > Making an Attack > Unseen Attackers and Targets")
SRD_RANGED_ATTACKS = _srd("Combat > Making an Attack > Ranged Attacks")
SRD_RANGED_CLOSE_COMBAT = _srd("Combat > Making an Attack > Ranged Attacks > Ranged Attacks in Close Combat")
SRD_MELEE_ATTACKS = _srd("Combat > Making an Attack > Melee Attacks")
SRD_HIT_POINTS = _srd("Combat > Damage and Healing > Hit Points")
SRD_DROPPING_TO_0 = _srd("Combat > Damage and Healing > Dropping to 0 Hit Points")
SRD_CONDITION_PRONE = _srd("Appendix PH-A: Conditions > Prone")
SRD_CONDITION_UNCONSCIOUS = _srd("Appendix PH-A: Conditions > Unconscious")
SRD_SPELL_ATTACK = _srd("Spellcasting > Casting a Spell > Attack Rolls")
SRD_FIRE_BOLT = _srd("Spells > Fire Bolt")
# the objects, magic items and special abilities used with an action (explorer.dnd5e.items)
SRD_POTION_OF_HEALING = _srd("Equipment > Adventuring Gear > Potion of Healing")
SRD_WAND_OF_MAGIC_MISSILES = _srd("Magic Items > Wand of Magic Missiles")
SRD_MAGIC_MISSILE = _srd("Spells > Magic Missile")
SRD_HELL_HOUND = _srd("Monsters > Hell Hound")
SRD_RECHARGE = _srd("Monsters > Limited Usage")
SRD_SAVING_THROWS = _srd("Using Ability Scores > Saving Throws")
SRD_CONE = _srd("Spellcasting > Areas of Effect > Cone")
SRD_CONCENTRATION = _srd("Spellcasting > Casting a Spell > Duration > Concentration")
