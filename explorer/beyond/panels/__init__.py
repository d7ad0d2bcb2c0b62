"""Beyond's panels: thin ipywidgets views over the engine (one module per panel).

* :class:`RevealPanel` -- the reveal simulator: Reveal / Stop / Lotus picks on a real game, the
  revealed cards drawn and the exact odds of the next card (beyond-rulebook.txt, "Phase 1: Reveal
  and Collection");
* :class:`AreaPanel` -- a game state's play areas, one player at a time;
* :class:`TournamentPanel` -- choose strategies and games per pair, run a round robin, see the
  standings (:mod:`explorer.beyond.tournament`);
* :class:`ReplayPanel` -- the core's replay panel (:mod:`explorer.core.panels.replay`): step through
  a saved game, or play one with undo / redo, drawn by
  :class:`explorer.beyond.render_cards.StatePicture`; its texts name every card by its spirit, as
  the engine's events and the reveal simulator do (the action's words, ``place(card=TS01, ...)``,
  through :func:`~explorer.beyond.panels.panel_reveal.named_text`).
"""

from typing import Any

from explorer.beyond.panels.panel_area import AreaPanel
from explorer.beyond.panels.panel_reveal import RevealPanel, card_name, named_text
from explorer.beyond.panels.panel_tournament import TournamentPanel
from explorer.core.panels.replay import ReplayPanel as CoreReplayPanel

__all__ = ["AreaPanel", "ReplayPanel", "RevealPanel", "TournamentPanel", "card_name", "named_text"]


class ReplayPanel(CoreReplayPanel):
    """The core's replay panel (same arguments), whose step names every card by its spirit
    ("Turtle Snake (yin)"), also in the action's words, which the core writes with the card's code
    ("place(card=TS01, side=spirit)"); the events and the players' table name them already."""

    def _step_html(self, step, viewer: Any) -> str:
        return named_text(self.states[0], super()._step_html(step, viewer))

    def _refresh_play_controls(self) -> None:
        """The legal actions to choose from (playing) in words that name the cards by their spirits."""
        super()._refresh_play_controls()
        options = list(self.actions.options)
        if options and isinstance(options[0], tuple):
            value = self.actions.value
            self.actions.options = [(named_text(self.game, label), index) for label, index in options]
            self.actions.value = value
