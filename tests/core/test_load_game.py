"""Saved games are never trusted: ``explorer.load_game`` deals the game again from its origin and
replays its history through the referee, so a changed or malformed save is refused with an
InputError naming the field, and what loads is a game the rules produced.

Issue 10 found saves that loaded and played on with a card duplicated into a supply,
``actions_left = 10**9``, ``active = -1`` or a NaN turn, bare ``KeyError: 'rng'`` for a missing key
and ``KeyError: 'cards'`` for another system's save; each is a test here, then random corruptions.
"""

from __future__ import annotations

import copy
import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer.core.inputs import InputError
from explorer.core.systems import get, load_all
from tests.corruptions import HOW, VALUES, corrupt

load_all()


def _played(name: str, seed: int = 3):
    from explorer.core.players import make_player
    from explorer.core.rng import SeededRng

    state, player, rng = get(name).new_game(seed=seed), make_player(name, "random"), SeededRng(seed)
    for _ in range(40):  # part of a game: a save in the middle of play
        if state.is_terminal():
            break
        state.apply(player.choose(state, rng))
    return state


SAVES = {name: _played(name).to_json() for name in ("behind", "beyond")}


def _refused(save, match: str | None = None) -> InputError:
    with pytest.raises(InputError) as error:
        explorer.load_game(save)
    if match is not None:
        assert match in str(error.value), str(error.value)
    return error.value


@pytest.mark.parametrize("name", SAVES)
def test_a_save_loads_exactly_and_as_json_text(name):
    save = SAVES[name]
    assert explorer.load_game(save).to_json() == save
    assert explorer.load_game(json.dumps(save)).to_json() == save


def _pile_with_cards(save):
    """(player, zone) of a Behind save's first non-empty zone."""
    for player, piles in save["data"]["piles"].items():
        for zone, cards in piles["zones"].items():
            if cards:
                return player, zone
    raise AssertionError("no card anywhere")


def test_behind_the_saves_issue_10_found_loading_are_refused_naming_the_field():
    save = SAVES["behind"]
    player, zone = _pile_with_cards(save)
    doubled = copy.deepcopy(save)
    doubled["data"]["piles"][player]["zones"][zone].append(doubled["data"]["piles"][player]["zones"][zone][0])
    assert _refused(doubled).field == f"data.piles.{player}.zones.{zone}"
    for field, value in (("actions_left", 10**9), ("active", -1), ("turn", math.nan)):
        changed = copy.deepcopy(save)
        changed["data"][field] = value
        assert _refused(changed).field == f"data.{field}"
    missing = copy.deepcopy(save)
    del missing["data"]["rng"]
    assert _refused(missing).field == "data.rng"


def test_a_save_of_another_format_version_is_refused():
    for name, save in SAVES.items():
        assert save["version"] == 1
        _refused({**save, "version": 2}, "field 'version'")
        _refused({**save, "version": True}, "field 'version'")


def test_behind_state_json_is_checked_against_the_decks_it_was_dealt_from():
    """``BehindState.from_json`` (the system's own JSON, no replay) still counts the cards against
    the origin's decks: a card duplicated into a supply is refused, not taken as the new census."""
    from explorer.behind.game import BehindState

    save = copy.deepcopy(SAVES["behind"])
    player, zone = _pile_with_cards(save)
    save["data"]["piles"][player]["zones"][zone].append(save["data"]["piles"][player]["zones"][zone][0])
    with pytest.raises(InputError, match=f"data.piles.{player}"):
        BehindState.from_json(save)
    BehindState.from_json(SAVES["behind"]).check_invariants()


def test_another_systems_save_or_none_is_refused_not_a_key_error():
    behind_as_beyond = {**SAVES["behind"], "system": "beyond"}
    _refused(behind_as_beyond)
    _refused({**SAVES["behind"], "system": "chess"}, "expected the name of a registered system")
    _refused({k: v for k, v in SAVES["behind"].items() if k != "system"}, "field 'system'")
    _refused([1, 2, 3], "a saved game: a JSON object")
    _refused('{"system": "behind", "turn": NaN}', "finite numbers only")
    _refused("[" * 200_000, "nested less deeply")
    _refused("{" + " " * 9_000_000 + "}", "at most 8,000,000 characters")


def test_behind_origin_and_history_are_checked_before_any_rule():
    save = SAVES["behind"]
    cases = {
        "origin.scenario": ("scenario", "../../etc/passwd"),
        "origin.seed": ("seed", "5"),
        "origin.setup": ("setup", "by hand"),
    }
    for field, (key, value) in cases.items():
        changed = copy.deepcopy(save)
        changed["origin"][key] = value
        error = _refused(changed)
        assert error.field == field and "passwd" not in str(error.expected), error
    card = save["origin"]["decks"][0]["cards"][0]
    changed = copy.deepcopy(save)
    changed["cards"][card]["fate"] = 99
    assert _refused(changed).field == f"cards.{card}.fate"
    changed = copy.deepcopy(save)
    changed["origin"]["decks"][1]["characters"].append(changed["origin"]["decks"][1]["characters"][0])
    assert _refused(changed).field.startswith("origin.decks[1].characters[")  # was a RecursionError in a duel
    changed = copy.deepcopy(save)
    changed["history"].append({"kind": "turn", "chip": "x", "facing": True})
    assert _refused(changed).field == "facing" and "history" in _refused(changed).source
    changed = copy.deepcopy(save)
    changed["history"][-1] = {"kind": "end-turn", "extra": 1}
    assert _refused(changed).field == "extra"


def _corruptions():
    """A save and a random change somewhere in it (:mod:`tests.corruptions`)."""
    return st.tuples(st.sampled_from(sorted(SAVES)), st.integers(0, 10**9), HOW, VALUES)


OUTCOMES: dict[str, int] = {}


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_corruptions())
def test_random_corruptions_are_refused_naming_a_field_or_load_a_consistent_game(case):
    """Any value replaced, key dropped or item doubled anywhere in a save: a clear InputError (or,
    where the change does not matter, the very same game) -- never another exception."""
    name, pick, how, value = case
    save = copy.deepcopy(SAVES[name])
    path = corrupt(save, pick, how, value)
    try:
        loaded = explorer.load_game(save)
    except InputError as error:
        assert error.source and str(error), path
        OUTCOMES["refused"] = OUTCOMES.get("refused", 0) + 1
        return
    # it loaded: then it is a game the rules produced, equal to the (changed) save
    assert loaded.to_json() == save, path
    get(name).check_invariants(loaded)
    OUTCOMES["loaded"] = OUTCOMES.get("loaded", 0) + 1
