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


# -- the chart's layouts (docs/panel-layout.md; issue 11) --------------------------------------------


def _label_boxes_clear(chart) -> list[str]:
    """Every bar label inside its axes (clear of the title and the ticks), and no two labels of
    one axes overlapping: the problems found, in words."""
    renderer = chart.figure.canvas.get_renderer()
    problems = []
    groups = [(chart.axes[label], chart.texts[label]) for label in chart.labels]
    groups.append((chart.difference_axes, chart.difference_texts))
    for ax, texts in groups:
        inside = ax.get_window_extent(renderer)
        boxes = [(text.get_text(), text.get_window_extent(renderer)) for text in texts if text.get_text()]
        for word, box in boxes:
            if box.y1 > inside.y1 - 1 or box.y0 < inside.y0 + 1:
                problems.append(f"{word!r} reaches the edge of {ax.get_title()!r}: {box} in {inside}")
        for (first, a), (second, b) in zip(boxes, boxes[1:]):
            if a.x1 > b.x0 and a.y1 > b.y0 and b.y1 > a.y0:
                problems.append(f"{first!r} and {second!r} overlap in {ax.get_title()!r}")
    return problems


@pytest.fixture(scope="module")
def big_change():
    """A against B with Agathe (Bündnis 3) from the rear arc and a 9 played: B's defender is
    injured for certain, a +66 pp bar and a 98 % bar (the tallest labels there are)."""
    panel = ComparisonPanel(interactive=False)
    panel.second.assistant.value = "Schwester Agathe"
    panel.second.buendnis.value = 3
    panel.second.attacker_hand.value = "9"
    return panel.results


@pytest.mark.parametrize("narrow", [True, False])
def test_the_chart_fits_its_width_and_its_labels_stay_clear(narrow, big_change):
    from explorer.core.panels.layout import NARROWEST

    panel = ComparisonPanel(interactive=False, narrow=narrow)
    assert panel.chart.layout == ("narrow" if narrow else "wide")
    assert panel.chart.pixel_size[0] <= (NARROWEST - 10 if narrow else 780)
    for results in (panel.results, big_change):
        panel.chart.update(*results)
        panel.chart.render()
        assert not _label_boxes_clear(panel.chart), _label_boxes_clear(panel.chart)
    assert max(tick for tick in panel.chart.axes["A"].get_yticks() if tick <= 1.2) <= 1.0


def test_by_default_the_panel_is_narrow_and_its_canvas_fits_the_narrowest_output_area():
    """An ipympl canvas cannot shrink: in two rows it is 580 px, inside JupyterLab's 590."""
    from explorer.core.panels.layout import NARROWEST

    panel = ComparisonPanel(interactive=True)
    assert panel.chart.layout == "narrow"
    assert panel.chart.pixel_size[0] < NARROWEST
    rows = panel.chart.axes["A"].get_position(), panel.chart.difference_axes.get_position()
    assert rows[0].y0 > rows[1].y1  # A (and B) above the difference


def test_the_narrow_chart_blits_the_same_picture_as_one_drawn_afresh():
    import io

    import numpy as np
    from PIL import Image

    panel = ComparisonPanel(interactive=False)
    panel.attacker.strength.value = 6
    panel.attacker.strength.value = 5
    draws = panel.chart.full_draws
    panel.attacker.strength.value = 6  # back to a y-range drawn before: blitted
    assert panel.chart.full_draws == draws
    blitted, fresh = (np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
                      for png in (panel.chart.render(), panel.chart.png()))
    assert blitted.shape == fresh.shape and (blitted == fresh).all()


def test_change_labels_use_whole_points_when_they_would_crowd():
    from explorer.behind.render_odds import change_label

    assert change_label(9.84) == "+9.8" and change_label(-20.5) == "-20" and change_label(0.4) == ""
    assert change_label(-3.4, whole=True) == "-3"


def test_an_unknown_chart_layout_is_refused():
    from explorer.behind.render_odds import ComparisonChart

    with pytest.raises(ValueError, match="layout"):
        ComparisonChart(layout="tall")


def test_every_control_fits_its_column_with_its_margins(panel):
    """Melee Combat (Nahkampf): each situation's assistant and each side's supply are chosen in a
    dropdown; a column hides what overflows it, so a control 100% wide plus ipywidgets' 2 px margins
    lost its right border.  Every control is the column's width less its two margins."""
    from explorer.core.panels.layout import CONTROL_MARGIN_PX as WIDGET_MARGIN_PX, FULL_CONTROL as FITTED_WIDTH

    assert FITTED_WIDTH == f"calc(100% - {2 * WIDGET_MARGIN_PX}px)" == "calc(100% - 4px)"
    controls = [*panel.first.controls, *panel.second.controls, *panel.attacker.controls, *panel.defender.controls]
    dropdowns = [c for c in controls if type(c).__name__ == "Dropdown"]
    assert {d.description for d in dropdowns} == {"Assistant", "Supply"} and len(dropdowns) == 4
    for control in controls:
        if type(control).__name__ != "Checkbox":
            assert control.layout.width == FITTED_WIDTH, control.description
