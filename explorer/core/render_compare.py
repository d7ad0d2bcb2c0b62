"""The picture of a rulings comparison (:class:`explorer.core.compare.RulingsComparison`).

One row per figure, top to bottom in the order of the comparison's frame: a pair of horizontal bars,
A (grey) above B (blue), and -- in a column of its own right of the axes, so it never touches a bar --
``A -> B (difference)`` in numbers, the difference coloured by its sign.  Probabilities and shares are
drawn on one common axis; any other figure (a mean number of turns, a score) is drawn relative to the
larger of its two values and hatched, its real values being the numbers beside it.  The legend sits
above the axes, the figure names left of them.

matplotlib only (no pyplot): a figure made here never touches the user's backend.
"""

from __future__ import annotations

import math

from explorer.core.compare import SHARE_KINDS
from explorer.core.display import figure_png, new_figure, png_img_tag
from explorer.core.render_labels import NOTEBOOK_WIDTH, notebook_font_size

COLOUR_A = "#95a5a6"
COLOUR_B = "#2e86c1"
RISE, FALL, SAME = "#1e8449", "#c0392b", "#7f8c8d"
WIDTH = NOTEBOOK_WIDTH
"""Width of a figure made here, in inches: a notebook's output area (:data:`NOTEBOOK_WIDTH`), so that
the picture is shown near its own size (10 inches were shrunk to 6 pt); every text is sized by
:func:`~explorer.core.render_labels.notebook_font_size`, so it reads as 8 pt at least as shown."""
BAR = 0.38
"""Height of one bar; a pair fills 0.76 of its row."""


def _nice_top(value: float) -> float:
    if not value > 0 or math.isnan(value):
        return 1.0
    for step in (0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0):
        if value <= step:
            return step
    return math.ceil(value * 10) / 10


def _number(value: float, kind: str) -> str:
    """Three significant digits for probabilities and shares (a tiny chance stays readable), four else."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if value == 0:
        return "0"
    return f"{value:.3g}" if kind in SHARE_KINDS else f"{value:.4g}"


def _difference(value: float, kind: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if abs(value) < 1e-12:
        return "±0"
    return f"{value:+.3g}" if kind in SHARE_KINDS else f"{value:+.4g}"


def selected(comparison, *, changed_only: bool = False, figures=None):
    """The rows of the comparison's frame to draw (and their kinds)."""
    frame = comparison.changed if changed_only else comparison.frame
    if changed_only and frame.empty:
        frame = comparison.frame
    if figures is not None:
        missing = [name for name in figures if name not in comparison.frame.index]
        if missing:
            raise ValueError(f"no figure {missing[0]!r}; figures are {', '.join(comparison.frame.index)}")
        frame = comparison.frame.loc[list(figures)]
    return frame, comparison.kinds.reindex(frame.index)


def plot_rulings_comparison(comparison, ax=None, *, changed_only: bool = False, figures=None, title: str | None = None):
    """Paired bars A vs B per figure with the difference written beside them; returns the axes.

    ``changed_only``: only the figures that change (all of them if none does); ``figures``: the names of
    the figures to draw, in this order; ``title``: default the comparison's title.
    """
    frame, kinds = selected(comparison, changed_only=changed_only, figures=figures)
    la, lb = comparison.labels
    rows = len(frame)
    if ax is None:
        ax = new_figure(WIDTH, 1.3 + 0.36 * max(rows, 1)).add_subplot()
    small = notebook_font_size(None, ax.figure)  # 8 pt as the notebook shows the figure
    shares = [n for n in frame.index if kinds[n] in SHARE_KINDS]
    top = _nice_top(max([abs(v) for n in shares for v in (frame.at[n, la], frame.at[n, lb]) if not math.isnan(v)],
                        default=1.0))
    scaled = [n for n in frame.index if kinds[n] not in SHARE_KINDS]
    negative = False
    for y, name in enumerate(frame.index):
        a, b = frame.at[name, la], frame.at[name, lb]
        kind = kinds[name]
        if kind in SHARE_KINDS:
            length_a, length_b, hatch = a, b, None
        else:
            largest = max(abs(v) for v in (a, b) if not math.isnan(v)) if not (math.isnan(a) and math.isnan(b)) else 0
            factor = top / largest if largest else 0.0
            length_a, length_b, hatch = a * factor, b * factor, "//"
        length_a = 0.0 if math.isnan(length_a) else length_a
        length_b = 0.0 if math.isnan(length_b) else length_b
        negative |= length_a < 0 or length_b < 0
        ax.barh(y - BAR / 2, length_a, height=BAR, color=COLOUR_A, hatch=hatch, edgecolor="white", linewidth=0,
                label=f"A: {la}" if y == 0 else None, gid="bar-a")
        ax.barh(y + BAR / 2, length_b, height=BAR, color=COLOUR_B, hatch=hatch, edgecolor="white", linewidth=0,
                label=f"B: {lb}" if y == 0 else None, gid="bar-b")
        d = frame.at[name, "difference"]
        colour = SAME if math.isnan(d) or abs(d) < 1e-12 else (RISE if d > 0 else FALL)
        ax.text(1.02, y, f"{_number(a, kind)} → {_number(b, kind)}  ({_difference(d, kind)})",
                transform=ax.get_yaxis_transform(), ha="left", va="center", fontsize=small, color=colour,
                gid="difference")
    ax.set_yticks(range(rows), [str(n) for n in frame.index], fontsize=small)
    ax.set_ylim(rows - 0.5, -0.5)  # the first figure on top
    ax.set_xlim(-top if negative else 0.0, top)
    ax.axvline(0, color="black", linewidth=0.6)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.tick_params(axis="x", labelsize=small)
    what = "probability / share" if shares else "relative value"
    if shares and scaled:
        what += " (hatched: relative to the larger of A and B; the numbers are the values)"
    elif scaled:
        what = "relative to the larger of A and B (the numbers are the values)"
    ax.set_xlabel(what, fontsize=small)
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=2, fontsize=small, frameon=False, borderaxespad=0.2)
    ax.set_title(title if title is not None else (comparison.title or "rulings compared"), fontsize=notebook_font_size(9.0, ax.figure), loc="left",
                 pad=20)
    ax.text(1.02, 1.0, "A → B  (B − A)", transform=ax.transAxes, ha="left", va="bottom",
            fontsize=small, color="#333333", gid="difference-header")
    return ax


def comparison_png(comparison, **options) -> bytes:
    figure = new_figure(WIDTH, 1.3 + 0.36 * max(len(selected(comparison, **{k: v for k, v in options.items()
                                                                          if k in ("changed_only", "figures")})[0]), 1))
    plot_rulings_comparison(comparison, ax=figure.add_subplot(), **options)
    return figure_png(figure)


def comparison_html_image(comparison) -> str:
    return png_img_tag(comparison_png(comparison), alt=f"{comparison.labels[0]} vs {comparison.labels[1]}")
