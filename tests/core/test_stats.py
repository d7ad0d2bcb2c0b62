"""The shared intervals of simulated studies (explorer.core.stats): Wilson's score interval and the
mean's normal interval, checked against values worked by hand from their formulas (Wilson 1927,
"Probable inference, the law of succession, and statistical inference"; the interval every
system's study and tournament reports for its win shares)."""

import math

import pytest

from explorer.behind import study as behind_study
from explorer.beyond import tournament
from explorer.core.stats import Z95, mean_interval, wilson_interval


def test_wilson_interval_of_half_the_games_is_symmetric_and_known():
    """5 of 10: centre 1/2, half-width z * sqrt(1/40 + z^2/400) / (1 + z^2/10) = 0.26335."""
    low, high = wilson_interval(5, 10)
    assert (low, high) == pytest.approx((0.236593, 0.763407), abs=1e-6)
    assert low + high == pytest.approx(1.0)


def test_wilson_interval_at_the_edges_is_exact_zero_and_one():
    """0 of 10: (0, z^2 / (10 + z^2)) = (0, 0.27753); 20 of 20: (20 / (20 + z^2), 1) = (0.83887, 1)."""
    assert wilson_interval(0, 10) == (0.0, pytest.approx(Z95 ** 2 / (10 + Z95 ** 2)))
    assert wilson_interval(0, 10)[1] == pytest.approx(0.277533, abs=1e-6)
    assert wilson_interval(20, 20) == (pytest.approx(20 / (20 + Z95 ** 2)), 1.0)
    assert wilson_interval(20, 20)[0] == pytest.approx(0.838875, abs=1e-6)


def test_wilson_interval_takes_shared_wins_and_contains_the_share():
    """A tie shares a win (Beyond, "End of the Game"): 2.5 of 4 is a share of 0.625."""
    low, high = wilson_interval(2.5, 4)
    assert low < 0.625 < high
    for n in (1, 7, 50, 333):
        for k in range(n + 1):
            low, high = wilson_interval(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0


def test_wilson_interval_of_no_games_is_unknown_and_impossible_counts_are_refused():
    assert all(math.isnan(v) for v in wilson_interval(0, 0))
    for successes, trials in ((-1, 5), (6, 5), (1, -1), (math.nan, 5)):
        with pytest.raises(ValueError):
            wilson_interval(successes, trials)
    with pytest.raises(TypeError):
        wilson_interval(True, 3)


def test_mean_interval_is_mean_plus_minus_z_standard_errors():
    """[1, 2, 3, 4]: mean 2.5, s = sqrt(5/3), half-width z * s / 2 = 1.265151."""
    mean, low, high = mean_interval([1, 2, 3, 4])
    assert mean == 2.5
    assert (low, high) == pytest.approx((2.5 - 1.265151, 2.5 + 1.265151), abs=1e-6)
    assert mean_interval([7])[0] == 7 and math.isnan(mean_interval([7])[1])
    assert all(math.isnan(v) for v in mean_interval([]))


def test_behind_and_beyond_use_the_core_interval():
    """One implementation: Behind's deck study and Beyond's tournament import it from the core."""
    assert behind_study.wilson_interval is wilson_interval and tournament.wilson_interval is wilson_interval
    assert behind_study.mean_interval is mean_interval and behind_study.Z95 == tournament.Z95 == Z95
