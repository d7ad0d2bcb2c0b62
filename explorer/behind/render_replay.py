"""A game's picture updated in place, for replays and live games, and the Jewel of Athens' path.

:class:`StatePicture` is one game's table as a single figure whose artists are updated in place
from state to state (the marks of :func:`explorer.behind.render_game.draw_state`, blitted over a
saved background of table, obstacles and legend).  ``draw_jewel_path(ax, path, state)`` draws the
path of the Jewel of Athens over a game ("Das Juwel von Athen"; the path from
:func:`explorer.behind.replay.jewel_path`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Patch, Wedge
from matplotlib.path import Path
from matplotlib.text import Annotation

from explorer.behind.render_game import (
    ATTACK_COLOUR,
    FONT_SIZE,
    HIGHLIGHT_COLOUR,
    INJURY_COLOUR,
    JEWEL_COLOUR,
    JEWEL_SIZE,
    JEWEL_TEXT_COLOUR,
    LEADER_COLOUR,
    fit_legend,
    drawn_state,
    OUTLINE,
    TITLE_SIZE,
    injury_dot_size,
    jewel_spot,
    label_layout,
    label_size,
    label_style,
    marks_placer,
    obstacle_labels,
    pending_arrow,
    LeaderLabel,
    block_leader,
    keep_apart,
    place_obstacle_labels,
    place_with_leaders,
    player_colours,
    relabel,
    status_line,
    text_size,
    view_region,
    wrapped_title,
)
from explorer.behind.render_table import (
    FLAT_OBSTACLE_COLOUR,
    OBSTACLE_COLOUR,
    PALETTE,
    draw_table,
)
from explorer.core.display import pixels_png
from explorer.core.render_labels import LabelPlacer, legend_below, renderer_of, ring_offsets
from explorer.behind.table import Table

_PICTURE_MARGINS = (0.55, 0.1, 0.45, 1.15)  # left, right, top (two title lines), bottom (legend) in inches


def picture_size(table, width: float = 8.0) -> tuple[float, float]:
    """The figure size (inches) of a :class:`StatePicture` of ``table``: ``width`` wide, as deep as
    the table's proportions need (an ipympl figure is made with this size)."""
    left, right, top, bottom = _PICTURE_MARGINS
    x0, y0, x1, y1 = view_region(table, None, 0.0)
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

    @staticmethod
    def figure_size(state, width: float = 8.0) -> tuple[float, float]:
        """The figure size (inches) for ``state``'s table (the replay panel makes an ipympl figure
        of this size): :func:`picture_size`."""
        return picture_size(state.table, width)

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
        self._obstacle_labels: list = []  # (label, obstacle): placed again on every update, clear of the chips
        self._obstacle_places = None  # where they were placed (a move draws the background again)
        self._background = None
        self._dynamic: list = []
        ax = self.ax
        self.injuries = self._animated(ax.plot([], [], "o", color=INJURY_COLOUR, markeredgecolor="white",
                                               markeredgewidth=0.7, linestyle="none", zorder=5)[0])
        self.jewel = self._animated(ax.plot([], [], marker="*", markersize=JEWEL_SIZE, color=JEWEL_COLOUR,
                                            markeredgecolor="black", markeredgewidth=0.7, linestyle="none",
                                            zorder=5.5)[0])
        self.jewel_label = self._animated(ax.annotate("Jewel of Athens", (0, 0), fontsize=label_size(figure), ha="center",
                                                      va="bottom", color=JEWEL_TEXT_COLOUR, path_effects=OUTLINE,
                                                      zorder=6, visible=False))
        self.arrow = self._animated(ax.add_patch(FancyArrowPatch((0, 0), (1, 1), arrowstyle="-|>", mutation_scale=11,
                                                                 color=ATTACK_COLOUR, linewidth=1.6, shrinkA=0,
                                                                 shrinkB=0, zorder=5.2, visible=False)))
        self.fight = self._animated(ax.add_patch(Circle((0, 0), 1.0, facecolor="none", edgecolor=ATTACK_COLOUR,
                                                        linestyle="--", linewidth=1.1, zorder=5.1, visible=False)))
        self.title = self._animated(ax.set_title("", fontsize=text_size(figure, TITLE_SIZE), y=1.0, pad=4))
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
                name=ax.annotate("", (0, 0), fontsize=FONT_SIZE, va="top", path_effects=OUTLINE, zorder=6),
                condition=ax.annotate("", (0, 0), fontsize=FONT_SIZE, va="top", path_effects=OUTLINE, zorder=6),
                leader=ax.plot([], [], color=LEADER_COLOUR, linewidth=0.6, zorder=5.8)[0],
            )
            for artist in artists.all():
                self._animated(artist)
            self.chips[chip.name] = artists
        return artists

    def _draw_static(self, table) -> None:
        """The table, its obstacles (with labels), the axes and the legend: the saved background.  The
        obstacles' labels are placed again on every update, clear of the chips where they stand; when
        one moves, the background is drawn again."""
        ax = self.ax
        dynamic = set(map(id, self._dynamic))
        for artist in [*ax.patches, *ax.texts, *ax.lines]:
            if id(artist) not in dynamic:
                artist.remove()
        terrain = Table(table.width, table.depth, obstacles=table.obstacles, rulings=table.rulings)
        draw_table(terrain, ax, title="")
        self._obstacle_labels = obstacle_labels(ax, terrain)
        self._obstacle_places = None
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
        legend_below(self.ax, handles, labels, ncol=4, fontsize=text_size(self.figure))

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
        self.injuries.set_data(dots_x, dots_y)
        self.injuries.set_markersize(injury_dot_size(ax, r))
        self._update_jewel(state)
        self._update_fight(state)
        moved = self._update_labels(state, shown)
        self.title.set_text(wrapped_title(status_line(state), ax.get_position().width * self.figure.get_figwidth()))
        self.state = state
        self._refresh(full or moved)

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

    def _update_labels(self, state, shown: set[str]) -> bool:
        """Place the obstacles' and the chips' labels; True if an obstacle's label moved (it is part
        of the background)."""
        placed = set()
        placer = marks_placer(self.ax, state)  # the obstacles' labels first, then the chips' names
        fixed = [self.jewel_label] if self.jewel_label.get_visible() else []
        for text in fixed:
            placer.avoid_text(text)
        place_obstacle_labels(placer, self._obstacle_labels, state)
        places = [(tuple(text.xy), tuple(text.xyann), text.get_ha(), text.get_va(), text.get_visible())
                  for text, _ in self._obstacle_labels]
        moved, self._obstacle_places = places != self._obstacle_places, places
        for label in label_layout(self.ax, state, self.colours, placer=placer):
            artists = self.chips[label.chip]
            placed.add(label.chip)
            for k, text in enumerate((artists.name, artists.condition)):
                if k < len(label.lines):
                    text.set_text(label.lines[k])
                    _move_text(text, label.anchors[k])
                    text.set(ha=label.ha, fontsize=label.size, visible=True, **label_style(label, k))
                else:
                    text.set_visible(False)
            artists.leader.set_visible(label.leader is not None)
            if label.leader is not None:
                artists.leader.set_data(*label.leader)
        for name in shown - placed:
            for text in (self.chips[name].name, self.chips[name].condition, self.chips[name].leader):
                text.set_visible(False)
        return moved

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
        """The picture as it is now, as PNG bytes (fast: from the canvas buffer,
        :func:`~explorer.core.display.pixels_png`)."""
        return pixels_png(self.figure.canvas)

    # -- the replay panel's texts -----------------------------------------------------------------
    @staticmethod
    def status_line(state) -> str:
        """The status line (:func:`explorer.behind.render_game.status_line`)."""
        return status_line(state)

    @staticmethod
    def players_html(state, viewer="public") -> str:
        """Each player's information seen by ``viewer`` (:func:`explorer.behind.render_game.players_html`)."""
        from explorer.behind.render_game import players_html
        return players_html(state, viewer)

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
NUMBER_SIZE = 9.0
"""The path's numbers (points, before :func:`~explorer.behind.render_game.text_size`)."""
PATH_BAND = 6.0
"""The width (points) of the jewel path's gold band: the numbers and names keep off all of it."""
PATH_BAND_COST = 400.0
"""The cost of a number or a name on the gold band (more than its centre line crossed, less than a chip)."""
NUMBER_ROOM = 3.0
"""Points a hand-over number keeps off the chips' rims where it can."""
NUMBER_RINGS = 7
"""The rings of spots a hand-over number of :func:`draw_jewel_path` may take round its dot, 4 pt apart from 6 pt out:
changes of hands often happen in a crowd, where the nearer rings lie on chips or the path."""


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
    bounding box grown by this many cm (clamped to the table).  The numbers are placed once the view
    is final, clear of the chips, the markers and the other labels; on a picture of
    :func:`~explorer.behind.render_game.draw_state` its labels are placed again for the zoomed view
    (:func:`~explorer.behind.render_game.relabel`)."""
    points = list(path)
    if not points:
        return ax
    colours = player_colours(state) if state is not None else {}
    owners = dict(state.owners) if state is not None else {}
    # under the names (zorder 6) and their leader lines: a name is never struck through by the path
    ax.plot([p.x for p in points], [p.y for p in points], color=JEWEL_COLOUR, linewidth=PATH_BAND, alpha=0.5,
            solid_capstyle="round", solid_joinstyle="round", zorder=5.6)
    runs: list[list] = []
    for point in points:
        if runs and runs[-1][0].bearer == point.bearer:
            runs[-1].append(point)
        else:
            runs.append([point])
    handles, labels, numbers, marks = [], [], [], []
    figure = ax.figure
    for k, run in enumerate(runs):
        first = run[0]
        stretch = run + ([runs[k + 1][0]] if k + 1 < len(runs) else [])
        colour = colours.get(owners.get(first.bearer), JEWEL_TEXT_COLOUR) if first.bearer else JEWEL_TEXT_COLOUR
        ax.plot([p.x for p in stretch], [p.y for p in stretch], color=colour, linewidth=1.8,
                linestyle="-" if first.bearer else ":", zorder=5.7)
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
            marks.append(((first.x, first.y), marker["markersize"]))
        else:  # a dot where it changed hands, its number set off (changes often happen close together)
            ax.plot(first.x, first.y, marker="o", markersize=4.5, color=colour, markeredgecolor="black",
                    markeredgewidth=0.6, linestyle="none", zorder=6.6)
            marks.append(((first.x, first.y), 4.5))
            numbers.append(ax.annotate(
                str(k), (first.x, first.y), xytext=(0, 0), textcoords="offset points", ha="center", va="center",
                fontsize=text_size(figure, NUMBER_SIZE), fontweight="bold", color=colour, path_effects=OUTLINE,
                zorder=6.8, arrowprops=dict(arrowstyle="-", color=colour, linewidth=0.7, shrinkA=2, shrinkB=2)))
        handles.append(Line2D([], [], linestyle="none", **marker))
        labels.append(label)
    end = points[-1]
    ax.plot(end.x, end.y, marker="*", markersize=16, color=JEWEL_COLOUR, markeredgecolor="black",
            linestyle="none", zorder=6.7)
    marks.append(((end.x, end.y), 16.0))
    handles.append(Line2D([], [], marker="*", markersize=12, color=JEWEL_COLOUR, markeredgecolor="black",
                          linestyle="none"))
    labels.append(f"end (turn {end.turn}): " + (f"with {end.bearer}" if end.bearer else "on the ground"))
    if zoom_margin is not None:
        _zoom(ax, [p.x for p in points], [p.y for p in points], zoom_margin)
    _path_legend(ax, handles, labels)  # outside the table, before the labels are measured

    def place_numbers(placer: LabelPlacer) -> None:  # the view is final: measured in pixels from here on
        to_px = ax.transData.transform
        k = figure.dpi / 72.0
        per_point = k / abs(to_px((1.0, 0.0))[0] - to_px((0.0, 0.0))[0])
        for xy, size in marks:  # a marker's size is its diameter in points
            placer.avoid_circle(xy, size / 2 * per_point)
        placer.avoid_edge([(p.x, p.y) for p in points])  # the numbers and names keep off the path (never struck through)
        band = to_px(np.array([(p.x, p.y) for p in points], dtype=float))  # ... and off its broad gold band
        if len(band) >= 2:
            import shapely

            outline = shapely.LineString(band).buffer(PATH_BAND / 2 * k + 1.0)
            for polygon in getattr(outline, "geoms", [outline]):
                ring = np.asarray(polygon.exterior.coords)
                placer.soft.append((Path(ring), (*ring.min(axis=0), *ring.max(axis=0)), PATH_BAND_COST))
        spots = ring_offsets(6.0, rings=NUMBER_RINGS, step=4.0)
        shift = {"left": 0.0, "bottom": 0.0, "center": 0.5, "right": 1.0, "top": 1.0}
        todo = []
        for number in numbers:  # measured as the number alone: its leader (the arrow) reaches over the dot
            number.set_visible(True)
            arrow, props = number.arrow_patch, number.arrowprops
            number.arrow_patch = number.arrowprops = None
            try:
                box = number.get_window_extent(placer.renderer)
            finally:
                number.arrow_patch, number.arrowprops = arrow, props
            w, h = box.width, box.height
            cx, cy = to_px(number.xy)
            boxes = np.array([[cx + dx * k - shift[ha] * w, cy + dy * k - shift[va] * h,
                               cx + dx * k - shift[ha] * w + w, cy + dy * k - shift[va] * h + h]
                              for dx, dy, ha, va in spots])
            penalty = np.arange(len(spots)) * 1e-3 + np.repeat(np.arange(NUMBER_RINGS), 8) * 20.0
            todo.append(LeaderLabel(number.get_text(), (float(cx), float(cy)), boxes, penalty,
                                    None, number, rim=4.5 / 2 * k, bend=False))  # its arrow is straight
        table = state.table if state is not None else None
        centres = to_px(np.array([c.position for c in table.chips], dtype=float).reshape(-1, 2)) if table else []
        r_px = abs(to_px((table.radius, 0.0))[0] - to_px((0.0, 0.0))[0]) if table else 0.0
        # the one collision pass of the names (render_game.place_with_leaders): a number's leader (drawn
        # by its arrow) is short and joins it to its dot, so the spots are weighed as names beside it
        room = placer.copy()  # a number keeps a few points off the chips (right at a rim it reads as the chip's)
        if table is not None and len(centres):
            room.avoid_circles([c.position for c in table.chips], table.radius + NUMBER_ROOM * per_point)
        for label in place_with_leaders(room, todo, centres, r_px, keep=False):
            keep_apart(placer, label.box)
            if label.ends is not None:
                block_leader(placer, [tuple(v) for v in ax.transData.inverted().transform(np.array(label.ends))])
            number, (dx, dy, ha, va) = label.data, spots[label.rank]
            number.xyann = (dx, dy)
            number.set_ha(ha)
            number.set_va(va)
            box = label.box
            centre = ax.transData.inverted().transform(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
            placer.avoid_edge([tuple(number.xy), tuple(centre)])  # the names are not drawn through its leader

    for number in numbers:  # not in the way of their own placing (relabel avoids the texts on the axes)
        number.set_visible(False)
    if drawn_state(ax) is not None:
        relabel(ax, place_first=place_numbers)  # a draw_state picture: its labels too, for this view
    else:  # drawn otherwise: only the numbers, clear of what is there
        placer = LabelPlacer(ax)
        for text in ax.texts:
            if text not in numbers:
                placer.avoid_text(text)
        place_numbers(placer)
    return ax


def _path_legend(ax, handles, labels) -> None:
    """The jewel path's legend under the axes, below the table's legend (never over the table); a
    picture of one axes with its margins in inches grows at the bottom to hold it
    (:func:`~explorer.behind.render_game.fit_legend`)."""
    figure = ax.figure
    existing = ax.get_legend()
    renderer = renderer_of(figure)
    if existing is not None:
        below = existing.get_window_extent(renderer).y0
    else:
        axis = ax.xaxis.get_tightbbox(renderer)
        below = min(ax.bbox.y0, axis.y0 if axis is not None else ax.bbox.y0)
    anchor = (below - ax.bbox.y0 - 4.0 * figure.dpi / 72.0) / ax.bbox.height  # axes fraction, below the axes
    ax.legend(handles=handles, labels=labels, loc="upper center", bbox_to_anchor=(0.5, anchor),
              bbox_transform=ax.transAxes, borderaxespad=0.0, fontsize=text_size(figure), title="the Jewel of Athens",
              title_fontsize=text_size(figure, FONT_SIZE + 0.5), frameon=False, ncol=1 if len(labels) > 4 else 2)
    if existing is not None:
        ax.add_artist(existing)  # keep the table's legend above the path's
    if figure.get_layout_engine() is None and len(figure.axes) == 1:
        fit_legend(ax)


# =============================================================================================
# Words
# =============================================================================================
