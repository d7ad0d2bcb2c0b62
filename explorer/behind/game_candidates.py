"""Representative actions for ``state.legal_actions()`` to try (it keeps those the referee allows).

Discrete choices are listed in full (which card, which character, which target).  Movement is
continuous, so each (card, chip) pair offers a few legs: straight ahead at full range, towards
the nearest enemy, and towards the jewel when it lies on the ground.  Random players sample
further points themselves (:func:`explorer.behind.movement.reachable_points`).
"""

from __future__ import annotations

import math
from typing import Iterator

from explorer.behind import actions as A
from explorer.behind.movement import toward


def candidates(state, kind: str | None = None) -> Iterator[A.Action]:
    phase = state.phase
    makers = PHASES.get(phase, ())
    for maker_kind, maker in makers:
        if kind is None or kind == maker_kind:
            yield from maker(state)


def _distinct(cards) -> list[str]:
    return list(dict.fromkeys(c.id for c in cards))


# -- setup ------------------------------------------------------------------------------------------
def _choose(state):
    from explorer.behind.scenarios import load_scenarios
    for scenario_id in load_scenarios():
        yield A.ChooseScenario(scenario_id)


def _place(state):
    scenario = state.scenario
    for name in state.data.to_place:
        template = next(o for o in scenario.obstacles if o.name == name)
        c = template.polygon.centroid
        yield A.PlaceObstacle(name, round(c.x, 6), round(c.y, 6))


def _deploy(state):
    from explorer.behind.game_setup import deployer
    d = state.data
    player = deployer(state)
    names = state.characters_of(player)
    taken = {p: d.roles[p] for p in state.players if any(c.owner == p for c in d.table.chips)}
    try:
        table = state.scenario.random_deployment(d.table, player, names, d.roles[player], d.rng.copy(),
                                                 taken_roles=taken)
    except ValueError:
        return
    jewel = names[0] if state.scenario.jewel_rules and d.roles[player] == "middle" else None
    yield A.Deploy(tuple((n, table.chip(n).x, table.chip(n).y, table.chip(n).facing) for n in names), jewel)


def _organise(state):
    yield A.Organise(())
    for name in sorted(state.data.transformed):
        yield A.Organise((name,))


# -- decisions --------------------------------------------------------------------------------------
def _answers(state, cls, moment_kind):
    player = state.pending.player
    hand = state.data.piles[player].hand
    moments = [c.id for c in hand if c.is_moment and c.card_effect is not None and c.card_effect.kind == moment_kind]
    for card in [None, *_distinct(hand)]:
        yield cls(card)
        for moment in dict.fromkeys(moments):
            yield cls(card, (moment,))


def _defend(state):
    yield from _answers(state, A.Defend, "defence")
    defender = state.pending.info["defender"]
    for weapon in _weapons(state, defender, "melee"):
        yield A.Defend(_best(state, state.pending.player), (), weapon)


def _dodge(state):
    yield from _answers(state, A.Dodge, "dodge")


def _assign(state):
    info = state.pending.info
    side = info["side"]
    for first in side:
        total = _count(state, first, info["difference"])
        yield A.AssignDamage(((first, total),))
        for other in side:
            if other != first and total > 1:
                yield A.AssignDamage(((first, total - 1), (other, 1)))


def _count(state, first, difference):
    from explorer.behind.game_combat import damage_count
    return damage_count(state, ((first, 0),), difference)


def _arrange(state):
    cards = tuple(state.pending.info["cards"])
    yield A.Arrange(cards)
    yield A.Arrange(tuple(reversed(cards)))
    if not state.pending.info["top_only"] and cards:
        yield A.Arrange(cards[1:], cards[:1])


def _command_move(state):
    info = state.pending.info
    victim = state.table.chip(info["victim"])
    commander = state.table.chip(info["commander"])
    away = math.atan2(victim.y - commander.y, victim.x - commander.x)
    offered = []
    for angle in (0.0, math.pi / 2, -math.pi / 2):
        for share in (1.0, 0.5):
            reach = info["distance"] * share
            offered.append(A.CommandMove(victim.x + reach * math.cos(away + angle),
                                         victim.y + reach * math.sin(away + angle)))
            yield offered[-1]
    if not any(state.can(action) for action in offered):
        # e.g. a victim on a flat obstacle that every step above would leave partly: "may be moved" -- 0 cm
        yield A.CommandMove(victim.x, victim.y)


# -- the action phase ---------------------------------------------------------------------------------
def _best(state, player):
    hand = state.data.piles[player].hand
    return max(hand, key=lambda c: c.combat_value).id if hand else None


def _weapons(state, bearer, kind):
    for permanent in state.items_of(bearer):
        card = state.cards[permanent.card]
        if card.category == "Waffe" and card.card_effect is not None and card.card_effect.kind == kind:
            yield card.id


def _mine(state):
    return [n for n in state.characters_of(state.active_player) if state.can_act(n)]


def _enemies(state):
    return [n for p in state.players if p != state.active_player for n in state.characters_of(p)]


def _end(state):
    yield A.EndTurn()


def _discard(state):
    for card in _distinct(state.data.piles[state.active_player].hand):
        yield A.Discard(card)


def _turn(state):
    table = state.table
    enemies = _enemies(state)
    for name in _mine(state):
        chip = table.chip(name)
        if enemies:
            nearest = min(enemies, key=lambda e: table.distance(name, e))
            other = table.chip(nearest)
            yield A.Turn(name, round(math.degrees(math.atan2(other.y - chip.y, other.x - chip.x)) % 360.0, 6))
        yield A.Turn(name, (chip.facing + 90.0) % 360.0)


def move_targets(state, name, reach):
    """A few points for a leg of ``name``: ahead at full range, towards the nearest enemy, towards
    the jewel on the ground."""
    table = state.table
    chip = table.chip(name)
    points = [(chip.x + reach * math.cos(math.radians(chip.facing)), chip.y + reach * math.sin(math.radians(chip.facing)))]
    enemies = _enemies(state)
    if enemies:
        nearest = min(enemies, key=lambda e: table.distance(name, e))
        point = toward(table, name, nearest, reach)
        if point is not None:
            points.append(point)
    jewel = state.data.jewel
    if jewel and jewel[0] == "ground":
        dx, dy = jewel[1] - chip.x, jewel[2] - chip.y
        dist = math.hypot(dx, dy)
        if dist > 0:
            step = min(reach, dist)
            points.append((chip.x + dx / dist * step, chip.y + dy / dist * step))
    return points


def _move(state):
    hand = state.data.piles[state.active_player].hand
    for card_id in _distinct(hand):
        card = state.cards[card_id]
        for name in _mine(state):
            for x, y in move_targets(state, name, card.movement_range):
                yield A.Move(card_id, ((name, x, y, None),))


def _melee(state):
    table = state.table
    player = state.active_player
    for name in _mine(state):
        for enemy in table.touching_enemies(name):
            helpers = tuple(h for h in _mine(state) if h != name and table.touching(h, enemy)
                            and set(table.touching_enemies(h)) == {enemy})
            weapons = [None, *_weapons(state, name, "melee")]
            for card in [None, *_distinct(state.data.piles[player].hand)]:
                for weapon in weapons[-1:]:
                    yield A.Melee(name, enemy, card, (), weapon)
                    if helpers:
                        yield A.Melee(name, enemy, card, helpers, weapon)


def _ranged(state):
    player = state.active_player
    hand = state.data.piles[player].hand
    magic = [c for c in _distinct(hand) if state.cards[c].card_effect is not None
             and state.cards[c].card_effect.kind == "ranged" and state.cards[c].category != "Waffe"]
    for name in _mine(state):
        sources = [*_weapons(state, name, "ranged"), *magic]
        if not sources:
            continue
        for enemy in _enemies(state):
            for source in sources:
                yield A.Ranged(name, enemy, source)


def _play(state):
    player = state.active_player
    mine = _mine(state)
    enemies = _enemies(state)
    for card_id in _distinct(state.data.piles[player].hand):
        card = state.cards[card_id]
        effect = card.card_effect
        if effect is None:
            continue
        kind = effect.kind
        if card.category in ("Gegenstand", "Waffe"):
            for name in mine:
                yield A.PlayCard(card_id, actor=name)
        elif kind == "heal":
            for name in state.characters_of(player):
                yield A.PlayCard(card_id, target=name)
        elif kind == "schrecken":
            for name in mine:
                for enemy in enemies:
                    yield A.PlayCard(card_id, actor=name, target=enemy)
        elif kind == "transform":
            for name in mine:
                yield A.PlayCard(card_id, actor=name)
        elif kind in ("fly", "break-away"):
            for name in mine:
                for x, y in move_targets(state, name, card.movement_range):
                    yield A.PlayCard(card_id, actor=name, legs=((name, x, y, None),))
        else:
            yield A.PlayCard(card_id)


def _abilities(state):
    enemies = _enemies(state)
    for name in _mine(state):
        character = state.character(name)
        for ability in character.abilities:
            if ability.name in ("Befehl", "Schrecken"):
                for enemy in enemies:
                    yield A.UseAbility(name, ability.name, enemy)
            elif ability.name == "Wirbel":
                for permanent in state.data.permanents:
                    if permanent.controller != state.active_player:
                        yield A.UseAbility(name, "Wirbel", permanent.card)
            elif ability.name in ("Hellsicht", "Regeneration", "Wandler"):
                yield A.UseAbility(name, ability.name)


def _hand_over(state):
    table = state.table
    mine = _mine(state)
    for giver in mine:
        items = [p.card for p in state.items_of(giver)] + (["jewel"] if state.jewel_bearer() == giver else [])
        for receiver in mine:
            if receiver != giver and table.touching(giver, receiver):
                for item in items:
                    yield A.HandOver(giver, receiver, item)


def _jewel_heal(state):
    bearer = state.jewel_bearer()
    if bearer is None or state.owners[bearer] != state.active_player:
        return
    for name in state.characters_of(state.active_player):
        yield A.JewelHeal(bearer, name)


PHASES = {
    "choose-scenario": (("choose-scenario", _choose),),
    "terrain": (("place-obstacle", _place),),
    "deployment": (("deploy", _deploy),),
    "organisation": (("organise", _organise),),
    "defend": (("defend", _defend),),
    "dodge": (("dodge", _dodge),),
    "assign-damage": (("assign-damage", _assign),),
    "arrange": (("arrange", _arrange),),
    "command-move": (("command-move", _command_move),),
    "action": (("end-turn", _end), ("melee", _melee), ("ranged", _ranged), ("move", _move), ("play", _play),
               ("ability", _abilities), ("hand-over", _hand_over), ("jewel-heal", _jewel_heal),
               ("discard", _discard), ("turn", _turn)),
}
KINDS_BY_PHASE = {phase: tuple(kind for kind, _ in makers) for phase, makers in PHASES.items()}

