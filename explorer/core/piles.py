"""A player's card piles, in which no card is ever created or lost.

:class:`Piles` holds one player's cards in named zones -- ``supply`` (draw pile, top card first),
``hand``, ``discard`` (discard pile), ``in_play`` and ``destroyed`` -- and only ever *moves* a
card from one zone to another.  ``check_conserved()`` proves the multiset of cards is the one
the piles were made with.  Cards are any objects with a string ``id`` (two copies of a card share
the id).  When the supply is used up the discard pile is shuffled at once and becomes the new
supply (the shuffle draws from the seeded generator given to the piles).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Generic, Iterable, Mapping, Protocol, TypeVar

from explorer.core.rng import SeededRng

ZONES = ("supply", "hand", "discard", "in_play", "destroyed")


class HasId(Protocol):
    id: str


C = TypeVar("C", bound=HasId)


class PileError(ValueError):
    """A pile operation that would create or lose a card (a bug, not a rule question)."""


class Piles(Generic[C]):
    """One player's cards by zone.  ``supply[0]`` is the top card of the supply."""

    def __init__(
        self,
        supply: Iterable[C],
        rng: SeededRng | None = None,
        *,
        on_reshuffle: Callable[["Piles[C]"], None] | None = None,
    ):
        self.zones: dict[str, list[C]] = {zone: [] for zone in ZONES}
        self.zones["supply"] = list(supply)
        self.rng = rng if rng is not None else SeededRng(0)
        self.on_reshuffle = on_reshuffle
        self.reshuffles = 0
        self._initial = self._census()

    # -- views -----------------------------------------------------------------------------
    @property
    def supply(self) -> list[C]:
        return self.zones["supply"]

    @property
    def hand(self) -> list[C]:
        return self.zones["hand"]

    @property
    def discard(self) -> list[C]:
        return self.zones["discard"]

    @property
    def in_play(self) -> list[C]:
        return self.zones["in_play"]

    @property
    def destroyed(self) -> list[C]:
        return self.zones["destroyed"]

    def counts(self) -> dict[str, int]:
        return {zone: len(cards) for zone, cards in self.zones.items()}

    def all_cards(self) -> list[C]:
        return [card for zone in ZONES for card in self.zones[zone]]

    # -- moves -------------------------------------------------------------------------------
    def shuffle_supply(self) -> None:
        self.rng.shuffle(self.supply)

    def move(self, card: C | str, source: str, target: str) -> C:
        """Move one copy of ``card`` (object or id) from zone ``source`` to zone ``target``."""
        pile = self._zone(source)
        self._zone(target)
        card_id = card if isinstance(card, str) else card.id
        for index, candidate in enumerate(pile):
            if candidate.id == card_id:
                moved = pile.pop(index)
                self.zones[target].append(moved)
                if source == "supply":
                    self._refill_if_used_up()
                return moved
        raise PileError(f"no card {card_id!r} in {source} (it holds {[c.id for c in pile]})")

    def take_top(self, target: str) -> C:
        """Take the top card of the supply into ``target`` (reshuffling first if it is empty)."""
        self._zone(target)
        if not self.supply:
            self._refill_if_used_up()
        if not self.supply:
            raise PileError("the supply and the discard pile are both empty: no card to take")
        card = self.supply.pop(0)
        self.zones[target].append(card)
        self._refill_if_used_up()
        return card

    def draw(self, n: int = 1) -> list[C]:
        """Draw ``n`` cards from the top of the supply into the hand."""
        return [self.take_top("hand") for _ in range(n)]

    def draw_to(self, hand_size: int) -> list[C]:
        """Draw until the hand holds ``hand_size`` cards (or no card is left to draw)."""
        drawn = []
        while len(self.hand) < hand_size and (self.supply or self.discard):
            drawn.append(self.take_top("hand"))
        return drawn

    def turn_up(self) -> C:
        """Turn up the top card of the supply; it goes to the discard pile (checks, duels, combat)."""
        return self.take_top("discard")

    def _refill_if_used_up(self) -> None:
        # Behind, "III. Supply Phase": once the supply is used up, the discard pile is shuffled
        # immediately and placed as the new supply.
        if not self.supply and self.discard:
            self.zones["supply"], self.zones["discard"] = self.zones["discard"], []
            self.shuffle_supply()
            self.reshuffles += 1
            if self.on_reshuffle is not None:
                self.on_reshuffle(self)

    def _zone(self, name: str) -> list[C]:
        if name not in self.zones:
            raise PileError(f"unknown zone {name!r}; zones are {list(ZONES)}")
        return self.zones[name]

    def copy(self) -> "Piles[C]":
        """An independent copy (same cards, own zones and own random generator)."""
        twin = Piles.__new__(Piles)
        twin.zones = {zone: list(cards) for zone, cards in self.zones.items()}
        twin.rng = self.rng.copy()
        twin.on_reshuffle = self.on_reshuffle
        twin.reshuffles = self.reshuffles
        twin._initial = self._initial
        return twin

    # -- invariants and persistence ------------------------------------------------------
    def _census(self) -> Counter:
        return Counter(card.id for card in self.all_cards())

    def check_conserved(self) -> None:
        """Raise :class:`PileError` if any card was created or lost since the piles were made."""
        now = self._census()
        if now != self._initial:
            raise PileError(f"cards created {dict(now - self._initial)} / lost {dict(self._initial - now)}")

    def to_json(self) -> dict:
        return {
            "zones": {zone: [card.id for card in cards] for zone, cards in self.zones.items()},
            "rng": self.rng.to_json(),
            "reshuffles": self.reshuffles,
        }

    @classmethod
    def from_json(cls, data: dict, cards_by_id: Mapping[str, C]) -> "Piles[C]":
        piles = cls([], SeededRng.from_json(data["rng"]))
        for zone in ZONES:
            try:
                piles.zones[zone] = [cards_by_id[card_id] for card_id in data["zones"].get(zone, [])]
            except KeyError as missing:
                raise PileError(f"saved piles name unknown card {missing.args[0]!r} in zone {zone!r}") from None
        piles.reshuffles = data.get("reshuffles", 0)
        piles._initial = piles._census()
        return piles

    def __repr__(self) -> str:
        return f"Piles({self.counts()})"
