"""The rulings-comparison picture reads at the size JupyterLab shows it (issue 11): every text,
the "A -> B (B - A)" column included, at least 8 pt there, nothing over anything else.

The case is lesson 3's (notebooks/behind/03_melee_and_ranged_odds.ipynb, cell 16): the ruling
``behind.assisted-damage`` (behind-2003-rulebook.txt, "Melee Combat (Nahkampf)": "his player may
choose an enemy character participating in the fight who receives the damage").
"""

from __future__ import annotations

from functools import partial

import matplotlib

matplotlib.use("Agg")  # noqa: E402 -- before any figure is drawn

import pytest

from explorer.behind import melee_odds
from explorer.behind.data import load_characters, load_decks
from explorer.core import compare_rulings
from explorer.core.render_compare import plot_rulings_comparison
from explorer.core.render_labels import MIN_FONT_SIZE, label_collisions, notebook_scale, renderer_of, texts_of

HEADLINE = ["P(attacker injured)", "E[attacker injuries]", "P(defender injured)", "E[defender injuries]", "P(tie)"]


def outside_the_figure(figure) -> list[str]:
    """The texts of ``figure`` reaching past its edge (cut off in the PNG)."""
    renderer = renderer_of(figure)
    page = figure.bbox
    return [t.get_text() for t in texts_of(figure)
            if not page.padded(0.5).contains(*t.get_window_extent(renderer).p0)
            or not page.padded(0.5).contains(*t.get_window_extent(renderer).p1)]


@pytest.fixture(scope="module")
def who_pays():
    """Sahra Jeanette attacks Ludwig von Auenstedt assisted by Seherin Ilse, under the default ruling
    and with the attacker paying a failed attack's damage."""
    characters, decks = load_characters(), load_decks()
    sisters, vampires = decks["schwesternbund"], decks["vampire"]
    attack = partial(melee_odds, characters["sahra-jeanette"], characters["ludwig-von-auenstedt"],
                     attacker_supply=list(sisters.cards), defender_supply=list(vampires.cards),
                     assistants=[characters["seherin-ilse"]])
    return compare_rulings(attack, b={"behind.assisted-damage": "attacker"})


def test_lesson_3_comparison_reads_as_shown(who_pays):
    """behind-2003-rulebook.txt, "Melee Combat (Nahkampf)": lesson 3's chart of the headline figures
    has no text under 8 pt as JupyterLab shows it (the differences were 7.7 pt) and none over another."""
    ax = plot_rulings_comparison(who_pays, figures=HEADLINE)
    figure = ax.figure
    assert label_collisions(figure, inside=False) == []  # the numbers stand right of the axes, by design
    assert outside_the_figure(figure) == []
    differences = [t for axes in figure.axes for t in axes.texts if t.get_gid() in ("difference", "difference-header")]
    assert len(differences) == len(HEADLINE) + 1
    assert min(t.get_fontsize() for t in differences) * notebook_scale(figure) >= MIN_FONT_SIZE - 1e-6


def test_every_outcome_reads_as_shown(who_pays):
    """behind-2003-rulebook.txt, "Melee Combat (Nahkampf)": the chart of every figure that changes
    reads cleanly as well."""
    ax = plot_rulings_comparison(who_pays, changed_only=True)
    assert label_collisions(ax.figure, inside=False) == [] and outside_the_figure(ax.figure) == []


def test_expectations_are_not_drawn_on_the_probability_axis(who_pays):
    """Issue 11 (lesson 3, cell 10): E[attacker injuries] and E[defender injuries] were hatched bars running
    to the end of the 0..0.8 probability axis (0.0757 filled its whole width), read as the biggest numbers.
    The probabilities have their axis; the expected numbers a panel of their own below it, whose axis
    says it is not a probability."""
    ax = plot_rulings_comparison(who_pays, figures=HEADLINE)
    figure = ax.figure
    assert len(figure.axes) == 2 and figure.axes[0] is ax
    top, bottom = figure.axes
    names = [[t.get_text() for t in panel.get_yticklabels()] for panel in (top, bottom)]
    assert names == [[n for n in HEADLINE if n.startswith("P(")], [n for n in HEADLINE if n.startswith("E[")]]
    assert top.get_xlabel() == "probability / share"
    assert "probability" not in bottom.get_xlabel() and "%" in bottom.get_xlabel()
    assert bottom.get_position().y1 < top.get_position().y0  # below it
    expected = who_pays.frame.loc["E[defender injuries]"]
    bars = {(p.get_gid(), round(p.get_y() + p.get_height() / 2)): p.get_width() for p in bottom.patches
            if p.get_gid() in ("bar-a", "bar-b")}
    assert bars[("bar-b", 1)] == pytest.approx(1.0)  # relative to the larger of its pair, not a probability
    assert f"{expected[who_pays.labels[0]]:.2f}" in " ".join(t.get_text() for t in bottom.texts)  # two decimals


def test_each_quantity_is_written_in_one_precision(who_pays):
    """behind-2003-rulebook.txt, "Melee Combat (Nahkampf)": the numbers beside lesson 3's bars mixed
    precisions ("0.724 → 0.625 (-0.0991)", "0.0757 → 0.0757 (±0)", "3.23 → 1.42 (-1.81)").  A probability
    reads in per cent to one decimal, its change in percentage points; an expectation to two decimals."""
    ax = plot_rulings_comparison(who_pays, figures=HEADLINE)
    notes = {t.get_text() for axes in ax.figure.axes for t in axes.texts if t.get_gid() == "difference"}
    assert "72.4% → 62.5%  (−9.9 points)" in notes
    assert "3.23 → 1.42  (−1.81)" in notes
    assert "0.08 → 0.08  (±0)" in notes
    assert "6.9% → 6.9%  (±0)" in notes


def test_a_small_chance_or_change_never_reads_as_nothing():
    """A chance that is neither 0 nor 1 never reads "0.0%" or "100.0%", nor a change "±0" or "+0.0"."""
    from explorer.core.render_compare import _difference, _number

    assert [_number(v, "probability") for v in (0, 1, 0.0004, 0.9996, 0.7239)] == ["0%", "100%", "<0.1%", ">99.9%",
                                                                                   "72.4%"]
    assert [_difference(v, "share") for v in (0.0, 0.0003, -0.0991)] == ["±0", "+<0.1 points", "−9.9 points"]
    assert [_number(v, "value") for v in (0, 0.0757, 0.001, -3.2325)] == ["0", "0.08", "<0.01", "−3.23"]
    assert [_difference(v, "value") for v in (0.0, -1.809, 0.002)] == ["±0", "−1.81", "+<0.01"]
