"""The checks of each Behold: Rome action, on the game's data (:mod:`explorer.behold_rome.game_rules`
holds the data, the candidates and how an action is carried out).

``basic`` raises RuleViolation citing the rulebook if an action breaks a rule now; ``verify`` adds the
look-ahead that keeps a played card completable (ruling ``behold_rome.benefit-check``): a step is
tried on a copy and :func:`completable` searches the steps that follow.  ``legal`` keeps the
candidates that pass ``verify`` -- for the plays, steps and nation developments whose look-ahead is
plain (:func:`play_decided`, :func:`step_decided`, :func:`nation_decided`; a degrade cost, a conquest beside a
degrade included) working the answer out on the state itself, without the copy, and the checks most often
refused read without raising (:func:`_accepts`); the refusals a user meets always come from ``verify``.
It goes phase by phase -- between actions (:func:`_legal_between`: each hand card's plays by a plan read
once per level, :func:`_play_plan`), while costs are paid (:func:`_legal_costs`) and benefits resolved
(:func:`_legal_benefits`): each candidate tested on its card's entry, what the state gives read once --
and ``tests/behold_rome/test_legal_fast.py`` pins it to the candidates ``verify`` passes.

A check raises only when it refuses, so its reason is worded only then; the search and the legal
actions call these checks thousands of times a game.
"""

from __future__ import annotations

from typing import Optional

from explorer.behold_rome import refs
from explorer.behold_rome.actions import (Abandon, Conquer, Degrade, Develop, DevelopNation, DevelopRegion, Discard,
                                          Draw, EndGame, EndTurn, Finish, MoveOn, PassNation, Pay, Play, StopDrawing,
                                          Store)
from explorer.behold_rome.deck import MARKERS, MAX_CONTROLLED, MAX_STORED
from explorer.behold_rome.game_rules import (_HAND_STEPS, Rules, _nation_costs, benefit_of, between_actions,
                                             candidates, copy_data, costs_left, made, noop, perform, phase_of,
                                             possessive, step_candidates, target, target_or_none)
from explorer.core.rules import RuleViolation

SEARCH_BUDGET = 20_000
"""Most states one completion search visits (a played card's choices are few; the bound only keeps
a pathological card set from hanging)."""


def basic(R: Rules, d: dict, a) -> None:
    """Raise RuleViolation if ``a`` breaks a rule now (the completion look-ahead aside)."""
    check = _CHECKS.get(type(a))
    if check is None:
        raise RuleViolation(f"{a!r} is not a Behold: Rome action", refs.TURNS)
    check(R, d, a, phase_of(d))


def _between_actions(a, phase: str) -> None:
    if phase != "action":
        raise RuleViolation(f"{a.kind} is taken between actions, not now (phase {phase!r})", refs.TURNS)


def _check_play(R: Rules, d: dict, a: Play, phase: str) -> None:
    _between_actions(a, phase)
    deck = d["deck"]
    if not deck.in_hand(a.card):
        top = deck.top
        if top is not None and top[0] == a.card:
            raise RuleViolation(f"{R.level_of(d, a.card).name} is the top card of the deck: you can always see it, "
                                "but the top card is not in the hand", refs.HOLDING_THE_GAME)
        raise RuleViolation(f"{R.named(d, a.card)} is not a card in the hand", refs.ACTION_PHASE)
    lv = R.level_of(d, a.card)
    p = R.playable(lv)
    if p is None:
        raise RuleViolation(f"{lv.name} has no action to play", refs.ACTION_PHASE)
    if p.interrupts:
        raise RuleViolation(f"{lv.name} interrupts another card's action; it is played on one "
                            "(ruling behold_rome.interrupts)", refs.INTERRUPTING_ACTIONS)
    if not R.banner_ok(d, lv.banner):
        raise RuleViolation(f"{lv.name} shows the {lv.banner} banner: your nation is "
                            f"{R.nation(d).status} ({R.nation(d).condition})", refs.BANNER)
    if a.store_played:
        if p.store is None:
            raise RuleViolation(f"{possessive(lv.name)} action stores nothing: the played card is discarded",
                                refs.PLAYED_CARD)
        n = R.count(lv, p.store.resource)
        if not (n >= 1 and (R.store_cards or n <= p.store.store)):
            raise RuleViolation(f"{lv.name} has no fitting resources available for its own store", refs.PLAYED_CARD)
    if a.interrupt:
        if a.interrupt == a.card or not deck.in_hand(a.interrupt):
            raise RuleViolation(f"{R.named(d, a.interrupt)} is not another card in the hand", refs.INTERRUPTING_ACTIONS)
        ilv = R.level_of(d, a.interrupt)
        ip = R.playable(ilv)
        if ip is None or not ip.interrupts:
            raise RuleViolation(f"{ilv.name} is no interrupting card", refs.INTERRUPTING_ACTIONS)
        if not R.banner_ok(d, ilv.banner):
            raise RuleViolation(f"{ilv.name} shows the {ilv.banner} banner", refs.BANNER)
        if not any(p.ignorable[k] for k in ip.ignore):
            raise RuleViolation(f"{lv.name} has no {' or '.join(ip.ignore)} cost for {ilv.name} to ignore "
                                "(ruling behold_rome.interrupts)", refs.INTERRUPTING_ACTIONS)


def _check_end_turn(R: Rules, d: dict, a: EndTurn, phase: str) -> None:
    _between_actions(a, phase)
    deck = d["deck"]
    if R.nation_on_top(d):
        raise RuleViolation("the nation card is revealed: move on (or end the game) before the turn can end "
                            "(ruling behold_rome.nation-revealed-turn)", refs.ROUND_END)
    if a.discard == "top":
        top = deck.top
        if top is None or top[0] in MARKERS or top[2]:
            raise RuleViolation("the top card cannot be discarded", refs.END_OF_TURN_PHASE)
    else:
        if not deck.hand:
            raise RuleViolation("with no cards in your hand you must discard the top card of your deck",
                                refs.END_OF_TURN_PHASE)
        if not deck.in_hand(a.discard):
            raise RuleViolation(f"{R.named(d, a.discard)} is not a card in the hand", refs.END_OF_TURN_PHASE)


def _check_move_on(R: Rules, d: dict, a: MoveOn, phase: str) -> None:
    _between_actions(a, phase)
    deck = d["deck"]
    if R.last_round(d):
        raise RuleViolation("the last round ends the game instead of moving on (ruling behold_rome.last-round)",
                            refs.ROUND_END)
    if not (R.nation_on_top(d) or R.any_time):
        raise RuleViolation("moving on comes once the nation card is revealed (ruling behold_rome.move-on-when)",
                            refs.ROUND_END)
    if R.fluid or not deck.hand:
        if a.discard != "":
            raise RuleViolation("no card is discarded from the hand to move on here (fluid rounds or an empty "
                                "hand: rulings behold_rome.fluid-pass, behold_rome.nation-revealed-turn)",
                                refs.ROUND_END)
    elif not deck.in_hand(a.discard):
        raise RuleViolation("to move on, discard a card from your hand", refs.ROUND_END)


def _check_end_game(R: Rules, d: dict, a: EndGame, phase: str) -> None:
    _between_actions(a, phase)
    if not R.last_round(d):
        raise RuleViolation(f"the game ends at the end of round {R.rounds}, not round {d['round']}", refs.ROUND_END)
    if not (R.nation_on_top(d) or R.any_time):
        raise RuleViolation("the last round ends once the nation card is revealed", refs.ROUND_END)


def _check_nation(R: Rules, d: dict, a: DevelopNation, phase: str) -> None:
    _between_actions(a, phase)
    if not (R.nation_on_top(d) or R.any_time):
        raise RuleViolation("the nation is developed at round end, once the nation card is revealed "
                            "(ruling behold_rome.nation-develop-when)", refs.ROUND_END)
    if d["nation_developed"]:
        raise RuleViolation("the nation card is developed once per round", refs.NATION_CARD)
    nation = R.nation(d)
    if nation.level >= 4:
        raise RuleViolation(f"{nation.status} is the highest nation status", refs.NATION_CARD)
    target_level = R.cardset.nation.level(nation.level + 1)
    required = target_level.requirement
    if required is not None and required.level and not R.active(d, required.level):
        raise RuleViolation(f"{target_level.status} requires {required.level} to be active", refs.REQUIREMENTS)


def _check_stop_drawing(R: Rules, d: dict, a: StopDrawing, phase: str) -> None:
    if phase != "draw":
        raise RuleViolation("stopping the draw is a choice of the end of turn's draw only (a benefit's draw is left "
                            "with Finish)", refs.HOLDING_THE_GAME)


def _check_pass_nation(R: Rules, d: dict, a: PassNation, phase: str) -> None:
    draw = benefit_of(d["frames"][-1], "draw") if phase == "benefits" else None
    pending = phase == "draw" or (draw is not None and draw["left"] > 0)
    if not R.fluid:
        raise RuleViolation("passing the nation card is the fluid round variant, not in play", refs.FLUID_ROUND_VARIANT)
    if not (pending and R.can_pass(d)):
        raise RuleViolation("the nation card can be passed only when a draw reveals it with draw left, outside the "
                            "last round, with a civ card behind it (ruling behold_rome.fluid-pass)",
                            refs.FLUID_ROUND_VARIANT)


def _check_draw(R: Rules, d: dict, a: Draw, phase: str) -> None:
    if phase == "draw":
        if d["refill"] != "stored":
            raise RuleViolation("the nation card stops the draw", refs.ROUND_END)
        return
    if phase != "benefits":
        raise RuleViolation("drawing is a benefit or the end of turn's draw", refs.ACTION_PHASE)
    b = benefit_of(d["frames"][-1], "draw")
    if b is None or b["left"] <= 0:
        raise RuleViolation("the played card has no draw left", refs.ACTION_PHASE)
    top = d["deck"].top
    if top is None or top[0] in MARKERS:
        raise RuleViolation("the nation card is on top: nothing to draw (the surplus draw is lost)", refs.ROUND_END)


def _check_degrade(R: Rules, d: dict, a: Degrade, phase: str) -> None:
    """A degrade is a cost while costs are paid, a benefit otherwise."""
    (_check_cost if phase == "costs" else _check_benefit)(R, d, a, phase)


def _check_cost(R: Rules, d: dict, a, phase: str) -> None:
    if phase != "costs":
        raise RuleViolation(f"{a.kind} is a cost, and no cost is being paid now", refs.ACTION_PHASE)
    f = d["frames"][-1]
    c = f["costs"]
    deck = d["deck"]
    exclude = f["card"] if f["kind"] == "develop" else None
    kind = type(a)
    if kind is Discard:
        if c["discard"] <= 0:
            raise RuleViolation("no discard is left to pay", refs.ACTION_PHASE)
        if not deck.in_hand(a.card) or a.card == exclude:
            raise RuleViolation(f"{R.named(d, a.card)} is not a card in the hand to discard", refs.DISCARD)
    elif kind is Degrade:
        if c["degrade"] <= 0:
            raise RuleViolation("no degrade is left to pay", refs.ACTION_PHASE)
        if not deck.in_hand(a.card) or a.card == exclude:
            raise RuleViolation(f"{R.named(d, a.card)} is not a card in the hand to degrade (only cards currently "
                                "in your hand)", refs.DEGRADE)
        lv = R.level_of(d, a.card)
        if c["degrade_type"] is not None and lv.type != c["degrade_type"]:
            raise RuleViolation(f"{lv.name} is no {c['degrade_type']} card", refs.DEGRADE)
        if R.down(lv.level) is None:
            raise RuleViolation(f"{lv.name} is at level 1 (ruling behold_rome.level-bounds)", refs.LEVEL)
    elif kind is Pay:
        if deck.mark(a.card) != "stored":
            raise RuleViolation(f"{R.named(d, a.card)} is not a stored card (only stored resources pay)",
                                refs.PAY_SPEND)
        lv = R.level_of(d, a.card)
        if not ((c["population"] and lv.resources.population) or (c["materials"] and lv.resources.materials)):
            raise RuleViolation(f"{lv.name} covers no part of the price still missing (ruling "
                                "behold_rome.pay-mixed)", refs.PAY_SPEND)
    else:  # Abandon
        if c["abandon"] <= 0:
            raise RuleViolation("no region is to be abandoned", refs.ABANDON)
        if deck.mark(a.card) != "controlled" or a.card == f.get("card"):
            raise RuleViolation(f"{R.named(d, a.card)} is not a controlled region to abandon", refs.ABANDON)


BENEFIT_KINDS = {Store: "store", Develop: "develop", DevelopRegion: "develop_region", Degrade: "degrade",
                 Conquer: "conquer"}
"""The frame's benefit entry each benefit step resolves."""


def _check_benefit(R: Rules, d: dict, a, phase: str) -> None:
    if phase != "benefits":
        raise RuleViolation(f"{a.kind} resolves a benefit, and no benefit is being resolved now", refs.ACTION_PHASE)
    kind = type(a)
    if kind is Finish:
        return
    f = d["frames"][-1]
    deck = d["deck"]
    name = BENEFIT_KINDS[kind]
    b = benefit_of(f, name)
    if b is None or b["left"] <= 0:
        raise RuleViolation(f"the played card has no {name.replace('_', ' ')} left", refs.ACTION_PHASE)
    if kind is DevelopRegion:
        if deck.mark(a.card) != "controlled":
            raise RuleViolation(f"{R.named(d, a.card)} is not a controlled region", refs.DEVELOP)
        target(R, d, a.card, True)
        return
    if not deck.in_hand(a.card):
        raise RuleViolation(f"{R.named(d, a.card)} is not a card in the hand (the played card is not)",
                            refs.ACTION_PHASE)
    lv = R.level_of(d, a.card)
    if kind is Store:
        if a.card in f["touched"]:
            raise RuleViolation(f"{lv.name} was discarded, developed or degraded for this action: it cannot be "
                                "stored by it", refs.ACTION_PHASE)
        if deck.count_stored() >= MAX_STORED:
            raise RuleViolation(f"{MAX_STORED} cards are stored already", refs.SLOT)
        n = R.count(lv, b["resource"])
        if n < 1:
            raise RuleViolation(f"{lv.name} has no {b['resource']} available to store", refs.AVAILABLE_RESOURCES)
        if not (R.store_cards or n <= b["left"]):
            raise RuleViolation(f"{lv.name} holds {n} resources, more than the {b['left']} left to store (ruling "
                                "behold_rome.store-counts)", refs.STORE_STORED)
    elif kind is Develop:
        if b.get("type") is not None and lv.type != b["type"]:
            raise RuleViolation(f"{lv.name} is no {b.get('type')} card", refs.DEVELOP)
        target(R, d, a.card, False)
    elif kind is Degrade:
        if b.get("type") is not None and lv.type != b["type"]:
            raise RuleViolation(f"{lv.name} is no {b.get('type')} card", refs.DEGRADE)
        if R.down(lv.level) is None:
            raise RuleViolation(f"{lv.name} is at level 1 (ruling behold_rome.level-bounds)", refs.LEVEL)
    else:  # Conquer
        if lv.type != "region":
            raise RuleViolation(f"{lv.name} is no region", refs.CONQUER)
        if lv.wealth > b["value"]:
            raise RuleViolation(f"{lv.name} has wealth {lv.wealth}, more than conquer {b['value']}", refs.CONQUER)
        if not R.banner_ok(d, lv.banner):
            raise RuleViolation(f"{lv.name} shows the {lv.banner} banner: your nation is "
                                f"{R.nation(d).status} ({R.nation(d).condition})", refs.BANNER)


_CHECKS = {Play: _check_play, EndTurn: _check_end_turn, MoveOn: _check_move_on, EndGame: _check_end_game,
           DevelopNation: _check_nation, StopDrawing: _check_stop_drawing, PassNation: _check_pass_nation,
           Draw: _check_draw, Discard: _check_cost, Pay: _check_cost, Abandon: _check_cost, Degrade: _check_degrade,
           Store: _check_benefit, Develop: _check_benefit, DevelopRegion: _check_benefit, Conquer: _check_benefit,
           Finish: _check_benefit}
"""The check of each kind of action."""

LOOKAHEAD = frozenset({Play, DevelopNation, Discard, Degrade, Pay, Abandon, Draw, Store, Develop, DevelopRegion,
                       Conquer, PassNation})
"""The actions tried on a copy before they are allowed: what follows them must stay completable."""


def verify(R: Rules, d: dict, a, trials: Optional[dict] = None) -> None:
    """Every rule, and for a step of a played card the look-ahead: afterwards the action can still be
    completed (ruling ``behold_rome.benefit-check``).

    ``trials``: where an action that passes its look-ahead leaves the copy it was tried on and the
    events it made there, ``trials[a] = (data, [(kind, text, rule), ...])`` -- what performing it on
    ``d`` gives, so that applying it need not perform it again."""
    basic(R, d, a)
    _look_ahead(R, d, a, trials)


def _look_ahead(R: Rules, d: dict, a, trials: Optional[dict] = None) -> None:
    """:func:`verify` once :func:`basic` has passed ``a``: the look-ahead (a Finish judged by the steps beside it)."""
    kind = type(a)
    if kind is Finish:
        f = d["frames"][-1]
        if all(b["done"] for b in f["benefits"]):
            return
        if any(_legal_step(R, d, s) for s in step_candidates(R, d) if type(s) is not Finish):
            raise RuleViolation("each distinct type of benefit is resolved at least in part before the rest is left",
                                refs.ACTION_PHASE)
        return
    if kind in LOOKAHEAD and (d["frames"] or kind is Play or kind is DevelopNation):
        if _finishes(R, d, a):
            return
        if kind is Play and _play_cannot_be_paid(R, d, a):
            _refuse(R.nation_on_top(d) and not R.fluid and _draw_left(R.playable(R.level_of(d, a.card)).benefits)
                    and R.level_of(d, a.card).name)
        trial = copy_data(d)
        if trials is None:
            perform(R, trial, a, noop)
        else:
            events: list = []
            perform(R, trial, a, lambda *event: events.append(event))
        if not completable(R, trial):
            _refuse(_draw_stopped(R, trial))
        if trials is not None:
            trials[a] = (trial, events)


def _refuse(stopped) -> None:
    """Raise the look-ahead's refusal: the draw of the card named ``stopped`` stopped by the nation card,
    or (``stopped`` None or false) the action that could not be completed."""
    if stopped:
        raise RuleViolation(f"the nation card is revealed and stops the draw: {possessive(stopped)} draw "
                            "could not be resolved (before moving on, only cards that do not draw can be "
                            "played; ruling behold_rome.benefit-check)", refs.ROUND_END)
    raise RuleViolation("the action could not be completed this way: its costs could not all be paid, or not "
                        "every type of its benefits resolved at least in part (ruling behold_rome.benefit-check)",
                        refs.ACTION_PHASE)


def _draw_left(benefits) -> bool:
    """The first draw benefit among a frame's ``benefits`` has draws left and none done."""
    draw = next((b for b in benefits if b["kind"] == "draw"), None)
    return draw is not None and draw["left"] > 0 and not draw["done"]


def _play_cannot_be_paid(R: Rules, d: dict, a: Play) -> bool:
    """What :func:`completable` would find first on the copy a Play (between actions, its checks passed)
    is tried on, read off ``d`` without making the copy: the played card leaves costs to pay and no
    interrupting card ignores them, so the copy holds the card set aside and its play frame paying
    them -- costs that can never be paid (:func:`_unpayable`: the hand short of the played card), or
    a conquest that can never be begun (:func:`_no_conquest`: a region of the hand but the played card)."""
    if a.interrupt or d["frames"]:
        return False
    p = R.playable(R.level_of(d, a.card))
    c = p.costs
    if not costs_left(c):
        return False
    deck = d["deck"]
    if c["discard"] and c["discard"] > len(deck.hand) - 1:
        return True
    if c["abandon"] and c["abandon"] > len(deck.controlled()):
        return True
    if c["population"] or c["materials"]:
        held = [R.levels[(e[0], e[1])].resources for e in deck.stored()]
        if c["population"] > sum(r.population for r in held) or c["materials"] > sum(r.materials for r in held):
            return True
    conquer = next((b for b in p.benefits if b["kind"] == "conquer"), None)
    if conquer is None or c["degrade"] or any(b["kind"] in CHANGES_THE_HAND and b["left"] > 0 for b in p.benefits):
        return False
    for e in deck.hand:
        lv = R.levels[(e[0], e[1])]
        if e[0] != a.card and lv.type == "region" and lv.wealth <= conquer["value"] and R.banner_ok(d, lv.banner):
            return False
    return True


DECIDED_BENEFITS = frozenset({"store", "draw", "develop", "conquer"})
"""The benefits of a played card whose completion :func:`play_decided` works out without a trial copy."""
HAND_BENEFITS = frozenset({"store", "develop", "conquer"})
"""The benefits among them resolved with a card of the hand (:func:`play_decided` takes at most one)."""


def play_decided(R: Rules, d: dict, a: Play, stored: Optional[list] = None, lv=None) -> Optional[bool]:
    """Whether the Play ``a`` (between actions, no interrupting card, :func:`basic` passed) passes its
    look-ahead, worked out on ``d`` without the trial copy :func:`verify` makes and searches; None for a
    play it does not cover (then the trial decides).  The played card leaves the hand (stored, if
    ``store_played``, by :func:`~explorer.behold_rome.game_rules.perform`'s own rule); then
    :func:`_plain_completion` answers for its frame.  ``stored``: the deck's stored entries, if the caller
    has them (:func:`legal` reads them once for all the plays of a hand); ``lv`` the played card's level, if
    the caller has it.  What it reads of the play whatever the state is worked out once (:func:`_play_plan`)."""
    if a.interrupt or d["frames"]:
        return None
    if lv is None:
        lv = R.level_of(d, a.card)
    deck = d["deck"]
    return _decide_play(R, d, a.card, lv, _play_plan(R, lv, a.store_played),
                        deck.stored() if stored is None else stored, deck.top, deck.next_unstores())


PLAY_REFUSED, PLAY_TRIAL, PLAY_DEGRADE, PLAY_PLAIN = "refused", "trial", "degrade", "plain"
"""The modes of a play's plan (:func:`_play_plan`)."""


def _play_plan(R: Rules, lv, store_played: bool) -> tuple:
    """What :func:`play_decided` reads of a play of level ``lv`` (storing the played card or not) whatever the
    state: ``(mode, costs, shape, store_played)`` -- the mode :data:`PLAY_TRIAL` for a play it does not cover
    (fluid rounds, a region to abandon, a degrade beside other costs or beside storing the played card, a played
    card stored with costs to pay, benefits :func:`_shape` does not cover), :data:`PLAY_REFUSED` for storing a
    played card without fitting resources (its check refuses it), :data:`PLAY_DEGRADE` for a degrade the one
    cost, :data:`PLAY_PLAIN` for the others; ``costs`` the play's costs; ``shape`` the shape of the benefits its
    play frame resolves (the played card's own store taken out).  Worked out once per level, ``store_played``
    and game (the rulings and variants it reads are the game's)."""
    key = (id(lv), store_played)
    found = R.play_plans.get(key)
    if found is None or found[0] is not lv:
        found = R.play_plans[key] = (lv, _make_play_plan(R, lv, store_played))
    return found[1]


def _make_play_plan(R: Rules, lv, store_played: bool) -> tuple:
    """:func:`_play_plan`, worked out."""
    p = R.playable(lv)
    c = p.costs
    if R.fluid or c["abandon"] or (c["degrade"] and (store_played or c["discard"] or c["population"]
                                                      or c["materials"])):
        return PLAY_TRIAL, c, None, store_played
    if c["degrade"]:
        return PLAY_DEGRADE, c, None, store_played
    benefits = p.benefits
    if store_played:
        if costs_left(c):
            return PLAY_TRIAL, c, None, store_played
        n = R.count(lv, p.store.resource)
        if not (n >= 1 and (R.store_cards or n <= p.store.store)):
            return PLAY_REFUSED, c, None, store_played
        store = next(b for b in benefits if b["kind"] == "store")
        benefits = [b for b in benefits if b is not store]
    shape = _shape(benefits)
    return (PLAY_TRIAL if shape is None else PLAY_PLAIN), c, shape, store_played


def _decide_play(R: Rules, d: dict, card: str, lv, plan: tuple, stored: list, top: Optional[list],
                 unstores: bool) -> Optional[bool]:
    """:func:`play_decided` for the play of ``card`` at level ``lv`` by its ``plan`` (:func:`_play_plan`), the
    deck's ``stored`` entries, its top card and whether drawing it unstores the next (:meth:`Deck.next_unstores`)
    given.  A played card stored takes a slot (it holds fitting resources: its plan
    says so), and stands behind the stored cards."""
    mode, c, shape, store_played = plan
    deck = d["deck"]
    if mode is PLAY_PLAIN:
        if store_played:
            if len(stored) >= MAX_STORED:
                return False
            stored = stored + [[card, lv.level, "stored"]]
        elif shape is _COSTS_ONLY and not (c["population"] or c["materials"]):
            return c["discard"] < len(deck.hand)  # _plain_completion's answer: the discards, the played card aside
        return _plain_completion(R, d, deck.hand, c["discard"], c["population"], c["materials"], stored, None,
                                 top, unstores, shape, card)
    if mode is PLAY_DEGRADE:
        return _degrade_cost_completion(R, d, [e for e in deck.hand if e[0] != card], c["degrade"],
                                        c["degrade_type"], R.playable(lv).benefits)
    return False if mode is PLAY_REFUSED else None


def _degrade_cost_completion(R: Rules, d: dict, hand: list, degrade: int, wanted: Optional[str],
                             benefits) -> Optional[bool]:
    """Whether a play frame whose one cost left is ``degrade`` (1) card of the hand (of type ``wanted``, if
    given) can be completed, the frame the only action resolving (fixed rounds), worked out without a
    search: some card ``X`` of ``hand`` (the played card set aside) that may be degraded is, and with ``X``
    a level down the benefits are resolved -- by :func:`_plain_completion` (a develop read on the deck
    with ``X`` degraded: its targets' requirements may name ``X``), or by :func:`_conquer_degrade` for a
    conquest beside a degrade.  Degrading changes no stored card, no region controlled and not the top
    card; ``X`` is touched, which only a store minds (a store: None, as for any other case not covered)."""
    if degrade != 1:
        return None
    kinds = [b["kind"] for b in benefits]
    if "store" in kinds or len(set(kinds)) != len(kinds) or any(b["left"] <= 0 for b in benefits):
        return None
    found: Optional[bool] = False
    deck = d["deck"]
    around = None  # what the benefits are read beside, the same whichever card is degraded
    for x in hand:
        if wanted is not None and R.levels[(x[0], x[1])].type != wanted:
            continue
        to = R.down(x[1])
        if to is None:
            continue
        if around is None:
            around = (deck.stored(), deck.top, deck.next_unstores(), _shape(benefits))
        ok = _degraded_completion(R, d, hand, x, to, kinds, benefits, around)
        if ok:
            return True
        if ok is None:
            found = None
    return found


def _degraded_completion(R: Rules, d: dict, hand: list, x: list, to: int, kinds: list, benefits,
                         around: Optional[tuple] = None) -> Optional[bool]:
    """:func:`_degrade_cost_completion` for the card of entry ``x`` degraded to level ``to``: the play frame's
    benefits (of ``kinds``, no store) resolvable with that card a level down.  ``around``: the deck's stored
    entries, top card, whether drawing it unstores the next, and the benefits' shape, if the caller has them."""
    after = [[x[0], to] if e is x else e for e in hand]
    if "degrade" in kinds:
        return _conquer_degrade(R, d, after, benefits)
    deck = d["deck"]
    seen = d
    if "develop" in kinds:
        twin = deck.copy()
        twin.set_level(x[0], to)
        seen = dict(d)
        seen["deck"] = twin
    stored, top, unstores, shape = around or (deck.stored(), deck.top, deck.next_unstores(), _shape(benefits))
    if shape is None:
        return None
    return _plain_completion(R, seen, after, 0, 0, 0, stored, benefits, top, unstores, shape)


def _conquer_degrade(R: Rules, d: dict, hand: list, benefits) -> Optional[bool]:
    """Whether benefits of a degrade (of a card of the hand) and at most a conquest, nothing else, can each be
    resolved at least in part with the cards of ``hand``: a region ``C`` conquered (wealth, banner) and
    another card degraded, in either order (the conquest's abandon, with 4 regions controlled, can always
    be paid, and neither step changes another card of the hand) -- or a card degraded that is then a
    region to conquer.  None for other benefits."""
    if len(benefits) > 2 or any(b["kind"] not in ("degrade", "conquer") for b in benefits):
        return None
    degrade = next(b for b in benefits if b["kind"] == "degrade")
    conquer = next((b for b in benefits if b["kind"] == "conquer"), None)
    wanted = degrade.get("type")

    def degradable(e) -> bool:
        return (wanted is None or R.levels[(e[0], e[1])].type == wanted) and R.down(e[1]) is not None

    if conquer is None:
        return any(degradable(e) for e in hand)
    value = conquer["value"]

    def conquers(e) -> bool:
        x = R.levels[(e[0], e[1])]
        return x.type == "region" and x.wealth <= value and R.banner_ok(d, x.banner)

    for c in hand:
        if conquers(c) and any(degradable(e) for e in hand if e is not c):
            return True
    return any(degradable(e) and conquers([e[0], R.down(e[1])]) for e in hand)


STEP_DECIDED = frozenset({Discard, Degrade, Pay, Abandon, Draw, Store, Develop, Conquer})
"""The steps :func:`step_decided` may work out without a trial."""


SECOND_STEPS = frozenset({Develop, Draw, Store})
"""The benefit steps :func:`step_decided` also works out once their benefit is begun (a second develop, draw or store):
what is left to begin is the same as before the first."""


def step_decided(R: Rules, d: dict, a, stored: Optional[list] = None) -> Optional[bool]:
    """Whether the step ``a`` of the one play being resolved (:func:`basic` passed) passes its look-ahead,
    worked out on ``d`` without a trial copy: what the step leaves -- a discard or a stored card paid, the top
    card drawn (a stored card behind it unstored), a card of the hand stored, developed (its extra costs
    paid from the stored cards and controlled regions) or conquered -- answered by :func:`_plain_completion`;
    the one degrade a play costs, paid, answered as :func:`_degrade_cost_completion` answers for that card; a
    conquest beside a degrade (benefits), the other one answered as :func:`_conquer_degrade` does.
    None for what it does not cover (then the trial decides).  ``stored``: the deck's stored entries, if the
    caller has them (:func:`legal` reads them once for all the steps)."""
    frames = d["frames"]
    if len(frames) == 2 and (type(a) is Pay or type(a) is Abandon):
        return _extra_cost_decided(R, d, a, stored)
    if len(frames) != 1 or R.fluid:
        return None
    f = frames[0]
    c = f["costs"]
    if f["kind"] == "nation" and type(a) is Pay:
        r = R.level_of(d, a.card).resources
        return _pays(R, [e for e in (d["deck"].stored() if stored is None else stored) if e[0] != a.card], c, r)
    kind = type(a)
    if (kind is Degrade and f["kind"] == "play" and f["stage"] == "costs" and not f["interrupt"]
            and not f["store_played"] and c["degrade"] == 1 and not (c["discard"] or c["population"] or c["materials"]
                                                                    or c["abandon"])):
        benefits = f["benefits"]
        kinds = [b["kind"] for b in benefits]
        if ("store" in kinds or len(set(kinds)) != len(kinds) or any(b["left"] <= 0 or b["done"] for b in benefits)
                or f["touched"]):
            return None
        x = next(e for e in d["deck"].hand if e[0] == a.card)
        return _degraded_completion(R, d, d["deck"].hand, x, R.down(x[1]), kinds, benefits)
    if f["kind"] != "play" or f["interrupt"] or c["degrade"] or c["abandon"]:
        return None
    deck = d["deck"]
    hand, top = deck.hand, deck.top
    if stored is None:
        stored = deck.stored()
    discard, pop, mat = c["discard"], c["population"], c["materials"]
    stack = deck.stack
    if f["stage"] == "costs":
        if f["store_played"]:
            return None
        if kind is Discard:
            hand = [e for e in hand if e[0] != a.card]
            discard -= 1
            unstores = deck.next_unstores()
        elif kind is Pay:
            r = R.level_of(d, a.card).resources
            pop, mat = max(0, pop - r.population), max(0, mat - r.materials)
            stored = [e for e in stored if e[0] != a.card]
            rest = [e for e in stack if e[0] != a.card]
            unstores = len(rest) > 1 and rest[1][2] == "stored"
        else:
            return None
        benefits = f["benefits"]
    else:
        benefits = [b for b in f["benefits"] if not b["done"]]
        name = FINAL_STEPS.get(kind)
        if name is None:
            return None
        b = next((b for b in benefits if b["kind"] == name), None)
        if b is not None:
            benefits = [x for x in benefits if x is not b]
        elif kind not in SECOND_STEPS:  # its benefit begun ("develop 2", "draw 2"): the same benefits left to begin
            return None
        if kind is Degrade or (kind is Conquer and any(x["kind"] == "degrade" for x in benefits)):
            # a conquest and a degrade (ruling behold_rome.benefit-check): what is left is the other one
            if any(x["kind"] not in ("conquer", "degrade") or x["left"] <= 0 for x in benefits):
                return None
            if kind is Conquer:
                return _conquer_degrade(R, d, [e for e in hand if e[0] != a.card], benefits)
            if not benefits:
                return True
            value = benefits[0]["value"]
            for e in hand:
                x = R.levels[(e[0], R.down(e[1]) if e[0] == a.card else e[1])]
                if x.type == "region" and x.wealth <= value and R.banner_ok(d, x.banner):
                    return True
            return False
        unstores = False
        if kind is Draw:
            hand = hand + [[top[0], top[1]]]
            if len(stack) > 1 and stack[1][2] == "stored":
                stored = stored[1:]
            top = stack[1] if len(stack) > 1 else None
            unstores = len(stack) > 2 and stack[2][2] == "stored"
        elif kind is Store or kind is Conquer:
            hand = [e for e in hand if e[0] != a.card]
        elif kind is Develop:
            if any(x["kind"] != "draw" for x in benefits):  # the developed card stays in the hand, touched
                return None
            costs = target(R, d, a.card, False)[1]
            if costs_left(costs):
                if costs["discard"] or costs["degrade"]:
                    return None
                held = [R.levels[(e[0], e[1])].resources for e in stored]
                if (costs["abandon"] > len(deck.controlled())
                        or costs["population"] > sum(r.population for r in held)
                        or costs["materials"] > sum(r.materials for r in held)):
                    return False
        else:
            return None
    if (f["touched"] and any(x["kind"] == "store" for x in benefits)
            and any(e[0] in f["touched"] for e in hand)):  # only a store minds a touched card (_check_benefit)
        return None
    return _plain_completion(R, d, hand, discard, pop, mat, stored, benefits, top, unstores)


def _extra_cost_decided(R: Rules, d: dict, a, stored: Optional[list] = None) -> Optional[bool]:
    """:func:`step_decided` for a Pay or an Abandon of the frame on top of the one play frame -- a develop's
    extra costs, a conquest's abandon (4 regions controlled) -- once every type of the play's benefits is
    begun: the look-ahead passes iff the costs left after it can be paid, the stored cards left holding the
    resources and the controlled regions left (the one developed never abandoned) covering the abandons, as
    :func:`_unpayable` reads them (paying takes cards away and changes nothing else).  Then the develop or the
    conquest takes effect and the play is complete.  None for discards or degrades still to pay, or benefits of
    the play not yet begun."""
    play, f = d["frames"]
    if (play["kind"] != "play" or play["stage"] != "benefits" or f["stage"] != "costs"
            or not all(b["done"] for b in play["benefits"])):
        return None
    c = f["costs"]
    if c["discard"] or c["degrade"]:
        return None
    population, materials, abandon = c["population"], c["materials"], c["abandon"]
    deck = d["deck"]
    if stored is None:
        stored = deck.stored()
    if type(a) is Pay:
        r = R.level_of(d, a.card).resources
        population, materials = max(0, population - r.population), max(0, materials - r.materials)
        stored = [e for e in stored if e[0] != a.card]
    else:
        abandon -= 1
    if abandon > 0 and abandon > sum(1 for e in deck.controlled() if e[0] != f["card"] and e[0] != a.card):
        return False
    if population or materials:
        held = [R.levels[(e[0], e[1])].resources for e in stored]
        return population <= sum(r.population for r in held) and materials <= sum(r.materials for r in held)
    return True


def nation_decided(R: Rules, d: dict) -> Optional[bool]:
    """Whether DevelopNation (:func:`basic` passed) passes its look-ahead, without a trial copy: its costs
    (the development cost, the target status's extra cost) paid with stored cards, as :func:`_unpayable`
    reads them; None for an extra cost of discards, degrades or regions, or while an action resolves."""
    if d["frames"]:
        return None
    return _pays(R, d["deck"].stored(), _nation_costs(R, d))


def _pays(R: Rules, stored: list, c: dict, paid=None) -> Optional[bool]:
    """Whether costs ``c`` of stored resources alone (less the resources ``paid``, if given) can be paid
    with the ``stored`` entries: iff these hold enough of each (paying a card lowers what is missing, and
    what is left still covers it).  None for costs of discards, degrades or regions."""
    if c["discard"] or c["degrade"] or c["abandon"]:
        return None
    population, materials = c["population"], c["materials"]
    if paid is not None:
        population, materials = max(0, population - paid.population), max(0, materials - paid.materials)
    held = [R.levels[(e[0], e[1])].resources for e in stored]
    return population <= sum(r.population for r in held) and materials <= sum(r.materials for r in held)


_COSTS_ONLY = (None, False)
"""The shape (:func:`_shape`) of benefits that need no card of the hand and draw nothing."""


def _shape(benefits) -> Optional[tuple]:
    """What :func:`_plain_completion` reads of a frame's benefits not yet begun: the one resolved with a card of
    the hand (None if none) and whether a draw is among them; None for benefits it does not cover."""
    using, draw = None, False
    for b in benefits:  # kinds among DECIDED_BENEFITS, each once, each with some left, one of HAND_BENEFITS at most
        kind = b["kind"]
        if b["left"] <= 0:
            return None
        if kind == "draw":
            if draw:
                return None
            draw = True
        elif kind in HAND_BENEFITS and using is None:
            using = b
        else:
            return None
    return _COSTS_ONLY if using is None and not draw else (using, draw)


def _plain_completion(R: Rules, d: dict, hand: list, discard: int, population: int, materials: int, stored: list,
                      benefits, top: Optional[list], unstores: bool, shape: Optional[tuple] = None,
                      skip: Optional[str] = None) -> Optional[bool]:
    """Whether one play frame (the only action resolving, fixed rounds: no nation card to pass) can be
    completed, worked out without a search: ``hand`` the cards of the hand (but ``skip``, the
    id of a card leaving it, if given), ``discard``, ``population`` and
    ``materials`` its costs left (no degrade or abandon), ``stored`` the stored entries in stack order,
    ``benefits`` its benefit entries not yet begun, ``top`` the top card and ``unstores`` whether drawing it
    unstores the card behind it.  Covered: benefits of draw and at most one of store, develop, conquer (each
    once); None otherwise.  What the search would find:

    * discards go to the back, and paying discards stored cards -- none of this changes the top card (the
      nation, round and age cards always stand in the stack, in front of the back; the top card is never
      stored), the levels, the nation or the controlled regions.  So a draw can be taken iff the top card is
      a civ card now, and the cards discarded for a cost are any of the hand but the one the benefits use;
    * paying is possible iff the stored cards hold the resources (as :func:`_unpayable`): paying a card
      always lowers what is missing, and what is left still covers it;
    * a store, develop or conquest needs one card of the hand, or the card drawn when the draw comes first:
      drawing can only unstore a card (stored cards and their resources fewer), so a card of the hand
      that cannot be developed or conquered now cannot be after the draw either -- and a store blocked by
      4 stored cards may be unblocked by the draw (the draw is taken first then);
    * a develop finishes if its target level asks no extra cost; extra stored resources and regions to
      abandon are paid as above -- unless costs of the card itself are still to be paid with stored cards
      (then which ones were paid matters: None); a conquest with 4 regions controlled abandons one (always
      possible) and the conquered region takes its slot."""
    if shape is None:
        shape = _shape(benefits)
        if shape is None:
            return None
    b, draw = shape
    pays = population or materials
    if pays and b is not None and b["kind"] == "store":
        return None
    size = len(hand) - (skip is not None)
    if discard > size:
        return False
    levels = R.levels
    if pays:
        held_population = held_materials = 0
        for e in stored:
            r = levels[(e[0], e[1])].resources
            held_population += r.population
            held_materials += r.materials
        if population > held_population or materials > held_materials:
            return False
    if draw and (top is None or top[0] in MARKERS):
        return False
    if b is None:
        return True
    # the cards that may resolve the benefit: one of the hand if another covers the discards, or the one drawn
    cards = [e for e in hand if e[0] != skip] if size - 1 >= discard else []
    unstores = draw and unstores
    kind = b["kind"]
    if kind == "store":
        if len(stored) - (1 if unstores else 0) >= MAX_STORED:
            return False
        resource, left, any_count = b["resource"], b["left"], R.store_cards
        for e in cards + [top] if draw else cards:
            n = R.count(levels[(e[0], e[1])], resource)
            if n >= 1 and (any_count or n <= left):
                return True
        return False
    if kind == "conquer":
        value = b["value"]
        for e in cards + [top] if draw else cards:
            x = levels[(e[0], e[1])]
            if x.type == "region" and x.wealth <= value and R.banner_ok(d, x.banner):
                return True
        return False
    # develop
    wanted = b.get("type")
    controlled = len(d["deck"].controlled())
    held = None if pays else [levels[(e[0], e[1])].resources for e in stored]
    found: Optional[bool] = False
    # the card drawn first: the card behind it unstored (the first stored card, the top card never being stored)
    for e, resources in [(e, held) for e in cards] + (
            [(top, None if held is None else held[1:] if unstores else held)] if draw else []):
        ok = _develops(R, d, e, wanted, resources, controlled)
        if ok:
            return True
        if ok is None:
            found = None
    return found


def _develops(R: Rules, d: dict, e: list, wanted: Optional[str], held: Optional[list],
              controlled: int) -> Optional[bool]:
    """The card of entry ``e`` can be developed by a develop benefit (of type ``wanted``) and its extra
    costs paid, with the stored resources ``held`` (None: not known, unless no resources are asked) and
    ``controlled`` regions; None when its extra cost is not one :func:`play_decided` covers."""
    lv = R.levels[(e[0], e[1])]
    if wanted is not None and lv.type != wanted:
        return False
    found = target_or_none(R, d, e[0])
    if found is None:
        return False
    costs = found[1]
    if not costs_left(costs):
        return True
    if costs["discard"] or costs["degrade"]:
        return None
    if costs["abandon"] > controlled:
        return False
    if costs["population"] or costs["materials"]:
        if held is None:
            return None
        return (costs["population"] <= sum(r.population for r in held)
                and costs["materials"] <= sum(r.materials for r in held))
    return True


def _draw_stopped(R: Rules, d: dict) -> Optional[str]:
    """The name of the card whose action is left with a draw no card can answer: the nation card is on
    top (and cannot be passed: behold-rome-rulebook.txt, "Round End", "When you draw a card and reveal
    your nation card, stop immediately"), and a play being resolved has not drawn yet.  None otherwise."""
    if not R.nation_on_top(d) or R.fluid:
        return None
    for f in reversed(d["frames"]):
        if f["kind"] == "play" and _draw_left(f["benefits"]):
            return R.levels[(f["card"], f["level"])].name
    return None


FINAL_STEPS = {Store: "store", Draw: "draw", Degrade: "degrade", Develop: "develop", DevelopRegion: "develop_region",
               Conquer: "conquer"}
"""The benefit steps, by the type of benefit they resolve."""


def _finishes(R: Rules, d: dict, a) -> bool:
    """Whether ``a``, a benefit step its checks allow, completes what is being resolved without trying it:
    one action is resolving, ``a`` resolves the one type of benefit it has not begun, and adds no cost
    to pay -- a develop whose target level asks no extra cost, a conquest with a free slot, or a store,
    draw or degrade (these add nothing).  Then every type is resolved at least in part."""
    frames = d["frames"]
    if len(frames) != 1 or frames[0]["stage"] != "benefits":
        return False
    kind = FINAL_STEPS.get(type(a))
    if kind is None or not all(b["done"] or b["kind"] == kind for b in frames[0]["benefits"]):
        return False
    if kind in ("develop", "develop_region"):
        return not costs_left(target(R, d, a.card, kind == "develop_region")[1])
    if kind == "conquer":
        return len(d["deck"].controlled()) < MAX_CONTROLLED
    return True


def _accepts(R: Rules, d: dict, a, phase: str, stored: Optional[list] = None) -> Optional[bool]:
    """Whether :func:`basic` passes ``a`` (a candidate of :func:`legal`), read without raising, for the
    candidates most often refused -- a store, develop, degrade or conquest of each card of the hand, a
    play, a move-on without a discard, a pass of the nation card outside fluid rounds: the same tests in
    the same order, none of the refusals worded.  None for the others (then :func:`basic` decides).
    ``stored``: the deck's stored entries, if the caller has them."""
    kind = type(a)
    if kind is Play:
        if phase != "action" or a.interrupt:
            return None
        return _play_accepted(R, d, a) is not None
    if kind is MoveOn:
        if phase != "action" or a.discard or R.last_round(d) or not (R.nation_on_top(d) or R.any_time):
            return None
        return R.fluid or not d["deck"].hand
    if kind is PassNation:
        return False if not R.fluid else None
    name = BENEFIT_KINDS.get(kind)
    if name is None or phase != "benefits" or kind is DevelopRegion:
        return None
    f = d["frames"][-1]
    b = benefit_of(f, name)
    if b is None or b["left"] <= 0:
        return False
    deck = d["deck"]
    if not deck.in_hand(a.card):
        return False
    lv = R.level_of(d, a.card)
    if kind is Store:  # the same tests as _check_benefit's, the cheapest first (all must pass)
        n = R.count(lv, b["resource"])
        if n < 1 or not (R.store_cards or n <= b["left"]) or a.card in f["touched"]:
            return False
        return (deck.count_stored() if stored is None else len(stored)) < MAX_STORED
    if kind is Develop:
        if b.get("type") is not None and lv.type != b["type"]:
            return False
        return target_or_none(R, d, a.card) is not None
    if kind is Degrade:
        if b.get("type") is not None and lv.type != b["type"]:
            return False
        return R.down(lv.level) is not None
    return lv.type == "region" and lv.wealth <= b["value"] and R.banner_ok(d, lv.banner)  # Conquer


def _basic_ok(R: Rules, d: dict, a, phase: str = "action") -> bool:
    """:func:`basic` passes ``a``, taken in ``phase`` (the phase of ``d``; by default between actions)."""
    try:
        _CHECKS[type(a)](R, d, a, phase)
    except RuleViolation:
        return False
    return True


def _legal_step(R: Rules, d: dict, a, trials: Optional[dict] = None) -> bool:
    try:
        verify(R, d, a, trials)
    except RuleViolation:
        return False
    return True


def legal(R: Rules, d: dict, trials: Optional[dict] = None) -> list:
    """The candidates (:func:`~explorer.behold_rome.game_rules.candidates`) that pass :func:`verify`,
    in their order.  A Finish comes after the steps of its frame and is judged by them (refused while
    one of them is legal), not by verifying them again.  ``trials``: as for :func:`verify`, filled for
    every legal action tried on a copy.  Between actions: :func:`_legal_between`; while costs are paid and
    benefits resolved: :func:`_legal_costs`, :func:`_legal_benefits`."""
    phase = phase_of(d)
    if phase == "action":
        return _legal_between(R, d, trials)
    if phase == "benefits":
        return _legal_benefits(R, d, trials)
    if phase == "costs":
        return _legal_costs(R, d, trials)
    out = []
    step_legal = False
    stored = d["deck"].stored()
    for a in candidates(R, d):
        if type(a) is Finish and d["frames"]:
            if _accepts(R, d, a, phase, stored) is not False and _basic_ok(R, d, a, phase) and (
                    not step_legal or all(b["done"] for b in d["frames"][-1]["benefits"])):
                out.append(a)
        elif _step_legal(R, d, a, phase, stored, trials):
            out.append(a)
            step_legal = True
    return out


def _step_legal(R: Rules, d: dict, a, phase: str, stored: list, trials: Optional[dict],
                accepted: Optional[bool] = None) -> bool:
    """Whether the candidate ``a`` (no Finish) passes :func:`verify`, as :func:`legal` works it out: the checks read
    without raising where they can (:func:`_accepts`; ``accepted`` True: the caller has read them), then the
    look-ahead worked out on the state (:func:`step_decided`) or tried (:func:`_tried`).  ``stored``: the deck's
    stored entries."""
    if accepted is None:
        accepted = _accepts(R, d, a, phase, stored)
        if accepted is False:
            return False
        if accepted is None and not _basic_ok(R, d, a, phase):
            return False
    decided = step_decided(R, d, a, stored) if type(a) in STEP_DECIDED else None
    return _tried(R, d, a, trials) if decided is None else decided


def _tried(R: Rules, d: dict, a, trials: Optional[dict]) -> bool:
    """Whether ``a``, its checks passed, passes its look-ahead (:func:`_look_ahead`, the trial filed in ``trials``):
    what :func:`legal` falls back on where no shortcut decides."""
    try:
        _look_ahead(R, d, a, trials)
    except RuleViolation:
        return False
    return True


def _legal_costs(R: Rules, d: dict, trials: Optional[dict]) -> list:
    """:func:`legal` while the top frame's costs are paid, cost by cost as
    :func:`~explorer.behold_rome.game_rules.step_candidates` lists their steps -- a discard or a degrade of each card
    of the hand, a pay with each stored card, an abandon of each controlled region -- each tested on its entry as
    :func:`_check_cost` tests it (the frame's costs read once), then its look-ahead as :func:`_step_legal` decides
    it."""
    f = d["frames"][-1]
    c = f["costs"]
    deck = d["deck"]
    stored = deck.stored()
    exclude = f["card"] if f["kind"] == "develop" else None  # the card being developed pays nothing itself
    levels = R.levels
    out = []
    if c["discard"]:
        for e in deck.hand:
            if e[0] != exclude:
                a = made(Discard, e[0])
                if _step_legal(R, d, a, "costs", stored, trials, True):
                    out.append(a)
    if c["degrade"]:
        wanted = c["degrade_type"]
        for e in deck.hand:
            lv = levels[(e[0], e[1])]
            if e[0] != exclude and (wanted is None or lv.type == wanted) and R.down(lv.level) is not None:
                a = made(Degrade, e[0])
                if _step_legal(R, d, a, "costs", stored, trials, True):
                    out.append(a)
    if c["population"] or c["materials"]:
        for e in stored:
            r = levels[(e[0], e[1])].resources
            if (c["population"] and r.population) or (c["materials"] and r.materials):
                a = made(Pay, e[0])
                if _step_legal(R, d, a, "costs", stored, trials, True):
                    out.append(a)
    if c["abandon"]:
        for e in deck.controlled():
            if e[0] != f.get("card"):
                a = made(Abandon, e[0])
                if _step_legal(R, d, a, "costs", stored, trials, True):
                    out.append(a)
    return out


def _legal_benefits(R: Rules, d: dict, trials: Optional[dict]) -> list:
    """:func:`legal` while the top frame's benefits are resolved, benefit by benefit as
    :func:`~explorer.behold_rome.game_rules.step_candidates` lists their steps: a store, develop, degrade or
    conquest of each card of the hand checked on the card's entry -- the tests :func:`_accepts` reads, the
    benefit entry of the kind (the first) and the stored cards read once -- the draws and region developments
    as :func:`_step_legal` checks any step; then Finish, legal while no step is or once every type is begun."""
    f = d["frames"][-1]
    deck = d["deck"]
    stored = deck.stored()
    levels = R.levels
    out = []
    for b in f["benefits"]:
        if b["left"] <= 0:
            continue
        kind = b["kind"]
        step = _HAND_STEPS.get(kind)
        if step is None:  # a draw (a pass of the nation card), a develop of a controlled region
            for a in (([made(Draw), made(PassNation)] if R.fluid else [made(Draw)]) if kind == "draw" else
                      [made(DevelopRegion, e[0]) for e in deck.controlled()]):
                if _step_legal(R, d, a, "benefits", stored, trials):
                    out.append(a)
            continue
        first = benefit_of(f, kind)  # the entry the checks read
        if first["left"] <= 0:
            continue
        wanted = first.get("type")
        for e in deck.hand:
            lv = levels[(e[0], e[1])]
            if kind == "store":  # _accepts's tests, the cheapest first
                n = R.count(lv, first["resource"])
                if (n < 1 or not (R.store_cards or n <= first["left"]) or e[0] in f["touched"]
                        or len(stored) >= MAX_STORED):
                    continue
            elif kind == "conquer":
                if not (lv.type == "region" and lv.wealth <= first["value"] and R.banner_ok(d, lv.banner)):
                    continue
            elif wanted is not None and lv.type != wanted:
                continue
            elif kind == "develop":
                if target_or_none(R, d, e[0]) is None:
                    continue
            elif R.down(lv.level) is None:  # degrade
                continue
            a = made(step, e[0])
            if _step_legal(R, d, a, "benefits", stored, trials, True):
                out.append(a)
    if not out or all(b["done"] for b in f["benefits"]):
        out.append(made(Finish))
    return out


def _play_accepted(R: Rules, d: dict, a: Play):
    """:func:`_accepts` for a Play without an interrupting card, between actions: the level of the played card
    if :func:`basic` passes it, None if it refuses (for a Play with one, the tests of its played card)."""
    if not d["deck"].in_hand(a.card):
        return None
    lv = R.level_of(d, a.card)
    p = R.playable(lv)
    if p is None or p.interrupts or not R.banner_ok(d, lv.banner):
        return None
    if a.store_played:
        if p.store is None:
            return None
        n = R.count(lv, p.store.resource)
        if not (n >= 1 and (R.store_cards or n <= p.store.store)):
            return None
    return lv


def _interrupt_accepted(R: Rules, d: dict, a: Play, lv) -> bool:
    """Whether :func:`basic` passes the interrupting card of the Play ``a`` (between actions, the played card of
    level ``lv`` passed by :func:`_play_accepted`), read without raising: the tests of :func:`_check_play`."""
    if a.interrupt == a.card or not d["deck"].in_hand(a.interrupt):
        return False
    ilv = R.level_of(d, a.interrupt)
    ip = R.playable(ilv)
    if ip is None or not ip.interrupts or not R.banner_ok(d, ilv.banner):
        return False
    p = R.playable(lv)
    return any(p.ignorable[k] for k in ip.ignore)


def _legal_between(R: Rules, d: dict, trials: Optional[dict]) -> list:
    """:func:`legal` between actions, part by part of the candidates (:func:`~explorer.behold_rome.game_rules.
    between_actions`, in their order): the plays one by one (each hand card's plays by what is read of them once,
    :func:`_hand_card`); the end-turns and move-ons discarding a card of the hand all or none, by the first one's
    checks (the end-turns' read off the deck); the kinds of action :func:`_hopeless` refuses not looked at.  The
    end-turns, move-ons and the game's end are no look-ahead's (:data:`LOOKAHEAD`): their checks alone decide."""
    hopeless = _hopeless(R, d)
    deck = d["deck"]
    plans = R.play_plans
    cards = [plans.get((e[0], e[1])) or _hand_card(R, e) for e in deck.hand]  # _hand_card, read off its dict
    stored = deck.stored()
    if any(x[1] for x in cards):
        out = _interrupted_plays(R, d, trials, stored)
    else:
        out = []
        nation = None
        top, unstores = deck.top, deck.next_unstores()
        for lv, _, plays, _, _ in cards:
            banner = lv.banner
            if banner is not None:  # the banner check of the play (behold-rome-rulebook.txt, "Banner")
                if nation is None:
                    nation = R.nation(d)
                if banner != nation.status and banner != nation.condition:
                    continue
            for a, plan in plays:
                mode = plan[0]
                if mode is PLAY_REFUSED:
                    continue
                decided = None if mode is PLAY_TRIAL else _decide_play(R, d, a.card, lv, plan, stored, top, unstores)
                if _tried(R, d, a, trials) if decided is None else decided:
                    out.append(a)
    if EndTurn not in hopeless:  # the nation card not revealed: _check_end_turn passes each card of the hand,
        out += [x[3] for x in cards]  # and the top card if it is a civ card, neither stored nor controlled
        top = deck.top
        if top is not None and top[0] not in MARKERS and not top[2]:
            out.append(_END_TOP)
    if MoveOn not in hopeless:
        if cards and _basic_ok(R, d, cards[0][4]):
            out += [x[4] for x in cards]
        a = _MOVE_ON
        accepted = _accepts(R, d, a, "action")
        if accepted if accepted is not None else _basic_ok(R, d, a):
            out.append(a)
    if DevelopNation not in hopeless and not d["nation_developed"]:  # once a round: _check_nation's refusal, unworded
        a = _DEVELOP_NATION
        try:
            basic(R, d, a)
            decided = nation_decided(R, d)
            if decided is None:
                _look_ahead(R, d, a, trials)
                decided = True
        except RuleViolation:
            decided = False
        if decided:
            out.append(a)
    if EndGame not in hopeless:
        a = _END_GAME
        if _basic_ok(R, d, a):
            out.append(a)
    return out


def _hand_card(R: Rules, e: list) -> tuple:
    """What :func:`_legal_between` reads of the hand card of entry ``e`` whatever the state: its level, whether it
    interrupts, its plays without an interrupting card (kept and, if its action stores, stored) each with its plan
    (:func:`_play_plan`), its end-turn and its move-on -- the candidates
    :func:`~explorer.behold_rome.game_rules.between_actions` lists for it.  Worked out once per card, level and game."""
    key = (e[0], e[1])
    found = R.play_plans.get(key)
    if found is None:
        lv = R.levels[key]
        p = R.playable(lv)
        options = () if p is None or p.interrupts else (False, True) if p.store is not None else (False,)
        found = R.play_plans[key] = (lv, p is not None and p.interrupts,
                                     tuple((made(Play, e[0], sp, ""), _play_plan(R, lv, sp)) for sp in options),
                                     made(EndTurn, e[0]), made(MoveOn, e[0]))
    return found


def _interrupted_plays(R: Rules, d: dict, trials: Optional[dict], stored: list) -> list:
    """The legal plays between actions with an interrupting card in the hand, candidate by candidate."""
    out = []
    for a in between_actions(R, d["deck"])[0]:
        lv = _play_accepted(R, d, a)
        if lv is None or (a.interrupt and not _interrupt_accepted(R, d, a, lv)):
            continue
        decided = play_decided(R, d, a, stored, lv)
        if _tried(R, d, a, trials) if decided is None else decided:
            out.append(a)
    return out


_END_TOP, _MOVE_ON, _DEVELOP_NATION, _END_GAME = made(EndTurn, "top"), made(MoveOn, ""), made(DevelopNation), made(EndGame)
"""The candidates between actions that every hand has (:func:`~explorer.behold_rome.game_rules.between_actions`)."""


def _hopeless(R: Rules, d: dict) -> frozenset:
    """The kinds of action between actions that their checks refuse now whatever the card, by the first
    rule they check: the turn ends only while the nation card is not revealed; moving on, developing
    the nation and ending the game come once it is (or any time, ruling ``behold_rome.move-on-when``),
    moving on outside the last round, ending the game in it."""
    stack = d["deck"].stack  # R.nation_on_top(d) and R.last_round(d), read here: asked before every action
    return _HOPELESS[(bool(stack) and stack[0][0] == "nation", R.any_time, d["round"] >= R.rounds)]


def _hopeless_kinds(revealed: bool, any_time: bool, last_round: bool) -> frozenset:
    out = {EndTurn} if revealed else set()
    if not (revealed or any_time):
        out |= {MoveOn, DevelopNation, EndGame}
    out.add(MoveOn if last_round else EndGame)
    return frozenset(out)


_HOPELESS = {(r, a, last): _hopeless_kinds(r, a, last) for r in (False, True) for a in (False, True)
             for last in (False, True)}
""":func:`_hopeless` for each way the nation card, ruling ``behold_rome.move-on-when`` and the round may stand."""


def _signature(d: dict) -> tuple:
    """The state as a key of the search's memo: what the steps still to come depend on."""
    deck = d["deck"]
    return (tuple(map(tuple, deck.stack)), tuple(map(tuple, deck.hand)), tuple(map(tuple, deck.aside)),
            d["round"], d["refill"], *map(_frame_key, d["frames"]))


def _frame_key(f: dict) -> tuple:
    """A frame as a key within one search: what its steps change (stage, costs, benefits left and done,
    touched cards) and what tells the frames of a kind apart (card, target level, region).  A play
    frame is made only by a Play, never by a step, so its benefits' kinds and options are those of
    the frame the search started from."""
    key = [f["kind"], f["stage"], f["card"], f.get("to"), f.get("region"), tuple(f["costs"].items()),
           tuple(f["touched"])]
    for b in f["benefits"]:
        key += (b["left"], b["done"])
    return tuple(key)


def _unpayable(R: Rules, d: dict, f: dict) -> bool:
    """The costs left on frame ``f`` (on top, its costs being paid) can never be paid: more resources than
    the stored cards hold, more discards than cards in the hand, more regions to abandon than are
    controlled.  Paying costs only takes cards away -- nothing is drawn or stored, no stored card
    changes level -- so what is short now stays short."""
    c = f["costs"]
    deck = d["deck"]
    if c["discard"] and c["discard"] > sum(1 for e in deck.hand if f["kind"] != "develop" or e[0] != f["card"]):
        return True
    if c["abandon"] and c["abandon"] > sum(1 for e in deck.controlled() if e[0] != f["card"]):
        return True
    if c["population"] or c["materials"]:
        held = [R.levels[(e[0], e[1])].resources for e in deck.stored()]
        if c["population"] > sum(r.population for r in held) or c["materials"] > sum(r.materials for r in held):
            return True
    return False


CHANGES_THE_HAND = ("draw", "develop", "degrade")
"""The benefits that bring cards into the hand or change the levels of its cards."""


def _no_conquest(R: Rules, d: dict, f: dict) -> bool:
    """The conquest of play frame ``f`` (the one action resolving) can never be begun: no card of the hand
    is a region it may conquer (wealth, banner), and nothing left to do for the action brings a card into
    the hand or changes a level there (no draw, develop or degrade to come, no degrade to pay) -- its
    other steps only take cards away."""
    if f["kind"] != "play":
        return False
    conquer = benefit_of(f, "conquer")
    if conquer is None or conquer["done"] or (f["stage"] == "costs" and f["costs"]["degrade"]):
        return False
    if any(b["kind"] in CHANGES_THE_HAND and not b["done"] and b["left"] > 0 for b in f["benefits"]):
        return False
    for e in d["deck"].hand:
        lv = R.levels[(e[0], e[1])]
        if lv.type == "region" and lv.wealth <= conquer["value"] and R.banner_ok(d, lv.banner):
            return False
    return True


def completable(R: Rules, d: dict, memo: Optional[dict] = None, budget: Optional[list] = None) -> bool:
    """Whether the actions being resolved can all be completed: every cost paid, at least one of each
    benefit type resolved (a search over the steps; only the types still unresolved are tried).

    The steps always move on (a cost paid, a benefit resolved), so no state comes back in its own
    search: the memo keeps states reached along two paths (two cards discarded in either order);
    the state the search starts from is never reached again and is not keyed."""
    frames = d["frames"]
    if not frames:
        return True
    f = frames[-1]
    if f["stage"] == "benefits":
        if all(b["done"] for b in f["benefits"]):
            return True
    elif _unpayable(R, d, f):
        return False
    if len(frames) == 1 and _no_conquest(R, d, f):
        return False
    key = None
    if memo is None:
        memo, budget = {}, [SEARCH_BUDGET]
    else:
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
            if _finishes(R, d, a):
                trial = None
            else:
                trial = copy_data(d)
                perform(R, trial, a, noop)
        except RuleViolation:
            continue
        if trial is None or completable(R, trial, memo, budget):
            if key is not None:
                memo[key] = True
            return True
    return False


__all__ = ["LOOKAHEAD", "SEARCH_BUDGET", "basic", "completable", "legal", "verify"]
