"""Positions of Behind set up by hand: a JSON object a person can write, in the spirit of chess's FEN.

``from_position(data, seed=0, options=None)`` builds a LEGAL :class:`~explorer.behind.game.BehindState`
from a position (a dict, or its JSON text) or refuses it with
:class:`~explorer.core.positions.PositionError` naming the field (``players[1].hand[2]``,
``table.chips[0].x``) and, when the position is well formed but breaks a rule, the rule with its
section of ``behind-2003-rulebook.txt``.  ``state.position()`` writes a state back (for any state
after the setup); ``from_position(state.position(), options=state.options).position()`` equals
``state.position()``.  The full description with a worked example and the list of errors is
``docs/positions-behind.md``; in short::

    {
      "scenario": "unser_revier",                 # default "unser_revier"
      "players": [                                # required: one per player of the scenario, in turn order
        {"deck": "vampire",                       # a deck of data/behind/decks, or {"characters": [...],
                                                  #   "cards": {"V01": 3, ...}} (ids of data/behind)
         "name": "Vampire",                       # default: the deck's society (as new_game names players)
         "role": "middle",                        # default: the scenario's roles in player order
         "hand": ["V01", "V09"],                  # default: drawn from the top of the supply (hand size)
         "supply": ["V03", ...],                  # top card first; default: the rest of the deck, shuffled (seed)
         "discard": [], "destroyed": [],          # discard pile oldest first (the last is its top card)
         "moments_owed": 0,                       # Moments played in opponents' turns (Moments (Momente))
         "eliminated": ["Konrad der Bleiche"]},   # optional check: deck characters without a chip ARE eliminated
        {"deck": "schwesternbund"}],
      "table": {"width": 120, "depth": 80,        # default: the scenario's table
                "obstacles": [...],               # default: the scenario's default layout; [] for none
                "chips": [{"character": "Ludwig von Auenstedt", "x": 57, "y": 40, "facing": 0,
                           "injuries": 0, "flying": false}]},
      "active": "Vampire",                        # the acting player (default: the first)
      "phase": "action",                          # "organisation", "action" (default) or "over"
      "turn": 1, "actions_left": 3,               # defaults: 1 and the Large Battles number of actions
      "turned": [], "frightened": [], "transformed": [],
      "permanents": [{"card": "V07", "player": "Vampire", "bearer": "Ludwig von Auenstedt"}],
      "jewel": "Name" or {"x": .., "y": ..},      # Das Juwel von Athen only (default: the middle player's first chip)
      "pending": {"kind": "defend", ...},         # a decision the game waits for in the middle of an action
      "winner": null,                             # phase "over" only
      "cards": {"X1": {"title": .., "fate": ..}}, # definitions of cards not in data/behind (or overriding it)
      "characters": [{"name": .., "strength": ..}]  # likewise for characters
    }

Choices (see the document for the reasons):

* positions start after the setup: phases ``organisation``, ``action`` and ``over`` (a setup is
  set up with ``new_game(setup="manual")`` and its ``PlaceObstacle`` / ``Deploy`` actions);
* every character of a player's deck without a chip on the table is eliminated (three injuries),
  so a short position names only the chips it is about;
* the agreed options (character points, tournament rules, rulings) are not part of the position:
  pass ``options`` (default as :func:`~explorer.behind.game.new_game`: the decks' CP limit);
* statistics (``actions_taken``) start at 0 and the setup order (``ranking``) is the players' order.

The state records its origin: ``{"position": <the position as given>, "seed": .., "options": ..}``,
so :mod:`explorer.behind.replay` rebuilds it and re-applies its history.

Pure Python (no drawing).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from functools import lru_cache
from typing import Any, Mapping, Sequence

from shapely.geometry import Polygon

from explorer.behind import refs
from explorer.behind.cards import CATEGORIES, ActionCard, Character
from explorer.behind.data import Deck, battle_size
from explorer.behind.table import Chip, Obstacle, Table
from explorer.core.piles import Piles
from explorer.core.positions import PositionError, field, parse
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

__all__ = ["PHASES", "PositionError", "from_position", "position_of"]

SYSTEM = "behind"
PHASES = ("organisation", "action", "over")
"""The phases a position may be in: after the setup (The Course of the Game; "over": The End)."""
SETUP_PHASES = ("choose-scenario", "terrain", "deployment")
ITEMS = ("Gegenstand", "Waffe")
"""Permanent cards carried by a character (Special Card Effect; Weapons (Waffen))."""

TOP_KEYS = ("system", "scenario", "players", "table", "active", "phase", "turn", "actions_left", "turned",
            "frightened", "transformed", "permanents", "jewel", "pending", "winner", "cards", "characters")
PLAYER_KEYS = ("name", "deck", "role", "hand", "supply", "discard", "destroyed", "moments_owed", "eliminated")
DECK_KEYS = ("name", "society", "characters", "cards", "character_points_limit")
TABLE_KEYS = ("width", "depth", "obstacles", "chips")
CHIP_KEYS = ("character", "player", "x", "y", "facing", "injuries", "flying")
PERMANENT_KEYS = ("card", "player", "bearer")
SHAPE_KEYS = {"box": ("x", "y", "width", "depth", "angle"), "circle": ("x", "y", "radius"),
              "polygon": ("points", "holes")}
OBSTACLE_COMMON = ("name", "shape", "height", "flat")
CARD_FIELDS = tuple(f.name for f in dataclasses.fields(ActionCard))
CHARACTER_KEYS = ("name", "id", "strength", "dexterity", "resistance", "character_points", "society",
                  "abilities", "source")
PENDING_KEYS = {
    "defend": ("attacker", "defender", "assistants", "value"),
    "dodge": ("shooter", "target", "value"),
    "assign-damage": ("defender", "side", "difference"),
    "arrange": ("cards", "top_only"),
    "command-move": ("victim", "distance", "commander"),
}
"""The decisions a game may wait for (game.DECISIONS) and what each records."""

MAX_ITEMS = 10_000
"""No list or object of a position may hold more entries (a bound on what is read)."""
MAX_CARDS = 2_000
"""A deck holds at most this many action cards (a bound; Own Decks gives only minimums)."""
MAX_NUMBER = 1_000_000
_PENDING_RULE = {"defend": refs.MELEE, "dodge": refs.RANGED, "assign-damage": refs.MELEE,
                 "arrange": refs.HELLSICHT, "command-move": refs.BEFEHL}


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------
def from_position(data: Mapping[str, Any] | str, *, seed: int = 0, options=None):
    """A legal state from a hand-written position (see the module docstring and
    ``docs/positions-behind.md``); :class:`PositionError` names the field and, when a rule is
    broken, the rule.  ``seed`` draws what the position leaves to chance (an omitted supply is
    shuffled, the piles' later reshuffles); ``options`` are the agreed
    :class:`~explorer.behind.game.GameOptions` (default: the decks' character points)."""
    from explorer.behind.game import GameOptions

    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise PositionError("seed", f"expected a whole number >= 0, got {seed!r}")
    if options is not None and not isinstance(options, GameOptions):
        raise TypeError(f"options must be GameOptions or None, got {type(options).__name__}")
    try:
        raw = parse(data, SYSTEM)
    except PositionError:
        raise
    except (ValueError, RecursionError) as error:  # e.g. an integer of too many digits, nesting too deep
        raise PositionError("", f"not a readable position: {error}") from None
    try:
        return _Reader(raw, seed, options).build()
    except PositionError:
        raise
    except RuleViolation as violation:  # a rule the reader did not check itself
        raise PositionError("", violation.reason, violation.rule) from None
    except RecursionError:
        raise PositionError("", "the position is nested too deeply") from None


@dataclasses.dataclass
class _Player:
    name: str
    deck: Deck
    spec: dict
    where: str


class _Reader:
    """One reading of a position: the checks in the order the state is built."""

    def __init__(self, raw: dict, seed: int, options):
        self.raw = raw
        self.seed = seed
        self.options = options

    # -- the whole state ---------------------------------------------------------------------
    def build(self):
        from explorer.behind.game import BehindState, GameOptions, _Data

        raw = self.raw
        _known_keys(raw, TOP_KEYS, "")
        self.scenario = _scenario(raw)
        self.cards, self.characters, self.names = _catalogue(raw)
        self.players = self._players()
        if self.options is None:
            self.options = GameOptions(character_points=max(p.deck.character_points_limit or p.deck.character_points
                                                            for p in self.players))
        self.size = battle_size(self.options.character_points)
        self.root = SeededRng(self.seed)
        self.by_name = {p.name: p for p in self.players}
        self.table = self._table()
        self._characters()
        self._game_flow()
        self.permanents = self._permanents()
        self.piles = {p.name: self._piles(p) for p in self.players}
        self._moments()
        self.turned = self._names_list("turned", self._turned_check)
        self.frightened = {name: (self.turn - 1 if self.owners[name] == self.active else self.turn)
                           for name in self._names_list("frightened", self._frightened_check)}
        self.transformed = frozenset(self._names_list("transformed", self._transformed_check))
        self.jewel = self._jewel()
        self.pending = self._pending()
        self._end()

        d = _Data.__new__(_Data)
        d.table, d.piles, d.characters = self.table, self.piles, self.game_characters
        d.phase, d.active, d.turn, d.actions_left = (self.phase, [p.name for p in self.players].index(self.active),
                                                     self.turn, self.actions_left)
        d.moments_owed = dict(self.moments_owed)
        d.permanents = self.permanents
        d.frightened, d.transformed, d.turned = self.frightened, self.transformed, frozenset(self.turned)
        d.jewel, d.pending, d.winner = self.jewel, self.pending, self.winner
        d.roles, d.to_place, d.scenario = self.roles, (), self.scenario.id
        d.rng = self.root.spawn("game")
        d.used_abilities, d.actions_taken = frozenset(), 0
        d.ranking = tuple(p.name for p in self.players)
        cards = {card.id: card for p in self.players for card in p.deck.cards}
        try:
            origin = {"position": json.loads(json.dumps(self.raw, allow_nan=False)), "seed": self.seed,
                      "options": self.options.to_json()}
        except (TypeError, ValueError) as error:
            raise PositionError("", f"the position is not plain JSON data: {error}") from None
        state = BehindState([p.name for p in self.players], self.owners, cards, self.options, d, origin=origin)
        who = state.current_player
        state.say("position", f"The game starts from a position set up by hand: turn {self.turn}, {self.active}'s "
                  f"turn, {state.phase}" + (f", {who} to act" if who else ""), refs.COURSE_OF_GAME,
                  player=self.active)
        try:
            state.check_invariants()
        except AssertionError as failure:
            raise PositionError("", f"the state breaks an invariant: {failure}") from None
        except ValueError as failure:
            raise PositionError("", f"the state breaks an invariant: {failure}") from None
        return state

    # -- players and decks --------------------------------------------------------------------
    def _players(self) -> list[_Player]:
        from explorer.behind.game import player_names

        specs = field(self.raw, "players", list)
        if len(specs) != self.scenario.players:
            raise PositionError("players", f"{len(specs)} players, but \"{self.scenario.title}\" is for "
                                           f"{self.scenario.players} (\"Number of players: {self.scenario.players}\")",
                                self.scenario.rule)
        decks = []
        for i, spec in enumerate(specs):
            where = f"players[{i}]"
            if not isinstance(spec, dict):
                raise PositionError(where, f"expected an object, got {type(spec).__name__}")
            _known_keys(spec, PLAYER_KEYS, where)
            decks.append(self._deck(spec, where))
        defaults = player_names(decks)
        players = []
        for i, (spec, deck) in enumerate(zip(specs, decks)):
            where = f"players[{i}]"
            name = field(spec, "name", str, where, default=defaults[i])
            _text(name, f"{where}.name")
            if any(p.name == name for p in players):
                raise PositionError(f"{where}.name", f"{name!r} is the name of another player; names must be unique")
            players.append(_Player(name, deck, spec, where))
        roles = {}
        for p in players:
            role = field(p.spec, "role", str, p.where, default=None)
            if role is None:
                continue
            if role not in self.scenario.roles:
                raise PositionError(f"{p.where}.role", f"{role!r} is not a role of \"{self.scenario.title}\" "
                                                       f"(roles: {', '.join(self.scenario.roles)})", self.scenario.rule)
            if role in roles.values():
                raise PositionError(f"{p.where}.role", f"{role!r} is the role of another player", self.scenario.rule)
            roles[p.name] = role
        free = [r for r in self.scenario.roles if r not in roles.values()]
        for p in players:
            if p.name not in roles:
                roles[p.name] = free.pop(0)
        self.roles = {p.name: roles[p.name] for p in players}
        return players

    def _deck(self, spec: dict, where: str) -> Deck:
        value = spec.get("deck", ...)
        if value is ...:
            raise PositionError(f"{where}.deck", "is required: a deck of data/behind/decks or an object "
                                                 "{\"characters\": [...], \"cards\": {...}}")
        where = f"{where}.deck"
        if isinstance(value, str):
            shipped = _shipped()[2]
            if value not in shipped:
                raise PositionError(where, f"{_short(value)} is not a deck of data/behind/decks "
                                           f"(decks: {', '.join(shipped)})")
            deck = shipped[value]
            return dataclasses.replace(
                deck, characters=tuple(self._character(c.id, where) for c in deck.characters),
                cards=tuple(self._card(c.id, where) for c in deck.cards))
        if not isinstance(value, dict):
            raise PositionError(where, f"expected a deck id or an object, got {type(value).__name__}")
        _known_keys(value, DECK_KEYS, where)
        refs_ = field(value, "characters", list, where)
        _bounded(refs_, f"{where}.characters", 100)
        characters: list[Character] = []
        for j, ref in enumerate(refs_):
            character = self._character(ref, f"{where}.characters[{j}]")
            if any(c.name == character.name for c in characters):
                raise PositionError(f"{where}.characters[{j}]", f"{character.name} is in the deck twice: \"every "
                                                                f"character may be represented only once\"",
                                    refs.OWN_DECKS)
            characters.append(character)
        listed = field(value, "cards", (dict, list), where)
        cards: list[ActionCard] = []
        if isinstance(listed, dict):
            _bounded(listed, f"{where}.cards", MAX_ITEMS)
            for card_id, count in listed.items():
                count = field(listed, card_id, int, f"{where}.cards", low=0, high=MAX_CARDS)
                cards += [self._card(card_id, f"{where}.cards.{card_id}")] * count
                if len(cards) > MAX_CARDS:
                    raise PositionError(f"{where}.cards", f"more than {MAX_CARDS} action cards")
        else:
            _bounded(listed, f"{where}.cards", MAX_CARDS)
            cards = [self._card(card_id, f"{where}.cards[{j}]") for j, card_id in enumerate(listed)]
        society = field(value, "society", (str, type(None)), where, default=None)
        if society is None:
            society = next((c.society for c in characters if c.society), "Player")
        name = field(value, "name", str, where, default=f"{society} (position)")
        limit = field(value, "character_points_limit", (int, type(None)), where, default=None, low=0, high=MAX_NUMBER)
        return Deck(name=name, society=society, characters=tuple(characters), cards=tuple(cards),
                    character_points_limit=limit, source="position")

    def _character(self, ref: Any, where: str) -> Character:
        if not isinstance(ref, str):
            raise PositionError(where, f"expected a character's id or name, got {type(ref).__name__} {_short(ref)}")
        key = ref if ref in self.characters else self.names.get(ref)
        if key is None:
            raise PositionError(where, f"{_short(ref)} is not a character of data/behind/characters.csv nor of the "
                                       "position's \"characters\"")
        return self.characters[key]

    def _card(self, ref: Any, where: str) -> ActionCard:
        if not isinstance(ref, str):
            raise PositionError(where, f"expected a card id, got {type(ref).__name__} {_short(ref)}")
        if ref not in self.cards:
            raise PositionError(where, f"{_short(ref)} is not a card of data/behind/action_cards.csv nor of the "
                                       "position's \"cards\"")
        return self.cards[ref]

    def _holders(self, name: str) -> list[_Player]:
        return [p for p in self.players if any(c.name == name for c in p.deck.characters)]

    # -- the table -----------------------------------------------------------------------------
    def _table(self) -> Table:
        spec = field(self.raw, "table", dict, default={})
        _known_keys(spec, TABLE_KEYS, "table")
        width = field(spec, "width", float, "table", default=float(self.scenario.width), low=1.0, high=10_000.0)
        depth = field(spec, "depth", float, "table", default=float(self.scenario.depth), low=1.0, high=10_000.0)
        table = Table(width, depth, rulings=self.options.rulings)
        if "obstacles" not in spec:
            obstacles = list(self.scenario.obstacles)
        else:
            listed = field(spec, "obstacles", list, "table")
            _bounded(listed, "table.obstacles", 1000)
            obstacles = [_obstacle(o, f"table.obstacles[{i}]") for i, o in enumerate(listed)]
        for i, obstacle in enumerate(obstacles):
            try:
                table = table.add_obstacle(obstacle)
            except RuleViolation as violation:
                raise PositionError(f"table.obstacles[{i}]", violation.reason, violation.rule) from None
            except ValueError as error:
                raise PositionError(f"table.obstacles[{i}].name", str(error)) from None
        chips = field(spec, "chips", list, "table", default=[])
        _bounded(chips, "table.chips", 1000)
        self.chip_injuries: dict[str, int] = {}
        self.chip_owner: dict[str, str] = {}
        for i, spec_chip in enumerate(chips):
            where = f"table.chips[{i}]"
            if not isinstance(spec_chip, dict):
                raise PositionError(where, f"expected an object, got {type(spec_chip).__name__}")
            _known_keys(spec_chip, CHIP_KEYS, where)
            character = self._character(field(spec_chip, "character", str, where), f"{where}.character")
            player = self._chip_player(spec_chip, character, where)
            if character.name in self.chip_owner:
                raise PositionError(f"{where}.character", f"{character.name} has a chip on the table already: every "
                                                          "character has one character chip", refs.THE_BEGINNING)
            injuries = spec_chip.get("injuries", 0)
            if isinstance(injuries, bool) or not isinstance(injuries, int):
                raise PositionError(f"{where}.injuries", f"expected a whole number 0 to 2, got {_short(injuries)}")
            if injuries >= 3:
                raise PositionError(f"{where}.injuries", f"{character.name} with {injuries} injuries is eliminated: "
                                                         "\"His chip and his card are removed from the game\" (leave "
                                                         "his chip out of the position)", refs.INJURIES)
            if injuries < 0:
                raise PositionError(f"{where}.injuries", f"{injuries}: injuries are 0 (healthy), 1 (lightly) or 2 "
                                                         "(severely injured)", refs.INJURIES)
            x = field(spec_chip, "x", float, where)
            y = field(spec_chip, "y", float, where)
            facing = field(spec_chip, "facing", float, where, default=0.0, low=-MAX_NUMBER, high=MAX_NUMBER)
            flying = field(spec_chip, "flying", bool, where, default=False)
            try:
                table = table.place(Chip(character.name, player.name, x, y, facing, flying))
            except RuleViolation as violation:
                raise PositionError(where, violation.reason, violation.rule) from None
            except ValueError as error:
                raise PositionError(where, str(error)) from None
            self.chip_injuries[character.name] = injuries
            self.chip_owner[character.name] = player.name
        return table

    def _chip_player(self, spec: dict, character: Character, where: str) -> _Player:
        holders = self._holders(character.name)
        named = field(spec, "player", str, where, default=None)
        if named is not None:
            if named not in self.by_name:
                raise PositionError(f"{where}.player", f"{_short(named)} is not a player "
                                                       f"({', '.join(self.by_name)})")
            if self.by_name[named] not in holders:
                raise PositionError(f"{where}.player", f"{character.name} is not a character of {named}'s deck: "
                                                       "\"Each player lays out all characters of the deck\"",
                                    refs.THE_BEGINNING)
            return self.by_name[named]
        if not holders:
            raise PositionError(f"{where}.character", f"{character.name} is not a character of any player's deck: "
                                                      "\"Each player lays out all characters of the deck\"",
                                refs.THE_BEGINNING)
        if len(holders) > 1:
            raise PositionError(f"{where}.player", f"{character.name} is in the decks of "
                                                   f"{', '.join(p.name for p in holders)}: name the player who holds "
                                                   "him (\"a character can only be played by one player\")",
                                refs.THE_BEGINNING)
        return holders[0]

    # -- characters, owners, elimination ---------------------------------------------------------
    def _characters(self) -> None:
        listed: dict[str, tuple[str, str]] = {}  # name -> (player, field) from the players' "eliminated"
        for p in self.players:
            names = field(p.spec, "eliminated", list, p.where, default=None)
            if names is None:
                continue
            _bounded(names, f"{p.where}.eliminated", 100)
            for j, ref in enumerate(names):
                where = f"{p.where}.eliminated[{j}]"
                character = self._character(ref, where)
                if p not in self._holders(character.name):
                    raise PositionError(where, f"{character.name} is not a character of {p.name}'s deck",
                                        refs.THE_BEGINNING)
                if self.chip_owner.get(character.name) == p.name:
                    raise PositionError(where, f"{character.name} is listed as eliminated but has a chip on the table: "
                                               "an eliminated character's \"chip and his card are removed from the "
                                               "game\"", refs.INJURIES)
                if character.name in listed:
                    raise PositionError(where, f"{character.name} is listed as eliminated twice", refs.THE_BEGINNING)
                listed[character.name] = (p.name, where)
        ids: dict[str, set[str]] = {}
        for p in self.players:
            for character in p.deck.characters:
                ids.setdefault(character.name, set()).add(character.id)
        for name, found in ids.items():
            if len(found) > 1:
                raise PositionError("players", f"two different characters are called {name!r} "
                                               f"({', '.join(sorted(found))}): every character has one chip of his "
                                               "name", refs.THE_BEGINNING)
        self.owners: dict[str, str] = {}
        self.game_characters: dict[str, Character] = {}
        for p in self.players:
            for character in p.deck.characters:
                name = character.name
                if name in self.owners:
                    continue
                owner = self.chip_owner.get(name) or (listed[name][0] if name in listed else None) \
                    or self._holders(name)[0].name
                if owner != p.name:
                    continue  # legendary: held by the other player (The Beginning), met in his deck
                self.owners[name] = owner
                self.game_characters[name] = character.with_injuries(self.chip_injuries.get(name, 3))
        for p in self.players:
            names = field(p.spec, "eliminated", list, p.where, default=None)
            if names is None:
                continue
            missing = [n for n, o in self.owners.items() if o == p.name and n not in self.chip_owner
                       and listed.get(n, ("",))[0] != p.name]
            if missing:
                raise PositionError(f"{p.where}.eliminated", f"{', '.join(missing)} of {p.name} has no chip on the "
                                                             "table, so is eliminated: list him too, or place his chip",
                                    refs.INJURIES)

    def alive(self, name: str) -> bool:
        return name in self.game_characters and not self.game_characters[name].eliminated

    def _living(self, value: Any, where: str, *, of: str | None = None, enemy_of: str | None = None,
                rule=refs.INJURIES) -> str:
        """A living character's name (a name or id), of player ``of`` / an enemy of ``enemy_of``."""
        name = self._character(value, where).name
        if name not in self.owners:
            raise PositionError(where, f"{name} is not a character of this game", refs.THE_BEGINNING)
        if not self.alive(name):
            raise PositionError(where, f"{name} is eliminated (he has no chip on the table) and has left the game",
                                refs.INJURIES)
        if of is not None and self.owners[name] != of:
            raise PositionError(where, f"{name} is {self.owners[name]}'s character, not {of}'s", rule)
        if enemy_of is not None and self.owners[name] == enemy_of:
            raise PositionError(where, f"{name} is {enemy_of}'s own character, not an enemy", rule)
        return name

    # -- phase, acting player, turn ------------------------------------------------------------
    def _game_flow(self) -> None:
        raw = self.raw
        phase = field(raw, "phase", str, default="action")
        if phase in SETUP_PHASES:
            raise PositionError("phase", f"{phase!r} is a setup phase: positions start after the setup (set a setup "
                                         "up with new_game(..., setup=\"manual\") and its PlaceObstacle / Deploy "
                                         "actions)", refs.THE_BEGINNING)
        if phase not in PHASES:
            raise PositionError("phase", f"{_short(phase)} is not a phase; phases are {', '.join(PHASES)} (the "
                                         "supply phase passes at once: the next turn's organisation phase)",
                                refs.COURSE_OF_GAME)
        self.phase = phase
        names = [p.name for p in self.players]
        active = field(raw, "active", str, default=names[0])
        if active not in names:
            raise PositionError("active", f"{_short(active)} is not a player ({', '.join(names)})")
        self.active = active
        self.turn = field(raw, "turn", int, default=1, low=1, high=MAX_NUMBER)
        actions = self.size.actions
        left = field(raw, "actions_left", int, default=actions, low=0, high=MAX_NUMBER)
        if left > actions:
            raise PositionError("actions_left", f"{left} actions, but a player has {actions} actions per turn in a "
                                                f"battle of {self.options.character_points} CP",
                                refs.LARGE_BATTLES if actions != 3 else refs.ACTION_PHASE)
        self.actions_left = left

    def _moments(self) -> None:
        budget = self.size.actions - (1 if self.options.rulings["behind.moment-budget"] == "actions-minus-one" else 0)
        self.moments_owed = {}
        for p in self.players:
            owed = field(p.spec, "moments_owed", int, p.where, default=0, low=0, high=MAX_NUMBER)
            if owed > budget:
                raise PositionError(f"{p.where}.moments_owed", f"{owed} Moments: \"a player cannot play more "
                                                               "Moments in the opponents' turns than he would have "
                                                               f"actions in his own next turn\" ({budget})",
                                    refs.MOMENTS)
            if owed and p.name == self.active:
                raise PositionError(f"{p.where}.moments_owed", f"{p.name} is the acting player: the Moments he played "
                                                               "in opponents' turns were paid at the start of his "
                                                               "turn (one action fewer each)", refs.MOMENTS)
            self.moments_owed[p.name] = owed

    # -- permanents and piles ------------------------------------------------------------------
    def _permanents(self):
        from explorer.behind.game import Permanent

        listed = field(self.raw, "permanents", list, default=[])
        _bounded(listed, "permanents", 1000)
        out = []
        self.in_play: dict[str, list[str]] = {p.name: [] for p in self.players}
        for i, spec in enumerate(listed):
            where = f"permanents[{i}]"
            if isinstance(spec, str):
                spec = {"card": spec}
            if not isinstance(spec, dict):
                raise PositionError(where, f"expected a card id or an object, got {type(spec).__name__}")
            _known_keys(spec, PERMANENT_KEYS, where)
            card = self._card(field(spec, "card", str, where), f"{where}.card")
            if not card.permanent:
                raise PositionError(f"{where}.card", f"{card.title} [{card.id}] ({card.category}) is not a permanent "
                                                     "card: only characters, places, persons and items stay in play",
                                    refs.SPECIAL_CARD_EFFECT)
            holders = [p for p in self.players if any(c.id == card.id for c in p.deck.cards)]
            named = field(spec, "player", str, where, default=None)
            if named is None:
                if len(holders) != 1:
                    raise PositionError(f"{where}.player", f"{card.id} is in the decks of "
                                                           f"{', '.join(p.name for p in holders) or 'nobody'}: name "
                                                           "the player who influences it", refs.THE_BEGINNING)
                named = holders[0].name
            if named not in self.by_name:
                raise PositionError(f"{where}.player", f"{_short(named)} is not a player ({', '.join(self.by_name)})")
            if self.by_name[named] not in holders:
                raise PositionError(f"{where}.card", f"{card.id} is not a card of {named}'s deck", refs.THE_BEGINNING)
            bearer = spec.get("bearer")
            if card.category in ITEMS:
                if bearer is None:
                    raise PositionError(f"{where}.bearer", f"{card.title} is an item ({card.category}): name the "
                                                           f"character of {named} who carries it",
                                        refs.SPECIAL_CARD_EFFECT)
                bearer = self._living(bearer, f"{where}.bearer", of=named, rule=refs.SPECIAL_CARD_EFFECT)
            elif bearer is not None:
                raise PositionError(f"{where}.bearer", f"{card.title} ({card.category}) is not an item: nobody "
                                                       "carries it", refs.SPECIAL_CARD_EFFECT)
            if card.unique or card.legendary:
                if any(self.cards[p.card].title == card.title for p in out):
                    kind = "legendary" if card.legendary else "unique"
                    raise PositionError(where, f"{card.title} is {kind} and already in play: \"Neither unique nor "
                                               "legendary cards can be played two or more times\"",
                                        refs.SPECIAL_CARD_EFFECT)
            out.append(Permanent(card.id, named, bearer))
            self.in_play[named].append(card.id)
        return tuple(out)

    def _piles(self, p: _Player) -> Piles:
        deck = p.deck
        left = Counter(card.id for card in deck.cards)
        by_id = {card.id: card for card in deck.cards}
        for card_id in self.in_play[p.name]:
            if left[card_id] <= 0:
                raise PositionError("permanents", f"{p.name}'s deck holds {Counter(c.id for c in deck.cards)[card_id]} "
                                                  f"{card_id}, fewer than are in play", refs.HAND_SUPPLY_DISCARD)
            left[card_id] -= 1
        zones: dict[str, list[ActionCard] | None] = {}
        for zone in ("hand", "supply", "discard", "destroyed"):
            listed = field(p.spec, zone, list, p.where, default=None)
            if listed is None:
                zones[zone] = None
                continue
            _bounded(listed, f"{p.where}.{zone}", MAX_CARDS)
            cards = []
            for j, card_id in enumerate(listed):
                where = f"{p.where}.{zone}[{j}]"
                if not isinstance(card_id, str):
                    raise PositionError(where, f"expected a card id, got {type(card_id).__name__} {_short(card_id)}")
                if card_id not in by_id:
                    self._card(card_id, where)  # an unknown id is a malformed field, not a broken rule
                    raise PositionError(where, f"{_short(card_id)} is not a card of {p.name}'s deck: \"each player "
                                               "shuffles his remaining cards\" into his own supply",
                                        refs.THE_BEGINNING)
                if left[card_id] <= 0:
                    copies = sum(1 for c in deck.cards if c.id == card_id)
                    raise PositionError(where, f"{card_id} is in two places: {p.name}'s deck holds {copies} "
                                               f"{'copy' if copies == 1 else 'copies'} of it and every card lies in "
                                               "one pile (hand, supply, discard pile, in play or destroyed)",
                                        refs.HAND_SUPPLY_DISCARD)
                left[card_id] -= 1
                cards.append(by_id[card_id])
            zones[zone] = cards
        rest = []
        for card in deck.cards:
            if left[card.id] > 0:
                rest.append(card)
                left[card.id] -= 1
        rng = self.root.spawn(f"supply {p.name}")
        hand_size = self.size.hand_size
        if zones["supply"] is None:
            rng.shuffle(rest)
            if zones["hand"] is None:
                zones["hand"], rest = rest[:hand_size], rest[hand_size:]
            zones["supply"] = rest
        elif zones["hand"] is None:
            zones["hand"] = rest
        elif rest:
            missing = Counter(card.id for card in rest)
            raise PositionError(f"{p.where}.supply", f"the piles of {p.name} leave out {_counted(missing)} of his "
                                                     "deck: list every card once (or leave out the supply: it is "
                                                     "then the rest, shuffled)", refs.HAND_SUPPLY_DISCARD)
        for zone in ("discard", "destroyed"):
            zones[zone] = zones[zone] or []
        if not zones["supply"] and zones["discard"]:
            raise PositionError(f"{p.where}.supply", "the supply is empty but the discard pile is not: \"Once the "
                                                     "supply is used up, the discard pile (Rückzug) is shuffled "
                                                     "immediately and placed as the new supply.\"", refs.SUPPLY_PHASE)
        hand = zones["hand"]
        drawing = any(card.card_effect is not None and card.card_effect.kind in ("draw", "draw-each-turn")
                      for card in deck.cards)
        if len(hand) > hand_size and not drawing:
            raise PositionError(f"{p.where}.hand", f"{len(hand)} hand cards, more than the hand size {hand_size}, and "
                                                   f"no card of {p.name}'s deck draws cards: only \"through card "
                                                   "effects\" may a player hold more", refs.SUPPLY_PHASE)
        if self.phase == "organisation" and len(hand) < hand_size and (zones["supply"] or zones["discard"]):
            raise PositionError(f"{p.where}.hand", f"{len(hand)} hand cards at the start of a turn: \"at the end of "
                                                   f"every turn all players draw cards from their supply until they "
                                                   f"have {hand_size} hand cards\"", refs.SUPPLY_PHASE)
        piles = Piles(deck.cards, rng)
        piles.zones = {"supply": zones["supply"], "hand": hand, "discard": zones["discard"],
                       "in_play": [by_id[c] for c in self.in_play[p.name]], "destroyed": zones["destroyed"]}
        return piles

    # -- turned, frightened, transformed ---------------------------------------------------------
    def _names_list(self, key: str, check) -> list[str]:
        listed = field(self.raw, key, list, default=[])
        _bounded(listed, key, 1000)
        names: list[str] = []
        for i, ref in enumerate(listed):
            name = check(ref, f"{key}[{i}]")
            if name in names:
                raise PositionError(f"{key}[{i}]", f"{name} is listed twice")
            names.append(name)
        return names

    def _turned_check(self, ref, where) -> str:
        return self._living(ref, where, of=self.active, rule=refs.VIEWING_ANGLE)

    def _frightened_check(self, ref, where) -> str:
        return self._living(ref, where, rule=refs.SCHRECKEN)

    def _transformed_check(self, ref, where) -> str:
        name = self._living(ref, where, rule=refs.WANDLER)
        if self.game_characters[name].ability("Wandler") is None:
            raise PositionError(where, f"{name} has no ability Wandler: only \"a character with this ability "
                                       "transforms\"", refs.WANDLER)
        return name

    # -- the jewel, a pending decision, the end ----------------------------------------------------
    def _jewel(self):
        raw = self.raw
        if not self.scenario.jewel_rules:
            if raw.get("jewel") is not None:
                raise PositionError("jewel", f"\"{self.scenario.title}\" has no Jewel of Athens", refs.JUWEL_VON_ATHEN)
            return None
        if "jewel" not in raw:
            middle = next((p for p, r in self.roles.items() if r == "middle"), None)
            bearer = next((c.name for c in self.table.chips if c.owner == middle), None)
            if bearer is None:
                raise PositionError("jewel", f"is required: the player in the middle ({middle}) has no chip to carry "
                                             "it", refs.JUWEL_VON_ATHEN)
            return ("bearer", bearer)
        value = raw["jewel"]
        if isinstance(value, str):
            return ("bearer", self._living(value, "jewel", rule=refs.JUWEL_VON_ATHEN))
        if isinstance(value, dict):
            _known_keys(value, ("x", "y"), "jewel")
            x = field(value, "x", float, "jewel", low=0.0, high=self.table.width)
            y = field(value, "y", float, "jewel", low=0.0, high=self.table.depth)
            return ("ground", x, y)
        raise PositionError("jewel", f"expected the bearer's name or {{\"x\": .., \"y\": ..}} where it lies, got "
                                     f"{_short(value)}: the jewel is always on the table", refs.JUWEL_VON_ATHEN)

    def _free_turn_window(self) -> bool:
        """After the last action the turn waits while the acting player may still turn a chip
        (Viewing Angle: "once in his own turn, at any time"; ruling ``behind.action-phase-end``)."""
        if self.options.rulings["behind.action-phase-end"] != "free-turn-window":
            return False
        return any(self.owners.get(name) == self.active and name in self.table and name not in self.turned
                   and name not in self.frightened for name in self.game_characters)

    def _pending(self):
        from explorer.behind.game import Pending

        spec = field(self.raw, "pending", (dict, type(None)), default=None)
        if spec is None:
            if self.phase == "action" and self.actions_left == 0 and not self._free_turn_window():
                raise PositionError("actions_left", "0 actions left, no decision pending and no free turn of a chip "
                                                    "left (ruling behind.action-phase-end): the action phase is over "
                                                    "(the supply phase follows at once)", refs.ACTION_PHASE)
            return None
        if self.phase != "action":
            raise PositionError("pending", f"a decision is pending only in the action phase, not in {self.phase!r}",
                                refs.COURSE_OF_GAME)
        kind = field(spec, "kind", str, "pending")
        if kind not in PENDING_KEYS:
            raise PositionError("pending.kind", f"{_short(kind)} is not a decision; decisions are "
                                                f"{', '.join(PENDING_KEYS)}")
        _known_keys(spec, ("kind", "player") + PENDING_KEYS[kind], "pending")
        rule = _PENDING_RULE[kind]
        active = self.active

        def mine(key):
            return self._living(field(spec, key, str, "pending"), f"pending.{key}", of=active, rule=rule)

        def enemy(key):
            return self._living(field(spec, key, str, "pending"), f"pending.{key}", enemy_of=active, rule=rule)

        def team(key, minimum, exclude=()):
            names = field(spec, key, list, "pending", default=[] if minimum == 0 else ...)
            _bounded(names, f"pending.{key}", 100)
            out = []
            for i, ref in enumerate(names):
                if not isinstance(ref, str):
                    raise PositionError(f"pending.{key}[{i}]", f"expected a character, got {_short(ref)}")
                name = self._living(ref, f"pending.{key}[{i}]", of=active, rule=rule)
                if name in out or name in exclude:
                    raise PositionError(f"pending.{key}[{i}]", f"{name} is named twice", rule)
                out.append(name)
            if len(out) < minimum:
                raise PositionError(f"pending.{key}", f"name at least {minimum} characters", rule)
            return out

        if kind == "defend":
            attacker = mine("attacker")
            info = {"attacker": attacker, "defender": enemy("defender"),
                    "assistants": team("assistants", 0, exclude=(attacker,)),
                    "value": field(spec, "value", int, "pending", low=-MAX_NUMBER, high=MAX_NUMBER)}
            player = self.owners[info["defender"]]
        elif kind == "dodge":
            info = {"shooter": mine("shooter"), "target": enemy("target"),
                    "value": field(spec, "value", int, "pending", low=-MAX_NUMBER, high=MAX_NUMBER)}
            player = self.owners[info["target"]]
        elif kind == "assign-damage":
            info = {"defender": enemy("defender"), "side": team("side", 2),
                    "difference": field(spec, "difference", int, "pending", low=1, high=MAX_NUMBER)}
            player = self.owners[info["defender"]]
        elif kind == "arrange":
            cards = field(spec, "cards", list, "pending")
            supply = [c.id for c in self.piles[active].supply]
            if not cards or cards != supply[:len(cards)]:
                raise PositionError("pending.cards", f"the cards looked at are the top cards of {active}'s supply "
                                                     f"({', '.join(supply[:max(1, len(cards))]) or 'empty'}), in "
                                                     "order", rule)
            info = {"cards": list(cards), "top_only": field(spec, "top_only", bool, "pending", default=False)}
            player = active
        else:
            info = {"victim": enemy("victim"),
                    "distance": field(spec, "distance", float, "pending", low=0.0, high=10_000.0),
                    "commander": mine("commander")}
            player = active
        named = field(spec, "player", str, "pending", default=player)
        if named != player:
            raise PositionError("pending.player", f"{_short(named)}: the {kind} decision is {player}'s", rule)
        return Pending(kind, player, info)

    def _end(self) -> None:
        alive = [p.name for p in self.players if any(o == p.name and self.alive(n) for n, o in self.owners.items())]
        winner = field(self.raw, "winner", (str, type(None)), default=None)
        if self.phase == "over":
            if winner is not None and winner not in self.by_name:
                raise PositionError("winner", f"{_short(winner)} is not a player ({', '.join(self.by_name)})")
            if winner is not None and winner not in alive:
                raise PositionError("winner", f"{winner} has no character left and cannot have won", refs.THE_END)
            self.winner = winner
            return
        if winner is not None:
            raise PositionError("winner", f"the game is not over (phase {self.phase!r}): there is no winner yet "
                                          "(phase \"over\" ends the game)", refs.THE_END)
        self.winner = None
        if self.scenario.goal == "eliminate-all-enemies" and len(alive) <= 1 or not alive:
            raise PositionError("table.chips", f"only {', '.join(alive) or 'nobody'} has characters left: the game "
                                               "is over (phase \"over\")", self.scenario.rule)
        if self.active not in alive:
            raise PositionError("active", f"{self.active} has no character left: his turns are skipped",
                                refs.COURSE_OF_GAME)


# ---------------------------------------------------------------------------------------------
# Pieces
# ---------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _shipped():
    """The shipped characters, action cards and decks (loaded once per process)."""
    from explorer.behind.data import load_action_cards, load_characters, load_decks

    return load_characters(), load_action_cards(), load_decks()


def _scenario(raw: dict):
    from explorer.behind.game_setup import cached_scenario

    scenario_id = field(raw, "scenario", str, default="unser_revier")
    known = _scenario_ids()
    if scenario_id not in known:
        raise PositionError("scenario", f"{_short(scenario_id)} is not a scenario of data/behind/scenarios "
                                        f"(scenarios: {', '.join(known)})", refs.SCENARIOS)
    return cached_scenario(scenario_id)


@lru_cache(maxsize=1)
def _scenario_ids() -> tuple[str, ...]:
    from explorer.behind.scenarios import load_scenarios

    return tuple(load_scenarios())


def _catalogue(raw: dict) -> tuple[dict[str, ActionCard], dict[str, Character], dict[str, str]]:
    """Cards by id, characters by id and character ids by name: the shipped data and the
    position's own definitions (which take precedence)."""
    shipped_characters, shipped_cards, _ = _shipped()
    cards = dict(shipped_cards)
    defined = field(raw, "cards", dict, default={})
    _bounded(defined, "cards", MAX_ITEMS)
    for card_id, spec in defined.items():
        cards[card_id] = _card_definition(card_id, spec, f"cards.{card_id}")
    characters = dict(shipped_characters)
    names = {c.name: c.id for c in characters.values()}
    listed = field(raw, "characters", list, default=[])
    _bounded(listed, "characters", MAX_ITEMS)
    own_names: set[str] = set()
    for i, spec in enumerate(listed):
        character = _character_definition(spec, f"characters[{i}]")
        if character.name in own_names:
            raise PositionError(f"characters[{i}].name", f"{character.name!r} is defined twice")
        own_names.add(character.name)
        characters[character.id] = character
        names[character.name] = character.id
    return cards, characters, names


def _card_definition(card_id: str, spec: Any, where: str) -> ActionCard:
    _text(card_id, where, limit=100)
    if not isinstance(spec, dict):
        raise PositionError(where, f"expected an object of the card's fields, got {type(spec).__name__}")
    _known_keys(spec, tuple(f for f in CARD_FIELDS if f != "id"), where)
    none = type(None)
    values = {
        "id": card_id,
        "title": field(spec, "title", str, where, default=card_id),
        "fate": field(spec, "fate", int, where, low=0, high=1000),
        "movement_range": field(spec, "movement_range", float, where, default=0.0, low=0.0, high=10_000.0),
        "movement_number": field(spec, "movement_number", int, where, default=1, low=0, high=100),
        "category": field(spec, "category", str, where, default="Ereignis"),
        "society": field(spec, "society", (str, none), where, default=None),
        "permanent": field(spec, "permanent", bool, where, default=False),
        "legendary": field(spec, "legendary", bool, where, default=False),
        "unique": field(spec, "unique", bool, where, default=False),
        "zusatz_bonus": field(spec, "zusatz_bonus", int, where, default=0, low=-1000, high=1000),
        "ranged": field(spec, "ranged", bool, where, default=False),
        "influence": field(spec, "influence", (int, none), where, default=None, low=0, high=1000),
        "effect": field(spec, "effect", str, where, default=""),
        "source": field(spec, "source", str, where, default="position"),
        "effect_code": field(spec, "effect_code", str, where, default=""),
    }
    if values["category"] not in CATEGORIES:
        raise PositionError(f"{where}.category", f"{_short(values['category'])} is not a category; categories are "
                                                 f"{', '.join(CATEGORIES)}", refs.SPECIAL_CARD_EFFECT)
    try:
        card = ActionCard(**values)
        card.card_effect  # noqa: B018  (parses the code)
    except (ValueError, TypeError) as error:
        raise PositionError(where, str(error), getattr(error, "rule", None)) from None
    return card


def _character_definition(spec: Any, where: str) -> Character:
    if not isinstance(spec, dict):
        raise PositionError(where, f"expected an object of the character's fields, got {type(spec).__name__}")
    _known_keys(spec, CHARACTER_KEYS, where)
    name = field(spec, "name", str, where)
    _text(name, f"{where}.name")
    abilities = field(spec, "abilities", (list, str), where, default=[])
    if isinstance(abilities, list):
        _bounded(abilities, f"{where}.abilities", 20)
        for j, text in enumerate(abilities):
            if not isinstance(text, str):
                raise PositionError(f"{where}.abilities[{j}]", f"expected an ability like 'Regeneration 4+', got "
                                                               f"{_short(text)}")
    try:
        return Character(
            name=name, id=field(spec, "id", str, where, default=""),
            strength=field(spec, "strength", int, where, low=0, high=1000),
            dexterity=field(spec, "dexterity", int, where, default=0, low=0, high=1000),
            resistance=field(spec, "resistance", int, where, default=1, low=1, high=1000),
            character_points=field(spec, "character_points", int, where, default=0, low=0, high=MAX_NUMBER),
            society=field(spec, "society", (str, type(None)), where, default=None),
            abilities=abilities, source=field(spec, "source", str, where, default="position"))
    except ValueError as error:
        raise PositionError(where, str(error), refs.ABILITIES if "abilit" in str(error) else None) from None


def _obstacle(spec: Any, where: str) -> Obstacle:
    if not isinstance(spec, dict):
        raise PositionError(where, f"expected an object, got {type(spec).__name__}")
    shape = field(spec, "shape", str, where, default="polygon" if "points" in spec else "box")
    if shape not in SHAPE_KEYS:
        raise PositionError(f"{where}.shape", f"{_short(shape)} is not a shape; shapes are {', '.join(SHAPE_KEYS)}")
    _known_keys(spec, OBSTACLE_COMMON + SHAPE_KEYS[shape], where)
    name = field(spec, "name", str, where)
    _text(name, f"{where}.name")
    height = field(spec, "height", float, where, default=0.0, low=0.0, high=10_000.0)
    flat = field(spec, "flat", bool, where, default=False)
    span = dict(low=-100_000.0, high=100_000.0)
    try:
        if shape == "box":
            return Obstacle.box(name, field(spec, "x", float, where, **span), field(spec, "y", float, where, **span),
                                field(spec, "width", float, where, low=1e-6, high=100_000.0),
                                field(spec, "depth", float, where, low=1e-6, high=100_000.0), height=height,
                                flat=flat, angle=field(spec, "angle", float, where, default=0.0, low=-3600.0,
                                                       high=3600.0))
        if shape == "circle":
            return Obstacle.circle(name, field(spec, "x", float, where, **span),
                                   field(spec, "y", float, where, **span),
                                   field(spec, "radius", float, where, low=1e-6, high=100_000.0), height=height,
                                   flat=flat)
        exterior = _ring(field(spec, "points", list, where), f"{where}.points")
        holes = field(spec, "holes", list, where, default=[])
        _bounded(holes, f"{where}.holes", 100)
        rings = [_ring(ring, f"{where}.holes[{k}]") for k, ring in enumerate(holes)]
        return Obstacle(name, Polygon(exterior, rings or None), height, flat)
    except PositionError:
        raise
    except (ValueError, TypeError) as error:
        raise PositionError(where, f"not a valid obstacle: {error}") from None


def _ring(points: Any, where: str) -> list[tuple[float, float]]:
    if not isinstance(points, list):
        raise PositionError(where, f"expected a list of [x, y] points, got {type(points).__name__}")
    _bounded(points, where, MAX_ITEMS)
    if len(points) < 3:
        raise PositionError(where, "a ring needs at least 3 points")
    out = []
    for k, point in enumerate(points):
        if not isinstance(point, list) or len(point) != 2:
            raise PositionError(f"{where}[{k}]", f"expected [x, y], got {_short(point)}")
        xy = {"x": point[0], "y": point[1]}
        out.append((field(xy, "x", float, f"{where}[{k}]", low=-100_000.0, high=100_000.0),
                    field(xy, "y", float, f"{where}[{k}]", low=-100_000.0, high=100_000.0)))
    return out


def _known_keys(data: Mapping, allowed: Sequence[str], where: str) -> None:
    for key in data:
        if key not in allowed:
            at = f"{where}.{key}" if where else str(key)
            raise PositionError(at, f"is not a field here; fields are {', '.join(allowed)}")


def _bounded(items, where: str, limit: int) -> None:
    if len(items) > limit:
        raise PositionError(where, f"holds {len(items)} entries, more than {limit}")


def _text(value: Any, where: str, limit: int = 200) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise PositionError(where, f"expected a non-empty text of at most {limit} characters, got {_short(value)}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _counted(counts: Counter) -> str:
    return ", ".join(f"{n} x {card_id}" if n > 1 else card_id for card_id, n in counts.items())


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------
def position_of(state) -> dict:
    """The position of ``state`` (``BehindState.position()``): everything a legal state needs, the
    defaults left out where they hold (roles in player order, no obstacles but the scenario's,
    nothing turned, frightened or transformed, no permanents)."""
    d = state.data
    if d.phase in SETUP_PHASES or d.scenario is None:
        raise PositionError("phase", f"the game is in the setup ({d.phase!r}): positions start after the setup",
                            refs.THE_BEGINNING)
    scenario = state.scenario
    shipped_characters, shipped_cards, shipped_decks = _shipped()
    players = list(state.players)
    out: dict[str, Any] = {"system": SYSTEM, "scenario": scenario.id}
    used_cards: dict[str, ActionCard] = {}
    used_characters: dict[str, Character] = {}
    rows = []
    default_roles = dict(zip(players, scenario.roles))
    for player in players:
        piles = d.piles[player]
        names = [n for n, o in state.owners.items() if o == player]
        characters = [d.characters[n].with_injuries(0) for n in names]
        for character in characters:
            if shipped_characters.get(character.id) != character:
                used_characters[character.id] = character
        cards = piles.all_cards()
        for card in cards:
            if shipped_cards.get(card.id) != card:
                used_cards[card.id] = card
        row: dict[str, Any] = {"name": player, "deck": _deck_of(characters, cards, shipped_decks)}
        if d.roles.get(player) != default_roles.get(player):
            row["role"] = d.roles.get(player)
        row["hand"] = [c.id for c in piles.hand]
        row["supply"] = [c.id for c in piles.supply]
        row["discard"] = [c.id for c in piles.discard]
        if piles.destroyed:
            row["destroyed"] = [c.id for c in piles.destroyed]
        if d.moments_owed.get(player, 0):
            row["moments_owed"] = d.moments_owed[player]
        eliminated = [n for n in names if d.characters[n].eliminated]
        if eliminated:
            row["eliminated"] = eliminated
        rows.append(row)
    out["players"] = rows
    table = d.table
    written: dict[str, Any] = {"width": table.width, "depth": table.depth}
    if tuple(table.obstacles) != tuple(scenario.obstacles):
        written["obstacles"] = [_obstacle_json(o) for o in table.obstacles]
    chips = []
    for chip in table.chips:
        row = {"character": chip.name, "x": chip.x, "y": chip.y, "facing": chip.facing}
        injuries = d.characters[chip.name].injuries if chip.name in d.characters else 0
        if injuries:
            row["injuries"] = injuries
        if chip.flying:
            row["flying"] = True
        chips.append(row)
    written["chips"] = chips
    out["table"] = written
    out["active"] = state.active_player
    out["phase"] = d.phase
    out["turn"] = d.turn
    out["actions_left"] = d.actions_left
    turned = sorted(n for n in d.turned if state.alive(n))  # an eliminated chip turned earlier is gone
    if turned:
        out["turned"] = turned
    if d.frightened:
        out["frightened"] = sorted(d.frightened)
    if d.transformed:
        out["transformed"] = sorted(d.transformed)
    if d.permanents:
        out["permanents"] = [{"card": p.card, "player": p.controller, **({"bearer": p.bearer} if p.bearer else {})}
                             for p in d.permanents]
    if scenario.jewel_rules and d.jewel is not None:
        out["jewel"] = d.jewel[1] if d.jewel[0] == "bearer" else {"x": float(d.jewel[1]), "y": float(d.jewel[2])}
    if d.pending is not None:
        out["pending"] = {"kind": d.pending.kind, "player": d.pending.player, **_plain(dict(d.pending.info))}
    if d.phase == "over":
        out["winner"] = d.winner
    if used_cards:
        out["cards"] = {cid: {f: getattr(card, f) for f in CARD_FIELDS if f != "id"}
                        for cid, card in sorted(used_cards.items())}
    if used_characters:
        out["characters"] = [{k: v for k, v in c.to_json().items() if k in CHARACTER_KEYS}
                             for _, c in sorted(used_characters.items())]
    return out


def _deck_of(characters: list[Character], cards: list[ActionCard], shipped_decks: Mapping[str, Deck]):
    """A shipped deck's id when the player's characters and cards are exactly that deck's, else
    the deck written out (character ids, card id -> copies)."""
    ids = sorted(c.id for c in characters)
    counts = Counter(c.id for c in cards)
    for slug, deck in shipped_decks.items():
        if sorted(c.id for c in deck.characters) == ids and Counter(c.id for c in deck.cards) == counts \
                and all(c in deck.characters for c in characters):
            return slug
    return {"characters": [c.id for c in characters], "cards": dict(sorted(counts.items()))}


def _obstacle_json(obstacle: Obstacle) -> dict:
    data = obstacle.to_json()
    out = {"name": obstacle.name, "shape": "polygon", "points": data["exterior"]}
    if data["holes"]:
        out["holes"] = data["holes"]
    out["height"] = obstacle.height
    out["flat"] = obstacle.flat
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value

