"""The table: character chips (Charakterchips) and obstacles in centimetres, measured with shapely.

A :class:`Table` is immutable: ``place``, ``remove``, ``move_chip``, ``move_chip_straight``,
``add_obstacle`` and ``with_rulings`` return new tables, so a notebook can keep every position of
a game.  Every table is legal; building an illegal one raises
:class:`~explorer.core.rules.RuleViolation` citing the rulebook:

* chips may not overlap ("Movement": "If a character chip would overlap another, the one just
  moved is placed so that the two chips touch.");
* a chip lies wholly on the table;
* a chip may not overlap an obstacle, unless the obstacle is flat and the chip lies wholly on it
  ("Terrain and Climbing (Gelände & Klettern)": "Every character can climb obstacles if the
  obstacle in question is flat and his character chip has room on it.");
* every character has one chip, so chip names are unique ("The Beginning").

Obstacles may overlap each other (a hedge across a hill, a box on a flat roof): the rulebook
only asks for "a few obstacles in the middle of the table".  Names are unique across chips and
obstacles, so a blocker is always named unambiguously.

Geometry (all in cm):

* the chip radius is half of ruling ``behind.chip-diameter-cm``;
* ``facing`` is in degrees, 0 = +x axis, counter-clockwise; the viewing angle (Sichtwinkel) is
  the 90 degrees centred on it, the rear arc the 90 degrees opposite (ruling ``behind.rear-arc``:
  directions between centres, boundary inside);
* sight lines run between chip centres ("Ranged Combat (Fernkampf)") and are blocked only by the
  inside of another chip or obstacle (ruling ``behind.sight-grazing``).  "Inside a chip" means
  the centre-to-line distance is below the radius by more than :data:`EPS` (1e-9 cm, far below
  any hand-measured distance), so a line computed to graze a chip exactly is not blocked by
  floating-point noise.  Obstacles are tested with shapely's exact predicates (``intersects``
  and not ``touches``).

The vectorised :func:`explorer.behind.sight.sight_matrix` computes every ordered pair at once (one
STRtree query for obstacles, NumPy for chips) and agrees exactly with the per-pair
:func:`explorer.behind.sight.sight_matrix_loop`.  Both
compute each sight line from the chip listed first on the table to the other, so they evaluate
literally the same segment.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable, Mapping

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Point, Polygon

from explorer.behind import refs
from explorer.behind.cards import Character
from explorer.behind.geometry import (
    EPS,
    Edges,
    angle_between,
    capsule_entry,
    chip_block_limit2,
    circle_entry,
    flyer_exempt,
    said_facing,
    said_tenths,
    segment_distance2,
    turn_degrees,
    unit,
    wholly_on,
    within_45,
)
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings

if TYPE_CHECKING:
    from explorer.behind.sight import SightMatrix

VIEW_HALF_ANGLE = 45.0
"""Half of the 90 degree viewing angle ("Viewing Angle (Sichtwinkel)": "a marking of usually 90º")."""

TABLE_EDGE = "table edge"
"""``MoveResult.stopped_by`` when a straight move stops at the edge of the table."""


MAX_COORDINATE = 100_000.0
"""The largest coordinate (cm) a table read from data may hold: a kilometre, far off any table."""

_OBSTACLE_CACHES = ("obstacle_polygons", "obstacle_tree", "edges")
"""Cached properties that depend on the obstacles only: a table with a chip moved shares them."""


# ---------------------------------------------------------------------------------------------
# Value objects
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Obstacle:
    """An obstacle (Hindernis) on the table: any shapely ``Polygon`` (holes allowed), in cm.

    ``height`` (cm) is recorded for climbing; ``flat`` obstacles can carry chips ("Terrain and
    Climbing (Gelände & Klettern)": "Every character can climb obstacles if the obstacle in
    question is flat and his character chip has room on it.").  Every obstacle blocks sight
    lines through its inside ("Obstacles serve as cover from enemy ranged attacks"), flat or not,
    except for the chips standing on it (ruling ``behind.sight-from-flat-obstacle``).
    """

    name: str
    polygon: Polygon
    height: float = 0.0
    flat: bool = False

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"an obstacle needs a non-empty name, got {self.name!r}")
        if not isinstance(self.polygon, Polygon):
            raise ValueError(f"obstacle {self.name!r}: polygon must be a shapely Polygon, got "
                             f"{type(self.polygon).__name__} (split a MultiPolygon into several obstacles)")
        if self.polygon.is_empty or not self.polygon.is_valid or self.polygon.area <= 0:
            raise ValueError(f"obstacle {self.name!r}: polygon must be valid and have an area "
                             f"({shapely.is_valid_reason(self.polygon)})")
        height = float(self.height)
        if not math.isfinite(height) or height < 0:
            raise ValueError(f"obstacle {self.name!r}: height must be a number >= 0 cm, got {self.height!r}")
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "flat", bool(self.flat))

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(minx, miny, maxx, maxy)`` of the polygon (computed once: a quick pre-test)."""
        return tuple(float(v) for v in self.polygon.bounds)

    @cached_property
    def segments(self) -> tuple[tuple[float, float, float, float], ...]:
        """Every ring edge ``(ax, ay, bx, by)``, exterior then holes, zero-length edges left out
        (computed once: straight moves test a few edges in plain Python, quicker than arrays)."""
        out = []
        for ring in (self.polygon.exterior, *self.polygon.interiors):
            coords = [(float(x), float(y)) for x, y in ring.coords]
            out += [(a[0], a[1], b[0], b[1]) for a, b in zip(coords, coords[1:]) if a != b]
        return tuple(out)

    @classmethod
    def box(cls, name: str, x: float, y: float, width: float, depth: float, *,
            height: float = 0.0, flat: bool = False, angle: float = 0.0) -> "Obstacle":
        """A rectangle with its lower-left corner at ``(x, y)``, ``width`` along x and ``depth``
        along y, turned by ``angle`` degrees (counter-clockwise) about its centre."""
        polygon = shapely.box(x, y, x + width, y + depth)
        if angle:
            polygon = affinity.rotate(polygon, angle, origin="center")
        return cls(name, polygon, height, flat)

    @classmethod
    def circle(cls, name: str, x: float, y: float, radius: float, *,
               height: float = 0.0, flat: bool = False, quad_segs: int = 16) -> "Obstacle":
        """A round obstacle centred on ``(x, y)`` (a polygon with ``4 * quad_segs`` sides)."""
        return cls(name, Point(x, y).buffer(radius, quad_segs=quad_segs), height, flat)

    def to_json(self) -> dict:
        """Exact coordinates (JSON floats round-trip exactly; WKT would round)."""
        return {
            "name": self.name,
            "exterior": shapely.get_coordinates(self.polygon.exterior).tolist(),  # [[x, y], ...], fast
            "holes": [shapely.get_coordinates(ring).tolist() for ring in self.polygon.interiors],
            "height": self.height,
            "flat": self.flat,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Obstacle":
        for ring in [data["exterior"], *(data.get("holes") or ())]:
            for point in ring:
                if len(point) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                              and math.isfinite(v) and abs(v) <= MAX_COORDINATE for v in point):
                    raise ValueError(f"obstacle {data.get('name')!r}: a corner is a pair of finite numbers within "
                                     f"{MAX_COORDINATE:g} cm, got {point!r}")
        polygon = Polygon(data["exterior"], data.get("holes") or None)
        return cls(data["name"], polygon, data.get("height", 0.0), data.get("flat", False))


@dataclass(frozen=True)
class Chip:
    """A character chip (Charakterchip): "Represents a character in the terrain." (Glossary).

    ``(x, y)`` is the centre in cm; ``facing`` the direction of the viewing angle marking in
    degrees (0 = +x axis, counter-clockwise), normalised to [0, 360).  ``flying`` marks a
    character that moves by flying ("Flying (Fliegen)").  The radius is not the chip's: it is
    half of the table's ruling ``behind.chip-diameter-cm``.
    """

    name: str
    owner: str
    x: float
    y: float
    facing: float = 0.0
    flying: bool = False
    character: Character | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"a chip needs a non-empty name, got {self.name!r}")
        if not isinstance(self.owner, str):
            raise ValueError(f"chip {self.name!r}: owner must be a string (the player), got {self.owner!r}")
        for attribute in ("x", "y", "facing"):
            value = getattr(self, attribute)
            if isinstance(value, bool) or not isinstance(value, (int, float, np.floating, np.integer)) \
                    or not math.isfinite(value):
                raise ValueError(f"chip {self.name!r}: {attribute} must be a finite number, got {value!r}")
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))
        object.__setattr__(self, "facing", turn_degrees(self.facing))
        object.__setattr__(self, "flying", bool(self.flying))
        if self.character is not None and not isinstance(self.character, Character):
            raise ValueError(f"chip {self.name!r}: character must be a Character or None")

    @property
    def position(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def facing_vector(self) -> tuple[float, float]:
        """Unit vector of the facing (exact for multiples of 90 degrees)."""
        return unit(self.facing)

    def moved(self, x: float, y: float, facing: float | None = None) -> "Chip":
        """This chip at ``(x, y)``; turned to ``facing`` if given ("After a movement a character
        chip may be turned as desired.", Viewing Angle (Sichtwinkel))."""
        facing = self.facing if facing is None else facing
        if type(x) is float and type(y) is float and type(facing) is float \
                and math.isfinite(x) and math.isfinite(y) and math.isfinite(facing):
            return self._with(x, y, turn_degrees(facing))  # what __post_init__ would make of these floats
        return replace(self, x=x, y=y, facing=facing)

    def turned(self, facing: float) -> "Chip":
        if type(facing) is float and math.isfinite(facing):
            return self._with(self.x, self.y, turn_degrees(facing))
        return replace(self, facing=facing)

    def _with(self, x: float, y: float, facing: float) -> "Chip":
        """This chip with checked, normalised coordinates (no validation: moves are frequent)."""
        chip = object.__new__(Chip)
        fields = chip.__dict__
        fields.update(self.__dict__)
        fields["x"], fields["y"], fields["facing"] = x, y, facing
        return chip

    def to_json(self) -> dict:
        data = {"name": self.name, "owner": self.owner, "x": self.x, "y": self.y,
                "facing": self.facing, "flying": self.flying}
        if self.character is not None:
            data["character"] = self.character.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Chip":
        character = data.get("character")
        return cls(data["name"], data["owner"], data["x"], data["y"], data.get("facing", 0.0),
                   data.get("flying", False), None if character is None else Character.from_json(character))


@dataclass(frozen=True)
class SightLine:
    """The line of sight from ``observer`` to ``target`` (between the chip centres).

    ``clear`` is True when "A conceptual line between the centres of the two character chips"
    is "drawable without interruption" (Ranged Combat (Fernkampf)); ``blockers`` names the chips
    and obstacles whose inside the line passes through (chips first, then obstacles, each in
    table order).  A flyer's line is clear with no blockers (ruling ``behind.flyer-sight``).
    """

    observer: str
    target: str
    clear: bool
    blockers: tuple[str, ...] = ()


@dataclass(frozen=True)
class MoveResult:
    """Where a straight move ends ("Movement": "applies in a straight line through the terrain").

    ``distance`` is how far the centre actually moved (at most ``requested``); ``stopped_by``
    names the chip or obstacle the moving chip stopped touching, or :data:`TABLE_EDGE`, or is
    None when the whole distance was moved.
    """

    chip: str
    start: tuple[float, float]
    end: tuple[float, float]
    distance: float
    stopped_by: str | None
    requested: float = 0.0

    @property
    def stopped(self) -> bool:
        return self.stopped_by is not None


# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------
def _measures(rulings: Rulings) -> tuple:
    """``(rulings, chip radius, contact tolerance)`` in cm under ``rulings`` (rulings are immutable: read
    once per rulings object; tables ask for the radius tens of thousands of times a game)."""
    found = _MEASURES.get(id(rulings))
    if found is None or found[0] is not rulings:
        if len(_MEASURES) > 64:
            _MEASURES.clear()
        found = _MEASURES[id(rulings)] = (rulings, float(rulings["behind.chip-diameter-cm"]) / 2.0,
                                          float(rulings["behind.contact-tolerance-cm"]))
    return found


_MEASURES: dict[int, tuple] = {}
"""By the identity of a rulings object, kept alive by the entry (so the id is not reused)."""


class Table:
    """The playing area: a ``width`` x ``depth`` cm rectangle with obstacles and character chips.

    Immutable: every change returns a new, legal table (see the module docstring for what is
    legal).  ``rulings`` defaults to :data:`~explorer.behind.rulings.BEHIND_RULINGS`; the ones
    read here are ``behind.chip-diameter-cm``, ``behind.distance-measure``,
    ``behind.contact-tolerance-cm`` and ``behind.flyer-sight`` (the card length,
    ``behind.card-length-cm``, is :attr:`card_length`).
    """

    def __init__(self, width: float = 120.0, depth: float = 80.0, obstacles: Iterable[Obstacle] = (),
                 chips: Iterable[Chip] = (), rulings: Rulings | None = None):
        width, depth = float(width), float(depth)
        if not (math.isfinite(width) and math.isfinite(depth) and width > 0 and depth > 0):
            raise ValueError(f"the table needs a positive width and depth in cm, got {width!r} x {depth!r}")
        self._width = width
        self._depth = depth
        self._rulings = BEHIND_RULINGS if rulings is None else rulings
        if not isinstance(self._rulings, Rulings):
            raise ValueError(f"rulings must be a Rulings object, got {type(self._rulings).__name__}")
        self._obstacles: tuple[Obstacle, ...] = ()
        self._chips: tuple[Chip, ...] = ()
        obstacles = tuple(obstacles)
        for obstacle in obstacles:
            self._check_obstacle_name(obstacle, obstacles_so_far=self._obstacles)
            self._obstacles += (obstacle,)
        for chip in chips:
            self._check_placement(chip, self._chips)
            self._chips += (chip,)
        self._index = {chip.name: i for i, chip in enumerate(self._chips)}
        for polygon in self.obstacle_polygons:
            shapely.prepare(polygon)

    @classmethod
    def _trusted(cls, width, depth, obstacles, chips, rulings, like: "Table | None" = None) -> "Table":
        """A table whose contents were already checked (internal: after a single-chip check).
        ``like``: a table with the very same obstacles, whose obstacle-only caches are shared."""
        table = cls.__new__(cls)
        table._width, table._depth, table._rulings = width, depth, rulings
        table._obstacles, table._chips = tuple(obstacles), tuple(chips)
        table._index = {chip.name: i for i, chip in enumerate(table._chips)}
        if like is not None and like._obstacles is table._obstacles:
            cached = like.__dict__
            table.__dict__["_parent_rows"] = cached.setdefault("_rows", {})  # see _stands_row
            for name in _OBSTACLE_CACHES:  # immutable arrays / trees of the obstacles alone
                if name in cached:
                    table.__dict__[name] = cached[name]
        return table

    # -- plain attributes --------------------------------------------------------------------
    @property
    def width(self) -> float:
        return self._width

    @property
    def depth(self) -> float:
        return self._depth

    @property
    def rulings(self) -> Rulings:
        return self._rulings

    @property
    def chips(self) -> tuple[Chip, ...]:
        return self._chips

    @property
    def obstacles(self) -> tuple[Obstacle, ...]:
        return self._obstacles

    @property
    def names(self) -> tuple[str, ...]:
        """Chip names in table order."""
        return tuple(chip.name for chip in self._chips)

    @property
    def radius(self) -> float:
        """Chip radius in cm: half of ruling ``behind.chip-diameter-cm``."""
        return _measures(self._rulings)[1]

    @property
    def card_length(self) -> float:
        """One card length in cm (ruling ``behind.card-length-cm``; Scenarios (Szenarien))."""
        return float(self._rulings["behind.card-length-cm"])

    @property
    def contact_tolerance(self) -> float:
        return _measures(self._rulings)[2]

    def chip(self, name: str) -> Chip:
        """The chip called ``name`` (KeyError naming the chips on the table if there is none)."""
        try:
            return self._chips[self._index[name]]
        except KeyError:
            raise KeyError(f"no chip named {name!r} on the table; chips: {', '.join(self.names) or 'none'}") from None

    def obstacle(self, name: str) -> Obstacle:
        for obstacle in self._obstacles:
            if obstacle.name == name:
                return obstacle
        raise KeyError(f"no obstacle named {name!r} on the table; obstacles: "
                       f"{', '.join(o.name for o in self._obstacles) or 'none'}")

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def __len__(self) -> int:
        return len(self._chips)

    # -- changes (each returns a new table) ------------------------------------------------------
    def place(self, chip: Chip) -> "Table":
        """This table with ``chip`` placed on it; RuleViolation if the placement is illegal."""
        self._check_placement(chip, self._chips)
        return self._trusted(self._width, self._depth, self._obstacles, self._chips + (chip,), self._rulings, self)

    def remove(self, name: str) -> "Table":
        """This table without chip ``name`` (an eliminated character's chip leaves the game)."""
        index = self._index_of(name)
        chips = self._chips[:index] + self._chips[index + 1:]
        return self._trusted(self._width, self._depth, self._obstacles, chips, self._rulings, self)

    def replace_chip(self, chip: Chip) -> "Table":
        """This table with the chip of the same name replaced by ``chip`` (checked, table order kept)."""
        index = self._index_of(chip.name)
        others = self._chips[:index] + self._chips[index + 1:]
        self._check_placement(chip, others)
        chips = self._chips[:index] + (chip,) + self._chips[index + 1:]
        return self._trusted(self._width, self._depth, self._obstacles, chips, self._rulings, self)

    def move_chip(self, name: str, x: float, y: float, facing: float | None = None) -> "Table":
        """Chip ``name`` put down at ``(x, y)`` (and turned to ``facing`` if given).

        Only the end position is checked (setup, or a move the caller has checked leg by leg);
        for a rules-checked straight move use :meth:`move_chip_straight`.
        """
        return self.replace_chip(self.chip(name).moved(x, y, facing))

    def _put(self, name: str, x: float, y: float, facing: float | None = None) -> "Table":
        """Chip ``name`` put down at ``(x, y)`` (and turned) without the placement check: only for
        where :meth:`move_end` ended a straight move, which stops touching the first chip or
        obstacle, at the table edge, and refuses a landing or stepping down that does not fit."""
        index = self._index_of(name)
        chips = self._chips[:index] + (self._chips[index].moved(x, y, facing),) + self._chips[index + 1:]
        return self._trusted(self._width, self._depth, self._obstacles, chips, self._rulings, self)

    def turn(self, name: str, facing: float) -> "Table":
        """Chip ``name`` turned to ``facing``: "Each character may, once in his own turn, at any time
        and without spending an action, be turned as desired" (Viewing Angle (Sichtwinkel))."""
        return self.replace_chip(self.chip(name).turned(facing))

    def add_obstacle(self, obstacle: Obstacle) -> "Table":
        """This table with one more obstacle; RuleViolation if a chip would then overlap it."""
        self._check_obstacle_name(obstacle, self._obstacles)
        table = self._trusted(self._width, self._depth, self._obstacles + (obstacle,), self._chips, self._rulings)
        for chip in self._chips:
            problem = table._obstacle_problem(chip, [obstacle])
            if problem is not None:
                raise problem
        shapely.prepare(obstacle.polygon)
        return table

    def with_rulings(self, rulings: Rulings) -> "Table":
        """The same table under other rulings (re-checked: a larger chip diameter may overlap)."""
        return Table(self._width, self._depth, self._obstacles, self._chips, rulings)

    # -- legality -----------------------------------------------------------------------------
    def _index_of(self, name: str) -> int:
        if name not in self._index:
            self.chip(name)  # raises the KeyError with the list of chips
        return self._index[name]

    def _check_obstacle_name(self, obstacle: Obstacle, obstacles_so_far: Iterable[Obstacle]) -> None:
        if not isinstance(obstacle, Obstacle):
            raise ValueError(f"expected an Obstacle, got {type(obstacle).__name__}")
        if any(o.name == obstacle.name for o in obstacles_so_far):
            raise ValueError(f"there is already an obstacle named {obstacle.name!r}; names must be unique")
        if any(c.name == obstacle.name for c in self._chips):
            raise ValueError(f"obstacle name {obstacle.name!r} is already a chip's name; names must be unique")

    def _check_placement(self, chip: Chip, others: Iterable[Chip]) -> None:
        """Raise the RuleViolation that forbids ``chip`` among ``others`` and the obstacles."""
        if not isinstance(chip, Chip):
            raise ValueError(f"expected a Chip, got {type(chip).__name__}")
        others = tuple(others)
        if any(other.name == chip.name for other in others):
            raise RuleViolation(
                f"there is already a chip named {chip.name!r} on the table: every character has one "
                f"character chip (\"On each character card lying out you place the matching character chip\")",
                refs.THE_BEGINNING)
        if any(obstacle.name == chip.name for obstacle in self._obstacles):
            raise ValueError(f"chip name {chip.name!r} is already an obstacle's name; names must be unique")
        r = self.radius
        overhang = max(r - chip.x, chip.x + r - self._width, r - chip.y, chip.y + r - self._depth)
        if overhang > EPS:
            raise RuleViolation(
                f"{chip.name} at ({chip.x:g}, {chip.y:g}) is not wholly on the {self._width:g} x {self._depth:g} cm "
                f"table: its edge sticks out {overhang:.2f} cm over the table edge (a move stops at the table "
                f"edge, ruling behind.move-into-obstacle)", refs.MOVEMENT)
        for other in others:
            gap = math.hypot(chip.x - other.x, chip.y - other.y) - 2 * r
            if gap < -EPS:
                raise RuleViolation(
                    f"{chip.name} would overlap {other.name}: their centres are "
                    f"{gap + 2 * r:.2f} cm apart, less than one chip diameter ({2 * r:g} cm). \"If a character "
                    f"chip would overlap another, the one just moved is placed so that the two chips touch.\"",
                    refs.MOVEMENT)
        problem = self._obstacle_problem(chip, self._obstacles)
        if problem is not None:
            raise problem

    def _overlapped_obstacle(self, chip: Chip, obstacles: Iterable[Obstacle]) -> Obstacle | None:
        """The first of ``obstacles`` that ``chip`` overlaps without lying wholly on it while it is
        flat, or None."""
        r = self.radius
        x, y = chip.x, chip.y
        point = None
        for obstacle in obstacles:
            minx, miny, maxx, maxy = obstacle.bounds
            if x + r <= minx or x - r >= maxx or y + r <= miny or y - r >= maxy:
                continue  # the bounding box is at least r away, so the polygon is too
            if point is None:
                point = Point(x, y)
            if shapely.distance(point, obstacle.polygon) >= r - EPS:
                continue
            if obstacle.flat and wholly_on(point, obstacle.polygon, r):
                continue
            return obstacle
        return None

    def _obstacle_problem(self, chip: Chip, obstacles: Iterable[Obstacle]) -> RuleViolation | None:
        """The RuleViolation for ``chip`` overlapping one of ``obstacles``, or None."""
        obstacle = self._overlapped_obstacle(chip, obstacles)
        if obstacle is None:
            return None
        if obstacle.flat:
            return RuleViolation(
                f"{chip.name} would lie partly on the flat obstacle {obstacle.name}: a chip may stand on a "
                f"flat obstacle only if it \"has room on it\" completely", refs.TERRAIN)
        return RuleViolation(
            f"{chip.name} would overlap the obstacle {obstacle.name}, which is not flat: a character can "
            f"only climb an obstacle \"if the obstacle in question is flat and his character chip has room "
            f"on it\"", refs.TERRAIN)

    # -- cached arrays for the queries --------------------------------------------------------
    @cached_property
    def centres(self) -> np.ndarray:
        """Chip centres, shape (n, 2), in table order."""
        return np.array([chip.position for chip in self._chips], dtype=float).reshape(-1, 2)

    @cached_property
    def facing_vectors(self) -> np.ndarray:
        return np.array([unit(chip.facing) for chip in self._chips], dtype=float).reshape(-1, 2)

    @cached_property
    def flying(self) -> np.ndarray:
        return np.array([chip.flying for chip in self._chips], dtype=bool)

    @cached_property
    def obstacle_polygons(self) -> np.ndarray:
        polygons = np.empty(len(self._obstacles), dtype=object)
        polygons[:] = [obstacle.polygon for obstacle in self._obstacles]
        return polygons

    @cached_property
    def obstacle_tree(self) -> shapely.STRtree:
        return shapely.STRtree(self.obstacle_polygons)

    @cached_property
    def stands_on_matrix(self) -> np.ndarray:
        """(n chips, m obstacles) bool: chip i stands on flat obstacle k (centre inside it; a legal
        chip whose centre is inside a flat obstacle lies wholly on it)."""
        n, m = len(self._chips), len(self._obstacles)
        result = np.zeros((n, m), dtype=bool)
        if n and m:
            centres = self.centres
            for k, obstacle in enumerate(self._obstacles):
                if obstacle.flat:
                    result[:, k] = shapely.contains_xy(obstacle.polygon, centres[:, 0], centres[:, 1])
        return result

    @cached_property
    def edges(self) -> "Edges":
        """Every obstacle ring edge as arrays (for straight moves and the vectorised sight test)."""
        starts, ends, owner = [], [], []
        for k, obstacle in enumerate(self._obstacles):
            for ring in (obstacle.polygon.exterior, *obstacle.polygon.interiors):
                coords = np.asarray(ring.coords, dtype=float)
                starts.append(coords[:-1])
                ends.append(coords[1:])
                owner.append(np.full(len(coords) - 1, k))
        if not starts:
            a = b = np.zeros((0, 2))
            k = np.zeros(0, dtype=np.intp)
        else:
            a, b, k = np.concatenate(starts), np.concatenate(ends), np.concatenate(owner).astype(np.intp)
            keep = np.any(a != b, axis=1)  # drop zero-length edges (repeated points)
            a, b, k = a[keep], b[keep], k[keep]
        offsets = np.searchsorted(k, np.arange(len(self._obstacles) + 1))
        holes = np.array([len(o.polygon.interiors) > 0 for o in self._obstacles], dtype=bool)
        lines = shapely.linestrings(np.stack([a, b], axis=1)) if len(k) else np.empty(0, dtype=object)
        return Edges(a, b, k, lines, offsets, holes)

    def _stands_row(self, index: int) -> tuple[bool, ...]:
        """Row ``index`` of :attr:`stands_on_matrix`, for one chip: computed alone (a move asks
        about the moving chip only), remembered, and taken over from the table this one was
        made from when the chip there is the very same (immutable) chip."""
        chip = self._chips[index]
        rows = self.__dict__.setdefault("_rows", {})
        found = rows.get(chip.name)
        if found is not None and found[0] is chip:
            return found[1]
        parent = self.__dict__.get("_parent_rows")
        found = parent.get(chip.name) if parent is not None else None
        if found is None or found[0] is not chip:
            matrix = self.__dict__.get("stands_on_matrix")
            if matrix is not None:
                row = tuple(bool(v) for v in matrix[index])
            else:
                x, y = chip.x, chip.y
                row = tuple(o.flat and o.bounds[0] <= x <= o.bounds[2] and o.bounds[1] <= y <= o.bounds[3]
                            and bool(shapely.contains_xy(o.polygon, x, y)) for o in self._obstacles)
            found = (chip, row)
        rows[chip.name] = found
        return found[1]

    # -- queries -------------------------------------------------------------------------------
    def standing_on(self, name: str) -> tuple[str, ...]:
        """Flat obstacles chip ``name`` stands on ("Terrain and Climbing (Gelände & Klettern)").
        "Melee combats between characters at different height levels are not possible." """
        row = self._stands_row(self._index_of(name))
        return tuple(o.name for o, on in zip(self._obstacles, row) if on)

    def distance(self, a: str, b: str) -> float:
        """Distance between chips ``a`` and ``b`` in cm.

        "The distance is measured from the centre of a character chip." (Movement): centre to
        centre under ruling ``behind.distance-measure`` = "centre"; the gap between the chips'
        edges (never below 0) under "edge".
        """
        ca, cb = self.chip(a), self.chip(b)
        centre = math.hypot(cb.x - ca.x, cb.y - ca.y)
        if self._rulings["behind.distance-measure"] == "edge":
            return max(0.0, centre - 2 * self.radius)
        return centre

    def gap(self, a: str, b: str) -> float:
        """The gap between the edges of chips ``a`` and ``b`` in cm (0 when they touch exactly)."""
        ca, cb = self.chip(a), self.chip(b)
        return math.hypot(cb.x - ca.x, cb.y - ca.y) - 2 * self.radius

    def touching(self, a: str, b: str) -> bool:
        """Chips ``a`` and ``b`` are "in direct contact" (Movement; Melee Combat (Nahkampf)):
        the gap between their edges is at most ruling ``behind.contact-tolerance-cm``.
        (Touching is geometric; a chip on a flat obstacle is on another height level, see
        :meth:`standing_on`.)"""
        if a == b:
            raise ValueError(f"a chip does not touch itself ({a!r})")
        return self.gap(a, b) <= self.contact_tolerance + EPS

    def touching_enemies(self, name: str) -> tuple[str, ...]:
        """Chips of other owners touching chip ``name``, in table order.

        Movement: a character "in contact with another character, that is, his character chip
        touches at least one enemy character chip" must pass an ability check to break away;
        Ranged Combat (Fernkampf): "the character chip of the shooter must not touch an enemy
        character chip".
        """
        known = self.__dict__.setdefault("_touching", {})  # the table is immutable: asked once per chip
        found = known.get(name)
        if found is None:
            chip = self.chip(name)
            _, r, tolerance = _measures(self._rulings)
            two_r, limit = 2 * r, tolerance + EPS  # the arithmetic of gap() / touching()
            x, y, owner, hypot = chip.x, chip.y, chip.owner, math.hypot
            found = known[name] = tuple(other.name for other in self._chips
                                        if other.owner != owner and other.name != name
                                        and hypot(other.x - x, other.y - y) - two_r <= limit)
        return found

    def within_range(self, a: str, b: str, range_cm: float) -> bool:
        """Chip ``b`` is within ``range_cm`` of chip ``a`` under ruling ``behind.distance-measure``
        (Ranged Combat (Fernkampf): "The range of the attack equals twice the total movement of
        the card")."""
        return self.distance(a, b) <= range_cm + EPS

    def in_viewing_angle(self, observer: str, target: str) -> bool:
        """The target's centre lies within the observer's viewing angle (Sichtwinkel): within 45
        degrees either side of the facing, boundary inside.

        Viewing Angle (Sichtwinkel): "Every character can use abilities that need a line of sight
        to their target, such as magic, Schrecken, Befehl, but also ranged attacks, only on
        opponents who are within his viewing angle."
        """
        i, j = self._index_of(observer), self._index_of(target)
        if i == j:
            raise ValueError(f"{observer!r} is observer and target")
        a, b = self._chips[i], self._chips[j]
        fx, fy = unit(a.facing)  # the numbers facing_vectors holds, without building the arrays
        return bool(within_45(b.x - a.x, b.y - a.y, fx, fy))

    def in_rear_arc(self, attacker: str, defender: str) -> bool:
        """The attacker is in the defender's rear arc: the direction from the defender's centre to
        the attacker's centre is within 45 degrees of the defender's back (ruling
        ``behind.rear-arc``, boundary inside).

        Viewing Angle (Sichtwinkel): "If a character touches an enemy character chip in the 90º
        angle opposite the viewing angle, he receives a bonus of +1 to his melee value in a melee
        combat against this opponent (bonus area for melee combat)."  See :meth:`rear_bonus`.
        """
        i, j = self._index_of(attacker), self._index_of(defender)
        if i == j:
            raise ValueError(f"{attacker!r} is attacker and defender")
        a, b = self._chips[i], self._chips[j]
        fx, fy = unit(b.facing)
        return bool(within_45(a.x - b.x, a.y - b.y, -fx, -fy))

    def rear_bonus(self, attacker: str, defender: str) -> int:
        """+1 when the attacker touches the defender in its rear arc, else 0 (Viewing Angle
        (Sichtwinkel): "bonus area for melee combat")."""
        return int(self.touching(attacker, defender) and self.in_rear_arc(attacker, defender))

    def line_of_sight(self, observer: str, target: str) -> SightLine:
        """The line of sight between the centres of ``observer`` and ``target``.

        Ranged Combat (Fernkampf): "The line of sight between shooter and target must not be
        obstructed by other characters or obstacles. A conceptual line between the centres of
        the two character chips must therefore be drawable without interruption."

        Blocked only where the line passes through the inside of another chip (distance from its
        centre to the line below the radius) or of an obstacle (shapely ``intersects`` and not
        ``touches``) -- ruling ``behind.sight-grazing``.  A flat obstacle does not block the lines
        of a chip standing on it (ruling ``behind.sight-from-flat-obstacle``).  Flying (Fliegen):
        "the line of sight of a flyer is not obstructed by obstacles or other characters" --
        ruling ``behind.flyer-sight``: "symmetric" (a flyer at either end) or "observer-only".
        """
        i, j = self._index_of(observer), self._index_of(target)
        if i == j:
            raise ValueError(f"{observer!r} is observer and target")
        chips = self._chips
        if flyer_exempt(chips[i].flying, chips[j].flying, self._rulings["behind.flyer-sight"]):
            return SightLine(observer, target, True, ())
        lo, hi = min(i, j), max(i, j)  # one line per pair: from the chip first on the table
        ax, ay, bx, by = chips[lo].x, chips[lo].y, chips[hi].x, chips[hi].y
        # point_segment_dist2's arithmetic, chip by chip (the sight matrix does it in arrays)
        limit, dx, dy = chip_block_limit2(self.radius), bx - ax, by - ay
        length2 = dx * dx + dy * dy
        scale = length2 if length2 > 0 else 1.0
        blockers = []
        for k, chip in enumerate(chips):
            if k == lo or k == hi:
                continue
            t = min(max(((chip.x - ax) * dx + (chip.y - ay) * dy) / scale, 0.0), 1.0)
            ex, ey = ax + t * dx - chip.x, ay + t * dy - chip.y
            if ex * ex + ey * ey < limit:
                blockers.append(chip.name)
        line = None
        stands_lo, stands_hi = self._stands_row(lo), self._stands_row(hi)
        low_x, high_x, low_y, high_y = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        for k, obstacle in enumerate(self._obstacles):
            if stands_lo[k] or stands_hi[k]:
                continue
            minx, miny, maxx, maxy = obstacle.bounds
            if high_x < minx or low_x > maxx or high_y < miny or low_y > maxy:
                continue  # the boxes are apart, so are the line and the polygon
            if line is None:
                line = shapely.linestrings([[ax, ay], [bx, by]])
            if shapely.intersects(obstacle.polygon, line) and not shapely.touches(obstacle.polygon, line):
                blockers.append(obstacle.name)
        return SightLine(observer, target, not blockers, tuple(blockers))

    def clear_line(self, observer: str, target: str) -> bool:
        """``line_of_sight(observer, target).clear``, remembered (the table is immutable)."""
        known = self.__dict__.setdefault("_clear_lines", {})
        found = known.get((observer, target))
        if found is None:
            found = known[observer, target] = self.line_of_sight(observer, target).clear
        return found

    def sees(self, observer: str, target: str) -> bool:
        """The observer may target ``target``: a clear line of sight and the target within the
        viewing angle (Ranged Combat (Fernkampf); Viewing Angle (Sichtwinkel))."""
        return self.in_viewing_angle(observer, target) and self.line_of_sight(observer, target).clear

    # -- straight moves ------------------------------------------------------------------------
    def move_end(self, name: str, distance: float, direction: float | None = None) -> MoveResult:
        """Where chip ``name`` ends a straight move of ``distance`` cm towards ``direction``
        degrees (default: its facing).  Nothing is changed; see :meth:`move_chip_straight`.

        * Viewing Angle (Sichtwinkel): "movement is only possible in the direction of the viewing
          angle" -- a direction more than 45 degrees from the facing raises RuleViolation.
        * Movement: the distance "applies in a straight line through the terrain, but not over
          obstacles, only around them. The distance is measured from the centre of a character
          chip." and "If a character chip would overlap another, the one just moved is placed so
          that the two chips touch. As with obstacles, moving over a character chip is also not
          possible."  The chip stops touching the first chip (exact circle-circle solve) or
          obstacle (exact first contact of the moving disc with the obstacle's edges) in its way,
          or at the table edge (ruling ``behind.move-into-obstacle``).  A path that only grazes
          a chip or obstacle (never closer than touching) is not stopped.
        * A flat obstacle the chip stands on does not stop it (it may step down), but the chip
          may not end partly on it (Terrain and Climbing: it must have room on it); climbing
          onto a flat obstacle is not modelled here -- the move stops touching it.
        * Flying (Fliegen): a flying chip "may fly over other characters and obstacles"; only the
          table edge stops it.  "Landing on another character chip is not possible" and "A flying
          character can land on an obstacle only if the obstacle is flat and his character chip
          has room on it completely": ending there raises RuleViolation (move less or further).

        Breaking away from an enemy (ability check, Movement) is the caller's business.
        """
        chip = self.chip(name)
        distance = float(distance)
        if not math.isfinite(distance) or distance < 0:
            raise ValueError(f"a move distance must be a number >= 0 cm, got {distance!r}")
        direction = chip.facing if direction is None else float(direction) % 360.0
        off = angle_between(direction, chip.facing)
        if off > VIEW_HALF_ANGLE + EPS:
            raise RuleViolation(
                f"{name} faces {said_facing(chip.facing)} degrees and cannot move towards {said_facing(direction)} degrees "
                f"({said_tenths(off)} degrees off its facing): \"movement is only possible in the direction of the "
                f"viewing angle\" (45 degrees either side); turn the chip first", refs.VIEWING_ANGLE)
        start = (chip.x, chip.y)
        if distance == 0:
            return MoveResult(name, start, start, 0.0, None, 0.0)
        u, p0 = unit(direction), start  # plain float pairs: a move asks a few numbers only
        stop_t, stopped_by = distance, None

        t, by = self._table_edge_stop(p0, u, distance)
        if t < stop_t:
            stop_t, stopped_by = t, by
        if not chip.flying:
            for t, by in (self._chip_stop(name, p0, u, distance), self._obstacle_stop(name, p0, u, distance)):
                if t < stop_t or (t == stop_t and by is not None and stopped_by == TABLE_EDGE):
                    stop_t, stopped_by = t, by
        stop_t = max(0.0, stop_t)
        end = (float(p0[0] + stop_t * u[0]), float(p0[1] + stop_t * u[1]))
        self._check_move_end(chip, end)
        return MoveResult(name, start, end, float(stop_t), stopped_by, distance)

    def move_chip_straight(self, name: str, distance: float, direction: float | None = None,
                           *, facing: float | None = None) -> tuple["Table", MoveResult]:
        """The table after the straight move :meth:`move_end` computes, and the move.
        ``facing`` turns the chip afterwards ("After a movement a character chip may be turned as
        desired.", Viewing Angle (Sichtwinkel))."""
        result = self.move_end(name, distance, direction)
        return self.move_chip(name, *result.end, facing=facing), result

    def _table_edge_stop(self, p0: tuple[float, float], u: tuple[float, float],
                         length: float) -> tuple[float, str | None]:
        r = self.radius
        best = math.inf
        for axis, high in ((0, self._width - r), (1, self._depth - r)):
            end = p0[axis] + length * u[axis]
            if u[axis] > 0 and end > high + EPS:
                best = min(best, (high - p0[axis]) / u[axis])
            elif u[axis] < 0 and end < r - EPS:
                best = min(best, (r - p0[axis]) / u[axis])
        return (max(0.0, best), TABLE_EDGE) if best < math.inf else (math.inf, None)

    def _chip_stop(self, name: str, p0, u, length) -> tuple[float, str | None]:
        """First contact with another chip (centre distance 2r) that the path would overlap."""
        mover = self._index_of(name)
        if len(self._chips) < 2:
            return math.inf, None
        reach = 2 * self.radius
        x0, y0 = p0
        x1, y1 = x0 + length * u[0], y0 + length * u[1]
        lx, hx = min(x0, x1) - reach, max(x0, x1) + reach
        ly, hy = min(y0, y1) - reach, max(y0, y1) + reach
        # point_segment_dist2's arithmetic, one chip at a time: only chips within 2r of the path's
        # box can come within 2r of the path
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy
        scale = length2 if length2 > 0 else 1.0
        limit = (reach - EPS) ** 2
        best, by = math.inf, None
        for k, chip in enumerate(self._chips):
            cx, cy = chip.x, chip.y
            if k == mover or not (lx <= cx <= hx and ly <= cy <= hy):
                continue
            t = min(max(((cx - x0) * dx + (cy - y0) * dy) / scale, 0.0), 1.0)
            ex, ey = x0 + t * dx - cx, y0 + t * dy - cy
            if ex * ex + ey * ey < limit:
                t = circle_entry(p0, u, (cx, cy), reach)
                if t < best:
                    best, by = t, chip.name
        return best, by

    def _obstacle_stop(self, name: str, p0, u, length) -> tuple[float, str | None]:
        """First contact of the moving disc with an obstacle the path would overlap (exact: the
        analytic first contact with the edges whose distance to the path is below the radius).
        Plain Python over the few edges near the path: a move meets only a handful."""
        if not self._obstacles:
            return math.inf, None
        r = self.radius
        x0, y0 = p0
        x1, y1 = x0 + length * u[0], y0 + length * u[1]
        lx, hx, ly, hy = min(x0, x1) - r, max(x0, x1) + r, min(y0, y1) - r, max(y0, y1) + r
        limit2 = (r - EPS) ** 2 if r > EPS else 0.0
        under = None
        best, by = math.inf, None
        for k, obstacle in enumerate(self._obstacles):
            minx, miny, maxx, maxy = obstacle.bounds
            if minx > hx or maxx < lx or miny > hy or maxy < ly:
                continue  # the boxes are apart: no edge of it comes within r of the path
            if under is None:
                under = self._stands_row(self._index_of(name))
            if under[k]:
                continue  # a flat obstacle the chip stands on does not stop it
            for ax, ay, bx, by_ in obstacle.segments:
                if min(ax, bx) > hx or max(ax, bx) < lx or min(ay, by_) > hy or max(ay, by_) < ly:
                    continue  # the edge's box is apart from the path's, grown by r
                if segment_distance2(x0, y0, x1, y1, ax, ay, bx, by_) < limit2:
                    t = capsule_entry((x0, y0), u, (ax, ay), (bx, by_), r)
                    if t < best:
                        best, by = t, obstacle.name
        return best, by

    def _check_move_end(self, chip: Chip, end: tuple[float, float]) -> None:
        if not chip.flying:
            row = self._stands_row(self._index_of(chip.name))
            if not any(row):
                return  # a walk is stopped before any obstacle: only one it stands on can be a problem
        moved = chip.moved(*end)
        others = tuple(c for c in self._chips if c.name != chip.name)
        if chip.flying:
            r = self.radius
            for other in others:
                if math.hypot(end[0] - other.x, end[1] - other.y) - 2 * r < -EPS:
                    raise RuleViolation(
                        f"{chip.name} would land on {other.name}: \"Landing on another character chip is "
                        f"not possible.\" Fly less or further.", refs.FLYING)
            obstacle = self._overlapped_obstacle(moved, self._obstacles)
            if obstacle is not None:
                where = "partly on the flat obstacle" if obstacle.flat else "on the obstacle"
                kind = "" if obstacle.flat else ", which is not flat"
                raise RuleViolation(
                    f"{chip.name} would land {where} {obstacle.name}{kind}: \"A flying character can land on "
                    f"an obstacle only if the obstacle is flat and his character chip has room on it "
                    f"completely.\" Fly less or further.", refs.FLYING)
            return
        under = [o for o, on in zip(self._obstacles, row) if on]
        problem = self._obstacle_problem(moved, under)
        if problem is not None:
            raise RuleViolation(problem.reason + "; stepping down from it, move less or further", refs.TERRAIN)

    # -- all pairs -----------------------------------------------------------------------------
    def sight_matrix(self) -> "SightMatrix":
        """All ordered pairs' lines of sight at once (see :func:`explorer.behind.sight.sight_matrix`)."""
        from explorer.behind.sight import sight_matrix

        return sight_matrix(self)

    # -- JSON, equality, display ---------------------------------------------------------------
    def to_json(self) -> dict:
        """A JSON-ready dict; ``Table.from_json(table.to_json()) == table`` exactly."""
        return {
            "width": self._width,
            "depth": self._depth,
            "obstacles": [obstacle.to_json() for obstacle in self._obstacles],
            "chips": [chip.to_json() for chip in self._chips],
            "rulings": self._rulings.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Table":
        return cls(data.get("width", 120.0), data.get("depth", 80.0),
                   [Obstacle.from_json(o) for o in data.get("obstacles", ())],
                   [Chip.from_json(c) for c in data.get("chips", ())],
                   Rulings.from_json(data.get("rulings", {})))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Table) and self._width == other._width and self._depth == other._depth
                and self._obstacles == other._obstacles and self._chips == other._chips
                and self._rulings == other._rulings)

    def __hash__(self) -> int:
        return hash((self._width, self._depth, self._obstacles, self._chips, self._rulings))

    def __repr__(self) -> str:
        return (f"Table({self._width:g} x {self._depth:g} cm, {len(self._chips)} chips: "
                f"{', '.join(self.names) or '-'}; {len(self._obstacles)} obstacles)")

    def _repr_png_(self) -> bytes:
        from explorer.behind import render_table

        return render_table.table_png(self)


# ---------------------------------------------------------------------------------------------
# Random legal tables (benchmarks, property tests, demos)
# ---------------------------------------------------------------------------------------------
def random_table(seed: int = 0, chips: int = 20, obstacles: int = 12, *, width: float = 120.0,
                 depth: float = 80.0, owners: tuple[str, ...] = ("Vampire", "Schwesternbund"),
                 flyers: float = 0.1, rulings: Rulings | None = None, max_tries: int = 10_000) -> Table:
    """A seeded random legal table: ``obstacles`` boxes and discs (some flat) and ``chips`` chips
    placed where they fit (a chip may land wholly on a flat obstacle).  Same seed, same table."""
    rng = np.random.default_rng(seed)
    table = Table(width, depth, rulings=rulings)
    tries = 0
    while len(table.obstacles) < obstacles:
        tries += 1
        if tries > max_tries:
            raise ValueError(f"could not place {obstacles} obstacles in {max_tries} tries")
        name = f"obstacle {len(table.obstacles) + 1}"
        x, y = rng.uniform(0.1 * width, 0.9 * width), rng.uniform(0.1 * depth, 0.9 * depth)
        flat = bool(rng.random() < 0.3)
        height = float(np.round(rng.uniform(1, 10), 1))
        if rng.random() < 0.6:
            w, d = rng.uniform(3, 15), rng.uniform(3, 15)
            obstacle = Obstacle.box(name, x - w / 2, y - d / 2, w, d, height=height, flat=flat,
                                    angle=float(rng.uniform(0, 90)))
        else:
            obstacle = Obstacle.circle(name, x, y, rng.uniform(2, 6), height=height, flat=flat)
        try:
            table = table.add_obstacle(obstacle)
        except RuleViolation:
            continue
    r = table.radius
    tries = 0
    while len(table.chips) < chips:
        tries += 1
        if tries > max_tries:
            raise ValueError(f"could not place {chips} chips in {max_tries} tries")
        chip = Chip(f"{owners[len(table.chips) % len(owners)][:3]}{len(table.chips) + 1}",
                    owners[len(table.chips) % len(owners)],
                    float(rng.uniform(r, width - r)), float(rng.uniform(r, depth - r)),
                    float(rng.uniform(0, 360)), flying=bool(rng.random() < flyers))
        try:
            table = table.place(chip)
        except RuleViolation:
            continue
    return table


__all__ = ["Chip", "EPS", "MoveResult", "Obstacle", "SightLine", "TABLE_EDGE", "Table", "VIEW_HALF_ANGLE", "random_table"]
