"""What the Behold: Rome player may know without looking ahead in the deck (behold-rome-rulebook.txt,
"Holding the Game": "you can always see the top card of the deck ... You are not allowed to look
ahead in the deck").

The deck is shuffled once at set-up ("Setup"), so at any moment the stack is

* the **not-yet-seen block**: the set-up cards never drawn, in their shuffled (unknown) order, right
  behind the top card -- the top card itself is always seen;
* then everything the player has put back himself, in the order he put it back: discards ("Discarded
  cards go behind any stored cards, to the back of the deck"), stored cards ("put it to the back of the
  deck (but in front of any controlled regions)"), the nation, round and age cards once moved on;
* and the controlled regions at the very back ("Controlled regions always stay in the very back").

The set-up puts the nation, round and age cards behind the civ cards ("Setup"), so while the first
pass lasts the not-yet-seen block is the cards between the top card and the nation card; once the
nation card has come up (round 2 on), the whole order follows from the player's own discards and
stores.  The unseen cards are at their starting levels (nothing turns a card nobody has seen).  With
the look-ahead variant (``foresight``: Foresight Mode, "Variants"; the "easier variant" of "Holding
the Game") the player knows the whole order.

:func:`knowledge` reads this off a game; :class:`Knowledge` holds it and answers, as exact
:class:`~fractions.Fraction` s, what the unseen part holds (:meth:`Knowledge.chance_within`,
:meth:`Knowledge.count_chances`, :meth:`Knowledge.nation_chance`), and samples orders consistent with
it (:meth:`Knowledge.sample_stack`, :func:`determinize`) -- sampled from the *set* of unseen cards
only, never from their real order, so a plan made on samples cannot peek.

Where the first pass cannot be read off the deck -- the ruling ``behold_rome.move-on-when`` at
``any-time`` lets the player move on before the nation card comes up -- the game is replayed from its
origin (configuration and seed) and its history, noting every card seen in the hand or on top; a
hand-made position without origin (``arranged``) is then taken as seen through from round 2 on.

Pure Python; nothing here draws.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Union

from explorer.behold_rome import refs
from explorer.behold_rome.deck import MARKERS, Deck
from explorer.core.inputs import InputError, whole
from explorer.core.rng import SeededRng

RULES = (refs.HOLDING_THE_GAME, refs.SETUP, refs.ROUNDS, refs.ROUND_END, refs.VARIANTS)
"""The sections what the player may know follows from: no looking ahead, the deck shuffled at set-up with the
nation, round and age cards behind it, the round ending when the nation card comes up, Foresight Mode."""
UNSEEN = "?"
"""How :meth:`Knowledge.order` writes a place of the not-yet-seen block."""

Cards = Union[str, Iterable[str], Callable[[Any], bool]]
"""What a chance is asked about: a card id, several card ids, or a test on a card's active level
(``lambda level: level.type == "region"``)."""


@dataclass(frozen=True)
class Knowledge:
    """What the player knows of the stack (top first).

    ``stack``: every place of the stack, ``(card id, level, mark)`` where the player knows the card,
    None in the not-yet-seen block; ``unseen``: the cards of that block as ``(card id, level)`` in
    card-set order (their real order is not kept); ``start``: the place where the block begins (1:
    right behind the top card); ``foresight``: the look-ahead variant is in play; ``first_pass``: the
    set-up cards are not all seen yet."""

    stack: tuple[Optional[tuple[str, int, str]], ...]
    unseen: tuple[tuple[str, int], ...]
    start: int
    foresight: bool
    first_pass: bool
    cardset: Any

    # -- what is known -----------------------------------------------------------------------------
    @property
    def size(self) -> int:
        """How many cards the not-yet-seen block holds."""
        return len(self.unseen)

    @property
    def known(self) -> bool:
        """The whole order is known (no unseen card)."""
        return not self.unseen

    def unseen_ids(self) -> tuple[str, ...]:
        return tuple(card for card, _ in self.unseen)

    def name(self, entry) -> str:
        card, level = entry[0], entry[1]
        if card in MARKERS:
            return {"nation": "nation card", "round": "round card", "age": "age card"}[card]
        return self.cardset.card(card).level(level).name

    def order(self) -> list[str]:
        """The stack as the player knows it, top first: each card's active level name (the nation,
        round and age cards by their names, ``"stored"`` / ``"controlled"`` added in brackets),
        :data:`UNSEEN` for every place of the not-yet-seen block."""
        out = []
        for entry in self.stack:
            if entry is None:
                out.append(UNSEEN)
            else:
                out.append(self.name(entry) + (f" ({entry[2]})" if entry[2] else ""))
        return out

    def frame(self):
        """The order as a pandas DataFrame: ``place`` (0 = the top card), ``card`` (the level name or
        :data:`UNSEEN`), ``mark``, ``known`` and ``why`` (the top card, the not-yet-seen block, put back
        by the player, the nation / round / age cards, a controlled region, look-ahead)."""
        import pandas as pd

        rows = []
        for place, entry in enumerate(self.stack):
            if entry is None:
                why = "not yet seen (shuffled at set-up, behind the top card)"
            elif self.foresight:
                why = "looked ahead (foresight)"
            elif place == 0:
                why = "the top card (always seen)"
            elif entry[2] == "controlled":
                why = "a controlled region (always at the very back)"
            elif entry[0] in MARKERS and self.first_pass:
                why = "set up behind the civ cards"
            else:
                why = "put back by the player (discarded, stored, moved on)"
            rows.append({"place": place, "card": UNSEEN if entry is None else self.name(entry),
                         "mark": "" if entry is None else entry[2], "known": entry is not None, "why": why})
        return pd.DataFrame(rows, columns=["place", "card", "mark", "known", "why"])

    # -- exact chances -----------------------------------------------------------------------------
    def _ids(self, cards: Cards, field: str = "cards") -> set[str]:
        if callable(cards):
            ids = {e[0] for e in self.stack if e is not None and e[0] not in MARKERS and cards(self._level(e))}
            return ids | {c for c, lv in self.unseen if cards(self.cardset.card(c).level(lv))}
        names = [cards] if isinstance(cards, str) else list(cards) if isinstance(cards, (list, tuple, set, frozenset)) \
            else None
        known = {e[0] for e in self.stack if e is not None} | set(self.unseen_ids())
        if names is None or not all(isinstance(c, str) for c in names):
            raise InputError("argument", field, "a card id, a list of card ids or a test on a card level", cards)
        for c in names:
            if c not in known:
                raise InputError("argument", field, "a card of the stack (" + ", ".join(sorted(known)) + ")", c)
        return set(names)

    def _level(self, entry):
        return self.cardset.card(entry[0]).level(entry[1])

    def _split(self, ids: set[str], k: int) -> tuple[int, int, int]:
        """Among the top ``k`` places: the known cards of ``ids``, the unseen places, the unseen cards of ``ids``."""
        known = sum(1 for e in self.stack[:k] if e is not None and e[0] in ids)
        places = max(0, min(k - self.start, self.size)) if k > self.start else 0
        hidden = sum(1 for c in self.unseen_ids() if c in ids)
        return known, places, hidden

    def count_chances(self, cards: Cards, k: int) -> dict[int, Fraction]:
        """The exact chance of each number of ``cards`` among the top ``k`` cards of the stack (the next
        ``k`` draws take them, unless the nation card stops the draw first): the known places count as
        they are, the unseen places are a uniform draw without replacement from the unseen cards (a
        hypergeometric law; the set-up shuffle, "Setup")."""
        k = whole(k, "k", source="chance", low=0, high=10**6)
        ids = self._ids(cards)
        known, places, hidden = self._split(ids, k)
        total = math.comb(self.size, places)
        out = {}
        for x in range(max(0, places - (self.size - hidden)), min(hidden, places) + 1):
            out[known + x] = Fraction(math.comb(hidden, x) * math.comb(self.size - hidden, places - x), total)
        return out

    def chance_within(self, cards: Cards, k: int, at_least: int = 1) -> Fraction:
        """The exact chance that at least ``at_least`` of ``cards`` are among the top ``k`` cards of the
        stack (place 0 is the top card: the next draw takes it)."""
        at_least = whole(at_least, "at_least", source="chance", low=0, high=64)
        return sum((p for n, p in self.count_chances(cards, k).items() if n >= at_least), Fraction(0))

    def nation_chance(self, k: int) -> Fraction:
        """The chance that the next ``k`` draws reveal the nation card ("When you draw a card and reveal
        your nation card, stop immediately", "Round End"): it is at place ``k`` or nearer the top.  The
        player knows how many cards lie in front of it (the unseen block is in front of it during the
        first pass, and after it every place is known), so this is always 0 or 1."""
        k = whole(k, "k", source="nation_chance", low=0, high=10**6)
        return self.chance_within("nation", k + 1)

    def place_chances(self, card: str) -> dict[int, Fraction]:
        """Where ``card`` lies: each place of the stack with its exact chance."""
        ids = self._ids(card, "card")
        (card,) = ids
        for place, e in enumerate(self.stack):
            if e is not None and e[0] == card:
                return {place: Fraction(1)}
        return {self.start + i: Fraction(1, self.size) for i in range(self.size)}

    # -- sampling ----------------------------------------------------------------------------------
    def sample_stack(self, rng: SeededRng) -> list[list]:
        """A stack consistent with what the player knows: the unseen cards (taken in card-set order,
        whatever their real order) shuffled by ``rng`` into the not-yet-seen places."""
        if not isinstance(rng, SeededRng):
            raise InputError("argument", "rng", "a SeededRng", rng)
        block = [[c, lv, ""] for c, lv in self.unseen]
        rng.shuffle(block)
        it = iter(block)
        return [list(e) if e is not None else next(it) for e in self.stack]

    def orders(self) -> int:
        """How many orders of the stack are consistent with what the player knows."""
        return math.factorial(self.size)


_REPLAYS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
"""Per game, the replay made so far: (actions replayed, the replayed game, the cards seen) -- a game asked
again after more actions (a player asking every turn) replays only the new ones."""


def _seen_by_replay(state) -> Optional[set[str]]:
    """The cards seen in the hand, on top, stored or controlled from set-up to now, by replaying the game from its origin
    and history (None without an origin)."""
    origin = getattr(state, "origin", None)
    if origin is None:
        return None
    from explorer.behold_rome.game import new_game

    history = state.history
    cached = _REPLAYS.get(state)
    if cached is not None and cached[0] <= len(history) and cached[1].history == history[:cached[0]] \
            and cached[3] == origin:
        done, twin, seen = cached[0], cached[1], set(cached[2])
    else:
        c = origin["config"]
        twin = new_game(c["difficulty"], variants=c["variants"], rival=c["rival"],
                        rival_difficulty=c["rival_difficulty"], rulings=c["rulings"], seed=origin["seed"],
                        cardset=state.cardset)
        done, seen = 0, set()

    def note() -> None:
        deck = twin._data["deck"]
        seen.update(e[0] for e in deck.hand)
        seen.update(e[0] for e in deck.aside)
        seen.update(e[0] for e in deck.stack if e[2])  # stored or controlled: known (a region controlled
        if deck.stack:                                 # at set-up stays known once abandoned)
            seen.add(deck.stack[0][0])

    note()
    for action in history[done:]:
        twin.apply(action)
        note()
    _REPLAYS[state] = (len(history), twin, frozenset(seen), origin)
    return seen


def knowledge(state) -> Knowledge:
    """What the player of ``state`` (a :class:`~explorer.behold_rome.game.BeholdRomeState`) may know now."""
    from explorer.behold_rome.game import BeholdRomeState

    if not isinstance(state, BeholdRomeState):
        raise InputError("argument", "state", "a Behold: Rome game (BeholdRomeState)", state)
    stack = [tuple(e) for e in state._data["deck"].stack]
    foresight = "foresight" in state.variants
    ids = [e[0] for e in stack]
    hidden: list[int] = []
    if not foresight and stack:
        if state.rules.any_time and state.round > 1:
            seen = _seen_by_replay(state)
            if seen is not None:
                hidden = [i for i in range(1, len(stack)) if ids[i] not in MARKERS and ids[i] not in seen
                          and stack[i][2] != "controlled"]  # controlled at set-up: known, at the very back
        elif state.round == 1 and "nation" in ids:
            hidden = list(range(1, ids.index("nation")))
    order = {c.id: k for k, c in enumerate(state.cardset.civ_cards)}
    unseen = tuple(sorted(((stack[i][0], stack[i][1]) for i in hidden), key=lambda e: order[e[0]]))
    assert hidden == list(range(1, 1 + len(hidden))), "the not-yet-seen block lies right behind the top card"
    unseen_places = set(hidden)
    shown = tuple(None if i in unseen_places else stack[i] for i in range(len(stack)))
    return Knowledge(shown, unseen, 1, foresight, bool(hidden), state.cardset)


def determinize(state, rng: SeededRng, known: Optional[Knowledge] = None):
    """A copy of ``state`` whose not-yet-seen block is one order sampled by ``rng`` from what the player
    knows (:meth:`Knowledge.sample_stack`): the real order is never read.  ``known``: the knowledge of
    ``state`` if already computed."""
    known = knowledge(state) if known is None else known
    twin = state.copy()
    if known.unseen:
        deck = twin._data["deck"]
        twin._data["deck"] = Deck(known.sample_stack(rng), deck.hand, deck.aside)
        twin._changed()
    return twin


__all__ = ["RULES", "Knowledge", "UNSEEN", "determinize", "knowledge"]
