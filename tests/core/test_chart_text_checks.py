"""Checks that a chart's text reads at the size it is shown (issue 11), for the chart tests of every
system (``tests/*/test_chart_text_*.py``), and tests of the checks themselves.

A figure's text is measured in points *at the size it is shown*, at 100 px a display inch (the
convention of :mod:`explorer.core.render_labels`): a PNG of ``figure_px`` pixels shown ``shown_px``
pixels wide (a panel's ``picture``, a notebook's output area: it is never enlarged) shows a text of
``size`` points at ``size * dpi / 100 * min(1, shown_px / figure_px)`` points.

* :func:`shown_too_small` -- the texts under the minimum at a given shown width;
* :func:`drawn_texts` -- every text drawn (tick labels in view, titles, axis labels, legend texts,
  the texts on the axes), measured after a draw;
* :func:`text_problems` -- the texts too small, the pairs of texts that overlap, the texts outside
  the figure, the legends over bars or plotted points: empty when the chart reads cleanly.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from explorer.core.render_labels import MIN_FONT_SIZE, overlapping_pairs, renderer_of, too_small

CHARTS = Path("/tmp/h/charts")
"""Where the chart tests save their pictures (to be looked at)."""

NOTEBOOK_WIDTH = 780
"""A notebook's output area, in px, in JupyterLab at a 1280 px window with the file browser open
(docs/panel-layout.md): a wider picture is shrunk to it."""


def saved_width_px(figure, *, tight: bool = False) -> float:
    """The width of the PNG of ``figure`` in px: the figure's, or (``tight``: how the inline backend
    of a notebook saves pyplot figures, ``bbox_inches="tight"``) its drawn content's plus 0.1 inch."""
    if not tight:
        return figure.get_figwidth() * figure.dpi
    box = figure.get_tightbbox(renderer_of(figure))
    return (box.width + 0.2) * figure.dpi


def shown_scale(figure, shown_px: float | None = None, *, tight: bool = False) -> float:
    """Display points per point of ``figure``'s text when its PNG is shown ``shown_px`` px wide at
    most (None: at its own size)."""
    width = saved_width_px(figure, tight=tight)
    shrink = 1.0 if shown_px is None else min(1.0, shown_px / width)
    return figure.dpi / 100.0 * shrink


def drawn_texts(figure) -> list:
    """Every visible, non-empty text ``figure`` draws, after drawing it: the core's
    :func:`~explorer.core.render_labels.axis_texts` (tick labels in view, titles, axis labels, legend
    and figure texts) and the texts on the axes."""
    from explorer.core.render_labels import axis_texts

    figure.draw_without_rendering()  # titles and axis labels take their places at a draw
    on_axes = [t for ax in figure.axes for t in ax.texts if t.get_visible() and t.get_text().strip()]
    return [*axis_texts(figure), *on_axes]


def shown_too_small(figure, shown_px: float | None = None, *, tight: bool = False) -> list[tuple[str, float]]:
    """``(text, points at the shown size)`` of the drawn texts under :data:`MIN_FONT_SIZE`."""
    scale = shown_scale(figure, shown_px, tight=tight)
    return [(t.get_text(), round(t.get_fontsize() * scale, 2)) for t in drawn_texts(figure)
            if t.get_fontsize() * scale < MIN_FONT_SIZE - 1e-6]


def _data_boxes(ax, renderer):
    """The window extents of ``ax``'s bars (rectangles of some size drawn in data coordinates) and
    the points of its plotted lines (lines in data coordinates, e.g. not an axhline)."""
    boxes, points = [], []
    for patch in ax.patches:  # bars and histogram bins (the axes' own background is not among them)
        if isinstance(patch, Rectangle) and patch.get_visible():
            box = patch.get_window_extent(renderer)
            if box.width > 0.5 and box.height > 0.5:
                boxes.append(box)
    for line in ax.lines:
        if isinstance(line, Line2D) and line.get_visible() and line.get_transform() == ax.transData:
            xy = line.get_xydata()
            if len(xy):
                points += [tuple(p) for p in ax.transData.transform(xy) if all(map(math.isfinite, p))]
    return boxes, points


def text_problems(figure, shown_px: float | None = None, *, tight: bool = False, slack: float = 0.5,
                  ignore_overlap=lambda a, b: False) -> dict[str, list]:
    """What makes ``figure`` hard to read, by kind (each list empty when it reads cleanly):

    * ``too_small`` -- texts under the minimum shown ``shown_px`` px wide (and by
      :func:`~explorer.core.render_labels.too_small`, the notebook's rule);
    * ``overlapping`` -- pairs of drawn texts whose window extents overlap;
    * ``outside`` -- texts reaching past the figure (not for ``tight``: the notebook's PNG grows);
    * ``legend_over_data`` -- a legend over a bar or a plotted point of its axes.

    ``ignore_overlap(a, b)``: pairs of texts that may touch (none by default)."""
    texts = drawn_texts(figure)
    renderer = renderer_of(figure)
    boxes = [t.get_window_extent(renderer) for t in texts]
    small = shown_too_small(figure, shown_px, tight=tight) + [(t.get_text(), t.get_fontsize()) for t in too_small(figure)]
    overlapping = [(texts[i].get_text(), texts[j].get_text()) for i, j in overlapping_pairs(boxes, slack)
                   if not ignore_overlap(texts[i], texts[j])]
    outside = []
    if not tight:
        page = figure.bbox
        outside = [t.get_text() for t, b in zip(texts, boxes)
                   if b.x0 < page.x0 - slack or b.y0 < page.y0 - slack or b.x1 > page.x1 + slack
                   or b.y1 > page.y1 + slack]
    covering = []
    for ax in figure.axes:
        legend = ax.get_legend()
        if legend is None or not legend.get_visible():
            continue
        frame = legend.get_window_extent(renderer)
        bars, points = _data_boxes(ax, renderer)
        if any(i == 0 for i, _ in overlapping_pairs([frame, *bars], slack)):
            covering.append((ax.get_title(), "bars"))
        if any(frame.x0 < x < frame.x1 and frame.y0 < y < frame.y1 for x, y in points):
            covering.append((ax.get_title(), "points"))
    return {"too_small": small, "overlapping": overlapping, "outside": outside, "legend_over_data": covering}


def assert_readable(figure, name: str, shown_px: float | None = None, **options) -> None:
    """Save ``figure`` to :data:`CHARTS` as ``name``.png and assert :func:`text_problems` finds nothing."""
    CHARTS.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=figure.dpi, bbox_inches="tight" if options.get("tight") else None)
    (CHARTS / f"{name}.png").write_bytes(buffer.getvalue())
    problems = {kind: found for kind, found in text_problems(figure, shown_px, **options).items() if found}
    assert not problems, f"{name}: {problems}"


# -- the checks themselves ---------------------------------------------------------------------------
def test_a_picture_shown_smaller_than_drawn_has_smaller_text():
    """8 pt drawn at 80 dpi and shown at its 580 px is 6.4 pt at 100 px an inch; shrunk to 290 px, half."""
    figure = Figure(figsize=(7.25, 3), dpi=80)
    figure.add_subplot().set_title("eight points", fontsize=8)
    assert shown_scale(figure) == 0.8 and shown_scale(figure, 290) == 0.4
    assert ("eight points", 6.4) in shown_too_small(figure, 580)
    same = Figure(figsize=(5.8, 3), dpi=100)
    same.add_subplot().set_title("eight points", fontsize=8)
    assert "eight points" not in [text for text, _ in shown_too_small(same, 580)]


def test_the_checks_find_overlapping_texts_and_a_legend_over_bars():
    figure = Figure(figsize=(5, 3), dpi=100)
    ax = figure.add_subplot()
    ax.bar([0, 1, 2], [1.0, 1.0, 1.0], label="tall bars")
    ax.text(0, 0.5, "one text", fontsize=10)
    ax.text(0.05, 0.5, "another text", fontsize=10)
    ax.text(2.5, 0.5, "past the figure's edge" * 3, fontsize=10)
    ax.legend(loc="center", fontsize=10)
    problems = text_problems(figure)
    assert ("one text", "another text") in problems["overlapping"]
    assert any(text.startswith("past the figure") for text in problems["outside"])
    assert problems["legend_over_data"] == [("", "bars")]
