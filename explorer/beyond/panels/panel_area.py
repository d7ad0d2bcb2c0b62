"""A player's play area in a Beyond game: the cards, patterns, Stock card, tokens and Lotus tokens.

beyond-rulebook.txt, "Set Up" (Stock card, 2 Lotus tokens), "Phase 2: Positioning of Collected
Cards in Their Play Area" (Spirit side up, or Capture side up on one of the 4 corners), "Enchanted
Celestial Spirit" (complete patterns) and "End of the Game - Counting Energy Points" (the score
in the title).  :class:`AreaPanel` shows one player's area at a time, chosen with a dropdown, drawn
by :func:`explorer.beyond.render_cards.draw_area` into one figure reused for every redraw (sized to
the area, at most 590 px wide, its text 8 pt or more) and shown as an ``Image`` updated in place.
"""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from explorer.beyond import refs
from explorer.beyond.render_cards import (
    area_figure,
    area_layout,
    area_png,
    discard_text,
)
from explorer.core.display import CAPTION_START
from explorer.core.panels.layout import FULL_LABEL, picture
from explorer.core.panels.replay import PICTURE_MARGIN


SCORE_WORDS = {"nian shou": "Nian Shou cards"}
"""The score's rows in the summary's words (the rest as the score names them, e.g. "tokens in the play
area (Lotus included)": "+1 per token in their entire play area", "End of the Game - Counting Energy
Points", ruling beyond.tokens-scored)."""


class AreaPanel(widgets.VBox):
    """A game state's play areas, one player at a time.

    CSS classes: ``beyond-area-player`` (the dropdown), ``beyond-area-picture`` (the Image),
    ``beyond-area-summary`` (score and counts, HTML).  :meth:`update` redraws after the game
    changed (e.g. ``panel.state.apply(...)`` then ``panel.update()``); :meth:`show` picks a player;
    ``panel.layout_shown`` is what :func:`~explorer.beyond.render_cards.area_layout` gave."""

    def __init__(self, state, player: str | None = None):
        self.state = state
        self._figure = area_figure()
        width, height = (self._figure.get_size_inches() * self._figure.dpi).round().astype(int)
        self.player = widgets.Dropdown(options=list(state.players), value=player or state.players[0],
                                       description="Player", style=FULL_LABEL,
                                       layout=widgets.Layout(width="240px", max_width="100%")
                                       ).add_class("beyond-area-player")
        # the picture at its natural size, scaled down (aspect kept) when the output area is narrower
        self.picture = picture(width, height, margin=PICTURE_MARGIN).add_class("beyond-area-picture")
        self.summary = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("beyond-area-summary")
        self.layout_shown: dict = {}
        self.last_update_ms = 0.0
        self.player.observe(lambda _change: self.update(), names="value")
        super().__init__([
            widgets.HTML(f"{CAPTION_START}Play areas; rules: {html.escape(str(refs.PHASE_2))}, "
                         f"{html.escape(str(refs.END_OF_GAME))}</small>"),
            self.player, self.summary, self.picture,
        ], layout=widgets.Layout(max_width="100%"))
        self.add_class("beyond-area-panel")
        self.update()

    def show(self, player: str) -> None:
        self.player.value = player

    def update(self) -> None:
        """Redraw the chosen player's area and summary in place."""
        begin = time.perf_counter()
        state, player = self.state, self.player.value
        self.layout_shown = area_layout(state, player)
        self.picture.value = area_png(state, player, self._figure)
        # the figure takes the size of the area drawn (at most 590 px wide): the picture follows it
        self.picture.layout.width = f"{round(self._figure.get_figwidth() * self._figure.dpi)}px"
        score = state.score(player)
        items = ", ".join(f"{SCORE_WORDS.get(name, name)} {value}" for name, value in score.items() if name != "total")
        self.summary.value = (f"<b>{html.escape(player)}</b>: <span class='score'>{score['total']}</span> energy points "
                              f"({html.escape(items)}); {html.escape(discard_text(state))}")
        self.last_update_ms = (time.perf_counter() - begin) * 1000
