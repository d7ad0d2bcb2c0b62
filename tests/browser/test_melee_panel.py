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
