"""The fast paths of the battle map and the movement agree with the exact computations they replace
(hypothesis, random maps), so the speed-ups (issue 12) change no result:

* grid distance and reach in whole quarter metres == the Fraction formula (ruling dnd5e.measuring = "grid",
  dnd5e.grid-diagonals; SRD 5.1 "Combat > Movement and Position", "Combat > Making an Attack > Melee Attacks");
* the shared, prepared overlap and reach zones == zones built afresh, also after a token moved
  (dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN"; SRD 5.1 Opportunity Attacks);
* the remembered squares of a grid leg, wall tests and read positions == computed anew; the straight
  candidate moves counted in integers == the Fraction ones;
* a move computed with warm caches == the same move with every cache emptied.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace

import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, box

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import battlemap as bm
from explorer.dnd5e import movement as mv
from explorer.dnd5e.battlemap import Area, BattleMap, Token, Wall, point, squares_length
from explorer.dnd5e.creatures import SIZES, SQUARE, Creature, Speeds, metres

SETTINGS = settings(max_examples=80, deadline=None, database=None, suppress_health_check=list(HealthCheck))
DIAGONALS = ("every-1.5", "alternate-1.5-3")
SIDE = 30


def _creature(size: str, reach: Fraction = Fraction(3, 2)) -> Creature:
    return Creature(f"Wesen ({size})", size=size, speeds=Speeds(gehen=60), reach=reach)


def _empty_caches() -> None:
    for cache in (bm._HALF_SIDES, bm._TOTALS, bm._POINTS, bm._ZONES, bm._TOKEN_ZONES, bm._WALL_ZONES, bm._LENGTHS,
                  bm._GAPS, bm._PAIRS, bm._BY_NAME, mv._SQUARES, mv._TOUCHES, mv._CONTEXTS):
        cache.clear()


def _exact_grid_distance(m: BattleMap, a: Token, a_at, b: Token, b_at) -> Fraction:
    """The formula the grid distance had before its integer fast path."""
    total = m.half_side(a) + m.half_side(b)
    steps = [max(Fraction(0), (abs(p - q) - total) / SQUARE + 1) for p, q in zip(a_at, b_at)]
    return squares_length(int(max(steps)), int(min(steps)), m.rulings)


def _fresh_zone(m: BattleMap, fixed: Token, mover: Token, reach) -> shapely.Geometry:
    """The zone as it was built before the cache (not prepared, not shared)."""
    x, y = (float(v) for v in fixed.position)
    total = float(m.half_side(fixed) + m.half_side(mover))
    if m.round_spaces:
        return Point(x, y).buffer(total + float(reach), quad_segs=bm.CIRCLE_SEGMENTS)
    square = box(x - total, y - total, x + total, y + total)
    return square.buffer(float(reach), quad_segs=bm.CIRCLE_SEGMENTS) if reach else square


size = st.sampled_from(SIZES)
quarter = st.integers(min_value=-40, max_value=160).map(lambda q: Fraction(q, 4))
any_metres = st.one_of(quarter, st.fractions(min_value=-10, max_value=40, max_denominator=12))
reach = st.sampled_from([Fraction(3, 2), Fraction(3), Fraction(9, 2)])


@SETTINGS
@given(size, size, st.tuples(any_metres, any_metres), st.tuples(any_metres, any_metres), st.sampled_from(DIAGONALS))
def test_grid_distance_in_quarters_is_the_fraction_formula(size_a, size_b, a_at, b_at, diagonals):
    """Ruling dnd5e.grid-diagonals, SRD 5.1 "Combat > Movement and Position": the squares from one space
    to the nearest square of the other, counted in integers, equal the exact Fraction count, for
    whole quarter metres (the fast path) and any other exact values (the Fraction path)."""
    m = BattleMap(SIDE, SIDE, rulings=Rulings().switch(**{"dnd5e.grid-diagonals": diagonals}))
    a = Token("A", _creature(size_a), (15, 15), "x")
    b = Token("B", _creature(size_b), (15, 15), "y")
    got = m.grid_distance(a, a_at, b, b_at)
    assert got == _exact_grid_distance(m, a, a_at, b, b_at) and isinstance(got, Fraction)
    assert m.grid_distance(a, a_at, b, b_at) == got  # remembered: the same again


@SETTINGS
@given(size, size, reach, st.tuples(quarter, quarter), st.tuples(quarter, quarter),
       st.sampled_from(["grid", "gridless"]), st.sampled_from(["square", "circle"]))
def test_in_reach_with_shared_zones_is_the_exact_reach(size_a, size_b, attack_reach, a_at, at, measuring, shape):
    """SRD 5.1 "Combat > Making an Attack > Melee Attacks" (reach) and "Opportunity Attacks": whether
    the mover at ``at`` is within the attacker's reach is the same with the shared, prepared reach
    zone (gridless) or the integer grid distance (grid), and by the reach test a move's path uses,
    as with a zone built afresh or the Fraction formula."""
    rulings = Rulings().switch(**{"dnd5e.measuring": measuring, "dnd5e.space-shape": shape})
    m = BattleMap(SIDE, SIDE, rulings=rulings)
    attacker = Token("A", _creature(size_a, attack_reach), a_at, "x")
    mover = Token("B", _creature(size_b), (15, 15), "y")
    if m.grid:
        expected = _exact_grid_distance(m, attacker, attacker.position, mover, at) <= attack_reach
    else:
        zone = _fresh_zone(m, attacker, mover, attack_reach)
        expected = bool(shapely.intersects_xy(zone, float(at[0]), float(at[1])))
    assert m.in_reach(attacker, mover, at) == expected
    assert m.in_reach(attacker, mover, at) == expected
    assert m.reach_test(attacker, mover)(at) == expected  # the test for a whole path, read once


@SETTINGS
@given(size, size, st.tuples(quarter, quarter), st.tuples(quarter, quarter), st.tuples(quarter, quarter),
       st.sampled_from(["grid", "gridless"]), st.sampled_from(["square", "circle"]))
def test_overlap_zones_follow_a_moved_token(size_a, size_b, first, second, at, measuring, shape):
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN" (no move ends in another
    creature's space): the shared overlap zone of a token equals one built afresh, before and after
    the token moves (a new token, or a copy given a new position the way the game places a mover),
    so a remembered zone never outlives its place."""
    rulings = Rulings().switch(**{"dnd5e.measuring": measuring, "dnd5e.space-shape": shape})
    m = BattleMap(SIDE, SIDE, rulings=rulings)
    other = Token("A", _creature(size_a), first, "x")
    mover = Token("B", _creature(size_b), (15, 15), "y")
    copied = copy.copy(other)
    object.__setattr__(copied, "position", second)
    x, y = float(at[0]), float(at[1])
    for token in (other, replace(other, position=second), copied, other):
        fresh = _fresh_zone(m, token, mover, 0)
        zone = m.overlap_zone(token, mover)
        assert zone.equals(fresh)
        assert bool(shapely.contains_xy(zone, x, y)) == bool(shapely.contains_xy(fresh, x, y))


gridpoint = st.integers(min_value=0, max_value=19).map(lambda i: Fraction(3, 4) + SQUARE * i)


@SETTINGS
@given(st.tuples(gridpoint, gridpoint), st.tuples(gridpoint, gridpoint))
def test_remembered_grid_squares_are_the_rounded_line(start, end):
    """Ruling dnd5e.measuring = "grid": a leg goes square by square, the squares nearest the straight
    line (rounded half away from zero); the remembered, integer-rounded squares equal the Fraction
    rounding, the first time and again."""
    di, dj = ((e - s) / SQUARE for s, e in zip(start, end))
    n = int(max(abs(di), abs(dj)))
    expected, here = [], start
    for k in range(1, n + 1):
        there = (start[0] + mv._round(di * k / n) * SQUARE, start[1] + mv._round(dj * k / n) * SQUARE)
        expected.append((here, there, there[0] != here[0] and there[1] != here[1]))
        here = there
    for _ in range(2):
        got = mv._squares(start, end)
        assert [(a, b, d) for a, b, d, _ in got] == expected
        assert all(ends == tuple(float(v) for v in (*a, *b)) for a, b, _, ends in got)


@SETTINGS
@given(st.tuples(quarter, quarter), st.tuples(quarter, quarter), st.tuples(quarter, quarter, quarter, quarter))
def test_remembered_wall_tests_are_shapely_intersects(a, b, corners):
    """SRD 5.1 "Combat > Movement and Position" (walls block movement): the remembered test whether a
    centre's line touches a wall is shapely's intersects of that line and the wall."""
    x0, y0, x1, y1 = corners
    if x0 == x1 or y0 == y1:
        return
    wall = Wall("Wand", (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
    ends = (float(a[0]), float(a[1]), float(b[0]), float(b[1]))
    expected = bool(LineString([ends[:2], ends[2:]]).intersects(wall.shape))
    assert mv._touches(wall, ends) == expected and mv._touches(wall, ends) == expected


coordinate = st.one_of(st.integers(min_value=-1200, max_value=1200),
                       st.floats(min_value=-1200, max_value=1200, allow_nan=False),
                       st.fractions(min_value=-1200, max_value=1200, max_denominator=100))


@SETTINGS
@given(coordinate, coordinate)
def test_read_points_are_the_exact_metres(x, y):
    """dnd5e.measuring (positions in exact metres, a float by its decimal text): a read point equals
    metres() of each coordinate, remembered or not; a point off the largest map is refused every time."""
    def exact():
        return (metres(x, "p[0]", low=-bm.MAX_SIDE, high=bm.MAX_SIDE), metres(y, "p[1]", low=-bm.MAX_SIDE,
                                                                             high=bm.MAX_SIDE))
    try:
        expected = exact()
    except InputError:
        for _ in range(2):
            with pytest.raises(InputError):
                point((x, y), "p")
        return
    for _ in range(2):
        got = point((x, y), "p")
        assert got == expected and all(type(v) is Fraction for v in got)


@SETTINGS
@given(size, st.tuples(any_metres, any_metres))
def test_position_check_in_quarters_is_the_exact_check(token_size, at):
    """Ruling dnd5e.measuring = "grid": a token stands on whole squares inside the map; the quarter
    metre fast path accepts exactly the positions the exact test accepts (and refuses the others
    with the same InputError)."""
    m = BattleMap(SIDE, SIDE)
    token = Token("A", _creature(token_size), (15, 15), "x")
    half = m.half_side(token)
    ok = all(half <= v <= SIDE - half and not (v - half) % SQUARE for v in at)
    if ok:
        assert m.check_position(token, at) == at
    else:
        with pytest.raises(InputError):
            m.check_position(token, at)


cell = st.integers(min_value=0, max_value=9)


@SETTINGS
@given(st.lists(st.tuples(cell, cell), min_size=2, max_size=5, unique=True),
       st.lists(st.tuples(cell, cell), min_size=1, max_size=3), st.booleans(),
       st.sampled_from(DIAGONALS), st.sampled_from(["grid", "gridless"]))
def test_a_move_is_the_same_with_warm_and_empty_caches(places, path, wall, diagonals, measuring):
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN" (SRD 5.1 "Combat > Movement
    and Position > Difficult Terrain", "Combat > Making an Attack > Opportunity Attacks"): on a random
    15 m map with rubble, perhaps a wall, and creatures of both sides, a move costs, provokes and is
    refused the same with every cache emptied first as with the caches warm."""
    rulings = Rulings().switch(**{"dnd5e.grid-diagonals": diagonals, "dnd5e.measuring": measuring})
    walls = (Wall("Säule", (6, 6, 7.5, 7.5)),) if wall else ()
    free = [p for p in places if not (wall and p == (4, 4))]
    if len(free) < 2:
        return
    tokens = tuple(Token(f"T{i}", _creature("mittelgroß"), (0.75 + 1.5 * i_, 0.75 + 1.5 * j), "ab"[i % 2])
                   for i, (i_, j) in enumerate(free))
    m = BattleMap(15, 15, walls=walls, areas=(Area("Geröll", "schwierig", (0, 9, 4.5, 12)),), tokens=tokens,
                  rulings=rulings)
    waypoints = [(0.75 + 1.5 * i, 0.75 + 1.5 * j) for i, j in path]

    def outcome():
        try:
            return mv.move(m, "T0", waypoints)
        except RuleViolation as why:
            return (why.reason, why.rule)

    _empty_caches()
    cold = outcome()
    warm = outcome()
    assert warm == cold


def _exact_straight(m: BattleMap, token: Token, other: Token, toward: bool, left: Fraction):
    """The grid end points of a straight candidate move as computed before the integer path."""
    px, py = token.position
    ox, oy = other.position
    dx, dy = (ox - px, oy - py) if toward else (px - ox, py - oy)
    if dx == 0 and dy == 0:
        return
    half = m.half_side(token)
    steps = int(max(abs(dx), abs(dy)) / SQUARE)
    steps = steps - int((m.half_side(other) + half) / SQUARE) if toward else int(left / SQUARE)
    steps = min(steps, int(left / SQUARE))
    n = max(abs(dx), abs(dy)) / SQUARE
    tries = 0
    while steps > 0 and tries < 3:
        x = px + mv._round(dx / SQUARE * steps / n) * SQUARE
        y = py + mv._round(dy / SQUARE * steps / n) * SQUARE
        if half <= x <= m.width - half and half <= y <= m.height - half:
            yield (float(x), float(y))
            tries += 1
        steps //= 2


@SETTINGS
@given(size, size, st.tuples(cell, cell), st.tuples(cell, cell), st.booleans(),
       st.fractions(min_value=0, max_value=40, max_denominator=4))
def test_straight_candidate_moves_in_quarters_are_the_fraction_ones(size_a, size_b, a_cell, b_cell, toward, left):
    """SRD 5.1 "Combat > Movement and Position" and ruling dnd5e.measuring = "grid" (a move goes square
    by square): the candidate end points straight toward or away
    from another creature, counted in whole quarter metres, are the ones the Fraction arithmetic gives."""
    from explorer.dnd5e.game import _straight

    m = BattleMap(SIDE, SIDE)
    a = Token("A", _creature(size_a), (Fraction(3, 4), Fraction(3, 4)), "x")
    b = Token("B", _creature(size_b), (Fraction(3, 4), Fraction(3, 4)), "y")
    a = replace(a, position=tuple(m.half_side(a) + SQUARE * v for v in a_cell))
    b = replace(b, position=tuple(m.half_side(b) + SQUARE * v for v in b_cell))
    state = SimpleNamespace(battle_map=m)  # all _straight reads of the state
    assert list(_straight(state, a, b, toward, left)) == list(_exact_straight(m, a, b, toward, left))


@SETTINGS
@given(st.lists(st.tuples(size, st.tuples(quarter, quarter)), min_size=1, max_size=4),
       st.tuples(any_metres, any_metres), st.booleans(), st.sampled_from(["grid", "gridless"]),
       st.sampled_from(["square", "circle"]))
def test_occupied_spaces_in_quarters_are_shapely_containment(others, sample, as_floats, measuring, shape):
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN" (another creature's space
    is difficult terrain; a foe's only passable when two sizes apart): the creatures whose space a
    step enters, counted in whole quarter metres for square spaces, are those whose overlap zone
    strictly contains the mover's centre (shapely), for exact and float centres alike."""
    rulings = Rulings().switch(**{"dnd5e.measuring": measuring, "dnd5e.space-shape": shape})
    m = BattleMap(SIDE, SIDE, rulings=rulings)
    mover = Token("Mover", _creature("mittelgroß"), (15, 15), "x")
    walker = mv._Walker(m, mover, "gehen", mv.Budget())
    walker.others = tuple(Token(f"T{i}", _creature(s), at, "y") for i, (s, at) in enumerate(others))
    walker.overlap = {o.name: m.overlap_zone(o, mover) for o in walker.others}
    walker._spaces = mv._spaces(m, mover, walker.others, walker.overlap)
    x, y = float(sample[0]), float(sample[1])
    at = (x, y) if as_floats else sample
    expected = [o.name for o in walker.others if shapely.contains_xy(_fresh_zone(m, o, mover, 0), x, y)]
    assert [o.name for o in walker._occupied(at, x, y)] == expected


def _old_game_measure(m: BattleMap, a: Token, a_at, b: Token, b_at) -> Fraction:
    """explorer.dnd5e.game._measure before the measure moved to battlemap.gap_between (issue 12): the grid
    counted in float 0.75 m units, gridless the shapely gap rounded to 1e-9."""
    if m.grid:
        total = (m.half_side(a) + m.half_side(b)) * 4 / 3
        units = [abs(float(p) - float(q)) / 0.75 for p, q in zip(a_at, b_at)]
        steps = sorted(max(0, round((u - float(total)) / 2) + 1) for u in units)
        if m.rulings["dnd5e.grid-diagonals"] == "every-1.5":
            return steps[1] * SQUARE
        return squares_length(steps[1], steps[0], m.rulings)
    return Fraction(round(m.space(a, a_at).distance(m.space(b, b_at)), 9)).limit_denominator(10**6)


far_cell = st.integers(min_value=0, max_value=16)


@SETTINGS
@given(size, size, st.tuples(far_cell, far_cell), st.tuples(far_cell, far_cell), st.sampled_from(DIAGONALS),
       st.sampled_from(["grid", "gridless"]), st.sampled_from(["square", "circle"]))
def test_gap_between_is_the_games_old_measure(size_a, size_b, a_cell, b_cell, diagonals, measuring, shape):
    """Ruling dnd5e.measuring, dnd5e.grid-diagonals; SRD 5.1 "Combat > Making an Attack > Melee Attacks":
    battlemap.gap_between (the one measure the game, the players and the analysis use) gives the game's
    former distance for every pair of legal grid places and gridless places, and the analysis' former
    gridless gap (shapely's distance) within the 1e-9 m rounding."""
    rulings = Rulings().switch(**{"dnd5e.grid-diagonals": diagonals, "dnd5e.measuring": measuring,
                                  "dnd5e.space-shape": shape})
    m = BattleMap(SIDE, SIDE, rulings=rulings)
    a = Token("A", _creature(size_a), (15, 15), "x")
    b = Token("B", _creature(size_b), (15, 15), "y")
    a_at = tuple(m.half_side(a) + SQUARE * c for c in a_cell)
    b_at = tuple(m.half_side(b) + SQUARE * c for c in b_cell)
    _empty_caches()
    found = bm.gap_between(m, a, a_at, b, b_at)
    assert found == _old_game_measure(m, a, a_at, b, b_at)
    placed_a, placed_b = replace(a, position=a_at), replace(b, position=b_at)  # where they stand: the token cache
    assert bm.gap_between(m, placed_a, placed_a.position, placed_b, placed_b.position) == found
    assert bm.gap_between(m, placed_a, placed_a.position, placed_b, placed_b.position) == found
    if measuring == "grid":
        assert found == m.grid_distance(a, a_at, b, b_at)
    else:
        assert abs(float(found) - m.space(a, a_at).distance(m.space(b, b_at))) < 1e-6


@SETTINGS
@given(st.tuples(cell, cell), st.tuples(cell, cell), st.sampled_from(DIAGONALS))
def test_a_grid_leg_that_meets_a_wall_is_refused_for_it(start, end, diagonals):
    """SRD 5.1 "Combat > Movement and Position" (nothing moves through a wall): movement.grid_leg_meets_wall,
    the test the candidate moves skip a leg by, is True exactly when the move along that leg (on a map
    with only the wall, the mover fast enough) is refused for the wall."""
    rulings = Rulings().switch(**{"dnd5e.grid-diagonals": diagonals})
    creature = Creature("Läufer", size="mittelgroß", speeds=Speeds(gehen=60), reach=Fraction(3, 2))
    at = (Fraction(3, 4) + SQUARE * start[0], Fraction(3, 4) + SQUARE * start[1])
    if start == (4, 4):  # inside the wall
        return
    m = BattleMap(15, 15, walls=(Wall("Säule", (6, 6, 7.5, 7.5)),), tokens=(Token("T", creature, at, "a"),),
                  rulings=rulings)
    there = (Fraction(3, 4) + SQUARE * end[0], Fraction(3, 4) + SQUARE * end[1])
    try:
        mv.move(m, "T", [there])
        refused = False
    except RuleViolation as why:
        refused = "kann nicht durch Säule" in why.reason
    assert mv.grid_leg_meets_wall(m, at, there) == refused


def _move_toward_without_skipping(state, other: str, *, away: bool = False):
    """explorer.dnd5e.game.move_toward before it skipped the legs that meet a wall (every try costed)."""
    from explorer.dnd5e import actions as A
    from explorer.dnd5e import game

    m = state.battle_map
    token = m.token(state.acting)
    left = state.movement_left()
    if left < SQUARE or mv.speed_of(token) == 0:
        return
    for path in game._straight(state, token, m.token(other), not away, left):
        action = A.Bewegen((path,))
        if state.can(action):
            yield action
            return


def test_candidate_moves_are_the_same_without_costing_walled_legs():
    """SRD 5.1 "Combat > Movement and Position": in the shipped skirmish (a pillar in the middle), played
    on by the random player, every candidate move toward or away from every creature is the one found
    by costing every try (the legs that meet the pillar are skipped, not costed)."""
    from explorer.core.rng import SeededRng
    from explorer.dnd5e.game import move_toward, new_encounter
    from explorer.dnd5e.players import RandomPlayer

    compared = 0
    for seed in range(3):
        state, rng, player = new_encounter("scharmuetzel", seed=seed), SeededRng(seed), RandomPlayer()
        for _ in range(60):
            if state.is_terminal():
                break
            for other in state.battle_map.others(state.acting):
                for away in (False, True):
                    fast = list(move_toward(state, other.name, away=away))
                    assert fast == list(_move_toward_without_skipping(state, other.name, away=away))
                    compared += 1
            state.apply(player.choose(state, rng))
    assert compared > 300
