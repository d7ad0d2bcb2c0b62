"""Tables keep their words whole (issue 11: "no wrapped text table", a header cut as "injuries_deal…",
odds tables squeezed beside their chart until "injured" broke as "injur-ed"): the CSS every table
gets, the break points it offers, and the width a table beside a chart is given, read from its
content (explorer.core.panels.layout, explorer.core.display; docs/panel-layout.md, rule 2)."""

import html
import re

import ipywidgets as widgets
import pandas as pd
import pytest

from explorer.core.display import CELL_WRAP_CSS, break_points, html_table
from explorer.core.panels import layout


def test_cells_wrap_between_words_only():
    assert "word-break: normal" in CELL_WRAP_CSS and "overflow-wrap: break-word" in CELL_WRAP_CSS
    assert "anywhere" not in CELL_WRAP_CSS and "break-all" not in CELL_WRAP_CSS
    shown = layout.table_html("<table><tr><td>injured</td></tr></table>")
    assert CELL_WRAP_CSS in shown and "anywhere" not in shown


def test_a_name_may_break_after_its_underscores_and_a_fraction_after_its_slash():
    assert break_points("injuries_dealt[Vampire]") == "injuries_<wbr>dealt<wbr>[Vampire]"
    assert break_points("a_[b] [c]") == "a_<wbr>[b] [c]"  # one break point, none at the start of a word
    assert break_points("<td>4543513/66224928</td>") == "<td>4543513/<wbr>66224928</td>"
    assert break_points("behind.contact-tolerance-cm", chars=".") == "behind.<wbr>contact-tolerance-cm"
    # tags, styles and entities stay as they are; nothing after a trailing underscore
    kept = '<style>.a_b td {x: 1}</style><td class="my_class">a &amp; b_</td>'
    assert break_points(kept) == kept


def test_html_table_headers_wrap_at_underscores_and_cells_between_words():
    frame = pd.DataFrame({"injuries_dealt[Vampire]": [1.25], "first_player": ["Vampire"]})
    markup = html_table(frame, index=False)._repr_html_()
    assert "injuries_<wbr>dealt<wbr>[Vampire]</th>" in markup and "first_<wbr>player</th>" in markup
    th_rules = re.findall(r"th \{([^}]*)\}", markup)
    assert th_rules and not any("max-width" in rule for rule in th_rules)  # a header is never squeezed mid-word
    assert markup.count(CELL_WRAP_CSS.replace("; ", ";\n  ")) >= 2  # every cell, and the text column again
    assert "overflow-x: auto" in markup
    assert repr(html_table(frame, index=False)).splitlines()[0].split() == ["injuries_dealt[Vampire]", "first_player"]


def test_text_width_is_measured_per_character():
    assert layout.text_width("iiii") < layout.text_width("mmmm")
    assert layout.text_width("0000000000") == pytest.approx(10 * 0.64 * layout.FONT_PX)
    assert layout.text_width("loser", bold=True) > layout.text_width("loser")
    assert layout.text_width("loser", font_px=26) == pytest.approx(2 * layout.text_width("loser"))


def test_a_table_needs_its_widest_unbreakable_piece_per_column():
    one = "<table><tr><th>a</th></tr><tr><td>defender</td></tr></table>"
    words = "<table><tr><th>a</th></tr><tr><td>the defender</td></tr></table>"
    assert layout.table_min_width(one) == layout.table_min_width(words)  # a line may break at the space
    two = "<table><tr><th>a</th><th>b</th></tr><tr><td>defender</td><td>defender</td></tr></table>"
    assert layout.table_min_width(two) == pytest.approx(2 * layout.table_min_width(one), abs=1)
    fraction = "<table><tr><td>{}</td></tr></table>"
    whole, broken = fraction.format("4543513/66224928"), fraction.format("4543513/<wbr>66224928")
    assert layout.table_min_width(broken) < layout.table_min_width(whole)
    assert layout.table_min_width(broken) >= layout.text_width("66224928") + layout.CELL_PADDING
    assert layout.table_min_width("<style>td {}</style><p>no table</p>") == 0


def test_the_odds_table_needs_its_columns_with_words_whole():
    """The melee odds table (loser, injuries, probability, exact fraction): about 380 px at 13 px,
    what Chromium gives its min-content width (measured in JupyterLab, docs/panel-layout.md)."""
    frame = pd.DataFrame({"loser": ["attacker", "defender"], "injuries": [0, 10], "probability": [0.0832, 0.2066],
                          "exact": ["3394792530457/40799522836800", "109564838271247/530393796878400"]})
    markup = layout.table_html(frame.to_html(index=False, float_format=lambda p: f"{p:.4f}"))
    needs = layout.table_min_width(markup)
    longest_number = layout.text_width("109564838271247/")  # the slash stays with the numerator
    loser = max(layout.text_width("loser", bold=True), layout.text_width("attacker"), layout.text_width("defender"))
    pieces = [loser] + [layout.text_width(t, bold=True) for t in ("injuries", "probability")] + [longest_number]
    assert needs == round(1.02 * sum(pieces) + 4 * (layout.CELL_PADDING + 1))
    assert 330 <= needs <= 430


def test_beside_gives_the_table_the_width_its_content_needs_and_only_grows():
    chart, table = layout.picture(540, 270), layout.table_widget()
    small = "<table><tr><td>tie</td></tr></table>"
    large = "<table><tr><td>defender</td><td>attacker</td><td>4543513/66224928</td></tr></table>"
    table.value = small
    row = layout.beside(chart, table)
    assert row.layout.flex_flow == "row wrap" and row.children == (chart, table)
    first = layout.table_min_width(small)
    assert table.layout.min_width == f"min({first}px, 100%)" and table.layout.flex == f"1 1 {first}px"
    table.value = large
    second = layout.table_min_width(large)
    assert second > first and table.layout.min_width == f"min({second}px, 100%)"
    table.value = small  # a shorter table does not pull the row back: no jumping beside / below
    assert table.layout.min_width == f"min({second}px, 100%)"
    assert table.layout.max_width == "100%"  # never wider than the row


def test_beside_measures_in_the_font_and_padding_given():
    table = widgets.HTML("<table><tr><td>expected cards</td><td>P(Nian Shou)</td></tr></table>")
    layout.beside(widgets.HTML("odds"), table, font_px=12, cell_padding=16)
    needs = layout.table_min_width(table.value, font_px=12, cell_padding=16)
    assert table.layout.min_width == f"min({needs}px, 100%)"
    widest = layout.text_width("expected", font_px=12) + layout.text_width("P(Nian", font_px=12)
    assert needs == round(1.02 * widest + 2 * 17)


def test_every_panel_beside_a_table_reads_the_width_from_its_table():
    from explorer.behind.panels import MeleeOddsPanel, RangedOddsPanel
    from explorer.beyond.panels.panel_reveal import RevealPanel

    for panel, table in ((MeleeOddsPanel(), "table"), (RangedOddsPanel(), "table")):
        widget = getattr(panel, table)
        needs = layout.table_min_width(widget.value)
        assert 300 <= needs and widget.layout.min_width == f"min({needs}px, 100%)", type(panel).__name__
    reveal = RevealPanel()
    reveal.on_reveal()
    gains = reveal.gains
    assert "<table" in gains.value
    needs = int(re.search(r"min\((\d+)px", gains.layout.min_width).group(1))
    assert needs >= layout.table_min_width(gains.value, font_px=12, cell_padding=16)
    assert html.unescape(gains.value)  # the table is there to measure


def test_a_control_fills_its_column_with_its_margins():
    """docs/panel-layout.md (issue 11): a control 100 % wide plus ipywidgets' 2 px margins ran 4 px past its
    column, which hides what overflows: a dropdown's right border was cut.  The core's control layout is
    the column's width less the margins, and a control of a fixed width never runs past that either."""
    from explorer.core.panels.layout import CONTROL_MARGIN_PX, FULL_CONTROL, control_layout

    assert CONTROL_MARGIN_PX == 2 and FULL_CONTROL == "calc(100% - 4px)"
    full = control_layout()
    assert (full.width, full.max_width) == (FULL_CONTROL, FULL_CONTROL)
    fixed = control_layout(280)
    assert (fixed.width, fixed.max_width) == ("280px", FULL_CONTROL)


def test_a_table_in_a_widget_reads_at_one_line_height():
    """Issue 11: a table in a widget's HTML inherited ipywidgets' 28 px line height (each wrapped cell's
    lines far apart); the table's box sets its own."""
    shown = layout.table_html("<table><tr><td>injured</td></tr></table>")
    assert re.search(r"\.\S+ \{overflow-x: auto; max-width: 100%; line-height:1\.35;\}", shown)
