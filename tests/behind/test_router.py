"""The players' router: its quick segment tests give exactly the answers of the plain ones.

The router (``explorer.behind.players._Router``) finds the way around the obstacles for the random
and the greedy player.  Its two quick tests -- one segment in plain Python (``_clear_one``), and
every node against one goal testing only the edges the goal can enter by (``_clear_from``) --
must answer as shapely's ``intersects`` and the all-edges array test (``_clear``) do, or the
players' games would change with the speed-ups.
"""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.behind.geometry import segment_distance2
from explorer.behind.players import _Router
from explorer.behind.table import random_table


def _router(seed: int, obstacles: int) -> _Router:
    return _Router(random_table(seed, chips=2, obstacles=obstacles, width=120.0, depth=80.0))


def _goals(router: _Router, rng) -> list:
    """Random points, nodes, and the blocker's own vertices and edge midpoints (touching cases)."""
    goals = [rng.uniform([0, 0], [120, 80]) for _ in range(40)]
    goals += [router.nodes[i] for i in range(0, len(router.nodes), 5)]
    for _, _, edges in getattr(router, "_parts", []):
        for ax, ay, bx, by, *_ in edges[:4]:
            goals += [np.array([ax, ay]), np.array([(ax + bx) / 2, (ay + by) / 2])]
    return goals


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), obstacles=st.integers(1, 14))
def test_one_segment_in_plain_python_answers_as_shapely(seed, obstacles):
    """``_clear_one`` is ``not shapely.intersects(blocker, segment)``: random segments, short and
    long, and segments between the router's nodes and the blocker's vertices.

    A segment that touches the blocker within rounding (shapely's distance below 1e-9, yet no
    intersection, e.g. seed 33 with one obstacle: (51.265, 40.576) to (24.250, 41.288)) may get
    either answer: shapely decides it with exact orientation tests, the router with floats."""
    router = _router(seed, obstacles)
    rng = np.random.default_rng(seed)
    points = _goals(router, rng)
    segments = [(rng.uniform([0, 0], [120, 80]), None) for _ in range(150)]
    segments = [(a, a + rng.normal(0, 15, 2) if k % 2 else rng.uniform([0, 0], [120, 80]))
                for k, (a, _) in enumerate(segments)]
    segments += [(points[i], points[j]) for i, j in rng.integers(len(points), size=(150, 2))]
    for a, b in segments:
        line = shapely.linestrings([a, b])
        if shapely.distance(router.blocker, line) < 1e-9 and not shapely.intersects(router.blocker, line):
            continue  # touching within rounding: either answer is right
        expected = not shapely.intersects(router.blocker, line)
        assert router._clear_one(float(a[0]), float(a[1]), float(b[0]), float(b[1])) == expected, (a, b)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), obstacles=st.integers(1, 14))
def test_the_goals_view_of_the_nodes_equals_the_all_edges_test(seed, obstacles):
    """``_clear_from(goal)`` (only the edges the goal can enter by) is ``_clear(nodes, goal)``
    (every edge), goals anywhere: in the open, on nodes, on the blocker's vertices and edges."""
    router = _router(seed, obstacles)
    rng = np.random.default_rng(seed)
    for goal in _goals(router, rng):
        every = router._clear(router.nodes, np.repeat(np.asarray([goal], dtype=float), len(router.nodes), axis=0))
        assert (router._clear_from(goal) == every).all(), goal


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-50, 50, allow_nan=False).map(lambda v: round(v, 6)), min_size=8, max_size=8))
def test_segment_distance_is_shapelys(coordinates):
    """``segment_distance2`` (the straight move's test of an obstacle edge) is the square of
    shapely's distance between the two segments (coordinates in cm to the micrometre, as on a
    table: GEOS warns on subnormal numbers)."""
    x0, y0, x1, y1, ax, ay, bx, by = coordinates

    def segment(px, py, qx, qy):  # a segment of length 0 is a point to shapely
        return shapely.points(px, py) if (px, py) == (qx, qy) else shapely.linestrings([[px, py], [qx, qy]])

    expected = shapely.distance(segment(x0, y0, x1, y1), segment(ax, ay, bx, by))
    assert abs(segment_distance2(x0, y0, x1, y1, ax, ay, bx, by) ** 0.5 - expected) <= 1e-9 * (1 + expected)
