"""The picture of a game of Behold: Rome as it is held (explorer/behold_rome/render_game.py):
behold-rome-rulebook.txt, "Holding the Game" (the deck, stored cards turned, controlled regions at
the very back, the hand) and "Concept & Term Glossary > Level" (four levels, the upright one active)."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image

from explorer.behold_rome.game import arranged, shipped_cards
from explorer.behold_rome.render_game import StatePicture, draw_card, slab_name, state_png
from explorer.core.players import make_player
from explorer.core.render_labels import label_collisions
from explorer.core.rng import SeededRng
from explorer.core.systems import load_all

SYSTEM = load_all()["behold_rome"]
CARDS = shipped_cards()


def _held():
    """A position with 2 stored cards and 2 controlled regions, the nation card in the middle."""
    return arranged(stack=[("forum", 2), ("legion", 1, "stored"), ("nation", 2), ("roads", 1), ("temple", 1, "stored"),
                           ("gaul", 2, "controlled"), ("africa", 3, "controlled")],
                    hand=[("senate", 2), ("villa", 1), ("fleet", 1), ("games", 2), ("greece", 1)], round=3, nation_level=2)


def _played(seed: int, actions: int):
    state, player, rng = SYSTEM.new_game(None, seed=seed), make_player(SYSTEM, "patient"), SeededRng(seed)
    states = [state.copy()]
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply(player.choose(state, rng))
        states.append(state.copy())
    return states


def _upright_bold(figure) -> list[str]:
    """The texts a card shows upright and bold: each drawn card's active level."""
    return [t.get_text().replace("\n", " ") for t in figure.axes[0].texts if t.get_fontweight() == "bold"]


def test_every_card_is_drawn_once_in_its_place():
    """behold-rome-rulebook.txt, "Holding the Game": the top card is seen whole, the rest of the deck in
    its order from the front to the back, the hand apart; each of the 16 civ cards, the nation, round
    and age cards drawn exactly once, the nation card where it is in the deck."""
    state = _held()
    picture = StatePicture(state)
    deck = state.deck
    expected = [e[0] for e in deck.stack] + [e[0] for e in deck.hand]
    assert sorted(picture.cards) == sorted(expected) and len(expected) == 19
    slabs = [picture.cards[e[0]].get_x() for e in deck.stack]
    assert slabs == sorted(slabs), "the deck is drawn front (left) to back (right)"
    assert [e[0] for e in deck.stack].index("nation") == 2
    slab_texts = [t.get_text().removeprefix("\u21bb ") for t in picture.ax.texts if t.get_rotation() == 90.0
                  and t.get_position()[0] > picture.cards[deck.stack[0][0]].get_x() + 1.0
                  and t.get_position()[1] > picture.cards[deck.stack[0][0]].get_y()]  # right of the top card, above the hand
    assert slab_texts == [slab_name(state, e) for e in deck.stack[1:]]
    assert slab_texts[1] == "nation: republic" and "\u21bb 1 Levy" in [t.get_text() for t in picture.ax.texts]
    # the active level of the top card and of each hand card, upright and bold, once each
    active = [f"{e[1]} {CARDS.card(e[0]).level(e[1]).name}" for e in [deck.stack[0], *deck.hand]]
    assert sorted(_upright_bold(picture.figure)) == sorted(active)


def test_controlled_regions_stick_out_at_the_back_and_stored_cards_are_turned():
    """behold-rome-rulebook.txt, "Holding the Game": controlled regions always stay in the very back;
    a stored card is rotated 90 degrees ("Concept & Term Glossary > Store / Stored")."""
    state = _held()
    cards = StatePicture(state).cards
    plain, stored, controlled = cards["roads"], cards["legion"], cards["gaul"]
    assert cards["gaul"].get_x() > max(cards[c].get_x() for c in ("forum", "legion", "nation", "roads", "temple"))
    assert cards["africa"].get_x() > cards["gaul"].get_x()
    assert controlled.get_y() > plain.get_y() and controlled.get_height() == plain.get_height()
    assert stored.get_width() > plain.get_width() and stored.get_height() < plain.get_height()
    assert stored.get_hatch() and not plain.get_hatch() and cards["temple"].get_hatch()


def test_a_card_draws_its_four_levels_with_the_active_one_upright():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Level": every card has 4 levels, the level
    oriented upright is active; turning the card a quarter makes the next level upright."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(2, 2), dpi=96)
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 2), ax.set_ylim(0, 2)
    artists = draw_card(ax, CARDS.card("gaul"), 2, x=0.4, y=0.2)
    texts = {t.get_text().replace("\n", " "): t for t in artists[2:]}
    assert set(texts) == {"2 Transalpine Gaul", "3 Gallia Comata", "4 Gallic Tribute", "1 Cisalpine Gaul"}
    rotations = {name: t.get_rotation() for name, t in texts.items()}
    assert rotations == {"2 Transalpine Gaul": 0.0, "3 Gallia Comata": 270.0, "4 Gallic Tribute": 180.0,
                         "1 Cisalpine Gaul": 90.0}
    assert texts["2 Transalpine Gaul"].get_fontweight() == "bold"
    assert [t.get_fontweight() for n, t in texts.items() if n != "2 Transalpine Gaul"] == ["normal"] * 3
    # no level given: the starting level (the star) is upright
    default = draw_card(ax, CARDS.card("africa"), x=0.4, y=0.2)
    assert default[2].get_text() == "2 Africa" and default[2].get_rotation() == 0.0


@pytest.mark.parametrize("seed", [3, 8])
def test_the_picture_reads_cleanly_through_a_game(seed):
    """behold-rome-rulebook.txt, "Holding the Game" and "Gameplay": from the deal through 60 random
    actions (stored cards, conquered regions, cards being resolved) no text runs into another, every
    text is inside the picture and at least 8 pt as shown; the picture keeps its size."""
    states = _played(seed, 60)
    picture = StatePicture(states[0])
    size = picture.pixel_size
    for state in states[::6] + [states[-1]]:
        picture.update(state)
        assert label_collisions(picture.figure) == [], (seed, state)
        assert picture.pixel_size == size
    assert any(state.deck.stored() for state in states) and any(state.deck.aside for state in states)


@pytest.mark.parametrize("name", ["score_chaser", "fluid_hard"])
def test_the_header_names_the_difficulty_and_variants_to_the_end(name):
    """behold-rome-rulebook.txt, "Difficulty Settings", "Fluid Round Variant" and "Score Chaser Mode": the
    picture's header names the game's difficulty and its variants, and still reads cleanly at the game's
    end (its score line added)."""
    state, player, rng = SYSTEM.new_game(SYSTEM.configurations[name], seed=5), make_player(SYSTEM, "patient"), SeededRng(5)
    while not state.is_terminal():
        state.apply(player.choose(state, rng))
    picture = StatePicture(state)
    texts = [t.get_text() for t in picture.ax.texts]
    header = next(t for t in texts if t.startswith("Round "))
    assert f"difficulty: {state.difficulty}" in header and "over: " in header
    assert all(v in header for v in state.variants) and state.variants
    assert label_collisions(picture.figure) == []


def test_the_state_shows_itself_in_jupyter():
    """behold-rome-rulebook.txt, "Holding the Game": the game as held is what a notebook shows of a state."""
    state = _held()
    png = state._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png == state_png(state)
    assert Image.open(BytesIO(png)).size == StatePicture(state).pixel_size
    markup = state._repr_html_()
    assert markup.startswith("<img") and "the latest events" in markup


def test_the_replay_panel_draws_with_this_picture():
    """behold-rome-rulebook.txt, "Gameplay": a recorded game replayed step by step shows the game as held."""
    from explorer.core.panels import ReplayPanel

    states = _played(5, 20)
    panel = ReplayPanel(states[-1].to_json(), picture="image")
    assert isinstance(panel.picture, StatePicture) and SYSTEM.picture_class() is StatePicture
    first = bytes(panel.image.value)
    panel.last.click()
    assert bytes(panel.image.value) != first
    assert Image.open(BytesIO(bytes(panel.image.value))).size == panel.picture.pixel_size
    panel.viewer.value = "player"
    assert "hand" in panel.players.value


def _spine_overruns(picture) -> list[str]:
    """Every name on a card's spine (the deck seen from the side) whose drawn extent -- its background
    box included -- reaches past its slab's ends or sides."""
    from explorer.core.render_labels import renderer_of

    renderer = renderer_of(picture.figure)
    picture.figure.draw(renderer)
    out = []
    slabs = [p for p in picture.cards.values() if p.get_width() < 0.5]
    for text in picture.ax.texts:
        if text.get_rotation() != 90.0:
            continue
        box = text.get_window_extent(renderer)
        patch = text.get_bbox_patch()
        if patch is not None:
            box = patch.get_window_extent(renderer)
        cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
        for slab in slabs:
            edge = slab.get_window_extent(renderer)
            if edge.x0 <= cx <= edge.x1 and edge.y0 <= cy <= edge.y1:
                if box.y0 < edge.y0 or box.y1 > edge.y1 or box.x0 < edge.x0 - 0.5 or box.x1 > edge.x1 + 0.5:
                    out.append(f"{text.get_text()!r}: {box.y0:.0f}-{box.y1:.0f} px on a slab {edge.y0:.0f}-{edge.y1:.0f} px")
                break
    return out


def test_every_name_fits_on_its_spine_plain_or_stored():
    """behold-rome-rulebook.txt, "Holding the Game" and "Concept & Term Glossary > Store / Stored": every
    level of every shipped card, seen from the side in the deck and turned as a stored card, shows its
    whole name inside its slab (a stored card's "3 Africa Proconsularis" ran 1 px past its slab, its
    background box 3 px, before the stored slab was made taller)."""
    picture = None
    for card in CARDS.civ_cards:
        other = "roads" if card.id == "forum" else "forum"
        for level in card.levels:
            for mark in ("stored", ""):
                state = arranged(stack=[(other, 1), (card.id, level.level, mark)], hand=[])
                picture = StatePicture(state) if picture is None else picture
                picture.update(state)
                assert _spine_overruns(picture) == [], (card.id, level.level, mark)
                names = [t.get_text() for t in picture.ax.texts if t.get_rotation() == 90.0]
                assert ("\u21bb " if mark else "") + f"{level.level} {level.name}" in names


def test_a_name_too_long_for_its_spine_is_cut_and_given_whole_in_the_key():
    """behold-rome-rulebook.txt, "Holding the Game": a user's card set may name a level at length (up to 40
    letters); a name its slab cannot hold is cut with an ellipsis and written whole in the key, and the
    picture still reads cleanly."""
    import json

    from explorer.behold_rome.cards import CARDS_FILE, CardSet

    data = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
    long_name = "Africa Proconsularis et Numidia"
    for card in data["civ_cards"]:
        for level in card["levels"]:
            if level["name"] == "Africa Proconsularis":
                level["name"] = long_name
    cards = CardSet.from_json(data)
    state = arranged(stack=[("forum", 1), ("africa", 3, "stored"), ("roads", 4)], hand=[], cardset=cards)
    picture = StatePicture(state)
    assert _spine_overruns(picture) == [] and label_collisions(picture.figure) == []
    texts = [t.get_text() for t in picture.ax.texts]
    cut = [t for t in texts if t.startswith("\u21bb 3 Africa") and t.endswith("\u2026")]
    assert len(cut) == 1 and long_name not in cut[0]
    key = next(t for t in texts if "cards in the deck" in t)
    assert cut[0].removeprefix("\u21bb ") in key and " ".join(key.split()).endswith("3 " + long_name)


def test_the_nation_card_on_top_shows_its_statuses_with_the_active_one_marked():
    """behold-rome-rulebook.txt, "Round End" ("When you draw a card and reveal your nation card, stop
    immediately"): the nation card on top was drawn as a grey box reading "nation: monarchy".  It shows the
    nation card's four statuses, the active one marked, as the card reads held upright."""
    state = arranged(stack=[("nation", 2), ("forum", 2), ("roads", 1)],
                     hand=[("senate", 2), ("villa", 1), ("fleet", 1), ("games", 2)], nation_level=2)
    picture = StatePicture(state)
    texts = [t.get_text() for t in picture.figure.axes[0].texts]
    statuses = [level.status for level in state.cardset.nation.levels]
    card = next(t for t in texts if t.startswith("nation card\n"))
    assert card.splitlines() == ["nation card"] + [("\u25b6 " if level.level == 2 else "") + level.status
                                                   for level in state.cardset.nation.levels]
    assert "\u25b6 republic" in card and len(statuses) == 4
    assert label_collisions(picture.figure) == []
