"""The Behold: Rome planner: determinized Monte Carlo search that never looks ahead in the deck."""

import pytest

from explorer.behold_rome import actions as A
from explorer.behold_rome.game import arranged, new_game
from explorer.behold_rome.knowledge import determinize, knowledge
from explorer.behold_rome.planner import Advice, PlannerPlayer, advise, describe
from explorer.core.inputs import InputError
from explorer.core.players import play
from explorer.core.rng import SeededRng


def test_advice_ranks_every_legal_action_best_first():
    """Every legal action gets a value and a sentence (behold-rome-rulebook.txt, "Action Phase": "Decide
    which card to play"), the best first; the same seed and iterations give the same advice."""
    s = new_game(seed=3)
    before = s.to_json()
    advice = advise(s, seed=1, iterations=2)
    assert s.to_json() == before  # the search plays on copies
    assert sorted(map(str, (a.action for a in advice))) == sorted(map(str, s.legal_actions()))
    assert all(isinstance(a, Advice) and a.visits == 2 for a in advice)
    assert [a.value for a in advice] == sorted((a.value for a in advice), reverse=True)
    assert advice[0].text.startswith(describe(s, advice[0].action)) and "best" in advice[0].text
    assert all(a.text.endswith(".") for a in advice)
    again = advise(s, seed=1, iterations=2)
    assert [(a.action, a.value, a.visits, a.text) for a in again] == [(a.action, a.value, a.visits, a.text)
                                                                        for a in advice]


def test_the_planner_does_not_look_ahead():
    """behold-rome-rulebook.txt, "Holding the Game": "You are not allowed to look ahead in the deck".  Two
    games that differ only in the order of the cards not yet seen get the very same advice."""
    s = new_game(seed=3)
    other = determinize(s, SeededRng(99))
    assert other.deck.stack != s.deck.stack
    assert knowledge(other) == knowledge(s)
    mine = [(a.action, a.value, a.visits) for a in advise(s, seed=2, iterations=2)]
    theirs = [(a.action, a.value, a.visits) for a in advise(other, seed=2, iterations=2)]
    assert mine == theirs


def test_the_planner_conquers_the_wealthier_region():
    """behold-rome-rulebook.txt, "Scoring": controlled region wealth counts as VPs; with conquer 3 and
    Hispania (wealth 3) or Greek Colonies (wealth 2) in the hand, conquering Hispania is advised."""
    s = arranged([("roads", None), ("villa", 1, "stored")], [("britannia", 1), ("hispania", 2), ("greece", 1)])
    s.apply(A.Play("britannia"))
    s.apply(A.Pay("villa"))
    advice = advise(s, seed=0, iterations=6)
    assert advice[0].action == A.Conquer("hispania")
    ranked = [a.action for a in advice]
    assert ranked.index(A.Conquer("hispania")) < ranked.index(A.Conquer("greece"))


def test_one_legal_action_is_advised_at_once():
    """behold-rome-rulebook.txt, "Round End": at the end of the last round with nothing to play, the game
    ends: a position with one legal action gets it without search."""
    s = new_game(seed=3)
    while len(list(s.legal_actions())) > 1:
        s.apply(next(iter(s.legal_actions())))
    (only,) = advise(s, iterations=1)
    assert only.visits == 0 and only.action in s.legal_actions() and "only legal action" in only.text


def test_a_time_budget_makes_at_least_one_iteration():
    """Without ``iterations`` the search runs for ``budget_s`` seconds, at least one sampled order."""
    s = new_game(seed=5)
    advice = advise(s, budget_s=0.001)
    assert advice[0].visits >= 1 and sum(a.visits for a in advice) >= 1


def test_planner_player_plays_a_whole_game():
    """The planner as a player of the protocol plays to the end of the last round ("Round End")."""
    state = play(new_game("casual", seed=2), PlannerPlayer(iterations=1), seed=2)
    assert state.is_terminal() and state.round == state.rounds


@pytest.mark.parametrize("kwargs, field", [({"seed": "x"}, "seed"), ({"budget_s": 0}, "budget_s"),
                                           ({"iterations": 0}, "iterations"),
                                           ({"rollout_player": "oracle"}, "rollout_player"),
                                           ({"horizon": 0}, "horizon")])
def test_advise_refuses_bad_inputs(kwargs, field):
    with pytest.raises(InputError, match=field):
        advise(new_game(seed=1), **kwargs)


def test_advise_refuses_what_is_no_running_game():
    with pytest.raises(InputError, match="state"):
        advise("a game")
    with pytest.raises(InputError, match="phases"):
        PlannerPlayer(phases=("lunch",))


def test_actions_are_described_by_their_cards_names():
    """The advice names the cards by their active levels (behold-rome-rulebook.txt, "Concept & Term Glossary >
    Active": "the card level a card is currently oriented to")."""
    s = new_game(seed=3)
    name = s.cardset.card(s.hand[0]).level(s.deck.level(s.hand[0])).name
    assert describe(s, A.EndTurn(s.hand[0])) == f"End the turn discarding {name}"
    assert describe(s, A.EndTurn("top")) == "End the turn discarding the top card"
    assert describe(s, A.Play(s.hand[0], store_played=True)) == f"Play {name} and store it"
    assert describe(s, A.MoveOn("")) == "Move on" and describe(s, A.DevelopNation()) == "Develop the nation"


def test_planner_player_pickles_for_process_pools():
    """simulate() sends players to worker processes: the planner player pickles and stays equal."""
    import pickle

    player = PlannerPlayer(iterations=3, horizon="game")
    assert pickle.loads(pickle.dumps(player)) == player and hash(player) == hash(PlannerPlayer(iterations=3,
                                                                                             horizon="game"))


def test_a_time_budget_spends_its_rollouts_on_the_contenders():
    """With a time budget the weaker half of the actions is set aside after 4, 8, ... sampled orders: the best
    has at least as many rollouts as any other (one more at most for a round cut short by the clock), and the
    actions set aside come after those still searched ("Action Phase": "Decide which card to play")."""
    s = new_game(seed=3)
    advice = advise(s, seed=0, budget_s=0.5)
    most = max(a.visits for a in advice)
    assert advice[0].visits >= most - 1
    aside = [i for i, a in enumerate(advice) if "set aside" in a.text]
    assert aside == list(range(len(advice) - len(aside), len(advice)))
    assert all(advice[i].visits <= advice[0].visits for i in aside)
