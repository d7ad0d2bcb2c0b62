"""Exact odds of an attack roll (Angriffswurf) and its damage -- enumerated, never sampled.

dnd5e-combat-de-excerpt.txt, section "ANGRIFFSWÜRFE": "Würfle dazu einen W20 und addiere die
entsprechenden Modifikatoren zum Ergebnis. Wenn das Ergebnis des Wurfs plus Modifikatoren größer oder
gleich der Rüstungsklasse (RK) des Ziels ist, trifft der Angriff."  Section "ANGRIFFSSTRUKTUR", step 2:
the SL decides whether the target has cover (Deckung) and whether the attacker has advantage or
disadvantage (Vorteil / Nachteil).  Beyond the excerpt, from the SRD 5.1 (CC-BY-4.0):

* "Combat > Making an Attack > Rolling 1 or 20": a natural 20 hits regardless of modifiers and AC and
  is a critical hit; a natural 1 misses regardless.
* "Using Ability Scores > Advantage and Disadvantage": roll a second d20 and take the higher (Vorteil)
  or the lower (Nachteil); several sources of one kind give no more dice, and any advantage together
  with any disadvantage gives neither, however many of each (:func:`wurfmodus`).
* "Combat > Cover": half cover +2 AC, three-quarters cover +5 AC, total cover: the target cannot be
  targeted (:class:`~explorer.core.rules.RuleViolation`).
* "Combat > Damage and Healing > Damage Rolls" (never negative damage) and "> Critical Hits" (all the
  damage dice twice, the modifiers once): :mod:`explorer.dnd5e.dice`.

Ruling ``dnd5e.crit-range`` (:data:`RULING_CRIT_RANGE`): with a widened critical range
(``crit_range=19``: a critical hit on 19 or 20, as the SRD's Champion has) a natural roll in the range
is a critical hit and so hits, as the natural 20 does; a natural 1 always misses.

Exactness: the natural d20 has integer weights over 20 (normal) or 400 (two dice: P(higher = k) =
(2k - 1) / 400, P(lower = k) = (41 - 2k) / 400); the damage dice integer weights over the number of their
rolls; every answer is one :class:`~fractions.Fraction` of integer sums.  :func:`turn_odds` convolves the
attacks of a turn (independent rolls).  :func:`simulate_attack` samples the same attack with
:class:`~explorer.core.rng.SeededRng` for comparison.  The dice sums are integer convolutions written
here; icepool computes the same sums and checks them (:mod:`explorer.dnd5e.dice`, and the benchmark
that chose between the two).  Pure Python and pandas (frames); no drawing here.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

import pandas as pd

from explorer.core.inputs import InputError, short, whole
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Ruling
from explorer.dnd5e import refs
from explorer.dnd5e.dice import DamageDice, dice

ANGRIFFSWUERFE = refs.ANGRIFFSWUERFE
"""Attack rolls: d20 + modifiers >= the target's armour class (Rüstungsklasse, RK) hits."""
ANGRIFFSSTRUKTUR = refs.ANGRIFFSSTRUKTUR
"""Attack structure: choose a target, determine modifiers (cover, advantage / disadvantage), resolve."""
# the SRD 5.1 sections the odds cite (explorer.dnd5e.refs' constants, German citations)
SRD_ROLLING_1_OR_20 = refs.SRD_ROLLING_1_OR_20
SRD_ADVANTAGE = refs.SRD_ADVANTAGE
SRD_COVER = refs.SRD_COVER
SRD_DAMAGE_ROLLS = refs.SRD_DAMAGE_ROLLS
SRD_CRITICAL_HITS = refs.SRD_CRITICAL_HITS

RULING_CRIT_RANGE = Ruling(
    id="dnd5e.crit-range",
    title="Does a widened critical range hit regardless of AC?",
    quote="If the d20 roll for an attack is a 20, the attack hits regardless of any modifiers or the target's AC. "
          "This is called a critical hit",
    source=SRD_ROLLING_1_OR_20,
    choice="A widened critical range (crit_range < 20, 'score a critical hit on a roll of 19 or 20') makes every "
           "natural roll in it a critical hit, and a critical hit hits, as the natural 20 does; a natural 1 "
           "always misses. Not a switch: crit_range itself is the argument.",
    default=20,
)
"""The SRD says what a natural 20 does; a feature that widens the range leaves open whether the 19 hits
regardless of AC.  This module reads it as the 20.  (Not registered: explorer.dnd5e.rulings holds the
registry of this system's rulings.)"""

SOURCE = "attack odds"
MODES = ("normal", "vorteil", "nachteil")
"""Roll modes: normal (one d20), Vorteil (advantage: the higher of two), Nachteil (disadvantage: the lower)."""
MODE_WORDS = {"normal": "normal", "vorteil": "Vorteil", "nachteil": "Nachteil"}
"""Each roll mode as a reader sees it (tables, captions, legends): Vorteil and Nachteil are nouns."""
_MODE_NAMES = {"normal": "normal", "vorteil": "vorteil", "nachteil": "nachteil",
               "advantage": "vorteil", "disadvantage": "nachteil"}
COVER = ("keine", "halb", "dreiviertel", "voll")
"""Degrees of cover (Deckung): none, half, three-quarters, total (SRD 5.1 "Cover")."""
COVER_AC_BONUS = {"keine": 0, "halb": 2, "dreiviertel": 5}
"""The AC bonus of each degree of cover a target can have and still be attacked (SRD 5.1 "Cover")."""
_COVER_NAMES = {"keine": "keine", "none": "keine", "halb": "halb", "half": "halb",
                "dreiviertel": "dreiviertel", "three-quarters": "dreiviertel", "three_quarters": "dreiviertel",
                "voll": "voll", "total": "voll"}
_COVER_WORDS = {"keine": "keine Deckung", "halb": "halbe Deckung", "dreiviertel": "Dreivierteldeckung",
                "voll": "volle Deckung"}
MIN_BONUS, MAX_BONUS = -20, 30
MIN_AC, MAX_AC = 1, 40
MIN_CRIT_RANGE = 2
MAX_ATTACKS = 8
"""The most attacks :func:`turn_odds` combines."""
MAX_TURN_WORK = 2_000_000
"""The most (total so far, damage) pairs :func:`turn_odds` may combine (about a second): eight attacks of
2W6+4 need about 11,000, two of 20W100 about 16 million (refused)."""
MAX_SOURCES = 50
MAX_SAMPLES = 1_000_000
OUTCOMES = ("Fehlschlag", "Treffer", "kritischer Treffer")
"""The three results of an attack roll: miss, hit (not critical), critical hit."""
_ENGLISH = {"Fehlschlag": "miss", "Treffer": "hit", "kritischer Treffer": "critical hit"}


# -- the roll mode from its sources -------------------------------------------------------------

@dataclass(frozen=True)
class Wurfmodus:
    """The roll mode of an attack (normal / Vorteil / Nachteil) and why: the named sources of
    advantage (``vorteile``) and disadvantage (``nachteile``) that made it, and ``reason`` in words.
    SRD 5.1, "Using Ability Scores > Advantage and Disadvantage"."""

    mode: str
    vorteile: tuple[str, ...] = ()
    nachteile: tuple[str, ...] = ()
    reason: str = ""

    def __post_init__(self):
        if self.mode not in MODES:
            raise InputError(SOURCE, "mode", "one of " + ", ".join(MODES), self.mode)

    def __str__(self) -> str:
        return self.mode

    @property
    def word(self) -> str:
        """The mode as a reader sees it: ``normal``, ``Vorteil``, ``Nachteil`` (:data:`MODE_WORDS`)."""
        return MODE_WORDS[self.mode]

    @property
    def rule(self):
        """The rule that sets the mode (the reason's citation, kept out of its German words)."""
        return SRD_ADVANTAGE


def wurfmodus(vorteile: Iterable[str] = (), nachteile: Iterable[str] = ()) -> Wurfmodus:
    """Combine the named sources of advantage (``vorteile``) and disadvantage (``nachteile``) into
    one roll mode, with the reason (SRD 5.1, "Using Ability Scores > Advantage and Disadvantage"):
    only advantage -> ``"vorteil"`` (one extra d20, however many sources), only disadvantage ->
    ``"nachteil"``, both -> ``"normal"`` ("you are considered to have neither of them ... even if
    multiple circumstances impose disadvantage and only one grants advantage"), none -> ``"normal"``.

    >>> wurfmodus(["Helfen"], ["Ziel weicht aus", "lange Reichweite"]).mode
    'normal'
    """
    pros = _sources(vorteile, "vorteile")
    cons = _sources(nachteile, "nachteile")
    # the reason is German only and cites nothing: its rule is Wurfmodus.rule, shown once beside it
    if pros and cons:
        reason = (f"Vorteil ({', '.join(pros)}) und Nachteil ({', '.join(cons)}) heben sich auf: ein W20, "
                  f"wie viele es auch sind")
        return Wurfmodus("normal", pros, cons, reason)
    if pros:
        return Wurfmodus("vorteil", pros, (), f"Vorteil ({', '.join(pros)}): zwei W20, der höhere zählt")
    if cons:
        return Wurfmodus("nachteil", (), cons, f"Nachteil ({', '.join(cons)}): zwei W20, der niedrigere zählt")
    return Wurfmodus("normal", (), (), "weder Vorteil noch Nachteil: ein W20")


def _sources(values: Any, field: str) -> tuple[str, ...]:
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise InputError(SOURCE, field, "a list of named sources (texts), such as ['Helfen']", values)
    out = []
    for index, value in enumerate(values):
        if index >= MAX_SOURCES:
            raise InputError(SOURCE, field, f"at most {MAX_SOURCES} sources")
        if not isinstance(value, str) or not value.strip() or len(value) > 80:
            raise InputError(SOURCE, f"{field}[{index}]", "a source named by a text of 1 to 80 characters", value)
        out.append(value.strip())
    return tuple(out)


# -- checking the question ------------------------------------------------------------------------

def _mode(value: Any) -> Wurfmodus:
    if isinstance(value, Wurfmodus):
        return value
    if isinstance(value, str) and value.strip().casefold() in _MODE_NAMES:
        mode = _MODE_NAMES[value.strip().casefold()]
        words = {"normal": "ein W20", "vorteil": "Vorteil: der höhere von zwei W20",
                 "nachteil": "Nachteil: der niedrigere von zwei W20"}
        return Wurfmodus(mode, reason=words[mode])
    raise InputError(SOURCE, "mode", "'normal', 'vorteil' (advantage) or 'nachteil' (disadvantage), "
                     "or a Wurfmodus from wurfmodus(vorteile, nachteile)", value)


def _cover(value: Any) -> str:
    if isinstance(value, str) and value.strip().casefold() in _COVER_NAMES:
        cover = _COVER_NAMES[value.strip().casefold()]
        if cover == "voll":
            raise RuleViolation("Volle Deckung: das Ziel kann nicht direkt angegriffen werden", SRD_COVER)
        return cover
    raise InputError(SOURCE, "cover", "one of 'keine', 'halb' (half, +2), 'dreiviertel' (three-quarters, +5), "
                     "'voll' (total: no attack)", value)


@dataclass(frozen=True)
class _Attack:
    attack_bonus: int
    ac: int
    damage: DamageDice
    mode: Wurfmodus
    cover: str
    crit_range: int
    name: str

    @property
    def effective_ac(self) -> int:
        return self.ac + COVER_AC_BONUS[self.cover]

    def outcome(self, natural: int) -> str:
        """The result of a natural d20 roll (the die that counts)."""
        if natural == 1:
            return "Fehlschlag"
        if natural >= self.crit_range:
            return "kritischer Treffer"
        return "Treffer" if natural + self.attack_bonus >= self.effective_ac else "Fehlschlag"


def _attack(attack_bonus, ac, damage, mode, cover, crit_range, name) -> _Attack:
    attack_bonus = whole(attack_bonus, "attack_bonus", source=SOURCE, low=MIN_BONUS, high=MAX_BONUS)
    ac = whole(ac, "ac", source=SOURCE, low=MIN_AC, high=MAX_AC)
    damage = dice(damage, "damage")
    crit_range = whole(crit_range, "crit_range", source=SOURCE, low=MIN_CRIT_RANGE, high=20)
    if not isinstance(name, str) or len(name) > 80:
        raise InputError(SOURCE, "name", "a text of at most 80 characters", name)
    return _Attack(attack_bonus, ac, damage, _mode(mode), _cover(cover), crit_range, name)


def d20_weights(mode: Any = "normal") -> tuple[tuple[int, ...], int]:
    """The natural d20 that counts: integer weights of 1..20 and their denominator -- 1 of 20 each
    (normal), ``2k - 1`` of 400 (Vorteil: the higher of two), ``41 - 2k`` of 400 (Nachteil: the lower).
    SRD 5.1, "Using Ability Scores > Advantage and Disadvantage"."""
    mode = _mode(mode).mode
    if mode == "normal":
        return (1,) * 20, 20
    if mode == "vorteil":
        return tuple(2 * k - 1 for k in range(1, 21)), 400
    return tuple(41 - 2 * k for k in range(1, 21)), 400


# -- one attack -----------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class AttackOdds:
    """The exact odds of one attack (Angriff): ``p_miss`` (Fehlschlag), ``p_hit`` (Treffer, not
    critical), ``p_crit`` (kritischer Treffer), ``damage_distribution`` (damage -> Fraction; 0 on a
    miss), ``expected_damage``.  ``frame`` / ``outcome_frame`` are pandas tables, ``reasons`` says why
    in the words of the rules.  Immutable; built by :func:`attack_odds`."""

    attack_bonus: int
    ac: int
    cover: str
    effective_ac: int
    mode: Wurfmodus
    damage: DamageDice
    crit_range: int
    name: str
    p_miss: Fraction
    p_hit: Fraction
    p_crit: Fraction
    weights: tuple[tuple[int, int], ...] = field(repr=False)
    """``(damage, integer weight)`` pairs over :attr:`denominator`, by damage."""
    denominator: int = field(repr=False, default=1)

    @property
    def p_treffer(self) -> Fraction:
        """P(the attack hits), critical or not."""
        return self.p_hit + self.p_crit

    @property
    def damage_distribution(self) -> dict[int, Fraction]:
        """Damage -> exact probability (a fresh dict)."""
        return {d: Fraction(w, self.denominator) for d, w in self.weights}

    @cached_property
    def expected_damage(self) -> Fraction:
        return Fraction(sum(d * w for d, w in self.weights), self.denominator)

    @property
    def min_natural_to_hit(self) -> int:
        """The lowest natural roll that hits (2..20; 20 when only a natural 20, or the critical range, hits)."""
        needed = self.effective_ac - self.attack_bonus
        return max(2, min(needed, self.crit_range))

    @cached_property
    def frame(self) -> pd.DataFrame:
        """The damage distribution: ``damage``, ``exact`` (Fraction), ``probability`` (float)."""
        return _distribution_frame(self.weights, self.denominator, "damage")

    @cached_property
    def outcome_frame(self) -> pd.DataFrame:
        """The three results: ``outcome`` (German), ``english``, ``naturals`` (the d20 rolls giving it),
        ``exact``, ``probability``."""
        spec = _spec(self)
        naturals = {o: [r for r in range(1, 21) if spec.outcome(r) == o] for o in OUTCOMES}
        exact = {"Fehlschlag": self.p_miss, "Treffer": self.p_hit, "kritischer Treffer": self.p_crit}
        return pd.DataFrame({
            "outcome": list(OUTCOMES), "english": [_ENGLISH[o] for o in OUTCOMES],
            "naturals": [_ranges(naturals[o]) for o in OUTCOMES],
            "exact": [exact[o] for o in OUTCOMES], "probability": [float(exact[o]) for o in OUTCOMES]})

    @property
    def reasons(self) -> list[str]:
        """Why the attack hits when it does, each line with its rule."""
        cover = "" if self.cover == "keine" else f" + {COVER_AC_BONUS[self.cover]} ({_COVER_WORDS[self.cover]}, {SRD_COVER})"
        lines = [f"Angriffswurf: W20 {self.attack_bonus:+d} gegen RK {self.ac}{cover} = {self.effective_ac}: "
                 f"trifft, wenn W20 + {self.attack_bonus} ≥ {self.effective_ac} ({ANGRIFFSWUERFE})",
                 f"Wurfmodus {self.mode.word}: {self.mode.reason} ({SRD_ADVANTAGE})",
                 f"natürliche 20 trifft immer (kritischer Treffer), natürliche 1 verfehlt immer ({SRD_ROLLING_1_OR_20})"]
        if self.crit_range < 20:
            lines.append(f"kritischer Treffer ab natürlicher {self.crit_range} "
                         f"(Regelentscheidung {RULING_CRIT_RANGE.id})")
        lines.append(f"Schaden {self.damage}, kritisch {self.damage.critical()} (alle Schadenswürfel zweimal, "
                     f"Modifikatoren einmal: {SRD_CRITICAL_HITS}); nie unter 0 ({SRD_DAMAGE_ROLLS})")
        return lines

    def _title(self) -> str:
        label = f"{self.name}: " if self.name else ""
        cover = "" if self.cover == "keine" else f" ({_COVER_WORDS[self.cover]} -> {self.effective_ac})"
        return (f"{label}Angriffswurf {self.attack_bonus:+d} gegen RK {self.ac}{cover}, {self.mode.mode}, "
                f"Schaden {self.damage}")

    def _repr_html_(self) -> str:
        summary = (f"P(Treffer) = {float(self.p_treffer):.4f} (kritisch {float(self.p_crit):.4f}), "
                   f"erwarteter Schaden {float(self.expected_damage):.3f}")
        return _html(self._title(), summary, [str(ANGRIFFSWUERFE), str(SRD_ROLLING_1_OR_20)],
                     [self.outcome_frame.drop(columns="exact"), self.frame.drop(columns="exact")])

    def __repr__(self) -> str:
        return (f"AttackOdds({self._title()}: p_miss={self.p_miss}, p_hit={self.p_hit}, p_crit={self.p_crit}, "
                f"expected_damage={self.expected_damage})")


def _spec(odds: AttackOdds) -> _Attack:
    return _Attack(odds.attack_bonus, odds.ac, odds.damage, odds.mode, odds.cover, odds.crit_range, odds.name)


def attack_odds(attack_bonus: int, ac: int, damage: DamageDice | str, *, mode: Any = "normal",
                cover: str = "keine", crit_range: int = 20, name: str = "") -> AttackOdds:
    """The exact odds of one attack roll (Angriffswurf) and its damage.

    ``attack_bonus`` (-20..+30: the modifiers added to the d20), ``ac`` (the target's armour class,
    Rüstungsklasse / RK, 1..40), ``damage`` (the damage roll on a hit: ``"1W8+3"`` or a
    :class:`~explorer.dnd5e.dice.DamageDice`), ``mode`` (``"normal"``, ``"vorteil"`` / advantage,
    ``"nachteil"`` / disadvantage, or a :class:`Wurfmodus` from :func:`wurfmodus`), ``cover``
    (Deckung: ``"keine"``, ``"halb"`` +2, ``"dreiviertel"`` +5; ``"voll"`` raises
    :class:`~explorer.core.rules.RuleViolation`: total cover cannot be targeted), ``crit_range``
    (the lowest natural roll that is a critical hit, 2..20), ``name`` (a label for tables).

    Rules: dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE" and "ANGRIFFSSTRUKTUR"; SRD 5.1 "Rolling 1 or
    20", "Advantage and Disadvantage", "Cover", "Damage Rolls", "Critical Hits" (module docstring).
    Every argument is checked: a wrong one raises :class:`~explorer.core.inputs.InputError` naming it.
    """
    return _odds(_attack(attack_bonus, ac, damage, mode, cover, crit_range, name))


def _odds(spec: _Attack) -> AttackOdds:
    weights20, d20_den = d20_weights(spec.mode)
    totals = {o: 0 for o in OUTCOMES}
    for natural, weight in enumerate(weights20, start=1):
        totals[spec.outcome(natural)] += weight
    normal, normal_den = spec.damage.counts()
    crit, crit_den = spec.damage.critical().counts()
    denominator = d20_den * normal_den * crit_den
    out: dict[int, int] = {0: totals["Fehlschlag"] * normal_den * crit_den}
    if totals["Treffer"]:
        scale = totals["Treffer"] * crit_den
        for damage, weight in normal.items():
            out[damage] = out.get(damage, 0) + scale * weight
    if totals["kritischer Treffer"]:
        scale = totals["kritischer Treffer"] * normal_den
        for damage, weight in crit.items():
            out[damage] = out.get(damage, 0) + scale * weight
    weights = tuple(sorted((d, w) for d, w in out.items() if w))
    return AttackOdds(spec.attack_bonus, spec.ac, spec.cover, spec.effective_ac, spec.mode, spec.damage,
                      spec.crit_range, spec.name, Fraction(totals["Fehlschlag"], d20_den),
                      Fraction(totals["Treffer"], d20_den), Fraction(totals["kritischer Treffer"], d20_den),
                      weights, denominator)


# -- a turn's attacks -----------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class TurnOdds:
    """The exact odds of a turn's attacks (independent rolls): ``damage_distribution`` of the total
    damage (the convolution of the attacks' distributions), ``expected_damage``, ``hits_distribution``
    (number of attacks that hit -> Fraction), ``p_no_hit``.  ``frame``, ``hits_frame``,
    ``attacks_frame`` are pandas tables."""

    attacks: tuple[AttackOdds, ...]
    weights: tuple[tuple[int, int], ...] = field(repr=False)
    denominator: int = field(repr=False, default=1)

    @property
    def damage_distribution(self) -> dict[int, Fraction]:
        return {d: Fraction(w, self.denominator) for d, w in self.weights}

    @cached_property
    def expected_damage(self) -> Fraction:
        return Fraction(sum(d * w for d, w in self.weights), self.denominator)

    @cached_property
    def hits_distribution(self) -> dict[int, Fraction]:
        """Number of hits (critical or not) -> exact probability."""
        dist = {0: Fraction(1)}
        for attack in self.attacks:
            nxt: dict[int, Fraction] = {}
            for hits, p in dist.items():
                nxt[hits] = nxt.get(hits, 0) + p * attack.p_miss
                nxt[hits + 1] = nxt.get(hits + 1, 0) + p * attack.p_treffer
            dist = nxt
        return {k: v for k, v in sorted(dist.items()) if v}

    @property
    def p_no_hit(self) -> Fraction:
        return self.hits_distribution.get(0, Fraction(0))

    @cached_property
    def frame(self) -> pd.DataFrame:
        """The total damage distribution: ``damage``, ``exact``, ``probability``."""
        return _distribution_frame(self.weights, self.denominator, "damage")

    @cached_property
    def hits_frame(self) -> pd.DataFrame:
        dist = self.hits_distribution
        return pd.DataFrame({"hits": list(dist), "exact": list(dist.values()),
                             "probability": [float(p) for p in dist.values()]})

    @cached_property
    def attacks_frame(self) -> pd.DataFrame:
        return pd.DataFrame([{"attack": a.name or f"Angriff {i + 1}", "attack_bonus": a.attack_bonus, "ac": a.ac,
                              "cover": a.cover, "effective_ac": a.effective_ac, "mode": a.mode.mode,
                              "damage": str(a.damage), "p_hit": float(a.p_treffer), "p_crit": float(a.p_crit),
                              "expected_damage": float(a.expected_damage)} for i, a in enumerate(self.attacks)])

    def _repr_html_(self) -> str:
        summary = (f"{len(self.attacks)} Angriffe: P(kein Treffer) = {float(self.p_no_hit):.4f}, "
                   f"erwarteter Gesamtschaden {float(self.expected_damage):.3f}")
        return _html("Angriffe eines Zuges (a turn's attacks)", summary, [str(ANGRIFFSWUERFE)],
                     [self.attacks_frame, self.hits_frame.drop(columns="exact"), self.frame.drop(columns="exact")])

    def __repr__(self) -> str:
        return f"TurnOdds({len(self.attacks)} attacks, expected_damage={self.expected_damage})"


def turn_odds(attacks: Sequence[AttackOdds | Mapping[str, Any]]) -> TurnOdds:
    """The exact distribution of a turn's total damage: ``attacks`` is a list of 1..8
    :class:`AttackOdds` (from :func:`attack_odds`) or mappings of :func:`attack_odds`' arguments
    (``{"attack_bonus": 5, "ac": 15, "damage": "1W8+3", "mode": "vorteil"}``); their rolls are
    independent, so the total is the convolution of their distributions."""
    if isinstance(attacks, (str, bytes, Mapping)) or not isinstance(attacks, Iterable):
        raise InputError(SOURCE, "attacks", "a list of AttackOdds or of attack_odds arguments", attacks)
    items: list[AttackOdds] = []
    for index, item in enumerate(attacks):
        if index >= MAX_ATTACKS:
            raise InputError(SOURCE, "attacks", f"at most {MAX_ATTACKS} attacks in one turn")
        if isinstance(item, AttackOdds):
            items.append(item)
        elif isinstance(item, Mapping):
            unknown = set(item) - {"attack_bonus", "ac", "damage", "mode", "cover", "crit_range", "name"}
            missing = {"attack_bonus", "ac", "damage"} - set(item)
            if unknown or missing:
                raise InputError(SOURCE, f"attacks[{index}]", "the arguments of attack_odds (attack_bonus, ac, damage; "
                                 "mode, cover, crit_range, name)", sorted(unknown | missing))
            items.append(attack_odds(**item))
        else:
            raise InputError(SOURCE, f"attacks[{index}]", "an AttackOdds or a mapping of attack_odds arguments",
                             short(item))
    if not items:
        raise InputError(SOURCE, "attacks", "at least one attack", [])
    work, span = 0, 1
    for item in items:
        work += span * len(item.weights)
        span += item.weights[-1][0]
    if work > MAX_TURN_WORK:
        raise InputError(SOURCE, "attacks", f"attacks whose damage ranges convolve in at most {MAX_TURN_WORK:,} "
                         f"steps (fewer or smaller dice)", f"{work:,} steps")
    weights, denominator = convolve(items)
    return TurnOdds(tuple(items), weights, denominator)


def convolve(items: Sequence[AttackOdds]) -> tuple[tuple[tuple[int, int], ...], int]:
    """The exact distribution of the total damage of independent attacks: ``(damage, weight)`` pairs in
    order of damage over one common denominator (no bound checked: callers bound the work)."""
    weights: dict[int, int] = {0: 1}
    denominator = 1
    for item in items:
        nxt: dict[int, int] = {}
        for total, w in weights.items():
            for damage, v in item.weights:
                nxt[total + damage] = nxt.get(total + damage, 0) + w * v
        weights, denominator = nxt, denominator * item.denominator
    return tuple(sorted(weights.items())), denominator


# -- Monte Carlo, for comparison ------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class AttackEstimate:
    """A sampled estimate of :func:`attack_odds`: ``n`` attacks, the ``counts`` of each outcome
    (Fehlschlag / Treffer / kritischer Treffer), ``damage_counts`` (damage -> number of samples) and
    ``damage_sum`` / ``damage_square_sum`` for the mean and its standard error."""

    n: int
    seed: int | None
    counts: Mapping[str, int]
    damage_counts: Mapping[int, int]
    damage_sum: int
    damage_square_sum: int

    def p(self, outcome: str) -> float:
        return self.counts[outcome] / self.n

    @property
    def p_miss(self) -> float:
        return self.p("Fehlschlag")

    @property
    def p_hit(self) -> float:
        return self.p("Treffer")

    @property
    def p_crit(self) -> float:
        return self.p("kritischer Treffer")

    def standard_error(self, outcome: str) -> float:
        """The standard error of an outcome's sampled frequency, ``sqrt(p (1 - p) / n)``."""
        p = self.p(outcome)
        return math.sqrt(p * (1 - p) / self.n)

    @property
    def mean_damage(self) -> float:
        return self.damage_sum / self.n

    @property
    def damage_standard_error(self) -> float:
        """The standard error of :attr:`mean_damage` (sample standard deviation / sqrt(n))."""
        if self.n < 2:
            return math.inf
        variance = (self.damage_square_sum - self.damage_sum ** 2 / self.n) / (self.n - 1)
        return math.sqrt(max(variance, 0.0) / self.n)

    @cached_property
    def frame(self) -> pd.DataFrame:
        return pd.DataFrame({"damage": sorted(self.damage_counts),
                             "probability": [self.damage_counts[d] / self.n for d in sorted(self.damage_counts)]})


def simulate_attack(attack_bonus: int, ac: int, damage: DamageDice | str, *, mode: Any = "normal",
                    cover: str = "keine", crit_range: int = 20, name: str = "", n: int = 10_000,
                    seed: int | None = 0) -> AttackEstimate:
    """Roll the attack of :func:`attack_odds` (same arguments) ``n`` times with a
    :class:`~explorer.core.rng.SeededRng` (``seed``): the d20 (two for Vorteil / Nachteil), then the
    damage dice (twice on a critical hit), for comparison with the exact odds."""
    spec = _attack(attack_bonus, ac, damage, mode, cover, crit_range, name)
    n = whole(n, "n", source=SOURCE, low=1, high=MAX_SAMPLES)
    if seed is not None:
        seed = whole(seed, "seed", source=SOURCE, low=0, high=2 ** 63 - 1)
    rng = SeededRng(seed)
    randrange = rng.randrange
    counts = {o: 0 for o in OUTCOMES}
    damage_counts: dict[int, int] = {}
    total = square = 0
    dice_normal = [s for c, s in spec.damage.terms for _ in range(c)]
    dice_crit = dice_normal * 2
    modifier = spec.damage.modifier
    outcome_of = {r: spec.outcome(r) for r in range(1, 21)}
    for _ in range(n):
        first = randrange(1, 21)
        if spec.mode.mode == "normal":
            natural = first
        else:
            second = randrange(1, 21)
            natural = max(first, second) if spec.mode.mode == "vorteil" else min(first, second)
        outcome = outcome_of[natural]
        counts[outcome] += 1
        if outcome == "Fehlschlag":
            dealt = 0
        else:
            rolled = dice_crit if outcome == "kritischer Treffer" else dice_normal
            dealt = max(0, sum(randrange(1, s + 1) for s in rolled) + modifier)
        damage_counts[dealt] = damage_counts.get(dealt, 0) + 1
        total += dealt
        square += dealt * dealt
    return AttackEstimate(n, seed, counts, damage_counts, total, square)


# -- tables ---------------------------------------------------------------------------------------

def _distribution_frame(weights: Sequence[tuple[int, int]], denominator: int, column: str) -> pd.DataFrame:
    exact = [Fraction(w, denominator) for _, w in weights]
    return pd.DataFrame({column: [d for d, _ in weights], "exact": exact, "probability": [float(p) for p in exact]})


def _ranges(values: Sequence[int]) -> str:
    if not values:
        return "-"
    parts, start, prev = [], values[0], values[0]
    for v in list(values[1:]) + [None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(parts)


def _html(title: str, summary: str, rules: Sequence[str], frames: Sequence[pd.DataFrame]) -> str:
    tables = "".join(f.to_html(index=False, float_format=lambda v: f"{v:.4f}") for f in frames)
    cited = "<br>".join(html.escape(r) for r in rules)
    return (f"<div><b>{html.escape(title)}</b><br>{html.escape(summary)}<br><small>{cited}</small>"
            f"{tables}</div>")


__all__ = ["ANGRIFFSSTRUKTUR", "ANGRIFFSWUERFE", "AttackEstimate", "AttackOdds", "COVER", "COVER_AC_BONUS",
           "MODES", "OUTCOMES", "RULING_CRIT_RANGE", "SRD_ADVANTAGE", "SRD_COVER", "SRD_CRITICAL_HITS",
           "SRD_DAMAGE_ROLLS", "SRD_ROLLING_1_OR_20", "TurnOdds", "Wurfmodus", "attack_odds", "d20_weights",
           "convolve", "simulate_attack", "turn_odds", "wurfmodus"]
