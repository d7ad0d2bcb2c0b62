"""Replaying a saved game (explorer/behind/replay.py) and the origin a game records (game.py).

"The Course of the Game" (behind-2003-rulebook.txt): a game is its sequence of actions, each
checked by the referee.  A saved game records how it was dealt (its origin) and its history, so
dealing it again and re-applying the history must reproduce the saved game exactly -- for a
simulated game and for one announced by hand -- and a record the rules refuse, or a state changed
behind the referee's back, must be caught.
"""

import json

import pytest

from explorer.behind.actions import Defend, Deploy, EndTurn, Melee, Move, PlaceObstacle
from explorer.behind.data import load_decks
from explorer.behind.game import BehindState, GameOptions, new_game
from explorer.behind.players import play_game
from explorer.behind.position import from_position
from explorer.behind.replay import (
    ReplayError,
    ReplayMismatch,
    decks_from_origin,
    game_from_origin,
    jewel_path,
    replay,
    replay_states,
    undo_chain,
)
from tests.behind.game_fixtures import LUDWIG, SAHRA, SISTERS, VAMPIRE, duel_game


@pytest.fixture(scope="module")
def decks():
    return load_decks()


@pytest.fixture(scope="module")
def simulated(decks):
    """A whole game of "Unser Revier!" between two greedy players."""
    return play_game([decks["vampire"], decks["schwesternbund"]], seed=1)


@pytest.fixture(scope="module")
def jewel_game(decks):
    """A three-player game of "Das Juwel von Athen" in which the jewel changes hands."""
    return play_game([decks["geister"], decks["tempelritter"], decks["vampire"]], "juwel_von_athen",
                     players=("greedy",) * 3, seed=10, max_turns=60)


def by_hand():
    """Ludwig (Vampire) and Sahra (Schwesternbund): fixed decks, dealt without shuffling."""
    return duel_game([9, 9, 9, 9, 9, 9], [1, 5, 5, 5, 5, 5])


# -- the origin ----------------------------------------------------------------------------------
def test_a_new_game_records_its_origin_and_the_json_round_trip_keeps_it(decks):
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=5)
    origin = state.origin
    assert [d["society"] for d in origin["decks"]] == ["Vampire", "Schwesternbund"]
    assert origin["decks"][0]["cards"] == [c.id for c in decks["vampire"].cards]
    assert [c["name"] for c in origin["decks"][1]["characters"]] == [c.name for c in decks["schwesternbund"].characters]
    assert (origin["scenario"], origin["seed"], origin["shuffle"], origin["setup"]) == ("unser_revier", 5, True, "auto")
    assert origin["players"] == list(state.players)
    saved = state.to_json()
    assert json.loads(json.dumps(saved))["origin"] == origin
    assert BehindState.from_json(saved).to_json() == saved
    saved["origin"]["seed"] = 99  # the JSON is a copy: changing it leaves the game alone
    assert state.origin["seed"] == 5


def test_the_origin_deals_the_same_game_again(decks):
    """The Beginning: shuffled supplies and the influence duel come out the same from the origin."""
    state = new_game([decks["geister"], decks["werwoelfe"]], "unser_revier", seed=3, setup="random")
    fresh = game_from_origin(state.origin, state.cards)
    assert fresh.to_json() == state.to_json()
    rebuilt = decks_from_origin(state.origin, state.cards)
    assert [d.cards for d in rebuilt] == [decks["geister"].cards, decks["werwoelfe"].cards]


def test_an_unshuffled_origin_lists_the_cards_in_dealt_order():
    """With shuffle=False the first card listed is the top card: the influence duel turns it up."""
    state = by_hand()
    first = state.origin["decks"][0]["cards"]
    assert state.origin["shuffle"] is False
    assert state.piles(VAMPIRE).discard[0].id == first[0]  # turned up by the duel
    assert [c.id for c in state.hand(VAMPIRE)] == first[1:6]


# -- replaying -------------------------------------------------------------------------------------
def test_replay_of_a_simulated_game_reproduces_it_exactly(simulated):
    record = replay(simulated)
    assert len(record.states) == len(simulated.history) + 1
    assert record.final.to_json() == simulated.to_json()
    assert [len(s.history) for s in record.states] == list(range(len(record.states)))
    assert record.states[0].history == [] and record.states[0].phase == "terrain"


def test_replay_accepts_the_saved_json_as_dict_or_string(simulated):
    saved = simulated.to_json()
    from_text = replay_states(json.dumps(saved))
    from_dict = replay_states(saved)
    assert from_text[-1].to_json() == from_dict[-1].to_json() == saved


def test_replay_of_a_three_player_jewel_game_reproduces_it(jewel_game):
    assert replay(jewel_game.to_json()).final.to_json() == jewel_game.to_json()


def test_a_table_changed_behind_the_referees_back_is_a_mismatch():
    state = by_hand()
    chip = state.table.chips[0]
    state.data.table = state.table.turn(chip.name, chip.facing + 90.0)  # tampering on purpose: not an action
    with pytest.raises(ReplayMismatch) as caught:
        replay(state)
    assert caught.value.key.startswith("data.table")


def test_replay_of_a_setup_and_melee_announced_by_hand(decks):
    """"Unser Revier!" set up by hand, then Ludwig walks to Sahra, attacks and she defends (Melee Combat)."""
    game = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1, setup="manual")
    for obstacle in game.scenario.obstacles:
        centre = obstacle.polygon.centroid
        game.apply(PlaceObstacle(obstacle.name, round(centre.x, 1), round(centre.y, 1)))
    sisters = [(49, 31), (49, 38), (53, 42), (45, 42), (49, 46)]
    vampires = [(49, 4), (42, 4), (56, 4), (63, 4)]
    game.apply(Deploy(tuple((n, x, y, 270.0) for n, (x, y) in zip(game.characters_of(SISTERS), sisters))))
    game.apply(Deploy(tuple((n, x, y, 90.0) for n, (x, y) in zip(game.characters_of(VAMPIRE), vampires))))
    game.apply(EndTurn())
    for card in sorted(game.hand(VAMPIRE), key=lambda c: -c.movement_range * c.movement_number)[:2]:
        y, legs = game.table.chip(LUDWIG.name).y, []
        for _ in range(card.movement_number):  # straight north, leg by leg, until the chips touch
            y = min(y + card.movement_range - 0.01, 28.0)
            legs.append((LUDWIG.name, 49.0, y, 90.0))
        game.apply(Move(card.id, tuple(legs)))
    assert game.table.touching(LUDWIG.name, SAHRA.name)
    game.apply(Melee(LUDWIG.name, SAHRA.name, card=game.hand(VAMPIRE)[0].id))
    game.apply(Defend(None))
    record = replay(json.dumps(game.to_json()))
    assert record.final.to_json() == game.to_json()
    assert [s.action for s in record.steps[1:]] == game.history
    assert record.steps[-1].player == SISTERS and record.steps[-1].action == Defend(None)


def test_replay_of_moves_melee_and_defence_announced_by_hand(decks):
    game = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1)
    player = game.current_player
    sahra = game.table.chip(SAHRA.name)
    card = max(game.hand(player), key=lambda c: c.movement_range)
    game.apply(Move(card.id, ((SAHRA.name, sahra.x, sahra.y, None),)))
    game.apply(EndTurn())
    record = replay(game)
    assert record.final.to_json() == game.to_json()
    assert record.steps[-1].action == EndTurn() and record.steps[-1].player == player
    assert record.steps[-2].action.kind == "move"


def test_each_step_holds_the_events_its_action_caused(simulated):
    record = replay(simulated)
    joined = [e for step in record.steps for e in step.events]
    assert joined == simulated.log
    for step, before in zip(record.steps[1:], record.states):
        assert step.player == before.current_player
        assert all(e.rule is not None for e in step.events if e.kind != "note")


def test_a_record_the_referee_refuses_is_named_with_its_step_and_rule(simulated):
    saved = simulated.to_json()
    melee = next(i for i, a in enumerate(saved["history"]) if a["kind"] == "melee")
    saved["history"][melee] = Melee(LUDWIG.name, "nobody").to_json()
    with pytest.raises(ReplayError, match=rf"step {melee + 1}: the referee refuses"):
        replay(saved)


def test_a_changed_result_is_a_mismatch(simulated):
    saved = simulated.to_json()
    saved["data"]["turn"] += 1
    with pytest.raises(ReplayMismatch, match="data.turn"):
        replay(saved)
    assert replay(saved, check=False).final.to_json()["data"]["turn"] == simulated.turn


def test_a_game_without_origin_cannot_be_replayed(simulated):
    saved = simulated.to_json()
    del saved["origin"]  # a game saved before origins were recorded
    assert BehindState.from_json(saved).origin is None
    with pytest.raises(ReplayError, match="no origin"):
        replay(saved)


def test_the_undo_chain_of_a_live_game_gives_the_same_states_as_the_replay(simulated):
    chain, record = undo_chain(simulated), replay(simulated)
    assert [s.to_json() for s in chain.states] == [s.to_json() for s in record.states]
    assert [s.events for s in chain.steps] == [s.events for s in record.steps]
    assert chain.final.to_json() == simulated.to_json()  # copies: the live game is untouched


def test_a_loaded_game_has_no_undo_snapshots_so_its_chain_starts_there(simulated):
    loaded = BehindState.from_json(simulated.to_json())
    chain = undo_chain(loaded)
    assert len(chain.states) == 1 and chain.final.to_json() == simulated.to_json()


# -- the Jewel of Athens ---------------------------------------------------------------------------
def test_jewel_path_follows_the_bearer_and_changes_hands(jewel_game):
    """"Das Juwel von Athen": the victor over the bearer in melee carries the jewel on."""
    states = replay_states(jewel_game)
    path = jewel_path(states)
    assert path and path[0].bearer is not None
    first_step = next(i for i, s in enumerate(states) if s.data.jewel is not None)
    assert path[0].step == first_step  # no point before the bearer is named (deployment)
    for point in path:
        state = states[point.step]
        chip = state.table.chip(point.bearer)
        assert (point.x, point.y) == (chip.x, chip.y) and point.turn == state.turn
    bearers = [p.bearer for p in path]
    changes = [b for i, b in enumerate(bearers) if i == 0 or b != bearers[i - 1]]
    assert len(changes) >= 3
    assert jewel_game.winner is not None and path[-1].bearer in jewel_game.characters_of(jewel_game.winner)


def test_jewel_on_the_ground_is_where_the_bearer_fell():
    """"his character chip is turned over at the place where it last lay": the path shows it there."""
    state = new_game([load_decks()["vampire"], load_decks()["schwesternbund"], load_decks()["werwoelfe"]],
                     "juwel_von_athen", seed=1, options=GameOptions(character_points=30))
    bearer = state.jewel_bearer()
    chip = state.table.chip(bearer)
    position = state.position()
    position["jewel"] = {"x": chip.x, "y": chip.y}  # where the bearer lay
    state = from_position(position, options=state.options)
    (point,) = jewel_path([state])
    assert not point.carried and (point.x, point.y) == (chip.x, chip.y)


def test_no_jewel_no_path(simulated):
    assert jewel_path(replay_states(simulated)) == []
