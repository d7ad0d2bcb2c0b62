"""The lessons' table pictures read cleanly (issue 11): every label inside the axes, clear of every
chip, obstacle and other label, at least 8 pt, and beside what it names -- checked on the figures
the lessons build, with :func:`explorer.core.render_labels.label_collisions`."""

import dataclasses

import pytest

from explorer.behind import Chip, Obstacle, Table, load_action_cards
from explorer.behind.actions import Deploy, Move, PlaceObstacle
from explorer.behind.data import load_decks
from explorer.behind.game import GameOptions, new_game
from explorer.behind.movement import move_leg
from explorer.behind.render_game import draw_state
from explorer.behind.render_study import draw_movement, new_grid, png
from explorer.behind.render_table import draw_table
from explorer.core.render_labels import label_collisions

VAMPIRE, SISTERS, GHOSTS = "Vampire", "Schwesternbund", "Geister"


def named(table):
    return {chip.name: chip.position for chip in table.chips}


def test_lesson_1_names_of_neighbours_do_not_run_together():
    """Lesson 1 after the third movement (behind-rules.txt, "Movement"): "Seherin Ilse" and
    "Schwester Agathe" stand close; their names keep a gap and each stays by its chip."""
    def stacked(deck, top):
        rest, first = list(deck.cards), []
        for card_id in top:
            card = next(c for c in rest if c.id == card_id)
            rest.remove(card)
            first.append(card)
        return dataclasses.replace(deck, cards=tuple(first + rest))

    decks = load_decks()
    christian = stacked(decks["vampire"], ["V06", "V14", "V01", "V13", "N10", "V09", "V02"])
    barbara = stacked(decks["schwesternbund"], ["S07", "S03", "S12", "S11", "S02", "S01", "S04", "S05", "S09", "S10"])
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
    ax = draw_state(game)
    assert label_collisions(ax.figure, named=named(game.table)) == []


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
