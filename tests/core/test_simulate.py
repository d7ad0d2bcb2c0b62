"""The generic simulator (explorer/core/simulate.py) on every registered system.

* the same seed gives the same frame whatever runs the games: this process, a thread pool, the
  shared (reused) process pool, a dask.distributed client's executor -- with other chunk sizes;
* the shared process pool is created once and reused by the next call;
* every registered system plays a few games of every one of its configurations with the uniform
  player, and its frame has the generic columns, then the system's own (``[P]`` once per player);
* ``rulings=`` lays ruling switches over the configuration; a row's seed replays its game;
* a game that does not end within ``max_actions`` is stopped and says so (``end``, ``finished``).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

from explorer.core import simulate as sim
from explorer.core import systems
from explorer.core.players import make_player, play
from explorer.core.rulings import Rulings
from explorer.core.simulate import COLUMNS, columns_of, game_seed, process_pool, simulate

SYSTEMS = systems.load_all()
BEHIND_SMALL = {"decks": ["vampire", "schwesternbund"], "scenario": "unser_revier", "max_turns": 8}
RUNS = {  # (system, config, players): short games with players that draw from their generators
    "behind": ("behind", BEHIND_SMALL, ("greedy", "random")),
    "beyond": ("beyond", "basic_3", ("greedy", "random", "uniform")),
}
SINGLE_PILE = {"beyond.second-draw-pile": "single-pile"}


@pytest.fixture(scope="module", params=sorted(RUNS))
def run(request):
    """(system, config, players, the frame of 6 games played in this process)."""
    name, config, players = RUNS[request.param]
    return name, config, players, simulate(name, 6, config, players, seed=4)


# -- the same frame whatever runs the games -------------------------------------------------------
def test_same_seed_same_frame_another_seed_another(run):
    name, config, players, reference = run
    pd.testing.assert_frame_equal(simulate(name, 6, config, players, seed=4), reference)
    assert list(reference["seed"]) == [game_seed(4, k) for k in range(6)]
    assert list(reference["game"]) == list(range(6))
    assert list(simulate(name, 6, config, players, seed=5)["seed"]) != list(reference["seed"])


def test_a_thread_pool_gives_the_same_frame(run):
    name, config, players, reference = run
    with ThreadPoolExecutor(3) as pool:
        pd.testing.assert_frame_equal(simulate(name, 6, config, players, seed=4, executor=pool, chunk_size=1),
                                      reference)


def test_the_shared_process_pool_gives_the_same_frame_and_is_reused(run):
    name, config, players, reference = run
    pool = process_pool(2)
    frame = simulate(name, 6, config, players, seed=4, parallel_threshold=1, workers=2)  # executor=None: the pool
    pd.testing.assert_frame_equal(frame, reference)
    assert process_pool(2) is pool
    again = simulate(name, 6, config, players, seed=4, executor=pool, chunk_size=4)
    pd.testing.assert_frame_equal(again, reference)
    assert process_pool(2) is pool and sim._POOLS[2] is pool


def test_a_dask_executor_gives_the_same_frame(run):
    import distributed  # the `test` extra installs it: never skipped

    name, config, players, reference = run
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        frame = simulate(name, 6, config, players, seed=4, executor=client.get_executor(), chunk_size=2)
    pd.testing.assert_frame_equal(frame, reference)


def test_a_shut_down_pool_is_replaced():
    pool = process_pool(1)
    assert process_pool(1) is pool
    sim.shutdown_pools()
    assert not sim._POOLS
    fresh = process_pool(1)
    assert fresh is not pool and process_pool(1) is fresh
    frame = simulate("beyond", 2, "basic_2", seed=1, parallel_threshold=1, workers=1)
    pd.testing.assert_frame_equal(frame, simulate("beyond", 2, "basic_2", seed=1))


# -- every system, every configuration ------------------------------------------------------------
@pytest.mark.parametrize("name,configuration", [(name, c) for name, s in SYSTEMS.items() for c in s.configurations])
def test_every_configuration_simulates_with_the_uniform_player(name, configuration):
    system = SYSTEMS[name]
    # uniform Behind games are slow (every action lists the legal ones): stop them after 30 actions
    limit = 30 if name == "behind" else sim.MAX_ACTIONS
    frame = simulate(name, 2, configuration, seed=7, max_actions=limit)
    seats = list(system.start(system.configuration(configuration), game_seed(7, 0)).players)
    assert len(frame) == 2 and list(frame["game"]) == [0, 1]
    assert set(frame["players"]) == {",".join(["uniform"] * len(seats))}
    _assert_columns(frame, system, seats)
    stopped = frame["end"] == sim.LIMIT_END
    assert (frame.loc[stopped, "actions"] == limit).all() and not frame.loc[stopped, "finished"].any()
    assert (frame.loc[stopped, "winners"] == "").all()
    assert (frame.loc[~stopped, "actions"] < limit).all()
    simulation = system.simulation
    assert (frame["finished"] == ~frame["end"].isin([*simulation.limits, sim.LIMIT_END])).all()
    for row in frame.itertuples():
        for winner in filter(None, row.winners.split(",")):
            assert winner in seats


def _assert_columns(frame, system, seats):
    simulation = system.simulation
    assert simulation is not None, f"{system.name} registers no Simulation"
    generic = [c for c in COLUMNS if c != "turns" or hasattr(system.start(system.configuration(), 0), "turn")]
    expected = generic + simulation.singles + [f"{key}[{p}]" for key in simulation.per_player for p in seats]
    assert list(frame.columns) == expected
    assert frame.attrs["columns"] == columns_of(system) == {**COLUMNS, **simulation.columns}
    assert all(isinstance(text, str) and len(text) > 10 for text in frame.attrs["columns"].values())
    assert str(frame["game"].dtype) == "int64" and str(frame["seed"].dtype) == "uint64"
    assert str(frame["finished"].dtype) == "bool" and str(frame["actions"].dtype) == "int64"


def test_the_systems_own_columns_appear(run):
    name, config, players, reference = run
    system = SYSTEMS[name]
    seats = list(system.start(system.configuration(config), game_seed(4, 0)).players)
    _assert_columns(reference, system, seats)
    assert reference["players"].iloc[0] == ",".join(players)
    if name == "behind":
        assert {"first_player", "first_blood", "eliminations", "eliminated[Vampire]"} <= set(reference.columns)
        assert str(reference["winner_seat"].dtype) == "Int64"
        assert set(reference["first_player"]) <= set(seats)
    else:
        assert {"score[P1]", "cards[P3]", "enchantments[P2]"} <= set(reference.columns)
        assert set(reference["end"]) <= {"nian_shou", "enchantments", "draw_pile"}


# -- rulings, replays, limits, arguments ----------------------------------------------------------
def test_rulings_are_laid_over_the_configuration():
    switched = simulate("beyond", 4, "basic_2", seed=3, rulings=SINGLE_PILE)
    named = simulate("beyond", 4, "single_pile_2", seed=3)
    assert switched.attrs["config"]["rulings"] == SINGLE_PILE
    pd.testing.assert_frame_equal(switched, named)
    as_object = simulate("beyond", 4, "basic_2", seed=3, rulings=Rulings(SINGLE_PILE))
    pd.testing.assert_frame_equal(as_object, switched)
    assert not simulate("beyond", 4, "basic_2", seed=3).equals(switched)


def test_the_systems_simulate_take_rulings_too():
    from explorer.behind.simulate import simulate as behind_simulate
    from explorer.beyond.simulate import simulate as beyond_simulate

    frame = beyond_simulate(4, ["greedy", "greedy"], seed=3, rulings=SINGLE_PILE)
    assert frame.attrs["rulings"] == SINGLE_PILE
    generic = simulate("beyond", 4, "single_pile_2", ["greedy", "greedy"], seed=3)
    assert list(frame["winners"]) == list(generic["winners"]) and list(frame["actions"]) == list(generic["actions"])
    ruling = next(r for r in SYSTEMS["behind"].rulings if len(getattr(r, "options", ()) or ()) > 1)
    other = next(o for o in ruling.options if o != ruling.default)
    frame = behind_simulate(2, ["vampire", "schwesternbund"], seed=1, max_turns=4, rulings={ruling.id: other})
    assert frame.attrs["rulings"] == {ruling.id: other} and len(frame) == 2


def test_a_rows_seed_replays_its_game(run):
    name, config, players, reference = run
    system = SYSTEMS[name]
    for row in reference.head(2).itertuples():
        state = system.start(system.configuration(config), int(row.seed))
        counted = _Count()
        play(state, {who: make_player(system, spec) for who, spec in zip(state.players, players)}, seed=int(row.seed),
             observer=counted)
        winners = getattr(state, "winners", None) or ([state.winner] if state.winner is not None else [])
        assert (",".join(winners), counted.actions, state.turn) == (row.winners, row.actions, row.turns)


class _Count:
    actions = 0

    def before(self, state, who, action):
        pass

    def after(self, state, who, action, events):
        self.actions += 1


def test_invariants_can_be_checked_after_every_action():
    frame = simulate("beyond", 2, "advanced_4", ["patient", "uniform", "greedy", "random"], seed=2,
                     check_invariants=True)
    assert frame["finished"].all()


def test_bad_arguments_are_refused_before_any_game():
    with pytest.raises(ValueError, match="unknown player"):
        simulate("beyond", 1, "basic_2", ["greedy", "clever"])
    with pytest.raises(ValueError, match="3 players .* need 3 player specs"):
        simulate("beyond", 1, "basic_3", ["greedy", "greedy"])
    with pytest.raises(ValueError, match="whole number"):
        simulate("beyond", -1)
    with pytest.raises(systems.RegistryError):
        simulate("chess", 1)
    with pytest.raises(systems.RegistryError, match="no configuration"):
        simulate("beyond", 1, "basic_9")
    empty = simulate("beyond", 0, "basic_2")
    assert empty.empty and "score[P2]" in empty.columns


def test_chunks_are_small_for_uneven_games():
    assert sim.chunk_size_for(1000, 2) == sim.MAX_CHUNK
    assert sim.chunk_size_for(64, 2) == 4  # 16 chunks: 8 per worker
    assert sim.chunk_size_for(3, 8) == 1


def test_progress_bar_can_be_forced(capsys):
    simulate("beyond", 2, "basic_2", progress=True, desc="two games")
    assert "two games" in capsys.readouterr().err
