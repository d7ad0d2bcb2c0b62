"""Generated documentation: the rulings of every registered system, in ``docs/rulings.md``.

``python -m explorer.core.docs`` prints the document; ``python -m explorer.core.docs --write``
rewrites it.  ``tests/test_docs.py`` fails when the file is not what the registry says.
"""

from __future__ import annotations

import sys
from pathlib import Path

from explorer.core.rulings import rulings_for

ROOT = Path(__file__).resolve().parents[2]
RULINGS_DOC = ROOT / "docs" / "rulings.md"
README_PATH = ROOT / "README.md"
COMMAND = "python -m explorer.core.docs --write"


def load_all_systems() -> dict:
    """Import every registered system, so that all its rulings are registered."""
    from explorer.core.systems import load_all

    return load_all()


def rulings_section(system) -> str:
    """One system's section: a table of its rulings."""
    lines = [f"## {system.title}", "",
             f"{len(rulings_for(system.name))} rulings, from `{system.rulebook}`. Switch one with "
             f"`Rulings().switch(**{{id: value}})` (or a configuration's `\"rulings\"` field).", "",
             "| id | ruling | quote (source) | choice | default | switch |",
             "| --- | --- | --- | --- | --- | --- |"]
    for r in rulings_for(system.name):
        quote = r.quote.replace("|", "\\|")
        lines.append(f"| `{r.id}` | {r.title} | \"{quote}\" ({r.source.rulebook}, {r.source.section}) "
                     f"| {r.choice} | `{r.default!r}` | {r.describe_switch()} |")
    return "\n".join(lines) + "\n"


def rulings_document() -> str:
    """The whole of ``docs/rulings.md``."""
    systems = load_all_systems()
    head = ("# Rulings\n\n"
            f"Generated from the rulings registry by `{COMMAND}`; do not edit by hand "
            "(`tests/test_docs.py` checks it is current).\n\n"
            "Where a rulebook is silent or ambiguous the explorer makes a *ruling*: the quote that left "
            "the question open, the choice made, the default and, where the choice changes play, a "
            "switch. `explorer.core.compare.compare_rulings` runs any odds question or simulation under "
            "two sets of rulings side by side.\n\n"
            + "".join(f"- [{s.title}](#{_anchor(s.title)}): {len(rulings_for(s.name))} rulings\n"
                      for s in systems.values()) + "\n")
    return head + "\n".join(rulings_section(s) for s in systems.values())


def _anchor(title: str) -> str:
    return "".join(c for c in title.lower().replace(" ", "-") if c.isalnum() or c == "-")


def write_docs(path: Path = RULINGS_DOC) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(rulings_document(), encoding="utf-8")
    return path


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        print(f"wrote {write_docs().relative_to(ROOT)}")
    else:
        print(rulings_document())
