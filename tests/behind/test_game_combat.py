"""Movement, melee and ranged combat, injuries, weapons, terrain and flying through the engine's
actions (Move, Melee + Defend + AssignDamage, Ranged + Dodge, PlayCard, HandOver).

Every test cites the clause of behind-2003-rulebook.txt it checks; situations are built with the
fixed decks and direct placements of tests/behind/game_fixtures.py.
"""

import pytest

from explorer.behind import refs
from explorer.behind.actions import (
    AssignDamage,
    Defend,
    Dodge,
    EndTurn,
    HandOver,
    Melee,
    Move,
    PlayCard,
    Ranged,
)
from explorer.behind.cards import Character
from tests.behind.game_fixtures import (
    LUDWIG,
    SAHRA,
    SISTERS,
    VAMPIRE,
    Obstacle,
    card,
    duel_game,
    fates,
    ids,
    place,
    put_in_play,
    rebuild,
    refused,
    set_injuries,
)

L, S = LUDWIG.name, SAHRA.name
ORLOK = Character(name="Graf Orlok", strength=2, dexterity=2, resistance=2, society=VAMPIRE)
MINA = Character(name="Mina", strength=1, dexterity=2, resistance=1, society=VAMPIRE, abilities="Bündnis 2")
ANNA = Character(name="Anna von Bergen", strength=2, dexterity=1, resistance=2, society=SISTERS)
ANSELM = Character(name="Bruder Anselm", strength=3, dexterity=1, resistance=3, society=SISTERS,
                   abilities="Glaube +2")
O, A = ORLOK.name, ANNA.name


def events(state, kind, start=0):
    return [e for e in state.log[start:] if e.kind == kind]


def game(vampire=(), sisters=(), *, vampires=(LUDWIG,), sisterhood=(SAHRA,), **kw):
    """Christian (Vampires) wins the duel with a 9 and is on turn; then his five hand cards and his
    supply follow ``vampire``; Barbara's (Sisterhood) duel card is a 1."""
    vampire, sisters = list(vampire), list(sisters)
    return duel_game([9, *vampire], [1, *sisters], first_characters=vampires, second_characters=sisterhood, **kw)


# =============================================================================================
# Movement
# =============================================================================================
def test_movement_number_gives_that_many_legs():
    """behind-2003-rulebook.txt, section "Movement": "the movement number in the lower left corner
    determines how many characters influenced by him he may move"; "with a higher movement number, for
    example 3, it is also possible to move not three different characters but two or three times the
    same character in one overall movement"."""
    two = card(1, "TWO", movement_range=5.0, movement_number=2)
    two_b = card(1, "TWO-B", movement_range=5.0, movement_number=2)
    state = game([two, two_b, 1, 1, 1], vampires=(LUDWIG, ORLOK))
    place(state, (L, 20, 40, 0), (O, 20, 20, 0), (S, 100, 40, 180))
    refused(state, Move("TWO", ((L, 25.0, 40.0, None), (L, 30.0, 40.0, None), (L, 35.0, 40.0, None))),
            refs.MOVEMENT)
    state.apply(Move("TWO", ((L, 25.0, 40.0, None), (L, 30.0, 40.0, None))))
    assert state.table.chip(L).position == (30.0, 40.0) and state.actions_left == 2
    state.apply(Move("TWO-B", ((L, 35.0, 40.0, None), (O, 25.0, 20.0, None))))
    assert state.table.chip(L).position == (35.0, 40.0) and state.table.chip(O).position == (25.0, 20.0)


def test_movement_range_limits_each_leg():
    """behind-2003-rulebook.txt, section "Movement": "The movement range on the left edge shows the
    distance ... The distance is measured from the centre of a character chip." and "The values need
    not be used completely"."""
    state = game([1, 1, 1, 1, 1])
    place(state, (L, 20, 40, 0), (S, 100, 40, 180))
    error = refused(state, Move("V1", ((L, 25.5, 40.0, None),)), refs.MOVEMENT)
    assert "5 cm" in error.reason
    state.apply(Move("V1", ((L, 22.0, 40.0, None),)))
    assert state.table.chip(L).position == (22.0, 40.0)


def test_movement_only_own_characters_in_own_turn():
    """behind-2003-rulebook.txt, section "Movement": "Moving one's own characters is only possible in
    one's own turn and costs one action." -- the enemy's chip cannot be moved."""
    state = game([1, 1, 1, 1, 1])
    place(state, (L, 20, 40, 0), (S, 100, 40, 180))
    refused(state, Move("V1", ((S, 96.0, 40.0, None),)), refs.ACTION_PHASE)


def test_movement_stops_touching_a_chip_in_the_way():
    """behind-2003-rulebook.txt, section "Movement": "If a character chip would overlap another, the one
    just moved is placed so that the two chips touch. As with obstacles, moving over a character chip
    is also not possible."."""
    state = game([card(1, "LONG", movement_range=8.0), 1, 1, 1, 1])
    place(state, (L, 50, 40, 0), (S, 56, 40, 180))
    state.apply(Move("LONG", ((L, 58.0, 40.0, None),)))
    assert state.table.chip(L).position == pytest.approx((53.0, 40.0))
    assert state.table.touching(L, S)
    assert "stopped by Sahra Jeanette" in events(state, "move")[-1].text


def test_movement_not_over_obstacles_only_around_them():
    """behind-2003-rulebook.txt, section "Movement": "The movement range ... applies in a straight line
    through the terrain, but not over obstacles, only around them." (ruling behind.move-into-obstacle:
    the walk stops touching the obstacle)."""
    state = game([card(1, "LONG", movement_range=8.0, movement_number=2), 1, 1, 1, 1])
    place(state, (L, 50, 40, 0), (S, 100, 40, 180), obstacles=[Obstacle.box("wall", 54, 35, 2, 10, height=5)])
    state.apply(Move("LONG", ((L, 58.0, 40.0, None),)))
    assert state.table.chip(L).position == pytest.approx((52.5, 40.0))
    assert "stopped by wall" in events(state, "move")[-1].text


def _break_away_game(top, frightened=()):
    state = game([1, 1, 1, 1, 1, top], sisterhood=(SAHRA, ANNA))
    place(state, (L, 50, 40, 180), (S, 53, 40, 180), (A, 50, 43, 270))
    return rebuild(state, lambda position: position.update(frightened=list(frightened)))


def test_movement_breaking_away_check_highest_dexterity_plus_one_per_extra_enemy():
    """behind-2003-rulebook.txt, section "Movement": "The level of the check equals the Dexterity
    (Geschick) value of the enemy character. With several enemies, this equals the highest Dexterity
    value. Each additional enemy beyond the first who is in combat with the character raises the check
    by +1." -- Sahra (Dexterity 3) and Anna: 4+; a 4 succeeds."""
    state = _break_away_game(4)
    state.apply(Move("V1", ((L, 46.0, 39.0, None),)))
    check = events(state, "break-away")[0]
    assert "fate 4 against 4+" in check.text and "free" in check.text and check.rule == refs.MOVEMENT
    assert state.table.chip(L).position == (46.0, 39.0)


def test_movement_breaking_away_failed_check_discards_the_card_without_effect():
    """behind-2003-rulebook.txt, section "Movement": "If the check fails, the action was unsuccessful and
    the movement card is discarded without effect; the action is used up without further consequences."
    -- a 3 fails 4+."""
    state = _break_away_game(3)
    state.apply(Move("V1", ((L, 46.0, 39.0, None),)))
    assert "fate 3 against 4+" in events(state, "break-away")[0].text
    assert state.table.chip(L).position == (50.0, 40.0) and state.actions_left == 2
    assert ids(state.piles(VAMPIRE).discard)[-2:] == ["V1", "V6"]  # the card, then the check card
    assert "V1" not in ids(state.hand(VAMPIRE))


def test_movement_breaking_away_from_a_frightened_character_needs_no_check_for_him():
    """behind-2003-rulebook.txt, section "Schrecken (Terror) -- Fähigkeit X+": "One can break away from a
    frightened character without a check ... With several characters his Dexterity value is therefore
    not relevant when breaking away and does not make the check harder by +1." -- only Anna
    (Dexterity 1) counts: 1+."""
    state = _break_away_game(1, frightened=(S,))
    state.apply(Move("V1", ((L, 46.0, 39.0, None),)))
    assert "fate 1 against 1+" in events(state, "break-away")[0].text
    assert state.table.chip(L).position == (46.0, 39.0)


# =============================================================================================
# Melee Combat
# =============================================================================================
def first_steps():
    """The First Steps example: Christian's hand card V1 is a 6, his supply's top card a 3; Barbara's
    hand card S1 is a 5, her supply's top card a 5."""
    state = game([6, 1, 1, 1, 1, 3], [5, 1, 1, 1, 1, 5])
    place(state, (L, 50, 40, 0), (S, 53, 40, 180))
    return state


def test_melee_first_steps_example_ludwig_injures_sahra():
    """behind-2003-rulebook.txt, section "First Steps": "Ludwig von Auenstedt (Strength 4, Resistance 3)
    meets Sahra Jeanette (Strength 1, Resistance 2) ... To the Strength of 4 he plays a hand card with a
    fate number of 6 and turns up the top card of the supply. This shows a fate number of 3, so that
    Christian's character has a total melee value of 13. ... Barbara plays to Sahra Jeanette's Strength
    of 1 a hand card with a fate number of 5 and turns up the top card of her supply. The fate number
    also shows a 5, so that Barbara achieves a melee value of 11 ... Since the difference between the
    two values is 2 (13-11=2) and this value is as high as Sahra Jeanette's Resistance, she is
    injured"."""
    state = first_steps()
    attack = state.apply(Melee(L, S, "V1"))
    assert attack[-1].data["value"] == 13 and attack[-1].rule == refs.MELEE
    assert state.phase == "defend" and state.current_player == SISTERS and state.actions_left == 2
    defence = state.apply(Defend("S1"))
    assert [e.data["value"] for e in defence if e.kind == "defend"] == [11]
    outcome = next(e for e in defence if e.kind == "melee")
    assert "wins by 2 against Resistance 2: 1 injury" in outcome.text
    sahra = state.data.characters[S]
    assert sahra.injuries == 1 and sahra.condition == "lightly injured"
    assert state.character(S).current_strength == 0  # "a Strength value ... lower by 1 (minimum of 0)"
    # "Both cards are then thrown onto the discard pile without further effect."
    assert fates(state.piles(VAMPIRE).discard) == [9, 6, 3] and fates(state.piles(SISTERS).discard) == [1, 5, 5]
    assert state.phase == "action" and state.current_player == VAMPIRE
    state.check_invariants()


def test_melee_needs_touching_chips():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "As an action a character can also
    attack an enemy character in his turn. The precondition is that both character chips touch"."""
    state = first_steps()
    place(state, (L, 50, 40, 0), (S, 53.5, 40, 180))
    refused(state, Melee(L, S, "V1"), refs.MELEE)
    place(state, (L, 50, 40, 0), (S, 53.05, 40, 180))  # within ruling behind.contact-tolerance-cm
    state.apply(Melee(L, S, "V1"))


def test_melee_refusals_change_nothing():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "the attacker plays an action card
    from hand" (a card he holds) against "an enemy character" (not his own)."""
    state = first_steps()
    refused(state, Melee(L, S, "S1"), refs.MELEE)  # the opponent's card
    refused(state, Melee(S, L, "V1"), refs.ACTION_PHASE)  # Sahra does not act in Christian's turn
    refused(state, Defend("S1"), refs.ACTION_PHASE)  # no attack to defend against


def test_melee_hand_card_may_be_played_supply_card_must():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "The hand card may be played, the
    card of the supply must be played." (ruling behind.hand-card-optional) -- a tie "has no further
    effect on the game"."""
    state = first_steps()
    state.apply(Melee(L, S))  # 4 + 3 = 7
    mark = len(state.log)
    state.apply(Defend("S1"))  # 1 + 5 + 5 = 11: Sahra fends off by 4, Ludwig (Resistance 3) is injured
    assert "fends off the attack by 4 against Resistance 3: 1 injury" in events(state, "melee", mark)[0].text
    assert state.data.characters[L].injuries == 1 and state.data.characters[S].injuries == 0


def test_melee_tie_has_no_effect():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "A tie of the two melee values has no
    further effect on the game."."""
    state = game([6, 1, 1, 1, 1, 3], [9, 1, 1, 1, 1, 3])  # 4 + 6 + 3 = 13 against 1 + 9 + 3 = 13
    place(state, (L, 50, 40, 0), (S, 53, 40, 180))
    state.apply(Melee(L, S, "V1"))
    state.apply(Defend("S1"))
    assert "A tie" in events(state, "melee")[0].text
    assert state.data.characters[L].injuries == 0 and state.data.characters[S].injuries == 0


def test_melee_injuries_multiple_of_resistance():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "The character is injured twice if the
    difference is at least twice as high as the Resistance value. With a difference at least three times
    as high he receives three injuries, etc." -- 4 + 9 + 9 = 22 against 1 + 0 + 1 = 2: eliminated
    (Injuries); 8 against 3 is a difference of 5: two injuries."""
    state = game([9, 1, 1, 1, 1, 9], [1, 1, 1, 1, 1, 1], sisterhood=(SAHRA, ANNA))
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (A, 90, 40, 180))
    state.apply(Melee(L, S, "V1"))
    state.apply(Defend(None))
    assert not state.alive(S) and S not in state.table
    state2 = game([1, 1, 1, 1, 1, 3], [1, 1, 1, 1, 1, 1])  # 4 + 1 + 3 = 8 against 1 + 1 + 1 = 3: 5 = 2 x 2 + 1
    place(state2, (L, 50, 40, 0), (S, 53, 40, 180))
    state2.apply(Melee(L, S, "V1"))
    state2.apply(Defend("S1"))
    assert "wins by 5 against Resistance 2: 2 injuries" in events(state2, "melee")[0].text
    assert state2.data.characters[S].condition == "severely injured"


def test_melee_assistants_add_their_strength():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "A player may also attack an opponent
    with several characters at the same time. For this he adds the Strength values of his assisting
    characters to the Strength value of his attacking character and the values of the two played
    cards. This is however only possible if the assisting character chips also touch the opponent and
    are not themselves bound by other opponents"."""
    state = game([6, 1, 1, 1, 1, 3], [5, 1, 1, 1, 1, 5], vampires=(LUDWIG, ORLOK), sisterhood=(SAHRA, ANNA))
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (O, 53, 43, 270), (A, 90, 40, 180))
    attack = state.apply(Melee(L, S, "V1", assistants=(O,)))
    assert attack[-1].data["base"] == 4 + 2 and attack[-1].data["value"] == 15


def test_melee_assistant_must_touch_and_be_unbound():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "only possible if the assisting
    character chips also touch the opponent and are not themselves bound by other opponents – they may
    therefore not touch any further enemy character chips."."""
    state = game([6, 1, 1, 1, 1, 3], [5, 1, 1, 1, 1, 5], vampires=(LUDWIG, ORLOK), sisterhood=(SAHRA, ANNA))
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (O, 53, 43, 270), (A, 53, 46, 270))  # Anna binds Orlok
    error = refused(state, Melee(L, S, "V1", assistants=(O,)), refs.MELEE)
    assert A in error.reason
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (O, 53, 44, 270), (A, 90, 40, 180))  # Orlok apart
    refused(state, Melee(L, S, "V1", assistants=(O,)), refs.MELEE)
    refused(state, Melee(L, S, "V1", assistants=(L,)), refs.MELEE)


def test_buendnis_assistant_adds_the_ability_value():
    """behind-2003-rulebook.txt, section "Bündnis (Alliance)": "If a character with the ability "Bündnis"
    assists another in combat ..., not only the Strength but also the value of the ability of the
    assisting character is added to the melee value of the one assisted." -- Mina (S1, Bündnis 2)."""
    state = game([6, 1, 1, 1, 1, 3], [5, 1, 1, 1, 1, 5], vampires=(LUDWIG, MINA))
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (MINA.name, 53, 43, 270))
    attack = state.apply(Melee(L, S, "V1", assistants=(MINA.name,)))
    assert attack[-1].data["base"] == 4 + 1 + 2


def test_glaube_attacker_alone_against_several_unbound_opponents():
    """behind-2003-rulebook.txt, section "Glaube (Faith)": "If a character who has the ability "Glaube"
    fights alone against several opponents, he may add his Faith value to his Strength for each
    additional opponent after the first. This is possible in attack as well as in defence. ... This
    applies, however, only to each unbound opponent"."""
    state = duel_game([1, 1, 1, 1, 1, 1, 3], [9, 6, 1, 1, 1, 1, 3], first_characters=(LUDWIG, ORLOK),
                      second_characters=(ANSELM,))
    assert state.active_player == SISTERS
    place(state, (L, 50, 40, 0), (ANSELM.name, 53, 40, 180), (O, 56, 40, 180))
    attack = state.apply(Melee(ANSELM.name, L, "S1"))
    assert attack[-1].data["base"] == 3 + 2  # Ludwig and Orlok, both unbound: one additional opponent


def test_glaube_defender_against_an_assisted_attack_ruling_glaube_assistants():
    """behind-2003-rulebook.txt, section "Glaube (Faith)": "This is possible in attack as well as in
    defence." -- ruling behind.glaube-assistants: every assistant is an additional opponent."""
    state = game([6, 1, 1, 1, 1, 3], [5, 1, 1, 1, 1, 5], vampires=(LUDWIG, ORLOK), sisterhood=(ANSELM,))
    place(state, (L, 50, 40, 0), (ANSELM.name, 53, 40, 180), (O, 53, 43, 270))
    state.apply(Melee(L, ANSELM.name, "V1", assistants=(O,)))
    defence = state.apply(Defend("S1"))
    assert [e.data["value"] for e in defence if e.kind == "defend"] == [3 + 2 + 5 + 5]


def test_viewing_angle_rear_arc_bonus_in_melee():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "If a character touches an enemy
    character chip in the 90º angle opposite the viewing angle, he receives a bonus of +1 to his melee
    value in a melee combat against this opponent (bonus area for melee combat)."."""
    state = first_steps()
    place(state, (L, 50, 40, 0), (S, 53, 40, 0))  # Sahra turns her back on Ludwig
    attack = state.apply(Melee(L, S, "V1"))
    assert attack[-1].data["base"] == 5 and attack[-1].data["value"] == 14
    state2 = first_steps()
    place(state2, (L, 50, 40, 180), (S, 53, 40, 180))  # Ludwig's back to Sahra, who faces it
    state2.apply(Melee(L, S, "V1"))
    defence = state2.apply(Defend("S1"))
    assert [e.data["value"] for e in defence if e.kind == "defend"] == [12]


def _failed_assisted_attack():
    # 4 + 2 + 1 + 1 = 8 against Sahra 1 + 9 + 4 = 14: difference 6
    state = game([1, 1, 1, 1, 1, 1], [9, 1, 1, 1, 1, 4], vampires=(LUDWIG, ORLOK))
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (O, 53, 43, 270))
    state.apply(Melee(L, S, "V1", assistants=(O,)))
    state.apply(Defend("S1"))
    return state


def test_melee_defender_chooses_who_takes_the_damage():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "If the character fighting alone fends
    off the melee, his player may choose an enemy character participating in the fight who receives
    the damage." -- 6 against Orlok's Resistance 2: 3 injuries."""
    state = _failed_assisted_attack()
    assert state.phase == "assign-damage" and state.current_player == SISTERS
    refused(state, AssignDamage(((S, 3),)), refs.MELEE)  # not a participant of the attacking side
    refused(state, AssignDamage(((O, 2),)), refs.MELEE)  # 6 // 2 = 3, not 2
    refused(state, AssignDamage(()), refs.MELEE)
    state.apply(AssignDamage(((O, 3),)))
    assert not state.alive(O) and state.data.characters[L].injuries == 0
    assert state.phase == "action" and state.current_player == VAMPIRE


def test_melee_defender_divides_injuries_ruling_divided_damage():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "With several injuries the damage may
    also be divided among several enemy characters." -- ruling behind.divided-damage: the injuries are
    counted against the Resistance of the character named first (Ludwig, 3: 6 // 3 = 2) and divided."""
    state = _failed_assisted_attack()
    refused(state, AssignDamage(((L, 1), (O, 2))), refs.MELEE)  # 3 injuries, but Ludwig's count is 2
    state.apply(AssignDamage(((L, 1), (O, 1))))
    assert state.data.characters[L].injuries == 1 and state.data.characters[O].injuries == 1


# =============================================================================================
# Ranged Combat
# =============================================================================================
BOW = card(2, "BOW", category="Waffe", permanent=True, ranged=True, effect_code="ranged", title="Bow",
           movement_range=5.0, movement_number=1)
CROSSBOW = card(3, "XBOW", category="Waffe", permanent=True, ranged=True, effect_code="ranged",
                title="Crossbow", movement_range=5.0, movement_number=2)


def archery(sahra_at, *, top=4, dodge=(1, 1, 1, 1, 1, 1), ludwig_facing=0.0, obstacles=(), extra=(),
            sisterhood=(SAHRA,), vampires=(LUDWIG,)):
    state = game([BOW, CROSSBOW, 1, 1, 1, top], dodge, sisterhood=sisterhood, vampires=vampires)
    put_in_play(state, VAMPIRE, "BOW", bearer=L)
    put_in_play(state, VAMPIRE, "XBOW", bearer=L)
    place(state, (L, 50, 40, ludwig_facing), (S, *sahra_at, 180), *extra, obstacles=obstacles)
    return state


def test_ranged_range_is_twice_the_total_movement():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "The range of the attack equals
    twice the total movement of the card that enables the ranged attack for him." -- the bow (5 cm x 1)
    reaches 10 cm, the crossbow (5 cm x 2, ruling behind.total-movement) 20 cm."""
    state = archery((60, 40))
    state.apply(Ranged(L, S, "BOW"))
    assert state.phase == "dodge" and state.current_player == SISTERS
    state = archery((60.5, 40))
    refused(state, Ranged(L, S, "BOW"), refs.RANGED)
    state.apply(Ranged(L, S, "XBOW"))
    state = archery((70.5, 40))
    refused(state, Ranged(L, S, "XBOW"), refs.RANGED)


def test_ranged_line_of_sight_must_not_be_obstructed():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "The line of sight between shooter
    and target must not be obstructed by other characters or obstacles. A conceptual line between the
    centres of the two character chips must therefore be drawable without interruption."."""
    state = archery((65, 40), obstacles=[Obstacle.box("wall", 56, 35, 2, 10)])
    error = refused(state, Ranged(L, S, "XBOW"), refs.RANGED)
    assert "wall" in error.reason
    state = archery((65, 40), extra=[(O, 57, 40, 0)], vampires=(LUDWIG, ORLOK))
    error = refused(state, Ranged(L, S, "XBOW"), refs.RANGED)
    assert O in error.reason
    state = archery((65, 40), obstacles=[Obstacle.box("wall", 56, 43, 2, 10)])  # beside the line
    state.apply(Ranged(L, S, "XBOW"))


def test_ranged_target_within_viewing_angle():
    """behind-2003-rulebook.txt, section "Viewing Angle (Sichtwinkel)": "Every character can use abilities
    that need a line of sight to their target, such as magic, Schrecken, Befehl, but also ranged
    attacks, only on opponents who are within his viewing angle."."""
    state = archery((60, 40), ludwig_facing=180.0)
    refused(state, Ranged(L, S, "XBOW"), refs.VIEWING_ANGLE)
    state = archery((60, 50), ludwig_facing=0.0)  # 45 degrees: on the boundary, inside
    state.apply(Ranged(L, S, "XBOW"))


def test_ranged_no_shot_while_touching_an_enemy_but_the_target_may_be_in_melee():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "In addition, the character chip of
    the shooter must not touch an enemy character chip. The target may however be in melee combat."
    (also "Weapons (Waffen)": "a character whose chip touches an enemy character chip is not allowed to
    perform a ranged attack")."""
    state = archery((60, 40), sisterhood=(SAHRA, ANNA), extra=[(A, 50, 43, 270)])
    refused(state, Ranged(L, S, "XBOW"), refs.WEAPONS)
    state = archery((60, 40), sisterhood=(SAHRA, ANNA), vampires=(LUDWIG, ORLOK),
                    extra=[(A, 90, 40, 180), (O, 63, 40, 180)])  # Sahra in melee with Orlok
    state.apply(Ranged(L, S, "XBOW"))


def test_ranged_dodge_value_reaching_the_shooting_value_has_no_effect():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "he adds the current Dexterity
    (Geschick) value of his character card, the fate number of the equipment or magic card that enables
    the ranged attack for him, and the fate number of the top card of the supply ... If the dodge value
    of the target reaches or exceeds the shooting value of the shooter, the shot has no further effect."
    -- Ludwig: 2 + 3 (crossbow) + 4 = 9; Sahra: 3 + 5 + 1 = 9."""
    state = archery((60, 40), dodge=(5, 1, 1, 1, 1, 1))
    shot = state.apply(Ranged(L, S, "XBOW"))
    assert [e.data["value"] for e in shot if e.kind == "action"] == [9]
    dodge = state.apply(Dodge("S1"))
    outcome = next(e for e in dodge if e.kind == "dodge")
    assert outcome.data["value"] == 9 and "no further effect" in outcome.text
    assert state.data.characters[S].injuries == 0
    assert "XBOW" in ids(state.piles(VAMPIRE).in_play)  # the weapon stays in play


def test_ranged_hit_injures_like_melee():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "If the shooting value of the shooter
    is higher than the dodge value of the target, the difference of the two values is, as in melee,
    compared with the Resistance value of the target" -- 9 against 3 + 1 + 1 = 5: 4 // 2 = 2 injuries."""
    state = archery((60, 40))
    state.apply(Ranged(L, S, "XBOW"))
    state.apply(Dodge(None))
    assert state.data.characters[S].injuries == 2


def test_ranged_magic_card_from_hand_is_discarded():
    """behind-2003-rulebook.txt, section "Ranged Combat (Fernkampf)": "Through certain items, magic and
    special abilities, ranged attacks are also possible." -- a spell is played from hand; its fate
    number counts and it goes to the discard pile."""
    bolt = card(5, "BOLT", category="Zauber", ranged=True, effect_code="ranged", title="Bolt", movement_range=8.0)
    state = game([bolt, 1, 1, 1, 1, 4])
    place(state, (L, 50, 40, 0), (S, 60, 40, 180))
    refused(state, Ranged(L, S, "V2"), refs.RANGED)  # a card without a ranged effect
    shot = state.apply(Ranged(L, S, "BOLT"))
    assert [e.data["value"] for e in shot if e.kind == "action"] == [2 + 5 + 4]
    assert ids(state.piles(VAMPIRE).discard)[-2:] == ["BOLT", "V6"]


# =============================================================================================
# Injuries; Weapons
# =============================================================================================
def test_injuries_elimination_removes_chip_and_items():
    """behind-2003-rulebook.txt, section "Injuries (Verletzungen)": "If a character was injured more than
    twice, he counts as eliminated. His chip and his card are removed from the game. All items played
    on him are placed on the discard pile."."""
    amulet = card(2, "AMU", category="Gegenstand", permanent=True, effect_code="melee +1", title="Amulet")
    state = game([9, 1, 1, 1, 1, 9], [amulet, 1, 1, 1, 1, 1], sisterhood=(SAHRA, ANNA))
    put_in_play(state, SISTERS, "AMU", bearer=S)
    place(state, (L, 50, 40, 0), (S, 53, 40, 180), (A, 90, 40, 180))
    set_injuries(state, S, 2)
    state.apply(Melee(L, S, "V1"))
    state.apply(Defend(None))
    assert not state.alive(S) and S not in state.table and state.data.characters[S].condition == "eliminated"
    assert state.items_of(S) == [] and "AMU" in ids(state.piles(SISTERS).discard)
    assert [e.rule for e in events(state, "item")] == [refs.INJURIES]
    refused(state, Melee(L, S, "V2"), refs.INJURIES)
    state.check_invariants()


def test_injuries_lower_strength_and_dexterity():
    """behind-2003-rulebook.txt, section "Injuries (Verletzungen)": "the character must from now on use a
    Strength value and Dexterity value lower by 1 (minimum of 0). If a character was injured twice ...
    His Strength and Dexterity values are now lowered by a total of 2"."""
    state = first_steps()
    set_injuries(state, L, 2)
    attack = state.apply(Melee(L, S, "V1"))
    assert attack[-1].data["base"] == 2 and attack[-1].data["value"] == 11


SWORD = card(1, "SWORD", category="Waffe", permanent=True, effect_code="melee +2", title="Sword")
AXE = card(1, "AXE", category="Waffe", permanent=True, effect_code="melee +3", title="Axe")
RING = card(1, "RING", category="Gegenstand", permanent=True, effect_code="melee +1", title="Ring")


def test_weapons_only_one_weapon_per_combat():
    """behind-2003-rulebook.txt, section "Weapons (Waffen)": "A character may carry any number of items in
    the game, but may use only one weapon per combat." -- Ludwig carries a sword (+2), an axe (+3) and a
    ring (+1, an item, not a weapon); ruling behind.item-bonuses: the one weapon named counts, the
    other items always."""
    state = game([SWORD, AXE, RING, 6, 1, 3], [9, 1, 1, 1, 1, 9])
    for item in ("SWORD", "AXE", "RING"):
        put_in_play(state, VAMPIRE, item, bearer=L)
    assert ids(state.hand(VAMPIRE)) == ["V4", "V5"]
    place(state, (L, 50, 40, 0), (S, 53, 40, 180))
    refused(state, Melee(L, S, "V4", weapon="BOW"), refs.WEAPONS)  # not carried
    attack = state.apply(Melee(L, S, "V4", weapon="AXE"))
    assert attack[-1].data["base"] == 4 + 3 + 1
    state.apply(Defend("S1"))
    attack = state.apply(Melee(L, S, "V5"))  # no weapon named: the items only
    assert attack[-1].data["base"] == 4 + 1


def test_weapons_ranged_weapon_is_not_a_melee_weapon():
    """behind-2003-rulebook.txt, section "Weapons (Waffen)": "may use only one weapon per combat" -- the
    weapon used must be one for this kind of combat."""
    state = archery((53, 40))
    refused(state, Melee(L, S, "V3", weapon="BOW"), refs.WEAPONS)


def test_transformed_characters_cannot_use_weapons():
    """behind-2003-rulebook.txt, section "Transformations (Verwandlungen)": "Transformed characters can
    normally carry items but cannot use them in their transformed form."."""
    state = game([SWORD, 6, 1, 1, 1, 3], [5, 1, 1, 1, 1, 5])
    put_in_play(state, VAMPIRE, "SWORD", bearer=L)
    place(state, (L, 50, 40, 0), (S, 53, 40, 180))
    state.data.transformed = frozenset({L})  # by hand, not a position: this Ludwig has no Wandler to transform with
    refused(state, Melee(L, S, "V2", weapon="SWORD"), refs.TRANSFORMATIONS)
    attack = state.apply(Melee(L, S, "V2"))
    assert attack[-1].data["base"] == 4 + 3  # Wandler +3, no sword


# =============================================================================================
# Terrain and Climbing; Flying
# =============================================================================================
ROOF = Obstacle.box("roof", 40, 30, 10, 10, height=3, flat=True)


def test_terrain_no_melee_across_height_levels():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": "Melee combats
    between characters at different height levels are not possible."."""
    state = first_steps()
    place(state, (L, 48.5, 35, 0), (S, 51.5, 35, 180), obstacles=[ROOF])  # Ludwig on the roof, Sahra below
    assert state.table.touching(L, S)
    refused(state, Melee(L, S, "V1"), refs.TERRAIN)


def test_terrain_climbing_a_flat_obstacle():
    """behind-2003-rulebook.txt, section "Terrain and Climbing (Gelände & Klettern)": "At the start of his
    movement the character chip must stand at the lower part of the obstacle and the total movement of
    the movement card must be sufficient to overcome the height of the obstacle."."""
    low = card(1, "LOW", movement_range=2.0)  # total movement 2 < height 3
    high = card(1, "HIGH", movement_range=5.0)
    state = game([low, high, 1, 1, 1])
    place(state, (L, 38.5, 35, 0), (S, 100, 40, 180), obstacles=[ROOF])
    state.apply(Move("LOW", ((L, 40.5, 35.0, None),)))
    assert state.table.chip(L).position == (38.5, 35.0) and state.table.standing_on(L) == ()
    state.apply(Move("HIGH", ((L, 43.0, 35.0, None),)))
    assert state.table.standing_on(L) == ("roof",)
    assert "climbs roof" in events(state, "move")[-1].text


def test_flying_over_characters_and_obstacles():
    """behind-2003-rulebook.txt, section "Flying (Fliegen)": "in his movement he may fly over other
    characters and obstacles, that is, he can move across them. Landing on another character chip is
    not possible."."""
    wings = card(1, "WINGS", effect_code="fly", title="Bat wings", movement_range=8.0)
    wings2 = card(1, "WINGS2", effect_code="fly", title="Bat wings", movement_range=8.0)
    state = game([wings, wings2, 1, 1, 1])
    place(state, (L, 50, 40, 0), (S, 55, 40, 180), obstacles=[Obstacle.box("wall", 52, 30, 1, 20, height=9),
                                                           Obstacle.box("tower", 60, 38, 3, 4, height=9)])
    refused(state, PlayCard("WINGS", actor=L, legs=((L, 56.0, 40.0, None),)), refs.FLYING)  # on Sahra
    state.apply(PlayCard("WINGS", actor=L, legs=((L, 58.0, 40.0, None),)))
    assert state.table.chip(L).position == (58.0, 40.0) and state.actions_left == 2
    assert events(state, "move")[-1].rule == refs.FLYING
    state.apply(EndTurn())
    state.apply(EndTurn())
    error = refused(state, PlayCard("WINGS2", actor=L, legs=((L, 61.0, 40.0, None),)), refs.FLYING)
    assert "not flat" in error.reason
    walker = game([1, 1, 1, 1, 1])
    place(walker, (L, 50, 40, 0), (S, 55, 40, 180), obstacles=[Obstacle.box("wall", 52, 30, 1, 20, height=9)])
    walker.apply(Move("V1", ((L, 55.0, 40.0, None),)))
    assert walker.table.chip(L).position == pytest.approx((50.5, 40.0))  # stopped by the wall



# =============================================================================================
# Handing Over Items
# =============================================================================================
def test_handing_over_an_item_between_touching_characters():
    """behind-2003-rulebook.txt, section "Handing Over and Picking Up Items (Gegenstände übergeben und
    aufheben)": "By spending an action a character can hand an item he carries and influences over to
    another character. For this the two character chips must touch, neither may be in a fight"."""
    state = game([SWORD, 1, 1, 1, 1], vampires=(LUDWIG, ORLOK))
    put_in_play(state, VAMPIRE, "SWORD", bearer=L)
    place(state, (L, 50, 40, 0), (O, 53, 40, 0), (S, 90, 40, 180))
    refused(state, HandOver(L, O, "AXE"), refs.HANDING_OVER)
    state.apply(HandOver(L, O, "SWORD"))
    assert [p.card for p in state.items_of(O)] == ["SWORD"] and state.actions_left == 2
    place(state, (L, 50, 40, 0), (O, 53, 40, 0), (S, 56, 40, 180))  # Orlok now fights Sahra
    refused(state, HandOver(O, L, "SWORD"), refs.HANDING_OVER)
    place(state, (L, 50, 40, 0), (O, 54, 40, 0), (S, 90, 40, 180))
    refused(state, HandOver(O, L, "SWORD"), refs.HANDING_OVER)


def test_handing_over_only_to_own_characters_ruling_handover():
    """behind-2003-rulebook.txt, section "Handing Over and Picking Up Items (Gegenstände übergeben und
    aufheben)": "the item must also be carriable by the new bearer (the card text informs about this)"
    -- ruling behind.handover: an item goes to another character of the same player."""
    state = game([SWORD, 1, 1, 1, 1], vampires=(LUDWIG, ORLOK))
    put_in_play(state, VAMPIRE, "SWORD", bearer=L)
    place(state, (L, 50, 40, 0), (O, 53, 40, 0), (S, 47, 40, 0))
    refused(state, HandOver(L, S, "SWORD"), refs.ACTION_PHASE)


def test_breaking_away_with_several_chips_all_checks_first_ruling_break_away_several():
    """behind-2003-rulebook.txt, section "Movement": "If the check fails, the action was unsuccessful and
    the movement card is discarded without effect" -- ruling behind.break-away-several: every chip that
    starts touching an enemy checks before any chip moves; one failure and nothing moves. Ludwig
    (against Sahra, Dexterity 3) passes with a 5, Orlok (against Anna, Dexterity 1) fails with a 0."""
    two = card(1, "TWO", movement_range=5.0, movement_number=2)
    state = game([two, 1, 1, 1, 1, 5, 0], vampires=(LUDWIG, ORLOK), sisterhood=(SAHRA, ANNA))
    place(state, (L, 50, 40, 180), (S, 53, 40, 180), (O, 50, 20, 180), (A, 53, 20, 180))
    state.apply(Move("TWO", ((L, 46.0, 40.0, None), (O, 46.0, 20.0, None))))
    checks = events(state, "break-away")
    assert ["fate 5 against 3+" in checks[0].text, "fate 0 against 1+" in checks[1].text] == [True, True]
    assert state.table.chip(L).position == (50.0, 40.0) and state.table.chip(O).position == (50.0, 20.0)
    assert state.actions_left == 2


def test_glaube_counts_only_unbound_opponents():
    """behind-2003-rulebook.txt, section "Glaube (Faith)": "This applies, however, only to each unbound
    opponent who does not himself touch any further enemy character chip." -- Orlok also touches Anna,
    so Anselm fights Ludwig with his Strength alone."""
    state = duel_game([1, 1, 1, 1, 1, 1, 3], [9, 6, 1, 1, 1, 1, 3], first_characters=(LUDWIG, ORLOK),
                      second_characters=(ANSELM, ANNA))
    place(state, (L, 50, 40, 0), (ANSELM.name, 53, 40, 180), (O, 56, 40, 180), (A, 59, 40, 180))
    attack = state.apply(Melee(ANSELM.name, L, "S1"))
    assert attack[-1].data["base"] == 3


def test_the_end_defender_wins_when_the_last_attacker_falls():
    """behind-2003-rulebook.txt, section "The End": "If a player reaches his scenario goal, the game ends
    immediately and he has won." -- Sahra fends off severely injured Ludwig by 4 against Resistance 3:
    Christian's last character is eliminated in his own turn and Barbara wins."""
    state = first_steps()
    set_injuries(state, L, 2)
    state.apply(Melee(L, S))  # 2 + 3 = 5 against 1 + 5 + 5 = 11
    refused(state, EndTurn(), refs.MELEE)  # the game waits for Barbara's defence
    state.apply(Defend("S1"))
    assert state.is_terminal() and state.winner == SISTERS and L not in state.table
    state.check_invariants()


def test_weapons_two_copies_of_one_weapon_count_once():
    """behind-2003-rulebook.txt, section "Weapons (Waffen)": "A character may carry any number of items
    in the game, but may use only one weapon per combat." -- two copies of the same +1 weapon give +1."""
    from explorer.behind.game_combat import item_bonus

    dagger = card(6, "D1", category="Waffe", permanent=True, effect_code="melee +1", title="Dolch")
    state = duel_game([9, dagger, dagger, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 5])
    owner = state.owners[L]
    put_in_play(state, owner, "D1", L)
    put_in_play(state, owner, "D1", L)
    assert item_bonus(state, L, "D1") == 1
    assert item_bonus(state, L, None) == 0
