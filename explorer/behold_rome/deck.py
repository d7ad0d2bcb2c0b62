"""The deck as held in Behold: Rome: one ordered stack, top card first, and the hand
(behold-rome-rulebook.txt, "Holding the Game", "Setup").

Every card of the stack is an entry ``[id, level, mark]``: a civ card's id (or ``"nation"``,
``"round"``, ``"age"``), its level (the round card's level is the round, the age card's the
age) and its mark: ``""``, ``"stored"`` (turned 90 degrees) or ``"controlled"`` (a controlled
region, sticking out at the very back).  The hand holds ``[id, level]``; ``aside`` holds cards
between places while an action resolves them (the played card, a region being conquered).

* discarding and storing put a card at the back of the stack, in front of the controlled
  regions ("Concept & Term Glossary > Discard", "> Store / Stored"); a conquered region goes to
  the very back ("> Conquer");
* a stored card that becomes the top card turns upright and is no longer stored ("Holding the
  Game"): every move ends with :meth:`Deck._settle`;
* no card is ever created or lost: :meth:`Deck.check` proves the cards are the ones the deck was
  made with, at most 4 stored, at most 4 controlled, controlled always at the very back, the top
  card never stored, the round and age cards right behind the nation card.

Pure Python; the moves raise :class:`DeckError` for a move that is no move (a bug, not a rule
question: the rules are checked before).
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from explorer.core.inputs import InputError

MARKERS = ("nation", "round", "age")
"""The nation card and, behind it, the round card and the age card (ruling ``behold_rome.setup-order``)."""
MAX_STORED = 4
MAX_CONTROLLED = 4
"""4 slots each (behold-rome-rulebook.txt, "Concept & Term Glossary > Slot")."""
HAND_SIZE = 5
"""Draw cards to fill your hand up to 5 (behold-rome-rulebook.txt, "End of Turn Phase")."""


class DeckError(ValueError):
    """A move that would create, lose or misplace a card."""


class Deck:
    """The stack (top first), the hand and the cards set aside; exact and JSON-able.

    An entry is never changed in place: a move or a new level puts a new entry where the old one
    was, so a copy of the deck shares the entries (the look-ahead copies the deck for every action it
    tries) and neither sees the other's moves.  The stored entries are kept in stack order as the moves
    make and take them (:meth:`stored`: the checks read them for nearly every action; :meth:`check`
    holds them against the stack)."""

    def __init__(self, stack: Iterable[Iterable[Any]], hand: Iterable[Iterable[Any]] = (),
                 aside: Iterable[Iterable[Any]] = ()):
        self.stack: list[list] = [list(e) for e in stack]
        self.hand: list[list] = [list(e) for e in hand]
        self.aside: list[list] = [list(e) for e in aside]
        self._ids = frozenset(self.ids())
        self._index: Optional[dict] = None
        self._stored: list[list] = [e for e in self.stack if e[2] == "stored"]

    # -- views ---------------------------------------------------------------------------------------
    def ids(self) -> list[str]:
        return [e[0] for e in self.stack] + [e[0] for e in self.hand] + [e[0] for e in self.aside]

    @property
    def top(self) -> Optional[list]:
        return self.stack[0] if self.stack else None

    def free(self) -> list[list]:
        """The stack without the controlled regions (they stand at the very back)."""
        return self.stack[:self._back()]

    def stored(self) -> list[list]:
        """The stored entries in stack order (a new list: the caller may change it)."""
        return self._stored[:]

    def controlled(self) -> list[list]:
        """The controlled regions, read off the very back of the stack (where they always stand)."""
        return self.stack[self._back():]

    def _entries(self) -> dict:
        """Every card's entry by id (made on first use after a copy; each move files the entry it makes)."""
        if self._index is None:
            self._index = {e[0]: e for part in (self.stack, self.hand, self.aside) for e in part}
        return self._index

    def _filed(self, e: list) -> list:
        """``e``, a card's new entry, filed in the index."""
        if self._index is not None:
            self._index[e[0]] = e
        return e

    def entry(self, card_id: str) -> list:
        try:
            return self._entries()[card_id]
        except KeyError:
            raise DeckError(f"no card {card_id!r} in the deck") from None

    def level(self, card_id: str) -> int:
        index = self._index  # the index as entry() reads it, without the two calls (the rules ask thousands of times)
        if index is not None and card_id in index:
            return index[card_id][1]
        return self.entry(card_id)[1]

    def holds(self, card_id: str) -> bool:
        """The card is one of this deck's (anywhere: stack, hand or set aside)."""
        return card_id in self._entries()

    def count_stored(self) -> int:
        return len(self._stored)

    def in_hand(self, card_id: str) -> bool:
        for e in self.hand:
            if e[0] == card_id:
                return True
        return False

    def mark(self, card_id: str) -> Optional[str]:
        """The mark of the card's entry in the stack (``""``, ``"stored"``, ``"controlled"``), ``""`` for a
        card of the hand or set aside, None for no card of the deck.  Read off the index in one look-up:
        the checks ask "is it stored / controlled?" for every Pay, Abandon and DevelopRegion candidate,
        and :meth:`place` walks the stack for it."""
        e = self._entries().get(card_id)
        if e is None:
            return None
        return e[2] if len(e) == 3 else ""

    def place(self, card_id: str) -> str:
        """``hand``, ``top``, ``deck``, ``stored``, ``controlled`` or ``aside``."""
        for i, e in enumerate(self.stack):
            if e[0] == card_id:
                return e[2] or ("top" if i == 0 else "deck")
        if self.in_hand(card_id):
            return "hand"
        if any(e[0] == card_id for e in self.aside):
            return "aside"
        raise DeckError(f"no card {card_id!r} in the deck")

    def next_unstores(self) -> bool:
        """Drawing the top card would make a stored card the top card (and unstore it)."""
        return len(self.stack) > 1 and self.stack[1][2] == "stored"

    # -- moves ---------------------------------------------------------------------------------------
    def _take(self, where: list[list], card_id: str) -> list:
        for i, e in enumerate(where):
            if e[0] == card_id:
                if len(e) == 3 and e[2] == "stored":
                    self._stored.remove(e)
                return where.pop(i)
        raise DeckError(f"no card {card_id!r} there")

    def _back(self) -> int:
        """Where a discarded or stored card goes: in front of the controlled regions."""
        n = len(self.stack)
        while n and self.stack[n - 1][2] == "controlled":
            n -= 1
        return n

    def _settle(self) -> Optional[str]:
        """A stored top card turns upright (returns its id), behold-rome-rulebook.txt, "Holding the Game"."""
        if self.stack and self.stack[0][2] == "stored":
            e = self.stack[0]
            self.stack[0] = self._filed([e[0], e[1], ""])
            del self._stored[0]  # the first stored card in stack order
            return e[0]
        return None

    def draw(self) -> tuple[list, Optional[str]]:
        """The top card into the hand; returns it and the id of a stored card turned upright."""
        if not self.stack or self.stack[0][0] in MARKERS or self.stack[0][2] == "controlled":
            raise DeckError("the top card cannot be drawn")
        e = self.stack.pop(0)
        if e[2] == "stored":  # only in a deck made so: a move never leaves the top card stored (_settle)
            del self._stored[0]
        self.hand.append(self._filed([e[0], e[1]]))
        return e, self._settle()

    def _put_back(self, e: list, mark: str = "") -> Optional[str]:
        new = self._filed([e[0], e[1], mark])
        self.stack.insert(self._back(), new)
        if mark == "stored":  # behind every card but the controlled regions: the last stored one
            self._stored.append(new)
        return self._settle()

    def discard_from(self, source: str, card_id: str) -> Optional[str]:
        """Discard a card of ``hand``, ``aside`` or the stack (stored, top, a controlled region:
        abandoned) to the back of the deck, in front of the controlled regions."""
        if source == "stack":
            e = self._take(self.stack, card_id)
        else:
            e = self._take(self.hand if source == "hand" else self.aside, card_id)
        self.stack.insert(self._back(), self._filed([e[0], e[1], ""]))
        return self._settle()

    def store_from(self, source: str, card_id: str) -> Optional[str]:
        """Store a card of the hand (or set aside): turned, at the back in front of the controlled regions."""
        e = self._take(self.hand if source == "hand" else self.aside, card_id)
        if self.count_stored() >= MAX_STORED:
            raise DeckError("4 cards are stored already")
        return self._put_back(e, "stored")

    def set_aside(self, card_id: str) -> list:
        e = self._take(self.hand, card_id)
        self.aside.append(e)
        return e

    def to_hand(self, card_id: str) -> None:
        self.hand.append(self._take(self.aside, card_id))

    def control(self, card_id: str) -> None:
        """A region set aside slotted in the very back, behind the controlled regions already there."""
        e = self._take(self.aside, card_id)
        if len(self.controlled()) >= MAX_CONTROLLED:
            raise DeckError("4 regions are controlled already")
        self.stack.append(self._filed([e[0], e[1], "controlled"]))
        self._settle()

    def set_level(self, card_id: str, level: int) -> None:
        old = self.entry(card_id)
        new = old.copy()
        new[1] = level
        for part in (self.stack, self.hand, self.aside):
            for i, e in enumerate(part):
                if e is old:
                    part[i] = self._filed(new)
                    if len(old) == 3 and old[2] == "stored":
                        stored = self._stored
                        stored[stored.index(old)] = new
                    return
        raise DeckError(f"card {card_id!r} is not where the deck's index has it")

    # -- invariants, JSON ----------------------------------------------------------------------------
    def check(self) -> None:
        """Raise DeckError if a card was created or lost or a rule of holding the deck is broken."""
        ids = self.ids()
        if len(ids) != len(set(ids)) or set(ids) != self._ids:
            raise DeckError(f"cards not conserved: {sorted(ids)} against {sorted(self._ids)}")
        marks = [e[2] for e in self.stack]
        stored = [e for e in self.stack if e[2] == "stored"]
        if stored != self._stored or any(a is not b for a, b in zip(stored, self._stored)):
            raise DeckError("the stored entries kept are not the stack's (the stack changed but by a move)")
        if len(stored) > MAX_STORED:
            raise DeckError(f"{len(stored)} stored cards (at most {MAX_STORED})")
        controlled = sum(1 for e in self.stack if e[2] == "controlled")  # not controlled(): it reads the back only
        if controlled > MAX_CONTROLLED:
            raise DeckError(f"{controlled} controlled regions (at most {MAX_CONTROLLED})")
        if controlled and set(marks[len(marks) - controlled:]) != {"controlled"}:
            raise DeckError("a controlled region is not at the very back")
        if self.stack and self.stack[0][2] == "stored":
            raise DeckError("the top card is stored")
        for e in self.stack + self.hand + self.aside:
            if e[0] not in ("round",) and not 1 <= e[1] <= 4:
                raise DeckError(f"card {e[0]!r} at level {e[1]}")
        order = [e[0] for e in self.stack if e[0] in MARKERS]
        if order and order != list(MARKERS):
            raise DeckError(f"the nation, round and age cards out of order: {order}")
        if order:
            i = [e[0] for e in self.stack].index("nation")
            if [e[0] for e in self.stack[i:i + 3]] != list(MARKERS):
                raise DeckError("the round and age cards are not right behind the nation card")
        if any(e[0] in MARKERS for e in self.hand + self.aside):
            raise DeckError("the nation, round or age card left the stack")
        if any(e[0] in MARKERS and e[2] for e in self.stack):
            raise DeckError("the nation, round or age card is stored or controlled")

    def to_json(self) -> dict:
        return {"stack": [list(e) for e in self.stack], "hand": [list(e) for e in self.hand],
                "aside": [list(e) for e in self.aside]}

    @classmethod
    def from_json(cls, data: Any, source: str = "deck") -> "Deck":
        """A deck from :meth:`to_json` data, every entry checked (InputError naming the field)."""
        if not isinstance(data, dict) or set(data) != {"stack", "hand", "aside"}:
            raise InputError(source, "", "a deck with exactly 'stack', 'hand' and 'aside'", data)
        parts = {}
        for name, width, marks in (("stack", 3, ("", "stored", "controlled")), ("hand", 2, None),
                                   ("aside", 2, None)):
            rows = data[name]
            if not isinstance(rows, list) or len(rows) > 64:
                raise InputError(source, name, "a list of at most 64 cards", rows)
            for k, e in enumerate(rows):
                if (not isinstance(e, list) or len(e) != width or not isinstance(e[0], str) or len(e[0]) > 40
                        or type(e[1]) is not int or not 0 <= e[1] <= 99 or (marks and e[2] not in marks)):
                    raise InputError(source, f"{name}[{k}]", f"[card id, level{', mark' if marks else ''}]", e)
            parts[name] = rows
        deck = cls(parts["stack"], parts["hand"], parts["aside"])
        try:
            deck.check()
        except DeckError as error:
            raise InputError(source, "", f"a deck as held ({error})", None) from None
        return deck

    def copy(self) -> "Deck":
        twin = Deck.__new__(Deck)
        twin.stack = self.stack.copy()
        twin.hand = self.hand.copy()
        twin.aside = self.aside.copy()
        twin._ids = self._ids
        twin._index = None if self._index is None else self._index.copy()
        twin._stored = self._stored.copy()
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return (f"Deck(top {self.top[0] if self.top else None}, {len(self.stack)} in the stack, "
                f"{len(self.stored())} stored, {len(self.controlled())} controlled, hand {[e[0] for e in self.hand]})")


__all__ = ["Deck", "DeckError", "HAND_SIZE", "MARKERS", "MAX_CONTROLLED", "MAX_STORED"]
