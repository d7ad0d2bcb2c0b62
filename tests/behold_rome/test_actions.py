"""The action phase of Behold: Rome: playing a card, its costs and benefits, step by step."""

import pytest

from explorer.behold_rome import actions as A
from explorer.behold_rome.cards import CardSet
from explorer.behold_rome.game import arranged, shipped_cards
from explorer.core.rules import RuleViolation

RULEBOOK = "behold-rome-rulebook.txt"


def example_cards() -> CardSet:
    """The shipped set with Market Square's action made the rulebook's example: draw 3 cards, store 4 materials."""
    data = shipped_cards().model_dump(mode="json", by_alias=True, exclude_none=True)
    forum = next(c for c in data["civ_cards"] if c["id"] == "forum")
    forum["levels"][0]["action"] = {"benefits": [{"draw": 3}, {"store": 4, "resource": "materials"}],
                                    "text": "Draw 3 cards and store 4 materials."}
    return CardSet.from_json(data, "example")


def refused(state, action) -> str:
    with pytest.raises(RuleViolation) as caught:
        state.check(action)
    return str(caught.value)


def test_the_rulebooks_example_draw_at_least_1_and_store_at_least_1():
    """behold-rome-rulebook.txt, "Action Phase": "if an action says to draw 3 cards and store 4 materials, you must
    draw at least 1 card and store at least 1 material, but you may leave it at that if you so choose"."""
    s = arranged([("roads", None), ("senate", None)], [("forum", 1), ("egypt", 1), ("villa", 1)], cardset=example_cards())
    s.apply(A.Play("forum"))
    assert s.phase == "benefits"
    assert "at least in part" in refused(s, A.Finish())
    s.apply(A.Draw())
    assert "roads" in s.hand
    assert "at least in part" in refused(s, A.Finish())
    assert not s.can(A.Store("villa")), "Farmsteads has population, no materials"
    s.apply(A.Store("egypt"))
    assert s.civ().place_of("egypt").place == "stored"
    s.apply(A.Finish())
    assert s.phase == "action" and s.civ().place_of("forum").place == "deck"


def test_a_card_whose_benefit_cannot_be_resolved_cannot_be_played():
    """behold-rome-rulebook.txt, "Action Phase": "You must be able to resolve at least some of each distinct type of
    benefit of the action (you can't play a card just to pay its action's costs)" (ruling behold_rome.benefit-check)."""
    s = arranged([("roads", None)], [("forum", 1), ("villa", 1)], cardset=example_cards())
    assert "could not be completed" in refused(s, A.Play("forum"))
    # Market Square shows 1 material: stored itself, its store benefit is resolved ("Played Card").
    s.apply(A.Play("forum", store_played=True))
    assert s.civ().place_of("forum").place == "stored"
    s.apply(A.Draw())
    s.apply(A.Finish())


def test_only_stored_resources_pay():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Available Resources": "Available resources are not able
    to be spent to pay for actions that call for resources as payment. Only stored resources may be spent"."""
    s = arranged([("roads", None)], [("britannia", 1), ("villa", 1), ("gaul", 1)])
    assert not s.can(A.Play("britannia")), "Farmsteads' 2 population are only available, not stored"
    s = arranged([("roads", None), ("villa", 1, "stored")], [("britannia", 1), ("gaul", 1)])
    s.apply(A.Play("britannia"))
    assert s.phase == "costs"
    s.apply(A.Pay("villa"))
    assert s.phase == "benefits", "Farmsteads' 2 stored population pay Channel Crossing's 2"
    s.apply(A.Conquer("gaul"))
    assert s.civ().place_of("gaul").place == "controlled"
    assert s.phase == "action"


def test_pay_discards_stored_cards_covering_the_price_and_the_surplus_is_lost():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Pay / Spend": "discard cards from your stored area with
    resources equal to or exceeding those specified" (ruling behold_rome.pay-mixed)."""
    s = arranged([("roads", None), ("villa", 2, "stored"), ("egypt", 1, "stored")], [("legion", 1), ("gaul", 1)])
    s.apply(A.Play("legion"))
    assert "covers no part" in refused(s, A.Pay("egypt")), "Nile Granaries holds materials, Levy costs population"
    s.apply(A.Pay("villa"))
    assert s.civ().place_of("villa").place == "deck" and s.phase == "benefits"


def test_the_played_card_is_discarded_before_its_benefits():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Played Card": "Discard the played card after paying all
    costs for its action but before resolving its benefits"."""
    s = arranged([("roads", None)], [("scholars", 1), ("temple", 1)])
    s.apply(A.Play("scholars"))
    assert s.civ().place_of("scholars").place == "deck"
    assert not s.can(A.Develop("scholars")), "You may not develop or degrade the played card"
    s.apply(A.Develop("temple"))
    assert s.civ().place_of("temple").level == 2


def test_cards_discarded_developed_or_degraded_for_the_action_cannot_be_stored():
    """behold-rome-rulebook.txt, "Action Phase": "You may not store cards you discarded, developed, or degraded for
    this action"."""
    data = shipped_cards().model_dump(mode="json", by_alias=True, exclude_none=True)
    scholars = next(c for c in data["civ_cards"] if c["id"] == "scholars")
    scholars["levels"][0]["action"] = {"benefits": [{"develop": 1}, {"store": 3}]}
    cards = CardSet.from_json(data, "test")
    s = arranged([("roads", None)], [("scholars", 1), ("villa", 1), ("egypt", 1)], cardset=cards)
    s.apply(A.Play("scholars"))
    s.apply(A.Develop("villa"))
    assert "cannot be stored" in refused(s, A.Store("villa"))
    s.apply(A.Store("egypt"))


def test_conquer_takes_one_region_of_wealth_up_to_the_conquer_and_heeds_banners():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Conquer": "You must generate an amount of conquer equal to
    or greater than the region's wealth"; "> Banner": "To play or conquer cards with a banner, your nation must be the
    correct status"."""
    s = arranged([("roads", None), ("villa", 1, "stored")], [("legion", 1), ("greece", 3), ("gaul", 1), ("egypt", 2)])
    s.apply(A.Play("legion"))
    s.apply(A.Pay("villa"))
    assert "wealth 4" in refused(s, A.Conquer("greece")), "Macedonia has wealth 4, Levy conquers 2"
    assert "banner" in refused(s, A.Conquer("egypt")) or not s.can(A.Conquer("egypt"))
    s.apply(A.Conquer("gaul"))
    assert s.phase == "action", "one region per conquer (ruling behold_rome.conquer-one-region)"


def test_conquering_a_fifth_region_abandons_an_existing_one():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Conquer": "If you already have 4 controlled regions and you
    conquer a new one, choose 1 existing region to abandon"; "> Abandon": "Discard a controlled region"."""
    s = arranged([("roads", None), ("villa", 1, "stored"), ("gaul", 1, "controlled"), ("africa", 2, "controlled"),
                  ("hispania", 2, "controlled"), ("britannia", 2, "controlled")], [("legion", 1), ("greece", 1)])
    s.apply(A.Play("legion"))
    s.apply(A.Pay("villa"))
    s.apply(A.Conquer("greece"))
    assert s.phase == "costs" and not s.can(A.Abandon("greece"))
    s.apply(A.Abandon("africa"))
    civ = s.civ()
    assert [c.card_id for c in civ.in_place("controlled")] == ["gaul", "hispania", "britannia", "greece"]
    assert s.deck.stack[-5][0] == "africa", "the abandoned region is discarded in front of the controlled regions"


def test_developing_heeds_the_target_levels_banner_and_requirement():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Develop": "You must heed any banners and requirements on
    levels you develop into" (ruling behold_rome.develop-banner); "> Requirements": "that card level must be active
    before you can develop into the card level with this requirement"."""
    s = arranged([("roads", None)], [("scholars", 1), ("legion", 3), ("temple", 1)])
    s.apply(A.Play("scholars"))
    assert "banner" in refused(s, A.Develop("legion")), "Praetorian Guard shows the empire banner"
    s.apply(A.Develop("temple"))
    empire = arranged([("roads", 1)], [("scholars", 1), ("forum", 3)], nation_level=3)
    empire.apply(A.Play("scholars"))
    assert "requires Via Appia" in refused(empire, A.Develop("forum"))
    via = arranged([("roads", 2)], [("scholars", 1), ("forum", 3)], nation_level=3)
    via.apply(A.Play("scholars"))
    via.apply(A.Develop("forum"))
    assert via.civ().place_of("forum").level == 4, "Via Appia is active on the top card: anywhere in the civ"
    loose = arranged([("roads", None)], [("scholars", 1), ("legion", 3)],
                     rulings={"behold_rome.develop-banner": "ignore"})
    loose.apply(A.Play("scholars"))
    loose.apply(A.Develop("legion"))
    assert loose.civ().place_of("legion").level == 4


def test_a_requirements_extra_cost_is_paid_when_developing_into_the_level():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Requirements": "Other requirements will simply state a cost
    ... These costs must be paid to develop to this card level" (ruling behold_rome.requirement-cost)."""
    s = arranged([("roads", None), ("villa", 1, "stored")], [("scholars", 1), ("games", 1)])
    s.apply(A.Play("scholars"))
    assert not s.can(A.Develop("games")), "Colosseum's extra cost is 2 materials and none is stored"
    s = arranged([("roads", None), ("egypt", 1, "stored")], [("scholars", 1), ("games", 1)])
    s.apply(A.Play("scholars"))
    s.apply(A.Develop("games"))
    assert s.phase == "costs"
    s.apply(A.Pay("egypt"))
    assert s.civ().place_of("games").level == 2


def test_developing_into_a_tributary_abandons_a_region_first():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Develop": "If you develop a card to a tributary level, you
    must first abandon 1 region. You cannot develop a card to a tributary if you have no regions to abandon"."""
    s = arranged([("roads", None)], [("scholars", 1), ("greece", 3)])
    s.apply(A.Play("scholars"))
    assert "tributary" in refused(s, A.Develop("greece"))
    s = arranged([("roads", None), ("gaul", 1, "controlled")], [("scholars", 1), ("greece", 3)])
    s.apply(A.Play("scholars"))
    s.apply(A.Develop("greece"))
    s.apply(A.Abandon("gaul"))
    assert s.civ().place_of("greece").level == 4 and s.civ().place_of("gaul").place == "deck"


def test_a_controlled_region_developed_out_of_the_region_type_is_discarded():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Develop": "If you increase the region to a level that is
    not a region card type, immediately discard the card" (ruling behold_rome.develop-controlled-region)."""
    s = arranged([("roads", None), ("villa", 2, "stored"), ("gaul", 3, "controlled"), ("africa", 2, "controlled")],
                 [("fleet", 3), ("hispania", 2)], nation_level=3)
    s.apply(A.Play("fleet"))
    s.apply(A.Pay("villa"))
    s.apply(A.Conquer("hispania"))
    s.apply(A.DevelopRegion("gaul"))
    assert s.phase == "costs", "Gallic Tribute is a tributary: another region is abandoned first"
    assert not s.can(A.Abandon("gaul"))
    s.apply(A.Abandon("africa"))
    civ = s.civ()
    assert civ.place_of("gaul").level == 4 and civ.place_of("gaul").place == "deck"
    assert [c.card_id for c in civ.in_place("controlled")] == ["hispania"]


def test_a_degrade_cost_needs_a_card_that_can_go_down():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Degrade": "you must take a card down a level (only cards
    currently in your hand)" (ruling behold_rome.level-bounds)."""
    s = arranged([("roads", None)], [("temple", 3), ("villa", 1)], nation_level=2)
    assert not s.can(A.Play("temple")), "Farmsteads is at level 1: nothing can be degraded"
    s = arranged([("roads", None)], [("temple", 3), ("villa", 2), ("senate", 1)], nation_level=2)
    s.apply(A.Play("temple"))
    s.apply(A.Degrade("villa"))
    assert s.civ().place_of("villa").level == 1 and s.phase == "benefits"
    wrap = arranged([("roads", None)], [("temple", 3), ("villa", 1), ("senate", 1)], nation_level=2,
                    rulings={"behold_rome.level-bounds": "wrap"})
    wrap.apply(A.Play("temple"))
    wrap.apply(A.Degrade("villa"))
    assert wrap.civ().place_of("villa").level == 4


def test_an_interrupting_card_ignores_the_played_cards_discard_cost():
    """behold-rome-rulebook.txt, "Interrupting Actions": "Resolve the interrupting card's effect fully (including
    drawing a card and discarding the interrupting card as if it was played), and then continue resolving the effect
    of the original card played" (ruling behold_rome.interrupts)."""
    cards = shipped_cards().model_dump(mode="json", by_alias=True, exclude_none=True)
    fleet = next(c for c in cards["civ_cards"] if c["id"] == "fleet")
    fleet["levels"][0]["action"] = {"benefits": [{"ignore": ["discard"]}, {"draw": 1}]}
    cardset = CardSet.from_json(cards, "test")
    s = arranged([("roads", None), ("forum", None)], [("senate", 1), ("fleet", 1), ("villa", 1)], cardset=cardset)
    assert "interrupts another card" in refused(s, A.Play("fleet"))
    s.apply(A.Play("senate", interrupt="fleet"))
    assert s.phase == "benefits" and len(s.frames) == 2
    s.apply(A.Draw())
    assert "roads" in s.hand and s.phase == "benefits", "the interrupting card resolved, Council of Elders continues"
    assert s.frames[0]["costs"]["discard"] == 0, "its discard cost is ignored"
    s.apply(A.Develop("villa"))
    assert s.phase == "action" and s.civ().place_of("villa").level == 2


def test_the_top_card_is_seen_but_not_in_the_hand():
    """behold-rome-rulebook.txt, "Holding the Game": "you can always see the top card of the deck, but it is not
    considered in your hand" -- playing it is refused citing that section; a card further down the deck is simply
    no card of the hand ("Action Phase")."""
    from explorer.behold_rome import refs

    s = arranged([("roads", 1), ("senate", 1)], [("villa", 1), ("temple", 1)])
    with pytest.raises(RuleViolation) as caught:
        s.check(A.Play("roads"))
    assert caught.value.rule == refs.HOLDING_THE_GAME
    assert "Dirt Tracks is the top card of the deck" in caught.value.reason and "not in the hand" in caught.value.reason
    with pytest.raises(RuleViolation) as caught:
        s.check(A.Play("senate"))
    assert caught.value.rule == refs.ACTION_PHASE and "not a card in the hand" in caught.value.reason


def test_the_log_writes_the_possessive_of_a_name_ending_in_s_with_an_apostrophe():
    """behold-rome-rulebook.txt, "Action Phase": a played card's action resolves; the log says "Merchant Ships'
    action is resolved" (not "Ships's") and "Via Appia's action is resolved"."""
    s = arranged([("roads", None), ("senate", None), ("temple", None)], [("fleet", 1), ("villa", 1)])
    s.apply(A.Play("fleet"))  # Merchant Ships: store 2 resources, draw 1 card
    s.apply(A.Store("villa"))
    events = s.apply(A.Draw())
    assert "Merchant Ships' action is resolved" in [e.text for e in events]
    t = arranged([("senate", None), ("temple", None), ("games", None)], [("roads", 2), ("villa", 1)])
    t.apply(A.Play("roads"))  # Via Appia: discard 1 card -> draw 3 cards
    t.apply(A.Discard("villa"))
    t.apply(A.Draw())
    events = t.apply(A.Finish())
    assert "Via Appia's action is resolved" in [e.text for e in events]



def test_a_refusal_names_a_card_as_the_log_does():
    """behold-rome-rulebook.txt, "Action Phase": a card played from outside the hand is refused by its active level's
    name, as every line of the log names it ("Council of Elders is not a card in the hand"), never by its id
    ('senate'); an id that is no card of the deck is quoted as it was given."""
    s = arranged([("roads", None), ("senate", None)], [("forum", 1), ("egypt", 1), ("villa", 1)], cardset=example_cards())
    assert refused(s, A.Play("senate")).startswith("Council of Elders is not a card in the hand")
    assert refused(s, A.Play("egpyt")).startswith("'egpyt' is not a card in the hand")
