"""The play-area panel in plain Python: choose a player, change the game, check what is shown
(beyond-rulebook.txt, "Phase 2", "End of the Game - Counting Energy Points")."""

import re

from explorer.beyond import new_game
from explorer.beyond.actions import EndTurn, Place, Reveal, Stop
from explorer.beyond.panels import AreaPanel
from tests.beyond.helpers import arrange


def _score(panel) -> int:
    return int(re.search(r"class='score'>(\d+)<", panel.summary.value).group(1))


def test_the_panel_shows_the_first_players_area_and_score():
    state = arrange(new_game(["Jessy", "Sam"], seed=1), "Jessy", spirit=["TS01", "TS02"], captures=["VB01"],
                    nian=["NS1"])
    panel = AreaPanel(state)
    assert panel.player.value == "Jessy" and panel.player.options == ("Jessy", "Sam")
    assert panel.layout_shown["loose"] == {"TS": ["TS01", "TS02"]} and panel.layout_shown["captures"] == ["VB01"]
    assert _score(panel) == state.score("Jessy")["total"] == 2 + 1 + 1 + 2  # loose, capture, Nian Shou, 2 Lotus
    assert bytes(panel.picture.value[:4]) == b"\x89PNG"


def test_choosing_another_player_redraws_in_place():
    state = arrange(new_game(["Jessy", "Sam"], seed=1), "Sam", spirit=["AD01"])
    panel = AreaPanel(state)
    picture, before = panel.picture, bytes(panel.picture.value)
    panel.player.value = "Sam"
    assert panel.layout_shown["loose"] == {"AD": ["AD01"]} and "Sam" in panel.summary.value
    assert panel.picture is picture and bytes(panel.picture.value) != before


def test_update_shows_the_game_after_engine_actions():
    state = new_game(["Jessy", "Sam"], seed=1, top=("TS01", "VB01"))
    panel = AreaPanel(state)
    for action in (Reveal(), Reveal(), Stop(), Place("TS01", "spirit"), Place("VB01", "capture"), EndTurn()):
        state.apply(action)
    panel.update()
    assert panel.layout_shown["loose"] == {"TS": ["TS01"]} and panel.layout_shown["captures"] == ["VB01"]
    assert _score(panel) == state.score("Jessy")["total"] == 4
