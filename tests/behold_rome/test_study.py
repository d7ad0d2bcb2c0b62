"""The Behold: Rome strategy study: win rates per player, rival civ and difficulty with Wilson intervals."""

import math

import pytest

from explorer.behold_rome.game import start
from explorer.behold_rome.players import GreedyPlayer
from explorer.behold_rome.study import COLUMNS, play_cell, win_rates, win_table
from explorer.core.inputs import InputError
from explorer.core.players import play
from explorer.core.simulate import game_seed
from explorer.core.stats import wilson_interval


def test_win_rates_count_the_games_won_as_the_rulebook_scores_them():
    """behold-rome-rulebook.txt, "Scoring": "If you score more points than them, you win. If not, you lose."
    Every cell's wins are the games whose score says win, replayed one by one from their seeds; the share's
    interval is Wilson's."""
    rates = win_rates(["greedy"], difficulties=["casual"], rivals=["Carthage"], games=4, seed=3)
    assert list(rates.columns) == list(COLUMNS) and len(rates) == 1
    row = rates.iloc[0]
    config = {"difficulty": "casual", "rival": "Carthage", "rival_difficulty": "casual"}
    wins, margins = 0, []
    for k in range(4):
        s = game_seed(3, k)
        state = play(start(config, s), GreedyPlayer(), seed=s)
        score = state.score()
        wins += score.outcome == "win"
        margins.append(score.total - score.rival_total)
    assert row["games"] == 4 and row["wins"] == wins and row["share"] == wins / 4
    assert (row["low"], row["high"]) == wilson_interval(wins, 4)
    assert math.isclose(row["mean_margin"], sum(margins) / 4)
    assert row["margin_low"] <= row["mean_margin"] <= row["margin_high"]


def test_every_player_meets_the_same_deals():
    """Game k of every cell is dealt from the same seed ("Setup": the deck shuffled at set-up), so two
    players are compared on the same games."""
    a = play_cell("patient", "easy", "Parthia", 3, seed=1)
    b = play_cell("greedy", "easy", "Parthia", 3, seed=1)
    assert list(a["seed"]) == list(b["seed"])


def test_the_rival_plays_at_the_game_difficulty_unless_told():
    """behold-rome-rulebook.txt, "Difficulty Settings": the game difficulty and the rival civ (bot) difficulty
    are set apart; the study uses the same for both unless ``rival_difficulty`` is given."""
    rates = win_rates("patient", difficulties=["hard"], rivals="Germania", games=1)
    assert rates.iloc[0]["rival_difficulty"] == "hard"
    rates = win_rates("patient", difficulties=["hard"], rivals="Germania", games=1, rival_difficulty="casual")
    assert rates.iloc[0]["rival_difficulty"] == "casual"
    table = win_table(win_rates(["patient", "greedy"], difficulties=["normal", "casual"], rivals=["Carthage"],
                                games=1), "interval")
    assert list(table.columns) == ["casual", "normal"] and len(table) == 2
    assert all(cell.endswith("%)") for cell in table.to_numpy().ravel())


@pytest.mark.parametrize("kwargs, field", [({"players": ["oracle"]}, "players"), ({"difficulties": ["mild"]},
                                                                                   "difficulties"),
                                           ({"rivals": ["Rome"]}, "rivals"), ({"games": 0}, "games")])
def test_win_rates_refuse_bad_arguments(kwargs, field):
    with pytest.raises(InputError, match=field):
        win_rates(**kwargs)
