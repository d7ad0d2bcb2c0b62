"""D&D 5e attack odds: the recompute an attack-odds panel needs, exact, and the two ways to sum the dice.

Question (dnd5e-combat-de-excerpt.txt, section "ANGRIFFSWÜRFE"; SRD 5.1 "Rolling 1 or 20", "Advantage and
Disadvantage", "Cover", "Critical Hits"): one attack with Vorteil (advantage) against an RK with half cover,
P(miss / hit / critical) and the full damage distribution as a pandas frame
(:func:`explorer.dnd5e.odds.attack_odds`); and a turn of two attacks, the total damage distribution
(:func:`explorer.dnd5e.odds.turn_odds`).  Goal: <= 5 ms per recompute (median).

"cold" clears the dice memo first (a new damage expression typed in); "warm" is a slider for the bonus or
the RK (the dice are memoised).  The damage dice are summed by this project's integer convolution
(:func:`explorer.dnd5e.dice.plain_counts`, what the odds use) or by icepool
(:func:`explorer.dnd5e.dice.icepool_counts`, swapped in here for the comparison).  A 20,000-attack Monte
Carlo (:func:`explorer.dnd5e.odds.simulate_attack`) is timed beside it.
Run: ``python benchmarks/bench_dnd5e_odds.py``.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import median_ms  # noqa: E402

from explorer.dnd5e import dice, odds  # noqa: E402

GOAL_MS = 5.0
DAMAGE = {"Langbogen, GE +3": "1W8+3", "Zweihandschwert-artig, ST +4": "2W6+4", "Kurzschwert + 3W6 Hinterhalt": "1W6+3W6+3"}
PLAIN = dice.plain_counts
ICEPOOL = dice.icepool_counts


def _clear() -> None:
    PLAIN.cache_clear()
    ICEPOOL.cache_clear()


def one_attack(damage: str, cold: bool) -> object:
    if cold:
        _clear()
    result = odds.attack_odds(5, 15, damage, mode="vorteil", cover="halb")
    return result.frame, result.outcome_frame


def two_attacks(damage: str, cold: bool) -> object:
    if cold:
        _clear()
    first = odds.attack_odds(5, 15, damage, mode="vorteil", cover="halb")
    second = odds.attack_odds(5, 15, "1W4+3")
    return odds.turn_odds([first, second]).frame


def with_summer(summer, function, *args) -> float:
    """Median ms of ``function(*args)`` with ``summer`` as the dice convolution of DamageDice.counts."""
    dice.plain_counts = summer
    try:
        return median_ms(lambda: function(*args), repeats=31, number=5)
    finally:
        dice.plain_counts = PLAIN


def cpu_ms(function, number: int = 200) -> float:
    start = time.process_time()
    for _ in range(number):
        function()
    return (time.process_time() - start) * 1000 / number


def main() -> None:
    print(f"D&D 5e attack odds (+5 against RK 15, half cover -> 17, Vorteil; frames built), exact; "
          f"goal <= {GOAL_MS:.0f} ms per recompute")
    worst = 0.0
    for label, damage in DAMAGE.items():
        row = {}
        for name, function in (("one", one_attack), ("turn", two_attacks)):
            for cold in (False, True):
                row[name, cold, "plain"] = with_summer(PLAIN, function, damage, cold)
                row[name, cold, "icepool"] = with_summer(ICEPOOL, function, damage, cold)
        worst = max(worst, *(v for (n, c, s), v in row.items() if s == "plain"))
        cpu = cpu_ms(lambda: one_attack(damage, True))
        print(f"  {label:30s} {damage:10s} one attack: warm {row['one', False, 'plain']:5.2f} ms, "
              f"cold {row['one', True, 'plain']:5.2f} ms (CPU {cpu:4.2f} ms; icepool cold "
              f"{row['one', True, 'icepool']:5.2f} ms, x{row['one', True, 'icepool'] / row['one', True, 'plain']:.1f})"
              f" | 2-attack turn: warm {row['turn', False, 'plain']:5.2f} ms, cold {row['turn', True, 'plain']:5.2f} ms"
              f" (icepool cold {row['turn', True, 'icepool']:5.2f} ms)")
    for label, damage in DAMAGE.items():
        crit = dice.DamageDice.parse(damage).critical()
        plain = median_ms(lambda: PLAIN.__wrapped__(crit.terms, crit.modifier), repeats=31, number=5)
        pooled = median_ms(lambda: ICEPOOL.__wrapped__(crit.terms, crit.modifier), repeats=31, number=5)
        print(f"  dice sum alone, uncached, critical {crit!s:12s}: plain {plain:6.3f} ms, "
              f"icepool {pooled:6.3f} ms (x{pooled / plain:.0f})")
    mc = median_ms(lambda: odds.simulate_attack(5, 15, "1W8+3", mode="vorteil", cover="halb", n=20_000, seed=1),
                   repeats=3)
    exact = median_ms(lambda: one_attack("1W8+3", True), repeats=31, number=5)
    print(f"  Monte Carlo 2e4 attacks (1W8+3): {mc:6.1f} ms (x{mc / exact:.0f} the exact cold recompute)")
    verdict = "meets" if worst <= GOAL_MS else "MISSES"
    print(f"worst exact recompute {worst:.2f} ms (ratio {worst / GOAL_MS:.2f} of the goal): {verdict} the "
          f"{GOAL_MS:.0f} ms goal; the odds sum the dice with the plain convolution")


if __name__ == "__main__":
    main()
