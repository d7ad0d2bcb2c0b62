"""Players of a D&D 5e encounter, on the shared protocol (``choose(state, rng) -> action``).

* :class:`RandomPlayer` -- a random legal action.  The actions that are not moves are listed and
  checked (cheap); a move is chosen with probability ``p_move`` when movement is left, and only
  then are moves toward or away from the other creatures tried, in random order, until one is
  legal (each costs a :func:`~explorer.dnd5e.movement.move`), so a turn costs a few moves, not all
  of them.
  ``ZugBeenden`` is taken with probability ``p_end`` while anything else is legal; with
  probability ``toward_foe`` a move toward a random foe is tried first (random play that comes to
  blows; 0 makes every goal equally likely).
* :class:`GreedyPlayer` -- attacks in melee the foe within reach with the fewest hit points; when
  the nearest foe is within its movement and reach, walks there first (straight, the candidate
  move) and attacks after; otherwise attacks from range the weakest foe it can (the best expected
  damage among its weapons and spells) or closes in; otherwise Ausweichen; then ends the turn.
* :class:`TaktischerSpieler` (tactical player) -- attacks the weakest foe it can reach, walking
  there along a path that leaves no foe's reach (:func:`~explorer.dnd5e.analysis.reachable`,
  :func:`~explorer.dnd5e.analysis.opportunity_risk`), a detour if need be; when every path
  provokes, it dares the cheapest (:func:`wagt_es`) or takes Rückzug; shoots when that is as good.
"""

from __future__ import annotations

from explorer.core.inputs import number
from explorer.dnd5e import actions as A


class RandomPlayer:
    """A random legal action (see the module docstring)."""

    name = "random"

    def __init__(self, p_move: float = 0.5, p_end: float = 0.15, toward_foe: float = 0.7):
        self.p_move = number(p_move, "p_move", source="RandomPlayer", low=0, high=1)
        self.toward_foe = number(toward_foe, "toward_foe", source="RandomPlayer", low=0, high=1)
        self.p_end = number(p_end, "p_end", source="RandomPlayer", low=0, high=1)

    def choose(self, state, rng):
        from explorer.dnd5e.game import action_candidates

        if rng.random() < self.p_move:
            moves = _shuffled_moves(state, rng, self.toward_foe)
            if moves:
                return moves[0]
        # checked only as far as needed: the first legal one decides whether p_end is drawn, the rest
        # only when it is not the end (checking draws nothing from rng: the same game)
        busy = (a for a in action_candidates(state) if a.kind != "zug-beenden" and state.can(a))
        first = next(busy, None)
        if first is not None and rng.random() >= self.p_end:
            busy = [first, *busy]
            return busy[rng.randrange(len(busy))]
        return A.ZugBeenden()

    def __repr__(self) -> str:
        return f"RandomPlayer(p_move={self.p_move}, p_end={self.p_end}, toward_foe={self.toward_foe})"


def _shuffled_moves(state, rng, toward_foe: float):
    """A legal candidate move toward (or away from) a creature picked at random: the goals of
    :func:`~explorer.dnd5e.game.move_candidates` in random order, the first that gives a legal move."""
    from explorer.dnd5e.game import move_toward

    me = state.token(state.acting)
    others = [t for t in state.battle_map.others(state.acting) if state.hp(t.name) > 0]
    goals = [(t.name, False) for t in others] + [(t.name, True) for t in others if t.hostile_to(me)]
    rng.shuffle(goals)
    if rng.random() < toward_foe:  # most often a foe first: random play that comes to blows
        goals.sort(key=lambda goal: not (state.token(goal[0]).hostile_to(me) and not goal[1]))
    for name, away in goals:
        found = next(move_toward(state, name, away=away), None)
        if found is not None:
            return [found]
    return []


class GreedyPlayer:
    """Attack the weakest foe it can, else close in and attack, else dodge (see the module docstring)."""

    name = "greedy"

    def choose(self, state, rng):
        from explorer.dnd5e.game import action_candidates, move_toward

        legal = [a for a in action_candidates(state) if state.can(a)]
        attacks = [a for a in legal if a.kind in ("angriff", "zauber-wirken")]
        melee = [a for a in attacks if a.kind == "angriff" and state.profiles[state.acting].attack(a.waffe).weapon.nahkampf
                 and state.distance(state.acting, a.ziel) <= state.token(state.acting).creature.reach]
        if melee or (attacks and state.action_used is None and not self._closer(state)):
            return max(melee or attacks, key=lambda a: (-state.hp(a.ziel), _expected(state, a), a.ziel))
        if state.action_used is None:
            nearest = self._nearest_foe(state)
            moved = next(move_toward(state, nearest), None) if nearest is not None else None
            if moved is not None:
                return moved
            if attacks:
                return max(attacks, key=lambda a: (-state.hp(a.ziel), _expected(state, a), a.ziel))
        dodge = A.Ausweichen()
        if dodge in legal:
            return dodge
        return A.ZugBeenden()

    def _nearest_foe(self, state):
        me = state.token(state.acting)
        foes = [t.name for t in state.battle_map.tokens if t.hostile_to(me) and state.in_fight(t.name)]
        return min(foes, key=lambda f: (state.distance(state.acting, f), f)) if foes else None

    def _closer(self, state) -> bool:
        """Whether a move toward the nearest foe is worth trying first (it is not within reach yet)."""
        nearest = self._nearest_foe(state)
        if nearest is None or not state.profiles[state.acting].melee:
            return False
        return state.distance(state.acting, nearest) <= state.movement_left() + state.token(state.acting).creature.reach

    def __repr__(self) -> str:
        return "GreedyPlayer()"


def _expected(state, action) -> float:
    """A rough expected damage of an attack now (hit chance against RK, mean damage)."""
    from explorer.dnd5e.encounter import SPELLS

    profile = state.profiles[state.acting]
    if action.kind == "zauber-wirken":
        bonus, dice = profile.spell_bonus(action.zauber), SPELLS[action.zauber].schaden
    else:
        attack = profile.attack(action.waffe)
        bonus, dice = attack.bonus, attack.damage
    ac = state.profiles[action.ziel].creature.armour_class
    p_hit = min(19, max(1, 21 - (ac - bonus))) / 20
    return p_hit * float(dice.mean)


# =============================================================================================
# The tactical player
# =============================================================================================
MAX_CHECKS = 12
""":class:`TaktischerSpieler`: the most paths whose opportunity attacks it prices per decision."""


class TaktischerSpieler:
    """Tactical player (taktischer Spieler), seeded and stateless (one object serves every game):

    1. standing up first when prone (SRD 5.1 Being Prone);
    2. with the action left: a melee attack on the weakest foe within reach (fewest hit points,
       then the best expected damage); else a ranged attack or spell when it is at least as good
       as closing in (Nachteil counted: a foe within 1.5 m, long range, a dodging target);
    3. else the move to a place from which it reaches the weakest foe it can reach this turn
       (:func:`~explorer.dnd5e.analysis.reachable`), along a path that leaves no foe's reach
       (:func:`~explorer.dnd5e.analysis.opportunity_risk` of each path tried, cheapest first; a
       detour through a place outside every foe's reach when the cheapest path provokes --
       SICH UM ANDERE KREATUREN HERUM BEWEGEN; SRD 5.1 Opportunity Attacks);
    4. if every path provokes: accepts the path with the least expected damage when that is below
       the damage its own attack is expected to deal and cannot drop it, else takes Rückzug
       (Disengage: RÜCKZUG) and moves in without provoking;
    5. if no foe can be reached this turn: moves as near to the nearest foe as a path without
       opportunity attacks allows, with Spurt (SPURT) when nothing else is worth the action; when
       stuck within a foe's reach without an attack, Ausweichen (AUSWEICHEN);
    6. ends the turn (ZugBeenden) once the action is spent and no move is left to make.

    Every action it returns is one the state accepts (``state.can``); the ``rng`` only breaks ties
    between equally good places, so a game is reproduced by its seed."""

    name = "tactical"

    def __init__(self, max_checks: int = MAX_CHECKS):
        from explorer.core.inputs import whole

        self.max_checks = whole(max_checks, "max_checks", source="TaktischerSpieler", low=1, high=200)

    def __repr__(self) -> str:
        return f"TaktischerSpieler(max_checks={self.max_checks})"

    def choose(self, state, rng):
        from explorer.dnd5e.game import action_candidates

        legal = [a for a in action_candidates(state) if state.can(a)]
        me = state.token(state.acting)
        if me.prone and A.Aufstehen() in legal:
            return A.Aufstehen()
        region = _Region(state)
        if state.action_used is None:
            chosen = self._with_action(state, rng, legal, region)
        else:
            chosen = self._close_in(state, rng, region) if state.action_used in ("rueckzug", "spurt") else None
        return chosen if chosen is not None else A.ZugBeenden()

    # -- with the action left -------------------------------------------------------------
    def _with_action(self, state, rng, legal, region):
        attacks = [a for a in legal if a.kind in ("angriff", "zauber-wirken")]
        melee = [a for a in attacks if _melee(state, a)]
        if melee:
            return min(melee, key=lambda a: (state.hp(a.ziel), -_expected_now(state, a), a.ziel, a.waffe))
        ranged = max(attacks, key=lambda a: (_expected_now(state, a), -state.hp(a.ziel), a.ziel), default=None)
        best_ranged = _expected_now(state, ranged) if ranged is not None else 0.0
        own_melee = state.profiles[state.acting].melee
        safe = risky = None
        closing = own_melee is not None and _melee_mean(state, own_melee) > best_ranged
        if closing:
            safe, risky = self._approach(state, rng, region)
            if safe is not None:
                return safe
        if risky is not None:
            path, risk, target = risky
            if wagt_es(risk, _melee_mean(state, own_melee, target)):
                return A.Bewegen(path)
            if ranged is None and A.Rueckzug() in legal:
                return A.Rueckzug()
        if closing or ranged is None:
            moved = self._nearer(state, rng, region)
            if moved is not None:
                return moved
        if ranged is not None:
            return ranged
        if _in_foes_reach(state) and A.Ausweichen() in legal:
            return A.Ausweichen()
        if A.Spurt() in legal and _foes(state):
            return A.Spurt()
        return None

    # -- moving -----------------------------------------------------------------------------
    def _approach(self, state, rng, region):
        """(a legal move without opportunity attacks to a place within melee reach of the weakest
        foe it reaches, or None; else the least risky such move as (path, risk, target), or None)."""
        from explorer.dnd5e.analysis import opportunity_risk

        region = region.get()
        spots = _attack_spots(state, region, rng)
        checks, best = 0, None

        def tried(path, target):
            nonlocal checks, best
            action = A.Bewegen(path)
            if not state.can(action):
                return None
            checks += 1
            risk = opportunity_risk(state, state.acting, list(path))
            if not risk.attacks:
                return action
            if best is None or risk.expected_damage < best[1].expected_damage:
                best = (path, risk, target)
            return None

        for target, path in spots[:self.max_checks]:
            found = tried(path, target)
            if found is not None:
                return found, None
        if best is None:
            return None, None
        # the cheapest path to each spot provoked: a detour through a place outside every foe's reach
        for target, path in spots[:3]:
            for detour in _detours(state, region, path, rng)[:self.max_checks]:
                found = tried(detour, target)
                if found is not None:
                    return found, None
        return None, best

    def _close_in(self, state, rng, region):
        """After Rückzug or Spurt: the move to a foe (:meth:`_approach`), else nearer to one; none
        once a foe is within reach of its melee weapon."""
        melee = state.profiles[state.acting].melee
        if melee is not None and any(state.distance(state.acting, f) <= _melee_reach(state, melee) for f in _foes(state)):
            return None
        safe, _ = self._approach(state, rng, region)
        return safe if safe is not None else self._nearer(state, rng, region)

    def _nearer(self, state, rng, region):
        """A move without opportunity attacks that ends nearer the nearest foe, or None."""
        from explorer.dnd5e.analysis import opportunity_risk
        from explorer.dnd5e.battlemap import gap_between

        foes = _foes(state)
        region = region.get()
        if not foes or region is None:
            return None
        m = state.battle_map
        me = m.token(state.acting)
        nearest = m.token(min(foes, key=lambda f: (state.distance(state.acting, f), f)))
        now = gap_between(m, me, me.position, nearest, nearest.position)
        places = sorted((gap_between(m, me, p, nearest, nearest.position), c, rng.random(), p)
                        for p, c in region.points.items() if p != me.position)
        places = [p for gap, _, _, p in places if gap < now]
        for place in places[:self.max_checks]:
            path = _floats(region.paths[place])
            action = A.Bewegen(path)
            if state.can(action) and not opportunity_risk(state, state.acting, list(path)).attacks:
                return action
        return None


class _Region:
    """Where the acting creature can end a move now (:func:`~explorer.dnd5e.analysis.reachable`),
    searched once per decision and only when asked; None without a square of movement left."""

    def __init__(self, state):
        self.state, self.searched, self.found = state, False, None

    def get(self):
        from explorer.dnd5e.analysis import reachable
        from explorer.dnd5e.creatures import SQUARE

        if not self.searched:
            self.searched = True
            state = self.state
            if state.movement_left() >= SQUARE:
                self.found = reachable(state.battle_map, state.acting, spurt=state.budget.dash, budget=state.budget)
        return self.found


def wagt_es(risk, own_expected: float) -> bool:
    """Whether the tactical player accepts the Gelegenheitsangriffe of a path (``risk``: an
    :class:`~explorer.dnd5e.analysis.OpportunityRisk`) to make its own attack after it: when their
    expected damage is below ``own_expected`` and they cannot drop it to 0 hit points (SRD 5.1
    Opportunity Attacks, Dropping to 0 Hit Points); otherwise Rückzug (RÜCKZUG)."""
    return float(risk.expected_damage) < float(own_expected) and risk.p_drop == 0


def _floats(path) -> tuple:
    return tuple((float(x), float(y)) for x, y in path)


def _foes(state) -> list[str]:
    me = state.token(state.acting)
    return [t.name for t in state.battle_map.tokens if t.hostile_to(me) and state.in_fight(t.name)]


def _in_foes_reach(state) -> bool:
    m = state.battle_map
    me = m.token(state.acting)
    return any(m.in_reach(m.token(f), me, me.position) for f in _foes(state))


def _melee(state, action) -> bool:
    """Is ``action`` a weapon attack in melee (the target within the weapon's reach now)?"""
    if action.kind != "angriff":
        return False
    attack = state.profiles[state.acting].attack(action.waffe)
    if not attack.weapon.nahkampf:
        return False
    reach = max(state.token(state.acting).creature.reach, attack.weapon.reach_m or 0)
    return state.distance(state.acting, action.ziel) <= reach


def _melee_reach(state, attack):
    return max(state.token(state.acting).creature.reach, attack.weapon.reach_m or 0)


def _hit(bonus: int, ac: int, mode: str) -> float:
    p = min(19, max(1, 21 - (ac - bonus))) / 20
    return 1 - (1 - p) ** 2 if mode == "vorteil" else p * p if mode == "nachteil" else p


def _melee_mean(state, attack, target: str | None = None) -> float:
    """The expected damage of ``attack`` in melee against ``target`` (default: the foes' lowest RK)."""
    foes = [target] if target is not None else _foes(state)
    ac = min((state.profiles[f].creature.armour_class for f in foes), default=10)
    return _hit(attack.bonus, ac, "normal") * float(attack.damage.mean)


def _expected_now(state, action) -> float:
    """A rough expected damage of an attack or spell now, with the Nachteil the shooter can see
    coming (a foe within 1.5 m of a ranged attack, long range, a dodging target: SRD 5.1 Ranged
    Attacks in Close Combat, AUSWEICHEN)."""
    from explorer.dnd5e.creatures import SQUARE
    from explorer.dnd5e.encounter import SPELLS

    profile = state.profiles[state.acting]
    if action.kind == "zauber-wirken":
        bonus, damage, ranged, long = profile.spell_bonus(action.zauber), SPELLS[action.zauber].schaden, True, False
    else:
        attack = profile.attack(action.waffe)
        bonus, damage = attack.bonus, attack.damage
        ranged = not _melee(state, action)
        long = ranged and attack.weapon.range_m is not None and \
            state.distance(state.acting, action.ziel) > attack.weapon.range_m[0]
    cons = long or (ranged and any(state.distance(state.acting, f) <= SQUARE for f in _foes(state)))
    cons = cons or any(e[0] == "ausweichen" and e[1] == action.ziel for e in state.effects())
    ac = state.profiles[action.ziel].creature.armour_class
    return _hit(bonus, ac, "nachteil" if cons else "normal") * float(damage.mean)


def _attack_spots(state, region, rng) -> list[tuple[str, tuple]]:
    """(target, path) for every place of ``region`` from which a foe is within the reach of the
    creature's melee weapon: the weakest foe first, then the cheapest place (ties by ``rng``)."""
    from explorer.dnd5e.creatures import SQUARE
    from explorer.dnd5e.battlemap import gap_between

    melee = state.profiles[state.acting].melee
    foes = _foes(state)
    if region is None or melee is None or not foes:
        return []
    m = state.battle_map
    me = m.token(state.acting)
    reach = _melee_reach(state, melee)
    near = [f for f in foes if state.distance(state.acting, f) <= state.movement_left() + reach + SQUARE]
    spots = []
    for place, cost in region.points.items():
        if place == me.position:
            continue
        for foe in near:
            other = m.token(foe)
            if gap_between(m, me, place, other, other.position) <= reach:
                spots.append((state.hp(foe), cost, rng.random(), foe, place))
    spots.sort(key=lambda s: s[:4])
    return [(foe, _floats(region.paths[place])) for _, _, _, foe, place in spots]


def _detours(state, region, path, rng) -> list[tuple]:
    """Paths to ``path``'s end through one place outside every foe's reach: the cheapest way there,
    then straight on; the shortest first (by cost there plus the squares left to go)."""
    m = state.battle_map
    me = m.token(state.acting)
    foes = [m.token(f) for f in _foes(state)]
    goal = path[-1]
    out = []
    for place, cost in region.points.items():
        if place == me.position or any(m.in_reach(f, me, place) for f in foes):
            continue
        gap = max(abs(float(place[0]) - goal[0]), abs(float(place[1]) - goal[1]))
        if gap == 0:
            continue
        out.append((float(cost) + gap, rng.random(), place))
    out.sort()
    return [_floats(region.paths[place]) + (goal,) for _, _, place in out]
