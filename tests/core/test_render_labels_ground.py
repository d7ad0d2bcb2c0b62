"""Ground, tints and arrows in the label check (explorer/core/render_labels.py ``label_collisions``,
``mark_ground``, ``arrow_paths``, ``LabelPlacer.avoid_ground``), for every system's figures.

behind-2003-rulebook.txt, "Movement" (a move drawn as an arrow from where the chip stood to where it
ends) and "Unser Revier!" (the zones of the setup drawn as tints on the table): a label must not be
struck through by an arrow, and a tint that carries meaning (marked as ground that matters) must not be
hidden under a label; a faint tint marked as plain ground is no obstacle.
"""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, PathPatch, Rectangle
from matplotlib.path import Path

from explorer.core.render_labels import (LabelPlacer, annotation, arrow_paths, is_ground, label_collisions,
                                         mark_ground, renderer_of)


def board():
    """A 40 x 25 cm board at 100 dpi, 6 x 4 inches, with one label at (10, 10)."""
    figure = Figure(figsize=(6, 4), dpi=100)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0.05, 0.05, 0.9, 0.9))
    ax.set_xlim(0, 40)
    ax.set_ylim(0, 25)
    ax.add_patch(Rectangle((0, 0), 40, 25, facecolor="#f3ead8", zorder=0))  # the board: ground, never marked
    label = ax.text(10, 10, "Ludwig", fontsize=10, ha="center", va="center")
    return figure, ax, label


def problems(figure):
    return label_collisions(figure, every_text=False)


def test_a_tint_is_ground_a_label_may_lie_on_until_it_is_marked_as_mattering():
    """"Unser Revier!": the edge player's strip is a translucent tint; a name on it is fine -- unless the
    tint is marked as ground that matters, then the name on it is reported."""
    figure, ax, _ = board()
    strip = ax.add_patch(Rectangle((0, 8), 40, 4, facecolor="#d62728", alpha=0.1, label="Vampire's edge"))
    assert problems(figure) == [] and is_ground(strip) is None
    assert mark_ground(strip) is strip and is_ground(strip) is True
    assert problems(figure) == ["'Ludwig' on ground that matters (Vampire's edge)"]
    strip.set_y(18)  # the tint away from the name
    assert problems(figure) == []


def test_a_faint_filled_outline_marked_as_plain_ground_is_no_obstacle():
    """"Unser Revier!" ("between the obstacles"): the area between the obstacles is a filled outline
    (a PathPatch) of a faint tint; unmarked it counts as an obstacle, marked as plain ground it does not."""
    figure, ax, _ = board()
    area = ax.add_patch(PathPatch(Path([(4, 6), (20, 6), (20, 16), (4, 16), (4, 6)], closed=True),
                                  facecolor=(0.1, 0.4, 0.7, 0.05)))
    assert problems(figure) == ["'Ludwig' on an obstacle"]
    mark_ground(area, avoid=False)
    assert is_ground(area) is False and problems(figure) == []


def test_an_arrow_through_a_label_is_reported_and_an_annotations_own_arrow_is_not():
    """"Movement": a move's arrow drawn through a chip's name strikes it through; the leader an
    annotation draws to its own point does not count, another annotation's arrow does."""
    figure, ax, label = board()
    move = ax.add_patch(FancyArrowPatch((2, 10), (30, 10), arrowstyle="-|>", mutation_scale=12))
    assert problems(figure) == ["'Ludwig' crossed by an arrow"]
    move.set_positions((2, 20), (30, 20))  # the arrow above the name
    assert problems(figure) == []
    leader = ax.annotate("5.0 cm", (2, 10), xytext=(30, 10), textcoords="data", fontsize=10,
                         arrowprops=dict(arrowstyle="-", color="black"))  # its line from (30, 10) through the name
    assert "'Ludwig' crossed by the arrow of '5.0 cm'" in problems(figure)
    assert "crossed" not in " ".join(label_collisions(figure, every_text=False, arrows=False))
    leader.xy = (30, 1)  # its line down, away from the name: its own arrow meets only itself
    assert problems(figure) == []


def test_an_arrow_far_away_does_not_count_the_stray_closing_vertex_is_left_out():
    """"Movement": an arrow with a filled head ends its path with a CLOSEPOLY vertex at (0, 0) pixels,
    which Path.intersects_bbox takes for a point of the arrow: a name between the figure's corner and the
    arrow was reported as crossed.  The arrow's polylines leave it out."""
    figure, ax, label = board()
    label.set_position((3, 2))  # near the figure's corner, far from the arrow
    ax.add_patch(FancyArrowPatch((20, 20), (35, 20), arrowstyle="-|>", mutation_scale=12))
    figure.draw(renderer_of(figure))
    paths = arrow_paths(ax)
    assert paths and all(path.codes is None for path, _ in paths)
    assert min(float(path.vertices[:, 1].min()) for path, _ in paths) > 200  # nothing near (0, 0)
    assert problems(figure) == []


def test_the_placer_keeps_a_label_off_marked_ground_and_arrows():
    """"Movement" / "Unser Revier!": a name placed by LabelPlacer after avoid_ground() takes a spot off a
    tint marked as mattering and off a move's arrow, where without it it takes the first spot."""
    figure, ax, _ = board()
    ax.add_patch(FancyArrowPatch((2, 11.8), (30, 11.8), arrowstyle="-|>", mutation_scale=12))  # above the anchor
    mark_ground(ax.add_patch(Rectangle((0, 0), 40, 8.5, facecolor="#1f77b4", alpha=0.1)))  # below it
    figure.draw(renderer_of(figure))
    spots = [(0, 12, "center", "bottom"), (0, -12, "center", "top"), (14, 0, "left", "center")]
    plain = LabelPlacer(ax)
    name = annotation(ax, "Sahra", (20, 10), fontsize=10)
    assert plain.place(name, spots) == 0.0 and name.get_va() == "bottom"  # it knows of no arrow: the first spot
    assert "'Sahra' crossed by an arrow" in problems(figure)
    careful = LabelPlacer(ax)
    careful.avoid_ground()
    assert careful.place(name, spots) == 0.0 and name.get_ha() == "left"
    assert [p for p in problems(figure) if p.startswith("'Sahra'")] == []


@pytest.mark.parametrize("avoid", [True, False])
def test_mark_ground_says_which_kind(avoid):
    figure, ax, _ = board()
    patch = mark_ground(ax.add_patch(Rectangle((0, 0), 1, 1)), avoid=avoid)
    assert is_ground(patch) is avoid
