"""The picture of a rulings comparison (:class:`explorer.core.compare.RulingsComparison`).

One row per figure, top to bottom in the order of the comparison's frame: a pair of horizontal bars,
A (grey) above B (blue), and -- in a column of its own right of the axes, so it never touches a bar --
``A -> B (difference)`` in numbers, the difference coloured by its sign.  Probabilities and shares are
drawn on one probability axis; the other figures (an expected number of injuries, a mean number of
turns, a score) in a panel of their own below, on an axis of their values (relative to the larger of
each pair and hatched when they differ too much in size, their values being the numbers beside them):
never on the probability axis.  The legend sits above the axes, the figure names left of them.

matplotlib only (no pyplot): a figure made here never touches the user's backend.
"""

from __future__ import annotations

import math

from matplotlib.ticker import FuncFormatter

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


MINUS = "\u2212"
"""The minus sign of the numbers beside the bars (a hyphen reads as a dash)."""


def _number(value: float, kind: str) -> str:
    """One precision per quantity: a probability or share in per cent to one decimal ("72.4%"; a chance
    that is not 0 or 1 never reads as "0.0%" or "100.0%"), any other figure to two decimals ("3.23")."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if kind in SHARE_KINDS:
        if value == 0 or value == 1:
            return f"{100 * value:.0f}%"
        percent = 100 * value
        if 0 < percent < 0.05:
            return "<0.1%"
        if 99.95 <= percent < 100:
            return ">99.9%"
        return f"{percent:.1f}%".replace("-", MINUS)
    if value == 0:
        return "0"
    if abs(value) < 0.005:
        return ("<0.01" if value > 0 else f">{MINUS}0.01")
    return f"{value:.2f}".replace("-", MINUS)


def _difference(value: float, kind: str) -> str:
    """B - A in the precision of its figure: percentage points to one decimal ("−9.9 points") for a
    probability or share, two decimals ("−1.81") otherwise; "±0" only where nothing changes, and a change
    too small to show reads "+<0.1 points" / "−<0.01", never as nothing."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if abs(value) < 1e-12:
        return "±0"
    sign = "+" if value > 0 else MINUS
    if kind in SHARE_KINDS:
        points = abs(100 * value)
        return f"{sign}{'<0.1' if points < 0.05 else f'{points:.1f}'} points"
    return f"{sign}{'<0.01' if abs(value) < 0.005 else f'{abs(value):.2f}'}"


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


def _row_height(rows: int) -> float:
    return 0.36 * max(rows, 1)


def figure_height(frame, kinds) -> float:
    """Inches for the figure of ``frame``'s rows: a panel for the probabilities and shares, one below
    for the other figures (each with its own x axis)."""
    shares = sum(kinds[n] in SHARE_KINDS for n in frame.index)
    others = len(frame) - shares
    if shares and others:
        return 1.3 + 0.75 + _row_height(shares) + _row_height(others)
    return 1.3 + _row_height(len(frame))


SPREAD = 20.0
"""Figures that are not probabilities are drawn on one common axis of their own values when the largest
is at most this many times the smallest non-zero one; else each relative to the larger of its A and B
(hatched), its values in the numbers beside it."""


def plot_rulings_comparison(comparison, ax=None, *, changed_only: bool = False, figures=None, title: str | None = None):
    """Paired bars A vs B per figure with the difference written beside them; returns the (top) axes.

    Probabilities and shares are drawn on a probability axis; the other figures (an expected number of
    injuries, a mean number of turns) in a panel of their own below it, on an axis of their values --
    never on the probability axis, where an expectation of 0.08 filled the whole width and read as the
    biggest number.  ``changed_only``: only the figures that change (all of them if none does);
    ``figures``: the names of the figures to draw, in this order; ``title``: default the comparison's title.
    """
    frame, kinds = selected(comparison, changed_only=changed_only, figures=figures)
    shares = [n for n in frame.index if kinds[n] in SHARE_KINDS]
    others = [n for n in frame.index if kinds[n] not in SHARE_KINDS]
    if ax is None:
        ax = new_figure(WIDTH, figure_height(frame, kinds)).add_subplot()
    panels = [ax]
    if shares and others:  # two panels, each with its own x axis
        figure = ax.figure
        ratios = [_row_height(len(shares)), _row_height(len(others))]
        spec = ax.get_subplotspec() if hasattr(ax, "get_subplotspec") else None
        if spec is not None:
            ax.remove()
            grid = spec.subgridspec(2, 1, height_ratios=ratios)
            panels = [figure.add_subplot(grid[0]), figure.add_subplot(grid[1])]
        else:
            from mpl_toolkits.axes_grid1 import make_axes_locatable

            panels = [ax, make_axes_locatable(ax).append_axes("bottom", size=f"{100 * ratios[1] / ratios[0]:.0f}%",
                                                              pad=0.55)]
    groups = [names for names in (shares, others) if names] or [[]]
    title = title if title is not None else (comparison.title or "rulings compared")
    for k, (panel, names) in enumerate(zip(panels, groups)):
        _draw_panel(comparison, panel, frame.loc[names] if names else frame, kinds, first=k == 0,
                    title=title if k == 0 else None)
    return panels[0]


def _draw_panel(comparison, ax, frame, kinds, *, first: bool, title: str | None) -> None:
    """One panel: the probabilities and shares on a probability axis, or the other figures on an axis
    of their own values (relative and hatched when they differ too much in size, :data:`SPREAD`)."""
    la, lb = comparison.labels
    rows = len(frame)
    small = notebook_font_size(None, ax.figure)  # 8 pt as the notebook shows the figure
    probabilities = rows > 0 and all(kinds[n] in SHARE_KINDS for n in frame.index)
    values = [abs(v) for n in frame.index for v in (frame.at[n, la], frame.at[n, lb]) if not math.isnan(v)]
    nonzero = [v for v in values if v > 0]
    common = probabilities or not nonzero or max(nonzero) <= SPREAD * min(nonzero)
    top = _nice_top(max(values, default=1.0)) if probabilities else (_value_top(max(values, default=1.0)))
    negative = False
    for y, name in enumerate(frame.index):
        a, b = frame.at[name, la], frame.at[name, lb]
        kind = kinds[name]
        if common:
            length_a, length_b, hatch = a, b, None
        else:
            largest = max(abs(v) for v in (a, b) if not math.isnan(v)) if not (math.isnan(a) and math.isnan(b)) else 0
            factor = 1.0 / largest if largest else 0.0
            length_a, length_b, hatch = a * factor, b * factor, "//"
        length_a = 0.0 if math.isnan(length_a) else length_a
        length_b = 0.0 if math.isnan(length_b) else length_b
        negative |= length_a < 0 or length_b < 0
        ax.barh(y - BAR / 2, length_a, height=BAR, color=COLOUR_A, hatch=hatch, edgecolor="white", linewidth=0,
                label=f"A: {la}" if y == 0 and first else None, gid="bar-a")
        ax.barh(y + BAR / 2, length_b, height=BAR, color=COLOUR_B, hatch=hatch, edgecolor="white", linewidth=0,
                label=f"B: {lb}" if y == 0 and first else None, gid="bar-b")
        d = frame.at[name, "difference"]
        colour = SAME if math.isnan(d) or abs(d) < 1e-12 else (RISE if d > 0 else FALL)
        ax.text(1.02, y, f"{_number(a, kind)} → {_number(b, kind)}  ({_difference(d, kind)})",
                transform=ax.get_yaxis_transform(), ha="left", va="center", fontsize=small, color=colour,
                gid="difference")
    if not common:
        top = 1.0
    ax.set_yticks(range(rows), [str(n) for n in frame.index], fontsize=small)
    ax.set_ylim(max(rows, 1) - 0.5, -0.5)  # the first figure on top
    ax.set_xlim(-top if negative else 0.0, top)
    ax.axvline(0, color="black", linewidth=0.6)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.tick_params(axis="x", labelsize=small)
    if probabilities:
        what = "probability / share"
    elif common:
        what = "value (an expected number or a mean: not a probability)"
    else:  # in per cent of each pair's larger value: never read as a probability
        what = "each pair in % of its larger value, hatched (the numbers are the values)"
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{100 * v:.0f} %"))
    ax.set_xlabel(what, fontsize=small)
    if first:
        ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncols=2, fontsize=small, frameon=False,
                  borderaxespad=0.2)
        ax.set_title(title, fontsize=notebook_font_size(9.0, ax.figure), loc="left", pad=20)
        ax.text(1.02, 1.0, "A → B  (B − A)", transform=ax.transAxes, ha="left", va="bottom",
                fontsize=small, color="#333333", gid="difference-header")


def _value_top(value: float) -> float:
    """A round end for an axis of values up to ``value`` (1, 2, 2.5, 5 times a power of ten)."""
    if not value > 0 or math.isnan(value):
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0):
        if value <= step * power * (1 + 1e-9):
            return step * power
    return 10.0 * power


def comparison_png(comparison, **options) -> bytes:
    frame, kinds = selected(comparison, **{k: v for k, v in options.items() if k in ("changed_only", "figures")})
    figure = new_figure(WIDTH, figure_height(frame, kinds))
    plot_rulings_comparison(comparison, ax=figure.add_subplot(), **options)
    return figure_png(figure)


def comparison_html_image(comparison) -> str:
    return png_img_tag(comparison_png(comparison), alt=f"{comparison.labels[0]} vs {comparison.labels[1]}")
