"""The round robin lesson 3 reads ships as a data file (data/beyond/tournament/): it must be what the
code plays.  A small round robin of the same strategies and seed is exactly the first games of every
pairing and seat of the shipped one (each pairing and rotation has its own seed, game k depends only
on it), so those rows are compared; ``python -m explorer.beyond.tournament --write`` regenerates it."""

import json

import pandas as pd
import pytest

from explorer.beyond import tournament
from explorer.beyond.tournament import (REGENERATE, SHIPPED, load_result, round_robin, save_result,
                                        shipped_round_robin, verify_sample)
from explorer.core.resources import data_dir


@pytest.fixture(scope="module")
def shipped():
    return shipped_round_robin()


def test_the_shipped_file_says_what_it_is_and_how_to_regenerate_it(shipped):
    meta = json.loads((data_dir("beyond") / "tournament" / "round_robin.json").read_text(encoding="utf-8"))
    assert meta["regenerate"] == REGENERATE == "python -m explorer.beyond.tournament --write"
    assert tuple(meta["strategies"]) == SHIPPED["strategies"] == shipped.strategies
    assert meta["games_per_pair"] == SHIPPED["games_per_pair"] and meta["seed"] == SHIPPED["seed"]
    pairs = len(SHIPPED["strategies"]) * (len(SHIPPED["strategies"]) - 1) // 2
    assert len(shipped.games) == meta["games"] == pairs * SHIPPED["games_per_pair"]
    assert list(shipped.games.columns[:2]) == ["pairing", "rotation"]
    assert shipped.games["seed"].dtype == "uint64"


def test_the_shipped_rows_are_what_the_code_plays_now(shipped):
    """The first game of every pairing and seat, played again: identical rows (else regenerate)."""
    fresh = verify_sample(shipped, games_per_seat=1, progress=False)
    pairs = len(shipped.strategies) * (len(shipped.strategies) - 1) // 2
    assert len(fresh) == 2 * pairs


def test_a_stale_file_is_named_with_the_command_that_regenerates_it(shipped):
    games = shipped.games.copy()
    games.attrs = dict(shipped.games.attrs)
    first = games.index[games["game"] == 0][0]
    games.loc[first, "score[P1]"] += 1
    with pytest.raises(AssertionError, match="regenerate it: python -m explorer.beyond.tournament --write"):
        verify_sample(tournament.TournamentResult(shipped.strategies, games), games_per_seat=1, progress=False)


def test_a_saved_round_robin_loads_as_it_was_played(tmp_path):
    result = round_robin(["stop-after-2", "random", "optimal"], games_per_pair=4, seed=5, progress=False)
    save_result(result, "small", games_per_pair=4, seed=5, folder=tmp_path)
    loaded = load_result("small", folder=tmp_path)
    pd.testing.assert_frame_equal(loaded.games, result.games)
    pd.testing.assert_frame_equal(loaded.standings, result.standings)
    assert loaded.strategies == result.strategies
    verify_sample(loaded, games_per_seat=2, progress=False)
