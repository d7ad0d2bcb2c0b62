"""Conformance: many seeded random Beyond games (2-4 players, basic and advanced) keep the invariants
after every action, score as recomputed by hand, and survive JSON round trips, copies and undo."""

import pytest

from explorer.beyond import GameOptions, new_game, refs
from explorer.beyond.game import BeyondState
from explorer.beyond.players import RandomPlayer
from explorer.core.rules import RuleViolation

GAMES = 300
OPTIONS = [GameOptions(), GameOptions.advanced(), GameOptions(protection=True), GameOptions(summoning=True)]


def _expected_score(state, player):
    """beyond-rulebook.txt, section "End of the Game - Counting Energy Points", recomputed from the area."""
    area = state.area(player)
    tokens = area["tokens"] + len(area["protected"]) + area["lotus"] + sum(pt["lotus"] for pt in area["patterns"])
    return (sum(state.components.spirits[pt["spirit"]].points for pt in area["patterns"]) + len(area["spirit"])
            + len(area["nian"]) + len(area["captures"]) + tokens)


def _check(state):
    state.check_invariants()  # 80 spirit + 6 Nian Shou cards accounted for, <= 4 capture cards, tokens >= 0
    for p in state.players:
        area = state.area(p)
        assert len(area["captures"]) <= 4
        assert state.score(p)["total"] == _expected_score(state, p)
        assert all(state.cards[c].spirit == pt["spirit"] for pt in area["patterns"] for c in pt["cards"])


def _play(seed):
    players = 2 + seed % 3
    state = new_game(players, seed=seed, options=OPTIONS[seed % 4])
    bots = {p: RandomPlayer(seed * 7 + i) for i, p in enumerate(state.players)}
    sample = seed % 25 == 0
    for n in range(5000):
        if state.is_terminal():
            break
        action = bots[state.current_player].choose(state)
        if sample and n % 40 == 0:
            twin, saved = state.copy(), state.to_json()
            assert BeyondState.from_json(saved).to_json() == saved
            state.apply(action)
            assert twin.to_json() == saved  # the copy is independent
            state.undo()
            assert state.to_json() == saved
        state.apply(action)
        _check(state)
    assert state.is_terminal()
    return state


def test_conformance_random_games_keep_invariants():
    """beyond-rulebook.txt, section "Game Round": turns of 3 phases, played by random players to the end
    (section "End of the Game - Counting Energy Points") in >= 300 seeded games."""
    ended = {"nian shou": 0, "points": 0}
    for seed in range(GAMES):
        state = _play(seed)
        scores = state.scores()
        if len(state.area(state.winners[0])["nian"]) == 6:
            ended["nian shou"] += 1
        else:
            ended["points"] += 1
            best = max(scores.values())
            assert all(scores[w] == best for w in state.winners)
            assert state.end_triggered
    assert ended["points"] > 0 and sum(ended.values()) == GAMES
    assert refs.GAME_ROUND


def test_conformance_same_seed_same_game():
    """Seeded randomness: the same seed gives the same game, action for action."""
    a, b = _play(7), _play(7)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("seed", [1, 2])
def test_conformance_illegal_candidates_change_nothing(seed):
    """Every candidate the state rejects raises RuleViolation citing a Beyond section and leaves the state as it was."""
    state = new_game(3, seed=seed, options=GameOptions.advanced())
    bots = {p: RandomPlayer(seed + i) for i, p in enumerate(state.players)}
    from explorer.beyond.game_candidates import candidates
    for _ in range(120):
        if state.is_terminal():
            break
        saved = state.to_json()
        for action in candidates(state):
            try:
                state.check(action)
            except RuleViolation as err:
                assert err.rule.rulebook == refs.RULEBOOK
        assert state.to_json() == saved
        state.apply(bots[state.current_player].choose(state))
