"""The live panels' chip names (issue 11, round 2): the scenario designer's and the table panel's
pictures (:class:`~explorer.behind.render_table.LiveTable`) place their chips' names by the one
collision pass of every Behind picture (:func:`~explorer.behind.render_table.place_with_leaders`): no
name crosses another name, a leader or a chip, no leader runs through another chip or crosses another
leader -- while a chip is dragged, after the drop and after a click -- and in every Behind picture the
obstacles' labels keep their room from the chips' names (a name right below "well (h 5 cm)" read as
its second line).  Measured on the figures as drawn, with the renderer's boxes.

Rules: behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"), Setup; "Terrain and Climbing"
(the obstacles' heights the labels give)."""

import math
from types import SimpleNamespace

import pytest
from matplotlib.path import Path
from matplotlib.transforms import Bbox

from explorer.behind import layouts as L
from explorer.behind.panels.panel_designer import DesignerPanel
from explorer.behind.panels.panel_table import TablePanel
from explorer.behind.render_table import LEADER_GRAZE, OBSTACLE_LABEL_ROOM
from explorer.behind.table import Chip, Obstacle, Table
from explorer.core.render_labels import LABEL_GAP, label_collisions, renderer_of
from tests.behind.test_render_lesson_labels import jewel_game  # noqa: F401  (a fixture)

LUDWIG = "Ludwig von Auenstedt"


def crowded_table() -> Table:
    """benchmarks/bench_designer.py's table: seven chips close together beside a wall."""
    return Table(60, 40, obstacles=[Obstacle.box("wall", 30, 14, 3, 12, height=6)], chips=[
        Chip("Ludwig von Auenstedt", "Vampire", 18, 20, 0), Chip("Sahra Jeanette", "Schwesternbund", 22, 23, 180),
        Chip("Schwester Agathe", "Schwesternbund", 22, 17, 180), Chip("Mathilde", "Vampire", 15, 24, 0),
        Chip("Konrad der Kühne", "Vampire", 15, 16, 0), Chip("Johanna", "Schwesternbund", 25, 20.5, 180),
        Chip("Isabeau", "Vampire", 40, 30, 180)])


def obstacle_room_faults(figure, obstacle_texts, name_texts, slack: float = 0.5) -> list[str]:
    """Each chip's name (``name_texts``) nearer an obstacle's label (``obstacle_texts``) than
    :data:`LABEL_GAP` and :data:`OBSTACLE_LABEL_ROOM` (points; less ``slack``) above, below or beside."""
    renderer = renderer_of(figure)
    k = figure.dpi / 72.0
    gx = (LABEL_GAP[0] + OBSTACLE_LABEL_ROOM[0] - slack) * k
    gy = (LABEL_GAP[1] + OBSTACLE_LABEL_ROOM[1] - slack) * k
    faults = []
    for obstacle in obstacle_texts:
        if not (obstacle.get_visible() and obstacle.get_text()):
            continue
        a = obstacle.get_window_extent(renderer)
        for name in name_texts:
            if not (name.get_visible() and name.get_text()):
                continue
            b = name.get_window_extent(renderer)
            if min(a.x1, b.x1) - max(a.x0, b.x0) > -gx and min(a.y1, b.y1) - max(a.y0, b.y0) > -gy:
                faults.append(f"{name.get_text()!r} beside {obstacle.get_text()!r}")
    return faults


def live_faults(live) -> list[str]:
    """The faults of a :class:`LiveTable`'s chip names and leaders as drawn: a name over another name
    or a chip; a leader crossing a name other than its own, another leader, or running through
    another chip (nearer its centre than :data:`LEADER_GRAZE` of its radius); a name too near an
    obstacle's label (:func:`obstacle_room_faults`)."""
    ax, table = live.ax, live.table
    figure = ax.figure
    renderer = renderer_of(figure)
    figure.draw(renderer)
    to_px = ax.transData.transform
    r_px = abs(to_px((table.radius, 0))[0] - to_px((0, 0))[0])
    shown = {name: a for name, a in live.chip_artists.items() if a.label.get_visible() and a.label.get_text()}
    boxes = {name: a.label.get_window_extent(renderer) for name, a in shown.items()}
    centres = {chip.name: to_px(chip.position) for chip in live._chips_shown()}
    leaders = {name: to_px(a.leader.get_xydata()) for name, a in live.chip_artists.items() if a.leader.get_visible()}
    faults = []
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if Bbox.intersection(boxes[a], boxes[b]) is not None and \
                    min(boxes[a].x1, boxes[b].x1) - max(boxes[a].x0, boxes[b].x0) > 0.5 and \
                    min(boxes[a].y1, boxes[b].y1) - max(boxes[a].y0, boxes[b].y0) > 0.5:
                faults.append(f"{a!r}'s name over {b!r}'s")
        box = boxes[a]
        for chip, (cx, cy) in centres.items():
            nx, ny = min(max(cx, box.x0), box.x1), min(max(cy, box.y0), box.y1)
            if math.hypot(nx - cx, ny - cy) < r_px - 0.5:
                faults.append(f"{a!r}'s name over the chip of {chip!r}")
    for name, points in leaders.items():
        path = Path(points)
        for other, box in boxes.items():
            if other != name and path.intersects_bbox(Bbox.from_extents(box.x0 + 1, box.y0 + 1, box.x1 - 1, box.y1 - 1),
                                                       filled=False):
                faults.append(f"the leader of {name!r} crosses {other!r}'s name")
        for other, (cx, cy) in centres.items():
            if other == name:
                continue
            for (x0, y0), (x1, y1) in zip(points[:-1], points[1:]):
                t = max(0.0, min(1.0, ((cx - x0) * (x1 - x0) + (cy - y0) * (y1 - y0))
                                 / max((x1 - x0) ** 2 + (y1 - y0) ** 2, 1e-9)))
                if math.dist((cx, cy), (x0 + t * (x1 - x0), y0 + t * (y1 - y0))) < LEADER_GRAZE * r_px:
                    faults.append(f"the leader of {name!r} runs through the chip of {other!r}")
                    break
        for other, other_points in leaders.items():
            if other > name and path.intersects_path(Path(other_points), filled=False):
                faults.append(f"the leaders of {name!r} and {other!r} cross")
    obstacles = [a.label for a in live.obstacle_artists.values()]
    return faults + obstacle_room_faults(figure, obstacles, [a.label for a in shown.values()])


@pytest.fixture
def designer(tmp_path) -> DesignerPanel:
    """The designer on its shipped example (notebooks/behind/05_scenario_designer.ipynb), no browser."""
    return DesignerPanel(L.load_layout("unser_revier_example"), folder=tmp_path, canvas="png")


def mouse(panel, x, y):
    return SimpleNamespace(inaxes=panel.ax, xdata=x, ydata=y, button=1)


def test_the_designer_s_example_names_cross_nothing_and_stand_by_their_chips(designer):
    """Section "Unser Revier!", Setup: the shipped example as the lesson shows it.  "Johanna" was led
    far up past "low wall (h 3 cm, flat)", which stood in her name's room by her chip; an obstacle's
    label now keeps a line's room round each chip where it can, and every name stands by its chip."""
    designer.png()
    assert live_faults(designer.live) == []
    assert [name for name, a in designer.live.chip_artists.items() if a.leader.get_visible()] == []


def test_ludwig_beside_the_well_is_named_clear_of_its_label(designer):
    """Section "Unser Revier!", Setup: Ludwig dragged up between the obstacles to the well -- his name
    stood right below "well (h 5 cm)" and read as its second line; now it keeps its room, and no
    leader crosses a name or a chip."""
    designer.move(LUDWIG, 56, 20)
    designer.png()
    assert live_faults(designer.live) == []
    named = {a.label.get_text(): designer.design.table.chip(n).position for n, a in designer.live.chip_artists.items()}
    assert label_collisions(designer.view.figure, named=named) == []


def test_a_drag_among_the_sisters_keeps_every_name_clear_at_every_step(designer):
    """Section "Unser Revier!", Setup: Ludwig dragged from the Vampires' edge up among the sisters, step
    by step (the designer's motion events), and dropped there: at every step the names placed again
    cross no name, leader or chip (the full pass runs on every step: bench_designer.py)."""
    chip = designer.design.table.chip(LUDWIG)
    designer._on_press(mouse(designer, chip.x, chip.y))
    x, y = chip.x, chip.y
    for k in range(1, 9):
        x, y = chip.x + 1.5 * k, chip.y + 2.2 * k
        designer._on_motion(mouse(designer, x, y))
        designer.png()
        assert live_faults(designer.live) == [], (k, x, y)
    designer._on_release(mouse(designer, x, y))
    designer.png()
    assert live_faults(designer.live) == []


def test_the_table_panel_s_crowd_names_cross_nothing_at_every_click():
    """The table panel on seven chips packed beside a wall (benchmarks/bench_designer.py): a click on
    each chip draws its sight lines and its name bold; every name crosses no name, leader or chip."""
    table = crowded_table()
    panel = TablePanel(table, canvas="png")
    panel.png()
    assert live_faults(panel.live) == []
    for name in table.names:
        chip = table.chip(name)
        panel._on_press(mouse(panel, chip.x, chip.y))
        panel.png()
        assert live_faults(panel.live) == [], name


def game_picture_texts(ax, table) -> tuple[list, list]:
    """The obstacles' labels and the chips' names (each name's first line) of a Behind picture."""
    names = set(table.names)
    obstacles = [t for t in ax.texts if any(t.get_text().startswith(f"{o.name} (h ") for o in table.obstacles)]
    chips = [t for t in ax.texts if t.get_text().split("\n")[0].removesuffix(" (flies)") in names]
    return obstacles, chips


def test_lesson_1_names_keep_their_room_from_the_obstacles_labels():
    """Lesson 1 after the third movement (notebooks/behind/01_first_game.ipynb; "Terrain and Climbing"):
    "Magdalena von Stein" stood right above "well (h 5 cm)" in the game picture, "Schwester Agathe"
    right by "crate (h 4 cm, flat)" in the replay picture and "Sahra Jeanette" beside "well (h 5 cm)"
    in draw_table's: each pair read as one label.  Now every name keeps its room from them."""
    from explorer.behind.panels.panel_replay import PICTURE_DPI, PICTURE_WIDTH
    from explorer.behind.render_game import draw_state
    from explorer.behind.render_replay import StatePicture
    from explorer.behind.render_table import draw_table
    from tests.behind.test_render_lesson_labels import _lesson_1_after_the_third_movement, shown_collisions

    game = _lesson_1_after_the_third_movement()
    picture = StatePicture(game, dpi=PICTURE_DPI, width=PICTURE_WIDTH)
    for ax in (draw_state(game), picture.ax, draw_table(game.table)):
        ax.figure.draw(renderer_of(ax.figure))
        assert obstacle_room_faults(ax.figure, *game_picture_texts(ax, game.table)) == []
        assert shown_collisions(ax.figure, game.table) == []


def test_lesson_3_names_keep_their_room_from_the_obstacles_labels_all_game():
    """Lesson 3's game (Unser Revier, seed 1, greedy players; notebooks/behind/03_combat.ipynb): every
    sixth step's picture -- "Ludwig von Auenstedt" stood right by "hedge (h 8 cm)" at step 18 and by
    "crate (h 4 cm, flat)" at step 60, "Schwester Agathe" by the hedge at step 30."""
    from explorer.behind.data import load_decks
    from explorer.behind.game import new_game
    from explorer.behind.players import GreedyPlayer
    from explorer.behind.render_game import draw_state
    from explorer.core.rng import SeededRng

    decks = load_decks()
    state = new_game([decks["vampire"], decks["schwesternbund"]], "unser_revier", seed=1)
    greedy, rng = GreedyPlayer(), SeededRng(1)
    for step in range(1, 61):
        state.apply(greedy.choose(state, rng))
        if step in (18, 30, 48, 60):
            ax = draw_state(state)
            ax.figure.draw(renderer_of(ax.figure))
            assert obstacle_room_faults(ax.figure, *game_picture_texts(ax, state.table)) == [], step


def test_lesson_6_first_change_of_hands_names_keep_their_room_from_the_obstacles_labels(jewel_game):  # noqa: F811
    """Lesson 6, cell 16 (behind-rules.txt, "Das Juwel von Athen"): at the first change of hands
    "Bruder Anselm" stood right above "well (h 4 cm)" in the replay picture; now it keeps its room, and
    every leader still crosses no name."""
    from explorer.behind.panels.panel_replay import PICTURE_DPI, PICTURE_WIDTH
    from explorer.behind.render_replay import StatePicture
    from tests.behind.test_render_leaders import leader_faults

    game, record, _, changes = jewel_game
    state = record.states[changes[1].step]
    picture = StatePicture(state, dpi=PICTURE_DPI, width=PICTURE_WIDTH)
    picture.figure.draw(renderer_of(picture.figure))
    assert obstacle_room_faults(picture.figure, *game_picture_texts(picture.ax, state.table)) == []
    assert leader_faults(picture.figure, state.table, chips=False) == []
