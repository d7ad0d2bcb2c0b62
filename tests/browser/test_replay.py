"""The replay app, served by Voila, steps through a game in a real browser.

Contract with the notebook (notebooks/apps/replay.ipynb, last cell displays
``explorer.behind.panels.ReplayPanel`` on a simulated game): an HTML widget with CSS class
``replay-step`` showing the step's events (``<b>Step N</b>``, cells ``event-text`` / ``event-rule``),
``replay-status`` saying "step N of M", a button ``replay-next``, an IntSlider ``replay-slider`` and
the table picture ``replay-picture`` (an ipympl canvas under ``%matplotlib widget``).
"""

from __future__ import annotations

import re

import pytest

from tests.browser.pages import open_app, settled_text

pytestmark = pytest.mark.browser

NOTEBOOK = "apps/replay.ipynb"
STEP = ".replay-step"
STATUS = ".replay-status"
EVENT = ".replay-step .event-text"
RULE = ".replay-step .event-rule"
NEXT = "button.replay-next"
SLIDER = ".replay-slider"
PICTURE = ".replay-picture"
LOAD_TIMEOUT_MS = 90_000  # page load + replaying the game + widget rendering
UPDATE_TIMEOUT_MS = 30_000  # click -> kernel callback -> new step text


def shown_step(page) -> int:
    match = re.search(r"step (\d+) of (\d+)", page.locator(STATUS).inner_text())
    assert match, f"no 'step N of M' in {page.locator(STATUS).inner_text()!r}"
    return int(match.group(1))


def wait_for_step(page, step: int, shot, what: str) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function(
            "([sel, step]) => { const e = document.querySelector(sel);"
            " return e !== null && e.textContent.includes(`Step ${step}`); }",
            arg=[STEP, step], timeout=UPDATE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        page.screenshot(path=shot, full_page=True)
        pytest.fail(f"{what}: the step text did not become step {step} within {UPDATE_TIMEOUT_MS / 1000:.0f} s; "
                    f"see {shot}", pytrace=False)


def test_stepping_the_replay_changes_the_event_text(page, voila_app_url, artifacts_dir):

    before_png = artifacts_dir / "replay_before.png"
    after_png = artifacts_dir / "replay_after.png"
    log = artifacts_dir / "voila.log"

    open_app(page, voila_app_url(NOTEBOOK), (EVENT, PICTURE), screenshot=before_png, log=log,
             timeout_ms=LOAD_TIMEOUT_MS, what=f"the replay panel ({EVENT}, {PICTURE})")

    step_box = page.locator(STEP)
    text_before = settled_text(step_box)
    page.screenshot(path=before_png, full_page=True)
    assert shown_step(page) == 0 and "Influence duel" in text_before and "The Beginning" in text_before

    page.locator(NEXT).click()  # step 1: the first obstacle is placed
    wait_for_step(page, 1, after_png, "after pressing next")
    text_step1 = settled_text(step_box)
    assert shown_step(page) == 1
    assert "places" in text_step1 and "Unser Revier" in page.locator(RULE).first.inner_text()

    handle = page.locator(f"{SLIDER} .noUi-handle")
    handle.focus()
    page.keyboard.press("ArrowRight")  # step 2, by the slider
    wait_for_step(page, 2, after_png, "after ArrowRight on the slider")
    text_after = settled_text(step_box)
    page.screenshot(path=after_png, full_page=True)

    assert shown_step(page) == 2
    assert text_after != text_step1 != text_before, (
        f"the step text did not change: {text_before!r} -> {text_step1!r} -> {text_after!r}; "
        f"see {before_png} and {after_png}")
