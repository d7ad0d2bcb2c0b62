"""The deck as held in Behold: Rome: one stack, discards and stores at the back in front of the controlled regions."""

import pytest

from explorer.behold_rome.deck import Deck, DeckError
from explorer.core.inputs import InputError


def deck() -> Deck:
    return Deck([["a", 1, ""], ["b", 2, ""], ["s", 1, "stored"], ["nation", 1, ""], ["round", 1, ""], ["age", 1, ""],
                 ["r", 2, "controlled"]], [["h", 3], ["k", 1]])


def ids(d: Deck) -> list:
    return [e[0] for e in d.stack]


def test_discards_go_behind_the_stored_cards_and_in_front_of_the_controlled_regions():
    """behold-rome-rulebook.txt, "Holding the Game": "Discarded cards go behind any stored cards, to the back of the
    deck (but again, still in front of any controlled regions)"."""
    d = deck()
    d.discard_from("hand", "h")
    assert ids(d) == ["a", "b", "s", "nation", "round", "age", "h", "r"]
    d.check()


def test_storing_turns_a_card_and_puts_it_in_front_of_the_controlled_regions():
    """behold-rome-rulebook.txt, "Holding the Game": "rotate it to the right 90 degrees and put it to the back of the
    deck (but in front of any controlled regions)"."""
    d = deck()
    d.store_from("hand", "k")
    assert d.stack[-2] == ["k", 1, "stored"] and d.stack[-1][2] == "controlled"
    d.discard_from("hand", "h")
    assert ids(d)[-3:] == ["k", "h", "r"], "as you discard cards, stored cards will end up moving forward"


def test_a_stored_card_that_becomes_the_top_card_is_no_longer_stored():
    """behold-rome-rulebook.txt, "Holding the Game": "If a stored card ever becomes the top card of the deck, rotate it
    upright. The stored card is no longer considered stored"."""
    d = deck()
    d.draw()
    assert d.next_unstores()
    _, unstored = d.draw()
    assert unstored == "s" and d.top == ["s", 1, ""] and not d.stored()


def test_a_conquered_region_goes_to_the_very_back():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Conquer": "Slot the region in the very back, leaving it
    sticking out above any already-controlled regions"."""
    d = deck()
    d.set_aside("h")
    d.control("h")
    assert ids(d)[-2:] == ["r", "h"] and [e[0] for e in d.controlled()] == ["r", "h"]
    d.discard_from("stack", "r")
    assert ids(d)[-2:] == ["r", "h"] and d.stack[-2][2] == "", "abandoned: discarded in front of the controlled"


def test_the_invariants_catch_a_lost_card_a_fifth_stored_card_and_a_controlled_region_moved_forward():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Slot": "you can store a maximum of 4 cards and can have a
    maximum of 4 controlled regions at once"; "Controlled regions always stay in the very back" ("Holding the Game")."""
    d = deck()
    d.check()
    lost = deck()
    lost.hand.pop()
    with pytest.raises(DeckError, match="not conserved"):
        lost.check()
    forward = deck()
    forward.stack.insert(0, forward.stack.pop())
    with pytest.raises(DeckError, match="very back"):
        forward.check()
    full = Deck([["nation", 1, ""], ["round", 1, ""], ["age", 1, ""]] + [[f"c{i}", 1, "stored"] for i in range(5)])
    with pytest.raises(DeckError, match="5 stored"):
        full.check()
    with pytest.raises(DeckError, match="cannot be drawn"):
        Deck([["nation", 1, ""], ["round", 1, ""], ["age", 1, ""]]).draw()


def test_the_deck_round_trips_through_json_and_refuses_a_malformed_one():
    """behold-rome-rulebook.txt, "Holding the Game": the deck as held, saved exactly."""
    d = deck()
    assert Deck.from_json(d.to_json()) == d
    with pytest.raises(InputError, match="stack"):
        Deck.from_json({"stack": [["a", "1", ""]], "hand": [], "aside": []})
    with pytest.raises(InputError, match="deck as held"):
        Deck.from_json({"stack": [["a", 1, "controlled"], ["b", 1, ""]], "hand": [], "aside": []})
