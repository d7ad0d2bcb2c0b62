"""The scoring assistant: the itemised score of a Behold: Rome position beside the rival civ's.

behold-rome-rulebook.txt, "Scoring": controlled region wealth, every civ card's scoring rule, the
nation card's rule, -2 VP per uncovered unrest; the rival civ's base VPs, its rules on your civ and
the rival difficulty bonus ("Difficulty Settings > Rival Civ Difficulty Settings"); you win only
with more VPs.  :class:`ScoringPanel` shows ``state.score()``
(:func:`explorer.behold_rome.scoring.score`) of a game as it goes on: the headline (who would win if
the game ended now), the picture of every source that scored
(:func:`explorer.behold_rome.render_scoring.plot_score`, drawn 590 px wide, an ``Image`` that shrinks
with the output area) and the tables of both sides, every source with its rule and what it counted
(:func:`explorer.behold_rome.render_scoring.score_tables_html`: each fits 590 px, the rival's drops
below the player's when the output area is narrower than both; the sources that add nothing -- 0 VP, no
icons -- named in one line below them).  Call :meth:`update` after the game
changed (``PlayPanel.on_change(lambda _p: scoring.update())``).
"""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from explorer.behold_rome import refs
from explorer.behold_rome.render_scoring import drawn_rows, plot_score, score_tables_html
from explorer.core.display import PROSE_STYLE, figure_png
from explorer.core.inputs import InputError
from explorer.core.panels.layout import picture
from explorer.core.panels.replay import PICTURE_MARGIN


PICTURE_WIDTH = 5.9
"""The score picture's width in inches (100 px each): 590 px, JupyterLab's narrowest output area, so that
its text is shown at its own size (docs/panel-layout.md, rule 7)."""
_CSS = (f"<style>.behold-score-panel .widget-html-content{{{PROSE_STYLE}}}"
        f".behold-score-panel .behold-score-tables td,.behold-score-panel .behold-score-tables th{{{PROSE_STYLE}}}</style>")


def headline_html(score) -> str:
    """Who wins if the game ended now, with spans ``score-total``, ``rival-total`` and ``outcome``."""
    you = f"you <span class='score-total'>{score.total}</span> VP"
    if score.rival_total is None:
        return f"Score Chaser Mode: {you} (no rival civ)"
    tie = " (a tie loses)" if score.total == score.rival_total else ""
    return (f"{you} vs {html.escape(score.rival_name)} <span class='rival-total'>{score.rival_total}</span> VP "
            f"({html.escape(score.rival_difficulty)}): <span class='outcome'>you {score.outcome}</span>{tie}")


class ScoringPanel(widgets.VBox):
    """The score of ``state`` (a :class:`~explorer.behold_rome.game.BeholdRomeState`) now, itemised,
    beside the rival civ's.

    CSS classes: ``behold-score-panel`` (the root), ``behold-score-headline`` (HTML, spans
    ``score-total``, ``rival-total``, ``outcome``), ``behold-score-picture`` (the Image) and
    ``behold-score-tables`` (HTML).  ``panel.score`` is the last :class:`~explorer.behold_rome.scoring.Score`,
    ``panel.last_update_ms`` the last recompute and redraw."""

    def __init__(self, state):
        from explorer.behold_rome.game import BeholdRomeState

        if not isinstance(state, BeholdRomeState):
            raise InputError("ScoringPanel", "state", "a Behold: Rome game (explorer.behold_rome.new_game())", state)
        self.state = state
        self.score = None
        self._drawn: tuple = ()
        self.last_update_ms = 0.0
        self.headline = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("behold-score-headline")
        self.picture = picture(round(PICTURE_WIDTH * 100), 320, margin=PICTURE_MARGIN).add_class("behold-score-picture")
        self.tables = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto")
                                   ).add_class("behold-score-tables")
        super().__init__([
            widgets.HTML(f"{_CSS}<small>The scoring assistant, if the game ended now; rules: {html.escape(str(refs.SCORING))}"
                         "; cards INVENTED, illustrative</small>"),
            self.headline, self.picture, self.tables,
        ], layout=widgets.Layout(max_width="100%"))
        self.add_class("behold-score-panel")
        self.update()

    def update(self, _panel=None) -> None:
        """Score the position again and redraw the headline, the picture (only when what it draws
        changed) and the tables in place (``_panel``: so that it can be a PlayPanel listener itself)."""
        begin = time.perf_counter()
        score = self.state.score()
        self.score = score
        self.headline.value = f"<b>{headline_html(score)}</b> <small>(round {score.round} of {score.last_round})</small>"
        drawn = tuple((side, r.source, r.rule, r.vp) for side in ("player", "rival") for r in drawn_rows(score, side)
                      if side == "player" or score.rival) + (score.headline(),)
        if drawn != self._drawn:  # the picture shows what scored: most actions (a draw, a card stored) change nothing of it
            figure = plot_score(score, width=PICTURE_WIDTH, headline=False)  # the headline is right above
            self.picture.value = figure_png(figure)
            width, _height = figure.canvas.get_width_height()
            self.picture.layout.width = f"{int(width)}px"
            self._drawn = drawn
        self.tables.value = score_tables_html(score, headline=False, every_row=False)
        self.last_update_ms = (time.perf_counter() - begin) * 1000


__all__ = ["ScoringPanel", "headline_html"]
