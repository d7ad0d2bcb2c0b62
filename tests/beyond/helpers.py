"""Arranging Beyond positions for rule tests (test-only: moves cards as a lesson would describe)."""

from explorer.beyond import GameOptions, new_game


def arrange(state, player, *, spirit=(), captures=(), nian=(), tokens=0, protected=()):
    """Move the named cards from the draw pile / central pattern into ``player``'s play area."""
    d = state._data
    a = d["areas"][player]
    for card in list(spirit) + list(captures):
        d["draw"].remove(card)
    for card in nian:
        d["central"].remove(card)
    a["spirit"] += list(spirit)
    a["captures"] += list(captures)
    a["nian"] += list(nian)
    a["tokens"] += tokens
    a["protected"] += list(protected)
    return state


def phase3(players=("Jessy", "Sam"), *, options=GameOptions(), seed=1, **kw):
    """A game whose first player is in Phase 3 (her reveal collected nothing but stopped at once)."""
    state = new_game(list(players), seed=seed, options=options, **kw)
    state._data["phase"] = "act"
    return state
