"""A chart kept alive between results and *blitted*: what changes from one result to the next (bars,
labels, titles) are animated artists drawn over a cached background of everything else (axes, ticks,
axis labels), after matplotlib's blitting.

A chart class inherits :class:`BlittedChart`, makes its figure and artists, then calls
:meth:`~BlittedChart.start_blitting` with the animated artists; it defines :meth:`~BlittedChart._key`,
what the background depends on (the axes' ranges, the figure's size): one background is cached per
key.  :meth:`~BlittedChart.render` gives PNG bytes (an Agg canvas, for a picture widget),
:meth:`~BlittedChart.blit` shows the update on an interactive (ipympl) canvas, and
:meth:`~BlittedChart.png` draws the whole chart afresh (the full redraw benchmarks compare against).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Iterable

__all__ = ["BlittedChart"]


class BlittedChart(ABC):
    """The blitting half of a chart (see the module docstring); ``full_draws`` counts full draws."""

    figure = None

    def start_blitting(self, animated: Iterable) -> None:
        """Mark ``animated`` as the artists redrawn on every update and listen for full draws."""
        self._animated = list(animated)
        for artist in self._animated:
            artist.set_animated(True)
        self._backgrounds: dict = {}
        self.full_draws = 0
        self.figure.canvas.mpl_connect("draw_event", self._on_draw)

    @property
    def pixel_size(self) -> tuple[int, int]:
        width, height = self.figure.get_size_inches() * self.figure.dpi
        return round(width), round(height)

    @abstractmethod
    def _key(self) -> tuple:
        """What the cached background depends on (the axes' ranges, the figure's size)."""

    def _on_draw(self, _event) -> None:
        """After a full draw (ours, or one the ipympl front end asked for): keep its background and
        draw the animated artists over it."""
        canvas = self.figure.canvas
        if canvas.is_saving():  # savefig draws the animated artists too: not a background
            return
        self.full_draws += 1
        self._backgrounds[self._key()] = canvas.copy_from_bbox(self.figure.bbox)
        self._draw_animated()

    def _draw_animated(self) -> None:
        for artist in self._animated:
            self.figure.draw_artist(artist)

    def _draw(self) -> bool:
        """Bring the canvas's pixels up to date; True if only the animated artists were redrawn."""
        background = self._backgrounds.get(self._key())
        if background is None:
            self.figure.canvas.draw()  # the draw event stores the background and draws the rest
            return False
        self.figure.canvas.restore_region(background)
        self._draw_animated()
        return True

    def render(self) -> bytes:
        """The chart as PNG bytes (drawn on the Agg canvas, blitting when it can)."""
        from explorer.core.display import pixels_png

        self._draw()
        return pixels_png(self.figure.canvas)

    def blit(self) -> None:
        """Show the update on an interactive (ipympl) canvas: blit the animated artists over the
        cached background, or ask the front end for a full draw when the background is new."""
        canvas = self.figure.canvas
        if self._backgrounds.get(self._key()) is None:
            canvas.draw_idle()
            return
        self._draw()
        canvas.blit(self.figure.bbox)

    def png(self) -> bytes:
        """The whole chart drawn afresh (savefig, no cached background): the full redraw."""
        from explorer.core.display import figure_png

        return figure_png(self.figure)

    def _repr_png_(self) -> bytes:
        return self.png()
