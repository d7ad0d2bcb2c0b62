"""Objects, magic items and special abilities used with an action, with their exact odds.

The excerpt names the actions but no object, item or ability (AKTIONEN IM KAMPF: GEGENSTAND
VERWENDEN, MAGISCHEN GEGENSTAND VERWENDEN, SPEZIALFÄHIGKEIT VERWENDEN); the few here come from the
SRD 5.1 (CC-BY-4.0, data/dnd5e/README.md), each used by the rulings of :mod:`explorer.dnd5e.rulings`:

* :data:`ITEMS` (``data/dnd5e/items.json``): the **Heiltrank** (Potion of Healing, SRD 5.1 "Equipment >
  Adventuring Gear": "A character who drinks the magical red fluid in this vial regains 2d4 + 2 hit
  points. Drinking or administering a potion takes an action.") used with Gegenstand verwenden (ruling
  ``dnd5e.potion-object``), on oneself or an ally within 1.5 m; the **Zauberstab der Magischen
  Geschosse** (Wand of Magic Missiles, SRD 5.1 "Magic Items": 7 charges, "you can use an action to expend
  1 or more of its charges to cast the magic missile spell from it") used with Magischen Gegenstand
  verwenden: one charge, three darts of 1d4 + 1 force damage that hit without an attack roll, all at one
  creature within 36 m (120 ft) the user can see (ruling ``dnd5e.wand-one-target``).
* :data:`FEUERATEM`: the Höllenhund's **Feueratem** (Hell Hound, Fire Breath, Recharge 5-6: "The hound
  exhales fire in a 15-foot cone. Each creature in that area must make a DC 12 Dexterity saving throw,
  taking 21 (6d6) fire damage on a failed save, or half as much damage on a successful one."), used with
  Spezialfähigkeit verwenden; recharged at the start of each of its turns on a d6 of 5 or 6 (SRD 5.1
  "Monsters > Limited Usage"); the cone per ruling ``dnd5e.cone``; AUSWEICHEN gives advantage on the
  Dexterity save.

The odds are exact (:class:`~fractions.Fraction`): :func:`heal_distribution`, :func:`save_chance`,
:func:`breath_distribution`, :func:`recharge_chance`, :func:`ready_within`.  Pure Python (shapely for the
cone).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, Optional

import shapely
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from shapely.geometry import Polygon

from explorer.core.inputs import InputError, parse_json, read_text, validate, whole
from explorer.core.resources import data_dir
from explorer.dnd5e import refs
from explorer.dnd5e.dice import DamageDice

SOURCE = "items.json"
MAX_ITEMS = 100
MAX_FILE_BYTES = 200_000
KINDS = ("gegenstand-verwenden", "magischen-gegenstand-verwenden")
"""The action an item is used with (its ``aktion``)."""
EFFECTS = ("heilen", "schaden")

_Strict = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class ItemModel(BaseModel):
    model_config = _Strict
    name: str = Field(min_length=1, max_length=60)
    srd_name: str = Field(min_length=1, max_length=60)
    aktion: Literal[KINDS]  # type: ignore[valid-type]
    wirkung: Literal[EFFECTS]  # type: ignore[valid-type]
    wuerfel: str = Field(max_length=20)
    reichweite_m: float = Field(gt=0, le=1000)
    ladungen: Optional[int] = Field(default=None, ge=1, le=100)
    schadensart: Optional[str] = Field(default=None, max_length=20)
    srd_section: str = Field(min_length=1, max_length=120)

    @field_validator("wuerfel")
    @classmethod
    def _dice(cls, value):
        try:
            DamageDice.parse(value)
        except InputError as error:
            raise ValueError(error.expected) from None
        return value

    @model_validator(mode="after")
    def _consistent(self):
        if (self.wirkung == "schaden") != (self.schadensart is not None):
            raise ValueError("a schadensart exactly for an item that deals damage")
        return self


class ItemsFileModel(BaseModel):
    model_config = _Strict
    comment: Optional[str] = Field(default=None, alias="_comment", max_length=1000)
    items: list[ItemModel] = Field(min_length=1, max_length=MAX_ITEMS)

    @model_validator(mode="after")
    def _distinct(self):
        names = [i.name.casefold() for i in self.items]
        if len(set(names)) != len(names):
            raise ValueError("items with distinct names")
        return self


@dataclass(frozen=True)
class Gegenstand:
    """An object or magic item (Gegenstand) used with an action: ``aktion`` (the action's kind),
    ``wirkung`` ("heilen": the target regains ``wuerfel`` hit points; "schaden": it takes ``wuerfel``
    damage, no attack roll), ``reichweite`` (metres between the spaces), ``ladungen`` (charges, or None:
    used up when used), the SRD 5.1 section it comes from."""

    name: str
    srd_name: str
    aktion: str
    wirkung: str
    wuerfel: DamageDice
    reichweite: Fraction
    ladungen: int | None
    schadensart: str | None
    srd_section: str

    @property
    def rule(self):
        """The SRD 5.1 section of the item (a German citation, :class:`~explorer.dnd5e.refs.Regel`)."""
        return refs.Regel(refs.SRD_NAME, self.srd_section)


def items_from_json(data: Any, *, source: str = SOURCE) -> dict[str, Gegenstand]:
    """The items of the JSON form of an items file (checked), by German name."""
    model = validate(ItemsFileModel, data, source)
    return {i.name: Gegenstand(i.name, i.srd_name, i.aktion, i.wirkung, DamageDice.parse(i.wuerfel),
                               Fraction(repr(i.reichweite_m)), i.ladungen, i.schadensart, i.srd_section)
            for i in model.items}


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Gegenstand]:
    path = data_dir("dnd5e") / "items.json"
    return items_from_json(parse_json(read_text(path, limit=MAX_FILE_BYTES, source=SOURCE), SOURCE))


ITEMS: dict[str, Gegenstand] = _shipped()
"""The shipped items by German name (``data/dnd5e/items.json``)."""
HEILTRANK = ITEMS["Heiltrank"]
ZAUBERSTAB = ITEMS["Zauberstab der Magischen Geschosse"]


@dataclass(frozen=True)
class Spezialfaehigkeit:
    """A special ability used with an action (SPEZIALFÄHIGKEIT VERWENDEN): a cone of ``laenge`` metres
    (``kegel``), a saving throw (``rettungswurf`` ability, DC ``sg``) against ``schaden`` of
    ``schadensart``, half on a success; ``aufladung``: recharged on a d6 of at least this (Recharge X-6)."""

    name: str
    srd_name: str
    laenge: Fraction
    rettungswurf: str
    sg: int
    schaden: DamageDice
    schadensart: str
    aufladung: int
    rule: Any


FEUERATEM = Spezialfaehigkeit("Feueratem", "Fire Breath (Hell Hound)", Fraction(9, 2), "Geschicklichkeit", 12,
                              DamageDice.parse("6W6"), "Feuer", 5, refs.SRD_HELL_HOUND)
"""SRD 5.1 Monsters > Hell Hound, Fire Breath (Recharge 5-6): a 15-foot (4.5 m) cone, DC 12 Dexterity
saving throw, 21 (6d6) fire damage on a failed save, half as much on a successful one."""
ABILITIES = {FEUERATEM.name: FEUERATEM}


# --- exact odds --------------------------------------------------------------------------------
def heal_distribution(item: Gegenstand = HEILTRANK) -> dict[int, Fraction]:
    """The hit points a healing item restores, exactly (before the maximum caps them): the Heiltrank
    2W4+2 gives 4..10, 7 the likeliest (4/16) and the mean."""
    return item.wuerfel.distribution()


def save_chance(dc: int, bonus: int, *, advantage: bool = False) -> Fraction:
    """P(d20 + ``bonus`` >= ``dc``): a saving throw succeeds (SRD 5.1 "Using Ability Scores > Saving
    Throws"; no natural 1 or 20 rule for saves); with ``advantage`` the higher of two d20."""
    dc = whole(dc, "dc", source="save_chance", low=-100, high=100)
    bonus = whole(bonus, "bonus", source="save_chance", low=-100, high=100)
    fail = Fraction(min(20, max(0, dc - bonus - 1)), 20)
    return 1 - fail * fail if advantage else 1 - fail


def breath_distribution(ability: Spezialfaehigkeit = FEUERATEM, bonus: int = 0, *,
                        advantage: bool = False) -> dict[int, Fraction]:
    """The exact damage one creature in the area takes: the full dice on a failed save, half of them
    rounded down on a success (SRD 5.1 "Damage and Healing": "round down"); ``bonus`` is its save
    modifier (the Dexterity modifier), ``advantage`` Ausweichen's advantage on Dexterity saves."""
    success = save_chance(ability.sg, bonus, advantage=advantage)
    out: dict[int, Fraction] = {}
    for damage, p in ability.schaden.distribution().items():
        out[damage] = out.get(damage, Fraction(0)) + p * (1 - success)
        out[damage // 2] = out.get(damage // 2, Fraction(0)) + p * success
    return {d: p for d, p in sorted(out.items()) if p}


def recharge_chance(ability: Spezialfaehigkeit = FEUERATEM) -> Fraction:
    """P(the ability recharges at the start of one turn): a d6 of ``aufladung`` or more (5-6: 1/3)."""
    return Fraction(7 - ability.aufladung, 6)


def ready_within(turns: int, ability: Spezialfaehigkeit = FEUERATEM) -> Fraction:
    """P(the spent ability is back by the start of the ``turns``-th turn after its use): 1 - (2/3)^n."""
    turns = whole(turns, "turns", source="ready_within", low=0, high=1000)
    return 1 - (1 - recharge_chance(ability)) ** turns


def mean(distribution: dict[int, Fraction]) -> Fraction:
    """The exact expectation of a distribution ``{value: probability}``."""
    return sum((Fraction(v) * p for v, p in distribution.items()), Fraction(0))


# --- the cone (ruling dnd5e.cone) ----------------------------------------------------------------
def cone(battle_map, breather, toward) -> Polygon:
    """The cone of ``FEUERATEM``'s length from ``breather`` toward the point ``toward`` (ruling
    ``dnd5e.cone``): its point where the line from the breather's centre to ``toward`` leaves the
    breather's space, as wide at its far end as it is long (SRD 5.1 "Spellcasting > Areas of Effect >
    Cone": "A cone's width at a given point along its length is equal to that point's distance from the
    point of origin"), an isosceles triangle."""
    x, y = (float(v) for v in breather.position)
    tx, ty = (float(v) for v in toward)
    dx, dy = tx - x, ty - y
    norm = math.hypot(dx, dy)
    if norm == 0:
        raise InputError("cone", "toward", "a point other than the breather's centre", toward)
    ux, uy = dx / norm, dy / norm
    half = float(battle_map.half_side(breather))
    if battle_map.round_spaces:
        start = half
    else:  # where the ray leaves the square space
        start = min(half / abs(ux) if ux else math.inf, half / abs(uy) if uy else math.inf)
    ox, oy = x + ux * start, y + uy * start
    length = float(FEUERATEM.laenge)
    fx, fy = ox + ux * length, oy + uy * length
    px, py = -uy * length / 2, ux * length / 2
    return Polygon([(ox, oy), (fx + px, fy + py), (fx - px, fy - py)])


def caught(battle_map, breather, toward, names) -> list[str]:
    """The creatures among ``names`` whose space and the cone share an area (touching is not enough)."""
    area = cone(battle_map, breather, toward)
    out = []
    for name in names:
        token = battle_map.token(name)
        if shapely.intersection(area, battle_map.space(token)).area > 1e-9:
            out.append(name)
    return out
