"""Exact odds (explorer.behind.odds): the rulebook's examples, brute-force enumeration, Monte Carlo."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.behind import check_odds, melee_injuries, melee_odds, ranged_odds
from explorer.behind.cards import ActionCard, Character
from explorer.behind.odds import (
    check_probability,
    melee_monte_carlo,
    ranged_monte_carlo,
    remaining_supply,
    side_distribution,
)

LUDWIG = Character(name="Ludwig von Auenstedt", strength=4, dexterity=2, resistance=3)
SAHRA = Character(name="Sahra Jeanette", strength=1, dexterity=3, resistance=2)
EVEN = [f for f in range(1, 10) for _ in range(4)]


def test_melee_odds_first_steps_example_is_certain_with_known_cards():
    """behind-2003-rulebook.txt, section First Steps: Ludwig plays a 6 and turns up a 3 (13), Sahra
    plays a 5 and turns up a 5 (11): Sahra suffers exactly one injury."""
    result = melee_odds(LUDWIG, SAHRA, attacker_supply=[3], defender_supply=[5],
                        attacker_hand=[6], defender_hand=[5])
    assert list(result.frame[["loser", "injuries"]].itertuples(index=False, name=None)) == [("defender", 1)]
    assert result.exact_probability("defender", 1) == 1
    assert melee_injuries(13, 11, SAHRA.resistance) == 1


def test_probabilities_are_exact_fractions_that_sum_to_one():
    result = melee_odds(LUDWIG, SAHRA, attacker_supply=EVEN, defender_supply=EVEN)
    assert sum(result.frame["exact"], Fraction(0)) == 1
    assert abs(result.frame["probability"].sum() - 1) < 1e-12
    assert set(result.frame.columns) >= {"loser", "injuries", "probability"}
    assert result.frame["injuries"].dtype.kind == "i"


def _brute_side(base, supply, hand_size, choice):
    """Every ordering of the supply: hand = first cards, top = the next; exact by counting."""
    weights = Counter()
    for order in permutations(range(len(supply)), hand_size + 1):
        hand = [supply[i] for i in order[:hand_size]]
        top = supply[order[hand_size]]
        if choice == "random":
            for card in hand:
                weights[base + card + top] += Fraction(1, len(hand))
            continue
        played = {"highest": max, "lowest": min}[choice](hand) if choice != "none" else 0
        weights[base + played + top] += 1
    total = sum(weights.values())
    return {v: Fraction(w) / total for v, w in weights.items()}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=6), st.integers(0, 3),
       st.sampled_from(["highest", "lowest", "random", "none"]), st.integers(0, 5))
def test_side_distribution_equals_brute_force_enumeration(supply, hand_size, choice, base):
    """Property: the combinatorial formula gives exactly what enumerating every shuffle gives
    (ruling behind.unknown-hand: the hand is drawn from the supply before the top card)."""
    hand_size = min(hand_size, len(supply) - 1)
    weights, total = side_distribution(base, supply, hand_size=hand_size, choice=choice)
    exact = {v: Fraction(w, total) for v, w in weights.items() if w}
    assert exact == _brute_side(base, supply, hand_size, "none" if hand_size == 0 else choice)


def test_known_hand_is_played_and_only_the_top_card_is_random():
    result = melee_odds(LUDWIG, SAHRA, attacker_supply=[1, 9], defender_supply=[5], attacker_hand=[2, 6],
                        defender_hand=[5])
    # attacker 4 + 6 + (1 or 9) = 11 or 19 against 11: a tie or a win by 8 (4 injuries)
    assert result.exact_probability("tie") == Fraction(1, 2)
    assert result.exact_probability("defender", 4) == Fraction(1, 2)


def test_defender_may_decline_to_play_a_hand_card():
    """behind-2003-rulebook.txt, section Melee Combat: "The hand card may be played, the card of
    the supply must be played." (ruling behind.hand-card-optional)"""
    result = melee_odds(LUDWIG, SAHRA, attacker_supply=[3], defender_supply=[5], attacker_hand=[6],
                        defender_hand=[5], defender_choice="none")
    assert result.exact_probability("defender", 3) == 1  # 13 vs 6: difference 7, 7 // 2 = 3


def test_rear_arc_and_assistance_shift_the_odds_towards_the_attacker():
    front = melee_odds(LUDWIG, SAHRA, attacker_supply=EVEN, defender_supply=EVEN)
    rear = melee_odds(LUDWIG, SAHRA, attacker_supply=EVEN, defender_supply=EVEN, rear_arc=True)
    helped = melee_odds(LUDWIG, SAHRA, attacker_supply=EVEN, defender_supply=EVEN,
                        assistants=[Character(name="Helper", strength=2, resistance=2)])
    assert front.p_injured("defender") < rear.p_injured("defender") < helped.p_injured("defender")
    comparison = front.compare(rear, ("front", "rear arc"))
    assert list(comparison.frame.columns) == ["front", "rear arc", "change"]
    assert comparison.summary().loc["P(defender injured)", "change"] > 0
    assert "-0.0000" not in comparison._repr_html_()  # a change too small to show reads 0.0000, not a loss


def test_discard_pile_conditions_the_supply():
    """behind-2003-rulebook.txt, section Hand Cards, Supply and Discard Pile: "A discard pile ...
    may however be looked at at any time" -- so the odds use the supply that remains."""
    assert sorted(remaining_supply([1, 2, 2, 9], [2, 9])) == [1, 2]
    with pytest.raises(ValueError, match="not .*in the deck"):
        remaining_supply([1, 2], [3])
    high_gone = melee_odds(LUDWIG, SAHRA, attacker_supply=EVEN, defender_supply=EVEN,
                           attacker_discard=[9, 9, 9, 9, 8, 8, 8, 8])
    assert high_gone.p_injured("defender") < melee_odds(LUDWIG, SAHRA, attacker_supply=EVEN,
                                                        defender_supply=EVEN).p_injured("defender")


def test_zusatz_cards_count_their_bonus_in_the_odds():
    """behind-2003-rulebook.txt, section Special Card Effect: Zusatz "Kampfwert+2" on a fate 5 gives 7."""
    zusatz = ActionCard(id="z", title="Z", fate=5, zusatz_bonus=2)
    result = melee_odds(LUDWIG, SAHRA, attacker_supply=[zusatz], defender_supply=[1], attacker_hand=[],
                        defender_hand=[])
    assert result.exact_probability("defender", 4) == 1  # 4 + 7 = 11 vs 1 + 1 = 2: 9 // 2 = 4


def test_ranged_odds_dodge_reaching_shooting_value_means_no_effect():
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf)."""
    result = ranged_odds(SAHRA, LUDWIG, weapon_fate=4, shooter_supply=[2], target_supply=[2], target_hand=[5])
    assert result.exact_probability("none") == 1  # 3 + 4 + 2 = 9 against 2 + 5 + 2 = 9
    result = ranged_odds(SAHRA, LUDWIG, weapon_fate=4, shooter_supply=[2, 8], target_supply=[2], target_hand=[5])
    assert result.exact_probability("target", 2) == Fraction(1, 2)  # 15 vs 9: 6 // 3 = 2


def test_check_odds_regeneration_4_plus():
    """behind-2003-rulebook.txt, section Ability Check: a check X+ succeeds when the turned-up fate
    number is at least X."""
    assert check_probability(4, EVEN) == Fraction(6, 9)
    assert check_odds(4, [3, 6]) == 0.5
    assert check_odds(1, EVEN) == 1.0


def test_result_shows_itself_as_table_and_chart():
    result = melee_odds(LUDWIG, SAHRA, attacker_supply=EVEN, defender_supply=EVEN)
    page = result._repr_html_()
    assert "<table" in page and "data:image/png;base64," in page and "Ludwig" in page
    assert "P(defender injured)" in repr(result)
    comparison_page = result.compare(result)._repr_html_()
    assert "<table" in comparison_page and "data:image/png" in comparison_page


def _agree(exact, estimate, sigmas=5.0):
    merged = exact.frame.merge(estimate.frame, on=["loser", "injuries"], how="outer",
                               suffixes=("_exact", "_mc")).fillna(0.0)
    n = estimate.samples
    for row in merged.itertuples():
        p = row.probability_exact
        tolerance = sigmas * max((p * (1 - p) / n) ** 0.5, 1 / n) + 1e-9
        assert abs(row.probability_mc - p) <= tolerance, (row.loser, row.injuries, p, row.probability_mc)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=7, max_size=20), st.lists(st.integers(1, 9), min_size=7, max_size=20),
       st.integers(0, 6), st.integers(0, 6), st.integers(1, 4), st.integers(1, 4), st.booleans(),
       st.integers(0, 2**31 - 1))
def test_exact_melee_odds_agree_with_monte_carlo(a_supply, d_supply, a_str, d_str, a_res, d_res, rear, seed):
    """Property: exact odds and a 20,000-sample Monte Carlo agree within 5 standard errors."""
    attacker = Character(name="A", strength=a_str, resistance=a_res)
    defender = Character(name="D", strength=d_str, resistance=d_res)
    question = dict(attacker_supply=a_supply, defender_supply=d_supply, hand_size=5, rear_arc=rear)
    _agree(melee_odds(attacker, defender, **question),
           melee_monte_carlo(attacker, defender, samples=20_000, seed=seed, **question))


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=15), st.lists(st.integers(1, 9), min_size=7, max_size=15),
       st.integers(0, 9), st.integers(0, 2**31 - 1))
def test_exact_ranged_odds_agree_with_monte_carlo(s_supply, t_supply, weapon, seed):
    """Property: exact ranged odds and a 20,000-sample Monte Carlo agree within 5 standard errors."""
    question = dict(weapon_fate=weapon, shooter_supply=s_supply, target_supply=t_supply)
    _agree(ranged_odds(SAHRA, LUDWIG, **question),
           ranged_monte_carlo(SAHRA, LUDWIG, samples=20_000, seed=seed, **question))
