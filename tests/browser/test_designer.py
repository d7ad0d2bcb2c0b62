"""The scenario designer, served by Voila: it checks the setup rules live while a chip is dragged, and
answers every click in words (issue 11: select, move, add a chip, add an obstacle, start a game and play
a move, save to a folder of the user's).  And it fits JupyterLab's and Voila's output areas at a 1024 px
window: the canvas lies inside the output area as drawn (an ipympl canvas is never scaled: a click must land
where it is made), nothing scrolls sideways.

Contract with the app notebook (notebooks/apps/scenario_designer.ipynb: ``%matplotlib widget``, then
``DesignerPanel(load_layout("unser_revier_example"))``): the figure is an ipympl canvas inside the
widget with CSS class ``designer-figure``, its axes fill it; the hidden HTML widget ``designer-geometry``
holds ``{"xlim": [x0, x1], "ylim": [y0, y1], "axes": [0, 0, 1, 1], "size": [w, h]}`` (cm and pixels); the
HTML widget ``designer-validation`` lists the broken rules (``.designer-verdict`` sums them up).

The example layout (data/behind/scenarios/layouts/unser_revier_example.json) breaks no rule of "Unser
Revier!"; dragging a Vampire chip from the bottom edge 14 cm towards the Sisterhood brings it within three
card lengths of an enemy chip (behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "every chip
must be at least three card lengths from an enemy character chip"), so the list names it.
"""

from __future__ import annotations

import json
import math
import re
import time
from pathlib import Path

import pytest

from tests.browser.conftest import REPO_ROOT
from tests.browser.pages import (canvas_fit, lab_overflows, open_app, open_lab_notebook, run_all_lab_cells,
                                 screenshot_lab_notebook, settled_text, whole_page_screenshot)

pytestmark = pytest.mark.browser

NOTEBOOK = "apps/scenario_designer.ipynb"
EXAMPLE = Path(__file__).resolve().parents[2] / "data/behind/scenarios/layouts/unser_revier_example.json"
VALIDATION = ".designer-validation"
VERDICT = ".designer-validation .designer-verdict"
CANVAS = ".designer-figure canvas"
GEOMETRY = ".designer-geometry"
STATUS = ".designer-status"
DRAGGED = "Ludwig von Auenstedt"
DRAG_CM = 14.0  # straight up, towards the middle of the table
LOAD_TIMEOUT_MS = 90_000  # page load + notebook execution + widget and canvas rendering
UPDATE_TIMEOUT_MS = 30_000  # mouse release -> kernel handler -> new validation text


def chip_position(name: str) -> tuple[float, float]:
    layout = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    chip = next(c for c in layout["table"]["chips"] if c["name"] == name)
    return chip["x"], chip["y"]


def to_pixels(box: dict, geometry: dict, x: float, y: float) -> tuple[float, float]:
    """Page pixels of the table point ``(x, y)`` cm: the axes fill the canvas (``axes`` fractions)."""
    (x0, x1), (y0, y1) = geometry["xlim"], geometry["ylim"]
    ax0, ay0, ax1, ay1 = geometry["axes"]
    fx = ax0 + (x - x0) / (x1 - x0) * (ax1 - ax0)
    fy = ay0 + (y - y0) / (y1 - y0) * (ay1 - ay0)
    return box["x"] + fx * box["width"], box["y"] + (1 - fy) * box["height"]


def test_dragging_a_chip_towards_the_enemy_breaks_the_distance_rule(page, voila_app_url, artifacts_dir):
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    before_png = artifacts_dir / "designer_before.png"
    after_png = artifacts_dir / "designer_after.png"
    log = artifacts_dir / "voila.log"

    open_app(page, voila_app_url(NOTEBOOK), (VERDICT, CANVAS, (GEOMETRY, "attached")), screenshot=before_png,
             log=log, timeout_ms=LOAD_TIMEOUT_MS, what="the designer")

    verdict = page.locator(VERDICT)
    validation = page.locator(VALIDATION)
    text_before = settled_text(verdict)
    assert "breaks no rule" in text_before, f"the example layout should break no rule, the page says {text_before!r}"
    geometry = json.loads(page.locator(GEOMETRY).text_content())
    canvas = page.locator(CANVAS).first
    canvas.scroll_into_view_if_needed()
    time.sleep(0.5)  # the canvas image arrives after the element
    box = canvas.bounding_box()
    assert box is not None, "the designer's canvas has no bounding box"
    width, height = geometry["size"]
    assert abs(box["width"] - width) <= 2 and abs(box["height"] - height) <= 2, (
        f"the canvas is {box['width']} x {box['height']} px on the page, the figure {width} x {height} px")
    page.screenshot(path=before_png, full_page=True)

    x, y = chip_position(DRAGGED)
    start = to_pixels(box, geometry, x, y)
    end = to_pixels(box, geometry, x, y + DRAG_CM)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=12)
    page.mouse.up()

    try:
        page.wait_for_function(
            "([sel, before]) => { const e = document.querySelector(sel);"
            " return e !== null && e.textContent.trim() !== before; }",
            arg=[VERDICT, text_before.strip()], timeout=UPDATE_TIMEOUT_MS)
        changed = True
    except PlaywrightTimeoutError:
        changed = False
    status = page.locator(STATUS).inner_text()
    if not changed:
        page.screenshot(path=after_png, full_page=True)
        pytest.fail(f"{VERDICT} stayed {text_before!r} for {UPDATE_TIMEOUT_MS / 1000:.0f} s after dragging "
                    f"{DRAGGED} from {start} to {end} (page pixels); status {status!r}; see {before_png}, "
                    f"{after_png} and {log}", pytrace=False)
    listed = settled_text(validation)
    status = settled_text(page.locator(STATUS))
    page.screenshot(path=after_png, full_page=True)

    assert "broken rule" in settled_text(verdict), listed
    assert f"{DRAGGED} moved to" in status, f"the drag did not move {DRAGGED}: status {status!r}"
    assert "at least 3 card lengths (26.4 cm) from an enemy chip" in listed and DRAGGED in listed, (
        f"after dragging {DRAGGED} {DRAG_CM:g} cm towards the Sisterhood the list should name the broken enemy "
        f"distance; it says {listed!r}; see {before_png} and {after_png}")


# --- every click answered (issue 11) ------------------------------------------------------------------
MESSAGE_TIMEOUT_MS = 30_000  # click -> kernel -> message line
GAME_TIMEOUT_MS = 60_000  # start game -> the play panel drawn
CRATE = (38.0, 28.0)  # the crate's centre in the example layout (cm)
LUDWIG_AT = (56.0, 6.0)


def wait_for_text(page, selector: str, words: str, what: str, shot: Path, timeout_ms: int = MESSAGE_TIMEOUT_MS) -> str:
    """The text of ``selector`` once it contains ``words``; else fail with a screenshot and what it says."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function("([sel, words]) => { const e = document.querySelector(sel);"
                               " return e !== null && e.textContent.includes(words); }",
                               arg=[selector, words], timeout=timeout_ms)
    except PlaywrightTimeoutError:
        page.screenshot(path=shot, full_page=True)
        said = page.locator(selector).first.inner_text() if page.locator(selector).count() else "(nothing)"
        pytest.fail(f"after {what} {selector} should say {words!r} within {timeout_ms / 1000:.0f} s; it says "
                    f"{said!r}; see {shot}", pytrace=False)
    return page.locator(selector).first.inner_text()


class Designer:
    """The designer's page: clicks on the table in cm, the buttons and fields by their CSS classes."""

    def __init__(self, page, artifacts: Path):
        self.page, self.artifacts = page, artifacts
        self.geometry = json.loads(page.locator(GEOMETRY).text_content())
        canvas = page.locator(CANVAS).first
        canvas.scroll_into_view_if_needed()
        time.sleep(0.5)
        self.box = canvas.bounding_box()

    def said(self, words: str, what: str) -> str:
        return wait_for_text(self.page, STATUS, words, what, self.artifacts / "designer_failed.png")

    def click_table(self, x: float, y: float) -> None:
        self.page.locator(CANVAS).first.scroll_into_view_if_needed()
        self.box = self.page.locator(CANVAS).first.bounding_box()
        self.page.mouse.click(*to_pixels(self.box, self.geometry, x, y))

    def mode(self, name: str) -> None:
        self.page.locator(".designer-mode button", has_text=name).click()

    def button(self, css: str) -> None:
        self.page.locator(f"{css}").first.click()

    def shot(self, name: str, top: str = ".designer-toolbar") -> Path:
        """A screenshot with ``top`` at the top of the window, once the canvas image has caught up."""
        self.page.locator(top).first.evaluate("(e) => e.scrollIntoView({block: 'start'})")
        time.sleep(1.5)
        path = self.artifacts / name
        self.page.screenshot(path=path)
        return path


def test_every_click_is_answered_in_words_next_to_the_table(page, voila_app_url, artifacts_dir, tmp_path):
    log = artifacts_dir / "voila.log"
    open_app(page, voila_app_url(NOTEBOOK), (VERDICT, CANVAS, STATUS, (GEOMETRY, "attached")),
             screenshot=artifacts_dir / "designer_open.png", log=log, timeout_ms=LOAD_TIMEOUT_MS, what="the designer")
    designer = Designer(page, artifacts_dir)
    designer.said("Click a chip or an obstacle to select it", "opening the designer")
    # the message line sits right above the table, not below the fold
    status_box = page.locator(STATUS).bounding_box()
    assert status_box["y"] + status_box["height"] <= designer.box["y"] + 2 and \
        designer.box["y"] - (status_box["y"] + status_box["height"]) < 40, (status_box, designer.box)

    # select: a click on a chip selects it and moves nothing
    designer.click_table(*LUDWIG_AT)
    said = designer.said(f"{DRAGGED} selected: drag it, or click on the table to move it", "a click on Ludwig")
    assert "moved" not in said
    designer.shot("designer_selected.png")

    # move: a click on the table moves the selected chip there, a second one back
    designer.click_table(56.0, 14.0)
    said = designer.said(f"{DRAGGED} moved to (", "a click on the table with Ludwig selected")
    assert "broken rule" in settled_text(page.locator(VERDICT)), "14 cm from the edge breaks the edge rule"
    designer.click_table(*LUDWIG_AT)
    designer.said(f"{DRAGGED} moved to (", "a click on his old place")
    assert "breaks no rule" in settled_text(page.locator(VERDICT))

    # add chip: with all of them on the table the answer says so in words; then one taken off and placed again
    designer.mode("add chip")
    page.locator(".designer-player select").select_option(index=1)  # Vampire
    said = designer.said("Vampire has placed all his chips. Choose another player", "add chip, Vampire chosen")
    designer.click_table(100.0, 60.0)
    said = designer.said("Vampire has placed all his chips (", "a click in add chip with every chip placed")
    assert "field" not in said and "layout" not in said, said
    designer.mode("move")
    designer.click_table(*LUDWIG_AT)
    designer.said(f"{DRAGGED} selected", "a click on Ludwig")
    designer.button(".designer-remove")
    designer.said(f"{DRAGGED} is off the table", "remove")
    designer.mode("add chip")
    designer.said(f"Click on the table to place {DRAGGED} (Vampire's next chip).", "add chip")
    designer.click_table(*LUDWIG_AT)
    designer.said(f"Vampire places {DRAGGED} at (", "a click in add chip")
    designer.shot("designer_chip_added.png")

    # add obstacle: the list holds every piece of the scenario; the crate taken off and placed again
    pieces = page.locator(".designer-piece select option").all_inner_texts()
    names = [p.replace("\xa0", " ").split(" (")[0] for p in pieces]
    assert names == ["crate", "well", "cart", "hedge", "barrel", "low wall"], pieces
    designer.mode("move")
    designer.click_table(*CRATE)
    designer.said("The crate selected", "a click on the crate")
    designer.button(".designer-remove")
    designer.said("crate is off the table", "remove")
    designer.mode("add obstacle")
    designer.said("Click on the table to place the crate.", "add obstacle")
    designer.click_table(*CRATE)
    designer.said("The crate is placed at (", "a click in add obstacle")
    assert "breaks no rule" in settled_text(page.locator(VERDICT))
    designer.shot("designer_obstacle_added.png")

    # start game: the game opens in the play panel below; one move played
    designer.button(".designer-start")
    designer.said("Game started: Schwesternbund begins.", "start game")
    actions = page.locator(".designer-game-panel .replay-actions select")
    actions.wait_for(state="visible", timeout=GAME_TIMEOUT_MS)
    wait_for_text(page, ".designer-game-panel .replay-message", "Schwesternbund to act", "start game",
                  artifacts_dir / "designer_failed.png")
    offered = [text.replace("\xa0", " ") for text in actions.locator("option").all_inner_texts()]  # the dropdown shows spaces as no-break spaces
    move = next(i for i, text in enumerate(offered) if " moves " in text)  # in words (describe_action)
    actions.select_option(index=move)
    page.locator(".designer-game-panel .replay-apply").click()
    wait_for_text(page, ".designer-game-panel .replay-status", "step 9 of 9", "apply",
                  artifacts_dir / "designer_failed.png")
    wait_for_text(page, ".designer-game-panel .replay-step", offered[move].split("(")[0], "apply",
                  artifacts_dir / "designer_failed.png")
    assert "2 actions left" in page.locator(".designer-game-panel .replay-status").inner_text()
    designer.shot("designer_game.png", top=".designer-save-row")

    # save: into the folder typed in (layouts/ under it); the explorer's data folder is refused
    page.locator(".designer-folder input").fill(str(tmp_path))
    designer.said(f"Layouts are saved in {tmp_path / 'layouts'}", "typing a folder")
    page.locator(".designer-filename input").fill("browser test")
    designer.button(".designer-save")
    saved = tmp_path / "layouts" / "browser test.json"
    designer.said(f"Saved as {saved}.", "save")
    wait_for_text(page, ".designer-file-status", f"Saved as {saved}.", "save", artifacts_dir / "designer_failed.png")
    assert saved.is_file() and json.loads(saved.read_text(encoding="utf-8"))["scenario"] == "unser_revier"
    designer.shot("designer_saved.png", top=".designer-validation")
    shipped = sorted(p.name for p in EXAMPLE.parent.iterdir())
    page.locator(".designer-folder input").fill(str(REPO_ROOT / "data"))
    designer.said("saved in", "typing the data folder")
    designer.button(".designer-save")
    designer.said("inside the explorer's own data folder", "save into data/")
    assert sorted(p.name for p in EXAMPLE.parent.iterdir()) == shipped
    assert not (REPO_ROOT / "data" / "layouts").exists()
    designer.shot("designer_refused_data.png", top=".designer-validation")


# --- the fit at a 1024 px window (issue 11) -----------------------------------------------------------
EMPTY_PLACE = (100.0, 16.0)  # nothing stands here in the example layout (cm); far from the canvas's corner


def check_a_click_lands_where_it_is_made(page, artifacts_dir: Path, shot: str) -> None:
    """A click on Ludwig selects him; a click on an empty place moves him there, and the place the kernel
    was told (the message line, 0.1 cm) is the table point clicked: nothing scales the canvas."""
    designer = Designer(page, artifacts_dir)
    designer.click_table(*LUDWIG_AT)
    designer.said(f"{DRAGGED} selected", "a click on Ludwig")
    designer.click_table(*EMPTY_PLACE)
    said = designer.said(f"{DRAGGED} moved to (", f"a click at {EMPTY_PLACE} cm with Ludwig selected")
    match = re.search(r"moved to \((-?[\d.]+), (-?[\d.]+)\)", said)
    assert match, said
    landed = float(match.group(1)), float(match.group(2))
    page.locator(CANVAS).first.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    time.sleep(1.0)  # the moved chip's picture
    page.screenshot(path=artifacts_dir / shot)
    assert math.dist(landed, EMPTY_PLACE) <= 0.5, (
        f"a click at {EMPTY_PLACE} cm moved {DRAGGED} to {landed} cm; see {artifacts_dir / shot}")


def fit_failure(found: dict, problems: list[str], shots: str) -> str:
    return "\n".join(problems) + f"\n(canvas {found.get('canvas')}, output area {found.get('area')}; see {shots})"


def test_the_designer_fits_jupyterlab_at_1024_px(page, lab_server, lab_kernels_shut_down, artifacts_dir):
    """JupyterLab's output area at a 1024 px window (file browser open, about 590 px): no widget of the
    designer runs past it, the canvas lies inside it as drawn and nothing scrolls sideways; a click on
    the canvas lands on the table point clicked."""
    page.set_viewport_size({"width": 1024, "height": 900})
    stem = artifacts_dir / "designer_lab_1024"
    path = f"notebooks/{NOTEBOOK}"
    open_lab_notebook(page, lab_server, path, timeout_ms=60_000, screenshot=Path(f"{stem}-open.png"))
    outputs = run_all_lab_cells(page, timeout_ms=120_000, screenshot=Path(f"{stem}-timeout.png"))
    errors = [e for cell in outputs["cells"] for e in cell["errors"] + cell["shown"]]
    overflows = lab_overflows(page)
    found, problems = canvas_fit(page, CANVAS)
    screenshot_lab_notebook(page, stem, height=1400)
    assert errors == [], errors
    assert overflows == [], "\n".join(f"{o['element']} runs {o['over']} px past the {o['area']} px output area: "
                                      f"{o['text']!r}" for o in overflows)
    assert not problems, fit_failure(found, problems, f"{stem}-01.png")
    check_a_click_lands_where_it_is_made(page, artifacts_dir, "designer_lab_1024_clicked.png")


def test_the_designer_fits_voila_at_1024_px(page, voila_app_url, artifacts_dir):
    """Voila's output area at a 1024 px window (about 994 px): the canvas lies inside it as drawn, nothing
    scrolls sideways, the side column stands beside the table; a click lands on the table point clicked."""
    page.set_viewport_size({"width": 1024, "height": 900})
    shot = artifacts_dir / "designer_voila_1024.png"
    open_app(page, voila_app_url(NOTEBOOK), (VERDICT, CANVAS, STATUS, (GEOMETRY, "attached")), screenshot=shot,
             log=artifacts_dir / "voila.log", timeout_ms=LOAD_TIMEOUT_MS, what="the designer")
    settled_text(page.locator(VERDICT))
    found, problems = canvas_fit(page, CANVAS)
    side = page.locator(".designer-side").first.bounding_box()
    whole_page_screenshot(page, shot)
    assert not problems, fit_failure(found, problems, shot)
    assert side["x"] >= found["canvas"]["right"] and side["x"] + side["width"] <= found["area"]["right"] + 1, (
        f"the side column ({side}) should stand beside the canvas ({found['canvas']}) inside the output area; "
        f"see {shot}")
    check_a_click_lands_where_it_is_made(page, artifacts_dir, "designer_voila_1024_clicked.png")
