"""Behold: Rome's rulings: every ambiguity named, sourced, and the switchable ones read by the engine."""

from pathlib import Path

import pytest

from explorer.behold_rome import actions as A
from explorer.behold_rome import refs
from explorer.behold_rome.game import arranged, new_game
from explorer.behold_rome.rulings import STORE_COUNTS
from explorer.core.rules import RuleRef, RuleViolation
from explorer.core.rulings import Rulings, rulings_for

SECTIONS = {value for value in vars(refs).values() if isinstance(value, RuleRef)}


def test_every_ruling_quotes_a_section_of_the_rulebook():
    """behold-rome-rulebook.txt, "Concept & Term Glossary": every ruling quotes the rulebook section that left the
    question open, and its default is one of its options."""
    rulings = rulings_for("behold_rome")
    assert len(rulings) >= 25
    for ruling in rulings:
        assert ruling.source in SECTIONS, ruling.id
        assert ruling.quote and ruling.choice and ruling.check(ruling.default) == ruling.default


def test_the_engine_reads_every_switchable_ruling():
    """behold-rome-rulebook.txt, "Action Phase": a switchable ruling changes play, so the engine reads it (and an
    unknown value is refused before any rule runs)."""
    source = (Path(__file__).parents[2] / "explorer" / "behold_rome" / "game_rules.py").read_text()
    for ruling in rulings_for("behold_rome"):
        if ruling.switchable:
            assert f'"{ruling.id}"' in source, f"{ruling.id} is switchable but no rule reads it"
    with pytest.raises(ValueError, match="store-counts"):
        Rulings({STORE_COUNTS.id: "materials"})


def test_store_counts_resources_or_cards():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Store / Stored": "There is no maximum of actual resources
    you can have stored at once; only the number of cards stored" (ruling behold_rome.store-counts)."""
    hand = [("aqueduct", 1), ("villa", 1)]  # Wells: store 1 resource; Farmsteads shows 2 population
    s = arranged([("roads", None)], hand)
    assert "could not be completed" in str(pytest.raises(RuleViolation, s.check, A.Play("aqueduct")).value)
    cards = arranged([("roads", None)], hand, rulings={STORE_COUNTS.id: "cards"})
    cards.apply(A.Play("aqueduct"))
    cards.apply(A.Store("villa"))
    assert cards.civ().place_of("villa").place == "stored"


def test_stored_resources_of_one_kind():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Resources": "Resources - Population and materials";
    "> Population" and "> Materials" are the two kinds a store of one kind tells apart."""
    s = arranged([("roads", None)], [("villa", 1), ("egypt", 1), ("aqueduct", 1)])
    s.apply(A.Play("villa"))  # Farmsteads: store 2 population
    with pytest.raises(RuleViolation) as caught:
        s.check(A.Store("egypt"))  # Nile Granaries holds 2 materials
    assert caught.value.rule == refs.AVAILABLE_RESOURCES
    s.apply(A.Store("aqueduct"))  # Wells holds 1 population
    assert [e.rule for e in s.log if e.kind == "store"] == [refs.STORE_STORED]
    assert refs.POPULATION.section.endswith("Population") and refs.MATERIALS.section.endswith("Materials")


def test_move_on_at_any_time_takes_the_nation_card_from_the_deck():
    """behold-rome-rulebook.txt, "Round End": "You may choose to move on to the next round at any time" (ruling
    behold_rome.move-on-when)."""
    s = arranged([("roads", None)], [("villa", 1), ("temple", 1)])
    assert not s.can(A.MoveOn("villa"))
    anytime = arranged([("roads", None)], [("villa", 1), ("temple", 1)],
                       rulings={"behold_rome.move-on-when": "any-time"})
    anytime.apply(A.MoveOn("villa"))
    assert anytime.round == 2 and [e[0] for e in anytime.deck.stack[-3:]] == ["nation", "round", "age"]
    anytime.check_invariants()


def test_a_level_4_card_is_not_developed_unless_levels_wrap():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Level": "Every card has 4 levels" (ruling
    behold_rome.level-bounds)."""
    s = arranged([("roads", None)], [("scholars", 1), ("temple", 4)])
    s.apply(A.Play("scholars"))
    assert "level 4" in str(pytest.raises(RuleViolation, s.check, A.Develop("temple")).value)
    wrap = arranged([("roads", None)], [("scholars", 1), ("temple", 4)], rulings={"behold_rome.level-bounds": "wrap"})
    wrap.apply(A.Play("scholars"))
    wrap.apply(A.Develop("temple"))
    assert wrap.civ().place_of("temple").level == 1
    assert new_game(rulings={"behold_rome.level-bounds": "wrap"}).rules.wrap
