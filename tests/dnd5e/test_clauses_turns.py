"""The turn, the round and the actions around it, clause by clause, in an encounter (explorer/dnd5e/game.py):
SRD 5.1 sections the excerpt refers to (Your Turn, Combat Step by Step, Breaking Up Your Move, Dash,
Disengage, Reactions, Ready, Bonus Actions, Hide, Passive Checks, Unseen Attackers and Targets) and the
excerpt's SUCHEN.  Rolls are scripted (tests/dnd5e/test_game.py's Scripted)."""

from __future__ import annotations

import pytest

from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.game import EncounterState, new_encounter
from explorer.dnd5e.players import GreedyPlayer
from tests.dnd5e.test_game import script


def encounter(*creatures, width=21, height=21) -> EncounterState:
    """Creatures ``(name, profile, side, (x, y))`` on an open map, in the listed initiative order."""
    spec = {"map": {"width": width, "height": height, "walls": [], "areas": []},
            "creatures": [{"name": n, "profile": p, "side": s, "position": list(at)} for n, p, s, at in creatures]}
    state = new_encounter(spec, seed=0)
    state._data["order"] = [c[0] for c in creatures]  # the tests fix the order: the listed order
    state._data["turn"] = 0
    state._changed()
    return state


HERO = ("Kämpferin", "kaempferin", "Helden", (0.75, 0.75))
ORC_FAR = ("Ork", "ork", "Monster", (20.25, 20.25))


def test_your_turn_passes_in_initiative_order_with_fresh_movement_and_action():
    """SRD 5.1 Combat > The Order of Combat > Your Turn: on your turn you can move up to your speed and
    take one action; the turn ends and the next creature in the initiative order takes its turn."""
    state = encounter(HERO, ORC_FAR)
    state.apply(A.Bewegen(((0.75, 3.75),)))
    state.apply(A.Ausweichen())
    events = state.apply(A.ZugBeenden())
    assert state.acting == "Ork" and state.round == 1
    assert state.action_used is None and state.movement_left() == 9
    turn = [e for e in events if e.kind == "zug"][-1]
    assert turn.rule == refs.SRD_YOUR_TURN and "Ork ist am Zug" in turn.text


def test_a_round_ends_after_the_last_creature_and_the_next_begins():
    """SRD 5.1 Combat > The Order of Combat > Combat Step by Step: every creature takes its turn in
    the initiative order; when everyone has, the next round begins with the first again."""
    state = encounter(HERO, ORC_FAR)
    state.apply(A.ZugBeenden())
    events = state.apply(A.ZugBeenden())
    assert state.round == 2 and state.acting == "Kämpferin"
    rounds = [e for e in events if e.kind == "runde"]
    assert len(rounds) == 1 and rounds[0].rule == refs.SRD_ROUNDS and "Runde 2" in rounds[0].text


def test_breaking_up_your_move_several_moves_before_and_after_the_action():
    """SRD 5.1 Combat > Movement and Position > Breaking Up Your Move: you can use as much of your
    speed as you like, before and after your action: 1.5 m and 3 m before, 4.5 m after -- 9 m in all."""
    state = encounter(HERO, ORC_FAR)
    state.apply(A.Bewegen(((0.75, 2.25),)))
    state.apply(A.Bewegen(((0.75, 5.25),)))
    assert state.movement_left() == 9 - 1.5 - 3
    state.apply(A.Ausweichen())
    state.apply(A.Bewegen(((0.75, 9.75),)))
    assert state.movement_left() == 0 and state.token("Kämpferin").position == (0.75, 9.75)
    with pytest.raises(RuleViolation) as refused:
        state.check(A.Bewegen(((0.75, 11.25),)))
    assert refused.value.rule == refs.SRD_MOVEMENT_AND_POSITION


def test_dash_after_moving_adds_the_speed_again():
    """SRD 5.1 Combat > Actions in Combat > Dash: extra movement for the current turn equal to your
    speed -- taken after the whole 9 m walked, it gives 9 m more."""
    state = encounter(HERO, ORC_FAR)
    state.apply(A.Bewegen(((0.75, 9.75),)))
    assert state.movement_left() == 0
    state.apply(A.Spurt())
    assert state.movement_left() == 9
    state.apply(A.Bewegen(((0.75, 18.75),)))
    assert state.movement_left() == 0 and state.budget.used == 18


def test_disengage_leaves_reach_without_an_opportunity_attack_for_the_turn():
    """SRD 5.1 Combat > Actions in Combat > Disengage: your movement doesn't provoke opportunity
    attacks for the rest of the turn; the next turn it does again."""
    state = encounter(HERO, ("Ork", "ork", "Monster", (0.75, 2.25)))
    state.apply(A.Rueckzug())
    events = state.apply(A.Bewegen(((6.75, 0.75),)))
    assert not [e for e in events if e.kind in ("gelegenheitsangriff", "angriff")]
    assert not state.reaction_used("Ork") and state.hp("Kämpferin") == 12
    state.apply(A.ZugBeenden())
    assert state.acting == "Ork" and not state.budget.disengage


def test_one_reaction_a_round_regained_at_the_start_of_the_own_turn():
    """SRD 5.1 Combat > Actions in Combat > Reactions: a reaction once used cannot be taken again
    until the start of your next turn: the Ork attacks the first hero who leaves its reach, not the
    second; its own turn gives the reaction back."""
    state = encounter(HERO, ("Magierin", "magierin", "Helden", (3.75, 3.75)), ("Ork", "ork", "Monster", (2.25, 2.25)))
    script(state, 2)  # the Ork's opportunity attack: 2 + 5 = 7 misses RK 18
    events = state.apply(A.Bewegen(((6.75, 0.75),)))
    assert [e.data.get("attacker") for e in events if e.kind == "angriff"] == ["Ork"]
    assert state.reaction_used("Ork")
    state.apply(A.ZugBeenden())
    events = state.apply(A.Bewegen(((3.75, 9.75),)))
    assert not [e for e in events if e.kind == "angriff"]
    assert "keine Reaktion" in next(e.text for e in events if e.kind == "gelegenheitsangriff")
    state.apply(A.ZugBeenden())
    assert state.acting == "Ork" and not state.reaction_used("Ork")


def test_ready_a_readied_attack_spends_the_reaction():
    """SRD 5.1 Combat > Actions in Combat > Ready: when the trigger occurs you take the readied
    reaction -- and it is the reaction of the round: leaving the reach afterwards provokes nothing."""
    state = encounter(HERO, ("Ork", "ork", "Monster", (0.75, 6.75)))
    state.apply(A.Vorbereiten("feind-kommt-in-reichweite", "angriff", "Langschwert"))
    state.apply(A.ZugBeenden())
    script(state, 2)  # the readied attack: 2 + 5 = 7 misses RK 13
    events = state.apply(A.Bewegen(((0.75, 2.25),)))
    assert [e.kind for e in events if e.kind in ("vorbereitet", "angriff")] == ["vorbereitet", "angriff"]
    assert state.reaction_used("Kämpferin")
    events = state.apply(A.Bewegen(((0.75, 6.75),)))
    assert not [e for e in events if e.kind == "angriff"]
    assert "keine Reaktion" in next(e.text for e in events if e.kind == "gelegenheitsangriff")


def test_no_bonus_action_without_a_feature_that_grants_one():
    """SRD 5.1 Combat > Actions in Combat > Bonus Actions: you can take a bonus action only when a
    special ability, spell or feature says so; none of the shipped creatures has one, so no turn of
    a whole skirmish offers or spends one."""
    state = new_encounter("scharmuetzel", seed=3)
    player, rng = GreedyPlayer(), SeededRng(3)
    allowed = set(A.USING_THE_ACTION) | {"bewegen", "aufstehen", "zug-beenden"}
    while not state.is_terminal():
        assert not state.bonus_action_used
        assert {a.kind for a in state.legal_actions()} <= allowed
        state.apply(player.choose(state, rng))


def test_suchen_below_the_stealth_total_finds_nobody_equal_finds():
    """dnd5e-combat-de-excerpt.txt, "SUCHEN": the searcher rolls Weisheit (Wahrnehmung); a hidden
    foe is found when the total reaches its Stealth total (ruling dnd5e.hide-tracked)."""
    state = encounter(("Goblin", "goblin", "Monster", (0.75, 0.75)), ("Ork", "ork", "Helden", (0.75, 9.75)))
    script(state, 4)  # 4 + 6 = 10 against the Ork's passive Perception 10: hidden
    state.apply(A.Verstecken())
    state.apply(A.ZugBeenden())
    script(state, 9)  # 9 + 0 < 10
    events = state.apply(A.Suchen())
    search = next(e for e in events if e.kind == "suchen")
    assert search.rule == refs.SUCHEN and "Weisheit (Wahrnehmung)" in search.text and search.data["found"] == []
    assert state.hidden() == {"Goblin": 10}
    state.undo()
    script(state, 10)  # 10 + 0 = 10
    events = state.apply(A.Suchen())
    assert next(e for e in events if e.kind == "suchen").data["found"] == ["Goblin"] and state.hidden() == {}


def test_hiding_against_the_highest_passive_perception_of_the_foes():
    """SRD 5.1 Combat > Actions in Combat > Hide, Using Ability Scores > Dexterity > Stealth > Hiding
    and Using Ability Scores > Ability Checks > Passive Checks: the Stealth total is compared with
    passive Perception, 10 + the Perception modifier, of the creatures looking: the Kämpferin's 12
    (+2) counts, not the Ork's 10."""
    state = encounter(("Goblin", "goblin", "Monster", (0.75, 0.75)), ("Ork", "ork", "Helden", (0.75, 9.75)),
                      ("Wache", "kaempferin", "Helden", (9.75, 9.75)))
    assert state.profiles["Wache"].passive_wahrnehmung == 10 + 2
    script(state, 5)  # 5 + 6 = 11: beats the Ork's 10, not the Wache's 12
    events = state.apply(A.Verstecken())
    assert events[-1].data["passive"] == 12 and not events[-1].data["success"] and state.hidden() == {}
    state.undo()
    script(state, 6)  # 6 + 6 = 12
    state.apply(A.Verstecken())
    assert state.hidden() == {"Goblin": 12}


def test_attacking_an_unseen_target_has_disadvantage():
    """SRD 5.1 Combat > Making an Attack > Unseen Attackers and Targets: when you attack a target you
    can't see, you have disadvantage on the attack roll."""
    state = encounter(("Goblin", "goblin", "Monster", (0.75, 0.75)), ("Ork", "ork", "Helden", (0.75, 2.25)))
    script(state, 4)  # hidden with 10
    state.apply(A.Verstecken())
    state.apply(A.ZugBeenden())
    script(state, 15, 3)  # the lower of the two d20s: 3 + 5 = 8 misses RK 15
    events = state.apply(A.Angriff("Zweihandaxt", "Goblin"))
    roll = next(e for e in events if e.kind == "angriff")
    assert roll.data["mode"] == "nachteil" and roll.data["natural"] == 3 and not roll.data["hit"]
    assert "ungesehenes Ziel" in roll.text and refs.SRD_UNSEEN.section in roll.data["sources"]
    assert "SRD" not in roll.text  # the text is German words; the rules are the event's rule and its sources
