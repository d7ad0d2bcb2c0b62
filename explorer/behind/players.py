"""Players that play whole games of Behind by themselves: a random one and a greedy one.

A *player* is anything with ``choose(state, rng) -> Action``: called for the player who decides
now (``state.current_player``), in every phase -- the turn's actions as well as the decisions
inside an action (``Defend``, ``Dodge``, ``AssignDamage``, ``Arrange``, ``CommandMove``) and
the organisation phase (``Organise``).  It must return a legal action; ``rng`` is the player's
own :class:`~explorer.core.rng.SeededRng`, so the same seed plays the same game.

* :class:`RandomPlayer` -- a random legal action with a purpose, fast: it attacks in melee
  (probability :data:`ATTACK`) and shoots (:data:`SHOOT`) when it may, else draws a kind of
  action by :data:`KIND_WEIGHTS` (movement most often, ending the turn seldom) and a random
  legal action of it; most movements (:data:`AIM`) head for the chip's goal -- the greedy
  player's goals, around the obstacles -- a little off the straight line, the rest are uniform
  in the viewing angle and up to the range.  Decisions (Defend, Dodge, ...) are uniform among
  the legal candidates.  Random games end: the chips meet and fight.
* :class:`GreedyPlayer` -- attacks in melee when the exact odds
  (:func:`~explorer.behind.odds.melee_odds`) say the attacker is more likely to injure than to be
  injured, shoots when it can, heals the injured, else moves every chip toward the nearest enemy
  (in "Das Juwel von Athen": the bearer toward the nearest table edge, the others toward the
  bearer or the jewel on the ground); it defends and dodges with its highest-value hand card.
  It never peeks at an order: its own next top card is any card of its supply, the enemy's hand
  and top card come from one pool, his supply and hand together -- as a multiset, that is his
  deck less its public piles (a player who knows the enemy's deck list knows as much).

:func:`play_game` plays one game with given players and returns the final state.
"""

from __future__ import annotations

import math
import threading
from typing import Callable, Sequence

import shapely

from explorer.behind import actions as A
from explorer.behind.game_candidates import (candidates, clear_sight, legal_candidates, melee_options, play_options,
                                             shot_options, touching_enemies, usable_weapons)
from explorer.behind.geometry import EPS, circle_entry, unit
from explorer.behind.movement import move_leg, toward_step
from explorer.behind.table import TABLE_EDGE, VIEW_HALF_ANGLE
from explorer.core.players import NoLegalAction, Player, play  # the shared protocol (re-exported)
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

__all__ = ["PLAYERS", "GreedyPlayer", "NoLegalAction", "Player", "RandomPlayer", "make_player", "play_game"]


# =============================================================================================
# Helpers shared by both players
# =============================================================================================
def _mine(state) -> list[str]:
    return [n for n in state.characters_of(state.active_player) if state.can_act(n)]


def _enemies_of(state, player: str) -> list[str]:
    return [n for p in state.players if p != player for n in state.characters_of(p)]


def _mode(state, name: str) -> str:
    return "incorporeal" if state.character(name).ability("Körperlos") else "walk"


def _direction(x0: float, y0: float, x1: float, y1: float) -> float:
    return math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360.0


def _off(direction: float, facing: float) -> float:
    return abs((direction - facing + 180.0) % 360.0 - 180.0)


def _clamp_to_view(direction: float, facing: float) -> float:
    """``direction`` turned the least so that it lies within the viewing angle of ``facing``."""
    off = (direction - facing + 180.0) % 360.0 - 180.0
    return facing + max(-VIEW_HALF_ANGLE, min(VIEW_HALF_ANGLE, off))


def _first_legal(state, candidates) -> A.Action | None:
    for action in candidates:
        if state.can(action):
            return action
    return None


def _any_legal(state, rng: SeededRng) -> A.Action:
    """A random legal action by the generic route (the fallback of both players)."""
    return RandomPlayer().choose(state, rng)


# =============================================================================================
# The random player
# =============================================================================================
AIM = 0.8
"""The random player's share of purposeful legs, turns and movers (the rest are uniform)."""

ATTACK = 0.8
"""The random player's chance to attack in melee when it may (else it draws a kind of action)."""

SHOOT = 0.7
"""The random player's chance to shoot when it may."""

KIND_WEIGHTS = {"move": 8.0, "melee": 2.0, "ranged": 2.0, "turn": 0.5, "play": 0.5, "ability": 0.5,
                "jewel-heal": 2.0, "hand-over": 0.5, "discard": 0.25, "end-turn": 0.25}
"""How often the random player draws each kind of turn action first (by weight, among the kinds
it has not tried yet in this decision)."""

LEAD = 0.5
"""The random player's chance, for a purposeful movement, to move the chip nearest an enemy
(else a random one not in combat)."""

MOVE_TRIES = 4
"""How many sampled movements the random player tries before giving the movement kind up."""

FREE_TURN = 0.25
"""The random player's chance to turn a chip for free where a turn is all it could do besides
going on: in its organisation phase (else it organises) and with no action left (else it ends
its turn) -- Viewing Angle: "once in his own turn, at any time" (ruling behind.action-phase-end)."""


class RandomPlayer:
    """A random legal action, with a purpose (see the module docstring).

    In the action phase: a melee attack with probability ``attack`` when one is legal, a shot
    with probability ``shoot`` when one is legal; otherwise a kind of action drawn by
    :data:`KIND_WEIGHTS` (movement most often, ending the turn seldom) and a random legal action
    of it.  A movement is purposeful with probability ``aim``: the card that goes furthest, all
    its legs for one chip -- the jewel's bearer, else (:data:`LEAD`) the chip nearest an enemy or
    a random one not in combat -- each leg heading for the chip's goal (the greedy player's: the
    nearest enemy; in "Das Juwel von Athen" the bearer for the nearest table edge, the others for
    the bearer or the jewel on the ground) around the obstacles, up to :data:`AIM_SPREAD` off
    the way, ending turned towards it.  Otherwise a random card, a random number of legs, each
    of a random chip, uniform in the viewing angle and up to the range.  A turn faces the goal
    with probability ``aim``.  Decisions (Defend, Dodge, ...) are uniform among their legal
    candidates.  ``RandomPlayer(aim=0, attack=0, shoot=0)`` comes close to the old, aimless
    random player, whose chips rarely met.

    Actions are built legal (:func:`explorer.behind.game_candidates.legal_candidates`) or
    checked with ``state.can``; sampling draws from ``rng`` only.
    """

    name = "random"

    def __init__(self, aim: float = AIM, attack: float = ATTACK, shoot: float = SHOOT):
        self.aim, self.attack, self.shoot = float(aim), float(attack), float(shoot)

    def _params(self) -> tuple:
        return (self.aim, self.attack, self.shoot)

    def __repr__(self) -> str:
        if self._params() == (AIM, ATTACK, SHOOT):
            return "RandomPlayer()"
        return f"RandomPlayer(aim={self.aim!r}, attack={self.attack!r}, shoot={self.shoot!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._params() == self._params()

    def __hash__(self) -> int:
        return hash((type(self), self._params()))

    # -- choosing --------------------------------------------------------------------------------
    def choose(self, state, rng: SeededRng) -> A.Action:
        phase = state.phase
        if phase in ("organisation", "action") and (phase == "organisation" or state.actions_left < 1):
            action = self._free_turn_or_on(state, rng)
        else:
            action = self._act(state, rng) if phase == "action" else self._decide(state, rng)
        if action is None:
            raise NoLegalAction(f"no legal action in {state!r}")
        return action

    def _free_turn_or_on(self, state, rng: SeededRng) -> A.Action | None:
        """Where the free turn of a chip is the one thing to do besides going on (organising, or
        ending the turn with no action left): a turn with probability :data:`FREE_TURN`, else on."""
        kind = "organise" if state.phase == "organisation" else "end-turn"
        if rng.random() < FREE_TURN:
            turned = self._turn(state, rng)
            if turned is not None and state.can(turned):
                return turned
        options = list(legal_candidates(state, kind))
        return rng.choice(options) if options else self._decide(state, rng)

    def choose_kind(self, state, kind: str, rng: SeededRng) -> A.Action | None:
        """A random legal action of ``kind`` in the action phase, or None if it has none."""
        if kind == "move":
            return self._move(state, rng)
        if kind == "turn":
            return self._turn(state, rng)
        if kind == "play":
            return self._play(state, rng)
        options = list(legal_candidates(state, kind))
        return rng.choice(options) if options else None

    def _decide(self, state, rng: SeededRng) -> A.Action | None:
        options = list(legal_candidates(state))
        return rng.choice(options) if options else None

    def _act(self, state, rng: SeededRng) -> A.Action | None:
        melee = melee_options(state)
        if melee and rng.random() < self.attack:
            return _random_melee(state, melee, rng)
        aimed = rng.random() < self.shoot
        if aimed:
            shot = _random_shot(state, rng)
            if shot is not None:
                return shot
        kinds = {k: w for k, w in KIND_WEIGHTS.items()
                 if w > 0 and (k != "melee" or melee) and (k != "ranged" or not aimed)}
        while kinds:
            kind = _weighted(kinds, rng)
            del kinds[kind]
            if kind == "melee":
                return _random_melee(state, melee, rng)
            action = _random_shot(state, rng) if kind == "ranged" else self.choose_kind(state, kind, rng)
            if action is not None:
                return action
        return next(iter(legal_candidates(state)), None)

    # -- movement ----------------------------------------------------------------------------------
    def _mover(self, state, table, mine: list[str], rng: SeededRng) -> str:
        """A chip to move: with probability ``aim`` the bearer of the jewel if he is free (he wins
        at the table edge), else one not in combat; otherwise any."""
        if rng.random() < self.aim:
            free = [n for n in mine if not touching_enemies(table, n)]
            bearer = state.jewel_bearer()
            if bearer in free:
                return bearer
            if free and rng.random() < LEAD:  # the one nearest the enemy: he makes contact first
                enemies = [c for c in table.chips if c.owner != state.active_player]
                if enemies:
                    def nearest(name):
                        chip = table.chip(name)
                        return min((c.x - chip.x) ** 2 + (c.y - chip.y) ** 2 for c in enemies)
                    return min(free, key=nearest)
            if free:
                return rng.choice(free)
        return rng.choice(mine)

    def _move(self, state, rng: SeededRng) -> A.Action | None:
        """A movement: with probability ``aim`` the card that goes furthest, every leg of it for
        one chip towards its goal (:func:`_aimed_legs`); else a random card, a random number of
        legs, each of a random chip, uniform in its viewing angle and up to the range.  A later
        leg of a chip starts where its earlier leg was aimed; ``state.can`` checks the whole
        movement (a leg stopped short may leave the next out of range: then another sample)."""
        hand = [state.cards[c] for c in dict.fromkeys(c.id for c in state.data.piles[state.active_player].hand)]
        cards = [c for c in hand if c.movement_range > 0 and c.movement_number >= 1]
        mine = _mine(state)
        if not cards or not mine or state.actions_left < 1:
            return None
        table = state.table
        for _ in range(MOVE_TRIES):
            legs = ()
            if rng.random() < self.aim:
                card = max(cards, key=lambda c: (c.movement_range * c.movement_number, -c.combat_value, c.id))
                legs = _aimed_legs(state, self._mover(state, table, mine, rng), card.movement_range,
                                   card.movement_number, rng)
            if not legs:
                card = rng.choice(cards)
                where: dict[str, tuple[float, float, float]] = {}
                planned = []
                for _ in range(rng.randrange(1, card.movement_number + 1)):
                    name = self._mover(state, table, mine, rng)
                    chip = table.chip(name)
                    x, y, facing = where.get(name, (chip.x, chip.y, chip.facing))
                    ux, uy = unit(facing + rng.uniform(-VIEW_HALF_ANGLE, VIEW_HALF_ANGLE))
                    r = rng.uniform(0.0, float(card.movement_range))
                    planned.append((name, x + r * ux, y + r * uy, None))
                    where[name] = (x + r * ux, y + r * uy, facing)
                legs = tuple(planned)
            action = A.Move(card.id, legs)
            if state.can(action):
                return action
        return None

    def _turn(self, state, rng: SeededRng) -> A.Action | None:
        turned = state.data.turned
        mine = [n for n in _mine(state) if n not in turned]
        if not mine:
            return None
        name = rng.choice(mine)
        facing = None
        if rng.random() < self.aim:
            point = _aim_point(state, state.table, name)
            chip = state.table.chip(name)
            if point is not None and point[:2] != (chip.x, chip.y):
                facing = _direction(chip.x, chip.y, *point[:2])
        if facing is None:
            facing = rng.uniform(0.0, 360.0)
        return A.Turn(name, round(facing, 6) % 360.0)  # legal: a chip of his that may act, not turned yet

    def _play(self, state, rng: SeededRng) -> A.Action | None:
        """A card's special effect (:func:`~explorer.behind.game_candidates.play_options`); a flying
        or breaking-away card gets one sampled leg (aimed with probability ``aim``), drawn only
        for the option tried."""
        options = list(play_options(state))
        rng.shuffle(options)
        for option in options:
            if not isinstance(option, tuple):
                return option  # legal by construction
            card_id, name = option
            reach = state.cards[card_id].movement_range
            legs = _aimed_legs(state, name, reach, 1, rng) if rng.random() < self.aim else ()
            if not legs:
                chip = state.table.chip(name)
                ux, uy = unit(chip.facing + rng.uniform(-VIEW_HALF_ANGLE, VIEW_HALF_ANGLE))
                r = rng.uniform(0.0, float(reach))
                legs = ((name, chip.x + r * ux, chip.y + r * uy, None),)
            action = A.PlayCard(card_id, actor=name, legs=legs)
            if state.can(action):
                return action
        return None


def _random_melee(state, options, rng: SeededRng) -> A.Action:
    """One of the melee candidates (:func:`~explorer.behind.game_candidates.legal_candidates`),
    uniformly, without listing them: an attack of ``options`` (:func:`melee_options`) weighted
    by its candidates, then the hand card (or none), then alone or with all its helpers."""
    cards = [None, *dict.fromkeys(c.id for c in state.data.piles[state.active_player].hand)]
    weights = [len(cards) * (2 if helpers else 1) for _, _, helpers in options]
    pick = rng.randrange(sum(weights))
    for (name, enemy, helpers), weight in zip(options, weights):
        if pick < weight:
            break
        pick -= weight
    card = cards[pick % len(cards)]
    assisted = helpers if helpers and pick // len(cards) else ()
    weapons = [None, *usable_weapons(state, name, "melee")]
    return A.Melee(name, enemy, card, assisted, weapons[-1])  # the makers' weapon: the last usable


def _random_shot(state, rng: SeededRng) -> A.Action | None:
    """One of the shot candidates, uniformly, or None: a shot drawn among those the referee allows
    but for the line of sight (:func:`shot_options`), kept if the line is clear, else that
    shooter and target dropped and another drawn -- so only the lines drawn are looked at."""
    options = shot_options(state)
    table = state.table
    while options:
        weights = [len(sources) for _, _, sources in options]
        pick = rng.randrange(sum(weights))
        for index, weight in enumerate(weights):
            if pick < weight:
                break
            pick -= weight
        name, enemy, sources = options[index]
        if clear_sight(table, name, enemy):
            return A.Ranged(name, enemy, sources[pick])
        del options[index]
    return None


def _weighted(weights: dict, rng: SeededRng):
    """A key of ``weights`` drawn with probability proportional to its weight."""
    pick = rng.random() * sum(weights.values())
    for key, weight in weights.items():
        pick -= weight
        if pick < 0:
            return key
    return key


AIM_SPREAD = 20.0
"""Degrees a purposeful leg of the random player may stray either side of the way to its goal
(none when the goal itself is in reach and in plain sight)."""


def _aim_point(state, table, name: str):
    """``(x, y, final, goal)``: where chip ``name`` heads next on the way to its goal
    (:func:`_goal`) around the obstacles, whether it is the goal itself, and the goal; None
    without goal."""
    goal = _goal(state, name, table)
    if goal is None or goal[0] in ("chip", "escort") and goal[1] not in table:
        return None
    chip = table.chip(name)
    return _router(table).waypoint((chip.x, chip.y), _goal_point(table, goal)) + (goal,)


def _aimed_legs(state, name: str, reach: float, number: int, rng: SeededRng) -> tuple:
    """Up to ``number`` legs of chip ``name`` towards its goal (:func:`_goal`), for the random
    player: each towards the next waypoint around the obstacles, a little off it
    (:data:`AIM_SPREAD`) unless the goal is in reach; as far as the range, the waypoint or the
    jewel allow (towards a chip or a table edge the full range: the walk stops touching the
    chip, at the edge); past friends where the viewing angle allows; turned towards the way on
    afterwards.  Each leg starts where the one before was aimed; the legs stop at the first that
    may be stopped short (it reaches an enemy or the edge, or its way is not clear)."""
    table = state.table
    chip = table.chip(name)
    if reach <= EPS:
        return ()
    goal = _goal(state, name, table)
    if goal is None or goal[0] in ("chip", "escort") and goal[1] not in table:
        return ()
    gx, gy = _goal_point(table, goal)
    router = _router(table)
    r = table.radius
    enemies = [c for c in table.chips if c.owner != chip.owner]
    x, y, facing = chip.x, chip.y, chip.facing
    legs = []
    wx, wy, final = router.waypoint((x, y), (gx, gy))
    for _ in range(number):
        away = math.hypot(wx - x, wy - y)
        if away <= EPS:
            break
        direction = _direction(x, y, wx, wy)
        in_reach = final and away <= reach
        if not in_reach:
            direction += rng.uniform(-AIM_SPREAD, AIM_SPREAD)
        direction = _clamp_to_view(direction, facing)
        length = float(reach) if final and goal[0] in ("chip", "escort", "edge") else min(float(reach), away)
        if not in_reach:
            length *= rng.uniform(0.7, 1.0)
        direction, free = _past_friends(table, chip, x, y, facing, direction, length)
        ux, uy = unit(direction)
        last = not free
        for enemy in enemies:  # the walk stops touching the first enemy in its way: contact, the movement ends
            t = circle_entry((x, y), (ux, uy), (enemy.x, enemy.y), 2 * r)
            if t <= length:
                length, last = t, True
        if length <= EPS:
            break
        nx, ny = x + length * ux, y + length * uy
        if not (r <= nx <= table.width - r and r <= ny <= table.depth - r):
            last = True  # the walk stops at the table edge (the bearer of the jewel wins there)
        elif not last and not router._clear_one(x, y, nx, ny):
            last = True  # an obstacle may stop it
        if not final and not last and math.hypot(wx - nx, wy - ny) <= 0.5:
            # the way on from a waypoint reached; the goal in plain sight, or a waypoint not reached
            # yet along a clear leg, stays in sight (and the last leg turns towards it)
            wx, wy, final = router.waypoint((nx, ny), (gx, gy))
        turn = _direction(nx, ny, wx, wy) if math.hypot(wx - nx, wy - ny) > 0.5 else direction % 360.0
        facing = round(turn, 6) % 360.0
        legs.append((name, nx, ny, facing))
        x, y = nx, ny
        if last:
            break
    return tuple(legs)


def _past_friends(table, chip, x: float, y: float, facing: float, direction: float, length: float) -> tuple:
    """``(direction, clear)``: ``direction``, or the nearest one within the viewing angle
    (15-degree steps) whose path from ``(x, y)`` runs past the other chips of ``chip``'s side,
    and whether one was found: a walk stops touching the first chip in its way, and a friend in
    the way of a leg is a leg lost (enemies in the way are welcome)."""
    friends = [(c.x, c.y) for c in table.chips if c.owner == chip.owner and c.name != chip.name]
    if not friends or length <= EPS:
        return direction, True
    limit = (2 * table.radius - 1e-6) ** 2
    for turn in (0.0, 15.0, -15.0, 30.0, -30.0, 45.0, -45.0, 60.0, -60.0, 75.0, -75.0, 90.0, -90.0):
        candidate = direction + turn
        if _off(candidate, facing) > VIEW_HALF_ANGLE + 1e-9:
            continue
        ux, uy = unit(candidate)
        for fx, fy in friends:
            along = min(max((fx - x) * ux + (fy - y) * uy, 0.0), length)
            if (x + along * ux - fx) ** 2 + (y + along * uy - fy) ** 2 < limit:
                break
        else:
            return candidate, True
    return direction, False


# =============================================================================================
# The greedy player
# =============================================================================================
class GreedyPlayer:
    """Attack when the odds favour it, shoot when possible, else close in (module docstring).

    ``margin``: attack only when P(defender injured) - P(attacker injured) exceeds it (0: "more
    likely to injure than be injured").
    """

    name = "greedy"

    def __init__(self, margin: float = 0.0):
        self.margin = float(margin)

    def __repr__(self) -> str:
        return f"GreedyPlayer(margin={self.margin!r})" if self.margin else "GreedyPlayer()"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.margin == self.margin

    def __hash__(self) -> int:
        return hash((type(self), self.margin))

    # -- dispatch ---------------------------------------------------------------------------------
    def choose(self, state, rng: SeededRng) -> A.Action:
        decide = _GREEDY.get(state.phase)
        action = decide(self, state, rng) if decide is not None else None
        if action is not None:  # every step below returns only actions that passed state.can
            return action
        return _any_legal(state, rng)

    # -- decisions ----------------------------------------------------------------------------------
    def organise(self, state, rng):
        return _first_legal(state, [A.Organise(())])

    def defend(self, state, rng):
        player = state.pending.player
        card = _best_card(state, player)
        weapon = _best_weapon(state, state.pending.info["defender"], "melee")
        return _first_legal(state, [A.Defend(card, (), weapon), A.Defend(card), A.Defend(None)])

    def dodge(self, state, rng):
        card = _best_card(state, state.pending.player)
        return _first_legal(state, [A.Dodge(card), A.Dodge(None)])

    def assign_damage(self, state, rng):
        """The defender divides the attackers' injuries: eliminate as many as possible."""
        d = state.data

        def score(action):
            return (sum(1 for n, k in action.allocation if d.characters[n].injuries + k >= 3),
                    sum(k for _, k in action.allocation))

        legal = list(legal_candidates(state, "assign-damage"))
        return max(legal, key=score) if legal else None

    def arrange(self, state, rng):
        """High fate numbers on top: they win the next combats and checks."""
        cards = state.pending.info["cards"]
        return _first_legal(state, [A.Arrange(tuple(sorted(cards, key=lambda c: -state.cards[c].fate)))])

    def command_move(self, state, rng):
        """Pull the commanded enemy toward the commander (into melee range of his side)."""
        info = state.pending.info
        table = state.table
        victim, commander = table.chip(info["victim"]), table.chip(info["commander"])
        dist = math.hypot(commander.x - victim.x, commander.y - victim.y)
        step = max(0.0, min(info["distance"], dist - 2 * table.radius))
        options = []
        if dist > 0:
            for share in (1.0, 0.75, 0.5, 0.25):
                s = step * share
                options.append(A.CommandMove(victim.x + (commander.x - victim.x) / dist * s,
                                             victim.y + (commander.y - victim.y) / dist * s))
        return _first_legal(state, options + list(candidates(state, "command-move")))

    # -- the action phase -------------------------------------------------------------------------
    def act(self, state, rng):
        if state.actions_left < 1:  # only a free turn is left: the greedy player ends his turn
            return _first_legal(state, [A.EndTurn()])
        for step in (self.melee, self.ranged, self.heal, self.equip, self.move, self.cycle):
            action = step(state, rng)
            if action is not None:
                return action
        return _first_legal(state, [A.EndTurn()])

    def cycle(self, state, rng):
        """Nothing better to do: discard the weakest hand card, to draw a better one in the supply
        phase (a player who only ends his turn keeps his hand for ever)."""
        hand = state.data.piles[state.active_player].hand
        if not hand:
            return None
        weakest = min(hand, key=lambda c: (c.combat_value, c.movement_range, c.id))
        return _first_legal(state, [A.Discard(weakest.id)])

    def melee(self, state, rng):
        """The attack with the best odds, if they favour the attacker."""
        from explorer.behind.game_combat import glaube_opponents, item_bonus

        table = state.table
        player = state.active_player
        card = _best_card(state, player)
        best, best_edge = None, self.margin
        for name, enemy, helpers in melee_options(state):  # legal attacks, helpers who may assist
            weapon = None if name in state.data.transformed else _best_weapon(state, name, "melee")
            for assistants in ((helpers, ()) if helpers else ((),)):
                action = A.Melee(name, enemy, card, assistants, weapon)  # legal by construction
                extra = max(0, glaube_opponents(state, name) - 1) if not assistants else 0
                p_defender, p_attacker = _melee_chances(
                    state.character(name), state.character(enemy),
                    attacker_supply=_pool(state, player, known_hand=True),
                    defender_supply=_pool(state, state.owners[enemy], known_hand=False),
                    attacker_hand=[state.cards[card]] if card else [],
                    hand_size=len(state.data.piles[state.owners[enemy]].hand),
                    assistants=[state.character(h) for h in assistants],
                    rear_arc=table.rear_bonus(name, enemy) > 0, attacker_extra_opponents=extra,
                    attacker_bonus=item_bonus(state, name, weapon),
                    defender_bonus=_defender_bonus(state, enemy, name),
                    rulings=state.options.rulings)
                edge = p_defender - p_attacker
                if edge > best_edge:
                    best, best_edge = action, edge
        return best

    def ranged(self, state, rng):
        """Shoot when possible: at the most injured target in sight, then the nearest."""
        shots = list(legal_candidates(state, "ranged"))
        if not shots:
            return None
        d = state.data
        return min(shots, key=lambda a: (-d.characters[a.target].injuries, state.table.distance(a.shooter, a.target),
                                         a.shooter, a.target, a.source))

    def heal(self, state, rng):
        """Heal an injured character: the jewel (no check), a heal card, Regeneration."""
        player = state.active_player
        d = state.data
        injured = sorted((n for n in state.characters_of(player) if d.characters[n].injuries),
                         key=lambda n: -d.characters[n].injuries)
        if not injured:
            return None
        options = []
        bearer = state.jewel_bearer()
        hand = [c for c in d.piles[player].hand]
        for name in injured:
            if bearer is not None and state.owners.get(bearer) == player:
                options.append(A.JewelHeal(bearer, name))
            for card in hand:
                effect = card.card_effect
                if effect is not None and effect.kind == "heal":
                    options.append(A.PlayCard(card.id, target=name))
            if state.character(name).ability("Regeneration") is not None:
                options.append(A.UseAbility(name, "Regeneration"))
        return _first_legal(state, options)

    def equip(self, state, rng):
        """Put a melee item or weapon into play on the chip nearest an enemy."""
        player = state.active_player
        mine = _mine(state)
        enemies = _enemies_of(state, player)
        if not mine or not enemies:
            return None
        table = state.table
        mine.sort(key=lambda n: min(table.distance(n, e) for e in enemies))
        for card in state.data.piles[player].hand:
            effect = card.card_effect
            if card.category in ("Gegenstand", "Waffe") and effect is not None and effect.kind in ("melee", "ranged"):
                action = _first_legal(state, [A.PlayCard(card.id, actor=n) for n in mine])
                if action is not None:
                    return action
        return None

    def move(self, state, rng):
        """Close in: turn a chip toward its next waypoint (free, once a turn), then move with the
        card of the longest reach, every leg toward the goal around the obstacles."""
        player = state.active_player
        hand = state.data.piles[player].hand
        table = state.table
        movers = [n for n in _mine(state) if not table.touching_enemies(n)]
        goals = {n: g for n in movers if (g := _goals(state, n))}
        if not goals or not hand:
            return None
        router = _router(table)
        order = sorted(goals, key=lambda n: (_goal_distance(table, n, goals[n][0]), n))
        for name in order:  # turn first where the way lies outside the viewing angle
            if name in state.data.turned:
                continue
            chip = table.chip(name)
            wx, wy, _ = router.waypoint((chip.x, chip.y), _goal_point(table, goals[name][0]))
            if (wx, wy) == (chip.x, chip.y):
                continue
            direction = _direction(chip.x, chip.y, wx, wy)
            if _off(direction, chip.facing) > VIEW_HALF_ANGLE - 1.0:
                turn = A.Turn(name, round(direction, 6))
                if state.can(turn):
                    return turn
        cards = sorted({c.id: c for c in hand if c.movement_range > 0}.values(),
                       key=lambda c: (-c.movement_range * c.movement_number, c.combat_value, c.id))
        failed: list[tuple[float, int]] = []
        for card in cards:
            if any(card.movement_range <= r and card.movement_number <= k for r, k in failed):
                continue  # a card that reaches no further than one that found no way finds none either
            legs = _legs(state, router, card, order, {n: list(g) for n, g in goals.items()})
            if legs:
                action = A.Move(card.id, legs)
                if state.can(action):
                    return action
            failed.append((card.movement_range, card.movement_number))
        return None


def _goals(state, name: str, alternatives: int = 3) -> list:
    """Where chip ``name`` may head, best first: its :func:`_goal`, and when that is the nearest
    enemy, the next nearest ones too (the way to the nearest may be blocked by friends)."""
    goal = _goal(state, name)
    if goal is None:
        return []
    table = state.table
    if goal[0] == "chip" and goal[1] in table and not table.touching(name, goal[1]) and \
            not (state.scenario is not None and state.scenario.jewel_rules and state.data.jewel is not None):
        enemies = sorted(_enemy_chips(table, state.owners[name]), key=lambda e: (table.distance(name, e), e))
        return [("chip", e) for e in enemies[:alternatives]]
    return [] if _arrived(table, name, goal) else [goal]


def _goal(state, name: str, table=None):
    """Where chip ``name`` heads: ("chip", enemy), ("point", x, y) (the jewel on the ground),
    ("edge", x, y) (the jewel's bearer: the nearest point of the nearest table edge) or
    ("escort", bearer) (a friend of the bearer).  ``table``: the chips where they are now (by
    default the state's table; a movement's later legs start where the earlier ones ended)."""
    player = state.owners[name]
    table = state.table if table is None else table
    d = state.data
    if state.scenario is not None and state.scenario.jewel_rules and d.jewel is not None:
        if d.jewel[0] == "ground":
            return ("point", d.jewel[1], d.jewel[2])
        bearer = d.jewel[1]
        if bearer == name:
            chip = table.chip(name)
            r = table.radius
            edges = [(chip.x - r, (r, chip.y)), (table.width - r - chip.x, (table.width - r, chip.y)),
                     (chip.y - r, (chip.x, r)), (table.depth - r - chip.y, (chip.x, table.depth - r))]
            _, (x, y) = min(edges, key=lambda e: e[0])
            return ("edge", x, y)
        if bearer in table and state.owners[bearer] != player:
            return ("chip", bearer)
        if bearer in table and bearer != name and not table.touching(name, bearer):
            return ("escort", bearer)
    enemies = _enemy_chips(table, player)
    if not enemies:
        return None
    return ("chip", min(enemies, key=lambda e: (table.distance(name, e), e)))


def _enemy_chips(table, player: str) -> list[str]:
    """The enemies of ``player`` by their chips: a character is on the table exactly while he
    lives (the order does not matter, callers break ties by name)."""
    return [c.name for c in table.chips if c.owner != player]


def _arrived(table, name, goal) -> bool:
    if goal[0] in ("chip", "escort"):
        return goal[1] not in table or table.touching(name, goal[1])
    return False


def _goal_point(table, goal) -> tuple[float, float]:
    if goal[0] in ("chip", "escort"):
        chip = table.chip(goal[1])
        return chip.x, chip.y
    return goal[1], goal[2]


def _goal_distance(table, name, goal) -> float:
    if goal[0] == "edge":
        return -1.0  # the bearer moves first
    chip = table.chip(name)
    gx, gy = _goal_point(table, goal)
    return math.hypot(gx - chip.x, gy - chip.y)


def _legs(state, router, card, order, goals) -> tuple:
    """Up to the card's movement number of legs: the first chip in ``order`` until it reaches its
    goal (or makes no progress), then the next; each leg ends facing the next waypoint."""
    table = state.table
    climb = card.total_movement(state.options.rulings["behind.total-movement"])
    reach = card.movement_range
    legs = []
    queue = list(order)
    while queue and len(legs) < card.movement_number:
        name = queue[0]
        chip = table.chip(name)
        step = None
        for goal in goals[name]:
            if _arrived(table, name, goal):
                break
            gx, gy = _goal_point(table, goal)
            wx, wy, final = router.waypoint((chip.x, chip.y), (gx, gy))
            step = _leg_point(state, table, name, goal, (wx, wy), final, reach, climb)
            if step is not None:
                break
        if step is None:
            queue.pop(0)
            continue
        goals[name] = [goal]  # the rest of this movement keeps to the goal it took
        point, after, leg = step
        ex, ey = leg.end
        nx, ny, _ = router.waypoint((ex, ey), (gx, gy))
        facing = round(_direction(ex, ey, nx, ny), 6) if (nx, ny) != (ex, ey) else None
        if facing is not None:
            try:
                after = after.turn(name, facing)
            except RuleViolation:
                facing = None
        legs.append((name, point[0], point[1], facing))
        table = after
        if goal[0] == "edge" and leg.stopped_by == TABLE_EDGE:
            break
        if _arrived(table, name, goal) or leg.stopped_by is not None and leg.distance < 0.5:
            queue.pop(0)
    return tuple(legs)


def _leg_point(state, table, name, goal, waypoint, final, reach, climb):
    """The point of the next leg of ``name`` toward ``waypoint`` and the leg it makes, or None
    when no leg gets closer.  Toward an enemy in plain sight it is :func:`toward`'s point (which
    stops touching him); toward the table edge the leg runs on over it (the walk stops at the
    edge).

    The tries are walked by :func:`move_leg` in order, but a try that cannot matter is skipped
    unwalked: its leg ends on the segment to its point, no nearer the waypoint than the point
    itself, so a try whose point gains no more than the best leg so far (or than the 0.25 cm a
    leg must gain) and whose segment passes too far from the goal to end touching it is never
    the one chosen (away from the table edge, where a leg runs on)."""
    mode = _mode(state, name)
    chip = table.chip(name)
    wx, wy = waypoint
    before = math.hypot(wx - chip.x, wy - chip.y)
    tournament = state.options.tournament
    walked: dict = {}

    def walk(point):
        if point not in walked:
            try:
                walked[point] = move_leg(table, name, point, reach, mode=mode, climb=climb, tournament=tournament)
            except RuleViolation:
                walked[point] = None
        return walked[point]

    tries = []
    contact = goal[0] in ("chip", "escort") and final
    prune = not (final and goal[0] == "edge")
    near = float(reach) + 2 * table.radius  # a chip further off is out of every try's way
    others = [(c.x, c.y) for c in table.chips if c.name != name and abs(c.x - chip.x) <= near
              and abs(c.y - chip.y) <= near] if mode == "walk" else []
    if contact:
        target = table.chip(goal[1])
        touch = 2 * table.radius + table.contact_tolerance + 1e-6

    def cannot_matter(point, best) -> bool:
        x, y = _before_chips(chip.x, chip.y, point, others, 2 * table.radius)
        bound = before - math.hypot(wx - x, wy - y)
        if contact and _segment_distance(chip.x, chip.y, x, y, target.x, target.y) <= touch:
            return False
        return bound < 0.25 - 1e-12 or best is not None and bound <= best[0] + 1e-9 - 1e-12

    if contact:
        (ux, uy), length = toward_step(table, name, goal[1], reach)
        if prune and length > EPS and cannot_matter((chip.x + length * ux, chip.y + length * uy), None):
            length = 0.0  # nor can a shorter step the same way: toward() is not walked
        for sixteenths in range(16, 0, -1):  # toward(): cut by sixteenths until the walk is allowed
            step = length * sixteenths / 16
            if step <= EPS:
                break
            point = (chip.x + step * ux, chip.y + step * uy)
            done = walk(point)
            if done is not None and not done[1].forfeited:
                tries.append(point)
                break
    aim = _direction(chip.x, chip.y, wx, wy)
    off = (aim - chip.facing + 180.0) % 360.0 - 180.0
    base = chip.facing + max(-VIEW_HALF_ANGLE, min(VIEW_HALF_ANGLE, off))
    for turn in (0.0, 15.0, -15.0, 30.0, -30.0, 45.0, -45.0):
        direction = base + turn
        if _off(direction, chip.facing) > VIEW_HALF_ANGLE:
            continue
        ux, uy = unit(direction)
        along = (wx - chip.x) * ux + (wy - chip.y) * uy
        if final and goal[0] == "edge":
            length = float(reach)
        else:
            length = min(float(reach), max(0.0, along))
        if length > EPS:
            tries.append((chip.x + length * ux, chip.y + length * uy))
    best = None
    for point in tries:
        if prune and cannot_matter(point, best):
            continue
        done = walk(point)
        if done is None:
            continue
        after, leg = done
        if leg.forfeited:
            continue
        if goal[0] == "edge" and final and leg.stopped_by == TABLE_EDGE:
            return point, after, leg
        gain = before - math.hypot(wx - leg.end[0], wy - leg.end[1])
        if contact and after.touching(name, goal[1]) and gain > EPS:
            return point, after, leg  # contact: the goal of the walk
        if gain > 0.25 and (best is None or gain > best[0] + 1e-9):
            best = (gain, point, after, leg)
            if gain >= 0.9 * min(float(reach), before):
                break
    return None if best is None else best[1:]


def _before_chips(x0: float, y0: float, point, centres, reach: float) -> tuple[float, float]:
    """How far a walk from ``(x0, y0)`` towards ``point`` gets at most: where it would touch the
    first chip (centre in ``centres``) its path surely runs into, a hair beyond ("If a character
    chip would overlap another, the one just moved is placed so that the two chips touch"); the
    point itself if it surely runs into none.  Grazed chips count as missed: a bound, not the
    walk."""
    px, py = point
    length = math.hypot(px - x0, py - y0)
    if length <= EPS:
        return point
    ux, uy = (px - x0) / length, (py - y0) / length
    limit = reach - EPS - 1e-7
    stop = length
    for cx, cy in centres:
        if _segment_distance(x0, y0, px, py, cx, cy) >= limit:
            continue
        t = circle_entry((x0, y0), (ux, uy), (cx, cy), reach) + 1e-6
        if t < stop:
            stop = t
    if stop >= length:
        return point
    return (x0 + stop * ux, y0 + stop * uy)


def _segment_distance(x0: float, y0: float, x1: float, y1: float, px: float, py: float) -> float:
    """Distance from the point ``(px, py)`` to the segment ``(x0, y0)``-``(x1, y1)``."""
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 <= 0 else min(max(((px - x0) * dx + (py - y0) * dy) / length2, 0.0), 1.0)
    return math.hypot(x0 + t * dx - px, y0 + t * dy - py)


class _Router:
    """Shortest ways around the obstacles for the greedy player (a visibility graph).

    Obstacles are grown by the chip radius: a chip's centre may not enter them (flat ones are
    gone around too, the greedy player does not climb).  Nodes are the corners of the grown
    obstacles (a margin outside them), joined where the straight line between them stays clear;
    all shortest distances between nodes are computed once (Floyd-Warshall).  Other chips are
    not obstacles here: a walk that bumps into one is the movement rules' business.
    """

    MARGIN = 0.4

    def __init__(self, table):
        import numpy as np
        import shapely

        r = table.radius
        polygons = [o.polygon for o in table.obstacles]
        # slightly inside the true grown outline (by at most 0.15 cm), with few vertices: cheap to test
        self.blocker = shapely.union_all([p.buffer(r - 0.1, quad_segs=2).simplify(0.1) for p in polygons]) \
            if polygons else None
        if self.blocker is not None:
            shapely.prepare(self.blocker)
            rings = [ring for part in getattr(self.blocker, "geoms", [self.blocker])
                     for ring in (part.exterior, *part.interiors)]
            coords = [np.asarray(ring.coords, dtype=float) for ring in rings]
            self._starts = np.concatenate([c[:-1] for c in coords])
            self._ends = np.concatenate([c[1:] for c in coords])
            self._low = np.minimum(self._starts, self._ends)
            self._high = np.maximum(self._starts, self._ends)
            # +1 where the blocker lies to the left of an edge (start -> end), -1 to the right
            parts = getattr(self.blocker, "geoms", [self.blocker])
            self._inner = np.concatenate([np.full(len(ring.coords) - 1, 1.0 if shapely.is_ccw(ring) == (k == 0) else -1.0)
                                          for part in parts for k, ring in enumerate((part.exterior, *part.interiors))])
            self._parts = []
            for part in getattr(self.blocker, "geoms", [self.blocker]):
                shapely.prepare(part)
                edges = []
                for ring in (part.exterior, *part.interiors):
                    points = [(float(x), float(y)) for x, y in ring.coords]
                    edges += [(a[0], a[1], b[0], b[1], min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]),
                               max(a[1], b[1])) for a, b in zip(points, points[1:])]
                self._parts.append((part, tuple(float(v) for v in part.bounds), tuple(edges)))
        nodes = []
        for p in polygons:
            # corners of the outline grown by r + MARGIN; simplifying keeps a subset of them and cuts
            # at most 0.3 cm into the margin, so the chords between them stay clear of the blocker
            grown = p.buffer(r + self.MARGIN, quad_segs=2).simplify(0.3)
            nodes += list(grown.exterior.coords)[:-1]
        nodes = np.array([(x, y) for x, y in nodes if r <= x <= table.width - r and r <= y <= table.depth - r],
                         dtype=float).reshape(-1, 2)
        if len(nodes) and self.blocker is not None:
            nodes = nodes[~shapely.contains_xy(self.blocker, nodes[:, 0], nodes[:, 1])]
        self.nodes = nodes
        self._node_list = [(float(x), float(y)) for x, y in nodes]
        n = len(nodes)
        dist = np.full((n, n), np.inf)
        if n:
            i, j = np.triu_indices(n, 1)
            clear = self._clear(nodes[i], nodes[j])
            length = np.hypot(*(nodes[i] - nodes[j]).T)
            dist[i[clear], j[clear]] = length[clear]
            dist[j[clear], i[clear]] = length[clear]
            np.fill_diagonal(dist, 0.0)
            for k in range(n):
                np.minimum(dist, dist[:, k, None] + dist[None, k, :], out=dist)
        self.dist = dist
        self._known: dict = {}
        self._via: dict = {}

    def _clear(self, a, b):
        """For each segment ``a[i]``-``b[i]``: it stays outside the blocker (no end inside it, no
        blocker edge crossed or touched) -- ``~shapely.intersects(line, blocker)``, in NumPy."""
        import numpy as np
        import shapely

        if self.blocker is None or not len(a):
            return np.ones(len(a), dtype=bool)
        a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        if len(a) <= 4:  # a few segments: one by one, part by part (the answers are the same)
            return np.array([self._clear_one(*p, *q) for p, q in zip(a.tolist(), b.tolist())], dtype=bool)
        inside = shapely.contains_xy(self.blocker, a[:, 0], a[:, 1]) \
            | shapely.contains_xy(self.blocker, b[:, 0], b[:, 1])
        low, high = np.minimum(a, b), np.maximum(a, b)
        # only the edges whose bounding box meets the segment's can meet it
        near = (self._low[None, :, 0] <= high[:, None, 0]) & (self._high[None, :, 0] >= low[:, None, 0]) \
            & (self._low[None, :, 1] <= high[:, None, 1]) & (self._high[None, :, 1] >= low[:, None, 1])
        seg, edge = np.nonzero(near & ~inside[:, None])
        crossed = np.zeros(len(a), dtype=bool)
        if len(seg):
            p, q = a[seg], b[seg]
            c, d = self._starts[edge], self._ends[edge]

            def side(o, u, v):  # sign of the turn o -> u -> v
                return np.sign((u[:, 0] - o[:, 0]) * (v[:, 1] - o[:, 1]) - (u[:, 1] - o[:, 1]) * (v[:, 0] - o[:, 0]))

            hit = (side(p, q, c) * side(p, q, d) <= 0) & (side(c, d, p) * side(c, d, q) <= 0)
            crossed[seg[hit]] = True  # collinear pairs count as meeting (their boxes overlap)
        return ~(inside | crossed)

    def _clear_from(self, point):
        """``_clear(self.nodes, point repeated)``: which nodes see ``point`` past the blocker.

        A segment from ``point`` that meets a part of the blocker enters it (or touches it) through
        an edge ``point`` does not lie strictly behind, on the blocker's side of the edge's line:
        only those edges are tested, about half of them (the answers are :meth:`_clear`'s)."""
        import numpy as np
        import shapely

        a = self.nodes
        if self.blocker is None or not len(a):
            return np.ones(len(a), dtype=bool)
        gx, gy = float(point[0]), float(point[1])
        if shapely.contains_xy(self.blocker, gx, gy):
            return np.zeros(len(a), dtype=bool)
        c, d = self._starts, self._ends
        facing = np.sign((d[:, 0] - c[:, 0]) * (gy - c[:, 1]) - (d[:, 1] - c[:, 1]) * (gx - c[:, 0]))  # side(c, d, g)
        front = np.flatnonzero(facing * self._inner <= 0)
        cx, cy, dx, dy = c[front, 0], c[front, 1], d[front, 0], d[front, 1]  # contiguous rows: quick to broadcast
        px, py = a[:, 0:1], a[:, 1:2]  # (the nodes lie outside the blocker: none is inside it)
        # the edges whose bounding box meets the segment's, as in _clear
        near = (np.minimum(cx, dx) <= np.maximum(px, gx)) & (np.maximum(cx, dx) >= np.minimum(px, gx)) \
            & (np.minimum(cy, dy) <= np.maximum(py, gy)) & (np.maximum(cy, dy) >= np.minimum(py, gy))
        ux, uy = gx - px, gy - py  # side(p, g, .) as _clear computes side(p, q, .)
        s1 = np.sign(ux * (cy - py) - uy * (cx - px))
        s2 = np.sign(ux * (dy - py) - uy * (dx - px))
        s3 = np.sign((dx - cx) * (py - cy) - (dy - cy) * (px - cx))
        crossed = (near & (s1 * s2 <= 0) & (s3 * facing[front] <= 0)).any(axis=1)
        return ~crossed

    def _clear_one(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """The segment stays outside the blocker (``not shapely.intersects``), in plain Python:
        for each part of the blocker whose bounding box meets the segment's, no edge of it is
        crossed or touched (the orientation test of :meth:`_clear`, collinear pairs whose boxes
        overlap counting as meeting), and then the segment, wholly inside or wholly outside the
        part, has its start outside it."""
        if self.blocker is None:
            return True
        lx, hx, ly, hy = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
        ux, uy = x1 - x0, y1 - y0
        for part, (minx, miny, maxx, maxy), edges in self._parts:
            if hx < minx or lx > maxx or hy < miny or ly > maxy:
                continue
            for cx, cy, dx, dy, elx, ehx, ely, ehy in edges:
                if ehx < lx or elx > hx or ehy < ly or ely > hy:
                    continue
                s1 = ux * (cy - y0) - uy * (cx - x0)
                s2 = ux * (dy - y0) - uy * (dx - x0)
                if (s1 > 0 and s2 > 0) or (s1 < 0 and s2 < 0):
                    continue
                ex, ey = dx - cx, dy - cy
                s3 = ex * (y0 - cy) - ey * (x0 - cx)
                s4 = ex * (y1 - cy) - ey * (x1 - cx)
                if (s3 > 0 and s4 > 0) or (s3 < 0 and s4 < 0):
                    continue
                return False  # an edge crossed or touched
            if shapely.contains_xy(part, x0, y0):
                return False  # wholly inside the part
        return True

    def waypoint(self, start, goal) -> tuple[float, float, bool]:
        """The first point to head for on the shortest way from ``start`` to ``goal``, and whether
        it is the goal itself (in plain sight, or no way around found)."""
        key = (start, goal)
        found = self._known.get(key)
        if found is None:
            if len(self._known) > 4096:
                self._known.clear()
            found = self._known[key] = self._waypoint(start, goal)
        return found

    def _waypoint(self, start, goal) -> tuple[float, float, bool]:
        import numpy as np
        import shapely

        if start == goal or self.blocker is None or not len(self.nodes):
            return goal[0], goal[1], True
        if self._clear_one(*start, *goal) or shapely.contains_xy(self.blocker, *start):
            return goal[0], goal[1], True
        s, g = np.array([start], dtype=float), np.array([goal], dtype=float)
        away = np.hypot(*(self.nodes - s).T)
        via = self._via.get(goal)
        if via is None:  # the rest of the way from each node, for this goal (chips wait for their turn)
            if len(self._via) > 256:
                self._via.clear()
            to_goal = np.where(self._clear_from(goal), np.hypot(*(self.nodes - g).T), np.inf)
            via = self._via[goal] = (self.dist + to_goal[None, :]).min(axis=1)
        # the first hop: the node in plain sight with the shortest way on; a node the chip stands on
        # (within half a cm) is none, it is where it is already.  Nodes in order of the way through
        # them were it clear, the first one in sight is the best (ties: the lower index, as argmin)
        total = np.where(away > 0.5, away + via, np.inf)
        order = np.argsort(total, kind="stable")
        nodes, (x0, y0) = self._node_list, start
        for best, way in zip(order.tolist(), total[order].tolist()):  # plain floats: quicker to test
            if not math.isfinite(way):
                break
            x, y = nodes[best]
            if self._clear_one(x0, y0, x, y):
                return x, y, False
        return goal[0], goal[1], True


_ROUTERS: dict = {}
_ROUTERS_LOCK = threading.Lock()


def _router(table) -> _Router:
    """The router of the table's obstacles (a few cached per process: obstacles do not move; a
    router depends on the obstacles' exact shapes only, so the cache never changes a decision)."""
    obstacles = table.obstacles
    last = _ROUTER_OF.get(id(obstacles))  # the tables of a game share one obstacles tuple
    if last is not None and last[0] is obstacles and last[1] == (table.width, table.depth, table.radius):
        return last[2]
    key = (table.width, table.depth, table.radius, tuple((o.name, o.polygon.wkb) for o in obstacles))
    with _ROUTERS_LOCK:  # simulations may run games in threads (a dask executor)
        router = _ROUTERS.get(key)
        if router is None:
            while len(_ROUTERS) >= 16:
                _ROUTERS.pop(next(iter(_ROUTERS)))
            router = _ROUTERS[key] = _Router(table)
        while len(_ROUTER_OF) >= 64:
            _ROUTER_OF.pop(next(iter(_ROUTER_OF)))
        _ROUTER_OF[id(obstacles)] = (obstacles, (table.width, table.depth, table.radius), router)
    return router


_ROUTER_OF: dict = {}
"""The router by the identity of a table's obstacles tuple (kept alive by the entry, so the id
is not reused): the quick way to the cache above."""


_CHANCES: dict = {}


def _card_id(card) -> str:
    return card.id


def _melee_chances(attacker, defender, **question) -> tuple[float, float]:
    """:func:`_count_melee_chances`, remembered: the greedy player asks the same question again
    and again within a turn (the piles change only when cards move).  The key is the question
    itself, the card lists as multisets of cards (the counts do not depend on their order)."""
    question = {name: sorted(value, key=_card_id) if isinstance(value, list) else value
                for name, value in question.items()}  # asked in one order, whatever the cache holds
    key = (attacker, defender, *((name, tuple(c.id for c in value) if isinstance(value, list) else value)
                                 for name, value in sorted(question.items())))
    found = _CHANCES.get(key)
    if found is None:
        if len(_CHANCES) >= 4096:
            _CHANCES.clear()
        found = _CHANCES[key] = _count_melee_chances(attacker, defender, **question)
    return found


def _count_melee_chances(attacker, defender, **question) -> tuple[float, float]:
    """P(defender injured), P(attacker injured) of a melee: exactly what
    ``melee_odds(attacker, defender, **question).p_injured(...)`` gives (:mod:`explorer.behind.odds`:
    the same question, the same two side distributions and the same outcome rule), without
    building the outcome table, which costs far more than the count itself."""
    from explorer.behind.odds import MeleeQuestion

    q = MeleeQuestion(attacker, defender, **question)
    first, second = q.sides()
    # the counts depend on the two sides and the two Resistances the outcome rule reads: remembered
    key = (first, second, q.hand_size, q.defender.resistance, q.damaged.resistance)
    found = _COUNTS.get(key)
    if found is None:
        if len(_COUNTS) >= 4096:
            _COUNTS.clear()
        found = _COUNTS[key] = _count(q, _exact(first, q.hand_size), _exact(second, q.hand_size))
    return found


_COUNTS: dict = {}
_EXACT: dict = {}


def _exact(side, hand_size: int):
    """``side.exact(hand_size)``, remembered (a side is its base and card values: the same
    character's side recurs against every opponent)."""
    key = (side, hand_size)
    found = _EXACT.get(key)
    if found is None:
        if len(_EXACT) >= 4096:
            _EXACT.clear()
        found = _EXACT[key] = side.exact(hand_size)
    return found


def _count(q, first, second) -> tuple[float, float]:
    (f_weights, f_total), (s_weights, s_total) = first, second
    injured = {"attacker": 0, "defender": 0}
    outcomes: dict[int, tuple[str, int]] = {}
    for f_value, f_w in f_weights.items():
        for s_value, s_w in s_weights.items():
            diff = f_value - s_value
            if diff not in outcomes:
                outcomes[diff] = q.outcome(diff)
            loser, injuries = outcomes[diff]
            if injuries >= 1 and loser in injured:
                injured[loser] += f_w * s_w
    total = f_total * s_total
    return injured["defender"] / total, injured["attacker"] / total


def _best_card(state, player: str) -> str | None:
    hand = state.data.piles[player].hand
    return max(hand, key=lambda c: (c.combat_value, c.id)).id if hand else None


def _best_weapon(state, bearer: str, kind: str) -> str | None:
    best, amount = None, -1
    for permanent in state.items_of(bearer):
        card = state.cards[permanent.card]
        effect = card.card_effect
        if card.category == "Waffe" and effect is not None and effect.kind == kind and (effect.amount or 0) > amount:
            best, amount = card.id, effect.amount or 0
    return best


def _defender_bonus(state, defender: str, attacker: str) -> int:
    """What the defender adds besides Strength and cards: his best melee weapon and items, the rear arc."""
    from explorer.behind.game_combat import item_bonus
    return item_bonus(state, defender, _best_weapon(state, defender, "melee")) + state.table.rear_bonus(defender, attacker)


def _pool(state, player: str, *, known_hand: bool) -> list:
    """The cards ``player``'s next top card comes from, as the greedy player may know them: his own
    supply; for an enemy the supply and hand together (neither is public).  An empty supply is
    refilled from the discard pile at once."""
    piles = state.data.piles[player]
    pool = list(piles.supply) if known_hand else list(piles.supply) + list(piles.hand)
    return pool or list(piles.discard) or list(piles.hand)


_GREEDY: dict[str, Callable] = {
    "organisation": GreedyPlayer.organise, "defend": GreedyPlayer.defend, "dodge": GreedyPlayer.dodge,
    "assign-damage": GreedyPlayer.assign_damage, "arrange": GreedyPlayer.arrange,
    "command-move": GreedyPlayer.command_move, "action": GreedyPlayer.act,
}


# =============================================================================================
# Whole games
# =============================================================================================
PLAYERS: dict[str, Callable[[], Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer}
"""Players by name (``simulate(players=("greedy", "random"))``)."""


def make_player(spec) -> Player:
    """A player from its name (:data:`PLAYERS`) or the player itself."""
    if isinstance(spec, str):
        if spec not in PLAYERS:
            raise ValueError(f"unknown player {spec!r}; players are {', '.join(PLAYERS)} (or pass a Player object)")
        return PLAYERS[spec]()
    if not callable(getattr(spec, "choose", None)):
        raise TypeError(f"a player has a choose(state, rng) method, got {spec!r}")
    return spec


def game_options(decks: Sequence, max_turns: int):
    """The options :func:`~explorer.behind.game.new_game` would agree on, with the turn limit."""
    from explorer.behind.game import GameOptions
    return GameOptions(character_points=max(d.character_points_limit or d.character_points for d in decks),
                       max_turns=max_turns)


def play_game(decks: Sequence, scenario: str = "unser_revier", players: Sequence = ("greedy", "greedy"), seed: int = 0,
              max_turns: int = 60, *, observer=None):
    """Play one whole game and return the final :class:`~explorer.behind.game.BehindState`.

    ``decks``: one :class:`~explorer.behind.data.Deck` per player (two for "Unser Revier!",
    three for "Das Juwel von Athen").  ``players``: one per deck, in deck order -- names from
    :data:`PLAYERS` or Player objects.  The game is dealt and set up with ``seed`` (setup
    "auto"); player ``i`` draws from ``SeededRng(seed).spawn(f"player {i}")``, so the same seed
    plays the same game.  ``max_turns`` stops a game without winner after that many turns (0:
    never; a game still running after 100,000 actions raises RuntimeError).  ``observer``: anything with ``before(state, who, action)`` and ``after(state, who,
    action, events)``, called around every applied action (the simulator counts with it).
    """
    from explorer.behind.game import new_game

    decks = list(decks)
    if isinstance(players, str):
        players = [players] * len(decks)
    if len(players) != len(decks):
        raise ValueError(f"{len(decks)} decks need {len(decks)} players, got {len(players)}")
    state = new_game(decks, scenario, seed=seed, options=game_options(decks, max_turns))
    by_name = {name: make_player(spec) for name, spec in zip(state.players, players)}
    return play(state, by_name, seed=seed, observer=observer)
