"""What every browser test does with a served notebook: open it and wait for its widgets, and
read a value once it has settled (widgets update asynchronously, through the kernel)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest


def open_app(page, url: str, selectors, *, screenshot: Path, log: Path, timeout_ms: int, what: str) -> None:
    """Go to ``url`` and wait until every selector is there; else fail with a screenshot.

    ``selectors``: CSS selectors that must be visible, or ``(selector, state)`` pairs
    (``state="attached"`` for hidden widgets)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
    try:
        for item in selectors:
            selector, state = (item, "visible") if isinstance(item, str) else item
            page.wait_for_selector(selector, state=state, timeout=timeout_ms)
        return
    except PlaywrightTimeoutError:
        page.screenshot(path=screenshot, full_page=True)
    pytest.fail(f"{what} did not appear within {timeout_ms / 1000:.0f} s; see {screenshot} and {log}", pytrace=False)


def settled(read, quiet_s: float = 1.0, limit_s: float = 10.0):
    """``read()`` once it has not changed for ``quiet_s`` seconds (or after ``limit_s``)."""
    value, since, start = read(), time.monotonic(), time.monotonic()
    while time.monotonic() - since < quiet_s and time.monotonic() - start < limit_s:
        time.sleep(0.1)
        now = read()
        if now != value:
            value, since = now, time.monotonic()
    return value


def settled_text(locator, quiet_s: float = 1.0, limit_s: float = 10.0) -> str:
    """The locator's text once it has not changed for ``quiet_s`` seconds (or after ``limit_s``)."""
    return settled(locator.inner_text, quiet_s, limit_s)


# --- JupyterLab: a notebook opened, run and measured as a user sees it ------------------------------

# The notebook JupyterLab shows, once its kernel is idle (`window.jupyterapp` is exposed by
# --LabApp.expose_app_in_browser).
_LAB_READY_JS = """(path) => {
  const app = window.jupyterapp; if (!app || !app.shell) return false;
  const w = app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.context.isReady) return false;
  const kernel = w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && w.content.widgets.length > 0;
}"""

# Starts "Run All Cells"; its promise settles once the last cell has run (or the first one failed).
_LAB_RUN_ALL_JS = """() => {
  window.__labRunAll = undefined;
  jupyterapp.commands.execute('notebook:run-all-cells').then(
    (result) => { window.__labRunAll = {result: result}; },
    (error) => { window.__labRunAll = {error: String(error)}; });
}"""

_LAB_RUN_DONE_JS = """() => {
  if (window.__labRunAll === undefined) return false;
  const kernel = jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  return !kernel || kernel.status === 'idle' || kernel.status === 'dead';
}"""

# Something that changes while outputs and widget views are still being added or drawn.
_LAB_OUTPUT_SIGNATURE_JS = """() => {
  const node = jupyterapp.shell.currentWidget.content.node;
  const areas = node.querySelectorAll('.jp-OutputArea-output');
  let height = 0; areas.forEach(a => { height += a.getBoundingClientRect().height; });
  return [areas.length, node.querySelectorAll('*').length, Math.round(height)].join('/');
}"""

# Per code cell: its execution count, error outputs (from the model) and stderr streams; plus
# what JupyterLab shows in place of an output it could not render, and tracebacks inside Output
# widgets (written by callbacks, so not in the cell's model).
_LAB_OUTPUTS_JS = """() => {
  const w = jupyterapp.shell.currentWidget;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  const strip = (s) => String(s).replace(/\\u001b\\[[0-9;]*[A-Za-z]/g, '');
  const text = (t) => Array.isArray(t) ? t.join('') : String(t || '');
  const cells = [];
  w.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const entry = {index: index, count: cell.model.executionCount, errors: [], stderr: [], shown: []};
    for (const out of cell.model.outputs.toJSON()) {
      if (out.output_type === 'error')
        entry.errors.push(strip(out.ename + ': ' + out.evalue + '\\n' + (out.traceback || []).join('\\n')));
      else if (out.output_type === 'stream' && out.name === 'stderr')
        entry.stderr.push(strip(text(out.text)));
    }
    cell.node.querySelectorAll('.jp-OutputArea-output').forEach((area) => {
      const t = strip(area.innerText || '');
      const nested = area.parentElement && area.parentElement.closest('.jupyter-widgets');
      if (/Error displaying widget|Error rendering output|Could not render content/.test(t) && !area.querySelector('.jp-OutputArea-output'))
        entry.shown.push(t.slice(0, 2000));
      else if (nested && /Traceback \\(most recent call last\\)/.test(t) && !area.querySelector('.jp-OutputArea-output'))
        entry.shown.push(t.slice(0, 4000));
    });
    cells.push(entry);
  });
  return {kernel: kernel ? kernel.status : 'none', run: window.__labRunAll || null, cells: cells};
}"""

# Every widget, image, table or canvas in an output area must end within the area's right edge
# (1 px of rounding allowed), unless it is a widget, picture or canvas inside a widget made a horizontal
# scroller on purpose: overflow(-x) auto / scroll set in the widget's own style (ipywidgets
# `Layout(overflow="auto")`, what a canvas that cannot shrink gets) or a class naming "scroll".
# Default styles do not count (a `.widget-box` scrolls by default, and an output area scrolls what runs
# past it: either way the user sees a cut panel and a scrollbar).
# A table is never spared: its cells can wrap, so a table that needs a sideways scroll bar is one whose
# columns did not fit, and what is past the edge is hidden until one scrolls (a box made to scroll around
# it -- `display.html_table`'s, an event table's, a panel's HTML widget with `overflow="auto"` -- only
# keeps it from widening the output area). A table must end within the output area and within every box
# around it that clips or scrolls (a fixed-width column with `overflow: hidden` cuts it there).
# Reported: the innermost offenders (an offender containing another one is left out).
_LAB_OVERFLOW_JS = """() => {
  const w = jupyterapp.shell.currentWidget;
  const found = [];
  const scrollsOnPurpose = (el) => {
    const inline = (el.style && (el.style.overflowX || el.style.overflow)) || '';
    return /auto|scroll/.test(inline) || /scroll/i.test(String(el.className || ''));
  };
  const describe = (el) => {
    const cls = (typeof el.className === 'string' ? el.className : (el.getAttribute('class') || ''))
      .split(/\\s+/).filter(c => c && !c.startsWith('lm-') && !c.startsWith('p-')).slice(0, 6).join('.');
    return el.tagName.toLowerCase() + (cls ? '.' + cls : '');
  };
  // the right edge of the room a box leaves its content: inside its border and scroll bar
  const roomRight = (box) => box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
  w.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    cell.node.querySelectorAll('.jp-OutputArea-output').forEach((area) => {
      if (area.parentElement.closest('.jp-OutputArea-output')) return;  // nested: measured in the outer one
      const edge = area.getBoundingClientRect().right;
      const offenders = [];
      area.querySelectorAll('.jupyter-widgets, .widget-box, img, table, canvas').forEach((el) => {
        if (el.getClientRects().length === 0) return;  // not displayed (hidden tab, display none)
        const rect = el.getBoundingClientRect();
        if (rect.width === 0) return;
        if (el.tagName === 'TABLE') {
          let cutBy = null;  // the innermost box around it that clips or scrolls and is narrower than it
          for (let up = el.parentElement; up; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible' && rect.right > roomRight(up) + 1) { cutBy = up; break; }
            if (up === area) break;
          }
          if (cutBy === null && rect.right <= edge + 1) return;
          offenders.push({el: el, box: cutBy, right: cutBy === null || cutBy === area ? edge : roomRight(cutBy)});
          return;
        }
        if (rect.right <= edge + 1) return;
        for (let up = el.parentElement; up && up !== area; up = up.parentElement)
          if (scrollsOnPurpose(up)) return;
        offenders.push({el: el, box: null, right: edge});
      });
      const elements = offenders.map(o => o.el);
      for (const o of offenders) {
        const el = o.el;
        if (elements.some(other => other !== el && el.contains(other))) continue;
        const rect = el.getBoundingClientRect();
        const outer = elements.find(other => other.contains(el) && !elements.some(x => x !== other && x.contains(other)));
        found.push({
          index: index, count: cell.model.executionCount, element: describe(el),
          within: outer && outer !== el ? describe(outer) : '',
          cut_by: o.box && o.box !== area ? describe(o.box) : '',
          over: Math.round((rect.right - o.right) * 10) / 10, width: Math.round(rect.width),
          area: Math.round(area.getBoundingClientRect().width),
          text: (el.innerText || el.getAttribute('alt') || '').replace(/\\s+/g, ' ').trim().slice(0, 100),
        });
      }
    });
  });
  return found;
}"""

_LAB_SCROLLER_JS = """(step) => {
  const node = jupyterapp.shell.currentWidget.content.node;
  const s = node.querySelector('.jp-WindowedPanel-outer') || node;
  if (step === null) {  // the end of the last cell, not of the blank space JupyterLab lets one scroll past
    s.scrollTop = 0;
    const cells = node.querySelectorAll('.jp-Cell');
    const last = cells.length ? cells[cells.length - 1].getBoundingClientRect().bottom : 0;
    const end = Math.ceil(last - s.getBoundingClientRect().top + s.scrollTop);
    return [Math.min(Math.max(end, 1), s.scrollHeight), s.clientHeight];
  }
  s.scrollTop = step; return [s.scrollTop, s.scrollHeight, s.clientHeight];
}"""


def open_lab_notebook(page, base_url: str, path: str, *, timeout_ms: int, screenshot: Path) -> None:
    """Open ``path`` (relative to the server's root) in JupyterLab and wait for its idle kernel."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    page.goto(f"{base_url}lab/tree/{path}?reset", wait_until="domcontentloaded", timeout=timeout_ms)
    try:
        page.wait_for_function(_LAB_READY_JS, arg=path, timeout=timeout_ms, polling=250)
    except PlaywrightTimeoutError:
        page.screenshot(path=screenshot)
        pytest.fail(f"JupyterLab did not show {path} with an idle kernel within {timeout_ms / 1000:.0f} s; "
                    f"see {screenshot}", pytrace=False)


def run_all_lab_cells(page, *, timeout_ms: int, screenshot: Path) -> dict:
    """Run All Cells; wait until it is done, the kernel idle and the outputs drawn; return what
    every code cell showed (see ``_LAB_OUTPUTS_JS``)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    page.evaluate(_LAB_RUN_ALL_JS)
    try:
        page.wait_for_function(_LAB_RUN_DONE_JS, timeout=timeout_ms, polling=500)
    except PlaywrightTimeoutError:
        page.screenshot(path=screenshot)
        outputs = page.evaluate(_LAB_OUTPUTS_JS)
        pending = [c["index"] + 1 for c in outputs["cells"] if c["count"] is None]
        pytest.fail(f"the cells did not finish within {timeout_ms / 1000:.0f} s (kernel {outputs['kernel']}; "
                    f"cells not run yet: {pending}); see {screenshot}", pytrace=False)
    settled(lambda: page.evaluate(_LAB_OUTPUT_SIGNATURE_JS), quiet_s=2.0, limit_s=30.0)
    return page.evaluate(_LAB_OUTPUTS_JS)


def lab_overflows(page) -> list[dict]:
    """Elements that run past the right edge of their output area (see ``_LAB_OVERFLOW_JS``)."""
    return page.evaluate(_LAB_OVERFLOW_JS)


def screenshot_lab_notebook(page, stem: Path, *, height: int = 2400) -> list[Path]:
    """The whole notebook as screenshots ``<stem>-01.png``, ``-02`` ... of ``height`` px each,
    scrolling JupyterLab's notebook panel (its own scroller) from the top. Old parts are removed."""
    for old in stem.parent.glob(f"{stem.name}-[0-9][0-9].png"):
        old.unlink()
    width = page.viewport_size["width"]
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(500)
    total, visible = page.evaluate(_LAB_SCROLLER_JS, None)
    step = max(visible - 40, 200)
    shots = []
    for n, top in enumerate(range(0, max(total - visible, 0) + step, step), start=1):
        page.evaluate(_LAB_SCROLLER_JS, top)
        page.wait_for_timeout(300)
        shot = stem.parent / f"{stem.name}-{n:02d}.png"
        page.screenshot(path=shot)
        shots.append(shot)
        if n >= 60:
            break
    return shots


# Texts cut inside their own widget (a button reading "add obst...", a readout "dr"): reported beside
# the screenshots, not a failure of their own (the width check above is about the output area).
_LAB_CUT_TEXT_JS = """() => {
  const w = jupyterapp.shell.currentWidget;
  const found = [];
  w.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    cell.node.querySelectorAll('.jp-OutputArea-output button.jupyter-button, .jp-OutputArea-output .widget-label, '
                               + '.jp-OutputArea-output .widget-readout').forEach((el) => {
      if (el.getClientRects().length === 0 || el.clientWidth === 0) return;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push({index: index, count: cell.model.executionCount,
                    element: el.tagName.toLowerCase() + '.' + Array.from(el.classList).filter(c => !c.startsWith('lm-')).join('.'),
                    text: (el.innerText || el.value || '').replace(/\\s+/g, ' ').trim().slice(0, 80),
                    needs: el.scrollWidth, has: el.clientWidth});
    });
  });
  return found;
}"""


def lab_cut_texts(page) -> list[dict]:
    """Buttons, labels and readouts whose text does not fit their width (see ``_LAB_CUT_TEXT_JS``)."""
    return page.evaluate(_LAB_CUT_TEXT_JS)


# --- a canvas inside its output area ---------------------------------------------------------------

# The first element matching the selector (a canvas), its output area and everything that scrolls
# sideways around it: each ancestor that shows a horizontal scroll bar (overflow-x auto / scroll and
# more content than room) and the page itself. Rectangles in CSS pixels of the window.
_CANVAS_FIT_JS = """(sel) => {
  const el = document.querySelector(sel);
  if (el === null) return {error: `no ${sel}`};
  const area = el.closest('.jp-OutputArea-output');
  if (area === null) return {error: `${sel} is in no output area`};
  const rect = (r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height});
  const describe = (e) => e.tagName.toLowerCase() + String(e.getAttribute('class') || '').split(/\\s+/)
      .filter(c => c && !c.startsWith('lm-') && !c.startsWith('p-')).slice(0, 4).map(c => '.' + c).join('');
  const scrolling = [];
  for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
    const overflow = getComputedStyle(up).overflowX;
    if (/auto|scroll/.test(overflow) && up.scrollWidth > up.clientWidth + 1)
      scrolling.push({element: describe(up), content: up.scrollWidth, room: up.clientWidth});
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1)
    scrolling.push({element: 'the page', content: page.scrollWidth, room: page.clientWidth});
  return {canvas: rect(el.getBoundingClientRect()), area: rect(area.getBoundingClientRect()), scrolling: scrolling,
          window: window.innerWidth};
}"""


def canvas_fit(page, selector: str) -> tuple[dict, list[str]]:
    """Where the canvas ``selector`` lies in its output area, and in words what does not fit: the canvas
    reaching past the output area's left or right edge (1 px of rounding allowed), or any horizontal scroll
    bar around it (an ancestor's or the page's)."""
    found = page.evaluate(_CANVAS_FIT_JS, selector)
    if "error" in found:
        return found, [found["error"]]
    canvas, area = found["canvas"], found["area"]
    problems = []
    if canvas["left"] < area["left"] - 1 or canvas["right"] > area["right"] + 1:
        problems.append(f"the canvas spans {canvas['left']:.0f}-{canvas['right']:.0f} px, its output area "
                        f"{area['left']:.0f}-{area['right']:.0f} px ({area['width']:.0f} px wide)")
    problems += [f"{s['element']} scrolls sideways: {s['content']} px of content in {s['room']} px"
                 for s in found["scrolling"]]
    return found, problems


# --- a panel inside its output area, as Voila shows it and narrowed to JupyterLab's width ---------------
# In Voila the output area is nearly the whole window; in JupyterLab it is narrower: measured with
# JupyterLab 4 and its file browser open (the default of `make lab`), 592 px at a 1024 px window and
# 781 px at 1280 px.  Each width is checked twice on one page: as Voila shows it, then with the output
# area narrowed to JupyterLab's width (the widgets' flex layout answers at once, the kernel is not
# involved), each with a screenshot in test-artifacts/browser/.

JUPYTERLAB_OUTPUT_PX = {1024: 592, 1280: 781}

# Every displayed element of the panel (and the panel itself) must lie within its output area
# (1 px of rounding allowed), unless it sits in a box made a sideways scroller on purpose
# (``Layout(overflow="auto")``: an inline style), which must fit itself -- except a table: one wider
# than a box around it that scrolls or clips is reported all the same (its right columns are hidden
# until one scrolls; its cells can wrap, so it can be made to fit, as _LAB_OVERFLOW_JS says); every
# button and widget label must show its text in full (its scrollWidth within its clientWidth) unless
# it has a tooltip.  Reported: the innermost offenders.
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
  // a table in a scroller: cut where the innermost box around it that scrolls or clips ends
  const roomRight = (box) => box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
  for (const table of panel.querySelectorAll('table')) {
    if (table.getClientRects().length === 0 || !inScroller(table)) continue;
    const r = table.getBoundingClientRect();
    for (let up = table.parentElement; up && up !== area; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === 'visible' || r.right <= roomRight(up) + 1) continue;
      over.push({element: `${describe(table)} (cut by ${describe(up)}, ${Math.round(roomRight(up) - up.getBoundingClientRect().left)} px)`,
                 width: Math.round(r.width), over: Math.round(r.right - edge.right),
                 text: (table.innerText || '').replace(/\\s+/g, ' ').trim().slice(0, 80)});
      break;
    }
  }
  const cut = [];
  for (const el of panel.querySelectorAll('button, .widget-label')) {
    if (el.getClientRects().length === 0 || el.title) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      cut.push({element: describe(el), text: el.innerText, needs: el.scrollWidth, has: el.clientWidth});
  }
  return {area: Math.round(edge.width), page: document.documentElement.scrollWidth, window: window.innerWidth,
          over: over, cut: cut};
}"""


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


# --- the replay apps (Behind's and Beyond's: the core's ReplayPanel) --------------------------------------
REPLAY_PANEL = ".replay-panel"
REPLAY_STEP = ".replay-step"
REPLAY_STATUS = ".replay-status"
REPLAY_EVENT = ".replay-step .event-text"
REPLAY_PICTURE = ".replay-picture"
REPLAY_NEXT = "button.replay-next"
REPLAY_BUTTON_TEXTS = {"replay-first": "first", "replay-prev": "back", "replay-next": "next", "replay-last": "last"}
REPLAY_UPDATE_TIMEOUT_MS = 30_000  # click -> kernel callback -> new step text


def shown_step(page) -> int:
    """The step the replay panel's status says it shows ("step N of M")."""
    match = re.search(r"step (\d+) of (\d+)", page.locator(REPLAY_STATUS).inner_text())
    assert match, f"no 'step N of M' in {page.locator(REPLAY_STATUS).inner_text()!r}"
    return int(match.group(1))


def wait_for_step(page, step: int, shot, what: str) -> None:
    """Wait until the replay panel's step text is step ``step``; else fail with a screenshot."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function(
            "([sel, step]) => { const e = document.querySelector(sel);"
            " return e !== null && e.textContent.includes(`Step ${step}`); }",
            arg=[REPLAY_STEP, step], timeout=REPLAY_UPDATE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        page.screenshot(path=shot, full_page=True)
        pytest.fail(f"{what}: the step text did not become step {step} within "
                    f"{REPLAY_UPDATE_TIMEOUT_MS / 1000:.0f} s; see {shot}", pytrace=False)


def button_texts(page) -> dict[str, str]:
    """The replay panel's step buttons' texts, by CSS class."""
    return {css: page.locator(f"button.{css}").inner_text().strip() for css in REPLAY_BUTTON_TEXTS}


def replay_app_fit_problems(page, url: str, artifacts_dir: Path, stem: str, *, what: str, timeout_ms: int) -> list[str]:
    """Open the replay app at ``url``, step once forward, and say in words what does not fit (issue 11): a
    step button that does not read in full ("◀ back", "next ▶" ...), anything of the panel past the
    output area as Voila shows it and in JupyterLab's narrower one (:func:`check_fits`; screenshots
    ``<stem>_<width>_voila.png`` / ``_jupyterlab.png``).  Empty: it fits."""
    width = page.viewport_size["width"]
    shot = artifacts_dir / f"{stem}_{width}_loading.png"
    open_app(page, url, (REPLAY_EVENT, REPLAY_PICTURE, REPLAY_NEXT), screenshot=shot,
             log=artifacts_dir / "voila.log", timeout_ms=timeout_ms,
             what=f"{what} ({REPLAY_EVENT}, {REPLAY_PICTURE})")
    start = shown_step(page)  # Behind's replay opens on its first step with chips, not on step 0
    page.locator(REPLAY_NEXT).click()
    wait_for_step(page, start + 1, shot, "after pressing next")
    settled_text(page.locator(REPLAY_STEP))

    texts = button_texts(page)
    problems = [f"the button {css} reads {texts[css]!r}, not {word!r} in full"
                for css, word in REPLAY_BUTTON_TEXTS.items() if word not in texts[css]]
    return problems + check_fits(page, REPLAY_PANEL, artifacts_dir, stem)
