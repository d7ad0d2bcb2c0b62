"""Hostile inputs (issue 10): corrupted saves, positions and components files.

Each corruption deletes, replaces, duplicates or moves random keys and values (wrong types, NaN,
huge numbers, deep nesting, a card into a second pile ...).  Every outcome must be a refusal that
names the field (InputError, PositionError: ValueErrors) or a state whose invariants hold and
that plays on -- never another exception, a hang or a silently bad state.

``audit(kind, n, seed)`` runs ``n`` seeded corruptions and counts how each ended; the audit
tests run a few hundred, ``BEYOND_HOSTILE_N=2000 pytest -s tests/beyond/test_hostile_inputs.py``
runs (and prints) more.
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import time
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.beyond import system
from explorer.beyond.data import SPIRITS_FILE, Components
from explorer.beyond.game import BeyondState, new_game
from explorer.beyond.position import from_position
from explorer.core.inputs import InputError
from explorer.core.positions import PositionError

AUDIT_N = int(os.environ.get("BEYOND_HOSTILE_N", "300"))
SLOW = 2.0
"""Seconds: a load taking longer counts as a hang."""


# -- genuine inputs -------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def genuine_saves() -> tuple[str, ...]:
    """Saves (JSON text) of games in every phase: each configuration, stopped at random points,
    finished games, and games set up from positions."""
    out = []
    rng = random.Random(7)
    for k, (name, config) in enumerate(sorted(system.CONFIGURATIONS.items())):
        for seed in range(2):
            state = system.start(config, seed=seed)
            player = system.PatientRandomPlayer(0.8)
            stops = {rng.randrange(1, 120) for _ in range(3)}
            step = 0
            while not state.is_terminal():
                state.apply(player.choose(state, rng))
                step += 1
                if step in stops:
                    out.append(json.dumps(state.to_json()))
            if k % 3 == 0:
                out.append(json.dumps(state.to_json()))
    for position in genuine_positions()[:4]:
        state = from_position(position, seed=3)
        for _ in range(rng.randrange(0, 6)):
            if state.is_terminal():
                break
            state.apply(rng.choice(list(state.legal_actions())))
        out.append(json.dumps(state.to_json()))
    return tuple(out)


@lru_cache(maxsize=None)
def genuine_positions() -> tuple:
    """Positions written by hand (descriptions, defaults) and written by ``state.position()``."""
    hand = [
        {"players": ["Ann", "Bob"]},
        {"players": [{"name": "Ann", "spirit": ["TS yang", "AD head"], "captures": ["VB"], "tokens": 2},
                     {"name": "Bob", "patterns": ["TS"], "nian": 2}],
         "phase": "act", "draw_top": ["YU horn yin"], "discard": ["MT"]},
        {"players": ["Ann", "Bob", "Cy"], "phase": "collect", "active": "Bob", "turn": 2,
         "revealed": ["TS01", "VB", "TS yang"]},
        {"players": [{"name": "Ann", "spirit": ["TS01", "TS02"], "protected": ["TS01"], "tokens": 1},
                     {"name": "Bob", "patterns": [{"spirit": "AD", "lotus": True}], "lotus": 1}],
         "phase": "place", "to_place": ["VB01"], "options": {"protection": True, "summoning": True}},
        {"players": ["Ann", "Bob"], "rulings": {"beyond.supply-tokens": 5, "beyond.second-draw-pile": "single-pile"},
         "phase": "reveal", "revealed": ["YU", "MT head"]},
    ]
    written = []
    rng = random.Random(11)
    for seed in range(4):
        state = system.start(system.CONFIGURATIONS["advanced_2" if seed % 2 else "basic_3"], seed=seed)
        player = system.PatientRandomPlayer(0.8)
        for _ in range(rng.randrange(5, 150)):
            if state.is_terminal():
                break
            state.apply(player.choose(state, rng))
        written.append(state.position())
    return tuple(hand + written)


def genuine_components() -> dict:
    return json.loads(SPIRITS_FILE.read_text(encoding="utf-8"))


# -- corrupting -----------------------------------------------------------------------------------
CARD_IDS = [f"{c}{i:02d}" for c in ("TS", "VB", "AD", "MT", "YU") for i in range(1, 17)] + \
    [f"NS{i}" for i in range(1, 7)]


def deep(levels: int, kind: str):
    value: object = 0
    for _ in range(levels):
        value = [value] if kind == "list" else {"a": value}
    return value


def hostile_value(rng: random.Random, old):
    """A value to put where ``old`` was: another type, a bound broken, NaN, deep nesting ..."""
    choices = [
        None, True, False, 0, -1, 1, 2, 7, 10 ** 9, 10 ** 12, -(10 ** 12), 2 ** 70, 10 ** 400, 0.5, -0.0,
        float("nan"), float("inf"), -float("inf"), 1e308, "", "x", "TS01", "NS1", "P1", "P9", "over",
        "behind", "../../etc/passwd", "é" * 50, "x" * 100_000, [], {}, [None], {"": None},
        list(range(2000)), ["TS01"] * 100, deep(3000, "list"), deep(3000, "dict"), deep(40, "list"),
        rng.choice(CARD_IDS), rng.randrange(-5, 30),
    ]
    if isinstance(old, bool):
        choices += [not old, int(old)]
    elif isinstance(old, int):
        choices += [old + 1, old - 1, -old, old * 1000, float(old) if abs(old) < 1e300 else old, str(old)]
    elif isinstance(old, str):
        choices += [old.lower(), old + " ", old * 2, [old]]
    elif isinstance(old, list):
        choices += [old + old, old[::-1], old[1:], tuple(old), [old]]
    elif isinstance(old, dict):
        choices += [list(old), list(old.values())]
    return rng.choice(choices)


def walk(rng: random.Random, root):
    """A random (container, key) in ``root``, top-level sections weighted, then a random descent."""
    container, key = None, None
    node = root
    depth = 0
    while isinstance(node, (dict, list)) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if depth == 0 and isinstance(node, dict) and "data" in node:
            weights = [8 if k == "data" else 1 for k in keys]
            k = rng.choices(keys, weights)[0]
        else:
            k = rng.choice(keys)
        container, key = node, k
        node = node[k]
        depth += 1
        if rng.random() < 0.25:
            break
    return container, key


def clone(value):
    """A deep copy (the value itself when nested too deeply to copy: sharing it is harmless)."""
    try:
        return copy.deepcopy(value)
    except RecursionError:
        return value


def corrupt(rng: random.Random, data):
    """``data`` (a JSON value) with 1 to 3 random corruptions."""
    data = clone(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        container, key = walk(rng, data)
        if container is None:
            return hostile_value(rng, data)
        op = rng.choice(("delete", "replace", "replace", "duplicate", "move", "add", "tweak"))
        old = container[key]
        if op == "delete":
            del container[key]
        elif op == "replace":
            container[key] = hostile_value(rng, old)
        elif op == "duplicate":  # a card (or any element) a second time, here or elsewhere
            if isinstance(old, list) and old:
                old.insert(rng.randrange(len(old) + 1), clone(rng.choice(old)))
            elif isinstance(old, list):
                old.append(rng.choice(CARD_IDS))
            elif isinstance(container, list):
                container.insert(rng.randrange(len(container) + 1), clone(old))
            else:
                container[key] = [old, clone(old)]
        elif op == "move":  # an element moved to another list: often a legal-looking state
            other, other_key = walk(rng, data)
            if isinstance(old, list) and old and other is not None and isinstance(other[other_key], list):
                other[other_key].append(old.pop(rng.randrange(len(old))))
            else:
                container[key] = hostile_value(rng, old)
        elif op == "add":
            target = old if isinstance(old, (dict, list)) else container
            if isinstance(target, dict):
                target[rng.choice(("extra", "rng", "0", "system", "P3"))] = hostile_value(rng, None)
            else:
                target.append(hostile_value(rng, None))
        else:  # tweak a number or a flag
            if isinstance(old, bool):
                container[key] = not old
            elif isinstance(old, int):
                container[key] = old + rng.choice((-1, 1, -old - 1, 10 ** 6))
            else:
                container[key] = hostile_value(rng, old)
    return data


def corrupt_text(rng: random.Random, text: str) -> str:
    """The JSON text with a few characters replaced, cut, or repeated."""
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        if not chars:  # a short position cut to nothing already: nothing left to corrupt
            break
        i = rng.randrange(len(chars))
        what = rng.random()
        if what < 0.4:
            chars[i] = rng.choice('{}[],:"0123456789aeNI\\ \x00\xff')
        elif what < 0.7:
            del chars[i:i + rng.randrange(1, 40)]
        else:
            chars[i:i] = chars[i:i + rng.randrange(1, 40)] * rng.randrange(1, 4)
    return "".join(chars)


# -- judging --------------------------------------------------------------------------------------
def plays_on(state, rng: random.Random, moves: int = 12) -> None:
    """The loaded state keeps its invariants, round-trips, and plays on keeping them."""
    state.check_invariants()
    system.invariants(state)
    assert BeyondState.from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = list(state.legal_actions())
        assert legal, "a game not over without a legal action"
        state.apply(rng.choice(legal))
        state.check_invariants()


def outcome(load, rng: random.Random) -> str:
    """How one corrupted input ended: refused naming the field (or, for broken JSON text, the
    line and column), or "loaded, invariants true"; anything else fails the test."""
    started = time.perf_counter()
    try:
        state = load()
    except (InputError, PositionError) as error:
        assert time.perf_counter() - started < SLOW, f"a refusal took {time.perf_counter() - started:.1f} s"
        text = str(error)
        assert len(text) < 2000, "a refusal echoes too much"
        if error.field and not error.field.startswith("line "):
            return "refused naming the field"
        if "line " in text and "column" in text:
            return "refused: not JSON (line and column named)"
        if "JSON object" in text:
            return "refused: not a JSON object"
        if "finite" in text:
            return "refused: NaN or Infinity in the JSON text"
        return "refused (the whole input)"
    assert time.perf_counter() - started < SLOW, f"a load took {time.perf_counter() - started:.1f} s"
    plays_on(state, rng)
    return "loaded, invariants true"


def load_save(text: str, rng: random.Random, as_text: bool):
    data = json.loads(text)
    data = corrupt(rng, data)
    if as_text:
        try:
            body = json.dumps(data)
        except (ValueError, RecursionError):
            body = text
        return lambda: BeyondState.from_json(corrupt_text(rng, body) if rng.random() < 0.5 else body)
    return lambda: BeyondState.from_json(data)


def load_position(position, rng: random.Random):
    data = corrupt(rng, position)
    if rng.random() < 0.2:
        try:
            text = json.dumps(data)
        except (ValueError, RecursionError):
            return lambda: from_position(data, seed=1)
        return lambda: from_position(corrupt_text(rng, text), seed=1)
    return lambda: from_position(data, seed=1)


def load_components_dict(rng: random.Random):
    data = corrupt(rng, genuine_components())

    def load():
        comp = Components.from_json(data)
        return new_game(len(comp.spirits) % 3 + 2, seed=rng.randrange(100), components=comp)
    return load


def audit(kind: str, n: int, seed: int = 0) -> Counter:
    rng = random.Random(seed)
    counts: Counter = Counter()
    for _ in range(n):
        if kind == "save":
            load = load_save(rng.choice(genuine_saves()), rng, as_text=rng.random() < 0.2)
        elif kind == "position":
            load = load_position(rng.choice(genuine_positions()), rng)
        else:
            load = load_components_dict(rng)
        counts[outcome(load, rng)] += 1
    return counts


# -- the tests ------------------------------------------------------------------------------------
def test_every_genuine_input_loads():
    for text in genuine_saves():
        state = BeyondState.from_json(json.loads(text))
        assert json.dumps(state.to_json()) == text
        plays_on(state, random.Random(0))
    for position in genuine_positions():
        from_position(position)


@pytest.mark.parametrize("kind", ["save", "position", "components"])  # "kind" inputs
def test_audit_of_corrupted_inputs(kind, capsys):
    counts = audit(kind, AUDIT_N, seed={"save": 1, "position": 2, "components": 3}[kind])
    with capsys.disabled():
        print(f"\n{sum(counts.values())} corrupted {kind}: " + ", ".join(f"{v} {k}" for k, v in counts.most_common()))
    assert sum(counts.values()) == AUDIT_N
    assert counts["refused naming the field"] > 0 and not counts["refused (the whole input)"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.booleans())
def test_a_corrupted_save_is_refused_naming_the_field_or_loads_a_sound_state(seed, as_text):
    rng = random.Random(seed)
    outcome(load_save(rng.choice(genuine_saves()), rng, as_text), rng)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32))
def test_a_corrupted_position_is_refused_naming_the_field_or_loads_a_sound_state(seed):
    rng = random.Random(seed)
    outcome(load_position(rng.choice(genuine_positions()), rng), rng)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32))
def test_a_corrupted_components_file_is_refused_naming_the_field_or_plays(seed):
    rng = random.Random(seed)
    outcome(load_components_dict(rng), rng)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=30))
def test_arbitrary_json_is_never_a_crash(value):
    for load in (lambda: BeyondState.from_json(value), lambda: from_position(value),
                 lambda: Components.from_json(value)):
        try:
            load()
        except (InputError, PositionError):
            pass


# -- the defects of the issue, one by one -----------------------------------------------------------
def a_save() -> dict:
    state = new_game(["Ann", "Bob"], seed=4)
    for _ in range(3):
        state.apply(next(iter(state.legal_actions())))
    return state.to_json()


@pytest.mark.parametrize("change, field", [
    (lambda s: s["data"].pop("rng"), "data.rng"),
    (lambda s: s.pop("data"), "data"),
    (lambda s: s["data"]["rng"]["state"][1].pop(), "data.rng.state[1]"),
    (lambda s: s["data"].update(active=-1), "data.active"),
    (lambda s: s["data"].update(active=2), "data.active"),
    (lambda s: s["data"].update(turn=float("nan")), "data.turn"),
    (lambda s: s["data"].update(turn=10 ** 12), "data.turn"),
    (lambda s: s["data"].update(turn=2), "data.turn"),
    (lambda s: s["data"].update(supply=-1), "data.supply"),
    (lambda s: s["data"].update(supply=19), "data.supply"),
    (lambda s: s["data"]["areas"]["Ann"].update(tokens=10 ** 9), "data.areas.Ann.tokens"),
    (lambda s: s["data"]["areas"]["Ann"].update(lotus=3), "data.areas.Ann.lotus"),
    (lambda s: s["data"]["discard"].insert(0, s["data"]["draw"][5]), "data.discard[0]"),
    (lambda s: s["data"]["draw"].pop(), "data.draw"),
    (lambda s: s["data"]["central"].__setitem__(0, s["data"]["central"][1]), "data.central[1]"),
    (lambda s: s["data"].update(phase="act"), "data.to_place"),
    (lambda s: s["data"].update(winners=["Ann"]), "data.winners"),
    (lambda s: s["components"].update(nian_shou_cards=10 ** 12), "components.nian_shou_cards"),
    (lambda s: s["components"]["spirits"][0].update(parts=[]), "components.spirits[0].parts"),
    (lambda s: s.update(players=["Ann", "Ann"]), "players"),
    (lambda s: s.update(rulings={"beyond.supply-tokens": float("nan")}), "rulings.beyond.supply-tokens"),
    (lambda s: s.update(rulings={"behind.total-movement": "range-only"}), "rulings.behind.total-movement"),
    (lambda s: s["origin"].update(players=["Bob", "Ann"]), "origin.players"),
    (lambda s: s["log"][0].update(data={"x": float("nan")}), "log[0].data.x"),
    (lambda s: s["log"][0].update(data={"x": deep(100_000, "list")}), "log[0].data.x" + "[0]" * 32),
    (lambda s: s.update(system="behind"), "system"),
])
def test_each_corruption_of_the_issue_is_refused_naming_the_field(change, field):
    saved = a_save()
    BeyondState.from_json(saved)
    change(saved)
    with pytest.raises(InputError) as caught:
        BeyondState.from_json(saved)
    assert caught.value.field == field, str(caught.value)
    assert str(caught.value).startswith("save, field")


def test_a_save_of_another_system_says_so():
    saved = a_save()
    del saved["system"]  # the caller named the system: the save loads
    assert BeyondState.from_json(saved).to_json() == a_save()
    with pytest.raises(InputError, match="a save of Beyond .* not of 'behind'"):
        BeyondState.from_json({"system": "behind", "players": ["A", "B"]})
    for value in (None, [], "[]", 3, "not json", b"\xff"):
        with pytest.raises(InputError, match="^save"):
            BeyondState.from_json(value)


def test_a_card_duplicated_into_a_pile_is_refused_even_if_the_census_is_rewritten():
    saved = a_save()
    card = saved["data"]["draw"][0]
    saved["data"]["discard"].append(card)
    saved["components"]["spirits"][0]["points"] = 7  # what was loaded cannot become the census
    with pytest.raises(InputError, match=f"each card in one place \\({card} is also at data.draw\\[0\\]\\)"):
        BeyondState.from_json(saved)


def test_a_save_of_a_game_from_a_position_keeps_the_box_components():
    state = from_position({"players": ["Ann", "Bob"]}, seed=2)
    saved = state.to_json()
    saved["components"]["spirits"][0]["points"] = 60
    with pytest.raises(InputError, match="box's components"):
        BeyondState.from_json(saved)


def test_json_text_saves_are_bounded_and_strict():
    text = json.dumps(a_save())
    assert BeyondState.from_json(text).to_json() == json.loads(text)
    with pytest.raises(InputError, match="finite"):
        BeyondState.from_json(text.replace('"turn": 1', '"turn": NaN'))
    with pytest.raises(InputError, match="at most"):
        BeyondState.from_json(" " * 8_000_001)
    assert math.isfinite(BeyondState.from_json(text).turn)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32))
def test_a_corrupted_save_is_dealt_again_or_refused(seed):
    """``system.dealt`` (replay) checks the save as loading does: a refusal (a ValueError naming
    what is wrong) or the game as first dealt, its invariants true."""
    rng = random.Random(seed)
    saved = corrupt(rng, json.loads(rng.choice(genuine_saves())))
    try:
        state = system.dealt(saved)
    except ValueError as error:
        assert isinstance(error, (InputError, PositionError)) or "top" in str(error) or "players" in str(error), error
        return
    state.check_invariants()


def test_dealing_again_needs_an_origin():
    saved = a_save()
    assert system.dealt(saved).to_json()["data"]["draw"] == new_game(["Ann", "Bob"], seed=4).to_json()["data"]["draw"]
    saved["origin"] = None
    with pytest.raises(InputError, match="origin"):
        system.dealt(saved)
    del saved["log"]
    with pytest.raises(InputError, match="'log'"):
        system.dealt(saved)
