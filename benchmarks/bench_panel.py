"""MeleeOddsPanel update (exact odds + summary, table and chart in place), median over slider
moves: blitted (the panel's chart) beside the same chart drawn afresh on every update (savefig,
as before blitting) and, for reference, the panel's previous chart (``render_odds.OddsChart``,
every outcome a bar, rebuilt and saved on each update).

Wall time and CPU time of this process (the CPU time is what the update costs on one core; the
wall time also counts other programs on a busy machine).  Goal: <= 100 ms median, well inside.
Run: ``python benchmarks/bench_panel.py``.
"""

import statistics
import time

from explorer.behind.panels import MeleeOddsPanel
from explorer.behind.panels.panel_odds import _summary_html
from explorer.behind.render_odds import OddsChart

STRENGTHS = [1, 2, 3, 4, 5, 6] * 4
HAND_CARDS = ["9", "drawn", "3", "drawn"] * 3


def _time_moves(slider, values, after=None) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for value in values:
        start, start_cpu = time.perf_counter(), time.process_time()
        slider.value = value  # the observer recomputes and redraws in place
        if after is not None:
            after()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def _median(times) -> float:
    return statistics.median(times)


def main() -> None:
    rows = {}
    for name, blit in (("blitted", True), ("full redraw", False)):
        panel = MeleeOddsPanel(blit=blit)
        rows[name] = (*_time_moves(panel.attacker.strength, STRENGTHS), _time_moves(panel.defender.hand, HAND_CARDS)[1])

    panel, previous = MeleeOddsPanel(), OddsChart()
    panel.update = lambda: None  # the previous panel's update: exact odds, table, summary, OddsChart
    view = panel._view

    def previous_update() -> None:
        result = panel.question().exact()
        view.summary.value = _summary_html(result)
        view.table.value = result.table().to_html(index=False, float_format=lambda p: f"{p:.4f}")
        view.chart.value = previous.update(result)

    rows["previous chart"] = (*_time_moves(panel.attacker.strength, STRENGTHS, after=previous_update),
                              _time_moves(panel.defender.hand, HAND_CARDS, after=previous_update)[1])

    blitted_cpu = _median(rows["blitted"][1])
    print("MeleeOddsPanel update (exact odds + summary, table and chart), median of "
          f"{len(STRENGTHS)} Strength and {len(HAND_CARDS)} hand-card slider moves; goal <= 100 ms:")
    for name, (wall, cpu, hand_cpu) in rows.items():
        print(f"  {name:15s} CPU {_median(cpu):6.1f} ms (hand card {_median(hand_cpu):6.1f} ms), "
              f"wall {_median(wall):6.1f} ms (max {max(wall):6.1f}); {_median(cpu) / blitted_cpu:4.1f}x blitted")


if __name__ == "__main__":
    main()
