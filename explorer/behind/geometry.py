"""Plane geometry for the table, shared by the per-pair and the vectorised paths so both round alike.

Pure functions on floats and NumPy arrays (and a few shapely predicates): directions, the 45-degree
test of the viewing angle and rear arc, point-to-segment distances, the first contact of a moving
disc with a circle or an edge, and the edge-crossing test used to skip ``shapely.touches``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

EPS = 1e-9
"""Floating-point tolerance in cm (and degrees): far below anything measurable on a table."""

_COS2_TOLERANCE = 1e-12  # relative slack of the "within 45 degrees" test, so the boundary is inside


def said_tenths(value: float) -> str:
    """A number of cm or degrees as the texts say it: to a tenth ("37.2", "180"), never "52.0487" or "-0"."""
    return f"{round(float(value), 1) + 0.0:g}"


def said_facing(degrees: float) -> str:
    """A facing or direction as the texts say it: to a tenth of a degree in [0, 360) ("292.1", "0", never "360")."""
    return said_tenths(round(float(degrees), 1) % 360.0)


def turn_degrees(degrees: float) -> float:
    """A direction in degrees brought into [0, 360): ``degrees % 360``, except that a tiny negative angle, whose
    remainder rounds up to 360.0 in floating point (``-1e-183 % 360 == 360.0``), is 0.0 -- otherwise the facing
    360.0 read back from a save would become 0.0 and the game would not be the one saved."""
    turned = float(degrees) % 360.0
    return 0.0 if turned >= 360.0 else turned


def unit(degrees: float) -> tuple[float, float]:
    """Unit vector of a direction, exact for multiples of 90 degrees."""
    degrees = float(degrees) % 360.0
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}
    if degrees in exact:
        return exact[degrees]
    radians = math.radians(degrees)
    return (math.cos(radians), math.sin(radians))


def angle_between(a: float, b: float) -> float:
    """Smallest angle between two directions in degrees (0 to 180)."""
    return abs((a - b + 180.0) % 360.0 - 180.0)


def within_45(vx, vy, fx, fy):
    """Vector ``v`` lies within 45 degrees of unit vector ``f`` (boundary inside): v.f >= 0 and
    2 (v.f)^2 >= |v|^2.  Pure multiply/add, so scalars and arrays give identical answers."""
    dot = vx * fx + vy * fy
    norm2 = vx * vx + vy * vy
    return (dot >= 0) & (2.0 * dot * dot >= norm2 * (1.0 - _COS2_TOLERANCE)) & (norm2 > 0)


def point_segment_dist2(ax, ay, bx, by, px, py):
    """Squared distance from points ``p`` to segments ``a``-``b`` (NumPy broadcasting; scalars work)."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = ((px - ax) * dx + (py - ay) * dy) / np.where(length2 > 0, length2, 1.0)
    t = np.minimum(np.maximum(t, 0.0), 1.0)
    cx, cy = ax + t * dx - px, ay + t * dy - py
    return cx * cx + cy * cy


def segment_distance2(x0: float, y0: float, x1: float, y1: float,
                      ax: float, ay: float, bx: float, by: float) -> float:
    """Squared distance between segments ``(x0, y0)``-``(x1, y1)`` and ``(ax, ay)``-``(bx, by)``
    (floats): 0 when they cross properly, else the nearest of an end to the other segment
    (touching or collinear segments get 0 that way)."""
    d1 = (x1 - x0) * (ay - y0) - (y1 - y0) * (ax - x0)
    d2 = (x1 - x0) * (by - y0) - (y1 - y0) * (bx - x0)
    d3 = (bx - ax) * (y0 - ay) - (by - ay) * (x0 - ax)
    d4 = (bx - ax) * (y1 - ay) - (by - ay) * (x1 - ax)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return 0.0
    return min(_point_segment2(ax, ay, x0, y0, x1, y1), _point_segment2(bx, by, x0, y0, x1, y1),
               _point_segment2(x0, y0, ax, ay, bx, by), _point_segment2(x1, y1, ax, ay, bx, by))


def _point_segment2(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Squared distance from point ``p`` to segment ``a``-``b`` (floats)."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = ((px - ax) * dx + (py - ay) * dy) / length2 if length2 > 0 else 0.0
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    ex, ey = ax + t * dx - px, ay + t * dy - py
    return ex * ex + ey * ey


def chip_block_limit2(radius: float) -> float:
    """A line blocks-through a chip when its squared centre distance is below this."""
    limit = radius - EPS
    return limit * limit


def flyer_exempt(observer_flies: bool, target_flies: bool, rule: str) -> bool:
    if rule == "symmetric":
        return bool(observer_flies or target_flies)
    return bool(observer_flies)


def wholly_on(point: Point, polygon: Polygon, radius: float) -> bool:
    """A disc of ``radius`` around ``point`` lies inside ``polygon`` (touching its edge allowed)."""
    return bool(shapely.contains_xy(polygon, point.x, point.y)) and \
        shapely.distance(point, polygon.boundary) >= radius - EPS


def circle_entry(p0: np.ndarray, u: np.ndarray, centre: np.ndarray, radius: float) -> float:
    """First t >= 0 at which p0 + t u (u a unit vector) is ``radius`` from ``centre``, moving in;
    0 when already touching and moving inwards; inf when the line never enters the circle."""
    wx, wy = p0[0] - centre[0], p0[1] - centre[1]
    b = u[0] * wx + u[1] * wy
    c = wx * wx + wy * wy - radius * radius
    disc = b * b - c
    if disc < 0:
        return math.inf
    t = -b - math.sqrt(disc)
    if t >= 0:
        return t
    return 0.0 if (c <= 2 * radius * EPS and b < 0) else math.inf


def capsule_entry(p0: np.ndarray, u: np.ndarray, a: np.ndarray, b: np.ndarray, radius: float) -> float:
    """First t >= 0 at which the disc of ``radius`` centred on p0 + t u touches segment a-b."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    dx, dy = ex / length, ey / length
    nx, ny = -dy, dx
    s0 = (p0[0] - a[0]) * nx + (p0[1] - a[1]) * ny
    su = u[0] * nx + u[1] * ny
    best = min(circle_entry(p0, u, a, radius), circle_entry(p0, u, b, radius))
    if s0 * su < 0:  # approaching the edge's line
        t = max(0.0, (abs(s0) - radius) / abs(su))
        q = (p0[0] + t * u[0] - a[0]) * dx + (p0[1] + t * u[1] - a[1]) * dy
        if -EPS <= q <= length + EPS:
            best = min(best, t)
    return best


@dataclass(frozen=True)
class Edges:
    """Obstacle ring edges: ``starts``/``ends`` (E, 2), ``owner`` obstacle index (E,), sorted by
    owner so obstacle k's edges are ``offsets[k]:offsets[k + 1]``; ``lines`` as linestrings;
    ``holes[k]``: obstacle k has holes."""

    starts: np.ndarray
    ends: np.ndarray
    owner: np.ndarray
    lines: np.ndarray
    offsets: np.ndarray
    holes: np.ndarray


_ORIENT_ERROR = 1e-12  # relative error bound on a float orientation test (Shewchuk's is ~3.3e-16)


def orientation(ax, ay, bx, by, cx, cy):
    """Sign of the turn a -> b -> c (+1 left, -1 right), 0 where floating point cannot be sure."""
    left = (bx - ax) * (cy - ay)
    right = (by - ay) * (cx - ax)
    det = left - right
    certain = np.abs(det) > _ORIENT_ERROR * (np.abs(left) + np.abs(right))
    return np.where(certain, np.sign(det), 0.0)


def crosses_an_edge(p: np.ndarray, q: np.ndarray, obstacle: np.ndarray, edges: Edges) -> np.ndarray:
    """For each segment p[i]-q[i] and obstacle index obstacle[i]: does the segment certainly cross
    an edge of that (hole-free) obstacle at a point inside both?  Such a segment passes through
    the obstacle's inside (a valid hole-free polygon lies on one side of each edge), so it does
    not merely touch it.  False means "not certain", never "does not cross"."""
    result = np.zeros(len(obstacle), dtype=bool)
    if not len(obstacle):
        return result
    counts = edges.offsets[obstacle + 1] - edges.offsets[obstacle]
    pair = np.repeat(np.arange(len(obstacle)), counts)
    first = np.cumsum(counts) - counts
    edge = edges.offsets[obstacle][pair] + np.arange(len(pair)) - first[pair]
    px, py, qx, qy = p[pair, 0], p[pair, 1], q[pair, 0], q[pair, 1]
    ax, ay, bx, by = edges.starts[edge, 0], edges.starts[edge, 1], edges.ends[edge, 0], edges.ends[edge, 1]
    o1 = orientation(px, py, qx, qy, ax, ay)
    o2 = orientation(px, py, qx, qy, bx, by)
    o3 = orientation(ax, ay, bx, by, px, py)
    o4 = orientation(ax, ay, bx, by, qx, qy)
    proper = (o1 * o2 < 0) & (o3 * o4 < 0)
    result = np.bincount(pair[proper], minlength=len(obstacle)) > 0
    return result & ~edges.holes[obstacle]
