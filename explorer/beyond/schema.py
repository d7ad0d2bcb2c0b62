"""The shapes of what Beyond reads from outside, as pydantic models, and the bounds they enforce.

* :class:`ComponentsModel` -- ``data/beyond/spirits.json`` (or a user's own components file or
  dict; ``Components.to_json()`` writes the same shape);
* :class:`SaveModel` -- a saved game (``BeyondState.to_json()``).

Every model forbids unknown fields and checks types strictly (no ``"3"`` for 3, no ``true`` for
1, finite numbers only); every list and number read is bounded (the ranges below, documented in
``data/beyond/README.md``).  :func:`explorer.core.inputs.validate` turns a failure into one
:class:`~explorer.core.inputs.InputError` naming the field path, the value and what was expected.
The rule checks that need more than a shape (cards conserved, players and phases consistent)
live with the loaders (:mod:`explorer.beyond.data`, :meth:`BeyondState.from_json`).
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

# -- bounds (documented in data/beyond/README.md) ---------------------------------------------
MAX_SPIRITS = 10
"""Spirits in a components file: 2 to 10 (the box has 5); 16 cards each."""
PART_COUNTS = (1, 2, 4, 8)
"""Parts a spirit's 16 cards may be split into: each part gets an even share, half yin."""
MAX_POINTS = 100
MAX_NIAN_SHOU = 20
MAX_LOTUS = 10
MAX_CORNERS = 10
MAX_SUPPLY = 100
"""As ruling ``beyond.supply-tokens`` allows."""
MAX_PLAYERS = 20
"""Players of a saved game (the bound of positions; the rulebook gives none)."""
MAX_TURN = 10_000
MAX_CARDS = MAX_SPIRITS * 16 + MAX_NIAN_SHOU
"""No card list is longer than every card of the largest components."""
MAX_LOG = 200_000
MAX_HISTORY = 100_000
MAX_TEXT = 10_000
MAX_NAME = 100
MAX_JSON_DEPTH = 32
MAX_JSON_NODES = 20_000
"""Free JSON inside a save (an event's data): nesting depth and values per event."""

Strict = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)

Code = Annotated[str, Field(pattern=r"^[A-Z]{2}$")]
CardId = Annotated[str, Field(min_length=1, max_length=8)]
Cards = Annotated[list[CardId], Field(max_length=MAX_CARDS)]
PlayerName = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Count = Annotated[int, Field(ge=0, le=MAX_CARDS)]


# -- components ---------------------------------------------------------------------------------
class SpiritModel(BaseModel):
    model_config = Strict

    code: Code
    name: Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9 '\-]{0,59}$")]
    pattern: Literal["similar", "heads-bodies", "different"]
    points: Annotated[int, Field(ge=0, le=MAX_POINTS)]
    parts: Annotated[list[Annotated[str, Field(pattern=r"^[a-z][a-z0-9]{0,19}$")]], Field(min_length=1, max_length=8)]

    @field_validator("code")
    @classmethod
    def _not_nian_shou(cls, code: str) -> str:
        if code == "NS":
            raise ValueError("a spirit code other than 'NS' (the Nian Shou cards' prefix)")
        return code

    @field_validator("parts")
    @classmethod
    def _parts(cls, parts: list[str]) -> list[str]:
        if len(parts) not in PART_COUNTS:
            raise ValueError(f"1, 2, 4 or 8 parts (the 16 cards of a spirit are shared equally, half yin), "
                             f"not {len(parts)}")
        if len(set(parts)) != len(parts):
            raise ValueError("parts named differently")
        if {"yin", "yang"} & set(parts):
            raise ValueError("part names other than 'yin' and 'yang' (the symbols)")
        return parts

    @model_validator(mode="after")
    def _pattern_fits(self) -> "SpiritModel":
        if self.pattern == "heads-bodies" and sorted(self.parts) != ["body", "head"]:
            raise ValueError("a heads-bodies spirit has exactly the parts 'head' and 'body'")
        if self.pattern == "different" and len(self.parts) < 4:
            raise ValueError("a spirit whose pattern is 4 different cards has at least 4 parts")
        return self


class ComponentsModel(BaseModel):
    model_config = Strict

    comment: Optional[Text] = Field(None, alias="_comment")
    spirits: Annotated[list[SpiritModel], Field(min_length=2, max_length=MAX_SPIRITS)]
    nian_shou_cards: Annotated[int, Field(ge=1, le=MAX_NIAN_SHOU)]
    lotus_per_player: Annotated[int, Field(ge=0, le=MAX_LOTUS)]
    capture_corners: Annotated[int, Field(ge=0, le=MAX_CORNERS)]
    supply_tokens: Annotated[int, Field(ge=0, le=MAX_SUPPLY)]

    @field_validator("spirits")
    @classmethod
    def _distinct(cls, spirits: list[SpiritModel]) -> list[SpiritModel]:
        codes = [s.code for s in spirits]
        names = [s.name.lower() for s in spirits]
        if len(set(codes)) != len(codes):
            raise ValueError(f"spirits with distinct codes, got {codes}")
        if len(set(names)) != len(names):
            raise ValueError("spirits with distinct names")
        return spirits


# -- a saved game -------------------------------------------------------------------------------
class RuleModel(BaseModel):
    model_config = Strict

    rulebook: Annotated[str, Field(max_length=200)]
    section: Annotated[str, Field(max_length=500)]


class EventModel(BaseModel):
    model_config = Strict

    kind: Annotated[str, Field(min_length=1, max_length=64)]
    text: Text
    rule: Optional[RuleModel] = None
    player: Optional[PlayerName] = None
    visible_to: Optional[PlayerName] = None
    data: dict[str, Any] = {}


class PatternModel(BaseModel):
    model_config = Strict

    spirit: Code
    cards: Annotated[list[CardId], Field(min_length=4, max_length=4)]
    lotus: bool


class AreaModel(BaseModel):
    model_config = Strict

    spirit: Cards
    nian: Annotated[list[CardId], Field(max_length=MAX_NIAN_SHOU)]
    patterns: Annotated[list[PatternModel], Field(max_length=MAX_CARDS // 4)]
    captures: Annotated[list[CardId], Field(max_length=MAX_CORNERS)]
    tokens: Annotated[int, Field(ge=0, le=MAX_SUPPLY)]
    lotus: Annotated[int, Field(ge=0, le=MAX_LOTUS)]
    protected: Annotated[list[CardId], Field(max_length=MAX_SUPPLY)]


class RngModel(BaseModel):
    model_config = Strict

    seed: Optional[Annotated[int, Field(ge=-(2 ** 128), le=2 ** 128)]]
    state: tuple[Literal[3], Annotated[list[Annotated[int, Field(ge=0, lt=2 ** 32)]],
                                       Field(min_length=625, max_length=625)], Optional[float]]

    @field_validator("state", mode="before")
    @classmethod
    def _as_tuple(cls, value: Any) -> Any:  # JSON writes the generator state as a list
        return tuple(value) if isinstance(value, list) else value

    @model_validator(mode="after")
    def _position(self) -> "RngModel":
        if not self.state[1][-1] <= 624:
            raise ValueError("a Mersenne Twister state whose last number (its position) is 0 to 624")
        return self


class DataModel(BaseModel):
    model_config = Strict

    draw: Cards
    discard: Cards
    revealed: Cards
    central: Annotated[list[CardId], Field(max_length=MAX_NIAN_SHOU)]
    to_place: Cards
    supply: Annotated[int, Field(ge=0, le=MAX_SUPPLY)]
    second_pile: bool
    end_triggered: bool
    areas: Annotated[dict[PlayerName, AreaModel], Field(min_length=2, max_length=MAX_PLAYERS)]
    active: Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
    turn: Annotated[int, Field(ge=1, le=MAX_TURN)]
    phase: Literal["reveal", "collect", "place", "act", "over"]
    winners: Annotated[list[PlayerName], Field(max_length=MAX_PLAYERS)]
    rng: RngModel
    beyond_stock: PlayerName


class OptionsModel(BaseModel):
    model_config = Strict

    protection: bool
    summoning: bool


class OriginModel(BaseModel):
    model_config = Strict

    players: Annotated[list[PlayerName], Field(min_length=2, max_length=MAX_PLAYERS)]
    seed: Annotated[int, Field(ge=-(2 ** 128), le=2 ** 128)]
    top: Cards


class SaveModel(BaseModel):
    model_config = Strict

    system: Literal["beyond"] = "beyond"
    version: Literal[1] = 1  # the save format (explorer.core.replay.SAVE_VERSION)
    players: Annotated[list[PlayerName], Field(min_length=2, max_length=MAX_PLAYERS)]
    components: dict[str, Any]
    options: OptionsModel
    rulings: Annotated[dict[str, Any], Field(max_length=100)]
    data: DataModel
    log: Annotated[list[EventModel], Field(max_length=MAX_LOG)]
    history: Annotated[list[dict[str, Any]], Field(max_length=MAX_HISTORY)]
    origin: Optional[OriginModel] = None


def json_problem(value: Any, *, depth: int = MAX_JSON_DEPTH, nodes: int = MAX_JSON_NODES) -> tuple[str, str] | None:
    """``(path, what is wrong)`` if ``value`` is not plain, bounded JSON -- objects with text keys,
    lists, texts, finite numbers, booleans and null, nested at most ``depth`` deep, at most
    ``nodes`` values -- else None.  Iterative: a value nested a million deep is refused, not a
    RecursionError."""
    stack = [(value, "", 0)]
    seen = 0
    while stack:
        item, path, level = stack.pop()
        seen += 1
        if seen > nodes:
            return path, f"at most {nodes:,} values"
        if level > depth:
            return path, f"JSON nested at most {depth} deep"
        if item is None or isinstance(item, (bool, str)):
            if isinstance(item, str) and len(item) > MAX_TEXT:
                return path, f"a text of at most {MAX_TEXT:,} characters"
            continue
        if isinstance(item, int):
            if abs(item) > 2 ** 128:
                return path, "a number of reasonable size"
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                return path, "a finite number"
            continue
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    return path, "an object whose keys are texts"
                stack.append((sub, f"{path}.{key}" if path else key, level + 1))
            continue
        if isinstance(item, list):
            stack.extend((sub, f"{path}[{i}]", level + 1) for i, sub in enumerate(item))
            continue
        return path, f"a JSON value (not a {type(item).__name__})"
    return None


# -- reading a save -----------------------------------------------------------------------------
def read_save(saved: Any, source: str = "save") -> dict:
    """The parts of a saved game (``BeyondState.to_json()``, or its JSON text), each checked:
    ``players``, ``components``, ``options``, ``rulings``, ``data`` (the generator rebuilt),
    ``log``, ``history``, ``origin``.  InputError naming ``source`` and the field otherwise.  The
    rule checks that need the state follow in :func:`check_save`."""
    from explorer.beyond.actions import ACTIONS
    from explorer.beyond.data import Components
    from explorer.beyond.game import GameOptions
    from explorer.core.game import Event
    from explorer.core.inputs import InputError, parse_json, short, validate
    from explorer.core.rng import SeededRng
    from explorer.core.rulings import Rulings

    if isinstance(saved, (str, bytes, bytearray)):
        saved = parse_json(saved, source)
    if not isinstance(saved, dict):
        if not hasattr(saved, "keys"):
            raise InputError(source, "", "a saved Beyond game: a JSON object", saved)
        saved = dict(saved)
    found = saved.get("system", "beyond")  # absent: the caller named the system (a save written by hand)
    if found != "beyond":
        why = f"a save of Beyond ('system': 'beyond'), not of {short(found, 40)}" if isinstance(found, str) else "'beyond'"
        raise InputError(source, "system", why, found)
    model = validate(SaveModel, saved, source)
    players = list(model.players)
    if len(set(players)) != len(players):
        raise InputError(source, "players", "distinct player names", players)
    components = Components.from_json(saved["components"], source=source, prefix="components")
    rulings = {}
    for key, value in saved["rulings"].items():
        if not key.startswith("beyond."):
            raise InputError(source, f"rulings.{key}", "a Beyond ruling (an id 'beyond. ...')", key)
        problem = json_problem(value, depth=2, nodes=10)
        if problem:
            raise InputError(source, f"rulings.{key}", problem[1], value)
        try:
            Rulings({key: value})
        except ValueError as error:
            raise InputError(source, f"rulings.{key}", str(error)[:200], value) from None
        rulings[key] = value
    for i, event in enumerate(saved["log"]):
        problem = json_problem(event.get("data", {}))
        if problem:
            raise InputError(source, f"log[{i}].data" + (f".{problem[0]}" if problem[0] and problem[0][0] != "["
                                                          else problem[0]), problem[1])
    history = [ACTIONS.from_json(a, source=f"{source}, history[{i}]") for i, a in enumerate(saved["history"])]
    data = {key: getattr(model.data, key) for key in ("draw", "discard", "revealed", "central", "to_place", "winners")}
    data.update(supply=model.data.supply, second_pile=model.data.second_pile, end_triggered=model.data.end_triggered,
                active=model.data.active, turn=model.data.turn, phase=model.data.phase,
                beyond_stock=model.data.beyond_stock,
                areas={p: {"spirit": list(a.spirit), "nian": list(a.nian),
                           "patterns": [{"spirit": pt.spirit, "cards": list(pt.cards), "lotus": pt.lotus}
                                        for pt in a.patterns],
                           "captures": list(a.captures), "tokens": a.tokens, "lotus": a.lotus,
                           "protected": list(a.protected)} for p, a in model.data.areas.items()})
    rng = model.data.rng
    try:
        data["rng"] = SeededRng.from_json({"seed": rng.seed, "state": [rng.state[0], list(rng.state[1]), rng.state[2]]})
    except (TypeError, ValueError, OverflowError) as error:
        raise InputError(source, "data.rng.state", "a state of Python's random generator", str(error)) from None
    data = {key: data[key] for key in saved["data"]}  # the save's order (to_json writes the same)
    origin = saved.get("origin")
    if origin is not None:
        origin = {"players": list(model.origin.players), "seed": model.origin.seed, "top": list(model.origin.top)}
    return {"players": players, "components": components,
            "options": GameOptions(model.options.protection, model.options.summoning),
            "rulings": Rulings(rulings), "data": data,
            "log": [Event.from_json(e) for e in saved["log"]], "history": history, "origin": origin}


def check_save(state: Any, source: str = "save") -> None:
    """The rules a loaded state must keep, checked against what the game was dealt from (its
    recorded components, and the box's for a game set up from a position), never against what
    was loaded: every card in exactly one place, the tokens and Lotus tokens of the box, players,
    phase, turn and indices consistent; then ``state.check_invariants()``.  InputError naming
    the field otherwise."""
    from explorer.beyond.cards import is_nian_shou, pattern_problem
    from explorer.beyond.data import load_components
    from explorer.core.inputs import InputError

    def refuse(field: str, expected: str, value: Any = ...) -> None:
        raise InputError(source, field, expected, value)

    d, comp, players = state._data, state.components, list(state.players)
    n = len(players)
    if list(d["areas"]) != players:
        refuse("data.areas", f"one play area per player, in seat order ({', '.join(players)})", list(d["areas"]))
    if d["beyond_stock"] != players[0]:
        refuse("data.beyond_stock", f"the first player, {players[0]}", d["beyond_stock"])
    if d["active"] >= n:
        refuse("data.active", f"a seat from 0 to {n - 1}", d["active"])
    if (d["turn"] - 1) % n != d["active"]:
        refuse("data.turn", f"a turn of seat {d['active']} (turns go round the table from turn 1, seat 0)", d["turn"])
    origin = state.origin
    if origin is not None:
        if origin["players"] != players:
            refuse("origin.players", f"the players of the game ({players})", origin["players"])
        for i, card in enumerate(origin["top"]):
            if card not in comp.cards or card in origin["top"][:i]:
                refuse(f"origin.top[{i}]", "a Celestial Spirit card of the game's components, once", card)
    first = state.log[0] if state.log else None
    if first is not None and first.kind == "position":
        box = load_components(supply_tokens=state.rulings["beyond.supply-tokens"])
        if comp != box:
            refuse("components", "the box's components (a game set up from a position is played with them)")
    # every card in exactly one place
    where: dict[str, str] = {}
    lists = [(f"data.{key}", d[key]) for key in ("draw", "discard", "revealed", "to_place")]
    nian_lists = [("data.central", d["central"])]
    for p in players:
        a = d["areas"][p]
        lists += [(f"data.areas.{p}.spirit", a["spirit"]), (f"data.areas.{p}.captures", a["captures"])]
        lists += [(f"data.areas.{p}.patterns[{j}].cards", pt["cards"]) for j, pt in enumerate(a["patterns"])]
        nian_lists.append((f"data.areas.{p}.nian", a["nian"]))
    for census, what, groups in ((comp.cards, "a Celestial Spirit card of the game's components", lists),
                                 (set(comp.nian_shou), "a Nian Shou card of the game's components", nian_lists)):
        for path, cards in groups:
            for i, card in enumerate(cards):
                if card not in census:
                    refuse(f"{path}[{i}]", what + (" (Nian Shou cards are in 'central' or a player's 'nian')"
                                                   if is_nian_shou(card) and census is comp.cards else ""), card)
                if card in where:
                    refuse(f"{path}[{i}]", f"each card in one place ({card} is also at {where[card]})", card)
                where[card] = f"{path}[{i}]"
        missing = [c for c in census if c not in where]
        if missing:
            refuse(groups[0][0], f"every card of the game somewhere: {', '.join(sorted(missing)[:6])} "
                   f"{'is' if len(missing) == 1 else 'are'} nowhere ({len(missing)} missing)")
    # the play areas
    held = 0
    for p in players:
        a, base = d["areas"][p], f"data.areas.{p}"
        if len(a["captures"]) > comp.capture_corners:
            refuse(f"{base}.captures", f"at most {comp.capture_corners} Capture cards", len(a["captures"]))
        on_patterns = sum(pt["lotus"] for pt in a["patterns"])
        if a["lotus"] + on_patterns > comp.lotus_per_player:
            refuse(f"{base}.lotus", f"at most {comp.lotus_per_player} Lotus tokens with those on patterns "
                   f"({on_patterns})", a["lotus"])
        if on_patterns and not state.options.summoning:
            refuse(f"{base}.patterns", "no Lotus token on a pattern: the summoning module is not in play")
        for j, pt in enumerate(a["patterns"]):
            spirit = comp.spirits.get(pt["spirit"])
            if spirit is None:
                refuse(f"{base}.patterns[{j}].spirit", f"a spirit of the components ({', '.join(comp.spirits)})",
                       pt["spirit"])
            problem = pattern_problem(spirit, [comp.cards[c] for c in pt["cards"]])
            if problem:
                refuse(f"{base}.patterns[{j}].cards", f"a complete pattern ({problem})", pt["cards"])
        if a["protected"] and not state.options.protection:
            refuse(f"{base}.protected", "no protection token: the protection module is not in play", a["protected"])
        for i, card in enumerate(a["protected"]):
            if card not in a["spirit"] or card in a["protected"][:i]:
                refuse(f"{base}.protected[{i}]", "a loose Spirit card of this player's, protected once", card)
        held += a["tokens"] + len(a["protected"])
    if d["supply"] + held != comp.supply_tokens:
        refuse("data.supply", f"the tokens no player holds: {comp.supply_tokens} in all, {held} held by the "
               f"players, so {comp.supply_tokens - held}", d["supply"])
    # the piles and the end
    mode = state.rulings["beyond.second-draw-pile"]
    if d["second_pile"] and mode == "single-pile":
        refuse("data.second_pile", "false: there is no second draw pile under ruling beyond.second-draw-pile = "
               "'single-pile'", True)
    if not d["draw"] and mode == "reshuffle-discard" and not d["second_pile"]:
        refuse("data.second_pile", "true: the first draw pile is finished, the discard pile became the second", False)
    derived = not d["draw"] or any(len(d["areas"][p]["patterns"]) >= 3 for p in players)
    if d["end_triggered"] != derived:
        refuse("data.end_triggered", f"{str(derived).lower()} (3 enchantments by a player or the last draw pile "
               "finished trigger the end)", d["end_triggered"])
    # the phase
    phase, revealed, cards = d["phase"], d["revealed"], comp.cards
    holder = next((p for p in players if len(d["areas"][p]["nian"]) == len(comp.nian_shou)), None)
    spirits = [cards[c].spirit for c in revealed]
    if holder is not None and phase != "over":
        refuse("data.phase", f"'over': {holder} holds every Nian Shou card and has won", phase)
    if revealed and phase not in ("reveal", "collect") and not (phase == "over" and holder is not None):
        refuse("data.revealed", f"no card revealed in phase '{phase}'", revealed)
    if bool(d["to_place"]) != (phase == "place"):
        refuse("data.to_place", "cards to place in phase 'place' (and only then)", d["to_place"])
    if phase == "reveal" and len(set(spirits)) != len(spirits):
        refuse("data.revealed", "revealed cards of different spirits in phase 'reveal'", revealed)
    if phase == "collect" and (len(spirits) < 2 or spirits[-1] not in spirits[:-1]
                               or len(set(spirits[:-1])) != len(spirits) - 1):
        refuse("data.revealed", "in phase 'collect' a failed reveal: only the last card repeats a spirit", revealed)
    if phase != "over" and d["winners"]:
        refuse("data.winners", f"no winner before the game is over (phase '{phase}')", d["winners"])
    if phase == "over":
        if holder is not None:
            winners = [holder]
            if players[d["active"]] != holder:
                refuse("data.active", f"the seat of {holder}, who won in her turn", d["active"])
        else:
            if not d["end_triggered"] or d["active"] != n - 1:
                refuse("data.phase", "a phase other than 'over': a game ends after the last player's turn once its "
                       "end is triggered", phase)
            scores = state.scores()
            tied = [p for p in players if scores[p] == max(scores.values())]
            fewest = min(state.spirit_face_cards(p) for p in tied)
            winners = [p for p in tied if state.spirit_face_cards(p) == fewest]
        if d["winners"] != winners:
            refuse("data.winners", f"the winner(s) by the rules: {winners}", d["winners"])
    try:
        state.check_invariants()
    except AssertionError as error:
        refuse("", f"a state whose invariants hold ({error})")
