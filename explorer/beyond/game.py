"""A game of Beyond: the state, set-up, scoring, views and save/load.

The rules of each action live in :mod:`explorer.beyond.game_rules`.  For odds and analysis the
state exposes (all read-only views; card ids name :class:`~explorer.beyond.cards.SpiritCard`):

* ``state.draw_pile`` -- ids, top card first (hidden from players: ``view`` gives only its size);
* ``state.draw_pile_counts()`` -- ``Counter`` of card ``key`` ``(spirit, part, symbol)`` in the pile;
* ``state.revealed`` -- the cards revealed this turn, in order; ``state.discard`` -- public, in order;
* ``state.second_pile`` -- the draw pile is the second one (ruling ``beyond.second-draw-pile``);
* ``state.area(player)`` -- the player's play area (loose spirit cards, Nian Shou cards, patterns,
  capture cards, tokens, Lotus tokens, protected cards); ``state.central`` -- Nian Shou left.
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from explorer.beyond import refs
from explorer.beyond.actions import Action
from explorer.beyond.cards import SpiritCard
from explorer.beyond.data import Components, load_components
from explorer.beyond.rulings import SECOND_DRAW_PILE
from explorer.core.game import Event, GameState
from explorer.core.rng import SeededRng
from explorer.core.rulings import Rulings


SCORE_HEADINGS = {"patterns": "Patterns", "loose spirit cards": "Loose Spirit cards", "nian shou": "Nian Shou cards",
                  "capture cards": "Capture cards",
                  "tokens in the play area (Lotus included)": "Tokens in the play area (Lotus included)",
                  "total": "Total"}
"""The rows of :meth:`BeyondState.score` as a table heads them, in the rulebook's words
(beyond-rulebook.txt, "End of the Game - Counting Energy Points")."""

@dataclass(frozen=True)
class GameOptions:
    """Advanced-mode modules, each switchable (beyond-rulebook.txt, "Advanced Mode")."""

    protection: bool = False
    summoning: bool = False

    @classmethod
    def advanced(cls) -> "GameOptions":
        return cls(True, True)

    def to_json(self) -> dict:
        return {"protection": self.protection, "summoning": self.summoning}


def _new_area(lotus: int) -> dict:
    return {"spirit": [], "nian": [], "patterns": [], "captures": [], "tokens": 0, "lotus": lotus,
            "protected": []}


def _copy_data(d: dict) -> dict:
    out = dict(d)
    for key in ("draw", "discard", "revealed", "central", "to_place", "winners"):
        out[key] = list(d[key])
    out["areas"] = {p: {"spirit": list(a["spirit"]), "nian": list(a["nian"]),
                        "patterns": [dict(pt, cards=list(pt["cards"])) for pt in a["patterns"]],
                        "captures": list(a["captures"]), "tokens": a["tokens"], "lotus": a["lotus"],
                        "protected": list(a["protected"])} for p, a in d["areas"].items()}
    out["rng"] = d["rng"].copy()
    return out


class BeyondState(GameState):
    """A Beyond game in progress.  Phases: ``reveal``, ``collect`` (after a failed reveal),
    ``place``, ``act`` (Phase 3), ``over``."""

    game_over_rule = refs.END_OF_GAME

    def __init__(self, players: Sequence[str], components: Components, options: GameOptions,
                 rulings: Rulings, data: dict):
        super().__init__()
        self.players = tuple(players)
        self.components = components
        self.cards: dict[str, SpiritCard] = components.cards
        self.options = options
        self.rulings = rulings
        self._data = data
        self.origin: dict | None = None
        """How the game was dealt (players, seed, options, rulings, stacked top cards): what
        :func:`dealt_from_save` deals again for a replay; None if unknown."""

    # -- protocol --------------------------------------------------------------------------------
    @property
    def current_player(self) -> str | None:
        return None if self.is_terminal() else self.players[self._data["active"]]

    @property
    def phase(self) -> str:
        return self._data["phase"]

    @property
    def winner(self) -> str | None:
        w = self._data["winners"]
        return w[0] if len(w) == 1 else None

    @property
    def winners(self) -> list[str]:
        return list(self._data["winners"])

    def is_terminal(self) -> bool:
        return self._data["phase"] == "over"

    def _verify(self, action: Action) -> None:
        from explorer.beyond.game_rules import verify
        verify(self, action)

    def _perform(self, action: Action) -> None:
        from explorer.beyond.game_rules import perform
        perform(self, action)

    def _candidates(self, kind: str | None = None):
        from explorer.beyond.game_candidates import candidates
        return [a for a in candidates(self) if kind is None or a.kind == kind]

    def _snapshot(self) -> dict:
        return _copy_data(self._data)

    def _restore(self, snapshot: dict) -> None:
        self._data = _copy_data(snapshot)

    # -- reading the state -------------------------------------------------------------------------
    @property
    def active_player(self) -> str:
        return self.players[self._data["active"]]

    @property
    def beyond_stock(self) -> str:
        """The player holding the BEYOND stock card: the first player (beyond-rulebook.txt, "Set Up")."""
        return self._data["beyond_stock"]

    @property
    def draw_pile(self) -> tuple[str, ...]:
        return tuple(self._data["draw"])

    def draw_pile_counts(self) -> Counter:
        return Counter(self.cards[c].key for c in self._data["draw"])

    @property
    def top_back(self) -> str | None:
        """The Yin / Yang symbol on the back of the draw pile's top card (None: the pile is empty):
        public, the deck lies "with the backs visible" and "The reverse side of each Celestial Spirit
        card features the symbol from the front side" (beyond-rulebook.txt, "Set Up"; "Card backs:
        Yin or Yang Capture Side")."""
        draw = self._data["draw"]
        return self.cards[draw[0]].symbol if draw else None

    def second_pile_counts(self) -> Counter | None:
        """The cards, by key, that become the draw pile when this one is finished: the public discard
        pile while the first pile is in play under ruling ``beyond.second-draw-pile``
        (``reshuffle-discard``); None when no pile follows (ruling ``single-pile``, or the second
        pile is in play).  What the reveal odds' ``second_pile`` takes."""
        if self.pile_mode != "reshuffle-discard" or self._data["second_pile"]:
            return None
        return Counter(self.cards[c].key for c in self._data["discard"])

    def revealed_keys(self) -> tuple:
        """The card keys of the cards revealed this turn, in order: the form the odds take
        (``explorer.beyond.odds``; card ids are refused there)."""
        return tuple(self.cards[c].key for c in self._data["revealed"])

    @property
    def revealed(self) -> tuple[str, ...]:
        return tuple(self._data["revealed"])

    @property
    def discard(self) -> tuple[str, ...]:
        return tuple(self._data["discard"])

    @property
    def central(self) -> tuple[str, ...]:
        return tuple(self._data["central"])

    @property
    def to_place(self) -> tuple[str, ...]:
        return tuple(self._data["to_place"])

    @property
    def supply(self) -> int:
        return self._data["supply"]

    @property
    def second_pile(self) -> bool:
        return self._data["second_pile"]

    @property
    def end_triggered(self) -> bool:
        return self._data["end_triggered"]

    @property
    def turn(self) -> int:
        return self._data["turn"]

    @property
    def pile_mode(self) -> str:
        return self.rulings["beyond.second-draw-pile"]

    def area(self, player: str) -> dict:
        """A copy of ``player``'s play area."""
        return _copy_data(self._data | {"areas": {player: self._data["areas"][player]}})["areas"][player]

    def _area(self, player: str) -> dict:
        return self._data["areas"][player]

    def spirit_face_cards(self, player: str) -> int:
        """Celestial Spirit cards face up, in patterns or not (ruling ``beyond.tie``)."""
        a = self._area(player)
        return len(a["spirit"]) + 4 * len(a["patterns"])

    def tokens_owned(self, player: str) -> int:
        """Tokens in the play area (ruling ``beyond.tokens-scored``)."""
        a = self._area(player)
        return a["tokens"] + len(a["protected"]) + a["lotus"] + sum(pt["lotus"] for pt in a["patterns"])

    def score(self, player: str) -> dict:
        """Energy points, item by item (beyond-rulebook.txt, "End of the Game - Counting Energy Points")."""
        a = self._area(player)
        rows = {"patterns": sum(self.components.spirits[pt["spirit"]].points for pt in a["patterns"]),
                "loose spirit cards": len(a["spirit"]), "nian shou": len(a["nian"]),
                "capture cards": len(a["captures"]),
                "tokens in the play area (Lotus included)": self.tokens_owned(player)}
        rows["total"] = sum(rows.values())
        return rows

    def scores(self) -> dict[str, int]:
        return {p: self.score(p)["total"] for p in self.players}

    def nian_shou_enchanted(self, player: str) -> bool:
        """The player holds all 6 Nian Shou cards: "A player who succeeds in enchanting Nian Shou
        wins the game instantly." (beyond-rulebook.txt, "The 6 Cards of the Evil Spirit")."""
        return len(self._area(player)["nian"]) == len(self.components.nian_shou)

    def match_scores(self) -> dict[str, int]:
        """The scores to add up when several games are combined: "If you are combining several
        games, this player scores 15 and the others 0." for a Nian Shou win, else the energy
        points (beyond-rulebook.txt, "End of the Game - Counting Energy Points")."""
        tamer = next((p for p in self.players if self.nian_shou_enchanted(p)), None)
        if tamer is not None:
            return {p: (15 if p == tamer else 0) for p in self.players}
        return self.scores()

    def view(self, player: str) -> dict:
        """What ``player`` may know: everything but the order and faces of the draw pile; of the
        pile, its size and its top card's back (``top_back``, beyond-rulebook.txt, "Set Up")."""
        d = self._data
        return {"player": player, "turn": d["turn"], "phase": d["phase"], "active": self.active_player,
                "draw_pile": len(d["draw"]), "top_back": self.top_back, "second_pile": d["second_pile"],
                "discard": list(d["discard"]), "revealed": list(d["revealed"]), "to_place": list(d["to_place"]), "central": list(d["central"]),
                "supply": d["supply"], "areas": {p: self.area(p) for p in self.players},
                "log": [e.text for e in self.events_for(player)]}

    def check_invariants(self) -> None:
        """Conservation of the 80 spirit and 6 Nian Shou cards, at most 4 capture cards, tokens >= 0."""
        d = self._data
        places = list(d["draw"]) + d["discard"] + d["revealed"] + d["to_place"]
        nian = list(d["central"])
        for p in self.players:
            a = d["areas"][p]
            places += a["spirit"] + a["captures"] + [c for pt in a["patterns"] for c in pt["cards"]]
            nian += a["nian"]
            assert len(a["captures"]) <= self.components.capture_corners, f"{p} has {len(a['captures'])} capture cards"
            assert a["tokens"] >= 0 and a["lotus"] >= 0
            assert set(a["protected"]) <= set(a["spirit"]), f"{p}: a protection token off a loose card"
        assert sorted(places) == sorted(self.cards), "spirit cards not conserved"
        assert sorted(nian) == sorted(self.components.nian_shou), "Nian Shou cards not conserved"
        assert d["supply"] >= 0
        if self.is_terminal():
            assert not any(True for _ in self.legal_actions())

    def emit_rule(self, kind: str, text: str, rule, **kw) -> Event:
        return self.emit(kind, text, rule, player=kw.pop("player", self.active_player), **kw)

    def _repr_html_(self) -> str:
        """The game in a notebook: the status line, each player's area as a table (what every
        player may know) and the latest events citing their rules."""
        from explorer.beyond.render_cards import players_html, status_line
        from explorer.core.event_table import events_table
        latest = events_table(self.log[-6:], heading="the latest events", private=False)
        return (f"<p><b>{html.escape(status_line(self))}</b></p>{players_html(self)}"
                f"{latest._repr_html_()}")

    def __repr__(self) -> str:
        who = f"{self.current_player} to act" if self.current_player else f"over, winners {self.winners}"
        return f"<BeyondState turn {self.turn}, {self.phase}, {who}, draw pile {len(self._data['draw'])}>"

    # -- save / load ---------------------------------------------------------------------------------
    def position(self) -> dict:
        """This state as a hand-writable position (format: :mod:`explorer.beyond.position`, guide:
        ``docs/positions-beyond.md``); ``from_position(state.position())`` gives an equal position."""
        from explorer.beyond.position import to_position
        return to_position(self)

    def to_json(self) -> dict:
        d = dict(_copy_data(self._data))
        d["rng"] = self._data["rng"].to_json()
        return {"system": "beyond", "version": 1, "players": list(self.players), "components": self.components.to_json(),
                "options": self.options.to_json(), "rulings": self.rulings.to_json(), "data": d,
                "log": [e.to_json() for e in self.log], "history": [a.to_json() for a in self.history],
                "origin": self.origin}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str, *, source: str = "save") -> "BeyondState":
        """A saved game (``to_json()`` data, or its JSON text), never trusted: the shape, types and
        bounds of every field (:class:`~explorer.beyond.schema.SaveModel`), then the rules
        (:func:`~explorer.beyond.schema.check_save`: cards conserved against the components the
        game was dealt from, players, phase, turn and indices consistent, invariants true).
        InputError naming ``source``, the field, the value and what was expected otherwise."""
        from explorer.beyond.schema import check_save, read_save

        parts = read_save(data, source)
        state = cls(parts["players"], parts["components"], parts["options"], parts["rulings"], parts["data"])
        state.log, state.history, state.origin = parts["log"], parts["history"], parts["origin"]
        check_save(state, source)
        return state


def new_game(players: Sequence[str] | int = 2, *, seed: int = 0, options: GameOptions = GameOptions(),
             rulings: Rulings | None = None, components: Components | None = None,
             top: Sequence[str] = ()) -> BeyondState:
    """Set up a game (beyond-rulebook.txt, "Set Up"): the first player holds the BEYOND stock card,
    each player 2 Lotus tokens, the 6 Nian Shou cards in the centre, the 80 spirit cards shuffled.

    ``top`` stacks the deck for lessons and tests: these card ids, in order, are put on top of the
    shuffled draw pile (the first one is revealed first)."""
    if isinstance(players, int):
        players = [f"P{i + 1}" for i in range(players)]
    if len(players) < 2 or len(set(players)) != len(players):
        raise ValueError(f"Beyond needs 2 or more distinct players, got {list(players)}")
    rulings = rulings or Rulings()
    components = components or load_components(supply_tokens=rulings["beyond.supply-tokens"])
    rng = SeededRng(seed)
    draw = list(components.cards)
    rng.shuffle(draw)
    unknown = [c for c in top if c not in components.cards]
    if unknown or len(set(top)) != len(top):
        raise ValueError(f"top: unknown or repeated card ids {list(top)}")
    draw = list(top) + [c for c in draw if c not in set(top)]
    data = {"draw": draw, "discard": [], "revealed": [], "central": list(components.nian_shou), "to_place": [],
            "supply": components.supply_tokens, "second_pile": False, "end_triggered": False,
            "areas": {p: _new_area(components.lotus_per_player) for p in players},
            "active": 0, "turn": 1, "phase": "reveal", "winners": [], "rng": rng,
            "beyond_stock": players[0]}
    state = BeyondState(players, components, options, rulings, data)
    state.origin = {"players": list(players), "seed": seed, "top": list(top)}
    state.emit("setup", f"{players[0]} takes the BEYOND stock card and plays first; {len(draw)} spirit cards "
               f"shuffled, {components.supply_tokens} tokens in the supply", refs.SET_UP)
    return state


def dealt_from_save(saved: Mapping[str, Any] | str) -> BeyondState:
    """The game as first dealt, from a save (``to_json()`` data) and the origin it records: the
    same players, seed, stacked cards, options, rulings and components.  The save is checked as
    :meth:`BeyondState.from_json` checks it (InputError naming the field)."""
    from explorer.beyond.schema import read_save
    from explorer.core.inputs import InputError

    parts = read_save(saved, "save")
    first = parts["log"][0] if parts["log"] else None
    if first is not None and first.kind == "position":  # set up from a position: the position is its origin
        from explorer.beyond.position import from_position
        return from_position(first.data.get("position"), seed=first.data.get("seed", 0))
    origin = parts["origin"]
    if origin is None:
        raise InputError("save", "origin", "the origin of the game (players, seed, top): without it the game "
                         "cannot be dealt again")
    return new_game(origin["players"], seed=origin["seed"], options=parts["options"], rulings=parts["rulings"],
                    components=parts["components"], top=tuple(origin["top"]))


__all__ = ["BeyondState", "GameOptions", "dealt_from_save", "new_game", "SECOND_DRAW_PILE"]
