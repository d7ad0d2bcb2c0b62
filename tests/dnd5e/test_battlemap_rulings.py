"""The D&D 5e rulings: each quotes dnd5e-combat-de-excerpt.txt word for word and every switch is read.

Sources: dnd5e-combat-de-excerpt.txt (the quotes), explorer/dnd5e/rulings.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from explorer.core.rulings import Rulings, rulings_for
from explorer.dnd5e import refs
import explorer.dnd5e.rulings  # noqa: F401  (registers the rulings)

ROOT = Path(__file__).resolve().parents[2]


RULINGS = rulings_for("dnd5e")


def test_the_rulings_the_brief_names_exist():
    ids = {r.id for r in RULINGS}
    assert {"dnd5e.measuring", "dnd5e.grid-diagonals", "dnd5e.space-shape", "dnd5e.stand-up-grid",
            "dnd5e.low-obstacle-athletics", "dnd5e.terrain-athletics", "dnd5e.terrain-athletics-dc",
            "dnd5e.ocr-zero"} <= ids


@pytest.mark.parametrize("ruling", RULINGS, ids=[r.id for r in RULINGS])
def test_a_ruling_quotes_the_excerpt_and_cites_one_of_its_sections(ruling):
    assert ruling.source.rulebook == refs.RULEBOOK
    assert ruling.source in vars(refs).values()
    assert len(ruling.quote.split()) >= 4, ruling.id  # a quote of the excerpt's words (checked against it when written;
    # the rulebook is not part of the repository, so no test reads it)
    assert ruling.choice and ruling.title


@pytest.mark.parametrize("ruling", [r for r in RULINGS if r.switchable], ids=[r.id for r in RULINGS if r.switchable])
def test_every_switch_is_read_by_the_engine(ruling):
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "explorer" / "dnd5e").glob("*.py")
                     if p.name != "rulings.py")
    assert f'"{ruling.id}"' in code
    Rulings().switch(**{ruling.id: ruling.default})
