"""Beyond strategies: each reveal rule decides as documented, the shared Phase 2 / 3 defaults do
what they say, and every strategy plays whole games with legal actions only."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.beyond import GameOptions, new_game
from explorer.beyond.actions import Capture, Collect, Compose, EndTurn, Place, Reveal, Stop
from explorer.beyond.odds import expected_gain, optimal_stop, p_fail_next
from explorer.beyond.simulate import _Job, play_one
from explorer.beyond.strategies import (CaptureFirst, Greedy, OptimalCards, StopAfter, StopAtRisk, Strategy,
                                        card_values, make_strategy, pattern_progress)
from explorer.beyond.position import from_position
from explorer.core.inputs import InputError
from tests.beyond.helpers import arrange, phase3

ALL = ["random", "stop-after-2", "stop-after-3", "risk-0.3", "greedy", "optimal", "capture-first"]


def _revealed(state, n):
    for _ in range(n):
        state.apply(Reveal())
    return state


def _keys(state):
    return [state.cards[c].key for c in state.revealed]


def _public(state):
    """The pile's public facts: the top card's back (beyond-rulebook.txt, "Set Up": "with the backs
    visible") and the second pile to come (ruling beyond.second-draw-pile)."""
    return {"back": state.top_back, "second_pile": state.second_pile_counts()}


# -- names ------------------------------------------------------------------------------------------
def test_make_strategy_reads_parameterised_names():
    assert isinstance(make_strategy("stop-after-4"), StopAfter) and make_strategy("stop-after-4").k == 4
    assert isinstance(make_strategy("risk-0.25"), StopAtRisk) and make_strategy("risk-0.25").p == 0.25
    assert make_strategy("greedy").name == "greedy" and make_strategy("capture-first").name == "capture-first"
    with pytest.raises(ValueError, match="unknown strategy"):
        make_strategy("cautious")


def test_make_strategy_copies_a_strategy_object_with_a_new_seed():
    original = Greedy(horizon=1, seed=3)
    twin = make_strategy(original, seed=9)
    assert twin is not original and twin.horizon == 1 and twin.rng.seed == 9 and original.rng.seed == 3


# -- Phase 1: the reveal rules (beyond-rulebook.txt, "Phase 1: Reveal and Collection") ----------------
def test_every_strategy_turns_the_first_card():
    state = new_game(2, seed=1)
    for spec in ALL:
        assert make_strategy(spec).choose(state) == Reveal()


def test_stop_after_k_stops_once_k_cards_are_revealed():
    state = _revealed(new_game(2, seed=0, top=("TS01", "VB01", "AD01")), 2)
    assert StopAfter(3).choose(state) == Reveal()
    assert StopAfter(2).choose(state) == Stop()


def test_stop_at_risk_compares_the_exact_chance_that_the_next_card_fails():
    state = _revealed(new_game(2, seed=0, top=("TS01", "VB01")), 2)
    risk = float(p_fail_next(_keys(state), state.draw_pile_counts(), **_public(state)))
    assert 0 < risk < 1
    assert StopAtRisk(risk).choose(state) == Reveal()
    assert StopAtRisk(risk - 0.01).choose(state) == Stop()


def test_greedy_reveals_when_expected_gain_prefers_more_cards():
    state = _revealed(new_game(2, seed=0, top=("TS01", "VB01", "AD01")), 3)
    values = card_values(state, "P1")
    gain = expected_gain(_keys(state), state.draw_pile_counts(), lambda keys: sum(values[k[:2]] for k in keys),
                         lotus=2, k_max=2, nian_shou_left=6, nian_shou_value=1.5, lotus_cost=1,
                         project=lambda key: key[:2], **_public(state))
    assert Greedy(horizon=2).choose(state) == (Reveal() if gain.best_k > 0 else Stop())


def test_optimal_follows_the_optimal_stop_programme():
    for n in (1, 2, 3, 4):
        state = _revealed(new_game(2, seed=0, top=("TS01", "VB01", "AD01", "MT01")), n)
        decision = optimal_stop(_keys(state), state.draw_pile_counts(), lotus=2, lotus_cost=1, **_public(state))
        assert OptimalCards().choose(state) == (Reveal() if decision.should_reveal else Stop())
    assert OptimalCards().choose(state) == Stop()  # four spirits shown: 4 cards in hand beat the gamble


def test_strategies_read_the_top_cards_back():
    """beyond-rulebook.txt, "Set Up" and "Card backs: Yin or Yang Capture Side": the top card's symbol
    shows on its back.  One Turtle Snake yin revealed, 7 Turtle Snake yang discarded (a position):
    a yin back means 7/39 risk, a yang back 1/33; risk-0.1 reveals on the yang back only."""
    for top, expected in (("VB yin", Reveal()), ("VB yang", Reveal())):
        state = from_position({"players": ["P1", "P2"], "revealed": ["TS yin"], "discard": ["TS yang"] * 7,
                               "draw_top": [top]}, seed=1)
        assert StopAtRisk(0.2).choose(state) == expected
    yin = from_position({"players": ["P1", "P2"], "revealed": ["TS yin"], "discard": ["TS yang"] * 7,
                         "draw_top": ["VB yin"]}, seed=1)
    yang = from_position({"players": ["P1", "P2"], "revealed": ["TS yin"], "discard": ["TS yang"] * 7,
                          "draw_top": ["VB yang"]}, seed=1)
    assert StopAtRisk(0.1).choose(yin) == Stop()  # 7/39 = 0.18 > 0.1 (8/72 = 0.11 not knowing the back)
    assert StopAtRisk(0.1).choose(yang) == Reveal()  # 1/33 = 0.03
    for spec in ("greedy", "optimal"):
        for state in (yin, yang):
            assert state.can(make_strategy(spec).choose(state))


def test_strategy_arguments_are_checked():
    for bad in (lambda: StopAfter(0), lambda: StopAfter(2.5), lambda: StopAtRisk(float("nan")),
                lambda: StopAtRisk(2), lambda: Greedy(horizon=0), lambda: make_strategy("risk-x"),
                lambda: make_strategy(None), lambda: make_strategy("greedy", seed=1.5)):
        with pytest.raises(InputError):
            bad()


def test_failed_reveal_buys_only_cards_that_advance_a_pattern():
    state = arrange(new_game(2, seed=0, top=("TS01", "VB01", "TS02")), "P1", spirit=("VB02", "VB03"))
    _revealed(state, 3)
    assert state.phase == "collect"
    assert Strategy.choose_collect(StopAfter(3), state) == Collect(("VB01",))  # the Turtle Snake card is not bought


# -- Phase 2 and 3 defaults -------------------------------------------------------------------------
def test_pattern_progress_counts_two_heads_and_two_bodies_at_most():
    state = new_game(2, seed=0)
    heads = [c for c, card in state.cards.items() if card.spirit == "AD" and card.part == "head"][:3]
    state = arrange(state, "P1", spirit=heads)
    assert pattern_progress(state, "P1", "AD") == 2
    body = next(c for c, card in state.cards.items() if card.spirit == "AD" and card.part == "body")
    assert pattern_progress(state, "P1", "AD", [body]) == 3


def test_a_card_that_advances_a_pattern_is_placed_spirit_side_up():
    state = arrange(new_game(2, seed=0, top=("TS01", "VB01")), "P1", spirit=("TS02",))
    _revealed(state, 2).apply(Stop())
    assert StopAfter(2).choose(state) == Place("TS01", "spirit")


def test_a_card_of_a_complete_spirit_group_goes_capture_side_up():
    state = new_game(2, seed=0, top=("YU01",))
    same_part = [c for c, card in state.cards.items() if card.spirit == "YU" and card.part == state.cards["YU01"].part
                 and c != "YU01"][:1]
    state = arrange(state, "P1", spirit=same_part)  # a second card of the same Unicorn part does not help
    _revealed(state, 1).apply(Stop())
    assert StopAfter(2).choose(state) == Place("YU01", "capture")


def test_phase_3_composes_a_complete_pattern_first():
    state = arrange(phase3(players=("P1", "P2")), "P1", spirit=("TS01", "TS02", "TS03", "TS04"))
    assert isinstance(StopAfter(2).choose(state), Compose)


def _capture_position():
    state = phase3(players=("P1", "P2"))
    yin = next(c for c, card in state.cards.items() if card.symbol == "yin" and card.spirit == "VB")
    victim = next(c for c, card in state.cards.items() if card.symbol == "yang" and card.spirit == "YU")
    return arrange(arrange(state, "P1", captures=(yin,)), "P2", spirit=(victim,)), victim


def test_capture_first_captures_whenever_it_can():
    state, victim = _capture_position()
    action = CaptureFirst().choose(state)
    assert isinstance(action, Capture) and action.card == victim


def test_other_strategies_keep_a_capture_card_for_a_capture_that_helps():
    state, _ = _capture_position()
    assert StopAfter(2).choose(state) == EndTurn()


# -- whole games --------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [GameOptions(), GameOptions.advanced()], ids=["basic", "advanced"])
@pytest.mark.parametrize("spec", ALL)
def test_strategy_plays_whole_games_with_legal_actions_only(spec, options):
    """20 games per strategy and mode (280 in all): the engine refuses any illegal action
    (RuleViolation), and the invariants hold after every action."""
    opponents = ["random", "greedy", "capture-first", "stop-after-2"]
    for k in range(20):
        job = _Job((spec, opponents[k % 4]) if k % 2 else (opponents[k % 4], spec), options)
        row = play_one(job, k, 1000 + k, state_check=True)
        assert row["winners"]


def test_strategies_stop_when_the_last_draw_pile_has_run_out():
    """beyond-rulebook.txt, "End of the Game": once the second draw pile is finished the round is
    played out; a player whose turn comes with no card left can only Stop.  Five optimal players
    used to reveal there and abort 40% of their games."""
    from explorer.beyond.simulate import simulate

    frame = simulate(30, ["optimal"] * 5, seed=0)
    assert len(frame) == 30 and set(frame["end"]) <= {"enchantments", "draw_pile", "nian_shou"}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400),
       pile=st.sampled_from(["reshuffle-discard", "single-pile"]))
def test_no_strategy_ever_chooses_an_illegal_action(seed, steps, pile):
    """Random states (random play for ``steps`` actions, either ruling beyond.second-draw-pile): every
    strategy's choice, knowing the top card's back, is legal there."""
    from explorer.beyond.players import RandomPlayer
    from explorer.core.rulings import Rulings

    state = new_game(3, seed=seed, options=GameOptions.advanced(), rulings=Rulings({"beyond.second-draw-pile": pile}))
    player = RandomPlayer(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(player.choose(state))
    if state.is_terminal():
        return
    for spec in ALL:
        action = make_strategy(spec, seed=seed).choose(state)
        assert state.can(action), (spec, action, state.phase)
