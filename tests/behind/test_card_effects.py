"""The machine-readable card effects (``explorer/behind/card_effects.py``) and the ``effect_code``
column of ``data/behind/action_cards.csv``.

Rules cited from behind-2003-rulebook.txt: "Special Card Effect (Spezieller Karteneffekt)",
"Moments (Momente)", "Ability Check (Fähigkeitsprobe)", "Weapons (Waffen)", "Ranged Combat
(Fernkampf)", "Transformations (Verwandlungen)", "Flying (Fliegen)", "Own Decks (Eigene Decks)".
"""

import csv
import re
from collections import Counter
from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from explorer.behind import refs
from explorer.behind.card_effects import (
    EFFECT_KINDS,
    MAGIC_CATEGORIES,
    MAX_AMOUNT,
    MAX_CODE_LENGTH,
    NON_PERMANENT_CATEGORIES,
    CardEffect,
    check_effect_allowed,
    effect_text,
    parse_effect_code,
)
from explorer.behind.cards import (
    CATEGORIES,
    CHECK_ABILITIES,
    PERMANENT_CATEGORIES,
    Ability,
    ActionCard,
)
from explorer.behind.data import DataError, load_action_cards, load_decks
from explorer.core.rules import RuleRef, RuleViolation

EXAMPLES = {
    "heal": "heal", "draw": "draw 2", "melee": "melee +1", "ranged": "ranged", "defence": "defence +2",
    "dodge": "dodge +3", "schrecken": "schrecken 5", "fly": "fly", "transform": "transform",
    "break-away": "break-away", "discard-opponents": "discard-opponents", "look": "look 3",
    "check-bonus": "check-bonus Regeneration 1", "heal-each-turn": "heal-each-turn",
    "draw-each-turn": "draw-each-turn",
}
"""One code per kind of the vocabulary."""

LASTING = {"melee", "ranged", "check-bonus"}
"""The kinds that take no ``check X:`` prefix."""


@pytest.fixture(scope="module")
def cards():
    return load_action_cards()


# -- the vocabulary --------------------------------------------------------------------------------
def test_vocabulary_is_the_fixed_list():
    """Every kind has its syntax, allowed categories, a one-line description and a cited section."""
    assert list(EFFECT_KINDS) == list(EXAMPLES)
    section_refs = {value for value in vars(refs).values() if isinstance(value, RuleRef)}
    for name, kind in EFFECT_KINDS.items():
        assert kind.name == name and kind.syntax.split()[0] == name
        assert kind.categories and set(kind.categories) <= set(CATEGORIES), name
        assert kind.description and "\n" not in kind.description, name
        assert kind.rule in section_refs, name
        assert kind.checkable == (name not in LASTING), name


def test_allowed_categories_follow_special_card_effect():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": places,
    items (weapons count as items) and persons are permanent, an event "affects the game once";
    section "Moments (Momente)": Moment effects are played in the defence; section "Ranged Combat
    (Fernkampf)": weapons and magic enable ranged attacks."""
    allowed = {name: set(kind.categories) for name, kind in EFFECT_KINDS.items()}
    once = set(NON_PERMANENT_CATEGORIES)
    for name in ("heal", "draw", "schrecken", "fly", "transform", "break-away", "discard-opponents", "look"):
        assert allowed[name] == once and EFFECT_KINDS[name].permanent is False
    assert allowed["melee"] == {"Waffe", "Gegenstand"}
    assert allowed["ranged"] == {"Waffe", *MAGIC_CATEGORIES} and EFFECT_KINDS["ranged"].permanent is None
    assert allowed["defence"] == allowed["dodge"] == {"Moment"}
    assert allowed["check-bonus"] == {"Ort", "Person", "Gegenstand"}
    assert allowed["heal-each-turn"] == allowed["draw-each-turn"] == {"Ort", "Person"}
    assert EFFECT_KINDS["check-bonus"].permanent is True


# -- parsing ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, code", EXAMPLES.items())
def test_every_kind_round_trips(kind, code):
    """``str(parse_effect_code(code)) == code`` and back, with and without an effect check
    (behind-2003-rulebook.txt, section "Ability Check (Fähigkeitsprobe)": "effect check with X+")."""
    effect = parse_effect_code(code)
    assert effect.kind == kind and str(effect) == code and parse_effect_code(str(effect)) == effect
    if kind not in LASTING:
        checked = parse_effect_code(f"check 4: {code}")
        assert checked == replace(effect, check=4) and str(checked) == f"check 4: {code}"


def test_parsed_fields():
    assert parse_effect_code("draw 2") == CardEffect("draw", 2)
    assert parse_effect_code("melee +1") == CardEffect("melee", 1)
    assert parse_effect_code("schrecken 5") == CardEffect("schrecken", 5)
    assert parse_effect_code("check-bonus Unterstützung 2") == CardEffect("check-bonus", 2, "Unterstützung")
    assert parse_effect_code("check 5: heal-each-turn") == CardEffect("heal-each-turn", check=5)
    assert parse_effect_code("heal") == CardEffect("heal", 0, None, None)
    assert [f.name for f in fields(CardEffect)] == ["kind", "amount", "ability", "check"]
    with pytest.raises(AttributeError):
        parse_effect_code("heal").kind = "draw"  # frozen


def test_spaces_are_forgiven_and_normalised():
    assert str(parse_effect_code("  check  4 :   draw   2 ")) == "check 4: draw 2"
    assert str(parse_effect_code("check 4:heal")) == "check 4: heal"


@st.composite
def effects(draw):
    kind = draw(st.sampled_from(list(EFFECT_KINDS)))
    argument = EFFECT_KINDS[kind].argument
    amount = draw(st.integers(1, 12)) if argument else 0
    ability = draw(st.sampled_from(sorted(CHECK_ABILITIES))) if argument == "ABILITY N" else None
    check = draw(st.none() | st.integers(1, 12)) if EFFECT_KINDS[kind].checkable else None
    return CardEffect(kind, amount, ability, check)


@given(effects())
def test_property_str_and_parse_are_inverse(effect):
    """Property: every valid effect survives ``str`` then ``parse_effect_code`` unchanged."""
    code = str(effect)
    assert parse_effect_code(code) == effect
    assert str(parse_effect_code(code)) == code


@pytest.mark.parametrize("code, message", [
    ("", "the code is empty"),
    ("   ", "the code is empty"),
    ("teleport", "unknown effect kind 'teleport'"),
    ("Heal", "(codes are lower case)"),
    ("heal 1", "'heal' takes no argument"),
    ("fly 2", "'fly' takes no argument"),
    ("draw", "'draw N' needs a whole number N; 'draw N' is written like 'draw 2'"),
    ("draw two", "needs a whole number N"),
    ("draw 0", "'draw N' needs N as a whole number >= 1"),
    ("draw -1", "needs a whole number N"),
    ("look 2 3", "needs a whole number N"),
    ("melee 1", "'melee +N' needs a bonus with a plus sign; 'melee +N' is written like 'melee +1'"),
    ("dodge +0", "needs N as a whole number >= 1"),
    ("defence -2", "needs a bonus with a plus sign"),
    ("schrecken 5+", "'schrecken X' needs a whole number X"),
    ("schrecken", "needs a whole number X"),
    ("check-bonus Mut 1", "'Mut' is not an ability with an X+ check"),
    ("check-bonus regeneration 1", "did you mean 'Regeneration'?"),
    ("check-bonus Regeneration", "needs an ability and a whole number"),
    ("check-bonus 1", "needs an ability and a whole number"),
    ("check 4 heal", "an effect check is written 'check X: <effect>'"),
    ("check: heal", "the X of 'check X: ' must be a whole number >= 1, got ''"),
    ("check four: heal", "must be a whole number >= 1, got 'four'"),
    ("check 0: heal", "must be a whole number >= 1, got 0"),
    ("check 4:", "must be followed by an effect"),
    ("check 4: check 3: heal", "only one effect check"),
    ("check 4: melee +1", "'melee +N' is a lasting modifier and takes no effect check"),
    ("check 3: ranged", "takes no effect check"),
    ("check 3: check-bonus Wandler 1", "takes no effect check"),
])
def test_bad_codes_are_rejected_with_clear_messages(code, message):
    with pytest.raises(ValueError) as error:
        parse_effect_code(code)
    text = str(error.value)
    assert text.startswith(f"bad effect code {code!r}: "), text
    assert message in text, text


def test_unknown_kind_lists_the_vocabulary():
    with pytest.raises(ValueError) as error:
        parse_effect_code("teleport 3")
    assert all(f"'{kind.syntax}'" in str(error.value) for kind in EFFECT_KINDS.values())
    assert "'check X: '" in str(error.value)


@pytest.mark.parametrize("kwargs, message", [
    ({"kind": "teleport"}, "unknown effect kind"),
    ({"kind": "draw"}, "needs N as a whole number >= 1, got 0"),
    ({"kind": "draw", "amount": True}, "whole number"),
    ({"kind": "heal", "amount": 2}, "takes no number"),
    ({"kind": "heal", "ability": "Wandler"}, "takes no ability"),
    ({"kind": "check-bonus", "amount": 1}, r"needs an ability with an X\+ check .*got None"),
    ({"kind": "check-bonus", "amount": 1, "ability": "Glaube"}, r"needs an ability with an X\+ check .*got 'Glaube'"),
    ({"kind": "heal", "check": 0}, "must be a whole number >= 1"),
    ({"kind": "ranged", "check": 4}, "takes no effect check"),
])
def test_card_effect_validates_its_fields(kwargs, message):
    with pytest.raises(ValueError, match=message):
        CardEffect(**kwargs)


@pytest.mark.parametrize("not_a_code", [None, 3, ["heal"]])
def test_parse_wants_a_text(not_a_code):
    with pytest.raises(TypeError, match="an effect code is a text"):
        parse_effect_code(not_a_code)


# -- descriptions ----------------------------------------------------------------------------------
@pytest.mark.parametrize("code, category, text", [
    ("draw 1", "Ereignis", "Draw one card."),
    ("draw 2", "Ereignis", "Draw two cards."),
    ("look 1", "Zauber", "Look at the top card of your supply and put it back on top."),
    ("melee +2", "Waffe", "Its bearer's Strength +2 in melee; it counts as the one weapon its bearer uses in that combat."),
    ("melee +1", "Gegenstand", "Its bearer's Strength +1 in melee."),
    ("ranged", "Waffe", "Its bearer may make ranged attacks with it (range: twice this card's total movement)."),
    ("ranged", "Zauber", ("One of your characters makes one ranged attack with this card (range: twice this "
                          "card's total movement).")),
    ("defence +2", "Moment", "Moment: the defending character's melee value +2."),
    ("check-bonus Hellsicht 2", "Gegenstand", "Its bearer's Hellsicht checks are made at 2 less."),
    ("check-bonus Schrecken 1", "Ort", "Your characters' Schrecken checks are made at 1 less."),
    ("check 3: heal", "Wunder", "Effect check 3+: heal one injury of one of your characters."),
    ("check 5: heal-each-turn", "Ort", ("In each of your organisation phases, if an effect check 5+ succeeds, "
                                        "one injured character of yours heals one injury.")),
])
def test_describe_says_what_the_code_does(code, category, text):
    assert parse_effect_code(code).describe(category) == text


# -- allowed on the card ---------------------------------------------------------------------------
def card(category="Ereignis", **changes):
    """A card without an effect code (so the constructor accepts it) of ``category``."""
    return ActionCard(id="X1", title="Test", fate=4, category=category,
                      permanent=category in PERMANENT_CATEGORIES, **changes)


@given(st.sampled_from(list(EXAMPLES.values())), st.sampled_from(CATEGORIES))
def test_property_allowed_exactly_on_the_listed_categories(code, category):
    """Property: ``check_effect_allowed`` accepts a code on exactly the categories of its kind."""
    effect = parse_effect_code(code)
    test_card = card(category, ranged=effect.kind == "ranged")
    if category in effect.spec.categories:
        assert check_effect_allowed(test_card, code) == effect
    else:
        with pytest.raises(RuleViolation) as error:
            check_effect_allowed(test_card, code)
        assert str(error.value).startswith(f"card X1 'Test' ({category}): effect '{code}' is not allowed on a "
                                           f"card of category {category}; '{effect.spec.syntax}' is allowed on "
                                           f"{', '.join(effect.spec.categories)} (rule: ")


@pytest.mark.parametrize("category, code, changes, message", [
    ("Waffe", "heal", {}, "effect 'heal' is not allowed on a card of category Waffe"),
    ("Ereignis", "defence +2", {}, "effect 'defence +2' is not allowed on a card of category Ereignis; 'defence +N' is allowed on Moment"),
    ("Gegenstand", "draw-each-turn", {}, "is not allowed on a card of category Gegenstand; 'draw-each-turn' is allowed on Ort, Person"),
    ("Gegenstand", "ranged", {"ranged": True}, "effect 'ranged' is not allowed on a card of category Gegenstand"),
    ("Zauber", "heal", {"permanent": True}, "is a one-time effect, but the card is flagged permanent"),
    ("Zauber", "heal", {"ranged": True}, "ranged is true), so its effect code must be 'ranged', not 'heal'"),
    ("Waffe", "ranged", {"ranged": False}, "effect 'ranged' needs the card's ranged flag to be true"),
    ("Ereignis", "", {}, "has no effect code"),
    ("Ereignis", "draw", {}, "bad effect code 'draw'"),
])
def test_check_effect_allowed_names_the_card(category, code, changes, message):
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": which kind of
    effect a category can have; section "Ranged Combat (Fernkampf)": the card that enables a ranged attack."""
    test_card = ActionCard(id="X9", title="Probe", fate=4, category=category,
                           **{"permanent": category in PERMANENT_CATEGORIES, **changes})
    with pytest.raises(ValueError) as error:
        check_effect_allowed(test_card, code)
    assert isinstance(error.value, RuleViolation)
    assert str(error.value).startswith(f"card X9 'Probe' ({category})"), str(error.value)
    assert message in str(error.value) and "(rule: behind-2003-rulebook.txt, section" in str(error.value)


# -- ActionCard ------------------------------------------------------------------------------------
def test_action_card_keeps_old_constructors_and_parses_its_code():
    old = ActionCard("V01", "Blutdurst", 6, 3.0, 1, "Blutmacht", "Vampire", False, False, False, 0, False, None,
                     "text", "illustrative")
    assert old.effect_code == "" and old.card_effect is None
    assert [f.name for f in fields(ActionCard)][-1] == "effect_code"
    knife = ActionCard(id="N03", title="Messer", fate=4, category="Waffe", permanent=True, effect_code="melee +1")
    assert knife.card_effect == CardEffect("melee", 1) and knife.card_effect is knife.card_effect  # cached parse


@pytest.mark.parametrize("changes, message", [
    ({"effect_code": "draw"}, "bad effect code 'draw'"),
    ({"effect_code": "melee +1"}, "is not allowed on a card of category Ereignis"),
])
def test_action_card_rejects_a_bad_code(changes, message):
    with pytest.raises(ValueError, match=message):
        ActionCard(id="X1", title="X", fate=4, **changes)


# -- the shipped cards -----------------------------------------------------------------------------
def test_every_shipped_card_has_a_valid_allowed_code(cards):
    """Every card of data/behind/action_cards.csv has a canonical code allowed on its category
    (behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)")."""
    assert len(cards) == 83
    for c in cards.values():
        assert c.effect_code and str(c.card_effect) == c.effect_code, c
        assert check_effect_allowed(c) == c.card_effect


def test_ranged_column_is_the_ranged_code(cards):
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "Through certain items, magic and
    special abilities, ranged attacks are also possible" -- here a Waffe or a magic card; the
    ``ranged`` column is true exactly for the cards with the code ``ranged``."""
    for c in cards.values():
        assert c.ranged == (c.card_effect.kind == "ranged"), c
        if c.ranged:
            assert c.category == "Waffe" or c.category in MAGIC_CATEGORIES, c


def test_shipped_effect_text_says_what_the_code_does(cards):
    """The (illustrative) card text is the Zusatz, then the code in words ("Special Card Effect":
    "Zusatz: Kampfwert+N" takes effect whenever the fate number is used)."""
    for c in cards.values():
        assert c.effect == effect_text(c), c


def test_every_kind_is_on_a_shipped_card(cards):
    """The engine meets every kind of the vocabulary in the shipped data."""
    counts = Counter(c.card_effect.kind for c in cards.values())
    assert set(counts) == set(EFFECT_KINDS)
    assert sum(counts.values()) == 83
    assert any(c.card_effect.check for c in cards.values())


def test_moment_effects_are_on_moments(cards):
    """behind-2003-rulebook.txt, section "Moments (Momente)": a Moment's effect can be used in an
    opponent's turn -- the defence and dodge bonuses are Moments."""
    for c in cards.values():
        if c.card_effect.kind in ("defence", "dodge"):
            assert c.is_moment, c


@pytest.mark.parametrize("slug", ["geister", "schwesternbund", "tempelritter", "vampire", "werwoelfe"])
def test_all_five_decks_still_validate(slug):
    """behind-2003-rulebook.txt, section "Own Decks (Eigene Decks)": the shipped decks still obey the deck rules."""
    deck = load_decks()[slug]
    assert deck.size >= 40 and all(c.card_effect is not None for c in deck.cards)


# -- loader errors ---------------------------------------------------------------------------------
ROW = {"id": "X1", "title": "X", "society": "", "fate": "4", "movement_range_cm": "4.5", "movement_number": "1",
       "category": "Ereignis", "permanent": "false", "legendary": "false", "unique": "false", "zusatz_bonus": "0",
       "ranged": "false", "influence": "", "effect": "Draw two cards.", "effect_code": "draw 2", "source": "test"}


def write_csv(path, rows):
    """Two comment lines, the header (line 3), then the rows from line 4 on."""
    with path.open("w", newline="", encoding="utf-8") as file:
        file.write("# test data\n# second comment\n")
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.mark.parametrize("changes, value, problem", [
    ({}, "teleport", "is not a valid effect code: bad effect code 'teleport': unknown effect kind 'teleport'"),
    ({}, "draw", "is not a valid effect code: bad effect code 'draw': 'draw N' needs a whole number N"),
    ({}, "check 4: melee +1", "takes no effect check"),
    ({}, "", "is empty; every card needs an effect code"),
    ({}, "melee +1", ("is not a valid effect code: effect 'melee +1' is not allowed on a card of category Ereignis; "
                      "'melee +N' is allowed on Waffe, Gegenstand (rule: behind-2003-rulebook.txt, section "
                      "\"Special Card Effect (Spezieller Karteneffekt)\")")),
    ({"category": "Waffe", "permanent": "true"}, "heal", "effect 'heal' is not allowed on a card of category Waffe"),
    ({"category": "Moment"}, "ranged", "effect 'ranged' is not allowed on a card of category Moment"),
    ({"category": "Zauber", "ranged": "true"}, "draw 2", "so its effect code must be 'ranged', not 'draw 2'"),
    ({"category": "Zauber"}, "ranged", "needs the card's ranged flag to be true"),
    ({"category": "Zauber", "permanent": "true"}, "heal", "is a one-time effect, but the card is flagged permanent"),
    ({}, "draw 1000000", "bad effect code 'draw 1000000': 'draw N' needs N from 1 to 12, got 1000000"),
    ({}, "check 99: heal", "the effect check X of 'check X: ' must be from 1 to 12, got 99"),
])
def test_loader_error_names_file_row_field_and_value(tmp_path, changes, value, problem):
    """A bad or disallowed code is reported like every malformed value: file, row, field, value."""
    path = write_csv(tmp_path / "cards.csv", [ROW, {**ROW, "id": "X2", **changes, "effect_code": value}])
    with pytest.raises(DataError) as error:
        load_action_cards(path)
    message = str(error.value)
    assert message.startswith(f"{path}, row 5, field 'effect_code': {value!r} "), message
    assert problem in message, message
    assert (error.value.row, error.value.field, error.value.value) == (5, "effect_code", value)


def test_loader_reads_the_code(tmp_path):
    path = write_csv(tmp_path / "cards.csv", [ROW, {**ROW, "id": "X2", "category": "Moment",
                                                    "effect_code": "check 4: dodge +2"}])
    loaded = load_action_cards(path)
    assert loaded["X1"].card_effect == CardEffect("draw", 2)
    assert loaded["X2"].card_effect == CardEffect("dodge", 2, check=4)
    assert loaded["X2"].effect_code == "check 4: dodge +2"


def test_file_without_the_column_still_loads(tmp_path):
    """Older card files have no ``effect_code`` column: they load, their cards have no effect."""
    old = {key: value for key, value in ROW.items() if key != "effect_code"}
    loaded = load_action_cards(write_csv(tmp_path / "cards.csv", [old]))
    assert loaded["X1"].effect_code == "" and loaded["X1"].card_effect is None


# -- hostile codes (issue 10) -------------------------------------------------------------------------
HOSTILE_CODES = [
    "check" + " " * 8_000 + "x",  # the old "check X:" pattern backtracked over both runs of spaces
    "check " + "\t " * 50_000 + "1x",
    "draw " + "9" * 100_000,
    "check-bonus " + "Regeneration " * 8_000,
]


@pytest.mark.parametrize("code", HOSTILE_CODES, ids=lambda code: f"{len(code)}-chars")
def test_a_hostile_long_code_is_refused_with_a_short_message(code):
    """An 8 KB or 100 KB cell is refused by its length before it is parsed; the message quotes at most
    80 characters of it."""
    with pytest.raises(ValueError) as error:
        parse_effect_code(code)
    text = str(error.value)
    assert text.startswith("bad effect code ") and f"{len(code):,} characters" in text
    assert f"at most {MAX_CODE_LENGTH}" in text and len(text) < 1_000


@pytest.mark.parametrize("code, message", [
    ("check" + " " * 100_000 + "x", "an effect check is written"),
    ("check " + " " * 100_000 + "4: heal" + " " * 100_000, None),
    ("check" + " 4" * 50_000 + ": heal", "an effect check is written"),
    ("check " + "4" * 100_000 + ": heal", "the X of 'check X: ' must be a whole number"),
    ("draw" + " 2" * 50_000, "'draw N' needs a whole number N"),
])
def test_the_parser_itself_is_linear(monkeypatch, code, message):
    """Without the length bound the parser still reads a 100 KB code at once (the old pattern took
    about 20 s for this one): each part of the code is split by hand, not by a backtracking pattern."""
    monkeypatch.setattr("explorer.behind.card_effects.MAX_CODE_LENGTH", 10**6)
    if message is None:
        assert parse_effect_code(code) == CardEffect("heal", check=4)
        return
    with pytest.raises(ValueError, match=message) as error:
        parse_effect_code(code)
    assert len(str(error.value)) < 2_000


@pytest.mark.parametrize("code, message", [
    ("draw 1000000", "'draw N' needs N from 1 to 12, got 1000000"),
    ("draw 13", "from 1 to 12"),
    ("melee +99", "'melee +N' needs N from 1 to 12"),
    ("check 99: heal", "the effect check X of 'check X: ' must be from 1 to 12, got 99"),
    ("look 9999999999", "needs a whole number N"),
    ("draw \u0662", "needs a whole number N"),  # an Arabic-Indic digit is not a number of the format
])
def test_amounts_are_bounded(code, message):
    """Effect amounts are within the documented range (data/behind/README.md: N and X from 1 to 12)."""
    assert MAX_AMOUNT == 12
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_effect_code(code)
    assert parse_effect_code("draw 12").amount == 12


@pytest.mark.parametrize("text, message", [
    ("Befehl" + " " * 20_000 + "x", "is 20,007 characters long"),
    ("Befehl 99+", "needs a check X+ from 1+ to 12+"),
    ("Glaube +13", "needs a value from -12 to 12"),
    ("Befehl 4++", "unknown ability"),
])
def test_a_hostile_ability_is_refused(text, message):
    """The ability parser: a 20 KB cell (the old pattern needed about 40 s) is refused at once, numbers
    are bounded."""
    with pytest.raises(ValueError, match=re.escape(message)) as error:
        Ability.parse(text)
    assert len(str(error.value)) < 400


def test_the_ability_parser_itself_is_linear(monkeypatch):
    monkeypatch.setattr("explorer.behind.cards.MAX_ABILITY_LENGTH", 10**6)
    with pytest.raises(ValueError, match="unknown ability"):
        Ability.parse("Befehl" + " " * 100_000 + "x")
    assert Ability.parse("Befehl" + " " * 100_000 + "4+") == Ability("Befehl", check=4)
