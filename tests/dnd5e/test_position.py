"""D&D 5e positions by hand (explorer.dnd5e.position, docs/positions-dnd5e.md): the worked example,
defaults, round trips over random encounters, the game going on from a position, and every refusal
naming its field (and the rule, when a well-formed position breaks one)."""

from __future__ import annotations

import copy
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core.inputs import InputError
from explorer.core.players import make_player
from explorer.core.positions import MAX_POSITION_CHARS, PositionError
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation
from explorer.core.systems import get, load_all
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.game import EncounterState
from explorer.dnd5e.position import from_position
from tests.corruptions import HOW, VALUES, corrupt

load_all()
SYSTEM = get("dnd5e")
DOC = Path(__file__).resolve().parents[2] / "docs" / "positions-dnd5e.md"
MINIMAL = {"map": "duell",
           "creatures": [{"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": [0.75, 0.75]},
                         {"name": "Ork", "profile": "ork", "side": "Monster", "position": [2.25, 0.75]}]}


def _doc_positions() -> list[dict]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]


def _played(configuration: str, seed: int, steps: int = 400):
    """The states of one random encounter of ``configuration`` (the system's random players)."""
    state = SYSTEM.new_game(configuration, seed=seed)
    players = {side: make_player(SYSTEM, "random") for side in state.players}
    rng = SeededRng(seed)
    states = [state.copy()]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(players[state.current_player].choose(state, rng))
        states.append(state.copy())
    return states


def _refused(position, **kw) -> PositionError:
    with pytest.raises(PositionError) as caught:
        from_position(position, **kw)
    assert str(caught.value)
    return caught.value


def _with(**changes) -> dict:
    return copy.deepcopy({**MINIMAL, **changes})


def _creature(i: int, **changes) -> dict:
    position = copy.deepcopy(MINIMAL)
    position["creatures"][i].update(changes)
    return position


# -- the worked example and the defaults ---------------------------------------------------------
def test_the_worked_example_prone_fighter_beside_the_orc_is_attacked_with_advantage():
    """SRD 5.1, Appendix PH-A: Conditions > Prone: "An attack roll against the creature has advantage
    if the attacker is within 5 feet of the creature" -- the documented position: the Ork, 3 m of its
    9 m spent, stands beside the prone Kämpferin (5 of 12 TP); its Zweihandaxt attack rolls two d20."""
    state = from_position(_doc_positions()[0])
    assert (state.round, state.acting, state.order) == (2, "Ork", ("Ork", "Kämpferin", "Magierin"))
    assert (state.hp("Kämpferin"), state.hp("Ork"), state.hp("Magierin")) == (5, 9, 8)
    assert state.token("Kämpferin").prone and state.movement_left() == 6
    assert state.distance("Ork", "Kämpferin") == Fraction(3, 2)
    state.apply(A.Angriff("Zweihandaxt", "Kämpferin"))
    attack = next(e for e in state.log if e.kind == "angriff" and "natural" in e.data)
    assert attack.data["attacker"] == "Ork" and attack.data["mode"] == "vorteil"
    assert "Ziel liegt, Angreifer innerhalb von 1,5 m" in attack.text


def test_the_second_example_writes_what_is_used_up_and_a_spell_held_ready():
    """dnd5e-combat-de-excerpt.txt, "VORBEREITEN", "MAGISCHEN GEGENSTAND VERWENDEN", "SPEZIALFÄHIGKEIT
    VERWENDEN" (SRD 5.1 Limited Usage): the guide's second position -- 4 of the wand's 7 charges left, one
    of two Heiltränke, the Höllenhund's Feueratem spent, the Magierin's Feuerpfeil readied -- loads as
    the guide says and position() writes these fields back as given."""
    given = _doc_positions()[1]
    state = from_position(given)
    assert state.acting == "Höllenhund" and state.spent("Höllenhund") == ("Feueratem",)
    assert not any(a.kind == "spezialfaehigkeit-verwenden" for a in state.legal_actions())
    assert state.effects() == [("vorbereitet", "Magierin", ("feind-kommt-in-reichweite", "zauber", "Feuerpfeil", ()))]
    written = {c["name"]: c for c in state.position()["creatures"]}
    for creature in given["creatures"]:
        for key in ("vorrat", "verbraucht"):
            if key in creature:
                assert written[creature["name"]][key] == creature[key]
    assert state.position()["effects"] == given["effects"]
    assert from_position(state.position()).position() == state.position()


def test_a_minimal_position_loads_with_the_defaults():
    """SRD 5.1, Combat > The Order of Combat > Initiative and > Your Turn: with no order given the
    creatures act in the order listed, the first one's turn of round 1, nothing used, full hit points,
    no conditions, no reaction used."""
    state = from_position(json.dumps(MINIMAL))
    assert (state.round, state.acting, state.order, state.phase) == (1, "Kämpferin", ("Kämpferin", "Ork"), "zug")
    assert state.hp("Kämpferin") == 12 and state.hp("Ork") == 15
    assert state.action_used is None and not state.bonus_action_used and state.budget.used == 0
    assert not state.token("Ork").conditions and not state.reaction_used("Ork") and state.effects() == []
    assert state.movement_left() == 9 and state.winner is None


def test_initiative_totals_give_the_order_when_no_order_is_written():
    """SRD 5.1, Combat > The Order of Combat > Initiative: "ranks all combatants in order from the one
    with the highest Dexterity check total to the one with the lowest"."""
    position = copy.deepcopy(MINIMAL)
    position["creatures"][0]["initiative"], position["creatures"][1]["initiative"] = 7, 18
    state = from_position(position)
    assert state.order == ("Ork", "Kämpferin") and state.acting == "Ork" and state.initiative == {"Kämpferin": 7,
                                                                                                  "Ork": 18}


def test_zero_hit_points_make_a_creature_unconscious_and_prone_and_skip_its_turn():
    """SRD 5.1, Combat > Damage and Healing > Dropping to 0 Hit Points (ruling dnd5e.zero-hp): at 0 hit
    points bewusstlos and liegend, out of the fight -- the default turn is the first creature able to act."""
    position = _with(creatures=MINIMAL["creatures"] + [{"name": "Magierin", "profile": "magierin", "side": "Helden",
                                                         "position": [0.75, 3.75]}])
    position["creatures"][0]["hp"] = 0
    state = from_position(position)
    assert state.token("Kämpferin").conditions == {"bewusstlos", "liegend"} and state.acting == "Ork"


def test_lengths_may_be_written_as_exact_fractions():
    """SRD 5.1, Combat > Movement and Position: gridless (ruling dnd5e.measuring) a creature stands
    anywhere: "3/4" is 0.75 m exactly, and movement spent may be "7/2"."""
    position = _creature(1, position=["13/4", "3/4"])
    position["rulings"] = {"dnd5e.measuring": "gridless"}
    position["used"] = {"movement": "7/2"}
    state = from_position(position)
    assert state.token("Ork").position == (Fraction(13, 4), Fraction(3, 4)) and state.budget.used == Fraction(7, 2)
    assert state.position()["used"]["movement"] == 3.5


# -- round trips and the game going on -----------------------------------------------------------
@pytest.mark.parametrize("configuration", list(SYSTEM.configurations))
@pytest.mark.parametrize("seed", [3, 11])
def test_every_state_of_a_random_encounter_round_trips_and_plays_on_alike(configuration, seed):
    """SRD 5.1, Combat > The Order of Combat > Combat Step by Step: a position holds all a turn needs --
    from_position(state.position()) writes the same position, keeps the invariants, offers the same legal
    actions and, ending the turn (no dice), passes it to the same creature with the same position."""
    for state in _played(configuration, seed):
        position = state.position()
        back = from_position(json.dumps(position, allow_nan=False))
        assert back.position() == position
        SYSTEM.check_invariants(back)
        if state.is_terminal():
            assert back.is_terminal() and back.winner == state.winner
            continue
        assert list(back.legal_actions()) == list(state.legal_actions())
        ahead, back_ahead = state.copy(), back
        ahead.apply(A.ZugBeenden())
        back_ahead.apply(A.ZugBeenden())
        assert back_ahead.position() == ahead.position()


def test_a_state_from_a_position_saves_and_loads():
    """SRD 5.1, Combat > The Order of Combat: a state built from a position is an ordinary encounter:
    to_json() / from_json() keep it (its position and its legal actions)."""
    state = from_position(_doc_positions()[0])
    loaded = EncounterState.from_json(json.dumps(state.to_json()))
    assert loaded.position() == state.position() and list(loaded.legal_actions()) == list(state.legal_actions())


def test_the_registry_reads_positions():
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF": the registered system loads a position
    (System.from_position), so generic tools can start an encounter in the middle of a fight."""
    state = SYSTEM.from_position(MINIMAL, seed=4)
    assert state.position() == from_position(MINIMAL).position()


# -- rules broken by a well-formed position -------------------------------------------------------
RULE_BREAKS = [
    ("two creatures in one space", _creature(1, position=[0.75, 0.75]), "creatures[1].position", refs.SRD_SPACE),
    ("a creature inside a wall", {"map": "scharmuetzel", "creatures": [
        {"name": "A", "profile": "ork", "side": "X", "position": [6.75, 6.75]},
        {"name": "B", "profile": "goblin", "side": "Y", "position": [0.75, 0.75]}]}, "creatures[0].position",
     refs.SRD_MOVEMENT_AND_POSITION),
    ("hit points above the maximum", _creature(1, hp=16), "creatures[1].hp", refs.SRD_HIT_POINTS),
    ("negative hit points", _creature(0, hp=-1), "creatures[0].hp", refs.SRD_HIT_POINTS),
    ("more movement spent than the speed", _with(used={"movement": 10.5}), "used.movement",
     refs.SRD_BREAKING_UP_YOUR_MOVE),
    ("a bonus action no profile has", _with(used={"bonus_action": True}), "used.bonus_action",
     refs.SRD_BONUS_ACTIONS),
    ("an unknown action", _with(used={"action": "zaubern"}), "used.action", refs.AKTIONEN_IM_KAMPF),
    ("the turn of a creature at 0 hit points", _with(turn="Ork", creatures=[
        MINIMAL["creatures"][0], {**MINIMAL["creatures"][1], "hp": 0}]), "turn", refs.SRD_DROPPING_TO_0),
    ("a round after the round limit", _with(round=21), "round", refs.AKTIONEN_IM_KAMPF),
    ("an order against the initiative totals", _with(order=["Kämpferin", "Ork"], creatures=[
        {**MINIMAL["creatures"][0], "initiative": 3}, {**MINIMAL["creatures"][1], "initiative": 12}]), "order[1]",
     refs.SRD_INITIATIVE),
    ("a creature twice in the order", _with(order=["Ork", "Ork"]), "order[1]", refs.SRD_INITIATIVE),
    ("a dodge not made by this turn's action", _with(effects=[{"effect": "ausweichen", "owner": "Kämpferin"}]),
     "effects[0].owner", refs.AUSWEICHEN),
    ("two lasting effects of one creature", _with(effects=[{"effect": "ausweichen", "owner": "Ork"},
                                                           {"effect": "vorbereitet", "owner": "Ork"}]),
     "effects[1].owner", refs.AKTIONEN_IM_KAMPF),
    ("help to distract an ally", _with(effects=[{"effect": "helfen-angriff", "owner": "Ork", "subject": "Ork"}]),
     "effects[0].subject", refs.HELFEN),
    ("a readied attack with another's weapon", _with(effects=[{"effect": "vorbereitet", "owner": "Ork",
                                                               "waffe": "Langschwert"}]),
     "effects[0].waffe", refs.VORBEREITEN),
    ("a winner while the fight goes on", _with(winner="Helden"), "winner", refs.AKTIONEN_IM_KAMPF),
    ("an encounter over with both sides standing", _with(phase="ende"), "phase", refs.AKTIONEN_IM_KAMPF),
    ("the wrong winner", _with(phase="ende", winner="Monster", creatures=[
        MINIMAL["creatures"][0], {**MINIMAL["creatures"][1], "hp": 0}]), "winner", refs.SRD_DROPPING_TO_0),
    ("a hidden creature at 0 hit points", _with(creatures=[
        MINIMAL["creatures"][0], {**MINIMAL["creatures"][1], "hp": 0, "versteckt": 14}], phase="ende",
        winner="Helden"), "creatures[1].versteckt", refs.SRD_DROPPING_TO_0),
]


@pytest.mark.parametrize("what, position, where, rule", RULE_BREAKS, ids=[r[0] for r in RULE_BREAKS])
def test_a_position_breaking_a_rule_is_refused_citing_it(what, position, where, rule):
    """SRD 5.1, Combat > Movement and Position > Creature Size > Space ("no two creatures share a
    space"), > Hit Points ("from the creature's hit point maximum down to 0"), > Initiative, Your Turn
    (movement, one action, bonus actions) and the excerpt's AUSWEICHEN, HELFEN, VORBEREITEN, AKTIONEN IM
    KAMPF: each broken rule is named with its section."""
    error = _refused(position)
    assert error.field == where, what
    assert error.rule == rule, what


# -- malformed fields ---------------------------------------------------------------------------
def _deep(n: int) -> list:
    value: list = []
    for _ in range(n):
        value = [value]
    return value


MALFORMED = [
    ("not an object", [1, 2], ""),
    ("not JSON", "{map: duell", ""),
    ("another system", _with(system="behind"), "system"),
    ("an unknown field", _with(colour="red"), "colour"),
    ("no map", {"creatures": MINIMAL["creatures"]}, "map"),
    ("an unknown map", _with(map="kerker"), "map"),
    ("a map of the wrong type", _with(map=12), "map"),
    ("a map width of NaN", _with(map={"width": float("nan"), "height": 12}), "map.width"),
    ("a map width of infinity", _with(map={"width": float("inf"), "height": 12}), "map.width"),
    ("a huge map", _with(map={"width": 10**9, "height": 12}), "map.width"),
    ("a map width as text", _with(map={"width": "1e99999999", "height": 12}), "map.width"),
    ("a wall box of three numbers", _with(map={"width": 12, "height": 12, "walls": [{"name": "W", "box": [1, 2, 3]}]}),
     "map.walls[0].box"),
    ("an area of an unknown kind", _with(map={"width": 12, "height": 12, "areas": [
        {"name": "S", "kind": "lava", "box": [1, 1, 3, 3]}]}), "map.areas[0].kind"),
    ("an area height as text", _with(map={"width": 12, "height": 12, "areas": [
        {"name": "M", "kind": "mauer", "box": [1, 1, 3, 3], "height": "9" * 50}]}), "map.areas[0].height"),
    ("creatures not a list", _with(creatures={"a": 1}), "creatures"),
    ("one creature", _with(creatures=MINIMAL["creatures"][:1]), "creatures"),
    ("a creature not an object", _with(creatures=[MINIMAL["creatures"][0], "Ork"]), "creatures[1]"),
    ("an unknown creature profile", _creature(1, profile="drache"), "creatures[1].profile"),
    ("a creature name of 5000 characters", _creature(1, name="x" * 5000), "creatures[1].name"),
    ("a creature name of the wrong type", _creature(1, name=7), "creatures[1].name"),
    ("two creatures of one name", _creature(1, name="Kämpferin"), "creatures[1].name"),
    ("a position of three numbers", _creature(0, position=[1, 2, 3]), "creatures[0].position"),
    ("a position coordinate of NaN", _creature(0, position=[float("nan"), 0.75]), "creatures[0].position[0]"),
    ("a position coordinate as a huge text", _creature(0, position=["1e99999999", 0.75]), "creatures[0].position[0]"),
    ("a position coordinate of a huge number", _creature(0, position=[10**400, 0.75]), "creatures[0].position[0]"),
    ("a fraction over zero", _creature(0, position=["3/0", 0.75]), "creatures[0].position[0]"),
    ("a position off the map", _creature(0, position=[0.75, 30]), "creatures[0].position[1]"),
    ("a position off the grid", _creature(0, position=[1, 0.75]), "creatures[0].position[0]"),
    ("a position as true", _creature(0, position=[True, 0.75]), "creatures[0].position[0]"),
    ("hit points as text", _creature(0, hp="12"), "creatures[0].hp"),
    ("hit points of a huge number", _creature(0, hp=10**30), "creatures[0].hp"),
    ("hit points as a float", _creature(0, hp=4.5), "creatures[0].hp"),
    ("an unknown condition", _creature(0, conditions=["verzaubert"]), "creatures[0].conditions[0]"),
    ("a condition twice", _creature(0, conditions=["liegend", "liegend"]), "creatures[0].conditions"),
    ("conditions not a list", _creature(0, conditions="liegend"), "creatures[0].conditions"),
    ("a reaction as a number", _creature(0, reaction=1), "creatures[0].reaction"),
    ("an initiative for one creature of two", _creature(0, initiative=12), "creatures[1].initiative"),
    ("an initiative of a huge number", _creature(0, initiative=10**12), "creatures[0].initiative"),
    ("a Stealth total as text", _creature(0, versteckt="hoch"), "creatures[0].versteckt"),
    ("an unknown creature field", _creature(0, farbe="rot"), "creatures[0].farbe"),
    ("one side only", _creature(1, side="Helden"), "creatures"),
    ("an order of another length", _with(order=["Ork"]), "order"),
    ("an unknown creature in the order", _with(order=["Ork", "Drache"]), "order[1]"),
    ("a round of 0", _with(round=0), "round"),
    ("a round as a float", _with(round=2.5), "round"),
    ("an unknown creature's turn", _with(turn="Drache"), "turn"),
    ("a turn of the wrong type", _with(turn=["Ork"]), "turn"),
    ("used not an object", _with(used=3), "used"),
    ("an unknown used field", _with(used={"reaktion": True}), "used.reaktion"),
    ("negative movement", _with(used={"movement": -1.5}), "used.movement"),
    ("movement of NaN", _with(used={"movement": float("nan")}), "used.movement"),
    ("diagonals as a huge number", _with(used={"diagonals": 10**9}), "used.diagonals"),
    ("an unknown phase", _with(phase="pause"), "phase"),
    ("an unknown effect", _with(effects=[{"effect": "fluch", "owner": "Ork"}]), "effects[0].effect"),
    ("an effect of an unknown creature", _with(effects=[{"effect": "ausweichen", "owner": "Drache"}]),
     "effects[0].owner"),
    ("effects nested deeply", {**copy.deepcopy(MINIMAL), "effects": _deep(5000)}, "effects[0]"),
    ("an unknown ruling", _with(rulings={"dnd5e.wetter": "regen"}), "rulings"),
    ("a ruling of another system", _with(rulings={"behind.chip-diameter-cm": 3}), "rulings.behind.chip-diameter-cm"),
    ("a ruling value out of range", _with(rulings={"dnd5e.round-limit": 10**6}), "rulings"),
    ("a comment as a number", _with(comment=5), "comment"),
    ("a very long text", json.dumps(_with(comment="x" * (MAX_POSITION_CHARS + 1))), ""),
    ("JSON nested very deeply", "[" * 100_000 + "]" * 100_000, ""),
]


@pytest.mark.parametrize("what, position, where", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_field_is_refused_naming_it(what, position, where):
    """SRD 5.1, Combat (the position's fields) -- a hostile or careless position (wrong types, NaN,
    huge numbers, unknown names, deep nesting, very long text) is a PositionError naming the field,
    never another exception or a hang."""
    error = _refused(position)
    assert error.field == where, (what, error)


def test_a_wrong_seed_is_refused():
    """SRD 5.1, Combat > Making an Attack (the dice from the seed): the seed is a whole number."""
    assert _refused(MINIMAL, seed="drei").field == "seed"


POSITION = _played("scharmuetzel", 5, steps=25)[-1].position()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**9), how=HOW, value=VALUES)
def test_a_corrupted_position_is_refused_naming_the_field_or_loads_a_sound_state(pick, how, value):
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF" and SRD 5.1 Combat: any corruption of a real
    position is refused (a PositionError naming the field) or loads a state whose invariants hold and
    whose position loads back alike."""
    position = copy.deepcopy(POSITION)
    path = corrupt(position, pick, how, value)
    try:
        state = from_position(position)
    except PositionError as refused:
        assert str(refused) and isinstance(refused, InputError), path
        return
    except RuleViolation as violation:  # pragma: no cover -- a rule the reader missed
        raise AssertionError(f"{path}: {violation}") from None
    SYSTEM.check_invariants(state)
    assert from_position(state.position()).position() == state.position(), path


def test_a_game_started_from_a_position_replays_from_that_position():
    """SRD 5.1, Combat > The Order of Combat: a game loaded from a position and played on is replayed
    from the position it started at (its origin), not from a freshly rolled encounter: every replayed
    state is the game's own, and load_game accepts its save."""
    from explorer.core.replay import load_game, replay

    state = from_position(_doc_positions()[0], seed=3)
    players = {side: make_player(SYSTEM, "random") for side in state.players}
    rng = SeededRng(3)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(players[state.current_player].choose(state, rng))
    saved = json.loads(json.dumps(state.to_json()))
    assert "position" in saved["origin"]
    assert SYSTEM.dealt(saved).position() == from_position(_doc_positions()[0], seed=3).position()
    assert replay(saved).steps  # check=True: the last replayed state equals the saved one
    assert load_game(saved).position() == state.position()


def test_a_save_with_a_malformed_position_origin_is_refused_naming_it():
    """SRD 5.1, Combat > The Order of Combat: a save whose recorded starting position is not a position
    (or whose seed is not a whole number) is refused naming ``origin``."""
    saved = from_position(MINIMAL).to_json()
    saved["origin"] = {"position": "nonsense", "seed": 0}
    with pytest.raises(InputError) as caught:
        EncounterState.from_json(saved)
    assert caught.value.field == "origin"
