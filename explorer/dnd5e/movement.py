"""Movement on the battle map, clause by clause: what a path costs, and which moves the rules refuse.

:func:`move` takes a token and a path (waypoints after its position: the legs) and returns a
:class:`Movement`: per leg the pieces it crossed, each with its metres, its cost per metre and the
rules that set it; the opportunity attacks (Gelegenheitsangriffe) it provokes and where; the
checks it calls for.  An illegal move raises :class:`~explorer.core.rules.RuleViolation` naming
the rule:

* standing up costs half the speed (SRD 5.1 Being Prone); "Du kannst nicht aufstehen, wenn du
  nicht genügend Bewegungsrate übrig hast oder wenn deine Bewegungsrate O beträgt"; a prone
  creature that does not stand up crawls (kriechen);
* SICH UM ANDERE KREATUREN HERUM BEWEGEN: through a friend's space, through a foe's only when it
  is at least two size categories larger or smaller; another creature's space is difficult
  terrain; no move ends in another creature's space; leaving a foe's reach provokes a
  Gelegenheitsangriff (SRD 5.1 Opportunity Attacks: its reaction; RÜCKZUG prevents it);
* schwieriges Gelände: 1 extra metre per metre (SRD 5.1 Difficult Terrain, never more than once);
* KLETTERN, SCHWIMMEN UND KRIECHEN: 1 extra metre per metre (2 in difficult terrain: ruling
  ``dnd5e.climb-in-difficult-terrain``) unless the creature uses a matching speed; Athletics on
  slippery walls and in rough water (rulings ``dnd5e.terrain-athletics``, ``-dc``);
* SPURT doubles the speed for the turn (9 m -> 18 m); several speeds: SRD 5.1 Using Different Speeds;
* WEITE SPRÜNGE: a leg may be a long jump (:mod:`explorer.dnd5e.jumps`);
* FLIEGEND: :func:`falls` -- a flyer knocked prone, at speed 0 or unable to move falls unless it
  hovers or magic holds it aloft.

On the grid (``dnd5e.measuring``) a leg goes square by square (the squares nearest the straight
line), each step costing 1.5 m (diagonals: ``dnd5e.grid-diagonals``) times the rate of the square
entered; gridless the legs are measured exactly.  Lengths are Fractions on the grid, floats
gridless (shapely's measure).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterable

import shapely
from shapely.geometry import LineString

from explorer.core.inputs import InputError, whole
from explorer.core.rules import RuleRef, RuleViolation
from explorer.dnd5e import refs
from explorer.dnd5e.battlemap import (CANNOT_MOVE, MAX_CACHED, SPEED_ZERO, BattleMap, Point2, Token, _quarters,
                                      diagonal_step, squares_length)
from explorer.dnd5e.creatures import SQUARE, size_steps
from explorer.dnd5e.jumps import Check, Jump, long_jump

MODES = ("gehen", "fliegen")
"""How a move goes: on foot (climbing, swimming and crawling follow from the terrain and from
being prone) or flying."""
EPS = 1e-9
MAX_LEGS = 200

Reason = tuple[str, RuleRef]


@dataclass(frozen=True)
class Piece:
    """A stretch of a leg in one kind of terrain: ``mode`` (gehen, kriechen, klettern, schwimmen,
    fliegen, springen), its ``length``, the ``rate`` (metres of movement per metre), the ``cost``
    and the ``reasons`` (each a text and the rule that sets it)."""

    start: tuple
    end: tuple
    mode: str
    length: Any
    rate: int
    cost: Any
    speed: str
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class Leg:
    """One leg of the path (waypoint to waypoint): its pieces, length, cost and, for a jump, the
    :class:`~explorer.dnd5e.jumps.Jump`."""

    index: int
    start: Point2
    end: Point2
    pieces: tuple[Piece, ...]
    jump: Jump | None = None

    @cached_property
    def length(self):
        found = _quarter_sum([p.length for p in self.pieces])
        return found if found is not None else sum((p.length for p in self.pieces), Fraction(0))

    @cached_property
    def cost(self):
        found = _quarter_sum([p.cost for p in self.pieces])
        return found if found is not None else sum((p.cost for p in self.pieces), Fraction(0))

    def explain(self) -> str:
        lines = [f"Abschnitt {self.index + 1}: {_m(self.length)} für {_m(self.cost)}"]
        for p in self.pieces:
            why = "; ".join(f"{text} ({rule})" for text, rule in p.reasons)
            lines.append(f"  {p.mode} {_m(p.length)} x {p.rate} = {_m(p.cost)}: {why}")
        return "\n".join(lines)


def _quarter_sum(values: list) -> Fraction | None:
    """The sum of Fractions that are whole quarter metres (the grid's lengths and costs), counted in
    integers: the very Fraction the sum gives; None if a value is anything else (gridless floats)."""
    total = 0
    for v in values:
        if type(v) is not Fraction or 4 % v._denominator:
            return None
        total += v._numerator * (4 // v._denominator)
    return Fraction(total, 4)


_VERBS = {"gehen": "geht", "kriechen": "kriecht", "klettern": "klettert", "schwimmen": "schwimmt",
          "fliegen": "fliegt", "springen": "springt"}


def _piece_label(piece: Piece) -> str:
    """A piece's ground in two or three words and its cost factor: "gehen", "schwieriges Gelände (x2)",
    "Bereich von Goblin (x2)", "klettern (x2)", "Weitsprung"."""
    if piece.mode == "springen":
        return "Weitsprung"
    harder = [text.split(":")[0] for text, _ in piece.reasons if text.endswith(": +1 m je m")
              and ("schwierig" in text or text.startswith("Bereich von"))]
    harder = [h.replace(" gilt als schwieriges Gelände", "") for h in harder]
    if piece.mode in ("gehen", "fliegen") and harder:
        label = harder[0] if piece.mode == "gehen" else f"fliegen, {harder[0]}"
    else:
        label = piece.mode + (f", {harder[0]}" if harder else "")
    return label + (f" (x{piece.rate})" if piece.rate != 1 else "")


@dataclass(frozen=True)
class OpportunityAttack:
    """A Gelegenheitsangriff: ``attacker`` may use its reaction for one melee attack "right before"
    the mover leaves its reach, at ``at`` during leg ``leg`` (SRD 5.1 Opportunity Attacks)."""

    attacker: str
    at: tuple
    leg: int
    rule: RuleRef = refs.UM_KREATUREN_HERUM


@dataclass(frozen=True)
class Budget:
    """The movement spent this turn (SRD 5.1 Breaking Up Your Move): ``used`` metres, the diagonal
    steps so far (for ``alternate-1.5-3``), whether the creature took Spurt (dash) or Rückzug
    (disengage).  Pass a :attr:`Movement.budget` to the next :func:`move` of the same turn."""

    used: Any = Fraction(0)
    diagonals: int = 0
    dash: bool = False
    disengage: bool = False


@dataclass(frozen=True)
class Movement:
    """What a move costs and provokes; :meth:`apply` puts the token at its end."""

    name: str
    start: Point2
    legs: tuple[Leg, ...]
    stand_up_cost: Any
    budget: Budget
    opportunity_attacks: tuple[OpportunityAttack, ...]
    checks: tuple[Check, ...]
    prone_at_end: bool

    @property
    def end(self) -> Point2:
        return self.legs[-1].end if self.legs else self.start

    @cached_property
    def cost(self):
        found = _quarter_sum([self.stand_up_cost, *(leg.cost for leg in self.legs)])
        return found if found is not None else self.stand_up_cost + sum((leg.cost for leg in self.legs), Fraction(0))

    def explain(self) -> str:
        lines = [f"Aufstehen: {_m(self.stand_up_cost)} ({refs.SRD_PRONE})"] if self.stand_up_cost else []
        lines += [leg.explain() for leg in self.legs]
        lines += [f"Gelegenheitsangriff von {oa.attacker} bei {_point(oa.at)} ({oa.rule})"
                  for oa in self.opportunity_attacks]
        lines += [str(check) for check in self.checks]
        return "\n".join(lines)

    def summary(self) -> str:
        """What the move did in one short German sentence, for the encounter's log: the metres moved
        (and their cost when it differs), then the metres of each kind of ground with its cost factor:
        ``"Kämpferin geht 9 m (kostet 12 m): 6 m gehen, 3 m schwieriges Gelände (x2)"``.  It cites
        nothing (the event's rule does); the per-leg detail with its rules is :meth:`explain`."""
        kinds: dict[str, Any] = {}
        modes = set()
        for leg in self.legs:
            for p in leg.pieces:
                modes.add(p.mode)
                label = _piece_label(p)
                kinds[label] = kinds[label] + p.length if label in kinds else p.length  # (only ever printed)
        length = _quarter_sum([leg.length for leg in self.legs])
        if length is None:
            length = sum((leg.length for leg in self.legs), Fraction(0))
        verb = _VERBS.get(next(iter(modes)), "bewegt sich") if len(modes) == 1 else "bewegt sich"
        words = f"{self.name} "
        if self.stand_up_cost:
            words += f"steht auf ({_m(self.stand_up_cost)}) und "
        words += f"{verb} {_m(length)}"
        if self.cost != length + self.stand_up_cost:
            words += f" (kostet {_m(self.cost)})"
        if len(kinds) > 1 or any(label not in _VERBS for label in kinds):
            words += ": " + ", ".join(f"{_m(v)} {label}" for label, v in kinds.items())
        return words

    def apply(self, battle_map: BattleMap) -> BattleMap:
        token = battle_map.token(self.name)
        conditions = set(token.conditions) - {"liegend"}
        if self.prone_at_end:
            conditions.add("liegend")
        return battle_map.moved(self.name, self.end, conditions=conditions)


# ---------------------------------------------------------------------------------------------
# Speeds and allowances
# ---------------------------------------------------------------------------------------------
def speed_of(token: Token, speed: str = "gehen") -> Fraction:
    """The token's speed after conditions: 0 when grappled, restrained (SPEED_ZERO) or unable to
    move (CANNOT_MOVE), SRD 5.1 Appendix PH-A."""
    if not token.conditions.isdisjoint(_NO_SPEED):
        return Fraction(0)
    return token.creature.speeds.of(speed)


_NO_SPEED = SPEED_ZERO | CANNOT_MOVE


def allowance(token: Token, speed: str = "gehen", *, dash: bool = False) -> Fraction:
    """How far the token may move this turn with ``speed``: the speed, doubled by Spurt (SPURT:
    "Bei einer Bewegungsrate von neun Metern kannst du dich in deinem Zug insgesamt bis zu 18 Meter
    weit bewegen"; ruling ``dnd5e.dash-every-speed``)."""
    speed = speed_of(token, speed)
    return speed * 2 if dash else speed


def stand_up_cost(battle_map: BattleMap, token: Token) -> Fraction:
    """Half the walking speed (SRD 5.1 Being Prone); on the grid by ``dnd5e.stand-up-grid``."""
    half = speed_of(token) / 2
    if battle_map.grid and battle_map.rulings["dnd5e.stand-up-grid"] == "round-down":
        half = (half // SQUARE) * SQUARE
    return half


# ---------------------------------------------------------------------------------------------
# The move
# ---------------------------------------------------------------------------------------------
def move(battle_map: BattleMap, name: str, path: Iterable[Any], *, mode: str = "gehen", stand_up: bool = False,
         dash: bool = False, disengage: bool = False, jumps: Iterable[int] = (),
         budget: Budget | None = None) -> Movement:
    """Move token ``name`` along ``path`` (waypoints after its position) and say what it costs.

    ``mode``: "gehen" (on foot) or "fliegen"; ``stand_up``: stand up first (it must be prone);
    ``dash``: Spurt taken this turn; ``disengage``: Rückzug taken this turn; ``jumps``: indexes of
    legs that are long jumps; ``budget``: movement already spent this turn."""
    token = battle_map.token(name)
    if mode not in MODES:
        raise InputError("argument", "mode", "one of " + ", ".join(MODES), mode)
    if not isinstance(path, (list, tuple)) or len(path) > MAX_LEGS:
        raise InputError("argument", "path", f"a list of at most {MAX_LEGS} waypoints", path)
    for flag, value in (("stand_up", stand_up), ("dash", dash), ("disengage", disengage)):
        if not isinstance(value, bool):
            raise InputError("argument", flag, "True or False", value)
    waypoints = [battle_map.check_position(token, p, f"path[{i}]") for i, p in enumerate(path)]
    jump_legs = set()
    for value in jumps:
        jump_legs.add(whole(value, "jumps", low=0, high=max(0, len(waypoints) - 1)))
    budget = budget or Budget()
    if not isinstance(budget, Budget):
        raise InputError("argument", "budget", "a Budget", budget)
    if (dash and not budget.dash) or (disengage and not budget.disengage):
        budget = replace(budget, dash=budget.dash or dash, disengage=budget.disengage or disengage)
    walker = _Walker(battle_map, token, mode, budget)

    stood = Fraction(0)
    if stand_up:
        stood = walker.stand_up()
    elif token.prone and mode == "fliegen":
        raise RuleViolation(f"{name} liegt: wer liegt, kann sich nur kriechend bewegen, also erst aufstehen, "
                            f"dann fliegen", refs.SRD_PRONE)
    if waypoints and (token.conditions & CANNOT_MOVE or speed_of(token, _speed_for(mode)) == 0):
        raise RuleViolation(f"{name} hat eine Bewegungsrate von 0 ({_speed_for(mode)}) und kann sich nicht bewegen",
                            refs.SRD_MOVEMENT_AND_POSITION)

    legs = []
    here = token.position
    for index, there in enumerate(waypoints):
        legs.append(walker.jump(index, here, there) if index in jump_legs else walker.leg(index, here, there))
        here = there
    walker.check_end(here)
    attacks = () if walker.budget.disengage else opportunity_attacks(battle_map, token, walker.positions)
    prone_at_end = token.prone and not stand_up
    return Movement(name, token.position, tuple(legs), stood, walker.budget, attacks, tuple(walker.checks),
                    prone_at_end)


def _speed_for(mode: str) -> str:
    return "fliegen" if mode == "fliegen" else "gehen"


class _Walker:
    """The state of one move while its legs are costed (budget, positions passed, checks)."""

    def __init__(self, battle_map: BattleMap, token: Token, mode: str, budget: Budget):
        self.map, self.token, self.mode, self.budget = battle_map, token, mode, budget
        self.crawling = token.prone
        self.positions: list[tuple[int, tuple]] = [(0, token.position)]
        self.checks: list[Check] = []
        self.pieces: list[Piece] = []
        self._asked: set[str] = set()
        self._limits: dict = {}
        # zones tested at every stretch: the map builds and prepares (shapely.prepare) each once per
        # place and size and shares it, so a token that did not move keeps its zone; the lot is read
        # once per map and mover (_context: the candidate moves of a turn ask it again and again)
        self.others, self.overlap, self.wall_zones, self._spaces = _context(battle_map, token)
        self._half = (battle_map.round_spaces, float(battle_map.half_side(token)))

    # --- standing up ------------------------------------------------------------------------
    def stand_up(self) -> Fraction:
        token = self.token
        if not token.prone:
            raise RuleViolation(f"{token.name} liegt nicht und kann nicht aufstehen", refs.SRD_PRONE)
        speed = speed_of(token)
        if speed == 0:
            raise RuleViolation(f"{token.name} kann nicht aufstehen: die Bewegungsrate beträgt 0", refs.AUFSTEHEN)
        cost = stand_up_cost(self.map, token)
        left = allowance(token, dash=self.budget.dash) - self.budget.used
        if cost > left + EPS:
            raise RuleViolation(f"{token.name} kann nicht aufstehen: Aufstehen kostet {_m(cost)} (die halbe "
                                f"Bewegungsrate), übrig sind nur {_m(left)}", refs.AUFSTEHEN)
        self.budget = replace(self.budget, used=self.budget.used + cost)
        self.crawling = False
        return cost

    # --- walking, climbing, swimming, crawling, flying ---------------------------------------
    def leg(self, index: int, start: Point2, end: Point2) -> Leg:
        pieces = []
        if self.map.grid:  # square by square (_squares), each diagonal counted for dnd5e.grid-diagonals
            rulings, walls, positions = self.map.rulings, self.map.walls, self.positions
            for a, b, diagonal, ends in _squares(start, end):
                if diagonal:
                    budget = self.budget
                    self.budget = Budget(budget.used, budget.diagonals + 1, budget.dash, budget.disengage)
                    length = diagonal_step(budget.diagonals + 1, rulings)
                else:
                    length = SQUARE
                if walls:
                    self._check_walls(a, b, ends)
                piece = self._piece(a, b, length, b)
                self._spend(piece, index)
                pieces.append(piece)
                positions.append((index, b))
        else:
            for a, b, length, sample, diagonal, ends in self._stretches(start, end):
                self._check_walls(a, b, ends)
                piece = self._piece(a, b, length, sample)
                self._spend(piece, index)
                pieces.append(piece)
                self.positions.append((index, b))
        merged = _merge(pieces)
        self.pieces.extend(merged)
        return Leg(index, start, end, tuple(merged))

    def _stretches(self, start: Point2, end: Point2):
        """Gridless: (from, to, length, sample point, diagonal, None) of each stretch of uniform terrain
        (on the grid :meth:`leg` goes square by square, :func:`_squares`)."""
        line = LineString([(float(start[0]), float(start[1])), (float(end[0]), float(end[1]))])
        total = line.length
        if total == 0:
            return
        cuts = {0.0, 1.0}
        for shape in self._shapes():
            crossing = line.intersection(shape.boundary)
            for p in shapely.get_coordinates(crossing):
                cuts.add(min(1.0, max(0.0, line.project(shapely.Point(p), normalized=True))))
        ts = sorted(cuts)
        for t0, t1 in zip(ts, ts[1:]):
            if (t1 - t0) * total <= EPS:
                continue
            a, b, mid = (line.interpolate(t, normalized=True) for t in (t0, t1, (t0 + t1) / 2))
            yield (a.x, a.y), (b.x, b.y), (t1 - t0) * total, (mid.x, mid.y), False, None

    def _shapes(self):
        yield from (zone for _, zone in self.wall_zones)
        yield from (a.shape for a in self.map.areas)
        yield from self.overlap.values()

    def _check_walls(self, a, b, ends=None) -> None:
        """The centre's line may not touch a wall (a thin wall on a grid line between two squares too);
        ``ends``: a and b as floats (x0, y0, x1, y1), if known."""
        if not self.map.walls:
            return
        ends = ends or (float(a[0]), float(a[1]), float(b[0]), float(b[1]))
        for wall in self.map.walls:
            if _touches(wall, ends):
                raise RuleViolation(f"{self.token.name} kann nicht durch {wall.name} (von {_point(a)} bis {_point(b)})",
                                    refs.SRD_MOVEMENT_AND_POSITION)

    def _piece(self, a, b, length, sample) -> Piece:
        m, token, name = self.map, self.token, self.token.name
        x, y = float(sample[0]), float(sample[1])
        inside, kinds, wall = self._ground(x, y)
        if wall is not None:
            raise RuleViolation(f"{name} kann nicht durch {wall.name} bei {_point(sample)}",
                                refs.SRD_MOVEMENT_AND_POSITION)
        reasons: list[Reason] = []
        in_space = []
        for other in self._occupied(sample, x, y):
            if other.hostile_to(token) and size_steps(other.creature.size, token.creature.size) < 2:
                raise RuleViolation(
                    f"{name} kann sich nicht durch den Bereich der feindlichen Kreatur {other.name} bewegen: "
                    f"sie ist nicht mindestens zwei Größenkategorien größer oder kleiner "
                    f"({other.creature.size} gegen {token.creature.size})", refs.UM_KREATUREN_HERUM)
            in_space.append(other.name)
        if self.mode == "fliegen":
            rate = 1
            reasons.append(("fliegend: 1 m je m, das Gelände am Boden zählt nicht", refs.FLIEGEND))
            if in_space:
                rate = 2
                reasons.append((f"Bereich von {', '.join(in_space)} gilt als schwieriges Gelände: +1 m je m",
                                refs.UM_KREATUREN_HERUM))
            return Piece(a, b, "fliegen", length, rate, length * rate if rate != 1 else length, "fliegen",
                         tuple(reasons))
        if "abgrund" in kinds:
            raise RuleViolation(f"{name} kann nicht in den Abgrund gehen bei {_point(sample)}: springen (Weitsprung) "
                                f"oder fliegen", refs.WEITE_SPRUENGE)
        difficult = "schwierig" in kinds or bool(in_space)
        speeds = token.creature.speeds
        if self.crawling:
            piece_mode, matched = "kriechen", False
            reasons.append(("liegend: kriechen", refs.SRD_PRONE))
        elif "wasser" in kinds:
            piece_mode, matched = "schwimmen", bool(speeds.schwimmen)
        elif kinds & {"kletterbar", "mauer"}:
            piece_mode, matched = "klettern", bool(speeds.klettern)
            if "mauer" in kinds:
                reasons.append(("niedrige Mauer zu Fuß: klettern (Regelentscheidung dnd5e.low-wall-on-foot)",
                                refs.WEITE_SPRUENGE))
        else:
            piece_mode, matched = "gehen", True
        rate = 1
        if piece_mode == "gehen":
            reasons.append(("gehen: 1 m je m", refs.SRD_MOVEMENT_AND_POSITION))
        if difficult:
            why = [f"Bereich von {', '.join(in_space)}"] if in_space else []
            why += ["schwieriges Gelände"] if "schwierig" in kinds else []
            rule = refs.UM_KREATUREN_HERUM if in_space else refs.SRD_DIFFICULT_TERRAIN
            rate += 1
            reasons.append((" und ".join(why) + ": +1 m je m", rule))
        if piece_mode != "gehen" and not matched:
            extra = 1
            if difficult and self.map.rulings["dnd5e.climb-in-difficult-terrain"] == "stacked-4":
                extra = 2
            elif difficult:
                extra = 1  # the 'zwei Meter in schwierigem Gelände' include difficult terrain's own metre
            rate += extra
            reasons.append((f"{piece_mode}: +{extra} m je m" + (" (zusammen zwei zusätzliche Meter in schwierigem "
                            "Gelände)" if difficult and extra == 1 else ""), refs.KLETTERN_SCHWIMMEN_KRIECHEN))
        elif piece_mode != "gehen":
            reasons.append((f"{piece_mode} mit eigener Bewegungsrate: keine Extrakosten",
                            refs.KLETTERN_SCHWIMMEN_KRIECHEN))
        speed = piece_mode if piece_mode in ("klettern", "schwimmen") and matched else "gehen"
        for area in inside:
            if (area.rough and piece_mode in ("klettern", "schwimmen") and not matched
                    and m.rulings["dnd5e.terrain-athletics"] and area.name not in self._asked):
                self._asked.add(area.name)
                what = "rutschige Wand erklettern" if piece_mode == "klettern" else "in rauem Wasser vorankommen"
                self.checks.append(Check("Stärke (Athletik)", int(m.rulings["dnd5e.terrain-athletics-dc"]),
                                         f"{area.name}: {what}", refs.KLETTERN_SCHWIMMEN_KRIECHEN,
                                         "kein Vorankommen"))
        return Piece(a, b, piece_mode, length, rate, length * rate if rate != 1 else length, speed, tuple(reasons))

    def _ground(self, x: float, y: float) -> tuple:
        """(the areas the centre at ``x``, ``y`` stands in, their kinds, the first wall whose zone holds
        it or None): :func:`_ground`."""
        return _ground(self.map, self.wall_zones, self._half, x, y)

    def check_end(self, end: Point2) -> None:
        """No move ends in another creature's space (SICH UM ANDERE KREATUREN HERUM BEWEGEN): the first
        other creature, in map order, whose space the mover's would overlap there is named."""
        x, y = float(end[0]), float(end[1])
        for other in self._occupied(end, x, y)[:1]:
            raise RuleViolation(f"{self.token.name} kann die Bewegung nicht im Bereich von {other.name} beenden "
                                f"({'freundlich' if not other.hostile_to(self.token) else 'feindlich'})",
                                refs.UM_KREATUREN_HERUM)

    def _occupied(self, sample, x: float, y: float) -> list[Token]:
        """The other creatures whose space the mover's would overlap, its centre at ``sample`` (``x``,
        ``y``: as floats): :func:`_occupied`."""
        return _occupied(self._spaces, sample, x, y)

    def _spend(self, piece: Piece, index: int) -> None:
        used = self.budget.used + piece.cost
        key = (piece.speed, self.budget.dash)
        found = self._limits.get(key)
        if found is None:  # the limit, the bound as a float and as its exact Fraction (the same comparisons)
            limit = allowance(self.token, piece.speed, dash=self.budget.dash)
            bounds = _SPEND_BOUNDS.get((type(limit), limit))
            if bounds is None:  # Fraction(a float) is dear: read once per limit
                if len(_SPEND_BOUNDS) > 1024:
                    _SPEND_BOUNDS.clear()
                bounds = _SPEND_BOUNDS[(type(limit), limit)] = (limit + EPS, Fraction(limit + EPS))
            found = self._limits[key] = (limit, *bounds)
        limit, bound, exact = found
        if used > (exact if type(used) is Fraction else bound):
            spurt = " mit Spurt" if self.budget.dash else ""
            rule = refs.SPURT if self.budget.dash else (
                refs.SRD_USING_DIFFERENT_SPEEDS if piece.speed != "gehen" else refs.SRD_MOVEMENT_AND_POSITION)
            raise RuleViolation(f"{self.token.name} hat nicht genug Bewegungsrate: Abschnitt {index + 1} braucht "
                                f"bis {_point(piece.end)} insgesamt {_m_bound(used)}, Bewegungsrate ({piece.speed})"
                                f"{spurt} {_m_bound(limit)}", rule)
        b = self.budget
        self.budget = Budget(used, b.diagonals, b.dash, b.disengage)

    # --- jumping ----------------------------------------------------------------------------
    def jump(self, index: int, start: Point2, end: Point2) -> Leg:
        m, token, name = self.map, self.token, self.token.name
        if self.mode != "gehen" or self.crawling:
            raise RuleViolation(f"{name} kann nur zu Fuß und stehend springen", refs.WEITE_SPRUENGE)
        if m.grid:
            di, dj = (abs(e - s) / SQUARE for s, e in zip(start, end))
            n, d = int(max(di, dj)), int(min(di, dj))
            length = n * SQUARE
            for k in range(d):
                self.budget = replace(self.budget, diagonals=self.budget.diagonals + 1)
                length += diagonal_step(self.budget.diagonals, m.rulings) - SQUARE
        else:
            length = Fraction(math.dist([float(v) for v in start], [float(v) for v in end])).limit_denominator(10**6)
        line = LineString([(float(start[0]), float(start[1])), (float(end[0]), float(end[1]))])
        for wall in m.walls:
            if line.crosses(wall.shape) or line.within(wall.shape):
                raise RuleViolation(f"{name} kann nicht über {wall.name} springen", refs.SRD_MOVEMENT_AND_POSITION)
        heights = tuple(a.height for a in m.areas_of("mauer") if line.intersects(a.shape))
        x, y = float(end[0]), float(end[1])
        landing = {a.kind for a in m.areas if shapely.intersects_xy(a.shape, x, y)}
        if "abgrund" in landing:
            raise RuleViolation(f"{name} würde im Abgrund landen bei {_point(end)}", refs.WEITE_SPRUENGE)
        in_space = any(shapely.contains_xy(m.overlap_zone(o, token), x, y) for o in m.others(name))
        run_up = self._run_up()
        jumped = long_jump(token.creature, length, run_up_metres=run_up, obstacle_heights=heights,
                           lands_in_difficult_terrain="schwierig" in landing or in_space, rulings=m.rulings)
        self.checks.extend(jumped.checks)
        reasons = [(f"Weitsprung{' mit' if jumped.run_up else ' ohne'} Anlauf ({_m(run_up)} davor gegangen), "
                    f"höchstens {_m(jumped.maximum)}: jeder gesprungene Meter kostet einen Meter", refs.WEITE_SPRUENGE)]
        piece = Piece(start, end, "springen", length, 1, jumped.cost, "gehen", tuple(reasons))
        self._spend(piece, index)
        self.pieces.append(piece)
        self.positions.append((index, end))
        return Leg(index, start, end, (piece,), jumped)

    def _run_up(self):
        walked = Fraction(0)
        for piece in reversed(self.pieces):
            if piece.mode != "gehen":
                break
            walked += piece.length if isinstance(piece.length, Fraction) else Fraction(piece.length).limit_denominator(10**6)
        return walked


def _ground(battle_map: BattleMap, wall_zones, half: tuple, x: float, y: float) -> tuple:
    """(the areas a mover's centre at ``x``, ``y`` stands in, their kinds, the first wall whose zone
    (``wall_zones``, the mover's: :func:`_context`) holds it or None).  The map's areas and walls never
    change during an encounter, so the answer is remembered per areas, walls, the mover's space
    (``half``: round or square, half its side) and point (the same squares recur all game)."""
    areas, walls = battle_map.areas, battle_map.walls
    key = (id(areas), id(walls), half, x, y)
    found = _GROUND.get(key)
    if found is not None and found[0] is areas and found[1] is walls:
        return found[2]
    inside = tuple(area for area in areas if shapely.intersects_xy(area.shape, x, y))
    wall = next((wall for wall, zone in wall_zones if shapely.contains_xy(zone, x, y)), None)
    answer = (inside, frozenset(area.kind for area in inside), wall)
    if len(_GROUND) > MAX_CACHED:
        _GROUND.clear()
    _GROUND[key] = (areas, walls, answer)  # holds the tuples: their ids stay theirs
    return answer


def _occupied(spaces, sample, x: float, y: float) -> list[Token]:
    """The other creatures (``spaces``: :func:`_spaces`) whose space the mover's would overlap, its
    centre at ``sample`` (``x``, ``y``: as floats): the centre strictly inside their overlap zones, in
    order; for square spaces counted in whole quarter metres when exact (the zone's corners are exact
    floats then)."""
    sx, sy = _quarters(sample[0]), _quarters(sample[1])
    exact = sx is not None and sy is not None
    return [o for o, zone, q in spaces
            if (abs(q[0] - sx) < q[2] and abs(q[1] - sy) < q[2] if exact and q is not None
                else shapely.contains_xy(zone, x, y))]


def _context(battle_map: BattleMap, token: Token) -> tuple:
    """(the other tokens, their overlap zones by name, the walls with their zones, :func:`_spaces`) for
    ``token`` moving on ``battle_map``: computed once per map and token (both immutable; the entry holds
    them, so an id is not reused while it is remembered) and shared read-only by the walkers."""
    key = (id(battle_map), token.name)
    found = _CONTEXTS.get(key)
    if found is not None and found[0] is battle_map and found[1] is token:
        return found[2]
    others = battle_map.others(token.name)
    # the same others on another map (the mover moved): the context is theirs, the walls', the rulings'
    # and the mover's creature's alone, so it is found again by them (the entry holds them: their ids
    # stay theirs)
    rulings, walls, creature = battle_map.rulings, battle_map.walls, token.creature
    by_others = (token.name, id(creature), id(rulings), id(walls), *map(id, others))
    found = _CONTEXTS_BY_OTHERS.get(by_others)
    if found is not None and found[0] is rulings and found[1] is walls and found[2] is creature \
            and len(found[3]) == len(others) and all(a is b for a, b in zip(found[3], others)):
        context = found[4]
        if len(_CONTEXTS) > 256:
            _CONTEXTS.clear()
        _CONTEXTS[key] = (battle_map, token, context)
        return context
    overlap = {o.name: battle_map.overlap_zone(o, token) for o in others}
    wall_zones = tuple((w, battle_map.wall_zone(w, token)) for w in battle_map.walls)
    context = (others, overlap, wall_zones, tuple(_spaces(battle_map, token, others, overlap)))
    if len(_CONTEXTS) > 256:
        _CONTEXTS.clear()
    _CONTEXTS[key] = (battle_map, token, context)
    if len(_CONTEXTS_BY_OTHERS) > 256:
        _CONTEXTS_BY_OTHERS.clear()
    _CONTEXTS_BY_OTHERS[by_others] = (rulings, walls, creature, others, context)
    return context


_CONTEXTS: dict = {}
_CONTEXTS_BY_OTHERS: dict = {}


def _spaces(battle_map: BattleMap, token: Token, others, overlap: dict) -> list[tuple[Token, Any, tuple | None]]:
    """(other, its overlap zone, the zone's centre and half side in whole quarter metres or None) for
    :meth:`_Walker._occupied`: the quarters only for square spaces and exact values."""
    out = []
    for o in others:
        q = None
        if not battle_map.round_spaces:
            q = (_quarters(o.position[0]), _quarters(o.position[1]), _quarters(battle_map.half_sides(o, token)))
        out.append((o, overlap[o.name], None if q is None or None in q else q))
    return out


def _merge(pieces: list[Piece]) -> list[Piece]:
    """Consecutive pieces alike in mode, rate and reasons as one."""
    out: list[Piece] = []
    for p in pieces:
        if out and (out[-1].mode, out[-1].rate, out[-1].reasons, out[-1].speed) == (p.mode, p.rate, p.reasons, p.speed):
            q = out[-1]
            out[-1] = Piece(q.start, p.end, q.mode, q.length + p.length, q.rate, q.cost + p.cost, q.speed, q.reasons)
        else:
            out.append(p)
    return out


def _round(value: Fraction) -> int:
    """Half away from zero, so a leg's squares are symmetric."""
    return int(math.floor(abs(value) + Fraction(1, 2))) * (1 if value >= 0 else -1)


def _squares(start: Point2, end: Point2) -> list[tuple[Point2, Point2, bool, tuple]]:
    """A grid leg square by square: (from, to, diagonal, both as floats) of each step, the squares nearest the
    straight line; remembered per leg in whole quarter metres (the same legs recur all game)."""
    key = (_quarters(start[0]), _quarters(start[1]), _quarters(end[0]), _quarters(end[1]))
    found = _SQUARES.get(key) if None not in key else None
    if found is not None:
        return found
    if None not in key and not (key[2] - key[0]) % 6 and not (key[3] - key[1]) % 6:
        found = _whole_squares(start, *key)
        if len(_SQUARES) > MAX_CACHED:
            _SQUARES.clear()
        _SQUARES[key] = found
        return found
    di, dj = ((e - s) / SQUARE for s, e in zip(start, end))
    n = int(max(abs(di), abs(dj)))
    here = start
    whole = di.denominator == 1 and dj.denominator == 1  # (always, between squares): rounded in integers
    found = []
    for k in range(1, n + 1):
        if whole:
            there = (start[0] + _round_whole(di.numerator * k, n) * SQUARE,
                     start[1] + _round_whole(dj.numerator * k, n) * SQUARE)
        else:
            there = (start[0] + _round(di * k / n) * SQUARE, start[1] + _round(dj * k / n) * SQUARE)
        found.append((here, there, there[0] != here[0] and there[1] != here[1],
                      (float(here[0]), float(here[1]), float(there[0]), float(there[1]))))
        here = there
    if None not in key:
        if len(_SQUARES) > MAX_CACHED:
            _SQUARES.clear()
        _SQUARES[key] = found
    return found


def _whole_squares(start: Point2, sx: int, sy: int, ex: int, ey: int) -> list[tuple[Point2, Point2, bool, tuple]]:
    """:func:`_squares` of a leg from (sx, sy) to (ex, ey) in quarter metres, whole squares apart (the
    same Fractions, counted in integers)."""
    di, dj = (ex - sx) // 6, (ey - sy) // 6
    n = max(abs(di), abs(dj))
    here, hx, hy = start, sx, sy
    found = []
    for k in range(1, n + 1):
        tx, ty = sx + _round_whole(di * k, n) * 6, sy + _round_whole(dj * k, n) * 6
        there = (Fraction(tx, 4), Fraction(ty, 4))
        found.append((here, there, tx != hx and ty != hy, (hx / 4, hy / 4, tx / 4, ty / 4)))
        here, hx, hy = there, tx, ty
    return found


def grid_leg_meets_wall(battle_map: BattleMap, start: Point2, end: Point2) -> bool:
    """Does a grid leg from ``start`` to ``end`` (exact metres) touch a wall on one of its steps?  The
    walker's own test (:meth:`_Walker._check_walls` on every step of :func:`_squares`), so a move along
    it is refused whatever else it meets (SRD 5.1 Movement and Position): the candidate moves skip such
    a leg without costing it.  False off the grid and on a map without walls."""
    walls = battle_map.walls
    if not walls or not battle_map.grid:
        return False
    return any(_touches(wall, ends) for _, _, _, ends in _squares(start, end) for wall in walls)


def grid_leg_refused(battle_map: BattleMap, name: str, end: Point2) -> bool:
    """Is a walk of creature ``name`` in one grid leg from its place straight to ``end`` (exact metres)
    refused whatever else it meets?  True when :func:`move` would refuse it for the walker's own tests
    of the squares alone: a step's line touches a wall (:func:`grid_leg_meets_wall`), the mover's space
    reaches into a wall on a step, a step ends in the space of a hostile creature less than two size
    categories apart, or the leg ends in another creature's space (SICH UM ANDERE KREATUREN HERUM
    BEWEGEN; SRD 5.1 Movement and Position).  The candidate moves skip such a leg without costing it;
    False leaves the answer to :func:`move`.  False off the grid."""
    if not battle_map.grid:
        return False
    token = battle_map.token(name)
    context = _context(battle_map, token)
    _, _, wall_zones, spaces = context
    ex, ey = float(end[0]), float(end[1])
    if _occupied(spaces, end, ex, ey):
        return True  # the cheapest test first: the end in a space
    steps = _squares(token.position, end)
    # every step's ends lie in the leg's bounding box: a wall (or wall zone) whose box it misses is met
    # by no step, and is not asked step by step
    sx, sy = float(token.position[0]), float(token.position[1])
    box = (min(sx, ex), min(sy, ey), max(sx, ex), max(sy, ey))
    walls = [wall for wall in battle_map.walls if _boxes_meet(box, _bounds(wall.shape))]
    if walls and any(_touches(wall, ends) for _, _, _, ends in steps for wall in walls):
        return True
    near = [(wall, zone) for wall, zone in wall_zones if _boxes_meet(box, _bounds(zone))]
    blocking = _blocking(context, token)
    half = (battle_map.round_spaces, float(battle_map.half_side(token)))
    for _, b, _, ends in steps:
        x, y = ends[2], ends[3]
        if (near and _ground(battle_map, wall_zones, half, x, y)[2] is not None) or \
                (blocking and _occupied(blocking, b, x, y)):
            return True
    return False


def _boxes_meet(a: tuple, b: tuple) -> bool:
    """Do the closed boxes (x0, y0, x1, y1) ``a`` and ``b`` share a point?"""
    return not (a[2] < b[0] or a[0] > b[2] or a[3] < b[1] or a[1] > b[3])


def _bounds(shape) -> tuple:
    """``shape.bounds``, read once per geometry (geometries are immutable; the entry holds it)."""
    found = _BOUNDS.get(id(shape))
    if found is None or found[0] is not shape:
        if len(_BOUNDS) > MAX_CACHED:
            _BOUNDS.clear()
        found = _BOUNDS[id(shape)] = (shape, shape.bounds)
    return found[1]


def _blocking(context: tuple, token: Token) -> list:
    """The spaces of :func:`_context` whose creature ``token`` may not pass (hostile, less than two size
    categories apart: SICH UM ANDERE KREATUREN HERUM BEWEGEN), read once per context and mover."""
    key = (id(context), token.side, token.creature.size)
    found = _BLOCKING.get(key)
    if found is None or found[0] is not context:
        if len(_BLOCKING) > 1024:
            _BLOCKING.clear()
        found = _BLOCKING[key] = (context, [space for space in context[3] if space[0].hostile_to(token)
                                            and size_steps(space[0].creature.size, token.creature.size) < 2])
    return found[1]


_BLOCKING: dict = {}
_SPEND_BOUNDS: dict = {}


def _touches(wall, ends: tuple[float, float, float, float]) -> bool:
    """Does the straight line between the floats ``ends`` (x0, y0, x1, y1) touch ``wall``
    (shapely's intersects), remembered per wall and line."""
    shape = wall.shape
    x0, y0, x1, y1 = ends
    minx, miny, maxx, maxy = _bounds(shape)
    if (x0 if x0 > x1 else x1) < minx or (x0 if x0 < x1 else x1) > maxx or \
            (y0 if y0 > y1 else y1) < miny or (y0 if y0 < y1 else y1) > maxy:
        return False  # the line's bounding box apart from the wall's: no point in common
    key = (id(shape), ends)
    found = _TOUCHES.get(key)
    if found is None or found[0] is not wall.shape:
        if len(_TOUCHES) > MAX_CACHED:
            _TOUCHES.clear()
        line = LineString([ends[:2], ends[2:]])
        found = _TOUCHES[key] = (wall.shape, bool(line.intersects(wall.shape)))  # holds the shape: its id stays
    return found[1]


_SQUARES: dict = {}
_TOUCHES: dict = {}
_BOUNDS: dict = {}
_REACHES: dict = {}
"""An attacker's place, half sides and reach in quarter metres for a mover's size (:func:`_leaves_on_grid`)."""
_WITHIN: dict = {}
"""Whether ``squares_length(i, j)`` is within a reach, by diagonal rule and reach, then by (i, j)."""
_GROUND: dict = {}


def _round_whole(numerator: int, n: int) -> int:
    """:func:`_round` of ``numerator / n`` (n > 0) in integers: half away from zero."""
    return (2 * abs(numerator) + n) // (2 * n) * (1 if numerator >= 0 else -1)


# ---------------------------------------------------------------------------------------------
# Opportunity attacks and falling
# ---------------------------------------------------------------------------------------------
def opportunity_attacks(battle_map: BattleMap, token: Token, positions: list[tuple[int, tuple]]
                        ) -> tuple[OpportunityAttack, ...]:
    """Every hostile creature whose reach the path leaves, first time only (one reaction), at the
    last point still within reach.  A kampfunfähig (incapacitated) creature has no reaction."""
    out = []
    grid = battle_map.grid
    quarters = _in_quarters(positions) if grid and len(positions) > 1 else None
    for other in battle_map.others(token.name):
        if not other.hostile_to(token) or other.incapacitated:
            continue
        found = (_leaves_on_grid(battle_map, other, token, positions, quarters) if grid
                 else _leaves_gridless(battle_map, other, token, positions))
        if found is not None:
            out.append(OpportunityAttack(other.name, found[1], found[0]))
    return tuple(out)


def _in_quarters(positions: list[tuple[int, tuple]]) -> list[tuple[int, int]] | None:
    """The path's positions in whole quarter metres, or None if one of them is not."""
    out = []
    for _, at in positions:
        x, y = _quarters(at[0]), _quarters(at[1])
        if x is None or y is None:
            return None
        out.append((x, y))
    return out


def _leaves_on_grid(battle_map, attacker, token, positions, quarters=None):
    if len(positions) < 2:
        return None
    if quarters is not None:  # the reach test of BattleMap.reach_test, in integers, per position once
        rulings = battle_map.rulings
        key = (id(attacker), token.creature.size, id(rulings))
        found = _REACHES.get(key)
        if found is None or found[0] is not attacker or found[1] is not rulings:
            ax, ay, t = _quarters(attacker.position[0]), _quarters(attacker.position[1]), \
                _quarters(battle_map.half_sides(attacker, token))
            reach, diagonals = attacker.creature.reach, rulings["dnd5e.grid-diagonals"]
            within = _WITHIN.get((diagonals, reach))
            if within is None:
                within = _WITHIN[(diagonals, reach)] = {}
            if len(_REACHES) > MAX_CACHED:
                _REACHES.clear()
            found = _REACHES[key] = (attacker, rulings, ax, ay, t, reach, within)  # holds them: their ids stay
        _, _, ax, ay, t, reach, within = found
        if ax is not None and ay is not None and t is not None:
            inside = None
            for k, (x, y) in enumerate(quarters):
                i = max(0, (abs(ax - x) - t) // 6 + 1)
                j = max(0, (abs(ay - y) - t) // 6 + 1)
                if i < j:
                    i, j = j, i
                now = within.get((i, j))
                if now is None:
                    now = within[(i, j)] = squares_length(i, j, rulings) <= reach
                if inside and not now:
                    return positions[k][0], positions[k - 1][1]
                inside = now
            return None
    in_reach = battle_map.reach_test(attacker, token)
    inside = in_reach(positions[0][1])
    for (_, here), (leg, there) in zip(positions, positions[1:]):
        now = in_reach(there)  # each position asked once
        if inside and not now:
            return leg, here
        inside = now
    return None


def _leaves_gridless(battle_map, attacker, token, positions):
    zone = battle_map.reach_zone(attacker, token)
    for (_, here), (leg, there) in zip(positions, positions[1:]):
        a, b = (float(here[0]), float(here[1])), (float(there[0]), float(there[1]))
        line = LineString([a, b])
        if line.length == 0:
            continue
        cuts = sorted({0.0, 1.0} | {line.project(shapely.Point(p), normalized=True)
                                    for p in shapely.get_coordinates(line.intersection(zone.boundary))})
        inside = shapely.intersects_xy(zone, *a)
        for t0, t1 in zip(cuts, cuts[1:]):
            mid = line.interpolate((t0 + t1) / 2, normalized=True)
            now = bool(shapely.intersects_xy(zone, mid.x, mid.y))
            if inside and not now:
                leave = line.interpolate(t0, normalized=True)
                return leg, (leave.x, leave.y)
            inside = now
    return None


@dataclass(frozen=True)
class Fall:
    """A flyer that falls (stürzt ab), why, and the rule."""

    name: str
    reason: str
    rule: RuleRef = refs.FLIEGEND


def falls(battle_map: BattleMap, name: str) -> Fall | None:
    """FLIEGEND: "Wird eine fliegende Kreatur umgestoßen, hat eine Bewegungsrate von O oder wird auf
    andere Weise bewegungsunfähig, so stürzt sie ab. Dies wird nur dann verhindert, wenn sie
    schweben kann oder durch Magie in der Luft gehalten wird" -- the Fall, or None."""
    token = battle_map.token(name)
    if not token.aloft or token.magic_aloft or token.creature.speeds.schweben:
        return None
    if token.prone:
        why = "umgestoßen (liegend)"
    elif token.conditions & CANNOT_MOVE:
        why = "bewegungsunfähig (" + ", ".join(sorted(token.conditions & CANNOT_MOVE)) + ")"
    elif speed_of(token, "fliegen") == 0:
        why = "Bewegungsrate 0"
    else:
        return None
    return Fall(name, f"{name} stürzt ab: {why}, und sie kann nicht schweben")


def _m(value) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") + " m"


def _m_bound(value) -> str:
    """:func:`_m` with a no-break space: a refusal shown in a table never leaves the "m" alone on a line."""
    return _m(value).replace(" ", "\u00a0")


def _point(p) -> str:
    return "(" + "; ".join(_m(v)[:-2] for v in p) + ")"
