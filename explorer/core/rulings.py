"""The rulings registry: every ambiguity in a rulebook, decided once and named.

A :class:`Ruling` records the quote that left a question open, the choice the explorer made, the
default value and -- where the choice changes play -- the allowed values of its switch.  Each
system registers its rulings at import time (``explorer.behind.rulings`` for Behind).

Engines read the values they need from a :class:`Rulings` object (immutable; defaults unless a
user switches a ruling)::

    from explorer.behind import BEHIND_RULINGS
    alt = BEHIND_RULINGS.switch(**{"behind.total-movement": "range-only"})

``rulings_markdown()`` renders the registry for the docs and the README.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from explorer.core.rules import RuleRef


@dataclass(frozen=True)
class Ruling:
    """One decided ambiguity.

    ``options`` lists the values the switch may take; ``None`` means the ruling has no switch
    (the choice does not change play, or only data would change it).  A numeric ruling whose
    switch takes any number in a range gives ``options=(low, high)`` and ``numeric=True``.
    """

    id: str
    title: str
    quote: str
    source: RuleRef
    choice: str
    default: Any
    options: tuple | None = None
    numeric: bool = False

    @property
    def system(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def switchable(self) -> bool:
        return self.options is not None

    def check(self, value: Any) -> Any:
        """Return ``value`` if the switch may take it, else raise ``ValueError`` saying why."""
        if self.options is None:
            if value != self.default:
                raise ValueError(f"ruling {self.id!r} has no switch; it is fixed at {self.default!r}")
            return value
        if self.numeric:
            low, high = self.options
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise ValueError(f"ruling {self.id!r} takes a number from {low} to {high}, got {value!r}")
            return value
        if value not in self.options:
            raise ValueError(f"ruling {self.id!r} takes one of {list(self.options)}, got {value!r}")
        return value

    def describe_switch(self) -> str:
        if self.options is None:
            return "none"
        if self.numeric:
            return f"{self.options[0]} to {self.options[1]}"
        return " / ".join(str(o) for o in self.options)


REGISTRY: dict[str, Ruling] = {}


def register(ruling: Ruling) -> Ruling:
    """Add a ruling to the registry (idempotent for the same ruling; a clash raises)."""
    known = REGISTRY.get(ruling.id)
    if known is not None and known != ruling:
        raise ValueError(f"ruling id {ruling.id!r} registered twice with different content")
    ruling.check(ruling.default)
    REGISTRY[ruling.id] = ruling
    return ruling


def rulings_for(system: str | None = None) -> list[Ruling]:
    return sorted((r for r in REGISTRY.values() if system is None or r.system == system), key=lambda r: r.id)


class Rulings(Mapping[str, Any]):
    """The ruling values in force: registry defaults, overridden by switches.

    Immutable: :meth:`switch` returns a new object.  Unknown ids and values outside a switch's
    options raise ``ValueError``.
    """

    def __init__(self, overrides: Mapping[str, Any] | None = None):
        values = {}
        for key, value in (overrides or {}).items():
            if key not in REGISTRY:
                raise ValueError(f"unknown ruling {key!r}; known: {sorted(REGISTRY)}")
            values[key] = REGISTRY[key].check(value)
        self._overrides = values
        self._read = dict(values)  # every value looked up so far (a registered default never changes)

    def __getitem__(self, key: str) -> Any:
        try:
            return self._read[key]
        except KeyError:
            pass
        if key not in REGISTRY:
            raise KeyError(f"unknown ruling {key!r}")
        value = self._read[key] = REGISTRY[key].default
        return value

    def __iter__(self):
        return iter(sorted(REGISTRY))

    def __len__(self) -> int:
        return len(REGISTRY)

    def switch(self, **overrides: Any) -> "Rulings":
        """A copy with some rulings switched: ``rulings.switch(**{"behind.flyer-sight": "observer-only"})``."""
        return Rulings({**self._overrides, **overrides})

    @property
    def overrides(self) -> dict[str, Any]:
        return dict(self._overrides)

    def to_json(self) -> dict:
        return dict(self._overrides)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Rulings":
        return cls(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rulings) and self._overrides == other._overrides

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._overrides.items())))

    def __repr__(self) -> str:
        return f"Rulings({self._overrides!r})"


DEFAULT_RULINGS = Rulings()


def rulings_frame(system: str | None = None):
    """The registry as a pandas DataFrame (one row per ruling)."""
    import pandas as pd

    rows = [
        {
            "id": r.id,
            "title": r.title,
            "quote": r.quote,
            "source": str(r.source),
            "choice": r.choice,
            "default": r.default,
            "switch": r.describe_switch(),
        }
        for r in rulings_for(system)
    ]
    return pd.DataFrame(rows, columns=["id", "title", "quote", "source", "choice", "default", "switch"])


def rulings_markdown(systems: Iterable[str] | None = None) -> str:
    """The registry as Markdown: one table per system, for the docs and the README."""
    chosen = sorted({r.system for r in REGISTRY.values()} if systems is None else systems)
    parts = []
    for system in chosen:
        parts.append(f"#### {system}\n")
        parts.append("| id | ruling | quote (source) | choice | default | switch |")
        parts.append("| --- | --- | --- | --- | --- | --- |")
        for r in rulings_for(system):
            quote = r.quote.replace("|", "\\|")
            parts.append(
                f"| `{r.id}` | {r.title} | \"{quote}\" ({r.source.rulebook}, {r.source.section}) "
                f"| {r.choice} | `{r.default!r}` | {r.describe_switch()} |"
            )
        parts.append("")
    return "\n".join(parts)



RULINGS_CSS = """<style>
div.explorer-rulings-box {max-width: 100%; overflow-x: auto}
div.explorer-rulings-box table.explorer-rulings {border-collapse: collapse; font-size: 0.92em}
div.explorer-rulings-box table.explorer-rulings th, div.explorer-rulings-box table.explorer-rulings td {
  padding: 0.25em 0.6em; vertical-align: top; text-align: left;
  white-space: normal; word-break: normal; overflow-wrap: break-word; hyphens: manual}
div.explorer-rulings-box table.explorer-rulings code {white-space: normal; word-break: normal; overflow-wrap: break-word}
div.explorer-rulings-box table.explorer-rulings td.choice {min-width: 14em; max-width: 42em}
div.explorer-rulings-box table.explorer-rulings summary {cursor: pointer}
div.explorer-rulings-box table.explorer-rulings p {margin: 0.3em 0}
div.explorer-rulings-box table.explorer-rulings tbody tr:nth-child(odd) {background: rgba(0, 0, 0, 0.03)}
</style>"""
"""The rulings table's look.  Selectors start at the table's box: they outweigh JupyterLab's output
CSS (``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td`` right-aligns every cell)."""


def _token(text: str) -> str:
    """A ruling's id or a switch value as code that wraps between its parts only: after a dot or an
    underscore (a ``<wbr>``) or a hyphen, never inside a word ("cont-act_tolerance")."""
    import html

    from explorer.core.display import break_points

    return f"<code>{break_points(html.escape(text), chars='._')}</code>"


def _switch_html(ruling: Ruling) -> str:
    """The values a ruling's switch takes, each a whole token, the default in bold (one column for
    both: a column of its own made the table too wide for a 590 px output area); the line breaks
    between them."""
    import html

    if ruling.options is None:
        return f"<b>{_token(repr(ruling.default))}</b> (no switch)"
    if ruling.numeric:
        return f"<b>{_token(repr(ruling.default))}</b>; {html.escape(ruling.describe_switch())}"
    return " / ".join(f"<b>{_token(str(option))}</b>" if option == ruling.default else _token(str(option))
                      for option in ruling.options)


def rulings_html(system: str | None = None) -> str:
    """The registry as an HTML table that fits a notebook: one row per ruling; its choice's first
    sentence shows (wrapping between words, never inside one), a click opens the rest of the choice,
    the quote that raised the question and its source.  Every choice is in the HTML in full.  Ids and
    switch values wrap only between their parts; a table wider than the output area scrolls in its box."""
    import html

    from explorer.core.display import details, first_sentence

    rows = []
    for r in rulings_for(system):
        short = first_sentence(r.choice, limit=110)
        rest = r.choice[len(short):].strip() if r.choice.startswith(short) else r.choice
        body = (f"<p>{html.escape(rest)}</p>" if rest else "") + \
            f"<p><i>Raised by</i> &ldquo;{html.escape(r.quote)}&rdquo; ({html.escape(str(r.source))})</p>"
        rows.append(f"<tr><td>{_token(r.id)}</td><td>{html.escape(r.title)}</td>"
                    f"<td class='choice'>{details(html.escape(short), body)}</td>"
                    f"<td>{_switch_html(r)}</td></tr>")
    head = "".join(f"<th>{name}</th>" for name in ("id", "ruling", "choice (click: the rest, the quote, the source)",
                                                    "switch (the default in bold)"))
    return (f"{RULINGS_CSS}<div class='explorer-rulings-box'><table class='explorer-rulings'><thead><tr>{head}</tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table></div>")


class RulingsTable:
    """The rulings of one system (or all) for a notebook: ``rulings_table("behind")`` shows itself as
    :func:`rulings_html`; ``.frame`` is :func:`rulings_frame`."""

    def __init__(self, system: str | None = None):
        self.system = system
        self.rulings = rulings_for(system)

    @property
    def frame(self):
        return rulings_frame(self.system)

    def _repr_html_(self) -> str:
        return rulings_html(self.system)

    def __repr__(self) -> str:
        lines = [f"{len(self.rulings)} rulings" + (f" of {self.system}" if self.system else "")]
        lines += [f"  {r.id}: {r.title} (default {r.default!r}; switch: {r.describe_switch()})" for r in self.rulings]
        return "\n".join(lines)


def rulings_table(system: str | None = None) -> RulingsTable:
    """The rulings of ``system`` (None: every system) as a table a notebook shows in full."""
    return RulingsTable(system)
