"""The designer's zone names keep clear of the chips (issue 11): "Vampire's edge (bottom, within 8.8
cm)" touched Isabeau's chip in lesson 5 -- a zone's name next to a chip reads as that chip's."""

import math

from explorer.behind.layouts import new_layout
from explorer.behind.panels import DesignerPanel
from explorer.behind.panels.panel_designer import ZONE_LABEL_ROOM
from explorer.core.render_labels import renderer_of


def _lesson_5_after_the_vampires(tmp_path):
    """Lesson 5 (notebooks/behind/05_scenario_designer.ipynb), cells 3-12: the five sisters placed and
    Johanna moved, then the four Vampires at the south edge."""
    designer = DesignerPanel(new_layout("unser_revier"), folder=tmp_path, canvas="png")
    designer.mode.value = "add chip"
    designer.player.value = "Schwesternbund"
    for x, y, facing in [(60, 38, 270), (54, 40, 250), (66, 40, 290), (57, 45, 270), (63, 45, 270)]:
        designer.turn(designer.press(x, y), facing)
    designer.mode.value = "move"
    designer.press(63, 45)
    designer.drag_to(73, 46)
    designer.release(76, 44)
    designer.mode.value = "add chip"
    designer.player.value = "Vampire"
    for x, y in [(56, 20), (50, 5), (62, 5), (68, 6)]:
        designer.press(x, y)
    for name, facing in zip(designer.design.characters("Vampire"), (90, 80, 100, 110)):
        designer.turn(name, facing)
    return designer


def test_lesson_5_zone_names_keep_a_chip_s_room(tmp_path):
    """Every zone name shown stays 8 points off every chip's rim (:data:`ZONE_LABEL_ROOM`, 10 pt, where
    there is room) -- among them the Vampires' edge, named beside Isabeau's chip."""
    designer = _lesson_5_after_the_vampires(tmp_path)
    designer.png()
    ax = designer.ax
    figure = ax.figure
    renderer = renderer_of(figure)
    figure.draw(renderer)
    to_px = ax.transData.transform
    table = designer.design.table
    r_px = abs(to_px((table.radius, 0))[0] - to_px((0, 0))[0])
    least = 8.0 * figure.dpi / 72.0
    assert ZONE_LABEL_ROOM >= 8.0
    names = [t for t in designer.zone_labels.visible() if t.get_text()]
    assert any(t.get_text().startswith("Vampire's edge") for t in names)
    for text in names:
        box = text.get_window_extent(renderer)
        for chip in table.chips:
            cx, cy = to_px(chip.position)
            nx, ny = min(max(cx, box.x0), box.x1), min(max(cy, box.y0), box.y1)
            assert math.hypot(nx - cx, ny - cy) - r_px >= least, (text.get_text(), chip.name)
