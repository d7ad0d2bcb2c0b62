"""The scenario designer, served by Voila, checks the setup rules live while a chip is dragged.

Contract with the app notebook (notebooks/apps/scenario_designer.ipynb: ``%matplotlib widget``, then
``DesignerPanel(load_layout("unser_revier_example"))``): the figure is an ipympl canvas inside the
widget with CSS class ``designer-figure``, its axes fill it; the hidden HTML widget ``designer-geometry``
holds ``{"xlim": [x0, x1], "ylim": [y0, y1], "axes": [0, 0, 1, 1], "size": [w, h]}`` (cm and pixels); the
HTML widget ``designer-validation`` lists the broken rules (``.designer-verdict`` sums them up).

The example layout (data/behind/scenarios/layouts/unser_revier_example.json) breaks no rule of "Unser
Revier!"; dragging a Vampire chip from the bottom edge 14 cm towards the Sisterhood brings it within three
card lengths of an enemy chip (behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "every chip
must be at least three card lengths from an enemy character chip"), so the list names it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.browser.pages import open_app, settled_text

pytestmark = pytest.mark.browser

NOTEBOOK = "apps/scenario_designer.ipynb"
EXAMPLE = Path(__file__).resolve().parents[2] / "data/behind/scenarios/layouts/unser_revier_example.json"
VALIDATION = ".designer-validation"
VERDICT = ".designer-validation .designer-verdict"
CANVAS = ".designer-figure canvas"
GEOMETRY = ".designer-geometry"
STATUS = ".designer-status"
DRAGGED = "Ludwig von Auenstedt"
DRAG_CM = 14.0  # straight up, towards the middle of the table
LOAD_TIMEOUT_MS = 90_000  # page load + notebook execution + widget and canvas rendering
UPDATE_TIMEOUT_MS = 30_000  # mouse release -> kernel handler -> new validation text


def chip_position(name: str) -> tuple[float, float]:
    layout = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    chip = next(c for c in layout["table"]["chips"] if c["name"] == name)
    return chip["x"], chip["y"]


def to_pixels(box: dict, geometry: dict, x: float, y: float) -> tuple[float, float]:
    """Page pixels of the table point ``(x, y)`` cm: the axes fill the canvas (``axes`` fractions)."""
    (x0, x1), (y0, y1) = geometry["xlim"], geometry["ylim"]
    ax0, ay0, ax1, ay1 = geometry["axes"]
    fx = ax0 + (x - x0) / (x1 - x0) * (ax1 - ax0)
    fy = ay0 + (y - y0) / (y1 - y0) * (ay1 - ay0)
    return box["x"] + fx * box["width"], box["y"] + (1 - fy) * box["height"]


def test_dragging_a_chip_towards_the_enemy_breaks_the_distance_rule(page, voila_app_url, artifacts_dir):
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    before_png = artifacts_dir / "designer_before.png"
    after_png = artifacts_dir / "designer_after.png"
    log = artifacts_dir / "voila.log"

    open_app(page, voila_app_url(NOTEBOOK), (VERDICT, CANVAS, (GEOMETRY, "attached")), screenshot=before_png,
             log=log, timeout_ms=LOAD_TIMEOUT_MS, what="the designer")

    verdict = page.locator(VERDICT)
    validation = page.locator(VALIDATION)
    text_before = settled_text(verdict)
    assert "breaks no rule" in text_before, f"the example layout should break no rule, the page says {text_before!r}"
    geometry = json.loads(page.locator(GEOMETRY).text_content())
    canvas = page.locator(CANVAS).first
    canvas.scroll_into_view_if_needed()
    time.sleep(0.5)  # the canvas image arrives after the element
    box = canvas.bounding_box()
    assert box is not None, "the designer's canvas has no bounding box"
    width, height = geometry["size"]
    assert abs(box["width"] - width) <= 2 and abs(box["height"] - height) <= 2, (
        f"the canvas is {box['width']} x {box['height']} px on the page, the figure {width} x {height} px")
    page.screenshot(path=before_png, full_page=True)

    x, y = chip_position(DRAGGED)
    start = to_pixels(box, geometry, x, y)
    end = to_pixels(box, geometry, x, y + DRAG_CM)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=12)
    page.mouse.up()

    try:
        page.wait_for_function(
            "([sel, before]) => { const e = document.querySelector(sel);"
            " return e !== null && e.textContent.trim() !== before; }",
            arg=[VERDICT, text_before.strip()], timeout=UPDATE_TIMEOUT_MS)
        changed = True
    except PlaywrightTimeoutError:
        changed = False
    status = page.locator(STATUS).inner_text()
    if not changed:
        page.screenshot(path=after_png, full_page=True)
        pytest.fail(f"{VERDICT} stayed {text_before!r} for {UPDATE_TIMEOUT_MS / 1000:.0f} s after dragging "
                    f"{DRAGGED} from {start} to {end} (page pixels); status {status!r}; see {before_png}, "
                    f"{after_png} and {log}", pytrace=False)
    listed = settled_text(validation)
    status = settled_text(page.locator(STATUS))
    page.screenshot(path=after_png, full_page=True)

    assert "broken rule" in settled_text(verdict), listed
    assert f"{DRAGGED} moved to" in status, f"the drag did not move {DRAGGED}: status {status!r}"
    assert "at least 3 card lengths (26.4 cm) from an enemy chip" in listed and DRAGGED in listed, (
        f"after dragging {DRAGGED} {DRAG_CM:g} cm towards the Sisterhood the list should name the broken enemy "
        f"distance; it says {listed!r}; see {before_png} and {after_png}")
