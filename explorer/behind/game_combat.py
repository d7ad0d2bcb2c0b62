"""Movement, melee and ranged combat, handing over items and the jewel, inside a game.

The arithmetic (melee values, injuries) is :mod:`explorer.behind.combat`'s, the geometry
:mod:`explorer.behind.movement`'s and the table's; this module applies them to a game state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from explorer.behind import refs
from explorer.behind.cards import combat_value_of
from explorer.behind.combat import (
    ability_check,
    attack_base,
    defence_base,
    melee_injuries,
    ranged_attack_range,
    ranged_outcome,
)
from explorer.behind.game import Pending
from explorer.behind.game_rules import (
    check_not_touching_enemy,
    check_sees,
    enemy_character,
    hand_card,
    need_action,
    need_phase,
    own_character,
    refuse,
    rule,
    spend_action,
)
from explorer.behind.game_turns import finish, injure
from explorer.behind.movement import break_away_level, check_same_level, move_leg
from explorer.behind.table import TABLE_EDGE
from explorer.core.words import counted

MAGIC = ("Zauber", "Wunder", "Macht der Erde", "Kraft der Toten", "Blutmacht")


# =============================================================================================
# Movement
# =============================================================================================
@dataclass(frozen=True)
class MovementPlan:
    table: object
    legs: tuple
    checks: tuple  # (chip, level) break-away checks to make first


def plan_movement(state, card, legs, *, mode: str | None = None, break_away: bool = True) -> MovementPlan:
    """The legs of a movement with ``card`` (Movement): at most its movement number of legs, each
    at most its movement range long; the chips must be the acting player's and able to act."""
    if not legs:
        refuse("a movement moves at least one chip (use Discard to play a card without effect)", refs.MOVEMENT)
    if len(legs) > card.movement_number:
        refuse(f"{card.title} has movement number {card.movement_number}: it moves at most "
               f"{counted(card.movement_number, 'time')}, not {len(legs)}", refs.MOVEMENT)
    table0 = table = state.table
    checks, seen, done = [], set(), []
    climb = card.total_movement(state.options.rulings["behind.total-movement"])
    for leg in legs:
        if len(leg) != 4:
            refuse(f"a leg is (chip, x, y, facing), got {leg!r}", refs.MOVEMENT)
        chip, x, y, facing = leg
        own_character(state, chip, refs.MOVEMENT)
        if chip not in seen:
            seen.add(chip)
            level = None
            if break_away:
                dexterity = {n: state.character(n).current_dexterity for n in table0.touching_enemies(chip)}
                level = break_away_level(table0, chip, dexterity, frightened=state.data.frightened.keys())
            if level is not None:
                checks.append((chip, level))
        leg_mode = mode or ("incorporeal" if state.character(chip).ability("Körperlos") else "walk")
        table, done_leg = move_leg(table, chip, (float(x), float(y)), card.movement_range, mode=leg_mode,
                                   climb=climb, facing=facing, tournament=state.options.tournament)
        done.append(done_leg)
    forfeited = next((leg for leg in done if leg.forfeited), None)
    if forfeited is not None:  # Körperlos, tournament: "the movement does not take place and the action is forfeited"
        return MovementPlan(table0, (forfeited,), tuple(checks))
    return MovementPlan(table, tuple(done), tuple(checks))


def carry_out_movement(state, card_title: str, plan: MovementPlan) -> bool:
    """Make the break-away checks, then move; False if a check failed ("the action was
    unsuccessful and the movement card is discarded without effect")."""
    d = state.data
    piles = d.piles[state.active_player]
    for chip, level in plan.checks:
        result = ability_check(piles, level)
        state.say("break-away", f"{chip} tries to break away: fate {result.card.fate} against {level}+ -> "
                  + ("free" if result.success else "fails; the movement has no effect"), refs.MOVEMENT,
                  player=state.active_player)
        if not result.success:
            return False
    d.table = plan.table
    for leg in plan.legs:
        what = "forfeited (tournament rules)" if leg.forfeited else \
            f"moves {leg.distance:.1f} cm to ({leg.end[0]:.1f}, {leg.end[1]:.1f})" + \
            (f", stopped by {leg.stopped_by}" if leg.stopped_by else "") + (f", climbs {leg.climbed}" if leg.climbed else "")
        state.say("move", f"{leg.chip} {what} ({leg.mode}, {card_title})",
                  refs.KOERPERLOS if leg.mode == "incorporeal" else refs.FLYING if leg.mode == "fly" else refs.MOVEMENT,
                  player=state.active_player)
        last_of_chip = all(other.chip != leg.chip for other in plan.legs[plan.legs.index(leg) + 1:])
        jewel_after_leg(state, leg, may_pick_up=last_of_chip)
        if d.phase == "over":
            return True
    return True


def jewel_after_leg(state, leg, *, may_win: bool = True, may_pick_up: bool = True) -> None:
    """Das Juwel von Athen: the bearer moving over a table edge wins; a character ending his
    movement touching the jewel picks it up without an action (``may_pick_up``: this leg is
    the chip's last of the movement).  A leg the bearer did not move himself (``may_win=False``:
    Befehl) does not win."""
    d = state.data
    if d.jewel is None or leg.forfeited:
        return
    if d.jewel[0] == "bearer" and d.jewel[1] == leg.chip and leg.stopped_by == TABLE_EDGE and may_win:
        finish(state, state.owners[leg.chip], f"{leg.chip} carries the Jewel of Athens over a table edge",
               refs.JUWEL_VON_ATHEN)
    elif d.jewel[0] == "ground" and may_pick_up:
        x, y = d.jewel[1], d.jewel[2]
        reach = 2 * d.table.radius + d.table.contact_tolerance
        if math.hypot(leg.end[0] - x, leg.end[1] - y) <= reach + 1e-9:
            d.jewel = ("bearer", leg.chip)
            state.say("jewel", f"{leg.chip} ends his movement touching the jewel and picks it up", refs.HANDING_OVER,
                      player=state.owners[leg.chip])


def _verify_move(state, action):
    need_action(state)
    card = hand_card(state, state.active_player, action.card, refs.MOVEMENT)
    return plan_movement(state, card, action.legs)


def _perform_move(state, action, plan):
    card = state.cards[action.card]
    state.data.piles[state.active_player].move(action.card, "hand", "discard")
    spend_action(state, f"{state.active_player} plays {card.title} as movement (range {card.movement_range:g} cm, "
                 f"number {card.movement_number})", refs.MOVEMENT)
    carry_out_movement(state, card.title, plan)


rule("move")((_verify_move, _perform_move))


# =============================================================================================
# Melee combat
# =============================================================================================
def carried(state, bearer: str, card_id: str):
    return next((p for p in state.data.permanents if p.bearer == bearer and p.card == card_id), None)


def check_weapon(state, bearer: str, weapon: str | None, kind: str) -> None:
    """"may use the effect of only one weapon per combat" (Weapons); transformed characters
    cannot use items (Transformations)."""
    if weapon is None:
        return
    if carried(state, bearer, weapon) is None:
        refuse(f"{bearer} carries no {weapon!r}", refs.WEAPONS)
    card = state.cards[weapon]
    effect = card.card_effect
    if card.category != "Waffe" or effect is None or effect.kind != kind:
        refuse(f"{card.title} is not a weapon for {'melee' if kind == 'melee' else 'ranged attacks'}", refs.WEAPONS)
    if bearer in state.data.transformed:
        refuse(f"{bearer} is transformed: transformed characters \"can normally carry items but cannot use them\"",
               refs.TRANSFORMATIONS)


def item_bonus(state, bearer: str, weapon: str | None) -> int:
    """Strength bonus in melee from the one weapon used (one copy, even if the bearer carries
    several: "only one weapon per combat") and from carried non-weapon items."""
    if bearer in state.data.transformed:
        return 0
    total, weapon_counted = 0, False
    for permanent in state.items_of(bearer):
        card = state.cards[permanent.card]
        effect = card.card_effect
        if effect is None or effect.kind != "melee":
            continue
        if card.category != "Waffe":
            total += effect.amount
        elif permanent.card == weapon and not weapon_counted:
            total, weapon_counted = total + effect.amount, True
    return total


def _verify_melee(state, action):
    need_action(state)
    player = state.active_player
    table = state.table
    own_character(state, action.attacker, refs.MELEE)
    enemy_character(state, action.defender, player, refs.MELEE)
    if not table.touching(action.attacker, action.defender):
        refuse(f"{action.attacker} does not touch {action.defender}: \"The precondition is that both character chips "
               f"touch\"", refs.MELEE)
    check_same_level(table, action.attacker, action.defender)
    if len(set(action.assistants)) != len(action.assistants) or action.attacker in action.assistants:
        refuse("each assisting character assists once, and not the attacker himself", refs.MELEE)
    for helper in action.assistants:
        own_character(state, helper, refs.MELEE)
        if not table.touching(helper, action.defender):
            refuse(f"{helper} cannot assist: \"the assisting character chips also touch the opponent\"", refs.MELEE)
        others = [e for e in table.touching_enemies(helper) if e != action.defender]
        if others:
            refuse(f"{helper} cannot assist: it is bound by {', '.join(others)} (assistants \"may not touch any "
                   f"further enemy character chips\")", refs.MELEE)
        check_same_level(table, helper, action.defender)
    if action.card is not None:
        hand_card(state, player, action.card, refs.MELEE)
    check_weapon(state, action.attacker, action.weapon, "melee")


def glaube_opponents(state, name: str) -> int:
    """Glaube: the unbound enemies touching ``name`` ("each unbound opponent who does not himself
    touch any further enemy character chip")."""
    table = state.table
    return sum(1 for e in table.touching_enemies(name) if set(table.touching_enemies(e)) <= {name})


def _perform_melee(state, action, plan):
    d = state.data
    player = state.active_player
    piles = d.piles[player]
    attacker = state.character(action.attacker)
    helpers = [state.character(n) for n in action.assistants]
    extra = max(0, glaube_opponents(state, action.attacker) - 1) if not helpers else 0
    rear = d.table.rear_bonus(action.attacker, action.defender)
    base = attack_base(attacker, assistants=helpers, rear_arc=rear > 0, extra_opponents=extra,
                       bonus=item_bonus(state, action.attacker, action.weapon))
    played = piles.move(action.card, "hand", "discard") if action.card else None
    top = piles.turn_up()
    value = base + (combat_value_of(played) if played else 0) + combat_value_of(top)
    spend_action(state, f"{action.attacker} attacks {action.defender} in melee"
                 + (f" with {', '.join(action.assistants)}" if action.assistants else "")
                 + f": base {base}" + (f" + {played.title} {combat_value_of(played)}" if played else " + no hand card")
                 + f" + supply {top.title} {combat_value_of(top)} = melee value {value}", refs.MELEE,
                 value=value, base=base)
    d.pending = Pending("defend", state.owners[action.defender],
                        {"attacker": action.attacker, "defender": action.defender,
                         "assistants": list(action.assistants), "value": value})


rule("melee")((_verify_melee, _perform_melee))


def check_moments(state, player: str, moments, kind: str, card: str | None) -> list:
    """Moments played in an opponent's turn (Moments): each costs one action of the player's
    next turn, and "a player cannot play more Moments in the opponents' turns than he would have
    actions in his own next turn"."""
    wanted = list(moments) + ([card] if card is not None else [])
    for card_id in set(wanted):
        hand_card(state, player, card_id, refs.MOMENTS, copies=wanted.count(card_id))
    for card_id in moments:
        effect = state.cards[card_id].card_effect
        if not state.cards[card_id].is_moment or effect is None or effect.kind != kind:
            refuse(f"{state.cards[card_id].title} is not a Moment that can be played now (a '{kind}' Moment is "
                   f"needed)", refs.MOMENTS)
    minus_one = state.options.rulings["behind.moment-budget"] == "actions-minus-one"
    actions = state.size.actions
    budget = actions - (1 if minus_one else 0)
    owed = state.data.moments_owed.get(player, 0)
    if owed + len(moments) > budget:
        limit = (f"his {actions} actions next turn minus one, ruling behind.moment-budget" if minus_one
                 else f"his {actions} actions next turn, ruling behind.moment-budget 'actions'")
        refuse(f"{player} has played {counted(owed, 'Moment')} already and may play at most {budget} in opponents' turns "
               f"({limit}), not {owed + len(moments)}", refs.MOMENTS)
    return [state.cards[c] for c in moments]


def play_moments(state, player: str, moments) -> int:
    """Discard the Moments in the order of Timing (higher fate number first; ties in the given
    order, ruling ``behind.moment-ties``) and return their total bonus."""
    cards = sorted((state.cards[c] for c in moments), key=lambda c: -c.fate)
    total = 0
    for card in cards:
        state.data.piles[player].move(card.id, "hand", "discard")
        state.data.moments_owed[player] = state.data.moments_owed.get(player, 0) + 1
        total += card.card_effect.amount
        state.say("moment", f"{player} plays the Moment {card.title} (fate {card.fate}): +{card.card_effect.amount}; "
                  f"one action fewer in his next turn", refs.TIMING if len(cards) > 1 else refs.MOMENTS, player=player)
    return total


def _verify_defend(state, action):
    need_phase(state, "defend")
    info = state.pending.info
    player = state.pending.player
    check_moments(state, player, action.moments, "defence", action.card)
    check_weapon(state, info["defender"], action.weapon, "melee")


def _perform_defend(state, action, plan):
    d = state.data
    info = dict(d.pending.info)
    player = d.pending.player
    d.pending = None
    defender = state.character(info["defender"])
    helpers = [state.character(n) for n in info["assistants"]]
    bonus = play_moments(state, player, action.moments) + item_bonus(state, info["defender"], action.weapon)
    bonus += d.table.rear_bonus(info["defender"], info["attacker"])
    base = defence_base(defender, assistants=helpers, bonus=bonus)
    piles = d.piles[player]
    played = piles.move(action.card, "hand", "discard") if action.card else None
    top = piles.turn_up()
    value = base + (combat_value_of(played) if played else 0) + combat_value_of(top)
    state.say("defend", f"{info['defender']} defends: base {base}"
              + (f" + {played.title} {combat_value_of(played)}" if played else " + no hand card")
              + f" + supply {top.title} {combat_value_of(top)} = melee value {value}", refs.MELEE, player=player,
              value=value)
    diff = info["value"] - value
    if diff == 0:
        state.say("melee", "A tie: \"A tie of the two melee values has no further effect on the game.\"", refs.MELEE)
    elif diff > 0:
        injuries = melee_injuries(diff, 0, defender.resistance)
        state.say("melee", f"{info['attacker']} wins by {diff} against Resistance {defender.resistance}: "
                  f"{injuries} injur{'y' if injuries == 1 else 'ies'}", refs.MELEE)
        injure(state, info["defender"], injuries, cause="melee", by=info["attacker"])
    else:
        side = [info["attacker"], *info["assistants"]]
        if len(side) == 1:
            loser = state.character(side[0])
            injuries = melee_injuries(-diff, 0, loser.resistance)
            state.say("melee", f"{info['defender']} fends off the attack by {-diff} against Resistance "
                      f"{loser.resistance}: {injuries} injur{'y' if injuries == 1 else 'ies'}", refs.MELEE)
            injure(state, side[0], injuries, cause="melee", by=info["defender"])
        else:
            state.say("melee", f"{info['defender']} fends off the attack by {-diff}: {player} chooses who of "
                      f"{', '.join(side)} receives the damage", refs.MELEE)
            d.pending = Pending("assign-damage", player, {"defender": info["defender"], "side": side,
                                                           "difference": -diff})


rule("defend")((_verify_defend, _perform_defend))


def damage_count(state, allocation, difference: int) -> int:
    """Injuries when several attackers lose: counted against the Resistance of the character
    named first, or of the toughest one named, then divided as the defender says (ruling
    ``behind.divided-damage``)."""
    named = [state.character(name) for name, _ in allocation]
    if state.options.rulings["behind.divided-damage"] == "highest-resistance":
        resistance = max(c.resistance for c in named)
    else:
        resistance = named[0].resistance
    return melee_injuries(difference, 0, resistance)


def _verify_assign(state, action):
    need_phase(state, "assign-damage")
    info = state.pending.info
    if not action.allocation:
        refuse(f"name who of {', '.join(info['side'])} receives the damage", refs.MELEE)
    names = [a[0] for a in action.allocation]
    if any(n not in info["side"] for n in names) or len(set(names)) != len(names):
        refuse(f"the damage goes to characters \"participating in the fight\": {', '.join(info['side'])}", refs.MELEE)
    if any(not isinstance(a[1], int) or a[1] < 0 for a in action.allocation):
        refuse("injuries are whole numbers >= 0", refs.MELEE)
    total = damage_count(state, action.allocation, info["difference"])
    if sum(a[1] for a in action.allocation) != total:
        refuse(f"a difference of {info['difference']} makes {total} injuries against the Resistance that counts "
               f"(ruling behind.divided-damage); divide exactly that many", refs.MELEE)


def _perform_assign(state, action, plan):
    d = state.data
    info = dict(d.pending.info)
    d.pending = None
    for name, count in action.allocation:
        if count:
            injure(state, name, count, cause="melee", by=info["defender"])


rule("assign-damage")((_verify_assign, _perform_assign))


# =============================================================================================
# Ranged combat
# =============================================================================================
def ranged_source(state, shooter: str, source: str):
    """The card that enables the shot: a carried ranged weapon or a ranged magic card in hand."""
    card = state.cards.get(source)
    effect = card.card_effect if card else None
    if card is None or effect is None or effect.kind != "ranged":
        refuse(f"{source!r} does not enable a ranged attack", refs.RANGED)
    if card.category == "Waffe":
        check_weapon(state, shooter, source, "ranged")
        return card, "weapon"
    hand_card(state, state.active_player, source, refs.RANGED)
    return card, "magic"


def _verify_ranged(state, action):
    need_action(state)
    player = state.active_player
    own_character(state, action.shooter, refs.RANGED)
    enemy_character(state, action.target, player, refs.RANGED)
    card, how = ranged_source(state, action.shooter, action.source)
    check_not_touching_enemy(state, action.shooter, refs.WEAPONS, "\"a character whose chip touches an enemy "
                             "character chip is not allowed to perform a ranged attack\"")
    check_sees(state, action.shooter, action.target, refs.RANGED)
    reach = ranged_attack_range(card, state.options.rulings)
    distance = state.table.distance(action.shooter, action.target)
    if distance > reach + 1e-9 and not state.options.tournament:
        refuse(f"{action.target} is {distance:.1f} cm away; {card.title} reaches {reach:.1f} cm (twice its total "
               f"movement)", refs.RANGED)
    return card, how, distance > reach + 1e-9


def _perform_ranged(state, action, plan):
    card, how, out_of_range = plan
    d = state.data
    player = state.active_player
    piles = d.piles[player]
    if how == "magic":
        piles.move(card.id, "hand", "discard")
    zusatz = bool(state.options.rulings["behind.zusatz-in-ranged"])
    top = piles.turn_up()
    shooter = state.character(action.shooter)
    value = shooter.current_dexterity + combat_value_of(card, zusatz=zusatz) + combat_value_of(top, zusatz=zusatz)
    spend_action(state, f"{action.shooter} shoots at {action.target} with {card.title}: Dexterity "
                 f"{shooter.current_dexterity} + {combat_value_of(card, zusatz=zusatz)} + supply {top.title} "
                 f"{combat_value_of(top, zusatz=zusatz)} = shooting value {value}", refs.RANGED, value=value)
    if out_of_range:
        state.say("miss", f"{action.target} was out of range: under tournament rules the shot misses",
                  refs.TOURNAMENT, player=player)
        return
    d.pending = Pending("dodge", state.owners[action.target], {"shooter": action.shooter, "target": action.target,
                                                               "value": value})


rule("ranged")((_verify_ranged, _perform_ranged))


def _verify_dodge(state, action):
    need_phase(state, "dodge")
    check_moments(state, state.pending.player, action.moments, "dodge", action.card)


def _perform_dodge(state, action, plan):
    d = state.data
    info = dict(d.pending.info)
    player = d.pending.player
    d.pending = None
    target = state.character(info["target"])
    zusatz = bool(state.options.rulings["behind.zusatz-in-ranged"])
    bonus = play_moments(state, player, action.moments)
    piles = d.piles[player]
    played = piles.move(action.card, "hand", "discard") if action.card else None
    top = piles.turn_up()
    value = target.current_dexterity + bonus + (combat_value_of(played, zusatz=zusatz) if played else 0) \
        + combat_value_of(top, zusatz=zusatz)
    loser, injuries = ranged_outcome(info["value"] - value, target.resistance)
    state.say("dodge", f"{info['target']} dodges with {value}: "
              + (f"hit, {injuries} injur{'y' if injuries == 1 else 'ies'}" if loser == "target" and injuries else
                 "hit without injury" if loser == "target" else "the shot has no further effect"),
              refs.RANGED, player=player, value=value)
    injure(state, info["target"], injuries, cause="ranged", by=info["shooter"])


rule("dodge")((_verify_dodge, _perform_dodge))


# =============================================================================================
# Handing over items; the jewel's healing
# =============================================================================================
def _verify_hand_over(state, action):
    need_action(state)
    own_character(state, action.giver, refs.HANDING_OVER)
    # the receiver does not act: a frightened receiver is refused below, by the handover rule
    own_character(state, action.receiver, refs.HANDING_OVER, acting=False)
    table = state.table
    if action.giver == action.receiver or not table.touching(action.giver, action.receiver):
        refuse(f"{action.giver} and {action.receiver} must touch to hand over an item", refs.HANDING_OVER)
    for name in (action.giver, action.receiver):
        check_not_touching_enemy(state, name, refs.HANDING_OVER, "\"neither may be in a fight\"")
        if name in state.data.frightened:
            refuse(f"{name} is the victim of Schrecken: \"a handover is not possible\"", refs.HANDING_OVER)
    if action.item == "jewel":
        if state.jewel_bearer() != action.giver:
            refuse(f"{action.giver} does not carry the jewel", refs.HANDING_OVER)
        return None
    permanent = carried(state, action.giver, action.item)
    if permanent is None:
        refuse(f"{action.giver} carries no {action.item!r}", refs.HANDING_OVER)
    if permanent.controller != state.active_player:
        refuse(f"{state.active_player} does not influence {state.cards[action.item].title}", refs.HANDING_OVER)
    return permanent


def _perform_hand_over(state, action, permanent):
    d = state.data
    if permanent is None:
        d.jewel = ("bearer", action.receiver)
    else:
        perms = list(d.permanents)
        perms[perms.index(permanent)] = type(permanent)(permanent.card, permanent.controller, action.receiver)
        d.permanents = tuple(perms)
    spend_action(state, f"{action.giver} hands {action.item} over to {action.receiver}", refs.HANDING_OVER)


rule("hand-over")((_verify_hand_over, _perform_hand_over))


def _verify_jewel_heal(state, action):
    need_action(state)
    own_character(state, action.bearer, refs.JUWEL_VON_ATHEN)
    if state.jewel_bearer() != action.bearer:
        refuse(f"{action.bearer} does not possess the Jewel of Athens", refs.JUWEL_VON_ATHEN)
    if not state.alive(action.target):
        refuse(f"{action.target} is not a living character", refs.INJURIES)
    if action.target != action.bearer and not state.table.touching(action.bearer, action.target):
        refuse(f"the jewel heals its bearer or \"a character whose chip touches his own\"; {action.target} does not "
               f"touch {action.bearer}", refs.JUWEL_VON_ATHEN)
    if state.data.characters[action.target].injuries == 0:
        refuse(f"{action.target} is healthy: \"Neither a healthy nor an eliminated character can be healed.\"",
               refs.INJURIES)


def _perform_jewel_heal(state, action, plan):
    d = state.data
    d.characters[action.target] = d.characters[action.target].heal()
    spend_action(state, f"{action.bearer} heals {action.target} with the Jewel of Athens (no check): "
                 f"{d.characters[action.target].condition}", refs.JUWEL_VON_ATHEN)


rule("jewel-heal")((_verify_jewel_heal, _perform_jewel_heal))
