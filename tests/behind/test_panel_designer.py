"""The scenario designer in plain Python: fire the mouse handlers or set a widget value, then check the
layout (the engine's state) and what the panel shows (validation list, marks, status, controls).

Rules: behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"), Setup: "The first player places his
character chips between the obstacles in the middle of the table. A chip may be at most one card length
from another chip. Then the opponent places his character chips at a table edge of his choice. ... In
addition every chip must be at least three card lengths from an enemy character chip."
"""

import html
import json
from types import SimpleNamespace

import pytest

from explorer.behind import layouts as L
from explorer.behind import refs
from explorer.behind.panels.panel_designer import DesignerPanel
from explorer.behind.render_table import BLOCKED_COLOUR
from explorer.behind.table import Obstacle

LUDWIG, SAHRA = "Ludwig von Auenstedt", "Sahra Jeanette"


@pytest.fixture
def designer(tmp_path) -> DesignerPanel:
    return DesignerPanel(L.load_layout("unser_revier_example"), folder=tmp_path, canvas="png")


def mouse(panel, x, y, button=1):
    return SimpleNamespace(inaxes=panel.ax, xdata=x, ydata=y, button=button)


def test_the_example_shows_no_broken_rule_and_nothing_to_place(designer):
    assert designer.messages == []
    assert "breaks no rule of \"Unser Revier!\"" in designer.validation.value
    assert "Still to place" not in designer.validation.value
    assert bytes(designer.view.widget.value[:4]) == b"\x89PNG"
    geometry = json.loads(designer.geometry.value)
    assert geometry == {"xlim": [-2.0, 122.0], "ylim": [-2.0, 82.0], "axes": [0, 0, 1, 1], "size": [580, 393]}


def test_the_figure_fits_the_narrowest_output_area_as_drawn(tmp_path):
    """Issue 11: an ipympl canvas is never scaled by the page (a click would land beside the point clicked), so
    the designer's figure fits JupyterLab's narrowest output area (590 px) as drawn, with the 2 + 2 px margins
    ipympl puts on each side of it; the canvas box scrolls sideways (never overflows) in a narrower one."""
    from explorer.core.panels.layout import NARROWEST

    for scenario in ("unser_revier", "juwel_von_athen"):
        designer = DesignerPanel(L.new_layout(scenario), folder=tmp_path, canvas="png")
        width, height = designer.view.pixel_size
        assert width + 8 <= NARROWEST, (scenario, width)
        assert designer.view.widget.layout.width == f"{width}px"  # the PNG is shown at its own size
        canvas_box = next(box for box in designer.canvas_column.children if "designer-canvas-box" in box._dom_classes)
        assert (canvas_box.layout.overflow, canvas_box.layout.max_width) == ("auto", "100%")
    wide = DesignerPanel(L.new_layout("unser_revier"), folder=tmp_path, canvas="png", width_px=760)
    assert wide.view.pixel_size == (760, 515)


def test_dragging_a_chip_checks_the_rules_live_and_commits_on_release(designer):
    """"every chip must be at least three card lengths from an enemy character chip" (section "Unser Revier!"
    ("Our Turf!")): while Ludwig is dragged towards the Sisterhood the list names each enemy too near."""
    designer._on_press(mouse(designer, 56.4, 6.3))  # a little off the centre: the chip keeps that offset
    assert designer.selected == LUDWIG
    designer._on_motion(mouse(designer, 56.4, 13.3))
    assert designer.design.table.chip(LUDWIG).position == (56, 6)  # not committed yet
    shown = designer.messages
    assert any(m.startswith(f"{SAHRA} is 25.3 cm (2.9 card lengths) from {LUDWIG}") for m in shown)
    assert "broken rule" in designer.validation.value
    assert html.escape(refs.UNSER_REVIER.section) in designer.validation.value  # each rule cited
    designer._on_motion(mouse(designer, 56.4, 20.3))
    designer._on_release(mouse(designer, 56.4, 20.3))
    assert designer.design.table.chip(LUDWIG).position == pytest.approx((56, 20))
    assert any(f"{SAHRA} is 18.4 cm" in m for m in designer.messages)
    assert "moved to (56.0, 20.0)" in designer.status.value
    designer._on_motion(mouse(designer, 56.4, 40.3))  # a late motion event after the release changes nothing
    assert designer.design.table.chip(LUDWIG).position == pytest.approx((56, 20))


def test_each_broken_distance_is_drawn_between_the_chips_it_names(designer):
    designer.move(LUDWIG, 56, 20)
    pairs = {frozenset(f.chips[:2]) for f in designer.shown if len(f.chips) == 2}
    lines = designer.mark_lines.visible()
    assert len(lines) == len(pairs) and len(pairs) >= 5
    ends = {frozenset(zip(*line.get_data())) for line in lines}
    assert frozenset({(56.0, 20.0), (60.0, 38.0)}) in ends  # Ludwig -- Sahra
    assert "18.4 cm" in [t.get_text() for t in designer.mark_labels.visible()]
    edge = next(f for f in designer.shown if "table edge" in f.reason)
    assert edge.chips == (LUDWIG,)
    (ring,) = designer.mark_rings.visible()
    assert ring.get_center() == (56, 20)
    assert designer.live.chip_artists[LUDWIG].body.get_edgecolor()[:3] == pytest.approx((0.843, 0.188, 0.153), abs=0.01)
    assert BLOCKED_COLOUR == "#d73027"
    designer.move(LUDWIG, 56, 6)
    assert designer.messages == [] and designer.mark_lines.visible() == [] and designer.mark_rings.visible() == []


def test_a_drop_the_table_forbids_puts_the_chip_back_and_says_why(designer):
    """Section "Movement": "If a character chip would overlap another ..." -- the table never holds
    overlapping chips, so the drop is refused."""
    designer.press(56, 6)
    assert designer.drag_to(50, 5) is False  # onto Gräfin Mathilde
    assert "would overlap Gräfin Mathilde von Rabenfels" in designer.status.value
    assert designer.live.chip_artists[LUDWIG].body.get_center() == (50, 5)  # drawn where the mouse is, in red
    assert designer.release(50, 5) is False
    assert designer.design.table.chip(LUDWIG).position == (56, 6)
    assert designer.live.chip_artists[LUDWIG].body.get_center() == (56, 6)
    assert "stays where it was" in designer.status.value


def test_clicks_add_the_next_chip_and_the_next_obstacle_piece(tmp_path):
    """Section "The Beginning": "On each character card lying out you place the matching character chip";
    section "Unser Revier!" ("Our Turf!"), Terrain: "Place six small obstacles in the middle of the table." """
    designer = DesignerPanel(L.new_layout(obstacles=False), folder=tmp_path, canvas="agg")
    designer.mode.value = "add obstacle"
    assert designer.piece.value == "crate"
    designer._on_press(mouse(designer, 40, 30))
    assert [o.name for o in designer.design.table.obstacles] == ["crate"] and designer.piece.value == "well"
    assert "5 obstacles still to place" in designer.validation.value
    designer.mode.value = "add chip"
    designer.player.value = "Vampire"
    designer._on_press(mouse(designer, 60, 5))
    chip = designer.design.table.chip(LUDWIG)
    assert (chip.owner, chip.position, chip.facing) == ("Vampire", (60, 5), 90.0)  # facing the table centre
    assert designer.selected == LUDWIG and designer.facing.value == 90
    designer._on_press(mouse(designer, 40, 30))  # on the crate: a flat piece, but is there room?
    assert "Gräfin Mathilde von Rabenfels" in designer.design.table  # yes: wholly on the 8 x 8 cm crate
    designer._on_press(mouse(designer, 41.5, 31.5))  # overlapping her
    assert "would overlap Gräfin Mathilde von Rabenfels" in designer.status.value
    designer._on_press(mouse(designer, 100, 60, button=3))  # a right click does nothing
    assert len(designer.design.table) == 2


def test_the_facing_slider_turns_the_selected_chip(designer):
    """Section "Viewing Angle (Sichtwinkel)": "Each character may ... be turned as desired"; the marking of
    90 degrees turns with it."""
    designer.select(SAHRA)
    assert designer.facing.value == 270 and not designer.facing.disabled and designer.height.disabled
    designer.facing.value = 45
    assert designer.design.table.chip(SAHRA).facing == 45.0
    fan = designer.live.chip_artists[SAHRA].fan
    assert (fan.theta1, fan.theta2) == (0.0, 90.0)


def test_an_obstacle_is_dragged_turned_and_edited_as_a_piece(designer):
    """Section "Terrain and Climbing (Gelände & Klettern)": "Every character can climb obstacles if the
    obstacle in question is flat and his character chip has room on it." -- height and flatness matter."""
    designer.press(81, 27)  # the cart
    assert designer.selected == "cart" and designer.facing.description == "angle"
    designer.drag_to(85, 27)
    designer.release(85, 27)
    cart = designer.design.table.obstacle("cart")
    assert L.piece_pose(L.piece(designer.design.rules, "cart"), cart) == pytest.approx((85, 27, 0))
    designer.facing.value = 90
    assert L.piece_pose(L.piece(designer.design.rules, "cart"), designer.design.table.obstacle("cart"))[2] == \
        pytest.approx(90)
    designer.height.value = 2.0
    designer.flat.value = True
    cart = designer.design.table.obstacle("cart")
    assert (cart.height, cart.flat) == (2.0, True)
    assert designer.live.obstacle_artists["cart"].label.get_text() == "cart (h 2 cm, flat)"
    assert designer.messages == []  # the setup rules do not care ...
    problems = L.game_problems(designer.design)  # ... but the game places the scenario's piece as it is
    assert problems == [
        "obstacle 'cart' is 2 cm high; the scenario's piece is 5 cm (the game places the piece as it is)",
        "obstacle 'cart' is flat; the scenario's piece is not flat",
    ]
    designer.start_button.click()
    assert designer.game is None and designer.said.startswith("A game cannot start from this layout yet: ")
    assert "obstacle 'cart' is 2 cm high" in designer.said and "field" not in designer.said
    assert "cannot start" in designer.file_status.value  # answered beside the button too


def test_moving_an_obstacle_onto_a_chip_is_refused(designer):
    designer.press(60, 27)  # the well
    designer.release(60, 38)  # onto Sahra
    assert "would overlap the obstacle well" in designer.status.value
    assert designer.design.table.obstacle("well").polygon.centroid.y == pytest.approx(27)


def test_swapping_roles_checks_the_other_setup(designer):
    designer.role_boxes["middle"].value = "Vampire"
    assert designer.design.roles == {"Vampire": "middle", "Schwesternbund": "edge"}
    assert designer.role_boxes["edge"].value == "Schwesternbund"
    assert any("outside the area between the obstacles" in m and LUDWIG in m for m in designer.messages)
    assert any("from the top table edge" in m and SAHRA in m for m in designer.messages)
    labels = [t.get_text() for t in designer.zone_labels.visible()]
    assert "between the obstacles (Vampire)" in labels


def test_remove_save_load_and_start_a_game_through_the_buttons(designer, tmp_path):
    designer.select(LUDWIG)
    designer.remove_button.click()
    assert LUDWIG not in designer.design.table and "still places 1 chip: Ludwig" in designer.validation.value
    designer.filename.value = "without ludwig"
    designer.save_button.click()
    assert (tmp_path / "layouts" / "without ludwig.json").is_file()
    assert designer.saved.options == (("without ludwig", "without ludwig"),
                                      ("unser_revier_example (shipped)", "unser_revier_example"))
    assert designer.said == f"Saved as {tmp_path / 'layouts' / 'without ludwig.json'}."
    designer.save_button.click()
    assert "is saved in" in designer.said and "tick 'replace'" in designer.said
    designer.saved.value = "without ludwig"
    designer.add_chip("Vampire", 56, 6, 90)
    designer.load_button.click()
    assert LUDWIG not in designer.design.table
    designer.add_chip("Vampire", 56, 6, 90)
    designer.seed.value = 4
    designer.start_button.click()
    game = designer.game
    assert game is not None and game.phase == "action" and game.current_player == "Schwesternbund"
    assert designer.said.startswith("Game started: Schwesternbund begins.")
    assert designer.game_panel.game is game and designer.game_panel in designer.game_view.children
    designer.move(LUDWIG, 56, 7)
    assert designer.game is None and designer.game_view.children == ()  # a changed layout is another game
    assert designer.said.endswith("The game below was closed (the layout changed): press 'start game' for a new one.")


def test_another_scenario_resizes_the_same_figure(designer):
    """Section "Das Juwel von Athen" ("The Jewel of Athens"): three players on a 120 x 120 cm table (ruling
    behind.scenario-table-cm)."""
    figure = designer.view.figure
    designer.scenario.value = "juwel_von_athen"
    assert designer.view.figure is figure and designer.design.scenario == "juwel_von_athen"
    assert list(designer.role_boxes) == ["middle", "edge", "opposite-edge"]
    assert json.loads(designer.geometry.value)["size"] == [580, 580]
    assert len(designer.design.table.obstacles) == 8


def test_a_chip_dragged_through_the_ipympl_canvas_is_moved(tmp_path):
    """The browser's mouse messages (press, motion, release) reach the handlers through ipympl."""
    designer = DesignerPanel(L.load_layout("unser_revier_example"), folder=tmp_path, canvas="ipympl")
    canvas = designer.view.widget
    height = canvas.get_renderer().height

    def send(kind, x, y, buttons):
        px, py = designer.ax.transData.transform((x, y))
        canvas._handle_message(canvas, {"type": kind, "x": px, "y": height - py, "button": 0, "buttons": buttons,
                                        "modifiers": []}, [])

    send("button_press", 56, 6, 1)
    send("motion_notify", 56, 12, 1)
    send("motion_notify", 56, 16, 1)
    send("button_release", 56, 16, 0)
    assert designer.design.table.chip(LUDWIG).position == pytest.approx((56, 16), abs=0.05)
    assert any(LUDWIG in m for m in designer.messages)


def test_an_obstacle_that_is_not_a_piece_can_be_moved_but_not_turned(tmp_path):
    layout = L.new_layout(obstacles=False)
    layout = layout.with_table(layout.table.add_obstacle(Obstacle.circle("rock", 60, 40, 3, height=2)))
    designer = DesignerPanel(layout, folder=tmp_path, canvas="agg")
    designer.select("rock")
    assert designer.facing.disabled
    designer.move("rock", 62, 41)
    assert designer.design.table.obstacle("rock").polygon.centroid.coords[0] == pytest.approx((62, 41))
    assert designer._guard(designer.turn, "rock", 30) is None and "cannot be turned" in designer.status.value
    assert any("not one of the pieces" in p for p in L.game_problems(designer.design))


def test_a_click_on_a_chip_selects_it_and_never_moves_it(designer):
    """Issue 11: clicking a chip to select it said "moved to (same position)"."""
    assert designer.said.startswith("Click a chip or an obstacle to select it")
    before = designer.design
    designer._on_press(mouse(designer, 56.3, 6.2))
    designer._on_motion(mouse(designer, 56.4, 6.3))  # the hand trembles: still a click
    designer._on_release(mouse(designer, 56.4, 6.3))
    assert designer.selected == LUDWIG and designer.design is before
    assert designer.said == f"{LUDWIG} selected: drag it, or click on the table to move it (turn it with 'facing')."
    assert "moved" not in designer.status.value
    designer.press(56, 12)  # a click on the table moves the selected chip there
    designer.release(56, 12)
    assert designer.design.table.chip(LUDWIG).position == (56, 12)
    assert designer.said == f"{LUDWIG} moved to (56.0, 12.0)."
    designer.press(56, 6), designer.release(56, 6)  # an empty place again: the chip goes back
    assert designer.design.table.chip(LUDWIG).position == (56, 6)
    designer.press(100, 40)
    designer.press(50, 5)  # Gräfin Mathilde: selected, Ludwig stays
    assert designer.selected == "Gräfin Mathilde von Rabenfels"
    assert designer.design.table.chip(LUDWIG).position == (100, 40)


def test_nothing_selected_and_a_click_on_an_empty_place_says_what_to_do(tmp_path):
    designer = DesignerPanel(L.load_layout("unser_revier_example"), folder=tmp_path, canvas="agg")
    assert designer.press(100, 60) is None
    assert designer.said.startswith("Nothing to select there: click a chip or an obstacle")


def test_each_mode_says_what_a_click_does_in_plain_words(tmp_path):
    designer = DesignerPanel(L.new_layout(obstacles=False), folder=tmp_path, canvas="agg")
    designer.mode.value = "add chip"
    designer.player.value = "Vampire"
    assert designer.said == f"Click on the table to place {LUDWIG} (Vampire's next chip)."
    assert designer.player.options[1] == ("Vampire (4 to place)", "Vampire")
    designer.press(60, 5)
    assert designer.said == (f"Vampire places {LUDWIG} at (60.0, 5.0), facing the middle. Click again to place "
                             "Gräfin Mathilde von Rabenfels.")
    assert designer.player.options[1] == ("Vampire (3 to place)", "Vampire")
    designer.press(61, 5)  # on Ludwig
    assert designer.said.startswith("Gräfin Mathilde von Rabenfels cannot stand at (61.0, 5.0): Gräfin Mathilde "
                                    f"von Rabenfels would overlap {LUDWIG}")
    assert designer.said.endswith("Click somewhere else.") and "field" not in designer.said
    assert 'designer-error' in designer.status.value
    designer.mode.value = "add obstacle"
    assert designer.said == "Click on the table to place the crate."
    designer.piece.value = "cart"
    assert designer.said == "Click on the table to place the cart."
    designer.press(75, 28)
    assert designer.said == ("The cart is placed at (75.0, 28.0). Next: the crate (chosen under 'obstacle'); "
                             "click to place it.")
    designer.mode.value = "move"
    assert designer.said == "The cart selected: drag it, or click on the table to move it (turn it with 'angle'; " \
                            "height and 'flat' are under the table)."


def test_the_obstacle_list_holds_every_piece_and_a_placed_one_is_moved(designer):
    """Issue 11: with every piece on the table the obstacle dropdown was empty."""
    assert [value for _, value in designer.piece.options] == [p.name for p in designer.design.rules.obstacles]
    assert designer.piece.options[0] == ("crate (on the table)", "crate")
    designer.mode.value = "add obstacle"
    assert designer.said.startswith("The crate is on the table already: a click on the table moves it there.")
    designer.press(20, 60)
    assert designer.design.table.obstacle("crate").polygon.centroid.coords[0] == pytest.approx((20, 60))
    assert designer.said == "The crate was on the table already: it is now at (20.0, 60.0)."
    assert len(designer.design.table.obstacles) == 6


def test_a_player_with_every_chip_placed_is_told_in_words(designer):
    designer.mode.value = "add chip"
    designer.player.value = "Vampire"
    assert designer.said == ("Vampire has placed all his chips. Choose another player under 'chip of', or choose "
                             "'move' to drag a chip.")
    designer.press(100, 60)
    assert designer.said.startswith("Vampire has placed all his chips (Ludwig von Auenstedt, ")
    assert "layout" not in designer.said and "field" not in designer.said


def test_start_game_opens_a_playable_game_panel(designer):
    """Issue 11: "start game" printed two lines and offered nothing to play."""
    from explorer.behind.panels.panel_replay import ReplayPanel

    game = designer.start_game(0)
    panel = designer.game_panel
    assert isinstance(panel, ReplayPanel) and panel.playing and panel.game is game
    assert game.current_player == "Schwesternbund" and panel.legal
    # issue 11: the dropdown defaulted to "ends the turn" under the primary "apply": nothing is chosen now,
    # and "apply" is offered once an action is (behind-2003-rulebook.txt, "The Course of the Game")
    assert panel.actions.value is None and panel.apply_button.disabled and not panel.actions.disabled
    before = list(game.history)
    panel.apply_selected()  # nothing chosen: nothing applied
    assert game.history == before and "choose one of" in panel.message.value
    move = next(a for a in panel.legal if a.kind == "move")
    panel.apply(move)
    assert game.history[-1] == move and game.actions_left == 2


def test_save_writes_into_the_chosen_folder_and_never_into_data(tmp_path, monkeypatch):
    """Issue 11: Save wrote into the repository's data/ folder.  The folder field defaults to the
    working directory; layouts go to its layouts/ folder; the explorer's data folder is refused."""
    monkeypatch.chdir(tmp_path)
    designer = DesignerPanel(L.load_layout("unser_revier_example"), canvas="agg")
    assert designer.folder_text.value == str(tmp_path) and designer.layouts_dir == tmp_path / "layouts"
    assert designer.save("mine") == tmp_path / "layouts" / "mine.json"
    other = tmp_path / "elsewhere"
    designer.folder_text.value = str(other)
    assert designer.said == f"Layouts are saved in {other / 'layouts'} (and listed from there)."
    designer.filename.value = "mine"
    designer.save_button.click()
    assert (other / "layouts" / "mine.json").is_file()
    data = L.LAYOUT_DIR.parents[2]  # the repository's data/ (or the installed package's copy)
    before = sorted(p.name for p in L.LAYOUT_DIR.iterdir())
    for folder in (data, L.LAYOUT_DIR, L.LAYOUT_DIR.parent):
        designer.folder_text.value = str(folder)
        designer.save_button.click()
        assert "inside the explorer's own data folder" in designer.said and "type a folder of your own" in designer.said
    assert sorted(p.name for p in L.LAYOUT_DIR.iterdir()) == before
    with pytest.raises(L.LayoutError, match="own data folder"):
        L.save_layout(designer.design, "x", folder=L.LAYOUT_DIR)
    designer.folder_text.value = str(tmp_path)
    designer.filename.value = "../escape"
    designer.save_button.click()
    assert designer.said.startswith('"../escape" cannot be a layout name') and not (tmp_path / "escape.json").exists()


def test_a_drag_redraws_only_what_changed_and_shows_what_a_full_draw_shows(designer):
    """Blitting: while a chip is dragged the table, the obstacles and the other chips are not drawn
    again; the pixels are those of the whole figure drawn afresh."""
    import numpy as np
    from PIL import Image
    import io

    chip = designer.design.table.chip(LUDWIG)
    designer._on_press(mouse(designer, chip.x, chip.y))
    designer._on_motion(mouse(designer, chip.x + 0.5, chip.y + 0.5))
    draws = designer.live.full_draws
    for k in range(1, 11):  # within the Vampires' edge: no other chip changes
        designer._on_motion(mouse(designer, chip.x + 0.5, chip.y + 0.5 + 0.2 * k))
    assert designer.live.full_draws == draws  # every step blitted
    keys = {name: a.key for name, a in designer.live.chip_artists.items()}
    changed = set()
    for k in range(1, 21):  # out of it: a chip whose rule breaks is outlined (drawn afresh once)
        designer._on_motion(mouse(designer, chip.x + 0.5, chip.y + 2.5 + 0.8 * k))
        changed |= {name for name, a in designer.live.chip_artists.items() if a.key != keys[name]} - {LUDWIG}
        shown = np.asarray(Image.open(io.BytesIO(designer.view.widget.value)).convert("RGB")).astype(int)
        full = np.asarray(Image.open(io.BytesIO(designer.png())).convert("RGB")).astype(int)
        assert shown.shape == full.shape and (np.abs(shown - full).max(axis=2) > 40).sum() == 0, k
    assert 0 < len(changed) <= 7
    assert designer.live.full_draws - draws <= len(changed)  # once per chip that changed beside the dragged one
    designer._on_motion(mouse(designer, chip.x + 0.5, chip.y + 10.5))
    designer._on_release(mouse(designer, chip.x + 0.5, chip.y + 10.5))
    assert designer.design.table.chip(LUDWIG).position == pytest.approx((chip.x + 0.5, chip.y + 10.5))


def test_the_full_name_of_a_chip_is_shown_beside_the_mouse_and_goes_with_a_press(designer):
    """The table names chips by their first word(s), at least 8 pt; the mouse over a chip shows the
    full name (no drag under way), a press takes it away."""
    sahra = designer.design.table.chip(SAHRA)
    assert designer.live.chip_artists[SAHRA].label.get_text() == "Sahra"
    assert designer.live.chip_artists[SAHRA].label.get_fontsize() >= 8
    designer._on_motion(mouse(designer, sahra.x, sahra.y))
    assert designer.hover_label.get_visible() and designer.hover_label.get_text().startswith(f"{SAHRA} (Schwesternbund)")
    designer._on_press(mouse(designer, sahra.x, sahra.y))
    assert not designer.hover_label.get_visible() and designer.selected == SAHRA
    designer._on_release(mouse(designer, sahra.x, sahra.y))
    designer._on_motion(mouse(designer, 5, 75))
    assert not designer.hover_label.get_visible()


def test_a_draw_the_browser_asks_for_keeps_the_dragged_chip_and_the_marks(designer):
    """ipympl draws the figure afresh when the browser asks (a resize): the artists that are blitted
    (the dragged chip, the marks) are drawn over it too."""
    import numpy as np
    from PIL import Image
    import io

    chip = designer.design.table.chip(LUDWIG)
    designer._on_press(mouse(designer, chip.x, chip.y))
    for k in range(1, 8):
        designer._on_motion(mouse(designer, chip.x + 0.5, chip.y + 1.2 * k))
    designer.view.figure.canvas.draw()
    shown = np.asarray(designer.view.figure.canvas.buffer_rgba())[..., :3].astype(int)
    full = np.asarray(Image.open(io.BytesIO(designer.png())).convert("RGB")).astype(int)
    assert (np.abs(shown - full).max(axis=2) > 40).sum() == 0


def _lesson_crowd(panel):
    """The lesson's crowd: the sisters between the obstacles, Ludwig dragged close to them, the other
    Vampires at the bottom edge (notebooks/behind/05_scenario_designer.ipynb)."""
    panel.move(LUDWIG, 56, 20)
    return panel


def test_the_chip_legend_gives_each_full_name_beside_the_name_on_the_table(designer):
    """Section "Unser Revier!", Setup: every character chip of both players is on the table; the table
    names a chip by the word that tells it apart ("Agathe": issue 11, "Schwester", "Seherin" and "Gräfin" were
    titles, not names), the legend beside it in full ("Schwester Agathe")."""
    legend = designer.legend.value
    for chip in designer.design.table.chips:
        assert html.escape(chip.name) in legend
        assert html.escape(designer.live.chip_artists[chip.name].label.get_text()) in legend
    assert "<b>Agathe</b>: Schwester Agathe" in legend and "<b>Mathilde</b>: Gräfin Mathilde von Rabenfels" in legend
    assert "<b>Ilse</b>: Seherin Ilse" in legend
    for player in designer.design.players:
        assert designer.live.colour(player) in legend
    designer.remove(SAHRA)
    assert SAHRA not in designer.legend.value


def test_a_ruling_in_a_broken_rule_is_named_by_its_title_and_cited_in_the_tooltip(designer):
    """Section "Unser Revier!", Setup: "the opponent places his character chips at a table edge of his
    choice" -- the explorer's ruling behind.setup-table-edge says how far; the user reads its title."""
    _lesson_crowd(designer)
    edge = next(m for m in designer.messages if "table edge" in m)
    assert "(ruling behind.setup-table-edge)" not in edge
    assert edge.endswith("(the explorer's ruling \u201cWhat 'at a table edge of his choice' means, in card "
                         "lengths\u201d)")
    shown = designer.validation.value
    assert "title='ruling behind.setup-table-edge'" in shown and "(ruling behind" not in shown
    assert html.escape(refs.UNSER_REVIER.section) in shown  # the rulebook section stays cited


def test_no_distance_label_covers_a_chip_or_an_obstacle(designer):
    """Section "Unser Revier!", Setup ("at least three card lengths from an enemy character chip"): each
    broken distance is labelled on its line, never over a chip or an obstacle (else left to the list)."""
    _lesson_crowd(designer)
    designer.png()
    from explorer.core.render_labels import renderer_of
    renderer = renderer_of(designer.view.figure)
    to_px = designer.ax.transData.transform
    table = designer.design.table
    labels = designer.mark_labels.visible()
    assert labels and len(labels) < len(designer.mark_lines.visible())  # the crowd leaves some out
    for label in labels:
        box = label.get_window_extent(renderer)
        for chip in table.chips:
            (cx, cy), (ex, _) = to_px(chip.position), to_px((chip.x + table.radius, chip.y))
            nx, ny = min(max(cx, box.x0), box.x1), min(max(cy, box.y0), box.y1)
            assert (nx - cx) ** 2 + (ny - cy) ** 2 >= (ex - cx) ** 2 - 1.0, (label.get_text(), chip.name)
        for artists in designer.live.obstacle_artists.values():
            path = artists.patch.get_path().transformed(artists.patch.get_transform())
            assert not path.intersects_bbox(box, filled=True), (label.get_text(), artists.obstacle.name)


def test_zone_labels_stand_on_the_table_colour_clear_of_the_chips(designer):
    """Section "Unser Revier!", Setup: the zones ("between the obstacles in the middle of the table", "a
    table edge of his choice") are named on a patch of the table's colour, above the zone lines, so no
    dashed line strikes a name through; the middle's name takes a corner no chip covers."""
    from explorer.behind.render_table import TABLE_COLOUR
    from matplotlib.colors import to_rgba
    from explorer.core.render_labels import renderer_of

    _lesson_crowd(designer)
    designer.png()
    zones = designer.zone_labels.visible()
    assert {t.get_text() for t in zones} >= {"middle of the table (obstacles)", "between the obstacles (Schwesternbund)"}
    lines = [designer.middle_box, designer.middle_area]
    for text in zones:
        patch = text.get_bbox_patch()
        assert patch is not None and patch.get_facecolor()[:3] == pytest.approx(to_rgba(TABLE_COLOUR)[:3])
        assert text.get_zorder() > max(line.get_zorder() for line in lines)
    middle = next(t for t in zones if t.get_text().startswith("middle"))
    box = middle.get_window_extent(renderer_of(designer.view.figure))
    to_px = designer.ax.transData.transform
    for chip in designer.design.table.chips:
        x, y = to_px(chip.position)
        assert not box.contains(x, y), chip.name


def _names_misplaced(panel) -> list[str]:
    """:func:`label_collisions` of the designer's figure about chip names: one nearer another chip than
    its own (without a leader line to its own), on a chip, or running into another label."""
    from explorer.core.render_labels import label_collisions

    panel.png()
    table = panel.design.table
    named = {a.label.get_text(): table.chip(name).position for name, a in panel.live.chip_artists.items()}
    problems = label_collisions(panel.view.figure, named=named, every_text=False)
    return [p for p in problems if any(p.startswith(repr(word)) for word in named)
            and ("nearer" in p or "on a piece" in p or "overlaps" in p or "runs into" in p)]


def test_each_chip_name_stands_by_its_own_chip(designer):
    """Section "Unser Revier!", Setup ("The first player places his character chips between the obstacles
    in the middle of the table. A chip may be at most one card length from another chip"): the shipped
    example's sisters stand close together; each name reads as its own chip's (nearer it than any other,
    or joined to it by a leader line) at the designer's 580 px, also in the lesson's crowd."""
    assert _names_misplaced(designer) == []
    assert _names_misplaced(_lesson_crowd(designer)) == []


def test_the_game_s_actions_are_offered_in_words_each_its_own(designer):
    """Section "Unser Revier!", then "Movement": the game started from the layout offers its legal actions
    in the words its step headers use (the system's describe_action), never as call syntax; two moves of the
    same chip with the same card read apart by where they end; the option chosen is the action applied."""
    from explorer.core.replay import action_text

    game = designer.start_game(0)
    panel = designer.game_panel
    labels = [label for label, _ in panel.actions.options]
    assert [value for _, value in panel.actions.options] == list(range(len(panel.legal)))
    assert len(set(labels)) == len(labels)
    for label, action in zip(labels, panel.legal):
        assert "(card=" not in label and not label.startswith(action.kind + "(")
        assert label.startswith(action_text(action, game, "behind"))
    index = next(i for i, label in enumerate(labels) if " moves " in label)
    move = panel.legal[index]
    panel.actions.value = index
    panel.apply_selected()
    assert game.history[-1] == move
    assert html.escape(action_text(move, None, "behind").split(":")[0]) in panel.step_text.value


def test_a_click_is_answered_next_to_the_canvas(designer):
    """Issue 11 (JupyterLab, 590-845 px): the selection and its controls and the broken rules stood in
    the side column or below it, which a narrow output area wraps under the table, ~250-700 px below
    the click.  The message line stands right above the canvas; what is selected with its facing,
    height and remove controls, and then the broken rules, right under it, in a column as wide as the
    canvas (behind-2003-rulebook.txt, "Setup")."""
    children = list(designer.children)
    assert children.index(designer.status) + 1 == children.index(designer.body)
    column = designer.canvas_column
    assert designer.body.children[0] is column
    assert "designer-canvas-box" in column.children[0]._dom_classes
    assert column.children[1] is designer.selection_row and column.children[2] is designer.validation
    assert column.layout.width == f"{designer.view.pixel_size[0] + 8}px"
    controls = designer.selection_row.children[1].children
    assert {designer.facing, designer.height, designer.flat, designer.remove_button} == set(controls)
    assert designer.validation not in children and designer.facing not in designer.sidebar.children
    chip = designer.design.table.chip(LUDWIG)
    designer._on_press(mouse(designer, chip.x, chip.y))
    designer._on_release(mouse(designer, chip.x, chip.y))
    assert LUDWIG in designer.selected_label.value and "selected" in designer.selected_label.value
    assert "<br>" not in designer.selected_label.value  # one line
