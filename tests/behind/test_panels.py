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
