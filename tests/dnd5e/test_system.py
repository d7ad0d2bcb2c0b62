"""D&D 5e combat as a registered system (explorer/dnd5e/system.py): the generic tools serve it by
name -- start, save and load, replay, simulate, the refused actions and the invariants' recounts.

Rules cited: dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF", "ANGRIFF", "ANGRIFFSSTRUKTUR";
SRD 5.1 Combat > Movement and Position, Damage and Healing > Dropping to 0 Hit Points.
"""

from __future__ import annotations

import json

import pytest

from explorer.core.inputs import InputError
from explorer.core.players import RandomPlayer, play
from explorer.core.replay import ReplayError, replay
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation
from explorer.core.simulate import simulate
from explorer.core.systems import get, load_all
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.encounter import ENCOUNTERS

SYSTEM = load_all()["dnd5e"]


def _played(configuration: str = "scharmuetzel", seed: int = 4, actions: int | None = None):
    game = SYSTEM.new_game(configuration, seed=seed)
    if actions is None:
        return play(game, RandomPlayer(), seed=seed)
    player, rng = SYSTEM.players["random"](), SeededRng(seed)
    for _ in range(actions):
        if game.is_terminal():
            break
        game.apply(player.choose(game, rng))
    return game


@pytest.mark.parametrize("configuration", list(SYSTEM.configurations))
def test_every_configuration_starts_an_encounter_on_the_first_creature_of_the_initiative(configuration):
    """SRD 5.1 Combat > The Order of Combat > Initiative: the encounter starts on the creature with
    the highest initiative, round 1, nobody has moved or acted."""
    game = SYSTEM.new_game(configuration, seed=3)
    assert get("dnd5e") is SYSTEM and not game.is_terminal()
    assert game.round == 1 and game.acting == game.order[0] and game.current_player == game.token(game.acting).side
    totals = game.initiative
    assert [totals[n] for n in game.order] == sorted(totals.values(), reverse=True)
    assert game.action_used is None and game.movement_left() == game.token(game.acting).creature.speeds.gehen
    wanted = SYSTEM.configurations[configuration].get("rulings", {})
    assert all(game.rulings[key] == value for key, value in wanted.items())


def test_a_configuration_is_checked_before_any_rule():
    """A wrong configuration is an InputError naming the field (explorer/core/inputs.py)."""
    with pytest.raises(InputError, match="field 'decks'"):
        SYSTEM.start({"encounter": "duell", "decks": []}, 0)
    with pytest.raises(InputError, match="field 'encounter'.*duell, scharmuetzel"):
        SYSTEM.start({"encounter": "drachenhort"}, 0)
    with pytest.raises(InputError, match="field 'rulings'"):
        SYSTEM.start({"encounter": "duell", "rulings": {"dnd5e.measuring": "hexes"}}, 0)
    with pytest.raises(InputError, match="seed"):
        SYSTEM.start({"encounter": "duell"}, "3")


def test_switched_rulings_are_laid_over_the_encounters_own():
    """The configuration's rulings switch the encounter's, and a save records them (dealt again
    with them)."""
    spec = {"encounter": {**ENCOUNTERS["duell"], "rulings": {"dnd5e.round-limit": 5}},
            "rulings": {"dnd5e.grid-diagonals": "alternate-1.5-3"}}
    game = SYSTEM.start(spec, 2)
    assert game.rulings["dnd5e.round-limit"] == 5 and game.rulings["dnd5e.grid-diagonals"] == "alternate-1.5-3"
    assert SYSTEM.dealt(game.to_json()).to_json() == game.to_json()


def test_a_save_loads_back_and_continues_identically():
    """A save in the middle of a skirmish loads exactly (System.load) and plays on like the original."""
    game = _played(actions=60)
    saved = json.loads(json.dumps(game.to_json()))
    loaded = SYSTEM.load(saved)
    assert loaded.to_json() == saved
    player, rng = SYSTEM.players["greedy"](), SeededRng(1)
    for _ in range(10):
        if game.is_terminal():
            break
        action = player.choose(game, rng)
        game.apply(action)
        loaded.apply(action)
        assert loaded.to_json() == game.to_json()


def test_a_whole_encounter_replays_through_the_generic_tool():
    """explorer.core.replay deals the encounter again from its save (same initiative, same dice)
    and the referee re-applies every action: the last state is the saved one."""
    game = _played()
    assert game.is_terminal()
    record = replay(json.dumps(game.to_json()))
    assert record.final.to_json() == game.to_json() and record.final.winner == game.winner
    assert [step.action for step in record.steps[1:]] == list(game.history)
    assert record.states[0].initiative == game.initiative


def test_a_tampered_history_is_refused_naming_the_step_and_the_rule():
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF": a recorded second action in one turn is
    refused when the game is replayed, naming the step."""
    game = SYSTEM.new_game("duell", seed=1)
    game.apply(A.Spurt())
    saved = game.to_json()
    saved["history"].append(A.Ausweichen().to_json())
    with pytest.raises(ReplayError, match="step 2: the referee refuses ausweichen"):
        replay(saved)


def test_simulate_plays_encounters_by_name_and_counts_each():
    """explorer.core.simulate by the system's name: the winner is a side, the rounds within the
    round limit (ruling dnd5e.round-limit), the hit points left and creatures standing agree."""
    frame = simulate("dnd5e", 6, "scharmuetzel", players=["greedy", "random"], seed=2, check_invariants=True)
    assert list(frame["game"]) == list(range(6))
    sides = ("Helden", "Monster")
    for row in frame.to_dict("records"):
        assert row["winners"] in ("", *sides)
        assert 1 <= row["rounds"] <= 20
        if row["winners"]:
            loser = next(s for s in sides if s != row["winners"])
            assert row["end"] == "side_beaten" and row["finished"]
            assert row[f"hp_left[{loser}]"] == row[f"standing[{loser}]"] == 0
            assert row[f"standing[{row['winners']}]"] >= 1 and row[f"damage[{row['winners']}]"] > 0
        else:
            assert row["end"] == "round_limit" and not row["finished"]
    again = simulate("dnd5e", 6, "scharmuetzel", players=["greedy", "random"], seed=2)
    assert again.equals(frame)


def _rule_of(game, action):
    with pytest.raises(RuleViolation) as refused:
        game.apply(action)
    return refused.value.rule


def test_the_refused_actions_are_refused_naming_their_rule():
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF" (one action a turn), "ANGRIFF" (a weapon the
    attacker has), "ANGRIFFSSTRUKTUR" (a target within reach, not oneself); SRD 5.1 Combat >
    Movement and Position (no move beyond the speed)."""
    game = SYSTEM.new_game("duell", seed=1)
    me = game.acting
    x, y = game.token(me).position
    game.apply(A.Bewegen(((float(x) - 9, float(y)),)))  # the whole 9 m
    refused = SYSTEM.refused(game)
    rules = {action.kind + ":" + getattr(action, "waffe", "") + ":" + getattr(action, "ziel", ""): _rule_of(game, action)
             for action in refused}
    assert game.movement_left() == 0
    assert rules["bewegen::"] == refs.SRD_MOVEMENT_AND_POSITION
    assert rules[f"angriff:Langschwert:Kämpferin"] == refs.ANGRIFF  # the Kämpferin's sword, not the Ork's
    assert rules[f"angriff:Zweihandaxt:{me}"] == refs.ANGRIFFSSTRUKTUR  # itself
    assert rules["angriff:Zweihandaxt:Kämpferin"] == refs.ANGRIFFSSTRUKTUR  # 9 m away, reach 1.5 m
    game.apply(A.Spurt())
    for action in SYSTEM.refused(game):
        assert action.kind not in ("spurt", "ausweichen") or _rule_of(game, action) == refs.AKTIONEN_IM_KAMPF
    assert {a.kind for a in SYSTEM.refused(game)} >= {"spurt", "ausweichen"}


def test_a_fallen_creature_is_no_target_and_once_over_nothing_is_accepted():
    """SRD 5.1 Combat > Damage and Healing > Dropping to 0 Hit Points: a creature at 0 hit points
    is bewusstlos and out of the fight (ruling dnd5e.zero-hp), no target of an attack; the encounter
    over, every action is refused (dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF")."""
    game = SYSTEM.new_game("scharmuetzel", seed=5)
    player, rng = SYSTEM.players["greedy"](), SeededRng(5)
    while not any(game.hp(n) == 0 for n in game.profiles):
        game.apply(player.choose(game, rng))
    assert not game.is_terminal()
    fallen = next(n for n in game.profiles if game.hp(n) == 0)
    assert {"bewusstlos", "liegend"} <= game.token(fallen).conditions and not game.in_fight(fallen)
    while game.token(game.acting).side == game.token(fallen).side or game.action_used is not None:
        game.apply(A.ZugBeenden())
    weapon = game.profiles[game.acting].angriffe[0].waffe
    assert A.Angriff(weapon, fallen) in SYSTEM.refused(game)
    assert _rule_of(game, A.Angriff(weapon, fallen)) == refs.SRD_DROPPING_TO_0
    play(game, player, seed=5)
    assert game.is_terminal() and game.winner in game.players
    for action in SYSTEM.refused(game):
        assert _rule_of(game, action) == refs.AKTIONEN_IM_KAMPF


def test_the_invariants_recount_what_the_state_says():
    """The invariants recount from the log: hit points against the damage recorded (SRD 5.1 Hit
    Points), the turn's one action (dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF")."""
    game = _played(actions=40)
    SYSTEM.check_invariants(game)
    name = next(n for n in game.profiles if game.hp(n) > 1)
    wounded = game.copy()
    wounded._data["hp"][name] -= 1  # damage no event records
    with pytest.raises(AssertionError, match="the log records"):
        SYSTEM.check_invariants(wounded)
    fresh = SYSTEM.new_game("duell", seed=1)
    fresh._data["action"] = "spurt"  # an action no event records
    with pytest.raises(AssertionError, match="0 actions in the log"):
        SYSTEM.check_invariants(fresh)


@pytest.mark.parametrize("configuration", ["scharmuetzel", "duell", "scharmuetzel_diagonals_3m", "duell_gridless"])
def test_log_texts_are_short_german_without_inline_citations(configuration):
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF" (what the log records, issue 11): through random
    encounters no event text carries a citation (the event's rule does, once), English rule words, the
    old "[Quellen: ...]" list or programmer arrows; a move is one sentence."""
    from explorer.core.players import make_player

    for seed in range(4):
        state = SYSTEM.new_game(configuration, seed=seed)
        players = {side: make_player(SYSTEM, "random") for side in state.players}
        rng = SeededRng(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            state.apply(players[state.current_player].choose(state, rng))
        for event in state.log:
            for word in ("SRD 5.1", "Abschnitt", "section", " -> ", "[Quellen", "advantage", "disadvantage"):
                assert word not in event.text, (event.kind, event.text)
            if event.kind == "bewegen" and event.data.get("mover"):
                assert "\n" not in event.text and len(event.text) < 160, event.text
