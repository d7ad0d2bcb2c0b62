"""The strategy tournament's figure reads as lesson 3 shows it (notebooks/beyond/03_strategy_tournament.ipynb,
cell 11; issue 11): the standings' "share (n=games)" clear of every bar, error bar and the line at 1/2,
every text at least 8 pt as JupyterLab shows the picture, nothing over anything else.

The shares are those of the shipped round robin (beyond-rulebook.txt, "End of the Game - Counting
Energy Points": the winner has the most energy points)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")  # noqa: E402 -- before any figure is drawn

import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from explorer.beyond.render_tournament import tournament_figure
from explorer.beyond.tournament import shipped_round_robin
from explorer.core.display import figure_png
from explorer.core.render_labels import label_collisions, renderer_of


@pytest.fixture(scope="module")
def result():
    return shipped_round_robin()


@pytest.mark.parametrize("wide", [False, True], ids=["default", "lesson-16in"])
def test_tournament_figure_reads_as_shown(result, wide):
    """beyond-rulebook.txt, "End of the Game - Counting Energy Points": the lesson's 16 x 4.8 inch
    figure (its fonts grow) and the default one; "54% (n=300)" stood over risk-0.3's bar."""
    figure = tournament_figure(result, Figure(figsize=(16, 4.8), layout="constrained") if wide else None)
    figure_png(figure)
    standings = next(ax for ax in figure.axes if ax.get_title() == "Standings")
    bars = tuple(p for p in standings.patches if isinstance(p, Rectangle))
    assert label_collisions(figure, inside=False, obstacles=bars) == []  # the shares stand right of the axes
    renderer = renderer_of(figure)
    written = [t for t in standings.texts if t.get_gid() == "standing"]
    assert [t.get_text() for t in written] == [f"{s:.0%} (n={n})" for s, n in
                                              zip(result.standings["win_share"][::-1], result.standings["games"][::-1])]
    assert all(t.get_window_extent(renderer).x0 > standings.bbox.x1 for t in written)  # clear of the error bars
    assert all(figure.bbox.contains(*t.get_window_extent(renderer).p1) for t in written)  # not cut off


def test_the_shares_keep_clear_of_the_next_plots_names(result):
    """Lesson 3's 16 x 4.8 inch figure (issue 11): the standings' "75% (n=300)" ran up to the score plot's
    "optimal" (11 px apart).  Between the widest share and the next plot's widest name there is at least a
    quarter of an inch."""
    figure = tournament_figure(result, Figure(figsize=(16, 4.8), layout="constrained"))
    figure_png(figure)
    renderer = renderer_of(figure)
    standings = next(ax for ax in figure.axes if ax.get_title() == "Standings")
    scores = next(ax for ax in figure.axes if ax.get_title() == "Score distributions")
    right = max(t.get_window_extent(renderer).x1 for t in standings.texts if t.get_gid() == "standing")
    left = min(t.get_window_extent(renderer).x0 for t in scores.get_yticklabels())
    assert left - right >= 0.25 * figure.dpi, (left, right)  # 11 px before: they read as one line
