"""The battle map panel (KartenPanel): a click on a creature, then on a destination, answers with the
path's cost, the movement left, the difficult terrain, the opportunity attacks and a jump -- the same
numbers the analysis layer gives -- and refuses a destination out of reach with the rule."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from explorer.core.inputs import InputError
from explorer.dnd5e import analysis, refs
from explorer.dnd5e.actions import Bewegen
from explorer.dnd5e.encounter import ENCOUNTERS
from explorer.dnd5e.game import new_encounter
from explorer.dnd5e.panels.panel_map import Abgelehnt, KartenPanel, Weg


def skirmish(**moved):
    spec = copy.deepcopy(dict(ENCOUNTERS["scharmuetzel"]))
    for creature in spec["creatures"]:
        if creature["name"] in moved:
            creature["position"] = list(moved[creature["name"]])
    return new_encounter(spec)


def test_a_path_into_rubble_costs_what_path_cost_says_and_lists_the_difficult_terrain():
    """SRD 5.1, Combat > Movement and Position > Difficult Terrain ("Every foot of movement in
    difficult terrain costs 1 extra foot"): the Kämpferin walks 7.5 m north, the last 1.5 m square in
    the Geröll, for 9 m -- her whole Bewegungsrate."""
    state = new_encounter("scharmuetzel")
    panel = KartenPanel(state, interactive=False)
    assert "Kreatur gewählt: Kämpferin" in panel.click(2.25, 2.25)
    assert "Klicke auf das Ziel" in panel.said
    assert panel.selected == "Kämpferin" and panel.region.cost((2.25, 9.75)) == 9
    before = panel.figure_widget.value
    said = panel.click(2.3, 9.8)  # inside the square centred on (2.25, 9.75)
    result = panel.result
    assert isinstance(result, Weg) and result.ziel == (Fraction(9, 4), Fraction(39, 4))
    expected = analysis.path_cost(state.battle_map, "Kämpferin", list(result.path))
    assert result.total == expected.total == 9 and result.left == expected.left == 0
    assert result.difficult == (Fraction(3, 2), Fraction(3))
    assert "Kosten 9 m, übrig 0 m" in said
    table = panel.table.value
    assert "Kosten" in table and "9 m" in table and "0 m von 9 m" in table
    assert "1,5 m, kostet 3 m" in table and "Difficult Terrain" in table
    assert panel.figure_widget.value != before and panel.picture.full_draws == 1  # blitted over one background


def test_a_destination_out_of_reach_is_refused_with_the_rule_and_spurt_brings_it_in_reach():
    """SRD 5.1, Combat > Movement and Position (a creature moves up to its speed) and
    dnd5e-combat-de-excerpt.txt, "SPURT" (the movement doubled): 10.5 m east is beyond the
    Kämpferin's 9 m, within her 18 m with Spurt."""
    panel = KartenPanel(new_encounter("scharmuetzel"), interactive=False)
    panel.select("Kämpferin")
    said = panel.click(12.75, 2.25)
    assert isinstance(panel.result, Abgelehnt) and panel.result.rule == refs.SRD_MOVEMENT_AND_POSITION
    assert said.startswith("Kämpferin kommt nicht nach (12,75; 2,25): ")
    assert "nicht genug Bewegungsrate" in said and str(refs.SRD_MOVEMENT_AND_POSITION) in said
    assert "nicht erreichbar" in panel.table.value
    panel.spurt.value = True
    assert isinstance(panel.result, Weg) and panel.result.total == Fraction(21, 2)
    assert "übrig 7,5 m" in panel.said and "mit Spurt" in panel.table.value and "SPURT" in panel.table.value


def test_a_wall_in_the_straight_way_is_named_when_no_way_around_is_short_enough():
    """SRD 5.1, Combat > Movement and Position: the Säule blocks the straight line to the Ork's
    corner, and every way around it costs more than 9 m."""
    panel = KartenPanel(new_encounter("scharmuetzel"), interactive=False)
    panel.select("Kämpferin")
    said = panel.click(9.75, 12.75)
    assert isinstance(panel.result, Abgelehnt)
    assert "Säule" in said and "außen herum" in said


def test_the_panel_starts_with_the_acting_creature_chosen():
    """SRD 5.1, "Combat > The Order of Combat > Your Turn": the creature whose turn it is moves -- the
    panel starts with it chosen (the dropdown never blank), its reach shaded; a map alone: its first creature."""
    state = new_encounter("scharmuetzel")
    panel = KartenPanel(state, interactive=False)
    assert panel.selected == state.acting == panel.creature.value and panel.region is not None
    assert f"Kreatur gewählt: {state.acting}" in panel.said
    alone = KartenPanel(state.battle_map, interactive=False)
    assert alone.selected == state.battle_map.tokens[0].name


def test_a_click_on_the_empty_map_with_no_creature_chosen_says_what_to_do():
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN": a move belongs to a
    creature; a click where none stands, before choosing one, asks for a creature first."""
    panel = KartenPanel(new_encounter("scharmuetzel"), interactive=False)
    panel.select(None)
    said = panel.click(7.0, 1.0)
    assert said == "Dort (7; 1) steht keine Kreatur. Klicke zuerst auf eine Kreatur, dann auf ihr Ziel."
    assert panel.selected is None and panel.result is None and panel.message.value.endswith("</span>")


def test_leaving_a_goblins_reach_lists_its_opportunity_attack_with_the_exact_expected_damage():
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN" ("Verlässt du in deinem
    Zug die Angriffsreichweite einer feindlichen Kreatur, provozierst du einen Gelegenheitsangriff")
    and SRD 5.1, Combat > Making an Attack > Opportunity Attacks."""
    state = skirmish(**{"Goblin 1": (3.75, 2.25)})
    panel = KartenPanel(state, interactive=False)
    panel.select("Kämpferin")
    said = panel.click(2.25, 6.75)
    risk = analysis.opportunity_risk(state, "Kämpferin", list(panel.result.path))
    assert [a.attacker for a in panel.result.risk.attacks] == ["Goblin 1"]
    assert panel.result.risk.expected_damage == risk.expected_damage == Fraction(21, 10)
    assert "1 Gelegenheitsangriff (erwarteter Schaden 2,1)" in said
    table = panel.table.value.replace("<wbr>", "")
    assert "Gelegenheitsangriff: Goblin 1 (Kurzschwert)" in table and "exakt 21/10" in table
    assert "Opportunity Attacks" in panel.table.value


def test_a_chasm_is_crossed_with_a_long_jump_after_a_run_up():
    """dnd5e-combat-de-excerpt.txt, "WEITE SPRÜNGE": with at least 3 m walked just before, the
    Kämpferin (Stärke 16) jumps 16 x 0.3 = 4.8 m; the 1.5 m Graben is jumped, a metre of movement a
    metre jumped."""
    spec = {"map": {"width": 15, "height": 9, "walls": [],
                    "areas": [{"name": "Graben", "kind": "abgrund", "box": [6, 0, 7.5, 9]}]},
            "creatures": [{"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": [0.75, 3.75]},
                          {"name": "Goblin 1", "profile": "goblin", "side": "Monster", "position": [14.25, 0.75]}]}
    panel = KartenPanel(new_encounter(spec), interactive=False)
    panel.select("Kämpferin")
    said = panel.click(8.25, 3.75)
    result = panel.result
    assert isinstance(result, Weg) and result.jumps == (1,) and "mit Weitsprung" in said
    jump = result.movement.legs[1].jump
    assert jump.run_up and jump.maximum == Fraction(24, 5) and jump.distance == 3
    assert result.total == analysis.path_cost(panel.battle_map, "Kämpferin", list(result.path), jumps=[1]).total
    assert "Weitsprung (Abschnitt 2)" in panel.table.value and "WEITE SPRÜNGE" in panel.table.value


def test_a_prone_creature_may_stand_up_first_for_half_its_speed():
    """SRD 5.1, Combat > Movement and Position > Being Prone: standing up costs half the speed; a
    battle map without an encounter lists the opportunity attacks only with Kampfwerte."""
    state = new_encounter("scharmuetzel")
    lying = state.battle_map.moved("Kämpferin", (Fraction(9, 4), Fraction(9, 4)), conditions={"liegend"})
    panel = KartenPanel(lying, profiles=state.profiles, interactive=False)
    panel.select("Kämpferin")
    assert not panel.aufstehen.disabled and "liegt: kriecht" in panel.said
    panel.aufstehen.value = True
    assert panel.region.stand_up_cost == Fraction(9, 2) and "Aufstehen kostet 4,5 m" in panel.said
    panel.click(2.25, 5.25)
    assert panel.result.total == Fraction(15, 2) and "Aufstehen" in panel.table.value
    assert "Being Prone" in panel.table.value


def test_the_creature_list_and_the_target_fields_do_what_the_mouse_does():
    """SRD 5.1, Combat > Movement and Position > Breaking Up Your Move: the acting creature's movement
    already spent this turn counts; without ipympl the list and the x / y fields choose and ask."""
    state = new_encounter("scharmuetzel")
    acting = state.acting
    panel = KartenPanel(state, interactive=False)
    panel.creature.value = "Magierin"
    assert panel.selected == "Magierin" and "Kreatur gewählt: Magierin" in panel.said
    panel.ziel_x.value, panel.ziel_y.value = 0.75, 8.25
    panel.ziel_button.click()
    assert isinstance(panel.result, Weg) and panel.result.total == analysis.path_cost(
        state.battle_map, "Magierin", list(panel.result.path)).total == Fraction(9, 2)
    assert "Magierin nach (0,75; 8,25): Kosten 4,5 m" in panel.said
    panel.click(0.75, 3.75)  # the chosen creature again: the path cleared
    assert panel.result is None and panel.table.value == ""
    panel.creature.value = None
    assert panel.selected is None and panel.region is None
    state.apply(Bewegen(pfad=((9.75, 11.25),)))  # the acting Ork walks 3 m of his 9 m
    assert state.acting == acting == "Ork"
    panel = KartenPanel(state, interactive=False)
    assert "übrig 6 m" in panel.select("Ork")
    assert "Kosten 3 m, übrig 3 m" in panel.click(9.75, 8.25)


def test_wrong_arguments_are_refused_naming_the_field():
    """SRD 5.1, Combat > Movement and Position: the panel moves creatures of an encounter or a
    battle map; anything else is an input error naming the argument, before any rule runs."""
    state = new_encounter("scharmuetzel")
    with pytest.raises(InputError, match="state_or_map"):
        KartenPanel("scharmuetzel", interactive=False)
    with pytest.raises(InputError, match="profiles"):
        KartenPanel(state, profiles={}, interactive=False)
    with pytest.raises(InputError, match="profiles"):
        KartenPanel(state.battle_map, profiles=["Goblin 1"], interactive=False)
    with pytest.raises(InputError, match="blit"):
        KartenPanel(state, blit="ja", interactive=False)
    panel = KartenPanel(state, interactive=False)
    with pytest.raises(InputError, match="name"):
        panel.select("Drache")
    with pytest.raises(InputError, match="x"):
        panel.click(-1, 3)
    with pytest.raises(InputError, match="y"):
        panel.click(3, float("nan"))
    panel.select(None)
    with pytest.raises(InputError, match="selected"):
        panel.target(3, 3)
