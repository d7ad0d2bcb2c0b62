"""Behind's panels: thin ipywidgets / ipympl views over the engine (one module per panel).

Each panel observes its widgets, asks the engine, and updates its picture in place:

* :class:`TablePanel` -- a table or game state with overlays (sight lines, reach, range, rings);
* :class:`DesignerPanel` -- the scenario designer: click, drag, live setup validation, save, play;
* :class:`ReplayPanel` -- step through a game's events; play with undo / redo;
* :class:`MeleeOddsPanel`, :class:`RangedOddsPanel`, :class:`StateOddsPanel` -- exact odds;
* :class:`ComparisonPanel` -- two melee situations side by side.
"""

from explorer.behind.panels.panel_compare import ComparisonPanel
from explorer.behind.panels.panel_designer import DesignerPanel
from explorer.behind.panels.panel_odds import (
           MeleeOddsPanel,
           RangedOddsPanel,
           StateOddsPanel,
)
from explorer.behind.panels.panel_replay import ReplayPanel
from explorer.behind.panels.panel_table import TablePanel

__all__ = ["ComparisonPanel", "DesignerPanel", "MeleeOddsPanel", "RangedOddsPanel", "ReplayPanel",
           "StateOddsPanel", "TablePanel"]
