"""Layout conventions every panel follows (docs/panel-layout.md), as small ipywidgets helpers.

A panel is seen in JupyterLab's output area and in Voila.  JupyterLab's output area is about
590 px wide at a 1024 px window with the file browser open (780 px at 1280 px), about 800 px and
1050 px with it closed; Voila's is nearly the whole window.  So:

* nothing is wider than :data:`NARROWEST` (590 px) unless it can shrink or scroll: groups of
  controls and charts sit in a :func:`row` that *wraps* instead of overflowing, and a table
  beside a chart drops below it when the row is too narrow;
* a column of controls has a fixed width (:func:`column`): its neighbours never move when its
  content changes;
* labels are shown in full (:data:`FULL_LABEL`) or, when they must be cut, with a tooltip
  (:func:`tooltip_follows_value`);
* buttons are as wide as their text (:func:`button_layout`);
* tables scroll sideways inside their own box instead of widening the page (:func:`table_html`,
  :func:`table_widget`), and long cells (exact fractions) wrap;
* pictures shrink with the output area and keep their aspect ratio (:func:`picture`).

System-free: the core never imports a system.
"""

from __future__ import annotations

import ipywidgets as widgets

NARROWEST = 590
"""The narrowest output area a panel must fit, in px: JupyterLab at a 1024 px window with its
file browser open."""

COLUMN_WIDTH = 320
"""The width of one column of controls, in px: two side by side fit 700 px, and they wrap into
one column below that."""

GAP = "6px 18px"
"""Space between the items of a row (vertical, horizontal)."""

FULL_LABEL = {"description_width": "initial"}
"""A control's style that shows its description in full (ipywidgets cuts it at 80 px otherwise)."""

TABLE_CLASS = "rx-table"
"""The CSS class of a table box made by :func:`table_html`: it scrolls sideways, cells wrap."""

_TABLE_STYLE = (f"<style>.{TABLE_CLASS} {{overflow-x: auto; max-width: 100%;}} "
                f".{TABLE_CLASS} table {{border-collapse: collapse;}} "
                f".{TABLE_CLASS} td, .{TABLE_CLASS} th {{padding: 1px 6px; overflow-wrap: anywhere;}}</style>")


def label_style(width: int | None = None) -> dict:
    """A control's style: its description ``width`` px wide (one width per column keeps the
    controls aligned), or in full when ``width`` is None.  Give the widest description of the
    column enough room: at 13 px font a character needs about 7.5 px."""
    return dict(FULL_LABEL) if width is None else {"description_width": f"{width}px"}


def control_layout(width: int | str = "100%") -> widgets.Layout:
    """A control that fills its column (or ``width`` px), never wider than the column."""
    return widgets.Layout(width=f"{width}px" if isinstance(width, int) else width, max_width="100%")


def row(children=(), *, gap: str = GAP, align: str = "flex-start", **layout) -> widgets.Box:
    """A flex row that wraps onto the next line instead of overflowing the output area."""
    return widgets.Box(list(children), layout=widgets.Layout(display="flex", flex_flow="row wrap",
                                                             align_items=align, grid_gap=gap, width="100%",
                                                             max_width="100%", **layout))


def column(children=(), width: int = COLUMN_WIDTH, **layout) -> widgets.VBox:
    """A column ``width`` px wide that neither grows nor shrinks with its content, so what is
    beside it stays where it is (it still shrinks to the output area when that is narrower)."""
    return widgets.VBox(list(children), layout=widgets.Layout(width=f"{width}px", max_width="100%",
                                                              flex="0 1 auto", overflow="hidden", **layout))


def beside(main, other, *, min_other: int = 240, gap: str = GAP) -> widgets.Box:
    """``main`` (a chart) with ``other`` (its table) to its right, or below it when the row is
    narrower than both: ``other`` takes the rest of the row but at least ``min_other`` px."""
    other.layout.flex = f"1 1 {min_other}px"
    other.layout.min_width = f"{min_other}px"
    other.layout.max_width = "100%"
    return row([main, other], gap=gap)


def button_layout(min_width: int = 0, **layout) -> widgets.Layout:
    """A button as wide as its text (ipywidgets makes every button 148 px and cuts longer text)."""
    return widgets.Layout(width="auto", min_width=f"{min_width}px" if min_width else None,
                          flex="0 0 auto", **layout)


def tooltip_follows_value(control) -> None:
    """Keep a selection control's tooltip the full text of its choice (for when it is cut)."""
    def follow(_change=None) -> None:
        label = getattr(control, "label", None)
        text = label if label is not None else control.value
        control.tooltip = "" if text is None else str(text)  # an empty dropdown: no tooltip, not "None"

    follow()
    control.observe(follow, names="value")


def table_html(table: str) -> str:
    """An HTML table in a box that scrolls sideways instead of widening the output area; long
    cells (exact fractions) wrap."""
    return f'{_TABLE_STYLE}<div class="{TABLE_CLASS}">{table}</div>'


def table_widget(**layout) -> widgets.HTML:
    """An ``HTML`` widget for :func:`table_html` content, never wider than its row."""
    return widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto", **layout))


def picture(width: int, height: int, **layout) -> widgets.Image:
    """A PNG ``Image`` shown at ``width`` x ``height`` px, shrunk with the output area when that
    is narrower (keeping its aspect ratio).  No side margin by default: ipywidgets' 2 px margin
    beside a 100 % width would put the picture 2 px over the output area's edge."""
    layout.setdefault("margin", "2px 0px")
    return widgets.Image(format="png", layout=widgets.Layout(width=f"{width}px", max_width="100%",
                                                             height="auto", flex="0 1 auto", **layout))
