"""Movement analysis from the battle map: what a path costs piece by piece, where a creature can get
to this turn, and what the opportunity attacks on a path risk.

Every answer is built on :func:`explorer.dnd5e.movement.move` and its rules, never a second copy:

* :func:`path_cost` is :func:`~explorer.dnd5e.movement.move` shown as a table (a refused move raises
  its :class:`~explorer.core.rules.RuleViolation`);
* :func:`reachable` searches the cheapest way to every place (Dijkstra); the cost of entering a
  place is the rate :func:`~explorer.dnd5e.movement.move` gives it (its terrain rule per sample
  point), walls and foes' spaces block as they block a move, and no move ends in another's space
  (SICH UM ANDERE KREATUREN HERUM BEWEGEN; SRD 5.1 Movement and Position, Difficult Terrain);
* :func:`opportunity_risk` takes the Gelegenheitsangriffe :func:`~explorer.dnd5e.movement.move`
  finds and prices each with :func:`~explorer.dnd5e.odds.attack_odds` (exact Fractions).
"""

from __future__ import annotations

import heapq
import html
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

import numpy as np
import pandas as pd
import shapely
from shapely.geometry import LineString, box

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.dnd5e import refs
from explorer.dnd5e.battlemap import BattleMap, Point2, Token, _quarters, diagonal_step, gap_between
from explorer.dnd5e.creatures import SQUARE
from explorer.dnd5e.movement import EPS, MODES, Budget, Movement, _Walker, allowance, move, speed_of
from explorer.dnd5e.odds import AttackOdds, attack_odds, convolve, wurfmodus

SOURCE = "argument"
MOVE_OPTIONS = ("mode", "stand_up", "dash", "disengage", "jumps", "budget")
"""The keyword arguments of :func:`~explorer.dnd5e.movement.move` the analyses pass on."""
LATTICE = SQUARE / 2
"""Gridless, :func:`reachable` searches a lattice of points this far apart (0.75 m)."""
_KING = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]
_LATTICE_STEPS = [(1, 0), (0, 1), (1, 1), (1, -1), (2, 1), (1, 2), (2, -1), (1, -2)]
"""Half of the 16 lattice directions (king and knight steps); each edge is used both ways."""


# ---------------------------------------------------------------------------------------------
# checking the arguments
# ---------------------------------------------------------------------------------------------
def _check_map(battle_map: Any, name: Any) -> Token:
    if not isinstance(battle_map, BattleMap):
        raise InputError(SOURCE, "battle_map", "a BattleMap", battle_map)
    names = [t.name for t in battle_map.tokens]
    if name not in names:
        raise InputError(SOURCE, "name", "a token on the map: " + ", ".join(names), name)
    return battle_map.token(name)


def _check_options(options: Mapping[str, Any]) -> dict:
    unknown = sorted(set(options) - set(MOVE_OPTIONS))
    if unknown:
        raise InputError(SOURCE, unknown[0], "one of the move options " + ", ".join(MOVE_OPTIONS), options[unknown[0]])
    return dict(options)


def _check_budget(budget: Any, token: Token, dash: bool) -> Budget:
    if budget is None:
        return Budget()
    if not isinstance(budget, Budget):
        raise InputError(SOURCE, "budget", "a Budget (movement already spent this turn)", budget)
    used = budget.used
    if isinstance(used, bool) or not isinstance(used, (int, float, Fraction)) or not 0 <= used <= float("inf"):
        raise InputError(SOURCE, "budget", "a Budget whose used metres are 0 or more", used)
    if isinstance(budget.diagonals, bool) or not isinstance(budget.diagonals, int) or budget.diagonals < 0:
        raise InputError(SOURCE, "budget", "a Budget whose diagonals are a whole number 0 or more", budget.diagonals)
    limit = max(allowance(token, s, dash=dash or budget.dash) for s in ("gehen", "fliegen", "klettern", "schwimmen"))
    if used > limit + EPS:
        raise InputError(SOURCE, "budget", f"a Budget using at most the {float(limit):g} m {token.name} may move "
                         f"this turn", used)
    return budget


def _flag(value: Any, field_name: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(SOURCE, field_name, "True or False", value)
    return value


def _m(value) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".").replace(".", ",") + " m"


def _pt(p) -> str:
    return "(" + "; ".join(f"{float(v):.2f}".rstrip("0").rstrip(".").replace(".", ",") for v in p) + ")"


# ---------------------------------------------------------------------------------------------
# the cost of a path
# ---------------------------------------------------------------------------------------------
_GRUND = {"gehen": "gehen", "kriechen": "kriechen", "klettern": "klettern", "schwimmen": "schwimmen",
          "fliegen": "fliegen", "springen": "Sprung"}


@dataclass(frozen=True)
class PathCost:
    """A path's cost (Kosten eines Weges): the :class:`~explorer.dnd5e.movement.Movement`, one row per
    piece in :attr:`frame` (von, bis, Länge m, Gelände/Grund, Faktor, Kosten m, Regel), the
    :attr:`total` this move spends and the movement :attr:`left` this turn."""

    movement: Movement
    frame: pd.DataFrame
    total: Any
    left: Any
    allowance: Fraction

    @property
    def opportunity_attacks(self):
        return self.movement.opportunity_attacks

    def _repr_html_(self) -> str:
        head = (f"<b>Weg von {html.escape(self.movement.name)}</b>: {_m(self.total)} Bewegung, "
                f"übrig {_m(self.left)} von {_m(self.allowance)}")
        from explorer.core.display import html_table
        return f"<div>{head}{html_table(self.frame, index=False)._repr_html_()}</div>"

    def __repr__(self) -> str:
        return f"PathCost({self.movement.name}: {len(self.frame)} Stücke, {_m(self.total)}, übrig {_m(self.left)})"


def path_cost(battle_map: BattleMap, name: str, path: Any, **options: Any) -> PathCost:
    """What ``path`` (waypoints after the token's position) costs token ``name``, piece by piece:
    :func:`~explorer.dnd5e.movement.move` with ``options`` (mode, stand_up, dash, disengage, jumps,
    budget) laid out as a table.  A move the rules refuse raises its RuleViolation."""
    token = _check_map(battle_map, name)
    options = _check_options(options)
    _check_budget(options.get("budget"), token, bool(options.get("dash")))
    mv = move(battle_map, name, path, **options)
    rows = []
    if mv.stand_up_cost:
        rows.append({"Abschnitt": 0, "von": _pt(mv.start), "bis": _pt(mv.start), "Länge m": 0.0,
                     "Gelände/Grund": "aufstehen (halbe Bewegungsrate)", "Faktor": None,
                     "Kosten m": float(mv.stand_up_cost), "Regel": str(refs.SRD_PRONE)})
    for leg in mv.legs:
        for p in leg.pieces:
            extra = [text for text, _ in p.reasons if not text.startswith(("gehen: 1 m", "fliegend: 1 m"))]
            word = _GRUND.get(p.mode, p.mode)  # the way of moving, unless a reason already names it
            grund = "; ".join(extra if any(word in text for text in extra) else [word] + extra)
            rows.append({"Abschnitt": leg.index + 1, "von": _pt(p.start), "bis": _pt(p.end), "Länge m": float(p.length),
                         "Gelände/Grund": grund, "Faktor": p.rate, "Kosten m": float(p.cost),
                         "Regel": "; ".join(dict.fromkeys(str(rule) for _, rule in p.reasons))})
    frame = pd.DataFrame(rows, columns=["Abschnitt", "von", "bis", "Länge m", "Gelände/Grund", "Faktor", "Kosten m",
                                        "Regel"])
    speed = "fliegen" if options.get("mode") == "fliegen" else "gehen"
    limit = allowance(token, speed, dash=mv.budget.dash)
    used = mv.budget.used
    left = max(limit - used, Fraction(0)) if isinstance(used, Fraction) else max(float(limit) - used, 0.0)
    return PathCost(mv, frame, mv.cost, left, limit)


# ---------------------------------------------------------------------------------------------
# the region within reach this turn
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reachable:
    """Where token ``name`` can end its move this turn and the cheapest movement to each place.

    :attr:`points` maps each place (the token's centre: a square's position on the grid, a lattice
    point gridless) to the metres this move spends to get there (standing up included);
    :attr:`squares` is the same on the grid (None gridless); :attr:`geometry` the region as shapely
    (the squares' union, or gridless the union of the lattice cells, see :func:`reachable`);
    :meth:`cost` and :meth:`path` answer for any point; :attr:`exact` is True on the grid."""

    name: str
    start: Point2
    points: Mapping[tuple, Any]
    paths: Mapping[tuple, tuple]
    allowance: Fraction
    spent_before: Any
    stand_up_cost: Fraction
    grid: bool
    cell: Fraction
    options: Mapping[str, Any] = field(repr=False)

    @property
    def exact(self) -> bool:
        return self.grid

    @property
    def squares(self) -> Mapping[tuple, Any] | None:
        return self.points if self.grid else None

    @property
    def geometry(self):
        half = float(self.cell) / 2
        cells = [box(float(x) - half, float(y) - half, float(x) + half, float(y) + half) for x, y in self.points]
        return shapely.union_all(cells)

    def _place(self, point: Any) -> tuple | None:
        if not isinstance(point, (tuple, list)) or len(point) != 2:
            raise InputError(SOURCE, "point", "a point (x, y) in metres", point)
        try:
            x, y = float(point[0]), float(point[1])
        except (TypeError, ValueError):
            raise InputError(SOURCE, "point", "a point (x, y) in metres", point) from None
        sx, sy = (float(v) for v in self.start)
        step = float(self.cell)
        i, j = round((x - sx) / step), round((y - sy) / step)
        place = (self.start[0] + i * self.cell, self.start[1] + j * self.cell)
        return place if place in self.points else None

    def cost(self, point: Any):
        """The metres this move spends to end at ``point`` (the place whose square or lattice cell
        holds it), or None when it is out of reach."""
        place = self._place(point)
        return None if place is None else self.points[place]

    def path(self, point: Any) -> tuple | None:
        """Waypoints after the start (for :func:`~explorer.dnd5e.movement.move`) of a cheapest way to ``point``."""
        place = self._place(point)
        return None if place is None else self.paths[place]

    @property
    def frame(self) -> pd.DataFrame:
        """One row per place: x, y, Kosten m, übrig m (this turn), Schritte; cheapest first."""
        rows = [{"x": float(p[0]), "y": float(p[1]), "Kosten m": float(c),
                 "übrig m": float(self.allowance) - float(self.spent_before) - float(c), "Schritte": len(self.paths[p])}
                for p, c in self.points.items()]
        return pd.DataFrame(rows, columns=["x", "y", "Kosten m", "übrig m", "Schritte"]).sort_values(
            ["Kosten m", "x", "y"], ignore_index=True)

    def _repr_html_(self) -> str:
        kind = "Felder (exakt)" if self.grid else f"Gitterpunkte im Abstand {_m(self.cell)} (Näherung)"
        head = (f"<b>Erreichbar für {html.escape(self.name)}</b>: {len(self.points)} {kind}, Bewegungsrate "
                f"{_m(self.allowance)}" + (f", Aufstehen {_m(self.stand_up_cost)}" if self.stand_up_cost else "")
                + f" <small>({html.escape(str(refs.SRD_MOVEMENT_AND_POSITION))})</small>")
        from explorer.core.display import details, html_table
        return f"<div>{head}{details('Tabelle', html_table(self.frame, index=False)._repr_html_())}</div>"

    def __repr__(self) -> str:
        return f"Reachable({self.name}: {len(self.points)} {'squares' if self.grid else 'lattice points'})"


def reachable(battle_map: BattleMap, name: str, *, spurt: bool = False, aufstehen: bool = False,
              mode: str = "gehen", budget: Budget | None = None) -> Reachable:
    """The places token ``name`` can end a move this turn, each with its cheapest cost.

    ``spurt``: Spurt (dash) taken, the speed doubled (SPURT); ``aufstehen``: stand up first, for half
    the speed (SRD 5.1 Being Prone; a prone creature that does not stand up crawls); ``mode``:
    "gehen" or "fliegen"; ``budget``: movement already spent this turn. Jumps are not searched.

    On the grid the answer is exact: Dijkstra over the squares, each step costing what
    :func:`~explorer.dnd5e.movement.move` charges for it (1.5 m, diagonals by
    ``dnd5e.grid-diagonals`` with their count carried, times the rate of the square entered; walls
    between centres block; foes' spaces only passed as the rules allow; no end in another's space).

    Gridless the search runs over a lattice of points :data:`LATTICE` apart through the token's
    position, each point joined to 16 neighbours (king and knight steps).  Each edge is costed and
    checked exactly as a leg of :func:`~explorer.dnd5e.movement.move` (cut where it crosses terrain,
    spaces and wall zones, each stretch at its rate), so every lattice point reported is reachable
    by ``move`` along :meth:`Reachable.path` at the reported cost.  Approximated: only lattice points
    and lattice directions are searched, so the true region is somewhat larger (in open terrain a
    lattice path is up to about 3 % longer than the straight line), and :attr:`Reachable.geometry`
    is the union of the lattice cells around the points found -- a picture of the region, not a
    claim for each point in it.  This is a limit of the search, not a rules choice.
    """
    token = _check_map(battle_map, name)
    _flag(spurt, "spurt")
    _flag(aufstehen, "aufstehen")
    if mode not in MODES:
        raise InputError(SOURCE, "mode", "one of " + ", ".join(MODES), mode)
    budget = _check_budget(budget, token, spurt)
    # the start: move() with no waypoints checks standing up and flying while prone, and spends the stand-up
    start = move(battle_map, name, [], mode=mode, stand_up=aufstehen, dash=spurt, budget=budget)
    walker = _Walker(battle_map, token, mode, start.budget)
    walker.crawling = token.prone and not aufstehen
    options = {"mode": mode, "stand_up": aufstehen, "dash": spurt, "budget": budget}
    can_move = speed_of(token, "fliegen" if mode == "fliegen" else "gehen") > 0
    search = _grid_search if battle_map.grid else _lattice_search
    found, paths = search(battle_map, token, walker, start.budget) if can_move else (
        {token.position: start.budget.used}, {token.position: ()})
    before = budget.used
    free = _may_end(walker, found)
    points = {p: used - before for p, used in found.items() if p in free}
    limit = allowance(token, "fliegen" if mode == "fliegen" else "gehen", dash=start.budget.dash)
    return Reachable(name, token.position, points, {p: paths[p] for p in points}, limit, before,
                     start.stand_up_cost, battle_map.grid, SQUARE if battle_map.grid else LATTICE, options)


def _may_end(walker: _Walker, places) -> set:
    """The places not in another creature's space: no move ends there (SICH UM ANDERE KREATUREN HERUM BEWEGEN)."""
    places = list(places)
    xs = np.array([float(p[0]) for p in places])
    ys = np.array([float(p[1]) for p in places])
    inside = np.zeros(len(places), dtype=bool)
    for zone in walker.overlap.values():
        inside |= shapely.contains_xy(zone, xs, ys)
    return {p for p, taken in zip(places, inside) if not taken}


def _limit(walker: _Walker, speed: str):
    return allowance(walker.token, speed, dash=walker.budget.dash)


class _NotQuarters(Exception):
    """A value of the grid search is not a whole number of quarter metres (the Fraction search runs)."""


def _grid_search(m: BattleMap, token: Token, walker: _Walker, budget: Budget):
    """Exact Dijkstra over the squares (:func:`_grid_search_fractions`), counted in whole quarter metres
    when every length, cost and limit is one (:func:`_grid_search_quarters`: the same search)."""
    try:
        return _grid_search_quarters(m, token, walker, budget)
    except _NotQuarters:
        return _grid_search_fractions(m, token, walker, budget)


def _wall_tests(m: BattleMap, half: Fraction) -> dict:
    """The remembered answers of "does the line between the centres of squares a and b touch a wall" on
    map ``m``'s walls for a space of half side ``half``, shared by every search on these walls (they
    never change during an encounter): ``{(a, b): bool}`` (a < b)."""
    walls = m.walls
    key = (id(walls), half)
    found = _WALL_TESTS.get(key)
    if found is None or found[0] is not walls:
        if len(_WALL_TESTS) > 64:
            _WALL_TESTS.clear()
        found = _WALL_TESTS[key] = (walls, {})  # holds the walls: their id stays theirs
    return found[1]


def _walls_union(m: BattleMap):
    """The union of the map's walls, prepared (None without walls), built once per tuple of walls."""
    walls = m.walls
    if not walls:
        return None
    found = _UNIONS.get(id(walls))
    if found is None or found[0] is not walls:
        if len(_UNIONS) > 64:
            _UNIONS.clear()
        union = shapely.union_all([w.shape for w in walls])
        shapely.prepare(union)
        found = _UNIONS[id(walls)] = (walls, union)
    return found[1]


_WALL_TESTS: dict = {}
_UNIONS: dict = {}


def _grid_search_quarters(m: BattleMap, token: Token, walker: _Walker, budget: Budget):
    """:func:`_grid_search_fractions` with every length, cost and limit in whole quarter metres (a square
    is 6): the same comparisons in integers, so the same heap order, the same paths and the same costs
    (given back as Fractions); _NotQuarters if a value is not a whole number of quarters."""
    hq, used0 = _in_quarters(m.half_side(token)), _in_quarters(budget.used)
    diagonal = [_in_quarters(diagonal_step(n, m.rulings)) for n in (1, 2)]  # the par-th + 1 diagonal: n = par + 1
    places: dict = {}

    def at(i, j):
        found = places.get((i, j))
        if found is None:
            found = places[(i, j)] = (Fraction(hq + 6 * i, 4), Fraction(hq + 6 * j, 4))  # half + i * SQUARE
        return found

    enter = _entering(walker, at, _in_quarters)
    found, paths = _grid_dijkstra(m, token, budget, at, enter, used0, 6, diagonal)
    return {p: Fraction(used, 4) for p, used in found.items()}, paths


def _grid_search_fractions(m: BattleMap, token: Token, walker: _Walker, budget: Budget):
    """Exact Dijkstra over the squares, in Fractions of metres (:func:`_grid_dijkstra`)."""
    half = m.half_side(token)

    def at(i, j):
        return (half + i * SQUARE, half + j * SQUARE)

    diagonal = [diagonal_step(n, m.rulings) for n in (1, 2)]  # the par-th + 1 diagonal: n = par + 1
    return _grid_dijkstra(m, token, budget, at, _entering(walker, at, None), budget.used, SQUARE, diagonal)


def _in_quarters(value) -> int:
    """``value`` (metres) in whole quarter metres; _NotQuarters if it is not a whole number of them."""
    quarters = _quarters(value)
    if quarters is None:
        raise _NotQuarters
    return quarters


def _entering(walker: _Walker, at, unit):
    """``enter(i, j)`` for :func:`_grid_dijkstra`: (rate, limit) of entering square (i, j) (centre ``at(i, j)``),
    the limit in the search's unit (``unit(metres)``; None: in metres), or None where move() refuses to go;
    each square worked out once."""
    entry: dict = {}

    def enter(i, j):
        if (i, j) not in entry:
            p = at(i, j)
            try:
                piece = walker._piece(p, p, SQUARE, p)
            except RuleViolation:
                entry[(i, j)] = None
            else:
                limit = _limit(walker, piece.speed)
                entry[(i, j)] = (piece.rate, limit if unit is None else unit(limit))
        return entry[(i, j)]

    return enter


def _grid_dijkstra(m: BattleMap, token: Token, budget: Budget, at, enter, used0, square, diagonal):
    """The Dijkstra over the squares both grid searches run, in their unit: ``square`` a straight step and
    ``diagonal[par]`` a diagonal one after ``par`` (mod 2) diagonals, ``used0`` the movement spent so far,
    ``enter(i, j)`` (rate, limit) of entering square (i, j) or None, ``at(i, j)`` its centre.  The state
    carries the parity of the diagonals under ``alternate-1.5-3`` (the next diagonal's price depends on
    it).  Gives ``({centre: cheapest cost}, {centre: the path's centres})``."""
    half = m.half_side(token)
    nx, ny = (int((side - 2 * half) / SQUARE) + 1 for side in (m.width, m.height))
    si, sj = (int((v - half) / SQUARE) for v in token.position)
    alternate = m.rulings["dnd5e.grid-diagonals"] == "alternate-1.5-3"
    walls = _walls_union(m)
    blocked = _wall_tests(m, half)

    def wall_between(a, b):
        key = (a, b) if a < b else (b, a)
        found = blocked.get(key)
        if found is None:
            pa, pb = at(*a), at(*b)
            found = blocked[key] = walls is not None and walls.intersects(
                LineString([(float(pa[0]), float(pa[1])), (float(pb[0]), float(pb[1]))]))
        return found

    parity0 = budget.diagonals % 2 if alternate else 0
    first = (si, sj, parity0)
    best = {first: used0}
    prev: dict = {}
    heap = [(used0, si, sj, parity0)]
    while heap:
        used, i, j, par = heapq.heappop(heap)
        if used > best[(i, j, par)]:
            continue
        for di, dj in _KING:
            ni, nj = i + di, j + dj
            if not (0 <= ni < nx and 0 <= nj < ny):
                continue
            info = enter(ni, nj)
            if info is None or wall_between((i, j), (ni, nj)):
                continue
            rate, limit = info
            if di and dj:
                length = diagonal[par]
                npar = (par + 1) % 2 if alternate else 0
            else:
                length, npar = square, par
            new = used + length * rate
            if new > limit:
                continue
            state = (ni, nj, npar)
            if new < best.get(state, new + 1):
                best[state] = new
                prev[state] = (i, j, par)
                heapq.heappush(heap, (new, ni, nj, npar))
    found, paths = {}, {}
    for state, used in best.items():
        p = at(state[0], state[1])
        if p not in found or used < found[p]:
            found[p] = used
            chain, s = [], state
            while s != first:
                chain.append(at(s[0], s[1]))
                s = prev[s]
            paths[p] = tuple(reversed(chain))
    return found, paths


def _lattice_search(m: BattleMap, token: Token, walker: _Walker, budget: Budget):
    """Dijkstra over the lattice; edges costed and checked as move() costs a leg (see :func:`reachable`)."""
    half = float(m.half_side(token))
    x0, y0 = (float(v) for v in token.position)
    h = float(LATTICE)
    lo_i, hi_i = math.ceil((half - x0) / h - 1e-9), math.floor((float(m.width) - half - x0) / h + 1e-9)
    lo_j, hi_j = math.ceil((half - y0) / h - 1e-9), math.floor((float(m.height) - half - y0) / h + 1e-9)
    ni, nj = hi_i - lo_i + 1, hi_j - lo_j + 1
    ii, jj = np.meshgrid(np.arange(lo_i, hi_i + 1), np.arange(lo_j, hi_j + 1), indexing="ij")
    ii, jj = ii.ravel(), jj.ravel()
    xs, ys = x0 + ii * h, y0 + jj * h
    # edges (both directions later): start k to end k2, for each half of the 16 directions
    grid = np.arange(ni * nj).reshape(ni, nj)
    starts, ends = [], []
    for di, dj in _LATTICE_STEPS:
        a = grid[max(0, -di):ni - max(0, di), max(0, -dj):nj - max(0, dj)]
        b = grid[max(0, di):ni + min(0, di), max(0, dj):nj + min(0, dj)]
        starts.append(a.ravel())
        ends.append(b.ravel())
    starts, ends = np.concatenate(starts), np.concatenate(ends)
    coords = np.stack([np.stack([xs[starts], ys[starts]], axis=1), np.stack([xs[ends], ys[ends]], axis=1)], axis=1)
    lines = shapely.linestrings(coords)
    lengths = np.hypot(xs[ends] - xs[starts], ys[ends] - ys[starts])
    ok = np.ones(len(lines), dtype=bool)
    if m.walls:  # the centre's line may not touch a wall (move's _check_walls)
        ok &= ~shapely.intersects(lines, shapely.union_all([w.shape for w in m.walls]))
    # the features whose containment sets a point's rate (areas by intersects, zones by contains)
    features = [(a.shape, True) for a in m.areas] + [(z, False) for z in walker.overlap.values()] + \
               [(z, False) for _, z in walker.wall_zones]
    rates: dict = {}

    def signature(px, py):
        cols = [shapely.intersects_xy(g, px, py) if touch else shapely.contains_xy(g, px, py) for g, touch in features]
        return np.stack(cols, axis=1) if cols else np.zeros((len(px), 0), dtype=bool)

    def rate_of(sig_row, px, py):
        key = tuple(bool(v) for v in sig_row)
        if key not in rates:
            p = (px, py)
            try:
                piece = walker._piece(p, p, 0.0, p)
                rates[key] = (piece.rate, float(_limit(walker, piece.speed)))
            except RuleViolation:
                rates[key] = None
        return rates[key]

    crossing = np.zeros(len(lines), dtype=bool)
    cuts: list[list[float]] = [[0.0, 1.0] for _ in range(len(lines))]
    for shape, _ in features:
        hit = ok & shapely.intersects(lines, shape.boundary)
        where = np.nonzero(hit)[0]
        if not len(where):
            continue
        crossing |= hit
        pts, owner = shapely.get_coordinates(shapely.intersection(lines[where], shape.boundary), return_index=True)
        if len(pts):
            ts = shapely.line_locate_point(lines[where[owner]], shapely.points(pts), normalized=True)
            for e, t in zip(where[owner], ts):
                cuts[e].append(float(t))
    # uniform edges: the rate at the start point holds along the whole edge
    sig_points = signature(xs, ys)
    cost = np.full(len(lines), np.inf)
    slack = np.full(len(lines), -np.inf)  # the most movement used before the edge that still allows it
    point_rate, point_limit = np.full(len(xs), np.inf), np.full(len(xs), -np.inf)
    for k in range(len(xs)):
        info = rate_of(sig_points[k], xs[k], ys[k])
        if info is not None:
            point_rate[k], point_limit[k] = info
    uniform = ok & ~crossing & np.isfinite(point_rate[starts])
    cost[uniform] = lengths[uniform] * point_rate[starts[uniform]]
    slack[uniform] = point_limit[starts[uniform]] - cost[uniform]
    # crossing edges: cut at every boundary, each stretch at the rate of its midpoint (as move() does)
    reverse = slack.copy()  # uniform edges: one rate, one limit, the same both ways
    cross = np.nonzero(ok & crossing)[0]
    if len(cross):
        spans = []
        for e in cross:
            ts = sorted(set(min(1.0, max(0.0, t)) for t in cuts[e]))
            spans.append([(t0, t1) for t0, t1 in zip(ts, ts[1:]) if (t1 - t0) * lengths[e] > EPS])
        owner = np.array([e for e, s in zip(cross, spans) for _ in s], dtype=int)
        mids = np.array([(t0 + t1) / 2 for s in spans for t0, t1 in s])
        mx = xs[starts[owner]] + mids * (xs[ends[owner]] - xs[starts[owner]])
        my = ys[starts[owner]] + mids * (ys[ends[owner]] - ys[starts[owner]])
        sigs = signature(mx, my)
        first = 0
        for e, span in zip(cross, spans):
            stretches = []  # (metres of movement, limit of its speed) in order
            for row, (t0, t1) in enumerate(span, start=first):
                info = rate_of(sigs[row], mx[row], my[row])
                if info is None:
                    break
                stretches.append(((t1 - t0) * lengths[e] * info[0], info[1]))
            first += len(span)
            if len(stretches) == len(span):
                cost[e] = sum(c for c, _ in stretches)
                slack[e] = _room(stretches)
                reverse[e] = _room(stretches[::-1])  # the same stretches walked back
    adjacency: list[list[tuple[int, float, float]]] = [[] for _ in range(len(xs))]
    for e in np.nonzero(np.isfinite(cost))[0]:
        adjacency[starts[e]].append((int(ends[e]), float(cost[e]), float(slack[e])))
        adjacency[ends[e]].append((int(starts[e]), float(cost[e]), float(reverse[e])))
    origin = int(grid[-lo_i, -lo_j])
    used0 = float(budget.used)
    best = {origin: used0}
    prev: dict = {}
    heap = [(used0, origin)]
    while heap:
        used, k = heapq.heappop(heap)
        if used > best[k]:
            continue
        for k2, c, room in adjacency[k]:
            if used > room + EPS:
                continue
            new = used + c
            if new < best.get(k2, math.inf):
                best[k2] = new
                prev[k2] = k
                heapq.heappush(heap, (new, k2))
    place = {k: (token.position[0] + int(ii[k]) * LATTICE, token.position[1] + int(jj[k]) * LATTICE) for k in best}
    found, paths = {}, {origin: ()}
    for k in sorted(best, key=best.get):  # a point's predecessor is cheaper, so its path is known already
        found[place[k]] = best[k]
        if k != origin:
            paths[k] = paths[prev[k]] + (place[k],)
    return found, {place[k]: path for k, path in paths.items()}


def _room(stretches) -> float:
    """The most movement used before a walk of these stretches that keeps each within its speed's limit."""
    total, room = 0.0, math.inf
    for spent, limit in stretches:
        total += spent
        room = min(room, limit - total)
    return room


# ---------------------------------------------------------------------------------------------
# opportunity attacks: where, and what they risk
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RiskedAttack:
    """One Gelegenheitsangriff on the path: who, where (leg, point), the attack used and its exact odds."""

    attacker: str
    at: tuple
    leg: int
    waffe: str
    odds: AttackOdds


@dataclass(frozen=True)
class OpportunityRisk:
    """The opportunity attacks a path provokes and what they risk: per attack the exact odds
    (:attr:`attacks`), the :attr:`expected_damage` of all of them, the exact distribution of their
    total (:attr:`damage_distribution`, the convolution) and :attr:`p_drop`, the chance the total
    reaches the mover's hit points (SRD 5.1 Dropping to 0 Hit Points)."""

    name: str
    movement: Movement
    attacks: tuple[RiskedAttack, ...]
    hit_points: int
    damage_distribution: Mapping[int, Fraction]
    not_attacking: tuple[tuple[str, str], ...] = ()

    @property
    def expected_damage(self) -> Fraction:
        return sum((a.odds.expected_damage for a in self.attacks), Fraction(0))

    @property
    def p_drop(self) -> Fraction:
        return sum((p for d, p in self.damage_distribution.items() if d >= self.hit_points), Fraction(0))

    @property
    def frame(self) -> pd.DataFrame:
        """One row per attack: Angreifer, bei, Abschnitt, Waffe, Angriffsbonus, RK, Wurfmodus,
        P(Treffer), P(kritisch), erwarteter Schaden, Regel."""
        rows = [{"Angreifer": a.attacker, "bei": _pt(a.at), "Abschnitt": a.leg + 1, "Waffe": a.waffe,
                 "Angriffsbonus": a.odds.attack_bonus, "RK": a.odds.ac, "Wurfmodus": a.odds.mode.mode,
                 "P(Treffer)": float(a.odds.p_treffer), "P(kritisch)": float(a.odds.p_crit),
                 "erwarteter Schaden": float(a.odds.expected_damage), "Regel": str(refs.SRD_OPPORTUNITY_ATTACKS)}
                for a in self.attacks]
        return pd.DataFrame(rows, columns=["Angreifer", "bei", "Abschnitt", "Waffe", "Angriffsbonus", "RK", "Wurfmodus",
                                           "P(Treffer)", "P(kritisch)", "erwarteter Schaden", "Regel"])

    def _repr_html_(self) -> str:
        damage, drop = (f"{float(v):.{d}f}".replace(".", ",") for v, d in ((self.expected_damage, 3), (self.p_drop, 4)))
        head = (f"<b>Gelegenheitsangriffe auf {html.escape(self.name)}</b>: {len(self.attacks)}, erwarteter Schaden "
                f"{damage}, P(0 TP bei {self.hit_points} TP) = {drop}")  # German decimals, as the table's
        if self.movement.budget.disengage:
            head += f" (Rückzug: keine, {html.escape(str(refs.RUECKZUG))})"
        skipped = "".join(f"<br><small>{html.escape(n)}: {html.escape(why)}</small>" for n, why in self.not_attacking)
        from explorer.core.display import html_table
        rule = (f"<br><small>Regel: {html.escape(str(refs.SRD_OPPORTUNITY_ATTACKS))}</small>" if self.attacks else "")
        return f"<div>{head}{skipped}{html_table(self.shown, index=False)._repr_html_()}{rule}</div>"

    @property
    def shown(self) -> pd.DataFrame:
        """:attr:`frame` as the table shows it, narrow enough for a 590 px output area: the attack in
        one column (weapon, bonus, AC, the roll's mode when it is not normal), chances in percent, the
        rule -- the same for every row -- once below the table instead of in a column."""
        def attack(a) -> str:
            mode = "" if a.odds.mode.mode == "normal" else f", {a.odds.mode.word}"
            return f"{a.waffe} {a.odds.attack_bonus:+d} gegen RK {a.odds.ac}{mode}"

        def percent(p) -> str:
            return f"{100 * float(p):.1f}".replace(".", ",") + " %"

        rows = [{"Angreifer": a.attacker, "bei (Abschnitt)": f"{_pt(a.at)} ({a.leg + 1})", "Angriff": attack(a),
                 "P(Treffer)": percent(a.odds.p_treffer), "P(kritisch)": percent(a.odds.p_crit),
                 "Schaden (erwartet)": f"{float(a.odds.expected_damage):.3f}".replace(".", ",")}
                for a in self.attacks]
        return pd.DataFrame(rows, columns=["Angreifer", "bei (Abschnitt)", "Angriff", "P(Treffer)", "P(kritisch)",
                                           "Schaden (erwartet)"])

    def __repr__(self) -> str:
        return (f"OpportunityRisk({self.name}: {len(self.attacks)} attacks, expected_damage={self.expected_damage}, "
                f"p_drop={self.p_drop})")


def opportunity_risk(state_or_map: Any, name: str, path: Any, *, profiles: Mapping[str, Any] | None = None,
                     hp: int | None = None, **options: Any) -> OpportunityRisk:
    """The Gelegenheitsangriffe ``path`` provokes (:func:`~explorer.dnd5e.movement.move` with the
    move ``options``; RÜCKZUG, ``disengage=True``, prevents them all) and what they risk.

    ``state_or_map``: an :class:`~explorer.dnd5e.game.EncounterState` (its map, profiles, hit points,
    the acting creature's budget, reactions already used, Ausweichen) or a
    :class:`~explorer.dnd5e.battlemap.BattleMap` with ``profiles`` (token name ->
    :class:`~explorer.dnd5e.encounter.Kampfwerte`) and ``hp`` (default: the creature's maximum).
    Each attacker uses its melee attack (SRD 5.1 Opportunity Attacks: "one melee attack") with the
    highest expected damage against the mover's RK.  Roll modes from the sources known here: the
    mover liegend (prone: Vorteil within 1.5 m, else Nachteil), the attacker liegend (Nachteil),
    the mover's Ausweichen (Nachteil; state only) -- SRD 5.1 Appendix PH-A Prone, AUSWEICHEN.
    ``p_drop`` is exact: the mover drops once the damage so far reaches its hit points, so whether
    it drops is whether the total of all the attacks would reach them."""
    from explorer.dnd5e.game import EncounterState

    state = state_or_map if isinstance(state_or_map, EncounterState) else None
    battle_map = state.battle_map if state is not None else state_or_map
    if state is None and not isinstance(battle_map, BattleMap):
        raise InputError(SOURCE, "state_or_map", "an EncounterState or a BattleMap", state_or_map)
    token = _check_map(battle_map, name)
    options = _check_options(options)
    if state is not None:
        profiles = state.profiles if profiles is None else profiles
        hp = state.hp(name) if hp is None else hp
        if "budget" not in options and name == state.acting:
            options["budget"] = state.budget
    if not isinstance(profiles, Mapping):
        raise InputError(SOURCE, "profiles", "a mapping of token names to Kampfwerte", profiles)
    hp = token.creature.hit_points if hp is None else hp
    if isinstance(hp, bool) or not isinstance(hp, int) or not 0 <= hp <= 10_000:
        raise InputError(SOURCE, "hp", "a whole number of hit points from 0 to 10000", hp)
    _check_budget(options.get("budget"), token, bool(options.get("dash")))
    mv = move(battle_map, name, path, **options)
    mover_prone = mv.prone_at_end  # a prone mover that does not stand up crawls all the way
    dodging = state is not None and any(e[0] == "ausweichen" and e[1] == name for e in state.effects())
    attacks, skipped = [], []
    for oa in mv.opportunity_attacks:
        attacker = battle_map.token(oa.attacker)
        if state is not None and (state.reaction_used(oa.attacker) or not state.in_fight(oa.attacker)):
            skipped.append((oa.attacker, "keine Reaktion übrig oder nicht kampffähig (SRD 5.1 Reactions)"))
            continue
        if oa.attacker not in profiles:
            raise InputError(SOURCE, "profiles", f"Kampfwerte for {oa.attacker}", sorted(profiles))
        melee = [a for a in profiles[oa.attacker].angriffe if a.weapon.nahkampf]
        if not melee:
            skipped.append((oa.attacker, "kein Nahkampfangriff"))
            continue
        pros, cons = [], []
        if mover_prone:
            at = tuple(Fraction(v) for v in oa.at)
            close = gap_between(battle_map, attacker, attacker.position, token, at) <= SQUARE
            (pros if close else cons).append("Ziel liegt" + (" (innerhalb 1,5 m)" if close else " (weiter als 1,5 m)"))
        if attacker.prone:
            cons.append("Angreifer liegt")
        if dodging:
            cons.append(f"{name} weicht aus")
        mode = wurfmodus(pros, cons)
        ac = token.creature.armour_class
        priced = [(attack_odds(a.bonus, ac, a.damage, mode=mode, name=f"{oa.attacker}: {a.waffe}"), a) for a in melee]
        odds, best = max(priced, key=lambda pair: pair[0].expected_damage)
        attacks.append(RiskedAttack(oa.attacker, oa.at, oa.leg, best.waffe, odds))
    return OpportunityRisk(name, mv, tuple(attacks), hp, _convolve([a.odds for a in attacks]), tuple(skipped))


def _convolve(odds: list[AttackOdds]) -> dict[int, Fraction]:
    """The exact distribution of the total damage of independent attacks (:func:`odds.convolve`, with
    no bound on their number: a path provokes at most one attack per foe)."""
    weights, denominator = convolve(odds)
    return {d: Fraction(w, denominator) for d, w in weights}


__all__ = ["LATTICE", "MOVE_OPTIONS", "OpportunityRisk", "PathCost", "Reachable", "RiskedAttack", "opportunity_risk",
           "path_cost", "reachable"]
