"""Beyond's component data, loaded from ``data/beyond/spirits.json``.

The structure of the cards comes from the rulebook; the energy points per pattern are the values
of a third-party adaptation (labelled in ``data/beyond/README.md``) and can be replaced: pass
``points={"TS": 7, ...}`` to :func:`load_components`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from explorer.beyond.cards import Spirit, SpiritCard, build_cards, nian_shou_ids
from explorer.beyond.schema import MAX_POINTS, MAX_SUPPLY, ComponentsModel
from explorer.core.inputs import InputError, parse_json, read_text, validate, whole
from explorer.core.resources import data_dir

DATA_DIR = data_dir("beyond")
"""The shipped files: ``data/beyond/`` of the repository, ``explorer/data/beyond/`` once installed
(package data found by :mod:`explorer.core.resources`)."""
SPIRITS_FILE = DATA_DIR / "spirits.json"
MAX_COMPONENTS_BYTES = 1_000_000
"""A components file is at most this size (the shipped one is about 1 KB)."""


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

    def __post_init__(self) -> None:
        """Components built by hand get the checks of a components file: the shape and bounds
        (:class:`~explorer.beyond.schema.ComponentsModel`), and cards and Nian Shou cards that are
        the ones the spirits make."""
        source = "components"
        if not isinstance(self.spirits, dict) or not all(isinstance(s, Spirit) for s in self.spirits.values()):
            raise InputError(source, "spirits", "a dict of Spirit by code", self.spirits)
        if any(code != s.code for code, s in self.spirits.items()):
            raise InputError(source, "spirits", "each spirit filed under its own code", list(self.spirits))
        if not isinstance(self.nian_shou, tuple):
            raise InputError(source, "nian_shou", "a tuple of Nian Shou card ids", self.nian_shou)
        try:
            data = self.to_json()
        except TypeError as error:  # parts not a sequence, a count without len()
            raise InputError(source, "", "components made of spirits, cards and counts", str(error)) from None
        validate(ComponentsModel, data, source)
        if self.cards != _cards_of(tuple(self.spirits.values())):
            raise InputError(source, "cards", "the 16 cards of each spirit (build_cards of the spirits)")
        if self.nian_shou != nian_shou_ids(len(self.nian_shou)):
            raise InputError(source, "nian_shou", "the ids NS1, NS2, ... in order", self.nian_shou)

    @classmethod
    def from_json(cls, data: Mapping, *, source: str = "components", prefix: str = "") -> "Components":
        """Components from their JSON form (a components file's content, or ``to_json()``):
        InputError naming ``source`` and the field (``spirits[2].parts``) for anything outside the
        format or its bounds (:mod:`explorer.beyond.schema`)."""
        model = validate(ComponentsModel, data, source, prefix=prefix)
        spirits = {s.code: Spirit(s.code, s.name, s.pattern, s.points, tuple(s.parts)) for s in model.spirits}
        return cls(spirits, dict(_cards_of(tuple(spirits.values()))), nian_shou_ids(model.nian_shou_cards),
                   model.lotus_per_player, model.capture_corners, model.supply_tokens)


def _cards_of(spirits: tuple[Spirit, ...]) -> dict[str, SpiritCard]:
    """``build_cards(spirits)``, remembered (read only: copy before changing it)."""
    try:
        return _built_cards(spirits)
    except TypeError:  # a spirit built by hand with unhashable parts
        return build_cards(list(spirits))


@lru_cache(maxsize=64)
def _built_cards(spirits: tuple[Spirit, ...]) -> dict[str, SpiritCard]:
    return build_cards(list(spirits))


def load_components(path: Path | str = SPIRITS_FILE, *, points: Mapping[str, int] | None = None,
                    supply_tokens: int | None = None) -> Components:
    """The components from ``path`` (a JSON file of at most 1 MB); ``points`` replaces pattern
    values, ``supply_tokens`` the supply.  InputError naming the file, the field, the value and
    what was expected for anything outside the format (``data/beyond/README.md``)."""
    label = getattr(path, "name", None) or str(path)
    text = read_text(path, limit=MAX_COMPONENTS_BYTES, source=label)
    comp = Components.from_json(parse_json(text, label), source=label)
    if points:
        if not isinstance(points, Mapping):
            raise InputError("argument", "points", "a mapping of spirit code to energy points", points)
        unknown = sorted(str(c) for c in set(points) - set(comp.spirits))
        if unknown:
            raise InputError("argument", f"points.{unknown[0]}", f"a known spirit code ({', '.join(comp.spirits)})")
        values = {c: whole(v, f"points.{c}", low=0, high=MAX_POINTS) for c, v in points.items()}
        comp = replace(comp, spirits={c: replace(s, points=values.get(c, s.points)) for c, s in comp.spirits.items()})
    if supply_tokens is not None:
        if isinstance(supply_tokens, float) and supply_tokens.is_integer():
            supply_tokens = int(supply_tokens)  # ruling beyond.supply-tokens is numeric: 10.0 is 10
        comp = replace(comp, supply_tokens=whole(supply_tokens, "supply_tokens", low=0, high=MAX_SUPPLY))
    return comp
