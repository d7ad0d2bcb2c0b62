"""Jumps, clause by clause, from dnd5e-combat-de-excerpt.txt, sections "WEITE SPRÜNGE" and "HOHE SPRÜNGE".

Every length is exact: 0.3 m x 15 = 4.5 m, never 4.499999.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import refs
from explorer.dnd5e.creatures import Creature, load_creatures
from explorer.dnd5e.jumps import (
    check_chance,
    high_jump,
    high_jump_height,
    high_jump_reach,
    long_jump,
    long_jump_distance,
)


def jumper(strength: int = 15, height=None) -> Creature:
    return Creature("Springerin", strength=strength, height=height)


def test_long_jump_strength_score_times_0_3_metres_with_a_run_up():
    """WEITE SPRÜNGE: "legst du eine Anzahl von Metern in Höhe deines Stärkewertes mal 0,3 zurück,
    sofern du unmittelbar vor dem Sprung mindestens drei Meter zurückgelegt hast" -- 15 x 0.3 = 4.5 m exactly."""
    assert long_jump_distance(15) == Fraction(9, 2)
    assert isinstance(long_jump_distance(15), Fraction)
    assert long_jump_distance(load_creatures()["kaempferin"]) == Fraction(24, 5)  # Strength 16: 4.8 m
    jump = long_jump(jumper(15), 4.5, run_up_metres=3)
    assert jump.run_up and jump.maximum == Fraction(9, 2) and jump.distance == Fraction(9, 2)


def test_long_jump_from_standing_is_half_as_far():
    """WEITE SPRÜNGE: "Bei einem Weitsprung aus dem Stand kannst du nur halb so weit springen." --
    less than three metres of run-up is a standing jump (2.9 m is not enough)."""
    assert long_jump_distance(15, run_up=False) == Fraction(9, 4)
    assert long_jump(jumper(15), 2.25, run_up_metres=2.9).run_up is False
    with pytest.raises(RuleViolation) as caught:
        long_jump(jumper(15), 3, run_up_metres=2.9)
    assert caught.value.rule == refs.WEITE_SPRUENGE and "2,25 m" in str(caught.value)


def test_long_jump_each_metre_jumped_costs_a_metre_of_movement():
    """WEITE SPRÜNGE: "In beiden Fällen kostet dich jeder gesprungene Meter einen Meter deiner Bewegungsrate." """
    assert long_jump(jumper(15), 3, run_up_metres=3).cost == 3
    assert high_jump(jumper(16), Fraction(1), run_up_metres=3).cost == 1


def test_long_jump_longer_than_the_strength_allows_is_refused():
    """WEITE SPRÜNGE: the jump covers the Stärkewert x 0.3 m, no more."""
    with pytest.raises(RuleViolation) as caught:
        long_jump(jumper(15), 4.6, run_up_metres=6)
    assert caught.value.rule == refs.WEITE_SPRUENGE
    assert "4,5 m" in str(caught.value) and 'Abschnitt "WEITE SPRÜNGE"' in str(caught.value)


def test_low_obstacle_needs_a_dc_10_athletics_check_and_failing_hits_it():
    """WEITE SPRÜNGE: "Der SL kann einen erfolgreichen SG-10-Stärkewurf (Athletik) von dir verlangen, wenn du
    ein niedriges Hindernis wie eine niedrige Mauer (nicht höher als ein Viertel deiner Sprungdistanz)
    über- winden willst. Bei einem Misserfolg prallst du dagegen." """
    jump = long_jump(jumper(15), 4, run_up_metres=3, obstacle_heights=(1,))  # a quarter of 4 m is 1 m
    (check,) = jump.checks
    assert (check.ability, check.dc, check.rule) == ("Stärke (Athletik)", 10, refs.WEITE_SPRUENGE)
    assert "prallst" in check.on_failure
    assert check.chance(2) == Fraction(13, 20)  # d20 + 2 >= 10: faces 8..20


def test_an_obstacle_higher_than_a_quarter_of_the_jump_cannot_be_cleared():
    """WEITE SPRÜNGE: "(nicht höher als ein Viertel deiner Sprungdistanz)" -- 1.1 m over a 4 m jump is too high;
    by ruling dnd5e.low-obstacle-quarter-of = "maximum" the quarter of the longest jump (4.5 m: 1.125 m) counts."""
    with pytest.raises(RuleViolation) as caught:
        long_jump(jumper(15), 4, run_up_metres=3, obstacle_heights=(1.1,))
    assert caught.value.rule == refs.WEITE_SPRUENGE and "Viertel" in str(caught.value)
    alt = Rulings().switch(**{"dnd5e.low-obstacle-quarter-of": "maximum"})
    assert len(long_jump(jumper(15), 4, run_up_metres=3, obstacle_heights=(1.1,), rulings=alt).checks) == 1


def test_the_sl_may_waive_the_athletics_check():
    """WEITE SPRÜNGE: "Der SL kann ... verlangen" -- ruling dnd5e.low-obstacle-athletics = False: no check."""
    waived = Rulings().switch(**{"dnd5e.low-obstacle-athletics": False})
    assert long_jump(jumper(15), 4, run_up_metres=3, obstacle_heights=(1,), rulings=waived).checks == ()


def test_landing_in_difficult_terrain_needs_dc_10_acrobatics_or_lands_prone():
    """WEITE SPRÜNGE: "Kommst du in schwierigem Gelände auf, musst du einn SG-10-Geschicklichkeitswurf
    (Akrobatik) bestehen, um auf den Füßen zu landen. Andernfalls landest du liegend." """
    (check,) = long_jump(jumper(15), 3, run_up_metres=3, lands_in_difficult_terrain=True).checks
    assert (check.ability, check.dc) == ("Geschicklichkeit (Akrobatik)", 10)
    assert "liegend" in check.on_failure
    assert check.chance(0) == Fraction(11, 20)


def test_high_jump_strength_modifier_plus_3_times_0_3_metres():
    """HOHE SPRÜNGE: "springst du um eine Anzahl von Metern hoch, die deinem (Stärkemodifikator + 3) mal 0,3
    entspricht" -- Strength 16 (+3): 1.8 m; from standing half: 0.9 m."""
    assert high_jump_height(16) == Fraction(9, 5)
    assert high_jump_height(16, run_up=False) == Fraction(9, 10)
    assert high_jump_height(10) == Fraction(9, 10)
    assert high_jump_height(1) == 0  # (-5 + 3) x 0.3 is below 0: no jump
    assert high_jump(jumper(16), run_up_metres=3).distance == Fraction(9, 5)


def test_high_jump_higher_than_allowed_is_refused():
    """HOHE SPRÜNGE: "Bei einem Hoch- sprung aus dem Stand kannst du nur halb so hoch springen." """
    with pytest.raises(RuleViolation) as caught:
        high_jump(jumper(16), 1.0, run_up_metres=0)
    assert caught.value.rule == refs.HOHE_SPRUENGE and "0,9 m" in str(caught.value)


def test_high_jump_reach_is_jump_height_plus_one_and_a_half_body_heights():
    """HOHE SPRÜNGE: "So kannst du mit deinen Händen eine Höhe erreichen, die deiner Sprunghöhe + deine
    1,5-fache Körpergröße entspricht." -- the Kämpferin (Strength 16, 1.70 m): 1.8 + 2.55 = 4.35 m."""
    fighter = load_creatures()["kaempferin"]
    assert high_jump_reach(fighter) == Fraction(87, 20)
    assert high_jump_reach(fighter, run_up=False) == Fraction(9, 10) + Fraction(51, 20)
    assert high_jump_reach(16, 2) == Fraction(9, 5) + 3
    with pytest.raises(InputError) as caught:
        high_jump_reach(16)
    assert caught.value.field == "body_height"


def test_a_dc_10_check_chance_is_exact():
    """SRD 5.1 Using Ability Scores > Ability Checks: the check succeeds if d20 + modifier >= DC."""
    assert [check_chance(10, m) for m in (-1, 0, 3)] == [Fraction(10, 20), Fraction(11, 20), Fraction(14, 20)]
    brute = {m: Fraction(sum(face + m >= 10 for face in range(1, 21)), 20) for m in range(-12, 13)}
    assert all(check_chance(10, m) == p for m, p in brute.items())
    assert check_chance(10, 9) == 1 and check_chance(10, -10) == Fraction(1, 20) and check_chance(10, -11) == 0


@pytest.mark.parametrize("bad, field", [("weit", "distance"), (-1, "distance"), (float("nan"), "distance")])
def test_jump_inputs_are_checked(bad, field):
    with pytest.raises(InputError) as caught:
        long_jump(jumper(), bad)
    assert caught.value.field == field
    with pytest.raises(InputError):
        long_jump_distance(0)
