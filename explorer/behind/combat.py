"""Behind's combat and check rules, resolved with real card piles.

Pure rules: the functions take characters and :class:`~explorer.core.piles.Piles`, move the
cards the rules move (a played hand card and every turned-up supply card go to the discard
pile) and return immutable results.  The exact odds of the same rules live in
:mod:`explorer.behind.odds`; both share the value arithmetic defined here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from explorer.behind import refs
from explorer.behind.cards import ActionCard, Character, combat_value_of
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.core.piles import Piles
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings

# -- arithmetic shared by the rules and the odds ---------------------------------------------


def melee_injuries(winner_value: int, loser_value: int, loser_resistance: int) -> int:
    """Injuries the loser of a melee suffers: the difference divided by the loser's Resistance.

    Melee Combat (Nahkampf): "If this difference reaches or exceeds the Resistance value, the
    inferior character suffers a single injury. The character is injured twice if the
    difference is at least twice as high ... A tie of the two melee values has no further
    effect."  The same comparison decides a hit in ranged combat.
    """
    if loser_resistance < 1:
        raise ValueError(f"Resistance must be at least 1, got {loser_resistance}")
    if winner_value < loser_value:
        raise ValueError(f"the winner's value {winner_value} is below the loser's {loser_value}")
    return (winner_value - loser_value) // loser_resistance


def ranged_attack_range(card: ActionCard, rulings: Rulings = BEHIND_RULINGS) -> float:
    """The range in cm of a ranged attack enabled by ``card``.

    Ranged Combat (Fernkampf): "The range of the attack equals twice the total movement of the
    card that enables the ranged attack for him" (total movement: ruling ``behind.total-movement``).
    """
    return 2 * card.total_movement(rulings["behind.total-movement"])


def attack_base(
    attacker: Character,
    *,
    assistants: Sequence[Character] = (),
    rear_arc: bool = False,
    extra_opponents: int = 0,
    bonus: int = 0,
) -> int:
    """Everything in the attacker's melee value except the two cards.

    Strength now (Injuries) + each assistant's Strength (Melee Combat) and Bündnis value
    (Bündnis) + Glaube per additional unbound opponent touching the attacker (Glaube) + 1 from
    the rear arc (Viewing Angle) + any card bonus.
    """
    base = attacker.current_strength + bonus + (1 if rear_arc else 0)
    base += sum(helper.current_strength + helper.ability_value("Bündnis") for helper in assistants)
    base += attacker.ability_value("Glaube") * extra_opponents
    return base


def defence_base(defender: Character, *, assistants: Sequence[Character] = (), bonus: int = 0) -> int:
    """Everything in the defender's melee value except the two cards.

    Strength now + Glaube for each attacker after the first (ruling ``behind.glaube-assistants``:
    the assistants are the additional opponents) + any card bonus.
    """
    return defender.current_strength + defender.ability_value("Glaube") * len(assistants) + bonus


def damaged_attacker(attacker: Character, assistants: Sequence[Character], rulings: Rulings = BEHIND_RULINGS) -> Character:
    """Who takes the damage when an (assisted) attack fails (ruling ``behind.assisted-damage``)."""
    if not assistants or rulings["behind.assisted-damage"] == "attacker":
        return attacker
    return min((attacker, *assistants), key=lambda c: c.resistance)


def check_not_eliminated(*characters: Character) -> None:
    """An eliminated character has left the game and takes no part in combat (Injuries)."""
    for character in characters:
        if character.eliminated:
            raise RuleViolation(f"{character.name} is eliminated and takes no part in combat", refs.INJURIES)


def check_assistants(attacker: Character, defender: Character, assistants: Sequence[Character]) -> None:
    """Assistance is only possible in the attack and only by other, living characters (Melee Combat)."""
    names = [c.name for c in (attacker, *assistants)]
    if len(set(names)) != len(names):
        raise RuleViolation(f"a character cannot assist its own attack twice ({', '.join(names)})", refs.MELEE)
    check_not_eliminated(attacker, defender, *assistants)


def melee_outcome(diff: int, defender_resistance: int, damaged_resistance: int) -> tuple[str, int]:
    """``(loser, injuries)`` for attack value minus defence value (Melee Combat (Nahkampf)).

    The higher value wins; the loser suffers difference // Resistance injuries (the attacking
    side's against the Resistance of the character who takes the damage); a tie has no effect.
    """
    if diff > 0:
        return "defender", melee_injuries(diff, 0, defender_resistance)
    if diff < 0:
        return "attacker", melee_injuries(-diff, 0, damaged_resistance)
    return "tie", 0


def ranged_outcome(diff: int, target_resistance: int) -> tuple[str, int]:
    """``(loser, injuries)`` for shooting value minus dodge value (Ranged Combat (Fernkampf)):
    "If the dodge value of the target reaches or exceeds the shooting value ... the shot has no
    further effect"; otherwise the difference is compared with the target's Resistance."""
    if diff > 0:
        return "target", melee_injuries(diff, 0, target_resistance)
    return "none", 0


# -- results ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CombatSide:
    """One side's part of a combat: the base, the played hand card (or none) and the supply card."""

    character: Character
    base: int
    hand_card: ActionCard | None
    supply_card: ActionCard
    value: int


@dataclass(frozen=True)
class MeleeResult:
    """A resolved melee.  ``loser`` is "attacker", "defender" or "tie"."""

    attacker: CombatSide
    defender: CombatSide
    loser: str
    injuries: int
    damaged: Character | None
    after: dict = field(default_factory=dict)
    rule = refs.MELEE

    def describe(self) -> str:
        a, d = self.attacker, self.defender
        text = (f"{a.character.name}: melee value {a.value} = {a.base} + hand {_card_text(a.hand_card)} "
                f"+ supply {_card_text(a.supply_card)}; {d.character.name}: melee value {d.value} = "
                f"{d.base} + hand {_card_text(d.hand_card)} + supply {_card_text(d.supply_card)}. ")
        if self.loser == "tie":
            return text + "Tie: no effect."
        return text + f"{self.damaged.name} loses and suffers {self.injuries} injur{'y' if self.injuries == 1 else 'ies'}."


@dataclass(frozen=True)
class RangedResult:
    """A resolved ranged attack.  ``hit`` is True when the shooting value beats the dodge value."""

    shooter: CombatSide
    target: CombatSide
    hit: bool
    injuries: int
    after: Character
    rule = refs.RANGED


@dataclass(frozen=True)
class CheckResult:
    """An ability, effect or influence check: the turned-up card against X."""

    card: ActionCard
    needed: int
    success: bool
    rule: object = refs.ABILITY_CHECK


@dataclass(frozen=True)
class DuelResult:
    """An influence duel: ``winner`` is 0 or 1; ``rounds`` the pairs of turned-up cards."""

    winner: int
    rounds: tuple[tuple[ActionCard, ActionCard], ...]
    rule = refs.THE_BEGINNING


def _card_text(card: ActionCard | None) -> str:
    if card is None:
        return "none"
    bonus = f"+{card.zusatz_bonus} Zusatz" if card.zusatz_bonus else ""
    return f"{card.fate}{bonus} ({card.title})"


# -- resolution with piles -------------------------------------------------------------------


def _play_side(character: Character, base: int, piles: Piles, hand_card: ActionCard | str | None, who: str, zusatz: bool) -> CombatSide:
    played = None
    if hand_card is not None:
        card_id = hand_card if isinstance(hand_card, str) else hand_card.id
        if not any(card.id == card_id for card in piles.hand):
            raise RuleViolation(f"{who} cannot play {card_id!r}: it is not in that player's hand", refs.MELEE)
        played = piles.move(card_id, "hand", "discard")
    supply_card = piles.turn_up()
    value = base + (combat_value_of(played, zusatz=zusatz) if played else 0) + combat_value_of(supply_card, zusatz=zusatz)
    return CombatSide(character, base, played, supply_card, value)


def resolve_melee(
    attacker: Character,
    defender: Character,
    *,
    attacker_piles: Piles,
    defender_piles: Piles,
    attacker_card: ActionCard | str | None = None,
    defender_card: ActionCard | str | None = None,
    assistants: Sequence[Character] = (),
    rear_arc: bool = False,
    attacker_extra_opponents: int = 0,
    attacker_bonus: int = 0,
    defender_bonus: int = 0,
    rulings: Rulings = BEHIND_RULINGS,
) -> MeleeResult:
    """Resolve one melee (Melee Combat (Nahkampf)).

    The attacker plays ``attacker_card`` from hand (or none: ruling ``behind.hand-card-optional``)
    and turns up the top card of the supply; then the defender does the same.  Both cards go to
    the discard pile.  ``result.after`` maps each character's name to the character after the
    injuries.
    """
    check_assistants(attacker, defender, assistants)
    a_base = attack_base(attacker, assistants=assistants, rear_arc=rear_arc,
                         extra_opponents=attacker_extra_opponents, bonus=attacker_bonus)
    d_base = defence_base(defender, assistants=assistants, bonus=defender_bonus)
    a_side = _play_side(attacker, a_base, attacker_piles, attacker_card, "the attacker", True)
    d_side = _play_side(defender, d_base, defender_piles, defender_card, "the defender", True)
    after = {c.name: c for c in (attacker, defender, *assistants)}
    failed = damaged_attacker(attacker, assistants, rulings)
    loser, injuries = melee_outcome(a_side.value - d_side.value, defender.resistance, failed.resistance)
    damaged = {"defender": defender, "attacker": failed}.get(loser)
    if injuries:
        after[damaged.name] = damaged.injure(injuries)
    return MeleeResult(a_side, d_side, loser, injuries, damaged, after)


def resolve_ranged(
    shooter: Character,
    target: Character,
    *,
    weapon: ActionCard,
    shooter_piles: Piles,
    target_piles: Piles,
    target_card: ActionCard | str | None = None,
    shooter_touching_enemy: bool = False,
    rulings: Rulings = BEHIND_RULINGS,
) -> RangedResult:
    """Resolve one ranged attack (Ranged Combat (Fernkampf)).

    Shooting value = Dexterity + the weapon's fate number + the shooter's top supply card;
    dodge value = Dexterity + an optional hand card + the target's top supply card.  "If the
    dodge value of the target reaches or exceeds the shooting value ... the shot has no further
    effect."  Sight and range are the table's business (:mod:`explorer.behind.table`).
    """
    if shooter_touching_enemy:
        raise RuleViolation(f"{shooter.name} touches an enemy chip and may not perform a ranged attack", refs.WEAPONS)
    if not weapon.ranged:
        raise RuleViolation(f"{weapon.title} does not enable a ranged attack", refs.RANGED)
    check_not_eliminated(shooter, target)
    zusatz = bool(rulings["behind.zusatz-in-ranged"])
    supply_card = shooter_piles.turn_up()
    base = shooter.current_dexterity + combat_value_of(weapon, zusatz=zusatz)
    s_side = CombatSide(shooter, base, None, supply_card, base + combat_value_of(supply_card, zusatz=zusatz))
    t_side = _play_side(target, target.current_dexterity, target_piles, target_card, "the target", zusatz)
    loser, injuries = ranged_outcome(s_side.value - t_side.value, target.resistance)
    return RangedResult(s_side, t_side, loser == "target", injuries, target.injure(injuries) if injuries else target)


def ability_check(piles: Piles, x: int) -> CheckResult:
    """An ability or effect check X+ (Ability Check (Fähigkeitsprobe)).

    "The check succeeds ... if the turned-up fate number is at least as high as the stated
    number of the check. ... In both cases the turned-up card is discarded."
    """
    card = piles.turn_up()
    return CheckResult(card, x, card.fate >= x, refs.ABILITY_CHECK)


def influence_check(piles: Piles, influence_value: int) -> CheckResult:
    """An influence check (I. Organisation Phase): the top card's fate number against the
    influence value; reaching or exceeding it keeps the card in play."""
    card = piles.turn_up()
    return CheckResult(card, influence_value, card.fate >= influence_value, refs.ORGANISATION_PHASE)


def influence_duel(first: Piles, second: Piles, *, max_rounds: int = 1000) -> DuelResult:
    """An influence duel (Einflussduell, The Beginning): both turn up their top card; the
    higher fate number wins; on a tie both turn up another.  Every turned-up card is discarded."""
    rounds = []
    for _ in range(max_rounds):
        a, b = first.turn_up(), second.turn_up()
        rounds.append((a, b))
        if a.fate != b.fate:
            return DuelResult(0 if a.fate > b.fate else 1, tuple(rounds))
    raise RuntimeError(f"influence duel still tied after {max_rounds} rounds (decks of one fate number only?)")
