"""simulate(): one row per game, reproducible from the seed whatever runs it, counts that agree
with the rules (beyond-rulebook.txt, "End of the Game - Counting Energy Points")."""

import concurrent.futures

import pytest

from explorer.beyond import GameOptions
from explorer.beyond.simulate import COLUMNS, _Job, game_seed, play_one, simulate
from explorer.beyond.strategies import Greedy

STRATEGIES = ["greedy", "stop-after-2"]


def test_same_seed_gives_the_same_frame_and_another_seed_another():
    first = simulate(12, STRATEGIES, seed=5)
    assert first.equals(simulate(12, STRATEGIES, seed=5))
    assert not first.equals(simulate(12, STRATEGIES, seed=6))


def test_a_process_pool_gives_the_frame_of_this_process():
    here = simulate(10, [Greedy(horizon=1), "capture-first"], seed=2, options=GameOptions.advanced())
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        there = simulate(10, [Greedy(horizon=1), "capture-first"], seed=2, options=GameOptions.advanced(),
                         executor=pool, chunk_size=3)
    assert here.equals(there)


def test_one_row_per_game_with_per_seat_columns():
    frame = simulate(6, ["optimal", "risk-0.3", "random"], seed=1)
    assert len(frame) == 6 and list(frame["game"]) == list(range(6))
    singles = [c for c in COLUMNS if not c.endswith("[P]")]
    per_seat = [f"{c[:-3]}[{p}]" for c in COLUMNS if c.endswith("[P]") for p in ("P1", "P2", "P3")]
    assert list(frame.columns) == singles + per_seat
    assert set(frame["strategy[P3]"]) == {"random"}
    assert list(frame["seed"]) == [game_seed(1, k) for k in range(6)]


def test_winners_have_the_highest_score_or_the_nian_shou_win():
    frame = simulate(30, STRATEGIES, seed=3)
    assert set(frame["end"]) <= {"nian_shou", "enchantments", "draw_pile"}
    for row in frame.to_dict("records"):
        best = max(row["score[P1]"], row["score[P2]"])
        for seat in row["winners"].split(","):
            assert row["end"] == "nian_shou" or row[f"score[{seat}]"] == best
        if row["end"] == "enchantments":
            assert max(row["enchantments[P1]"], row["enchantments[P2]"]) >= 3


def test_a_row_is_replayed_from_its_seed_alone():
    """Game k depends only on (seed, k): playing it again from the row's seed gives the same row."""
    frame = simulate(3, STRATEGIES, seed=8)
    job = _Job(tuple(STRATEGIES), GameOptions())
    for record in frame.to_dict("records"):
        again = play_one(job, record["game"], int(record["seed"]))
        assert {key: again[key] for key in record if key != "seed"} == {k: v for k, v in record.items() if k != "seed"}


def test_counts_are_consistent():
    frame = simulate(20, ["capture-first", "stop-after-3"], seed=4)
    for seat in ("P1", "P2"):
        assert (frame[f"cards[{seat}]"] >= frame[f"failed[{seat}]"]).all()
        assert (frame[f"nian_shou[{seat}]"] <= 6).all()
    assert (frame["captures[P1]"] > 0).any()  # capture-first captures
    assert (frame["turns"] >= 2).all()


def test_zero_games_give_an_empty_frame_and_bad_arguments_are_refused():
    assert simulate(0, STRATEGIES).empty
    with pytest.raises(ValueError):
        simulate(-1, STRATEGIES)
    with pytest.raises(ValueError):
        simulate(1, ["greedy"])
    with pytest.raises(ValueError, match="unknown strategy"):
        simulate(1, ["greedy", "bold"])


def test_progress_bar_can_be_forced(capsys):
    simulate(2, STRATEGIES, progress=True)
    assert "game" in capsys.readouterr().err
