"""The simulated players of Behind (explorer.behind.players): random games end, every choice is legal.

* random-vs-random games END: measured when these tests were written, 30 of 30 seeded games of
  "Unser Revier!" (Vampire vs Schwesternbund) and 30 of 30 of "Das Juwel von Athen" (Vampire,
  Schwesternbund, Werwölfe) reached a winner within 60 turns (benchmarks/bench_games.py, 60
  games each: 100% and 95%; the aimless random player of before: none); asserted here: at
  least 15 of 20 and 12 of 20;
* every action a random or greedy player returns passes the referee's ``check`` (the players
  build most of them legal without asking ``can``);
* the random player's knobs: ``RandomPlayer(aim, attack, shoot)``, equal and hashable by them;
  the same seed plays the same game.
"""

from __future__ import annotations

import pytest

from explorer.behind.data import load_decks
from explorer.behind.players import PLAYERS, GreedyPlayer, Player, RandomPlayer, make_player, play_game
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

SCENARIOS = {"unser_revier": ("vampire", "schwesternbund"),
             "juwel_von_athen": ("vampire", "schwesternbund", "werwoelfe")}


@pytest.fixture(scope="module")
def decks():
    return load_decks()


def _games(decks, scenario, players, n, seed=0):
    chosen = [decks[d] for d in SCENARIOS[scenario]]
    return [play_game(chosen, scenario, players, seed=SeededRng(seed).spawn(k).seed, max_turns=60) for k in range(n)]


@pytest.mark.parametrize("scenario,least", [("unser_revier", 15), ("juwel_von_athen", 12)])
def test_random_games_end(decks, scenario, least):
    games = _games(decks, scenario, "random", 20)
    won = [g for g in games if g.winner is not None]
    assert len(won) >= least, f"{len(won)} of 20 random games of {scenario} reached a winner within 60 turns"
    assert all(g.turn <= 60 for g in games)
    assert {g.winner for g in won} <= set(games[0].players)


def test_every_choice_is_legal(decks):
    """Random and greedy players in both scenarios: the referee accepts every action they return
    (checked before ``apply``, which would refuse it too)."""
    kinds = set()

    class Check:
        def before(self, state, who, action):
            try:
                state.check(action)
            except RuleViolation as error:  # pragma: no cover - the failure message
                pytest.fail(f"{who} chose the illegal {action}: {error}")
            kinds.add(action.kind)

        def after(self, state, who, action, events):
            pass

    for scenario, ids in SCENARIOS.items():
        chosen = [decks[d] for d in ids]
        for k, mix in enumerate([("random",) * len(ids), ("greedy", "random", "greedy")[:len(ids)]]):
            play_game(chosen, scenario, mix, seed=70 + k, max_turns=30, observer=Check())
    assert {"move", "melee", "defend", "end-turn", "turn"} <= kinds


def test_random_player_knobs():
    assert PLAYERS["random"] is RandomPlayer and isinstance(make_player("random"), RandomPlayer)
    assert isinstance(RandomPlayer(), Player) and isinstance(GreedyPlayer(), Player)
    assert RandomPlayer() == RandomPlayer() and hash(RandomPlayer()) == hash(RandomPlayer())
    aimless = RandomPlayer(aim=0.0, attack=0.0, shoot=0.0)
    assert aimless != RandomPlayer() and repr(aimless) == "RandomPlayer(aim=0.0, attack=0.0, shoot=0.0)"
    assert repr(RandomPlayer()) == "RandomPlayer()"


def test_same_seed_same_game(decks):
    chosen = [decks[d] for d in SCENARIOS["unser_revier"]]
    one = play_game(chosen, "unser_revier", (RandomPlayer(), RandomPlayer()), seed=4, max_turns=20)
    two = play_game(chosen, "unser_revier", ("random", "random"), seed=4, max_turns=20)
    assert one.to_json() == two.to_json()
    other = play_game(chosen, "unser_revier", ("random", "random"), seed=5, max_turns=20)
    assert other.to_json() != one.to_json()
