"""Exact press-your-luck odds of Beyond's reveal -- enumerated, never sampled.

beyond-rulebook.txt, section "Phase 1: Reveal and Collection": the active player turns the top
card of the draw pile, one at a time.  While all revealed cards show different Spirits he may
stop and collects ALL of them (successful reveal).  As soon as two revealed cards share a Spirit
he must stop and collects only the last card (failed reveal), plus one revealed card of his
choice per Lotus token he discards.  If the first 2 cards of the round share a Spirit he also
obtains a Nian Shou card, if any is left.

Model (independent of the engine): a card is a key ``(spirit, part, symbol)``; only ``key[0]``
(the spirit) matters to the reveal, the rest only to the caller's valuation.  The unseen cards
(draw pile, order unknown) are a multiset ``Mapping[key, count]``.  With a game, use the engine's
keys: ``state.revealed_keys()`` (``[state.cards[c].key for c in state.revealed]``) and
``state.draw_pile_counts()`` (the panels and strategies do); card ids such as ``"TS07"`` are refused
(:class:`~explorer.core.inputs.InputError`, as is every meaningless argument).
:func:`standard_deck` is the same 80-card deck under full spirit names, for questions asked without
a game (one form per question: the engine's codes or these names, never both).

Two public facts every function takes: ``back``, the Yin / Yang symbol on the top card's back
(beyond-rulebook.txt, "Set Up": the deck lies "with the backs visible"; "Card backs": the back
"features the symbol from the front side"; ``state.top_back``) -- the next card is drawn among the
cards showing it; and ``second_pile``, the cards that become the draw pile when this one is
finished (ruling ``beyond.second-draw-pile``: the discard pile; ``state.second_pile_counts()``) --
the reveal runs on into it.  Their defaults (None) give the answers without them.

Exactness without permutations: the draws are sequential without replacement, so an ordered
sequence of spirits ``s1..sm`` has probability ``prod c(si) / (N)_m`` (falling factorial) and
that product does not depend on the order.  Hence

* success with the set ``S`` of ``m`` new spirits: ``m! * prod_{s in S} c(s) / (N)_m``;
* failure at new reveal ``j`` after the new spirits ``S`` (``|S| = j-1``), the last card of spirit
  ``t`` already shown: ``(j-1)! * prod_{s in S} c(s) * c'(t) / (N)_j`` with ``c'(t) = c(t) - 1`` if
  ``t`` is in ``S`` (one of its cards is gone) and ``c(t)`` if it was revealed before;
* within a spirit, the card's key is ``x`` with probability ``c(x) / c(s)`` (by exchangeability
  this also holds for the second card of a spirit).

The spirit-level enumeration is memoised on (revealed spirit set, spirit counts, horizon, second
pile); each path carries an integer weight over the question's common denominator, so sums stay
integers and one Fraction is made per answer.  With a known back the first card's spirit ``s1`` has
weight ``b(s1)`` of ``B``; a path that empties the pile continues with the second pile's own
enumeration.  The card-level part is only walked for a caller-supplied valuation (card by card for
the first card when the back or the second pile changes which keys can follow).  All probabilities
are :class:`fractions.Fraction`.  :func:`reveal_monte_carlo` samples the same question for comparison.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import chain, combinations, product
from math import factorial, prod
from numbers import Real

import numpy as np
import pandas as pd

from explorer.beyond import refs
from explorer.core.inputs import InputError, one_of, short, whole

RULE = 'beyond-rulebook.txt, section "Phase 1: Reveal and Collection"'
SPIRITS = ("Turtle Snake", "Vermilion Bird", "Double Azure Dragon", "Double Metal Tiger", "Yellow Unicorn")
PARTS = {
    "Turtle Snake": ("similar",),
    "Vermilion Bird": ("similar",),
    "Double Azure Dragon": ("head", "body"),
    "Double Metal Tiger": ("head", "body"),
    "Yellow Unicorn": ("part 1", "part 2", "part 3", "part 4"),
}
NIAN_SHOU_CARDS = 6

Key = tuple  # (spirit, part, symbol); any hashable tuple whose first item is the spirit
Value = Callable[[tuple], "Fraction | float | int"]


def spirit_of(key: Key) -> Hashable:
    """The spirit of a card key (its first item): what the reveal compares."""
    return key[0]


def per_card(keys: Sequence[Key]) -> int:
    """The default valuation: +1 per collected card (beyond-rulebook.txt, "End of the Game -
    Counting Energy Points": "+1 per Celestial Spirit Face card outside of the complete patterns")."""
    return len(keys)


def standard_deck() -> Counter:
    """The 80 Celestial Spirit cards as keys: 5 spirits x 16 cards, 8 yin and 8 yang each, parts
    shared equally (beyond-rulebook.txt, "The Celestial Spirit Cards"; the per-part split is an
    assumption of this model -- the odds only use the spirit)."""
    deck: Counter = Counter()
    for spirit, parts in PARTS.items():
        share = 16 // len(parts)
        for part in parts:
            deck[(spirit, part, "yin")] += share // 2
            deck[(spirit, part, "yang")] += share - share // 2
    return deck


def unseen_cards(full_deck: Mapping[Key, int], revealed: Iterable[Key], discard: Iterable[Key],
                 other_known: Iterable[Key] = ()) -> Counter:
    """The cards that can still be in the draw pile: ``full_deck`` minus the cards revealed this
    round, the public discard pile ("It can be looked at any time", beyond-rulebook.txt, "Set Up")
    and any other known cards (play areas, stock).  A known card the deck does not hold raises
    ``InputError`` (a ``ValueError``), as do card ids instead of keys."""
    remaining = Counter(_pile(full_deck, "full_deck"))
    known = chain(_keys(revealed, "revealed"), _keys(discard, "discard"), _keys(other_known, "other_known"))
    for card in known:
        if remaining[card] <= 0:
            raise InputError(SOURCE, "", f"known cards that the deck holds: card {short(card)} is known but not "
                             "(or no longer) in the deck", card)
        remaining[card] -= 1
    return Counter({key: count for key, count in remaining.items() if count > 0})


# -- checking the question ---------------------------------------------------------------------

SOURCE = "Beyond odds"
KEY_FORM = ("card keys (spirit, part, symbol) as the engine gives them -- [state.cards[c].key for c in "
            "state.revealed] (state.revealed_keys()) and state.draw_pile_counts() -- not card ids such as 'TS07'")
BACKS = (None, "unknown", "yin", "yang")
"""The top card's back (beyond-rulebook.txt, "Set Up": the deck lies "with the backs visible"; "Card
backs: Yin or Yang Capture Side": the back "features the symbol from the front side"): ``"yin"``,
``"yang"``, or not known (``None`` / ``"unknown"``)."""
_CODES = {"TS", "VB", "AD", "MT", "YU"}  # the engine's spirit codes (data/beyond/spirits.json)
MAX_CARDS = 10_000
MAX_SPIRITS = 12
MAX_K = 100
MAX_TOKENS = 1_000
MAX_SAMPLES = 2_000_000


def _key(key, field: str) -> Key:
    if not isinstance(key, tuple) or not key:
        raise InputError(SOURCE, field, KEY_FORM, key)
    try:
        hash(key)
    except TypeError:
        raise InputError(SOURCE, field, KEY_FORM + " (hashable tuples)", key) from None
    return key


def _keys(keys, field: str) -> tuple:
    if isinstance(keys, (str, bytes, Mapping)) or not isinstance(keys, Iterable):
        raise InputError(SOURCE, field, "a list of " + KEY_FORM, keys)
    out = []
    for index, key in enumerate(keys):
        if index >= MAX_CARDS:
            raise InputError(SOURCE, field, f"at most {MAX_CARDS} cards")
        out.append(_key(key, f"{field}[{index}]"))
    return tuple(out)


def _check_revealed(revealed: Sequence[Key]) -> tuple[Key, ...]:
    revealed = _keys(revealed, "revealed")
    spirits = [spirit_of(key) for key in revealed]
    if len(set(spirits)) != len(spirits):
        raise InputError(SOURCE, "revealed", f"cards of different spirits: two revealed cards share a spirit, "
                         f"the reveal already failed ({RULE})", revealed)
    return revealed


def _pile(cards, field: str) -> dict:
    """A multiset of card keys (``Mapping[key, count]``), checked: whole counts >= 0, bounded."""
    if not isinstance(cards, Mapping):
        raise InputError(SOURCE, field, "a mapping card key -> count, such as state.draw_pile_counts()", cards)
    out: dict = {}
    total = 0
    for key, count in cards.items():
        _key(key, f"{field}[{short(key, 40)}]")
        count = whole(count, f"{field}[{short(key, 40)}]", source=SOURCE, low=0, high=MAX_CARDS)
        if count:
            out[key] = out.get(key, 0) + count
            total += count
    if total > MAX_CARDS:
        raise InputError(SOURCE, field, f"at most {MAX_CARDS} cards", f"{total} cards")
    if len({spirit_of(key) for key in out}) > MAX_SPIRITS:
        raise InputError(SOURCE, field, f"cards of at most {MAX_SPIRITS} spirits")
    return out


def _count(value, field: str, high: int = MAX_TOKENS, low: int = 0) -> int:
    return whole(value, field, source=SOURCE, low=low, high=high)


def _real(value, field: str):
    """A finite real number, kept exact (int, Fraction) or float; bools refused."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise InputError(SOURCE, field, "a finite number", value)
    if not math.isfinite(float(value)):
        raise InputError(SOURCE, field, "a finite number", value)
    return value


def _function(value, field: str):
    if value is not None and not callable(value):
        raise InputError(SOURCE, field, "a function or None", value)
    return value


def symbol_of(key: Key):
    """The Yin / Yang symbol of a card key (its third item), which its back shows."""
    return key[2] if len(key) > 2 else None


@dataclass(frozen=True)
class _Question:
    revealed: tuple
    pile: dict
    second: dict
    back: str | None

    @cached_property
    def spirits(self) -> frozenset:
        return frozenset(spirit_of(key) for key in self.revealed)

    @cached_property
    def counts(self) -> tuple:
        """The pile's spirit counts (sorted)."""
        return _spirit_counts(self.pile)

    @cached_property
    def second_counts(self) -> tuple:
        return _spirit_counts(self.second)

    @cached_property
    def back_counts(self) -> tuple:
        """The spirit counts of the pile's cards showing the known back (all of them if unknown)."""
        return self.counts if self.back is None else _spirit_counts(self.pile, self.back)


def _question(revealed, unseen, back=None, second_pile=None) -> _Question:
    """The checked question: revealed keys, the pile the next card comes from, the pile to come
    after it (ruling ``beyond.second-draw-pile``; empty: none) and the top card's back."""
    revealed = _check_revealed(revealed)
    pile = _pile(unseen, "unseen")
    second = {} if second_pile is None else _pile(second_pile, "second_pile")
    back = one_of(back, BACKS, "back", source=SOURCE)
    back = None if back == "unknown" else back
    spirits = {spirit_of(key) for key in chain(revealed, pile, second)}
    if spirits & _CODES and spirits & set(SPIRITS):
        raise InputError(SOURCE, "", "one form of card key: the engine's spirit codes ('TS', ...) or the full names "
                         "of standard_deck() ('Turtle Snake', ...), not both", sorted(spirits, key=str))
    if not pile and second:  # the pile is finished: the next card comes from the second pile
        pile, second = second, {}
    if back is not None and not any(symbol_of(key) == back for key in pile):
        raise InputError(SOURCE, "back", f"the back of an unseen card: no card of the pile has a {back} back "
                         f"({refs.CARD_BACKS})", back)
    return _Question(revealed, pile, second, back)


def _spirit_counts(unseen: Mapping[Key, int], symbol=None) -> tuple[tuple[Hashable, int], ...]:
    counts: dict = {}
    for key, count in unseen.items():
        if count and (symbol is None or symbol_of(key) == symbol):
            counts[spirit_of(key)] = counts.get(spirit_of(key), 0) + count
    return tuple(sorted(counts.items(), key=lambda item: str(item[0])))


def _falling(n: int, m: int) -> int:
    return prod(range(n - m + 1, n + 1))


# -- the spirit-level enumeration ------------------------------------------------------------------


@dataclass(frozen=True)
class Path:
    """One spirit-level outcome: ``reveals`` new cards turned, the new spirits ``new`` (sorted,
    all different and unseen before), ``last`` the spirit of the failing card (None: the player
    stopped), and its exact probability ``weight / denominator`` (integers: every path of one
    question shares the denominator, so sums stay integer until one Fraction is made)."""

    reveals: int
    new: tuple
    last: Hashable | None
    weight: int
    denominator: int

    @cached_property
    def probability(self) -> Fraction:
        return Fraction(self.weight, self.denominator)

    @property
    def failed(self) -> bool:
        return self.last is not None

    @property
    def shape(self) -> tuple:
        """``(reveals, new, last)``: the path without its probability."""
        return (self.reveals, self.new, self.last)


def _denominator(total: int, k: int, second_total: int) -> tuple[int, int]:
    """(denominator of a question's paths, the part of it that the second pile brings)."""
    horizon = min(k, total)
    more = k - horizon
    tail = _falling(second_total, min(more, second_total)) if more > 0 and second_total > 0 else 1
    return _falling(total, horizon) * tail, tail


@lru_cache(maxsize=4096)
def _paths(revealed_spirits: frozenset, counts: tuple, k: int, second: tuple = ()) -> tuple[int, tuple[Path, ...]]:
    """All outcomes of revealing up to ``k`` more cards (stopping early only when forced), memoised
    on (revealed spirit set, spirit counts, k, second pile's spirit counts).  If the pile runs out
    the reveal goes on into ``second`` (ruling ``beyond.second-draw-pile``); without one the player
    stops.  Returns (the common denominator, the paths)."""
    count = dict(counts)
    total = sum(count.values())
    horizon = min(k, total)
    second_total = sum(c for _, c in second)
    denominator, tail = _denominator(total, k, second_total)
    onward = k > horizon and second_total > 0
    fresh = [s for s, _ in counts if s not in revealed_spirits]
    out = []
    for j in range(1, horizon + 1):
        scale = factorial(j - 1) * _falling(total - j, horizon - j) * tail
        for new in combinations(fresh, j - 1):
            weight = scale * prod(count[s] for s in new)
            for last in chain(revealed_spirits, new):
                remaining = count.get(last, 0) - (last in new)
                if remaining > 0:
                    out.append(Path(j, new, last, weight * remaining, denominator))
    for new in combinations(fresh, horizon):
        weight = factorial(horizon) * prod(count[s] for s in new)
        if onward:  # the whole pile was turned without a failure: on into the second pile
            _, rest = _paths(revealed_spirits | frozenset(new), second, k - horizon, ())
            out += [Path(horizon + p.reveals, _sorted_spirits(new + p.new), p.last, weight * p.weight, denominator)
                    for p in rest]
        else:
            out.append(Path(horizon, new, None, weight * tail, denominator))
    return denominator, tuple(out)


@lru_cache(maxsize=4096)
def _paths_back(revealed_spirits: frozenset, counts: tuple, back_counts: tuple, k: int,
                second: tuple = ()) -> tuple[int, tuple[Path, ...]]:
    """As :func:`_paths`, the first card drawn among the ``back_counts`` cards that show the known
    back, the rest as before.  A path whose new spirits are ``S`` has the weight of :func:`_paths`
    with ``prod_{s in S} c(s)`` replaced by ``sum_{s1 in S} b(s1) prod_{s in S - s1} c(s)`` (the
    first card is one of them: ``b(s1) / B``) over ``B (N-1)_(m-1)``; a failure at the first card
    has weight ``b(t)``."""
    if k == 0:
        return _paths(revealed_spirits, counts, 0, second)
    count, backs = dict(counts), dict(back_counts)
    total = sum(count.values())
    horizon = min(k, total)
    more = k - horizon
    second_total = sum(c for _, c in second)
    onward = more > 0 and second_total > 0
    tail = _falling(second_total, min(more, second_total)) if onward else 1
    head = _falling(total - 1, horizon - 1)
    denominator = sum(backs.values()) * head * tail
    fresh = [s for s, _ in counts if s not in revealed_spirits]

    def lead(new: tuple) -> int:
        return sum(backs.get(first, 0) * prod(count[s] for s in new if s != first) for first in new)

    out = [Path(1, (), t, backs[t] * head * tail, denominator) for t in revealed_spirits if backs.get(t)]
    for j in range(2, horizon + 1):
        scale = factorial(j - 2) * _falling(total - j, horizon - j) * tail
        for new in combinations(fresh, j - 1):
            weight = scale * lead(new)
            if not weight:
                continue
            for last in chain(revealed_spirits, new):
                remaining = count.get(last, 0) - (last in new)
                if remaining > 0:
                    out.append(Path(j, new, last, weight * remaining, denominator))
    for new in combinations(fresh, horizon):
        weight = factorial(horizon - 1) * lead(new)
        if not weight:
            continue
        if onward:  # the whole pile was turned without a failure: on into the second pile
            _, rest = _paths(revealed_spirits | frozenset(new), second, more, ())
            out += [Path(horizon + p.reveals, _sorted_spirits(new + p.new), p.last, weight * p.weight, denominator)
                    for p in rest]
        else:
            out.append(Path(horizon, new, None, weight * tail, denominator))
    return denominator, tuple(out)


def _outcome_paths(q: _Question, k: int) -> tuple[int, tuple[Path, ...]]:
    if q.back is None or k == 0:
        return _paths(q.spirits, q.counts, k, q.second_counts)
    return _paths_back(q.spirits, q.counts, q.back_counts, k, q.second_counts)


def _sorted_spirits(spirits: Iterable) -> tuple:
    return tuple(sorted(spirits, key=str))


def _over(total, denominator: int):
    """``total / denominator``, exact unless ``total`` is a float."""
    if isinstance(total, float):
        return total / denominator
    return Fraction(total, denominator) if isinstance(total, int) else Fraction(total) / denominator


# -- headline probabilities --------------------------------------------------------------------


def p_fail_next(revealed: Sequence[Key], unseen: Mapping[Key, int], back: str | None = None,
                second_pile: Mapping[Key, int] | None = None) -> Fraction:
    """Chance that the next card fails the reveal: it shows a spirit already revealed this round
    (beyond-rulebook.txt, section "Phase 1: Reveal and Collection", "Failed reveal").  E.g. after
    one Turtle Snake from a full deck: 15/79.  0 if the pile is empty.

    ``back``: the top card's visible back, ``"yin"`` or ``"yang"`` (beyond-rulebook.txt, "Set Up":
    "with the backs visible"); ``None`` / ``"unknown"``: not known.  ``second_pile``: the cards
    that become the draw pile when this one is finished (the discard pile, ruling
    ``beyond.second-draw-pile``), used when ``unseen`` is empty."""
    q = _question(revealed, unseen, back, second_pile)
    counts = dict(q.back_counts)
    total = sum(counts.values())
    if total == 0:
        return Fraction(0)
    return Fraction(sum(counts.get(spirit_of(key), 0) for key in q.revealed), total)


def p_nian_shou(revealed: Sequence[Key], unseen: Mapping[Key, int], nian_shou_left: int = NIAN_SHOU_CARDS,
                back: str | None = None, second_pile: Mapping[Key, int] | None = None) -> Fraction:
    """Chance that the first 2 cards of the round share a spirit, so the player obtains a Nian Shou
    card (beyond-rulebook.txt, section "Phase 1: Reveal and Collection", "Special case"), if he
    reveals at least 2 cards.  Before the first reveal: ``sum c(s)(c(s)-1) / (N(N-1))``; after one:
    ``c(s1)/N``; after two different spirits: 0.  0 if no Nian Shou card is left.  ``back`` and
    ``second_pile`` as in :func:`p_fail_next` (the second card may come from the second pile)."""
    return _p_nian(_question(revealed, unseen, back, second_pile), _count(nian_shou_left, "nian_shou_left"))


def _p_nian(q: _Question, nian_shou_left: int) -> Fraction:
    if nian_shou_left <= 0 or len(q.revealed) >= 2:
        return Fraction(0)
    denominator, paths = _outcome_paths(q, 2 - len(q.revealed))
    return Fraction(sum(p.weight for p in paths if p.failed and len(q.revealed) + p.reveals == 2), denominator)


# -- outcome distributions ---------------------------------------------------------------------


def _extras(revealed_count: int, path: Path, lotus: int) -> int:
    """Lotus tokens usable on a failed reveal: one per other revealed card at most."""
    return min(lotus, revealed_count + path.reveals - 1) if path.failed else 0


def _nian_shou(revealed_count: int, path: Path, nian_shou_left: int) -> bool:
    return path.failed and revealed_count + path.reveals == 2 and nian_shou_left > 0


def _table_html(frame: pd.DataFrame, title: str) -> str:
    shown = frame.drop(columns=[c for c in ("exact",) if c in frame.columns])
    return f"<div><b>{title}</b><br><small>{RULE}</small>{shown.to_html(index=False, float_format=lambda v: f'{v:.4f}')}</div>"


@dataclass(frozen=True, eq=False)
class RevealOutcomes:
    """Exact distribution of a reveal when the player turns up to ``k`` more cards (stopping earlier
    only when a failed reveal forces him), beyond-rulebook.txt, section "Phase 1: Reveal and
    Collection".  ``frame``: one row per outcome -- ``outcome`` ("stop" or "fail"), ``reveals``
    (new cards turned), ``new_spirits``, ``last_spirit`` (failing card's spirit), ``collected``
    (spirits collected, without Lotus extras), ``n_collected`` (cards, with ``lotus`` extras),
    ``nian_shou`` (bool), ``exact`` (Fraction) and ``probability`` (float)."""

    revealed: tuple
    k: int
    lotus: int
    nian_shou_left: int
    paths: tuple[Path, ...]
    denominator: int = 1
    back: str | None = None

    def _sum(self, keep) -> Fraction:
        return Fraction(sum(p.weight for p in self.paths if keep(p)), self.denominator)

    @cached_property
    def frame(self) -> pd.DataFrame:
        rows = []
        spirits = _sorted_spirits(spirit_of(key) for key in self.revealed)
        for path in self.paths:
            collected = (path.last,) if path.failed else _sorted_spirits(spirits + path.new)
            rows.append({
                "outcome": "fail" if path.failed else "stop",
                "reveals": path.reveals,
                "new_spirits": path.new,
                "last_spirit": path.last if path.failed else "",
                "collected": collected,
                "n_collected": len(collected) + _extras(len(self.revealed), path, self.lotus),
                "nian_shou": _nian_shou(len(self.revealed), path, self.nian_shou_left),
                "exact": path.probability,
                "probability": float(path.probability),
            })
        return pd.DataFrame(rows, columns=["outcome", "reveals", "new_spirits", "last_spirit", "collected",
                                           "n_collected", "nian_shou", "exact", "probability"])

    @property
    def p_fail(self) -> Fraction:
        """P(the reveal fails within the ``k`` more cards)."""
        return self._sum(lambda p: p.failed)

    def p_fail_at(self, reveal: int) -> Fraction:
        """P(the ``reveal``-th more card fails the reveal)."""
        return self._sum(lambda p: p.failed and p.reveals == reveal)

    @property
    def p_success(self) -> Fraction:
        return 1 - self.p_fail

    @property
    def p_nian_shou(self) -> Fraction:
        return self._sum(lambda p: _nian_shou(len(self.revealed), p, self.nian_shou_left))

    @property
    def total(self) -> Fraction:
        return self._sum(lambda p: True)

    def _repr_html_(self) -> str:
        frame = self.frame.groupby(["outcome", "reveals"], as_index=False)["probability"].sum()
        return _table_html(frame, f"Reveal up to {self.k} more cards: P(fail) = {float(self.p_fail):.4f}")


def reveal_outcomes(revealed: Sequence[Key], unseen: Mapping[Key, int], k: int, lotus: int = 0,
                    nian_shou_left: int = NIAN_SHOU_CARDS, back: str | None = None,
                    second_pile: Mapping[Key, int] | None = None) -> RevealOutcomes:
    """Exact outcomes of turning up to ``k`` more cards after ``revealed`` (this round's cards, all
    different spirits) with the ``unseen`` multiset as the shuffled draw pile (beyond-rulebook.txt,
    section "Phase 1: Reveal and Collection").  ``k = 0`` is "stop now".  ``back``: the top card's
    visible back (``"yin"``, ``"yang"``; None / ``"unknown"``), beyond-rulebook.txt, "Set Up".
    ``second_pile``: the cards shuffled into the next draw pile when this one is finished (the
    discard pile, ruling ``beyond.second-draw-pile``; ``state.second_pile_counts()``); the reveal
    goes on into it.  None: the reveal stops with the pile (ruling 'single-pile', or the second
    pile is already in play)."""
    q = _question(revealed, unseen, back, second_pile)
    k = _count(k, "k", MAX_K)
    lotus = _count(lotus, "lotus")
    nian_shou_left = _count(nian_shou_left, "nian_shou_left")
    return _outcomes(q, k, lotus, nian_shou_left)


def _outcomes(q: _Question, k: int, lotus: int = 0, nian_shou_left: int = NIAN_SHOU_CARDS) -> RevealOutcomes:
    denominator, paths = _outcome_paths(q, k)
    return RevealOutcomes(q.revealed, k, lotus, nian_shou_left, paths, denominator, q.back)


@dataclass(frozen=True, eq=False)
class CollectedDistribution:
    """How many cards the player collects if he turns up to ``k`` more cards: ``counts`` maps a
    number of cards (with the Lotus extras of a failed reveal) to its exact probability;
    ``by_spirit`` maps a spirit to (P(at least one card of it collected), expected number) --
    counting only the cards the rules give (all on a stop, the last on a failure), not the Lotus
    picks, which are the player's choice.  beyond-rulebook.txt, section "Phase 1: Reveal and
    Collection"."""

    k: int
    counts: dict
    by_spirit: dict

    @property
    def expected(self) -> Fraction:
        return sum((n * p for n, p in self.counts.items()), Fraction(0))

    @cached_property
    def frame(self) -> pd.DataFrame:
        return pd.DataFrame({"n_collected": list(self.counts), "exact": list(self.counts.values()),
                             "probability": [float(p) for p in self.counts.values()]})

    @cached_property
    def spirit_frame(self) -> pd.DataFrame:
        return pd.DataFrame([{"spirit": s, "p_collected": float(p), "expected_cards": float(e)}
                             for s, (p, e) in self.by_spirit.items()])

    def _repr_html_(self) -> str:
        return _table_html(self.frame, f"Cards collected, up to {self.k} more reveals (E = {float(self.expected):.3f})")


def collected_distribution(revealed: Sequence[Key], unseen: Mapping[Key, int], k: int, lotus: int = 0,
                           back: str | None = None, second_pile: Mapping[Key, int] | None = None
                           ) -> CollectedDistribution:
    """Exact distribution of the number of cards collected (and by spirit) when the player turns up
    to ``k`` more cards (beyond-rulebook.txt, section "Phase 1: Reveal and Collection");
    ``back`` and ``second_pile`` as in :func:`reveal_outcomes`."""
    q = _question(revealed, unseen, back, second_pile)
    return _collected(q, _count(k, "k", MAX_K), _count(lotus, "lotus"))


def _collected(q: _Question, k: int, lotus: int) -> CollectedDistribution:
    denominator, paths = _outcome_paths(q, k)
    counts: dict = {}
    by_spirit: dict = {}
    base = [spirit_of(key) for key in q.revealed]
    for path in paths:
        collected = [path.last] if path.failed else base + list(path.new)
        n = len(collected) + _extras(len(base), path, lotus)
        counts[n] = counts.get(n, 0) + path.weight
        for spirit in collected:
            by_spirit[spirit] = by_spirit.get(spirit, 0) + path.weight
    counts = {n: Fraction(w, denominator) for n, w in sorted(counts.items())}
    spirits = {}
    for spirit, w in sorted(by_spirit.items(), key=lambda i: str(i[0])):
        p = Fraction(w, denominator)
        spirits[spirit] = (p, p)
    return CollectedDistribution(k, counts, spirits)


# -- expected score gain -----------------------------------------------------------------------


class _Valuer:
    """Expected value of a path's collected cards under a caller-supplied valuation, walking the
    card keys (``c(x)/c(s)`` within a spirit); valuations are cached per collected tuple."""

    def __init__(self, revealed: tuple, unseen: Mapping[Key, int], value: Value, lotus: int, lotus_cost,
                 shared: tuple | None = None):
        self.revealed = revealed
        self.value = value
        self.lotus = lotus
        self.lotus_cost = lotus_cost
        self.keys: dict = {}
        for key, count in unseen.items():
            if count > 0:
                self.keys.setdefault(spirit_of(key), []).append((key, count))
        self.spirit_total = {s: sum(c for _, c in ks) for s, ks in self.keys.items()}
        # the valuations of collected tuples and the best Lotus picks depend only on (value, lotus,
        # lotus_cost): ``shared`` hands them on between the questions of one recursion
        self.cache, self.best_cache = shared if shared is not None else ({}, {})
        self.path_cache: dict = {}

    def _value(self, keys: tuple):
        keys = tuple(sorted(keys))
        if keys not in self.cache:
            self.cache[keys] = self.value(keys)
        return self.cache[keys]

    def _best_with_lotus(self, last: Key, others: tuple):
        others = tuple(sorted(others))
        if (last, others) not in self.best_cache:
            self.best_cache[last, others] = self._best_uncached(last, others)
        return self.best_cache[last, others]

    def _best_uncached(self, last: Key, others: tuple):
        """The player's best Lotus pick: value of the last card plus at most ``lotus`` of the other
        revealed cards, minus ``lotus_cost`` per token (identical picks are tried once)."""
        best = None
        cache, value, cost = self.cache, self.value, self.lotus_cost
        for n in range(min(self.lotus, len(others)) + 1):
            for chosen in dict.fromkeys(combinations(others, n)):
                keys = tuple(sorted((last,) + chosen))
                score = cache.get(keys)
                if score is None:
                    score = cache[keys] = value(keys)
                candidate = score - n * cost
                if best is None or candidate > best:
                    best = candidate
        return best

    def expected(self, path: Path):
        """E[value of the collected cards | this spirit-level path] (failure paths recur for every
        horizon k, so they are cached)."""
        shape = path.shape
        if shape not in self.path_cache:
            self.path_cache[shape] = self._expected(path)
        return self.path_cache[shape]

    def _expected(self, path: Path):
        spirits_new = path.new
        combos = product(*(self.keys[s] for s in spirits_new))
        weights = [self.spirit_total[s] for s in spirits_new]
        norm = prod(weights)
        if not path.failed:
            total = sum(prod(c for _, c in combo) * self._value(self.revealed + tuple(k for k, _ in combo)) for combo in combos)
            return _divide(total, norm)
        t = path.last
        if self.lotus == 0:
            total = sum(c * self._value((key,)) for key, c in self.keys[t])
            return _divide(total, self.spirit_total[t])
        # Lotus: the joint keys of every revealed card matter (the player picks the best ones).
        total = 0
        if t in spirits_new:
            ct = self.spirit_total[t]
            for combo in combos:
                w = prod(c for _, c in combo)
                chosen = tuple(k for k, _ in combo)
                earlier = chosen[spirits_new.index(t)]
                for key, c in self.keys[t]:
                    remaining = c - (key == earlier)
                    if remaining:
                        total += w * remaining * self._best_with_lotus(key, self.revealed + chosen)
            return _divide(total, norm * (ct - 1))
        for combo in combos:
            w = prod(c for _, c in combo)
            chosen = tuple(k for k, _ in combo)
            for key, c in self.keys[t]:
                total += w * c * self._best_with_lotus(key, self.revealed + chosen)
        return _divide(total, norm * self.spirit_total[t])


def _divide(total, denominator: int):
    return total / denominator if isinstance(total, float) else Fraction(total) / denominator


@dataclass(frozen=True, eq=False)
class GainComparison:
    """Expected score of "stop now" against "reveal up to k more" (k = 1 is "one more"), with a
    valuation of the collected cards plus ``nian_shou_value`` for an obtained Nian Shou card.
    ``values[k]`` is the exact expected value of the policy "turn up to k more cards, stop earlier
    only when forced"; ``values[0]`` is stopping now.  beyond-rulebook.txt, section "Phase 1:
    Reveal and Collection" (and "End of the Game - Counting Energy Points" for the default +1 per
    card)."""

    revealed: tuple
    values: tuple
    p_fail: tuple
    p_nian_shou: tuple

    @property
    def stop(self):
        return self.values[0]

    @property
    def one_more(self):
        return self.values[1] if len(self.values) > 1 else None

    @property
    def gain_one_more(self):
        """E[one more] - E[stop now]: positive means turning one more card pays on average."""
        return self.values[1] - self.values[0]

    def gain(self, k: int):
        return self.values[k] - self.values[0]

    @property
    def best_k(self) -> int:
        """The horizon with the highest expected value (ties: the smallest k)."""
        return max(range(len(self.values)), key=lambda k: (self.values[k], -k))

    @cached_property
    def frame(self) -> pd.DataFrame:
        return pd.DataFrame({
            "option": ["stop now"] + [f"{k} more" for k in range(1, len(self.values))],
            "k": list(range(len(self.values))),
            "expected": [float(v) for v in self.values],
            "gain_vs_stop": [float(v - self.values[0]) for v in self.values],
            "p_fail": [float(p) for p in self.p_fail],
            "p_nian_shou": [float(p) for p in self.p_nian_shou],
        })

    def _repr_html_(self) -> str:
        return _table_html(self.frame, f"Stop or reveal more? best: {self.frame['option'][self.best_k]}")


def expected_gain(revealed: Sequence[Key], unseen: Mapping[Key, int], value: Value | None = None, lotus: int = 0,
                  k_max: int = 1, nian_shou_left: int = NIAN_SHOU_CARDS, nian_shou_value=1, lotus_cost=0,
                  project: Callable[[Key], Key] | None = None, back: str | None = None,
                  second_pile: Mapping[Key, int] | None = None) -> GainComparison:
    """Expected score of "stop now" vs "reveal up to k more" for k = 1..``k_max`` (exact).

    ``value(collected_keys)`` scores a tuple of collected card keys (sorted); default
    :func:`per_card` (+1 per card).  On a failed reveal the player collects the last card and, per
    Lotus token (at most ``lotus``, each costing ``lotus_cost``), one other revealed card of his
    choice -- the best ones under ``value``; if the first 2 cards of the round match he also gets a
    Nian Shou card worth ``nian_shou_value`` (if ``nian_shou_left``).  beyond-rulebook.txt, section
    "Phase 1: Reveal and Collection".  Fast path for the default valuation (spirit level only).

    ``project`` (optional) maps every key to the part ``value`` looks at (it must keep the spirit
    first, e.g. ``lambda key: key[:2]`` to drop the Yin/Yang symbol); equal projections are merged
    before the card-level walk, which makes a key valuation with Lotus tokens much faster.
    ``back`` and ``second_pile`` as in :func:`reveal_outcomes`."""
    q = _question(revealed, unseen, back, second_pile)
    return _gain(q, _function(value, "value"), _count(lotus, "lotus"), _count(k_max, "k_max", MAX_K, 1),
                 _count(nian_shou_left, "nian_shou_left"), _real(nian_shou_value, "nian_shou_value"),
                 _real(lotus_cost, "lotus_cost"), _function(project, "project"))


def _without(cards: Mapping[Key, int], key: Key) -> dict:
    rest = dict(cards)
    if rest[key] == 1:
        del rest[key]
    else:
        rest[key] -= 1
    return rest


def _projected(cards: Mapping[Key, int], project) -> dict:
    out: dict = {}
    for key, count in cards.items():
        key = project(key)
        out[key] = out.get(key, 0) + count
    return out


def _gain(q: _Question, value, lotus: int, k_max: int, nian_shou_left: int, nian_shou_value, lotus_cost,
          project, shared: tuple | None = None) -> GainComparison:
    fast = value is None or value is per_card
    if not fast and (q.back is not None or (q.second and k_max > sum(q.pile.values()))):
        return _gain_first_card(q, value, lotus, k_max, nian_shou_left, nian_shou_value, lotus_cost, project,
                                shared or ({}, {}))
    revealed, pile = q.revealed, q.pile
    if project is not None and not fast:
        revealed, pile = tuple(project(key) for key in revealed), _projected(pile, project)
    valuer = None if fast else _Valuer(revealed, pile, value, lotus, lotus_cost, shared)
    stop = len(revealed) if fast else valuer._value(revealed)
    values, p_fails, p_nians = [stop], [Fraction(0)], [Fraction(0)]
    n = len(revealed)
    for k in range(1, k_max + 1):
        denominator, paths = _outcome_paths(q, k)
        total = 0
        fail = nian = 0
        for path in paths:
            if fast:
                if path.failed:
                    extras = _extras(n, path, lotus)
                    score = 1 + (extras * (1 - lotus_cost) if lotus_cost < 1 else 0)
                else:
                    score = n + len(path.new)
            else:
                score = valuer.expected(path)
            if path.failed:
                fail += path.weight
                if _nian_shou(n, path, nian_shou_left):
                    nian += path.weight
                    score = score + nian_shou_value
            total = total + path.weight * score
        values.append(_over(total, denominator))
        p_fails.append(Fraction(fail, denominator))
        p_nians.append(Fraction(nian, denominator))
    return GainComparison(q.revealed, tuple(values), tuple(p_fails), tuple(p_nians))


def _gain_first_card(q: _Question, value, lotus, k_max, nian_shou_left, nian_shou_value, lotus_cost,
                     project, shared: tuple) -> GainComparison:
    """A key valuation when the first card's back is known, or when the reveal may run on into the
    second pile: condition on the first card, key by key (its back, or its pile, changes which keys
    the later cards can have), and recur on the rest."""
    project = project or (lambda key: key)
    revealed = tuple(project(key) for key in q.revealed)
    spirits = {spirit_of(key) for key in q.revealed}
    valuer = _Valuer(revealed, {}, value, lotus, lotus_cost, shared)
    firsts: dict = {}
    for key, count in q.pile.items():
        if q.back is None or symbol_of(key) == q.back:
            projected = project(key)
            weight, example = firsts.get(projected, (0, key))
            firsts[projected] = (weight + count, example)
    totals = [0] * (k_max + 1)
    for projected, (weight, key) in firsts.items():
        if spirit_of(key) in spirits:  # the first card fails the reveal
            score = valuer._best_with_lotus(projected, revealed)
            if len(revealed) == 1 and nian_shou_left > 0:
                score = score + nian_shou_value
            for k in range(1, k_max + 1):
                totals[k] = totals[k] + weight * score
            continue
        rest = _Question(q.revealed + (key,), _without(q.pile, key), q.second, None)
        if not rest.pile and rest.second:
            rest = _Question(rest.revealed, rest.second, {}, None)
        if k_max == 1:
            later = (valuer._value(revealed + (projected,)),)
        else:
            later = _gain(rest, value, lotus, k_max - 1, nian_shou_left, nian_shou_value, lotus_cost, project,
                          shared).values
        for k in range(1, k_max + 1):
            totals[k] = totals[k] + weight * later[k - 1]
    denominator = sum(weight for weight, _ in firsts.values())
    values = [valuer._value(revealed)] + [_over(totals[k], denominator) for k in range(1, k_max + 1)]
    p_fails, p_nians = [Fraction(0)], [Fraction(0)]
    for k in range(1, k_max + 1):
        outcomes = _outcomes(q, k, lotus, nian_shou_left)
        p_fails.append(outcomes.p_fail)
        p_nians.append(outcomes.p_nian_shou)
    return GainComparison(q.revealed, tuple(values), tuple(p_fails), tuple(p_nians))


# -- playing on optimally (default valuation) ----------------------------------------------------


def _fail_score(n_revealed: int, lotus: int, lotus_cost, nian_shou: bool, nian_shou_value):
    """+1 for the free last card, +1 per worthwhile Lotus pick, + the Nian Shou card if obtained."""
    extras = min(lotus, n_revealed) if lotus_cost < 1 else 0
    return 1 + extras * (1 - lotus_cost) + (nian_shou_value if nian_shou else 0)


@lru_cache(maxsize=8192)
def _best(spirits: frozenset, counts: tuple, lotus: int, nian: bool, nian_shou_value, lotus_cost,
          second: tuple = ()) -> tuple:
    """(value of stopping, value of one more then playing optimally) with +1 per card, memoised on
    (revealed spirit set, spirit counts, options, second pile's spirit counts)."""
    n = len(spirits)
    total = sum(c for _, c in counts)
    if total == 0:
        if second:  # the pile is finished: the second pile takes its place (ruling beyond.second-draw-pile)
            return _best(spirits, second, lotus, nian, nian_shou_value, lotus_cost, ())
        return n, None
    more = 0
    for index, (spirit, c) in enumerate(counts):
        more += c * _after(spirits, counts, index, lotus, nian, nian_shou_value, lotus_cost, second)
    return n, _over(more, total)


def _after(spirits, counts, index, lotus, nian, nian_shou_value, lotus_cost, second):
    """The value of turning ``counts[index]``'s spirit next, then playing on optimally."""
    n = len(spirits)
    spirit, c = counts[index]
    if spirit in spirits:
        return _fail_score(n, lotus, lotus_cost, nian and n + 1 == 2, nian_shou_value)
    rest = counts[:index] + ((spirit, c - 1),) + counts[index + 1:] if c > 1 else counts[:index] + counts[index + 1:]
    after_stop, after_more = _best(spirits | {spirit}, rest, lotus, nian, nian_shou_value, lotus_cost, second)
    return after_stop if after_more is None else max(after_stop, after_more)


@dataclass(frozen=True, eq=False)
class OptimalStop:
    """Stop now vs one more card followed by the best play (stop when the expected score of going
    on is not higher), scoring +1 per collected card (+ ``nian_shou_value`` for a Nian Shou card).
    ``more`` is None when the pile is empty.  beyond-rulebook.txt, section "Phase 1: Reveal and
    Collection"."""

    stop: Fraction
    more: Fraction | None

    @property
    def should_reveal(self) -> bool:
        return self.more is not None and self.more > self.stop

    @property
    def gain(self) -> Fraction | None:
        return None if self.more is None else self.more - self.stop

    def _repr_html_(self) -> str:
        frame = pd.DataFrame({"option": ["stop now", "one more, then best play"],
                              "expected": [float(self.stop), float("nan") if self.more is None else float(self.more)]})
        return _table_html(frame, "Reveal one more?" + (" yes" if self.should_reveal else " no"))


def optimal_stop(revealed: Sequence[Key], unseen: Mapping[Key, int], lotus: int = 0,
                 nian_shou_left: int = NIAN_SHOU_CARDS, nian_shou_value=1, lotus_cost=0,
                 back: str | None = None, second_pile: Mapping[Key, int] | None = None) -> OptimalStop:
    """Exact expected score of stopping now vs revealing one more card and then playing optimally
    (beyond-rulebook.txt, section "Phase 1: Reveal and Collection"), with the default +1 per card
    valuation (a dynamic programme over spirit sets; key valuations are not supported here).

    ``back``: the top card's visible back conditions the next card (beyond-rulebook.txt, "Set Up");
    the play after it is the best play not looking at the later backs (a lower bound of play that
    does).  ``second_pile``: the reveal may go on into it (ruling ``beyond.second-draw-pile``)."""
    q = _question(revealed, unseen, back, second_pile)
    return _optimal(q, _count(lotus, "lotus"), _count(nian_shou_left, "nian_shou_left") > 0,
                    _real(nian_shou_value, "nian_shou_value"), _real(lotus_cost, "lotus_cost"))


def _optimal(q: _Question, lotus: int, nian: bool, nian_shou_value, lotus_cost) -> OptimalStop:
    if not isinstance(lotus_cost, (int, Fraction)):
        lotus_cost = Fraction(lotus_cost)  # exact, and one memo entry per value
    spirits, counts, second = q.spirits, q.counts, q.second_counts
    if q.back is None:
        stop, more = _best(spirits, counts, lotus, nian, nian_shou_value, lotus_cost, second)
        return OptimalStop(Fraction(stop), more)
    more = 0
    backs = dict(q.back_counts)
    for index, (spirit, _) in enumerate(counts):
        if backs.get(spirit):
            more += backs[spirit] * _after(spirits, counts, index, lotus, nian, nian_shou_value, lotus_cost, second)
    return OptimalStop(Fraction(len(spirits)), _over(more, sum(backs.values())))


# -- one click -------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RevealDecision:
    """Everything a panel shows at one moment of phase 1: the chance the next card fails, the
    Nian Shou chance, stop vs more, and the collected-card distributions for k = 1..k_max;
    ``back`` the top card's back the odds knew (None: not known)."""

    p_fail_next: Fraction
    p_nian_shou: Fraction
    gain: GainComparison
    distributions: tuple = field(default=())
    best: OptimalStop | None = None
    back: str | None = None

    def _repr_html_(self) -> str:
        back = "" if self.back is None else f"top card's back: {self.back}; "
        head = (f"<p>{back}P(next card fails) = {float(self.p_fail_next):.4f}; "
                f"P(Nian Shou) = {float(self.p_nian_shou):.4f}</p>")
        best = "" if self.best is None else self.best._repr_html_()
        return head + self.gain._repr_html_() + best


def reveal_decision(revealed: Sequence[Key], unseen: Mapping[Key, int], value: Value | None = None, lotus: int = 0,
                    k_max: int = 4, nian_shou_left: int = NIAN_SHOU_CARDS, nian_shou_value=1, lotus_cost=0,
                    project: Callable[[Key], Key] | None = None, back: str | None = None,
                    second_pile: Mapping[Key, int] | None = None) -> RevealDecision:
    """One recompute for a click: :func:`p_fail_next`, :func:`p_nian_shou`, :func:`expected_gain`
    up to ``k_max``, :func:`collected_distribution` for k = 1..``k_max`` and, with the default
    valuation, :func:`optimal_stop`; ``back`` and ``second_pile`` as in :func:`reveal_outcomes`."""
    q = _question(revealed, unseen, back, second_pile)
    value, project = _function(value, "value"), _function(project, "project")
    lotus, k_max = _count(lotus, "lotus"), _count(k_max, "k_max", MAX_K, 1)
    nian_shou_left = _count(nian_shou_left, "nian_shou_left")
    nian_shou_value, lotus_cost = _real(nian_shou_value, "nian_shou_value"), _real(lotus_cost, "lotus_cost")
    if project is not None and not callable(project):
        raise InputError(SOURCE, "project", "a function or None", project)
    best = None
    if value is None or value is per_card:
        best = _optimal(q, lotus, nian_shou_left > 0, nian_shou_value, lotus_cost)
    counts = dict(q.back_counts)
    total = sum(counts.values())
    p_fail = Fraction(sum(counts.get(spirit_of(key), 0) for key in q.revealed), total) if total else Fraction(0)
    gain = _gain(q, value, lotus, k_max, nian_shou_left, nian_shou_value, lotus_cost, project)
    return RevealDecision(
        p_fail,
        _p_nian(q, nian_shou_left),
        gain,
        tuple(_collected(q, k, lotus) for k in range(1, k_max + 1)),
        best,
        q.back,
    )


# -- Monte Carlo, for comparison -------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RevealEstimate:
    """A sampled estimate of :func:`reveal_outcomes`: ``fail_at[j]`` (fraction of shuffles failing
    at the j-th more card, j = 1..k), ``n_collected`` (per-shuffle cards collected, no Lotus) and
    ``nian_shou`` (per-shuffle flag)."""

    samples: int
    fail_at: dict
    n_collected: np.ndarray
    nian_shou: np.ndarray

    @property
    def p_fail(self) -> float:
        return float(sum(self.fail_at.values()))


def reveal_monte_carlo(revealed: Sequence[Key], unseen: Mapping[Key, int], k: int, samples: int = 20_000,
                       seed: int | None = 0, back: str | None = None,
                       second_pile: Mapping[Key, int] | None = None) -> RevealEstimate:
    """Shuffle the unseen cards ``samples`` times (seeded NumPy) and play the reveal of up to ``k``
    more cards (beyond-rulebook.txt, section "Phase 1: Reveal and Collection"); with ``back`` the
    top card is drawn among the cards showing it, with ``second_pile`` the reveal goes on into the
    shuffled second pile (as :func:`reveal_outcomes`)."""
    q = _question(revealed, unseen, back, second_pile)
    k = _count(k, "k", MAX_K)
    samples = _count(samples, "samples", MAX_SAMPLES, 1)
    if seed is not None:
        seed = _count(seed, "seed", 2**63 - 1)
    spirits = [s for s, _ in _spirit_counts({**q.pile, **{key: 1 for key in q.second}})]
    index = {s: i for i, s in enumerate(spirits)}
    rng = np.random.default_rng(seed)

    def shuffled(cards: Mapping[Key, int], symbol=None) -> np.ndarray:
        keys = list(cards)
        pile = np.repeat(np.array([index[spirit_of(key)] for key in keys], dtype=np.int64),
                         [cards[key] for key in keys])
        order = np.argsort(rng.random((samples, len(pile))), axis=1)
        if symbol is not None:  # the top card among those showing the back, the rest in any order
            backs = np.repeat(np.array([symbol_of(key) == symbol for key in keys]), [cards[key] for key in keys])
            showing = np.flatnonzero(backs)
            top = showing[rng.integers(len(showing), size=samples)]
            noise = rng.random((samples, len(pile)))
            noise[np.arange(samples), top] = -1.0
            order = np.argsort(noise, axis=1)
        return pile[order]

    first = shuffled(q.pile, q.back)
    drawn = first if k <= first.shape[1] or not q.second else np.concatenate([first, shuffled(q.second)], axis=1)
    horizon = min(k, drawn.shape[1])
    drawn = drawn[:, :horizon]
    seen = np.zeros((samples, max(len(spirits), 1)), dtype=bool)
    for key in q.revealed:
        if spirit_of(key) in index:
            seen[:, index[spirit_of(key)]] = True
    alive = np.ones(samples, dtype=bool)
    n_collected = np.full(samples, len(q.revealed) + horizon)
    nian = np.zeros(samples, dtype=bool)
    fail_at = {}
    rows = np.arange(samples)
    for j in range(horizon):
        hit = alive & seen[rows, drawn[:, j]]
        fail_at[j + 1] = float(hit.mean())
        n_collected[hit] = 1
        if len(q.revealed) + j + 1 == 2:
            nian |= hit
        seen[rows, drawn[:, j]] = True
        alive &= ~hit
    return RevealEstimate(samples, fail_at, n_collected, nian)
