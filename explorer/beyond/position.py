"""Beyond positions written by hand: a JSON object in the spirit of chess's FEN.

``from_position(data, seed=0)`` builds a legal :class:`~explorer.beyond.game.BeyondState` from a
position (a dict or its JSON text) or refuses it with :class:`~explorer.core.positions.PositionError`
naming the field and, when a rule is broken, the rule and its section of ``beyond-rulebook.txt``.
``state.position()`` writes a state back; ``from_position(state.position())`` gives an equal
position.  The full guide, with a worked example and the list of errors, is
``docs/positions-beyond.md``.

**Cards.**  A Celestial Spirit card is named either by its id -- the spirit's code and a number,
``TS01``..``TS16``, ``VB..``, ``AD..``, ``MT..``, ``YU..`` (``data/beyond/spirits.json``; the
part and symbol of each number follow ruling ``beyond.yin-yang-split``) -- or by a *description*:
the spirit (code or name, any case), then optionally its part and its symbol, in any order:
``"TS yang"``, ``"AD head yin"``, ``"Yellow Unicorn horn"``, ``"VB"``.  Cards with the same
spirit, part and symbol are interchangeable (same ``key``), so a description takes the first free
card that fits (lowest number).  Ids are placed first, then full descriptions, then partial ones,
so ``"TS"`` takes what ``"TS yin"`` left; a description nothing fits any more is refused.  Nian
Shou cards are ``NS1``..``NS6`` or ``"NS"`` (any free one).  ``position()`` always writes ids.

**Fields** (only ``players`` is required)::

    system        "beyond"
    players       seat order, the first player (BEYOND stock card) first; each a name, or
      name          the player's name
      spirit        Spirit face up cards outside complete patterns             default []
      protected     cards of `spirit` under a protection token (Advanced Mode)  default []
      captures      Capture cards on the stock card's corners (at most 4)      default []
      patterns      complete patterns: 4 cards, a spirit ("TS": any free cards making one), or
                    {"spirit": .., "cards": [..4], "lotus": true|false}        default []
      nian          Nian Shou cards (a list, or how many)                      default []
      tokens        tokens in stock (compensations)                            default 0
      lotus         Lotus tokens on the stock card                             default 2
    active        the player whose turn it is               default first player (see "over")
    phase         reveal | collect | place | act | over                        default "reveal"
    turn          turn number, 1 = the first player's first turn    default seat of active + 1
    revealed      cards revealed this turn, in order (phases reveal, collect)  default []
    to_place      cards collected this turn, still to place (phase place)      default []
    draw          the whole draw pile, top card first    default: every card not placed elsewhere,
                                                          shuffled with ``seed``
    draw_top      instead of draw: its top cards, the rest shuffled with ``seed``
    discard       the discard pile, oldest first                               default []
    central       Nian Shou cards in the central pattern      default: those no player holds
    supply        tokens in the common supply           default (and must be): the rest of them
    second_pile   the draw pile is the second one (ruling beyond.second-draw-pile)  default false
    end_triggered the last round is being played              default (and must be): derived
    winners       phase "over" only: the winner(s)            default (and must be): derived
    options       {"protection": bool, "summoning": bool}: Advanced Mode modules  default off
    rulings       ruling switches, e.g. {"beyond.supply-tokens": 10}           default {}
    comment       free text, ignored

The phases: ``reveal`` -- Phase 1, revealing (``revealed`` all of different Spirits);
``collect`` -- Phase 1 after a failed reveal (the last revealed card repeats a Spirit), choosing
the cards to buy with Lotus tokens; ``place`` -- Phase 2 (``to_place`` not empty); ``act`` --
Phase 3; ``over`` -- the game has ended (by scoring: ``active`` is the last seat; or a player holds
all 6 Nian Shou cards: ``active`` is that player).

What a position cannot say: the history (the state starts from the position, its log says so --
see :func:`origin`), and the random generator, which is ``SeededRng(seed)``.  The components are
the box's (``data/beyond/spirits.json``, the token supply per ruling ``beyond.supply-tokens``).
"""

from __future__ import annotations

from typing import Any, Mapping

from explorer.beyond import refs
from explorer.beyond.cards import YANG, YIN, is_nian_shou, pattern_problem
from explorer.beyond.data import Components, load_components
from explorer.beyond.game import BeyondState, GameOptions
from explorer.beyond.schema import json_problem
from explorer.core.inputs import InputError, parse_json, short
from explorer.core.positions import MAX_POSITION_CHARS, PositionError, field, parse
from explorer.core.rng import SeededRng
from explorer.core.rulings import Rulings

SYSTEM = "beyond"
PHASES = {
    "reveal": "Phase 1: revealing cards",
    "collect": "Phase 1 after a failed reveal: choosing the cards to buy with Lotus tokens",
    "place": "Phase 2: placing the collected cards",
    "act": "Phase 3: enchantments, captures, protections, summons",
    "over": "the game is over",
}
TOP_FIELDS = ("system", "players", "active", "phase", "turn", "revealed", "to_place", "draw", "draw_top",
              "discard", "central", "supply", "second_pile", "end_triggered", "winners", "options", "rulings",
              "comment")
PLAYER_FIELDS = ("name", "spirit", "protected", "captures", "patterns", "nian", "tokens", "lotus")
PATTERN_FIELDS = ("spirit", "cards", "lotus")
MAX_PLAYERS = 20
"""A bound on the players of a position (a sanity bound: the rulebook gives none)."""
MAX_TURN = 10_000
"""A bound on the turn number (a game has at most about 160 turns with a reveal)."""
MAX_NAME = 100
MAX_LIST = 86
"""No card list is longer than the game's 80 Celestial Spirit and 6 Nian Shou cards."""
NIAN_WORDS = ("ns", "nian shou", "nian")


def from_position(data: Mapping[str, Any] | str, *, seed: int = 0) -> BeyondState:
    """The Beyond state the position ``data`` (a dict or JSON text) describes; ``seed`` shuffles
    an omitted draw pile and seeds the game's random generator.  Raises :class:`PositionError`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PositionError("seed", f"expected a whole number, got {type(seed).__name__}")
    try:
        if isinstance(data, (str, bytes, bytearray)):
            try:
                data = parse_json(data, "position", limit=MAX_POSITION_CHARS)
            except InputError as error:
                raise PositionError("", f"not JSON: {error}") from None
        if isinstance(data, Mapping):  # nesting, sizes, NaN: refused where they are, before any field is read
            _check_json(dict(data))
            found = data.get("system", SYSTEM)
            if found != SYSTEM:
                raise PositionError("system", f"this is a position of {short(found, 40)}, expected {SYSTEM!r}")
        return _Builder(parse(data, SYSTEM), seed).build()
    except RecursionError:  # JSON text or objects nested thousands deep
        raise PositionError("", "nested too deeply to be a position") from None


def _check_json(position: dict) -> None:
    problem = json_problem(position)
    if problem:
        raise PositionError(problem[0][:120], f"expected {problem[1]}")


def to_position(state: BeyondState) -> dict:
    """``state`` as a position (every field written, cards by id); ``state.position()`` calls this."""
    players = []
    for p in state.players:
        a = state.area(p)
        players.append({"name": p, "spirit": a["spirit"], "protected": a["protected"], "captures": a["captures"],
                        "patterns": [{"spirit": pt["spirit"], "cards": pt["cards"], "lotus": pt["lotus"]}
                                     for pt in a["patterns"]],
                        "nian": a["nian"], "tokens": a["tokens"], "lotus": a["lotus"]})
    return {"system": SYSTEM, "players": players, "active": state.active_player, "phase": state.phase,
            "turn": state.turn, "revealed": list(state.revealed), "to_place": list(state.to_place),
            "draw": list(state.draw_pile), "discard": list(state.discard), "central": list(state.central),
            "supply": state.supply, "second_pile": state.second_pile, "end_triggered": state.end_triggered,
            "winners": state.winners, "options": state.options.to_json(), "rulings": state.rulings.to_json()}


def origin(state: BeyondState) -> dict | None:
    """``{"position": ..., "seed": ...}`` if ``state`` was built from a position (its log's first
    event records it, and ``to_json`` saves the log), else None."""
    first = state.log[0] if state.log else None
    if first is None or first.kind != "position":
        return None
    return {"position": first.data["position"], "seed": first.data["seed"]}


# ---------------------------------------------------------------------------------------------
def _short(value: Any) -> str:
    return short(value, 40)  # never fails, never echoes a whole input


def _unknown_fields(obj: Mapping, known: tuple, path: str) -> None:
    for key in obj:
        if key not in known:
            where = f"{path}.{key}" if path else str(key)
            raise PositionError(where[:120], f"unknown field; the fields are {', '.join(known)}")


def _list(obj: Mapping, key: str, path: str, most: int = MAX_LIST,
          why: str = "the game has 80 Celestial Spirit and 6 Nian Shou cards") -> list | None:
    value = field(obj, key, list, path, default=None)
    if value is not None and len(value) > most:
        raise PositionError(f"{path}.{key}" if path else key, f"{len(value)} entries; at most {most} ({why})")
    return value


class _Builder:
    """One position being read: cards are placed as they are met, descriptions resolved after."""

    def __init__(self, position: dict, seed: int):
        self.pos = position
        self.seed = seed
        self.where: dict[str, str] = {}  # card id -> the field holding it
        self.pending: list = []  # (rank, order, path, description, slots, index)
        self.nian_pending: list = []  # (path, slots, index)
        self.seen_names: set = set()
        self.rng = SeededRng(seed)

    # -- the whole ---------------------------------------------------------------------------
    def build(self) -> BeyondState:
        pos = self.pos
        _unknown_fields(pos, TOP_FIELDS, "")
        field(pos, "comment", str, default="")
        self.rulings = self._rulings()
        self.components: Components = load_components(supply_tokens=int(self.rulings["beyond.supply-tokens"]))
        self.by_spirit = {code: [c for c in self.components.cards.values() if c.spirit == code]
                          for code in self.components.spirits}
        self.options = self._options()
        players = _list(pos, "players", "", MAX_PLAYERS, "a bound of this format")
        if players is None:
            raise PositionError("players", "is required: the players in seat order, the first player first")
        if len(players) < 2:
            raise PositionError("players", f"Beyond is played by 2 or more players, got {len(players)}", refs.SET_UP)
        seats = [self._player(i, raw) for i, raw in enumerate(players)]
        self.names = [s["name"] for s in seats]
        self.phase = field(pos, "phase", str, default="reveal")
        if self.phase not in PHASES:
            raise PositionError("phase", f"unknown phase {_short(self.phase)}; the phases are "
                                + "; ".join(f"{k!r} ({v})" for k, v in PHASES.items()), refs.GAME_ROUND)
        revealed = self._cards(pos, "revealed", "")
        to_place = self._cards(pos, "to_place", "")
        discard = self._cards(pos, "discard", "")
        draw = self._cards(pos, "draw", "", default=None)
        draw_top = self._cards(pos, "draw_top", "", default=None)
        if draw is not None and draw_top is not None:
            raise PositionError("draw_top", "give either 'draw' (the whole draw pile) or 'draw_top' (its top "
                                "cards, the rest shuffled), not both")
        central = self._nian_list(pos, "central", "")
        self._resolve()
        for s in seats:
            self._resolve_patterns(s)
            self._resolve_protected(s)
        self._resolve_nian()
        draw = self._draw(draw, draw_top)
        if central is None:
            central = [n for n in self.components.nian_shou if n not in self.where]
            self.where.update(dict.fromkeys(central, "central"))
        self._check_nian_shou()
        return self._state(seats, revealed, to_place, discard, draw, central)

    # -- fields ------------------------------------------------------------------------------
    def _rulings(self) -> Rulings:
        raw = field(self.pos, "rulings", dict, default={})
        for key, value in raw.items():
            where = f"rulings.{key}"[:120]
            if not isinstance(key, str):
                raise PositionError(where, "a ruling is named by its id, a text")
            if key == "beyond.supply-tokens" and isinstance(value, float) and not value.is_integer():
                raise PositionError(where, f"a number of tokens is whole, got {value!r}", refs.SET_UP)
            try:
                Rulings({key: value})
            except ValueError as error:
                raise PositionError(where, str(error)[:300]) from None
        return Rulings(raw)

    def _options(self) -> GameOptions:
        raw = field(self.pos, "options", dict, default={})
        _unknown_fields(raw, ("protection", "summoning"), "options")
        return GameOptions(protection=field(raw, "protection", bool, "options", default=False),
                           summoning=field(raw, "summoning", bool, "options", default=False))

    def _player(self, i: int, raw: Any) -> dict:
        path = f"players[{i}]"
        if isinstance(raw, str):
            raw = {"name": raw}
        if not isinstance(raw, Mapping):
            raise PositionError(path, f"expected a player (a name, or an object with 'name'), got {_short(raw)}")
        _unknown_fields(raw, PLAYER_FIELDS, path)
        name = field(raw, "name", str, path)
        if not name.strip() or len(name) > MAX_NAME:
            raise PositionError(f"{path}.name", f"a player's name is 1 to {MAX_NAME} characters, got {_short(name)}")
        if name in self.seen_names:
            raise PositionError(f"{path}.name", f"two players are named {_short(name)}")
        self.seen_names.add(name)
        seat = {"name": name, "path": path,
                "spirit": self._cards(raw, "spirit", path),
                "captures": self._cards(raw, "captures", path),
                "tokens": field(raw, "tokens", int, path, default=0, low=0),
                "lotus": field(raw, "lotus", int, path, default=self.components.lotus_per_player, low=0)}
        patterns = _list(raw, "patterns", path, 80 // 4, "80 cards make 20 patterns") or []
        seat["patterns"] = [self._pattern(f"{path}.patterns[{j}]", p) for j, p in enumerate(patterns)]
        protected = _list(raw, "protected", path) or []
        seat["protected_raw"] = [(f"{path}.protected[{j}]", self._ref_text(c, f"{path}.protected[{j}]"))
                                 for j, c in enumerate(protected)]
        seat["nian"] = self._nian_list(raw, "nian", path, count_allowed=True) or []
        return seat

    def _pattern(self, path: str, raw: Any) -> dict:
        if isinstance(raw, list):
            raw = {"cards": raw}
        elif isinstance(raw, str):
            raw = {"spirit": raw}
        if not isinstance(raw, Mapping):
            raise PositionError(path, f"expected a pattern (4 cards, a spirit, or an object), got {_short(raw)}")
        _unknown_fields(raw, PATTERN_FIELDS, path)
        spirit = field(raw, "spirit", str, path, default=None)
        code = None if spirit is None else self._spirit_code(spirit, f"{path}.spirit")
        lotus = field(raw, "lotus", bool, path, default=False)
        cards = None
        if "cards" in raw:
            cards = self._cards(raw, "cards", path)
            if len(cards) != 4:
                raise PositionError(f"{path}.cards", f"a pattern has 4 cards, not {len(cards)}", refs.ENERGY_POINTS)
        elif code is None:
            raise PositionError(path, "a pattern gives its 'cards' or its 'spirit'")
        return {"path": path, "spirit": code, "cards": cards, "lotus": lotus}

    def _spirit_code(self, text: str, path: str) -> str:
        words = text.lower().split() if len(text) <= 60 else []
        for code, spirit in self.components.spirits.items():
            if words in ([code.lower()], spirit.name.lower().split()):
                return code
        raise PositionError(path, f"unknown spirit {_short(text)}; the spirits are "
                                + ", ".join(f"{c} ({s.name})" for c, s in self.components.spirits.items()))

    # -- cards -------------------------------------------------------------------------------
    def _ref_text(self, raw: Any, path: str) -> str:
        if not isinstance(raw, str):
            raise PositionError(path, f"expected a card (an id like \"TS09\" or a description like \"TS yang\"), "
                                f"got {type(raw).__name__} {_short(raw)}")
        return raw

    def _cards(self, obj: Mapping, key: str, path: str, default: Any = ()) -> list | None:
        """The card list ``obj[key]``: ids placed now, descriptions queued (slots filled later)."""
        values = _list(obj, key, path)
        if values is None:
            return None if default is None else list(default)
        base = f"{path}.{key}" if path else key
        slots: list = [None] * len(values)
        for i, raw in enumerate(values):
            where = f"{base}[{i}]"
            text = self._ref_text(raw, where)
            card = text.strip().upper()
            if card in self.components.cards:
                self._take(card, where)
                slots[i] = card
                continue
            if is_nian_shou(card) and card[2:].isdigit() or card.lower() in NIAN_WORDS:
                raise PositionError(where, f"{text!r} is a Nian Shou card: Nian Shou cards are in a player's "
                                    "'nian' or the 'central' pattern", refs.NIAN_SHOU)
            description = self._describe(text, where)
            if description is None:
                raise PositionError(where, f"unknown card {_short(text)}: name a card by its id (TS01..TS16, VB.., "
                                    "AD.., MT.., YU..) or describe it: the spirit's code or name, then its part "
                                    "and/or yin or yang, e.g. \"TS yang\", \"AD head yin\"", refs.SPIRIT_CARDS)
            rank = (description[1] is not None) + (description[2] is not None)
            self.pending.append((-rank, len(self.pending), where, description, slots, i))
        return slots

    def _describe(self, text: str, path: str) -> tuple | None:
        """``(spirit, part or None, symbol or None)`` for a description, None if no spirit fits."""
        if len(text) > 60:
            return None
        words = text.lower().replace("-", " ").replace("_", " ").split()
        for code, spirit in self.components.spirits.items():
            for label in ([code.lower()], spirit.name.lower().split()):
                if words[:len(label)] != label:
                    continue
                part = symbol = None
                for word in words[len(label):]:
                    if word in (YIN, YANG) and symbol is None:
                        symbol = word
                    elif word in spirit.parts and part is None:
                        part = word
                    else:
                        raise PositionError(path, f"{text!r}: {word!r} is not a part ({', '.join(spirit.parts)}) "
                                            f"or symbol (yin, yang) of a {spirit.name} card", refs.SPIRIT_CARDS)
                if part is None and len(spirit.parts) == 1:
                    part = spirit.parts[0]
                return (code, part, symbol)
        return None

    def _take(self, card: str, where: str) -> None:
        if card in self.where:
            rule = refs.NIAN_SHOU if is_nian_shou(card) else refs.SPIRIT_CARDS
            raise PositionError(where, f"{card} is in two places: here and at {self.where[card]}", rule)
        self.where[card] = where

    def _free(self, code: str, part: str | None, symbol: str | None) -> list[str]:
        return [c.id for c in self.by_spirit[code] if c.id not in self.where
                and (part is None or c.part == part) and (symbol is None or c.symbol == symbol)]

    def _resolve(self) -> None:
        """Descriptions take the first free card that fits, the most precise ones first."""
        for _, _, where, (code, part, symbol), slots, i in sorted(self.pending, key=lambda p: p[:2]):
            free = self._free(code, part, symbol)
            if not free:
                spirit = self.components.spirits[code]
                name = " ".join(w for w in (spirit.name, part if len(spirit.parts) > 1 else None, symbol) if w)
                raise PositionError(where, f"no free card fits {name!r}: every such card is placed elsewhere "
                                    "(there are 8 Yin and 8 Yang cards of each Spirit)", refs.CARD_BACKS)
            self._take(free[0], where)
            slots[i] = free[0]

    def _resolve_patterns(self, seat: dict) -> None:
        for pattern in seat["patterns"]:
            path, code = pattern["path"], pattern["spirit"]
            if pattern["cards"] is None:
                pattern["cards"] = self._pattern_cards(code, path)
            first = self.components.cards[pattern["cards"][0]]
            spirit = self.components.spirits[code or first.spirit]
            problem = pattern_problem(spirit, [self.components.cards[c] for c in pattern["cards"]])
            if problem:
                raise PositionError(path, f"not a complete pattern: {problem}", refs.ENERGY_POINTS)
            pattern["spirit"] = spirit.code
            if pattern["lotus"] and not self.options.summoning:
                raise PositionError(f"{path}.lotus", "a Lotus token on a pattern summons it: the summoning module "
                                    "is not in play (options.summoning)", refs.ADVANCED_MODE)

    def _pattern_cards(self, code: str, path: str) -> list[str]:
        spirit = self.components.spirits[code]
        if spirit.pattern == "heads-bodies":
            picks = self._free(code, "head", None)[:2] + self._free(code, "body", None)[:2]
        elif spirit.pattern == "different":
            picks = [free[0] for part in spirit.parts if (free := self._free(code, part, None))]
        else:
            picks = self._free(code, None, None)[:4]
        if len(picks) < 4:
            raise PositionError(path, f"the free {spirit.name} cards no longer make a complete pattern "
                                "(each pattern is present in 4 copies)", refs.ENCHANTED)
        for card in picks:
            self._take(card, path)
        return picks

    def _resolve_protected(self, seat: dict) -> None:
        seat["protected"] = []
        for where, text in seat["protected_raw"]:
            if not self.options.protection:
                raise PositionError(where, "protection tokens are an Advanced Mode module not in play "
                                    "(options.protection)", refs.ADVANCED_MODE)
            card = text.strip().upper()
            if is_nian_shou(card) and card[2:].isdigit() or card.lower() in NIAN_WORDS:
                raise PositionError(where, "Nian Shou cards cannot have protection tokens", refs.PROTECTION_TOKENS)
            if card in self.components.cards:
                fits = [card] if card in seat["spirit"] else []
                if card in seat["protected"]:
                    raise PositionError(where, f"{card} is protected twice: a card can only be protected by a "
                                        "token", refs.PROTECTION_TOKENS)
            else:
                description = self._describe(text, where)
                if description is None:
                    raise PositionError(where, f"unknown card {_short(text)}", refs.SPIRIT_CARDS)
                code, part, symbol = description
                fits = [c for c in seat["spirit"] if c not in seat["protected"] and self._fits(c, code, part, symbol)]
            if not fits:
                raise PositionError(where, f"{text!r} is not one of {seat['name']}'s Spirit face up cards outside "
                                    "patterns (`spirit`), where protection tokens go (ruling "
                                    "beyond.protection-placement)", refs.PROTECTION_TOKENS)
            seat["protected"].append(fits[0])

    def _fits(self, card: str, code: str, part: str | None, symbol: str | None) -> bool:
        c = self.components.cards[card]
        return c.spirit == code and (part is None or c.part == part) and (symbol is None or c.symbol == symbol)

    # -- Nian Shou ---------------------------------------------------------------------------
    def _nian_list(self, obj: Mapping, key: str, path: str, count_allowed: bool = False) -> list | None:
        base = f"{path}.{key}" if path else key
        if count_allowed and isinstance(obj.get(key), int) and not isinstance(obj.get(key), bool):
            count = field(obj, key, int, path, low=0)
            if count > len(self.components.nian_shou):
                raise PositionError(base, f"there are only {len(self.components.nian_shou)} Nian Shou cards, "
                                    f"not {count}", refs.NIAN_SHOU)
            values = ["NS"] * count
        else:
            values = _list(obj, key, path)
            if values is None:
                return None
        slots: list = [None] * len(values)
        for i, raw in enumerate(values):
            where = f"{base}[{i}]"
            text = self._ref_text(raw, where).strip()
            if text.upper() in self.components.nian_shou:
                self._take(text.upper(), where)
                slots[i] = text.upper()
            elif text.lower() in NIAN_WORDS:
                self.nian_pending.append((where, slots, i))
            elif text.upper() in self.components.cards or (len(text) <= 60 and self._describe(text, where)):
                raise PositionError(where, f"{text!r} is a Celestial Spirit card, not a Nian Shou card "
                                    "(NS1..NS6)", refs.NIAN_SHOU)
            else:
                raise PositionError(where, f"unknown Nian Shou card {_short(text)}: NS1..NS6, or \"NS\" for any "
                                    "free one", refs.NIAN_SHOU)
        return slots

    def _resolve_nian(self) -> None:
        for where, slots, i in self.nian_pending:
            free = [n for n in self.components.nian_shou if n not in self.where]
            if not free:
                raise PositionError(where, "no Nian Shou card is left: there are 6", refs.NIAN_SHOU)
            self._take(free[0], where)
            slots[i] = free[0]

    def _check_nian_shou(self) -> None:
        missing = [n for n in self.components.nian_shou if n not in self.where]
        if missing:
            raise PositionError("central", f"Nian Shou card(s) {', '.join(missing)} are nowhere: each of the 6 is "
                                "in the central pattern or with a player", refs.NIAN_SHOU)

    def _draw(self, draw: list | None, draw_top: list | None) -> list:
        free = [c for c in self.components.cards if c not in self.where]
        if draw is not None:
            if free:
                raise PositionError("draw", f"{len(free)} Celestial Spirit card(s) are nowhere "
                                    f"({', '.join(free[:6])}{', ...' if len(free) > 6 else ''}): the 80 cards are "
                                    "all somewhere -- list them, or give only 'draw_top' (the rest is shuffled) "
                                    "or no draw pile at all", refs.SPIRIT_CARDS)
            return draw
        self.rng.shuffle(free)
        return list(draw_top or []) + free

    # -- the rules, and the state ----------------------------------------------------------------
    def _state(self, seats: list, revealed: list, to_place: list, discard: list, draw: list,
               central: list) -> BeyondState:
        pos, comp, names = self.pos, self.components, self.names
        n = len(names)
        holder = next((s["name"] for s in seats if len(s["nian"]) == len(comp.nian_shou)), None)
        for s in seats:
            self._check_seat(s)
        self._check_tokens(seats)
        supply = comp.supply_tokens - sum(s["tokens"] + len(s["protected"]) for s in seats)
        given = field(pos, "supply", int, default=supply, low=0)
        if given != supply:
            raise PositionError("supply", f"the common supply holds the tokens no player has: {supply}, not "
                                f"{given} ({comp.supply_tokens} tokens in all, ruling beyond.supply-tokens)",
                                refs.SET_UP)
        # who acts, which turn
        default_active = (holder or names[-1]) if self.phase == "over" else names[0]
        active = field(pos, "active", str, default=default_active)
        if active not in names:
            raise PositionError("active", f"unknown player {_short(active)}; the players are {', '.join(names)}")
        seat = names.index(active)
        turn = field(pos, "turn", int, default=seat + 1, low=1, high=MAX_TURN)
        if (turn - 1) % n != seat:
            raise PositionError("turn", f"turn {turn} is {names[(turn - 1) % n]}'s, not {active}'s: turns go round "
                                f"the table to the left from the first player {names[0]} (turn 1)", refs.GAME_ROUND)
        # the pile and the end
        mode = self.rulings["beyond.second-draw-pile"]
        second = field(pos, "second_pile", bool, default=False)
        if second and mode == "single-pile":
            raise PositionError("second_pile", "there is no second draw pile under ruling "
                                "beyond.second-draw-pile = 'single-pile'", refs.END_OF_GAME)
        if not draw and mode == "reshuffle-discard" and not second:
            raise PositionError("second_pile", "the first draw pile is finished, so the discard pile became the "
                                "second draw pile (ruling beyond.second-draw-pile): second_pile is true",
                                refs.END_OF_GAME)
        three = next((s["name"] for s in seats if len(s["patterns"]) >= 3), None)
        derived = three is not None or not draw
        end = field(pos, "end_triggered", bool, default=derived)
        if end != derived:
            why = (f"{three} has performed 3 enchantments" if three else "the last draw pile is finished") if derived \
                else "no player has 3 patterns and the last draw pile is not finished"
            raise PositionError("end_triggered", f"must be {str(derived).lower()}: {why}", refs.END_OF_GAME)
        self._check_phase(revealed, to_place, holder, active, seat, end)
        data = {"draw": draw, "discard": discard, "revealed": revealed, "central": central, "to_place": to_place,
                "supply": supply, "second_pile": second, "end_triggered": end,
                "areas": {s["name"]: {"spirit": s["spirit"], "nian": s["nian"],
                                      "patterns": [{"spirit": pt["spirit"], "cards": pt["cards"], "lotus": pt["lotus"]}
                                                   for pt in s["patterns"]],
                                      "captures": s["captures"], "tokens": s["tokens"], "lotus": s["lotus"],
                                      "protected": s["protected"]} for s in seats},
                "active": seat, "turn": turn, "phase": self.phase, "winners": [],
                "rng": SeededRng(self.seed), "beyond_stock": names[0]}
        state = BeyondState(names, comp, self.options, self.rulings, data)
        self._winners(state, holder)
        state.emit("position", f"set up from a position: turn {turn}, {active} to act, phase '{self.phase}'",
                   refs.SET_UP, position=to_position(state), seed=self.seed)
        try:
            state.check_invariants()
        except AssertionError as error:
            raise PositionError("", f"the state breaks an invariant: {error}") from None
        return state

    def _check_seat(self, s: dict) -> None:
        comp, path = self.components, s["path"]
        if len(s["captures"]) > comp.capture_corners:
            raise PositionError(f"{path}.captures", f"{len(s['captures'])} Capture cards: a player can have a maximum "
                                f"of {comp.capture_corners}", refs.PHASE_2)
        on_patterns = sum(pt["lotus"] for pt in s["patterns"])
        if s["lotus"] + on_patterns > comp.lotus_per_player:
            raise PositionError(f"{path}.lotus", f"{s['lotus']} Lotus token(s) on the stock and {on_patterns} on "
                                f"patterns: each player has only {comp.lotus_per_player}", refs.SET_UP)

    def _check_tokens(self, seats: list) -> None:
        total, held = self.components.supply_tokens, 0
        for s in seats:
            held += s["tokens"] + len(s["protected"])
            if held > total:
                raise PositionError(f"{s['path']}.tokens", f"{held} tokens in the players' stocks and on protected "
                                    f"cards so far, but the game has only {total} (ruling beyond.supply-tokens)",
                                    refs.SET_UP)

    def _check_phase(self, revealed: list, to_place: list, holder, active: str, seat: int, end: bool) -> None:
        phase, names, cards = self.phase, self.names, self.components.cards
        spirits = [cards[c].spirit for c in revealed]
        if phase in ("place", "act", "over") and revealed and not (phase == "over" and holder):
            raise PositionError("revealed", f"no card is revealed in phase '{phase}': the revealed cards are "
                                "collected or discarded at the end of Phase 1", refs.PHASE_1)
        if phase != "place" and to_place:
            raise PositionError("to_place", f"cards wait to be placed only in phase 'place', not '{phase}'",
                                refs.PHASE_2)
        if phase == "reveal" and len(set(spirits)) != len(spirits):
            raise PositionError("revealed", "two revealed cards show the same Spirit: the reveal has failed, the "
                                "player must stop (phase 'collect')", refs.PHASE_1)
        if phase == "collect":
            if len(spirits) < 2 or spirits[-1] not in spirits[:-1]:
                raise PositionError("revealed", "in phase 'collect' the reveal has failed: the last revealed card "
                                    "shows the Spirit of an earlier one", refs.PHASE_1)
            if len(set(spirits[:-1])) != len(spirits) - 1:
                raise PositionError("revealed", "a failed reveal stops at once: only the last revealed card repeats "
                                    "a Spirit", refs.PHASE_1)
        if phase == "place" and not to_place:
            raise PositionError("to_place", "in phase 'place' some collected cards are still to be placed",
                                refs.PHASE_2)
        if holder and phase != "over":
            raise PositionError("phase", f"{holder} holds the 6 Nian Shou cards: she has enchanted Nian Shou and won "
                                "instantly, the phase is 'over'", refs.NIAN_SHOU)
        if phase != "over":
            return
        if holder:
            if active != holder:
                raise PositionError("active", f"the game ended when {holder} obtained the last Nian Shou card, in "
                                    f"her turn: active is {holder}", refs.NIAN_SHOU)
            if revealed and (len(spirits) != 2 or spirits[0] != spirits[1]):
                raise PositionError("revealed", "a game won in Phase 1 ends on the first 2 revealed cards of one "
                                    "Spirit (the special case that gives a Nian Shou card)", refs.PHASE_1)
            return
        if not end:
            raise PositionError("phase", "the game is over only after its end is triggered (3 enchantments or the "
                                "last draw pile finished) or when a player enchants Nian Shou", refs.END_OF_GAME)
        if seat != len(names) - 1:
            raise PositionError("active", f"the last round is completed down to the last player: the game ends "
                                f"after {names[-1]}'s turn (ruling beyond.round-end)", refs.END_OF_GAME)

    def _winners(self, state: BeyondState, holder: str | None) -> None:
        given = _list(self.pos, "winners", "", MAX_PLAYERS, "a bound of this format")
        if self.phase != "over":
            if given:
                raise PositionError("winners", f"the game is not over (phase '{self.phase}'): no winner yet",
                                    refs.END_OF_GAME)
            return
        if holder:
            winners, rule = [holder], refs.NIAN_SHOU
        else:
            scores = state.scores()
            tied = [p for p in state.players if scores[p] == max(scores.values())]
            fewest = min(state.spirit_face_cards(p) for p in tied)
            winners, rule = [p for p in tied if state.spirit_face_cards(p) == fewest], refs.END_OF_GAME
        if given is not None:
            for i, name in enumerate(given):
                if not isinstance(name, str) or name not in self.names:
                    raise PositionError(f"winners[{i}]", f"unknown player {_short(name)}; the players are "
                                        f"{', '.join(self.names)}")
            if sorted(given) != sorted(winners):
                raise PositionError("winners", f"the winner(s) are {', '.join(winners)}, not "
                                    f"{', '.join(given) or 'none'} (scores {state.scores()})", rule)
        state._data["winners"] = winners


__all__ = ["PHASES", "PositionError", "from_position", "origin", "to_position"]
