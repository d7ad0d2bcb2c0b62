"""What happened, as HTML tables: a game's events and the engine's refusals, for any system.

A notebook that prints an event log (``print(f"{event.text}\\n    [{event.rule}]")``) gets plain
text that JupyterLab wraps in the middle of words.  :func:`events_table` shows the events as a
table instead: each event in words beside the rulebook section it cites (the full citation as the
cell's tooltip), a private event marked with the player who alone may see it.  A refusal
(:class:`~explorer.core.rules.RuleViolation`) is a row of its own, marked "refused", or on its own a
short block (:func:`refusal_table`).

Nothing here knows a rule system: an event is anything with ``.text`` and ``.rule`` (a
:class:`~explorer.core.rules.RuleRef` or ``None``) and, if it may be private, ``.visible_to``.
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterable

from explorer.core.rules import RuleRef, RuleViolation

_CSS = """<style>
div.event-box{PROSE}
div.event-box table.event-table{border-collapse:collapse;font-size:0.92em;margin:0.2em 0 0.6em 0;max-width:100%}
div.event-box table.event-table th{text-align:left;vertical-align:bottom;padding:0.2em 0.6em;border-bottom:1px solid #999;
  white-space:normal;word-break:normal;overflow-wrap:normal}
div.event-box table.event-table td{text-align:left;vertical-align:top;padding:0.2em 0.6em;border-bottom:1px solid #e4e4e4;
  white-space:normal;word-break:normal;overflow-wrap:break-word}
div.event-box table.event-table td.event-text{min-width:14em;max-width:38em}
div.event-box table.event-table td.event-rule{color:#555;font-size:0.92em;min-width:8em;max-width:16em;cursor:help}
div.event-box table.event-table tr.event-refused td.event-text{color:#a00000}
div.event-box table.event-table .event-mark{font-size:0.85em;font-weight:bold;padding:0 0.3em;border-radius:3px;margin-right:0.4em}
div.event-box table.event-table tr.event-refused .event-mark{background:#fde2e2;color:#a00000}
div.event-box table.event-table tr.event-private .event-mark{background:#e8e8f8;color:#404080}
div.event-box table.event-table th .event-books{white-space:nowrap}
div.event-box table.event-table .event-ruling{text-decoration:underline dotted;cursor:help}
div.event-box table.event-table caption{caption-side:top;text-align:left;font-weight:bold;padding:0.3em 0}
</style>"""
"""The tables' look: words left-aligned and wrapping on whole words, the rule in grey beside, at one
line height even in a widget (whose HTML inherits ipywidgets' 28 px line height).  Selectors
start at the table's box: they outweigh JupyterLab's output CSS, which right-aligns every cell."""


def css() -> str:
    """The tables' style sheet, at the one line height of :data:`explorer.core.display.PROSE_STYLE`
    (read when a table is shown: an engine imports this module, and engines load no display module)."""
    from explorer.core.display import PROSE_STYLE

    return _CSS.replace("PROSE", PROSE_STYLE, 1)

REFUSED = "refused"
WORDS = {
    "en": {"rule": "rule", "refused": "refused", "private": "only {player} sees this", "heading": "what happened",
           "empty": "(nothing happened)"},
    "de": {"rule": "Regel", "refused": "abgelehnt", "private": "nur {player} sieht das", "heading": "was geschah",
           "empty": "(nichts geschehen)"},
}
"""The tables' own words in each language a system speaks (``language=``): D&D's lessons are German."""


def _words(language: str) -> dict:
    if language not in WORDS:
        raise ValueError(f"events table language {language!r}: expected one of {', '.join(WORDS)}")
    return WORDS[language]


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


_RULING_ID = re.compile(r"\b[a-z][a-z0-9_]*\.[a-z0-9][a-z0-9-]*[a-z0-9]\b")


def _text_html(text: str) -> str:
    """An event's words as HTML: each named ruling (``behind.table-middle``) a span whose tooltip says
    what the ruling is and what was chosen (explorer.core.rulings), so that a reader need not look the
    id up in docs/rulings.md; every other word as it is."""
    from explorer.core.rulings import REGISTRY

    parts, start = [], 0
    for match in _RULING_ID.finditer(text):
        ruling = REGISTRY.get(match.group())
        if ruling is None:
            continue
        parts += [_e(text[start:match.start()]),
                  f'<span class="event-ruling" title="{_e(f"{ruling.title}: {ruling.choice}")}">{_e(match.group())}</span>']
        start = match.end()
    return "".join(parts) + _e(text[start:])


class EventRow:
    """One row of an :class:`EventTable`: the words, the rule, and a mark (``"refused"``, a private
    event's ``"only <player> sees"``, or ``""``)."""

    def __init__(self, text: str, rule: RuleRef | None, mark: str = "", kind: str = ""):
        self.text, self.rule, self.mark, self.kind = text, rule, mark, kind

    @classmethod
    def of(cls, item: Any, language: str = "en") -> "EventRow":
        """The row of an event, of a refusal (a RuleViolation) or of a ``(text, rule)`` pair; its mark
        in ``language``."""
        words = _words(language)
        if isinstance(item, EventRow):
            return item
        if isinstance(item, RuleViolation):
            return cls(item.reason, item.rule, words["refused"], "refused")
        if isinstance(item, tuple) and len(item) == 2:
            return cls(str(item[0]), item[1])
        private = getattr(item, "visible_to", None)
        return cls(item.text, getattr(item, "rule", None),
                   words["private"].format(player=private) if private is not None else "",
                   "private" if private is not None else "")

    def html(self) -> str:
        mark = f'<span class="event-mark">{_e(self.mark)}</span>' if self.mark else ""
        rule = self.rule
        cite = (f'<td class="event-rule" title="{_e(rule)}">{_e(rule.section)}</td>' if rule is not None
                else '<td class="event-rule"></td>')
        css = f' class="event-{self.kind}"' if self.kind else ""
        return f'<tr{css}><td class="event-text">{mark}{_text_html(self.text)}</td>{cite}</tr>'

    def line(self) -> str:
        mark = f"[{self.mark}] " if self.mark else ""
        return f"{mark}{self.text}" + (f"  [{self.rule.section}]" if self.rule is not None else "")


class EventTable:
    """Events (and refusals) as an HTML table for a notebook: ``_repr_html_`` in Jupyter, one line
    per row as text elsewhere (``repr``).  ``.rows`` are the :class:`EventRow`\\ s."""

    def __init__(self, items: Iterable[Any], *, heading: str | None = None, caption: str | None = None,
                 viewer: Any = None, private: bool = True, empty: str | None = None,
                 rule_heading: str | None = None, language: str = "en"):
        """``items``: events, RuleViolations, ``(text, rule)`` pairs, in the order to show them.
        ``viewer``: leave out the private events of other players (``None``: keep them all, marked);
        ``private=False``: leave out every private event (what the table shows everyone).
        ``language``: the table's own words (the marks, the rule column's heading, the defaults of
        ``heading`` and ``empty``): ``"en"`` or ``"de"`` (D&D); ``rule_heading`` overrides that heading."""
        words = _words(language)
        heading = words["heading"] if heading is None else heading
        empty = words["empty"] if empty is None else empty
        rule_heading = words["rule"] if rule_heading is None else rule_heading
        rows = []
        for item in items:
            owner = getattr(item, "visible_to", None)
            if owner is not None and (not private or (viewer is not None and owner != viewer)):
                continue
            rows.append(EventRow.of(item, language))
        self.rows, self.heading, self.caption, self.empty = rows, heading, caption, empty
        self.rule_heading = rule_heading

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def rulebooks(self) -> list[str]:
        return sorted({row.rule.rulebook for row in self.rows if row.rule is not None and row.rule.rulebook})

    def _repr_html_(self) -> str:
        body = "".join(row.html() for row in self.rows) or (
            f'<tr><td class="event-text">{_e(self.empty)}</td><td class="event-rule"></td></tr>')
        books = ", ".join(self.rulebooks)
        # the heading may break before the rulebook's name, never inside it ("behind-2003- / rulebook.txt")
        rule_head = (f'{_e(self.rule_heading)} <span class="event-books">({_e(books)})</span>' if books
                     else _e(self.rule_heading))
        caption = f"<caption>{_e(self.caption)}</caption>" if self.caption else ""
        return (f'{css()}<div class="event-box" style="max-width:100%;overflow-x:auto"><table class="event-table">{caption}'
                f"<tr><th>{_e(self.heading)}</th><th>{rule_head}</th></tr>{body}</table></div>")

    def __repr__(self) -> str:
        lines = [row.line() for row in self.rows] or [self.empty]
        return "\n".join(([self.caption] if self.caption else []) + lines)


def events_table(items: Iterable[Any], **options) -> EventTable:
    """Events as an HTML table (:class:`EventTable`; ``options``: ``heading``, ``caption``,
    ``viewer``, ``private``, ``empty``, ``rule_heading``, ``language``)."""
    return EventTable(items, **options)


def refusal_table(violation: RuleViolation, *, heading: str | None = None, language: str = "en") -> EventTable:
    """A refusal on its own: what is wrong beside the rule that forbids it (the full citation as
    the tooltip); ``language`` as in :class:`EventTable` (the heading defaults to its word for refused)."""
    return EventTable([violation], heading=_words(language)["refused"] if heading is None else heading,
                      language=language)


__all__ = ["css", "EventRow", "EventTable", "events_table", "refusal_table"]
