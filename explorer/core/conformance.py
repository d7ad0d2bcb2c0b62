"""The conformance suite every registered system passes (after OpenSpiel's random-simulation test).

Seeded games of every system and configuration are played to their end by the system's players,
and around the actions the protocol is checked:

* after EVERY action: the system's invariants (``System.check_invariants``); every action a player
  returns is accepted (players promise legal actions);
* on a SAMPLE of actions (the first ones of a game, then every ``SAMPLE_EVERY``-th, every
  fourth as often after ``DENSE_SAMPLES`` samples, so that long games stay affordable):
  - every listed legal action passes ``check`` (so candidates built legal by construction are
    verified too) -- on every ``LISTING_EVERY``-th sample, with refused candidates;
  - refused actions (the system's own ``refused(state)`` list and candidates that ``can`` turns
    down) raise :class:`~explorer.core.rules.RuleViolation`, ``can`` says no and the state is
    unchanged;
  - copies are independent: the action applied to ``copy()`` leaves the original unchanged and
    the copy ends where the original does;
  - JSON round trip: ``load(to_json()).to_json() == to_json()`` and the loaded game continues
    identically;
  - ``undo()`` restores the exact previous JSON and re-applying gives the same state again;
* at the end: the state is terminal, has no current player and no legal action, refuses every
  action it refused before, and round-trips through JSON.

A system says which games to play with ``System.conformance`` (``k -> {"config", "players",
"seed"}``, and ``System.conformance_games`` of them); without it, the suite cycles through its
configurations and player kinds.  :func:`play_checked` raises AssertionError naming the game and
the check that failed.
"""

from __future__ import annotations

import traceback
from typing import Any, Mapping

from explorer.core.players import make_player, players_of
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation
from explorer.core.systems import System, get

__all__ = ["DEFAULT_GAMES", "check_games", "game_spec", "play_checked"]

DEFAULT_GAMES = 48
SAMPLE_EVERY = 8
MIN_SAMPLES = 3
MAX_REFUSED = 4
LISTING_EVERY = 3
DENSE_SAMPLES = 10


def game_spec(system: System | str, k: int) -> dict[str, Any]:
    """Conformance game ``k`` of ``system``: its configuration, player kinds by seat and seed."""
    system = get(system)
    if system.conformance is not None:
        spec = dict(system.conformance(k))
        spec.setdefault("seed", 1000 + k)
        return spec
    names = list(system.configurations)
    config = names[k % len(names)]
    kinds = list(players_of(system))
    state = system.new_game(config, seed=0)
    seats = len(state.players)
    return {"configuration": config, "config": system.configuration(config),
            "players": [kinds[(k // len(names) + j) % len(kinds)] for j in range(seats)], "seed": 1000 + k}


def games_of(system: System | str) -> int:
    system = get(system)
    return system.conformance_games or DEFAULT_GAMES


def _refused(system: System, state) -> list:
    """Actions the referee must refuse now: the system's own list and refused candidates."""
    out = list(system.refused(state)) if system.refused is not None else []
    for candidate in state._candidates(None):
        if len(out) >= MAX_REFUSED:
            break
        if not state.can(candidate):
            out.append(candidate)
    return out


def _assert_refused(state, bad) -> None:
    """``can`` says no to ``bad`` and ``apply`` raises RuleViolation (the state is compared after)."""
    assert not state.can(bad), f"{bad} should be refused in phase {state.phase!r}"
    try:
        state.apply(bad)
    except RuleViolation:
        return
    raise AssertionError(f"{bad} was applied although can() refused it")


def _sampled_checks(system: System, state, action, *, listing: bool) -> None:
    """The checks around applying ``action``; ``listing``: also check every listed legal action
    and refused candidates (the dearer part, on every ``LISTING_EVERY``-th sample)."""
    before = state.to_json()
    if listing:
        for legal in list(state.legal_actions()):
            state.check(legal)  # raises if a listed action is not legal
    refused = _refused(system, state) if listing else list(system.refused(state) if system.refused else [])
    for bad in refused:
        _assert_refused(state, bad)
    assert state.to_json() == before, "refused actions changed the state"
    loaded = system.load(before)
    assert loaded.to_json() == before, "load(to_json()).to_json() differs from to_json()"
    twin = state.copy()
    twin.apply(action)
    assert state.to_json() == before, f"applying {action} to a copy changed the original"
    state.apply(action)
    after = state.to_json()
    assert twin.to_json() == after, "the copy and the original differ after the same action"
    loaded.apply(action)
    assert loaded.to_json() == after, "the loaded game continues differently from the original"
    state.undo()
    assert state.to_json() == before, f"undo of {action} does not restore the previous state"
    state.apply(action)
    assert state.to_json() == after, f"re-applying {action} after undo gives another state"


def play_checked(system: System | str, k: int, *, max_actions: int = 50_000) -> dict[str, Any]:
    """Play conformance game ``k`` of ``system`` with every check; return a summary."""
    system = get(system)
    spec = game_spec(system, k)
    state = system.start(spec["config"], spec["seed"])
    system.check_invariants(state)
    players = {who: make_player(system, kind) for who, kind in zip(state.players, spec["players"])}
    root = SeededRng(spec["seed"])
    rngs = {who: root.spawn(f"player {i}") for i, who in enumerate(state.players)}
    actions = samples = 0
    refused_at_start = _refused(system, state)
    while not state.is_terminal():
        assert actions < max_actions, f"the game did not end within {max_actions} actions"
        who = state.current_player
        action = players[who].choose(state, rngs[who])
        every = SAMPLE_EVERY if samples < DENSE_SAMPLES else 4 * SAMPLE_EVERY  # long games: sparser later
        sample = actions < MIN_SAMPLES or (actions + k) % every == 0
        try:
            if sample:
                _sampled_checks(system, state, action, listing=samples % LISTING_EVERY == 0)
                samples += 1
            else:
                state.apply(action)
        except RuleViolation as error:
            kind = spec["players"][list(state.players).index(who)]
            raise AssertionError(f"the {kind} player's {action} was refused: {error}") from error
        actions += 1
        system.check_invariants(state)
    assert state.current_player is None, "a finished game still has a player to act"
    assert not list(state.legal_actions()), "a finished game has legal actions"
    final = state.to_json()
    for bad in refused_at_start + list(state.history[-3:]):
        _assert_refused(state, bad)
    assert state.to_json() == final, "refused actions changed a finished game"
    assert system.load(final).to_json() == final, "a finished game does not round-trip through JSON"
    return {"system": system.name, "game": k, "configuration": spec.get("configuration", ""),
            "players": tuple(spec["players"]), "actions": actions, "samples": samples,
            "winner": state.winner, "terminal": state.is_terminal()}


def check_games(system_name: str, games: range | list[int]) -> dict[str, list]:
    """Play the games ``games`` of a system; failures are collected with their tracebacks (what a
    worker process runs)."""
    summaries, failures = [], []
    for k in games:
        try:
            summaries.append(play_checked(system_name, k))
        except Exception:  # noqa: BLE001 -- reported with the game that failed
            failures.append(f"{system_name} game {k} {game_spec(system_name, k)}:\n{traceback.format_exc()}")
    return {"summaries": summaries, "failures": failures}


def spec_table(system: System | str) -> list[Mapping[str, Any]]:
    """Every conformance game's spec (what the suite will play)."""
    system = get(system)
    return [game_spec(system, k) for k in range(games_of(system))]
