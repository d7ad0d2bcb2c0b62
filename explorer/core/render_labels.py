"""Readable figures, for every system: a minimum text size and labels placed clear of each other.

* :data:`MIN_FONT_SIZE` -- no text of a figure is smaller (in points at the size the figure is
  shown: a figure wider than :data:`DISPLAY_WIDTH` inches is scaled down by the notebook, see
  :func:`display_scale`); :func:`font_size` clamps a wanted size to it.  Pictures made for a lesson
  are sized for JupyterLab's output area, :data:`NOTEBOOK_WIDTH` (:func:`notebook_font_size`,
  :func:`raise_to_notebook_minimum`).
* :class:`LabelPlacer` -- a simple collision pass: for each label a few candidate positions around
  its anchor, the first whose text bounding box (measured with the renderer) overlaps no chip, no
  obstacle and no label placed before, and lies inside the axes; when none is free, the one that
  overlaps least.
* :func:`mark_ground` -- a patch marked as ground: one that matters, which labels keep off (a tint
  :func:`label_collisions` would otherwise ignore; :meth:`LabelPlacer.avoid_ground`), or plain ground
  labels may lie on (a faint filled outline that would otherwise count as an obstacle).
  :func:`label_collisions` also reports a label crossed by an arrow (:func:`arrow_paths`).
* :func:`legend_below` -- a legend under the axes, below the x tick labels and the x axis label
  (never over them), whatever the size of the axes.

matplotlib's object API only; nothing here knows a rule system.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
from matplotlib.path import Path
from matplotlib.transforms import Bbox, ScaledTranslation

MIN_FONT_SIZE = 8.0
"""The smallest text of any figure, in points at its display size."""

LABEL_GAP = (6.0, 2.0)
"""Points kept free between two labels, side by side and one above the other: two names on one
line closer than this read as one ("Seherin Ilse Schwester Agathe")."""


DISPLAY_WIDTH = 9.0
"""Inches a notebook shows a figure at most (about 900 px at 100 dpi): wider figures are scaled down."""

__all__ = ["DISPLAY_WIDTH", "LabelPlacer", "MIN_FONT_SIZE", "NOTEBOOK_WIDTH", "notebook_font_size", "notebook_scale",
           "raise_to_notebook_minimum", "annotation", "box_hits_circle", "display_scale",
           "enforce_minimum", "font_size", "legend_below", "legend_room", "line_size", "overlapping_pairs", "renderer_of", "ring_offsets",
           "LABEL_GAP", "EDGE_COST", "SOFT_COST", "mark_edge", "arrow_paths", "axis_texts", "is_ground", "label_collisions", "mark_ground", "shown_texts",
           "texts_of", "too_small"]


NOTEBOOK_WIDTH = 7.8
"""Inches (at 100 px an inch) of a notebook's output area in JupyterLab at a 1280 px window with the
file browser open (docs/panel-layout.md, about 780 px): a wider picture is shrunk to it.  Narrower
than :data:`DISPLAY_WIDTH` (9 in), which a figure shown there would
overrun: text sized for 9 inches reads as 6-7 points in JupyterLab."""


def notebook_scale(figure) -> float:
    """How much a notebook shows ``figure``'s text, in display points per point: its PNG (``dpi`` px an
    inch, with the 0.1 inch the inline backend pads each side with and a little for a colour bar's
    edge that reaches past the figure) shrunk to :data:`NOTEBOOK_WIDTH` when wider, at 100 px a
    display inch."""
    width_px = (float(figure.get_figwidth()) + 0.3) * figure.dpi
    return figure.dpi / 100.0 * min(1.0, NOTEBOOK_WIDTH * 100.0 / width_px)


def notebook_font_size(size: float | None, figure) -> float:
    """``size`` points (default the minimum), at least :data:`MIN_FONT_SIZE`
    at the size a notebook shows ``figure`` (:func:`notebook_scale`), and at least what
    :func:`font_size` asks."""
    least = max(MIN_FONT_SIZE / notebook_scale(figure), font_size(MIN_FONT_SIZE, figure))
    return max(float(size if size is not None else least), least)


def raise_to_notebook_minimum(figure) -> int:
    """Raise every text of ``figure`` under :func:`notebook_font_size` (the tick labels made later
    too) to it, as :func:`enforce_minimum` does for its own display
    width; returns how many texts were raised.  Call it before the labels are placed or, for a chart
    without placed labels, just before saving."""
    from matplotlib.text import Text

    least = notebook_font_size(None, figure)
    for axes in figure.axes:
        for name, axis in (("x", axes.xaxis), ("y", axes.yaxis)):
            labels = axis.get_ticklabels(which="both")
            if labels and min(label.get_fontsize() for label in labels) < least - 1e-6:
                axes.tick_params(axis=name, which="both", labelsize=least)
    raised = 0
    for text in figure.findobj(Text):
        if text.get_text().strip() and text.get_fontsize() < least - 1e-6:
            text.set_fontsize(least)
            raised += 1
    return raised


GROUND = "_explorer_label_ground"
"""The attribute :func:`mark_ground` sets on a patch (True: labels keep off it; False: labels may lie on it)."""


def mark_ground(artist, *, avoid: bool = True):
    """Mark ``artist`` (a patch) as ground -- a zone's tint, a sight cone, a strip of the board -- for
    :func:`label_collisions` (and for :meth:`LabelPlacer.avoid_ground`): ``avoid=True``, ground that
    matters, which a label must not cover (a translucent patch is otherwise ignored); ``avoid=False``,
    plain ground a label may lie on, even a filled outline that would otherwise count as an obstacle
    (a faint zone tint drawn as a :class:`~matplotlib.patches.PathPatch`).  Returns ``artist``."""
    setattr(artist, GROUND, bool(avoid))
    return artist


EDGE = "_explorer_label_edge"
"""The attribute :func:`mark_edge` sets on a patch whose outline labels must not be drawn through."""


def mark_edge(artist):
    """Mark ``artist`` (a patch: a table's border) as an edge: :func:`label_collisions` reports a label
    its outline crosses (the letters read struck through), :meth:`LabelPlacer.avoid_patch_edge` keeps
    labels off it.  Returns ``artist``."""
    setattr(artist, EDGE, True)
    return artist


def is_ground(artist) -> bool | None:
    """True (ground labels keep off), False (ground they may lie on) or None (not marked)."""
    return getattr(artist, GROUND, None)


def arrow_paths(ax, renderer=None) -> list[tuple]:
    """The arrows drawn on ``ax`` as ``(polyline in pixels, the text it belongs to or None)`` (an arrow
    and its head may be several polylines): every visible
    :class:`~matplotlib.patches.FancyArrowPatch` among its patches, and the arrow of each annotation with
    one (``arrowprops``), as last drawn."""
    from matplotlib.patches import FancyArrowPatch

    found = [(p, None) for p in ax.patches if isinstance(p, FancyArrowPatch) and p.get_visible()]
    for text in ax.texts:
        arrow = getattr(text, "arrow_patch", None)
        if arrow is not None and arrow.get_visible() and text.get_visible():
            if renderer is not None:
                text.update_positions(renderer)
            found.append((arrow, text))
    out = []
    for arrow, owner in found:
        path = arrow.get_transform().transform_path(arrow.get_path())
        # as polylines: its curves flattened, and no CLOSEPOLY vertex (a stray (0, 0) that
        # Path.intersects_bbox would take for a point of the arrow)
        out += [(Path(points), owner) for points in path.to_polygons(closed_only=False) if len(points) >= 2]
    return out


def renderer_of(figure):
    """The renderer that measures texts: the canvas's, or (a figure made without pyplot has a bare
    canvas) one matplotlib makes for the figure."""
    get = getattr(figure.canvas, "get_renderer", None)
    return get() if get is not None else figure._get_renderer()


def display_scale(figure) -> float:
    """How much the notebook shrinks ``figure`` (1.0 when it fits :data:`DISPLAY_WIDTH`)."""
    return min(1.0, DISPLAY_WIDTH / float(figure.get_figwidth()))


def font_size(size: float | None = None, figure=None) -> float:
    """``size`` (points), at least :data:`MIN_FONT_SIZE` at the display size of ``figure``."""
    least = MIN_FONT_SIZE / (display_scale(figure) if figure is not None else 1.0)
    return max(float(size if size is not None else least), least)


_LINE_SIZES: dict = {}


def line_size(renderer, words: str, size: float, *, weight: str = "normal", style: str = "normal") -> tuple[float, float]:
    """Width and height in pixels of one line of text as matplotlib lays it out (the height at least
    that of "lp", as :class:`~matplotlib.text.Text` makes it), measured once per words, size, weight,
    style and resolution: labels placed afresh on every update (a replay) are measured once."""
    key = (words, float(size), weight, style, float(renderer.points_to_pixels(72.0)), type(renderer).__name__)
    found = _LINE_SIZES.get(key)
    if found is None:
        from matplotlib.font_manager import FontProperties

        font = FontProperties(size=size, weight=weight, style=style)
        width, height, _ = renderer.get_text_width_height_descent(words, font, ismath=False)
        _, lp_height, _ = renderer.get_text_width_height_descent("lp", font, ismath=False)
        if len(_LINE_SIZES) > 4096:
            _LINE_SIZES.clear()
        _LINE_SIZES[key] = found = (float(width), float(max(height, lp_height)) + 0.5)  # + the layout's rounding
    return found


def texts_of(figure) -> list:
    """Every visible, non-empty text of ``figure`` (titles, tick labels, legends, annotations)."""
    from matplotlib.text import Text

    return [t for t in figure.findobj(Text) if t.get_visible() and t.get_text().strip()]


def enforce_minimum(drawing) -> int:
    """Raise every text of ``drawing`` (a figure or one axes) smaller than :data:`MIN_FONT_SIZE` at
    the figure's display size to that size; returns how many were raised.  Call it before the
    labels are placed (it changes their sizes) or, for a chart without placed labels, just
    before saving."""
    from matplotlib.text import Text

    figure = getattr(drawing, "figure", None) if not hasattr(drawing, "get_figwidth") else drawing
    least = MIN_FONT_SIZE / display_scale(figure)
    raised = 0
    for axes in (figure.axes if drawing is figure else [drawing]):  # ticks made later take this size too
        for name, axis in (("x", axes.xaxis), ("y", axes.yaxis)):
            labels = axis.get_ticklabels(which="both")
            if labels and min(label.get_fontsize() for label in labels) < least - 1e-6:
                axes.tick_params(axis=name, which="both", labelsize=least)
    for text in drawing.findobj(Text):
        if text.get_text().strip() and text.get_fontsize() < least - 1e-6:
            text.set_fontsize(least)
            raised += 1
    return raised


def too_small(figure) -> list:
    """The texts of ``figure`` smaller than :data:`MIN_FONT_SIZE` at its display size (for tests)."""
    scale = display_scale(figure)
    return [t for t in texts_of(figure) if t.get_fontsize() * scale < MIN_FONT_SIZE - 1e-6]


def ring_offsets(gap: float, *, rings: int = 2, step: float | None = None) -> list[tuple[float, float, str, str]]:
    """Candidate offsets in points around an anchor -- below, above, right, left, then the four
    diagonals, on ``rings`` rings ``step`` points apart -- each with the text alignment there."""
    step = gap if step is None else step
    spots = ((0, -1, "center", "top"), (0, 1, "center", "bottom"), (1, 0, "left", "center"),
             (-1, 0, "right", "center"), (0.71, -0.71, "left", "top"), (-0.71, -0.71, "right", "top"),
             (0.71, 0.71, "left", "bottom"), (-0.71, 0.71, "right", "bottom"))
    return [((gap + k * step) * dx, (gap + k * step) * dy, ha, va) for k in range(rings) for dx, dy, ha, va in spots]


class LabelPlacer:
    """Places texts on ``ax`` so that they overlap neither each other (they keep :data:`LABEL_GAP`
    apart) nor what was registered with :meth:`avoid_circle` / :meth:`avoid_patch` /
    :meth:`avoid_box`, and stay inside the axes.

    Positions are measured in display pixels with the figure's renderer; call it once the axes
    have their final limits and aspect (it applies the aspect itself).
    """

    def __init__(self, ax, *, pad: float = 2.0):
        self.ax = ax
        self.figure = ax.figure
        ax.apply_aspect()
        self.renderer = renderer_of(self.figure)
        self.pad = pad * self.figure.dpi / 72.0
        k = self.figure.dpi / 72.0  # labels keep LABEL_GAP from each other (at least the pad)
        self.gap = (max(self.pad, LABEL_GAP[0] * k), max(self.pad, LABEL_GAP[1] * k))
        self.circles: list[tuple[float, float, float]] = []   # centre x, y and radius in pixels
        self.paths: list[Path] = []                           # obstacle outlines in pixels
        self.boxes: list[Bbox] = []                           # placed labels and other boxes in pixels
        self.lines: list[Path] = []                           # arrows and lines in pixels
        self._rects: list[tuple] = []                         # the boxes' extents, as floats
        self._path_extents: list[tuple] = []                  # the paths' extents, as floats
        self._line_extents: list[tuple] = []                  # the lines' extents, as floats
        self.edges: list[tuple] = []                          # (polyline in pixels, its extents, cost): costly lines
        self.soft: list[tuple] = []                           # (filled outline in pixels, its extents, cost)
        self._inside = tuple(float(v) for v in ax.bbox.extents)

    # what to avoid ---------------------------------------------------------------------------
    def avoid_circle(self, centre: Sequence[float], radius: float) -> None:
        """A circle in data units (a chip)."""
        to_px = self.ax.transData.transform
        (cx, cy), (ex, _) = to_px(centre), to_px((centre[0] + radius, centre[1]))
        self.circles.append((float(cx), float(cy), abs(float(ex - cx))))

    def avoid_circles(self, centres: Sequence[Sequence[float]], radii: float | Sequence[float]) -> None:
        """Circles in data units (chips), transformed all at once."""
        centres = np.asarray(centres, dtype=float).reshape(-1, 2)
        if not len(centres):
            return
        radii = np.broadcast_to(np.asarray(radii, dtype=float), (len(centres),))
        to_px = self.ax.transData.transform
        middle = to_px(centres)
        edge = to_px(centres + np.column_stack([radii, np.zeros(len(centres))]))
        self.circles.extend((float(cx), float(cy), abs(float(ex - cx))) for (cx, cy), (ex, _) in zip(middle, edge))

    def avoid_patch(self, patch) -> None:
        """The outline of a patch (an obstacle), filled."""
        self._avoid_pixel_path(patch.get_path().transformed(patch.get_transform()))

    def avoid_path(self, path: Path) -> None:
        """A filled outline in data units (an obstacle's shape, whether or not a patch draws it)."""
        self._avoid_pixel_path(path.transformed(self.ax.transData))

    def _avoid_pixel_path(self, path: Path) -> None:
        if len(path.vertices):
            self.paths.append(path)
            (p0, q0), (p1, q1) = path.vertices.min(axis=0), path.vertices.max(axis=0)
            self._path_extents.append((float(p0), float(q0), float(p1), float(q1)))

    def avoid_ground(self, ax=None) -> None:
        """Every patch of the axes marked as ground that labels keep off (:func:`mark_ground`), filled,
        and every arrow drawn on it (:func:`arrow_paths`) as a line; call it once the arrows are drawn
        (their outline is computed as they are drawn)."""
        ax = self.ax if ax is None else ax
        for patch in ax.patches:
            if is_ground(patch) is True and patch.get_visible():
                self.avoid_patch(patch)
        for path, _ in arrow_paths(ax, self.renderer):
            self.lines.append(path)

    def avoid_edge(self, points: Sequence[Sequence[float]], cost: float = None) -> None:
        """A polyline in data units that a label must not be drawn through -- the table's edge, a path
        drawn over the picture: crossing it costs ``cost`` (default :data:`EDGE_COST`), more than a
        plain line and a few spots further out, less than covering a piece."""
        self._avoid_pixel_edge(Path(self.ax.transData.transform(np.asarray(points, dtype=float))),
                               EDGE_COST if cost is None else cost)

    def avoid_patch_edge(self, patch, cost: float = None) -> None:
        """The outline of ``patch`` (a table's border) as an edge (:meth:`avoid_edge`)."""
        path = patch.get_path().transformed(patch.get_transform())
        for points in path.to_polygons(closed_only=False):
            if len(points) >= 2:
                self._avoid_pixel_edge(Path(points), EDGE_COST if cost is None else cost)

    def _avoid_pixel_edge(self, path: Path, cost: float) -> None:
        if len(path.vertices) >= 2:
            (p0, q0), (p1, q1) = path.vertices.min(axis=0), path.vertices.max(axis=0)
            self.edges.append((path, (float(p0), float(q0), float(p1), float(q1)), float(cost)))

    def avoid_soft(self, patch, cost: float = None) -> None:
        """A filled patch labels had better keep off -- a chip's viewing wedge: a label on it costs
        ``cost`` (default :data:`SOFT_COST`), less than a line of an edge, a spot or two further out."""
        path = patch.get_path().transformed(patch.get_transform())
        if len(path.vertices):
            (p0, q0), (p1, q1) = path.vertices.min(axis=0), path.vertices.max(axis=0)
            self.soft.append((path, (float(p0), float(q0), float(p1), float(q1)), SOFT_COST if cost is None else cost))

    def avoid_box(self, box: Bbox) -> None:
        self.boxes.append(box)
        self._rects.append(tuple(float(v) for v in box.extents))

    def avoid_text(self, text) -> None:
        """A text already placed elsewhere (e.g. a fixed one)."""
        if text.get_visible() and text.get_text():
            self.avoid_box(text.get_window_extent(self.renderer))

    # measuring -------------------------------------------------------------------------------
    def avoid_line(self, points: Sequence[Sequence[float]]) -> None:
        """A polyline in data units (an arrow, a sight line): crossing it costs a little."""
        self.lines.append(Path(self.ax.transData.transform(points)))

    def _conflict(self, box: Bbox) -> float:
        """How badly ``box`` collides: another label is worst, then leaving the axes, then a chip or
        an obstacle, then a line crossed; each by the area it covers."""
        x0, y0, x1, y1 = (float(v) for v in box.extents)
        return self._conflict_at(x0, y0, x1, y1)

    def _conflict_at(self, x0: float, y0: float, x1: float, y1: float) -> float:
        cost = 0.0
        pad = self.pad
        g0, h0, g1, h1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        gx, gy = self.gap
        for a0, b0, a1, b1 in self._rects:
            w = min(x1 + gx, a1) - max(x0 - gx, a0)
            if w > 0:
                h = min(y1 + gy, b1) - max(y0 - gy, b0)
                if h > 0:
                    cost += 10.0 * w * h + 5000.0
        for cx, cy, r in self.circles:
            nx, ny = min(max(cx, g0), g1), min(max(cy, h0), h1)
            depth = r - math.hypot(nx - cx, ny - cy)
            if depth > 0:
                cost += depth * ((g1 - g0) + (h1 - h0)) + 1000.0
        if self.paths or self.lines:
            grown = Bbox(((g0, h0), (g1, h1)))
            for (p0, q0, p1, q1), path in zip(self._path_extents, self.paths):
                if p0 <= g1 and g0 <= p1 and q0 <= h1 and h0 <= q1 and path.intersects_bbox(grown, filled=True):
                    cost += (g1 - g0) * (h1 - h0) + 1000.0
            if self.lines:
                box = Bbox(((x0, y0), (x1, y1)))
                for path in self.lines:
                    if path.intersects_bbox(box, filled=False):
                        cost += 50.0
        cost += self._edge_conflict(x0, y0, x1, y1)
        i0, j0, i1, j1 = self._inside
        w = max(0.0, min(x1, i1) - max(x0, i0))
        h = max(0.0, min(y1, j1) - max(y0, j0))
        area = (x1 - x0) * (y1 - y0)
        if w * h < area - 0.5:
            cost += (area - w * h) * 10 + 8000.0
        return cost

    def candidate_boxes(self, text, candidates) -> list:
        """``(spot, (x0, y0, x1, y1))`` for each candidate spot of ``text``, its box in pixels there: shifted from one
        measurement when :meth:`_fast_boxes` can (checked against the box as drawn at the first spot), else each
        spot measured."""
        candidates = list(candidates)
        fast = self._fast_boxes(text, candidates) if candidates else None
        if fast is not None:  # the shifted boxes hold only if the first one is the box as drawn
            self._put(text, *fast[0][0])
            drawn = text.get_window_extent(self.renderer).extents
            if max(abs(float(a) - b) for a, b in zip(drawn, fast[0][1])) > 1.0:
                fast = None
        if fast is None:
            fast = []
            for spot in candidates:
                self._put(text, *spot)
                fast.append((spot, tuple(float(v) for v in text.get_window_extent(self.renderer).extents)))
        return fast

    def _fast_boxes(self, text, candidates):
        """Each candidate's box computed from one measurement of ``text`` (an unrotated annotation at
        data coordinates, offset in points: its box only shifts with the offset and the alignment),
        or None when the text is not such an annotation (each candidate is then measured)."""
        if (text.get_rotation() % 360 != 0 or getattr(text, "xycoords", None) != "data"
                or getattr(text, "anncoords", None) != "offset points"):
            return None
        box = text.get_window_extent(self.renderer)
        w, h = float(box.width), float(box.height)
        k = self.figure.dpi / 72.0
        to_px = self.ax.transData.transform
        base = to_px(text.xy)
        shift_x = {"left": 0.0, "center": w / 2, "right": w}
        shift_y = {"bottom": 0.0, "center": h / 2, "top": h}
        out = []
        for spot in candidates:
            if len(spot) == 5:
                (ax_, ay_), (dx, dy, ha, va) = to_px(spot[0]), spot[1:]
            else:
                (ax_, ay_), (dx, dy, ha, va) = base, spot
            if ha not in shift_x or va not in shift_y:
                return None
            x0 = float(ax_) + dx * k - shift_x[ha]
            y0 = float(ay_) + dy * k - shift_y[va]
            out.append((spot, (x0, y0, x0 + w, y0 + h)))
        return out

    def choose(self, boxes: Sequence[Sequence[float]], penalty: Sequence[float] | None = None, *,
               keep: bool = True, cost_of=None) -> tuple[int, float]:
        """The box of ``boxes`` (``(x0, y0, x1, y1)`` in pixels: a label's candidate places, e.g.
        measured once and shifted) with the least collision cost (the cost of :meth:`place`) plus
        its ``penalty`` (e.g. for being far from its anchor); without a penalty the first that
        collides with nothing, or the least bad.  Returns its index and its collision cost (0:
        clear); ``keep``: the chosen box is avoided by the next labels; ``cost_of``: a function of a
        box's index giving a cost of its own (a leader line to it crossing other labels), added when
        the box may still be the best.  The boxes are measured
        against the boxes and circles all at once, and against the outlines and lines only as long
        as one of them may still be the best (many candidates stay fast)."""
        boxes = np.asarray(boxes, dtype=float).reshape(-1, 4)
        extra = (np.arange(len(boxes)) * 1e-9 if penalty is None else np.asarray(penalty, dtype=float))
        score = self._box_conflicts(boxes) + extra
        best, best_score = -1, math.inf
        for i in np.argsort(score, kind="stable"):
            if score[i] >= best_score:
                break  # the outlines and lines only add to the cost
            full = score[i] + self._outline_conflict(*boxes[i])
            if cost_of is not None and full < best_score:
                full += float(cost_of(int(i)))
            if full < best_score:
                best, best_score = int(i), full
        if keep and best >= 0:
            self.avoid_box(Bbox.from_extents(*(float(v) for v in boxes[best])))
        return best, float(best_score - extra[best])

    def conflicts(self, boxes: Sequence[Sequence[float]]) -> np.ndarray:
        """:meth:`_conflict_at` of each of ``boxes`` (pixels), as an array."""
        boxes = np.asarray(boxes, dtype=float).reshape(-1, 4)
        return self._box_conflicts(boxes) + np.array([self._outline_conflict(*box) for box in boxes])

    def _box_conflicts(self, boxes: np.ndarray) -> np.ndarray:
        """The cost of the other boxes, the circles and leaving the axes, for each box at once."""
        x0, y0, x1, y1 = boxes.T
        pad = self.pad
        g0, h0, g1, h1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        cost = np.zeros(len(boxes))
        if self._rects:
            rects = np.array(self._rects)
            gx, gy = self.gap
            w = np.minimum(x1[:, None] + gx, rects[None, :, 2]) - np.maximum(x0[:, None] - gx, rects[None, :, 0])
            h = np.minimum(y1[:, None] + gy, rects[None, :, 3]) - np.maximum(y0[:, None] - gy, rects[None, :, 1])
            cost += np.where((w > 0) & (h > 0), 10.0 * w * h + 5000.0, 0.0).sum(axis=1)
        if self.circles:
            circles = np.array(self.circles)
            cx, cy, r = circles[:, 0][None, :], circles[:, 1][None, :], circles[:, 2][None, :]
            nx = np.minimum(np.maximum(cx, g0[:, None]), g1[:, None])
            ny = np.minimum(np.maximum(cy, h0[:, None]), h1[:, None])
            depth = r - np.hypot(nx - cx, ny - cy)
            cost += np.where(depth > 0, depth * ((g1 - g0) + (h1 - h0))[:, None] + 1000.0, 0.0).sum(axis=1)
        i0, j0, i1, j1 = self._inside
        w = np.maximum(0.0, np.minimum(x1, i1) - np.maximum(x0, i0))
        h = np.maximum(0.0, np.minimum(y1, j1) - np.maximum(y0, j0))
        area = (x1 - x0) * (y1 - y0)
        cost += np.where(w * h < area - 0.5, (area - w * h) * 10 + 8000.0, 0.0)
        return cost

    def _outline_conflict(self, x0: float, y0: float, x1: float, y1: float) -> float:
        """The cost of the obstacles' outlines, the lines, the edges and the soft patches for one box."""
        if not (self.paths or self.lines):
            return self._edge_conflict(x0, y0, x1, y1)
        cost = 0.0
        pad = self.pad
        g0, h0, g1, h1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        grown = None
        for (p0, q0, p1, q1), path in zip(self._path_extents, self.paths):
            if p0 <= g1 and g0 <= p1 and q0 <= h1 and h0 <= q1:
                grown = grown or Bbox(((g0, h0), (g1, h1)))
                if path.intersects_bbox(grown, filled=True):
                    cost += (g1 - g0) * (h1 - h0) + 1000.0
        if self.lines:
            if len(self._line_extents) != len(self.lines):  # lines added to the list directly
                self._line_extents = [(*path.vertices.min(axis=0), *path.vertices.max(axis=0)) if len(path.vertices)
                                      else (math.inf, math.inf, -math.inf, -math.inf) for path in self.lines]
            box = None
            for (p0, q0, p1, q1), path in zip(self._line_extents, self.lines):
                if p0 <= x1 and x0 <= p1 and q0 <= y1 and y0 <= q1:
                    box = box or Bbox(((x0, y0), (x1, y1)))
                    if path.intersects_bbox(box, filled=False):
                        cost += 50.0
        return cost + self._edge_conflict(x0, y0, x1, y1)

    def _edge_conflict(self, x0: float, y0: float, x1: float, y1: float) -> float:
        """The cost of the edges crossed (:meth:`avoid_edge`) and soft patches covered (:meth:`avoid_soft`)."""
        if not (self.edges or self.soft):
            return 0.0
        cost, box = 0.0, None
        for path, (p0, q0, p1, q1), price in self.edges:
            if p0 <= x1 and x0 <= p1 and q0 <= y1 and y0 <= q1:
                box = box or Bbox(((x0, y0), (x1, y1)))
                if path.intersects_bbox(box, filled=False):
                    cost += price
        inner, soft = None, 0.0
        for path, (p0, q0, p1, q1), price in self.soft:  # the dearest wedge covered (a crowd's wedges overlap)
            if price > soft and p0 < x1 and x0 < p1 and q0 < y1 and y0 < q1:
                inner = inner or Bbox(((x0 + 1.0, y0 + 1.0), (max(x0 + 1.0, x1 - 1.0), max(y0 + 1.0, y1 - 1.0))))
                if path.intersects_bbox(inner, filled=True):
                    soft = price
        return cost + soft

    def place(self, text, candidates: Iterable[tuple[float, float, str, str]]) -> float:
        """Move ``text`` (an annotation anchored at its ``xy``) to the first of ``candidates``
        (``(dx, dy, ha, va)``: offsets in points with their alignment, or ``(xy, dx, dy, ha, va)`` with an
        anchor of their own) that collides with nothing; when none is free,
        to the least bad.  The text's box is then avoided by the next labels.  Returns the
        remaining collision cost (0: clear)."""
        best, best_cost = None, math.inf
        candidates = list(candidates)
        fast = self._fast_boxes(text, candidates) if candidates else None
        if fast is not None:
            for spot, extents in fast:
                cost = self._conflict_at(*extents)
                if cost < best_cost - 1e-9:
                    best, best_cost = tuple(spot), cost
                    if cost <= 0:
                        break
            if best is not None:  # the box as drawn: a text whose box the shift did not predict is measured
                self._put(text, *best)
                if self._conflict(text.get_window_extent(self.renderer)) > best_cost + 1.0:
                    fast, best, best_cost = None, None, math.inf
        if fast is None:
            for spot in candidates:
                self._put(text, *spot)
                box = text.get_window_extent(self.renderer)
                cost = self._conflict(box)
                if cost < best_cost - 1e-9:
                    best, best_cost = tuple(spot), cost
                    if cost <= 0:
                        break
        if best is not None:
            self._put(text, *best)
            self.avoid_box(text.get_window_extent(self.renderer))
        return best_cost

    def place_near(self, text, candidates, own: tuple, rivals: Sequence[tuple] = ()) -> float:
        """:meth:`place` for a label that names a piece ``own`` (``(centre, radius)`` in data units):
        a spot where the label reads as another's -- clearly nearer one of ``rivals`` (pieces or
        ghosts of pieces, ``(centre, radius)``) than ``own``, as :func:`label_collisions` judges --
        costs more than crossing lines, less than covering a piece.  Returns the collision cost
        left (0: clear) and the text's gap in pixels to ``own``'s rim as ``self.last_gap``."""
        fast = self.candidate_boxes(text, candidates)
        if not fast:
            return 0.0
        boxes = np.array([extents for _, extents in fast], dtype=float)
        to_px = self.ax.transData.transform

        def circle(centre, radius):
            (cx, cy), (ex, _) = to_px(centre), to_px((centre[0] + radius, centre[1]))
            return float(cx), float(cy), abs(float(ex - cx))

        def gaps(cx, cy, r):
            dx = np.maximum(np.maximum(boxes[:, 0] - cx, 0.0), cx - boxes[:, 2])
            dy = np.maximum(np.maximum(boxes[:, 1] - cy, 0.0), cy - boxes[:, 3])
            return np.maximum(0.0, np.hypot(dx, dy) - r)

        mine = gaps(*circle(*own))
        penalty = np.arange(len(boxes)) * 1e-6
        for centre, radius in rivals:
            if math.dist(centre, own[0]) > 1e-6:
                penalty = penalty + np.where(gaps(*circle(centre, radius)) + 0.5 < NEARER * mine, MISREAD, 0.0)
        best, cost = self.choose(boxes, penalty)
        self._put(text, *fast[best][0])
        self.last_gap = float(mine[best])
        return cost + float(penalty[best] >= MISREAD) * MISREAD

    def line_crossings(self, start, end) -> float:
        """The cost of a line from ``start`` to ``end`` (pixels; a leader) crossing the labels placed
        so far: :data:`EDGE_COST` for each (a label is never struck through by another's leader)."""
        if not self._rects or math.dist(start, end) < 1.0:
            return 0.0
        path = Path([start, end])
        (p0, q0), (p1, q1) = np.minimum(start, end), np.maximum(start, end)
        cost = 0.0
        for a0, b0, a1, b1 in self._rects:
            if a0 <= p1 and p0 <= a1 and b0 <= q1 and q0 <= b1 and \
                    path.intersects_bbox(Bbox(((a0 + 1.0, b0 + 1.0), (max(a0 + 1.0, a1 - 1.0), max(b0 + 1.0, b1 - 1.0)))),
                                         filled=False):
                cost += EDGE_COST
        return cost

    def copy(self) -> "LabelPlacer":
        """A placer on the same axes that avoids all this one avoids (and goes on alone)."""
        other = object.__new__(LabelPlacer)
        other.__dict__.update(self.__dict__)
        for name in ("circles", "paths", "boxes", "lines", "_rects", "_path_extents", "_line_extents", "edges", "soft"):
            setattr(other, name, list(getattr(self, name)))
        return other

    @staticmethod
    def _put(text, *spot) -> None:
        if len(spot) == 5:  # a candidate with an anchor of its own
            text.xy, spot = spot[0], spot[1:]
        dx, dy, ha, va = spot
        text.xyann = (dx, dy)
        text.set_ha(ha)
        text.set_va(va)


def annotation(ax, words: str, xy, **style):
    """An annotation at ``xy`` (data) offset in points (for :class:`LabelPlacer`)."""
    return ax.annotate(words, xy, xytext=(0, 0), textcoords="offset points", **style)


def legend_below(ax, handles, labels=None, *, ncol: int | None = None, fontsize: float = MIN_FONT_SIZE, **options):
    """A frameless legend centred under ``ax``, below its x tick labels and x axis label (measured
    in points, so it holds for any size of the axes), in as many of ``ncol`` columns as fit inside
    the figure (or the axes' column of a grid): centred on the axes, it may reach as far on each side
    as the nearer edge of that room allows.  Its text is at least :data:`MIN_FONT_SIZE` at the
    figure's display size."""
    figure = ax.figure
    renderer = renderer_of(figure)
    axis_box = ax.xaxis.get_tightbbox(renderer)
    below = 0.0
    if axis_box is not None and axis_box.height > 0:
        below = max(0.0, ax.bbox.y0 - axis_box.y0) * 72.0 / figure.dpi
    offset = ScaledTranslation(0, -(below + 2.0) / 72.0, figure.dpi_scale_trans)
    columns = ncol or max(1, min(len(handles), 4))
    fontsize = max(fontsize, font_size(MIN_FONT_SIZE, figure))
    room = legend_room(ax)
    while True:  # as many columns as fit
        kwargs = dict(loc="upper center", bbox_to_anchor=(0.5, 0.0), bbox_transform=ax.transAxes + offset,
                      borderaxespad=0.0, ncol=columns, fontsize=fontsize, frameon=False)
        kwargs.update(options)
        legend = (ax.legend(handles=handles, **kwargs) if labels is None
                  else ax.legend(handles=handles, labels=labels, **kwargs))
        if columns == 1 or legend.get_window_extent(renderer).width <= room:
            return legend
        columns -= 1


def legend_room(ax) -> float:
    """The width in pixels a legend centred under ``ax`` may take and stay inside the figure (or
    inside the axes' column of a grid of subplots): twice the distance from the axes' centre to
    the nearer edge of that room, less a few pixels."""
    figure_box = ax.figure.bbox
    x0, x1 = float(figure_box.x0), float(figure_box.x1)
    spec = ax.get_subplotspec() if hasattr(ax, "get_subplotspec") else None
    if spec is not None:
        columns = spec.get_gridspec().ncols
        x0, x1 = (float(figure_box.x0) + float(figure_box.width) * spec.colspan.start / columns,
                  float(figure_box.x0) + float(figure_box.width) * spec.colspan.stop / columns)
    centre = (float(ax.bbox.x0) + float(ax.bbox.x1)) / 2
    return max(0.0, 2 * min(centre - x0, x1 - centre) - 4.0 * ax.figure.dpi / 72.0)


def overlapping_pairs(boxes: Sequence[Bbox], slack: float = 0.5) -> list[tuple[int, int]]:
    """Index pairs of ``boxes`` that overlap by more than ``slack`` pixels each way (for tests)."""
    pairs = []
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a, b = boxes[i], boxes[j]
            if min(a.x1, b.x1) - max(a.x0, b.x0) > slack and min(a.y1, b.y1) - max(a.y0, b.y0) > slack:
                pairs.append((i, j))
    return pairs


def box_hits_circle(box: Bbox, centre: Sequence[float], radius: float, slack: float = 0.5) -> bool:
    """Whether ``box`` (pixels) reaches more than ``slack`` pixels into the circle (pixels)."""
    cx, cy = centre
    nx, ny = min(max(cx, box.x0), box.x1), min(max(cy, box.y0), box.y1)
    return math.hypot(nx - cx, ny - cy) < radius - slack



NEARER = 0.6
"""A label whose gap to another piece is less than this part of its gap to its own piece reads as
that piece's (:func:`label_collisions`)."""


EDGE_COST = 300.0
"""The cost (:meth:`LabelPlacer.avoid_edge`) of a label drawn through an edge -- a table's border, a
path: its letters struck through.  More than a plain line (50) and a dozen spots further out, less than
a spot where the label reads as another piece's (:data:`MISREAD`)."""

SOFT_COST = 120.0
"""The cost (:meth:`LabelPlacer.avoid_soft`) of a label over a soft patch -- a chip's viewing wedge
(over several, the dearest: in a crowd the wedges overlap)."""

MISREAD = 900.0
"""The cost (:meth:`LabelPlacer.place_near`) of a spot where a label reads as another piece's:
more than crossing lines, less than covering a piece (1000 and up)."""


def shown_texts(ax, renderer) -> list:
    """The visible, non-empty texts placed on ``ax`` (its ``ax.texts``: names, leg and ring labels;
    not titles, ticks or legends) that are drawn: an annotation whose point lies outside the axes
    is not."""
    texts = []
    for text in ax.texts:
        if not (text.get_visible() and text.get_text().strip()):
            continue
        check = getattr(text, "_check_xy", None)
        if check is not None and not check(renderer):
            continue
        texts.append(text)
    return texts


def _gap_to(box: Bbox, point, radius: float = 0.0) -> float:
    """Pixels from ``box`` to the circle of ``radius`` around ``point`` (0 when they meet)."""
    nx, ny = min(max(point[0], box.x0), box.x1), min(max(point[1], box.y0), box.y1)
    return max(0.0, math.hypot(nx - point[0], ny - point[1]) - radius)


def label_collisions(figure, *, slack: float = 0.5, gap: tuple[float, float] = LABEL_GAP,
                     least: float = MIN_FONT_SIZE, scale: float | None = None, inside: bool = True,
                     named=None, pieces: tuple = (), obstacles: tuple = (), every_text: bool = True,
                     arrows: bool = True, lines: bool = False) -> list[str]:
    """Every way the labels of ``figure`` fail to read cleanly, in words (empty: none), for the tests
    of any system.  The figure is drawn, then each text :func:`shown_texts` finds is measured with
    the renderer and must

    * keep ``gap`` points (side by side, one above the other) from every other such text of its axes,
    * reach no more than ``slack`` pixels into a piece (a filled :class:`~matplotlib.patches.Circle`
      of the axes, or a patch of ``pieces``) or an obstacle (a filled
      :class:`~matplotlib.patches.PathPatch` or :class:`~matplotlib.patches.Polygon` not marked as plain
      ground, or a patch of ``obstacles``), nor into ground that matters (a patch marked with
      :func:`mark_ground`),
    * be crossed by no arrow (``arrows``: a :class:`~matplotlib.patches.FancyArrowPatch` of the axes or
      another annotation's arrow; :func:`arrow_paths`) by more than ``slack`` pixels,
    * with ``lines``: be crossed by no outline of a patch marked with :func:`mark_edge` (a table's
      border) and by no line of the axes (a leader line, a path; markers alone do not count) -- a line
      may end at the label's box, as a leader does,
    * lie inside its axes (``inside``),
    * be at least ``least`` points at the size it is shown (``scale`` display points per point;
      default :func:`notebook_scale`, the size JupyterLab shows the figure's PNG at), and
    * ``named``: a mapping (or a function of the axes giving one) of a label's first line to the
      centre (data) of the piece it names: lie
      clearly nearer no other piece or circle of its size (a ghost where it started: no nearer than
      :data:`NEARER` times its gap to its own), or be
      joined to it by a leader line (a two-point line of the axes from its rim to the label).

    ``every_text``: the figure's other texts too (:func:`axis_texts`: tick labels in view, axis
    labels, titles, colour bar and legend texts): each at least ``least`` points as shown, and none
    of them (as drawn, slanted ones by their slanted outline) over another text or a legend's key.
    """
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, PathPatch, Polygon

    renderer = renderer_of(figure)
    figure.draw(renderer)  # the layout and every text as it will be saved
    shown = notebook_scale(figure) if scale is None else float(scale)
    k = figure.dpi / 72.0
    gx, gy = gap[0] * k, gap[1] * k
    problems: list[str] = []

    def filled(patch) -> bool:
        return patch.get_visible() and patch.get_fill() and patch.get_facecolor()[3] > 0

    def disk(patch):  # centre and radius in pixels, from the outline as drawn
        (x0, y0), (x1, y1) = patch.get_path().transformed(patch.get_transform()).get_extents().get_points()
        return ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2

    for ax in figure.axes:
        texts = shown_texts(ax, renderer)
        boxes = [t.get_window_extent(renderer) for t in texts]
        names = [repr(t.get_text().replace("\n", " / ")) for t in texts]
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if min(a.x1, b.x1) - max(a.x0, b.x0) > -gx + slack and min(a.y1, b.y1) - max(a.y0, b.y0) > -gy + slack:
                    problems.append(f"{names[i]} overlaps {names[j]}" if _meets(a, b, slack)
                                    else f"{names[i]} runs into {names[j]}")
        rings = [p for p in ax.patches if type(p) is Circle and p.get_visible()]
        disks = [p for p in ax.patches if p in pieces or (type(p) is Circle and filled(p))]
        shapes = [p for p in ax.patches if p in obstacles or (isinstance(p, (PathPatch, Polygon)) and filled(p)
                                                              and is_ground(p) is not False)]
        grounds = [p for p in ax.patches if is_ground(p) is True and p.get_visible() and p not in shapes]
        crossing = arrow_paths(ax, renderer) if arrows else []
        circles = [disk(p) for p in disks]
        others = [disk(p) for p in rings]
        leaders = [line.get_transform().transform(line.get_xydata()) for line in ax.lines
                   if line.get_visible() and len(line.get_xydata()) == 2]
        edge_paths = []
        if lines:
            edge_paths += [("the edge of the table" if str(p.get_label() or "_").startswith("_") else
                            f"the edge of {p.get_label()}", Path(points))
                           for p in ax.patches if getattr(p, EDGE, False) and p.get_visible()
                           for points in p.get_path().transformed(p.get_transform()).to_polygons(closed_only=False)
                           if len(points) >= 2]
            edge_paths += [("a line", Path(line.get_transform().transform(line.get_xydata()))) for line in ax.lines
                           if line.get_visible() and len(line.get_xydata()) >= 2
                           and str(line.get_linestyle()).lower() not in ("none", "", " ")]
        to_px = ax.transData.transform
        here = (named(ax) if callable(named) else named) or {}
        for name, text, box in zip(names, texts, boxes):
            for patch, (centre, radius) in zip(disks, circles):
                if box_hits_circle(box, centre, radius, slack):
                    at = ax.transData.inverted().transform(centre)
                    problems.append(f"{name} on a piece at ({at[0]:.1f}, {at[1]:.1f})")
            inner = box.padded(-slack)
            if inner.width > 0 and inner.height > 0:
                for shape in shapes:
                    path = shape.get_path().transformed(shape.get_transform())
                    if len(path.vertices) and path.intersects_bbox(inner, filled=True):
                        problems.append(f"{name} on an obstacle")
                for ground in grounds:
                    path = ground.get_path().transformed(ground.get_transform())
                    if len(path.vertices) and path.intersects_bbox(inner, filled=True):
                        what = ground.get_label() if not str(ground.get_label()).startswith("_") else "marked"
                        problems.append(f"{name} on ground that matters ({what})")
                for path, owner in crossing:
                    if owner is not text and path.intersects_bbox(inner, filled=False):
                        problems.append(f"{name} crossed by an arrow" if owner is None else
                                        f"{name} crossed by the arrow of {owner.get_text().replace(chr(10), ' / ')!r}")
            through = box.padded(-max(slack, 1.5))
            if through.width > 0 and through.height > 0:
                for what, path in edge_paths:
                    if path.intersects_bbox(through, filled=False):
                        problems.append(f"{name} crossed by {what}")
            if inside and (box.x0 < ax.bbox.x0 - slack or box.x1 > ax.bbox.x1 + slack
                           or box.y0 < ax.bbox.y0 - slack or box.y1 > ax.bbox.y1 + slack):
                problems.append(f"{name} outside the axes")
            if text.get_fontsize() * shown < least - 1e-6:
                problems.append(f"{name} at {text.get_fontsize() * shown:.1f} pt")
            first = text.get_text().split("\n")[0].removesuffix(" (flies)")
            if first in here:
                own = tuple(to_px(here[first]))
                mine = min(((c, r) for c, r in others if math.dist(c, own) < 1.0), key=lambda cr: cr[1],
                           default=(own, 0.0))
                near = _gap_to(box, own, mine[1])
                rivals = [(c, r) for c, r in others if math.dist(c, own) >= 1.0 and abs(r - mine[1]) <= 0.1 * mine[1]]
                closer = [c for c, r in rivals if _gap_to(box, c, r) + slack < NEARER * near]
                led = any(min(math.dist(p, own) for p in ends) <= mine[1] * 1.3 + 1.0
                          and min(_gap_to(box, p) for p in ends) <= 2.0 * k for ends in leaders)
                if closer and not led:
                    at = ax.transData.inverted().transform(closer[0])
                    problems.append(f"{name} nearer the circle at ({at[0]:.1f}, {at[1]:.1f}) than its own piece"
                                    f" ({min(_gap_to(box, c, r) for c, r in rivals):.1f} < {near:.1f} px, r {mine[1]:.1f})")
    if every_text:
        problems += _other_text_problems(figure, renderer, shown, least, slack)
    return problems


def axis_texts(figure) -> list:
    """The texts of a drawn ``figure`` outside its axes' :attr:`texts`: tick labels in view, axis
    labels, titles (a colour bar's too), legend texts and the figure's own texts; visible, not empty."""
    found = []
    for ax in figure.axes:
        for axis in (ax.xaxis, ax.yaxis):
            lo, hi = sorted(axis.get_view_interval())
            for ticks, locations in ((axis.get_major_ticks(), axis.get_majorticklocs()),
                                     (axis.get_minor_ticks(), axis.get_minorticklocs())):
                for tick in ticks[:len(locations)]:
                    if lo - 1e-9 <= tick.get_loc() <= hi + 1e-9:
                        found += [tick.label1, tick.label2]
            found.append(axis.label)
        found += [ax.title, ax._left_title, ax._right_title]
        legend = ax.get_legend()
        if legend is not None and legend.get_visible():
            found += [*legend.get_texts(), legend.get_title()]
    found += list(figure.texts)
    for legend in figure.legends:
        found += list(legend.get_texts())
    seen, out = set(), []
    for text in found:
        if id(text) not in seen and text.get_visible() and text.get_text().strip():
            seen.add(id(text))
            out.append(text)
    return out


def _outline(text, renderer) -> np.ndarray:
    """The four corners (pixels) of ``text`` as drawn: its box turned by its rotation, placed where
    matplotlib's (axis-parallel) window extent of it lies."""
    box = text.get_window_extent(renderer)
    angle = math.radians(text.get_rotation() % 180.0)
    if abs(math.sin(angle)) < 1e-9 or abs(math.cos(angle)) < 1e-9:
        return np.array([(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)], dtype=float)
    rotation = text.get_rotation()
    text.set_rotation(0.0)
    try:
        flat = text.get_window_extent(renderer)
    finally:
        text.set_rotation(rotation)
    c, s = math.cos(angle), math.sin(angle)
    corners = np.array([(0, 0), (flat.width, 0), (flat.width, flat.height), (0, flat.height)], dtype=float)
    turned = corners @ np.array([[c, s], [-s, c]])
    return turned - turned.min(axis=0) + (box.x0, box.y0)


def _polygons_meet(a: np.ndarray, b: np.ndarray, slack: float) -> bool:
    """Whether two convex outlines overlap by more than ``slack`` pixels across every edge's normal."""
    for shape in (a, b):
        for i in range(len(shape)):
            edge = shape[(i + 1) % len(shape)] - shape[i]
            normal = np.array((-edge[1], edge[0]))
            length = float(np.hypot(*normal))
            if length < 1e-9:
                continue
            pa, pb = a @ normal / length, b @ normal / length
            if min(pa.max(), pb.max()) - max(pa.min(), pb.min()) <= slack:
                return False
    return True


def _other_text_problems(figure, renderer, shown: float, least: float, slack: float) -> list[str]:
    """:func:`label_collisions`' ``every_text`` part."""
    placed = [t for ax in figure.axes for t in shown_texts(ax, renderer)]
    others = axis_texts(figure)
    problems = [f"{t.get_text().replace(chr(10), ' / ')!r} at {t.get_fontsize() * shown:.1f} pt" for t in others
                if t.get_fontsize() * shown < least - 1e-6]
    shapes = [(repr(t.get_text().replace("\n", " / ")), _outline(t, renderer), True) for t in others]
    shapes += [(repr(t.get_text().replace("\n", " / ")), _outline(t, renderer), False) for t in placed]
    for legend in [ax.get_legend() for ax in figure.axes] + list(figure.legends):
        if legend is not None and legend.get_visible():
            for handle, words in zip(legend.legend_handles, legend.get_texts()):
                if handle is not None and handle.get_visible():
                    b = handle.get_window_extent(renderer)
                    shapes.append((f"the legend's key of {words.get_text()!r}",
                                   np.array([(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)]), True))
    for i in range(len(shapes)):
        for j in range(i + 1, len(shapes)):
            (name_a, a, other_a), (name_b, b, other_b) = shapes[i], shapes[j]
            if (other_a or other_b) and _polygons_meet(a, b, slack):
                problems.append(f"{name_a} overlaps {name_b}")
    return problems


def _meets(a: Bbox, b: Bbox, slack: float) -> bool:
    return min(a.x1, b.x1) - max(a.x0, b.x0) > slack and min(a.y1, b.y1) - max(a.y0, b.y0) > slack
