"""Players of a D&D 5e encounter, on the shared protocol (``choose(state, rng) -> action``).

* :class:`RandomPlayer` -- a random legal action.  The actions that are not moves are listed and
  checked (cheap); a move is chosen with probability ``p_move`` when movement is left, and only
  then are the candidate moves tried, in random order, until one is legal (each costs a
  :func:`~explorer.dnd5e.movement.move`), so a turn costs a few moves, not all of them.
  ``ZugBeenden`` is taken with probability ``p_end`` while anything else is legal.
* :class:`GreedyPlayer` -- attacks the foe in the fight with the fewest hit points it can attack now
  (the best expected damage among its weapons and spells); otherwise moves toward the nearest foe
  (the candidate moves) and attacks after; otherwise Ausweichen; then ends the turn.
"""

from __future__ import annotations

from explorer.core.inputs import number
from explorer.dnd5e import actions as A


class RandomPlayer:
    """A random legal action (see the module docstring)."""

    name = "random"

    def __init__(self, p_move: float = 0.5, p_end: float = 0.15):
        self.p_move = number(p_move, "p_move", source="RandomPlayer", low=0, high=1)
        self.p_end = number(p_end, "p_end", source="RandomPlayer", low=0, high=1)

    def choose(self, state, rng):
        from explorer.dnd5e.game import action_candidates

        others = [a for a in action_candidates(state) if state.can(a)]
        if rng.random() < self.p_move:
            moves = list(_shuffled_moves(state, rng))
            if moves:
                return moves[0]
        busy = [a for a in others if a.kind != "zug-beenden"]
        if busy and rng.random() >= self.p_end:
            return busy[rng.randrange(len(busy))]
        return A.ZugBeenden()

    def __repr__(self) -> str:
        return f"RandomPlayer(p_move={self.p_move}, p_end={self.p_end})"


def _shuffled_moves(state, rng):
    """The first legal candidate move, the candidates' goals taken in random order."""
    from explorer.dnd5e.game import move_candidates

    generator = move_candidates(state)
    first = next(generator, None)  # the nearest creature's move first, then the rest only if asked
    found = [first] if first is not None else []
    if found and rng.random() < 0.5:
        return found
    found += list(generator)
    if found:
        return [found[rng.randrange(len(found))]]
    return []


class GreedyPlayer:
    """Attack the weakest foe it can, else close in and attack, else dodge (see the module docstring)."""

    name = "greedy"

    def choose(self, state, rng):
        from explorer.dnd5e.game import action_candidates, move_candidates

        legal = [a for a in action_candidates(state) if state.can(a)]
        attacks = [a for a in legal if a.kind in ("angriff", "zauber-wirken")]
        if attacks:
            return max(attacks, key=lambda a: (-state.hp(a.ziel), _expected(state, a), a.ziel))
        if state.action_used is None or state.movement_left() > 0:
            moved_toward = next(iter(move_candidates(state, limit=1)), None)
            if moved_toward is not None and state.action_used is None:
                return moved_toward
        dodge = A.Ausweichen()
        if dodge in legal:
            return dodge
        return A.ZugBeenden()

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
