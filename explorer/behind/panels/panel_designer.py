"""Scenario designer: set a scenario's table up with the mouse, see the setup rules checked live,
save it, load it, play it.

:class:`DesignerPanel` is a view over a :class:`~explorer.behind.layouts.Layout`.  Click to add a chip
(the next character of the chosen player's deck) or an obstacle (one of the scenario's pieces), select
a chip or an obstacle with a click and drag it (or click on the table to move it there), turn the
selected chip (its viewing angle) or obstacle, change an obstacle's height and flatness, give the
players their roles.  After every change the layout is checked against the scenario's rules
(:func:`~explorer.behind.layouts.findings`: behind-2003-rulebook.txt, section "Unser Revier!" ("Our
Turf!") or "Das Juwel von Athen" ("The Jewel of Athens"), Terrain and Setup): each broken rule is listed
with the rule it breaks, and drawn on the table -- a red line between the two chips of a broken
distance, a red ring round a misplaced chip, a red outline on an obstacle.  The zones the rules speak
of are drawn too: the middle of the table (obstacles), the area between the obstacles (the middle
player) and each edge player's strip along his edge, each named inside or against it, clear of the
chips, the obstacles, their names and the broken distances' lines (:class:`~explorer.core.render_labels.LabelPlacer`).

Every click and every button is answered in words in the message line right above the table
(``designer-status``; save, load and start game also beside their buttons): what was selected, placed
or moved, what to do next ("Click on the table to place ..."), or why the table or the rules refuse it.
*Start game* opens the game in the play / replay panel below the designer
(:class:`~explorer.behind.panels.panel_replay.ReplayPanel` with ``play=True``: the first player's legal
actions are offered).  *Save* writes ``<folder>/layouts/<name>.json``: the folder is the text field
(default: the current working directory), the name a name (never a path); the explorer's own data
folder is refused (:func:`~explorer.behind.layouts.save_layout`).

The mouse handlers only translate events into the panel's methods -- :meth:`~DesignerPanel.press`,
:meth:`~DesignerPanel.drag_to`, :meth:`~DesignerPanel.release` -- which call :meth:`~DesignerPanel.select`,
:meth:`~DesignerPanel.add_chip`, :meth:`~DesignerPanel.add_obstacle`, :meth:`~DesignerPanel.move` ...; a
notebook builds a layout with the same methods.  A press on a chip selects it; a release where the press
was (within :data:`CLICK_CM`) is a click, never a move.  A drag is committed on the button release (a
late motion event is ignored); a drop the table forbids (a chip on another chip, on a high obstacle, over
the table edge) puts the chip back and says why.  The figure's axes fill it (``add_axes((0, 0, 1, 1))``);
the hidden HTML widget with class ``designer-geometry`` gives its limits in cm and size in pixels (for
browser tests).

Layout (the conventions of :mod:`explorer.core.panels.layout`): the toolbar, the table with its side
column and the file controls are rows that wrap instead of overflowing JupyterLab's output area; the
message line stands right above the canvas, and what is selected (with facing, height, flat, remove) and
the broken rules right under it, in a column as wide as the canvas, so that a click is answered next to
it; the side column (roles, the chips' full names) has a fixed width and drops below the table when the
row is too narrow for both; buttons are as wide as their text.  The figure is drawn :data:`WIDTH_PX` wide, which fits JupyterLab's narrowest output area
(590 px, a 1024 px window with the file browser open): an ipympl canvas is never scaled by the page, as
ipympl 0.10 turns a mouse position into figure pixels unscaled (a canvas shrunk by CSS would put every
click beside the point clicked), so it must fit as drawn.  Its box still scrolls sideways, rather than
overflowing, in an output area narrower than that.
"""

from __future__ import annotations

import html
import json
import math
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Mapping

import ipywidgets as widgets
import numpy as np
import shapely
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, PathPatch, Rectangle

from explorer.behind import layouts as L
from explorer.behind.geometry import said_facing
from explorer.behind.layouts import Finding, Layout, LayoutError
from explorer.behind.panels.panel_table import TABLE_WIDTH_PX, FigureView, TablePanel, table_figure_size
from explorer.behind.render_table import (
    BLOCKED_COLOUR,
    LABEL_SIZE,
    NO_ROOM,
    OUTLINE,
    TABLE_COLOUR,
    ArtistPool,
    LiveTable,
    avoid_table_marks,
    polygon_path,
    short_names,
)
from explorer.behind.scenarios import middle_of_table
from explorer.behind.table import Chip, Obstacle, Table
from explorer.core.display import PROSE_STYLE
from explorer.core.render_labels import mark_ground, ring_offsets
from explorer.core.panels.layout import button_layout, column, label_style, row, tooltip_follows_value
from explorer.core.rules import RuleViolation

MODES = ("move", "add chip", "add obstacle")
MODE_TIPS = ("select a chip or an obstacle with a click, then drag it or click on the table to move it",
             "click on the table to place the next chip of the player chosen under 'chip of'",
             "click on the table to place the obstacle chosen under 'obstacle'")
MARGIN_CM = 2.0
WIDTH_PX = TABLE_WIDTH_PX
"""The figure's default width, 580 px: it fits JupyterLab's narrowest output area (590 px, a 1024 px window
with the file browser open; the canvas's margins take 8 px) as drawn, and Voila's at 1024 px with the side
column beside it (580 + 10 + 300 px).  ``width_px`` gives a wider one for a wider output area."""
SIDE_PX = 300
"""The side column's width (roles, the chips' full names)."""
CLICK_CM = 0.5
"""A release this close (cm) to its press is a click: it selects, it does not move."""
LAYOUTS = "layouts"
"""Layouts are saved in this subfolder of the chosen folder."""


def facing_centre(table: Table, x: float, y: float) -> float:
    """Whole degrees from ``(x, y)`` toward the table centre (a new chip faces the middle)."""
    return float(round(math.degrees(math.atan2(table.depth / 2 - y, table.width / 2 - x)))) % 360.0


class Refused(LayoutError):
    """What the designer refuses, said in plain words for the user (``str(error)``: that text); a
    :class:`~explorer.behind.layouts.LayoutError` all the same (``field``, ``value``)."""

    def __init__(self, field: str | None, value, plain: str):
        super().__init__(field, value, plain)
        self.plain = plain
        ValueError.__init__(self, plain)

    def __reduce__(self):
        return (type(self), (self.field, self.value, self.plain))


class DesignerPanel(widgets.VBox):
    """The scenario designer (see the module docstring).

    ``layout``: where to start (default: a new layout of ``scenario`` with its obstacle pieces at their
    default places).  ``folder``: the folder shown in the save row (default: the current working
    directory); layouts are saved in and listed from its ``layouts/`` subfolder (:attr:`layouts_dir`), the
    shipped ones (``data/behind/scenarios/layouts``) are listed and loaded too, never written.
    ``decks``: ``{deck id: Deck}`` for Start game (default: the shipped decks).  ``canvas``: see
    :class:`~explorer.behind.panels.panel_table.FigureView`; ``width_px`` the figure's width.

    State: :attr:`design` (the committed :class:`~explorer.behind.layouts.Layout`; ``layout`` is the widget's
    CSS layout), :attr:`selected` (a chip or obstacle name), :attr:`shown` (the findings listed),
    :attr:`game` (after Start game) and :attr:`game_panel` (the play / replay panel showing it),
    :attr:`said` (the last answer, in plain text).
    """

    def __init__(self, layout: Layout | None = None, *, scenario: str = "unser_revier",
                 folder: Path | str | None = None, decks: Mapping | None = None, canvas: str = "auto",
                 width_px: int = WIDTH_PX, blit: bool = True):
        self.design = layout if layout is not None else L.new_layout(scenario)
        self.decks = decks
        self.width_px = width_px
        self.selected: str | None = None
        self.game = None
        self.game_panel = None
        self.said = ""
        self.shown: list[Finding] = []
        self._drag: dict | None = None
        self._preview: Layout | None = None
        self._silent = False

        self._build_controls(Path(folder) if folder is not None else Path.cwd())
        width, height = table_figure_size(self.design.table, width_px, MARGIN_CM)
        self.view = FigureView(width, height, mode=canvas, css_class="designer-figure")
        self.ax = self.view.figure.add_axes((0, 0, 1, 1))
        self.ax.set_axis_off()
        # chips named by the word(s) that tell them apart ("Agathe"), at least 8 pt, placed clear of chips, obstacles and each
        # other (the full name: the hover text and the side column); only what changed is redrawn (blit)
        self.live = LiveTable(self.ax, self.design.table, colours=self._colours(), margin=MARGIN_CM,
                              short_labels=True, blit=blit)
        self._build_overlays()
        self.view.connect("button_press_event", self._on_press)
        self.view.connect("motion_notify_event", self._on_motion)
        self.view.connect("button_release_event", self._on_release)
        # the canvas in a box of its own, which scrolls sideways (never overflows) in an output area narrower
        # than the figure; the figure is never scaled, so that a click lands where it is made
        canvas_box = widgets.Box([self.view.widget], layout=widgets.Layout(
            overflow="auto", max_width="100%", flex="0 1 auto")).add_class("designer-canvas-box")
        # under the canvas, at its width: what is selected with its controls, then the broken rules -- a click
        # is answered next to where it is made (the message line above the canvas, these below it), not
        # below a side column that a narrow output area (JupyterLab, 590-845 px) wraps under the table
        self.canvas_column = widgets.VBox([canvas_box, self.selection_row, self.validation], layout=widgets.Layout(
            width=f"{self.view.pixel_size[0] + 8}px", max_width="100%", flex="0 1 auto")).add_class("designer-canvas-column")
        # the table and its side column (roles, names): side by side when the row has room, else one below the other
        self.body = row([self.canvas_column, self.sidebar], gap="6px 10px").add_class("designer-body")
        super().__init__([
            row([self.mode, self.player, self.piece, self.scenario], align="center").add_class("designer-toolbar"),
            self.status,
            self.body,
            row([self.folder_text, self.filename, self.overwrite, self.save_button], align="center"
                ).add_class("designer-save-row"),
            row([self.saved, self.load_button, self.seed, self.start_button], align="center"
                ).add_class("designer-start-row"),
            self.file_status,
            self.game_view,
            self.geometry,
        ], layout=widgets.Layout(max_width="100%"))
        self.add_class("designer-panel")
        self._sync_controls()
        self.refresh()
        self._say(self._mode_hint())

    # =========================================================================================
    # Widgets
    # =========================================================================================
    def _build_controls(self, folder: Path) -> None:
        def fit(width):  # a control of ``width`` px that shrinks with its row
            return widgets.Layout(width=f"{width}px", max_width="100%", flex="0 1 auto")

        full = label_style()
        self.scenario = widgets.Dropdown(options=[(L.scenario_of(s).title, s) for s in _scenario_ids()],
                                         value=self.design.scenario, description="scenario", style=full,
                                         layout=fit(250)).add_class("designer-scenario")
        self.mode = widgets.ToggleButtons(options=MODES, value="move", tooltips=list(MODE_TIPS),
                                          style={"button_width": "auto"}, layout=widgets.Layout(flex="0 0 auto")
                                          ).add_class("designer-mode")
        self.player = widgets.Dropdown(description="chip of", style=full, layout=fit(270)).add_class("designer-player")
        self.piece = widgets.Dropdown(description="obstacle", style=full, layout=fit(240)).add_class("designer-piece")
        tooltip_follows_value(self.player)
        tooltip_follows_value(self.piece)
        side = widgets.Layout(width="96%", max_width="96%")
        self.selected_label = widgets.HTML(layout=widgets.Layout(width="100%", max_width="100%")
                                           ).add_class("designer-selected")
        self.facing = widgets.IntSlider(0, 0, 359, description="facing", continuous_update=False,
                                        style=label_style(70), layout=widgets.Layout(
                                            width="280px", max_width="100%", flex="0 1 auto")
                                        ).add_class("designer-facing")
        self.height = widgets.BoundedFloatText(0.0, min=0.0, max=100.0, step=0.5, description="height cm",
                                               style=label_style(70), layout=widgets.Layout(width="180px")
                                               ).add_class("designer-height")
        self.flat = widgets.Checkbox(False, description="flat (chips may stand on it)", indent=False,
                                     layout=widgets.Layout(width="auto", flex="0 0 auto")).add_class("designer-flat")
        self.remove_button = widgets.Button(description="remove", icon="trash",
                                            tooltip="take the selected chip or obstacle off the table",
                                            layout=button_layout()).add_class("designer-remove")
        self.role_boxes = {}
        self.roles_box = widgets.VBox(layout=side)
        # the table names a chip by the word(s) that tell it apart: the full names, in each player's colour, here
        self.legend = widgets.HTML(layout=side).add_class("designer-legend")
        # what is selected and its controls, under the canvas (a row that wraps)
        self.selection_row = widgets.VBox([self.selected_label, row(
            [self.facing, self.height, self.flat, self.remove_button], align="center", gap="2px 10px")],
            layout=widgets.Layout(max_width="100%")).add_class("designer-selection")
        self.sidebar = column([widgets.HTML("<b>Roles</b> (setup order)"), self.roles_box, self.legend],
                              width=SIDE_PX).add_class("designer-side")
        self.validation = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("designer-validation")
        self.folder_text = widgets.Text(str(folder), description="folder", style=full,
                                        layout=widgets.Layout(width="auto", flex="1 1 330px", min_width="240px",
                                                              max_width="600px"),
                                        tooltip="layouts are saved in the subfolder layouts/ of this folder"
                                        ).add_class("designer-folder")
        self.filename = widgets.Text(placeholder="a name for the layout", description="name", style=full,
                                     layout=fit(230)).add_class("designer-filename")
        self.overwrite = widgets.Checkbox(False, description="replace", indent=False,
                                          tooltip="replace a saved layout of the same name",
                                          layout=widgets.Layout(width="auto", flex="0 0 auto")
                                          ).add_class("designer-overwrite")
        self.save_button = widgets.Button(description="save", icon="save", tooltip="save the layout as "
                                          "<folder>/layouts/<name>.json", layout=button_layout()
                                          ).add_class("designer-save")
        self.saved = widgets.Dropdown(description="saved layouts", style=full, layout=fit(370)
                                      ).add_class("designer-saved")
        tooltip_follows_value(self.saved)
        tooltip_follows_value(self.folder_text)  # a long folder, cut in its field, reads in full
        self.load_button = widgets.Button(description="load", icon="folder-open", tooltip="load the saved layout "
                                          "chosen", layout=button_layout()).add_class("designer-load")
        self.seed = widgets.IntText(0, description="seed", style=full, layout=fit(130),
                                    tooltip="the seed of the game's shuffles").add_class("designer-seed")
        self.start_button = widgets.Button(description="start game", icon="play", button_style="success",
                                           tooltip="start a game from this layout and play it below",
                                           layout=button_layout()).add_class("designer-start")
        self.status = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("designer-status")
        self.file_status = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("designer-file-status")
        self.game_view = widgets.VBox(layout=widgets.Layout(max_width="100%")).add_class("designer-game")
        self.geometry = widgets.HTML(layout=widgets.Layout(display="none")).add_class("designer-geometry")

        self.scenario.observe(self._on_scenario, names="value")
        self.mode.observe(self._on_mode, names="value")
        self.player.observe(self._on_choice, names="value")
        self.piece.observe(self._on_choice, names="value")
        self.facing.observe(self._on_facing, names="value")
        self.height.observe(self._on_obstacle_edit, names="value")
        self.flat.observe(self._on_obstacle_edit, names="value")
        self.folder_text.observe(self._on_folder, names="value")
        self.remove_button.on_click(lambda _: self._guard(self.remove, self.selected) if self.selected else
                                    self._say("Nothing is selected: click a chip or an obstacle first, then "
                                              "'remove'", error=True))
        self.save_button.on_click(lambda _: self._guard(self.save, self.filename.value.strip(),
                                                        overwrite=self.overwrite.value, _files=True))
        self.load_button.on_click(lambda _: self._guard(self.load, self.saved.value, _files=True))
        self.start_button.on_click(lambda _: self._guard(self.start_game, self.seed.value, _files=True))

    def _build_overlays(self) -> None:
        ax = self.ax
        self.middle_box = ax.add_patch(Rectangle((0, 0), 1, 1, fill=False, linestyle=":", linewidth=1.0,
                                                 edgecolor="#777777", zorder=0.5))
        self.middle_area = ax.add_patch(PathPatch(polygon_path(shapely.box(0, 0, 1, 1)), linestyle="--",
                                                  linewidth=1.0, zorder=0.6, visible=False))
        mark_ground(self.middle_area, avoid=False)  # a faint tint the names may lie on (no obstacle)
        self.edge_zones = ArtistPool(lambda: ax.add_patch(Rectangle((0, 0), 1, 1, linewidth=0, zorder=0.4)))
        # a zone's name on a patch of the table's colour: the dashed and dotted zone lines pass under it; placed
        # by _place_zone_labels clear of the chips, obstacles, distance lines and each other
        self.zone_labels = ArtistPool(lambda: ax.annotate("", (0, 0), xytext=(0, 0), textcoords="offset points",
                                                          fontsize=LABEL_SIZE, color="#555555", zorder=0.7,
                                                          annotation_clip=False,
                                                          bbox=dict(boxstyle="square,pad=0.2", facecolor=TABLE_COLOUR,
                                                                    edgecolor="none", alpha=0.9)))
        self._zones_placed = None  # what the zone labels were last placed for (_place_zone_labels)
        self._distance_lines: list = []  # the broken distances' lines (cm) shown: the labels keep clear of them
        self._committed_lines: list = []  # those of the committed layout (the chip and zone names keep clear of)
        # the marks change with every drag step: drawn over the cached table (LiveTable.render)
        live = self.live
        self.mark_lines = live.overlay_pool(lambda: ax.add_line(Line2D([], [], color=BLOCKED_COLOUR, linestyle="--",
                                                                       linewidth=1.6, zorder=5.2)))
        self.mark_labels = live.overlay_pool(lambda: ax.annotate("", (0, 0), xytext=(0, 0), textcoords="offset points",
                                                                 fontsize=LABEL_SIZE, color=BLOCKED_COLOUR,
                                                                 ha="center", va="center", fontweight="bold",
                                                                 path_effects=OUTLINE, zorder=6.5,
                                                                 annotation_clip=False))
        live.fixed_texts = self.zone_labels.visible  # the chips' and obstacles' labels keep clear of them
        # and of the committed layout's distance lines (a drag does not move the names; the distances' own
        # labels keep clear of the lines as they are shown: _draw_marks)
        live.avoid_lines = lambda: live._scenery_lines() + self._committed_lines
        self.mark_rings = live.overlay_pool(lambda: ax.add_patch(Circle((0, 0), 1, fill=False,
                                                                        edgecolor=BLOCKED_COLOUR, linewidth=1.6,
                                                                        linestyle="--", zorder=5.2)))
        self.hover_label = ax.annotate("", (0, 0), xytext=(8, 8), textcoords="offset points", fontsize=LABEL_SIZE,
                                       zorder=7, visible=False, bbox=dict(boxstyle="round,pad=0.3", facecolor="white",
                                                                          alpha=0.9, edgecolor="#999999"))
        self.hover_text = ""
        live.add_overlay(self.hover_label)

    def _colours(self) -> dict[str, str]:
        """Each player in his society's colour (explorer.behind.palette): the same in every lesson and panel."""
        from explorer.behind.palette import colours_for

        return colours_for(self.design.players)

    @contextmanager
    def _quiet(self):
        """Set widget values without their observers acting (the panel set them itself)."""
        self._silent = True
        try:
            yield
        finally:
            self._silent = False

    @property
    def folder(self) -> Path:
        """The folder of the save row (a relative one is taken from the current working directory)."""
        text = self.folder_text.value.strip()
        return Path(text).expanduser() if text else Path.cwd()

    @property
    def layouts_dir(self) -> Path:
        """Where Save writes and Load looks first: ``<folder>/layouts``."""
        return self.folder / LAYOUTS

    def _saved_options(self) -> list[tuple[str, str]]:
        try:
            own = L.saved_layouts(self.layouts_dir)
        except OSError:
            own = []
        shipped = [name for name in L.saved_layouts(L.LAYOUT_DIR) if name not in own]
        return [(name, name) for name in own] + [(f"{name} (shipped)", name) for name in shipped]

    def _sync_controls(self) -> None:
        """Bring the controls in step with the layout and the selection."""
        layout = self.design
        with self._quiet():
            players = list(layout.players)
            chosen = self.player.value
            self.player.options = [(self._player_label(p), p) for p in players]
            self.player.value = chosen if chosen in players else players[0]
            pieces = [p.name for p in layout.rules.obstacles]
            on_table = {o.name for o in layout.table.obstacles}
            chosen = self.piece.value
            self.piece.options = [(f"{p} (on the table)" if p in on_table else p, p)
                                  for p in pieces]
            unplaced = [p for p in pieces if p not in on_table]
            if chosen not in pieces or (chosen in on_table and unplaced):
                chosen = unplaced[0] if unplaced else (pieces[0] if pieces else None)
            self.piece.value = chosen
            self.piece.disabled = not pieces
            chosen = self.saved.value
            self.saved.options = self._saved_options()
            names = [value for _, value in self.saved.options]
            self.saved.value = chosen if chosen in names else (names[0] if names else None)
            self.scenario.value = layout.scenario
            self._sync_roles()
            self._sync_selection()
            self.legend.value = self._legend_html()

    def _legend_html(self) -> str:
        """Every chip on the table by player, in his colour: the name the table shows, then the full name."""
        table = self.design.table
        short = short_names(table.names)
        parts = []
        for player in self.design.players:
            chips = self.design.chips_of(player)
            if not chips:
                continue
            colour = html.escape(self.live.colour(player))
            names = "".join(
                f"<li><b>{html.escape(short[c.name])}</b>"
                + (f": {html.escape(c.name)}" if short[c.name] != c.name else "") + "</li>" for c in chips)
            parts.append(f"<div><span style='color:{colour}'>&#9679;</span> <b>{html.escape(player)}</b>"
                         f"<ul style='margin:0 0 4px 0;padding-left:18px'>{names}</ul></div>")
        if not parts:
            return ""
        return "<div style='margin-top:6px'><b>Chips</b> (name on the table: full name)</div>" + "".join(parts)

    def _player_label(self, player: str) -> str:
        left = len(self.design.unplaced_characters(player))
        return f"{player} ({left} to place)" if left else f"{player} (all placed)"

    def _sync_roles(self) -> None:
        roles = self.design.rules.roles
        if list(self.role_boxes) != list(roles) or any(set(box.options) != set(self.design.players)
                                                       for box in self.role_boxes.values()):
            self.role_boxes = {}
            for role in roles:
                box = widgets.Dropdown(options=list(self.design.players), description=role, style=label_style(100),
                                       layout=widgets.Layout(width="96%", max_width="96%")
                                       ).add_class(f"designer-role-{role}")
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
            text = (f"selected: <b>{html.escape(chip.name)}</b> ({html.escape(chip.owner)}) at ({chip.x:.1f}, "
                    f"{chip.y:.1f}) cm, facing {said_facing(chip.facing)}°")
        elif obstacle is not None:
            text = f"selected: obstacle <b>{html.escape(obstacle.name)}</b>, {obstacle.height:g} cm high"
        else:
            text = "<i>nothing selected: in the mode move, click a chip or an obstacle</i>"
        # single line height (a widget's HTML inherits the widgets' 28 px one)
        self.selected_label.value = f'<div style="{PROSE_STYLE}">{text}</div>'

    # -- what to do next, in words ----------------------------------------------------------------
    def _mode_hint(self) -> str:
        mode = self.mode.value
        if mode == "add chip":
            player = self.player.value
            left = self.design.unplaced_characters(player) if player is not None else ()
            if not left:
                return (f"{player} has placed all his chips. Choose another player under 'chip of', or choose "
                        f"'move' to drag a chip.")
            return f"Click on the table to place {left[0]} ({player}'s next chip)."
        if mode == "add obstacle":
            piece = self.piece.value
            if piece is None:
                return "This scenario has no obstacle pieces to place."
            if _obstacle_or_none(self.design.table, piece) is not None:
                return (f"The {piece} is on the table already: a click on the table moves it there. All the "
                        f"scenario's obstacles are placed when the list shows each as 'on the table'.")
            return f"Click on the table to place the {piece}."
        if self.selected is not None:
            return self._selected_hint(self.selected)
        return "Click a chip or an obstacle to select it, then drag it or click on the table to move it."

    def _selected_hint(self, name: str) -> str:
        if name in self.design.table:
            return f"{name} selected: drag it, or click on the table to move it (turn it with 'facing')."
        return (f"The {name} selected: drag it, or click on the table to move it (turn it with 'angle'; height "
                f"and 'flat' are under the table).")

    # =========================================================================================
    # Mouse: events -> press / drag_to / release
    # =========================================================================================
    def _on_press(self, event) -> None:
        if self.hover_text:  # the name beside the mouse goes while a button is down (drawn with the press)
            self.hover_text = ""
            self.hover_label.set_visible(False)
        if event.inaxes is self.ax and event.xdata is not None and getattr(event, "button", 1) in (1, None):
            self.press(event.xdata, event.ydata)

    def _on_motion(self, event) -> None:
        if self._drag is not None and event.inaxes is self.ax and event.xdata is not None:
            self.drag_to(event.xdata, event.ydata)
        elif self._drag is None:  # no drag: the full name of the chip under the mouse
            inside = event.inaxes is self.ax and event.xdata is not None
            self.hover(event.xdata if inside else None, event.ydata if inside else None)

    def hover(self, x: float | None, y: float | None) -> str:
        """The full name of the chip under ``(x, y)`` cm (the table shows short names), shown beside
        the mouse; empty when there is none (or ``None``: the mouse left the table)."""
        name = self.live.chip_at(x, y, slack=0.0) if x is not None else None
        text = ""
        if name is not None:
            chip = self.live.table.chip(name)
            text = f"{name} ({chip.owner}), facing {said_facing(chip.facing)}°"
        if text != self.hover_text:
            self.hover_text = text
            self.hover_label.set_visible(bool(text))
            if text:
                left = x > self.live.table.width / 2
                self.hover_label.xy = (x, y)
                self.hover_label.xyann = (-8, 8) if left else (8, 8)
                self.hover_label.set_ha("right" if left else "left")
                self.hover_label.set_text(text)
            self.view.refresh(self.live.render)
        return text

    def _on_release(self, event) -> None:
        if self._drag is None:
            return
        if event.inaxes is self.ax and event.xdata is not None:
            self.release(event.xdata, event.ydata)
        else:  # released outside the table: the drag is cancelled
            self.release(None, None)

    def press(self, x: float, y: float) -> str | None:
        """A click at ``(x, y)`` cm, as the mode says: add a chip, add an obstacle, or (mode move) select
        what is under the point (a drag may follow) -- or, on an empty place, move the selected chip or
        obstacle there.  Returns the name added, selected or moved; a refusal is said in the message
        line and returns None."""
        if self.mode.value == "add chip":
            return self._guard(self.add_chip, self.player.value, x, y)
        if self.mode.value == "add obstacle":
            return self._guard(self.add_obstacle, self.piece.value, x, y)
        name = self.live.chip_at(x, y) or self.live.obstacle_at(x, y)
        if name is None:
            selected = self.selected
            if selected is None:
                self._say("Nothing to select there: click a chip or an obstacle (or choose 'add chip' or "
                          "'add obstacle' to place one).")
                return None
            try:
                self.move(selected, x, y)
            except (RuleViolation, ValueError) as refused:
                self._say(f"{selected} cannot go to ({x:.1f}, {y:.1f}): {_reason(refused)} -- click somewhere "
                          f"else, or click another chip or obstacle to select it.", error=True)
                return None
            return selected
        self.select(name)
        self._say(self._selected_hint(name))
        cx, cy = self._position(name)
        self._drag = {"name": name, "dx": cx - x, "dy": cy - y, "from": (x, y)}
        return name

    def drag_to(self, x: float, y: float) -> bool:
        """Move what is being dragged so that it follows the point ``(x, y)`` cm: the rules are checked
        for the layout it would give (not committed yet).  False when the table forbids the place (the
        piece is drawn there outlined in red, and the message line says why)."""
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
        if self._preview is not None:
            self._say(f"Dragging {name}: let go to put it at ({x:.1f}, {y:.1f}).")
        return self._preview is not None

    def release(self, x: float | None, y: float | None) -> bool:
        """End the drag at ``(x, y)`` cm: commit the move if the table allows it, else put the piece
        back (the message line says why).  A release where the press was (within :data:`CLICK_CM`) is a
        click: the piece stays selected, nothing moves.  ``None``: cancel.  Returns whether the move was
        made."""
        if self._drag is None:
            return False
        drag, self._drag, self._preview = self._drag, None, None
        name = drag["name"]
        if x is None:
            self.refresh()
            self._say(f"Let go outside the table: {name} stays where it was.")
            return False
        if math.hypot(x - drag["from"][0], y - drag["from"][1]) < CLICK_CM:
            if "to" in drag:  # a preview was drawn: show the layout as it is again
                self.refresh()
            self._say(self._selected_hint(name))
            return False
        try:
            self.move(name, x + drag["dx"], y + drag["dy"])
            return True
        except (RuleViolation, ValueError) as refused:
            self._say(f"{_reason(refused)} -- {name} stays where it was: drag it somewhere else.", error=True)
            self.refresh()
            return False

    # =========================================================================================
    # Editing (what the mouse and the controls call; each raises what the rules forbid)
    # =========================================================================================
    def select(self, name: str | None) -> None:
        """Select a chip or obstacle (None: nothing); the facing / height / flat controls follow it."""
        if name is not None and name not in self.design.table and _obstacle_or_none(self.design.table, name) is None:
            raise KeyError(f"There is no chip or obstacle named {name!r} on the table.")
        self.selected = name
        with self._quiet():
            self._sync_selection()
        self.refresh()

    def add_chip(self, player: str, x: float, y: float, facing: float | None = None, name: str | None = None) -> str:
        """Place ``player``'s next character not yet on the table (or ``name``) at ``(x, y)`` cm, facing
        ``facing`` degrees (default: the table's centre); returns the chip's name.  RuleViolation where
        the table forbids the place, LayoutError (:class:`Refused`) when all his chips are placed."""
        layout = self.design
        left = layout.unplaced_characters(player)
        if name is None:
            if not left:
                raise Refused("table.chips", player,
                              f"{player} has placed all his chips ({', '.join(layout.characters(player))}). "
                              f"Choose another player under 'chip of', or choose 'move' to drag a chip.")
            name = left[0]
        facing = facing_centre(layout.table, x, y) if facing is None else facing
        try:
            table = layout.table.place(Chip(name, player, x, y, facing))
        except RuleViolation as refused:
            raise Refused("table.chips", name, f"{name} cannot stand at ({x:.1f}, {y:.1f}): {refused.reason}. "
                                               f"Click somewhere else.") from None
        after = self.design.with_table(table).unplaced_characters(player)
        nxt = f" Click again to place {after[0]}." if after else f" All of {player}'s chips are placed."
        self._commit(layout.with_table(table), select=name,
                     said=f"{player} places {name} at ({x:.1f}, {y:.1f}), facing the middle.{nxt}")
        return name

    def add_obstacle(self, piece: str, x: float, y: float, angle: float = 0.0) -> str:
        """Place the scenario's obstacle piece ``piece`` with its centre at ``(x, y)`` cm, turned by
        ``angle`` degrees, as the game would (``PlaceObstacle``); returns its name.  A piece on the table
        already is moved there (keeping its angle): each piece is on the table once."""
        if piece is None:
            raise Refused("table.obstacles", None, "This scenario has no obstacle pieces to place.")
        table = self.design.table
        if _obstacle_or_none(table, piece) is not None:
            try:
                self.move(piece, x, y)
            except RuleViolation as refused:
                raise Refused("table.obstacles", piece, f"The {piece} cannot go to ({x:.1f}, {y:.1f}): "
                                                        f"{refused.reason}. Click somewhere else.") from None
            self._say(f"The {piece} was on the table already: it is now at ({x:.1f}, {y:.1f}).")
            return piece
        template = L.piece(self.design.rules, piece)
        obstacle = L.place_piece(template, x, y, angle)
        try:
            table = table.add_obstacle(obstacle)
        except RuleViolation as refused:
            raise Refused("table.obstacles", piece, f"The {piece} cannot go to ({x:.1f}, {y:.1f}): {refused.reason}. "
                                                    f"Click somewhere else.") from None
        layout = self.design.with_table(table)
        left = [p.name for p in layout.unplaced_pieces()]
        nxt = (f" Next: the {left[0]} (chosen under 'obstacle'); click to place it." if left
               else " Every obstacle of the scenario is on the table.")
        self._commit(layout, select=piece, said=f"The {piece} is placed at ({x:.1f}, {y:.1f}).{nxt}")
        return piece

    def move(self, name: str, x: float, y: float) -> None:
        """Put chip ``name`` down with its centre at ``(x, y)`` cm, or obstacle ``name`` with its centre
        (centroid) there.  RuleViolation where the table forbids it."""
        table = self._moved(self.design.table, name, x, y)
        self._commit(self.design.with_table(table), select=name, said=f"{name} moved to ({x:.1f}, {y:.1f}).")

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
                raise Refused("table.obstacles", name, f"The {name} is not one of the scenario's pieces: it "
                                                       f"cannot be turned (it can be moved or removed).")
            template = L.piece(self.design.rules, name)
            turned = L.place_piece(template, pose[0], pose[1], degrees, height=obstacle.height, flat=obstacle.flat)
            table = _with_obstacle(table, turned)
        self._commit(self.design.with_table(table), select=name, said=f"{name} turned to {said_facing(degrees)}°.")

    def set_obstacle(self, name: str, *, height: float | None = None, flat: bool | None = None) -> None:
        """Change obstacle ``name``'s height (cm) or flatness ("Terrain and Climbing (Gelände &
        Klettern)": chips may stand on a flat obstacle).  RuleViolation when a chip then overlaps it."""
        obstacle = _obstacle_or_none(self.design.table, name)
        if obstacle is None:
            raise KeyError(f"There is no obstacle named {name!r} on the table.")
        changed = Obstacle(name, obstacle.polygon, obstacle.height if height is None else height,
                           obstacle.flat if flat is None else flat)
        self._commit(self.design.with_table(_with_obstacle(self.design.table, changed)), select=name,
                     said=f"The {name} is now {changed.height:g} cm high and {'flat' if changed.flat else 'not flat'}.")

    def remove(self, name: str) -> None:
        """Take chip or obstacle ``name`` off the table."""
        table = self.design.table
        if name in table:
            table = table.remove(name)
        elif _obstacle_or_none(table, name) is not None:
            table = Table(table.width, table.depth, [o for o in table.obstacles if o.name != name], table.chips,
                          table.rulings)
        else:
            raise KeyError(f"There is no chip or obstacle named {name!r} on the table.")
        self._commit(self.design.with_table(table), select=None,
                     said=f"{name} is off the table; 'add chip' or 'add obstacle' places it again.")

    def set_role(self, player: str, role: str) -> None:
        """``player`` takes setup role ``role``; the player who had it takes ``player``'s old role."""
        self._commit(self.design.with_role(player, role), select=self.selected,
                     said=f"{player} now sets up as {role}; the list under the table checks the new setup.")

    def new(self, scenario: str) -> None:
        """Start a new layout of ``scenario`` (its default obstacle pieces, no chips)."""
        self.set_layout(L.new_layout(scenario),
                        said=f"A new layout of \"{L.scenario_of(scenario).title}\": its obstacles at their default "
                             f"places, no chips yet. Choose 'add chip' to place them.")

    def set_layout(self, layout: Layout, said: str = "") -> None:
        """Show another layout (another scenario's table is resized in place)."""
        old = self.design.table
        self.design, self.selected = layout, None
        self._forget_game()
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
        """Save the layout as ``<folder>/layouts/<name>.json`` (:attr:`layouts_dir`; ``name`` a name,
        never a path); returns the path.  Refused in plain words: an empty or bad name, a name saved
        already (unless ``overwrite``), the explorer's own data folder, a folder that cannot be written."""
        if not name:
            raise Refused("name", name, "Type a name for the layout under 'name', then press save.")
        try:
            L.layout_path(name, self.layouts_dir)
        except LayoutError:
            raise Refused("name", name, f"\"{name}\" cannot be a layout name: use letters, digits, spaces, '-', "
                                        f"'_' or '.' (at most 64, no folder: the folder goes under "
                                        f"'folder').") from None
        folder = self.layouts_dir
        if L.is_shipped_folder(folder):
            shown = self.folder if L.is_shipped_folder(self.folder) else folder
            raise Refused("folder", str(self.folder), f"{shown} is inside the explorer's own data folder (its shipped "
                                                      f"files are never written): type a folder of your own "
                                                      f"under 'folder'.")
        try:
            path = L.save_layout(self.design, name, folder=folder, overwrite=overwrite)
        except FileExistsError:
            raise Refused("name", name, f"A layout named \"{name}\" is saved in {folder} already: tick 'replace' "
                                        f"to replace it, or type another name.") from None
        except OSError as failure:
            raise Refused("folder", str(folder), f"Cannot save in {folder}: {failure.strerror or failure}. Type "
                                                 f"another folder under 'folder'.") from None
        with self._quiet():
            self.saved.options = self._saved_options()
            self.saved.value = path.stem
        self._say(f"Saved as {path}.", files=True)
        return path

    def load(self, name: str | None) -> Layout:
        """Load the saved layout ``name``: from :attr:`layouts_dir`, else a shipped one; show it."""
        if not name:
            raise Refused("name", name, "Choose a layout under 'saved layouts' first, then press load.")
        own = L.layout_path(name, self.layouts_dir)
        folder = self.layouts_dir if own.is_file() else L.LAYOUT_DIR
        layout = L.load_layout(name, folder=folder)
        where = "the shipped example" if folder == L.LAYOUT_DIR else str(own)
        self.set_layout(layout, said=f"Loaded \"{name}\" ({where}).")
        self._say(self.said, files=True)
        return layout

    def start_game(self, seed: int = 0):
        """Start a game from the layout (:func:`~explorer.behind.layouts.start_game`): :attr:`game`, shown
        below the designer in a play / replay panel (:attr:`game_panel`) offering the first player's
        legal actions."""
        problems = [in_words(f.reason) for f in self.shown] + L.game_problems(self.design) + L.unplaced(self.design)
        if problems:
            raise Refused(None, None, "A game cannot start from this layout yet: " + "; ".join(problems)
                          + ". Fix it (the list below the table says what), then press 'start game' again.")
        try:
            game = L.start_game(self.design, self.decks, seed)
        except (RuleViolation, LayoutError) as refused:
            raise Refused(None, None, f"A game cannot start from this layout: {_reason(refused)}.") from None
        panel = _game_panel(game)
        panel.add_class("designer-game-panel")
        self.game, self.game_panel = game, panel
        head = widgets.HTML(f"<h4 style='margin:8px 0 2px'>The game of this layout (seed {seed})</h4>",
                            layout=widgets.Layout(max_width="100%"))
        self.game_view.children = (head, panel)
        self._say(f"Game started: {game.current_player} begins. Play it below the designer: choose an action, "
                  f"then 'apply'.", files=True)
        return game

    def _forget_game(self) -> bool:
        """Close the game of the layout (a changed layout is another game); True if one was open."""
        if self.game is None:
            return False
        self.game, self.game_panel = None, None
        self.game_view.children = ()
        return True

    # =========================================================================================
    # Checking and drawing
    # =========================================================================================
    @property
    def messages(self) -> list[str]:
        """The reasons listed in the validation box, in order, in the user's words (a ruling named by
        its title: :func:`in_words`)."""
        return [in_words(finding.reason) for finding in self.shown]

    def _commit(self, layout: Layout, *, select: str | None, said: str) -> None:
        self.design, self.selected = layout, select
        if self._forget_game():
            said += " The game below was closed (the layout changed): press 'start game' for a new one."
        self._sync_controls()
        self._say(said)
        self.refresh()

    def refresh(self) -> None:
        """Check the layout shown (the drag's preview, else the committed layout) and redraw in place."""
        layout = self._preview if self._preview is not None else self.design
        self.shown = L.findings(layout)
        flagged = {name for finding in self.shown for name in (*finding.chips, *finding.obstacles)}
        drag = self._drag
        refused = drag is not None and drag.get("error")
        previews = [self._refused_piece(drag["name"], *drag["to"])] if refused else []
        table = layout.table  # the broken distances' lines first: every label placed below keeps clear of them
        self._distance_lines = [np.array([table.chip(f.chips[0]).position, table.chip(f.chips[1]).position])
                                for f in _distance_pairs(self.shown)]
        if self._preview is None:
            self._committed_lines = list(self._distance_lines)
        scenery = self._draw_zones(layout)
        self.live.update(layout.table, selected=self.selected, flagged=flagged, scenery=scenery, previews=previews)
        if refused:
            self._say(f"{drag['error']} -- let go elsewhere, or {drag['name']} goes back.", error=True)
        self._draw_marks(layout, self.shown)
        self.validation.value = _validation_html(layout, self.shown)
        self.geometry.value = self._geometry_json()
        self.view.refresh(self.live.render)

    def _refused_piece(self, name: str, x: float, y: float):
        """The dragged piece where the mouse is (drawn outlined in red: the table refuses that place)."""
        table = self.design.table
        if name in table:
            return table.chip(name).moved(x, y)
        return self._moved_obstacle(table, _obstacle_or_none(table, name), x, y)

    def _draw_zones(self, layout: Layout) -> tuple:
        """Draw the zones the rules speak of; returns what they show (a key: the table under the chips
        is drawn afresh only when it changes)."""
        table, rules = layout.table, layout.rules
        minx, miny, maxx, maxy = middle_of_table(table).bounds
        self.middle_box.set_bounds(minx, miny, maxx - minx, maxy - miny)
        middle = layout.player_with("middle")
        area = rules.middle_area(table)
        self.middle_area.set_visible(area is not None)
        zones_named = []  # (words, candidate spots (xy, dx, dy, ha, va), the zone's box (x0, y0, x1, y1))
        if area is not None:
            self.middle_area.set_path(polygon_path(area))
            colour = self.live.colour(middle)
            self.middle_area.set_edgecolor(colour)
            self.middle_area.set_facecolor(to_rgba(colour, 0.05))
            zones_named.append((f"between the obstacles ({middle})", _area_spots(area, table), area.bounds))
        zones_named.append(("middle of the table (obstacles)", _box_spots(minx, miny, maxx, maxy),
                            (minx, miny, maxx, maxy)))
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
            zones_named.append((f"{player}'s edge ({edge}, within {zone:g} cm)", _strip_spots(table, edge, (x, y, w, h)),
                                (x, y, x + w, y + h)))
        placed = self._place_zone_labels(zones_named)
        return ((minx, miny, maxx, maxy), middle, None if area is None else area.wkb,
                tuple((player, self.live.colour(player), band) for player, _, band in zones), placed)

    def _place_zone_labels(self, zones_named) -> tuple:
        """Name each zone inside it, at the first of its spots that is clear (:meth:`LabelPlacer.place_near`,
        the zone as the name's own piece): of the chips and obstacles of the committed layout (a drag does
        not move the names), its broken distances' lines, the obstacles' labels where they stand and the
        other zone names; the chips' own labels are placed after, clear of these (``LiveTable.fixed_texts``).  A zone
        with no spot that keeps off every chip and obstacle is not named (its line and tint still show it).
        Returns what was placed (the scenery's key)."""
        from explorer.core.render_labels import LabelPlacer

        ax, live, table = self.ax, self.live, self.design.table
        m = live.margin
        if (ax.get_xlim(), ax.get_ylim()) != ((-m, table.width + m), (-m, table.depth + m)):
            ax.set_xlim(-m, table.width + m)  # the limits the table is drawn at (LiveTable.update sets the same)
            ax.set_ylim(-m, table.depth + m)
        ax.apply_aspect()
        lines = [points.tolist() for points in self._committed_lines]  # a drag keeps the names where they are
        key = (tuple((words, tuple(spots)) for words, spots, _ in zones_named), tuple(ax.bbox.bounds),
               tuple(c.position for c in table.chips), tuple((o.name, o.polygon.wkb) for o in table.obstacles),
               json.dumps(lines))
        texts = self.zone_labels.take(len(zones_named))
        if key == self._zones_placed:
            for text, shown in zip(texts, self._zones_shown):
                text.set_visible(shown)
            return self._zones_key
        placer = LabelPlacer(ax)
        r = table.radius
        chips = [(c.position, r) for c in table.chips]
        placer.avoid_circles([c for c, _ in chips], r)
        for obstacle in table.obstacles:
            placer.avoid_path(polygon_path(obstacle.polygon))
        for points in lines:
            placer.avoid_line(points)
        for artists in live.obstacle_artists.values():  # an obstacle's label keeps the room it has by its piece
            if artists.label.get_visible() and artists.label.get_text():
                placer.avoid_text(artists.label)
        # a zone's name keeps a chip's room too (its viewing angle, a few points round its rim), where it
        # can: a name touching a chip reads as that chip's ("Vampire's edge" beside Isabeau)
        room = placer.copy()
        to_px = ax.transData.transform
        per_cm = abs(to_px((1.0, 0.0))[0] - to_px((0.0, 0.0))[0]) * 72.0 / ax.figure.dpi  # points per cm
        if per_cm:
            room.avoid_circles([c for c, _ in chips], r + ZONE_LABEL_ROOM / per_cm)
        avoid_table_marks(room, ax, r)
        placed, shown = [], []
        for text, (words, spots, (x0, y0, x1, y1)) in zip(texts, zones_named):
            text.set_text(words)
            text.set_visible(True)
            # its own "piece" is the zone: a circle round it, so a name inside never reads as a chip's
            own = (((x0 + x1) / 2, (y0 + y1) / 2), math.hypot(x1 - x0, y1 - y0) / 2)
            room.place_near(text, spots, own, chips)
            box = room.boxes[-1]
            if _covers(placer, box):
                text.set_visible(False)  # every spot covers a chip or an obstacle: the zone's line names it
                room.boxes.pop()
                room._rects.pop()
            else:
                placer.avoid_box(box)
            shown.append(text.get_visible())
            placed.append((words, tuple(text.xy), text.get_ha(), text.get_va(), text.get_visible()))
        self._zones_placed, self._zones_shown, self._zones_key = key, shown, tuple(placed)
        return self._zones_key

    def _draw_marks(self, layout: Layout, shown: list[Finding]) -> None:
        table = layout.table
        pairs = _distance_pairs(shown)
        singles = [f.chips[0] for f in shown if len(f.chips) == 1]
        singles = list(dict.fromkeys(singles))
        placed: list[tuple[float, float]] = []
        queued = []
        for line, label, finding in zip(self.mark_lines.take(len(pairs)), self.mark_labels.take(len(pairs)), pairs):
            a, b = table.chip(finding.chips[0]), table.chip(finding.chips[1])
            line.set_data([a.x, b.x], [a.y, b.y])
            spot = _free_spot(a.position, b.position, placed)
            placed.append(spot)
            label.xy = spot
            label.xyann = (0.0, 0.0)
            label.set_text(f"{finding.distance(table):.1f} cm")
            # on its line, clear of the chips, their labels and the other distances where it can be
            spots = [(spot, 0.0, 0.0, "center", "center")] + [
                ((a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)), 0.0, 0.0, "center", "center")
                for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78, 0.15, 0.85)]
            spots += [(spot, *offset) for offset in ring_offsets(6.0, rings=3, step=7.0)]  # else beside it
            queued.append((label, spots))
        costs = self.live.place_overlay_labels(queued, lines=self.live._scenery_lines() + self._distance_lines,
                                               own_lines=self._distance_lines[:len(queued)])
        for (label, _), cost in zip(queued, costs):
            # no room left in a crowd (it would cover a chip, an obstacle or a label): the line stays, the
            # list below gives the distance
            if cost >= NO_ROOM:
                label.set_visible(False)
        for ring, name in zip(self.mark_rings.take(len(singles)), singles):
            chip = table.chip(name)
            ring.set_center(chip.position)
            ring.set_radius(table.radius * 1.7)

    def _geometry_json(self) -> str:
        x0, x1, y0, y1 = self.live.extent
        width, height = self.view.pixel_size
        return json.dumps({"xlim": [x0, x1], "ylim": [y0, y1], "axes": [0, 0, 1, 1], "size": [width, height]})

    def _say(self, text: str, *, error: bool = False, files: bool = False) -> None:
        """Answer in the message line above the table (plain ``text``, escaped here); ``files``: beside the
        save / load / start buttons too."""
        self.said = text
        colour, background = (BLOCKED_COLOUR, "#fdecea") if error else ("#1f3b57", "#eef4fa")
        shown = (f"<div class='designer-message{' designer-error' if error else ''}' style='color:{colour};"
                 f"background:{background};border-left:4px solid {colour};padding:4px 8px;margin:2px 0;"
                 f"overflow-wrap:anywhere'>{html.escape(text)}</div>")
        self.status.value = shown
        self.file_status.value = shown if files else ""

    def _guard(self, action, *args, _files: bool = False, **kwargs):
        """Run an edit from a control or the mouse: what the rules or the table refuse is said in plain
        words in the message line (and beside the file buttons for ``_files``); returns None then."""
        try:
            return action(*args, **kwargs)
        except (RuleViolation, LayoutError, ValueError, KeyError, OSError) as refused:
            self._say(_plain(refused), error=True, files=_files)
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

    def _on_mode(self, _change) -> None:
        if self._drag is not None:
            self.release(None, None)
        self._say(self._mode_hint())

    def _on_choice(self, _change) -> None:
        """Another player or obstacle chosen: say what a click does now (in the mode it is for)."""
        if not self._silent and self.mode.value != "move":
            self._say(self._mode_hint())

    def _on_folder(self, _change) -> None:
        with self._quiet():
            self.saved.options = self._saved_options()
            self.saved.value = self.saved.options[0][1] if self.saved.options else None
        self._say(f"Layouts are saved in {self.layouts_dir} (and listed from there).", files=True)

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
def _game_panel(game):
    """The play / replay panel of a game started from the layout: the core's, whose legal actions are
    offered in words, each its own (:func:`explorer.core.replay.action_choices`)."""
    from explorer.behind.panels.panel_replay import ReplayPanel

    return ReplayPanel(game, play=True)


def _scenario_ids() -> list[str]:
    from explorer.behind.scenarios import SCENARIO_DIR

    return sorted(path.stem for path in SCENARIO_DIR.glob("*.toml"))


def _reason(error: Exception) -> str:
    if isinstance(error, RuleViolation):
        return error.reason
    if isinstance(error, KeyError) and error.args:
        return str(error.args[0])
    return str(error)


def _plain(error: Exception) -> str:
    """What went wrong in words for the user: the rule's reason, the designer's own words, a file's
    problem with the file named -- never a field path of a JSON layout in memory."""
    if isinstance(error, Refused):
        return error.plain
    if isinstance(error, LayoutError):
        what = error.problem if error.value is L._NO_VALUE else f"{L._short(error.value)} {error.problem}"
        if error.path is not None:
            field = f" (field {error.field})" if error.field else ""
            return f"The layout file {error.path.name} cannot be used{field}: {what}."
        return what[:1].upper() + what[1:] + ("" if what.endswith(".") else ".")
    if isinstance(error, FileExistsError):
        return f"{error}."
    if isinstance(error, OSError):
        return f"{error.strerror or error}: {error.filename or ''}".rstrip(": ")
    text = _reason(error)
    return text if text.endswith((".", "!", "?")) else text + "."


def _obstacle_or_none(table: Table, name: str | None) -> Obstacle | None:
    return next((o for o in table.obstacles if o.name == name), None) if name is not None else None


def _with_obstacle(table: Table, obstacle: Obstacle) -> Table:
    """``table`` with the obstacle of the same name replaced (table order kept; every chip re-checked)."""
    obstacles = [obstacle if o.name == obstacle.name else o for o in table.obstacles]
    return Table(table.width, table.depth, obstacles, table.chips, table.rulings)


_RULING = re.compile(r"\(ruling ([a-z0-9_]+\.[a-z0-9_.\-]+)\)")


def _ruling_title(ruling_id: str) -> str | None:
    from explorer.core.rulings import REGISTRY

    ruling = REGISTRY.get(ruling_id)
    return ruling.title if ruling is not None else None


def in_words(reason: str) -> str:
    """A finding's reason for the user: "(ruling behind.setup-table-edge)" becomes the ruling's title,
    "(the explorer's ruling \u201cWhat 'at a table edge of his choice' means, in card lengths\u201d)"."""
    def named(match):
        title = _ruling_title(match.group(1))
        return f"(the explorer's ruling \u201c{title}\u201d)" if title else match.group(0)
    return _RULING.sub(named, reason)


def _reason_html(reason: str) -> str:
    """:func:`in_words` as HTML: the ruling's title shown, its id (the citation) as the tooltip."""
    out, end = [], 0
    for match in _RULING.finditer(reason):
        title = _ruling_title(match.group(1))
        if title is None:
            continue
        out.append(html.escape(reason[end:match.start()]))
        out.append(f"<span class='designer-ruling' title='ruling {html.escape(match.group(1), quote=True)}'>"
                   f"(the explorer's ruling \u201c{html.escape(title)}\u201d)</span>")
        end = match.end()
    out.append(html.escape(reason[end:]))
    return "".join(out)

LABEL_GAP_CM = 5.5
"""Distance labels on the marks keep at least this far apart (cm), where the line allows."""


Point = tuple[float, float]


ZONE_LABEL_ROOM = 10.0
"""Points a zone's name keeps from a chip's rim where it can (:meth:`DesignerPanel._place_zone_labels`)."""


def _covers(placer, box) -> bool:
    """Whether ``box`` (pixels) reaches into a chip or an obstacle the placer avoids."""
    from explorer.core.render_labels import box_hits_circle

    if any(box_hits_circle(box, (cx, cy), radius) for cx, cy, radius in placer.circles):
        return True
    inner = box.padded(-0.5)
    return any(path.intersects_bbox(inner, filled=True) for path in placer.paths)


def _distance_pairs(shown) -> list:
    """The findings of ``shown`` about the distance between two chips, one a pair (a red line each)."""
    return list({frozenset(f.chips[:2]): f for f in shown if len(f.chips) >= 2}.values())


def _spot(x: float, y: float, ha: str, va: str) -> tuple:
    return ((float(x), float(y)), 0.0, 0.0, ha, va)


def _box_spots(x0: float, y0: float, x1: float, y1: float) -> list:
    """Spots for a name inside the box, along its outline: its corners, then along its bottom and top
    edges, then down its left and right sides; at last just outside, against its bottom or top edge."""
    spots = [_spot(x0 + 0.5, y0 + 0.8, "left", "bottom"), _spot(x1 - 0.5, y0 + 0.8, "right", "bottom"),
             _spot(x0 + 0.5, y1 - 0.8, "left", "top"), _spot(x1 - 0.5, y1 - 0.8, "right", "top")]
    for t in (0.5, 0.3, 0.7):
        x = x0 + t * (x1 - x0)
        spots += [_spot(x, y0 + 0.8, "center", "bottom"), _spot(x, y1 - 0.8, "center", "top")]
    for t in (0.25, 0.5, 0.75):
        y = y1 - t * (y1 - y0)
        spots += [_spot(x0 + 0.5, y, "left", "center"), _spot(x1 - 0.5, y, "right", "center")]
    for t in (0.5, 0.3, 0.7, 0.1, 0.9):  # at last just outside it, against its bottom or top edge
        x = x0 + t * (x1 - x0)
        spots += [_spot(x, y0 - 0.4, "center", "top"), _spot(x, y1 + 0.4, "center", "bottom")]
    return spots


def _area_spots(area, table: Table) -> list:
    """Spots for a name inside ``area`` (a shapely polygon): along its top, the middle first, then along
    its bottom (each 1.2 cm inside its outline where a vertical line through it meets it)."""
    x0, _, x1, _ = area.bounds
    tops, bottoms = [], []
    for t in (0.5, 0.38, 0.62, 0.26, 0.74):
        x = x0 + t * (x1 - x0)
        cut = area.intersection(shapely.LineString([(x, -1.0), (x, table.depth + 1.0)]))
        if cut.is_empty:
            continue
        _, low, _, high = cut.bounds
        tops.append(_spot(x, min(high, table.depth) - 1.2, "center", "top"))
        bottoms.append(_spot(x, max(low, 0.0) + 1.2, "center", "bottom"))
    return tops + bottoms


def _strip_spots(table: Table, edge: str, band) -> list:
    """Spots for a name inside an edge player's strip: along its inner side, its ends first, then along
    its outer side (a strip along the left or right edge: from the top down, on the table's side)."""
    x, y, w, h = band
    if edge in ("bottom", "top"):
        inner, outer = ((y + h - 1.0, "top"), (y + 1.0, "bottom")) if edge == "bottom" else \
            ((y + 1.0, "bottom"), (y + h - 1.0, "top"))
        return [_spot(at, level, ha, va) for level, va in (inner, outer)
                for at, ha in ((x + 0.5, "left"), (x + w - 0.5, "right"), (x + w / 2, "center"),
                               (x + w / 4, "center"), (x + 3 * w / 4, "center"))]
    ha, at = ("left", x + 0.5) if edge == "left" else ("right", x + w - 0.5)
    return [_spot(at, y + h - 1.0 - k * (h - 2.0) / 6, ha, "top") for k in range(6)] + [_spot(at, y + 1.0, ha, "bottom")]


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
        f"<li class='designer-finding'>{_reason_html(f.reason)} <small>({html.escape(f.rule.section)})</small></li>"
        for f in shown)
    todo = "".join(f"<li class='designer-todo'>{html.escape(text)}</li>" for text in L.unplaced(layout))
    body = f"<ul>{items}</ul>" if items else ""
    more = f"<div>Still to place:<ul>{todo}</ul></div>" if todo else ""
    return f"<div>{head}{body}{more}</div>"


# TablePanel: the package exports both from here
__all__ = ["DesignerPanel", "MODES", "Refused", "TablePanel", "facing_centre", "in_words"]
