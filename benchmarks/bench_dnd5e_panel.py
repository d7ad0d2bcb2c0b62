"""AttackOddsPanel update for one slider change (exact odds + table + chart in place), median over slider
moves: the blitted chart (the panel's) beside the same chart drawn afresh on every update (savefig).

Question (dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE"; SRD 5.1 "Advantage and Disadvantage", "Cover"):
+5 with Vorteil, 2W6+4, two attacks a turn; the RK slider and the Angriffsbonus slider moved back and forth
(each range's background is drawn once, then blitted).  Goal: <= 100 ms per update (the odds alone:
<= 5 ms, benchmarks/bench_dnd5e_odds.py).  Wall time and CPU time of this process (the CPU time is what the
update costs on one core; the wall time also counts other programs on the shared machine).
Run: ``python benchmarks/bench_dnd5e_panel.py``.
"""

import statistics
import time

from explorer.dnd5e.panels import AttackOddsPanel

GOAL_MS = 100.0
ACS = [14, 15, 16, 17] * 6
BONUSES = [4, 5, 6, 7] * 6


def _time_moves(slider, values) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for value in values:
        start, start_cpu = time.perf_counter(), time.process_time()
        slider.value = value  # the observer recomputes and redraws in place
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def main() -> None:
    rows = {}
    for name, blit in (("blitted", True), ("full redraw", False)):
        panel = AttackOddsPanel(5, 15, "2W6+4", mode="vorteil", attacks=2, blit=blit)
        ac_wall, ac_cpu = _time_moves(panel.ac, ACS)
        bonus_wall, bonus_cpu = _time_moves(panel.attack_bonus, BONUSES)
        rows[name] = (ac_wall + bonus_wall, ac_cpu + bonus_cpu, panel.chart.full_draws)
    blitted_cpu = statistics.median(rows["blitted"][1])
    print(f"AttackOddsPanel update (exact odds + table + chart), median of {len(ACS)} RK and {len(BONUSES)} "
          f"Angriffsbonus slider moves; goal <= {GOAL_MS:.0f} ms:")
    for name, (wall, cpu, draws) in rows.items():
        cpu_ms = statistics.median(cpu)
        print(f"  {name:12s} CPU {cpu_ms:6.1f} ms, wall {statistics.median(wall):6.1f} ms (max {max(wall):6.1f}); "
              f"{cpu_ms / blitted_cpu:4.1f}x blitted; full draws {draws}")


if __name__ == "__main__":
    main()
