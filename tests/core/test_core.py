"""The shared core: rule errors, rulings registry, seeded randomness, card piles."""

from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import (
    PileError,
    Piles,
    RuleRef,
    RuleViolation,
    Ruling,
    Rulings,
    SeededRng,
    register,
)
from explorer.core.rulings import REGISTRY, rulings_frame, rulings_markdown


@dataclass(frozen=True)
class Card:
    id: str


def test_rule_violation_is_a_value_error_that_cites_the_rule():
    rule = RuleRef("behind-2003-rulebook.txt", "Movement")
    error = RuleViolation("Ludwig cannot move over Sahra's chip", rule)
    assert isinstance(error, ValueError)
    assert error.reason == "Ludwig cannot move over Sahra's chip" and error.rule == rule
    assert str(error) == 'Ludwig cannot move over Sahra\'s chip (rule: behind-2003-rulebook.txt, section "Movement")'


def test_rulings_default_and_switch():
    ruling = register(Ruling("testsys.colour", "Colour", "q", RuleRef("x.txt", "S"), "red", "red", ("red", "blue")))
    try:
        rulings = Rulings()
        assert rulings["testsys.colour"] == "red"
        switched = rulings.switch(**{"testsys.colour": "blue"})
        assert switched["testsys.colour"] == "blue" and rulings["testsys.colour"] == "red"
        assert Rulings.from_json(switched.to_json()) == switched
        with pytest.raises(ValueError, match="takes one of"):
            rulings.switch(**{"testsys.colour": "green"})
        with pytest.raises(ValueError, match="unknown ruling"):
            rulings.switch(**{"testsys.nope": 1})
        assert "testsys.colour" in rulings_markdown(["testsys"])
        assert ruling.id in set(rulings_frame("testsys")["id"])
    finally:
        del REGISTRY["testsys.colour"]


def test_numeric_ruling_switch_checks_its_range():
    import explorer.behind  # noqa: F401  (registers Behind's rulings)

    rulings = Rulings().switch(**{"behind.card-length-cm": 8.0})
    assert rulings["behind.card-length-cm"] == 8.0
    with pytest.raises(ValueError, match="takes a number from"):
        Rulings().switch(**{"behind.card-length-cm": 100})


def test_every_ruling_has_a_quote_choice_and_source():
    import explorer.behind  # noqa: F401

    for ruling in REGISTRY.values():
        assert ruling.quote and ruling.choice and ruling.source.rulebook.endswith(".txt")


def test_same_seed_same_shuffle_and_saved_state_continues_identically():
    a, b = SeededRng(42), SeededRng(42)
    deck_a, deck_b = list(range(40)), list(range(40))
    a.shuffle(deck_a)
    b.shuffle(deck_b)
    assert deck_a == deck_b and deck_a != list(range(40))
    restored = SeededRng.from_json(a.to_json())
    assert [a.randrange(100) for _ in range(20)] == [restored.randrange(100) for _ in range(20)]
    assert SeededRng(1).spawn("game-3").to_json() == SeededRng(1).spawn("game-3").to_json()
    assert SeededRng(1).spawn(3).to_json() != SeededRng(1).spawn(4).to_json()


def _piles(n=10, seed=0):
    return Piles([Card(f"c{i % 4}") for i in range(n)], SeededRng(seed))


def test_piles_draw_turn_up_and_reshuffle_when_used_up():
    piles = _piles(6)
    piles.draw(5)
    assert piles.counts()["hand"] == 5 and piles.counts()["supply"] == 1
    piles.move(piles.hand[0], "hand", "discard")
    piles.turn_up()  # the last supply card: the discard pile becomes the new supply at once
    assert piles.counts() == {"supply": 2, "hand": 4, "discard": 0, "in_play": 0, "destroyed": 0}
    assert piles.reshuffles == 1
    piles.check_conserved()


def test_piles_refuse_to_move_a_card_that_is_not_there():
    piles = _piles(4)
    with pytest.raises(PileError, match="no card 'c1' in hand"):
        piles.move("c1", "hand", "discard")
    with pytest.raises(PileError, match="unknown zone"):
        piles.move("c1", "supply", "graveyard")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["draw", "turn_up", "play", "destroy", "in_play", "save"]),
                          st.integers(0, 9)), max_size=60), st.integers(0, 2**16))
def test_piles_never_create_or_lose_a_card(operations, seed):
    """Property: whatever is done to the piles, the multiset of cards stays the same."""
    piles = _piles(12, seed)
    cards = {c.id: c for c in piles.all_cards()}
    original = Counter(c.id for c in piles.all_cards())
    for op, k in operations:
        if op == "draw" and (piles.supply or piles.discard):
            piles.draw(1)
        elif op == "turn_up" and (piles.supply or piles.discard):
            piles.turn_up()
        elif op in ("play", "destroy", "in_play") and piles.hand:
            target = {"play": "discard", "destroy": "destroyed", "in_play": "in_play"}[op]
            piles.move(piles.hand[k % len(piles.hand)], "hand", target)
        elif op == "save":
            piles = Piles.from_json(piles.to_json(), cards)
        piles.check_conserved()
        assert Counter(c.id for c in piles.all_cards()) == original
