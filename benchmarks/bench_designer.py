"""Scenario designer and table panel: time from a mouse event to the updated figure.

Designer: each step fires the panel's ``motion_notify_event`` handler while a chip is dragged (the
layout the drag would give is built and checked against "Unser Revier!"'s setup rules, the chips,
marks, zones and the validation list are updated in place, the labels of what changed are placed
clear of the rest) and brings the figure's Agg buffer up to date, the stand-in for the browser's
redraw.  The drop (``button_release_event``: the move committed, the controls synced) is timed the
same way, and so is a click on a chip (press and release at one point: the chip selected, nothing
committed).  TablePanel: a click on a chip of a crowded table (its sight lines drawn, its name bold).

Each is timed twice, side by side: *blitted* (the panels as they are: the table, the obstacles and
the unchanged chips are cached, only the moved chip, its labels and the overlays are drawn over
them) and *full redraw* (``blit=False``: the whole figure drawn on every update, as before).  CPU
time of this process (what the update costs on one core) and wall time.  Goal: <= 100 ms median,
well inside.  Run: ``python benchmarks/bench_designer.py``.
"""

import statistics
import time
from types import SimpleNamespace

from explorer.behind.layouts import load_layout
from explorer.behind.panels.panel_designer import DesignerPanel
from explorer.behind.panels.panel_table import TablePanel
from explorer.behind.table import Chip, Obstacle, Table

GOAL_MS = 100.0
DRAGS = 6
STEPS = 20  # motion events per drag
CLICKS = 14


def event(panel, x, y):
    return SimpleNamespace(inaxes=panel.ax, xdata=x, ydata=y, button=1)


def timed(action, into: list) -> None:
    start, start_cpu = time.perf_counter(), time.process_time()
    action()
    into.append(((time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000))


def crowded_table() -> Table:
    """Seven chips close together beside a wall (names long and short)."""
    return Table(60, 40, obstacles=[Obstacle.box("wall", 30, 14, 3, 12, height=6)], chips=[
        Chip("Ludwig von Auenstedt", "Vampire", 18, 20, 0), Chip("Sahra Jeanette", "Schwesternbund", 22, 23, 180),
        Chip("Schwester Agathe", "Schwesternbund", 22, 17, 180), Chip("Mathilde", "Vampire", 15, 24, 0),
        Chip("Konrad der Kühne", "Vampire", 15, 16, 0), Chip("Johanna", "Schwesternbund", 25, 20.5, 180),
        Chip("Isabeau", "Vampire", 40, 30, 180)])


def designer_times(blit: bool) -> dict[str, list]:
    panel = DesignerPanel(load_layout("unser_revier_example"), canvas="agg", blit=blit)
    panel.view.refresh(panel.live.render)  # warm up: fonts, path effects
    chip = panel.design.table.chip("Ludwig von Auenstedt")
    times = {"drag": [], "drop": [], "click": []}
    for drag in range(DRAGS):
        x, y = chip.x, chip.y
        panel._on_press(event(panel, x, y))
        for step in range(1, STEPS + 1):  # up towards the Sisterhood and back: rules break and hold again
            dy = 16.0 * step / STEPS if drag % 2 == 0 else 16.0 * (1 - step / STEPS)
            timed(lambda: panel._on_motion(event(panel, x, y + dy)), times["drag"])
        timed(lambda: panel._on_release(event(panel, x, y + dy)), times["drop"])
        chip = panel.design.table.chip("Ludwig von Auenstedt")
    for k in range(DRAGS):
        target = panel.design.table.chip(("Ludwig von Auenstedt", "Sahra Jeanette")[k % 2])

        def click():
            panel._on_press(event(panel, target.x, target.y))
            panel._on_release(event(panel, target.x, target.y))
        timed(click, times["click"])
    assert panel.design.table.chip("Ludwig von Auenstedt") == chip  # a click selects, it never moves
    return times


def table_times(blit: bool) -> dict[str, list]:
    table = crowded_table()
    panel = TablePanel(table, canvas="agg", blit=blit)
    names = list(table.names)
    times = {"click": [], "hover": []}
    for k in range(CLICKS):
        chip = table.chip(names[k % len(names)])
        timed(lambda: panel._on_press(event(panel, chip.x, chip.y)), times["click"])
    for k in range(CLICKS):  # over a chip and off it again: the full name beside the mouse
        chip = table.chip(names[k % len(names)])
        timed(lambda: panel._on_motion(event(panel, chip.x + (0.3 if k % 2 else 4.0), chip.y)), times["hover"])
    return times


def median(times, which: int) -> float:
    return statistics.median(t[which] for t in times)


def main() -> None:
    rows = []
    for name, measure in (("DesignerPanel", designer_times), ("TablePanel", table_times)):
        blitted, full = measure(True), measure(False)
        for what in blitted:
            rows.append((f"{name} {what}", blitted[what], full[what]))
    print(f"Mouse event -> updated figure (handler, checks, labels, Agg buffer), median ms; goal <= {GOAL_MS:g}:")
    print(f"  {'':22s} {'blitted CPU':>12s} {'wall':>7s} {'(max)':>7s}   {'full redraw CPU':>16s} {'wall':>7s}   ratio")
    worst = 0.0
    for label, blitted, full in rows:
        cpu, full_cpu = median(blitted, 1), median(full, 1)
        worst = max(worst, cpu)
        print(f"  {label:22s} {cpu:12.1f} {median(blitted, 0):7.1f} {max(t[0] for t in blitted):7.1f}   "
              f"{full_cpu:16.1f} {median(full, 0):7.1f}   {full_cpu / max(cpu, 1e-9):4.1f}x")
    print(f"  blitted: worst median {worst:.1f} ms CPU -> goal {'met' if worst <= GOAL_MS else 'NOT met'}")


if __name__ == "__main__":
    main()
