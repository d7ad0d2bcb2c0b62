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

Nothing read is trusted (issue 10): files are read with a bound on their size
(:data:`MAX_FILE_BYTES`), as UTF-8 (a bad byte is named by file and line), with at most
:data:`MAX_ROWS` rows of at most :data:`MAX_CELL_LENGTH` characters per cell; every number must lie
in its documented range (:data:`CHARACTER_RANGES`, :data:`CARD_RANGES`, data/behind/README.md),
ids are :data:`explorer.core.inputs.NAME` s, and a deck's copies are bounded before any list is
built.  A deck is named by its slug among the decks of a folder, never by a path taken from data.
"""

from __future__ import annotations

import csv
import io
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
from explorer.core.inputs import NAME, InputError, short
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

MAX_FILE_BYTES = 2_000_000
"""The largest card or character file read (bytes): the shipped ones have 15 KB."""
MAX_TOML_BYTES = 256_000
"""The largest deck or scenario file read (bytes): the shipped ones have 5 KB."""
MAX_ROWS = 10_000
"""The most rows a card or character file may have (the shipped ones have 83 and 30)."""
MAX_CELL_LENGTH = 2_000
"""The longest cell of a CSV file (characters)."""
MAX_TEXT_LENGTH = 200
"""The longest name, title or source text of a deck."""

CHARACTER_RANGES = {"strength": (0, 20), "dexterity": (0, 20), "resistance": (1, 20), "character_points": (0, 100)}
"""The whole numbers a character card may print (data/behind/README.md); the shipped (illustrative)
characters have 1-5, 1-5, 1-4 and 4-12."""
CARD_RANGES = {"fate": (1, 9), "movement_number": (0, 9), "zusatz_bonus": (0, 9), "influence": (0, 12)}
"""The whole numbers an action card may print: fate numbers 1-9 (ruling ``behind.fate-number-range``),
one digit for the movement number and the Zusatz bonus, an influence value a fate number can meet."""
MOVEMENT_RANGE_CM = (0.0, 12.0)
"""A movement range (cm): the bar runs along the card's long edge, so it is at most one card length
(ruling ``behind.movement-range-cm``), and a card length is at most 12 cm (ruling
``behind.card-length-cm``).  The shipped cards have 2.0-8.8 cm."""
MAX_DECK_COPIES = 60
"""The most copies of one card a deck file may give (Own Decks allows 3; ``validate=False`` decks
may have more, but not without bound)."""
MAX_DECK_CARDS = 1_000
"""The most action cards a deck file may hold in all (Large Battles asks for at most 60)."""
MAX_DECK_CHARACTERS = 60
"""The most characters a deck file may list."""

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


class DataError(InputError):
    """A malformed data file: ``<file>, row <line>, field '<field>': '<value>' <problem>``.

    An :class:`~explorer.core.inputs.InputError` (so a ``ValueError``): ``source`` is the file as
    named in messages, ``field`` the field, ``expected`` the problem; ``row`` is the line.  The
    value is quoted shortened to 80 characters: a message never echoes a whole cell or file."""

    def __init__(self, path: Path | str, row: int | None, field: str | None, value: Any = _NO_VALUE,
                 problem: str = "is not valid"):
        self.path, self.row = Path(path), row
        self.source, self.field, self.expected = display_path(self.path), field, problem
        self.value = None if value is _NO_VALUE else value
        self.problems = [(field or "", self.value, problem)]
        where = ", ".join([self.source] + ([f"row {row}"] if row else [])
                          + ([f"field {short(field)}"] if field else []))
        what = problem if value is _NO_VALUE else f"{short(value)} {problem}"
        ValueError.__init__(self, f"{where}: {what}")

    def __reduce__(self):  # keep the parts when pickled (process pools)
        return (type(self), (self.path, self.row, self.field, self.value, self.expected))


def _read_text(path: Path, what: str, limit: int) -> str:
    """The UTF-8 text of a data file of at most ``limit`` bytes; DataError naming the file (and the
    line of a byte that is not UTF-8) otherwise."""
    if not path.is_file():
        raise DataError(path, None, None, problem=f"{what} file not found" if what else "file not found")
    with path.open("rb") as file:
        raw = file.read(limit + 1)
    if len(raw) > limit:
        raise DataError(path, None, None, problem=f"is larger than {limit:,} bytes; a {what or 'data'} file "
                                                  "is far smaller")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise DataError(path, line, None, problem=f"is not UTF-8 text (byte {error.start}: "
                                                  f"{raw[error.start:error.start + 4]!r}); save the file as UTF-8") from None


# -- CSV -----------------------------------------------------------------------------------------
def _read_csv(path: Path, columns: tuple[str, ...], optional: tuple[str, ...] = ()):
    """Yield ``(line number, {column: stripped text})``; lines starting with ``#`` are comments.

    A column of ``optional`` may be missing; then its rows have no such key."""
    text = _read_text(path, "", MAX_FILE_BYTES)
    if "\0" in text:
        raise DataError(path, text[:text.index("\0")].count("\n") + 1, None, problem="holds a NUL character; "
                                                                                   "a CSV file is plain text")
    # Comment lines become empty lines, so the reader's line numbers stay those of the file.
    # (io.StringIO with newline="" splits at \n, \r and \r\n only, as the csv module does; str.splitlines
    # would also split inside a cell at \x85, \u2028, \x0c, ...)
    lines = ["\n" if line.lstrip().startswith("#") else line for line in io.StringIO(text, newline="")]
    reader = csv.reader(lines)
    header: list[str] | None = None
    start, rows = 1, 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            raise DataError(path, start, None, problem=f"is not valid CSV: {error}") from None
        line, start = start, reader.line_num + 1
        if not any(cell.strip() for cell in row):
            continue
        cells = [cell.strip() for cell in row]
        long = next((i for i, cell in enumerate(cells) if len(cell) > MAX_CELL_LENGTH), None)
        if long is not None:
            column = header[long] if header and long < len(header) else None
            raise DataError(path, line, column, problem=f"has a cell of {len(cells[long]):,} characters; a cell has "
                                                        f"at most {MAX_CELL_LENGTH:,}")
        rows += 1
        if rows > MAX_ROWS + 1:
            raise DataError(path, line, None, problem=f"is more than {MAX_ROWS:,} rows; a card file has far fewer")
        if header is None:
            header = cells
            for column in columns:
                if column not in header and column not in optional:
                    raise DataError(path, line, column, problem=f"column is missing; columns are {', '.join(columns)}")
            for number, column in enumerate(header, 1):
                if not column:
                    raise DataError(path, line, None, problem=f"column {number} of the header has no name; "
                                                              f"columns are {', '.join(columns)}")
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


_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})")
"""A plain decimal: no exponent, no ``nan`` / ``inf``, no ``_`` (which ``float()`` takes), ASCII digits."""


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

    def integer(self, field: str, *, minimum: int | None = None, maximum: int | None = None,
                optional: bool = False) -> int | None:
        text = self.values[field]
        if optional and text == "":
            return None
        if not _WHOLE.fullmatch(text):
            raise self.error(field, "is not a whole number")
        if len(text) > 12:
            raise self.error(field, f"is out of range; it must be from {minimum} to {maximum}"
                             if maximum is not None else "is out of range")
        value = int(text)
        if minimum is not None and value < minimum:
            raise self.error(field, f"is less than {minimum}" + (f"; it must be from {minimum} to {maximum}"
                                                                 if maximum is not None else ""))
        if maximum is not None and value > maximum:
            raise self.error(field, f"is more than {maximum}; it must be from {minimum} to {maximum} "
                                    "(data/behind/README.md)")
        return value

    def number(self, field: str, low: float = 0.0, high: float = float("inf")) -> float:
        text = self.values[field]
        if not _DECIMAL.fullmatch(text):
            what = "a distance >= 0" if text.lower().lstrip("+-") in ("nan", "inf", "infinity") else \
                "a number (centimetres, e.g. 4.5)"
            raise self.error(field, f"is not {what}")
        value = float(text)
        if not low <= value <= high:
            raise self.error(field, f"is not a distance from {low:g} to {high:g} cm (ruling behind.movement-range-cm: "
                                    "at most one card length)")
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
        if not NAME.match(item_id):
            raise row.error("id", "is not an id: letters, digits, '_' and '-' (at most 64)")
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
        strength=row.integer("strength", minimum=0, maximum=CHARACTER_RANGES["strength"][1]),
        dexterity=row.integer("dexterity", minimum=0, maximum=CHARACTER_RANGES["dexterity"][1]),
        resistance=row.integer("resistance", minimum=1, maximum=CHARACTER_RANGES["resistance"][1]),
        character_points=row.integer("character_points", minimum=0, maximum=CHARACTER_RANGES["character_points"][1]),
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
    influence = row.integer("influence", minimum=0, maximum=CARD_RANGES["influence"][1], optional=True)
    if influence is not None and not permanent:
        raise row.error("influence", "is given for a card that is not permanent (I. Organisation Phase: "
                                     "only permanent cards need an influence check)")
    card = ActionCard(
        id=row.text("id"),
        title=row.text("title", required=True),
        society=row.society(optional=True),
        fate=row.integer("fate", minimum=CARD_RANGES["fate"][0], maximum=CARD_RANGES["fate"][1]),
        movement_range=row.number("movement_range_cm", *MOVEMENT_RANGE_CM),
        movement_number=row.integer("movement_number", minimum=0, maximum=CARD_RANGES["movement_number"][1]),
        category=category,
        permanent=permanent,
        legendary=row.boolean("legendary"),
        unique=row.boolean("unique"),
        zusatz_bonus=row.integer("zusatz_bonus", minimum=0, maximum=CARD_RANGES["zusatz_bonus"][1]),
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
    # plain string tests, linear in the line (a pattern ``^\s*...|.*"key"`` backtracks on long lines)
    quoted = (f'"{key}"', f"'{key}'")
    for i in range(start, len(lines)):
        head = lines[i].lstrip()
        for lead in ("", '"', "'"):
            if head.startswith(lead + key):
                rest = head[len(lead + key):]
                if lead and rest.startswith(lead):
                    rest = rest[1:]
                if rest.lstrip().startswith("="):
                    return i + 1
        if any(q in lines[i] for q in quoted):
            return i + 1
    return None


def known_ids(folder: Path) -> list[str]:
    """The ids of the ``*.toml`` files of ``folder`` (their names without ``.toml``) that are
    :data:`~explorer.core.inputs.NAME` s, sorted."""
    if not folder.is_dir():
        return []
    return sorted(path.stem for path in folder.glob("*.toml") if NAME.match(path.stem))


def resolve_id(item_id: Any, folder: Path, what: str) -> Path:
    """The file ``<folder>/<item_id>.toml`` of a known id; DataError listing the known ids otherwise.

    ``item_id`` comes from data (a save, a layout, an action) or from a user: it must be an id
    (:data:`~explorer.core.inputs.NAME`: no path) and one of :func:`known_ids` of the folder, so no
    other file is ever opened and no file's content reaches a message."""
    known = known_ids(folder)
    if not isinstance(item_id, str) or not NAME.match(item_id) or item_id not in known:
        raise DataError(folder, None, what, item_id,
                        f"is not a known {what} id; known ids are {', '.join(known) or '(none)'}"
                        + (" (a file is passed as a Path, not as a text)" if isinstance(item_id, str)
                           and ("/" in item_id or "\\" in item_id or item_id.endswith(".toml")) else ""))
    return folder / f"{item_id}.toml"


def _deck_path(name_or_path: Path | str, data_dir: Path | str | None) -> Path:
    """A :class:`~pathlib.Path` is a file the caller chose; a text is a deck's slug among the decks
    of ``data_dir`` (default: the shipped ones)."""
    if isinstance(name_or_path, Path):
        return name_or_path
    return resolve_id(name_or_path, Path(data_dir or DATA_DIR) / "decks", "deck")


def read_toml(path: Path, what: str) -> tuple[str, dict]:
    """The text and data of a TOML data file (UTF-8, at most :data:`MAX_TOML_BYTES`); DataError
    naming the file (and line) if it is missing, too large, not UTF-8 or malformed."""
    text = _read_text(path, what, MAX_TOML_BYTES)
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = re.search(r"line (\d+)", str(error))
        raise DataError(path, int(line[1]) if line else None, None, problem=f"is not valid TOML: {error}") from None
    except RecursionError:
        raise DataError(path, None, None, problem="is not valid TOML: nested too deeply") from None


def load_deck(name_or_path: Path | str, *, data_dir: Path | str | None = None,
              characters: Mapping[str, Character] | None = None,
              cards: Mapping[str, ActionCard] | None = None, validate: bool = True) -> Deck:
    """A deck from ``decks/<slug>.toml`` (``load_deck("vampire")``: a known slug of ``data_dir``,
    default the shipped decks) or from a TOML file given as a :class:`~pathlib.Path`.

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
        if len(data.get(key, "")) > MAX_TEXT_LENGTH:
            raise error(key, data[key], f"is longer than {MAX_TEXT_LENGTH} characters")
    if not isinstance(data["society"], str) or data["society"] not in SOCIETIES:
        raise error("society", data["society"], f"is not a society; societies are {', '.join(SOCIETIES)}")
    limit = data.get("character_points_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise error("character_points_limit", limit, "is not a whole number >= 0")
    if limit is not None and limit > MAX_DECK_CARDS:
        raise error("character_points_limit", limit, f"is more than {MAX_DECK_CARDS}; it must be from 0 to "
                                                     f"{MAX_DECK_CARDS}")
    if not isinstance(data["characters"], list):
        raise error("characters", data["characters"], "is not a list of character ids")
    if len(data["characters"]) > MAX_DECK_CHARACTERS:
        raise error("characters", len(data["characters"]), f"characters are listed; a deck lists at most "
                                                           f"{MAX_DECK_CHARACTERS}")
    for character_id in data["characters"]:
        if not isinstance(character_id, str) or character_id not in characters:
            raise error("characters", character_id, "is not a character id in characters.csv",
                        key=character_id if isinstance(character_id, str) else "characters")
    if not isinstance(data["cards"], dict):
        raise error("cards", data["cards"], "is not a table of card id = number of copies")
    deck_cards: list[ActionCard] = []
    if len(data["cards"]) > MAX_DECK_CARDS:
        raise error("cards", len(data["cards"]), f"card ids are listed; a deck lists at most {MAX_DECK_CARDS}")
    for card_id, count in data["cards"].items():
        field = f"cards.{card_id}"
        if card_id not in cards:
            raise error(field, card_id, "is not an action card id in action_cards.csv", key=card_id, after="[cards]")
        if isinstance(count, bool) or not isinstance(count, int):
            raise error(field, count, "is not a whole number of copies", key=card_id, after="[cards]")
        if count < 0:
            raise error(field, count, "is a negative number of copies", key=card_id, after="[cards]")
        if count > MAX_DECK_COPIES:
            raise error(field, count, f"is more copies than a deck file may give (at most {MAX_DECK_COPIES}; "
                                      f"Own Decks allows {MAX_COPIES})", key=card_id, after="[cards]")
        if len(deck_cards) + count > MAX_DECK_CARDS:
            raise error(field, count, f"copies make the deck larger than {MAX_DECK_CARDS} action cards",
                        key=card_id, after="[cards]")
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
    """Every deck in ``decks/`` of ``data_dir`` (a folder the user chose, default the shipped data)
    by slug (file name without ``.toml``)."""
    data_dir = Path(data_dir or DATA_DIR)
    characters, cards = load_characters(data_dir), load_action_cards(data_dir)
    decks = {}
    for path in sorted((data_dir / "decks").glob("*.toml")):
        if not NAME.match(path.stem):
            raise DataError(path, None, None, problem="is not named by a deck id (letters, digits, '_' and '-', "
                                                      "at most 64, then .toml)")
        decks[path.stem] = load_deck(path, characters=characters, cards=cards, validate=validate)
    return decks


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
