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


# --- layout: every widget inside the output area, at 1024 and 1280 px ------------------------------
# In Voila the output area is nearly the whole window; in JupyterLab it is narrower: measured with
# JupyterLab 4 and its file browser open (the default of `make lab`), 592 px at a 1024 px window and
# 781 px at 1280 px.  Each width is checked twice on one page: as Voila shows it, then with the output
# area narrowed to JupyterLab's width (the widgets' flex layout answers at once, the kernel is not
# involved), each with a screenshot in test-artifacts/browser/.

VIEWPORTS = (1024, 1280)
JUPYTERLAB_OUTPUT_PX = {1024: 592, 1280: 781}
LOCAL_HOSTS = {"127.0.0.1", "localhost"}

# Every displayed element of the panel (and the panel itself) must lie within its output area
# (1 px of rounding allowed), unless it sits in a box made a sideways scroller on purpose
# (``Layout(overflow="auto")``: an inline style), which must fit itself; every button and widget
# label must show its text in full (its scrollWidth within its clientWidth) unless it has a
# tooltip.  Reported: the innermost offenders.
_FIT_JS = """(sel) => {
  const panel = document.querySelector(sel);
  if (panel === null) return {error: `no ${sel}`};
  const area = panel.closest('.jp-OutputArea-output') || panel.parentElement;
  const edge = area.getBoundingClientRect();
  const describe = (el) => {
    const cls = String(el.getAttribute('class') || '').split(/\\s+/)
      .filter(c => c && !c.startsWith('lm-') && !c.startsWith('p-')).slice(0, 5).join('.');
    return el.tagName.toLowerCase() + (cls ? '.' + cls : '');
  };
  const scrollsOnPurpose = (el) => /auto|scroll/.test((el.style && (el.style.overflowX || el.style.overflow)) || '');
  const inScroller = (el) => {
    for (let up = el.parentElement; up && up !== area; up = up.parentElement) if (scrollsOnPurpose(up)) return true;
    return false;
  };
  const wide = [];
  for (const el of [panel, ...panel.querySelectorAll('*')]) {
    if (el.tagName === 'OPTION' || el.getClientRects().length === 0 || inScroller(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || (r.right <= edge.right + 1 && r.left >= edge.left - 1)) continue;
    wide.push(el);
  }
  const over = wide.filter(el => !wide.some(o => o !== el && el.contains(o))).map(el => {
    const r = el.getBoundingClientRect();
    return {element: describe(el), width: Math.round(r.width), over: Math.round(r.right - edge.right),
            text: (el.innerText || '').replace(/\\s+/g, ' ').trim().slice(0, 80)};
  });
  const cut = [];
  for (const el of panel.querySelectorAll('button, .widget-label')) {
    if (el.getClientRects().length === 0 || el.title) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      cut.push({element: describe(el), text: el.innerText, needs: el.scrollWidth, has: el.clientWidth});
  }
  return {area: Math.round(edge.width), page: document.documentElement.scrollWidth, window: window.innerWidth,
          over: over, cut: cut};
}"""


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


def fit_problems(page, panel: str) -> tuple[dict, list[str]]:
    """What of ``panel`` (a CSS selector) does not fit its output area, in words (empty: it fits)."""
    found = page.evaluate(_FIT_JS, panel)
    if "error" in found:
        return found, [found["error"]]
    problems = [f"{o['element']} is {o['width']} px wide, {o['over']} px past the output area's right edge "
                f"({found['area']} px): {o['text']!r}" for o in found["over"]]
    problems += [f"{c['element']} {c['text']!r} is cut: needs {c['needs']} px, has {c['has']} px" for c in found["cut"]]
    if found["page"] > found["window"] + 1:
        problems.append(f"the page scrolls sideways: {found['page']} px in a {found['window']} px window")
    return found, problems


def narrow_output_area(page, width: int | None) -> None:
    """Make every output area at most ``width`` px wide (JupyterLab's), or as Voila has it (None)."""
    page.evaluate("""(width) => {
      let style = document.getElementById('jupyterlab-width');
      if (style === null) { style = document.createElement('style'); style.id = 'jupyterlab-width';
                            document.head.appendChild(style); }
      style.textContent = width === null ? "" : `.jp-OutputArea-output{display:block !important;width:${width}px !important;`
        + `max-width:${width}px !important;min-width:0 !important;flex:0 0 auto !important}`;
    }""", width)
    page.wait_for_timeout(600)  # the flex layout and the pictures' scaling


def whole_page_screenshot(page, path) -> None:
    """A screenshot of the whole app: Voila scrolls inside its own panel (not the page), so the
    window is made as tall as the content for the shot."""
    size = page.viewport_size
    height = page.evaluate("""() => Math.max(...[document.documentElement, ...document.querySelectorAll(
      '.lm-BoxPanel-child, #rendered_cells, .jp-Notebook')].map(e => e.scrollHeight))""")
    page.set_viewport_size({"width": size["width"], "height": min(max(height + 20, size["height"]), 6000)})
    page.wait_for_timeout(300)
    page.screenshot(path=path)
    page.set_viewport_size(size)


def check_fits(page, panels, artifacts_dir, stem: str) -> list[str]:
    """Check ``panels`` (CSS selectors, or one) as Voila shows them at this window width and in
    JupyterLab's narrower output area; screenshots ``<stem>_<width>_voila.png`` and
    ``<stem>_<width>_jupyterlab.png``; return the problems found (each prefixed by where)."""
    width = page.viewport_size["width"]
    problems = []
    for where, narrow in (("voila", None), ("jupyterlab", JUPYTERLAB_OUTPUT_PX[width])):
        narrow_output_area(page, narrow)
        for panel in (panels,) if isinstance(panels, str) else panels:
            found, seen = fit_problems(page, panel)
            problems += [f"{where} at {width} px, {panel} (output area {found.get('area')} px): {p}" for p in seen]
        whole_page_screenshot(page, artifacts_dir / f"{stem}_{width}_{where}.png")
    narrow_output_area(page, None)
    return problems


PANEL = ".replay-panel"
BUTTON_TEXTS = {"replay-first": "first", "replay-prev": "back", "replay-next": "next", "replay-last": "last"}


def button_texts(page) -> dict[str, str]:
    return {css: page.locator(f"button.{css}").inner_text().strip() for css in BUTTON_TEXTS}


def test_the_replay_panel_fits_the_output_area_with_readable_buttons(sized_page, voila_app_url, artifacts_dir):
    """Issue 11: the buttons read "◀ back", "next ▶" ... in full (no icon and "..."), the rows wrap
    instead of overflowing, the events drop below the table when the room is narrow."""
    page = sized_page
    width = page.viewport_size["width"]
    shot = artifacts_dir / f"replay_{width}_loading.png"
    open_app(page, voila_app_url(NOTEBOOK), (EVENT, PICTURE, NEXT), screenshot=shot, log=artifacts_dir / "voila.log",
             timeout_ms=LOAD_TIMEOUT_MS, what=f"the replay panel ({EVENT}, {PICTURE})")
    page.locator(NEXT).click()
    wait_for_step(page, 1, shot, "after pressing next")
    settled_text(page.locator(STEP))

    texts = button_texts(page)
    assert all(word in texts[css] for css, word in BUTTON_TEXTS.items()), f"button texts {texts}"
    problems = check_fits(page, PANEL, artifacts_dir, "replay")
    assert not problems, "\n".join(problems)
