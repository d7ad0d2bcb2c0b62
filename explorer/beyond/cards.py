"""Beyond's components: Celestial Spirit cards, the spirits' patterns and the Nian Shou cards.

Each spirit card has a Spirit face (illustration of one spirit, and one protection symbol) and a
Capture side showing the same symbol (beyond-rulebook.txt, "The Celestial Spirit Cards").  A
card's ``key`` is ``(spirit, part, symbol)``: cards with the same key are interchangeable, which is
what exact odds need.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from explorer.beyond import refs
from explorer.core.inputs import InputError, whole

YIN, YANG = "yin", "yang"
SIMILAR, HEADS_BODIES, DIFFERENT = "similar", "heads-bodies", "different"


@dataclass(frozen=True)
class Spirit:
    """One type of Celestial Spirit: its code (``"TS"``), name, pattern kind, parts and points."""

    code: str
    name: str
    pattern: str
    points: int
    parts: tuple[str, ...]


@dataclass(frozen=True)
class SpiritCard:
    """One Celestial Spirit card (``id`` like ``"TS07"``, for saves, replays and tests).

    ``title`` is the card in words without its symbol -- the spirit's name as the card data gives
    it (``data/beyond/spirits.json``) and, for a spirit of several parts, the part: ``"Yellow
    Unicorn horn"``, ``"Turtle Snake"`` (:func:`build_cards` sets it); ``str(card)`` adds the
    symbol: ``"Yellow Unicorn horn (yin)"``.  Texts are for people: they name the card, never its
    id."""

    id: str
    spirit: str
    part: str
    symbol: str
    title: str = field(default="", compare=False, repr=False)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.spirit, self.part, self.symbol)

    def __str__(self) -> str:
        return f"{self.title or f'{self.spirit} {self.part}'} ({self.symbol})"


def card_title(spirit: Spirit, part: str) -> str:
    """A card of ``spirit`` in words: its name, and the part if the spirit has several."""
    return f"{spirit.name} {part}" if len(spirit.parts) > 1 else spirit.name


NIAN_SHOU_PREFIX = "NS"


def nian_shou_ids(count: int = 6) -> tuple[str, ...]:
    """The Nian Shou cards ``NS1`` .. ``NS6`` (beyond-rulebook.txt, "The 6 Cards of the Evil Spirit");
    ``count`` 0 to 20 (:data:`explorer.beyond.schema.MAX_NIAN_SHOU`)."""
    from explorer.beyond.schema import MAX_NIAN_SHOU

    whole(count, "count", low=0, high=MAX_NIAN_SHOU)
    return tuple(f"{NIAN_SHOU_PREFIX}{i}" for i in range(1, count + 1))


def is_nian_shou(card_id: str) -> bool:
    return card_id.startswith(NIAN_SHOU_PREFIX)


NIAN_SHOU_WORDS = "a Nian Shou card"
"""A Nian Shou card in words (the 6 are alike: beyond-rulebook.txt, "The 6 Cards of the Evil Spirit")."""


def card_text(cards: dict, card_id: str) -> str:
    """The card ``card_id`` in words (``cards``: id -> :class:`SpiritCard`): ``"Yellow Unicorn horn
    (yin)"``, or :data:`NIAN_SHOU_WORDS`."""
    card = cards.get(card_id)
    return str(card) if card is not None else NIAN_SHOU_WORDS if is_nian_shou(card_id) else card_id


def cards_text(cards: dict, card_ids) -> str:
    """Several cards in words, comma separated (``"nothing"`` for none)."""
    return ", ".join(card_text(cards, c) for c in card_ids) or "nothing"


def build_cards(spirits: Sequence[Spirit], per_spirit: int = 16) -> dict[str, SpiritCard]:
    """16 cards per spirit, 8 yin and 8 yang; each part gets an equal share, half of it yin
    (ruling ``beyond.yin-yang-split``)."""
    out: dict[str, SpiritCard] = {}
    whole(per_spirit, "per_spirit", low=0, high=16)
    for spirit in spirits:
        if not spirit.parts:
            raise InputError("components", f"spirits.{spirit.code}.parts", "at least one part", spirit.parts)
        share = per_spirit // len(spirit.parts)
        n = 0
        for part in spirit.parts:
            for i in range(share):
                n += 1
                card = SpiritCard(f"{spirit.code}{n:02d}", spirit.code, part, YIN if i < share // 2 else YANG,
                                  card_title(spirit, part))
                out[card.id] = card
    return out


def pattern_problem(spirit: Spirit, cards: Iterable[SpiritCard]) -> str | None:
    """Why ``cards`` are not a complete pattern of ``spirit`` (None if they are).

    beyond-rulebook.txt, "Energy Points by Enchanted Spirit": 4 similar cards; 2 heads + 2 bodies;
    4 different cards; "no conditions on the Yin or Yang symbols"."""
    cards = list(cards)
    if len(cards) != 4:
        return f"a pattern has 4 cards, not {len(cards)}"
    if any(c.spirit != spirit.code for c in cards):
        return f"all 4 cards of a {spirit.name} pattern must be {spirit.name} cards"
    parts = Counter(c.part for c in cards)
    if spirit.pattern == HEADS_BODIES and parts != Counter({"head": 2, "body": 2}):
        return f"a {spirit.name} pattern is 2 heads and 2 bodies"
    if spirit.pattern == DIFFERENT and len(parts) != 4:
        return f"a {spirit.name} pattern is 4 different cards"
    return None


RULE = refs.ENERGY_POINTS
