"""D&D 5e's panels: thin ipywidgets / ipympl views over the rules layers (one module per panel).

* :class:`AttackOddsPanel` -- the exact odds of an attack and a turn's damage, with sliders
  (:mod:`explorer.dnd5e.panels.panel_attack`).
"""

from explorer.dnd5e.panels.panel_attack import AttackOddsPanel

__all__ = ["AttackOddsPanel"]
