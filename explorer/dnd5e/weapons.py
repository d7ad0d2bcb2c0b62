"""Weapons (Waffen): a handful of SRD 5.1 weapons read from ``data/dnd5e/weapons.json``.

Figures from SRD 5.1, "Equipment > Weapons" (the Weapons table: damage, damage type, properties,
range); ranges and reach in metres at 0.3 m per foot (150/600 ft -> 45/180 m; a 5 ft reach ->
1.5 m), as the German excerpt measures.  The German names, categories, property and damage-type
terms are this project's translations (illustrative; ``srd_name`` and ``srd_damage_type`` keep the
SRD's words).  data/dnd5e/README.md gives the source and the CC-BY-4.0 attribution.

The file is checked before use (pydantic schema, :func:`explorer.core.inputs.validate`): a wrong
file raises :class:`~explorer.core.inputs.InputError` naming the field, the value and what was
expected.  Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from explorer.core.inputs import InputError, parse_json, read_text, validate, whole
from explorer.core.resources import data_dir
from explorer.dnd5e.dice import DamageDice

SOURCE = "weapons.json"
MAX_WEAPONS = 200
MAX_FILE_BYTES = 1_000_000
FEET_TO_METRES = 0.3
"""The excerpt's conversion: 5 ft = 1.5 m, so 1 ft = 0.3 m."""

PROPERTIES = ("Finesse", "Leicht", "Wurfwaffe", "Vielseitig", "Schwer", "Zweihändig", "Geschosse", "Laden",
              "Reichweite", "Spezial")
"""Weapon properties (SRD 5.1 "Weapon Properties": finesse, light, thrown, versatile, heavy,
two-handed, ammunition, loading, reach, special) under their German names."""
DAMAGE_TYPES = {"Hieb": "slashing", "Stich": "piercing", "Wucht": "bludgeoning"}
"""The weapons' damage types (SRD 5.1 "Damage Types"): German term -> SRD term."""

_Strict = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class RangeModel(BaseModel):
    model_config = _Strict
    normal: float = Field(gt=0, le=1000)
    long: float = Field(gt=0, le=1000)

    @model_validator(mode="after")
    def _long_not_shorter(self):
        if self.long < self.normal:
            raise ValueError("long range at least the normal range")
        return self


class WeaponModel(BaseModel):
    model_config = _Strict
    name: str = Field(min_length=1, max_length=40)
    srd_name: str = Field(min_length=1, max_length=40)
    category: Literal["Einfache Waffe", "Kriegswaffe", "Natürliche Waffe"]
    kind: Literal["Nahkampf", "Fernkampf"]
    damage: str = Field(max_length=20)
    versatile_damage: Optional[str] = Field(default=None, max_length=20)
    damage_type: Literal["Hieb", "Stich", "Wucht"]
    srd_damage_type: Literal["slashing", "piercing", "bludgeoning"]
    properties: list[Literal[PROPERTIES]] = Field(max_length=len(PROPERTIES))  # type: ignore[valid-type]
    reach_m: Optional[float] = Field(default=None, gt=0, le=10)
    range_m: Optional[RangeModel] = None

    @field_validator("damage", "versatile_damage")
    @classmethod
    def _dice(cls, value):
        if value is not None:
            try:
                DamageDice.parse(value)
            except InputError as error:
                raise ValueError(error.expected) from None
        return value

    @model_validator(mode="after")
    def _consistent(self):
        if DAMAGE_TYPES[self.damage_type] != self.srd_damage_type:
            raise ValueError(f"damage_type {self.damage_type!r} is the SRD's {DAMAGE_TYPES[self.damage_type]!r}")
        if self.kind == "Nahkampf" and self.reach_m is None:
            raise ValueError("a melee weapon (Nahkampf) with its reach_m")
        if self.kind == "Fernkampf" and self.range_m is None:
            raise ValueError("a ranged weapon (Fernkampf) with its range_m")
        if ("Wurfwaffe" in self.properties) != (self.kind == "Nahkampf" and self.range_m is not None):
            raise ValueError("a range_m on a melee weapon exactly when it has the Wurfwaffe (thrown) property")
        if ("Vielseitig" in self.properties) != (self.versatile_damage is not None):
            raise ValueError("versatile_damage exactly when the weapon has the Vielseitig (versatile) property")
        if len(set(self.properties)) != len(self.properties):
            raise ValueError("each property once")
        return self


class WeaponsFileModel(BaseModel):
    model_config = _Strict
    comment: Optional[str] = Field(default=None, alias="_comment", max_length=1000)
    weapons: list[WeaponModel] = Field(min_length=1, max_length=MAX_WEAPONS)

    @model_validator(mode="after")
    def _distinct(self):
        names = [w.name.casefold() for w in self.weapons]
        if len(set(names)) != len(names):
            raise ValueError("weapons with distinct names")
        return self


@dataclass(frozen=True)
class Weapon:
    """A weapon (Waffe), SRD 5.1 "Equipment > Weapons": ``damage`` (the weapon's damage dice,
    without the ability modifier), ``versatile_damage`` (two-handed, Vielseitig), ``damage_type``
    (Hieb / Stich / Wucht: slashing / piercing / bludgeoning), ``properties``, ``reach_m`` (melee),
    ``range_m`` ((normal, long) in metres: ranged or thrown)."""

    name: str
    srd_name: str
    category: str
    kind: str
    damage: DamageDice
    versatile_damage: DamageDice | None
    damage_type: str
    srd_damage_type: str
    properties: tuple[str, ...]
    reach_m: float | None
    range_m: tuple[float, float] | None

    @property
    def nahkampf(self) -> bool:
        """A melee weapon (Nahkampfwaffe)."""
        return self.kind == "Nahkampf"

    def damage_with(self, modifier: int = 0, *, two_handed: bool = False) -> DamageDice:
        """The damage roll of an attack with this weapon: its die plus ``modifier`` (the ability
        modifier, SRD 5.1 "Damage Rolls": "you add your ability modifier -- the same modifier used for
        the attack roll -- to the damage"); ``two_handed`` uses the versatile die (Vielseitig)."""
        modifier = whole(modifier, "modifier", source=f"weapon {self.name}", low=-10, high=20)
        if not isinstance(two_handed, bool):
            raise InputError(f"weapon {self.name}", "two_handed", "True or False", two_handed)
        if two_handed and self.versatile_damage is None:
            raise InputError(f"weapon {self.name}", "two_handed",
                             "False: the weapon is not versatile (Vielseitig, SRD 5.1 \"Weapon Properties\")", True)
        base = self.versatile_damage if two_handed else self.damage
        return base.with_modifier(modifier)


def load_weapons(path: Path | str | None = None) -> dict[str, Weapon]:
    """The weapons of ``path`` (default: the shipped ``data/dnd5e/weapons.json``) by German name;
    InputError naming the file and the field for anything outside the format."""
    if path is None:
        return dict(_shipped())
    return _read(path, Path(path).name)


def weapon(name: Any) -> Weapon:
    """A shipped weapon by its German or SRD name (case ignored): ``weapon("Langbogen")``,
    ``weapon("longbow")``; InputError listing the names otherwise."""
    weapons = _shipped()
    if isinstance(name, str):
        key = name.strip().casefold()
        for item in weapons.values():
            if key in (item.name.casefold(), item.srd_name.casefold()):
                return item
    raise InputError("weapons", "name", "one of " + ", ".join(weapons), name)


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Weapon]:
    return _read(data_dir("dnd5e") / "weapons.json", SOURCE)


def _read(path, source: str) -> dict[str, Weapon]:
    data = parse_json(read_text(path, limit=MAX_FILE_BYTES, source=source), source)
    return weapons_from_json(data, source=source)


def weapons_from_json(data: Any, *, source: str = SOURCE) -> dict[str, Weapon]:
    """Weapons from the JSON form of a weapons file (checked)."""
    model = validate(WeaponsFileModel, data, source)
    out = {}
    for w in model.weapons:
        out[w.name] = Weapon(
            name=w.name, srd_name=w.srd_name, category=w.category, kind=w.kind,
            damage=DamageDice.parse(w.damage),
            versatile_damage=None if w.versatile_damage is None else DamageDice.parse(w.versatile_damage),
            damage_type=w.damage_type, srd_damage_type=w.srd_damage_type, properties=tuple(w.properties),
            reach_m=w.reach_m, range_m=None if w.range_m is None else (w.range_m.normal, w.range_m.long))
    return out


__all__ = ["DAMAGE_TYPES", "FEET_TO_METRES", "PROPERTIES", "Weapon", "load_weapons", "weapon", "weapons_from_json"]
