"""A step's action in words for people (explorer/core/replay.py ``action_text``, the registry's
``describe_action`` hook) as the replay panel's step header shows it, for every registered system.

behind-2003-rulebook.txt, "The Course of the Game" and beyond-rulebook.txt, "Game Round": a game is
its sequence of actions; each step of a replay names who did what -- in the system's words where it
registers them (``System.describe_action``), never as call syntax ("defend(card=S02)"), which stays
the header's tooltip for developers.
"""

from __future__ import annotations

import html

import pytest

from explorer.core.panels import ReplayPanel
from explorer.core.players import RandomPlayer
from explorer.core.replay import action_call, action_text
from explorer.core.rng import SeededRng
from explorer.core.systems import load_all

SYSTEMS = load_all()
DESCRIBED = [name for name, system in SYSTEMS.items() if system.describe_action is not None]


def test_behind_and_beyond_register_their_words():
    """Both rulebooks' games say their actions in words: they register ``describe_action``."""
    assert {"behind", "beyond"} <= set(DESCRIBED)


@pytest.mark.parametrize("name", DESCRIBED)
def test_every_action_of_a_random_game_reads_as_words_not_call_syntax(name):
    """Each rulebook's actions (reveal, place, move, melee, defend, ...) read as words, never call syntax."""
    system = SYSTEMS[name]
    game, player, rng = system.new_game(seed=5), RandomPlayer(), SeededRng(5)
    kinds = set()
    for _ in range(150):
        if game.is_terminal():
            break
        action = player.choose(game, rng)
        words = action_text(action, game, system)
        assert words == system.describe_action(action, game)
        assert words and "=" not in words and f"{action.kind}(" not in words, words
        kinds.add(action.kind)
        game.apply(action)
    assert len(kinds) >= 4


@pytest.mark.parametrize("name", DESCRIBED)
def test_the_step_header_shows_the_words_with_the_call_as_tooltip(name):
    """"The Course of the Game" / "Game Round": the replay panel names each step's action in words."""
    system = SYSTEMS[name]
    game, player, rng = system.new_game(seed=2), RandomPlayer(), SeededRng(2)
    for _ in range(30):
        if game.is_terminal():
            break
        game.apply(player.choose(game, rng))
    panel = ReplayPanel(game.to_json(), picture="image")
    index = len(panel.steps) - 1
    panel.go(index)
    step = panel.steps[index]
    words = system.describe_action(step.action, panel.states[index - 1])
    shown = panel.step_text.value
    assert html.escape(words) in shown
    assert f'title="{html.escape(action_call(step.action), quote=True)}"' in shown


def test_without_a_hook_the_call_syntax_is_the_text():
    """A system that registers no words shows the action's call syntax (the game dealt: in words)."""
    from explorer.behind.actions import Discard

    assert action_text(Discard("S02")) == action_call(Discard("S02")) == "discard(card=S02)"
    assert action_text(None, None, "behind") == "the game is dealt"


@pytest.mark.parametrize("name", [n for n, s in SYSTEMS.items() if s.picture is not None])
def test_the_players_table_keeps_its_natural_width_and_scrolls(name):
    """beyond-rulebook.txt, "End of the Game - Counting Energy Points" (each player's area, item by
    item) / behind-2003-rulebook.txt, "Hand Cards, Supply and Discard Pile": the players' table is
    laid out at its own width (never squeezed by the output area's fixed table layout) in a box that
    scrolls sideways."""
    from explorer.core.panels.replay import PLAYERS_CSS

    panel = ReplayPanel(SYSTEMS[name].new_game(seed=1).to_json(), picture="image")
    assert panel.players.value.startswith(PLAYERS_CSS) and "<table" in panel.players.value
    assert "table-layout:auto;width:max-content" in PLAYERS_CSS
    assert panel.players.layout.overflow == "auto" and panel.players.layout.max_width == "100%"


def test_an_events_mark_reads_at_8_points_at_least_in_the_step_box():
    """behind-2003-rulebook.txt, "Hand Cards, Supply and Discard Pile" (what only one player sees is
    marked so): the mark's text is 11 px (8.25 pt) in the step's box, not 0.85 em of 0.92 em of a
    widget's 13 px (7.6 pt)."""
    from explorer.core.panels.replay import STEP_CSS

    system = SYSTEMS["behind"]
    panel = ReplayPanel(system.new_game(seed=1).to_json(), picture="image")
    assert panel.step_text.value.startswith(STEP_CSS)
    px = float(STEP_CSS.split(".event-mark{font-size:")[1].split("px")[0])
    assert px * 0.75 >= 8.0 > 13 * 0.92 * 0.85 * 0.75
