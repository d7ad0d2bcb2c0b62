"""Intervals for what many simulated games say, shared by every system's studies (pure Python).

* :func:`wilson_interval` -- Wilson's score interval for a share (wins of games): it stays inside
  [0, 1] and is honest for 0 of 20 or 20 of 20, unlike ``share +- z * stderr``.  The successes may
  be fractional (a win shared by tied players counts ``1 / winners``).
* :func:`mean_interval` -- a mean with its normal-approximation interval (rounds, damage per game).

``Z95`` is the standard normal quantile of a two-sided 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

__all__ = ["Z95", "mean_interval", "wilson_interval"]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share ``successes / trials`` (95% by default).

    ``(low, high)`` with ``0 <= low <= share <= high <= 1``; ``(nan, nan)`` for no trials; 0
    successes give ``low == 0`` and ``trials`` successes ``high == 1`` exactly.  20 wins of 20
    games give about (0.84, 1.0), not (1.0, 1.0).  Booleans are refused (TypeError), impossible
    counts raise ValueError."""
    if isinstance(successes, bool) or isinstance(trials, bool):
        raise TypeError("successes and trials are counts, not booleans")
    successes, trials = float(successes), int(trials)
    if not math.isfinite(successes) or trials < 0 or not 0 <= successes <= max(trials, 0):
        raise ValueError(f"need 0 <= successes <= trials, got {successes:g} of {trials}")
    if trials == 0:
        return (math.nan, math.nan)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    if successes == 0:
        low = 0.0
    if successes == trials:
        high = 1.0
    return (low, high)


def mean_interval(values: Iterable[float], z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its normal-approximation interval ``mean +- z * s / sqrt(n)``
    (``s`` the sample standard deviation); the bounds are nan for fewer than two values, all three
    for none."""
    array = [float(v) for v in values]
    n = len(array)
    if not n:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(array) / n
    if n < 2:
        return (mean, math.nan, math.nan)
    variance = math.fsum((v - mean) ** 2 for v in array) / (n - 1)
    half = z * math.sqrt(variance) / math.sqrt(n)
    return (mean, mean - half, mean + half)
