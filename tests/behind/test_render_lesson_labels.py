"""The lessons' table pictures read cleanly (issue 11): every label inside the axes, clear of every
chip, obstacle and other label, at least 8 pt, and beside what it names -- checked on the figures
the lessons build, with :func:`explorer.core.render_labels.label_collisions`."""

import dataclasses

import pytest

from explorer.behind import Chip, Obstacle, Table, load_action_cards
from explorer.behind.actions import Deploy, EndTurn, Move, PlaceObstacle, Turn
from explorer.behind.data import load_decks
from explorer.behind.game import GameOptions, new_game
from explorer.behind.movement import move_leg
from explorer.behind.panels.panel_replay import PICTURE_DPI, PICTURE_WIDTH
from explorer.behind.players import GreedyPlayer
from explorer.behind.render_game import draw_state
from explorer.behind.render_replay import StatePicture, draw_jewel_path
from explorer.behind.replay import jewel_path, replay
from explorer.behind.render_study import draw_movement, new_grid, png
from explorer.behind.render_table import draw_table
from explorer.core.render_labels import MIN_FONT_SIZE, label_collisions, notebook_scale, texts_of
from explorer.core.rng import SeededRng

VAMPIRE, SISTERS, GHOSTS = "Vampire", "Schwesternbund", "Geister"


def named(table):
    return {chip.name: chip.position for chip in table.chips}


def _stacked(deck, top):
    rest, first = list(deck.cards), []
    for card_id in top:
        card = next(c for c in rest if c.id == card_id)
        rest.remove(card)
        first.append(card)
    return dataclasses.replace(deck, cards=tuple(first + rest))


def _lesson_1_after_the_third_movement():
    """Lesson 1's game (notebooks/behind/01_first_game.ipynb) after its third movement."""
    decks = load_decks()
    christian = _stacked(decks["vampire"], ["V06", "V14", "V01", "V13", "N10", "V09", "V02"])
    barbara = _stacked(decks["schwesternbund"], ["S07", "S03", "S12", "S11", "S02", "S01", "S04", "S05", "S09", "S10"])
    game = new_game([christian, barbara], "unser_revier", seed=1, setup="manual", shuffle=False,
                    players=[VAMPIRE, SISTERS], options=GameOptions(character_points=30, max_turns=80))
    for obstacle in game.scenario.obstacles:
        game.apply(PlaceObstacle(obstacle.name, round(obstacle.polygon.centroid.x, 1),
                                 round(obstacle.polygon.centroid.y, 1)))
    sisters_at = dict(zip(game.characters_of(SISTERS), [(49, 31), (49, 38), (53, 42), (45, 42), (49, 46)]))
    vampires_at = dict(zip(game.characters_of(VAMPIRE), [(49, 4), (42, 4), (56, 4), (63, 4)]))
    game.apply(Deploy(tuple((name, x, y, 270.0) for name, (x, y) in sisters_at.items())))
    game.apply(Deploy(tuple((name, x, y, 90.0) for name, (x, y) in vampires_at.items())))

    def south(name, cm):
        chip = game.table.chip(name)
        return (name, chip.x, round(chip.y - cm, 2), 270.0)

    game.apply(Move("S12", (south("Sahra Jeanette", 8.0),)))
    game.apply(Move("S03", tuple(south(n, 6.0) for n in ["Schwester Agathe", "Magdalena von Stein", "Seherin Ilse"])))
    return game


def shown_collisions(figure, table) -> list[str]:
    """:func:`label_collisions` at the size JupyterLab shows ``figure`` (:func:`notebook_scale`), and
    every other text of it (title, legend, ticks) at least 8 pt there too."""
    scale = notebook_scale(figure)
    problems = label_collisions(figure, named=named(table), scale=scale)
    return problems + [f"{t.get_text()!r} at {t.get_fontsize() * scale:.1f} pt" for t in texts_of(figure)
                       if t.get_fontsize() * scale < MIN_FONT_SIZE - 1e-6]


def test_lesson_1_names_of_neighbours_do_not_run_together():
    """Lesson 1 after the third movement (behind-rules.txt, "Movement"): "Seherin Ilse" and
    "Schwester Agathe" stand close; their names keep a gap and each stays by its chip, at least
    8 pt as JupyterLab shows the 90 dpi picture."""
    game = _lesson_1_after_the_third_movement()
    ax = draw_state(game)
    assert shown_collisions(ax.figure, game.table) == []


def test_lesson_1_a_name_sits_beside_its_own_chip_when_there_is_room():
    """Lesson 1, cell 15 (behind-rules.txt, "Movement"): "Schwester Agathe" is not drawn beside Seherin
    Ilse's chip with a leader line back to her own: every name reads as its own chip's even with the
    leader lines taken away."""
    game = _lesson_1_after_the_third_movement()
    ax = draw_state(game)
    for line in [line for line in ax.lines if len(line.get_xydata()) == 2]:  # the leader lines
        line.remove()
    assert [p for p in label_collisions(ax.figure, named=named(game.table)) if "nearer" in p] == []


def test_lesson_1_replay_picture_keeps_obstacle_labels_off_the_chips():
    """Lesson 1, cell 32, the replay panel's picture (behind-rules.txt, "Terrain and Climbing"): the
    crate's label is placed knowing where the chips stand, not once for the empty table."""
    game = _lesson_1_after_the_third_movement()
    picture = StatePicture(game, dpi=PICTURE_DPI, width=PICTURE_WIDTH)
    assert shown_collisions(picture.figure, game.table) == []


@pytest.fixture(scope="module")
def jewel_game():
    """Lesson 6's game (notebooks/behind/06_jewel_of_athens.ipynb): the opening moves, then greedy
    players to the end."""
    decks = load_decks()
    game = new_game([decks["geister"], decks["tempelritter"], decks["vampire"]], "juwel_von_athen", seed=3,
                    options=GameOptions(character_points=30, max_turns=60))
    bearer = game.jewel_bearer()
    ludwig = game.table.chip(bearer)
    game.apply(Turn(bearer, 180.0))
    game.apply(Move("V09", tuple((bearer, round(ludwig.x - 6.49 * k, 2), ludwig.y, 180.0) for k in (1, 2, 3))))
    game.apply(EndTurn())
    greedy = GreedyPlayer()
    rngs = {player: SeededRng(3).spawn(player) for player in game.players}
    while not game.is_terminal():
        game.apply(greedy.choose(game, rngs[game.current_player]))
    record = replay(game)
    path = jewel_path(record.states)
    changes = [p for i, p in enumerate(path) if i == 0 or p.bearer != path[i - 1].bearer]
    return game, record, path, changes


def test_lesson_6_replay_picture_of_the_first_change_of_hands(jewel_game):
    """Lesson 6, cell 16 (behind-rules.txt, "Das Juwel von Athen"): the picture of the step where the
    jewel first changes hands -- the cart's label off the chip standing beside the cart."""
    game, record, _, changes = jewel_game
    state = record.states[changes[1].step]
    picture = StatePicture(state, dpi=PICTURE_DPI, width=PICTURE_WIDTH)
    assert shown_collisions(picture.figure, state.table) == []


def test_lesson_6_replay_picture_places_obstacle_labels_again_when_chips_move(jewel_game):
    """Lesson 6, the replay stepping through the game (behind-rules.txt, "Das Juwel von Athen"): one
    picture updated in place from step to step keeps every label clear at each change of hands."""
    game, record, _, changes = jewel_game
    picture = StatePicture(record.states[0], dpi=PICTURE_DPI, width=PICTURE_WIDTH)
    for change in changes[1:]:
        state = record.states[change.step]
        picture.update(state)
        assert shown_collisions(picture.figure, state.table) == [], change


def test_lesson_6_jewel_path_labels_placed_after_the_zoom(jewel_game):
    """Lesson 6, cell 14 (behind-rules.txt, "Das Juwel von Athen"): the path zoomed on, its numbers
    1-4 by their markers and the chips' and obstacles' labels placed for the zoomed view: none on a
    chip, on another label or outside the axes."""
    game, _, path, _ = jewel_game
    ax = draw_state(game)
    draw_jewel_path(ax, path, game, zoom_margin=15)
    assert shown_collisions(ax.figure, game.table) == []
    numbers = sorted(t.get_text() for t in ax.texts if t.get_text().isdigit())
    assert numbers == [str(k) for k in range(1, len(numbers) + 1)] and len(numbers) >= 2


def test_lesson_6_hand_over_numbers_stand_off_the_chips_and_the_path(jewel_game):
    """Lesson 6, cell 14 (behind-rules.txt, "Das Juwel von Athen"): the hand-over numbers 1-4, where the
    jewel changed hands in a crowd, sat on chips and on the path -- every spot set off was measured with
    its leader line, which reached over the dot.  Each number (the text itself) now clears every chip and
    the path, its leader line joining it to its dot."""
    from matplotlib.path import Path as PixelPath
    from matplotlib.text import Text

    game, _, path, _ = jewel_game
    ax = draw_state(game)
    draw_jewel_path(ax, path, game, zoom_margin=15)
    figure = ax.figure
    renderer = figure.canvas.get_renderer() if hasattr(figure.canvas, "get_renderer") else figure._get_renderer()
    to_px = ax.transData.transform
    r_px = abs(to_px((game.table.radius, 0))[0] - to_px((0, 0))[0])
    line = PixelPath(to_px([(p.x, p.y) for p in path]))
    numbers = [t for t in ax.texts if t.get_text().isdigit()]
    assert len(numbers) >= 2
    for number in numbers:
        number.get_window_extent(renderer)  # places the text for this view
        box = Text.get_window_extent(number, renderer)
        for chip in game.table.chips:
            cx, cy = to_px(chip.position)
            nx, ny = min(max(cx, box.x0), box.x1), min(max(cy, box.y0), box.y1)
            assert (nx - cx) ** 2 + (ny - cy) ** 2 > r_px ** 2, (number.get_text(), chip.name)
        assert not line.intersects_bbox(box, filled=False), number.get_text()
        assert number.arrow_patch is not None  # its leader to the dot


def _movement_figure(table, legs_left, after_left, legs_right, after_right, refused, height):
    left, right = new_grid(1, 2, 11, height).ravel()
    draw_movement(table, legs_left, after=after_left, refused=refused, ax=left, title="left")
    draw_movement(table, legs_right, after=after_right, ax=right, title="right")
    png(left)  # as image() shows it: raised to the notebook's minimum, laid out
    tables = {left: after_left or table, right: after_right or table}
    return left.figure, lambda ax: named(tables[ax])


def test_lesson_2_a_name_stays_at_its_chip_not_at_the_ghost_where_it_started():
    """Lesson 2, straight at the wall (behind-rules.txt, "Movement"): "Ludwig" is drawn by his chip,
    not by the dashed ring where he started, in the grid laid out after both pictures."""
    reach = load_action_cards()["V09"].movement_range
    field = Table(40, 25, obstacles=[Obstacle.box("wall", 14, 7, 2, 16, height=5)],
                  chips=[Chip("Ludwig", VAMPIRE, 6, 12, facing=0), Chip("Sahra", SISTERS, 30, 12, facing=180)])
    straight, legs = field, []
    for point in [(11, 12), (17.5, 12)]:
        straight, leg = move_leg(straight, "Ludwig", point, max_distance=reach)
        legs.append(leg)
    around, legs_around = field, []
    for point, facing in [((10.5, 7.5), 315), ((15.2, 3.5), 0), ((21.7, 3.5), 45)]:
        around, leg = move_leg(around, "Ludwig", point, max_distance=reach, facing=facing)
        legs_around.append(leg)
    figure, names = _movement_figure(field, legs, straight, legs_around, around,
                                     [("Ludwig", (12, 17.3), "8 cm > 6.5 cm")], 4.2)
    assert label_collisions(figure, named=names) == []


def test_lesson_2_incorporeal_leg_label_inside_the_axes():
    """Lesson 2, Körperlos (behind-rules.txt, "Körperlos"): the leg labels "8.0 cm (incorporeal)"
    stay inside the axes and off the wall once the grid is laid out."""
    card = load_action_cards()["G08"]
    crypt = Table(40, 20, obstacles=[Obstacle.box("wall", 14, 2, 2, 16, height=6)],
                  chips=[Chip("Graue Frau", GHOSTS, 9.5, 10, facing=0), Chip("Ludwig", VAMPIRE, 22, 10, facing=180)])
    through, legs = crypt, []
    for point in [(17.5, 10), (25.5, 11.5)]:
        through, leg = move_leg(through, "Graue Frau", point, max_distance=card.movement_range, mode="incorporeal",
                                facing=0)
        legs.append(leg)
    _, lost = move_leg(crypt, "Graue Frau", (15, 13), max_distance=8.5, mode="incorporeal", tournament=True)
    figure, names = _movement_figure(crypt, legs, through, [lost], None,
                                     [("Graue Frau", (15, 13), "ends in the wall")], 3.6)
    assert label_collisions(figure, named=names) == []


def test_lesson_2_a_name_on_the_roof_is_not_read_as_its_neighbours():
    """Lesson 2, sight from Konrad (behind-rules.txt, "Terrain and Climbing", "Ranged Combat"): Ilse
    on the roof's edge beside Ludwig; "Ilse" is not drawn under Ludwig."""
    roof = Obstacle.box("roof", 14, 3, 10, 9, height=3, flat=True)
    tower = Obstacle.box("tower", 14, 16, 6, 6, height=9, flat=True)
    levels = Table(36, 26, obstacles=[roof, tower], chips=[
        Chip("Ilse", SISTERS, 15.5, 9, facing=0), Chip("Agathe", SISTERS, 12.5, 19, facing=0),
        Chip("Johanna", SISTERS, 16.5, 4.8, facing=0), Chip("Ludwig", VAMPIRE, 12.5, 9, facing=0),
        Chip("Konrad", VAMPIRE, 32, 24, facing=225)])
    ax = draw_table(levels, sight_from="Konrad", title="From Konrad")
    assert label_collisions(ax.figure, named=named(levels)) == []


def test_label_collisions_finds_each_fault():
    """The check itself (behind-rules.txt, "Movement": chips are measured from their centres):
    names run together, on a chip, outside the axes, too small, by another chip."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle

    ax = Figure(figsize=(4, 4), dpi=100).add_subplot()
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.add_patch(Circle((2, 2), 0.5))
    ax.add_patch(Circle((8, 8), 0.5))
    ax.annotate("A", (5, 5))
    ax.annotate("B", (5.12, 5))  # right beside "A"
    ax.annotate("on", (1.9, 1.9))
    ax.annotate("far out", (9.9, 5))
    ax.annotate("tiny", (5, 8), fontsize=5)
    ax.annotate("Own", (7.2, 7.2))  # names (2, 2), beside (8, 8)
    problems = label_collisions(ax.figure, named={"Own": (2, 2)})
    assert any("'A'" in p and "'B'" in p for p in problems)
    assert any(p.startswith("'on' on a piece") for p in problems)
    assert "'far out' outside the axes" in problems
    assert any(p.startswith("'tiny' at 5.0 pt") for p in problems)
    assert any(p.startswith("'Own' nearer the circle at (8.0, 8.0)") for p in problems)


def _names_struck_through(figure) -> list[str]:
    """The chips' and obstacles' labels a line or the table's edge is drawn through
    (:func:`label_collisions` with ``lines``); the jewel path's numbers sit on their own markers'
    lines and are left out."""
    return [p for p in label_collisions(figure, lines=True, every_text=False)
            if "crossed by" in p and not p.split("'")[1].isdigit()]


def test_lesson_6_jewel_path_strikes_through_no_name_and_its_legend_is_under_the_table(jewel_game):
    """Lesson 6, cell 14 (behind-rules.txt, "Das Juwel von Athen"): the jewel's path is drawn under
    the names ("Armand Lefèvre" was struck through by it) and the path's legend stands under the
    table's legend, outside the axes (it covered a quarter of the table)."""
    game, _, path, _ = jewel_game
    ax = draw_state(game)
    draw_jewel_path(ax, path, game, zoom_margin=15)
    assert _names_struck_through(ax.figure) == []
    figure = ax.figure
    renderer = figure.canvas.get_renderer() if hasattr(figure.canvas, "get_renderer") else figure._get_renderer()
    figure.draw(renderer)
    legends = [a for a in ax.get_children() if type(a).__name__ == "Legend"]
    assert len(legends) == 2
    for legend in legends:
        box = legend.get_window_extent(renderer)
        assert box.y1 <= ax.bbox.y0 + 0.5 and box.y0 >= figure.bbox.y0 - 0.5, legend.get_title().get_text()
    labels = [t.get_text() for t in legends[0].get_texts()] + [t.get_text() for t in legends[1].get_texts()]
    assert any(label.startswith("end (turn") for label in labels)



def test_lesson_1_replay_picture_strikes_through_no_name():
    """Lesson 1, the replay panel's picture (behind-rules.txt, "Movement"), the Vampires at the table's
    south edge: no name is drawn through the table's edge (it read "Gräfin-Mathilde-von-Rabenfels")."""
    game = _lesson_1_after_the_third_movement()
    picture = StatePicture(game, dpi=PICTURE_DPI, width=PICTURE_WIDTH)
    assert [p for p in _names_struck_through(picture.figure) if "edge of the table" in p] == []
    assert shown_collisions(picture.figure, game.table) == []


def test_a_close_up_draws_no_name_or_leader_of_a_chip_out_of_view():
    """Lesson 4, cell 7 (behind-rules.txt, "Körperlos"): a close-up of Die Graue Frau by the wall; the
    table's other chips lie out of view.  Their names are not drawn, and no leader line runs into the
    picture from off the frame (a thin diagonal line crossed both panels)."""
    table = Table(50, 30, obstacles=[Obstacle.box("wall", 18, 0, 2, 30, height=5)],
                  chips=[Chip("Die Graue Frau", GHOSTS, 22.5, 15, 0), Chip("Ludwig von Auenstedt", VAMPIRE, 45, 3, 180)])
    ax = draw_table(table, labels=False)
    ax.set_xlim(6, 31)
    ax.set_ylim(7, 23)
    from explorer.behind.render_table import place_labels

    place_labels(ax)
    shown = {t.get_text() for t in ax.texts if t.get_visible()}
    assert "Die Graue Frau" in shown and "Ludwig von Auenstedt" not in shown
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    for line in ax.lines:
        for x, y in line.get_xydata():
            assert x0 <= x <= x1 and y0 <= y <= y1, line.get_xydata()
