"""Candidates legal by construction (explorer.behind.game_candidates).

Most kinds of candidate are built legal: their makers ask the referee's own questions (the card
in hand, the chips touching, the line of sight, the Moment budget ...) instead of trying every
action with ``state.can``.  On many states of seeded games -- both scenarios, the five decks,
random (purposeful and aimless) and greedy players, the scenario's and random terrain, the
tournament rules in every fifth game -- these
tests check that

* every constructed candidate passes the referee's ``check`` (no illegal action listed), and
  ``legal_candidates`` lists exactly the candidates ``check`` accepts, in the same order;
* none is missing: a plain enumeration of the kind's actions (every character, target, card,
  Moment, weapon, item ...) filtered by ``check`` gives the same actions as the maker, up to the
  representative choices it documents (one weapon per attack, all helpers together, one facing
  per turn, the shape of a card's action).
"""

from __future__ import annotations

import collections
import dataclasses

import pytest

from explorer.behind import actions as A
from explorer.behind.data import load_decks
from explorer.behind.game import new_game
from explorer.behind.game_cards import ABILITY_RULES, ITEMS
from explorer.behind.game_candidates import CONSTRUCTED, candidates, constructed, legal_candidates, melee_options
from explorer.behind.players import GreedyPlayer, RandomPlayer, _random_melee, _random_shot, game_options
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

DECK_IDS = ("geister", "schwesternbund", "tempelritter", "vampire", "werwoelfe")
GAMES = 24
SAMPLE_EVERY = 2


def legal(state, action) -> bool:
    """The referee's answer (``check``, never a remembered ``can``)."""
    try:
        state.check(action)
    except RuleViolation:
        return False
    return True


def game_states():
    """States of seeded games, every SAMPLE_EVERY-th decision (the decisions of all phases)."""
    decks = load_decks()
    kinds = (RandomPlayer(), GreedyPlayer(), RandomPlayer(aim=0.0, attack=0.3, shoot=0.3))
    for g in range(GAMES):
        scenario = "juwel_von_athen" if g % 3 == 1 else "unser_revier"
        seats = 3 if scenario == "juwel_von_athen" else 2
        chosen = [decks[DECK_IDS[(g + 2 * j) % 5]] for j in range(seats)]
        options = game_options(chosen, 8 + g % 9)
        if g % 5 == 4:  # tournament rules: a shot out of range misses, an incorporeal leg may be forfeited
            options = dataclasses.replace(options, tournament=True)
        state = new_game(chosen, scenario, seed=500 + g, setup="random" if g % 4 == 3 else "auto", options=options)
        players = {name: kinds[(g + j) % 3] for j, name in enumerate(state.players)}
        root = SeededRng(500 + g)
        rngs = {name: root.spawn(f"player {i}") for i, name in enumerate(state.players)}
        step = 0
        while not state.is_terminal():
            if step % SAMPLE_EVERY == 0:
                yield state
            who = state.current_player
            state.apply(players[who].choose(state, rngs[who]))
            step += 1


# -- plain enumerations ---------------------------------------------------------------------------
def _own(state):
    return state.characters_of(state.active_player)


def _others(state):
    return [n for n in state.owners if state.alive(n) and state.owners[n] != state.active_player]


def _hand_ids(state, player):
    return list(dict.fromkeys(c.id for c in state.data.piles[player].hand))


def _carried(state, bearer):
    return list(dict.fromkeys(p.card for p in state.items_of(bearer)))


def _shape(state, card):
    effect = card.card_effect
    if card.category in ITEMS:
        return ("actor",)
    return {"heal": ("target",), "schrecken": ("actor", "target"), "transform": ("actor",)}.get(effect.kind, ())


def check_action_phase(state, made) -> None:
    by_kind = collections.defaultdict(set)
    for action in made:
        by_kind[action.kind].add(action)
    own, others = _own(state), _others(state)
    everyone = own + others
    hand = _hand_ids(state, state.active_player)
    ok = lambda action: legal(state, action)  # noqa: E731

    assert by_kind["end-turn"] == {A.EndTurn()}
    assert by_kind["discard"] == {a for a in [A.Discard(c) for c in hand + ["no-such-card"]] if ok(a)}
    assert {a.chip for a in by_kind["turn"]} == {n for n in own if ok(A.Turn(n, 0.0))}

    # melee: every attacker, defender and card; helpers and weapons as the maker offers them
    plain = {(a, d, c) for a in own for d in others for c in [None, *hand] if ok(A.Melee(a, d, c))}
    assert plain == {(m.attacker, m.defender, m.card) for m in by_kind["melee"] if not m.assistants}
    helped = {(a, d) for a in own for d in others for h in own if h != a and ok(A.Melee(a, d, None, (h,)))}
    assert helped == {(m.attacker, m.defender) for m in by_kind["melee"] if m.assistants}
    armed = {(a, d) for a in own for d in others for w in _carried(state, a) if ok(A.Melee(a, d, None, (), w))}
    assert armed == {(m.attacker, m.defender) for m in by_kind["melee"] if m.weapon}

    shots = {A.Ranged(s, t, src) for s in own for t in everyone if t != s for src in [*hand, *_carried(state, s)]}
    assert by_kind["ranged"] == {a for a in shots if ok(a)}

    uses = set()
    for n in own:
        for ability in ABILITY_RULES:
            if ability == "Wirbel":
                targets = [p.card for p in state.data.permanents if p.controller != state.active_player] + ["jewel"]
            elif ability in ("Befehl", "Schrecken"):
                targets = everyone
            else:
                targets = [None]
            uses |= {a for a in (A.UseAbility(n, ability, t) for t in targets) if ok(a)}
    assert by_kind["ability"] == uses

    items = [p.card for p in state.data.permanents] + ["jewel"]
    assert by_kind["hand-over"] == {a for a in (A.HandOver(g, r, i) for g in own for r in own for i in items) if ok(a)}
    assert by_kind["jewel-heal"] == {a for a in (A.JewelHeal(b, t) for b in own for t in own) if ok(a)}

    plays = set()
    for c in hand:
        card = state.cards[c]
        if card.card_effect is None or card.card_effect.kind in ("fly", "break-away"):
            continue
        shape = _shape(state, card)
        actors = own if "actor" in shape else [None]
        targets = everyone if "target" in shape else [None]
        plays |= {a for a in (A.PlayCard(c, actor=x, target=t) for x in actors for t in targets) if ok(a)}
        others_shapes = [A.PlayCard(c, actor=x, target=t) for x in [None, *own] for t in [None, *everyone]]
        if any(ok(a) for a in others_shapes):  # a card playable in some shape is offered in its own
            assert any(a.card == c for a in by_kind["play"]), f"{c} is playable but not offered"
    assert {a for a in by_kind["play"] if not a.legs} == plays


def check_decision(state, made) -> None:
    phase = state.phase
    made = set(made)
    ok = lambda action: legal(state, action)  # noqa: E731
    if phase in ("defend", "dodge"):
        cls = A.Defend if phase == "defend" else A.Dodge
        hand = _hand_ids(state, state.pending.player)
        plain = {cls(c, m) for c in [None, *hand] for m in [(), *((x,) for x in hand)]}
        assert {a for a in made if not getattr(a, "weapon", None)} == {a for a in plain if ok(a)}
        if phase == "defend":
            defender = state.pending.info["defender"]
            armed = {a.weapon for a in made if a.weapon}
            assert armed == {w for w in _carried(state, defender) if any(ok(A.Defend(c, (), w)) for c in [None, *hand])}
    elif phase == "assign-damage":
        side = state.pending.info["side"]
        singles = {A.AssignDamage(((n, k),)) for n in side for k in range(5)}
        pairs = {A.AssignDamage(((n, k), (m, 1))) for n in side for m in side if m != n for k in range(1, 5)}
        assert made == {a for a in singles | pairs if ok(a)}
    elif phase == "organisation":
        raw = {A.Organise(())} | {A.Organise((n,)) for n in state.owners}
        assert {a for a in made if a.kind == "organise"} == {a for a in raw if ok(a)}
        turns = {a for a in made if a.kind == "turn"}  # the free turn, "at any time" of his own turn
        assert turns == {a for a in candidates(state, "turn") if ok(a)} and all(ok(a) for a in turns)


# -- the test -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def checked():
    """Every sampled state checked; what was seen, by (phase, kind)."""
    seen = collections.Counter()
    states = 0
    for state in game_states():
        states += 1
        listed = list(candidates(state))
        made = list(legal_candidates(state))
        assert made == [a for a in listed if legal(state, a)], f"legal_candidates differs in {state!r}"
        for action in listed:
            if constructed(state, action):
                assert legal(state, action), f"the constructed {action} is illegal in {state!r}"
                seen[(state.phase, action.kind)] += 1
        if state.phase == "action":
            check_action_phase(state, made)
            options = melee_options(state)
            if options:  # the random player samples an attack or a shot without listing them: one of the list
                melee = {a for a in made if a.kind == "melee"}
                assert _random_melee(state, options, SeededRng(states)) in melee
            shots = {a for a in made if a.kind == "ranged"}
            shot = _random_shot(state, SeededRng(states))
            assert shot in shots if shots else shot is None
        else:
            check_decision(state, made)
    return states, seen


def test_constructed_candidates_are_legal_and_complete(checked):
    states, seen = checked
    assert states >= 400
    # the states reach every constructed kind that matters often
    for kind in ("melee", "ranged", "ability", "turn", "discard", "end-turn", "play"):
        assert seen[("action", kind)] > 0, f"no state offered a constructed {kind}"
    for phase in ("defend", "dodge", "arrange"):
        assert seen[(phase, phase)] > 0, f"no state in phase {phase}"
    assert {key for key in CONSTRUCTED if seen[key]} >= {("action", "melee"), ("defend", "defend")}


def test_only_movement_is_tried():
    """``legal_candidates`` asks ``can`` about movement legs only (moves, flying and breaking
    away; in other phases setup and the commanded move): the rest is legal as made."""
    decks = load_decks()
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=3)
    assert state.phase == "action"
    asked = []
    original = type(state).can

    def spy(self, action):
        asked.append(action)
        return original(self, action)

    type(state).can = spy
    try:
        made = list(legal_candidates(state))
    finally:
        type(state).can = original
    assert {a.kind for a in made} >= {"end-turn", "move", "turn", "discard"}
    assert asked and all(a.kind == "move" or a.kind == "play" and a.legs for a in asked)


def test_assigned_damage_candidates():
    """The defender who fended off an assisted attack divides the damage: the candidates are the
    legal allocations (of the plain ones: all to one, or all but one to one and one to another)."""
    from tests.behind.test_game_combat import _failed_assisted_attack

    state = _failed_assisted_attack()
    assert state.phase == "assign-damage"
    made = list(legal_candidates(state))
    assert made and all(legal(state, a) for a in made)
    check_decision(state, made)


def test_jewel_candidates():
    """The jewel's bearer heals himself or an injured friend touching him and hands the jewel over
    (Das Juwel von Athen; Handing Over Items): the candidates are exactly the legal ones."""
    from tests.behind.game_fixtures import place, set_injuries, set_turn

    decks = load_decks()
    state = new_game([decks["vampire"], decks["schwesternbund"], decks["werwoelfe"]], "juwel_von_athen", seed=3)
    bearer = state.jewel_bearer()
    player = state.owners[bearer]
    friend = next(n for n in state.characters_of(player) if n != bearer)
    enemy = next(n for n in state.owners if state.owners[n] != player)
    state = place(state, (bearer, 60.0, 60.0, 0.0), (friend, 63.0, 60.0, 180.0), (enemy, 100.0, 100.0, 0.0))
    state = set_turn(set_injuries(set_injuries(state, bearer, 1), friend, 1), player)
    assert state.jewel_bearer() == bearer and state.phase == "action"
    made = list(legal_candidates(state))
    assert {a for a in made if a.kind == "jewel-heal"} == {A.JewelHeal(bearer, bearer), A.JewelHeal(bearer, friend)}
    assert A.HandOver(bearer, friend, "jewel") in made
    assert all(legal(state, a) for a in made)
    check_action_phase(state, made)
