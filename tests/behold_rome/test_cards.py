"""The card language and the shipped (INVENTED, illustrative) card set of Behold: Rome."""

import copy
import json
import pickle

import pytest

from explorer.behold_rome import refs
from explorer.behold_rome.cards import (BOX_CIV_CARDS, CARD_TYPES, CARDS_FILE, CONDITIONS, LEVELS, STATUSES, CardError,
                                        CardLevel, CardSet, CivCard, cards_frame, load_cards)
from explorer.core.inputs import InputError

RAW = json.loads(CARDS_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards():
    return load_cards()


def _level_names(cards):
    return {lv.name for card in cards.civ_cards for lv in card.levels}


# -- the shipped set --------------------------------------------------------------------------------
def test_the_illustrative_set_has_16_civ_cards_of_4_levels_a_nation_card_and_rivals(cards):
    """behold-rome-rulebook.txt, "Components": 16 civ cards with 4 levels each, 1 nation card, rival
    civs; the set says it is invented (the rulebook does not print the cards)."""
    assert refs.COMPONENTS.section == "Components"
    assert cards.illustrative is True and RAW["illustrative"] is True
    assert "INVENTED" in cards.comment
    assert len(cards.civ_cards) == BOX_CIV_CARDS == 16
    assert all(len(card.levels) == LEVELS == 4 for card in cards.civ_cards)
    assert [lv.level for card in cards.civ_cards for lv in card.levels] == [1, 2, 3, 4] * 16
    assert len(_level_names(cards)) == 64
    assert [lv.status for lv in cards.nation.levels] == ["monarchy", "republic", "empire", "theocracy"]
    assert [r.name for r in cards.rivals] == ["Carthage", "Parthia", "Germania"]
    assert "illustrative" in repr(cards)


def test_every_level_shows_valid_fields(cards):
    """behold-rome-rulebook.txt, "Components": each level shows a number, prosperity icons, a banner,
    wealth, a card type, keying icons, a scoring rule, a requirement, materials, an action, unrest
    and a name -- each within the language (a level re-read from its own dump is the same)."""
    declared = set(cards.keying_icons)
    for card in cards.civ_cards:
        for lv in card.levels:
            assert lv.type in CARD_TYPES
            assert lv.banner is None or lv.banner in STATUSES + CONDITIONS
            assert set(lv.keys) <= declared
            assert 0 <= lv.prosperity <= 9 and 0 <= lv.unrest <= 9 and 0 <= lv.wealth <= 20
            assert CardLevel.model_validate(lv.model_dump(by_alias=True)) == lv
            if lv.type == "region":
                assert lv.wealth >= 1, lv.name
    assert {lv.type for card in cards.civ_cards for lv in card.levels} == set(CARD_TYPES)


def test_starting_levels_and_the_difficulty_regions(cards):
    """behold-rome-rulebook.txt, "Setup" (orient the civ cards to their starting levels, the star)
    and "Difficulty Settings > Game Difficulty Settings": "Start with Cisalpine Gaul and Africa
    controlled at setup" -- both are region levels, and the levels the cards start on."""
    assert all(card.start is card.level(card.starting_level) for card in cards.civ_cards)
    for name in ("Cisalpine Gaul", "Africa"):
        card, level = cards.find_level(name)
        assert level.type == "region" and card.starting_level == level.level
    assert cards.nation.starting_level == 1 and cards.nation.level(1).status == "monarchy"


def test_every_requirement_names_an_existing_level_of_another_card(cards):
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Requirements": a requirement names a
    card level that must be active ("you need the Constantine card level to be active before you can
    develop your nation card to Theocracy") or states an extra cost."""
    names = _level_names(cards)
    named = 0
    for card in cards.civ_cards:
        for lv in card.levels:
            req = lv.requirement
            if req is not None and req.level is not None:
                named += 1
                assert req.level in names
                assert cards.find_level(req.level)[0].id != card.id
            elif req is not None:
                assert req.cost and str(req).startswith("extra cost: ")
    assert named >= 2
    theocracy = cards.nation.level(4)
    assert theocracy.status == "theocracy" and theocracy.requirement.level == "Constantine"
    assert cards.find_level("Constantine")[0].id == "temple"
    assert str(theocracy.requirement) == "Constantine must be active"


def test_nation_card_costs_and_conditions(cards):
    """behold-rome-rulebook.txt, "Nation card": a development cost to the next higher status (none
    above theocracy), statuses monarchy, republic, empire, theocracy; conditions ancient, advanced."""
    costs = [lv.development_cost for lv in cards.nation.levels]
    assert all(c is not None and c.total > 0 for c in costs[:3]) and costs[3] is None
    assert {lv.condition for lv in cards.nation.levels} == set(CONDITIONS)
    assert list(cards.nation.frame().columns)[:3] == ["start", "status", "condition"]


def test_an_interrupting_action_reads_as_the_rulebook_example(cards):
    """behold-rome-rulebook.txt, "Interrupting Actions": "Ignore the discard cost(s) of the played
    card. Draw 1 card." -- the language's ``ignore`` benefit makes an action interrupting."""
    _, consuls = cards.find_level("Consuls")
    assert consuls.action.interrupts
    assert str(consuls.action) == "ignore the discard cost(s) of the played card, draw 1 card"
    assert consuls.action.text == "Ignore the discard cost(s) of the played card. Draw 1 card."
    others = [lv for card in cards.civ_cards for lv in card.levels if lv.action and lv.action.interrupts]
    assert others == [consuls]


def test_costs_and_benefits_in_words(cards):
    """behold-rome-rulebook.txt, "Action Phase": costs (discard, degrade, pay) then benefits; the
    example "draw 3 cards and store 4 materials" has two distinct types of benefit."""
    _, legions = cards.find_level("Marian Legions")
    assert str(legions.action) == "pay 2 population -> conquer 5, draw 1 card"
    _, spartacus = cards.find_level("Spartacus")
    assert [type(c).__name__ for c in spartacus.action.costs] == ["Degrade"]
    assert [type(b).__name__ for b in spartacus.action.benefits] == ["Conquer", "Degrade"]
    example = CardLevel.model_validate({"level": 1, "name": "Example", "type": "action", "action": {
        "benefits": [{"draw": 3}, {"store": 4, "resource": "materials"}]}})
    assert str(example.action) == "draw 3 cards, store 4 materials"


def test_hadrians_wall_gains_prosperity(cards):
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Prosperity": prosperity icons "or gained
    from special effects on cards, such as Hadrian's Wall" -- a scoring term may gain prosperity."""
    card, wall = cards.find_level("Hadrian's Wall")
    assert card.id == "britannia" and wall.banner == "empire"
    assert [str(t) for t in wall.scoring] == ["+1 prosperity per controlled region"]


def test_scoring_rules_count_card_types_keying_icons_regions_and_status(cards):
    """behold-rome-rulebook.txt, "Scoring": civ card scoring rules count card types, keying icons
    (all in the civ) and controlled regions, or depend on the nation status; the nation card scores."""
    terms = [t for card in cards.civ_cards for lv in card.levels for t in lv.scoring]
    assert {t.per.cards for t in terms if t.per and t.per.cards} >= {"institution", "production", "tributary"}
    assert {t.per.icons for t in terms if t.per and t.per.icons} >= {"grain", "amphora", "eagle"}
    assert any(t.per and t.per.controlled_regions for t in terms)
    assert any(t.when and t.when.status for t in terms)
    assert str(cards.find_level("Forum Romanum")[1].scoring[0]) == "+2 VP per amphora (at most 10)"
    assert [str(t) for t in cards.nation.level(3).scoring] == ["+2 VP per controlled region"]


def test_rival_civs_have_base_vps_and_conditional_rules(cards):
    """behold-rome-rulebook.txt, "Rival Civ Card": a rival civ shows a name, base VPs and "one or
    more scoring rules -- conditional rules that give the rival civ additional VPs based on active
    cards in your deck at game end"."""
    assert [r.base_vp for r in cards.rivals] == [60, 70, 80]
    assert all(r.rules for r in cards.rivals)
    assert str(cards.rival("Carthage")) == ("Carthage: 60 VP; +3 VP per tributary card; "
                                            "+10 VP if at most 1 controlled region")
    assert str(cards.rival("Germania").rules[1]) == "-10 VP if Hadrian's Wall active"


def test_a_card_shows_its_four_levels_and_the_set_lists_as_a_frame(cards):
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Level": every card has 4 levels, the one
    oriented upright active -- a card's table shows all four, its starting level starred."""
    temple = cards.card("temple")
    assert repr(temple) == "CivCard('temple': *Shrine / Temple of Jupiter / Pontifex Maximus / Constantine)"
    assert repr(temple.level(4)) == "CardLevel(4, 'Constantine', institution)"
    html = temple._repr_html_()
    assert all(name in html for name in ("Shrine", "Temple of Jupiter", "Pontifex Maximus", "Constantine"))
    frame = cards_frame(cards)
    assert len(frame) == 64 and int(frame["start"].sum()) == 16
    assert {"card", "level", "name", "type", "banner", "wealth", "keys", "requirement", "action",
            "scoring"} <= set(frame.columns)
    assert frame.set_index("name").loc["Constantine", "requirement"] == "extra cost: pay 2 population"
    assert "INVENTED" in cards._repr_html_()
    with pytest.raises(InputError, match="card_id"):
        cards.card("nope")
    with pytest.raises(InputError, match="CardSet"):
        cards_frame("cards")


def test_models_are_frozen_and_round_trip(cards):
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Active": the rules will track which
    level is active; the card data itself never changes (frozen, hashable, re-read from its dump)."""
    temple = cards.card("temple")
    with pytest.raises(Exception):
        temple.starting_level = 2
    assert hash(temple) == hash(CivCard.model_validate(temple.model_dump(mode="json", by_alias=True)))
    again = CardSet.from_json(cards.model_dump(mode="json", by_alias=True))
    assert again == cards


# -- hostile inputs ---------------------------------------------------------------------------------
def _level(d, card, level):
    return d["civ_cards"][card]["levels"][level - 1]


HOSTILE = [
    # (what, change, card, level, field, words in the message)
    ("wrong type", lambda d: _level(d, 5, 2).__setitem__("wealth", "3"), "legion", 2, "wealth", "valid integer"),
    ("true for 1", lambda d: _level(d, 0, 1).__setitem__("prosperity", True), "gaul", 1, "prosperity", "integer"),
    ("unknown field", lambda d: _level(d, 5, 2).__setitem__("colour", "red"), "legion", 2, "colour", "no such field"),
    ("unknown keyword in an action", lambda d: _level(d, 5, 2)["action"]["benefits"].__setitem__(0, {"conqeur": 4}),
     "legion", 2, "action.benefits[0]", "exactly one keyword of: draw"),
    ("two keywords in one benefit", lambda d: _level(d, 5, 2)["action"]["benefits"].__setitem__(
        0, {"conquer": 4, "draw": 1}), "legion", 2, "action.benefits[0]", "exactly one keyword"),
    ("a benefit among the costs", lambda d: _level(d, 5, 2)["action"]["costs"].append({"ignore": ["discard"]}),
     "legion", 2, "action.costs[1]", "a cost with exactly one keyword of: discard, degrade, pay, abandon"),
    ("unknown option of a keyword", lambda d: _level(d, 5, 2)["action"]["benefits"][0].__setitem__("twice", True),
     "legion", 2, "action.benefits[0].twice", "no such field"),
    ("too long text", lambda d: _level(d, 5, 2)["action"].__setitem__("text", "x" * 301),
     "legion", 2, "action.text", "at most 300 characters"),
    ("negative wealth", lambda d: _level(d, 0, 1).__setitem__("wealth", -1), "gaul", 1, "wealth", ">= 0|equal to 0"),
    ("negative payment", lambda d: _level(d, 5, 2)["action"]["costs"][0]["pay"].__setitem__("population", -2),
     "legion", 2, "action.costs[0].pay.population", "equal to 0"),
    ("empty payment", lambda d: _level(d, 5, 2)["action"]["costs"][0].__setitem__("pay", {}),
     "legion", 2, "action.costs[0].pay", "at least 1 population or material"),
    ("banner not a status", lambda d: _level(d, 6, 2).__setitem__("banner", "kingdom"),
     "senate", 2, "banner", "monarchy"),
    ("undeclared keying icon", lambda d: _level(d, 2, 1)["keys"].append("elephant"),
     "egypt", 1, "keys[2]", "a keying icon of the set"),
    ("requirement names no level", lambda d: _level(d, 8, 4).__setitem__("requirement", {"level": "Konstantin"}),
     "roads", 4, "requirement.level", "the name of a civ card level of the set"),
    ("requirement on its own card", lambda d: _level(d, 10, 4).__setitem__("requirement", {"level": "Shrine"}),
     "temple", 4, "requirement.level", "a level of another card"),
    ("requirement with level and cost", lambda d: _level(d, 10, 4)["requirement"].__setitem__("level", "Levy"),
     "temple", 4, "requirement", "exactly one of 'level'"),
    ("duplicate level name", lambda d: _level(d, 2, 1).__setitem__("name", "Africa"),
     "egypt", 1, "name", "used once in the set"),
    ("three levels", lambda d: d["civ_cards"][2]["levels"].pop(), "egypt", None, "levels", "exactly 4 items"),
    ("levels out of order", lambda d: _level(d, 2, 1).__setitem__("level", 2), "egypt", None, "levels",
     "numbered 1, 2, 3, 4"),
    ("scoring term with vp and prosperity", lambda d: _level(d, 0, 4)["scoring"][0].__setitem__("prosperity", 1),
     "gaul", 4, "scoring[0]", "exactly one of 'vp' and 'prosperity'"),
    ("empty condition", lambda d: _level(d, 0, 4)["scoring"][0].__setitem__("if", {}),
     "gaul", 4, "scoring[0].if", "at least one of"),
    ("count without bound", lambda d: _level(d, 0, 4)["scoring"][0].__setitem__("if", {"count": {"cards": "region"}}),
     "gaul", 4, "scoring[0].if", "'count' together with"),
    ("a step of 0", lambda d: _level(d, 0, 4)["scoring"][0]["per"].__setitem__("every", 0),
     "gaul", 4, "scoring[0].per.every", "greater than or equal to 1"),
    ("a step beyond 20", lambda d: _level(d, 0, 4)["scoring"][0]["per"].__setitem__("every", 21),
     "gaul", 4, "scoring[0].per.every", "less than or equal to 20"),
    ("a step as text", lambda d: _level(d, 0, 4)["scoring"][0]["per"].__setitem__("every", "2"),
     "gaul", 4, "scoring[0].per.every", "valid integer"),
    ("a rival rule's step of 0", lambda d: d["rivals"][1]["rules"][1]["per"].__setitem__("every", 0),
     "Parthia", None, "rules[1].per.every", "greater than or equal to 1"),
    ("a nation rule's step beyond 20", lambda d: d["nation"]["levels"][2]["scoring"][0]["per"].__setitem__(
        "every", 99), "nation card", 3, "scoring[0].per.every", "less than or equal to 20"),
    ("a step in an if count", lambda d: _level(d, 0, 4)["scoring"][0].__setitem__(
        "if", {"count": {"cards": "region", "every": 2}, "at_least": 1}), "gaul", 4, "scoring[0].if",
     "no 'every' in an 'if' count"),
    ("an unknown single status", lambda d: _level(d, 0, 4)["scoring"][0].__setitem__("if", {"status": "kingdom"}),
     "gaul", 4, "scoring[0].if.status[0]", "monarchy"),
    ("five statuses", lambda d: _level(d, 0, 4)["scoring"][0].__setitem__("if", {"status": ["monarchy"] * 5}),
     "gaul", 4, "scoring[0].if.status", "1 to 4 items"),
    ("nation level without cost", lambda d: d["nation"]["levels"][2].pop("development_cost"),
     "nation card", 3, "", "a development_cost on level 3"),
    ("a status on two nation levels", lambda d: d["nation"]["levels"][1].__setitem__("status", "monarchy"),
     "nation card", None, "levels", "each status"),
    ("nation requirement names no level", lambda d: d["nation"]["levels"][3].__setitem__(
        "requirement", {"level": "Konstantin"}), "nation card", 4, "requirement.level", "civ card level"),
    ("rival VPs too large", lambda d: d["rivals"][1]["rules"][0].__setitem__("vp", 1000),
     "Parthia", None, "rules[0].vp", "equal to 50"),
    ("a rival rule giving prosperity", lambda d: d["rivals"][0]["rules"].__setitem__(0, {"prosperity": 2}),
     "Carthage", None, "rules", "victory points only"),
    ("a card that is not an object", lambda d: d["civ_cards"].__setitem__(4, "legion"),
     "civ_cards[4]", None, "", "valid dictionary"),
    ("deep nesting in a field", lambda d: _level(d, 3, 1).__setitem__("keys", json.loads("[" * 900 + "]" * 900)),
     "hispania", 1, "keys[0]", "string"),
]


@pytest.mark.parametrize("what, change, card, level, field, words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_wrong_card_is_a_clear_error_naming_where(what, change, card, level, field, words):
    """behold-rome-rulebook.txt, "Components" (what a level shows), "Action Phase" (costs and
    benefits), "Concept & Term Glossary > Requirements", "Nation card", "Rival Civ Card": a card
    outside the language is refused with the file, the card, the level, the field and the value."""
    data = copy.deepcopy(RAW)
    change(data)
    with pytest.raises(CardError) as caught:
        CardSet.from_json(data, "my_cards.json")
    error = caught.value
    assert (error.file, error.card, error.level, error.field) == ("my_cards.json", card, level, field)
    message = str(error)
    assert message.startswith(f"my_cards.json, card {card!r}" + (f", level {level}" if level else ""))
    assert any(w in message for w in words.split("|")), message


def test_too_many_cards_is_refused_before_any_card_is_read():
    """behold-rome-rulebook.txt, "Components": the box has 16 civ cards; a file of a thousand is
    refused as a whole (its length), not card by card."""
    data = copy.deepcopy(RAW)
    data["civ_cards"] = [{"broken": i} for i in range(1000)]
    with pytest.raises(CardError) as caught:
        CardSet.from_json(data, "big.json")
    assert caught.value.field == "civ_cards" and len(caught.value.problems) == 1
    assert "1 to 32 items, not 1000" in str(caught.value)


def test_the_missing_illustrative_marker_is_refused():
    """behold-rome-rulebook.txt, "Components": the rulebook does not print the cards, so a file says
    whether its cards are invented (``"illustrative"``) -- it may not leave it out."""
    data = copy.deepcopy(RAW)
    del data["illustrative"]
    with pytest.raises(CardError, match="'illustrative': expected this field"):
        CardSet.from_json(data, "my_cards.json")


@pytest.mark.parametrize("content, field, words", [
    (b"this is not JSON {", "line 1, column 1", "valid JSON"),
    (b'{"illustrative": true,}', "line 1, column 23", "valid JSON"),
    (b"\xff\xfe\x00", "byte 0", "UTF-8"),
    (b"[" * 200_000 + b"]" * 200_000, "", "nested less deeply"),
    (b'{"illustrative": NaN}', "", "finite numbers"),
    (b'["a list"]', "", "valid dictionary"),
    (b" " * 1_000_001, "", "at most 1,000,000 bytes"),
], ids=["not JSON", "trailing comma", "not UTF-8", "deep nesting", "NaN", "not an object", "too large"])
def test_a_file_that_is_not_a_card_file_names_the_file(tmp_path, content, field, words):
    """behold-rome-rulebook.txt, "Components": a card file the loader cannot read at all (not JSON,
    not UTF-8, nested too deep, too large) is refused naming the file and, where known, the place."""
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    with pytest.raises(InputError) as caught:
        load_cards(path)
    assert caught.value.source.endswith("cards.json") and caught.value.field == field
    assert words in str(caught.value)


def test_missing_file_and_wrong_argument(tmp_path):
    """behold-rome-rulebook.txt, "Components": load_cards reads a card file; a missing one or a
    non-path is an InputError."""
    with pytest.raises(InputError, match="an existing file"):
        load_cards(tmp_path / "none.json")
    with pytest.raises(InputError, match="a path to a card file"):
        load_cards(42)


def test_card_error_survives_pickling():
    """behold-rome-rulebook.txt, "Components": errors cross process pools intact (file, card, level)."""
    error = CardError("f.json", "legion", 2, "wealth", "a whole number", "3", level_name="Legion")
    again = pickle.loads(pickle.dumps(error))
    assert (again.file, again.card, again.level, again.field, str(again)) == \
        ("f.json", "legion", 2, "wealth", str(error))
    assert str(again).startswith("f.json, card 'legion', level 2 (Legion), field 'wealth'")


def test_every_card_shows_its_four_levels_side_by_side_in_a_table_that_fits_the_narrowest_output_area():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Level": a card has four levels; its table has a
    column per level (the starting one starred) and a row per field, and fits 590 px
    (docs/panel-layout.md: a column per field made Britannia's table 1116 px wide)."""
    from explorer.behold_rome.cards import by_level
    from explorer.core.panels.layout import NARROWEST, table_min_width

    cards = load_cards()
    for card in cards.civ_cards:
        shown = by_level(card.frame())
        assert list(shown.columns) == [f"level {n}" + (" *" if n == card.starting_level else "") for n in (1, 2, 3, 4)]
        assert list(shown.loc["name"]) == [lv.name for lv in card.levels]
        assert table_min_width(card._repr_html_()) <= NARROWEST, card.id
    nation = by_level(cards.nation.frame())
    assert list(nation.loc["status"]) == [lv.status for lv in cards.nation.levels]
    assert table_min_width(cards.nation._repr_html_()) <= NARROWEST
