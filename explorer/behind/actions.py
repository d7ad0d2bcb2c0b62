"""The actions of a Behind game: what a player can announce, as small JSON-able values.

Chips and characters are named by their character's name; cards by their card id (``"V01"``).
A movement leg is ``(chip, x, y, facing)``: a straight move of ``chip`` towards the point
``(x, y)`` (cm), then turned to ``facing`` degrees (``None``: keep the facing).

Turn actions cost one action of the acting player's budget (II. Action Phase) unless said
otherwise; decisions (``Defend``, ``Dodge``, ``AssignDamage``, ``Arrange``, ``CommandMove``,
``Organise``) answer a question the game asks in the middle of an action or phase.
"""

from __future__ import annotations

import math
from typing import Optional

from explorer.behind.geometry import said_facing, said_tenths
from explorer.core.game import Action, ActionCodec

ACTIONS = ActionCodec("behind")
Leg = tuple[str, float, float, Optional[float]]  # (chip, x, y, facing | None)


# -- setup ------------------------------------------------------------------------------------
@ACTIONS.register("choose-scenario")
class ChooseScenario(Action):
    """The winner of the influence duel chooses the scenario (The Beginning)."""
    scenario: str


@ACTIONS.register("place-obstacle")
class PlaceObstacle(Action):
    """Place the scenario's next obstacle with its centre at ``(x, y)``, turned by ``angle``."""
    obstacle: str
    x: float
    y: float
    angle: float = 0.0


@ACTIONS.register("deploy")
class Deploy(Action):
    """Place all of one's character chips: ``((chip, x, y, facing), ...)`` (the scenario's Setup).
    In "Das Juwel von Athen" the player in the middle names the ``jewel`` bearer."""
    placements: tuple[tuple[str, float, float, float], ...]
    jewel: Optional[str] = None


# -- the organisation phase -------------------------------------------------------------------
@ACTIONS.register("organise")
class Organise(Action):
    """Start the organisation phase: transform ``revert`` back voluntarily (Wandler), then the
    influence and duration checks are made."""
    revert: tuple[str, ...] = ()


# -- turn actions ------------------------------------------------------------------------------
@ACTIONS.register("move")
class Move(Action):
    """Play ``card`` as movement: up to its movement number of straight legs, each at most its
    movement range long (Movement)."""
    card: str
    legs: tuple[Leg, ...]


@ACTIONS.register("turn")
class Turn(Action):
    """Turn a chip once per turn without spending an action (Viewing Angle)."""
    chip: str
    facing: float


@ACTIONS.register("melee")
class Melee(Action):
    """Attack ``defender`` with ``attacker`` (plus assisting characters), playing ``card`` from
    hand (``None``: no hand card) and using one carried ``weapon``."""
    attacker: str
    defender: str
    card: Optional[str] = None
    assistants: tuple[str, ...] = ()
    weapon: Optional[str] = None


@ACTIONS.register("ranged")
class Ranged(Action):
    """Shoot at ``target`` with ``shooter``, enabled by ``source``: a carried weapon or a magic
    card played from hand (Ranged Combat)."""
    shooter: str
    target: str
    source: str


@ACTIONS.register("play")
class PlayCard(Action):
    """Use ``card``'s special effect (Special Card Effect): ``actor`` is the character acting,
    ``target`` a character or card it aims at, ``legs`` a movement for fly / break-away."""
    card: str
    actor: Optional[str] = None
    target: Optional[str] = None
    legs: tuple[Leg, ...] = ()


@ACTIONS.register("discard")
class Discard(Action):
    """Discard one hand card without effect (Discarding a Card)."""
    card: str


@ACTIONS.register("hand-over")
class HandOver(Action):
    """Hand a carried item to a touching character (Handing Over and Picking Up Items)."""
    giver: str
    receiver: str
    item: str


@ACTIONS.register("ability")
class UseAbility(Action):
    """Use an ability that costs an action: Befehl, Hellsicht, Regeneration, Schrecken, Wandler,
    Wirbel.  ``target`` is the victim (Befehl, Schrecken) or the card to whirl away (Wirbel)."""
    character: str
    ability: str
    target: Optional[str] = None


@ACTIONS.register("jewel-heal")
class JewelHeal(Action):
    """The bearer of the Jewel of Athens heals himself or a touching character."""
    bearer: str
    target: str


@ACTIONS.register("end-turn")
class EndTurn(Action):
    """Give up the remaining actions; the supply phase follows."""


# -- decisions inside an action ----------------------------------------------------------------
@ACTIONS.register("defend")
class Defend(Action):
    """The attacked player's answer in melee: a hand card (or ``None``), Moments, one weapon."""
    card: Optional[str] = None
    moments: tuple[str, ...] = ()
    weapon: Optional[str] = None


@ACTIONS.register("dodge")
class Dodge(Action):
    """The shot-at player's answer: a hand card (or ``None``) and Moments."""
    card: Optional[str] = None
    moments: tuple[str, ...] = ()


@ACTIONS.register("assign-damage")
class AssignDamage(Action):
    """Who of the attacking characters takes the injuries: ``((character, injuries), ...)``."""
    allocation: tuple[tuple[str, int], ...]


@ACTIONS.register("arrange")
class Arrange(Action):
    """Put looked-at supply cards back: ``top`` (first = new top card) and ``bottom``."""
    top: tuple[str, ...]
    bottom: tuple[str, ...] = ()


@ACTIONS.register("command-move")
class CommandMove(Action):
    """Move the commanded enemy towards ``(x, y)`` and turn it to ``facing`` (Befehl)."""
    x: float
    y: float
    facing: Optional[float] = None


# -- an action in words -----------------------------------------------------------------------
def describe(action: Action, state=None) -> str:
    """``action`` in words for people (the replay panel's step headers): who does what, a card by its
    id and title, a movement by its legs' lengths.  ``state``: the game the action is taken in (for
    the cards' titles, the chips' positions and who answers a pending attack), or None."""
    cards = getattr(state, "cards", {}) if state is not None else {}

    def card(cid) -> str:
        known = cards.get(cid)
        return f"{cid} ({known.title})" if known is not None and getattr(known, "title", "") else str(cid)

    def listed(names) -> str:
        names = [str(n) for n in names]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    pending = getattr(getattr(state, "pending", None), "info", None) or {}
    if isinstance(action, ChooseScenario):
        return f"chooses the scenario {action.scenario}"
    if isinstance(action, PlaceObstacle):
        turned = f", turned {said_tenths(action.angle)}°" if action.angle else ""
        return f"places the {action.obstacle} at ({action.x:.1f}, {action.y:.1f}) cm{turned}"
    if isinstance(action, Deploy):
        jewel = f"; {action.jewel} bears the Jewel of Athens" if action.jewel else ""
        return f"deploys {len(action.placements)} chips: {listed(p[0] for p in action.placements)}{jewel}"
    if isinstance(action, Organise):
        back = f", transforming {listed(action.revert)} back" if action.revert else ""
        return f"starts the organisation phase{back}"
    if isinstance(action, (Move, PlayCard)) and action.legs:
        movers = list(dict.fromkeys(leg[0] for leg in action.legs))
        lengths = _leg_lengths(action.legs, state)
        legs = f"{len(action.legs)} leg{'s' if len(action.legs) != 1 else ''}"
        measured = f": {', '.join(f'{d:.1f} cm' for d in lengths)}" if lengths else ""
        if isinstance(action, Move):
            return f"{listed(movers)} moves {legs} with {card(action.card)}{measured}"
        return f"{action.actor or listed(movers)} plays {card(action.card)}, moving {legs}{measured}"
    if isinstance(action, Move):
        return f"plays {card(action.card)} as movement, without moving"
    if isinstance(action, Turn):
        return f"{action.chip} turns to face {said_facing(action.facing)}°"
    if isinstance(action, Melee):
        hand = f"with {card(action.card)}" if action.card else "without a hand card"
        helped = f", assisted by {listed(action.assistants)}" if action.assistants else ""
        weapon = f", using {card(action.weapon)}" if action.weapon else ""
        return f"{action.attacker} attacks {action.defender} in melee {hand}{helped}{weapon}"
    if isinstance(action, Ranged):
        return f"{action.shooter} shoots at {action.target} with {card(action.source)}"
    if isinstance(action, PlayCard):
        who = f"{action.actor} plays" if action.actor else "plays"
        aim = f" on {card(action.target) if action.target in cards else action.target}" if action.target else ""
        return f"{who} {card(action.card)} for its special effect{aim}"
    if isinstance(action, Discard):
        return f"discards {card(action.card)}"
    if isinstance(action, HandOver):
        return f"{action.giver} hands {card(action.item)} to {action.receiver}"
    if isinstance(action, UseAbility):
        aim = f" on {card(action.target) if action.target in cards else action.target}" if action.target else ""
        return f"{action.character} uses {action.ability}{aim}"
    if isinstance(action, JewelHeal):
        whom = "himself" if action.target == action.bearer else action.target
        return f"{action.bearer} heals {whom} with the Jewel of Athens"
    if isinstance(action, EndTurn):
        return "ends the turn"
    if isinstance(action, (Defend, Dodge)):
        who = pending.get("defender" if isinstance(action, Defend) else "target")
        verb = "defends" if isinstance(action, Defend) else "dodges"
        hand = f"with {card(action.card)}" if action.card else "without a hand card"
        moments = f", adding {listed(card(m) for m in action.moments)}" if action.moments else ""
        weapon = f", using {card(action.weapon)}" if getattr(action, "weapon", None) else ""
        return f"{who + ' ' if who else ''}{verb} {hand}{moments}{weapon}"
    if isinstance(action, AssignDamage):
        shares = [f"{name} {n} injur{'y' if n == 1 else 'ies'}" for name, n in action.allocation]
        return f"divides the injuries: {listed(shares)}" if shares else "divides no injuries"
    if isinstance(action, Arrange):
        bottom = f", {len(action.bottom)} at the bottom" if action.bottom else ""
        return f"puts the looked-at cards back: {len(action.top)} on top{bottom}"
    if isinstance(action, CommandMove):
        turned = f", facing {said_facing(action.facing)}°" if action.facing is not None else ""
        return f"moves the commanded enemy towards ({action.x:.1f}, {action.y:.1f}) cm{turned}"
    return action.kind


def _leg_lengths(legs, state) -> list[float]:
    """Each leg's length in cm, from where its chip stood (the table of ``state``); empty without one."""
    table = getattr(state, "table", None)
    if table is None:
        return []
    at = {}
    lengths = []
    for name, x, y, _ in legs:
        if name not in at:
            if name not in table:
                return []
            at[name] = table.chip(name).position
        (x0, y0), at[name] = at[name], (x, y)
        lengths.append(math.hypot(x - x0, y - y0))
    return lengths
