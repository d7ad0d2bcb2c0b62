"""The reveal simulator in plain Python: press its buttons through their handlers, check the engine
state and that the shown odds equal those computed directly (beyond-rulebook.txt, section "Phase 1:
Reveal and Collection")."""

import re
from collections import Counter
from fractions import Fraction

import pytest

from explorer.beyond import new_game
from explorer.beyond.actions import Reveal
from explorer.beyond.odds import (
    expected_gain,
    optimal_stop,
    p_fail_next,
    p_nian_shou,
    unseen_cards,
)
from explorer.beyond.panels import RevealPanel
from explorer.beyond.panels.panel_reveal import card_name, named_text, reveal_inputs
from explorer.beyond.position import from_position


def _shown(panel, css: str) -> str:
    return re.search(rf'class="{css}">([^<]*)<', panel.odds.value).group(1)


def _stacked(*top, seed=2):
    """A panel on a stacked game whose odds ignore the top card's back (the hand-counted examples)."""
    return RevealPanel(new_game(["Jessy", "Sam"], seed=seed, top=top), use_back=False)


def test_a_new_panel_starts_a_seeded_game_before_the_first_reveal():
    panel = RevealPanel(seed=5)
    state = panel.state
    assert state.phase == "reveal" and state.active_player == "Jessy" and len(state.draw_pile) == 80
    assert state.draw_pile == new_game(["Jessy", "Sam"], seed=5).draw_pile  # seeded
    assert panel.stop_button.disabled and not panel.reveal_button.disabled  # the first card is always turned
    # before any reveal: P(Nian Shou) = sum c(c-1) / (80 * 79) = 5 * 16 * 15 / 6320 = 15/79
    assert "15/79" in _shown(panel, "p-nian-shou") and _shown(panel, "p-fail-next") == "0.0%"
    assert bytes(panel.cards.value[:4]) == b"\x89PNG"


def test_reveal_turns_the_top_card_and_the_shown_odds_are_the_exact_odds():
    panel = RevealPanel(seed=1, use_back=False)
    top = panel.state.draw_pile[0]
    picture, before = panel.cards, bytes(panel.cards.value)
    panel.on_reveal()
    state = panel.state
    assert state.revealed == (top,) and len(state.draw_pile) == 79
    revealed = [state.cards[top].key]
    pile = state.draw_pile_counts()
    p_fail = p_fail_next(revealed, pile)
    assert panel.decision.p_fail_next == p_fail == Fraction(15, 79)  # 15 more cards of that spirit among 79
    assert f"{p_fail.numerator}/{p_fail.denominator}" in _shown(panel, "p-fail-next")
    assert panel.decision.p_nian_shou == p_nian_shou(revealed, pile) == Fraction(15, 79)
    gain = expected_gain(revealed, pile, lotus=2, k_max=1)
    assert panel.decision.gain.values[:2] == gain.values
    assert _shown(panel, "gain-one-more") == f"{float(gain.gain_one_more):+.2f} cards"
    assert panel.decision.best.more == optimal_stop(revealed, pile, lotus=2).more
    assert panel.cards is picture and bytes(panel.cards.value) != before  # the same widget, a new picture
    assert panel._row.labels[0].get_text() != "" and panel._row.labels[1].get_text() == ""


def test_stop_collects_every_revealed_card_and_next_turn_passes_to_the_next_player():
    panel = _stacked("TS01", "VB01")
    panel.on_reveal()
    panel.on_reveal()
    assert panel.decision.p_fail_next == Fraction(30, 78)  # 15 Turtle Snakes + 15 Vermilion Birds of 78
    panel.on_stop()
    state = panel.state
    assert state.phase == "place" and state.to_place == ("TS01", "VB01")
    # the cards by their spirits' names (data/beyond/spirits.json), never by their codes
    assert "collects Turtle Snake (yin), Vermilion Bird (yin)" in panel.outcome.value
    assert "Phase 1: Reveal and Collection" in panel.outcome.value and "TS01" not in panel.outcome.value
    assert panel.reveal_button.disabled and not panel.next_button.disabled and panel.decision is None
    panel.on_next_turn()
    assert state.area("Jessy")["spirit"] == ["TS01", "VB01"]
    assert state.phase == "reveal" and state.active_player == "Sam" and panel.decision is not None
    assert "Sam" in panel.status.value


def test_a_failed_reveal_offers_the_lotus_picks_and_collect_buys_them():
    """"the player discards 2 Lotus tokens to collect ... the last revealed card is collected for free"."""
    panel = _stacked("TS01", "VB01", "AD01", "VB02")
    for _ in range(4):
        panel.on_reveal()
    state = panel.state
    assert state.phase == "collect" and panel.reveal_button.disabled and not panel.collect_button.disabled
    assert [value for _, value in panel.lotus_picks.options] == ["TS01", "VB01", "AD01"]
    assert [label for label, _ in panel.lotus_picks.options] == [
        "Turtle Snake (yin)", "Vermilion Bird (yin)", "Double Azure Dragon head (yin)"]
    assert "Vermilion Bird (yin) is collected free" in panel.odds.value and "VB02" not in panel.odds.value
    assert panel._row.faces[3].get_edgecolor() == panel._row.faces[1].get_edgecolor() != panel._row.faces[0].get_edgecolor()
    panel.lotus_picks.value = ("AD01",)
    panel.on_collect()
    assert state.to_place == ("AD01", "VB02") and state.area("Jessy")["lotus"] == 1
    assert set(state.discard) == {"TS01", "VB01"} and "1 Lotus token" in panel.outcome.value


def test_the_engine_refuses_more_lotus_picks_than_tokens_and_the_panel_says_why():
    panel = _stacked("TS01", "VB01", "AD01", "VB02")
    for _ in range(4):
        panel.on_reveal()
    panel.lotus_picks.value = ("TS01", "VB01", "AD01")
    panel.on_collect()
    assert panel.state.phase == "collect" and panel.state.to_place == ()
    assert "refused" in panel.outcome.value and "Lotus token" in panel.outcome.value


def test_first_two_cards_of_one_spirit_give_a_nian_shou_card():
    panel = _stacked("AD01", "AD09")
    panel.on_reveal()
    assert panel.decision.p_fail_next == panel.decision.p_nian_shou == Fraction(15, 79)
    panel.on_reveal()
    state = panel.state
    assert state.area("Jessy")["nian"] == ["NS1"] and "Nian Shou" in panel.outcome.value
    assert "Nian Shou left 5" in panel.status.value


def test_the_odds_count_the_lotus_tokens_of_the_active_player():
    with_lotus, without = (RevealPanel(from_position({"players": [{"name": "Jessy", "lotus": lotus}, "Sam"],
                                                      "draw_top": ["TS01", "VB01"]}, seed=2)) for lotus in (2, 0))
    for panel in (with_lotus, without):
        panel.on_reveal()
        panel.on_reveal()
    # a failure at the 3rd card gives the free card plus 2 Lotus picks instead of 1 card
    diff = with_lotus.decision.gain.one_more - without.decision.gain.one_more
    assert diff == with_lotus.decision.gain.p_fail[1] * 2


def test_seen_knowledge_counts_the_opponents_capture_cards_as_unseen():
    state = from_position({"players": [{"name": "Jessy", "captures": ["AD01"]},
                                       {"name": "Sam", "spirit": ["TS01"], "captures": ["VB01"]}]}, seed=3)
    inputs = reveal_inputs(state, "seen")
    deck = Counter(card.key for card in state.cards.values())
    seen = [state.cards[c].key for c in ("TS01", "AD01")]
    assert inputs["unseen"] == unseen_cards(deck, [], seen)
    assert sum(inputs["unseen"].values()) == len(state.draw_pile) + 1  # Sam's capture card VB01
    panel = RevealPanel(state, knowledge="seen")
    assert panel.decision.p_nian_shou == p_nian_shou([], inputs["unseen"], back=inputs["back"])
    assert reveal_inputs(state, "pile")["unseen"] == state.draw_pile_counts()


def test_listeners_hear_every_click_that_changed_the_game_and_not_a_refused_one():
    from explorer.beyond.panels import AreaPanel

    panel = _stacked("TS01", "VB01")
    area = AreaPanel(panel.state)
    heard = []
    panel.on_change(lambda p: (heard.append(p.state.phase), area.update()))
    panel.on_reveal()
    panel.on_reveal()
    panel.on_stop()
    panel.on_next_turn()
    assert heard == ["reveal", "reveal", "place", "reveal"]
    assert area.layout_shown["loose"] == {"TS": ["TS01"], "VB": ["VB01"]}
    panel.on_collect()  # not a failed reveal: refused, nothing changed
    assert len(heard) == 4 and "refused" in panel.outcome.value


def test_clicking_through_a_whole_game_keeps_the_engine_consistent_and_ends_it():
    panel = RevealPanel(seed=11, knowledge="seen")
    state = panel.state
    for _ in range(1000):
        if state.is_terminal():
            break
        if state.phase == "reveal":
            assert panel.stop_button.disabled == (not state.revealed and bool(state.draw_pile))
            (panel.on_stop if len(state.revealed) >= 2 or not state.draw_pile else panel.on_reveal)()
        elif state.phase == "collect":
            if not panel.lotus_picks.disabled:  # enabled while the player has a Lotus token
                panel.lotus_picks.value = tuple(value for _, value in panel.lotus_picks.options)[:1]
            panel.on_collect()
        else:
            panel.on_next_turn()
        state.check_invariants()
        if state.phase == "reveal" and state.revealed:
            expected = p_fail_next([state.cards[c].key for c in state.revealed], reveal_inputs(state, "seen")["unseen"],
                                   back=state.top_back)
            assert panel.decision.p_fail_next == expected
    assert state.is_terminal() and "game over" in panel.status.value
    assert all(button.disabled for button in (panel.reveal_button, panel.stop_button, panel.next_button))


def test_the_panel_shows_the_top_cards_back_and_its_odds_use_it():
    """beyond-rulebook.txt, "Set Up": the deck lies "with the backs visible"; "Card backs: Yin or Yang
    Capture Side": the back shows the front's symbol.  One Turtle Snake yin revealed, 7 Turtle Snake yang
    discarded: 7/39 with a yin back, 1/33 with a yang back (8/72 not using it)."""
    for top, expected in (("VB yin", Fraction(7, 39)), ("VB yang", Fraction(1, 33))):
        state = from_position({"players": ["Jessy", "Sam"], "revealed": ["TS yin"], "discard": ["TS yang"] * 7,
                               "draw_top": [top]}, seed=4)
        panel = RevealPanel(state)
        assert _shown(panel, "top-back") == state.top_back == top.split()[1]
        assert panel.decision.p_fail_next == expected and f"{expected.numerator}/{expected.denominator}" in \
            _shown(panel, "p-fail-next")
        assert "top back " + state.top_back in panel.status.value
        blind = RevealPanel(state, use_back=False)
        assert blind.decision.p_fail_next == Fraction(8, 72) and _shown(blind, "top-back") == "not used"


def test_the_panel_refuses_meaningless_settings():
    from explorer.core.inputs import InputError

    for bad in ({"knowledge": "all"}, {"k_max": 0}, {"k_max": 2.5}, {"use_back": "yes"}):
        with pytest.raises(InputError):
            RevealPanel(seed=1, **bad)


# -- issue 11: one naming, percentages throughout, disabled buttons that look disabled ---------------

def test_cards_are_named_by_their_spirits_never_by_their_codes():
    """The names as the card data gives them (data/beyond/spirits.json), the same as the engine's
    events and ``str(card)``; :func:`named_text` for the texts that still hold codes (refusals,
    an action's words)."""
    state = new_game(["Jessy", "Sam"], seed=2)
    assert card_name(state, "TS01") == "Turtle Snake (yin)" == str(state.cards["TS01"])
    assert card_name(state, "YU02") == "Yellow Unicorn horn (yin)"
    assert card_name(state, "AD16") == "Double Azure Dragon body (yang)"
    assert named_text(state, "place(card=YU02, side=spirit)") == "place(card=Yellow Unicorn horn (yin), side=spirit)"
    assert named_text(state, "P1 captures MT15 from P2 with TS01, VB09") == (
        "P1 captures Double Metal Tiger body (yang) from P2 with Turtle Snake (yin), Vermilion Bird (yang)")
    assert named_text(state, "P2 obtains Nian Shou card NS1") == "P2 obtains a Nian Shou card"
    assert named_text(state, "scores P1 41, P2 30; XY99 stays") == "scores P1 41, P2 30; XY99 stays"


def test_every_chance_is_a_percentage_and_every_expectation_counts_cards():
    panel = RevealPanel(seed=7)
    panel.on_reveal()
    odds = re.sub(r"<[^>]+>", "", panel.odds.value)
    for number in re.finditer(r"[+-]?\d+\.\d+", odds):
        assert re.match(r"%| cards", odds[number.end():]), f"{number.group(0)} in {odds!r}"
    assert "17.9% (7/39)" in odds and "stop now 1.00 cards" in odds
    # the table: chances in percent, the other columns counted in cards
    assert "<th>P(fail)</th>" in panel.gains.value and "49.5%" in panel.gains.value and "0.495" not in panel.gains.value
    assert "<th>expected cards</th>" in panel.gains.value and "<th>gain vs stop (cards)</th>" in panel.gains.value


def test_a_disabled_reveal_button_drops_its_primary_colour_and_the_panel_greys_disabled_buttons():
    panel = _stacked("TS01", "VB01")
    assert not panel.reveal_button.disabled and panel.reveal_button.button_style == "primary"
    panel.on_reveal()
    panel.on_stop()
    assert panel.reveal_button.disabled and panel.reveal_button.button_style == ""
    css = panel.children[0].value
    assert "button:disabled" in css and "not-allowed" in css and "opacity" in css
    for button in (panel.reveal_button, panel.stop_button, panel.collect_button, panel.next_button):
        assert button.layout.width == "auto" and button.tooltip


def test_the_beyond_replay_names_cards_by_their_spirits():
    from explorer.beyond.panels import ReplayPanel

    state = new_game(["Jessy", "Sam"], seed=2, top=("TS01", "VB01"))
    state.apply(Reveal())
    panel = ReplayPanel(state.to_json(), picture="image")
    panel.go(1)
    assert "Jessy reveals Turtle Snake (yin)" in panel.step_text.value and "TS01" not in panel.step_text.value


def test_the_beyond_replay_names_cards_in_the_actions_to_choose_from():
    from explorer.beyond.panels import ReplayPanel

    state = new_game(["Jessy", "Sam"], seed=2, top=("TS01", "VB01"))
    panel = ReplayPanel(state, play=True)
    for _ in range(3):  # reveal, reveal, stop: the collected cards to place
        panel.actions.value = next(i for label, i in panel.actions.options
                                   if label.startswith(("reveal", "stop")) and (len(panel.game.revealed) < 2
                                                                                or label.startswith("stop")))
        panel.apply_selected()
    labels = [label for label, _ in panel.actions.options]
    assert panel.game.phase == "place" and labels and not any(re.search(r"\b[A-Z]{2}\d{2}\b", t) for t in labels)
    assert any("Turtle Snake (yin)" in label for label in labels) and panel.actions.value == 0

