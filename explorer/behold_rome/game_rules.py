"""The rules of each Behold: Rome action, on the game's data: ``basic`` raises RuleViolation citing the
rulebook, ``perform`` carries the action out, ``verify`` adds the look-ahead that keeps a played card
completable (ruling ``behold_rome.benefit-check``), ``candidates`` lists the actions worth trying.

The data (:class:`~explorer.behold_rome.game.BeholdRomeState` keeps it) is a dict: ``deck`` (a
:class:`~explorer.behold_rome.deck.Deck`), ``round``, ``nation_developed`` (this round), ``turn``,
``refill`` (None, or why the end of turn's draw waits: ``"stored"`` / ``"nation"``), ``over`` and
``frames``: the actions being resolved, innermost last -- a ``play`` frame (a played card: its costs
left, then its benefits, each with ``left`` and ``done``), and ``develop`` / ``conquer`` / ``nation``
frames (an extra cost to pay before a level changes, a region is slotted, the nation develops).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional

from explorer.behold_rome import refs, rulings as _rulings  # noqa: F401 -- registers the rulings read here
from explorer.behold_rome.actions import (Abandon, Conquer, Degrade, Develop, DevelopNation, DevelopRegion, Discard,
                                          Draw, EndGame, EndTurn, Finish, MoveOn, PassNation, Pay, Play, StopDrawing,
                                          Store)
from explorer.behold_rome.cards import Abandon as AbandonCost
from explorer.behold_rome.cards import Conquer as ConquerBenefit
from explorer.behold_rome.cards import Degrade as DegradeModel
from explorer.behold_rome.cards import Develop as DevelopBenefit
from explorer.behold_rome.cards import DevelopRegion as DevelopRegionBenefit
from explorer.behold_rome.cards import Discard as DiscardCost
from explorer.behold_rome.cards import Draw as DrawBenefit
from explorer.behold_rome.cards import Ignore, Pay as PayCost, Store as StoreBenefit
from explorer.behold_rome.deck import HAND_SIZE, MARKERS, MAX_CONTROLLED, MAX_STORED
from explorer.core.rules import RuleViolation

SEARCH_BUDGET = 20_000
"""Most states one completion search visits (a played card's choices are few; the bound only keeps
a pathological card set from hanging)."""


def _need(cond: bool, reason: str, rule) -> None:
    if not cond:
        raise RuleViolation(reason, rule)


def _noop(*args: Any, **kwargs: Any) -> None:
    return None


def no_costs() -> dict:
    return {"discard": 0, "degrade": 0, "degrade_type": None, "population": 0, "materials": 0, "abandon": 0}


def add_costs(costs: dict, items) -> dict:
    """The costs of the card language (``discard``, ``degrade``, ``pay``, ``abandon``) added to ``costs``."""
    for item in items:
        if isinstance(item, DiscardCost):
            costs["discard"] += item.discard
        elif isinstance(item, DegradeModel):
            costs["degrade"] += item.degrade
            costs["degrade_type"] = item.type
        elif isinstance(item, PayCost):
            costs["population"] += item.pay.population
            costs["materials"] += item.pay.materials
        elif isinstance(item, AbandonCost):
            costs["abandon"] += item.abandon
    return costs


def costs_left(costs: dict) -> bool:
    return any(costs[k] for k in ("discard", "degrade", "population", "materials", "abandon"))


def benefit_entry(item) -> dict:
    """A benefit of the card language as a frame entry: ``kind``, ``left``, ``done`` and its options."""
    if isinstance(item, DrawBenefit):
        return {"kind": "draw", "left": item.draw, "done": 0}
    if isinstance(item, StoreBenefit):
        return {"kind": "store", "left": item.store, "done": 0, "resource": item.resource}
    if isinstance(item, DevelopBenefit):
        return {"kind": "develop", "left": item.develop, "done": 0, "type": item.type}
    if isinstance(item, DevelopRegionBenefit):
        return {"kind": "develop_region", "left": item.develop_region, "done": 0}
    if isinstance(item, DegradeModel):
        return {"kind": "degrade", "left": item.degrade, "done": 0, "type": item.type}
    if isinstance(item, ConquerBenefit):
        return {"kind": "conquer", "left": 1, "done": 0, "value": item.conquer}
    if isinstance(item, Ignore):
        return {"kind": "ignore", "left": 1, "done": 0, "ignore": list(item.ignore)}
    raise TypeError(f"unknown benefit {item!r}")


def copy_data(d: dict) -> dict:
    out = dict(d)
    out["deck"] = d["deck"].copy()
    out["frames"] = [dict(f, costs=dict(f["costs"]), benefits=[dict(b) for b in f.get("benefits", ())],
                          touched=list(f.get("touched", ()))) for f in d["frames"]]
    return out


class Rules:
    """The rules of one game: its card set, rulings, variants and number of rounds."""

    def __init__(self, cardset, rulings, variants: frozenset, rounds: int):
        self.cardset = cardset
        self.rulings = rulings
        self.variants = frozenset(variants)
        self.rounds = rounds
        self.fluid = "fluid-rounds" in self.variants
        self.levels = {(c.id, lv.level): lv for c in cardset.civ_cards for lv in c.levels}
        self.by_name = {lv.name: (c.id, lv.level) for c in cardset.civ_cards for lv in c.levels}
        self.wrap = rulings["behold_rome.level-bounds"] == "wrap"
        self.heed_banner = rulings["behold_rome.develop-banner"] == "heed-target"
        self.store_cards = rulings["behold_rome.store-counts"] == "cards"
        self.any_time = rulings["behold_rome.move-on-when"] == "any-time"
        self.even_ages = rulings["behold_rome.ages"] == "even-thirds"

    # -- reading the data ----------------------------------------------------------------------------
    def level_of(self, d: dict, card_id: str):
        return self.levels[(card_id, d["deck"].level(card_id))]

    def nation(self, d: dict):
        return self.cardset.nation.level(d["deck"].level("nation"))

    def banner_ok(self, d: dict, banner: Optional[str]) -> bool:
        nation = self.nation(d)
        return banner is None or banner in (nation.status, nation.condition)

    def active(self, d: dict, name: str) -> bool:
        """The named level is active (ruling ``behold_rome.required-level-place``: anywhere in the civ)."""
        card_id, level = self.by_name[name]
        return d["deck"].level(card_id) == level

    def up(self, level: int) -> Optional[int]:
        return level + 1 if level < 4 else (1 if self.wrap else None)

    def down(self, level: int) -> Optional[int]:
        return level - 1 if level > 1 else (4 if self.wrap else None)

    def count(self, lv, resource: str) -> int:
        r = lv.resources
        return {"population": r.population, "materials": r.materials, "any": r.total}[resource]

    def last_round(self, d: dict) -> bool:
        return d["round"] >= self.rounds

    def age(self, round_: int) -> int:
        if self.even_ages:
            return min(3, -(-3 * round_ // self.rounds))
        return min(3, (round_ - 1) // 4 + 1)

    def nation_on_top(self, d: dict) -> bool:
        top = d["deck"].top
        return top is not None and top[0] == "nation"

    def can_pass(self, d: dict) -> bool:
        """Fluid rounds: the nation card on top can be passed (ruling ``behold_rome.fluid-pass``)."""
        return (self.fluid and self.nation_on_top(d) and not self.last_round(d)
                and any(e[0] not in MARKERS for e in d["deck"].free()))


# -- phases --------------------------------------------------------------------------------------------
def phase_of(d: dict) -> str:
    if d["over"]:
        return "over"
    if d["refill"]:
        return "draw"
    if d["frames"]:
        return d["frames"][-1]["stage"]
    return "action"


def _play_frame(d: dict) -> Optional[dict]:
    """The play frame whose action the top frame belongs to (touched cards are recorded there)."""
    for f in reversed(d["frames"]):
        if f["kind"] == "play":
            return f
    return None


def _benefit(f: dict, kind: str) -> Optional[dict]:
    for b in f.get("benefits", ()):
        if b["kind"] == kind:
            return b
    return None


# -- checks --------------------------------------------------------------------------------------------
def basic(R: Rules, d: dict, a) -> None:
    """Raise RuleViolation if ``a`` breaks a rule now (the completion look-ahead aside)."""
    phase = phase_of(d)
    deck = d["deck"]
    if isinstance(a, (Play, EndTurn, MoveOn, DevelopNation, EndGame)):
        _need(phase == "action", f"{a.kind} is taken between actions, not now (phase {phase!r})", refs.TURNS)
    if isinstance(a, Play):
        _verify_play(R, d, a)
    elif isinstance(a, EndTurn):
        _need(not R.nation_on_top(d), "the nation card is revealed: move on (or end the game) before the turn can "
              "end (ruling behold_rome.nation-revealed-turn)", refs.ROUND_END)
        if a.discard == "top":
            top = deck.top
            _need(top is not None and top[0] not in MARKERS and not top[2], "the top card cannot be discarded",
                  refs.END_OF_TURN_PHASE)
        else:
            _need(bool(deck.hand), "with no cards in your hand you must discard the top card of your deck",
                  refs.END_OF_TURN_PHASE)
            _need(deck.in_hand(a.discard), f"{a.discard!r} is not a card in the hand", refs.END_OF_TURN_PHASE)
    elif isinstance(a, MoveOn):
        _need(not R.last_round(d), "the last round ends the game instead of moving on (ruling behold_rome.last-round)",
              refs.ROUND_END)
        _need(R.nation_on_top(d) or R.any_time, "moving on comes once the nation card is revealed "
              "(ruling behold_rome.move-on-when)", refs.ROUND_END)
        if R.fluid or not deck.hand:
            _need(a.discard == "", "no card is discarded from the hand to move on here (fluid rounds or an empty "
                  "hand: rulings behold_rome.fluid-pass, behold_rome.nation-revealed-turn)", refs.ROUND_END)
        else:
            _need(deck.in_hand(a.discard), "to move on, discard a card from your hand", refs.ROUND_END)
    elif isinstance(a, EndGame):
        _need(R.last_round(d), f"the game ends at the end of round {R.rounds}, not round {d['round']}", refs.ROUND_END)
        _need(R.nation_on_top(d) or R.any_time, "the last round ends once the nation card is revealed", refs.ROUND_END)
    elif isinstance(a, DevelopNation):
        _verify_nation(R, d)
    elif isinstance(a, StopDrawing):
        _need(phase == "draw", "stopping the draw is a choice of the end of turn's draw only (a benefit's draw "
              "is left with Finish)", refs.HOLDING_THE_GAME)
    elif isinstance(a, PassNation):
        pending = phase == "draw" or (phase == "benefits" and (_benefit(d["frames"][-1], "draw") or {}).get("left", 0) > 0)
        _need(R.fluid, "passing the nation card is the fluid round variant, not in play", refs.FLUID_ROUND_VARIANT)
        _need(pending and R.can_pass(d), "the nation card can be passed only when a draw reveals it with draw left, "
              "outside the last round, with a civ card behind it (ruling behold_rome.fluid-pass)",
              refs.FLUID_ROUND_VARIANT)
    elif isinstance(a, Draw):
        if phase == "draw":
            _need(d["refill"] == "stored", "the nation card stops the draw", refs.ROUND_END)
        else:
            _need(phase == "benefits", "drawing is a benefit or the end of turn's draw", refs.ACTION_PHASE)
            b = _benefit(d["frames"][-1], "draw")
            _need(b is not None and b["left"] > 0, "the played card has no draw left", refs.ACTION_PHASE)
            top = deck.top
            _need(top is not None and top[0] not in MARKERS, "the nation card is on top: nothing to draw "
                  "(the surplus draw is lost)", refs.ROUND_END)
    elif isinstance(a, (Discard, Pay, Abandon)) or (isinstance(a, Degrade) and phase == "costs"):
        _verify_cost(R, d, a, phase)
    elif isinstance(a, (Store, Develop, DevelopRegion, Degrade, Conquer, Finish)):
        _verify_benefit(R, d, a, phase)
    else:
        raise RuleViolation(f"{a!r} is not a Behold: Rome action", refs.TURNS)


def _verify_play(R: Rules, d: dict, a: Play) -> None:
    deck = d["deck"]
    _need(deck.in_hand(a.card), f"{a.card!r} is not a card in the hand (the top card is not in the hand)",
          refs.ACTION_PHASE)
    lv = R.level_of(d, a.card)
    _need(lv.action is not None, f"{lv.name} has no action to play", refs.ACTION_PHASE)
    _need(not lv.action.interrupts, f"{lv.name} interrupts another card's action; it is played on one "
          "(ruling behold_rome.interrupts)", refs.INTERRUPTING_ACTIONS)
    _need(R.banner_ok(d, lv.banner), f"{lv.name} shows the {lv.banner} banner: your nation is "
          f"{R.nation(d).status} ({R.nation(d).condition})", refs.BANNER)
    if a.store_played:
        store = next((b for b in lv.action.benefits if isinstance(b, StoreBenefit)), None)
        _need(store is not None, f"{lv.name}'s action stores nothing: the played card is discarded", refs.PLAYED_CARD)
        n = R.count(lv, store.resource)
        _need(n >= 1 and (R.store_cards or n <= store.store), f"{lv.name} has no fitting resources available for "
              "its own store", refs.PLAYED_CARD)
    if a.interrupt:
        _need(a.interrupt != a.card and deck.in_hand(a.interrupt), f"{a.interrupt!r} is not another card in the hand",
              refs.INTERRUPTING_ACTIONS)
        ilv = R.level_of(d, a.interrupt)
        _need(ilv.action is not None and ilv.action.interrupts, f"{ilv.name} is no interrupting card",
              refs.INTERRUPTING_ACTIONS)
        _need(R.banner_ok(d, ilv.banner), f"{ilv.name} shows the {ilv.banner} banner", refs.BANNER)
        ignored = next(b for b in ilv.action.benefits if isinstance(b, Ignore)).ignore
        costs = add_costs(no_costs(), lv.action.costs)
        has = {"discard": costs["discard"], "degrade": costs["degrade"],
               "pay": costs["population"] + costs["materials"]}
        _need(any(has[k] for k in ignored), f"{lv.name} has no {' or '.join(ignored)} cost for {ilv.name} to ignore "
              "(ruling behold_rome.interrupts)", refs.INTERRUPTING_ACTIONS)


def _nation_costs(R: Rules, d: dict) -> dict:
    nation = R.nation(d)
    costs = no_costs()
    costs["population"] += nation.development_cost.population
    costs["materials"] += nation.development_cost.materials
    target = R.cardset.nation.level(nation.level + 1)
    if target.requirement is not None and target.requirement.cost:
        add_costs(costs, target.requirement.cost)
    return costs


def _verify_nation(R: Rules, d: dict) -> None:
    _need(R.nation_on_top(d) or R.any_time, "the nation is developed at round end, once the nation card is "
          "revealed (ruling behold_rome.nation-develop-when)", refs.ROUND_END)
    _need(not d["nation_developed"], "the nation card is developed once per round", refs.NATION_CARD)
    nation = R.nation(d)
    _need(nation.level < 4, f"{nation.status} is the highest nation status", refs.NATION_CARD)
    target = R.cardset.nation.level(nation.level + 1)
    if target.requirement is not None and target.requirement.level:
        _need(R.active(d, target.requirement.level), f"{target.status} requires {target.requirement.level} to be "
              "active", refs.REQUIREMENTS)


def _target(R: Rules, d: dict, card_id: str, region: bool) -> tuple[int, dict]:
    """The level ``card_id`` develops into and the extra costs of getting there (requirement, tributary)."""
    level = d["deck"].level(card_id)
    to = R.up(level)
    _need(to is not None, f"{R.level_of(d, card_id).name} is at level 4: it cannot be developed "
          "(ruling behold_rome.level-bounds)", refs.LEVEL)
    lv = R.levels[(card_id, to)]
    if R.heed_banner:
        _need(R.banner_ok(d, lv.banner), f"{lv.name} shows the {lv.banner} banner: your nation is "
              f"{R.nation(d).status} ({R.nation(d).condition}) (ruling behold_rome.develop-banner)", refs.DEVELOP)
    costs = no_costs()
    if lv.requirement is not None:
        if lv.requirement.level:
            _need(R.active(d, lv.requirement.level), f"{lv.name} requires {lv.requirement.level} to be active",
                  refs.REQUIREMENTS)
        else:
            add_costs(costs, lv.requirement.cost)
    if lv.type == "tributary":
        others = [e for e in d["deck"].controlled() if e[0] != card_id]
        _need(bool(others), f"{lv.name} is a tributary: a region must be abandoned first, and there is none",
              refs.DEVELOP)
        costs["abandon"] += 1
    return to, costs


def _verify_cost(R: Rules, d: dict, a, phase: str) -> None:
    _need(phase == "costs", f"{a.kind} is a cost, and no cost is being paid now", refs.ACTION_PHASE)
    f = d["frames"][-1]
    c = f["costs"]
    deck = d["deck"]
    exclude = f["card"] if f["kind"] in ("develop",) else None
    if isinstance(a, Discard):
        _need(c["discard"] > 0, "no discard is left to pay", refs.ACTION_PHASE)
        _need(deck.in_hand(a.card) and a.card != exclude, f"{a.card!r} is not a card in the hand to discard",
              refs.DISCARD)
    elif isinstance(a, Degrade):
        _need(c["degrade"] > 0, "no degrade is left to pay", refs.ACTION_PHASE)
        _need(deck.in_hand(a.card) and a.card != exclude, f"{a.card!r} is not a card in the hand to degrade "
              "(only cards currently in your hand)", refs.DEGRADE)
        lv = R.level_of(d, a.card)
        _need(c["degrade_type"] is None or lv.type == c["degrade_type"], f"{lv.name} is no {c['degrade_type']} card",
              refs.DEGRADE)
        _need(R.down(lv.level) is not None, f"{lv.name} is at level 1 (ruling behold_rome.level-bounds)", refs.LEVEL)
    elif isinstance(a, Pay):
        _need(deck.place(a.card) == "stored" if a.card in deck.ids() else False,
              f"{a.card!r} is not a stored card (only stored resources pay)", refs.PAY_SPEND)
        lv = R.level_of(d, a.card)
        covers = (c["population"] and lv.resources.population) or (c["materials"] and lv.resources.materials)
        _need(bool(covers), f"{lv.name} covers no part of the price still missing (ruling behold_rome.pay-mixed)",
              refs.PAY_SPEND)
    elif isinstance(a, Abandon):
        _need(c["abandon"] > 0, "no region is to be abandoned", refs.ABANDON)
        _need(a.card in deck.ids() and deck.place(a.card) == "controlled" and a.card != f.get("card"),
              f"{a.card!r} is not a controlled region to abandon", refs.ABANDON)


def _verify_benefit(R: Rules, d: dict, a, phase: str) -> None:
    _need(phase == "benefits", f"{a.kind} resolves a benefit, and no benefit is being resolved now", refs.ACTION_PHASE)
    f = d["frames"][-1]
    deck = d["deck"]
    if isinstance(a, Finish):
        return
    kind = {Store: "store", Develop: "develop", DevelopRegion: "develop_region", Degrade: "degrade",
            Conquer: "conquer"}[type(a)]
    b = _benefit(f, kind)
    _need(b is not None and b["left"] > 0, f"the played card has no {kind.replace('_', ' ')} left", refs.ACTION_PHASE)
    if isinstance(a, DevelopRegion):
        _need(a.card in deck.ids() and deck.place(a.card) == "controlled", f"{a.card!r} is not a controlled region",
              refs.DEVELOP)
        _target(R, d, a.card, True)
        return
    _need(deck.in_hand(a.card), f"{a.card!r} is not a card in the hand (the played card is not)", refs.ACTION_PHASE)
    lv = R.level_of(d, a.card)
    if isinstance(a, Store):
        _need(a.card not in f["touched"], f"{lv.name} was discarded, developed or degraded for this action: it "
              "cannot be stored by it", refs.ACTION_PHASE)
        _need(len(deck.stored()) < MAX_STORED, f"{MAX_STORED} cards are stored already", refs.SLOT)
        n = R.count(lv, b["resource"])
        _need(n >= 1, f"{lv.name} has no {b['resource']} resources available", refs.AVAILABLE_RESOURCES)
        _need(R.store_cards or n <= b["left"], f"{lv.name} holds {n} resources, more than the {b['left']} left to "
              "store (ruling behold_rome.store-counts)", refs.STORE_STORED)
    elif isinstance(a, Develop):
        _need(b.get("type") is None or lv.type == b["type"], f"{lv.name} is no {b.get('type')} card", refs.DEVELOP)
        _target(R, d, a.card, False)
    elif isinstance(a, Degrade):
        _need(b.get("type") is None or lv.type == b["type"], f"{lv.name} is no {b.get('type')} card", refs.DEGRADE)
        _need(R.down(lv.level) is not None, f"{lv.name} is at level 1 (ruling behold_rome.level-bounds)", refs.LEVEL)
    elif isinstance(a, Conquer):
        _need(lv.type == "region", f"{lv.name} is no region", refs.CONQUER)
        _need(lv.wealth <= b["value"], f"{lv.name} has wealth {lv.wealth}, more than conquer {b['value']}",
              refs.CONQUER)
        _need(R.banner_ok(d, lv.banner), f"{lv.name} shows the {lv.banner} banner: your nation is "
              f"{R.nation(d).status} ({R.nation(d).condition})", refs.BANNER)


LOOKAHEAD = (Play, DevelopNation, Discard, Degrade, Pay, Abandon, Draw, Store, Develop, DevelopRegion, Conquer,
             PassNation)


def verify(R: Rules, d: dict, a) -> None:
    """Every rule, and for a step of a played card the look-ahead: afterwards the action can still be
    completed (ruling ``behold_rome.benefit-check``)."""
    basic(R, d, a)
    if isinstance(a, Finish):
        f = d["frames"][-1]
        if all(b["done"] for b in f["benefits"]):
            return
        _need(not any(_legal_step(R, d, s) for s in step_candidates(R, d) if not isinstance(s, Finish)),
              "each distinct type of benefit is resolved at least in part before the rest is left",
              refs.ACTION_PHASE)
        return
    if isinstance(a, LOOKAHEAD) and (d["frames"] or isinstance(a, (Play, DevelopNation))):
        trial = copy_data(d)
        perform(R, trial, a, _noop)
        _need(completable(R, trial), "then the action could not be completed: its costs could not all be paid "
              "or not every type of benefit resolved at least in part (ruling behold_rome.benefit-check)",
              refs.ACTION_PHASE)


def _legal_step(R: Rules, d: dict, a) -> bool:
    try:
        verify(R, d, a)
    except RuleViolation:
        return False
    return True


def _signature(d: dict) -> str:
    deck = d["deck"]
    return repr((deck.stack, deck.hand, deck.aside, d["frames"], d["round"], d["refill"]))


def completable(R: Rules, d: dict, memo: Optional[dict] = None, budget: Optional[list] = None) -> bool:
    """Whether the actions being resolved can all be completed: every cost paid, at least one of each
    benefit type resolved (a search over the steps; only the types still unresolved are tried)."""
    if not d["frames"]:
        return True
    f = d["frames"][-1]
    if f["stage"] == "benefits" and all(b["done"] for b in f["benefits"]):
        return True
    memo = {} if memo is None else memo
    budget = [SEARCH_BUDGET] if budget is None else budget
    key = _signature(d)
    if key in memo:
        return memo[key]
    memo[key] = False
    budget[0] -= 1
    if budget[0] < 0:
        return False
    for a in step_candidates(R, d, search=True):
        try:
            basic(R, d, a)
            trial = copy_data(d)
            perform(R, trial, a, _noop)
        except RuleViolation:
            continue
        if completable(R, trial, memo, budget):
            memo[key] = True
            return True
    return False


# -- candidates ----------------------------------------------------------------------------------------
def step_candidates(R: Rules, d: dict, search: bool = False) -> Iterator:
    """The steps of the top frame worth trying (``search``: only the benefit types still unresolved)."""
    f = d["frames"][-1]
    deck = d["deck"]
    hand = [e[0] for e in deck.hand]
    if f["stage"] == "costs":
        c = f["costs"]
        if c["discard"]:
            yield from (Discard(h) for h in hand)
        if c["degrade"]:
            yield from (Degrade(h) for h in hand)
        if c["population"] or c["materials"]:
            yield from (Pay(e[0]) for e in deck.stored())
        if c["abandon"]:
            yield from (Abandon(e[0]) for e in deck.controlled())
        return
    for b in f["benefits"]:
        if b["left"] <= 0 or (search and b["done"]):
            continue
        kind = b["kind"]
        if kind == "draw":
            yield Draw()
            if R.fluid:
                yield PassNation()
        elif kind == "store":
            yield from (Store(h) for h in hand)
        elif kind == "develop":
            yield from (Develop(h) for h in hand)
        elif kind == "degrade":
            yield from (Degrade(h) for h in hand)
        elif kind == "conquer":
            yield from (Conquer(h) for h in hand)
        elif kind == "develop_region":
            yield from (DevelopRegion(e[0]) for e in deck.controlled())
    if not search:
        yield Finish()


def candidates(R: Rules, d: dict) -> list:
    """Every action worth trying now (``legal_actions`` keeps those that pass)."""
    phase = phase_of(d)
    deck = d["deck"]
    if phase == "over":
        return []
    if phase == "draw":
        return [Draw(), StopDrawing(), PassNation()]
    if phase in ("costs", "benefits"):
        return list(step_candidates(R, d))
    hand = [e[0] for e in deck.hand]
    out: list = []
    interrupting = [h for h in hand if (lv := R.level_of(d, h)).action is not None and lv.action.interrupts]
    for h in hand:
        lv = R.level_of(d, h)
        if lv.action is None or lv.action.interrupts:
            continue
        stores = [False] + [True] * any(isinstance(b, StoreBenefit) for b in lv.action.benefits)
        for store_played in stores:
            for intr in [""] + [i for i in interrupting if i != h]:
                out.append(Play(h, store_played, intr))
    out += [EndTurn(h) for h in hand] + [EndTurn("top")]
    out += [MoveOn(h) for h in hand] + [MoveOn("")]
    out += [DevelopNation(), EndGame()]
    return out


# -- performing ----------------------------------------------------------------------------------------
def perform(R: Rules, d: dict, a, emit: Callable) -> None:
    """Carry out a verified action, logging its events with ``emit(kind, text, rule)``."""
    deck = d["deck"]
    if isinstance(a, Play):
        lv = R.level_of(d, a.card)
        deck.set_aside(a.card)
        d["frames"].append(_new_play(lv, a.card, a.store_played, False))
        emit("play", f"plays {lv.name}: {lv.action}", refs.ACTION_PHASE)
        if a.interrupt:
            ilv = R.level_of(d, a.interrupt)
            deck.set_aside(a.interrupt)
            d["frames"].append(_new_play(ilv, a.interrupt, False, True))
            emit("interrupt", f"interrupts with {ilv.name}: {ilv.action}", refs.INTERRUPTING_ACTIONS)
        _advance(R, d, emit)
    elif isinstance(a, EndTurn):
        if a.discard == "top":
            top = deck.top[0]
            name = R.level_of(d, top).name
            deck.discard_from("stack", top)
            emit("end-turn", f"ends the turn discarding the top card, {name}", refs.END_OF_TURN_PHASE)
        else:
            name = R.level_of(d, a.discard).name
            _unstored(R, d, deck.discard_from("hand", a.discard), emit)
            emit("end-turn", f"ends the turn discarding {name}", refs.END_OF_TURN_PHASE)
        _unstored(R, d, deck._settle(), emit)
        refill(R, d, emit)
    elif isinstance(a, Draw) and phase_of(d) == "draw":
        _draw_one(R, d, emit, refs.END_OF_TURN_PHASE)
        refill(R, d, emit)
    elif isinstance(a, StopDrawing):
        emit("stop-drawing", "stops drawing" + (" at the nation card" if d["refill"] == "nation" else
                                                 " to keep a stored card stored"), refs.HOLDING_THE_GAME)
        _end_turn(d, emit)
    elif isinstance(a, PassNation):
        _move_on_cards(R, d, emit, "passes the nation card (fluid rounds)", refs.FLUID_ROUND_VARIANT)
        if phase_of(d) == "draw":
            d["refill"] = None
            refill(R, d, emit)
    elif isinstance(a, MoveOn):
        if a.discard:
            name = R.level_of(d, a.discard).name
            _unstored(R, d, deck.discard_from("hand", a.discard), emit)
            emit("discard", f"discards {name} to move on", refs.ROUND_END)
        _move_on_cards(R, d, emit, "moves on", refs.ROUND_END)
    elif isinstance(a, EndGame):
        d["over"] = True
        emit("game-end", f"the end of round {d['round']}: the game ends; score all your cards", refs.ROUND_END)
    elif isinstance(a, DevelopNation):
        nation = R.nation(d)
        d["frames"].append({"kind": "nation", "stage": "costs", "card": "nation", "to": nation.level + 1,
                            "costs": _nation_costs(R, d), "benefits": [], "touched": []})
        emit("develop-nation", f"develops the nation from {nation.status}, paying {nation.development_cost}",
             refs.ROUND_END)
        _advance(R, d, emit)
    elif phase_of(d) == "costs":
        _pay_step(R, d, a, emit)
        _advance(R, d, emit)
    else:
        _benefit_step(R, d, a, emit)
        _advance(R, d, emit)


def _new_play(lv, card_id: str, store_played: bool, interrupt: bool) -> dict:
    return {"kind": "play", "card": card_id, "level": lv.level, "store_played": store_played,
            "interrupt": interrupt, "stage": "costs", "costs": add_costs(no_costs(), lv.action.costs),
            "benefits": [benefit_entry(b) for b in lv.action.benefits], "touched": []}


def _unstored(R: Rules, d: dict, card_id: Optional[str], emit: Callable) -> None:
    if card_id:
        emit("unstore", f"{R.level_of(d, card_id).name} becomes the top card: turned upright, no longer stored",
             refs.HOLDING_THE_GAME)


def _draw_one(R: Rules, d: dict, emit: Callable, rule) -> None:
    entry, unstored = d["deck"].draw()
    emit("draw", f"draws {R.levels[(entry[0], entry[1])].name}", rule)
    _unstored(R, d, unstored, emit)


def refill(R: Rules, d: dict, emit: Callable) -> None:
    """The end of turn's draw to 5: stops at the nation card (the surplus is lost), waits for a choice
    when the next draw would unstore a stored card or (fluid rounds) when the nation card can be passed."""
    deck = d["deck"]
    d["refill"] = None
    while len(deck.hand) < HAND_SIZE:
        if R.nation_on_top(d):
            if R.can_pass(d):
                d["refill"] = "nation"
                return
            emit("nation-revealed", f"the nation card is revealed: the draw stops ({HAND_SIZE - len(deck.hand)} "
                 "draw lost)", refs.ROUND_END)
            break
        if deck.next_unstores():
            d["refill"] = "stored"
            return
        _draw_one(R, d, emit, refs.END_OF_TURN_PHASE)
    _end_turn(d, emit)


def _end_turn(d: dict, emit: Callable) -> None:
    d["refill"] = None
    d["turn"] += 1
    emit("turn", f"turn {d['turn']} begins", refs.TURNS)


def _move_on_cards(R: Rules, d: dict, emit: Callable, what: str, rule) -> None:
    """Discard the nation card, the round card (turned to the next round) and the age card (turned if needed)."""
    deck = d["deck"]
    d["round"] += 1
    for marker in MARKERS:
        if marker == "round":
            deck.set_level("round", d["round"])
        if marker == "age":
            deck.set_level("age", R.age(d["round"]))
        _unstored(R, d, deck.discard_from("stack", marker), emit)
    d["nation_developed"] = False
    emit("round", f"{what}: round {d['round']} (age {R.age(d['round'])}) begins", rule)


def _pay_step(R: Rules, d: dict, a, emit: Callable) -> None:
    f = d["frames"][-1]
    c = f["costs"]
    deck = d["deck"]
    play = _play_frame(d)
    lv = R.level_of(d, a.card)
    if isinstance(a, Discard):
        _unstored(R, d, deck.discard_from("hand", a.card), emit)
        c["discard"] -= 1
        emit("discard", f"discards {lv.name} (cost)", refs.DISCARD)
    elif isinstance(a, Degrade):
        to = R.down(lv.level)
        deck.set_level(a.card, to)
        c["degrade"] -= 1
        emit("degrade", f"degrades {lv.name} to {R.levels[(a.card, to)].name} (cost)", refs.DEGRADE)
    elif isinstance(a, Pay):
        c["population"] = max(0, c["population"] - lv.resources.population)
        c["materials"] = max(0, c["materials"] - lv.resources.materials)
        _unstored(R, d, deck.discard_from("stack", a.card), emit)
        emit("pay", f"pays with the stored {lv.name} ({lv.resources})", refs.PAY_SPEND)
    elif isinstance(a, Abandon):
        _unstored(R, d, deck.discard_from("stack", a.card), emit)
        c["abandon"] -= 1
        emit("abandon", f"abandons {lv.name}", refs.ABANDON)
    if play is not None and isinstance(a, (Discard, Degrade)):
        play["touched"].append(a.card)


def _benefit_step(R: Rules, d: dict, a, emit: Callable) -> None:
    f = d["frames"][-1]
    deck = d["deck"]
    if isinstance(a, Finish):
        left = [b["kind"] for b in f["benefits"] if b["left"] > 0]
        emit("finish", "leaves the rest unresolved" + (f" ({', '.join(left)})" if left else ""), refs.ACTION_PHASE)
        for b in f["benefits"]:
            b["left"] = 0
        return
    if isinstance(a, Draw):
        b = _benefit(f, "draw")
        _draw_one(R, d, emit, refs.ACTION_PHASE)
        b["left"] -= 1
        b["done"] += 1
        if b["left"] and R.nation_on_top(d) and not R.can_pass(d):
            emit("nation-revealed", f"the nation card is revealed: the draw stops ({b['left']} draw lost)",
                 refs.ROUND_END)
            b["left"] = 0
        return
    lv = R.level_of(d, a.card)
    if isinstance(a, Store):
        b = _benefit(f, "store")
        n = R.count(lv, b["resource"])
        _unstored(R, d, deck.store_from("hand", a.card), emit)
        b["left"] = max(0, b["left"] - (1 if R.store_cards else n))
        b["done"] += 1
        emit("store", f"stores {lv.name} ({lv.resources})", refs.STORE_STORED)
    elif isinstance(a, Degrade):
        b = _benefit(f, "degrade")
        to = R.down(lv.level)
        deck.set_level(a.card, to)
        b["left"] -= 1
        b["done"] += 1
        f["touched"].append(a.card)
        emit("degrade", f"degrades {lv.name} to {R.levels[(a.card, to)].name}", refs.DEGRADE)
    elif isinstance(a, (Develop, DevelopRegion)):
        region = isinstance(a, DevelopRegion)
        b = _benefit(f, "develop_region" if region else "develop")
        to, costs = _target(R, d, a.card, region)
        b["left"] -= 1
        b["done"] += 1
        if not region:
            f["touched"].append(a.card)
        emit("develop", f"develops {'the controlled region ' if region else ''}{lv.name} to "
             f"{R.levels[(a.card, to)].name}", refs.DEVELOP)
        d["frames"].append({"kind": "develop", "stage": "costs", "card": a.card, "to": to, "region": region,
                            "costs": costs, "benefits": [], "touched": []})
    elif isinstance(a, Conquer):
        b = _benefit(f, "conquer")
        b["left"] = 0
        b["done"] += 1
        deck.set_aside(a.card)
        costs = no_costs()
        costs["abandon"] = 1 if len(deck.controlled()) >= MAX_CONTROLLED else 0
        emit("conquer", f"conquers {lv.name} (wealth {lv.wealth}, conquer {b['value']})", refs.CONQUER)
        d["frames"].append({"kind": "conquer", "stage": "costs", "card": a.card, "costs": costs, "benefits": [],
                            "touched": []})


def _advance(R: Rules, d: dict, emit: Callable) -> None:
    """Move the frames on: paid costs start the benefits (the played card discarded or stored, ignored
    costs of the interrupted card struck), paid extra costs take effect, finished plays end."""
    deck = d["deck"]
    while d["frames"]:
        f = d["frames"][-1]
        if f["stage"] == "costs" and not costs_left(f["costs"]):
            if f["kind"] == "play":
                _start_benefits(R, d, f, emit)
                continue
            d["frames"].pop()
            if f["kind"] == "develop":
                deck.set_level(f["card"], f["to"])
                lv = R.levels[(f["card"], f["to"])]
                if f["region"] and lv.type != "region":
                    _unstored(R, d, deck.discard_from("stack", f["card"]), emit)
                    emit("discard", f"{lv.name} is no region: discarded", refs.DEVELOP)
            elif f["kind"] == "conquer":
                deck.control(f["card"])
                emit("control", f"{R.level_of(d, f['card']).name} is slotted as a controlled region", refs.CONQUER)
            elif f["kind"] == "nation":
                deck.set_level("nation", f["to"])
                d["nation_developed"] = True
                emit("nation", f"the nation is now {R.nation(d).status} ({R.nation(d).condition})", refs.NATION_CARD)
            continue
        if f["stage"] == "benefits" and all(b["left"] <= 0 for b in f["benefits"]):
            d["frames"].pop()
            emit("resolved", f"{R.levels[(f['card'], f['level'])].name}'s action is resolved", refs.ACTION_PHASE)
            continue
        break


def _start_benefits(R: Rules, d: dict, f: dict, emit: Callable) -> None:
    deck = d["deck"]
    f["stage"] = "benefits"
    lv = R.levels[(f["card"], f["level"])]
    if f["store_played"]:
        b = _benefit(f, "store")
        n = R.count(lv, b["resource"])
        _need(len(deck.stored()) < MAX_STORED and n >= 1 and (R.store_cards or n <= b["left"]),
              f"{lv.name} cannot be stored now", refs.PLAYED_CARD)
        _unstored(R, d, deck.store_from("aside", f["card"]), emit)
        b["left"] = max(0, b["left"] - (1 if R.store_cards else n))
        b["done"] += 1
        emit("store", f"stores the played card {lv.name} ({lv.resources})", refs.PLAYED_CARD)
    else:
        _unstored(R, d, deck.discard_from("aside", f["card"]), emit)
        emit("discard", f"discards the played card {lv.name}", refs.PLAYED_CARD)
    b = _benefit(f, "ignore")
    if b is not None:
        parent = d["frames"][-2]["costs"]
        for kind in b["ignore"]:
            for key in (("population", "materials") if kind == "pay" else (kind,)):
                parent[key] = 0
        b["left"], b["done"] = 0, 1
        emit("ignore", f"the interrupted card's {' and '.join(b['ignore'])} cost(s) are ignored",
             refs.INTERRUPTING_ACTIONS)


__all__ = ["Rules", "basic", "candidates", "completable", "copy_data", "perform", "phase_of", "refill", "verify"]
