"""The panel layout conventions (explorer.core.panels.layout, docs/panel-layout.md) and the
blitted odds chart, in plain Python; the browser tests check the result in a real page."""

import ipywidgets as widgets
import pytest

from explorer.behind.panels import ComparisonPanel, MeleeOddsPanel, RangedOddsPanel
from explorer.behind.panels.panel_compare import SITUATION_WIDTH
from explorer.behind.panels.panel_figures import SlotChart
from explorer.behind.panels.panel_odds import SIDE_WIDTH
from explorer.core.panels import layout


def test_a_row_wraps_instead_of_overflowing():
    row = layout.row([widgets.HTML("a"), widgets.HTML("b")])
    assert row.layout.display == "flex" and row.layout.flex_flow == "row wrap"
    assert row.layout.max_width == "100%"


def test_a_column_keeps_its_width_whatever_its_content():
    column = layout.column([widgets.HTML("a")], width=300)
    assert column.layout.width == "300px" and column.layout.overflow == "hidden"
    assert column.layout.flex.startswith("0 ")  # never grows with its content


def test_a_table_beside_a_chart_drops_below_it_when_narrow():
    chart, table = layout.picture(540, 270), layout.table_widget()
    row = layout.beside(chart, table, min_other=240)
    assert row.children == (chart, table) and row.layout.flex_flow == "row wrap"
    assert table.layout.min_width == "min(240px, 100%)" and table.layout.flex == "1 1 240px"
    assert chart.layout.max_width == "100%" and chart.layout.height == "auto"  # the picture shrinks


def test_tables_scroll_sideways_and_long_cells_wrap_between_words():
    shown = layout.table_html("<table><tr><td>4543513/66224928</td></tr></table>")
    assert f'class="{layout.TABLE_CLASS}"' in shown and "overflow-x: auto" in shown
    assert "overflow-wrap: anywhere" not in shown and "overflow-wrap: break-word" in shown
    assert "4543513/<wbr>66224928" in shown  # in full, on two lines at most: after its slash


def test_labels_in_full_or_with_a_tooltip_and_buttons_as_wide_as_their_text():
    assert layout.label_style() == {"description_width": "initial"}
    assert layout.label_style(90) == {"description_width": "90px"}
    dropdown = widgets.Dropdown(options=[("a long label", 1), ("another long label", 2)])
    layout.tooltip_follows_value(dropdown)
    assert dropdown.tooltip == "a long label"
    dropdown.value = 2
    assert dropdown.tooltip == "another long label"
    assert layout.button_layout().width == "auto"


def test_two_columns_of_controls_fit_jupyterlab_at_1280_px():
    gap = 18
    assert 2 * SIDE_WIDTH + gap <= 780 and 2 * SITUATION_WIDTH + gap <= 780
    assert SIDE_WIDTH <= layout.NARROWEST and SITUATION_WIDTH <= layout.NARROWEST


@pytest.mark.parametrize("make", [MeleeOddsPanel, RangedOddsPanel])
def test_odds_panels_lay_out_in_wrapping_rows_of_fixed_columns(make):
    panel = make()
    rows = [child for child in panel.children if isinstance(child, widgets.Box)
            and not isinstance(child, widgets.VBox)]
    assert rows and all(row.layout.flex_flow == "row wrap" for row in rows)
    assert panel._view.results.children == (panel.chart, panel.table)
    needs = layout.table_min_width(panel.table.value)  # from the table's content, words whole
    assert 300 <= needs <= 480 and panel.table.layout.min_width == f"min({needs}px, 100%)"
    assert SlotChart().pixel_size[0] <= layout.NARROWEST


def test_the_comparison_columns_are_fixed_and_the_png_shrinks():
    panel = ComparisonPanel(interactive=False)
    assert panel.first.box.layout.width == panel.second.box.layout.width == f"{SITUATION_WIDTH}px"
    assert panel.figure_widget.layout.max_width == "100%"
    assert panel.chart.pixel_size[0] <= 780


def test_the_melee_panel_blits_its_chart_and_draws_in_full_only_for_a_new_y_range():
    panel = MeleeOddsPanel()
    chart = panel._view.chart_of("melee")
    draws = chart.full_draws
    for strength in (4, 5, 4, 5, 4):
        panel.attacker.strength.value = strength
    assert chart.full_draws <= draws + 1  # at most one new y-range; the rest blitted
    assert bytes(panel.chart.value[:4]) == b"\x89PNG"
    heights = [bar.get_height() for bar in chart.bars]
    assert sum(heights) == pytest.approx(1.0)
    assert chart.title.get_text() == f"defender injured {panel.result.p_injured('defender'):.1%}"


def test_a_blitted_chart_is_the_same_picture_as_one_drawn_afresh():
    import io

    import numpy as np
    from PIL import Image

    panel = MeleeOddsPanel()
    panel.attacker.strength.value = 6
    chart = panel._view.chart_of("melee")
    blitted, fresh = (np.asarray(Image.open(io.BytesIO(png)).convert("RGB")) for png in (chart.render(), chart.png()))
    assert blitted.shape == fresh.shape and (blitted == fresh).all()


def test_without_blitting_the_panel_shows_the_same_odds():
    fast, slow = MeleeOddsPanel(), MeleeOddsPanel(blit=False)
    fast.attacker.strength.value = slow.attacker.strength.value = 6
    assert fast.summary.value == slow.summary.value
    assert slow._view.chart_of("melee").full_draws == 0  # savefig every time, no cached background


def test_the_summary_reads_the_same_numbers_as_the_result():
    from explorer.behind.panels.panel_odds import _Numbers

    for panel in (MeleeOddsPanel(), RangedOddsPanel()):
        result, numbers = panel.result, _Numbers(panel.result)
        for side in result.sides:
            assert numbers.p_injured(side) == pytest.approx(result.p_injured(side), abs=1e-12)
            assert numbers.expected_injuries(side) == pytest.approx(result.expected_injuries(side), abs=1e-12)
        for neutral in ("tie", "none"):
            assert numbers.probability(neutral) == pytest.approx(result.probability(neutral), abs=1e-12)
