"""Thousands of random Behold: Rome actions: the deck's invariants hold, JSON, copy and undo round-trip."""

import json

import pytest

from explorer.behold_rome.game import BeholdRomeState, new_game
from explorer.behold_rome.players import RandomPlayer
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

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


def _reference_completable(R, d, memo=None) -> bool:
    """The completion search as first written (ruling behold_rome.benefit-check): every step of every
    benefit type not yet begun (or every cost step) tried on a copy, no shortcut, a memo of states."""
    from explorer.behold_rome.game_checks import FINAL_STEPS, basic
    from explorer.behold_rome.game_rules import copy_data, noop, perform, step_candidates

    frames = d["frames"]
    if not frames or (frames[-1]["stage"] == "benefits" and all(b["done"] for b in frames[-1]["benefits"])):
        return True
    memo = {} if memo is None else memo
    key = repr((d["deck"].to_json(), frames, d["round"], d["refill"]))
    if key in memo:
        return memo[key]
    memo[key] = False
    f = frames[-1]
    for a in step_candidates(R, d):
        if a.kind == "finish":
            continue
        if f["stage"] == "benefits":
            kind = FINAL_STEPS.get(type(a), "draw")  # Draw and PassNation resolve the draw
            if any(b["kind"] == kind and b["done"] for b in f["benefits"]):
                continue
        try:
            basic(R, d, a)
            trial = copy_data(d)
            perform(R, trial, a, noop)
        except RuleViolation:
            continue
        if _reference_completable(R, trial, memo):
            memo[key] = True
            return True
    return False


@pytest.mark.parametrize("name", ["normal", "casual", "fluid_hard", "any_time_wrap", "even_ages_no_banners"])
def test_the_completion_search_answers_as_the_plain_search(name):
    """behold-rome-rulebook.txt, "Action Phase": a card is played only if its costs can all be paid and each type of
    its benefits resolved at least in part (ruling behold_rome.benefit-check).  The engine's search leaves out steps
    their own rule refuses, stops at costs that can never be paid and does not try a last step that cannot fail;
    after every step tried through whole random games it answers as the plain search over every step -- and so does
    the check of the step (``verify``, which refuses some plays without trying them on a copy)."""
    from explorer.behold_rome.game_checks import basic, completable, verify
    from explorer.behold_rome.game_rules import candidates, copy_data, noop, perform
    from explorer.behold_rome.system import CONFIGURATIONS, start

    state, rng, player = start(CONFIGURATIONS[name], 7), SeededRng(7), RandomPlayer()
    compared = 0
    while not state.is_terminal():
        R, d = state.rules, state._data
        for a in candidates(R, d):
            if a.kind in ("finish", "end-turn", "move-on", "end-game", "stop-drawing"):
                continue
            try:
                verify(R, d, a)
                verified = True
            except RuleViolation:
                verified = False
            try:
                basic(R, d, a)
                trial = copy_data(d)
                perform(R, trial, a, noop)
            except RuleViolation:
                assert not verified, a
                continue
            reference = _reference_completable(R, trial)
            assert completable(R, trial) == reference == verified, (a, trial["frames"])
            compared += 1
        state.apply(player.choose(state, rng))
    assert compared > 100
