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
    centre, the zone names included (the middle area's faint tint is marked as plain ground, no obstacle:
    :func:`~explorer.core.render_labels.mark_ground`)."""
    panel.png()
    table = panel.design.table
    named = {a.label.get_text(): table.chip(name).position for name, a in panel.live.chip_artists.items()}
    return label_collisions(panel.view.figure, named=named)


def labels_across_distance_lines(panel) -> list[str]:
    """Every label of the designer's table (chip, obstacle and zone names) that a broken distance's red
    line runs through; a distance's own label stands on its line and is left out."""
    from matplotlib.path import Path

    from explorer.core.render_labels import renderer_of

    panel.png()
    renderer = renderer_of(panel.view.figure)
    lines = [Path(line.get_transform().transform(line.get_xydata())) for line in panel.mark_lines.visible()]
    marks = set(map(id, panel.mark_labels.visible()))
    found = []
    for text in panel.ax.texts:
        if id(text) in marks or not (text.get_visible() and text.get_text().strip()):
            continue
        box = text.get_window_extent(renderer)
        found += [f"{text.get_text()!r} crossed by a distance line" for path in lines
                  if path.intersects_bbox(box, filled=False)]
    return found


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


def test_the_zones_are_named_clear_of_chips_obstacles_distance_lines_and_other_labels(designer):
    """Section "Unser Revier!", Setup ("The first player places his character chips between the obstacles
    in the middle of the table. A chip may be at most one card length from another chip"; the other player
    sets up along a table edge): the names of the zones -- the middle of the table, the area between the
    obstacles, the edge player's strip -- are placed like the chips' names (LabelPlacer.place_near), each
    inside or against its zone and clear of every chip, obstacle, label and broken distance's line.  In
    the shipped example "middle of the table (obstacles)" stood on the crate (a fixed corner); with Ludwig
    dragged up among the sisters, the red lines of his broken distances ran through "well (h 5 cm)"."""
    zones = {t.get_text() for t in designer.zone_labels.visible()}
    assert zones == {"between the obstacles (Schwesternbund)", "middle of the table (obstacles)",
                     "Vampire's edge (bottom, within 8.8 cm)"}
    assert live_table_collisions(designer) == []
    designer.move(LUDWIG, 56, 20)
    assert len(designer.mark_lines.visible()) >= 3  # Ludwig too far from the other Vampires
    assert {t.get_text() for t in designer.zone_labels.visible()} == zones
    assert live_table_collisions(designer) == []
    assert labels_across_distance_lines(designer) == []


def test_a_drag_leaves_the_zone_names_where_they_are(designer):
    """Section "Unser Revier!", Setup: while a chip is dragged the zone names stay put (they are placed for
    the committed layout); the drop places them again, clear of the chip where it now stands."""
    from types import SimpleNamespace

    mouse = lambda x, y: SimpleNamespace(inaxes=designer.ax, xdata=x, ydata=y, button=1)  # noqa: E731
    before = [(t.get_text(), tuple(t.xy), t.get_ha(), t.get_va()) for t in designer.zone_labels.visible()]
    chip = designer.design.table.chip(LUDWIG)
    designer._on_press(mouse(chip.x, chip.y))
    for k in range(1, 8):
        designer._on_motion(mouse(chip.x + 4.0 * k, chip.y + 0.2 * k))
        assert [(t.get_text(), tuple(t.xy), t.get_ha(), t.get_va()) for t in designer.zone_labels.visible()] == before
    designer._on_release(mouse(chip.x + 28.0, chip.y + 1.4))
    assert designer.design.table.chip(LUDWIG).position == (chip.x + 28.0, chip.y + 1.4)
    assert live_table_collisions(designer) == []
