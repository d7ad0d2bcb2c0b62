"""Which sections of the D&D 5e combat rules the code and the tests cite (see ``explorer.core.coverage``).

Every section of :mod:`explorer.dnd5e.refs` -- the excerpt's headings
(``dnd5e-combat-de-excerpt.txt``) and the SRD 5.1 sections cited beyond it -- must be cited by a
test or listed in :data:`OUT_OF_SCOPE` with the reason it holds no rule to implement.  A section
with a rule belongs here only if that is really so -- never because nobody has tested it yet.
"""

from __future__ import annotations

from explorer.core.coverage import SectionCoverage, system_coverage
from explorer.core.rules import RuleRef
from explorer.dnd5e import refs

OUT_OF_SCOPE: dict[RuleRef, str] = {}


def dnd5e_coverage() -> list[SectionCoverage]:
    """One row per D&D 5e section: the ``explorer/dnd5e`` modules and the tests that cite it."""
    return system_coverage(refs, __file__, OUT_OF_SCOPE)
