"""KartenPanel (the battle map panel): a click on a destination to the updated figure, median over
clicks -- the blitted picture (the panel's: the terrain cached, the overlay drawn over it, the PNG encoded
from the canvas buffer) beside the same picture drawn afresh on every click (savefig).

Question (SRD 5.1, Combat > Movement and Position, Difficult Terrain; SRD 5.1, Opportunity Attacks):
in the skirmish (scharmuetzel), the Kämpferin chosen, then destinations clicked in turn -- straight and
around the Säule, into the Geröll, one out of reach -- each answered with the path (analysis.path_cost),
its Gelegenheitsangriffe (analysis.opportunity_risk), the table and the picture.  A second series with a
Goblin beside her, so every path provokes an opportunity attack (one more label to place).  Goal: <= 100 ms
per click (issue 12).  Wall time and CPU time of this process (the CPU time is what a click costs on one
core; the wall time also counts other programs on the shared machine).  Not a test: the exit code is 0
whatever the times.
Run: ``python benchmarks/bench_dnd5e_map_panel.py``.
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer.dnd5e.encounter import ENCOUNTERS  # noqa: E402
from explorer.dnd5e.game import new_encounter  # noqa: E402
from explorer.dnd5e.panels.panel_map import KartenPanel  # noqa: E402

GOAL_MS = 100.0
CLICKS = [(2.25, 9.75), (3.75, 5.25), (8.25, 3.75), (5.25, 9.75), (9.75, 2.25), (12.75, 2.25)] * 4
"""Destinations (m) for the Kämpferin at (2.25, 2.25); (12.75, 2.25) is out of reach (10.5 m)."""


def states() -> dict:
    beside = copy.deepcopy(dict(ENCOUNTERS["scharmuetzel"]))
    for creature in beside["creatures"]:
        if creature["name"] == "Goblin 1":
            creature["position"] = [3.75, 2.25]
    return {"skirmish": new_encounter("scharmuetzel"), "a Goblin beside her": new_encounter(beside)}


def time_clicks(panel: KartenPanel) -> tuple[list[float], list[float]]:
    panel.click(2.25, 2.25)  # choose the Kämpferin: her reachable region
    panel.click(*CLICKS[0])  # warm up (the first path label's fonts)
    wall, cpu = [], []
    for x, y in CLICKS:
        start, start_cpu = time.perf_counter(), time.process_time()
        panel.click(x, y)  # the answer, the table and the PNG of the updated picture
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def main() -> None:
    print(f"KartenPanel: a click on a destination to the updated figure (PNG), median of {len(CLICKS)} clicks; "
          f"goal <= {GOAL_MS:.0f} ms:")
    for what, state in states().items():
        rows = {}
        for name, blit in (("blitted", True), ("full redraw", False)):
            panel = KartenPanel(state, interactive=False, blit=blit)
            wall, cpu = time_clicks(panel)
            rows[name] = (wall, cpu, panel.picture.full_draws)
        blitted_cpu = statistics.median(rows["blitted"][1])
        width, height = panel.picture.pixel_size
        print(f"  {what} (picture {width} x {height} px):")
        for name, (wall, cpu, draws) in rows.items():
            cpu_ms = statistics.median(cpu)
            print(f"    {name:12s} CPU {cpu_ms:6.1f} ms, wall {statistics.median(wall):6.1f} ms "
                  f"(max {max(wall):6.1f}); "
                  f"{cpu_ms / blitted_cpu:4.1f}x blitted; background draws {draws}")


if __name__ == "__main__":
    main()
