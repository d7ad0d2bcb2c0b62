"""The undo snapshot a Behold: Rome state keeps for every action (``BeholdRomeState._snapshot``, a packed tuple)
puts back exactly the data it was taken of, independent of it."""

import json

from explorer.behold_rome.game import _packed, _unpacked
from explorer.behold_rome.game_rules import copy_data
from explorer.behold_rome.players import RandomPlayer
from explorer.behold_rome.system import CONFIGURATIONS, start
from explorer.core.rng import SeededRng


def _plain(d: dict) -> str:
    return json.dumps({k: (v.to_json() if k == "deck" else v) for k, v in d.items()}, sort_keys=False)


def test_a_packed_snapshot_unpacks_to_an_independent_copy_and_undo_walks_a_game_back():
    """behold-rome-rulebook.txt, "Holding the Game": the deck as held -- stack, hand, the cards set aside, stored
    and controlled marks -- and the actions resolving are put back by undo exactly as they were, action by action
    back to the first; the copy a snapshot unpacks to shares nothing that changes with the state it was taken of."""
    for name in ("normal", "fluid_hard"):
        state, rng, player = start(CONFIGURATIONS[name], 5), SeededRng(5), RandomPlayer()
        seen = []
        while not state.is_terminal():
            d = state._data
            seen.append((_plain(d), state.to_json()))
            twin = _unpacked(_packed(d))
            assert _plain(twin) == _plain(d) and list(twin) == list(d)
            twin["deck"].stack.reverse()
            twin["deck"].hand.clear()
            for f in twin["frames"]:
                f["costs"]["discard"] += 1
                f["benefits"].clear()
                f["touched"].append("x")
            assert _plain(d) == seen[-1][0] and _plain(copy_data(d)) == seen[-1][0]
            state.apply(player.choose(state, rng))
        for plain, saved in reversed(seen):
            state.undo()
            assert _plain(state._data) == plain and state.to_json() == saved
            assert state._data["deck"].level(state._data["deck"].stack[0][0]) == state._data["deck"].stack[0][1]


def test_undo_from_the_last_snapshot_performs_the_actions_since_again():
    """behold-rome-rulebook.txt, "Holding the Game": a snapshot is kept every ``CHECKPOINT_EVERY`` actions, and undo
    performs the actions since the last one again -- for a loaded game too (its history longer than its undo entries:
    undo stops where the save began) and for a copy, whose undo leaves the original as it is."""
    from explorer.behold_rome.game import CHECKPOINT_EVERY, BeholdRomeState

    state, rng, player = start(CONFIGURATIONS["normal"], 3), SeededRng(3), RandomPlayer()
    for _ in range(2 * CHECKPOINT_EVERY + 3):
        state.apply(player.choose(state, rng))
    assert any(s is None for s, _ in state._undo) and state._undo[0][0] is not None
    loaded = BeholdRomeState.from_json(state.to_json())
    original = state.to_json()
    seen = []
    for _ in range(3 * CHECKPOINT_EVERY + 1):
        seen.append(loaded.to_json())
        loaded.apply(player.choose(loaded, rng))
    twin = loaded.copy()
    for saved in reversed(seen):
        twin.undo()
        assert twin.to_json() == saved
    try:
        twin.undo()
        raise AssertionError("undo went back past the save")
    except IndexError:
        pass
    assert loaded.to_json() != twin.to_json() and state.to_json() == original


def test_an_action_that_fails_midway_leaves_the_state_as_it_was():
    """An action whose performing raises (a bug, not a rule: the rules refuse before) is taken back whole, whether
    a snapshot was taken before it or the data is rebuilt from the last one."""
    from explorer.behold_rome.game import CHECKPOINT_EVERY

    state, rng, player = start(CONFIGURATIONS["normal"], 4), SeededRng(4), RandomPlayer()
    for k in range(CHECKPOINT_EVERY + 2):
        before = state.to_json()
        action = player.choose(state, rng)
        real = state._perform

        def failing(a):
            real(a)
            raise RuntimeError("midway")

        state._perform = failing
        state._trials = {}  # performed, not taken from its trial
        try:
            state.apply(action)
            raise AssertionError("no failure")
        except RuntimeError:
            pass
        del state._perform
        assert state.to_json() == before, k
        state.apply(action)
