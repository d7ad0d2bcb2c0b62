"""Setting up an encounter (Begegnung): the battle map, the creatures with their combat values, and
the initiative order rolled from a seed (SRD 5.1 Combat > The Order of Combat > Initiative).

An encounter is described by JSON-able data (:data:`ENCOUNTERS` holds the shipped ones)::

    {"map": {"width": 15, "height": 15,
             "walls": [{"name": "Säule", "box": [6, 6, 7.5, 7.5]}],
             "areas": [{"name": "Geröll", "kind": "schwierig", "box": [0, 9, 4.5, 12]}]},
     "creatures": [{"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": [0.75, 0.75]},
                   {"name": "Ork", "profile": "ork", "side": "Monster", "position": [9.75, 9.75]}],
     "rulings": {"dnd5e.measuring": "grid"}}

A *profile* (:class:`Kampfwerte`, :data:`PROFILES`) adds to a creature of ``creatures.json`` what
the attack needs: its Dexterity modifier (initiative, Stealth), its attacks as in its SRD 5.1 stat
block (weapon, attack bonus, damage modifier), spells with an attack roll, Stealth and Perception
modifiers.  The monsters' values are the SRD 5.1 stat blocks' (Goblin: Scimitar +4, 1d6 + 2 played
with the Kurzschwert's 1W6 -- the shipped weapons have no scimitar; Shortbow +4, 1d6 + 2; Orc:
Greataxe +5, 1d12 + 3); the Kämpferin and the Magierin are illustrative 1st-level characters built
by the SRD's rules (not SRD stat blocks); ``kaempferin_hellebarde`` is the Kämpferin with a halberd
(SRD 5.1 Weapon Properties > Reach: 3 m); ``kaempferin_trank`` carries two Heiltränke (Potions of
Healing), ``magierin_zauberstab`` a Zauberstab der Magischen Geschosse (Wand of Magic Missiles, 7
charges); ``hoellenhund`` is the SRD 5.1 Hell Hound (Bite +5, 1d8 + 3 piercing plus 2d6 fire, played as
one 1W8+2W6+3 roll; Fire Breath, Recharge 5-6: :data:`explorer.dnd5e.items.FEUERATEM`), met in the
shipped encounter ``hoellenhund``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, Mapping

from explorer.core.inputs import InputError
from explorer.core.rng import SeededRng
from explorer.core.rulings import Rulings
from explorer.dnd5e import rulings as _registers_rulings  # noqa: F401  (the ids read here)
from explorer.dnd5e.battlemap import Area, BattleMap, Token, Wall
from explorer.dnd5e.creatures import Creature, Speeds, load_creatures
from explorer.dnd5e.dice import DamageDice
from explorer.dnd5e.weapons import Weapon, weapon

SOURCE = "encounter"
MAX_CREATURES = 20


@dataclass(frozen=True)
class Waffenangriff:
    """One attack of a stat block: ``waffe`` (a shipped weapon's German name), the attack bonus
    (ability modifier + proficiency) and the damage modifier (SRD 5.1 Damage Rolls)."""

    waffe: str
    bonus: int
    schaden_bonus: int

    @cached_property
    def weapon(self) -> Weapon:
        """The shipped weapon (looked up once: every attack and reach check asks)."""
        return weapon(self.waffe)

    @cached_property
    def damage(self) -> DamageDice:
        return self.weapon.damage_with(self.schaden_bonus)


@dataclass(frozen=True)
class Zauber:
    """A spell with an attack roll and a casting time of one action (ZAUBER WIRKEN): its range in
    metres, its damage dice, its damage type."""

    name: str
    srd_name: str
    reichweite: Fraction
    schaden: DamageDice
    schadensart: str


FEUERPFEIL = Zauber("Feuerpfeil", "Fire Bolt", Fraction(36), DamageDice.parse("1W10"), "Feuer")
"""SRD 5.1 Spells > Fire Bolt: cantrip, casting time 1 action, range 120 ft (36 m), a ranged spell
attack, 1d10 fire damage (the 1st-level figure)."""
SPELLS = {FEUERPFEIL.name: FEUERPFEIL}


@dataclass(frozen=True)
class Kampfwerte:
    """What the encounter needs of a creature beyond :class:`~explorer.dnd5e.creatures.Creature`:
    ``geschick`` (Dexterity modifier, also its Dexterity saving throw), ``angriffe`` (its attacks, the
    first melee one also its opportunity attack), ``zauber`` (spell name -> spell attack bonus),
    ``heimlichkeit`` (Stealth) and ``wahrnehmung`` (Perception) modifiers, ``gegenstaende`` and
    ``faehigkeiten`` (what it can use with an action)."""

    creature: Creature
    geschick: int
    angriffe: tuple[Waffenangriff, ...]
    zauber: tuple[tuple[str, int], ...] = ()
    heimlichkeit: int = 0
    wahrnehmung: int = 0
    gegenstaende: tuple[tuple[str, int], ...] = ()
    """Objects and magic items carried: (the item's name in :data:`explorer.dnd5e.items.ITEMS`, how many /
    its charges) -- what Gegenstand verwenden and Magischen Gegenstand verwenden can use (ruling
    ``dnd5e.potion-object``)."""
    faehigkeiten: tuple[str, ...] = ()
    """Special abilities used with an action (:data:`explorer.dnd5e.items.ABILITIES`)."""
    konstitution: int = 0
    """The Constitution saving throw modifier (holding a readied spell: SRD 5.1 Concentration)."""

    @property
    def passive_wahrnehmung(self) -> int:
        """Passive Perception: 10 + the Perception modifier (SRD 5.1 Passive Checks)."""
        return 10 + self.wahrnehmung

    def attack(self, waffe: str) -> Waffenangriff | None:
        return next((a for a in self.angriffe if a.waffe == waffe), None)

    def spell_bonus(self, name: str) -> int | None:
        return next((b for n, b in self.zauber if n == name), None)

    @property
    def melee(self) -> Waffenangriff | None:
        """The first melee attack (its opportunity attack, SRD 5.1 Opportunity Attacks)."""
        return next((a for a in self.angriffe if a.weapon.nahkampf), None)


MAGIERIN = Creature("Magierin", "mittelgroß", Speeds(gehen=Fraction(9)), strength=8, reach=Fraction(3, 2),
                    armour_class=12, hit_points=8, height=Fraction(165, 100))
"""Illustrative 1st-level wizard built by the SRD's rules: Dexterity 14 (AC 10 + 2), 6 + Constitution
modifier 2 hit points, Intelligence 16 (spell attack +5), Constitution 14 (+2: a Constitution save holding a readied spell);
not an SRD stat block."""


def _profiles() -> dict[str, Kampfwerte]:
    c = load_creatures()
    return {
        "goblin": Kampfwerte(c["goblin"], 2, (Waffenangriff("Kurzschwert", 4, 2), Waffenangriff("Kurzbogen", 4, 2)),
                             heimlichkeit=6, wahrnehmung=-1),
        "ork": Kampfwerte(c["ork"], 1, (Waffenangriff("Zweihandaxt", 5, 3),), heimlichkeit=1, wahrnehmung=0),
        "kaempferin": Kampfwerte(c["kaempferin"], 1, (Waffenangriff("Langschwert", 5, 3),
                                                      Waffenangriff("Leichte Armbrust", 3, 1)),
                                 heimlichkeit=1, wahrnehmung=2),
        "kaempferin_hellebarde": Kampfwerte(c["kaempferin"], 1, (Waffenangriff("Hellebarde", 5, 3),),
                                            heimlichkeit=1, wahrnehmung=2),
        "magierin": Kampfwerte(MAGIERIN, 2, (Waffenangriff("Dolch", 4, 2),), zauber=(("Feuerpfeil", 5),),
                               heimlichkeit=2, wahrnehmung=1, konstitution=2),
        "kaempferin_trank": Kampfwerte(c["kaempferin"], 1, (Waffenangriff("Langschwert", 5, 3),
                                                            Waffenangriff("Leichte Armbrust", 3, 1)),
                                       heimlichkeit=1, wahrnehmung=2, gegenstaende=(("Heiltrank", 2),)),
        "magierin_zauberstab": Kampfwerte(MAGIERIN, 2, (Waffenangriff("Dolch", 4, 2),), zauber=(("Feuerpfeil", 5),),
                                          heimlichkeit=2, wahrnehmung=1, konstitution=2,
                                          gegenstaende=(("Zauberstab der Magischen Geschosse", 7),)),
        "hoellenhund": Kampfwerte(c["hoellenhund"], 1, (Waffenangriff("Biss (Höllenhund)", 5, 3),),
                                  heimlichkeit=1, wahrnehmung=5, faehigkeiten=("Feueratem",)),
    }


PROFILES: dict[str, Kampfwerte] = _profiles()
"""The combat values by profile id."""

ENCOUNTERS: dict[str, dict[str, Any]] = {
    "duell": {
        "map": {"width": 12, "height": 12, "walls": [], "areas": []},
        "creatures": [
            {"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": [0.75, 0.75]},
            {"name": "Ork", "profile": "ork", "side": "Monster", "position": [9.75, 9.75]}],
    },
    "scharmuetzel": {
        "map": {"width": 15, "height": 15,
                "walls": [{"name": "Säule", "box": [6, 6, 7.5, 7.5]}],
                "areas": [{"name": "Geröll", "kind": "schwierig", "box": [0, 9, 4.5, 12]}]},
        "creatures": [
            {"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": [2.25, 2.25]},
            {"name": "Magierin", "profile": "magierin", "side": "Helden", "position": [0.75, 3.75]},
            {"name": "Goblin 1", "profile": "goblin", "side": "Monster", "position": [12.75, 12.75]},
            {"name": "Goblin 2", "profile": "goblin", "side": "Monster", "position": [14.25, 9.75]},
            {"name": "Ork", "profile": "ork", "side": "Monster", "position": [9.75, 14.25]}],
    },
    "hoellenhund": {
        "map": {"width": 12, "height": 12, "walls": [], "areas": []},
        "creatures": [
            {"name": "Kämpferin", "profile": "kaempferin_trank", "side": "Helden", "position": [2.25, 2.25]},
            {"name": "Magierin", "profile": "magierin_zauberstab", "side": "Helden", "position": [0.75, 3.75]},
            {"name": "Höllenhund", "profile": "hoellenhund", "side": "Monster", "position": [9.75, 9.75]}],
    },
}
"""The shipped encounters (JSON-able, see the module docstring)."""


@dataclass(frozen=True)
class Encounter:
    """A checked encounter: the map with every creature placed, their profiles, their sides in
    order of first appearance, and the rulings."""

    spec: Mapping[str, Any]
    battle_map: BattleMap
    profiles: Mapping[str, Kampfwerte]
    sides: tuple[str, ...]
    listed: tuple[str, ...]


def build(spec: Mapping[str, Any], rulings: Rulings | Mapping[str, Any] | None = None) -> Encounter:
    """The encounter ``spec`` describes (InputError naming the field otherwise)."""
    if not isinstance(spec, Mapping):
        raise InputError(SOURCE, "", "an encounter as a mapping with 'map' and 'creatures'", spec)
    unknown = sorted(set(spec) - {"map", "creatures", "rulings"})
    if unknown:
        raise InputError(SOURCE, unknown[0], "one of map, creatures, rulings")
    if rulings is None:
        rulings = Rulings(spec.get("rulings") or {})
    elif not isinstance(rulings, Rulings):
        rulings = Rulings(rulings)
    area = spec.get("map")
    if not isinstance(area, Mapping):
        raise InputError(SOURCE, "map", "a mapping with width, height, walls, areas", area)
    walls = tuple(Wall(_text(w, "name", f"map.walls[{i}]"), _box(w, f"map.walls[{i}]"))
                  for i, w in enumerate(_items(area.get("walls", []), "map.walls")))
    areas = tuple(Area(_text(a, "name", f"map.areas[{i}]"), _text(a, "kind", f"map.areas[{i}]"),
                       _box(a, f"map.areas[{i}]"), a.get("height", 0), bool(a.get("rough", False)))
                  for i, a in enumerate(_items(area.get("areas", []), "map.areas")))
    creatures = _items(spec.get("creatures"), "creatures")
    if not 2 <= len(creatures) <= MAX_CREATURES:
        raise InputError(SOURCE, "creatures", f"2 to {MAX_CREATURES} creatures", len(creatures))
    tokens, profiles, sides = [], {}, []
    for i, entry in enumerate(creatures):
        where = f"creatures[{i}]"
        name = _text(entry, "name", where)
        profile = _text(entry, "profile", where)
        if profile not in PROFILES:
            raise InputError(SOURCE, f"{where}.profile", "one of " + ", ".join(PROFILES), profile)
        side = _text(entry, "side", where)
        if name in profiles:
            raise InputError(SOURCE, f"{where}.name", "a name no other creature has", name)
        profiles[name] = PROFILES[profile]
        tokens.append(Token(name, PROFILES[profile].creature, tuple(entry.get("position", ())), side))
        if side not in sides:
            sides.append(side)
    if len(sides) != 2:
        raise InputError(SOURCE, "creatures", "creatures of exactly two sides", sides)
    battle_map = BattleMap(area.get("width"), area.get("height"), walls, areas, tuple(tokens), rulings)
    return Encounter(spec, battle_map, profiles, tuple(sides), tuple(t.name for t in tokens))


def roll_initiative(encounter: Encounter, rng: SeededRng) -> tuple[list[str], dict[str, int]]:
    """Each creature's initiative: d20 + Dexterity modifier (SRD 5.1 Initiative), drawn from ``rng``
    in the listed order; the order highest first, ties by ruling ``dnd5e.initiative-ties``."""
    totals = {name: rng.randrange(1, 21) + encounter.profiles[name].geschick for name in encounter.listed}
    order = sorted(encounter.listed, key=lambda n: (-totals[n], -encounter.profiles[n].geschick,
                                                    encounter.listed.index(n)))
    return order, totals


def _items(value: Any, field: str) -> list:
    if not isinstance(value, (list, tuple)) or len(value) > 1000:
        raise InputError(SOURCE, field, "a list", value)
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise InputError(SOURCE, f"{field}[{i}]", "a mapping", item)
    return list(value)


def _text(entry: Mapping, key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not 0 < len(value) <= 64:
        raise InputError(SOURCE, f"{where}.{key}", "a text of 1 to 64 characters", value)
    return value


def _box(entry: Mapping, where: str) -> tuple:
    value = entry.get("box")
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise InputError(SOURCE, f"{where}.box", "a box [x0, y0, x1, y1] in metres", value)
    return tuple(value)
