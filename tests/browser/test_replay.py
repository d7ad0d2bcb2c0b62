"""The replay app, served by Voila, steps through a game in a real browser.

Contract with the notebook (notebooks/apps/replay.ipynb, last cell displays
``explorer.behind.panels.ReplayPanel`` on a simulated game): an HTML widget with CSS class
``replay-step`` showing the step's events (``<b>Step N</b>``, cells ``event-text`` / ``event-rule``),
``replay-status`` saying "step N of M", a button ``replay-next``, an IntSlider ``replay-slider`` and
the table picture ``replay-picture`` (an ipympl canvas under ``%matplotlib widget``).
"""

from __future__ import annotations

import pytest

from tests.browser.pages import (  # noqa: F401 (check_fits: test_beyond_reveal imports it from here)
    check_fits,
    open_app,
    replay_app_fit_problems,
    settled_text,
    shown_step,
    wait_for_step,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "apps/replay.ipynb"
STEP = ".replay-step"
STATUS = ".replay-status"
EVENT = ".replay-step .event-text"
RULE = ".replay-step .event-rule"
NEXT = "button.replay-next"
FIRST = "button.replay-first"
SLIDER = ".replay-slider"
PICTURE = ".replay-picture"
LOAD_TIMEOUT_MS = 90_000  # page load + replaying the game + widget rendering


def test_stepping_the_replay_changes_the_event_text(page, voila_app_url, artifacts_dir):

    before_png = artifacts_dir / "replay_before.png"
    after_png = artifacts_dir / "replay_after.png"
    log = artifacts_dir / "voila.log"

    open_app(page, voila_app_url(NOTEBOOK), (EVENT, PICTURE), screenshot=before_png, log=log,
             timeout_ms=LOAD_TIMEOUT_MS, what=f"the replay panel ({EVENT}, {PICTURE})")

    step_box = page.locator(STEP)
    opening = settled_text(step_box)
    page.screenshot(path=before_png, full_page=True)
    # issue 11: the app opens on the first step with chips on the table (the game as dealt is an empty table)
    assert shown_step(page) > 0 and "deploys" in opening, opening
    page.locator(FIRST).click()
    wait_for_step(page, 0, before_png, "after pressing first")
    text_before = settled_text(step_box)
    assert "Influence duel" in text_before and "The Beginning" in text_before

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


# --- layout: every widget inside the output area, at 1024 and 1280 px ------------------------------
# (the checks: tests.browser.pages.check_fits, as Voila shows the panel and in JupyterLab's narrower
# output area)

VIEWPORTS = (1024, 1280)
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def _only_local(route) -> None:
    from urllib.parse import urlsplit

    if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
        route.continue_()
    else:
        route.abort()


@pytest.fixture(params=VIEWPORTS, ids=lambda width: f"{width}px")
def sized_page(browser, request):
    """A fresh page ``request.param`` px wide whose requests reach only 127.0.0.1 / localhost."""
    context = browser.new_context(viewport={"width": request.param, "height": 900})
    context.route("**/*", _only_local)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_the_replay_panel_fits_the_output_area_with_readable_buttons(sized_page, voila_app_url, artifacts_dir):
    """Issue 11: the buttons read "◀ back", "next ▶" ... in full (no icon and "..."), the rows wrap
    instead of overflowing, the events drop below the table when the room is narrow."""
    problems = replay_app_fit_problems(sized_page, voila_app_url(NOTEBOOK), artifacts_dir, "replay",
                                       what="the replay panel", timeout_ms=LOAD_TIMEOUT_MS)
    assert not problems, "\n".join(problems)
