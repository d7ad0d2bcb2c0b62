"""What a saved game of Behind may contain, checked before anything is dealt or played.

A save (``BehindState.to_json()``) is loaded without trusting it by
:func:`explorer.core.replay.load_game`: the game is dealt again from the save's *origin* and its
history re-applied through the referee.  This module checks the part that is read before any rule
runs -- the origin (decks, characters, card ids, scenario id, seed, setup, players, options) and
the save's card list -- against a schema (pydantic), with bounds on every size and number, so a
wrong value is an :class:`~explorer.core.inputs.InputError` naming the field
(``origin.decks[1].cards[3]``), never a ``KeyError`` or a crash inside the rules.

Bounds (far above any real game): 8 players, 40 characters and 400 cards a deck, 2,000 cards in
the card list, texts of 200 characters (2,000 for a card's effect).
"""

from __future__ import annotations

import re
from typing import Any, Literal, Mapping, Optional

from pydantic import BaseModel, ConfigDict, Field

from explorer.core.inputs import InputError, validate

MAX_PLAYERS = 8
MAX_DECK_CARDS = 400
MAX_CHARACTERS = 40
MAX_CARD_LIST = 2_000

Id = Field(min_length=1, max_length=64)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SavedCharacter(_Strict):
    """A character as ``Character.to_json`` writes it (values within the rulebook's scale)."""

    name: str = Field(min_length=1, max_length=200)
    strength: int = Field(ge=0, le=99)
    dexterity: int = Field(default=0, ge=0, le=99)
    resistance: int = Field(default=1, ge=1, le=99)
    character_points: int = Field(default=0, ge=0, le=999)
    society: Optional[str] = Field(default=None, max_length=200)
    abilities: list[str] = Field(default_factory=list, max_length=20)
    injuries: int = Field(default=0, ge=0, le=3)
    id: str = Field(default="", max_length=64)
    source: str = Field(default="", max_length=200)


class SavedCard(_Strict):
    """An action card as the save's card list holds it."""

    id: str = Id
    title: str = Field(max_length=200)
    fate: int = Field(ge=0, le=20)
    movement_range: float = Field(default=0.0, ge=0, le=1_000, allow_inf_nan=False)
    movement_number: int = Field(default=1, ge=0, le=20)
    category: str = Field(default="Ereignis", max_length=64)
    society: Optional[str] = Field(default=None, max_length=200)
    permanent: bool = False
    legendary: bool = False
    unique: bool = False
    zusatz_bonus: int = Field(default=0, ge=-20, le=20)
    ranged: bool = False
    influence: Optional[int] = Field(default=None, ge=0, le=20)
    effect: str = Field(default="", max_length=2_000)
    source: str = Field(default="", max_length=200)
    effect_code: str = Field(default="", max_length=200)


class SavedDeck(_Strict):
    name: str = Field(max_length=200)
    society: str = Field(max_length=200)
    characters: list[dict[str, Any]] = Field(max_length=MAX_CHARACTERS)
    cards: list[str] = Field(max_length=MAX_DECK_CARDS)
    character_points_limit: Optional[int] = Field(default=None, ge=0, le=9_999)
    source: str = Field(default="illustrative", max_length=200)


class SavedOptions(_Strict):
    character_points: int = Field(ge=0, le=9_999)
    tournament: bool
    max_turns: int = Field(ge=0, le=100_000)
    rulings: dict[str, Any] = Field(max_length=200)


class CarriedScenario(_Strict):
    """A scenario of the user's, carried by the save: its id and the TOML text of its file."""

    id: str = Field(max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_\-]*$")
    text: str = Field(max_length=1_000_000)


class DealtOrigin(_Strict):
    """How a game was dealt from decks (``explorer.behind.game.game_origin``)."""

    decks: list[SavedDeck] = Field(min_length=1, max_length=MAX_PLAYERS)
    scenario: Optional[str | CarriedScenario] = Field(default=None, union_mode="left_to_right")
    seed: int = Field(ge=0, le=2**63)
    shuffle: bool
    setup: Literal["auto", "random", "manual"]
    players: list[str] = Field(min_length=1, max_length=MAX_PLAYERS)
    options: SavedOptions


class PositionOrigin(_Strict):
    """How a game set up from a position was made (``explorer.behind.position``)."""

    position: dict[str, Any]
    seed: int = Field(ge=0, le=2**63)
    options: SavedOptions


def checked_origin(saved: Mapping[str, Any], source: str = "save") -> tuple[dict, dict]:
    """``(origin, cards)`` of a save, checked: the origin against :class:`DealtOrigin` (or
    :class:`PositionOrigin`), the card list against :class:`SavedCard` (only the cards the decks
    name are needed), every deck's card ids present in the list, the characters well-formed.
    InputError naming the field otherwise."""
    if not isinstance(saved, Mapping):
        raise InputError(source, "", "a saved game of Behind: a JSON object", saved)
    origin = saved.get("origin")
    if not isinstance(origin, Mapping):
        raise InputError(source, "origin", "the record of how the game was dealt (an object)", origin)
    model = PositionOrigin if "position" in origin else DealtOrigin
    validate(model, origin, source, prefix="origin")
    cards = saved.get("cards", {})
    if not isinstance(cards, Mapping):
        raise InputError(source, "cards", "the game's card list: an object of card id -> card", cards)
    if len(cards) > MAX_CARD_LIST:
        raise InputError(source, "cards", f"at most {MAX_CARD_LIST:,} cards", f"{len(cards):,} cards")
    if model is DealtOrigin:
        scenario = origin.get("scenario")
        if isinstance(scenario, str) and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,63}", scenario):
            raise InputError(source, "origin.scenario", "a scenario id: letters, digits, '_' and '-' (never a path)",
                             scenario)
        if len(origin["players"]) != len(origin["decks"]):
            raise InputError(source, "origin.players", f"one player per deck ({len(origin['decks'])})",
                             origin["players"])
        for d, deck in enumerate(origin["decks"]):
            for c, card_id in enumerate(deck["cards"]):
                if card_id not in cards:
                    raise InputError(source, f"origin.decks[{d}].cards[{c}]", "a card id of the save's card list",
                                     card_id)
            names = []
            for k, character in enumerate(deck["characters"]):
                validate(SavedCharacter, character, source, prefix=f"origin.decks[{d}].characters[{k}]")
                if character["name"] in names:
                    raise InputError(source, f"origin.decks[{d}].characters[{k}].name",
                                     "a character not in the deck already (every character has one chip)",
                                     character["name"])
                names.append(character["name"])
    needed = {cid for deck in origin.get("decks", ()) for cid in deck["cards"]}
    for card_id in sorted(needed):
        validate(SavedCard, cards[card_id], source, prefix=f"cards.{card_id}")
        if cards[card_id].get("id", card_id) != card_id:
            raise InputError(source, f"cards.{card_id}.id", f"the card's own id {card_id!r}", cards[card_id].get("id"))
    return dict(origin), {cid: dict(cards[cid]) for cid in needed}
