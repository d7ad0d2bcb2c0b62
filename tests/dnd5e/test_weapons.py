"""SRD 5.1 weapons (Waffen) from data/dnd5e/weapons.json."""

import copy
import json
from fractions import Fraction

import pytest

from explorer.core.inputs import InputError
from explorer.core.resources import data_dir
from explorer.dnd5e.weapons import load_weapons, weapon, weapons_from_json

SRD_TABLE = {  # SRD 5.1, "Equipment > Weapons": name, damage, damage type, range in feet
    "Langschwert": ("Longsword", "1W8", "slashing", None),
    "Kurzschwert": ("Shortsword", "1W6", "piercing", None),
    "Dolch": ("Dagger", "1W4", "piercing", (20, 60)),
    "Zweihandaxt": ("Greataxe", "1W12", "slashing", None),
    "Langbogen": ("Longbow", "1W8", "piercing", (150, 600)),
    "Kurzbogen": ("Shortbow", "1W6", "piercing", (80, 320)),
    "Leichte Armbrust": ("Crossbow, light", "1W8", "piercing", (80, 320)),
    "Hellebarde": ("Halberd", "1W10", "slashing", None),
}


def test_waffen_wie_im_srd():
    """SRD 5.1 "Equipment > Weapons" (the Weapons table): each shipped weapon's damage, damage type and
    range; ranges in metres at 0.3 m per foot (150/600 ft -> 45/180 m), as the excerpt measures."""
    weapons = {n: w for n, w in load_weapons().items() if w.category != "Natürliche Waffe"}
    assert set(weapons) == set(SRD_TABLE)
    for name, (srd, damage, damage_type, feet) in SRD_TABLE.items():
        w = weapons[name]
        assert (w.srd_name, str(w.damage), w.srd_damage_type) == (srd, damage, damage_type)
        assert w.range_m == (None if feet is None else (round(feet[0] * 0.3, 6), round(feet[1] * 0.3, 6)))
        if w.nahkampf:  # "Reach. This weapon adds 5 feet to your reach" (Weapon Properties)
            assert w.reach_m == (3.0 if "Reichweite" in w.properties else 1.5)
        else:
            assert w.reach_m is None


def test_vielseitig_und_modifikator():
    """SRD 5.1 "Weapon Properties > Versatile" (longsword 1d10 with two hands) and "Damage Rolls" (the ability
    modifier is added to the damage)."""
    assert str(weapon("Langschwert").damage_with(3, two_handed=True)) == "1W10+3"
    assert str(weapon("longbow").damage_with(2)) == "1W8+2"
    with pytest.raises(InputError, match="not versatile"):
        weapon("Dolch").damage_with(1, two_handed=True)
    with pytest.raises(InputError, match="modifier"):
        weapon("Dolch").damage_with(1.5)


def test_unbekannte_waffe():
    """SRD 5.1 "Equipment > Weapons": a weapon not shipped is refused with the names that are."""
    with pytest.raises(InputError, match="Langbogen"):
        weapon("Lichtschwert")


def _shipped() -> dict:
    return json.loads((data_dir("dnd5e") / "weapons.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path, value, field", [
    (("weapons", 0, "damage"), "1W", "weapons[0].damage"),
    (("weapons", 0, "damage_type"), "Feuer", "weapons[0].damage_type"),
    (("weapons", 4, "range_m", "long"), 10, "weapons[4].range_m"),
    (("weapons", 1, "properties"), ["Fliegend"], "weapons[1].properties[0]"),
    (("weapons", 0, "extra"), 1, "weapons[0].extra"),
])
def test_waffendatei_geprueft(path, value, field):
    """SRD 5.1 "Equipment > Weapons": a weapons file outside the format is refused naming the field."""
    data = copy.deepcopy(_shipped())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(InputError) as error:
        weapons_from_json(data)
    assert error.value.field == field


def test_natural_weapon_the_hell_hounds_bite():
    """SRD 5.1 "Monsters > Hell Hound": "Bite. Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 7
    (1d8 + 3) piercing damage plus 7 (2d6) fire damage" -- a natural weapon, its dice rolled as one 1W8+2W6
    (the +3 is the stat block's, explorer.dnd5e.encounter), reach 1.5 m; a critical hit doubles both dice."""
    bite = load_weapons()["Biss (Höllenhund)"]
    assert (bite.srd_name, bite.category, str(bite.damage), bite.reach_m) == (
        "Bite (Hell Hound)", "Natürliche Waffe", "1W8+2W6", 1.5)
    assert str(bite.damage_with(3)) == "1W8+2W6+3" and str(bite.damage_with(3).critical()) == "2W8+4W6+3"
    assert bite.damage_with(3).mean == Fraction(29, 2)  # 4.5 + 3 + 7: the stat block writes 7 (7.5 rounded down) + 7
