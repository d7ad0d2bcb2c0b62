"""MeleeOddsPanel update (exact odds + redraw of summary, table and chart), median over slider moves.

Goal: <= 100 ms median.  Run: ``python benchmarks/bench_panel.py``.
"""

import statistics
import time

from explorer.behind.panels import MeleeOddsPanel


def main() -> None:
    panel = MeleeOddsPanel()
    times = []
    strengths = [1, 2, 3, 4, 5, 6] * 4
    for strength in strengths:  # each assignment fires the observer: compute + redraw in place
        start = time.perf_counter()
        panel.attacker.strength.value = strength
        times.append((time.perf_counter() - start) * 1000)
    hand_times = []
    for card in ["9", "drawn", "3", "drawn"] * 3:
        start = time.perf_counter()
        panel.defender.hand.value = card
        hand_times.append((time.perf_counter() - start) * 1000)
    print(f"MeleeOddsPanel update (compute + redraw), Strength slider: median {statistics.median(times):.1f} ms "
          f"(max {max(times):.1f} ms); hand-card slider: median {statistics.median(hand_times):.1f} ms; "
          f"goal <= 100 ms median; {len(times) + len(hand_times)} updates")


if __name__ == "__main__":
    main()
