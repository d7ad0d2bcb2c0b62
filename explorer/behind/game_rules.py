"""The referee: which action is legal now (``verify``) and what it does (``perform``).

Each action kind has a pair of functions ``_verify_<kind>`` / ``_perform_<kind>``.  A verify
function raises :class:`~explorer.core.rules.RuleViolation` in the words of the rulebook and
may return a *plan* (the legs a movement will take, say) that perform reuses.  Combat, checks
and abilities are in :mod:`explorer.behind.game_combat` and :mod:`explorer.behind.game_cards`;
the turn cycle is in :mod:`explorer.behind.game_turns`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from explorer.behind import refs
from explorer.behind.actions import Action
from explorer.core.rules import RuleRef, RuleViolation

if TYPE_CHECKING:
    from explorer.behind.game import BehindState

VERIFY: dict[str, Callable[["BehindState", Any], Any]] = {}
PERFORM: dict[str, Callable[["BehindState", Any, Any], None]] = {}


def rule(kind: str):
    """Register ``verify`` and ``perform`` functions for an action kind."""
    def decorate(pair: tuple[Callable, Callable]) -> tuple[Callable, Callable]:
        VERIFY[kind], PERFORM[kind] = pair
        return pair
    return decorate


def verify(state: "BehindState", action: Action) -> None:
    _load()
    if action.kind not in VERIFY:
        raise RuleViolation(f"{action.kind!r} is not an action of Behind", refs.ACTION_PHASE)
    state._plan = (action, VERIFY[action.kind](state, action))


def perform(state: "BehindState", action: Action) -> None:
    plan_for, plan = getattr(state, "_plan", (None, None))
    if plan_for is not action:
        plan = VERIFY[action.kind](state, action)
    state._plan = (None, None)
    PERFORM[action.kind](state, action, plan)
    from explorer.behind.game_turns import after_action
    after_action(state)


def _load() -> None:
    if not VERIFY:
        from explorer.behind import game_cards, game_combat, game_turns  # noqa: F401  (they register)


# -- shared checks -------------------------------------------------------------------------------
def refuse(reason: str, rule_ref: RuleRef):
    raise RuleViolation(reason, rule_ref)


def need_phase(state: "BehindState", *phases: str) -> None:
    if state.phase not in phases:
        waiting = state.phase
        who = state.current_player
        raise RuleViolation(f"the game waits for {who or 'nobody'} ({waiting}), not for this action", _PHASE_RULE.get(
            waiting, refs.COURSE_OF_GAME))


_PHASE_RULE = {
    "choose-scenario": refs.THE_BEGINNING, "terrain": refs.SCENARIOS, "deployment": refs.SCENARIOS,
    "organisation": refs.ORGANISATION_PHASE, "action": refs.ACTION_PHASE, "defend": refs.MELEE,
    "dodge": refs.RANGED, "assign-damage": refs.MELEE, "arrange": refs.HELLSICHT,
    "command-move": refs.BEFEHL, "over": refs.THE_END,
}


def need_action(state: "BehindState") -> None:
    """A turn action: the action phase, nothing pending, an action left (II. Action Phase)."""
    need_phase(state, "action")
    if state.actions_left < 1:
        refuse(f"{state.active_player} has no action left this turn", refs.ACTION_PHASE)


def own_character(state: "BehindState", name: str | None, rule_ref: RuleRef, *, acting: bool = True) -> None:
    """``name`` is a living character of the acting player who may act this turn."""
    if name is None:
        refuse("name the character who performs the action", refs.ACTION_PHASE)
    if name not in state.owners:
        refuse(f"there is no character {name!r} in this game", rule_ref)
    if state.owners[name] != state.active_player:
        refuse(f"{name} is {state.owners[name]}'s character, not {state.active_player}'s: only characters "
               f"influenced by the acting player act in his turn", refs.ACTION_PHASE)
    if not state.alive(name):
        refuse(f"{name} is eliminated and has left the game", refs.INJURIES)
    if acting and not state.can_act(name):
        refuse(f"{name} was frightened: \"the enemy character cannot act in his next turn\"", refs.SCHRECKEN)


def enemy_character(state: "BehindState", name: str | None, of_player: str, rule_ref: RuleRef) -> None:
    if name is None or name not in state.owners:
        refuse(f"there is no character {name!r} in this game", rule_ref)
    if state.owners[name] == of_player:
        refuse(f"{name} is {of_player}'s own character, not an enemy", rule_ref)
    if not state.alive(name):
        refuse(f"{name} is eliminated and has left the game", refs.INJURIES)


def hand_card(state: "BehindState", player: str, card_id: str | None, rule_ref: RuleRef, *, copies: int = 1):
    """The card is in ``player``'s hand (``copies`` of it, when several are played at once)."""
    held = [c.id for c in state.data.piles[player].hand].count(card_id)
    if held < copies:
        refuse(f"{player} has {'no' if not held else 'only ' + str(held)} {card_id!r} in hand", rule_ref)
    return state.cards[card_id]


def spend_action(state: "BehindState", text: str, rule_ref: RuleRef, **data) -> None:
    d = state.data
    d.actions_left -= 1
    d.actions_taken += 1
    state.say("action", text, rule_ref, player=state.active_player, **data)


def touches_enemy(state: "BehindState", name: str) -> bool:
    return bool(state.table.touching_enemies(name))


def check_not_touching_enemy(state: "BehindState", name: str, rule_ref: RuleRef, what: str) -> None:
    enemies = state.table.touching_enemies(name)
    if enemies:
        refuse(f"{name} touches the enemy chip of {', '.join(enemies)}: {what}", rule_ref)


def check_sees(state: "BehindState", observer: str, target: str, rule_ref: RuleRef) -> None:
    """"must be able to see his victim": a clear line of sight and the viewing angle."""
    table = state.table
    if not table.in_viewing_angle(observer, target):
        refuse(f"{target} is outside {observer}'s viewing angle: abilities that need a line of sight work \"only "
               f"on opponents who are within his viewing angle\"", refs.VIEWING_ANGLE)
    sight = table.line_of_sight(observer, target)
    if not sight.clear:
        refuse(f"{observer} cannot see {target}: the line of sight is blocked by {', '.join(sight.blockers)}",
               rule_ref)
