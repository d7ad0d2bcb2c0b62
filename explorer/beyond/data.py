"""Beyond's component data, loaded from ``data/beyond/spirits.json``.

The structure of the cards comes from the rulebook; the energy points per pattern are the values
of a third-party adaptation (labelled in ``data/beyond/README.md``) and can be replaced: pass
``points={"TS": 7, ...}`` to :func:`load_components`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Mapping

from explorer.beyond.cards import Spirit, SpiritCard, build_cards, nian_shou_ids
from explorer.core.resources import data_dir

DATA_DIR = data_dir("beyond")
"""The shipped files: ``data/beyond/`` of the repository, ``explorer/data/beyond/`` once installed
(package data found by :mod:`explorer.core.resources`)."""
SPIRITS_FILE = DATA_DIR / "spirits.json"


@dataclass(frozen=True)
class Components:
    """Everything in the box: spirits, the 80 spirit cards, Nian Shou cards, token counts."""

    spirits: dict[str, Spirit]
    cards: dict[str, SpiritCard]
    nian_shou: tuple[str, ...]
    lotus_per_player: int
    capture_corners: int
    supply_tokens: int

    def to_json(self) -> dict:
        return {"spirits": [{"code": s.code, "name": s.name, "pattern": s.pattern, "points": s.points,
                             "parts": list(s.parts)} for s in self.spirits.values()],
                "nian_shou_cards": len(self.nian_shou), "lotus_per_player": self.lotus_per_player,
                "capture_corners": self.capture_corners, "supply_tokens": self.supply_tokens}

    @classmethod
    def from_json(cls, data: Mapping) -> "Components":
        spirits = {s["code"]: Spirit(s["code"], s["name"], s["pattern"], int(s["points"]), tuple(s["parts"]))
                   for s in data["spirits"]}
        return cls(spirits, build_cards(list(spirits.values())), nian_shou_ids(int(data["nian_shou_cards"])),
                   int(data["lotus_per_player"]), int(data["capture_corners"]), int(data["supply_tokens"]))


def load_components(path: Path = SPIRITS_FILE, *, points: Mapping[str, int] | None = None,
                    supply_tokens: int | None = None) -> Components:
    """The components from ``path``; ``points`` replaces pattern values, ``supply_tokens`` the supply."""
    comp = Components.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    if points:
        unknown = set(points) - set(comp.spirits)
        if unknown:
            raise ValueError(f"unknown spirit code(s) {sorted(unknown)}; known: {sorted(comp.spirits)}")
        comp = replace(comp, spirits={c: replace(s, points=int(points.get(c, s.points)))
                                      for c, s in comp.spirits.items()})
    if supply_tokens is not None:
        comp = replace(comp, supply_tokens=int(supply_tokens))
    return comp
