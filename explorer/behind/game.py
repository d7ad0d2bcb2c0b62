"""A whole game of Behind, from setup to victory: the state a notebook or a simulator drives.

``new_game(decks, "unser-revier", seed=1)`` deals the decks, holds the influence duel, places
the scenario's terrain and deploys the chips (or waits for ``PlaceObstacle`` / ``Deploy``
actions with ``setup="manual"``) and returns a :class:`BehindState` in the first turn's
organisation phase.  Then ``state.apply(action)`` plays it action by action (see
:mod:`explorer.behind.actions`), and every illegal action raises
:class:`~explorer.core.rules.RuleViolation` citing the rulebook and changes nothing.

The phases follow "The Course of the Game": I. Organisation (influence checks of permanent
cards, Wandler duration checks), II. Action (3 actions, fewer after Moments played in opponents'
turns; Large Battles), III. Supply (every player refills his hand; a used-up supply is replaced
by the shuffled discard pile at once, see :class:`~explorer.core.piles.Piles`).  Some actions
wait for another player's decision (the defender's card, who takes damage): then
``current_player`` is that player and ``phase`` names the decision.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from explorer.behind import refs
from explorer.behind.actions import ACTIONS, Action
from explorer.behind.cards import ELIMINATED_AT, ActionCard, Character
from explorer.behind.data import Deck, battle_size
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.behind.table import Table
from explorer.core.game import Event, GameState
from explorer.core.piles import Piles
from explorer.core.rng import SeededRng
from explorer.core.rulings import Rulings

SETUP_PHASES = ("choose-scenario", "terrain", "deployment")
TURN_PHASES = ("organisation", "action")
DECISIONS = ("defend", "dodge", "assign-damage", "arrange", "command-move")


@dataclass(frozen=True)
class Permanent:
    """A permanent card in play (Special Card Effect): influenced (controlled) by the player who
    played it; an item (Gegenstand, Waffe) is carried by ``bearer``."""

    card: str
    controller: str
    bearer: str | None = None

    def to_json(self) -> list:
        return [self.card, self.controller, self.bearer]


@dataclass(frozen=True)
class Pending:
    """A decision the game waits for in the middle of an action: ``kind`` (one of DECISIONS),
    the ``player`` who decides, and what the action has established so far (JSON-able)."""

    kind: str
    player: str
    info: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"kind": self.kind, "player": self.player, "info": dict(self.info)}


@dataclass(frozen=True)
class GameOptions:
    """What the players agreed before the game.

    ``character_points``: the agreed CP (Own Decks), which choose the Large Battles row;
    ``tournament``: the stricter tournament rules (Tournament Games; Körperlos);
    ``max_turns``: a simulation stops a game without winner after this many turns (0: never).
    """

    character_points: int = 30
    tournament: bool = False
    max_turns: int = 0
    rulings: Rulings = BEHIND_RULINGS

    def to_json(self) -> dict:
        return {"character_points": self.character_points, "tournament": self.tournament,
                "max_turns": self.max_turns, "rulings": self.rulings.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameOptions":
        return cls(data["character_points"], data["tournament"], data["max_turns"],
                   Rulings.from_json(data["rulings"]))


class _Data:
    """Everything in a game that changes.  Values are immutable or copied by :meth:`copy`."""

    __slots__ = ("table", "piles", "characters", "phase", "active", "turn", "actions_left",
                 "moments_owed", "permanents", "frightened", "transformed", "turned", "jewel",
                 "pending", "winner", "roles", "to_place", "scenario", "rng", "used_abilities",
                 "actions_taken", "ranking")

    def copy(self) -> "_Data":
        # every slot by name (apply() snapshots the data before each action: a loop over the
        # slots with getattr / setattr took twice as long); _SHARED lists the immutable ones
        twin = _Data.__new__(_Data)
        twin.table, twin.phase, twin.active, twin.turn = self.table, self.phase, self.active, self.turn
        twin.actions_left, twin.permanents, twin.transformed = self.actions_left, self.permanents, self.transformed
        twin.turned, twin.jewel, twin.pending, twin.winner = self.turned, self.jewel, self.pending, self.winner
        twin.to_place, twin.scenario, twin.used_abilities = self.to_place, self.scenario, self.used_abilities
        twin.actions_taken, twin.ranking = self.actions_taken, self.ranking
        twin.piles = {p: piles.copy() for p, piles in self.piles.items()}
        twin.characters = dict(self.characters)
        twin.moments_owed = dict(self.moments_owed)
        twin.frightened = dict(self.frightened)
        twin.roles = dict(self.roles)
        twin.rng = self.rng.copy()
        return twin


_SHARED = ("table", "phase", "active", "turn", "actions_left", "permanents", "transformed", "turned", "jewel",
           "pending", "winner", "to_place", "scenario", "used_abilities", "actions_taken", "ranking")
_COPIED = ("piles", "characters", "moments_owed", "frightened", "roles", "rng")
assert set(_SHARED) | set(_COPIED) == set(_Data.__slots__) and not set(_SHARED) & set(_COPIED), \
    "_Data.copy must copy every slot: add a new slot to _SHARED or _COPIED and to copy()"


class BehindState(GameState):
    """A game of Behind in progress.  See the module docstring; the protocol is
    :class:`explorer.core.game.GameState`."""

    game_over_rule = refs.THE_END

    def __init__(self, players: Sequence[str], owners: Mapping[str, str], cards: Mapping[str, ActionCard],
                 options: GameOptions, data: _Data, origin: Mapping[str, Any] | None = None):
        super().__init__()
        self.players = tuple(players)
        self.owners = dict(owners)  # character name -> player
        self.cards = dict(cards)  # card id -> ActionCard
        self.options = options
        self._data = data
        self.origin = origin  # how the game was made (see game_origin): None for a state built by hand

    # -- the protocol ---------------------------------------------------------------------------
    @property
    def current_player(self) -> str | None:
        d = self._data
        if d.winner is not None or d.phase == "over":
            return None
        if d.pending is not None:
            return d.pending.player
        return self.players[d.active]

    @property
    def phase(self) -> str:
        d = self._data
        return d.pending.kind if d.pending is not None else d.phase

    @property
    def winner(self) -> str | None:
        return self._data.winner

    def is_terminal(self) -> bool:
        return self._data.phase == "over"

    def _verify(self, action: Action) -> None:
        from explorer.behind import game_rules
        game_rules.verify(self, action)

    def _perform(self, action: Action) -> None:
        from explorer.behind import game_rules
        game_rules.perform(self, action)

    def _candidates(self, kind: str | None = None):
        from explorer.behind import game_candidates
        return game_candidates.candidates(self, kind)

    def _legal_candidates(self, kind: str | None = None):
        """Candidates built legal by construction are yielded (and remembered as accepted) without
        probing; only movement legs, commanded moves and setup actions are checked one by one."""
        from explorer.behind import game_candidates
        for action in game_candidates.legal_candidates(self, kind):
            self._accept(action)
            yield action

    def _snapshot(self) -> _Data:
        return self._data.copy()

    def _restore(self, snapshot: _Data) -> None:
        self._data = snapshot.copy()

    # -- reading the state -----------------------------------------------------------------------
    @property
    def data(self) -> _Data:
        return self._data

    @property
    def table(self) -> Table:
        return self._data.table

    @property
    def active_player(self) -> str:
        return self.players[self._data.active]

    @property
    def turn(self) -> int:
        return self._data.turn

    @property
    def actions_left(self) -> int:
        return self._data.actions_left

    @property
    def pending(self) -> Pending | None:
        return self._data.pending

    @property
    def scenario(self):
        scenario_id = self._data.scenario
        if not scenario_id:
            return None
        known = self.__dict__.get("_scenario")
        if known is None or known[0] != scenario_id:
            from explorer.behind.game_setup import cached_scenario
            known = self._scenario = (scenario_id, cached_scenario(scenario_id))
        return known[1]

    @property
    def size(self):
        """The Large Battles row for the agreed character points."""
        return battle_size(self.options.character_points)

    def piles(self, player: str) -> Piles:
        return self._data.piles[player]

    def hand(self, player: str) -> list[ActionCard]:
        return list(self._data.piles[player].hand)

    def character(self, name: str) -> Character:
        """The character as he fights now: injuries counted, and +3 Strength / +1 Resistance
        while transformed (Wandler)."""
        character = self._data.characters[name]
        if name in self._data.transformed:
            character = dataclasses.replace(character, strength=character.strength + 3,
                                            resistance=character.resistance + 1)
        return character

    def characters_of(self, player: str, *, alive: bool = True) -> list[str]:
        if not alive:
            return [name for name, owner in self.owners.items() if owner == player]
        characters = self._data.characters  # (injuries < 3 is Character.eliminated, without a property call)
        return [name for name, owner in self.owners.items()
                if owner == player and characters[name].injuries < ELIMINATED_AT]

    def alive(self, name: str) -> bool:
        return name in self._data.characters and not self._data.characters[name].eliminated

    def items_of(self, bearer: str) -> list[Permanent]:
        return [p for p in self._data.permanents if p.bearer == bearer]

    def permanents_of(self, player: str) -> list[Permanent]:
        return [p for p in self._data.permanents if p.controller == player]

    def jewel_bearer(self) -> str | None:
        jewel = self._data.jewel
        return jewel[1] if jewel and jewel[0] == "bearer" else None

    def frightened_now(self, name: str) -> bool:
        """The character was frightened (Schrecken) and this is his player's next turn, or it
        is still to come: "the enemy character cannot act in his next turn"."""
        return name in self._data.frightened

    def can_act(self, name: str) -> bool:
        """A frightened character cannot act in his player's next turn (Schrecken)."""
        d = self._data
        return not (name in d.frightened and d.frightened[name] < d.turn)

    # -- players' views --------------------------------------------------------------------------
    def view(self, player: str) -> dict:
        """What ``player`` may know ("Hand Cards, Supply and Discard Pile"): his own hand, every
        discard pile in order, counts of the others' hands and of every supply, the table,
        characters, permanents and the public log."""
        d = self._data
        return {
            "player": player, "turn": d.turn, "phase": self.phase, "active": self.active_player,
            "to_act": self.current_player, "actions_left": d.actions_left,
            "table": d.table.to_json(),
            "hand": [c.id for c in d.piles[player].hand],
            "hands": {p: len(d.piles[p].hand) for p in self.players},
            "supplies": {p: len(d.piles[p].supply) for p in self.players},
            "discards": {p: [c.id for c in d.piles[p].discard] for p in self.players},
            "characters": {n: c.to_json() for n, c in d.characters.items()},
            "transformed": sorted(d.transformed), "frightened": sorted(d.frightened),
            "permanents": [p.to_json() for p in d.permanents],
            "jewel": list(d.jewel) if d.jewel else None,
            "pending": None if d.pending is None else {"kind": d.pending.kind, "player": d.pending.player},
            "log": [e.text for e in self.events_for(player)],
        }

    def summary(self) -> dict:
        """Counts per player: the state's short public description (used by the display)."""
        d = self._data
        rows = {}
        for p in self.players:
            piles = d.piles[p]
            rows[p] = {"hand": len(piles.hand), "supply": len(piles.supply), "discard": len(piles.discard),
                       "in play": len(piles.in_play), "moments owed": d.moments_owed.get(p, 0),
                       "characters": ", ".join(f"{n} ({d.characters[n].condition})" for n in self.characters_of(p, alive=False))}
        return rows

    def _repr_html_(self) -> str:
        from explorer.behind.render_game import game_html
        return game_html(self)

    def __repr__(self) -> str:
        who = f"{self.current_player} to act" if self.current_player else f"over, winner {self.winner}"
        return f"<BehindState turn {self._data.turn}, {self.phase}, {who}>"

    # -- events ------------------------------------------------------------------------------------
    say = GameState.emit
    """``say(kind, text, rule, *, player=None, visible_to=None, **data)``: log an event citing its rule
    (the core's :meth:`~explorer.core.game.GameState.emit` itself: the referee says some 400
    things a game, and a wrapper's call cost showed in the profile)."""

    # -- invariants (the conformance test uses these) ------------------------------------------------
    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule no action may break: cards conserved,
        chips not overlapping (the table refuses that already), injuries 0-3, permanents in play;
        in a setup phase a character whose player has not deployed yet is neither on the table nor
        eliminated, and every chip on the table is a character of its owner."""
        d = self._data
        for p in self.players:
            d.piles[p].check_conserved()
            in_play = sorted(c.id for c in d.piles[p].in_play)
            assert in_play == sorted(perm.card for perm in d.permanents if perm.controller == p), \
                f"{p}: in-play pile {in_play} differs from permanents"
        setup = d.phase in SETUP_PHASES
        deployed = {chip.owner for chip in d.table.chips}
        for name, character in d.characters.items():
            assert 0 <= character.injuries <= 3, f"{name} has {character.injuries} injuries"
            owner = self.owners.get(name)
            assert owner in self.players, f"{name} is held by {owner!r}, who does not play"
            if setup and owner not in deployed:  # not deployed yet: neither on the table nor eliminated
                assert name not in d.table and not character.eliminated, \
                    f"{name} is {'on the table' if name in d.table else 'eliminated'} before {owner} deployed"
            else:
                assert (name in d.table) == (not character.eliminated), f"{name}: chip and card disagree"
        for chip in d.table.chips:
            assert chip.name in d.characters and self.owners.get(chip.name) == chip.owner, \
                f"the chip {chip.name} of {chip.owner} is no character of his"
        chips = d.table.chips
        r2 = (2 * d.table.radius) ** 2
        for i, a in enumerate(chips):
            for b in chips[i + 1:]:
                assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= r2 - 1e-6, f"{a.name} overlaps {b.name}"
        if self.is_terminal():
            assert not any(True for _ in self.legal_actions()), "a finished game still has legal actions"

    # -- save / load ------------------------------------------------------------------------------
    def position(self) -> dict:
        """This state as a hand-writable position (``explorer.behind.position``;
        docs/positions-behind.md): ``from_position(state.position())`` gives an equal position
        back.  Only after the setup (PositionError in a setup phase)."""
        from explorer.behind.position import position_of
        return position_of(self)

    def to_json(self) -> dict:
        d = self._data
        return {
            "system": "behind",
            "version": 1,  # the save format (explorer.core.replay.SAVE_VERSION)
            "players": list(self.players),
            "owners": dict(self.owners),
            "cards": {cid: _card_json(card) for cid, card in self.cards.items()},
            "options": self.options.to_json(),
            "data": {
                "table": d.table.to_json(),
                "piles": {p: piles.to_json() for p, piles in d.piles.items()},
                "characters": {n: c.to_json() for n, c in d.characters.items()},
                "phase": d.phase, "active": d.active, "turn": d.turn, "actions_left": d.actions_left,
                "moments_owed": dict(d.moments_owed),
                "permanents": [p.to_json() for p in d.permanents],
                "frightened": dict(d.frightened), "transformed": sorted(d.transformed), "turned": sorted(d.turned),
                "jewel": list(d.jewel) if d.jewel else None,
                "pending": None if d.pending is None else d.pending.to_json(),
                "winner": d.winner, "roles": dict(d.roles), "to_place": list(d.to_place), "scenario": d.scenario,
                "rng": d.rng.to_json(), "used_abilities": sorted(d.used_abilities),
                "actions_taken": d.actions_taken, "ranking": list(d.ranking),
            },
            "log": [e.to_json() for e in self.log],
            "history": [a.to_json() for a in self.history],
            "origin": _plain_copy(self.origin),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BehindState":
        """The state ``to_json()`` wrote, exactly (its own output is trusted here: a save from
        outside is loaded with :func:`explorer.load_game`, which deals it again and replays its
        history).  A malformed one is an InputError naming the field, never a bare KeyError."""
        from explorer.core.inputs import InputError

        if not isinstance(data, Mapping):
            raise InputError("save", "", "a saved game of Behind: a JSON object", data)
        if data.get("system", "behind") != "behind":
            raise InputError("save", "system", "a save of 'behind' (load it with explorer.load_game)", data.get("system"))
        try:
            return cls._from_json(data)
        except InputError:
            raise
        except KeyError as missing:
            raise InputError("save", str(missing.args[0]) if missing.args else "", "this field (it is required)") from None
        except (TypeError, ValueError, AttributeError, IndexError) as wrong:
            raise InputError("save", "", f"a state as BehindState.to_json() writes it ({wrong})") from None

    @classmethod
    def _from_json(cls, data: Mapping[str, Any]) -> "BehindState":
        cards = {cid: ActionCard(**fields) for cid, fields in data["cards"].items()}
        raw = data["data"]
        d = _Data.__new__(_Data)
        d.table = Table.from_json(raw["table"])
        d.piles = {p: Piles.from_json(v, cards) for p, v in raw["piles"].items()}
        d.characters = {n: Character.from_json(v) for n, v in raw["characters"].items()}
        d.phase, d.active, d.turn, d.actions_left = raw["phase"], raw["active"], raw["turn"], raw["actions_left"]
        d.moments_owed = dict(raw["moments_owed"])
        d.permanents = tuple(Permanent(*p) for p in raw["permanents"])
        d.frightened = dict(raw["frightened"])
        d.transformed = frozenset(raw["transformed"])
        d.turned = frozenset(raw["turned"])
        d.jewel = tuple(raw["jewel"]) if raw["jewel"] else None
        pending = raw["pending"]
        d.pending = None if pending is None else Pending(pending["kind"], pending["player"], pending["info"])
        d.winner, d.roles, d.to_place, d.scenario = raw["winner"], dict(raw["roles"]), tuple(raw["to_place"]), raw["scenario"]
        d.rng = SeededRng.from_json(raw["rng"])
        d.used_abilities = frozenset(raw["used_abilities"])
        d.actions_taken = raw["actions_taken"]
        d.ranking = tuple(raw["ranking"])
        state = cls(data["players"], data["owners"], cards, GameOptions.from_json(data["options"]), d,
                    origin=_plain_copy(data.get("origin")))
        state.log = [Event.from_json(e) for e in data["log"]]
        state.history = [ACTIONS.from_json(a) for a in data["history"]]
        origin = state.origin or {}
        if isinstance(origin.get("decks"), list) and isinstance(origin.get("players"), list):
            # cards conserved against the decks the game was dealt from, not against what was loaded
            from collections import Counter

            from explorer.core.inputs import InputError
            for player, deck in zip(origin["players"], origin["decks"]):
                dealt = Counter(deck["cards"])
                piles = d.piles.get(player)
                if piles is None:
                    raise InputError("save", f"data.piles.{player}", "the piles of every player the game was dealt to")
                if piles._census() != dealt:
                    raise InputError("save", f"data.piles.{player}", "the cards of the deck the game was dealt from "
                                     f"(cards added {dict(piles._census() - dealt)}, lost {dict(dealt - piles._census())})")
                piles._initial = dealt
        _check_loaded(state)
        carried = origin.get("scenario")
        if isinstance(carried, Mapping) and d.scenario and "@" in d.scenario:  # a scenario of the user's
            from explorer.behind.game_setup import scenario_key
            from explorer.behind.scenarios import scenario_from_text
            if scenario_key(scenario_from_text(carried["text"], "save, origin.scenario")) != d.scenario:
                from explorer.core.inputs import InputError
                raise InputError("save", "data.scenario", "the key of the scenario the origin carries", d.scenario)
        return state


# ---------------------------------------------------------------------------------------------
# A new game
# ---------------------------------------------------------------------------------------------
def _check_loaded(state: "BehindState") -> None:
    """The counters and indices of a state read from JSON within their ranges, then its invariants
    (InputError naming the field): ``from_json`` is not ``load_game``, but a wrong number never
    plays on (issue 10: ``actions_left = 10**9``, ``active = -1``, a NaN turn)."""
    from explorer.core.inputs import InputError

    d, players = state.data, state.players

    def whole(field: str, value, low: int, high: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InputError("save", f"data.{field}", f"a whole number from {low} to {high}", value)

    if not players or len(set(players)) != len(players):
        raise InputError("save", "players", "distinct player names", list(players))
    if d.phase not in SETUP_PHASES + TURN_PHASES + ("over",):
        raise InputError("save", "data.phase", f"one of {', '.join(SETUP_PHASES + TURN_PHASES + ('over',))}", d.phase)
    whole("active", d.active, 0, len(players) - 1)
    whole("turn", d.turn, 0, 1_000_000)
    whole("actions_left", d.actions_left, 0, state.size.actions)
    whole("actions_taken", d.actions_taken, 0, 10_000_000)
    for player, owed in d.moments_owed.items():
        if player not in players:
            raise InputError("save", f"data.moments_owed.{player}", "a player of the game")
        whole(f"moments_owed.{player}", owed, 0, state.size.actions)
    if d.winner is not None and d.winner not in players:
        raise InputError("save", "data.winner", "a player of the game or null", d.winner)
    if sorted(d.piles) != sorted(players) or sorted(d.ranking) != sorted(players):
        raise InputError("save", "data.piles", "the piles (and the duel's ranking) of exactly the game's players")
    try:
        state.check_invariants()
    except AssertionError as broken:
        raise InputError("save", "data", f"a state whose invariants hold ({broken})") from None


def player_names(decks: Sequence[Deck]) -> list[str]:
    """One name per player: the deck's society, numbered when two players share one."""
    names: list[str] = []
    for deck in decks:
        name, k = deck.society, 2
        while name in names:
            name, k = f"{deck.society} {k}", k + 1
        names.append(name)
    return names


def new_game(decks: Sequence[Deck], scenario: str | None = "unser_revier", *, seed: int = 0,
             setup: str = "auto", options: GameOptions | None = None, shuffle: bool = True,
             players: Sequence[str] | None = None) -> BehindState:
    """Start a game (The Beginning).

    * Every player's action cards are shuffled into his supply (``shuffle=False`` keeps the
      deck order as given: the first card is the top card, for replaying a real game).
    * Characters are legendary: a character in two decks goes to the winner of an influence duel.
    * ``scenario=None``: an influence duel decides who chooses it (``ChooseScenario``).
    * ``setup="auto"`` places the scenario's default terrain and random legal deployments;
      ``"random"`` random terrain too; ``"manual"`` waits for PlaceObstacle / Deploy actions.
    """
    from explorer.behind import game_setup
    return game_setup.new_game(decks, scenario, seed=seed, setup=setup, options=options, shuffle=shuffle,
                               players=players)


def game_origin(decks: Sequence[Deck], scenario: str | None, *, seed: int, setup: str, shuffle: bool,
                players: Sequence[str], options: GameOptions) -> dict:
    """How a game was made, as JSON-able data: what :func:`new_game` was given, so that the same
    game can be dealt again and its history re-applied (``explorer.behind.replay``).

    Each deck in the order of the players: its name, society, characters (``Character.to_json``)
    and card ids in the order given -- with ``shuffle=False`` the dealt order, top card first;
    otherwise the order the seeded shuffle starts from.  Then the scenario, seed, shuffle, setup
    mode, player names and options.
    """
    from explorer.behind.game_setup import scenario_key

    if scenario is not None and not isinstance(scenario, str) and scenario_key(scenario) != scenario.id:
        scenario = {"id": scenario.id, "text": scenario.text}  # a scenario of the user's travels with the game
    elif scenario is not None and not isinstance(scenario, str):
        scenario = scenario.id
    return {
        "decks": [{"name": deck.name, "society": deck.society,
                   "characters": [c.to_json() for c in deck.characters],
                   "cards": [card.id for card in deck.cards],
                   "character_points_limit": deck.character_points_limit, "source": deck.source}
                  for deck in decks],
        "scenario": scenario, "seed": seed, "shuffle": shuffle, "setup": setup,
        "players": list(players), "options": options.to_json(),
    }


def _plain_copy(value: Any) -> Any:
    """A copy of JSON-like data (dicts and lists copied, the rest shared): cheaper than deepcopy."""
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_copy(v) for v in value]
    return value


def dealt_piles(deck: Deck, rng: SeededRng, shuffle: bool) -> Piles:
    piles = Piles(deck.cards, rng)
    if shuffle:
        piles.shuffle_supply()
    return piles


_CARD_FIELDS = tuple(f.name for f in dataclasses.fields(ActionCard))


def _card_json(card: ActionCard) -> dict:
    """``dataclasses.asdict(card)`` without its deep copies: every field of a card is a plain
    str, number, bool or None (asdict was most of the time of a whole ``to_json``)."""
    return {name: getattr(card, name) for name in _CARD_FIELDS}
