"""The table in shapely: placement, distances, contact, viewing angle, sight lines and straight moves.

Each test is named after the rule it checks and quotes it from behind-2003-rulebook.txt.  The
chip diameter is 3.0 cm (ruling behind.chip-diameter-cm), so the radius is 1.5 cm.
"""

from __future__ import annotations

import json
import math

import pytest
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from explorer.behind import refs
from explorer.behind.cards import Character
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.behind.sight import SightMatrix, sight_matrix, sight_matrix_loop
from explorer.behind.table import (
    TABLE_EDGE,
    Chip,
    MoveResult,
    Obstacle,
    SightLine,
    Table,
    random_table,
)
from explorer.core.rules import RuleViolation

R = 1.5  # chip radius under the default ruling


def table_with(*chips: Chip, obstacles=(), rulings=None, width=120.0, depth=80.0) -> Table:
    return Table(width, depth, obstacles, chips, rulings)


def assert_cites(error: RuleViolation, ref, *names: str) -> None:
    assert error.rule == ref
    message = str(error)
    assert f'section "{ref.section}"' in message
    for name in names:
        assert name in message, f"{name!r} not named in: {message}"


# ---------------------------------------------------------------------------------------------
# Placement
# ---------------------------------------------------------------------------------------------
def test_movement_chips_may_not_overlap():
    """behind-2003-rulebook.txt, section Movement: "If a character chip would overlap another, the
    one just moved is placed so that the two chips touch." """
    table = table_with(Chip("Ludwig", "Vampire", 20, 20))
    with pytest.raises(RuleViolation) as caught:
        table.place(Chip("Sahra", "Schwesternbund", 22, 20))
    assert_cites(caught.value, refs.MOVEMENT, "Ludwig", "Sahra")
    assert isinstance(caught.value, ValueError)


def test_movement_touching_chips_are_legal():
    """behind-2003-rulebook.txt, section Movement: "the one just moved is placed so that the two
    chips touch" -- chips exactly one diameter apart touch and are legal."""
    table = table_with(Chip("Ludwig", "Vampire", 20, 20)).place(Chip("Sahra", "Schwesternbund", 23, 20))
    assert table.touching("Ludwig", "Sahra")
    assert table.gap("Ludwig", "Sahra") == pytest.approx(0.0)


def test_movement_chip_lies_wholly_on_the_table():
    """behind-2003-rulebook.txt, section Movement (ruling behind.move-into-obstacle: a move "stops
    where the moving chip first touches an obstacle or the table edge") -- a chip lies wholly on
    the table."""
    table = table_with()
    table.place(Chip("Ludwig", "Vampire", R, R))  # touching two edges is fine
    with pytest.raises(RuleViolation) as caught:
        table.place(Chip("Ludwig", "Vampire", 119.0, 40))
    assert_cites(caught.value, refs.MOVEMENT, "Ludwig", "table")


def test_the_beginning_every_character_has_one_chip():
    """behind-2003-rulebook.txt, section The Beginning: "On each character card lying out you place
    the matching character chip of the character." -- chip names are unique."""
    table = table_with(Chip("Ludwig", "Vampire", 20, 20))
    with pytest.raises(RuleViolation) as caught:
        table.place(Chip("Ludwig", "Vampire", 60, 60))
    assert_cites(caught.value, refs.THE_BEGINNING, "Ludwig")


def test_terrain_chip_may_not_overlap_an_obstacle_that_is_not_flat():
    """behind-2003-rulebook.txt, section Terrain and Climbing (Gelände & Klettern): "Every
    character can climb obstacles if the obstacle in question is flat and his character chip has
    room on it." """
    wall = Obstacle.box("wall", 30, 10, 4, 20, height=5)
    table = table_with(obstacles=[wall])
    with pytest.raises(RuleViolation) as caught:
        table.place(Chip("Ludwig", "Vampire", 29, 20))
    assert_cites(caught.value, refs.TERRAIN, "Ludwig", "wall")
    with pytest.raises(RuleViolation):
        table.place(Chip("Ludwig", "Vampire", 32, 20))  # wholly on a wall that is not flat
    assert table.place(Chip("Ludwig", "Vampire", 30 - R, 20)).chip("Ludwig").x == 28.5  # touching


def test_terrain_chip_stands_wholly_on_a_flat_obstacle():
    """behind-2003-rulebook.txt, section Terrain and Climbing (Gelände & Klettern): "Every
    character can climb obstacles if the obstacle in question is flat and his character chip has
    room on it." -- wholly on it is legal, partly on it is not."""
    roof = Obstacle.box("roof", 40, 40, 10, 10, height=3, flat=True)
    table = table_with(obstacles=[roof])
    on_roof = table.place(Chip("Ludwig", "Vampire", 45, 45))
    assert on_roof.standing_on("Ludwig") == ("roof",)
    assert on_roof.place(Chip("Sahra", "Schwesternbund", 40 + R, 50 - R)).standing_on("Sahra") == ("roof",)
    with pytest.raises(RuleViolation) as caught:
        table.place(Chip("Sahra", "Schwesternbund", 40.5, 45))
    assert_cites(caught.value, refs.TERRAIN, "Sahra", "roof", "room on it")


def test_terrain_new_obstacle_may_not_cover_a_chip():
    """behind-2003-rulebook.txt, section Terrain and Climbing (Gelände & Klettern): a chip stands on
    an obstacle only "if the obstacle in question is flat and his character chip has room on it"."""
    table = table_with(Chip("Ludwig", "Vampire", 20, 20))
    with pytest.raises(RuleViolation) as caught:
        table.add_obstacle(Obstacle.circle("tree", 21, 20, 2))
    assert_cites(caught.value, refs.TERRAIN, "Ludwig", "tree")
    assert len(table.add_obstacle(Obstacle.circle("tree", 30, 20, 2)).obstacles) == 1


def test_the_beginning_obstacles_may_overlap_each_other():
    """behind-2003-rulebook.txt, section The Beginning: "Lay out a few obstacles in the middle of
    the table" -- the explorer allows overlapping obstacles (a hedge across a hill)."""
    hill = Obstacle.box("hill", 40, 40, 20, 10, height=2, flat=True)
    hedge = Obstacle.box("hedge", 50, 35, 2, 20, height=4)
    table = table_with(obstacles=[hill, hedge])
    assert [o.name for o in table.obstacles] == ["hill", "hedge"]
    with pytest.raises(ValueError):
        table.add_obstacle(Obstacle.box("hill", 0, 0, 5, 5))


def test_chip_diameter_ruling_rechecks_placement():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): "If you look closely at a
    character chip, you will notice a marking of usually 90º at its edge." (chip size: ruling
    behind.chip-diameter-cm) -- larger chips can overlap where smaller ones did not."""
    table = table_with(Chip("Ludwig", "Vampire", 20, 20), Chip("Sahra", "Schwesternbund", 24, 20))
    with pytest.raises(RuleViolation) as caught:
        table.with_rulings(BEHIND_RULINGS.switch(**{"behind.chip-diameter-cm": 5.0}))
    assert_cites(caught.value, refs.MOVEMENT, "Ludwig", "Sahra")


# ---------------------------------------------------------------------------------------------
# Distances, contact, range
# ---------------------------------------------------------------------------------------------
def test_movement_distance_is_measured_from_the_chip_centre():
    """behind-2003-rulebook.txt, section Movement: "The distance is measured from the centre of a
    character chip." (ruling behind.distance-measure: "centre" by default, "edge" switchable)."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), Chip("Sahra", "Schwesternbund", 13, 14))
    assert table.distance("Ludwig", "Sahra") == 5.0
    edge = table.with_rulings(BEHIND_RULINGS.switch(**{"behind.distance-measure": "edge"}))
    assert edge.distance("Ludwig", "Sahra") == pytest.approx(2.0)
    assert table.within_range("Ludwig", "Sahra", 5.0) and not table.within_range("Ludwig", "Sahra", 4.9)
    assert edge.within_range("Ludwig", "Sahra", 2.0) and not edge.within_range("Ludwig", "Sahra", 1.9)


def test_ranged_combat_range_is_checked_with_within_range():
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf): "The range of the attack equals
    twice the total movement of the card that enables the ranged attack for him." """
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), Chip("Sahra", "Schwesternbund", 10, 26))
    total_movement = 8.0
    assert table.within_range("Ludwig", "Sahra", 2 * total_movement)
    assert not table.within_range("Ludwig", "Sahra", 2 * 7.9)


def test_melee_combat_chips_touch_within_the_contact_tolerance():
    """behind-2003-rulebook.txt, section Melee Combat (Nahkampf): "The precondition is that both
    character chips touch in the terrain" (ruling behind.contact-tolerance-cm: gap <= 0.1 cm)."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), Chip("Sahra", "Schwesternbund", 13.05, 10),
                       Chip("Marius", "Schwesternbund", 10, 13.2))
    assert table.touching("Ludwig", "Sahra")
    assert not table.touching("Ludwig", "Marius")
    strict = table.with_rulings(BEHIND_RULINGS.switch(**{"behind.contact-tolerance-cm": 0.0}))
    assert not strict.touching("Ludwig", "Sahra")
    loose = table.with_rulings(BEHIND_RULINGS.switch(**{"behind.contact-tolerance-cm": 0.5}))
    assert loose.touching("Ludwig", "Marius")


def test_movement_touching_enemies_are_the_other_players_chips():
    """behind-2003-rulebook.txt, section Movement: "If a character is in contact with another
    character, that is, his character chip touches at least one enemy character chip, and wants
    to break away from it, then ... he must first succeed at an ability check" """
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), Chip("Sahra", "Schwesternbund", 13, 10),
                       Chip("Irina", "Vampire", 10, 13), Chip("Marius", "Schwesternbund", 7, 10),
                       Chip("Far", "Schwesternbund", 40, 40))
    assert table.touching_enemies("Ludwig") == ("Sahra", "Marius")
    assert table.touching_enemies("Far") == ()


# ---------------------------------------------------------------------------------------------
# Viewing angle and rear arc
# ---------------------------------------------------------------------------------------------
def test_viewing_angle_is_90_degrees_centred_on_the_facing():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): "Every character can use
    abilities that need a line of sight to their target ... only on opponents who are within his
    viewing angle." -- 45 degrees either side of the facing, boundary inside."""
    chips = [Chip("Ludwig", "Vampire", 50, 40, facing=0)]
    for name, degrees, distance in (("ahead", 0, 20), ("edge", 45, 20), ("edge2", -45, 20), ("outside", 46, 30),
                                    ("behind", 180, 20)):
        chips.append(Chip(name, "Schwesternbund", 50 + distance * math.cos(math.radians(degrees)),
                          40 + distance * math.sin(math.radians(degrees))))
    table = table_with(*chips)
    assert table.in_viewing_angle("Ludwig", "ahead")
    assert table.in_viewing_angle("Ludwig", "edge")
    assert table.in_viewing_angle("Ludwig", "edge2")
    assert not table.in_viewing_angle("Ludwig", "outside")
    assert not table.in_viewing_angle("Ludwig", "behind")
    turned = table.turn("Ludwig", 180)
    assert turned.in_viewing_angle("Ludwig", "behind") and not turned.in_viewing_angle("Ludwig", "ahead")


def test_viewing_angle_exact_45_degree_boundary_for_any_facing():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): "a marking of usually 90º" --
    a target exactly on the boundary is inside, whatever the facing."""
    for facing in (0, 30, 90, 135, 200, 270, 315):
        table = table_with(Chip("Ludwig", "Vampire", 60, 40, facing=facing),
                           Chip("Sahra", "Schwesternbund", 60 + 10 * math.cos(math.radians(facing + 45)),
                                40 + 10 * math.sin(math.radians(facing + 45))))
        assert table.in_viewing_angle("Ludwig", "Sahra"), facing


def test_viewing_angle_rear_arc_gives_the_plus_one_bonus_area():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): "If a character touches an
    enemy character chip in the 90º angle opposite the viewing angle, he receives a bonus of +1 to
    his melee value in a melee combat against this opponent (bonus area for melee combat)."
    (ruling behind.rear-arc: direction between centres, boundary inside)."""
    d = 2 * R

    def attacker_at(degrees: float, distance: float = d) -> Table:
        return table_with(Chip("Sahra", "Schwesternbund", 50, 40, facing=0),
                          Chip("Ludwig", "Vampire", 50 + distance * math.cos(math.radians(degrees)),
                               40 + distance * math.sin(math.radians(degrees))))

    for degrees in (180, 135, 225):  # straight behind, and exactly 45 degrees off the back
        table = attacker_at(degrees)
        assert table.in_rear_arc("Ludwig", "Sahra") and table.rear_bonus("Ludwig", "Sahra") == 1
    for degrees in (134, 90, 0):
        table = attacker_at(degrees)
        assert not table.in_rear_arc("Ludwig", "Sahra") and table.rear_bonus("Ludwig", "Sahra") == 0
    far = attacker_at(180, 20)
    assert far.in_rear_arc("Ludwig", "Sahra") and far.rear_bonus("Ludwig", "Sahra") == 0  # not touching


# ---------------------------------------------------------------------------------------------
# Line of sight
# ---------------------------------------------------------------------------------------------
def test_ranged_combat_line_of_sight_blocked_by_a_chip():
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf): "The line of sight between
    shooter and target must not be obstructed by other characters or obstacles." """
    table = table_with(Chip("shooter", "Vampire", 10, 40), Chip("target", "Schwesternbund", 50, 40, facing=180),
                       Chip("inside", "Schwesternbund", 30, 41.4))
    line = table.line_of_sight("shooter", "target")
    assert line == SightLine("shooter", "target", False, ("inside",))
    assert table.line_of_sight("target", "shooter").blockers == ("inside",)


def test_ranged_combat_grazing_a_chip_does_not_block():
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf): "A conceptual line between the
    centres of the two character chips must therefore be drawable without interruption."
    (ruling behind.sight-grazing: touching an edge does not block)."""
    table = table_with(Chip("shooter", "Vampire", 10, 40), Chip("target", "Schwesternbund", 50, 40),
                       Chip("grazed", "Schwesternbund", 30, 40 + R))
    assert table.line_of_sight("shooter", "target").clear
    assert table.line_of_sight("shooter", "target").blockers == ()


def test_ranged_combat_line_of_sight_blocked_by_an_obstacle_not_by_its_edge():
    """behind-2003-rulebook.txt, section Terrain and Climbing (Gelände & Klettern): "Obstacles serve
    as cover from enemy ranged attacks" (ruling behind.sight-grazing: only the inside blocks)."""
    wall = Obstacle.box("wall", 28, 30, 4, 10, height=5)
    table = table_with(Chip("shooter", "Vampire", 10, 35), Chip("target", "Schwesternbund", 50, 35),
                       Chip("along", "Vampire", 10, 40), Chip("corner", "Schwesternbund", 50, 40),
                       Chip("diag", "Vampire", 20, 48), obstacles=[wall])
    assert table.line_of_sight("shooter", "target").blockers == ("wall",)
    assert table.line_of_sight("along", "corner").clear  # runs along the wall's top edge
    # through the corner (32, 40) only: touches, does not block
    table2 = table_with(Chip("a", "Vampire", 22, 30), Chip("b", "Schwesternbund", 42, 50),
                        obstacles=[Obstacle.box("wall", 32, 30, 4, 10)])
    assert table2.line_of_sight("a", "b").clear


def test_flying_a_flyers_line_of_sight_is_not_obstructed():
    """behind-2003-rulebook.txt, section Flying (Fliegen): "In addition, the line of sight of a
    flyer is not obstructed by obstacles or other characters." (ruling behind.flyer-sight:
    "symmetric" by default, "observer-only" switchable)."""
    wall = Obstacle.box("wall", 28, 30, 4, 10, height=5)
    table = table_with(Chip("bat", "Vampire", 10, 35, flying=True), Chip("target", "Schwesternbund", 50, 35),
                       obstacles=[wall])
    assert table.line_of_sight("bat", "target") == SightLine("bat", "target", True, ())
    assert table.line_of_sight("target", "bat").clear
    observer_only = table.with_rulings(BEHIND_RULINGS.switch(**{"behind.flyer-sight": "observer-only"}))
    assert observer_only.line_of_sight("bat", "target").clear
    assert observer_only.line_of_sight("target", "bat") == SightLine("target", "bat", False, ("wall",))
    for rulings_table in (table, observer_only):
        assert sight_matrix(rulings_table) == sight_matrix_loop(rulings_table)


def test_terrain_a_chip_on_a_flat_obstacle_sees_over_it():
    """behind-2003-rulebook.txt, section Terrain and Climbing (Gelände & Klettern): "If a character
    chip lies on a higher level but at the edge of the height difference, there is line of
    sight." (ruling behind.sight-from-flat-obstacle: the flat obstacle a chip stands on never
    blocks its lines; it still blocks lines between others)."""
    roof = Obstacle.box("roof", 40, 30, 10, 10, height=3, flat=True)
    table = table_with(Chip("up", "Vampire", 45, 35), Chip("west", "Schwesternbund", 20, 35),
                       Chip("east", "Schwesternbund", 70, 35), obstacles=[roof])
    assert table.line_of_sight("west", "up").clear and table.line_of_sight("up", "east").clear
    assert table.line_of_sight("west", "east").blockers == ("up", "roof")


def test_viewing_angle_sees_needs_clear_line_and_viewing_angle():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): "Every character can use
    abilities that need a line of sight to their target, such as magic, Schrecken, Befehl, but
    also ranged attacks, only on opponents who are within his viewing angle." """
    table = table_with(Chip("shooter", "Vampire", 10, 40, facing=0), Chip("target", "Schwesternbund", 50, 40),
                       Chip("behind", "Schwesternbund", 5, 60),
                       Chip("hidden", "Schwesternbund", 50, 60), obstacles=[Obstacle.box("wall", 28, 48, 4, 10)])
    assert table.sees("shooter", "target")
    assert not table.sees("shooter", "behind")  # clear but outside the viewing angle
    assert table.in_viewing_angle("shooter", "hidden") and not table.sees("shooter", "hidden")


# ---------------------------------------------------------------------------------------------
# Straight moves
# ---------------------------------------------------------------------------------------------
def test_movement_stops_touching_the_chip_in_the_way():
    """behind-2003-rulebook.txt, section Movement: "If a character chip would overlap another, the
    one just moved is placed so that the two chips touch. As with obstacles, moving over a
    character chip is also not possible." """
    table = table_with(Chip("Ludwig", "Vampire", 10, 40, facing=0), Chip("Sahra", "Schwesternbund", 20, 41))
    result = table.move_end("Ludwig", 30)
    assert result.stopped_by == "Sahra" and result.requested == 30
    assert result.end[1] == 40 and result.distance == pytest.approx(10 - math.sqrt(9 - 1))
    moved, again = table.move_chip_straight("Ludwig", 30)
    assert again == result
    assert moved.gap("Ludwig", "Sahra") == pytest.approx(0.0, abs=1e-9)
    assert moved.touching("Ludwig", "Sahra")
    assert table.chip("Ludwig").x == 10  # the old table is unchanged


def test_movement_path_grazing_a_chip_is_not_stopped():
    """behind-2003-rulebook.txt, section Movement: "moving over a character chip is also not
    possible" -- passing it at touching distance is not moving over it."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 40), Chip("Sahra", "Schwesternbund", 20, 40 + 2 * R))
    result = table.move_end("Ludwig", 30)
    assert result.stopped_by is None and result.end == (40.0, 40.0)


def test_movement_stops_touching_an_obstacle():
    """behind-2003-rulebook.txt, section Movement: "The movement range on the left edge shows the
    distance and applies in a straight line through the terrain, but not over obstacles, only
    around them." (ruling behind.move-into-obstacle: stop touching it)."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 40, facing=0),
                       obstacles=[Obstacle.box("wall", 20, 30, 4, 20, height=5)])
    result = table.move_end("Ludwig", 30)
    assert result == MoveResult("Ludwig", (10.0, 40.0), (20 - R, 40.0), 20 - R - 10, "wall", 30.0)
    # a round obstacle and a turned box: the chip ends exactly touching them
    for obstacle in (Obstacle.circle("tree", 30, 42, 3), Obstacle.box("crate", 25, 35, 6, 6, angle=30)):
        table = table_with(Chip("Ludwig", "Vampire", 10, 40, facing=10), obstacles=[obstacle])
        moved, result = table.move_chip_straight("Ludwig", 40)
        assert result.stopped_by == obstacle.name
        gap = shapely.distance(Point(*result.end), obstacle.polygon) - R
        assert gap == pytest.approx(0.0, abs=1e-9)


def test_movement_stops_at_the_table_edge():
    """behind-2003-rulebook.txt, section Movement: "applies in a straight line through the terrain"
    (ruling behind.move-into-obstacle: a straight move stops where the chip touches the table edge)."""
    table = table_with(Chip("Ludwig", "Vampire", 110, 40, facing=0))
    result = table.move_end("Ludwig", 30)
    assert result.stopped_by == TABLE_EDGE and result.end == (120 - R, 40.0) and result.distance == 8.5
    diagonal = table_with(Chip("Ludwig", "Vampire", 110, 70, facing=45)).move_end("Ludwig", 30)
    assert diagonal.stopped_by == TABLE_EDGE and diagonal.end[0] == pytest.approx(118.5)


def test_viewing_angle_movement_only_in_the_direction_of_the_viewing_angle():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): "In addition, movement is only
    possible in the direction of the viewing angle. After a movement a character chip may be
    turned as desired." """
    table = table_with(Chip("Ludwig", "Vampire", 50, 40, facing=90))
    with pytest.raises(RuleViolation) as caught:
        table.move_end("Ludwig", 5, direction=180)
    assert_cites(caught.value, refs.VIEWING_ANGLE, "Ludwig", "direction of the viewing angle")
    step = 5 / math.sqrt(2)
    assert table.move_end("Ludwig", 5, direction=135).end == pytest.approx((50 - step, 40 + step))
    assert table.move_end("Ludwig", 5, direction=45).stopped_by is None
    moved, _ = table.move_chip_straight("Ludwig", 5, facing=270)
    assert moved.chip("Ludwig").facing == 270 and moved.chip("Ludwig").position == (50.0, 45.0)


def test_flying_a_flyer_moves_over_chips_and_obstacles():
    """behind-2003-rulebook.txt, section Flying (Fliegen): "This has the advantage that in his
    movement he may fly over other characters and obstacles, that is, he can move across them." """
    table = table_with(Chip("bat", "Vampire", 10, 40, flying=True), Chip("Sahra", "Schwesternbund", 20, 40),
                       obstacles=[Obstacle.box("wall", 30, 30, 4, 20, height=5)])
    result = table.move_end("bat", 40)
    assert result.stopped_by is None and result.end == (50.0, 40.0)
    assert table.move_end("bat", 200).stopped_by == TABLE_EDGE


def test_flying_landing_on_another_chip_is_not_possible():
    """behind-2003-rulebook.txt, section Flying (Fliegen): "Landing on another character chip is not
    possible." """
    table = table_with(Chip("bat", "Vampire", 10, 40, flying=True), Chip("Sahra", "Schwesternbund", 20, 40))
    with pytest.raises(RuleViolation) as caught:
        table.move_end("bat", 9)
    assert_cites(caught.value, refs.FLYING, "bat", "Sahra", "Landing")


def test_flying_landing_on_an_obstacle_only_if_flat_with_room():
    """behind-2003-rulebook.txt, section Flying (Fliegen): "A flying character can land on an
    obstacle only if the obstacle is flat and his character chip has room on it completely." """
    roof = Obstacle.box("roof", 30, 30, 10, 20, height=4, flat=True)
    wall = Obstacle.box("wall", 60, 30, 4, 20, height=5)
    table = table_with(Chip("bat", "Vampire", 10, 40, flying=True), obstacles=[roof, wall])
    landed, _ = table.move_chip_straight("bat", 25)
    assert landed.standing_on("bat") == ("roof",)
    with pytest.raises(RuleViolation) as caught:
        table.move_end("bat", 20.5)  # partly on the roof
    assert_cites(caught.value, refs.FLYING, "bat", "roof")
    with pytest.raises(RuleViolation) as caught:
        table.move_end("bat", 52)  # on the wall
    assert_cites(caught.value, refs.FLYING, "bat", "wall")


def test_terrain_a_chip_on_a_flat_obstacle_may_step_down_but_not_straddle():
    """behind-2003-rulebook.txt, section Terrain and Climbing (Gelände & Klettern): "Every character
    can climb obstacles if the obstacle in question is flat and his character chip has room on
    it." -- leaving it is not stopped by it, ending half on it is illegal."""
    roof = Obstacle.box("roof", 30, 30, 10, 20, height=2, flat=True)
    table = table_with(Chip("Ludwig", "Vampire", 35, 40), obstacles=[roof])
    moved, result = table.move_chip_straight("Ludwig", 10)
    assert result.stopped_by is None and moved.standing_on("Ludwig") == ()
    with pytest.raises(RuleViolation) as caught:
        table.move_end("Ludwig", 5)
    assert_cites(caught.value, refs.TERRAIN, "Ludwig", "roof")
    ground = table_with(Chip("Ludwig", "Vampire", 20, 40), obstacles=[roof])
    assert ground.move_end("Ludwig", 20).stopped_by == "roof"  # climbing is not a straight move


def test_movement_zero_and_negative_distances():
    """behind-2003-rulebook.txt, section Movement: "The values need not be used completely" """
    table = table_with(Chip("Ludwig", "Vampire", 50, 40))
    assert table.move_end("Ludwig", 0) == MoveResult("Ludwig", (50.0, 40.0), (50.0, 40.0), 0.0, None, 0.0)
    with pytest.raises(ValueError):
        table.move_end("Ludwig", -1)


# ---------------------------------------------------------------------------------------------
# Random legal tables: moves and the vectorised sight matrix
# ---------------------------------------------------------------------------------------------
@st.composite
def legal_tables(draw, max_chips=10, max_obstacles=7):
    """Random legal tables; half of them on a coarse grid, which makes grazing lines, lines along
    edges and through corners common."""
    grid = draw(st.booleans())

    def coordinate(low, high):
        if grid:
            return draw(st.integers(int(math.ceil(low * 2)), int(high * 2))) / 2
        return draw(st.floats(low, high, allow_nan=False, allow_infinity=False))

    rulings = BEHIND_RULINGS.switch(**{"behind.flyer-sight": draw(st.sampled_from(["symmetric", "observer-only"]))})
    table = Table(60.0, 40.0, rulings=rulings)
    for k in range(draw(st.integers(0, max_obstacles))):
        x, y = coordinate(2, 50), coordinate(2, 32)
        flat = draw(st.booleans())
        kind = draw(st.sampled_from(["box", "turned", "circle", "ring"]))
        if kind == "box":
            obstacle = Obstacle.box(f"o{k}", x, y, coordinate(1, 8), coordinate(1, 8), flat=flat)
        elif kind == "turned":
            obstacle = Obstacle.box(f"o{k}", x, y, coordinate(1, 8), coordinate(1, 8), flat=flat,
                                    angle=draw(st.sampled_from([15.0, 30.0, 45.0, 60.0])))
        elif kind == "circle":
            obstacle = Obstacle.circle(f"o{k}", x, y, coordinate(1, 5), flat=flat, quad_segs=4)
        else:  # a square with a square hole
            obstacle = Obstacle(f"o{k}", Polygon(
                [(x, y), (x + 8, y), (x + 8, y + 8), (x, y + 8)],
                [[(x + 2, y + 2), (x + 6, y + 2), (x + 6, y + 6), (x + 2, y + 6)]]), flat=flat)
        try:
            table = table.add_obstacle(obstacle)
        except RuleViolation:
            pass
    for k in range(draw(st.integers(2, max_chips))):
        chip = Chip(f"c{k}", draw(st.sampled_from(["Vampire", "Schwesternbund"])),
                    coordinate(R, 60 - R), coordinate(R, 40 - R),
                    draw(st.sampled_from([0.0, 45.0, 90.0, 180.0, 270.0])) if grid else draw(st.floats(0, 360)),
                    flying=draw(st.booleans()) and draw(st.booleans()))
        try:
            table = table.place(chip)
        except RuleViolation:
            pass
    return table


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_tables())
def test_ranged_combat_vectorised_sight_matrix_equals_per_pair_loop(table):
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf): "A conceptual line between the
    centres of the two character chips must therefore be drawable without interruption." --
    the all-pairs computation gives exactly the per-pair answers."""
    fast, slow = sight_matrix(table), sight_matrix_loop(table)
    assert fast == slow
    for i, a in enumerate(table.names):
        for j, b in enumerate(table.names):
            if i != j:
                assert fast.line(a, b) == table.line_of_sight(a, b)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_tables(), st.data())
def test_movement_straight_moves_end_legal_and_never_pass_over_anything(table, data):
    """behind-2003-rulebook.txt, section Movement: "applies in a straight line through the terrain,
    but not over obstacles, only around them" and "moving over a character chip is also not
    possible" -- every straight move ends on a legal table, touching what stopped it."""
    assume(len(table) > 0)
    name = data.draw(st.sampled_from(table.names))
    chip = table.chip(name)
    direction = chip.facing + data.draw(st.floats(-45, 45))
    distance = data.draw(st.floats(0, 40))
    try:
        moved, result = table.move_chip_straight(name, distance, direction)
    except RuleViolation as error:
        assert error.rule in (refs.FLYING, refs.TERRAIN)
        return
    assert result.distance <= distance + 1e-9
    end = moved.chip(name)
    assert (end.x, end.y) == result.end
    if result.stopped_by is None:
        assert result.distance == pytest.approx(distance)
    elif result.stopped_by == TABLE_EDGE:
        assert min(end.x - R, 60 - R - end.x, end.y - R, 40 - R - end.y) == pytest.approx(0.0, abs=1e-9)
    elif result.stopped_by in table:
        assert moved.gap(name, result.stopped_by) == pytest.approx(0.0, abs=1e-7)
    else:
        polygon = table.obstacle(result.stopped_by).polygon
        assert shapely.distance(Point(result.end), polygon) - R == pytest.approx(0.0, abs=1e-7)
    if chip.flying or result.distance == 0:
        return
    path = LineString([result.start, result.end])
    for other in table.chips:
        if other.name != name:
            assert shapely.distance(path, Point(other.position)) >= 2 * R - 1e-7
    for k, obstacle in enumerate(table.obstacles):
        if obstacle.name not in table.standing_on(name):
            assert shapely.distance(path, obstacle.polygon) >= R - 1e-7


def test_ranged_combat_sight_matrix_on_a_seeded_table():
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf): "The line of sight between
    shooter and target must not be obstructed by other characters or obstacles." -- the matrix,
    its blockers and its frame."""
    table = random_table(7, chips=14, obstacles=9, flyers=0.2)
    matrix = sight_matrix(table)
    assert matrix == sight_matrix_loop(table)
    assert isinstance(matrix, SightMatrix) and matrix.clear.shape == (14, 14)
    assert matrix.clear.diagonal().all() and not matrix.in_view.diagonal().any()
    frame = matrix.frame()
    assert list(frame.columns) == ["observer", "target", "clear", "in_view", "blockers"]
    assert len(frame) == 14 * 13
    assert (frame["clear"] == (frame["blockers"].map(len) == 0)).all()
    row = frame[~frame["clear"]].iloc[0]
    assert matrix.blockers(row["observer"], row["target"]) == row["blockers"]
    assert (matrix.sees == (matrix.clear & matrix.in_view)).all()
    assert table.sight_matrix() == matrix


# ---------------------------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------------------------
def test_the_beginning_table_round_trips_through_json():
    """behind-2003-rulebook.txt, section The Beginning: "Lay out a few obstacles in the middle of
    the table as described in the scenario and place the character chips of your participating
    characters" -- a saved table loads exactly as it was."""
    ludwig = Character("Ludwig von Auenstedt", strength=4, dexterity=2, resistance=3, character_points=8,
                       society="Vampire", abilities="Regeneration 4+; Glaube +2", injuries=1)
    ring = Obstacle("ruin", Polygon([(60, 10), (80, 10), (80, 30), (60, 30)],
                                    [[(65, 15), (75, 15), (75, 25), (65, 25)]]), height=2.5, flat=True)
    table = Table(
        100.0, 70.0,
        [Obstacle.circle("tree", 30.1, 20.7, 3.3), Obstacle.box("crate", 40, 40, 5, 7, angle=17.3), ring],
        [Chip("Ludwig", "Vampire", 10.123456789, 20.987654321, 33.3, character=ludwig),
         Chip("bat", "Vampire", 50, 50, -90, flying=True), Chip("Sahra", "Schwesternbund", 62, 12, 0.1)],
        BEHIND_RULINGS.switch(**{"behind.flyer-sight": "observer-only", "behind.chip-diameter-cm": 2.5}),
    )
    data = json.loads(json.dumps(table.to_json()))
    again = Table.from_json(data)
    assert again == table
    assert again.to_json() == table.to_json()
    assert again.chip("Ludwig").character == ludwig
    assert again.chip("bat").facing == 270.0
    assert again.rulings["behind.chip-diameter-cm"] == 2.5
    assert sight_matrix(again) == sight_matrix(table)


# ---------------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------------
def sample_table() -> Table:
    return Table(obstacles=[
        Obstacle.box("house", 50, 30, 12, 10, height=8),
        Obstacle.box("roof", 20, 55, 14, 10, height=3, flat=True),
        Obstacle.circle("tree", 85, 50, 4, height=6),
        Obstacle.box("hedge", 80, 15, 3, 16, height=1.5, angle=20),
    ], chips=[
        Chip("Ludwig", "Vampire", 25, 40, facing=0),
        Chip("Irina", "Vampire", 27, 60, facing=-30),
        Chip("bat", "Vampire", 40, 15, facing=20, flying=True),
        Chip("Sahra", "Schwesternbund", 100, 45, facing=180),
        Chip("Marius", "Schwesternbund", 70, 36, facing=200),
        Chip("Jeanne", "Schwesternbund", 100, 22, facing=150),
        Chip("Agnes", "Schwesternbund", 28.0, 40 + 2 * R, facing=270),
    ])


def test_draw_table_and_png_display():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): "If you look closely at a
    character chip, you will notice a marking of usually 90º at its edge." -- the drawing shows
    chips with their viewing angle, obstacles and sight lines; Jupyter gets PNG bytes."""
    from matplotlib.axes import Axes

    from explorer.behind.render_table import draw_table, owner_colours, table_png

    table = sample_table()
    ax = draw_table(table, sight_from="Ludwig", ranges={"Ludwig": 30.0}, card_length_rings={"Sahra": 2},
                    title="sample")
    assert isinstance(ax, Axes) and ax.get_title() == "sample"
    assert ax.get_aspect() == 1.0
    assert owner_colours(table) == owner_colours(table.remove("bat"))
    png = table._repr_png_()
    assert png.startswith(b"\x89PNG")
    sample = table_png(table, sight_from="Ludwig", ranges={"Ludwig": 30.0}, card_length_rings={"Sahra": 1})
    assert sample.startswith(b"\x89PNG")
    with open("/tmp/table_sample.png", "wb") as handle:
        handle.write(sample)
    assert draw_table(Table()).get_xlim()[1] > 120
