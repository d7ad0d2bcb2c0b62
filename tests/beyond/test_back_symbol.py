"""The top card's back, the second draw pile and checked arguments in Beyond's reveal odds (issue 10).

beyond-rulebook.txt, section "Set Up": "Thoroughly shuffle all the Celestial Spirit cards to create a
common deck with the backs visible"; section "Card backs: Yin or Yang Capture Side": "The reverse side
of each Celestial Spirit card features the symbol from the front side."  So the Yin / Yang symbol of
the draw pile's top card is public.  Section "End of the Game - Counting Energy Points" and ruling
``beyond.second-draw-pile``: when the draw pile runs out, the discard pile becomes the second pile.
"""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.beyond import odds
from explorer.beyond.odds import (
    collected_distribution,
    expected_gain,
    optimal_stop,
    p_fail_next,
    p_nian_shou,
    reveal_decision,
    reveal_monte_carlo,
    reveal_outcomes,
    spirit_of,
)
from explorer.beyond.position import from_position
from explorer.core.inputs import InputError

TS_YIN, TS_YANG = ("TS", "card", "yin"), ("TS", "card", "yang")
VB_YIN, VB_YANG = ("VB", "card", "yin"), ("VB", "card", "yang")
AD_YIN, AD_YANG = ("AD", "head", "yin"), ("AD", "body", "yang")
KEYS = [TS_YIN, TS_YANG, VB_YIN, VB_YANG, AD_YIN, AD_YANG]


def issue_position(top: str | None = None):
    """One Turtle Snake yin revealed, 7 Turtle Snake yang discarded (written as a position)."""
    position = {"players": ["Jessy", "Sam"], "revealed": ["TS yin"], "discard": ["TS yang"] * 7}
    if top is not None:
        position["draw_top"] = [top]
    return from_position(position, seed=3)


def keys(state):
    return [state.cards[c].key for c in state.revealed]


# -- the rulebook's example ----------------------------------------------------------------------


def test_the_top_cards_back_changes_the_chance_of_failing():
    """beyond-rulebook.txt, "Set Up" ("with the backs visible") and "Card backs: Yin or Yang Capture
    Side": one Turtle Snake yin revealed, 7 Turtle Snake yang discarded -- P(next fails) is 8/72 not
    knowing the back, 7/39 with a yin back, 1/33 with a yang back (16 Turtle Snakes, 8 of each symbol,
    data/beyond/spirits.json)."""
    state = issue_position()
    unseen = state.draw_pile_counts()
    assert sum(unseen.values()) == 72
    assert p_fail_next(keys(state), unseen) == Fraction(8, 72)
    assert p_fail_next(keys(state), unseen, back="unknown") == Fraction(8, 72)
    assert p_fail_next(keys(state), unseen, back="yin") == Fraction(7, 39)
    assert p_fail_next(keys(state), unseen, back="yang") == Fraction(1, 33)
    for top, expected in (("VB yin", Fraction(7, 39)), ("VB yang", Fraction(1, 33))):
        stacked = issue_position(top)
        assert stacked.top_back == top.split()[1]
        assert stacked.view("Sam")["top_back"] == stacked.top_back
        assert p_fail_next(keys(stacked), stacked.draw_pile_counts(), back=stacked.top_back) == expected


def test_the_back_is_public_but_the_face_is_not():
    """beyond-rulebook.txt, "Set Up": the backs are visible, the faces and the order are not."""
    state = issue_position("VB yang")
    view = state.view("Jessy")
    assert view["top_back"] == "yang" and view["draw_pile"] == 72
    assert "VB" not in str(view["top_back"])


def test_reveals_run_on_into_the_second_pile():
    """Ruling beyond.second-draw-pile (beyond-rulebook.txt, "End of the Game - Counting Energy Points"):
    2 cards left, 8 discarded: P(3 reveals succeed) is not 1 -- the third card comes from the discard
    pile shuffled into the second draw pile.  Under 'single-pile' the reveal stops with the pile."""
    pile = Counter({VB_YIN: 1, AD_YIN: 1})
    discard = Counter({TS_YANG: 4, VB_YANG: 2, ("MT", "head", "yin"): 2})
    outcomes = reveal_outcomes([TS_YIN], pile, 3, second_pile=discard)
    # after VB and AD (sure), the third card fails on TS (4), VB (2) or AD (0) of the 8: P = 6/8.
    assert outcomes.p_success == Fraction(2, 8)
    assert reveal_outcomes([TS_YIN], pile, 3).p_success == 1  # single-pile: the reveal stops
    assert outcomes.total == 1


def test_the_state_gives_the_second_pile_to_come():
    """Ruling beyond.second-draw-pile: on the first pile, the public discard pile is the second pile to
    come (state.second_pile_counts()); under 'single-pile', or on the second pile, there is none."""
    discard = ["TS09", "TS10", "TS11", "TS12", "VB09", "VB10", "MT01", "MT02"]
    state = from_position({"players": ["Jessy", "Sam"], "discard": discard}, seed=0)
    assert state.pile_mode == "reshuffle-discard"
    assert state.second_pile_counts() == Counter({TS_YANG: 4, VB_YANG: 2, ("MT", "head", "yin"): 2})
    single = from_position({"players": ["Jessy", "Sam"], "discard": discard,
                            "rulings": {"beyond.second-draw-pile": "single-pile"}}, seed=0)
    assert single.second_pile_counts() is None
    gain = expected_gain([], Counter({VB_YIN: 1, AD_YIN: 1}), k_max=3, second_pile=state.second_pile_counts())
    assert gain.p_fail[3] == Fraction(2, 8)  # VB and AD for sure, then VB yang (2 of the 8) fails


# -- consistency and brute force -------------------------------------------------------------------


def brute(revealed, pile, k, back=None, second=None):
    """Every ordered draw of physical cards (the first conditioned on its back), pile 1 then pile 2."""
    first = [key for key, c in pile.items() for _ in range(c)]
    rest = [key for key, c in (second or {}).items() for _ in range(c)]
    outcomes = Counter()
    n = 0
    for order1 in permutations(first):
        if back is not None and (not order1 or order1[0][2] != back):
            continue
        for order2 in (permutations(rest) if len(order1) < k else [()]):
            draw = (list(order1) + list(order2))[:k]
            shown = {spirit_of(c) for c in revealed}
            result = ("stop", len(draw))
            for j, card in enumerate(draw, 1):
                if spirit_of(card) in shown:
                    result = ("fail", j)
                    break
                shown.add(spirit_of(card))
            outcomes[result] += 1
            n += 1
    return {r: Fraction(c, n) for r, c in outcomes.items()}


def summary(outcomes):
    out = Counter()
    for path in outcomes.paths:
        out[("fail", path.reveals) if path.failed else ("stop", path.reveals)] += path.probability
    return dict(out)


small = st.dictionaries(st.sampled_from(KEYS), st.integers(0, 2), min_size=1).map(lambda d: Counter(+Counter(d)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pile=small, second=small, n_revealed=st.integers(0, 1), k=st.integers(0, 4),
       back=st.sampled_from([None, "yin", "yang"]))
def test_odds_with_a_back_and_a_second_pile_equal_brute_force(pile, second, n_revealed, k, back):
    pile = +pile
    if sum(pile.values()) > 5 or sum(second.values()) > 4 or not pile:
        return
    if back is not None and not any(key[2] == back for key in pile):
        return
    revealed = [TS_YIN] if n_revealed else []
    pile_here = +Counter({key: c for key, c in pile.items()})
    outcomes = reveal_outcomes(revealed, pile_here, k, back=back, second_pile=second)
    assert summary(outcomes) == brute(revealed, pile_here, k, back, second)
    assert outcomes.total == 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pile=small, second=small, n_revealed=st.integers(0, 2), k=st.integers(1, 3), lotus=st.integers(0, 2))
def test_the_mix_over_backs_is_the_unknown_back_answer(pile, second, n_revealed, k, lotus):
    """P(back) * answer(back), summed over yin and yang, is the answer not knowing the back."""
    revealed = [TS_YIN, VB_YIN][:n_revealed]
    pile = +Counter({key: c for key, c in pile.items() if key not in revealed})
    if not pile:
        return
    n = sum(pile.values())
    weight = {b: Fraction(sum(c for key, c in pile.items() if key[2] == b), n) for b in ("yin", "yang")}
    backs = [b for b in weight if weight[b]]

    def mixed(f):
        return sum(weight[b] * f(b) for b in backs)

    assert mixed(lambda b: p_fail_next(revealed, pile, back=b)) == p_fail_next(revealed, pile)
    assert mixed(lambda b: p_nian_shou(revealed, pile, back=b)) == p_nian_shou(revealed, pile)
    assert mixed(lambda b: reveal_outcomes(revealed, pile, k, back=b, second_pile=second).p_fail) == \
        reveal_outcomes(revealed, pile, k, second_pile=second).p_fail
    assert mixed(lambda b: expected_gain(revealed, pile, lotus=lotus, k_max=k, back=b, second_pile=second).values[k]) \
        == expected_gain(revealed, pile, lotus=lotus, k_max=k, second_pile=second).values[k]
    value = weird
    assert mixed(lambda b: expected_gain(revealed, pile, value, lotus=lotus, k_max=k, back=b,
                                         second_pile=second).values[k]) \
        == expected_gain(revealed, pile, value, lotus=lotus, k_max=k, second_pile=second).values[k]
    assert mixed(lambda b: optimal_stop(revealed, pile, lotus, back=b, second_pile=second).more) \
        == optimal_stop(revealed, pile, lotus, second_pile=second).more
    assert mixed(lambda b: collected_distribution(revealed, pile, k, lotus, back=b, second_pile=second).expected) \
        == collected_distribution(revealed, pile, k, lotus, second_pile=second).expected


def weird(keys):
    """A key-level valuation: yang cards count 2, a head with a body 3 more."""
    heads = sum(1 for key in keys if key[1] == "head")
    bodies = sum(1 for key in keys if key[1] == "body")
    return sum(2 if key[2] == "yang" else 1 for key in keys) + 3 * min(heads, bodies)


def test_key_valuation_with_a_second_pile_equals_brute_force():
    pile = Counter({VB_YIN: 1})
    second = Counter({AD_YIN: 1, AD_YANG: 1, TS_YANG: 1})
    gain = expected_gain([TS_YIN], pile, weird, k_max=2, second_pile=second)
    # VB sure; then AD yin (1+1+1=3 -> TS yin, VB yin, AD yin: 3), AD yang (1+1+2=4), TS yang (fail: 2).
    assert gain.values[1] == 2
    assert gain.values[2] == Fraction(3 + 4 + 2, 3)


def test_monte_carlo_knows_the_back_and_the_second_pile():
    state = issue_position()
    unseen = state.draw_pile_counts()
    estimate = reveal_monte_carlo(keys(state), unseen, 1, samples=20_000, seed=2, back="yang")
    assert abs(estimate.p_fail - 1 / 33) < 0.01
    pile = Counter({VB_YIN: 1, AD_YIN: 1})
    discard = Counter({TS_YANG: 4, VB_YANG: 2, ("MT", "head", "yin"): 2})
    estimate = reveal_monte_carlo([TS_YIN], pile, 3, samples=20_000, seed=2, second_pile=discard)
    assert abs(estimate.p_fail - 6 / 8) < 0.02


# -- one form of card key, and meaningless questions refused ---------------------------------------


def test_card_ids_are_refused_with_the_form_expected():
    """Issue 10: `p_fail_next(list(state.revealed), ...)` silently said 0."""
    state = issue_position()
    with pytest.raises(InputError, match=r"card key.*state\.cards\[c\]\.key"):
        p_fail_next(list(state.revealed), state.draw_pile_counts())
    with pytest.raises(InputError, match="card key"):
        p_fail_next(["TS07"], state.draw_pile_counts())
    with pytest.raises(InputError, match="card key"):
        p_fail_next(keys(state), Counter({"TS07": 3}))
    with pytest.raises(InputError):
        p_fail_next("TS07", state.draw_pile_counts())
    assert p_fail_next(keys(state), state.draw_pile_counts()) == Fraction(8, 72)
    assert p_fail_next(state.revealed_keys(), state.draw_pile_counts()) == Fraction(8, 72)


def test_meaningless_questions_are_refused():
    deck = odds.standard_deck()
    with pytest.raises(InputError, match="lotus"):
        collected_distribution([], deck, 2, lotus=-2)
    with pytest.raises(InputError):
        reveal_outcomes([], Counter({TS_YIN: 1.5}), 2)
    with pytest.raises(InputError, match="samples"):
        reveal_monte_carlo([], deck, 2, samples=0)
    with pytest.raises(InputError, match="back"):
        p_fail_next([], deck, back="red")
    with pytest.raises(InputError, match="back"):
        p_fail_next([], Counter({TS_YIN: 3}), back="yang")  # no yang back among the unseen cards
    with pytest.raises(InputError, match="k"):
        reveal_outcomes([], deck, -1)
    with pytest.raises(InputError):
        expected_gain([], deck, k_max=0)
    with pytest.raises(InputError):
        expected_gain([], deck, nian_shou_value=float("nan"))
    with pytest.raises(InputError):
        optimal_stop([], deck, lotus=True)
    with pytest.raises(InputError):
        p_nian_shou([], deck, nian_shou_left=-1)


ARGUMENTS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                      st.text(max_size=6), st.lists(st.integers(), max_size=3), st.tuples(), st.just(object()),
                      st.dictionaries(st.text(max_size=3), st.floats(), max_size=2))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(["revealed", "unseen", "k", "lotus", "nian_shou_left", "back", "second_pile",
                              "samples", "k_max", "nian_shou_value", "lotus_cost", "value", "seed"]),
       bad=ARGUMENTS)
def test_wrong_arguments_give_input_error_never_another_exception(which, bad):
    deck = Counter({TS_YIN: 2, VB_YANG: 2, AD_YIN: 1})
    calls = {
        "revealed": lambda: reveal_decision(bad, deck, k_max=2),
        "unseen": lambda: reveal_decision([], bad, k_max=2),
        "k": lambda: reveal_outcomes([], deck, bad),
        "lotus": lambda: reveal_decision([], deck, lotus=bad, k_max=2),
        "nian_shou_left": lambda: reveal_decision([], deck, nian_shou_left=bad, k_max=2),
        "back": lambda: reveal_decision([], deck, back=bad, k_max=2),
        "second_pile": lambda: reveal_decision([], deck, second_pile=bad, k_max=2),
        "samples": lambda: reveal_monte_carlo([], deck, 2, samples=bad),
        "k_max": lambda: expected_gain([], deck, k_max=bad),
        "nian_shou_value": lambda: expected_gain([], deck, nian_shou_value=bad),
        "lotus_cost": lambda: optimal_stop([], deck, lotus_cost=bad),
        "value": lambda: expected_gain([], deck, value=bad),
        "seed": lambda: reveal_monte_carlo([], deck, 2, samples=10, seed=bad),
    }
    try:
        calls[which]()
    except InputError:
        pass


def test_unseen_cards_refuses_ids_and_unknown_cards():
    deck = odds.standard_deck()
    with pytest.raises(InputError, match="card key"):
        odds.unseen_cards(deck, ["TS07"], [])
    with pytest.raises(InputError, match="not"):
        odds.unseen_cards(deck, [TS_YIN], [])  # an engine key is not in the full-name standard deck
    with pytest.raises(InputError):
        odds.unseen_cards([TS_YIN], [], [])


def test_engine_keys_and_standard_deck_keys_are_not_mixed():
    """One form of card key per question: the engine's (spirit code) or standard_deck()'s (full name)."""
    with pytest.raises(InputError, match="one form of card key"):
        p_fail_next([TS_YIN], odds.standard_deck())
