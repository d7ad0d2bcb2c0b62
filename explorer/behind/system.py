"""Behind's registration in the system registry (``explorer.core.systems``).

A configuration is JSON-able: ``decks`` (deck ids from ``data/behind/decks``, one per player),
``scenario`` (``"unser_revier"``, ``"juwel_von_athen"``), and optionally ``setup`` (``"auto"``,
``"random"``, ``"manual"``), ``max_turns`` (a game stops without winner after so many turns; 0:
never), ``tournament`` (the tournament rules) and ``rulings`` (switched rulings, ``{id: value}``).
The agreed character points follow the decks, as in :func:`explorer.behind.players.game_options`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from explorer.behind import refs
from explorer.core import systems
from explorer.core.rulings import Rulings

CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "unser_revier": {"decks": ["vampire", "schwesternbund"], "scenario": "unser_revier", "max_turns": 60},
    "juwel_von_athen": {"decks": ["tempelritter", "werwoelfe", "geister"], "scenario": "juwel_von_athen",
                        "max_turns": 60},
    "unser_revier_random_terrain": {"decks": ["werwoelfe", "geister"], "scenario": "unser_revier",
                                    "setup": "random", "max_turns": 60},
    "unser_revier_tournament": {"decks": ["tempelritter", "vampire"], "scenario": "unser_revier",
                                "tournament": True, "max_turns": 60},
}
"""Named configurations: every generic test (conformance, simulate) plays each of them."""

KEYS = ("decks", "scenario", "setup", "max_turns", "tournament", "rulings")


def decks_of(config: Mapping[str, Any]) -> list:
    """The configuration's decks (deck ids looked up in the shipped decks; Deck objects kept)."""
    from explorer.behind.data import load_decks

    decks = config.get("decks")
    if isinstance(decks, str) or not isinstance(decks, (list, tuple)) or not decks:
        raise ValueError(f"behind configuration field decks: a list of deck ids, got {decks!r}")
    loaded = None
    out = []
    for i, deck in enumerate(decks):
        if isinstance(deck, str):
            loaded = loaded or load_decks()
            if deck not in loaded:
                raise ValueError(f"behind configuration field decks[{i}]: unknown deck {deck!r}; "
                                 f"decks are {', '.join(loaded)}")
            deck = loaded[deck]
        out.append(deck)
    return out


def options_of(config: Mapping[str, Any], decks) -> "Any":
    from dataclasses import replace

    from explorer.behind.players import game_options

    options = game_options(decks, int(config.get("max_turns", 0)))
    return replace(options, tournament=bool(config.get("tournament", False)),
                   rulings=Rulings(config.get("rulings") or {}))


def start(config: Mapping[str, Any], seed: int = 0):
    """A new game of Behind from a configuration (see the module docstring)."""
    from explorer.behind.game import new_game

    unknown = set(config) - set(KEYS)
    if unknown:
        raise ValueError(f"behind configuration: unknown field(s) {', '.join(sorted(unknown))}; "
                         f"fields are {', '.join(KEYS)}")
    decks = decks_of(config)
    return new_game(decks, config.get("scenario", "unser_revier"), seed=seed, setup=config.get("setup", "auto"),
                    options=options_of(config, decks))


CONFORMANCE_KINDS = ("random", "greedy", "uniform")
DECK_IDS = ("geister", "schwesternbund", "tempelritter", "vampire", "werwoelfe")


def conformance_game(k: int) -> dict[str, Any]:
    """Conformance game ``k`` (of :data:`CONFORMANCE_GAMES`): 60 % "Unser Revier!" (2 players), 40 %
    "Das Juwel von Athen" (3 players); the five decks in rotation; every mix of the random, greedy
    and uniform players; 3 to 9 turns (``max_turns``, kept modest for CI time); a quarter on random
    terrain (``setup="random"``), an eighth set up by the players themselves (``setup="manual"``:
    they place the obstacles and deploy through the actions), every 16th under the tournament rules
    and every eighth (others) with the first deck twice (its characters shared out by the legendary
    duels; the seed is the first from ``1000 + k`` on whose deal leaves everybody a character,
    ruling ``behind.no-characters-dealt``); an eighth (others) with the free turn open after the last
    action (ruling ``behind.action-phase-end`` "free-turn-window")."""
    scenario = "juwel_von_athen" if k % 5 in (1, 3) else "unser_revier"
    seats = 3 if scenario == "juwel_von_athen" else 2
    decks = [DECK_IDS[(k + 2 * j) % 5] for j in range(seats)]
    if k % 16 in (11, 13):  # 13: set up by the players as well
        decks[1] = decks[0]
    mix = k // 5
    players = [CONFORMANCE_KINDS[(mix // 3 ** j) % 3] for j in range(seats)]
    config = {"decks": decks, "scenario": scenario, "max_turns": 3 + k % 7,
              "setup": "random" if k % 4 == 2 else "manual" if k % 8 == 5 else "auto"}
    if k % 16 == 7:
        config["tournament"] = True
    if k % 8 == 3:  # the free turn after the last action (ruling behind.action-phase-end switched)
        config["rulings"] = {"behind.action-phase-end": "free-turn-window"}
    seed = 1000 + k if len(set(decks)) == len(decks) else _dealt_seed(tuple(decks), 1000 + k)
    return {"configuration": scenario, "config": config, "players": players, "seed": seed}


@lru_cache(maxsize=None)
def _dealt_seed(decks: tuple[str, ...], seed: int, tries: int = 64) -> int:
    """The first seed from ``seed`` on whose deal of ``decks`` leaves every player a character (the
    deal alone: no scenario is laid out)."""
    from explorer.behind.game import new_game
    from explorer.core.rules import RuleViolation

    loaded = decks_of({"decks": list(decks)})
    for candidate in range(seed, seed + tries):
        try:
            new_game(loaded, None, seed=candidate)
        except RuleViolation:
            continue
        return candidate
    raise RuntimeError(f"no seed from {seed} to {seed + tries - 1} deals {decks} a character each")


CONFORMANCE_GAMES = 1024


def refused(state) -> list:
    """Actions the referee must refuse now: a Discard of a card nobody holds; in a decision phase an
    EndTurn; a Melee between chips that do not touch."""
    from explorer.behind import actions as A

    out = [A.Discard("no-such-card")]
    if state.is_terminal() or state.phase != "action":
        out.append(A.EndTurn())
        return out
    table = state.table
    mine = state.characters_of(state.active_player)
    enemies = [n for p in state.players if p != state.active_player for n in state.characters_of(p)]
    apart = next(((m, e) for m in mine for e in enemies if not table.touching(m, e)), None)
    if apart is not None:
        out.append(A.Melee(apart[0], apart[1]))
    return out


SYSTEM = systems.register(systems.System(
    name="behind",
    title="Behind (2003)",
    rulebook="behind-2003-rulebook.txt",
    refs=refs,
    start=start,
    configurations=CONFIGURATIONS,
    load="explorer.behind.game:BehindState.from_json",
    dealt="explorer.behind.replay:dealt_from_save",  # the game as first dealt, from a save's recorded origin
    coverage="explorer.behind.coverage:behind_coverage",
    players="explorer.behind.players:PLAYERS",
    simulation="explorer.behind.simulate:SIMULATION",
    from_position="explorer.behind.position:from_position",
    picture="explorer.behind.render_replay:StatePicture",
    conformance=conformance_game,
    conformance_games=CONFORMANCE_GAMES,
    refused=refused,
    actions="explorer.behind.actions:ACTIONS",
    describe_action="explorer.behind.actions:describe",
    describe="card game on a table of round chips and obstacles: setup, movement, melee, ranged, "
             "abilities, scenarios; exact combat odds",
))
