"""Beyond's picture of a whole game state (explorer/beyond/render_cards.py, ``StatePicture``): what the
replay panel shows of each step -- the revealed cards ("Phase 1: Reveal and Collection"), the draw
pile, each player's area ("Phase 2: Positioning of Collected Cards in Their Play Area", "Enchanted
Celestial Spirit", "The 6 Cards of the Evil Spirit"), the phase and the player to act -- with no
label over another."""

from io import BytesIO

import pytest
from PIL import Image

from explorer.beyond import new_game
from explorer.beyond.render_cards import StatePicture, players_html, status_line, table_line
from explorer.core.players import play
from explorer.core.replay import replay
from explorer.core.systems import get
from tests.beyond.helpers import arrange

BEYOND = get("beyond")


def whole_game(config: str, seed: int = 3):
    return play(BEYOND.new_game(config, seed=seed), BEYOND.players["patient"](), seed=seed)


@pytest.fixture(scope="module")
def record():
    """A four-player advanced game played to its end: captures, protections, patterns, Nian Shou."""
    return replay(whole_game("advanced_4"))


def overlapping(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module")
def walked(record):
    """A picture that has shown every step of the game (each tile it drew is in its cache)."""
    picture = StatePicture(record.states[0])
    for state in record.states:
        picture.update(state)
    return picture


def test_no_label_overlaps_another_or_leaves_its_tile(walked, record):
    """Checked on every tile the game's steps drew (texts stay inside their tile), and on the tiles
    of a few steps (no two tiles holding text overlap)."""
    assert walked.rendered > 100
    for (width, height, _face, key), (_pixels, boxes) in walked._cache.items():
        for k, (text, box) in enumerate(boxes):
            assert -0.5 <= box.x0 and box.x1 <= width + 0.5 and -0.5 <= box.y0 and box.y1 <= height + 0.5, \
                f"{text!r} leaves its tile ({key})"
            for other, other_box in boxes[k + 1:]:
                assert not box.overlaps(other_box), f"{text!r} overlaps {other!r} ({key})"
    for state in record.states[::25]:
        walked.update(state)
        tiles = walked.tile_boxes()
        names = [name for name, _ in tiles]
        assert len(names) == len(set(names))
        for k, (name, box) in enumerate(tiles):
            for other, other_box in tiles[k + 1:]:
                assert not overlapping(box, other_box), f"tile {name!r} overlaps {other!r}"
        labels = walked.label_boxes()
        assert labels and all(any(t == name for t, _ in tiles) for name, _, _ in labels)


def test_the_picture_shows_the_phase_the_player_to_act_and_the_piles(record):
    picture = StatePicture(record.states[0])
    texts = {text for _, text, _ in picture.label_boxes()}
    assert status_line(record.states[0]) in texts and table_line(record.states[0]) in texts
    assert "turn 1, Phase 1: reveal: P1 to act" in texts
    assert "draw pile 80 -- discard pile 0" in table_line(record.states[0])
    assert "to act" in texts and "BEYOND stock" in texts and "draw pile" in texts
    end = record.final
    picture.update(end)
    texts = {text for _, text, _ in picture.label_boxes()}
    assert any(t.startswith("game over after turn") for t in texts) and "to act" not in texts


def test_revealed_cards_are_shown_and_a_failed_reveal_edges_the_clash(record):
    index = next(i for i, s in enumerate(record.states) if s.phase == "collect")
    state = record.states[index]
    picture = StatePicture(state)
    shown = {tile.name: key for tile, (_, _, _, key) in picture._shown}
    for i, card in enumerate(state.revealed[:6]):
        assert shown[f"revealed {i}"][1:3] == (card, state.cards[card].spirit == state.cards[state.revealed[-1]].spirit)
    assert all(shown[f"revealed {i}"] == ("empty",) for i in range(len(state.revealed), 6))
    assert f"revealed this round: {len(state.revealed)} -- failed reveal" in {t for _, t, _ in picture.label_boxes()}


def test_each_area_is_summarised_and_only_the_acting_band_is_edged(record):
    state = next(s for s in reversed(record.states) if s.phase == "act"
                 and any(s.area(p)["patterns"] and s.area(p)["captures"] for p in s.players))
    picture = StatePicture(state)
    shown = {tile.name: key for tile, (_, _, _, key) in picture._shown}
    texts = {(tile, text) for tile, text, _ in picture.label_boxes()}
    for player in state.players:
        area = state.area(player)
        assert shown[f"{player} band"] == ("band", player == state.current_player)
        assert (f"{player} label", f"{state.score(player)['total']} energy points") in texts
        assert (f"{player} label", f"tokens {area['tokens']}, Lotus {area['lotus']}") in texts
        assert (f"{player} nian caption", f"Nian Shou {len(area['nian'])}") in texts
        captures = [shown[f"{player} capture {i}"] for i in range(4)]
        assert captures == [("capture", state.cards[c].symbol) for c in area["captures"]] + \
            [("corner",)] * (4 - len(area["captures"]))
        for code in state.components.spirits:
            loose = [c for c in area["spirit"] if state.cards[c].spirit == code]
            patterns = [pt for pt in area["patterns"] if pt["spirit"] == code]
            key = shown[f"{player} {code}"]
            assert key[2] == (loose[-1] if loose else patterns[-1]["cards"][0] if patterns else None)
            assert key[3] == bool(patterns)
            if patterns:
                assert (f"{player} {code} caption", f"enchanted {len(patterns)}") in texts


def test_tiles_are_drawn_once_and_the_png_is_the_pixel_size(walked, record):
    drawn = walked.rendered
    for state in record.states[::7]:
        walked.update(state)
    assert walked.rendered == drawn  # every tile came from the cache
    assert Image.open(BytesIO(walked.png())).size == walked.pixel_size and walked.drawn


def test_a_state_of_another_game_is_refused(record):
    picture = StatePicture(record.states[0])
    with pytest.raises(ValueError, match="players differ"):
        picture.update(new_game(2))


def test_capture_cards_show_only_their_symbol_to_the_others():
    """Card backs: Yin or Yang Capture Side -- the public sees the symbol, the owner and referee the card."""
    state = arrange(new_game(["Jessy", "Sam"]), "Jessy", captures=["TS01"])
    public, own, other, referee = (players_html(state, v) for v in ("public", "Jessy", "Sam", None))
    assert "Turtle Snake" not in public and "Turtle Snake" not in other and "Turtle Snake (yin)" in own \
        and "Turtle Snake (yin)" in referee and "TS01" not in own + referee
    assert "what every player may know" in public and "the referee&#x27;s view" in referee
    with pytest.raises(ValueError, match="not a player"):
        players_html(state, "Nobody")
