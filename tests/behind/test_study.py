"""The deck study's summaries (explorer/behind/study.py): intervals, win rates, chronicles, the decks.

The chronicles are checked against the simulator itself: a replay from a game's seed must end with
the same winner after the same number of turns, and what it records must agree with the simulator's
counts (behind-2003-rulebook.txt, section "Injuries (Verletzungen)": the third injury eliminates a
character; section "The Beginning": the influence duel's winner begins).
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from explorer.behind import melee_odds, study
from explorer.behind.data import load_decks
from explorer.behind.simulate import simulate

DECKS = load_decks()
VAMPIRE, SISTERS = DECKS["vampire"], DECKS["schwesternbund"]
PAIRING = [VAMPIRE, SISTERS]


@pytest.fixture(scope="module")
def games():
    """Six greedy games, short enough to be quick (a turn limit of 24 leaves some without winner)."""
    return simulate(6, PAIRING, "unser_revier", seed=11, players="greedy", max_turns=24, progress=False)


@pytest.fixture(scope="module")
def story(games):
    return study.chronicles(games, PAIRING)


def _frame(winners, players=("Vampire", "Schwesternbund"), **columns):
    """A hand-made frame with the columns of simulate() that the summaries read."""
    n = len(winners)
    data = {"game": range(n), "seed": range(n), "scenario": ["unser_revier"] * n, "players": ["greedy,greedy"] * n,
            "winner": list(winners), "turns": columns.pop("turns", [10] * n),
            "actions": columns.pop("actions", [40] * n), "first_blood_turn": columns.pop("first_blood_turn", [2] * n)}
    for player in players:
        data[f"injuries_dealt[{player}]"] = columns.pop(f"dealt_{player}", [0] * n)
    frame = pd.DataFrame(data)
    frame["first_blood_turn"] = frame["first_blood_turn"].astype("Int64")
    return frame


# -- intervals ---------------------------------------------------------------------------------
def test_wilson_interval_of_20_wins_in_20_games_leaves_room_below():
    low, high = study.wilson_interval(20, 20)
    assert high == 1.0
    assert low == pytest.approx(0.8389, abs=1e-4)  # 20 / (20 + 1.96^2)


def test_wilson_interval_is_symmetric_around_one_half():
    low, high = study.wilson_interval(5, 10)
    assert low + high == pytest.approx(1.0)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_wilson_interval_of_no_games_is_unknown():
    assert all(math.isnan(v) for v in study.wilson_interval(0, 0))


@pytest.mark.parametrize("successes, trials", [(-1, 5), (6, 5), (1, -1)])
def test_wilson_interval_refuses_impossible_counts(successes, trials):
    with pytest.raises(ValueError):
        study.wilson_interval(successes, trials)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_contains_the_share_and_stays_in_0_1(counts):
    successes, trials = counts
    low, high = study.wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0


def test_mean_interval_is_mean_plus_minus_z_standard_errors():
    mean, low, high = study.mean_interval([1, 2, 3, 4])
    half = study.Z95 * pd.Series([1, 2, 3, 4]).std() / 2
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))
    assert math.isnan(study.mean_interval([7])[1])


# -- the simulate() frame ---------------------------------------------------------------------------
def test_players_of_reads_the_per_player_columns_in_deck_order(games):
    assert study.players_of(games) == ("Vampire", "Schwesternbund")
    with pytest.raises(ValueError):
        study.players_of(pd.DataFrame({"winner": []}))


def test_win_rates_count_each_outcome_with_its_interval():
    frame = _frame(["Vampire"] * 7 + ["Schwesternbund"] * 2 + [None])
    rates = study.win_rates(frame).set_index("outcome")
    assert list(rates.index) == ["Vampire", "Schwesternbund", study.NO_WINNER]
    assert list(rates["wins"]) == [7, 2, 1] and set(rates["games"]) == {10}
    assert rates.loc["Vampire", "share"] == pytest.approx(0.7)
    assert (rates.loc["Vampire", "low"], rates.loc["Vampire", "high"]) == study.wilson_interval(7, 10)


def test_win_rates_by_a_column_group_the_games():
    frame = _frame(["Vampire", "Vampire", "Schwesternbund", "Vampire"])
    frame["first_player"] = ["Vampire", "Schwesternbund", "Schwesternbund", "Vampire"]
    rates = study.win_rates(frame, by="first_player")
    vampire_began = rates[rates["first_player"] == "Vampire"].set_index("outcome")
    sisters_began = rates[rates["first_player"] == "Schwesternbund"].set_index("outcome")
    assert vampire_began.loc["Vampire", "wins"] == 2 and vampire_began.loc["Vampire", "games"] == 2
    assert sisters_began.loc["Schwesternbund", "wins"] == 1 and sisters_began.loc["Vampire", "share"] == 0.5


def test_per_player_means_average_the_per_game_column():
    frame = _frame(["Vampire"] * 3, dealt_Vampire=[9, 12, 15], dealt_Schwesternbund=[1, 2, 3])
    means = study.per_player_means(frame)
    assert means.loc["Vampire", "mean"] == 12 and means.loc["Schwesternbund", "total"] == 6
    assert means.loc["Vampire", "low"] < 12 < means.loc["Vampire", "high"]


def test_lengths_describe_the_games_of_each_winner():
    frame = _frame(["Vampire", "Vampire", "Schwesternbund"], turns=[10, 20, 30], first_blood_turn=[2, 4, None])
    table = study.lengths(frame)
    assert list(table.index) == ["Vampire", "Schwesternbund"]
    assert table.loc["Vampire", "mean turns"] == 15 and table.loc["Vampire", "first blood turn"] == 3
    assert table.loc["Schwesternbund", "longest"] == 30 and math.isnan(table.loc["Schwesternbund", "first blood turn"])


# -- chronicles -------------------------------------------------------------------------------------
def test_chronicles_replay_every_game_exactly(games, story):
    assert list(story["game"]) == list(games["game"])
    assert list(story["seed"]) == list(games["seed"])
    assert list(story["winner"]) == list(games["winner"])
    assert list(story["turns"]) == list(games["turns"])


def test_chronicle_eliminations_agree_with_the_simulators_counts(games, story):
    owners = {c.name: deck.society for deck in PAIRING for c in deck.characters}
    for (_, row), (_, told) in zip(games.iterrows(), story.iterrows()):
        for player in ("Vampire", "Schwesternbund"):
            assert sum(owners[name] == player for name in told["eliminated"]) == row[f"eliminated[{player}]"]
        assert told["first_eliminated"] == (told["eliminated"][0] if told["eliminated"] else None)
        assert list(told["elimination_turns"]) == sorted(told["elimination_turns"])
        if pd.isna(row["first_blood_turn"]):
            assert told["first_blood"] is None
        else:
            assert told["first_blood"] in owners


def test_first_players_are_the_influence_duels_winners_who_begin(games, story):
    starters = study.first_players(games, PAIRING)
    assert list(starters) == list(story["first_player"])
    assert set(starters) <= {"Vampire", "Schwesternbund"}


def test_chronicles_on_an_executor_equal_those_played_here(games, story):
    with ThreadPoolExecutor(2) as pool:
        pooled = study.chronicles(games, PAIRING, executor=pool, chunk_size=2)
    pd.testing.assert_frame_equal(pooled, story)


def test_first_deaths_count_who_fell_first_and_at_all():
    chronicle = pd.DataFrame({
        "first_eliminated": ["Seherin Ilse", "Seherin Ilse", "Sahra Jeanette", None],
        "eliminated": [("Seherin Ilse", "Sahra Jeanette"), ("Seherin Ilse",), ("Sahra Jeanette", "Seherin Ilse"), ()],
    })
    table = study.first_deaths(chronicle, PAIRING)
    assert len(table) == len(VAMPIRE.characters) + len(SISTERS.characters)
    assert table.index[0] == "Seherin Ilse"
    assert table.loc["Seherin Ilse", "first"] == 2 and table.loc["Seherin Ilse", "share"] == 0.5
    ilse, ludwig = table.loc["Seherin Ilse"], table.loc["Ludwig von Auenstedt"]
    assert ilse["eliminated"] == 3 and ilse["mean_order"] == pytest.approx(4 / 3)  # places 1, 1 and 2
    assert ludwig["first"] == 0 and math.isnan(ludwig["mean_order"])
    assert table.loc["Sahra Jeanette", "player"] == "Schwesternbund"


# -- the decks ----------------------------------------------------------------------------------------
def test_roster_lists_every_character_with_the_rulebooks_values_for_ludwig_and_sahra():
    table = study.roster(PAIRING).set_index("character")
    assert len(table) == 9
    # behind-2003-rulebook.txt, section "First Steps": Ludwig S4 W3, Sahra S1 W2
    assert tuple(table.loc["Ludwig von Auenstedt", ["S", "W"]]) == (4, 3)
    assert tuple(table.loc["Sahra Jeanette", ["S", "W"]]) == (1, 2)


def test_roster_totals_sum_the_characters():
    totals = study.roster_totals(PAIRING)
    for deck in PAIRING:
        row = totals.loc[deck.society]
        assert row["S total"] == sum(c.strength for c in deck.characters)
        assert row["CP"] == deck.character_points
        assert row["injuries to eliminate all"] == 3 * len(deck.characters)


def test_melee_matrix_holds_the_exact_odds_of_every_pair():
    matrix = study.melee_matrix(VAMPIRE, SISTERS)
    assert len(matrix) == len(VAMPIRE.characters) * len(SISTERS.characters)
    row = matrix.iloc[0]
    odds = melee_odds(VAMPIRE.characters[0], SISTERS.characters[0], attacker_supply=list(VAMPIRE.cards),
                      defender_supply=list(SISTERS.cards))
    assert row["p_defender_injured"] == pytest.approx(odds.p_injured("defender"))
    assert row["edge"] == pytest.approx(odds.p_injured("defender") - odds.p_injured("attacker"))


def test_grid_keeps_the_decks_order():
    grid = study.grid(study.melee_matrix(VAMPIRE, SISTERS))
    assert list(grid.index) == [c.name for c in VAMPIRE.characters]
    assert list(grid.columns) == [c.name for c in SISTERS.characters]


def test_card_values_count_every_card_of_each_deck():
    table = study.card_values(PAIRING)
    assert table.sum().to_dict() == {"Vampire": len(VAMPIRE.cards), "Schwesternbund": len(SISTERS.cards)}
    mean = Fraction(int((table["Vampire"] * table.index).sum()), len(VAMPIRE.cards))
    assert mean == Fraction(sum(c.combat_value for c in VAMPIRE.cards), len(VAMPIRE.cards))
