"""The all-pairs sight matrix in batches: the same answers as the per-pair loop, in bounded memory.

The rules themselves (chips and obstacles block only through their inside, flat obstacles under
a chip, flyers) are tested in ``test_table.py``; these tests check that the batched computation
of :func:`explorer.behind.sight.sight_matrix` keeps its memory bounded on large layouts and gives
exactly the per-pair answers whichever way the lines are split into batches.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.behind import sight
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.behind.sight import sight_matrix, sight_matrix_loop
from explorer.behind.table import random_table

MIB = 1024 * 1024
OBSERVER_ONLY = BEHIND_RULINGS.switch(**{"behind.flyer-sight": "observer-only"})


def test_a_large_layout_computes_in_bounded_memory_and_agrees_with_the_per_pair_test():
    """300 chips and 150 obstacles on a 450 x 300 cm table: the n^3 approach this replaced peaked
    near 650 MiB here (tracemalloc); the batched one (about 8 MiB) stays far below 150 MiB.
    Blocked and clear pairs drawn at random get exactly the answers of ``Table.line_of_sight``."""
    table = random_table(2003, chips=300, obstacles=150, width=450.0, depth=300.0, flyers=0.1)
    tracemalloc.start()
    try:
        matrix = sight_matrix(table)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 150 * MIB, f"peak {peak / MIB:.0f} MiB"

    n = len(table.names)
    assert matrix.clear.shape == (n, n) == matrix.in_view.shape
    rng = np.random.default_rng(9)
    off_diagonal = np.argwhere(~np.eye(n, dtype=bool))
    blocked = np.argwhere(~matrix.clear)
    pairs = np.concatenate([off_diagonal[rng.choice(len(off_diagonal), 150, replace=False)],
                            blocked[rng.choice(len(blocked), 150, replace=False)]])
    names = table.names
    obstacle_names = {obstacle.name for obstacle in table.obstacles}
    by_chip = by_obstacle = 0
    for i, j in pairs.tolist():
        a, b = names[i], names[j]
        line = table.line_of_sight(a, b)
        assert matrix.line(a, b) == line
        assert matrix.in_view[i, j] == table.in_viewing_angle(a, b)
        by_chip += any(name in table for name in line.blockers)
        by_obstacle += any(name in obstacle_names for name in line.blockers)
    assert by_chip and by_obstacle  # both kinds of blocker were checked


@pytest.mark.parametrize("rulings", [None, OBSERVER_ONLY], ids=["symmetric", "observer-only"])
def test_a_medium_layout_split_into_small_batches_equals_the_per_pair_loop(monkeypatch, rulings):
    """60 chips, 25 obstacles: the lines in batches of 8 give every answer of the loop."""
    table = random_table(11, chips=60, obstacles=25, width=200.0, depth=130.0, flyers=0.15, rulings=rulings)
    whole = sight_matrix(table)
    monkeypatch.setattr(sight, "_PAIRS_PER_BATCH", 8 * 60)
    batched = sight_matrix(table)
    assert batched == whole == sight_matrix_loop(table)
    assert batched.blocker_map() == whole.blocker_map()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), chips=st.integers(2, 24), obstacles=st.integers(0, 14),
       per_batch=st.integers(1, 40), observer_only=st.booleans())
def test_any_batch_size_gives_the_per_pair_answers(seed, chips, obstacles, per_batch, observer_only):
    """Random legal tables, any number of lines per batch (1 to 40): exactly the loop's matrix."""
    table = random_table(seed, chips=chips, obstacles=obstacles, width=80.0, depth=60.0, flyers=0.2,
                         rulings=OBSERVER_ONLY if observer_only else None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sight, "_PAIRS_PER_BATCH", per_batch * max(chips, obstacles))
        assert sight_matrix(table) == sight_matrix_loop(table)
