"""Which sections of the Behind rulebook the code and the tests cite (see ``explorer.core.coverage``).

Every section of :mod:`explorer.behind.refs` must be cited by a test or listed in
:data:`OUT_OF_SCOPE` with the reason it holds no rule to implement.  A section with a rule belongs
here only if that is really so -- never because nobody has tested it yet.
"""

from __future__ import annotations

from explorer.behind import refs
from explorer.core.coverage import SectionCoverage, system_coverage
from explorer.core.rules import RuleRef

OUT_OF_SCOPE: dict[RuleRef, str] = {
    refs.CONTENTS: "describes the product (societies, starter sets, boosters); no rule of play",
    refs.OWNERSHIP: "returns borrowed cards to their owners after the game; nothing happens in play",
    refs.GLOSSARY: "defines terms already ruled in their own sections",
    refs.MORE_QUESTIONS: "a heading with no text under it",
}


def behind_coverage() -> list[SectionCoverage]:
    """One row per Behind section: the ``explorer/behind`` modules and the tests that cite it."""
    return system_coverage(refs, __file__, OUT_OF_SCOPE)
