"""Drawing Beyond's cards (beyond-rulebook.txt, "The Celestial Spirit Cards", "Phase 2", "Enchanted
Celestial Spirit"): what each function puts on the axes, checked on the artists."""

from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch

from explorer.beyond import new_game
from explorer.beyond.actions import Reveal
from explorer.beyond.render_cards import (
    MAX_REVEALED,
    SPIRIT_COLOURS,
    RevealRow,
    area_layout,
    area_png,
    discard_summary,
    discard_text,
    draw_area,
    draw_capture_card,
    draw_card,
    revealed_png,
)
from explorer.beyond.position import from_position


def _axes():
    return Figure().add_subplot()


def _hex(colour) -> str:
    from matplotlib.colors import to_hex
    return to_hex(colour)


def test_a_spirit_card_shows_its_spirit_colour_name_part_and_symbol():
    state = new_game(2)
    ax = _axes()
    box, *rest = draw_card(ax, 0, 0, state.cards["AD09"], state.components)  # a Double Azure Dragon body, yin
    texts = [a.get_text() for a in rest if hasattr(a, "get_text")]
    assert _hex(box.get_facecolor()) == SPIRIT_COLOURS["AD"]
    assert "Double\nAzure\nDragon" in texts and "body" in texts  # the full name, one word a line
    disc = [a for a in rest if isinstance(a, Circle)]
    assert len(disc) == 1 and _hex(disc[0].get_facecolor()) == "#000000"  # Yin: black


def test_a_nian_shou_card_carries_one_yin_and_one_yang():
    discs = [a for a in draw_card(_axes(), 0, 0, None) if isinstance(a, Circle)]
    assert sorted(_hex(d.get_facecolor()) for d in discs) == ["#000000", "#ffffff"]


def test_a_capture_card_shows_only_its_symbol():
    state = new_game(2)
    artists = draw_capture_card(_axes(), 0, 0, state.cards["TS16"])  # yang
    assert [a.get_text() for a in artists if hasattr(a, "get_text")] == ["yang"]
    assert _hex(next(a for a in artists if isinstance(a, Circle)).get_facecolor()) == "#ffffff"


def test_reveal_row_fills_its_slots_in_place_and_edges_the_clashing_spirits_red():
    state = new_game(["Jessy", "Sam"], top=("TS01", "VB01", "TS02"))
    row = RevealRow(state.components)
    faces = list(row.faces)
    for _ in range(3):
        state.apply(Reveal())
    png = row.update([state.cards[c] for c in state.revealed], "failed")
    assert png[:4] == b"\x89PNG" and row.faces == faces and len(faces) == MAX_REVEALED
    assert [_hex(f.get_facecolor()) for f in faces[:3]] == [SPIRIT_COLOURS["TS"], SPIRIT_COLOURS["VB"],
                                                            SPIRIT_COLOURS["TS"]]
    assert _hex(faces[0].get_edgecolor()) == _hex(faces[2].get_edgecolor()) == "#e8001c"
    assert _hex(faces[1].get_edgecolor()) == "#000000"
    assert row.labels[3].get_text() == "" and not row.symbols[3].get_visible()
    row.set_cards([])
    assert all(label.get_text() == "" for label in row.labels)
    assert revealed_png(state)[:4] == b"\x89PNG"


def _rich_area():
    return from_position({"players": [
        {"name": "Jessy", "spirit": ["TS01", "AD01", "TS02", "YU01"], "captures": ["VB01", "VB16"], "nian": ["NS1"],
         "tokens": 3, "protected": ["AD01"], "patterns": [{"cards": ["MT01", "MT02", "MT09", "MT10"], "lotus": True}],
         "lotus": 1},
        "Sam"], "discard": ["YU02"], "options": {"protection": True, "summoning": True}}, seed=3)


def test_area_layout_groups_loose_cards_by_spirit_in_the_spirits_order():
    layout = area_layout(_rich_area(), "Jessy")
    assert layout["loose"] == {"TS": ["TS01", "TS02"], "AD": ["AD01"], "YU": ["YU01"]}
    assert layout["captures"] == ["VB01", "VB16"] and layout["nian"] == ["NS1"]
    assert layout["tokens"] == 3 and layout["lotus"] == 1 and layout["protected"] == ["AD01"]


def test_draw_area_draws_every_card_the_stock_corners_and_the_score():
    state = _rich_area()
    ax = _axes()
    draw_area(ax, state, "Jessy")
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    # stock + 4 corners (2 capture cards, 2 empty) + 1 Nian Shou + 4 pattern cards + 4 loose cards
    assert len(boxes) == 1 + 4 + 1 + 4 + 4
    enchanted = [b for b in boxes if _hex(b.get_edgecolor()) == "#d4a017"]
    assert len(enchanted) == 4
    texts = " ".join(t.get_text() for t in ax.texts)
    assert "BEYOND stock" in texts and "tokens 3" in texts and "Lotus 1" in texts and "enchanted" in texts
    assert f"Jessy: {state.score('Jessy')['total']} energy points" in texts
    draw_area(ax, state, "Sam")  # the same axes, redrawn
    assert "stock" in " ".join(t.get_text() for t in ax.texts) and "BEYOND" not in " ".join(t.get_text() for t in ax.texts)
    assert area_png(state, "Jessy")[:4] == b"\x89PNG"


def test_discard_summary_counts_the_public_discard_pile_by_spirit():
    state = _rich_area()
    assert discard_summary(state) == {"TS": 0, "VB": 0, "AD": 0, "MT": 0, "YU": 1}
    assert discard_text(state) == "discard pile: 1 card (Yellow Unicorn 1)"


def test_the_score_line_counts_every_token_of_the_play_area_in_words():
    """beyond-rulebook.txt, "End of the Game - Counting Energy Points": "+1 per token in their entire play
    area" -- the stock's tokens, the protection tokens and the Lotus tokens (ruling beyond.tokens-scored):
    the score line says so, apart from the Stock card's own "tokens" (those in stock alone)."""
    state = _rich_area()
    ax = _axes()
    draw_area(ax, state, "Jessy")
    owned = state.tokens_owned("Jessy")
    assert owned > state.area("Jessy")["tokens"]
    assert state.score("Jessy")["tokens in the play area (Lotus included)"] == owned
    line = next(t.get_text() for t in ax.texts if t.get_text().startswith("patterns "))
    assert line.endswith(f", tokens in the play area {owned}")
