"""Movement leg by leg: walking, climbing, flying, incorporeal legs, breaking away, height levels.

Each test is named after the rule clause it checks and quotes it from behind-2003-rulebook.txt.
The chip diameter is 3.0 cm (ruling behind.chip-diameter-cm), so the radius is 1.5 cm.
"""

from __future__ import annotations

import math

import pytest

from explorer.behind import refs
from explorer.behind.movement import (
    Leg,
    at_foot,
    break_away_level,
    check_same_level,
    move_leg,
    reachable_points,
    same_level,
    toward,
)
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.behind.table import TABLE_EDGE, Chip, Obstacle, Table
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

R = 1.5  # chip radius under the default ruling


def table_with(*chips: Chip, obstacles=(), rulings=None) -> Table:
    return Table(120.0, 80.0, obstacles, chips, rulings)


def assert_cites(error: RuleViolation, ref, *names: str) -> None:
    assert error.rule == ref
    assert f'section "{ref.section}"' in str(error)
    for name in names:
        assert name in str(error), f"{name!r} not named in: {error}"


def flat_box(height: float = 2.0) -> Obstacle:
    """A flat 10 x 10 cm box from (20, 5) to (30, 15)."""
    return Obstacle.box("box", 20, 5, 10, 10, height=height, flat=True)


def wall() -> Obstacle:
    """A 1 cm thick wall along x = 20..21, not flat."""
    return Obstacle.box("wall", 20, 0, 1, 40, height=5.0)


# ---------------------------------------------------------------------------------------------
# Movement
# ---------------------------------------------------------------------------------------------
def test_movement_the_movement_range_shows_the_distance():
    """behind-2003-rulebook.txt, section "Movement": "The movement range on the left edge shows the
    distance" -- a leg longer than the range is refused; the table is unchanged."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10))
    with pytest.raises(RuleViolation) as caught:
        move_leg(table, "Ludwig", (16.01, 10), 6.0)
    assert_cites(caught.value, refs.MOVEMENT, "Ludwig", "6 cm")


def test_movement_the_distance_is_measured_from_the_centre_of_a_character_chip():
    """behind-2003-rulebook.txt, section "Movement": "The distance is measured from the centre of a
    character chip." -- a leg of exactly the range ends with the centre on the point aimed at."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10, facing=30))
    to = (10 + 6 * math.cos(math.radians(40)), 10 + 6 * math.sin(math.radians(40)))
    after, leg = move_leg(table, "Ludwig", to, 6.0)
    assert after.chip("Ludwig").position == to
    assert leg == Leg("Ludwig", (10.0, 10.0), to, to, pytest.approx(6.0), None)
    assert after.chip("Ludwig").facing == 30  # facing kept by default


def test_movement_a_chip_that_would_overlap_is_placed_so_that_the_two_chips_touch():
    """behind-2003-rulebook.txt, section "Movement": "If a character chip would overlap another, the
    one just moved is placed so that the two chips touch." -- a move toward an enemy stops
    touching it."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), Chip("Sahra", "Schwesternbund", 20, 10, facing=180))
    after, leg = move_leg(table, "Ludwig", (19, 10), 9.0)
    assert leg.end == pytest.approx((17.0, 10.0))
    assert leg.stopped_by == "Sahra" and leg.distance == pytest.approx(7.0)
    assert after.touching("Ludwig", "Sahra")
    assert after.touching_enemies("Ludwig") == ("Sahra",)


def test_movement_not_over_obstacles_only_around_them():
    """behind-2003-rulebook.txt, section "Movement": "applies in a straight line through the terrain,
    but not over obstacles, only around them." -- a walk into a wall stops touching it; going
    around takes two legs."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 35), obstacles=[Obstacle.box("wall", 20, 0, 1, 40, height=5)])
    _, blocked = move_leg(table, "Ludwig", (25, 35), 15.0)
    assert blocked.stopped_by == "wall" and blocked.end == pytest.approx((20 - R, 35))
    corner, first = move_leg(table, "Ludwig", (18, 43), 12.0, facing=0)  # past the wall's end
    beyond, second = move_leg(corner, "Ludwig", (26, 43), 12.0)
    assert first.stopped_by is None and second.stopped_by is None
    assert beyond.chip("Ludwig").position == (26, 43)


def test_movement_a_leg_never_ends_off_the_table():
    """behind-2003-rulebook.txt, section "Movement" (ruling behind.move-into-obstacle: a move
    "stops where the moving chip first touches an obstacle or the table edge") -- walking,
    flying and incorporeal legs stop at the table edge."""
    table = table_with(Chip("Ludwig", "Vampire", 115, 40))
    for mode in ("walk", "fly", "incorporeal"):
        after, leg = move_leg(table, "Ludwig", (125, 40), 10.0, mode=mode)
        assert leg.stopped_by == TABLE_EDGE
        assert after.chip("Ludwig").position == (120 - R, 40)


def test_movement_breaking_away_the_level_equals_the_highest_dexterity_plus_one_per_additional_enemy():
    """behind-2003-rulebook.txt, section "Movement": "With several enemies, this equals the highest
    Dexterity value. Each additional enemy beyond the first who is in combat with the character
    raises the check by +1." -- Dexterity 3 and 2: level 4."""
    table = table_with(Chip("Ludwig", "Vampire", 20, 20), Chip("Sahra", "Schwesternbund", 23, 20),
                       Chip("Jeanne", "Schwesternbund", 20, 23))
    assert break_away_level(table, "Ludwig", {"Sahra": 3, "Jeanne": 2}) == 4
    assert break_away_level(table.remove("Jeanne"), "Ludwig", {"Sahra": 3}) == 3


def test_movement_breaking_away_needs_a_check_only_when_touching_an_enemy():
    """behind-2003-rulebook.txt, section "Movement": "If a character is in contact with another
    character, that is, his character chip touches at least one enemy character chip, and wants
    to break away from it" -- a friend touching, or an enemy apart, asks no check."""
    table = table_with(Chip("Ludwig", "Vampire", 20, 20), Chip("Marek", "Vampire", 23, 20),
                       Chip("Sahra", "Schwesternbund", 30, 20))
    assert break_away_level(table, "Ludwig", {"Marek": 4, "Sahra": 3}) is None


# ---------------------------------------------------------------------------------------------
# Schrecken (Terror)
# ---------------------------------------------------------------------------------------------
def test_schrecken_one_can_break_away_from_a_frightened_character_without_a_check():
    """behind-2003-rulebook.txt, section "Schrecken (Terror) -- Fähigkeit X+": "One can break away
    from a frightened character without a check (see "Movement" p. 18). With several characters
    his Dexterity value is therefore not relevant when breaking away and does not make the check
    harder by +1." -- Dexterity 3 (frightened) and 2: level 2; all frightened: no check."""
    table = table_with(Chip("Ludwig", "Vampire", 20, 20), Chip("Sahra", "Schwesternbund", 23, 20),
                       Chip("Jeanne", "Schwesternbund", 20, 23))
    dexterity = {"Sahra": 3, "Jeanne": 2}
    assert break_away_level(table, "Ludwig", dexterity, frightened={"Sahra"}) == 2
    assert break_away_level(table, "Ludwig", dexterity, frightened={"Sahra", "Jeanne"}) is None


# ---------------------------------------------------------------------------------------------
# Viewing Angle (Sichtwinkel)
# ---------------------------------------------------------------------------------------------
def test_viewing_angle_movement_is_only_possible_in_the_direction_of_the_viewing_angle():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "movement is only possible in
    the direction of the viewing angle." -- moving behind is refused, for every mode."""
    table = table_with(Chip("Ludwig", "Vampire", 50, 40, facing=0))
    for mode in ("walk", "fly", "incorporeal"):
        with pytest.raises(RuleViolation) as caught:
            move_leg(table, "Ludwig", (45, 40), 8.0, mode=mode)
        assert_cites(caught.value, refs.VIEWING_ANGLE, "Ludwig")


def test_viewing_angle_the_90_degree_marking_includes_its_boundary():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "a marking of usually 90º"
    -- 45 degrees off the facing is still inside (ruling behind.rear-arc), 46 is not."""
    table = table_with(Chip("Ludwig", "Vampire", 50, 40, facing=0))
    _, leg = move_leg(table, "Ludwig", (55, 45), 8.0)
    assert leg.end == (55, 45)
    beyond = (50 + 5 * math.cos(math.radians(46)), 40 + 5 * math.sin(math.radians(46)))
    with pytest.raises(RuleViolation):
        move_leg(table, "Ludwig", beyond, 8.0)


def test_viewing_angle_after_a_movement_a_character_chip_may_be_turned_as_desired():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "After a movement a character
    chip may be turned as desired." -- ``facing`` turns the chip after the leg."""
    table = table_with(Chip("Ludwig", "Vampire", 50, 40, facing=0))
    after, _ = move_leg(table, "Ludwig", (55, 40), 8.0, facing=180)
    assert after.chip("Ludwig").facing == 180
    _, leg = move_leg(after, "Ludwig", (50, 40), 8.0)
    assert leg.end == (50, 40)


# ---------------------------------------------------------------------------------------------
# Terrain and Climbing (Gelände & Klettern)
# ---------------------------------------------------------------------------------------------
def test_terrain_the_total_movement_must_be_sufficient_to_overcome_the_height():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": "the total
    movement of the movement card must be sufficient to overcome the height of the obstacle." --
    a flat 2 cm box: total movement 3 climbs it, total movement 1 stops at it."""
    table = table_with(Chip("Ludwig", "Vampire", 20 - R, 10), obstacles=[flat_box(2.0)])
    after, leg = move_leg(table, "Ludwig", (25, 10), 7.0, climb=3.0)
    assert leg.climbed == "box" and leg.end == (25, 10) and leg.distance == pytest.approx(6.5)
    assert after.standing_on("Ludwig") == ("box",)
    same, failed = move_leg(table, "Ludwig", (25, 10), 7.0, climb=1.0)
    assert failed.climbed is None and failed.stopped_by == "box" and failed.distance == 0
    assert same.chip("Ludwig").position == (20 - R, 10) and same.standing_on("Ludwig") == ()


def test_terrain_at_the_start_of_his_movement_the_chip_must_stand_at_the_lower_part_of_the_obstacle():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": "At the start of
    his movement the character chip must stand at the lower part of the obstacle" (ruling
    behind.climb-foot) -- from 3 cm away the walk stops at the foot; the next leg climbs."""
    table = table_with(Chip("Ludwig", "Vampire", 15.5, 10), obstacles=[flat_box(2.0)])
    assert not at_foot(table, "Ludwig", "box")
    at_the_foot, leg = move_leg(table, "Ludwig", (25, 10), 9.5, climb=9.5)
    assert leg.stopped_by == "box" and leg.end == pytest.approx((20 - R, 10)) and leg.climbed is None
    assert at_foot(at_the_foot, "Ludwig", "box")
    on_top, leg = move_leg(at_the_foot, "Ludwig", (25, 10), 9.5, climb=9.5)
    assert leg.climbed == "box" and on_top.standing_on("Ludwig") == ("box",)


def test_terrain_only_a_flat_obstacle_with_room_for_the_chip_can_be_climbed():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": "Every character
    can climb obstacles if the obstacle in question is flat and his character chip has room on
    it." -- a non-flat box, or a point too near the edge, stops the walk at the obstacle."""
    steep = Obstacle.box("box", 20, 5, 10, 10, height=2.0)
    table = table_with(Chip("Ludwig", "Vampire", 20 - R, 10), obstacles=[steep])
    _, leg = move_leg(table, "Ludwig", (25, 10), 7.0, climb=9.0)
    assert leg.stopped_by == "box" and leg.distance == 0
    table = table_with(Chip("Ludwig", "Vampire", 20 - R, 10), obstacles=[flat_box()])
    _, leg = move_leg(table, "Ludwig", (21, 10), 7.0, climb=9.0)  # only 1 cm onto the box: no room
    assert leg.stopped_by == "box" and leg.distance == 0


def test_terrain_a_chip_in_the_way_on_top_stops_the_climber_touching_it():
    """behind-2003-rulebook.txt, section "Movement": "If a character chip would overlap another, the
    one just moved is placed so that the two chips touch." -- also on top of a climbed obstacle
    (ruling behind.climb-foot)."""
    table = table_with(Chip("Ludwig", "Vampire", 20 - R, 10), Chip("Sahra", "Schwesternbund", 27, 10),
                       obstacles=[flat_box()])
    after, leg = move_leg(table, "Ludwig", (28.5, 10), 10.0, climb=3.0)
    assert leg.climbed == "box" and leg.stopped_by == "Sahra" and leg.end == pytest.approx((24.0, 10))
    assert after.touching("Ludwig", "Sahra") and same_level(after, "Ludwig", "Sahra")


def test_terrain_climbing_cost_ruling_counts_the_height_against_the_distance():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": "the total
    movement of the movement card must be sufficient to overcome the height" -- under ruling
    behind.climb-cost = "counts-against-distance" a 6.5 cm leg up 2 cm needs a range of 8.5."""
    rulings = BEHIND_RULINGS.switch(**{"behind.climb-cost": "counts-against-distance"})
    table = table_with(Chip("Ludwig", "Vampire", 20 - R, 10), obstacles=[flat_box()], rulings=rulings)
    _, short = move_leg(table, "Ludwig", (25, 10), 7.0, climb=7.0)
    assert short.climbed is None and short.distance == 0
    _, enough = move_leg(table, "Ludwig", (25, 10), 8.5, climb=8.5)
    assert enough.climbed == "box"


def test_terrain_a_chip_may_step_down_from_a_flat_obstacle():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": a chip on a flat
    obstacle walks off it to the ground (no height check going down)."""
    table = table_with(Chip("Ludwig", "Vampire", 25, 10), obstacles=[flat_box()])
    after, leg = move_leg(table, "Ludwig", (33, 10), 8.0)
    assert leg.end == (33, 10) and after.standing_on("Ludwig") == ()


def test_terrain_melee_combats_between_characters_at_different_height_levels_are_not_possible():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": "Melee combats
    between characters at different height levels are not possible." """
    table = table_with(Chip("Ludwig", "Vampire", 20 - R, 10), Chip("Sahra", "Schwesternbund", 20 + R, 10),
                       obstacles=[flat_box()])
    assert table.touching("Ludwig", "Sahra") and not same_level(table, "Ludwig", "Sahra")
    with pytest.raises(RuleViolation) as caught:
        check_same_level(table, "Ludwig", "Sahra")
    assert_cites(caught.value, refs.TERRAIN, "Ludwig", "Sahra", "box", "the ground")
    ground = table_with(Chip("Ludwig", "Vampire", 10, 30), Chip("Sahra", "Schwesternbund", 13, 30))
    check_same_level(ground, "Ludwig", "Sahra")


def test_movement_breaking_away_ignores_an_enemy_on_another_height_level():
    """behind-2003-rulebook.txt, section "Movement": "Each additional enemy beyond the first who is in
    combat with the character raises the check by +1." -- an enemy on a box is not in combat with
    a chip on the ground (ruling behind.break-away-levels = "same-level"; "any-touching" counts it)."""
    table = table_with(Chip("Ludwig", "Vampire", 20 - R, 10), Chip("Sahra", "Schwesternbund", 20 + R, 10),
                       Chip("Jeanne", "Schwesternbund", 20 - R, 10 - 2 * R), obstacles=[flat_box()])
    dexterity = {"Sahra": 5, "Jeanne": 2}
    assert break_away_level(table, "Ludwig", dexterity) == 2
    anyone = table.with_rulings(BEHIND_RULINGS.switch(**{"behind.break-away-levels": "any-touching"}))
    assert break_away_level(anyone, "Ludwig", dexterity) == 6


# ---------------------------------------------------------------------------------------------
# Flying (Fliegen)
# ---------------------------------------------------------------------------------------------
def test_flying_he_may_fly_over_other_characters_and_obstacles():
    """behind-2003-rulebook.txt, section "Flying (Fliegen)": "in his movement he may fly over other
    characters and obstacles" -- and the chip's own flying flag is left as it was."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), Chip("Sahra", "Schwesternbund", 15, 10), obstacles=[wall()])
    after, leg = move_leg(table, "Ludwig", (25, 10), 15.0, mode="fly")
    assert leg.end == (25, 10) and leg.stopped_by is None and leg.mode == "fly"
    assert after.chip("Ludwig").flying is False


def test_flying_landing_on_another_character_chip_is_not_possible():
    """behind-2003-rulebook.txt, section "Flying (Fliegen)": "Landing on another character chip is not
    possible." """
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), Chip("Sahra", "Schwesternbund", 15, 10))
    with pytest.raises(RuleViolation) as caught:
        move_leg(table, "Ludwig", (16, 10), 8.0, mode="fly")
    assert_cites(caught.value, refs.FLYING, "Ludwig", "Sahra")


def test_flying_a_flyer_lands_on_a_flat_obstacle_only_with_room_on_it_completely():
    """behind-2003-rulebook.txt, section "Flying (Fliegen)": "A flying character can land on an
    obstacle only if the obstacle is flat and his character chip has room on it completely." """
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), obstacles=[flat_box(9.0)])
    after, _ = move_leg(table, "Ludwig", (25, 10), 15.0, mode="fly")
    assert after.standing_on("Ludwig") == ("box",)
    with pytest.raises(RuleViolation) as caught:
        move_leg(table, "Ludwig", (20.5, 10), 15.0, mode="fly")
    assert_cites(caught.value, refs.FLYING, "box")


def test_flying_a_walking_leg_of_a_flyer_does_not_fly():
    """behind-2003-rulebook.txt, section "Flying (Fliegen)": "Some card effects allow a character to
    move by flying." -- the leg's mode decides; a walk of a chip marked flying stops at chips."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10, flying=True), Chip("Sahra", "Schwesternbund", 15, 10))
    after, leg = move_leg(table, "Ludwig", (25, 10), 15.0)
    assert leg.stopped_by == "Sahra" and after.chip("Ludwig").flying is True


# ---------------------------------------------------------------------------------------------
# Körperlos (Incorporeal), Tournament Games
# ---------------------------------------------------------------------------------------------
def test_koerperlos_he_may_move_through_every_character_chip_and_every_obstacle():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)": "he may move through every
    character chip and every obstacle." """
    table = table_with(Chip("Geist", "Geister", 10, 10), Chip("Sahra", "Schwesternbund", 15, 10), obstacles=[wall()])
    after, leg = move_leg(table, "Geist", (25, 10), 15.0, mode="incorporeal")
    assert leg.end == (25, 10) and leg.stopped_by is None and not leg.forfeited
    assert after.chip("Geist").position == (25, 10)


def test_koerperlos_his_movement_must_not_end_in_the_obstacle_or_character_chip_itself():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)": "His movement must not end in the
    obstacle or character chip itself." """
    table = table_with(Chip("Geist", "Geister", 10, 10), Chip("Sahra", "Schwesternbund", 15, 10), obstacles=[wall()])
    with pytest.raises(RuleViolation) as caught:
        move_leg(table, "Geist", (20.5, 10), 15.0, mode="incorporeal")
    assert_cites(caught.value, refs.KOERPERLOS, "Geist", "wall")
    with pytest.raises(RuleViolation) as caught:
        move_leg(table, "Geist", (16, 10), 15.0, mode="incorporeal")
    assert_cites(caught.value, refs.KOERPERLOS, "Sahra")


def test_tournament_games_an_incorporeal_movement_ending_in_an_obstacle_is_forfeited():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)" and section "Tournament Games
    (Turnierspiele)": "If you play by tournament rules (p. 38), a movement that would end in a
    character chip or obstacle is not allowed. That is, the movement does not take place and the
    action is forfeited without replacement." """
    table = table_with(Chip("Geist", "Geister", 10, 10), obstacles=[wall()])
    after, leg = move_leg(table, "Geist", (20.5, 10), 15.0, mode="incorporeal", facing=90, tournament=True)
    assert after == table
    assert leg.forfeited and leg.end == (10, 10) and leg.distance == 0 and leg.stopped_by == "wall"


# ---------------------------------------------------------------------------------------------
# Points for players
# ---------------------------------------------------------------------------------------------
def test_viewing_angle_random_target_points_lie_within_the_viewing_angle_and_the_range():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "movement is only possible in
    the direction of the viewing angle" -- sampled points are legal legs, the same for the same seed."""
    table = table_with(Chip("Ludwig", "Vampire", 60, 40, facing=90), Chip("Sahra", "Schwesternbund", 60, 45),
                       obstacles=[wall()])
    points = reachable_points(table, "Ludwig", 6.0, 20, SeededRng(3))
    assert len(points) == 20 and points == reachable_points(table, "Ludwig", 6.0, 20, SeededRng(3))
    for x, y in points:
        assert math.hypot(x - 60, y - 40) <= 6.0
        assert y - 40 >= abs(x - 60) - 1e-9  # within 45 degrees of facing 90
        move_leg(table, "Ludwig", (x, y), 6.0)
    assert all(math.hypot(x - 60, y - 45) >= 3 for x, y in reachable_points(table, "Ludwig", 6.0, 20,
                                                                              SeededRng(3), mode="fly"))


def test_movement_toward_an_enemy_the_greedy_leg_ends_touching_it():
    """behind-2003-rulebook.txt, section "Movement": "Keep moving your own character chips until one of
    them touches an enemy character chip." -- the greedy point ends touching the enemy."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10), Chip("Sahra", "Schwesternbund", 18, 14))
    point = toward(table, "Ludwig", "Sahra", 20.0)
    after, leg = move_leg(table, "Ludwig", point, 20.0)
    assert leg.stopped_by is None and after.touching("Ludwig", "Sahra")
    assert toward(after, "Ludwig", "Sahra", 20.0) is None  # already touching


def test_viewing_angle_toward_a_target_outside_it_moves_along_its_edge():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "movement is only possible in
    the direction of the viewing angle." -- a target at 90 degrees is approached along 45 degrees;
    a target behind cannot be approached."""
    table = table_with(Chip("Ludwig", "Vampire", 10, 10, facing=0), Chip("Sahra", "Schwesternbund", 10, 30))
    x, y = toward(table, "Ludwig", "Sahra", 6.0)
    assert (x - 10, y - 10) == pytest.approx((6 / math.sqrt(2), 6 / math.sqrt(2)))
    move_leg(table, "Ludwig", (x, y), 6.0)
    behind = table_with(Chip("Ludwig", "Vampire", 10, 10, facing=0), Chip("Sahra", "Schwesternbund", 2, 10))
    assert toward(behind, "Ludwig", "Sahra", 6.0) is None


def test_movement_a_leg_round_trips_through_json():
    """behind-2003-rulebook.txt, section "Movement": a leg record saves and loads exactly."""
    table = table_with(Chip("Ludwig", "Vampire", 20 - R, 10), obstacles=[flat_box()])
    _, leg = move_leg(table, "Ludwig", (25, 10), 7.0, climb=3.0)
    assert Leg.from_json(leg.to_json()) == leg


def test_terrain_the_greedy_point_never_leaves_a_chip_partly_on_a_flat_obstacle():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": "his character
    chip has room on it" -- a greedy leg from the top of a box stops wholly on it when the range
    does not reach the ground beyond."""
    table = table_with(Chip("Ludwig", "Vampire", 25, 10), Chip("Sahra", "Schwesternbund", 40, 10),
                       obstacles=[flat_box()])
    point = toward(table, "Ludwig", "Sahra", 5.0)
    assert point == (25 + 5.0 * 11 / 16, 10)
    after, _ = move_leg(table, "Ludwig", point, 5.0)
    assert after.standing_on("Ludwig") == ("box",)
    assert toward(table, "Ludwig", "Sahra", 20.0) == (37.0, 10)


def test_a_refused_move_says_its_point_and_angles_to_a_tenth():
    """Issue 11 (lesson 6: "cannot move towards (37.208, 52.0487), 180 degrees"): Viewing Angle
    (Sichtwinkel), behind-2003-rulebook.txt: "movement is only possible in the direction of the viewing
    angle".  The refusal names the point and the angles to a tenth of a cm or degree."""
    table = Table(120, 120, chips=[Chip("Ludwig", "Vampire", 43.608, 52.0, facing=26.0)])
    with pytest.raises(RuleViolation) as refused:
        move_leg(table, "Ludwig", (37.20812, 52.04873), 6.5)
    assert refused.value.rule == refs.VIEWING_ANGLE
    assert "cannot move towards (37.2, 52), 179.6 degrees" in refused.value.reason
    with pytest.raises(RuleViolation) as too_far:
        move_leg(table, "Ludwig", (50.0123, 55.0456), 2.0)
    assert "cm to (50, 55): the movement range allows 2 cm" in too_far.value.reason
