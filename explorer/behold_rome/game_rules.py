"""The rules of each Behold: Rome action, on the game's data: ``candidates`` lists the actions worth
trying, ``perform`` carries a checked action out (the checks, ``basic`` and the look-ahead ``verify``,
are :mod:`explorer.behold_rome.game_checks`), ``target`` says what developing a card leads to.

The data (:class:`~explorer.behold_rome.game.BeholdRomeState` keeps it) is a dict: ``deck`` (a
:class:`~explorer.behold_rome.deck.Deck`), ``round``, ``nation_developed`` (this round), ``turn``,
``refill`` (None, or why the end of turn's draw waits: ``"stored"`` / ``"nation"``), ``over`` and
``frames``: the actions being resolved, innermost last -- a ``play`` frame (a played card: its costs
left, then its benefits, each with ``left`` and ``done``), and ``develop`` / ``conquer`` / ``nation``
frames (an extra cost to pay before a level changes, a region is slotted, the nation develops).

What the rules read of a card set (every level by id, what each level's action costs and gives) is
worked out once per card set (:class:`Playable`), and an action object once per value (:func:`made`):
the look-ahead tries every candidate on a copy, thousands of times a game.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from explorer.behold_rome.deck import HAND_SIZE, MARKERS, MAX_CONTROLLED, MAX_STORED, DeckError
from explorer.core.rules import RuleViolation


def _need(cond: bool, reason: str, rule) -> None:
    if not cond:
        raise RuleViolation(reason, rule)


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a name ending in s ("Merchant Ships' action")."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def noop(*args: Any, **kwargs: Any) -> None:
    """The ``emit`` of an action tried on a copy: its events are not kept."""
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
    return bool(costs["discard"] or costs["degrade"] or costs["population"] or costs["materials"] or costs["abandon"])


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
    """An independent copy of the game's data (the deck's entries, never changed in place, are shared)."""
    out = d.copy()
    out["deck"] = d["deck"].copy()
    out["frames"] = [_copy_frame(f) for f in d["frames"]]
    return out


def _copy_frame(f: dict) -> dict:
    g = f.copy()
    g["costs"] = f["costs"].copy()
    g["benefits"] = [b.copy() for b in f.get("benefits", ())]
    g["touched"] = list(f.get("touched", ()))
    return g


_MADE: dict = {}


def made(kind: type, *args) -> Any:
    """The action ``kind(*args)``, made once: actions are immutable values, and making a frozen
    dataclass costs more than looking it up."""
    key = (kind, args)
    action = _MADE.get(key)
    if action is None:
        if len(_MADE) > 100_000:  # card sets with ever new ids: start again
            _MADE.clear()
        action = _MADE[key] = kind(*args)
    return action


@dataclass(frozen=True)
class Playable:
    """What the rules read of a level's card action (:class:`explorer.behold_rome.cards.Action`)."""

    text: str
    """The action as the log writes it."""
    interrupts: bool
    """An interrupting action (played on another card's action)."""
    store: Optional[StoreBenefit]
    """Its first store benefit (what storing the played card itself counts against), if any."""
    ignore: tuple
    """The costs an interrupting action ignores."""
    ignorable: dict
    """Its costs an interrupting card can ignore: ``discard``, ``degrade`` and ``pay`` (resources) counts."""
    costs: dict
    """Its costs as a frame holds them (copied into every play frame)."""
    benefits: tuple
    """Its benefits as frame entries (copied into every play frame)."""

    @classmethod
    def of(cls, action) -> "Playable":
        costs = add_costs(no_costs(), action.costs)
        ignore = next((b.ignore for b in action.benefits if isinstance(b, Ignore)), ())
        return cls(text=str(action), interrupts=action.interrupts,
                   store=next((b for b in action.benefits if isinstance(b, StoreBenefit)), None),
                   ignore=tuple(ignore),
                   ignorable={"discard": costs["discard"], "degrade": costs["degrade"],
                              "pay": costs["population"] + costs["materials"]},
                   costs=costs, benefits=tuple(benefit_entry(b) for b in action.benefits))


_DERIVED: dict[int, tuple] = {}


def _derived(cardset) -> tuple:
    """Every level by ``(card id, level)``, by name, and its :class:`Playable` (None without an action),
    worked out once per card set; and the candidates between actions by the hand's ``(card id, level)``
    pairs, filled as hands come (:func:`candidates`: they depend on the hand alone); and what developing a card
    into each level asks (:func:`target_or_none`), filled as asked; and the checks' plans of each play and hand
    card (:attr:`Rules.play_plans`), by the rules they read, filled as asked."""
    found = _DERIVED.get(id(cardset))
    if found is None or found[0] is not cardset:
        levels = {(c.id, lv.level): lv for c in cardset.civ_cards for lv in c.levels}
        by_name = {lv.name: (c.id, lv.level) for c in cardset.civ_cards for lv in c.levels}
        plays = {id(lv): None if lv.action is None else Playable.of(lv.action) for lv in levels.values()}
        if len(_DERIVED) > 64:
            _DERIVED.clear()
        found = _DERIVED[id(cardset)] = (cardset, levels, by_name, plays, {}, {}, {})
    return found[1:]


class Rules:
    """The rules of one game: its card set, rulings, variants and number of rounds."""

    def __init__(self, cardset, rulings, variants: frozenset, rounds: int):
        self.cardset = cardset
        self.rulings = rulings
        self.variants = frozenset(variants)
        self.rounds = rounds
        self.fluid = "fluid-rounds" in self.variants
        self.levels, self.by_name, self._plays, self.between_actions, self.targets, plans = _derived(cardset)
        self.wrap = rulings["behold_rome.level-bounds"] == "wrap"
        self.heed_banner = rulings["behold_rome.develop-banner"] == "heed-target"
        self.store_cards = rulings["behold_rome.store-counts"] == "cards"
        self.any_time = rulings["behold_rome.move-on-when"] == "any-time"
        self.even_ages = rulings["behold_rome.ages"] == "even-thirds"
        self._nations = (None, *cardset.nation.levels)
        """The nation card's levels by number (:meth:`nation`, asked for every banner checked)."""
        self._banners = (None, *(frozenset((n.status, n.condition)) for n in cardset.nation.levels))
        """The banners each nation level shows: its status and its condition (:meth:`banner_ok`)."""
        self.play_plans: dict = plans.setdefault((self.fluid, self.store_cards), {})
        """What the checks read of each play and each card of a hand whatever the state, by level (filled as asked:
        :func:`explorer.behold_rome.game_checks._play_plan`, ``_hand_card``): shared by the games of the card set
        that play fluid rounds or not and count stores by cards or not alike -- the two rules these read."""

    # -- reading the data ----------------------------------------------------------------------------
    def level_of(self, d: dict, card_id: str):
        return self.levels[(card_id, d["deck"].level(card_id))]

    def named(self, d: dict, card_id: Any) -> str:
        """A card as a refusal names it: by its active level's name ("Nile Granaries"), as every other line of the
        log does; an id that is no card of the deck as it was given (``'egpyt'``)."""
        try:
            return self.level_of(d, card_id).name
        except (KeyError, TypeError, DeckError):
            return repr(card_id)

    def playable(self, lv) -> Optional[Playable]:
        """What the rules read of the level's action; None for a level without one."""
        return self._plays[id(lv)]

    def nation(self, d: dict):
        return self._nations[d["deck"].level("nation")]

    def banner_ok(self, d: dict, banner: Optional[str]) -> bool:
        if banner is None:
            return True
        return banner in self._banners[d["deck"].level("nation")]

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
        if resource == "population":
            return r.population
        return r.materials if resource == "materials" else r.total

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


def benefit_of(f: dict, kind: str) -> Optional[dict]:
    """The frame's benefit entry of ``kind`` (None if its action has none)."""
    for b in f.get("benefits", ()):
        if b["kind"] == kind:
            return b
    return None


def _nation_costs(R: Rules, d: dict) -> dict:
    nation = R.nation(d)
    costs = no_costs()
    costs["population"] += nation.development_cost.population
    costs["materials"] += nation.development_cost.materials
    target = R.cardset.nation.level(nation.level + 1)
    if target.requirement is not None and target.requirement.cost:
        add_costs(costs, target.requirement.cost)
    return costs


def target_or_none(R: Rules, d: dict, card_id: str) -> Optional[tuple[int, dict]]:
    """:func:`target` without its refusal: None where it raises (the look-aheads ask it of every card of the
    hand, and most refusals are never read).  What a target level asks beside the state -- its requirement
    (a level to be active, or an extra cost), whether it is a tributary -- is read once per level, and the costs
    returned are that reading's own, not to be changed (:func:`target` hands out a copy)."""
    deck = d["deck"]
    level = deck.level(card_id)
    to = level + 1 if level < 4 else (1 if R.wrap else None)
    if to is None:
        return None
    plan = R.targets.get((card_id, to))
    if plan is None:
        lv = R.levels[(card_id, to)]
        req = lv.requirement
        needs = req.level if req is not None and req.level else None
        extra = add_costs(no_costs(), req.cost) if req is not None and not req.level else no_costs()
        plan = R.targets[(card_id, to)] = (lv, needs, extra, lv.type == "tributary")
    lv, needs, extra, tributary = plan
    if R.heed_banner and lv.banner is not None and not R.banner_ok(d, lv.banner):
        return None
    if needs is not None and not R.active(d, needs):
        return None
    costs = extra
    if tributary:
        for e in reversed(deck.stack):  # the controlled regions stand at the very back
            if e[2] != "controlled":
                return None
            if e[0] != card_id:
                break
        else:
            return None
        costs = dict(extra, abandon=extra["abandon"] + 1)
    return to, costs


def target(R: Rules, d: dict, card_id: str, region: bool) -> tuple[int, dict]:
    """The level ``card_id`` develops into and the extra costs of getting there (requirement, tributary): a dict of
    the caller's own (a develop frame pays them off)."""
    found = target_or_none(R, d, card_id)
    if found is not None:
        return found[0], dict(found[1])
    level = d["deck"].level(card_id)  # refused: the reason, worded
    to = R.up(level)
    if to is None:
        raise RuleViolation(f"{R.level_of(d, card_id).name} is at level 4: it cannot be developed "
                            "(ruling behold_rome.level-bounds)", refs.LEVEL)
    lv = R.levels[(card_id, to)]
    if R.heed_banner and not R.banner_ok(d, lv.banner):
        raise RuleViolation(f"{lv.name} shows the {lv.banner} banner: your nation is {R.nation(d).status} "
                            f"({R.nation(d).condition}) (ruling behold_rome.develop-banner)", refs.DEVELOP)
    costs = no_costs()
    if lv.requirement is not None:
        if lv.requirement.level:
            if not R.active(d, lv.requirement.level):
                raise RuleViolation(f"{lv.name} requires {lv.requirement.level} to be active", refs.REQUIREMENTS)
        else:
            add_costs(costs, lv.requirement.cost)
    if lv.type == "tributary":
        if not any(e[0] != card_id for e in d["deck"].controlled()):
            raise RuleViolation(f"{lv.name} is a tributary: a region must be abandoned first, and there is none",
                                refs.DEVELOP)
        costs["abandon"] += 1
    return to, costs


# -- candidates ----------------------------------------------------------------------------------------
def step_candidates(R: Rules, d: dict, search: bool = False) -> Iterator:
    """The steps of the top frame worth trying.  ``search`` (the completion search asks whether some
    way on exists, not which steps are legal): only the benefit types still unresolved, and not the
    hand cards a benefit's own rule refuses -- a store of a card without such resources, a conquest
    of a card that is no region, a develop or degrade of a card of another type."""
    f = d["frames"][-1]
    deck = d["deck"]
    if search and f["stage"] == "benefits":
        yield from _search_steps(R, d, f)
        return
    hand = [e[0] for e in deck.hand]
    if f["stage"] == "costs":
        c = f["costs"]
        if c["discard"]:
            yield from (made(Discard, h) for h in hand)
        if c["degrade"]:
            yield from (made(Degrade, h) for h in hand)
        if c["population"] or c["materials"]:
            yield from (made(Pay, e[0]) for e in deck.stored())
        if c["abandon"]:
            yield from (made(Abandon, e[0]) for e in deck.controlled())
        return
    for b in f["benefits"]:
        if b["left"] <= 0 or (search and b["done"]):
            continue
        kind = b["kind"]
        if kind == "draw":
            yield made(Draw)
            if R.fluid:
                yield made(PassNation)
        elif kind == "store":
            yield from (made(Store, h) for h in hand)
        elif kind == "develop":
            yield from (made(Develop, h) for h in hand)
        elif kind == "degrade":
            yield from (made(Degrade, h) for h in hand)
        elif kind == "conquer":
            yield from (made(Conquer, h) for h in hand)
        elif kind == "develop_region":
            yield from (made(DevelopRegion, e[0]) for e in deck.controlled())
    if not search:
        yield made(Finish)


def _search_steps(R: Rules, d: dict, f: dict) -> Iterator:
    """The benefit steps the completion search tries (:func:`step_candidates`, ``search``)."""
    deck = d["deck"]
    for b in f["benefits"]:
        if b["left"] <= 0 or b["done"]:
            continue
        kind = b["kind"]
        if kind == "draw":
            yield made(Draw)
            if R.fluid:
                yield made(PassNation)
        elif kind == "develop_region":
            yield from (made(DevelopRegion, e[0]) for e in deck.controlled())
        elif kind in _HAND_STEPS:
            step, wanted = _HAND_STEPS[kind], b.get("type")
            for e in deck.hand:
                lv = R.levels[(e[0], e[1])]
                if kind == "store":
                    if R.count(lv, b["resource"]) < 1:
                        continue
                elif kind == "conquer":
                    if lv.type != "region":
                        continue
                elif wanted is not None and lv.type != wanted:
                    continue
                yield made(step, e[0])


_HAND_STEPS = {"store": Store, "develop": Develop, "degrade": Degrade, "conquer": Conquer}
"""The benefits resolved with a card of the hand, and their steps."""


def candidates(R: Rules, d: dict) -> list:
    """Every action worth trying now (``legal_actions`` keeps those that pass)."""
    phase = phase_of(d)
    deck = d["deck"]
    if phase == "over":
        return []
    if phase == "draw":
        return [made(Draw), made(StopDrawing), made(PassNation)]
    if phase in ("costs", "benefits"):
        return list(step_candidates(R, d))
    plays, end_turns, move_ons = between_actions(R, deck)
    return [*plays, *end_turns, made(EndTurn, "top"), *move_ons, made(MoveOn, ""), made(DevelopNation), made(EndGame)]


def between_actions(R: Rules, deck) -> tuple:
    """The candidates between actions (:func:`candidates`) in their parts, made once per hand: the plays; the
    end-turns discarding a card of the hand; the move-ons discarding one.  The candidates are these in this
    order, the end-turn discarding the top card after the end-turns, then ``MoveOn("")``, ``DevelopNation()``,
    ``EndGame()`` after the move-ons."""
    key = tuple((e[0], e[1]) for e in deck.hand)
    kept = R.between_actions
    found = kept.get(key)
    if found is None:
        if len(kept) > RECENT_HANDS:  # most hands are new: keep the recent ones only (and each card's part)
            cards = kept.get("cards")
            kept.clear()
            if cards is not None:
                kept["cards"] = cards
        found = kept[key] = _between_actions(R, deck)
    return found


RECENT_HANDS = 64
"""How many hands :func:`between_actions` keeps the candidates of.  Four in five hands of a random game are
new, and a kept hand is a few tuples of actions that live on: thousands of them, kept for good, made the
garbage collector's full passes come more often and take longer (each walks every object kept)."""


def _between_actions(R: Rules, deck) -> tuple:
    """The candidates between actions, made from the hand's cards and levels alone: each card's plays
    (kept and stored, then on each interrupting card of the hand), its end-turn and its move-on; and the
    parts :func:`between_actions` returns."""
    cards = R.between_actions.get("cards")
    if cards is None:
        cards = R.between_actions["cards"] = {}
    info = []
    for e in deck.hand:
        found = cards.get((e[0], e[1]))
        if found is None:
            h, p = e[0], R.playable(R.levels[(e[0], e[1])])
            options = () if p is None or p.interrupts else (False, True) if p.store is not None else (False,)
            found = cards[(e[0], e[1])] = (h, p is not None and p.interrupts, options,
                                           tuple(made(Play, h, sp, "") for sp in options),
                                           made(EndTurn, h), made(MoveOn, h))
        info.append(found)
    interrupting = [x[0] for x in info if x[1]]
    if interrupting:
        plays: list = []
        for h, _, options, plain, _, _ in info:
            for store_played, play in zip(options, plain):
                plays.append(play)
                plays += [made(Play, h, store_played, i) for i in interrupting if i != h]
        plays = tuple(plays)
    else:
        plays = tuple(play for x in info for play in x[3])
    end_turns = tuple(x[4] for x in info)
    move_ons = tuple(x[5] for x in info)
    return plays, end_turns, move_ons


# -- performing ----------------------------------------------------------------------------------------
def perform(R: Rules, d: dict, a, emit: Callable) -> None:
    """Carry out a verified action, logging its events with ``emit(kind, text, rule)``.  While costs are paid every
    verified action is a cost step, while benefits are resolved a benefit step or (fluid rounds) a pass of the
    nation card: these, most of a game's actions, are told apart by the phase first."""
    deck = d["deck"]
    phase = phase_of(d)
    if phase == "costs":
        _pay_step(R, d, a, emit)
        _advance(R, d, emit)
        return
    if phase == "benefits" and type(a) is not PassNation:
        _benefit_step(R, d, a, emit)
        _advance(R, d, emit)
        return
    if isinstance(a, Play):
        lv = R.level_of(d, a.card)
        deck.set_aside(a.card)
        d["frames"].append(_new_play(R, lv, a.card, a.store_played, False))
        emit("play", f"plays {lv.name}: {R.playable(lv).text}", refs.ACTION_PHASE)
        if a.interrupt:
            ilv = R.level_of(d, a.interrupt)
            deck.set_aside(a.interrupt)
            d["frames"].append(_new_play(R, ilv, a.interrupt, False, True))
            emit("interrupt", f"interrupts with {ilv.name}: {R.playable(ilv).text}", refs.INTERRUPTING_ACTIONS)
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
    elif isinstance(a, Draw) and phase == "draw":
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
        emit("develop-nation", f"develops the nation from {nation.status}, paying {_text(nation.development_cost)}",
             refs.ROUND_END)
        _advance(R, d, emit)
    else:
        raise TypeError(f"no rule performs {a!r} in phase {phase!r} (a verified action is performed)")


_TEXTS: dict = {}


def _text(resources) -> str:
    """``str(resources)`` (a card's resources, a development cost) as the log writes it, worded once per
    value: the pydantic model words it anew every time, for every pay and store."""
    key = (resources.population, resources.materials)
    text = _TEXTS.get(key)
    if text is None:
        text = _TEXTS[key] = str(resources)
    return text


def _new_play(R: Rules, lv, card_id: str, store_played: bool, interrupt: bool) -> dict:
    p = R.playable(lv)
    return {"kind": "play", "card": card_id, "level": lv.level, "store_played": store_played,
            "interrupt": interrupt, "stage": "costs", "costs": dict(p.costs),
            "benefits": [dict(b) for b in p.benefits], "touched": []}


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
        emit("pay", f"pays with the stored {lv.name} ({_text(lv.resources)})", refs.PAY_SPEND)
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
        b = benefit_of(f, "draw")
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
        b = benefit_of(f, "store")
        n = R.count(lv, b["resource"])
        _unstored(R, d, deck.store_from("hand", a.card), emit)
        b["left"] = max(0, b["left"] - (1 if R.store_cards else n))
        b["done"] += 1
        emit("store", f"stores {lv.name} ({_text(lv.resources)})", refs.STORE_STORED)
    elif isinstance(a, Degrade):
        b = benefit_of(f, "degrade")
        to = R.down(lv.level)
        deck.set_level(a.card, to)
        b["left"] -= 1
        b["done"] += 1
        f["touched"].append(a.card)
        emit("degrade", f"degrades {lv.name} to {R.levels[(a.card, to)].name}", refs.DEGRADE)
    elif isinstance(a, (Develop, DevelopRegion)):
        region = isinstance(a, DevelopRegion)
        b = benefit_of(f, "develop_region" if region else "develop")
        to, costs = target(R, d, a.card, region)
        b["left"] -= 1
        b["done"] += 1
        if not region:
            f["touched"].append(a.card)
        emit("develop", f"develops {'the controlled region ' if region else ''}{lv.name} to "
             f"{R.levels[(a.card, to)].name}", refs.DEVELOP)
        d["frames"].append({"kind": "develop", "stage": "costs", "card": a.card, "to": to, "region": region,
                            "costs": costs, "benefits": [], "touched": []})
    elif isinstance(a, Conquer):
        b = benefit_of(f, "conquer")
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
        if f["stage"] == "benefits" and _all_left_done(f["benefits"]):
            d["frames"].pop()
            emit("resolved", f"{possessive(R.levels[(f['card'], f['level'])].name)} action is resolved",
                 refs.ACTION_PHASE)
            continue
        break


def _all_left_done(benefits) -> bool:
    """No benefit has any left (a loop: after every step, where ``all()`` of a generator costs more)."""
    for b in benefits:
        if b["left"] > 0:
            return False
    return True


def _start_benefits(R: Rules, d: dict, f: dict, emit: Callable) -> None:
    deck = d["deck"]
    f["stage"] = "benefits"
    lv = R.levels[(f["card"], f["level"])]
    if f["store_played"]:
        b = benefit_of(f, "store")
        n = R.count(lv, b["resource"])
        _need(len(deck.stored()) < MAX_STORED and n >= 1 and (R.store_cards or n <= b["left"]),
              f"{lv.name} cannot be stored now", refs.PLAYED_CARD)
        _unstored(R, d, deck.store_from("aside", f["card"]), emit)
        b["left"] = max(0, b["left"] - (1 if R.store_cards else n))
        b["done"] += 1
        emit("store", f"stores the played card {lv.name} ({_text(lv.resources)})", refs.PLAYED_CARD)
    else:
        _unstored(R, d, deck.discard_from("aside", f["card"]), emit)
        emit("discard", f"discards the played card {lv.name}", refs.PLAYED_CARD)
    b = benefit_of(f, "ignore")
    if b is not None:
        parent = d["frames"][-2]["costs"]
        for kind in b["ignore"]:
            for key in (("population", "materials") if kind == "pay" else (kind,)):
                parent[key] = 0
        b["left"], b["done"] = 0, 1
        emit("ignore", f"the interrupted card's {' and '.join(b['ignore'])} cost(s) are ignored",
             refs.INTERRUPTING_ACTIONS)


__all__ = ["Playable", "Rules", "benefit_of", "between_actions", "candidates", "copy_data", "made", "noop", "perform",
           "phase_of", "possessive", "refill", "step_candidates", "target", "target_or_none"]
