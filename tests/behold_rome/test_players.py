"""Behold: Rome players: the patient random player and the greedy one (best immediate score change)."""

import pytest

from explorer.behold_rome import actions as A
from explorer.behold_rome.game import arranged, new_game
from explorer.behold_rome.players import ENDING, GreedyPlayer, RandomPlayer, margin
from explorer.core.inputs import InputError
from explorer.core.players import play
from explorer.core.rng import SeededRng


def conquer_position():
    """Channel Crossing (pay 2 population -> conquer 3) played, paid with the stored Farmsteads
    (2 population): the benefits wait, Hispania (wealth 3) and Greek Colonies (wealth 2) in the hand."""
    s = arranged([("roads", None), ("villa", 1, "stored")], [("britannia", 1), ("hispania", 2), ("greece", 1)])
    s.apply(A.Play("britannia"))
    s.apply(A.Pay("villa"))
    assert s.phase == "benefits"
    return s


def test_greedy_conquers_the_wealthier_region():
    """behold-rome-rulebook.txt, "Scoring": "Controlled region wealth. This total counts as VPs during
    scoring"; "Concept & Term Glossary > Conquer": "You must generate an amount of conquer equal to or
    greater than the region's wealth".  With conquer 3, Hispania (wealth 3) scores more than Greek Colonies
    (wealth 2): the greedy player conquers it, and the player's score rises by its wealth."""
    s = conquer_position()
    wealth = {c: s.cardset.card(c).level(s.deck.level(c)).wealth for c in ("hispania", "greece")}
    assert wealth["hispania"] > wealth["greece"]
    before = s.score().total
    choice = GreedyPlayer().choose(s, SeededRng(0))
    assert choice == A.Conquer("hispania")
    s.apply(choice)
    assert s.score().total - before == wealth["hispania"]


def test_greedy_change_is_the_margin_after_one_action():
    """The greedy player's "immediate" change of an action is the measure (own VPs minus the rival
    civ's, behold-rome-rulebook.txt, "Scoring") after that one action minus the measure now."""
    s = conquer_position()
    changes = GreedyPlayer().changes(s)
    assert [a for a, _ in changes] == list(s.legal_actions())
    for action, change in changes:
        twin = s.copy()
        twin.apply(action)
        sc, now = twin.score(), s.score()
        assert change == (sc.total - sc.rival_total) - (now.total - now.rival_total)
    assert A.Finish() not in dict(changes)  # at least some of each benefit ("Action Phase")


def test_greedy_leaves_the_state_unchanged_and_breaks_ties_by_its_seed():
    """The protocol's player must not change the state; the same seed gives the same choice
    (behold-rome-rulebook.txt, "Setup": the set-up is dealt from a seed)."""
    s = new_game(seed=4)
    before = s.to_json()
    picks = [GreedyPlayer().choose(s, SeededRng(k)) for k in range(12)]
    assert s.to_json() == before
    assert picks == [GreedyPlayer().choose(s, SeededRng(k)) for k in range(12)]
    assert all(p in s.legal_actions() for p in picks)
    assert len(set(picks)) > 1  # the opening offers ties (no play scores by itself)


def test_greedy_prefers_doing_among_ties_with_patience():
    """Ties are broken like the patient random player: with patience 1 a tied action that does
    something is taken over ending the turn (behold-rome-rulebook.txt, "Turns")."""
    s = new_game(seed=4)
    for k in range(10):
        assert GreedyPlayer(1.0).choose(s, SeededRng(k)).kind not in ENDING


def test_margin_in_score_chaser_mode_is_the_own_score():
    """behold-rome-rulebook.txt, "Variants": Score Chaser Mode plays against no rival civ."""
    s = new_game(variants=["score-chaser"], rival=None, seed=1)
    assert margin(s) == s.score().total


def test_greedy_plays_whole_games_and_outscores_random():
    """Whole games to the end of the last round ("Round End"): the greedy player ends with a better
    margin than the patient random player on the same deals (casual, behold-rome-rulebook.txt,
    "Difficulty Settings")."""
    greedy = random = 0
    for seed in range(4):
        for player, total in ((GreedyPlayer(), "g"), (RandomPlayer(), "r")):
            state = play(new_game("casual", seed=seed, rival_difficulty="casual"), player, seed=seed)
            assert state.is_terminal()
            if total == "g":
                greedy += margin(state)
            else:
                random += margin(state)
    assert greedy > random


def test_players_refuse_a_bad_patience():
    with pytest.raises(InputError, match="patience"):
        GreedyPlayer(1.5)
    with pytest.raises(InputError, match="patience"):
        RandomPlayer("x")


def test_greedy_judges_without_looking_ahead():
    """behold-rome-rulebook.txt, "Holding the Game": "You are not allowed to look ahead in the deck".  The score
    counts a card wherever it is but in the controlled regions ("Scoring"), so the changes the greedy player
    weighs are the same whatever the order of the cards not yet seen."""
    from explorer.behold_rome.knowledge import determinize

    s = new_game(seed=9)
    player, rng = GreedyPlayer(), SeededRng(9)
    for _ in range(30):
        other = determinize(s, SeededRng(len(s.history)))
        assert GreedyPlayer().changes(other) == GreedyPlayer().changes(s)
        s.apply(player.choose(s, rng))
