"""Everything that comes from outside, checked before any rule runs: one error and a few readers.

Saves, positions, layouts, data files, actions decoded from JSON and the arguments of public
functions are never trusted.  A wrong input raises :class:`InputError` (a ``ValueError``) that
names *where* -- the file or the kind of input (``source``) and the field path inside it
(``field``, such as ``history[3].legs[0][1]``) -- the value found and what was expected.  It is
never a bare ``KeyError``, a crash deep inside the rules, a hang or a silently bad state.

* :func:`read_text` reads a data file with a bound on its size and names the file on a decoding
  error; :func:`parse_json` parses JSON text with a bound on its size and refuses
  ``NaN`` / ``Infinity`` (not JSON, and no rule can use them).
* :func:`validate` checks data against a pydantic model (``extra="forbid"``, strict types) and
  turns pydantic's errors into one :class:`InputError` listing each field, value and expectation.
* :func:`number`, :func:`whole`, :func:`name` and :func:`one_of` check single arguments.

Pure Python (pydantic only); the systems build their schemas on top.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any, Iterable, Mapping

MAX_TEXT_BYTES = 8_000_000
"""The largest data file, save or position read (bytes): far above any real one."""

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]{0,63}$")
"""An id a user may give for a file-backed thing (a scenario, a layout): letters, digits, ``_`` and
``-``, at most 64 characters -- so it can never be a path."""


class InputError(ValueError):
    """Input that cannot be used: ``source`` (a file name or the kind of input: "save",
    "position", "action"), ``field`` (a path inside it, "" for the whole), ``value`` (what was
    found, shortened) and ``expected`` (in words).  ``problems`` lists every (field, value,
    expected) found when there were several."""

    def __init__(self, source: str, field: str, expected: str, value: Any = ..., *,
                 problems: Iterable[tuple[str, Any, str]] = ()):
        self.source, self.field, self.expected = source, field, expected
        self.value = value
        self.problems = list(problems) or [(field, value, expected)]
        where = f"{source}, field {field!r}" if field else source
        got = "" if value is ... else f", got {short(value)}"
        more = len(self.problems) - 1
        tail = f" (and {more} more problem{'s' * (more > 1)}: " + "; ".join(
            f"{f or '<top>'}: {e}" for f, _, e in self.problems[1:4]) + (" ..." if more > 3 else "") + ")" if more else ""
        super().__init__(f"{where}: expected {expected}{got}{tail}")

    def _repr_html_(self) -> str:
        """The refusal as a short table in a notebook -- what was wrong, where, what was found and what was
        expected, one row per problem -- instead of one long line that JupyterLab wraps inside words."""
        import html

        from explorer.core.display import PROSE_STYLE

        def cell(text: str) -> str:
            return f'<td style="text-align:left;vertical-align:top;padding:0.15em 0.6em">{html.escape(text)}</td>'

        head = "".join(f'<th style="text-align:left;padding:0.15em 0.6em">{h}</th>' for h in ("field", "found", "expected"))
        rows = "".join(f"<tr>{cell(field or '(the whole)')}{cell('' if value is ... else short(value))}{cell(expected)}</tr>"
                       for field, value, expected in self.problems)
        return (f'<div style="max-width:100%;overflow-x:auto;{PROSE_STYLE}"><div style="color:#a00000">'
                f"<b>refused</b>: {html.escape(self.source)} cannot be used</div>"
                f'<table style="border-collapse:collapse;font-size:0.92em"><tr>{head}</tr>{rows}</table></div>')

    def __reduce__(self):  # keep the parts when pickled (process pools)
        return (_rebuild, (type(self), self.source, self.field, self.expected, self.value, self.problems))


def _rebuild(cls, source, field, expected, value, problems):
    return cls(source, field, expected, value, problems=problems)


def short(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters (an error never echoes a whole file)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 -- a hostile object's repr may itself fail
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------
def read_text(path: Path | str | Any, *, limit: int = MAX_TEXT_BYTES, source: str | None = None) -> str:
    """The UTF-8 text of a data file (a path or an ``importlib.resources`` traversable), at most
    ``limit`` bytes; InputError naming the file when it is larger or not UTF-8."""
    label = source or getattr(path, "name", None) or str(path)
    try:
        with path.open("rb") if hasattr(path, "open") else open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise InputError(str(label), "", "an existing file") from None
    except IsADirectoryError:
        raise InputError(str(label), "", "a file, not a folder") from None
    if len(raw) > limit:
        raise InputError(str(label), "", f"a file of at most {limit:,} bytes")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(str(label), f"byte {error.start}", "UTF-8 text",
                         raw[max(0, error.start - 10): error.start + 10]) from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str | bytes | bytearray, source: str, *, limit: int = MAX_TEXT_BYTES) -> Any:
    """JSON text parsed: at most ``limit`` characters, no ``NaN`` or ``Infinity``, nesting within
    the interpreter's recursion limit; InputError naming ``source`` (and the line and column)
    otherwise."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise InputError(source, "", f"at most {limit:,} bytes of JSON", f"{len(text):,} bytes")
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise InputError(source, f"byte {error.start}", "UTF-8 text") from None
    if not isinstance(text, str):
        raise InputError(source, "", "JSON text", type(text).__name__)
    if len(text) > limit:
        raise InputError(source, "", f"at most {limit:,} characters of JSON", f"{len(text):,} characters")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise InputError(source, f"line {error.lineno}, column {error.colno}", "valid JSON", error.msg) from None
    except ValueError as error:  # NaN / Infinity
        raise InputError(source, "", "finite numbers only", str(error)) from None
    except RecursionError:
        raise InputError(source, "", "JSON nested less deeply") from None


# ---------------------------------------------------------------------------------------------
# Schemas
# ---------------------------------------------------------------------------------------------
def validate(model: Any, data: Any, source: str, *, prefix: str = "") -> Any:
    """``model.model_validate(data)`` (a pydantic model), its errors turned into one InputError:
    each with its field path (``decks[1].cards[3]``), the value and what was expected."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = [(_path(e["loc"], prefix), e.get("input", ...), _expected(e)) for e in error.errors()]
        field, value, expected = problems[0]
        raise InputError(source, field, expected, value, problems=problems) from None


def _path(loc: Iterable[Any], prefix: str = "") -> str:
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _expected(error: Mapping[str, Any]) -> str:
    kind, message = error.get("type", ""), error.get("msg", "")
    if kind == "missing":
        return "this field (it is required)"
    if kind == "extra_forbidden":
        return "no such field (it is not part of the format)"
    for lead in ("Input should be ", "Value error, ", "Assertion failed, "):
        if message.startswith(lead):
            message = message[len(lead):]
    return message[0].lower() + message[1:] if message else kind


# ---------------------------------------------------------------------------------------------
# Single values
# ---------------------------------------------------------------------------------------------
def number(value: Any, field: str, *, source: str = "argument", low: float | None = None,
           high: float | None = None) -> float:
    """``value`` as a finite float (bools are not numbers) within ``low``..``high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) and not _is_numpy_number(value):
        raise InputError(source, field, "a number", value)
    result = float(value)
    if not math.isfinite(result):
        raise InputError(source, field, "a finite number", value)
    if (low is not None and result < low) or (high is not None and result > high):
        raise InputError(source, field, f"a number from {low:g} to {high:g}" if low is not None and high is not None
                         else f"a number >= {low:g}" if low is not None else f"a number <= {high:g}", value)
    return result


def whole(value: Any, field: str, *, source: str = "argument", low: int | None = None,
          high: int | None = None) -> int:
    """``value`` as an int (bools and floats are not whole numbers) within ``low``..``high``."""
    if isinstance(value, bool) or not (isinstance(value, int) or _is_numpy_integer(value)):
        raise InputError(source, field, "a whole number", value)
    result = int(value)
    if (low is not None and result < low) or (high is not None and result > high):
        raise InputError(source, field, f"a whole number from {low} to {high}" if low is not None and high is not None
                         else f"a whole number >= {low}" if low is not None else f"a whole number <= {high}", value)
    return result


def name(value: Any, field: str, *, source: str = "argument", what: str = "a name") -> str:
    """``value`` as an id that can never be a path (:data:`NAME`)."""
    if not isinstance(value, str) or not NAME.match(value):
        raise InputError(source, field, f"{what}: letters, digits, '_' and '-' (at most 64, no path)", value)
    return value


def one_of(value: Any, choices: Iterable[Any], field: str, *, source: str = "argument") -> Any:
    """``value`` if it is one of ``choices`` (compared by equality, bools not taken for ints)."""
    choices = list(choices)
    if isinstance(value, bool) and not any(isinstance(c, bool) for c in choices) or value not in choices:
        raise InputError(source, field, "one of " + ", ".join(short(c, 30) for c in choices), value)
    return value


def _is_numpy_number(value: Any) -> bool:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        return False
    return isinstance(value, (np.integer, np.floating)) and not isinstance(value, np.bool_)


def _is_numpy_integer(value: Any) -> bool:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        return False
    return isinstance(value, np.integer)


__all__ = ["InputError", "MAX_TEXT_BYTES", "NAME", "name", "number", "one_of", "parse_json",
           "read_text", "short", "validate", "whole"]
