"""Which sections of the Beyond rulebook the code and the tests cite (see ``explorer.core.coverage``).

Every section of :mod:`explorer.beyond.refs` must be cited by a test or listed in
:data:`OUT_OF_SCOPE` with the reason it holds no rule to implement.
"""

from __future__ import annotations

from explorer.beyond import refs
from explorer.core.coverage import SectionCoverage, system_coverage
from explorer.core.rules import RuleRef

OUT_OF_SCOPE: dict[RuleRef, str] = {
    refs.TABLE_OF_CONTENTS: "a heading with no text under it",
    refs.DETAILS: "a heading introducing the three phase sections, which are covered on their own",
    refs.THANKS: "acknowledgements; no rule of play",
    refs.CREDITS: "design, illustration and publishing credits; no rule of play",
}


def beyond_coverage() -> list[SectionCoverage]:
    """One row per Beyond section: the ``explorer/beyond`` modules and the tests that cite it."""
    return system_coverage(refs, __file__, OUT_OF_SCOPE)
