"""Drawing odds results: bar charts and the HTML a result shows in Jupyter."""

from __future__ import annotations

import html

from explorer.core.display import figure_png, new_figure, png_img_tag, side_by_side

COLOURS = {"attacker": "#c0392b", "shooter": "#c0392b", "tie": "#7f8c8d", "none": "#7f8c8d",
           "defender": "#2471a3", "target": "#2471a3"}


NEUTRAL_LABELS = {"tie": "tie", "none": "miss"}


def outcome_label(loser: str, injuries: int) -> str:
    """Tick label of one outcome: the injuries to the loser, or "tie"/"miss"."""
    return NEUTRAL_LABELS.get(loser, str(injuries))


def _legend(ax, losers) -> None:
    from matplotlib.patches import Patch

    seen = list(dict.fromkeys(losers))
    names = {"tie": "tie", "none": "no effect (dodged)"}
    handles = [Patch(color=COLOURS.get(loser, "#555555"), label=names.get(loser, f"{loser} loses")) for loser in seen]
    ax.legend(handles=handles, fontsize=7, loc="upper left")


def _draw_bars(ax, result) -> list:
    """Draw the outcome bars, their labels, ticks, limits, title and legend; return the new artists."""
    frame = result.frame
    xs = list(range(len(frame)))
    colours = [COLOURS.get(loser, "#555555") for loser in frame["loser"]]
    artists = [*ax.bar(xs, frame["probability"], color=colours)]
    if "stderr" in frame:
        artists.append(ax.errorbar(xs, frame["probability"], yerr=2 * frame["stderr"], fmt="none", ecolor="black"))
    tallest = max(frame["probability"], default=0.0)
    for x, p in zip(xs, frame["probability"]):
        if p >= 0.05 or p == tallest:
            artists.append(ax.text(x, p, f"{p:.0%}", ha="center", va="bottom", fontsize=7))
    ax.set_xticks(xs, [outcome_label(loser, n) for loser, n in zip(frame["loser"], frame["injuries"])], fontsize=8)
    ax.set_xlim(-0.6, max(len(xs), 1) - 0.4)
    ax.set_ylim(0, max(0.05, float(tallest) * 1.15))
    ax.set_xlabel("injuries to the loser")
    ax.set_ylabel("probability")
    ax.set_title(result.title + ("" if result.exact else f" (Monte Carlo, n={result.samples})"), fontsize=9)
    _legend(ax, frame["loser"])
    return artists


def plot_odds(result, ax=None):
    """Bar chart of an :class:`~explorer.behind.odds.OddsResult`; returns the axes."""
    if ax is None:
        ax = new_figure().add_subplot()
    _draw_bars(ax, result)
    return ax


def plot_comparison(comparison, ax=None):
    """Grouped bars of two results (an :class:`~explorer.behind.odds.OddsComparison`)."""
    if ax is None:
        ax = new_figure(7.0, 3.4).add_subplot()
    frame = comparison.frame
    a, b = comparison.labels
    xs = range(len(frame))
    ax.bar([x - 0.2 for x in xs], frame[a], width=0.4, label=a, color="#95a5a6")
    ax.bar([x + 0.2 for x in xs], frame[b], width=0.4, label=b, color="#2e86c1")
    ax.set_xticks(list(xs), [outcome_label(loser, n) for loser, n in frame.index], fontsize=8)
    for x, (loser, _) in zip(xs, frame.index):
        ax.axvspan(x - 0.5, x + 0.5, color=COLOURS.get(loser, "#555555"), alpha=0.08, lw=0)
    ax.set_xlabel("injuries to the loser (background: red attacker/shooter loses, blue defender/target loses)", fontsize=8)
    ax.set_ylabel("probability")
    ax.legend(fontsize=8)
    ax.set_title(f"{a} vs {b}", fontsize=9)
    return ax


def odds_png(result) -> bytes:
    figure = new_figure()
    plot_odds(result, ax=figure.add_subplot())
    return figure_png(figure)


def summary_html(result) -> str:
    rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{v:.1%}</td></tr>" if k.startswith("P(")
                   else f"<tr><td>{html.escape(k)}</td><td>{v:.2f}</td></tr>" for k, v in result.summary().items())
    return f"<table>{rows}</table>"


def odds_html(result) -> str:
    kind = "exact" if result.exact else f"Monte Carlo estimate, {result.samples} samples"
    head = f"<h4>{html.escape(result.title)} <small>({kind})</small></h4>"
    table = result.table().to_html(index=False, float_format=lambda p: f"{p:.4f}")
    return head + side_by_side(summary_html(result) + table, png_img_tag(odds_png(result), result.title))


def comparison_html(comparison) -> str:
    figure = new_figure(7.0, 3.4)
    plot_comparison(comparison, ax=figure.add_subplot())
    table = comparison.summary().to_html(float_format=lambda p: f"{p:.4f}")
    return side_by_side(table + comparison.frame.to_html(float_format=lambda p: f"{p:.4f}"),
                        png_img_tag(figure_png(figure), "comparison"))


class OddsChart:
    """A bar chart kept alive between questions: :meth:`update` replaces only the bars, labels and
    title (the axes, spines and fonts stay), which keeps a live panel's redraw fast."""

    def __init__(self, width: float = 6.0, height: float = 3.0, dpi: int = 90):
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=(width, height), dpi=dpi)
        self.figure.subplots_adjust(left=0.1, right=0.98, top=0.9, bottom=0.16)
        self.axes = self.figure.add_subplot()
        self._artists: list = []

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Width and height of the PNG in pixels (to show it unscaled)."""
        width, height = self.figure.get_size_inches() * self.figure.dpi
        return round(width), round(height)

    def update(self, result) -> bytes:
        """Draw ``result`` in place of the previous one and return the chart as PNG bytes."""
        for artist in self._artists:
            artist.remove()
        self._artists = _draw_bars(self.axes, result)
        return figure_png(self.figure)
