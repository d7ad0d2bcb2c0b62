"""Drawings for the lessons on movement, abilities and the deck study (matplotlib object API only).

Tables (on top of :func:`~explorer.behind.render_table.draw_table`):

* :func:`draw_movement` -- the legs of a movement as arrows (Movement): where each chip started
  (a dashed ghost), where it ended, the point it aimed at when the walk was stopped, climbs
  (Terrain and Climbing), flights (Flying), incorporeal legs and forfeited ones (Körperlos), and
  moves the rules refused (red, crossed out).
* :func:`draw_changes` -- the same for a game action: an arrow for every chip it moved
  (:func:`moved_legs` compares the tables before and after).
* :func:`draw_break_away` -- a chip touching enemies and the level of its break-away check
  (Movement: the highest Dexterity, +1 per additional enemy; Schrecken: frightened enemies do
  not count).

Cards: :func:`draw_card_rows` -- rows of cards with their fate numbers (the top of a supply
before and after Hellsicht; a hand before and after an item is played).

Charts:

* :func:`plot_check_odds` -- P(an "X+" check succeeds) against a supply for X = 1..9 (Ability Check
  (Fähigkeitsprobe)), the levels in question marked; :func:`plot_chances` -- labelled chances.
* Deck study (:mod:`explorer.behind.study`): :func:`plot_win_rates`, :func:`plot_win_rates_by`,
  :func:`plot_turns`, :func:`plot_per_game`, :func:`plot_first_deaths`, :func:`plot_melee_grid`,
  :func:`plot_card_values`.

Every function takes ``ax=None`` (then it makes a figure of its own) and returns the axes;
:func:`image` turns axes or a figure into an IPython ``Image`` for a notebook.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

import matplotlib.patheffects as path_effects
import numpy as np
import pandas as pd
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch
from matplotlib.ticker import MaxNLocator

from explorer.behind.movement import Leg, binding_enemies, break_away_level
from explorer.behind.odds import check_probability
from explorer.behind.palette import colours_for
from explorer.behind.render_table import avoid, draw_table, owner_colours, place_labels, queue_label
from explorer.behind.study import NO_WINNER
from explorer.behind.table import Table
from explorer.core.display import figure_png
from explorer.core.render_labels import notebook_font_size, raise_to_notebook_minimum
from explorer.core.render_labels import MIN_FONT_SIZE, annotation, enforce_minimum, legend_below, ring_offsets

REFUSED_COLOUR = "#c0392b"
STOPPED_COLOUR = "#555555"
MARK_COLOUR = "#e67e22"
BAR_COLOUR = "#8fa9c4"
NO_WINNER_COLOUR = "#9e9e9e"

_OUTLINE = [path_effects.withStroke(linewidth=2.4, foreground="white")]


# =============================================================================================
# Helpers
# =============================================================================================
def new_axes(width: float = 6.0, height: float = 3.2, dpi: int = 100):
    """Axes on a new figure of their own (constrained layout, no pyplot)."""
    return Figure(figsize=(width, height), dpi=dpi, layout="constrained").add_subplot()


def new_grid(rows: int, cols: int, width: float, height: float, dpi: int = 100) -> np.ndarray:
    """A ``rows`` x ``cols`` array of axes on a new figure (constrained layout)."""
    figure = Figure(figsize=(width, height), dpi=dpi, layout="constrained")
    return np.atleast_1d(figure.subplots(rows, cols, squeeze=False))


def png(drawing) -> bytes:
    """PNG bytes of axes (their figure) or of a figure."""
    figure = drawing if isinstance(drawing, Figure) else drawing.figure
    enforce_minimum(figure)  # readable at the size a notebook shows it (a wide grid is scaled down)
    raise_to_notebook_minimum(figure)  # ... and JupyterLab's output area is narrower still (780 px)
    return figure_png(figure)


def image(drawing):
    """An IPython ``Image`` of axes or a figure (what a notebook cell shows)."""
    from IPython.display import Image

    return Image(png(drawing))


def player_colours(players: Iterable[str]) -> dict[str, str]:
    """Each player's colour in the study charts, the same in every chart and every lesson: a player
    named after a society (as ``simulate`` names them) has that society's colour
    (:mod:`explorer.behind.palette`: Schwesternbund blue, Vampire red, ...), whatever the other
    players; other names take the spare colours in sorted order."""
    return colours_for(players)


def _darker(colour: str, factor: float = 0.7) -> tuple[float, float, float]:
    return tuple(c * factor for c in to_rgb(colour))


def _fraction(p) -> str:
    return f"{p.numerator}/{p.denominator}" if isinstance(p, Fraction) else f"{float(p):.3f}"


# =============================================================================================
# Movement on the table
# =============================================================================================
def draw_movement(before: Table, legs: Sequence[Leg] = (), *, after: Table | None = None,
                  refused: Sequence[tuple[str, tuple[float, float], str]] = (), ax=None,
                  title: str | None = None, region: tuple[float, float, float, float] | None = None,
                  sight_from: str | None = None):
    """Draw a movement: the table ``after`` it (``before`` when None) and each leg as an arrow.

    * A leg's chip started where the dashed ghost is; the arrow runs from its start to its end
      (Movement: "The distance is measured from the centre of a character chip"), labelled with
      the distance and, for a walk stopped short, what stopped it (a dotted line to the point
      aimed at, marked x); a climb names the obstacle climbed (Terrain and Climbing); a flight is
      dashed (Flying), an incorporeal leg dash-dotted (Körperlos); a forfeited leg (tournament
      rules) is grey from the start to the point aimed at.
    * ``refused``: ``(chip, (x, y), why)`` moves the rules refused, drawn in red from the chip's
      position on ``before`` to the point, crossed out and labelled ``why``.
    * ``region``: ``(x0, y0, x1, y1)`` to zoom on; ``sight_from`` is passed to ``draw_table``.
    """
    table = before if after is None else after
    if ax is None:
        x0, y0, x1, y1 = region or (-2.0, -2.0, table.width + 2.0, table.depth + 2.0)
        width = 7.0
        ax = new_axes(width, width * (y1 - y0) / (x1 - x0) + 1.1)
    colours = owner_colours(before) | owner_colours(table)
    draw_table(table, ax, title="", sight_from=sight_from, colours=colours, labels=False)
    r = table.radius
    for index, leg in enumerate(legs):
        chip = before.chip(leg.chip)
        colour = _darker(colours.get(chip.owner, "#333333"))
        _draw_leg(ax, leg, r, colour, above=index % 2 == 0)
    for name, to, why in refused:
        start = before.chip(name).position
        ax.add_patch(FancyArrowPatch(start, to, arrowstyle="-|>", mutation_scale=12, color=REFUSED_COLOUR,
                                     linewidth=1.6, linestyle=":", shrinkA=0, shrinkB=0, zorder=5.3))
        ax.plot(*to, marker="X", markersize=9, color=REFUSED_COLOUR, markeredgecolor="white", zorder=5.4)
        avoid(ax, line=(start, to))
        _beyond_label(ax, start, to, why, REFUSED_COLOUR)
    if region is not None:
        ax.set_xlim(region[0], region[2])
        ax.set_ylim(region[1], region[3])
    if title:
        ax.set_title(title, fontsize=10)
    place_labels(ax)  # chips', obstacles' and legs' labels, clear of each other, at the final zoom
    return ax


def moved_legs(before: Table, after: Table, *, mode: str = "walk") -> list[Leg]:
    """One straight :class:`~explorer.behind.movement.Leg` per chip that stands elsewhere on ``after``
    than on ``before`` (from its old centre to its new one), in table order: what a game action
    moved, for :func:`draw_movement` (a movement of several legs shows as one straight arrow)."""
    legs = []
    for chip in before.chips:
        if chip.name not in after:
            continue
        end = after.chip(chip.name).position
        if math.dist(chip.position, end) > 1e-9:
            legs.append(Leg(chip.name, chip.position, end, end, math.dist(chip.position, end), mode=mode))
    return legs


def draw_changes(before: Table, after: Table, *, focus: Iterable[str] | None = None, margin: float = 8.0,
                 mode: str = "walk", ax=None, title: str | None = None):
    """The table ``after`` a game action, with an arrow for every chip it moved (:func:`moved_legs`);
    ``focus``: chip names to zoom on (with ``margin`` cm around them and the moved chips' starts)."""
    legs = moved_legs(before, after, mode=mode)
    region = None
    if focus is not None:
        points = [after.chip(n).position for n in focus if n in after] + [leg.start for leg in legs]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        region = (max(-2.0, min(xs) - margin), max(-2.0, min(ys) - margin),
                  min(after.width + 2.0, max(xs) + margin), min(after.depth + 2.0, max(ys) + margin))
    return draw_movement(before, legs, after=after, ax=ax, title=title, region=region)


_MODE_STYLE = {"walk": "-", "fly": "--", "incorporeal": "-."}


def _draw_leg(ax, leg: Leg, r: float, colour, *, above: bool = True) -> None:
    ax.add_patch(Circle(leg.start, r, facecolor="none", edgecolor=colour, linestyle="--", linewidth=1.0,
                        alpha=0.8, zorder=3.5))
    avoid(ax, circle=(leg.start, r), line=(leg.start, leg.end))
    if leg.forfeited or leg.stopped:
        avoid(ax, line=(leg.end, leg.requested))
    if leg.forfeited:
        ax.add_patch(FancyArrowPatch(leg.start, leg.requested, arrowstyle="-|>", mutation_scale=11,
                                     color=STOPPED_COLOUR, linewidth=1.3, linestyle=":", shrinkA=0, shrinkB=0,
                                     zorder=5.2))
        ax.plot(*leg.requested, marker="x", markersize=7, color=STOPPED_COLOUR, zorder=5.3)
        _leg_label(ax, leg.start, leg.requested, f"forfeited: would end in {leg.stopped_by}", STOPPED_COLOUR,
                   above=above, radius=r)
        return
    if leg.stopped and math.dist(leg.end, leg.requested) > 1e-6:
        ax.plot([leg.end[0], leg.requested[0]], [leg.end[1], leg.requested[1]], color=STOPPED_COLOUR,
                linestyle=":", linewidth=1.0, zorder=5.0)
        ax.plot(*leg.requested, marker="x", markersize=6, color=STOPPED_COLOUR, zorder=5.1)
    if leg.distance > 1e-9:
        ax.add_patch(FancyArrowPatch(leg.start, leg.end, arrowstyle="-|>", mutation_scale=12, color=colour,
                                     linewidth=1.8, linestyle=_MODE_STYLE.get(leg.mode, "-"), shrinkA=0, shrinkB=0,
                                     zorder=5.2))
    words = f"{leg.distance:.1f} cm" + ("" if leg.mode == "walk" else f" ({leg.mode})")
    if leg.climbed:
        words += f", climbs {leg.climbed}"
    elif leg.stopped_by:
        words += f", stopped by {leg.stopped_by}"
    _leg_label(ax, leg.start, leg.end if leg.distance > 1e-9 else leg.requested, words, colour, above=above,
               radius=r)


def _leg_label(ax, start, end, text: str, colour, *, above: bool = True, radius: float = 1.5) -> None:
    """The label beside a leg: 40% along it (clear of the chip at its end), on one side or the other
    -- consecutive legs start on alternate sides -- or, where that is taken (a chip, a wall, another
    label), further along, further off or on the other side (:func:`place_labels`)."""
    length = math.dist(start, end) or 1.0
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    px, py = -uy, ux  # a perpendicular, towards +y (or -x for a vertical leg)
    if py < -1e-9 or (abs(py) <= 1e-9 and px > 0):
        px, py = -px, -py
    if not above:
        px, py = -px, -py

    def spots(scale: float) -> list:
        out = []
        for off in (6.0, 14.0, 24.0, 36.0):
            for at in (0.4, 0.25, 0.6, 0.1, 0.8):
                spot = (start[0] + at * (end[0] - start[0]), start[1] + at * (end[1] - start[1]))
                for side in (1.0, -1.0):
                    qx, qy = side * px, side * py
                    ha = "left" if qx > 0.35 else "right" if qx < -0.35 else "center"
                    va = "bottom" if qy > 0.35 else "top" if qy < -0.35 else "center"
                    out.append((spot, off * qx, off * qy, ha, va))
        # then the same spots with the text running off to one side (a short leg beside a wall), then
        # around the leg's start and end, further off
        sideways = [(spot, dx, dy, other, va) for spot, dx, dy, ha, va in out for other in ("right", "left")
                    if other != ha]
        around = [(point, dx, dy, ha, va) for point in (start, end)
                  for dx, dy, ha, va in ring_offsets(radius * scale + 14.0, rings=3, step=10.0)]
        return out + sideways + around

    label = annotation(ax, text, start, fontsize=MIN_FONT_SIZE, color=colour, path_effects=_OUTLINE, zorder=6)
    queue_label(ax, label, spots)


def _beyond_label(ax, start, point, text: str, colour) -> None:
    """A label just beyond ``point``, in the direction from ``start`` (where no arrow runs), or
    the nearest free spot around it."""
    length = math.dist(start, point) or 1.0
    ux, uy = (point[0] - start[0]) / length, (point[1] - start[1]) / length
    ha = "left" if ux > 0.35 else "right" if ux < -0.35 else "center"
    va = "bottom" if uy > 0.35 else "top" if uy < -0.35 else "center"
    first = (9 * ux, 9 * uy, ha, va)
    label = annotation(ax, text, point, fontsize=MIN_FONT_SIZE, color=colour, fontweight="bold",
                       path_effects=_OUTLINE, zorder=6)
    queue_label(ax, label, lambda scale: [first, *ring_offsets(9.0, rings=3, step=8.0)])


def draw_break_away(table: Table, chip: str, dexterity: Mapping[str, int], *, frightened: Iterable[str] = (),
                    ax=None, title: str | None = None, region: tuple[float, float, float, float] | None = None,
                    margin: float = 7.0):
    """Draw chip ``chip`` and the enemies it must break away from (Movement), with the check's level.

    Every enemy touching ``chip`` on its height level (ruling ``behind.break-away-levels``) is
    joined to it by a line and labelled with its Dexterity (``dexterity``: name -> value); a
    frightened enemy (Schrecken) is greyed out: "One can break away from a frightened character
    without a check".  The title says the level (:func:`~explorer.behind.movement.break_away_level`).
    ``region`` (default: the chips involved and ``margin`` cm around them) is the part shown.
    """
    frightened = set(frightened)
    level = break_away_level(table, chip, dexterity, frightened)
    me = table.chip(chip)
    enemies = binding_enemies(table, chip)
    if region is None:
        xs = [me.x] + [table.chip(e).x for e in enemies]
        ys = [me.y] + [table.chip(e).y for e in enemies]
        region = (max(-2.0, min(xs) - margin), max(-2.0, min(ys) - margin),
                  min(table.width + 2.0, max(xs) + margin), min(table.depth + 2.0, max(ys) + margin))
    if ax is None:
        x0, y0, x1, y1 = region
        ax = new_axes(5.5, 5.5 * (y1 - y0) / (x1 - x0) + 1.3)
    draw_table(table, ax, title="", labels=False)
    counted = [e for e in enemies if e not in frightened]
    r = table.radius
    for name in enemies:
        other = table.chip(name)
        free = name in frightened
        colour = STOPPED_COLOUR if free else REFUSED_COLOUR
        ax.plot([me.x, other.x], [me.y, other.y], color=colour, linewidth=2.4, linestyle=":" if free else "-",
                zorder=4.6, solid_capstyle="round")
        length = math.dist(me.position, other.position) or 1.0
        ux, uy = (other.x - me.x) / length, (other.y - me.y) / length
        spot = (other.x + ux * r * 2.6, other.y + uy * r * 2.6)  # beyond the enemy, away from the chip
        words = f"Dexterity {dexterity[name]}" + ("\n(frightened: not counted)" if free else "")
        ax.annotate(words, spot, fontsize=8, ha="center", va="center", color=colour, fontweight="bold",
                    path_effects=_OUTLINE, zorder=6)
    if title is None:
        if level is None:
            title = f"{chip} breaks away without a check"
        else:
            top = max(int(dexterity[e]) for e in counted)
            more = len(counted) - 1
            title = f"{chip} breaks away with a check {level}+:\nhighest Dexterity {top}" + \
                (f" + {more} ({more} further enem{'y' if more == 1 else 'ies'})" if more else "")
    ax.set_title(title, fontsize=10)
    ax.set_xlim(region[0], region[2])
    ax.set_ylim(region[1], region[3])
    place_labels(ax)
    return ax


# =============================================================================================
# Checks
# =============================================================================================
def plot_check_odds(supply: Sequence, *, marks: Mapping[str, int] | None = None, levels: Iterable[int] = range(1, 10),
                    ax=None, title: str | None = None):
    """P(an "X+" check succeeds) for each X of ``levels`` against ``supply`` (cards or fate numbers):
    the share of its cards with a fate number of at least X (Ability Check (Fähigkeitsprobe)).
    ``marks``: label -> level to highlight, e.g. ``{"Befehl 5+": 5}``, each with its exact fraction."""
    levels = list(levels)
    marks = dict(marks or {})
    if ax is None:
        ax = new_axes(6.0, 2.9)
    chances = [check_probability(x, supply) for x in levels]
    marked = {level for level in marks.values()}
    colours = [MARK_COLOUR if x in marked else BAR_COLOUR for x in levels]
    ax.bar(levels, [float(p) for p in chances], color=colours, edgecolor="white")
    for x, p in zip(levels, chances):
        ax.text(x, float(p) + 0.015, f"{float(p):.0%}", ha="center", va="bottom", fontsize=MIN_FONT_SIZE)
    band, previous = 1.12, None
    for label, level in sorted(marks.items(), key=lambda item: item[1]):
        p = check_probability(level, supply)
        band = 1.3 if previous is not None and level - previous <= 2 and band == 1.12 else 1.12
        previous = level
        ax.plot([level, level], [float(p) + 0.08, band - 0.01], color=MARK_COLOUR, linewidth=0.8)
        ax.text(level, band, f"{label}: {_fraction(p)}", ha="center", va="bottom", fontsize=MIN_FONT_SIZE,
                color=_darker(MARK_COLOUR, 0.8), fontweight="bold", path_effects=_OUTLINE)
    ax.set_xticks(levels, [f"{x}+" for x in levels], fontsize=8)
    ax.set_ylim(0, 1.45)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0], ["0", "25%", "50%", "75%", "100%"], fontsize=8)
    ax.set_xlabel("check level X (success: the top card's fate number is at least X)", fontsize=8)
    ax.set_ylabel("chance of success", fontsize=8)
    ax.set_title(title or f"Checks against a supply of {len(supply)} cards", fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def plot_chances(labels: Sequence[str], chances: Sequence, *, ax=None, title: str | None = None,
                 xlabel: str = "chance of success", colours: Sequence[str] | None = None):
    """Horizontal bars of labelled chances, first on top; beside each bar its percentage and, for an
    exact fraction with a denominator up to 1000, the fraction."""
    labels, chances = list(labels), list(chances)
    if ax is None:
        lines = max((str(label).count("\n") + 1 for label in labels), default=1)
        ax = new_axes(7.0, (0.3 + 0.14 * lines) * len(labels) + 1.0)
    ys = np.arange(len(labels))[::-1]
    ax.barh(ys, [float(p) for p in chances], color=list(colours) if colours else BAR_COLOUR, edgecolor="white")
    for y, p in zip(ys, chances):
        short = isinstance(p, Fraction) and p.denominator <= 1000  # long fractions would hide the bars
        words = f"{float(p):.0%}" + (f"  ({_fraction(p)})" if short else "")
        ax.text(float(p) + 0.01, y, words, va="center", fontsize=MIN_FONT_SIZE)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_xlim(0, 1.25)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0], ["0", "25%", "50%", "75%", "100%"], fontsize=8)
    ax.set_xlabel(xlabel, fontsize=8)
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    return ax


def draw_card_rows(rows: Mapping[str, Sequence], *, highlight: Iterable[str] = (), ax=None, title: str | None = None):
    """Rows of action cards drawn as small cards, each with its fate number and title (e.g. the top
    of a supply before and after Hellsicht, "Hand Cards, Supply and Discard Pile").  ``rows``:
    label -> cards, first card leftmost (a ``None`` leaves a gap); cards whose id is in
    ``highlight`` are drawn in the mark colour."""
    highlight = set(highlight)
    labels = list(rows)
    width = max((len(cards) for cards in rows.values()), default=1)
    if ax is None:
        ax = new_axes(1.05 * width + 2.2, 1.05 * len(labels) + 0.6)
    size = notebook_font_size(MIN_FONT_SIZE, ax.figure)
    # the full title, wrapped to the card's width (about 0.6 em a character)
    card_points = 0.84 * ax.get_position().width * ax.figure.get_figwidth() * 72 / max(width, 1)
    chars = max(6, int(card_points / (0.6 * size)))
    for row, label in enumerate(labels):
        y = len(labels) - 1 - row
        for column, card in enumerate(rows[label]):
            if card is None:
                continue
            colour = MARK_COLOUR if card.id in highlight else BAR_COLOUR
            ax.add_patch(FancyBboxPatch((column + 0.06, y + 0.08), 0.88, 0.84,
                                        boxstyle="round,pad=0,rounding_size=0.08", facecolor=colour,
                                        edgecolor="#34495e", linewidth=0.8, alpha=0.9))
            ax.text(column + 0.5, y + 0.7, str(card.fate), ha="center", va="center", fontsize=13, fontweight="bold",
                    color="white", path_effects=[path_effects.withStroke(linewidth=2, foreground="#34495e")])
            ax.text(column + 0.5, y + 0.33, wrap_name(card.title, chars), ha="center", va="center", fontsize=size,
                    color="#1b2631", linespacing=1.05)
    ax.set_xlim(0, width)
    ax.set_ylim(0, len(labels))
    ax.set_yticks([len(labels) - 1 - i + 0.5 for i in range(len(labels))], labels, fontsize=8)
    ax.set_xticks([])
    ax.set_aspect("equal")
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    return ax


# =============================================================================================
# The deck study
# =============================================================================================
def _size(ax, base: float = MIN_FONT_SIZE) -> float:
    """``base`` points, at least the minimum at the size a notebook shows the figure (the lesson's
    11-12.5 inch grids are shrunk to its output area: their text grows)."""
    return notebook_font_size(base, ax.figure)


def _outcome_colours(outcomes: Iterable[str]) -> dict[str, str]:
    players = [o for o in outcomes if o != NO_WINNER]
    colours = player_colours(players)
    colours[NO_WINNER] = NO_WINNER_COLOUR
    return colours


def plot_win_rates(rates: pd.DataFrame, *, ax=None, title: str | None = None):
    """Horizontal bars of :func:`explorer.behind.study.win_rates` (overall): the share of games each
    player won (and without winner), with the 95% interval as an error bar and "wins / games"."""
    outcomes = list(rates["outcome"])
    if ax is None:
        ax = new_axes(6.0, 0.5 * len(outcomes) + 1.1)
    colours = _outcome_colours(outcomes)
    ys = np.arange(len(outcomes))[::-1]
    share = rates["share"].to_numpy(float)
    errors = np.vstack([share - rates["low"].to_numpy(float), rates["high"].to_numpy(float) - share])
    ax.barh(ys, share, color=[colours[o] for o in outcomes], edgecolor="white")
    ax.errorbar(share, ys, xerr=errors, fmt="none", ecolor="black", capsize=3, linewidth=1)
    for y, (_, row) in zip(ys, rates.iterrows()):
        ax.text(min(1.02, row["high"] + 0.02), y, f"{row['wins']} / {row['games']}", va="center", fontsize=_size(ax))
    ax.set_yticks(ys, outcomes, fontsize=_size(ax))
    ax.set_xlim(0, 1.18)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0], ["0", "25%", "50%", "75%", "100%"], fontsize=_size(ax))
    ax.set_xlabel("share of games won (bars: 95% Wilson interval)", fontsize=_size(ax))
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=_size(ax, 10))
    return ax


def plot_win_rates_by(rates: pd.DataFrame, by: str, *, ax=None, title: str | None = None, label: str | None = None):
    """Grouped bars of :func:`explorer.behind.study.win_rates` ``by`` a column: one group per value
    (e.g. who began), one bar per outcome with its 95% interval; groups labelled with their games."""
    groups = list(dict.fromkeys(rates[by]))
    outcomes = list(dict.fromkeys(rates["outcome"]))
    if ax is None:
        ax = new_axes(6.0, 3.2)
    colours = _outcome_colours(outcomes)
    width = 0.8 / len(outcomes)
    for i, outcome in enumerate(outcomes):
        part = rates[rates["outcome"] == outcome].set_index(by).loc[groups]
        xs = np.arange(len(groups)) + (i - (len(outcomes) - 1) / 2) * width
        share = part["share"].to_numpy(float)
        errors = np.vstack([share - part["low"].to_numpy(float), part["high"].to_numpy(float) - share])
        ax.bar(xs, share, width * 0.95, color=colours[outcome], label=f"{outcome} wins" if outcome != NO_WINNER
               else NO_WINNER)
        ax.errorbar(xs, share, yerr=errors, fmt="none", ecolor="black", capsize=2.5, linewidth=0.9)
    games = rates.drop_duplicates(by).set_index(by)["games"]
    ax.set_xticks(np.arange(len(groups)), [f"{label or by}: {g}\n({games[g]} games)" for g in groups], fontsize=_size(ax))
    ax.set_ylim(0, 1.15)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0], ["0", "25%", "50%", "75%", "100%"], fontsize=_size(ax))
    ax.set_ylabel("share of games", fontsize=_size(ax))
    handles, labels = ax.get_legend_handles_labels()
    legend_below(ax, handles, labels, ncol=len(outcomes), fontsize=_size(ax))  # inside, it covered tall bars
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=_size(ax, 10))
    return ax


def _finish(ax, title: str | None):
    """The study charts' common finish: no top/right spines, the tick labels at their size, a
    frameless legend under the axes (inside them it covered bars and the dashed means, whatever
    corner it took) and the title."""
    ax.spines[["top", "right"]].set_visible(False)
    ax.tick_params(labelsize=_size(ax))
    handles, labels = ax.get_legend_handles_labels()
    legend_below(ax, handles, labels, ncol=2, fontsize=_size(ax))
    if title:
        ax.set_title(title, fontsize=_size(ax, 10))
    return ax


def plot_turns(frame: pd.DataFrame, *, ax=None, title: str | None = None):
    """Histogram of the game length in turns, stacked by winner (a simulate() frame)."""
    from explorer.behind.study import players_of

    if ax is None:
        ax = new_axes(6.0, 3.0)
    winner = frame["winner"].where(frame["winner"].notna(), NO_WINNER)
    outcomes = [o for o in list(players_of(frame)) + [NO_WINNER] if (winner == o).any()]
    colours = _outcome_colours(outcomes)
    low, high = int(frame["turns"].min()), int(frame["turns"].max())
    step = max(1, math.ceil((high - low + 1) / 30))
    bins = np.arange(low - 0.5, high + step + 0.5, step)  # the last edge lies beyond the longest game
    ax.hist([frame.loc[winner == o, "turns"] for o in outcomes], bins=bins, stacked=True,
            color=[colours[o] for o in outcomes], label=[f"{o} wins" if o != NO_WINNER else o for o in outcomes],
            edgecolor="white", linewidth=0.5)
    # the mean in the legend (a text at the line would run into the legend or the bars)
    ax.axvline(frame["turns"].mean(), color="black", linestyle="--", linewidth=1,
               label=f"mean {frame['turns'].mean():.1f} turns (dashed)")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("turns played (a turn is one player's three phases)", fontsize=_size(ax))
    ax.set_ylabel("games", fontsize=_size(ax))
    return _finish(ax, title)


def plot_per_game(frame: pd.DataFrame, key: str = "injuries_dealt", *, ax=None, title: str | None = None,
                  xlabel: str | None = None):
    """Side-by-side histograms of the per-player column ``key[P]`` (one bar colour per player), each
    player's mean marked with a dashed line and given in the legend."""
    from explorer.behind.study import players_of

    players = list(players_of(frame))
    if ax is None:
        ax = new_axes(6.0, 3.0)
    colours = player_colours(players)
    values = [frame[f"{key}[{p}]"].to_numpy(int) for p in players]
    low, high = min(int(v.min()) for v in values), max(int(v.max()) for v in values)
    bins = np.arange(low - 0.5, high + 1.5)
    ax.hist(values, bins=bins, color=[colours[p] for p in players], edgecolor="white", linewidth=0.5,
            label=[f"{p} (mean {v.mean():.1f}, dashed)" for p, v in zip(players, values)])  # the means in the legend
    for player, v in zip(players, values):
        ax.axvline(v.mean(), color=_darker(colours[player]), linestyle="--", linewidth=1.2)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(xlabel or f"{key.replace('_', ' ')} per game", fontsize=_size(ax))
    ax.set_ylabel("games", fontsize=_size(ax))
    return _finish(ax, title)


def plot_first_deaths(table: pd.DataFrame, *, ax=None, title: str | None = None):
    """Horizontal bars of :func:`explorer.behind.study.first_deaths`: the share of games in which each
    character was eliminated first (95% interval), coloured by player, with the share of games
    in which he was eliminated at all as a hollow bar behind."""
    if ax is None:
        ax = new_axes(6.5, 0.36 * len(table) + 1.2)
    colours = player_colours(table["player"])
    ys = np.arange(len(table))[::-1]
    ax.barh(ys, table["eliminated_share"], color="none", edgecolor=[colours[p] for p in table["player"]],
            linewidth=1.0, hatch="////", label="eliminated at all")
    share = table["share"].to_numpy(float)
    errors = np.vstack([share - table["low"].to_numpy(float), table["high"].to_numpy(float) - share])
    ax.barh(ys, share, height=0.55, color=[colours[p] for p in table["player"]], label="eliminated first")
    ax.errorbar(share, ys, xerr=errors, fmt="none", ecolor="black", capsize=2.5, linewidth=0.9)
    ax.set_yticks(ys, [f"{name} ({player[:3]})" for name, player in zip(table.index, table["player"])], fontsize=_size(ax))
    ax.set_xlim(0, 1.05)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0], ["0", "25%", "50%", "75%", "100%"], fontsize=_size(ax))
    ax.set_xlabel("share of games", fontsize=_size(ax))
    handles = [Line2D([], [], color="black", linewidth=6, label="eliminated first (95% interval)"),
               Line2D([], [], color="grey", linewidth=0, marker="s", markersize=9, markerfacecolor="none",
                      label="eliminated at all")]
    legend_below(ax, handles, ncol=2, fontsize=_size(ax))  # inside, it covered the lowest bars
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=_size(ax, 10))
    return ax


PLAIN_SCALE = "Greens"
DIVERGING_SCALE = "PiYG"
"""A heat map's colour scales (matplotlib's names): green and pink are no society's colour."""


def plot_melee_grid(grid: pd.DataFrame, *, ax=None, title: str | None = None, label: str = "edge",
                    centre: float | None = 0.0):
    """A heat map of a :func:`explorer.behind.study.grid` (attackers as rows, defenders as columns),
    each cell labelled with its value.  ``centre``: a diverging colour scale around it (pink below,
    green above); None: a plain green scale from 0 to 1.  Neither is a society's colour: in red and
    blue the cells read as Vampires and Sisters (palette.SOCIETY_COLOURS)."""
    if ax is None:
        ax = new_axes(1.1 * len(grid.columns) + 3.2, 0.6 * len(grid) + 1.9)
    size = notebook_font_size(MIN_FONT_SIZE, ax.figure)
    values = grid.to_numpy(float)
    if centre is None:
        image_ = ax.imshow(values, cmap=PLAIN_SCALE, vmin=0, vmax=1, aspect="auto")
    else:
        reach = max(1e-9, float(np.nanmax(np.abs(values - centre))))
        image_ = ax.imshow(values, cmap=DIVERGING_SCALE, vmin=centre - reach, vmax=centre + reach, aspect="auto")
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            # black on a light cell, white on a dark one (an outline blurred the small digits on both)
            red, green, blue, _ = image_.cmap(image_.norm(values[i, j]))
            light = 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.45
            ax.text(j, i, f"{values[i, j]:+.2f}" if centre is not None else f"{values[i, j]:.2f}",
                    ha="center", va="center", fontsize=size, color="black" if light else "white")
    ax.set_xlabel("defender", fontsize=size)
    ax.set_ylabel("attacker", fontsize=size)
    bar = ax.figure.colorbar(image_, ax=ax, shrink=0.85)
    bar.set_label(label, fontsize=size)
    bar.ax.tick_params(labelsize=size)
    # full names, wrapped: the columns' upright under each column (slanted ones ran into the next
    # name: "Magdalena von / Stein" into "Seherin Ilse"), the rows' beside each row; at the size the
    # notebook shows them (:func:`_size`)
    ax.set_xticks(range(len(grid.columns)), [wrap_name(str(c), 16) for c in grid.columns], fontsize=size,
                  linespacing=1.0, rotation=45, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(len(grid.index)), [wrap_name(str(r), 16) for r in grid.index], fontsize=size,
                  linespacing=1.0)
    if title:
        ax.set_title(title, fontsize=_size(ax, 10))
    return ax


_VOWELS = set("aeiouyäöüAEIOUYÄÖÜ")
_KEPT_TOGETHER = ("sch", "ch", "ck", "ph", "th", "qu")


def _syllable_cut(word: str, most: int) -> int:
    """Where to hyphenate ``word`` at or before ``most`` characters: before the last consonant that
    precedes a vowel (German's rule of thumb: "Schwes-ter-li-che"), never inside "sch", "ch", "ck" ...;
    half the word (at most ``most``) if no such place exists."""
    best = 0
    for cut in range(2, min(most, len(word) - 2) + 1):
        if word[cut] in _VOWELS or word[cut + 1] not in _VOWELS:
            continue
        if any(word[max(0, cut - k):cut + len(group) - k].lower() == group
               for group in _KEPT_TOGETHER for k in range(1, len(group))):
            continue
        if any(c in _VOWELS for c in word[:cut]):
            best = cut
    return best or max(3, min(most, len(word) // 2 + 1))


def wrap_name(name: str, chars: int = 14) -> str:
    """``name`` in full, broken between words into lines of at most about ``chars`` characters (a
    word longer than a line is hyphenated between syllables where it can be)."""
    words = []
    for word in name.split():
        while len(word) > chars + 1:  # a long compound: hyphenated where it passes the line
            cut = _syllable_cut(word, chars - 1)
            words.append(word[:cut] + "-")
            word = word[cut:]
        words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and not lines[-1].endswith("-") and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines) or name


def plot_card_values(table: pd.DataFrame, *, ax=None, title: str | None = None):
    """Grouped bars of :func:`explorer.behind.study.card_values`: how many cards of each deck have
    each combat value (fate number + Zusatz bonus), each deck's mean marked by a dashed line and
    given in the legend."""
    if ax is None:
        ax = new_axes(6.0, 2.8)
    players = list(table.columns)
    colours = player_colours(players)
    width = 0.8 / len(players)
    xs = table.index.to_numpy(int)
    for i, player in enumerate(players):
        mean = float((table[player] * table.index).sum() / table[player].sum())
        ax.bar(xs + (i - (len(players) - 1) / 2) * width, table[player], width * 0.95, color=colours[player],
               label=f"{player} (mean {mean:.2f}, dashed)")
        ax.axvline(mean, color=_darker(colours[player]), linestyle="--", linewidth=1.1)
    ax.set_xticks(xs, [str(x) for x in xs], fontsize=_size(ax))
    ax.set_xlabel("combat value of a card (fate number + Zusatz)", fontsize=_size(ax))
    ax.set_ylabel("cards in the deck", fontsize=_size(ax))
    return _finish(ax, title)


__all__ = [
    "draw_break_away", "draw_card_rows", "draw_changes", "draw_movement", "image", "moved_legs", "new_axes",
    "new_grid", "player_colours", "plot_card_values", "plot_chances", "plot_check_odds", "plot_first_deaths",
    "plot_melee_grid", "plot_per_game", "plot_turns", "plot_win_rates", "plot_win_rates_by", "png",
]
