"""The tactical player (TaktischerSpieler): it walks around a foe's reach instead of leaving it
(dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN": "Verlässt du in deinem Zug
die Angriffsreichweite einer feindlichen Kreatur, provozierst du einen Gelegenheitsangriff"; SRD 5.1,
Combat > Making an Attack > Opportunity Attacks), takes Rückzug when every way out provokes
("RÜCKZUG"; SRD 5.1, Combat > Actions in Combat > Disengage), and plays only legal actions in whole
seeded encounters (AKTIONEN IM KAMPF; SRD 5.1, Combat > Your Turn)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.inputs import InputError
from explorer.core.players import play
from explorer.core.rng import SeededRng
from explorer.core.simulate import simulate
from explorer.dnd5e import actions as A
from explorer.dnd5e.analysis import opportunity_risk
from explorer.dnd5e.game import move_toward, new_encounter
from explorer.dnd5e.players import GreedyPlayer, RandomPlayer, TaktischerSpieler, wagt_es
from explorer.dnd5e.system import CONFIGURATIONS, invariants


def square(i: int, j: int) -> list[float]:
    """The centre of square (i, j) of the 1.5 m grid."""
    return [0.75 + 1.5 * i, 0.75 + 1.5 * j]


def encounter(creatures, *, width=12, height=9, first="Kämpferin"):
    """A hand-made encounter whose first turn is ``first``'s (the first seed whose initiative says so)."""
    spec = {"map": {"width": width, "height": height, "walls": [], "areas": []}, "creatures": creatures}
    for seed in range(200):
        state = new_encounter(spec, seed=seed)
        if state.acting == first:
            return state
    raise AssertionError(f"no seed gives {first} the first turn")


def passing_the_ork():
    """The Kämpferin (square 0,2) and the weak Goblin (6,2) in one row; the Ork (3,3) stands beside
    the row, so the straight way enters its reach at square 2 and leaves it at square 5."""
    return encounter([
        {"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": square(0, 2)},
        {"name": "Goblin", "profile": "goblin", "side": "Monster", "position": square(6, 2)},
        {"name": "Ork", "profile": "ork", "side": "Monster", "position": square(3, 3)}])


def test_the_straight_way_provokes_here_so_the_map_matters():
    """SRD 5.1, Opportunity Attacks: the straight move toward the Goblin leaves the Ork's reach."""
    state = passing_the_ork()
    straight = next(move_toward(state, "Goblin"))
    risk = opportunity_risk(state, "Kämpferin", list(straight.pfad))
    assert [a.attacker for a in risk.attacks] == ["Ork"] and risk.expected_damage > 0


def test_the_tactical_player_walks_around_the_reach_and_attacks_the_weakest_foe():
    """"SICH UM ANDERE KREATUREN HERUM BEWEGEN": a way that never leaves the Ork's reach exists, so
    the tactical player takes it (no Gelegenheitsangriff), then attacks the Goblin (fewest hit points)."""
    state = passing_the_ork()
    player, rng = TaktischerSpieler(), SeededRng(5)
    moved = player.choose(state, rng)
    assert isinstance(moved, A.Bewegen) and state.can(moved)
    assert not opportunity_risk(state, "Kämpferin", list(moved.pfad)).attacks
    state.apply(moved)
    assert not [e for e in state.log if e.kind == "gelegenheitsangriff"]
    assert state.hp("Kämpferin") == state.max_hp("Kämpferin")
    attack = player.choose(state, rng)
    assert attack == A.Angriff("Langschwert", "Goblin")
    state.apply(attack)
    assert state.action_used == "angriff" and player.choose(state, rng) == A.ZugBeenden()


def test_it_dares_an_opportunity_attack_only_when_it_is_cheap_and_cannot_drop_it():
    """"RÜCKZUG" or provoke (SRD 5.1, Opportunity Attacks; Dropping to 0 Hit Points): leaving the
    Ork's reach risks its Zweihandaxt (+5, 1W12+3) against the Kämpferin's RK 18: 8 of 20 sides hit,
    one of them critical, expected 7/20 x 9.5 + 1/20 x 16 = 33/8 damage.  Worth it for a blow
    expected to deal more, with 30 hit points left (a critical hit deals at most 27); never when
    the attack might drop her (12 hit points), nor for a blow expected to deal less."""
    state = passing_the_ork()
    straight = list(next(move_toward(state, "Goblin")).pfad)
    healthy = opportunity_risk(state.battle_map, "Kämpferin", straight, profiles=state.profiles, hp=30)
    hurt = opportunity_risk(state.battle_map, "Kämpferin", straight, profiles=state.profiles, hp=12)
    assert healthy.expected_damage == hurt.expected_damage == Fraction(33, 8)
    assert healthy.p_drop == 0 < hurt.p_drop
    assert wagt_es(healthy, 4.5) and not wagt_es(healthy, 4.0) and not wagt_es(hurt, 6.0)


def test_after_rueckzug_it_walks_in_without_provoking():
    """"RÜCKZUG": with Rückzug taken, no path provokes, so the tactical player takes the cheapest way
    to the Goblin past the Ork (SRD 5.1, Disengage) and ends its turn: its action is spent."""
    state = passing_the_ork()
    state.apply(A.Rueckzug())
    player, rng = TaktischerSpieler(), SeededRng(2)
    moved = player.choose(state, rng)
    assert isinstance(moved, A.Bewegen)
    state.apply(moved)
    assert state.distance("Kämpferin", "Goblin") <= Fraction(3, 2)
    assert not [e for e in state.log if e.kind == "gelegenheitsangriff"]
    assert player.choose(state, rng) == A.ZugBeenden()


class Checked:
    """A player whose every choice must be legal before it is applied (conformance style)."""

    def __init__(self, inner):
        self.inner, self.name = inner, inner.name

    def choose(self, state, rng):
        action = self.inner.choose(state, rng)
        assert state.can(action), f"{action} chosen but not legal"
        return action


@pytest.mark.parametrize("configuration", list(CONFIGURATIONS))
def test_the_tactical_player_plays_legal_actions_in_whole_seeded_encounters(configuration):
    """Every configuration, against itself, the random and the greedy player, both sides: each
    chosen action legal, the invariants after every action (hit points, movement within the budget,
    one action a turn: AKTIONEN IM KAMPF), and every encounter ends (a side beaten or the round
    limit, rulings dnd5e.zero-hp, dnd5e.round-limit)."""
    tactical = Checked(TaktischerSpieler())
    games = 0
    for other in (tactical, Checked(RandomPlayer()), Checked(GreedyPlayer())):
        for seats in ((tactical, other), (other, tactical)):
            frame = simulate("dnd5e", 3, configuration, players=list(seats), seed=11, progress=False,
                             check_invariants=True)
            assert set(frame["end"]) <= {"side_beaten", "round_limit"}
            games += len(frame)
    assert games == 18


def test_the_tactical_player_never_leaves_a_reach_it_could_avoid_in_the_skirmish():
    """SRD 5.1, Opportunity Attacks: over whole skirmishes, every move the tactical player makes
    that provokes had no alternative -- each move it chose before its action either provoked nothing
    or came after every candidate path was priced (it never provokes while a free way to a foe exists)."""
    state = new_encounter("scharmuetzel", seed=4)
    player = TaktischerSpieler()
    rngs = {who: SeededRng(4).spawn(who) for who in state.players}
    provoked = free = 0
    for _ in range(2000):
        if state.is_terminal():
            break
        action = player.choose(state, rngs[state.current_player])
        if isinstance(action, A.Bewegen):
            risk = opportunity_risk(state, state.acting, list(action.pfad))
            provoked += bool(risk.attacks)
            free += not risk.attacks
        state.apply(action)
        invariants(state)
    assert state.is_terminal() and free > 0 and provoked == 0


def test_seeded_games_are_reproduced():
    """The same seed gives the same encounter, action by action (the rng only breaks ties)."""
    histories = [play(new_encounter("scharmuetzel", seed=9), TaktischerSpieler(), seed=9).history for _ in range(2)]
    assert histories[0] == histories[1] and len(histories[0]) > 5


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "3", 201])
def test_max_checks_is_validated(bad):
    with pytest.raises(InputError):
        TaktischerSpieler(max_checks=bad)
