"""Drawing a Behind table with matplotlib (object API only: no pyplot, no global state).

``draw_table(table)`` draws the table, obstacles (flat ones hatched), character chips coloured by
owner with their viewing angle (Sichtwinkel) and the faint rear arc (the +1 bonus area for melee
combat), and optionally sight lines, ranges and card-length rings; it returns the axes.
``table_png(table)`` returns PNG bytes (used by ``Table._repr_png_`` in Jupyter).
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Callable, Mapping

import matplotlib.patheffects as path_effects
import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch, PathPatch, Rectangle, Wedge
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from explorer.behind.palette import PALETTE, SPARE_COLOURS, colour_of, colours_for  # noqa: F401  (PALETTE: re-exported)
from explorer.behind.sight import sight_matrix
from explorer.behind.table import Table
from explorer.core.display import figure_png
from explorer.core.render_labels import (EDGE, LABEL_GAP, MIN_FONT_SIZE, MISREAD, SOFT_COST, LabelPlacer, annotation,
                                         enforce_minimum, font_size, legend_below, mark_edge,
                                         raise_to_notebook_minimum, renderer_of, ring_offsets)

LABEL_SIZE = MIN_FONT_SIZE
"""Chip, obstacle, ring and sight-line labels (points)."""

CLEAR_COLOUR = "#1a9850"
BLOCKED_COLOUR = "#d73027"
TABLE_COLOUR = "#f3ead8"
OBSTACLE_COLOUR = "#7f7f7f"
FLAT_OBSTACLE_COLOUR = "#c9c1ad"

_OUTLINE = [path_effects.withStroke(linewidth=2.2, foreground="white")]
OUTLINE = _OUTLINE
"""The white halo that keeps labels readable on any background."""


NO_ROOM = 1000.0
"""A live table's label whose best spot still costs this much (it covers a chip, an obstacle or
another label: :meth:`LabelPlacer._conflict_at`) is left out rather than drawn over something; it is
tried again at the next change.  Crossing a sight line costs less: such a label stays."""


def owner_colours(table: Table) -> dict[str, str]:
    """Each owner's colour: his society's (:mod:`explorer.behind.palette`), whatever else is on the
    table; owners named after no society take the spare colours in sorted order."""
    return colours_for(chip.owner for chip in table.chips)


def draw_table(table: Table, ax=None, *, sight_from: str | None = None, ranges: Mapping[str, float] | None = None,
               card_length_rings: Mapping[str, int] | None = None, show_sight: bool = True,
               title: str | None = None, colours: Mapping[str, str] | None = None, labels: bool = True):
    """Draw ``table`` on ``ax`` (a new figure's axes when None) and return the axes.

    * ``sight_from``: a chip name; its line of sight to every other chip is drawn (Ranged Combat
      (Fernkampf)) -- green when clear (solid if the target is also in the viewing angle, dotted
      if not), red dashed when blocked, with the blockers named beside the line.
      ``show_sight=False`` hides them.
    * ``ranges``: chip name -> range in cm, drawn as a dashed circle in the owner's colour;
      ``card_length_rings``: chip name -> number of rings one card length apart (ruling
      ``behind.card-length-cm``).  Circles mark where another chip's centre is exactly that far
      under ruling ``behind.distance-measure`` (centre to centre, or edge to edge: two radii more).
    * ``colours``: owner -> colour (default :func:`owner_colours`: each society's own colour).
    * Labels are placed clear of chips, obstacles and each other (:func:`place_labels`);
      ``labels=False`` leaves that to the caller, who calls :func:`place_labels` once the axes
      have their final limits (``draw_movement`` zooms first).
    """
    if ax is None:
        ax = Figure(figsize=(9.0, 9.0 * table.depth / table.width + 1.2), layout="constrained").add_subplot()
    colours = {**owner_colours(table), **(colours or {})}
    r = table.radius
    pending = _pending(ax, table)
    edge_extra = 2 * r if table.rulings["behind.distance-measure"] == "edge" else 0.0

    board = Rectangle((0, 0), table.width, table.depth, facecolor=TABLE_COLOUR, edgecolor="#5b4a2f",
                      linewidth=1.5, zorder=0)
    ax.add_patch(mark_edge(board))  # labels are never drawn through the table's edge
    for obstacle in table.obstacles:
        artists = _draw_obstacle(ax, obstacle)
        pending.avoid.append(artists.patch)
        pending.queue(artists.label, obstacle_spots(obstacle, ax))
        pending.partial.add(id(artists.label))

    if sight_from is not None and show_sight:
        _draw_sight_lines(ax, table, sight_from)

    for name, radius in (ranges or {}).items():
        chip = table.chip(name)
        ring = ax.add_patch(Circle(chip.position, radius + edge_extra, fill=False, linestyle="--", linewidth=1.0,
                                   edgecolor=colours[chip.owner], alpha=0.8, zorder=2))
        ring.set_clip_path(board)
        x, y = label_point(table, chip, radius + edge_extra)
        pending.queue(annotation(ax, f"{radius:g} cm", (x, y), fontsize=LABEL_SIZE, color=colours[chip.owner],
                                 path_effects=_OUTLINE, zorder=6), _near_spots)
    for name, rings in (card_length_rings or {}).items():
        chip = table.chip(name)
        for k in range(1, int(rings) + 1):
            radius = k * table.card_length + edge_extra
            ring = ax.add_patch(Circle(chip.position, radius, fill=False, linestyle=":", linewidth=0.9,
                                       edgecolor="#555555", zorder=2))
            ring.set_clip_path(board)
            x, y = label_point(table, chip, radius)
            pending.queue(annotation(ax, f"{k} CL", (x, y), fontsize=LABEL_SIZE, color="#555555",
                                     path_effects=_OUTLINE, zorder=6), _near_spots)

    for chip in table.chips:
        artists = _draw_chip(ax, chip, r, colours[chip.owner], highlight=chip.name == sight_from)
        artists.label.remove()  # placed afresh, clear of the others (place_labels)
        words = chip.name + (" (flies)" if chip.flying else "")
        pending.queue(annotation(ax, words, chip.position, fontsize=LABEL_SIZE, path_effects=_OUTLINE, zorder=6,
                                 fontweight="bold" if chip.name == sight_from else "normal"), _chip_spots(r),
                      names=(chip.position, r))

    # each entry with what must be in view for it to be listed once the caller zooms (place_labels)
    entries = [(Patch(facecolor=colour, edgecolor="black", label=owner), _chips_seen(table, owner))
               for owner, colour in colours.items()]
    if any(o.flat for o in table.obstacles):
        entries.append((Patch(facecolor=FLAT_OBSTACLE_COLOUR, hatch="///", edgecolor="#5b5b5b", label="flat obstacle"),
                        _obstacles_seen(table, flat=True)))
    if any(not o.flat for o in table.obstacles):
        entries.append((Patch(facecolor=OBSTACLE_COLOUR, edgecolor="#3b3b3b", label="obstacle"),
                        _obstacles_seen(table, flat=False)))
    if sight_from is not None and show_sight:
        entries += [
            (Line2D([], [], color=CLEAR_COLOUR, linewidth=1.6, label="clear, in viewing angle"), None),
            (Line2D([], [], color=CLEAR_COLOUR, linewidth=1.1, linestyle=":", label="clear, outside viewing angle"), None),
            (Line2D([], [], color=BLOCKED_COLOUR, linewidth=1.2, linestyle="--", label="blocked"), None),
        ]
    handles = [handle for handle, _ in entries]
    pending.legend, pending.legend_size = entries, font_size(LABEL_SIZE, ax.figure)
    margin = 2.0
    ax.set_xlim(-margin, table.width + margin)
    ax.set_ylim(-margin, table.depth + margin)
    ax.set_aspect("equal")
    ax.set_xlabel("cm", fontsize=9)
    ax.set_ylabel("cm", fontsize=9)
    ax.tick_params(labelsize=LABEL_SIZE)
    enforce_minimum(ax)  # on a figure wider than a notebook shows, larger text (measured from here on)
    if handles:  # under the axis label "cm", never over it
        legend_below(ax, handles, ncol=min(len(handles), 4), fontsize=font_size(LABEL_SIZE, ax.figure))
    if title is None and sight_from is not None and show_sight:
        title = f"Lines of sight from {sight_from}"
    if title:
        ax.set_title(title, fontsize=11)
    if labels:
        place_labels(ax)
    return ax


# =============================================================================================
# Labels clear of chips, obstacles and each other
# =============================================================================================
class _Pending:
    """What :func:`place_labels` will place on one axes: labels with their candidate spots (a
    function of the scale, points per cm), and the chips and obstacles to keep clear of."""

    def __init__(self, table: Table):
        self.table = table
        self.labels: list[tuple] = []
        self.avoid: list = []      # patches (obstacles)
        self.circles: list = []    # (centre, radius) in cm, besides the chips (e.g. where a chip started)
        self.lines: list = []      # polylines in cm (arrows)
        self.partial: set = set()  # labels left out rather than drawn outside the axes (a zoom cuts their obstacle)
        self.legend: list = []     # (handle, seen(view) -> bool or None: always), the legend draw_table drew
        self.legend_size: float = LABEL_SIZE

    def queue(self, text, spots: Callable[[float], list], names=None) -> None:
        """``names``: ``(centre, radius)`` (cm) of the chip the label names (it stays nearer that chip
        than any other, or gets a leader line)."""
        self.labels.append((text, spots, names))

    def avoid_circle(self, centre, radius: float) -> None:
        self.circles.append((tuple(centre), float(radius)))

    def avoid_line(self, points) -> None:
        self.lines.append([tuple(p) for p in points])


_PENDING: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _pending(ax, table: Table) -> _Pending:
    pending = _PENDING.get(ax)
    if pending is None or pending.table is not table:
        _PENDING[ax] = pending = _Pending(table)
    return pending


def queue_label(ax, text, spots: Callable[[float], list], names=None) -> None:
    """Have :func:`place_labels` place ``text`` (an annotation at its anchor, offsets in points) at
    the first free of ``spots(points_per_cm)``: ``(dx, dy, ha, va)`` or ``(xy, dx, dy, ha, va)``;
    ``names``: ``(centre, radius)`` (cm) of the chip it names (:meth:`LabelPlacer.place_near`)."""
    _PENDING[ax].queue(text, spots, names)


def avoid(ax, *, circle=None, line=None) -> None:
    """Have :func:`place_labels` keep labels off a circle ``(centre, radius)`` or a polyline (cm)."""
    if circle is not None:
        _PENDING[ax].avoid_circle(*circle)
    if line is not None:
        _PENDING[ax].avoid_line(line)


TABLE_EDGE_COST = 1.5 * MISREAD
"""The cost of a label drawn through the table's edge: more than a spot beside another chip (which
a leader line then joins to its own, :data:`~explorer.core.render_labels.MISREAD`), about as much as a
chip's rim touched."""


def avoid_table_marks(placer: LabelPlacer, ax, radius: float, *, wedges: bool = True) -> None:
    """Have ``placer`` keep labels off what a table picture draws besides chips and obstacles: the
    table's edge (a label drawn through it reads struck through; :func:`mark_edge`) and the chips'
    viewing wedges and rear arcs (a name on a wedge hides whose wedge it is), at a cost
    (:meth:`LabelPlacer.avoid_edge`, :meth:`LabelPlacer.avoid_soft`): where there is no other room a
    label may still lie there.  ``wedges=False``: the edge only."""
    for patch in ax.patches:
        if not patch.get_visible():
            continue
        if getattr(patch, EDGE, False):  # dearer than a spot read as a neighbour's: that one gets a leader line
            placer.avoid_patch_edge(patch, TABLE_EDGE_COST)
        elif wedges and isinstance(patch, Wedge) and patch.r > radius * 1.2:
            alpha = patch.get_alpha()
            placer.avoid_soft(patch, SOFT_COST if alpha is None or alpha >= 0.2 else SOFT_COST / 2)


def place_labels(ax) -> float:
    """Place the labels :func:`draw_table` (and :func:`queue_label`) queued on ``ax``: obstacles'
    first, then the chips', then the rest, each at the first candidate spot that overlaps no chip,
    no obstacle and no label placed before, inside the axes; a chip's name stays nearer its chip
    than any other chip or ghost, with a leader line when set off.  Call it once the axes have their
    final limits.  In a laid-out figure (a grid) a later picture may move and scale this one's axes:
    the labels of the pictures placed before are placed again then.  Returns the summed collision
    cost left (0: every label is clear)."""
    pending = _PENDING.pop(ax, None)
    if pending is None:
        return 0.0
    _legend_in_view(ax, pending)
    figure = ax.figure
    enforce_minimum(ax)  # a figure wider than a notebook shows gets larger text: measured from here on
    raise_to_notebook_minimum(figure)  # ... and as JupyterLab shows it (image() would raise it after placing)
    for text, _, _ in pending.labels:  # placed inside the axes: never a reason for the layout to move them
        text.set_in_layout(False)
    if figure.get_layout_engine() is None:
        return _place(ax, pending, [])
    settle_layout(figure)  # the layout moves and scales the axes: measure after it
    placed = _PLACED.setdefault(figure, {})
    for other, (other_pending, where, leaders) in list(placed.items()):
        if other is not ax and other.figure is figure and tuple(other.get_position().bounds) != where:
            _place(other, other_pending, leaders)
            placed[other] = (other_pending, tuple(other.get_position().bounds), leaders)
    leaders: list = []
    placed[ax] = (pending, tuple(ax.get_position().bounds), leaders)
    return _place(ax, pending, leaders)


def _chips_seen(table: Table, owner: str) -> Callable:
    """Whether one of ``owner``'s chips shows in a view ``(x0, x1, y0, y1)`` (cm)."""
    circles = [(chip.x, chip.y) for chip in table.chips if chip.owner == owner]
    r = table.radius
    return lambda view: any(view[0] < x + r and x - r < view[1] and view[2] < y + r and y - r < view[3]
                            for x, y in circles)


def _obstacles_seen(table: Table, *, flat: bool) -> Callable:
    """Whether an obstacle (flat or not) shows in a view ``(x0, x1, y0, y1)`` (cm)."""
    boxes = [o.polygon.bounds for o in table.obstacles if o.flat == flat]
    return lambda view: any(view[0] < b[2] and b[0] < view[1] and view[2] < b[3] and b[1] < view[3] for b in boxes)


def _legend_in_view(ax, pending: _Pending) -> None:
    """A close-up lists only what it shows: the legend :func:`draw_table` drew for the whole table,
    drawn again without the societies and obstacles the axes' final limits leave out (a zoom on the
    Graue Frau at a wall listed the Vampires, none of whom was in view)."""
    legend = ax.get_legend()
    if legend is None or not pending.legend:
        return
    (x0, x1), (y0, y1) = sorted(ax.get_xlim()), sorted(ax.get_ylim())
    table = pending.table
    if x0 <= 0 and y0 <= 0 and x1 >= table.width and y1 >= table.depth:
        return  # the whole table: its legend as drawn (a society yet to deploy is still a player)
    view = (x0, x1, y0, y1)
    kept = [handle for handle, seen in pending.legend if seen is None or seen(view)]
    if len(kept) == len(pending.legend):
        return
    legend.remove()
    if kept:
        legend_below(ax, kept, ncol=min(len(kept), 4), fontsize=pending.legend_size)


def settle_layout(figure, *, tries: int = 6, slack: float = 0.5) -> None:
    """Lay ``figure`` out until its axes stop moving (``slack`` pixels): a constrained layout of
    equal-aspect axes moves them a little on each draw, and labels placed in pixels before the
    last draw end up beside what they name, or outside the axes."""
    def where():
        return [tuple(ax.bbox.bounds) for ax in figure.axes]
    before = None
    for _ in range(tries):
        figure.draw_without_rendering()
        now = where()
        if before is not None and all(max(abs(a - b) for a, b in zip(p, q)) <= slack for p, q in zip(before, now)):
            return
        before = now


_PLACED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
"""figure -> {axes: (what was placed, the axes' position, the leader lines drawn)}: the labels placed
on a laid-out figure, placed again when a later picture moves their axes."""


def _place(ax, pending: "_Pending", leaders: list) -> float:
    """Place ``pending``'s labels on ``ax`` (again: the ``leaders`` drawn before are removed first,
    the new ones added to it)."""
    figure = ax.figure
    for line in leaders:
        line.remove()
    leaders.clear()
    placer = LabelPlacer(ax)
    table = pending.table
    avoid_table_marks(placer, ax, table.radius)
    for chip in table.chips:
        placer.avoid_circle(chip.position, table.radius)
    for centre, radius in pending.circles:
        placer.avoid_circle(centre, radius)
    for patch in pending.avoid:
        placer.avoid_patch(patch)
    for points in pending.lines:
        placer.avoid_line(points)
    queued = {id(text) for text, _, _ in pending.labels}
    for text in ax.texts:  # fixed texts (a blocker's name on a sight line, ...)
        if id(text) not in queued:
            placer.avoid_text(text)
    to_px = ax.transData.transform
    points_per_cm = abs(to_px((1.0, 0.0))[0] - to_px((0.0, 0.0))[0]) * 72.0 / figure.dpi
    # a chip's name stays nearer its chip than any other chip or ghost (where a chip started)
    rivals = [(chip.position, table.radius) for chip in table.chips]
    rivals += [(centre, radius) for centre, radius in pending.circles if abs(radius - table.radius) < 1e-6]
    cost = 0.0
    (left, right), (bottom, top) = sorted(ax.get_xlim()), sorted(ax.get_ylim())
    centres = to_px(np.array([chip.position for chip in table.chips], dtype=float).reshape(-1, 2))
    r_px = abs(to_px((table.radius, 0.0))[0] - to_px((0.0, 0.0))[0])
    names_run: list = []  # chips' names queued one after another: placed together (place_with_leaders)

    def flush() -> float:
        placed = _place_names(ax, placer, names_run, rivals, centres, r_px, leaders)
        names_run.clear()
        return placed

    for text, spots, names in pending.labels:
        if text.axes is None:  # a label its caller removed is skipped
            continue
        if names is not None and not (left <= names[0][0] <= right and bottom <= names[0][1] <= top):
            text.set_visible(False)  # its chip is out of view (a close-up): no name, and no leader from off the frame
            continue
        candidates = spots(points_per_cm)
        if not candidates:  # nothing to name in view
            text.set_visible(False)
            continue
        text.set_visible(True)
        if names is not None:
            names_run.append((text, candidates, names))
            continue
        cost += flush()
        remaining = placer.place(text, candidates)
        if remaining >= OUTSIDE and id(text) in pending.partial:  # no room for it in this view
            text.set_visible(False)
            placer.boxes.pop()
            placer._rects.pop()
            continue
        if id(text) in pending.partial:  # an obstacle's label: the names keep further off it
            keep_off_obstacle_label(placer, placer.boxes[-1])
        cost += remaining
    return cost + flush()


def _place_names(ax, placer: LabelPlacer, queued: list, rivals: list, centres, r_px: float, leaders: list) -> float:
    """Place chips' names ``queued`` (``(text, candidate spots, (centre, radius))``) by the one collision
    pass of every Behind picture (:func:`place_with_leaders`, the labels made by :func:`name_labels`),
    a name set off more than :data:`LEADER_GAP` points joined to its chip by a leader line (added to
    ``leaders``).  Returns the collision cost left."""
    if not queued:
        return 0.0
    cost = 0.0
    from_px = ax.transData.inverted().transform
    for label in place_with_leaders(placer, name_labels(placer, queued, rivals), centres, r_px):
        text, spots = label.data
        LabelPlacer._put(text, *spots[label.rank])
        misread = float(label.penalty[label.rank] >= MISREAD) * MISREAD
        cost += max(0.0, label.cost - float(label.penalty[label.rank])) + misread
        if label.ends is not None:  # set off: a leader line from the rim
            points = from_px(np.array(label.ends))
            leaders += ax.plot(points[:, 0], points[:, 1], color=LEADER_COLOUR, linewidth=0.6, zorder=5.8)
    return cost


def name_labels(placer: LabelPlacer, queued: list, rivals: list) -> list:
    """The :class:`LeaderLabel` of each chip's name ``queued`` (``(text, candidate spots, (centre,
    radius))``: an annotation and its spots as :meth:`LabelPlacer.place` takes them, cm) for
    :func:`place_with_leaders`: each box measured once, a spot clearly nearer one of ``rivals``
    (``(centre, radius)``: chips, ghosts) than its own chip costing
    :data:`~explorer.core.render_labels.MISREAD`, a leader to a box more than :data:`LEADER_GAP`
    points off the rim; ``data``: ``(text, spots)``.  Every Behind picture that names chips with
    annotations uses it (:func:`draw_table`, :class:`LiveTable`)."""
    from explorer.core.render_labels import NEARER

    ax = placer.ax
    to_px = ax.transData.transform
    k = ax.figure.dpi / 72.0
    rival_px = []
    for other, other_r in rivals:
        (ox, oy), (fx, _) = to_px(other), to_px((other[0] + other_r, other[1]))
        rival_px.append((other, float(ox), float(oy), abs(float(fx - ox))))
    todo = []
    for text, candidates, (centre, radius) in queued:
        fast = placer.candidate_boxes(text, candidates)
        boxes = np.array([extents for _, extents in fast], dtype=float)
        (cx, cy), (ex, _) = to_px(centre), to_px((centre[0] + radius, centre[1]))
        own_r = abs(float(ex - cx))

        def gaps(x, y, r):
            dx = np.maximum(np.maximum(boxes[:, 0] - x, 0.0), x - boxes[:, 2])
            dy = np.maximum(np.maximum(boxes[:, 1] - y, 0.0), y - boxes[:, 3])
            return np.maximum(0.0, np.hypot(dx, dy) - r)
        mine = gaps(cx, cy, own_r)
        penalty = np.arange(len(boxes)) * 1e-6
        for other, ox, oy, other_px in rival_px:
            if math.dist(other, centre) > 1e-6:
                penalty = penalty + np.where(gaps(ox, oy, other_px) + 0.5 < NEARER * mine, MISREAD, 0.0)
        todo.append(LeaderLabel(text.get_text(), (float(cx), float(cy)), boxes, penalty, None,
                                (text, [spot for spot, _ in fast]), rim=own_r, gap=LEADER_GAP * k))
    return todo


LEADER_THROUGH_LABEL = 1200.0
"""The cost of a leader line crossing a label (each), or of a label drawn over a leader: more than a
spot read as another chip's (:data:`~explorer.core.render_labels.MISREAD`), less than a name on an
obstacle (1000 and its box's area) -- a name struck through by another's leader reads as neither's."""

LEADER_THROUGH_CHIP = 500.0
"""The cost of a leader line running through a chip other than its own (each): the line then seems
to name that chip.  Less than a misread spot: in a crowd packed tight no line out of it misses one."""

LEADER_THROUGH_OBSTACLE = 30.0
"""The cost of a leader line over an obstacle: about a ring further out (a long way round reads worse)."""

LEADER_GRAZE = 0.9
"""A leader line passing a chip's centre closer than this part of its radius runs through it (a line
grazing its rim does not: a long way round reads worse)."""

LEADER_THROUGH_LEADER = 600.0
"""The cost of a leader line crossing another leader: less than a misread spot, more than a few rings
further out."""

CROWD_GAP = 1.0
"""Points kept between the chips' names above and below each other, besides the placer's own gap
(:data:`~explorer.core.render_labels.LABEL_GAP`, 2 pt): a crowd's names stacked 2 pt apart read as
one name on two lines."""


def _leader_ends(box, cx: float, cy: float, r_px: float, gap: float | None = None):
    """The leader line (pixels) from the rim of the chip at ``(cx, cy)`` to the nearest point of
    ``box`` (``(x0, y0, x1, y1)``), or None when the box is close enough not to need one (no more than
    ``gap`` pixels off the rim; default a fifth of the radius)."""
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    length = math.hypot(nx - cx, ny - cy)
    if length <= r_px + (0.2 * r_px if gap is None else gap):
        return None
    return (cx + (nx - cx) / length * r_px, cy + (ny - cy) / length * r_px), (float(nx), float(ny))


LEADER_DETOUR = 5.0
"""What a leader to another point of its box's edge than the nearest costs (a tie-breaker)."""

BEND_COST = 0.5
"""What each pixel a leader runs longer than the straight one to the nearest point costs: a way
round a name is taken, a long one only where nothing shorter is clear."""


def _length(points) -> float:
    return sum(math.dist(a, b) for a, b in zip(points[:-1], points[1:])) if points else 0.0


def _leader_options(box, cx: float, cy: float, r_px: float, gap: float | None = None, *, bend: bool = False) -> list:
    """The leader lines a box may take (:func:`_leader_ends`): to its nearest point first, then to
    points along the edge that faces the chip (a leader passing beside another name to its own),
    then (``bend``) bent once round a corner to the ends of that edge; or ``[None]`` when the box
    needs none."""
    nearest = _leader_ends(box, cx, cy, r_px, gap)
    if nearest is None:
        return [None]
    x0, y0, x1, y1 = box
    if y0 > cy or y1 < cy:  # above or below: along the bottom or the top edge
        y = y0 if y0 > cy else y1
        points = [(x0 + f * (x1 - x0), y) for f in (0.1, 0.3, 0.5, 0.7, 0.9)]
    else:  # beside: along the facing side
        x = x0 if x0 > cx else x1
        points = [(x, y0 + f * (y1 - y0)) for f in (0.2, 0.5, 0.8)]
    out = [nearest]
    for nx, ny in points:
        length = math.hypot(nx - cx, ny - cy)
        if length > r_px and math.dist((nx, ny), nearest[1]) > 1.0:
            out.append(((cx + (nx - cx) / length * r_px, cy + (ny - cy) / length * r_px), (float(nx), float(ny))))
    if bend:  # bent once: out of the chip sideways, then straight to the box (round a name in the way)
        if y0 > cy or y1 < cy:
            y = y0 if y0 > cy else y1
            for nx in (x0 + 2.0, x1 - 2.0):
                if abs(nx - cx) > r_px * 1.5:
                    side = math.copysign(r_px, nx - cx)
                    out.append(((cx + side, cy), (float(nx), cy), (float(nx), float(y))))
        else:
            x = x0 if x0 > cx else x1
            for ny in (y0 + 2.0, y1 - 2.0):
                if abs(ny - cy) > r_px * 1.5:
                    side = math.copysign(r_px, ny - cy)
                    out.append(((cx, cy + side), (cx, float(ny)), (float(x), float(ny))))
    return out


def leader_crossings(placer: LabelPlacer, ends, centres, r_px: float, leaders=()) -> float:
    """The cost of a leader line ``ends`` (its points, pixels: two, or three with a bend) crossing the
    labels ``placer`` holds (:data:`LEADER_THROUGH_LABEL` each), running through a chip (``centres``,
    pixels, radius ``r_px``: the others; :data:`LEADER_THROUGH_CHIP` each) and crossing one of
    ``leaders`` (their points, pixels; :data:`LEADER_THROUGH_LEADER` each); over an obstacle
    :data:`LEADER_THROUGH_OBSTACLE`.  Every Behind picture's leaders are weighed by it
    (:func:`place_with_leaders`)."""
    from explorer.core.render_labels import EDGE_COST

    cost = 0.0
    centres = np.asarray(centres, dtype=float).reshape(-1, 2)
    for (x0, y0), (x1, y1) in zip(ends[:-1], ends[1:]):
        cost += placer.line_crossings((x0, y0), (x1, y1)) / EDGE_COST * LEADER_THROUGH_LABEL
        if len(centres):
            dx, dy = x1 - x0, y1 - y0
            t = np.clip(((centres[:, 0] - x0) * dx + (centres[:, 1] - y0) * dy) / max(dx * dx + dy * dy, 1e-9), 0.0, 1.0)
            near = np.hypot(centres[:, 0] - (x0 + t * dx), centres[:, 1] - (y0 + t * dy))
            cost += float(np.count_nonzero(near < LEADER_GRAZE * r_px)) * LEADER_THROUGH_CHIP
    xs, ys = [p[0] for p in ends], [p[1] for p in ends]
    line = None
    for (p0, q0, p1, q1), path in zip(placer._path_extents, placer.paths):  # the obstacles
        if p0 <= max(xs) and min(xs) <= p1 and q0 <= max(ys) and min(ys) <= q1:
            line = line or Path(np.array(ends, dtype=float))
            if path.intersects_path(line, filled=True):
                cost += LEADER_THROUGH_OBSTACLE
    for other in leaders:
        if any(_segments_cross(a, b) for a in zip(ends[:-1], ends[1:]) for b in zip(other[:-1], other[1:])):
            cost += LEADER_THROUGH_LEADER
    return cost


def _segments_cross(a, b) -> bool:
    (p, q), (r, s) = a, b

    def side(o, u, v):
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])
    d1, d2, d3, d4 = side(r, s, p), side(r, s, q), side(p, q, r), side(p, q, s)
    return d1 * d2 < 0 and d3 * d4 < 0


def block_leader(placer: LabelPlacer, points) -> None:
    """Have ``placer`` keep the next labels off a leader line ``points`` (data units), at
    :data:`LEADER_THROUGH_LABEL`."""
    placer.avoid_edge(points, LEADER_THROUGH_LABEL)


OBSTACLE_LABEL_ROOM = (2.0, 4.0)
"""Points (beside, above and below) that the chips' names keep from an obstacle's label, besides the
placer's own gap (:data:`~explorer.core.render_labels.LABEL_GAP`): a name right below "well (h 5 cm)"
read as its second line."""


def keep_off_obstacle_label(placer: LabelPlacer, box) -> None:
    """Have ``placer`` keep the next labels :data:`OBSTACLE_LABEL_ROOM` off ``box`` (pixels: an
    obstacle's label placed; the placer holds the box itself already)."""
    k = placer.figure.dpi / 72.0
    x0, y0, x1, y1 = (float(v) for v in getattr(box, "extents", box))
    gx, gy = OBSTACLE_LABEL_ROOM[0] * k, OBSTACLE_LABEL_ROOM[1] * k
    placer.avoid_box(Bbox.from_extents(x0 - gx, y0 - gy, x1 + gx, y1 + gy))


def keep_apart(placer: LabelPlacer, box) -> None:
    """Have ``placer`` keep the next labels off ``box`` (pixels, a name just placed) and
    :data:`CROWD_GAP` points above and below it."""
    from matplotlib.transforms import Bbox

    gap = CROWD_GAP * placer.figure.dpi / 72.0
    placer.avoid_box(Bbox.from_extents(box[0], box[1] - gap, box[2], box[3] + gap))


@dataclass
class LeaderLabel:
    """A chip's name to place by :func:`place_with_leaders`: the chip's centre (pixels), its
    candidate boxes (``(x0, y0, x1, y1)`` pixels, best first), each one's penalty (a ring further
    out, a spot nearer another chip), whether a box set off there gets a leader line (an array of
    bools, or None: a leader whenever the box is more than ``gap`` pixels off the rim, :func:`_leader_ends`),
    the caller's ``data`` and the radius (pixels) of what it names when that is no chip (a dot:
    ``rim``; default the chips') and whether its leader may bend (``bend``).  Placed:
    ``rank`` (the box chosen), ``box``, ``ends`` (the leader line, pixels, or None), ``cost`` and
    ``crossing`` (the part of it its leader's crossings make: :func:`leader_crossings`)."""

    name: str
    centre: tuple
    boxes: np.ndarray
    penalty: np.ndarray
    led: np.ndarray | None = None
    data: object = None
    rim: float | None = None
    gap: float | None = None
    bend: bool = True
    rank: int = -1
    box: tuple = ()
    ends: tuple | None = None
    cost: float = 0.0
    crossing: float = 0.0


REFINE_PASSES = 3
"""How often :func:`place_with_leaders` goes over the names placed at a cost again."""

REORDERS = 4
"""How many names placed at a cost :func:`place_with_leaders` tries placing first."""


def place_with_leaders(placer: LabelPlacer, labels: list, centres, r_px: float, *, keep: bool = True,
                       leaders=()) -> list:
    """Place the chips' names ``labels`` (:class:`LeaderLabel`, in the order of who has least room)
    with ``placer`` -- the one collision pass of every Behind picture with names set off along leader
    lines: each name at the box of least cost against every chip, obstacle, mark and name placed
    (:meth:`~explorer.core.render_labels.LabelPlacer.choose`), kept :data:`CROWD_GAP` apart from the
    others above and below, its leader line (from its chip's rim to the box) crossing no other name,
    chip (``centres``, pixels, radius ``r_px``), obstacle or leader where there is room
    (:func:`leader_crossings`), and no later name drawn over a leader.  A name placed in that order at
    a cost (a crowd: the first names took the room its leader needed) is tried first, the others
    placed round it (:data:`REORDERS`; the order of least summed cost is kept); then each name placed
    at a cost is placed again against all the others, as long as that lowers its cost
    (:data:`REFINE_PASSES`).  ``keep``: the placer avoids the
    names and leaders afterwards.  ``leaders``: leader lines drawn before (their points, pixels; a live
    table's names not placed again), which the new leaders keep from crossing as they keep from each
    other's (``placer`` should avoid them as labels do: :func:`block_leader`).  Returns ``labels``,
    placed (each with ``crossing``: what its leader crosses, :func:`leader_crossings`)."""
    base = placer.copy()
    fixed = [tuple(tuple(float(v) for v in point) for point in ends) for ends in leaders]
    centres = np.asarray(centres, dtype=float).reshape(-1, 2)

    def options(label, i) -> list:
        if label.led is not None and not label.led[i]:
            return [None]
        return _leader_options(label.boxes[i], *label.centre, r_px if label.rim is None else label.rim, label.gap,
                               bend=label.bend and label.penalty[i] < MISREAD)  # a misread spot: led straight

    def choose(label, against: LabelPlacer, leaders) -> tuple:
        mine = np.hypot(centres[:, 0] - label.centre[0], centres[:, 1] - label.centre[1]) > 0.5
        best_ends: dict = {}

        def cost_of(i: int) -> float:  # the leader's cheapest way to the box: to its nearest point, or along its edge
            best, where, crossed = math.inf, None, 0.0
            ways = options(label, i)
            first = ways[0]
            for ends in ways:
                crossing = 0.0 if ends is None else leader_crossings(against, ends, centres[mine], r_px, leaders)
                cost = crossing
                if ends is not None and where is not None:  # another way than the nearest: its detour costs
                    cost += LEADER_DETOUR + BEND_COST * (_length(ends) - _length(first))
                if cost < best:
                    best, where, crossed = cost, ends, crossing
                if best <= 0.0:
                    break
            best_ends[i] = (where, crossed)
            return best
        rank, cost = against.choose(label.boxes, label.penalty, cost_of=cost_of, keep=False)
        if rank not in best_ends:
            cost_of(rank)
        return (rank, cost + float(label.penalty[rank]), *best_ends[rank])

    def settle(label, rank, cost, ends, crossing=0.0) -> None:
        label.rank, label.cost, label.ends, label.crossing = rank, cost, ends, crossing
        label.box = tuple(float(v) for v in label.boxes[rank])

    def add(to: LabelPlacer, label) -> None:
        keep_apart(to, label.box)
        if label.ends is not None:
            to._avoid_pixel_edge(Path(np.array(label.ends)), LEADER_THROUGH_LABEL)

    def greedy(order) -> dict:
        running, leaders, placed = base.copy(), list(fixed), {}
        for label in order:
            settle(label, *choose(label, running, leaders))
            add(running, label)
            if label.ends is not None:
                leaders.append(label.ends)
            placed[id(label)] = (label.rank, label.cost, label.ends, label.crossing)
        return placed

    def total(placed) -> float:
        costs = [cost for _, cost, _, _ in placed.values()]
        return sum(costs)

    order = list(labels)
    best = greedy(order)  # in order: the most crowded first
    promoted = set()
    for _ in range(REORDERS):  # a name placed at a cost goes first: the others make room round it
        worst = max((label for label in order if id(label) not in promoted), key=lambda lb: best[id(lb)][1],
                    default=None)
        if worst is None or best[id(worst)][1] < LEADER_THROUGH_LEADER:
            break
        promoted.add(id(worst))
        trial = [worst] + [label for label in order if label is not worst]
        placed = greedy(trial)
        if total(placed) < total(best):
            best, order = placed, trial
    for label in labels:
        settle(label, *best[id(label)])
    for _ in range(REFINE_PASSES):
        improved = False
        for label in labels:
            if label.cost < LEADER_THROUGH_LEADER:  # clear enough (a ring or two out, a wedge covered)
                continue
            against = base.copy()
            for other in labels:
                if other is not label:
                    add(against, other)
            others = [other.ends for other in labels if other is not label and other.ends is not None] + fixed
            rank, cost, ends, crossing = choose(label, against, others)
            if cost < label.cost - 1.0:
                settle(label, rank, cost, ends, crossing)
                improved = True
        if not improved:
            break
    if keep:
        for label in labels:
            add(placer, label)
    return labels


LIVE_RINGS = 7
"""How many rings of spots round a chip a live table tries for its name (:func:`_chip_spots`): a
crowd's names go further out than in :func:`draw_table`."""

OUTSIDE = 8000.0
"""The collision cost (:meth:`LabelPlacer._conflict_at`) of a label reaching out of the axes."""

LEADER_GAP = 6.0
"""Points between a chip's rim and its name beyond which a thin leader line joins them."""


LEADER_COLOUR = "#444444"


def _chip_spots(radius: float, *, rings: int = 5, step: float = 8.0) -> Callable[[float], list]:
    """Around the chip's centre: just outside its rim, then further out (``rings`` rings ``step``
    points apart)."""
    def spots(scale: float) -> list:
        out = []
        for ring in range(rings):  # each ring: the eight directions, then below and above running off to a side
            gap = radius * scale + 2.5 + step * ring
            out += ring_offsets(gap, rings=1)
            out += [(0.0, dy * gap, ha, va) for dy, va in ((-1, "top"), (1, "bottom")) for ha in ("right", "left")]
        return out
    return spots


def _near_spots(scale: float) -> list:
    return [(0.0, 0.0, "center", "center"), *ring_offsets(4.0, rings=2, step=6.0)]


def obstacle_spots(obstacle, ax) -> Callable[[float], list]:
    """Centred above the obstacle (chips standing on it stay visible), below, beside (at a few
    heights), at its corners -- of the part of it the axes show (a zoomed view cuts it)."""
    def spots(scale: float) -> list:
        x0, y0, x1, y1 = obstacle.polygon.bounds
        (left, right), (bottom, top) = sorted(ax.get_xlim()), sorted(ax.get_ylim())
        x0, x1 = max(x0, left), min(x1, right)
        y0, y1 = max(y0, bottom), min(y1, top)
        if x0 > x1 or y0 > y1:  # not in view: no label
            return []
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        base = [((mx, y1), 0, 1, "center", "bottom"), ((mx, y0), 0, -1, "center", "top"),
                ((x1, my), 1, 0, "left", "center"), ((x0, my), -1, 0, "right", "center"),
                ((x1, y1), 1, 1, "left", "bottom"), ((x0, y1), -1, 1, "right", "bottom"),
                ((x1, y0), 1, -1, "left", "top"), ((x0, y0), -1, -1, "right", "top")]
        for f in (0.75, 0.25, 0.9, 0.1):  # up and down its sides
            y = y0 + f * (y1 - y0)
            base += [((x1, y), 1, 0, "left", "center"), ((x0, y), -1, 0, "right", "center")]
        return [(xy, dx * gap, dy * gap, ha, va) for gap in (2.5, 9.0, 16.0) for xy, dx, dy, ha, va in base]
    return spots


def table_png(table: Table, *, dpi: int = 100, **kwargs) -> bytes:
    """PNG bytes of :func:`draw_table` (keyword arguments are passed on)."""
    ax = draw_table(table, **kwargs)
    ax.figure.set_dpi(dpi)
    return figure_png(ax.figure)


def label_point(table: Table, chip, radius: float) -> tuple[float, float]:
    """A point on the circle of ``radius`` around ``chip`` that lies on the table (for its label)."""
    for degrees in (45, 135, 315, 225, 90, 270, 0, 180):
        x = chip.x + radius * math.cos(math.radians(degrees))
        y = chip.y + radius * math.sin(math.radians(degrees))
        if 0 <= x <= table.width and 0 <= y <= table.depth:
            return x, y
    return chip.x, chip.y + radius


def _draw_obstacle(ax, obstacle) -> "ObstacleArtists":
    return ObstacleArtists.add(ax, obstacle)


def _draw_chip(ax, chip, radius: float, colour: str, *, highlight: bool) -> "ChipArtists":
    return ChipArtists.add(ax, chip, radius, colour, highlight=highlight)


def _draw_sight_lines(ax, table: Table, observer: str) -> None:
    matrix = sight_matrix(table)
    i = matrix.names.index(observer)
    source = table.chip(observer)
    for j, target in enumerate(matrix.names):
        if j == i:
            continue
        other = table.chip(target)
        xs, ys = (source.x, other.x), (source.y, other.y)
        if ax in _PENDING:
            _PENDING[ax].avoid_line((source.position, other.position))
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
            label = ax.annotate(", ".join(matrix.blockers(observer, target)),
                                (source.x + at * (other.x - source.x), source.y + at * (other.y - source.y)),
                                xytext=(0, 0), textcoords="offset points",
                                fontsize=LABEL_SIZE, color=BLOCKED_COLOUR, ha="center", va="bottom", rotation=angle,
                                rotation_mode="anchor", transform_rotates_text=True,
                                path_effects=_OUTLINE, zorder=5.5)
            if ax in _PENDING:  # along the line, where it is clear of chips, obstacles and labels
                spots = [((source.x + f * (other.x - source.x), source.y + f * (other.y - source.y)), 0, 0,
                          "center", va) for f in (0.6, 0.7, 0.5, 0.8, 0.4, 0.3, 0.9, 0.2) for va in ("bottom", "top")]
                _PENDING[ax].queue(label, lambda scale, spots=spots: spots)


# =============================================================================================
# Drawn once, updated in place (the live panels: explorer.behind.panels)
# =============================================================================================
def polygon_path(shape) -> Path:
    """A matplotlib path of a shapely polygon or multipolygon, holes included (empty: an empty path)."""
    polygons = [p for p in getattr(shape, "geoms", [shape]) if p.geom_type == "Polygon" and not p.is_empty]
    if not polygons:
        return Path(np.zeros((0, 2)))
    return Path.make_compound_path(*(Path(ring.coords, closed=True)
                                     for polygon in polygons for ring in (polygon.exterior, *polygon.interiors)))


class ObstacleArtists:
    """The patch and label of one obstacle (flat ones hatched), changed in place by :meth:`show`."""

    def __init__(self, patch: PathPatch, label):
        self.patch, self.label = patch, label
        self.obstacle = None
        self.flagged = False

    @classmethod
    def add(cls, ax, obstacle) -> "ObstacleArtists":
        patch = PathPatch(polygon_path(obstacle.polygon), linewidth=1.0)
        patch.set_zorder(1)
        ax.add_patch(patch)
        label = ax.annotate("", (0.0, 0.0), xytext=(0, 0), textcoords="offset points", fontsize=LABEL_SIZE,
                            ha="center", va="bottom", color="#333333", path_effects=_OUTLINE, zorder=5)
        artists = cls(patch, label)
        artists.show(obstacle)
        return artists

    def show(self, obstacle, *, flagged: bool = False) -> None:
        """Draw ``obstacle`` (its shape, height and flatness); ``flagged``: outlined in red (a broken rule)."""
        if obstacle is self.obstacle and flagged == self.flagged:
            return
        polygon = obstacle.polygon
        if self.obstacle is None or obstacle.polygon is not self.obstacle.polygon:
            self.patch.set_path(polygon_path(polygon))
        self.patch.set_facecolor(FLAT_OBSTACLE_COLOUR if obstacle.flat else OBSTACLE_COLOUR)
        self.patch.set_hatch("///" if obstacle.flat else None)
        self.patch.set_edgecolor(BLOCKED_COLOUR if flagged else ("#5b5b5b" if obstacle.flat else "#3b3b3b"))
        self.patch.set_linewidth(2.2 if flagged else 1.0)
        # label above the obstacle, so chips standing on it stay visible
        min_x, _, max_x, max_y = polygon.bounds
        spot = ((min_x + max_x) / 2, max_y + 0.5)
        self.label.xy = spot
        self.label.xyann = (0.0, 0.0)
        self.label.set_text(f"{obstacle.name} (h {obstacle.height:g} cm" + (", flat)" if obstacle.flat else ")"))
        self.obstacle, self.flagged = obstacle, flagged

    def remove(self) -> None:
        self.patch.remove()
        self.label.remove()


class ChipArtists:
    """The patches of one chip -- rear arc (faint), viewing angle (coloured fan), body, facing marker --
    and its name, moved and turned in place by :meth:`show`."""

    def __init__(self, rear: Wedge, fan: Wedge, body: Circle, marker: Wedge, label, leader: Line2D):
        self.rear, self.fan, self.body, self.marker, self.label = rear, fan, body, marker, label
        self.leader = leader  # from the rim to the name when LiveTable sets the name off (hidden otherwise)
        self.key = None

    @classmethod
    def add(cls, ax, chip, radius: float, colour: str, *, highlight: bool = False, label: str | None = None,
            flagged: bool = False, fontsize: float = LABEL_SIZE) -> "ChipArtists":
        rear = ax.add_patch(Wedge((0, 0), 1, 0, 90, facecolor="black", alpha=0.08, linewidth=0, zorder=3))
        fan = ax.add_patch(Wedge((0, 0), 1, 0, 90, alpha=0.30, linewidth=0.6, zorder=3))
        body = ax.add_patch(Circle((0, 0), radius, zorder=4))
        marker = ax.add_patch(Wedge((0, 0), radius, 0, 90, facecolor="white", alpha=0.75, linewidth=0, zorder=4.1))
        text = ax.annotate("", (0.0, 0.0), xytext=(0.0, -8.0), textcoords="offset points", fontsize=fontsize,
                           ha="center", va="top", path_effects=_OUTLINE, zorder=6, annotation_clip=False)
        leader = ax.add_line(Line2D([], [], color=LEADER_COLOUR, linewidth=0.6, zorder=5.8, visible=False))
        artists = cls(rear, fan, body, marker, text, leader)
        artists.show(chip, radius, colour, highlight=highlight, label=label, flagged=flagged)
        return artists

    def show(self, chip, radius: float, colour: str, *, highlight: bool = False, label: str | None = None,
             flagged: bool = False) -> None:
        """Draw ``chip``: at its place, turned to its facing ("Viewing Angle (Sichtwinkel)": the 90
        degree marking, and the rear arc opposite); ``highlight`` thickens the edge (the selected
        chip), ``flagged`` draws the edge red (a broken rule)."""
        key = (chip, radius, colour, highlight, label, flagged)
        if key == self.key:
            return
        fan = radius * 2.4
        for wedge, r, start in ((self.rear, fan, 135), (self.fan, fan, -45), (self.marker, radius, -45)):
            wedge.set_center(chip.position)
            wedge.set_radius(r)
            wedge.set_theta1(chip.facing + start)
            wedge.set_theta2(chip.facing + start + 90)
        self.fan.set_facecolor(colour)
        self.fan.set_edgecolor(colour)
        self.body.set_center(chip.position)
        self.body.set_radius(radius)
        self.body.set_facecolor(colour)
        self.body.set_edgecolor(BLOCKED_COLOUR if flagged else "black")
        self.body.set_linewidth(2.0 if highlight or flagged else 0.9)
        self.body.set_linestyle("--" if chip.flying else "-")
        self.label.xy = chip.position  # offset from the centre (LiveTable places it clear of the rest)
        self.label.set_text((chip.name if label is None else label) + (" (flies)" if chip.flying else ""))
        self.label.set_fontweight("bold" if highlight else "normal")
        self.key = key

    def remove(self) -> None:
        for artist in (self.rear, self.fan, self.body, self.marker, self.leader, self.label):
            artist.remove()


class ArtistPool:
    """Artists of one kind, made once and reused: ``take(n)`` returns the first ``n`` (visible), the
    others are hidden.  Overlays (sight lines, rings, marks) change in place this way."""

    def __init__(self, make):
        self.make = make
        self.items: list = []

    def take(self, n: int) -> list:
        while len(self.items) < n:
            self.items.append(self.make())
        for i, artist in enumerate(self.items):
            artist.set_visible(i < n)
        return self.items[:n]

    def visible(self) -> list:
        return [artist for artist in self.items if artist.get_visible()]


TITLES = frozenset({"Schwester", "Seherin", "Gräfin", "Graf", "Bruder", "Baron", "Ritter", "Schreiber",
                    "Poltergeist", "Oberin", "Pater"})
"""Words that open a name as a title, not as the name: a short name skips them ("Schwester Agathe" ->
"Agathe"; three chips named "Schwester", "Seherin", "Gräfin" on the table told nobody who was who)."""

ARTICLES = frozenset({"Der", "Die", "Das"})
"""Articles that open a name: a short name keeps the words after it up to a connector ("Die Graue Frau" ->
"Graue Frau", "Der Alte vom Forst" -> "Alte")."""

CONNECTORS = frozenset({"von", "vom", "der", "die", "das", "de", "zu", "zum"})


def short_names(names) -> dict[str, str]:
    """Each name cut to the word that tells it apart -- its first word after a title (:data:`TITLES`),
    two after an article (:data:`ARTICLES`) -- or to as many words as keep it unique
    (``"Schwester Agathe"`` -> ``"Agathe"``, ``"Ludwig von Auenstedt"`` -> ``"Ludwig"``, two
    "Konrad ..." -> ``"Konrad der"``, ...)."""
    names = list(dict.fromkeys(names))

    def telling(name: str) -> list[str]:
        words = name.split() or [name]
        if len(words) > 1 and words[0] in ARTICLES:  # the words after it up to "vom", "von", ...
            end = next((k for k in range(2, len(words)) if words[k] in CONNECTORS), len(words))
            return [" ".join(words[1:end]), *words[end:]]
        while len(words) > 1 and words[0] in TITLES:
            words = words[1:]
        return words

    words = {name: telling(name) for name in names}
    short = {name: words[name][0] for name in names}
    for k in range(2, max((len(w) for w in words.values()), default=1) + 1):
        clashes = {s for s in short.values() if list(short.values()).count(s) > 1}
        if not clashes:
            break
        for name in names:
            if short[name] in clashes:
                short[name] = " ".join(words[name][:k])
    clashes = {s for s in short.values() if list(short.values()).count(s) > 1}
    for name in names:  # still alike (one name's words inside another's): the full names
        if short[name] in clashes:
            short[name] = name
    return short


def _draw_pixels(canvas) -> None:
    """Draw the figure into the canvas's pixels only: for an ipympl canvas the Agg drawing without
    its sending of the picture (the caller sends it: ``FigureView.refresh``).  Before a browser shows
    the canvas, ipympl turns every picture it sends into the widget's initial data URL, and Voila's
    first view of the designer then failed to set its state ("drawImage ... broken") and never
    showed the canvas."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if isinstance(canvas, FigureCanvasAgg):
        FigureCanvasAgg.draw(canvas)
    else:
        canvas.draw()


class LiveTable:
    """A table drawn once on ``ax`` and changed in place by :meth:`update` (chips moved and turned,
    obstacles added, removed or edited): the artists of a chip or obstacle live as long as it does.

    ``colours``: owner -> colour (fixed, so a player keeps his colour while chips come and go; new
    owners take their society's colour, or a spare one).  The axes show the table and ``margin`` cm around
    it.  ``short_labels`` names chips by the word(s) that tell them apart (:func:`short_names`; the caller shows the
    full name elsewhere, e.g. as a tooltip).  Labels are at least :data:`MIN_FONT_SIZE` at the figure's
    display size and are placed clear of chips, obstacles and each other (:class:`LabelPlacer`): all of
    them the first time, afterwards only those of what changed and those it now covers.  The obstacles'
    labels first, keeping a line's room round each chip where they can; then the chips' names, together,
    by the one collision pass of every Behind picture (:func:`place_with_leaders`: a name set off joined
    to its chip by a leader crossing no name, chip or leader where there is room), clear of the
    obstacles' labels by :data:`OBSTACLE_LABEL_ROOM` -- on every update, a drag's steps included.

    :meth:`render` brings the canvas's pixels up to date by *blitting* (``blit=True``): the board, the
    obstacles, the chips that did not change and the caller's scenery (:meth:`update`'s ``scenery`` key:
    zones, sight lines, ...) are drawn once and cached; an update redraws only the chips that changed
    (with those they overlap), their labels and the :meth:`add_overlay` artists over that background.
    ``full_draws`` counts the full draws.
    """

    def __init__(self, ax, table: Table, *, colours: Mapping[str, str] | None = None, margin: float = 2.0,
                 short_labels: bool = False, fontsize: float = LABEL_SIZE, blit: bool = True):
        self.ax = ax
        self.margin = margin
        self.short_labels = short_labels
        self.fontsize = font_size(fontsize, ax.figure)
        self.blit = blit
        self.colours = dict(colours) if colours is not None else owner_colours(table)
        self.board = ax.add_patch(mark_edge(Rectangle((0, 0), table.width, table.depth, facecolor=TABLE_COLOUR,
                                                      edgecolor="#5b4a2f", linewidth=1.5, zorder=0)))
        self.chip_artists: dict[str, ChipArtists] = {}
        self.obstacle_artists: dict[str, ObstacleArtists] = {}
        self.table: Table | None = None
        self.selected: str | None = None
        self.scenery = None
        self.overlays: list = []
        self.full_draws = 0
        self.label_cost = 0.0
        self._labels: dict[str, str] = {}
        self._placed: dict[tuple, tuple] = {}      # ("chip"|"obstacle", name) -> (what was placed, box, cost)
        self._geometry = None                      # the axes' pixels the labels were placed for
        self._background = None                    # (region, unit states, active units, geometry)
        self.fixed_texts: Callable[[], list] = lambda: []  # the caller's texts that labels keep clear of
        self._fixed: tuple = ((), [])              # their (position, words) keys and boxes
        self.avoid_lines: Callable[[], list] = self._scenery_lines  # polylines (cm) labels keep clear of
        self._lines: tuple = ((), [])              # their key and paths in pixels, as last placed for
        self._overlay_boxes: list = []             # the overlay labels last placed (place_overlay_labels)
        self._own_draw = False
        self._canvas = None
        self.update(table)

    def _watch(self, canvas) -> None:
        """Draw the animated artists over every draw of the figure that :meth:`render` did not make
        (ipympl draws afresh when the browser asks, e.g. on a resize)."""
        if canvas is not self._canvas:
            self._canvas = canvas
            canvas.mpl_connect("draw_event", self._on_draw)

    def _on_draw(self, event) -> None:
        canvas = event.canvas
        if self._own_draw or not self.blit or self._background is None or canvas.is_saving() or \
                canvas is not self.ax.figure.canvas:
            return
        _, _, active, scenery, size = self._background
        self._background = (canvas.copy_from_bbox(self.ax.figure.bbox), self._states(), active, scenery, size)
        self._draw_animated(active)

    @property
    def extent(self) -> tuple[float, float, float, float]:
        """``(x0, x1, y0, y1)`` of the axes in cm: the table and the margin."""
        m, table = self.margin, self.table
        return (-m, table.width + m, -m, table.depth + m)

    def colour(self, owner: str) -> str:
        if owner not in self.colours:
            colour = colour_of(owner)
            if colour is None or colour in self.colours.values():
                spare = [c for c in SPARE_COLOURS if c not in self.colours.values()] or list(SPARE_COLOURS)
                colour = spare[0]
            self.colours[owner] = colour
        return self.colours[owner]

    def update(self, table: Table, *, selected: str | None = None, flagged=(), scenery=None,
               previews=()) -> None:
        """Show ``table``: only what changed is touched.  ``selected`` (a chip or obstacle name) is
        drawn bold; ``flagged`` names are outlined in red.  ``previews``: chips or obstacles drawn
        at another place than the table's (highlighted and flagged: a place the table refuses).
        ``scenery``: a key of whatever else the caller drew below the chips (:meth:`render` draws the
        background afresh when it changes)."""
        flagged = frozenset(flagged)
        self.scenery = scenery
        previews = {piece.name: piece for piece in previews}
        if self.table is None or (table.width, table.depth) != (self.table.width, self.table.depth):
            self.board.set_width(table.width)
            self.board.set_height(table.depth)
            m = self.margin
            self.ax.set_xlim(-m, table.width + m)
            self.ax.set_ylim(-m, table.depth + m)
        obstacles = {obstacle.name: obstacle for obstacle in table.obstacles}
        for name in [n for n in self.obstacle_artists if n not in obstacles]:
            self.obstacle_artists.pop(name).remove()
            self._placed.pop(("obstacle", name), None)
        for name, obstacle in obstacles.items():
            artists = self.obstacle_artists.get(name)
            if artists is None:
                self.obstacle_artists[name] = artists = ObstacleArtists.add(self.ax, obstacle)
            if name in previews:
                artists.show(previews[name], flagged=True)
            else:
                artists.show(obstacle, flagged=name in flagged or name == selected)
        if self.table is None or self.table.names != table.names:
            self._labels = short_names(table.names) if self.short_labels else {}
        for name in [n for n in self.chip_artists if n not in table]:
            self.chip_artists.pop(name).remove()
            self._placed.pop(("chip", name), None)
        r = table.radius
        for chip in table.chips:
            artists = self.chip_artists.get(chip.name)
            options = dict(highlight=chip.name == selected, label=self._labels.get(chip.name),
                           flagged=chip.name in flagged)
            if chip.name in previews:
                chip, options["highlight"], options["flagged"] = previews[chip.name], True, True
            if artists is None:
                self.chip_artists[chip.name] = ChipArtists.add(self.ax, chip, r, self.colour(chip.owner),
                                                               fontsize=self.fontsize, **options)
            else:
                artists.show(chip, r, self.colour(chip.owner), **options)
        self.table, self.selected = table, selected
        self.place_labels()

    # -- labels ---------------------------------------------------------------------------------
    def _chips_shown(self):
        return [artists.key[0] for artists in self.chip_artists.values()]

    def place_labels(self, *, everything: bool = False) -> float:
        """Place the labels of what changed since the last placement (``everything``: all of them)
        clear of every chip, every obstacle and the other labels; returns the collision cost left."""
        ax = self.ax
        figure = ax.figure
        ax.apply_aspect()
        geometry = (tuple(ax.bbox.bounds), ax.get_xlim(), ax.get_ylim(), figure.dpi)
        units = {("obstacle", name): (artists, (artists.obstacle, artists.label.get_text()))
                 for name, artists in self.obstacle_artists.items()}
        units.update({("chip", name): (artists, (artists.key[0].position, artists.label.get_text(),
                                                 artists.label.get_fontweight()))
                      for name, artists in self.chip_artists.items()})
        if everything or geometry != self._geometry:
            self._placed.clear()
            self._fixed = ((), [])
        changed = [unit for unit, (_, what) in units.items()
                   if unit not in self._placed or self._placed[unit][0] != what]
        fixed_before = self._fixed[1]
        fixed = self._fixed_boxes()
        if fixed_before != fixed:  # the caller's texts changed: labels they now cover or crowd are placed again
            k = figure.dpi / 72.0
            gx, gy = LABEL_GAP[0] * k, LABEL_GAP[1] * k
            changed += [unit for unit, (_, box, _) in self._placed.items() if unit in units and unit not in changed
                        and any(_boxes_meet(box, Bbox.from_extents(other.x0 - gx, other.y0 - gy, other.x1 + gx,
                                                                   other.y1 + gy)) for other in fixed)]
        lines_before = self._lines[0]
        lines = self._line_paths()
        if lines_before != self._lines[0]:  # the sight lines moved: labels they now cross are placed again
            changed += [unit for unit, (_, box, _) in self._placed.items() if unit in units and unit not in changed
                        and box.width > 0 and any(path.intersects_bbox(box, filled=False) for path in lines)]
        if not changed:
            return self.label_cost
        placer = LabelPlacer(ax)
        for box in fixed:
            placer.avoid_box(box)
        for box in self._overlay_boxes:
            placer.avoid_box(box)
        placer.lines.extend(lines)
        table, r = self.table, self.table.radius
        avoid_table_marks(placer, ax, r, wedges=False)  # a live table's labels move little: the edge only
        chips = self._chips_shown()
        for chip in chips:
            placer.avoid_circle(chip.position, r)
        for artists in self.obstacle_artists.values():
            placer.avoid_patch(artists.patch)
        # what moved may now cover labels placed before: those are placed again as well
        moved = [(c.position, r) for c in chips if ("chip", c.name) in changed]
        gone = {unit: placed for unit, placed in self._placed.items() if unit in units}
        again = set(changed)
        for unit, (_, box, cost) in gone.items():
            if unit in again:
                continue
            hit = cost > 0 or any(_box_hits(placer, box, centre, radius) for centre, radius in moved)
            if not hit and unit[0] == "chip" and moved:  # its leader now runs through a chip that moved
                leader = self.chip_artists[unit[1]].leader
                hit = leader.get_visible() and any(_line_hits(leader.get_xydata(), centre, LEADER_GRAZE * radius)
                                                   for centre, radius in moved)
            if not hit:
                for other in changed:
                    if other[0] == "obstacle" and placer.paths:
                        patch = self.obstacle_artists[other[1]].patch
                        path = patch.get_path().transformed(patch.get_transform())
                        if len(path.vertices) and path.intersects_bbox(box, filled=True):
                            hit = True
                            break
            if hit:
                again.add(unit)
        fixed_leaders = []  # the leaders of the names not placed again (pixels): the new ones keep off them
        for unit, (_, box, _) in gone.items():
            if unit not in again:
                placer.avoid_box(box)
                if unit[0] == "obstacle" and box.width > 0:
                    keep_off_obstacle_label(placer, box)
                leader = self.chip_artists[unit[1]].leader if unit[0] == "chip" else None
                if leader is not None and leader.get_visible():
                    points = leader.get_xydata()
                    block_leader(placer, points)
                    fixed_leaders.append(ax.transData.transform(points))
        to_px = ax.transData.transform
        scale = abs(to_px((1.0, 0.0))[0] - to_px((0.0, 0.0))[0]) * 72.0 / figure.dpi
        chip_spots = _chip_spots(r, rings=LIVE_RINGS, step=7.0)(scale)  # further out than draw_table: crowds
        # obstacles first, then the chips with the least room around them (most neighbours) first
        crowd = {c.name: sum(math.hypot(c.x - o.x, c.y - o.y) < 8 * r for o in chips) for c in chips}
        order = sorted(again, key=lambda unit: (unit[0] != "obstacle", -crowd.get(unit[1], 0), unit[1]))
        queued, named, room = [], [], None
        for unit in order:
            artists, what = units[unit]
            label = artists.label
            if not label.get_text():
                self._placed[unit] = (what, Bbox.null(), 0.0)
                continue
            label.set_visible(True)
            if unit[0] == "chip":  # placed together below, by the one pass of every Behind picture
                artists.leader.set_visible(False)
                queued.append((label, chip_spots, (artists.key[0].position, r)))
                named.append((unit, artists, what))
                continue
            if room is None:  # an obstacle's label keeps a name's room round each chip where it can
                room = _name_room(placer, chips, r, self.fontsize)
            room.place(label, obstacle_spots(artists.obstacle, ax)(scale))
            box = room.boxes.pop()
            room._rects.pop()
            cost = float(placer.conflicts([box.extents])[0])
            cost -= placer._edge_conflict(*box.extents)  # an edge or wedge crossed is no want of room
            if cost >= NO_ROOM:  # every spot covers a chip, an obstacle or a label: left out until there is room
                label.set_visible(False)  # (the name is beside the mouse and in the panel's lists)
                self._placed[unit] = (what, Bbox.null(), cost)  # a cost: placed again at the next change
                continue
            self._placed[unit] = (what, box, cost)
            for to in (placer, room):
                to.avoid_box(box)
                keep_off_obstacle_label(to, box)
        if queued:
            self._place_names(placer, queued, named, chips, fixed_leaders)
        self._geometry = geometry
        self.label_cost = sum(cost for _, _, cost in self._placed.values())
        return self.label_cost

    def _place_names(self, placer: LabelPlacer, queued: list, named: list, chips: list, fixed_leaders: list) -> None:
        """Place the chips' names ``queued`` (:func:`name_labels`; ``named``: each one's unit, artists and
        what was placed) by :func:`place_with_leaders`, clear of what ``placer`` holds and of the
        ``fixed_leaders`` (pixels) of the names not placed again; a name set off gets its leader line.
        A name whose box still covers a chip, an obstacle or a label (:data:`NO_ROOM`) is left out."""
        ax = self.ax
        to_px, from_px = ax.transData.transform, ax.transData.inverted().transform
        r = self.table.radius
        r_px = abs(to_px((r, 0.0))[0] - to_px((0.0, 0.0))[0])
        centres = to_px(np.array([chip.position for chip in chips], dtype=float).reshape(-1, 2))
        labels = place_with_leaders(placer, name_labels(placer, queued, [(c.position, r) for c in chips]), centres,
                                    r_px, keep=False, leaders=fixed_leaders)
        for label, (unit, artists, what) in zip(labels, named):
            text, spots = label.data
            LabelPlacer._put(text, *spots[label.rank])
            against = placer.copy()  # its box's own collisions (the other names placed), edges and wedges aside
            for other in labels:
                if other is not label:
                    against.avoid_box(Bbox.from_extents(*other.box))
            hard = float(against.conflicts([label.box])[0]) - against._edge_conflict(*label.box)
            cost = hard + label.crossing
            if hard >= NO_ROOM:  # every spot covers a chip, an obstacle or a label: left out until there is room
                text.set_visible(False)
                self._placed[unit] = (what, Bbox.null(), cost)
                continue
            if label.ends is not None:
                artists.leader.set_data(*from_px(np.array(label.ends, dtype=float)).T)
                artists.leader.set_visible(True)
            self._placed[unit] = (what, Bbox.from_extents(*label.box), cost)

    def _fixed_boxes(self) -> list:
        texts = [t for t in self.fixed_texts() if t.get_visible() and t.get_text()]
        key = tuple((t.get_text(), tuple(t.get_position()), tuple(getattr(t, "xy", ())), t.get_ha(), t.get_va())
                    for t in texts)  # an annotation's anchor too (its position is its offset)
        if key != self._fixed[0]:
            renderer = renderer_of(self.ax.figure)
            self._fixed = (key, [t.get_window_extent(renderer) for t in texts])
        return self._fixed[1]

    def _scenery_lines(self) -> list:
        """The caller's lines drawn on the axes (the TablePanel's sight lines), as polylines in cm:
        every visible line of the axes that is not an overlay."""
        own = set(map(id, self.overlays)) | {id(a.leader) for a in self.chip_artists.values()}
        return [line.get_xydata() for line in self.ax.lines
                if line.get_visible() and id(line) not in own and len(line.get_xydata()) >= 2]

    def _line_paths(self) -> list:
        """:attr:`avoid_lines` in pixels, measured again only when they or the axes changed."""
        ax = self.ax
        lines = [np.asarray(points, dtype=float) for points in self.avoid_lines()]
        key = (tuple(ax.bbox.bounds), ax.get_xlim(), ax.get_ylim(), tuple(p.tobytes() for p in lines))
        if key != self._lines[0]:
            to_px = ax.transData.transform
            self._lines = (key, [Path(to_px(points)) for points in lines])
        return self._lines[1]

    def place_overlay_labels(self, labels, *, lines=None, own_lines=None) -> list[float]:
        """Place the caller's labels (``(annotation, candidate spots)``, as :meth:`LabelPlacer.place`)
        clear of the chips, the obstacles, their labels, the lines (``lines``, polylines in cm; default
        :attr:`avoid_lines`) and each other; returns each one's collision cost left (0: clear; 5000 or
        more: it overlaps another label).  ``own_lines``: for each label the line (cm) it belongs on (a
        distance written on its line), which it may cross; the others' it keeps clear of."""
        own_lines = list(own_lines) if own_lines is not None else [None] * len(labels)
        kept = [(label, own) for label, own in zip(labels, own_lines) if label[0].get_text()]
        labels, own_lines = [label for label, _ in kept], [own for _, own in kept]
        if not labels:
            self._overlay_boxes = []
            return []
        placer = LabelPlacer(self.ax)
        r = self.table.radius
        avoid_table_marks(placer, self.ax, r, wedges=False)
        for chip in self._chips_shown():
            placer.avoid_circle(chip.position, r)
        for artists in self.obstacle_artists.values():
            placer.avoid_patch(artists.patch)
        for _, box, _ in self._placed.values():
            if box.width > 0:
                placer.avoid_box(box)
        for box in self._fixed[1]:
            placer.avoid_box(box)
        to_px = self.ax.transData.transform
        lines = (self._line_paths() if lines is None
                 else [Path(to_px(np.asarray(points, dtype=float))) for points in lines])
        costs = []
        for (text, spots), own in zip(labels, own_lines):
            mine = None if own is None else to_px(np.asarray(own, dtype=float))
            placer.lines = [path for path in lines if mine is None or path.vertices.shape != mine.shape
                            or not np.allclose(path.vertices, mine)]
            placer._line_extents = []  # measured again for these lines
            costs.append(placer.place(text, spots))
        self._overlay_boxes = placer.boxes[-len(labels):]
        return costs

    # -- drawing --------------------------------------------------------------------------------
    def add_overlay(self, *artists) -> None:
        """Artists the caller changes on every update (marks, a hover text): drawn over the cached
        background each time (they are animated; keep them above the chips)."""
        for artist in artists:
            artist.set_animated(self.blit)
            self.overlays.append(artist)

    def overlay_pool(self, make) -> "ArtistPool":
        """An :class:`ArtistPool` whose artists are overlays (:meth:`add_overlay`)."""
        def made():
            artist = make()
            self.add_overlay(artist)
            return artist
        return ArtistPool(made)

    def invalidate(self) -> None:
        """Have the next :meth:`render` draw everything afresh (the caller changed its scenery)."""
        self._background = None

    def _unit_artists(self, unit) -> list:
        kind, name = unit
        if kind == "chip":
            a = self.chip_artists[name]
            return [a.rear, a.fan, a.body, a.marker, a.leader, a.label]
        a = self.obstacle_artists[name]
        return [a.patch, a.label]

    def _states(self) -> dict:
        states = {("chip", name): (a.key, tuple(a.label.xy), tuple(a.label.xyann), a.label.get_ha(),
                                   a.label.get_va(), a.leader.get_visible(),  # a leader may change its way alone
                                   a.leader.get_xydata().tobytes() if a.leader.get_visible() else b"")
                  for name, a in self.chip_artists.items()}
        states.update({("obstacle", name): (a.obstacle, a.flagged, tuple(a.label.xy), tuple(a.label.xyann),
                                            a.label.get_ha(), a.label.get_va())
                       for name, a in self.obstacle_artists.items()})
        return states

    def _needed(self, changed: set) -> set:
        """``changed`` and what it must be drawn with so that the z-order stays right: chips whose
        viewing-angle fans or labels it overlaps, obstacles under it."""
        r = self.table.radius if self.table is not None else 1.0
        reach = 2.4 * r + r + 0.2  # a fan (2.4 radii, under the chips) reaches another chip's body
        needed = set(changed)
        todo = list(changed)
        chips = {name: a.key[0] for name, a in self.chip_artists.items()}
        to_px = self.ax.transData.transform
        while todo:
            unit = todo.pop()
            extra = []
            if unit[0] == "chip":
                c = chips[unit[1]]
                (cx, cy), (ex, _) = to_px(c.position), to_px((c.x + 2.4 * r, c.y))
                radius = abs(ex - cx)
                for name, other in chips.items():
                    if ("chip", name) not in needed and math.hypot(other.x - c.x, other.y - c.y) < reach:
                        extra.append(("chip", name))
                for key, (_, box, _) in self._placed.items():
                    if key not in needed and key[0] in ("chip", "obstacle") and box.width > 0 and \
                            _circle_hits_box(box, (cx, cy), radius):
                        extra.append(key)
            else:
                patch = self.obstacle_artists[unit[1]].patch
                box = patch.get_window_extent()
                for name, other in chips.items():
                    if ("chip", name) in needed:
                        continue
                    (cx, cy), (ex, _) = to_px(other.position), to_px((other.x + 2.4 * r, other.y))
                    if _circle_hits_box(box, (cx, cy), abs(ex - cx)):
                        extra.append(("chip", name))
            for key in extra:
                if key not in needed and (key[0] != "chip" or key[1] in self.chip_artists) and \
                        (key[0] != "obstacle" or key[1] in self.obstacle_artists):
                    needed.add(key)
                    todo.append(key)
        return needed

    def render(self) -> bool:
        """Bring the canvas's pixels up to date; True when only what changed was drawn (blitted over
        the cached background), False after a full draw."""
        figure = self.ax.figure
        canvas = figure.canvas
        self.place_labels()  # the caller's lines may have moved since update() (sight lines drawn after it)
        if not self.blit:
            _draw_pixels(canvas)
            self.full_draws += 1
            return False
        states = self._states()
        size = (tuple(figure.bbox.bounds), figure.dpi)
        background = self._background
        if background is not None:
            region, drawn, active, scenery, drawn_size = background
            changed = {unit for unit in set(states) | set(drawn) if states.get(unit) != drawn.get(unit)}
            if drawn_size == size and scenery == self.scenery and all(unit in states for unit in drawn):
                needed = self._needed({unit for unit in changed if unit in states})
                if needed <= active:
                    canvas.restore_region(region)
                    self._draw_animated(active)
                    return True
            # chips that changed are likely to change again (a drag): drawn over the new background;
            # after a change of scenery everything is drawn into it (a click in the table panel)
            changed = {unit for unit in changed if unit in states} if scenery == self.scenery else set()
        else:
            changed = set()
        active = self._needed(changed)
        for unit in states:
            for artist in self._unit_artists(unit):
                artist.set_animated(unit in active)
        self._watch(canvas)
        self._own_draw = True
        try:
            _draw_pixels(canvas)
        finally:
            self._own_draw = False
        self.full_draws += 1
        self._background = (canvas.copy_from_bbox(figure.bbox), states, active, self.scenery, size)
        self._draw_animated(active)
        return False

    def _draw_animated(self, active) -> None:
        artists = [artist for unit in active for artist in self._unit_artists(unit)]
        overlays = [artist for artist in self.overlays if artist.get_visible()]
        artists += overlays
        # a label in the background above an overlay it crosses (a mark line): drawn again over it
        outlines = []
        for artist in overlays:
            if isinstance(artist, (Line2D, Patch)) and not isinstance(artist, Text):
                path = artist.get_path()
                outlines.append((artist.get_zorder(), artist.get_transform().transform_path(path)))
        if outlines:
            for unit, (_, box, _) in self._placed.items():
                if unit in active or box.width <= 0:
                    continue
                label = self._unit_artists(unit)[-1]
                if any(z < label.get_zorder() and path.intersects_bbox(box, filled=False) for z, path in outlines):
                    artists.append(label)
        figure = self.ax.figure
        for artist in sorted(artists, key=lambda a: a.get_zorder()):
            if artist.get_visible():
                figure.draw_artist(artist)

    def chip_at(self, x: float, y: float, slack: float = 0.3) -> str | None:
        """The chip under the point ``(x, y)`` cm (within its radius + ``slack``; the nearest centre
        wins), or None."""
        best, best_d = None, math.inf
        limit = self.table.radius + slack
        for chip in self.table.chips:
            d = math.hypot(chip.x - x, chip.y - y)
            if d <= limit and d < best_d:
                best, best_d = chip.name, d
        return best

    def obstacle_at(self, x: float, y: float, slack: float = 0.3) -> str | None:
        """The obstacle under the point ``(x, y)`` cm (within ``slack``; the last drawn wins), or None."""
        import shapely

        point = shapely.Point(x, y)
        for obstacle in reversed(self.table.obstacles):
            if obstacle.polygon.distance(point) <= slack:
                return obstacle.name
        return None


NAME_ROOM_COST = 40.0
"""What a live table's obstacle label costs standing within a line's height of a chip's rim (where
the chip's name goes): less than a line crossed (50), more than a spot a little further round."""


def _name_room(placer: LabelPlacer, chips, radius: float, fontsize: float) -> LabelPlacer:
    """A copy of ``placer`` on which a label within a line of ``fontsize`` points of a chip's rim costs
    :data:`NAME_ROOM_COST` (the dearest of the rooms it covers, as a soft patch)."""
    room = placer.copy()
    ax = placer.ax
    to_px = ax.transData.transform
    k = ax.figure.dpi / 72.0
    r_px = abs(to_px((radius, 0.0))[0] - to_px((0.0, 0.0))[0]) + fontsize * 1.3 * k
    for chip in chips:
        cx, cy = (float(v) for v in to_px(chip.position))
        path = Path.circle((cx, cy), r_px)
        room.soft.append((path, (cx - r_px, cy - r_px, cx + r_px, cy + r_px), NAME_ROOM_COST))
    return room


def _line_hits(points, centre, radius: float) -> bool:
    """Whether the polyline ``points`` passes nearer ``centre`` than ``radius`` (cm)."""
    cx, cy = centre
    for (x0, y0), (x1, y1) in zip(points[:-1], points[1:]):
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((cx - x0) * dx + (cy - y0) * dy) / max(dx * dx + dy * dy, 1e-12)))
        if math.hypot(cx - (x0 + t * dx), cy - (y0 + t * dy)) < radius:
            return True
    return False


def _boxes_meet(a, b) -> bool:
    return min(a.x1, b.x1) > max(a.x0, b.x0) and min(a.y1, b.y1) > max(a.y0, b.y0)


def _circle_hits_box(box, centre, radius: float) -> bool:
    cx, cy = centre
    nx, ny = min(max(cx, box.x0), box.x1), min(max(cy, box.y0), box.y1)
    return math.hypot(nx - cx, ny - cy) < radius


def _box_hits(placer, box, centre, radius: float) -> bool:
    """Whether the chip circle (cm) reaches into ``box`` (pixels, with the placer's padding)."""
    to_px = placer.ax.transData.transform
    (cx, cy), (ex, _) = to_px(centre), to_px((centre[0] + radius, centre[1]))
    return _circle_hits_box(box.padded(placer.pad), (cx, cy), abs(ex - cx))
