"""Exact odds of Behind's combats and checks -- enumerated, never sampled.

A side's combat value is a base (Strength or Dexterity and modifiers, see
:mod:`explorer.behind.combat`) plus the hand card it plays plus the top card of its supply.
The supply is a multiset of cards (or plain fate numbers).  A hand the question does not know
is drawn from the supply before the top card (ruling ``behind.unknown-hand``); which hand card
is played is the side's *card choice* (ruling ``behind.hand-card-optional``): ``"highest"``
(default), ``"lowest"``, ``"random"`` or ``"none"``.

Counting is done in integers (ordered draws) and turned into :class:`fractions.Fraction` at
the end, so every probability is exact.  A Monte Carlo estimate of the same question
(:func:`melee_monte_carlo`, :func:`ranged_monte_carlo`) is available beside it for comparison.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Iterable, Sequence

import numpy as np
import pandas as pd

from explorer.behind.cards import ActionCard, Character, combat_value_of, fate_of
from explorer.behind.combat import (
    attack_base,
    check_assistants,
    check_not_eliminated,
    damaged_attacker,
    defence_base,
    melee_outcome,
    ranged_outcome,
)
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.core.inputs import InputError, one_of, whole
from explorer.core.rng import numpy_rng
from explorer.core.rulings import REGISTRY, Rulings

Card = ActionCard | int
CHOICES = REGISTRY["behind.hand-card-optional"].options
LOSER_ORDER = {"attacker": 0, "shooter": 0, "tie": 1, "none": 1, "defender": 2, "target": 2}


# -- arguments --------------------------------------------------------------------------------
MAX_HAND_SIZE = 60
"""The largest hand a question may name (the Large Battles rows stay far below)."""
MAX_BONUS = 100
"""The largest bonus or penalty (a card's effect, items) a question may add to a combat value."""
MAX_FATE = 1000
"""The largest plain fate number in a supply (the odds work for any whole numbers up to this)."""
MAX_SAMPLES = 10**8
"""The most shuffles a Monte Carlo estimate may draw."""
SOURCE = "odds"


def _character(value, field_name: str) -> Character:
    if not isinstance(value, Character):
        raise InputError(SOURCE, field_name, "a Character (explorer.behind.cards.Character)", value)
    return value


def _cards(value, field_name: str, *, optional: bool = False) -> None:
    """A supply, hand or discard: a sequence of ActionCard or plain fate numbers (whole, 0 to
    MAX_FATE)."""
    if value is None and optional:
        return
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__len__") or not hasattr(value, "__iter__"):
        raise InputError(SOURCE, field_name, "a sequence of ActionCard or fate numbers", value)
    for i, card in enumerate(value):
        if isinstance(card, ActionCard):
            continue
        if type(card) is not int:
            raise InputError(SOURCE, f"{field_name}[{i}]", "an ActionCard or a fate number (int)", card)
        if not 0 <= card <= MAX_FATE:
            raise InputError(SOURCE, f"{field_name}[{i}]", f"a fate number from 0 to {MAX_FATE}", card)


def _counts(question, names: Sequence[str], *, bonuses: Sequence[str] = (), optional: Sequence[str] = ()) -> None:
    for name in names:
        whole(getattr(question, name), name, source=SOURCE, low=0, high=MAX_HAND_SIZE)
    for name in optional:
        if getattr(question, name) is not None:
            whole(getattr(question, name), name, source=SOURCE, low=0, high=MAX_HAND_SIZE)
    for name in bonuses:
        whole(getattr(question, name), name, source=SOURCE, low=-MAX_BONUS, high=MAX_BONUS)


def _choice(value, field_name: str) -> None:
    if value is not None:
        one_of(value, CHOICES, field_name, source=SOURCE)


def _rulings(value) -> None:
    if not isinstance(value, Rulings):
        raise InputError(SOURCE, "rulings", "a Rulings object", value)


def _samples(samples) -> int:
    return whole(samples, "samples", source=SOURCE, low=1, high=MAX_SAMPLES)


def _seed(seed) -> None:
    whole(seed, "seed", source=SOURCE)


# -- supplies --------------------------------------------------------------------------------


def remaining_supply(deck: Iterable[Card], seen: Iterable[Card]) -> list[Card]:
    """The cards of ``deck`` that can still be in the supply once ``seen`` cards are known to be
    elsewhere -- typically the public discard pile (Hand Cards, Supply and Discard Pile: "A
    discard pile ... may however be looked at at any time").  Cards are matched by id (cards)
    or value (numbers); a seen card the deck does not hold raises ``ValueError``.
    """
    remaining = list(deck)
    for card in seen:
        key = _key(card)
        for index, candidate in enumerate(remaining):
            if _key(candidate) == key:
                del remaining[index]
                break
        else:
            raise ValueError(f"card {key!r} was discarded but is not (or no longer) in the deck")
    return remaining


def _key(card: Card):
    return card if isinstance(card, int) else card.id


def _values(cards: Iterable[Card], zusatz: bool) -> list[int]:
    return [combat_value_of(card, zusatz=zusatz) for card in cards]


# -- one side's value --------------------------------------------------------------------------


def side_distribution(
    base: int,
    supply: Sequence[int],
    *,
    hand: Sequence[int] | None = None,
    hand_size: int = 5,
    choice: str = "highest",
) -> tuple[Counter, int]:
    """The distribution of ``base + played hand card + top supply card`` as integer weights.

    Returns ``(weights, total)`` where ``weights[value] / total`` is the exact probability.
    ``hand=None`` means the hand is unknown: ``hand_size`` cards drawn from ``supply`` before
    the top card.  By exchangeability the top card may be counted first: for each top card
    ``t`` the rest of the supply is what the hand is drawn from, and the number of hands whose
    highest card is ``m`` is ``C(n_<=m, h) - C(n_<m, h)``.
    """
    if choice not in CHOICES:
        raise ValueError(f"card choice must be one of {list(CHOICES)}, got {choice!r}")
    counts = Counter(supply)
    n = len(supply)
    if n == 0:
        raise ValueError("the supply is empty: no top card can be turned up")
    weights: Counter = Counter()

    if hand is not None:  # the hand is known; only the top card is random
        if choice == "none" or not hand:
            played = {0: 1}
        elif choice == "highest":
            played = {max(hand): 1}
        elif choice == "lowest":
            played = {min(hand): 1}
        else:
            played = Counter(hand)
        for card, w_card in played.items():
            for top, w_top in counts.items():
                weights[base + card + top] += w_card * w_top
        return weights, sum(weights.values())

    h = hand_size
    if choice == "none" or h == 0:
        for top, w_top in counts.items():
            weights[base + top] += w_top
        return weights, n
    if n < h + 1:
        raise ValueError(f"the supply holds {n} cards: too few to draw a hand of {h} and turn up a top card")
    if choice == "random":  # the played card is just another uniform draw
        for top, w_top in counts.items():
            for card, w_card in counts.items():
                w = w_card - (card == top)
                if w > 0:
                    weights[base + card + top] += w_top * w
        return weights, n * (n - 1)

    values = sorted(counts, reverse=(choice == "lowest"))
    for top, w_top in counts.items():
        rest = counts.copy()
        rest[top] -= 1
        below = 0  # cards "before" the candidate in the choice order (smaller for highest)
        for value in values:
            upto = below + rest[value]
            hands = comb(upto, h) - comb(below, h)
            if hands:
                weights[base + value + top] += w_top * hands
            below = upto
    return weights, n * comb(n - 1, h)


# -- results -------------------------------------------------------------------------------------


@dataclass
class OddsResult:
    """The outcome distribution of a combat question.

    ``frame`` has one row per outcome: ``loser`` ("attacker"/"defender"/"tie" in melee,
    "target"/"none" in ranged combat), ``injuries`` (int), ``probability`` (float, sums to 1)
    and ``exact`` (the :class:`~fractions.Fraction`; absent in Monte Carlo estimates, which
    carry ``stderr`` instead).  Shows itself in Jupyter as a table and a bar chart.
    """

    frame: pd.DataFrame
    kind: str
    title: str
    question: "MeleeQuestion | RangedQuestion | None" = None
    exact: bool = True
    samples: int | None = None
    current_injuries: dict = field(default_factory=dict)

    # -- reading the distribution ------------------------------------------------------------
    def probability(self, loser: str, min_injuries: int = 0) -> float:
        """P(``loser`` loses with at least ``min_injuries`` injuries)."""
        rows = self.frame[(self.frame["loser"] == loser) & (self.frame["injuries"] >= min_injuries)]
        return float(rows["probability"].sum())

    def exact_probability(self, loser: str, min_injuries: int = 0) -> Fraction:
        if not self.exact:
            raise ValueError("a Monte Carlo estimate has no exact probabilities")
        rows = self.frame[(self.frame["loser"] == loser) & (self.frame["injuries"] >= min_injuries)]
        return sum(rows["exact"], Fraction(0))

    def p_injured(self, side: str) -> float:
        """P(``side`` suffers at least one injury)."""
        return self.probability(side, 1)

    def p_eliminated(self, side: str) -> float:
        """P(``side`` ends with 3+ injuries, counting the injuries it already has)."""
        return self.probability(side, max(1, 3 - self.current_injuries.get(side, 0)))

    def expected_injuries(self, side: str) -> float:
        rows = self.frame[self.frame["loser"] == side]
        return float((rows["injuries"] * rows["probability"]).sum())

    @property
    def sides(self) -> tuple[str, str]:
        return ("attacker", "defender") if self.kind == "melee" else ("shooter", "target")

    def summary(self) -> dict[str, float]:
        """The headline numbers: who is injured how likely, expected injuries, nothing happening."""
        first, second = self.sides
        neutral = "tie" if self.kind == "melee" else "none"
        out = {}
        for side in (second, first) if self.kind == "melee" else (second,):
            out[f"P({side} injured)"] = self.p_injured(side)
            out[f"E[{side} injuries]"] = self.expected_injuries(side)
        out[f"P({neutral})"] = self.probability(neutral)
        return out

    def compare(self, other: "OddsResult", labels: tuple[str, str] = ("A", "B")) -> "OddsComparison":
        """Side by side with another result (e.g. front vs rear arc)."""
        return OddsComparison(self, other, labels)

    # -- display ---------------------------------------------------------------------------
    def table(self) -> pd.DataFrame:
        shown = self.frame.copy()
        if self.exact:
            shown["exact"] = shown["exact"].map(str)
        return shown

    def plot(self, ax=None):
        from explorer.behind import render_odds

        return render_odds.plot_odds(self, ax=ax)

    def _repr_html_(self) -> str:
        from explorer.behind import render_odds

        return render_odds.odds_html(self)

    def __repr__(self) -> str:
        kind = "exact" if self.exact else f"Monte Carlo, {self.samples} samples"
        lines = [f"{self.title} ({kind})"]
        lines += [f"  {name}: {value:.4f}" for name, value in self.summary().items()]
        return "\n".join(lines)


@dataclass
class OddsComparison:
    """Two odds results side by side: one row per outcome, a column per result and the change."""

    first: OddsResult
    second: OddsResult
    labels: tuple[str, str] = ("A", "B")

    @property
    def frame(self) -> pd.DataFrame:
        a, b = self.labels
        left = self.first.frame.set_index(["loser", "injuries"])["probability"].rename(a)
        right = self.second.frame.set_index(["loser", "injuries"])["probability"].rename(b)
        both = pd.concat([left, right], axis=1).fillna(0.0)
        both["change"] = both[b] - both[a]
        order = sorted(both.index, key=lambda key: (LOSER_ORDER.get(key[0], 9), key[1]))
        return both.loc[order]

    def summary(self) -> pd.DataFrame:
        a, b = self.labels
        frame = pd.DataFrame({a: self.first.summary(), b: self.second.summary()})
        frame["change"] = frame[b] - frame[a]
        return frame

    def plot(self, ax=None):
        from explorer.behind import render_odds

        return render_odds.plot_comparison(self, ax=ax)

    def _repr_html_(self) -> str:
        from explorer.behind import render_odds

        return render_odds.comparison_html(self)


def _result_frame(weights: Counter, total: int, *, exact: bool) -> pd.DataFrame:
    """One row per outcome ``(loser, injuries)``: exact fractions, or sample shares with stderr."""
    rows = []
    for (loser, injuries), w in weights.items():
        if not w:
            continue
        p = w / total
        row = {"loser": loser, "injuries": injuries, "probability": p}
        row.update({"exact": Fraction(w, total)} if exact else {"stderr": (p * (1 - p) / total) ** 0.5})
        rows.append(row)
    rows.sort(key=lambda row: (LOSER_ORDER[row["loser"]], row["injuries"]))
    columns = ["loser", "injuries", "probability", "exact" if exact else "stderr"]
    frame = pd.DataFrame(rows, columns=columns)
    frame["injuries"] = frame["injuries"].astype(int)
    return frame


# -- one side's value, as asked ------------------------------------------------------------------


@dataclass(frozen=True)
class _Side:
    """One side of a combat as the odds see it: a base value, the supply's card values, the known
    hand (``None``: unknown, drawn before the top card), the card choice and, if this side's
    unknown hand has a size of its own, that size (``None``: the question's ``hand_size``)."""

    base: int
    supply: tuple[int, ...]
    hand: tuple[int, ...] | None
    choice: str
    hand_size: int | None = None

    def exact(self, hand_size: int) -> tuple[Counter, int]:
        hand_size = hand_size if self.hand_size is None else self.hand_size
        return side_distribution(self.base, self.supply, hand=self.hand, hand_size=hand_size, choice=self.choice)

    def sample(self, rng: np.random.Generator, hand_size: int, samples: int) -> np.ndarray:
        """``samples`` values of this side, each from an independent shuffle of the supply."""
        hand_size = hand_size if self.hand_size is None else self.hand_size
        supply = np.asarray(self.supply, dtype=np.int64)
        if self.hand is not None:
            top = supply[rng.integers(len(supply), size=samples)]
            hand = np.asarray(self.hand, dtype=np.int64)
            if self.choice == "none" or len(hand) == 0:
                played = np.zeros(samples, dtype=np.int64)
            elif self.choice == "highest":
                played = np.full(samples, hand.max())
            elif self.choice == "lowest":
                played = np.full(samples, hand.min())
            else:
                played = hand[rng.integers(len(hand), size=samples)]
            return self.base + played + top
        h = hand_size if self.choice != "none" else 0
        order = np.argpartition(rng.random((samples, len(supply))), h, axis=1)[:, : h + 1]
        drawn = supply[order]  # columns 0..h-1: the hand; column h: the top card
        if h == 0:
            played = np.zeros(samples, dtype=np.int64)
        elif self.choice == "highest":
            played = drawn[:, :h].max(axis=1)
        elif self.choice == "lowest":
            played = drawn[:, :h].min(axis=1)
        else:
            played = drawn[np.arange(samples), rng.integers(h, size=samples)]
        return self.base + played + drawn[:, h]


def _side(base: int, supply, discard, hand, choice: str, zusatz: bool, hand_size: int | None = None) -> _Side:
    return _Side(base, tuple(_values(remaining_supply(supply, discard), zusatz)),
                 None if hand is None else tuple(_values(hand, zusatz)), choice, hand_size)


class _Question(ABC):
    """A combat question: two sides whose difference decides the outcome.

    Subclasses give the two sides, the outcome of a difference (the rule) and the title; the
    exact answer counts every difference, the Monte Carlo answer samples them -- both then apply
    the same :meth:`outcome`.
    """

    kind = ""
    hand_size = 5

    @abstractmethod
    def sides(self) -> tuple[_Side, _Side]:
        """The two sides whose values are compared (the first minus the second is the difference)."""

    @abstractmethod
    def outcome(self, diff: int) -> tuple[str, int]:
        """The rule: ``(loser, injuries)`` for a difference of the two values."""

    @property
    @abstractmethod
    def title(self) -> str:
        """A one-line description of the question."""

    @abstractmethod
    def current_injuries(self) -> dict[str, int]:
        """Injuries each side already has (for the chance of elimination)."""

    def exact(self) -> OddsResult:
        """The exact outcome distribution (integer counts over every shuffle, as fractions)."""
        first, second = self.sides()
        f_weights, f_total = first.exact(self.hand_size)
        s_weights, s_total = second.exact(self.hand_size)
        diffs: Counter = Counter()
        for f_value, f_w in f_weights.items():
            for s_value, s_w in s_weights.items():
                diffs[f_value - s_value] += f_w * s_w
        return self._result(diffs, f_total * s_total, exact=True)

    def monte_carlo(self, samples: int = 100_000, seed: int = 0) -> OddsResult:
        """An estimate of the same distribution from ``samples`` independent shuffles."""
        samples = _samples(samples)
        _seed(seed)
        first, second = self.sides()
        rng = numpy_rng(seed)
        diff = first.sample(rng, self.hand_size, samples) - second.sample(rng, self.hand_size, samples)
        values, counts = np.unique(diff, return_counts=True)
        return self._result(Counter(dict(zip(values.tolist(), counts.tolist()))), samples, exact=False)

    def _result(self, diffs: Counter, total: int, *, exact: bool) -> OddsResult:
        outcomes: Counter = Counter()
        for diff, weight in diffs.items():
            outcomes[self.outcome(diff)] += weight
        return OddsResult(_result_frame(outcomes, total, exact=exact), self.kind, self.title, question=self,
                          exact=exact, samples=None if exact else total, current_injuries=self.current_injuries())



# -- melee -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MeleeQuestion(_Question):
    """One melee, as asked of the odds (Melee Combat (Nahkampf)); see :func:`melee_odds`."""

    attacker: Character
    defender: Character
    attacker_supply: Sequence[Card]
    defender_supply: Sequence[Card]
    attacker_hand: Sequence[Card] | None = None
    defender_hand: Sequence[Card] | None = None
    hand_size: int = 5
    attacker_choice: str | None = None
    defender_choice: str | None = None
    attacker_discard: Sequence[Card] = ()
    defender_discard: Sequence[Card] = ()
    assistants: Sequence[Character] = ()
    rear_arc: bool = False
    attacker_extra_opponents: int = 0
    attacker_bonus: int = 0
    defender_bonus: int = 0
    rulings: Rulings = BEHIND_RULINGS
    attacker_hand_size: int | None = None
    defender_hand_size: int | None = None
    kind = "melee"

    def __post_init__(self):
        attacker, defender = _character(self.attacker, "attacker"), _character(self.defender, "defender")
        if defender.name == attacker.name:
            raise InputError(SOURCE, "defender", f"an enemy of the attacker, not {attacker.name} himself", defender.name)
        if isinstance(self.assistants, (str, bytes)) or not hasattr(self.assistants, "__iter__"):
            raise InputError(SOURCE, "assistants", "a sequence of Characters", self.assistants)
        for i, helper in enumerate(self.assistants):
            _character(helper, f"assistants[{i}]")
            if helper.name == defender.name:
                raise InputError(SOURCE, f"assistants[{i}]", f"a character assisting the attack, not the defender "
                                 f"{defender.name} (Melee Combat: assistance is given to the attack)", helper.name)
        for name in ("attacker_supply", "defender_supply", "attacker_discard", "defender_discard"):
            _cards(getattr(self, name), name)
        _cards(self.attacker_hand, "attacker_hand", optional=True)
        _cards(self.defender_hand, "defender_hand", optional=True)
        _counts(self, ("hand_size", "attacker_extra_opponents"), bonuses=("attacker_bonus", "defender_bonus"),
                optional=("attacker_hand_size", "defender_hand_size"))
        _choice(self.attacker_choice, "attacker_choice")
        _choice(self.defender_choice, "defender_choice")
        if not isinstance(self.rear_arc, bool):
            raise InputError(SOURCE, "rear_arc", "True or False", self.rear_arc)
        _rulings(self.rulings)
        check_assistants(self.attacker, self.defender, self.assistants)

    def sides(self) -> tuple[_Side, _Side]:
        default = self.rulings["behind.hand-card-optional"]
        attack = attack_base(self.attacker, assistants=self.assistants, rear_arc=self.rear_arc,
                             extra_opponents=self.attacker_extra_opponents, bonus=self.attacker_bonus)
        defence = defence_base(self.defender, assistants=self.assistants, bonus=self.defender_bonus)
        return (
            _side(attack, self.attacker_supply, self.attacker_discard, self.attacker_hand,
                  self.attacker_choice or default, zusatz=True, hand_size=self.attacker_hand_size),
            _side(defence, self.defender_supply, self.defender_discard, self.defender_hand,
                  self.defender_choice or default, zusatz=True, hand_size=self.defender_hand_size),
        )

    @property
    def damaged(self) -> Character:
        """Who takes the damage if the attack fails (ruling ``behind.assisted-damage``)."""
        return damaged_attacker(self.attacker, self.assistants, self.rulings)

    def outcome(self, diff: int) -> tuple[str, int]:
        return melee_outcome(diff, self.defender.resistance, self.damaged.resistance)

    @property
    def title(self) -> str:
        title = f"Melee: {self.attacker.name} attacks {self.defender.name}"
        if self.assistants:
            title += f" (assisted by {', '.join(c.name for c in self.assistants)})"
        if self.rear_arc:
            title += " from the rear arc"
        return title

    def current_injuries(self) -> dict[str, int]:
        return {"attacker": self.damaged.injuries, "defender": self.defender.injuries}


def melee_odds(attacker: Character, defender: Character, **question) -> OddsResult:
    """The exact outcome distribution of one melee (Melee Combat (Nahkampf)).

    Melee value = Strength + hand card + top supply card (+ Zusatz bonuses, + assistants'
    Strength and Bündnis, + Glaube, + 1 from the rear arc, + ``*_bonus`` from card effects).
    Injuries to the loser = difference // Resistance; a tie has no effect.

    Keywords (see :class:`MeleeQuestion`): ``attacker_supply`` and ``defender_supply`` (required),
    ``attacker_hand``/``defender_hand``, ``hand_size`` (5), ``attacker_choice``/``defender_choice``,
    ``attacker_discard``/``defender_discard``, ``assistants``, ``rear_arc``,
    ``attacker_extra_opponents``, ``attacker_bonus``/``defender_bonus``, ``rulings``,
    ``attacker_hand_size``/``defender_hand_size`` (one side's unknown hand size when the two
    differ, e.g. in the middle of a turn; ``None``: ``hand_size``).

    Supplies and hands are sequences of :class:`ActionCard` or plain fate numbers.  A known hand
    is used as given (then the supply excludes it); ``None`` means unknown, drawn from the
    supply (``hand_size`` cards) before the top card.  ``*_discard`` removes cards known to be
    on the public discard pile from the supply first.  ``*_choice`` is the card choice
    ("highest", "lowest", "random", "none"); default: ruling ``behind.hand-card-optional``.
    When an assisted attack fails, the injuries count against the Resistance of the character
    the defender chooses (ruling ``behind.assisted-damage``).
    """
    return MeleeQuestion(attacker, defender, **question).exact()


def melee_monte_carlo(attacker: Character, defender: Character, *, samples: int = 100_000, seed: int = 0,
                      **question) -> OddsResult:
    """A Monte Carlo estimate of :func:`melee_odds` (same keywords), from ``samples`` shuffles."""
    return MeleeQuestion(attacker, defender, **question).monte_carlo(samples, seed)


# -- ranged ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RangedQuestion(_Question):
    """One ranged attack, as asked of the odds (Ranged Combat (Fernkampf)); see :func:`ranged_odds`."""

    shooter: Character
    target: Character
    weapon_fate: Card
    shooter_supply: Sequence[Card]
    target_supply: Sequence[Card]
    target_hand: Sequence[Card] | None = None
    hand_size: int = 5
    target_choice: str | None = None
    shooter_discard: Sequence[Card] = ()
    target_discard: Sequence[Card] = ()
    rulings: Rulings = BEHIND_RULINGS
    kind = "ranged"

    def __post_init__(self):
        shooter, target = _character(self.shooter, "shooter"), _character(self.target, "target")
        if shooter.name == target.name:
            raise InputError(SOURCE, "target", f"an enemy of the shooter, not {shooter.name} himself", target.name)
        _cards([self.weapon_fate], "weapon_fate")
        for name in ("shooter_supply", "target_supply", "shooter_discard", "target_discard"):
            _cards(getattr(self, name), name)
        _cards(self.target_hand, "target_hand", optional=True)
        _counts(self, ("hand_size",))
        _choice(self.target_choice, "target_choice")
        _rulings(self.rulings)
        check_not_eliminated(self.shooter, self.target)

    def sides(self) -> tuple[_Side, _Side]:
        zusatz = bool(self.rulings["behind.zusatz-in-ranged"])
        shooting = self.shooter.current_dexterity + combat_value_of(self.weapon_fate, zusatz=zusatz)
        choice = self.target_choice or self.rulings["behind.hand-card-optional"]
        return (
            _side(shooting, self.shooter_supply, self.shooter_discard, (), "none", zusatz),
            _side(self.target.current_dexterity, self.target_supply, self.target_discard, self.target_hand,
                  choice, zusatz),
        )

    def outcome(self, diff: int) -> tuple[str, int]:
        return ranged_outcome(diff, self.target.resistance)

    @property
    def title(self) -> str:
        return f"Ranged: {self.shooter.name} shoots at {self.target.name}"

    def current_injuries(self) -> dict[str, int]:
        return {"target": self.target.injuries}


def ranged_odds(shooter: Character, target: Character, **question) -> OddsResult:
    """The exact outcome distribution of one ranged attack (Ranged Combat (Fernkampf)).

    Shooting value = Dexterity + the fate number of the weapon or magic card (``weapon_fate``)
    + the shooter's top supply card; dodge value = Dexterity + an optional hand card + the
    target's top supply card.  A dodge value that reaches or exceeds the shooting value means no
    effect (``loser`` "none"); otherwise the target loses with difference // Resistance injuries.
    Keywords: see :class:`RangedQuestion` (``weapon_fate``, ``shooter_supply``, ``target_supply``
    required).
    """
    return RangedQuestion(shooter, target, **question).exact()


def ranged_monte_carlo(shooter: Character, target: Character, *, samples: int = 100_000, seed: int = 0,
                       **question) -> OddsResult:
    """A Monte Carlo estimate of :func:`ranged_odds` (same keywords)."""
    return RangedQuestion(shooter, target, **question).monte_carlo(samples, seed)


# -- checks ----------------------------------------------------------------------------------------


def check_probability(x: int, supply: Sequence[Card]) -> Fraction:
    """Exact chance that an ability/effect/influence check X+ succeeds: the top card's fate
    number is at least ``x`` (Ability Check (Fähigkeitsprobe))."""
    whole(x, "x", source=SOURCE, low=-MAX_FATE, high=MAX_FATE)
    _cards(supply, "supply")
    fates = [fate_of(card) for card in supply]
    if not fates:
        raise ValueError("the supply is empty: no card can be turned up for the check")
    return Fraction(sum(1 for fate in fates if fate >= x), len(fates))


def check_odds(x: int, supply: Sequence[Card]) -> float:
    """The chance that a check X+ succeeds, as a float (exact value: :func:`check_probability`)."""
    return float(check_probability(x, supply))
