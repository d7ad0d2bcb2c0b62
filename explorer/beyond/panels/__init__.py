"""Beyond's panels: thin ipywidgets views over the engine (one module per panel).

* :class:`RevealPanel` -- the reveal simulator: Reveal / Stop / Lotus picks on a real game, the
  revealed cards drawn and the exact odds of the next card (beyond-rulebook.txt, "Phase 1: Reveal
  and Collection");
* :class:`AreaPanel` -- a game state's play areas, one player at a time;
* :class:`TournamentPanel` -- choose strategies and games per pair, run a round robin, see the
  standings (:mod:`explorer.beyond.tournament`).
"""

from explorer.beyond.panels.panel_area import AreaPanel
from explorer.beyond.panels.panel_reveal import RevealPanel
from explorer.beyond.panels.panel_tournament import TournamentPanel

__all__ = ["AreaPanel", "RevealPanel", "TournamentPanel"]
