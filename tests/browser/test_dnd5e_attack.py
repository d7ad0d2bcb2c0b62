"""The D&D 5e attack app, served by Voila: the RK slider and a turn button, in a real browser.

Contract with the notebook (notebooks/apps/dnd5e_angriff.ipynb): after ``%matplotlib widget`` it shows
``explorer.dnd5e.panels.panel_attack.AttackOddsPanel()`` (root class ``dnd5e-attack-panel``: the RK
slider ``dnd5e-attack-ac``, the table ``dnd5e-attack-table`` with the row "Treffer (gesamt)": the exact
fraction, then the percentage) and below it ``ZugPanel(new_encounter("duell"))`` (root class
``dnd5e-turn-panel``: buttons ``dnd5e-turn-action``, the log ``dnd5e-turn-log``, an EventTable whose rows
have cells ``event-text``, the message line ``dnd5e-turn-message``, the status ``dnd5e-turn-status``).
"""

from __future__ import annotations

import pytest

from explorer.dnd5e.odds import attack_odds
from explorer.dnd5e.render_odds import percent_text
from tests.browser.pages import open_app, settled, settled_text, whole_page_screenshot

pytestmark = pytest.mark.browser

APP = "apps/dnd5e_angriff.ipynb"
ATTACK = ".dnd5e-attack-panel"
AC = ".dnd5e-attack-ac"
TABLE = ".dnd5e-attack-table"
TURN = ".dnd5e-turn-panel"
ACTION = "button.dnd5e-turn-action"
LOG_ROWS = ".dnd5e-turn-log td.event-text"
MESSAGE = ".dnd5e-turn-message"
STATUS = ".dnd5e-turn-status"
LOAD_TIMEOUT_MS = 90_000  # page load + notebook execution + widget rendering
UPDATE_TIMEOUT_MS = 30_000  # click or key -> kernel callback -> new text
STEPS = 3  # ArrowRight presses on the RK slider: 15 -> 18

# The cells of the table's row "Treffer (gesamt)" (hit chance): [label, exact fraction, percentage].
HIT_ROW_JS = """(sel) => {
  for (const tr of document.querySelectorAll(sel + ' tr')) {
    const cells = [...tr.querySelectorAll('th, td')].map(c => c.textContent.trim());
    if (cells.length >= 3 && cells[0] === 'Treffer (gesamt)') return cells;
  }
  return null;
}"""


# Controls whose box ends past the nearest ancestor that hides its overflow (a column): their border is cut.
CLIPPED_CONTROLS_JS = """(sel) => {
  const out = [];
  const panel = document.querySelector(sel);
  for (const el of panel.querySelectorAll('.widget-dropdown, .widget-text, .widget-hslider, select, input')) {
    let box = el.parentElement;
    while (box && box !== panel && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    if (!box) continue;
    const r = el.getBoundingClientRect(), c = box.getBoundingClientRect();
    if (r.width > 0 && (r.right > c.right + 0.5 || r.left < c.left - 0.5)) {
      const name = (el.closest('.widget-inline-hbox') || el).querySelector('label');
      out.push(`${name ? name.textContent : el.className}: ${el.tagName.toLowerCase()} ` +
               `ends at ${r.right.toFixed(1)} px, ` +
               `its box at ${c.right.toFixed(1)} px`);
    }
  }
  return out;
}"""


def hit_row(page):
    return page.evaluate(HIT_ROW_JS, TABLE)


def _fraction(value) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def test_the_ac_slider_shows_the_exact_hit_chance_and_a_turn_button_logs_its_action(page, voila_app_url, artifacts_dir):
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE" (total >= RK hits; natural 1 misses, natural 20 hits):
    Angriffsbonus +5 against RK 15 hits 11/20; three steps of the RK slider (RK 18) show exactly what
    attack_odds gives (8/20 = 2/5, 40 %).  "AKTIONEN IM KAMPF" and "SPURT": clicking the turn panel's
    Spurt button adds its events to the log and the status line says the action is used."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    log = artifacts_dir / "voila.log"
    before_png = artifacts_dir / "dnd5e_attack_before.png"
    after_png = artifacts_dir / "dnd5e_attack_after.png"
    open_app(page, voila_app_url(APP), (f"{AC} .noUi-handle", f"{TABLE} table", ACTION, LOG_ROWS),
             screenshot=before_png, log=log, timeout_ms=LOAD_TIMEOUT_MS, what="the attack app")

    readout = page.locator(f"{AC} .widget-readout")
    start = settled(lambda: hit_row(page))
    ac_before = int(readout.inner_text())
    first = attack_odds(5, ac_before, "1W8+3")
    assert start == ["Treffer (gesamt)", _fraction(first.p_treffer), percent_text(first.p_treffer)]
    whole_page_screenshot(page, before_png)

    page.locator(f"{AC} .noUi-handle").focus()
    for _ in range(STEPS):
        page.keyboard.press("ArrowRight")
    expected = attack_odds(5, ac_before + STEPS, "1W8+3")
    want = ["Treffer (gesamt)", _fraction(expected.p_treffer), percent_text(expected.p_treffer)]
    try:
        page.wait_for_function(f"(want) => JSON.stringify(({HIT_ROW_JS})({TABLE!r})) === JSON.stringify(want)",
                               arg=want, timeout=UPDATE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        page.screenshot(path=after_png, full_page=True)
        pytest.fail(f"after {STEPS} ArrowRight presses on the RK slider (readout {readout.inner_text()!r}) the "
                    f"hit row is {hit_row(page)!r}, expected {want!r}; see {after_png} and {log}", pytrace=False)
    assert int(readout.inner_text()) == ac_before + STEPS
    assert settled(lambda: hit_row(page)) == want
    assert want[1:] == ["2/5", "40 %"]  # +5 against RK 18: natural 13-20 hit

    turn = page.locator(TURN)
    turn.scroll_into_view_if_needed()
    rows_before = page.locator(LOG_ROWS).count()
    spurt = page.locator(ACTION, has_text="Spurt")
    assert spurt.count() == 1, [b.inner_text() for b in page.locator(ACTION).all()]
    assert "Aktion frei" in settled_text(page.locator(STATUS))
    spurt.click()
    try:
        page.wait_for_function(f"(n) => document.querySelectorAll({LOG_ROWS!r}).length > n", arg=rows_before,
                               timeout=UPDATE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        whole_page_screenshot(page, after_png)
        pytest.fail(f"the log did not gain a row within {UPDATE_TIMEOUT_MS / 1000:.0f} s of clicking Spurt "
                    f"({rows_before} rows); see {after_png} and {log}", pytrace=False)
    newest = page.locator(LOG_ROWS).first.inner_text()
    assert "spurtet" in newest, newest
    assert "Ork: Spurt" in settled_text(page.locator(MESSAGE))
    assert "Aktion genutzt (Spurt)" in settled_text(page.locator(STATUS))
    assert page.locator(ACTION, has_text="Spurt").count() == 0
    whole_page_screenshot(page, after_png)


def test_the_attack_app_fits_the_output_area(page, voila_app_url, artifacts_dir):
    """docs/panel-layout.md (dnd5e-combat-de-excerpt.txt, "ANGRIFF", "AKTIONEN IM KAMPF" are what the panels
    show): both panels at 1024 and 1280 px, in Voila's output area and in one as narrow as JupyterLab's --
    nothing reaches past the output area, no label, readout, button or dropdown is cut."""
    from tests.browser.test_melee_panel import check_panels_fit

    open_app(page, voila_app_url(APP), (f"{TABLE} table", ACTION, LOG_ROWS),
             screenshot=artifacts_dir / "dnd5e_attack_layout.png", log=artifacts_dir / "voila.log",
             timeout_ms=LOAD_TIMEOUT_MS, what="the attack app")
    settled(lambda: hit_row(page))
    problems = check_panels_fit(page, {"angriff": ATTACK, "zug": TURN}, artifacts_dir, "dnd5e_attack_layout")
    assert not problems, "\n".join(problems)
    # inside the panel too: no dropdown, text box or slider is cut at its column's edge (issue 11's screenshot)
    from tests.browser.test_melee_panel import WIDTHS, narrow_output

    clipped = []
    for viewport, output in WIDTHS:
        page.set_viewport_size({"width": viewport, "height": 1600})
        narrow_output(page, output)
        page.wait_for_timeout(500)
        clipped += [f"at {viewport} px (output {output or 'Voila'}): {c}"
                    for c in page.evaluate(CLIPPED_CONTROLS_JS, ATTACK)]
    narrow_output(page, None)
    assert not clipped, "\n".join(clipped)
