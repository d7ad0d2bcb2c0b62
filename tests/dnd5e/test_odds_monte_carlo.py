"""The Monte Carlo beside the exact attack odds: within 4 standard errors, reproducible by seed."""

import pytest

from explorer.core.inputs import InputError
from explorer.dnd5e.odds import OUTCOMES, attack_odds, simulate_attack


@pytest.mark.parametrize("bonus, ac, damage, mode, cover, crit_range, seed", [
    (5, 15, "1W8+3", "vorteil", "halb", 20, 1),
    (3, 18, "2W6+2", "nachteil", "keine", 20, 2),
    (8, 14, "1W12+4", "normal", "dreiviertel", 19, 3),
    (-1, 12, "1W4-2", "vorteil", "keine", 20, 4),
])
def test_monte_carlo_innerhalb_4_standardfehler(bonus, ac, damage, mode, cover, crit_range, seed):
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE with SRD 5.1 "Rolling 1 or 20", "Advantage and Disadvantage",
    "Cover" and "Critical Hits": rolling the attack 20,000 times (seeded) lands within 4 standard errors of
    the exact miss / hit / critical chances and the expected damage."""
    exact = attack_odds(bonus, ac, damage, mode=mode, cover=cover, crit_range=crit_range)
    sampled = simulate_attack(bonus, ac, damage, mode=mode, cover=cover, crit_range=crit_range, n=20_000, seed=seed)
    assert sampled.n == 20_000 and sum(sampled.counts.values()) == 20_000
    for outcome, p in zip(OUTCOMES, (exact.p_miss, exact.p_hit, exact.p_crit)):
        error = max(sampled.standard_error(outcome), 1e-3)  # a certain outcome has no spread
        assert abs(sampled.p(outcome) - float(p)) <= 4 * error, outcome
    assert abs(sampled.mean_damage - float(exact.expected_damage)) <= 4 * sampled.damage_standard_error
    assert set(sampled.damage_counts) <= set(exact.damage_distribution)


def test_monte_carlo_gleicher_seed_gleiches_ergebnis():
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE: the same seed rolls the same attacks (SeededRng)."""
    first = simulate_attack(5, 15, "1W8+3", mode="vorteil", n=500, seed=7)
    again = simulate_attack(5, 15, "1W8+3", mode="vorteil", n=500, seed=7)
    other = simulate_attack(5, 15, "1W8+3", mode="vorteil", n=500, seed=8)
    assert first.damage_counts == again.damage_counts and first.counts == again.counts
    assert first.damage_counts != other.damage_counts
    assert abs(first.frame["probability"].sum() - 1) < 1e-9


@pytest.mark.parametrize("kwargs, field", [({"n": 0}, "n"), ({"n": 10**7}, "n"), ({"n": 2.0}, "n"),
                                           ({"seed": -1}, "seed"), ({"seed": "x"}, "seed"), ({"ac": 50}, "ac")])
def test_monte_carlo_argumente_geprueft(kwargs, field):
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE: the simulation checks its arguments as the exact odds do."""
    args = {"attack_bonus": 5, "ac": 15, "damage": "1W8", **kwargs}
    with pytest.raises(InputError) as error:
        simulate_attack(args.pop("attack_bonus"), args.pop("ac"), args.pop("damage"), **args)
    assert error.value.field == field
