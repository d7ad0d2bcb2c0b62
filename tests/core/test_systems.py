"""The system registry: systems register themselves and every generic tool finds them there."""

import pytest

import explorer
from explorer.core import systems
from explorer.core.players import RandomPlayer, make_player, play, players_of


def test_explorer_systems_lists_every_registered_system():
    frame = explorer.systems()
    assert {"behind", "beyond"} <= set(frame.index)
    assert frame.loc["behind", "rulebook"] == "behind-2003-rulebook.txt"
    assert frame.loc["beyond", "rulings"] == len(systems.get("beyond").rulings) > 0


def test_unknown_system_and_configuration_are_refused_with_the_known_ones_named():
    with pytest.raises(systems.RegistryError, match="unknown system 'chess'.*behind"):
        systems.get("chess")
    with pytest.raises(systems.RegistryError, match="no configuration 'huge'"):
        systems.get("beyond").new_game("huge")


def test_a_name_taken_by_another_system_is_refused():
    behind = systems.get("behind")
    from dataclasses import replace
    with pytest.raises(systems.RegistryError, match="registered twice"):
        systems.register(replace(behind, title="another Behind"))
    assert systems.register(behind) is behind  # the same registration again is harmless


@pytest.mark.parametrize("name", ["behind", "beyond"])
def test_every_configuration_starts_a_game_and_the_uniform_player_plays_it(name):
    system = systems.get(name)
    assert "uniform" in players_of(system) and players_of(system)["uniform"] is RandomPlayer
    for config in system.configurations:
        state = system.new_game(config, seed=4)
        assert not state.is_terminal() and list(state.legal_actions())
    state = system.new_game(seed=5)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply(make_player(system, "uniform").choose(state, __import__("explorer.core.rng", fromlist=["x"]).SeededRng(1)))
    system.check_invariants(state)


def test_beyond_games_are_dealt_again_from_their_save():
    system = systems.get("beyond")
    state = system.new_game("advanced_2", seed=11)
    play(state, make_player(system, "greedy"), seed=3)
    fresh = system.dealt(state.to_json())
    assert fresh.history == [] and fresh.to_json()["data"]["draw"] == system.new_game("advanced_2", seed=11).to_json()["data"]["draw"]
    for action in state.history:
        fresh.apply(action)
    assert fresh.to_json() == state.to_json()
