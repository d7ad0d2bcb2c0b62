"""Interactive figures for the panels: is ipympl the backend, and a figure whose canvas is an
ipympl widget, made without pyplot (no global figure list, so only its panel shows it)."""

from __future__ import annotations

import itertools
import warnings

import matplotlib
from matplotlib.figure import Figure

IPYMPL_BACKENDS = ("module://ipympl.backend_nbagg", "widget", "ipympl")
_FIGURE_NUMBERS = itertools.count(1)


def ipympl_backend() -> bool:
    """Is matplotlib's backend ipympl (``%matplotlib widget``)?  Never selects a backend itself."""
    try:
        backend = matplotlib.get_backend(auto_select=False)
    except TypeError:  # matplotlib < 3.10
        backend = matplotlib.rcParams._get_backend_or_none()
    return str(backend or "").lower() in IPYMPL_BACKENDS


def ipympl_figure(width: float, height: float, dpi: int) -> Figure:
    """A ``width`` x ``height`` inch figure whose canvas is an ipympl widget, without header,
    footer, toolbar (pan / zoom would change what a click means) or resize handle."""
    chosen = matplotlib.rcParams._get("backend")
    from ipympl.backend_nbagg import Canvas, FigureManager  # its first import makes ipympl the backend:
    matplotlib.rcParams._set("backend", chosen)  # keep the user's choice (and ipympl_backend() true to it)

    figure = Figure(figsize=(width, height), dpi=dpi)
    canvas = Canvas(figure)
    with warnings.catch_warnings():  # ipympl 0.10's toolbar passes its canvas on to traitlets
        warnings.filterwarnings("ignore", "Passing unrecognized arguments", DeprecationWarning)
        FigureManager(canvas, next(_FIGURE_NUMBERS))  # not registered with pyplot
    canvas.header_visible = canvas.footer_visible = canvas.resizable = False
    canvas.toolbar_visible = False
    canvas.capture_scroll = False
    return figure


def chart_widget(chart, interactive: bool):
    """The widget that shows a blitted chart (:class:`~explorer.core.render_blit.BlittedChart`):
    its ipympl canvas when ``interactive`` (a canvas cannot shrink: it scrolls in a narrower output
    area), else a picture of its size that shrinks with the output area."""
    if interactive:
        widget = chart.figure.canvas
        widget.layout.max_width = "100%"
        widget.layout.overflow = "auto"
        return widget
    from explorer.core.panels.layout import picture

    return picture(*chart.pixel_size)

