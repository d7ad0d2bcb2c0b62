"""Scenario designer: time from a mouse event to the updated figure while a chip is dragged.

Each step fires the panel's ``motion_notify_event`` handler (the layout the drag would give is built
and checked against "Unser Revier!"'s setup rules, the chips, marks, zones and the validation list are
updated in place), then draws the figure with Agg into its buffer (``fig.canvas.draw()``), the stand-in
for the browser's redraw.  The drop (``button_release_event``: the move committed, the controls synced)
is timed the same way, and so is a click on a chip (press and release at one point: the chip selected,
nothing committed).  Goal: <= 100 ms median.  Run: ``python benchmarks/bench_designer.py``.
"""

import statistics
import time
from types import SimpleNamespace

from explorer.behind.layouts import load_layout
from explorer.behind.panels.panel_designer import DesignerPanel

GOAL_MS = 100.0
DRAGS = 6
STEPS = 20  # motion events per drag


def event(panel, x, y):
    return SimpleNamespace(inaxes=panel.ax, xdata=x, ydata=y, button=1)


def main() -> None:
    panel = DesignerPanel(load_layout("unser_revier_example"), canvas="agg")
    canvas = panel.view.figure.canvas
    canvas.draw()  # warm up: fonts, path effects
    chip = panel.design.table.chip("Ludwig von Auenstedt")
    motion, drops = [], []
    for drag in range(DRAGS):
        x, y = chip.x, chip.y
        panel._on_press(event(panel, x, y))
        for step in range(1, STEPS + 1):  # up towards the Sisterhood and back: rules break and hold again
            dy = 16.0 * step / STEPS if drag % 2 == 0 else 16.0 * (1 - step / STEPS)
            start = time.perf_counter()
            panel._on_motion(event(panel, x, y + dy))
            canvas.draw()
            motion.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        panel._on_release(event(panel, x, y + dy))
        canvas.draw()
        drops.append((time.perf_counter() - start) * 1000)
        chip = panel.design.table.chip("Ludwig von Auenstedt")
    clicks = []
    for _ in range(DRAGS):
        start = time.perf_counter()
        panel._on_press(event(panel, chip.x, chip.y))
        panel._on_release(event(panel, chip.x, chip.y))
        canvas.draw()
        clicks.append((time.perf_counter() - start) * 1000)
    assert panel.design.table.chip("Ludwig von Auenstedt") == chip  # a click selects, it never moves
    median = statistics.median(motion)
    print(f"DesignerPanel drag (handler + checks + in-place update + Agg draw): median {median:.1f} ms "
          f"(max {max(motion):.1f} ms) over {len(motion)} motion events; drop (commit): median "
          f"{statistics.median(drops):.1f} ms; click (select): median {statistics.median(clicks):.1f} ms; goal <= {GOAL_MS:g} ms median -> "
          f"{'met' if median <= GOAL_MS else 'NOT met'}")


if __name__ == "__main__":
    main()
