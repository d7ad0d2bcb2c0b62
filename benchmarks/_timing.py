"""Shared timing helper for the ratio benchmarks (not a test: these machines are noisy)."""

from __future__ import annotations

import statistics
import time
from typing import Callable


def median_ms(function: Callable[[], object], repeats: int = 7, number: int = 1) -> float:
    """Median wall time of ``function`` in milliseconds over ``repeats`` runs of ``number`` calls."""
    function()  # warm up (imports, caches)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) * 1000 / number)
    return statistics.median(times)
