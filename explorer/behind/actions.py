"""The actions of a Behind game: what a player can announce, as small JSON-able values.

Chips and characters are named by their character's name; cards by their card id (``"V01"``).
A movement leg is ``(chip, x, y, facing)``: a straight move of ``chip`` towards the point
``(x, y)`` (cm), then turned to ``facing`` degrees (``None``: keep the facing).

Turn actions cost one action of the acting player's budget (II. Action Phase) unless said
otherwise; decisions (``Defend``, ``Dodge``, ``AssignDamage``, ``Arrange``, ``CommandMove``,
``Organise``) answer a question the game asks in the middle of an action or phase.
"""

from __future__ import annotations

from typing import Optional

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
