"""Readable column names for Beyond's tournament tables and play-area score (issue 11).

beyond-rulebook.txt, "End of the Game - Counting Energy Points": "+1 per token in their entire play
area" -- the score's token row counts every token the player owns, the Lotus tokens included, and is
named so; the standings read "win share", "95% low", never "win_share" / "ci_low".
"""

import pandas as pd

from explorer.beyond.game import new_game
from explorer.beyond.panels.panel_area import AreaPanel
from explorer.beyond.panels.panel_tournament import standings_html
from explorer.beyond.tournament import COLUMN_WORDS, column_words, standings
from explorer.core.display import html_table

STANDINGS = ["strategy", "games", "wins", "ties", "win_share", "ci_low", "ci_high", "mean_score", "first_seat_share"]


def _standings() -> pd.DataFrame:
    games = pd.DataFrame({"game": [0, 1], "strategies": ["optimal,random", "random,optimal"], "winners": ["P1", "P2"],
                          "score[P1]": [12, 3], "score[P2]": [4, 10]})
    return standings(games)


def test_every_standings_column_reads_in_words():
    """"End of the Game": a player wins by energy points -- the standings' columns in words."""
    table = _standings()
    assert list(table.columns) == STANDINGS  # the frame keeps its names for code
    words = [column_words(c) for c in table.columns]
    assert words == ["strategy", "games", "wins", "ties", "win share", "95% low", "95% high", "mean score",
                     "win share in seat P1"]
    assert all("_" not in w for w in words) and column_words("score[P1]") == "score[P1]"
    shown = html_table(table, index=False, headers=column_words)
    assert ">win share<" in shown._repr_html_() and "win_share" not in shown._repr_html_().split("<tbody>")[0]
    assert repr(shown).splitlines()[0].split()[:5] == ["strategy", "games", "wins", "ties", "win"]
    assert "win share in seat P1" in standings_html(table) and "first_seat_share" not in standings_html(table)
    assert set(COLUMN_WORDS) >= {"win_share", "ci_low", "ci_high", "mean_score", "first_seat_share"}


def test_the_area_summary_names_the_tokens_row_with_the_lotus_tokens_in_it():
    """"+1 per token in their entire play area": each player starts with 2 Lotus tokens ("Set Up"),
    which the token row counts: it reads as tokens in the play area, Lotus included."""
    game = new_game(["P1", "P2"], seed=3)
    panel = AreaPanel(game)
    assert game.score("P1")["tokens in the play area (Lotus included)"] == 2 == game.area("P1")["lotus"]
    assert "tokens in the play area (Lotus included) 2" in panel.summary.value
