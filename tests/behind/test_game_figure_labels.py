"""Game figures that read cleanly (issue 11): the chips' names (and conditions) of a game's picture --
``draw_state`` (lessons 1, 3, 4, 6) and the replay's ``StatePicture`` -- overlap no other label, no
chip and no obstacle, even in a crowd beside an obstacle; the legend under the picture lies inside
the figure (the pending melee's "melee waiting for the defence" is not cut at the right edge); no
text is smaller than MIN_FONT_SIZE at the size the notebook shows the figure.  Measured on the
text boxes as the renderer draws them.  Drawing only: the games are set up through positions
(tests/behind/game_fixtures.py) and play as before.
"""

import pytest
from matplotlib.legend import Legend

from explorer.behind.actions import Melee
from explorer.behind.data import load_decks
from explorer.behind.game import GameOptions, new_game
from explorer.behind.render_game import draw_state
from explorer.behind.render_replay import StatePicture
from explorer.behind.render_study import new_grid
from explorer.behind.render_table import polygon_path
from explorer.core.display import figure_png
from explorer.core.render_labels import (MIN_FONT_SIZE, box_hits_circle, line_size, overlapping_pairs, renderer_of,
                                         texts_of, too_small)
from tests.behind.game_fixtures import LUDWIG, SAHRA, VAMPIRE, Obstacle, duel_game, place, set_injuries

L, S = LUDWIG.name, SAHRA.name
MATHILDE, KONRAD = "Gräfin Mathilde von Rabenfels", "Konrad der Bleiche"
AGATHE, MAGDALENA, JOHANNA = "Schwester Agathe", "Magdalena von Stein", "Johanna Falkenauge"


@pytest.fixture(scope="module")
def decks():
    return load_decks()


def cluster(decks):
    """Six chips within a few chip radii (1.5 cm) of each other, a crate beside them and a hedge
    behind: the Vampires' three and three of the Sisterhood, one of them injured."""
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1)
    place(state, (L, 50, 40, 0), (MATHILDE, 53.5, 42, 0), (KONRAD, 50.5, 36.5, 0), (S, 55, 38.5, 180),
          (AGATHE, 57, 42.5, 180), (MAGDALENA, 54, 45.5, 180), (JOHANNA, 90, 60, 180),
          obstacles=[Obstacle.box("crate", 59.5, 36, 6, 8, height=3), Obstacle.box("hedge", 44, 43, 4, 6, height=2)])
    set_injuries(state, S, 1)
    return state


def melee_waiting():
    """Ludwig touches Sahra and attacks: the game waits for the Sisterhood's defence."""
    state = duel_game([9, 9, 9, 9, 9, 9], [1, 5, 5, 5, 5, 5])
    place(state, (L, 50.0, 40.0, 0.0), (S, 53.0, 40.0, 180.0))
    state.apply(Melee(L, S, state.hand(VAMPIRE)[0].id))
    return state


def jewel_game(decks):
    """Lesson 6's game (Geister, Tempelritter, Vampire; "Das Juwel von Athen")."""
    return new_game([decks["geister"], decks["tempelritter"], decks["vampire"]], "juwel_von_athen", seed=3,
                    options=GameOptions(character_points=30, max_turns=60))


def _pixels(ax, table):
    """Each chip's centre and radius in pixels, and each obstacle's outline in pixels."""
    to_px = ax.transData.transform
    chips = []
    for chip in table.chips:
        (cx, cy), (ex, _) = to_px(chip.position), to_px((chip.x + table.radius, chip.y))
        chips.append((chip.name, (cx, cy), abs(ex - cx)))
    obstacles = [(o.name, polygon_path(o.polygon).transformed(ax.transData)) for o in table.obstacles]
    return chips, obstacles


def assert_chip_labels_clear(ax, table, chip_texts, other_texts):
    """No label overlaps another; no chip label reaches into a chip or an obstacle (flat ones too),
    or leaves the axes."""
    renderer = renderer_of(ax.figure)
    chip_boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in chip_texts]
    other_boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in other_texts]
    every = chip_boxes + other_boxes
    pairs = overlapping_pairs([box for _, box in every])
    assert not pairs, [(every[i][0], every[j][0]) for i, j in pairs]
    chips, obstacles = _pixels(ax, table)
    inside = ax.bbox
    for words, box in chip_boxes:
        for name, centre, radius in chips:
            assert not box_hits_circle(box, centre, radius, slack=1.0), f"{words!r} on the chip of {name}"
        for name, path in obstacles:
            assert not path.intersects_bbox(box.shrunk(0.98, 0.9), filled=True), f"{words!r} on the {name}"
        assert inside.x0 - 0.5 <= box.x0 and box.x1 <= inside.x1 + 0.5 and inside.y0 - 0.5 <= box.y0 \
            and box.y1 <= inside.y1 + 0.5, f"{words!r} outside the axes"


def chip_texts_of(ax, state):
    """The chips' labels draw_state drew: each chip's name and its condition line."""
    words = {line for chip in state.table.chips for line in label_lines(state, chip.name)}
    legend_texts = {id(t) for t in ax.get_legend().texts} if ax.get_legend() is not None else set()
    return [t for t in ax.texts if t.get_visible() and t.get_text() in words and id(t) not in legend_texts]


def label_lines(state, name):
    from explorer.behind.render_game import chip_label
    return chip_label(state, name).split("\n")


def assert_draw_state_clear(ax, state):
    figure_png(ax.figure)  # laid out and drawn as the notebook shows it
    chip_texts = chip_texts_of(ax, state)
    (left, right), (bottom, top) = ax.get_xlim(), ax.get_ylim()
    shown = [c for c in state.table.chips if left <= c.x <= right and bottom <= c.y <= top]
    assert {t.get_text() for t in chip_texts} >= {c.name for c in shown}, "a chip shown without its name"
    others = [t for t in ax.texts if t.get_visible() and t.get_text().strip() and t not in chip_texts]
    assert_chip_labels_clear(ax, state.table, chip_texts, others)


def assert_legend_inside(figure):
    """Every legend text lies inside the figure, at least MIN_FONT_SIZE at display size."""
    renderer = renderer_of(figure)
    frame = figure.bbox
    legends = [legend for legend in figure.findobj(Legend)]
    assert legends
    for legend in legends:
        for text in legend.texts:
            box = text.get_window_extent(renderer)
            assert frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1, \
                (text.get_text(), box, frame)
    small = too_small(figure)
    assert not small, [(t.get_text(), t.get_fontsize()) for t in small]


# ---------------------------------------------------------------------------------------------
# draw_state: the lessons' pictures
# ---------------------------------------------------------------------------------------------
def test_a_crowd_beside_an_obstacle_keeps_every_name_clear(decks):
    """Six chips within a few radii, a crate beside them: no name on another name, a chip or the crate."""
    state = cluster(decks)
    ax = draw_state(state)
    assert_draw_state_clear(ax, state)
    assert "lightly injured" in [t.get_text() for t in chip_texts_of(ax, state)]
    assert_legend_inside(ax.figure)


def fight_beside_a_crate(decks):
    """Lesson 4's kind of picture: four chips in a fight within a few radii, a crate beside them."""
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1)
    place(state, (L, 50, 40, 0), (KONRAD, 50.5, 36, 0), (S, 53.5, 40.5, 180), (AGATHE, 54, 36.5, 180),
          obstacles=[Obstacle.box("crate", 57, 35, 5, 8, height=3)])
    set_injuries(state, S, 1)
    return state


def test_zoomed_fights_side_by_side_keep_every_name_clear(decks):
    """Lesson 4's pictures side by side (a laid-out grid wider than the notebook, zoomed on the
    fight): names clear -- also those of the first picture, whose axes the second one's taller legend
    moves --, legends inside the figure, text at least the minimum at display size."""
    fight, melee = fight_beside_a_crate(decks), melee_waiting()
    axes = new_grid(1, 2, 10.4, 4.3).ravel()
    draw_state(melee, axes[0], title="the melee", focus=[L, S], margin=6)
    draw_state(fight, axes[1], title="the fight", focus=[L, S], margin=8)
    assert_draw_state_clear(axes[0], melee)
    assert_draw_state_clear(axes[1], fight)
    assert_legend_inside(axes[0].figure)


def test_the_pending_melee_legend_fits_the_figure():
    """"melee waiting for the defence" is not cut at the right edge, in the whole table's picture
    and zoomed on the fight (lesson 4's pictures are narrower)."""
    state = melee_waiting()
    for options in ({}, {"focus": [L, S], "margin": 7}):
        ax = draw_state(state, **options)
        figure_png(ax.figure)
        words = [t.get_text() for t in ax.get_legend().texts]
        assert "melee waiting for the defence" in words
        assert_legend_inside(ax.figure)
        assert_draw_state_clear(ax, state)


def test_the_jewel_game_keeps_every_name_clear(decks):
    """Lesson 6: thirteen chips, eight obstacles, the jewel on its bearer."""
    state = jewel_game(decks)
    ax = draw_state(state)
    assert_draw_state_clear(ax, state)
    assert_legend_inside(ax.figure)
    assert all(t.get_fontsize() >= MIN_FONT_SIZE for t in texts_of(ax.figure))


def test_labels_are_placed_by_their_measured_boxes(decks):
    """label_layout places the boxes the renderer draws (not a guess from the number of letters): a
    long bold name and an italic condition measure what they take."""
    state = cluster(decks)
    ax = draw_state(state)
    figure_png(ax.figure)
    renderer = renderer_of(ax.figure)
    texts = chip_texts_of(ax, state)
    assert any(t.get_fontweight() == "bold" for t in texts) and any(t.get_fontstyle() == "italic" for t in texts)
    for text in texts:
        box = text.get_window_extent(renderer)
        width, height = line_size(renderer, text.get_text(), text.get_fontsize(), weight=text.get_fontweight(),
                                  style=text.get_fontstyle())
        assert abs(box.width - width) < 0.5 and -0.5 < height - box.height < 1.0, text.get_text()
        assert text.get_fontsize() >= MIN_FONT_SIZE


# ---------------------------------------------------------------------------------------------
# The replay's picture, updated in place
# ---------------------------------------------------------------------------------------------
def picture_texts(picture):
    chip_texts = [t for artists in picture.chips.values() for t in (artists.name, artists.condition)
                  if t.get_visible() and t.get_text()]
    others = [t for t in (*(text for text, _ in picture._obstacle_labels), picture.jewel_label)
              if t.get_visible() and t.get_text()]
    return chip_texts, others


@pytest.mark.parametrize("make", ["cluster", "melee", "jewel"])
def test_the_replay_picture_keeps_every_name_clear(decks, make):
    state = {"cluster": lambda: cluster(decks), "melee": melee_waiting, "jewel": lambda: jewel_game(decks)}[make]()
    picture = StatePicture(state)
    picture.png()
    chip_texts, others = picture_texts(picture)
    assert len([t for t in chip_texts if t.get_text() in {c.name for c in state.table.chips}]) == len(state.table)
    assert_chip_labels_clear(picture.ax, state.table, chip_texts, others)
    assert_legend_inside(picture.figure)


def test_the_replay_picture_updated_into_a_crowd_keeps_names_clear(decks):
    """Updated in place from the opening to the crowd (same game, other positions): the labels are
    placed again, clear."""
    start = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1)
    picture = StatePicture(start)
    crowd = cluster(decks)
    picture.update(crowd)
    chip_texts, others = picture_texts(picture)
    assert_chip_labels_clear(picture.ax, crowd.table, chip_texts, others)
    hidden = {name for name, artists in picture.chips.items() if not artists.body.get_visible()}
    assert hidden == set(start.table.names) - set(crowd.table.names)
