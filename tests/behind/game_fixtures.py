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
  a :class:`Chip` or ``(name, x, y)`` / ``(name, x, y, facing)`` (the owner from ``state.owners``);
  every character without a chip is then eliminated.
* ``set_piles(state, player, *, hand=None, supply=None, discard=None)`` -- set those zones to
  exactly these card ids (supply: top card first); cards displaced from a given zone and not named
  are set aside (zone ``destroyed``), other zones keep their cards.  Cards are conserved.
* ``set_turn(state, player, *, actions_left=None, phase="action")`` -- make ``player`` the acting
  player in the action phase with that many actions (default: the Large Battles number).
* ``set_injuries(state, name, injuries)``.
* ``put_in_play(state, player, card_id, bearer=None)`` -- a permanent card of ``player`` (taken from
  any of his zones) in play, influenced by him; an item is carried by ``bearer``.
* ``rebuild(state, change)`` -- the state set up anew from ``state.position()`` changed by
  ``change(position)`` (see docs/positions-behind.md).

Every helper that sets a situation up goes through a position (``rebuild``): the situation is
checked to be legal by ``explorer.behind.position.from_position`` -- no private state is set.  The
state object stays the same; its log and history start again at the position.

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
from explorer.behind.table import Chip, Obstacle
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
    "rebuild",
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


def rebuild(state, change):
    """``state`` set up anew from its own position with ``change(position)`` applied: the position
    is written by ``state.position()``, changed, and built by ``from_position`` (which checks it is
    legal: docs/positions-behind.md), then the state takes the built state's place (same object, so
    callers keep their reference).  The log and history start again at the position; the seed is
    the game's own."""
    from explorer.behind.position import from_position

    position = state.position()
    change(position)
    built = from_position(position, seed=(state.origin or {}).get("seed", 0), options=state.options)
    vars(state).clear()
    vars(state).update(vars(built))
    return state


def _player(position, player: str) -> dict:
    return next(p for p in position["players"] if p["name"] == player)


def _obstacle_json(obstacle: Obstacle) -> dict:
    data = obstacle.to_json()
    return {"name": obstacle.name, "shape": "polygon", "points": data["exterior"], "holes": data["holes"],
            "height": obstacle.height, "flat": obstacle.flat}


def place(state, *chips, obstacles: Iterable[Obstacle] = (), width: float | None = None,
          depth: float | None = None):
    """Replace the table with one holding exactly these chips and obstacles (a position: every
    character without a chip is eliminated; a placed character keeps his injuries, an eliminated
    one placed again comes back healthy)."""
    def change(position):
        table = position["table"]
        injuries = {c["character"]: c.get("injuries", 0) for c in table["chips"]}
        built = []
        for chip in chips:
            if not isinstance(chip, Chip):
                name, x, y, *rest = chip
                chip = Chip(name, state.owners[name], x, y, rest[0] if rest else 0.0)
            row = {"character": chip.name, "player": chip.owner, "x": chip.x, "y": chip.y, "facing": chip.facing,
                   "flying": chip.flying, "injuries": injuries.get(chip.name, 0)}
            built.append(row)
        placed = {row["character"] for row in built}
        position["table"] = {"width": width or table["width"], "depth": depth or table["depth"],
                             "obstacles": [_obstacle_json(o) for o in obstacles], "chips": built}
        for row in position["players"]:
            row.pop("eliminated", None)
        if isinstance(position.get("jewel"), str) and position["jewel"] not in placed:
            del position["jewel"]  # its bearer left the table: the middle player's first chip carries it
        for key in ("turned", "frightened", "transformed"):
            if key in position:
                position[key] = [n for n in position[key] if n in placed]
        if "permanents" in position:
            position["permanents"] = [p for p in position["permanents"] if p.get("bearer") in (None, *placed)]
    return rebuild(state, change)


def set_piles(state, player: str, *, hand: Sequence[str] | None = None, supply: Sequence[str] | None = None,
              discard: Sequence[str] | None = None):
    """Set the given zones of ``player``'s piles to exactly these card ids (supply: top first)."""
    wanted = {"hand": hand, "supply": supply, "discard": discard}

    def change(position):
        row = _player(position, player)
        zones = {zone: list(row.get(zone, [])) for zone in ("supply", "hand", "discard", "destroyed")}
        loose = []
        for zone, want in wanted.items():
            if want is not None:
                loose += zones[zone]
                zones[zone] = []

        def take(card_id: str) -> str:
            for pool in [loose] + [zones[z] for z in ("supply", "hand", "discard", "destroyed")
                                   if wanted.get(z) is None]:
                if card_id in pool:
                    pool.remove(card_id)
                    return card_id
            raise KeyError(f"{player} has no (further) card {card_id!r}")

        for zone, want in wanted.items():
            if want is not None:
                zones[zone] = [take(c) for c in want]
        zones["destroyed"] += loose
        row.update(zones)
    return rebuild(state, change)


def set_turn(state, player: str, *, actions_left: int | None = None, phase: str = "action"):
    """``player`` acting in ``phase`` with that many actions (default: the Large Battles number),
    nothing pending, no chip turned yet."""
    def change(position):
        position.update(active=player, phase=phase,
                        actions_left=state.size.actions if actions_left is None else actions_left)
        position.pop("pending", None)
        position.pop("turned", None)
    return rebuild(state, change)


def set_injuries(state, name: str, injuries: int):
    """``name`` with that many injuries (three: eliminated, his chip leaves the table)."""
    def change(position):
        chips = position["table"]["chips"]
        chip = next(c for c in chips if c["character"] == name)
        if injuries >= 3:
            chips.remove(chip)
            _player(position, state.owners[name]).pop("eliminated", None)
        else:
            chip["injuries"] = injuries
    return rebuild(state, change)


def put_in_play(state, player: str, card_id: str, bearer: str | None = None):
    """A permanent card of ``player`` (taken from his hand, supply, discard pile or destroyed cards,
    the first holding it) in play, influenced by him; an item is carried by ``bearer``."""
    def change(position):
        row = _player(position, player)
        for zone in ("hand", "supply", "discard", "destroyed"):
            if card_id in row.get(zone, []):
                row[zone].remove(card_id)
                break
        else:
            raise KeyError(f"{player} has no card {card_id!r} outside play")
        entry = {"card": card_id, "player": player}
        if bearer is not None:
            entry["bearer"] = bearer
        position["permanents"] = position.get("permanents", []) + [entry]
    return rebuild(state, change)


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
