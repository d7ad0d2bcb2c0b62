"""The Beyond reveal simulator, served by Voila, answers its Reveal button in a real browser.

Contract with the notebook (notebooks/apps/beyond_reveal.ipynb, first code cell displays
``explorer.beyond.panels.RevealPanel(seed=7)``): a button with CSS class ``beyond-reveal-button``,
an Image ``beyond-reveal-cards`` (the revealed cards) and an HTML widget ``beyond-reveal-odds``
whose spans ``p-fail-next`` and ``p-nian-shou`` hold the exact chances (beyond-rulebook.txt,
section "Phase 1: Reveal and Collection").  Before the first reveal P(next card fails) is 0.0% and
P(Nian Shou) 15/79; after one reveal the chance that the next card fails is 7/39: the panel reads the
top card's public back (section "Set Up": "the reverse side of each Celestial Spirit card features the
symbol from the front side") -- seed 7 reveals a yin Unicorn with a yin back on top, and 7 yin Unicorns
are among the 39 unseen yin cards (15/79 not knowing the back; the app's notebook asserts both).
"""

from __future__ import annotations

import pytest

from tests.browser.pages import open_app, settled, settled_text

pytestmark = pytest.mark.browser

APP = "apps/beyond_reveal.ipynb"
REVEAL = ".beyond-reveal-button"
CARDS = ".beyond-reveal-cards"
P_FAIL = ".beyond-reveal-odds .p-fail-next"
STATUS = ".beyond-reveal-status .draw-pile"
LOAD_TIMEOUT_MS = 60_000
UPDATE_TIMEOUT_MS = 30_000


def test_reveal_turns_a_card_and_updates_the_picture_and_the_odds(page, voila_app_url, artifacts_dir):
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    before_png = artifacts_dir / "beyond_reveal_before.png"
    after_png = artifacts_dir / "beyond_reveal_after.png"
    log = artifacts_dir / "voila.log"
    open_app(page, voila_app_url(APP), (REVEAL, CARDS, P_FAIL), screenshot=before_png, log=log,
             timeout_ms=LOAD_TIMEOUT_MS, what="the reveal simulator's button, cards and odds")

    p_fail = page.locator(P_FAIL)
    picture = page.locator(CARDS)
    text_before = settled_text(p_fail)
    src_before = settled(lambda: picture.get_attribute("src"))
    pile_before = page.locator(STATUS).inner_text()
    page.screenshot(path=before_png, full_page=True)
    assert text_before.strip() == "0.0%" and pile_before.strip() == "80"

    page.locator(REVEAL).click()
    try:
        page.wait_for_function(
            "([sel, before]) => { const e = document.querySelector(sel);"
            " return e !== null && e.textContent.trim() !== before; }",
            arg=[P_FAIL, text_before.strip()], timeout=UPDATE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        page.screenshot(path=after_png, full_page=True)
        pytest.fail(f"{P_FAIL} stayed {text_before!r} for {UPDATE_TIMEOUT_MS / 1000:.0f} s after clicking Reveal; "
                    f"see {before_png}, {after_png} and {log}", pytrace=False)
    text_after = settled_text(p_fail)
    src_after = settled(lambda: picture.get_attribute("src"))
    page.screenshot(path=after_png, full_page=True)

    assert "7/39" in text_after, f"P(next card fails) after one reveal, the top's yin back seen, is 7/39, shown {text_after!r}"
    assert src_after != src_before, f"the revealed-cards picture did not change; see {before_png}, {after_png}"
    assert page.locator(STATUS).inner_text().strip() == "79"
