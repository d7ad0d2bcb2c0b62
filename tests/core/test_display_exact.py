"""Exact odds in tables (explorer/core/display.py ``html_table``): a Fraction of twenty digits a side
stays on one line.

behind-2003-rulebook.txt, "Melee Combat" (the fate numbers drawn decide a fight: the explorer gives
its odds exactly, as a Fraction): a column of exact fractions is a number column -- right-aligned,
never wrapped at its slash -- while a text column beside it still wraps between words.
"""

import re
from fractions import Fraction

import pandas as pd

from explorer.core.display import html_table


def _column_css(shown: str, uuid: str, column: int) -> str:
    rules = re.findall(r"#T_%s td\.col%d \{([^}]*)\}" % (uuid, column), shown)
    return " ".join(rules)


def test_a_long_exact_fraction_keeps_to_one_line():
    """"Melee Combat": an exact probability such as 12345678901234567890/98765432109876543211."""
    p = Fraction(12345678901234567890, 98765432109876543211)
    frame = pd.DataFrame({"outcome": ["the attacker wins the melee combat"], "exact": [p], "float": [float(p)]})
    table = html_table(frame, index=False)
    shown = table._repr_html_()
    uuid = re.search(r"#T_([0-9a-f]{10})", shown).group(1)
    exact = _column_css(shown, uuid, 1)
    assert "white-space: nowrap" in exact and "text-align: right" in exact
    assert "overflow-wrap" not in exact
    assert "white-space: normal" in _column_css(shown, uuid, 0)  # the words still wrap
    assert f">{p.numerator}/{p.denominator}<" in shown  # whole, no break point inside
    assert f"{p.numerator}/{p.denominator}" in repr(table)


def test_a_column_mixing_fractions_and_words_stays_text():
    """A column of words with a fraction among them is text (it wraps between words as before)."""
    frame = pd.DataFrame({"note": [Fraction(1, 3), "the defender dodges"]})
    shown = html_table(frame, index=False)._repr_html_()
    uuid = re.search(r"#T_([0-9a-f]{10})", shown).group(1)
    assert "white-space: nowrap" not in _column_css(shown, uuid, 0)
