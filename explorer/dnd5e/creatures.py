"""Creatures (Kreaturen): size category, space, speeds (Bewegungsrate), reach, Strength.

Pure data with exact metres (:class:`~fractions.Fraction`): the German edition turns feet into
metres at 0.3 m per foot (30 ft -> 9 m, 5 ft -> 1.5 m), so every SRD figure is exact in tenths.

* Size categories (SRD 5.1 Creature Size > Size Categories): winzig (Tiny, 0.75 m), klein (Small,
  1.5 m), mittelgroß (Medium, 1.5 m), groß (Large, 3 m), riesig (Huge, 4.5 m), gigantisch
  (Gargantuan, 6 m); the space is a square of that side.
* Speeds: gehen (walk), fliegen (fly) with or without schweben (hover), klettern (climb),
  schwimmen (swim).
* Ability modifier: (score - 10) // 2 (SRD 5.1 Ability Scores and Modifiers).

:func:`load_creatures` reads ``data/dnd5e/creatures.json`` (SRD 5.1 figures, CC-BY-4.0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from explorer.core.inputs import InputError, parse_json, read_text, validate, whole
from explorer.core.resources import data_dir

SIZES = ("winzig", "klein", "mittelgroß", "groß", "riesig", "gigantisch")
"""The size categories (Größenkategorien), smallest first."""
SIZE_ENGLISH = dict(zip(SIZES, ("Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan")))
SPACE_SIDE = dict(zip(SIZES, (Fraction(3, 4), Fraction(3, 2), Fraction(3, 2), Fraction(3), Fraction(9, 2),
                              Fraction(6))))
"""Side of the square space in metres (SRD 5.1 Size Categories: 2.5 by 2.5 ft ... 20 by 20 ft)."""
GRID_SQUARES = dict(zip(SIZES, (1, 1, 1, 2, 3, 4)))
"""Squares per side on the 1.5 m grid (a Tiny creature takes a whole square: ruling dnd5e.space-shape)."""
SQUARE = Fraction(3, 2)
"""One grid square, 1.5 m (5 ft)."""
MAX_METRES = Fraction(10_000)
"""No speed, reach or height is longer than this (a bound on hostile input)."""

SPEED_NAMES = ("gehen", "fliegen", "klettern", "schwimmen")
"""The speeds (Bewegungsraten): walking, flying, climbing, swimming."""


def metres(value: Any, field: str, *, source: str = "argument", low: Fraction = Fraction(0),
           high: Fraction = MAX_METRES) -> Fraction:
    """``value`` (int, float, Fraction or a decimal text such as ``"7.5"``) as exact metres.

    A float is read as its shortest decimal text (``0.3`` is 3/10, not the binary float)."""
    if isinstance(value, bool):
        raise InputError(source, field, "a length in metres", value)
    try:
        if isinstance(value, float):
            result = Fraction(repr(value))
        elif isinstance(value, (int, Fraction, str)):
            result = Fraction(value)
        else:
            raise TypeError
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        raise InputError(source, field, "a finite length in metres", value) from None
    if not low <= result <= high:
        raise InputError(source, field, f"a length from {float(low):g} to {float(high):g} m", value)
    return result


def ability_modifier(score: int) -> int:
    """SRD 5.1 Ability Scores and Modifiers: "subtract 10 from the ability score and then divide the
    total by 2 (round down)" -- 15 -> +2, 8 -> -1; scores 1 to 30."""
    score = whole(score, "score", low=1, high=30)
    return (score - 10) // 2


def size_steps(a: str, b: str) -> int:
    """How many size categories lie between ``a`` and ``b`` (klein vs groß: 2)."""
    return abs(SIZES.index(_size(a)) - SIZES.index(_size(b)))


def _size(value: Any, field: str = "size", source: str = "argument") -> str:
    if value not in SIZES:
        raise InputError(source, field, "one of " + ", ".join(SIZES), value)
    return value


@dataclass(frozen=True)
class Speeds:
    """Bewegungsraten in metres: gehen (walk), fliegen (fly), klettern (climb), schwimmen (swim);
    ``schweben`` (hover): the creature does not fall while flying (FLIEGEND)."""

    gehen: Fraction = Fraction(9)
    fliegen: Fraction = Fraction(0)
    klettern: Fraction = Fraction(0)
    schwimmen: Fraction = Fraction(0)
    schweben: bool = False

    def __post_init__(self) -> None:
        for name in SPEED_NAMES:
            object.__setattr__(self, name, metres(getattr(self, name), f"speeds.{name}", source="speeds"))
        if not isinstance(self.schweben, bool):
            raise InputError("speeds", "schweben", "True or False", self.schweben)
        if self.schweben and not self.fliegen:
            raise InputError("speeds", "schweben", "hovering only with a flying speed (fliegen > 0)", self.schweben)

    def of(self, mode: str) -> Fraction:
        if mode not in SPEED_NAMES:
            raise InputError("argument", "mode", "one of " + ", ".join(SPEED_NAMES), mode)
        return getattr(self, mode)


@dataclass(frozen=True)
class Creature:
    """A creature's statistics (the parts movement, jumps and attacks need).

    ``reach`` (Angriffsreichweite) in metres (1.5 m for most, 3 m with a reach weapon: SRD 5.1
    Reach); ``strength`` the Stärkewert; ``height`` (Körpergröße) in metres or None when unknown
    (the high jump's reach needs it); ``armour_class`` (Rüstungsklasse, RK) and ``hit_points``."""

    name: str
    size: str = "mittelgroß"
    speeds: Speeds = field(default_factory=Speeds)
    strength: int = 10
    reach: Fraction = Fraction(3, 2)
    armour_class: int = 10
    hit_points: int = 1
    height: Fraction | None = None

    def __post_init__(self) -> None:
        source = "creature"
        if not isinstance(self.name, str) or not 0 < len(self.name) <= 64:
            raise InputError(source, "name", "a name of 1 to 64 characters", self.name)
        _size(self.size, "size", source)
        if not isinstance(self.speeds, Speeds):
            raise InputError(source, "speeds", "a Speeds", self.speeds)
        whole(self.strength, "strength", source=source, low=1, high=30)
        object.__setattr__(self, "reach", metres(self.reach, "reach", source=source))
        whole(self.armour_class, "armour_class", source=source, low=0, high=50)
        whole(self.hit_points, "hit_points", source=source, low=1, high=10_000)
        if self.height is not None:
            object.__setattr__(self, "height", metres(self.height, "height", source=source, low=Fraction(1, 100)))

    @property
    def strength_modifier(self) -> int:
        """Stärkemodifikator (SRD 5.1 Ability Scores and Modifiers)."""
        return ability_modifier(self.strength)

    @property
    def space_side(self) -> Fraction:
        """Side of the space in metres (SRD 5.1 Size Categories)."""
        return SPACE_SIDE[self.size]

    @property
    def size_english(self) -> str:
        return SIZE_ENGLISH[self.size]


# ---------------------------------------------------------------------------------------------
# The data file
# ---------------------------------------------------------------------------------------------
class _SpeedsModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    gehen: float = Field(ge=0, le=1000)
    fliegen: float = Field(default=0, ge=0, le=1000)
    klettern: float = Field(default=0, ge=0, le=1000)
    schwimmen: float = Field(default=0, ge=0, le=1000)
    schweben: bool = False


class _CreatureModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,40}$")
    name: str = Field(min_length=1, max_length=64)
    srd_name: str = Field(min_length=1, max_length=64)
    size: str
    speeds: _SpeedsModel
    strength: int = Field(ge=1, le=30)
    reach: float = Field(ge=0, le=100)
    armour_class: int = Field(ge=0, le=50)
    hit_points: int = Field(ge=1, le=10_000)
    height: float | None = Field(default=None, gt=0, le=100)
    note: str = Field(default="", max_length=400)


class _CreaturesModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    source: str = Field(min_length=1, max_length=400)
    creatures: list[_CreatureModel] = Field(min_length=1, max_length=500)


MAX_CREATURES_BYTES = 1_000_000


def creatures_from_json(data: Any, source: str = "creatures.json") -> dict[str, Creature]:
    """Creatures by id from parsed JSON (:data:`CREATURES_FILE`'s format); InputError naming the
    field on anything malformed, an unknown size or a repeated id."""
    model = validate(_CreaturesModel, data, source)
    out: dict[str, Creature] = {}
    for index, record in enumerate(model.creatures):
        where = f"creatures[{index}]"
        if record.id in out:
            raise InputError(source, f"{where}.id", "an id not used before", record.id)
        _size(record.size, f"{where}.size", source)
        try:
            speeds = Speeds(**record.speeds.model_dump())
            out[record.id] = Creature(record.name, record.size, speeds, record.strength, record.reach,
                                      record.armour_class, record.hit_points, record.height)
        except InputError as error:
            raise InputError(source, f"{where}.{error.field}", error.expected, error.value) from None
    return out


def creatures_file() -> Path:
    return data_dir("dnd5e") / "creatures.json"


def load_creatures(path: Path | str | None = None) -> dict[str, Creature]:
    """The shipped creatures (``data/dnd5e/creatures.json``) or those of another file, by id."""
    if path is None:
        return dict(_shipped())
    target = Path(path)
    return creatures_from_json(parse_json(read_text(target, limit=MAX_CREATURES_BYTES), target.name), target.name)


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Creature]:
    target = creatures_file()
    return creatures_from_json(parse_json(read_text(target, limit=MAX_CREATURES_BYTES), target.name), target.name)
