"""Drawing a Beyond strategy tournament (:mod:`explorer.beyond.tournament`): standings with their
95% Wilson intervals, score distributions per strategy, and the head-to-head win shares.

``tournament_figure(result)`` draws all three (the standings above the scores, the head to head
beside them: a figure a notebook shows at full size); each ``plot_*`` draws one on a given axes
and returns the artists a test can read.  Every text is at least
:data:`~explorer.core.render_labels.MIN_FONT_SIZE` at the size the figure is shown (a wider figure
given by the caller gets larger fonts).
"""

from __future__ import annotations

import math

import numpy as np

from explorer.beyond.tournament import long_form
from explorer.core.display import figure_png, new_figure
from explorer.core.render_labels import notebook_scale
from explorer.core.render_labels import MIN_FONT_SIZE, display_scale

__all__ = ["plot_head_to_head", "plot_scores", "plot_standings", "tournament_figure", "tournament_png"]

BAR = "#2e86c1"


def _size(ax, base: float = MIN_FONT_SIZE) -> float:
    """``base`` points (at least the minimum) at the size the figure is shown: larger on a figure
    wider than a notebook's output area, which shrinks it (:func:`~explorer.core.render_labels.notebook_scale`:
    the lesson's 16 inches are shown at about 7.8)."""
    return max(base, MIN_FONT_SIZE) / min(notebook_scale(ax.figure), display_scale(ax.figure))


def _axis_fonts(ax) -> None:
    ax.tick_params(labelsize=_size(ax))
    ax.xaxis.label.set_fontsize(_size(ax, 9))
    ax.yaxis.label.set_fontsize(_size(ax, 9))
HALF = "#7f8c8d"


def plot_standings(standings, ax=None):
    """Horizontal bars of the win share per strategy (best on top) with the Wilson interval as
    error bars and a line at the fair share 1/2, each share and its number of games written right of
    the axes; returns ``(bars, errorbar)``."""
    if ax is None:
        ax = new_figure(6.0, 0.5 + 0.45 * max(1, len(standings))).add_subplot()
    frame = standings.iloc[::-1]
    ys = np.arange(len(frame))
    share = frame["win_share"].to_numpy(float)
    errors = np.vstack([share - frame["ci_low"].to_numpy(float), frame["ci_high"].to_numpy(float) - share])
    bars = ax.barh(ys, share, color=BAR, height=0.6)
    errorbar = ax.errorbar(share, ys, xerr=errors, fmt="none", ecolor="black", capsize=3, lw=1)
    for y, s, n in zip(ys, share, frame["games"]):
        # in a column of their own right of the axes, so that none touches a bar, an error bar or the
        # line at 1/2 whatever its size (a column inside the axes was overrun by the larger fonts of
        # a wide figure: "54% (n=300)" over its bar); the layout makes room for it
        ax.text(1.03, y, f"{s:.0%} (n={n})", transform=ax.get_yaxis_transform(), ha="left", va="center",
                fontsize=_size(ax), gid="standing")
    ax.axvline(0.5, color=HALF, ls="--", lw=1)
    ax.set_yticks(ys, list(frame["strategy"]))
    ax.set_xlim(0, 1)
    ax.set_xlabel("win share (ties shared),\n95% Wilson interval")  # two lines: clear of the next plot's
    _axis_fonts(ax)
    ax.set_title("Standings", fontsize=_size(ax, 10))
    return bars, errorbar


def plot_scores(games, ax=None, order=None):
    """Box plots of the final energy points per strategy (every seat of every game); returns the
    box plot's artist dict."""
    if ax is None:
        ax = new_figure().add_subplot()
    seats = long_form(games)
    order = list(order) if order is not None else sorted(set(seats["strategy"]))
    data = [seats.loc[seats["strategy"] == name, "score"].to_numpy(float) for name in order]
    boxes = ax.boxplot(data, orientation="horizontal", patch_artist=True, widths=0.6, showmeans=True,
                       medianprops={"color": "black"}, meanprops={"marker": "D", "markerfacecolor": "white",
                                                                  "markeredgecolor": "black", "markersize": 4})
    for patch in boxes["boxes"]:
        patch.set_facecolor("#aed6f1")
    ax.set_yticks(range(1, len(order) + 1), order)
    ax.set_xlabel("energy points at the end\n(diamond: mean)")
    _axis_fonts(ax)
    ax.set_title("Score distributions", fontsize=_size(ax, 10))
    return boxes


def plot_head_to_head(matrix, ax=None):
    """Heat map of the row strategy's win share against the column strategy, each cell labelled;
    returns the image."""
    if ax is None:
        ax = new_figure(5.0, 4.0).add_subplot()
    values = matrix.to_numpy(float)
    # cells as wide as the axes allow (not square): on a wide, low figure square cells were too narrow
    # for their numbers at a readable size
    image = ax.imshow(np.ma.masked_invalid(values), cmap="RdBu", vmin=0.0, vmax=1.0, aspect="auto")
    for (i, j), v in np.ndenumerate(values):
        if not math.isnan(v):
            ax.text(j, i, f"{v:.0%}", ha="center", va="center", fontsize=_size(ax),
                    color="white" if abs(v - 0.5) > 0.3 else "black")
    # upright names, read from below: a slanted name reached under its neighbour's column (full names,
    # never cut, whatever the width of a cell)
    ax.set_xticks(range(len(matrix.columns)), list(matrix.columns), rotation=90)
    ax.set_yticks(range(len(matrix.index)), list(matrix.index))
    ax.set_xlabel("against")
    _axis_fonts(ax)
    # above the colour bar's top tick label too, which reaches half a line above the axes
    ax.set_title("Head to head: row's win share", fontsize=_size(ax, 10), pad=0.75 * _size(ax))
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.ax.tick_params(labelsize=_size(ax))
    return image


GAP = 0.08
"""The space between the plots of a wide tournament figure, as a fraction of the plots' mean width."""


def tournament_figure(result, figure=None):
    """The three plots of a :class:`~explorer.beyond.tournament.TournamentResult` in one figure: the
    standings above the score distributions, the head-to-head matrix beside them (on a wide
    ``figure`` given: the three in a row; its fonts grow if it is wider than a notebook shows)."""
    standings = result.standings
    order = list(standings["strategy"])[::-1]
    rows = 0.5 + 0.42 * len(order)
    figure = figure or new_figure(9.0, 2.0 * rows + 1.6)
    width, height = figure.get_size_inches()
    if width / height > 2.2:  # a wide figure given: the three in a row
        engine = figure.get_layout_engine()
        if engine is not None and hasattr(engine, "set"):  # a gap between the plots: the standings' shares
            engine.set(wspace=GAP)                          # ran up to the score plot's names
        axes = dict(zip(("standings", "scores", "matrix"), figure.subplots(1, 3, width_ratios=[1.0, 0.8, 1.5])))
    else:
        axes = figure.subplot_mosaic([["standings", "matrix"], ["scores", "matrix"]], width_ratios=[1.0, 1.05])
    plot_standings(standings, axes["standings"])
    plot_scores(result.games, axes["scores"], order=order)
    plot_head_to_head(result.head_to_head, axes["matrix"])
    return figure


def tournament_png(result) -> bytes:
    return figure_png(tournament_figure(result))
