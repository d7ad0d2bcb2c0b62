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
