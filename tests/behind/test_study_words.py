"""Readable column names for the deck-study tables (explorer/behind/study.py ``column_words``).

behind-2003-rulebook.txt, "The Beginning" (who begins) and "Melee Combat (Nahkampf)" (injuries): the
study's columns read as words -- "who began", "injuries dealt (Vampire)", "share eliminated" --
never "first_player" or "injuries_dealt[Vampire]"; the frames keep their names for code.
"""

import pandas as pd

from explorer.behind.study import COLUMN_WORDS, column_words
from explorer.core.display import html_table


def test_simulate_and_study_columns_read_as_words():
    """"The Beginning": the player who begins; "Melee Combat": injuries dealt per player."""
    assert column_words("first_player") == "who began"
    assert column_words("injuries_dealt[Vampire]") == "injuries dealt (Vampire)"
    assert column_words("first_blood_turn") == "first blood (turn)"
    assert column_words("eliminated_share") == "share eliminated" and column_words("mean_order") == "mean place eliminated"
    assert column_words("S total") == "S total" and column_words("cards_used[Werwölfe]") == "cards used (Werwölfe)"
    assert all("_" not in words for words in COLUMN_WORDS.values())


def test_a_table_shows_the_words_and_keeps_the_frames_names():
    """"The Beginning": a table of who began and the injuries dealt shows them in words."""
    frame = pd.DataFrame({"first_player": ["Vampire"], "injuries_dealt[Vampire]": [3]})
    table = html_table(frame, index=False, headers=column_words)
    shown = table._repr_html_()
    assert ">who began<" in shown and "injuries dealt (Vampire)" in shown and "first_player" not in shown
    assert list(table.frame.columns) == ["first_player", "injuries_dealt[Vampire]"]
    assert repr(table).splitlines()[0].split()[:2] == ["who", "began"]
