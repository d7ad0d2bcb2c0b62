"""Beyond's components file (``data/beyond/spirits.json``) and components given by a user: checked
on load, every refusal an InputError naming the file, the field, the value and what was expected."""

import json
import random
import time
from dataclasses import replace

import pytest

from explorer.beyond.cards import Spirit
from explorer.beyond.data import SPIRITS_FILE, Components, load_components
from explorer.beyond.game import new_game
from explorer.core.inputs import InputError


def shipped() -> dict:
    return json.loads(SPIRITS_FILE.read_text(encoding="utf-8"))


def test_the_shipped_file_loads_and_round_trips():
    comp = load_components()
    assert len(comp.cards) == 80 and len(comp.nian_shou) == 6 and comp.supply_tokens == 20
    assert Components.from_json(comp.to_json()) == comp
    assert Components.from_json(shipped()) == comp


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["spirits"][0].pop("code"), "spirits[0].code", "required"),
    (lambda d: d.pop("lotus_per_player"), "lotus_per_player", "required"),
    (lambda d: d["spirits"][2].update(parts=[]), "spirits[2].parts", "at least 1"),
    (lambda d: d.update(nian_shou_cards=10 ** 12), "nian_shou_cards", "less than or equal to 20"),
    (lambda d: d.update(nian_shou_cards=0), "nian_shou_cards", "greater than or equal to 1"),
    (lambda d: d["spirits"][1].update(points=-3), "spirits[1].points", "greater than or equal to 0"),
    (lambda d: d["spirits"][1].update(points="6"), "spirits[1].points", "integer"),
    (lambda d: d["spirits"][1].update(points=6.5), "spirits[1].points", "integer"),
    (lambda d: d.update(supply_tokens=True), "supply_tokens", "integer"),
    (lambda d: d.update(capture_corners=10 ** 9), "capture_corners", "less than or equal to 10"),
    (lambda d: d["spirits"][2].update(parts=["head", "body", "tail"]), "spirits[2].parts", "1, 2, 4 or 8 parts"),
    (lambda d: d["spirits"][2].update(parts=["head", "tail"]), "spirits[2]", "head' and 'body"),
    (lambda d: d["spirits"][4].update(parts=["horn", "head"]), "spirits[4]", "at least 4 parts"),
    (lambda d: d["spirits"][0].update(parts=["yin"]), "spirits[0].parts", "yin"),
    (lambda d: d["spirits"][1].update(code="TS"), "spirits", "distinct codes"),
    (lambda d: d["spirits"][1].update(code="NS"), "spirits[1].code", "Nian Shou"),
    (lambda d: d["spirits"][1].update(code="ts1"), "spirits[1].code", "pattern"),
    (lambda d: d["spirits"][1].update(name=" "), "spirits[1].name", "pattern"),
    (lambda d: d["spirits"][1].update(pattern="pairs"), "spirits[1].pattern", "similar"),
    (lambda d: d.update(spirits=d["spirits"] * 3), "spirits", "at most 10"),
    (lambda d: d.update(spirits=d["spirits"][:1]), "spirits", "at least 2"),
    (lambda d: d.update(extra=1), "extra", "no such field"),
])
def test_a_wrong_components_file_is_refused_naming_the_field(change, field, words):
    data = shipped()
    change(data)
    started = time.perf_counter()
    with pytest.raises(InputError) as caught:
        Components.from_json(data)
    assert time.perf_counter() - started < 1  # 10**12 Nian Shou cards are refused, not allocated
    assert caught.value.field == field and words in str(caught.value), str(caught.value)


def test_file_errors_name_the_file(tmp_path):
    bad = tmp_path / "my-spirits.json"
    bad.write_bytes(json.dumps(shipped()).encode("utf-8").replace(b"Turtle", b"Turtl\xe9"))
    with pytest.raises(InputError, match="my-spirits.json.*UTF-8"):
        load_components(bad)
    bad.write_text(json.dumps(shipped()).replace("6,", "NaN,", 1), encoding="utf-8")
    with pytest.raises(InputError, match="my-spirits.json.*finite"):
        load_components(bad)
    bad.write_text("{" * 100_000, encoding="utf-8")
    with pytest.raises(InputError, match="my-spirits.json"):
        load_components(bad)
    bad.write_text(" " * 1_000_001, encoding="utf-8")
    with pytest.raises(InputError, match="my-spirits.json.*at most 1,000,000 bytes"):
        load_components(bad)
    with pytest.raises(InputError, match="an existing file"):
        load_components(tmp_path / "none.json")
    data = shipped()
    del data["spirits"][3]["points"]
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match=r"my-spirits.json, field 'spirits\[3\].points'"):
        load_components(bad)


def test_overrides_are_checked():
    assert load_components(points={"TS": 7}).spirits["TS"].points == 7
    assert load_components(supply_tokens=10.0).supply_tokens == 10  # the ruling is numeric
    for points in ({"XX": 3}, {"TS": -1}, {"TS": 1e9}, {"TS": "7"}, {"TS": float("nan")}):
        with pytest.raises(InputError, match="points"):
            load_components(points=points)
    for supply in (-1, 10 ** 6, 2.5, float("inf"), "20"):
        with pytest.raises(InputError, match="supply_tokens"):
            load_components(supply_tokens=supply)


def test_components_built_by_hand_get_the_same_checks():
    comp = load_components()
    with pytest.raises(InputError, match="parts"):
        replace(comp, spirits={**comp.spirits, "TS": replace(comp.spirits["TS"], parts=())})
    with pytest.raises(InputError, match="nian_shou"):
        replace(comp, nian_shou=("NS1", "NS1"))
    with pytest.raises(InputError, match="cards"):
        replace(comp, cards={k: v for k, v in comp.cards.items() if k != "TS01"})
    with pytest.raises(InputError, match="lotus_per_player"):
        replace(comp, lotus_per_player=-2)
    with pytest.raises(InputError, match="spirits"):
        replace(comp, spirits={"XX": comp.spirits["TS"], **comp.spirits})
    with pytest.raises(InputError, match="supply_tokens"):
        new_game(2, components=replace(comp, supply_tokens=10 ** 12))


def test_a_smaller_box_of_the_users_plays_whole_games():
    spirits = {"AA": Spirit("AA", "Alpha", "similar", 3, ("card",)),
               "BB": Spirit("BB", "Beta", "different", 5, ("a", "b", "c", "d"))}
    data = {"spirits": [{"code": s.code, "name": s.name, "pattern": s.pattern, "points": s.points,
                         "parts": list(s.parts)} for s in spirits.values()],
            "nian_shou_cards": 2, "lotus_per_player": 1, "capture_corners": 2, "supply_tokens": 3}
    comp = Components.from_json(data)
    assert len(comp.cards) == 32 and comp.nian_shou == ("NS1", "NS2")
    rng = random.Random(0)
    for seed in range(10):
        state = new_game(3, seed=seed, components=comp)
        while not state.is_terminal():
            state.apply(rng.choice(list(state.legal_actions())))
            state.check_invariants()


def test_the_card_builders_are_bounded():
    from explorer.beyond.cards import build_cards, nian_shou_ids

    with pytest.raises(InputError, match="count"):
        nian_shou_ids(10 ** 12)
    with pytest.raises(InputError, match="parts"):
        build_cards([Spirit("TS", "Turtle Snake", "similar", 6, ())])
    assert len(build_cards(list(load_components().spirits.values()))) == 80
