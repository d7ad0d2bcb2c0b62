"""The game display (explorer/behind/render_game.py): the HTML status page and the picture.

The HTML must tell the phase, who acts, the counts per player, the decision the game waits for
and the last log lines with the rule each cites (escaped); the player's view must not leak what
that player may not know ("Hand Cards, Supply and Discard Pile": his own hand only); a finished
game names its winner.
"""

import html
import re

import pytest

from explorer.behind.actions import Defend, EndTurn, Melee
from explorer.behind.data import load_decks
from explorer.behind.game import GameOptions, new_game
from explorer.behind.render_game import draw_state, game_html, player_rows, state_png, status_line, wrapped_title
from tests.behind.game_fixtures import LUDWIG, SAHRA, SISTERS, VAMPIRE, duel_game, place, set_injuries

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
L, S = LUDWIG.name, SAHRA.name


@pytest.fixture(scope="module")
def decks():
    return load_decks()


@pytest.fixture
def state(decks):
    return new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1)


def without_images(text: str) -> str:
    """The HTML without its base64 pictures (random letters there could match anything)."""
    return re.sub(r'src="data:image/png;base64,[^"]*"', 'src=""', text)


def melee_waiting():
    """Ludwig (Vampire, on turn) touches Sahra and attacks: the game waits for Barbara's Defend."""
    state = duel_game([9, 9, 9, 9, 9, 9], [1, 5, 5, 5, 5, 5])
    place(state, (L, 50.0, 40.0, 0.0), (S, 53.0, 40.0, 180.0))
    state.apply(Melee(L, S, state.hand(VAMPIRE)[0].id))
    return state


def test_html_shows_phase_actions_counts_and_the_log_with_its_rules(state):
    page = game_html(state)
    assert html.escape(status_line(state)) in page
    assert "II. action phase" in page and f"{state.actions_left} actions left" in page
    assert html.escape(state.current_player) in page
    for row in player_rows(state):
        assert f"supply <b>{row['supply']}</b>" in page and f"Moments owed <b>{row['moments owed']}</b>" in page
    summary = state.summary()
    assert [row["supply"] for row in player_rows(state)] == [summary[p]["supply"] for p in state.players]
    shown = state.events_for(None)[-8:]
    for event in shown:
        assert html.escape(event.text) in page
        assert html.escape(event.rule.section) in page
    assert page.count('<td class="event-rule"') == 8  # the last 8 log lines, no more


def test_log_lines_are_escaped(state):
    state.say("note", "<script>alert('x')</script> & co", None)
    page = game_html(state, picture=False)
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; co" in page


def test_state_png_is_a_png_and_the_notebook_display_works(state):
    png = state_png(state)
    assert png.startswith(PNG_SIGNATURE) and len(png) > 10_000
    page = state._repr_html_()
    assert page.count("data:image/png;base64,") == 1 and "behind-game" in page


def test_draw_state_zooms_on_chips_and_draws_sight_lines(state):
    ax = draw_state(state, focus=[S, "Schwester Agathe"], margin=5.0, sight_from=S)
    chip = state.table.chip(S)
    left, right = ax.get_xlim()
    assert left <= chip.x <= right and right - left < state.table.width / 2
    assert any(S in text.get_text() for text in ax.texts)


def test_player_view_hides_the_opponents_hand(state):
    me, other = "Schwesternbund", "Vampire"
    visible = set()  # what Barbara may see anyway: her hand, every discard pile, the cards in play, the log
    for p in state.players:
        visible |= {c.title for c in state.piles(p).discard} | {c.title for c in state.piles(p).in_play}
    visible |= {c.title for c in state.hand(me)}
    log = " ".join(e.text for e in state.events_for(me))
    secret = {c.title for c in state.hand(other)} - visible
    secret = {title for title in secret if title not in log}
    assert secret, "the test needs a card title only the opponent's hand shows"
    referee = without_images(game_html(state))
    mine = without_images(game_html(state, me))
    for title in secret:
        assert html.escape(title) in referee
        assert html.escape(title) not in mine, f"{other}'s hand card {title!r} leaked into {me}'s view"
    for card in state.hand(me):
        assert html.escape(card.title) in mine
    row = next(r for r in player_rows(state, me) if r["player"] == other)
    assert row["hand cards"] is None and row["hand"] == len(state.hand(other))
    private = [e.text for e in state.log if e.visible_to == other]
    assert private and not any(html.escape(text) in mine for text in private)


def test_unknown_player_is_refused(state):
    with pytest.raises(ValueError, match="not a player"):
        game_html(state, "Werwölfe")


def test_pending_melee_is_shown_with_its_rule():
    state = melee_waiting()
    page = game_html(state)
    assert state.phase == "defend" and state.current_player == SISTERS
    assert "Waiting for a decision" in page
    assert html.escape(f"{SISTERS} defends {S} against {L}") in page
    assert "Melee Combat (Nahkampf)" in page
    assert state_png(state).startswith(PNG_SIGNATURE)


def test_injuries_are_shown_in_words_and_on_the_table():
    state = melee_waiting()
    set_injuries(state, L, 1)
    page = game_html(state, picture=False)
    assert html.escape(f"{L} (lightly injured)") in page
    ax = draw_state(state)
    assert any(text.get_text() == "lightly injured" for text in ax.texts)


def test_finished_game_shows_the_winner():
    state = duel_game([9, 9, 9, 9, 9, 9], [1, 5, 5, 5, 5, 5])
    place(state, (L, 50.0, 40.0, 0.0), (S, 53.0, 40.0, 180.0))
    set_injuries(state, S, 2)
    state.apply(Melee(L, S, state.hand(VAMPIRE)[0].id))
    state.apply(Defend(None))
    assert state.is_terminal() and state.winner == VAMPIRE
    page = game_html(state)
    assert html.escape(f"game over after turn {state.turn}: {VAMPIRE} wins") in page
    assert "winner" in page and html.escape(f"{VAMPIRE} wins") in page
    assert state_png(state).startswith(PNG_SIGNATURE)


def test_a_stopped_game_has_no_winner(decks):
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=2,
                     options=GameOptions(max_turns=1))
    state.apply(EndTurn())
    assert state.is_terminal() and state.winner is None
    assert "no winner" in game_html(state, picture=False)


def test_jewel_game_draws_the_jewel(decks):
    state = new_game([decks["vampire"], decks["schwesternbund"], decks["werwoelfe"]], "juwel_von_athen", seed=1)
    bearer = state.jewel_bearer()
    assert bearer is not None
    assert html.escape(f"{bearer} (healthy; carries the Jewel)") in game_html(state, picture=False)
    ax = draw_state(state)
    labels = [t for t in ax.get_legend().texts]
    assert any(t.get_text() == "Jewel of Athens" for t in labels)


@pytest.mark.parametrize("scenario, setup", [(None, "auto"), ("unser_revier", "manual")])
def test_setup_phases_are_shown_before_any_chip_is_placed(decks, scenario, setup):
    state = new_game([decks["vampire"], decks["schwesternbund"]], scenario, seed=1, setup=setup)
    page = game_html(state, state.current_player)
    assert "setup" in status_line(state) and html.escape(status_line(state)) in page
    assert state_png(state).startswith(PNG_SIGNATURE)


def test_the_players_table_is_three_columns_that_wrap_between_whole_words(state):
    """At JupyterLab's narrowest output area (592 px) the table stays short: player, cards (the counts
    on one line, each count kept whole), characters -- not seven narrow columns."""
    page = game_html(state, picture=False)
    table = page[page.index('<table class="bg-table bg-players">'):]
    table = table[:table.index("</table>")]
    assert table.count("<th>") == 3 and "<th>player</th><th>cards</th><th>characters</th>" in table
    assert table.count('<td class="bg-who">') == len(state.players)
    for row in player_rows(state):
        assert f'<span class="bg-count">hand <b>{row["hand"]}</b></span>' in table
    assert "word-break:normal" in page and ".bg-count{white-space:nowrap}" in page


def test_a_long_title_wraps_into_even_lines():
    """behind-rules.txt, "Das Juwel von Athen": lesson 6's replay title wrapped leaving the single word
    "left" on its second line; a title too long for one line is broken into lines of about equal length,
    as few as a full-width wrap needs."""
    title = "Das Juwel von Athen -- turn 12, II. action phase: Tempelritter acts, 1 action left"
    lines = wrapped_title(title, 5.7).split("\n")
    assert len(lines) == 2 and " ".join(lines) == title
    assert abs(len(lines[0]) - len(lines[1])) <= 6
    assert wrapped_title("Unser Revier! -- turn 2", 5.7) == "Unser Revier! -- turn 2"
