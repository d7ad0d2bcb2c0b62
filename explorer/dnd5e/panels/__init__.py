"""D&D 5e's panels: thin ipywidgets / ipympl views over the rules layers (one module per panel).

* :class:`AttackOddsPanel` -- the exact odds of an attack and a turn's damage, with sliders
  (:mod:`explorer.dnd5e.panels.panel_attack`).
* :class:`KartenPanel` -- the battle map: click a creature, then a destination; the path's cost, the
  movement left, the Gelegenheitsangriffe it provokes and the region it can reach
  (:mod:`explorer.dnd5e.panels.panel_map`).
* :class:`ZugPanel` -- the turn panel: the legal actions of the creature to act, the refused ones with
  their rule, undo and the log (:mod:`explorer.dnd5e.panels.panel_turn`).
"""

from explorer.dnd5e.panels.panel_attack import AttackOddsPanel
from explorer.dnd5e.panels.panel_map import KartenPanel
from explorer.dnd5e.panels.panel_turn import ZugPanel

__all__ = ["AttackOddsPanel", "KartenPanel", "ZugPanel"]
