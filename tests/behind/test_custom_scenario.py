"""A scenario of the user's (a TOML file he chose) is the scenario of every rule check of the game
started from it, and its save carries it, so the game loads again anywhere -- never the shipped file
of the same id (issue 10: a custom scenario laid out the table, then every later check read the
shipped one)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import explorer
from explorer.behind import game_setup
from explorer.behind.data import load_decks
from explorer.behind.game import new_game
from explorer.behind.scenarios import SCENARIO_DIR, load_scenario
from explorer.core.inputs import InputError


@pytest.fixture
def custom(tmp_path) -> Path:
    """"Unser Revier!" with a wider setup distance and another title, in the user's own folder."""
    text = (SCENARIO_DIR / "unser_revier.toml").read_text(encoding="utf-8")
    text = text.replace('title = "Unser Revier!"', 'title = "Unser Revier (house rules)"', 1)
    text = text.replace("own_max_card_lengths = 1.0", "own_max_card_lengths = 1.5", 1)
    path = tmp_path / "unser_revier.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _game(scenario):
    decks = load_decks()
    return new_game([decks["vampire"], decks["schwesternbund"]], scenario, seed=4)


def test_the_users_scenario_is_read_by_every_later_rule_check(custom):
    scenario = load_scenario(custom)
    state = _game(scenario)
    assert state.scenario is scenario and state.scenario.own_max_card_lengths == 1.5
    assert state.data.scenario.startswith("unser_revier@")
    shipped = _game("unser_revier")
    assert shipped.scenario.own_max_card_lengths == 1.0 and shipped.data.scenario == "unser_revier"


def test_the_shipped_scenario_given_as_an_object_is_still_named_by_its_id():
    assert _game(load_scenario("unser_revier")).data.scenario == "unser_revier"


def test_the_save_carries_the_users_scenario_and_loads_in_a_fresh_process(custom, monkeypatch):
    state = _game(load_scenario(custom))
    saved = state.to_json()
    assert saved["origin"]["scenario"]["text"] == custom.read_text(encoding="utf-8")
    monkeypatch.setattr(game_setup, "_CUSTOM", {})  # a new process knows no scenario of the user's
    loaded = explorer.load_game(saved)
    assert loaded.to_json() == saved and loaded.scenario.title == "Unser Revier (house rules)"


def test_a_changed_carried_scenario_is_refused(custom, monkeypatch):
    saved = _game(load_scenario(custom)).to_json()
    changed = copy.deepcopy(saved)
    changed["origin"]["scenario"]["text"] = changed["origin"]["scenario"]["text"].replace("1.5", "3.0", 1)
    monkeypatch.setattr(game_setup, "_CUSTOM", {})
    with pytest.raises(InputError) as error:
        explorer.load_game(changed)
    assert error.value.field.split(".")[0].split("[")[0] in ("data", "log", "history"), error.value  # the game differs
    broken = copy.deepcopy(saved)
    broken["origin"]["scenario"] = {"id": "../x", "text": "id = 1"}
    with pytest.raises(InputError, match="origin.scenario"):
        explorer.load_game(broken)


def test_an_unknown_scenario_key_is_a_clear_error():
    with pytest.raises(InputError, match="a scenario of the user's that this game carries"):
        game_setup.cached_scenario("unser_revier@0123456789abcdef")
    with pytest.raises(InputError, match="a scenario id"):
        game_setup.cached_scenario(["unser_revier"])


def test_a_state_loaded_from_its_own_json_brings_its_scenario_back(custom, monkeypatch):
    from explorer.behind.game import BehindState

    saved = _game(load_scenario(custom)).to_json()
    monkeypatch.setattr(game_setup, "_CUSTOM", {})
    assert BehindState.from_json(saved).scenario.own_max_card_lengths == 1.5
