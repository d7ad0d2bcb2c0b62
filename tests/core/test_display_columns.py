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
