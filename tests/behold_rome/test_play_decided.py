"""The look-ahead of a play, a step or the nation's development worked out without its trial copy
(``game_checks.play_decided``, ``step_decided``, ``nation_decided``) answers as the trial."""

import pytest

from explorer.behold_rome.actions import Abandon, Conquer, Degrade, Develop, DevelopNation, Draw, Pay, Play, Store
from explorer.behold_rome.game_checks import (STEP_DECIDED, _look_ahead, basic, nation_decided, play_decided,
                                             step_decided)
from explorer.behold_rome.game_rules import candidates
from explorer.behold_rome.players import RandomPlayer
from explorer.behold_rome.system import CONFIGURATIONS, start
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation


def decided_as_trial(R, d, a, decide=step_decided):
    """``decide``'s answer for candidate ``a`` worked out on the state itself, asserted to be the trial's on a copy
    (``_look_ahead``); None when the checks refuse ``a`` or ``decide`` leaves it to the trial."""
    try:
        basic(R, d, a)
    except RuleViolation:
        return None
    fast = decide(R, d, a)
    if fast is None:
        return None
    try:
        _look_ahead(R, d, a)
        slow = True
    except RuleViolation:
        slow = False
    assert fast == slow, (a, d["deck"], d["frames"], d["round"])
    return fast


@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
def test_a_play_or_step_decided_without_a_copy_is_decided_as_its_trial(name):
    """behold-rome-rulebook.txt, "Action Phase": a card is played only if its costs can all be paid and each type of
    its benefits resolved at least in part (ruling behold_rome.benefit-check), and each step of its action keeps it
    so.  Through random games, every play between actions and every step of a played card whose look-ahead
    ``play_decided`` / ``step_decided`` works out on the state itself -- the top card drawn, the cards of the hand
    discarded, stored, developed or conquered, stored resources paid -- gets the answer the trial on a copy and its
    completion search give; so does developing the nation ("Nation card"), paid with stored cards."""
    decided = 0
    for seed in range(4):
        state, rng, player = start(CONFIGURATIONS[name], seed), SeededRng(seed), RandomPlayer(0.6 + 0.1 * seed)
        while not state.is_terminal():
            R, d = state.rules, state._data
            for a in candidates(R, d):
                if type(a) is Play:
                    decide = play_decided
                elif type(a) in STEP_DECIDED:
                    decide = step_decided
                elif type(a) is DevelopNation:
                    decide = lambda R, d, a: nation_decided(R, d)  # noqa: E731
                else:
                    continue
                if decided_as_trial(R, d, a, decide) is not None:
                    decided += 1
            state.apply(player.choose(state, rng))
    if not CONFIGURATIONS[name].get("variants") or "fluid-rounds" not in CONFIGURATIONS[name]["variants"]:
        assert decided > 400


def test_a_play_with_a_degrade_cost_is_decided_as_its_trial():
    """behold-rome-rulebook.txt, "Degrade": a card whose cost degrades a card of the hand ("degrade 1 -> conquer 3,
    degrade 1", "degrade 1 -> develop 2") is played only if some card of the hand can be degraded and, with it a
    level down, each type of the benefits resolved at least in part ("Action Phase", ruling
    behold_rome.benefit-check): ``play_decided`` answers these plays on the state itself as the trial on a copy
    does, both ways; and ``step_decided`` the degrade paid, card by card, and then the conquest and the degrade
    among its benefits."""
    seen = {True: 0, False: 0}
    steps = {True: 0, False: 0}
    benefit_steps = {True: 0, False: 0}
    for seed in range(6):
        state, rng, player = start(CONFIGURATIONS["normal"], seed), SeededRng(seed), RandomPlayer(0.6 + 0.05 * seed)
        while not state.is_terminal():
            R, d = state.rules, state._data
            for a in candidates(R, d):
                if type(a) in (Degrade, Conquer) and state.phase in ("costs", "benefits"):
                    fast = decided_as_trial(R, d, a)
                    if fast is not None:
                        steps[fast] += 1
                        if state.phase == "benefits":
                            benefit_steps[fast] += 1
                    continue
                if type(a) is not Play or not R.playable(R.level_of(d, a.card)).costs["degrade"]:
                    continue
                try:
                    basic(R, d, a)
                except RuleViolation:
                    continue
                fast = play_decided(R, d, a)
                if fast is None:
                    assert a.interrupt, a
                    continue
                try:
                    _look_ahead(R, d, a)
                    slow = True
                except RuleViolation:
                    slow = False
                assert fast == slow, (a, d["deck"], state.round)
                seen[fast] += 1
            state.apply(player.choose(state, rng))
    assert seen[True] > 20 and seen[False] > 20, seen
    assert steps[True] > 10 and steps[False] > 3, steps
    assert benefit_steps[True] > 10 and benefit_steps[False] > 3, benefit_steps


def test_an_extra_cost_paid_on_top_of_a_play_is_decided_as_its_trial():
    """behold-rome-rulebook.txt, "Develop" and "Conquer": a develop's extra cost (stored resources, a region
    abandoned) and a conquest's abandon with 4 regions controlled are paid in a frame on top of the play; once every
    type of the play's benefits is begun, ``step_decided`` answers each Pay and Abandon there on the state itself as
    the trial on a copy does (the costs left can be paid with what is left)."""
    seen = {("Pay", True): 0, ("Pay", False): 0, ("Abandon", True): 0, ("Abandon", False): 0}
    for name in sorted(CONFIGURATIONS):
        for seed in range(6):
            state, rng, player = start(CONFIGURATIONS[name], seed), SeededRng(seed), RandomPlayer(0.6 + 0.05 * seed)
            while not state.is_terminal():
                R, d = state.rules, state._data
                if len(d["frames"]) == 2 and state.phase == "costs":
                    for a in candidates(R, d):
                        if type(a) not in (Pay, Abandon):
                            continue
                        fast = decided_as_trial(R, d, a)
                        if fast is None:
                            continue
                        seen[(type(a).__name__, fast)] += 1
                state.apply(player.choose(state, rng))
    # no refusal comes up: the develop or conquest was only allowed if its costs could be paid, and each pay or
    # abandon the checks pass keeps them so
    assert seen[("Pay", True)] > 20 and seen[("Abandon", True)] > 20, seen


@pytest.mark.parametrize("kind,step", [("develop", Develop), ("draw", Draw), ("store", Store)])
def test_a_second_step_of_a_benefit_begun_is_decided_as_its_trial(kind, step):
    """behold-rome-rulebook.txt, "Develop", "Draw", "Store / Stored": a benefit of two develops, draws or stores begun,
    the second one (a develop's extra cost to pay, the other benefits to begin) is answered by ``step_decided`` on the
    state itself as the trial on a copy does (refusals come up for develops: an extra cost that cannot be paid)."""
    seen = {True: 0, False: 0}
    for name in sorted(CONFIGURATIONS):
        for seed in range(6):
            state, rng, player = start(CONFIGURATIONS[name], seed), SeededRng(seed), RandomPlayer(0.6 + 0.05 * seed)
            while not state.is_terminal():
                R, d = state.rules, state._data
                if state.phase == "benefits" and any(b["kind"] == kind and b["done"] and b["left"] > 0
                                                     for b in d["frames"][-1]["benefits"]):
                    for a in candidates(R, d):
                        if type(a) is not step:
                            continue
                        fast = decided_as_trial(R, d, a)
                        if fast is None:
                            continue
                        seen[fast] += 1
                state.apply(player.choose(state, rng))
    assert seen[True] > 50 and (kind != "develop" or seen[False] > 10), seen


@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
def test_the_checks_read_without_raising_pass_what_the_checks_pass(name):
    """behold-rome-rulebook.txt, "Action Phase": the checks ``legal`` reads without raising a refusal
    (``game_checks._accepts``: a play, a store, develop, degrade or conquest of a card of the hand, a move-on
    without a discard, a pass of the nation card) pass exactly the candidates ``basic`` passes; and
    ``target_or_none`` is None exactly where ``target`` refuses ("Develop"), else the same level and costs."""
    from explorer.behold_rome.game_checks import _accepts
    from explorer.behold_rome.game_rules import phase_of, target, target_or_none

    asked = 0
    for seed in range(3):
        state, rng, player = start(CONFIGURATIONS[name], seed), SeededRng(seed), RandomPlayer(0.6 + 0.1 * seed)
        while not state.is_terminal():
            R, d = state.rules, state._data
            for a in candidates(R, d):
                quick = _accepts(R, d, a, phase_of(d))
                if quick is None:
                    continue
                try:
                    basic(R, d, a)
                    slow = True
                except RuleViolation:
                    slow = False
                assert quick == slow, (a, d["deck"], state.phase)
                asked += 1
            for e in d["deck"].hand + d["deck"].controlled():
                try:
                    slow = target(R, d, e[0], False)
                except RuleViolation:
                    slow = None
                assert target_or_none(R, d, e[0]) == slow, (e, d["deck"])
            state.apply(player.choose(state, rng))
    assert asked > 300
