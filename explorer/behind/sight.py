"""Lines of sight between every pair of chips at once (Ranged Combat (Fernkampf), Flying (Fliegen)).

:func:`sight_matrix` is the vectorised computation (STRtree queries for candidate chips and
obstacles, NumPy and shapely to decide them, in batches of lines so that its memory stays
bounded); :func:`sight_matrix_loop` asks :meth:`Table.line_of_sight` pair by pair and is the
reference it is tested and benchmarked against.  Both give a :class:`SightMatrix`.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Callable, Mapping

import numpy as np
import shapely

from explorer.behind.geometry import (
    chip_block_limit2,
    crosses_an_edge,
    point_segment_dist2,
    within_45,
)
from explorer.behind.table import SightLine

if TYPE_CHECKING:
    from explorer.behind.table import Table


class SightMatrix:
    """Lines of sight between every ordered pair of chips.

    ``clear[i, j]``: the line from chip i to chip j is clear (diagonal True); ``in_view[i, j]``:
    chip j is in chip i's viewing angle (diagonal False); ``sees = clear & in_view``.
    ``blockers(a, b)`` names what blocks the line; ``frame()`` gives one row per ordered pair.
    ``blockers`` may be given as a mapping ``{(i, j): names}`` or as a function returning one
    (built on first use, so the vectorised computation does not pay for names nobody reads).
    """

    def __init__(self, names: tuple[str, ...], clear: np.ndarray, in_view: np.ndarray,
                 blockers: Mapping[tuple[int, int], tuple[str, ...]] | Callable[[], Mapping]):
        self.names = tuple(names)
        self.clear = clear
        self.in_view = in_view
        self._blockers_source = blockers
        self._index = {name: i for i, name in enumerate(self.names)}

    @cached_property
    def _blockers(self) -> dict[tuple[int, int], tuple[str, ...]]:
        source = self._blockers_source
        return dict(source() if callable(source) else source)

    @property
    def sees(self) -> np.ndarray:
        return self.clear & self.in_view

    def blockers(self, observer: str, target: str) -> tuple[str, ...]:
        """Names of the chips and obstacles blocking the line (chips first, table order)."""
        return self._blockers.get((self._index[observer], self._index[target]), ())

    def blocker_map(self) -> dict[tuple[str, str], tuple[str, ...]]:
        """Every blocked ordered pair: ``{(observer, target): blockers}``."""
        return {(self.names[i], self.names[j]): found for (i, j), found in self._blockers.items()}

    def line(self, observer: str, target: str) -> SightLine:
        i, j = self._index[observer], self._index[target]
        return SightLine(observer, target, bool(self.clear[i, j]), self._blockers.get((i, j), ()))

    def frame(self):
        """A pandas DataFrame, one row per ordered pair: observer, target, clear, in_view, blockers."""
        import pandas as pd

        n = len(self.names)
        rows = [(self.names[i], self.names[j], bool(self.clear[i, j]), bool(self.in_view[i, j]),
                 self._blockers.get((i, j), ()))
                for i in range(n) for j in range(n) if i != j]
        return pd.DataFrame(rows, columns=["observer", "target", "clear", "in_view", "blockers"])

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SightMatrix) and self.names == other.names
                and np.array_equal(self.clear, other.clear) and np.array_equal(self.in_view, other.in_view)
                and self._blockers == other._blockers)

    __hash__ = None

    def __repr__(self) -> str:
        n = len(self.names)
        clear = int(self.clear.sum()) - n
        return (f"SightMatrix({n} chips, {clear} of {n * (n - 1)} ordered lines clear, "
                f"{int(self.sees.sum())} see their target)")


_PAIRS_PER_BATCH = 1 << 18
"""Sight lines are handled in batches of ``_PAIRS_PER_BATCH // max(n, m)`` lines (n chips, m
obstacles), so no batch holds more than 262,144 candidate (line, chip) or (line, obstacle)
pairs, even if every chip and obstacle lay next to every line."""

_DISC_MARGIN = 1e-6
"""cm: a sight line is only decided by an obstacle's inner or outer disc (see :func:`_obstacle_discs`)
when it misses the disc's edge by more than this -- far more than the rounding of the distances
on any table, far less than anything measurable on one.  Closer lines are left to shapely."""


def sight_matrix(table: Table) -> SightMatrix:
    """Every ordered pair's line of sight, vectorised (same rules as :meth:`Table.line_of_sight`).

    One centre-to-centre segment per unordered pair, drawn from the chip first on the table.  The
    segments are handled in batches of lines, so memory stays bounded: O(n^2) for the matrices,
    plus the blockers found, plus one batch (``_PAIRS_PER_BATCH``).  Lines a flyer exempts both
    ways (ruling ``behind.flyer-sight``) are not tested: they are clear and name no blockers.

    Each batch asks two ``STRtree`` queries for the (line, chip) and (line, obstacle) pairs whose
    bounding boxes meet (a superset of the blockers: bounding boxes compare exactly), then
    decides these candidates by the rules of :meth:`Table.line_of_sight`:

    * a chip blocks when the centre-to-line distance is below the radius by more than
      :data:`~explorer.behind.geometry.EPS` (ruling ``behind.sight-grazing``): the same NumPy
      ``point_segment_dist2 < chip_block_limit2`` on the same floats as the per-pair test;
    * an obstacle blocks when the line meets its inside (``intersects`` and not ``touches``,
      ruling ``behind.sight-grazing``), unless a chip at either end stands on it (ruling
      ``behind.sight-from-flat-obstacle``).  Most candidates are settled by NumPy with certainty:
      a line passing well inside a disc that lies in the obstacle's inside blocks, one passing
      well outside a disc around all its corners does not (:func:`_obstacle_discs`), and one that
      properly crosses an edge of a hole-free obstacle (all four orientation signs certain under
      a floating-point error bound) passes through its inside.  Only the rest is asked of
      shapely's exact ``intersects`` and ``touches``.

    Then the flyer ruling (``behind.flyer-sight``) is applied to the two directions of each line.
    """
    names = table.names
    n = len(names)
    centres, facing = table.centres, table.facing_vectors
    clear = np.ones((n, n), dtype=bool)
    if n < 2:
        return SightMatrix(names, clear, np.zeros((n, n), dtype=bool), {})
    dx = centres[None, :, 0] - centres[:, None, 0]
    dy = centres[None, :, 1] - centres[:, None, 1]
    in_view = within_45(dx, dy, facing[:, None, 0], facing[:, None, 1])
    np.fill_diagonal(in_view, False)
    del dx, dy

    flying = table.flying
    if flying.any():
        if table.rulings["behind.flyer-sight"] == "symmetric":
            exempt = flying[:, None] | flying[None, :]
        else:
            exempt = np.repeat(flying[:, None], n, axis=1)
    else:
        exempt = np.zeros((n, n), dtype=bool)

    lo, hi = np.triu_indices(n, 1)
    tested = np.flatnonzero(~(exempt[lo, hi] & exempt[hi, lo]))
    r = table.radius
    chip_tree = shapely.STRtree(shapely.box(centres[:, 0] - r, centres[:, 1] - r,
                                            centres[:, 0] + r, centres[:, 1] + r))
    discs = _obstacle_discs(table) if len(table.obstacles) else None
    batch = max(1, _PAIRS_PER_BATCH // max(n, len(table.obstacles)))
    chip_parts, obstacle_parts = [], []
    for first in range(0, len(tested), batch):
        line_ids = tested[first:first + batch]
        a, b = lo[line_ids], hi[line_ids]
        start, end = centres[a], centres[b]
        lines = shapely.linestrings(np.stack([start, end], axis=1))
        line_idx, k = _chip_blocks(table, chip_tree, a, b, start, end, lines)
        chip_parts.append((line_ids[line_idx], k))
        if discs is not None:
            line_idx, k = _obstacle_blocks(table, discs, a, b, start, end, lines)
            obstacle_parts.append((line_ids[line_idx], k))
    chip_line, chip_k = _joined(chip_parts)  # sorted by line, then chip (table order)
    obstacle_line, obstacle_k = _joined(obstacle_parts)  # sorted by line, then obstacle

    blocked = np.zeros(len(lo), dtype=bool)
    blocked[chip_line] = True
    blocked[obstacle_line] = True
    clear[lo, hi] = ~blocked | exempt[lo, hi]
    clear[hi, lo] = ~blocked | exempt[hi, lo]

    def blockers() -> dict[tuple[int, int], tuple[str, ...]]:
        per_line: dict[int, list[str]] = {}
        for line, k in zip(chip_line.tolist(), chip_k.tolist()):
            per_line.setdefault(line, []).append(names[k])
        for line, k in zip(obstacle_line.tolist(), obstacle_k.tolist()):
            per_line.setdefault(line, []).append(table.obstacles[k].name)
        result = {}
        for line, found in per_line.items():
            i, j = int(lo[line]), int(hi[line])
            if not exempt[i, j]:
                result[(i, j)] = tuple(found)
            if not exempt[j, i]:
                result[(j, i)] = tuple(found)
        return result

    return SightMatrix(names, clear, in_view, blockers)


def _chip_blocks(table: Table, chip_tree: shapely.STRtree, a: np.ndarray, b: np.ndarray,
                 start: np.ndarray, end: np.ndarray, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(line, chip) index pairs, sorted, where line i (chip a[i] to chip b[i]) passes through the
    inside of another chip.  ``chip_tree`` holds the chips' bounding squares: a chip the line
    comes within a radius of has its square meet the line's bounding box."""
    centres = table.centres
    line_idx, k = chip_tree.query(lines)
    other = (k != a[line_idx]) & (k != b[line_idx])
    line_idx, k = line_idx[other], k[other]
    dist2 = point_segment_dist2(start[line_idx, 0], start[line_idx, 1], end[line_idx, 0], end[line_idx, 1],
                                centres[k, 0], centres[k, 1])
    inside = dist2 < chip_block_limit2(table.radius)
    line_idx, k = line_idx[inside], k[inside]
    order = np.lexsort((k, line_idx))
    return line_idx[order], k[order]


def _obstacle_discs(table: Table) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per obstacle: a centre (m, 2) and the squared radii of an inner disc, inside the obstacle's
    inside, and of an outer disc holding all of it, each shrunk or grown by :data:`_DISC_MARGIN`.

    The centre is the centroid, or a point on the surface where the centroid is not properly
    inside (a ring's centroid lies in its hole); the inner radius is its distance to the
    boundary (holes included), 0 if it is not properly inside; the outer one its distance to
    the farthest corner."""
    polygons = table.obstacle_polygons
    centre = shapely.centroid(polygons)
    off = ~shapely.contains_properly(polygons, centre)
    centre[off] = shapely.point_on_surface(polygons[off])
    inner = np.where(shapely.contains_properly(polygons, centre),
                     shapely.distance(centre, shapely.boundary(polygons)) - _DISC_MARGIN, 0.0)
    xy = shapely.get_coordinates(centre)
    edges = table.edges
    corner = np.hypot(edges.starts[:, 0] - xy[edges.owner, 0], edges.starts[:, 1] - xy[edges.owner, 1])
    outer = np.maximum.reduceat(corner, edges.offsets[:-1]) + _DISC_MARGIN
    return xy, np.maximum(inner, 0.0) ** 2, outer ** 2


def _obstacle_blocks(table: Table, discs: tuple[np.ndarray, np.ndarray, np.ndarray], a: np.ndarray,
                     b: np.ndarray, start: np.ndarray, end: np.ndarray,
                     lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(line, obstacle) index pairs, sorted, where line i (chip a[i] to chip b[i]) passes through
    an obstacle's inside and neither end chip stands on it."""
    line_idx, obs_idx = table.obstacle_tree.query(lines)  # bounding boxes meet
    stands = table.stands_on_matrix
    keep = ~(stands[a[line_idx], obs_idx] | stands[b[line_idx], obs_idx])
    line_idx, obs_idx = line_idx[keep], obs_idx[keep]
    centre, inner2, outer2 = discs
    dist2 = point_segment_dist2(start[line_idx, 0], start[line_idx, 1], end[line_idx, 0], end[line_idx, 1],
                                centre[obs_idx, 0], centre[obs_idx, 1])
    inside = dist2 < inner2[obs_idx]
    unsure = np.flatnonzero(~inside & (dist2 <= outer2[obs_idx]))
    crossing = crosses_an_edge(start[line_idx[unsure]], end[line_idx[unsure]], obs_idx[unsure], table.edges)
    inside[unsure[crossing]] = True
    unsure = unsure[~crossing]
    if len(unsure):
        polygons, segments = table.obstacle_polygons[obs_idx[unsure]], lines[line_idx[unsure]]
        inside[unsure] = shapely.intersects(polygons, segments) & ~shapely.touches(polygons, segments)
    line_idx, obs_idx = line_idx[inside], obs_idx[inside]
    order = np.lexsort((obs_idx, line_idx))
    return line_idx[order], obs_idx[order]


def _joined(parts: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    if not parts:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def sight_matrix_loop(table: Table) -> SightMatrix:
    """The same as :func:`sight_matrix`, one :meth:`Table.line_of_sight` call per ordered pair
    (the reference the vectorised version is tested and benchmarked against)."""
    names = table.names
    n = len(names)
    clear = np.ones((n, n), dtype=bool)
    in_view = np.zeros((n, n), dtype=bool)
    blockers = {}
    for i, observer in enumerate(names):
        for j, target in enumerate(names):
            if i == j:
                continue
            line = table.line_of_sight(observer, target)
            clear[i, j] = line.clear
            in_view[i, j] = table.in_viewing_angle(observer, target)
            if line.blockers:
                blockers[(i, j)] = line.blockers
    return SightMatrix(names, clear, in_view, blockers)
