"""Positions set up by hand: the shared error and small field readers for every system's format.

A *position* is a JSON object a person can write (in the spirit of chess's FEN): the table or
play areas, hands, piles in a given order, the phase and the player to act.  Each system documents
its own format and provides ``from_position(data) -> state`` and ``state.position() -> data``
(``from_position(state.position())`` gives an equal position back).

Loading never trusts its input: a wrong field raises :class:`PositionError` naming the field
(a path such as ``players[1].hand[2]``), the value found and what was expected, or -- when the
position is well formed but breaks a rule (overlapping chips, a card in two places) -- the rule
broken, cited with its rulebook section.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from explorer.core.inputs import InputError, parse_json
from explorer.core.rules import RuleRef

MAX_POSITION_CHARS = 1_000_000
"""A position given as text is refused beyond this size (a bound on what is read)."""


class PositionError(InputError):
    """A position that cannot be loaded: ``field`` is where (``players[0].hand``), ``rule`` the
    rule it breaks when it is a rule that is broken (None for a malformed field).  An
    :class:`~explorer.core.inputs.InputError` of source ``"position"`` (``expected`` is the
    message)."""

    def __init__(self, field: str, message: str, rule: RuleRef | None = None):
        self.source, self.field, self.expected, self.value = "position", field, message, ...
        self.problems = [(field, ..., message)]
        self.rule = rule
        self.reason = message
        cited = f" ({rule})" if rule is not None else ""
        ValueError.__init__(self, f"position field {field or '<top>'}: {message}{cited}")

    def __reduce__(self):
        return (type(self), (self.field, self.reason, self.rule))


def parse(data: Mapping[str, Any] | str, system: str) -> dict:
    """The position as a dict: a JSON text is parsed (bounded size), a mapping copied; its
    ``system`` field, if given, must name ``system``."""
    if isinstance(data, (str, bytes, bytearray)):
        if len(data) > MAX_POSITION_CHARS:
            raise PositionError("", f"a position text of {len(data)} characters is longer than "
                                    f"{MAX_POSITION_CHARS}")
        try:
            data = parse_json(data, "position", limit=MAX_POSITION_CHARS)
        except InputError as error:
            raise PositionError("", f"not JSON: {error}") from None
    if not isinstance(data, Mapping):
        raise PositionError("", f"expected a JSON object, got {type(data).__name__}")
    found = data.get("system", system)
    if found != system:
        raise PositionError("system", f"this is a position of {_short(found)}, expected {system!r}")
    return dict(data)


def field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: str = "", *,
          default: Any = ..., low: float | None = None, high: float | None = None) -> Any:
    """``data[key]`` checked to be of ``kind`` (bools are not numbers; numbers finite and within
    ``low``..``high``); ``default`` when absent (else the field is required)."""
    where = f"{path}.{key}" if path else key
    if key not in data:
        if default is ...:
            raise PositionError(where, "is required")
        return default
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise PositionError(where, f"expected {_names(kinds)}, got {value!r}")
    if float in kinds and isinstance(value, int) and not isinstance(value, bool):
        try:
            value = float(value)
        except OverflowError:  # a whole number beyond any float (10**400)
            raise PositionError(where, f"expected a number from {low} to {high}, got {_short(value)}") from None
    if not isinstance(value, kinds):
        raise PositionError(where, f"expected {_names(kinds)}, got {type(value).__name__} {_short(value)}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):
            raise PositionError(where, f"expected a finite number, got {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise PositionError(where, f"expected a number from {low} to {high}, got {value!r}")
    return value


def _names(kinds) -> str:
    words = {int: "a whole number", float: "a number", str: "a text", list: "a list", dict: "an object",
             bool: "true or false", type(None): "null"}
    return " or ".join(words.get(k, k.__name__) for k in kinds)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
