"""The table view in plain Python: set a widget value or fire a mouse handler, then check what the
engine says and what the panel shows (artists, caption), and that the figure is changed in place."""

from types import SimpleNamespace

import pytest
import shapely

from explorer.behind import refs
from explorer.behind.cards import ActionCard
from explorer.behind.combat import ranged_attack_range
from explorer.behind.data import load_decks
from explorer.behind.game import new_game
from explorer.behind.panels.panel_table import FigureView, TablePanel, movement_reach, sight_rows
from explorer.behind.render_table import BLOCKED_COLOUR, CLEAR_COLOUR
from explorer.behind.table import Chip, Obstacle, Table

STEP = ActionCard(id="T1", title="Two steps", fate=5, movement_range=8.0, movement_number=2)
BOW = ActionCard(id="T2", title="Bow", fate=4, movement_range=6.0, movement_number=1, ranged=True)


def scene() -> Table:
    """Archer (facing +x) sees Bea past the wall, Cid only through it; Dan stands behind him."""
    return Table(120, 80, [Obstacle.box("wall", 40, 38, 4, 4, height=6)], [
        Chip("Archer", "Red", 30, 40, facing=0),
        Chip("Bea", "Blue", 60, 50, facing=180),
        Chip("Cid", "Blue", 60, 40, facing=180),
        Chip("Dan", "Red", 10, 40, facing=0),
    ])


def panel_of(table=None, **options) -> TablePanel:
    return TablePanel(table or scene(), cards=[STEP, BOW], canvas="png", **options)


def click(panel, x, y):
    return SimpleNamespace(inaxes=panel.ax, xdata=x, ydata=y, button=1)


def line_colours(panel) -> list[str]:
    return [line.get_color() for line in panel.sight_lines.visible()]


def test_the_panel_draws_each_chip_and_obstacle_once_and_shows_a_picture():
    panel = panel_of()
    assert set(panel.live.chip_artists) == {"Archer", "Bea", "Cid", "Dan"}
    assert set(panel.live.obstacle_artists) == {"wall"}
    assert panel.view.mode == "png" and bytes(panel.view.widget.value[:4]) == b"\x89PNG"
    assert panel.live.chip_artists["Archer"].body.get_center() == (30, 40)


def test_sight_lines_are_green_when_clear_red_when_blocked_and_the_caption_names_the_blocker():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "The line of sight between shooter and
    target must not be obstructed by other characters or obstacles."""
    panel = panel_of()
    assert panel.chip.value == "Archer"
    rows = {row.target: row for row in sight_rows(panel.table, "Archer")}
    assert rows["Bea"].clear and rows["Bea"].in_view and rows["Cid"].blockers == ("wall",)
    assert rows["Dan"].clear and not rows["Dan"].in_view
    assert line_colours(panel) == [CLEAR_COLOUR, BLOCKED_COLOUR, CLEAR_COLOUR]  # Bea, Cid, Dan in table order
    assert [line.get_linestyle() for line in panel.sight_lines.visible()] == ["-", "--", ":"]
    assert "Cid (by wall)" in panel.caption.value and "sees</span> Bea;" in panel.caption.value
    assert refs.RANGED.section in panel.caption.value
    panel.sight.value = False
    assert panel.sight_lines.visible() == []


def test_hovering_over_a_blocked_line_names_its_blocker():
    panel = panel_of()
    assert panel.hover(50, 40.3) == "Archer → Cid: blocked by wall"
    assert panel.hover_label.get_visible() and panel.hover_label.get_text() == "Archer → Cid: blocked by wall"
    panel._on_motion(click(panel, 60, 50))  # over Bea's chip: her full name
    assert panel.hover_text == "Bea (Blue), facing 180°"
    panel._on_motion(click(panel, 100, 10))
    assert panel.hover_text == "" and not panel.hover_label.get_visible()


def test_clicking_a_chip_selects_it_and_its_lines_are_drawn():
    panel = panel_of()
    panel._on_press(click(panel, 60.5, 40.5))
    assert panel.chip.value == "Cid" and panel.live.selected == "Cid"
    assert panel.live.chip_artists["Cid"].body.get_linewidth() == 2.0
    assert panel.live.chip_artists["Archer"].body.get_linewidth() == 0.9
    assert "Cid → Archer" not in panel.caption.value and "Archer (by wall)" in panel.caption.value
    panel._on_press(click(panel, 100, 10))  # empty table: the selection stays
    assert panel.chip.value == "Cid"


def test_movement_reach_stops_at_the_obstacle_and_stays_in_the_viewing_angle():
    """behind-2003-rulebook.txt, section "Movement": "applies in a straight line through the terrain, but not
    over obstacles, only around them"; section "Viewing Angle (Sichtwinkel)": "movement is only possible in
    the direction of the viewing angle. After a movement a character chip may be turned as desired." """
    reach = movement_reach(scene(), "Archer", STEP)
    first = reach.first_leg
    assert first.contains(shapely.Point(37.5, 40))  # straight on, up to the wall (stopped touching it at 38.5)
    assert not first.contains(shapely.Point(39.0, 40))
    assert first.contains(shapely.Point(30 + 7 * 0.866, 40 + 7 * 0.5))  # 30 degrees off, past the wall
    assert not first.contains(shapely.Point(30 + 5 * 0.5, 40 + 5 * 0.866))  # 60 degrees off: outside the angle
    assert not first.contains(shapely.Point(25, 40))
    assert reach.bound.contains(shapely.Point(25, 40))  # turned after the first leg, the second may go back
    assert not reach.bound.contains(shapely.Point(30 - 9, 40))


def test_the_reach_overlay_and_the_ranged_range_follow_the_card():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "The range of the attack equals twice the
    total movement of the card that enables the ranged attack"."""
    panel = panel_of()
    panel.reach.value = True
    first, bound = panel.reach_patches
    assert first.get_visible() and bound.get_visible()
    assert "2 legs of at most 8 cm" in panel.caption.value
    panel.range.value = True
    panel.card.value = "T2"
    assert not bound.get_visible()  # one leg: no bound beyond the first
    (circle,) = [c for c in panel.circles.visible()]
    assert circle.get_radius() == ranged_attack_range(BOW) == 12.0
    assert "enemies within it: none" in panel.caption.value
    panel.card.value = "T1"
    assert panel.circles.visible()[0].get_radius() == 32.0
    assert "Bea (31.6 cm, seen), Cid (30.0 cm, not seen)" in panel.caption.value
    assert "does not enable a ranged attack" in panel.caption.value


def test_card_length_rings_are_one_card_length_apart():
    """behind-2003-rulebook.txt, section "Scenarios (Szenarien)": "take the back of an action card and measure
    the complete length of a card with it" (ruling behind.card-length-cm: 8.8 cm)."""
    panel = panel_of()
    panel.rings.value = True
    panel.ring_count.value = 3
    radii = [c.get_radius() for c in panel.circles.visible()]
    assert radii == pytest.approx([8.8, 17.6, 26.4])
    assert [t.get_text() for t in panel.circle_labels.visible()] == ["1 CL", "2 CL", "3 CL"]


def test_show_changes_the_figure_in_place():
    panel = panel_of()
    figure, body, wall = panel.view.figure, panel.live.chip_artists["Bea"].body, panel.live.obstacle_artists["wall"]
    moved = panel.table.move_chip("Bea", 70, 60).remove("Dan")
    panel.show(moved)
    assert panel.view.figure is figure and panel.live.chip_artists["Bea"].body is body
    assert body.get_center() == (70, 60)
    assert "Dan" not in panel.live.chip_artists and len(panel.sight_lines.visible()) == 2
    assert panel.live.obstacle_artists["wall"] is wall
    assert panel.chip.options == ("Archer", "Bea", "Cid")


def test_a_game_state_offers_the_hand_of_the_chips_owner():
    decks = load_decks()
    game = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1)
    panel = TablePanel(game, canvas="agg")
    panel.chip.value = "Ludwig von Auenstedt"
    hand = {card.id for card in game.hand("Vampire") if card.movement_range > 0}
    assert {value for _, value in panel.card.options} == hand
    panel.chip.value = "Sahra Jeanette"
    assert {value for _, value in panel.card.options} == {c.id for c in game.hand("Schwesternbund")
                                                           if c.movement_range > 0}
    assert panel.view.widget.value == b""  # agg: nothing rendered for display


def test_an_ipympl_canvas_passes_a_browser_click_to_the_panel():
    """The ipympl canvas turns the browser's mouse message into matplotlib events (what Voila sends)."""
    panel = TablePanel(scene(), cards=[STEP], canvas="ipympl")
    from ipympl.backend_nbagg import Canvas

    assert isinstance(panel.view.widget, Canvas) and panel.view.widget is panel.view.figure.canvas
    x, y = panel.ax.transData.transform((60, 40))  # Cid, in pixels from the lower left
    height = panel.view.figure.canvas.get_renderer().height
    message = {"type": "button_press", "x": x, "y": height - y, "button": 0, "buttons": 1, "modifiers": []}
    panel.view.widget._handle_message(panel.view.widget, message, [])
    assert panel.chip.value == "Cid"


def test_figure_view_rejects_an_unknown_mode():
    with pytest.raises(ValueError, match="mode must be one of"):
        FigureView(100, 100, mode="svg")


def test_a_chip_facing_the_obstacle_it_touches_has_no_first_leg_but_can_turn_after_it():
    """behind-2003-rulebook.txt, section "Movement": "not over obstacles, only around them" -- a chip touching
    the wall it faces cannot walk at all within its viewing angle."""
    table = scene().move_chip("Archer", 38.5, 40)
    reach = movement_reach(table, "Archer", STEP)
    assert reach.first_leg.is_empty
    assert reach.bound.contains(shapely.Point(33.5, 40))
    panel = panel_of(table)
    panel.reach.value = True
    first, bound = panel.reach_patches
    assert not first.get_visible() and bound.get_visible()


def test_the_panel_fits_jupyterlabs_narrowest_output_area():
    """Issue 11 (docs/panel-layout.md): the figure fits 590 px (or scrolls in its own box), the
    controls sit in rows that wrap, checkboxes are as wide as their words, labels are shown in full."""
    panel = panel_of()
    assert panel.view.pixel_size[0] <= 590
    controls, overlays, figure_box, _caption = panel.children
    assert controls.layout.flex_flow == overlays.layout.flex_flow == "row wrap"
    assert figure_box.layout.overflow == "auto" and figure_box.layout.max_width == "100%"
    assert all(box.layout.width == "auto" for box in (panel.sight, panel.reach, panel.range, panel.rings))
    assert panel.chip.style.description_width == panel.card.style.description_width == "initial"
    assert panel.card.tooltip == str(panel.card.label)


def test_hovering_is_blitted_and_a_click_draws_the_sight_lines_afresh():
    import io

    import numpy as np
    from PIL import Image

    panel = panel_of()
    draws = panel.live.full_draws
    for x in (30, 31, 60, 45, 10):
        panel.hover(x, 40)
    assert panel.live.full_draws == draws  # only the hover text drawn over the cached table
    panel._on_press(click(panel, 60, 50))
    assert panel.chip.value == "Bea" and panel.live.full_draws == draws + 1
    shown = np.asarray(Image.open(io.BytesIO(panel.view.widget.value)).convert("RGB")).astype(int)
    full = np.asarray(Image.open(io.BytesIO(panel.png())).convert("RGB")).astype(int)
    assert shown.shape == full.shape and (np.abs(shown - full).max(axis=2) > 40).sum() == 0


def test_no_picture_is_sent_before_a_browser_shows_the_canvas():
    """Before any browser view says it is there, ipympl turns a picture it sends into the widget's
    initial data URL, and Voila's first view then failed to set its state ("drawImage ... broken")
    and never showed the canvas (the designer app, found by its browser test): the live views draw
    their pixels and ask for a draw instead, until a view is there."""
    from explorer.behind.panels.panel_designer import DesignerPanel

    panel = TablePanel(scene(), cards=[STEP], canvas="ipympl")
    panel.click(*panel.table.chip(panel.table.chips[0].name).position)
    assert panel.view.figure.canvas._data_url is None
    designer = DesignerPanel(canvas="ipympl")
    assert designer.view.figure.canvas._data_url is None


def test_the_caption_names_the_movement_section_once_at_single_line_height():
    """Issue 11: the TablePanel read "Movement (Movement) with Vorahnung" in paragraphs of double line
    height (behind-2003-rulebook.txt, "Movement")."""
    from explorer.behind.layouts import load_layout
    from explorer.behind.panels import TablePanel

    panel = TablePanel(load_layout("unser_revier_example").table, canvas="png")
    panel.reach.value = True
    text = panel.caption.value
    assert "Movement with " in text and "Movement (Movement)" not in text and "line-height:1.35" in text
