"""Corrupted Behind data files (issue 10, "Trust nothing that comes in").

Copies of the shipped files are corrupted -- cells dropped or replaced, wrong types, NaN and
infinities, huge numbers, bad encodings, absurd sizes -- written to ``tmp_path`` and loaded through
the public loaders (``load_characters``, ``load_action_cards``, ``load_deck``, ``load_scenario``),
as a user who types in his own cards would.  Each must either load with every value in its
documented range, or raise :class:`~explorer.behind.data.DataError` (an
:class:`~explorer.core.inputs.InputError`) naming the file and the field; never another
exception, a hang or a silently bad value.

``COUNTS`` tallies (kind of corruption, outcome); run with ``-s`` to see the table at the end.
"""

from __future__ import annotations

import csv
import io
import json
import math
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.behind import data as behind_data
from explorer.behind.card_effects import MAX_AMOUNT, parse_effect_code
from explorer.behind.cards import MAX_ABILITY_NUMBER
from explorer.behind.data import (
    CARD_COLUMNS,
    CARD_RANGES,
    CHARACTER_COLUMNS,
    CHARACTER_RANGES,
    DATA_DIR,
    MAX_CELL_LENGTH,
    MAX_DECK_CARDS,
    MAX_DECK_COPIES,
    MAX_FILE_BYTES,
    MOVEMENT_RANGE_CM,
    DataError,
    load_action_cards,
    load_characters,
    load_deck,
)
from explorer.behind.scenarios import (
    MAX_CARD_LENGTHS,
    MAX_HEIGHT_CM,
    MAX_OBSTACLES,
    MAX_TABLE_CM,
    SCENARIO_DIR,
    load_scenario,
)
from explorer.core.inputs import InputError

COUNTS: Counter = Counter()
"""(file kind, corruption, outcome) -> how many examples ended so."""

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                            HealthCheck.too_slow])


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    yield
    if COUNTS:
        width = max(len(" / ".join(key)) for key in COUNTS)
        print("\ncorrupted inputs tried (file / corruption / outcome: count)")
        for key, count in sorted(COUNTS.items()):
            print(f"  {' / '.join(key):<{width}}  {count}")


HOSTILE_TEXTS = ["", " ", "nan", "NaN", "inf", "-inf", "Infinity", "1e308", "-1e308", "1e-308", "99", "-1", "0",
                 "1000000", "10" * 30, "4.5", "3.0", "1_0", "0x10", "٣", "²", "true", "false", "TRUE", "None",
                 "null", "[]", "{}", "draw 1000000", "check 99: heal", "check" + " " * 3000 + "x",
                 "Regeneration 99+", "Befehl" + " " * 1500 + "x", "Vampire", "Ort", "../../etc/passwd",
                 "x" * (MAX_CELL_LENGTH + 1), "\u202e", "a\u0000b", "\ud800"]
"""Cell values a hostile or careless file may hold (numbers out of range, NaN, other types, very long)."""

hostile_text = st.sampled_from(HOSTILE_TEXTS) | st.text(max_size=40)


# ---------------------------------------------------------------------------------------------
# Checking an outcome
# ---------------------------------------------------------------------------------------------
def expect_refusal_or_sound(kind: str, how: str, path: Path, load, check_loaded, *, fields, row=None):
    """Load ``path``; a refusal must be a DataError naming the file (and a field of the format, and
    the corrupted row when given); a success must pass ``check_loaded``.  Tallies the outcome."""
    try:
        loaded = load(path)
    except DataError as error:
        assert isinstance(error, InputError) and isinstance(error, ValueError)
        message = str(error)
        assert message.startswith(str(path)), message
        assert error.source == str(path)
        assert len(message) < 1_500, message[:300]
        if error.field is None:  # a whole-file problem: encoding, size, CSV syntax, TOML syntax
            assert any(word in message for word in ("UTF-8", "bytes", "CSV", "TOML", "NUL", "rows", "fields",
                                                    "header", "cell")), message
            COUNTS[kind, how, "refused: file and row named"] += 1
            return
        assert error.field and (fields is None or error.field in fields
                                or error.field.split(".")[0].split("[")[0] in fields), \
            (error.field, message)
        if row is not None and error.row not in (row if isinstance(row, range) else (row,)):
            assert "duplicate id" in message or "column" in message, (row, message)
        COUNTS[kind, how, "refused: file, row and field named"] += 1
        return
    check_loaded(loaded)
    COUNTS[kind, how, "loaded, every value in range"] += 1


# ---------------------------------------------------------------------------------------------
# CSV files: action cards and characters
# ---------------------------------------------------------------------------------------------
def read_rows(name: str) -> tuple[list[str], list[list[str]], int]:
    """The header, the rows and the line number of the header of a shipped CSV file."""
    lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    rows = list(csv.reader(lines[first:]))
    return rows[0], rows[1:], first + 1


def write_rows(path: Path, header: list[str], rows: list[list[str]]) -> None:
    buffer = io.StringIO()
    buffer.write("# corrupted copy\n")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    path.write_bytes(buffer.getvalue().encode("utf-8", "surrogatepass"))


def check_cards(cards) -> None:
    for card in cards.values():
        for field, (low, high) in CARD_RANGES.items():
            value = getattr(card, field)
            assert value is None or (type(value) is int and low <= value <= high), (card, field)
        assert math.isfinite(card.movement_range)
        assert MOVEMENT_RANGE_CM[0] <= card.movement_range <= MOVEMENT_RANGE_CM[1], card
        if card.effect_code:  # a file without the optional effect_code column has no codes
            effect = parse_effect_code(card.effect_code)
            assert effect.amount <= MAX_AMOUNT and (effect.check or 0) <= MAX_AMOUNT
        assert all(len(text) <= MAX_CELL_LENGTH for text in (card.title, card.effect, card.source))


def check_characters(characters) -> None:
    for character in characters.values():
        for field, (low, high) in CHARACTER_RANGES.items():
            value = getattr(character, field)
            assert type(value) is int and low <= value <= high, (character, field)
        for ability in character.abilities:
            assert abs(ability.value or 0) <= MAX_ABILITY_NUMBER and (ability.check or 1) <= MAX_ABILITY_NUMBER


CSV_FILES = {"action_cards.csv": (load_action_cards, check_cards, CARD_COLUMNS),
             "characters.csv": (load_characters, check_characters, CHARACTER_COLUMNS)}


@SETTINGS
@given(name=st.sampled_from(sorted(CSV_FILES)), data=st.data(), value=hostile_text)
def test_csv_cell_replaced(tmp_path, name, data, value):
    """One cell of a card or character file replaced by a hostile value."""
    load, check, columns = CSV_FILES[name]
    header, rows, header_line = read_rows(name)
    i = data.draw(st.integers(0, len(rows) - 1))
    j = data.draw(st.integers(0, len(header) - 1))
    rows[i][j] = value
    path = tmp_path / name
    write_rows(path, header, rows)
    # write_rows: one comment line, the header on line 2, row i on line 3 + i (or further down when
    # the value's own line breaks were written unquoted: the loader counts the file's lines)
    breaks = value.count("\n") + value.count("\r")
    expect_refusal_or_sound(name, "cell replaced", path, load, check, fields=columns, row=range(3 + i, 4 + i + breaks))


@SETTINGS
@given(name=st.sampled_from(sorted(CSV_FILES)), data=st.data())
def test_csv_cell_dropped_or_added(tmp_path, name, data):
    """A row with a cell dropped or an extra cell: the row is named."""
    load, check, columns = CSV_FILES[name]
    header, rows, _ = read_rows(name)
    i = data.draw(st.integers(0, len(rows) - 1))
    if data.draw(st.booleans()):
        del rows[i][data.draw(st.integers(0, len(header) - 1))]
        how = "cell dropped"
    else:
        added = data.draw(hostile_text)
        rows[i].insert(data.draw(st.integers(0, len(header))), added)
        how = "cell added"
    path = tmp_path / name
    write_rows(path, header, rows)
    breaks = 0 if how == "cell dropped" else added.count("\n") + added.count("\r")
    expect_refusal_or_sound(name, how, path, load, check, fields=columns, row=range(3 + i, 4 + i + breaks))


@SETTINGS
@given(name=st.sampled_from(sorted(CSV_FILES)), data=st.data())
def test_csv_column_dropped_or_renamed(tmp_path, name, data):
    """A column dropped from every row, or its header renamed."""
    load, check, columns = CSV_FILES[name]
    header, rows, _ = read_rows(name)
    j = data.draw(st.integers(0, len(header) - 1))
    if data.draw(st.booleans()):
        header, rows = header[:j] + header[j + 1:], [row[:j] + row[j + 1:] for row in rows]
        how = "column dropped"
    else:
        header[j] = data.draw(hostile_text)
        how = "column renamed"
    path = tmp_path / name
    write_rows(path, header, rows)
    expect_refusal_or_sound(name, how, path, load, check, fields=(*columns, *(h.strip() for h in header)), row=2)


BAD_BYTES = [b"\xff", b"\xfe\xff", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80", b"\x80", b"\xf8\x88\x80\x80\x80"]


@SETTINGS
@given(name=st.sampled_from(sorted(CSV_FILES) + ["decks/vampire.toml", "scenarios/unser_revier.toml"]),
       data=st.data(), bad=st.sampled_from(BAD_BYTES) | st.binary(min_size=1, max_size=4))
def test_bad_encoding_names_the_file_and_line(tmp_path, name, data, bad):
    """Bytes that are not UTF-8 put anywhere in a file (or the whole file in Latin-1): DataError
    naming the file and the line, never a bare UnicodeDecodeError."""
    raw = (DATA_DIR / name).read_bytes()
    if data.draw(st.booleans()):
        at = data.draw(st.integers(0, len(raw)))
        raw = raw[:at] + bad + raw[at:]
        how = "bad bytes inserted"
    else:
        raw = raw.decode("utf-8").encode("latin-1", "replace")
        how = "whole file Latin-1"
    path = tmp_path / Path(name).name
    path.write_bytes(raw)
    load, check, fields = loader_of(name)
    try:
        raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        with pytest.raises(DataError, match="is not UTF-8 text") as caught:
            load(path)
        line = raw[:error.start].count(b"\n") + 1
        assert str(caught.value).startswith(f"{path}, row {line}: ")
        COUNTS[name, how, "refused: file and row named"] += 1
        return
    # bytes that are still UTF-8 may make any key or column name: the field must be named, whatever it is
    expect_refusal_or_sound(name, how + " (still UTF-8)", path, load, check, fields=None)


def loader_of(name: str):
    if name in CSV_FILES:
        return CSV_FILES[name]
    if name.startswith("decks/"):
        return lambda path: load_deck(path, validate=False), check_deck, DECK_FIELDS
    return load_scenario, check_scenario, SCENARIO_FIELDS


@pytest.mark.parametrize("name", sorted(CSV_FILES))
@pytest.mark.parametrize("how", ["file too large", "cell too long", "field beyond the csv limit", "too many rows",
                                 "NUL byte", "unclosed quote", "empty file"])
def test_absurd_sizes_are_refused(tmp_path, name, how):
    """Absurd sizes are refused before anything is built: a file above MAX_FILE_BYTES, a cell above
    MAX_CELL_LENGTH (and one above the csv module's own limit), more than MAX_ROWS rows."""
    load, check, columns = CSV_FILES[name]
    header, rows, _ = read_rows(name)
    path = tmp_path / name
    if how == "file too large":
        write_rows(path, header, rows)
        path.write_bytes(path.read_bytes() + b"#" * (MAX_FILE_BYTES + 1) + b"\n")
        match = f"is larger than {MAX_FILE_BYTES:,} bytes"
    elif how == "cell too long":
        rows[0][0] = "x" * (MAX_CELL_LENGTH + 1)
        write_rows(path, header, rows)
        match = r"row 3, field 'id': has a cell of 2,001 characters"
    elif how == "field beyond the csv limit":
        rows[0][1] = "y" * 200_000
        write_rows(path, header, rows)
        match = r"row 3(: is not valid CSV|, field '\w+': has a cell)"
    elif how == "too many rows":
        template = [cell if column not in ("title", "name", "effect", "source") else "t"
                    for column, cell in zip(header, rows[0])]  # short rows: the row bound, not the byte bound
        rows = [[f"r{k}", *template[1:]] for k in range(behind_data.MAX_ROWS + 5)]
        write_rows(path, header, rows)
        match = "is more than 10,000 rows"
    elif how == "NUL byte":
        write_rows(path, header, rows)
        path.write_bytes(path.read_bytes().replace(b"\n", b"\n\x00", 3)[:-1])
        match = "holds a NUL character"
    elif how == "unclosed quote":
        rows[0][1] = '"never closed'
        write_rows(path, header, rows)
        path.write_text(path.read_text(encoding="utf-8").replace('"""never closed"', '"never closed'),
                        encoding="utf-8")
        match = "is not valid CSV|has .* fields|cell"
    else:
        path.write_bytes(b"")
        match = "no header row"
    with pytest.raises(DataError, match=match) as caught:
        load(path)
    assert str(caught.value).startswith(str(path))
    COUNTS[name, how, "refused: file named"] += 1


# ---------------------------------------------------------------------------------------------
# TOML files: decks and scenarios
# ---------------------------------------------------------------------------------------------
def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def dump_toml(data: dict) -> str:
    """A small TOML writer: scalars and lists first, then [tables], then [[arrays of tables]]."""
    out = ["# corrupted copy"]
    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    arrays = {k: v for k, v in data.items() if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)}
    for key, value in data.items():
        if key not in tables and key not in arrays:
            out.append(f"{json.dumps(key)} = {toml_value(value)}")
    for key, table in tables.items():
        out.append(f"\n[{json.dumps(key)}]")
        out += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in table.items()]
    for key, entries in arrays.items():
        for entry in entries:
            out.append(f"\n[[{json.dumps(key)}]]")
            out += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in entry.items()]
    return "\n".join(out) + "\n"


HOSTILE_VALUES = st.sampled_from([
    math.nan, math.inf, -math.inf, 1e308, -1e308, 10**18, -(10**18), 2**63 - 1, -1, 0, 0.5, 99, 1000000,
    True, False, "", "x", "nan", "../../../etc/passwd", "x" * 5000, [], [1, 2], ["x"] * 1000, {}, {"a": 1},
]) | st.integers() | st.floats() | st.text(max_size=20)
"""Values a hostile or careless TOML file may hold."""


def paths_of(data, prefix=""):
    """Every (path, container, key) of a parsed TOML document, lists of tables included."""
    for key, value in (data.items() if isinstance(data, dict) else enumerate(data)):
        here = f"{prefix}[{key}]" if isinstance(key, int) else (f"{prefix}.{key}" if prefix else key)
        yield here, data, key
        if isinstance(value, (dict, list)) and value and all(isinstance(x, (dict, list)) for x in
                                                              (value.values() if isinstance(value, dict) else value)):
            yield from paths_of(value, here)
        elif isinstance(value, dict):
            yield from paths_of(value, here)


DECK_FIELDS = ("name", "society", "source", "character_points_limit", "characters", "cards")
SCENARIO_FIELDS = ("id", "title", "title_en", "section", "players", "obstacle_count", "terrain_placement", "roles",
                   "starting_role", "goal", "jewel_rules", "source", "table", "distances", "obstacles")


def check_deck(deck) -> None:
    assert deck.size <= MAX_DECK_CARDS and all(n <= MAX_DECK_COPIES for n in deck.counts.values())
    assert isinstance(deck.name, str) and isinstance(deck.society, str)
    limit = deck.character_points_limit
    assert limit is None or (type(limit) is int and 0 <= limit <= MAX_DECK_CARDS)


def check_scenario(scenario) -> None:
    numbers = [scenario.width, scenario.depth, scenario.own_max_card_lengths, scenario.enemy_min_card_lengths,
               scenario.middle_edge_min_card_lengths]
    assert all(math.isfinite(n) and n >= 0 for n in numbers)
    assert 0 < scenario.width <= MAX_TABLE_CM and 0 < scenario.depth <= MAX_TABLE_CM
    assert max(numbers[2:]) <= MAX_CARD_LENGTHS
    assert 2 <= scenario.players <= 3 and 0 <= scenario.obstacle_count <= MAX_OBSTACLES
    assert scenario.check_obstacles(scenario.table()) == []
    assert all(0 <= o.height <= MAX_HEIGHT_CM for o in scenario.obstacles)


TOML_FILES = {"decks/vampire.toml": ("deck", DECK_FIELDS), "scenarios/unser_revier.toml": ("scenario", SCENARIO_FIELDS),
              "scenarios/juwel_von_athen.toml": ("scenario", SCENARIO_FIELDS)}


@SETTINGS
@given(name=st.sampled_from(sorted(TOML_FILES)), data=st.data())
def test_toml_value_replaced_dropped_or_added(tmp_path, name, data):
    """A value of a deck or scenario file replaced by a hostile one, a key dropped or an unknown key
    added (at the top, in a table or in an [[obstacles]] entry)."""
    document = tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    places = list(paths_of(document))
    where, container, key = data.draw(st.sampled_from(places))
    how = data.draw(st.sampled_from(["value replaced", "key dropped", "key added"]))
    if how == "value replaced":
        container[key] = data.draw(HOSTILE_VALUES)
    elif how == "key dropped":
        del container[key]
    elif isinstance(container, dict):
        added = data.draw(st.sampled_from(["colour", "Name", "x y", "extra"]))
        container[added] = data.draw(HOSTILE_VALUES)
    else:
        container.append(data.draw(HOSTILE_VALUES))
    path = tmp_path / Path(name).name
    path.write_bytes(dump_toml(document).encode("utf-8", "surrogatepass"))
    load, check, fields = loader_of(name)
    expect_refusal_or_sound(name, how, path, load, check, fields=(*fields, "colour", "Name", "x y", "extra"))


@pytest.mark.parametrize("name", sorted(TOML_FILES))
def test_toml_absurd_sizes(tmp_path, name):
    """A deck or scenario file above MAX_TOML_BYTES, or nested deeper than any format, is refused."""
    load, check, fields = loader_of(name)
    path = tmp_path / Path(name).name
    path.write_bytes((DATA_DIR / name).read_bytes() + b"#" * (behind_data.MAX_TOML_BYTES + 1))
    with pytest.raises(DataError, match="is larger than 256,000 bytes"):
        load(path)
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(DataError, match="is not valid TOML|unknown key"):
        load(path)
    COUNTS[name, "absurd size or nesting", "refused: file named"] += 2


def test_deck_with_absurd_copies_is_refused_before_it_is_built(tmp_path):
    """``V01 = 10**12`` would allocate a list of a trillion cards: refused with the card and the bound."""
    text = (DATA_DIR / "decks" / "vampire.toml").read_text(encoding="utf-8").replace("V01 = 3", "V01 = 1000000000000")
    path = tmp_path / "vampire.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"field 'cards.V01': 1000000000000 is more copies than a deck file may "
                                        r"give \(at most 60"):
        load_deck(path, validate=False)
    COUNTS["decks/vampire.toml", "absurd copies", "refused: file, row and field named"] += 1


# ---------------------------------------------------------------------------------------------
# Ids from user data: never a path
# ---------------------------------------------------------------------------------------------
SECRET = 'password = "hunter2"\n'


@pytest.fixture
def secret(tmp_path) -> Path:
    path = tmp_path / "secret.toml"
    path.write_text(SECRET, encoding="utf-8")
    return path


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(scenario_id=st.text(max_size=80) | st.sampled_from(["unser_revier", "juwel_von_athen", "../decks/vampire",
                                                           "unser_revier.toml", "/etc/passwd", "README",
                                                           "layouts", "UNSER_REVIER", "unser_revier\n", ".."]))
def test_a_scenario_id_is_only_ever_a_known_id(secret, scenario_id):
    """Whatever text a save, a layout or a ChooseScenario action carries as its scenario: either a
    shipped scenario's id, or a DataError (a ValueError) listing the known ids and quoting no file."""
    for candidate in (scenario_id, str(secret), str(secret.with_suffix("")), f"../../{secret}"):
        try:
            scenario = load_scenario(candidate)
        except DataError as error:
            message = str(error)
            assert "known ids are juwel_von_athen, unser_revier" in message
            assert "hunter2" not in message and "password" not in message
            COUNTS["scenario id", "any text", "refused: known ids listed"] += 1
        else:
            assert candidate in ("unser_revier", "juwel_von_athen") and scenario.id == candidate
            COUNTS["scenario id", "any text", "a shipped scenario"] += 1


@pytest.mark.parametrize("not_a_text", [None, 3, 2.5, ["unser_revier"], {"id": "unser_revier"}, b"unser_revier"])
def test_a_scenario_id_of_another_type_is_refused(not_a_text):
    with pytest.raises(DataError, match="is not a known scenario id"):
        load_scenario(not_a_text)
    COUNTS["scenario id", "another type", "refused: known ids listed"] += 1


def test_a_deck_slug_is_only_ever_a_known_slug(secret):
    for candidate in (str(secret), "../scenarios/unser_revier", "vampire.toml", "Vampire", ""):
        with pytest.raises(DataError, match="is not a known deck id; known ids are geister, schwesternbund") as caught:
            load_deck(candidate)
        assert "hunter2" not in str(caught.value)
    assert load_deck("vampire").society == "Vampire"


def test_a_user_folder_is_used_when_passed_as_a_path(tmp_path):
    """A folder the user chose explicitly (a Path argument): its scenarios are the known ids."""
    (tmp_path / "mein_revier.toml").write_text(
        (SCENARIO_DIR / "unser_revier.toml").read_text(encoding="utf-8").replace('"unser_revier"', '"mein_revier"'),
        encoding="utf-8")
    assert load_scenario("mein_revier", data_dir=tmp_path).id == "mein_revier"
    with pytest.raises(DataError, match="'unser_revier' is not a known scenario id; known ids are mein_revier"):
        load_scenario("unser_revier", data_dir=tmp_path)


@pytest.mark.parametrize("shape", ["[]", "{}", "['box']", "1", "nan"])
def test_an_obstacle_shape_of_another_type_is_refused(tmp_path, shape):
    """Found by the corruption test above: a list or table as an obstacle's shape was a TypeError
    (unhashable) before it could be refused."""
    text = (SCENARIO_DIR / "unser_revier.toml").read_text(encoding="utf-8").replace('shape = "box"', f"shape = {shape}", 1)
    path = tmp_path / "unser_revier.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"field 'obstacles\[1\].shape': .* is not a shape; shapes are box, circle"):
        load_scenario(path)
