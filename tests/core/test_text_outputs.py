"""Text outputs read cleanly (issue 11): citations quote a section once, the rulings table holds every
choice in full and wraps, tables never print "-0.000" and show as HTML with a plain-text twin."""

import html
import importlib
import re

import pandas as pd
import pytest

from explorer.core.display import HtmlTable, html_table, number_text
from explorer.core.rules import RuleRef, RuleViolation
from explorer.core.rulings import rulings_for, rulings_html, rulings_table
from explorer.core.systems import load_all

SYSTEMS = sorted(load_all())


def every_rule_ref():
    refs = []
    for system in SYSTEMS:
        module = importlib.import_module(f"explorer.{system}.refs")
        refs += [(f"{system}.{name}", ref) for name, ref in vars(module).items() if isinstance(ref, RuleRef)]
    refs += [(ruling.id, ruling.source) for ruling in rulings_for()]
    return refs


REFS = every_rule_ref()


def test_every_system_has_rule_refs():
    assert {name.split(".")[0] for name, _ in REFS} >= set(SYSTEMS)


@pytest.mark.parametrize("name, ref", REFS, ids=[name for name, _ in REFS])
def test_a_citation_quotes_its_section_once(name, ref):
    text = str(ref)
    assert '""' not in text, text
    assert text.count('"') % 2 == 0, text
    word = "Abschnitt" if name.startswith("dnd5e.") else "section"  # D&D cites in German, as its UI reads
    assert text.startswith(f"{ref.rulebook}, {word} "), text
    assert ref.section in text
    assert '""' not in str(RuleViolation("refused", ref))


def test_a_section_that_quotes_itself_is_not_quoted_again():
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): the heading is itself a quote."""
    from explorer.behind import refs

    assert str(refs.UNSER_REVIER) == 'behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!")'
    assert str(refs.MOVEMENT) == 'behind-2003-rulebook.txt, section "Movement"'


def _text(markup: str) -> str:
    """What a reader sees of some HTML: tags dropped, entities read, white space collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup.replace("<wbr>", ""))).split())


@pytest.mark.parametrize("system", [None, *SYSTEMS])
def test_the_rulings_table_holds_every_choice_quote_and_source_in_full(system):
    markup = rulings_html(system)
    shown = _text(markup)
    rulings = rulings_for(system)
    assert rulings and markup.count("<details>") == len(rulings)
    for ruling in rulings:
        assert " ".join(ruling.choice.split()) in shown, ruling.id
        assert " ".join(ruling.quote.split()) in shown, ruling.id
        assert str(ruling.source) in shown, ruling.id
        assert ruling.id in shown


def test_the_rulings_table_wraps_and_shows_a_short_choice_first():
    markup = rulings_html("behind")
    assert "white-space: normal" in markup and "max-width" in markup
    assert "word-break: normal" in markup and "overflow-wrap: break-word" in markup and "anywhere" not in markup
    assert "overflow-x: auto" in markup  # a table wider than the output area scrolls in its box
    assert "<code>behind.<wbr>" in markup  # an id wraps after its dot, never inside a word
    # cells read left-aligned in JupyterLab too: its output CSS right-aligns cells with a (0,2,1) selector
    assert re.search(r"div\.explorer-rulings-box table\.explorer-rulings td \{[^}]*text-align: left", markup)
    summaries = re.findall(r"<summary>(.*?)</summary>", markup)
    assert summaries and max(len(html.unescape(s)) for s in summaries) <= 112
    table = rulings_table("behind")
    assert table._repr_html_() == markup
    assert len(table.frame) == len(table.rulings) and not re.search("0x[0-9a-f]{6,}", repr(table))


def test_numbers_never_read_minus_zero():
    assert number_text(-0.0) == "0.000"
    assert number_text(-0.00001, 4) == "0.0000"
    assert number_text(-0.0004) == "0.000" and number_text(-0.0006) == "-0.001"
    assert number_text(1.23456) == "1.235" and number_text(7) == "7" and number_text(float("nan")) == ""
    from fractions import Fraction

    assert number_text(Fraction(15, 79)) == "15/79"


def test_an_html_table_shows_every_cell_as_html_and_as_text():
    frame = pd.DataFrame({"strategy": ["optimal", "a long strategy name " * 4], "share": [0.75, -0.00001],
                          "games": [300, 300]})
    table = html_table(frame, index=False, caption="standings")
    assert isinstance(table, HtmlTable)
    markup = table._repr_html_()
    for cell in ("optimal", "0.750", "0.000", "300", "standings"):
        assert cell in markup
    assert "-0.000" not in markup and "-0.000" not in repr(table)
    assert "white-space: normal" in markup  # the text column wraps
    assert "word-break: normal" in markup and "overflow-wrap: break-word" in markup  # between words only
    assert markup == html_table(frame, index=False, caption="standings")._repr_html_()  # stored outputs compare
    text = repr(table)
    assert not re.search("0x[0-9a-f]{6,}", text) and text.splitlines()[0] == "standings" and "0.750" in text


def test_pixels_png_encodes_a_buffer_as_it_is_and_refuses_a_wrong_shape():
    """One PNG encoder for every live picture (panels, replay frames): RGB stays RGB, RGBA loses its
    alpha unless asked, a canvas's buffer is read without drawing, a wrong array is a clear error."""
    import io

    import numpy as np
    import pytest
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from PIL import Image

    from explorer.core.display import new_figure, pixels_png

    rgb = np.zeros((4, 6, 3), dtype=np.uint8)
    rgb[1, 2] = (255, 0, 0)
    decoded = Image.open(io.BytesIO(pixels_png(rgb)))
    assert decoded.size == (6, 4) and decoded.mode == "RGB" and decoded.getpixel((2, 1)) == (255, 0, 0)
    rgba = np.dstack([rgb, np.full((4, 6), 128, dtype=np.uint8)])
    assert Image.open(io.BytesIO(pixels_png(rgba))).mode == "RGB"
    assert Image.open(io.BytesIO(pixels_png(rgba, alpha=True))).mode == "RGBA"
    figure = new_figure(1.0, 0.5, dpi=50)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    assert Image.open(io.BytesIO(pixels_png(canvas))).size == (50, 25)
    with pytest.raises(ValueError, match="RGB or RGBA"):
        pixels_png(np.zeros((4, 6)))


def test_a_small_probability_is_never_shown_as_zero():
    """Issue 11: the odds tables showed 0.0000 for outcomes that can happen (behind-2003-rulebook.txt,
    "Melee Combat (Nahkampf)": a defender's 10 injuries, 11/49898940)."""
    from explorer.core.display import probability_text

    assert probability_text(11 / 49898940) == "<0.0001"
    assert probability_text(0.0) == "0.0000" and probability_text(0.00006) == "0.0001"
    assert probability_text(0.7082) == "0.7082" and probability_text(0.5, digits=2) == "0.50"


@pytest.mark.parametrize("system", [None, *SYSTEMS])
def test_the_rulings_table_fits_the_narrowest_output_area_with_each_default_in_bold(system):
    """docs/panel-layout.md: a table fits 590 px without scrolling -- the default sits in the switch
    column, in bold (a column of its own made the start notebook's table 650 px wide)."""
    from explorer.core.panels.layout import NARROWEST, table_min_width

    markup = rulings_html(system)
    assert table_min_width(markup) <= NARROWEST
    for ruling in rulings_for(system):
        assert f"<b>{_token_html(repr(ruling.default) if ruling.options is None or ruling.numeric else str(ruling.default))}</b>" in markup, ruling.id


def _token_html(text: str) -> str:
    from explorer.core.rulings import _token

    return _token(text)
