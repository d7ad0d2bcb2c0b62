"""Conformance of the whole game of Behind under simulated play (after OpenSpiel's games_sim_test).

1,024 seeded games -- 60 % "Unser Revier!" (2 players), 40 % "Das Juwel von Athen" (3 players),
every mix of random and greedy players (explorer.behind.players), the five decks in rotation,
3 to 9 turns each (``max_turns``, kept modest for CI time), a quarter on random terrain
(``setup="random"``) -- are played to the end, and:

* after EVERY action: ``state.check_invariants()`` -- no card created or lost (each player's
  piles hold exactly the cards dealt), in-play piles match the permanents, injuries stay 0-3, a
  chip is on the table exactly while its character lives, no two chips overlap, and a terminal
  state has no legal action.  Every action a player returns must be accepted by ``apply`` (the
  players promise legal actions).
* on a SAMPLE of actions -- every 5th action of a game (offset by the game number), plus the
  first one and every action while fewer than 3 samples were taken, so every game is sampled
  at least 3 times (``test_every_game_is_sampled_several_times``):
  - copies are independent: the action applied to ``state.copy()`` leaves the original's JSON
    unchanged, and the copy ends where the original does;
  - JSON round trip: ``from_json(to_json()).to_json() == to_json()``, and the loaded state
    continues identically (the same action applied to both gives equal JSON);
  - ``undo()`` restores the exact previous JSON, and re-applying gives the same state again;
  - an illegal action (a Melee between chips that do not touch; in a decision phase an EndTurn;
    a Discard of a card not in hand) raises RuleViolation, is refused by ``can`` and changes
    nothing.
* at the end: the game is terminal (a winner or the turn limit), has no legal action, refuses
  EndTurn with RuleViolation and stays unchanged.

Why sampled: ``to_json`` of a game costs 0.8-2.3 ms (it grows with the log), ``from_json`` as
much -- 3 to 10 times an action of a random player (~0.25 ms) -- so the full round trip after
every action would make the file several times slower; ``check_invariants`` (~0.03 ms) runs
after every action.  The games run in chunks in a process pool of two workers (the chunks that
the selected tests need), so the file takes about 25-35 s on two cores.
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from concurrent.futures import ProcessPoolExecutor

import pytest

from explorer.behind import actions as A
from explorer.behind.data import load_decks
from explorer.behind.game import BehindState
from explorer.behind.players import game_options, make_player
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

CHUNKS = 16
GAMES_PER_CHUNK = 64
GAMES = CHUNKS * GAMES_PER_CHUNK
SAMPLE_EVERY = 8
MIN_SAMPLES = 3
KINDS = ("random", "greedy")


def game_spec(g: int) -> dict:
    """Scenario, decks, players and turn limit of conformance game ``g``."""
    scenario = "juwel_von_athen" if g % 5 in (1, 3) else "unser_revier"
    seats = 3 if scenario == "juwel_von_athen" else 2
    ids = ("geister", "schwesternbund", "tempelritter", "vampire", "werwoelfe")
    decks = tuple(ids[(g + 2 * j) % 5] for j in range(seats))
    players = tuple(KINDS[(g // 5 >> j) & 1] for j in range(seats))
    setup = "random" if g % 4 == 2 else "auto"  # a quarter on random terrain, the rest on the scenario's own
    return {"scenario": scenario, "decks": decks, "players": players, "max_turns": 3 + g % 7, "seed": 1000 + g,
            "setup": setup}


# --------------------------------------------------------------------------------------------
# One game, checked
# --------------------------------------------------------------------------------------------
def _illegal_actions(state) -> list:
    """Actions the referee must refuse now."""
    out = [A.Discard("no-such-card")]
    if state.phase != "action":
        out.append(A.EndTurn())
        return out
    table = state.table
    mine = state.characters_of(state.active_player)
    enemies = [n for p in state.players if p != state.active_player for n in state.characters_of(p)]
    apart = next(((m, e) for m in mine for e in enemies if not table.touching(m, e)), None)
    if apart is not None:
        out.append(A.Melee(apart[0], apart[1]))
    return out


def _sampled_checks(state, action) -> BehindState:
    """The copy / JSON / undo / illegal-action checks around applying ``action``; returns the
    state after the action (the original, advanced)."""
    before = state.to_json()
    illegal = _illegal_actions(state)
    for bad in illegal:
        assert not state.can(bad), f"{bad} should be illegal in phase {state.phase}"
        with pytest.raises(RuleViolation):
            state.apply(bad)
    assert state.to_json() == before, f"refused actions changed the state: {', '.join(map(str, illegal))}"
    loaded = BehindState.from_json(before)
    assert loaded.to_json() == before, "from_json(to_json()).to_json() differs"
    twin = state.copy()
    twin.apply(action)
    assert state.to_json() == before, f"applying {action} to a copy changed the original"
    state.apply(action)
    after = state.to_json()
    assert twin.to_json() == after, "the copy and the original differ after the same action"
    loaded.apply(action)
    assert loaded.to_json() == after, "the loaded state continues differently from the original"
    state.undo()
    assert state.to_json() == before, f"undo of {action} does not restore the previous state"
    state.apply(action)
    assert state.to_json() == after, f"re-applying {action} after undo gives another state"
    return state


def play_checked(g: int, decks: dict) -> dict:
    """Play conformance game ``g`` with every check; a summary (raises AssertionError on a failure)."""
    from explorer.behind.game import new_game

    spec = game_spec(g)
    chosen = [decks[d] for d in spec["decks"]]
    state = new_game(chosen, spec["scenario"], seed=spec["seed"], setup=spec["setup"],
                     options=game_options(chosen, spec["max_turns"]))
    state.check_invariants()
    players = {name: make_player(kind) for name, kind in zip(state.players, spec["players"])}
    root = SeededRng(spec["seed"])
    rngs = {name: root.spawn(f"player {i}") for i, name in enumerate(state.players)}
    actions = samples = 0
    while not state.is_terminal():
        who = state.current_player
        action = players[who].choose(state, rngs[who])
        sample = actions == 0 or (actions + g) % SAMPLE_EVERY == 0 or samples < MIN_SAMPLES
        try:
            if sample:
                _sampled_checks(state, action)
                samples += 1
            else:
                state.apply(action)
        except RuleViolation as error:
            raise AssertionError(f"the {spec['players'][state.players.index(who)]} player's {action} was refused: "
                                 f"{error}") from error
        actions += 1
        state.check_invariants()
    # the end
    assert state.winner is not None or state.turn >= spec["max_turns"], "the game ended without winner or limit"
    assert state.current_player is None
    assert state.legal_actions().count() == 0, "a finished game has legal actions"
    final = state.to_json()
    assert not state.can(A.EndTurn())
    with pytest.raises(RuleViolation):
        state.apply(A.EndTurn())
    assert state.to_json() == final
    assert BehindState.from_json(final).to_json() == final
    for player in state.players:  # every card dealt is still somewhere
        assert len(state.piles(player).all_cards()) == len(decks[spec["decks"][state.players.index(player)]].cards)
    return {"game": g, "scenario": spec["scenario"], "players": spec["players"], "actions": actions,
            "samples": samples, "winner": state.winner, "turns": state.turn}


def check_chunk(chunk: int) -> dict:
    """Play the games of ``chunk``; failures are collected (game, spec, traceback), not raised."""
    decks = load_decks()
    summaries, failures = [], []
    for g in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        try:
            summaries.append(play_checked(g, decks))
        except Exception:  # noqa: BLE001 -- reported with the game that failed
            failures.append(f"game {g} {game_spec(g)}:\n{traceback.format_exc()}")
    return {"summaries": summaries, "failures": failures}


# --------------------------------------------------------------------------------------------
# The tests: chunks played in two worker processes
# --------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def chunk_results(request):
    """Futures of every chunk, run two at a time in worker processes."""
    wanted = range(CHUNKS)  # all of them: test_every_game_is_sampled_several_times needs every chunk
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1), mp_context=context)
    futures = {chunk: pool.submit(check_chunk, chunk) for chunk in wanted}
    yield futures
    pool.shutdown(cancel_futures=True)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_games_keep_every_invariant(chunk, chunk_results):
    result = chunk_results[chunk].result()
    assert not result["failures"], "\n\n".join(result["failures"])
    assert len(result["summaries"]) == GAMES_PER_CHUNK


def test_every_game_is_sampled_several_times(chunk_results):
    summaries = [s for chunk in range(CHUNKS) for s in chunk_results[chunk].result()["summaries"]]
    if len(summaries) < GAMES:
        pytest.fail("some conformance games failed (see test_seeded_games_keep_every_invariant)")
    assert min(s["samples"] for s in summaries) >= MIN_SAMPLES
    assert sum(s["actions"] for s in summaries) > 20 * GAMES
    scenarios = {s["scenario"] for s in summaries}
    assert scenarios == {"unser_revier", "juwel_von_athen"}
    kinds = {k for s in summaries for k in s["players"]}
    assert kinds == set(KINDS)
    assert any(s["winner"] for s in summaries) and any(not s["winner"] for s in summaries), \
        "both endings (a winner, the turn limit) should occur"


def test_game_specs_cover_both_scenarios_and_all_player_mixes():
    specs = [game_spec(g) for g in range(GAMES)]
    assert GAMES >= 1000
    revier = [s for s in specs if s["scenario"] == "unser_revier"]
    juwel = [s for s in specs if s["scenario"] == "juwel_von_athen"]
    assert len(revier) >= 600 and len(juwel) >= 400
    assert {s["players"] for s in revier} == {(a, b) for a in KINDS for b in KINDS}
    assert {s["players"] for s in juwel} == {(a, b, c) for a in KINDS for b in KINDS for c in KINDS}
    assert all(len(set(s["decks"])) == len(s["decks"]) for s in specs)
    assert {s["setup"] for s in revier} == {s["setup"] for s in juwel} == {"auto", "random"}
