"""Beyond's actions in words (explorer/beyond/actions.py ``describe``), as the replay panel's step
headers show them: beyond-rulebook.txt, "Phase 1: Reveal and Collection" ("Failed reveal with use
of Lotus tokens": the last card is free, one Lotus token per extra card) and "Phase 3" (captures)."""

from explorer.beyond.actions import Capture, Collect, EndTurn, Place, Reveal, describe
from explorer.beyond.cards import card_text
from explorer.beyond.game import new_game


def test_reveal_collect_and_place_read_in_the_rulebooks_words():
    """"Failed reveal with use of Lotus tokens ... per token, one revealed card of their choice. The
    last card revealed is anyhow always 'free'"."""
    game = new_game(["P1", "P2"], seed=3)
    card = next(iter(game.cards))
    words = card_text(game.cards, card)  # "Turtle Snake (yin)", as the events write a card
    assert describe(Reveal(), game) == "reveals the top card of the draw pile"
    assert describe(Collect(bought=(card,)), game) == (f"collects the last revealed card free, buying {words} "
                                                       f"with 1 Lotus token")
    assert describe(Place(card, "capture"), game) == f"places {words} Capture side up"
    assert describe(Capture("P2", card, (card,)), None) == f"captures {card} from P2 with {card}"
    assert describe(EndTurn()) == "ends the turn"
