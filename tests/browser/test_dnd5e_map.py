"""The D&D battle map app, served by Voila: a click on a creature chooses it, a click on a destination
shows the path's cost (issue 12: "a browser test of the battle map (click a path, the cost appears)").

Contract with the app notebook (notebooks/apps/dnd5e_karte.ipynb: ``%matplotlib widget``, then
``KartenPanel(new_encounter("scharmuetzel"))``): the map is an ipympl canvas inside the widget with CSS
class ``dnd5e-map-figure``; the hidden HTML widget ``dnd5e-map-geometry`` holds ``{"xlim": [x0, x1],
"ylim": [y0, y1], "axes": [left, bottom, right, top], "size": [w, h]}`` (metres, figure fractions,
pixels); ``dnd5e-map-message`` is the message line above the map, ``dnd5e-map-table`` the table.

SRD 5.1, Combat > Movement and Position > Difficult Terrain: the Kämpferin at (2.25, 2.25) walks 7.5 m
north to (2.25, 9.75), the last square in the Geröll costing double: 9 m, none left of her 9 m.
"""

from __future__ import annotations

import json
import time

import pytest

from tests.browser.pages import check_fits, open_app, settled_text, whole_page_screenshot

pytestmark = pytest.mark.browser

APP = "apps/dnd5e_karte.ipynb"
PANEL = ".dnd5e-map-panel"
CANVAS = ".dnd5e-map-figure canvas"
GEOMETRY = ".dnd5e-map-geometry"
MESSAGE = ".dnd5e-map-message"
TABLE = ".dnd5e-map-table"
LOAD_TIMEOUT_MS = 90_000  # page load + notebook execution + widget and canvas rendering
CLICK_TIMEOUT_MS = 30_000  # click -> kernel -> message line and table
KAEMPFERIN = (2.25, 2.25)
INTO_THE_RUBBLE = (2.25, 9.75)


def to_pixels(box: dict, geometry: dict, x: float, y: float) -> tuple[float, float]:
    """Page pixels of the map point ``(x, y)`` m: the axes span ``axes`` (figure fractions) of the canvas."""
    (x0, x1), (y0, y1) = geometry["xlim"], geometry["ylim"]
    left, bottom, right, top = geometry["axes"]
    fx = left + (x - x0) / (x1 - x0) * (right - left)
    fy = bottom + (y - y0) / (y1 - y0) * (top - bottom)
    return box["x"] + fx * box["width"], box["y"] + (1 - fy) * box["height"]


def wait_for_text(page, selector: str, words: str, what: str, shot) -> str:
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function("([sel, words]) => { const e = document.querySelector(sel);"
                               " return e !== null && e.textContent.includes(words); }",
                               arg=[selector, words], timeout=CLICK_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        page.screenshot(path=shot, full_page=True)
        said = page.locator(selector).first.inner_text() if page.locator(selector).count() else "(nothing)"
        pytest.fail(f"after {what} {selector} should say {words!r}; it says {said!r}; see {shot}", pytrace=False)
    return page.locator(selector).first.inner_text()


def test_clicking_a_creature_then_a_destination_shows_the_cost(page, voila_app_url, artifacts_dir):
    failed = artifacts_dir / "dnd5e_map_failed.png"
    open_app(page, voila_app_url(APP), (CANVAS, MESSAGE, (GEOMETRY, "attached")), screenshot=failed,
             log=artifacts_dir / "voila.log", timeout_ms=LOAD_TIMEOUT_MS, what="the battle map")
    # the creature whose turn it is (the Ork) starts chosen: the Kreatur dropdown is never blank (issue 11)
    wait_for_text(page, MESSAGE, "Kreatur gewählt: Ork", "opening the app", failed)
    chosen = page.locator(".dnd5e-map-creature select").first.evaluate("(s) => s.options[s.selectedIndex].text")
    assert chosen == "Ork", f"the Kreatur dropdown shows {chosen!r}; see {failed}"
    geometry = json.loads(page.locator(GEOMETRY).text_content())
    canvas = page.locator(CANVAS).first
    canvas.scroll_into_view_if_needed()
    time.sleep(0.5)  # the canvas image arrives after the element
    box = canvas.bounding_box()
    width, height = geometry["size"]
    assert abs(box["width"] - width) <= 2 and abs(box["height"] - height) <= 2, (
        f"the canvas is {box['width']} x {box['height']} px on the page, the figure {width} x {height} px: a "
        f"scaled canvas puts a click beside the point clicked")

    page.mouse.click(*to_pixels(box, geometry, *KAEMPFERIN))
    wait_for_text(page, MESSAGE, "Kreatur gewählt: Kämpferin", "a click on the Kämpferin", failed)
    page.mouse.click(*to_pixels(box, geometry, *INTO_THE_RUBBLE))
    said = wait_for_text(page, MESSAGE, "Kämpferin nach (2,25; 9,75): Kosten 9 m, übrig 0 m",
                         f"a click at {INTO_THE_RUBBLE} m", failed)
    table = settled_text(page.locator(TABLE))
    assert "Kosten" in table and "9 m" in table and "0 m von 9 m" in table, table
    assert "1,5 m, kostet 3 m" in table and "Difficult Terrain" in table, table
    assert "kein Gelegenheitsangriff" in said

    page.locator(PANEL).first.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    time.sleep(1.5)  # the blitted picture
    whole_page_screenshot(page, artifacts_dir / "dnd5e_map_clicked.png")
    problems = check_fits(page, PANEL, artifacts_dir, "dnd5e_map")
    assert not problems, "\n".join(problems)
