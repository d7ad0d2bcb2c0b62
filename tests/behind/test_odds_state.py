"""Odds taken from a game state agree with the referee, deal by deal.

Each brute-force test builds a small game state (few unknown cards), enumerates every deal the
viewer cannot tell apart -- which cards the unknown hands hold and which card lies on top of each
supply -- lets the game's referee resolve the attack in each deal (both sides playing their highest
hand card) and compares the counted outcomes with ``odds_from_state`` exactly.
Rules: behind-2003-rulebook.txt, sections "Melee Combat (Nahkampf)", "Ranged Combat (Fernkampf)",
"Hand Cards, Supply and Discard Pile (Handkarten, Nachschub und Rückzug)", "Viewing Angle
(Sichtwinkel)", "Bündnis (Alliance)", "Glaube (Faith)", "Wandler (Shapeshifter) -- Fähigkeit X+".
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from explorer.behind import actions, refs
from explorer.behind.cards import Character
from explorer.behind.data import load_characters, load_decks
from explorer.behind.game import new_game
from explorer.behind.odds import MeleeQuestion, RangedQuestion
from explorer.behind.odds_state import (
    available_assistants,
    hand_knowledge,
    odds_from_state,
    question_from_state,
    question_notes,
)
from explorer.core.rules import RuleViolation
from tests.behind.game_fixtures import (
    LUDWIG,
    SAHRA,
    card,
    duel_game,
    place,
    put_in_play,
    rebuild,
    set_injuries,
    set_piles,
    set_turn,
)

AGATHE = Character(name="Schwester Agathe", strength=2, dexterity=2, resistance=2, society="Schwesternbund",
                   abilities="Glaube +1; Bündnis 1")
BRUNO = Character(name="Bruno Grauhaar", strength=4, dexterity=2, resistance=3, society="Werwölfe",
                  abilities="Wandler 4+")
VAMPIRES, SISTERS = "Vampire", "Schwesternbund"


def _ids(state, player, zone):
    return [c.id for c in state.piles(player).zones[zone]]


def _highest(cards):
    return max(cards, key=lambda c: c.combat_value).id if cards else None


def _deals(state, player, viewer):
    """Every arrangement ``viewer`` cannot tell apart for ``player``: (hand ids, top card id),
    equally likely.  A known hand stays; an unknown one is any subset of its size of the cards
    the viewer cannot place, the top card any other of them."""
    knowledge = hand_knowledge(state, player, viewer)
    pool = [c.id for c in knowledge.unknown]
    if knowledge.known:
        hand = [c.id for c in knowledge.hand]
        return [(hand, pool[i], pool[:i] + pool[i + 1:]) for i in range(len(pool))]
    deals = []
    for chosen in combinations(range(len(pool)), knowledge.hand_size):
        rest = [i for i in range(len(pool)) if i not in chosen]
        for top in rest:
            deals.append(([pool[i] for i in chosen], pool[top], [pool[i] for i in rest if i != top]))
    return deals


def _set_deal(state, player, deal):
    hand, top, rest = deal
    set_piles(state, player, hand=hand, supply=[top, *rest])


def _outcome(state, log_start, first, second, attacker, defender):
    """(loser, injuries) of the attack the referee just resolved, read from the log."""
    events = state.log[log_start:]
    values = [e.data["value"] for e in events if "value" in e.data]
    diff = values[0] - values[1]
    for event in events:
        hit = re.match(r"(.+) suffers (\d+) injur", event.text)
        if event.kind == "injury" and hit:
            return (second if hit.group(1) == defender else first), int(hit.group(2))
    if diff > 0:
        return second, 0
    if first == "none":  # ranged: "If the dodge value ... reaches or exceeds the shooting value ... no further effect"
        return "none", 0
    return ("tie", 0) if diff == 0 else (first, 0)


def brute_force_melee(state, attacker, defender, viewer, assistants=()):
    """Exact outcome distribution counted over every deal, each resolved by the referee."""
    counts, total = Counter(), 0
    a_owner, d_owner = state.owners[attacker], state.owners[defender]
    for a_deal in _deals(state, a_owner, viewer):
        for d_deal in _deals(state, d_owner, viewer):
            game = state.copy()
            _set_deal(game, a_owner, a_deal)
            _set_deal(game, d_owner, d_deal)
            start = len(game.log)
            game.apply(actions.Melee(attacker, defender, card=_highest(game.hand(a_owner)),
                                     assistants=tuple(assistants)))
            game.apply(actions.Defend(card=_highest(game.hand(d_owner))))
            if game.phase == "assign-damage":  # several attackers lost: the lowest Resistance takes it
                side = [attacker, *assistants]
                victim = min(side, key=lambda n: game.character(n).resistance)
                injuries = game.pending.info["difference"] // game.character(victim).resistance
                counts["attacker", injuries] += 1
            else:
                counts[_outcome(game, start, "attacker", "defender", attacker, defender)] += 1
            total += 1
    return {key: Fraction(n, total) for key, n in counts.items()}


def brute_force_ranged(state, shooter, target, viewer, source):
    counts, total = Counter(), 0
    s_owner, t_owner = state.owners[shooter], state.owners[target]
    for s_deal in _deals(state, s_owner, viewer):
        for t_deal in _deals(state, t_owner, viewer):
            game = state.copy()
            _set_deal(game, s_owner, s_deal)
            _set_deal(game, t_owner, t_deal)
            start = len(game.log)
            game.apply(actions.Ranged(shooter, target, source))
            game.apply(actions.Dodge(card=_highest(game.hand(t_owner))))
            counts[_outcome(game, start, "none", "target", shooter, target)] += 1
            total += 1
    return {key: Fraction(n, total) for key, n in counts.items()}


def exact_outcomes(result):
    return {(row.loser, row.injuries): row.exact for row in result.frame.itertuples()}


def _sisters_attack_from_behind():
    """Sahra attacks Ludwig from his rear arc; Schwester Agathe (Bündnis 1) also touches him."""
    state = duel_game([6, 5, 4, 3, 2, 7, 8, 9, 1, 2], [5, 6, 7, 3, 2, 1, 4, 8, 9, 3],
                      second_characters=(SAHRA, AGATHE), pad=5)
    place(state, (LUDWIG.name, 60, 40, 0), (SAHRA.name, 57, 40, 0), (AGATHE.name, 60, 43, 270))
    set_turn(state, SISTERS)
    # Sisterhood: 3 cards in hand, 4 in the supply; Vampires: 3 in hand, 3 in the supply
    set_piles(state, SISTERS, hand=["S0", "S1", "S3"], supply=["S2", "S4", "S5", "S6"],
              discard=["S7", "S8", "S9"])
    set_piles(state, VAMPIRES, hand=["V0", "V1", "V2"], supply=["V3", "V4", "V5"], discard=["V6", "V7"])
    return state


# -- what the viewer knows ------------------------------------------------------------------------------


def test_unknown_cards_are_everything_off_the_public_piles_and_the_viewers_hand():
    """Hand Cards, Supply and Discard Pile: an opponent's hand and supply are hidden, every discard
    pile may be looked at."""
    state = _sisters_attack_from_behind()
    own = hand_knowledge(state, SISTERS, SISTERS)
    other = hand_knowledge(state, VAMPIRES, SISTERS)
    assert own.known and sorted(c.id for c in own.unknown) == ["S2", "S4", "S5", "S6"]
    assert not other.known and other.hand_size == 3
    assert sorted(c.id for c in other.unknown) == ["V0", "V1", "V2", "V3", "V4", "V5"]
    assert all(c.id not in _ids(state, VAMPIRES, "discard") + _ids(state, VAMPIRES, "destroyed")
               for c in other.unknown)


def test_the_table_gives_rear_arc_and_the_available_assistant():
    """Viewing Angle (Sichtwinkel): +1 in the rear arc; Melee Combat: an unbound character touching
    the defender assists with its Strength, plus its Bündnis value (Bündnis (Alliance))."""
    state = _sisters_attack_from_behind()
    question = question_from_state(state, SAHRA.name, LUDWIG.name, SISTERS)
    assert isinstance(question, MeleeQuestion)
    assert question.rear_arc and [c.name for c in question.assistants] == [AGATHE.name]
    attack, _ = question.sides()
    assert attack.base == 1 + 1 + 2 + 1  # Strength + rear arc + Agathe's Strength + Bündnis 1
    alone = question_from_state(state, SAHRA.name, LUDWIG.name, SISTERS, assistants=())
    assert alone.assistants == () or list(alone.assistants) == []


# -- brute force: every deal resolved by the referee --------------------------------------------------


@pytest.mark.parametrize("viewer", [SISTERS, VAMPIRES, None], ids=["attacker's owner", "defender's owner", "spectator"])
def test_melee_odds_from_state_equal_the_referee_over_every_deal(viewer):
    """Melee Combat (Nahkampf), Viewing Angle, Bündnis: the rear-arc attack with an assistant,
    counted deal by deal, whoever looks."""
    state = _sisters_attack_from_behind()
    if viewer is None:  # hands of different sizes: the attacker has played cards this turn
        set_piles(state, SISTERS, hand=["S0", "S1"], supply=["S3", "S2", "S4"])
    counted = brute_force_melee(state, SAHRA.name, LUDWIG.name, viewer, assistants=(AGATHE.name,))
    result = odds_from_state(state, SAHRA.name, LUDWIG.name, viewer)
    assert exact_outcomes(result) == counted


def test_injured_and_transformed_characters_fight_as_they_are_now():
    """Injuries: Strength lowered by 1 per injury; Wandler: +3 Strength and +1 Resistance while
    transformed.  Glaube (Faith): Agathe fighting alone against two unbound Werewolves adds her
    Faith value once."""
    state = duel_game([6, 5, 4, 3, 2, 7, 8, 9, 1, 2], [5, 6, 7, 3, 2, 1, 4, 8, 9, 3],
                      first_characters=(BRUNO, LUDWIG), first_society="Werwölfe",
                      second_characters=(AGATHE,), pad=5)
    place(state, (AGATHE.name, 60, 40, 180), (BRUNO.name, 57, 40, 0), (LUDWIG.name, 60, 43, 270))
    set_turn(state, SISTERS)
    set_injuries(state, AGATHE.name, 1)
    rebuild(state, lambda position: position.update(transformed=[BRUNO.name]))
    set_piles(state, SISTERS, hand=["S0", "S1", "S3"], supply=["S2", "S4", "S5"], discard=["S7", "S8"])
    set_piles(state, "Werwölfe", hand=["W0", "W1"], supply=["W3", "W4", "W5", "W2"], discard=["W6"])
    question = question_from_state(state, AGATHE.name, BRUNO.name, SISTERS)
    assert question.attacker.current_strength == 1 and question.defender.resistance == 4
    assert question.attacker_extra_opponents == 1
    counted = brute_force_melee(state, AGATHE.name, BRUNO.name, SISTERS)
    assert exact_outcomes(question.exact()) == counted


def test_ranged_odds_from_state_equal_the_referee_over_every_deal():
    """Ranged Combat (Fernkampf): Dexterity + the weapon's fate number + the top supply card
    against Dexterity + a hand card + the top supply card; the target's owner is the viewer."""
    bow = card(4, "bow", category="Waffe", permanent=True, effect_code="ranged", ranged=True, title="Bow")
    state = duel_game([6, 5, 4, 3, 2, 7, 8, 9, 1, 2], [5, 6, 7, 3, 2, 1, 4, 8, 9, 3],
                      first_cards=[bow], pad=5)
    place(state, (LUDWIG.name, 20, 40, 0), (SAHRA.name, 28, 40, 180))
    set_turn(state, VAMPIRES)
    put_in_play(state, VAMPIRES, "bow", bearer=LUDWIG.name)
    set_piles(state, VAMPIRES, hand=["V0", "V1"], supply=["V2", "V3", "V4"], discard=["V5"])
    set_piles(state, SISTERS, hand=["S0", "S1", "S2"], supply=["S3", "S4", "S5"], discard=["S6"])
    result = odds_from_state(state, LUDWIG.name, SAHRA.name, SISTERS)
    assert isinstance(result.question, RangedQuestion) and result.question.weapon_fate.id == "bow"
    assert exact_outcomes(result) == brute_force_ranged(state, LUDWIG.name, SAHRA.name, SISTERS, "bow")


def test_a_shot_with_a_magic_card_from_an_unknown_hand_is_counted_over_the_hands_that_hold_it():
    """Ranged Combat (Fernkampf): a ranged magic card is played from the hand, so it is not in the
    supply; the defender's player, who cannot see that hand, counts only the deals in which the
    shooter holds it."""
    bolt = card(5, "bolt", category="Zauber", effect_code="ranged", ranged=True, title="Bolt")
    state = duel_game([6, 5, 4, 3, 2, 7, 8, 9, 1, 2], [5, 6, 7, 3, 2, 1, 4, 8, 9, 3],
                      second_cards=[bolt], pad=5)
    place(state, (LUDWIG.name, 20, 40, 0), (SAHRA.name, 28, 40, 180))
    set_turn(state, SISTERS)
    set_piles(state, SISTERS, hand=["bolt", "S0"], supply=["S1", "S2", "S3", "S4"], discard=["S5"])
    set_piles(state, VAMPIRES, hand=["V0", "V1"], supply=["V2", "V3", "V4"], discard=["V5"])
    result = odds_from_state(state, SAHRA.name, LUDWIG.name, VAMPIRES, source="bolt")
    counts, total = Counter(), 0
    for s_deal in _deals(state, SISTERS, VAMPIRES):
        if "bolt" not in s_deal[0]:
            continue  # the shooter shoots with the bolt: only hands holding it
        for t_deal in _deals(state, VAMPIRES, VAMPIRES):
            game = state.copy()
            _set_deal(game, SISTERS, s_deal)
            _set_deal(game, VAMPIRES, t_deal)
            start = len(game.log)
            game.apply(actions.Ranged(SAHRA.name, LUDWIG.name, "bolt"))
            game.apply(actions.Dodge(card=_highest(game.hand(VAMPIRES))))
            counts[_outcome(game, start, "none", "target", SAHRA.name, LUDWIG.name)] += 1
            total += 1
    assert exact_outcomes(result) == {key: Fraction(n, total) for key, n in counts.items()}
    assert len(result.question.shooter_supply) == 5  # six unknown cards but the bolt


# -- a real game: shipped decks, against a Monte Carlo estimate ----------------------------------------


def test_a_shipped_game_state_agrees_with_a_monte_carlo_estimate():
    """The exact state odds sit within the sampling error of a Monte Carlo estimate of the same
    question (odds.py: ``monte_carlo``)."""
    decks = load_decks()
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=3)
    chars = load_characters()
    ludwig, sahra = chars["ludwig-von-auenstedt"].name, chars["sahra-jeanette"].name
    place(state, (ludwig, 60, 40, 0), (sahra, 63, 40, 180))
    question = question_from_state(state, ludwig, sahra, state.owners[ludwig])
    exact = question.exact()
    estimate = question.monte_carlo(samples=40_000, seed=2)
    for side in ("defender", "attacker"):
        stderr = (exact.p_injured(side) * (1 - exact.p_injured(side)) / 40_000) ** 0.5
        assert abs(exact.p_injured(side) - estimate.p_injured(side)) < 4 * stderr + 1e-9


def test_hands_of_different_sizes_are_sampled_with_their_own_sizes():
    """odds.py: ``attacker_hand_size``/``defender_hand_size`` -- the Monte Carlo estimate of a
    spectator's question (hands of 2 and 3 cards) meets its exact answer."""
    state = _sisters_attack_from_behind()
    set_piles(state, SISTERS, hand=["S0", "S1"], supply=["S3", "S2", "S4"])
    question = question_from_state(state, SAHRA.name, LUDWIG.name)
    assert (question.attacker_hand_size, question.defender_hand_size) == (2, 3)
    exact, estimate = question.exact(), question.monte_carlo(samples=40_000, seed=5)
    for side in ("defender", "attacker"):
        p = exact.p_injured(side)
        assert abs(estimate.p_injured(side) - p) < 4 * (p * (1 - p) / 40_000) ** 0.5


# -- refusals and words ---------------------------------------------------------------------------------


def test_an_assistant_bound_by_another_enemy_is_refused():
    """Melee Combat: assisting chips "may therefore not touch any further enemy character chips"."""
    state = duel_game([6, 5, 4], [5, 6, 7], first_characters=(LUDWIG, Character(name="Graf", strength=3)),
                      second_characters=(SAHRA, AGATHE), pad=10)
    place(state, (LUDWIG.name, 60, 40, 0), (SAHRA.name, 57, 40, 0), (AGATHE.name, 60, 43, 270),
          ("Graf", 60, 46, 90))
    assert available_assistants(state, SAHRA.name, LUDWIG.name) == []
    with pytest.raises(RuleViolation) as refused:
        question_from_state(state, SAHRA.name, LUDWIG.name, SISTERS, assistants=[AGATHE.name])
    assert refused.value.rule == refs.MELEE


def test_own_characters_cannot_be_attacked_and_a_shot_needs_a_known_source():
    state = _sisters_attack_from_behind()
    with pytest.raises(RuleViolation):
        odds_from_state(state, SAHRA.name, AGATHE.name)
    with pytest.raises(RuleViolation) as no_source:
        odds_from_state(state, LUDWIG.name, SAHRA.name, kind="ranged")
    assert no_source.value.rule == refs.RANGED


def test_notes_say_what_the_viewer_knows():
    state = _sisters_attack_from_behind()
    question = question_from_state(state, SAHRA.name, LUDWIG.name, SISTERS)
    notes = question_notes(state, question, SISTERS)
    assert any("rear arc" in line for line in notes)
    assert any(line.startswith("Schwesternbund's hand is known") for line in notes)
    assert any(line.startswith("Vampire's hand is unknown: 3 cards") and "6 cards" in line for line in notes)


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_odds_count_the_bases_the_referee_counts_in_greedy_games(seed):
    """Melee Combat, Weapons, Viewing Angle, Glaube: in a greedy game's first melee, the attack and
    defence bases of ``question_from_state`` are those the referee writes in the log."""
    from explorer.behind.players import GreedyPlayer
    from explorer.core.rng import SeededRng

    decks = load_decks()
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=seed)
    greedy, rng = GreedyPlayer(), SeededRng(seed)
    action = greedy.choose(state, rng)
    while action.kind != "melee":
        state.apply(action)
        action = greedy.choose(state, rng)
    question = question_from_state(state, action.attacker, action.defender, state.current_player,
                                   assistants=action.assistants)
    attack, defence = question.sides()
    attack_event = next(e for e in state.apply(action) if "base" in e.data)
    defend = greedy.choose(state, rng)
    defend_event = next(e for e in state.apply(actions.Defend(defend.card, (), defend.weapon)) if e.kind == "defend")
    assert attack_event.data["base"] == attack.base
    assert int(re.search(r"base (\d+)", defend_event.text).group(1)) == defence.base
