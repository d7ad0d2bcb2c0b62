"""The scenario "Das Juwel von Athen" played in a game, one test per clause.

Every test quotes behind-2003-rulebook.txt,
section '"Das Juwel von Athen" ("The Jewel of Athens")' (or the section the scenario points
to).  Three players: the decks are fixed (not shuffled), so the setup's influence duel is
decided by the first card of each deck.
"""

from __future__ import annotations

import pytest

from explorer.behind import refs
from explorer.behind.actions import (
    Defend,
    Deploy,
    Dodge,
    EndTurn,
    HandOver,
    JewelHeal,
    Melee,
    Move,
    PlaceObstacle,
    Ranged,
    UseAbility,
)
from explorer.behind.cards import Character
from explorer.behind.game import new_game
from explorer.behind.scenarios import OPPOSITE, edge_distance, nearest_edge
from explorer.core.rules import RuleViolation
from tests.behind.game_fixtures import (
    card,
    fixed_deck,
    place,
    rebuild,
    refused,
    set_injuries,
    set_piles,
    set_turn,
)

VAMP, WOLF, GHOST = "Vampire", "Werwölfe", "Geister"  # seating order (clockwise)
JEWEL = refs.JUWEL_VON_ATHEN


def _char(name, strength=3, dexterity=2, resistance=2, abilities="", society=VAMP):
    return Character(name=name, strength=strength, dexterity=dexterity, resistance=resistance,
                     character_points=5, society=society, abilities=abilities)


BEARER = _char("Träger", 3, 2, 2)
SERVANT = _char("Diener", 2, 2, 2)
HUNTER = _char("Jäger", 4, 2, 3, society=WOLF)
HOWLER = _char("Heuler", 2, 3, 2, society=WOLF)
SPOOK = _char("Spuk", 2, 3, 2, "Körperlos; Wirbel 4+", society=GHOST)
SHADE = _char("Schatten", 1, 3, 1, society=GHOST)

CHARACTERS = {VAMP: (BEARER, SERVANT), WOLF: (HUNTER, HOWLER), GHOST: (SPOOK, SHADE)}


def _jewel_game(fates=(9, 5, 2), cards=None, setup="auto", seed=0):
    """A three-player game of "Das Juwel von Athen"; ``fates`` are the first cards of the three
    decks (the setup's influence duel: highest = the middle player)."""
    cards = cards or {}
    decks = [fixed_deck(cards=(card(f, f"{p[0]}open"), *cards.get(p, ())), society=p, characters=CHARACTERS[p])
             for p, f in zip((VAMP, WOLF, GHOST), fates)]
    return new_game(decks, "juwel_von_athen", seed=seed, setup=setup, shuffle=False)


def _stack(state, player, top=(), hand=()):
    """``player``'s supply starts with ``top`` (first = top card), his hand is exactly ``hand``."""
    rest = [c.id for c in state.data.piles[player].all_cards()]
    for card_id in (*top, *hand):
        rest.remove(card_id)
    set_piles(state, player, hand=list(hand), supply=[*top, *rest], discard=[])


def _situation(chips, *, active=VAMP, bearer="Träger", cards=None, tops=None, hands=None, actions=3):
    """Chips exactly as given (the rest of the characters far away), the jewel with ``bearer``
    (or ``("ground", x, y)``), ``active`` to act."""
    state = _jewel_game(cards=cards)
    given = {c[0] for c in chips}
    spare = iter([(10, 10), (10, 110), (110, 10), (110, 110), (60, 110), (60, 10)])
    everyone = list(chips) + [(n, *next(spare)) for n in state.owners if n not in given]
    place(state, *everyone)
    for player in state.players:
        _stack(state, player, (tops or {}).get(player, ()), (hands or {}).get(player, ()))
    jewel = bearer if isinstance(bearer, str) else {"x": bearer[1], "y": bearer[2]}  # ("ground", x, y)
    rebuild(state, lambda position: position.update(jewel=jewel))
    return set_turn(state, active, actions_left=actions)


def _events(events, kind):
    return [e for e in events if e.kind == kind]


def _pos(state, name):
    chip = state.table.chip(name)
    return round(chip.x, 6), round(chip.y, 6)


# =============================================================================================
# Setup
# =============================================================================================
def test_number_of_players_three():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "Number of
    players: 3" """
    decks = [fixed_deck(cards=(card(9, "Vopen"),), characters=CHARACTERS[VAMP]),
             fixed_deck(cards=(card(2, "Wopen"),), society=WOLF, characters=CHARACTERS[WOLF])]
    with pytest.raises(RuleViolation) as caught:
        new_game(decks, "juwel_von_athen", shuffle=False)
    assert caught.value.rule == JEWEL and "3 players" in str(caught.value)


def test_setup_middle_player_four_card_lengths_from_the_edges_then_an_edge_then_the_opposite_edge():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "The first
    player places his character chips between the obstacles in the middle of the table. A chip may be
    at most one card length from another chip and must be at least four card lengths from the table
    edges. Then the next player places his character chips at a table edge of his choice. ... The
    third player begins at the table edge opposite the second player." (the influence duel: the
    Ghosts' 9 beats the Werewolves' 5 and the Vampires' 2)."""
    state = _jewel_game(fates=(2, 5, 9))
    assert state.data.roles == {GHOST: "middle", WOLF: "edge", VAMP: "opposite-edge"}
    table, card_length = state.table, state.table.card_length
    for chip in (c for c in table.chips if c.owner == GHOST):
        assert min(chip.x, table.width - chip.x, chip.y, table.depth - chip.y) >= 4 * card_length
    wolves = [c for c in table.chips if c.owner == WOLF]
    vampires = [c for c in table.chips if c.owner == VAMP]
    edge = nearest_edge(table, wolves)
    assert nearest_edge(table, vampires) == OPPOSITE[edge]
    assert all(edge_distance(table, c, edge) <= card_length for c in wolves)
    assert all(edge_distance(table, c, OPPOSITE[edge]) <= card_length for c in vampires)
    assert state.scenario.check_setup(table, state.data.roles) == []


def _manual_until_deployment():
    state = _jewel_game(setup="manual")
    for obstacle in state.scenario.obstacles:
        c = obstacle.polygon.centroid
        state.apply(PlaceObstacle(obstacle.name, round(c.x, 6), round(c.y, 6)))
    assert state.phase == "deployment" and state.current_player == VAMP
    return state


def _legal_placements(state, player):
    d = state.data
    names = state.characters_of(player)
    taken = {p: d.roles[p] for p in state.players if any(c.owner == p for c in d.table.chips)}
    table = state.scenario.random_deployment(d.table, player, names, d.roles[player], d.rng.copy(), taken_roles=taken)
    return tuple((n, table.chip(n).x, table.chip(n).y, table.chip(n).facing) for n in names)


def test_setup_the_middle_player_names_the_bearer():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "At the
    beginning of the game the player in the middle of the table names one of his characters to his
    fellow players. This character possesses the Jewel of Athens at the start of the game." """
    state = _manual_until_deployment()
    placements = _legal_placements(state, VAMP)
    refused(state, Deploy(placements), JEWEL)  # he must name one
    refused(state, Deploy(placements, jewel="Jäger"), JEWEL)  # one of his own
    events = state.apply(Deploy(placements, jewel="Diener"))
    assert state.data.jewel == ("bearer", "Diener") and state.jewel_bearer() == "Diener"
    assert _events(events, "jewel")[0].rule == JEWEL
    # the others do not name a bearer
    assert state.current_player == WOLF
    refused(state, Deploy(_legal_placements(state, WOLF), jewel="Jäger"), JEWEL)


def test_setup_middle_chips_too_close_to_a_table_edge_are_refused():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': the first
    player's chips "must be at least four card lengths from the table edges" """
    state = _manual_until_deployment()
    placements = tuple((n, 20.0 + 3.5 * i, 20.0, 0.0) for i, (n, *_rest) in enumerate(_legal_placements(state, VAMP)))
    refused(state, Deploy(placements, jewel="Träger"), JEWEL)


def test_turn_order_the_middle_player_begins_the_others_follow_clockwise():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "The player
    in the middle of the table begins the game; the other players follow clockwise." (the Werewolves,
    second at the table, are in the middle: then the Ghosts, then the Vampires)."""
    state = _jewel_game(fates=(2, 9, 5))
    assert state.data.roles[WOLF] == "middle"
    order = [state.active_player]
    for _ in range(3):
        state.apply(EndTurn())
        order.append(state.active_player)
    assert order == [WOLF, GHOST, VAMP, WOLF]
    assert state.data.jewel == ("bearer", state.characters_of(WOLF)[0])


# =============================================================================================
# Goal
# =============================================================================================
def test_goal_the_bearer_carried_over_a_table_edge_wins():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "The player
    in the middle of the table tries to move the Jewel of Athens with one of his characters over a
    table edge. If he succeeds, he has won the game." (section "The End": "If a player reaches his
    scenario goal, the game ends immediately and he has won.")"""
    moves = [card(1, "Vmv", movement_range=8.8), card(1, "Vmv2", movement_range=8.8)]
    state = _situation([("Träger", 115, 60, 0), ("Diener", 100, 60, 0)], cards={VAMP: moves},
                       hands={VAMP: ["Vmv", "Vmv2"]})
    events = state.apply(Move("Vmv", (("Träger", 123, 60, None),)))
    assert _pos(state, "Träger") == (120 - state.table.radius, 60.0)  # stopped by the table edge
    assert state.is_terminal() and state.winner == VAMP
    assert _events(events, "end")[0].rule == JEWEL
    refused(state, Move("Vmv2", (("Diener", 105, 60, None),)), refs.THE_END)


def test_goal_an_other_character_at_the_edge_does_not_win():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "tries to move
    the Jewel of Athens with one of his characters over a table edge" -- without the jewel, reaching
    the edge is nothing."""
    state = _situation([("Träger", 60, 60, 0), ("Diener", 115, 60, 0)],
                       cards={VAMP: [card(1, "Vmv", movement_range=8.8)]}, hands={VAMP: ["Vmv"]})
    state.apply(Move("Vmv", (("Diener", 123, 60, None),)))
    assert _pos(state, "Diener") == (120 - state.table.radius, 60.0)
    assert not state.is_terminal() and state.winner is None


def test_goal_eliminating_the_bearer_in_melee_passes_the_jewel_to_the_victor():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "The other
    players are not allied but each tries on his own to eliminate the bearer of the jewel. If a
    character succeeds in this task in melee combat, he automatically carries the jewel and in turn
    tries to move the gemstone over a table edge to win the game." """
    state = _situation([("Jäger", 113, 60, 0), ("Träger", 116, 60, 180)], active=WOLF,
                       cards={WOLF: [card(9, "Watk"), card(9, "Wtop"), card(1, "Wmv", movement_range=8.8)],
                              VAMP: [card(1, "Vtop")]},
                       tops={WOLF: ["Wtop"], VAMP: ["Vtop"]}, hands={WOLF: ["Watk", "Wmv"]})
    set_injuries(state, "Träger", 2)
    state.apply(Melee("Jäger", "Träger", "Watk"))
    events = state.apply(Defend())
    assert not state.alive("Träger")
    assert state.data.jewel == ("bearer", "Jäger") and state.jewel_bearer() == "Jäger"
    assert _events(events, "jewel")[0].rule == JEWEL
    # ... and in turn the Werewolves win by carrying it over a table edge
    state.apply(Move("Wmv", (("Jäger", 121, 60, None),)))
    assert state.is_terminal() and state.winner == WOLF


def test_goal_the_bearer_losing_his_own_attack_passes_the_jewel_to_the_defender():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "If a
    character succeeds in this task in melee combat, he automatically carries the jewel" -- also the
    defender who eliminates an attacking bearer."""
    state = _situation([("Träger", 57, 60, 0), ("Jäger", 60, 60, 180)], active=VAMP,
                       cards={WOLF: [card(9, "Wdef"), card(9, "Wtop")], VAMP: [card(1, "Vtop")]},
                       tops={WOLF: ["Wtop"], VAMP: ["Vtop"]}, hands={WOLF: ["Wdef"]})
    set_injuries(state, "Träger", 2)
    state.apply(Melee("Träger", "Jäger"))
    state.apply(Defend(card="Wdef"))
    assert not state.alive("Träger") and state.jewel_bearer() == "Jäger"


def test_goal_bearer_eliminated_by_a_ranged_attack_the_jewel_lies_where_he_fell():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "If the bearer
    is eliminated by a ranged attack or in another way, his character chip is turned over at the place
    where it last lay. This marks the place where the jewel now lies." """
    bolt = card(9, "Gbolt", category="Zauber", ranged=True, effect_code="ranged", movement_range=8.8,
                movement_number=2, title="Blitz")
    state = _situation([("Schatten", 40, 60, 0), ("Träger", 60, 60, 180)], active=GHOST,
                       cards={GHOST: [bolt, card(9, "Gtop")], VAMP: [card(1, "Vtop")]},
                       tops={GHOST: ["Gtop"], VAMP: ["Vtop"]}, hands={GHOST: ["Gbolt"]})
    set_injuries(state, "Träger", 2)
    state.apply(Ranged("Schatten", "Träger", "Gbolt"))
    events = state.apply(Dodge())
    assert not state.alive("Träger") and "Träger" not in state.table
    assert state.data.jewel == ("ground", 60.0, 60.0) and state.jewel_bearer() is None
    assert _events(events, "jewel")[0].rule == JEWEL


def test_goal_a_character_ending_his_movement_touching_the_jewel_possesses_it():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "If a character
    ends his movement touching the jewel, he is in possession of the gemstone without a further
    action." (section "Handing Over and Picking Up Items (Gegenstände übergeben und aufheben)": "The
    item is now in the possession of your character without a further action.")

    The jewel lies at (60, 60), a chip-sized spot (ruling behind.jewel): a chip ending 3 cm from it
    touches it, one ending 12 cm away does not.
    """
    moves = [card(1, f"Wmv{i}", movement_range=8.8) for i in range(2)]
    state = _situation([("Jäger", 50, 60, 0), ("Heuler", 45, 70, 0)], active=WOLF, bearer=("ground", 60.0, 60.0),
                       cards={WOLF: moves}, hands={WOLF: ["Wmv0", "Wmv1"]})
    state.apply(Move("Wmv0", (("Heuler", 53, 70, None),)))
    assert state.data.jewel == ("ground", 60.0, 60.0)
    events = state.apply(Move("Wmv1", (("Jäger", 57, 60, None),)))
    assert state.jewel_bearer() == "Jäger" and state.data.jewel == ("bearer", "Jäger")
    assert _events(events, "jewel")[0].player == WOLF
    assert state.actions_left == 1  # two movements, nothing for picking up


# =============================================================================================
# Special rules
# =============================================================================================
def test_special_rules_the_bearer_heals_himself_without_a_check_by_spending_an_action():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "Every
    character who is in possession of the jewel in the course of the game may, by spending an action,
    heal himself or a character whose chip touches his own without a check (see "Injuries" p. 22)." """
    state = _situation([("Träger", 60, 60), ("Diener", 63, 60), ("Jäger", 90, 60)])
    set_injuries(state, "Träger", 2)
    supply = [c.id for c in state.data.piles[VAMP].supply]
    events = state.apply(JewelHeal("Träger", "Träger"))
    assert state.data.characters["Träger"].injuries == 1 and state.actions_left == 2
    assert [c.id for c in state.data.piles[VAMP].supply] == supply  # no check card turned up
    assert _events(events, "action")[0].rule == JEWEL


def test_special_rules_the_bearer_heals_a_touching_character():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "heal himself
    or a character whose chip touches his own without a check" """
    state = _situation([("Träger", 60, 60), ("Diener", 63, 60), ("Jäger", 90, 60)])
    set_injuries(state, "Diener", 1)
    set_injuries(state, "Jäger", 1)
    refused(state, JewelHeal("Träger", "Jäger"), JEWEL)  # does not touch him
    refused(state, JewelHeal("Diener", "Diener"), JEWEL)  # Diener does not possess the jewel
    state.apply(JewelHeal("Träger", "Diener"))
    assert state.data.characters["Diener"].injuries == 0
    refused(state, JewelHeal("Träger", "Diener"), refs.INJURIES)  # "Neither a healthy ... can be healed"


def test_special_rules_wirbel_cannot_discard_the_jewel():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "The jewel
    cannot be discarded or destroyed by Wirbel or other effects." """
    state = _situation([("Spuk", 50, 60, 0), ("Träger", 60, 60, 180)], active=GHOST,
                       cards={GHOST: [card(9, "Gchk", movement_range=8.8, movement_number=3)]}, tops={GHOST: ["Gchk"]})
    refused(state, UseAbility("Spuk", "Wirbel", "jewel"), JEWEL)
    assert state.jewel_bearer() == "Träger"


def test_special_rules_the_jewel_is_handed_over_like_an_item():
    """behind-2003-rulebook.txt, section '"Das Juwel von Athen" ("The Jewel of Athens")': "Also observe
    the rule "Handing Over Items" on p. 36."
    (section "Handing Over and Picking Up Items (Gegenstände übergeben und aufheben)":
    "For this the two character chips must touch, neither may be in a
    fight")"""
    state = _situation([("Träger", 60, 60), ("Diener", 63, 60), ("Jäger", 90, 60)])
    refused(state, HandOver("Diener", "Träger", "jewel"), refs.HANDING_OVER)  # Diener does not carry it
    state.apply(HandOver("Träger", "Diener", "jewel"))
    assert state.jewel_bearer() == "Diener" and state.actions_left == 2
    state = _situation([("Träger", 60, 60), ("Diener", 63, 60), ("Jäger", 57, 60)])
    refused(state, HandOver("Träger", "Diener", "jewel"), refs.HANDING_OVER)  # the bearer is in a fight
