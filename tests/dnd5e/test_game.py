"""The encounter on the game protocol, clause by clause: each test is named after its clause and cites
the excerpt's section (dnd5e-combat-de-excerpt.txt) or the SRD 5.1 section it checks.

Rolls are scripted where a test needs a given die (:class:`Scripted` replaces the encounter's seeded
generator: the d20s and damage dice in the order the rules roll them)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.rules import RuleViolation
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.game import EncounterState, new_encounter


class Scripted:
    """A stand-in for the encounter's SeededRng: ``randrange`` returns the scripted values in turn."""

    def __init__(self, *values: int):
        self.values = list(values)

    def randrange(self, start, stop=None):
        value = self.values.pop(0)
        assert start <= value < stop, f"scripted {value} outside {start}..{stop - 1}"
        return value

    def copy(self):
        twin = Scripted()
        twin.values = list(self.values)
        return twin


def duel(positions=((0.75, 0.75), (9.75, 9.75)), profiles=("kaempferin", "ork"), seed=0, rulings=None,
         extra=()) -> EncounterState:
    """Kämpferin (Helden) against Ork (Monster), the Kämpferin first (initiative fixed by the order)."""
    creatures = [{"name": "Kämpferin", "profile": profiles[0], "side": "Helden", "position": list(positions[0])},
                 {"name": "Ork", "profile": profiles[1], "side": "Monster", "position": list(positions[1])}]
    creatures += [dict(e) for e in extra]
    spec = {"map": {"width": 21, "height": 21, "walls": [], "areas": []}, "creatures": creatures}
    state = new_encounter(spec, seed=seed, rulings=rulings)
    first = [c["name"] for c in creatures]
    state._data["order"] = first  # the tests fix the order: the listed order
    state._data["turn"] = 0
    state._changed()
    return state


def script(state: EncounterState, *values: int) -> None:
    state._data["rng"] = Scripted(*values)
    state._changed()


def end_turns_until(state: EncounterState, name: str) -> None:
    while state.acting != name:
        state.apply(A.ZugBeenden())


# --- SPURT ---------------------------------------------------------------------------------------
def test_spurt_example_nine_metres_become_eighteen_in_a_game():
    """SPURT: "Bei einer Bewegungsrate von neun Metern kannst du dich in deinem Zug insgesamt bis zu 18
    Meter weit bewegen, wenn du die Spurt-Aktion durchführst." -- 12 squares of 1.5 m in one turn."""
    state = duel(positions=((0.75, 0.75), (20.25, 20.25)))
    eighteen = A.Bewegen(((0.75, 18.75),))  # 12 squares north: 18 m
    with pytest.raises(RuleViolation) as refused:
        state.check(eighteen)
    assert refused.value.rule == refs.SRD_MOVEMENT_AND_POSITION
    state.apply(A.Spurt())
    assert state.movement_left() == 18
    state.apply(eighteen)
    assert state.movement_left() == 0
    assert state.token("Kämpferin").position == (Fraction(3, 4), Fraction(75, 4))
    with pytest.raises(RuleViolation) as further:
        state.check(A.Bewegen(((2.25, 18.75),)))
    assert further.value.rule == refs.SPURT


# --- AKTIONEN IM KAMPF, SRD 5.1 Your Turn ------------------------------------------------------------
def test_aktionen_im_kampf_one_action_per_turn():
    """AKTIONEN IM KAMPF: "In deinem Zug kannst du eine der hier beschriebenen Aktionen ausführen.\""""
    state = duel()
    state.apply(A.Ausweichen())
    with pytest.raises(RuleViolation) as refused:
        state.check(A.Spurt())
    assert refused.value.rule == refs.AKTIONEN_IM_KAMPF
    assert A.Spurt() not in state.legal_actions()
    state.apply(A.ZugBeenden())
    assert state.acting == "Ork" and state.action_used is None


def test_breaking_up_your_move_around_the_action():
    """SRD 5.1 Breaking Up Your Move: move, take the action, move on with what is left of the speed."""
    state = duel(positions=((0.75, 0.75), (0.75, 5.25)))
    state.apply(A.Bewegen(((0.75, 3.75),)))  # 3 m, next to the Ork
    script(state, 15, 4)  # d20 15 + 5 hits RK 13; 1W8 4
    state.apply(A.Angriff("Langschwert", "Ork"))
    assert state.hp("Ork") == 15 - (4 + 3)
    assert state.movement_left() == 6
    script(state, 2)  # the Ork's opportunity attack misses: the Kämpferin leaves its reach
    state.apply(A.Bewegen(((6.75, 3.75),)))
    assert state.movement_left() == 0
    assert state.reaction_used("Ork")


def test_initiative_is_d20_plus_dexterity_from_the_seed():
    """SRD 5.1 Initiative: d20 + Dexterity modifier, highest first; the same seed the same order."""
    a, b = new_encounter("scharmuetzel", seed=5), new_encounter("scharmuetzel", seed=5)
    assert a.order == b.order
    totals = a.initiative
    assert [totals[n] for n in a.order] == sorted(totals.values(), reverse=True)
    assert a.acting == a.order[0]
    assert a.log[0].rule == refs.SRD_INITIATIVE


# --- ANGRIFFSWÜRFE, SRD 5.1 Rolling 1 or 20, Critical Hits ----------------------------------------------
def test_angriffswuerfe_total_at_least_armour_class_hits_and_the_log_says_why():
    """ANGRIFFSWÜRFE: "Wenn das Ergebnis des Wurfs plus Modifikatoren größer oder gleich der
    Rüstungsklasse (RK) des Ziels ist, trifft der Angriff." -- 8 + 5 = 13 against RK 13 hits, 7 misses."""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)))
    script(state, 8, 1)
    events = state.apply(A.Angriff("Langschwert", "Ork"))
    roll = next(e for e in events if e.kind == "angriff")
    assert roll.data["hit"] and roll.data["total"] == 13 and roll.data["ac"] == 13
    assert "W20 8" in roll.text and "+5" in roll.text and "RK 13" in roll.text and roll.rule == refs.ANGRIFFSWUERFE
    state.undo()
    script(state, 7)
    events = state.apply(A.Angriff("Langschwert", "Ork"))
    assert not next(e for e in events if e.kind == "angriff").data["hit"]
    assert state.hp("Ork") == 15


def test_natural_one_misses_natural_twenty_doubles_the_damage_dice():
    """SRD 5.1 Rolling 1 or 20 (a 1 misses, a 20 hits regardless) and Critical Hits (the damage dice
    twice, the modifier once): 2W8+3 with 5 and 6 = 14."""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)), profiles=("kaempferin", "goblin"))
    script(state, 1)
    events = state.apply(A.Angriff("Langschwert", "Ork"))
    assert next(e for e in events if e.kind == "angriff").rule == refs.SRD_ROLLING_1_OR_20
    state.undo()
    script(state, 20, 5, 6)
    events = state.apply(A.Angriff("Langschwert", "Ork"))
    damage = next(e for e in events if e.kind == "schaden")
    assert damage.data["damage"] == 14 and damage.rule == refs.SRD_CRITICAL_HITS and "2W8+3" in damage.text


def test_cover_adds_to_the_armour_class_and_total_cover_refuses_the_attack():
    """SRD 5.1 Cover: half cover +2 RK (13 + 2 = 15: a 9 + 5 = 14 misses); total cover: no attack."""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)))
    script(state, 9)
    events = state.apply(A.Angriff("Langschwert", "Ork", "halb"))
    roll = next(e for e in events if e.kind == "angriff")
    assert roll.data["ac"] == 15 and not roll.data["hit"] and "RK 13 + 2" in roll.text
    state.undo()
    with pytest.raises(RuleViolation) as refused:
        state.check(A.Angriff("Langschwert", "Ork", "voll"))
    assert refused.value.rule == refs.SRD_COVER


# --- ANGRIFFSSTRUKTUR: the target within range; ranged attacks (SRD 5.1) ------------------------------
def test_angriffsstruktur_target_out_of_reach_is_refused():
    """ANGRIFFSSTRUKTUR 1: "Suche dir ein Ziel innerhalb der Reichweite deines Angriffs aus"."""
    state = duel()
    with pytest.raises(RuleViolation) as refused:
        state.check(A.Angriff("Langschwert", "Ork"))
    assert refused.value.rule == refs.ANGRIFFSSTRUKTUR
    assert A.Angriff("Leichte Armbrust", "Ork") in state.legal_actions()


def test_ranged_attack_at_long_range_and_in_close_combat_have_disadvantage():
    """SRD 5.1 Ranged Attacks: beyond the normal range with disadvantage, never beyond the long range;
    Ranged Attacks in Close Combat: a hostile creature within 5 ft (1.5 m): disadvantage."""
    spec_map = {"width": 120, "height": 6, "walls": [], "areas": []}
    state = new_encounter({"map": spec_map, "creatures": [
        {"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": [0.75, 0.75]},
        {"name": "Ork", "profile": "ork", "side": "Monster", "position": [30.75, 0.75]}]})
    end_turns_until(state, "Kämpferin")
    script(state, 12, 3)
    events = state.apply(A.Angriff("Leichte Armbrust", "Ork"))
    roll = next(e for e in events if e.kind == "angriff")
    assert roll.data["mode"] == "nachteil" and "lange Reichweite" in roll.text
    state.undo()
    close = duel(positions=((0.75, 0.75), (0.75, 2.25)))
    script(close, 12, 3)
    roll = next(e for e in close.apply(A.Angriff("Leichte Armbrust", "Ork")) if e.kind == "angriff")
    assert roll.data["mode"] == "nachteil" and "innerhalb von 1,5 m" in roll.text


def test_prone_target_advantage_within_one_and_a_half_metres_disadvantage_farther():
    """SRD 5.1 Conditions > Prone: an attack against a prone creature has advantage within 5 ft, else
    disadvantage."""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)))
    state._data["map"] = state.battle_map.moved("Ork", state.token("Ork").position, conditions={"liegend"})
    state._changed()
    script(state, 3, 17, 2)
    roll = next(e for e in state.apply(A.Angriff("Langschwert", "Ork")) if e.kind == "angriff")
    assert roll.data["mode"] == "vorteil" and roll.data["natural"] == 17
    far = duel(positions=((0.75, 0.75), (0.75, 6.75)))
    far._data["map"] = far.battle_map.moved("Ork", far.token("Ork").position, conditions={"liegend"})
    far._changed()
    script(far, 17, 3)
    roll = next(e for e in far.apply(A.Angriff("Leichte Armbrust", "Ork")) if e.kind == "angriff")
    assert roll.data["mode"] == "nachteil" and roll.data["natural"] == 3


# --- AUSWEICHEN, HELFEN ---------------------------------------------------------------------------------
def test_ausweichen_gives_attacks_disadvantage_until_the_start_of_the_next_turn():
    """AUSWEICHEN: "Bis zum Beginn deines nächsten Zuges ist jeder Angriffswurf gegen dich im Nachteil,
    sofern du den Angreifer sehen kannst.\""""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)))
    state.apply(A.Ausweichen())
    state.apply(A.ZugBeenden())
    script(state, 18, 2)
    roll = next(e for e in state.apply(A.Angriff("Zweihandaxt", "Kämpferin")) if e.kind == "angriff")
    assert roll.data["mode"] == "nachteil" and roll.data["natural"] == 2 and "weicht aus" in roll.text
    state.apply(A.ZugBeenden())
    assert not [e for e in state.effects() if e[0] == "ausweichen"]


def test_helfen_gives_the_next_attack_of_an_ally_advantage_once():
    """HELFEN: "Hierdurch ist der nächste Angriffswurf gegen das Ziel, den einer deiner Verbündeten vor
    deinem nächsten Zug macht, im Vorteil." -- the target within 1.5 m of the helper."""
    ally = {"name": "Magierin", "profile": "magierin", "side": "Helden", "position": [6.75, 6.75]}
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)), extra=[ally])
    state._data["order"] = ["Kämpferin", "Magierin", "Ork"]
    state._changed()
    state.apply(A.Helfen("Ork"))
    state.apply(A.ZugBeenden())
    script(state, 2, 16, 5)
    roll = next(e for e in state.apply(A.ZauberWirken("Feuerpfeil", "Ork")) if e.kind == "angriff")
    assert roll.data["mode"] == "vorteil" and "Helfen von Kämpferin" in roll.text
    assert not [e for e in state.effects() if e[0] == "helfen-angriff"]


def test_helfen_a_foe_farther_than_one_and_a_half_metres_is_refused():
    """HELFEN: "eine Kreatur innerhalb eines Radius von 1,5 Metern von dir"."""
    state = duel()
    with pytest.raises(RuleViolation) as refused:
        state.check(A.Helfen("Ork"))
    assert refused.value.rule == refs.HELFEN


# --- RÜCKZUG, Gelegenheitsangriff ------------------------------------------------------------------------
def test_leaving_reach_provokes_an_opportunity_attack_and_rueckzug_prevents_it():
    """SICH UM ANDERE KREATUREN HERUM BEWEGEN: "Verlässt du in deinem Zug die Angriffsreichweite einer
    feindlichen Kreatur, provozierst du einen Gelegenheitsangriff"; RÜCKZUG: "löst deine Bewegung in
    diesem Zug keine Gelegenheitsangriffe aus"; SRD 5.1 Opportunity Attacks: the reaction, once."""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)))
    script(state, 19, 6)
    events = state.apply(A.Bewegen(((6.75, 0.75),)))
    assert any(e.kind == "gelegenheitsangriff" and e.rule == refs.SRD_OPPORTUNITY_ATTACKS for e in events)
    assert state.hp("Kämpferin") == 12 - (6 + 3) and state.reaction_used("Ork")
    state.undo()
    state.apply(A.Rueckzug())
    events = state.apply(A.Bewegen(((6.75, 0.75),)))
    assert not any(e.kind == "gelegenheitsangriff" for e in events) and not state.reaction_used("Ork")


# --- 0 HP, the end -------------------------------------------------------------------------------------
def test_zero_hit_points_unconscious_and_the_side_without_creatures_loses():
    """SRD 5.1 Dropping to 0 Hit Points (ruling dnd5e.zero-hp): 0 HP, bewusstlos and liegend, out of
    the fight; no creature of a side able to act: the other side wins."""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)), profiles=("kaempferin", "goblin"))
    script(state, 20, 8, 8)  # critical: 2W8+3 = 19 against 7 HP
    events = state.apply(A.Angriff("Langschwert", "Ork"))
    assert state.hp("Ork") == 0 and {"bewusstlos", "liegend"} <= state.token("Ork").conditions
    assert state.is_terminal() and state.winner == "Helden"
    assert any(e.kind == "null-tp" and e.rule == refs.SRD_DROPPING_TO_0 for e in events)
    assert not list(state.legal_actions())
    state.check_invariants()


def test_round_limit_ends_the_encounter_without_a_winner():
    """Ruling dnd5e.round-limit: after the limit the encounter ends without a winner."""
    state = duel(rulings={"dnd5e.round-limit": 1})
    state.apply(A.ZugBeenden())
    state.apply(A.ZugBeenden())
    assert state.is_terminal() and state.winner is None and state.round == 1


# --- Aufstehen (text start, SRD 5.1 Being Prone) -----------------------------------------------------------
def test_standing_up_costs_half_the_speed_and_needs_enough_movement_left():
    """Textbeginn: "Du kannst nicht aufstehen, wenn du nicht genügend Bewegungsrate übrig hast";
    SRD 5.1 Being Prone: half the speed."""
    state = duel(positions=((0.75, 0.75), (12.75, 12.75)))
    state._data["map"] = state.battle_map.moved("Kämpferin", (0.75, 0.75), conditions={"liegend"})
    state._changed()
    assert A.Aufstehen() in state.legal_actions()
    state.apply(A.Aufstehen())
    assert state.movement_left() == Fraction(9, 2) and not state.token("Kämpferin").prone
    state.undo()
    state.apply(A.Bewegen(((0.75, 3.75),)))  # crawling 3 m costs 6 m
    with pytest.raises(RuleViolation) as refused:
        state.check(A.Aufstehen())
    assert refused.value.rule == refs.AUFSTEHEN


# --- VERSTECKEN, SUCHEN ----------------------------------------------------------------------------------
def test_verstecken_beating_passive_perception_hides_and_the_attack_gives_it_away():
    """VERSTECKEN (ruling dnd5e.hide-tracked): Stealth against the foes' passive Perception; SRD 5.1
    Unseen Attackers and Targets: the hidden attacker has advantage; the attack reveals it."""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)), profiles=("goblin", "ork"))
    script(state, 4)  # 4 + 6 = 10 >= passive Perception 10
    state.apply(A.Verstecken())
    assert state.hidden() == {"Kämpferin": 10}
    state.apply(A.ZugBeenden())
    script(state, 15)  # the Ork searches: 15 + 0 >= 10
    state.apply(A.Suchen())
    assert state.hidden() == {}
    state.undo()
    state.apply(A.ZugBeenden())
    script(state, 3, 14, 2)
    roll = next(e for e in state.apply(A.Angriff("Kurzschwert", "Ork")) if e.kind == "angriff")
    assert roll.data["mode"] == "vorteil" and "versteckt" in roll.text and state.hidden() == {}


def test_verstecken_below_passive_perception_fails():
    """VERSTECKEN: a Stealth total below the highest passive Perception: not hidden."""
    state = duel(profiles=("goblin", "ork"))
    script(state, 2)  # 2 + 6 = 8 < 10
    events = state.apply(A.Verstecken())
    assert state.hidden() == {} and events[-1].data["success"] is False and events[-1].rule == refs.VERSTECKEN


# --- VORBEREITEN ---------------------------------------------------------------------------------------
def test_vorbereiten_a_foe_coming_into_reach_sets_off_the_readied_attack():
    """VORBEREITEN (ruling dnd5e.ready-trigger): the trigger, then the reaction, before the next turn."""
    state = duel(positions=((0.75, 0.75), (0.75, 6.75)))
    state.apply(A.Vorbereiten("feind-kommt-in-reichweite", "angriff", "Langschwert"))
    state.apply(A.ZugBeenden())
    script(state, 15, 5)
    events = state.apply(A.Bewegen(((0.75, 2.25),)))
    assert any(e.kind == "vorbereitet" and e.rule == refs.VORBEREITEN for e in events)
    assert state.hp("Ork") == 15 - 8 and state.reaction_used("Kämpferin")


def test_vorbereiten_an_unknown_trigger_is_refused():
    """VORBEREITEN: "welcher wahrnehmbare Umstand deine Reaktion auslösen wird" -- from a closed list."""
    state = duel()
    with pytest.raises(RuleViolation) as refused:
        state.check(A.Vorbereiten("wenn es regnet", "angriff", "Langschwert"))
    assert refused.value.rule == refs.VORBEREITEN


# --- ZAUBER WIRKEN and the other actions -------------------------------------------------------------------
def test_zauber_wirken_feuerpfeil_is_a_ranged_spell_attack_within_36_metres():
    """ZAUBER WIRKEN: "Zum Wirken der meisten Zauber ist eine Aktion erforderlich"; SRD 5.1 Fire Bolt:
    120 ft (36 m), 1d10."""
    state = duel(positions=((0.75, 0.75), (0.75, 12.75)), profiles=("magierin", "ork"))
    script(state, 10, 7)
    events = state.apply(A.ZauberWirken("Feuerpfeil", "Ork"))
    assert events[0].rule == refs.ZAUBER_WIRKEN and state.hp("Ork") == 15 - 7
    assert state.action_used == "zauber-wirken"
    fighter = duel()
    with pytest.raises(RuleViolation) as refused:
        fighter.check(A.ZauberWirken("Feuerpfeil", "Ork"))
    assert refused.value.rule == refs.ZAUBER_WIRKEN


@pytest.mark.parametrize("action, profile, rule", [
    (A.GegenstandVerwenden("Heiltrank"), "kaempferin_trank", refs.GEGENSTAND_VERWENDEN),
    (A.MagischenGegenstandVerwenden("Zauberstab der Magischen Geschosse", "Ork"), "magierin_zauberstab",
     refs.MAGISCHEN_GEGENSTAND_VERWENDEN),
    (A.SpezialfaehigkeitVerwenden("Feueratem", "Ork"), "hoellenhund", refs.SPEZIALFAEHIGKEIT_VERWENDEN),
])
def test_gegenstand_magischer_gegenstand_spezialfaehigkeit_spend_the_action(action, profile, rule):
    """GEGENSTAND VERWENDEN, MAGISCHEN GEGENSTAND VERWENDEN, SPEZIALFÄHIGKEIT VERWENDEN: each is the
    turn's action, logged with its rule first (then the SRD 5.1 item's or stat block's effect:
    tests/dnd5e/test_items.py)."""
    state = duel(profiles=(profile, "ork"))
    events = state.apply(action)
    assert events[0].rule == rule and state.action_used == action.kind
    assert A.Ausweichen() not in state.legal_actions()


# --- the protocol: save / load, undo, copy -----------------------------------------------------------------
def test_json_round_trip_continues_exactly():
    """A saved encounter continues as the original: same state, same rolls from the generator."""
    state = new_encounter("scharmuetzel", seed=3)
    for action in list(state.legal_actions())[:1]:
        state.apply(action)
    saved = state.to_json()
    loaded = EncounterState.from_json(saved)
    assert loaded.to_json() == saved
    import json
    assert EncounterState.from_json(json.dumps(saved)).to_json() == saved
    action = next(a for a in state.legal_actions() if a.kind == "verstecken") if A.Verstecken() in \
        state.legal_actions() else A.ZugBeenden()
    assert [e.text for e in state.apply(action)] == [e.text for e in loaded.apply(action)]


def test_undo_and_copy_are_independent():
    """undo() restores the state before the action; copy() is independent of the original."""
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)))
    before = state.to_json()
    twin = state.copy()
    state.apply(A.Angriff("Langschwert", "Ork"))
    assert twin.to_json() == before
    state.undo()
    assert state.to_json() == before


def test_a_broken_save_is_refused_naming_the_field():
    """Saves are never trusted: hit points beyond the maximum are refused with the field named."""
    from explorer.core.inputs import InputError
    saved = new_encounter("duell").to_json()
    saved["data"]["hp"]["Ork"] = 99
    with pytest.raises(InputError) as refused:
        EncounterState.from_json(saved)
    assert "hp" in str(refused.value)


def test_vorbereiten_a_readied_move_runs_when_the_foe_comes_into_reach():
    """VORBEREITEN: "Dies kann eine Aktion oder eine Bewegung bis zum vollen Umfang deiner Bewegungsrate
    sein" -- "Wenn sich der Zombie neben mich stellt, bewege ich mich weg." (ruling dnd5e.ready-trigger)."""
    state = duel(positions=((0.75, 0.75), (0.75, 6.75)))
    state.apply(A.Vorbereiten("feind-kommt-in-reichweite", "bewegen", "", ((9.75, 0.75),)))
    state.apply(A.ZugBeenden())
    script(state, 2)  # the Ork's opportunity attack as the Kämpferin walks away misses
    events = state.apply(A.Bewegen(((0.75, 2.25),)))
    assert any(e.kind == "vorbereitet" for e in events)
    assert state.token("Kämpferin").position == (Fraction(39, 4), Fraction(3, 4))
    assert state.reaction_used("Kämpferin") and state.reaction_used("Ork")


def test_vorbereiten_is_lost_at_the_start_of_the_readiers_next_turn():
    """VORBEREITEN: the reaction "vor Beginn deines nächstes Zuges"."""
    state = duel()
    state.apply(A.Vorbereiten("feind-kommt-in-reichweite", "angriff", "Langschwert"))
    state.apply(A.ZugBeenden())
    state.apply(A.ZugBeenden())
    assert state.acting == "Kämpferin" and not state.effects()


def test_an_opportunity_attack_that_drops_the_mover_stops_it_and_the_turn_passes():
    """SRD 5.1 Opportunity Attacks and Dropping to 0 Hit Points (rulings
    dnd5e.opportunity-attack-automatic, dnd5e.zero-hp): the mover at 0 stops where it was hit."""
    ally = {"name": "Magierin", "profile": "magierin", "side": "Helden", "position": [12.75, 12.75]}
    state = duel(positions=((0.75, 0.75), (0.75, 2.25)), profiles=("goblin", "ork"), extra=[ally])
    script(state, 20, 12, 12)  # critical Zweihandaxt: 2W12+3 = 27 against 7 HP
    state.apply(A.Bewegen(((6.75, 0.75),)))  # the last square within the Ork's reach: (2.25, 0.75)
    assert state.hp("Kämpferin") == 0 and state.token("Kämpferin").position == (Fraction(9, 4), Fraction(3, 4))
    assert not state.is_terminal() and state.acting == "Ork"


def test_any_path_is_checked_by_membership_not_only_the_listed_ones():
    """legal_actions() lists a few candidate paths; ``in`` checks any path by the movement rules."""
    state = duel(positions=((0.75, 0.75), (12.75, 12.75)))
    assert A.Bewegen(((3.75, 0.75), (3.75, 3.75))) in state.legal_actions()
    assert A.Bewegen(((0.75, 12.75),)) not in state.legal_actions()  # 12 m of a 9 m speed


def test_diagonals_alternate_ruling_counts_every_second_diagonal_double_in_a_turn():
    """Ruling dnd5e.grid-diagonals 'alternate-1.5-3': 4 diagonal squares cost 1.5 + 3 + 1.5 + 3 = 9 m."""
    state = duel(positions=((0.75, 0.75), (18.75, 18.75)), rulings={"dnd5e.grid-diagonals": "alternate-1.5-3"})
    state.apply(A.Bewegen(((6.75, 6.75),)))
    assert state.movement_left() == 0
