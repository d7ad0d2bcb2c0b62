"""Round-robin tournaments between Beyond strategies: seat rotation, standings with Wilson
intervals, head to head, and the plots' data."""

import math

import numpy as np
import pytest

from explorer.beyond.render_tournament import plot_head_to_head, plot_scores, plot_standings, tournament_figure
from explorer.beyond.tournament import long_form, round_robin, wilson_interval

NAMES = ["greedy", "stop-after-2", "random"]


@pytest.fixture(scope="module")
def result():
    return round_robin(NAMES, games_per_pair=10, seed=3, progress=False)


def test_wilson_interval_matches_known_values():
    low, high = wilson_interval(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert all(math.isnan(x) for x in wilson_interval(0, 0))


def test_every_pair_plays_with_seats_rotated(result):
    games = result.games
    assert len(games) == 3 * 10
    for _, group in games.groupby("pairing"):
        assert group["strategies"].nunique() == 2  # a,b and b,a
        assert (group["rotation"] == 0).sum() == 5
    seats = long_form(games)
    assert (seats.groupby("strategy")["seat"].apply(lambda s: (s == "P1").sum()) == 10).all()


def test_standings_have_one_row_per_strategy_and_shares_adding_up(result):
    table = result.standings
    assert list(table.columns) == ["strategy", "games", "wins", "ties", "win_share", "ci_low", "ci_high",
                                   "mean_score", "first_seat_share"]
    assert sorted(table["strategy"]) == sorted(NAMES) and (table["games"] == 20).all()
    assert (table["win_share"] * table["games"]).sum() == pytest.approx(len(result.games))
    assert (table["ci_low"] <= table["win_share"]).all() and (table["win_share"] <= table["ci_high"]).all()
    assert list(table["win_share"]) == sorted(table["win_share"], reverse=True)


def test_head_to_head_shares_are_complementary(result):
    matrix = result.head_to_head
    assert matrix.shape == (3, 3) and np.isnan(np.diag(matrix.to_numpy())).all()
    for a in NAMES:
        for b in NAMES:
            if a != b:
                assert matrix.loc[a, b] + matrix.loc[b, a] == pytest.approx(1.0)


def test_round_robin_is_reproducible(result):
    again = round_robin(NAMES, games_per_pair=10, seed=3, progress=False)
    assert again.games.equals(result.games)


def test_duplicate_names_are_refused():
    with pytest.raises(ValueError, match="distinct"):
        round_robin(["greedy", "greedy"], games_per_pair=2)


def test_standings_plot_bars_are_the_win_shares(result):
    table = result.standings
    bars, _ = plot_standings(table)
    widths = [bar.get_width() for bar in bars]
    assert widths == pytest.approx(list(table["win_share"][::-1]))
    ax = bars[0].axes
    assert [t.get_text() for t in ax.get_yticklabels()] == list(table["strategy"][::-1])


def test_score_plot_medians_are_the_strategies_medians(result):
    boxes = plot_scores(result.games, order=NAMES)
    seats = long_form(result.games)
    for line, name in zip(boxes["medians"], NAMES):
        assert line.get_xdata()[0] == pytest.approx(seats.loc[seats["strategy"] == name, "score"].median())


def test_head_to_head_plot_shows_the_matrix(result):
    matrix = result.head_to_head
    image = plot_head_to_head(matrix)
    shown = np.ma.filled(image.get_array(), np.nan)
    assert np.allclose(shown, matrix.to_numpy(), equal_nan=True)
    labels = {t.get_text() for t in image.axes.texts}
    assert f"{matrix.iloc[0, 1]:.0%}" in labels


def test_tournament_figure_has_the_three_plots(result):
    figure = tournament_figure(result)
    titles = [ax.get_title() for ax in figure.axes]
    assert {"Standings", "Score distributions", "Head to head: row's win share"} <= set(titles)
