"""Beyond's players' table (the replay's "what every player may know", issue 11: nine columns side by side
were 821 px and cut after "Capture cards" in JupyterLab's 590 px output area): a column per player, a row
per thing a play area holds -- beyond-rulebook, "Card backs: Yin or Yang Capture Side" (the others see only
the symbol of a Capture card)."""

from __future__ import annotations

import re

from explorer.beyond import new_game
from explorer.beyond.render_cards import PLAYER_ROWS, players_html
from tests.beyond.helpers import arrange


def test_a_column_per_player_and_a_row_per_holding():
    state = arrange(new_game(["Jessy", "Sam", "Alex"]), "Jessy", captures=["TS01"], tokens=2)
    public = players_html(state, "public")
    rows = re.findall(r"<tr>(.*?)</tr>", public)
    assert len(rows) == 1 + len(PLAYER_ROWS)
    assert re.findall(r"<th>(.*?)</th>", rows[0])[1:][0].startswith("Jessy")
    assert [re.sub("<.*?>", "", th) for th in re.findall(r"<th>(.*?)</th>", rows[0])][1:] == [
        p + (" (to act)" if p == state.current_player else "") + (" [BEYOND stock]" if p == state.beyond_stock else "")
        for p in state.players]
    by_name = {re.search(r"<th>(.*?)</th>", row).group(1): re.findall(r"<td>(.*?)</td>", row) for row in rows[1:]}
    assert list(by_name) == list(PLAYER_ROWS) and all(len(cells) == 3 for cells in by_name.values())
    assert by_name["tokens"] == ["2", "0", "0"]
    assert "Turtle Snake" not in by_name["Capture cards"][0] and by_name["Capture cards"][1:] == ["-", "-"]
    assert "Turtle Snake (yin)" in players_html(state, "Jessy")
