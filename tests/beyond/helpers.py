"""Arranging Beyond positions for rule tests: positions written by hand (explorer.beyond.position), never
the engine's private state -- so every arranged state is a legal one."""

from explorer.beyond import GameOptions
from explorer.beyond.position import from_position


def arrange(state, player, *, spirit=(), captures=(), nian=(), tokens=0, protected=(), seed=0):
    """A new state: ``state``'s position with the named cards moved from the draw pile / central pattern
    into ``player``'s play area, ``tokens`` taken from the supply (``state = arrange(state, ...)``)."""
    position = state.position()
    moved = set(spirit) | set(captures)
    position["draw"] = [c for c in position["draw"] if c not in moved]
    position["central"] = [c for c in position["central"] if c not in set(nian)]
    seat = next(p for p in position["players"] if p["name"] == player)
    seat["spirit"] += list(spirit)
    seat["captures"] += list(captures)
    seat["nian"] += list(nian)
    seat["tokens"] += tokens
    seat["protected"] += list(protected)
    del position["supply"]  # the supply keeps the tokens no player holds
    return from_position(position, seed=seed)


def phase3(players=("Jessy", "Sam"), *, options=GameOptions(), seed=1, rulings=None):
    """A game whose first player is in Phase 3 of turn 1 (beyond-rulebook.txt, "Game Round")."""
    return from_position({"players": list(players), "phase": "act", "options": options.to_json(),
                          "rulings": rulings.to_json() if rulings else {}}, seed=seed)
