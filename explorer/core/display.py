"""Display helpers shared by every system: figures to PNG bytes and small HTML pieces."""

from __future__ import annotations

import base64
import html
import io
import re
from typing import TYPE_CHECKING, Callable, Iterable, Mapping

if TYPE_CHECKING:  # matplotlib is imported by the functions that draw: a rules or odds module may
    from matplotlib.figure import Figure  # use the tables of this module without loading it


def new_figure(width: float = 6.0, height: float = 3.2, dpi: int = 100) -> "Figure":
    """A matplotlib figure that does not touch pyplot's global state (safe in servers and tests)."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=dpi, layout="constrained")


def figure_png(figure: "Figure") -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=figure.dpi)
    return buffer.getvalue()


def pixels_png(pixels, *, alpha: bool = False) -> bytes:
    """PNG bytes of an RGB(A) pixel array or of an Agg canvas's buffer as it is (nothing is drawn),
    encoded by PIL at ``compress_level=1``: much faster than ``savefig`` for a picture a panel
    redraws on every change, a little larger (docs/panel-layout.md).  ``alpha`` keeps the
    transparency channel of an RGBA buffer."""
    import numpy as np
    from PIL import Image

    if hasattr(pixels, "buffer_rgba"):  # a canvas
        pixels = pixels.buffer_rgba()
    array = np.asarray(pixels)
    if array.ndim != 3 or array.shape[2] not in (3, 4):
        raise ValueError(f"pixels: expected an RGB or RGBA array (height x width x 3 or 4), got shape {array.shape}")
    if array.shape[2] == 4 and not alpha:
        array = array[:, :, :3]
    out = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(array), "RGBA" if array.shape[2] == 4 else "RGB").save(
        out, format="png", compress_level=1)
    return out.getvalue()


def png_img_tag(png: bytes, alt: str = "") -> str:
    """The PNG as an ``<img>`` that shrinks to its box when the box is narrower than the picture (an
    output area of 590 px, docs/panel-layout.md), never wider than it was drawn."""
    encoded = base64.b64encode(png).decode("ascii")
    return (f'<img alt="{html.escape(alt)}" style="max-width:100%;height:auto" '
            f'src="data:image/png;base64,{encoded}"/>')


def side_by_side(*parts: str) -> str:
    cells = "".join(f'<div style="flex:0 1 auto;min-width:0;max-width:100%">{part}</div>' for part in parts)
    return f'<div style="display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start">{cells}</div>'


# =============================================================================================
# Tables: HTML that wraps, never plain text that wraps
# =============================================================================================
def probability_text(value: float, digits: int = 4) -> str:
    """A probability with ``digits`` decimals, a small non-zero one as ``<0.0001`` (never ``0.0000``
    for an outcome that can happen)."""
    floor = 10.0 ** -digits
    if 0 < value < floor / 2:
        return f"<{floor:.{digits}f}"
    return number_text(float(value), digits)


def number_text(value, digits: int = 3) -> str:
    """A number as a table shows it: ``digits`` decimals for floats, never ``-0.000`` (a negative
    value that rounds to zero is written ``0.000``); integers, Fractions and text as they are;
    missing values as an empty cell; truth values as yes / no."""
    import math
    import numbers

    from numpy import bool_ as np_bool

    if value is None:
        return ""
    if isinstance(value, (bool, np_bool)):  # a table says yes / no, never Python's True / False
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, float) or (isinstance(value, numbers.Real) and type(value).__module__ == "numpy"):
        value = float(value)
        if math.isnan(value):
            return ""
        rounded = round(value, digits)
        if rounded == 0:
            rounded = 0.0  # -0.0 reads as a loss that is not there
        return f"{rounded:.{digits}f}"
    try:
        import pandas as pd

        if pd.isna(value):
            return ""
    except (TypeError, ValueError):
        pass
    return str(value)


PROSE_STYLE = "line-height:1.35"
"""The line height of text and tables shown in a widget's HTML: there they inherit ipywidgets' 28 px, and
every wrapped line stood far from the next (a summary, an event table, a panel's notes)."""

CAPTION_START = f"<small style='{PROSE_STYLE};display:block'>"
"""How a panel's caption line opens (the small line above it naming what it shows and its rules; close it with
``</small>``): as a block with :data:`PROSE_STYLE`'s line height, so that a caption that wraps in a narrow output
area reads as one paragraph, not lines 28 px apart."""

CELL_WRAP_CSS = "white-space: normal; word-break: normal; overflow-wrap: break-word; hyphens: manual"
"""How a table cell wraps: between words only.  ``overflow-wrap: break-word`` breaks a word only as a
last resort (a single token longer than its column can be) and, unlike ``anywhere``, it does not let
a squeezed table shrink its columns below their longest word (which broke every word: "injur-ed");
``word-break: normal`` undoes a ``break-all`` that an output area's CSS may set."""

_TAG = re.compile(r"(<[^>]*>)")


def break_points(markup: str, chars: str = "_/", before: str = "[") -> str:
    """``markup`` with a ``<wbr>`` (a line break allowed there, nothing shown) after each of ``chars``
    and before each of ``before`` inside a text, so that ``injuries_dealt[Vampire]`` may wrap as
    ``injuries_`` / ``dealt`` / ``[Vampire]`` and an exact fraction after its slash, instead of being
    cut or broken inside a word or a number.  Tags and the
    text of ``<style>`` and ``<script>`` are left as they are; entities (``&amp;``) stay whole."""
    marks = [f"(?<=[{re.escape(chars)}])(?=[^\\s<{re.escape(chars)}])"] if chars else []
    if before:
        marks.append(f"(?<=[^\\s>{re.escape(before)}{re.escape(chars)}])(?=[{re.escape(before)}])")
    after = re.compile("|".join(marks)) if marks else None
    parts, skip = [], None
    for part in _TAG.split(markup):
        if part.startswith("<"):
            name = re.match(r"</?\s*([a-zA-Z0-9]+)", part)
            name = name.group(1).lower() if name else ""
            if part.startswith("</") and name == skip:
                skip = None
            elif not part.startswith("</") and name in ("style", "script"):
                skip = name
            parts.append(part)
        else:
            parts.append(part if skip or after is None else after.sub("<wbr>", part))
    return "".join(parts)


TABLE_CSS = [
    {"selector": "", "props": "border-collapse: collapse; font-size: 0.92em"},
    {"selector": "th, td", "props": f"padding: 0.2em 0.45em; vertical-align: top; {CELL_WRAP_CSS}"},
    {"selector": "th", "props": "text-align: left"},  # no max-width: it would break a long name mid-word
    {"selector": "td", "props": "text-align: right; white-space: nowrap"},
    {"selector": "caption", "props": "caption-side: top; text-align: left; font-weight: bold; padding: 0.3em 0"},
]
"""The look every table of the explorer shares (numbers right-aligned, headers left)."""


def html_table(frame, *, digits: int = 3, index: bool = True, caption: str | None = None,
               wrap: "Iterable[str] | None" = None, wrap_width: str = "28em", percent: "Iterable[str]" = (),
               formats: "Mapping[str, Callable] | None" = None,
               headers: "Mapping[str, str] | Callable[[str], str] | None" = None, decimal_comma: bool = False):
    """A DataFrame as an HTML table for a notebook (:class:`HtmlTable`, drawn by a pandas Styler).

    ``headers``: the column names in words for people -- a mapping or a function, usually the frame's
    producer's (``study.column_words``: ``"first_player"`` -> ``"first player"``); the frame keeps its
    names (``formats``, ``percent`` and ``wrap`` name the columns as the frame does).

    Floats get ``digits`` decimals (:func:`number_text`: no ``-0.000``; ``decimal_comma``: "0,4500" for a
    German lesson), ``percent`` columns read ``12.3%``, ``formats`` gives any column its own formatter; text columns are left-aligned, and
    a column of exact Fractions is a number column, right-aligned on one line (never wrapped at its
    slash); the ``wrap`` columns (default: every text column) wrap within ``wrap_width`` instead of running
    off the output area -- between words only (:data:`CELL_WRAP_CSS`), never inside one -- except a
    column of short cells, which stays on one line (:data:`SHORT_TEXT`), and only prose keeps a
    minimum width (:data:`PROSE_TEXT`); headers wrap between words or after an underscore
    (:func:`break_points`), never cut.  A table wider than the output area scrolls in its own box,
    which hides its right columns: design a table for 590 px (``layout.NARROWEST``) -- few columns,
    a citation the same in every row said once below it -- the JupyterLab browser test reports it.  The table's id is derived from its content, so the same table gives the
    same HTML (stored notebook outputs compare equal).
    """
    import hashlib

    from pandas.api.types import is_bool_dtype, is_numeric_dtype

    frame = frame if index else frame.reset_index(drop=True)
    exact = [c for c in frame.columns if frame[c].dtype == object and _exact_column(frame[c])]
    text_columns = [c for c in frame.columns if not (is_numeric_dtype(frame[c]) or is_bool_dtype(frame[c]))
                    and c not in exact]
    wrapped = text_columns if wrap is None else [c for c in wrap if c in frame.columns]
    formatters = {c: (lambda v, d=digits: number_text(v, d)) for c in frame.columns}
    formatters.update({c: (lambda v: "" if v is None or v != v else f"{float(v):.1%}") for c in percent})
    if decimal_comma:  # German numbers (the D&D lessons): "0,4500", "12,5%"
        formatters = {c: (lambda v, f=f: _comma(v, f)) for c, f in formatters.items()}
    formatters.update(dict(formats or {}))
    styler = frame.style.format(formatters, na_rep="")
    styler.set_table_styles(TABLE_CSS)
    columns: dict = {}  # per column (selectors "#T_<id> td.col<j>": they win over the table's own)
    for column in frame.columns:
        if column in exact:  # an exact fraction stays on one line ("123/456" never wraps at its slash)
            columns[column] = [{"selector": "th", "props": "text-align: right"},
                               {"selector": "td", "props": "text-align: right; white-space: nowrap"}]
            continue
        if column in wrapped:
            props = _wrap_css(frame[column], formatters[column], wrap_width)
        elif column in text_columns:
            props = "text-align: left"
        else:
            columns[column] = [{"selector": "th", "props": "text-align: right"}]
            continue
        columns[column] = [{"selector": "td", "props": props}]
    if columns:
        styler.set_table_styles(columns, overwrite=False)
    # headers (column names such as "injuries_dealt[Vampire]") wrap between words or after an underscore
    words = _header_words(headers)
    styler.format_index(lambda name: break_points(html.escape(words(name))), axis=1)
    if not index:
        styler.hide(axis="index")
    if caption:
        styler.set_caption(html.escape(caption))
    digest = hashlib.sha1(frame.to_csv().encode("utf-8") + repr((caption, digits, index)).encode()).hexdigest()
    styler.set_uuid(digest[:10])
    return HtmlTable(frame, styler, index=index, caption=caption, formats=formatters, headers=headers)


def _comma(value, format_: Callable) -> str:
    """``format_(value)`` with a decimal comma when ``value`` is a float (a text keeps its full stops)."""
    import numbers

    text = format_(value)
    is_float = isinstance(value, numbers.Real) and not isinstance(value, (numbers.Integral, bool))
    return text.replace(".", ",") if is_float else text


SHORT_TEXT = 8
"""A text column whose every cell has at most this many characters ("4,5 m", "gehen") stays on one
line: a break inside it ("4,5" / "m") reads worse than the few pixels it saves."""

PROSE_TEXT = 24
"""A text column with a cell longer than this many characters is prose: it wraps between words but
keeps ``PROSE_MIN_WIDTH``, so that a squeezed table does not leave it one word per line."""

PROSE_MIN_WIDTH = "6em"


def _wrap_css(values, format_, wrap_width: str) -> str:
    """The CSS of a text column's cells: on one line when every cell is short (:data:`SHORT_TEXT`),
    else wrapping between words (:data:`CELL_WRAP_CSS`) within ``wrap_width``, with a minimum width
    only for prose (:data:`PROSE_TEXT`).  A minimum on every text column made a table of short texts
    (a path's "von", "bis", "Länge" ...) wider than the output area: 8 columns of 8em are 830 px."""
    lengths = [len(_TAG.sub("", str(format_(value)))) for value in values]
    longest = max(lengths, default=0)
    if longest <= SHORT_TEXT:
        return "text-align: left; white-space: nowrap"
    minimum = f"; min-width: {PROSE_MIN_WIDTH}" if longest > PROSE_TEXT else ""
    return f"text-align: left; {CELL_WRAP_CSS}{minimum}; max-width: {wrap_width}"


def _header_words(headers) -> Callable[[object], str]:
    """A column name in words: ``headers`` (a mapping or a function), else the name as it is."""
    if headers is None:
        return str
    if callable(headers):
        return lambda name: str(headers(name))
    return lambda name: str(headers.get(name, name))


def _exact_column(values) -> bool:
    """Whether a column of objects holds exact numbers (Fractions, integers; missing cells allowed),
    at least one of them a Fraction: shown as numbers, right-aligned, never wrapped."""
    import numbers
    from fractions import Fraction

    seen = False
    for value in values:
        if isinstance(value, Fraction):
            seen = True
        elif value is None or (isinstance(value, float) and value != value):
            continue
        elif not isinstance(value, numbers.Rational) or isinstance(value, bool):
            return False
    return seen


class HtmlTable:
    """A table for a notebook: HTML in Jupyter (``_repr_html_``, the pandas Styler's), the same
    figures as aligned text elsewhere (``repr``: never a memory address, so stored outputs compare).
    ``.frame`` is the DataFrame, ``.styler`` the Styler (style it further if you like)."""

    def __init__(self, frame, styler, *, index: bool = True, caption: str | None = None,
                 formats: "Mapping[str, Callable] | None" = None,
                 headers: "Mapping[str, str] | Callable[[str], str] | None" = None):
        """``frame``: the figures; ``styler``: its Styler, formatted; ``formats``: the formatter of
        each column, for the text form (:func:`html_table` makes them all); ``headers``: the column
        names in words (as :func:`html_table`'s)."""
        self.formats = dict(formats or {})
        self.headers = headers
        self.frame = frame
        self.styler = styler
        self.index = index
        self.caption = caption

    def _repr_html_(self) -> str:
        # in a box that scrolls sideways: a table wider than the output area never widens it
        return f'<div style="max-width: 100%; overflow-x: auto">{self.styler.to_html()}</div>'

    def __repr__(self) -> str:
        shown = self.frame.copy().astype(object)
        for column, format_ in self.formats.items():  # what the HTML shows, cell by cell
            if column in shown:
                shown[column] = [format_(value) for value in self.frame[column]]
        if self.headers is not None:
            words = _header_words(self.headers)
            shown.columns = [words(c) for c in shown.columns]
        text = shown.to_string(index=self.index)
        return (f"{self.caption}\n" if self.caption else "") + text


def details(summary: str, body: str) -> str:
    """A ``<details>`` element: ``summary`` shown, ``body`` (HTML) on a click; both given as HTML."""
    return f"<details><summary>{summary}</summary>{body}</details>"


def first_sentence(text: str, limit: int = 90) -> str:
    """The text's first sentence (of at least 25 characters), cut at a word before ``limit`` characters (with an ellipsis) if longer."""
    import re

    match = next((m for m in re.finditer(r"(?<=[.!?])\s", text) if m.start() >= 25), None)  # not "Yes." alone
    short = text[:match.start()] if match else text
    if len(short) > limit:
        short = short[:limit].rsplit(" ", 1)[0].rstrip(",;:") + " …"
    return short
