"""Attacks, hit points, conditions and the creature rules beneath them, clause by clause: the
excerpt's EINEN ANGRIFF AUSFÜHREN and ZWEI ANGRIFFSARTEN, and the SRD 5.1 sections the encounter
(explorer/dnd5e/game.py), the creatures (creatures.py), jumps (jumps.py) and movement (movement.py)
implement.  Rolls are scripted (tests/dnd5e/test_game.py's Scripted)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.battlemap import Area
from explorer.dnd5e.creatures import GRID_SQUARES, SIZE_ENGLISH, SPACE_SIDE, ability_modifier
from explorer.dnd5e.encounter import PROFILES
from explorer.dnd5e.jumps import high_jump_height, long_jump_distance
from explorer.dnd5e.movement import move, speed_of
from tests.dnd5e.test_clauses_turns import HERO, ORC_FAR, encounter
from tests.dnd5e.test_game import script
from tests.dnd5e.test_movement import field, hero, sq

MAGE = ("Magierin", "magierin", "Helden", (0.75, 0.75))


def _roll(events):
    return next(e for e in events if e.kind == "angriff")


def _prone(state, name):
    state._data["map"] = state.battle_map.moved(name, state.token(name).position, conditions={"liegend"})
    state._changed()


# --- the excerpt: what an attack is ----------------------------------------------------------------
def test_einen_angriff_ausfuehren_the_attack_action_one_weapon_attack_the_spell_one_spell_attack():
    """dnd5e-combat-de-excerpt.txt, "EINEN ANGRIFF AUSFÜHREN": "Setzt du deine Angriffsaktion ein, so
    kannst du einen Waffenangriff ausführen. Wenn du die Aktion Zauber wirken ausführst, umfassen
    einige Zauber einen Zauberangriff." -- one attack roll each; the Zauberstab der Magischen Geschosse
    (Magischen Gegenstand verwenden; SRD 5.1 Magic Missile: the darts hit) rolls none."""
    near = encounter(MAGE, ("Ork", "ork", "Monster", (0.75, 2.25)))
    script(near, 15, 3)  # 15 + 4 hits RK 13; 1W4 3
    events = near.apply(A.Angriff("Dolch", "Ork"))
    assert [e.kind for e in events].count("angriff") == 1 and near.action_used == "angriff"
    assert near.hp("Ork") == 15 - (3 + 2)
    far = encounter(MAGE, ("Ork", "ork", "Monster", (0.75, 9.75)))
    script(far, 15, 7)  # 15 + 5 hits; 1W10 7
    events = far.apply(A.ZauberWirken("Feuerpfeil", "Ork"))
    assert [e.kind for e in events] == ["zauber", "angriff", "schaden"] and far.action_used == "zauber-wirken"
    item = encounter(("Magierin", "magierin_zauberstab") + MAGE[2:], ("Ork", "ork", "Monster", (0.75, 2.25)))
    events = item.apply(A.MagischenGegenstandVerwenden("Zauberstab der Magischen Geschosse", "Ork"))
    assert "angriff" not in [e.kind for e in events] and item.action_used == "magischen-gegenstand-verwenden"


def test_zwei_angriffsarten_weapon_attacks_and_spell_attacks_with_their_own_bonus():
    """dnd5e-combat-de-excerpt.txt, "ZWEI ANGRIFFSARTEN": "Es gibt zwei Arten von Angriffen im Spiel:
    Waffenangriffe und Zauberangriffe" -- both an attack roll against RK ("Wenn du einen Angriffswurf
    machst, ist es ein Angriff"), the weapon's with its attack bonus, the spell's with the spell
    attack bonus (SRD 5.1 Spellcasting > Casting a Spell > Attack Rolls: spellcasting ability
    modifier + proficiency bonus, the Magierin's Intelligence 16 (+3) + 2 = +5)."""
    assert PROFILES["magierin"].spell_bonus("Feuerpfeil") == ability_modifier(16) + 2 == 5
    weapon = encounter(MAGE, ("Ork", "ork", "Monster", (0.75, 2.25)))
    script(weapon, 9, 1)
    roll = _roll(weapon.apply(A.Angriff("Dolch", "Ork")))
    assert roll.data["bonus"] == 4 and "Angriffsbonus Dolch" in roll.text and roll.data["ac"] == 13
    spell = encounter(MAGE, ("Ork", "ork", "Monster", (0.75, 9.75)))
    script(spell, 8, 1)  # 8 + 5 = 13 hits RK 13
    roll = _roll(spell.apply(A.ZauberWirken("Feuerpfeil", "Ork")))
    assert roll.data["bonus"] == 5 and "Zauberangriffsbonus Feuerpfeil" in roll.text
    assert roll.data["total"] == 13 and roll.data["hit"]


def test_fire_bolt_reaches_36_metres_and_deals_1d10_fire():
    """SRD 5.1 Spells > Fire Bolt: range 120 feet (36 m), a ranged spell attack, 1d10 fire damage."""
    state = encounter(MAGE, ("Ork", "ork", "Monster", (36.75, 0.75)), width=60, height=3)
    assert state.distance("Magierin", "Ork") == 36
    script(state, 15, 10)
    events = state.apply(A.ZauberWirken("Feuerpfeil", "Ork"))
    assert next(e for e in events if e.kind == "schaden").data["damage"] == 10 and state.hp("Ork") == 5
    beyond = encounter(MAGE, ("Ork", "ork", "Monster", (38.25, 0.75)), width=60, height=3)
    with pytest.raises(RuleViolation) as refused:
        beyond.check(A.ZauberWirken("Feuerpfeil", "Ork"))
    assert refused.value.rule == refs.SRD_FIRE_BOLT


# --- melee and ranged ------------------------------------------------------------------------------
def test_melee_attacks_reach_one_and_a_half_metres_diagonals_included():
    """SRD 5.1 Combat > Making an Attack > Melee Attacks: most creatures have a 5-foot (1.5 m) reach:
    the diagonal neighbour square is within it, two squares away is not (ANGRIFFSSTRUKTUR)."""
    state = encounter(("Kämpferin", "kaempferin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (2.25, 2.25)))
    assert state.can(A.Angriff("Langschwert", "Ork"))
    apart = encounter(("Kämpferin", "kaempferin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (3.75, 2.25)))
    with pytest.raises(RuleViolation) as refused:
        apart.check(A.Angriff("Langschwert", "Ork"))
    assert refused.value.rule == refs.ANGRIFFSSTRUKTUR


def test_a_reach_weapon_adds_one_and_a_half_metres_to_the_reach():
    """SRD 5.1 Equipment > Weapons > Weapon Properties > Reach: "This weapon adds 5 feet to your reach
    when you attack with it" -- a Hellebarde (halberd) reaches a foe two squares (3 m) away, a
    Langschwert does not, and three squares are beyond both (ANGRIFFSSTRUKTUR)."""
    halberd = encounter(("Kämpferin", "kaempferin_hellebarde", "Helden", (0.75, 0.75)),
                        ("Ork", "ork", "Monster", (3.75, 0.75)))
    assert refs.SRD_REACH.section.endswith("Reach")
    assert halberd.can(A.Angriff("Hellebarde", "Ork"))
    sword = encounter(("Kämpferin", "kaempferin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (3.75, 0.75)))
    assert not sword.can(A.Angriff("Langschwert", "Ork"))
    far = encounter(("Kämpferin", "kaempferin_hellebarde", "Helden", (0.75, 0.75)),
                    ("Ork", "ork", "Monster", (5.25, 0.75)))
    with pytest.raises(RuleViolation) as refused:
        far.check(A.Angriff("Hellebarde", "Ork"))
    assert refused.value.rule == refs.ANGRIFFSSTRUKTUR and "3 m" in str(refused.value)


def test_ranged_attacks_never_beyond_the_long_range():
    """SRD 5.1 Combat > Making an Attack > Ranged Attacks: you can't attack a target beyond the long
    range -- the light crossbow's 96 m (320 ft); at 96 m with disadvantage."""
    at_long = encounter(("Kämpferin", "kaempferin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (96.75, 0.75)),
                        width=120, height=3)
    script(at_long, 18, 12, 4)  # the lower 12 + 3 hits RK 13; 1W8 4
    assert _roll(at_long.apply(A.Angriff("Leichte Armbrust", "Ork"))).data["mode"] == "nachteil"
    beyond = encounter(("Kämpferin", "kaempferin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (98.25, 0.75)),
                       width=120, height=3)
    with pytest.raises(RuleViolation) as refused:
        beyond.check(A.Angriff("Leichte Armbrust", "Ork"))
    assert refused.value.rule == refs.SRD_RANGED_ATTACKS


def test_a_ranged_attack_with_another_foe_next_to_you_has_disadvantage():
    """SRD 5.1 Combat > Making an Attack > Ranged Attacks > Ranged Attacks in Close Combat: a hostile
    creature within 5 feet (1.5 m) -- here a goblin beside the Kämpferin, not her target -- gives
    the ranged attack disadvantage."""
    state = encounter(("Kämpferin", "kaempferin", "Helden", (0.75, 0.75)), ("Goblin", "goblin", "Monster", (2.25, 0.75)),
                      ("Ork", "ork", "Monster", (0.75, 12.75)))
    script(state, 17, 4)
    roll = _roll(state.apply(A.Angriff("Leichte Armbrust", "Ork")))
    assert roll.data["mode"] == "nachteil" and roll.data["natural"] == 4 and "Goblin innerhalb von 1,5 m" in roll.text


# --- hit points and conditions ---------------------------------------------------------------------
def test_hit_points_never_fall_below_zero():
    """SRD 5.1 Combat > Damage and Healing > Hit Points: damage lowers the hit points, down to 0 --
    a critical 2W8 8 + 8 + 3 = 19 against the Ork's 15 leaves 0, not -4."""
    state = encounter(("Kämpferin", "kaempferin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (0.75, 2.25)),
                      ("Goblin", "goblin", "Monster", (20.25, 20.25)))
    assert state.hp("Ork") == state.max_hp("Ork") == 15
    script(state, 20, 8, 8)
    events = state.apply(A.Angriff("Langschwert", "Ork"))
    assert next(e for e in events if e.kind == "schaden").data["damage"] == 19
    assert state.hp("Ork") == 0 and not state.is_terminal()


def test_a_prone_attacker_has_disadvantage_and_crawls():
    """SRD 5.1 Appendix PH-A: Conditions > Prone: the prone creature's attack rolls have
    disadvantage; its only movement is to crawl (every metre costs one extra) unless it stands up."""
    state = encounter(("Kämpferin", "kaempferin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (0.75, 2.25)))
    _prone(state, "Kämpferin")
    script(state, 16, 5)  # the lower: 5 + 5 = 10 misses RK 13
    roll = _roll(state.apply(A.Angriff("Langschwert", "Ork")))
    assert roll.data["mode"] == "nachteil" and not roll.data["hit"] and "Angreifer liegt" in roll.text
    script(state, 2)  # the Ork's opportunity attack as she crawls away misses
    state.apply(A.Bewegen(((2.25, 0.75),)))
    assert state.movement_left() == 9 - 2 * Fraction(3, 2)


def test_an_unconscious_creature_is_prone_cannot_move_and_loses_its_turns():
    """SRD 5.1 Appendix PH-A: Conditions > Unconscious: an unconscious creature is incapacitated,
    can't move, drops prone; at 0 hit points its turn passes (ruling dnd5e.zero-hp)."""
    state = encounter(("Ork", "ork", "Monster", (0.75, 2.25)), MAGE, ("Kämpferin", "kaempferin", "Helden", (9.75, 9.75)))
    script(state, 15, 12)  # 15 + 5 hits RK 12; 1W12 12 + 3 = 15 >= 8
    state.apply(A.Angriff("Zweihandaxt", "Magierin"))
    mage = state.token("Magierin")
    assert state.hp("Magierin") == 0 and {"bewusstlos", "liegend"} <= mage.conditions
    assert mage.incapacitated and speed_of(mage) == 0 and not state.in_fight("Magierin")
    state.apply(A.ZugBeenden())
    assert state.acting == "Kämpferin"


def test_grappled_and_restrained_creatures_have_speed_zero():
    """SRD 5.1 Appendix PH-A: Conditions: a grappled (gepackt) or restrained (festgesetzt) creature's
    speed becomes 0 -- no movement left in its turn, every move refused."""
    for condition in ("gepackt", "festgesetzt"):
        state = encounter(HERO, ORC_FAR)
        state._data["map"] = state.battle_map.moved("Kämpferin", (0.75, 0.75), conditions={condition})
        state._changed()
        assert speed_of(state.token("Kämpferin")) == 0 and state.movement_left() == 0
        assert not state.can(A.Bewegen(((0.75, 2.25),)))


# --- the creature rules beneath ----------------------------------------------------------------------
def test_size_categories_and_their_spaces():
    """SRD 5.1 Combat > Movement and Position > Creature Size > Size Categories: Tiny 2½ by 2½ ft,
    Small and Medium 5 by 5, Large 10 by 10, Huge 15 by 15, Gargantuan 20 by 20 or larger (feet x 0.3
    in metres); on the 1.5 m grid 1, 1, 1, 2, 3 and 4 squares a side."""
    feet = {"Tiny": 2.5, "Small": 5, "Medium": 5, "Large": 10, "Huge": 15, "Gargantuan": 20}
    for size, side in SPACE_SIDE.items():
        assert side == Fraction(str(feet[SIZE_ENGLISH[size]])) * Fraction(3, 10)
    assert [GRID_SQUARES[s] for s in SPACE_SIDE] == [1, 1, 1, 2, 3, 4]


def test_ability_modifiers_from_the_scores_table():
    """SRD 5.1 Using Ability Scores > Ability Scores and Modifiers: the modifier is (score - 10) / 2
    rounded down -- 1: -5, 2-3: -4, 8-9: -1, 10-11: +0, 16-17: +3, 30: +10."""
    table = {1: -5, 2: -4, 3: -4, 8: -1, 9: -1, 10: 0, 11: 0, 16: 3, 17: 3, 30: 10}
    assert {score: ability_modifier(score) for score in table} == table


def test_typical_difficulty_classes_the_rough_water_check_is_medium():
    """SRD 5.1 Using Ability Scores > Ability Checks > Typical Difficulty Classes: Medium is DC 15 --
    the Athletics check in rough water the excerpt leaves without a DC (ruling
    dnd5e.terrain-athletics-dc) -- and the switch spans the table, Very easy 5 to Nearly impossible 30."""
    rapids = Area("Stromschnelle", "wasser", (1.5, 0, 4.5, 30), rough=True)
    (check,) = move(field(hero(), areas=(rapids,)), "Kämpferin", [sq(2, 0)]).checks
    assert check.dc == 15
    for dc in (5, 30):
        rulings = Rulings().switch(**{"dnd5e.terrain-athletics-dc": dc})
        assert move(field(hero(), areas=(rapids,), rulings=rulings), "Kämpferin", [sq(2, 0)]).checks[0].dc == dc
    with pytest.raises(ValueError):
        Rulings().switch(**{"dnd5e.terrain-athletics-dc": 31})


def test_jumping_strength_score_feet_long_three_plus_modifier_feet_high():
    """SRD 5.1 Adventuring > Movement > Special Types of Movement > Jumping: with a 10-foot run-up a
    long jump covers up to the Strength score in feet, a high jump 3 + the Strength modifier feet,
    half from standing: Strength 18 -- 18 ft (5.4 m) and 7 ft (2.1 m); standing 2.7 m and 1.05 m."""
    assert long_jump_distance(18) == Fraction(27, 5) and long_jump_distance(18, run_up=False) == Fraction(27, 10)
    assert high_jump_height(18) == Fraction(21, 10) and high_jump_height(18, run_up=False) == Fraction(21, 20)
