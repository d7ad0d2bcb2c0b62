"""Scenarios (Szenarien) as data, and the setup rules they set.

A scenario file ``data/behind/scenarios/<id>.toml`` holds everything the rulebook says about one
scenario (players, obstacles, setup distances in card lengths, roles in setup order, goal) plus
an ILLUSTRATIVE default obstacle layout; see ``data/behind/scenarios/README.md``.

* :func:`load_scenario` / :func:`load_scenarios` -> :class:`Scenario` (a malformed file raises
  :class:`~explorer.behind.data.DataError` naming the file, line, field and value);
* :meth:`Scenario.table` -> an empty table of the scenario's size with its default obstacles;
* :meth:`Scenario.check_obstacles` and :meth:`Scenario.check_setup` -> every broken condition as
  a :class:`~explorer.core.rules.RuleViolation` citing the scenario;
* :meth:`Scenario.random_deployment` and :meth:`Scenario.random_obstacles` -> legal random setups.

Roles, in setup order: ``"middle"`` ("places his character chips between the obstacles in the
middle of the table"), ``"edge"`` ("at a table edge of his choice") and ``"opposite-edge"`` (the
Jewel's third player, "at the table edge opposite the second player").  Rulings read here:
``behind.card-length-cm`` and ``behind.distance-measure`` (through the table),
``behind.table-middle``, ``behind.setup-own-group``, ``behind.setup-middle-area`` and
``behind.setup-table-edge``.  The goal is recorded as data; playing for it (the jewel) is the game
engine's business, not this module's.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

import shapely
from shapely.geometry import Point, Polygon

from explorer.behind import refs
from explorer.behind.data import DATA_DIR, DataError, read_toml, resolve_id
from explorer.behind.geometry import EPS
from explorer.behind.table import Chip, Obstacle, Table
from explorer.core.inputs import NAME
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleRef, RuleViolation
from explorer.core.rulings import Rulings

SCENARIO_DIR = DATA_DIR / "scenarios"

ROLES = ("middle", "edge", "opposite-edge")
"""Setup roles in setup order (Scenarios: "Unser Revier!", "Das Juwel von Athen", Setup)."""

GOALS = ("eliminate-all-enemies", "jewel-over-table-edge")
"""Scenario goals: "eliminates all enemy characters" / "move the Jewel of Athens ... over a table edge"."""

EDGES = ("bottom", "top", "left", "right")
"""Table edges: bottom is y = 0, top y = depth, left x = 0, right x = width."""

OPPOSITE = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}

TERRAIN_PLACEMENTS = ("alternate",)
"""Terrain: "Determine by an influence duel who begins with this, and then alternate." """

SECTIONS = {ref.section: ref for ref in vars(refs).values() if isinstance(ref, RuleRef)}
"""The rulebook's section headings (a scenario file names its section by heading)."""

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
          9: "nine", 10: "ten"}

_CHIP_TRIES = 100
"""Random positions tried per chip before a deployment attempt starts over."""


# ---------------------------------------------------------------------------------------------
# Measuring (all in cm; card lengths from ruling behind.card-length-cm)
# ---------------------------------------------------------------------------------------------
def middle_of_table(table: Table) -> Polygon:
    """The central rectangle where a scenario's obstacles lie ("Place six small obstacles in the
    middle of the table."): ruling ``behind.table-middle`` of the table's width and depth."""
    fraction = float(table.rulings["behind.table-middle"])
    mx, my = table.width * (1 - fraction) / 2, table.depth * (1 - fraction) / 2
    return shapely.box(mx, my, table.width - mx, table.depth - my)


def edge_distance(table: Table, chip: Chip, edge: str) -> float:
    """Distance of ``chip`` from a table edge in cm: from its centre, or from its edge (never below 0)
    under ruling ``behind.distance-measure`` = "edge" (ruling ``behind.setup-table-edge``)."""
    centre = {"bottom": chip.y, "top": table.depth - chip.y, "left": chip.x, "right": table.width - chip.x}[edge]
    if table.rulings["behind.distance-measure"] == "edge":
        return max(0.0, centre - table.radius)
    return centre


def nearest_edge(table: Table, chips: Sequence[Chip]) -> str:
    """The table edge nearest the centroid of ``chips`` (the edge a player chose, ruling
    ``behind.setup-table-edge``); ties go to the first of :data:`EDGES`."""
    x = sum(chip.x for chip in chips) / len(chips)
    y = sum(chip.y for chip in chips) / len(chips)
    distances = {"bottom": y, "top": table.depth - y, "left": x, "right": table.width - x}
    return min(EDGES, key=lambda edge: distances[edge])


def _card_lengths(n: float) -> str:
    return f"{n:g} card length" + ("" if n == 1 else "s")


def _measured(cm: float, card: float, threshold: float | None = None) -> str:
    """``"19.4 cm (2.2 card lengths)"``, with more decimals where one would hide the difference from
    ``threshold`` cm (26.39 cm is shown as "26.39 cm (2.999 card lengths)", not as 26.4 cm or 3.0)."""
    cm_text = _decimals(cm, threshold)
    cards_text = _decimals(cm / card, None if threshold is None else threshold / card)
    return f"{cm_text} cm ({cards_text} card lengths)"


def _decimals(value: float, threshold: float | None) -> str:
    """``value`` with 1 decimal, or up to 4 while it would look equal to ``threshold``."""
    for decimals in range(1, 5):
        text = f"{value:.{decimals}f}"
        if threshold is None or text != f"{threshold:.{decimals}f}":
            break
    return text


def _limit(cards: float, card: float) -> str:
    """``"3 card lengths (26.4 cm)"``."""
    return f"{_card_lengths(cards)} ({cards * card:.1f} cm)"


@lru_cache(maxsize=64)
def _middle_area(obstacles: tuple, card: float, shape: str) -> Polygon:
    """:meth:`Scenario.middle_area` of these obstacles (remembered: obstacles are immutable, and a
    setup asks for the area again at every check)."""
    union = shapely.union_all([obstacle.polygon for obstacle in obstacles])
    if shape == "box":
        minx, miny, maxx, maxy = union.bounds
        return shapely.box(minx - card, miny - card, maxx + card, maxy + card)
    return union.convex_hull.buffer(card)


def _players(table: Table) -> dict[str, list[Chip]]:
    """Each player's chips (by ``Chip.owner``), in table order."""
    players: dict[str, list[Chip]] = {}
    for chip in table.chips:
        players.setdefault(chip.owner, []).append(chip)
    return players


# ---------------------------------------------------------------------------------------------
# The scenario
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Scenario:
    """One scenario (Szenario) of the section "Scenarios (Szenarien)", loaded from its TOML file.

    Distances are in card lengths, as the rulebook gives them; ``width`` and ``depth`` (cm) are
    ruling ``behind.scenario-table-cm``; ``obstacles`` is the ILLUSTRATIVE default layout.
    """

    id: str
    title: str
    title_en: str
    rule: RuleRef
    players: int
    obstacle_count: int
    roles: tuple[str, ...]
    starting_role: str
    goal: str
    jewel_rules: bool
    width: float
    depth: float
    own_max_card_lengths: float
    enemy_min_card_lengths: float
    middle_edge_min_card_lengths: float
    obstacles: tuple[Obstacle, ...]
    terrain_placement: str = "alternate"
    source: str = ""
    text: str = field(default="", repr=False, compare=False)
    """The TOML text the scenario was read from (a game started from a scenario file of the
    user's carries it in its save: :func:`scenario_from_text` reads it back)."""

    def __repr__(self) -> str:
        return (f"Scenario({self.id!r}: {self.title!r}, {self.players} players, {self.obstacle_count} obstacles, "
                f"{self.width:g} x {self.depth:g} cm)")

    # -- the table -----------------------------------------------------------------------------
    def table(self, rulings: Rulings | None = None, obstacles: Sequence[Obstacle] | None = None) -> Table:
        """An empty table of the scenario's size (ruling ``behind.scenario-table-cm``) with the default
        obstacle layout, or with ``obstacles`` (e.g. from :meth:`random_obstacles`)."""
        return Table(self.width, self.depth, self.obstacles if obstacles is None else obstacles, rulings=rulings)

    def check_obstacles(self, table: Table) -> list[RuleViolation]:
        """Every way the table's obstacles break the scenario's Terrain ("Place six small obstacles in the
        middle of the table."; ruling ``behind.table-middle``) or First Steps' "with some distance
        between them" (ruling ``behind.scenario-obstacle-gap``)."""
        found = []
        if len(table.obstacles) != self.obstacle_count:
            found.append(RuleViolation(
                f"the table has {len(table.obstacles)} obstacles; \"{self.title}\" asks for "
                f"{_WORDS.get(self.obstacle_count, self.obstacle_count)} obstacles in the middle of the table",
                self.rule))
        found += self._middle_problems(table)
        found += self._gap_problems(table)
        return found

    def _middle_problems(self, table: Table) -> list[RuleViolation]:
        middle = middle_of_table(table)
        minx, miny, maxx, maxy = middle.bounds
        found = []
        for obstacle in table.obstacles:
            if middle.covers(obstacle.polygon):
                continue
            beyond = max(middle.distance(Point(xy)) for xy in obstacle.polygon.exterior.coords)
            found.append(RuleViolation(
                f"obstacle {obstacle.name} reaches {beyond:.1f} cm beyond the middle of the table (the central "
                f"{maxx - minx:g} x {maxy - miny:g} cm, ruling behind.table-middle); \"{self.title}\": "
                f"place the obstacles \"in the middle of the table\"", self.rule))
        return found

    def _gap_problems(self, table: Table) -> list[RuleViolation]:
        diameter = 2 * table.radius
        found = []
        obstacles = table.obstacles
        for i, first in enumerate(obstacles):
            for second in obstacles[i + 1:]:
                gap = shapely.distance(first.polygon, second.polygon)
                if gap < diameter - EPS:
                    apart = "overlap" if gap == 0 else f"are {gap:.1f} cm apart"
                    found.append(RuleViolation(
                        f"obstacles {first.name} and {second.name} {apart}, less than one chip diameter "
                        f"({diameter:g} cm), so no chip can pass between them; place the obstacles \"with some "
                        f"distance between them\" (ruling behind.scenario-obstacle-gap)", refs.FIRST_STEPS))
        return found

    # -- the setup -----------------------------------------------------------------------------
    def check_setup(self, table: Table, roles: Mapping[str, str]) -> list[RuleViolation]:
        """Every broken setup condition of the scenario's section "Setup", citing the scenario.

        ``roles`` maps each player (``Chip.owner``) to a role of :attr:`roles`.  Checked for the chips
        on the table (a player with no chips yet breaks nothing):

        * "A chip may be at most one card length from another chip" (ruling ``behind.setup-own-group``);
        * "every chip must be at least three card lengths from an enemy character chip";
        * the middle player's chips stand "between the obstacles in the middle of the table" (ruling
          ``behind.setup-middle-area``) and, for the Jewel, "at least four card lengths from the table
          edges";
        * the edge player's chips stand "at a table edge of his choice", the third player's "at the
          table edge opposite the second player" (ruling ``behind.setup-table-edge``).

        Distances follow ``table.distance`` (ruling ``behind.distance-measure``).
        """
        roles = self._checked_roles(table, roles)
        players = _players(table)
        found = self._own_distance_problems(table, players) + self._enemy_distance_problems(table)
        for player, chips in players.items():
            if roles[player] == "middle":
                found += self._middle_player_problems(table, chips)
            else:
                found += self._edge_player_problems(table, player, chips, roles, players)
        return found

    def validate_setup(self, table: Table, roles: Mapping[str, str]) -> Table:
        """``table`` if its setup obeys the scenario; else raise the violation (all of them, if several)."""
        violations = self.check_setup(table, roles)
        if len(violations) == 1:
            raise violations[0]
        if violations:
            details = "; ".join(f"({i}) {v.reason}" for i, v in enumerate(violations, 1))
            raise RuleViolation(f"the setup breaks {len(violations)} conditions of \"{self.title}\": {details}",
                                self.rule)
        return table

    def _checked_roles(self, table: Table, roles: Mapping[str, str]) -> dict[str, str]:
        """``roles`` as a dict; ValueError for an unknown or doubled role or a player without one."""
        roles = dict(roles)
        for player, role in roles.items():
            if role not in self.roles:
                raise ValueError(f"{role!r} (player {player!r}) is not a role of \"{self.title}\"; "
                                 f"roles: {', '.join(self.roles)}")
        for role in self.roles:
            holders = [player for player, held in roles.items() if held == role]
            if len(holders) > 1:
                raise ValueError(f"players {', '.join(holders)} all have the role {role!r}; each role is one player's")
        missing = sorted({chip.owner for chip in table.chips} - set(roles))
        if missing:
            raise ValueError(f"no role given for player(s) {', '.join(missing)} (roles: {', '.join(self.roles)})")
        return roles

    def _own_distance_problems(self, table: Table, players: Mapping[str, list[Chip]]) -> list[RuleViolation]:
        """Setup: "A chip may be at most one card length from another chip." (ruling
        ``behind.setup-own-group``: each chip near one own chip, or all in one group)."""
        card = table.card_length
        limit = self.own_max_card_lengths * card
        rule = (f"each chip may be at most {_limit(self.own_max_card_lengths, card)} from another own chip")
        found = []
        for player, chips in players.items():
            if len(chips) < 2:
                continue
            if table.rulings["behind.setup-own-group"] == "one-group":
                groups = _linked_groups(table, chips, limit)
                if len(groups) > 1:
                    listed = "; ".join(", ".join(group) for group in groups)
                    found.append(RuleViolation(
                        f"{player}'s chips stand in {len(groups)} separate groups ({listed}); {rule}, and all of "
                        f"them in one group (ruling behind.setup-own-group = 'one-group')", self.rule))
                continue
            for chip in chips:
                near, d = min(((o.name, table.distance(chip.name, o.name)) for o in chips if o is not chip),
                              key=lambda pair: pair[1])
                if d > limit + EPS:
                    found.append(RuleViolation(
                        f"{chip.name} is {_measured(d, card, limit)} from {near}, the nearest chip of {player}; "
                        f"{rule}", self.rule))
        return found

    def _enemy_distance_problems(self, table: Table) -> list[RuleViolation]:
        """Setup: "every chip must be at least three card lengths from an enemy character chip"."""
        card = table.card_length
        limit = self.enemy_min_card_lengths * card
        chips = table.chips
        found = []
        for i, chip in enumerate(chips):
            for other in chips[i + 1:]:
                if other.owner == chip.owner:
                    continue
                d = table.distance(chip.name, other.name)
                if d < limit - EPS:
                    found.append(RuleViolation(
                        f"{chip.name} is {_measured(d, card, limit)} from {other.name}; every chip must be at "
                        f"least {_limit(self.enemy_min_card_lengths, card)} from an enemy chip", self.rule))
        return found

    def _middle_player_problems(self, table: Table, chips: Sequence[Chip]) -> list[RuleViolation]:
        area = self.middle_area(table)
        return [RuleViolation(reason, self.rule) for chip in chips for reason in self._middle_reasons(table, chip, area)]

    def _middle_reasons(self, table: Table, chip: Chip, area: Polygon | None) -> list[str]:
        """Why ``chip`` of the middle player is misplaced: not "between the obstacles in the middle of the
        table" (ruling ``behind.setup-middle-area``), or (Jewel) not "at least four card lengths from the
        table edges"."""
        card = table.card_length
        reasons = []
        point = Point(chip.x, chip.y)
        if area is None:
            reasons.append(f"{chip.name} cannot stand between the obstacles in the middle of the table: the "
                           f"table has no obstacles")
        elif not area.covers(point):
            outside = area.exterior.distance(point)
            reasons.append(f"{chip.name} is {_measured(outside, card)} outside the area between the obstacles "
                           f"(ruling behind.setup-middle-area: {self._area_words(table)}); the first player places "
                           f"his chips \"between the obstacles in the middle of the table\"")
        minimum = self.middle_edge_min_card_lengths
        if minimum > 0:
            edge = min(EDGES, key=lambda e: edge_distance(table, chip, e))
            d = edge_distance(table, chip, edge)
            if d < minimum * card - EPS:
                reasons.append(f"{chip.name} is {_measured(d, card, minimum * card)} from the {edge} table edge; "
                               f"the middle player's chips must be at least {_limit(minimum, card)} from the "
                               f"table edges")
        return reasons

    @staticmethod
    def _area_words(table: Table) -> str:
        shape = "convex hull" if table.rulings["behind.setup-middle-area"] == "hull" else "bounding box"
        return f"the obstacles' {shape} grown by one card length"

    def middle_area(self, table: Table) -> Polygon | None:
        """Where the middle player's chip centres may stand, "between the obstacles in the middle of the
        table": the obstacles' convex hull ("hull") or bounding box ("box") grown by one card length
        (ruling ``behind.setup-middle-area``); None when the table has no obstacles."""
        if not table.obstacles:
            return None
        return _middle_area(table.obstacles, table.card_length, table.rulings["behind.setup-middle-area"])

    def chosen_edge(self, table: Table, player: str, roles: Mapping[str, str] | None = None) -> str | None:
        """The table edge player ``player`` sets up at: the edge nearest his chips' centroid; for the
        "opposite-edge" player (given ``roles``) the edge opposite the "edge" player's, once that player
        has chips (ruling ``behind.setup-table-edge``).  None if the player has no chips."""
        players = _players(table)
        roles = dict(roles or {})
        if roles.get(player) == "opposite-edge":
            second = next((p for p, role in roles.items() if role == "edge" and p in players), None)
            if second is not None:
                return OPPOSITE[nearest_edge(table, players[second])]
        return nearest_edge(table, players[player]) if player in players else None

    def _edge_player_problems(self, table: Table, player: str, chips: Sequence[Chip], roles: Mapping[str, str],
                              players: Mapping[str, list[Chip]]) -> list[RuleViolation]:
        """Setup: "at a table edge of his choice" / "at the table edge opposite the second player"."""
        edge = self.chosen_edge(table, player, roles)
        card = table.card_length
        zone = float(table.rulings["behind.setup-table-edge"])
        if roles[player] == "opposite-edge" and edge != nearest_edge(table, chips):
            second = next(p for p, role in roles.items() if role == "edge")
            which = f"the {edge} table edge, opposite the {OPPOSITE[edge]} edge that {second} chose"
            rule = "the third player begins at the table edge opposite the second player"
        else:
            which = f"the {edge} table edge, the edge {player} chose (nearest his chips' centroid)"
            rule = "a player at \"a table edge of his choice\" places every chip"
        found = []
        for chip in chips:
            d = edge_distance(table, chip, edge)
            if d > zone * card + EPS:
                found.append(RuleViolation(
                    f"{chip.name} is {_measured(d, card, zone * card)} from {which}; {rule} within "
                    f"{_limit(zone, card)} of it (ruling behind.setup-table-edge)", self.rule))
        return found

    def _edge_fits(self, table: Table, chip: Chip, edge: str) -> bool:
        zone = float(table.rulings["behind.setup-table-edge"]) * table.card_length
        return edge_distance(table, chip, edge) <= zone + EPS

    # -- random setups -------------------------------------------------------------------------
    def random_deployment(self, table: Table, player: str, chip_names: Sequence[str], role: str, rng: SeededRng,
                          *, taken_roles: Mapping[str, str] | None = None, max_tries: int = 200) -> Table:
        """``table`` with ``player``'s chips ``chip_names`` placed at random where the scenario's Setup allows,
        given the chips already on the table (``taken_roles``: their players' roles), each facing the table
        centre.  Same ``rng`` state, same table.  RuleViolation if ``max_tries`` attempts find no placement.

        The result adds no violation to :meth:`check_setup` (with ``{**taken_roles, player: role}``).
        """
        roles = {**dict(taken_roles or {}), player: role}
        if list(roles.values()).count(role) > 1:
            raise ValueError(f"the role {role!r} is taken already: {dict(taken_roles or {})}")
        before = {violation.reason for violation in self.check_setup(table, roles)}
        area = self.middle_area(table) if role == "middle" else None
        for _ in range(max_tries):
            edge = self._deployment_edge(table, role, roles, rng)
            placed = self._random_group(table, player, chip_names, role, edge, area, rng)
            if placed is not None and all(v.reason in before for v in self.check_setup(placed, roles)):
                return placed
        where = "between the obstacles in the middle of the table" if role == "middle" else "at a table edge"
        raise RuleViolation(
            f"found no place for {player}'s chips ({', '.join(chip_names)}) {where} in {max_tries} tries: each at "
            f"most {_card_lengths(self.own_max_card_lengths)} from another own chip and at least "
            f"{_card_lengths(self.enemy_min_card_lengths)} from every enemy chip", self.rule)

    def _deployment_edge(self, table: Table, role: str, roles: Mapping[str, str], rng: SeededRng) -> str | None:
        """The edge a deployment tries: none for the middle, the edge opposite the second player's for the
        third player (once the second has chips), else a random edge "of his choice"."""
        if role == "middle":
            return None
        if role == "opposite-edge":
            players = _players(table)
            second = next((p for p, held in roles.items() if held == "edge" and p in players), None)
            if second is not None:
                return OPPOSITE[nearest_edge(table, players[second])]
        return rng.choice(EDGES)

    def _random_group(self, table: Table, player: str, chip_names: Sequence[str], role: str, edge: str | None,
                      area: Polygon | None, rng: SeededRng) -> Table | None:
        """One attempt: each chip at a random spot (the first in the role's zone, the next ones within the
        own distance of an own chip placed before); None if a chip finds no spot."""
        own: list[Chip] = []
        for name in chip_names:
            for _ in range(_CHIP_TRIES):
                x, y = self._random_spot(table, own, edge, area, rng)
                chip = Chip(name, player, x, y, _facing_centre(table, x, y))
                try:
                    candidate = table.place(chip)
                except RuleViolation:
                    continue
                if self._spot_fits(candidate, chip, role, edge, area):
                    table = candidate
                    own.append(chip)
                    break
            else:
                return None
        return table

    def _random_spot(self, table: Table, own: Sequence[Chip], edge: str | None, area: Polygon | None,
                     rng: SeededRng) -> tuple[float, float]:
        r = table.radius
        if own:
            anchor = rng.choice(own)
            reach = self.own_max_card_lengths * table.card_length
            d, angle = rng.uniform(2 * r, max(2 * r, reach)), math.radians(rng.uniform(0.0, 360.0))
            return anchor.x + d * math.cos(angle), anchor.y + d * math.sin(angle)
        if edge is None:
            minx, miny, maxx, maxy = area.bounds if area is not None else (r, r, table.width - r, table.depth - r)
            return (rng.uniform(max(r, minx), min(table.width - r, maxx)),
                    rng.uniform(max(r, miny), min(table.depth - r, maxy)))
        zone = float(table.rulings["behind.setup-table-edge"]) * table.card_length + r
        along, across = rng.uniform(r, (table.width if edge in ("bottom", "top") else table.depth) - r), rng.uniform(r, zone)
        return {"bottom": (along, across), "top": (along, table.depth - across),
                "left": (across, along), "right": (table.width - across, along)}[edge]

    def _spot_fits(self, table: Table, chip: Chip, role: str, edge: str | None, area: Polygon | None) -> bool:
        """``chip`` (already on ``table``) meets its role's zone and the enemy distance."""
        if role == "middle":
            if self._middle_reasons(table, chip, area):
                return False
        elif not self._edge_fits(table, chip, edge):
            return False
        limit = self.enemy_min_card_lengths * table.card_length
        return all(table.distance(chip.name, other.name) >= limit - EPS
                   for other in table.chips if other.owner != chip.owner)

    def random_obstacles(self, rng: SeededRng, *, rulings: Rulings | None = None,
                         placers: Sequence[str] | None = None, max_tries: int = 1000) -> tuple[Obstacle, ...]:
        """A random obstacle layout that obeys :meth:`check_obstacles`, an alternative to the default one.

        Terrain: "Determine by an influence duel who begins with this, and then alternate." -- the players
        ``placers`` (default "player 1", "player 2", ...) place one obstacle each in turn, and each
        obstacle's name says who placed it.  Boxes and discs of 4-12 cm, some flat, wholly in the middle
        of the table (ruling ``behind.table-middle``), a chip diameter apart (``behind.scenario-obstacle-gap``).
        """
        placers = tuple(placers or (f"player {k}" for k in range(1, self.players + 1)))
        table = Table(self.width, self.depth, rulings=rulings)
        middle, gap = middle_of_table(table), 2 * table.radius
        obstacles: list[Obstacle] = []
        for i in range(self.obstacle_count):
            name = f"obstacle {i + 1} ({placers[i % len(placers)]})"
            for _ in range(max_tries):
                obstacle = _random_obstacle(name, middle, rng)
                if middle.covers(obstacle.polygon) and all(
                        shapely.distance(obstacle.polygon, o.polygon) >= gap for o in obstacles):
                    obstacles.append(obstacle)
                    break
            else:
                raise RuleViolation(f"found no room for {name} in the middle of the table in {max_tries} tries "
                                    f"(ruling behind.table-middle)", self.rule)
        return tuple(obstacles)


def _linked_groups(table: Table, chips: Sequence[Chip], limit: float) -> list[list[str]]:
    """The chips split into groups linked by steps of at most ``limit`` cm (``table.distance``)."""
    groups: list[list[str]] = []
    left = [chip.name for chip in chips]
    while left:
        group, frontier = [left.pop(0)], 0
        while frontier < len(group):
            near = [name for name in left if table.distance(group[frontier], name) <= limit + EPS]
            group += near
            left = [name for name in left if name not in near]
            frontier += 1
        groups.append(sorted(group, key=[chip.name for chip in chips].index))
    return groups


def _facing_centre(table: Table, x: float, y: float) -> float:
    """The facing from ``(x, y)`` toward the table centre, in whole degrees."""
    return float(round(math.degrees(math.atan2(table.depth / 2 - y, table.width / 2 - x)))) % 360.0


def _random_obstacle(name: str, middle: Polygon, rng: SeededRng) -> Obstacle:
    """A box or disc of 4-12 cm centred somewhere in ``middle`` (sizes rounded to 0.1 cm)."""
    minx, miny, maxx, maxy = middle.bounds
    x, y = round(rng.uniform(minx, maxx), 1), round(rng.uniform(miny, maxy), 1)
    height, flat = round(rng.uniform(1.0, 12.0), 1), rng.uniform(0.0, 1.0) < 0.3
    if rng.choice(("box", "circle")) == "circle":
        return Obstacle.circle(name, x, y, round(rng.uniform(2.0, 6.0), 1), height=height, flat=flat)
    width, depth = round(rng.uniform(4.0, 12.0), 1), round(rng.uniform(4.0, 12.0), 1)
    return Obstacle.box(name, x - width / 2, y - depth / 2, width, depth, height=height, flat=flat,
                        angle=float(round(rng.uniform(0.0, 90.0))))


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------
TOP_KEYS = ("id", "title", "title_en", "section", "players", "obstacle_count", "terrain_placement", "roles",
            "starting_role", "goal", "jewel_rules", "source", "table", "distances", "obstacles")
TABLE_KEYS = ("width_cm", "depth_cm")
DISTANCE_KEYS = ("own_max_card_lengths", "enemy_min_card_lengths", "middle_edge_min_card_lengths")
OBSTACLE_KEYS = {"box": ("name", "shape", "x", "y", "width", "depth", "angle", "height", "flat"),
                 "circle": ("name", "shape", "x", "y", "radius", "height", "flat")}
OPTIONAL_KEYS = {"title_en", "terrain_placement", "source", "middle_edge_min_card_lengths", "angle"}

MAX_TABLE_CM = 1_000.0
"""The largest table side, obstacle coordinate or obstacle size read (cm): the shipped tables are
120 x 80 and 120 x 120 cm (ruling ``behind.scenario-table-cm``)."""
MAX_CARD_LENGTHS = 20.0
"""The largest setup distance read (card lengths): the rulebook's are 1, 3 and 4."""
MAX_HEIGHT_CM = 100.0
"""The highest obstacle read (cm)."""
MAX_OBSTACLES = 50
"""The most obstacles a scenario may ask for or list (the rulebook's scenarios have six)."""
MAX_TEXT_LENGTH = 200
"""The longest text (title, name, source) read."""


_HEADER = re.compile(r"^\s*\[")


class _Section:
    """One TOML table of a scenario file; every failure names file, line, field and value."""

    def __init__(self, path: Path, lines: list[str], data: Any, field: str, start: int, keys: Sequence[str]):
        self.path, self.lines, self.field, self.start = path, lines, field, start
        if not isinstance(data, dict):
            raise DataError(path, start + 1 if field else None, field, data, "is not a TOML table")
        self.data = data
        for key, value in data.items():
            if key not in keys:
                raise self.error(key, value, f"is under an unknown key; keys are {', '.join(keys)}")
        for key in keys:
            if key not in data and key not in OPTIONAL_KEYS:
                raise DataError(path, start + 1 if field else None, self.name(key), problem="is missing")

    def name(self, key: str) -> str:
        return f"{self.field}.{key}" if self.field else key

    def line(self, key: str) -> int | None:
        """Line number of ``key = ...`` in this table (searching up to the next ``[header]``)."""
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for i in range(self.start + 1 if self.field else 0, len(self.lines)):
            if _HEADER.match(self.lines[i]):
                return None
            if pattern.match(self.lines[i]):
                return i + 1
        return None

    def error(self, key: str, value: Any, problem: str) -> DataError:
        return DataError(self.path, self.line(key), self.name(key), value, problem)

    def text(self, key: str, default: str = "") -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str) or (key in ("id", "title", "name") and not value.strip()):
            raise self.error(key, value, "is not a non-empty text" if isinstance(value, str) else "is not a text")
        if len(value) > MAX_TEXT_LENGTH:
            raise self.error(key, value, f"is longer than {MAX_TEXT_LENGTH} characters")
        return value

    def integer(self, key: str, minimum: int, maximum: int) -> int:
        value = self.data[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, value, "is not a whole number")
        if value < minimum:
            raise self.error(key, value, f"is less than {minimum}")
        if value > maximum:
            raise self.error(key, value, f"is more than {maximum}; it must be from {minimum} to {maximum}")
        return value

    def number(self, key: str, *, positive: bool = False, default: float | None = None,
               maximum: float = MAX_TABLE_CM) -> float:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise self.error(key, value, "is not a number")
        if value < 0 or (positive and value == 0):
            raise self.error(key, value, "is not a number > 0" if positive else "is not a number >= 0")
        if value > maximum:
            raise self.error(key, value, f"is more than {maximum:g}; it must be from 0 to {maximum:g}")
        return float(value)

    def boolean(self, key: str) -> bool:
        value = self.data[key]
        if not isinstance(value, bool):
            raise self.error(key, value, "is not true or false")
        return value

    def choice(self, key: str, options: Sequence[str], default: str | None = None) -> str:
        value = self.data.get(key, default)
        if value not in options:
            raise self.error(key, value, f"is not one of {', '.join(options)}")
        return value


def _header_lines(lines: list[str], header: str) -> list[int]:
    """0-based indices of the lines that open ``[header]`` or ``[[header]]``."""
    pattern = re.compile(rf"^\s*\[\[?\s*{re.escape(header)}\s*\]\]?")
    return [i for i, line in enumerate(lines) if pattern.match(line)]


def scenario_path(scenario_id: Path | str, data_dir: Path | str | None = None) -> Path:
    """The file of a scenario.

    A text is a scenario id (:data:`~explorer.core.inputs.NAME`) looked up among the scenarios of
    ``data_dir`` (a folder the caller chose; default the shipped ``data/behind/scenarios/``): any
    other text -- a path, a name with ``..``, an unknown id -- raises DataError (a ``ValueError``)
    listing the known ids, and no file is opened.  Only a :class:`~pathlib.Path` object, which
    data decoded from a save, a layout or an action never is, names a file the caller chose."""
    if isinstance(scenario_id, Path):
        return scenario_id
    return resolve_id(scenario_id, Path(data_dir or SCENARIO_DIR), "scenario")


def scenario_ids(data_dir: Path | str | None = None) -> list[str]:
    """The known scenario ids of ``data_dir`` (default: the shipped scenarios), sorted."""
    from explorer.behind.data import known_ids

    return known_ids(Path(data_dir or SCENARIO_DIR))


def load_scenario(name_or_path: Path | str, *, data_dir: Path | str | None = None) -> Scenario:
    """A scenario by id (``load_scenario("unser_revier")``: a known id of ``data_dir``, default the
    shipped ``scenarios/``) or from a TOML file given as a :class:`~pathlib.Path`.

    An unknown id (or any text that is not an id, such as a path) raises DataError listing the
    known ids (:func:`scenario_path`).  A malformed file, or a default layout that breaks the
    scenario's obstacle rules (:meth:`Scenario.check_obstacles` under the default rulings), raises
    DataError naming the file, line, field and value.
    """
    path = scenario_path(name_or_path, data_dir)
    text, data = read_toml(path, "scenario")
    return _scenario(path, text, data)


def scenario_from_text(text: str, source: str = "scenario") -> Scenario:
    """A scenario from the TOML text of a scenario file (as a save carries a scenario of the
    user's), checked exactly as :func:`load_scenario` checks a file; no file is opened."""
    import tomllib

    from explorer.behind.data import MAX_TOML_BYTES
    from explorer.core.inputs import InputError, name

    if not isinstance(text, str) or len(text.encode("utf-8", "replace")) > MAX_TOML_BYTES:
        raise InputError(source, "", f"the TOML text of a scenario (at most {MAX_TOML_BYTES:,} bytes)", text)
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as error:
        raise InputError(source, "", "the valid TOML of a scenario", str(error)) from None
    scenario_id = name(data.get("id"), "id", source=source, what="a scenario id")
    return _scenario(Path(f"{scenario_id}.toml"), text, data)  # the path names it in messages only


def _scenario(path: Path, text: str, data: dict) -> Scenario:
    lines = text.splitlines()
    top = _Section(path, lines, data, "", 0, TOP_KEYS)
    scenario = replace(_build(path, lines, top), text=text)
    problems = scenario.check_obstacles(scenario.table())
    if problems:
        first = _header_lines(lines, "obstacles")
        raise DataError(path, first[0] + 1 if first else None, "obstacles", problem=(
            f"(the default layout) breaks the scenario's obstacle rules: {problems[0]}"))
    return scenario


def _build(path: Path, lines: list[str], top: _Section) -> Scenario:
    scenario_id = top.text("id")
    if not NAME.match(scenario_id):
        raise top.error("id", scenario_id, "is not an id: letters, digits, '_' and '-' (at most 64)")
    if scenario_id != path.stem:
        raise top.error("id", scenario_id, f"is not the file name {path.stem!r}")
    section = top.text("section")
    if section not in SECTIONS:
        raise top.error("section", section, "is not a section heading of behind-2003-rulebook.txt")
    players = top.integer("players", 2, len(ROLES))
    roles = _roles(top, players)
    table = _Section(path, lines, top.data["table"], "table", _first(lines, "table"), TABLE_KEYS)
    distances = _Section(path, lines, top.data["distances"], "distances", _first(lines, "distances"), DISTANCE_KEYS)
    return Scenario(
        id=scenario_id,
        title=top.text("title"),
        title_en=top.text("title_en"),
        rule=SECTIONS[section],
        players=players,
        obstacle_count=top.integer("obstacle_count", 0, MAX_OBSTACLES),
        roles=roles,
        starting_role=top.choice("starting_role", roles),
        goal=top.choice("goal", GOALS),
        jewel_rules=top.boolean("jewel_rules"),
        width=table.number("width_cm", positive=True),
        depth=table.number("depth_cm", positive=True),
        own_max_card_lengths=distances.number("own_max_card_lengths", positive=True, maximum=MAX_CARD_LENGTHS),
        enemy_min_card_lengths=distances.number("enemy_min_card_lengths", maximum=MAX_CARD_LENGTHS),
        middle_edge_min_card_lengths=distances.number("middle_edge_min_card_lengths", default=0.0,
                                                      maximum=MAX_CARD_LENGTHS),
        obstacles=_obstacles(path, lines, top),
        terrain_placement=top.choice("terrain_placement", TERRAIN_PLACEMENTS, "alternate"),
        source=top.text("source"),
    )


def _first(lines: list[str], header: str) -> int:
    found = _header_lines(lines, header)
    return found[0] if found else 0


def _roles(top: _Section, players: int) -> tuple[str, ...]:
    """Roles in setup order: one per player, each of :data:`ROLES` once; "opposite-edge" after "edge"."""
    roles = top.data["roles"]
    if not isinstance(roles, list) or len(roles) != players:
        raise top.error("roles", roles, f"is not a list of {players} roles (one per player)")
    for role in roles:
        if role not in ROLES:
            raise top.error("roles", role, f"is not a role; roles are {', '.join(ROLES)}")
    if len(set(roles)) != len(roles):
        raise top.error("roles", roles, "names a role twice")
    if "opposite-edge" in roles and ("edge" not in roles or roles.index("edge") > roles.index("opposite-edge")):
        raise top.error("roles", roles, "has 'opposite-edge' without an 'edge' player set up before it")
    return tuple(roles)


def _obstacles(path: Path, lines: list[str], top: _Section) -> tuple[Obstacle, ...]:
    """The default layout: ``[[obstacles]]`` entries, each a box or a circle."""
    entries = top.data["obstacles"]
    if not isinstance(entries, list):
        raise top.error("obstacles", entries, "is not a list of [[obstacles]] tables")
    if len(entries) > MAX_OBSTACLES:
        raise top.error("obstacles", len(entries), f"obstacles are listed; at most {MAX_OBSTACLES}")
    starts = _header_lines(lines, "obstacles")
    obstacles: list[Obstacle] = []
    for i, entry in enumerate(entries):
        start = starts[i] if i < len(starts) else 0
        shape = entry.get("shape") if isinstance(entry, dict) else None
        known = isinstance(shape, str) and shape in OBSTACLE_KEYS  # a list or table is no key
        keys = OBSTACLE_KEYS[shape] if known else OBSTACLE_KEYS["box"]
        field = f"obstacles[{i + 1}]"
        if not known:
            raise DataError(path, _key_line(lines, "shape", start), f"{field}.shape", shape,
                            f"is not a shape; shapes are {', '.join(OBSTACLE_KEYS)}")
        obstacles.append(_obstacle(_Section(path, lines, entry, field, start, keys), obstacles))
    return tuple(obstacles)


def _key_line(lines: list[str], key: str, start: int) -> int | None:
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
    return next((i + 1 for i in range(start, len(lines)) if pattern.match(lines[i])), None)


def _obstacle(entry: _Section, before: Sequence[Obstacle]) -> Obstacle:
    name = entry.text("name")
    if any(obstacle.name == name for obstacle in before):
        raise entry.error("name", name, "is the name of an earlier obstacle; names must be unique")
    x, y = entry.number("x"), entry.number("y")
    height, flat = entry.number("height", maximum=MAX_HEIGHT_CM), entry.boolean("flat")
    try:
        if entry.data["shape"] == "circle":
            return Obstacle.circle(name, x, y, entry.number("radius", positive=True), height=height, flat=flat)
        angle = entry.data.get("angle", 0.0)
        if isinstance(angle, bool) or not isinstance(angle, (int, float)) or not -360 <= angle <= 360:
            raise entry.error("angle", angle, "is not a number of degrees from -360 to 360")
        return Obstacle.box(name, x, y, entry.number("width", positive=True), entry.number("depth", positive=True),
                            height=height, flat=flat, angle=float(angle))
    except ValueError as error:
        if isinstance(error, DataError):
            raise
        raise entry.error("name", name, f"is not a valid obstacle: {error}") from None


def load_scenarios(data_dir: Path | str | None = None) -> dict[str, Scenario]:
    """Every scenario in ``scenarios/`` by id (the file name without ``.toml``), in file-name order."""
    folder = Path(data_dir or SCENARIO_DIR)
    scenarios = {}
    for path in sorted(folder.glob("*.toml")):
        if not NAME.match(path.stem):
            raise DataError(path, None, None, problem="is not named by a scenario id (letters, digits, '_' and '-', "
                                                      "at most 64, then .toml)")
        scenarios[path.stem] = load_scenario(path)
    return scenarios


__all__ = ["EDGES", "GOALS", "ROLES", "SCENARIO_DIR", "Scenario", "edge_distance", "load_scenario",
           "load_scenarios", "middle_of_table", "nearest_edge", "scenario_ids", "scenario_path"]
