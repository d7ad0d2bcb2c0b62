"""Beyond players with a reveal strategy: they answer every phase of the engine.

A strategy decides Phase 1 -- reveal one more card or stop, and which revealed cards to buy with
Lotus tokens after a failed reveal (beyond-rulebook.txt, "Phase 1: Reveal and Collection").  The
other phases use shared, sensible defaults (:class:`Strategy`):

* Phase 2 ("Positioning of Collected Cards"): a card goes Spirit side up when it advances one of
  the player's patterns, else Capture side up while a stock corner is free;
* Phase 3 ("Spirit Enchantments, Captures, Compensations"): compose every complete pattern; capture
  a card when it completes a pattern of ours, takes a Nian Shou card from a player holding 4 or
  more, or breaks the leader's nearly complete pattern (``capture_first``: whenever possible,
  these captures first);
* Advanced Mode: summon every enchanted spirit that can be summoned ("Summoning an Enchanted
  Celestial Spirit"); protect a card an opponent could capture now ("Protection Tokens").

The strategies (:data:`STRATEGIES`, :func:`make_strategy`): ``"random"``, ``"stop-after-k"``
(:class:`StopAfter`), ``"risk-p"`` (:class:`StopAtRisk`: stop when the chance that the next card
fails exceeds ``p``), ``"greedy"`` (:class:`Greedy`: exact expected gain of stopping vs revealing up
to 2 more, :func:`explorer.beyond.odds.expected_gain`, with a valuation from the player's area),
``"optimal"`` (:class:`OptimalCards`: :func:`explorer.beyond.odds.optimal_stop`, +1 per card) and
``"capture-first"`` (:class:`CaptureFirst`).  Every player is picklable and seeded; it decides
from public information only: the unseen cards are the draw pile's contents, which every player
can count from what is face up (perfect memory), never their order -- and the top card's back,
which lies face up ("with the backs visible", beyond-rulebook.txt, "Set Up"), and the discard pile
that becomes the second draw pile (ruling ``beyond.second-draw-pile``).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections import Counter

from explorer.beyond import actions as A
from explorer.beyond.cards import DIFFERENT, HEADS_BODIES, is_nian_shou
from explorer.beyond.odds import expected_gain, optimal_stop, p_fail_next
from explorer.core.inputs import InputError, number, whole
from explorer.core.rng import SeededRng

__all__ = ["STRATEGIES", "CaptureFirst", "Greedy", "OptimalCards", "RandomStrategy", "StopAfter", "StopAtRisk",
           "Strategy", "card_values", "make_strategy", "pattern_progress", "strategy_name"]


# =============================================================================================
# Reading the play area
# =============================================================================================
def pattern_progress(state, player: str, spirit: str, extra=()) -> int:
    """How many of ``player``'s loose ``spirit`` cards (plus card ids ``extra``) one pattern can use
    (0..4): similar -- any 4; heads-bodies -- 2 heads and 2 bodies; different -- 4 different parts
    (beyond-rulebook.txt, "Energy Points by Enchanted Spirit")."""
    cards = [state.cards[c] for c in list(state._area(player)["spirit"]) + list(extra)]
    mine = [c for c in cards if c.spirit == spirit]
    kind = state.components.spirits[spirit].pattern
    if kind == HEADS_BODIES:
        parts = Counter(c.part for c in mine)
        return sum(min(2, n) for n in parts.values())
    if kind == DIFFERENT:
        return min(4, len({c.part for c in mine}))
    return min(4, len(mine))


def card_values(state, player: str) -> dict:
    """Worth of one more card, by key ``(spirit, part)``, to ``player``: +1 energy point, plus the
    share of the pattern's points it brings when it advances a pattern (a card of a spirit with
    ``m`` usable cards adds ``points * (m + 1) / 16``, a card that does not fit adds nothing)."""
    values = {}
    for code, spirit in state.components.spirits.items():
        loose = [state.cards[c] for c in state._area(player)["spirit"] if state.cards[c].spirit == code]
        have = pattern_progress(state, player, code)
        for part in spirit.parts:
            fits = have < 4
            if spirit.pattern == HEADS_BODIES:
                fits = sum(1 for c in loose if c.part == part) < 2
            elif spirit.pattern == DIFFERENT:
                fits = all(c.part != part for c in loose)
            values[(code, part)] = 1.0 + (spirit.points * (have % 4 + 1) / 16 if fits else 0.0)
    return values


def _leader(state, me: str) -> str | None:
    others = [p for p in state.players if p != me]
    return max(others, key=lambda p: state.score(p)["total"]) if others else None


# =============================================================================================
# The shared defaults
# =============================================================================================
class Strategy(ABC):
    """Base player: ``choose(state)`` returns a legal action for the active player.  Subclasses
    decide ``wants_reveal(state)``; ``capture_first`` captures whenever possible."""

    name = "base"
    capture_first = False

    def __init__(self, seed: int = 0):
        self.rng = SeededRng(None if seed is None else whole(seed, "seed", source="strategy"))

    def for_game(self, seed: int) -> "Strategy":
        """A fresh copy of this player for one game, seeded ``seed``."""
        twin = copy.copy(self)
        twin.rng = SeededRng(None if seed is None else whole(seed, "seed", source="strategy"))
        return twin

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    # -- Phase 1 -----------------------------------------------------------------------------------
    @abstractmethod
    def wants_reveal(self, state) -> bool:
        """Reveal one more card now (called only after the first, compulsory reveal)?"""

    def choose(self, state):
        phase = state.phase
        if phase == "reveal":
            if not state.can(A.Reveal()):  # the last draw pile ran out in the last round: only Stop is left
                return A.Stop()
            if not state.revealed:  # nothing to collect yet: always turn the first card
                return A.Reveal()
            return A.Reveal() if self.wants_reveal(state) else A.Stop()
        if phase == "collect":
            return self.choose_collect(state)
        if phase == "place":
            return self.choose_place(state)
        return self.choose_act(state)

    def choose_collect(self, state) -> A.Collect:
        """Buy a revealed card with a Lotus token only when it is worth more than the token's point
        (it advances a pattern); keep one Lotus for summoning in the advanced mode."""
        me = state.active_player
        lotus = state._area(me)["lotus"] - (1 if state.options.summoning else 0)
        values = card_values(state, me)
        others = sorted(state.revealed[:-1], key=lambda c: -values[state.cards[c].key[:2]])
        chosen = {c for c in others[:max(0, lotus)] if values[state.cards[c].key[:2]] > 1.5}
        return A.Collect(tuple(c for c in state.revealed[:-1] if c in chosen))

    # -- Phase 2 -----------------------------------------------------------------------------------
    def choose_place(self, state) -> A.Place:
        me = state.active_player
        a = state._area(me)
        card = state.to_place[0]
        spirit = state.cards[card].spirit
        others = list(state.to_place[1:])
        useful = pattern_progress(state, me, spirit, [card] + others) > pattern_progress(state, me, spirit, others)
        started = pattern_progress(state, me, spirit, others) > 0
        wants_capture = len(a["captures"]) < state.components.capture_corners and (
            not useful or (self.capture_first and not started and len(a["captures"]) < 2))
        return A.Place(card, "capture" if wants_capture else "spirit")

    # -- Phase 3 -----------------------------------------------------------------------------------
    def choose_act(self, state):
        legal = list(state.legal_actions())
        for action in legal:
            if action.kind == "compose":
                return action
        capture = self.choose_capture(state, [a for a in legal if a.kind == "capture"])
        if capture is not None:
            return capture
        summons = [a for a in legal if a.kind == "summon"]
        if summons:
            return self.choose_summon(state, summons)
        protect = self.choose_protect(state, [a for a in legal if a.kind == "protect"])
        if protect is not None:
            return protect
        return A.EndTurn()

    def capture_worth(self, state, action) -> float:
        """How much a capture helps: completes / advances our pattern, takes a Nian Shou card from
        a player close to enchanting it, breaks the leader's nearly complete pattern."""
        me = state.active_player
        card = action.card
        if is_nian_shou(card):
            held = len(state._area(action.victim)["nian"])
            return 3.0 if held >= 4 else 0.5 + held / 4
        spirit = state.cards[card].spirit
        gain = pattern_progress(state, me, spirit, [card]) - pattern_progress(state, me, spirit)
        worth = gain * (2.0 if pattern_progress(state, me, spirit, [card]) == 4 else 0.5)
        their = pattern_progress(state, action.victim, spirit)
        if their >= 3:
            worth += 1.0 + (action.victim == _leader(state, me))
        return worth

    def choose_capture(self, state, captures):
        if not captures:
            return None
        scored = [(self.capture_worth(state, a), i) for i, a in enumerate(captures)]
        worth, index = max(scored)
        if self.capture_first or worth >= 1.0:
            return captures[index]
        return None

    def choose_summon(self, state, summons):
        me = state.active_player
        values = card_values(state, me)

        def score(action):
            choice = action.choice
            if isinstance(choice, str) and choice in state.cards:
                return values[state.cards[choice].key[:2]]
            return 0.0

        return max(summons, key=score)

    def choose_protect(self, state, protects):
        """Protect a loose card an opponent could capture right now, the most useful one first."""
        if not protects:
            return None
        me = state.active_player
        threatened = _threatened(state, me)
        candidates = [a for a in protects if a.card in threatened]
        if not candidates:
            return None
        return max(candidates, key=lambda a: pattern_progress(state, me, state.cards[a.card].spirit))


def _threatened(state, me: str) -> set:
    """My loose cards some opponent holds the right Capture card for."""
    out = set()
    for p in state.players:
        if p == me:
            continue
        symbols = {state.cards[c].symbol for c in state._area(p)["captures"]}
        for card in state._area(me)["spirit"]:
            if card in state._area(me)["protected"]:
                continue
            need = "yin" if state.cards[card].symbol == "yang" else "yang"
            if need in symbols:
                out.add(card)
    return out


def _unseen(state) -> Counter:
    """The unseen cards by key (the draw pile's contents: public by counting, order unknown)."""
    return state.draw_pile_counts()


def _revealed_keys(state) -> list:
    return [state.cards[c].key for c in state.revealed]


def _public(state) -> dict:
    """The public facts of the pile the reveal odds take: the top card's back and the second pile."""
    return {"back": state.top_back, "second_pile": state.second_pile_counts()}


# =============================================================================================
# The strategies
# =============================================================================================
class RandomStrategy(Strategy):
    """Reveals one more card with probability 1/2; the shared defaults for the rest."""

    name = "random"

    def wants_reveal(self, state) -> bool:
        return self.rng.random() < 0.5


class StopAfter(Strategy):
    """Stops once ``k`` cards are revealed (a failed reveal stops earlier)."""

    def __init__(self, k: int = 3, seed: int = 0):
        super().__init__(seed)
        self.k = whole(k, "k", source="strategy stop-after-k", low=1, high=100)
        self.name = f"stop-after-{self.k}"

    def wants_reveal(self, state) -> bool:
        return len(state.revealed) < self.k


class StopAtRisk(Strategy):
    """Stops when the exact chance that the next card fails (shares a spirit with a revealed card)
    exceeds ``p`` (:func:`explorer.beyond.odds.p_fail_next`)."""

    def __init__(self, p: float = 0.4, seed: int = 0):
        super().__init__(seed)
        self.p = number(p, "p", source="strategy risk-p", low=0, high=1)
        self.name = f"risk-{self.p:g}"

    def wants_reveal(self, state) -> bool:
        return float(p_fail_next(_revealed_keys(state), _unseen(state), **_public(state))) <= self.p


class Greedy(Strategy):
    """Reveals while the exact expected value of revealing up to ``horizon`` more cards beats
    stopping (:func:`explorer.beyond.odds.expected_gain`), valuing collected cards with
    :func:`card_values` (pattern progress), a Lotus token at 1 point and a Nian Shou card at 1.5.
    (Measured: the expected value is unimodal in the horizon, so ``horizon`` 1, 2 and 3 decide alike
    in practice; it mostly stops after 2 or 3 cards, depending on the spirits shown.)"""

    name = "greedy"

    def __init__(self, horizon: int = 2, seed: int = 0):
        super().__init__(seed)
        self.horizon = whole(horizon, "horizon", source="strategy greedy", low=1, high=6)

    def wants_reveal(self, state) -> bool:
        me = state.active_player
        values = card_values(state, me)

        def value(keys):
            return sum(values[k[:2]] for k in keys)

        lotus = state._area(me)["lotus"]
        gain = expected_gain(_revealed_keys(state), _unseen(state), value, lotus=lotus, k_max=self.horizon,
                             nian_shou_left=len(state.central), nian_shou_value=1.5, lotus_cost=1,
                             project=lambda key: key[:2], **_public(state))
        return gain.best_k > 0


class OptimalCards(Strategy):
    """Plays the reveal that maximises the expected number of collected cards (+1 each, Nian Shou
    included): :func:`explorer.beyond.odds.optimal_stop`'s dynamic programme."""

    name = "optimal"

    def wants_reveal(self, state) -> bool:
        me = state.active_player
        decision = optimal_stop(_revealed_keys(state), _unseen(state), lotus=state._area(me)["lotus"],
                                nian_shou_left=len(state.central), lotus_cost=1, **_public(state))
        return decision.should_reveal


class CaptureFirst(StopAfter):
    """Reveals like ``stop-after-k`` (k = 2), places early cards Capture side up, and captures
    whenever it can, preferring cards that complete its patterns or break the leader's."""

    capture_first = True

    def __init__(self, k: int = 2, seed: int = 0):
        super().__init__(k, seed)
        self.name = "capture-first"


STRATEGIES = {
    "random": RandomStrategy,
    "stop-after-k": StopAfter,
    "risk-p": StopAtRisk,
    "greedy": Greedy,
    "optimal": OptimalCards,
    "capture-first": CaptureFirst,
}
"""Strategy families; :func:`make_strategy` reads names like ``"stop-after-3"`` and ``"risk-0.3"``."""


def make_strategy(spec, seed: int = 0) -> Strategy:
    """A player from a name (``"random"``, ``"stop-after-3"``, ``"risk-0.3"``, ``"greedy"``,
    ``"optimal"``, ``"capture-first"``) or a :class:`Strategy` (copied, reseeded)."""
    if isinstance(spec, Strategy):
        return spec.for_game(seed)
    if not isinstance(spec, str):
        raise InputError("strategy", "", "a strategy name (random, stop-after-3, risk-0.3, greedy, optimal, "
                         "capture-first) or a Strategy", spec)
    try:
        if spec.startswith("stop-after-") and spec[len("stop-after-"):].isdigit():
            return StopAfter(int(spec[len("stop-after-"):]), seed=seed)
        if spec.startswith("risk-"):
            return StopAtRisk(float(spec[len("risk-"):]), seed=seed)
    except ValueError as error:  # float('x'), or an InputError from the strategy's checks
        if isinstance(error, InputError):
            raise
        raise InputError("strategy", "", "risk-p with p a number from 0 to 1, e.g. risk-0.3", spec) from None
    if spec in ("random", "greedy", "optimal", "capture-first"):
        return STRATEGIES[spec](seed=seed)
    raise InputError("strategy", "", "a known strategy (unknown strategy): random, stop-after-3, risk-0.3, "
                     "greedy, optimal or capture-first", spec)


def strategy_name(spec) -> str:
    """The display name of a strategy spec."""
    return spec.name if isinstance(spec, Strategy) else make_strategy(spec).name
