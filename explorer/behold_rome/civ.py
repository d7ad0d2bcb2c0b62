"""What the scoring reads of a game of Behold: Rome: the civ, card by card.

:class:`CivView` is the engine's answer to ``state.civ()`` (and what a user builds by hand to
score any position): every civ card with its active level and its place, the nation card's
level, the round, the difficulty, the variants in play and the card set.  Which cards score is
ruling ``behold_rome.scored-cards`` (all of them, at their active levels).

Pure Python, no rule runs here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PLACES = ("hand", "top", "deck", "stored", "controlled")
"""Where a civ card can be (behold-rome-rulebook.txt, "Holding the Game"): in the hand, the top card of
the deck (visible, not in the hand), further down the deck, stored (turned 90 degrees), a controlled
region (in the very back)."""

DIFFICULTIES = ("casual", "easy", "normal", "hard", "impossible")
"""behold-rome-rulebook.txt, "Difficulty Settings > Game Difficulty Settings"."""

VARIANTS = ("fluid-rounds", "foresight", "score-chaser")
"""behold-rome-rulebook.txt, "Fluid Round Variant" and "Variants" (Foresight Mode, Score Chaser Mode);
"foresight" is also the "easier variant" of "Holding the Game" (looking ahead in the deck)."""


@dataclass(frozen=True)
class CardPlace:
    """One civ card: its id, its active level (1-4) and where it is (one of :data:`PLACES`)."""

    card_id: str
    level: int
    place: str

    def to_json(self) -> dict:
        return {"card_id": self.card_id, "level": self.level, "place": self.place}


@dataclass(frozen=True)
class CivView:
    """The civ as the scoring sees it (behold-rome-rulebook.txt, "Scoring").

    ``cards``: every civ card of the game, deck order (top first), then the hand; ``nation_level``:
    the nation card's level (1-4); ``round``: the current round; ``difficulty``: the game difficulty;
    ``variants``: the variants in play; ``cardset``: the :class:`~explorer.behold_rome.cards.CardSet`
    the cards come from."""

    cards: tuple[CardPlace, ...]
    nation_level: int
    round: int
    difficulty: str
    variants: frozenset[str]
    cardset: Any

    def place_of(self, card_id: str) -> CardPlace:
        for card in self.cards:
            if card.card_id == card_id:
                return card
        raise KeyError(card_id)

    def in_place(self, place: str) -> tuple[CardPlace, ...]:
        return tuple(c for c in self.cards if c.place == place)

    def to_json(self) -> dict:
        """Everything but the card set, as JSON-able data."""
        return {"cards": [c.to_json() for c in self.cards], "nation_level": self.nation_level,
                "round": self.round, "difficulty": self.difficulty, "variants": sorted(self.variants)}

    def __repr__(self) -> str:
        counts = {p: len(self.in_place(p)) for p in PLACES}
        return (f"CivView(round {self.round}, nation level {self.nation_level}, {self.difficulty}, "
                + ", ".join(f"{n} {p}" for p, n in counts.items() if n) + ")")


__all__ = ["CardPlace", "CivView", "DIFFICULTIES", "PLACES", "VARIANTS"]
