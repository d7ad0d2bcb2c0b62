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

import json
import re

import pytest

from tests.browser.conftest import REPO_ROOT
from tests.browser.pages import open_app, settled, settled_text
from tests.browser.test_replay import check_fits, sized_page  # noqa: F401 (sized_page: a fixture)

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


# --- issue 11: one naming, percentages, disabled buttons that look disabled, a layout that fits ----

PANELS = (".beyond-reveal-panel", ".beyond-area-panel")
STOP = ".beyond-stop-button"
NEXT_TURN = ".beyond-next-turn"
OUTCOME = ".beyond-reveal-outcome"
ODDS = ".beyond-reveal-odds"
GAINS = ".beyond-reveal-gains"
CARD_CODE = re.compile(r"\b(?:[A-Z]{2}\d{2}|NS\d)\b")
DECIMAL = re.compile(r"[+-]?\d+\.\d+")
PERCENT = re.compile(r"^\d{1,3}\.\d%( \(\d+/\d+\))?$")
SPIRITS = [spirit["name"].removeprefix("Double ")
           for spirit in json.loads((REPO_ROOT / "data" / "beyond" / "spirits.json").read_text(encoding="utf-8"))["spirits"]]

# A button's look: what tells a user whether it can be pressed.
_LOOK_JS = """(sel) => { const b = document.querySelector(sel); const s = getComputedStyle(b);
  return {disabled: b.disabled, opacity: parseFloat(s.opacity), cursor: s.cursor, background: s.backgroundColor,
          primary: b.classList.contains('mod-primary')}; }"""


def button_look(page, selector: str) -> dict:
    return page.evaluate(_LOOK_JS, selector)


def looks_disabled(look: dict) -> bool:
    return look["disabled"] and look["opacity"] < 0.75 and look["cursor"] == "not-allowed" and not look["primary"]


def panels_text(page) -> str:
    return "\n".join(page.locator(panel).inner_text() for panel in PANELS)


def wait_for_text(page, selector: str, text: str, what: str, shot) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function("([sel, text]) => { const e = document.querySelector(sel);"
                               " return e !== null && e.textContent.includes(text); }",
                               arg=[selector, text], timeout=UPDATE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        page.screenshot(path=shot)
        pytest.fail(f"{what}: {selector} did not show {text!r} within {UPDATE_TIMEOUT_MS / 1000:.0f} s; see {shot}",
                    pytrace=False)


def test_the_reveal_app_names_spirits_shows_percentages_greys_disabled_buttons_and_fits(
        sized_page, voila_app_url, artifacts_dir):
    page = sized_page
    width = page.viewport_size["width"]
    shot = artifacts_dir / f"beyond_reveal_{width}_failed.png"
    open_app(page, voila_app_url(APP), (REVEAL, CARDS, P_FAIL, ".beyond-area-picture"), screenshot=shot,
             log=artifacts_dir / "voila.log", timeout_ms=LOAD_TIMEOUT_MS, what="the reveal app")
    settled_text(page.locator(P_FAIL))

    # before the first reveal Stop cannot be pressed (the first card is always turned) and looks it
    stop, reveal = button_look(page, STOP), button_look(page, REVEAL)
    assert looks_disabled(stop), f"the disabled Stop button looks pressable: {stop}"
    assert not reveal["disabled"] and reveal["opacity"] == 1 and reveal["cursor"] != "not-allowed", reveal

    page.locator(REVEAL).click()
    wait_for_text(page, P_FAIL, "7/39", "after Reveal", shot)
    settled_text(page.locator(GAINS))
    # percentages throughout: every chance is "17.9% (7/39)" or "17.9%", never a decimal such as 0.179
    for css in ("p-fail-next", "p-nian-shou"):
        shown = page.locator(f"{ODDS} .{css}").inner_text().strip()
        assert PERCENT.match(shown), f"{css} shows {shown!r}, not a percentage"
    rows = page.locator(f"{GAINS} tr").all_inner_texts()
    header = rows[0].split("\t")
    chances = [i for i, name in enumerate(header) if name.strip().startswith("P(")]
    assert chances and len(rows) > 2, f"the gains table: {rows}"
    for row in rows[1:]:
        cells = row.split("\t")
        assert all(cells[i].strip().endswith("%") for i in chances), f"a chance not in percent in {row!r}"
        # any other decimal is a number of cards, and its column says so
        assert all("cards" in header[i] for i, cell in enumerate(cells) if DECIMAL.search(cell) and i not in chances), (
            f"a decimal that is neither a percentage nor cards in {row!r} (columns {header})")
    odds = page.locator(ODDS).inner_text()
    unlabelled = [m.group(0) for m in DECIMAL.finditer(odds) if not re.match(r"%| cards", odds[m.end():])]
    assert not unlabelled, f"decimals that are neither percentages nor cards in the odds: {unlabelled} in {odds!r}"
    # the table beside the odds, or below them, never past the output area
    problems = check_fits(page, PANELS, artifacts_dir, "beyond_reveal")

    page.locator(STOP).click()
    wait_for_text(page, OUTCOME, "collects", "after Stop", shot)
    outcome = settled_text(page.locator(OUTCOME))
    # one naming: the spirits' names from the card data, no card code anywhere in the app's text
    assert any(name in outcome for name in SPIRITS), f"no spirit named in {outcome!r}"
    codes = CARD_CODE.findall(panels_text(page))
    assert not codes, f"card codes shown: {codes}"
    # the Reveal button, disabled once the player stopped, looks disabled; Next turn does not
    reveal, next_turn = button_look(page, REVEAL), button_look(page, NEXT_TURN)
    assert looks_disabled(reveal), f"the disabled Reveal button looks pressable: {reveal}"
    assert not next_turn["disabled"] and next_turn["opacity"] == 1, next_turn
    problems += check_fits(page, PANELS, artifacts_dir, "beyond_reveal_stopped")
    assert not problems, "\n".join(problems)
