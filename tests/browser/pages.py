"""What every browser test does with a served notebook: open it and wait for its widgets, and
read a value once it has settled (widgets update asynchronously, through the kernel)."""

from __future__ import annotations

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
# (1 px of rounding allowed), unless it sits inside an element made a horizontal scroller on purpose:
# overflow(-x) auto / scroll set in its own style (ipywidgets `Layout(overflow="auto")`) or a
# class naming "scroll". Default styles do not count (a `.widget-box` scrolls by default, and an
# output area scrolls what runs past it: either way the user sees a cut panel and a scrollbar).
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
  w.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    cell.node.querySelectorAll('.jp-OutputArea-output').forEach((area) => {
      if (area.parentElement.closest('.jp-OutputArea-output')) return;  // nested: measured in the outer one
      const edge = area.getBoundingClientRect().right;
      const offenders = [];
      area.querySelectorAll('.jupyter-widgets, .widget-box, img, table, canvas').forEach((el) => {
        if (el.getClientRects().length === 0) return;  // not displayed (hidden tab, display none)
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.right <= edge + 1) return;
        for (let up = el.parentElement; up && up !== area; up = up.parentElement)
          if (scrollsOnPurpose(up)) return;
        offenders.push(el);
      });
      for (const el of offenders) {
        if (offenders.some(other => other !== el && el.contains(other))) continue;
        const rect = el.getBoundingClientRect();
        const outer = offenders.find(other => other.contains(el) && !offenders.some(o => o !== other && o.contains(other)));
        found.push({
          index: index, count: cell.model.executionCount, element: describe(el),
          within: outer && outer !== el ? describe(outer) : '',
          over: Math.round((rect.right - edge) * 10) / 10, width: Math.round(rect.width),
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
