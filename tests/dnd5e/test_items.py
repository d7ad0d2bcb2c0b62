"""GEGENSTAND VERWENDEN, MAGISCHEN GEGENSTAND VERWENDEN, SPEZIALFÄHIGKEIT VERWENDEN with real effects
(dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF"; the items and the ability from the SRD 5.1, rulings
dnd5e.potion-object, dnd5e.wand-one-target, dnd5e.cone): the Heiltrank (Potion of Healing), the
Zauberstab der Magischen Geschosse (Wand of Magic Missiles) and the Höllenhund's Feueratem (Hell Hound,
Fire Breath, Recharge 5-6), played with scripted dice, and their exact odds against brute force and a
Monte Carlo run."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from explorer.core.rules import RuleViolation
from explorer.dnd5e import actions as A
from explorer.dnd5e import items, refs
from explorer.dnd5e.game import EncounterState, new_encounter
from tests.dnd5e.test_game import Scripted

TRANK, STAB = "Heiltrank", "Zauberstab der Magischen Geschosse"


def scene(*creatures, width=40, height=12) -> EncounterState:
    """The creatures (name, profile, side, position) in the listed order of initiative."""
    spec = {"map": {"width": width, "height": height, "walls": [], "areas": []},
            "creatures": [{"name": n, "profile": p, "side": s, "position": list(at)} for n, p, s, at in creatures]}
    state = new_encounter(spec, seed=0)
    state._data["order"] = [c[0] for c in creatures]
    state._data["initiative"] = {c[0]: 20 - i for i, c in enumerate(creatures)}
    state._data["turn"] = 0
    state._changed()
    return state


def script(state: EncounterState, *values: int) -> None:
    state._data["rng"] = Scripted(*values)
    state._changed()


FIGHTER = ("Kämpferin", "kaempferin_trank", "Helden", (0.75, 0.75))
MAGE = ("Magierin", "magierin_zauberstab", "Helden", (2.25, 0.75))
ORC = ("Ork", "ork", "Monster", (9.75, 0.75))
HOUND = ("Höllenhund", "hoellenhund", "Monster", (5.25, 0.75))


# --- Gegenstand verwenden: the Heiltrank -----------------------------------------------------------------
def test_heiltrank_drunk_heals_2w4_plus_2_and_is_used_up():
    """SRD 5.1 "Equipment > Adventuring Gear > Potion of Healing": "regains 2d4 + 2 hit points. Drinking ...
    takes an action" (GEGENSTAND VERWENDEN, ruling dnd5e.potion-object): W4s 3 and 4 -> 9 hit points, one of
    two potions left, the turn's action spent."""
    state = scene(FIGHTER, ORC)
    state._data["hp"]["Kämpferin"] = 2
    script(state, 3, 4)
    events = state.apply(A.GegenstandVerwenden(TRANK))
    assert [e.rule for e in events[:2]] == [refs.GEGENSTAND_VERWENDEN, refs.SRD_POTION_OF_HEALING]
    assert "= 9 Trefferpunkte" in events[1].text and events[1].data["healed"] == 9
    assert state.hp("Kämpferin") == 11 and state.supplies("Kämpferin") == {TRANK: 1}
    assert state.action_used == "gegenstand-verwenden" and A.Ausweichen() not in state.legal_actions()


def test_heiltrank_heals_no_more_than_the_maximum():
    """SRD 5.1 "Combat > Damage and Healing > Hit Points" with the Potion of Healing: 10 hit points on 11 of 12
    give 12, the maximum."""
    state = scene(FIGHTER, ORC)
    state._data["hp"]["Kämpferin"] = 11
    script(state, 4, 4)
    state.apply(A.GegenstandVerwenden(TRANK))
    assert state.hp("Kämpferin") == state.max_hp("Kämpferin") == 12


def test_heiltrank_given_to_an_ally_within_1_5_m_not_farther_and_not_to_a_foe():
    """SRD 5.1 Potion of Healing: "Drinking or administering a potion takes an action"; ruling
    dnd5e.potion-object: an ally within 1.5 m, not a foe."""
    state = scene(FIGHTER, MAGE, ORC)
    state._data["hp"]["Magierin"] = 1
    script(state, 1, 1)
    state.apply(A.GegenstandVerwenden(TRANK, "Magierin"))
    assert state.hp("Magierin") == 5
    far = scene(FIGHTER, ("Magierin", "magierin", "Helden", (5.25, 0.75)), ORC)
    with pytest.raises(RuleViolation) as refused:
        far.check(A.GegenstandVerwenden(TRANK, "Magierin"))
    assert refused.value.rule == refs.SRD_POTION_OF_HEALING and "1,5 m" in str(refused.value)
    near_orc = scene(FIGHTER, ("Ork", "ork", "Monster", (2.25, 0.75)))
    with pytest.raises(RuleViolation) as refused:
        near_orc.check(A.GegenstandVerwenden(TRANK, "Ork"))
    assert refused.value.rule == refs.GEGENSTAND_VERWENDEN


def test_an_object_not_carried_or_used_up_is_refused():
    """GEGENSTAND VERWENDEN (ruling dnd5e.potion-object): what a creature carries comes from its profile; the
    Ork carries nothing; the Kämpferin's two potions are gone after two turns."""
    state = scene(FIGHTER, ORC)
    state.apply(A.ZugBeenden())
    with pytest.raises(RuleViolation) as refused:
        state.check(A.GegenstandVerwenden(TRANK))
    assert refused.value.rule == refs.GEGENSTAND_VERWENDEN and "keinen Gegenstand" in str(refused.value)
    state = scene(FIGHTER, ORC)
    for _ in range(2):
        state.apply(A.GegenstandVerwenden(TRANK))
        state.apply(A.ZugBeenden())
        state.apply(A.ZugBeenden())
    with pytest.raises(RuleViolation) as refused:
        state.check(A.GegenstandVerwenden(TRANK))
    assert refused.value.rule == refs.SRD_POTION_OF_HEALING and "verbraucht" in str(refused.value)
    assert A.GegenstandVerwenden(TRANK) not in state.legal_actions()


def test_a_potion_is_not_a_magic_item_to_activate():
    """MAGISCHEN GEGENSTAND VERWENDEN vs GEGENSTAND VERWENDEN (ruling dnd5e.potion-object): the Heiltrank with
    the magic item's action is refused, citing the potion's SRD section."""
    state = scene(FIGHTER, ORC)
    with pytest.raises(RuleViolation) as refused:
        state.check(A.MagischenGegenstandVerwenden(TRANK))
    assert refused.value.rule == refs.SRD_POTION_OF_HEALING and "Gegenstand verwenden" in str(refused.value)


# --- Magischen Gegenstand verwenden: the Zauberstab der Magischen Geschosse ---------------------------------
def test_zauberstab_three_darts_hit_without_an_attack_roll_and_spend_a_charge():
    """SRD 5.1 "Magic Items > Wand of Magic Missiles" (an action, one charge) and "Spells > Magic Missile"
    (three darts, 1d4 + 1 force damage each, they hit): W4s 1, 2, 3 -> 9 damage, no d20 rolled; 6 of 7 charges
    left (MAGISCHEN GEGENSTAND VERWENDEN, ruling dnd5e.wand-one-target)."""
    state = scene(MAGE, ORC)
    script(state, 1, 2, 3)
    events = state.apply(A.MagischenGegenstandVerwenden(STAB, "Ork"))
    assert [e.rule for e in events[:3]] == [refs.MAGISCHEN_GEGENSTAND_VERWENDEN, refs.SRD_WAND_OF_MAGIC_MISSILES,
                                             refs.SRD_MAGIC_MISSILE]
    assert state.hp("Ork") == 15 - 9 and state.supplies("Magierin") == {STAB: 6}
    assert state._data["rng"].values == []  # exactly three dice: no attack roll
    assert state.action_used == "magischen-gegenstand-verwenden"


def test_zauberstab_reaches_36_m_and_needs_a_seen_target_and_charges():
    """SRD 5.1 Magic Missile: range 120 ft (36 m), "a creature of your choice that you can see"; the wand's 7
    charges (ruling dnd5e.wand-one-target: they do not come back in an encounter)."""
    far = scene(MAGE, ("Ork", "ork", "Monster", (39.75, 0.75)), width=42)
    with pytest.raises(RuleViolation) as refused:
        far.check(A.MagischenGegenstandVerwenden(STAB, "Ork"))
    assert refused.value.rule == refs.SRD_MAGIC_MISSILE and "36 m" in str(refused.value)
    hidden = scene(MAGE, ORC)
    hidden._data["hidden"]["Ork"] = 15
    with pytest.raises(RuleViolation) as refused:
        hidden.check(A.MagischenGegenstandVerwenden(STAB, "Ork"))
    assert refused.value.rule == refs.SRD_MAGIC_MISSILE
    empty = scene(MAGE, ("Ork", "hoellenhund", "Monster", (9.75, 0.75)))
    empty._data["vorrat"]["Magierin"][STAB] = 0
    with pytest.raises(RuleViolation) as refused:
        empty.check(A.MagischenGegenstandVerwenden(STAB, "Ork"))
    assert refused.value.rule == refs.SRD_WAND_OF_MAGIC_MISSILES and "keine Ladung" in str(refused.value)


# --- Spezialfähigkeit verwenden: the Feueratem ------------------------------------------------------------
def test_feueratem_cone_saves_half_damage_and_spends_the_ability():
    """SRD 5.1 "Monsters > Hell Hound", Fire Breath: a 15-foot cone, DC 12 Dexterity save, 6d6 fire, half on a
    success (ruling dnd5e.cone: the 6W6 rolled once; SPEZIALFÄHIGKEIT VERWENDEN): aimed at the Kämpferin beside
    it, the cone also catches the Magierin behind her, not the Ork behind the hound; 6W6 = 21; the Kämpferin
    rolls 15 + 1 (half: 10), the Magierin 3 + 2 (21)."""
    hound = ("Höllenhund", "hoellenhund", "Monster", (3.75, 0.75))
    state = scene(hound, ("Kämpferin", "kaempferin_trank", "Helden", (2.25, 0.75)),
                  ("Magierin", "magierin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (6.75, 0.75)))
    state._data["hp"]["Kämpferin"] = state._data["hp"]["Magierin"] = 40 // 5  # 8 each
    script(state, 1, 2, 3, 4, 5, 6, 15, 3)
    events = state.apply(A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"))
    assert [e.rule for e in events[:2]] == [refs.SPEZIALFAEHIGKEIT_VERWENDEN, refs.SRD_HELL_HOUND]
    assert events[1].data["caught"] == ["Kämpferin", "Magierin"]
    saves = [e for e in events if e.kind == "rettungswurf"]
    assert [(e.data["target"], e.data["saved"], e.data["damage"]) for e in saves] == [
        ("Kämpferin", True, 10), ("Magierin", False, 21)]
    assert {e.rule for e in saves} == {refs.SRD_SAVING_THROWS}
    assert state.hp("Kämpferin") == 0 and state.hp("Magierin") == 0 and state.hp("Ork") == 15
    assert state.spent("Höllenhund") == ("Feueratem",) or state.is_terminal()


def test_feueratem_dodging_target_saves_with_advantage():
    """AUSWEICHEN: "Geschicklichkeitsrettungswürfe sind im Vorteil" -- the Kämpferin dodged: two d20 (4, 17),
    the higher counts, she saves (17 + 1 >= 12) and takes half."""
    state = scene(("Kämpferin", "kaempferin_trank", "Helden", (2.25, 0.75)),
                  ("Höllenhund", "hoellenhund", "Monster", (3.75, 0.75)))
    state.apply(A.Ausweichen())
    state.apply(A.ZugBeenden())
    script(state, *([1] * 6), 4, 17)
    events = state.apply(A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"))
    save = next(e for e in events if e.kind == "rettungswurf")
    assert save.rule == refs.AUSWEICHEN and save.data["saved"] and save.data["damage"] == 3
    assert "W20 4 und 17, es zählt 17" in save.text  # the higher of the two d20s


def test_feueratem_recharges_on_5_or_6_at_the_start_of_the_hounds_turn():
    """SRD 5.1 "Monsters > Limited Usage", Recharge 5-6: "At the start of each of the monster's turns, roll a
    d6"; spent, the Feueratem is refused; a 4 leaves it spent, a 5 brings it back."""
    state = scene(("Höllenhund", "hoellenhund", "Monster", (3.75, 0.75)),
                  ("Kämpferin", "kaempferin", "Helden", (30.75, 0.75)))
    state.apply(A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"))  # nobody within 4.5 m
    state.apply(A.ZugBeenden())
    script(state, 4)
    state.apply(A.ZugBeenden())
    assert state.spent("Höllenhund") == ("Feueratem",)
    with pytest.raises(RuleViolation) as refused:
        state.check(A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"))
    assert refused.value.rule == refs.SRD_RECHARGE
    state.apply(A.ZugBeenden())
    script(state, 5)
    events = state.apply(A.ZugBeenden())
    assert state.spent("Höllenhund") == () and events[-1].rule == refs.SRD_RECHARGE


def test_a_special_ability_the_creature_lacks_is_refused():
    """SPEZIALFÄHIGKEIT VERWENDEN: "Monster haben Spezialaktionen, wie in den Wertekästen beschrieben" -- the
    Ork's stat block has none."""
    state = scene(ORC, FIGHTER)
    with pytest.raises(RuleViolation) as refused:
        state.check(A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"))
    assert refused.value.rule == refs.SPEZIALFAEHIGKEIT_VERWENDEN


def test_items_and_spent_abilities_survive_json_and_positions():
    """The state's JSON and its hand-writable position keep what is used up (ruling dnd5e.potion-object; SRD 5.1
    Limited Usage)."""
    from explorer.dnd5e.position import from_position

    state = scene(FIGHTER, HOUND)
    state.apply(A.GegenstandVerwenden(TRANK))
    state.apply(A.ZugBeenden())
    state.apply(A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"))
    again = EncounterState.from_json(state.to_json())
    assert again.supplies("Kämpferin") == {TRANK: 1} and again.spent("Höllenhund") == ("Feueratem",)
    placed = from_position(state.position())
    assert placed.supplies("Kämpferin") == {TRANK: 1} and placed.spent("Höllenhund") == ("Feueratem",)
    assert placed.position() == state.position()


# --- exact odds -----------------------------------------------------------------------------------------
def test_heal_odds_exact_by_brute_force():
    """SRD 5.1 Potion of Healing, 2d4 + 2: every pair of W4 counted -- 4..10 hit points, 7 the likeliest (4/16)
    and the mean."""
    counted: dict[int, Fraction] = {}
    for a, b in itertools.product(range(1, 5), repeat=2):
        counted[a + b + 2] = counted.get(a + b + 2, Fraction(0)) + Fraction(1, 16)
    assert items.heal_distribution() == counted and items.mean(counted) == 7


def test_save_and_breath_odds_exact_by_brute_force():
    """SRD 5.1 Hell Hound (DC 12, 6d6, half on a success) and "Using Ability Scores > Saving Throws": the
    Kämpferin (+1) saves on 11..20, 1/2, with Vorteil 3/4; the damage distribution over every d20 (twice with
    Vorteil) and every roll of the six W6 equals breath_distribution."""
    assert items.save_chance(12, 1) == Fraction(1, 2) and items.save_chance(12, 1, advantage=True) == Fraction(3, 4)
    sums: dict[int, int] = {}
    for dice in itertools.product(range(1, 7), repeat=6):
        sums[sum(dice)] = sums.get(sum(dice), 0) + 1
    for bonus, advantage in ((1, False), (2, False), (1, True), (-3, True)):
        counted: dict[int, Fraction] = {}
        for d20s in itertools.product(range(1, 21), repeat=2 if advantage else 1):
            saved = max(d20s) + bonus >= 12
            for total, n in sums.items():
                damage = total // 2 if saved else total
                counted[damage] = counted.get(damage, Fraction(0)) + Fraction(n, 6 ** 6 * 20 ** len(d20s))
        assert items.breath_distribution(bonus=bonus, advantage=advantage) == counted
    assert items.mean(items.breath_distribution(bonus=1)) == Fraction(125, 8)


def test_breath_odds_beside_a_monte_carlo_run():
    """SRD 5.1 Hell Hound, Fire Breath: 40,000 seeded breaths on a +1 save land within 0.1 of the exact mean
    damage 125/8 and within 0.01 of the exact chance to take the full damage (1/2)."""
    rng = random.Random(12)
    total = full = 0
    n = 40_000
    for _ in range(n):
        damage = sum(rng.randint(1, 6) for _ in range(6))
        if rng.randint(1, 20) + 1 >= 12:
            damage //= 2
        else:
            full += 1
        total += damage
    assert abs(total / n - float(Fraction(125, 8))) < 0.1
    assert abs(full / n - 0.5) < 0.01


def test_recharge_odds_exact():
    """SRD 5.1 "Monsters > Limited Usage", Recharge 5-6: 1/3 a turn; back within two turns 1 - (2/3)^2 = 5/9,
    counted over every pair of d6."""
    assert items.recharge_chance() == Fraction(1, 3)
    back = sum(Fraction(1, 36) for a, b in itertools.product(range(1, 7), repeat=2) if a >= 5 or b >= 5)
    assert items.ready_within(2) == back == Fraction(5, 9) and items.ready_within(0) == 0


def test_the_cone_is_as_wide_as_it_is_long():
    """SRD 5.1 "Spellcasting > Areas of Effect > Cone": "A cone's width at a given point along its length is
    equal to that point's distance from the point of origin" (ruling dnd5e.cone): 4.5 m long from the edge of
    the hound's space, 4.5 m wide at its end, area 4.5 x 4.5 / 2."""
    assert refs.SRD_CONE.section == "Spellcasting > Areas of Effect > Cone"
    state = scene(HOUND, FIGHTER)
    m = state.battle_map
    area = items.cone(m, m.token("Höllenhund"), (5.25, 9.75))  # straight up
    assert area.area == pytest.approx(4.5 * 4.5 / 2)
    assert area.bounds == pytest.approx((5.25 - 2.25, 1.5, 5.25 + 2.25, 6.0))


def test_a_wrong_items_file_is_refused_naming_the_field():
    """data/dnd5e/README.md ("items.json"): the file is checked before use -- an unknown action, a damaging
    item without its damage type, dice that are no dice expression are refused, naming the field."""
    from explorer.core.inputs import InputError
    from explorer.core.resources import data_dir

    good = __import__("json").loads((data_dir("dnd5e") / "items.json").read_text(encoding="utf-8"))
    assert set(items.items_from_json(good)) == {TRANK, STAB}
    for change, where in ((("aktion", "zauber-wirken"), "aktion"), (("schadensart", None), "items[1]"),
                          (("wuerfel", "zwei Würfel"), "wuerfel")):
        bad = __import__("copy").deepcopy(good)
        bad["items"][1][change[0]] = change[1]
        with pytest.raises(InputError) as refused:
            items.items_from_json(bad)
        assert where in str(refused.value)


# --- Vorbereiten: a readied spell and its concentration -------------------------------------------------
def test_a_readied_spell_is_released_when_the_trigger_occurs():
    """VORBEREITEN: "Bereitest du einen Zauberspruch vor, wirkst du ihn wie gewohnt, setzt seinen Effekt aber erst
    dann mit deiner Reaktion frei, sobald der Auslöser eintritt. Nur Zauber mit einem Zeitaufwand von einer Aktion
    können vorbereitet werden." -- the Magierin readies Feuerpfeil; the Ork steps beside her, so the ranged spell
    attack has Nachteil (SRD 5.1 Ranged Attacks in Close Combat): d20s 15 and 14, the lower + 5 hits RK 13; 1W10 7."""
    state = scene(("Magierin", "magierin", "Helden", (0.75, 0.75)), ("Ork", "ork", "Monster", (6.75, 0.75)))
    state.apply(A.Vorbereiten("feind-kommt-in-reichweite", "zauber", zauber="Feuerpfeil"))
    state.apply(A.ZugBeenden())
    script(state, 15, 14, 7)
    events = state.apply(A.Bewegen(((2.25, 0.75),)))
    assert [e.kind for e in events if e.kind in ("vorbereitet", "zauber", "angriff", "schaden")] == [
        "vorbereitet", "zauber", "angriff", "schaden"]
    assert state.hp("Ork") == 15 - 7 and state.reaction_used("Magierin")
    fighter = scene(FIGHTER, ORC)
    with pytest.raises(RuleViolation) as refused:
        fighter.check(A.Vorbereiten("feind-kommt-in-reichweite", "zauber", zauber="Feuerpfeil"))
    assert refused.value.rule == refs.VORBEREITEN


def test_a_readied_spell_fails_when_concentration_breaks():
    """VORBEREITEN: "Das Zurückhalten des Effekts erfordert jedoch Konzentration [...] Wird deine Konzentration
    unterbrochen, schlägt der vorbereitete Zauber fehl und verfliegt, ohne Wirkung zu zeigen." (SRD 5.1
    Concentration: a Constitution save, DC 10 or half the damage): the Goblin's arrow hits the Magierin for 4, she
    rolls 5 + 2 < 10 and loses the spell; the Ork then steps beside her unharmed. With 8 + 2 she keeps it."""
    for roll, kept in ((5, False), (8, True)):
        state = scene(("Magierin", "magierin", "Helden", (0.75, 0.75)), ("Goblin", "goblin", "Monster", (12.75, 0.75)),
                      ("Ork", "ork", "Monster", (6.75, 0.75)))
        state.apply(A.Vorbereiten("feind-kommt-in-reichweite", "zauber", zauber="Feuerpfeil"))
        state.apply(A.ZugBeenden())
        script(state, 15, 2, roll)  # the Goblin's Kurzbogen: 15 + 4 hits RK 12, 1W6 2 + 2 = 4; the save
        events = state.apply(A.Angriff("Kurzbogen", "Magierin"))
        save = next(e for e in events if e.kind == "konzentration")
        assert save.rule == refs.SRD_CONCENTRATION and save.data["kept"] is kept and "SG 10" in save.text
        assert any(e[0] == "vorbereitet" and e[1] == "Magierin" for e in state.effects()) is kept


def test_a_grappled_dodger_saves_without_advantage():
    """AUSWEICHEN: "Du verlierst diesen Vorteil, wenn du kampfunfähig bist oder deine Bewegungsrate 0 beträgt" --
    the dodging Kämpferin, grappled (gepackt: speed 0, SRD 5.1 Appendix PH-A), rolls one d20 against the
    Feueratem."""
    state = scene(("Kämpferin", "kaempferin_trank", "Helden", (2.25, 0.75)),
                  ("Höllenhund", "hoellenhund", "Monster", (3.75, 0.75)))
    state.apply(A.Ausweichen())
    state.apply(A.ZugBeenden())
    token = state.token("Kämpferin")
    state._data["map"] = state.battle_map.moved("Kämpferin", token.position, conditions={"gepackt"})
    state._changed()
    script(state, *([1] * 6), 4)
    events = state.apply(A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"))
    save = next(e for e in events if e.kind == "rettungswurf")
    assert save.rule == refs.SRD_SAVING_THROWS and not save.data["saved"] and "[" not in save.text.split(":")[1]
