"""How html_table's text columns wrap (docs/panel-layout.md, rule 6; issue 11: a path's cost table of
short texts -- "(0,75; 2,25)", "4,5 m", "gehen" -- was 914 px wide in a 590 px output area, because
every text column kept a minimum of 8em, and its rule column was cut at the box's edge)."""

from __future__ import annotations

import re

import pandas as pd

from explorer.core.display import PROSE_MIN_WIDTH, html_table


def _column_css(shown: str, column: int) -> str:
    uuid = re.search(r"#T_([0-9a-f]{10})", shown).group(1)
    return " ".join(re.findall(r"#T_%s td\.col%d \{([^}]*)\}" % (uuid, column), shown))


def test_short_cells_stay_on_one_line_and_only_prose_keeps_a_minimum_width():
    frame = pd.DataFrame({"Länge": ["4,5 m", "1,5 m"], "von": ["(0,75; 2,25)", "(5,25; 2,25)"],
                          "Regel": ['SRD 5.1, section "Combat > Movement and Position"', "-"]})
    shown = html_table(frame, index=False)._repr_html_()
    short, medium, prose = (_column_css(shown, j) for j in range(3))
    assert "white-space: nowrap" in short and "min-width" not in short
    assert "white-space: normal" in medium and "min-width" not in medium  # may wrap at its space
    assert "white-space: normal" in prose and f"min-width: {PROSE_MIN_WIDTH}" in prose
    assert "overflow-wrap: break-word" in prose and "word-break: normal" in prose  # between words only


def test_a_german_table_writes_its_decimals_with_a_comma():
    """Issue 12 (German terms in the D&D lessons): ``decimal_comma`` writes floats and percentages with a decimal
    comma ("0,4500", "12,5%"); whole numbers, exact fractions and texts ("Kap. 1.5") stay as they are."""
    from fractions import Fraction

    frame = pd.DataFrame({"p": [0.45, 0.125], "share": [0.125, 1.0], "n": [3, 12], "exakt": [Fraction(9, 20), Fraction(1, 8)],
                          "Text": ["Kap. 1.5", "x"]})
    page = html_table(frame, digits=4, percent=["share"], decimal_comma=True)._repr_html_()
    assert ">0,4500<" in page and ">0,1250<" in page and ">12,5%<" in page and ">100,0%<" in page
    assert ">12<" in page and ">9/20<" in page and ">Kap. 1.5<" in page
    assert ">0.4500<" in html_table(frame, digits=4)._repr_html_()
