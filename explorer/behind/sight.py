"""Lines of sight between every pair of chips at once (Ranged Combat (Fernkampf), Flying (Fliegen)).

:func:`sight_matrix` is the vectorised computation (one STRtree query for obstacles, NumPy for
chips); :func:`sight_matrix_loop` asks :meth:`Table.line_of_sight` pair by pair and is the
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


def sight_matrix(table: Table) -> SightMatrix:
    """Every ordered pair's line of sight, vectorised (same rules as :meth:`Table.line_of_sight`).

    All centre-to-centre segments are built at once with ``shapely.linestrings`` (one per
    unordered pair, drawn from the chip first on the table); obstacle blockers come from a single
    ``STRtree.query(lines, predicate="intersects")`` on the table's obstacle tree, and
    boundary-only contacts are dropped with a vectorised ``shapely.touches`` (ruling
    ``behind.sight-grazing``).  ``touches`` is only asked where it could be true: a line that
    properly crosses an edge of a hole-free obstacle (all four orientation signs certain under a
    floating-point error bound, NumPy) passes through its inside.  Chip blockers come from a
    NumPy point-to-segment distance over all (line, chip) pairs.  Flat obstacles a chip stands on
    are dropped for its lines (ruling ``behind.sight-from-flat-obstacle``), then the flyer ruling
    (``behind.flyer-sight``) is applied.
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

    lo, hi = np.triu_indices(n, 1)
    start, end = centres[lo], centres[hi]
    # chips: distance from every chip centre to every line
    dist2 = point_segment_dist2(start[:, 0, None], start[:, 1, None], end[:, 0, None], end[:, 1, None],
                                 centres[None, :, 0], centres[None, :, 1])
    chip_block = dist2 < chip_block_limit2(table.radius)
    rows = np.arange(len(lo))
    chip_block[rows, lo] = False
    chip_block[rows, hi] = False
    chip_line, chip_k = np.nonzero(chip_block)  # sorted by line, then chip (table order)

    # obstacles: one tree query for all lines, then drop boundary-only contacts
    obstacle_line = obstacle_k = np.zeros(0, dtype=np.intp)
    if len(table.obstacles):
        lines = shapely.linestrings(np.stack([start, end], axis=1))
        line_idx, obs_idx = table.obstacle_tree.query(lines, predicate="intersects")
        stands = table.stands_on_matrix
        keep = ~(stands[lo[line_idx], obs_idx] | stands[hi[line_idx], obs_idx])
        line_idx, obs_idx = line_idx[keep], obs_idx[keep]
        crossing = crosses_an_edge(start[line_idx], end[line_idx], obs_idx, table.edges)
        inside = crossing.copy()
        unsure = ~crossing
        if unsure.any():
            inside[unsure] = ~shapely.touches(table.obstacle_polygons[obs_idx[unsure]], lines[line_idx[unsure]])
        line_idx, obs_idx = line_idx[inside], obs_idx[inside]
        order = np.lexsort((obs_idx, line_idx))
        obstacle_line, obstacle_k = line_idx[order], obs_idx[order]

    blocked = np.zeros(len(lo), dtype=bool)
    blocked[chip_line] = True
    blocked[obstacle_line] = True
    flying = table.flying
    if flying.any():
        if table.rulings["behind.flyer-sight"] == "symmetric":
            exempt = flying[:, None] | flying[None, :]
        else:
            exempt = np.repeat(flying[:, None], n, axis=1)
    else:
        exempt = np.zeros((n, n), dtype=bool)
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
