"""Deck.mark, the one-look-up answer the checks read for "is this card stored / controlled?", agrees with
Deck.place after every kind of move (behold-rome-rulebook.txt, "Holding the Game": stored cards are turned,
controlled regions stick out at the very back)."""

from explorer.behold_rome.deck import Deck


def _agrees(deck: Deck) -> None:
    for card_id in deck.ids():
        place = deck.place(card_id)
        expected = place if place in ("stored", "controlled") else ""
        assert deck.mark(card_id) == expected, (card_id, place)


def test_mark_follows_the_moves_and_copies():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Store / Stored", "> Conquer", "> Discard"."""
    deck = Deck([["a", 1, ""], ["b", 1, ""], ["c", 2, ""], ["nation", 1, ""], ["round", 1, ""], ["age", 1, ""],
                 ["r", 1, "controlled"]], [["h", 1], ["g", 2], ["x", 1]])
    _agrees(deck)
    deck.store_from("hand", "h")
    assert deck.mark("h") == "stored"
    twin = deck.copy()
    deck.set_aside("g")
    deck.control("g")
    assert deck.mark("g") == "controlled" and twin.mark("g") == ""
    deck.discard_from("stack", "r")
    assert deck.mark("r") == ""
    deck.draw()
    _agrees(deck)
    _agrees(twin)
    assert deck.mark("no-such-card") is None
