"""Drawing a whole game of Behind: the table with the game's markers, and an HTML status page.

``draw_state(state)`` draws the table (:func:`~explorer.behind.render_table.draw_table`) and on
it what the game adds: the acting player's chips ringed in gold, the Jewel of Athens (a star on
its bearer or on the ground), each character's condition (injuries as red dots and words,
frightened, transformed) in a label placed beside the chip where it overlaps the fewest other
labels, and the melee or shot the game waits on as an arrow.  ``state_png(state)`` returns PNG
bytes.  ``game_html(state)`` is what ``BehindState._repr_html_`` shows: the picture, the status
(turn, phase, who acts, actions left, the winner), the decision the game waits for, a table per
player (hand, supply, discard, in play, Moments owed, characters) and the last log lines with
the rule each cites.  ``game_html(state, player)`` shows only what ``player`` may know ("Hand
Cards, Supply and Discard Pile"): his own hand by card titles, the other hands as counts, and the
log without the others' private events.

For replays and live games, ``players_html`` is the players' table (a step's events with their
rules are the core's :class:`~explorer.core.event_table.EventTable`); the picture updated in place from state to state and the jewel's
path are in :mod:`explorer.behind.render_replay`.
"""

from __future__ import annotations

import html
import math
import textwrap
import weakref
from dataclasses import dataclass
from typing import Iterable

import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Patch
from matplotlib.path import Path

from explorer.behind.palette import colours_for
from explorer.behind.render_table import (  # noqa: F401  (the names' collision pass: re-exported)
    CROWD_GAP, LEADER_THROUGH_CHIP, LEADER_THROUGH_LABEL, LEADER_THROUGH_LEADER, OUTLINE, LeaderLabel, _leader_ends,
    avoid_table_marks, block_leader, draw_table, keep_apart, keep_off_obstacle_label, leader_crossings, obstacle_spots,
    place_labels, place_with_leaders, polygon_path)
from explorer.core.render_labels import (MIN_FONT_SIZE, MISREAD, NEARER, LabelPlacer, legend_below, line_size,
                                         notebook_font_size, renderer_of)
from explorer.core.display import figure_png, png_img_tag
from explorer.core.event_table import EventTable
from explorer.core.words import counted

HIGHLIGHT_COLOUR = "#f2b600"
JEWEL_COLOUR = "#ffd700"
INJURY_COLOUR = "#c00000"
CONDITION_COLOUR = "#7a0000"
ATTACK_COLOUR = "#d62728"
LEADER_COLOUR = "#444444"
JEWEL_TEXT_COLOUR = "#6b5200"

LOG_LINES = 8
"""How many of the last log lines ``game_html`` shows."""

PHASE_WORDS = {
    "choose-scenario": "choosing the scenario", "terrain": "placing the terrain", "deployment": "deploying the chips",
    "organisation": "I. organisation phase", "action": "II. action phase", "defend": "decision: defend in melee",
    "dodge": "decision: dodge a shot", "assign-damage": "decision: who takes the damage",
    "arrange": "decision: arrange the looked-at cards", "command-move": "decision: move the commanded enemy",
    "over": "game over",
}

FONT_SIZE = MIN_FONT_SIZE
TITLE_SIZE = 9.5
JEWEL_SIZE = 13.0
"""The jewel's star (marker size, points)."""


# =============================================================================================
# The picture
# =============================================================================================
def draw_state(state, ax=None, *, player: str | None = None, title: str | None = None,
               focus: Iterable[str] | None = None, margin: float = 10.0, **table_options):
    """Draw the game's table and its markers on ``ax`` (a new figure's axes when None); return the axes.

    ``player`` only changes the title ("as seen by ..."): everything on the table is public.
    ``focus``: chip names to zoom on (their bounding box and ``margin`` cm around it).  Other
    keywords go to :func:`~explorer.behind.render_table.draw_table` (``sight_from``, ``ranges``,
    ``card_length_rings``).
    """
    table = state.table
    region = view_region(table, focus, margin)
    if title is None:
        title = status_line(state) + (f" -- as seen by {player}" if player is not None else "")
    own_figure = ax is None
    if ax is None:
        # a fixed layout (a "constrained" layout doubles the drawing time): margins in inches
        x0, y0, x1, y1 = region
        # 8 inches wide for a landscape table, a little narrower for a square one (drawing time grows with the area)
        width = 8.0 * max(0.85, min(1.0, (x1 - x0) / (y1 - y0) / 1.5))
        left, right, top, bottom = 0.55, 0.1, 0.3, 0.95
        title = wrapped_title(title, width - left - right)
        top += 0.16 * title.count("\n")
        height = (width - left - right) * (y1 - y0) / (x1 - x0) + top + bottom
        figure = Figure(figsize=(width, height), dpi=90)
        figure.subplots_adjust(left=left / width, right=1 - right / width, top=1 - top / height,
                               bottom=bottom / height)
        ax = figure.add_subplot()
    colours = player_colours(state)
    draw_table(table, ax, title="", colours=colours, labels=False, **table_options)
    ax.set_xlim(region[0], region[2])
    ax.set_ylim(region[1], region[3])
    names = {chip.name for chip in table.chips}
    for text in list(ax.texts):  # draw_table's chip names: relabelled below with conditions
        if text.get_text().removesuffix(" (flies)") in names:
            text.remove()

    acting = state.active_player if not state.is_terminal() else None
    r = table.radius
    d = state.data
    ax.apply_aspect()  # the equal aspect moves the axes box: sizes in points are final only after this
    dot = injury_dot_size(ax, r)
    for chip in table.chips:
        if chip.owner == acting:
            ax.add_patch(Circle(chip.position, r * 1.55, facecolor="none", edgecolor=HIGHLIGHT_COLOUR,
                                linewidth=2.4, zorder=3.9))
        injuries = d.characters[chip.name].injuries if chip.name in d.characters else 0
        for k in range(injuries):  # one red dot per injury, over the chip's upper right rim
            angle = math.radians(55 - 35 * k)
            ax.plot(chip.x + 1.05 * r * math.cos(angle), chip.y + 1.05 * r * math.sin(angle), "o",
                    markersize=dot, color=INJURY_COLOUR, markeredgecolor="white", markeredgewidth=0.7, zorder=5)
    _draw_pending(ax, state)
    spot, on_ground = jewel_spot(state)
    if on_ground:
        ax.annotate("Jewel of Athens", (spot[0], spot[1] + 1.6), fontsize=label_size(ax.figure), ha="center", va="bottom",
                    color=JEWEL_TEXT_COLOUR, path_effects=OUTLINE, zorder=6)
    if spot is not None:
        ax.plot(*spot, marker="*", markersize=JEWEL_SIZE, color=JEWEL_COLOUR, markeredgecolor="black",
                markeredgewidth=0.7, zorder=5.5, linestyle="none")

    # the legend and the title first: in a laid-out figure (a grid) they move the axes, and labels
    # are placed in pixels
    _extend_legend(ax, state, acting)
    if own_figure:
        fit_legend(ax)
    title = wrapped_title(title, ax.get_position().width * ax.figure.get_figwidth())
    # a fixed y: matplotlib skips measuring the axis
    ax.set_title(title, fontsize=text_size(ax.figure, TITLE_SIZE), y=1.0, pad=4)
    place_labels(ax)  # the obstacles' and rings' labels, clear of the chips (after the layout, if any)
    _place_labels(ax, state, colours)
    return ax


def fit_legend(ax, pad: float = 4.0) -> None:
    """Make the figure of ``ax`` (a figure of one axes, its margins in inches) taller at the bottom
    when the legend under the axes reaches below it, ``pad`` points to spare: the axes keep their
    size and every label its place on them."""
    legend = ax.get_legend()
    if legend is None:
        return
    figure = ax.figure
    box = legend.get_window_extent(renderer_of(figure))
    short = (pad * figure.dpi / 72.0 - (box.y0 - figure.bbox.y0)) / figure.dpi  # inches
    if short <= 0:
        return
    width, height = figure.get_size_inches()
    position = ax.get_position()
    bottom, top = position.y0 * height + short, (1 - position.y1) * height
    figure.set_size_inches(width, height + short)
    figure.subplots_adjust(bottom=bottom / (height + short), top=1 - top / (height + short))


def wrapped_title(title: str, inches: float) -> str:
    """The title broken into lines that fit ``inches``, as even as they can be: no fewer lines than a
    full width needs, each as short as that allows (lesson 6's title left the single word "left" on its
    second line)."""
    if "\n" in title:
        return title
    width = max(40, int(inches * 72 / (TITLE_SIZE * 0.55)))
    lines = textwrap.wrap(title, width, break_long_words=False, break_on_hyphens=False)
    if len(lines) <= 1:
        return title
    longest_word = max(len(word) for word in title.split())
    while width > longest_word and len(textwrap.wrap(title, width - 1, break_long_words=False,
                                                     break_on_hyphens=False)) == len(lines):
        width -= 1
    return "\n".join(textwrap.wrap(title, width, break_long_words=False, break_on_hyphens=False))


def view_region(table, focus: Iterable[str] | None, margin: float) -> tuple[float, float, float, float]:
    """The part of the table to show: all of it (and draw_table's 2 cm margin), or the chips in ``focus``."""
    if focus is None:
        return (-2.0, -2.0, table.width + 2.0, table.depth + 2.0)
    chips = [table.chip(name) for name in ([focus] if isinstance(focus, str) else focus)]
    if not chips:
        raise ValueError("focus names no chip")
    xs, ys = [c.x for c in chips], [c.y for c in chips]
    return (max(-2.0, min(xs) - margin), max(-2.0, min(ys) - margin),
            min(table.width + 2.0, max(xs) + margin), min(table.depth + 2.0, max(ys) + margin))


def state_png(state, *, player: str | None = None, dpi: int = 90, **options) -> bytes:
    """PNG bytes of :func:`draw_state` (keywords are passed on)."""
    ax = draw_state(state, player=player, **options)
    ax.figure.set_dpi(dpi)
    return figure_png(ax.figure)


@dataclass(frozen=True)
class PendingArrow:
    """The fight the game waits on, as drawn: an arrow from ``start`` to ``tip`` (solid for a
    melee, dashed for a shot) and, for a melee, a ring of ``radius`` around ``middle``."""

    kind: str
    start: tuple[float, float]
    tip: tuple[float, float]
    middle: tuple[float, float]
    radius: float

    @property
    def linestyle(self) -> str:
        return "-" if self.kind == "defend" else "--"


def pending_arrow(state) -> PendingArrow | None:
    """The arrow from the attacker (shooter) to the defender (target) while the game waits for the
    defence (Melee Combat) or the dodge (Ranged Combat); None otherwise."""
    pending = state.pending
    if pending is None or pending.kind not in ("defend", "dodge"):
        return None
    info = pending.info
    source, target = (info.get("attacker"), info.get("defender")) if pending.kind == "defend" else \
        (info.get("shooter"), info.get("target"))
    table = state.table
    if source not in table or target not in table:
        return None
    a, b = table.chip(source), table.chip(target)
    r = table.radius
    length = math.hypot(b.x - a.x, b.y - a.y) or 1.0
    ux, uy = (b.x - a.x) / length, (b.y - a.y) / length
    tip = (b.x - ux * r * 1.05, b.y - uy * r * 1.05)
    start = (a.x - ux * r * 2.2, a.y - uy * r * 2.2) if pending.kind == "defend" else a.position
    return PendingArrow(pending.kind, start, tip, ((a.x + b.x) / 2, (a.y + b.y) / 2), length / 2 + r * 1.9)


def _draw_pending(ax, state) -> None:
    """Draw :func:`pending_arrow` (nothing when the game waits on no fight)."""
    arrow = pending_arrow(state)
    if arrow is None:
        return
    ax.add_patch(FancyArrowPatch(arrow.start, arrow.tip, arrowstyle="-|>", mutation_scale=11, color=ATTACK_COLOUR,
                                 linewidth=1.6, linestyle=arrow.linestyle, shrinkA=0, shrinkB=0, zorder=5.2))
    if arrow.kind == "defend":
        ax.add_patch(Circle(arrow.middle, arrow.radius, facecolor="none", edgecolor=ATTACK_COLOUR,
                            linestyle="--", linewidth=1.1, zorder=5.1))


def jewel_spot(state) -> tuple[tuple[float, float] | None, bool]:
    """Where the star of the Jewel of Athens goes, and whether the jewel lies on the ground: on its
    bearer's chip (upper left rim) or where it lies; ``(None, False)`` without a jewel."""
    jewel = state.data.jewel
    table = state.table
    if jewel is None:
        return None, False
    if jewel[0] == "bearer" and jewel[1] in table:
        chip, r = table.chip(jewel[1]), table.radius
        return (chip.x - 0.9 * r, chip.y + 0.9 * r), False
    if jewel[0] == "ground":
        return (jewel[1], jewel[2]), True
    return None, False


def chip_label(state, name: str) -> str:
    """The chip's label: its name and, on a second line, its condition (injuries, frightened,
    transformed, flying)."""
    d = state.data
    marks = []
    character = d.characters.get(name)
    if character is not None and character.injuries:
        marks.append(character.condition)
    if name in d.frightened:
        marks.append("frightened")
    if name in d.transformed:
        marks.append("transformed")
    if name in state.table and state.table.chip(name).flying:
        marks.append("flies")
    return name + ("\n" + ", ".join(marks) if marks else "")


@dataclass(frozen=True)
class ChipLabel:
    """Where a chip's label goes (display decided by :func:`label_layout`): its ``lines`` (the
    name, then the condition), the data point each line hangs from (``va="top"``), the
    horizontal alignment, the colour and weight of the name, the leader line (xs, ys) from
    the chip's edge, if the label is set off, and the font size (points)."""

    chip: str
    lines: tuple[str, ...]
    anchors: tuple[tuple[float, float], ...]
    ha: str
    colour: str
    bold: bool
    leader: tuple[tuple[float, ...], tuple[float, ...]] | None
    size: float = FONT_SIZE


def text_size(figure, size: float = FONT_SIZE) -> float:
    """``size`` points, larger where JupyterLab shows ``figure`` smaller (a 90 dpi picture at 0.9
    points a point): at least :data:`~explorer.core.render_labels.MIN_FONT_SIZE` there -- the one
    rule for every text of the game's pictures (:func:`~explorer.core.render_labels.notebook_font_size`)."""
    return notebook_font_size(size, figure)


def label_size(figure) -> float:
    """The chips' labels' size: :func:`text_size` of :data:`FONT_SIZE`."""
    return text_size(figure, FONT_SIZE)


def label_layout(ax, state, colours, fixed_texts=None, placer: LabelPlacer | None = None) -> list[ChipLabel]:
    """Place each chip's label beside it, clear of every chip (its gold ring and injury dots), every
    obstacle, the other labels, the jewel and the arrow of a pending fight, inside the axes: the
    first free of a few spots around the chip (:meth:`~explorer.core.render_labels.LabelPlacer.choose`,
    the collision test every figure uses, on the text boxes measured with the renderer), or the least
    bad; a thin leader line joins a label set off diagonally or further out.  The chips with the most
    neighbours are placed first (they have the least room).  ``fixed_texts``: texts already on the
    axes to avoid (default: all of ``ax.texts``, e.g. the obstacle labels).  ``placer``: a
    :func:`marks_placer` of ``state`` on ``ax`` that holds labels placed before (then ``fixed_texts``
    defaults to none).  Nothing is drawn: :func:`draw_state` and
    :class:`~explorer.behind.render_replay.StatePicture` draw the result."""
    table = state.table
    r = table.radius
    figure = ax.figure
    if placer is None:
        placer = marks_placer(ax, state)  # applies the aspect: pixel positions are final from here on
        fixed_texts = ax.texts if fixed_texts is None else fixed_texts
    for text in fixed_texts or ():  # e.g. obstacle labels, as drawn
        placer.avoid_text(text)
    renderer = placer.renderer
    to_px = ax.transData.transform
    from_px = ax.transData.inverted().transform
    acting = state.active_player if not state.is_terminal() else None
    size = label_size(figure)
    scale = figure.dpi / 72.0
    line_h = size * 1.25 * scale
    r_px = abs(to_px((r, 0))[0] - to_px((0, 0))[0])
    reach_px = placer.reach_px
    (left, right), (bottom, top) = ax.get_xlim(), ax.get_ylim()
    chips = [c for c in table.chips if left <= c.x <= right and bottom <= c.y <= top]  # the region shown (focus)
    centres = to_px(np.array([c.position for c in table.chips], dtype=float).reshape(-1, 2))
    crowd = {c.name: sum(math.hypot(c.x - o.x, c.y - o.y) < 8 * r for o in chips) for c in chips}
    out = []
    todo = []
    for chip in sorted(chips, key=lambda c: (-crowd[c.name], -c.y, c.x)):
        lines = chip_label(state, chip.name).split("\n")
        bold = chip.owner == acting
        sizes = [line_size(renderer, line, size, weight="bold" if bold and k == 0 else "normal",
                           style="italic" if k else "normal") for k, line in enumerate(lines)]
        w = max(width for width, _ in sizes)
        h = (len(lines) - 1) * line_h + sizes[-1][1]
        cx, cy = to_px(chip.position)
        first = reach_px[chip.name] + placer.pad + 1.5  # clear of the chip's own marks
        reach = first + _SPOT_RINGS * max(line_h, 0.8 * r_px)  # zoomed in, the chips' neighbours are further off
        x0 = cx + _SPOT_DX * reach - w * _SPOT_HA  # the candidate boxes, one per spot
        y0 = cy + _SPOT_DY * reach - h * _SPOT_VA
        boxes = np.column_stack([x0, y0, x0 + w, y0 + h])
        # a clear spot near the chip, crossing a gold ring if need be, before one far off; a leader
        # to it crosses no label, no other chip and no other leader where there is any room
        penalty = _SPOT_PENALTY + _nearer_another(boxes, (cx, cy), r_px, centres)
        todo.append(LeaderLabel(chip.name, (float(cx), float(cy)), boxes, penalty, _SPOT_LEADER, (chip, lines, bold)))
    others = np.array([tuple(c) for c in centres], dtype=float).reshape(-1, 2)
    for label in place_with_leaders(placer, todo, others, r_px):
        chip, lines, bold = label.data
        rank, box = label.rank, label.box
        ha = {0.0: "left", 1.0: "right"}.get(float(_SPOT_HA[rank]), "center")
        leader = None
        if label.ends is not None:  # a thin leader line from the chip's edge to a label set off diagonally or further
            points = from_px(np.array(label.ends, dtype=float))
            leader = (tuple(float(v) for v in points[:, 0]), tuple(float(v) for v in points[:, 1]))
        anchor_x = {"center": (box[0] + box[2]) / 2, "left": box[0], "right": box[2]}[ha]  # the same box
        anchors = tuple(tuple(float(v) for v in from_px((anchor_x, box[3] - k * line_h))) for k in range(len(lines)))
        out.append(ChipLabel(chip.name, tuple(lines), anchors, ha, _darker(colours[chip.owner]), bold, leader, size))
    return out


def _nearer_another(boxes: np.ndarray, own, r_px: float, centres: np.ndarray) -> np.ndarray:
    """A penalty for each candidate box that lies clearly nearer another chip's rim than its own
    (pixels; chips of radius ``r_px``): a name beside the wrong chip reads as that chip's, leader
    line or not -- :data:`~explorer.core.render_labels.MISREAD`, as
    :meth:`~explorer.core.render_labels.LabelPlacer.place_near` weighs it (more than any ring
    further out or a line crossed: a name sits beside its own chip when there is room)."""
    def gap(x, y):
        dx = np.maximum(np.maximum(boxes[:, 0, None] - x, 0.0), x - boxes[:, 2, None])
        dy = np.maximum(np.maximum(boxes[:, 1, None] - y, 0.0), y - boxes[:, 3, None])
        return np.maximum(np.hypot(dx, dy) - r_px, 0.0)
    mine = gap(np.array([own[0]]), np.array([own[1]]))[:, 0]
    others = centres[np.hypot(centres[:, 0] - own[0], centres[:, 1] - own[1]) > 0.5]
    if not len(others):
        return np.zeros(len(boxes))
    nearest = gap(others[:, 0], others[:, 1]).min(axis=1)
    return np.where(nearest + 0.5 < NEARER * mine, MISREAD, 0.0)


def marks_placer(ax, state) -> LabelPlacer:
    """A :class:`~explorer.core.render_labels.LabelPlacer` on ``ax`` that avoids what
    :func:`draw_state` marks for ``state``: every chip, the acting player's gold rings, the injury
    dots, the obstacles, the jewel and the arrow of a pending fight.  ``placer.reach_px``: how far
    each chip's marks reach from its centre (pixels)."""
    table = state.table
    r = table.radius
    placer = LabelPlacer(ax)  # applies the aspect: pixel positions are final from here on
    to_px = ax.transData.transform
    acting = state.active_player if not state.is_terminal() else None
    scale = ax.figure.dpi / 72.0
    r_px = abs(to_px((r, 0))[0] - to_px((0, 0))[0])
    injuries = {n: c.injuries for n, c in state.data.characters.items()}
    dot_px = injury_dot_size(ax, r) / 2 * scale
    reach_px = {}
    ring = [(1.55 * r * math.cos(a), 1.55 * r * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 25)]
    placer.avoid_circles([chip.position for chip in table.chips], r)
    avoid_table_marks(placer, ax, r)  # the table's edge and the viewing wedges, at a cost
    dots = []
    for chip in table.chips:
        reach = r_px
        if chip.owner == acting:  # the gold ring: a label crosses it only in a crowd
            reach = 1.55 * r_px + 2.4 * scale / 2
            placer.avoid_line([(chip.x + dx, chip.y + dy) for dx, dy in ring])
        for k in range(injuries.get(chip.name, 0)):
            angle = math.radians(55 - 35 * k)
            dots.append((chip.x + 1.05 * r * math.cos(angle), chip.y + 1.05 * r * math.sin(angle)))
            reach = max(reach, 1.05 * r_px + dot_px)
        reach_px[chip.name] = reach
    placer.avoid_circles(dots, dot_px / r_px * r if r_px else 0.0)
    for obstacle in table.obstacles:
        placer.avoid_path(_obstacle_path(obstacle))
    spot, _ = jewel_spot(state)
    if spot is not None and r_px:
        placer.avoid_circle(spot, JEWEL_SIZE / 2 * scale / r_px * r)
    arrow = pending_arrow(state)
    if arrow is not None:
        placer.avoid_line((arrow.start, arrow.tip))
    placer.reach_px = reach_px
    return placer


OUT_OF_AXES = 8000.0
"""The collision cost (:class:`~explorer.core.render_labels.LabelPlacer`) of a label reaching out of the axes."""


def obstacle_labels(ax, table) -> list:
    """``(label, obstacle)`` for each obstacle of ``table`` whose label
    :func:`~explorer.behind.render_table.draw_table` drew on ``ax`` ("name (h ... cm")."""
    out = []
    for obstacle in table.obstacles:
        words = f"{obstacle.name} (h {obstacle.height:g} cm"
        text = next((t for t in ax.texts if t.get_text().startswith(words)), None)
        if text is not None:
            out.append((text, obstacle))
    return out


def place_obstacle_labels(placer: LabelPlacer, labels, state=None) -> None:
    """Place the obstacles' ``labels`` (:func:`obstacle_labels`) with ``placer`` (a
    :func:`marks_placer`: clear of the chips and their marks) at the first free of the spots
    :func:`~explorer.behind.render_table.draw_table` gives them, for the axes' present view; a label
    whose obstacle is out of view, or that finds room only outside the axes, is hidden.  They keep
    clear of a line's room around each chip of ``state`` too, where they can: the chips' names go there."""
    ax = placer.ax
    to_px = ax.transData.transform
    points_per_cm = abs(to_px((1.0, 0.0))[0] - to_px((0.0, 0.0))[0]) * 72.0 / ax.figure.dpi
    room = placer.copy()
    if state is not None and points_per_cm:
        line = label_size(ax.figure) * 1.3 / points_per_cm  # cm
        room.avoid_circles([chip.position for chip in state.table.chips], state.table.radius + line)
    renderer, k = placer.renderer, ax.figure.dpi / 72.0
    for text, obstacle in labels:
        candidates = obstacle_spots(obstacle, ax)(points_per_cm)
        text.set_visible(bool(candidates))
        if not candidates:
            continue
        # each spot's box from one measurement (cached by its words): as LabelPlacer.place, faster
        w, h = line_size(renderer, text.get_text(), text.get_fontsize(), weight=text.get_fontweight())
        anchors = to_px(np.array([spot[0] for spot in candidates], dtype=float))
        shift = np.array([[_SHIFT[spot[3]] * w, _SHIFT[spot[4]] * h] for spot in candidates])
        offsets = np.array([[spot[1], spot[2]] for spot in candidates], dtype=float) * k
        x0, y0 = (anchors + offsets - shift).T
        best, cost = room.choose(np.column_stack([x0, y0, x0 + w, y0 + h]))
        if cost >= OUT_OF_AXES:  # no room for it in this view
            text.set_visible(False)
            room.boxes.pop()
            room._rects.pop()
            continue
        xy, dx, dy, ha, va = candidates[best]
        text.xy, text.xyann = xy, (dx, dy)
        text.set_ha(ha)
        text.set_va(va)
        placer.avoid_box(room.boxes[-1])
        keep_off_obstacle_label(placer, room.boxes[-1])  # the chips' names keep further off it


_SHIFT = {"left": 0.0, "bottom": 0.0, "center": 0.5, "right": 1.0, "top": 1.0}


_OBSTACLE_PATHS: dict = {}


def _obstacle_path(obstacle):
    """The obstacle's outline as a path (cm), made once per shape: a replay draws the same obstacles
    on every step."""
    key = (obstacle.name, obstacle.polygon.wkb)
    path = _OBSTACLE_PATHS.get(key)
    if path is None:
        if len(_OBSTACLE_PATHS) > 512:
            _OBSTACLE_PATHS.clear()
        _OBSTACLE_PATHS[key] = path = polygon_path(obstacle.polygon)
    return path


def injury_dot_size(ax, radius: float) -> float:
    """The injury dots' marker size (points): they grow a little when the picture zooms in."""
    ax.apply_aspect()
    to_px = ax.transData.transform
    r_points = abs(to_px((radius, 0))[0] - to_px((0, 0))[0]) * 72 / ax.figure.dpi
    return min(max(4.6, 0.7 * r_points), 14.0)


_DRAWN_LABELS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
"""figure -> {axes: (state, colours, the axes' position, the label artists)}: the chips' labels drawn
on a laid-out figure (a grid), placed again when a later picture moves their axes."""


def _place_labels(ax, state, colours) -> None:
    """Draw the chips' labels where :func:`label_layout` puts them.  In a laid-out figure (a grid of
    pictures, constrained layout) the layout is made first; a picture drawn later changes it (its
    legend may be taller), so the labels of the pictures drawn before are placed again then."""
    figure = ax.figure
    drawn = _DRAWN_LABELS.setdefault(figure, {})
    if figure.get_layout_engine() is None:  # the obstacles' labels again, knowing the chips' names' room
        drawn[ax] = (state, colours, tuple(ax.get_position().bounds), [])
        relabel(ax)
        return
    figure.draw_without_rendering()
    for other, (other_state, other_colours, where, artists) in list(drawn.items()):
        if other is not ax and other.figure is figure and tuple(other.get_position().bounds) != where:
            for artist in artists:
                artist.remove()
            drawn[other] = (other_state, other_colours, tuple(other.get_position().bounds),
                            _draw_labels(other, other_state, other_colours))
    drawn[ax] = (state, colours, tuple(ax.get_position().bounds), _draw_labels(ax, state, colours))


def drawn_state(ax):
    """The state :func:`draw_state` drew on ``ax`` (None: the axes were drawn otherwise)."""
    drawn = _DRAWN_LABELS.get(ax.figure, {}).get(ax)
    return drawn[0] if drawn is not None else None


def relabel(ax, place_first=None) -> None:
    """Place the labels of a :func:`draw_state` picture again for the axes' present view (after a
    zoom): the obstacles' labels clear of the chips and their marks, then -- ``place_first(placer)``,
    e.g. the numbers of :func:`~explorer.behind.render_replay.draw_jewel_path`, with that
    :func:`marks_placer` -- then the chips' names, clear of all of them."""
    drawn = _DRAWN_LABELS.get(ax.figure, {}).get(ax)
    if drawn is None:
        raise ValueError("relabel: these axes were not drawn by draw_state")
    state, colours, _, artists = drawn
    leaders = [artist for artist in artists if isinstance(artist, Line2D)]  # used again: the axes' lines keep their order
    for artist in artists:
        if not isinstance(artist, Line2D):
            artist.remove()
    obstacles = obstacle_labels(ax, state.table)
    moving = {id(text) for text, _ in obstacles}
    fixed = [text for text in ax.texts if id(text) not in moving]
    placer = marks_placer(ax, state)
    for text in fixed:
        placer.avoid_text(text)
    place_obstacle_labels(placer, obstacles, state)
    if place_first is not None:
        place_first(placer)
    drawn_now = _draw_labels(ax, state, colours, placer=placer, leaders=leaders)
    _DRAWN_LABELS[ax.figure][ax] = (state, colours, tuple(ax.get_position().bounds), drawn_now)


def _draw_labels(ax, state, colours, placer=None, leaders=()) -> list:
    """Draw :func:`label_layout`'s labels; ``leaders``: leader lines drawn before, moved to the new
    leaders (the ones left over hidden) rather than drawn anew."""
    artists, spare = [], list(leaders)
    for label in label_layout(ax, state, colours, placer=placer):
        if label.leader is not None:
            if spare:
                line = spare.pop(0)
                line.set_data(*label.leader)
                line.set_visible(True)
                artists.append(line)
            else:
                artists += ax.plot(*label.leader, color=LEADER_COLOUR, linewidth=0.6, zorder=5.8)
        for k, (line, at) in enumerate(zip(label.lines, label.anchors)):
            artists.append(ax.annotate(line, at, fontsize=label.size, ha=label.ha, va="top", path_effects=OUTLINE,
                                       zorder=6, **label_style(label, k)))
    for line in spare:
        line.set_visible(False)
    return artists + spare


def label_style(label: ChipLabel, line: int) -> dict:
    """The name in the owner's (darker) colour, bold for the acting player; the condition in italics."""
    if line == 0:
        return {"color": label.colour, "fontweight": "bold" if label.bold else "normal", "fontstyle": "normal"}
    return {"color": CONDITION_COLOUR, "fontweight": "normal", "fontstyle": "italic"}


def _spots() -> list[tuple[float, float, float]]:
    """The candidate spots around a chip: a direction (dx, dy) and how many label lines further out
    than beside the chip -- the eight main directions (below, above, right, left, the diagonals) and
    the eight between them, beside the chip, then on rings further out (a crowd)."""
    main = [(0.0, -1.0), (0.0, 1.0), (1.0, 0.0), (-1.0, 0.0), (0.71, -0.71), (-0.71, -0.71), (0.71, 0.71),
            (-0.71, 0.71)]
    between = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (292.5, 247.5, 67.5, 112.5, 22.5,
                                                                                 337.5, 157.5, 202.5)]
    # above and below a little to a side (the box partly past the chip): a leader passes beside a name
    # straight above or below a neighbour
    aside = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (281.25, 258.75, 78.75, 101.25)]
    return [(dx, dy, ring) for ring in (0.0, 0.6, 1.2, 1.9, 2.7, 3.6, 4.6, 5.8, 7.0) for dx, dy in main + between
            + (aside if ring > 0 else [])]


_SPOTS = _spots()
_SPOT_DX = np.array([s[0] for s in _SPOTS])
_SPOT_DY = np.array([s[1] for s in _SPOTS])
_SPOT_RINGS = np.array([s[2] for s in _SPOTS])
# where the box starts from the spot, in widths (0: left-aligned there, 1: right-aligned) and heights
_SPOT_HA = np.array([0.5 * (1 - min(max(dx / 0.38, -1.0), 1.0)) for dx, _, _ in _SPOTS])
_SPOT_VA = np.array([0.5 * (1 - min(max(dy / 0.38, -1.0), 1.0)) for _, dy, _ in _SPOTS])
_SPOT_PENALTY = _SPOT_RINGS * 25.0 + np.arange(len(_SPOTS)) * 0.01  # a line crossed (50) is worth two rings
_SPOT_LEADER = np.array([ring > 0 or (abs(dx) > 0.3 and abs(dy) > 0.3) for dx, dy, ring in _SPOTS])


def _darker(colour: str, factor: float = 0.75) -> str:
    """The owner's colour, a little darker: chip names in it tell the groups apart."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{int(c * factor):02x}" for c in (red, green, blue))


def player_colours(state) -> dict[str, str]:
    """Each player's colour for the whole game: his deck's society's (:mod:`explorer.behind.palette`),
    the same in every lesson whoever else plays; players of no known society take spare colours."""
    societies = {}
    origin = getattr(state, "origin", None) or {}
    if isinstance(origin.get("players"), list) and isinstance(origin.get("decks"), list):
        societies = {player: deck.get("society") for player, deck in zip(origin["players"], origin["decks"])
                     if isinstance(deck, dict) and isinstance(deck.get("society"), str)}
    return colours_for(state.players, societies)


def _extend_legend(ax, state, acting) -> None:
    legend = ax.get_legend()
    handles = list(legend.legend_handles) if legend is not None else []
    labels = [t.get_text() for t in legend.texts] if legend is not None else []
    colours = player_colours(state)
    handles = [Patch(facecolor=colours[label], edgecolor="black") if label in colours else handle
               for handle, label in zip(handles, labels, strict=True)]
    if acting is not None:
        handles.append(Line2D([], [], marker="o", markersize=9, markerfacecolor="none",
                              markeredgecolor=HIGHLIGHT_COLOUR, markeredgewidth=2, linestyle="none"))
        labels.append(f"acting player ({acting})")
    if any(c.injuries for n, c in state.data.characters.items() if n in state.table):
        handles.append(Line2D([], [], marker="o", markersize=4, color=INJURY_COLOUR, linestyle="none"))
        labels.append("one injury each")
    if state.data.jewel is not None:
        handles.append(Line2D([], [], marker="*", markersize=10, color=JEWEL_COLOUR, markeredgecolor="black",
                              linestyle="none"))
        labels.append("Jewel of Athens")
    if state.pending is not None and state.pending.kind in ("defend", "dodge"):
        handles.append(Line2D([], [], color=ATTACK_COLOUR, linewidth=1.4))
        labels.append("melee waiting for the defence" if state.pending.kind == "defend"
                      else "shot waiting for the dodge")
    if handles:
        legend_below(ax, handles, labels, ncol=min(len(handles), 4))


# =============================================================================================
# A picture updated in place (replays, live games)
# =============================================================================================
def status_line(state) -> str:
    """One line: scenario, turn, phase, who acts and the actions left -- or the winner."""
    scenario = state.scenario
    where = f"{scenario.title} -- " if scenario is not None else ""
    if state.is_terminal():
        return where + (f"game over after turn {state.turn}: {state.winner} wins" if state.winner
                        else f"game over after turn {state.turn}: no winner")
    phase = PHASE_WORDS.get(state.phase, state.phase)
    left = f"{state.actions_left} action{'s' if state.actions_left != 1 else ''} left"
    if state.pending is not None:
        return f"{where}turn {state.turn} ({state.active_player}, {left}): {state.current_player} decides -- {phase}"
    if state.phase in ("action", "organisation"):
        return f"{where}turn {state.turn}, {phase}: {state.active_player} acts, {left}"
    return f"{where}setup, {phase}: {state.current_player} to act"


def pending_text(state, player: str | None = None) -> str | None:
    """The decision the game waits for, in words (None if none).  Cards a player looked at
    (Hellsicht) are named only to him."""
    pending = state.pending
    if pending is None:
        return None
    info = pending.info
    who = pending.player
    if pending.kind == "defend":
        helpers = f" with {', '.join(info['assistants'])}" if info.get("assistants") else ""
        return (f"{who} defends {info['defender']} against {info['attacker']}{helpers} (melee value "
                f"{info['value']}): a hand card or none, Moments, one weapon -- action Defend")
    if pending.kind == "dodge":
        return (f"{who} dodges: {info['target']} is shot at by {info['shooter']} (shooting value {info['value']}): "
                f"a hand card or none, Moments -- action Dodge")
    if pending.kind == "assign-damage":
        return (f"{who} decides who of {', '.join(info['side'])} receives the damage of a lost melee "
                f"(difference {info['difference']}) -- action AssignDamage")
    if pending.kind == "arrange":
        cards = info.get("cards", [])
        seen = f": {', '.join(_titles(state, cards))}" if player in (None, who) else f" ({counted(len(cards), 'card')})"
        return f"{who} puts the looked-at top cards of his supply back{seen} -- action Arrange"
    if pending.kind == "command-move":
        return (f"{who} moves the commanded enemy {info['victim']} up to {info['distance']:g} cm "
                f"-- action CommandMove")
    return f"{who} decides: {pending.kind}"


def _titles(state, card_ids: Iterable[str], *, details: bool = False) -> list[str]:
    """Card titles; with ``details`` also the id, fate number and movement (range x number)."""
    out = []
    for card_id in card_ids:
        card = state.cards.get(card_id)
        if card is None:
            out.append(str(card_id))
        elif details:
            out.append(f"{card.title} ({card.id}, {card.category}): fate {card.fate}, move "
                       f"{card.movement_range:g} cm x {card.movement_number}")
        else:
            out.append(card.title)
    return out


def _character_words(state, name: str) -> str:
    d = state.data
    character = d.characters[name]
    marks = [character.condition]
    if name in d.frightened:
        marks.append("frightened")
    if name in d.transformed:
        marks.append("transformed")
    if state.jewel_bearer() == name:
        marks.append("carries the Jewel")
    items = [state.cards[p.card].title for p in state.items_of(name)]
    if items:
        marks.append("carries " + ", ".join(items))
    return f"{name} ({'; '.join(marks)})"


def player_rows(state, player: str | None = None) -> list[dict]:
    """One row per player: what the HTML table shows.  With ``player`` the rows come from
    ``state.view(player)``: his own hand by titles, the other hands only as counts."""
    d = state.data
    view = state.view(player) if player is not None else None
    rows = []
    for p in state.players:
        piles = d.piles[p]
        if view is not None:
            hand_count, supply, discard_ids = view["hands"][p], view["supplies"][p], view["discards"][p]
            hand = _titles(state, view["hand"], details=True) if p == player else None
        else:
            hand_count, supply, discard_ids = len(piles.hand), len(piles.supply), [c.id for c in piles.discard]
            hand = _titles(state, (c.id for c in piles.hand), details=True)
        rows.append({
            "player": p, "role": d.roles.get(p, ""),
            "hand": hand_count, "hand cards": hand,
            "supply": supply, "discard": len(discard_ids),
            "discard top": _titles(state, discard_ids[-1:])[0] if discard_ids else None,
            "in play": [f"{state.cards[perm.card].title}" + (f" (carried by {perm.bearer})" if perm.bearer else "")
                        for perm in state.permanents_of(p)],
            "moments owed": d.moments_owed.get(p, 0),
            "characters": [_character_words(state, n) for n in state.characters_of(p, alive=False)],
        })
    return rows


# =============================================================================================
# HTML
# =============================================================================================
# selectors specific enough to beat JupyterLab's own table style (which right-aligns cells)
_CSS = ("<style>div.behind-game table.bg-table{border-collapse:collapse;font-size:12px;margin:0.3em 0}"
        "div.behind-game table.bg-table th,div.behind-game table.bg-table td{border:1px solid #ccc;padding:2px 6px;"
        "text-align:left;vertical-align:top}"
        "div.behind-game table.bg-table th{background:#f3ead8}.behind-game .rule{color:#666;font-size:11px}"
        ".behind-game .status{font-weight:bold;font-size:14px;margin:0.2em 0}"
        ".behind-game .pending{font-size:13px;background:#fff4d6;border-left:4px solid #f2b600;padding:3px 8px;"
        "margin:0.4em 0}"
        ".behind-game .winner{font-size:13px;background:#e3f4e1;border-left:4px solid #2ca02c;padding:3px 8px;"
        "margin:0.4em 0}"
        "</style>")


def _e(value) -> str:
    return html.escape(str(value))


_PLAYERS_CSS = (
    "<style>div.behind-game table.bg-players{width:100%;max-width:100%}"
    "div.behind-game table.bg-players td{white-space:normal;overflow-wrap:normal;word-break:normal;hyphens:manual}"
    "div.behind-game table.bg-players td.bg-who{width:8.5em;min-width:max-content}"
    "div.behind-game table.bg-players td.bg-cards{min-width:12em}"
    "div.behind-game table.bg-players .bg-count{white-space:nowrap}"
    "div.behind-game table.bg-players .bg-list{font-size:11px;line-height:1.25;margin-top:2px}"
    "div.behind-game table.bg-players .bg-list div{padding-left:0.8em;text-indent:-0.8em}"
    "</style>")


def _players_table(state, player: str | None, public: bool = False) -> str:
    """Three columns that fit a narrow output area (592 px): the player (role, acting), his cards
    (the counts on one line that wraps between whole words, then the discard pile's top card, the cards
    in play and the hand cards he may see, in small type) and his characters with their condition."""
    colours = player_colours(state)
    rows = player_rows(state, player)
    if public:  # what every player may know: hands as counts only
        rows = [{**row, "hand cards": None} for row in rows]
    head = "<tr><th>player</th><th>cards</th><th>characters</th></tr>"
    body = []
    for row in rows:
        p = row["player"]
        colour = colours[p]
        swatch = (f'<span style="display:inline-block;width:0.8em;height:0.8em;background:{colour};'
                  'margin-right:4px"></span>')
        notes = [_e(row["role"])] if row["role"] else []
        if p == state.active_player and not state.is_terminal():
            notes.append("acting player")
        # the swatch with the name, and each note, kept whole (a lone swatch above "Schwesternbund", "acting / player")
        whole = '<span style="white-space:nowrap">{}</span>'.format
        who = whole(swatch + _e(p)) + (f'<br><span class="rule">{", ".join(map(whole, notes))}</span>' if notes else "")
        counts = " · ".join(f'<span class="bg-count">{word} <b>{_e(value)}</b></span>' for word, value in (
            ("hand", row["hand"]), ("supply", row["supply"]), ("discard", row["discard"]),
            ("Moments owed", row["moments owed"])))
        lines = []
        if row["discard top"]:
            lines.append(f'<div class="rule">discard top: {_e(row["discard top"])}</div>')
        if row["in play"]:
            lines.append(f"<div>in play: {_e('; '.join(row['in play']))}</div>")
        if row["hand cards"]:
            lines.append("<div>hand:</div>" + "".join(f"<div>{_e(t)}</div>" for t in row["hand cards"]))
        cards = f'<span class="bg-counts">{counts}</span>' + (f'<div class="bg-list">{"".join(lines)}</div>'
                                                               if lines else "")
        characters = "".join(f"<div>{_e(c)}</div>" for c in row["characters"])
        body.append(f'<tr><td class="bg-who">{who}</td><td class="bg-cards">{cards}</td>'
                    f'<td class="bg-characters"><div class="bg-list">{characters}</div></td></tr>')
    return _PLAYERS_CSS + '<table class="bg-table bg-players">' + head + "".join(body) + "</table>"


PUBLIC = "public"
"""The viewer of :func:`players_html` who sees only what every player may know."""


def players_html(state, viewer: str | None = PUBLIC) -> str:
    """Each player's information as an HTML table: role, hand, supply, discard pile (its top card),
    cards in play, Moments owed and characters with their condition.  ``viewer``: ``"public"``
    (what every player may know: hands as counts, "Hand Cards, Supply and Discard Pile"),
    ``None`` (the referee: every hand by card titles) or a player (his own hand by titles)."""
    if viewer not in (PUBLIC, None) and viewer not in state.players:
        raise ValueError(f"{viewer!r} is not a player of this game; players: {', '.join(state.players)}")
    public = viewer == PUBLIC
    table = _players_table(state, None if public else viewer, public=public)
    return f'{_CSS}<div class="behind-game">{table}</div>'


def _log_table(state, player: str | None, lines: int) -> str:
    events = state.events_for(player)[-lines:] if lines > 0 else []
    if not events:
        return ""
    return EventTable(events, heading=f"the last {len(events)} events of the log")._repr_html_()


def game_html(state, player: str | None = None, *, picture: bool = True, log_lines: int = LOG_LINES) -> str:
    """The game as HTML: picture, status, pending decision, players and the last log lines.

    ``player=None`` is the referee's view (every hand by card titles, the public log);
    ``player="Vampire"`` shows only what that player may know.  ``picture=False`` leaves the
    drawing out (fast, for text-only views).
    """
    if player is not None and player not in state.players:
        raise ValueError(f"{player!r} is not a player of this game; players: {', '.join(state.players)}")
    parts = [_CSS, '<div class="behind-game">']
    parts.append(f'<div class="status">{_e(status_line(state))}</div>')
    view = "the referee's view: every hand shown" if player is None else f"what {player} may know"
    parts.append(f'<div class="rule">{_e(view)}</div>')
    if state.is_terminal():
        end = next((e for e in reversed(state.log) if e.kind in ("end", "stopped")), None)
        if end is not None:
            cite = f' <span class="rule">[{_e(end.rule)}]</span>' if end.rule else ""
            parts.append(f'<div class="winner">{_e(end.text)}{cite}</div>')
    waiting = pending_text(state, player)
    if waiting:
        rule = _pending_rule(state)
        parts.append(f'<div class="pending">Waiting for a decision: {_e(waiting)}'
                     + (f' <span class="rule">[{_e(rule)}]</span>' if rule else "") + "</div>")
    log = _log_table(state, player, log_lines)
    if picture:
        image = png_img_tag(state_png(state, player=player), alt=status_line(state))
        # the log beside the picture when there is room for it, else below
        parts.append('<div style="display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start">'
                     f'<div style="flex:0 1 auto;min-width:0;max-width:100%">{image}</div>'
                     f'<div style="flex:1 1 360px;min-width:360px;max-width:640px">{log}</div></div>')
    else:
        parts.append(log)
    parts.append(_players_table(state, player))
    parts.append("</div>")
    return "".join(parts)


def _pending_rule(state):
    from explorer.behind import refs
    pending = state.pending
    return {"defend": refs.MELEE, "dodge": refs.RANGED, "assign-damage": refs.MELEE, "arrange": refs.HELLSICHT,
            "command-move": refs.BEFEHL}.get(pending.kind) if pending is not None else None
