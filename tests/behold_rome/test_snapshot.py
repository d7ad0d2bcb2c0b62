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
