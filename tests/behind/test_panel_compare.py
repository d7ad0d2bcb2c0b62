"""The comparison panel in plain Python: change a widget, check both situations' questions, the
exact answers and what the summary and the chart show (bar heights of the live figure)."""

from __future__ import annotations

import re

import pytest

from explorer.behind import melee_odds
from explorer.behind.panels import ComparisonPanel
from explorer.behind.panels.panel_compare import ALONE, summary_html, with_buendnis
from explorer.behind.panels.panel_odds import EVEN_SUPPLY
from explorer.behind.render_odds import MELEE_SLOTS, slot_probabilities


def shown(panel, cls: str) -> float:
    """A number the summary shows, e.g. cls="a-p-defender-injured" -> 72.4."""
    return float(re.search(rf'class="{cls}">([+\-\d.]+)', panel.summary.value).group(1))


def heights(panel, label: str) -> list[float]:
    return [bar.get_height() for bar in panel.chart.bars[label]]


@pytest.fixture(scope="module")
def panel():
    return ComparisonPanel()


def test_both_situations_share_the_characters_and_b_starts_in_the_rear_arc(panel):
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): +1 from the rear arc."""
    first, second = panel.questions()
    assert first.attacker == second.attacker and first.defender == second.defender
    assert first.attacker_supply is second.attacker_supply
    assert not first.rear_arc and second.rear_arc
    assert shown(panel, "b-p-defender-injured") > shown(panel, "a-p-defender-injured")


def test_one_slider_change_recomputes_and_redraws_both_sides():
    """One change of a shared slider: both results are recomputed (exactly what melee_odds says),
    both numbers and both bar charts change, and the figure widget is the same one, updated."""
    panel = ComparisonPanel()
    widget, updates = panel.figure_widget, panel.updates
    before = {label: heights(panel, label) for label in ("A", "B")}
    numbers = shown(panel, "a-p-defender-injured"), shown(panel, "b-p-defender-injured")
    panel.attacker.strength.value = 2
    assert panel.updates == updates + 1
    assert panel.figure_widget is widget
    for label, question, result in zip(("A", "B"), panel.questions(), panel.results):
        expected = melee_odds(question.attacker, question.defender, attacker_supply=question.attacker_supply,
                              defender_supply=question.defender_supply, rear_arc=question.rear_arc)
        assert result.frame.equals(expected.frame)
        assert heights(panel, label) == pytest.approx(slot_probabilities(expected, MELEE_SLOTS))
        assert heights(panel, label) != before[label]
    assert shown(panel, "a-p-defender-injured") < numbers[0] and shown(panel, "b-p-defender-injured") < numbers[1]
    assert bytes(panel.figure_widget.value[:4]) == b"\x89PNG"


def test_the_difference_is_b_minus_a_in_percentage_points(panel):
    first, second = panel.results
    change = [bar.get_height() for bar in panel.chart.difference_bars]
    expected = [100 * (b - a) for a, b in zip(slot_probabilities(first), slot_probabilities(second))]
    assert change == pytest.approx(expected)
    assert shown(panel, "change-p-defender-injured") == pytest.approx(
        round(100 * (second.p_injured("defender") - first.p_injured("defender")), 1))


def test_an_assistant_brings_his_bundnis_and_the_slider_overrides_it():
    """Melee Combat (Nahkampf): the assistant's Strength is added; Bündnis (Alliance): so is the
    value of his ability."""
    panel = ComparisonPanel()
    updates = panel.updates
    panel.first.assistant.value = "Schwester Agathe"
    assert panel.updates == updates + 1  # the Bündnis slider follows without a second update
    assert panel.first.buendnis.value == 1 and not panel.first.buendnis.disabled
    attack, _ = panel.question(panel.first).sides()
    alone, _ = panel.question(panel.second).sides()
    assert attack.base == 4 + 2 + 1 and alone.base == 4 + 1  # Ludwig + Agathe + Bündnis; Ludwig + rear arc
    panel.first.buendnis.value = 3
    assert panel.question(panel.first).assistants[0].ability_value("Bündnis") == 3
    panel.first.assistant.value = ALONE
    assert panel.first.buendnis.disabled and panel.question(panel.first).assistants == []


def test_hand_cards_are_each_situations_own():
    panel = ComparisonPanel()
    panel.second.defender_hand.value = "9"
    first, second = panel.questions()
    assert first.defender_hand is None and second.defender_hand == [9]
    assert "defender plays 9" in panel.second.description.value


def test_shared_supply_and_injuries_reach_both_questions():
    """Injuries (Verletzungen): Strength lowered by 1 per injury, in both situations."""
    panel = ComparisonPanel()
    panel.defender.supply.value = EVEN_SUPPLY
    panel.attacker.injuries.value = 1
    for question in panel.questions():
        assert question.attacker.current_strength == 3
        assert sorted(question.defender_supply) == sorted(f for f in range(1, 10) for _ in range(4))


def test_with_buendnis_replaces_only_that_ability():
    from explorer.behind.data import load_characters

    agathe = load_characters()["schwester-agathe"]
    assert with_buendnis(agathe, 0).ability("Bündnis") is None
    assert with_buendnis(agathe, 2).ability_value("Glaube") == 1


def test_on_an_ipympl_canvas_an_update_blits_over_the_cached_background():
    """With ipympl the canvas is the widget; after the front end's full draw of some y-ranges,
    an update with the same y-ranges redraws only the changed artists and sends the picture."""
    panel = ComparisonPanel(interactive=True)
    canvas = panel.chart.figure.canvas
    assert panel.figure_widget is canvas
    sent = []
    canvas.send_binary = sent.append
    canvas.manager.handle_json({"type": "draw"})  # what the front end asks for when it shows the canvas
    assert panel.chart.full_draws == 1 and sent
    panel.first.defender_hand.value = "2"
    if panel.chart._key() not in panel.chart._backgrounds:  # new y-ranges: the front end draws once more
        canvas.manager.handle_json({"type": "draw"})
    draws = panel.chart.full_draws
    sent.clear()
    panel.first.defender_hand.value = "drawn"  # back to the first y-ranges: their background is kept
    assert panel.chart.full_draws == draws and len(sent) == 1
    assert heights(panel, "A") == pytest.approx(slot_probabilities(panel.results[0]))


def test_summary_html_names_every_cell():
    panel = ComparisonPanel()
    text = summary_html(*panel.results)
    for side in ("a", "b", "change"):
        for cls in ("p-defender-injured", "e-defender", "p-attacker-injured", "e-attacker", "p-tie"):
            assert f'class="{side}-{cls}"' in text


def test_headline_reads_the_same_numbers_as_the_results_summary(panel):
    from explorer.behind.panels.panel_compare import headline

    for result in panel.results:
        assert headline(result) == pytest.approx(result.summary(), abs=1e-15)
