"""Exact reveal odds of Beyond (beyond-rulebook.txt, section "Phase 1: Reveal and Collection").

Checked three ways: hand-computed examples, brute-force enumeration of every ordered draw of
small decks (physical cards, so each ordered draw is equally likely), and a seeded NumPy Monte
Carlo on the full 80-card deck (within 5 standard errors).
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from math import sqrt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.beyond.odds import (
    SPIRITS,
    collected_distribution,
    expected_gain,
    optimal_stop,
    p_fail_next,
    p_nian_shou,
    per_card,
    reveal_decision,
    reveal_monte_carlo,
    reveal_outcomes,
    spirit_of,
    standard_deck,
    unseen_cards,
)

TS = ("Turtle Snake", "similar", "yin")
TS_YANG = ("Turtle Snake", "similar", "yang")
VB = ("Vermilion Bird", "similar", "yin")
DRAGON_HEAD = ("Double Azure Dragon", "head", "yang")
DRAGON_BODY = ("Double Azure Dragon", "body", "yin")
TIGER_HEAD = ("Double Metal Tiger", "head", "yin")

SMALL_DECK = Counter({TS: 2, TS_YANG: 1, VB: 2, DRAGON_HEAD: 1, DRAGON_BODY: 1, TIGER_HEAD: 1})


def weird_value(keys):
    """A key-dependent, non-additive valuation: dragon heads and bodies pair up, yang cards count 2."""
    score = sum(Fraction(2) if key[2] == "yang" else Fraction(1) for key in keys)
    heads = sum(1 for key in keys if key[1] == "head")
    bodies = sum(1 for key in keys if key[1] == "body")
    return score + 3 * min(heads, bodies) + Fraction(1, 3) * len({spirit_of(k) for k in keys}) ** 2


# -- brute force ---------------------------------------------------------------------------------


def _play(revealed, draws, value, lotus, lotus_cost, nian_shou_left, nian_shou_value):
    """Play one ordered draw by the rulebook; returns (path tuple, cards collected, score)."""
    shown = list(revealed)
    for j, card in enumerate(draws, start=1):
        if spirit_of(card) in {spirit_of(c) for c in shown}:
            new = tuple(sorted(spirit_of(c) for c in shown[len(revealed):]))
            best = None
            for n in range(min(lotus, len(shown)) + 1):
                for chosen in combinations(shown, n):
                    score = value(tuple(sorted((card,) + chosen))) - n * lotus_cost
                    if best is None or score > best:
                        best = score
            if len(revealed) + j == 2 and nian_shou_left > 0:
                best += nian_shou_value
            return (j, new, spirit_of(card)), 1 + min(lotus, len(shown)), best
        shown.append(card)
    new = tuple(sorted(spirit_of(c) for c in shown[len(revealed):]))
    return (len(draws), new, None), len(shown), value(tuple(sorted(shown)))


def brute_force(revealed, unseen, k, value=per_card, lotus=0, lotus_cost=0, nian_shou_left=6, nian_shou_value=1):
    cards = [key for key, count in unseen.items() for _ in range(count)]
    draws = list(permutations(cards, min(k, len(cards))))
    paths, counts, expected = Counter(), Counter(), Fraction(0)
    for draw in draws:
        path, n, score = _play(list(revealed), draw, value, lotus, lotus_cost, nian_shou_left, nian_shou_value)
        paths[path] += 1
        counts[n] += 1
        expected += Fraction(score)
    total = len(draws)
    return ({p: Fraction(c, total) for p, c in paths.items()}, {n: Fraction(c, total) for n, c in counts.items()},
            expected / total)


def exact_paths(revealed, unseen, k):
    return {(p.reveals, tuple(sorted(p.new)), p.last): p.probability for p in reveal_outcomes(revealed, unseen, k).paths}


# -- hand-checked examples -------------------------------------------------------------------------


def test_full_deck_has_80_cards_16_per_spirit_half_yin():
    deck = standard_deck()
    assert sum(deck.values()) == 80
    for spirit in SPIRITS:
        assert sum(c for key, c in deck.items() if key[0] == spirit) == 16
        assert sum(c for key, c in deck.items() if key[0] == spirit and key[2] == "yin") == 8


def test_p_fail_after_one_turtle_snake_from_full_deck_is_15_of_79():
    unseen = unseen_cards(standard_deck(), [TS], [])
    assert p_fail_next([TS], unseen) == Fraction(15, 79)


def test_p_fail_counts_discarded_cards_out():
    discard = [TS_YANG] * 5 + [VB] * 3
    unseen = unseen_cards(standard_deck(), [TS, VB], discard)
    # Turtle Snake: 16 - 1 revealed - 5 discarded = 10; Vermilion Bird: 16 - 1 - 3 = 12; 70 cards left.
    assert p_fail_next([TS, VB], unseen) == Fraction(22, 70)


def test_first_card_never_fails():
    assert p_fail_next([], standard_deck()) == 0


def test_p_nian_shou_before_first_reveal_is_same_spirit_twice():
    assert p_nian_shou([], standard_deck()) == Fraction(5 * 16 * 15, 80 * 79)


def test_p_nian_shou_zero_when_none_left_or_two_different_revealed():
    unseen = unseen_cards(standard_deck(), [TS, VB], [])
    assert p_nian_shou([TS], standard_deck(), nian_shou_left=0) == 0
    assert p_nian_shou([TS, VB], unseen) == 0


def test_unseen_cards_rejects_a_card_the_deck_does_not_hold():
    with pytest.raises(ValueError):
        unseen_cards(Counter({TS: 1}), [TS], [TS])


def test_a_failed_reveal_cannot_be_continued():
    with pytest.raises(ValueError):
        p_fail_next([TS, TS_YANG], standard_deck())


def test_one_more_card_from_nothing_always_collects_one_card():
    gain = expected_gain([], standard_deck())
    assert gain.stop == 0 and gain.one_more == 1 and gain.gain_one_more == 1


def test_second_card_expected_value_is_two_with_nian_shou_worth_one():
    # success: 2 cards; failure: last card + Nian Shou card = 2 as well.
    assert expected_gain([], standard_deck(), k_max=2).values[2] == 2
    assert expected_gain([], standard_deck(), k_max=2, nian_shou_left=0).values[2] == 2 - Fraction(15, 79)


def test_fifth_different_spirit_cannot_be_followed_by_a_success():
    spirits_revealed = [TS, VB, DRAGON_HEAD, TIGER_HEAD, ("Yellow Unicorn", "part 1", "yin")]
    unseen = unseen_cards(standard_deck(), spirits_revealed, [])
    assert p_fail_next(spirits_revealed, unseen) == 1
    gain = expected_gain(spirits_revealed, unseen)
    assert gain.stop == 5 and gain.one_more == 1 and gain.best_k == 0


def test_probabilities_sum_to_one_on_full_deck():
    for revealed in ([], [TS], [TS, VB], [TS, VB, DRAGON_BODY]):
        unseen = unseen_cards(standard_deck(), revealed, [])
        for k in range(6):
            assert reveal_outcomes(revealed, unseen, k).total == 1
            assert sum(collected_distribution(revealed, unseen, k).counts.values()) == 1


def test_one_more_failure_chance_matches_p_fail_next():
    unseen = unseen_cards(standard_deck(), [TS, VB], [DRAGON_HEAD] * 4)
    assert reveal_outcomes([TS, VB], unseen, 1).p_fail == p_fail_next([TS, VB], unseen)


def test_frames_and_html_show_the_outcomes():
    unseen = unseen_cards(standard_deck(), [TS], [])
    outcomes = reveal_outcomes([TS], unseen, 3, lotus=1)
    assert abs(outcomes.frame["probability"].sum() - 1) < 1e-12
    assert set(outcomes.frame["outcome"]) == {"stop", "fail"}
    assert outcomes.frame.loc[outcomes.frame["nian_shou"], "reveals"].eq(1).all()
    assert "<table" in outcomes._repr_html_() and "Phase 1: Reveal and Collection" in outcomes._repr_html_()
    gain = expected_gain([TS], unseen, k_max=4)
    assert list(gain.frame["option"]) == ["stop now", "1 more", "2 more", "3 more", "4 more"]
    assert "best:" in gain._repr_html_()
    distribution = collected_distribution([TS], unseen, 2)
    assert list(distribution.frame["n_collected"]) == [1, 3]
    assert "<table" in distribution._repr_html_()
    assert set(distribution.spirit_frame["spirit"]) == set(SPIRITS)


def test_reveal_decision_bundles_the_click():
    unseen = unseen_cards(standard_deck(), [TS], [])
    decision = reveal_decision([TS], unseen, lotus=1)
    assert decision.p_fail_next == Fraction(15, 79)
    assert decision.p_nian_shou == Fraction(15, 79)
    assert len(decision.gain.values) == 5 and len(decision.distributions) == 4
    assert decision.best.should_reveal and decision.best.more == max(decision.gain.values[1:])
    assert "P(next card fails)" in decision._repr_html_()


# -- brute force equals exact --------------------------------------------------------------------


@pytest.mark.parametrize("revealed", [[], [TS], [TS, VB], [DRAGON_HEAD]], ids=["none", "ts", "ts-vb", "dragon"])
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_outcome_distribution_equals_brute_force(revealed, k):
    unseen = unseen_cards(SMALL_DECK, revealed, [])
    paths, counts, expected = brute_force(revealed, unseen, k)
    assert exact_paths(revealed, unseen, k) == paths
    assert collected_distribution(revealed, unseen, k).counts == counts
    assert expected_gain(revealed, unseen, k_max=k).values[k] == expected


@pytest.mark.parametrize("lotus,lotus_cost", [(0, 0), (1, 0), (2, Fraction(1, 2)), (2, 3)])
@pytest.mark.parametrize("revealed", [[], [TS], [DRAGON_BODY, VB]], ids=["none", "ts", "body-vb"])
def test_expected_gain_with_a_key_valuation_and_lotus_equals_brute_force(revealed, lotus, lotus_cost):
    unseen = unseen_cards(SMALL_DECK, revealed, [])
    gain = expected_gain(revealed, unseen, value=weird_value, lotus=lotus, lotus_cost=lotus_cost, k_max=4,
                         nian_shou_value=Fraction(5, 2))
    assert gain.stop == weird_value(tuple(sorted(revealed)))
    for k in range(1, 5):
        _, _, expected = brute_force(revealed, unseen, k, weird_value, lotus, lotus_cost, nian_shou_value=Fraction(5, 2))
        assert gain.values[k] == expected, k


def test_default_valuation_with_lotus_equals_brute_force():
    unseen = unseen_cards(SMALL_DECK, [TS], [])
    gain = expected_gain([TS], unseen, lotus=2, k_max=4)
    for k in range(1, 5):
        _, counts, expected = brute_force([TS], unseen, k, per_card, lotus=2)
        assert gain.values[k] == expected
        assert collected_distribution([TS], unseen, k, lotus=2).counts == counts


def test_nian_shou_chance_equals_brute_force():
    for revealed in ([], [TS]):
        unseen = unseen_cards(SMALL_DECK, revealed, [])
        paths, _, _ = brute_force(revealed, unseen, 2 - len(revealed))
        by_brute_force = sum((p for (j, _, last), p in paths.items() if last is not None and len(revealed) + j == 2),
                             Fraction(0))
        assert p_nian_shou(revealed, unseen) == by_brute_force
        assert reveal_outcomes(revealed, unseen, 2).p_nian_shou == by_brute_force


def test_pile_running_out_stops_the_reveal():
    unseen = Counter({VB: 1, DRAGON_HEAD: 1})
    assert exact_paths([TS], unseen, 4) == brute_force([TS], unseen, 4)[0]
    assert reveal_outcomes([TS], unseen, 4).total == 1


small_decks = st.dictionaries(
    st.sampled_from([TS, TS_YANG, VB, DRAGON_HEAD, DRAGON_BODY, TIGER_HEAD]),
    st.integers(min_value=0, max_value=2), min_size=1,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck=small_decks, n_revealed=st.integers(0, 2), k=st.integers(0, 4), lotus=st.integers(0, 2))
def test_any_small_deck_matches_brute_force(deck, n_revealed, k, lotus):
    deck = Counter({key: c for key, c in deck.items() if c})
    revealed, spirits = [], set()
    for key in sorted(deck):
        if len(revealed) < n_revealed and spirit_of(key) not in spirits:
            revealed.append(key)
            spirits.add(spirit_of(key))
    unseen = unseen_cards(deck, revealed, [])
    paths, counts, expected = brute_force(revealed, unseen, k, weird_value, lotus)
    assert exact_paths(revealed, unseen, k) == paths
    assert collected_distribution(revealed, unseen, k, lotus).counts == counts
    assert expected_gain(revealed, unseen, weird_value, lotus, k_max=max(k, 1)).values[k] == expected
    assert reveal_outcomes(revealed, unseen, k).total == 1


# -- Monte Carlo agrees on the full deck -----------------------------------------------------------


@pytest.mark.parametrize("revealed", [[], [TS], [TS, VB]], ids=["none", "ts", "ts-vb"])
def test_monte_carlo_agrees_within_five_standard_errors(revealed):
    unseen = unseen_cards(standard_deck(), revealed, [DRAGON_BODY] * 3)
    k = 4
    exact = reveal_outcomes(revealed, unseen, k)
    estimate = reveal_monte_carlo(revealed, unseen, k, samples=20_000, seed=7)
    n = estimate.samples
    for j in range(1, k + 1):
        p = float(exact.p_fail_at(j))
        assert abs(estimate.fail_at[j] - p) <= 5 * sqrt(max(p * (1 - p), 1e-12) / n) + 1e-12, j
    p = float(exact.p_nian_shou)
    assert abs(estimate.nian_shou.mean() - p) <= 5 * sqrt(max(p * (1 - p), 1e-12) / n) + 1e-12
    distribution = collected_distribution(revealed, unseen, k)
    mean = float(distribution.expected)
    variance = float(sum((c - distribution.expected) ** 2 * q for c, q in distribution.counts.items()))
    assert abs(estimate.n_collected.mean() - mean) <= 5 * sqrt(variance / n)


def symbol_blind_value(keys):
    return weird_value(tuple((k[0], k[1], "any") for k in keys))


@pytest.mark.parametrize("lotus", [0, 2])
def test_projecting_away_the_symbol_changes_nothing_for_a_symbol_blind_valuation(lotus):
    unseen = unseen_cards(standard_deck(), [DRAGON_BODY], [TS] * 4)
    plain = expected_gain([DRAGON_BODY], unseen, symbol_blind_value, lotus, k_max=3)
    projected = expected_gain([DRAGON_BODY], unseen, symbol_blind_value, lotus, k_max=3,
                              project=lambda key: (key[0], key[1], "any"))
    assert plain.values == projected.values


# -- optimal stopping --------------------------------------------------------------------------------


def brute_force_best(revealed, unseen, lotus, nian_shou_left=6):
    """Expectimax over physical cards: (stop, one more then best play), +1 per card."""
    stop = Fraction(len(revealed))
    cards = [key for key, count in unseen.items() for _ in range(count)]
    if not cards:
        return stop, None
    more = Fraction(0)
    for card in cards:
        if spirit_of(card) in {spirit_of(c) for c in revealed}:
            score = 1 + min(lotus, len(revealed)) + (1 if len(revealed) == 1 and nian_shou_left else 0)
        else:
            rest = Counter(unseen)
            rest[card] -= 1
            after_stop, after_more = brute_force_best(revealed + [card], +rest, lotus, nian_shou_left)
            score = after_stop if after_more is None else max(after_stop, after_more)
        more += Fraction(score, len(cards))
    return stop, more


@pytest.mark.parametrize("lotus", [0, 1])
@pytest.mark.parametrize("revealed", [[], [TS], [TS, VB]], ids=["none", "ts", "ts-vb"])
def test_optimal_stop_equals_brute_force_expectimax(revealed, lotus):
    unseen = unseen_cards(SMALL_DECK, revealed, [])
    best = optimal_stop(revealed, unseen, lotus)
    assert (best.stop, best.more) == brute_force_best(list(revealed), unseen, lotus)


def test_optimal_play_is_at_least_any_fixed_horizon():
    unseen = unseen_cards(standard_deck(), [TS], [])
    best = optimal_stop([TS], unseen)
    fixed = expected_gain([TS], unseen, k_max=4)
    assert best.more >= max(fixed.values[1:])
    assert best.should_reveal and optimal_stop([TS, VB, DRAGON_HEAD, TIGER_HEAD], unseen_cards(
        standard_deck(), [TS, VB, DRAGON_HEAD, TIGER_HEAD], [])).should_reveal is False
    assert "<table" in best._repr_html_()
