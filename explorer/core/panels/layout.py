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
  :func:`table_widget`); cells wrap between words only, never inside one (:data:`~explorer.core.display.CELL_WRAP_CSS`),
  and a table beside a chart needs the width its columns take with words whole
  (:func:`table_min_width`), else it drops below the chart;
* pictures shrink with the output area and keep their aspect ratio (:func:`picture`).

System-free: the core never imports a system.
"""

from __future__ import annotations

from html.parser import HTMLParser

import ipywidgets as widgets

from explorer.core.display import CELL_WRAP_CSS, PROSE_STYLE, break_points

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

CELL_PADDING = 12
"""The horizontal padding of a :func:`table_html` cell, in px (6 px on each side)."""

# one line height: a widget's HTML inherits ipywidgets' 28 px, which set every wrapped cell's lines far apart
_TABLE_STYLE = (f"<style>.{TABLE_CLASS} {{overflow-x: auto; max-width: 100%; {PROSE_STYLE};}} "
                f".{TABLE_CLASS} table {{border-collapse: collapse;}} "
                f".{TABLE_CLASS} table td, .{TABLE_CLASS} table th "
                f"{{padding: 1px {CELL_PADDING // 2}px; {CELL_WRAP_CSS};}}</style>")

# Advance widths of printable ASCII (32-126) in DejaVu Sans -- the sans-serif font JupyterLab and Voila
# get from Debian's Chromium -- in hundredths of an em, regular and bold (read with matplotlib's
# ft2font); other characters count as 0.64 em.  What :func:`text_width` measures with.
_ADVANCE = {
    False: (32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64,
            64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79, 60, 79, 69,
            63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28,
            97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84),
    True: (35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70,
           70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77,
           72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34,
           104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84),
}

FONT_PX = 13
"""The font size of an output's table, in px (JupyterLab's and ipywidgets' 13 px)."""


def label_style(width: int | None = None) -> dict:
    """A control's style: its description ``width`` px wide (one width per column keeps the
    controls aligned), or in full when ``width`` is None.  Give the widest description of the
    column enough room: at 13 px font a character needs about 7.5 px."""
    return dict(FULL_LABEL) if width is None else {"description_width": f"{width}px"}


CONTROL_MARGIN_PX = 2
"""ipywidgets' margin on each side of a control."""
FULL_CONTROL = f"calc(100% - {2 * CONTROL_MARGIN_PX}px)"
"""A control's width that fills its column with its margins: ``100%`` plus the margins pushed a dropdown's
or a text box's right border past the column, which cuts it (a :func:`column` hides its overflow)."""


def control_layout(width: int | str = FULL_CONTROL) -> widgets.Layout:
    """A control that fills its column (or ``width`` px), never wider than the column with its margins."""
    return widgets.Layout(width=f"{width}px" if isinstance(width, int) else width, max_width=FULL_CONTROL)


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


def beside(main, other, *, min_other: int | None = None, gap: str = GAP, font_px: int = FONT_PX,
           cell_padding: int = CELL_PADDING) -> widgets.Box:
    """``main`` (a chart) with ``other`` (its table) to its right, or below it when the row is
    narrower than both: ``other`` takes the rest of the row but at least the width its table needs
    with every word whole (:func:`table_min_width`; never more than the row), so that a squeezed
    table never breaks its words.

    ``min_other=None`` (the rule): the minimum follows ``other``'s content -- measured from its HTML
    ``value`` (cells in ``font_px`` px text with ``cell_padding`` px of side padding) whenever it
    changes, and it only grows, so the table does not jump above and below the chart as its numbers
    change.  An int fixes the minimum at ``min_other`` px instead (content that is not a table)."""
    def need(px: int) -> None:
        px = max(int(px), getattr(other, "_min_table_width", 0))
        other._min_table_width = px
        other.layout.flex = f"1 1 {px}px"
        other.layout.min_width = f"min({px}px, 100%)"
        other.layout.max_width = "100%"

    if min_other is not None:
        need(min_other)
    else:
        def follow(_change=None) -> None:
            need(table_min_width(getattr(other, "value", "") or "", font_px=font_px, cell_padding=cell_padding))

        follow()
        other.observe(follow, names="value")
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
    """An HTML table in a box that scrolls sideways instead of widening the output area.  Cells wrap
    between words only (:data:`~explorer.core.display.CELL_WRAP_CSS`); a long name or number may also break after an
    underscore or a slash (:func:`~explorer.core.display.break_points`: ``injuries_<wbr>dealt``, ``4543513/<wbr>66224928``,
    an exact fraction in full on two lines), never inside a word or a number."""
    return f'{_TABLE_STYLE}<div class="{TABLE_CLASS}">{break_points(table)}</div>'


def text_width(text: str, *, font_px: int = FONT_PX, bold: bool = False) -> float:
    """The width of ``text`` on one line, in px, in ``font_px`` px DejaVu Sans (:data:`_ADVANCE`)."""
    advances = _ADVANCE[bold]
    return sum(advances[ord(c) - 32] if 32 <= ord(c) <= 126 else 64 for c in text) * font_px / 100


class _Cells(HTMLParser):
    """The unbreakable pieces of every cell of an HTML table, by row and column: a cell's text
    split at spaces, after hyphens and at ``<wbr>`` (where a browser may end a line); header cells
    and ``<b>``/``<strong>`` bold."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows: list[list[list[tuple[str, bool]]]] = []
        self._cell: list | None = None
        self._piece = ""
        self._bold = self._skip = 0
        self._header = False

    def _end_piece(self) -> None:
        if self._cell is not None and self._piece:
            self._cell.append((self._piece, self._header or self._bold > 0))
        self._piece = ""

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self._skip += 1
        elif tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            if not self.rows:
                self.rows.append([])
            self._end_piece()
            self._cell, self._header = [], tag == "th"
            self.rows[-1].append(self._cell)
        elif tag in ("b", "strong"):
            self._bold += 1
        elif tag in ("wbr", "br"):
            self._end_piece()

    def handle_startendtag(self, tag, attrs):
        if tag in ("wbr", "br"):
            self._end_piece()

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._skip = max(self._skip - 1, 0)
        elif tag in ("td", "th"):
            self._end_piece()
            self._cell = None
        elif tag in ("b", "strong"):
            self._bold = max(self._bold - 1, 0)

    def handle_data(self, data):
        if self._skip or self._cell is None:
            return
        for char in data:
            if char.isspace():
                self._end_piece()
            else:
                self._piece += char
                if char == "-":  # a browser may end a line after a hyphen
                    self._end_piece()


def table_min_width(markup: str, *, font_px: int = FONT_PX, cell_padding: int = CELL_PADDING) -> int:
    """The narrowest width, in px, at which the HTML table(s) in ``markup`` show every word whole:
    per column, the widest unbreakable piece of its cells (:class:`_Cells`) plus ``cell_padding``;
    summed, plus 1 px per column for borders and rounding, and 2 % for fonts that run a little wider.
    0 for markup without a table."""
    parser = _Cells()
    parser.feed(markup)
    parser.close()
    widths: list[float] = []
    for cells in parser.rows:
        for j, pieces in enumerate(cells):
            need = max((text_width(text, font_px=font_px, bold=bold) for text, bold in pieces), default=0.0)
            if j == len(widths):
                widths.append(0.0)
            widths[j] = max(widths[j], need)
    if not widths:
        return 0
    return int(round(1.02 * sum(widths) + len(widths) * (cell_padding + 1)))


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
