"""Generated documentation.

``python -m explorer.core.docs`` prints the rulings section; ``python -m explorer.core.docs --write``
rewrites it in README.md between the markers ``<!-- rulings:start -->`` and ``<!-- rulings:end -->``.
"""

import sys
from pathlib import Path

from explorer.core.rulings import rulings_markdown

START, END = "<!-- rulings:start -->\n", "<!-- rulings:end -->"
README = Path(__file__).resolve().parents[2] / "README.md"


def load_all_systems() -> None:
    """Import every system so that all its rulings are registered."""
    import explorer.behind  # noqa: F401
    import explorer.beyond  # noqa: F401


def rulings_section() -> str:
    load_all_systems()
    return rulings_markdown()


def readme_rulings(text: str) -> str:
    """The rulings block of a README text."""
    return text.split(START, 1)[1].split(END, 1)[0]


def write_readme(path: Path = README) -> None:
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    tail = rest.split(END, 1)[1]
    path.write_text(f"{head}{START}{rulings_section()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write_readme()
    else:
        print(rulings_section())
