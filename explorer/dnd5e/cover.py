"""Cover (Deckung) and sight (Sicht) from the battle map's geometry.

dnd5e-combat-de-excerpt.txt, ANGRIFFSSTRUKTUR, step 2: "Der SL entscheidet, ob das Ziel von Deckung
profitiert".  The degrees come from the SRD 5.1, "Combat > Cover" (CC-BY-4.0): half cover (halb) +2 AC
"if an obstacle blocks at least half of its body" (a low wall, furniture, a narrow tree trunk, "or a
creature, whether that creature is an enemy or a friend"), three-quarters cover (dreiviertel) +5 AC "if
about three-quarters of it is covered by an obstacle", total cover (voll) "if it is completely concealed
by an obstacle": it "can't be targeted directly by an attack"; "only the most protective degree of cover
applies; the degrees aren't added together".

:func:`deckung` measures it with sight lines, by the rulings (:mod:`explorer.dnd5e.rulings`):

* ``dnd5e.cover-grid`` (on the grid) and ``dnd5e.cover-gridless``: the method, ``"corners"`` (the
  Dungeon Master's Guide's grid method, *not* in the SRD: from the attacker's best corner to the four
  corners of one of the target's squares, 1-2 lines blocked -> halb, 3 -> dreiviertel, 4 -> voll) or
  ``"fraction"`` (the share of the lines from the attacker's point to 36 points spread over the target's
  space that the walls block: all -> voll, >= 3/4 -> dreiviertel, >= 1/2 -> halb);
* ``dnd5e.cover-origin``: the fraction method's lines start at the attacker's best point (centre or a
  corner of its space) or at its centre;
* ``dnd5e.cover-obstacles``: walls give any degree, creatures and low walls (Area kind ``mauer``) half
  cover at most; a line that only touches an edge is not blocked.

:func:`sicht` (line of sight, ruling ``dnd5e.line-of-sight``): some line between the two spaces crosses
no wall.  A target without sight has total cover (every line from the attacker is blocked), not always
the other way round.  Pure shapely and NumPy (no drawing); every public argument is checked
(:class:`~explorer.core.inputs.InputError`).

Speed (a panel recomputes it): on a map of 10 walls and 8 creatures, all 90 ordered pairs of its ten
tokens, 1-2 ms CPU a call of either function (the slowest pair 3-4 ms), grid or gridless, round spaces
too: the lines are decided with NumPy (discs inside and around each obstacle, then its edges) and only
lines through a corner or along an edge are asked of shapely.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from explorer.core.inputs import InputError
from explorer.core.rules import RuleRef, RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import refs
from explorer.dnd5e import rulings as _registers_rulings  # noqa: F401  (the ids read here)
from explorer.dnd5e.battlemap import BattleMap, Token
from explorer.dnd5e.creatures import SQUARE

COVER_RULE: RuleRef = refs.SRD_COVER
DEGREES = ("keine", "halb", "dreiviertel", "voll")
"""Degrees of cover, least first: none, half, three-quarters, total (SRD 5.1 Combat > Cover)."""
AC_BONUS = {"keine": 0, "halb": 2, "dreiviertel": 5, "voll": None}
"""The AC bonus of each degree; ``None``: total cover, the target cannot be targeted."""
WORDS = {"keine": "keine Deckung", "halb": "halbe Deckung (+2 RK)", "dreiviertel": "Dreivierteldeckung (+5 RK)",
         "voll": "volle Deckung (kein Ziel)"}
SAMPLES_PER_SIDE = 6
"""The fraction method's points: the centres of a 6 x 6 split of the target's space (36; 32 in a circle)."""
KINDS = ("wand", "mauer", "kreatur")
"""What blocks a line: a wall (any degree), a low wall and a creature (half cover at most)."""
SOURCE = "cover"


@dataclass(frozen=True)
class Blocker:
    """Something in the way: ``name``, ``kind`` (:data:`KINDS`) and how many of the chosen lines it blocks."""

    name: str
    kind: str
    lines: int


@dataclass(frozen=True)
class Deckung:
    """The cover a target has against an attacker (SRD 5.1 Combat > Cover).

    ``grad``: the degree (:data:`DEGREES`); ``method``: ``"corners"`` or ``"fraction"``; ``origin``: the
    point the chosen lines start from; ``lines``: how many lines were drawn from it (4 for the corners
    method, to the chosen target square's corners); ``blocked_by_walls`` and ``blocked`` (by anything):
    how many of them are blocked; ``blockers``: what blocks them.  ``rulings``: the ruling ids used."""

    attacker: str
    target: str
    grad: str
    method: str
    origin: tuple[float, float]
    lines: int
    blocked_by_walls: int
    blocked: int
    blockers: tuple[Blocker, ...]
    rulings: tuple[str, ...]
    rule: RuleRef = COVER_RULE

    @property
    def ac_bonus(self) -> int | None:
        """+0, +2, +5, or None for total cover (cannot be targeted)."""
        return AC_BONUS[self.grad]

    @property
    def targetable(self) -> bool:
        """Can the target be targeted directly by an attack? Not behind total cover."""
        return self.grad != "voll"

    def require_target(self) -> "Deckung":
        """This result, or :class:`~explorer.core.rules.RuleViolation` for total cover."""
        if not self.targetable:
            raise RuleViolation(f"{self.target} hat volle Deckung gegen {self.attacker}: kein Ziel eines Angriffs",
                                self.rule)
        return self

    def explain(self) -> str:
        """One line in German: the degree, the lines and what blocks them, the rule."""
        where = f"({self.origin[0]:g}, {self.origin[1]:g})"
        if self.method == "corners":
            how = f"von der Ecke {where} zu den 4 Ecken (eines Feldes) des Ziels"
        else:
            how = f"von {where} zu {self.lines} Punkten im Bereich des Ziels"
        what = "; ".join(f"{b.name} ({b.kind}) {b.lines}" for b in self.blockers) or "nichts"
        return (f"{self.target} gegen {self.attacker}: {WORDS[self.grad]}. Sichtlinien {how}: "
                f"{self.blocked} von {self.lines} blockiert ({self.blocked_by_walls} durch Wände); "
                f"im Weg: {what} ({self.rule})")


# ---------------------------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------------------------
def _map(value: Any) -> BattleMap:
    if not isinstance(value, BattleMap):
        raise InputError(SOURCE, "map", "a BattleMap", value)
    return value


def _token(battle_map: BattleMap, value: Any, field: str) -> Token:
    if isinstance(value, Token):
        battle_map.check_position(value, value.position, f"{field}.position")
        return value
    if isinstance(value, str):
        for token in battle_map.tokens:
            if token.name == value:
                return token
    raise InputError(SOURCE, field, "a Token or the name of a token on the map ("
                     + ", ".join(t.name for t in battle_map.tokens) + ")", value)


def _pair(battle_map: BattleMap, a: Any, b: Any, fields: tuple[str, str]) -> tuple[Token, Token]:
    first, second = _token(battle_map, a, fields[0]), _token(battle_map, b, fields[1])
    if first.name == second.name:
        raise InputError(SOURCE, fields[1], f"a creature other than the {fields[0]}", second.name)
    return first, second


def _rulings(battle_map: BattleMap, value: Any) -> Rulings:
    if value is None:
        return battle_map.rulings
    if not isinstance(value, Rulings):
        raise InputError(SOURCE, "rulings", "a Rulings or None (the map's rulings)", value)
    return value


# ---------------------------------------------------------------------------------------------
# Points of a space
# ---------------------------------------------------------------------------------------------
def _centre(token: Token) -> np.ndarray:
    return np.array([[float(token.position[0]), float(token.position[1])]])


def _corners(battle_map: BattleMap, token: Token) -> np.ndarray:
    """The four corners of the space (four points on the rim of a round one, on its diagonals)."""
    x, y = (float(v) for v in token.position)
    half = float(battle_map.half_side(token))
    if battle_map.round_spaces:
        half /= np.sqrt(2.0)
    return np.array([[x - half, y - half], [x + half, y - half], [x - half, y + half], [x + half, y + half]])


def _grid_points(battle_map: BattleMap, token: Token) -> np.ndarray:
    """Every grid corner of the token's squares (a Large creature: 3 x 3)."""
    x, y = (float(v) for v in token.position)
    half, step = float(battle_map.half_side(token)), float(SQUARE)
    count = int(round(2 * half / step)) + 1
    xs = x - half + step * np.arange(count)
    ys = y - half + step * np.arange(count)
    return np.array([(px, py) for py in ys for px in xs])


def _square_groups(battle_map: BattleMap, token: Token) -> np.ndarray:
    """The corners of each of the token's squares: (squares, 4, 2)."""
    x, y = (float(v) for v in token.position)
    half, step = float(battle_map.half_side(token)), float(SQUARE)
    count = int(round(2 * half / step))
    groups = []
    for j in range(count):
        for i in range(count):
            x0, y0 = x - half + i * step, y - half + j * step
            groups.append([(x0, y0), (x0 + step, y0), (x0, y0 + step), (x0 + step, y0 + step)])
    return np.array(groups)


def _samples(battle_map: BattleMap, token: Token) -> np.ndarray:
    """The fraction method's points: centres of a 6 x 6 split of the space, those inside a circle."""
    x, y = (float(v) for v in token.position)
    half = float(battle_map.half_side(token))
    offsets = (np.arange(SAMPLES_PER_SIDE) + 0.5) / SAMPLES_PER_SIDE * 2 * half - half
    points = np.array([(x + dx, y + dy) for dy in offsets for dx in offsets])
    if battle_map.round_spaces:
        points = points[np.hypot(points[:, 0] - x, points[:, 1] - y) < half]
    return points


# ---------------------------------------------------------------------------------------------
# What blocks a line
# ---------------------------------------------------------------------------------------------
_TOLERANCE = 1e-9
"""Relative tolerance of the orientation and disc tests: a line closer than this to an edge's line or a disc's rim, relative to
their lengths, is decided by shapely's exact predicates instead."""


@dataclass(frozen=True)
class _Obstacles:
    shapes: np.ndarray  # shapely geometries
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    tree: shapely.STRtree | None
    edge_start: np.ndarray  # (edges, 2): every ring's edges, obstacle by obstacle
    edge_end: np.ndarray
    first_edge: np.ndarray  # (obstacles + 1,): obstacle k's edges are first_edge[k]:first_edge[k + 1]
    centre: np.ndarray  # (obstacles, 2), with the squared radii of a disc inside each and one around it
    inner2: np.ndarray
    outer2: np.ndarray

    @property
    def walls(self) -> np.ndarray:
        return np.array([k == "wand" for k in self.kinds], dtype=bool)


def _obstacles(battle_map: BattleMap, a: Token, b: Token, *, sight: bool = False) -> _Obstacles:
    """The walls; unless for sight also the low walls neither creature stands on and the other creatures."""
    shapes, names, kinds = [], [], []
    for wall in battle_map.walls:
        shapes.append(wall.shape), names.append(wall.name), kinds.append("wand")
    if not sight:
        ends = [shapely.Point(float(t.position[0]), float(t.position[1])) for t in (a, b)]
        for area in battle_map.areas_of("mauer"):
            if not any(area.shape.intersects(end) for end in ends):
                shapes.append(area.shape), names.append(area.name), kinds.append("mauer")
        for token in battle_map.tokens:
            if token.name not in (a.name, b.name):
                shapes.append(battle_map.space(token)), names.append(token.name), kinds.append("kreatur")
    array = np.array(shapes, dtype=object)
    if not shapes:
        empty = np.zeros((0, 2))
        return _Obstacles(array, (), (), None, empty, empty, np.zeros(1, dtype=np.intp), empty, empty[:, 0], empty[:, 0])
    shapely.prepare(array)  # the midpoint tests (a wall's shape stays prepared for the next call)
    rings, owner = shapely.get_rings(array, return_index=True)
    coords, ring = shapely.get_coordinates(rings, return_index=True)
    same = ring[1:] == ring[:-1]  # consecutive corners of one ring: an edge
    edge_owner = owner[ring[:-1][same]]
    first_edge = np.searchsorted(edge_owner, np.arange(len(shapes) + 1))
    centre = shapely.centroid(array)
    inside = shapely.contains_properly(array, centre)
    inner = np.where(inside, shapely.distance(centre, shapely.boundary(array)), 0.0)
    xy = shapely.get_coordinates(centre)
    corner = np.hypot(coords[:, 0] - xy[owner[ring], 0], coords[:, 1] - xy[owner[ring], 1])
    outer = np.zeros(len(shapes))
    np.maximum.at(outer, owner[ring], corner)
    margin = _TOLERANCE * (1 + outer)
    return _Obstacles(array, tuple(names), tuple(kinds), shapely.STRtree(array), coords[:-1][same], coords[1:][same],
                      first_edge, xy, np.maximum(inner - margin, 0.0) ** 2, (outer + margin) ** 2)


def _blocked(obstacles: _Obstacles, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """(lines, obstacles) booleans: line i passes through obstacle k's inside (touching is not enough).

    The (line, obstacle) pairs whose bounding boxes meet are decided with NumPy where that is certain:
    a line passing through a disc inside the obstacle is blocked, one missing a disc around it is not
    (most pairs, round spaces above all); of the rest, a line that properly crosses an edge enters the
    inside, and one that meets no edge at all is inside exactly when its midpoint is.  The rest (a line through a corner, along an edge, ending on one) is
    asked of shapely (``intersects`` and not ``touches``)."""
    result = np.zeros((len(starts), len(obstacles.names)), dtype=bool)
    if obstacles.tree is None or not len(starts):
        return result
    line_bounds = np.hstack([np.minimum(starts, ends), np.maximum(starts, ends)])
    line_idx, k = obstacles.tree.query(shapely.box(*line_bounds.T))
    if not len(line_idx):
        return result
    dist2 = _point_segment_dist2(starts[line_idx], ends[line_idx], obstacles.centre[k])
    through = dist2 < obstacles.inner2[k]
    result[line_idx[through], k[through]] = True
    near = (dist2 <= obstacles.outer2[k]) & ~through
    line_idx, k = line_idx[near], k[near]
    if not len(line_idx):
        return result
    counts = obstacles.first_edge[k + 1] - obstacles.first_edge[k]
    pair = np.repeat(np.arange(len(k)), counts)
    edge = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts) + obstacles.first_edge[k][pair]
    p, q = starts[line_idx][pair], ends[line_idx][pair]
    e0, e1 = obstacles.edge_start[edge], obstacles.edge_end[edge]
    ex, d = e1 - e0, q - p
    edge_length, line_length = np.hypot(ex[:, 0], ex[:, 1]), np.hypot(d[:, 0], d[:, 1])
    tol_edge = _TOLERANCE * edge_length * (1 + line_length)
    tol_line = _TOLERANCE * line_length * (1 + edge_length)
    o1 = ex[:, 0] * (p[:, 1] - e0[:, 1]) - ex[:, 1] * (p[:, 0] - e0[:, 0])
    o2 = ex[:, 0] * (q[:, 1] - e0[:, 1]) - ex[:, 1] * (q[:, 0] - e0[:, 0])
    o3 = d[:, 0] * (e0[:, 1] - p[:, 1]) - d[:, 1] * (e0[:, 0] - p[:, 0])
    o4 = d[:, 0] * (e1[:, 1] - p[:, 1]) - d[:, 1] * (e1[:, 0] - p[:, 0])
    pos1, neg1, pos2, neg2 = o1 > tol_edge, o1 < -tol_edge, o2 > tol_edge, o2 < -tol_edge
    pos3, neg3, pos4, neg4 = o3 > tol_line, o3 < -tol_line, o4 > tol_line, o4 < -tol_line
    proper = ((pos1 & neg2) | (neg1 & pos2)) & ((pos3 & neg4) | (neg3 & pos4))
    apart = (pos1 & pos2) | (neg1 & neg2) | (pos3 & pos4) | (neg3 & neg4)
    offsets = np.cumsum(counts) - counts
    crosses = np.logical_or.reduceat(proper, offsets)
    unsure = np.logical_or.reduceat(~proper & ~apart, offsets) & ~crosses
    inside = crosses.copy()
    clear_of_edges = np.flatnonzero(~crosses & ~unsure)
    if len(clear_of_edges):  # wholly inside or wholly outside: ask the midpoint
        mid = (starts[line_idx[clear_of_edges]] + ends[line_idx[clear_of_edges]]) / 2
        inside[clear_of_edges] = shapely.contains_xy(obstacles.shapes[k[clear_of_edges]], mid[:, 0], mid[:, 1])
    ask = np.flatnonzero(unsure)
    if len(ask):
        lines = shapely.linestrings(np.stack([starts[line_idx[ask]], ends[line_idx[ask]]], axis=1))
        shapes = obstacles.shapes[k[ask]]
        inside[ask] = shapely.intersects(shapes, lines) & ~shapely.touches(shapes, lines)
    result[line_idx[inside], k[inside]] = True
    return result


def _point_segment_dist2(p: np.ndarray, q: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Squared distances from the points ``c`` to the segments ``p``-``q`` (row by row)."""
    d = q - p
    length2 = np.einsum("ij,ij->i", d, d)
    t = np.clip(np.einsum("ij,ij->i", c - p, d) / np.where(length2 > 0, length2, 1.0), 0.0, 1.0)
    closest = p + t[:, None] * d
    return np.einsum("ij,ij->i", c - closest, c - closest)


def _blocked_exact(obstacles: _Obstacles, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The same as :func:`_blocked`, every pair asked of shapely (the reference it is tested against)."""
    result = np.zeros((len(starts), len(obstacles.names)), dtype=bool)
    if obstacles.tree is None or not len(starts):
        return result
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    line_idx, k = obstacles.tree.query(lines, predicate="intersects")
    if len(line_idx):
        inside = ~shapely.touches(obstacles.shapes[k], lines[line_idx])
        result[line_idx[inside], k[inside]] = True
    return result


# ---------------------------------------------------------------------------------------------
# The two methods
# ---------------------------------------------------------------------------------------------
def _corners_degree(walls: int, anything: int) -> int:
    """Corners method: 4 lines by walls -> voll, 3 -> dreiviertel, any line blocked -> halb."""
    if walls == 4:
        return 3
    if walls == 3:
        return 2
    return 1 if anything else 0


def _fraction_degree(walls: int, anything: int, total: int) -> int:
    """Fraction method: all by walls -> voll, >= 3/4 -> dreiviertel, >= 1/2 (with creatures and low walls) -> halb."""
    if walls == total:
        return 3
    if 4 * walls >= 3 * total:
        return 2
    return 1 if 2 * anything >= total else 0


def _best(candidates: list[tuple[int, int, int, int]]) -> int:
    """The index of the least cover (degree, then lines blocked, then by walls), first on ties."""
    return min(range(len(candidates)), key=lambda i: candidates[i][:3])


def deckung(map: BattleMap, attacker: Any, target: Any, *, rulings: Rulings | None = None) -> Deckung:
    """Cover: the degree of cover ``target`` has against ``attacker`` on ``map`` (SRD 5.1 Combat > Cover).

    ``attacker`` and ``target``: tokens on the map or their names (a Token not on the map is measured
    where it stands; the map's token of the same name is then left out).  ``rulings``: the rulings to read
    the cover method from (default: the map's); grid or gridless is always the map's own measuring.
    Returns a :class:`Deckung`: ``grad`` (keine / halb / dreiviertel / voll), ``ac_bonus`` (0, 2, 5, or
    None: cannot be targeted) and why (the lines, what blocks them, the rule)."""
    battle_map = _map(map)
    a, b = _pair(battle_map, attacker, target, ("attacker", "target"))
    used = _rulings(battle_map, rulings)
    ruling = "dnd5e.cover-grid" if battle_map.grid else "dnd5e.cover-gridless"
    method = used[ruling]
    obstacles = _obstacles(battle_map, a, b)
    walls = obstacles.walls
    if method == "corners":
        origins = _grid_points(battle_map, a) if battle_map.grid else _corners(battle_map, a)
        groups = _square_groups(battle_map, b) if battle_map.grid else _corners(battle_map, b)[None]
        per_origin = groups.shape[0] * 4
        ends = np.tile(groups.reshape(-1, 2), (len(origins), 1))
        starts = np.repeat(origins, per_origin, axis=0)
        blocked = _blocked(obstacles, starts, ends).reshape(len(origins) * groups.shape[0], 4, -1)
        by_walls = blocked[:, :, walls].any(axis=2).sum(axis=1)
        by_any = blocked.any(axis=2).sum(axis=1)
        candidates = [(_corners_degree(int(w), int(n)), int(n), int(w), i)
                      for i, (w, n) in enumerate(zip(by_walls, by_any))]
        chosen = _best(candidates)
        origin = origins[chosen // groups.shape[0]]
        lines = blocked[chosen]
        used_ids = (ruling, "dnd5e.cover-obstacles")
    else:
        origins = _centre(a)
        if used["dnd5e.cover-origin"] == "best-point":
            origins = np.vstack([origins, _corners(battle_map, a)])
        points = _samples(battle_map, b)
        starts = np.repeat(origins, len(points), axis=0)
        ends = np.tile(points, (len(origins), 1))
        blocked = _blocked(obstacles, starts, ends).reshape(len(origins), len(points), -1)
        by_walls = blocked[:, :, walls].any(axis=2).sum(axis=1)
        by_any = blocked.any(axis=2).sum(axis=1)
        candidates = [(_fraction_degree(int(w), int(n), len(points)), int(n), int(w), i)
                      for i, (w, n) in enumerate(zip(by_walls, by_any))]
        chosen = _best(candidates)
        origin = origins[chosen]
        lines = blocked[chosen]
        used_ids = (ruling, "dnd5e.cover-origin", "dnd5e.cover-obstacles")
    degree, anything, by_wall, _ = candidates[chosen]
    counts = lines.sum(axis=0)
    blockers = tuple(Blocker(obstacles.names[k], obstacles.kinds[k], int(counts[k]))
                     for k in np.flatnonzero(counts))
    return Deckung(a.name, b.name, DEGREES[degree], method, (float(origin[0]), float(origin[1])), int(lines.shape[0]),
                   by_wall, anything, blockers, used_ids)


def _sight_lines(battle_map: BattleMap, a: Token, b: Token) -> tuple[np.ndarray, np.ndarray]:
    """Every line either creature's cover could be measured by: from the centre and corners (the grid
    points of its squares on the grid) of one space to the 36 cover points and corners of the other, both
    ways (the same set whichever comes first)."""
    def corners(token):
        return _grid_points(battle_map, token) if battle_map.grid else _corners(battle_map, token)

    starts, ends = [], []
    for one, other in ((a, b), (b, a)):
        origins = np.vstack([_centre(one), corners(one)])
        points = np.vstack([corners(other), _samples(battle_map, other)])
        starts.append(np.repeat(origins, len(points), axis=0))
        ends.append(np.tile(points, (len(origins), 1)))
    return np.vstack(starts), np.vstack(ends)


def sicht(map: BattleMap, a: Any, b: Any) -> bool:
    """Line of sight: can ``a`` and ``b`` see each other? (ruling ``dnd5e.line-of-sight``: some line
    from the centre or a corner of one space to a corner or a cover point of the other crosses no wall's
    inside; creatures and low walls do not block sight).  The same both ways; a target out of sight has
    total cover against the attacker (:func:`deckung` draws its lines from these)."""
    battle_map = _map(map)
    first, second = _pair(battle_map, a, b, ("a", "b"))
    obstacles = _obstacles(battle_map, first, second, sight=True)
    if obstacles.tree is None:
        return True
    if not _blocked(obstacles, _centre(first), _centre(second)).any():  # the centres see each other: most pairs
        return True
    starts, ends = _sight_lines(battle_map, first, second)
    return bool((~_blocked(obstacles, starts, ends).any(axis=1)).any())
