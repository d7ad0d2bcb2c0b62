"""Beyond's simple players (explorer.beyond.players): arguments checked, games played to the end."""

import pytest

from explorer.beyond import new_game
from explorer.beyond.players import RandomPlayer, play_game
from explorer.core.inputs import InputError


def test_random_player_arguments_are_checked():
    for bad in ({"seed": 1.5}, {"seed": "1"}, {"patience": 2}, {"patience": float("nan")}, {"patience": None}):
        with pytest.raises(InputError):
            RandomPlayer(**bad)
    assert RandomPlayer(seed=None).choose(new_game(2, seed=1)) is not None


def test_play_game_arguments_are_checked_and_a_game_ends():
    with pytest.raises(InputError):
        play_game(new_game(2, seed=1), max_actions=-1)
    with pytest.raises(InputError):
        play_game(new_game(2, seed=1), seed=0.5)
    state = play_game(new_game(2, seed=3), seed=3)
    assert state.is_terminal()
