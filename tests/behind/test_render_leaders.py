"""Leader lines and crowds in the Behind game pictures (issue 11): a name set off from its chip is
joined to it by a leader line that crosses no other label and no other chip, and the names of a
crowd (chips touching or standing within a few cm) neither overlap nor run into each other.
Checked on the pictures the lessons draw, with the label boxes measured by the renderer."""

import math

import pytest

from explorer.behind.data import load_decks
from explorer.behind.game import new_game
from explorer.behind.panels.panel_replay import PICTURE_DPI, PICTURE_WIDTH
from explorer.behind.players import GreedyPlayer
from explorer.behind.render_game import draw_state
from explorer.behind.render_replay import StatePicture, draw_jewel_path
from explorer.behind.render_table import LEADER_GRAZE
from explorer.core.render_labels import label_collisions, renderer_of, shown_texts
from explorer.core.rng import SeededRng
from tests.behind.test_render_lesson_labels import jewel_game, shown_collisions  # noqa: F401  (a fixture)


def leader_faults(figure, table, *, chips: bool = True) -> list[str]:
    """Every leader line (a two-point line of the axes starting at a chip's rim) that crosses a label
    (other than the one it leads to, which it may touch) or runs through a chip other than its own
    (nearer its centre than :data:`LEADER_GRAZE` of its radius: grazing the rim is no fault);
    and every label crossed by any line (:func:`label_collisions` with ``lines``) -- the hand-over
    numbers of the jewel's path aside (they lie on it by design: their own leaders).  ``chips=False``:
    a leader may pass over a chip of a crowd packed so tight that no line out of it misses one."""
    renderer = renderer_of(figure)
    figure.draw(renderer)
    faults = [p for p in label_collisions(figure, lines=True, every_text=False)
              if "crossed by a line" in p and not p.split("'")[1].isdigit()]
    for ax in figure.axes:
        to_px = ax.transData.transform
        r_px = abs(to_px((table.radius, 0))[0] - to_px((0, 0))[0])
        centres = [(chip.name, to_px(chip.position)) for chip in table.chips]
        boxes = [(t.get_text().split("\n")[0], t.get_window_extent(renderer)) for t in shown_texts(ax, renderer)]
        for line in ax.lines:
            points = line.get_xydata()
            if not line.get_visible() or len(points) != 2:
                continue
            (x0, y0), (x1, y1) = line.get_transform().transform(points)
            own = min(centres, key=lambda c: math.dist(c[1], (x0, y0)))
            if math.dist(own[1], (x0, y0)) > r_px * 1.05:
                continue  # not a chip's leader (a path, an arrow)
            for name, (cx, cy) in centres:
                if name == own[0] or not chips:
                    continue
                t = max(0.0, min(1.0, ((cx - x0) * (x1 - x0) + (cy - y0) * (y1 - y0))
                                 / max((x1 - x0) ** 2 + (y1 - y0) ** 2, 1e-9)))
                if math.dist((cx, cy), (x0 + t * (x1 - x0), y0 + t * (y1 - y0))) < LEADER_GRAZE * r_px:
                    faults.append(f"the leader of {own[0]!r} runs through the chip of {name!r}")
    return faults


def crowd_faults(figure, table, slack: float = 2.5) -> list[str]:
    """Chips' names of one axes closer than ``slack`` points above or below each other while side by
    side (a stack that reads as one name on two lines): the names of a crowd keep apart."""
    renderer = renderer_of(figure)
    figure.draw(renderer)
    k = figure.dpi / 72.0
    names = set(table.names)
    faults = []
    for ax in figure.axes:
        texts = [t for t in shown_texts(ax, renderer) if t.get_text().split("\n")[0] in names]
        boxes = [t.get_window_extent(renderer) for t in texts]
        for i in range(len(texts)):
            for j in range(i + 1, len(texts)):
                a, b = boxes[i], boxes[j]
                if min(a.x1, b.x1) - max(a.x0, b.x0) > 0 and min(a.y1, b.y1) - max(a.y0, b.y0) > -slack * k:
                    faults.append(f"{texts[i].get_text()!r} stacked on {texts[j].get_text()!r}")
    return faults


def test_lesson_6_replay_picture_leaders_cross_no_name_and_no_chip(jewel_game):  # noqa: F811
    """Lesson 6, cell 16 (behind-rules.txt, "Das Juwel von Athen"): at the first change of hands three
    Templars and Poltergeist Ruprecht stand within 6 cm.  Ruprecht's leader line crossed "Marie de
    Montfort" and Bruder Anselm's crossed "Armand Lefèvre"; now no leader crosses a name, and the
    crowd's names keep apart, clear of every chip and obstacle."""
    game, record, _, changes = jewel_game
    state = record.states[changes[1].step]
    picture = StatePicture(state, dpi=PICTURE_DPI, width=PICTURE_WIDTH)
    assert leader_faults(picture.figure, state.table, chips=False) == []
    assert crowd_faults(picture.figure, state.table) == []
    assert shown_collisions(picture.figure, state.table) == []


def test_lesson_6_replay_leaders_at_every_change_of_hands(jewel_game):  # noqa: F811
    """Lesson 6, the replay stepping from change of hands to change of hands: one picture updated in
    place keeps its leader lines off the names at each step -- at the second change (step 94) Armand
    Lefèvre's straight leader ran through "Poltergeist Ruprecht"; it now bends round it."""
    game, record, _, changes = jewel_game
    picture = StatePicture(record.states[0], dpi=PICTURE_DPI, width=PICTURE_WIDTH)
    for change in changes[1:]:
        state = record.states[change.step]
        picture.update(state)
        assert leader_faults(picture.figure, state.table, chips=False) == [], change


def test_lesson_6_jewel_path_leaders_cross_no_name_and_no_chip(jewel_game):  # noqa: F811
    """Lesson 6, cell 14: the jewel's path over the final table, zoomed on."""
    game, _, path, _ = jewel_game
    ax = draw_state(game)
    draw_jewel_path(ax, path, game, zoom_margin=15)
    assert leader_faults(ax.figure, game.table) == []
    assert shown_collisions(ax.figure, game.table) == []


@pytest.fixture(scope="module")
def melee_state():
    """Lesson 3, cell 33: Unser Revier, seed 1, greedy players up to the first melee -- the Vampires'
    four chips stand in a ring round Seherin Ilse, Ludwig's touching hers."""
    decks = load_decks()
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1)
    greedy, rng = GreedyPlayer(), SeededRng(1)
    attack = greedy.choose(state, rng)
    while attack.kind != "melee":
        state.apply(attack)
        attack = greedy.choose(state, rng)
    return state


def test_lesson_3_touching_chips_keep_their_names_and_leaders_apart(melee_state):
    """Lesson 3, cell 33 (behind-rules.txt, "Melee Combat"): Ludwig's leader line ran through Seherin
    Ilse's chip and "Konrad der Bleiche" sat a hair above "Gräfin Mathilde von Rabenfels"."""
    ax = draw_state(melee_state)
    assert leader_faults(ax.figure, melee_state.table) == []
    assert crowd_faults(ax.figure, melee_state.table) == []
    assert shown_collisions(ax.figure, melee_state.table) == []
