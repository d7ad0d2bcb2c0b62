"""Which sections of the Behold: Rome rulebook the code and the tests cite (see ``explorer.core.coverage``).

Every section of :mod:`explorer.behold_rome.refs` must be cited by a test or listed in
:data:`OUT_OF_SCOPE` with the reason it holds no rule to implement.
"""

from __future__ import annotations

from explorer.behold_rome import refs
from explorer.core.coverage import SectionCoverage, system_coverage
from explorer.core.rules import RuleRef

OUT_OF_SCOPE: dict[RuleRef, str] = {
    refs.TABLE_OF_CONTENTS: "a list of the headings; no rule of play",
    refs.GAME_SAVE_CARDS: "how to save a game between sessions with cards; the explorer saves a game as JSON",
    refs.CONCEPT_AND_TERM_GLOSSARY: "the heading of the glossary; its entries are covered one by one",
    refs.DIFFICULTY_SETTINGS: "the heading of the two difficulty lists, covered on their own",
}


def behold_rome_coverage() -> list[SectionCoverage]:
    """One row per Behold: Rome section: the ``explorer/behold_rome`` modules and the tests that cite it."""
    return system_coverage(refs, __file__, OUT_OF_SCOPE)
