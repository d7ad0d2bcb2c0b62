"""The melee panel in plain Python: set a widget value, check the engine's answer and what is shown."""

import re

from explorer.behind import melee_odds
from explorer.behind.panels.panel_odds import DRAWN, EVEN_SUPPLY, MeleeOddsPanel


def _shown_percent(panel, cls="p-defender-injured") -> float:
    return float(re.search(rf'class="{cls}">([\d.]+)%', panel.summary.value).group(1))


def test_panel_starts_on_the_rulebook_pair_with_their_decks():
    """behind-2003-rulebook.txt, section First Steps: Ludwig von Auenstedt attacks Sahra Jeanette."""
    panel = MeleeOddsPanel()
    assert panel.attacker.strength.value == 4 and panel.defender.resistance.value == 2
    assert panel.attacker.supply.value.startswith("Vampire") and panel.defender.supply.value.startswith("Schwesternbund")
    assert bytes(panel.chart.value[:4]) == b"\x89PNG" and "<table" in panel.table.value


def test_moving_a_slider_recomputes_the_exact_odds_in_place():
    panel = MeleeOddsPanel()
    chart, before = panel.chart, _shown_percent(panel)
    panel.attacker.strength.value = 6
    assert _shown_percent(panel) > before
    assert panel.chart is chart  # the same widget, updated in place
    question = panel.question()
    expected = melee_odds(question.attacker, question.defender, attacker_supply=question.attacker_supply,
                          defender_supply=question.defender_supply)
    assert panel.result.frame.equals(expected.frame)
    assert _shown_percent(panel) == round(100 * expected.p_injured("defender"), 1)


def test_rear_arc_and_known_hand_card_reach_the_question():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): +1 from the rear arc."""
    panel = MeleeOddsPanel()
    panel.rear_arc.value = True
    assert panel.question().rear_arc and "rear arc" in panel.result.title
    panel.defender.hand.value = "9"
    assert panel.question().defender_hand == [9]
    panel.defender.hand.value = DRAWN
    assert panel.question().defender_hand is None


def test_injuries_lower_the_strength_used():
    """behind-2003-rulebook.txt, section Injuries (Verletzungen): Strength lowered by 1 per injury."""
    panel = MeleeOddsPanel()
    panel.attacker.injuries.value = 2
    assert panel.question().attacker.current_strength == 2


def test_supply_dropdown_switches_the_supply():
    panel = MeleeOddsPanel()
    panel.attacker.supply.value = EVEN_SUPPLY
    assert sorted(panel.question().attacker_supply) == sorted(f for f in range(1, 10) for _ in range(4))


# -- ranged attacks --------------------------------------------------------------------------------


def test_ranged_panel_answers_the_shot_exactly():
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf): shooting value = Dexterity +
    the weapon card + the top supply card; the dodge reaching it means no effect."""
    from explorer.behind import ranged_odds
    from explorer.behind.panels import RangedOddsPanel

    panel = RangedOddsPanel()
    before = _shown_percent(panel, "p-target-injured")
    panel.weapon.value = 8
    question = panel.question()
    assert question.weapon_fate == 8 and question.shooter.name == "Sahra Jeanette"
    expected = ranged_odds(question.shooter, question.target, weapon_fate=8, shooter_supply=question.shooter_supply,
                           target_supply=question.target_supply)
    assert panel.result.frame.equals(expected.frame)
    assert _shown_percent(panel, "p-target-injured") == round(100 * expected.p_injured("target"), 1) > before


def test_ranged_panel_injuries_lower_dexterity_and_a_known_dodge_card_is_used():
    """behind-2003-rulebook.txt, section Injuries (Verletzungen): Dexterity lowered by 1 per injury."""
    from explorer.behind.panels import RangedOddsPanel

    panel = RangedOddsPanel()
    panel.shooter.injuries.value = 2
    assert panel.question().shooter.current_dexterity == panel.shooter.dexterity.value - 2
    panel.target.hand.value = "9"
    assert panel.question().target_hand == [9]
    assert panel.result.probability("none") > 0.5


# -- odds from a game state ----------------------------------------------------------------------------


def _state_panel(viewer=None):
    from explorer.behind.panels import StateOddsPanel
    from tests.behind.test_odds_state import _sisters_attack_from_behind

    return StateOddsPanel(_sisters_attack_from_behind(), "Sahra Jeanette", "Ludwig von Auenstedt", viewer)


def test_state_panel_shows_odds_from_state_for_the_two_chips():
    """behind-2003-rulebook.txt, section Hand Cards, Supply and Discard Pile: the viewer knows his
    own hand and every discard pile."""
    from explorer.behind.odds_state import odds_from_state

    panel = _state_panel("Schwesternbund")
    expected = odds_from_state(panel.state, "Sahra Jeanette", "Ludwig von Auenstedt", "Schwesternbund")
    assert panel.result.frame.equals(expected.frame)
    assert _shown_percent(panel) == round(100 * expected.p_injured("defender"), 1)
    assert "rear arc" in panel.notes.value and "hand is known" in panel.notes.value


def test_state_panel_viewer_and_selection_change_the_question():
    from explorer.behind.odds_state import odds_from_state

    panel = _state_panel("Schwesternbund")
    panel.viewer.value = None
    assert panel.result.frame.equals(odds_from_state(panel.state, "Sahra Jeanette", "Ludwig von Auenstedt").frame)
    assert "hand is known" not in panel.notes.value
    panel.select("Ludwig von Auenstedt", "Schwester Agathe")
    assert panel.result.question.attacker.name == "Ludwig von Auenstedt"
    assert list(panel.defender.options) == ["Sahra Jeanette", "Schwester Agathe"]


def test_state_panel_says_why_when_no_odds_can_be_given():
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf): apart, Sahra would have to shoot,
    and the viewer knows no card of hers that enables a shot."""
    from tests.behind.game_fixtures import place

    panel = _state_panel("Vampire")
    place(panel.state, ("Ludwig von Auenstedt", 60, 40, 0), ("Sahra Jeanette", 40, 40, 0),
          ("Schwester Agathe", 60, 43, 270))
    panel.update()
    assert panel.result is None and "enables a ranged attack" in panel.summary.value
    assert panel.chart.layout.visibility == "hidden" and panel.notes.value == ""


def test_the_summary_and_notes_read_at_one_line_height():
    """Issue 11 (lesson 3's StateOddsPanel): in a widget's HTML the summary and the notes took ipywidgets'
    28 px line height, so a wrapped summary read "defender injured / 74.5%" on lines far apart.  Both set
    their own (behind-2003-rulebook.txt, "Melee Combat (Nahkampf)")."""
    from explorer.behind.panels.panel_odds import PROSE_STYLE

    assert PROSE_STYLE == "line-height:1.35"
    melee = MeleeOddsPanel()
    assert melee.summary.value.startswith(f"<div style='{PROSE_STYLE}'><b>")
    state = _state_panel("Schwesternbund")
    assert state.summary.value.startswith(f"<div style='{PROSE_STYLE}'><b>")
    assert state.notes.value.startswith(f"<ul style='{PROSE_STYLE}'><li>")
