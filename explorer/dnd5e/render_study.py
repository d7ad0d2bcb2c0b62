"""Plots of the simulated encounters of :mod:`explorer.dnd5e.study`, German labels.

* :func:`study_figure` -- one :class:`~explorer.dnd5e.study.Begegnungsstudie`: left the share of
  encounters each side won (and without winner) with its 95% Wilson interval as an error bar,
  "Siege / Begegnungen" written right of the interval; right the rounds' histogram, the mean and
  its interval marked (said in the legend under the axes, never over the bars).
* :func:`comparison_figure` -- a :class:`~explorer.dnd5e.study.Spielervergleich`: each player's
  share of the encounters won against the opponent, with its interval and the line at 1/2.

Each figure is :data:`~explorer.core.render_labels.NOTEBOOK_WIDTH` wide and every text at least
8 pt as shown (:func:`~explorer.core.render_labels.raise_to_notebook_minimum`).
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from explorer.core.display import figure_png, new_figure
from explorer.core.render_labels import NOTEBOOK_WIDTH, legend_below, notebook_font_size, raise_to_notebook_minimum
from explorer.dnd5e.whatif import zahl

SIDE_COLOURS = ("#2471a3", "#c0392b")
"""The first side (the Helden) blue, the second (the Monster) red."""
NONE_COLOUR = "#7d8c8d"
ROUNDS_COLOUR = "#5d6d7e"
MEAN_COLOUR = "#d68910"
TEXT_ROOM = 1.32
"""The share axis runs to this: room right of a full bar for its "Siege / Begegnungen" text."""


def _size(fig: Figure) -> float:
    return notebook_font_size(9.0, fig)


def _shares(ax, labels, shares, lows, highs, counts, colours, size: float) -> None:
    """Horizontal bars, first on top, each with its interval and its count written right of it."""
    ys = np.arange(len(labels))[::-1]
    shares = np.asarray(shares, float)
    errors = np.vstack([shares - np.asarray(lows, float), np.asarray(highs, float) - shares])
    ax.barh(ys, shares, color=colours, edgecolor="white", height=0.6)
    ax.errorbar(shares, ys, xerr=errors, fmt="none", ecolor="black", capsize=3, linewidth=1)
    for y, high, count in zip(ys, highs, counts):
        ax.text(float(high) + 0.03, y, count, va="center", ha="left", fontsize=size)
    ax.set_yticks(ys, labels, fontsize=size)
    ax.set_xlim(0, TEXT_ROOM)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0], ["0", "25 %", "50 %", "75 %", "100 %"], fontsize=size)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)


def study_figure(study) -> Figure:
    """Win shares with their intervals (left) and the rounds' histogram (right) of one study."""
    fig = new_figure(NOTEBOOK_WIDTH, 3.4)
    size = _size(fig)
    left, right = fig.subplots(1, 2, width_ratios=[1.15, 1])
    wins = study.siege
    labels = [f"{s} ({p})" if p else s for s, p in zip(wins["Seite"], wins["Spieler"])]
    colours = list(SIDE_COLOURS[:len(wins) - 1]) + [NONE_COLOUR]
    _shares(left, labels, wins["Anteil"], wins["untere"], wins["obere"],
            [f"{w} / {n}" for w, n in zip(wins["Siege"], wins["Begegnungen"])], colours, size)
    left.set_xlabel("Anteil gewonnen (95-%-Wilson-Intervall)", fontsize=size)
    spread = study.rundenverteilung
    right.bar(spread["Runde"], spread["Begegnungen"], color=ROUNDS_COLOUR, width=0.8)
    r = study.runden
    right.axvspan(r["untere"], r["obere"], color=MEAN_COLOUR, alpha=0.25, linewidth=0)
    right.axvline(r["mittel"], color=MEAN_COLOUR, linewidth=1.6)
    right.set_xlabel("Runde, in der die Begegnung endet", fontsize=size)
    right.set_ylabel("Begegnungen", fontsize=size)
    right.tick_params(labelsize=size)
    right.set_ylim(0, max(1, int(spread["Begegnungen"].max())) * 1.1)
    right.spines[["top", "right"]].set_visible(False)
    fig.canvas.draw()
    legend_below(right, [Line2D([], [], color=MEAN_COLOUR, linewidth=1.6,
                                label=f"Mittel {zahl(r['mittel'])}"),
                         Patch(color=MEAN_COLOUR, alpha=0.25,
                               label=f"95 %: {zahl(r['untere'])} bis {zahl(r['obere'])}")],
                 ncol=2, fontsize=size)
    fig.suptitle(study.title, fontsize=size + 1, x=0.01, ha="left")
    raise_to_notebook_minimum(fig)
    return fig


def comparison_figure(comparison) -> Figure:
    """Each player's share of the encounters won against the opponent, its interval and 1/2."""
    frame = comparison.frame
    fig = new_figure(NOTEBOOK_WIDTH, 0.55 * len(frame) + 1.6)
    size = _size(fig)
    ax = fig.add_subplot()
    colours = ["#1e8449", "#d68910", NONE_COLOUR, "#7d3c98", "#2471a3"] * 2
    _shares(ax, list(frame["Spieler"]), frame["Anteil"], frame["untere"], frame["obere"],
            [f"{w} / {n}" for w, n in zip(frame["Siege"], frame["Begegnungen"])],
            colours[:len(frame)], size)
    ax.axvline(0.5, color="#333333", linewidth=1.0, linestyle="--")
    ax.set_xlabel(f"Anteil der Begegnungen gewonnen gegen {comparison.gegner} (95-%-Wilson-Intervall; "
                  f"gestrichelt: 1/2)", fontsize=size)
    fig.suptitle(comparison.title, fontsize=size + 1, x=0.01, ha="left")
    raise_to_notebook_minimum(fig)
    return fig


def figure(result) -> Figure:
    """The figure of a study or a comparison of :mod:`explorer.dnd5e.study`."""
    from explorer.dnd5e.study import Begegnungsstudie, Spielervergleich

    if isinstance(result, Begegnungsstudie):
        return study_figure(result)
    if isinstance(result, Spielervergleich):
        return comparison_figure(result)
    raise ValueError(f"not a study of explorer.dnd5e.study: {result!r}")


def png(result) -> bytes:
    """The figure as PNG bytes."""
    return figure_png(figure(result))


__all__ = ["comparison_figure", "figure", "png", "study_figure"]
