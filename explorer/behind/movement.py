"""Movement (Bewegung) of character chips, one straight leg at a time: walking, climbing, flying
and incorporeal (Körperlos) movement, breaking away, height levels, and target points for players.

Pure functions over an immutable :class:`~explorer.behind.table.Table`; the game engine calls
:func:`move_leg` once per straight leg of a movement card and gets back the new table and a
:class:`Leg` record.  Illegal legs raise :class:`~explorer.core.rules.RuleViolation` citing the
rulebook:

* Movement: "The movement range on the left edge shows the distance and applies in a straight
  line through the terrain, but not over obstacles, only around them. The distance is measured
  from the centre of a character chip." -- a leg longer than its range is refused; a walk stops
  touching the first chip or obstacle in its way, or at the table edge (ruling
  ``behind.move-into-obstacle``).
* Viewing Angle (Sichtwinkel): "movement is only possible in the direction of the viewing angle.
  After a movement a character chip may be turned as desired." (ruling ``behind.leg-viewing-angle``).
* Terrain and Climbing (Gelände & Klettern): climbing a flat obstacle (rulings
  ``behind.climb-foot`` and ``behind.climb-cost``); "Melee combats between characters at
  different height levels are not possible." (:func:`same_level`).
* Flying (Fliegen): a flyer "may fly over other characters and obstacles"; landing rules as in
  :meth:`Table.move_end`.
* Körperlos (Incorporeal): "he may move through every character chip and every obstacle. His
  movement must not end in the obstacle or character chip itself." (ruling ``behind.incorporeal-end``).

The ``mode`` of a leg, not the chip's ``flying`` flag, decides how it moves; the flag (which also
frees the flyer's sight) is left as it was.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

import shapely
from shapely.geometry import LineString, Point

from explorer.behind import refs
from explorer.behind.geometry import EPS, circle_entry, said_facing, said_tenths, unit, wholly_on, within_45
from explorer.behind.table import VIEW_HALF_ANGLE, Chip, Obstacle, Table
from explorer.core.rules import RuleViolation

MODES = ("walk", "fly", "incorporeal")
"""How a leg moves: on foot (climbing flat obstacles), flying (Fliegen), or incorporeal (Körperlos)."""

SAMPLE_TRIES = 10
""":func:`reachable_points` draws at most this many candidates per point asked for."""

Point2 = tuple[float, float]


@dataclass(frozen=True)
class Leg:
    """One straight leg of a movement, as it happened.

    ``start`` and ``end`` are the chip centre before and after; ``requested`` is the point aimed
    at; ``distance`` how far the centre moved.  ``stopped_by`` names the chip or obstacle the walk
    stopped touching, or :data:`~explorer.behind.table.TABLE_EDGE`; for a forfeited leg, the chip
    or obstacle it would have ended in.  ``climbed`` names the flat obstacle a walk climbed onto.
    ``forfeited``: a tournament incorporeal leg that would have ended in a chip or obstacle did
    not take place (Körperlos: "the movement does not take place and the action is forfeited").
    """

    chip: str
    start: Point2
    end: Point2
    requested: Point2
    distance: float
    stopped_by: str | None = None
    climbed: str | None = None
    forfeited: bool = False
    mode: str = "walk"

    @property
    def stopped(self) -> bool:
        """The leg ended short of the requested point (or did not take place)."""
        return self.stopped_by is not None

    def to_json(self) -> dict:
        return {"chip": self.chip, "start": list(self.start), "end": list(self.end),
                "requested": list(self.requested), "distance": self.distance, "stopped_by": self.stopped_by,
                "climbed": self.climbed, "forfeited": self.forfeited, "mode": self.mode}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Leg:
        return cls(data["chip"], tuple(data["start"]), tuple(data["end"]), tuple(data["requested"]),
                   data["distance"], data.get("stopped_by"), data.get("climbed"),
                   data.get("forfeited", False), data.get("mode", "walk"))


# ---------------------------------------------------------------------------------------------
# One leg
# ---------------------------------------------------------------------------------------------
def move_leg(table: Table, chip_name: str, to: tuple[float, float], max_distance: float, *,
             mode: str = "walk", climb: float = 0.0, facing: float | None = None,
             tournament: bool = False) -> tuple[Table, Leg]:
    """Move chip ``chip_name`` one straight leg towards the point ``to``; the new table and the leg.

    The leg runs from the chip's centre to ``to`` ("The distance is measured from the centre of a
    character chip", Movement) and may be at most ``max_distance`` cm (the card's movement range)
    long, within 45 degrees of the chip's facing (Viewing Angle).  ``facing`` turns the chip after
    the leg ("After a movement a character chip may be turned as desired"); default: keep it.

    * ``"walk"``: stops touching the first chip or obstacle in the way, or at the table edge.  It
      climbs onto a flat obstacle when ``to`` lies on it with room for the chip, the chip starts at
      its foot and ``climb`` (the card's total movement) is at least its height (Terrain and
      Climbing; rulings ``behind.climb-foot``, ``behind.climb-cost``); otherwise it stops there.
    * ``"fly"``: over chips and obstacles; only the table edge stops it; landing on a chip or
      partly on / on a non-flat obstacle is refused (Flying (Fliegen)).
    * ``"incorporeal"``: through everything; ending in a chip or obstacle is refused, or with
      ``tournament`` the leg is forfeited and the table unchanged (Körperlos (Incorporeal);
      Tournament Games (Turnierspiele): "some rules are stricter for them").

    Breaking away from touching enemies (:func:`break_away_level`) is the caller's business.
    """
    chip = table.chip(chip_name)
    _check_mode(mode)
    to = _point(to)
    distance = _check_leg(chip, to, max_distance)
    if distance == 0:
        return _turned(table, chip_name, facing), Leg(chip_name, chip.position, chip.position, to, 0.0, mode=mode)
    if mode == "incorporeal":
        return _incorporeal_leg(table, chip, to, distance, facing, tournament)
    if mode == "walk":
        climbed = _climbing_leg(table, chip, to, distance, float(max_distance), float(climb), facing)
        if climbed is not None:
            return climbed
    return _straight_leg(table, chip, to, distance, mode, facing)


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {list(MODES)}, got {mode!r}")


def _point(to: tuple[float, float]) -> Point2:
    x, y = (float(v) for v in to)
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"a movement target must be a finite point in cm, got {to!r}")
    return (x, y)


def _check_leg(chip: Chip, to: Point2, max_distance: float) -> float:
    """The leg's length; RuleViolation if it exceeds the range or leaves the viewing angle."""
    max_distance = float(max_distance)
    if not math.isfinite(max_distance) or max_distance < 0:
        raise ValueError(f"a movement range must be a number >= 0 cm, got {max_distance!r}")
    dx, dy = to[0] - chip.x, to[1] - chip.y
    distance = math.hypot(dx, dy)
    if distance > max_distance + EPS:
        raise RuleViolation(
            f"{chip.name} cannot move {distance:.2f} cm to {_said_point(to)}: the movement range allows "
            f"{max_distance:g} cm (\"The movement range on the left edge shows the distance\", measured "
            f"\"from the centre of a character chip\")", refs.MOVEMENT)
    if distance > 0 and not within_45(dx, dy, *chip.facing_vector):
        raise RuleViolation(
            f"{chip.name} faces {said_facing(chip.facing)} degrees and cannot move towards {_said_point(to)}, "
            f"{said_facing(_direction(chip.position, to))} degrees: \"movement is only possible in the direction of the "
            f"viewing angle\" ({VIEW_HALF_ANGLE:g} degrees either side of the facing); turn the chip first",
            refs.VIEWING_ANGLE)
    return distance


def _tenths(value: float) -> str:
    """A number of cm as a refusal says it: to a tenth ("37.2", "180"), never "52.0487"."""
    return said_tenths(value)


def _said_point(point) -> str:
    return f"({_tenths(point[0])}, {_tenths(point[1])})"


def _direction(start: Point2, to: Point2) -> float:
    """Degrees from ``start`` to ``to`` (0 = +x axis, counter-clockwise), in [0, 360)."""
    return math.degrees(math.atan2(to[1] - start[1], to[0] - start[0])) % 360.0


def _turned(table: Table, name: str, facing: float | None) -> Table:
    return table if facing is None else table.turn(name, facing)


def _with_flying(table: Table, chip: Chip, flying: bool) -> Table:
    """``table`` with ``chip`` (temporarily) moving as a flyer or not."""
    return table if chip.flying == flying else table.replace_chip(replace(chip, flying=flying))


def _end_of(result, to: Point2) -> Point2:
    """The exact requested point when a straight move was not stopped, else where it stopped."""
    return to if result.stopped_by is None else result.end


def _straight_leg(table: Table, chip: Chip, to: Point2, distance: float, mode: str,
                  facing: float | None) -> tuple[Table, Leg]:
    """A walk or a flight by the table's straight-move rules (:meth:`Table.move_end`)."""
    mover = _with_flying(table, chip, mode == "fly")
    result = mover.move_end(chip.name, distance, _direction(chip.position, to))
    end = _end_of(result, to)
    leg = Leg(chip.name, chip.position, end, to, result.distance, result.stopped_by, mode=mode)
    return table._put(chip.name, *end, facing=facing), leg  # move_end found the end legal


# ---------------------------------------------------------------------------------------------
# Climbing (Terrain and Climbing (Gelände & Klettern))
# ---------------------------------------------------------------------------------------------
def _climbing_leg(table: Table, chip: Chip, to: Point2, distance: float, max_distance: float,
                  climb: float, facing: float | None) -> tuple[Table, Leg] | None:
    """The walk that climbs onto a flat obstacle, or None when it cannot (then it walks).

    "Every character can climb obstacles if the obstacle in question is flat and his character
    chip has room on it. At the start of his movement the character chip must stand at the lower
    part of the obstacle and the total movement of the movement card must be sufficient to
    overcome the height of the obstacle."  The path up is checked on the table without the
    climbed obstacle: a chip or another obstacle in the way stops the chip, which must then still
    lie wholly on top.
    """
    obstacle = climbable(table, chip.name, to, climb)
    if obstacle is None or not _climb_affordable(table, obstacle, distance, max_distance):
        return None
    if not _enters_once(obstacle, chip.position, to):
        return None
    without = Table(table.width, table.depth, [o for o in table.obstacles if o.name != obstacle.name],
                    _with_flying(table, chip, False).chips, table.rulings)
    try:
        result = without.move_end(chip.name, distance, _direction(chip.position, to))
    except RuleViolation:
        return None
    end = _end_of(result, to)
    if not wholly_on(Point(end), obstacle.polygon, table.radius):
        return None
    leg = Leg(chip.name, chip.position, end, to, result.distance, result.stopped_by, obstacle.name, mode="walk")
    return table.move_chip(chip.name, *end, facing=facing), leg


def climbable(table: Table, chip_name: str, to: tuple[float, float], climb: float) -> Obstacle | None:
    """The flat obstacle chip ``chip_name`` can climb onto to end at ``to``, or None.

    The obstacle is flat with room for the whole chip at ``to``; the chip stands at its foot
    (touching its edge, not on it -- ruling ``behind.climb-foot``); ``climb``, the card's total
    movement, is at least its height ("the total movement of the movement card must be
    sufficient to overcome the height of the obstacle").  First such obstacle in table order.
    """
    to = _point(to)
    r = table.radius
    flat = [o for o in table.obstacles if o.flat and o.height <= climb + EPS
            and o.bounds[0] + r <= to[0] + EPS and to[0] - EPS <= o.bounds[2] - r
            and o.bounds[1] + r <= to[1] + EPS and to[1] - EPS <= o.bounds[3] - r]
    if not flat:  # a chip wholly on an obstacle lies within its bounding box
        return None
    standing = set(table.standing_on(chip_name))
    for obstacle in flat:
        if obstacle.name in standing:
            continue
        if wholly_on(Point(to), obstacle.polygon, table.radius) and at_foot(table, chip_name, obstacle.name):
            return obstacle
    return None


def at_foot(table: Table, chip_name: str, obstacle_name: str) -> bool:
    """Chip ``chip_name`` stands "at the lower part of the obstacle": it touches the obstacle's
    edge (gap at most ruling ``behind.contact-tolerance-cm``) and does not stand on it (ruling
    ``behind.climb-foot``)."""
    chip, obstacle = table.chip(chip_name), table.obstacle(obstacle_name)
    if obstacle_name in table.standing_on(chip_name):
        return False
    gap = shapely.distance(Point(chip.position), obstacle.polygon) - table.radius
    return gap <= table.contact_tolerance + EPS


def _climb_affordable(table: Table, obstacle: Obstacle, distance: float, max_distance: float) -> bool:
    """Ruling ``behind.climb-cost``: the height is a threshold only, or also counts against the leg."""
    if table.rulings["behind.climb-cost"] == "counts-against-distance":
        return distance + obstacle.height <= max_distance + EPS
    return True


def _enters_once(obstacle: Obstacle, start: Point2, to: Point2) -> bool:
    """The centre's path goes up onto the obstacle once and stays there (one climb per leg)."""
    inside = obstacle.polygon.intersection(LineString([start, to]))
    return inside.geom_type == "LineString" and not inside.is_empty


# ---------------------------------------------------------------------------------------------
# Incorporeal (Körperlos)
# ---------------------------------------------------------------------------------------------
def _incorporeal_leg(table: Table, chip: Chip, to: Point2, distance: float, facing: float | None,
                     tournament: bool) -> tuple[Table, Leg]:
    """Through every chip and obstacle; only the table edge stops it; it may not end inside one.

    Körperlos: "His movement must not end in the obstacle or character chip itself. (If you play
    by tournament rules (p. 38), a movement that would end in a character chip or obstacle is not
    allowed. That is, the movement does not take place and the action is forfeited without
    replacement.)"
    """
    alone = Table(table.width, table.depth, (), (replace(chip, flying=False),), table.rulings)
    result = alone.move_end(chip.name, distance, _direction(chip.position, to))  # only the edge stops it
    end = _end_of(result, to)
    inside = ends_inside(table, chip.name, end)
    if inside is None:
        leg = Leg(chip.name, chip.position, end, to, result.distance, result.stopped_by, mode="incorporeal")
        return table.move_chip(chip.name, *end, facing=facing), leg
    if tournament:
        return table, Leg(chip.name, chip.position, chip.position, to, 0.0, inside, forfeited=True, mode="incorporeal")
    raise RuleViolation(
        f"{chip.name} is incorporeal and may move through {inside}, but would end in it at ({end[0]:g}, {end[1]:g}): "
        f"\"His movement must not end in the obstacle or character chip itself.\" Move less or further",
        refs.KOERPERLOS)


def ends_inside(table: Table, chip_name: str, end: tuple[float, float]) -> str | None:
    """The chip or obstacle chip ``chip_name`` would lie in with its centre at ``end``, or None.

    In a chip: closer than one diameter.  In an obstacle: overlapping it, unless the obstacle is
    flat and the chip lies wholly on it (ruling ``behind.incorporeal-end``).
    """
    r, (x, y) = table.radius, _point(end)
    for other in table.chips:
        if other.name != chip_name and math.hypot(x - other.x, y - other.y) < 2 * r - EPS:
            return other.name
    point = Point(x, y)
    for obstacle in table.obstacles:
        if shapely.distance(point, obstacle.polygon) >= r - EPS:
            continue
        if not (obstacle.flat and wholly_on(point, obstacle.polygon, r)):
            return obstacle.name
    return None


# ---------------------------------------------------------------------------------------------
# Breaking away, height levels
# ---------------------------------------------------------------------------------------------
def break_away_level(table: Table, chip_name: str, dexterity: Mapping[str, int],
                     frightened: Collection[str] = ()) -> int | None:
    """The level of the ability check chip ``chip_name`` needs to break away, or None (no check).

    Movement: "The level of the check equals the Dexterity (Geschick) value of the enemy
    character. With several enemies, this equals the highest Dexterity value. Each additional
    enemy beyond the first who is in combat with the character raises the check by +1."
    Schrecken (Terror) -- Fähigkeit X+: "One can break away from a frightened character without a
    check ... his Dexterity value is therefore not relevant when breaking away and does not make
    the check harder by +1."

    ``dexterity`` maps chip names to current Dexterity values; enemies are touching chips of
    another owner, on the same height level unless ruling ``behind.break-away-levels`` is
    "any-touching".
    """
    enemies = [name for name in binding_enemies(table, chip_name) if name not in frightened]
    if not enemies:
        return None
    missing = [name for name in enemies if name not in dexterity]
    if missing:
        raise KeyError(f"no Dexterity given for {', '.join(missing)}")
    return max(int(dexterity[name]) for name in enemies) + len(enemies) - 1


def binding_enemies(table: Table, chip_name: str) -> tuple[str, ...]:
    """Enemy chips in combat with chip ``chip_name``: touching it and (ruling
    ``behind.break-away-levels`` = "same-level") on its height level."""
    enemies = table.touching_enemies(chip_name)
    if table.rulings["behind.break-away-levels"] == "any-touching":
        return enemies
    return tuple(name for name in enemies if same_level(table, chip_name, name))


def same_level(table: Table, a: str, b: str) -> bool:
    """Chips ``a`` and ``b`` stand at the same height level: on the same flat obstacles (the
    ground is none).  Terrain and Climbing: "Melee combats between characters at different
    height levels are not possible." """
    return set(table.standing_on(a)) == set(table.standing_on(b))


def check_same_level(table: Table, a: str, b: str) -> None:
    """Raise RuleViolation (Terrain and Climbing) unless ``a`` and ``b`` stand at the same level."""
    if not same_level(table, a, b):
        where = {name: ", ".join(table.standing_on(name)) or "the ground" for name in (a, b)}
        raise RuleViolation(
            f"{a} stands on {where[a]} and {b} on {where[b]}: \"Melee combats between characters at "
            f"different height levels are not possible.\"", refs.TERRAIN)


# ---------------------------------------------------------------------------------------------
# Target points for players
# ---------------------------------------------------------------------------------------------
def reachable_points(table: Table, chip_name: str, max_distance: float, n: int, rng,
                     mode: str = "walk") -> list[Point2]:
    """Up to ``n`` random target points for a leg of chip ``chip_name`` (for random players).

    Each candidate has a direction within 45 degrees of the facing and a distance up to
    ``max_distance``, both uniform; candidates that :func:`move_leg` would refuse (or forfeit)
    in ``mode`` are skipped, at most :data:`SAMPLE_TRIES` ``* n`` are drawn.  ``rng`` is a
    :class:`~explorer.core.rng.SeededRng` (anything with ``uniform(a, b)``): the same state
    gives the same points.
    """
    _check_mode(mode)
    chip, points = table.chip(chip_name), []
    for _ in range(SAMPLE_TRIES * n):
        if len(points) >= n:
            break
        direction = chip.facing + rng.uniform(-VIEW_HALF_ANGLE, VIEW_HALF_ANGLE)
        reach = rng.uniform(0.0, float(max_distance))
        ux, uy = unit(direction)
        point = (chip.x + reach * ux, chip.y + reach * uy)
        if _legal_leg(table, chip_name, point, max_distance, mode):
            points.append(point)
    return points


def _legal_leg(table: Table, chip_name: str, to: Point2, max_distance: float, mode: str) -> bool:
    try:
        return not move_leg(table, chip_name, to, max_distance, mode=mode)[1].forfeited
    except RuleViolation:
        return False


def toward(table: Table, chip_name: str, target_name: str, max_distance: float) -> Point2 | None:
    """The point to move chip ``chip_name`` to this leg to come as close to ``target_name`` as
    possible (for the greedy player), or None when it cannot come closer.

    The direction is the one to the target clamped to the viewing angle ("movement is only
    possible in the direction of the viewing angle"); along it the chip goes at most
    ``max_distance``, no further than the point nearest the target, and stops touching the target
    if it would run into it.  Where a walk there would be refused (a chip on a flat obstacle may
    not end partly on it), the reach is cut by sixteenths until :func:`move_leg` accepts the walk.
    Other chips and obstacles in the way are left to :func:`move_leg`, which stops the walk.
    """
    chip = table.chip(chip_name)
    (ux, uy), reach = toward_step(table, chip_name, target_name, max_distance)
    for sixteenths in range(16, 0, -1):
        step = reach * sixteenths / 16
        if step <= EPS:
            return None
        point = (chip.x + step * ux, chip.y + step * uy)
        if _legal_leg(table, chip_name, point, max_distance, "walk"):
            return point
    return None


def toward_step(table: Table, chip_name: str, target_name: str, max_distance: float) -> tuple[Point2, float]:
    """The direction (a unit vector) and the length of :func:`toward`'s first try: towards the
    target clamped to the viewing angle, at most ``max_distance``, no further than the point
    nearest the target and stopping where the chips would touch."""
    if chip_name == target_name:
        raise ValueError(f"{chip_name!r} cannot move toward itself")
    chip, target = table.chip(chip_name), table.chip(target_name)
    off = (_direction(chip.position, target.position) - chip.facing + 180.0) % 360.0 - 180.0
    ux, uy = unit(chip.facing + max(-VIEW_HALF_ANGLE, min(VIEW_HALF_ANGLE, off)))
    nearest = (target.x - chip.x) * ux + (target.y - chip.y) * uy
    contact = circle_entry((chip.x, chip.y), (ux, uy), (target.x, target.y), 2 * table.radius)
    return (ux, uy), min(float(max_distance), nearest, contact)


__all__ = ["MODES", "SAMPLE_TRIES", "Leg", "at_foot", "binding_enemies", "break_away_level", "check_same_level",
           "climbable", "ends_inside", "move_leg", "reachable_points", "same_level", "toward", "toward_step"]
