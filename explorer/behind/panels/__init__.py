"""Behind's panels: thin ipywidgets / ipympl views over the engine (one module per panel).

Each panel observes its widgets, asks the engine, and updates its picture in place.
"""

from explorer.behind.panels.panel_odds import MeleeOddsPanel

__all__ = ["MeleeOddsPanel"]
