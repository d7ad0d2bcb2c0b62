"""Plots of the what-if studies of :mod:`explorer.dnd5e.whatif`: one figure per study, German labels.

Each figure is :data:`~explorer.core.render_labels.NOTEBOOK_WIDTH` wide (a notebook shows it at its
size), its legends under the axes (:func:`~explorer.core.render_labels.legend_below`: never over the
curves or the axis labels), and every text at least 8 pt as shown
(:func:`~explorer.core.render_labels.raise_to_notebook_minimum`).
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from explorer.core.display import figure_png, new_figure
from explorer.core.render_labels import NOTEBOOK_WIDTH, legend_below, notebook_font_size, raise_to_notebook_minimum
from explorer.dnd5e.whatif import prozent, zahl

OPTION_COLOURS = ("#2471a3", "#c0392b", "#7d8c8d")
"""First option blue, second red, third grey."""
DEGREE_COLOURS = {"keine Deckung": "#2471a3", "halbe Deckung (+2)": "#d68910", "Dreivierteldeckung (+5)": "#7d3c98"}
TAKEN, DEALT = "#c0392b", "#2471a3"
HEIGHT = 3.6
TAIL_PERCENT = 0.5
"""The damage-taken curves are drawn as far as P(Schaden >= x) is at least this (%)."""


def _text_size(fig: Figure) -> float:
    return notebook_font_size(9.0, fig)


def _style(ax, xlabel: str, ylabel: str, size: float) -> None:
    ax.set_xlabel(xlabel, fontsize=size)
    ax.set_ylabel(ylabel, fontsize=size)
    ax.tick_params(labelsize=size)
    ax.grid(color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)


def _finish(fig: Figure, title: str, size: float) -> Figure:
    fig.suptitle(title, fontsize=size + 1, x=0.01, ha="left")
    raise_to_notebook_minimum(fig)
    return fig


def _floats(values) -> list[float]:
    return [float(v) for v in values]


# -- 1. Helfen --------------------------------------------------------------------------------------

def helfen_figure(study) -> Figure:
    """Left: P(mind. ein Treffer) and P(0 TP) over RK, per option; right: the expected damage."""
    fig = new_figure(NOTEBOOK_WIDTH, HEIGHT)
    size = _text_size(fig)
    left, right = fig.subplots(1, 2)
    frame = study.frame
    options = list(dict.fromkeys(frame["Option"]))
    for colour, option in zip(OPTION_COLOURS, options):
        rows = frame[frame["Option"] == option]
        left.plot(rows["RK"], rows["P(mind. ein Treffer) %"], color=colour, marker="o", markersize=3)
        left.plot(rows["RK"], rows["P(0 TP) %"], color=colour, linestyle="--", marker="s", markersize=3)
        right.plot(rows["RK"], _floats(rows["Schaden erwartet"]), color=colour, marker="o", markersize=3)
    left.set_ylim(0, 100)
    right.set_ylim(0, None)
    _style(left, "RK des Ziels", "Wahrscheinlichkeit (%)", size)
    _style(right, "RK des Ziels", "erwarteter Schaden", size)
    fig.canvas.draw()
    kinds = [Line2D([], [], color="#444444", marker="o", markersize=3, label="mind. ein Treffer"),
             Line2D([], [], color="#444444", linestyle="--", marker="s", markersize=3, label="Ziel auf 0 TP")]
    legend_below(left, kinds, ncol=1, fontsize=size)
    legend_below(right, [Patch(color=c, label=o) for c, o in zip(OPTION_COLOURS, options)], ncol=1, fontsize=size)
    return _finish(fig, study.title, size)


# -- 2. Ausweichen ----------------------------------------------------------------------------------

def ausweichen_figure(study) -> Figure:
    """P(Schaden >= x) over x, without and with Ausweichen; the hit points marked."""
    fig = new_figure(NOTEBOOK_WIDTH, HEIGHT)
    size = _text_size(fig)
    ax = fig.add_subplot()
    curves = study.extra
    options = list(dict.fromkeys(curves["Option"]))
    top = 0
    for colour, option in zip(OPTION_COLOURS, options):
        rows = curves[curves["Option"] == option]
        ax.step(rows["Schaden"], rows["P(Schaden >= x) %"], where="post", color=colour, linewidth=1.6)
        shown = rows[rows["P(Schaden >= x) %"] >= TAIL_PERCENT]  # the long tail of critical hits is cut
        top = max(top, int(shown["Schaden"].max()))
    hp = study.hit_points
    ax.axvline(hp, color="#333333", linewidth=1.0, linestyle=":")
    ax.text(hp, 100, f" {hp} TP", ha="left", va="top", fontsize=size, color="#333333")
    ax.set_xlim(0, max(top, hp) + 2)
    ax.set_ylim(0, 104)
    _style(ax, "Schaden bis zum nächsten Zug (mindestens x)", "P(Schaden ≥ x) (%)", size)
    fig.canvas.draw()
    handles = [Line2D([], [], color=c, linewidth=1.6, label=f"{o}: P(0 TP) {prozent(p)}")
               for c, o, p in zip(OPTION_COLOURS, options, study.frame["P(0 TP) %"])]
    legend_below(ax, handles, ncol=2, fontsize=size)
    return _finish(fig, study.title, size)


# -- 3. Deckung -------------------------------------------------------------------------------------

def deckung_figure(study) -> Figure:
    """Left: P(Treffer) over the attack bonus per degree of cover; right: the expected damage."""
    fig = new_figure(NOTEBOOK_WIDTH, HEIGHT)
    size = _text_size(fig)
    left, right = fig.subplots(1, 2)
    frame = study.frame
    degrees = list(dict.fromkeys(frame["Deckung"]))
    for degree in degrees:
        rows = frame[frame["Deckung"] == degree]
        colour = DEGREE_COLOURS.get(degree, "#555555")
        left.plot(rows["Angriffsbonus"], rows["P(Treffer) %"], color=colour, marker="o", markersize=3)
        right.plot(rows["Angriffsbonus"], _floats(rows["Schaden erwartet"]), color=colour, marker="o", markersize=3)
    left.set_ylim(0, 100)
    right.set_ylim(0, None)
    _style(left, "Angriffsbonus", "P(Treffer) (%)", size)
    _style(right, "Angriffsbonus", "erwarteter Schaden", size)
    fig.canvas.draw()
    handles = [Patch(color=DEGREE_COLOURS.get(d, "#555555"), label=d) for d in degrees]
    fig.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize=size, frameon=False)
    return _finish(fig, study.title, size)


# -- 4. Rückzug -------------------------------------------------------------------------------------

def rueckzug_figure(study) -> Figure:
    """Per option, the expected damage taken (red) and dealt (blue), the values written at the bars."""
    fig = new_figure(NOTEBOOK_WIDTH, HEIGHT)
    size = _text_size(fig)
    ax = fig.add_subplot()
    frame = study.frame
    ys = range(len(frame))
    taken, dealt = _floats(frame["Schaden erwartet erlitten"]), _floats(frame["Schaden erwartet verursacht"])
    ax.barh([y - 0.2 for y in ys], taken, height=0.38, color=TAKEN)
    ax.barh([y + 0.2 for y in ys], dealt, height=0.38, color=DEALT)
    top = max(taken + dealt + [1.0])
    for y, t, d, p in zip(ys, taken, dealt, frame["P(0 TP) %"]):
        ax.text(t + top * 0.025, y - 0.2, f"{zahl(t)}; P(0 TP) = {prozent(p)}", va="center", ha="left", fontsize=size)
        ax.text(d + top * 0.025, y + 0.2, zahl(d), va="center", ha="left", fontsize=size)
    metres = [zahl(float(m), 1).removesuffix(",0") for m in frame["Bewegung (m)"]]
    ax.set_yticks(list(ys), [f"{o}\n{int(n)} Gelegenheitsangriffe, {m} m" for o, n, m in
                             zip(frame["Option"], frame["Gelegenheitsangriffe"], metres)])
    ax.set_ylim(len(frame) - 0.5, -0.5)
    ax.set_xlim(0, top * 1.55)
    _style(ax, "erwarteter Schaden in diesem Zug", "", size)
    ax.grid(axis="y", visible=False)
    fig.canvas.draw()
    handles = [Patch(color=TAKEN, label="erlitten (Gelegenheitsangriffe)"),
               Patch(color=DEALT, label="verursacht (eigene Aktion)")]
    legend_below(ax, handles, ncol=2, fontsize=size)
    return _finish(fig, study.title, size)


FIGURES = {"helfen": helfen_figure, "ausweichen": ausweichen_figure, "deckung": deckung_figure,
           "rueckzug": rueckzug_figure}


def figure(study) -> Figure:
    """The figure of a :class:`~explorer.dnd5e.whatif.WhatIf` (by its ``kind``)."""
    try:
        draw = FIGURES[study.kind]
    except (AttributeError, KeyError):
        raise ValueError(f"not a what-if study of explorer.dnd5e.whatif: {study!r}") from None
    return draw(study)


def png(study) -> bytes:
    """The study's figure as PNG bytes."""
    return figure_png(figure(study))


__all__ = ["ausweichen_figure", "deckung_figure", "figure", "helfen_figure", "png", "rueckzug_figure"]
