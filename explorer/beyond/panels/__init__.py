"""Beyond's panels: thin ipywidgets views over the engine (one module per panel).

* :class:`RevealPanel` -- the reveal simulator: Reveal / Stop / Lotus picks on a real game, the
  revealed cards drawn and the exact odds of the next card (beyond-rulebook.txt, "Phase 1: Reveal
  and Collection");
* :class:`AreaPanel` -- a game state's play areas, one player at a time;
* :class:`TournamentPanel` -- choose strategies and games per pair, run a round robin, see the
  standings (:mod:`explorer.beyond.tournament`);
* :class:`ReplayPanel` -- the core's replay panel (:mod:`explorer.core.panels.replay`): step through
  a saved game, or play one with undo / redo, drawn by
  :class:`explorer.beyond.render_cards.StatePicture`.
"""

from explorer.beyond.panels.panel_area import AreaPanel
from explorer.beyond.panels.panel_reveal import RevealPanel
from explorer.beyond.panels.panel_tournament import TournamentPanel
from explorer.core.panels.replay import ReplayPanel

__all__ = ["AreaPanel", "ReplayPanel", "RevealPanel", "TournamentPanel"]
