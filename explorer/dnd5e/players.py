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

        others = [a for a in action_candidates(state) if state.can(a)]
        if rng.random() < self.p_move:
            moves = _shuffled_moves(state, rng, self.toward_foe)
            if moves:
                return moves[0]
        busy = [a for a in others if a.kind != "zug-beenden"]
        if busy and rng.random() >= self.p_end:
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
