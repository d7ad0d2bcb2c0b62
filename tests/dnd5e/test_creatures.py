"""Creatures: size categories and spaces, speeds in metres, ability modifiers, the shipped SRD 5.1 records.

Sources: SRD 5.1, sections "Combat > Movement and Position > Creature Size > Size Categories" and
"Using Ability Scores > Ability Scores and Modifiers"; dnd5e-combat-de-excerpt.txt for the German terms.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from explorer.core.inputs import InputError
from explorer.dnd5e.creatures import (
    SIZES,
    SPACE_SIDE,
    Creature,
    Speeds,
    ability_modifier,
    creatures_from_json,
    creatures_file,
    load_creatures,
    size_steps,
)


def test_size_categories_and_their_spaces():
    """SRD 5.1 Size Categories: Tiny 2.5 by 2.5 ft ... Gargantuan 20 by 20 ft, at 0.3 m per foot."""
    assert SIZES == ("winzig", "klein", "mittelgroß", "groß", "riesig", "gigantisch")
    assert [SPACE_SIDE[s] for s in SIZES] == [Fraction(3, 4), Fraction(3, 2), Fraction(3, 2), 3, Fraction(9, 2), 6]
    assert Creature("Oger", size="groß").space_side == 3 and Creature("x", size="groß").size_english == "Large"


def test_size_steps_between_categories():
    """dnd5e-combat-de-excerpt.txt, SICH UM ANDERE KREATUREN HERUM BEWEGEN: "mindestens zwei Größenkategorien
    größer oder kleiner" -- klein to groß is two steps, mittelgroß to groß one."""
    assert size_steps("klein", "groß") == 2 and size_steps("groß", "mittelgroß") == 1
    assert size_steps("winzig", "gigantisch") == 5
    with pytest.raises(InputError):
        size_steps("medium", "groß")


def test_ability_modifier_table():
    """SRD 5.1 Ability Scores and Modifiers: 1 -> -5, 8-9 -> -1, 10-11 -> +0, 15 -> +2, 30 -> +10."""
    table = {1: -5, 2: -4, 3: -4, 8: -1, 9: -1, 10: 0, 11: 0, 12: 1, 15: 2, 16: 3, 19: 4, 20: 5, 30: 10}
    assert {score: ability_modifier(score) for score in table} == table
    assert Creature("x", strength=16).strength_modifier == 3
    for bad in (0, 31, 10.0, True):
        with pytest.raises(InputError):
            ability_modifier(bad)


def test_speeds_are_exact_metres_and_hover_needs_flight():
    """dnd5e-combat-de-excerpt.txt, SPURT: "Bei einer Bewegungsrate von neun Metern" -- 30 ft is 9 m;
    FLIEGEND: only a flyer can hover (schweben)."""
    speeds = Speeds(gehen=7.5, fliegen=0.3)
    assert speeds.gehen == Fraction(15, 2) and speeds.fliegen == Fraction(3, 10)
    with pytest.raises(InputError) as caught:
        Speeds(schweben=True)
    assert caught.value.field == "schweben"
    with pytest.raises(InputError) as caught:
        Speeds(gehen=-1)
    assert caught.value.field == "speeds.gehen" and caught.value.value == -1


def test_shipped_creatures_are_the_srd_figures_in_metres():
    """SRD 5.1 stat blocks: Goblin Small, 30 ft (9 m); Ogre Large, 40 ft (12 m), Str 19; Giant Eagle fly
    80 ft (24 m); Will-o'-Wisp hovers; Hill Giant reach 10 ft (3 m); Brown Bear climbs 30 ft."""
    creatures = load_creatures()
    goblin, ogre, eagle = creatures["goblin"], creatures["oger"], creatures["riesenadler"]
    assert (goblin.size, goblin.speeds.gehen, goblin.strength, goblin.armour_class, goblin.hit_points) == (
        "klein", 9, 8, 15, 7)
    assert (ogre.size, ogre.speeds.gehen, ogre.strength) == ("groß", 12, 19)
    assert (eagle.speeds.fliegen, eagle.speeds.gehen, eagle.speeds.schweben) == (24, 3, False)
    assert creatures["irrlicht"].speeds.schweben and creatures["irrlicht"].size == "winzig"
    assert creatures["huegelriese"].reach == 3 and creatures["braunbaer"].speeds.klettern == 9
    assert creatures["riesenfrosch"].speeds.schwimmen == 9
    assert creatures["kaempferin"].height == Fraction(17, 10)
    raw = json.loads(creatures_file().read_text(encoding="utf-8"))
    assert "SRD" in raw["source"] and "CC-BY-4.0" in raw["source"]
    assert {r["id"] for r in raw["creatures"]} == set(creatures)


def _record(**changes):
    record = {"id": "x", "name": "X", "srd_name": "X", "size": "klein", "speeds": {"gehen": 9}, "strength": 8,
              "reach": 1.5, "armour_class": 15, "hit_points": 7}
    record.update(changes)
    return {"source": "test", "creatures": [record]}


@pytest.mark.parametrize("changes, field", [
    ({"size": "small"}, "creatures[0].size"),
    ({"strength": 31}, "creatures[0].strength"),
    ({"speeds": {"gehen": 9, "fliegen": 0, "schweben": True}}, "creatures[0].schweben"),
    ({"speeds": {"walk": 9}}, "creatures[0].speeds.gehen"),
    ({"reach": "1.5"}, "creatures[0].reach"),
    ({"hp": 3}, "creatures[0].hp"),
])
def test_malformed_creature_records_name_the_field(changes, field):
    with pytest.raises(InputError) as caught:
        creatures_from_json(_record(**changes))
    assert caught.value.field == field, caught.value


def test_a_repeated_id_is_refused(tmp_path):
    data = _record()
    data["creatures"].append(dict(data["creatures"][0]))
    with pytest.raises(InputError) as caught:
        creatures_from_json(data)
    assert caught.value.field == "creatures[1].id"
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_creatures(bad)
    assert caught.value.source == "bad.json"
