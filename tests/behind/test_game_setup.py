"""Dealing a game of Behind: legendary characters, player names and what a deal may not leave.

Every test cites the clause of behind-2003-rulebook.txt it checks.
"""

import pytest

from explorer.behind import refs
from explorer.behind.data import load_decks
from explorer.behind.game import new_game
from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from tests.behind.game_fixtures import LUDWIG, SAHRA, GameOptions, fixed_deck


def test_a_player_left_without_characters_after_the_legendary_duels_is_refused_ruling_no_characters():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": "Every
    character is also legendary ... The winner of the duel may use the character in the game; the
    loser must remove the character card from the game. It is therefore important to choose one's
    characters with care." -- ruling behind.no-characters-dealt: a player who keeps no character
    cannot place any chip (The Beginning), so the deal is refused naming him, never a loop."""
    decks = [fixed_deck([9], characters=(LUDWIG,)), fixed_deck([1], society="Vampire 2", characters=(LUDWIG,))]
    with pytest.raises(RuleViolation) as error:
        new_game(decks, "unser_revier", seed=0, options=GameOptions(), shuffle=False, players=["A", "B"])
    assert error.value.rule == refs.SPECIAL_CARD_EFFECT
    assert "B" in error.value.reason and LUDWIG.name in error.value.reason


def test_the_same_society_twice_never_hangs_and_either_deals_or_refuses():
    """behind-2003-rulebook.txt, section "The Beginning": "It is also possible for two or more players
    to play the same society ... In this case you would have to hold an influence duel." The issue's
    seeds: two Vampire decks with seed 5 (one player lost every duel) and three Vampire decks."""
    d = load_decks()
    with pytest.raises(RuleViolation) as error:
        new_game([d["vampire"], d["vampire"]], "unser_revier", seed=5)
    assert error.value.rule == refs.SPECIAL_CARD_EFFECT
    for seed in range(6):
        try:
            state = new_game([d["vampire"]] * 3, "juwel_von_athen", seed=seed)
        except RuleViolation as refused:
            assert refused.rule == refs.SPECIAL_CARD_EFFECT
        else:
            assert all(state.characters_of(p) for p in state.players)
            state.check_invariants()


def test_dealt_same_society_game_splits_the_characters_and_plays():
    """behind-2003-rulebook.txt, section "Special Card Effect (Spezieller Karteneffekt)": each
    character goes to one player only, so the two Vampire players hold disjoint sets."""
    d = load_decks()
    for seed in range(20):
        try:
            state = new_game([d["vampire"], d["vampire"]], "unser_revier", seed=seed)
        except RuleViolation:
            continue
        a, b = (set(state.characters_of(p)) for p in state.players)
        assert a and b and not a & b
        assert state.phase in ("organisation", "action")
        return
    pytest.fail("no seed dealt both Vampire players a character")


def test_duplicate_player_names_are_refused_up_front():
    """behind-2003-rulebook.txt, section "The Beginning": "Each player decides on one of the five
    societies" -- players are told apart by name, so two players of one name are an input error."""
    decks = [fixed_deck([9], characters=(LUDWIG,)), fixed_deck([1], society="Schwesternbund", characters=(SAHRA,))]
    with pytest.raises(InputError) as error:
        new_game(decks, "unser_revier", seed=0, shuffle=False, players=["Anna", "Anna"])
    assert error.value.field == "players" and "distinct" in error.value.expected
    with pytest.raises(InputError):
        new_game(decks, "unser_revier", seed=0, shuffle=False, players=["Anna", 3])


def test_an_influence_duel_that_never_breaks_its_tie_is_refused_not_a_recursion():
    """behind-2003-rulebook.txt, section "The Beginning": "in case of a tie a further card is drawn" --
    between decks of one fate number only it never ends: refused with the rule after a bound, and a
    player named twice duels once (found by corrupting saves: a character doubled in a deck)."""
    from explorer.behind.game_setup import MAX_DUEL_ROUNDS, duel_ranking
    from explorer.behind.refs import THE_BEGINNING
    from explorer.core.piles import Piles
    from explorer.core.rules import RuleViolation

    class Card:
        def __init__(self, n):
            self.id, self.fate = f"c{n}", 5

    piles = {p: Piles([Card(n) for n in range(4)]) for p in ("A", "B")}
    with pytest.raises(RuleViolation) as refused:
        duel_ranking(piles, ["A", "B"])
    assert refused.value.rule == THE_BEGINNING and str(MAX_DUEL_ROUNDS) in refused.value.reason
    assert duel_ranking(piles, ["A", "A"]) == (["A"], [])
