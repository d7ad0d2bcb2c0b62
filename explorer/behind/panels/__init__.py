"""Behind's panels: thin ipywidgets / ipympl views over the engine (one module per panel).

Each panel observes its widgets, asks the engine, and updates its picture in place.
"""

from explorer.behind.panels.panel_odds import MeleeOddsPanel, RangedOddsPanel, StateOddsPanel
from explorer.behind.panels.panel_designer import DesignerPanel, TablePanel  # table view and scenario designer
from explorer.behind.panels.panel_compare import ComparisonPanel
from explorer.behind.panels.panel_replay import ReplayPanel  # step through a game; play with undo / redo

__all__ = ["MeleeOddsPanel"]
