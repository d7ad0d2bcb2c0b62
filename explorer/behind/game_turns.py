"""The course of a game: setup actions, the three phases of a turn, injuries and the end.

"The turn of the acting player consists of the following phases: I. Organisation phase ...
II. Action phase ... III. Supply phase" (The Course of the Game).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely import affinity

from explorer.behind import refs
from explorer.behind.cards import ELIMINATED_AT
from explorer.behind.game_rules import (
    hand_card,
    need_action,
    need_phase,
    own_character,
    refuse,
    rule,
    spend_action,
)
from explorer.behind.geometry import said_facing
from explorer.behind.table import Chip, Obstacle
from explorer.core.words import counted

if TYPE_CHECKING:
    pass


# =============================================================================================
# Setup
# =============================================================================================
def _verify_choose(state, action):
    need_phase(state, "choose-scenario")
    from explorer.behind.game_setup import cached_scenario
    try:
        scenario = cached_scenario(action.scenario)
    except (FileNotFoundError, ValueError) as error:
        refuse(f"there is no scenario {action.scenario!r}: {error}", refs.SCENARIOS)
    if scenario.players != len(state.players):
        refuse(f"{scenario.title} is for {scenario.players} players, not {len(state.players)}", scenario.rule)


def _perform_choose(state, action, plan):
    from explorer.behind.game_setup import begin_scenario
    state.say("choose", f"{state.current_player} chooses the scenario {action.scenario}", refs.THE_BEGINNING,
              player=state.current_player)
    begin_scenario(state, action.scenario)


rule("choose-scenario")((_verify_choose, _perform_choose))


MAX_TURN_DEGREES = 3600.0
"""The largest angle (either way) an obstacle or chip may be turned by in one action: ten full
turns, far beyond any real one, and small enough for every trigonometric function."""

_PLACED: dict = {}
"""The tables accepted placements made, by everything the check reads (the scenario, the table
before, the obstacles left, the action): the default layouts are placed alike in every game, and
tables are immutable, so the games share them (:func:`_verify_place_obstacle`)."""


def _verify_place_obstacle(state, action):
    need_phase(state, "terrain")
    d = state.data
    if action.obstacle not in d.to_place:
        refuse(f"{action.obstacle!r} is not an obstacle still to place (left: {', '.join(d.to_place)})", refs.SCENARIOS)
    scenario, table = state.scenario, d.table
    if not (0.0 <= action.x <= table.width and 0.0 <= action.y <= table.depth):
        refuse(f"the centre of {action.obstacle} ({action.x:g}, {action.y:g}) lies off the table "
               f"({table.width:g} x {table.depth:g} cm): obstacles are placed in the middle of the table", refs.SCENARIOS)
    if not -MAX_TURN_DEGREES <= action.angle <= MAX_TURN_DEGREES:
        refuse(f"an obstacle is turned by at most {MAX_TURN_DEGREES:g} degrees either way, not {action.angle:g}",
               refs.SCENARIOS)
    try:
        key = (id(scenario), table.width, table.depth, table.rulings, tuple(map(id, table.obstacles)), table.chips,
               d.to_place, action)
        found = _PLACED.get(key)
    except TypeError:  # an unhashable field: simply checked
        key, found = None, None
    if found is not None and found[0] is scenario and found[1].obstacles == table.obstacles:
        return found[2]
    placed = _check_place_obstacle(state, action)
    if key is not None:
        if len(_PLACED) >= 256:
            _PLACED.clear()
        _PLACED[key] = (scenario, table, placed)  # the objects whose ids are in the key, kept alive
    return placed


def _check_place_obstacle(state, action):
    d = state.data
    template = next(o for o in state.scenario.obstacles if o.name == action.obstacle)
    c = template.polygon.centroid
    polygon = affinity.rotate(affinity.translate(template.polygon, action.x - c.x, action.y - c.y), action.angle)
    obstacle = Obstacle(template.name, polygon, template.height, template.flat)
    table = d.table.add_obstacle(obstacle)
    problems = [p for p in state.scenario.check_obstacles(table)
                if len(d.to_place) == 1 or not p.reason.startswith("the table has")]  # the count: at the end
    if problems:
        refuse("; ".join(p.reason for p in problems), problems[0].rule)
    return table


def _perform_place_obstacle(state, action, table):
    from explorer.behind.game_setup import deployer, obstacle_placer
    d = state.data
    placer = obstacle_placer(state)
    d.table = table
    d.to_place = tuple(n for n in d.to_place if n != action.obstacle)
    state.say("terrain", f"{placer} places {action.obstacle} at ({action.x:.1f}, {action.y:.1f})",
              state.scenario.rule, player=placer)
    if d.to_place:
        d.active = state.players.index(obstacle_placer(state))
    else:
        d.phase = "deployment"
        d.active = state.players.index(deployer(state))


rule("place-obstacle")((_verify_place_obstacle, _perform_place_obstacle))


def _verify_deploy(state, action):
    need_phase(state, "deployment")
    d = state.data
    player = state.current_player
    names = state.characters_of(player)
    given = [p[0] for p in action.placements]
    if sorted(given) != sorted(names) or len(set(given)) != len(given):
        refuse(f"{player} must place each of his character chips once ({', '.join(names)}), got {', '.join(given)}",
               refs.THE_BEGINNING)
    table = d.table
    for name, x, y, facing in action.placements:
        table = table.place(Chip(name, player, x, y, facing))
    roles = {p: r for p, r in d.roles.items() if any(c.owner == p for c in table.chips)}
    problems = state.scenario.check_setup(table, roles)
    if problems:
        refuse("; ".join(p.reason for p in problems), problems[0].rule)
    scenario = state.scenario
    if scenario.jewel_rules and d.roles[player] == "middle":
        if action.jewel not in names:
            refuse(f"the player in the middle names one of his characters to carry the Jewel of Athens "
                   f"({', '.join(names)}), got {action.jewel!r}", refs.JUWEL_VON_ATHEN)
    elif action.jewel is not None:
        refuse("only the player in the middle of the table names the bearer of the jewel", refs.JUWEL_VON_ATHEN)
    return table


def _perform_deploy(state, action, table):
    from explorer.behind.game_setup import deployer, draw_hands
    d = state.data
    player = state.current_player
    d.table = table
    state.say("deploy", f"{player} places {', '.join(p[0] for p in action.placements)} ({d.roles[player]})",
              state.scenario.rule, player=player)
    if action.jewel is not None:
        d.jewel = ("bearer", action.jewel)
        state.say("jewel", f"{action.jewel} carries the Jewel of Athens", refs.JUWEL_VON_ATHEN, player=player)
    if all(any(c.owner == p for c in d.table.chips) for p in state.players):
        draw_hands(state)
        d.turn = 0
        middle = next(p for p, r in d.roles.items() if r == "middle")
        d.active = state.players.index(middle)
        state.say("start", f"{middle}, the player in the middle of the table, begins the game", state.scenario.rule,
                  player=middle)
        start_turn(state)
    else:
        d.active = state.players.index(deployer(state))


rule("deploy")((_verify_deploy, _perform_deploy))


# =============================================================================================
# I. Organisation phase
# =============================================================================================
def start_turn(state) -> None:
    """A new turn of the next acting player: his action budget (Large Battles; one fewer per
    Moment he played in opponents' turns), then the organisation phase."""
    d = state.data
    d.turn += 1
    player = state.active_player
    owed = d.moments_owed.get(player, 0)
    d.actions_left = max(0, state.size.actions - owed)
    d.moments_owed[player] = 0
    d.turned = frozenset()
    d.used_abilities = frozenset()
    d.phase = "organisation"
    state.say("turn", f"Turn {d.turn}: {player} is the acting player ({d.actions_left} actions"
              + (f", {owed} fewer for Moments played in opponents' turns" if owed else "") + ")",
              refs.MOMENTS if owed else refs.COURSE_OF_GAME, player=player)
    if not _organisation_decision_needed(state):
        organise(state, ())


def _organisation_decision_needed(state) -> bool:
    """The player decides only if he has a transformed character (voluntary transformation back)."""
    return any(state.owners[n] == state.active_player for n in state.data.transformed)


def _verify_organise(state, action):
    need_phase(state, "organisation")
    for name in action.revert:
        if name not in state.data.transformed or state.owners.get(name) != state.active_player:
            refuse(f"{name} is not a transformed character of {state.active_player}", refs.WANDLER)


def _perform_organise(state, action, plan):
    organise(state, action.revert)


rule("organise")((_verify_organise, _perform_organise))


def organise(state, revert) -> None:
    """I. Organisation Phase, in this order (ruling ``behind.organisation-order``): voluntary
    transformations back (Wandler), influence checks of permanent cards in the order they were
    played, Wandler duration checks, then the permanent cards' effects of this phase."""
    from explorer.behind.combat import ability_check, influence_check
    from explorer.behind.game_cards import (
        check_level,
        permanent_effects_in_organisation,
    )

    d = state.data
    player = state.active_player
    piles = d.piles[player]
    for name in revert:
        d.transformed = d.transformed - {name}
        state.say("transform", f"{name} transforms back voluntarily (no check)", refs.WANDLER, player=player)
    for permanent in [p for p in d.permanents if p.controller == player]:
        card = state.cards[permanent.card]
        if card.influence is None:
            continue
        result = influence_check(piles, card.influence)
        kept = "stays in play" if result.success else "fails and goes to the discard pile"
        state.say("influence", f"Influence check for {card.title}: fate {result.card.fate} against influence "
                  f"{card.influence}: {kept}", refs.ORGANISATION_PHASE, player=player)
        if not result.success:
            remove_permanent(state, permanent)
    for name in sorted(n for n in d.transformed if state.owners[n] == player):
        level = check_level(state, name, "Wandler")
        result = ability_check(piles, level)
        if not result.success:
            d.transformed = d.transformed - {name}
        state.say("transform", f"Wandler duration check for {name}: fate {result.card.fate} against {level}+: "
                  + ("stays transformed" if result.success else "transforms back"), refs.WANDLER, player=player)
    permanent_effects_in_organisation(state)
    d.phase = "action"
    if d.actions_left <= 0:
        end_action_phase_when_done(state)


def remove_permanent(state, permanent, zone: str = "discard") -> None:
    d = state.data
    perms = list(d.permanents)
    perms.remove(permanent)
    d.permanents = tuple(perms)
    d.piles[permanent.controller].move(permanent.card, "in_play", zone)


# =============================================================================================
# II. Action phase: turning, discarding, ending the turn
# =============================================================================================
def _verify_turn(state, action):
    need_phase(state, "action", "organisation")  # "at any time" of his own turn (ruling behind.action-phase-end)
    own_character(state, action.chip, refs.VIEWING_ANGLE)
    if action.chip in state.data.turned:
        refuse(f"{action.chip} was already turned this turn: \"Each character may, once in his own turn ... be "
               f"turned as desired\"", refs.VIEWING_ANGLE)
    if not math.isfinite(action.facing):
        refuse("a facing is a number of degrees", refs.VIEWING_ANGLE)


def _perform_turn(state, action, plan):
    d = state.data
    d.table = d.table.turn(action.chip, action.facing)
    d.turned = d.turned | {action.chip}
    state.say("turn-chip", f"{action.chip} turns to {said_facing(action.facing)} degrees (free, once per turn)",
              refs.VIEWING_ANGLE, player=state.active_player)


rule("turn")((_verify_turn, _perform_turn))


def _verify_discard(state, action):
    need_action(state)
    hand_card(state, state.active_player, action.card, refs.DISCARDING)


def _perform_discard(state, action, plan):
    state.data.piles[state.active_player].move(action.card, "hand", "discard")
    spend_action(state, f"{state.active_player} discards {state.cards[action.card].title}", refs.DISCARDING)


rule("discard")((_verify_discard, _perform_discard))


def _verify_end_turn(state, action):
    need_phase(state, "action")


def _perform_end_turn(state, action, plan):
    state.say("end", f"{state.active_player} ends his action phase with {counted(state.actions_left, 'action')} unused",
              refs.ACTION_PHASE, player=state.active_player)
    end_turn(state)


rule("end-turn")((_verify_end_turn, _perform_end_turn))


def after_action(state) -> None:
    """After each action: the end of the game, or of the action phase when no action is left."""
    d = state.data
    if d.phase == "over":
        return
    check_victory(state)
    if d.phase == "action" and d.pending is None and d.actions_left <= 0:
        end_action_phase_when_done(state)


def free_turns_left(state) -> list[str]:
    """The acting player's characters he may still turn this turn without an action (Viewing
    Angle: "once in his own turn, at any time and without spending an action"): on the table,
    not turned yet, not frightened."""
    d = state.data
    return [n for n in state.characters_of(state.active_player)
            if n not in d.turned and n in d.table and state.can_act(n)]


def end_action_phase_when_done(state) -> None:
    """No action left: under ruling ``behind.action-phase-end`` "free-turn-window" (the default)
    the turn passes only once the player ends it or has no free turn left, so the free turn of
    Viewing Angle works after the last action too; under "after-last-action" it passes at once."""
    if state.options.rulings["behind.action-phase-end"] == "free-turn-window" and free_turns_left(state):
        return
    end_turn(state)


# =============================================================================================
# III. Supply phase and the next turn
# =============================================================================================
def end_turn(state) -> None:
    """III. Supply Phase: "all players draw cards from their supply until they have five hand
    cards" (the hand size of the Large Battles row); then the next player clockwise."""
    d = state.data
    size = state.size.hand_size
    for player in state.players:
        drawn = d.piles[player].draw_to(size)
        if drawn:
            state.say("draw", f"{player} draws {counted(len(drawn), 'card')} to {size}", refs.SUPPLY_PHASE, player=player)
            state.say("draw", f"{player} draws {', '.join(c.title for c in drawn)}", refs.SUPPLY_PHASE, player=player,
                      visible_to=player)
    acting = state.active_player
    for name in [n for n, t in d.frightened.items() if state.owners[n] == acting and t < d.turn]:
        del d.frightened[name]
    if state.options.max_turns and d.turn >= state.options.max_turns:
        d.phase = "over"
        state.say("stopped", f"The game stops after {d.turn} turns without a winner (simulation limit)", refs.THE_END)
        return
    for step in range(1, len(state.players) + 1):
        candidate = (d.active + step) % len(state.players)
        if state.characters_of(state.players[candidate]):
            d.active = candidate
            break
    start_turn(state)


# =============================================================================================
# Injuries and the end
# =============================================================================================
def injure(state, name: str, count: int, *, cause: str, by: str | None = None) -> None:
    """Injuries (Verletzungen): one step per injury; a third eliminates the character, whose chip
    and card leave the game and whose items go to the discard pile."""
    d = state.data
    if count <= 0 or not state.alive(name):
        return
    before = d.characters[name]
    after = before.injure(min(count, 3 - before.injuries))
    d.characters[name] = after
    state.say("injury", f"{name} suffers {count} injur{'y' if count == 1 else 'ies'}: {after.condition}",
              refs.INJURIES, player=state.owners[name])
    if after.eliminated:
        eliminate(state, name, cause=cause, by=by)


def eliminate(state, name: str, *, cause: str, by: str | None) -> None:
    d = state.data
    chip = d.table.chip(name)
    d.table = d.table.remove(name)
    for permanent in [p for p in d.permanents if p.bearer == name]:
        remove_permanent(state, permanent)
        state.say("item", f"{state.cards[permanent.card].title}, carried by {name}, goes to the discard pile",
                  refs.INJURIES)
    d.transformed = d.transformed - {name}
    d.frightened.pop(name, None)
    state.say("eliminated", f"{name} is eliminated: chip and card leave the game", refs.INJURIES,
              player=state.owners[name])
    if state.jewel_bearer() == name:
        if cause == "melee" and by is not None and state.alive(by):
            d.jewel = ("bearer", by)
            state.say("jewel", f"{by} eliminated the bearer in melee and now carries the Jewel of Athens",
                      refs.JUWEL_VON_ATHEN, player=state.owners[by])
        else:
            d.jewel = ("ground", chip.x, chip.y)
            state.say("jewel", f"The Jewel of Athens lies where {name} fell ({chip.x:.1f}, {chip.y:.1f})",
                      refs.JUWEL_VON_ATHEN)


def check_victory(state) -> None:
    """"If a player reaches his scenario goal, the game ends immediately and he has won."""
    d = state.data
    if d.phase in ("choose-scenario", "terrain", "deployment", "over"):
        return
    characters = d.characters
    standing = {owner for name, owner in state.owners.items() if characters[name].injuries < ELIMINATED_AT}
    alive = [p for p in state.players if p in standing]  # the players with a character left
    scenario = state.scenario
    if scenario.goal == "eliminate-all-enemies" and len(alive) <= 1:
        finish(state, alive[0] if alive else None, f"{alive[0]} has eliminated every enemy character"
               if alive else "every character is eliminated", scenario.rule)
    elif not alive:
        finish(state, None, "every character is eliminated", scenario.rule)


def finish(state, winner: str | None, why: str, rule_ref) -> None:
    d = state.data
    d.phase, d.winner, d.pending = "over", winner, None
    state.say("end", f"The game ends: {why}" + (f"; {winner} wins" if winner else ""), rule_ref, player=winner)
