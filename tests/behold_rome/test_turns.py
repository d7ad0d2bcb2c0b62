"""Turns, rounds and ages of Behold: Rome: set-up, the end of turn, round end, the nation, the game's end."""

import pytest

from explorer.behold_rome import actions as A
from explorer.behold_rome.game import arranged, new_game
from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation


def test_setup_draws_5_cards_with_the_nation_round_and_age_cards_in_back():
    """behold-rome-rulebook.txt, "Setup": "Shuffle the 16 civ cards. Put your nation card in back. ... Draw 5 cards
    for your starting hand" (ruling behold_rome.setup-order)."""
    s = new_game(seed=4)
    stack = s.deck.stack
    assert len(s.hand) == 5 and [e[0] for e in stack[-3:]] == ["nation", "round", "age"]
    civ = s.civ()
    assert len(civ.cards) == 16 and len(civ.in_place("top")) == 1 and civ.round == 1
    assert all(c.level == s.cardset.card(c.card_id).starting_level for c in civ.cards)
    assert new_game(seed=4).deck == s.deck and new_game(seed=5).deck != s.deck


def test_casual_and_easy_start_with_their_regions_controlled_and_hard_plays_fewer_rounds():
    """behold-rome-rulebook.txt, "Difficulty Settings > Game Difficulty Settings": "Casual: Start with Cisalpine Gaul
    and Africa controlled at setup. Easy: Start with Cisalpine Gaul controlled ... Hard: Play only 11 rounds.
    Impossible: Play only 10 rounds." (ruling behold_rome.casual-start)."""
    casual = new_game("casual", seed=1).civ()
    assert [(c.card_id, c.level) for c in casual.in_place("controlled")] == [("gaul", 1), ("africa", 2)]
    assert [c.card_id for c in new_game("easy", seed=1).civ().in_place("controlled")] == ["gaul"]
    assert [new_game(d).rounds for d in ("normal", "hard", "impossible")] == [12, 11, 10]
    with pytest.raises(InputError, match="difficulty"):
        new_game("brutal")


def test_the_end_of_turn_discards_one_card_and_draws_up_to_5():
    """behold-rome-rulebook.txt, "End of Turn Phase": "discard any 1 card from your hand or discard the top card of the
    deck. ... Then, draw cards to fill your hand up to 5"."""
    s = arranged([("roads", None), ("forum", None), ("egypt", None)], [("villa", 1), ("temple", 1)])
    s.apply(A.EndTurn("villa"))
    assert s.hand[:4] == ("temple", "roads", "forum", "egypt") and len(s.hand) == 5 and s.turn == 2
    t = arranged([("roads", None), ("forum", None)], [])
    assert "discard the top card" in str(pytest.raises(RuleViolation, t.check, A.EndTurn("villa")).value)
    t.apply(A.EndTurn("top"))
    assert "roads" not in t.hand and t.civ().place_of("roads").place == "deck"


def test_the_draw_stops_at_the_nation_card_and_the_round_ends_by_moving_on():
    """behold-rome-rulebook.txt, "Round End": "When you draw a card and reveal your nation card, stop immediately (any
    surplus draw is lost). ... To move on, discard a card from your hand. Then, discard the nation card, discard the
    round card ... and discard the age card" (ruling behold_rome.nation-revealed-turn)."""
    s = arranged([("roads", None), ("nation", None)], [("villa", 1), ("temple", 1)])
    s.apply(A.EndTurn("villa"))
    assert s.hand == ("temple", "roads") and s.deck.top[0] == "nation"
    assert not s.can(A.EndTurn("temple")), "the turn cannot end before moving on"
    assert not s.can(A.MoveOn("")), "with cards in hand, moving on discards one"
    s.apply(A.MoveOn("temple"))
    assert s.round == 2 and s.age == 1 and s.hand == ("roads",)
    assert [e[0] for e in s.deck.stack[-3:]] == ["nation", "round", "age"]
    assert s.deck.level("round") == 2


def test_the_player_may_stop_drawing_to_keep_a_stored_card_stored():
    """behold-rome-rulebook.txt, "Holding the Game": "When drawing cards, you can always choose to stop drawing cards
    to avoid drawing a card that would cause a stored card to become un-stored" (ruling behold_rome.stop-drawing)."""
    s = arranged([("roads", None), ("egypt", 1, "stored"), ("forum", None)], [("villa", 1), ("temple", 1)])
    s.apply(A.EndTurn("villa"))
    assert s.phase == "draw" and s.hand == ("temple",)
    s.apply(A.StopDrawing())
    assert s.phase == "action" and s.civ().place_of("egypt").place == "stored"
    t = arranged([("roads", None), ("egypt", 1, "stored"), ("forum", None)], [("villa", 1), ("temple", 1)])
    t.apply(A.EndTurn("villa"))
    t.apply(A.Draw())
    assert t.civ().place_of("egypt").place in ("hand", "top") and not t.civ().in_place("stored")


def test_the_nation_is_developed_once_per_round_paying_its_cost_with_stored_cards():
    """behold-rome-rulebook.txt, "Round End": "You may also develop your nation once. To develop your nation, pay the
    cost stated on the current nation card level" ("Nation card": "once per round!")."""
    s = arranged([("nation", None), ("villa", 1, "stored"), ("egypt", 1, "stored"), ("forum", 2, "stored")],
                 [("temple", 1)])
    assert s.can(A.DevelopNation())
    s.apply(A.DevelopNation())
    s.apply(A.Pay("villa"))
    s.apply(A.Pay("egypt"))
    assert s.nation_level == 2 and s.phase == "action"
    assert not s.can(A.DevelopNation()), "once per round"
    early = arranged([("roads", None), ("villa", 1, "stored"), ("egypt", 1, "stored")], [("temple", 1)])
    assert not early.can(A.DevelopNation()), "at round end, once the nation card is revealed"


def test_theocracy_needs_constantine_active():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Requirements": "you need the Constantine card level to be
    active before you can develop your nation card to Theocracy"."""
    stored = [("villa", 4, "stored"), ("forum", 2, "stored"), ("egypt", 1, "stored")]
    s = arranged([("nation", None)] + stored, [("scholars", 1)], nation_level=3)
    assert not s.can(A.DevelopNation()), "Shrine is active, not Constantine"
    s = arranged([("nation", None)] + stored, [("temple", 4)], nation_level=3)
    s.apply(A.DevelopNation())
    for card in ("villa", "forum", "egypt"):
        s.apply(A.Pay(card))
    assert s.nation_level == 4 and s.rules.nation(s._data).status == "theocracy"


def test_the_last_round_ends_the_game():
    """behold-rome-rulebook.txt, "Round End": "At the end of round 12, score all your cards ... when you reveal your
    nation card at the end of round 12, you may still develop your nation (once) and play cards from your hand as
    able before ending the game" (ruling behold_rome.last-round)."""
    s = arranged([("nation", None)], [("temple", 1)], round=12)
    assert not s.can(A.MoveOn("temple")) and s.can(A.EndGame())
    s.apply(A.EndGame())
    assert s.is_terminal() and s.current_player is None and not list(s.legal_actions())
    score = s.score()
    assert s.winner == ("player" if score.total > score.rival_total else None), "a tie loses (\"Scoring\")"
    hard = arranged([("nation", None)], [("temple", 1)], round=11, difficulty="hard")
    assert hard.can(A.EndGame())


def test_fluid_rounds_move_past_the_nation_card_and_keep_drawing():
    """behold-rome-rulebook.txt, "Fluid Round Variant": "unless you want to stop at the nation card, just keep moving
    past it; discard it and the round card and age card (updating as needed), and continue drawing cards if you had
    any remaining draw" (ruling behold_rome.fluid-pass)."""
    s = arranged([("roads", None), ("nation", None), ("forum", None)], [("villa", 1), ("temple", 1)],
                 variants=["fluid-rounds"])
    s.apply(A.EndTurn("villa"))
    assert s.phase == "draw" and s.deck.top[0] == "nation"
    s.apply(A.PassNation())
    assert s.round == 2 and len(s.hand) == 5 and "forum" in s.hand


def test_the_age_card_tracks_thirds_of_the_game():
    """behold-rome-rulebook.txt, "Round and Age cards": "Flip or rotate the age card to track the current age (which
    third of the game you're in)" (ruling behold_rome.ages)."""
    printed = new_game("hard").rules
    assert [printed.age(r) for r in range(1, 12)] == [1] * 4 + [2] * 4 + [3] * 3
    even = new_game("hard", rulings={"behold_rome.ages": "even-thirds"}).rules
    assert [even.age(r) for r in range(1, 12)] == [1] * 3 + [2] * 4 + [3] * 4


def test_a_card_that_draws_cannot_be_played_once_the_nation_card_is_revealed():
    """behold-rome-rulebook.txt, "Round End": "When you draw a card and reveal your nation card, stop immediately";
    "Before moving on to the next round, you may continue to play cards as long as they do not force you to draw
    cards."  The refusal says the nation card stops the draw and cites Round End, not the generic look-ahead."""
    from explorer.behold_rome import refs

    s = arranged([("nation", None)], [("roads", 1), ("villa", 1), ("temple", 1)])  # Dirt Tracks: draw 2 cards
    assert s.deck.top[0] == "nation"
    with pytest.raises(RuleViolation) as caught:
        s.check(A.Play("roads"))
    assert caught.value.rule == refs.ROUND_END
    assert "the nation card is revealed and stops the draw: Dirt Tracks' draw" in caught.value.reason
    assert A.Play("villa", store_played=True) in s.legal_actions(), \
        "Farmsteads stores (itself: the only card with population), it does not draw: it may still be played"
    looked = arranged([("roads", None), ("nation", None)], [("aqueduct", 2), ("villa", 1)])  # Aqueduct pays 2 materials
    with pytest.raises(RuleViolation) as caught:
        looked.check(A.Play("aqueduct"))
    assert caught.value.rule.section == "Action Phase" and "could not be completed" in caught.value.reason, \
        "a play refused for its costs keeps the look-ahead's reason"


def test_an_arranged_position_logs_that_it_was_arranged_not_set_up():
    """behold-rome-rulebook.txt, "Holding the Game": a position arranged by hand is a deck as held, not one the
    "Setup" dealt: its log starts with one 'arranged' event and shows no set-up or starting draw."""
    from explorer.behold_rome import refs

    s = arranged([("roads", None), ("nation", None)], [("villa", 1), ("temple", 1)], round=3)
    assert [e.kind for e in s.log] == ["arranged"]
    assert s.log[0].rule == refs.HOLDING_THE_GAME and "round 3" in s.log[0].text and "2 in the hand" in s.log[0].text
    assert not any(e.rule == refs.SETUP for e in s.log)
