"""The core's panels (ipywidgets), the same for every registered system.

* :class:`ReplayPanel` -- step through a saved game, or play one with undo / redo, drawn with the
  system's picture (``System.picture``; :mod:`explorer.core.panels.replay`).

``explorer.core.panels.figures`` makes ipympl figures without pyplot for any panel.
"""

from explorer.core.panels.replay import PUBLIC, REFEREE, ReplayPanel, action_words

__all__ = ["PUBLIC", "REFEREE", "ReplayPanel", "action_words"]
