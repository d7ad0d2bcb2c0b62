"""Odds taken from a game state: two chips on the table, as one player knows them.

:func:`odds_from_state` asks :mod:`explorer.behind.odds` the question the table poses now:

* **who fights** -- the two characters as they are now (``state.character``: injuries lower
  Strength and Dexterity, a Wandler in animal form has +3 Strength / +1 Resistance), melee when
  the chips touch and a ranged attack otherwise;
* **what the table adds** -- +1 from the rear arc (Viewing Angle (Sichtwinkel)) for either side,
  the assistants available on the table with their Strength and Bündnis (Melee Combat
  (Nahkampf); Bündnis (Alliance)), Glaube for the unbound opponents (Glaube (Faith)), the melee
  items and the best melee weapon each carries (Weapons (Waffen); none while transformed,
  Transformations (Verwandlungen)) -- exactly as the referee (:mod:`explorer.behind.game_combat`)
  counts them;
* **what the viewer knows** -- Hand Cards, Supply and Discard Pile: "A player may not look at the
  hand cards and the supply of an opponent ... A discard pile ... may however be looked at at any
  time."  The viewer's own hand is known (its highest card is played); every other hand is
  unknown: as many cards as it holds now, drawn from the cards the viewer cannot place -- every
  card of that player not on the public discard pile, in play or destroyed (and not in the
  viewer's hand) -- before the top card of the supply (ruling ``behind.unknown-hand``).  By
  exchangeability the top card of a supply is then uniformly one of those unknown cards.

``viewer=None`` is a spectator: no hand is known.  Moments played in defence (Moments (Momente))
are not counted: the odds are those of a defence without Moments.  Sight, range and the other
preconditions of an attack are the referee's business, not the odds'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from explorer.behind import refs
from explorer.behind.cards import ActionCard, combat_value_of
from explorer.behind.game_combat import glaube_opponents, item_bonus
from explorer.behind.movement import same_level
from explorer.behind.odds import MeleeQuestion, OddsResult, RangedQuestion, remaining_supply
from explorer.core.rules import RuleViolation
from explorer.core.words import counted

PUBLIC_ZONES = ("discard", "in_play", "destroyed")
"""Zones of a player's piles every player may see (Hand Cards, Supply and Discard Pile; permanent
cards lie face up, Special Card Effect)."""

SPECTATOR = None


# -- what a viewer knows ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HandKnowledge:
    """One player's cards as the viewer knows them.

    ``hand`` is the hand when the viewer owns it (``None``: unknown), ``hand_size`` its size (a
    public count), ``unknown`` the cards the viewer cannot place: the supply and, for an unknown
    hand, the hand too.
    """

    player: str
    hand: tuple[ActionCard, ...] | None
    hand_size: int
    unknown: tuple[ActionCard, ...]

    @property
    def known(self) -> bool:
        return self.hand is not None


def hand_knowledge(state, player: str, viewer: str | None = SPECTATOR) -> HandKnowledge:
    """What ``viewer`` knows of ``player``'s cards (Hand Cards, Supply and Discard Pile).

    The unknown cards are :func:`~explorer.behind.odds.remaining_supply` of all the player's cards
    once the public piles (discard pile, cards in play, destroyed cards) and, for the viewer's own
    cards, his hand are removed.
    """
    piles = state.piles(player)
    seen = [card for zone in PUBLIC_ZONES for card in piles.zones[zone]]
    own = viewer == player
    if own:
        seen += piles.hand
    return HandKnowledge(player, tuple(piles.hand) if own else None, len(piles.hand),
                         tuple(remaining_supply(piles.all_cards(), seen)))


# -- what the table adds ---------------------------------------------------------------------------


def combat_kind(state, attacker: str, defender: str) -> str:
    """``"melee"`` when the two chips touch (Melee Combat: "both character chips touch"), else
    ``"ranged"``."""
    return "melee" if state.table.touching(attacker, defender) else "ranged"


def available_assistants(state, attacker: str, defender: str) -> list[str]:
    """The attacker's own living characters that may assist against ``defender`` now (Melee
    Combat): their chips touch the defender at the same height level, are "not themselves bound by
    other opponents", and the character may act (Schrecken)."""
    table = state.table
    owner = state.owners[attacker]
    helpers = []
    for name in state.characters_of(owner):
        if name == attacker or name not in table or not state.can_act(name):
            continue
        if not table.touching(name, defender) or not same_level(table, name, defender):
            continue
        if any(enemy != defender for enemy in table.touching_enemies(name)):
            continue
        helpers.append(name)
    return helpers


def best_weapon(state, bearer: str, kind: str) -> str | None:
    """The id of the best weapon of ``kind`` ("melee" or "ranged") that ``bearer`` carries and may
    use -- one weapon per combat (Weapons (Waffen)), none while transformed (Transformations) --
    or ``None``."""
    if bearer in state.data.transformed:
        return None
    weapons = [state.cards[p.card] for p in state.items_of(bearer)]
    weapons = [card for card in weapons if card.category == "Waffe" and card.card_effect is not None
               and card.card_effect.kind == kind]
    if not weapons:
        return None
    zusatz = bool(state.options.rulings["behind.zusatz-in-ranged"])
    value = (lambda c: c.card_effect.amount) if kind == "melee" else (lambda c: combat_value_of(c, zusatz=zusatz))
    return max(weapons, key=value).id


def ranged_sources(state, shooter: str, viewer: str | None = SPECTATOR) -> list[ActionCard]:
    """The cards the viewer knows can enable ``shooter``'s ranged attack (Ranged Combat): the
    ranged weapon he may use and, when the viewer owns him, the ranged magic cards in hand."""
    sources = []
    weapon = best_weapon(state, shooter, "ranged")
    if weapon is not None:
        sources.append(state.cards[weapon])
    owner = state.owners[shooter]
    if viewer == owner:
        sources += [card for card in state.hand(owner) if card.category != "Waffe"
                    and card.card_effect is not None and card.card_effect.kind == "ranged"]
    return sources


# -- the question ------------------------------------------------------------------------------------


def question_from_state(state, attacker: str, defender: str, viewer: str | None = SPECTATOR, *,
                        kind: str | None = None, assistants: Sequence[str] | None = None,
                        source: str | None = None) -> MeleeQuestion | RangedQuestion:
    """The odds question of ``attacker`` attacking ``defender`` in ``state``, as ``viewer`` knows it.

    ``kind``: "melee" or "ranged" (default: melee when the chips touch).  ``assistants``: names of
    assisting characters (default: every one available on the table, :func:`available_assistants`;
    ``()`` attacks alone).  ``source``: the card id that enables a shot (default: the best one the
    viewer knows of, :func:`ranged_sources`).  See the module docstring for what is counted.
    """
    for name in (attacker, defender):
        if name not in state.owners:
            raise RuleViolation(f"there is no character {name!r} in this game", refs.MELEE)
    if state.owners[attacker] == state.owners[defender]:
        raise RuleViolation(f"{attacker} and {defender} are both {state.owners[attacker]}'s characters: a "
                            f"character attacks an enemy character", refs.MELEE)
    kind = kind or combat_kind(state, attacker, defender)
    if kind == "melee":
        return _melee_question(state, attacker, defender, viewer, assistants)
    if kind == "ranged":
        return _ranged_question(state, attacker, defender, viewer, source)
    raise ValueError(f"kind must be 'melee' or 'ranged', got {kind!r}")


def odds_from_state(state, attacker: str, defender: str, viewer: str | None = SPECTATOR, **options) -> OddsResult:
    """The exact odds of ``attacker`` attacking ``defender`` now, as ``viewer`` knows the cards.

    Keywords as :func:`question_from_state` (``kind``, ``assistants``, ``source``).  The result's
    ``question`` is the :class:`~explorer.behind.odds.MeleeQuestion` or
    :class:`~explorer.behind.odds.RangedQuestion` asked.
    """
    return question_from_state(state, attacker, defender, viewer, **options).exact()


def _melee_question(state, attacker: str, defender: str, viewer: str | None,
                    assistants: Sequence[str] | None) -> MeleeQuestion:
    table = state.table
    available = available_assistants(state, attacker, defender)
    if assistants is None:
        helpers = available
    else:
        helpers = list(assistants)
        refused = [name for name in helpers if name not in available]
        if refused:
            raise RuleViolation(f"{', '.join(refused)} cannot assist {attacker} against {defender} now: assisting "
                                f"chips \"also touch the opponent and are not themselves bound by other "
                                f"opponents\" (available: {', '.join(available) or 'none'})", refs.MELEE)
    attacking = hand_knowledge(state, state.owners[attacker], viewer)
    defending = hand_knowledge(state, state.owners[defender], viewer)
    return MeleeQuestion(
        attacker=state.character(attacker),
        defender=state.character(defender),
        attacker_supply=list(attacking.unknown),
        defender_supply=list(defending.unknown),
        attacker_hand=None if attacking.hand is None else list(attacking.hand),
        defender_hand=None if defending.hand is None else list(defending.hand),
        attacker_hand_size=attacking.hand_size,
        defender_hand_size=defending.hand_size,
        hand_size=state.size.hand_size,
        assistants=[state.character(name) for name in helpers],
        rear_arc=table.rear_bonus(attacker, defender) > 0,
        # Glaube in attack counts the unbound opponents after the first, when fighting alone
        attacker_extra_opponents=0 if helpers else max(0, glaube_opponents(state, attacker) - 1),
        attacker_bonus=item_bonus(state, attacker, best_weapon(state, attacker, "melee")),
        defender_bonus=item_bonus(state, defender, best_weapon(state, defender, "melee"))
        + table.rear_bonus(defender, attacker),
        rulings=state.options.rulings,
    )


def _ranged_question(state, shooter: str, target: str, viewer: str | None, source: str | None) -> RangedQuestion:
    owner = state.owners[shooter]
    shooting = hand_knowledge(state, owner, viewer)
    unknown = list(shooting.unknown)
    if source is None:
        known = ranged_sources(state, shooter, viewer)
        if not known:
            raise RuleViolation(f"{viewer or 'a spectator'} knows no card that enables a ranged attack by {shooter} "
                                f"(a carried ranged weapon, or a ranged magic card in his own hand); name one "
                                f"with source=", refs.RANGED)
        zusatz = bool(state.options.rulings["behind.zusatz-in-ranged"])
        card = max(known, key=lambda c: combat_value_of(c, zusatz=zusatz))
    else:
        card = state.cards.get(source)
        if card is None or card.card_effect is None or card.card_effect.kind != "ranged":
            raise RuleViolation(f"{source!r} does not enable a ranged attack", refs.RANGED)
    if card.category != "Waffe":  # a magic card played from the shooter's hand: not in his supply
        if shooting.hand is not None and card not in shooting.hand:
            raise RuleViolation(f"{owner} has no {card.title} in hand to shoot with", refs.RANGED)
        if shooting.hand is None:
            unknown = remaining_supply(unknown, [card])
    dodging = hand_knowledge(state, state.owners[target], viewer)
    return RangedQuestion(
        shooter=state.character(shooter),
        target=state.character(target),
        weapon_fate=card,
        shooter_supply=unknown,  # no hand card: the top card is one of the cards the viewer cannot place
        target_supply=list(dodging.unknown),
        target_hand=None if dodging.hand is None else list(dodging.hand),
        hand_size=dodging.hand_size,
        rulings=state.options.rulings,
    )


# -- in words ------------------------------------------------------------------------------------------


def question_notes(state, question: MeleeQuestion | RangedQuestion, viewer: str | None = SPECTATOR) -> list[str]:
    """What the odds took from the state, one line each (for a panel or a lesson)."""
    if isinstance(question, MeleeQuestion):
        lines = _melee_notes(question)
        q = question
        sides = ((q.attacker.name, q.attacker_hand, q.attacker_hand_size, q.attacker_supply),
                 (q.defender.name, q.defender_hand, q.defender_hand_size, q.defender_supply))
    else:
        s, t = question.shooter, question.target
        weapon = getattr(question.weapon_fate, "title", question.weapon_fate)
        lines = [(f"ranged: {s.name} (Dexterity {s.current_dexterity}) shoots with {weapon} at {t.name} "
                  f"(Dexterity {t.current_dexterity}, Resistance {t.resistance})"),
                 f"{state.owners[s.name]}'s top card from {counted(len(question.shooter_supply), 'card')}"]
        sides = ((t.name, question.target_hand, question.hand_size, question.target_supply),)
    return lines + [_hand_note(state.owners[name], hand, size, supply, viewer) for name, hand, size, supply in sides]


def _melee_notes(question: MeleeQuestion) -> list[str]:
    a, d = question.attacker, question.defender
    lines = [(f"melee: {a.name} (Strength {a.current_strength}, {a.condition}) attacks {d.name} "
              f"(Strength {d.current_strength}, Resistance {d.resistance}, {d.condition})")]
    for helper in question.assistants:
        alliance = helper.ability_value("Bündnis")
        lines.append(f"assisted by {helper.name}: Strength {helper.current_strength}"
                     + (f" + Bündnis {alliance}" if alliance else ""))
    if question.rear_arc:
        lines.append(f"{a.name} touches {d.name} in the rear arc: +1")
    faith, extra = a.ability_value("Glaube"), question.attacker_extra_opponents
    if faith and extra:
        lines.append(f"Glaube {faith:+d} of {a.name}: {counted(extra, 'further unbound opponent')}, +{faith * extra}")
    faith = d.ability_value("Glaube")
    if faith and question.assistants:
        lines.append(f"Glaube {faith:+d} of {d.name} against {counted(len(question.assistants), 'assistant')}: "
                     f"+{faith * len(question.assistants)}")
    if question.attacker_bonus or question.defender_bonus:
        lines.append(f"items carried (and the defender's +1 if he touches the attacker's rear arc): attacker "
                     f"+{question.attacker_bonus}, defender +{question.defender_bonus}")
    return lines


def _hand_note(player: str, hand, size: int, supply, viewer: str | None) -> str:
    if hand is None:
        return (f"{player}'s hand is unknown: {counted(size, 'card')} and the top card drawn from {counted(len(supply), 'card')} "
                f"not on public piles")
    best = max((combat_value_of(card) for card in hand), default=None)
    return (f"{player}'s hand is known to {viewer}: {counted(len(hand), 'card')}, plays {'none' if best is None else best}; "
            f"top card from {counted(len(supply), 'supply card')}")
