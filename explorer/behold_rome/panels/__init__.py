"""Behold: Rome's panels: thin ipywidgets views over the engine (one module per panel).

* :class:`PlayPanel` -- play a game with buttons: the game drawn as held, the hand as buttons, the
  chosen card's legal plays and the refused ones with their rules, the benefit choices, undo and the
  planner's advice (behold-rome-rulebook.txt, "Action Phase");
* :class:`ScoringPanel` -- the scoring assistant: the itemised score of the position beside the rival
  civ's, as a picture and tables, updated as the game goes on (behold-rome-rulebook.txt, "Scoring").
"""

from explorer.behold_rome.panels.panel_play import PlayPanel
from explorer.behold_rome.panels.panel_scoring import ScoringPanel

__all__ = ["PlayPanel", "ScoringPanel"]
