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
keys: ``[state.cards[c].key for c in state.revealed]`` and ``state.draw_pile_counts()`` (the panels
and strategies do); :func:`standard_deck` is the same 80-card deck under full spirit names, for
questions asked without a game.

Exactness without permutations: the draws are sequential without replacement, so an ordered
sequence of spirits ``s1..sm`` has probability ``prod c(si) / (N)_m`` (falling factorial) and
that product does not depend on the order.  Hence

* success with the set ``S`` of ``m`` new spirits: ``m! * prod_{s in S} c(s) / (N)_m``;
* failure at new reveal ``j`` after the new spirits ``S`` (``|S| = j-1``), the last card of spirit
  ``t`` already shown: ``(j-1)! * prod_{s in S} c(s) * c'(t) / (N)_j`` with ``c'(t) = c(t) - 1`` if
  ``t`` is in ``S`` (one of its cards is gone) and ``c(t)`` if it was revealed before;
* within a spirit, the card's key is ``x`` with probability ``c(x) / c(s)`` (by exchangeability
  this also holds for the second card of a spirit).

The spirit-level enumeration is memoised on (revealed spirit set, spirit counts, horizon); the
card-level part is only walked for a caller-supplied valuation.  All probabilities are
:class:`fractions.Fraction`.  :func:`reveal_monte_carlo` samples the same question for comparison.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import chain, combinations, product
from math import factorial, prod

import numpy as np
import pandas as pd

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
    ``ValueError``."""
    remaining = Counter(full_deck)
    for card in chain(revealed, discard, other_known):
        if remaining[card] <= 0:
            raise ValueError(f"card {card!r} is known but not (or no longer) in the deck")
        remaining[card] -= 1
    return Counter({key: count for key, count in remaining.items() if count > 0})


# -- the question ----------------------------------------------------------------------------


def _check_revealed(revealed: Sequence[Key]) -> tuple[Key, ...]:
    revealed = tuple(revealed)
    spirits = [spirit_of(key) for key in revealed]
    if len(set(spirits)) != len(spirits):
        raise ValueError(f"two revealed cards share a spirit: the reveal already failed ({RULE})")
    return revealed


def _spirit_counts(unseen: Mapping[Key, int]) -> tuple[tuple[Hashable, int], ...]:
    counts: dict = {}
    for key, count in unseen.items():
        if count < 0:
            raise ValueError(f"negative count for {key!r}")
        if count:
            counts[spirit_of(key)] = counts.get(spirit_of(key), 0) + count
    return tuple(sorted(counts.items(), key=lambda item: str(item[0])))


def _falling(n: int, m: int) -> int:
    return prod(range(n - m + 1, n + 1))


@dataclass(frozen=True)
class Path:
    """One spirit-level outcome: ``reveals`` new cards turned, the new spirits ``new`` (sorted,
    all different and unseen before), ``last`` the spirit of the failing card (None: the player
    stopped), and its exact probability."""

    reveals: int
    new: tuple
    last: Hashable | None
    probability: Fraction

    @property
    def failed(self) -> bool:
        return self.last is not None


@lru_cache(maxsize=4096)
def _paths(revealed_spirits: frozenset, counts: tuple, k: int) -> tuple[Path, ...]:
    """All outcomes of revealing up to ``k`` more cards (stopping early only when forced), memoised
    on (revealed spirit set, spirit counts, k).  If the pile runs out the player stops."""
    count = dict(counts)
    total = sum(count.values())
    horizon = min(k, total)
    fresh = [s for s in count if s not in revealed_spirits]
    out = []
    for j in range(1, horizon + 1):
        denominator = _falling(total, j)
        for new in combinations(fresh, j - 1):
            weight = factorial(j - 1) * prod(count[s] for s in new)
            for last in chain(revealed_spirits, new):
                remaining = count.get(last, 0) - (last in new)
                if remaining > 0:
                    out.append(Path(j, tuple(new), last, Fraction(weight * remaining, denominator)))
    denominator = _falling(total, horizon)
    for new in combinations(fresh, horizon):
        out.append(Path(horizon, tuple(new), None, Fraction(factorial(horizon) * prod(count[s] for s in new), denominator)))
    return tuple(path for path in out if path.probability)


def _sorted_spirits(spirits: Iterable) -> tuple:
    return tuple(sorted(spirits, key=str))


# -- headline probabilities --------------------------------------------------------------------


def p_fail_next(revealed: Sequence[Key], unseen: Mapping[Key, int]) -> Fraction:
    """Chance that the next card fails the reveal: it shows a spirit already revealed this round
    (beyond-rulebook.txt, section "Phase 1: Reveal and Collection", "Failed reveal").  E.g. after
    one Turtle Snake from a full deck: 15/79.  0 if the pile is empty."""
    revealed = _check_revealed(revealed)
    counts = dict(_spirit_counts(unseen))
    total = sum(counts.values())
    if total == 0:
        return Fraction(0)
    return Fraction(sum(counts.get(spirit_of(key), 0) for key in revealed), total)


def p_nian_shou(revealed: Sequence[Key], unseen: Mapping[Key, int], nian_shou_left: int = NIAN_SHOU_CARDS) -> Fraction:
    """Chance that the first 2 cards of the round share a spirit, so the player obtains a Nian Shou
    card (beyond-rulebook.txt, section "Phase 1: Reveal and Collection", "Special case"), if he
    reveals at least 2 cards.  Before the first reveal: ``sum c(s)(c(s)-1) / (N(N-1))``; after one:
    ``c(s1)/N``; after two different spirits: 0.  0 if no Nian Shou card is left."""
    revealed = _check_revealed(revealed)
    if nian_shou_left <= 0 or len(revealed) >= 2:
        return Fraction(0)
    counts = dict(_spirit_counts(unseen))
    total = sum(counts.values())
    if len(revealed) == 1:
        return Fraction(counts.get(spirit_of(revealed[0]), 0), total) if total else Fraction(0)
    if total < 2:
        return Fraction(0)
    return Fraction(sum(c * (c - 1) for c in counts.values()), total * (total - 1))


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
        return sum((p.probability for p in self.paths if p.failed), Fraction(0))

    def p_fail_at(self, reveal: int) -> Fraction:
        """P(the ``reveal``-th more card fails the reveal)."""
        return sum((p.probability for p in self.paths if p.failed and p.reveals == reveal), Fraction(0))

    @property
    def p_success(self) -> Fraction:
        return 1 - self.p_fail

    @property
    def p_nian_shou(self) -> Fraction:
        return sum((p.probability for p in self.paths if _nian_shou(len(self.revealed), p, self.nian_shou_left)), Fraction(0))

    @property
    def total(self) -> Fraction:
        return sum((p.probability for p in self.paths), Fraction(0))

    def _repr_html_(self) -> str:
        frame = self.frame.groupby(["outcome", "reveals"], as_index=False)["probability"].sum()
        return _table_html(frame, f"Reveal up to {self.k} more cards: P(fail) = {float(self.p_fail):.4f}")


def reveal_outcomes(revealed: Sequence[Key], unseen: Mapping[Key, int], k: int, lotus: int = 0,
                    nian_shou_left: int = NIAN_SHOU_CARDS) -> RevealOutcomes:
    """Exact outcomes of turning up to ``k`` more cards after ``revealed`` (this round's cards, all
    different spirits) with the ``unseen`` multiset as the shuffled draw pile (beyond-rulebook.txt,
    section "Phase 1: Reveal and Collection").  ``k = 0`` is "stop now"."""
    revealed = _check_revealed(revealed)
    if k < 0:
        raise ValueError("k must be >= 0")
    spirits = frozenset(spirit_of(key) for key in revealed)
    return RevealOutcomes(revealed, k, lotus, nian_shou_left, _paths(spirits, _spirit_counts(unseen), k))


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


def collected_distribution(revealed: Sequence[Key], unseen: Mapping[Key, int], k: int, lotus: int = 0) -> CollectedDistribution:
    """Exact distribution of the number of cards collected (and by spirit) when the player turns up
    to ``k`` more cards (beyond-rulebook.txt, section "Phase 1: Reveal and Collection")."""
    outcomes = reveal_outcomes(revealed, unseen, k, lotus)
    counts: dict = {}
    by_spirit: dict = {}
    base = [spirit_of(key) for key in outcomes.revealed]
    for path in outcomes.paths:
        collected = [path.last] if path.failed else base + list(path.new)
        n = len(collected) + _extras(len(base), path, lotus)
        counts[n] = counts.get(n, Fraction(0)) + path.probability
        for spirit in collected:
            p, e = by_spirit.get(spirit, (Fraction(0), Fraction(0)))
            by_spirit[spirit] = (p + path.probability, e + path.probability)
    return CollectedDistribution(k, dict(sorted(counts.items())), dict(sorted(by_spirit.items(), key=lambda i: str(i[0]))))


# -- expected score gain -----------------------------------------------------------------------


class _Valuer:
    """Expected value of a path's collected cards under a caller-supplied valuation, walking the
    card keys (``c(x)/c(s)`` within a spirit); valuations are cached per collected tuple."""

    def __init__(self, revealed: tuple, unseen: Mapping[Key, int], value: Value, lotus: int, lotus_cost):
        self.revealed = revealed
        self.value = value
        self.lotus = lotus
        self.lotus_cost = lotus_cost
        self.keys: dict = {}
        for key, count in unseen.items():
            if count > 0:
                self.keys.setdefault(spirit_of(key), []).append((key, count))
        self.spirit_total = {s: sum(c for _, c in ks) for s, ks in self.keys.items()}
        self.cache: dict = {}
        self.best_cache: dict = {}
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
        if path not in self.path_cache:
            self.path_cache[path] = self._expected(path)
        return self.path_cache[path]

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
                  project: Callable[[Key], Key] | None = None) -> GainComparison:
    """Expected score of "stop now" vs "reveal up to k more" for k = 1..``k_max`` (exact).

    ``value(collected_keys)`` scores a tuple of collected card keys (sorted); default
    :func:`per_card` (+1 per card).  On a failed reveal the player collects the last card and, per
    Lotus token (at most ``lotus``, each costing ``lotus_cost``), one other revealed card of his
    choice -- the best ones under ``value``; if the first 2 cards of the round match he also gets a
    Nian Shou card worth ``nian_shou_value`` (if ``nian_shou_left``).  beyond-rulebook.txt, section
    "Phase 1: Reveal and Collection".  Fast path for the default valuation (spirit level only).

    ``project`` (optional) maps every key to the part ``value`` looks at (it must keep the spirit
    first, e.g. ``lambda key: key[:2]`` to drop the Yin/Yang symbol); equal projections are merged
    before the card-level walk, which makes a key valuation with Lotus tokens much faster."""
    revealed = _check_revealed(revealed)
    if project is not None and not (value is None or value is per_card):
        projected = Counter()
        for key, count in unseen.items():
            projected[project(key)] += count
        revealed, unseen = tuple(project(key) for key in revealed), projected
    fast = value is None or value is per_card
    valuer = None if fast else _Valuer(revealed, unseen, value, lotus, lotus_cost)
    stop = len(revealed) if fast else valuer._value(revealed)
    values, p_fails, p_nians = [stop], [Fraction(0)], [Fraction(0)]
    for k in range(1, k_max + 1):
        outcomes = reveal_outcomes(revealed, unseen, k, lotus, nian_shou_left)
        total = 0
        for path in outcomes.paths:
            if fast:
                if path.failed:
                    extras = _extras(len(revealed), path, lotus)
                    score = 1 + (extras * (1 - lotus_cost) if lotus_cost < 1 else 0)
                else:
                    score = len(revealed) + len(path.new)
            else:
                score = valuer.expected(path)
            if _nian_shou(len(revealed), path, nian_shou_left):
                score = score + nian_shou_value
            total = total + path.probability * score
        values.append(total)
        p_fails.append(outcomes.p_fail)
        p_nians.append(outcomes.p_nian_shou)
    return GainComparison(revealed, tuple(values), tuple(p_fails), tuple(p_nians))


# -- playing on optimally (default valuation) ----------------------------------------------------


def _fail_score(n_revealed: int, lotus: int, lotus_cost, nian_shou: bool, nian_shou_value):
    """+1 for the free last card, +1 per worthwhile Lotus pick, + the Nian Shou card if obtained."""
    extras = min(lotus, n_revealed) if lotus_cost < 1 else 0
    return 1 + extras * (1 - Fraction(lotus_cost)) + (nian_shou_value if nian_shou else 0)


@lru_cache(maxsize=8192)
def _best(spirits: frozenset, counts: tuple, lotus: int, nian: bool, nian_shou_value, lotus_cost) -> tuple:
    """(value of stopping, value of one more then playing optimally) with +1 per card, memoised on
    (revealed spirit set, spirit counts, options)."""
    n = len(spirits)
    stop = Fraction(n)
    total = sum(c for _, c in counts)
    if total == 0:
        return stop, None
    more = Fraction(0)
    for index, (spirit, c) in enumerate(counts):
        if not c:
            continue
        if spirit in spirits:
            score = _fail_score(n, lotus, lotus_cost, nian and n + 1 == 2, nian_shou_value)
        else:
            rest = counts[:index] + ((spirit, c - 1),) + counts[index + 1:]
            after_stop, after_more = _best(spirits | {spirit}, rest, lotus, nian, nian_shou_value, lotus_cost)
            score = after_stop if after_more is None else max(after_stop, after_more)
        more += Fraction(c, total) * score
    return stop, more


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
                 nian_shou_left: int = NIAN_SHOU_CARDS, nian_shou_value=1, lotus_cost=0) -> OptimalStop:
    """Exact expected score of stopping now vs revealing one more card and then playing optimally
    (beyond-rulebook.txt, section "Phase 1: Reveal and Collection"), with the default +1 per card
    valuation (a dynamic programme over spirit sets; key valuations are not supported here)."""
    revealed = _check_revealed(revealed)
    spirits = frozenset(spirit_of(key) for key in revealed)
    stop, more = _best(spirits, _spirit_counts(unseen), lotus, nian_shou_left > 0, nian_shou_value, lotus_cost)
    return OptimalStop(stop, more)


# -- one click -------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RevealDecision:
    """Everything a panel shows at one moment of phase 1: the chance the next card fails, the
    Nian Shou chance, stop vs more, and the collected-card distributions for k = 1..k_max."""

    p_fail_next: Fraction
    p_nian_shou: Fraction
    gain: GainComparison
    distributions: tuple = field(default=())
    best: OptimalStop | None = None

    def _repr_html_(self) -> str:
        head = (f"<p>P(next card fails) = {float(self.p_fail_next):.4f}; "
                f"P(Nian Shou) = {float(self.p_nian_shou):.4f}</p>")
        best = "" if self.best is None else self.best._repr_html_()
        return head + self.gain._repr_html_() + best


def reveal_decision(revealed: Sequence[Key], unseen: Mapping[Key, int], value: Value | None = None, lotus: int = 0,
                    k_max: int = 4, nian_shou_left: int = NIAN_SHOU_CARDS, **options) -> RevealDecision:
    """One recompute for a click: :func:`p_fail_next`, :func:`p_nian_shou`, :func:`expected_gain`
    up to ``k_max``, :func:`collected_distribution` for k = 1..``k_max`` and, with the default
    valuation, :func:`optimal_stop`."""
    best = None
    if value is None or value is per_card:
        kept = {name: options[name] for name in ("nian_shou_value", "lotus_cost") if name in options}
        best = optimal_stop(revealed, unseen, lotus, nian_shou_left, **kept)
    return RevealDecision(
        p_fail_next(revealed, unseen),
        p_nian_shou(revealed, unseen, nian_shou_left),
        expected_gain(revealed, unseen, value, lotus, k_max, nian_shou_left, **options),
        tuple(collected_distribution(revealed, unseen, k, lotus) for k in range(1, k_max + 1)),
        best,
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
                       seed: int | None = 0) -> RevealEstimate:
    """Shuffle the unseen cards ``samples`` times (seeded NumPy) and play the reveal of up to ``k``
    more cards (beyond-rulebook.txt, section "Phase 1: Reveal and Collection")."""
    revealed = _check_revealed(revealed)
    spirits = [s for s, _ in _spirit_counts(unseen)]
    index = {s: i for i, s in enumerate(spirits)}
    pile = np.repeat(np.arange(len(spirits)), [c for _, c in _spirit_counts(unseen)])
    rng = np.random.default_rng(seed)
    horizon = min(k, len(pile))
    order = np.argsort(rng.random((samples, len(pile))), axis=1)[:, :horizon]
    drawn = pile[order]
    seen = np.zeros((samples, max(len(spirits), 1)), dtype=bool)
    for key in revealed:
        if spirit_of(key) in index:
            seen[:, index[spirit_of(key)]] = True
    alive = np.ones(samples, dtype=bool)
    n_collected = np.full(samples, len(revealed) + horizon)
    nian = np.zeros(samples, dtype=bool)
    fail_at = {}
    rows = np.arange(samples)
    for j in range(horizon):
        hit = alive & seen[rows, drawn[:, j]]
        fail_at[j + 1] = float(hit.mean())
        n_collected[hit] = 1
        if len(revealed) + j + 1 == 2:
            nian |= hit
        seen[rows, drawn[:, j]] = True
        alive &= ~hit
    return RevealEstimate(samples, fail_at, n_collected, nian)
