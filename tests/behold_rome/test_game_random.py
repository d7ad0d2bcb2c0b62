"""Thousands of random Behold: Rome actions: the deck's invariants hold, JSON, copy and undo round-trip."""

import json

import pytest

from explorer.behold_rome.game import BeholdRomeState, new_game
from explorer.behold_rome.players import RandomPlayer
from explorer.core.rng import SeededRng

SETTINGS = [{}, {"difficulty": "casual"}, {"difficulty": "hard", "variants": ["fluid-rounds"]},
            {"difficulty": "easy", "rulings": {"behold_rome.level-bounds": "wrap", "behold_rome.store-counts": "cards",
                                               "behold_rome.move-on-when": "any-time"}},
            {"difficulty": "impossible", "variants": ["score-chaser", "foresight"], "rival": None,
             "rulings": {"behold_rome.ages": "even-thirds", "behold_rome.develop-banner": "ignore"}}]


@pytest.mark.parametrize("k", range(10))
def test_random_games_keep_the_deck_as_held(k):
    """behold-rome-rulebook.txt, "Holding the Game": "Controlled regions always stay in the very back" and at most 4
    stored, 4 controlled ("Concept & Term Glossary > Slot"), every card kept, through whole random games to the end
    of the last round ("Round End")."""
    state = new_game(seed=k, **SETTINGS[k % len(SETTINGS)])
    player, rng = RandomPlayer(), SeededRng(k)
    actions = 0
    while not state.is_terminal():
        legal = list(state.legal_actions())
        assert legal, f"no legal action in phase {state.phase}"
        action = player.choose(state, rng)
        if actions % 11 == 0:
            for listed in legal:
                state.check(listed)
            before = state.to_json()
            loaded = BeholdRomeState.from_json(json.loads(json.dumps(before)))
            assert loaded.to_json() == before
            twin = state.copy()
            twin.apply(action)
            assert state.to_json() == before
            loaded.apply(action)
            state.apply(action)
            assert twin.to_json() == state.to_json() == loaded.to_json()
            state.undo()
            assert state.to_json() == before
        state.apply(action)
        state.check_invariants()
        actions += 1
        assert actions < 5000
    assert state.round == state.rounds and actions > 50
    civ = state.civ()
    assert len(civ.cards) == 16 and len(civ.in_place("controlled")) <= 4 and len(civ.in_place("stored")) <= 4
    kinds = {a.kind for a in state.history}
    assert {"play", "end-turn", "end-game"} <= kinds
