"""Drawing a Behind table with matplotlib (object API only: no pyplot, no global state).

``draw_table(table)`` draws the table, obstacles (flat ones hatched), character chips coloured by
owner with their viewing angle (Sichtwinkel) and the faint rear arc (the +1 bonus area for melee
combat), and optionally sight lines, ranges and card-length rings; it returns the axes.
``table_png(table)`` returns PNG bytes (used by ``Table._repr_png_`` in Jupyter).
"""

from __future__ import annotations

import math
from typing import Mapping

import matplotlib.patheffects as path_effects
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch, PathPatch, Rectangle, Wedge
from matplotlib.path import Path

from explorer.behind.sight import sight_matrix
from explorer.behind.table import Table
from explorer.core.display import figure_png

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
"""Owner colours, assigned to owners in sorted order, so the same owners get the same colours
on every table."""

CLEAR_COLOUR = "#1a9850"
BLOCKED_COLOUR = "#d73027"
TABLE_COLOUR = "#f3ead8"
OBSTACLE_COLOUR = "#7f7f7f"
FLAT_OBSTACLE_COLOUR = "#c9c1ad"

_OUTLINE = [path_effects.withStroke(linewidth=2.2, foreground="white")]


def owner_colours(table: Table) -> dict[str, str]:
    """Each owner's colour: owners in sorted order take the palette's colours in turn."""
    owners = sorted({chip.owner for chip in table.chips})
    return {owner: PALETTE[i % len(PALETTE)] for i, owner in enumerate(owners)}


def draw_table(table: Table, ax=None, *, sight_from: str | None = None, ranges: Mapping[str, float] | None = None,
               card_length_rings: Mapping[str, int] | None = None, show_sight: bool = True,
               title: str | None = None):
    """Draw ``table`` on ``ax`` (a new figure's axes when None) and return the axes.

    * ``sight_from``: a chip name; its line of sight to every other chip is drawn (Ranged Combat
      (Fernkampf)) -- green when clear (solid if the target is also in the viewing angle, dotted
      if not), red dashed when blocked, with the blockers named beside the line.
      ``show_sight=False`` hides them.
    * ``ranges``: chip name -> range in cm, drawn as a dashed circle in the owner's colour;
      ``card_length_rings``: chip name -> number of rings one card length apart (ruling
      ``behind.card-length-cm``).  Circles mark where another chip's centre is exactly that far
      under ruling ``behind.distance-measure`` (centre to centre, or edge to edge: two radii more).
    """
    if ax is None:
        ax = Figure(figsize=(9.0, 9.0 * table.depth / table.width + 1.2), layout="constrained").add_subplot()
    colours = owner_colours(table)
    r = table.radius
    edge_extra = 2 * r if table.rulings["behind.distance-measure"] == "edge" else 0.0

    board = Rectangle((0, 0), table.width, table.depth, facecolor=TABLE_COLOUR, edgecolor="#5b4a2f",
                      linewidth=1.5, zorder=0)
    ax.add_patch(board)
    for obstacle in table.obstacles:
        _draw_obstacle(ax, obstacle)

    if sight_from is not None and show_sight:
        _draw_sight_lines(ax, table, sight_from)

    for name, radius in (ranges or {}).items():
        chip = table.chip(name)
        ring = ax.add_patch(Circle(chip.position, radius + edge_extra, fill=False, linestyle="--", linewidth=1.0,
                                   edgecolor=colours[chip.owner], alpha=0.8, zorder=2))
        ring.set_clip_path(board)
        x, y = _label_point(table, chip, radius + edge_extra)
        ax.annotate(f"{radius:g} cm", (x, y), fontsize=7, ha="center", va="center",
                    color=colours[chip.owner], path_effects=_OUTLINE, zorder=6)
    for name, rings in (card_length_rings or {}).items():
        chip = table.chip(name)
        for k in range(1, int(rings) + 1):
            radius = k * table.card_length + edge_extra
            ring = ax.add_patch(Circle(chip.position, radius, fill=False, linestyle=":", linewidth=0.9,
                                       edgecolor="#555555", zorder=2))
            ring.set_clip_path(board)
            x, y = _label_point(table, chip, radius)
            ax.annotate(f"{k} CL", (x, y), fontsize=6.5, ha="center", va="center", color="#555555",
                        path_effects=_OUTLINE, zorder=6)

    for chip in table.chips:
        _draw_chip(ax, chip, r, colours[chip.owner], highlight=chip.name == sight_from)

    handles = [Patch(facecolor=colour, edgecolor="black", label=owner) for owner, colour in colours.items()]
    if any(o.flat for o in table.obstacles):
        handles.append(Patch(facecolor=FLAT_OBSTACLE_COLOUR, hatch="///", edgecolor="#5b5b5b", label="flat obstacle"))
    if any(not o.flat for o in table.obstacles):
        handles.append(Patch(facecolor=OBSTACLE_COLOUR, edgecolor="#3b3b3b", label="obstacle"))
    if sight_from is not None and show_sight:
        handles += [
            Line2D([], [], color=CLEAR_COLOUR, linewidth=1.6, label="clear, in viewing angle"),
            Line2D([], [], color=CLEAR_COLOUR, linewidth=1.1, linestyle=":", label="clear, outside viewing angle"),
            Line2D([], [], color=BLOCKED_COLOUR, linewidth=1.2, linestyle="--", label="blocked"),
        ]
    if handles:
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.09), ncol=min(len(handles), 4),
                  fontsize=8, frameon=False)

    margin = 2.0
    ax.set_xlim(-margin, table.width + margin)
    ax.set_ylim(-margin, table.depth + margin)
    ax.set_aspect("equal")
    ax.set_xlabel("cm")
    ax.set_ylabel("cm")
    ax.tick_params(labelsize=8)
    if title is None and sight_from is not None and show_sight:
        title = f"Lines of sight from {sight_from}"
    if title:
        ax.set_title(title, fontsize=11)
    return ax


def table_png(table: Table, *, dpi: int = 100, **kwargs) -> bytes:
    """PNG bytes of :func:`draw_table` (keyword arguments are passed on)."""
    ax = draw_table(table, **kwargs)
    ax.figure.set_dpi(dpi)
    return figure_png(ax.figure)


def _label_point(table: Table, chip, radius: float) -> tuple[float, float]:
    """A point on the circle of ``radius`` around ``chip`` that lies on the table (for its label)."""
    for degrees in (45, 135, 315, 225, 90, 270, 0, 180):
        x = chip.x + radius * math.cos(math.radians(degrees))
        y = chip.y + radius * math.sin(math.radians(degrees))
        if 0 <= x <= table.width and 0 <= y <= table.depth:
            return x, y
    return chip.x, chip.y + radius


def _draw_obstacle(ax, obstacle) -> None:
    polygon = obstacle.polygon
    path = Path.make_compound_path(*(Path(ring.coords, closed=True)
                                     for ring in (polygon.exterior, *polygon.interiors)))
    if obstacle.flat:
        patch = PathPatch(path, facecolor=FLAT_OBSTACLE_COLOUR, edgecolor="#5b5b5b", hatch="///", linewidth=1.0)
    else:
        patch = PathPatch(path, facecolor=OBSTACLE_COLOUR, edgecolor="#3b3b3b", linewidth=1.0)
    patch.set_zorder(1)
    ax.add_patch(patch)
    # label above the obstacle, so chips standing on it stay visible
    min_x, _, max_x, max_y = polygon.bounds
    label = f"{obstacle.name} (h {obstacle.height:g} cm" + (", flat)" if obstacle.flat else ")")
    ax.annotate(label, ((min_x + max_x) / 2, max_y + 0.5), fontsize=6.5, ha="center", va="bottom",
                color="#333333", path_effects=_OUTLINE, zorder=5)


def _draw_chip(ax, chip, radius: float, colour: str, *, highlight: bool) -> None:
    fan = radius * 2.4
    ax.add_patch(Wedge(chip.position, fan, chip.facing + 135, chip.facing + 225, facecolor="black",
                       alpha=0.08, linewidth=0, zorder=3))
    ax.add_patch(Wedge(chip.position, fan, chip.facing - 45, chip.facing + 45, facecolor=colour,
                       alpha=0.30, edgecolor=colour, linewidth=0.6, zorder=3))
    ax.add_patch(Circle(chip.position, radius, facecolor=colour, edgecolor="black",
                        linewidth=2.0 if highlight else 0.9, linestyle="--" if chip.flying else "-", zorder=4))
    ax.add_patch(Wedge(chip.position, radius, chip.facing - 45, chip.facing + 45, facecolor="white",
                       alpha=0.75, linewidth=0, zorder=4.1))
    label = chip.name + (" (flies)" if chip.flying else "")
    ax.annotate(label, (chip.x, chip.y - radius - 0.4), fontsize=7, ha="center", va="top",
                fontweight="bold" if highlight else "normal", path_effects=_OUTLINE, zorder=6)


def _draw_sight_lines(ax, table: Table, observer: str) -> None:
    matrix = sight_matrix(table)
    i = matrix.names.index(observer)
    source = table.chip(observer)
    for j, target in enumerate(matrix.names):
        if j == i:
            continue
        other = table.chip(target)
        xs, ys = (source.x, other.x), (source.y, other.y)
        if matrix.clear[i, j]:
            in_view = bool(matrix.in_view[i, j])
            ax.plot(xs, ys, color=CLEAR_COLOUR, linewidth=1.6 if in_view else 1.1,
                    linestyle="-" if in_view else ":", alpha=0.9, zorder=2.5)
        else:
            ax.plot(xs, ys, color=BLOCKED_COLOUR, linewidth=1.2, linestyle="--", alpha=0.85, zorder=2.5)
            at = 0.6
            angle = math.degrees(math.atan2(other.y - source.y, other.x - source.x))
            if angle > 90:
                angle -= 180
            elif angle < -90:
                angle += 180
            ax.annotate(", ".join(matrix.blockers(observer, target)),
                        (source.x + at * (other.x - source.x), source.y + at * (other.y - source.y)),
                        fontsize=6, color=BLOCKED_COLOUR, ha="center", va="bottom", rotation=angle,
                        rotation_mode="anchor", transform_rotates_text=True,
                        path_effects=_OUTLINE, zorder=5.5)
