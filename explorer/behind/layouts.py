"""Scenario layouts: a table set up for a scenario by hand, checked, saved as JSON and played.

A :class:`Layout` is what the scenario designer edits: the scenario's id, the table (obstacles and
character chips), each player's setup role (``"middle"``, ``"edge"``, ``"opposite-edge"``) and the
deck he plays.  It is immutable (``with_table``, ``with_roles`` return new layouts) and pure
Python: the designer panel (``explorer.behind.panels.panel_designer``) is a view over it.

* :func:`new_layout` -> an empty layout (by default with the scenario's obstacle pieces at their
  default places);
* :func:`validate` -> every broken rule of the scenario's Setup and Terrain
  (:meth:`Scenario.check_setup` + :meth:`Scenario.check_obstacles`), :func:`findings` the same with
  the chips and obstacles each one names, :func:`unplaced` what is still to place;
* :func:`save_layout` / :func:`load_layout` -> JSON files in a folder the caller gives (default
  :func:`layout_folder`: ``layouts/`` under the current directory, never the package or the
  repository's ``data/``; the shipped example layouts are read from there); a layout is named,
  never given as a path in text; a malformed file raises :class:`LayoutError` naming the file,
  the field and the value;
* :func:`start_game` -> a :class:`~explorer.behind.game.BehindState` set up from the layout with
  ``new_game(..., setup="manual")`` and the setup actions a player would announce
  (``PlaceObstacle``, ``Deploy``), so the referee checks the layout once more and the game's
  history replays it.

Obstacle pieces.  The rulebook's Terrain places "six small obstacles" (behind-2003-rulebook.txt,
section "Unser Revier!" ("Our Turf!")); the game engine places the scenario's own pieces (the
ILLUSTRATIVE default layout of its file), each moved to a point and turned
(``PlaceObstacle(name, x, y, angle)``).  :func:`place_piece` builds a piece exactly as the engine
does and :func:`piece_pose` finds the move and turn that give an obstacle of a layout, so a layout
made of the scenario's pieces can be played.  A layout may hold other obstacles, or pieces with
another height or flatness (to study sight and climbing); it is validated all the same, but
:func:`start_game` refuses it and :func:`game_problems` says why.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np
import shapely
from shapely import affinity

from explorer.behind.scenarios import SCENARIO_DIR, Scenario, load_scenario
from explorer.behind.table import Chip, Obstacle, Table
from explorer.core.inputs import InputError, read_text
from explorer.core.resources import data_root, display_path
from explorer.core.rules import RuleViolation

LAYOUT_DIR = SCENARIO_DIR / "layouts"
"""The shipped layouts (the example): ``data/behind/scenarios/layouts/<name>.json``, read only
(layouts are saved in :func:`layout_folder`)."""

FORMAT = "behind-layout"
VERSION = 1
KEYS = ("format", "version", "note", "scenario", "players", "jewel", "table")
PLAYER_KEYS = ("name", "role", "deck")

POSE_TOLERANCE_CM = 1e-6
"""An obstacle is a scenario piece moved and turned when every vertex lies this close to where the
engine's ``PlaceObstacle`` would put it (floating-point noise of the transform is far below)."""

DUEL_SEEDS = 200
""":func:`start_game` tries at most this many seeds for an influence duel that gives the layout's roles."""

STARTER_DECKS = ("schwesternbund", "vampire", "werwoelfe")
"""Default decks of a new layout, in order: "The starter set for 2 players contains ... a deck of
the Sisterhood and a deck of the Vampires" (behind-2003-rulebook.txt, section "Contents"); a
third player takes the Werewolves."""


_NO_VALUE = object()


class LayoutError(InputError):
    """A layout that is malformed or cannot be used: ``<file>, field '<field>': '<value>' <problem>``.

    ``path`` is the file (None for a layout built in memory), ``field`` the JSON field
    (``"players[2].role"``, ``"table.chips[3]"``), ``value`` the offending value.  An
    :class:`~explorer.core.inputs.InputError` (``source`` the file or "layout", ``expected`` the
    problem).
    """

    def __init__(self, field: str | None, value: Any, problem: str, path: Path | str | None = None):
        self.path = None if path is None else Path(path)
        self.field, self.value, self.problem = field, value, problem
        where = ", ".join(([display_path(self.path)] if self.path is not None else ["layout"])
                          + ([f"field {field!r}"] if field else []))
        self.source = display_path(self.path) if self.path is not None else "layout"
        self.expected, self.problems = problem, [(field or "", value, problem)]
        what = problem if value is _NO_VALUE else f"{_short(value)} {problem}"
        ValueError.__init__(self, f"{where}: {what}")

    def __reduce__(self):
        return (type(self), (self.field, self.value, self.problem, self.path))


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# ---------------------------------------------------------------------------------------------
# Shipped data, loaded once
# ---------------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def scenario_of(scenario_id: str) -> Scenario:
    """The scenario ``data/behind/scenarios/<id>.toml``, loaded once per process."""
    return load_scenario(scenario_id)


@lru_cache(maxsize=1)
def shipped_decks() -> dict:
    """The pre-constructed decks of ``data/behind/decks/`` by id, loaded once per process."""
    from explorer.behind.data import load_decks

    return load_decks()


def deck_characters(deck_id: str) -> tuple[str, ...]:
    """The character names of a shipped deck, in deck order (each is one chip: The Beginning)."""
    return tuple(character.name for character in shipped_decks()[deck_id].characters)


# ---------------------------------------------------------------------------------------------
# The layout
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=True)
class Layout:
    """A scenario's table set up by hand.

    ``roles`` and ``decks`` map each player (``Chip.owner``) to his setup role and to the id of the
    shipped deck he plays (``data/behind/decks/<id>.toml``); players keep the order of ``decks``.
    ``jewel`` names the bearer of the Jewel of Athens (only in a scenario with the jewel's rules;
    None: the middle player's first chip).  ``note`` is free text saved with the layout.

    Checked on construction (:class:`LayoutError`): the scenario exists, the table has its size, the
    players have one role each of the scenario's roles and a shipped deck, and every chip belongs
    to a player and is one of his deck's characters ("On each character card lying out you place the
    matching character chip", behind-2003-rulebook.txt, section "The Beginning").
    """

    scenario: str
    table: Table
    roles: Mapping[str, str]
    decks: Mapping[str, str]
    jewel: str | None = None
    note: str = ""
    path: Path | None = field(default=None, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "roles", dict(self.roles))
        object.__setattr__(self, "decks", dict(self.decks))
        _check_layout(self, self.path)

    # -- what the layout holds ----------------------------------------------------------------
    @property
    def rules(self) -> Scenario:
        """The scenario whose rules the layout is checked against."""
        return scenario_of(self.scenario)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.decks)

    def player_with(self, role: str) -> str | None:
        """The player with setup role ``role`` (None if nobody has it)."""
        return next((player for player, held in self.roles.items() if held == role), None)

    def characters(self, player: str) -> tuple[str, ...]:
        """The characters of ``player``'s deck: the chips he sets up."""
        return deck_characters(self.decks[player])

    def chips_of(self, player: str) -> tuple[Chip, ...]:
        return tuple(chip for chip in self.table.chips if chip.owner == player)

    def unplaced_characters(self, player: str) -> tuple[str, ...]:
        """``player``'s characters whose chips are not on the table yet, in deck order."""
        return tuple(name for name in self.characters(player) if name not in self.table)

    def unplaced_pieces(self) -> tuple[Obstacle, ...]:
        """The scenario's obstacle pieces whose names are not on the table yet, in file order."""
        names = {obstacle.name for obstacle in self.table.obstacles}
        return tuple(piece for piece in self.rules.obstacles if piece.name not in names)

    # -- changes -------------------------------------------------------------------------------
    def with_table(self, table: Table) -> "Layout":
        return Layout(self.scenario, table, self.roles, self.decks, self.jewel if self.jewel in table else None,
                      self.note)

    def with_roles(self, roles: Mapping[str, str]) -> "Layout":
        return Layout(self.scenario, self.table, roles, self.decks, None, self.note)

    def with_role(self, player: str, role: str) -> "Layout":
        """``player`` takes ``role``; the player who had it takes ``player``'s old role (a swap)."""
        roles = dict(self.roles)
        holder = self.player_with(role)
        if holder is not None:
            roles[holder] = roles[player]
        roles[player] = role
        return self.with_roles(roles)

    # -- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "note": self.note,
            "scenario": self.scenario,
            "players": [{"name": p, "role": self.roles[p], "deck": self.decks[p]} for p in self.players],
            "jewel": self.jewel,
            "table": self.table.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any, path: Path | str | None = None) -> "Layout":
        """A layout from :meth:`to_json`'s dict; :class:`LayoutError` names the field and value."""
        return _layout_from_json(data, None if path is None else Path(path))

    def __repr__(self) -> str:
        chips = len(self.table.chips)
        roles = ", ".join(f"{p} {self.roles[p]} ({self.decks[p]})" for p in self.players)
        return (f"Layout({self.scenario!r}: {roles}; {chips} chips, {len(self.table.obstacles)} obstacles)")

    def _repr_png_(self) -> bytes:
        from explorer.behind import render_table

        return render_table.table_png(self.table)


def _check_layout(layout: Layout, path: Path | None) -> None:
    def error(field_name, value, problem):
        return LayoutError(field_name, value, problem, path)

    try:
        scenario = scenario_of(layout.scenario)
    except (FileNotFoundError, ValueError) as failure:
        raise error("scenario", layout.scenario, f"is not a scenario of {display_path(SCENARIO_DIR)}: {failure}") from None
    table = layout.table
    if not isinstance(table, Table):
        raise error("table", type(table).__name__, "is not a Table")
    if (table.width, table.depth) != (scenario.width, scenario.depth):
        raise error("table", f"{table.width:g} x {table.depth:g} cm",
                    f"is not the size of the table of \"{scenario.title}\", {scenario.width:g} x {scenario.depth:g} cm "
                    f"(ruling behind.scenario-table-cm)")
    if set(layout.roles) != set(layout.decks):
        raise error("players", sorted(set(layout.roles) ^ set(layout.decks)),
                    "have a role but no deck, or a deck but no role")
    if len(layout.decks) != scenario.players:
        raise error("players", list(layout.decks), f"are not {scenario.players} players (\"{scenario.title}\": "
                                                    f"\"Number of players: {scenario.players}\")")
    known = shipped_decks()
    for i, player in enumerate(layout.players, 1):
        if not isinstance(player, str) or not player:
            raise error(f"players[{i}].name", player, "is not a non-empty text")
        role, deck = layout.roles[player], layout.decks[player]
        if role not in scenario.roles:
            raise error(f"players[{i}].role", role, f"is not a role of \"{scenario.title}\" "
                                                    f"(roles: {', '.join(scenario.roles)})")
        if deck not in known:
            raise error(f"players[{i}].deck", deck, f"is not a deck of data/behind/decks (decks: {', '.join(known)})")
    doubled = [role for role in scenario.roles if list(layout.roles.values()).count(role) > 1]
    if doubled:
        raise error("players", layout.roles, f"give the role {doubled[0]!r} to more than one player")
    for i, chip in enumerate(table.chips, 1):
        if chip.owner not in layout.roles:
            raise error(f"table.chips[{i}].owner", chip.owner, f"is not a player of the layout "
                                                               f"({', '.join(layout.players)})")
        if chip.name not in deck_characters(layout.decks[chip.owner]):
            raise error(f"table.chips[{i}].name", chip.name,
                        f"is not a character of {chip.owner}'s deck {layout.decks[chip.owner]!r} "
                        f"({', '.join(deck_characters(layout.decks[chip.owner]))})")
    if layout.jewel is not None:
        middle = layout.player_with("middle")
        if not scenario.jewel_rules:
            raise error("jewel", layout.jewel, f"names a jewel bearer, but \"{scenario.title}\" has no jewel")
        if layout.jewel not in table or table.chip(layout.jewel).owner != middle:
            raise error("jewel", layout.jewel,
                        f"is not a chip of the middle player {middle} on the table (\"the player in the middle of "
                        f"the table names one of his characters\")")


def new_layout(scenario: str = "unser_revier", decks: Sequence[str] | Mapping[str, str] | None = None,
               roles: Mapping[str, str] | None = None, *, obstacles: bool = True, note: str = "",
               rulings=None) -> Layout:
    """An empty layout of ``scenario``: the scenario's table, its obstacle pieces at their default
    (ILLUSTRATIVE) places (``obstacles=False``: none), no chips.

    ``decks``: deck ids (players are named after the deck's society, as ``new_game`` names them)
    or ``{player: deck id}``; default :data:`STARTER_DECKS`.  ``roles``: ``{player: role}``;
    default: the scenario's roles in setup order, to the players in order.
    """
    rules = scenario_of(scenario)
    if decks is None:
        decks = STARTER_DECKS[:rules.players]
    if not isinstance(decks, Mapping):
        known = shipped_decks()
        missing = [deck for deck in decks if deck not in known]
        if missing:
            raise LayoutError("decks", missing[0], f"is not a deck of data/behind/decks (decks: {', '.join(known)})")
        decks = {_player_name(known[deck].society, i, decks, known): deck for i, deck in enumerate(decks)}
    if roles is None:
        roles = dict(zip(decks, rules.roles))
    table = rules.table(rulings=rulings, obstacles=None if obstacles else ())
    return Layout(scenario, table, roles, decks, note=note)


def _player_name(society: str, index: int, decks: Sequence[str], known: Mapping) -> str:
    """Players are named after their deck's society; the second of two equal ones gets " 2"."""
    before = [known[deck].society for deck in decks[:index]]
    return society if society not in before else f"{society} {before.count(society) + 1}"


# ---------------------------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------------------------
def validate(layout: Layout) -> list[RuleViolation]:
    """Every broken rule of the layout's scenario, each a RuleViolation citing it: the Setup
    (:meth:`Scenario.check_setup`: own chips at most one card length apart, enemies at least three,
    the middle player between the obstacles, the others at their table edge) and the Terrain
    (:meth:`Scenario.check_obstacles`: how many obstacles, in the middle of the table, with some
    distance between them).  Chips not yet placed break nothing; see :func:`unplaced`."""
    rules = layout.rules
    return rules.check_setup(layout.table, layout.roles) + rules.check_obstacles(layout.table)


@dataclass(frozen=True)
class Finding:
    """One broken rule with what it names: ``chips`` and ``obstacles`` on the table, in the order
    the reason names them (a broken distance names two chips; a misplaced chip one)."""

    violation: RuleViolation
    chips: tuple[str, ...]
    obstacles: tuple[str, ...]

    @property
    def reason(self) -> str:
        return self.violation.reason

    @property
    def rule(self):
        return self.violation.rule

    def distance(self, table: Table) -> float | None:
        """The broken distance between the two chips named (``table.distance``), else None."""
        return table.distance(*self.chips[:2]) if len(self.chips) >= 2 else None


def findings(layout: Layout) -> list[Finding]:
    """:func:`validate`, each violation with the chips and obstacles its reason names."""
    names = [chip.name for chip in layout.table.chips]
    obstacles = [obstacle.name for obstacle in layout.table.obstacles]
    found = []
    for violation in validate(layout):
        named = names_in(violation.reason, names + obstacles)
        found.append(Finding(violation, tuple(n for n in named if n in layout.table),
                             tuple(n for n in named if n not in layout.table)))
    return found


def names_in(text: str, names: Sequence[str]) -> list[str]:
    """The ``names`` that ``text`` mentions as whole words, in the order they appear; a longer name
    wins over a shorter one inside it ("Konrad der Bleiche" is not also "Konrad")."""
    spans: list[tuple[int, int, str]] = []
    for name in sorted(set(names), key=len, reverse=True):
        for match in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text):
            start, end = match.span()
            if not any(start < e and s < end for s, e, _ in spans):
                spans.append((start, end, name))
    ordered: list[str] = []
    for _, _, name in sorted(spans):
        if name not in ordered:
            ordered.append(name)
    return ordered


def unplaced(layout: Layout) -> list[str]:
    """What is still to place before the game can start, in words: each player's chips not on the
    table ("The Beginning": every character has his chip) and the obstacles still missing."""
    missing = []
    for player in layout.players:
        names = layout.unplaced_characters(player)
        if names:
            missing.append(f"{player} ({layout.roles[player]}) still places {len(names)} "
                           f"chip{'s' if len(names) != 1 else ''}: {', '.join(names)}")
    left = layout.rules.obstacle_count - len(layout.table.obstacles)
    if left > 0:
        pieces = [piece.name for piece in layout.unplaced_pieces()][:left]
        missing.append(f"{left} obstacle{'s' if left != 1 else ''} still to place"
                       + (f" (pieces left: {', '.join(pieces)})" if pieces else ""))
    return missing


# ---------------------------------------------------------------------------------------------
# Obstacle pieces: the engine's PlaceObstacle geometry
# ---------------------------------------------------------------------------------------------
def piece(scenario: Scenario, name: str) -> Obstacle:
    """The scenario's obstacle piece called ``name`` (KeyError listing the pieces)."""
    for obstacle in scenario.obstacles:
        if obstacle.name == name:
            return obstacle
    raise KeyError(f"\"{scenario.title}\" has no obstacle piece {name!r}; pieces: "
                   f"{', '.join(o.name for o in scenario.obstacles)}")


def place_piece(template: Obstacle, x: float, y: float, angle: float = 0.0, *, height: float | None = None,
                flat: bool | None = None) -> Obstacle:
    """The piece ``template`` with its centroid moved to ``(x, y)`` and turned by ``angle`` degrees,
    exactly as the game places it (``PlaceObstacle``); ``height`` / ``flat`` change the piece."""
    c = template.polygon.centroid
    polygon = affinity.rotate(affinity.translate(template.polygon, x - c.x, y - c.y), angle)
    return Obstacle(template.name, polygon, template.height if height is None else height,
                    template.flat if flat is None else flat)


def piece_pose(template: Obstacle, obstacle: Obstacle) -> tuple[float, float, float] | None:
    """``(x, y, angle)`` such that ``place_piece(template, x, y, angle)`` is ``obstacle``'s shape
    (every vertex within :data:`POSE_TOLERANCE_CM`), or None when the shapes differ."""
    mine, theirs = _vertices(template.polygon), _vertices(obstacle.polygon)
    if mine.shape != theirs.shape or len(mine) < 2:
        return None
    edge_t, edge_o = mine[1] - mine[0], theirs[1] - theirs[0]
    angle = math.degrees(math.atan2(edge_o[1], edge_o[0]) - math.atan2(edge_t[1], edge_t[0])) % 360.0
    # place_piece turns about the bounding-box centre of the moved piece: solve for the move
    c = template.polygon.centroid
    minx, miny, maxx, maxy = template.polygon.bounds
    b = np.array([(minx + maxx) / 2 - c.x, (miny + maxy) / 2 - c.y])
    a = math.radians(angle)
    turn = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    offset = theirs[0] - turn @ (mine[0] - np.array([c.x, c.y]) - b) - b
    x, y = float(offset[0]), float(offset[1])
    rebuilt = _vertices(place_piece(template, x, y, angle).polygon)
    if np.max(np.abs(rebuilt - theirs)) > POSE_TOLERANCE_CM:
        return None
    return x, y, angle


def _vertices(polygon) -> np.ndarray:
    return np.concatenate([shapely.get_coordinates(ring) for ring in (polygon.exterior, *polygon.interiors)])


def game_problems(layout: Layout) -> list[str]:
    """Why :func:`start_game` would refuse the layout (empty: it can start): chips or obstacles
    still to place, broken setup rules, and obstacles that are not the scenario's pieces as the
    game places them (only moved and turned, with the piece's own height and flatness)."""
    problems = unplaced(layout) + [violation.reason for violation in validate(layout)]
    rules = layout.rules
    names = {obstacle.name for obstacle in rules.obstacles}
    for obstacle in layout.table.obstacles:
        if obstacle.name not in names:
            problems.append(f"obstacle {obstacle.name!r} is not one of the pieces of \"{rules.title}\" "
                            f"({', '.join(sorted(names))}); the game places only those")
            continue
        template = piece(rules, obstacle.name)
        if piece_pose(template, obstacle) is None:
            problems.append(f"obstacle {obstacle.name!r} has another shape or size than the scenario's piece; "
                            f"the game only moves and turns the piece")
        if obstacle.height != template.height:
            problems.append(f"obstacle {obstacle.name!r} is {obstacle.height:g} cm high; the scenario's piece is "
                            f"{template.height:g} cm (the game places the piece as it is)")
        if obstacle.flat != template.flat:
            problems.append(f"obstacle {obstacle.name!r} is {'flat' if obstacle.flat else 'not flat'}; the "
                            f"scenario's piece is {'flat' if template.flat else 'not flat'}")
    return problems


# ---------------------------------------------------------------------------------------------
# Playing a layout
# ---------------------------------------------------------------------------------------------
def duel_seed(layout: Layout, decks: Mapping | None = None, seed: int = 0, *, options=None) -> int:
    """The first seed from ``seed`` on whose influence duel gives the layout's roles.

    The Terrain of each scenario: "The winner of the influence duel then also begins with the setup
    of his characters" (the middle player; in "Das Juwel von Athen" "The runner-up of the duel
    follows"), so in a game the duel deals the roles.  A layout has dealt them already: the game
    plays the duel with seeds ``seed``, ``seed + 1``, ... and keeps the first whose ranking is the
    layout's setup order.  LayoutError after :data:`DUEL_SEEDS` seeds.
    """
    for candidate in range(seed, seed + DUEL_SEEDS):
        game = _manual_game(layout, decks, candidate, options)
        if _roles_match(game, layout):
            return candidate
    raise LayoutError("players", layout.roles, f"never came out of the influence duel in {DUEL_SEEDS} seeds "
                                               f"from {seed} (the duel's winner sets up in the middle)")


def start_game(layout: Layout, decks: Mapping | None = None, seed: int = 0, *, options=None):
    """A game of the layout's scenario set up exactly as the layout: a
    :class:`~explorer.behind.game.BehindState` in the first turn of the middle player.

    ``decks``: ``{deck id: Deck}`` (default: the shipped decks); each player plays the deck the
    layout names.  The game is ``new_game(..., setup="manual", seed=duel_seed(...))`` (see
    :func:`duel_seed`: the influence duel must give the layout's roles), then every obstacle is
    placed with ``PlaceObstacle`` (its :func:`piece_pose`) and every player deploys with ``Deploy``
    in the duel's order -- the referee checks each step ("Unser Revier!": "Place six small obstacles
    in the middle of the table ... The first player places his character chips between the
    obstacles").  A layout that cannot start raises LayoutError listing :func:`game_problems`.
    """
    from explorer.behind.actions import Deploy, PlaceObstacle

    problems = game_problems(layout)
    if problems:
        raise LayoutError(None, _NO_VALUE, "cannot start a game: " + "; ".join(problems), layout.path)
    game = _manual_game(layout, decks, duel_seed(layout, decks, seed, options=options), options)
    rules = layout.rules
    for obstacle in layout.table.obstacles:
        x, y, angle = piece_pose(piece(rules, obstacle.name), obstacle)
        game.apply(PlaceObstacle(obstacle.name, x, y, angle))
    while game.phase == "deployment":
        player = game.current_player
        wanted, placed = sorted(game.characters_of(player)), sorted(c.name for c in layout.chips_of(player))
        if wanted != placed:
            raise LayoutError("table.chips", placed, f"are not the characters {player} plays in this game "
                                                     f"({', '.join(wanted)}; a character in two decks goes to "
                                                     f"the winner of an influence duel)")
        placements = tuple((c.name, c.x, c.y, c.facing) for c in layout.chips_of(player))
        jewel = None
        if rules.jewel_rules and layout.roles[player] == "middle":
            jewel = layout.jewel or placements[0][0]
        game.apply(Deploy(placements, jewel))
    return game


def _manual_game(layout: Layout, decks: Mapping | None, seed: int, options):
    from explorer.behind.game import GameOptions, new_game
    from explorer.behind.rulings import BEHIND_RULINGS

    decks = shipped_decks() if decks is None else decks
    missing = [layout.decks[p] for p in layout.players if layout.decks[p] not in decks]
    if missing:
        raise LayoutError("players", missing[0], f"is not among the decks given ({', '.join(decks)})", layout.path)
    chosen = [decks[layout.decks[player]] for player in layout.players]
    if options is None and layout.table.rulings != BEHIND_RULINGS:
        options = GameOptions(character_points=max(d.character_points_limit or d.character_points for d in chosen),
                              rulings=layout.table.rulings)
    return new_game(chosen, layout.scenario, seed=seed, setup="manual", options=options, players=layout.players)


def _roles_match(game, layout: Layout) -> bool:
    return all(game.data.roles.get(player) == role for player, role in layout.roles.items())


# ---------------------------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------------------------
def layout_folder() -> Path:
    """Where layouts are saved (and listed) when no folder is given: ``layouts/`` under the
    current working directory (at the time of the call) -- the user's own folder, never the
    package nor the repository's ``data/`` (the shipped layouts there are read, not written).
    Pass ``folder`` to :func:`save_layout`, :func:`load_layout` and :func:`saved_layouts` to
    choose another."""
    return Path.cwd() / "layouts"


def layout_path(name_or_path: Path | str, folder: Path | str | None = None) -> Path:
    """``"my_setup"`` -> ``<folder>/my_setup.json`` (default folder: :func:`layout_folder`; a
    trailing ``.json`` is allowed).  A text is always a *name* (letters, digits, ``-``, ``_``, ``.``
    and spaces, at most 64): never a path, so a name typed into the designer cannot reach another
    folder.  A :class:`pathlib.Path` given by the program is taken as it is."""
    if isinstance(name_or_path, Path):
        return name_or_path
    if not isinstance(name_or_path, str):
        raise LayoutError("name", name_or_path, "is not a layout name (a text)")
    text = name_or_path[:-5] if name_or_path.endswith(".json") else name_or_path
    if not re.fullmatch(r"[\w\-. ]{1,64}", text) or text.strip(". ") == "" or text.startswith("."):
        raise LayoutError("name", name_or_path, "is not a layout name (letters, digits, '-', '_', '.', spaces; at "
                                               "most 64; no folder: pass a pathlib.Path for a file elsewhere)")
    return Path(folder or layout_folder()) / f"{text}.json"


def is_shipped_folder(folder: Path | str) -> bool:
    """True for the explorer's own data folder (the repository's ``data/``, or ``explorer/data`` of an
    installed package) and every folder inside it: :func:`save_layout` never writes there."""
    data = Path(str(data_root())).resolve()
    return Path(folder).expanduser().resolve().is_relative_to(data)


def saved_layouts(folder: Path | str | None = None) -> list[str]:
    """Names of the layouts saved in ``folder``, sorted; without ``folder``, those of
    :func:`layout_folder` and the shipped ones (:data:`LAYOUT_DIR`)."""
    folders = [Path(folder)] if folder else [layout_folder(), LAYOUT_DIR]  # the user's, then the shipped ones
    return sorted({path.stem for where in folders if where.is_dir() for path in where.glob("*.json")})


def save_layout(layout: Layout, name_or_path: Path | str, *, folder: Path | str | None = None,
                overwrite: bool = False) -> Path:
    """Write the layout as JSON to ``folder`` (default :func:`layout_folder`; see :func:`layout_path`),
    never into the explorer's own data folder (:func:`is_shipped_folder`: LayoutError);
    FileExistsError unless ``overwrite``.  Returns the path written."""
    path = layout_path(name_or_path, folder)
    if is_shipped_folder(path.parent):
        raise LayoutError("folder", str(path.parent), "is inside the explorer's own data folder (its shipped files "
                                                      "are read, never written): save in a folder of your own")
    if path.exists() and not overwrite:
        raise FileExistsError(f"{display_path(path)} exists already; choose another name or overwrite it")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(layout_json_text(layout), encoding="utf-8")
    return path


_POINT = re.compile(r"\[\s*(-?[0-9][0-9.eE+-]*),\s*(-?[0-9][0-9.eE+-]*)\s*\]")


def layout_json_text(layout: Layout) -> str:
    """The JSON text of a layout file: indented, each ``[x, y]`` point on one line."""
    return _POINT.sub(r"[\1, \2]", json.dumps(layout.to_json(), indent=1, ensure_ascii=False)) + "\n"


def load_layout(name_or_path: Path | str, *, folder: Path | str | None = None) -> Layout:
    """A layout from a JSON file (see :func:`layout_path`; without ``folder`` a name is looked up
    in :func:`layout_folder`, then among the shipped layouts).  A malformed file raises
    :class:`LayoutError` naming the file, the field and the value; a chip or obstacle the table
    forbids (overlapping, off the table) names its field ``table.chips[i]``."""
    path = layout_path(name_or_path, folder)
    if folder is None and not path.is_file() and layout_path(name_or_path, LAYOUT_DIR).is_file():
        path = layout_path(name_or_path, LAYOUT_DIR)
    if not path.is_file():
        raise LayoutError(None, _NO_VALUE, "file not found" + (f"; saved layouts: {', '.join(saved_layouts(folder))}"
                                                               if saved_layouts(folder) else ""), path)
    try:
        text = read_text(path, limit=MAX_LAYOUT_BYTES)
    except InputError as failure:
        raise LayoutError(failure.field or None, _NO_VALUE, f"cannot be read: expected {failure.expected}", path) from None
    try:
        data = json.loads(text, parse_constant=_not_a_number)
    except json.JSONDecodeError as failure:
        raise LayoutError(None, _NO_VALUE, f"is not JSON: {failure.msg} at line {failure.lineno}, column "
                                           f"{failure.colno}", path) from None
    except (ValueError, RecursionError) as failure:
        raise LayoutError(None, _NO_VALUE, f"is not JSON a layout can hold: {failure}", path) from None
    return _layout_from_json(data, path)


MAX_LAYOUT_BYTES = 2_000_000
"""The largest layout file read (a real one is a few kB)."""


def _not_a_number(name: str):
    raise ValueError(f"{name} is not a number (JSON has none)")


def _layout_from_json(data: Any, path: Path | None) -> Layout:
    def error(field_name, value, problem):
        return LayoutError(field_name, value, problem, path)

    if not isinstance(data, dict):
        raise error(None, type(data).__name__, "is not a JSON object (a layout is {\"format\": ..., ...})")
    for key in data:
        if key not in KEYS:
            raise error(key, data[key], f"is under an unknown key; keys are {', '.join(KEYS)}")
    if data.get("format") != FORMAT:
        raise error("format", data.get("format"), f"is not {FORMAT!r}")
    if data.get("version") != VERSION:
        raise error("version", data.get("version"), f"is not a version this explorer reads ({VERSION})")
    for key in ("scenario", "players", "table"):
        if key not in data:
            raise error(key, _NO_VALUE, "is missing")
    if not isinstance(data["scenario"], str):
        raise error("scenario", data["scenario"], "is not a text (a scenario id such as 'unser_revier')")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise error("note", note, "is not a text")
    players = data["players"]
    if not isinstance(players, list):
        raise error("players", players, "is not a list of {\"name\", \"role\", \"deck\"} objects")
    roles, decks = {}, {}
    for i, entry in enumerate(players, 1):
        if not isinstance(entry, dict):
            raise error(f"players[{i}]", entry, "is not an object with name, role and deck")
        for key in PLAYER_KEYS:
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise error(f"players[{i}].{key}", entry.get(key, _NO_VALUE), "is missing or not a non-empty text")
        extra = set(entry) - set(PLAYER_KEYS)
        if extra:
            key = min(extra)
            raise error(f"players[{i}].{key}", entry[key],
                        f"is under an unknown key; keys are {', '.join(PLAYER_KEYS)}")
        if entry["name"] in decks:
            raise error(f"players[{i}].name", entry["name"], "names a player twice")
        roles[entry["name"]], decks[entry["name"]] = entry["role"], entry["deck"]
    jewel = data.get("jewel")
    if jewel is not None and not isinstance(jewel, str):
        raise error("jewel", jewel, "is not a chip name or null")
    table = _table_from_json(data["table"], error)
    return Layout(data["scenario"], table, roles, decks, jewel, note, path)


def _table_from_json(data: Any, error) -> Table:
    """The table, obstacle by obstacle and chip by chip, so an error names the one at fault."""
    from explorer.core.rulings import Rulings

    if not isinstance(data, dict):
        raise error("table", type(data).__name__, "is not an object (Table.to_json)")
    if not isinstance(data.get("rulings", {}), dict):
        raise error("table.rulings", type(data["rulings"]).__name__,
                    "is not an object of rulings ({ruling id: choice})")
    try:
        rulings = Rulings.from_json(data.get("rulings", {}))
        table = Table(data.get("width", 120.0), data.get("depth", 80.0), rulings=rulings)
    except (KeyError, TypeError, ValueError) as failure:
        raise error("table", {k: data.get(k) for k in ("width", "depth")}, f"is not a table: {failure}") from None
    steps = (("obstacles", Table.add_obstacle, Obstacle.from_json), ("chips", Table.place, Chip.from_json))
    for kind, add, build in steps:
        entries = data.get(kind, [])
        if not isinstance(entries, list):
            raise error(f"table.{kind}", entries, "is not a list")
        for i, entry in enumerate(entries, 1):
            name = entry.get("name") if isinstance(entry, dict) else entry
            try:
                table = add(table, build(entry))
            except (KeyError, TypeError, ValueError, AttributeError) as failure:
                reason = failure.reason if isinstance(failure, RuleViolation) else str(failure)
                raise error(f"table.{kind}[{i}]", name, f"cannot be placed: {reason}") from None
    return table


__all__ = ["DUEL_SEEDS", "Finding", "LAYOUT_DIR", "Layout", "LayoutError", "STARTER_DECKS", "duel_seed",
           "findings", "game_problems", "layout_folder", "layout_path", "load_layout", "names_in", "new_layout",
           "piece", "piece_pose", "place_piece", "save_layout", "saved_layouts", "scenario_of", "start_game",
           "unplaced", "validate"]
