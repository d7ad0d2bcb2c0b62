"""Interactive figures for the panels: moved to the core, shared by every system's panels
(:mod:`explorer.core.panels.figures`); re-exported here for Behind's panels."""

from explorer.core.panels.figures import IPYMPL_BACKENDS, ipympl_backend, ipympl_figure

__all__ = ["IPYMPL_BACKENDS", "ipympl_backend", "ipympl_figure"]
