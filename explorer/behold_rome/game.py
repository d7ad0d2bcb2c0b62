"""A game of Behold: Rome on the project's game protocol: set-up by difficulty, the state, its views
(``civ()`` for the scoring, ``view()`` for what the player may know), save and load.

The rules of each action live in :mod:`explorer.behold_rome.game_rules` (carrying an action out) and
:mod:`explorer.behold_rome.game_checks` (checking it), the deck as held in :mod:`explorer.behold_rome.deck`.
One player (``"player"``); phases: ``action`` (between actions),
``costs`` / ``benefits`` (a played card, an extra cost or the nation's development resolving),
``draw`` (the end of turn's draw waits for a choice), ``over``.
"""

from __future__ import annotations

import html
from typing import Any, Mapping, Optional

from explorer.behold_rome import refs
from explorer.behold_rome.cards import CARD_TYPES, CardSet, load_cards
from explorer.behold_rome.civ import DIFFICULTIES, VARIANTS, CardPlace, CivView
from explorer.behold_rome.deck import MARKERS, Deck, DeckError
from explorer.behold_rome.game_checks import legal, verify
from explorer.behold_rome.game_rules import (Rules, _copy_frame, candidates, copy_data, noop, perform, phase_of,
                                             refill)
from explorer.core.game import Event, GameState
from explorer.core.inputs import InputError, one_of, whole
from explorer.core.rng import SeededRng
from explorer.core.rulings import Rulings

ROUNDS = {"casual": 12, "easy": 12, "normal": 12, "hard": 11, "impossible": 10}
"""behold-rome-rulebook.txt, "Gameplay" (12 rounds), "Difficulty Settings > Game Difficulty Settings"."""
STARTING_REGIONS = {"casual": ("Cisalpine Gaul", "Africa"), "easy": ("Cisalpine Gaul",)}
"""Regions controlled at set-up (behold-rome-rulebook.txt, "Difficulty Settings > Game Difficulty Settings";
ruling ``behold_rome.casual-start``)."""
PLAYER = "player"
_new_event = object.__new__
CHECKPOINT_EVERY = 8
"""How often :meth:`BeholdRomeState.apply` takes an undo snapshot (every 8th action; always for the first):
snapshots were a tenth of a random game's time, and most are never read.  Undo performs at most 7
actions again from the last one."""
CONFIG_KEYS = ("difficulty", "variants", "rival", "rival_difficulty", "rulings")

_SHIPPED: Optional[CardSet] = None


def shipped_cards() -> CardSet:
    """The shipped (INVENTED, illustrative) card set, loaded once."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = load_cards()
    return _SHIPPED


def check_config(config: Any, cardset: CardSet, source: str = "configuration") -> dict:
    """A configuration with every field checked (InputError naming it): ``difficulty`` (default
    ``"normal"``), ``variants`` (a list of :data:`~explorer.behold_rome.civ.VARIANTS`), ``rival`` (a
    rival civ's name, default the first; None in Score Chaser Mode), ``rival_difficulty`` (the rival civ
    difficulty setting, default ``"normal"``), ``rulings`` ({id: value})."""
    if not isinstance(config, Mapping):
        raise InputError(source, "", "a mapping of " + ", ".join(CONFIG_KEYS), config)
    unknown = sorted(str(k) for k in set(config) - set(CONFIG_KEYS))
    if unknown:
        raise InputError(source, unknown[0], "a field of the configuration (" + ", ".join(CONFIG_KEYS) + ")")
    difficulty = one_of(config.get("difficulty", "normal"), DIFFICULTIES, "difficulty", source=source)
    variants = config.get("variants", [])
    if not isinstance(variants, (list, tuple)) or len(variants) > len(VARIANTS):
        raise InputError(source, "variants", "a list of variants: " + ", ".join(VARIANTS), variants)
    for i, v in enumerate(variants):
        one_of(v, VARIANTS, f"variants[{i}]", source=source)
    variants = sorted(set(variants))
    rival = config.get("rival", None if "score-chaser" in variants else cardset.rivals[0].name)
    if "score-chaser" in variants:
        if rival is not None:
            raise InputError(source, "rival", "no rival civ in Score Chaser Mode (null)", rival)
    else:
        one_of(rival, [r.name for r in cardset.rivals], "rival", source=source)
    rival_difficulty = one_of(config.get("rival_difficulty", "normal"), DIFFICULTIES, "rival_difficulty",
                              source=source)
    rulings = config.get("rulings") or {}
    if not isinstance(rulings, Mapping):
        raise InputError(source, "rulings", "a mapping of ruling ids to values", rulings)
    for key, value in rulings.items():
        if not isinstance(key, str) or not key.startswith("behold_rome."):
            raise InputError(source, "rulings", "ids of Behold: Rome rulings (behold_rome.*)", key)
        try:
            Rulings({key: value})
        except ValueError as error:
            raise InputError(source, f"rulings.{key}", str(error), value) from None
    return {"difficulty": difficulty, "variants": variants, "rival": rival, "rival_difficulty": rival_difficulty,
            "rulings": dict(rulings)}


class BeholdRomeState(GameState):
    """A game of Behold: Rome in progress (one player)."""

    game_over_rule = refs.ROUND_END

    def __init__(self, config: dict, cardset: CardSet, data: dict):
        super().__init__()
        self.config = config
        self.cardset = cardset
        self.players = (PLAYER,)
        self.rulings = Rulings(config["rulings"])
        self.difficulty = config["difficulty"]
        self.variants = frozenset(config["variants"])
        self.rival = config["rival"]
        self.rules = Rules(cardset, self.rulings, self.variants, ROUNDS[self.difficulty])
        self._data = data
        self._legal: Optional[list] = None
        """The legal actions of the state as it is (None: not worked out since it last changed)."""
        self._trials: dict = {}
        """The legal actions tried on a copy, by action: that copy and its events (see :meth:`apply`)."""
        self.origin: Optional[dict] = None
        """How the game was dealt (configuration and seed): what :func:`dealt_from_save` deals again."""

    # -- protocol --------------------------------------------------------------------------------------
    @property
    def current_player(self) -> Optional[str]:
        return None if self.is_terminal() else PLAYER

    @property
    def phase(self) -> str:
        return phase_of(self._data)

    @property
    def winner(self) -> Optional[str]:
        """Once the game is over: ``"player"`` if the player scores more than the rival civ; None
        otherwise (the rival civ wins, a tie loses: it is no seat of the game), while it runs and in
        Score Chaser Mode (no rival civ).  ``score().outcome`` says win or lose."""
        if not self.is_terminal() or self.rival is None:
            return None
        return PLAYER if self.score().outcome == "win" else None

    def score(self):
        """The itemised score of the civ now beside the rival civ's (:func:`explorer.behold_rome.scoring.score`;
        behold-rome-rulebook.txt, "Scoring")."""
        from explorer.behold_rome.scoring import score

        return score(self.civ(), self.rival, rival_difficulty=self.config["rival_difficulty"])

    def is_terminal(self) -> bool:
        return self._data["over"]

    def _verify(self, action) -> None:
        verify(self.rules, self._data, action, self._trials)

    def _perform(self, action) -> None:
        perform(self.rules, self._data, action, self._emit)

    def _emit(self, kind: str, text: str, rule) -> None:
        """:meth:`~explorer.core.game.GameState.emit` of the player's event (public, no data), made here: the
        rules log two or three events an action.  Its fields are written into its ``__dict__`` (past the frozen
        dataclass's guard, which is on setting an attribute): six stores, where six calls of
        ``object.__setattr__`` took more than twice as long."""
        event = _new_event(Event)
        fields = event.__dict__  # the frozen dataclass's guard is on setattr, not on its dict
        fields["kind"] = kind
        fields["text"] = text
        fields["rule"] = rule
        fields["player"] = PLAYER
        fields["visible_to"] = None
        fields["data"] = {}
        self.log.append(event)

    def _candidates(self, kind: Optional[str] = None):
        return [a for a in candidates(self.rules, self._data) if kind is None or a.kind == kind]

    def _legal_candidates(self, kind: Optional[str] = None):
        """The legal actions, checked together (:func:`~explorer.behold_rome.game_checks.legal`: a Finish
        is judged by the steps beside it) and remembered as accepted until the state changes (:meth:`_is_accepted`)."""
        if self.is_terminal():
            return iter(())
        if self._legal is None:
            self._legal = legal(self.rules, self._data, self._trials)
        if kind is None:
            return iter(self._legal)
        return iter([a for a in self._legal if a.kind == kind])

    def _is_accepted(self, action) -> bool:
        """Accepted by :meth:`can`, or one of the legal actions worked out for the state as it is (they count as
        accepted without being filed one by one: the player hands one of them back, found by identity first)."""
        found = self._legal
        if found is not None:
            for a in found:
                if a is action:
                    return True
        if super()._is_accepted(action):
            return True
        return found is not None and action in found

    def _changed(self) -> None:
        """Forget the accepted actions, the legal actions and the trials: the state is not the one they
        were worked out for.  (New objects, not emptied ones: a copy made before the change shares them,
        and they still hold for it.)"""
        super()._changed()
        self._legal = None
        self._trials = {}

    def apply(self, action):
        """Check and carry out ``action`` (:meth:`explorer.core.game.GameState.apply`).  An action the
        look-ahead has already tried on a copy of this unchanged state (:func:`~explorer.behold_rome.
        game_checks.verify`, while the legal actions were worked out or the action checked) is not
        performed again: the copy becomes the data and its events are logged, and the data it replaces,
        no longer changed by anyone, is the undo snapshot.  A trial is used once (taken out: a copy of
        the state shares them until either changes).  Any other action is performed on the data, with an
        undo snapshot taken before it every :data:`CHECKPOINT_EVERY` actions (:meth:`undo` performs the
        actions since the last one again)."""
        if not self._is_accepted(action):
            self.check(action)
            self._accept(action)
        try:
            found = self._trials.pop(action, None)
        except TypeError:  # an unhashable action: never tried
            found = None
        mark = len(self.log)
        if found is None:  # GameState.apply, the action accepted
            snapshot = self._snapshot() if len(self._undo) % CHECKPOINT_EVERY == 0 else None
            try:
                self._changed()
                self._perform(action)
            except BaseException:
                self._data = self._data_before(len(self._undo)) if snapshot is None else self._thawed(snapshot)
                del self.log[mark:]
                self._changed()
                raise
        else:
            data, events = found
            snapshot = self._data
            self._changed()
            self._data = data
            for event in events:
                self._emit(*event)
        self._undo.append((snapshot, mark))
        self.history.append(action)
        return self.log[mark:]

    def undo(self):
        """Take the last applied action back and return it (:meth:`explorer.core.game.GameState.undo`): the data
        before it is the snapshot taken then, or the last snapshot before it with the actions since performed
        again (:data:`CHECKPOINT_EVERY`)."""
        if not self._undo:
            raise IndexError("nothing to undo")
        data = self._data_before(len(self._undo) - 1)
        _, mark = self._undo.pop()
        self._data = data
        self._changed()
        del self.log[mark:]
        return self.history.pop()

    def _data_before(self, i: int) -> dict:
        """The data as it was before the action of undo entry ``i`` (``len(self._undo)``: the data now, as the last
        action left it): the last snapshot at or before entry ``i`` (entry 0 always has one), the actions since
        performed again on it (their events not kept)."""
        k = i if i < len(self._undo) else i - 1
        while self._undo[k][0] is None:
            k -= 1
        data = self._thawed(self._undo[k][0])
        first = len(self.history) - len(self._undo)  # a loaded game's history is longer than its undo entries
        for action in self.history[first + k:first + i]:
            perform(self.rules, data, action, noop)
        return data

    def _snapshot(self) -> tuple:
        """The data as one tuple (:func:`_packed`): an undo snapshot is kept every few actions of a game, and
        the copy :func:`~explorer.behold_rome.game_rules.copy_data` makes -- a dict, a deck with its lists and
        its index, the frames -- is seven objects for the garbage collector to walk, again and again."""
        return _packed(self._data)

    @staticmethod
    def _thawed(snapshot) -> dict:
        """The data of a snapshot, an independent copy: :meth:`_snapshot`'s tuple, or data (the copy a trial
        left, :meth:`apply`)."""
        return copy_data(snapshot) if type(snapshot) is dict else _unpacked(snapshot)

    def _restore(self, snapshot) -> None:
        """Put back a snapshot (:meth:`_thawed`)."""
        self._data = self._thawed(snapshot)

    # -- reading the state -----------------------------------------------------------------------------
    @property
    def deck(self) -> Deck:
        """A copy of the deck as held."""
        return self._data["deck"].copy()

    @property
    def round(self) -> int:
        return self._data["round"]

    @property
    def rounds(self) -> int:
        return self.rules.rounds

    @property
    def age(self) -> int:
        return self.rules.age(self._data["round"])

    @property
    def turn(self) -> int:
        return self._data["turn"]

    @property
    def nation_level(self) -> int:
        return self._data["deck"].level("nation")

    @property
    def hand(self) -> tuple[str, ...]:
        return tuple(e[0] for e in self._data["deck"].hand)

    @property
    def frames(self) -> list[dict]:
        """The actions being resolved (innermost last), copies."""
        return copy_data(self._data)["frames"]

    def civ(self) -> CivView:
        """The civ as the scoring reads it: every civ card's id, active level and place (a card being
        resolved counts as in the hand), the nation level, round, difficulty, variants, card set."""
        deck = self._data["deck"]
        cards = []
        for i, e in enumerate(deck.stack):
            if e[0] in MARKERS:
                continue
            place = e[2] or ("top" if i == 0 else "deck")
            cards.append(CardPlace(e[0], e[1], place))
        cards += [CardPlace(e[0], e[1], "hand") for e in deck.hand + deck.aside]
        return CivView(tuple(cards), self.nation_level, self.round, self.difficulty, self.variants, self.cardset)

    def view(self, player: str | None = None) -> dict:
        """What the player may know: the hand, the top card, the stored cards and the controlled regions,
        the deck's size; its order only with look-ahead (Foresight Mode, "Variants"; "Holding the Game").
        ``player``: the generic tools ask each seat's view; a solo game has one seat, so any name (or
        none) gets the same view."""
        deck = self._data["deck"]
        name = lambda e: self.rules.levels[(e[0], e[1])].name if e[0] not in MARKERS else e[0]  # noqa: E731
        out = {"round": self.round, "age": self.age, "turn": self.turn, "phase": self.phase,
               "nation": self.rules.nation(self._data).status, "hand": [name(e) for e in deck.hand],
               "top": name(deck.top) if deck.top else None, "stored": [name(e) for e in deck.stored()],
               "controlled": [name(e) for e in deck.controlled()], "deck_size": len(deck.stack)}
        if "foresight" in self.variants:
            out["deck"] = [name(e) for e in deck.stack]
        return out

    def check_invariants(self) -> None:
        """The deck's invariants (:meth:`Deck.check`), the round within the game, the phase consistent."""
        d = self._data
        d["deck"].check()
        assert 1 <= d["round"] <= self.rules.rounds, f"round {d['round']}"
        assert d["deck"].level("round") == d["round"], "the round card does not show the round"
        assert d["deck"].level("age") == self.rules.age(d["round"]), "the age card does not show the age"
        assert not (d["frames"] and d["refill"]), "a draw waits while an action resolves"
        held = {f["card"] for f in d["frames"] if f["kind"] == "conquer" or (f["kind"] == "play" and f["stage"] == "costs")}
        assert {e[0] for e in d["deck"].aside} == held, "a card is set aside that no action holds"
        if self.is_terminal():
            assert not d["frames"] and not list(self.legal_actions())

    def __repr__(self) -> str:
        deck = self._data["deck"]
        return (f"<BeholdRomeState round {self.round}/{self.rounds}, turn {self.turn}, {self.phase}, "
                f"hand {len(deck.hand)}, {len(deck.stored())} stored, {len(deck.controlled())} controlled>")

    def _repr_png_(self) -> bytes:
        """The game as it is held (:func:`explorer.behold_rome.render_game.state_png`)."""
        from explorer.behold_rome.render_game import state_png

        return state_png(self)

    def _repr_html_(self) -> str:
        """The picture of the game as held, then the player's view and the latest events."""
        from explorer.core.display import png_img_tag
        from explorer.core.event_table import events_table

        v = self.view()
        rows = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v[k]))}</td></tr>"
                       for k in ("round", "nation", "phase", "hand", "top", "stored", "controlled"))
        latest = events_table(self.log[-6:], heading="the latest events", private=False)
        picture = png_img_tag(self._repr_png_(), alt="the game as held")
        return f'{picture}<table>{rows}</table>{latest._repr_html_()}'

    # -- save / load -----------------------------------------------------------------------------------
    def position(self) -> dict:
        """This state as a hand-writable position (:mod:`explorer.behold_rome.position`,
        docs/positions-behold_rome.md): ``from_position(state.position())`` gives an equal state back."""
        from explorer.behold_rome.position import to_position
        return to_position(self)

    def to_json(self) -> dict:
        d = self._data
        cards = None if self.cardset == shipped_cards() else self.cardset.model_dump(mode="json", by_alias=True,
                                                                                       exclude_none=True)
        data = {"deck": d["deck"].to_json(), "round": d["round"], "turn": d["turn"], "refill": d["refill"],
                "nation_developed": d["nation_developed"], "over": d["over"],
                "frames": copy_data(d)["frames"]}
        return {"system": "behold_rome", "version": 1, "config": dict(self.config), "cards": cards, "data": data,
                "log": [e.to_json() for e in self.log], "history": [a.to_json() for a in self.history],
                "origin": self.origin}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str, *, source: str = "save") -> "BeholdRomeState":
        """A saved game (``to_json()`` data or its JSON text), never trusted: InputError naming the field."""
        from explorer.behold_rome.actions import ACTIONS
        from explorer.core.game import Event
        from explorer.core.inputs import parse_json

        if isinstance(data, str):
            data = parse_json(data, source)
        if not isinstance(data, Mapping) or data.get("system") != "behold_rome" or data.get("version") != 1:
            raise InputError(source, "system", "a Behold: Rome save (system 'behold_rome', version 1)", data)
        cardset = shipped_cards() if data.get("cards") is None else CardSet.from_json(data["cards"], f"{source}, cards")
        config = check_config(data.get("config"), cardset, f"{source}, config")
        raw = data.get("data")
        if not isinstance(raw, Mapping):
            raise InputError(source, "data", "the game's data", raw)
        deck = Deck.from_json(raw.get("deck"), f"{source}, data.deck")
        expected = {c.id for c in cardset.civ_cards} | set(MARKERS)
        if set(deck.ids()) != expected:
            raise InputError(source, "data.deck", "every civ card of the card set, the nation, round and age cards "
                             "once", sorted(deck.ids()))
        rounds = ROUNDS[config["difficulty"]]
        game = {"deck": deck,
                "round": whole(raw.get("round"), "data.round", source=source, low=1, high=rounds),
                "turn": whole(raw.get("turn"), "data.turn", source=source, low=1, high=10**6),
                "refill": one_of(raw.get("refill"), (None, "stored", "nation"), "data.refill", source=source),
                "nation_developed": _flag(raw.get("nation_developed"), "data.nation_developed", source),
                "over": _flag(raw.get("over"), "data.over", source),
                "frames": _frames(raw.get("frames"), cardset, source)}
        state = cls(config, cardset, game)
        history = data.get("history", [])
        log = data.get("log", [])
        if not isinstance(history, list) or not isinstance(log, list):
            raise InputError(source, "history", "lists 'history' and 'log'", type(history).__name__)
        state.history = [ACTIONS.from_json(h, source=f"{source}, history[{i}]") for i, h in enumerate(history)]
        try:
            state.log = [Event.from_json(e) for e in log]
        except (KeyError, TypeError, AttributeError) as error:
            raise InputError(source, "log", "events as to_json() writes them", str(error)) from None
        origin = data.get("origin")
        if origin is not None and (not isinstance(origin, Mapping) or set(origin) != {"config", "seed"}):
            raise InputError(source, "origin", "the origin of the game ({config, seed}) or null", origin)
        state.origin = None if origin is None else {"config": check_config(origin["config"], cardset, source),
                                                    "seed": whole(origin["seed"], "origin.seed", source=source)}
        try:
            state.check_invariants()
        except (AssertionError, DeckError, KeyError) as error:
            raise InputError(source, "data", f"a consistent game ({error})") from None
        return state


DATA_KEYS = ("deck", "round", "turn", "refill", "nation_developed", "over", "frames")
"""The game's data, key by key (:mod:`explorer.behold_rome.game_rules`), in the order they are kept."""
_DATA_KEYSET = frozenset(DATA_KEYS)


def _packed(d: dict):
    """The data ``d`` as one flat tuple that :func:`_unpacked` turns back into an independent copy: the round,
    turn, refill, nation-developed and over values, the deck's card ids, the frames (copied), the sizes of
    the stack and the hand, then the entries of the stack, the hand and the set-aside cards (never changed
    in place, so shared).  Data of another shape is copied as it is."""
    if d.keys() != _DATA_KEYSET:
        return copy_data(d)
    deck = d["deck"]
    frames = d["frames"]
    return (d["round"], d["turn"], d["refill"], d["nation_developed"], d["over"], deck._ids,
            tuple(_copy_frame(f) for f in frames) if frames else (), len(deck.stack), len(deck.hand),
            *deck.stack, *deck.hand, *deck.aside)


def _unpacked(packed: tuple) -> dict:
    """The data :func:`_packed` packed, as an independent copy (the deck's index made again when first read)."""
    stack, hand = 9 + packed[7], 9 + packed[7] + packed[8]
    deck = Deck.__new__(Deck)
    deck.stack, deck.hand, deck.aside = list(packed[9:stack]), list(packed[stack:hand]), list(packed[hand:])
    deck._ids, deck._index = packed[5], None
    deck._stored = [e for e in deck.stack if e[2] == "stored"]
    return {"deck": deck, "round": packed[0], "turn": packed[1], "refill": packed[2], "nation_developed": packed[3],
            "over": packed[4], "frames": [_copy_frame(f) for f in packed[6]]}


def _flag(value: Any, field: str, source: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(source, field, "true or false", value)
    return value


FRAME_KEYS = {"kind", "stage", "card", "costs", "benefits", "touched", "level", "store_played", "interrupt", "to",
              "region"}


FRAME_FIELDS = {"play": {"level": (int,), "store_played": (bool,), "interrupt": (bool,)},
                "develop": {"to": (int,), "region": (bool,)}, "conquer": {}, "nation": {"to": (int,)}}
"""The fields each kind of frame carries beside kind, stage, card, costs, benefits and touched."""
_TYPES = (None,) + CARD_TYPES
BENEFIT_FIELDS = {
    "draw": {}, "develop_region": {},
    "store": {"resource": lambda v: v in ("population", "materials", "any")},
    "develop": {"type": lambda v: v in _TYPES}, "degrade": {"type": lambda v: v in _TYPES},
    "conquer": {"value": lambda v: type(v) is int and 1 <= v <= 99},
    "ignore": {"ignore": lambda v: isinstance(v, list) and 1 <= len(v) <= 3
               and all(k in ("discard", "degrade", "pay") for k in v)},
}


def _is(value: Any, kinds: tuple) -> bool:
    if bool in kinds:
        return isinstance(value, bool)
    return type(value) is int and 1 <= value <= 4


def _card_id(value: Any, ids: set) -> bool:
    """A card id of the set: a string among ``ids`` (a list or dict is no id, and cannot be looked up)."""
    return isinstance(value, str) and value in ids


def _frames(value: Any, cardset: CardSet, source: str) -> list:
    """The frames of a save, their shapes checked (their consistency is the invariants')."""
    if not isinstance(value, list) or len(value) > 8:
        raise InputError(source, "data.frames", "a list of at most 8 frames", value)
    ids = {c.id for c in cardset.civ_cards} | {"nation"}
    out = []
    for k, f in enumerate(value):
        where = f"data.frames[{k}]"
        if (not isinstance(f, dict) or not set(f) <= FRAME_KEYS or f.get("kind") not in ("play", "develop", "conquer",
                                                                                         "nation")
                or f.get("stage") not in ("costs", "benefits") or not _card_id(f.get("card"), ids)):
            raise InputError(source, where, "a frame as to_json() writes it", f)
        costs = f.get("costs")
        if not isinstance(costs, dict) or set(costs) != {"discard", "degrade", "degrade_type", "population",
                                                         "materials", "abandon"} or \
                any(type(costs[c]) is not int or not 0 <= costs[c] <= 99 for c in costs if c != "degrade_type"):
            raise InputError(source, f"{where}.costs", "the costs left", costs)
        benefits = f.get("benefits")
        if not isinstance(benefits, list) or any(not isinstance(b, dict) or b.get("kind") not in (
                "draw", "store", "develop", "develop_region", "degrade", "conquer", "ignore")
                or type(b.get("left")) is not int or type(b.get("done")) is not int for b in benefits):
            raise InputError(source, f"{where}.benefits", "the benefits left", benefits)
        if not isinstance(f.get("touched"), list) or any(not _card_id(t, ids) for t in f["touched"]):
            raise InputError(source, f"{where}.touched", "card ids", f.get("touched"))
        for key, kinds in FRAME_FIELDS[f["kind"]].items():
            if key not in f or not _is(f[key], kinds):
                raise InputError(source, f"{where}.{key}", f"a {' or '.join(k.__name__ for k in kinds)}", f.get(key))
        for j, b in enumerate(benefits):
            for key, test in BENEFIT_FIELDS[b["kind"]].items():
                if key not in b or not test(b[key]):
                    raise InputError(source, f"{where}.benefits[{j}].{key}", "the value to_json() writes", b.get(key))
        out.append(f)
    return copy_data({"deck": Deck([]), "frames": out})["frames"]


def new_game(difficulty: str = "normal", *, variants=(), rival: Any = ..., rival_difficulty: str = "normal",
             rulings: Optional[Mapping] = None, seed: int = 0, cardset: Optional[CardSet] = None) -> BeholdRomeState:
    """Set up a game (behold-rome-rulebook.txt, "Setup"): the civ cards at their starting levels
    (Casual, Easy: the starting regions controlled, ruling ``behold_rome.casual-start``), shuffled,
    the nation card, round card and age card in back, 5 cards drawn."""
    cardset = shipped_cards() if cardset is None else cardset
    if not isinstance(cardset, CardSet):
        raise InputError("argument", "cardset", "a CardSet (load_cards())", cardset)
    seed = whole(seed, "seed", source="new_game")
    if isinstance(variants, str) or not hasattr(variants, "__iter__"):
        raise InputError("argument", "variants", "a list of variants", variants)
    raw = {"difficulty": difficulty, "variants": list(variants), "rival_difficulty": rival_difficulty,
           "rulings": dict(rulings or {})}
    if rival is not ...:
        raw["rival"] = rival
    config = check_config(raw, cardset)
    controlled = []
    for name in STARTING_REGIONS.get(config["difficulty"], ()):
        try:
            card, level = cardset.find_level(name)
        except InputError:
            raise InputError("cards", "civ_cards", f"a level named {name!r} (controlled at set-up on "
                             f"{config['difficulty']})", None) from None
        if level.type != "region":
            raise InputError("cards", f"{card.id}.levels[{level.level}]", f"{name} as a region level", level.type)
        controlled.append([card.id, level.level, "controlled"])
    taken = {e[0] for e in controlled}
    civ = [[c.id, c.starting_level, ""] for c in cardset.civ_cards if c.id not in taken]
    SeededRng(seed).shuffle(civ)
    stack = civ + [["nation", cardset.nation.starting_level, ""], ["round", 1, ""], ["age", 1, ""]] + controlled
    data = {"deck": Deck(stack), "round": 1, "turn": 1, "refill": None, "nation_developed": False, "over": False,
            "frames": []}
    state = BeholdRomeState(config, cardset, data)
    state.origin = {"config": config, "seed": seed}
    names = ", ".join(cardset.card(e[0]).level(e[1]).name for e in controlled)
    state.emit("setup", f"{len(civ)} civ cards shuffled at their starting levels, nation card, round and age "
               f"cards in back" + (f"; {names} controlled ({config['difficulty']})" if names else ""), refs.SETUP,
               player=PLAYER)
    refill(state.rules, state._data, lambda *a: None)
    data["turn"] = 1
    state.emit("draw", f"draws {len(data['deck'].hand)} cards for the starting hand", refs.SETUP, player=PLAYER,
               visible_to=PLAYER)
    return state


def arranged(stack=(), hand=(), *, round: int = 1, nation_level: Optional[int] = None, difficulty: str = "normal",
             variants=(), rulings: Optional[Mapping] = None, cardset: Optional[CardSet] = None) -> BeholdRomeState:
    """A game from a hand-made deck, for lessons and tests: ``stack`` (top first) and ``hand`` list
    ``(card id, level)`` or ``(card id, level, mark)`` (level None: the starting level; mark
    ``"stored"`` or ``"controlled"``); every civ card named nowhere goes, at its starting level, in
    front of the nation, round and age cards, which come before the controlled regions -- unless
    ``stack`` places the nation card: then the round and age cards follow it and the cards named
    nowhere come last, in front of the controlled regions.  The deck's invariants are checked (InputError otherwise).
    The log starts with one ``arranged`` event (no set-up event: the rules did not deal this position)."""
    cardset = shipped_cards() if cardset is None else cardset
    state = new_game(difficulty, variants=variants, rulings=rulings, cardset=cardset)
    rounds = ROUNDS[state.difficulty]
    whole(round, "round", source="arranged", low=1, high=rounds)
    start_of = {c.id: c.starting_level for c in cardset.civ_cards}
    placed = [i for i in stack if isinstance(i, (list, tuple)) and len(i) in (2, 3) and i[0] == "nation"]
    if nation_level is not None:
        whole(nation_level, "nation_level", source="arranged", low=1, high=len(cardset.nation.levels))
    if placed and placed[0][1] is not None:
        level = whole(placed[0][1], "stack (the nation card's level)", source="arranged", low=1,
                      high=len(cardset.nation.levels))
        if nation_level is not None and level != nation_level:
            raise InputError("arranged", "nation_level", f"the nation card's level in the stack ({level}), "
                             "or no nation_level", nation_level)
        nation_level = level
    markers = {"nation": cardset.nation.starting_level if nation_level is None else nation_level, "round": round,
               "age": state.rules.age(round)}

    def entry(item, width: int) -> list:
        if not isinstance(item, (list, tuple)) or len(item) not in (2, 3) or item[0] not in {**start_of, **markers}:
            raise InputError("arranged", "stack" if width == 3 else "hand", "(card id, level[, mark])", item)
        level = item[1] if item[1] is not None else start_of.get(item[0], markers.get(item[0]))
        if item[0] in markers:
            level = markers[item[0]]
        return [item[0], level, item[2] if len(item) == 3 else ""][:width]

    top = [entry(i, 3) for i in stack]
    held = [entry(i, 2) for i in hand]
    named = {e[0] for e in top + held}
    rest = [[c.id, c.starting_level, ""] for c in cardset.civ_cards if c.id not in named]
    free = [e for e in top if e[2] != "controlled"]
    back = [e for e in top if e[2] == "controlled"]
    if "nation" not in named:
        free = free + rest + [[m, markers[m], ""] for m in MARKERS]
    else:
        free = [e for e in free if e[0] not in ("round", "age")]
        i = [e[0] for e in free].index("nation")
        free = free[:i + 1] + [["round", markers["round"], ""], ["age", markers["age"], ""]] + free[i + 1:] + rest
    deck = Deck(free + back, held)
    try:
        deck.check()
    except DeckError as error:
        raise InputError("arranged", "stack", f"a deck as held ({error})", None) from None
    state._data.update({"deck": deck, "round": round, "turn": 1, "refill": None, "nation_developed": False,
                        "frames": [], "over": False})
    state.origin = None
    state.log = []
    state.emit("arranged", f"an arranged position, not dealt by the set-up rules: round {round}, {len(deck.stack)} "
               f"cards in the stack, {len(deck.hand)} in the hand", refs.HOLDING_THE_GAME, player=PLAYER)
    state._changed()
    return state


def start(config: Mapping[str, Any], seed: int = 0) -> BeholdRomeState:
    """A new game from a JSON-able configuration (:func:`check_config`)."""
    config = check_config(config, shipped_cards())
    return new_game(config["difficulty"], variants=config["variants"], rival=config["rival"],
                    rival_difficulty=config["rival_difficulty"], rulings=config["rulings"], seed=seed)


def dealt_from_save(saved: Mapping[str, Any] | str) -> BeholdRomeState:
    """The game as first dealt, from a save's origin (its configuration and seed)."""
    state = BeholdRomeState.from_json(saved)
    if state.origin is None:
        raise InputError("save", "origin", "the origin of the game (config, seed)")
    c = state.origin["config"]
    return new_game(c["difficulty"], variants=c["variants"], rival=c["rival"], rival_difficulty=c["rival_difficulty"],
                    rulings=c["rulings"], seed=state.origin["seed"], cardset=state.cardset)


__all__ = ["BeholdRomeState", "ROUNDS", "arranged", "STARTING_REGIONS", "check_config", "dealt_from_save", "new_game", "start"]
