"""Beyond's pictures are readable where they are shown (issue 11): every text at least
MIN_FONT_SIZE (8 pt) at the size a page shows the picture -- at 1 px per CSS px, shrunk only in
an output area narrower than the picture (JupyterLab's narrowest is 590 px) -- and every card's
name, in full, inside its card."""

import pytest
from matplotlib.figure import Figure

from explorer.beyond import new_game
from explorer.beyond.odds import collected_distribution, reveal_decision
from explorer.beyond.position import from_position
from explorer.beyond.render_cards import (
    CARD_H,
    CARD_W,
    DPI,
    PICTURE_MAX_WIDTH,
    UNIT_PX,
    RevealRow,
    StatePicture,
    area_figure,
    area_png,
    draw_card,
    shown_points,
)
from explorer.beyond.render_odds import plot_collected, plot_curves, plot_exact_vs_sampled, plot_expected_by_k
from explorer.core.display import new_figure
from explorer.core.players import play
from explorer.core.render_labels import MIN_FONT_SIZE, renderer_of, texts_of
from explorer.core.replay import replay
from explorer.core.systems import get

BEYOND = get("beyond")


def _small(figure) -> list:
    figure.canvas.draw() if hasattr(figure.canvas, "draw") else None
    width_px = figure.get_figwidth() * figure.dpi
    return [(t.get_text(), t.get_fontsize()) for t in texts_of(figure)
            if shown_points(t.get_fontsize(), figure.dpi, width_px) < MIN_FONT_SIZE - 1e-6]


@pytest.fixture(scope="module")
def record():
    return replay(play(BEYOND.new_game("advanced_4", seed=3), BEYOND.players["patient"](), seed=3).to_json())


def test_the_replay_picture_fits_590_px_and_every_text_is_8_pt_or_more(record):
    picture = StatePicture(record.states[0])
    for state in record.states:
        picture.update(state)
    assert picture.pixel_size[0] <= PICTURE_MAX_WIDTH
    small = [(text, size) for text, size in picture.text_sizes
             if shown_points(size, picture.dpi, picture.pixel_size[0]) < MIN_FONT_SIZE - 1e-6]
    assert picture.text_sizes and not small, small[:5]


def test_the_reveal_row_and_the_area_are_8_pt_or_more_and_fit_590_px():
    state = from_position({"players": [
        {"name": "Jessy", "spirit": ["TS01", "AD01", "TS02", "YU01", "YU02", "YU03", "YU04", "YU05", "YU06"],
         "captures": ["VB01", "VB16"], "nian": ["NS1", "NS2"], "tokens": 3, "protected": ["AD01", "YU02"],
         "patterns": [{"cards": ["MT01", "MT02", "MT09", "MT10"], "lotus": True},
                      {"cards": ["VB02", "VB03", "VB04", "VB05"], "lotus": False}], "lotus": 1},
        "Sam"], "discard": ["YU07"], "options": {"protection": True, "summoning": True}}, seed=3)
    row = RevealRow(state.components)
    row.set_cards([state.cards[c] for c in ("AD01", "MT01", "YU01", "TS01", "VB01", "AD09")], "Jessy revealed 6 cards")
    assert row.pixel_size[0] <= PICTURE_MAX_WIDTH and not _small(row.figure)
    figure = area_figure()
    area_png(state, "Jessy", figure)
    assert figure.get_figwidth() * figure.dpi <= PICTURE_MAX_WIDTH + 0.5 and not _small(figure)


def test_the_odds_charts_are_8_pt_or_more():
    decision = reveal_decision(revealed=[("TS", "card", "yin")], unseen=new_game(2).draw_pile_counts(), lotus=2,
                               nian_shou_left=6, k_max=3)
    axes = [new_figure().add_subplot() for _ in range(4)]
    plot_curves({"fresh deck": [(0, 0.1), (1, 0.2)], "d Turtle Snakes discarded": [(0, 0.2), (1, 0.3)]}, axes[0],
                xlabel="d", title="P(fail)")
    plot_expected_by_k(decision.gain, axes[1], title="expected")
    plot_exact_vs_sampled({1: 0.1, 2: 0.2}, {1: 0.11, 2: 0.19}, 1000, axes[2], title="exact")
    unseen = new_game(2).draw_pile_counts()
    plot_collected([collected_distribution([], unseen, k) for k in (1, 2)], axes[3], title="collected")
    for ax in axes:
        assert not _small(ax.figure), _small(ax.figure)[:3]


def test_every_card_name_is_in_full_inside_its_card():
    """The longest names (Double Azure Dragon, Double Metal Tiger, Vermilion Bird, Yellow Unicorn)
    and parts, at the size the replay and area pictures draw a card (UNIT_PX a unit at DPI)."""
    state = new_game(2)
    figure = Figure(figsize=(CARD_W * UNIT_PX / DPI, CARD_H * UNIT_PX / DPI), dpi=DPI)
    ax = figure.add_axes((0, 0, 1, 1))
    renderer = renderer_of(figure)
    for card in [*state.cards.values(), None]:
        ax.cla()
        ax.set_xlim(0, CARD_W)
        ax.set_ylim(0, CARD_H)
        box, *rest = draw_card(ax, 0, 0, card, state.components)
        face = box.get_window_extent(renderer)
        texts = [a for a in rest if hasattr(a, "get_text")]
        name = state.components.spirits[card.spirit].name if card else "Nian Shou"
        assert " ".join(t.get_text().replace("\n", " ") for t in texts).endswith(name)
        for text in texts:
            inner = text.get_window_extent(renderer)
            assert face.x0 <= inner.x0 and inner.x1 <= face.x1 and face.y0 <= inner.y0 and inner.y1 <= face.y1, \
                (text.get_text(), card)
