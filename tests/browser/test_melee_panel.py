"""The melee-odds panel, served by Voila, answers its Strength slider in a real browser.

Contract with the notebook (notebooks/behind/03_melee_and_ranged_odds.ipynb, last cell displays
``explorer.behind.panels.MeleeOddsPanel()``): an IntSlider with CSS class
``melee-attacker-strength`` (its value below the maximum) and an HTML widget with CSS class
``melee-odds-summary`` whose value contains ``<span class="p-defender-injured">42.1%</span>``.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.pages import open_app, settled_text

pytestmark = pytest.mark.browser

SUMMARY = ".melee-odds-summary"
P_INJURED = ".melee-odds-summary .p-defender-injured"
STRENGTH = ".melee-attacker-strength"
LOAD_TIMEOUT_MS = 60_000  # page load + notebook execution + widget rendering
UPDATE_TIMEOUT_MS = 30_000  # slider move -> kernel callback -> new summary text
STEPS = 2  # ArrowRight presses


def percentage(text: str) -> float:
    m = re.search(r"(-?\d+(?:\.\d+)?)\s*%", text)
    assert m, f"no percentage in {text!r}"
    value = float(m.group(1))
    assert 0.0 <= value <= 100.0, f"not a probability: {text!r}"
    return value


def test_more_attacker_strength_makes_injury_more_likely(page, voila_url, artifacts_dir):
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    before_png = artifacts_dir / "melee_panel_before.png"
    after_png = artifacts_dir / "melee_panel_after.png"
    log = artifacts_dir / "voila.log"

    open_app(page, voila_url, (SUMMARY, P_INJURED), screenshot=before_png, log=log, timeout_ms=LOAD_TIMEOUT_MS,
             what=f"the panel's summary {P_INJURED}")

    injured = page.locator(P_INJURED)
    readout = page.locator(f"{STRENGTH} .widget-readout")
    text_before = settled_text(injured)
    strength_before = readout.inner_text()
    page.screenshot(path=before_png, full_page=True)
    p_before = percentage(text_before)

    handle = page.locator(f"{STRENGTH} .noUi-handle")
    handle.focus()
    for _ in range(STEPS):
        page.keyboard.press("ArrowRight")

    try:
        page.wait_for_function(
            "([sel, before]) => { const e = document.querySelector(sel);"
            " return e !== null && e.textContent.trim() !== before; }",
            arg=[P_INJURED, text_before.strip()],
            timeout=UPDATE_TIMEOUT_MS,
        )
        changed = True
    except PlaywrightTimeoutError:
        changed = False
    if not changed:
        page.screenshot(path=after_png, full_page=True)
        pytest.fail(
            f"{P_INJURED} stayed {text_before!r} for {UPDATE_TIMEOUT_MS / 1000:.0f} s after "
            f"{STEPS} ArrowRight presses on the Strength slider (readout {strength_before!r} -> "
            f"{readout.inner_text()!r}); see {before_png}, {after_png} and {log}",
            pytrace=False,
        )
    text_after = settled_text(injured)
    strength_after = readout.inner_text()
    page.screenshot(path=after_png, full_page=True)
    p_after = percentage(text_after)

    assert p_after > p_before, (
        f"raising attacker Strength {strength_before} -> {strength_after} changed "
        f"P(defender injured) from {text_before} to {text_after}, expected an increase; "
        f"see {before_png} and {after_png}"
    )


# -- layout: every odds panel of the lesson fits the output area (docs/panel-layout.md) -------------

LESSON_PANELS = {"melee": ".melee-panel", "ranged": ".ranged-panel", "state": ".state-panel",
                 "compare": ".compare-panel"}
WIDTHS = ((1024, None), (1024, 590), (1280, None), (1280, 780))
"""(viewport px, output area px): Voila's own output area, and JupyterLab's at that window with
its file browser open (measured: 592 px at 1024, 781 px at 1280), emulated by narrowing Voila's."""

FIT_JS = """
(sel) => {
  const panel = document.querySelector(sel);
  if (!panel) return {problems: [`no ${sel}`]};
  // the output area's box: in Voila an output is a table cell, which grows with what is too wide
  const area = panel.closest('.jp-OutputArea') || panel.parentElement;
  const box = area.getBoundingClientRect();
  const problems = [];
  const name = (el) => el.tagName.toLowerCase() + [...el.classList].slice(0, 3).map(c => '.' + c).join('')
                       + (el.textContent.trim() ? ` "${el.textContent.trim().slice(0, 40)}"` : '');
  const scrolls = (el) => { for (let p = el.parentElement; p && p !== area; p = p.parentElement) {
      const st = getComputedStyle(p);
      if (['auto', 'scroll'].includes(st.overflowX) && p.getBoundingClientRect().right <= box.right + 1) return true; }
    return false; };
  const tooltip = (el) => { for (let p = el; p && p !== area; p = p.parentElement) if (p.title) return true;
    return false; };
  const measure = document.createElement('canvas').getContext('2d');
  for (const el of panel.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if ((r.right > box.right + 1 || r.left < box.left - 1) && !scrolls(el))
      problems.push(`${name(el)} reaches ${r.left.toFixed(0)}..${r.right.toFixed(0)} px, the output area ${box.left.toFixed(0)}..${box.right.toFixed(0)} px`);
    const text = el.matches('.widget-label, .widget-readout, label, button');
    if (text && el.scrollWidth > el.clientWidth + 1)  // labels, readouts, buttons in full (a label's title is its own text)
      problems.push(`${name(el)} is cut: ${el.scrollWidth} px of text in ${el.clientWidth} px`);
    if (el.tagName === 'SELECT' && el.selectedIndex >= 0 && !tooltip(el)) {
      const st = getComputedStyle(el);
      measure.font = st.font;
      const need = measure.measureText(el.options[el.selectedIndex].text).width
                   + parseFloat(st.paddingLeft) + parseFloat(st.paddingRight);
      if (need > el.clientWidth + 1)
        problems.push(`dropdown "${el.options[el.selectedIndex].text}" is cut: needs ${need.toFixed(0)} px, has ${el.clientWidth}`);
    }
  }
  if (area.scrollWidth > area.clientWidth + 1) problems.push(`the output area scrolls: ${area.scrollWidth} > ${area.clientWidth} px`);
  return {width: box.width, problems};
}
"""


def narrow_output(page, width: int | None) -> None:
    """Make Voila's output areas ``width`` px wide (JupyterLab's at a given window), or undo it."""
    page.evaluate("""(width) => { let s = document.getElementById('rx-narrow');
        if (!s) { s = document.createElement('style'); s.id = 'rx-narrow'; document.head.appendChild(s); }
        s.textContent = width ? `.jp-OutputArea { max-width: ${width}px !important; }` : ''; }""", width)


def layout_problems(page, selector: str) -> list[str]:
    """What of the panel ``selector`` overflows its output area or is cut (none: it fits)."""
    return page.evaluate(FIT_JS, selector)["problems"]


def check_panels_fit(page, panels: dict[str, str], artifacts_dir, stem: str) -> list[str]:
    """At each of :data:`WIDTHS`: every panel fits; a screenshot of each panel's output area."""
    problems = []
    for viewport, output in WIDTHS:
        page.set_viewport_size({"width": viewport, "height": 1600})  # tall: a whole panel is painted
        narrow_output(page, output)
        page.wait_for_timeout(500)  # the layout settles (ipympl canvases redraw on resize)
        for what, selector in panels.items():
            area = page.locator(selector).locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' jp-OutputArea ')][1]")
            area.scroll_into_view_if_needed()
            shot = artifacts_dir / f"{stem}_{what}_{viewport}{f'_lab{output}' if output else ''}.png"
            area.screenshot(path=shot)
            problems += [f"{what} at {viewport} px (output {output or 'Voila'}): {p}; see {shot}"
                         for p in layout_problems(page, selector)]
    narrow_output(page, None)
    return problems


def test_every_odds_panel_fits_the_output_area(page, voila_url, artifacts_dir):
    """Lesson 3's four panels at 1024 and 1280 px, in Voila's output area and in one as narrow as
    JupyterLab's: no widget reaches past the output area, no label, readout or dropdown is cut,
    the table drops below the chart when narrow."""
    log = artifacts_dir / "voila.log"
    open_app(page, voila_url, [f"{s} .widget-html" for s in LESSON_PANELS.values()],
             screenshot=artifacts_dir / "odds_panels_layout.png", log=log, timeout_ms=LOAD_TIMEOUT_MS,
             what="the lesson's odds panels")
    settled_text(page.locator(SUMMARY))
    problems = check_panels_fit(page, LESSON_PANELS, artifacts_dir, "odds_layout")
    assert not problems, "\n".join(problems)

    # narrow: the melee table sits below its chart; wide: beside it
    chart, table = page.locator(".melee-odds-chart"), page.locator(".melee-odds-table")
    for viewport, output, below in ((1024, 590, True), (1280, None, False)):
        page.set_viewport_size({"width": viewport, "height": 900})
        narrow_output(page, output)
        page.wait_for_timeout(300)
        c, t = chart.bounding_box(), table.bounding_box()
        assert (t["y"] >= c["y"] + c["height"] - 1) == below, (viewport, output, c, t)
    narrow_output(page, None)
