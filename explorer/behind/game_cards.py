"""Special card effects and abilities inside a game (Special Card Effect; Abilities).

A card's effect is its ``effect_code`` (:mod:`explorer.behind.card_effects`).  Permanent cards
(places, persons, items, weapons) go to the player's in-play pile and are recorded as
:class:`~explorer.behind.game.Permanent`; the others go to the discard pile once used.
"""

from __future__ import annotations

from explorer.behind import refs
from explorer.behind.combat import ability_check
from explorer.behind.game import Pending, Permanent
from explorer.behind.game_combat import (
    carry_out_movement,
    jewel_after_leg,
    plan_movement,
)
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
from explorer.behind.game_setup import duel_ranking
from explorer.behind.game_turns import remove_permanent
from explorer.behind.movement import move_leg
from explorer.core.words import counted

ABILITY_RULES = {
    "Befehl": refs.BEFEHL, "Hellsicht": refs.HELLSICHT, "Regeneration": refs.REGENERATION,
    "Schrecken": refs.SCHRECKEN, "Wandler": refs.WANDLER, "Wirbel": refs.WIRBEL,
}
ITEMS = ("Gegenstand", "Waffe")


def check_level(state, name: str, ability: str, base: int | None = None) -> int:
    """The X of an ability check, lowered by the controller's ``check-bonus`` permanents (places
    and persons for all his characters, items for their bearer)."""
    level = state.character(name).ability(ability).check if base is None else base
    player = state.owners[name]
    for permanent in state.data.permanents:
        effect = state.cards[permanent.card].card_effect
        if permanent.controller != player or effect is None or effect.kind != "check-bonus" or effect.ability != ability:
            continue
        if permanent.bearer is None or (permanent.bearer == name and name not in state.data.transformed):
            level -= effect.amount
    return level


# =============================================================================================
# Abilities that cost an action
# =============================================================================================
def _verify_ability(state, action):
    need_action(state)
    name, ability = action.character, action.ability
    if ability not in ABILITY_RULES:
        refuse(f"{ability!r} is not an ability used by spending an action ({', '.join(ABILITY_RULES)})", refs.ABILITIES)
    rule_ref = ABILITY_RULES[ability]
    own_character(state, name, rule_ref)
    if state.character(name).ability(ability) is None:
        refuse(f"{name} does not have the ability {ability}", rule_ref)
    return ABILITY_CHECKS[ability](state, action, rule_ref)


def _check_frighten_or_command(state, action, rule_ref):
    check_victim(state, action.character, action.target, rule_ref)


def check_victim(state, actor: str, victim: str | None, rule_ref) -> None:
    """Befehl and Schrecken: an enemy victim; "Both character chips ... must not touch any enemy
    character chip"; "the commanding character must be able to see his victim" (viewing angle too)."""
    enemy_character(state, victim, state.active_player, rule_ref)
    for who in (actor, victim):
        check_not_touching_enemy(state, who, rule_ref, "\"Both character chips ... must not touch any enemy character "
                                 "chip\"")
    check_sees(state, actor, victim, rule_ref)


def _check_hellsicht(state, action, rule_ref):
    check_not_touching_enemy(state, action.character, rule_ref, "the clairvoyant \"must not touch any enemy character "
                             "chip during the action\"")


def _check_regeneration(state, action, rule_ref):
    if action.target not in (None, action.character):
        refuse(f"{action.character} cannot heal {action.target}: \"With this ability one can only heal oneself, not "
               f"others.\"", rule_ref)
    if state.data.characters[action.character].injuries == 0:
        refuse(f"{action.character} is not injured: Regeneration heals an injury of the character himself", rule_ref)


def _check_wandler(state, action, rule_ref):
    if action.character in state.data.transformed:
        refuse(f"{action.character} is already transformed: transformations \"are only allowed from the character's "
               f"original human form\"", refs.TRANSFORMATIONS)


def _check_wirbel(state, action, rule_ref):
    check_not_touching_enemy(state, action.character, rule_ref, "the whirling character \"must not touch any enemy "
                             "character chip during the action\"")
    if action.target == "jewel":
        refuse("\"The jewel cannot be discarded or destroyed by Wirbel or other effects.\"", refs.JUWEL_VON_ATHEN)
    target = next((p for p in state.data.permanents if p.card == action.target
                   and (p.bearer is not None or state.cards[p.card].category == "Ort")), None)
    if target is None:
        refuse(f"Wirbel needs an item carried by a character or a place in play; {action.target!r} is neither", rule_ref)
    return target


ABILITY_CHECKS = {
    "Befehl": _check_frighten_or_command, "Schrecken": _check_frighten_or_command, "Hellsicht": _check_hellsicht,
    "Regeneration": _check_regeneration, "Wandler": _check_wandler, "Wirbel": _check_wirbel,
}


def _perform_ability(state, action, plan):
    name, ability = action.character, action.ability
    rule_ref = ABILITY_RULES[ability]
    player = state.active_player
    level = check_level(state, name, ability)
    if ability == "Schrecken":
        level += state.character(action.target).ability_value("Mut")
    if ability == "Wirbel" and state.cards[plan.card].category == "Ort":
        level += 2
    result = ability_check(state.data.piles[player], level)
    spend_action(state, f"{name} uses {ability}: fate {result.card.fate} against {level}+ -> "
                 + ("success" if result.success else "no success"), rule_ref)
    if result.success:
        APPLY_ABILITY[ability](state, action, plan, result.card)


def _apply_befehl(state, action, plan, card):
    distance = card.total_movement(state.options.rulings["behind.total-movement"])
    state.data.pending = Pending("command-move", state.active_player,
                                 {"victim": action.target, "distance": distance, "commander": action.character})
    state.say("befehl", f"{action.target} may be moved up to {distance:g} cm (total movement of {card.title})",
              refs.BEFEHL)


def _apply_hellsicht(state, action, plan, card):
    look(state, 4, top_only=False, rule_ref=refs.HELLSICHT)


def _apply_regeneration(state, action, plan, card):
    heal(state, action.character, refs.REGENERATION)


def _apply_schrecken(state, action, plan, card):
    frighten(state, action.target)


def _apply_wandler(state, action, plan, card):
    transform(state, action.character)


def _apply_wirbel(state, action, plan, card):
    if plan.bearer is not None:
        reach = card.total_movement(state.options.rulings["behind.total-movement"])
        distance = state.table.distance(action.character, plan.bearer)
        if distance > reach + 1e-9:
            state.say("wirbel", f"{plan.bearer} is {distance:.1f} cm away, beyond the {reach:g} cm of {card.title}: "
                      "no effect", refs.WIRBEL)
            return
    remove_permanent(state, plan)
    state.say("wirbel", f"{state.cards[plan.card].title} goes to the discard pile", refs.WIRBEL)


APPLY_ABILITY = {
    "Befehl": _apply_befehl, "Hellsicht": _apply_hellsicht, "Regeneration": _apply_regeneration,
    "Schrecken": _apply_schrecken, "Wandler": _apply_wandler, "Wirbel": _apply_wirbel,
}

rule("ability")((_verify_ability, _perform_ability))


def heal(state, name: str, rule_ref) -> None:
    d = state.data
    d.characters[name] = d.characters[name].heal()
    state.say("heal", f"{name} heals one injury: {d.characters[name].condition}", rule_ref, player=state.owners[name])


def frighten(state, victim: str) -> None:
    state.data.frightened[victim] = state.turn
    state.say("schrecken", f"{victim} is frightened and cannot act in {state.owners[victim]}'s next turn",
              refs.SCHRECKEN)


def transform(state, name: str) -> None:
    state.data.transformed = state.data.transformed | {name}
    state.say("transform", f"{name} transforms: Strength +3, Resistance +1, items cannot be used", refs.WANDLER)


def look(state, n: int, *, top_only: bool, rule_ref) -> None:
    """Look at the top ``n`` cards of one's supply, then ``Arrange`` them."""
    player = state.active_player
    cards = [c.id for c in state.data.piles[player].supply[:n]]
    state.data.pending = Pending("arrange", player, {"cards": cards, "top_only": top_only})
    state.say("look", f"{player} looks at the top {counted(len(cards), 'card')} of his supply", rule_ref, player=player)
    seen = ", ".join(f"{c.title} ({c.id})" for c in state.data.piles[player].supply[:n])
    state.say("look", f"{player} sees, from the top: {seen}", rule_ref, player=player, visible_to=player)


# -- decisions after an ability ---------------------------------------------------------------------
def _verify_arrange(state, action):
    need_phase(state, "arrange")
    info = state.pending.info
    if sorted(list(action.top) + list(action.bottom)) != sorted(info["cards"]):
        refuse(f"put back exactly the cards looked at ({', '.join(info['cards'])})", refs.HELLSICHT)
    if info["top_only"] and action.bottom:
        refuse("this card puts the cards back on top of the supply only", refs.SPECIAL_CARD_EFFECT)


def _perform_arrange(state, action, plan):
    d = state.data
    player = d.pending.player
    d.pending = None
    supply = d.piles[player].zones["supply"]
    n = len(action.top) + len(action.bottom)
    by_id = {c.id: c for c in supply[:n]}
    rest = supply[n:]
    d.piles[player].zones["supply"] = [by_id[c] for c in action.top] + rest + [by_id[c] for c in action.bottom]
    state.say("arrange", f"{player} puts {counted(len(action.top), 'card')} back on top and {len(action.bottom)} beneath",
              refs.HELLSICHT, player=player)


rule("arrange")((_verify_arrange, _perform_arrange))


def _verify_command_move(state, action):
    need_phase(state, "command-move")
    info = state.pending.info
    table = state.table
    victim = table.chip(info["victim"])
    import math
    direction = math.degrees(math.atan2(action.y - victim.y, action.x - victim.x))
    aimed = table.turn(info["victim"], direction)
    facing = victim.facing if action.facing is None else action.facing
    return move_leg(aimed, info["victim"], (action.x, action.y), info["distance"], mode="walk", facing=facing)


def _perform_command_move(state, action, plan):
    d = state.data
    info = dict(d.pending.info)
    d.pending = None
    d.table, leg = plan
    state.say("befehl", f"{info['commander']} commands {info['victim']} {leg.distance:.1f} cm to "
              f"({leg.end[0]:.1f}, {leg.end[1]:.1f})", refs.BEFEHL)
    jewel_after_leg(state, leg, may_win=False)


rule("command-move")((_verify_command_move, _perform_command_move))


# =============================================================================================
# Special card effects
# =============================================================================================
def _verify_play(state, action):
    need_action(state)
    player = state.active_player
    card = hand_card(state, player, action.card, refs.SPECIAL_CARD_EFFECT)
    effect = card.card_effect
    if effect is None:
        refuse(f"{card.title} has no effect to play", refs.SPECIAL_CARD_EFFECT)
    if action.actor is not None:  # "the one of his characters who wants to perform the action"
        own_character(state, action.actor, refs.SPECIAL_CARD_EFFECT)
    check = _check_item if card.category in ITEMS else EFFECT_CHECKS.get(effect.kind)
    if check is None:
        refuse(f"{card.title} ({effect}) cannot be played as an action now: "
               + ("Moments of this kind answer an attack on your character" if card.is_moment else
                  "ranged cards are played with a ranged attack"), effect.rule)
    _check_unique(state, card)
    return check(state, action, card, effect)


def _check_unique(state, card) -> None:
    """"Neither unique nor legendary cards can be played two or more times by the same player.\""""
    if not (card.unique or card.legendary) or not card.permanent:
        return
    for permanent in state.data.permanents:
        if state.cards[permanent.card].title == card.title and permanent.controller == state.active_player:
            refuse(f"{card.title} is {'legendary' if card.legendary else 'unique'} and already in play for "
                   f"{state.active_player}", refs.SPECIAL_CARD_EFFECT)


def _actor(state, action, rule_ref):
    own_character(state, action.actor, rule_ref)


def _check_heal(state, action, card, effect):
    target = action.target
    if target not in state.owners or state.owners[target] != state.active_player:
        refuse(f"{card.title} heals one of your characters; {target!r} is not one: \"Should a card effect require a "
               f"target ... that is not present in the current game, the card also cannot be played\"",
               refs.SPECIAL_CARD_EFFECT)
    if not state.alive(target):
        refuse(f"{target} is eliminated: \"Neither a healthy nor an eliminated character can be healed.\"", refs.INJURIES)
    if state.data.characters[target].injuries == 0:
        refuse(f"{target} is healthy: \"Neither a healthy nor an eliminated character can be healed.\"", refs.INJURIES)


def _check_nothing(state, action, card, effect):
    return None


def _check_item(state, action, card, effect):
    if card.category in ITEMS:
        _actor(state, action, refs.SPECIAL_CARD_EFFECT)  # the bearer


def _check_schrecken(state, action, card, effect):
    _actor(state, action, refs.SCHRECKEN)
    check_victim(state, action.actor, action.target, refs.SCHRECKEN)


def _check_fly(state, action, card, effect):
    _actor(state, action, refs.FLYING)
    if any(leg[0] != action.actor for leg in action.legs):
        refuse(f"{card.title} moves {action.actor} only", refs.FLYING)
    return plan_movement(state, card, action.legs, mode="fly", break_away=True)


def _check_break_away(state, action, card, effect):
    _actor(state, action, refs.MOVEMENT)
    if any(leg[0] != action.actor for leg in action.legs):
        refuse(f"{card.title} moves {action.actor} only", refs.MOVEMENT)
    return plan_movement(state, card, action.legs, break_away=False)


def _check_transform(state, action, card, effect):
    _actor(state, action, refs.WANDLER)
    if state.character(action.actor).ability("Wandler") is None:
        refuse(f"{action.actor} has no ability Wandler", refs.WANDLER)
    if action.actor in state.data.transformed:
        refuse(f"{action.actor} is already transformed: transformations \"are only allowed from the character's "
               f"original human form\"", refs.TRANSFORMATIONS)


EFFECT_CHECKS = {
    "heal": _check_heal, "draw": _check_nothing, "discard-opponents": _check_nothing, "look": _check_nothing,
    "melee": _check_item, "check-bonus": _check_item, "heal-each-turn": _check_nothing,
    "draw-each-turn": _check_nothing, "schrecken": _check_schrecken, "fly": _check_fly,
    "break-away": _check_break_away, "transform": _check_transform,
}


def _perform_play(state, action, plan):
    d = state.data
    player = state.active_player
    card = state.cards[action.card]
    effect = card.card_effect
    piles = d.piles[player]
    permanent = card.permanent
    piles.move(card.id, "hand", "in_play" if permanent else "discard")
    spend_action(state, f"{player} plays {card.title} ({card.category}): {effect}", effect.rule, card=card.id)
    if effect.check is not None:
        result = ability_check(piles, effect.check)
        state.say("effect-check", f"Effect check {effect.check}+: fate {result.card.fate} -> "
                  + ("success" if result.success else "no effect"), refs.ABILITY_CHECK, player=player)
        if not result.success:
            if permanent:
                piles.move(card.id, "in_play", "discard")
            return
    if permanent:
        _put_in_play(state, card, action.actor if card.category in ITEMS else None)
        return
    PERFORM_EFFECT[effect.kind](state, action, card, effect, plan)


def _put_in_play(state, card, bearer) -> None:
    d = state.data
    player = state.active_player
    rival = next((p for p in d.permanents if state.cards[p.card].title == card.title
                  and (card.unique or card.legendary)), None)
    new = Permanent(card.id, player, bearer)
    d.permanents = d.permanents + (new,)
    if rival is not None:
        ranking, fates = duel_ranking(d.piles, [player, rival.controller])
        loser = new if ranking[0] == rival.controller else rival
        state.say("duel", f"{card.title} is {'legendary' if card.legendary else 'unique'} and already in play: influence "
                  f"duel {fates}; {ranking[0]} keeps it", refs.SPECIAL_CARD_EFFECT)
        remove_permanent(state, loser)
        if loser is new:
            return
    if bearer is not None:
        state.say("item", f"{bearer} now carries {card.title}", refs.SPECIAL_CARD_EFFECT, player=player)
        helper = state.character(bearer).ability("Unterstützung")
        if helper is not None:
            level = check_level(state, bearer, "Unterstützung")
            result = ability_check(d.piles[player], level)
            state.say("unterstuetzung", f"{bearer} equips himself with Unterstützung {level}+: fate {result.card.fate} -> "
                      + ("the action is free" if result.success else "it costs the action"), refs.UNTERSTUETZUNG,
                      player=player)
            if result.success:
                d.actions_left += 1


def _do_heal(state, action, card, effect, plan):
    heal(state, action.target, refs.SPECIAL_CARD_EFFECT)


def _draw_what_is_left(piles, n: int) -> list:
    """Up to ``n`` cards: the supply, then the discard pile shuffled as the new supply (Supply
    Phase: "Once the supply is used up, the discard pile ... is shuffled immediately"); a draw
    effect draws the cards there are and never fails for want of cards."""
    return piles.draw(min(n, len(piles.supply) + len(piles.discard)))


def _do_draw(state, action, card, effect, plan):
    drawn = _draw_what_is_left(state.data.piles[state.active_player], effect.amount)
    short = f" (only {len(drawn)} left to draw)" if len(drawn) < effect.amount else ""
    state.say("draw", f"{state.active_player} draws {counted(len(drawn), 'card')}{short}", refs.SPECIAL_CARD_EFFECT)


def _do_discard_opponents(state, action, card, effect, plan):
    d = state.data
    for player in state.players:
        if player == state.active_player or not d.piles[player].hand:
            continue
        victim = d.rng.choice(d.piles[player].hand)
        d.piles[player].move(victim.id, "hand", "discard")
        state.say("discard", f"{player} discards {victim.title} at random", refs.SPECIAL_CARD_EFFECT, player=player)


def _do_look(state, action, card, effect, plan):
    look(state, effect.amount, top_only=True, rule_ref=refs.SPECIAL_CARD_EFFECT)


def _do_schrecken(state, action, card, effect, plan):
    level = effect.amount + state.character(action.target).ability_value("Mut")
    result = ability_check(state.data.piles[state.active_player], level)
    state.say("schrecken", f"Schrecken {level}+ (Mut counted): fate {result.card.fate} -> "
              + ("success" if result.success else "no success"), refs.MUT if level != effect.amount else refs.SCHRECKEN)
    if result.success:
        frighten(state, action.target)


def _do_move(state, action, card, effect, plan):
    carry_out_movement(state, card.title, plan)


def _do_transform(state, action, card, effect, plan):
    transform(state, action.actor)


PERFORM_EFFECT = {
    "heal": _do_heal, "draw": _do_draw, "discard-opponents": _do_discard_opponents, "look": _do_look,
    "schrecken": _do_schrecken, "fly": _do_move, "break-away": _do_move, "transform": _do_transform,
}

rule("play")((_verify_play, _perform_play))


def permanent_effects_in_organisation(state) -> None:
    """``heal-each-turn`` (the most injured character first, ruling ``behind.heal-each-turn``)
    and ``draw-each-turn`` permanents of the acting player."""
    d = state.data
    player = state.active_player
    for permanent in [p for p in d.permanents if p.controller == player]:
        card = state.cards[permanent.card]
        effect = card.card_effect
        if effect is None:
            continue
        if effect.kind == "heal-each-turn":
            injured = sorted((n for n in state.characters_of(player) if d.characters[n].injuries),
                             key=lambda n: (-d.characters[n].injuries, n))
            if injured:
                heal(state, injured[0], refs.ORGANISATION_PHASE)
        elif effect.kind == "draw-each-turn":
            if not _draw_what_is_left(d.piles[player], 1):
                continue
            state.say("draw", f"{player} draws one card ({card.title})", refs.ORGANISATION_PHASE, player=player)
