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

For replays and live games: :class:`StatePicture` is one game's table as a single figure whose
artists are updated in place from state to state (the same marks as ``draw_state``, blitted over
a saved background); ``players_html`` and ``events_html`` are the players' table and a step's
events with their rules.  ``draw_jewel_path(ax, path, state)`` draws the path of the Jewel of
Athens over a game ("Das Juwel von Athen"; the path from ``explorer.behind.replay.jewel_path``).
"""

from __future__ import annotations

import html
import io
import math
import textwrap
from dataclasses import dataclass
from typing import Iterable

import matplotlib.patheffects as path_effects
import numpy as np
from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Patch, Wedge
from matplotlib.text import Annotation
from PIL import Image as PILImage

from explorer.behind.render_table import (
    FLAT_OBSTACLE_COLOUR,
    OBSTACLE_COLOUR,
    PALETTE,
    draw_table,
    owner_colours,
)
from explorer.behind.table import Table
from explorer.core.display import figure_png, png_img_tag

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

_OUTLINE = [path_effects.withStroke(linewidth=2.2, foreground="white")]
_FONT_SIZE = 6.5
_TITLE_SIZE = 9.5


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
    region = _region(table, focus, margin)
    if title is None:
        title = status_line(state) + (f" -- as seen by {player}" if player is not None else "")
    if ax is None:
        # a fixed layout (a "constrained" layout doubles the drawing time): margins in inches
        x0, y0, x1, y1 = region
        # 8 inches wide for a landscape table, a little narrower for a square one (drawing time grows with the area)
        width = 8.0 * max(0.85, min(1.0, (x1 - x0) / (y1 - y0) / 1.5))
        left, right, top, bottom = 0.55, 0.1, 0.3, 0.95
        title = _wrapped(title, width - left - right)
        top += 0.16 * title.count("\n")
        height = (width - left - right) * (y1 - y0) / (x1 - x0) + top + bottom
        figure = Figure(figsize=(width, height), dpi=90)
        figure.subplots_adjust(left=left / width, right=1 - right / width, top=1 - top / height,
                               bottom=bottom / height)
        ax = figure.add_subplot()
    draw_table(table, ax, title="", **table_options)
    ax.set_xlim(region[0], region[2])
    ax.set_ylim(region[1], region[3])
    names = {chip.name for chip in table.chips}
    for text in list(ax.texts):  # draw_table's chip names: relabelled below with conditions
        if text.get_text().removesuffix(" (flies)") in names:
            text.remove()

    acting = state.active_player if not state.is_terminal() else None
    colours = player_colours(state)
    _recolour(ax, owner_colours(table), colours)
    r = table.radius
    d = state.data
    ax.apply_aspect()  # the equal aspect moves the axes box: sizes in points are final only after this
    r_points = abs(ax.transData.transform((r, 0))[0] - ax.transData.transform((0, 0))[0]) * 72 / ax.figure.dpi
    dot = min(max(4.6, 0.7 * r_points), 14.0)  # injury dots grow a little when the picture zooms in
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
        ax.annotate("Jewel of Athens", (spot[0], spot[1] + 1.6), fontsize=_FONT_SIZE, ha="center", va="bottom",
                    color=JEWEL_TEXT_COLOUR, path_effects=_OUTLINE, zorder=6)
    if spot is not None:
        ax.plot(*spot, marker="*", markersize=13, color=JEWEL_COLOUR, markeredgecolor="black",
                markeredgewidth=0.7, zorder=5.5, linestyle="none")

    _place_labels(ax, state, colours)
    _extend_legend(ax, state, acting)
    title = _wrapped(title, ax.get_position().width * ax.figure.get_figwidth())
    ax.set_title(title, fontsize=_TITLE_SIZE, y=1.0, pad=4)  # a fixed y: matplotlib skips measuring the axis
    return ax


def _wrapped(title: str, inches: float) -> str:
    """The title broken into lines that fit ``inches``."""
    if "\n" in title:
        return title
    return textwrap.fill(title, max(40, int(inches * 72 / (_TITLE_SIZE * 0.55))))


def _region(table, focus: Iterable[str] | None, margin: float) -> tuple[float, float, float, float]:
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
    horizontal alignment, the colour and weight of the name, and the leader line (xs, ys) from
    the chip's edge, if the label is set off."""

    chip: str
    lines: tuple[str, ...]
    anchors: tuple[tuple[float, float], ...]
    ha: str
    colour: str
    bold: bool
    leader: tuple[tuple[float, float], tuple[float, float]] | None


def label_layout(ax, state, colours, fixed_texts=None) -> list[ChipLabel]:
    """Place each chip's label beside it, choosing among a few spots the one that overlaps the fewest
    labels and chips already there (in display units), with a thin leader line when it is off.
    ``fixed_texts``: texts already on the axes to avoid (default: all of ``ax.texts``, e.g. the
    obstacle labels).  Nothing is drawn: :func:`draw_state` and :class:`StatePicture` draw the result."""
    table = state.table
    r = table.radius
    figure = ax.figure
    ax.apply_aspect()  # the equal aspect moves the axes box: pixel positions are final only after this
    to_px = ax.transData.transform
    from_px = ax.transData.inverted().transform
    acting = state.active_player if not state.is_terminal() else None
    scale = figure.dpi / 72.0
    line_h = _FONT_SIZE * 1.25 * scale
    char_w = _FONT_SIZE * 0.56 * scale
    chips = list(table.chips)
    r_px = abs(to_px((r, 0))[0] - to_px((0, 0))[0])
    circles = []
    for c in chips:
        cx, cy = to_px(c.position)
        circles.append((cx - r_px, cy - r_px, cx + r_px, cy + r_px))
    (left, right), (bottom, top) = ax.get_xlim(), ax.get_ylim()
    x_min, y_min = to_px((max(left, 0.0), max(bottom, 0.0)))
    x_max, y_max = to_px((min(right, table.width), min(top, table.depth)))
    placed: list[tuple[float, float, float, float]] = []
    for text in (ax.texts if fixed_texts is None else fixed_texts):  # e.g. obstacle labels: centred above
        (px, py), w = to_px(text.xy), len(text.get_text()) * char_w
        placed.append((px - w / 2, py, px + w / 2, py + line_h))
    rings = (r_px * 1.6 + 1.0, r_px * 1.6 + 1.0 + 2.2 * line_h)  # beside the chip (and its gold ring); further off
    circles_px = np.array(circles).reshape(-1, 4)
    out = []
    for chip in sorted(chips, key=lambda c: (-c.y, c.x)):
        if not (left <= chip.x <= right and bottom <= chip.y <= top):
            continue  # outside the region shown (focus)
        text = chip_label(state, chip.name)
        lines = text.split("\n")
        w = max(len(line) for line in lines) * char_w
        h = len(lines) * line_h
        cx, cy = to_px(chip.position)
        reach = np.array([rings[ring] for ring in _SPOT_RINGS])
        x0 = cx + _SPOT_DX * reach - w * _SPOT_HA  # the candidate boxes, one per spot
        y0 = cy + _SPOT_DY * reach - h * _SPOT_VA
        boxes = np.column_stack([x0, y0, x0 + w, y0 + h])
        costs = _overlaps(boxes, np.array(placed).reshape(-1, 4))
        costs += _overlaps(boxes, circles_px) * 2
        area = w * h
        costs += (area - _overlaps(boxes, np.array([[x_min, y_min, x_max, y_max]]))) * 3  # outside the table
        costs += np.arange(len(_SPOTS)) * w * line_h * 0.01  # prefer the first spots
        rank = 0
        for k in range(1, len(_SPOTS)):
            if costs[k] < costs[rank] - 1e-9:
                rank = k
        ha = _SPOTS[rank][3]
        box = tuple(float(v) for v in boxes[rank])
        placed.append(box)
        leader = None
        if rank >= 4:  # a thin leader line from the chip's edge to a label set off diagonally or further
            nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
            end = from_px((nx, ny))
            length = math.hypot(end[0] - chip.x, end[1] - chip.y)
            if length > r * 1.2:
                ux, uy = (end[0] - chip.x) / length, (end[1] - chip.y) / length
                leader = ((chip.x + ux * r, end[0]), (chip.y + uy * r, end[1]))
        anchor_x = {"center": (box[0] + box[2]) / 2, "left": box[0], "right": box[2]}[ha]
        anchors = tuple(tuple(float(v) for v in from_px((anchor_x, box[3] - k * line_h))) for k in range(len(lines)))
        out.append(ChipLabel(chip.name, tuple(lines), anchors, ha, _darker(colours[chip.owner]),
                             chip.owner == acting, leader))
    return out


def _place_labels(ax, state, colours) -> None:
    """Draw the chips' labels where :func:`label_layout` puts them."""
    for label in label_layout(ax, state, colours):
        if label.leader is not None:
            ax.plot(*label.leader, color=LEADER_COLOUR, linewidth=0.6, zorder=5.8)
        for k, (line, at) in enumerate(zip(label.lines, label.anchors)):
            ax.annotate(line, at, fontsize=_FONT_SIZE, ha=label.ha, va="top", path_effects=_OUTLINE, zorder=6,
                        **_label_style(label, k))


def _label_style(label: ChipLabel, line: int) -> dict:
    """The name in the owner's (darker) colour, bold for the acting player; the condition in italics."""
    if line == 0:
        return {"color": label.colour, "fontweight": "bold" if label.bold else "normal", "fontstyle": "normal"}
    return {"color": CONDITION_COLOUR, "fontweight": "normal", "fontstyle": "italic"}


# (dx, dy) direction, ring (0 beside the chip, 1 further off), and the text alignment there
_SPOTS = (
    (0.0, -1.0, 0, "center", "top"), (0.0, 1.0, 0, "center", "bottom"), (1.0, 0.0, 0, "left", "center"),
    (-1.0, 0.0, 0, "right", "center"), (0.7, -0.7, 0, "left", "top"), (-0.7, -0.7, 0, "right", "top"),
    (0.7, 0.7, 0, "left", "bottom"), (-0.7, 0.7, 0, "right", "bottom"),
    (0.0, -1.0, 1, "center", "top"), (0.0, 1.0, 1, "center", "bottom"), (1.0, 0.0, 1, "left", "center"),
    (-1.0, 0.0, 1, "right", "center"), (0.7, -0.7, 1, "left", "top"), (-0.7, -0.7, 1, "right", "top"),
    (0.7, 0.7, 1, "left", "bottom"), (-0.7, 0.7, 1, "right", "bottom"),
)


_SPOT_DX = np.array([s[0] for s in _SPOTS])
_SPOT_DY = np.array([s[1] for s in _SPOTS])
_SPOT_RINGS = [s[2] for s in _SPOTS]
_SPOT_HA = np.array([{"center": 0.5, "left": 0.0, "right": 1.0}[s[3]] for s in _SPOTS])  # box start, in widths
_SPOT_VA = np.array([{"top": 1.0, "bottom": 0.0, "center": 0.5}[s[4]] for s in _SPOTS])  # box bottom, in heights


def _overlaps(boxes: np.ndarray, others: np.ndarray) -> np.ndarray:
    """For each box (x0, y0, x1, y1), the summed area it shares with ``others``."""
    if len(others) == 0:
        return np.zeros(len(boxes))
    w = np.minimum(boxes[:, None, 2], others[None, :, 2]) - np.maximum(boxes[:, None, 0], others[None, :, 0])
    h = np.minimum(boxes[:, None, 3], others[None, :, 3]) - np.maximum(boxes[:, None, 1], others[None, :, 1])
    return np.where((w > 0) & (h > 0), w * h, 0.0).sum(axis=1)


def _darker(colour: str, factor: float = 0.75) -> str:
    """The owner's colour, a little darker: chip names in it tell the groups apart."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{int(c * factor):02x}" for c in (red, green, blue))


def player_colours(state) -> dict[str, str]:
    """Each player's colour for the whole game: the players in sorted order take the palette's colours
    in turn -- what ``draw_table`` gives them while every player has chips on the table."""
    return {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(sorted(state.players))}


def _recolour(ax, drawn: dict[str, str], wanted: dict[str, str]) -> None:
    """``draw_table`` colours the owners of the chips on the table; once a player has lost all his chips
    the others would change colour, so the drawn colours are mapped to the game's."""
    def key(colour) -> tuple:
        return tuple(round(c, 4) for c in to_rgba(colour)[:3])

    swap = {key(drawn[o]): wanted[o] for o in drawn if o in wanted and key(drawn[o]) != key(wanted[o])}
    if not swap:
        return
    for patch in ax.patches:
        for get, put in ((patch.get_facecolor, patch.set_facecolor), (patch.get_edgecolor, patch.set_edgecolor)):
            rgba = get()
            if key(rgba) in swap:
                put(to_rgba(swap[key(rgba)], rgba[3]))


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
        ax.legend(handles=handles, labels=labels, loc="upper center", bbox_to_anchor=(0.5, -0.07),
                  ncol=min(len(handles), 4), fontsize=7.5, frameon=False)


# =============================================================================================
# A picture updated in place (replays, live games)
# =============================================================================================
_PICTURE_MARGINS = (0.55, 0.1, 0.45, 1.15)  # left, right, top (two title lines), bottom (legend) in inches


def picture_size(table, width: float = 8.0) -> tuple[float, float]:
    """The figure size (inches) of a :class:`StatePicture` of ``table``: ``width`` wide, as deep as
    the table's proportions need (an ipympl figure is made with this size)."""
    left, right, top, bottom = _PICTURE_MARGINS
    x0, y0, x1, y1 = _region(table, None, 0.0)
    return width, (width - left - right) * (y1 - y0) / (x1 - x0) + top + bottom


@dataclass
class ChipArtists:
    """The artists of one chip in a :class:`StatePicture`: the rear arc, the viewing angle, the
    chip, its white front, the gold ring of the acting player, the two label lines and the
    leader line."""

    rear: Wedge
    view: Wedge
    body: Circle
    front: Wedge
    ring: Circle
    name: Annotation
    condition: Annotation
    leader: Line2D

    def all(self) -> tuple:
        return (self.rear, self.view, self.body, self.front, self.ring, self.name, self.condition, self.leader)


class StatePicture:
    """One game's whole table as a single figure, updated in place from state to state.

    ``StatePicture(state)`` draws the table; ``picture.update(other_state)`` moves, turns, shows
    and hides the chips' artists, rewrites their labels (name and condition), the injury dots,
    the gold rings of the acting player, the jewel, the fight waiting for a decision and the
    title -- the same marks as :func:`draw_state` -- and redraws only those (blitting over a saved
    background of the table, obstacles, axes and legend; the background is drawn again only
    when the obstacles change, during the setup).  ``picture.png()`` is the picture as PNG bytes
    (for an ``ipywidgets.Image``).

    ``figure``: a figure to draw on, e.g. one whose canvas is an ipympl widget (make it with
    :func:`picture_size`); by default a new figure ``width`` inches wide on an Agg canvas.  A
    browser canvas (ipympl) draws in full when the browser asks for it (``draw_idle``): nothing is
    sent before the browser shows the widget.  The figure is never rebuilt: every artist is made
    once and then changed.
    """

    def __init__(self, state, *, figure: Figure | None = None, dpi: int = 90, width: float = 8.0):
        self.table_size = (state.table.width, state.table.depth)
        self.colours = player_colours(state)
        self.scenario = state.scenario
        if figure is None:
            figure = Figure(figsize=picture_size(state.table, width), dpi=dpi)
        if figure.canvas is None or type(figure.canvas) is FigureCanvasBase:
            FigureCanvasAgg(figure)
        self.figure = figure
        width, height = figure.get_size_inches()
        left, right, top, bottom = _PICTURE_MARGINS
        figure.subplots_adjust(left=left / width, right=1 - right / width, top=1 - top / height,
                               bottom=bottom / height)
        self.ax = figure.add_subplot()
        self.chips: dict[str, ChipArtists] = {}
        self._static_key = None
        self._static_texts: list = []
        self._background = None
        self._dynamic: list = []
        ax = self.ax
        self.injuries = self._animated(ax.plot([], [], "o", color=INJURY_COLOUR, markeredgecolor="white",
                                               markeredgewidth=0.7, linestyle="none", zorder=5)[0])
        self.jewel = self._animated(ax.plot([], [], marker="*", markersize=13, color=JEWEL_COLOUR,
                                            markeredgecolor="black", markeredgewidth=0.7, linestyle="none",
                                            zorder=5.5)[0])
        self.jewel_label = self._animated(ax.annotate("Jewel of Athens", (0, 0), fontsize=_FONT_SIZE, ha="center",
                                                      va="bottom", color=JEWEL_TEXT_COLOUR, path_effects=_OUTLINE,
                                                      zorder=6, visible=False))
        self.arrow = self._animated(ax.add_patch(FancyArrowPatch((0, 0), (1, 1), arrowstyle="-|>", mutation_scale=11,
                                                                 color=ATTACK_COLOUR, linewidth=1.6, shrinkA=0,
                                                                 shrinkB=0, zorder=5.2, visible=False)))
        self.fight = self._animated(ax.add_patch(Circle((0, 0), 1.0, facecolor="none", edgecolor=ATTACK_COLOUR,
                                                        linestyle="--", linewidth=1.1, zorder=5.1, visible=False)))
        self.title = self._animated(ax.set_title("", fontsize=_TITLE_SIZE, y=1.0, pad=4))
        self.state = None
        self.figure.canvas.mpl_connect("draw_event", self._on_draw)
        self.update(state)

    # -- the artists -------------------------------------------------------------------------------
    def _animated(self, artist):
        """An artist drawn over the saved background (``animated``: a full draw leaves it out)."""
        artist.set_animated(True)
        self._dynamic.append(artist)
        return artist

    def _chip_artists(self, chip, r: float) -> ChipArtists:
        artists = self.chips.get(chip.name)
        if artists is None:
            ax, colour = self.ax, self.colours.get(chip.owner, PALETTE[0])
            fan = r * 2.4
            artists = ChipArtists(
                rear=ax.add_patch(Wedge((0, 0), fan, 135, 225, facecolor="black", alpha=0.08, linewidth=0, zorder=3)),
                view=ax.add_patch(Wedge((0, 0), fan, -45, 45, facecolor=colour, alpha=0.30, edgecolor=colour,
                                        linewidth=0.6, zorder=3)),
                body=ax.add_patch(Circle((0, 0), r, facecolor=colour, edgecolor="black", linewidth=0.9, zorder=4)),
                front=ax.add_patch(Wedge((0, 0), r, -45, 45, facecolor="white", alpha=0.75, linewidth=0, zorder=4.1)),
                ring=ax.add_patch(Circle((0, 0), r * 1.55, facecolor="none", edgecolor=HIGHLIGHT_COLOUR,
                                         linewidth=2.4, zorder=3.9)),
                name=ax.annotate("", (0, 0), fontsize=_FONT_SIZE, va="top", path_effects=_OUTLINE, zorder=6),
                condition=ax.annotate("", (0, 0), fontsize=_FONT_SIZE, va="top", path_effects=_OUTLINE, zorder=6),
                leader=ax.plot([], [], color=LEADER_COLOUR, linewidth=0.6, zorder=5.8)[0],
            )
            for artist in artists.all():
                self._animated(artist)
            self.chips[chip.name] = artists
        return artists

    def _draw_static(self, table) -> None:
        """The table, its obstacles (with labels), the axes and the legend: the saved background."""
        ax = self.ax
        dynamic = set(map(id, self._dynamic))
        for artist in [*ax.patches, *ax.texts, *ax.lines]:
            if id(artist) not in dynamic:
                artist.remove()
        before = set(map(id, ax.texts))
        terrain = Table(table.width, table.depth, obstacles=table.obstacles, rulings=table.rulings)
        draw_table(terrain, ax, title="")
        self._static_texts = [t for t in ax.texts if id(t) not in before]
        ax.set_xlim(-2.0, table.width + 2.0)
        ax.set_ylim(-2.0, table.depth + 2.0)
        self._legend()

    def _legend(self) -> None:
        handles = [Patch(facecolor=colour, edgecolor="black") for colour in self.colours.values()]
        labels = list(self.colours)
        obstacles = self.scenario.obstacles if self.scenario is not None else ()
        if any(o.flat for o in obstacles):
            handles.append(Patch(facecolor=FLAT_OBSTACLE_COLOUR, hatch="///", edgecolor="#5b5b5b"))
            labels.append("flat obstacle")
        if any(not o.flat for o in obstacles):
            handles.append(Patch(facecolor=OBSTACLE_COLOUR, edgecolor="#3b3b3b"))
            labels.append("obstacle")
        handles.append(Line2D([], [], marker="o", markersize=9, markerfacecolor="none",
                              markeredgecolor=HIGHLIGHT_COLOUR, markeredgewidth=2, linestyle="none"))
        labels.append("acting player")
        handles.append(Line2D([], [], marker="o", markersize=4, color=INJURY_COLOUR, linestyle="none"))
        labels.append("one injury each")
        if self.scenario is not None and self.scenario.jewel_rules:
            handles.append(Line2D([], [], marker="*", markersize=10, color=JEWEL_COLOUR, markeredgecolor="black",
                                  linestyle="none"))
            labels.append("Jewel of Athens")
        handles.append(Line2D([], [], color=ATTACK_COLOUR, linewidth=1.4))
        labels.append("melee waiting for the defence")
        handles.append(Line2D([], [], color=ATTACK_COLOUR, linewidth=1.4, linestyle="--"))
        labels.append("shot waiting for the dodge")
        self.ax.legend(handles=handles, labels=labels, loc="upper center", bbox_to_anchor=(0.5, -0.07),
                       ncol=4, fontsize=7.5, frameon=False)

    # -- updating ----------------------------------------------------------------------------------
    def update(self, state) -> None:
        """Show ``state`` (a state of the same game: the same table size and players)."""
        if (state.table.width, state.table.depth) != self.table_size:
            raise ValueError("a StatePicture shows the states of one game: the table size differs")
        table = state.table
        key = tuple((o.name, o.polygon.wkb) for o in table.obstacles)
        full = key != self._static_key
        if full:
            self._draw_static(table)
            self._static_key = key
        ax, r, d = self.ax, table.radius, state.data
        acting = state.active_player if not state.is_terminal() else None
        shown = set()
        dots_x, dots_y = [], []
        for chip in table.chips:
            artists = self._chip_artists(chip, r)
            shown.add(chip.name)
            artists.rear.set(center=chip.position, theta1=chip.facing + 135, theta2=chip.facing + 225, visible=True)
            artists.view.set(center=chip.position, theta1=chip.facing - 45, theta2=chip.facing + 45, visible=True)
            artists.body.set(center=chip.position, linestyle="--" if chip.flying else "-", visible=True)
            artists.front.set(center=chip.position, theta1=chip.facing - 45, theta2=chip.facing + 45, visible=True)
            artists.ring.set(center=chip.position, visible=chip.owner == acting)
            injuries = d.characters[chip.name].injuries if chip.name in d.characters else 0
            for k in range(injuries):  # one red dot per injury, over the chip's upper right rim
                angle = math.radians(55 - 35 * k)
                dots_x.append(chip.x + 1.05 * r * math.cos(angle))
                dots_y.append(chip.y + 1.05 * r * math.sin(angle))
        for name, artists in self.chips.items():
            if name not in shown:
                for artist in artists.all():
                    artist.set_visible(False)
        ax.apply_aspect()
        r_points = abs(ax.transData.transform((r, 0))[0] - ax.transData.transform((0, 0))[0]) * 72 / self.figure.dpi
        self.injuries.set_data(dots_x, dots_y)
        self.injuries.set_markersize(min(max(4.6, 0.7 * r_points), 14.0))
        self._update_jewel(state)
        self._update_fight(state)
        self._update_labels(state, shown)
        self.title.set_text(_wrapped(status_line(state), ax.get_position().width * self.figure.get_figwidth()))
        self.state = state
        self._refresh(full)

    def _update_jewel(self, state) -> None:
        spot, on_ground = jewel_spot(state)
        self.jewel.set_data([spot[0]] if spot else [], [spot[1]] if spot else [])
        self.jewel_label.set_visible(on_ground)
        if on_ground:
            _move_text(self.jewel_label, (spot[0], spot[1] + 1.6))

    def _update_fight(self, state) -> None:
        arrow = pending_arrow(state)
        self.arrow.set_visible(arrow is not None)
        self.fight.set_visible(arrow is not None and arrow.kind == "defend")
        if arrow is not None:
            self.arrow.set_positions(arrow.start, arrow.tip)
            self.arrow.set_linestyle(arrow.linestyle)
            self.fight.set(center=arrow.middle, radius=arrow.radius)

    def _update_labels(self, state, shown: set[str]) -> None:
        placed = set()
        for label in label_layout(self.ax, state, self.colours, fixed_texts=self._static_texts):
            artists = self.chips[label.chip]
            placed.add(label.chip)
            for k, text in enumerate((artists.name, artists.condition)):
                if k < len(label.lines):
                    text.set_text(label.lines[k])
                    _move_text(text, label.anchors[k])
                    text.set(ha=label.ha, visible=True, **_label_style(label, k))
                else:
                    text.set_visible(False)
            artists.leader.set_visible(label.leader is not None)
            if label.leader is not None:
                artists.leader.set_data(*label.leader)
        for name in shown - placed:
            for text in (self.chips[name].name, self.chips[name].condition, self.chips[name].leader):
                text.set_visible(False)

    # -- drawing -----------------------------------------------------------------------------------
    def _on_draw(self, event) -> None:
        """After a full draw (first show, new obstacles, a resized ipympl canvas): save the
        background and draw the changing artists over it."""
        canvas = self.figure.canvas
        if canvas.is_saving():  # savefig draws every artist itself, on another renderer
            self._background = None
            return
        self._background = canvas.copy_from_bbox(self.figure.bbox)
        self._draw_dynamic()

    def _draw_dynamic(self) -> None:
        for artist in sorted(self._dynamic, key=lambda a: a.get_zorder()):
            if artist.get_visible():
                artist.axes.draw_artist(artist) if artist.axes is not None else self.figure.draw_artist(artist)

    def _refresh(self, full: bool) -> None:
        canvas = self.figure.canvas
        if full or self._background is None:
            if hasattr(canvas, "send_event"):  # a browser canvas (ipympl, webagg): it asks for the draw
                self._background = None  # blit nothing over an old background until that draw
                canvas.draw_idle()
            else:
                canvas.draw()  # fires draw_event: _on_draw saves the background and draws the rest
            return
        canvas.restore_region(self._background)
        self._draw_dynamic()
        canvas.blit(self.figure.bbox)

    def png(self) -> bytes:
        """The picture as it is now, as PNG bytes (fast: from the canvas buffer, low compression)."""
        buffer = np.asarray(self.figure.canvas.buffer_rgba())
        out = io.BytesIO()
        PILImage.fromarray(buffer, "RGBA").save(out, format="png", compress_level=1)
        return out.getvalue()

    @property
    def drawn(self) -> bool:
        """The background of the current table is drawn and saved: updates only redraw the changing
        artists.  False until a browser canvas has answered the request for a full draw."""
        return self._background is not None

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Width and height of the picture in pixels (of :meth:`png`)."""
        width, height = self.figure.canvas.get_width_height()
        return int(width), int(height)


def _move_text(annotation, xy) -> None:
    """Move an annotation drawn at its point (no offset text): both its point and its text."""
    annotation.xy = xy
    annotation.set_position(xy)


# =============================================================================================
# The path of the Jewel of Athens
# =============================================================================================
_NUMBER_OFFSETS = ((12, 12), (-12, 12), (12, -12), (-12, -12), (0, 16), (0, -16))  # points


def _zoom(ax, xs, ys, margin: float) -> None:
    """Zoom on the points' bounding box grown by ``margin``, widened to the axes' proportions (so
    the zoomed picture fills the same box) and kept inside the present limits."""
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    left, right = min(xs) - margin, max(xs) + margin
    bottom, top = min(ys) - margin, max(ys) + margin
    ratio = (x1 - x0) / (y1 - y0)  # width per height of the full view
    if (right - left) / (top - bottom) < ratio:
        grow = ((top - bottom) * ratio - (right - left)) / 2
        left, right = left - grow, right + grow
    else:
        grow = ((right - left) / ratio - (top - bottom)) / 2
        bottom, top = bottom - grow, top + grow
    width, height = min(right - left, x1 - x0), min(top - bottom, y1 - y0)
    left = min(max(left, x0), x1 - width)
    bottom = min(max(bottom, y0), y1 - height)
    ax.set_xlim(left, left + width)
    ax.set_ylim(bottom, bottom + height)


def draw_jewel_path(ax, path, state=None, *, zoom_margin: float | None = None):
    """Draw the Jewel of Athens' path over a game on ``ax`` ("Das Juwel von Athen"); return the axes.

    ``path`` is :func:`explorer.behind.replay.jewel_path` of the game's states.  A broad gold band
    joins the places the jewel was at after each step; over it each stretch carried by one
    character is drawn in his player's colour (``state``: a state of the game, for the players'
    colours), a stretch on the ground dotted.  The start is a black ring, the end a large star,
    every change of hands a numbered marker (a cross where it fell to the ground); a legend
    inside the axes says who carried it from which turn.  ``zoom_margin``: zoom on the path's
    bounding box grown by this many cm (clamped to the table)."""
    points = list(path)
    if not points:
        return ax
    colours = player_colours(state) if state is not None else {}
    owners = dict(state.owners) if state is not None else {}
    ax.plot([p.x for p in points], [p.y for p in points], color=JEWEL_COLOUR, linewidth=6, alpha=0.5,
            solid_capstyle="round", solid_joinstyle="round", zorder=6.2)
    runs: list[list] = []
    for point in points:
        if runs and runs[-1][0].bearer == point.bearer:
            runs[-1].append(point)
        else:
            runs.append([point])
    handles, labels = [], []
    for k, run in enumerate(runs):
        first = run[0]
        stretch = run + ([runs[k + 1][0]] if k + 1 < len(runs) else [])
        colour = colours.get(owners.get(first.bearer), JEWEL_TEXT_COLOUR) if first.bearer else JEWEL_TEXT_COLOUR
        ax.plot([p.x for p in stretch], [p.y for p in stretch], color=colour, linewidth=1.8,
                linestyle="-" if first.bearer else ":", zorder=6.3)
        who = f"{first.bearer} carries it" if first.bearer else "it lies on the ground"
        if k == 0:
            marker = dict(marker="o", markersize=10, markerfacecolor="white", markeredgecolor="black",
                          markeredgewidth=1.6)
            label = f"start (turn {first.turn}): {who}"
        elif first.bearer is None:
            marker = dict(marker="X", markersize=10, markerfacecolor=JEWEL_COLOUR, markeredgecolor="black")
            label = f"turn {first.turn}: {who}"
        else:
            marker = dict(marker=f"${k}$", markersize=9, markerfacecolor=colour, markeredgecolor="white",
                          markeredgewidth=0.4)
            label = f"{k}: turn {first.turn}, {who}"
        if k == 0 or first.bearer is None:
            ax.plot(first.x, first.y, linestyle="none", zorder=6.6, **marker)
        else:  # a dot where it changed hands, its number set off (changes often happen close together)
            ax.plot(first.x, first.y, marker="o", markersize=4.5, color=colour, markeredgecolor="black",
                    markeredgewidth=0.6, linestyle="none", zorder=6.6)
            dx, dy = _NUMBER_OFFSETS[(k - 1) % len(_NUMBER_OFFSETS)]
            ax.annotate(str(k), (first.x, first.y), xytext=(dx, dy), textcoords="offset points", ha="center",
                        va="center", fontsize=9, fontweight="bold", color=colour, path_effects=_OUTLINE, zorder=6.8,
                        arrowprops=dict(arrowstyle="-", color=colour, linewidth=0.7, shrinkA=4, shrinkB=2))
        handles.append(Line2D([], [], linestyle="none", **marker))
        labels.append(label)
    end = points[-1]
    ax.plot(end.x, end.y, marker="*", markersize=16, color=JEWEL_COLOUR, markeredgecolor="black",
            linestyle="none", zorder=6.7)
    handles.append(Line2D([], [], marker="*", markersize=12, color=JEWEL_COLOUR, markeredgecolor="black",
                          linestyle="none"))
    labels.append(f"end (turn {end.turn}): " + (f"with {end.bearer}" if end.bearer else "on the ground"))
    if zoom_margin is not None:
        _zoom(ax, [p.x for p in points], [p.y for p in points], zoom_margin)
    existing = ax.get_legend()
    ax.legend(handles=handles, labels=labels, loc="best", fontsize=7, title="the Jewel of Athens",
              title_fontsize=7.5, framealpha=0.9)
    if existing is not None:
        ax.add_artist(existing)  # keep the table's legend beside the path's
    return ax


# =============================================================================================
# Words
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
        seen = f": {', '.join(_titles(state, cards))}" if player in (None, who) else f" ({len(cards)} card(s))"
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


def _players_table(state, player: str | None, public: bool = False) -> str:
    colours = player_colours(state)
    rows = player_rows(state, player)
    if public:  # what every player may know: hands as counts only
        rows = [{**row, "hand cards": None} for row in rows]
    head = ("<tr><th>player</th><th>hand</th><th>supply</th><th>discard</th><th>in play</th>"
            "<th>Moments owed</th><th>characters</th></tr>")
    body = []
    for row in rows:
        p = row["player"]
        colour = colours[p]
        swatch = (f'<span style="display:inline-block;width:0.8em;height:0.8em;background:{colour};'
                  'margin-right:4px"></span>')
        who = swatch + _e(p) + (f'<br><span class="rule">{_e(row["role"])}</span>' if row["role"] else "")
        if p == state.active_player and not state.is_terminal():
            who += '<br><span class="rule">acting player</span>'
        hand = _e(row["hand"])
        if row["hand cards"] is not None and row["hand cards"]:
            hand += ": " + "<br>".join(_e(t) for t in row["hand cards"])
        discard = _e(row["discard"]) + (f'<br><span class="rule">top: {_e(row["discard top"])}</span>'
                                        if row["discard top"] else "")
        in_play = _e(len(row["in play"])) + "".join(f"<br>{_e(t)}" for t in row["in play"])
        characters = "<br>".join(_e(c) for c in row["characters"])
        body.append(f"<tr><td>{who}</td><td>{hand}</td><td>{_e(row['supply'])}</td><td>{discard}</td>"
                    f"<td>{in_play}</td><td>{_e(row['moments owed'])}</td><td>{characters}</td></tr>")
    return '<table class="bg-table">' + head + "".join(body) + "</table>"


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


def events_html(events, *, heading: str = "what happened") -> str:
    """Events as an HTML table: each in words beside the rulebook section it cites (the full
    citation as the cell's tooltip); CSS classes ``event-text`` and ``event-rule``."""
    events = list(events)
    rulebooks = sorted({e.rule.rulebook for e in events if e.rule is not None})
    rows = "".join(
        f'<tr><td class="event-text">{_e(e.text)}</td><td class="rule event-rule" title="{_e(e.rule or "")}">'
        f'{_e(e.rule.section) if e.rule else ""}</td></tr>' for e in events)
    if not rows:
        rows = '<tr><td class="event-text">(nothing happened that this viewer may see)</td><td></td></tr>'
    return (f'{_CSS}<div class="behind-game"><table class="bg-table"><tr><th>{_e(heading)}</th>'
            f'<th>rule ({_e(", ".join(rulebooks))})</th></tr>{rows}</table></div>')


def _log_table(state, player: str | None, lines: int) -> str:
    events = state.events_for(player)[-lines:] if lines > 0 else []
    if not events:
        return ""
    rows = "".join(
        f"<tr><td>{_e(e.text)}</td><td class=\"rule\" title=\"{_e(e.rule) if e.rule else ''}\">"
        f"{_e(e.rule.section) if e.rule else ''}</td></tr>" for e in events)
    rulebooks = sorted({e.rule.rulebook for e in events if e.rule is not None})
    return ('<table class="bg-table"><tr>'
            f"<th>the last {len(events)} events of the log</th><th>rule ({_e(', '.join(rulebooks))})</th>"
            f"</tr>{rows}</table>")


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
                     f'<div style="flex:0 0 auto">{image}</div>'
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
