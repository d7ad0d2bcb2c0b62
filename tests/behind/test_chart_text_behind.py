"""Behind's charts read at the size they are shown (issue 11: a minimum text size, no text over
another, legends clear of the data, every text inside the picture), built from real data as the
panels and the lessons build them:

* the odds comparison's chart (:class:`~explorer.behind.panels.panel_compare.ComparisonPanel`, its
  picture shown at its own pixel width, 580 px narrow, 760 px wide);
* the melee and ranged odds panels' chart (:class:`~explorer.behind.panels.panel_figures.SlotChart`,
  shown at its 540 px);
* lesson 7's deck study charts (``notebooks/behind/07_deck_study.ipynb``, the notebook's figure sizes;
  an ``Image`` is shrunk to a notebook's output area, :data:`NOTEBOOK_WIDTH`).

The pictures go to ``/tmp/h/charts`` (:data:`CHARTS`) to be looked at.
"""

from __future__ import annotations

import pytest

from explorer.behind import load_decks, study
from explorer.behind.panels.panel_compare import ComparisonPanel
from explorer.behind.panels.panel_figures import SlotChart
from explorer.behind.panels.panel_odds import MeleeOddsPanel, RangedOddsPanel
from explorer.behind.render_study import (new_grid, png, plot_card_values, plot_first_deaths, plot_melee_grid,
                                          plot_per_game, plot_turns, plot_win_rates, plot_win_rates_by)
from tests.core.test_chart_text_checks import NOTEBOOK_WIDTH, assert_readable, text_problems

SITUATIONS = {
    "default": {},
    "assisted": "Schwester Agathe (Bündnis 3) helps B from the rear arc, B's attacker plays a 9",
}


def _compare_panel(narrow: bool, name: str) -> ComparisonPanel:
    panel = ComparisonPanel(interactive=False, narrow=narrow)
    if name == "assisted":  # the tallest labels there are: a 98 % bar, a +66 pp difference
        panel.second.assistant.value = "Schwester Agathe"
        panel.second.buendnis.value = 3
        panel.second.attacker_hand.value = "9"
    return panel


@pytest.mark.parametrize("narrow", [True, False], ids=["narrow", "wide"])
@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_the_comparison_chart_reads_at_the_width_the_panel_shows_it(narrow, situation):
    """The panel's picture is shown at the chart's own pixel width (``layout.picture``): its text is
    measured there, at 100 px a display inch -- 8 pt drawn at 80 dpi would show as 6.4 pt."""
    panel = _compare_panel(narrow, situation)
    chart = panel.chart
    shown = chart.pixel_size[0]
    assert panel.figure_widget.layout.width == f"{shown}px"
    chart.render()
    assert_readable(chart.figure, f"compare_{'narrow' if narrow else 'wide'}_{situation}", shown)


def test_the_comparison_chart_labels_every_bar_clear_of_its_neighbours_in_every_step():
    """A sweep of the shared sliders: in every situation the bars' labels stay apart (the bars are
    about 26 px apart in the narrow chart)."""
    panel = ComparisonPanel(interactive=False)
    seen = 0
    for strength in (1, 3, 5):
        for resistance in (1, 3, 5):
            panel.attacker.strength.value = strength
            panel.defender.resistance.value = resistance
            panel.chart.render()
            problems = text_problems(panel.chart.figure, panel.chart.pixel_size[0])
            assert not problems["overlapping"], (strength, resistance, problems["overlapping"])
            assert not problems["outside"], (strength, resistance, problems["outside"])
            seen += 1
    assert seen == 9 and panel.updates >= 9


@pytest.mark.parametrize("panel_class", [MeleeOddsPanel, RangedOddsPanel], ids=["melee", "ranged"])
def test_the_odds_panels_chart_reads_at_the_width_the_panel_shows_it(panel_class):
    panel = panel_class()
    view = next(value for value in vars(panel).values() if hasattr(value, "chart_of"))
    chart = next(iter(view._charts.values()))
    assert isinstance(chart, SlotChart)
    shown = chart.pixel_size[0]
    assert view.chart.layout.width == f"{shown}px"
    chart.render()
    assert_readable(chart.figure, f"slot_chart_{chart.kind}", shown)


# -- lesson 7, the deck study ----------------------------------------------------------------------
GAMES, SEED = 24, 2024
"""Fewer games than the lesson's 120 (the same seed): the charts' shapes, not its numbers, matter here."""


@pytest.fixture(scope="module")
def decks():
    return load_decks()


@pytest.fixture(scope="module")
def runs(decks):
    from explorer.behind.simulate import simulate

    return simulate(GAMES, [decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=SEED,
                    players="greedy", progress=False)


def _shown(figure) -> None:
    """As the lesson shows it: :func:`~explorer.behind.render_study.image` (``png``)."""
    png(figure)


def test_lesson_7_game_length_and_injuries_dealt_legends_clear_of_the_bars(runs):
    """The lesson's 11 x 3.4 inch grid: the legends (the means in them) must not cover a bar."""
    axes = new_grid(1, 2, 11, 3.4).ravel()
    plot_turns(runs, ax=axes[0], title="Game length")
    plot_per_game(runs, "injuries_dealt", ax=axes[1], title="Injuries dealt per game")
    _shown(axes[0].figure)
    assert_readable(axes[0].figure, "study_turns_injuries", NOTEBOOK_WIDTH)


def test_lesson_7_win_shares_read(runs):
    figure = plot_win_rates(study.win_rates(runs), title=f"Vampire vs Schwesternbund, greedy players, {GAMES} games").figure
    _shown(figure)
    assert_readable(figure, "study_win_rates", NOTEBOOK_WIDTH)
    figure = plot_win_rates_by(study.win_rates(runs, by="first_player"), "first_player", label="begins",
                               title="Win shares by who began").figure
    _shown(figure)
    assert_readable(figure, "study_win_rates_by", NOTEBOOK_WIDTH)


def test_lesson_7_first_deaths_read(runs, decks):
    deaths = study.first_deaths(runs, [decks["vampire"], decks["schwesternbund"]])
    figure = plot_first_deaths(deaths, title="Eliminated first (solid, 95% interval) and at all (hatched)").figure
    _shown(figure)
    assert_readable(figure, "study_first_deaths", NOTEBOOK_WIDTH)


def _slanted_ticks(a, b) -> bool:
    """Two slanted tick labels of one axis: their axis-aligned boxes overlap although the texts do
    not (their ends are checked instead)."""
    return a.get_rotation() % 90 != 0 and b.get_rotation() % 90 != 0 and a.axes is b.axes


def test_lesson_7_melee_grids_show_full_names_readably(decks):
    """The lesson's 12.5 x 3.6 inch pair of heat maps: every character's full name (wrapped, never
    cut), the cells' numbers readable at the notebook's width, the slanted names' ends a line apart."""
    vampire, sisters = decks["vampire"], decks["schwesternbund"]
    axes = new_grid(1, 2, 12.5, 3.6).ravel()
    plot_melee_grid(study.grid(study.melee_matrix(vampire, sisters)), ax=axes[0], title="Vampires attack")
    plot_melee_grid(study.grid(study.melee_matrix(sisters, vampire)), ax=axes[1], title="Sisters attack")
    figure = axes[0].figure
    _shown(figure)
    renderer = figure._get_renderer()
    for ax, (rows, columns) in zip(axes, ((vampire, sisters), (sisters, vampire))):
        full = lambda labels: [" ".join(t.get_text().replace("-\n", "").split()) for t in labels]  # noqa: E731
        assert full(ax.get_yticklabels()) == [c.name for c in rows.characters]
        assert full(ax.get_xticklabels()) == [c.name for c in columns.characters]
        ends = [t.get_window_extent(renderer).x1 for t in ax.get_xticklabels()]
        line = ax.get_xticklabels()[0].get_fontsize() * figure.dpi / 72
        assert all(b - a >= 1.2 * line for a, b in zip(ends, ends[1:])), ends
    assert_readable(figure, "study_melee_grids", NOTEBOOK_WIDTH, ignore_overlap=_slanted_ticks)


def test_lesson_7_card_values_read(decks):
    figure = plot_card_values(study.card_values([decks["vampire"], decks["schwesternbund"]]),
                              title="Combat values of the action cards").figure
    _shown(figure)
    assert_readable(figure, "study_card_values", NOTEBOOK_WIDTH)
