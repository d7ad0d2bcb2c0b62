"""The Beyond replay app, served by Voila, steps through a game in a real browser.

Contract with the notebook (notebooks/apps/beyond_replay.ipynb, first code cell displays
``explorer.beyond.panels.ReplayPanel`` -- the core's replay panel -- on a seeded game): an HTML
widget with CSS class ``replay-step`` showing the step's events (``<b>Step N</b>``, cells
``event-text`` / ``event-rule``), ``replay-status`` saying "step N of M", a button
``replay-next``, an IntSlider ``replay-slider`` and the picture ``replay-picture`` (an Image of
:class:`explorer.beyond.render_cards.StatePicture`).  Step 0 is the dealt game ("Set Up"), step 1
the first reveal (beyond-rulebook.txt, "Phase 1: Reveal and Collection").
"""

from __future__ import annotations

import pytest

from tests.browser.pages import open_app, replay_app_fit_problems, settled, settled_text, shown_step, wait_for_step
from tests.browser.test_replay import sized_page  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

NOTEBOOK = "apps/beyond_replay.ipynb"
STEP = ".replay-step"
EVENT = ".replay-step .event-text"
RULE = ".replay-step .event-rule"
NEXT = "button.replay-next"
SLIDER = ".replay-slider"
PICTURE = ".replay-picture"
LOAD_TIMEOUT_MS = 90_000  # page load + playing and replaying the game + widget rendering


def test_stepping_the_beyond_replay_changes_the_event_text_and_the_picture(page, voila_app_url, artifacts_dir):
    before_png = artifacts_dir / "beyond_replay_before.png"
    after_png = artifacts_dir / "beyond_replay_after.png"
    log = artifacts_dir / "voila.log"

    open_app(page, voila_app_url(NOTEBOOK), (EVENT, PICTURE), screenshot=before_png, log=log,
             timeout_ms=LOAD_TIMEOUT_MS, what=f"the Beyond replay panel ({EVENT}, {PICTURE})")

    step_box = page.locator(STEP)
    picture = page.locator(PICTURE)
    text_before = settled_text(step_box)
    src_before = settled(lambda: picture.get_attribute("src"))
    page.screenshot(path=before_png, full_page=True)
    assert shown_step(page) == 0 and "the game is dealt" in text_before and "Set Up" in text_before

    page.locator(NEXT).click()  # step 1: the first card is revealed
    wait_for_step(page, 1, after_png, "after pressing next")
    text_step1 = settled_text(step_box)
    assert shown_step(page) == 1
    assert "reveals" in text_step1 and "Phase 1: Reveal and Collection" in page.locator(RULE).first.inner_text()
    src_step1 = settled(lambda: picture.get_attribute("src"))
    assert src_step1 != src_before, f"the picture did not change at step 1; see {before_png}"

    handle = page.locator(f"{SLIDER} .noUi-handle")
    handle.focus()
    page.keyboard.press("ArrowRight")  # step 2, by the slider
    wait_for_step(page, 2, after_png, "after ArrowRight on the slider")
    text_after = settled_text(step_box)
    settled(lambda: picture.get_attribute("src"))
    page.screenshot(path=after_png, full_page=True)

    assert shown_step(page) == 2
    assert text_after != text_step1 != text_before, (
        f"the step text did not change: {text_before!r} -> {text_step1!r} -> {text_after!r}; "
        f"see {before_png} and {after_png}")


def test_the_beyond_replay_fits_the_output_area_with_readable_buttons(sized_page, voila_app_url, artifacts_dir):
    """Issue 11, at 1024 and 1280 px, as Voila shows it and in JupyterLab's narrower output area:
    the buttons read in full, nothing runs past the output area, the picture shrinks with it."""
    problems = replay_app_fit_problems(sized_page, voila_app_url(NOTEBOOK), artifacts_dir, "beyond_replay",
                                       what="the Beyond replay panel", timeout_ms=LOAD_TIMEOUT_MS)
    assert not problems, "\n".join(problems)
