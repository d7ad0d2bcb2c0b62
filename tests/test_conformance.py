"""One conformance suite for every registered system (explorer.core.conformance, after OpenSpiel's
random-simulation test): seeded games of every system and configuration, the invariants after every
action, copies, JSON round trips and continuation, undo, refused actions and terminal states.

A new system is covered by registering it.  The games run in chunks in a process pool of two
workers, started once for the whole file.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from explorer.core.conformance import MIN_SAMPLES, check_games, games_of, spec_table
from explorer.core.players import players_of
from explorer.core.systems import load_all

CHUNK = 64
SYSTEMS = load_all()
CHUNKS = [(name, start) for name in SYSTEMS for start in range(0, games_of(name), CHUNK)]


@pytest.fixture(scope="module")
def results():
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1), mp_context=context)
    futures = {(name, start): pool.submit(check_games, name, range(start, min(start + CHUNK, games_of(name))))
               for name, start in CHUNKS}
    yield futures
    pool.shutdown(cancel_futures=True)


@pytest.mark.parametrize("name,start", CHUNKS, ids=[f"{n}-{s}" for n, s in CHUNKS])
def test_seeded_games_keep_every_invariant(name, start, results):
    result = results[(name, start)].result()
    assert not result["failures"], "\n\n".join(result["failures"])
    assert len(result["summaries"]) == min(CHUNK, games_of(name) - start)


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_game_is_sampled_and_every_player_kind_plays(name, results):
    summaries = [s for (n, start), f in results.items() if n == name for s in f.result()["summaries"]]
    if len(summaries) < games_of(name):
        pytest.fail(f"some {name} conformance games failed (see test_seeded_games_keep_every_invariant)")
    assert min(s["samples"] for s in summaries) >= MIN_SAMPLES
    assert all(s["terminal"] for s in summaries)
    assert any(s["winner"] for s in summaries), "no game ended with a winner"
    played = {kind for s in summaries for kind in s["players"]}
    assert played == set(players_of(name)) or {"uniform"} <= played <= set(players_of(name))


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_games_cover_the_systems_configurations(name):
    """Every configuration a system registers is played by some conformance game (by its scenario,
    player count or modules), and every game's spec starts a game."""
    system = SYSTEMS[name]
    specs = spec_table(system)
    assert len(specs) == games_of(system) >= 48
    for spec in specs[:5]:
        assert not system.start(spec["config"], spec["seed"]).is_terminal()
    configs = [spec["config"] for spec in specs]
    for wanted in system.configurations.values():
        keys = [k for k in wanted if k not in ("max_turns", "decks")]
        assert any(all(c.get(k) == wanted[k] or (k == "players" and _seats(c) == _seats(wanted)) for k in keys)
                   for c in configs), f"no conformance game plays like {wanted}"


def _seats(config):
    players = config.get("players")
    return len(players) if isinstance(players, list) else players


def test_behind_games_mix_every_player_kind_scenario_and_terrain():
    specs = spec_table("behind")
    revier = [s for s in specs if s["config"]["scenario"] == "unser_revier"]
    juwel = [s for s in specs if s["config"]["scenario"] == "juwel_von_athen"]
    assert len(revier) >= 600 and len(juwel) >= 400
    kinds = ("random", "greedy", "uniform")
    assert {tuple(s["players"]) for s in revier} == {(a, b) for a in kinds for b in kinds}
    assert {tuple(s["players"]) for s in juwel} == {(a, b, c) for a in kinds for b in kinds for c in kinds}
    # issue 10: some games deal the same deck twice (legendary duels) and some are set up by hand
    doubled = [s for s in specs if len(set(s["config"]["decks"])) < len(s["config"]["decks"])]
    assert 0 < len(doubled) < len(specs) // 4
    assert {s["config"]["setup"] for s in revier} == {s["config"]["setup"] for s in juwel} == {"auto", "random", "manual"}
