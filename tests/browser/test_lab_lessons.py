"""Every lesson (and app) run in JupyterLab as a user runs it, in a real browser at 1280 px.

For each notebook of notebooks/00_start_here.ipynb and every folder of notebooks/ (behind/,
beyond/, dnd5e/, behold_rome/, apps/: a glob, new lessons and systems are covered without editing this file): open it in one
JupyterLab server rooted at the repository (as `make lab` is), Run All Cells, wait until every
cell has run and its outputs are drawn, then

- fail on any error output (a traceback in a cell, an output JupyterLab could not render, a
  traceback inside an Output widget); stderr warnings (progress bars) are not errors;
- fail when a widget, image, table or canvas runs past the right edge of its output area (more
  than 1 px), unless it is a widget, image or canvas inside a widget made a horizontal scroller on
  purpose; a table is never spared: one that runs past its output area, or past a box around it
  that scrolls or clips (``html_table``'s own scroll box, a panel's HTML widget), fails
  (see tests/browser/pages.py, ``_LAB_OVERFLOW_JS``);
- report (not fail on) what runs past an output area narrowed to 590 px, the narrowest one
  (JupyterLab at a 1024 px window, docs/panel-layout.md), in the .txt beside the screenshots;
- fail when a table cell (``td``/``th``) breaks a word across two lines ("injur-ed",
  "cont-act_tolerance"): a line may end only at a space, after a hyphen or a slash, or where the
  HTML allows it (``<wbr>``); or when a cell's text is cut (wider than its cell: an ellipsis, a
  header cut short) -- see ``_LAB_BROKEN_WORDS_JS`` below.

Screenshots of the whole notebook (the notebook panel scrolled in steps) go to
test-artifacts/browser/lab/<folder>-<lesson>-NN.png, whatever the outcome, with a
<folder>-<lesson>.txt beside them: the run times, the cells' stderr, browser errors, texts cut inside
their widgets (buttons, labels, readouts; reported, not failed on) and the problems.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser.conftest import REPO_ROOT
from tests.browser.pages import (fit_problems, lab_cut_texts, lab_overflows, narrow_output_area, open_lab_notebook,
                                 run_all_lab_cells, screenshot_lab_notebook)

pytestmark = pytest.mark.browser

WIDTH = 1280
NARROWEST = 590  # explorer.core.panels.layout.NARROWEST: the output area at a 1024 px window
OPEN_TIMEOUT_MS = 60_000  # page load + kernel start
RUN_TIMEOUT_MS = 180_000  # Run All Cells of one lesson

LESSONS = sorted(
    path.relative_to(REPO_ROOT).as_posix()
    for pattern in ("notebooks/00_start_here.ipynb", "notebooks/*/*.ipynb")
    for path in REPO_ROOT.glob(pattern)
    if ".ipynb_checkpoints" not in path.parts
)


# Table cells that break a word (a line ends inside a run of letters or digits) or cut their text.
# Each word (a run of non-space characters in one text node: ``<wbr>`` splits a word into two nodes) is
# measured with a Range: one line box per line it spans. A word on two lines is followed character by
# character to where the new line starts; a break after "-", "/", a soft hyphen or a zero-width space is
# one the text offers, any other is a broken word. Words in closed ``<details>`` have no boxes: skipped.
_LAB_BROKEN_WORDS_JS = r"""() => {
  const w = jupyterapp.shell.currentWidget;
  const found = [];
  const allowed = /[-\u00ad\u200b\u2010\u2013\/]/;
  const lines = (range) => {
    const tops = [];
    for (const r of range.getClientRects())
      if (r.width > 0 && !tops.some(t => Math.abs(t - r.top) < 2)) tops.push(r.top);
    return tops.length;
  };
  const report = (cell, index, td, kind, word) => {
    const style = getComputedStyle(td);
    found.push({index: index, count: cell.model.executionCount, kind: kind, tag: td.tagName.toLowerCase(),
                word: word, text: (td.innerText || '').replace(/\s+/g, ' ').trim().slice(0, 80),
                width: Math.round(td.getBoundingClientRect().width),
                style: `word-break: ${style.wordBreak}; overflow-wrap: ${style.overflowWrap}; `
                       + `white-space: ${style.whiteSpace}; max-width: ${style.maxWidth}`});
  };
  w.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    cell.node.querySelectorAll('.jp-OutputArea-output td, .jp-OutputArea-output th').forEach((td) => {
      if (td.getClientRects().length === 0) return;
      if (td.scrollWidth > td.clientWidth + 1) report(cell, index, td, 'cut', '');
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const words = /\S+/g;
        for (let m = words.exec(node.data); m; m = words.exec(node.data)) {
          range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
          if (lines(range) < 2) continue;
          let top = null;
          for (let i = 0; i < m[0].length; i++) {
            range.setStart(node, m.index + i); range.setEnd(node, m.index + i + 1);
            const rect = range.getBoundingClientRect();
            if (rect.width === 0) continue;
            if (top !== null && rect.top > top + 2 && !allowed.test(m[0][i - 1])) {
              report(cell, index, td, 'broken', m[0].slice(0, i) + '|' + m[0].slice(i));
              return;  // one report per cell
            }
            top = rect.top;
          }
        }
      }
    });
  });
  return found;
}"""


def lab_broken_words(page) -> list[dict]:
    """Table cells that break a word or cut their text (see ``_LAB_BROKEN_WORDS_JS``)."""
    return page.evaluate(_LAB_BROKEN_WORDS_JS)


_LAB_RIGHT_ALIGNED_PROSE_JS = r"""
() => {
  const found = [];
  document.querySelectorAll('.jp-Cell').forEach((cell, index) => {
    cell.querySelectorAll('.jp-OutputArea-output td').forEach(td => {
      const text = (td.innerText || '').trim();
      const words = text.split(/\s+/).filter(w => /[A-Za-zÄÖÜäöüß]{2,}/.test(w));
      if (words.length < 4) return;  // numbers and short labels may stand right
      const align = getComputedStyle(td).textAlign;
      if (align !== 'right' && align !== 'end') return;
      const prompt = (cell.querySelector('.jp-InputPrompt') || {}).innerText || '';
      const count = (prompt.match(/\[(\d+)\]/) || [])[1];
      found.push({index, count: count === undefined ? null : Number(count), text: text.slice(0, 80), align});
    });
  });
  return found;
}
"""
"""Table cells of words (four or more) that stand right-aligned: JupyterLab's output CSS right-aligns
every cell, which makes a sentence in a table ragged on the left and hard to read."""


def _artifact_stem(artifacts: Path, lesson: str) -> Path:
    folder = artifacts / "lab"
    folder.mkdir(parents=True, exist_ok=True)
    parts = Path(lesson).relative_to("notebooks").with_suffix("").parts
    return folder / "-".join(parts)


def _cell(entry: dict) -> str:
    count = entry["count"]
    return f"cell {entry['index'] + 1} [{count if count is not None else ' '}]"


def _overflow_text(item: dict) -> str:
    within = f" (within {item['within']})" if item["within"] else ""
    where = f"the box around it ({item['cut_by']})" if item["cut_by"] else "its output area"
    return (f"{_cell(item)}: {item['element']}{within} runs {item['over']} px past {where} "
            f"(it is {item['width']} px wide, the area {item['area']} px): {item['text']!r}")


def test_there_are_lessons_to_run():
    assert "notebooks/00_start_here.ipynb" in LESSONS
    assert any(lesson.startswith("notebooks/behind/") for lesson in LESSONS)
    assert any(lesson.startswith("notebooks/beyond/") for lesson in LESSONS)
    assert any(lesson.startswith("notebooks/behold_rome/") for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_clean_and_fits_in_jupyterlab(lesson, page, lab_server, lab_kernels_shut_down, artifacts_dir):
    stem = _artifact_stem(artifacts_dir, lesson)
    for stale in (Path(f"{stem}-open.png"), Path(f"{stem}-timeout.png")):
        stale.unlink(missing_ok=True)
    assert page.viewport_size["width"] == WIDTH
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    started = time.monotonic()
    open_lab_notebook(page, lab_server, lesson, timeout_ms=OPEN_TIMEOUT_MS, screenshot=Path(f"{stem}-open.png"))
    opened = time.monotonic()
    outputs = run_all_lab_cells(page, timeout_ms=RUN_TIMEOUT_MS, screenshot=Path(f"{stem}-timeout.png"))
    ran = time.monotonic()
    overflows = lab_overflows(page)
    cut_texts = lab_cut_texts(page)
    broken_words = lab_broken_words(page)
    right_prose = page.evaluate(_LAB_RIGHT_ALIGNED_PROSE_JS)
    shots = screenshot_lab_notebook(page, stem)
    narrow_output_area(page, NARROWEST)
    narrow_overflows = lab_overflows(page)

    cells = outputs["cells"]
    problems = []
    if outputs["run"] and "error" in outputs["run"]:
        problems.append(f"Run All Cells failed: {outputs['run']['error']}")
    if outputs["kernel"] not in ("idle",):
        problems.append(f"the kernel is {outputs['kernel']} after the run")
    for entry in cells:
        for error in entry["errors"]:
            problems.append(f"{_cell(entry)} raised:\n{error}")
        for shown in entry["shown"]:
            problems.append(f"{_cell(entry)} shows an error:\n{shown}")
    not_run = [_cell(entry) for entry in cells if entry["count"] is None]
    if not_run and not any(entry["errors"] for entry in cells):
        problems.append(f"cells not run: {', '.join(not_run)}")
    problems += [_overflow_text(item) for item in overflows]
    for item in broken_words:
        what = (f"breaks the word {item['word']!r}" if item["kind"] == "broken" else "cuts its text")
        problems.append(f"{_cell(item)}: a table cell ({item['tag']}, {item['width']} px; {item['style']}) {what}: "
                        f"{item['text']!r}")

    for item in right_prose:
        problems.append(f"{_cell(item)}: a table cell of words stands {item['align']}-aligned: {item['text']!r}")

    report = [f"{lesson}: opened in {opened - started:.1f} s, cells ran in {ran - opened:.1f} s",
              f"screenshots: {', '.join(shot.name for shot in shots)}", ""]
    report += [f"{_cell(entry)} stderr:\n{text}" for entry in cells for text in entry["stderr"]]
    report += [f"page error: {error}" for error in page_errors]
    report += [f"{_cell(item)}: text cut in {item['element']}: {item['text']!r} needs {item['needs']} px, has {item['has']}"
               for item in cut_texts]
    report += ["", f"at {NARROWEST} px (output areas narrowed; reported, not failed on): "
               + ("everything fits" if not narrow_overflows else "")]
    report += [_overflow_text(item) for item in narrow_overflows]
    report += ["", "problems:" if problems else "no problems"] + problems
    Path(f"{stem}.txt").write_text("\n".join(report) + "\n", encoding="utf-8")

    if problems:
        pytest.fail(f"{lesson} in JupyterLab at {WIDTH} px ({len(problems)} problems; screenshots "
                    f"{stem}-NN.png):\n\n" + "\n\n".join(problems), pytrace=False)


SELF_TEST_CELLS = [
    "import sys\nimport ipywidgets as w\n"
    "w.HBox([w.Button(description='too wide', layout=w.Layout(width='2000px', flex='0 0 auto'))])",
    "w.HBox([w.Button(description='scrolls', layout=w.Layout(width='2000px', flex='0 0 auto'))],"
    " layout=w.Layout(overflow='auto')).add_class('self-test-scroller')",
    "w.HBox([w.Button(description='fits', layout=w.Layout(width='300px')),"
    " w.Button(description='a description cut short', layout=w.Layout(width='60px'))])",
    # 3: a table wider than the output area, in html_table's own scroll box: its right columns are hidden
    "import pandas as pd\nfrom explorer.core.display import html_table\n"
    "html_table(pd.DataFrame({f'column_{i}': [123456.5] for i in range(30)}), caption='a wide table')",
    # 4: the same in a panel's HTML widget made to scroll (what a panel's table box is): still cut
    "w.HTML(html_table(pd.DataFrame({f'column_{i}': [7.5] for i in range(30)}))._repr_html_(),"
    " layout=w.Layout(max_width='100%', overflow='auto')).add_class('self-test-table-box')",
    # 5: a table that fits, in the same boxes
    "display(html_table(pd.DataFrame({'narrow': [1.5]})))\n"
    "w.HTML(html_table(pd.DataFrame({'narrow too': [2.5]}))._repr_html_(), layout=w.Layout(overflow='auto'))",
    "print('a warning, not an error', file=sys.stderr)",
    "out = w.Output()\ndisplay(out)\nwith out:\n    raise KeyError('inside an Output widget')",
    "1 / 0",
    "print('never run: Run All stops at the error')",
]


def test_the_checks_find_errors_and_overflows_and_spare_a_scroller(page, lab_server, lab_kernels_shut_down,
                                                                   artifacts_dir):
    """The checks above on a notebook made for them (written under test-artifacts/, which the
    server's root contains): without this, a JupyterLab that renamed its classes would pass every lesson."""
    import nbformat

    folder = artifacts_dir / "lab"
    folder.mkdir(parents=True, exist_ok=True)
    notebook = folder / "checks_self_test.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in SELF_TEST_CELLS])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, notebook)
    path = notebook.relative_to(REPO_ROOT).as_posix()

    open_lab_notebook(page, lab_server, path, timeout_ms=OPEN_TIMEOUT_MS, screenshot=folder / "checks_self_test-open.png")
    outputs = run_all_lab_cells(page, timeout_ms=RUN_TIMEOUT_MS, screenshot=folder / "checks_self_test-timeout.png")
    overflows = lab_overflows(page)
    cut_texts = lab_cut_texts(page)

    cells = outputs["cells"]
    assert [bool(c["errors"]) for c in cells] == [False] * 8 + [True, False]
    assert "ZeroDivisionError" in cells[8]["errors"][0]
    assert "KeyError" in " ".join(cells[7]["shown"]) and not cells[6]["errors"] and cells[6]["stderr"]
    assert cells[9]["count"] is None
    assert [(item["index"], item["element"].split(".")[0]) for item in overflows] == [
        (0, "button"), (3, "table"), (4, "table")], overflows
    assert overflows[0]["over"] > 1000 and overflows[0]["text"] == "too wide"
    assert overflows[1]["text"].startswith("a wide table") and overflows[1]["width"] > overflows[1]["area"] + 1000
    assert overflows[2]["cut_by"].startswith("div") and overflows[2]["over"] > 500, overflows[2]
    # the panels' check (pages.fit_problems) spares the scroller and finds the table cut in its box
    assert fit_problems(page, ".self-test-scroller")[1] == []
    table_box = fit_problems(page, ".self-test-table-box")[1]
    assert len(table_box) == 1 and table_box[0].startswith("table") and "cut by div" in table_box[0], table_box
    assert [(item["index"], item["text"]) for item in cut_texts] == [(2, "a description cut short")], cut_texts


WORD_CHECK_CELLS = [
    # 0: a word broken anywhere (what JupyterLab showed: "injur-ed")
    "from IPython.display import HTML\n"
    "HTML('<table><tr><td style=\"width: 40px; word-break: break-all\">injured attacker</td></tr></table>')",
    # 1: words kept whole, a line break after a hyphen and at a <wbr>, a long token in a scrolling box
    "HTML('<table><tr><td style=\"width: 60px\">injured attacker rear-arc</td>"
    "<th style=\"width: 60px\">injuries_<wbr>dealt</th></tr></table>')",
    # 2: a header cut short with an ellipsis
    "HTML('<table><tr><th style=\"max-width: 50px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap\">"
    "injuries_dealt[Vampire]</th></tr></table>')",
]


def test_the_word_check_finds_a_broken_word_and_a_cut_header(page, lab_server, lab_kernels_shut_down, artifacts_dir):
    """The table-cell check on a notebook made for it: without this, a check that never finds a
    break (a Range API that changed, a selector that matches nothing) would pass every lesson."""
    import nbformat

    folder = artifacts_dir / "lab"
    folder.mkdir(parents=True, exist_ok=True)
    notebook = folder / "word_check_self_test.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in WORD_CHECK_CELLS])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, notebook)
    path = notebook.relative_to(REPO_ROOT).as_posix()

    open_lab_notebook(page, lab_server, path, timeout_ms=OPEN_TIMEOUT_MS, screenshot=folder / "word_check-open.png")
    outputs = run_all_lab_cells(page, timeout_ms=RUN_TIMEOUT_MS, screenshot=folder / "word_check-timeout.png")
    assert [c["count"] is not None and not c["errors"] for c in outputs["cells"]] == [True] * 3, outputs
    found = lab_broken_words(page)
    assert [(item["index"], item["kind"]) for item in found] == [(0, "broken"), (2, "cut")], found
    assert "|" in found[0]["word"] and "break-all" in found[0]["style"]
