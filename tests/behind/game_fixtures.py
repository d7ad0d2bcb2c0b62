"""Builders for precise Behind game situations (shared by the tests/behind/test_game_*.py files).

Stable API (other test modules import these names; extend, do not change signatures):

* ``LUDWIG``, ``SAHRA`` -- the First Steps characters (Ludwig von Auenstedt S4 W3, Sahra Jeanette
  S1 W2; the other values are illustrative).
* ``card(fate, id=None, *, movement_range=5.0, movement_number=1, category="Ereignis", **fields)``
  -- a plain :class:`ActionCard`.
* ``fixed_deck(fates=(), *, cards=(), society="Vampire", characters=(LUDWIG,), prefix=None, pad=15,
  pad_fate=1, movement_range=5.0, movement_number=1, character_points_limit=30)`` -- a :class:`Deck`
  whose action cards are in exactly this order (first = top card of the supply once dealt with
  ``shuffle=False``): ``cards`` first, then one card per fate number of ``fates`` (ids
  ``f"{prefix}{i}"``, prefix = first letter of the society), then ``pad`` filler cards.
* ``duel_game(first=(), second=(), *, first_characters=(LUDWIG,), second_characters=(SAHRA,),
  first_society="Vampire", second_society="Schwesternbund", first_cards=(), second_cards=(),
  scenario="unser_revier", setup="auto", options=None, seed=0, pad=15)`` -- ``new_game`` of the
  two fixed decks, not shuffled.  With ``setup="auto"`` the first card of each deck is turned
  up by the influence duel and the next five are drawn as the hand.
* ``place(state, *chips, obstacles=(), width=None, depth=None)`` -- replace the table: each chip is
  a :class:`Chip` or ``(name, x, y)`` / ``(name, x, y, facing)`` (the owner from ``state.owners``).
* ``set_piles(state, player, *, hand=None, supply=None, discard=None)`` -- set those zones to
  exactly these card ids (supply: top card first); cards displaced from a given zone and not named
  are set aside (zone ``destroyed``), other zones keep their cards.  Cards are conserved.
* ``set_turn(state, player, *, actions_left=None, phase="action")`` -- make ``player`` the acting
  player in the action phase with that many actions (default: the Large Battles number).
* ``set_injuries(state, name, injuries)``.
* ``put_in_play(state, player, card_id, bearer=None)`` -- a permanent card of ``player`` (taken from
  any of his zones) in play, influenced by him; an item is carried by ``bearer``.
* ``ids(cards)``, ``fates(cards)`` -- card ids / fate numbers of a list of cards.
* ``refused(state, action, rule)`` -- assert ``state.apply(action)`` raises RuleViolation citing
  ``rule`` and that ``state.to_json()`` is unchanged; returns the violation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from explorer.behind.cards import ActionCard, Character
from explorer.behind.data import Deck
from explorer.behind.game import GameOptions, new_game
from explorer.behind.table import Chip, Obstacle, Table
from explorer.core.piles import ZONES
from explorer.core.rules import RuleViolation

__all__ = [
    "LUDWIG",
    "SAHRA",
    "SISTERS",
    "VAMPIRE",
    "Chip",
    "GameOptions",
    "Obstacle",
    "card",
    "duel_game",
    "fates",
    "fixed_deck",
    "ids",
    "place",
    "put_in_play",
    "refused",
    "set_injuries",
    "set_piles",
    "set_turn",
]

VAMPIRE = "Vampire"
SISTERS = "Schwesternbund"

LUDWIG = Character(name="Ludwig von Auenstedt", strength=4, dexterity=2, resistance=3, character_points=8,
                   society=VAMPIRE)
SAHRA = Character(name="Sahra Jeanette", strength=1, dexterity=3, resistance=2, character_points=5,
                  society=SISTERS)


def card(fate: int, id: str | None = None, *, movement_range: float = 5.0, movement_number: int = 1,
         category: str = "Ereignis", **fields) -> ActionCard:
    """A plain action card (no effect unless ``effect_code`` is given)."""
    return ActionCard(id=id or f"c{fate}", title=fields.pop("title", f"Card {id or fate}"), fate=fate,
                      movement_range=movement_range, movement_number=movement_number, category=category, **fields)


def fixed_deck(fates: Iterable[int] = (), *, cards: Iterable[ActionCard] = (), society: str = VAMPIRE,
               characters: Sequence[Character] = (LUDWIG,), prefix: str | None = None, pad: int = 15,
               pad_fate: int = 1, movement_range: float = 5.0, movement_number: int = 1,
               character_points_limit: int | None = 30) -> Deck:
    """A deck in a fixed order: ``cards``, then a card per fate number, then ``pad`` fillers."""
    prefix = prefix or society[0]
    deck_cards = list(cards)
    for i, fate in enumerate(fates):
        if isinstance(fate, ActionCard):
            deck_cards.append(fate)
            continue
        deck_cards.append(card(fate, f"{prefix}{i}", movement_range=movement_range,
                               movement_number=movement_number, title=f"{society} card {i} (fate {fate})"))
    for i in range(pad):
        deck_cards.append(card(pad_fate, f"{prefix}pad{i}", movement_range=movement_range,
                               movement_number=movement_number, title=f"{society} filler {i}"))
    return Deck(name=f"{society} (test)", society=society, characters=tuple(characters), cards=tuple(deck_cards),
                character_points_limit=character_points_limit, source="test")


def duel_game(first: Iterable[int] = (), second: Iterable[int] = (), *,
              first_characters: Sequence[Character] = (LUDWIG,), second_characters: Sequence[Character] = (SAHRA,),
              first_society: str = VAMPIRE, second_society: str = SISTERS,
              first_cards: Iterable[ActionCard] = (), second_cards: Iterable[ActionCard] = (),
              scenario: str | None = "unser_revier", setup: str = "auto", options: GameOptions | None = None,
              seed: int = 0, pad: int = 15):
    """A two-player game of fixed (unshuffled) decks: players are named after the societies."""
    decks = [fixed_deck(first, cards=first_cards, society=first_society, characters=first_characters, pad=pad),
             fixed_deck(second, cards=second_cards, society=second_society, characters=second_characters, pad=pad)]
    return new_game(decks, scenario, seed=seed, setup=setup, options=options or GameOptions(), shuffle=False)


def place(state, *chips, obstacles: Iterable[Obstacle] = (), width: float | None = None,
          depth: float | None = None):
    """Replace the table with one holding exactly these chips and obstacles."""
    table = state.data.table
    built = []
    for chip in chips:
        if not isinstance(chip, Chip):
            name, x, y, *rest = chip
            chip = Chip(name, state.owners[name], x, y, rest[0] if rest else 0.0)
        built.append(chip)
    state.data.table = Table(width or table.width, depth or table.depth, tuple(obstacles), built,
                             rulings=state.options.rulings)
    return state


def set_piles(state, player: str, *, hand: Sequence[str] | None = None, supply: Sequence[str] | None = None,
              discard: Sequence[str] | None = None):
    """Set the given zones of ``player``'s piles to exactly these card ids (supply: top first)."""
    piles = state.data.piles[player]
    wanted = {"hand": hand, "supply": supply, "discard": discard}
    zones = {zone: list(cards) for zone, cards in piles.zones.items()}
    loose = []
    for zone, want in wanted.items():
        if want is not None:
            loose += zones[zone]
            zones[zone] = []

    def take(card_id: str) -> ActionCard:
        for pool in [loose] + [zones[z] for z in ZONES if wanted.get(z) is None]:
            for i, c in enumerate(pool):
                if c.id == card_id:
                    return pool.pop(i)
        raise KeyError(f"{player} has no (further) card {card_id!r}")

    for zone, want in wanted.items():
        if want is not None:
            zones[zone] = [take(c) for c in want]
    zones["destroyed"] = zones["destroyed"] + loose
    piles.zones = zones
    piles.check_conserved()
    return state


def set_turn(state, player: str, *, actions_left: int | None = None, phase: str = "action"):
    d = state.data
    d.active = state.players.index(player)
    d.phase = phase
    d.pending = None
    d.actions_left = state.size.actions if actions_left is None else actions_left
    d.turned = frozenset()
    d.used_abilities = frozenset()
    return state


def set_injuries(state, name: str, injuries: int):
    state.data.characters[name] = state.data.characters[name].with_injuries(injuries)
    return state


def put_in_play(state, player: str, card_id: str, bearer: str | None = None):
    from explorer.behind.game import Permanent
    piles = state.data.piles[player]
    for zone in ("hand", "supply", "discard", "destroyed"):
        if any(c.id == card_id for c in piles.zones[zone]):
            card = next(c for c in piles.zones[zone] if c.id == card_id)
            piles.zones[zone].remove(card)
            piles.zones["in_play"].append(card)
            break
    else:
        raise KeyError(f"{player} has no card {card_id!r} outside play")
    state.data.permanents = state.data.permanents + (Permanent(card_id, player, bearer),)
    return state


def ids(cards) -> list[str]:
    return [c.id for c in cards]


def fates(cards) -> list[int]:
    return [c.fate for c in cards]


def refused(state, action, rule) -> RuleViolation:
    """The action is refused citing ``rule`` and the state is exactly as before."""
    before = state.to_json()
    with pytest.raises(RuleViolation) as caught:
        state.apply(action)
    assert caught.value.rule == rule, f"cited {caught.value.rule}, expected {rule}: {caught.value}"
    assert state.to_json() == before, "an illegal action changed the state"
    return caught.value
