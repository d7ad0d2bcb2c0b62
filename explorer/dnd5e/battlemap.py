"""The battle map (Kampfkarte) in metres, drawn and measured with shapely.

* walls and obstacles (:class:`Wall`): nothing walks, flies or jumps through them;
* areas (:class:`Area`) of a kind: ``schwierig`` (schwieriges Gelände, difficult terrain),
  ``wasser`` (water: swimming), ``kletterbar`` (a climbable surface: climbing), ``abgrund`` (a chasm:
  only jumped or flown over) and ``mauer`` (a low wall of some ``height``: jumped over or climbed);
  ``rough`` marks a slippery surface (rutschig) or rough water (rau) where the SL may ask for
  Athletics;
* creatures placed on it (:class:`Token`): position (the centre of the space), side (friend or
  foe), conditions (liegend, kampfunfähig, ...), whether a flyer is aloft.

Both ways of measuring are the ruling ``dnd5e.measuring``: on the 1.5 m ``grid`` a token stands on
whole squares (its centre on a square's centre, or on a grid corner for an even number of squares)
and spaces are squares; ``gridless`` spaces are squares or circles (``dnd5e.space-shape``).
Geometries are immutable and carry no attributes (names, heights and sides sit beside them).
Every input is checked: :class:`~explorer.core.inputs.InputError` with the field, value and
what was expected.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterable

import shapely
from shapely.geometry import Point, Polygon, box

from explorer.core.inputs import InputError
from explorer.core.rulings import Rulings
from explorer.dnd5e import rulings as _registers_rulings  # noqa: F401  (the ids read here)
from explorer.dnd5e.creatures import GRID_SQUARES, SQUARE, Creature, metres

AREA_KINDS = ("schwierig", "wasser", "kletterbar", "abgrund", "mauer")
CONDITIONS = ("liegend", "kampfunfähig", "gepackt", "festgesetzt", "gelähmt", "betäubt", "bewusstlos",
              "versteinert")
"""Conditions (Zustände, SRD 5.1 Appendix PH-A) the movement rules need: prone; incapacitated;
grappled and restrained (speed 0); paralyzed, stunned, unconscious, petrified (incapacitated and
cannot move)."""
SPEED_ZERO = frozenset({"gepackt", "festgesetzt"})
CANNOT_MOVE = frozenset({"gelähmt", "betäubt", "bewusstlos", "versteinert"})
INCAPACITATED = frozenset({"kampfunfähig"}) | CANNOT_MOVE
"""Conditions that include kampfunfähig (incapacitated): no actions and no reactions."""
MAX_SIDE = Fraction(1000)
"""The largest map: 1 km a side."""
_SIDE = int(MAX_SIDE)
MAX_THINGS = 2000
CIRCLE_SEGMENTS = 32
"""Quarter-circle segments of a round space or reach zone (shapely's buffer)."""

Point2 = tuple[Fraction, Fraction]


def point(value: Any, field: str, source: str = "argument") -> Point2:
    """``(x, y)`` in metres, exact (a point of floats or whole numbers read once, then remembered)."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise InputError(source, field, "a point (x, y) in metres", value)
    x, y = value
    if type(x) is Fraction and type(y) is Fraction and abs(x.numerator) <= _SIDE * x.denominator \
            and abs(y.numerator) <= _SIDE * y.denominator:
        return x, y  # exact metres already, inside the bounds (what metres() would give back)
    key = (type(x), x, type(y), y) if type(x) in (float, int) and type(y) in (float, int) else None
    found = _POINTS.get(key) if key is not None else None
    if found is None:
        found = (metres(x, f"{field}[0]", source=source, low=-MAX_SIDE, high=MAX_SIDE),
                 metres(y, f"{field}[1]", source=source, low=-MAX_SIDE, high=MAX_SIDE))
        if key is not None:
            if len(_POINTS) > MAX_CACHED:
                _POINTS.clear()
            _POINTS[key] = found
    return found


def _polygon(value: Any, field: str, source: str) -> Polygon:
    if isinstance(value, (tuple, list)) and len(value) == 4 and all(isinstance(v, (int, float, Fraction)) for v in value):
        x0, y0, x1, y1 = (float(metres(v, f"{field}[{i}]", source=source, low=-MAX_SIDE, high=MAX_SIDE))
                          for i, v in enumerate(value))
        value = box(x0, y0, x1, y1)
    if not isinstance(value, Polygon) or value.is_empty or not value.is_valid or value.area <= 0:
        raise InputError(source, field, "a valid polygon (or a box (x0, y0, x1, y1)) with an area", value)
    if len(value.exterior.coords) > 10_000:
        raise InputError(source, field, "a polygon of at most 10,000 corners", len(value.exterior.coords))
    return value


@dataclass(frozen=True)
class Wall:
    """A wall or obstacle (Wand, Hindernis): impassable.  ``shape``: a polygon or (x0, y0, x1, y1)."""

    name: str
    shape: Polygon

    def __post_init__(self) -> None:
        _name(self.name, "wall.name")
        object.__setattr__(self, "shape", _polygon(self.shape, "shape", f"wall {self.name!r}"))


@dataclass(frozen=True)
class Area:
    """An area of terrain: ``kind`` one of :data:`AREA_KINDS`; ``height`` (metres) for a low wall
    (mauer); ``rough``: a slippery climb or rough water (ruling ``dnd5e.terrain-athletics``)."""

    name: str
    kind: str
    shape: Polygon
    height: Fraction = Fraction(0)
    rough: bool = False

    def __post_init__(self) -> None:
        source = f"area {self.name!r}"
        _name(self.name, "area.name")
        if self.kind not in AREA_KINDS:
            raise InputError(source, "kind", "one of " + ", ".join(AREA_KINDS), self.kind)
        object.__setattr__(self, "shape", _polygon(self.shape, "shape", source))
        object.__setattr__(self, "height", metres(self.height, "height", source=source, high=Fraction(100)))
        if self.kind == "mauer" and self.height <= 0:
            raise InputError(source, "height", "a low wall's height above 0 m", self.height)
        if not isinstance(self.rough, bool):
            raise InputError(source, "rough", "True or False", self.rough)


@dataclass(frozen=True)
class Token:
    """A creature on the map: ``position`` is the centre of its space (metres), ``side`` its party
    (creatures of one side are friends, of another foes), ``conditions`` from :data:`CONDITIONS`,
    ``aloft`` a flyer in the air, ``magic_aloft`` held aloft by magic (the spell Fliegen)."""

    name: str
    creature: Creature
    position: Point2
    side: str
    conditions: frozenset = frozenset()
    aloft: bool = False
    magic_aloft: bool = False

    def __post_init__(self) -> None:
        source = f"token {self.name!r}"
        _name(self.name, "token.name")
        if not isinstance(self.creature, Creature):
            raise InputError(source, "creature", "a Creature", self.creature)
        object.__setattr__(self, "position", point(self.position, "position", source))
        _name(self.side, "side", source)
        conditions = frozenset(self.conditions) if isinstance(self.conditions, (set, frozenset, list, tuple)) else None
        if conditions is None or not conditions <= set(CONDITIONS):
            raise InputError(source, "conditions", "a set of " + ", ".join(CONDITIONS), self.conditions)
        object.__setattr__(self, "conditions", conditions)
        for flag in ("aloft", "magic_aloft"):
            if not isinstance(getattr(self, flag), bool):
                raise InputError(source, flag, "True or False", getattr(self, flag))
        if self.aloft and not self.creature.speeds.fliegen and not self.magic_aloft:
            raise InputError(source, "aloft", "aloft only for a creature with a flying speed or held by magic", True)

    @property
    def prone(self) -> bool:
        """liegend (prone)."""
        return "liegend" in self.conditions

    @property
    def incapacitated(self) -> bool:
        """kampfunfähig, alone or as part of another condition (SRD 5.1 Appendix PH-A)."""
        return bool(self.conditions & INCAPACITATED)

    def hostile_to(self, other: "Token") -> bool:
        return self.side != other.side


def _name(value: Any, field: str, source: str = "argument") -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 64:
        raise InputError(source, field, "a name of 1 to 64 characters", value)
    return value


@dataclass(frozen=True)
class BattleMap:
    """The map: ``width`` x ``height`` metres from (0, 0), its walls, areas and tokens (by name),
    and the rulings it is measured by."""

    width: Fraction
    height: Fraction
    walls: tuple[Wall, ...] = ()
    areas: tuple[Area, ...] = ()
    tokens: tuple[Token, ...] = ()
    rulings: Rulings = field(default_factory=Rulings)

    def __post_init__(self) -> None:
        source = "battle map"
        for name in ("width", "height"):
            object.__setattr__(self, name, metres(getattr(self, name), name, source=source, low=SQUARE, high=MAX_SIDE))
        if not isinstance(self.rulings, Rulings):
            raise InputError(source, "rulings", "a Rulings", self.rulings)
        for name, kind in (("walls", Wall), ("areas", Area), ("tokens", Token)):
            items = getattr(self, name)
            if not isinstance(items, (tuple, list)) or len(items) > MAX_THINGS:
                raise InputError(source, name, f"a sequence of at most {MAX_THINGS} {kind.__name__}s", items)
            for index, item in enumerate(items):
                if not isinstance(item, kind):
                    raise InputError(source, f"{name}[{index}]", f"a {kind.__name__}", item)
            object.__setattr__(self, name, tuple(items))
        names = [t.name for t in self.tokens]
        for index, token in enumerate(self.tokens):
            if names.index(token.name) != index:
                raise InputError(source, f"tokens[{index}].name", "a name no other token has", token.name)
            self.check_position(token, token.position, f"tokens[{index}].position")
        for index, token in enumerate(self.tokens):
            x, y = (float(v) for v in token.position)
            for other in self.tokens[:index]:
                if shapely.contains_xy(self.overlap_zone(other, token), x, y):
                    raise InputError(source, f"tokens[{index}].position",
                                     f"a space not overlapping {other.name}'s (no two creatures share a space)",
                                     token.position)

    # --- measuring -------------------------------------------------------------------------
    # (read once per map: the rulings of a map never change; a copy with other rulings is a new map)
    @cached_property
    def grid(self) -> bool:
        return self.rulings["dnd5e.measuring"] == "grid"

    @cached_property
    def round_spaces(self) -> bool:
        return not self.grid and self.rulings["dnd5e.space-shape"] == "circle"

    @cached_property
    def _diagonals(self) -> str:
        return self.rulings["dnd5e.grid-diagonals"]

    def half_side(self, token: Token) -> Fraction:
        """Half the side of the token's space: on the grid whole squares (a Tiny creature one square)."""
        key = (self.grid, token.creature.size)
        found = _HALF_SIDES.get(key)
        if found is None:
            found = _HALF_SIDES[key] = (GRID_SQUARES[token.creature.size] * SQUARE / 2 if self.grid
                                        else token.creature.space_side / 2)
        return found

    def half_sides(self, a: Token, b: Token) -> Fraction:
        """Half the side of ``a``'s space plus half of ``b``'s (remembered per sizes: asked at every move)."""
        key = (self.grid, a.creature.size, b.creature.size)
        total = _TOTALS.get(key)
        if total is None:
            total = _TOTALS[key] = self.half_side(a) + self.half_side(b)
        return total

    def check_position(self, token: Token, at: Point2, field: str = "position") -> Point2:
        """``at`` as a position of ``token``'s centre: inside the map and, on the grid, on whole squares."""
        at = point(at, field, f"token {token.name!r}")
        half = self.half_side(token)
        if self.grid:  # the same test in whole quarter metres, when every value is one
            q = [_quarters(v) for v in (at[0], at[1], half, self.width, self.height)]
            if None not in q:
                x, y, h, w, t = q
                if h <= x <= w - h and h <= y <= t - h and not (x - h) % 6 and not (y - h) % 6:
                    return at
        for value, side, axis in ((at[0], self.width, 0), (at[1], self.height, 1)):
            if not half <= value <= side - half:
                raise InputError(f"token {token.name!r}", f"{field}[{axis}]",
                                 f"the space inside the map: from {float(half):g} to {float(side - half):g} m", value)
            if self.grid and (value - half) % SQUARE:
                raise InputError(f"token {token.name!r}", f"{field}[{axis}]",
                                 f"a position on the 1.5 m grid (the space's edge on a grid line: "
                                 f"{float(half):g} + a multiple of 1.5 m)", value)
        return at

    def space(self, token: Token, at: Point2 | None = None) -> Polygon:
        """The token's space (Bereich) as a polygon: a square, or gridless a circle by the ruling."""
        x, y = (float(v) for v in (at or token.position))
        half = float(self.half_side(token))
        if self.round_spaces:
            return Point(x, y).buffer(half, quad_segs=CIRCLE_SEGMENTS)
        return box(x - half, y - half, x + half, y + half)

    def overlap_zone(self, other: Token, mover: Token) -> Polygon:
        """Where ``mover``'s centre puts its space over ``other``'s (interiors overlap)."""
        return self._zone(other, mover, 0)

    def wall_zone(self, wall: Wall, mover: Token) -> Polygon:
        """Where ``mover``'s centre would put its space into ``wall`` (the wall grown by half the
        space: square corners for square spaces, round for round ones).  Built once per wall and
        half side, prepared (shapely.prepare) and shared: geometries are immutable."""
        join = "round" if self.round_spaces else "mitre"
        half = float(self.half_side(mover))
        key = (id(wall.shape), half, join)
        found = _WALL_ZONES.get(key)
        if found is None or found[0] is not wall.shape:
            if len(_WALL_ZONES) > MAX_CACHED:
                _WALL_ZONES.clear()
            zone = wall.shape.buffer(half, quad_segs=CIRCLE_SEGMENTS, join_style=join)
            shapely.prepare(zone)
            found = _WALL_ZONES[key] = (wall.shape, zone)
        return found[1]

    def reach_zone(self, attacker: Token, mover: Token) -> Polygon:
        """Where ``mover``'s centre is within ``attacker``'s reach (gridless: the spaces at most the
        reach apart; on the grid squares counted by the diagonal rule, see :meth:`grid_distance`)."""
        return self._zone(attacker, mover, attacker.creature.reach)

    def _zone(self, fixed: Token, mover: Token, reach: Fraction) -> Polygon:
        """The zone around ``fixed`` for ``mover``'s centre, built once per place, sizes and reach
        (the tokens that did not move keep theirs), prepared and shared: geometries are immutable."""
        mine = (id(fixed), self.round_spaces, self.grid, mover.creature.size, bool(reach))
        found = _TOKEN_ZONES.get(mine)
        if found is not None and found[0] is fixed and found[1] is fixed.position and found[2] is fixed.creature:
            return found[3]
        zone = self._built_zone(fixed, mover, reach)
        if len(_TOKEN_ZONES) > MAX_CACHED:
            _TOKEN_ZONES.clear()
        _TOKEN_ZONES[mine] = (fixed, fixed.position, fixed.creature, zone)  # holds fixed: its id stays its own
        return zone

    def _built_zone(self, fixed: Token, mover: Token, reach: Fraction) -> Polygon:
        x, y = (float(v) for v in fixed.position)
        total = float(self.half_side(fixed) + self.half_side(mover))
        key = (self.round_spaces, x, y, total, float(reach))
        found = _ZONES.get(key)
        if found is None:
            if len(_ZONES) > MAX_CACHED:
                _ZONES.clear()
            if self.round_spaces:
                found = Point(x, y).buffer(total + float(reach), quad_segs=CIRCLE_SEGMENTS)
            else:
                square = box(x - total, y - total, x + total, y + total)
                found = square.buffer(float(reach), quad_segs=CIRCLE_SEGMENTS) if reach else square
            shapely.prepare(found)
            _ZONES[key] = found
        return found

    def grid_distance(self, a: Token, a_at: Point2, b: Token, b_at: Point2) -> Fraction:
        """Grid distance between two spaces: the squares from one to the nearest square of the
        other, diagonals by ``dnd5e.grid-diagonals`` (adjacent squares: 1.5 m)."""
        total = self.half_sides(a, b)
        steps = _grid_steps(a_at, b_at, total)
        if steps is None:
            steps = [max(Fraction(0), (abs(p - q) - total) / SQUARE + 1) for p, q in zip(a_at, b_at)]
            return squares_length(int(max(steps)), int(min(steps)), self.rulings)
        key = (self._diagonals, *steps)
        found = _LENGTHS.get(key)
        if found is None:
            if len(_LENGTHS) > MAX_CACHED:
                _LENGTHS.clear()
            found = _LENGTHS[key] = squares_length(*steps, self.rulings)
        return found

    def in_reach(self, attacker: Token, mover: Token, at: Point2) -> bool:
        """Is ``mover``, its centre at ``at``, within ``attacker``'s reach?"""
        if self.grid:
            return self.grid_distance(attacker, attacker.position, mover, at) <= attacker.creature.reach
        return bool(shapely.intersects_xy(self.reach_zone(attacker, mover), float(at[0]), float(at[1])))

    def reach_test(self, attacker: Token, mover: Token):
        """``at -> self.in_reach(attacker, mover, at)`` for many places of one mover (the path of a
        move): on the grid the attacker's place, the sizes and the reach read once."""
        if self.grid:
            total = self.half_side(attacker) + self.half_side(mover)
            ax, ay, t = (_quarters(v) for v in (*attacker.position, total))
            if None not in (ax, ay, t):
                reach, diagonals = attacker.creature.reach, self._diagonals

                def test(at) -> bool:
                    x, y = _quarters(at[0]), _quarters(at[1])
                    if x is None or y is None:
                        return self.in_reach(attacker, mover, at)
                    i = max(0, (abs(ax - x) - t) // 6 + 1)
                    j = max(0, (abs(ay - y) - t) // 6 + 1)
                    key = (diagonals, i, j) if i >= j else (diagonals, j, i)
                    found = _LENGTHS.get(key)
                    if found is None:
                        found = _LENGTHS[key] = squares_length(key[1], key[2], self.rulings)
                    return found <= reach
                return test
        return lambda at: self.in_reach(attacker, mover, at)

    def _repr_png_(self) -> bytes:
        """The map drawn in a notebook (:func:`explorer.dnd5e.render_map.map_png`; imported only here:
        drawing stays on top of the rules)."""
        from explorer.dnd5e.render_map import map_png
        return map_png(self)

    # --- looking things up -----------------------------------------------------------------
    def token(self, name: str) -> Token:
        tokens = self.tokens
        found = _BY_NAME.get(id(tokens))
        if found is None or found[0] is not tokens:  # by name, read once per tuple of tokens (it holds them)
            if len(_BY_NAME) > MAX_CACHED:
                _BY_NAME.clear()
            found = _BY_NAME[id(tokens)] = (tokens, {t.name: t for t in tokens})
        token = found[1].get(name) if type(name) is str or isinstance(name, str) else None
        if token is not None:
            return token
        raise InputError("battle map", "token", "one of " + ", ".join(t.name for t in self.tokens), name)

    def others(self, name: str) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.name != name)

    def areas_of(self, *kinds: str) -> tuple[Area, ...]:
        return tuple(a for a in self.areas if a.kind in kinds)

    def placed(self, token: Token) -> "BattleMap":
        """A copy with ``token`` added (or replacing the token of its name)."""
        rest = tuple(t for t in self.tokens if t.name != token.name)
        return replace(self, tokens=rest + (token,))

    def moved(self, name: str, to: Point2, *, conditions: Iterable[str] | None = None) -> "BattleMap":
        """A copy with token ``name`` at ``to`` (and its conditions replaced, if given)."""
        token = self.token(name)
        changed = replace(token, position=to, conditions=frozenset(token.conditions if conditions is None
                                                                    else conditions))
        return replace(self, tokens=tuple(changed if t.name == name else t for t in self.tokens))


MAX_CACHED = 50_000
"""The most entries each of the caches below holds (cleared when full)."""
_HALF_SIDES: dict = {}
_TOTALS: dict = {}
_POINTS: dict = {}
_ZONES: dict = {}
_TOKEN_ZONES: dict = {}
_WALL_ZONES: dict = {}
_TOKEN_ZONES: dict = {}
_LENGTHS: dict = {}


def gap_between(m: BattleMap, a: Token, a_at, b: Token, b_at) -> Fraction:
    """The distance between the spaces of ``a`` at ``a_at`` and ``b`` at ``b_at``, as the rules measure
    it for reach, range, Help and close combat: on the grid :meth:`BattleMap.grid_distance` (whole squares
    by the diagonal rule), gridless the gap between the spaces (shapely, rounded to 1e-9 m and read as an
    exact Fraction).  The one measure of the game, the players and the analysis; remembered per map
    rulings, sizes and positions (the same question is asked many times a turn)."""
    if a_at is a.position and b_at is b.position:  # where they stand (most questions): by the tokens themselves
        pair = _PAIRS.get((id(a), id(b)))
        if pair is not None and pair[0] is a and pair[1] is b and pair[2] is m.rulings:
            return pair[3]
        found = _gap(m, a, a_at, b, b_at)
        if len(_PAIRS) > MAX_CACHED:
            _PAIRS.clear()
        _PAIRS[(id(a), id(b))] = (a, b, m.rulings, found)  # holds the tokens: their ids stay theirs
        return found
    return _gap(m, a, a_at, b, b_at)


def _gap(m: BattleMap, a: Token, a_at, b: Token, b_at) -> Fraction:
    if m.grid:  # counted in quarter metres and remembered by squares (cheaper than the key below)
        return m.grid_distance(a, tuple(a_at), b, tuple(b_at))
    key = (m.rulings, a.creature.size, tuple(a_at), b.creature.size, tuple(b_at))
    found = _GAPS.get(key)
    if found is None:
        if len(_GAPS) > MAX_CACHED:
            _GAPS.clear()
        if m.grid:
            found = m.grid_distance(a, tuple(a_at), b, tuple(b_at))
        else:
            found = Fraction(round(m.space(a, a_at).distance(m.space(b, b_at)), 9)).limit_denominator(10**6)
        _GAPS[key] = found
    return found


_GAPS: dict = {}
_PAIRS: dict = {}
_BY_NAME: dict = {}


def _quarters(value: Any) -> int | None:
    """``value`` in whole quarter metres (positions and half sides on the grid are multiples of
    0.75 m), or None when it is not an exact whole number of them."""
    if type(value) is Fraction:
        n, d = value._numerator, value._denominator  # the slots themselves (the properties cost a call)
        return n * (4 // d) if not 4 % d else None
    if type(value) is int:
        return 4 * value
    return None


def _grid_steps(a_at: Point2, b_at: Point2, total: Fraction) -> tuple[int, int] | None:
    """:meth:`BattleMap.grid_distance`'s squares (longer, shorter) counted in whole quarter metres
    (a square is 6): per axis ``max(0, (|p - q| - total) / 1.5 + 1)`` truncated, which is
    ``max(0, (|p - q| - total) // 6 + 1)`` exactly; None unless every value is whole quarters."""
    q = [_quarters(v) for v in (a_at[0], a_at[1], b_at[0], b_at[1], total)]
    if None in q:
        return None
    ax, ay, bx, by, t = q
    i = max(0, (abs(ax - bx) - t) // 6 + 1)
    j = max(0, (abs(ay - by) - t) // 6 + 1)
    return (i, j) if i >= j else (j, i)


def squares_length(longer: int, shorter: int, rulings: Rulings, diagonals_before: int = 0) -> Fraction:
    """Length of a grid move of ``longer`` steps, ``shorter`` of them diagonal: 1.5 m a step, or
    with ``alternate-1.5-3`` every second diagonal (counted on from ``diagonals_before``) 3 m."""
    straight = longer - shorter
    length = straight * SQUARE
    for n in range(diagonals_before + 1, diagonals_before + shorter + 1):
        length += diagonal_step(n, rulings)
    return length


def diagonal_step(n: int, rulings: Rulings) -> Fraction:
    """What the ``n``-th diagonal step of a turn costs (``dnd5e.grid-diagonals``)."""
    if rulings["dnd5e.grid-diagonals"] == "alternate-1.5-3" and n % 2 == 0:
        return 2 * SQUARE
    return SQUARE
