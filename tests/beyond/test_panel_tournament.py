"""The tournament panel in plain Python: choose strategies, press Run, compare with a direct round robin
(beyond-rulebook.txt, "End of the Game - Counting Energy Points")."""

import re

from explorer.beyond.panels import TournamentPanel
from explorer.beyond.tournament import round_robin


def test_run_shows_the_standings_of_the_round_robin_the_controls_describe():
    panel = TournamentPanel(strategies=("stop-after-2", "optimal"), games_per_pair=6, seed=3)
    assert panel.result is None and panel.plots.layout.visibility == "hidden"
    panel.on_run()
    direct = round_robin(["stop-after-2", "optimal"], games_per_pair=6, seed=3, progress=False)
    assert panel.result.standings.equals(direct.standings)
    assert len(panel.result.games) == 6
    assert direct.standings["strategy"][0] in panel.standings.value
    leader = re.search(r"class='leader'>([^<]*)<", panel.status.value).group(1)
    assert leader == direct.standings["strategy"][0]
    assert bytes(panel.plots.value[:4]) == b"\x89PNG" and panel.plots.layout.visibility == "visible"


def test_changing_the_choice_and_running_again_updates_in_place():
    panel = TournamentPanel(strategies=("stop-after-1", "stop-after-3"), games_per_pair=4)
    panel.on_run()
    standings, plots = panel.standings, panel.plots
    panel.strategies.value = ("stop-after-1", "stop-after-3", "risk-0.3")
    panel.on_run()
    assert set(panel.result.standings["strategy"]) == {"stop-after-1", "stop-after-3", "risk-0.3"}
    assert len(panel.result.games) == 3 * 4
    assert panel.standings is standings and panel.plots is plots and "risk-0.3" in panel.standings.value


def test_fewer_than_two_strategies_are_refused():
    panel = TournamentPanel()
    panel.strategies.value = ("optimal",)
    panel.on_run()
    assert panel.result is None and "at least 2" in panel.status.value


def test_the_standings_show_shares_as_percentages():
    """Issue 11: percentages throughout (win share, its interval, the first seat), never 0.667."""
    panel = TournamentPanel(strategies=("stop-after-1", "stop-after-3"), games_per_pair=4, seed=1)
    panel.on_run()
    frame = panel.result.standings
    shown = panel.standings.value
    assert f"{frame['win_share'][0]:.1%}" in shown and "win share" in shown and "95% low" in shown
    assert f"{frame['win_share'][0]:.3f}" not in shown
    assert panel.run_button.layout.width == "auto" and panel.plots.layout.max_width == "100%"
