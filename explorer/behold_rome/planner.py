"""The Behold: Rome planner: which legal action is best now, found by determinized Monte Carlo search on
the real engine, without looking ahead in the deck (behold-rome-rulebook.txt, "Holding the Game").

:func:`advise` ranks every legal action of a position.  Each *iteration* samples one order of the
deck consistent with what the player knows (:func:`explorer.behold_rome.knowledge.determinize`: the
unseen cards shuffled into the not-yet-seen places, their real order never read -- unless the
look-ahead variant is in play, "Variants": then the order is known and every sample is the real one),
then, for every legal action, applies it to a copy of that sampled game and plays on with a rollout
player (the patient random player, or the greedy one) to a horizon -- the end of the current round by
default, or the end of the game -- and reads the final-score measure there
(:func:`explorer.behold_rome.players.margin`: the player's VPs minus the rival civ's, as if the game
ended at that point, "Scoring").  Every action of one iteration sees the same sampled order and the
same rollout seed (common random numbers), so the differences between actions are not drowned in the
luck of the draw.  An action's value is its mean measure; the advice comes best first, each with a
short sentence why.

``iterations`` fixes the work (the same advice on any machine: tests): every action gets every sampled
order.  Otherwise the search runs until ``budget_s`` seconds have passed (at least one iteration), and
after 4, 8, 16, ... sampled orders sets the weaker half of the actions aside (successive halving,
:data:`FIRST_CUT`), so the time goes to the contenders; the actions still searched come first.  :class:`PlannerPlayer` plays by the
advice (``choose(state, rng)`` of the game protocol).

Pure Python on the engine; nothing here draws.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Optional

from explorer.behold_rome import actions as A
from explorer.behold_rome import refs
from explorer.behold_rome.knowledge import determinize, knowledge
from explorer.behold_rome.players import GreedyPlayer, RandomPlayer, margin
from explorer.core.inputs import InputError, number, one_of, whole
from explorer.core.players import NoLegalAction
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

RULES = (refs.HOLDING_THE_GAME, refs.VARIANTS, refs.SCORING)
"""The sections the planner follows: no looking ahead (unless Foresight Mode), the score as the measure."""
ROLLOUTS = ("random", "greedy")
"""The rollout players: the patient random player (:class:`~explorer.behold_rome.players.RandomPlayer`,
fast) or the greedy one (:class:`~explorer.behold_rome.players.GreedyPlayer`, slower, stronger)."""
FIRST_CUT = 4
"""With a time budget (no ``iterations``), after 4, 8, 16, ... sampled orders the weaker half of the actions
still searched is set aside (at least 2 stay), so the time goes to the contenders (successive halving)."""
MAX_ROLLOUT_ACTIONS = 5_000
"""A rollout stops after so many actions whatever its horizon (a whole game takes a few hundred)."""


@dataclass(frozen=True)
class Advice:
    """One legal action, its value -- the mean final-score measure (own VPs minus the rival's) at the
    rollouts' horizon -- the number of rollouts behind it and a short English sentence why."""

    action: Any
    value: float
    visits: int
    text: str

    def row(self) -> dict:
        return {"action": str(self.action), "value": self.value, "visits": self.visits, "text": self.text}


def describe(state, action) -> str:
    """An action in words, its cards by their active level names ("Play Farmsteads", "End the turn
    discarding Shrine")."""
    def name(card: str) -> str:
        if card == "top":
            return "the top card"
        try:
            return state.cardset.card(card).level(state.deck.level(card)).name
        except Exception:  # noqa: BLE001 -- a card not in this game: its id
            return card

    if isinstance(action, A.Play):
        words = f"Play {name(action.card)}"
        if action.store_played:
            words += " and store it"
        if action.interrupt:
            words += f", interrupting with {name(action.interrupt)}"
        return words
    if isinstance(action, A.EndTurn):
        return f"End the turn discarding {name(action.discard)}"
    if isinstance(action, A.MoveOn):
        return "Move on" + (f" discarding {name(action.discard)}" if action.discard else "")
    card = getattr(action, "card", None)
    verbs = {"discard": "Discard", "degrade": "Degrade", "pay": "Pay with the stored", "abandon": "Abandon",
             "store": "Store", "develop": "Develop", "develop-region": "Develop the controlled region",
             "conquer": "Conquer"}
    if card is not None and action.kind in verbs:
        return f"{verbs[action.kind]} {name(card)}"
    return {"draw": "Draw a card", "finish": "Leave the rest of the benefits", "stop-drawing": "Stop drawing",
            "develop-nation": "Develop the nation", "pass-nation": "Pass the nation card",
            "end-game": "End the game"}.get(action.kind, str(action))


def rollout(state, player, rng: SeededRng, stop_round: Optional[int]) -> int:
    """Play ``state`` (changed in place) with ``player`` until the game ends, the round ``stop_round``
    begins (None: no stop) or :data:`MAX_ROLLOUT_ACTIONS` actions; return the measure there."""
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if state.is_terminal() or (stop_round is not None and state.round >= stop_round):
            break
        state.apply(player.choose(state, rng))
    return margin(state)


def _check(state, seed, budget_s, iterations, rollout_player, horizon):
    from explorer.behold_rome.game import BeholdRomeState

    if not isinstance(state, BeholdRomeState):
        raise InputError("argument", "state", "a Behold: Rome game (BeholdRomeState)", state)
    if state.is_terminal():
        raise InputError("argument", "state", "a game still running (this one is over: nothing to advise)",
                         repr(state))
    seed = whole(seed, "seed", source="advise")
    budget_s = number(budget_s, "budget_s", source="advise", low=0.001, high=3600)
    if iterations is not None:
        iterations = whole(iterations, "iterations", source="advise", low=1, high=100_000)
    one_of(rollout_player, ROLLOUTS, "rollout_player", source="advise")
    if horizon != "game":
        horizon = whole(horizon, "horizon", source="advise", low=1, high=99)
    return seed, budget_s, iterations, horizon


def advise(state, *, seed: int = 0, budget_s: float = 1.0, iterations: Optional[int] = None,
           rollout_player: str = "random", horizon: Any = 1) -> list[Advice]:
    """Every legal action of ``state`` with its value, best first (ties: the order of the legal actions).

    * ``seed``: the samples and rollouts (the same seed and ``iterations``: the same advice);
    * ``budget_s``: seconds to search when ``iterations`` is None (at least one iteration is made);
    * ``iterations``: exactly so many sampled orders, each playing out every legal action once;
    * ``rollout_player``: ``"random"`` or ``"greedy"`` (:data:`ROLLOUTS`);
    * ``horizon``: how many rounds a rollout plays, this one included (1: to the end of this round),
      or ``"game"``: to the end of the game.

    The search reads only what the player may know (:mod:`explorer.behold_rome.knowledge`): two games
    that differ only in the order of their unseen cards get the same advice.  A position with one legal
    action gets it at once (no rollout, ``visits`` 0)."""
    seed, budget_s, iterations, horizon = _check(state, seed, budget_s, iterations, rollout_player, horizon)
    legal = list(state.legal_actions())
    if not legal:
        raise NoLegalAction(f"no legal action in phase {state.phase!r}")
    if len(legal) == 1:
        return [Advice(legal[0], float(margin(state)), 0, f"{describe(state, legal[0])}: the only legal action.")]
    known = knowledge(state)
    player = RandomPlayer() if rollout_player == "random" else GreedyPlayer()
    stop = None if horizon == "game" else state.round + horizon
    totals = [0.0] * len(legal)
    visits = [0] * len(legal)
    active = list(range(len(legal)))
    root = SeededRng(seed)
    start = time.perf_counter()
    i = 0
    while (i < iterations) if iterations is not None else (i == 0 or time.perf_counter() - start < budget_s):
        sample = determinize(state, root.spawn(f"order {i}"), known)
        for k in active:
            if iterations is None and i > 0 and time.perf_counter() - start >= budget_s:
                break
            twin = sample.copy()
            try:
                twin.apply(legal[k])
            except RuleViolation:  # legal in the game, not in this sampled order: this sample says nothing
                continue
            totals[k] += rollout(twin, player, root.spawn(f"rollout {i}"), stop)
            visits[k] += 1
        i += 1
        if iterations is None and i >= FIRST_CUT and i & (i - 1) == 0 and len(active) > 2:
            ranked = sorted(active, key=lambda k: (-_mean(totals[k], visits[k]), k))
            active = sorted(ranked[:max(2, (len(active) + 1) // 2)])
    values = [_mean(t, v) for t, v in zip(totals, visits)]
    kept = set(active)
    order = sorted(range(len(legal)), key=lambda k: (k not in kept, -values[k], k))
    return [Advice(legal[k], values[k], visits[k], _text(state, legal, values, visits, order, rank, known, player,
                                                         horizon, k not in kept))
            for rank, k in enumerate(order)]


def _mean(total: float, visits: int) -> float:
    return total / visits if visits else float("-inf")


def _text(state, legal, values, visits, order, rank, known, player, horizon, set_aside=False) -> str:
    k = order[rank]
    what = describe(state, legal[k])
    samples = (f"{visits[k]} sampled orders of the {known.size} unseen cards" if known.size
               else f"{visits[k]} rollouts (the order is known)")
    until = "the end of the game" if horizon == "game" else (
        f"the end of round {min(state.round + horizon - 1, state.rounds)}")
    rival = f"against {state.rival}" if state.rival else "(no rival civ)"
    by = "random" if isinstance(player, RandomPlayer) else "greedy"
    if visits[k] == 0:
        return f"{what}: not tried within the time budget."
    value = f"{values[k]:+.1f} VP {rival}"
    if rank == 0:
        if len(order) > 1 and visits[order[1]]:
            ahead = values[k] - values[order[1]]
            lead = f", {ahead:.1f} VP ahead of {describe(state, legal[order[1]]).lower()[:1]}" \
                   f"{describe(state, legal[order[1]])[1:]}" if ahead > 0 else ", tied with the next best"
        else:
            lead = ""
        return (f"{what} is best: {value} on average at {until} over {samples}, {by} play after it{lead}.")
    if set_aside:
        return f"{what}: {value} on average over {samples}, then set aside with the weaker half."
    behind = values[order[0]] - values[k]
    return f"{what}: {value} on average over {samples}, {behind:.1f} VP behind the best."


class PlannerPlayer:
    """A player that takes the planner's best action (:func:`advise`).

    ``iterations`` / ``budget_s``: the search per decision (``iterations`` None: the time budget);
    ``phases``: the phases whose decisions are searched -- elsewhere (paying costs, resolving benefits,
    drawing: the steps of a card already chosen) the greedy player decides, so a whole game stays
    quick; None searches every decision.  ``rollout_player`` and ``horizon`` as for :func:`advise`.
    Each search is seeded from the game's ``rng``."""

    name = "planner"

    def __init__(self, iterations: Optional[int] = 2, budget_s: float = 1.0, phases: Optional[tuple] = ("action",),
                 rollout_player: str = "random", horizon: Any = 1):
        self.iterations = None if iterations is None else whole(iterations, "iterations", source="PlannerPlayer",
                                                                low=1, high=100_000)
        self.budget_s = number(budget_s, "budget_s", source="PlannerPlayer", low=0.001, high=3600)
        if phases is not None and (not isinstance(phases, (tuple, list)) or
                                   not all(p in ("action", "costs", "benefits", "draw") for p in phases)):
            raise InputError("PlannerPlayer", "phases", "None or a tuple of phases (action, costs, benefits, draw)",
                             phases)
        self.phases = None if phases is None else tuple(phases)
        self.rollout_player = one_of(rollout_player, ROLLOUTS, "rollout_player", source="PlannerPlayer")
        self.horizon = horizon if horizon == "game" else whole(horizon, "horizon", source="PlannerPlayer", low=1,
                                                                 high=99)
        self._greedy = GreedyPlayer()

    def choose(self, state, rng):
        if self.phases is not None and state.phase not in self.phases:
            return self._greedy.choose(state, rng)
        advice = advise(state, seed=rng.randrange(2**31), budget_s=self.budget_s, iterations=self.iterations,
                        rollout_player=self.rollout_player, horizon=self.horizon)
        return advice[0].action

    def _key(self) -> tuple:
        return (self.iterations, self.budget_s, self.phases, self.rollout_player, self.horizon)

    def __repr__(self) -> str:
        return (f"PlannerPlayer(iterations={self.iterations}, budget_s={self.budget_s}, phases={self.phases}, "
                f"rollout_player={self.rollout_player!r}, horizon={self.horizon!r})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlannerPlayer) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash((PlannerPlayer, self._key()))


__all__ = ["RULES", "Advice", "PlannerPlayer", "ROLLOUTS", "advise", "describe", "rollout"]
