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

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Iterable, Sequence

import numpy as np
import pandas as pd

from explorer.behind import refs
from explorer.behind.cards import ActionCard, Character, combat_value_of, fate_of
from explorer.behind.combat import (
    attack_base,
    check_assistants,
    damaged_attacker,
    defence_base,
)
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.core.rng import numpy_rng
from explorer.core.rulings import REGISTRY, Rulings

Card = ActionCard | int
CHOICES = REGISTRY["behind.hand-card-optional"].options
LOSER_ORDER = {"attacker": 0, "shooter": 0, "tie": 1, "none": 1, "defender": 2, "target": 2}


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
    question: dict = field(default_factory=dict)
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


def _result_frame(weights: Counter, total: int) -> pd.DataFrame:
    rows = [
        {"loser": loser, "injuries": injuries, "probability": w / total, "exact": Fraction(w, total)}
        for (loser, injuries), w in weights.items()
        if w
    ]
    rows.sort(key=lambda row: (LOSER_ORDER[row["loser"]], row["injuries"]))
    frame = pd.DataFrame(rows, columns=["loser", "injuries", "probability", "exact"])
    frame["injuries"] = frame["injuries"].astype(int)
    return frame


# -- melee -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _SideQuestion:
    base: int
    supply: list[int]
    hand: list[int] | None
    choice: str


def _melee_question(attacker, defender, *, attacker_supply, defender_supply, attacker_hand, defender_hand,
                    attacker_discard, defender_discard, assistants, rear_arc, attacker_extra_opponents,
                    attacker_bonus, defender_bonus, attacker_choice, defender_choice, rulings):
    check_assistants(attacker, defender, assistants)
    default_choice = rulings["behind.hand-card-optional"]
    a = _SideQuestion(
        attack_base(attacker, assistants=assistants, rear_arc=rear_arc,
                    extra_opponents=attacker_extra_opponents, bonus=attacker_bonus),
        _values(remaining_supply(attacker_supply, attacker_discard), True),
        None if attacker_hand is None else _values(attacker_hand, True),
        attacker_choice or default_choice,
    )
    d = _SideQuestion(
        defence_base(defender, assistants=assistants, bonus=defender_bonus),
        _values(remaining_supply(defender_supply, defender_discard), True),
        None if defender_hand is None else _values(defender_hand, True),
        defender_choice or default_choice,
    )
    return a, d, damaged_attacker(attacker, assistants, rulings)


def melee_odds(
    attacker: Character,
    defender: Character,
    *,
    attacker_supply: Sequence[Card],
    defender_supply: Sequence[Card],
    attacker_hand: Sequence[Card] | None = None,
    defender_hand: Sequence[Card] | None = None,
    hand_size: int = 5,
    attacker_choice: str | None = None,
    defender_choice: str | None = None,
    attacker_discard: Sequence[Card] = (),
    defender_discard: Sequence[Card] = (),
    assistants: Sequence[Character] = (),
    rear_arc: bool = False,
    attacker_extra_opponents: int = 0,
    attacker_bonus: int = 0,
    defender_bonus: int = 0,
    rulings: Rulings = BEHIND_RULINGS,
) -> OddsResult:
    """The exact outcome distribution of one melee (Melee Combat (Nahkampf)).

    Melee value = Strength + hand card + top supply card (+ Zusatz bonuses, + assistants'
    Strength and Bündnis, + Glaube, + 1 from the rear arc, + ``*_bonus`` from card effects).
    Injuries to the loser = difference // Resistance; a tie has no effect.

    Supplies and hands are sequences of :class:`ActionCard` or plain fate numbers.  A known hand
    is used as given (then the supply excludes it); ``None`` means unknown, drawn from the
    supply (``hand_size`` cards) before the top card.  ``*_discard`` removes cards known to be
    on the public discard pile from the supply first.  ``*_choice`` is the card choice
    ("highest", "lowest", "random", "none"); default: ruling ``behind.hand-card-optional``.
    When an assisted attack fails, the injuries count against the Resistance of the character
    the defender chooses (ruling ``behind.assisted-damage``).
    """
    a, d, damaged = _melee_question(
        attacker, defender, attacker_supply=attacker_supply, defender_supply=defender_supply,
        attacker_hand=attacker_hand, defender_hand=defender_hand, attacker_discard=attacker_discard,
        defender_discard=defender_discard, assistants=assistants, rear_arc=rear_arc,
        attacker_extra_opponents=attacker_extra_opponents, attacker_bonus=attacker_bonus,
        defender_bonus=defender_bonus, attacker_choice=attacker_choice, defender_choice=defender_choice,
        rulings=rulings)
    a_weights, a_total = side_distribution(a.base, a.supply, hand=a.hand, hand_size=hand_size, choice=a.choice)
    d_weights, d_total = side_distribution(d.base, d.supply, hand=d.hand, hand_size=hand_size, choice=d.choice)
    outcome: Counter = Counter()
    for a_value, a_w in a_weights.items():
        for d_value, d_w in d_weights.items():
            diff = a_value - d_value
            if diff > 0:
                key = ("defender", diff // defender.resistance)
            elif diff < 0:
                key = ("attacker", -diff // damaged.resistance)
            else:
                key = ("tie", 0)
            outcome[key] += a_w * d_w
    title = f"Melee: {attacker.name} attacks {defender.name}"
    if assistants:
        title += f" (assisted by {', '.join(c.name for c in assistants)})"
    if rear_arc:
        title += " from the rear arc"
    return OddsResult(
        _result_frame(outcome, a_total * d_total), "melee", title,
        question={"attacker_base": a.base, "defender_base": d.base, "hand_size": hand_size,
                  "attacker_choice": a.choice, "defender_choice": d.choice, "damaged": damaged.name,
                  "rule": str(refs.MELEE)},
        current_injuries={"attacker": damaged.injuries, "defender": defender.injuries},
    )


# -- ranged ----------------------------------------------------------------------------------------


def ranged_odds(
    shooter: Character,
    target: Character,
    *,
    weapon_fate: Card,
    shooter_supply: Sequence[Card],
    target_supply: Sequence[Card],
    target_hand: Sequence[Card] | None = None,
    hand_size: int = 5,
    target_choice: str | None = None,
    shooter_discard: Sequence[Card] = (),
    target_discard: Sequence[Card] = (),
    rulings: Rulings = BEHIND_RULINGS,
) -> OddsResult:
    """The exact outcome distribution of one ranged attack (Ranged Combat (Fernkampf)).

    Shooting value = Dexterity + the fate number of the weapon or magic card + the shooter's
    top supply card; dodge value = Dexterity + an optional hand card + the target's top supply
    card.  A dodge value that reaches or exceeds the shooting value means no effect (``loser``
    "none"); otherwise the target loses with difference // Resistance injuries.
    """
    zusatz = bool(rulings["behind.zusatz-in-ranged"])
    for character in (shooter, target):
        check_assistants(character, character, ())
    s_base = shooter.current_dexterity + combat_value_of(weapon_fate, zusatz=zusatz)
    s_weights, s_total = side_distribution(
        s_base, _values(remaining_supply(shooter_supply, shooter_discard), zusatz), hand=(), choice="none")
    choice = target_choice or rulings["behind.hand-card-optional"]
    t_weights, t_total = side_distribution(
        target.current_dexterity, _values(remaining_supply(target_supply, target_discard), zusatz),
        hand=None if target_hand is None else _values(target_hand, zusatz), hand_size=hand_size, choice=choice)
    outcome: Counter = Counter()
    for s_value, s_w in s_weights.items():
        for t_value, t_w in t_weights.items():
            diff = s_value - t_value
            key = ("target", diff // target.resistance) if diff > 0 else ("none", 0)
            outcome[key] += s_w * t_w
    return OddsResult(
        _result_frame(outcome, s_total * t_total), "ranged", f"Ranged: {shooter.name} shoots at {target.name}",
        question={"shooting_base": s_base, "dodge_base": target.current_dexterity, "target_choice": choice,
                  "rule": str(refs.RANGED)},
        current_injuries={"target": target.injuries},
    )


# -- checks ----------------------------------------------------------------------------------------


def check_probability(x: int, supply: Sequence[Card]) -> Fraction:
    """Exact chance that an ability/effect/influence check X+ succeeds: the top card's fate
    number is at least ``x`` (Ability Check (Fähigkeitsprobe))."""
    fates = [fate_of(card) for card in supply]
    if not fates:
        raise ValueError("the supply is empty: no card can be turned up for the check")
    return Fraction(sum(1 for fate in fates if fate >= x), len(fates))


def check_odds(x: int, supply: Sequence[Card]) -> float:
    """The chance that a check X+ succeeds, as a float (exact value: :func:`check_probability`)."""
    return float(check_probability(x, supply))


# -- Monte Carlo, for comparison ---------------------------------------------------------------


def _sample_side(rng: np.random.Generator, side: _SideQuestion, hand_size: int, samples: int) -> np.ndarray:
    supply = np.asarray(side.supply, dtype=np.int64)
    if side.hand is not None:
        top = supply[rng.integers(len(supply), size=samples)]
        hand = np.asarray(side.hand, dtype=np.int64)
        if side.choice == "none" or len(hand) == 0:
            played = np.zeros(samples, dtype=np.int64)
        elif side.choice == "highest":
            played = np.full(samples, hand.max())
        elif side.choice == "lowest":
            played = np.full(samples, hand.min())
        else:
            played = hand[rng.integers(len(hand), size=samples)]
        return side.base + played + top
    h = hand_size if side.choice != "none" else 0
    order = np.argpartition(rng.random((samples, len(supply))), h, axis=1)[:, : h + 1]
    drawn = supply[order]  # columns 0..h-1: the hand; column h: the top card
    top = drawn[:, h]
    if h == 0:
        played = np.zeros(samples, dtype=np.int64)
    elif side.choice == "highest":
        played = drawn[:, :h].max(axis=1)
    elif side.choice == "lowest":
        played = drawn[:, :h].min(axis=1)
    else:
        played = drawn[np.arange(samples), rng.integers(h, size=samples)]
    return side.base + played + top


def _estimate_frame(losers: np.ndarray, injuries: np.ndarray, samples: int) -> pd.DataFrame:
    frame = pd.DataFrame({"loser": losers, "injuries": injuries})
    counts = frame.value_counts().rename("count").reset_index()
    counts["probability"] = counts["count"] / samples
    counts["stderr"] = np.sqrt(counts["probability"] * (1 - counts["probability"]) / samples)
    counts["order"] = counts["loser"].map(LOSER_ORDER)
    counts = counts.sort_values(["order", "injuries"]).drop(columns=["order", "count"]).reset_index(drop=True)
    counts["injuries"] = counts["injuries"].astype(int)
    return counts


def melee_monte_carlo(attacker: Character, defender: Character, *, samples: int = 100_000, seed: int = 0, **question) -> OddsResult:
    """A Monte Carlo estimate of :func:`melee_odds` (same keywords), from ``samples`` shuffles."""
    hand_size = question.pop("hand_size", 5)
    rulings = question.pop("rulings", BEHIND_RULINGS)
    defaults = dict(attacker_hand=None, defender_hand=None, attacker_discard=(), defender_discard=(), assistants=(),
                    rear_arc=False, attacker_extra_opponents=0, attacker_bonus=0, defender_bonus=0,
                    attacker_choice=None, defender_choice=None)
    unknown = set(question) - set(defaults) - {"attacker_supply", "defender_supply"}
    if unknown:
        raise TypeError(f"unknown melee question keywords: {sorted(unknown)}")
    a, d, damaged = _melee_question(attacker, defender, rulings=rulings, **{**defaults, **question})
    rng = numpy_rng(seed)
    diff = _sample_side(rng, a, hand_size, samples) - _sample_side(rng, d, hand_size, samples)
    losers = np.where(diff > 0, "defender", np.where(diff < 0, "attacker", "tie"))
    injuries = np.where(diff > 0, diff // defender.resistance, np.where(diff < 0, -diff // damaged.resistance, 0))
    return OddsResult(_estimate_frame(losers, injuries, samples), "melee",
                      f"Melee: {attacker.name} attacks {defender.name}", exact=False, samples=samples,
                      current_injuries={"attacker": damaged.injuries, "defender": defender.injuries})


def ranged_monte_carlo(shooter: Character, target: Character, *, weapon_fate: Card, shooter_supply, target_supply,
                       target_hand=None, hand_size: int = 5, target_choice: str | None = None, shooter_discard=(),
                       target_discard=(), rulings: Rulings = BEHIND_RULINGS, samples: int = 100_000,
                       seed: int = 0) -> OddsResult:
    """A Monte Carlo estimate of :func:`ranged_odds` (same keywords)."""
    zusatz = bool(rulings["behind.zusatz-in-ranged"])
    s = _SideQuestion(shooter.current_dexterity + combat_value_of(weapon_fate, zusatz=zusatz),
                      _values(remaining_supply(shooter_supply, shooter_discard), zusatz), [], "none")
    t = _SideQuestion(target.current_dexterity, _values(remaining_supply(target_supply, target_discard), zusatz),
                      None if target_hand is None else _values(target_hand, zusatz),
                      target_choice or rulings["behind.hand-card-optional"])
    rng = numpy_rng(seed)
    diff = _sample_side(rng, s, hand_size, samples) - _sample_side(rng, t, hand_size, samples)
    losers = np.where(diff > 0, "target", "none")
    injuries = np.where(diff > 0, diff // target.resistance, 0)
    return OddsResult(_estimate_frame(losers, injuries, samples), "ranged",
                      f"Ranged: {shooter.name} shoots at {target.name}", exact=False, samples=samples,
                      current_injuries={"target": target.injuries})
