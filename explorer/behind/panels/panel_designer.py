"""Scenario designer: set a scenario's table up with the mouse, see the setup rules checked live,
save it, load it, play it.

:class:`DesignerPanel` is a view over a :class:`~explorer.behind.layouts.Layout`.  Click to add a chip
(the next character of the chosen player's deck) or an obstacle (the next of the scenario's pieces),
drag chips and obstacles, turn the selected chip (its viewing angle) or obstacle, change an
obstacle's height and flatness, give the players their roles.  After every change the layout is
checked against the scenario's rules (:func:`~explorer.behind.layouts.findings`: behind-2003-rulebook.txt,
section "Unser Revier!" ("Our Turf!") or "Das Juwel von Athen" ("The Jewel of Athens"), Terrain and
Setup): each broken rule is listed with the rule it breaks, and drawn on the table -- a red line
between the two chips of a broken distance, a red ring round a misplaced chip, a red outline on an
obstacle.  The zones the rules speak of are drawn too: the middle of the table (obstacles), the area
between the obstacles (the middle player) and each edge player's strip along his edge.

The mouse handlers only translate events into the panel's methods -- :meth:`~DesignerPanel.press`,
:meth:`~DesignerPanel.drag_to`, :meth:`~DesignerPanel.release` -- which call :meth:`~DesignerPanel.add_chip`,
:meth:`~DesignerPanel.add_obstacle`, :meth:`~DesignerPanel.move` ...; a notebook builds a layout with the
same methods.  A drag is committed on the button release (a late motion event is ignored); a drop the
table forbids (a chip on another chip, on a high obstacle, over the table edge) puts the chip back and
says why.  The figure's axes fill it (``add_axes((0, 0, 1, 1))``); the hidden HTML widget with class
``designer-geometry`` gives its limits in cm and size in pixels (for browser tests).
"""

from __future__ import annotations

import html
import json
import math
from contextlib import contextmanager
from pathlib import Path
from typing import Mapping

import ipywidgets as widgets
import shapely
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, PathPatch, Rectangle

from explorer.behind import layouts as L
from explorer.behind.layouts import Finding, Layout, LayoutError
from explorer.behind.panels.panel_table import FigureView, TablePanel, table_figure_size
from explorer.behind.render_table import (
    BLOCKED_COLOUR,
    OUTLINE,
    ArtistPool,
    LiveTable,
    polygon_path,
)
from explorer.behind.scenarios import middle_of_table
from explorer.behind.table import Chip, Obstacle, Table
from explorer.core.rules import RuleViolation

MODES = ("move", "add chip", "add obstacle")
MARGIN_CM = 2.0
WIDTH_PX = 840


def facing_centre(table: Table, x: float, y: float) -> float:
    """Whole degrees from ``(x, y)`` toward the table centre (a new chip faces the middle)."""
    return float(round(math.degrees(math.atan2(table.depth / 2 - y, table.width / 2 - x)))) % 360.0


class DesignerPanel(widgets.VBox):
    """The scenario designer (see the module docstring).

    ``layout``: where to start (default: a new layout of ``scenario`` with its obstacle pieces at their
    default places).  ``folder``: where Save and Load look (default
    :func:`~explorer.behind.layouts.layout_folder`: ``data/behind/scenarios/layouts`` of a repository
    checkout, ``layouts/`` under the current directory once installed).
    ``decks``: ``{deck id: Deck}`` for Start game (default: the shipped decks).  ``canvas``: see
    :class:`~explorer.behind.panels.panel_table.FigureView`.

    State: :attr:`design` (the committed :class:`~explorer.behind.layouts.Layout`; ``layout`` is the widget's
    CSS layout), :attr:`selected` (a chip or obstacle name),
    :attr:`shown` (the findings listed), :attr:`game` (after Start game).
    """

    def __init__(self, layout: Layout | None = None, *, scenario: str = "unser_revier",
                 folder: Path | str | None = None, decks: Mapping | None = None, canvas: str = "auto",
                 width_px: int = WIDTH_PX):
        self.design = layout if layout is not None else L.new_layout(scenario)
        self.folder = Path(folder) if folder is not None else L.layout_folder()
        self.decks = decks
        self.width_px = width_px
        self.selected: str | None = None
        self.game = None
        self.shown: list[Finding] = []
        self._drag: dict | None = None
        self._preview: Layout | None = None
        self._silent = False

        self._build_controls()
        width, height = table_figure_size(self.design.table, width_px, MARGIN_CM)
        self.view = FigureView(width, height, mode=canvas, css_class="designer-figure")
        self.ax = self.view.figure.add_axes((0, 0, 1, 1))
        self.ax.set_axis_off()
        self.live = LiveTable(self.ax, self.design.table, colours=self._colours(), margin=MARGIN_CM,
                              short_labels=True, fontsize=6.5)
        self._build_overlays()
        self.view.connect("button_press_event", self._on_press)
        self.view.connect("motion_notify_event", self._on_motion)
        self.view.connect("button_release_event", self._on_release)
        super().__init__([
            widgets.HBox([self.scenario, self.mode, self.player, self.piece]),
            widgets.HBox([self.view.widget, self.sidebar]),
            self.validation,
            widgets.HBox([self.filename, self.overwrite, self.save_button, self.saved, self.load_button]),
            widgets.HBox([self.seed, self.start_button]),
            self.status,
            self.game_view,
            self.geometry,
        ])
        self.add_class("designer-panel")
        self._sync_controls()
        self.refresh()

    # =========================================================================================
    # Widgets
    # =========================================================================================
    def _build_controls(self) -> None:
        def box(width):
            return widgets.Layout(width=width)

        self.scenario = widgets.Dropdown(options=list(_scenario_ids()), value=self.design.scenario,
                                         description="scenario", layout=box("260px")).add_class("designer-scenario")
        self.mode = widgets.ToggleButtons(options=MODES, value="move", style={"button_width": "95px"}
                                          ).add_class("designer-mode")
        self.player = widgets.Dropdown(description="chip of", layout=box("230px")).add_class("designer-player")
        self.piece = widgets.Dropdown(description="obstacle", layout=box("230px")).add_class("designer-piece")
        self.selected_label = widgets.HTML().add_class("designer-selected")
        self.facing = widgets.IntSlider(0, 0, 359, description="facing", continuous_update=False,
                                        layout=box("280px")).add_class("designer-facing")
        self.height = widgets.BoundedFloatText(0.0, min=0.0, max=100.0, step=0.5, description="height cm",
                                               layout=box("200px")).add_class("designer-height")
        self.flat = widgets.Checkbox(False, description="flat (chips may stand on it)", indent=False
                                     ).add_class("designer-flat")
        self.remove_button = widgets.Button(description="remove", icon="trash").add_class("designer-remove")
        self.role_boxes = {}
        self.roles_box = widgets.VBox()
        self.sidebar = widgets.VBox([self.selected_label, self.facing, self.height, self.flat, self.remove_button,
                                     widgets.HTML("<b>Roles</b> (setup order)"), self.roles_box],
                                    layout=widgets.Layout(width="300px", margin="0 0 0 8px"))
        self.validation = widgets.HTML().add_class("designer-validation")
        self.filename = widgets.Text(placeholder="layout name", description="save as",
                                     layout=box("260px")).add_class("designer-filename")
        self.overwrite = widgets.Checkbox(False, description="replace", indent=False,
                                          layout=box("80px")).add_class("designer-overwrite")
        self.save_button = widgets.Button(description="save", icon="save").add_class("designer-save")
        self.saved = widgets.Dropdown(description="saved", layout=box("300px")).add_class("designer-saved")
        self.load_button = widgets.Button(description="load", icon="folder-open").add_class("designer-load")
        self.seed = widgets.IntText(0, description="seed", layout=box("160px")).add_class("designer-seed")
        self.start_button = widgets.Button(description="start game", icon="play",
                                           button_style="success").add_class("designer-start")
        self.status = widgets.HTML().add_class("designer-status")
        self.game_view = widgets.HTML().add_class("designer-game")
        self.geometry = widgets.HTML(layout=widgets.Layout(display="none")).add_class("designer-geometry")

        self.scenario.observe(self._on_scenario, names="value")
        self.facing.observe(self._on_facing, names="value")
        self.height.observe(self._on_obstacle_edit, names="value")
        self.flat.observe(self._on_obstacle_edit, names="value")
        self.remove_button.on_click(lambda _: self._guard(self.remove, self.selected))
        self.save_button.on_click(lambda _: self._guard(self.save, self.filename.value.strip(),
                                                        overwrite=self.overwrite.value))
        self.load_button.on_click(lambda _: self._guard(self.load, self.saved.value))
        self.start_button.on_click(lambda _: self._guard(self.start_game, self.seed.value))

    def _build_overlays(self) -> None:
        ax = self.ax
        self.middle_box = ax.add_patch(Rectangle((0, 0), 1, 1, fill=False, linestyle=":", linewidth=1.0,
                                                 edgecolor="#777777", zorder=0.5))
        self.middle_area = ax.add_patch(PathPatch(polygon_path(shapely.box(0, 0, 1, 1)), linestyle="--",
                                                  linewidth=1.0, zorder=0.6, visible=False))
        self.edge_zones = ArtistPool(lambda: ax.add_patch(Rectangle((0, 0), 1, 1, linewidth=0, zorder=0.4)))
        self.zone_labels = ArtistPool(lambda: ax.text(0, 0, "", fontsize=6.5, color="#555555", zorder=0.7,
                                                      path_effects=OUTLINE))
        self.mark_lines = ArtistPool(lambda: ax.add_line(Line2D([], [], color=BLOCKED_COLOUR, linestyle="--",
                                                                linewidth=1.6, zorder=5.2)))
        self.mark_labels = ArtistPool(lambda: ax.text(0, 0, "", fontsize=7, color=BLOCKED_COLOUR, ha="center",
                                                      va="center", fontweight="bold", path_effects=OUTLINE,
                                                      zorder=6.5))
        self.mark_rings = ArtistPool(lambda: ax.add_patch(Circle((0, 0), 1, fill=False, edgecolor=BLOCKED_COLOUR,
                                                                 linewidth=1.6, linestyle="--", zorder=5.2)))

    def _colours(self) -> dict[str, str]:
        """Players in sorted order take the palette's colours: the same as a drawn table of all players."""
        from explorer.behind.render_table import PALETTE

        return {player: PALETTE[i % len(PALETTE)] for i, player in enumerate(sorted(self.design.players))}

    @contextmanager
    def _quiet(self):
        """Set widget values without their observers acting (the panel set them itself)."""
        self._silent = True
        try:
            yield
        finally:
            self._silent = False

    def _sync_controls(self) -> None:
        """Bring the controls in step with the layout and the selection."""
        layout = self.design
        with self._quiet():
            players = list(layout.players)
            self.player.options = players
            if self.player.value not in players:
                self.player.value = players[0]
            pieces = [p.name for p in layout.unplaced_pieces()]
            self.piece.options = pieces
            self.piece.value = pieces[0] if pieces else None
            self.piece.disabled = not pieces  # every piece of the scenario is on the table
            self.saved.options = L.saved_layouts(self.folder)
            self.scenario.value = layout.scenario
            self._sync_roles()
            self._sync_selection()

    def _sync_roles(self) -> None:
        roles = self.design.rules.roles
        if list(self.role_boxes) != list(roles) or any(set(box.options) != set(self.design.players)
                                                       for box in self.role_boxes.values()):
            self.role_boxes = {}
            for role in roles:
                box = widgets.Dropdown(options=list(self.design.players), description=role,
                                       layout=widgets.Layout(width="280px")).add_class(f"designer-role-{role}")
                box.observe(self._on_role, names="value")
                self.role_boxes[role] = box
            self.roles_box.children = tuple(self.role_boxes.values())
        for role, box in self.role_boxes.items():
            box.value = self.design.player_with(role)

    def _sync_selection(self) -> None:
        table, name = self.design.table, self.selected
        chip = table.chip(name) if name is not None and name in table else None
        obstacle = _obstacle_or_none(table, name)
        pose = self._pose(obstacle) if obstacle is not None else None
        self.facing.disabled = chip is None and pose is None
        self.facing.description = "angle" if obstacle is not None else "facing"
        if chip is not None:
            self.facing.value = round(chip.facing) % 360
        elif pose is not None:
            self.facing.value = round(pose[2]) % 360
        self.height.disabled = self.flat.disabled = obstacle is None
        if obstacle is not None:
            self.height.value, self.flat.value = obstacle.height, obstacle.flat
        self.remove_button.disabled = name is None
        if chip is not None:
            text = f"<b>{html.escape(chip.name)}</b> ({html.escape(chip.owner)}) at ({chip.x:.1f}, {chip.y:.1f})"
        elif obstacle is not None:
            text = f"obstacle <b>{html.escape(obstacle.name)}</b>"
        else:
            text = "<i>nothing selected: click a chip or an obstacle</i>"
        self.selected_label.value = text

    # =========================================================================================
    # Mouse: events -> press / drag_to / release
    # =========================================================================================
    def _on_press(self, event) -> None:
        if event.inaxes is self.ax and event.xdata is not None and getattr(event, "button", 1) in (1, None):
            self.press(event.xdata, event.ydata)

    def _on_motion(self, event) -> None:
        if self._drag is not None and event.inaxes is self.ax and event.xdata is not None:
            self.drag_to(event.xdata, event.ydata)

    def _on_release(self, event) -> None:
        if self._drag is None:
            return
        if event.inaxes is self.ax and event.xdata is not None:
            self.release(event.xdata, event.ydata)
        else:  # released outside the table: the drag is cancelled
            self.release(None, None)

    def press(self, x: float, y: float) -> str | None:
        """A click at ``(x, y)`` cm, as the mode says: add a chip, add an obstacle, or pick up what is
        under the point (selecting it; a drag follows).  Returns the name added or picked up; a refused
        addition is reported in the status line and returns None."""
        if self.mode.value == "add chip":
            return self._guard(self.add_chip, self.player.value, x, y)
        if self.mode.value == "add obstacle":
            return self._guard(self.add_obstacle, self.piece.value, x, y)
        name = self.live.chip_at(x, y) or self.live.obstacle_at(x, y)
        self.select(name)
        if name is not None:
            cx, cy = self._position(name)
            self._drag = {"name": name, "dx": cx - x, "dy": cy - y}
        return name

    def drag_to(self, x: float, y: float) -> bool:
        """Move what is being dragged so that it follows the point ``(x, y)`` cm: the rules are checked
        for the layout it would give (not committed yet).  False when the table forbids the place (the
        piece is drawn there outlined in red, and the status line says why)."""
        if self._drag is None:
            return False
        name = self._drag["name"]
        x, y = x + self._drag["dx"], y + self._drag["dy"]
        try:
            self._preview = self.design.with_table(self._moved(self.design.table, name, x, y))
            self._drag["error"] = None
        except (RuleViolation, ValueError) as refused:
            self._preview = None
            self._drag["error"] = _reason(refused)
        self._drag["to"] = (x, y)
        self.refresh()
        return self._preview is not None

    def release(self, x: float | None, y: float | None) -> bool:
        """End the drag at ``(x, y)`` cm: commit the move if the table allows it, else put the piece
        back (the status line says why).  ``None``: cancel.  Returns whether the move was made."""
        if self._drag is None:
            return False
        drag, self._drag, self._preview = self._drag, None, None
        if x is None:
            self.refresh()
            return False
        name = drag["name"]
        try:
            self.move(name, x + drag["dx"], y + drag["dy"])
            return True
        except (RuleViolation, ValueError) as refused:
            self._say(f"{html.escape(_reason(refused))} -- {html.escape(name)} stays where it was", error=True)
            self.refresh()
            return False

    # =========================================================================================
    # Editing (what the mouse and the controls call; each raises what the rules forbid)
    # =========================================================================================
    def select(self, name: str | None) -> None:
        """Select a chip or obstacle (None: nothing); the facing / height / flat controls follow it."""
        if name is not None and name not in self.design.table and _obstacle_or_none(self.design.table, name) is None:
            raise KeyError(f"no chip or obstacle named {name!r} on the table")
        self.selected = name
        with self._quiet():
            self._sync_selection()
        self.refresh()

    def add_chip(self, player: str, x: float, y: float, facing: float | None = None, name: str | None = None) -> str:
        """Place ``player``'s next character not yet on the table (or ``name``) at ``(x, y)`` cm, facing
        ``facing`` degrees (default: the table's centre); returns the chip's name.  RuleViolation where
        the table forbids the place, LayoutError when all his chips are placed."""
        layout = self.design
        left = layout.unplaced_characters(player)
        if name is None:
            if not left:
                raise LayoutError("table.chips", player,
                                  f"has placed all his chips ({', '.join(layout.characters(player))})")
            name = left[0]
        facing = facing_centre(layout.table, x, y) if facing is None else facing
        self._commit(layout.with_table(layout.table.place(Chip(name, player, x, y, facing))), select=name,
                     said=f"{html.escape(player)} places {html.escape(name)} at ({x:.1f}, {y:.1f})")
        return name

    def add_obstacle(self, piece: str, x: float, y: float, angle: float = 0.0) -> str:
        """Place the scenario's obstacle piece ``piece`` with its centre at ``(x, y)`` cm, turned by
        ``angle`` degrees, as the game would (``PlaceObstacle``); returns its name."""
        if piece is None:
            raise LayoutError("table.obstacles", self.design.rules.obstacle_count,
                              "obstacles of the scenario are all on the table")
        template = L.piece(self.design.rules, piece)
        obstacle = L.place_piece(template, x, y, angle)
        self._commit(self.design.with_table(self.design.table.add_obstacle(obstacle)), select=piece,
                     said=f"{html.escape(piece)} placed at ({x:.1f}, {y:.1f})")
        return piece

    def move(self, name: str, x: float, y: float) -> None:
        """Put chip ``name`` down with its centre at ``(x, y)`` cm, or obstacle ``name`` with its centre
        (centroid) there.  RuleViolation where the table forbids it."""
        table = self._moved(self.design.table, name, x, y)
        self._commit(self.design.with_table(table), select=name,
                     said=f"{html.escape(name)} moved to ({x:.1f}, {y:.1f})")

    def turn(self, name: str, degrees: float) -> None:
        """Turn chip ``name`` to face ``degrees`` ("Viewing Angle (Sichtwinkel)": the marking of 90
        degrees), or turn obstacle piece ``name`` to ``degrees`` (as ``PlaceObstacle``'s angle)."""
        table = self.design.table
        if name in table:
            table = table.turn(name, degrees)
        else:
            obstacle = _obstacle_or_none(table, name)
            pose = self._pose(obstacle) if obstacle is not None else None
            if pose is None:
                raise LayoutError("table.obstacles", name, "is not one of the scenario's pieces: it cannot be turned")
            template = L.piece(self.design.rules, name)
            turned = L.place_piece(template, pose[0], pose[1], degrees, height=obstacle.height, flat=obstacle.flat)
            table = _with_obstacle(table, turned)
        self._commit(self.design.with_table(table), select=name, said=f"{html.escape(name)} turned to {degrees:g}°")

    def set_obstacle(self, name: str, *, height: float | None = None, flat: bool | None = None) -> None:
        """Change obstacle ``name``'s height (cm) or flatness ("Terrain and Climbing (Gelände &
        Klettern)": chips may stand on a flat obstacle).  RuleViolation when a chip then overlaps it."""
        obstacle = _obstacle_or_none(self.design.table, name)
        if obstacle is None:
            raise KeyError(f"no obstacle named {name!r} on the table")
        changed = Obstacle(name, obstacle.polygon, obstacle.height if height is None else height,
                           obstacle.flat if flat is None else flat)
        self._commit(self.design.with_table(_with_obstacle(self.design.table, changed)), select=name,
                     said=f"{html.escape(name)}: {changed.height:g} cm high, {'flat' if changed.flat else 'not flat'}")

    def remove(self, name: str) -> None:
        """Take chip or obstacle ``name`` off the table."""
        table = self.design.table
        if name in table:
            table = table.remove(name)
        elif _obstacle_or_none(table, name) is not None:
            table = Table(table.width, table.depth, [o for o in table.obstacles if o.name != name], table.chips,
                          table.rulings)
        else:
            raise KeyError(f"no chip or obstacle named {name!r} on the table")
        self._commit(self.design.with_table(table), select=None, said=f"{html.escape(name)} removed")

    def set_role(self, player: str, role: str) -> None:
        """``player`` takes setup role ``role``; the player who had it takes ``player``'s old role."""
        self._commit(self.design.with_role(player, role), select=self.selected,
                     said=f"{html.escape(player)} sets up as {role}")

    def new(self, scenario: str) -> None:
        """Start a new layout of ``scenario`` (its default obstacle pieces, no chips)."""
        self.set_layout(L.new_layout(scenario), said=f"new layout of {html.escape(scenario)}")

    def set_layout(self, layout: Layout, said: str = "") -> None:
        """Show another layout (another scenario's table is resized in place)."""
        old = self.design.table
        self.design, self.selected, self.game = layout, None, None
        self.game_view.value = ""
        if (old.width, old.depth) != (layout.table.width, layout.table.depth):
            self.view.resize(*table_figure_size(layout.table, self.width_px, MARGIN_CM))
        self.live.colours = self._colours()
        self._sync_controls()
        if said:
            self._say(said)
        self.refresh()

    def png(self) -> bytes:
        """The designer's figure as it is now (table, zones, marks), as PNG bytes."""
        return self.view.png()

    # -- files and games -----------------------------------------------------------------------
    def save(self, name: str, *, overwrite: bool = False) -> Path:
        """Save the layout as ``<folder>/<name>.json`` (or a path); returns the path."""
        if not name:
            raise LayoutError("name", name, "is empty: type a name for the layout")
        path = L.save_layout(self.design, name, folder=self.folder, overwrite=overwrite)
        with self._quiet():
            self.saved.options = L.saved_layouts(self.folder)
        self._say(f"saved {html.escape(str(path.name))}")
        return path

    def load(self, name: str) -> Layout:
        """Load ``<folder>/<name>.json`` (or a path) and show it."""
        layout = L.load_layout(name, folder=self.folder)
        self.set_layout(layout, said=f"loaded {html.escape(str(name))}")
        return layout

    def start_game(self, seed: int = 0):
        """Start a game from the layout (:func:`~explorer.behind.layouts.start_game`); the game is
        :attr:`game`, summed up below the panel."""
        from explorer.behind.render_game import status_line

        self.game = L.start_game(self.design, self.decks, seed)
        events = [e.text for e in self.game.log if e.kind in ("duel", "start")]
        self._say(f"game started: {html.escape(status_line(self.game))}")
        self.game_view.value = ("<div class='designer-game-summary'>" + "<br>".join(html.escape(t) for t in events)
                                + "</div>")
        return self.game

    # =========================================================================================
    # Checking and drawing
    # =========================================================================================
    @property
    def messages(self) -> list[str]:
        """The reasons listed in the validation box, in order."""
        return [finding.reason for finding in self.shown]

    def _commit(self, layout: Layout, *, select: str | None, said: str) -> None:
        self.design, self.selected = layout, select
        self.game = None
        self.game_view.value = ""
        self._sync_controls()
        self._say(said)
        self.refresh()

    def refresh(self) -> None:
        """Check the layout shown (the drag's preview, else the committed layout) and redraw in place."""
        layout = self._preview if self._preview is not None else self.design
        self.shown = L.findings(layout)
        flagged = {name for finding in self.shown for name in (*finding.chips, *finding.obstacles)}
        self.live.update(layout.table, selected=self.selected, flagged=flagged)
        drag = self._drag
        if drag is not None and drag.get("error"):
            self._draw_refused(drag["name"], *drag["to"])
            self._say(f"{html.escape(drag['error'])}", error=True)
        self._draw_zones(layout)
        self._draw_marks(layout, self.shown)
        self.validation.value = _validation_html(layout, self.shown)
        self.geometry.value = self._geometry_json()
        self.view.refresh()

    def _draw_refused(self, name: str, x: float, y: float) -> None:
        """Draw the dragged piece where the mouse is, outlined in red: the table refuses that place."""
        table = self.design.table
        if name in table:
            chip = table.chip(name).moved(x, y)
            self.live.chip_artists[name].show(chip, table.radius, self.live.colour(chip.owner), highlight=True,
                                              label=self.live._labels.get(name), flagged=True)
        else:
            obstacle = self._moved_obstacle(table, _obstacle_or_none(table, name), x, y)
            self.live.obstacle_artists[name].show(obstacle, flagged=True)

    def _draw_zones(self, layout: Layout) -> None:
        table, rules = layout.table, layout.rules
        minx, miny, maxx, maxy = middle_of_table(table).bounds
        self.middle_box.set_bounds(minx, miny, maxx - minx, maxy - miny)
        middle = layout.player_with("middle")
        area = rules.middle_area(table)
        self.middle_area.set_visible(area is not None)
        labels = []
        if area is not None:
            self.middle_area.set_path(polygon_path(area))
            colour = self.live.colour(middle)
            self.middle_area.set_edgecolor(colour)
            self.middle_area.set_facecolor(to_rgba(colour, 0.05))
            x0, _, x1, y1 = area.bounds
            labels.append(((x0 + x1) / 2, min(y1, table.depth) - 2.2, f"between the obstacles ({middle})", "center"))
        labels.append((minx + 0.5, miny + 0.5, "middle of the table (obstacles)", "left"))
        zones = []
        zone = float(table.rulings["behind.setup-table-edge"]) * table.card_length
        if table.rulings["behind.distance-measure"] == "edge":
            zone += table.radius
        for player in layout.players:
            if layout.roles[player] == "middle" or not layout.chips_of(player):
                continue
            edge = rules.chosen_edge(table, player, layout.roles)
            zones.append((player, edge, _edge_band(table, edge, zone)))
        for patch, (player, edge, (x, y, w, h)) in zip(self.edge_zones.take(len(zones)), zones):
            patch.set_bounds(x, y, w, h)
            patch.set_facecolor(self.live.colour(player))
            patch.set_alpha(0.10)
            labels.append((x + 0.5, y + h - 1.5 if edge != "top" else y + 0.5,
                           f"{player}'s edge ({edge}, within {zone:g} cm)", "left"))
        for text, (x, y, words, ha) in zip(self.zone_labels.take(len(labels)), labels):
            text.set_position((x, y))
            text.set_text(words)
            text.set_horizontalalignment(ha)

    def _draw_marks(self, layout: Layout, shown: list[Finding]) -> None:
        table = layout.table
        pairs = list({frozenset(f.chips[:2]): f for f in shown if len(f.chips) >= 2}.values())  # one line a pair
        singles = [f.chips[0] for f in shown if len(f.chips) == 1]
        singles = list(dict.fromkeys(singles))
        placed: list[tuple[float, float]] = []
        for line, label, finding in zip(self.mark_lines.take(len(pairs)), self.mark_labels.take(len(pairs)), pairs):
            a, b = table.chip(finding.chips[0]), table.chip(finding.chips[1])
            line.set_data([a.x, b.x], [a.y, b.y])
            spot = _free_spot(a.position, b.position, placed)
            placed.append(spot)
            label.set_position(spot)
            label.set_text(f"{finding.distance(table):.1f} cm")
        for ring, name in zip(self.mark_rings.take(len(singles)), singles):
            chip = table.chip(name)
            ring.set_center(chip.position)
            ring.set_radius(table.radius * 1.7)

    def _geometry_json(self) -> str:
        x0, x1, y0, y1 = self.live.extent
        width, height = self.view.pixel_size
        return json.dumps({"xlim": [x0, x1], "ylim": [y0, y1], "axes": [0, 0, 1, 1], "size": [width, height]})

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = BLOCKED_COLOUR if error else "#333333"
        self.status.value = f"<span style='color:{colour}'>{text}</span>"

    def _guard(self, action, *args, **kwargs):
        """Run an edit from a control or the mouse: what the rules refuse goes to the status line."""
        try:
            return action(*args, **kwargs)
        except (RuleViolation, LayoutError, ValueError, KeyError, FileExistsError) as refused:
            self._say(html.escape(_reason(refused)), error=True)
            return None

    # -- geometry helpers ----------------------------------------------------------------------
    def _position(self, name: str) -> tuple[float, float]:
        table = self.design.table
        if name in table:
            return table.chip(name).position
        c = _obstacle_or_none(table, name).polygon.centroid
        return c.x, c.y

    def _pose(self, obstacle: Obstacle) -> tuple[float, float, float] | None:
        try:
            template = L.piece(self.design.rules, obstacle.name)
        except KeyError:
            return None
        return L.piece_pose(template, obstacle)

    def _moved(self, table: Table, name: str, x: float, y: float) -> Table:
        if name in table:
            return table.move_chip(name, x, y)
        obstacle = _obstacle_or_none(table, name)
        if obstacle is None:
            raise KeyError(f"no chip or obstacle named {name!r} on the table")
        return _with_obstacle(table, self._moved_obstacle(table, obstacle, x, y))

    def _moved_obstacle(self, table: Table, obstacle: Obstacle, x: float, y: float) -> Obstacle:
        """``obstacle`` with its centre at ``(x, y)``: a scenario piece as the game places it, any
        other obstacle shifted."""
        pose = self._pose(obstacle)
        if pose is not None:
            template = L.piece(self.design.rules, obstacle.name)
            return L.place_piece(template, x, y, pose[2], height=obstacle.height, flat=obstacle.flat)
        from shapely import affinity

        c = obstacle.polygon.centroid
        return Obstacle(obstacle.name, affinity.translate(obstacle.polygon, x - c.x, y - c.y), obstacle.height,
                        obstacle.flat)

    # -- control observers ---------------------------------------------------------------------
    def _on_scenario(self, change) -> None:
        if not self._silent and change["new"] != self.design.scenario:
            self._guard(self.new, change["new"])

    def _on_facing(self, change) -> None:
        if not self._silent and self.selected is not None:
            self._guard(self.turn, self.selected, float(change["new"]))

    def _on_obstacle_edit(self, _change) -> None:
        if not self._silent and _obstacle_or_none(self.design.table, self.selected) is not None:
            self._guard(self.set_obstacle, self.selected, height=float(self.height.value), flat=bool(self.flat.value))

    def _on_role(self, change) -> None:
        if self._silent:
            return
        role = next(r for r, box in self.role_boxes.items() if box is change["owner"])
        self._guard(self.set_role, change["new"], role)


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------
def _scenario_ids() -> list[str]:
    from explorer.behind.scenarios import SCENARIO_DIR

    return sorted(path.stem for path in SCENARIO_DIR.glob("*.toml"))


def _reason(error: Exception) -> str:
    if isinstance(error, RuleViolation):
        return error.reason
    if isinstance(error, KeyError) and error.args:
        return str(error.args[0])
    return str(error)


def _obstacle_or_none(table: Table, name: str | None) -> Obstacle | None:
    return next((o for o in table.obstacles if o.name == name), None) if name is not None else None


def _with_obstacle(table: Table, obstacle: Obstacle) -> Table:
    """``table`` with the obstacle of the same name replaced (table order kept; every chip re-checked)."""
    obstacles = [obstacle if o.name == obstacle.name else o for o in table.obstacles]
    return Table(table.width, table.depth, obstacles, table.chips, table.rulings)


LABEL_GAP_CM = 5.5
"""Distance labels on the marks keep at least this far apart (cm), where the line allows."""


Point = tuple[float, float]


def _free_spot(a: Point, b: Point, placed: list[Point]) -> Point:
    """A point on the segment a-b for its label: the middle, or the point nearest it that keeps
    :data:`LABEL_GAP_CM` from the labels ``placed`` already (the one furthest from them if none does)."""
    best, best_gap = None, -1.0
    for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78, 0.15, 0.85):
        spot = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        gap = min((math.hypot(spot[0] - x, spot[1] - y) for x, y in placed), default=math.inf)
        if gap >= LABEL_GAP_CM:
            return spot
        if gap > best_gap:
            best, best_gap = spot, gap
    return best


def _edge_band(table: Table, edge: str, zone: float) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` of the strip within ``zone`` cm (chip centres) of a table edge."""
    zone = min(zone, table.width, table.depth)
    return {"bottom": (0.0, 0.0, table.width, zone), "top": (0.0, table.depth - zone, table.width, zone),
            "left": (0.0, 0.0, zone, table.depth), "right": (table.width - zone, 0.0, zone, table.depth)}[edge]


def _validation_html(layout: Layout, shown: list[Finding]) -> str:
    rules = layout.rules
    title = html.escape(rules.title)
    if shown:
        head = (f"<b class='designer-verdict'>{len(shown)} broken rule{'s' if len(shown) != 1 else ''} of "
                f"\"{title}\"</b>")
    else:
        head = f"<b class='designer-verdict'>The layout breaks no rule of \"{title}\"</b>"
    items = "".join(
        f"<li class='designer-finding'>{html.escape(f.reason)} <small>({html.escape(f.rule.section)})</small></li>"
        for f in shown)
    todo = "".join(f"<li class='designer-todo'>{html.escape(text)}</li>" for text in L.unplaced(layout))
    body = f"<ul>{items}</ul>" if items else ""
    more = f"<div>Still to place:<ul>{todo}</ul></div>" if todo else ""
    return f"<div>{head}{body}{more}</div>"


__all__ = ["DesignerPanel", "MODES", "TablePanel", "facing_centre"]  # TablePanel: the package exports both from here
