"""The scenario designer's table picture reads cleanly (issue 11): the labels LiveTable places -- chip
names, obstacle labels, distances -- inside the axes, clear of every chip, obstacle and other label, and
each chip's name beside its own chip (or joined to it by a leader line), checked on the designer's figure
with :func:`explorer.core.render_labels.label_collisions`.

Rules: behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"), Setup: "The first player places his
character chips between the obstacles in the middle of the table. A chip may be at most one card length
from another chip."
"""

import pytest

from explorer.behind import layouts as L
from explorer.behind.panels.panel_designer import DesignerPanel
from explorer.core.render_labels import label_collisions

LUDWIG = "Ludwig von Auenstedt"


@pytest.fixture
def designer(tmp_path) -> DesignerPanel:
    """The designer on its shipped example, without a browser (as tests/behind/test_panel_designer.py)."""
    return DesignerPanel(L.load_layout("unser_revier_example"), folder=tmp_path, canvas="png")


def live_table_collisions(panel) -> list[str]:
    """:func:`label_collisions` of the designer's figure as shown, each chip name mapped to its chip's
    centre; the designer's own zone names (placed by the panel, not by LiveTable) and its middle area's
    faint tint (no obstacle) are left out."""
    panel.png()
    table = panel.design.table
    named = {a.label.get_text(): table.chip(name).position for name, a in panel.live.chip_artists.items()}
    zones = {repr(t.get_text()) for t in panel.zone_labels.visible()}
    panel.middle_area.set_visible(False)
    try:
        problems = label_collisions(panel.view.figure, named=named)
    finally:
        panel.middle_area.set_visible(True)
    return [p for p in problems if not any(p.startswith(words) for words in zones)]


def test_the_shipped_example_names_each_sister_beside_her_own_chip(designer):
    """Section "Unser Revier!", Setup ("at most one card length from another chip"): in the shipped example
    Seherin Ilse, Johanna and Schwester Agathe stand close together; at the designer's 580 px "Seherin" and
    "Johanna" stood nearer Schwester Agathe's chip than their own.  Now every label is clear and every name
    reads as its own chip's."""
    assert designer.view.pixel_size[0] == 580
    assert live_table_collisions(designer) == []


def test_the_lesson_s_crowd_names_each_chip_beside_its_own(designer):
    """Section "Unser Revier!", Setup: Ludwig dragged close to the sisters between the obstacles
    (notebooks/behind/05_scenario_designer.ipynb): the labels stay clear and by their own chips."""
    designer.move(LUDWIG, 56, 20)
    assert live_table_collisions(designer) == []
