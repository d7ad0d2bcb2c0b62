"""Drawing odds results: bar charts and the HTML a result shows in Jupyter."""

from __future__ import annotations

import html
from collections.abc import Mapping

from explorer.behind.palette import COLOUR_NAMES, ROLE_COLOURS, SIDES, outcome_colours
from explorer.core.display import figure_png, html_table, new_figure, png_img_tag, probability_text, side_by_side
from explorer.core.render_blit import BlittedChart
from explorer.core.render_labels import MIN_FONT_SIZE, notebook_font_size

COLOURS = dict(ROLE_COLOURS)
"""The outcome colours by role (sides of no society): :func:`~explorer.behind.palette.outcome_colours`."""


def comparison_colours(first, second) -> dict[str, str]:
    """The outcome colours of a chart of two results (:func:`outcome_colours`): each side in its
    society's colour when both results' questions colour it alike, else by role."""
    a, b = outcome_colours(getattr(first, "question", None)), outcome_colours(getattr(second, "question", None))
    return a if a == b else dict(ROLE_COLOURS)


def sides_in_colour(colours: Mapping[str, str], result, losers) -> str:
    """Which colour is which side, in words: "red attacker (Ludwig von Auenstedt) loses, ..." for the
    sides among ``losers``."""
    question = getattr(result, "question", None)
    words = []
    for side in [side for pair in SIDES.values() for side in pair if side in set(losers)]:
        who = getattr(getattr(question, side, None), "name", None)
        colour = COLOUR_NAMES.get(colours.get(side, ""), "coloured")
        words.append(f"{colour} {side}" + (f" ({who})" if who else "") + " loses")
    return ", ".join(words)


NEUTRAL_LABELS = {"tie": "tie", "none": "miss"}


def _size(ax, points: float = MIN_FONT_SIZE) -> float:
    """``points`` for a text of ``ax``'s figure, raised so it reads as 8 pt at least as a notebook shows
    the figure (:func:`~explorer.core.render_labels.notebook_font_size`)."""
    return notebook_font_size(points, ax.figure)


def outcome_label(loser: str, injuries: int) -> str:
    """Tick label of one outcome: the injuries to the loser, or "tie"/"miss"."""
    return NEUTRAL_LABELS.get(loser, str(injuries))


def _legend(ax, losers, probabilities=(), colours=COLOURS) -> None:
    """The legend, in the upper corner away from the tallest bar (so it never hides it)."""
    from matplotlib.patches import Patch

    seen = list(dict.fromkeys(losers))
    names = {"tie": "tie", "none": "no effect (dodged)"}
    handles = [Patch(color=colours.get(loser, "#555555"), label=names.get(loser, f"{loser} loses")) for loser in seen]
    probabilities = list(probabilities)
    tallest_left = bool(probabilities) and probabilities.index(max(probabilities)) < len(probabilities) / 2
    ax.legend(handles=handles, fontsize=_size(ax), loc="upper right" if tallest_left else "upper left")


def _draw_bars(ax, result) -> list:
    """Draw the outcome bars, their labels, ticks, limits, title and legend; return the new artists."""
    frame = result.frame
    xs = list(range(len(frame)))
    palette = outcome_colours(result.question)  # each side in its society's colour, as on the table
    colours = [palette.get(loser, "#555555") for loser in frame["loser"]]
    artists = [*ax.bar(xs, frame["probability"], color=colours)]
    if "stderr" in frame:
        artists.append(ax.errorbar(xs, frame["probability"], yerr=2 * frame["stderr"], fmt="none", ecolor="black"))
    tallest = max(frame["probability"], default=0.0)
    for x, p in zip(xs, frame["probability"]):
        if p >= 0.05 or p == tallest:
            artists.append(ax.text(x, p, f"{p:.0%}", ha="center", va="bottom", fontsize=_size(ax)))
    ax.set_xticks(xs, [outcome_label(loser, n) for loser, n in zip(frame["loser"], frame["injuries"])], fontsize=_size(ax, 8))
    ax.set_xlim(-0.6, max(len(xs), 1) - 0.4)
    ax.set_ylim(0, max(0.05, float(tallest) * 1.15))
    ax.tick_params(axis="y", labelsize=_size(ax))
    ax.set_xlabel("injuries to the loser", fontsize=_size(ax, 10))
    ax.set_ylabel("probability", fontsize=_size(ax, 10))
    ax.set_title(result.title + ("" if result.exact else f" (Monte Carlo, n={result.samples})"), fontsize=_size(ax, 9))
    _legend(ax, frame["loser"], frame["probability"], palette)
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
    ax.set_xticks(list(xs), [outcome_label(loser, n) for loser, n in frame.index], fontsize=_size(ax, 8))
    colours = comparison_colours(comparison.first, comparison.second)  # as plot_odds: by society
    for x, (loser, _) in zip(xs, frame.index):
        ax.axvspan(x - 0.5, x + 0.5, color=colours.get(loser, "#555555"), alpha=0.08, lw=0)
    sides = sides_in_colour(colours, comparison.first, [loser for loser, _ in frame.index])
    ax.set_xlabel(f"injuries to the loser (background: {sides})", fontsize=_size(ax, 8))
    ax.set_ylabel("probability", fontsize=_size(ax, 10))
    ax.tick_params(axis="y", labelsize=_size(ax))
    ax.legend(fontsize=_size(ax, 8))
    ax.set_title(f"{a} vs {b}", fontsize=_size(ax, 9))
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
    table = result.table().to_html(index=False, float_format=probability_text)
    return head + side_by_side(summary_html(result) + table, png_img_tag(odds_png(result), result.title))


def comparison_html(comparison) -> str:
    figure = new_figure(7.0, 3.4)
    plot_comparison(comparison, ax=figure.add_subplot())
    tables = (html_table(comparison.summary(), digits=4, caption="summary")._repr_html_()
              + html_table(comparison.frame, digits=4, caption="outcomes")._repr_html_())
    return side_by_side(tables, png_img_tag(figure_png(figure), "comparison"))


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


# -- fixed outcome slots (charts updated in place) ----------------------------------------------------

ELIMINATING = 3
"""Injuries from this many on are drawn together as "3+": a third injury eliminates a healthy
character (Injuries (Verletzungen))."""

MELEE_SLOTS = (("attacker", 3), ("attacker", 2), ("attacker", 1), ("attacker", 0), ("tie", 0),
               ("defender", 0), ("defender", 1), ("defender", 2), ("defender", 3))
"""Melee outcomes from the attacker's worst to the defender's worst (the attack minus the defence
grows to the right)."""

RANGED_SLOTS = (("none", 0), ("target", 0), ("target", 1), ("target", 2), ("target", 3))


def outcome_slots(kind: str) -> tuple[tuple[str, int], ...]:
    """The fixed outcome slots of a chart of ``kind`` ("melee" or "ranged")."""
    return MELEE_SLOTS if kind == "melee" else RANGED_SLOTS


def slot_label(loser: str, injuries: int) -> str:
    if loser in NEUTRAL_LABELS:
        return NEUTRAL_LABELS[loser]
    return f"{injuries}+" if injuries >= ELIMINATING else str(injuries)


def slot_probabilities(result, slots=None) -> list[float]:
    """P of each slot of ``result`` (injuries of 3 or more in the "3+" slot)."""
    slots = slots or outcome_slots(result.kind)
    index = {slot: i for i, slot in enumerate(slots)}
    values = [0.0] * len(slots)
    for loser, injuries, p in zip(result.frame["loser"], result.frame["injuries"], result.frame["probability"]):
        values[index[loser, min(int(injuries), ELIMINATING)]] += float(p)
    return values


_PROBABILITY_TOPS = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0, 1.2)
_CHANGE_SPANS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0, 1.3)
"""The y-ranges of :class:`ComparisonChart` (a probability's top; a change's span, as a fraction):
a few fixed steps, so that few backgrounds are drawn; the last leave a label room above 100 %."""


def change_label(change: float, whole: bool = False) -> str:
    """A difference bar's label, in percentage points: ``"+9.8"``, ``"-20"`` (whole points from 10
    on, or always with ``whole``, so that neighbouring labels stay apart), ``""`` under half a
    point."""
    if abs(change) < 0.5:
        return ""
    return f"{change:+.1f}" if abs(change) < 9.95 and not whole else f"{change:+.0f}"


def _probability_ticks():
    """matplotlib's usual y ticks, none above 1 (a probability axis may reach 1.2 for a label's room)."""
    from matplotlib.ticker import AutoLocator

    class ProbabilityTicks(AutoLocator):
        def __call__(self):
            return [tick for tick in super().__call__() if tick <= 1 + 1e-9]

    return ProbabilityTicks()


def _nice_top(value: float, steps=(0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0)) -> float:
    return next((step for step in steps if value <= step), steps[-1])


CHART_LAYOUTS = ("wide", "narrow")
"""How :class:`ComparisonChart` arranges its three axes: ``"wide"`` in one row (A | B | B minus
A), ``"narrow"`` in two rows (A | B above, the difference across the whole width below)."""

_LABEL_ROOM_PT = 1.35 * MIN_FONT_SIZE + 3
"""The height a bar's label needs above the bar (below a negative one), in points: the text and
a little air, so that a label never touches the top (bottom) of its axes or the title above."""


def _headroom(ax, half: bool = False) -> float:
    """The fraction of ``ax``'s height (of its half above zero, ``half``) a bar's label needs."""
    figure = ax.figure
    height_pt = ax.get_position().height * figure.get_figheight() * 72
    return min(_LABEL_ROOM_PT / (height_pt / 2 if half else height_pt), 0.5)


class ComparisonChart(BlittedChart):
    """Two odds results side by side, and their difference, in one figure kept alive between
    questions.

    The bars of fixed outcome slots (:data:`MELEE_SLOTS`) change height and the labels change
    text; nothing is rebuilt.  The bars, labels and titles are *animated* artists drawn over a
    cached background (matplotlib's blitting): the axes, ticks and labels are drawn once per pair
    of y-ranges, so an update redraws only what changed.

    ``layout`` (:data:`CHART_LAYOUTS`): ``"wide"`` puts the three axes in one row (by default
    840 x 248 px); ``"narrow"`` puts A and B in a row above the difference, which spans the whole
    width below (by default 580 x 416 px: it fits JupyterLab's narrowest output area, 590 px).  It is
    drawn at 100 dpi, an inch for an inch shown, so that its smallest text, ``MIN_FONT_SIZE``
    points, reads at that size in the panel's picture.
    Either way the y-ranges leave room above the tallest bar (and below the lowest difference) for
    its label; the wide layout labels the differences in whole points (its bars are only about
    25 px apart).  ``figure`` may be given (a panel passes one whose canvas is an ipympl widget,
    which blits too); by default a :class:`~matplotlib.figure.Figure` with an Agg canvas is made.
    :meth:`update` sets the artists, :meth:`render` draws them and returns PNG bytes,
    :meth:`blit` draws them onto an interactive canvas.  ``bars[label]`` / ``difference_bars``
    hold the bar rectangles (tests read their heights).
    """

    def __init__(self, labels: tuple[str, str] = ("A", "B"), kind: str = "melee", *, figure=None,
                 width: float | None = None, height: float | None = None, dpi: int = 100,
                 layout: str = "wide"):
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.ticker import PercentFormatter

        if layout not in CHART_LAYOUTS:
            raise ValueError(f"ComparisonChart layout: {layout!r}; expected one of {CHART_LAYOUTS}")
        self.kind = kind
        self.layout = layout
        self.labels = tuple(labels)
        self.slots = outcome_slots(kind)
        if figure is None:
            # 100 dpi: an inch drawn is an inch shown (the picture is shown at its own pixel width), so
            # a text of MIN_FONT_SIZE points reads at that size (at 80 dpi it read as 6.4 points)
            default_width, default_height = (8.4, 2.48) if layout == "wide" else (5.8, 4.16)
            figure = Figure(figsize=(width or default_width, height or default_height), dpi=dpi)
            FigureCanvasAgg(figure)
        self.figure = figure
        if layout == "wide":
            self.figure.subplots_adjust(left=0.075, right=0.99, top=0.9, bottom=0.16, wspace=0.34)
            first_ax, second_ax, diff_ax = self.figure.subplots(1, 3)
        else:
            grid = self.figure.add_gridspec(2, 2, left=0.1, right=0.985, top=0.945, bottom=0.115,
                                            wspace=0.3, hspace=0.5)
            first_ax, second_ax = self.figure.add_subplot(grid[0, 0]), self.figure.add_subplot(grid[0, 1])
            diff_ax = self.figure.add_subplot(grid[1, :])
        second_ax.sharey(first_ax)
        self.axes = {self.labels[0]: first_ax, self.labels[1]: second_ax}
        self.difference_axes = diff_ax
        xs = list(range(len(self.slots)))
        self.colours = {label: dict(ROLE_COLOURS) for label in (*self.labels, None)}  # None: the difference
        colours = [COLOURS.get(loser, "#555555") for loser, _ in self.slots]
        self.bars, self.texts = {}, {}
        for label, ax in self.axes.items():
            self.bars[label] = list(ax.bar(xs, [0.0] * len(xs), color=colours, width=0.75))
            self.texts[label] = [ax.text(x, 0, "", ha="center", va="bottom", fontsize=MIN_FONT_SIZE) for x in xs]
            # in percent, the sign left out (the axis says it): "21" is narrow enough for a bar's
            # label to stay clear of its neighbours' (the bars are about 25 px apart)
            ax.set_ylabel("probability (%)", fontsize=MIN_FONT_SIZE)
            ax.yaxis.set_major_locator(_probability_ticks())
            ax.yaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0, symbol=""))
            ax.set_title(label, fontsize=9)
            self._slot_axis(ax)
        self.difference_bars = list(diff_ax.bar(xs, [0.0] * len(xs), color=colours, width=0.75))
        self.difference_texts = [diff_ax.text(x, 0, "", ha="center", va="bottom", fontsize=MIN_FONT_SIZE) for x in xs]
        self.zero_line = diff_ax.axhline(0.0, color="black", lw=0.8)  # animated: drawn over the bars, as savefig does
        diff_ax.set_ylabel("percentage points", fontsize=MIN_FONT_SIZE)
        diff_ax.set_title(f"{self.labels[1]} minus {self.labels[0]}", fontsize=9)
        self._slot_axis(diff_ax)
        # the share of each axes' height the labels need above the bars: fixed by the layout
        self._headroom = _headroom(first_ax)
        self._difference_headroom = _headroom(diff_ax, half=True)
        self.titles = [ax.title for ax in self.axes.values()]
        # the bars stand on their axes' bottom spine, which savefig draws over them: drawn after the
        # bars here too, so that a blitted picture is the one drawn afresh (whatever pixel row it falls on)
        floors = [ax.spines["bottom"] for ax in self.axes.values()]
        animated = [*self.bars[self.labels[0]], *self.bars[self.labels[1]], *self.difference_bars,
                          *floors, self.zero_line, *self.texts[self.labels[0]], *self.texts[self.labels[1]],
                          *self.difference_texts, *self.titles]
        self.start_blitting(animated)

    def _slot_axis(self, ax) -> None:
        ax.set_xticks(range(len(self.slots)), [slot_label(*slot) for slot in self.slots], fontsize=8)
        for tick, (loser, _) in zip(ax.get_xticklabels(), self.slots):
            tick.set_color(COLOURS.get(loser, "#555555"))
        ax.set_xlim(-0.6, len(self.slots) - 0.4)
        ax.tick_params(axis="y", labelsize=MIN_FONT_SIZE)
        # short enough to leave air between neighbouring axes; the ticks carry the sides' colours
        ax.set_xlabel("injuries: attacker | tie | defender" if self.kind == "melee"
                      else "miss | injuries to the target", fontsize=8)

    def update(self, first, second) -> None:
        """Set the artists to ``first`` and ``second`` (:class:`~explorer.behind.odds.OddsResult`)
        and to their difference (second minus first, in percentage points); draws nothing."""
        values = {self.labels[0]: slot_probabilities(first, self.slots),
                  self.labels[1]: slot_probabilities(second, self.slots)}
        top = _nice_top(max(max(v) for v in values.values()) / (1 - self._headroom), _PROBABILITY_TOPS)
        for (label, probabilities), result, title in zip(values.items(), (first, second), self.titles):
            for bar, text, p in zip(self.bars[label], self.texts[label], probabilities):
                bar.set_height(p)
                text.set_y(p)
                text.set_text(f"{100 * p:.0f}" if p >= 0.01 else "")  # fewer labels: text is most of a redraw
            loser = result.sides[1]
            injured = sum(p for (who, injuries), p in zip(self.slots, probabilities) if who == loser and injuries)
            title.set_text(f"{label}: {loser} injured {injured:.1%}")
        self._colour((first, second))
        self.axes[self.labels[0]].set_ylim(0, top)
        changes = [100 * (b - a) for a, b in zip(values[self.labels[0]], values[self.labels[1]])]
        span = 100 * _nice_top(max(max(abs(c) for c in changes) / 100 / (1 - self._difference_headroom), 0.01),
                               _CHANGE_SPANS)
        pad = 0.03 * span  # the value clear of its bar's end: a negative one sat on the bar's lower edge
        for bar, text, change in zip(self.difference_bars, self.difference_texts, changes):
            bar.set_height(change)
            text.set_y(change + pad if change >= 0 else change - pad)
            text.set_va("bottom" if change >= 0 else "top")
            text.set_text(change_label(change, whole=self.layout == "wide"))  # wide: about 25 px a bar
        self.difference_axes.set_ylim(-span, span)

    def _colour(self, results) -> None:
        """Each side's bars and ticks in its society's colour, as the other odds charts
        (:func:`outcome_colours`); the difference's as both results agree (:func:`comparison_colours`)."""
        wanted = {label: outcome_colours(result.question) for label, result in zip(self.labels, results)}
        wanted[None] = comparison_colours(*results)
        for label, colours in wanted.items():
            if colours == self.colours[label]:
                continue
            self.colours[label] = colours
            ax = self.difference_axes if label is None else self.axes[label]
            bars = self.difference_bars if label is None else self.bars[label]
            for bar, tick, (loser, _) in zip(bars, ax.get_xticklabels(), self.slots):
                bar.set_color(colours.get(loser, "#555555"))
                tick.set_color(colours.get(loser, "#555555"))

    # -- drawing: a cached background per pair of y-ranges, the animated artists over it -------------
    def _key(self) -> tuple:
        colours = tuple(tuple(sorted(c.items())) for c in self.colours.values())  # the ticks' colours
        return (self.axes[self.labels[0]].get_ylim(), self.difference_axes.get_ylim(), self.figure.bbox.bounds,
                colours)


# -- heatmaps of sweeps ------------------------------------------------------------------------------


def plot_heatmap(frame, ax=None, *, fmt: str = "{:.0%}", cmap: str = "viridis", vmin: float | None = 0.0,
                 vmax: float | None = 1.0, title: str | None = None, colorbar: bool = True):
    """A sweep (:mod:`explorer.behind.sweeps`) as an annotated heatmap: rows top to bottom as in
    the frame, one cell per value, its number written in it.  Returns the axes."""
    import numpy as np

    if ax is None:
        rows, cols = frame.shape
        ax = new_figure(min(2.0 + 1.1 * cols, 11.0), min(1.4 + 0.42 * rows, 8.0)).add_subplot()
    values = frame.to_numpy(dtype=float)
    image = ax.imshow(values, cmap=cmap, vmin=vmin, vmax=vmax, aspect="auto")
    ax.set_xticks(range(frame.shape[1]), [str(c) for c in frame.columns], fontsize=_size(ax, 8),
                  rotation=0 if all(len(str(c)) <= 4 for c in frame.columns) else 25, ha="right"
                  if any(len(str(c)) > 4 for c in frame.columns) else "center")
    ax.set_yticks(range(frame.shape[0]), [str(i) for i in frame.index], fontsize=_size(ax, 8))
    ax.set_xlabel(axis_label(frame.columns.name), fontsize=_size(ax, 9))
    ax.set_ylabel(axis_label(frame.index.name), fontsize=_size(ax, 9))
    low, high = image.get_clim()
    middle = (low + high) / 2
    for (i, j), value in np.ndenumerate(values):
        ax.text(j, i, fmt.format(value), ha="center", va="center", fontsize=_size(ax, 8),
                color="black" if value > middle else "white")
    ax.set_title(title or str(frame.attrs.get("measure", "")), fontsize=_size(ax, 10))
    if colorbar:
        bar = ax.figure.colorbar(image, ax=ax, fraction=0.05, pad=0.02)
        bar.ax.tick_params(labelsize=_size(ax))
    return ax


def axis_label(name) -> str:
    """A sweep axis in words: ``"attacker.strength"`` -> ``"attacker's Strength"``."""
    role, dot, field = str(name or "").partition(".")
    return f"{role}'s {field.title()}" if dot else str(name or "")


def heatmap_png(frame, **options) -> bytes:
    """:func:`plot_heatmap` as PNG bytes."""
    ax = plot_heatmap(frame, **options)
    return figure_png(ax.figure)
