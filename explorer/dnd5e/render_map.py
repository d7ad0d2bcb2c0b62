"""The battle map (Kampfkarte) drawn with matplotlib, in metres.

* :func:`draw_map` draws a :class:`~explorer.dnd5e.battlemap.BattleMap` on an Axes: the 1.5 m grid
  when the map is measured on it (ruling ``dnd5e.measuring``), walls and obstacles, the areas by
  kind (colour and hatch, a German legend), the creatures as their spaces (squares, or circles by
  ``dnd5e.space-shape``) in their side's colour with name, hit points ("TP 7/11") and conditions
  placed clear of creatures, walls, the path and each other, each name nearest its creature
  (:func:`place_labels`, one :class:`~explorer.core.render_labels.LabelPlacer` for every picture), a
  flyer in the air with a dashed outline and "fliegt";
  optionally a :class:`~explorer.dnd5e.movement.Movement` (its path, each leg's cost, the points
  where it provokes a Gelegenheitsangriff, its jumps) and a reachable region shaded.
* :func:`map_png` is the same as PNG bytes (``BattleMap._repr_png_`` may call it).
* :class:`MapPicture` is an encounter's picture on the ``System.picture`` protocol: one figure
  whose terrain is drawn once and whose creatures, labels and movement are redrawn over it.
"""

from __future__ import annotations

import html
import io
import math
from typing import Any, Iterable, Mapping

import numpy as np
import shapely
from matplotlib import patheffects
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Patch, PathPatch, Polygon, Rectangle
from matplotlib.path import Path
from matplotlib.ticker import MultipleLocator
from matplotlib.transforms import Bbox
from shapely.geometry import LineString, box
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from explorer.dnd5e.actions import KIND_WORDS
from explorer.core.display import pixels_png
from explorer.core.inputs import InputError
from explorer.core.render_blit import BlittedChart
from explorer.core.render_labels import LabelPlacer, annotation, legend_below, notebook_font_size, raise_to_notebook_minimum
from explorer.dnd5e.battlemap import AREA_KINDS, BattleMap, Token, point
from explorer.dnd5e.creatures import SQUARE
from explorer.dnd5e.movement import Movement

AREA_STYLES = {
    "schwierig": ("schwieriges Gelände", "#e6d3a3", "..", "#8c6d31"),
    "wasser": ("Wasser", "#a6cee3", "--", "#1f78b4"),
    "kletterbar": ("kletterbar", "#c7e9c0", "++", "#31a354"),
    "abgrund": ("Abgrund/Graben", "#5b4636", "xx", "#c9b8a6"),
    "mauer": ("niedrige Mauer", "#d4d4d4", "////", "#525252"),
}
"""Per area kind (:data:`~explorer.dnd5e.battlemap.AREA_KINDS`): legend text, face colour, hatch, edge."""
assert set(AREA_STYLES) == set(AREA_KINDS)
WALL_COLOUR = "#4a4a4a"
GRID_COLOUR = "#d0d0d0"
SIDE_COLOURS = ("#2c7bb6", "#d7191c", "#1a9641", "#7b3294", "#fdae61", "#404040")
"""The sides' colours in order of first appearance on the map."""
KNOWN_SIDES = {"Helden": SIDE_COLOURS[0], "Monster": SIDE_COLOURS[1]}
ACTING_COLOUR = "#f2b400"
PATH_COLOUR = "#222222"
COSTLY_COLOUR = "#e66101"
ATTACK_COLOUR = "#b2182b"
REACH_COLOUR = "#66c2a5"
OUTLINE = [patheffects.withStroke(linewidth=2.4, foreground="white")]
WIDTH = 6.5
"""Inches a map picture is wide (inside the notebook width: its text shows at full size)."""
MARGINS = (0.65, 0.2, 0.4)
"""Left, right and top margins (inches); the bottom one fits the tick labels and the legend."""
MAX_GRID_LINES = 300
"""A finer grid (a large map) is left out: its lines would merge into a grey surface."""
GRID_GID = "dnd-grid"
CREATURE_GID = "dnd-creature:"
"""A creature's drawn space has the gid ``dnd-creature:<name>``."""
WALL_GID, AREA_GID, REACH_GID = "dnd-wall", "dnd-area", "dnd-reachable"
PATH_GID, JUMP_GID, ARROW_GID = "dnd-path", "dnd-jump", "dnd-arrow"
"""The gids of a movement's straight pieces (lines), jump arcs and arrowhead (patches)."""
ALOFT_GID = "dnd-aloft"
ALOFT_WORDS = "fliegt (in der Luft)"
"""A flyer in the air (``Token.aloft``): a dashed outline round its space, "fliegt" in its label."""
LABEL_PAD = 0.15
"""A movement label's white box reaches this part of its font size beyond its text."""
ALONG = (0.5, 0.3, 0.7, 0.15, 0.85)
"""Where along its leg (parts of the way) a leg's label may stand, the middle first."""
WRAP_FROM = 44
"""A movement label longer than this (characters) goes on two lines, broken at a comma."""
LEADER_FROM = 12.0
"""A movement label placed farther than this (points) from its point gets a leader line to it."""
JUMP_BEND = -0.35
"""How far a jump's arc bows out (matplotlib ``arc3`` rad)."""


# ---------------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------------
def metres_text(value) -> str:
    """``4,5 m`` (German decimal comma, at most two decimals)."""
    return (f"{float(value):.2f}".rstrip("0").rstrip(".")).replace(".", ",") + " m"


def leg_text(leg, numbered: bool = False) -> str:
    """A leg's label: its length, what makes it dearer and its cost, e.g. ``3 m, schwieriges
    Gelände: 6 m``; a jump ``Weitsprung 3 m`` (its cost only when it differs: a landing in difficult
    terrain)."""
    extras: list[str] = []

    def add(word: str) -> None:
        if word not in extras:
            extras.append(word)

    for piece in leg.pieces:
        for text, _rule in piece.reasons if piece.rate > 1 else ():
            if text.startswith("Bereich von "):  # another creature's space (SICH UM ANDERE KREATUREN HERUM BEWEGEN)
                add(text.split(":")[0].split(" gilt als")[0].split(" und schwieriges")[0])
            if text.startswith("schwieriges Gelände") or "und schwieriges Gelände" in text:
                add("schwieriges Gelände")
        if piece.mode in ("klettern", "schwimmen", "kriechen", "fliegen"):
            add(piece.mode)
    words = ("Weitsprung " if leg.jump is not None else "") + metres_text(leg.length)
    if extras:
        words += ", " + ", ".join(extras)
    if extras or leg.cost != leg.length:
        words += ": " + metres_text(leg.cost)
    return f"{leg.index + 1}: {words}" if numbered else words


def token_text(token: Token, hp: tuple[int, int] | None, notes: Iterable[str] = ()) -> str:
    """Name on the first line; ``TP 7/11``, the conditions, "fliegt" (aloft) and ``notes`` on the second."""
    second = [f"TP {hp[0]}/{hp[1]}"] if hp is not None else []
    second += sorted(token.conditions) + (["fliegt"] if token.aloft else []) + [n for n in notes if n]
    return token.name + ("\n" + ", ".join(second) if second else "")


def side_colours(battle_map: BattleMap) -> dict[str, str]:
    """Each side's colour, in order of first appearance: the shipped sides Helden blue and Monster
    red on every map, any other side the next free colour of :data:`SIDE_COLOURS`."""
    sides: list[str] = []
    for token in battle_map.tokens:
        if token.side not in sides:
            sides.append(token.side)
    out = {side: KNOWN_SIDES[side] for side in sides if side in KNOWN_SIDES}
    spare = iter([c for c in SIDE_COLOURS if c not in out.values()] * (len(sides) + 1))
    for side in sides:
        if side not in out:
            out[side] = next(spare)
    return {side: out[side] for side in sides}


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------
def reachable_geometry(reachable: Any) -> BaseGeometry | None:
    """``reachable`` as one geometry: a shapely geometry as it is, or a collection of grid squares
    (each the ``(x, y)`` centre of a 1.5 m square, in metres) as their union."""
    if reachable is None or isinstance(reachable, BaseGeometry):
        return reachable
    if not isinstance(reachable, (list, tuple, set, frozenset)) or len(reachable) > 1_000_000:
        raise InputError("argument", "reachable", "a shapely geometry or a collection of (x, y) square centres",
                         reachable)
    half = float(SQUARE) / 2
    squares = []
    for index, centre in enumerate(reachable):
        x, y = (float(v) for v in point(centre, f"reachable[{index}]"))
        squares.append(box(x - half, y - half, x + half, y + half))
    return shapely.union_all(squares)


def _names(battle_map: BattleMap, highlight: Any) -> set[str]:
    if highlight is None:
        return set()
    names = {highlight} if isinstance(highlight, str) else highlight
    if not isinstance(names, (list, tuple, set, frozenset)):
        raise InputError("argument", "highlight", "a creature's name or a collection of names", highlight)
    for name in names:
        battle_map.token(name)  # InputError naming the creatures otherwise
    return set(names)


def _hp(battle_map: BattleMap, hp: Mapping[str, Any] | None) -> dict[str, tuple[int, int]]:
    """Each creature's (hit points, maximum): from ``hp`` (name -> points, or (points, maximum)),
    else the maximum of its stat block."""
    out = {t.name: (t.creature.hit_points, t.creature.hit_points) for t in battle_map.tokens}
    if hp is None:
        return out
    if not isinstance(hp, Mapping):
        raise InputError("argument", "hp", "a mapping of creature name to hit points", hp)
    for name, value in hp.items():
        battle_map.token(name)
        pair = value if isinstance(value, (tuple, list)) else (value, out[name][1])
        if len(pair) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair):
            raise InputError("argument", f"hp[{name}]", "hit points (or hit points and maximum) as whole numbers", value)
        out[name] = (int(pair[0]), int(pair[1]))
    return out


# ---------------------------------------------------------------------------------------------
# Shapes
# ---------------------------------------------------------------------------------------------
def geometry_path(geometry: BaseGeometry) -> Path | None:
    """A polygon, multipolygon or collection as one filled matplotlib path (holes kept), or None."""
    polygons = [g for g in shapely.get_parts(shapely.get_parts(geometry)) if g.geom_type == "Polygon" and not g.is_empty]
    if not polygons:
        return None
    vertices, codes = [], []
    for polygon in polygons:
        polygon = orient(polygon, 1.0)
        for ring in (polygon.exterior, *polygon.interiors):
            xy = np.asarray(ring.coords)
            vertices.append(xy)
            codes.append([Path.MOVETO] + [Path.LINETO] * (len(xy) - 2) + [Path.CLOSEPOLY])
    return Path(np.concatenate(vertices), np.concatenate(codes))


def _patch(ax, shape, **style) -> PathPatch:
    return ax.add_patch(PathPatch(geometry_path(shape), **style))


# ---------------------------------------------------------------------------------------------
# The terrain: grid, areas, walls (drawn once by MapPicture)
# ---------------------------------------------------------------------------------------------
MAX_TICKS = 8
"""At most about this many tick labels along a side of a grid map: ticks every 3 m (two squares), or every 6 m ..."""


def draw_terrain(ax, battle_map: BattleMap) -> list:
    """The map's ground, grid, areas and walls on ``ax`` in metres, equal aspect; returns the
    patches that labels must avoid (walls)."""
    w, h = float(battle_map.width), float(battle_map.height)
    ax.add_patch(Rectangle((0, 0), w, h, facecolor="#fbf8f1", edgecolor="none", zorder=0))
    ax.add_patch(Rectangle((0, 0), w, h, facecolor="none", edgecolor="black", linewidth=1.0, zorder=1.6))
    for area in battle_map.areas:
        _label, face, hatch, edge = AREA_STYLES[area.kind]
        _patch(ax, area.shape, facecolor=face, hatch=hatch, edgecolor=edge, linewidth=0.8, zorder=1, gid=AREA_GID)
        if area.rough:
            _patch(ax, area.shape, facecolor="none", edgecolor=edge, linewidth=1.8, linestyle=(0, (3, 2)), zorder=1.1,
                   gid=AREA_GID)
    if battle_map.grid:
        step = float(SQUARE)
        xs, ys = np.arange(0, w + 1e-9, step), np.arange(0, h + 1e-9, step)
        if len(xs) + len(ys) <= MAX_GRID_LINES:
            segments = [((x, 0), (x, h)) for x in xs] + [((0, y), (w, y)) for y in ys]
            ax.add_collection(LineCollection(segments, colors=GRID_COLOUR, linewidths=0.6, zorder=1.5, gid=GRID_GID))
        for axis, extent in ((ax.xaxis, w), (ax.yaxis, h)):  # ticks on grid lines: every 2k squares, whole metres
            squares = 2 * max(1, math.ceil(extent / (step * MAX_TICKS * 2)))
            axis.set_major_locator(MultipleLocator(step * squares))
    walls = [_patch(ax, wall.shape, facecolor=WALL_COLOUR, edgecolor="black", linewidth=0.8, zorder=2, gid=WALL_GID)
             for wall in battle_map.walls]
    ax.set_xlim(-0.3, w + 0.3)
    ax.set_ylim(-0.3, h + 0.3)
    ax.set_aspect("equal")
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    return walls


def legend_entries(battle_map: BattleMap, *, moves: bool = False, jumps: bool = False, reach: bool = False,
                   acting: bool = False, dearer: bool = True, attacks: bool = True,
                   aloft: bool | None = None) -> tuple[list, list[str]]:
    """The legend's handles and German texts: the sides, the area kinds on the map, walls, a flyer in
    the air (``aloft``; default: whether one is), and the marks asked for: ``acting``, ``reach``,
    ``moves`` (the path, with ``dearer`` pieces and Gelegenheitsangriffe, ``attacks``), ``jumps``."""
    handles, labels = [], []
    for side, colour in side_colours(battle_map).items():
        handles.append(Patch(facecolor=colour, edgecolor="black"))
        labels.append(side)
    for kind in AREA_KINDS:
        areas = battle_map.areas_of(kind)
        if areas:
            text, face, hatch, edge = AREA_STYLES[kind]
            if kind == "mauer":
                text += " (" + ", ".join(metres_text(v) for v in sorted({a.height for a in areas})) + ")"
            handles.append(Patch(facecolor=face, hatch=hatch, edgecolor=edge))
            labels.append(text)
    if any(a.rough for a in battle_map.areas):
        handles.append(Patch(facecolor="none", edgecolor="#555555", linestyle=(0, (3, 2)), linewidth=1.8))
        labels.append("rutschig/rau (Athletik)")
    if battle_map.walls:
        handles.append(Patch(facecolor=WALL_COLOUR, edgecolor="black"))
        labels.append("Wand/Hindernis")
    if any(t.aloft for t in battle_map.tokens) if aloft is None else aloft:
        handles.append(Patch(facecolor="none", edgecolor="black", linestyle=(0, (2, 1.5)), linewidth=1.4))
        labels.append(ALOFT_WORDS)
    if acting:
        handles.append(Patch(facecolor="none", edgecolor=ACTING_COLOUR, linewidth=2.5))
        labels.append("am Zug")
    if reach:
        handles.append(Patch(facecolor=REACH_COLOUR, alpha=0.35, edgecolor=REACH_COLOUR))
        labels.append("erreichbar")
    if moves:
        handles.append(Line2D([], [], color=PATH_COLOUR, linewidth=2))
        labels.append("Weg: kostet 1 m je m")
        if dearer:
            handles.append(Line2D([], [], color=COSTLY_COLOUR, linewidth=2.5))
            labels.append("Weg: kostet 2 m je m und mehr")
        if attacks:
            handles.append(Line2D([], [], marker="X", color=ATTACK_COLOUR, markeredgecolor="white", markersize=10,
                                  linestyle="none"))
            labels.append("Gelegenheitsangriff")
    if jumps:
        handles.append(Line2D([], [], color=PATH_COLOUR, linewidth=1.6, linestyle=(0, (1, 1.5))))
        labels.append("Weitsprung")
    return handles, labels


# ---------------------------------------------------------------------------------------------
# Creatures and movement (redrawn by MapPicture)
# ---------------------------------------------------------------------------------------------
def draw_creatures(ax, battle_map: BattleMap, *, hp: Mapping[str, tuple[int, int]],
                   highlight: set[str]) -> list[tuple[Token, Any]]:
    """Each creature's space (slightly inset, so neighbours stay apart) in its side's colour: greyed
    at 0 hit points, hatched when liegend, a gold edge when highlighted, a dashed outline when aloft
    (gid :data:`ALOFT_GID`); returns (token, patch), each patch of gid ``dnd-creature:<name>``."""
    colours = side_colours(battle_map)
    out = []
    for token in battle_map.tokens:
        x, y = (float(v) for v in token.position)
        half = float(battle_map.half_side(token)) * 0.86
        down = hp[token.name][0] <= 0
        style = dict(facecolor="#cfcfcf" if down else colours[token.side], edgecolor=colours[token.side] if down else "black",
                     linewidth=1.0, hatch="////" if token.prone else None, zorder=4)
        if token.name in highlight:
            style.update(edgecolor=ACTING_COLOUR, linewidth=3.0)
        style["gid"] = CREATURE_GID + token.name
        out.append((token, ax.add_patch(_space(battle_map, x, y, half, **style))))
        if token.aloft:  # a dashed outline just outside the space drawn
            ax.add_patch(_space(battle_map, x, y, half / 0.86 * 0.97, facecolor="none", edgecolor="black",
                                linewidth=1.3, linestyle=(0, (2.5, 1.5)), zorder=4.1, gid=ALOFT_GID))
    return out


def _space(battle_map: BattleMap, x: float, y: float, half: float, **style):
    if battle_map.round_spaces:
        return Circle((x, y), half, **style)
    return Rectangle((x - half, y - half), 2 * half, 2 * half, **style)


def draw_movement(ax, movement: Movement) -> tuple[list, list[tuple[tuple[float, float], str, dict]]]:
    """The path piece by piece (dearer pieces in orange and thicker; jumps as a dotted arc), an
    arrow at the end, and an X where each Gelegenheitsangriff is provoked; returns the lines drawn
    (points, for the labels to avoid) and the labels to place: (anchor, text, style), a leg's with
    the points along it (:data:`ALONG`) where it may stand instead."""
    lines, labels = [], []
    numbered = len(movement.legs) > 1
    for leg in movement.legs:
        for piece in leg.pieces:
            a, b = tuple(map(float, piece.start)), tuple(map(float, piece.end))
            if leg.jump is not None:
                ax.add_patch(FancyArrowPatch(a, b, connectionstyle=f"arc3,rad={JUMP_BEND}", arrowstyle="-",
                                             color=PATH_COLOUR, linewidth=1.6, linestyle=(0, (1, 1.5)), zorder=5,
                                             gid=JUMP_GID))
                lines.append(_arc(a, b))
                continue
            else:
                dear = piece.rate > 1
                ax.plot([a[0], b[0]], [a[1], b[1]], color=COSTLY_COLOUR if dear else PATH_COLOUR,
                        linewidth=2.8 if dear else 2.0, solid_capstyle="round", zorder=5, gid=PATH_GID)
            lines.append([a, b])
        mid = ((float(leg.start[0]) + float(leg.end[0])) / 2, (float(leg.start[1]) + float(leg.end[1])) / 2)
        along = [(float(leg.start[0]) + t * (float(leg.end[0]) - float(leg.start[0])),
                  float(leg.start[1]) + t * (float(leg.end[1]) - float(leg.start[1]))) for t in ALONG]
        labels.append((mid, _wrapped(leg_text(leg, numbered)), dict(color=PATH_COLOUR), along))
    if movement.legs:
        last = movement.legs[-1]
        tip = tuple(map(float, last.end))
        tail = tuple(map(float, last.pieces[-1].start)) if last.pieces else tuple(map(float, last.start))
        ax.add_patch(Polygon(_arrowhead(ax, tail, tip), closed=True, facecolor=PATH_COLOUR, edgecolor="none",
                             zorder=5.2, gid=ARROW_GID))
    if movement.stand_up_cost:
        labels.append((tuple(map(float, movement.start)), f"Aufstehen: {metres_text(movement.stand_up_cost)}",
                       dict(color=PATH_COLOUR)))
    for oa in movement.opportunity_attacks:
        at = tuple(map(float, oa.at))
        ax.plot(*at, marker="X", markersize=13, color=ATTACK_COLOUR, markeredgecolor="white", markeredgewidth=1.2,
                linestyle="none", zorder=6, gid="dnd-opportunity-attack")
        labels.append((at, f"Gelegenheitsangriff:\n{oa.attacker}", dict(color=ATTACK_COLOUR, fontweight="bold")))
    return lines, labels


ARROWHEAD = (6.4, 3.2)
"""The arrowhead's length and half width, in points."""


def _arrowhead(ax, tail, tip) -> np.ndarray:
    """The arrowhead's triangle (data units) at ``tip``, pointing from ``tail``, :data:`ARROWHEAD` in
    points at the axes' scale now (a map's axes keep their size)."""
    ax.apply_aspect()
    per_point = ax.figure.dpi / 72.0 / abs(ax.transData.transform((1, 0))[0] - ax.transData.transform((0, 0))[0])
    (x0, y0), (x1, y1) = tail, tip
    length = float(np.hypot(x1 - x0, y1 - y0)) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    back, half = ARROWHEAD[0] * per_point, ARROWHEAD[1] * per_point
    bx, by = x1 - ux * back, y1 - uy * back
    return np.array([(x1, y1), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)])


def _wrapped(words: str) -> str:
    """``words`` on two lines, broken at the comma nearest the middle, when longer than :data:`WRAP_FROM`."""
    commas = [i for i in range(len(words)) if words.startswith(", ", i)]
    if len(words) <= WRAP_FROM or not commas:
        return words
    cut = min(commas, key=lambda i: abs(i - len(words) / 2))
    return words[:cut + 1] + "\n" + words[cut + 2:]


def _arc(a, b, bend: float = JUMP_BEND, n: int = 12) -> list[tuple[float, float]]:
    """Points along the jump's arc (matplotlib's ``arc3``: a quadratic curve whose control point is
    the middle moved by ``bend`` times the leg, square to it; equal aspect)."""
    (x1, y1), (x2, y2) = a, b
    cx, cy = (x1 + x2) / 2 + bend * (y2 - y1), (y1 + y2) / 2 - bend * (x2 - x1)
    ts = np.linspace(0, 1, n)
    return [((1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2, (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2)
            for t in ts]


AREA_COLOUR = "#d9480f"
"""An effect's area on the map (a Feueratem's cone): orange, apart from the reachable region's colour."""


def draw_reachable(ax, geometry: BaseGeometry | None):
    if geometry is None or geometry.is_empty:
        return None
    path = geometry_path(geometry)
    if path is None:
        return None
    return ax.add_patch(PathPatch(path, facecolor=REACH_COLOUR, alpha=0.3, edgecolor=REACH_COLOUR, linewidth=1.2,
                                  zorder=3, gid=REACH_GID))


def _spots(gap: float, rings: int = 4, step: float = 7.0) -> list[tuple[float, float, str, str]]:
    """Offsets (points) around a square of half side ``gap``: below, above, right, left, then the
    corners, ring after ring; last, above and below flush with the square's left or right side (a wide
    label beside a map corner, where the centred one would leave the axes and the corner ones cross a
    path: tried only when none of the others is clear)."""
    out = []
    for k in range(rings):
        g = gap + k * step
        out += [(0, -g, "center", "top"), (0, g, "center", "bottom"), (g, 0, "left", "center"),
                (-g, 0, "right", "center"), (g, -g, "left", "top"), (-g, -g, "right", "top"),
                (g, g, "left", "bottom"), (-g, g, "right", "bottom")]
    side = max(gap - 2.0, 0.0)
    for k in range(rings):
        g = gap + k * step
        out += [(-side, g, "left", "bottom"), (side, g, "right", "bottom"), (-side, -g, "left", "top"),
                (side, -g, "right", "top")]
    return out


def place_labels(ax, battle_map: BattleMap, creatures: list[tuple[Token, Any]], walls: list, lines: list,
                 texts: Mapping[str, str], extra: list[tuple[tuple[float, float], str, dict]]) -> dict[str, Any]:
    """Every label of a map picture (:func:`draw_map`, :func:`map_png`, :class:`MapPicture`,
    :class:`KartenBild`), by one :class:`~explorer.core.render_labels.LabelPlacer`: first each
    creature's (``texts``), nearest its own creature (a place nearer another reads as that one's),
    then the movement's (``extra``: each leg's cost, Aufstehen, Gelegenheitsangriff), each clear of
    the creatures' spaces, the walls, the path (``lines``, a band 8 pt wide) and its arrowhead, the
    labels before it, inside the axes and, where it can, off the map's edge.  A leg's label may
    stand anywhere along its leg (:data:`ALONG`).  A movement label is measured once, as its text
    and white box alone (one measurement serves every candidate place, which keeps a panel's click
    fast); once it stands, a leader line (a :class:`~matplotlib.lines.Line2D` of gid
    :data:`LEADER_GID`, apart from the label) joins it to its point when it is farther than
    :data:`LEADER_FROM`; a place whose leader would cross a label or another creature costs
    :data:`LEADER_CROSSING`.
    Returns the texts by creature name (``#k`` for the extra)."""
    figure = ax.figure
    size = notebook_font_size(None, figure)
    placer = LabelPlacer(ax)
    for token in battle_map.tokens:  # the whole space, not only the inset patch drawn on it
        placer.avoid_path(geometry_path(battle_map.space(token)))
    for wall in walls:
        placer.avoid_patch(wall)
    for patch in ax.patches:
        if patch.get_gid() == ARROW_GID:  # the arrowhead
            placer.avoid_patch(patch)
    w, h = float(battle_map.width), float(battle_map.height)
    placer.avoid_line([(0, 0), (w, 0), (w, h), (0, h), (0, 0)])  # the map's edge: a label across it costs a little
    per_metre = abs(ax.transData.transform((1, 0))[0] - ax.transData.transform((0, 0))[0]) * 72.0 / figure.dpi
    for line in lines:  # the path as a band 8 pt wide: a label crossing it would hide where it goes
        band = geometry_path(LineString(line).buffer(4.0 / per_metre))
        if band is not None:
            placer.avoid_path(band)
    spaces = {t.name: (tuple(float(v) for v in t.position), float(battle_map.half_side(t))) for t in battle_map.tokens}
    out, boxes = {}, []
    for token, _patch in creatures:
        text = annotation(ax, texts[token.name], spaces[token.name][0], fontsize=size, ha="center",
                          va="top", linespacing=1.1, path_effects=OUTLINE, zorder=7)
        _place_next_to(placer, text, _spots(spaces[token.name][1] * per_metre + 2.0, rings=5), spaces[token.name],
                       list(spaces.values()))
        boxes.append(placer.boxes[-1])
        out[token.name] = text
    spots = _spots(6.0, rings=10, step=6.0)
    k_px = figure.dpi / 72.0
    pad = LABEL_PAD * size * k_px
    solids = [Bbox(ax.transData.transform(np.reshape(battle_map.space(t).bounds, (2, 2)))) for t in battle_map.tokens]
    for k, (at, words, style, *along) in enumerate(extra):
        text = annotation(ax, words, at, fontsize=size, linespacing=1.1, zorder=7.5,
                          bbox=dict(boxstyle=f"round,pad={LABEL_PAD}", facecolor="white", edgecolor="none", alpha=0.85),
                          ha="center", va="center", **style)
        measured = text.get_window_extent(placer.renderer)  # measured once, as the text alone
        anchors = [tuple(float(v) for v in a) for a in (along[0] if along else [at])]
        w, h = float(measured.width), float(measured.height)
        shift_x, shift_y = {"left": 0.0, "center": w / 2, "right": w}, {"bottom": 0.0, "center": h / 2, "top": h}
        candidates, penalty, where = [], [], []
        for j, anchor in enumerate(anchors):
            ax0, ay0 = (float(v) for v in ax.transData.transform(anchor))
            crossing = _leaders_crossing((ax0, ay0), spots, boxes + [b for b in solids if not b.contains(ax0, ay0)],
                                         k_px)
            for i, (dx, dy, ha, va) in enumerate(spots):  # nearer the anchor first, then the middle first
                x0, y0 = ax0 + dx * k_px - shift_x[ha], ay0 + dy * k_px - shift_y[va]
                candidates.append((x0 - pad, y0 - pad, x0 + w + pad, y0 + h + pad))  # with its white box
                penalty.append((i * len(anchors) + j) * 1e-6 + LEADER_CROSSING * crossing[i])
                where.append((anchor, (ax0, ay0), spots[i]))
        best, _cost = placer.choose(candidates, penalty)
        anchor, (ax0, ay0), (dx, dy, ha, va) = where[best]
        text.xy = anchor
        text.xyann = (dx, dy)
        text.set_ha(ha)
        text.set_va(va)
        if max(abs(dx), abs(dy)) > LEADER_FROM:
            ends = ax.transData.inverted().transform(_leader_ends((ax0, ay0), candidates[best], k_px))
            ax.add_line(Line2D(ends[:, 0], ends[:, 1], color=style.get("color", PATH_COLOUR), linewidth=0.7,
                               zorder=7.4, gid=LEADER_GID))
        boxes.append(Bbox.from_extents(*candidates[best]))
        out[f"#{k}"] = text
    return out


RING_COST = 15.0
"""What each ring of places farther out costs a creature's label in :func:`place_labels`: a spot 7 pt
farther out must save more than this (a label across the map's edge costs 50, four rings out cost more),
so a label stays next to its token rather than jumping over a path to a clear spot metres away
(issue 11: "Magierin TP 8/8" 3 m off)."""
MISREAD_COST = 900.0
"""A spot where a creature's label reads as another creature's (as
:func:`explorer.core.render_labels.label_collisions` judges: nearer that one by :data:`NEARER`)."""
NEARER = 0.6


def _place_next_to(placer: LabelPlacer, text, spots: list, own: tuple, rivals: list) -> None:
    """Put a creature's label (an annotation at its centre, offset in points) at the least costly of
    ``spots`` (:func:`_spots`, ring after ring): its collisions (:meth:`LabelPlacer.choose`), plus
    :data:`RING_COST` per ring out and :data:`MISREAD_COST` where it reads as one of ``rivals``' -- each
    ``(centre, half side)`` in metres, ``own`` the creature's.  The chosen box is avoided by the next labels."""
    ax = text.axes
    renderer = placer.renderer
    text.xyann = (0.0, 0.0)
    text.set_ha("center")
    text.set_va("center")
    measured = text.get_window_extent(renderer)
    w, h = float(measured.width), float(measured.height)
    k_px = ax.figure.dpi / 72.0
    (cx, cy), = ax.transData.transform([own[0]])
    shift_x, shift_y = {"left": 0.0, "center": w / 2, "right": w}, {"bottom": 0.0, "center": h / 2, "top": h}
    boxes = np.array([(cx + dx * k_px - shift_x[ha], cy + dy * k_px - shift_y[va],
                       cx + dx * k_px - shift_x[ha] + w, cy + dy * k_px - shift_y[va] + h)
                      for dx, dy, ha, va in spots])
    per_ring = 8  # _spots: eight places a ring, then four flush ones a ring
    rings = len(spots) // 12 or 1
    ring = np.array([i // per_ring if i < per_ring * rings else (i - per_ring * rings) // 4 for i in range(len(spots))])

    def gaps(centre, radius):
        (px, py), (ex, _ey) = ax.transData.transform([centre, (centre[0] + radius, centre[1])])
        r = abs(float(ex - px))
        dx = np.maximum(np.maximum(boxes[:, 0] - px, 0.0), px - boxes[:, 2])
        dy = np.maximum(np.maximum(boxes[:, 1] - py, 0.0), py - boxes[:, 3])
        return np.maximum(0.0, np.hypot(dx, dy) - r)

    mine = gaps(*own)
    penalty = RING_COST * ring + np.arange(len(spots)) * 1e-6
    for centre, radius in rivals:
        if max(abs(centre[0] - own[0][0]), abs(centre[1] - own[0][1])) > 1e-6:
            penalty = penalty + np.where(gaps(centre, radius) + 0.5 < NEARER * mine, MISREAD_COST, 0.0)
    best, _cost = placer.choose(boxes, penalty)
    dx, dy, ha, va = spots[best]
    text.xyann = (dx, dy)
    text.set_ha(ha)
    text.set_va(va)


LEADER_CROSSING = 2000.0
"""What a movement label's leader line crossing another label or a creature costs in :func:`place_labels`:
more than crossing a line (50), less than covering a label or a creature (5000 and more)."""


LEADER_GID = "dnd-leader"


def _leader_ends(anchor, label: tuple, k_px: float) -> np.ndarray:
    """A leader line's ends (pixels): from 4 pt short of the ``anchor`` to 1 pt outside the ``label``
    box (x0, y0, x1, y1), on the line between the anchor and the box's centre."""
    (px, py), (x0, y0, x1, y1) = anchor, label
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    vx, vy = px - cx, py - cy
    # the fraction of the way to the anchor at which the line leaves the box (grown by 1 pt)
    half_w, half_h = (x1 - x0) / 2 + k_px, (y1 - y0) / 2 + k_px
    out = min(half_w / abs(vx) if vx else np.inf, half_h / abs(vy) if vy else np.inf)
    start = (cx + out * vx, cy + out * vy)
    length = float(np.hypot(vx, vy)) * max(0.0, 1.0 - out)
    short = min(4.0 * k_px, length) / float(np.hypot(vx, vy) or 1.0)
    end = (px - short * vx, py - short * vy)
    return np.array([start, end])


def _leaders_crossing(anchor, spots: list, boxes: list, k_px: float) -> np.ndarray:
    """1 for each of ``spots`` (offsets in points) whose leader line -- drawn beyond
    :data:`LEADER_FROM` from the ``anchor`` (pixels) to the offset -- crosses one of the label
    ``boxes`` (pixels), else 0."""
    if not boxes:
        return np.zeros(len(spots))
    ax0, ay0 = anchor
    segments = shapely.linestrings([[(ax0, ay0), (ax0 + dx * k_px, ay0 + dy * k_px)] for dx, dy, *_ in spots])
    shapes = shapely.union_all([box(b.x0 - 3, b.y0 - 3, b.x1 + 3, b.y1 + 3) for b in boxes])  # 3 px clear
    far = np.array([max(abs(dx), abs(dy)) > LEADER_FROM for dx, dy, *_ in spots])
    return (far & shapely.intersects(segments, shapes)).astype(float)



def drawn_marks(movement: Movement | None, reachable: BaseGeometry | None) -> dict[str, bool]:
    """Which marks a picture with ``movement`` and ``reachable`` draws (:func:`legend_entries`' keywords)."""
    legs = movement.legs if movement is not None else ()
    return dict(moves=movement is not None, jumps=any(leg.jump is not None for leg in legs),
                dearer=any(piece.rate > 1 and leg.jump is None for leg in legs for piece in leg.pieces),
                attacks=bool(movement is not None and movement.opportunity_attacks),
                reach=reachable is not None and not reachable.is_empty)


def draw_map(ax, battle_map: BattleMap, *, movement: Movement | None = None, reachable: Any = None,
             highlight: Any = None, hp: Mapping[str, Any] | None = None, notes: Mapping[str, list[str]] | None = None,
             title: str | None = None, legend: bool = True):
    """Draw ``battle_map`` on ``ax`` (metres, equal aspect) and return the axes.

    ``movement``: a :func:`~explorer.dnd5e.movement.move` result drawn as its path with each leg's
    cost, its Gelegenheitsangriffe and jumps; ``reachable``: a shapely geometry or a collection of
    grid squares' ``(x, y)`` centres, shaded; ``highlight``: a creature's name (or names) edged in
    gold (whose turn it is); ``hp``: name -> hit points or (hit points, maximum) (default: the
    stat block's maximum); ``notes``: name -> further words for its label (e.g. versteckt);
    ``title``: above the map (default: the movement's total cost, if any); ``legend``: below it."""
    if not isinstance(battle_map, BattleMap):
        raise InputError("argument", "battle_map", "a BattleMap", battle_map)
    if movement is not None and not isinstance(movement, Movement):
        raise InputError("argument", "movement", "a Movement (explorer.dnd5e.movement.move)", movement)
    marked, points = _names(battle_map, highlight), _hp(battle_map, hp)
    area = reachable_geometry(reachable)
    raise_to_notebook_minimum(ax.figure)
    walls = draw_terrain(ax, battle_map)
    draw_reachable(ax, area)
    creatures = draw_creatures(ax, battle_map, hp=points, highlight=marked)
    lines, extra = draw_movement(ax, movement) if movement is not None else ([], [])
    if title is None and movement is not None:
        title = f"Bewegung von {movement.name}: {metres_text(movement.cost)}"
    if title:
        ax.set_title(title, fontsize=notebook_font_size(None, ax.figure) + 1)
    if legend:
        handles, labels = legend_entries(battle_map, acting=bool(marked), **drawn_marks(movement, area))
        legend_below(ax, handles, labels, ncol=3, fontsize=notebook_font_size(None, ax.figure))
    raise_to_notebook_minimum(ax.figure)
    texts = {t.name: token_text(t, points[t.name], (notes or {}).get(t.name, ())) for t in battle_map.tokens}
    place_labels(ax, battle_map, creatures, walls, lines, texts, extra)
    return ax


# ---------------------------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------------------------
def map_figure(battle_map: BattleMap, width: float = WIDTH, dpi: int = 100) -> tuple[Figure, Any]:
    """A figure (Agg canvas, no pyplot) ``width`` inches wide with an axes shaped like the map."""
    left, right, top = MARGINS
    inner = width - left - right
    height_in = inner * float(battle_map.height) / float(battle_map.width)
    if height_in > 1.4 * inner:  # a tall map: narrower axes
        height_in = 1.4 * inner
    figure = Figure(figsize=(width, height_in + top + 1.0), dpi=dpi)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0, 0, 1, 1))
    _place_axes(figure, ax, height_in, bottom=1.0)
    return figure, ax


def _fitted_title(title, words: str) -> None:
    """Set the picture's title to ``words``, shortened when wider than the figure (it would be cut at its
    edge): first without its bracketed details ("Aktion genutzt (Magischen Gegenstand verwenden)" ->
    "Aktion genutzt"), then only up to its dash."""
    import re

    figure = title.figure
    renderer = figure.canvas.get_renderer()
    pad = 4 * figure.dpi / 72.0
    for candidate in (words, re.sub(r" \([^()]*\)", "", words), words.split(" — ")[0]):
        title.set_text(candidate)
        box = title.get_window_extent(renderer)  # centred over the axes, not the figure: both ends count
        if box.x0 >= figure.bbox.x0 + pad and box.x1 <= figure.bbox.x1 - pad:
            return


def _place_axes(figure: Figure, ax, height_in: float, bottom: float) -> None:
    left, right, top = MARGINS
    width = figure.get_figwidth()
    total = height_in + top + bottom
    figure.set_size_inches(width, total)
    ax.set_position((left / width, bottom / total, (width - left - right) / width, height_in / total))


def fit_bottom(figure: Figure, ax) -> None:
    """Grow or shrink the bottom margin to what the tick labels, axis label and legend need."""
    renderer = figure._get_renderer()
    legend = ax.get_legend()
    boxes = [ax.xaxis.get_tightbbox(renderer)] + ([legend.get_window_extent(renderer)] if legend else [])
    lowest = min(b.y0 for b in boxes if b is not None)
    need = (float(ax.bbox.y0) - lowest) / figure.dpi + 0.12
    height_in = float(ax.bbox.height) / figure.dpi
    _place_axes(figure, ax, height_in, bottom=need)


def map_png(battle_map: BattleMap, *, width: float = WIDTH, dpi: int = 100, **options) -> bytes:
    """:func:`draw_map` (same keywords) as PNG bytes, ``width`` inches wide."""
    figure, ax = map_figure(battle_map, width, dpi)
    draw_map(ax, battle_map, **options)
    fit_bottom(figure, ax)  # the axes keep their size: the placed labels only move with them
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=dpi)
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# An encounter's picture (System.picture protocol)
# ---------------------------------------------------------------------------------------------
EFFECT_WORDS = {"ausweichen": "weicht aus", "vorbereitet": "vorbereitet", "helfen-angriff": "hilft",
                "helfen-wurf": "hilft"}


def state_notes(state) -> dict[str, list[str]]:
    """Words for each creature's label beyond its conditions: versteckt, weicht aus, vorbereitet, hilft."""
    notes: dict[str, list[str]] = {t.name: [] for t in state.battle_map.tokens}
    for name in state.hidden():
        notes[name].append("versteckt")
    for kind, owner, *_ in state.effects():
        word = EFFECT_WORDS.get(kind)
        if word and word not in notes.get(owner, [word]):
            notes[owner].append(word)
    return notes


ACTION_WORDS = KIND_WORDS
"""The German name of each action in combat by its id (``EncounterState.action_used``): the actions' table."""


def status_line(state) -> str:
    """``Runde 2, Zug: Kämpferin — Aktion genutzt (Rückzug), Bewegung 4,5 m übrig``, or how the
    encounter ended; the action by its German name (:data:`ACTION_WORDS`)."""
    if state.is_terminal():
        won = f"Sieger: {state.winner}" if state.winner else "ohne Sieger"  # a side is a plural ("Monster")
        return f"Ende in Runde {state.round}: {won}"
    used = state.action_used
    action = "Aktion frei" if used is None else f"Aktion genutzt ({ACTION_WORDS.get(used, used)})"
    return (f"Runde {state.round}, Zug: {state.acting} — {action}, "
            f"Bewegung {metres_text(state.movement_left())} übrig")


TABLE_CSS = ("<style>div.dnd-box table.dnd-table{border-collapse:collapse;margin:0.2em 0}"
             "div.dnd-box table.dnd-table th{text-align:left;padding:0.15em 0.6em;border-bottom:1px solid #999}"
             "div.dnd-box table.dnd-table td{text-align:left;padding:0.15em 0.6em;border-bottom:1px solid #e4e4e4}"
             "div.dnd-box table.dnd-table td.dnd-number{text-align:right}</style>")
"""Left-aligned cells: the selectors have a div class and a table class, so they outrank
JupyterLab's ``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td`` (which right-aligns)."""


def players_html(state, viewer: Any = "public") -> str:
    """A table of the creatures: Kreatur, Seite, TP, Bedingungen (conditions and lasting effects),
    the acting one marked.  Everything on it is public: ``viewer`` changes nothing."""
    notes = state_notes(state)
    acting = None if state.is_terminal() else state.acting
    rows = []
    for token in state.battle_map.tokens:
        words = sorted(token.conditions) + notes[token.name]
        name = html.escape(token.name) + (" (am Zug)" if token.name == acting else "")
        rows.append(f"<tr><td>{name}</td><td>{html.escape(token.side)}</td>"
                    f"<td class='dnd-number'>{state.hp(token.name)}/{state.max_hp(token.name)}</td>"
                    f"<td>{html.escape(', '.join(words)) or '–'}</td></tr>")
    return (TABLE_CSS + "<div class='dnd-box'><table class='dnd-table'><tr><th>Kreatur</th><th>Seite</th>"
            "<th>TP</th><th>Bedingungen</th></tr>" + "".join(rows) + "</table></div>")


class MapPicture:
    """An encounter's battle map as one figure, updated in place (``System.picture`` protocol).

    ``MapPicture(state)`` draws the terrain and grid once (the saved background) and the
    creatures over it; ``update(state, movement=None, reachable=None)`` redraws only the creatures,
    their labels, the acting creature's gold edge, the title (:func:`status_line`) and, when
    given, a movement and a reachable region.  The legend lists only what is drawn (a changed one
    redraws the background once); the figure keeps the size of the fullest legend.  ``png()`` is
    the picture as PNG bytes (from the canvas buffer)."""

    @staticmethod
    def figure_size(state, width: float = WIDTH) -> tuple[float, float]:
        figure, ax = map_figure(state.battle_map, width)
        draw_terrain(ax, state.battle_map)
        _fullest_legend(ax, state.battle_map)
        fit_bottom(figure, ax)
        return tuple(float(v) for v in figure.get_size_inches())

    def __init__(self, state, *, figure: Figure | None = None, width: float = WIDTH, dpi: int = 100,
                 legend_marks: Mapping[str, bool] | None = None):
        """``legend_marks``: a fixed legend of these marks (:func:`legend_entries`' flags: ``moves``,
        ``reach`` ...), the marks a panel may draw, from the first picture on (the room kept for the
        fullest legend stood blank under a short one); None: the legend of what is drawn."""
        battle_map = state.battle_map
        self.legend_marks = None if legend_marks is None else dict(legend_marks)
        self._terrain_key = _terrain_key(battle_map)
        own_figure = figure is None
        if figure is None:
            figure, self.ax = map_figure(battle_map, width, dpi)
        else:
            if figure.canvas is None or not hasattr(figure.canvas, "copy_from_bbox"):
                FigureCanvasAgg(figure)
            self.ax = figure.add_axes((0, 0, 1, 1))  # sized by figure_size: the rest of the height is the bottom
            inner = (figure.get_figwidth() - MARGINS[0] - MARGINS[1])
            height_in = min(1.4 * inner, inner * float(battle_map.height) / float(battle_map.width))
            _place_axes(figure, self.ax, height_in, bottom=max(0.5, figure.get_figheight() - MARGINS[2] - height_in))
        self.figure = figure
        raise_to_notebook_minimum(figure)
        self.walls = draw_terrain(self.ax, battle_map)
        if own_figure:  # room for the fullest legend: the picture keeps its size whatever it shows
            _fullest_legend(self.ax, battle_map)
            fit_bottom(figure, self.ax)
            self.ax.get_legend().remove()
        self._legend_words: tuple = ()
        self.title = self.ax.set_title("", fontsize=notebook_font_size(None, figure) + 1)
        self.title.set_animated(True)
        self._dynamic: list = []
        self._background = None
        self.labels: dict[str, Any] = {}
        self.state = None
        figure.canvas.mpl_connect("draw_event", self._on_draw)
        self.update(state)

    def update(self, state, *, movement: Movement | None = None, reachable: Any = None) -> None:
        """Show ``state`` (of the same encounter: the same terrain), with a movement and a
        reachable region if given."""
        battle_map = state.battle_map
        if _terrain_key(battle_map) != self._terrain_key:
            raise ValueError("a MapPicture shows the states of one encounter: the terrain differs")
        for artist in self._dynamic:
            artist.remove()
        ax = self.ax
        before = {id(a) for a in (*ax.patches, *ax.lines, *ax.texts)}
        acting = set() if state.is_terminal() else {state.acting}
        points = {t.name: (state.hp(t.name), state.max_hp(t.name)) for t in battle_map.tokens}
        area = reachable_geometry(reachable)
        draw_reachable(ax, area)
        creatures = draw_creatures(ax, battle_map, hp=points, highlight=acting)
        lines, extra = draw_movement(ax, movement) if movement is not None else ([], [])
        self._legend(battle_map, acting=bool(acting), **drawn_marks(movement, area))
        notes = state_notes(state)
        texts = {t.name: token_text(t, points[t.name], notes[t.name]) for t in battle_map.tokens}
        self.labels = place_labels(ax, battle_map, creatures, self.walls, lines, texts, extra)
        self._dynamic = [a for a in (*ax.patches, *ax.lines, *ax.texts) if id(a) not in before]
        for artist in self._dynamic:
            artist.set_animated(True)
        _fitted_title(self.title, status_line(state))
        self.state = state
        self._refresh()

    def _legend(self, battle_map: BattleMap, **marks) -> None:
        """The legend of what is drawn (:func:`legend_entries`); a changed one is part of the
        background, which is then drawn afresh."""
        if self.legend_marks is not None:
            handles, labels = legend_entries(battle_map, **self.legend_marks)
        else:
            handles, labels = legend_entries(battle_map, **marks)
        if tuple(labels) == self._legend_words:
            return
        if self.ax.get_legend() is not None:
            self.ax.get_legend().remove()
        legend_below(self.ax, handles, labels, ncol=3, fontsize=notebook_font_size(None, self.figure))
        self._legend_words = tuple(labels)
        self._background = None

    def _on_draw(self, event) -> None:
        canvas = self.figure.canvas
        if canvas.is_saving():
            self._background = None
            return
        self._background = canvas.copy_from_bbox(self.figure.bbox)
        self._draw_dynamic()

    def _draw_dynamic(self) -> None:
        for artist in sorted([*self._dynamic, self.title], key=lambda a: a.get_zorder()):
            if artist.get_visible():
                self.ax.draw_artist(artist)

    def _refresh(self) -> None:
        canvas = self.figure.canvas
        if self._background is None:
            if hasattr(canvas, "send_event"):  # a browser canvas (ipympl) asks for the full draw
                canvas.draw_idle()
            else:
                canvas.draw()  # draw_event: the background saved, the rest drawn over it
            return
        canvas.restore_region(self._background)
        self._draw_dynamic()
        canvas.blit(self.figure.bbox)

    def png(self) -> bytes:
        """The picture as it is now, as PNG bytes (the canvas buffer, low compression)."""
        return pixels_png(self.figure.canvas)

    def show_area(self, geometry: BaseGeometry, *, colour: str = AREA_COLOUR) -> None:
        """Draw ``geometry`` -- an effect's area, such as a Feueratem's cone (:func:`explorer.dnd5e.items.cone`)
        -- translucent over the picture as it is now, until the next :meth:`update`."""
        path = None if geometry is None or geometry.is_empty else geometry_path(geometry)
        if path is None:
            return
        patch = self.ax.add_patch(PathPatch(path, facecolor=colour, alpha=0.22, edgecolor=colour, linewidth=1.6,
                                             linestyle="--", zorder=4))
        self.ax.draw_artist(patch)  # into the canvas buffer, over the creatures; the next update draws without it
        patch.remove()

    @property
    def pixel_size(self) -> tuple[int, int]:
        width, height = self.figure.canvas.get_width_height()
        return int(width), int(height)

    @staticmethod
    def status_line(state) -> str:
        return status_line(state)

    @staticmethod
    def players_html(state, viewer: Any = "public") -> str:
        return players_html(state, viewer)


def _fullest_entries(battle_map: BattleMap) -> tuple[list, list]:
    """The legend's handles and words for every mark a picture of ``battle_map`` may show (a flyer in
    the air if one of its creatures can fly)."""
    return legend_entries(battle_map, moves=True, jumps=True, reach=True, acting=True,
                          aloft=any(t.aloft or t.creature.speeds.fliegen for t in battle_map.tokens))


def _fullest_legend(ax, battle_map: BattleMap, **words):
    """The legend with every mark a picture of ``battle_map`` may show, to size the figure for."""
    handles, labels = _fullest_entries(battle_map)
    labels = [words.get(text, text) for text in labels]
    return legend_below(ax, handles, labels, ncol=3, fontsize=notebook_font_size(None, ax.figure))


def _terrain_key(battle_map: BattleMap) -> tuple:
    return (battle_map.width, battle_map.height, battle_map.grid, battle_map.round_spaces,
            tuple((w.name, w.shape.wkb) for w in battle_map.walls),
            tuple((a.name, a.kind, a.rough, a.height, a.shape.wkb) for a in battle_map.areas))


# ---------------------------------------------------------------------------------------------
# The battle map panel's picture (explorer.dnd5e.panels.panel_map.KartenPanel)
# ---------------------------------------------------------------------------------------------
PANEL_WIDTH = 5.8
"""Inches the battle map panel's picture is wide: 580 px at 100 dpi fits the narrowest output area
(590 px) as drawn, which an ipympl canvas must (it is never scaled, so a click lands where it is made)."""
CHOSEN_WORDS = "gewählt"
TARGET_COLOUR = ATTACK_COLOUR


def panel_figure_size(battle_map: BattleMap, width: float = PANEL_WIDTH, dpi: int = 100) -> tuple[tuple, tuple]:
    """The figure size (inches) and axes position (figure fractions) of :class:`KartenBild` for
    ``battle_map``: the terrain and the full legend drawn once on an Agg figure and measured."""
    figure, ax = map_figure(battle_map, width, dpi)
    draw_terrain(ax, battle_map)
    _panel_legend(ax, battle_map)
    fit_bottom(figure, ax)
    return tuple(float(v) for v in figure.get_size_inches()), tuple(ax.get_position().bounds)


def _panel_legend(ax, battle_map: BattleMap) -> None:
    _fullest_legend(ax, battle_map, **{"am Zug": CHOSEN_WORDS})


class KartenBild(BlittedChart):
    """The battle map panel's picture (Kampfkarte zum Klicken): the terrain, grid and legend are the
    cached background; the chosen creature's reachable region, the creatures, a path with its costs,
    Gelegenheitsangriffe and jumps, a refused destination (a red ring) and the title are the animated
    overlay, blitted over it after each :meth:`show` (:class:`~explorer.core.render_blit.BlittedChart`:
    :meth:`render` PNG bytes, :meth:`blit` an ipympl canvas, :meth:`png` the full redraw).

    The legend is fixed -- every mark a click may draw, whether or not this one does -- since it is
    part of the cached background: a legend following each click would redraw the whole figure
    instead of blitting the overlay (:class:`MapPicture` lists only what it draws).

    ``figure``: an empty figure (an ipympl one) resized to :func:`panel_figure_size`, else an Agg
    figure is made.  :attr:`ax` holds the map in metres."""

    def __init__(self, battle_map: BattleMap, *, figure: Figure | None = None, width: float = PANEL_WIDTH,
                 dpi: int = 100):
        if not isinstance(battle_map, BattleMap):
            raise InputError("argument", "battle_map", "a BattleMap", battle_map)
        size, position = panel_figure_size(battle_map, width, dpi)
        if figure is None:
            figure = Figure(figsize=size, dpi=dpi)
            FigureCanvasAgg(figure)
        else:
            figure.set_size_inches(*size)
        self.figure = figure
        self.terrain_key = _terrain_key(battle_map)
        self.ax = figure.add_axes(position)
        raise_to_notebook_minimum(figure)
        self.walls = draw_terrain(self.ax, battle_map)
        _panel_legend(self.ax, battle_map)
        self.title = self.ax.set_title("", fontsize=notebook_font_size(None, figure) + 1)
        self._dynamic: list = []
        self.labels: dict[str, Any] = {}
        self.start_blitting([self.title])

    def _key(self) -> tuple:
        return tuple(float(v) for v in self.figure.get_size_inches()) + (self.figure.dpi,)

    def show(self, battle_map: BattleMap, *, hp: Mapping[str, Any] | None = None, chosen: str | None = None,
             movement: Movement | None = None, reachable: Any = None, refused_at: Any = None, title: str = "",
             notes: Mapping[str, Iterable[str]] | None = None) -> None:
        """Draw the overlay afresh (the terrain stays): the creatures of ``battle_map`` (the same
        terrain) with ``hp`` (as :func:`draw_map`'s), ``chosen`` edged gold, ``reachable`` (a geometry
        or grid squares) shaded, ``movement`` drawn, a red ring at ``refused_at``, the ``title``."""
        if _terrain_key(battle_map) != self.terrain_key:
            raise ValueError("a KartenBild shows one map's creatures: the terrain differs")
        for artist in self._dynamic:
            artist.remove()
        ax = self.ax
        before = {id(a) for a in (*ax.patches, *ax.lines, *ax.texts)}
        points = _hp(battle_map, hp)
        draw_reachable(ax, reachable_geometry(reachable))
        creatures = draw_creatures(ax, battle_map, hp=points, highlight=_names(battle_map, chosen))
        lines, extra = draw_movement(ax, movement) if movement is not None else ([], [])
        if refused_at is not None:
            at = tuple(float(v) for v in refused_at)
            ax.plot(*at, marker="o", markersize=15, markerfacecolor="none", markeredgecolor=TARGET_COLOUR,
                    markeredgewidth=2.4, linestyle="none", zorder=6, gid="dnd-refused-target")
            lines.append([at, at])
        texts = {t.name: token_text(t, points[t.name], (notes or {}).get(t.name, ())) for t in battle_map.tokens}
        self.labels = place_labels(ax, battle_map, creatures, self.walls, lines, texts, extra)
        self._dynamic = [a for a in (*ax.patches, *ax.lines, *ax.texts) if id(a) not in before]
        self.title.set_text(title)
        self._animated = sorted(self._dynamic, key=lambda a: a.get_zorder()) + [self.title]
        for artist in self._animated:
            artist.set_animated(True)
