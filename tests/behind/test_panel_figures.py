"""Interactive figures for the panels (explorer/behind/panels/panel_figures.py)."""

import matplotlib

from explorer.behind.panels.panel_figures import ipympl_backend, ipympl_figure


def test_an_ipympl_figure_leaves_the_users_backend_alone():
    """Importing ipympl's backend makes it matplotlib's backend; a panel that makes one ipympl
    canvas on request must not switch every later "auto" panel (and pyplot) to ipympl."""
    before = matplotlib.rcParams._get("backend")
    figure = ipympl_figure(3, 2, 80)
    assert type(figure.canvas).__module__.startswith("ipympl")
    assert not figure.canvas.toolbar_visible and not figure.canvas.resizable
    assert matplotlib.rcParams._get("backend") == before
    assert ipympl_backend() == (str(matplotlib.get_backend(auto_select=False) or "").lower()
                                in ("module://ipympl.backend_nbagg", "widget", "ipympl"))
