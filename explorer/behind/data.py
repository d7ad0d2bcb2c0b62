"""Behind's card data: characters, action cards and decks, loaded from ``data/behind/``.

The shipped files are ILLUSTRATIVE (the published card lists are not available; see
``data/behind/README.md``).  Replace them with real lists in the same format and the rest of the
explorer keeps working.

* ``characters.csv`` -> :class:`~explorer.behind.cards.Character` (Charakterkarte)
* ``action_cards.csv`` -> :class:`~explorer.behind.cards.ActionCard` (Aktionskarte)
* ``decks/<slug>.toml`` -> :class:`Deck`, checked against "Own Decks (Eigene Decks)" and the
  table of "Large Battles (Große Schlachten)".

A malformed file raises :class:`DataError` naming the file, the row (line number), the field and
the value; a deck that breaks a deck-building rule raises :class:`RuleViolation` citing the rule.
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping

from explorer.behind import refs
from explorer.behind.card_effects import card_name, check_effect_allowed
from explorer.behind.cards import (
    CATEGORIES,
    PERMANENT_CATEGORIES,
    SOCIETIES,
    ActionCard,
    Character,
    parse_abilities,
)
from explorer.core.resources import data_dir, display_path
from explorer.core.rules import RuleViolation

DATA_DIR = data_dir("behind")
"""The shipped files: ``data/behind/`` of the repository, ``explorer/data/behind/`` once installed
(package data found by :mod:`explorer.core.resources`)."""
ROOT = DATA_DIR.parents[1]
"""The folder holding ``data/`` (the repository in a checkout): files are named relative to it."""

CHARACTER_COLUMNS = ("id", "name", "society", "strength", "dexterity", "resistance", "character_points",
                     "abilities", "source")
CARD_COLUMNS = ("id", "title", "society", "fate", "movement_range_cm", "movement_number", "category", "permanent",
                "legendary", "unique", "zusatz_bonus", "ranged", "influence", "effect", "effect_code", "source")
OPTIONAL_CARD_COLUMNS = ("effect_code",)
"""Columns a card file may lack (files written before the column existed): their cards get no
effect code (``ActionCard.card_effect`` is ``None``).  When the column is present, every row needs
a valid code (see ``explorer/behind/card_effects.py``)."""
DECK_KEYS = ("name", "society", "source", "character_points_limit", "characters", "cards")
REQUIRED_DECK_KEYS = ("name", "society", "characters", "cards")

MAX_COPIES = 3
"""Own Decks: "Every other action card may be represented up to three times." """

LARGE_BATTLES = [(0, 5, 3, 40), (31, 6, 4, 50), (61, 7, 5, 60)]
"""Große Schlachten table: (from CP, hand cards, actions / Moments, minimum deck size)."""


@dataclass(frozen=True)
class BattleSize:
    """One row of the Large Battles table: hand cards (Handkarten), actions per turn (and Moments
    in the opponents' turns), minimum number of action cards in the deck."""

    hand_size: int
    actions: int
    min_deck_size: int


def battle_size(character_points: int) -> BattleSize:
    """The Large Battles (Große Schlachten) row for a battle of ``character_points`` CP:
    up to 30 CP 5/3/40, from 31 CP 6/4/50, from 61 CP 7/5/60."""
    if isinstance(character_points, bool) or not isinstance(character_points, int) or character_points < 0:
        raise ValueError(f"character points must be a whole number >= 0, got {character_points!r}")
    return _battle_size(character_points)


@lru_cache(maxsize=64)
def _battle_size(character_points: int) -> BattleSize:
    return BattleSize(*_battle_row(character_points)[1:])


def _battle_row(character_points: int) -> tuple[int, int, int, int]:
    return [row for row in LARGE_BATTLES if character_points >= row[0]][-1]


# -- errors --------------------------------------------------------------------------------------
_NO_VALUE = object()


class DataError(ValueError):
    """A malformed data file: ``<file>, row <line>, field '<field>': '<value>' <problem>``."""

    def __init__(self, path: Path | str, row: int | None, field: str | None, value: Any = _NO_VALUE,
                 problem: str = "is not valid"):
        self.path, self.row, self.field = Path(path), row, field
        self.value = None if value is _NO_VALUE else value
        where = ", ".join([display_path(self.path)] + ([f"row {row}"] if row else [])
                          + ([f"field {field!r}"] if field else []))
        what = problem if value is _NO_VALUE else f"{value!r} {problem}"
        super().__init__(f"{where}: {what}")


# -- CSV -----------------------------------------------------------------------------------------
def _read_csv(path: Path, columns: tuple[str, ...], optional: tuple[str, ...] = ()):
    """Yield ``(line number, {column: stripped text})``; lines starting with ``#`` are comments.

    A column of ``optional`` may be missing; then its rows have no such key."""
    if not path.is_file():
        raise DataError(path, None, None, problem="file not found")
    with path.open(newline="", encoding="utf-8-sig") as file:
        # Comment lines become empty lines, so the reader's line numbers stay those of the file.
        lines = ["\n" if line.lstrip().startswith("#") else line for line in file]
    reader = csv.reader(lines)
    header: list[str] | None = None
    start = 1
    for row in reader:
        line, start = start, reader.line_num + 1
        if not any(cell.strip() for cell in row):
            continue
        cells = [cell.strip() for cell in row]
        if header is None:
            header = cells
            for column in columns:
                if column not in header and column not in optional:
                    raise DataError(path, line, column, problem=f"column is missing; columns are {', '.join(columns)}")
            for column in header:
                if column not in columns:
                    raise DataError(path, line, column, problem=f"unknown column; columns are {', '.join(columns)}")
            if len(set(header)) != len(header):
                twice = next(column for column in header if header.count(column) > 1)
                raise DataError(path, line, twice, problem="column appears twice")
            continue
        if len(cells) != len(header):
            raise DataError(path, line, None, problem=f"has {len(cells)} fields, the header has {len(header)}")
        yield line, dict(zip(header, cells))
    if header is None:
        raise DataError(path, None, None, problem="no header row (the file is empty)")


class _Row:
    """Typed access to one CSV row; every failure names file, line, field and value."""

    def __init__(self, path: Path, line: int, values: dict[str, str]):
        self.path, self.line, self.values = path, line, values

    def error(self, field: str, problem: str) -> DataError:
        return DataError(self.path, self.line, field, self.values[field], problem)

    def text(self, field: str, *, required: bool = False) -> str:
        if required and not self.values[field]:
            raise self.error(field, "is empty")
        return self.values[field]

    def integer(self, field: str, *, minimum: int | None = None, optional: bool = False) -> int | None:
        text = self.values[field]
        if optional and text == "":
            return None
        if not re.fullmatch(r"[+-]?\d+", text):
            raise self.error(field, "is not a whole number")
        value = int(text)
        if minimum is not None and value < minimum:
            raise self.error(field, f"is less than {minimum}")
        return value

    def number(self, field: str) -> float:
        try:
            value = float(self.values[field])
        except ValueError:
            raise self.error(field, "is not a number (centimetres, e.g. 4.5)") from None
        if not value >= 0 or value == float("inf"):
            raise self.error(field, "is not a distance >= 0")
        return value

    def boolean(self, field: str) -> bool:
        text = self.values[field].lower()
        if text not in ("true", "false"):
            raise self.error(field, "is not true or false")
        return text == "true"

    def society(self, *, optional: bool = False) -> str | None:
        text = self.values["society"]
        if optional and text == "":
            return None
        if text not in SOCIETIES:
            none = " or empty (no symbol)" if optional else ""
            raise self.error("society", f"is not a society; societies are {', '.join(SOCIETIES)}{none}")
        return text


def _load_rows(path: Path, columns: tuple[str, ...], build: Callable[[_Row], Any],
               optional: tuple[str, ...] = ()) -> dict:
    items: dict[str, Any] = {}
    lines: dict[str, int] = {}
    for line, values in _read_csv(path, columns, optional):
        row = _Row(path, line, values)
        item_id = row.text("id", required=True)
        if item_id in items:
            raise row.error("id", f"is a duplicate id (first on row {lines[item_id]})")
        items[item_id], lines[item_id] = build(row), line
    return items


def _character(row: _Row) -> Character:
    try:
        abilities = parse_abilities(row.text("abilities"))
    except ValueError as error:
        raise row.error("abilities", f"is not a valid ability list: {error}") from None
    return Character(
        id=row.text("id"),
        name=row.text("name", required=True),
        society=row.society(),
        strength=row.integer("strength", minimum=0),
        dexterity=row.integer("dexterity", minimum=0),
        resistance=row.integer("resistance", minimum=1),
        character_points=row.integer("character_points", minimum=0),
        abilities=abilities,
        source=row.text("source"),
    )


def _action_card(row: _Row) -> ActionCard:
    category = row.text("category")
    if category not in CATEGORIES:
        raise row.error("category", f"is not a category; categories are {', '.join(CATEGORIES)}")
    permanent = row.boolean("permanent")
    if category in PERMANENT_CATEGORIES and not permanent:
        raise row.error("permanent", f"must be true for a card of category {category} (Glossary, Dauerhaft: "
                                     "places, persons and items are permanent; a weapon is an item)")
    if category == "Ereignis" and permanent:
        raise row.error("permanent", "must be false for an Ereignis (Special Card Effect: an event affects "
                                     "the game once and is then placed on the discard pile)")
    influence = row.integer("influence", minimum=0, optional=True)
    if influence is not None and not permanent:
        raise row.error("influence", "is given for a card that is not permanent (I. Organisation Phase: "
                                     "only permanent cards need an influence check)")
    card = ActionCard(
        id=row.text("id"),
        title=row.text("title", required=True),
        society=row.society(optional=True),
        fate=row.integer("fate", minimum=0),
        movement_range=row.number("movement_range_cm"),
        movement_number=row.integer("movement_number", minimum=0),
        category=category,
        permanent=permanent,
        legendary=row.boolean("legendary"),
        unique=row.boolean("unique"),
        zusatz_bonus=row.integer("zusatz_bonus"),
        ranged=row.boolean("ranged"),
        influence=influence,
        effect=row.text("effect"),
        source=row.text("source"),
    )
    return _with_effect_code(row, card)


def _with_effect_code(row: _Row, card: ActionCard) -> ActionCard:
    """``card`` with the row's ``effect_code``, which must parse and be allowed on the card."""
    if "effect_code" not in row.values:  # a file without the column: no effect codes
        return card
    code = row.text("effect_code")
    if not code:
        raise row.error("effect_code", "is empty; every card needs an effect code (data/behind/README.md)")
    try:
        check_effect_allowed(card, code)
    except ValueError as error:
        reason = getattr(error, "reason", str(error)).removeprefix(f"{card_name(card)}: ")
        rule = getattr(error, "rule", None)
        raise row.error("effect_code", f"is not a valid effect code: {reason}"
                                       + (f" (rule: {rule})" if rule else "")) from None
    return replace(card, effect_code=code)


def _file(path: Path | str | None, default: str) -> Path:
    path = Path(path) if path is not None else DATA_DIR
    return path / default if path.is_dir() else path


def load_characters(path: Path | str | None = None) -> dict[str, Character]:
    """All character cards by id, from ``characters.csv`` (a file, or a directory holding it)."""
    return _load_rows(_file(path, "characters.csv"), CHARACTER_COLUMNS, _character)


def load_action_cards(path: Path | str | None = None) -> dict[str, ActionCard]:
    """All action cards by id, from ``action_cards.csv`` (a file, or a directory holding it)."""
    return _load_rows(_file(path, "action_cards.csv"), CARD_COLUMNS, _action_card, OPTIONAL_CARD_COLUMNS)


# -- decks ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deck:
    """A player's deck: the character cards and the action cards (copies repeated in ``cards``).

    "Character cards do not count towards the number of cards in the deck" (Own Decks), so
    ``size`` counts the action cards only.
    """

    name: str
    society: str
    characters: tuple[Character, ...]
    cards: tuple[ActionCard, ...]
    character_points_limit: int | None = None
    source: str = "illustrative"

    @property
    def counts(self) -> dict[str, int]:
        """Copies per action card id, in deck order."""
        return dict(Counter(card.id for card in self.cards))

    @property
    def character_points(self) -> int:
        """Sum of the characters' character points (Charakterpunkte, CP)."""
        return sum(character.character_points for character in self.characters)

    @property
    def size(self) -> int:
        """Number of action cards (the deck card count of Own Decks / Large Battles)."""
        return len(self.cards)

    def fate_numbers(self) -> tuple[int, ...]:
        """The fate number (Schicksalszahl) of every action card, copies repeated."""
        return tuple(card.fate for card in self.cards)


def _toml_line(text: str, key: str, after: str | None = None) -> int | None:
    """Line number of ``key = ...`` (or of ``"key"`` in a list), searching below the line ``after``."""
    lines = text.splitlines()
    start = next((i + 1 for i, line in enumerate(lines) if after and line.strip().startswith(after)), 0)
    pattern = re.compile(rf'^\s*(?:["\']?{re.escape(key)}["\']?\s*=|.*["\']{re.escape(key)}["\'])')
    return next((i + 1 for i, line in enumerate(lines[start:], start) if pattern.match(line)), None)


def _deck_path(name_or_path: Path | str, data_dir: Path | str | None) -> Path:
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith(".toml") or "/" in text or "\\" in text:
        return Path(name_or_path)
    return Path(data_dir or DATA_DIR) / "decks" / f"{text}.toml"


def read_toml(path: Path, what: str) -> tuple[str, dict]:
    """The text and data of a TOML data file; DataError naming the file (and line) if it is
    missing or malformed."""
    if not path.is_file():
        raise DataError(path, None, None, problem=f"{what} file not found")
    text = path.read_text(encoding="utf-8")
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = re.search(r"line (\d+)", str(error))
        raise DataError(path, int(line[1]) if line else None, None, problem=f"is not valid TOML: {error}") from None


def load_deck(name_or_path: Path | str, *, data_dir: Path | str | None = None,
              characters: Mapping[str, Character] | None = None,
              cards: Mapping[str, ActionCard] | None = None, validate: bool = True) -> Deck:
    """A deck from ``decks/<slug>.toml`` (``load_deck("vampire")``) or from a TOML file path.

    Card and character ids are looked up in ``cards``/``characters`` (default: the CSV files of
    ``data_dir``).  With ``validate`` the deck must obey Own Decks (:func:`validate_deck`).
    """
    path = _deck_path(name_or_path, data_dir)
    text, data = read_toml(path, "deck")
    characters = load_characters(data_dir) if characters is None else characters
    cards = load_action_cards(data_dir) if cards is None else cards

    def error(field: str, value: Any, problem: str, key: str | None = None, after: str | None = None) -> DataError:
        return DataError(path, _toml_line(text, key or field, after), field, value, problem)

    for key in data:
        if key not in DECK_KEYS:
            raise error(key, data[key], f"is under an unknown key; keys are {', '.join(DECK_KEYS)}")
    for key in REQUIRED_DECK_KEYS:
        if key not in data:
            raise DataError(path, None, key, problem="is missing")
    for key in ("name", "source"):
        if not isinstance(data.get(key, ""), str):
            raise error(key, data[key], "is not a text")
    if data["society"] not in SOCIETIES:
        raise error("society", data["society"], f"is not a society; societies are {', '.join(SOCIETIES)}")
    limit = data.get("character_points_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise error("character_points_limit", limit, "is not a whole number >= 0")
    if not isinstance(data["characters"], list):
        raise error("characters", data["characters"], "is not a list of character ids")
    for character_id in data["characters"]:
        if not isinstance(character_id, str) or character_id not in characters:
            raise error("characters", character_id, "is not a character id in characters.csv",
                        key=str(character_id))
    if not isinstance(data["cards"], dict):
        raise error("cards", data["cards"], "is not a table of card id = number of copies")
    deck_cards: list[ActionCard] = []
    for card_id, count in data["cards"].items():
        field = f"cards.{card_id}"
        if card_id not in cards:
            raise error(field, card_id, "is not an action card id in action_cards.csv", key=card_id, after="[cards]")
        if isinstance(count, bool) or not isinstance(count, int):
            raise error(field, count, "is not a whole number of copies", key=card_id, after="[cards]")
        if count < 0:
            raise error(field, count, "is a negative number of copies", key=card_id, after="[cards]")
        deck_cards += [cards[card_id]] * count
    deck = Deck(
        name=data["name"],
        society=data["society"],
        characters=tuple(characters[character_id] for character_id in data["characters"]),
        cards=tuple(deck_cards),
        character_points_limit=limit,
        source=data.get("source", ""),
    )
    return validate_deck(deck) if validate else deck


def load_decks(data_dir: Path | str | None = None, *, validate: bool = True) -> dict[str, Deck]:
    """Every deck in ``decks/`` by slug (file name without ``.toml``)."""
    data_dir = Path(data_dir or DATA_DIR)
    characters, cards = load_characters(data_dir), load_action_cards(data_dir)
    return {path.stem: load_deck(path, characters=characters, cards=cards, validate=validate)
            for path in sorted((data_dir / "decks").glob("*.toml"))}


# -- deck rules ----------------------------------------------------------------------------------
def deck_violations(deck: Deck, character_points_limit: int | None = None) -> list[RuleViolation]:
    """Every way ``deck`` breaks the deck-building rules (Own Decks; Large Battles), in plain words.

    ``character_points_limit`` is the agreed CP value (default: the deck's own limit; none: unchecked).
    The minimum size is the Large Battles row of the agreed CP, or of the deck's own CP when no
    value was agreed (ruling ``behind.battle-size``).
    """
    found: list[RuleViolation] = []
    own = refs.OWN_DECKS
    limit = deck.character_points_limit if character_points_limit is None else character_points_limit

    battle_cp = deck.character_points if limit is None else limit
    from_cp, _, _, minimum = _battle_row(battle_cp)
    if deck.size < minimum:
        rule = (f"a deck must consist of at least {minimum} action cards" if from_cp == 0 else
                f"in a battle of {from_cp} CP or more a deck must have at least {minimum} action cards")
        found.append(RuleViolation(f"deck {deck.name!r} has {deck.size} action cards for a battle of {battle_cp} CP; "
                                   f"{rule}", own if from_cp == 0 else refs.LARGE_BATTLES))

    for character_id, count in Counter(c.id for c in deck.characters).items():
        if count > 1:
            found.append(RuleViolation(f"character {character_id!r} is in deck {deck.name!r} {count} times; "
                                       "every character may be represented only once", own))
    for character in dict.fromkeys(deck.characters):
        if character.society != deck.society:
            found.append(RuleViolation(f"character {character.id!r} belongs to {character.society}, not {deck.society}; "
                                       "every character must belong to the same society", own))

    titles = {card.id: card for card in deck.cards}
    for card_id, count in deck.counts.items():
        card = titles[card_id]
        if card.legendary and count > 1:
            found.append(RuleViolation(f"legendary card {card_id} {card.title!r} is in deck {deck.name!r} {count} "
                                       "times; every legendary action card may be in the deck only once", own))
        elif count > MAX_COPIES:
            found.append(RuleViolation(f"card {card_id} {card.title!r} is in deck {deck.name!r} {count} times; "
                                       f"every other action card may be represented up to {MAX_COPIES} times", own))
        if card.society is not None and card.society != deck.society:
            found.append(RuleViolation(f"card {card_id} {card.title!r} ({count} in deck {deck.name!r}) bears the "
                                       f"symbol of {card.society}; a "
                                       f"{deck.society} deck may hold only {deck.society} cards and cards without "
                                       "a symbol", own))

    if limit is not None and deck.character_points > limit:
        found.append(RuleViolation(f"the characters of deck {deck.name!r} cost {deck.character_points} CP, more than "
                                   f"the agreed {limit} CP; their sum must not exceed the agreed value", own))
    return found


def validate_deck(deck: Deck, character_points_limit: int | None = None) -> Deck:
    """``deck`` if it obeys the deck rules; else raise the violation (all of them, if several)."""
    violations = deck_violations(deck, character_points_limit)
    if len(violations) == 1:
        raise violations[0]
    if violations:
        details = "; ".join(f"({i}) {v.reason if v.rule == refs.OWN_DECKS else v}"
                            for i, v in enumerate(violations, 1))
        raise RuleViolation(f"deck {deck.name!r} breaks {len(violations)} deck rules: {details}", refs.OWN_DECKS)
    return deck


# -- tables --------------------------------------------------------------------------------------
def characters_frame(path: Path | str | None = None):
    """The characters as a pandas DataFrame (abilities as text), indexed by id."""
    import pandas as pd

    rows = [{"id": c.id, "name": c.name, "society": c.society, "strength": c.strength, "dexterity": c.dexterity,
             "resistance": c.resistance, "character_points": c.character_points,
             "abilities": "; ".join(map(str, c.abilities)), "source": c.source}
            for c in load_characters(path).values()]
    return pd.DataFrame(rows, columns=CHARACTER_COLUMNS).set_index("id")


def cards_frame(path: Path | str | None = None):
    """The action cards as a pandas DataFrame, indexed by id (``movement_range_cm`` in cm)."""
    import pandas as pd

    rows = [{"id": a.id, "title": a.title, "society": a.society, "fate": a.fate,
             "movement_range_cm": a.movement_range, "movement_number": a.movement_number, "category": a.category,
             "permanent": a.permanent, "legendary": a.legendary, "unique": a.unique,
             "zusatz_bonus": a.zusatz_bonus, "ranged": a.ranged, "influence": a.influence,
             "effect": a.effect, "effect_code": a.effect_code, "source": a.source}
            for a in load_action_cards(path).values()]
    frame = pd.DataFrame(rows, columns=CARD_COLUMNS).set_index("id")
    frame["influence"] = frame["influence"].astype("Int64")
    return frame
