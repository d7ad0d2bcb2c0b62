"""The course of a game of Behind through the engine's actions: the beginning, the three phases of
a turn, Moments and their timing, views, the end, scenarios and tournament rules.

Every test cites the clause of behind-2003-rulebook.txt it checks; situations are built with the
fixed decks and direct placements of tests/behind/game_fixtures.py.
"""

import json
import re

from explorer.behind import refs
from explorer.behind.actions import (
    ChooseScenario,
    Defend,
    Deploy,
    Discard,
    EndTurn,
    Melee,
    Move,
    Organise,
    PlaceObstacle,
    PlayCard,
    Ranged,
    Turn,
    describe,
)
from explorer.behind.cards import Character
from explorer.behind.game import new_game
from explorer.behind.position import from_position
from explorer.behind.rulings import BEHIND_RULINGS
from tests.behind.game_fixtures import (
    LUDWIG,
    SAHRA,
    SISTERS,
    VAMPIRE,
    GameOptions,
    card,
    duel_game,
    fates,
    fixed_deck,
    ids,
    place,
    put_in_play,
    rebuild,
    refused,
    set_injuries,
    set_piles,
    set_turn,
)

L, S = LUDWIG.name, SAHRA.name
WEREWOLVES = "Werwölfe"
KIRA = Character(name="Kira Mondläuferin", strength=3, dexterity=2, resistance=2, society=WEREWOLVES,
                 abilities="Wandler 4+")
ANNA = Character(name="Anna von Bergen", strength=2, dexterity=1, resistance=2, society=SISTERS)
GHOST = Character(name="Die graue Frau", strength=2, dexterity=3, resistance=2, society="Geister",
                  abilities="Körperlos")
A = ANNA.name


def first_steps_game(**kw):
    """The First Steps decks: Christian (Vampires) wins the duel with a 9, holds a 6 in hand
    (card V1) and has a 3 on top of his supply; Barbara (Sisterhood) holds a 5 (S1) and has a 5 on top."""
    state = duel_game([9, 6, 1, 1, 1, 1, 3], [1, 5, 1, 1, 1, 1, 5], **kw)
    place(state, (L, 50, 40, 0), (S, 53, 40, 180))
    return state


def events(state, kind, start=0):
    return [e for e in state.log[start:] if e.kind == kind]


# =============================================================================================
# The Beginning
# =============================================================================================
def test_the_beginning_influence_duel_decides_the_starting_player():
    """behind-2003-rulebook.txt, section "The Beginning": "An influence duel, as described above,
    decides who begins the game. The winner of the duel is the starting player and is on turn";
    "each of you turns up the top card of his supply and you compare the fate numbers ... All cards
    turned up in this way are then placed on the discard pile"."""
    state = duel_game([3], [8])
    duel = events(state, "duel")[0]
    assert duel.rule == refs.THE_BEGINNING
    assert duel.data["ranking"] == [SISTERS, VAMPIRE] and duel.data["fates"] == [[3, 8]]
    assert state.active_player == SISTERS and state.turn == 1 and state.phase == "action"
    assert ids(state.piles(VAMPIRE).discard) == ["V0"] and ids(state.piles(SISTERS).discard) == ["S0"]


def test_the_beginning_tie_turns_up_another_card():
    """behind-2003-rulebook.txt, section "The Beginning": "In case of a tie you draw a further card
    and compare the fate numbers again. ... The higher value in the duel wins"."""
    state = duel_game([4, 2], [4, 7])
    duel = events(state, "duel")[0]
    assert duel.data["fates"] == [[4, 4], [2, 7]]
    assert state.active_player == SISTERS
    assert fates(state.piles(VAMPIRE).discard) == [4, 2] and fates(state.piles(SISTERS).discard) == [4, 7]


def test_the_beginning_legendary_character_in_two_decks_goes_to_the_duel_winner():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)" (referred to
    by "The Beginning": "Since the characters are unique cards ... a character can only be played by
    one player. In this case you would have to hold an influence duel"): "Should two or more players
    want to play with one and the same character, they must likewise hold an influence duel before
    the start of the game. The winner of the duel may use the character in the game; the loser must
    remove the character card from the game."."""
    other = Character(name="Graf Orlok", strength=2, dexterity=2, resistance=2, society=VAMPIRE)
    third = Character(name="Mina", strength=1, dexterity=2, resistance=2, society=VAMPIRE)
    decks = [fixed_deck([2, 5], characters=(LUDWIG, other), prefix="A"),
             fixed_deck([9, 1], characters=(LUDWIG, third), prefix="B")]
    state = new_game(decks, "unser_revier", shuffle=False)
    assert state.players == ("Vampire", "Vampire 2")
    legendary = events(state, "legendary")[0]
    assert legendary.rule == refs.SPECIAL_CARD_EFFECT and legendary.player == "Vampire 2"
    assert state.owners[L] == "Vampire 2"
    assert state.characters_of("Vampire") == ["Graf Orlok"]
    assert sorted(state.characters_of("Vampire 2")) == sorted([L, "Mina"])
    assert [c.owner for c in state.table.chips if c.name == L] == ["Vampire 2"]
    # the legendary duel used the first cards, the start duel the second ones
    assert fates(state.piles("Vampire").discard) == [2, 5] and fates(state.piles("Vampire 2").discard) == [9, 1]
    state.check_invariants()


def test_the_beginning_each_player_draws_five_cards_kept_secret():
    """behind-2003-rulebook.txt, section "The Beginning": "Each player then draws five cards from
    his supply; they form his so-called hand." (First Steps: "which he should keep secret from his
    opponent")."""
    state = duel_game([9, 1, 2, 3, 4, 5, 6], [1, 1, 2, 3, 4, 5, 6])
    assert ids(state.hand(VAMPIRE)) == ["V1", "V2", "V3", "V4", "V5"]
    assert ids(state.hand(SISTERS)) == ["S1", "S2", "S3", "S4", "S5"]
    private = [e for e in events(state, "draw") if e.visible_to is not None]
    assert {e.visible_to for e in private} == {VAMPIRE, SISTERS}
    assert all(e.visible_to == e.player for e in private)
    public = [e.text for e in state.events_for(SISTERS)]
    assert not any("V1" in text for text in public)


# =============================================================================================
# The Course of the Game / I. Organisation Phase
# =============================================================================================
def _places_game():
    p5 = card(0, "P5", category="Ort", permanent=True, influence=5, title="Place influence 5")
    p7 = card(0, "P7", category="Ort", permanent=True, influence=7, title="Place influence 7")
    state = duel_game([9, 1, 1, 1, 1, 1, p5, p7, 6, 3], [1])
    put_in_play(state, VAMPIRE, "P5")
    put_in_play(state, VAMPIRE, "P7")
    return state


def test_organisation_phase_influence_check_keeps_or_discards_permanent_cards():
    """behind-2003-rulebook.txt, section "I. Organisation Phase": "the acting player ... turns up the
    top card of his supply and compares its fate number with the influence value ... If the value
    of the turned-up fate number reaches or exceeds the influence value of the card, the check is
    successful and the card stays in play. If the fate number is lower ... the card is placed on the
    discard pile ... In both cases the turned-up card of the supply is likewise placed on the
    discard pile"."""
    state = _places_game()
    assert ids(state.piles(VAMPIRE).supply[:2]) == ["V8", "V9"]  # fate 6, then fate 3
    state.apply(EndTurn())  # Vampire's turn 1
    mark = len(state.log)
    state.apply(EndTurn())  # Schwesternbund's turn 2; Vampire's turn 3 begins with the organisation phase
    assert state.active_player == VAMPIRE and state.turn == 3 and state.phase == "action"
    checks = events(state, "influence", mark)
    assert [e.rule for e in checks] == [refs.ORGANISATION_PHASE] * 2
    assert "fate 6 against influence 5: stays in play" in checks[0].text
    assert "fate 3 against influence 7: fails" in checks[1].text
    assert [p.card for p in state.permanents_of(VAMPIRE)] == ["P5"]
    assert ids(state.piles(VAMPIRE).discard)[-3:] == ["V8", "V9", "P7"]
    state.check_invariants()


def test_organisation_phase_checks_in_order_of_play_ruling_organisation_order():
    """behind-2003-rulebook.txt, section "I. Organisation Phase": "This procedure is repeated for
    each card that requires an influence check. The acting player determines the order." -- ruling
    behind.organisation-order: voluntary transformations back, then influence checks in the order the
    cards were played, then Wandler duration checks, then the permanents' effects."""
    state = _places_game()
    rebuild(state, lambda position: position["permanents"].reverse())  # P7 played first
    state.apply(EndTurn())
    mark = len(state.log)
    state.apply(EndTurn())
    checks = events(state, "influence", mark)
    assert "Place influence 7" in checks[0].text and "fate 6 against influence 7: fails" in checks[0].text
    assert "Place influence 5" in checks[1].text and "fate 3 against influence 5: fails" in checks[1].text
    assert state.permanents_of(VAMPIRE) == []


def test_organisation_phase_skipped_without_permanent_cards():
    """behind-2003-rulebook.txt, section "I. Organisation Phase": "In the first turn of your game you
    do not yet have any permanent cards lying out. You can therefore simply skip the organisation
    phase." -- no card is turned up and the action phase begins at once."""
    state = duel_game([9], [1])
    supply = ids(state.piles(VAMPIRE).supply)
    assert state.phase == "action" and not events(state, "influence")
    assert ids(state.piles(VAMPIRE).supply) == supply


def _wolf_game(top):
    state = duel_game([9, 1, 1, 1, 1, 1, top], [1], first_characters=(KIRA,), first_society=WEREWOLVES)
    rebuild(state, lambda position: position.update(transformed=[KIRA.name]))
    state.apply(EndTurn())
    state.apply(EndTurn())
    return state


def test_wandler_duration_check_in_organisation_phase_fails_and_transforms_back():
    """behind-2003-rulebook.txt, section "Wandler (Shapeshifter) -- Fähigkeit X+": "To see how long
    the transformation lasts, the player must pass a further ability check in each organisation phase
    of his following turns or the character transforms back." -- Wandler 4+ with a 3 turned up."""
    state = _wolf_game(3)
    assert state.phase == "organisation" and state.current_player == WEREWOLVES
    assert state.character(KIRA.name).strength == 6  # +3 while transformed
    refused(state, Discard("W1"), refs.ORGANISATION_PHASE)
    mark = len(state.log)
    state.apply(Organise())
    check = events(state, "transform", mark)[0]
    assert check.rule == refs.WANDLER and "fate 3 against 4+: transforms back" in check.text
    assert KIRA.name not in state.data.transformed
    assert state.character(KIRA.name).strength == 3 and state.phase == "action"
    assert ids(state.piles(WEREWOLVES).discard)[-1] == "W6"


def test_wandler_duration_check_succeeds_and_stays_transformed():
    """behind-2003-rulebook.txt, section "Wandler (Shapeshifter) -- Fähigkeit X+": "For the duration of
    the transformation ... his Strength rises by +3 and his Resistance by +1" -- a 4 passes Wandler 4+."""
    state = _wolf_game(4)
    state.apply(Organise())
    assert KIRA.name in state.data.transformed
    assert (state.character(KIRA.name).strength, state.character(KIRA.name).resistance) == (6, 3)


def test_wandler_voluntary_transformation_back_needs_no_check():
    """behind-2003-rulebook.txt, section "Wandler (Shapeshifter) -- Fähigkeit X+": "A voluntary
    transformation back at the beginning of one of his own following turns is possible and requires
    no check." -- no card is turned up; a character who is not transformed cannot be reverted."""
    state = _wolf_game(3)
    refused(state, Organise(revert=(S,)), refs.WANDLER)
    supply = ids(state.piles(WEREWOLVES).supply)
    state.apply(Organise(revert=(KIRA.name,)))
    assert KIRA.name not in state.data.transformed
    assert ids(state.piles(WEREWOLVES).supply) == supply
    assert "voluntarily (no check)" in events(state, "transform")[-1].text


def test_heal_each_turn_heals_the_most_injured_character_ruling_heal_each_turn():
    """behind-2003-rulebook.txt, section "I. Organisation Phase" ("Some permanent cards played in
    earlier turns ...") and "Injuries (Verletzungen)": "Each healing improves the health of an
    injured character by one injury." -- a heal-each-turn place heals one character per organisation
    phase, the most injured first (ruling behind.heal-each-turn)."""
    sanctuary = card(0, "PH", category="Ort", permanent=True, effect_code="heal-each-turn", title="Sanctuary")
    other = Character(name="Graf Orlok", strength=2, dexterity=2, resistance=2, society=VAMPIRE)
    state = duel_game([9, 1, 1, 1, 1, 1, sanctuary], [1], first_characters=(LUDWIG, other))
    put_in_play(state, VAMPIRE, "PH")
    set_injuries(state, L, 1)
    set_injuries(state, "Graf Orlok", 2)
    state.apply(EndTurn())
    state.apply(EndTurn())
    assert state.data.characters["Graf Orlok"].injuries == 1 and state.data.characters[L].injuries == 1
    heal = events(state, "heal")[-1]
    assert heal.rule == refs.ORGANISATION_PHASE and "Graf Orlok" in heal.text


# =============================================================================================
# II. Action Phase; Large Battles
# =============================================================================================
def test_action_phase_three_actions_per_turn():
    """behind-2003-rulebook.txt, section "II. Action Phase": "Now the player whose turn it is may
    perform three actions." -- after the third action the supply phase follows and the opponent is on
    turn (First Steps: "After the three actions the player draws cards ... the starting player now
    draws three cards")."""
    state = duel_game([9, 1, 2, 3, 4, 5], [1])
    assert state.actions_left == 3
    for n, card_id in enumerate(["V1", "V2"]):
        state.apply(Discard(card_id))
        assert state.active_player == VAMPIRE and state.actions_left == 2 - n
    mark = len(state.log)
    state.apply(Discard("V3"))
    # no action left: his turn waits for a free turn of a chip or his EndTurn (ruling behind.action-phase-end)
    assert state.active_player == VAMPIRE and state.actions_left == 0
    assert {a.kind for a in state.legal_actions()} == {"turn", "end-turn"}
    state.apply(EndTurn())
    assert state.active_player == SISTERS and state.turn == 2 and state.actions_left == 3
    draw = next(e for e in events(state, "draw", mark) if e.player == VAMPIRE and e.visible_to is None)
    assert "draws 3 cards to 5" in draw.text and draw.rule == refs.SUPPLY_PHASE


def test_action_phase_no_action_left_refused():
    """behind-2003-rulebook.txt, section "II. Action Phase": "the player whose turn it is may perform
    three actions" -- not a fourth."""
    state = duel_game([9, 1, 2, 3, 4, 5], [1])
    set_turn(state, VAMPIRE, actions_left=1)
    state.data.actions_left = 0  # unreachable in play (the turn ends at once), so no position: the referee's own check
    state._changed()
    refused(state, Discard("V1"), refs.ACTION_PHASE)


def test_large_battles_31_cp_six_hand_cards_four_actions():
    """behind-2003-rulebook.txt, section "Large Battles (Große Schlachten)": "CP / Hand cards /
    Actions: up to 30: 5, 3; from 31: 6, 4; from 61: 7, 5"."""
    for cp, hand, actions in [(30, 5, 3), (31, 6, 4), (61, 7, 5)]:
        state = duel_game([9], [1], options=GameOptions(character_points=cp))
        assert [len(state.hand(p)) for p in state.players] == [hand, hand]
        assert state.actions_left == actions
        state.apply(Discard(state.hand(VAMPIRE)[0].id))
        state.apply(EndTurn())
        assert len(state.hand(VAMPIRE)) == hand  # refilled to the larger hand size


def test_moments_budget_follows_large_battles():
    """behind-2003-rulebook.txt, section "Large Battles (Große Schlachten)": "In this way you can play
    not only more actions in your own turn but also more "Moments" ... in the turn of your
    opponents." -- at 31 CP (4 actions) a third Moment is allowed, a fourth is not (ruling
    behind.moment-budget: the next turn's actions minus one)."""
    moments = [card(i, f"M{i}", category="Moment", effect_code="defence +1") for i in range(1, 6)]
    state = duel_game([9, 1, 1, 1, 1, 1, 1, 3], [1, *moments, 5], options=GameOptions(character_points=31))
    place(state, (L, 50, 40, 0), (S, 53, 40, 180))
    state.apply(Melee(L, S, "V1"))
    rebuild(state, lambda position: position["players"][1].update(moments_owed=2))  # owed from earlier turns
    refused(state, Defend(moments=("M1", "M2")), refs.MOMENTS)
    state.apply(Defend(moments=("M1",)))
    assert state.data.moments_owed[SISTERS] == 3


# =============================================================================================
# III. Supply Phase
# =============================================================================================
def test_supply_phase_every_player_refills_even_in_an_opponents_turn():
    """behind-2003-rulebook.txt, section "III. Supply Phase (Nachschubphase)": "at the end of every
    turn all players draw cards from their supply until they have five hand cards. So even at the end
    of an opponent's turn a player refills his hand cards to his full hand size." -- Barbara defended
    with a hand card in Christian's turn and draws it back at its end."""
    state = first_steps_game()
    state.apply(Melee(L, S, "V1"))
    state.apply(Defend("S1"))
    assert len(state.hand(SISTERS)) == 4 and len(state.hand(VAMPIRE)) == 4
    mark = len(state.log)
    state.apply(EndTurn())
    assert len(state.hand(SISTERS)) == 5 and len(state.hand(VAMPIRE)) == 5
    drawn = {e.player: e for e in events(state, "draw", mark) if e.visible_to is None}
    assert "draws 1 card to 5" in drawn[SISTERS].text and drawn[SISTERS].rule == refs.SUPPLY_PHASE
    assert state.active_player == SISTERS


def test_supply_used_up_discard_pile_reshuffled_at_once():
    """behind-2003-rulebook.txt, section "III. Supply Phase (Nachschubphase)": "Once the supply is used
    up, the discard pile (Rückzug) is shuffled immediately and placed as the new supply." -- Christian
    must draw two cards with one card left in his supply."""
    state = duel_game([9, 1, 2, 3, 4, 5, 6, 7, 8], [1], pad=0)
    set_piles(state, VAMPIRE, hand=["V1", "V2", "V3"], supply=["V6"], discard=["V4", "V5", "V7", "V8"])
    state.apply(EndTurn())
    piles = state.piles(VAMPIRE)
    assert len(state.hand(VAMPIRE)) == 5 and ids(state.hand(VAMPIRE))[3] == "V6"
    assert ids(state.hand(VAMPIRE))[4] in {"V4", "V5", "V7", "V8"}
    assert piles.discard == [] and len(piles.supply) == 3 and piles.reshuffles == 1
    state.check_invariants()


def test_supply_used_up_during_an_action_is_replaced_at_once():
    """behind-2003-rulebook.txt, section "III. Supply Phase (Nachschubphase)": "Once the supply is used
    up, the discard pile (Rückzug) is shuffled immediately" -- also when the last supply card is
    turned up in a melee: the next card turned up comes from the reshuffled pile."""
    state = first_steps_game(pad=0)
    set_piles(state, VAMPIRE, supply=["V6"])  # the 3 is the last card; V0 (the duel card) is discarded
    state.apply(Melee(L, S, "V1"))
    assert state.piles(VAMPIRE).discard == []
    assert sorted(ids(state.piles(VAMPIRE).supply)) == ["V0", "V1", "V6"]
    assert events(state, "action")[-1].data["value"] == 4 + 6 + 3


# =============================================================================================
# The End; "Unser Revier!"
# =============================================================================================
def test_the_end_game_ends_immediately_when_every_enemy_is_eliminated():
    """behind-2003-rulebook.txt, section "The End": "If a player reaches his scenario goal, the game
    ends immediately and he has won." -- First Steps: "In our example (scenario "Unser Revier!") the
    player who first eliminates every enemy character wins." Sahra, already severely injured, loses
    Christian's 13 against 11 and is eliminated."""
    state = first_steps_game()
    set_injuries(state, S, 2)
    state.apply(Melee(L, S, "V1"))
    state.apply(Defend("S1"))
    assert state.is_terminal() and state.winner == VAMPIRE and state.current_player is None
    end = events(state, "end")[-1]
    assert end.rule == refs.UNSER_REVIER and "eliminated every enemy character" in end.text
    assert state.actions_left == 2 and len(state.hand(VAMPIRE)) == 4  # no supply phase followed
    assert S not in state.table
    refused(state, EndTurn(), refs.THE_END)
    state.check_invariants()


def test_unser_revier_goal_not_reached_while_an_enemy_remains():
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "Goal: The player who first
    eliminates all enemy characters ... wins the game." -- eliminating one of two is not enough."""
    state = duel_game([9, 6, 1, 1, 1, 1, 3], [1, 5, 1, 1, 1, 1, 5], second_characters=(SAHRA, ANNA))
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (ANNA.name, 100, 40, 180))
    set_injuries(state, S, 2)
    state.apply(Melee(L, S, "V1"))
    state.apply(Defend("S1"))
    assert not state.alive(S) and not state.is_terminal() and state.winner is None
    assert state.active_player == VAMPIRE and state.actions_left == 2


def _deployment_game():
    state = duel_game([9], [1], setup="manual")
    for obstacle in state.scenario.obstacles:
        c = obstacle.polygon.centroid
        state.apply(PlaceObstacle(obstacle.name, c.x, c.y))
    return state


def test_unser_revier_setup_distances_refused_with_chips_named():
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "Setup: The first player
    places his character chips between the obstacles in the middle of the table. ... Then the opponent
    places his character chips at a table edge of his choice. ... In addition every chip must be at
    least three card lengths from an enemy character chip."."""
    state = _deployment_game()
    assert state.phase == "deployment" and state.current_player == VAMPIRE  # the duel's winner first
    state.apply(Deploy(((L, 60.0, 16.0, 90.0),)))
    assert state.current_player == SISTERS
    error = refused(state, Deploy(((S, 60.0, 4.0, 90.0),)), refs.UNSER_REVIER)
    assert L in error.reason and S in error.reason and "3 card lengths" in error.reason
    error = refused(state, Deploy(((S, 60.0, 60.0, 270.0),)), refs.UNSER_REVIER)  # not at a table edge
    assert S in error.reason and "table edge" in error.reason
    error = refused(state, Deploy(((L, 60.0, 76.0, 270.0),)), refs.THE_BEGINNING)  # not his chip
    assert S in error.reason


def test_unser_revier_the_player_in_the_middle_begins():
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "The winner of the influence
    duel then also begins with the setup of his characters. ... The player in the middle of the table
    begins the game."."""
    state = _deployment_game()
    state.apply(Deploy(((L, 60.0, 40.0, 90.0),)))
    state.apply(Deploy(((S, 60.0, 76.0, 270.0),)))
    assert state.data.roles == {VAMPIRE: "middle", SISTERS: "edge"}
    assert state.active_player == VAMPIRE and state.turn == 1 and state.phase == "action"
    start = events(state, "start")[0]
    assert start.rule == refs.UNSER_REVIER and "the player in the middle" in start.text
    assert [len(state.hand(p)) for p in state.players] == [5, 5]


def test_scenarios_choose_scenario_by_duel_winner_and_player_count():
    """behind-2003-rulebook.txt, section "The Beginning": "If you cannot agree, each of you turns up
    the top card of his supply ... the victorious player may in this case choose the scenario." --
    and "Unser Revier!" is for "Number of players: 2"."""
    decks = [fixed_deck([2], prefix="A"), fixed_deck([7], society=SISTERS, characters=(SAHRA,), prefix="B"),
             fixed_deck([5], society="Geister", characters=(GHOST,), prefix="C")]
    state = new_game(decks, None, shuffle=False)
    assert state.phase == "choose-scenario" and state.current_player == SISTERS
    refused(state, ChooseScenario("unser_revier"), refs.UNSER_REVIER)
    state.apply(ChooseScenario("juwel_von_athen"))
    assert state.phase == "terrain" and state.current_player == SISTERS


def test_duel_ranking_ties_turn_up_again_among_the_tied_ruling_duel_ranking():
    """behind-2003-rulebook.txt, section ""Das Juwel von Athen" ("The Jewel of Athens")": "The winner of
    the influence duel then also begins with the setup of his characters. The runner-up of the duel
    follows." -- ruling behind.duel-ranking: players tied at a place turn up again among themselves."""
    decks = [fixed_deck([5, 1], prefix="A"), fixed_deck([5, 4], society=SISTERS, characters=(SAHRA,), prefix="B"),
             fixed_deck([2], society="Geister", characters=(GHOST,), prefix="C")]
    state = new_game(decks, None, shuffle=False)
    assert state.data.ranking == (SISTERS, VAMPIRE, "Geister")
    assert events(state, "duel")[0].data["fates"] == [[5, 5, 2], [1, 4]]
    assert fates(state.piles(VAMPIRE).discard) == [5, 1] and fates(state.piles("Geister").discard) == [2]


# =============================================================================================
# Discarding a Card; Hand Cards, Supply and Discard Pile
# =============================================================================================
def test_discarding_a_card_costs_an_action_and_is_refilled():
    """behind-2003-rulebook.txt, section "Discarding a Card (Karte abwerfen)": "By spending an action a
    player may in his turn also discard a single hand card to the discard pile without further effects.
    In this way he can rid himself of currently useless cards and draw more cards from the supply again
    in the supply phase"."""
    state = duel_game([9, 1, 2, 3, 4, 5, 6], [1])
    refused(state, Discard("S1"), refs.DISCARDING)  # not in his hand
    events_ = state.apply(Discard("V2"))
    assert events_[-1].rule == refs.DISCARDING and state.actions_left == 2
    assert ids(state.piles(VAMPIRE).discard) == ["V0", "V2"] and "V2" not in ids(state.hand(VAMPIRE))
    state.apply(EndTurn())
    assert ids(state.hand(VAMPIRE)) == ["V1", "V3", "V4", "V5", "V6"]


def test_discarding_only_in_ones_own_turn():
    """behind-2003-rulebook.txt, section "Discarding a Card (Karte abwerfen)": "a player may in his
    turn also discard a single hand card" -- in the opponent's turn he may not."""
    state = duel_game([9], [1, 2, 3, 4, 5, 6])
    assert ids(state.hand(SISTERS))[0] == "S1"
    refused(state, Discard("S1"), refs.DISCARDING)


def test_hand_cards_supply_and_discard_pile_views():
    """behind-2003-rulebook.txt, section "Hand Cards, Supply and Discard Pile (Handkarten, Nachschub und
    Rückzug)": "A player may not look at the hand cards and the supply of an opponent without further
    card effects. One's own supply is also excluded from this. A discard pile (Rückzug), whether the
    opponent's or one's own, may however be looked at at any time. The order of the cards must not be
    changed in doing so."."""
    state = first_steps_game()
    state.apply(Melee(L, S, "V1"))
    state.apply(Defend("S1"))
    view = state.view(VAMPIRE)
    text = json.dumps(view)
    assert view["hand"] == ids(state.hand(VAMPIRE))
    assert view["hands"] == {VAMPIRE: 4, SISTERS: 4}
    hidden = ids(state.hand(SISTERS)) + ids(state.piles(SISTERS).supply) + ids(state.piles(VAMPIRE).supply)
    for card_id in hidden:
        assert not re.search(rf"\b{re.escape(card_id)}\b", text), f"{card_id} is visible to {VAMPIRE}"
    assert view["supplies"] == {p: len(state.piles(p).supply) for p in state.players}
    assert view["discards"] == {VAMPIRE: ["V0", "V1", "V6"], SISTERS: ["S0", "S1", "S6"]}
    assert state.view(SISTERS)["discards"] == view["discards"]


# =============================================================================================
# Moments; Timing
# =============================================================================================
def _moment_game(*moments, top=5):
    state = duel_game([9, 6, 1, 1, 1, 1, 3], [1, *moments, *[1] * (5 - len(moments)), top])
    place(state, (L, 50, 40, 0), (S, 53, 40, 180))
    return state


def test_moments_one_action_fewer_next_turn():
    """behind-2003-rulebook.txt, section "Moments (Momente)": "Of action cards bearing the note
    "Moment", the special card effect can be used not only in one's own turn but also in the turn of
    an opponent. For every Moment played in this way, however, you may perform one action fewer in
    your next following turn."."""
    moment = card(2, "M2", category="Moment", effect_code="defence +2", title="Parry")
    state = _moment_game(moment)
    state.apply(Melee(L, S, "V1"))  # 4 + 6 + 3 = 13
    state.apply(Defend("S2", moments=("M2",)))  # 1 + 2 (Moment) + 1 + 5 = 9
    assert events(state, "defend")[-1].data["value"] == 9
    assert state.data.moments_owed[SISTERS] == 1
    assert "M2" in ids(state.piles(SISTERS).discard)
    mark = len(state.log)
    state.apply(EndTurn())
    assert state.active_player == SISTERS and state.actions_left == 2
    start = events(state, "turn", mark)[0]
    assert start.rule == refs.MOMENTS and "1 fewer" in start.text
    assert state.data.moments_owed[SISTERS] == 0


def test_moments_no_more_than_next_turns_actions():
    """behind-2003-rulebook.txt, section "Moments (Momente)": "Naturally a player cannot play more
    Moments in the opponents' turns than he would have actions in his own next turn." and the Advice
    "In your first game, therefore, only two Moment cards per round are possible" -- with three
    actions at most two Moments are owed (ruling behind.moment-budget), three when the ruling is
    switched to the rule's wording alone."""
    moments = [card(i, f"M{i}", category="Moment", effect_code="defence +1") for i in (2, 3, 4, 5)]
    state = _moment_game(*moments)
    state.apply(Melee(L, S))  # no hand card: 4 + 3 = 7
    error = refused(state, Defend(moments=("M2", "M3", "M4")), refs.MOMENTS)
    assert "at most 2" in error.reason and "3 actions next turn minus one" in error.reason
    assert "behind.moment-budget" in error.reason
    rebuild(state, lambda position: position["players"][1].update(moments_owed=1))
    refused(state, Defend(moments=("M2", "M3")), refs.MOMENTS)
    position = state.position()
    position["players"][1]["moments_owed"] = 2
    wording = from_position(position, options=GameOptions(
        rulings=state.options.rulings.switch(**{"behind.moment-budget": "actions"})))
    wording.apply(Defend(moments=("M3",)))
    assert wording.data.moments_owed[SISTERS] == 3
    state.apply(Defend(moments=("M2",)))
    assert state.data.moments_owed[SISTERS] == 2
    state.apply(EndTurn())
    assert state.active_player == SISTERS and state.actions_left == 1  # two Moments owed: one action left


def test_moments_must_be_moments_in_hand():
    """behind-2003-rulebook.txt, section "Moments (Momente)": "Of action cards bearing the note
    "Moment", the special card effect can be used ... in the turn of an opponent" -- a card that is
    not a Moment cannot be played so."""
    state = _moment_game()
    state.apply(Melee(L, S, "V1"))
    refused(state, Defend(moments=("S2",)), refs.MOMENTS)
    refused(state, Defend(moments=("V2",)), refs.MOMENTS)


def test_timing_several_moments_resolve_by_fate_number():
    """behind-2003-rulebook.txt, section "Timing": "If several players ... want to play a Moment at the
    same time, the Moment with the higher fate number takes effect before a Moment with a lower fate
    number."."""
    low = card(2, "M2", category="Moment", effect_code="defence +1", title="Low")
    high = card(7, "M7", category="Moment", effect_code="defence +1", title="High")
    state = _moment_game(low, high)
    state.apply(Melee(L, S, "V1"))
    mark = len(state.log)
    state.apply(Defend(moments=("M2", "M7")))
    played = events(state, "moment", mark)
    assert ["High" in played[0].text, "Low" in played[1].text] == [True, True]
    assert {e.rule for e in played} == {refs.TIMING}
    assert ids(state.piles(SISTERS).discard)[-3:] == ["M7", "M2", "S6"]


def test_timing_equal_fate_numbers_in_the_order_given_ruling_moment_ties():
    """behind-2003-rulebook.txt, section "Timing": "If the fate numbers are equally high, the acting
    player may decide on the order of these Moments." -- ruling behind.moment-ties: equal Moments take
    effect in the order they are given."""
    a = card(4, "Ma", category="Moment", effect_code="defence +1", title="First")
    b = card(4, "Mb", category="Moment", effect_code="defence +1", title="Second")
    state = _moment_game(a, b)
    state.apply(Melee(L, S, "V1"))
    mark = len(state.log)
    state.apply(Defend(moments=("Mb", "Ma")))
    played = events(state, "moment", mark)
    assert "Second" in played[0].text and "First" in played[1].text


# =============================================================================================
# Rule of Precedence; Viewing Angle
# =============================================================================================
def test_rule_of_precedence_break_away_card_needs_no_ability_check():
    """behind-2003-rulebook.txt, section "Rule of Precedence": "Should a card in play contradict or
    change the rules explained here, the text of the card takes precedence over these rules." -- a
    break-away card frees Ludwig from Sahra (Dexterity 3) although the supply's top card (a 1) would
    fail the check of section "Movement"."""
    escape = card(1, "BA", effect_code="break-away", title="Escape", movement_range=5.0)
    state = duel_game([9, escape, 1, 1, 1, 1, 1], [1])
    place(state, (L, 50, 40, 180), (S, 53, 40, 180))
    top = ids(state.piles(VAMPIRE).supply)[0]
    state.apply(PlayCard("BA", actor=L, legs=((L, 45.0, 40.0, None),)))
    assert state.table.chip(L).position == (45.0, 40.0)
    assert not events(state, "break-away") and ids(state.piles(VAMPIRE).supply)[0] == top
    assert state.actions_left == 2


def test_rule_of_precedence_without_the_card_the_check_applies():
    """behind-2003-rulebook.txt, section "Movement": "If the check fails, the action was unsuccessful
    and the movement card is discarded without effect" -- the same move with an ordinary card fails
    against Sahra's Dexterity 3 with a 1 turned up."""
    state = duel_game([9, 1, 1, 1, 1, 1, 1], [1])
    place(state, (L, 50, 40, 180), (S, 53, 40, 180))
    state.apply(Move("V1", ((L, 45.0, 40.0, None),)))
    assert state.table.chip(L).position == (50.0, 40.0)
    check = events(state, "break-away")[0]
    assert "fate 1 against 3+" in check.text and check.rule == refs.MOVEMENT


def test_viewing_angle_free_turn_once_per_turn():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "Each character may, once in
    his own turn, at any time and without spending an action, be turned as desired, even if he does
    not otherwise move during the turn."."""
    state = duel_game([9], [1])
    place(state, (L, 50, 40, 0), (S, 90, 40, 180))
    state.apply(Turn(L, 180.0))
    assert state.table.chip(L).facing == 180.0 and state.actions_left == 3
    refused(state, Turn(L, 90.0), refs.VIEWING_ANGLE)
    refused(state, Turn(S, 90.0), refs.ACTION_PHASE)  # not in the opponent's turn
    state.apply(EndTurn())
    state.apply(EndTurn())
    state.apply(Turn(L, 90.0))  # a new turn
    assert state.table.chip(L).facing == 90.0


def test_a_turn_is_told_to_a_tenth_of_a_degree():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": a chip "turned as desired" --
    the log says its new facing to a tenth of a degree, as it says cm (lesson 3 printed "turns to
    292.055 degrees"), and the description of the action alike."""
    state = duel_game([9], [1])
    place(state, (L, 50, 40, 0), (S, 90, 40, 180))
    events = state.apply(Turn(L, 292.055))
    assert f"{L} turns to 292.1 degrees (free, once per turn)" in [e.text for e in events]
    assert describe(Turn(L, 359.96), state) == f"{L} turns to face 0°"


def test_viewing_angle_move_only_in_viewing_direction():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "movement is only possible in
    the direction of the viewing angle. After a movement a character chip may be turned as desired."."""
    state = duel_game([9, 1, 1, 1, 1, 1], [1])
    place(state, (L, 50, 40, 0), (S, 90, 40, 180))
    refused(state, Move("V1", ((L, 45.0, 40.0, None),)), refs.VIEWING_ANGLE)
    state.apply(Move("V1", ((L, 54.0, 43.0, 180.0),)))  # 36.9 degrees off the facing: inside
    assert state.table.chip(L).position == (54.0, 43.0) and state.table.chip(L).facing == 180.0
    state.apply(Move("V2", ((L, 50.0, 43.0, None),)))  # now facing back


# =============================================================================================
# Tournament Games
# =============================================================================================
BOW = card(2, "BOW", category="Waffe", permanent=True, ranged=True, effect_code="ranged", title="Bow",
           movement_range=5.0, movement_number=1)


def _archery_game(options):
    state = duel_game([9, BOW, 1, 1, 1, 1, 4], [1, 1, 1, 1, 1, 1, 1], options=options)
    put_in_play(state, VAMPIRE, "BOW", bearer=L)
    place(state, (L, 50, 40, 0), (S, 80, 40, 180))  # 30 cm; the bow reaches 2 x 5 = 10 cm
    return state


def test_tournament_out_of_range_shot_is_announced_and_misses():
    """behind-2003-rulebook.txt, section "Tournament Games (Turnierspiele)": "at tournaments measuring
    distances before a movement or a ranged attack is not allowed. The action is thus announced with
    the performing character and possible target and then carried out without checking distances. If
    no target is in range, missed shots are therefore also possible."."""
    state = _archery_game(GameOptions(tournament=True))
    top = ids(state.piles(VAMPIRE).supply)[0]
    state.apply(Ranged(L, S, "BOW"))
    miss = events(state, "miss")[0]
    assert miss.rule == refs.TOURNAMENT
    assert state.pending is None and state.actions_left == 2 and state.data.characters[S].injuries == 0
    assert ids(state.piles(VAMPIRE).discard)[-1] == top  # the supply card was turned up for the shot


def test_out_of_range_shot_refused_outside_tournaments():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "The range of the attack equals
    twice the total movement of the card that enables the ranged attack for him." -- outside
    tournaments the distance may be measured, so the shot is refused."""
    state = _archery_game(GameOptions())
    error = refused(state, Ranged(L, S, "BOW"), refs.RANGED)
    assert "30.0 cm" in error.reason and "10.0 cm" in error.reason


def test_tournament_koerperlos_end_inside_a_chip_forfeits_the_action():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)": "(If you play by tournament rules
    (p. 38), a movement that would end in a character chip or obstacle is not allowed. That is, the
    movement does not take place and the action is forfeited without replacement.)"."""
    state = duel_game([9, 1, 1, 1, 1, 1], [1], first_characters=(GHOST,),
                      options=GameOptions(tournament=True))
    place(state, (GHOST.name, 45, 40, 0), (S, 50, 40, 180))
    state.apply(Move("V1", ((GHOST.name, 50.0, 40.0, None),)))
    assert state.table.chip(GHOST.name).position == (45.0, 40.0)
    assert state.actions_left == 2 and "V1" in ids(state.piles(VAMPIRE).discard)
    assert any("forfeited" in e.text for e in events(state, "move"))


def test_koerperlos_end_inside_a_chip_refused_outside_tournaments():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)": "he may move through every character
    chip and every obstacle. His movement must not end in the obstacle or character chip itself."."""
    long = card(1, "LONG", movement_range=8.0)
    state = duel_game([9, long, 1, 1, 1, 1], [1], first_characters=(GHOST,))
    place(state, (GHOST.name, 45, 40, 0), (S, 50, 40, 180))
    refused(state, Move("LONG", ((GHOST.name, 50.0, 40.0, None),)), refs.KOERPERLOS)
    state.apply(Move("LONG", ((GHOST.name, 53.0, 40.0, None),)))  # through Sahra
    assert state.table.chip(GHOST.name).position == (53.0, 40.0)


def test_tournament_koerperlos_forfeit_loses_the_whole_action():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)": "That is, the movement does not take
    place and the action is forfeited without replacement." (ruling behind.incorporeal-end: "the engine
    forfeits the action") -- the other leg of the same movement card does not take place either."""
    two = card(1, "TWO", movement_range=5.0, movement_number=2)
    state = duel_game([9, two, 1, 1, 1, 1], [1], first_characters=(GHOST, LUDWIG),
                      options=GameOptions(tournament=True))
    place(state, (GHOST.name, 45, 40, 0), (S, 50, 40, 180), (L, 20, 20, 0))
    state.apply(Move("TWO", ((L, 25.0, 20.0, None), (GHOST.name, 50.0, 40.0, None))))
    assert state.table.chip(L).position == (20.0, 20.0)
    assert state.table.chip(GHOST.name).position == (45.0, 40.0)
    assert state.actions_left == 2 and "TWO" in ids(state.piles(VAMPIRE).discard)
    assert [e.text for e in events(state, "move")] == [(f"{GHOST.name} forfeited (tournament rules) "
                                                        "(incorporeal, Card TWO)")]


# =============================================================================================
# Rulings of the turn cycle
# =============================================================================================
def test_one_duel_for_terrain_setup_and_first_turn_ruling_setup_duel():
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "Terrain: ... Determine by an
    influence duel (p. 24) who begins with this, and then alternate. The winner of the influence duel
    then also begins with the setup of his characters." -- ruling behind.setup-duel: one duel decides
    the first obstacle, the setup order and (as the middle player) the first turn."""
    state = duel_game([2], [6])
    assert len(events(state, "duel")) == 1
    placers = [e.player for e in events(state, "terrain")]
    assert placers == [SISTERS, VAMPIRE] * 3
    assert [e.player for e in events(state, "deploy")] == [SISTERS, VAMPIRE]
    assert state.data.roles[SISTERS] == "middle" and state.active_player == SISTERS


def test_the_free_turn_after_the_last_action_ruling_action_phase_end():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "Each character may, once in his
    own turn, at any time and without spending an action, be turned as desired" -- ruling
    behind.action-phase-end switched to "free-turn-window": after the last action the turn passes only when the
    player ends it, or by itself once he has turned every character he may turn."""
    window = GameOptions().rulings.switch(**{"behind.action-phase-end": "free-turn-window"})
    state = duel_game([9, 1, 2, 3, 4, 5], [1], options=GameOptions(rulings=window))
    place(state, (L, 50, 40, 0), (S, 90, 40, 180))
    state.apply(Discard("V1"))
    state.apply(Discard("V2"))
    state.apply(Discard("V3"))
    assert state.active_player == VAMPIRE and state.actions_left == 0 and state.phase == "action"
    legal = list(state.legal_actions())
    assert EndTurn() in legal and {a.kind for a in legal} == {"end-turn", "turn"}
    refused(state, Discard("V4"), refs.ACTION_PHASE)
    state.apply(Turn(L, 90.0))  # his last character turned: the turn passes by itself
    assert state.active_player == SISTERS and state.actions_left == 3
    for _ in range(3):
        state.apply(Discard(state.hand(SISTERS)[0].id))
    assert state.active_player == SISTERS
    state.apply(EndTurn())  # he may also end it without turning
    assert state.active_player == VAMPIRE and state.actions_left == 3


def test_the_free_turn_in_the_organisation_phase_ruling_action_phase_end():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "at any time" of his own turn --
    also in the organisation phase, while he decides (here: whether a Wandler transforms back)."""
    state = duel_game([9, 1, 1, 1, 1, 1], [1], first_characters=(LUDWIG, KIRA), first_society=WEREWOLVES)
    place(state, (L, 50, 40, 0), (KIRA.name, 50, 60, 0), (S, 90, 40, 180))
    rebuild(state, lambda position: position.update(transformed=[KIRA.name]))
    set_turn(state, WEREWOLVES, phase="organisation")
    assert state.phase == "organisation"
    state.apply(Turn(L, 45.0))
    assert state.phase == "organisation" and state.table.chip(L).facing == 45.0
    state.apply(Organise(()))
    assert state.phase == "action"
    refused(state, Turn(L, 90.0), refs.VIEWING_ANGLE)  # once per turn


def test_the_action_phase_ends_after_the_last_action_ruling_action_phase_end():
    """behind-2003-rulebook.txt, section "II. Action Phase": "Now the player whose turn it is may perform
    three actions." -- ruling behind.action-phase-end "after-last-action" (the other choice): the phase ends
    when the last action is spent, so a free turn of a chip comes before it; EndTurn ends it early."""
    state = duel_game([9, 1, 2, 3, 4, 5], [1], options=GameOptions(
        rulings=BEHIND_RULINGS.switch(**{"behind.action-phase-end": "after-last-action"})))
    place(state, (L, 50, 40, 0), (S, 90, 40, 180))
    state.apply(Discard("V1"))
    state.apply(Discard("V2"))
    state.apply(Discard("V3"))
    assert state.active_player == SISTERS
    refused(state, Turn(L, 90.0), refs.ACTION_PHASE)
    state.apply(Turn(S, 0.0))
    state.apply(EndTurn())
    assert state.active_player == VAMPIRE and state.actions_left == 3


def test_defence_moment_not_played_as_an_action_ruling_moment_windows():
    """behind-2003-rulebook.txt, section "Moments (Momente)": "By playing a Moment during an opponent's
    turn, an enemy action may even be interrupted." -- ruling behind.moment-windows: a defence Moment
    answers an attack on one's character; in one's own turn it has nothing to strengthen."""
    parry = card(2, "M2", category="Moment", effect_code="defence +2", title="Parry")
    state = duel_game([9, parry, 1, 1, 1, 1], [1])
    refused(state, PlayCard("M2", actor=L), refs.MOMENTS)


def test_frightened_character_cannot_act_in_his_next_turn_ruling_frightened():
    """behind-2003-rulebook.txt, section "Schrecken (Terror) -- Fähigkeit X+": "The consequence is that
    the enemy character cannot act in his next turn. He may however defend himself normally" -- ruling
    behind.frightened: no action of any kind, not even the free turn, until the end of that turn."""
    state = duel_game([9, 1, 1, 1, 1, 1, 3], [1, 1, 1, 1, 1, 1], second_characters=(SAHRA, ANNA))
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (A, 90, 40, 180))
    rebuild(state, lambda position: position.update(frightened=[S]))  # frightened in Christian's turn 1
    state.apply(Melee(L, S))
    state.apply(Defend("S1"))  # she defends normally
    state.apply(EndTurn())
    assert state.active_player == SISTERS
    refused(state, Turn(S, 0.0), refs.SCHRECKEN)
    refused(state, Melee(S, L, "S2"), refs.SCHRECKEN)
    state.apply(Turn(A, 0.0))  # Anna acts
    state.apply(EndTurn())
    assert S not in state.data.frightened
    state.apply(EndTurn())
    state.apply(Turn(S, 0.0))  # her following turn: she acts again



def test_course_of_the_game_turns_follow_clockwise_in_three_phases():
    """behind-2003-rulebook.txt, section "The Course of the Game": "The starting player begins the game
    with his turn and is the acting player (agierender Spieler). The turns of his opponents follow
    clockwise." and "The turn of the acting player consists of the following phases: I. Organisation
    phase ... II. Action phase ... III. Supply phase" -- three players seated Vampire, Sisterhood,
    Ghosts; the Vampires win the duel (runner-up: the Ghosts), yet the Sisterhood follows them."""
    decks = [fixed_deck([9], prefix="A"), fixed_deck([1], society=SISTERS, characters=(SAHRA,), prefix="B"),
             fixed_deck([5], society="Geister", characters=(GHOST,), prefix="C")]
    state = new_game(decks, "juwel_von_athen", shuffle=False)
    assert state.data.ranking == (VAMPIRE, "Geister", SISTERS)
    assert state.active_player == VAMPIRE and state.turn == 1
    order = []
    for _ in range(4):
        mark = len(state.log)
        state.apply(EndTurn())
        kinds = [e.kind for e in state.log[mark:]]
        assert kinds.index("end") < kinds.index("turn")  # the supply phase closes the turn, then the next begins
        turn = events(state, "turn", mark)[0]
        assert turn.rule == refs.COURSE_OF_GAME and turn.player == state.active_player
        order.append(state.active_player)
    assert order == [SISTERS, "Geister", VAMPIRE, SISTERS]


def test_invariants_hold_in_every_setup_phase():
    """behind-2003-rulebook.txt, section "The Beginning": "Each player lays out all characters of the
    deck face up in front of him ... place the character chips of your participating characters
    according to the setup described in the scenario" -- before his setup a player's characters are
    neither on the table nor eliminated; after it every one is on the table."""
    from explorer.behind.data import load_decks
    from explorer.behind.game_candidates import legal_candidates

    d = load_decks()
    chosen = new_game([d["vampire"], d["geister"]], None, seed=1)
    assert chosen.phase == "choose-scenario"
    chosen.check_invariants()
    state = new_game([d["vampire"], d["geister"]], "unser_revier", seed=1, setup="manual")
    phases = []
    while state.phase in ("terrain", "deployment"):
        state.check_invariants()
        phases.append(state.phase)
        state.apply(next(iter(legal_candidates(state))))
    state.check_invariants()
    assert set(phases) == {"terrain", "deployment"} and phases.count("deployment") == 2
    assert state.phase in ("organisation", "action")
    broken = new_game([d["vampire"], d["geister"]], "unser_revier", seed=1, setup="manual")
    broken.data.characters[L] = broken.data.characters[L].injure(3)
    try:
        broken.check_invariants()
    except AssertionError as error:
        assert L in str(error)
    else:
        raise AssertionError("an eliminated character before the setup went unnoticed")
