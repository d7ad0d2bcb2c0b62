"""The Behold: Rome app, served by Voila, is played in a real browser: a hand card, a legal play, a
refusal with its rule, a benefit, undo, the planner's advice, and the scoring assistant following.

Contract with the notebook (notebooks/apps/behold_rome.ipynb, first code cell displays
``explorer.behold_rome.panels.PlayPanel(seed=8)`` above ``ScoringPanel`` of the same game): hand
buttons ``behold-card-<id>`` in ``behold-play-hand``, the chosen card's legal plays
(``behold-play-legal``) and refused ones (``behold-play-refused``), the choices of the moment
(``behold-play-choices``), ``behold-undo-button``, ``behold-advise-button``, ``behold-play-advice``, and
the score's headline ``behold-score-headline`` with its span ``score-total``.  Seed 8 deals Shrine (no
action: "Shrine has no action to play", behold-rome-rulebook.txt, section "Action Phase") and Scribes,
whose benefit develops Shrine into Temple of Jupiter (+1 VP per column: the score goes from 0 to 1 VP,
section "Scoring").
"""

from __future__ import annotations

import pytest

from tests.browser.pages import check_fits, open_app, settled_text, whole_page_screenshot
from tests.browser.test_replay import sized_page  # noqa: F401 (a fixture: 1024 and 1280 px windows)

pytestmark = pytest.mark.browser

APP = "apps/behold_rome.ipynb"
PANELS = (".behold-play-panel", ".behold-score-panel")
SHRINE = ".behold-play-hand .behold-card-temple"
SCRIBES = ".behold-play-hand .behold-card-scholars"
REFUSED = ".behold-play-refused"
LEGAL = ".behold-play-legal"
CHOICES = ".behold-play-choices"
OUTCOME = ".behold-play-outcome"
TOTAL = ".behold-score-headline .score-total"
TABLES = ".behold-score-tables"
ADVICE = ".behold-play-advice"
PICTURE = ".behold-play-picture"
LOAD_TIMEOUT_MS = 90_000  # page load, the game, the pictures
UPDATE_TIMEOUT_MS = 30_000  # click -> kernel callback -> new text


def wait_for_text(page, selector: str, text: str, what: str, shot) -> None:
    """Wait until ``selector``'s text contains ``text``; else fail with a screenshot."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function("([sel, text]) => { const e = document.querySelector(sel);"
                               " return e !== null && e.textContent.includes(text); }",
                               arg=[selector, text], timeout=UPDATE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        page.screenshot(path=shot, full_page=True)
        shown = page.locator(selector).all_inner_texts()
        pytest.fail(f"{what}: {selector} did not show {text!r} within {UPDATE_TIMEOUT_MS / 1000:.0f} s "
                    f"(it shows {shown!r}); see {shot}", pytrace=False)


def button(page, box: str, text: str):
    """The button of ``box`` whose text is ``text``."""
    return page.locator(f"{box} button", has_text=text).first


def test_a_game_is_played_refused_undone_advised_and_scored_in_the_browser(page, voila_app_url, artifacts_dir):
    shot = artifacts_dir / "behold_rome_play_failed.png"
    open_app(page, voila_app_url(APP), (SHRINE, SCRIBES, PICTURE, TOTAL), screenshot=shot,
             log=artifacts_dir / "voila.log", timeout_ms=LOAD_TIMEOUT_MS, what="the Behold: Rome app")
    assert settled_text(page.locator(TOTAL)).strip() == "0"
    picture = page.locator(PICTURE).get_attribute("src")

    # a hand card without an action: its plays are refused, each with its reason and its section
    page.locator(SHRINE).click()
    wait_for_text(page, REFUSED, "Shrine has no action to play", "after choosing Shrine", shot)
    refused = page.locator(REFUSED).inner_text()
    assert 'behold-rome-rulebook.txt, section "Action Phase"' in refused, refused
    assert "End the turn discarding Shrine" in page.locator(LEGAL).inner_text()

    # a legal play: Scribes, then its benefit -- develop Shrine -- among the choices of the moment
    page.locator(SCRIBES).click()
    wait_for_text(page, LEGAL, "Play Scribes", "after choosing Scribes", shot)
    button(page, LEGAL, "Play Scribes").click()
    wait_for_text(page, OUTCOME, "plays Scribes", "after Play Scribes", shot)
    wait_for_text(page, CHOICES, "Develop Shrine", "the benefit choices of Scribes", shot)
    button(page, CHOICES, "Develop Shrine").click()
    wait_for_text(page, TOTAL, "1", "the score after developing Shrine into Temple of Jupiter", shot)
    wait_for_text(page, TABLES, "Temple of Jupiter (hand)", "the score table after developing Shrine", shot)
    assert page.locator(PICTURE).get_attribute("src") != picture, "the picture of the game did not change"
    whole_page_screenshot(page, artifacts_dir / "behold_rome_play_developed.png")

    # undo takes the development back, and the score follows
    page.locator(".behold-undo-button").click()
    wait_for_text(page, OUTCOME, "took back: Develop", "after Undo", shot)
    wait_for_text(page, TOTAL, "0", "the score after Undo", shot)
    wait_for_text(page, TABLES, "Shrine (hand)", "the score table after Undo", shot)

    # the planner's advice, with its reasons
    page.locator(".behold-advise-button").click()
    wait_for_text(page, ADVICE, "The planner's advice", "after Advise", shot)
    advice = settled_text(page.locator(ADVICE))
    assert advice.count("sampled orders") >= 1 and "VP" in advice, advice
    whole_page_screenshot(page, artifacts_dir / "behold_rome_play_advised.png")


def test_the_behold_rome_app_fits_the_output_area(sized_page, voila_app_url, artifacts_dir):
    """docs/panel-layout.md: both panels fit Voila's output area and JupyterLab's narrower one (590 and
    780 px) at 1024 and 1280 px windows, buttons and labels shown in full, with a card chosen and its
    refusals shown (the longest texts of the panel)."""
    page = sized_page
    width = page.viewport_size["width"]
    shot = artifacts_dir / f"behold_rome_{width}_failed.png"
    open_app(page, voila_app_url(APP), (SHRINE, PICTURE, TOTAL), screenshot=shot,
             log=artifacts_dir / "voila.log", timeout_ms=LOAD_TIMEOUT_MS, what="the Behold: Rome app")
    page.locator(SHRINE).click()
    wait_for_text(page, REFUSED, "Shrine has no action to play", "after choosing Shrine", shot)
    settled_text(page.locator(REFUSED))
    problems = check_fits(page, PANELS, artifacts_dir, "behold_rome")
    assert not problems, "\n".join(problems)
