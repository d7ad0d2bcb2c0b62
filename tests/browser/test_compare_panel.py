"""The comparison app, served by Voila: one slider moves both situations, in a real browser.

Contract with the notebook (notebooks/apps/odds_comparison.ipynb, last cell displays
``explorer.behind.panels.ComparisonPanel()`` after ``%matplotlib widget``): an IntSlider with CSS
class ``compare-attacker-strength`` shared by both situations (its value below the maximum), an
HTML widget ``compare-summary`` whose cells ``a-p-defender-injured``, ``b-p-defender-injured`` and
``change-p-defender-injured`` hold percentages, and the chart (CSS class ``compare-chart``, an
ipympl canvas) drawing both situations.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.pages import open_app, settled, whole_page_screenshot

pytestmark = pytest.mark.browser

APP = "apps/odds_comparison.ipynb"
A_INJURED = ".compare-summary .a-p-defender-injured"
B_INJURED = ".compare-summary .b-p-defender-injured"
CHANGE = ".compare-summary .change-p-defender-injured"
STRENGTH = ".compare-attacker-strength"
CHART = ".compare-chart"
LOAD_TIMEOUT_MS = 60_000  # page load + notebook execution + widget rendering
UPDATE_TIMEOUT_MS = 30_000  # slider move -> kernel callback -> new summary text
STEPS = 2  # ArrowRight presses


def number(text: str) -> float:
    m = re.search(r"([+\-]?\d+(?:\.\d+)?)", text)
    assert m, f"no number in {text!r}"
    return float(m.group(1))


# What the chart's canvas shows now (ipympl draws each picture it receives onto it): a hash of its pixels
# and how many of them are ink (neither transparent nor near-white).  The canvas is read, not the time
# waited: a picture that has not arrived (or was never drawn) leaves the hash as it was, a lost one the
# canvas blank.
CHART_PIXELS_JS = """
(sel) => {
  const canvas = document.querySelector(sel);
  if (canvas === null || canvas.width === 0 || canvas.height === 0) return {hash: 0, ink: 0, pixels: 0};
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let hash = 0, ink = 0;
  for (let i = 0; i < data.length; i += 4) {
    hash = (Math.imul(hash, 31) + data[i] + 7 * data[i + 1] + 13 * data[i + 2] + 17 * data[i + 3]) | 0;
    if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) ink++;
  }
  return {hash: hash, ink: ink, pixels: data.length / 4};
}
"""
CHART_CANVAS = f"{CHART} canvas"
MIN_INK = 0.02  # bars, axes and labels: the narrow chart has about 10 % ink (23467 of 241280 px); a blank canvas none


def chart_pixels(page) -> dict:
    return page.evaluate(CHART_PIXELS_JS, CHART_CANVAS)


def wait_for_new_chart(page, before: dict, shot, what: str, timeout_s: float = 30.0) -> dict:
    """The chart's pixels once the picture of the change has been drawn: they differ from ``before``, the
    canvas is not blank, and they have stayed the same for a second (no picture still on its way).
    Else fail with a screenshot of the chart."""
    deadline = time.monotonic() + timeout_s
    now = chart_pixels(page)
    while (now["hash"] == before["hash"] or now["ink"] < MIN_INK * now["pixels"]) and time.monotonic() < deadline:
        time.sleep(0.1)
        now = chart_pixels(page)
    now = settled(lambda: chart_pixels(page), quiet_s=1.0, limit_s=max(deadline - time.monotonic(), 2.0))
    if now["hash"] == before["hash"] or now["ink"] < MIN_INK * now["pixels"]:
        page.locator(CHART).screenshot(path=shot)
        pytest.fail(f"{what}: the chart's canvas did not show a new picture within {timeout_s:.0f} s (before "
                    f"{before}, now {now}; ink {now['ink'] / max(now['pixels'], 1):.1%}); see {shot}", pytrace=False)
    return now


def test_a_slider_in_the_comparison_view_updates_both_sides(page, voila_app_url, artifacts_dir):
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    before_png = artifacts_dir / "compare_panel_before.png"
    after_png = artifacts_dir / "compare_panel_after.png"
    log = artifacts_dir / "voila.log"

    open_app(page, voila_app_url(APP), (A_INJURED, B_INJURED, f"{CHART} canvas", f"{STRENGTH} .noUi-handle"),
             screenshot=before_png, log=log, timeout_ms=LOAD_TIMEOUT_MS, what="the comparison panel")

    a, b, change = page.locator(A_INJURED), page.locator(B_INJURED), page.locator(CHANGE)
    readout = page.locator(f"{STRENGTH} .widget-readout")
    a_before, b_before = settled(a.inner_text), settled(b.inner_text)
    chart_before = settled(lambda: chart_pixels(page), quiet_s=1.5)
    strength_before = readout.inner_text()
    page.screenshot(path=before_png, full_page=True)

    page.locator(f"{STRENGTH} .noUi-handle").focus()
    for _ in range(STEPS):
        page.keyboard.press("ArrowRight")

    try:
        page.wait_for_function(
            "([a, b, aBefore, bBefore]) => { const x = document.querySelector(a), y = document.querySelector(b);"
            " return x && y && x.textContent.trim() !== aBefore && y.textContent.trim() !== bBefore; }",
            arg=[A_INJURED, B_INJURED, a_before.strip(), b_before.strip()], timeout=UPDATE_TIMEOUT_MS)
        changed = True
    except PlaywrightTimeoutError:
        changed = False
    if not changed:
        page.screenshot(path=after_png, full_page=True)
        pytest.fail(f"A {a_before!r} / B {b_before!r} did not both change within {UPDATE_TIMEOUT_MS / 1000:.0f} s "
                    f"after {STEPS} ArrowRight presses on the shared Strength slider (readout {strength_before!r} "
                    f"-> {readout.inner_text()!r}); see {before_png}, {after_png} and {log}", pytrace=False)
    a_after, b_after, change_after = settled(a.inner_text), settled(b.inner_text), settled(change.inner_text)
    # 30 s: on a busy machine the front end asks for a full draw first
    wait_for_new_chart(page, chart_before, artifacts_dir / "compare_chart_after.png", f"after {STEPS} ArrowRight "
                       f"presses on the shared Strength slider")
    page.screenshot(path=after_png, full_page=True)

    strength_after = readout.inner_text()
    assert number(strength_after) == number(strength_before) + STEPS
    assert number(a_after) > number(a_before) and number(b_after) > number(b_before), (
        f"raising the attacker's Strength {strength_before} -> {strength_after} changed P(defender injured) "
        f"A {a_before} -> {a_after}, B {b_before} -> {b_after}; expected both to rise; see {before_png}, {after_png}")
    assert number(change_after) == pytest.approx(number(b_after) - number(a_after), abs=0.11)


# -- layout (docs/panel-layout.md) -----------------------------------------------------------------

SITUATION_B = ".compare-b-situation"

CHART_FITS_JS = """
(sel) => {
  const chart = document.querySelector(sel);
  const area = chart.closest('.jp-OutputArea') || chart.parentElement;
  const box = area.getBoundingClientRect(), r = chart.getBoundingClientRect();
  const canvases = [...chart.querySelectorAll('canvas')].map(c => c.getBoundingClientRect().width);
  return {scrolls: chart.scrollWidth > chart.clientWidth + 1, right: r.right, areaRight: box.right,
          chart: chart.clientWidth, content: chart.scrollWidth, canvas: Math.max(0, ...canvases)};
}
"""


def chart_fit(page) -> dict:
    """The live chart's widths: does the canvas scroll inside its box, does it reach past the output area."""
    return page.evaluate(CHART_FITS_JS, CHART)


def test_the_comparison_app_fits_and_column_b_stays_when_a_changes(page, voila_app_url, artifacts_dir):
    """The app at 1024 and 1280 px, in Voila's output area and in one as narrow as JupyterLab's:
    nothing reaches past the output area or is cut; and situation B's column stays where it is
    when situation A's toggles (and so its description) change."""
    from tests.browser.test_melee_panel import check_panels_fit, narrow_output

    log = artifacts_dir / "voila.log"
    open_app(page, voila_app_url(APP), (A_INJURED, f"{CHART} canvas", SITUATION_B),
             screenshot=artifacts_dir / "compare_layout.png", log=log, timeout_ms=LOAD_TIMEOUT_MS,
             what="the comparison panel")
    settled(page.locator(A_INJURED).inner_text)
    problems = check_panels_fit(page, {"app": ".compare-panel"}, artifacts_dir, "compare_layout")
    assert not problems, "\n".join(problems)

    # the ipympl canvas cannot shrink: it must fit even JupyterLab's narrowest output area, unscrolled
    for viewport, output in ((1024, 590), (1280, 780), (1280, None)):
        page.set_viewport_size({"width": viewport, "height": 1600})
        narrow_output(page, output)
        page.wait_for_timeout(300)
        fit = chart_fit(page)
        page.locator(CHART).screenshot(path=artifacts_dir / f"compare_chart_{viewport}_{output or 'voila'}.png")
        assert not fit["scrolls"] and fit["right"] <= fit["areaRight"] + 1, (
            f"at {viewport} px (output {output or 'Voila'}) the comparison chart does not fit: {fit}")
    narrow_output(page, None)

    column_b = page.locator(SITUATION_B)
    assistant_a = page.locator(".compare-a-assistant select")
    for viewport, output in ((1280, 780), (1024, None)):
        page.set_viewport_size({"width": viewport, "height": 900})
        narrow_output(page, output)
        page.wait_for_timeout(300)
        before = column_b.bounding_box()
        a_before = settled(page.locator(A_INJURED).inner_text)
        chart_before = settled(lambda: chart_pixels(page), quiet_s=1.0)
        if viewport == 1280:  # A's description grows (an assistant, the rear arc), then shrinks (no rear arc):
            # each round a situation not shown before, so a picture left over from an earlier one (the
            # canvas redrawn on a resize) cannot pass for the new one
            choice = assistant_a.locator("option").nth(1 if assistant_a.input_value() == assistant_a.locator(
                "option").first.get_attribute("value") else 0)
            assistant_a.select_option(choice.get_attribute("value"))
        page.locator(".compare-a-rear-arc input").click()
        page.wait_for_function("([sel, before]) => document.querySelector(sel).textContent.trim() !== before",
                               arg=[A_INJURED, a_before.strip()], timeout=UPDATE_TIMEOUT_MS)
        settled(page.locator(A_INJURED).inner_text)
        # the screenshot once A's new picture is on the canvas; the whole app, as Voila scrolls inside its own
        # panel (a "full page" screenshot is the window: at 1280 px, with the output area 780 px wide, the
        # chart wraps below the summary, out of the window)
        shot = artifacts_dir / f"compare_layout_a_changed_{viewport}.png"
        wait_for_new_chart(page, chart_before, artifacts_dir / f"compare_chart_a_changed_{viewport}.png",
                           f"at {viewport} px, after situation A changed")
        after = column_b.bounding_box()
        whole_page_screenshot(page, shot)
        page.locator(CHART).screenshot(path=artifacts_dir / f"compare_chart_a_changed_{viewport}.png")
        assert (after["x"], after["width"]) == (before["x"], before["width"]), (
            f"at {viewport} px situation B moved sideways when A changed: {before} -> {after}")
        assert abs(after["y"] - before["y"]) <= 1, f"at {viewport} px situation B moved down: {before} -> {after}"
    narrow_output(page, None)
