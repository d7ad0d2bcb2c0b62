"""Behind's card data files (``data/behind/``) and the deck rules of the rulebook.

Rules cited from behind-2003-rulebook.txt: "The Cards", "First Steps", "Special Card Effect
(Spezieller Karteneffekt)", "Own Decks (Eigene Decks)", "Large Battles (Große Schlachten)".
"""

import csv
from dataclasses import replace
from statistics import mean

import pytest

from explorer.behind.cards import PERMANENT_CATEGORIES, SOCIETIES
from explorer.behind.data import (
    DATA_DIR,
    LARGE_BATTLES,
    BattleSize,
    DataError,
    Deck,
    battle_size,
    deck_violations,
    load_action_cards,
    load_characters,
    load_deck,
    load_decks,
    validate_deck,
)
from explorer.core.rules import RuleViolation

SLUGS = {"schwesternbund": "Schwesternbund", "vampire": "Vampire", "werwoelfe": "Werwölfe",
         "tempelritter": "Tempelritter", "geister": "Geister"}


@pytest.fixture(scope="module")
def characters():
    return load_characters()


@pytest.fixture(scope="module")
def cards():
    return load_action_cards()


@pytest.fixture(scope="module")
def decks():
    return load_decks()


# -- the shipped files ---------------------------------------------------------------------------
def test_shipped_files_load(characters, cards, decks):
    """All shipped files load; every society has characters and its own cards ("The Cards")."""
    assert set(decks) == set(SLUGS)
    for society in SOCIETIES:
        assert 5 <= sum(c.society == society for c in characters.values()) <= 6
        assert 12 <= sum(a.society == society for a in cards.values()) <= 15
    assert sum(a.society is None for a in cards.values()) >= 10


def test_every_file_is_labelled_illustrative(characters, cards, decks):
    """The card lists are not published (shared/rules/README.md): every file says it is illustrative."""
    paths = [DATA_DIR / "characters.csv", DATA_DIR / "action_cards.csv", *(DATA_DIR / "decks").glob("*.toml")]
    for path in paths:
        assert path.read_text(encoding="utf-8").startswith("# ILLUSTRATIVE"), path
    assert all("illustrative" in item.source for item in [*characters.values(), *cards.values(), *decks.values()])
    assert "illustrative" in (DATA_DIR / "README.md").read_text(encoding="utf-8").lower()


def test_ludwig_and_sahra_have_the_rulebook_values(characters, decks):
    """behind-2003-rulebook.txt, section "First Steps": "Ludwig von Auenstedt (Strength 4, Resistance 3)
    meets Sahra Jeanette (Strength 1, Resistance 2)"; Christian plays Vampires, Barbara the Sisterhood."""
    ludwig, sahra = characters["ludwig-von-auenstedt"], characters["sahra-jeanette"]
    assert (ludwig.name, ludwig.society, ludwig.strength, ludwig.resistance) == ("Ludwig von Auenstedt", "Vampire", 4, 3)
    assert (sahra.name, sahra.society, sahra.strength, sahra.resistance) == ("Sahra Jeanette", "Schwesternbund", 1, 2)
    assert ludwig.source == sahra.source == "rulebook S/W; other values illustrative"
    assert ludwig in decks["vampire"].characters and sahra in decks["schwesternbund"].characters


def test_shipped_values_are_in_illustrative_ranges(characters, cards):
    """Rulings behind.fate-number-range (1-9) and behind.movement-range-cm (2.0-8.8); "Special Card Effect":
    places, items, weapons and persons are permanent (Dauerhaft); legendary cards are also unique."""
    for c in characters.values():
        assert 1 <= c.strength <= 5 and 1 <= c.dexterity <= 5 and 1 <= c.resistance <= 4, c
        assert 4 <= c.character_points <= 12, c
    for a in cards.values():
        assert 1 <= a.fate <= 9 and 2.0 <= a.movement_range <= 8.8 and 1 <= a.movement_number <= 3, a
        assert a.permanent or a.category not in PERMANENT_CATEGORIES, a
        assert a.unique or not a.legendary, a
        assert a.zusatz_bonus == 0 or f"Kampfwert+{a.zusatz_bonus}" in a.effect, a
    for society in SOCIETIES:
        own = [a for a in cards.values() if a.society == society]
        assert any(a.ranged for a in own) and any(a.legendary for a in own) and any(a.is_moment for a in own)


@pytest.mark.parametrize("slug", sorted(SLUGS))
def test_shipped_deck_obeys_own_decks(decks, slug):
    """behind-2003-rulebook.txt, section "Own Decks (Eigene Decks)": >= 40 action cards, one society,
    each character once, legendary cards once, others <= 3, symbol of the society or none, CP <= agreed
    ("In the first game 20 to 30 CP are recommended")."""
    deck = decks[slug]
    assert deck.society == SLUGS[slug] and deck_violations(deck) == []
    assert deck.size == len(deck.cards) == sum(deck.counts.values()) >= 40
    assert 26 <= deck.character_points <= deck.character_points_limit == 30
    assert 4 <= mean(deck.fate_numbers()) <= 5
    assert len(set(c.id for c in deck.characters)) == len(deck.characters)
    assert all(card.society in (None, deck.society) for card in deck.cards)
    assert all(n <= (1 if card.legendary else 3) for card in deck.cards for n in [deck.counts[card.id]])


# -- Large Battles -------------------------------------------------------------------------------
@pytest.mark.parametrize("cp, expected", [
    (0, (5, 3, 40)), (20, (5, 3, 40)), (30, (5, 3, 40)), (31, (6, 4, 50)), (60, (6, 4, 50)),
    (61, (7, 5, 60)), (200, (7, 5, 60)),
])
def test_battle_size_follows_large_battles_table(cp, expected):
    """behind-2003-rulebook.txt, section "Large Battles (Große Schlachten)": up to 30 CP 5 hand cards,
    3 actions, 40 cards; from 31 CP 6/4/50; from 61 CP 7/5/60."""
    assert battle_size(cp) == BattleSize(*expected)
    assert LARGE_BATTLES == [(0, 5, 3, 40), (31, 6, 4, 50), (61, 7, 5, 60)]


def test_battle_size_rejects_negative_points():
    with pytest.raises(ValueError, match="character points"):
        battle_size(-1)


# -- malformed CSV files -------------------------------------------------------------------------
CHARACTER = {"id": "x", "name": "X", "society": "Vampire", "strength": "3", "dexterity": "2", "resistance": "2",
             "character_points": "6", "abilities": "Befehl 5+", "source": "test"}
CARD = {"id": "X1", "title": "X", "society": "", "fate": "4", "movement_range_cm": "4.5", "movement_number": "1",
        "category": "Ereignis", "permanent": "false", "legendary": "false", "unique": "false", "zusatz_bonus": "0",
        "ranged": "false", "influence": "", "effect": "", "source": "test"}


def write_csv(path, rows, header=None):
    """Two comment lines, the header (line 3), then the rows from line 4 on."""
    with path.open("w", newline="", encoding="utf-8") as file:
        file.write("# test data\n# second comment\n")
        writer = csv.writer(file)
        writer.writerow(header or list(rows[0]))
        writer.writerows([list(row.values()) for row in rows])
    return path


def second(base, **changes):
    """A valid first row and a second row (line 5) with ``changes``."""
    return [base, {**base, "id": base["id"] + "2", **changes}]


@pytest.mark.parametrize("loader, base, field, value, problem", [
    (load_characters, CHARACTER, "strength", "4.5", "is not a whole number"),
    (load_characters, CHARACTER, "resistance", "0", "is less than 1"),
    (load_characters, CHARACTER, "society", "Hexen", "is not a society"),
    (load_characters, CHARACTER, "abilities", "Flug 3+", "unknown ability"),
    (load_characters, CHARACTER, "abilities", "Regeneration", "needs a check value"),
    (load_characters, CHARACTER, "abilities", "Glaube 4+", "takes no X+ check"),
    (load_characters, CHARACTER, "name", "", "is empty"),
    (load_action_cards, CARD, "fate", "x", "is not a whole number"),
    (load_action_cards, CARD, "movement_range_cm", "weit", "is not a number"),
    (load_action_cards, CARD, "permanent", "yes", "is not true or false"),
    (load_action_cards, CARD, "ranged", "1", "is not true or false"),
    (load_action_cards, CARD, "society", "Hexen", "is not a society"),
    (load_action_cards, CARD, "category", "Zauberspruch", "is not a category"),
    (load_action_cards, CARD, "influence", "4", "is given for a card that is not permanent"),
    (load_action_cards, CARD, "permanent", "true", "must be false for an Ereignis"),
    # documented ranges (issue 10): fate 1-9, movement at most one card length, one digit, ...
    (load_action_cards, CARD, "fate", "99", "is more than 9; it must be from 1 to 9"),
    (load_action_cards, CARD, "fate", "0", "is less than 1"),
    (load_action_cards, CARD, "fate", "9" * 50, "is out of range; it must be from 1 to 9"),
    (load_action_cards, CARD, "fate", "\u0663", "is not a whole number"),
    (load_action_cards, CARD, "movement_range_cm", "1e308", "is not a number (centimetres"),
    (load_action_cards, CARD, "movement_range_cm", "300", "is not a distance from 0 to 12 cm"),
    (load_action_cards, CARD, "movement_range_cm", "nan", "is not a distance >= 0"),
    (load_action_cards, CARD, "movement_range_cm", "1_0", "is not a number"),
    (load_action_cards, CARD, "movement_number", "1000000", "is more than 9"),
    (load_action_cards, CARD, "zusatz_bonus", "-1", "is less than 0"),
    (load_action_cards, CARD, "id", "../x", "is not an id"),
    (load_characters, CHARACTER, "strength", "99", "is more than 20"),
    (load_characters, CHARACTER, "character_points", "1000", "is more than 100"),
    (load_characters, CHARACTER, "abilities", "Befehl 99+", "needs a check X+ from 1+ to 12+"),
])
def test_malformed_value_names_file_row_field_and_value(tmp_path, loader, base, field, value, problem):
    """A malformed row is reported with file, row (line number in the file), field and value."""
    path = write_csv(tmp_path / "data.csv", second(base, **{field: value}))
    with pytest.raises(DataError) as error:
        loader(path)
    message = str(error.value)
    assert message.startswith(f"{path}, row 5, field '{field}': {value!r} "), message
    assert problem in message
    assert (error.value.row, error.value.field, error.value.value) == (5, field, value)


@pytest.mark.parametrize("category", sorted(PERMANENT_CATEGORIES))
def test_permanent_category_must_be_flagged_permanent(tmp_path, category):
    """"Special Card Effect" / Glossary (Dauerhaft): every Ort, Gegenstand (Waffe) and Person is permanent."""
    path = write_csv(tmp_path / "cards.csv", second(CARD, category=category, permanent="false"))
    with pytest.raises(DataError, match=rf"row 5, field 'permanent': 'false' must be true .*{category}"):
        load_action_cards(path)


def test_duplicate_id_names_both_rows(tmp_path):
    path = write_csv(tmp_path / "cards.csv", second(CARD, id="X1"))
    with pytest.raises(DataError, match=r"row 5, field 'id': 'X1' is a duplicate id \(first on row 4\)"):
        load_action_cards(path)


def test_missing_and_unknown_columns(tmp_path):
    """Column errors name the header row and the column."""
    missing = {k: v for k, v in CHARACTER.items() if k != "dexterity"}
    path = write_csv(tmp_path / "characters.csv", [missing])
    with pytest.raises(DataError, match=rf"^{path}, row 3, field 'dexterity': column is missing"):
        load_characters(path)
    path = write_csv(tmp_path / "cards.csv", [{**CARD, "colour": "red"}])
    with pytest.raises(DataError, match=rf"^{path}, row 3, field 'colour': unknown column"):
        load_action_cards(path)


def test_wrong_number_of_fields(tmp_path):
    path = write_csv(tmp_path / "characters.csv", [CHARACTER, {**CHARACTER, "extra": "1"}], header=list(CHARACTER))
    with pytest.raises(DataError, match=r"row 5: has 10 fields, the header has 9"):
        load_characters(path)


def test_shipped_file_errors_use_the_repository_path(tmp_path):
    """Files in the repository are named relative to it, as in data/behind/... messages."""
    with pytest.raises(DataError, match=r"^data/behind/nothing.csv: file not found"):
        load_characters(DATA_DIR / "nothing.csv")


# -- malformed deck files ------------------------------------------------------------------------
VALID_DECK = """\
# test deck
name = "Test"
society = "Vampire"
character_points_limit = 30
characters = [
    "ludwig-von-auenstedt",
    "{character}",
]

[cards]
V01 = 3
{card} = {count}
"""


def write_deck(tmp_path, character="konrad-der-bleiche", card="V02", count="2", text=None):
    path = tmp_path / "test.toml"
    path.write_text(text or VALID_DECK.format(character=character, card=card, count=count), encoding="utf-8")
    return path


@pytest.mark.parametrize("changes, row, field, value, problem", [
    ({"character": "dracula"}, 7, "characters", "dracula", "is not a character id"),
    ({"card": "V99"}, 12, "cards.V99", "V99", "is not an action card id"),
    ({"count": "-1"}, 12, "cards.V02", -1, "is a negative number of copies"),
    ({"count": '"2"'}, 12, "cards.V02", "2", "is not a whole number of copies"),
    ({"count": "1.5"}, 12, "cards.V02", 1.5, "is not a whole number of copies"),
])
def test_malformed_deck_names_file_row_field_and_id(tmp_path, changes, row, field, value, problem):
    """A deck file's unknown ids and bad counts are reported with file, line, field and value."""
    path = write_deck(tmp_path, **changes)
    with pytest.raises(DataError) as error:
        load_deck(path, validate=False)
    message = str(error.value)
    assert message.startswith(f"{path}, row {row}, field {field!r}: {value!r} {problem}"), message


@pytest.mark.parametrize("old, new, match", [
    ('society = "Vampire"', 'society = "Hexen"', r"row 3, field 'society': 'Hexen' is not a society"),
    ('name = "Test"', 'nmae = "Test"', r"row 2, field 'nmae': 'Test' is under an unknown key"),
    ("character_points_limit = 30", "character_points_limit = -5", r"row 4, field 'character_points_limit': -5"),
    ("V01 = 3", "V01 = ", r"row 11: is not valid TOML"),
    ("V01 = 3", "V02 = 3", r"row 12: is not valid TOML"),  # a key given twice
])
def test_malformed_deck_keys(tmp_path, old, new, match):
    path = write_deck(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    with pytest.raises(DataError, match=rf"^{path}, {match}"):
        load_deck(path, validate=False)


def test_missing_deck_key(tmp_path):
    path = write_deck(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('name = "Test"\n', ""), encoding="utf-8")
    with pytest.raises(DataError, match=rf"^{path}, field 'name': is missing"):
        load_deck(path, validate=False)


# -- deck rules ----------------------------------------------------------------------------------
def with_counts(deck: Deck, cards, **counts) -> Deck:
    """``deck`` with the copies of some cards set (0 removes them)."""
    kept = [card for card in deck.cards if card.id not in counts]
    return replace(deck, cards=tuple(kept + [cards[card_id] for card_id, n in counts.items() for _ in range(n)]))


def only_violation(deck, **kwargs) -> str:
    violations = deck_violations(deck, **kwargs)
    assert len(violations) == 1, violations
    with pytest.raises(RuleViolation) as error:
        validate_deck(deck, **kwargs)
    assert str(error.value) == str(violations[0])
    return str(violations[0])


OWN_DECKS = 'section "Own Decks (Eigene Decks)"'


def test_too_few_cards(decks):
    """"Own Decks": "A deck must consist of at least 40 action cards"."""
    deck = decks["vampire"]
    message = only_violation(replace(deck, cards=deck.cards[:39]))
    assert "has 39 action cards" in message and "at least 40" in message and OWN_DECKS in message


def test_large_battle_needs_more_cards(decks, characters):
    """"Large Battles": from 31 CP the deck needs at least 50 cards (ruling behind.battle-size: the
    row of the agreed character points)."""
    deck = replace(decks["vampire"], character_points_limit=60)
    deck = replace(deck, characters=deck.characters + (characters["viktor-lazar"],))
    message = only_violation(deck)
    assert "battle of 60 CP" in message and "at least 50" in message
    assert 'section "Large Battles (Große Schlachten)"' in message


def test_battle_size_follows_the_agreed_points_not_the_deck(decks):
    """"Large Battles": a 30-CP deck entered in a 45-CP battle still needs 50 cards."""
    message = only_violation(decks["vampire"], character_points_limit=45)
    assert "battle of 45 CP" in message and "at least 50" in message


def test_card_more_than_three_times(decks, cards):
    """"Own Decks": "Every other action card may be represented up to three times"."""
    message = only_violation(with_counts(decks["vampire"], cards, V01=4))
    assert "card V01 'Blutdurst'" in message and "4 times" in message and "up to 3 times" in message
    assert OWN_DECKS in message


def test_legendary_card_twice(decks, cards):
    """"Own Decks": "Every legendary action card may be in the deck only once"."""
    message = only_violation(with_counts(decks["vampire"], cards, V05=2))
    assert "legendary card V05" in message and "2 times" in message and "only once" in message and OWN_DECKS in message


def test_card_of_another_society(decks, cards):
    """"Own Decks": action cards must bear the society's symbol, or none."""
    message = only_violation(with_counts(decks["vampire"], cards, W03=1))
    assert "card W03" in message and "symbol of Werwölfe" in message and OWN_DECKS in message


def test_character_of_another_society_and_twice(decks, characters):
    """"Own Decks": "Every character must belong to the same society and may be represented only once"."""
    deck = decks["vampire"]
    konrad = characters["konrad-der-bleiche"]
    others = tuple(c for c in deck.characters if c != konrad)
    message = only_violation(replace(deck, characters=others + (characters["lena-wildfang"],)))
    assert "character 'lena-wildfang' belongs to Werwölfe" in message and OWN_DECKS in message
    two_elenas = tuple(c for c in others if c.id != "isabeau-nachtschatten") + (characters["elena-morvai"],) * 2
    message = only_violation(replace(deck, characters=two_elenas))
    assert "character 'elena-morvai'" in message and "2 times" in message and "only once" in message


def test_character_points_over_the_agreed_value(decks):
    """"Own Decks": the characters' CP sum "must not exceed the agreed value"."""
    message = only_violation(decks["vampire"], character_points_limit=25)
    assert "30 CP" in message and "agreed 25" in message and OWN_DECKS in message


def test_several_violations_are_combined(tmp_path, decks, cards):
    """validate_deck / load_deck(validate=True) report every broken rule at once."""
    deck = with_counts(decks["vampire"], cards, V01=4, W03=1)
    assert len(deck_violations(deck)) == 2
    with pytest.raises(RuleViolation, match=r"breaks 2 deck rules: \(1\) card V01 .*\(2\) card W03"):
        validate_deck(deck)
    path = write_deck(tmp_path, card="V02", count="5")
    with pytest.raises(RuleViolation) as error:
        load_deck(path)
    assert "card V02" in str(error.value) and "5 times" in str(error.value) and OWN_DECKS in str(error.value)


def test_a_file_that_is_not_utf8_is_named_with_its_line(tmp_path):
    """Issue 10: a Latin-1 file was a bare UnicodeDecodeError; now the file and the line are named."""
    path = write_csv(tmp_path / "characters.csv", second(CHARACTER, name="Grün"))
    path.write_bytes(path.read_text(encoding="utf-8").encode("latin-1"))
    with pytest.raises(DataError, match=rf"^{path}, row 5: is not UTF-8 text \(byte \d+: b'\\xfcn"):
        load_characters(path)
    deck = write_deck(tmp_path)
    deck.write_bytes(deck.read_bytes().replace(b"# test deck", b"# test d\xe9ck"))
    with pytest.raises(DataError, match=rf"^{deck}, row 1: is not UTF-8 text"):
        load_deck(deck, validate=False)


def test_a_data_error_is_an_input_error():
    """DataError is the shared InputError (a ValueError) with the file as its source, and pickles."""
    import pickle

    from explorer.core.inputs import InputError

    error = DataError(DATA_DIR / "characters.csv", 7, "fate", "x" * 500, "is not a whole number")
    assert isinstance(error, InputError) and isinstance(error, ValueError)
    assert (error.source, error.field, error.row, error.expected) == ("data/behind/characters.csv", "fate", 7,
                                                                      "is not a whole number")
    assert len(str(error)) < 200 and str(pickle.loads(pickle.dumps(error))) == str(error)
