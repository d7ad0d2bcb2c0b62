"""Figures that read cleanly (issue 11): labels clear of chips, obstacles and each other, axis labels
clear of legends, no text below the minimum size, full names, one colour per society."""

import math

import pytest
from matplotlib.colors import to_hex

from explorer.behind import Chip, Obstacle, Table, load_action_cards, load_decks, study
from explorer.behind.game import GameOptions, new_game
from explorer.behind.movement import move_leg
from explorer.behind.palette import SOCIETY_COLOURS, colours_for, society_of
from explorer.behind.render_game import draw_state, player_colours
from explorer.behind.render_study import draw_card_rows, draw_movement, new_grid, plot_melee_grid, wrap_name
from explorer.behind.render_study import player_colours as study_colours
from explorer.behind.render_table import draw_table, owner_colours
from explorer.core.display import figure_png
from explorer.core.render_labels import (MIN_FONT_SIZE, box_hits_circle, label_collisions, overlapping_pairs,
                                         renderer_of, too_small)

VAMPIRE, SISTERS, GHOSTS = "Vampire", "Schwesternbund", "Geister"


def _settled(figure):
    """The figure laid out and drawn as a notebook shows it; its renderer."""
    figure_png(figure)
    return renderer_of(figure)


def _label_boxes(ax, renderer):
    return [(t, t.get_window_extent(renderer)) for t in ax.texts if t.get_visible() and t.get_text().strip()]


def assert_labels_clear(ax, table, *, extra_circles=()):
    """No two labels overlap, none reaches into a chip (or ``extra_circles``, cm) or a solid obstacle."""
    renderer = _settled(ax.figure)
    boxes = _label_boxes(ax, renderer)
    pairs = overlapping_pairs([b for _, b in boxes])
    assert not pairs, [(boxes[i][0].get_text(), boxes[j][0].get_text()) for i, j in pairs]
    to_px = ax.transData.transform
    circles = [(chip.position, table.radius, chip.name) for chip in table.chips]
    circles += [(centre, radius, "circle") for centre, radius in extra_circles]
    for centre, radius, name in circles:
        (cx, cy), (ex, _) = to_px(centre), to_px((centre[0] + radius, centre[1]))
        for text, box in boxes:
            assert not box_hits_circle(box, (cx, cy), abs(ex - cx), slack=1.0), f"{text.get_text()!r} on {name}"
    for patch in ax.patches:
        if patch.get_label() == "obstacle":
            path = patch.get_path().transformed(patch.get_transform())
            for text, box in boxes:
                assert not path.intersects_bbox(box.shrunk(0.98, 0.9), filled=True), \
                    f"{text.get_text()!r} on an obstacle"


def _mark_obstacles(ax, table):
    """Tag the obstacle patches (solid ones) so the checks find them."""
    from matplotlib.patches import PathPatch

    for patch in ax.patches:
        if isinstance(patch, PathPatch) and patch.get_hatch() is None and len(patch.get_path().vertices) >= 4:
            patch.set_label("obstacle")


@pytest.fixture(scope="module")
def crypt():
    return Table(40, 20, obstacles=[Obstacle.box("wall", 14, 2, 2, 16, height=6)],
                 chips=[Chip("Die Graue Frau", GHOSTS, 9.5, 10, facing=0), Chip("Ludwig", VAMPIRE, 22, 10, facing=180)])


def test_incorporeal_figure_labels_clear(crypt):
    """Lesson 2's incorporeal figure: "Die Graue Frau" is not hidden under Ludwig's chip; the legs'
    labels sit on neither chip nor wall."""
    through, legs = crypt, []
    for point in [(17.5, 10), (25.5, 11.5)]:
        through, leg = move_leg(through, "Die Graue Frau", point, max_distance=8.5, mode="incorporeal", facing=0)
        legs.append(leg)
    axes = new_grid(1, 2, 11, 3.6).ravel()
    draw_movement(crypt, legs, after=through, ax=axes[0], title="through the wall and Ludwig")
    _, lost = move_leg(crypt, "Die Graue Frau", (15, 13), max_distance=8.5, mode="incorporeal", tournament=True)
    draw_movement(crypt, [lost], ax=axes[1], title="forfeited")
    _mark_obstacles(axes[0], through)
    _mark_obstacles(axes[1], crypt)
    assert_labels_clear(axes[0], through, extra_circles=[(leg.start, crypt.radius) for leg in legs])
    assert_labels_clear(axes[1], crypt)
    assert "Die Graue Frau" in [t.get_text() for t in axes[0].texts]


def test_stopped_leg_label_clear_of_the_wall():
    """"1.5 cm, stopped by wall" runs across neither the chip nor the wall."""
    wall = Obstacle.box("wall", 14, 7, 2, 16, height=5)
    field = Table(40, 25, obstacles=[wall], chips=[Chip("Ludwig", VAMPIRE, 6, 12, facing=0),
                                                    Chip("Sahra", SISTERS, 30, 12, facing=180)])
    moved, legs = field, []
    for point in [(11, 12), (17.5, 12)]:
        moved, leg = move_leg(moved, "Ludwig", point, max_distance=6.5)
        legs.append(leg)
    ax = draw_movement(field, legs, after=moved, refused=[("Ludwig", (12, 17.3), "8 cm > 6.5 cm")])
    _mark_obstacles(ax, moved)
    assert any("stopped by wall" in t.get_text() for t in ax.texts)
    assert_labels_clear(ax, moved, extra_circles=[(leg.start, field.radius) for leg in legs])


def test_sight_lines_labels_clear():
    arena = Table(60, 34, obstacles=[Obstacle.box("hedge", 21, 20, 3, 10, height=2),
                                     Obstacle.circle("tree", 30, 8, 3, height=8),
                                     Obstacle.box("crate", 40, 25.5, 3, 3, height=2)],
                  chips=[Chip("Johanna", SISTERS, 8, 16, facing=0), Chip("Ludwig", VAMPIRE, 48, 16, facing=180),
                         Chip("Mathilde", VAMPIRE, 48, 26, facing=180), Chip("Konrad", VAMPIRE, 50, 3, facing=180),
                         Chip("Isabeau", VAMPIRE, 52, 30, facing=180, flying=True),
                         Chip("Agathe", SISTERS, 30, 16, facing=0), Chip("Victim", VAMPIRE, 8, 30, facing=270)])
    ax = draw_table(arena, sight_from="Johanna")
    _mark_obstacles(ax, arena)
    assert_labels_clear(ax, arena)


def test_axis_label_clear_of_the_legend(crypt):
    """Lesson 4: the axis label "cm" is not drawn over the legend, on a zoomed view either."""
    for ax in (draw_table(crypt), draw_movement(crypt, region=(6, 7, 30, 23))):
        renderer = _settled(ax.figure)
        legend = ax.get_legend().get_window_extent(renderer)
        label = ax.xaxis.label.get_window_extent(renderer)
        ticks = ax.xaxis.get_tightbbox(renderer)
        assert legend.y1 <= label.y0 + 0.5 and legend.y1 <= ticks.y0 + 0.5


@pytest.fixture(scope="module")
def jewel_game():
    decks = load_decks()
    return new_game([decks["geister"], decks["tempelritter"], decks["vampire"]], "juwel_von_athen", seed=3,
                    options=GameOptions(character_points=30, max_turns=60))


def test_every_text_at_least_the_minimum(crypt, jewel_game):
    decks = load_decks()
    figures = [draw_table(crypt).figure, draw_movement(crypt).figure, draw_state(jewel_game).figure,
               draw_card_rows({"hand": list(decks["vampire"].cards[:5])}).figure,
               plot_melee_grid(study.grid(study.melee_matrix(decks["vampire"], decks["schwesternbund"]))).figure]
    for figure in figures:
        _settled(figure)
        small = too_small(figure)
        assert not small, [(t.get_text(), t.get_fontsize()) for t in small]
    assert MIN_FONT_SIZE >= 8


def test_heatmap_names_in_full_and_clear():
    """Lesson 7: "Ludwig von Auenstedt", not "Ludwig von Auenst."; wrapped tick labels do not overlap."""
    decks = load_decks()
    grid = study.grid(study.melee_matrix(decks["vampire"], decks["schwesternbund"]))
    axes = new_grid(1, 2, 12.5, 3.6).ravel()
    ax = plot_melee_grid(grid, ax=axes[0])
    plot_melee_grid(grid.T, ax=axes[1])
    renderer = _settled(ax.figure)
    rows = [t.get_text().replace("\n", " ") for t in ax.get_yticklabels()]
    columns = [t.get_text().replace("\n", " ") for t in ax.get_xticklabels()]
    assert rows == [str(r) for r in grid.index] and columns == [str(c) for c in grid.columns]
    assert "Ludwig von Auenstedt" in rows
    assert not overlapping_pairs([t.get_window_extent(renderer) for t in ax.get_yticklabels()])
    # slanted, two lines each: measured by their slanted outlines, no name runs into the next (at 30
    # degrees "Magdalena von / Stein" ran into "Seherin Ilse", their ends a line apart all the same)
    assert label_collisions(ax.figure) == []


def test_card_titles_in_full_inside_their_cards():
    cards = sorted(load_action_cards().values(), key=lambda c: -len(c.title))[:6]
    ax = draw_card_rows({"longest titles": cards})
    renderer = _settled(ax.figure)
    titles = [t for t in ax.texts if not t.get_text().isdigit()]
    assert [t.get_text().replace("-\n", "").replace("\n", " ") for t in titles] == [c.title for c in cards]
    for text, patch in zip(titles, ax.patches):
        box, card = text.get_window_extent(renderer), patch.get_window_extent(renderer)
        assert card.x0 <= box.x0 and box.x1 <= card.x1 and card.y0 <= box.y0 and box.y1 <= card.y1, text.get_text()


def test_wrap_name():
    assert wrap_name("Ludwig von Auenstedt", 12) == "Ludwig von\nAuenstedt"
    assert wrap_name("Blutdurst", 12) == "Blutdurst"
    assert wrap_name("Fledermausschwarm", 10).replace("-\n", "") == "Fledermausschwarm"
    # hyphenated between syllables, "sch" and "ch" kept whole (lesson 4 read "Schweste-/rliche")
    assert wrap_name("Schwesterliche Hilfe", 11) == "Schwester-\nliche Hilfe"
    assert wrap_name("Schwesterliche Hilfe", 9) == "Schwes-\nterliche\nHilfe"
    assert wrap_name("Familienvermögen", 9) == "Familien-\nvermögen"


# ---------------------------------------------------------------------------------------------
# One colour per society
# ---------------------------------------------------------------------------------------------
def test_society_of():
    assert society_of("Vampire") == society_of("vampire") == society_of("Vampire 2") == "Vampire"
    assert society_of("Christian") is None


@pytest.mark.parametrize("others", [[SISTERS], [GHOSTS, "Tempelritter"], ["Werwölfe"], [SISTERS, GHOSTS]])
def test_vampires_red_whatever_the_players(others):
    red = SOCIETY_COLOURS[VAMPIRE]
    table = Table(60, 30, chips=[Chip("Ludwig", VAMPIRE, 30, 15)] +
                  [Chip(f"c{k}", owner, 10 + 10 * k, 5) for k, owner in enumerate(others)])
    assert owner_colours(table)[VAMPIRE] == red
    assert study_colours([*others, VAMPIRE])[VAMPIRE] == red
    assert colours_for(reversed([VAMPIRE, *others]))[VAMPIRE] == red
    ax = draw_table(table)
    body = next(p for p in ax.patches if type(p).__name__ == "Circle" and tuple(p.center) == (30, 15))
    assert to_hex(body.get_facecolor()) == red


def test_vampires_red_in_the_jewel_game(jewel_game):
    """Lesson 6 (Geister, Tempelritter, Vampire): the Vampires red as in every other lesson."""
    colours = player_colours(jewel_game)
    assert colours[VAMPIRE] == SOCIETY_COLOURS[VAMPIRE] and colours[GHOSTS] == SOCIETY_COLOURS[GHOSTS]
    ax = draw_state(jewel_game)
    ludwig = jewel_game.table.chip("Ludwig von Auenstedt")
    body = next(p for p in ax.patches if type(p).__name__ == "Circle"
                and math.dist(p.center, ludwig.position) < 1e-9 and p.get_radius() == jewel_game.table.radius)
    assert to_hex(body.get_facecolor()) == SOCIETY_COLOURS[VAMPIRE]


def test_two_players_of_one_society_differ():
    colours = colours_for([VAMPIRE, "Vampire 2"])
    assert colours[VAMPIRE] == SOCIETY_COLOURS[VAMPIRE] and colours["Vampire 2"] != colours[VAMPIRE]


# ---------------------------------------------------------------------------------------------
# The live panels: the table view and the scenario designer (LiveTable)
# ---------------------------------------------------------------------------------------------
def crowded() -> Table:
    """Seven chips close together beside a wall."""
    return Table(60, 40, obstacles=[Obstacle.box("wall", 30, 14, 3, 12, height=6)], chips=[
        Chip("Ludwig von Auenstedt", VAMPIRE, 18, 20, 0), Chip("Sahra Jeanette", SISTERS, 22, 23, 180),
        Chip("Schwester Agathe", SISTERS, 22, 17, 180), Chip("Mathilde", VAMPIRE, 15, 24, 0),
        Chip("Konrad der Kühne", VAMPIRE, 15, 16, 0), Chip("Johanna", SISTERS, 25, 20.5, 180),
        Chip("Isabeau", VAMPIRE, 40, 30, 180)])


def live_labels_clear(live, may_hide: int = 0):
    """The chips' and obstacles' labels of a LiveTable: none overlaps another, a chip or an obstacle,
    each at least the minimum size."""
    ax = live.ax
    renderer = _settled(ax.figure)
    texts = [a.label for a in (*live.chip_artists.values(), *live.obstacle_artists.values()) if a.label.get_visible()]
    boxes = [t.get_window_extent(renderer) for t in texts]
    pairs = overlapping_pairs(boxes)
    assert not pairs, [(texts[i].get_text(), texts[j].get_text()) for i, j in pairs]
    to_px = ax.transData.transform
    for artists in live.chip_artists.values():
        chip = artists.key[0]
        (cx, cy), (ex, _) = to_px(chip.position), to_px((chip.x + live.table.radius, chip.y))
        for text, box in zip(texts, boxes):
            assert not box_hits_circle(box, (cx, cy), abs(ex - cx), slack=1.0), f"{text.get_text()!r} on {chip.name}"
    for artists in live.obstacle_artists.values():
        path = artists.patch.get_path().transformed(artists.patch.get_transform())
        for text, box in zip(texts, boxes):
            assert not path.intersects_bbox(box.shrunk(0.98, 0.9), filled=True), f"{text.get_text()!r} on an obstacle"
    hidden = [a.label.get_text() for a in (*live.chip_artists.values(), *live.obstacle_artists.values())
              if a.label.get_text() and not a.label.get_visible()]
    assert len(hidden) <= may_hide, f"labels left out for want of room: {hidden}"  # only in a real crowd, and few
    assert all(t.get_fontsize() >= MIN_FONT_SIZE for t in texts)
    assert not too_small(ax.figure), [(t.get_text(), t.get_fontsize()) for t in too_small(ax.figure)]


def test_table_panel_labels_clear_and_readable_on_a_crowded_table():
    from explorer.behind.panels.panel_table import TablePanel

    panel = TablePanel(crowded(), canvas="png")
    live_labels_clear(panel.live)
    for name in ("Johanna", "Konrad der Kühne"):  # the selected chip's label is bold: placed again
        panel.chip.value = name
        live_labels_clear(panel.live)
    assert panel.live.chip_artists["Konrad der Kühne"].label.get_text() == "Konrad"
    assert panel.hover(15, 16).startswith("Konrad der Kühne (Vampire)")  # the full name beside the mouse


def test_designer_labels_clear_while_a_chip_is_dragged_through_a_crowd(tmp_path):
    from types import SimpleNamespace

    from explorer.behind.layouts import load_layout
    from explorer.behind.panels.panel_designer import DesignerPanel

    panel = DesignerPanel(load_layout("unser_revier_example"), folder=tmp_path, canvas="png")
    live_labels_clear(panel.live)
    mouse = lambda x, y: SimpleNamespace(inaxes=panel.ax, xdata=x, ydata=y, button=1)  # noqa: E731
    chip = panel.design.table.chip("Ludwig von Auenstedt")
    panel._on_press(mouse(chip.x, chip.y))
    for k in range(1, 9):
        panel._on_motion(mouse(chip.x + 0.5 * k, chip.y + 3.5 * k))  # up between the Sisterhood's chips
        live_labels_clear(panel.live, may_hide=2)  # a chip dragged into a crowd may push out a label or two
    panel._on_release(mouse(chip.x + 4, chip.y + 28))
    live_labels_clear(panel.live)
    assert panel.hover(60, 38).startswith("Sahra Jeanette (Schwesternbund)")


def test_heatmap_colours_are_no_society_colour():
    """Issue 11 ("one colour per society across all lessons"): lesson 7's melee heat maps coloured "the
    attack pays" blue and "it does not" red, the Sisters' and the Vampires' colours in every other figure.
    The ends of their scales (centred and plain) differ in hue from every society's colour by more than
    30 degrees of the colour wheel."""
    from colorsys import rgb_to_hsv

    from matplotlib.colors import to_rgb

    from explorer.behind.palette import SOCIETY_COLOURS

    def hue(rgb) -> float:
        return rgb_to_hsv(*rgb)[0] * 360

    decks = load_decks()
    grid = study.grid(study.melee_matrix(decks["vampire"], decks["schwesternbund"]))
    for centre in (0.0, None):
        image = plot_melee_grid(grid, centre=centre).images[0]
        ends = [image.cmap(0.0)[:3], image.cmap(1.0)[:3]] if centre is not None else [image.cmap(1.0)[:3]]
        for end in ends:
            for society, colour in SOCIETY_COLOURS.items():
                apart = abs(hue(end) - hue(to_rgb(colour))) % 360
                assert min(apart, 360 - apart) > 30, (centre, society, end)


def test_a_close_up_lists_only_the_societies_and_obstacles_in_view():
    """Issue 11 (lesson 4's Körperlos close-up): the legend of a zoom on the Graue Frau at a wall listed
    the Vampires, none of whom was in view.  A close-up's legend names the societies with a chip in view
    and the obstacles in view; the whole table's legend names every player."""
    wall = Obstacle.box("wall", 18, 6, 2, 18, height=5)
    crate = Obstacle.box("crate", 70, 60, 6, 6, height=4, flat=True)
    table = Table(120, 80, chips=[Chip("Die Graue Frau", GHOSTS, 14, 15), Chip("Ludwig", VAMPIRE, 80, 40)],
                  obstacles=[wall, crate])

    def legend_words(ax) -> list[str]:
        return [text.get_text() for text in ax.get_legend().get_texts()]

    close = draw_movement(table, region=(6.0, 7.0, 31.0, 23.0))
    assert legend_words(close) == ["Geister", "obstacle"]
    whole = draw_movement(table)
    assert legend_words(whole) == ["Geister", "Vampire", "flat obstacle", "obstacle"]


def test_every_chip_in_view_is_named_whatever_the_obstacles_labels_cost():
    """behind-2003-rulebook.txt, "Ranged Combat (Fernkampf)" (lesson 2's sight lines from Johanna): every chip on
    the table is named.  The obstacles' labels are placed first; the cost their placement left once overwrote
    the view's left edge, so every chip left of x = cost lost its name (Johanna, Ludwig, Mathilde, Victim)."""
    from explorer.behind.render_table import draw_table

    arena = Table(60, 34, obstacles=[Obstacle.box("hedge", 21, 20, 3, 10, height=2),
                                     Obstacle.circle("tree", 30, 8, 3, height=8),
                                     Obstacle.box("crate", 40, 25.5, 3, 3, height=2)],
                  chips=[Chip("Johanna", "Schwesternbund", 8, 16, facing=0), Chip("Ludwig", "Vampire", 48, 16, facing=180),
                         Chip("Mathilde", "Vampire", 48, 26, facing=180), Chip("Konrad", "Vampire", 50, 3, facing=180),
                         Chip("Isabeau", "Vampire", 52, 30, facing=180, flying=True),
                         Chip("Agathe", "Schwesternbund", 30, 16, facing=0), Chip("Victim", "Vampire", 8, 30, facing=270)])
    ax = draw_table(arena, sight_from="Johanna")
    shown = {t.get_text() for t in ax.texts if t.get_visible()}
    assert {"Johanna", "Ludwig", "Mathilde", "Konrad", "Isabeau (flies)", "Agathe", "Victim"} <= shown
    assert {"hedge (h 2 cm)", "tree (h 8 cm)", "crate (h 2 cm)"} <= shown
