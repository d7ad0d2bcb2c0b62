"""Behold: Rome's panels (explorer/behold_rome/panels/): the play panel on the real engine and the
scoring assistant following it.  behold-rome-rulebook.txt, "Action Phase", "End of Turn Phase",
"Holding the Game" and "Scoring".

Seed 8 deals Greek Colonies, Shrine, Dirt Tracks, Scribes and Wells: Shrine has no action to play,
Scribes develops a card -- Shrine becomes Temple of Jupiter, whose rule scores +1 VP per column."""

from __future__ import annotations

import html

import pytest

from explorer.behold_rome import refs
from explorer.behold_rome.actions import Develop, Play
from explorer.behold_rome.game import new_game
from explorer.behold_rome.panels import PlayPanel, ScoringPanel
from explorer.behold_rome.planner import describe
from explorer.core.inputs import InputError

SEED = 8


def _panels():
    play = PlayPanel(seed=SEED, advice_budget_s=0.1)
    scoring = ScoringPanel(play.state)
    play.on_change(scoring.update)
    return play, scoring


def _button(box, text):
    found = [b for b in box.children if getattr(b, "description", None) == text]
    assert found, f"no button {text!r} in {[getattr(b, 'description', b) for b in box.children]}"
    return found[0]


def test_the_hand_is_buttons_and_a_refused_play_shows_its_rule():
    """behold-rome-rulebook.txt, "Action Phase": "choose a card in your hand with an action" -- the hand
    is a row of buttons (each card by its active level); choosing Shrine, which has no action, shows
    its legal play (ending the turn discarding it) and the refused plays with the engine's reason and
    the section cited."""
    play, _ = _panels()
    state = play.state
    names = [f"{state.deck.level(c)} {state.cardset.card(c).level(state.deck.level(c)).name}" for c in state.hand]
    assert [b.description for b in play.hand.children] == names == ["1 Greek Colonies", "1 Shrine", "1 Dirt Tracks",
                                                                     "1 Scribes", "1 Wells"]
    _button(play.hand, "1 Shrine").click()
    assert play.chosen == "temple" and "behold-chosen" in _button(play.hand, "1 Shrine")._dom_classes
    assert "1 Shrine" in play.card.value and "no action" in play.card.value
    assert [b.description for b in play.legal.children] == ["End the turn discarding Shrine"]
    reason = "Shrine has no action to play"
    assert play.refused.value.count(reason) == 2  # played, and played to be stored
    assert html.escape(str(refs.ACTION_PHASE)) in play.refused.value
    # a refused action sent anyway changes nothing and says why
    before = state.to_json()
    assert play.play(Play("temple")) == [] and state.to_json() == before
    assert "refused" in play.outcome.value and reason in play.outcome.value


def test_a_played_card_offers_its_benefits_and_undo_takes_them_back():
    """behold-rome-rulebook.txt, "Action Phase": after paying the costs, "resolve the benefits" -- while
    Scribes resolves, the panel lists its benefit choices (develop a hand card, and the rest), the
    picture shows the played card set aside; Undo takes each action back exactly."""
    play, _ = _panels()
    state = play.state
    start, picture = state.to_json(), bytes(play.picture.value)
    _button(play.hand, "1 Scribes").click()
    _button(play.legal, "Play Scribes").click()
    assert state.phase == "benefits" and "Scribes (played)" in play.status.value
    assert "Play Scribes" in play.outcome.value and str(refs.ACTION_PHASE) in html.unescape(play.outcome.value)
    legal = list(state.legal_actions())
    assert [b.description for b in play.choices.children] == [describe(state, a) for a in legal]
    assert Develop("temple") in legal and bytes(play.picture.value) != picture
    _button(play.choices, "Develop Shrine").click()
    assert state.deck.level("temple") == 2 and "2 Temple of Jupiter" in [b.description for b in play.hand.children]
    play.undo_button.click()
    assert state.deck.level("temple") == 1 and "took back: Develop" in play.outcome.value
    play.undo_button.click()
    assert state.to_json()["data"] == start["data"] and play.undo_button.disabled


def test_the_scoring_assistant_follows_the_game():
    """behold-rome-rulebook.txt, "Scoring": "Civ card scoring rules" -- developing Shrine into Temple of
    Jupiter (+1 VP per column) makes the score 1 VP; the panel's headline, picture and tables follow
    the action and its undo; the rival civ's score is beside it."""
    play, scoring = _panels()
    assert scoring.score.total == 0 and scoring.score.rival_name == "Carthage"
    picture = bytes(scoring.picture.value)
    play.play(Play("scholars"))
    play.play(Develop("temple"))
    assert scoring.score == play.state.score() and scoring.score.total == 1
    assert "score-total'>1<" in scoring.headline.value and "Carthage" in scoring.headline.value
    assert "Temple of Jupiter (hand)" in scoring.tables.value and bytes(scoring.picture.value) != picture
    play.on_undo()
    assert scoring.score.total == 0 and "Shrine (hand)" in scoring.tables.value


def test_the_planner_advises_and_its_advice_can_be_taken():
    """behold-rome-rulebook.txt, "Action Phase": the planner ranks the legal actions of the position; the
    panel lists the best few with the planner's reasons and plays the best one on request."""
    play, _ = _panels()
    assert play.take_button.disabled
    play.advise_button.click()
    advice = play.advice
    assert advice and all(a.action in play.state.legal_actions() for a in advice)
    assert play.advice_html.value.count("<li>") == min(3, len(advice))
    assert html.escape(advice[0].text) in play.advice_html.value and not play.take_button.disabled
    play.take_button.click()
    assert play.state.history[-1] == advice[0].action and play.advice == [] and play.advice_html.value == ""


def test_the_panel_refuses_what_is_not_a_game_or_a_hand_card():
    """behold-rome-rulebook.txt, "Holding the Game": only a card of the hand can be chosen; the panel's
    inputs are checked and the error names the field."""
    with pytest.raises(InputError, match="state"):
        PlayPanel("a game")
    with pytest.raises(InputError, match="advice_budget_s"):
        PlayPanel(new_game(seed=1), advice_budget_s=-1)
    with pytest.raises(InputError, match="advisor"):
        PlayPanel(new_game(seed=1), advisor="planner")
    with pytest.raises(InputError, match="state"):
        ScoringPanel(None)
    play = PlayPanel(new_game(seed=SEED))
    with pytest.raises(InputError, match="card"):
        play.choose("nation")


def test_every_button_is_as_wide_as_its_text_and_every_part_has_its_class():
    """docs/panel-layout.md (rules 1, 5 and 8) for the play panel: buttons as wide as their text, rows
    that wrap, a root class the browser tests find; behold-rome-rulebook.txt, "Action Phase"."""
    play, scoring = _panels()
    play.choose("scholars")
    buttons = [b for box in (play.hand, play.legal, play.choices) for b in box.children if hasattr(b, "on_click")]
    buttons += [play.undo_button, play.advise_button, play.take_button]
    assert buttons and all(b.layout.width == "auto" for b in buttons)
    for box in (play.hand, play.legal, play.choices):
        assert box.layout.flex_flow == "row wrap"
    assert "behold-play-panel" in play._dom_classes and "behold-score-panel" in scoring._dom_classes
    assert play.picture.layout.max_width == "100%" and scoring.picture.layout.max_width == "100%"


@pytest.mark.parametrize("seed", [3, 11])
def test_every_legal_action_has_a_button_through_a_game(seed):
    """behold-rome-rulebook.txt, "Action Phase", "End of Turn Phase" and "Round End": through 40 actions of
    a random game (cards played and stored, benefits, the end of turn's draw, moving on), the panel's
    buttons offer exactly the legal actions -- the choices of the moment and each hand card's plays --
    and every one of them applies."""
    from explorer.behold_rome.players import RandomPlayer
    from explorer.core.rng import SeededRng

    play = PlayPanel(new_game(seed=seed))
    player, rng = RandomPlayer(0.9), SeededRng(seed)
    kinds = set()
    for _ in range(40):
        if play.state.is_terminal():
            break
        legal = list(play.state.legal_actions())
        offered = play.offered()
        assert set(offered) == set(legal), (play.state.phase, set(legal) ^ set(offered))
        action = player.choose(play.state, rng)
        kinds.add(action.kind)
        assert play.play(action), action
        assert "refused" not in play.outcome.value
    assert {"play", "end-turn"} <= kinds and len(kinds) >= 4, kinds
