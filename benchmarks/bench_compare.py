"""ComparisonPanel: one slider change -> both situations recomputed and redrawn, median time.

Measured from setting a widget's value (which fires the panel's observer) to the updated figure:
* PNG path (plain Python, nbval; Voila without ``%matplotlib widget``): exact odds of A and B, the
  summary, the chart blitted over its cached background and encoded into the ``Image`` widget;
* ipympl path (``%matplotlib widget``, the app notebook): the same, blitted onto the ipympl canvas
  and its diff image sent; when the y-ranges are new, the full draw the front end then asks for
  is timed too (the front end's messages are simulated: there is none in a benchmark);
* for reference, the same chart redrawn from scratch each time (savefig), as without blitting.
The panel's default chart is the narrow one (two rows, 580 px); the wide one (``narrow=False``,
one row of three axes, 760 px) is timed on both paths too.
Each as wall time and as this process's CPU time (what an update costs on one core; the wall time
also counts other programs on a busy machine).
Goal: <= 100 ms median (slider event to updated figure).  Run: ``python benchmarks/bench_compare.py``.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from explorer.behind.panels import ComparisonPanel  # noqa: E402

STRENGTHS = [1, 2, 3, 4, 5, 6, 7] * 4
HAND_CARDS = ["9", "drawn", "3", "drawn"] * 3


CPU: dict[str, list[float]] = {}
"""CPU times of the runs of :func:`_time_moves`, by name."""


def _time_moves(panel, slider, values, after=None, name=None) -> list[float]:
    times, cpu = [], CPU.setdefault(name or str(id(slider)), [])
    for value in values:
        start, start_cpu = time.perf_counter(), time.process_time()
        slider.value = value  # the observer recomputes both sides and redraws in place
        if after is not None:
            after(panel)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return times


def _front_end_draw(panel) -> None:
    """What the ipympl front end does after ``draw_idle``: ask the kernel for a full draw."""
    chart = panel.chart
    if chart._key() not in chart._backgrounds:
        chart.figure.canvas.manager.handle_json({"type": "draw"})


def _live_panel(**options):
    panel = ComparisonPanel(interactive=True, **options)
    canvas = panel.chart.figure.canvas
    canvas._handle_message(canvas, {"type": "initialized"}, [])  # the front end shows the canvas: diffs from now on
    _front_end_draw(panel)
    return panel


def main() -> None:
    png_panel = ComparisonPanel(interactive=False)
    png = _time_moves(png_panel, png_panel.attacker.strength, STRENGTHS, name="png")
    png_hand = _time_moves(png_panel, png_panel.second.defender_hand, HAND_CARDS)

    live = _live_panel()
    ipympl = _time_moves(live, live.attacker.strength, STRENGTHS, after=_front_end_draw, name="ipympl")

    wide_png_panel = ComparisonPanel(interactive=False, narrow=False)
    wide_png = _time_moves(wide_png_panel, wide_png_panel.attacker.strength, STRENGTHS, name="wide png")
    wide = _live_panel(narrow=False)
    wide_ipympl = _time_moves(wide, wide.attacker.strength, STRENGTHS, after=_front_end_draw, name="wide ipympl")

    full, full_cpu = [], []
    for strength in STRENGTHS[:8]:
        start, start_cpu = time.perf_counter(), time.process_time()
        png_panel.attacker.strength.value = strength
        png_panel.chart.png()  # the whole figure drawn again, as without blitting
        full.append((time.perf_counter() - start) * 1000)
        full_cpu.append((time.process_time() - start_cpu) * 1000)

    print(f"ComparisonPanel slider -> both sides recomputed and redrawn: PNG path median "
          f"{statistics.median(png):.1f} ms (max {max(png):.1f}; hand-card slider median "
          f"{statistics.median(png_hand):.1f} ms), ipympl path median {statistics.median(ipympl):.1f} ms "
          f"(max {max(ipympl):.1f}, {live.chart.full_draws} full draws in {len(ipympl) + 1} updates); "
          f"goal <= 100 ms median. Without blitting (full redraw each time): median "
          f"{statistics.median(full):.1f} ms, {statistics.median(full) / statistics.median(png):.1f}x the PNG path")
    print(f"  CPU time: PNG path median {statistics.median(CPU['png']):.1f} ms, ipympl path "
          f"{statistics.median(CPU['ipympl']):.1f} ms, without blitting {statistics.median(full_cpu):.1f} ms "
          f"(includes the blitted update before it; {statistics.median(full_cpu) / statistics.median(CPU['png']):.1f}x "
          f"the PNG path)")
    print(f"  wide chart (narrow=False): PNG path median {statistics.median(wide_png):.1f} ms "
          f"(CPU {statistics.median(CPU['wide png']):.1f}), ipympl path median {statistics.median(wide_ipympl):.1f} ms "
          f"(CPU {statistics.median(CPU['wide ipympl']):.1f}, {wide.chart.full_draws} full draws in "
          f"{len(wide_ipympl) + 1} updates)")


if __name__ == "__main__":
    main()
