"""Setting up an encounter: the map and the creatures from a description, checked; the initiative
from the seed (SRD 5.1 Combat > The Order of Combat > Initiative)."""

from __future__ import annotations

import pytest

from explorer.core.inputs import InputError
from explorer.core.rng import SeededRng
from explorer.dnd5e.encounter import ENCOUNTERS, PROFILES, build, roll_initiative


def test_shipped_encounters_build_with_two_sides():
    for name, spec in ENCOUNTERS.items():
        encounter = build(spec)
        assert len(encounter.sides) == 2, name
        assert set(encounter.profiles) == {t.name for t in encounter.battle_map.tokens}


def test_initiative_is_d20_plus_dexterity_ties_by_dexterity_then_listed():
    """SRD 5.1 Initiative and ruling dnd5e.initiative-ties."""
    encounter = build(ENCOUNTERS["scharmuetzel"])
    order, totals = roll_initiative(encounter, SeededRng(11))
    again = SeededRng(11)
    expected = {n: again.randrange(1, 21) + encounter.profiles[n].geschick for n in encounter.listed}
    assert totals == expected
    keys = [(-totals[n], -encounter.profiles[n].geschick, encounter.listed.index(n)) for n in order]
    assert keys == sorted(keys)


def test_profiles_carry_the_srd_stat_block_attacks():
    """SRD 5.1 Goblin: Shortbow +4, 1d6 + 2; Orc: Greataxe +5, 1d12 + 3; passive Perception 10 + mod."""
    assert str(PROFILES["goblin"].attack("Kurzbogen").damage) == "1W6+2"
    assert PROFILES["ork"].attack("Zweihandaxt").bonus == 5 and str(PROFILES["ork"].melee.damage) == "1W12+3"
    assert PROFILES["goblin"].passive_wahrnehmung == 9


@pytest.mark.parametrize("change, field", [
    (lambda s: s["creatures"][0].update(profile="drache"), "profile"),
    (lambda s: s["creatures"][1].update(name=s["creatures"][0]["name"]), "name"),
    (lambda s: s["creatures"][1].update(side=s["creatures"][0]["side"]), "creatures"),
    (lambda s: s["creatures"][1].update(position=s["creatures"][0]["position"]), "position"),
    (lambda s: s.update(extra=1), "extra"),
])
def test_a_broken_description_is_refused_naming_the_field(change, field):
    import copy
    spec = copy.deepcopy(ENCOUNTERS["duell"])
    change(spec)
    with pytest.raises(InputError) as refused:
        build(spec)
    assert field in str(refused.value)
