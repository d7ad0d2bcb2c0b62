"""Figures for Behind's panels.

* :class:`SlotChart` -- one odds result as bars of fixed outcome slots, blitted: the live odds
  panels' chart (:mod:`explorer.behind.panels.panel_odds`);
* the interactive (ipympl) figures moved to the core, shared by every system's panels
  (:mod:`explorer.core.panels.figures`), re-exported here.
"""

from __future__ import annotations

from explorer.behind.palette import COLOUR_NAMES, ROLE_COLOURS, SIDES, outcome_colours
from explorer.behind.render_odds import outcome_slots, slot_label, slot_probabilities
from explorer.core.display import pixels_png
from explorer.core.panels.figures import IPYMPL_BACKENDS, ipympl_backend, ipympl_figure

__all__ = ["IPYMPL_BACKENDS", "SlotChart", "ipympl_backend", "ipympl_figure"]

Y_TOPS = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0)
"""The y-ranges a chart uses (few, so that few backgrounds are drawn and cached)."""

AXIS_LABELS = {"melee": "injuries: attacker ({attacker})  |  tie  |  defender ({defender})",
               "ranged": "miss (dodged)  |  injuries to the target ({target})"}
"""The x axis label of each kind, with the colour of each side in words (:func:`axis_label`)."""


def axis_label(kind: str, colours) -> str:
    """:data:`AXIS_LABELS` of ``kind`` with each side's colour named (``colours``: loser -> colour, as
    :func:`~explorer.behind.palette.outcome_colours` gives them)."""
    return AXIS_LABELS[kind].format(**{side: COLOUR_NAMES.get(colours.get(side, ""), "coloured")
                                       for side in SIDES[kind]})


class SlotChart:
    """One odds result as bars of the fixed outcome slots of its kind (melee or ranged,
    :data:`~explorer.behind.render_odds.MELEE_SLOTS`; 3 injuries or more together as "3+"), each side
    in its character's society colour (:meth:`_colour`), kept
    alive between results and *blitted*: the axes, ticks and labels are drawn once per y-range
    and cached, and an update redraws only the bars, their labels and the title over that
    background (matplotlib's blitting, as :class:`~explorer.behind.render_odds.ComparisonChart`).

    :meth:`update` sets the artists, :meth:`render` draws them and returns PNG bytes; ``bars`` are
    the rectangles (tests read their heights), ``full_draws`` counts the full draws.  The default
    size, 540 x 270 px, fits the narrowest output area of the panel layout conventions
    (:mod:`explorer.core.panels.layout`); it is drawn at 100 dpi, an inch for an inch shown (the
    panel shows the picture at its own pixel width), so that its 8 pt text reads as 8 pt (at 90 dpi
    it read as 7.2 pt).
    """

    def __init__(self, kind: str = "melee", *, width: float = 5.4, height: float = 2.7, dpi: int = 100):
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.kind = kind
        self.slots = outcome_slots(kind)
        self.figure = Figure(figsize=(width, height), dpi=dpi)
        FigureCanvasAgg(self.figure)
        self.figure.subplots_adjust(left=0.12, right=0.98, top=0.88, bottom=0.17)
        self.axes = ax = self.figure.add_subplot()
        xs = range(len(self.slots))
        self.bars = list(ax.bar(xs, [0.0] * len(self.slots), width=0.75))
        self.texts = [ax.text(x, 0, "", ha="center", va="bottom", fontsize=8) for x in xs]
        ax.set_xticks(list(xs), [slot_label(*slot) for slot in self.slots], fontsize=9)
        ax.set_xlim(-0.6, len(self.slots) - 0.4)
        ax.tick_params(axis="y", labelsize=8)
        ax.set_xlabel(" ", fontsize=9)
        self.colours: dict[str, str] = {}
        self._colour(dict(ROLE_COLOURS))
        ax.set_ylabel("probability", fontsize=9)
        self.title = ax.set_title(" ", fontsize=10)
        # the bars stand on the bottom spine, which savefig draws over them: drawn after the bars
        # here too, so that a blitted picture is the one drawn afresh (whatever pixel row it falls on)
        self._animated = [*self.bars, ax.spines["bottom"], *self.texts, self.title]
        for artist in self._animated:
            artist.set_animated(True)
        self._backgrounds: dict = {}
        self.full_draws = 0

    @property
    def pixel_size(self) -> tuple[int, int]:
        width, height = self.figure.get_size_inches() * self.figure.dpi
        return round(width), round(height)

    def update(self, result) -> None:
        """Set the bars, their labels and the title to ``result`` (an
        :class:`~explorer.behind.odds.OddsResult` of this chart's kind); draws nothing."""
        probabilities = slot_probabilities(result, self.slots)
        for bar, text, p in zip(self.bars, self.texts, probabilities):
            bar.set_height(p)
            text.set_y(p)
            text.set_text(f"{p:.0%}" if p >= 0.01 else "")
        top = max(probabilities) * 1.15
        self.axes.set_ylim(0, next((step for step in Y_TOPS if top <= step), Y_TOPS[-1]))
        loser = result.sides[1]
        injured = sum(p for (who, injuries), p in zip(self.slots, probabilities) if who == loser and injuries)
        self.title.set_text(f"{loser} injured {injured:.1%}")
        self._colour(outcome_colours(getattr(result, "question", None)))

    def _colour(self, colours) -> None:
        """Each side's bars, ticks and axis words in its character's society colour, as on the table and
        in the lessons' odds charts (:func:`~explorer.behind.palette.outcome_colours`: Ludwig von
        Auenstedt Vampire red whether he attacks or defends; the role colours when the sides share a
        society or have none); ties and misses grey.  The ticks and the axis label are in the cached
        background: it is kept per colouring."""
        colours = dict(colours)
        if colours == self.colours:
            return
        self.colours = colours
        for bar, tick, (loser, _) in zip(self.bars, self.axes.get_xticklabels(), self.slots):
            bar.set_color(colours.get(loser, "#555555"))
            tick.set_color(colours.get(loser, "#555555"))
        self.axes.set_xlabel(axis_label(self.kind, colours), fontsize=9)

    def _draw(self) -> bool:
        """Bring the pixels up to date; True if only the animated artists were redrawn."""
        canvas = self.figure.canvas
        key = (self.axes.get_ylim(), tuple(sorted(self.colours.items())))  # the ticks' colours are drawn in it
        background = self._backgrounds.get(key)
        blitted = background is not None
        if blitted:
            canvas.restore_region(background)
        else:  # a new y-range: draw the axes once (without the animated artists) and keep them
            canvas.draw()
            self.full_draws += 1
            self._backgrounds[key] = canvas.copy_from_bbox(self.figure.bbox)
        for artist in self._animated:
            self.figure.draw_artist(artist)
        return blitted

    def render(self) -> bytes:
        """The chart as PNG bytes (blitted over the cached background when it can)."""
        self._draw()
        return pixels_png(self.figure.canvas)

    def png(self) -> bytes:
        """The whole chart drawn afresh (savefig, no cached background) as PNG bytes: what an
        update cost before blitting, and a static picture for a lesson."""
        from explorer.core.display import figure_png

        return figure_png(self.figure)
