"""Rule references and the error an illegal action raises.

Every rule the engines enforce is cited by a :class:`RuleRef` (rulebook file and section
heading).  An illegal action raises :class:`RuleViolation`, a ``ValueError`` whose message says
in plain words what is wrong and which section of which rulebook forbids it -- the way a
referee would explain it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class RuleRef:
    """A citation: the rulebook file (in ``shared/rules/``) and a section heading in it."""

    rulebook: str
    section: str
    rule_word: ClassVar[str] = "rule"
    """The word before a citation in a :class:`RuleViolation` (a subclass may write it in its rulebook's language)."""
    section_word: ClassVar[str] = "section"
    """The word before the heading in ``str(ref)``."""

    def __str__(self) -> str:
        """``behind-2003-rulebook.txt, section "Movement"``: the heading in quotes, once -- a heading
        that quotes itself (``"Unser Revier!" ("Our Turf!")``) is not quoted again."""
        section = self.section if '"' in self.section else f'"{self.section}"'
        word = self.section_word
        return f"{self.rulebook}, {word} {section}" if self.rulebook else f"{word} {section}"

    def to_json(self) -> dict:
        return {"rulebook": self.rulebook, "section": self.section}

    @classmethod
    def from_json(cls, data: dict) -> "RuleRef":
        return cls(data["rulebook"], data["section"])


class RuleViolation(ValueError):
    """An action or setup that the rules forbid.

    ``str(error)`` reads like a referee's call: what is wrong, then the cited rule.
    The parts stay available as ``error.reason`` and ``error.rule``.
    """

    def __init__(self, reason: str, rule: RuleRef):
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({getattr(rule, 'rule_word', 'rule')}: {rule})")

    def _repr_html_(self) -> str:
        """In a notebook: the reason beside the rule's section, marked "refused" (the full
        citation as the tooltip; :func:`explorer.core.event_table.refusal_table`)."""
        from explorer.core.event_table import refusal_table

        return refusal_table(self)._repr_html_()

    def __reduce__(self):  # keep the two parts when pickled (process pools)
        return (type(self), (self.reason, self.rule))
