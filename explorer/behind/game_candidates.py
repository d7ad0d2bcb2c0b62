"""Representative actions for ``state.legal_actions()`` and the simulated players.

Discrete choices are listed in full (which card, which character, which target).  Movement is
continuous, so each (card, chip) pair offers a few legs: straight ahead at full range, towards
the nearest enemy, and towards the jewel when it lies on the ground.  The random player aims
its own legs (:class:`explorer.behind.players.RandomPlayer`).

**Legal by construction.**  Most kinds are listed only where the referee allows them: each
maker below asks the same questions the referee's check asks (the card in hand, the chips
touching, the line of sight, the Moment budget ...), so its actions need no trial check.  The
kinds in :data:`CONSTRUCTED` are made that way; the others (movement legs, a commanded move,
setup) depend on the movement geometry and are tried with ``state.can``.
:func:`legal_candidates` yields the legal ones of both sorts; :func:`candidates` every
candidate (the constructed ones and the ones still to try).  ``tests/behind/test_candidates.py``
checks on many random states that every constructed action is legal and that none is missing
from a plain enumeration filtered by ``can``.
"""

from __future__ import annotations

import math
from typing import Iterator

from explorer.behind import actions as A
from explorer.behind.movement import same_level, toward_step

__all__ = ["CONSTRUCTED", "KINDS_BY_PHASE", "PHASES", "candidates", "constructed", "legal_candidates", "melee_options",
           "move_targets", "play_options", "shot_options", "clear_sight", "touching_enemies", "usable_weapons"]

MAGIC_RANGE_SLACK = 1e-9
"""The referee's tolerance on a shot's range (``distance > reach + 1e-9`` is out of range)."""


def candidates(state, kind: str | None = None) -> Iterator[A.Action]:
    """Every candidate of the phase (of ``kind``): constructed ones and ones still to try."""
    for maker_kind, maker in PHASES.get(state.phase, ()):
        if kind is None or kind == maker_kind:
            yield from maker(state)


def legal_candidates(state, kind: str | None = None) -> Iterator[A.Action]:
    """The legal candidates of the phase (of ``kind``): constructed ones as they are, the others
    (:data:`CONSTRUCTED` does not name them) kept where ``state.can`` accepts them."""
    if state.is_terminal():
        return
    phase = state.phase
    for maker_kind, maker in PHASES.get(phase, ()):
        if kind is not None and kind != maker_kind:
            continue
        if (phase, maker_kind) in CONSTRUCTED:
            yield from maker(state)
        else:
            for action in maker(state):
                if constructed(state, action) or state.can(action):
                    yield action


def touching_enemies(table, name: str) -> tuple[str, ...]:
    """``table.touching_enemies(name)`` (which the table remembers: tables are immutable, and the
    players and makers of one decision ask about the same chips many times)."""
    return table.touching_enemies(name)


def clear_sight(table, observer: str, target: str) -> bool:
    """``table.line_of_sight(observer, target).clear``, remembered by the table (the chips stand
    still through most actions: attacks, answers, cards)."""
    return table.clear_line(observer, target)


def _distinct(cards) -> list[str]:
    return list(dict.fromkeys(c.id for c in cards))


# -- setup (tried) ----------------------------------------------------------------------------------
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


# -- the organisation phase (constructed) -------------------------------------------------------------
def _organise(state):
    """Organise(): always; Organise((name,)) for each transformed character of the acting player."""
    yield A.Organise(())
    player = state.active_player
    for name in sorted(state.data.transformed):
        if state.owners.get(name) == player:
            yield A.Organise((name,))


# -- decisions (constructed, except the commanded move) ---------------------------------------------
def _moment_budget(state, player) -> int:
    """Moments ``player`` may still play in opponents' turns (Moments)."""
    budget = state.size.actions - (1 if state.options.rulings["behind.moment-budget"] == "actions-minus-one" else 0)
    return budget - state.data.moments_owed.get(player, 0)


def _answers(state, cls, moment_kind, weapons=()):
    """Every hand card (or none) with no Moment or one Moment of ``moment_kind`` -- a Moment only
    within the budget and not the very copy played as the card -- and for Defend each weapon."""
    player = state.pending.player
    hand = state.data.piles[player].hand
    held: dict[str, int] = {}
    for c in hand:
        held[c.id] = held.get(c.id, 0) + 1
    moments = [] if _moment_budget(state, player) < 1 else \
        [cid for cid in held if state.cards[cid].is_moment and state.cards[cid].card_effect is not None
         and state.cards[cid].card_effect.kind == moment_kind]
    for card in [None, *held]:
        yield cls(card)
        for moment in moments:
            if moment != card or held[moment] >= 2:
                yield cls(card, (moment,))
    for weapon in weapons:
        yield cls(_best(state, player), (), weapon)


def _defend(state):
    defender = state.pending.info["defender"]
    yield from _answers(state, A.Defend, "defence", list(usable_weapons(state, defender, "melee")))


def _dodge(state):
    yield from _answers(state, A.Dodge, "dodge")


def _assign(state):
    """The whole damage to one of the side, or all but one injury to one and one to another (the
    count is the one the named characters make, ruling ``behind.divided-damage``)."""
    from explorer.behind.game_combat import damage_count

    info = state.pending.info
    side = info["side"]
    for first in side:
        yield A.AssignDamage(((first, damage_count(state, ((first, 0),), info["difference"])),))
        for other in side:
            if other == first:
                continue
            total = damage_count(state, ((first, 0), (other, 0)), info["difference"])
            if total > 1:
                yield A.AssignDamage(((first, total - 1), (other, 1)))


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
    """Weapons of ``kind`` ``bearer`` carries (his items, whoever influences them)."""
    for permanent in state.items_of(bearer):
        card = state.cards[permanent.card]
        if card.category == "Waffe" and card.card_effect is not None and card.card_effect.kind == kind:
            yield card.id


def usable_weapons(state, bearer, kind):
    """The weapons ``bearer`` may use now: a transformed character "can normally carry items but
    cannot use them" (Transformations)."""
    if bearer in state.data.transformed:
        return []
    return list(dict.fromkeys(_weapons(state, bearer, kind)))


def _mine(state):
    """The acting player's living characters who may act this turn (not frightened)."""
    return [n for n in state.characters_of(state.active_player) if state.can_act(n)]


def _enemies(state):
    return [n for p in state.players if p != state.active_player for n in state.characters_of(p)]


def _actions_left(state) -> bool:
    return state.actions_left >= 1


def _end(state):
    yield A.EndTurn()


def _discard(state):
    if not _actions_left(state):
        return
    for card in _distinct(state.data.piles[state.active_player].hand):
        yield A.Discard(card)


def _turn(state):
    """Each chip not turned yet this turn: towards the nearest enemy, and a quarter turn."""
    table = state.table
    enemies = _enemies(state)
    turned = state.data.turned
    for name in _mine(state):
        if name in turned:
            continue
        chip = table.chip(name)
        if enemies:
            nearest = min(enemies, key=lambda e: table.distance(name, e))
            other = table.chip(nearest)
            yield A.Turn(name, round(math.degrees(math.atan2(other.y - chip.y, other.x - chip.x)) % 360.0, 6))
        yield A.Turn(name, (chip.facing + 90.0) % 360.0)


def move_targets(state, name, reach):
    """A few points for a leg of ``name``: ahead at full range, towards the nearest enemy (as far
    as :func:`~explorer.behind.movement.toward` tries first: into contact, or the range), towards
    the jewel on the ground.  Not checked here: the movement candidates are tried."""
    table = state.table
    chip = table.chip(name)
    points = [(chip.x + reach * math.cos(math.radians(chip.facing)), chip.y + reach * math.sin(math.radians(chip.facing)))]
    enemies = _enemies(state)
    if enemies:
        nearest = min(enemies, key=lambda e: table.distance(name, e))
        (ux, uy), step = toward_step(table, name, nearest, reach)
        if step > 1e-9:
            points.append((chip.x + step * ux, chip.y + step * uy))
    jewel = state.data.jewel
    if jewel and jewel[0] == "ground":
        dx, dy = jewel[1] - chip.x, jewel[2] - chip.y
        dist = math.hypot(dx, dy)
        if dist > 0:
            step = min(reach, dist)
            points.append((chip.x + dx / dist * step, chip.y + dy / dist * step))
    return points


def _move(state):
    if not _actions_left(state):
        return
    hand = state.data.piles[state.active_player].hand
    for card_id in _distinct(hand):
        card = state.cards[card_id]
        for name in _mine(state):
            for x, y in move_targets(state, name, card.movement_range):
                yield A.Move(card_id, ((name, x, y, None),))


def melee_options(state) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(attacker, defender, helpers)`` of every melee the acting player may start now: the
    attacker may act and touches the defender on his height level; ``helpers`` are those of
    his characters who may act, touch the defender on its level and no other enemy (Melee
    Combat (Nahkampf): assistants "may not touch any further enemy character chips")."""
    if not _actions_left(state):
        return []
    table = state.table
    mine = _mine(state)
    touching = {n: touching_enemies(table, n) for n in mine}
    if not any(touching.values()):
        return []
    level = table.standing_on if any(o.flat for o in table.obstacles) else None
    out = []
    for name in mine:
        for enemy in touching[name]:
            if level is not None and not same_level(table, name, enemy):
                continue
            helpers = tuple(h for h in mine if h != name and touching[h] == (enemy,)
                            and (level is None or same_level(table, h, enemy)))
            out.append((name, enemy, helpers))
    return out


def _melee(state):
    """Every attack (:func:`melee_options`) with no hand card or each card in hand, alone and (if
    any may help) with every helper, with the last melee weapon the attacker may use."""
    player = state.active_player
    cards = [None, *_distinct(state.data.piles[player].hand)]
    for name, enemy, helpers in melee_options(state):
        weapons = [None, *usable_weapons(state, name, "melee")]
        for card in cards:
            for weapon in weapons[-1:]:
                yield A.Melee(name, enemy, card, (), weapon)
                if helpers:
                    yield A.Melee(name, enemy, card, helpers, weapon)


def _ranged_sources(state, name, magic) -> list[str]:
    """What lets ``name`` shoot: his usable ranged weapons, then the ranged magic in hand."""
    return [*usable_weapons(state, name, "ranged"), *magic]


def _ranged(state):
    """Every shot the referee allows (:func:`shot_options` whose line of sight is clear)."""
    table = state.table
    for name, enemy, sources in shot_options(state):
        if clear_sight(table, name, enemy):
            for source in sources:
                yield A.Ranged(name, enemy, source)


def shot_options(state) -> list[tuple[str, str, list[str]]]:
    """``(shooter, target, sources)`` of every shot the referee allows but for the line of sight
    (the costly question, left to the caller: :func:`clear_sight`): a shooter who may act and
    touches no enemy, a target in his viewing angle, the sources that reach it -- unless
    tournament rules let a shot out of range miss (Ranged Combat (Fernkampf))."""
    from explorer.behind.combat import ranged_attack_range

    if not _actions_left(state):
        return []
    player = state.active_player
    hand = state.data.piles[player].hand
    magic = [c for c in _distinct(hand) if state.cards[c].card_effect is not None
             and state.cards[c].card_effect.kind == "ranged" and state.cards[c].category != "Waffe"]
    table = state.table
    rulings = state.options.rulings
    tournament = state.options.tournament
    enemies = None
    out = []
    for name in _mine(state):
        sources = _ranged_sources(state, name, magic)
        if not sources or touching_enemies(table, name):
            continue
        if enemies is None:
            enemies = _enemies(state)
        for enemy in enemies:
            if not table.in_viewing_angle(name, enemy):
                continue
            distance = table.distance(name, enemy)
            reaching = [s for s in sources
                        if tournament or distance <= ranged_attack_range(state.cards[s], rulings) + MAGIC_RANGE_SLACK]
            if reaching:
                out.append((name, enemy, reaching))
    return out


def _free_of_enemies(state, name) -> bool:
    return not touching_enemies(state.table, name)


def _victims(state, actor, enemies) -> list[str]:
    """Befehl and Schrecken: enemies the actor sees (viewing angle, clear line), neither of the
    two touching an enemy chip (Schrecken; Befehl)."""
    table = state.table
    if touching_enemies(table, actor):
        return []
    return [e for e in enemies if not touching_enemies(table, e) and table.in_viewing_angle(actor, e)
            and clear_sight(table, actor, e)]


def _unique_in_play(state, card) -> bool:
    """A unique or legendary permanent card the acting player has in play already."""
    if not (card.unique or card.legendary) or not card.permanent:
        return False
    player = state.active_player
    return any(state.cards[p.card].title == card.title and p.controller == player for p in state.data.permanents)


def _play(state):
    """Special card effects (:func:`play_options`); flying and breaking away (tried) by the legs
    of :func:`move_targets`."""
    for option in play_options(state):
        if isinstance(option, tuple):
            card_id, name = option
            for x, y in move_targets(state, name, state.cards[card_id].movement_range):
                yield A.PlayCard(card_id, actor=name, legs=((name, x, y, None),))
        else:
            yield option


def play_options(state):
    """Special card effects the referee allows (Special Card Effect): items on a character who
    may act, heals on an injured own character, Schrecken on a victim in sight, Wandler on a
    character who may transform, the effects without a target -- and ``(card, chip)`` for a
    flying or breaking-away card and a chip that may act, whose legs are the caller's to choose
    (and to have checked)."""
    if not _actions_left(state):
        return
    from explorer.behind.game_cards import EFFECT_CHECKS, ITEMS

    player = state.active_player
    mine = _mine(state)
    enemies = _enemies(state)
    d = state.data
    for card_id in _distinct(d.piles[player].hand):
        card = state.cards[card_id]
        effect = card.card_effect
        if effect is None or _unique_in_play(state, card):
            continue
        kind = effect.kind
        if card.category in ITEMS:
            for name in mine:
                yield A.PlayCard(card_id, actor=name)
        elif kind not in EFFECT_CHECKS:
            continue  # Moments and ranged magic are played otherwise
        elif kind == "heal":
            for name in state.characters_of(player):
                if d.characters[name].injuries:
                    yield A.PlayCard(card_id, target=name)
        elif kind == "schrecken":
            for name in mine:
                for enemy in _victims(state, name, enemies):
                    yield A.PlayCard(card_id, actor=name, target=enemy)
        elif kind == "transform":
            for name in mine:
                if state.character(name).ability("Wandler") is not None and name not in d.transformed:
                    yield A.PlayCard(card_id, actor=name)
        elif kind in ("fly", "break-away"):
            for name in mine:
                yield (card_id, name)
        else:
            yield A.PlayCard(card_id)


def _abilities(state):
    """Abilities that cost an action, where the referee allows them (Abilities)."""
    if not _actions_left(state):
        return
    from explorer.behind.game_cards import ABILITY_RULES

    d = state.data
    enemies = _enemies(state)
    for name in _mine(state):
        character = state.character(name)
        for ability in dict.fromkeys(a.name for a in character.abilities):
            if ability not in ABILITY_RULES:
                continue
            if ability in ("Befehl", "Schrecken"):
                for enemy in _victims(state, name, enemies):
                    yield A.UseAbility(name, ability, enemy)
            elif ability == "Wirbel":
                if not _free_of_enemies(state, name):
                    continue
                for card_id in dict.fromkeys(p.card for p in d.permanents if p.controller != state.active_player
                                             and (p.bearer is not None or state.cards[p.card].category == "Ort")):
                    yield A.UseAbility(name, "Wirbel", card_id)
            elif ability == "Hellsicht":
                if _free_of_enemies(state, name):
                    yield A.UseAbility(name, ability)
            elif ability == "Regeneration":
                if d.characters[name].injuries:
                    yield A.UseAbility(name, ability)
            elif ability == "Wandler":
                if name not in d.transformed:
                    yield A.UseAbility(name, ability)


def _hand_over(state):
    """Items and the jewel between two own characters who touch, neither in a fight nor frightened
    (Handing Over Items); the giver may act and influences the item."""
    if not _actions_left(state):
        return
    table = state.table
    d = state.data
    player = state.active_player
    free = [n for n in state.characters_of(player) if n not in d.frightened and not touching_enemies(table, n)]
    bearer = state.jewel_bearer()
    for giver in free:
        if not state.can_act(giver):
            continue
        carried: dict[str, str] = {}
        for permanent in state.items_of(giver):  # the referee asks about the first copy carried
            carried.setdefault(permanent.card, permanent.controller)
        items = [card for card, controller in carried.items() if controller == player]
        if bearer == giver:
            items.append("jewel")
        if not items:
            continue
        for receiver in free:
            if receiver != giver and table.touching(giver, receiver):
                for item in items:
                    yield A.HandOver(giver, receiver, item)


def _jewel_heal(state):
    """The bearer (who may act) heals himself or an injured own character touching him."""
    if not _actions_left(state):
        return
    bearer = state.jewel_bearer()
    if bearer is None or state.owners[bearer] != state.active_player or not state.can_act(bearer):
        return
    table = state.table
    d = state.data
    for name in state.characters_of(state.active_player):
        if d.characters[name].injuries and (name == bearer or table.touching(bearer, name)):
            yield A.JewelHeal(bearer, name)


PHASES = {
    "choose-scenario": (("choose-scenario", _choose),),
    "terrain": (("place-obstacle", _place),),
    "deployment": (("deploy", _deploy),),
    "organisation": (("organise", _organise), ("turn", _turn)),
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

CONSTRUCTED = frozenset({
    ("organisation", "organise"), ("organisation", "turn"), ("defend", "defend"), ("dodge", "dodge"), ("assign-damage", "assign-damage"),
    ("arrange", "arrange"),
    ("action", "end-turn"), ("action", "melee"), ("action", "ranged"), ("action", "ability"),
    ("action", "hand-over"), ("action", "jewel-heal"), ("action", "discard"), ("action", "turn"),
})
"""``(phase, kind)`` whose candidates are all legal by construction.  ``("action", "play")``
is too, except flying and breaking away (an action with legs): see :func:`constructed`."""


def constructed(state, action) -> bool:
    """``action``, a candidate of this state, is legal by construction (needs no trial)."""
    if (state.phase, action.kind) in CONSTRUCTED:
        return True
    return action.kind == "play" and not action.legs
