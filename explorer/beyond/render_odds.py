"""Drawing Beyond's press-your-luck odds (beyond-rulebook.txt, section "Phase 1: Reveal and Collection").

Pure plotting: every function takes numbers already computed by :mod:`explorer.beyond.odds` and an
optional matplotlib ``ax`` (a new figure from :func:`explorer.core.display.new_figure` if None), draws
and returns the artists it made, so that tests can read the drawn data back.

* :func:`plot_curves` -- probabilities (or any values) against a count, one line per label
  (e.g. P(the next card fails) against the number of spirits revealed);
* :func:`plot_collected` -- the distribution of the number of cards collected, one bar group per
  horizon k ("turn up to k more cards");
* :func:`plot_expected_by_k` -- expected cards of "stop now" and of each horizon, the best one marked;
* :func:`plot_exact_vs_sampled` -- exact P(fail at the j-th more card) next to a Monte Carlo estimate
  with its 95% interval.

Probabilities are drawn as they are computed (0 to 1) and read as percentages: every probability
axis is labelled in percent (:func:`percent_axis`), as the panels write every chance.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from explorer.beyond.palette import spirit_colour
from explorer.core.display import figure_png, new_figure
from explorer.core.render_labels import notebook_font_size
from explorer.core.render_labels import MIN_FONT_SIZE, legend_below

PALETTE = ("#2471a3", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#5d6d7e")
EXACT_COLOUR, SAMPLED_COLOUR, BEST_COLOUR, PLAIN_COLOUR = "#2471a3", "#d68910", "#27ae60", "#aab7b8"


def _axes(ax, width: float = 5.8, height: float = 3.2):
    """``ax``, or a new one of a 580 px wide figure (it fits JupyterLab's narrowest output area)."""
    return new_figure(width, height).add_subplot() if ax is None else ax


def _size(ax, base: float = MIN_FONT_SIZE) -> float:
    """``base`` points, at least the minimum at the size a notebook shows the figure (a lesson's
    11 inch pair is shrunk to the output area: its text grows)."""
    return notebook_font_size(base, ax.figure)


def _readable(ax, title: str) -> None:
    """The title, the axis labels and the tick labels at their sizes (:func:`_size`)."""
    ax.set_title(title, fontsize=_size(ax, 9))
    ax.tick_params(labelsize=_size(ax, 9))
    ax.xaxis.label.set_fontsize(_size(ax, 10))
    ax.yaxis.label.set_fontsize(_size(ax, 10))


def percent_axis(ax) -> None:
    """The y axis of probabilities (0..1) labelled in percent: 0%, 20%, ..."""
    from matplotlib.ticker import PercentFormatter

    ax.yaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0))


def plot_curves(curves: Mapping[str, Sequence[tuple]], ax=None, *, xlabel: str, ylabel: str = "probability",
                title: str = "", zero_line: bool = False, probability: bool = True) -> list:
    """One line with markers per ``label -> [(x, y), ...]``; returns the Line2D objects in order.

    ``probability`` fixes the y axis to [0, 1]; ``zero_line`` draws y = 0 (for gains)."""
    ax = _axes(ax)
    lines = []
    for index, (label, points) in enumerate(curves.items()):
        xs = [float(x) for x, _ in points]
        ys = [float(y) for _, y in points]
        colour = spirit_colour(str(label)) or PALETTE[index % len(PALETTE)]  # a spirit's curve in its colour
        (line,) = ax.plot(xs, ys, marker="o", color=colour, label=label)
        lines.append(line)
    if zero_line:
        ax.axhline(0, color="black", linewidth=0.8)
    if probability:
        ax.set_ylim(0, 1.02)
        percent_axis(ax)
    xs = sorted({float(x) for points in curves.values() for x, _ in points})
    if xs and all(x.is_integer() for x in xs):
        ax.set_xticks(xs, [str(int(x)) for x in xs])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    _readable(ax, title)
    ax.grid(alpha=0.3)
    if len(curves) > 1:
        ax.legend(fontsize=_size(ax))  # "best": where it covers the fewest points
    return lines


def plot_collected(distributions: Sequence, ax=None, *, title: str = "") -> list:
    """Grouped bars of P(n cards collected), one group colour per horizon ``k`` of the
    :class:`~explorer.beyond.odds.CollectedDistribution` objects; returns the BarContainers."""
    ax = _axes(ax)
    sizes = sorted({n for dist in distributions for n in dist.counts})
    width = 0.8 / max(len(distributions), 1)
    containers = []
    for index, dist in enumerate(distributions):
        offset = (index - (len(distributions) - 1) / 2) * width
        heights = [float(dist.counts.get(n, 0)) for n in sizes]
        containers.append(ax.bar([n + offset for n in sizes], heights, width=width,
                                 color=PALETTE[index % len(PALETTE)],
                                 label=f"{dist.k} more (E = {float(dist.expected):.2f})"))
    ax.set_xticks(sizes, [str(n) for n in sizes])
    ax.set_ylim(0, 1.02)
    percent_axis(ax)
    ax.set_xlabel("cards collected this turn")
    ax.set_ylabel("probability")
    _readable(ax, title)
    ax.grid(axis="y", alpha=0.3)
    # under the axes: inside them, four entries covered the bars
    legend_below(ax, [c.patches[0] for c in containers], [c.get_label() for c in containers],
                 ncol=len(containers), fontsize=_size(ax), title="turn up to k more cards (E: cards expected)",
                 title_fontsize=_size(ax))
    return containers


def plot_expected_by_k(comparison, ax=None, *, title: str = "") -> list:
    """Bars of the expected score of each option of a :class:`~explorer.beyond.odds.GainComparison`
    ("stop now", "1 more", ...), the best one in green and labelled; returns the bar Rectangles."""
    ax = _axes(ax)
    frame = comparison.frame
    colours = [BEST_COLOUR if k == comparison.best_k else PLAIN_COLOUR for k in frame["k"]]
    bars = list(ax.bar(range(len(frame)), frame["expected"], color=colours))
    for x, value in enumerate(frame["expected"]):
        ax.text(x, value, f"{value:.2f}", ha="center", va="bottom", fontsize=_size(ax))
    ax.set_xticks(range(len(frame)), list(frame["option"]))
    ax.set_ylim(0, max(frame["expected"]) * 1.18)
    ax.set_ylabel("expected cards")
    _readable(ax, title)
    return bars


def plot_exact_vs_sampled(exact: Mapping[int, float], sampled: Mapping[int, float], samples: int, ax=None, *,
                          title: str = "") -> tuple:
    """P(the reveal fails at the j-th more card): exact bars next to Monte Carlo bars with a 95%
    interval (1.96 binomial standard errors); returns (exact bars, sampled bars, error bars)."""
    ax = _axes(ax)
    js = sorted(exact)
    exact_bars = ax.bar([j - 0.2 for j in js], [float(exact[j]) for j in js], width=0.4, color=EXACT_COLOUR,
                        label="exact (enumerated)")
    ps = [float(sampled.get(j, 0.0)) for j in js]
    sampled_bars = ax.bar([j + 0.2 for j in js], ps, width=0.4, color=SAMPLED_COLOUR,
                          label=f"Monte Carlo ({samples:,} shuffles)")
    errors = [1.96 * (p * (1 - p) / samples) ** 0.5 for p in ps]
    error_bars = ax.errorbar([j + 0.2 for j in js], ps, yerr=errors, fmt="none", ecolor="black", capsize=3)
    ax.set_xticks(js, [str(j) for j in js])
    ax.set_xlabel("the reveal fails at the j-th more card")
    ax.set_ylabel("probability")
    ax.set_ylim(0, max([*map(float, exact.values()), *ps, 0.05]) * 1.2)
    percent_axis(ax)
    _readable(ax, title)
    ax.legend(fontsize=_size(ax))
    return exact_bars, sampled_bars, error_bars


def odds_png(ax) -> bytes:
    """The figure holding ``ax`` as PNG bytes (for saving or an Image widget)."""
    return figure_png(ax.figure)
