"""Table view: an interactive figure of a table or a game state, with switchable overlays.

:class:`TablePanel` draws the table once -- obstacles, chips with their viewing angle and faint
rear arc -- and changes it in place (:meth:`TablePanel.show` for a new table or game state, the
controls for the overlays):

* sight lines from the selected chip (behind-2003-rulebook.txt, section "Ranged Combat
  (Fernkampf)": "A conceptual line between the centres of the two character chips must therefore be
  drawable without interruption"): green when clear, solid when the target is also in the viewing
  angle, red dashed when blocked; the caption names the blockers, and so does the figure when the
  mouse hovers over a line;
* the movement reach of a chosen card (section "Movement"; ruling ``behind.leg-viewing-angle``):
  :func:`movement_reach`;
* the ranged range of the card ("The range of the attack equals twice the total movement of the
  card", :func:`~explorer.behind.combat.ranged_attack_range`), with the chips it reaches;
* card-length rings (section "Scenarios (Szenarien)"; ruling ``behind.card-length-cm``).

Clicking a chip selects it.  :class:`FigureView` is the figure and the widget that shows it: an
ipympl canvas when matplotlib's backend is ipympl (``%matplotlib widget``; mouse events reach the
handlers), else a PNG ``Image`` widget redrawn after each change, so the panel also works (without
the mouse) under the inline backend and in plain Python tests.
"""

from __future__ import annotations

import html
import math
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

import ipywidgets as widgets
import shapely
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, PathPatch

from explorer.behind import refs
from explorer.behind.cards import ActionCard
from explorer.behind.combat import ranged_attack_range
from explorer.behind.geometry import said_facing
from explorer.behind.panels.panel_figures import ipympl_backend, ipympl_figure
from explorer.behind.render_table import (
    BLOCKED_COLOUR,
    CLEAR_COLOUR,
    OUTLINE,
    LABEL_SIZE,
    ArtistPool,
    LiveTable,
    label_point,
    polygon_path,
)
from explorer.behind.table import Table
from explorer.core.display import PROSE_STYLE, figure_png
from explorer.core.panels.layout import FULL_LABEL, control_layout, row, tooltip_follows_value
from explorer.core.rules import RuleViolation

CANVAS_MODES = ("auto", "ipympl", "png", "agg")

REACH_RAYS = 61
""":func:`movement_reach` follows this many straight walks across the 90 degree viewing angle (1.5 degrees apart)."""

REACH_COLOUR = "#1f78b4"
RING_COLOUR = "#555555"
HOVER_CM = 1.0
"""The mouse is over a sight line when it is this close to it (cm)."""


# ---------------------------------------------------------------------------------------------
# The figure and its widget
# ---------------------------------------------------------------------------------------------
class FigureView:
    """A figure of ``width_px`` x ``height_px`` pixels and the widget that shows it.

    ``mode``: ``"ipympl"`` -- the figure's canvas is an ipympl widget (mouse events reach
    ``mpl_connect`` handlers; :meth:`refresh` asks the browser to redraw); ``"png"`` -- an
    ``ipywidgets.Image`` whose PNG :meth:`refresh` renders again; ``"agg"`` -- an Agg canvas and
    nothing shown (benchmarks); ``"auto"`` -- ipympl when it is matplotlib's backend, else png.
    """

    def __init__(self, width_px: int, height_px: int, *, dpi: int = 100, mode: str = "auto", css_class: str = ""):
        if mode not in CANVAS_MODES:
            raise ValueError(f"mode must be one of {', '.join(CANVAS_MODES)}, got {mode!r}")
        self.mode = ("ipympl" if ipympl_backend() else "png") if mode == "auto" else mode
        self.dpi = dpi
        if self.mode == "ipympl":
            self.figure = ipympl_figure(width_px / dpi, height_px / dpi, dpi)
            self.widget = self.figure.canvas
        else:
            self.figure = Figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi)
            FigureCanvasAgg(self.figure)
            self.widget = widgets.Image(format="png", layout=widgets.Layout(flex="0 0 auto"))
            self._size_image()
        if css_class:
            self.widget.add_class(css_class)

    @property
    def canvas(self):
        return self.figure.canvas

    @property
    def pixel_size(self) -> tuple[int, int]:
        width, height = self.figure.get_size_inches() * self.dpi
        return round(width), round(height)

    def connect(self, event: str, handler) -> int:
        return self.figure.canvas.mpl_connect(event, handler)

    def resize(self, width_px: int, height_px: int) -> None:
        """A new size in pixels, in place (the same figure and widget)."""
        self.figure.set_size_inches(width_px / self.dpi, height_px / self.dpi)
        if self.mode != "ipympl":
            self._size_image()

    def png(self) -> bytes:
        """The figure as it is now, as PNG bytes (for a lesson's static picture)."""
        return figure_png(self.figure)

    def refresh(self, render=None) -> None:
        """Show the figure's current artists: ipympl redraws in the browser, png renders again.

        ``render``: a function that brings the canvas's pixels up to date itself (a
        :meth:`~explorer.behind.render_table.LiveTable.render`, which blits what changed over a
        cached background); its buffer is then sent to the browser (ipympl), encoded as the PNG
        (png, PIL's ``compress_level=1``) or left in the Agg buffer (agg: benchmarks)."""
        if render is None:
            if self.mode == "ipympl":
                self.figure.canvas.draw_idle()
            elif self.mode == "png":
                self.widget.value = self.png()
            return
        render()
        if self.mode == "ipympl":
            canvas = self.figure.canvas
            if getattr(canvas, "syncing_data_url", False):
                # no browser shows it yet (ipympl keeps a data URL until one says it is there): ask for
                # a draw, which the browser requests when it is ready, instead of sending a picture
                canvas.draw_idle()
            else:
                canvas.blit(self.figure.bbox)  # sends the buffer (a diff image) to the browser
        elif self.mode == "png":
            self.widget.value = self.buffer_png()

    def buffer_png(self) -> bytes:
        """The canvas's buffer as it is (what the last render drew) as PNG bytes, fast."""
        from explorer.core.display import pixels_png

        return pixels_png(self.figure.canvas)

    def _size_image(self) -> None:
        width, height = self.pixel_size
        self.widget.layout.width, self.widget.layout.height = f"{width}px", f"{height}px"


def table_figure_size(table: Table, width_px: int, margin: float) -> tuple[int, int]:
    """Pixels of a figure whose axes (filling it) show the table and ``margin`` cm at equal scale."""
    return width_px, round(width_px * (table.depth + 2 * margin) / (table.width + 2 * margin))


# ---------------------------------------------------------------------------------------------
# What the overlays show (pure functions of the table)
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reach:
    """Where a chip can get with a movement card: ``first_leg`` is exactly where its first straight
    leg can end (stopped by chips, obstacles and the table edge); ``bound`` (cards with movement number
    2 or 3) encloses every end of the whole movement, turning after each leg, not counting what stands
    in the way of the later legs."""

    chip: str
    card: ActionCard
    first_leg: shapely.Polygon | shapely.MultiPolygon
    bound: shapely.Polygon | shapely.MultiPolygon | None


def movement_reach(table: Table, name: str, card: ActionCard, rays: int = REACH_RAYS) -> Reach:
    """The :class:`Reach` of chip ``name`` moved with ``card`` (walking, or flying for a flying chip).

    Movement: "The movement range ... applies in a straight line through the terrain, but not over
    obstacles, only around them"; Viewing Angle (Sichtwinkel): "movement is only possible in the direction
    of the viewing angle. After a movement a character chip may be turned as desired." (ruling
    ``behind.leg-viewing-angle``: each leg within 45 degrees of the facing it starts with, turning after).
    The first leg follows ``rays`` straight walks (:meth:`Table.move_end`) across the viewing angle; a walk
    whose end the table refuses (partly on a flat obstacle) is shortened by sixteenths.  Climbing onto a
    flat obstacle and breaking away from a touching enemy (an ability check) are not drawn.
    """
    chip = table.chip(name)
    length = float(card.movement_range)
    ends = [chip.position]
    for k in range(rays):
        direction = chip.facing - 45.0 + 90.0 * k / (rays - 1)
        ends.append(_walk_end(table, name, length, direction))
    first = _areas(shapely.Polygon(ends))
    bound = None
    if card.movement_number > 1 and length > 0:
        r = table.radius
        room = shapely.box(r, r, table.width - r, table.depth - r)  # where a centre can be
        base = first if not first.is_empty else shapely.MultiPoint(ends)
        bound = _areas(base.buffer(length * (card.movement_number - 1), quad_segs=24).intersection(room))
    return Reach(name, card, first, bound)


def _areas(shape):
    """The parts of ``shape`` with an area (walks stopped at once leave the fan in pieces, or nothing)."""
    if shape.is_valid and shape.geom_type in ("Polygon", "MultiPolygon") and shape.area > 0:
        return shape
    fixed = shapely.make_valid(shape)
    parts = [g for g in getattr(fixed, "geoms", [fixed]) if g.geom_type == "Polygon" and g.area > 0]
    return shapely.MultiPolygon(parts) if len(parts) > 1 else (parts[0] if parts else shapely.Polygon())


def _walk_end(table: Table, name: str, length: float, direction: float) -> tuple[float, float]:
    for sixteenths in range(16, -1, -1):
        try:
            return table.move_end(name, length * sixteenths / 16, direction).end
        except RuleViolation:
            continue
    return table.chip(name).position


@dataclass(frozen=True)
class SightRow:
    """The line of sight from the observer to ``target``: ``clear``, the target ``in_view`` (viewing
    angle), and what ``blockers`` interrupt it (Ranged Combat (Fernkampf))."""

    observer: str
    target: str
    clear: bool
    in_view: bool
    blockers: tuple[str, ...]

    @property
    def text(self) -> str:
        if self.clear:
            return f"{self.observer} → {self.target}: clear" + (", in the viewing angle" if self.in_view
                                                                 else ", outside the viewing angle")
        return f"{self.observer} → {self.target}: blocked by {', '.join(self.blockers)}"


def sight_rows(table: Table, observer: str) -> list[SightRow]:
    """The observer's line of sight to every other chip, in table order."""
    matrix = table.sight_matrix()
    i = matrix.names.index(observer)
    return [SightRow(observer, target, bool(matrix.clear[i, j]), bool(matrix.in_view[i, j]),
                     matrix.blockers(observer, target))
            for j, target in enumerate(matrix.names) if j != i]


def movement_cards(cards: Iterable[ActionCard]) -> list[ActionCard]:
    """Distinct cards (by id) with a movement range, by total movement then id."""
    unique = {card.id: card for card in cards if card.movement_range > 0}
    return sorted(unique.values(), key=lambda c: (c.movement_range * c.movement_number, c.id))


def card_label(card: ActionCard) -> str:
    ranged = ", ranged" if card.ranged else ""
    return f"{card.id} {card.title}: {card.movement_range:g} cm x {card.movement_number}{ranged}"


@lru_cache(maxsize=1)
def _default_cards() -> tuple[ActionCard, ...]:
    """Every illustrative card with a movement range (read once per process)."""
    from explorer.behind.data import load_action_cards

    return tuple(movement_cards(load_action_cards().values()))


# ---------------------------------------------------------------------------------------------
# The panel
# ---------------------------------------------------------------------------------------------
TABLE_WIDTH_PX = 580
"""The table figure's default width: it fits JupyterLab's narrowest output area (590 px, a 1024 px
window with the file browser open)."""


class TablePanel(widgets.VBox):
    """An interactive view of a :class:`~explorer.behind.table.Table` or a game state (anything with a
    ``table``; a :class:`~explorer.behind.game.BehindState` also gives the chip owner's hand as cards).

    Widgets (CSS classes ``table-...``): ``chip`` (whose overlays), ``sight`` / ``reach`` / ``range`` /
    ``rings`` (checkboxes switching the overlays), ``card`` (the card for reach and range),
    ``ring_count``, ``caption`` (what the overlays show, in words) and the figure.  ``show(source)``
    changes the table in place; ``hover(x, y)`` and ``click(x, y)`` are what the mouse handlers call.
    """

    def __init__(self, source, *, cards: Sequence[ActionCard] | None = None, width_px: int = TABLE_WIDTH_PX,
                 canvas: str = "auto", margin: float = 2.0, blit: bool = True):
        self.state = None
        self.table = self._table_of(source)
        self._fixed_cards = movement_cards(cards) if cards is not None else None
        self.margin = margin
        self.last_rows: list[SightRow] = []
        self.last_reach: Reach | None = None
        self.hover_text = ""

        names = list(self.table.names)
        # the layout conventions (explorer.core.panels.layout): labels in full, checkboxes as wide as
        # their words, controls never wider than the output area, in rows that wrap
        self.chip = widgets.Dropdown(options=names, value=names[0] if names else None, description="chip",
                                     style=FULL_LABEL, layout=control_layout(300)).add_class("table-chip")
        self.sight = widgets.Checkbox(True, description="sight lines", indent=False,
                                      layout=widgets.Layout(width="auto")).add_class("table-show-sight")
        self.reach = widgets.Checkbox(False, description="movement reach", indent=False,
                                      layout=widgets.Layout(width="auto")).add_class("table-show-reach")
        self.range = widgets.Checkbox(False, description="ranged range", indent=False,
                                      layout=widgets.Layout(width="auto")).add_class("table-show-range")
        self.rings = widgets.Checkbox(False, description="card-length rings", indent=False,
                                      layout=widgets.Layout(width="auto")).add_class("table-show-rings")
        self.card = widgets.Dropdown(description="card", style=FULL_LABEL, layout=control_layout(380)
                                     ).add_class("table-card")
        tooltip_follows_value(self.card)  # a long card name, cut in the dropdown, reads in full as its tooltip
        self.ring_count = widgets.IntSlider(3, 1, 6, description="rings", style=FULL_LABEL,
                                            layout=control_layout(260)).add_class("table-ring-count")
        self.caption = widgets.HTML().add_class("table-caption")

        width, height = table_figure_size(self.table, width_px, margin)
        self.view = FigureView(width, height, mode=canvas, css_class="table-figure")
        self.ax = self.view.figure.add_axes((0, 0, 1, 1))
        self.ax.set_axis_off()
        # chips named by the word(s) that tell them apart, at least 8 pt, placed clear of chips, obstacles and each
        # other; the full name is the hover text (hover)
        self.live = LiveTable(self.ax, self.table, margin=margin, short_labels=True, blit=blit)
        self.sight_lines = ArtistPool(lambda: self.ax.add_line(Line2D([], [], zorder=2.5, alpha=0.9)))
        self.circles = ArtistPool(lambda: self.ax.add_patch(Circle((0, 0), 1, fill=False, zorder=2)))
        self.circle_labels = ArtistPool(lambda: self.ax.annotate("", (0, 0), xytext=(0, 0), textcoords="offset points",
                                                                 fontsize=LABEL_SIZE, ha="center", va="center",
                                                                 path_effects=OUTLINE, zorder=6,
                                                                 annotation_clip=False))
        self.reach_patches = [self.ax.add_patch(PathPatch(polygon_path(shapely.box(0, 0, 1, 1)), zorder=1.5,
                                                          visible=False)) for _ in range(2)]
        self.hover_label = self.ax.annotate("", (0, 0), xytext=(8, 8), textcoords="offset points",
                                            fontsize=LABEL_SIZE, zorder=7, visible=False,
                                            bbox=dict(boxstyle="round,pad=0.3", facecolor="white", alpha=0.9,
                                                      edgecolor="#999999"))
        self.live.add_overlay(self.hover_label)  # the mouse moves it: blitted over the rest
        self._update_cards()
        for control in (self.sight, self.reach, self.range, self.rings, self.card, self.ring_count):
            control.observe(self._on_change, names="value")
        self.chip.observe(self._on_chip_change, names="value")
        self.view.connect("button_press_event", self._on_press)
        self.view.connect("motion_notify_event", self._on_motion)
        # the figure in a box of its own that scrolls sideways if the output area is narrower than it
        figure_box = widgets.Box([self.view.widget], layout=widgets.Layout(overflow="auto", max_width="100%",
                                                                           flex="0 1 auto"))
        super().__init__([
            row([self.chip, self.card], align="center"),
            row([self.sight, self.reach, self.range, self.rings, self.ring_count], align="center"),
            figure_box,
            self.caption,
        ], layout=widgets.Layout(max_width="100%"))
        self.add_class("table-panel")
        self.redraw()

    # -- the source ------------------------------------------------------------------------------
    def _table_of(self, source) -> Table:
        if isinstance(source, Table):
            self.state = None
            return source
        table = getattr(source, "table", None)
        if not isinstance(table, Table):
            raise TypeError(f"TablePanel shows a Table or a game state with a table, got {type(source).__name__}")
        self.state = source
        return table

    def show(self, source) -> None:
        """Show another table or game state, in place (the same figure; a chip's artists stay while it
        stays on the table).  The selected chip stays selected while it is on the table."""
        self.table = self._table_of(source)
        names = list(self.table.names)
        keep = self.chip.value if self.chip.value in names else (names[0] if names else None)
        with self.hold_trait_notifications(), self._quiet():
            self.chip.options = names
            self.chip.value = keep
        self._update_cards()
        self.redraw()

    _silent = False

    @contextmanager
    def _quiet(self):
        """Change widget values without redrawing for each (the caller redraws once)."""
        self._silent = True
        try:
            yield
        finally:
            self._silent = False

    # -- cards -----------------------------------------------------------------------------------
    def cards(self) -> Sequence[ActionCard]:
        """The cards to choose from: those given, else in a game the hand of the chip's owner (all the
        game's cards when it is empty), else every illustrative card with a movement range."""
        if self._fixed_cards is not None:
            return self._fixed_cards
        if self.state is not None and self.chip.value is not None:
            owner = self.table.chip(self.chip.value).owner
            try:
                hand = movement_cards(self.state.hand(owner))
            except (KeyError, AttributeError):
                hand = []
            if hand:
                return hand
            cards = getattr(self.state, "cards", None)
            if cards:
                return movement_cards(cards.values())
        return _default_cards()

    def selected_card(self) -> ActionCard | None:
        return next((card for card in self.cards() if card.id == self.card.value), None)

    def _update_cards(self) -> None:
        cards = self.cards()
        options = [(card_label(card), card.id) for card in cards]
        keep = self.card.value if any(card.id == self.card.value for card in cards) else (
            cards[len(cards) // 2].id if cards else None)
        with self.hold_trait_notifications(), self._quiet():
            self.card.options = options
            self.card.value = keep

    # -- events ----------------------------------------------------------------------------------
    def _on_change(self, _change) -> None:
        if not self._silent:
            self.redraw()

    def _on_chip_change(self, _change) -> None:
        if not self._silent:
            self._update_cards()  # a game's cards are the chip owner's hand
            self.redraw()

    def _on_press(self, event) -> None:
        if event.inaxes is self.ax and event.xdata is not None:
            self.click(event.xdata, event.ydata)

    def _on_motion(self, event) -> None:
        if event.inaxes is self.ax and event.xdata is not None:
            self.hover(event.xdata, event.ydata)
        elif self.hover_label.get_visible():
            self.hover_label.set_visible(False)
            self.hover_text = ""
            self.view.refresh(self.live.render)

    def click(self, x: float, y: float) -> str | None:
        """Select the chip at ``(x, y)`` cm (what a mouse click does); returns it, or None."""
        name = self.live.chip_at(x, y)
        if name is not None and name != self.chip.value:
            self.chip.value = name
        return name

    def hover(self, x: float, y: float) -> str:
        """The words for what lies under ``(x, y)`` cm -- a chip (full name), or a sight line (clear, or
        blocked by whom) -- shown beside the mouse; empty when nothing."""
        text = ""
        name = self.live.chip_at(x, y, slack=0.0)
        if name is not None:
            chip = self.table.chip(name)
            text = f"{name} ({chip.owner}), facing {said_facing(chip.facing)}°"
        else:
            row = self._sight_row_near(x, y)
            if row is not None:
                text = row.text
        if text != self.hover_text:
            self.hover_text = text
            self.hover_label.set_visible(bool(text))
            if text:
                self.hover_label.xy = (x, y)
                self.hover_label.set_text(text)
                # beside the mouse, on the side where it stays inside the figure
                left = x > (self.table.width / 2)
                self.hover_label.xyann = (-8, 8) if left else (8, 8)
                self.hover_label.set_ha("right" if left else "left")
            self.view.refresh(self.live.render)
        return text

    def _sight_row_near(self, x: float, y: float) -> SightRow | None:
        if not (self.sight.value and self.last_rows):
            return None
        source = self.table.chip(self.last_rows[0].observer)
        best, best_d = None, HOVER_CM
        for row in self.last_rows:
            target = self.table.chip(row.target)
            d = shapely.Point(x, y).distance(shapely.LineString([source.position, target.position]))
            if d <= best_d:
                best, best_d = row, d
        return best

    # -- drawing ---------------------------------------------------------------------------------
    def png(self) -> bytes:
        """The figure as it is now, as PNG bytes."""
        return self.view.png()

    def redraw(self) -> None:
        """Bring every artist and the caption up to date (in place) and refresh the figure."""
        table, observer = self.table, self.chip.value
        # the overlays are drawn with the table, under the chips: each redraw draws them afresh
        self.live.update(table, selected=observer, scenery=self._scenery_key())
        self.last_rows = sight_rows(table, observer) if observer is not None and len(table) > 1 else []
        lines = self._draw_sight(self.last_rows if self.sight.value else [])
        card = self.selected_card()
        self.last_reach = None
        circles: list[tuple] = []
        if observer is not None and card is not None:
            if self.reach.value:
                self.last_reach = movement_reach(table, observer, card)
            if self.range.value:
                circles.append(self._range_circle(observer, card))
        if observer is not None and self.rings.value:
            extra = self._edge_extra()
            for k in range(1, self.ring_count.value + 1):
                circles.append((k * table.card_length + extra, f"{k} CL", RING_COLOUR, ":"))
        self._draw_reach(self.last_reach)
        self._draw_circles(observer, circles)
        self.caption.value = self._caption(lines, card, circles)
        self.view.refresh(self.live.render)

    def _scenery_key(self) -> tuple:
        """What the overlays under the chips depend on (sight lines, reach, circles)."""
        self._redraws = getattr(self, "_redraws", 0) + 1
        return (self._redraws,)

    def _edge_extra(self) -> float:
        """Circles mark chip centres at a distance; under ruling behind.distance-measure = 'edge'
        distances run between the edges, two radii less."""
        return 2 * self.table.radius if self.table.rulings["behind.distance-measure"] == "edge" else 0.0

    def _draw_sight(self, rows: Sequence[SightRow]) -> list[SightRow]:
        source = self.table.chip(rows[0].observer) if rows else None
        for line, row in zip(self.sight_lines.take(len(rows)), rows):
            target = self.table.chip(row.target)
            line.set_data([source.x, target.x], [source.y, target.y])
            if row.clear:
                line.set_color(CLEAR_COLOUR)
                line.set_linestyle("-" if row.in_view else ":")
                line.set_linewidth(1.6 if row.in_view else 1.1)
            else:
                line.set_color(BLOCKED_COLOUR)
                line.set_linestyle("--")
                line.set_linewidth(1.2)
        return list(rows)

    def _range_circle(self, observer: str, card: ActionCard) -> tuple:
        reach = ranged_attack_range(card, self.table.rulings)
        return (reach + self._edge_extra(), f"{reach:g} cm", self.live.colour(self.table.chip(observer).owner), "--")

    def _draw_circles(self, observer: str | None, circles: Sequence[tuple]) -> None:
        circles = circles if observer is not None else []
        chip = self.table.chip(observer) if observer is not None else None
        labels = self.circle_labels.take(len(circles))
        queued = []
        for circle, label, (radius, text, colour, style) in zip(self.circles.take(len(circles)), labels, circles):
            circle.set_center(chip.position)
            circle.set_radius(radius)
            circle.set_edgecolor(colour)
            circle.set_linestyle(style)
            circle.set_clip_path(self.live.board)
            x, y = label_point(self.table, chip, radius)
            label.xy = (x, y)
            label.xyann = (0.0, 0.0)
            label.set_text(text)
            label.set_color(colour)
            # on its circle, where it is clear of the chips, their labels and the other circles' labels
            spots = [((x, y), 0.0, 0.0, "center", "center")]
            for degrees in (45, 135, 315, 225, 90, 270, 0, 180, 22.5, 67.5, 112.5, 157.5, 202.5, 247.5, 292.5, 337.5):
                px = chip.x + radius * math.cos(math.radians(degrees))
                py = chip.y + radius * math.sin(math.radians(degrees))
                if 0 <= px <= self.table.width and 0 <= py <= self.table.depth:
                    spots.append(((px, py), 0.0, 0.0, "center", "center"))
            queued.append((label, spots))
        self.live.place_overlay_labels(queued)

    def _draw_reach(self, reach: Reach | None) -> None:
        first, bound = self.reach_patches
        first.set_visible(reach is not None and not reach.first_leg.is_empty)
        bound.set_visible(reach is not None and reach.bound is not None and not reach.bound.is_empty)
        if first.get_visible():
            first.set_path(polygon_path(reach.first_leg))
            first.set_facecolor(REACH_COLOUR)
            first.set_alpha(0.22)
            first.set_edgecolor(REACH_COLOUR)
        if bound.get_visible():
            bound.set_path(polygon_path(reach.bound))
            bound.set_facecolor("none")
            bound.set_edgecolor(REACH_COLOUR)
            bound.set_linestyle("--")
            bound.set_linewidth(1.2)

    def _caption(self, rows: Sequence[SightRow], card: ActionCard | None, circles: Sequence[tuple]) -> str:
        observer = self.chip.value
        if observer is None:
            return "<div class='table-caption-text'>No chips on the table.</div>"
        parts = []
        swatches = " ".join(f"<span style='color:{colour}'>●</span> {html.escape(owner)}"
                            for owner, colour in self.live.colours.items())
        parts.append(f"<div>{swatches}; selected: <b>{html.escape(observer)}</b></div>")
        if rows:
            sees = [r.target for r in rows if r.clear and r.in_view]
            aside = [r.target for r in rows if r.clear and not r.in_view]
            blocked = [f"{html.escape(r.target)} (by {html.escape(', '.join(r.blockers))})"
                       for r in rows if not r.clear]
            parts.append(
                "<div class='table-sight'>Lines of sight (" + html.escape(refs.RANGED.section) + "): "
                f"<span style='color:{CLEAR_COLOUR}'>sees</span> {html.escape(', '.join(sees)) or '-'}; "
                f"clear but outside the viewing angle: {html.escape(', '.join(aside)) or '-'}; "
                f"<span style='color:{BLOCKED_COLOUR}'>blocked</span>: {'; '.join(blocked) or '-'}</div>")
        if card is not None and self.reach.value and self.last_reach is not None:
            legs = card.movement_number
            more = (f"; the dashed line bounds all {legs} legs (turning after each), not counting what is in "
                    f"the way of the later legs") if self.last_reach.bound is not None else ""
            section = refs.MOVEMENT.section
            named = "Movement" if section == "Movement" else f"Movement ({html.escape(section)})"  # never twice
            parts.append(f"<div class='table-reach'>{named} with "
                         f"{html.escape(card.title)}: {legs} leg{'s' if legs > 1 else ''} of at most "
                         f"{card.movement_range:g} cm; the shaded fan is where the first leg can end (within the "
                         f"viewing angle, stopped by chips, obstacles and the table edge){more}.</div>")
        if card is not None and self.range.value:
            parts.append(self._range_words(observer, card))
        if self.rings.value:
            parts.append(f"<div class='table-rings'>Rings: {self.ring_count.value} card lengths of "
                         f"{self.table.card_length:g} cm (ruling behind.card-length-cm).</div>")
        # single line height: a widget's HTML inherits the widgets' 28 px one
        return f"<div style='{PROSE_STYLE}'>" + "".join(parts) + "</div>"

    def _range_words(self, observer: str, card: ActionCard) -> str:
        table = self.table
        reach = ranged_attack_range(card, table.rulings)
        owner = table.chip(observer).owner
        inside = []
        for chip in table.chips:
            if chip.owner == owner or not table.within_range(observer, chip.name, reach):
                continue
            seen = "seen" if table.sees(observer, chip.name) else "not seen"
            inside.append(f"{chip.name} ({table.distance(observer, chip.name):.1f} cm, {seen})")
        enabler = "" if card.ranged else " (this card does not enable a ranged attack: the range it would give)"
        return (f"<div class='table-range'>Ranged range ({html.escape(refs.RANGED.section)}): twice the total "
                f"movement of {html.escape(card.title)} = {reach:g} cm{enabler}; enemies within it: "
                f"{html.escape(', '.join(inside)) or 'none'}.</div>")


__all__ = ["CANVAS_MODES", "FigureView", "Reach", "SightRow", "TablePanel", "card_label", 
           "movement_cards", "movement_reach", "sight_rows", "table_figure_size"]
