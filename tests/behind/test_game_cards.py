"""Abilities and special card effects inside a game, one test per rule clause.

Every test names the clause it checks and quotes it from behind-2003-rulebook.txt.  The
situations are built exactly (chips, piles, permanents) with the builders of
``tests/behind/game_fixtures.py`` plus the few small ones below (prefix ``_``).
"""

from __future__ import annotations

import pytest

from explorer.behind import refs
from explorer.behind.actions import (
    Arrange,
    CommandMove,
    Defend,
    Discard,
    EndTurn,
    HandOver,
    Melee,
    Move,
    Organise,
    PlayCard,
    Turn,
    UseAbility,
)
from explorer.behind.cards import Character
from explorer.behind.game import GameOptions, Permanent
from explorer.behind.game_turns import remove_permanent
from explorer.core.piles import Piles
from explorer.core.rng import SeededRng
from tests.behind.game_fixtures import (
    Obstacle,
    card,
    duel_game,
    place,
    put_in_play,
    rebuild,
    refused,
    set_injuries,
    set_piles,
    set_turn,
)

ME, FOE = "Vampire", "Schwesternbund"  # the players of duel_game: ME acts, FOE is the enemy


# ---------------------------------------------------------------------------------------------
# Small builders
# ---------------------------------------------------------------------------------------------
def _char(name: str, strength: int = 3, dexterity: int = 2, resistance: int = 2, abilities: str = "",
          society: str = ME) -> Character:
    return Character(name=name, strength=strength, dexterity=dexterity, resistance=resistance,
                     character_points=5, society=society, abilities=abilities)


def _game(mine, theirs, chips, *, my_cards=(), their_cards=(), obstacles=(), supply=(), hand=(),
          their_supply=(), their_hand=(), actions=3, options=None):
    """ME (Vampire) acts with ``actions`` left; both sides' chips are placed exactly as given;
    ``supply`` are ME's top cards (first = top), ``hand`` ME's whole hand; the other cards of ME
    follow in the supply; the same for FOE with ``their_*``.  Discard piles start empty."""
    opening = (card(9, "open-me"),), (card(2, "open-foe"),)  # the setup's influence duel: no endless tie
    state = duel_game(first_characters=tuple(mine), second_characters=tuple(theirs),
                      first_cards=opening[0] + tuple(my_cards), second_cards=opening[1] + tuple(their_cards),
                      options=options)
    place(state, *chips, obstacles=obstacles)
    _stack(state, ME, supply, hand)
    _stack(state, FOE, their_supply, their_hand)
    return set_turn(state, ME, actions_left=actions)


def _stack(state, player, top, hand):
    everything = [c.id for c in state.data.piles[player].all_cards()]
    rest = list(everything)
    for card_id in (*top, *hand):
        rest.remove(card_id)
    set_piles(state, player, hand=list(hand), supply=[*top, *rest], discard=[])


def _in_play(state, player, card_id, bearer=None):
    """Put ``card_id`` of ``player`` in play as a permanent (carried by ``bearer``)."""
    return put_in_play(state, player, card_id, bearer)


def _events(events, kind):
    return [e for e in events if e.kind == kind]


def _discard_ids(state, player):
    return [c.id for c in state.data.piles[player].discard]


def _supply_ids(state, player):
    return [c.id for c in state.data.piles[player].supply]


def _hand_ids(state, player):
    return [c.id for c in state.data.piles[player].hand]


def _pos(state, name):
    chip = state.table.chip(name)
    return round(chip.x, 6), round(chip.y, 6)


# The characters (illustrative values; the abilities are what matters)
COMMANDER = _char("Kommandant", 4, 2, 3, "Befehl 5+")
VICTIM = _char("Opfer", 2, 3, 2, society=FOE)
OTHER_ENEMY = _char("Feind", 2, 4, 2, society=FOE)
ALLY = _char("Gefährte", 3, 2, 2)
WOLF = _char("Wolf", 4, 2, 3, "Regeneration 4+")
SEER = _char("Seherin", 1, 2, 1, "Hellsicht 3+")
GHOST = _char("Geist", 2, 3, 2, "Körperlos; Schrecken 5+")
FRIGHTENER = _char("Schrecker", 3, 1, 3, "Schrecken 5+")
BRAVE = _char("Mutiger", 3, 2, 2, "Mut 1", society=FOE)
TEMPLAR = _char("Templer", 3, 2, 3, "Glaube +2", society=FOE)
SISTER = _char("Schwester", 2, 2, 2, "Bündnis 1")
SUPPORTER = _char("Stifterin", 2, 4, 2, "Unterstützung 3+")
SHIFTER = _char("Wandler", 3, 2, 2, "Wandler 4+")
WHIRL = _char("Wirbler", 2, 2, 2, "Wirbel 4+")

MOVE8 = {"movement_range": 8.8}


# =============================================================================================
# Befehl (Command) -- Fähigkeit X+
# =============================================================================================
def _befehl_game(check_fate=6, number=2, **kw):
    check = card(check_fate, "chk", movement_range=8.8, movement_number=number)
    chips = kw.pop("chips", [("Kommandant", 20, 40, 0), ("Opfer", 40, 40, 180)])
    mine = kw.pop("mine", [COMMANDER])
    theirs = kw.pop("theirs", [VICTIM])
    return _game(mine, theirs, chips, my_cards=[check], supply=["chk"], **kw)


def test_befehl_success_moves_the_victim_by_the_total_movement_of_the_check_card():
    """behind-2003-rulebook.txt, section "Befehl (Command) -- Fähigkeit X+": "By spending an action
    and succeeding at the ability check, a single enemy character can be moved by the total movement
    of the card that was turned up from the supply for the check." ... "The movement must not lead
    the victim out of the playing area but may change its viewing angle."

    Befehl 5+, the check card shows 6 with range 8.8 cm x number 2: the victim may be moved 17.6 cm.
    """
    state = _befehl_game()
    events = state.apply(UseAbility("Kommandant", "Befehl", "Opfer"))
    assert "fate 6 against 5+ -> success" in _events(events, "action")[0].text
    assert state.phase == "command-move" and state.current_player == ME
    assert state.pending.info["distance"] == pytest.approx(17.6)
    assert _discard_ids(state, ME) == ["chk"]
    assert state.actions_left == 2
    # farther than the total movement: refused, nothing changes
    refused(state, CommandMove(58.0, 40.0), refs.MOVEMENT)
    # backwards against the victim's facing is fine, and the commander may turn it
    events = state.apply(CommandMove(57.6, 40.0, facing=90.0))
    assert _pos(state, "Opfer") == (57.6, 40.0)
    assert state.table.chip("Opfer").facing == 90.0
    assert _events(events, "befehl")[0].rule == refs.BEFEHL
    assert state.phase == "action" and state.current_player == ME


def test_befehl_movement_must_not_lead_the_victim_out_of_the_playing_area():
    """behind-2003-rulebook.txt, section "Befehl (Command) -- Fähigkeit X+": "The movement must not
    lead the victim out of the playing area"."""
    state = _befehl_game(chips=[("Kommandant", 100, 40, 0), ("Opfer", 112, 40, 180)])
    state.apply(UseAbility("Kommandant", "Befehl", "Opfer"))
    state.apply(CommandMove(129.0, 40.0))
    x, _ = _pos(state, "Opfer")
    assert x == pytest.approx(120 - state.table.radius)  # stopped at the table edge, still on the table


def test_befehl_failed_check_spends_the_action_without_effect():
    """behind-2003-rulebook.txt, section "Ability Check (Fähigkeitsprobe)": "If the turned-up number
    was smaller, however, the action has passed without success. In both cases the turned-up card is
    discarded." (Befehl 5+, the check card shows 4)."""
    state = _befehl_game(check_fate=4)
    state.apply(UseAbility("Kommandant", "Befehl", "Opfer"))
    assert state.phase == "action" and state.pending is None
    assert _pos(state, "Opfer") == (40.0, 40.0)
    assert state.actions_left == 2 and _discard_ids(state, ME) == ["chk"]


def test_befehl_both_chips_must_not_touch_an_enemy_chip():
    """behind-2003-rulebook.txt, section "Befehl (Command) -- Fähigkeit X+": "Both character chips,
    that of the victim and that of the commander, must however not touch any enemy character chip
    before the movement." """
    # the commander touches an enemy
    state = _befehl_game(theirs=[VICTIM, OTHER_ENEMY],
                         chips=[("Kommandant", 20, 40, 0), ("Opfer", 40, 40, 180), ("Feind", 20, 43)])
    refused(state, UseAbility("Kommandant", "Befehl", "Opfer"), refs.BEFEHL)
    # the victim touches an enemy (of his: the commander's ally)
    state = _befehl_game(mine=[COMMANDER, ALLY],
                         chips=[("Kommandant", 20, 40, 0), ("Opfer", 40, 40, 180), ("Gefährte", 40, 43)])
    refused(state, UseAbility("Kommandant", "Befehl", "Opfer"), refs.BEFEHL)


def test_befehl_the_commander_must_see_his_victim():
    """behind-2003-rulebook.txt, section "Befehl (Command) -- Fähigkeit X+": "As with a ranged attack,
    the commanding character must be able to see his victim." (Viewing Angle (Sichtwinkel): only on
    opponents "within his viewing angle")."""
    wall = Obstacle.box("wall", 29, 30, 2, 20)
    state = _befehl_game(obstacles=[wall])
    refused(state, UseAbility("Kommandant", "Befehl", "Opfer"), refs.BEFEHL)
    state = _befehl_game(chips=[("Kommandant", 20, 40, 180), ("Opfer", 40, 40, 180)])
    refused(state, UseAbility("Kommandant", "Befehl", "Opfer"), refs.VIEWING_ANGLE)


def test_befehl_cannot_be_applied_to_ones_own_characters():
    """behind-2003-rulebook.txt, section "Befehl (Command) -- Fähigkeit X+": "A command cannot be
    applied to one's own characters." """
    state = _befehl_game(mine=[COMMANDER, ALLY],
                         chips=[("Kommandant", 20, 40, 0), ("Gefährte", 40, 40), ("Opfer", 80, 60)])
    refused(state, UseAbility("Kommandant", "Befehl", "Gefährte"), refs.BEFEHL)


# =============================================================================================
# Bündnis (Alliance)
# =============================================================================================
def test_buendnis_adds_the_ability_value_of_the_assisting_character():
    """behind-2003-rulebook.txt, section "Bündnis (Alliance)": "If a character with the ability
    "Bündnis" assists another in combat (see "Melee Combat" p. 19), not only the Strength but also
    the value of the ability of the assisting character is added to the melee value of the one
    assisted." (attacker S3 + assisting sister S2 + Bündnis 1 = 6)."""
    attack = card(5, "atk")
    state = _game([ALLY, SISTER], [VICTIM], [("Gefährte", 47, 40, 0), ("Schwester", 50, 43, 270),
                                             ("Opfer", 50, 40, 180)],
                  my_cards=[attack, card(4, "top")], supply=["top"], hand=["atk"])
    events = state.apply(Melee("Gefährte", "Opfer", "atk", assistants=("Schwester",)))
    action = _events(events, "action")[0]
    assert action.data["base"] == 3 + 2 + 1
    assert action.data["value"] == 6 + 5 + 4
    # without the sister's help only the attacker's Strength counts
    state = _game([ALLY, SISTER], [VICTIM], [("Gefährte", 47, 40, 0), ("Schwester", 50, 43, 270),
                                             ("Opfer", 50, 40, 180)],
                  my_cards=[attack, card(4, "top")], supply=["top"], hand=["atk"])
    assert _events(state.apply(Melee("Gefährte", "Opfer", "atk")), "action")[0].data["base"] == 3


# =============================================================================================
# Glaube (Faith)
# =============================================================================================
def test_glaube_adds_the_faith_value_per_additional_unbound_opponent():
    """behind-2003-rulebook.txt, section "Glaube (Faith)": "If a character who has the ability
    "Glaube" fights alone against several opponents, he may add his Faith value to his Strength for
    each additional opponent after the first. This is possible in attack as well as in defence."

    Defence: the templar (S3, Glaube +2) is attacked by an attacker and one assistant: 3 + 2 = 5.
    """
    state = _game([ALLY, SISTER], [TEMPLAR], [("Gefährte", 47, 40, 0), ("Schwester", 50, 43, 270),
                                              ("Templer", 50, 40, 180)],
                  my_cards=[card(1, "top")], supply=["top"], their_cards=[card(1, "ttop")], their_supply=["ttop"])
    state.apply(Melee("Gefährte", "Templer", assistants=("Schwester",)))
    events = state.apply(Defend())
    assert "base 5 " in _events(events, "defend")[0].text


def test_glaube_counts_only_unbound_opponents_in_the_attack():
    """behind-2003-rulebook.txt, section "Glaube (Faith)": "A character with the ability "Glaube +2"
    may therefore add +4 to his Strength when fighting three opponents. This applies, however, only
    to each unbound opponent who does not himself touch any further enemy character chip."

    The templar attacks alone while three enemies touch him: 3 + 2 x 2 = 7; when one of them also
    touches the templar's ally, that one is bound and the templar gets 3 + 2 = 5.
    """
    templar = _char("Templer", 3, 2, 3, "Glaube +2")
    a, b, c = (_char(n, society=FOE) for n in ("Eins", "Zwei", "Drei"))
    chips = [("Templer", 50, 40, 0), ("Eins", 53, 40, 180), ("Zwei", 50, 43, 270), ("Drei", 50, 37, 90)]
    state = _game([templar], [a, b, c], chips, my_cards=[card(1, "top")], supply=["top"])
    assert _events(state.apply(Melee("Templer", "Eins")), "action")[0].data["base"] == 3 + 4
    squire = _char("Knappe")
    state = _game([templar, squire], [a, b, c], chips + [("Knappe", 50, 46)], my_cards=[card(1, "top")],
                  supply=["top"])
    assert _events(state.apply(Melee("Templer", "Eins")), "action")[0].data["base"] == 3 + 2


# =============================================================================================
# Hellsicht (Clairvoyance) -- Fähigkeit X+
# =============================================================================================
def _seer_game(supply, cards, chips=(("Seherin", 20, 40), ("Opfer", 80, 40))):
    return _game([SEER], [VICTIM], list(chips), my_cards=cards, supply=supply)


def test_hellsicht_look_at_the_four_top_cards_and_put_them_back_on_top_or_beneath():
    """behind-2003-rulebook.txt, section "Hellsicht (Clairvoyance) -- Fähigkeit X+": "By spending an
    action and succeeding at the ability check, the acting player may look at the four top cards of
    his supply. Afterwards he may place the cards back on top of or beneath his supply in any order.
    It is also possible to place some on top and others beneath his supply." """
    cards = [card(5, "chk")] + [card(i, f"h{i}") for i in range(1, 7)]
    state = _seer_game(["chk", "h1", "h2", "h3", "h4", "h5", "h6"], cards)
    events = state.apply(UseAbility("Seherin", "Hellsicht"))
    assert state.phase == "arrange" and state.pending.info["cards"] == ["h1", "h2", "h3", "h4"]
    private = [e for e in events if e.visible_to == ME]
    assert private and [private[0].text.index(f"({c})") for c in ("h1", "h2", "h3", "h4")] == sorted(
        private[0].text.index(f"({c})") for c in ("h1", "h2", "h3", "h4"))  # named, with the ids Arrange takes, top first
    # the cards put back must be exactly those looked at
    refused(state, Arrange(("h1", "h2", "h3", "h5")), refs.HELLSICHT)
    state.apply(Arrange(top=("h3", "h1"), bottom=("h4", "h2")))
    supply = _supply_ids(state, ME)
    assert supply[:4] == ["h3", "h1", "h5", "h6"] and supply[-2:] == ["h4", "h2"]
    assert state.actions_left == 2 and _discard_ids(state, ME) == ["chk"]


def test_hellsicht_fewer_cards_when_the_supply_is_short():
    """behind-2003-rulebook.txt, section "Hellsicht (Clairvoyance) -- Fähigkeit X+": "If fewer than
    four cards remain in the supply, the player may also look at correspondingly fewer cards." """
    cards = [card(5, "chk"), card(1, "h1"), card(2, "h2")]
    state = _seer_game(["chk", "h1", "h2"], cards)
    set_piles(state, ME, supply=["chk", "h1", "h2"])
    state.apply(UseAbility("Seherin", "Hellsicht"))
    assert state.pending.info["cards"] == ["h1", "h2"]
    state.apply(Arrange(top=("h2",), bottom=("h1",)))
    assert _supply_ids(state, ME) == ["h2", "h1"]


def test_hellsicht_not_while_touching_an_enemy():
    """behind-2003-rulebook.txt, section "Hellsicht (Clairvoyance) -- Fähigkeit X+": "The character
    chip of the clairvoyant character must not touch any enemy character chip during the action." """
    state = _seer_game(["chk"], [card(5, "chk")], chips=(("Seherin", 20, 40), ("Opfer", 23, 40)))
    refused(state, UseAbility("Seherin", "Hellsicht"), refs.HELLSICHT)


def test_hellsicht_failed_check_shows_no_card():
    """behind-2003-rulebook.txt, section "Hellsicht (Clairvoyance) -- Fähigkeit X+": "By spending an
    action and succeeding at the ability check" (Hellsicht 3+, the check card shows 2)."""
    state = _seer_game(["chk"], [card(2, "chk")])
    events = state.apply(UseAbility("Seherin", "Hellsicht"))
    assert state.pending is None and not _events(events, "look") and state.actions_left == 2


# =============================================================================================
# Körperlos (Incorporeal)
# =============================================================================================
WALL = Obstacle.box("wall", 22.5, 30, 3, 20)


def _ghost_game(mover=GHOST, obstacles=(WALL,), chips=None):
    chips = chips or [(mover.name, 20, 40, 0), ("Opfer", 80, 40)]
    return _game([mover], [VICTIM], chips, my_cards=[card(1, "mv", **MOVE8)], hand=["mv"], obstacles=obstacles)


def test_koerperlos_moves_through_obstacles_and_chips():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)": "If a character has this ability,
    he may move through every character chip and every obstacle." """
    state = _ghost_game()
    events = state.apply(Move("mv", (("Geist", 28.5, 40, None),)))
    assert _pos(state, "Geist") == (28.5, 40.0)
    assert _events(events, "move")[0].rule == refs.KOERPERLOS
    # through an enemy chip as well
    state = _ghost_game(obstacles=(), chips=[("Geist", 20, 40, 0), ("Opfer", 24, 40)])
    state.apply(Move("mv", (("Geist", 28.5, 40, None),)))
    assert _pos(state, "Geist") == (28.5, 40.0)
    # a corporeal character is stopped touching the wall
    walker = _char("Wanderer")
    state = _ghost_game(mover=walker)
    state.apply(Move("mv", (("Wanderer", 28.5, 40, None),)))
    assert _pos(state, "Wanderer") == (21.0, 40.0)


def test_koerperlos_movement_must_not_end_in_an_obstacle_or_chip():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)": "His movement must not end in the
    obstacle or character chip itself. (If you play by tournament rules (p. 38), a movement that
    would end in a character chip or obstacle is not allowed. That is, the movement does not take
    place and the action is forfeited without replacement.)" """
    state = _ghost_game()
    refused(state, Move("mv", (("Geist", 24, 40, None),)), refs.KOERPERLOS)
    tournament = _game([GHOST], [VICTIM], [("Geist", 20, 40, 0), ("Opfer", 80, 40)],
                       my_cards=[card(1, "mv", **MOVE8)], hand=["mv"],
                       obstacles=(WALL,), options=GameOptions(tournament=True))
    events = tournament.apply(Move("mv", (("Geist", 24, 40, None),)))
    assert _pos(tournament, "Geist") == (20.0, 40.0)
    assert tournament.actions_left == 2 and "forfeited" in _events(events, "move")[0].text


def test_koerperlos_line_of_sight_is_still_obstructed():
    """behind-2003-rulebook.txt, section "Körperlos (Incorporeal)": "The line of sight of an
    incorporeal character is, however, obstructed by obstacles and characters like that of other
    characters." (the ghost's Schrecken through a wall)."""
    state = _game([GHOST], [VICTIM], [("Geist", 20, 40, 0), ("Opfer", 40, 40)],
                  my_cards=[card(6, "chk")], supply=["chk"], obstacles=[Obstacle.box("wall", 29, 30, 2, 20)])
    refused(state, UseAbility("Geist", "Schrecken", "Opfer"), refs.SCHRECKEN)


# =============================================================================================
# Mut (Courage)
# =============================================================================================
@pytest.mark.parametrize("fate, frightened", [(5, False), (6, True)])
def test_mut_the_frightener_receives_a_penalty_equal_to_the_courage_value(fate, frightened):
    """behind-2003-rulebook.txt, section "Mut (Courage)": "If an opponent wants to use the ability
    "Schrecken" against a courageous character, the frightener receives a penalty equal to the
    Courage value on his ability check." (Schrecken 5+ against Mut 1: a 5 is not enough, a 6 is)."""
    state = _game([FRIGHTENER], [BRAVE], [("Schrecker", 20, 40, 0), ("Mutiger", 40, 40)],
                  my_cards=[card(fate, "chk")], supply=["chk"])
    events = state.apply(UseAbility("Schrecker", "Schrecken", "Mutiger"))
    assert f"fate {fate} against 6+" in _events(events, "action")[0].text
    assert state.frightened_now("Mutiger") is frightened


def test_mut_counts_against_a_schrecken_card_effect_too():
    """behind-2003-rulebook.txt, section "Mut (Courage)": "If an opponent wants to use the ability
    "Schrecken" against a courageous character, the frightener receives a penalty equal to the
    Courage value on his ability check." (a card "schrecken 4": one of his characters uses
    Schrecken 4+, against Mut 1 a 5 is needed)."""
    scream = card(2, "scream", category="Kraft der Toten", effect_code="schrecken 4", title="Schrei")
    state = _game([ALLY], [BRAVE], [("Gefährte", 20, 40, 0), ("Mutiger", 40, 40)],
                  my_cards=[scream, card(4, "chk")], hand=["scream"], supply=["chk"])
    events = state.apply(PlayCard("scream", actor="Gefährte", target="Mutiger"))
    check = _events(events, "schrecken")[0]
    assert check.rule == refs.MUT and "Schrecken 5+" in check.text
    assert not state.frightened_now("Mutiger")


# =============================================================================================
# Regeneration -- Fähigkeit X+ / Ability Check (Fähigkeitsprobe)
# =============================================================================================
@pytest.mark.parametrize("fate, healed", [(6, True), (4, True), (3, False)])
def test_ability_check_regeneration_example(fate, healed):
    """behind-2003-rulebook.txt, section "Ability Check (Fähigkeitsprobe)": "Example: A werewolf with
    the ability "Regeneration 4+" tries to heal himself by spending an action. For this the player
    turns up the top card of his supply. The fate number shows a 6, so the ability check succeeded
    and the werewolf was able to heal himself. The card goes to the discard pile. Had the card shown
    a fate number of only 3 or less, the action would not have been successful." (a 4 reaches 4+:
    "at least as high as the stated number")."""
    state = _game([WOLF], [VICTIM], [("Wolf", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[card(fate, "chk")], supply=["chk"])
    set_injuries(state, "Wolf", 1)
    events = state.apply(UseAbility("Wolf", "Regeneration"))
    assert state.data.characters["Wolf"].injuries == (0 if healed else 1)
    assert bool(_events(events, "heal")) is healed
    assert _discard_ids(state, ME) == ["chk"] and state.actions_left == 2


def test_regeneration_heals_only_an_injured_character_himself():
    """behind-2003-rulebook.txt, section "Regeneration -- Fähigkeit X+": "If an injured character with
    this ability succeeds at the ability check by spending an action, he may heal one injury ... With
    this ability one can only heal oneself, not others." """
    state = _game([WOLF, ALLY], [VICTIM], [("Wolf", 20, 40), ("Gefährte", 23, 40), ("Opfer", 80, 40)],
                  my_cards=[card(6, "chk")], supply=["chk"])
    set_injuries(state, "Gefährte", 1)
    refused(state, UseAbility("Wolf", "Regeneration"), refs.REGENERATION)  # the wolf is not injured
    refused(state, UseAbility("Wolf", "Regeneration", "Gefährte"), refs.REGENERATION)  # not others


# =============================================================================================
# Schrecken (Terror) -- Fähigkeit X+
# =============================================================================================
def _terror_game(**kw):
    mine = kw.pop("mine", [FRIGHTENER])
    theirs = kw.pop("theirs", [VICTIM, OTHER_ENEMY])
    chips = kw.pop("chips", [("Schrecker", 20, 40, 0), ("Opfer", 40, 40, 180), ("Feind", 80, 60, 180)])
    cards = [card(6, "chk"), card(1, "mv", **MOVE8)] + kw.pop("my_cards", [])
    theirs_cards = [card(1, "tmv", **MOVE8), card(1, "tmv2", **MOVE8)] + kw.pop("their_cards", [])
    return _game(mine, theirs, chips, my_cards=cards, supply=["chk"], hand=kw.pop("hand", ["mv"]),
                 their_cards=theirs_cards, their_hand=["tmv", "tmv2"], **kw)


def test_schrecken_the_victim_cannot_act_in_his_next_turn():
    """behind-2003-rulebook.txt, section "Schrecken (Terror) -- Fähigkeit X+": "A character with the
    ability "Schrecken" can frighten a single enemy character by spending an action and succeeding at
    the ability check. The consequence is that the enemy character cannot act in his next turn." """
    state = _terror_game()
    events = state.apply(UseAbility("Schrecker", "Schrecken", "Opfer"))
    assert _events(events, "schrecken")[0].rule == refs.SCHRECKEN and state.frightened_now("Opfer")
    state.apply(EndTurn())
    assert state.active_player == FOE and state.phase == "action"
    refused(state, Move("tmv", (("Opfer", 35, 40, None),)), refs.SCHRECKEN)
    refused(state, Turn("Opfer", 90.0), refs.SCHRECKEN)
    state.apply(Move("tmv", (("Feind", 75, 60, None),)))  # his other characters act
    state.apply(EndTurn())
    state.apply(EndTurn())  # ME's turn passes; in FOE's following turn the victim acts again
    assert state.active_player == FOE and not state.frightened_now("Opfer")
    state.apply(Move("tmv2", (("Opfer", 35, 40, None),)))
    assert _pos(state, "Opfer") == (35.0, 40.0)


def test_schrecken_both_chips_must_not_touch_an_enemy_chip_and_the_victim_must_be_seen():
    """behind-2003-rulebook.txt, section "Schrecken (Terror) -- Fähigkeit X+": "Both character chips,
    that of the victim and that of the frightener, must not touch any enemy character chip. As with a
    ranged attack, the frightening character must be able to see his victim." """
    state = _terror_game(chips=[("Schrecker", 20, 40, 0), ("Opfer", 40, 40, 180), ("Feind", 20, 43)])
    refused(state, UseAbility("Schrecker", "Schrecken", "Opfer"), refs.SCHRECKEN)
    state = _terror_game(chips=[("Schrecker", 20, 40, 0), ("Opfer", 40, 40, 180), ("Feind", 80, 60)],
                         obstacles=[Obstacle.box("wall", 29, 30, 2, 20)])
    refused(state, UseAbility("Schrecker", "Schrecken", "Opfer"), refs.SCHRECKEN)


def test_schrecken_the_frightened_character_defends_normally_with_glaube():
    """behind-2003-rulebook.txt, section "Schrecken (Terror) -- Fähigkeit X+": "He may however defend
    himself normally and may therefore also use the ability "Glaube" in doing so." """
    state = _terror_game(mine=[FRIGHTENER, ALLY], theirs=[TEMPLAR, OTHER_ENEMY],
                         chips=[("Schrecker", 47, 40, 0), ("Gefährte", 50, 43, 270), ("Templer", 50, 40, 180),
                                ("Feind", 80, 60)])
    rebuild(state, lambda p: p.update(frightened=["Templer"]))  # frightened by an earlier action of this turn
    state.apply(Melee("Schrecker", "Templer", assistants=("Gefährte",)))
    assert state.phase == "defend" and state.current_player == FOE
    events = state.apply(Defend(card="tmv"))
    assert "base 5 " in _events(events, "defend")[0].text  # Strength 3 + Glaube 2 for the second attacker


def test_schrecken_breaking_away_from_a_frightened_character_needs_no_check():
    """behind-2003-rulebook.txt, section "Schrecken (Terror) -- Fähigkeit X+": "One can break away from
    a frightened character without a check (see "Movement" p. 18). With several characters his
    Dexterity value is therefore not relevant when breaking away and does not make the check harder
    by +1." """
    chips = [("Schrecker", 20, 40, 180), ("Opfer", 23, 40), ("Feind", 20, 43)]
    # only the frightened victim touches him: no check, no card turned up
    state = _terror_game(chips=[("Schrecker", 20, 40, 180), ("Opfer", 23, 40), ("Feind", 80, 60)])
    rebuild(state, lambda p: p.update(frightened=["Opfer"]))
    events = state.apply(Move("mv", (("Schrecker", 12, 40, None),)))
    assert not _events(events, "break-away") and _pos(state, "Schrecker") == (12.0, 40.0)
    assert _discard_ids(state, ME) == ["mv"]
    # frightened victim (Dexterity 3) and Feind (Dexterity 4): the check is Feind's 4+, not 5+
    state = _terror_game(chips=chips)
    rebuild(state, lambda p: p.update(frightened=["Opfer"]))
    events = state.apply(Move("mv", (("Schrecker", 12, 40, None),)))
    assert "against 4+" in _events(events, "break-away")[0].text
    # without Schrecken: the highest Dexterity 4, +1 for the second enemy
    state = _terror_game(chips=chips)
    events = state.apply(Move("mv", (("Schrecker", 12, 40, None),)))
    assert "against 5+" in _events(events, "break-away")[0].text


def test_schrecken_a_handover_with_a_frightened_character_is_impossible():
    """behind-2003-rulebook.txt,
    section "Handing Over and Picking Up Items (Gegenstände übergeben und aufheben)":
    "If one of the two characters is the victim of the ability Schrecken, a handover is
    not possible." """
    state = _terror_game(theirs=[VICTIM, OTHER_ENEMY],
                         chips=[("Schrecker", 20, 40, 0), ("Opfer", 60, 40), ("Feind", 63, 40)],
                         their_cards=[card(3, "amulet", category="Gegenstand", permanent=True,
                                           effect_code="melee +1")])
    _in_play(state, FOE, "amulet", bearer="Feind")
    rebuild(state, lambda p: p.update(frightened=["Opfer"]))
    state.apply(EndTurn())
    assert state.active_player == FOE
    refused(state, HandOver("Feind", "Opfer", "amulet"), refs.HANDING_OVER)  # the receiver is frightened
    rebuild(state, lambda p: p.pop("frightened"))  # Schrecken over
    state.apply(HandOver("Feind", "Opfer", "amulet"))
    assert state.items_of("Opfer") == [Permanent("amulet", FOE, "Opfer")]


# =============================================================================================
# Unterstützung (Support) -- Fähigkeit X+
# =============================================================================================
SWORD = card(2, "sword", category="Waffe", permanent=True, effect_code="melee +2", title="Schwert")


@pytest.mark.parametrize("fate, actions_after", [(3, 3), (2, 2)])
def test_unterstuetzung_equipping_himself_and_succeeding_costs_no_action(fate, actions_after):
    """behind-2003-rulebook.txt, section "Unterstützung (Support) -- Fähigkeit X+": "If a character
    with the ability "Unterstützung" equips himself with an item and the subsequent ability check
    succeeds, equipping cost no action. The player therefore still has a further action free."
    (Unterstützung 3+: a 3 makes the equipping free, a 2 does not)."""
    state = _game([SUPPORTER], [VICTIM], [("Stifterin", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[SWORD, card(fate, "chk")], hand=["sword"], supply=["chk"])
    events = state.apply(PlayCard("sword", actor="Stifterin"))
    assert state.items_of("Stifterin") == [Permanent("sword", ME, "Stifterin")]
    assert state.actions_left == actions_after
    assert _events(events, "unterstuetzung")[0].rule == refs.UNTERSTUETZUNG
    assert _discard_ids(state, ME) == ["chk"]


def test_unterstuetzung_not_without_the_ability():
    """behind-2003-rulebook.txt, section "Unterstützung (Support) -- Fähigkeit X+": "The ability can
    however only be used if the character equips himself" -- a character without it spends the
    action and makes no check."""
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[SWORD, card(6, "chk")], hand=["sword"], supply=["chk"])
    events = state.apply(PlayCard("sword", actor="Gefährte"))
    assert state.actions_left == 2 and not _events(events, "unterstuetzung")
    assert _supply_ids(state, ME)[0] == "chk"


# =============================================================================================
# Wandler (Shapeshifter) -- Fähigkeit X+ / Transformations (Verwandlungen)
# =============================================================================================
FULL_HAND = ["atk", "Vpad0", "Vpad1", "Vpad2", "Vpad3"]  # five cards: nothing is drawn in the supply phase


def _shifter_game(fates=(4,), **kw):
    cards = [card(f, f"chk{i}") for i, f in enumerate(fates)] + [SWORD, card(1, "atk")]
    return _game([SHIFTER], [VICTIM], kw.pop("chips", [("Wandler", 20, 40), ("Opfer", 80, 40)]),
                 my_cards=cards, supply=[f"chk{i}" for i in range(len(fates))], hand=FULL_HAND, **kw)


def test_wandler_transforms_with_strength_plus_3_and_resistance_plus_1():
    """behind-2003-rulebook.txt, section "Wandler (Shapeshifter) -- Fähigkeit X+": "A character with
    this ability transforms, by spending an action and succeeding at the ability check, into an
    animal form, half human, half beast. ... In return, for this duration his Strength rises by +3
    and his Resistance by +1." """
    state = _shifter_game(fates=(4,))
    events = state.apply(UseAbility("Wandler", "Wandler"))
    assert "Wandler" in state.data.transformed and _events(events, "transform")[0].rule == refs.WANDLER
    now = state.character("Wandler")
    assert (now.strength, now.dexterity, now.resistance) == (3 + 3, 2, 2 + 1)
    failed = _shifter_game(fates=(3,))
    failed.apply(UseAbility("Wandler", "Wandler"))
    assert "Wandler" not in failed.data.transformed and failed.actions_left == 2


def test_wandler_transformed_characters_carry_items_but_cannot_use_them():
    """behind-2003-rulebook.txt, section "Transformations (Verwandlungen)": "Transformed characters can
    normally carry items but cannot use them in their transformed form." (Wandler: "For the duration
    of the transformation the character can still carry items but no longer use them.")"""
    state = _shifter_game(fates=(4, 1), chips=[("Wandler", 20, 40, 0), ("Opfer", 23, 40, 180)])
    _in_play(state, ME, "sword", bearer="Wandler")
    state.apply(UseAbility("Wandler", "Wandler"))
    assert state.items_of("Wandler") == [Permanent("sword", ME, "Wandler")]  # still carried
    refused(state, Melee("Wandler", "Opfer", "atk", weapon="sword"), refs.TRANSFORMATIONS)
    events = state.apply(Melee("Wandler", "Opfer", "atk"))
    assert _events(events, "action")[0].data["base"] == 6  # Strength 3 + 3, no item bonus


def test_wandler_duration_check_in_each_organisation_phase():
    """behind-2003-rulebook.txt, section "Wandler (Shapeshifter) -- Fähigkeit X+": "To see how long the
    transformation lasts, the player must pass a further ability check in each organisation phase of
    his following turns or the character transforms back." (Wandler 4+: a 4 keeps, then a 3 ends
    the transformation)."""
    state = _shifter_game(fates=(4, 4, 3))
    state.apply(UseAbility("Wandler", "Wandler"))
    state.apply(EndTurn())
    state.apply(EndTurn())  # FOE's turn
    assert state.active_player == ME and state.phase == "organisation"  # he decides on reverting first
    events = state.apply(Organise())
    assert "Wandler" in state.data.transformed
    assert "fate 4 against 4+: stays transformed" in _events(events, "transform")[0].text
    state.apply(EndTurn())
    state.apply(EndTurn())
    events = state.apply(Organise())
    assert "Wandler" not in state.data.transformed
    assert "fate 3 against 4+: transforms back" in _events(events, "transform")[0].text
    assert state.character("Wandler").strength == 3


def test_wandler_voluntary_transformation_back_without_a_check():
    """behind-2003-rulebook.txt, section "Wandler (Shapeshifter) -- Fähigkeit X+": "A voluntary
    transformation back at the beginning of one of his own following turns is possible and requires
    no check." """
    state = _shifter_game(fates=(4, 9))
    state.apply(UseAbility("Wandler", "Wandler"))
    state.apply(EndTurn())
    state.apply(EndTurn())
    refused(state, Organise(revert=("Opfer",)), refs.WANDLER)
    supply = _supply_ids(state, ME)
    events = state.apply(Organise(revert=("Wandler",)))
    assert "Wandler" not in state.data.transformed and "voluntarily" in _events(events, "transform")[0].text
    assert _supply_ids(state, ME) == supply  # no card turned up


def test_transformations_only_from_the_original_human_form():
    """behind-2003-rulebook.txt, section "Transformations (Verwandlungen)": "Transformations of a
    character through card effects or abilities ... are only allowed from the character's original
    human form." """
    potion = card(2, "potion", category="Blutmacht", effect_code="transform", title="Blutrausch")
    state = _game([SHIFTER], [VICTIM], [("Wandler", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[card(4, "chk"), card(4, "chk2"), potion], supply=["chk", "chk2"], hand=["potion"])
    state.apply(UseAbility("Wandler", "Wandler"))
    refused(state, UseAbility("Wandler", "Wandler"), refs.TRANSFORMATIONS)
    refused(state, PlayCard("potion", actor="Wandler"), refs.TRANSFORMATIONS)


def test_transform_card_effect_without_a_check():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "The effect
    takes place as explained on the card." (a "transform" card: the Wandler transforms without an
    ability check); section "Wandler (Shapeshifter) -- Fähigkeit X+" gives no such card to a character
    without the ability."""
    potion = card(2, "potion", category="Blutmacht", effect_code="transform", title="Blutrausch")
    state = _game([SHIFTER, ALLY], [VICTIM], [("Wandler", 20, 40), ("Gefährte", 30, 40), ("Opfer", 80, 40)],
                  my_cards=[potion], hand=["potion"])
    refused(state, PlayCard("potion", actor="Gefährte"), refs.WANDLER)
    supply = _supply_ids(state, ME)
    state.apply(PlayCard("potion", actor="Wandler"))
    assert "Wandler" in state.data.transformed and _supply_ids(state, ME) == supply


# =============================================================================================
# Wirbel (Whirl) -- Fähigkeit X+
# =============================================================================================
def _whirl_game(fate, number, chips=None, **kw):
    chips = chips or [("Wirbler", 20, 40, 0), ("Opfer", 30, 40, 180)]
    their = [card(3, "amulet", category="Gegenstand", permanent=True, effect_code="melee +1", title="Amulett"),
             card(3, "crypt", category="Ort", permanent=True, effect_code="draw-each-turn", title="Gruft")]
    state = _game([WHIRL], [VICTIM], chips, my_cards=[card(fate, "chk", movement_range=8.8, movement_number=number)],
                  supply=["chk"], their_cards=their, **kw)
    _in_play(state, FOE, "amulet", bearer="Opfer")
    _in_play(state, FOE, "crypt")
    return state


@pytest.mark.parametrize("number, discarded", [(2, True), (1, False)])
def test_wirbel_item_within_range_of_the_total_movement_of_the_check_card(number, discarded):
    """behind-2003-rulebook.txt, section "Wirbel (Whirl) -- Fähigkeit X+": "Either, by spending an
    action and succeeding at the ability check, he places an item of his choice within range of the
    total movement of the card that was turned up from the supply for the check on the discard pile."

    The bearer stands 10 cm away: a check card of 8.8 cm x 2 reaches him, 8.8 cm x 1 does not.
    """
    state = _whirl_game(5, number, chips=[("Wirbler", 20, 40, 0), ("Opfer", 30, 40, 180)])
    events = state.apply(UseAbility("Wirbler", "Wirbel", "amulet"))
    assert (state.items_of("Opfer") == []) is discarded
    assert ("amulet" in _discard_ids(state, FOE)) is discarded
    assert _events(events, "wirbel")[0].rule == refs.WIRBEL
    assert state.actions_left == 2
    state.check_invariants()


@pytest.mark.parametrize("fate, discarded", [(5, False), (6, True)])
def test_wirbel_a_place_independent_of_range_but_harder_by_2(fate, discarded):
    """behind-2003-rulebook.txt, section "Wirbel (Whirl) -- Fähigkeit X+": "Or, with the same
    expenditure, he places a place (Ort) of his choice on the discard pile. Discarding a place is
    independent of range but is made harder for him by -2" (Wirbel 4+ becomes 6+)."""
    state = _whirl_game(fate, 1, chips=[("Wirbler", 20, 40, 0), ("Opfer", 110, 70)])
    events = state.apply(UseAbility("Wirbler", "Wirbel", "crypt"))
    assert f"fate {fate} against 6+" in _events(events, "action")[0].text
    assert (("crypt" in _discard_ids(state, FOE)) is discarded)
    assert any(p.card == "crypt" for p in state.data.permanents) is not discarded


def test_wirbel_not_while_touching_an_enemy():
    """behind-2003-rulebook.txt, section "Wirbel (Whirl) -- Fähigkeit X+": "The character chip of the
    whirling character must not touch any enemy character chip during the action." """
    state = _whirl_game(6, 2, chips=[("Wirbler", 20, 40, 0), ("Opfer", 23, 40, 180)])
    refused(state, UseAbility("Wirbler", "Wirbel", "amulet"), refs.WIRBEL)


def test_wirbel_needs_an_item_or_a_place():
    """behind-2003-rulebook.txt, section "Wirbel (Whirl) -- Fähigkeit X+": "he places an item of his
    choice ... Or ... he places a place (Ort) of his choice on the discard pile." (a card that is
    neither is refused)."""
    state = _whirl_game(6, 2)
    refused(state, UseAbility("Wirbler", "Wirbel", "chk"), refs.WIRBEL)


# =============================================================================================
# Special Card Effect (Spezieller Karteneffekt)
# =============================================================================================
def test_special_card_effect_a_place_is_permanent_and_lies_next_to_the_characters():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "Every "Ort"
    (Place) is permanent, that is, it stays in play after being played successfully and has a
    permanent effect. A player who plays a place lays it face up next to his character cards" ...
    "All permanent cards are influenced by the player who played them."

    The place makes Regeneration checks 1 easier: the wolf's Regeneration 4+ succeeds with a 3.
    """
    chapel = card(4, "chapel", category="Ort", permanent=True, effect_code="check-bonus Regeneration 1",
                  title="Kapelle")
    state = _game([WOLF], [VICTIM], [("Wolf", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[chapel, card(3, "chk")], hand=["chapel"], supply=["chk"])
    set_injuries(state, "Wolf", 1)
    state.apply(PlayCard("chapel", actor="Wolf"))
    assert state.data.permanents == (Permanent("chapel", ME, None),)
    assert [c.id for c in state.data.piles[ME].in_play] == ["chapel"]
    events = state.apply(UseAbility("Wolf", "Regeneration"))
    assert "against 3+" in _events(events, "action")[0].text
    assert state.data.characters["Wolf"].injuries == 0
    state.check_invariants()


def test_special_card_effect_items_and_weapons_are_assigned_to_a_character():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "Every
    "Gegenstand" (Item) is likewise permanent but must be assigned to a character. ... Every "Waffe"
    (Weapon) also counts as an item. Each character can carry any number of items and weapons, but
    may use the effect of only one weapon per combat."

    Strength 3 + amulet 1 (an item counts always) + the sword 2 only when he fights with it.
    """
    amulet = card(3, "amulet", category="Gegenstand", permanent=True, effect_code="melee +1", title="Amulett")
    axe = card(2, "axe", category="Waffe", permanent=True, effect_code="melee +3", title="Axt")
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40, 0), ("Opfer", 23, 40, 180)],
                  my_cards=[amulet, SWORD, axe, card(1, "top"), card(1, "top2")], hand=["amulet", "sword", "axe"],
                  supply=["top", "top2"], actions=5, options=GameOptions(character_points=61))  # Large Battles: 5
    state.apply(PlayCard("amulet", actor="Gefährte"))
    state.apply(PlayCard("sword", actor="Gefährte"))
    state.apply(PlayCard("axe", actor="Gefährte"))
    assert [p.card for p in state.items_of("Gefährte")] == ["amulet", "sword", "axe"]
    assert all(p.controller == ME for p in state.items_of("Gefährte"))
    events = state.apply(Melee("Gefährte", "Opfer", weapon="sword"))
    assert _events(events, "action")[0].data["base"] == 3 + 1 + 2
    state.apply(Defend())
    events = state.apply(Melee("Gefährte", "Opfer"))
    assert _events(events, "action")[0].data["base"] == 3 + 1


def test_special_card_effect_an_event_or_magic_affects_the_game_once_and_is_discarded():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "A "Ereignis"
    (Event) affects the game once and is then placed on the discard pile." ... "Other cards are
    assigned to the categories "Magie" ("Zauber" (Spell), "Wunder" (Miracle), "Macht der Erde" (Power
    of the Earth), "Kraft der Toten" (Power of the Dead), "Blutmacht" (Blood Power)), "Person" and
    "Moment"." """
    news = card(2, "news", category="Ereignis", effect_code="draw 2", title="Nachricht")
    miracle = card(3, "miracle", category="Wunder", effect_code="heal", title="Wunderheilung")
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[news, miracle, card(1, "d1"), card(1, "d2")], hand=["news", "miracle"],
                  supply=["d1", "d2"])
    set_injuries(state, "Gefährte", 2)
    state.apply(PlayCard("news", actor="Gefährte"))
    assert _hand_ids(state, ME) == ["miracle", "d1", "d2"] and _discard_ids(state, ME) == ["news"]
    state.apply(PlayCard("miracle", actor="Gefährte", target="Gefährte"))
    assert state.data.characters["Gefährte"].injuries == 1
    assert _discard_ids(state, ME) == ["news", "miracle"] and state.data.permanents == ()


def test_special_card_effect_the_acting_character_is_one_of_his_own_who_can_act():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "First the
    acting player names the card effect and the one of his characters who wants to perform the
    action." """
    news = card(2, "news", category="Ereignis", effect_code="draw 2", title="Nachricht")
    state = _game([ALLY, SISTER], [VICTIM], [("Gefährte", 20, 40), ("Schwester", 30, 40), ("Opfer", 80, 40)],
                  my_cards=[news], hand=["news"])
    refused(state, PlayCard("news", actor="Opfer"), refs.ACTION_PHASE)  # an enemy character
    refused(state, PlayCard("news", actor="Niemand"), refs.SPECIAL_CARD_EFFECT)  # no such character
    rebuild(state, lambda p: p.update(frightened=["Gefährte"]))  # frightened in the previous turn
    refused(state, PlayCard("news", actor="Gefährte"), refs.SCHRECKEN)
    state.apply(PlayCard("news", actor="Schwester"))
    assert _discard_ids(state, ME) == ["news"] and len(_hand_ids(state, ME)) == 2


def test_special_card_effect_a_person_is_permanent():
    """behind-2003-rulebook.txt, section "Glossary (Die Begriffe)": "Characters, places, persons and
    items are permanent." (a person that heals one injury in each of his organisation phases,
    section "I. Organisation Phase")."""
    doctor = card(3, "doctor", category="Person", permanent=True, effect_code="heal-each-turn", title="Arzt")
    state = _game([ALLY, SISTER], [VICTIM], [("Gefährte", 20, 40), ("Schwester", 20, 50), ("Opfer", 80, 40)],
                  my_cards=[doctor], hand=["doctor"])
    set_injuries(state, "Gefährte", 1)
    set_injuries(state, "Schwester", 2)
    state.apply(PlayCard("doctor", actor="Gefährte"))
    assert state.data.permanents == (Permanent("doctor", ME, None),)
    state.apply(EndTurn())
    state.apply(EndTurn())
    assert state.active_player == ME and state.phase == "action"
    assert state.data.characters["Schwester"].injuries == 1  # the most injured (ruling behind.heal-each-turn)
    assert state.data.characters["Gefährte"].injuries == 1


def test_moments_in_ones_own_turn_are_an_ordinary_card_effect():
    """behind-2003-rulebook.txt, section "Moments (Momente)": "Of action cards bearing the note
    "Moment", the special card effect can be used not only in one's own turn but also in the turn of
    an opponent." (in his own turn: a Moment that breaks away from a melee without a check)."""
    flight = card(2, "flight", category="Moment", effect_code="break-away", title="Flucht", **MOVE8)
    guard = card(2, "guard", category="Moment", effect_code="defence +2", title="Deckung")
    state = _game([ALLY], [OTHER_ENEMY], [("Gefährte", 20, 40, 180), ("Feind", 23, 40)],
                  my_cards=[flight, guard], hand=["flight", "guard"])
    refused(state, PlayCard("guard", actor="Gefährte"), refs.MOMENTS)  # it answers an attack only
    events = state.apply(PlayCard("flight", actor="Gefährte", legs=(("Gefährte", 12, 40, None),)))
    assert _pos(state, "Gefährte") == (12.0, 40.0) and not _events(events, "break-away")
    assert state.data.moments_owed[ME] == 0 and state.actions_left == 2


def test_moments_in_an_opponents_turn_cost_an_action_of_the_next_turn():
    """behind-2003-rulebook.txt, section "Moments (Momente)": "For every Moment played in this way,
    however, you may perform one action fewer in your next following turn." """
    guard = card(2, "guard", category="Moment", effect_code="defence +2", title="Deckung")
    state = _game([ALLY], [OTHER_ENEMY], [("Gefährte", 20, 40, 0), ("Feind", 23, 40, 180)],
                  my_cards=[card(1, "top")], supply=["top"], their_cards=[guard, card(1, "ttop")],
                  their_hand=["guard"], their_supply=["ttop"])
    state.apply(Melee("Gefährte", "Feind"))
    events = state.apply(Defend(moments=("guard",)))
    assert "base 4 " in _events(events, "defend")[0].text  # Strength 2 + 2
    assert state.data.moments_owed[FOE] == 1
    state.apply(EndTurn())
    assert state.active_player == FOE and state.actions_left == 2


def test_zusatz_counts_when_the_fate_number_is_used():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "For cards
    bearing the note "Zusatz" (Addition), the text of the card takes effect automatically when its
    fate number is used. It does not matter whether the card was played from hand or turned up from
    the supply for a check. If, for example, a card with a fate number of 5 reads "Zusatz:
    Kampfwert+2" and the card is used as an attack or defence card, the final combat value of the
    card is 7" """
    bonus = {"zusatz_bonus": 2, "title": "Zorn"}
    state = _game([ALLY], [OTHER_ENEMY], [("Gefährte", 20, 40, 0), ("Feind", 23, 40, 180)],
                  my_cards=[card(5, "zhand", **bonus), card(5, "ztop", **bonus)], hand=["zhand"], supply=["ztop"])
    events = state.apply(Melee("Gefährte", "Feind", "zhand"))
    assert _events(events, "action")[0].data["value"] == 3 + 7 + 7


def _relic(cid):
    return card(4, cid, category="Ort", permanent=True, unique=True, effect_code="draw-each-turn", title="Reliquie")


@pytest.mark.parametrize("my_fate, their_fate, keeper", [(7, 3, ME), (2, 8, FOE)])
def test_unique_card_played_by_an_opponent_leads_to_an_influence_duel(my_fate, their_fate, keeper):
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "If a unique
    card is already in play and an opponent wants to play a card with the same name, the two affected
    players hold an influence duel. ... The higher value in the duel wins and the victorious player
    may keep his unique card in play. The loser of the duel must place his copy of the unique card on
    the discard pile. All cards turned up in the influence duel are then also placed on the discard
    pile and the action is over." """
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[_relic("relic-v"), card(my_fate, "duel")], hand=["relic-v"], supply=["duel"],
                  their_cards=[_relic("relic-s"), card(their_fate, "tduel")], their_supply=["tduel"])
    _in_play(state, FOE, "relic-s")
    events = state.apply(PlayCard("relic-v", actor="Gefährte"))
    duel = _events(events, "duel")[0]
    assert duel.rule == refs.SPECIAL_CARD_EFFECT and f"{keeper} keeps it" in duel.text
    kept = "relic-v" if keeper == ME else "relic-s"
    assert [p.card for p in state.data.permanents] == [kept]
    loser, lost = (FOE, "relic-s") if keeper == ME else (ME, "relic-v")
    assert lost in _discard_ids(state, loser)
    assert "duel" in _discard_ids(state, ME) and "tduel" in _discard_ids(state, FOE)
    assert state.actions_left == 2
    state.check_invariants()


def test_unique_or_legendary_card_cannot_be_played_twice_by_the_same_player():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "Neither
    unique nor legendary cards can be played two or more times by the same player." """
    legend = {"category": "Gegenstand", "permanent": True, "legendary": True, "effect_code": "melee +1",
              "title": "Speer"}
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[_relic("relic-1"), _relic("relic-2"), card(3, "spear-1", **legend),
                            card(3, "spear-2", **legend)],
                  hand=["relic-1", "relic-2", "spear-1", "spear-2"], actions=4,
                  options=GameOptions(character_points=31))  # Large Battles: 4 actions
    state.apply(PlayCard("relic-1", actor="Gefährte"))
    refused(state, PlayCard("relic-2", actor="Gefährte"), refs.SPECIAL_CARD_EFFECT)
    state.apply(PlayCard("spear-1", actor="Gefährte"))
    refused(state, PlayCard("spear-2", actor="Gefährte"), refs.SPECIAL_CARD_EFFECT)


def test_every_character_is_legendary_an_influence_duel_decides_who_plays_him():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "Attention!
    Every character is also legendary. Should two or more players want to play with one and the same
    character, they must likewise hold an influence duel before the start of the game. The winner of
    the duel may use the character in the game; the loser must remove the character card from the
    game." (the Vampires turn up a 9, the Sisters a 2)."""
    twin = _char("Zwilling", 3, 2, 2)
    state = duel_game(first=(9, 5), second=(2, 3), first_characters=(COMMANDER, twin),
                      second_characters=(twin, SEER))
    assert state.owners["Zwilling"] == ME
    assert state.characters_of(FOE) == ["Seherin"] and state.characters_of(ME) == ["Kommandant", "Zwilling"]
    legendary = [e for e in state.log if e.kind == "legendary"]
    assert len(legendary) == 1 and legendary[0].rule == refs.SPECIAL_CARD_EFFECT
    assert sum(1 for c in state.table.chips if c.name == "Zwilling") == 1 and state.table.chip("Zwilling").owner == ME


def test_a_card_whose_target_is_missing_cannot_be_played():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "Should a card
    effect require a target, for example in the form of a particular character or place, that is not
    present in the current game, the card also cannot be played according to its card text." """
    salve = card(3, "salve", category="Zauber", effect_code="heal", title="Salbe")
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)], my_cards=[salve], hand=["salve"])
    set_injuries(state, "Gefährte", 1)
    refused(state, PlayCard("salve", actor="Gefährte"), refs.SPECIAL_CARD_EFFECT)
    refused(state, PlayCard("salve", actor="Gefährte", target="Niemand"), refs.SPECIAL_CARD_EFFECT)
    refused(state, PlayCard("salve", actor="Gefährte", target="Opfer"), refs.SPECIAL_CARD_EFFECT)


@pytest.mark.parametrize("fate, healed", [(4, True), (3, False)])
def test_effect_check_x_plus(fate, healed):
    """behind-2003-rulebook.txt, section "Ability Check (Fähigkeitsprobe)": "The use of some abilities
    and the playing of some action cards (effects) require an ability check or effect check with X+.
    ... The check succeeds and has the stated effect if the turned-up fate number is at least as high
    as the stated number of the check." (a "check 4: heal" card)."""
    salve = card(3, "salve", category="Zauber", effect_code="check 4: heal", title="Salbe")
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[salve, card(fate, "chk")], hand=["salve"], supply=["chk"])
    set_injuries(state, "Gefährte", 1)
    events = state.apply(PlayCard("salve", actor="Gefährte", target="Gefährte"))
    assert _events(events, "effect-check")[0].rule == refs.ABILITY_CHECK
    assert state.data.characters["Gefährte"].injuries == (0 if healed else 1)
    assert _discard_ids(state, ME) == ["salve", "chk"] and state.actions_left == 2


def test_effect_check_failed_for_a_permanent_card_sends_it_to_the_discard_pile():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": a place "stays
    in play after being played successfully"; section "Ability Check (Fähigkeitsprobe)": "If the
    turned-up number was smaller, however, the action has passed without success." """
    shrine = card(3, "shrine", category="Ort", permanent=True, effect_code="check 5: heal-each-turn",
                  title="Schrein")
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[shrine, card(4, "chk")], hand=["shrine"], supply=["chk"])
    state.apply(PlayCard("shrine", actor="Gefährte"))
    assert state.data.permanents == () and _discard_ids(state, ME) == ["chk", "shrine"]
    state.check_invariants()


# =============================================================================================
# Destroyed Cards (Zerstörte Karten)
# =============================================================================================
def test_destroyed_cards_leave_the_game_and_are_never_reshuffled():
    """behind-2003-rulebook.txt, section "Destroyed Cards (Zerstörte Karten)": "Sometimes cards count as
    destroyed. This means they are not only placed on the discard pile but removed from the game
    entirely." (section "III. Supply Phase (Nachschubphase)": "Once the supply is used up, the discard
    pile is shuffled immediately and placed as the new supply." -- the destroyed zone is not)."""
    cards = [card(i, f"x{i}") for i in range(1, 6)]
    piles = Piles(cards, SeededRng(1))
    piles.draw(2)
    piles.move("x1", "hand", "destroyed")
    piles.move("x2", "hand", "discard")
    drawn = piles.draw(4)  # x3..x5, then the discard pile (x2 only) becomes the supply
    assert [c.id for c in drawn] == ["x3", "x4", "x5", "x2"] and piles.reshuffles == 1
    assert [c.id for c in piles.destroyed] == ["x1"] and piles.supply == [] and piles.discard == []
    with pytest.raises(ValueError):
        piles.draw(1)  # nothing left: the destroyed card never comes back
    piles.check_conserved()
    # in a game: a permanent removed as destroyed does not go to the discard pile
    amulet = card(3, "amulet", category="Gegenstand", permanent=True, effect_code="melee +1")
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)], my_cards=[amulet])
    _in_play(state, ME, "amulet", bearer="Gefährte")
    remove_permanent(state, state.data.permanents[0], "destroyed")
    assert [c.id for c in state.data.piles[ME].destroyed] == ["amulet"]
    assert "amulet" not in _discard_ids(state, ME)
    state.check_invariants()


# =============================================================================================
# Handing Over and Picking Up Items (Gegenstände übergeben und aufheben)
# =============================================================================================
def _handover_game(chips, theirs=(VICTIM,)):
    state = _game([ALLY, SISTER], list(theirs), chips, my_cards=[SWORD],
                  their_cards=[card(3, "ring", category="Gegenstand", permanent=True, effect_code="melee +1")])
    _in_play(state, ME, "sword", bearer="Gefährte")
    _in_play(state, FOE, "ring", bearer="Opfer")
    return state


def test_handing_over_an_item_costs_an_action_between_touching_characters():
    """behind-2003-rulebook.txt,
    section "Handing Over and Picking Up Items (Gegenstände übergeben und aufheben)":
    "By spending an action a character can hand an item he carries and influences over to
    another character. For this the two character chips must touch, neither may be in a fight" """
    state = _handover_game([("Gefährte", 20, 40), ("Schwester", 23, 40), ("Opfer", 80, 40)])
    events = state.apply(HandOver("Gefährte", "Schwester", "sword"))
    assert state.items_of("Schwester") == [Permanent("sword", ME, "Schwester")] and state.items_of("Gefährte") == []
    assert _events(events, "action")[0].rule == refs.HANDING_OVER and state.actions_left == 2
    refused(state, HandOver("Gefährte", "Schwester", "sword"), refs.HANDING_OVER)  # he no longer carries it


def test_handing_over_needs_touching_chips_out_of_a_fight():
    """behind-2003-rulebook.txt,
    section "Handing Over and Picking Up Items (Gegenstände übergeben und aufheben)":
    "For this the two character chips must touch, neither may be in a fight" """
    state = _handover_game([("Gefährte", 20, 40), ("Schwester", 30, 40), ("Opfer", 80, 40)])
    refused(state, HandOver("Gefährte", "Schwester", "sword"), refs.HANDING_OVER)
    state = _handover_game([("Gefährte", 20, 40), ("Schwester", 23, 40), ("Opfer", 26, 40)])
    refused(state, HandOver("Gefährte", "Schwester", "sword"), refs.HANDING_OVER)


def test_handing_over_only_an_item_he_carries_and_influences():
    """behind-2003-rulebook.txt,
    section "Handing Over and Picking Up Items (Gegenstände übergeben und aufheben)":
    "a character can hand an item he carries and influences over to another character" """
    state = _handover_game([("Gefährte", 20, 40), ("Schwester", 23, 40), ("Opfer", 80, 40)])
    refused(state, HandOver("Schwester", "Gefährte", "sword"), refs.HANDING_OVER)  # not carried by her
    # an enemy's item carried by his own character after all (e.g. won in some way) is not his to give
    # (set by hand, not as a position: unreachable in play, a position refuses it)
    state.data.permanents = (Permanent("sword", ME, "Gefährte"), Permanent("ring", FOE, "Gefährte"))
    refused(state, HandOver("Gefährte", "Schwester", "ring"), refs.HANDING_OVER)


# =============================================================================================
# Large Battles (Große Schlachten) -- in a game (the deck rules are tested in test_data.py)
# =============================================================================================
def test_large_battles_more_actions_and_hand_cards_from_31_cp():
    """behind-2003-rulebook.txt, section "Large Battles (Große Schlachten)": "Only the number of your
    hand cards, to which you draw at the end of each turn, and the number of your actions change."
    (from 31 CP: 6 hand cards, 4 actions / Moments)."""
    state = duel_game(first=(5,), second=(2,), options=GameOptions(character_points=31))
    assert state.actions_left == 4
    assert all(len(state.hand(p)) == 6 for p in state.players)
    state.apply(Discard(state.hand(state.active_player)[0].id))
    assert state.actions_left == 3


def test_illegal_actions_change_nothing():
    """behind-2003-rulebook.txt, section "Abilities (Fähigkeiten)": "Where "Fähigkeit X+" is noted, an
    ability check of X or more is necessary for the successful use of the ability" -- an ability the
    character does not have, or one that is not used by spending an action, is refused."""
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)])
    refused(state, UseAbility("Gefährte", "Befehl", "Opfer"), refs.BEFEHL)
    refused(state, UseAbility("Gefährte", "Glaube"), refs.ABILITIES)
    refused(state, UseAbility("Opfer", "Regeneration"), refs.ACTION_PHASE)  # not his character


def test_special_card_effect_draw_n_draws_what_is_left():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)" (a "draw N"
    card) and section "III. Supply Phase (Nachschubphase)": "Once the supply is used up, the discard
    pile (Rückzug) is shuffled immediately and placed as the new supply." -- a draw effect draws the
    cards there are (supply, then the reshuffled discard pile) and is offered like any card; it never
    fails for want of cards."""
    news = card(2, "news", category="Ereignis", effect_code="draw 5", title="Nachricht")
    state = _game([ALLY], [VICTIM], [("Gefährte", 20, 40), ("Opfer", 80, 40)],
                  my_cards=[news, card(1, "d1"), card(1, "d2")], hand=["news"], supply=["d1", "d2"])
    set_piles(state, ME, hand=["news"], supply=["d1"], discard=["d2"])  # the other cards leave the game
    play = next(a for a in state.legal_actions() if isinstance(a, PlayCard) and a.card == "news")
    state.apply(play)
    assert sorted(_hand_ids(state, ME)) == ["d1", "d2", "news"]  # everything left, the played card reshuffled
    assert not state.data.piles[ME].supply and not state.data.piles[ME].discard
    state.check_invariants()
