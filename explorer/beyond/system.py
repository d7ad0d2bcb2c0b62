"""Beyond's registration in the system registry (``explorer.core.systems``).

A configuration is JSON-able: ``players`` (a number of seats, named ``P1``, ``P2`` ..., or a list of
distinct names), optionally ``protection`` and ``summoning`` (the advanced-mode modules,
beyond-rulebook.txt "Advanced Mode") and ``rulings`` (switched rulings, ``{id: value}``).
"""

from __future__ import annotations

from typing import Any, Mapping

from explorer.beyond import refs
from explorer.core import systems
from explorer.core.rulings import Rulings

CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "basic_2": {"players": 2},
    "basic_3": {"players": 3},
    "advanced_2": {"players": 2, "protection": True, "summoning": True},
    "advanced_4": {"players": 4, "protection": True, "summoning": True},
    "protection_3": {"players": 3, "protection": True},
    "summoning_2": {"players": 2, "summoning": True},
    "single_pile_2": {"players": 2, "rulings": {"beyond.second-draw-pile": "single-pile"}},
}
"""Named configurations: every generic test (conformance, simulate) plays each of them."""

KEYS = ("players", "protection", "summoning", "rulings")


def start(config: Mapping[str, Any], seed: int = 0):
    """A new game of Beyond from a configuration (see the module docstring)."""
    from explorer.beyond.game import GameOptions, new_game

    unknown = set(config) - set(KEYS)
    if unknown:
        raise ValueError(f"beyond configuration: unknown field(s) {', '.join(sorted(unknown))}; "
                         f"fields are {', '.join(KEYS)}")
    players = config.get("players", 2)
    if isinstance(players, list):
        players = tuple(players)
    options = GameOptions(protection=bool(config.get("protection", False)),
                          summoning=bool(config.get("summoning", False)))
    return new_game(players, seed=seed, options=options, rulings=Rulings(config.get("rulings") or {}))


def load(saved):
    from explorer.beyond.game import BeyondState
    return BeyondState.from_json(saved)


def dealt(saved: Mapping[str, Any]):
    """The game as first dealt, from a save's recorded origin (replay re-applies the history)."""
    from explorer.beyond.game import dealt_from_save
    return dealt_from_save(saved)


def from_position(position, **options):
    from explorer.beyond.position import from_position as load_position
    return load_position(position, **options)


def coverage():
    from explorer.beyond.coverage import beyond_coverage
    return beyond_coverage()


class StrategyPlayer:
    """A Beyond strategy (:mod:`explorer.beyond.strategies`) as a player of the shared protocol:
    ``choose(state, rng)`` lets the strategy draw from the game's player generator."""

    def __init__(self, spec: str):
        from explorer.beyond.strategies import make_strategy

        self.spec = spec
        self.strategy = make_strategy(spec)

    def choose(self, state, rng):
        self.strategy.rng = rng
        return self.strategy.choose(state)

    def __repr__(self) -> str:
        return f"StrategyPlayer({self.spec!r})"


PLAYER_KINDS = ("random", "stop-after-2", "stop-after-3", "risk-0.3", "greedy", "optimal", "capture-first")
"""The strategies offered as player kinds by name (any other ``make_strategy`` name works too)."""


def _players() -> dict:
    from functools import partial

    return {name: partial(StrategyPlayer, name) for name in PLAYER_KINDS}


SYSTEM = systems.register(systems.System(
    name="beyond",
    title="Beyond (2024)",
    rulebook="beyond-rulebook.txt",
    refs=refs,
    start=start,
    configurations=CONFIGURATIONS,
    load=load,
    dealt=dealt,
    coverage=coverage,
    players=_players(),
    from_position=from_position,
    picture="explorer.beyond.render_cards:StatePicture",
    describe="press-your-luck set collection for 2+ players: reveal, place, patterns, captures, "
             "Nian Shou, advanced modules; exact reveal odds",
))
