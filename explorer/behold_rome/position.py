"""Behold: Rome positions written by hand: the deck as held, the hand, the round and the settings.

``from_position(data, seed=0)`` builds a legal :class:`~explorer.behold_rome.game.BeholdRomeState`
from a position -- a dict, its JSON text, or the *line format* below -- or refuses it with a
:class:`~explorer.core.positions.PositionError` naming the field (``stack[3]``), the value found
and what was expected, the line for the line format, and, when a rule is broken, the rule and its
section of ``behold-rome-rulebook.txt``.  :func:`to_position` (``state.position()``) writes a state
back as a dict, :func:`position_text` as the line format; ``from_position(to_position(s))`` gives an
equal position.  The guide, with a worked example, is ``docs/positions-behold_rome.md``.

**A card** is written as the name of its active level (``"Aegyptus"``: the card ``egypt`` at level
2; level names are unique in a card set), or its id (``"egypt"``: the starting level), or its id and
level (``"egypt@3"``); a stack card may end in ``(stored)`` (turned 90 degrees) or ``(controlled)``
(a controlled region, at the very back).  ``nation``, ``round`` and ``age`` are the nation card, the
round card and the age card (their levels are the fields ``nation_level`` and ``round``; the age
follows from the round).  ``...`` in the stack stands for every civ card named nowhere, at its
starting level, shuffled with ``seed``.

**Fields** (only ``stack`` is required)::

    system            "behold_rome"
    stack             the deck, top card first; the nation card in it, the round and age cards
                      right behind it (inserted there when left out), stored cards, then the
                      controlled regions at the very back
    hand              the cards in the hand                                        default []
    aside             cards an action being resolved holds (the played card)       default []
    resolving         the actions being resolved, as a save writes them            default []
    round             the round (1 .. the difficulty's rounds)                     default 1
    nation_level      the nation card's level 1-4, or its status (``republic``)    default its starting level
    nation_developed  the nation card was developed this round                     default false
    turn              the turn of the game (1 = the first)                         default 1
    phase             action | costs | benefits | draw | over       default derived (action)
    difficulty        casual | easy | normal | hard | impossible                   default normal
    variants          fluid-rounds, foresight, score-chaser                        default []
    rival             a rival civ's name (null in Score Chaser Mode)               default the first
    rival_difficulty  the rival civ difficulty setting                             default normal
    rulings           ruling switches {id: value}                                  default {}
    comment           free text, ignored

The **line format** is the same fields one per line, ``field: value``; a list (``stack``, ``hand``,
``aside``, ``variants``) either on the line separated by commas or on the following indented lines,
one item per line (an optional ``-`` in front); ``rulings`` and ``resolving`` are JSON on their
line; ``#`` starts a comment line::

    difficulty: normal
    round: 3
    nation_level: 2
    hand: Levy, Senate, Africa
    stack:
      Aegyptus
      nation
      ...
      Hispania (stored)
      Cisalpine Gaul (controlled)

What a position cannot say: the history (the state starts from the position: its log's first
event records it and the seed) and the random generator (``SeededRng(seed)``; the game draws
nothing at random after set-up).
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping, Optional

from explorer.behold_rome import refs
from explorer.behold_rome.cards import STATUSES, CardSet
from explorer.behold_rome.deck import HAND_SIZE, MARKERS, MAX_CONTROLLED, MAX_STORED, Deck, DeckError
from explorer.behold_rome.game import ROUNDS, BeholdRomeState, _frames, check_config, shipped_cards
from explorer.behold_rome.game_rules import copy_data, phase_of
from explorer.core.inputs import InputError, short
from explorer.core.positions import MAX_POSITION_CHARS, PositionError, field, parse
from explorer.core.rng import SeededRng

SYSTEM = "behold_rome"
TOP_FIELDS = ("system", "difficulty", "variants", "rival", "rival_difficulty", "rulings", "round", "nation_level",
              "nation_developed", "turn", "phase", "stack", "hand", "aside", "resolving", "comment")
LIST_FIELDS = ("stack", "hand", "aside", "variants")
JSON_FIELDS = ("rulings", "resolving")
WHOLE_FIELDS = ("round", "turn", "nation_level")
PHASES = {
    "action": "between actions: play a card, end the turn, move on, develop the nation",
    "costs": "a played card's (or an extra cost's) costs being paid",
    "benefits": "a played card's benefits being resolved",
    "draw": "the end of turn's draw waits for a choice (a stored card would turn upright, or the nation "
            "card could be passed in fluid rounds)",
    "over": "the game is over",
}
MARKS = ("stored", "controlled")
REST = "..."
MAX_ENTRIES = 64
"""No card list is longer than 64 entries (a card set has at most 32 civ cards, plus 3)."""
MAX_ENTRY = 100
"""A card entry is at most 100 characters (a level name has at most 40)."""
MAX_TURN = 100_000
MAX_LINES = 400
"""The line format is refused beyond 400 lines (a whole game fits in about 30)."""
_MARK = re.compile(r"^(.*?)\s*\((stored|controlled)\)\s*$", re.IGNORECASE)


# -- reading ---------------------------------------------------------------------------------------
def from_position(data: Mapping[str, Any] | str, *, seed: int = 0, cardset: Optional[CardSet] = None
                  ) -> BeholdRomeState:
    """The state the position ``data`` describes: a dict, its JSON text, or the line format (a text
    not starting with ``{``).  ``seed`` shuffles the cards ``...`` stands for.  ``cardset``: the
    card set (default the shipped, INVENTED illustrative one).  Raises :class:`PositionError`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PositionError("seed", f"expected a whole number, got {type(seed).__name__} {short(seed, 40)}")
    if cardset is None:
        cardset = shipped_cards()
    elif not isinstance(cardset, CardSet):
        raise PositionError("cardset", f"expected a CardSet (load_cards()), got {type(cardset).__name__}")
    lines: dict[str, int] = {}
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise PositionError("", "expected UTF-8 text") from None
    if isinstance(data, str) and not data.lstrip().startswith("{"):
        data, lines = parse_text(data)
    try:
        return _Builder(parse(data, SYSTEM), seed, cardset).build()
    except PositionError as error:
        if not lines:
            raise
        line = lines.get(error.field) or lines.get(re.split(r"[.\[]", error.field or "")[0])
        if line is None:
            raise
        raise PositionError(error.field, f"line {line}: {error.reason}", error.rule) from None
    except RecursionError:
        raise PositionError("", "nested too deeply to be a position") from None


def parse_text(text: str) -> tuple[dict, dict[str, int]]:
    """The line format as a position dict, and the line (from 1) of each field and list item
    (``{"stack": 4, "stack[0]": 5, ...}``).  PositionError naming the line for a line that is no
    ``field: value`` or an item outside a list."""
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError("", f"a position text of {len(text)} characters is longer than {MAX_POSITION_CHARS}")
    rows = text.splitlines()
    if len(rows) > MAX_LINES:
        raise PositionError("", f"{len(rows)} lines; a position has at most {MAX_LINES}")
    out: dict[str, Any] = {}
    lines: dict[str, int] = {}
    current: Optional[str] = None
    for n, raw in enumerate(rows, 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if raw[0] in " \t-":
            item = raw.strip()
            item = item[1:].strip() if item.startswith("-") else item
            if current is None:
                raise PositionError("", f"line {n}: an indented item {short(item, 40)} outside a list; "
                                        f"the lists are {', '.join(LIST_FIELDS)}")
            lines[f"{current}[{len(out[current])}]"] = n
            out[current].append(item)
            continue
        key, colon, value = raw.partition(":")
        key, value = key.strip(), value.strip()
        if not colon or not key:
            raise PositionError("", f"line {n}: expected 'field: value', got {short(raw, 60)}")
        if key in out:
            raise PositionError(key[:60], f"line {n}: the field is given twice (first on line {lines[key]})")
        lines[key] = n
        current = None
        if key in LIST_FIELDS:
            out[key] = [v.strip() for v in value.split(",")] if value else []
            for i in range(len(out[key])):
                lines[f"{key}[{i}]"] = n
            current = None if value else key
        elif key in JSON_FIELDS:
            try:
                out[key] = json.loads(value) if value else ({} if key == "rulings" else [])
            except (ValueError, RecursionError):
                raise PositionError(key, f"line {n}: expected JSON on the line, got {short(value, 60)}") from None
        elif key in WHOLE_FIELDS and re.fullmatch(r"[+-]?\d{1,9}", value):
            out[key] = int(value)
        elif key == "nation_developed" and value.lower() in ("true", "false"):
            out[key] = value.lower() == "true"
        elif key == "rival" and value.lower() in ("null", "none", ""):
            out[key] = None
        else:
            out[key] = value
    return out, lines


def _located(error: InputError, prefix: str = "") -> PositionError:
    got = "" if error.value is ... else f", got {short(error.value, 60)}"
    return PositionError((prefix + error.field)[:120] or prefix.rstrip("."), f"expected {error.expected}{got}")


class _Builder:
    """One position being read."""

    def __init__(self, position: dict, seed: int, cardset: CardSet):
        self.pos, self.seed, self.cards = position, seed, cardset
        self.by_name = {lv.name: (c.id, lv.level) for c in cardset.civ_cards for lv in c.levels}
        self.by_lower = {}
        for name, where in self.by_name.items():
            self.by_lower.setdefault(name.lower(), []).append(where)
        self.starting = {c.id: c.starting_level for c in cardset.civ_cards}
        self.where: dict[str, str] = {}

    def build(self) -> BeholdRomeState:
        pos = self.pos
        for key in pos:
            if key not in TOP_FIELDS:
                raise PositionError(str(key)[:60], f"unknown field; the fields are {', '.join(TOP_FIELDS)}")
        field(pos, "comment", str, default="")
        raw = {k: pos[k] for k in ("difficulty", "variants", "rival", "rival_difficulty", "rulings") if k in pos}
        if isinstance(raw.get("variants"), str):  # the line format's single variant
            raw["variants"] = [raw["variants"]]
        try:
            config = check_config(raw, self.cards, "position")
        except InputError as error:
            raise _located(error) from None
        rounds = ROUNDS[config["difficulty"]]
        round_ = field(pos, "round", int, default=1, low=1, high=rounds)
        nation_level = self._nation_level()
        turn = field(pos, "turn", int, default=1, low=1, high=MAX_TURN)
        developed = field(pos, "nation_developed", bool, default=False)
        phase = field(pos, "phase", str, default=None)
        if phase is not None and phase not in PHASES:
            raise PositionError("phase", f"expected one of {', '.join(PHASES)}, got {short(phase, 40)}", refs.TURNS)
        stack = self._entries("stack", required=True)
        hand = self._entries("hand")
        aside = self._entries("aside")
        deck = self._deck(stack, hand, aside, nation_level, round_, config)
        frames = self._frames(field(pos, "resolving", list, default=[]))
        data = {"deck": deck, "round": round_, "turn": turn, "refill": None, "nation_developed": developed,
                "over": False, "frames": frames}
        state = BeholdRomeState(config, self.cards, data)
        self._phase(state, phase)
        try:
            state.check_invariants()
        except (AssertionError, DeckError, KeyError) as error:
            raise PositionError("resolving" if frames else "stack", f"a consistent game ({error})",
                                refs.ACTION_PHASE if frames else refs.HOLDING_THE_GAME) from None
        state.origin = None
        written = to_position(state)
        state.emit("position", f"set up from a position: round {round_}, turn {turn}, phase {state.phase!r}",
                   refs.SETUP, player="player", position=written, seed=self.seed)
        state._changed()
        return state

    # -- fields ------------------------------------------------------------------------------------
    def _frames(self, value: list) -> list:
        """The actions being resolved, checked as a save's frames are (game._frames); a value of the wrong
        kind where a card id belongs is refused naming the frame, not left to fail inside."""
        try:
            return _frames(value, self.cards, "position")
        except InputError as error:
            raise _located(error, "resolving.") from None
        except (TypeError, AttributeError):  # an unhashable value where a card id belongs
            for k, frame in enumerate(value):
                try:
                    _frames([frame], self.cards, "position")
                except (TypeError, AttributeError, InputError):
                    raise PositionError(f"resolving[{k}]", f"expected a frame as a save writes it (its card and "
                                                           f"touched cards by id), got {short(frame, 60)}") from None
            raise PositionError("resolving", "expected the frames as a save writes them") from None

    def _nation_level(self) -> int:
        value = self.pos.get("nation_level", self.cards.nation.starting_level)
        if isinstance(value, str):
            statuses = {lv.status: lv.level for lv in self.cards.nation.levels}
            if value.lower() not in statuses:
                raise PositionError("nation_level", f"expected a level 1-4 or a status ({', '.join(STATUSES)}), "
                                                    f"got {short(value, 40)}", refs.NATION_CARD)
            return statuses[value.lower()]
        return field(self.pos, "nation_level", int, default=self.cards.nation.starting_level, low=1, high=4)

    def _entries(self, key: str, required: bool = False) -> list:
        value = field(self.pos, key, list, default=None if required else [])
        if value is None:
            raise PositionError(key, "is required: the deck as held, top card first (the nation card in it)",
                                refs.HOLDING_THE_GAME)
        if len(value) > MAX_ENTRIES:
            raise PositionError(key, f"{len(value)} entries; at most {MAX_ENTRIES} (a card set has at most 32 "
                                     "civ cards and the nation, round and age cards)")
        return [self._entry(key, i, item) for i, item in enumerate(value)]

    def _entry(self, key: str, i: int, item: Any) -> list:
        """``[id, level, mark]`` (``[REST]`` for ``...``); the card noted as placed here."""
        where = f"{key}[{i}]"
        if not isinstance(item, str):
            raise PositionError(where, f"expected a card (a level's name, an id, or id@level), got "
                                       f"{type(item).__name__} {short(item, 40)}")
        if len(item) > MAX_ENTRY:
            raise PositionError(where, f"a card entry of {len(item)} characters; at most {MAX_ENTRY}")
        text, mark = item.strip(), ""
        found = _MARK.match(text)
        if found:
            text, mark = found.group(1).strip(), found.group(2).lower()
            if key != "stack":
                raise PositionError(where, f"a card in the {key} is never {mark} (only stack cards are stored "
                                           f"or controlled), got {short(item, 60)}", refs.HOLDING_THE_GAME)
        if text == REST:
            if key != "stack" or mark:
                raise PositionError(where, "'...' (the civ cards named nowhere) stands in the stack only, "
                                           "unmarked")
            if REST in self.where:
                raise PositionError(where, f"'...' is written twice (first at {self.where[REST]})")
            self.where[REST] = where
            return [REST]
        card, level = self._card(where, text)
        if card in self.where:
            raise PositionError(where, f"{card!r} is in two places (also at {self.where[card]}): every card "
                                       "is held once", refs.COMPONENTS)
        self.where[card] = where
        if card in MARKERS:
            if key != "stack":
                raise PositionError(where, f"the {card} card never leaves the stack", refs.HOLDING_THE_GAME)
            if mark:
                raise PositionError(where, f"the {card} card is never {mark}", refs.HOLDING_THE_GAME)
        if mark == "controlled":
            lv = self.cards.card(card).level(level)
            if lv.type != "region":
                raise PositionError(where, f"a controlled card shows a region level; {lv.name} is "
                                           f"{lv.type}", refs.CONTROLLED_REGION)
        return [card, level, mark]

    def _card(self, where: str, text: str) -> tuple[str, int]:
        if text in self.by_name:
            return self.by_name[text]
        if text.lower() in MARKERS:
            return text.lower(), 0
        if text in self.starting:
            return text, self.starting[text]
        card, at, number = text.rpartition("@")
        card = card.strip()
        if at and card in self.starting:
            if not re.fullmatch(r"\s*[1-4]\s*", number):
                raise PositionError(where, f"expected a level 1-4 after '@', got {short(number.strip(), 20)}",
                                    refs.LEVEL)
            return card, int(number)
        if len(self.by_lower.get(text.lower(), ())) == 1:
            return self.by_lower[text.lower()][0]
        close = [n for n in self.by_name if n.lower().startswith(text.lower()[:3])][:4] if text else []
        hint = f" (did you mean {', '.join(map(repr, close))}?)" if close else ""
        raise PositionError(where, f"expected a card: a level's name, a card id ({', '.join(list(self.starting)[:4])}"
                                   f", ...), id@level, nation, round or age; got {short(text, 40)}{hint}")

    def _deck(self, stack: list, hand: list, aside: list, nation_level: int, round_: int, config: dict) -> Deck:
        from explorer.behold_rome.game_rules import Rules
        from explorer.core.rulings import Rulings

        rules = Rules(self.cards, Rulings(config["rulings"]), frozenset(config["variants"]), ROUNDS[config["difficulty"]])
        levels = {"nation": nation_level, "round": round_, "age": rules.age(round_)}
        if "nation" not in self.where:
            raise PositionError("stack", "the nation card is in the stack (it is never drawn); write 'nation' where "
                                         "it is", refs.HOLDING_THE_GAME)
        rest = [[c.id, c.starting_level, ""] for c in self.cards.civ_cards if c.id not in self.where]
        if rest and REST not in self.where:
            names = ", ".join(c[0] for c in rest[:6]) + (" ..." if len(rest) > 6 else "")
            raise PositionError("stack", f"{len(rest)} civ cards are named nowhere ({names}): name them, or write "
                                         "'...' in the stack where they are (shuffled)", refs.COMPONENTS)
        SeededRng(self.seed).shuffle(rest)
        out = []
        for e in stack:
            if e[0] == REST:
                out += rest
            elif e[0] == "nation":
                out.append(["nation", nation_level, ""])
                out += [[m, levels[m], ""] for m in ("round", "age") if m not in self.where]
            elif e[0] in ("round", "age"):
                out.append([e[0], levels[e[0]], ""])
            else:
                out.append(e)
        if len([e for e in out if e[2] == "stored"]) > MAX_STORED:
            raise PositionError("stack", f"{len([e for e in out if e[2] == 'stored'])} stored cards; at most "
                                         f"{MAX_STORED} (4 slots)", refs.SLOT)
        if len([e for e in out if e[2] == "controlled"]) > MAX_CONTROLLED:
            raise PositionError("stack", f"{len([e for e in out if e[2] == 'controlled'])} controlled regions; at "
                                         f"most {MAX_CONTROLLED} (4 slots)", refs.SLOT)
        deck = Deck(out, [e[:2] for e in hand], [e[:2] for e in aside])
        marks = [e[2] for e in out]
        if "controlled" in marks and any(m != "controlled" for m in marks[marks.index("controlled"):]):
            raise PositionError("stack", "the controlled regions are at the very back of the stack, behind every "
                                         "other card", refs.CONTROLLED_REGION)
        if marks and marks[0] == "stored":
            raise PositionError("stack[0]", "the top card is never stored: a stored card that becomes the top "
                                            "card turns upright", refs.HOLDING_THE_GAME)
        try:
            deck.check()
        except DeckError as error:
            raise PositionError("stack", f"a deck as held ({error})", refs.HOLDING_THE_GAME) from None
        return deck

    def _phase(self, state: BeholdRomeState, phase: Optional[str]) -> None:
        d, rules = state._data, state.rules
        derived = phase_of(d)
        if phase in (None, derived):
            return
        if phase in ("draw", "over") and d["frames"]:
            raise PositionError("phase", f"no {phase!r} while actions are being resolved ('resolving' is not "
                                         f"empty: phase {derived!r})", refs.TURNS)
        if phase == "draw":
            if len(d["deck"].hand) >= HAND_SIZE:
                raise PositionError("phase", f"the end of turn's draw fills the hand to {HAND_SIZE}; the hand holds "
                                             f"{len(d['deck'].hand)} already", refs.END_OF_TURN_PHASE)
            if rules.nation_on_top(d) and rules.can_pass(d):
                d["refill"] = "nation"
            elif not rules.nation_on_top(d) and d["deck"].next_unstores():
                d["refill"] = "stored"
            else:
                raise PositionError("phase", "the draw waits only when the next card drawn would turn a stored card "
                                             "upright (the card behind the top card is stored), or, in fluid rounds, "
                                             "when the nation card on top could be passed", refs.HOLDING_THE_GAME)
            return
        if phase == "over":
            if not rules.last_round(d):
                raise PositionError("phase", f"the game ends at the end of round {rules.rounds} "
                                             f"({state.difficulty}), not round {d['round']}", refs.ROUND_END)
            if not (rules.nation_on_top(d) or rules.any_time):
                raise PositionError("phase", "the last round ends once the nation card is revealed: put 'nation' "
                                             "on top", refs.ROUND_END)
            d["over"] = True
            return
        raise PositionError("phase", f"the position is in phase {derived!r} ('resolving' says what is being "
                                     f"resolved), not {phase!r}", refs.TURNS)


# -- writing ---------------------------------------------------------------------------------------
def card_text(cardset: CardSet, entry) -> str:
    """A deck entry ``[id, level(, mark)]`` as a position writes it: the level's name (``id@level`` if
    that name is also a card id), then ``(stored)`` / ``(controlled)``."""
    card, level = entry[0], entry[1]
    if card in MARKERS:
        text = card
    else:
        name = cardset.card(card).level(level).name
        ids = {c.id for c in cardset.civ_cards}
        text = f"{card}@{level}" if name in ids or name.lower() in MARKERS or name == REST else name
    mark = entry[2] if len(entry) > 2 else ""
    return f"{text} ({mark})" if mark else text


def to_position(state: BeholdRomeState) -> dict:
    """``state`` as a position (every field written; ``aside`` and ``resolving`` only when an action
    is being resolved).  What ``state.position()`` returns."""
    if not isinstance(state, BeholdRomeState):
        raise PositionError("", f"expected a Behold: Rome state, got {type(state).__name__}")
    d, cs = state._data, state.cardset
    c = state.config
    out = {"system": SYSTEM, "difficulty": c["difficulty"], "variants": list(c["variants"]), "rival": c["rival"],
           "rival_difficulty": c["rival_difficulty"], "rulings": dict(c["rulings"]), "round": d["round"],
           "nation_level": d["deck"].level("nation"), "nation_developed": d["nation_developed"], "turn": d["turn"],
           "phase": state.phase, "stack": [card_text(cs, e) for e in d["deck"].stack],
           "hand": [card_text(cs, e) for e in d["deck"].hand]}
    if d["deck"].aside or d["frames"]:
        out["aside"] = [card_text(cs, e) for e in d["deck"].aside]
        out["resolving"] = copy_data(d)["frames"]
    return out


def position_text(position: BeholdRomeState | Mapping[str, Any]) -> str:
    """A state (or a position dict) in the line format, one field a line, the stack one card a line."""
    pos = to_position(position) if isinstance(position, BeholdRomeState) else dict(position)
    lines = ["# Behold: Rome position (docs/positions-behold_rome.md)"]
    for key in TOP_FIELDS:
        if key not in pos or key == "system":
            continue
        value = pos[key]
        if key == "stack":
            lines.append("stack:")
            lines += [f"  {e}" for e in value]
        elif key in LIST_FIELDS:
            lines.append(f"{key}: {', '.join(value)}".rstrip())
        elif key in JSON_FIELDS:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
        elif value is None:
            lines.append(f"{key}: null")
        elif isinstance(value, bool):
            lines.append(f"{key}: {'true' if value else 'false'}")
        else:
            lines.append(f"{key}: {value}")
    return "\n".join(lines) + "\n"


def origin(state: BeholdRomeState) -> Optional[dict]:
    """``{"position": ..., "seed": ...}`` if ``state`` was built from a position (its log's first
    event records it), else None."""
    first = state.log[0] if state.log else None
    if first is None or first.kind != "position":
        return None
    return {"position": first.data["position"], "seed": first.data["seed"]}


__all__ = ["card_text", "from_position", "origin", "parse_text", "position_text", "to_position"]
