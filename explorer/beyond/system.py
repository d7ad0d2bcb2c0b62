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


def dealt(saved: Mapping[str, Any]):
    """The game as first dealt, from a save's recorded origin (replay re-applies the history)."""
    from explorer.beyond.game import dealt_from_save
    return dealt_from_save(saved)


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


class PatientRandomPlayer:
    """A random legal action, taking ``EndTurn`` and ``Stop`` less eagerly than a uniform choice
    (:class:`explorer.beyond.players.RandomPlayer`), so that games see captures, compositions and
    summons."""

    def __init__(self, patience: float = 0.7):
        self.patience = patience

    def choose(self, state, rng):
        legal = list(state.legal_actions())
        busy = [a for a in legal if a.kind not in ("end-turn", "stop")]
        if busy and rng.random() < self.patience:
            legal = busy
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"PatientRandomPlayer({self.patience})"


PLAYER_KINDS = ("random", "stop-after-2", "stop-after-3", "risk-0.3", "greedy", "optimal", "capture-first")
"""The strategies offered as player kinds by name (any other ``make_strategy`` name works too)."""


def _players() -> dict:
    from functools import partial

    return {"patient": PatientRandomPlayer, **{name: partial(StrategyPlayer, name) for name in PLAYER_KINDS}}


CONFORMANCE_KINDS = ("patient", "uniform", "patient", "greedy", "capture-first", "stop-after-2", "optimal",
                     "risk-0.3", "random")
CONFORMANCE_OPTIONS = ({}, {"protection": True, "summoning": True}, {"protection": True}, {"summoning": True})
CONFORMANCE_GAMES = 300


def conformance_game(k: int) -> dict[str, Any]:
    """Conformance game ``k``: 2 to 4 players, the basic game, both modules and each alone in turn,
    every 5th game with a single draw pile, players from every kind (the patient random player most)."""
    seats = 2 + k % 3
    config: dict[str, Any] = {"players": seats, **CONFORMANCE_OPTIONS[k % 4]}
    if k % 5 == 4:
        config["rulings"] = {"beyond.second-draw-pile": "single-pile"}
    players = [CONFORMANCE_KINDS[(k + 3 * j) % len(CONFORMANCE_KINDS)] for j in range(seats)]
    return {"configuration": f"{seats} players", "config": config, "players": players, "seed": k}


def expected_score(state, player) -> int:
    """beyond-rulebook.txt, "End of the Game - Counting Energy Points", recomputed from the area."""
    area = state.area(player)
    tokens = area["tokens"] + len(area["protected"]) + area["lotus"] + sum(pt["lotus"] for pt in area["patterns"])
    return (sum(state.components.spirits[pt["spirit"]].points for pt in area["patterns"]) + len(area["spirit"])
            + len(area["nian"]) + len(area["captures"]) + tokens)


def invariants(state) -> None:
    """The state's own invariants, and every score equal to its recount from the area."""
    state.check_invariants()
    for p in state.players:
        area = state.area(p)
        assert state.score(p)["total"] == expected_score(state, p), f"{p}'s score differs from its recount"
        assert all(state.cards[c].spirit == pt["spirit"] for pt in area["patterns"] for c in pt["cards"]), \
            f"{p} has a pattern of mixed spirits"


def refused(state) -> list:
    """Actions the referee must refuse now: whatever belongs to another phase."""
    from explorer.beyond import actions as A

    if state.is_terminal():
        return [A.Reveal(), A.EndTurn()]
    return [A.EndTurn()] if state.phase in ("reveal", "collect", "place") else [A.Reveal()]


SYSTEM = systems.register(systems.System(
    name="beyond",
    title="Beyond (2024)",
    rulebook="beyond-rulebook.txt",
    refs=refs,
    start=start,
    configurations=CONFIGURATIONS,
    load="explorer.beyond.game:BeyondState.from_json",
    dealt=dealt,
    coverage="explorer.beyond.coverage:beyond_coverage",
    players=_players(),
    simulation="explorer.beyond.simulate:SIMULATION",
    from_position="explorer.beyond.position:from_position",
    picture="explorer.beyond.render_cards:StatePicture",
    invariants=invariants,
    conformance=conformance_game,
    conformance_games=CONFORMANCE_GAMES,
    refused=refused,
    actions="explorer.beyond.actions:ACTIONS",
    describe_action="explorer.beyond.actions:describe",
    describe="press-your-luck set collection for 2+ players: reveal, place, patterns, captures, "
             "Nian Shou, advanced modules; exact reveal odds",
))
