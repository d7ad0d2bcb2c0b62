"""The odds charts of lesson 3 (notebooks/behind/03_melee_and_ranged_odds.ipynb) read at the size
JupyterLab shows them (issue 11): every text at least 8 pt there (the heat maps' cell numbers were
7.5 pt), nothing over anything else -- :func:`explorer.core.render_labels.label_collisions`."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")  # noqa: E402 -- before any figure is drawn

from matplotlib.figure import Figure

from explorer.behind import melee_odds
from explorer.behind.data import load_characters, load_decks
from explorer.behind.render_odds import plot_comparison, plot_heatmap, plot_odds
from explorer.behind.sweeps import character_matrix, strength_resistance_sweep
from explorer.core.render_labels import label_collisions

DECKS = load_decks()
VAMPIRES, SISTERS = DECKS["vampire"], DECKS["schwesternbund"]


def lesson_axes(width: float, height: float):
    """Axes on a figure as ``plt.subplots(figsize=...)`` makes it in the lesson (100 dpi, no layout)."""
    return Figure(figsize=(width, height), dpi=100).add_subplot()


def test_lesson_3_character_matrix_reads_as_shown():
    """Lesson 3, cell 24 (behind-2003-rulebook.txt, "Melee Combat (Nahkampf)"): the Vampires against
    the Sisterhood, P(defender injured) in each cell."""
    matrix = character_matrix(VAMPIRES, SISTERS)
    ax = plot_heatmap(matrix, ax=lesson_axes(8, 3.2), title="P(defender injured): the Vampires attack the Sisterhood")
    assert label_collisions(ax.figure) == []


def test_lesson_3_strength_resistance_sweep_reads_as_shown():
    """Lesson 3, cell 22 (behind-2003-rulebook.txt, "Melee Combat (Nahkampf)"): Strength 0-8 against
    Resistance 1-4."""
    deck = list(VAMPIRES.cards)
    grid = strength_resistance_sweep(deck, deck, strengths=range(0, 9), resistances=range(1, 5), defender_strength=2)
    ax = plot_heatmap(grid, ax=lesson_axes(6, 4), title="P(defender injured), Vampire deck, defender Strength 2")
    assert label_collisions(ax.figure) == []


def test_odds_bars_read_as_shown():
    """behind-2003-rulebook.txt, "Melee Combat (Nahkampf)": Ludwig von Auenstedt against Sahra
    Jeanette, alone and assisted, as plot_odds and plot_comparison draw them on their own figures."""
    characters = load_characters()
    ludwig, sahra = characters["ludwig-von-auenstedt"], characters["sahra-jeanette"]
    question = dict(attacker_supply=list(VAMPIRES.cards), defender_supply=list(SISTERS.cards), hand_size=5)
    alone = melee_odds(ludwig, sahra, **question)
    assisted = melee_odds(ludwig, sahra, assistants=[characters[VAMPIRES.characters[1].id]], **question)
    assert label_collisions(plot_odds(alone).figure) == []
    assert label_collisions(plot_comparison(alone.compare(assisted, ("alone", "assisted"))).figure) == []


def _sahra_attacks_ludwig():
    characters = load_characters()
    ludwig, sahra = characters["ludwig-von-auenstedt"], characters["sahra-jeanette"]
    question = dict(attacker_supply=list(SISTERS.cards), defender_supply=list(VAMPIRES.cards), hand_size=5)
    alone = melee_odds(sahra, ludwig, **question)
    assisted = melee_odds(sahra, ludwig, assistants=[characters[SISTERS.characters[1].id]], **question)
    return alone, assisted


def test_comparison_colours_each_side_by_its_society_as_the_other_charts_do():
    """behind-2003-rulebook.txt, "Melee Combat (Nahkampf)": Sahra Jeanette (Schwesternbund) attacks Ludwig
    von Auenstedt (Vampire): the outcomes where the attacker loses are Schwesternbund blue, the defender's
    Vampire red -- as plot_odds colours them -- in plot_comparison (its background and the words saying
    which colour is which) and in the panel's ComparisonChart (bars and ticks)."""
    from matplotlib.colors import to_rgba

    from explorer.behind.palette import SOCIETY_COLOURS
    from explorer.behind.render_odds import ComparisonChart

    blue, red = to_rgba(SOCIETY_COLOURS["Schwesternbund"]), to_rgba(SOCIETY_COLOURS["Vampire"])
    alone, assisted = _sahra_attacks_ludwig()
    comparison = alone.compare(assisted, ("alone", "assisted"))
    ax = plot_comparison(comparison)
    spans = ax.patches[-len(comparison.frame):]
    for (loser, _), span in zip(comparison.frame.index, spans):
        if loser in ("attacker", "defender"):
            assert span.get_facecolor()[:3] == (blue if loser == "attacker" else red)[:3], loser
    label = ax.get_xlabel()
    assert "blue attacker (Sahra Jeanette) loses" in label and "red defender (Ludwig von Auenstedt) loses" in label
    assert label_collisions(ax.figure) == []

    chart = ComparisonChart(("alone", "assisted"), "melee")
    chart.update(alone, assisted)
    for bars in (*chart.bars.values(), chart.difference_bars):
        for (loser, _), bar in zip(chart.slots, bars):
            if loser in ("attacker", "defender"):
                assert bar.get_facecolor()[:3] == (blue if loser == "attacker" else red)[:3], loser
    for ax in (*chart.axes.values(), chart.difference_axes):
        for (loser, _), tick in zip(chart.slots, ax.get_xticklabels()):
            if loser == "attacker":
                assert to_rgba(tick.get_color())[:3] == blue[:3]


def test_a_change_is_written_clear_of_its_bar():
    """Lesson 3's "rear arc minus front" (issue 11): the values of the negative bars ("-1.9", "-3.0") sat on
    the bars' lower edge.  Every value of the difference stands clear of its own bar, above a rise and
    below a fall (behind-2003-rulebook.txt, "Melee Combat (Nahkampf)")."""
    from explorer.behind.render_odds import ComparisonChart

    alone, assisted = _sahra_attacks_ludwig()
    chart = ComparisonChart(("alone", "assisted"), "melee", layout="narrow")
    chart.update(alone, assisted)
    chart.png()
    renderer = chart.figure.canvas.get_renderer()
    written = [(bar, text) for bar, text in zip(chart.difference_bars, chart.difference_texts) if text.get_text()]
    assert any(bar.get_height() < 0 for bar, _ in written) and any(bar.get_height() > 0 for bar, _ in written)
    for bar, text in written:
        box, end = text.get_window_extent(renderer), bar.get_window_extent(renderer)
        if bar.get_height() < 0:
            assert box.y1 < end.y0 - 1, (text.get_text(), box, end)
        else:
            assert box.y0 > end.y1 + 1, (text.get_text(), box, end)
