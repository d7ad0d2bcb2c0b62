"""The battle map's picture (explorer.dnd5e.render_map): terrain kinds, creatures with readable labels,
a movement's path, costs and opportunity attacks, grid or gridless, and the encounter's picture
updated across random play.  Each case's PNG is written to test-artifacts/dnd5e/ (git-ignored) to
be looked at."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.text import Text
from shapely.geometry import box

from explorer.core.inputs import InputError
from explorer.core.render_labels import MIN_FONT_SIZE, notebook_scale, overlapping_pairs, texts_of
from explorer.core.rng import SeededRng
from explorer.dnd5e import actions as A
from explorer.dnd5e.encounter import build
from explorer.dnd5e.game import new_encounter
from explorer.dnd5e.movement import move
from explorer.dnd5e.players import RandomPlayer
from explorer.dnd5e.render_map import (
    ACTION_WORDS,
    AREA_STYLES,
    GRID_GID,
    KartenBild,
    MapPicture,
    draw_map,
    fit_bottom,
    leg_text,
    map_figure,
    map_png,
    players_html,
    side_colours,
    status_line,
)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "dnd5e"
PNG = b"\x89PNG\r\n\x1a\n"

ALL_KINDS = {
    "map": {"width": 12, "height": 6, "walls": [{"name": "Fels", "box": [9, 3, 10.5, 6]}],
            "areas": [{"name": "Graben", "kind": "abgrund", "box": [4.5, 0, 6, 6]},
                      {"name": "Teich", "kind": "wasser", "box": [7.5, 0, 12, 1.5], "rough": True},
                      {"name": "Mauer", "kind": "mauer", "box": [3, 4.5, 4.5, 6], "height": 1},
                      {"name": "Hang", "kind": "kletterbar", "box": [0, 4.5, 1.5, 6]},
                      {"name": "Geröll", "kind": "schwierig", "box": [7.5, 1.5, 9, 4.5]}]},
    "creatures": [{"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": [0.75, 2.25]},
                  {"name": "Ork", "profile": "ork", "side": "Monster", "position": [11.25, 3.75]}],
}


def save(name: str, png: bytes) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / name).write_bytes(png)


def drawn(battle_map, **options):
    figure, ax = map_figure(battle_map)
    draw_map(ax, battle_map, **options)
    fit_bottom(figure, ax)
    figure.canvas.draw()
    return figure, ax


def figure_png(figure) -> bytes:
    import io
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=figure.dpi)
    return out.getvalue()


def assert_labels_clear(figure, ax, labels, battle_map) -> None:
    """No label over another or over a creature's space or a wall (display pixels; the text's own
    box, without its leader line)."""
    renderer = figure.canvas.get_renderer()
    boxes = [Text.get_window_extent(t, renderer) for t in labels]
    assert overlapping_pairs(boxes) == [], [labels[i].get_text() for pair in overlapping_pairs(boxes) for i in pair]
    to_px = ax.transData.transform
    solids = [battle_map.space(t) for t in battle_map.tokens] + [w.shape for w in battle_map.walls]
    for text, extent in zip(labels, boxes):
        for shape in solids:
            (x0, y0), (x1, y1) = to_px(shape.bounds[:2]), to_px(shape.bounds[2:])
            pixels = box(x0, y0, x1, y1)
            label = box(extent.x0 + 0.5, extent.y0 + 0.5, extent.x1 - 0.5, extent.y1 - 0.5)
            assert not label.intersects(pixels), f"{text.get_text()!r} covers {shape.bounds}"


def assert_readable(figure) -> None:
    """Every text at least 8 pt as the notebook shows the figure."""
    scale = notebook_scale(figure)
    small = [t.get_text() for t in texts_of(figure) if t.get_fontsize() * scale < MIN_FONT_SIZE - 1e-6]
    assert small == []


def test_every_terrain_kind_is_drawn_with_its_german_legend():
    """dnd5e-combat-de-excerpt.txt, "KLETTERN, SCHWIMMEN UND KRIECHEN" and "WEITE SPRÜNGE"; SRD 5.1,
    Combat > Movement and Position > Difficult Terrain: each kind of area (schwieriges Gelände,
    Wasser, kletterbar, Abgrund, niedrige Mauer), rough water and walls, with a hatch of its own."""
    battle_map = build(ALL_KINDS).battle_map
    figure, ax = drawn(battle_map)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    for kind, (words, *_style) in AREA_STYLES.items():
        assert any(text.startswith(words) for text in legend), (kind, legend)
    assert "niedrige Mauer (1 m)" in legend and "Wand/Hindernis" in legend and "rutschig/rau (Athletik)" in legend
    hatches = {p.get_hatch() for p in ax.patches if p.get_hatch()}
    assert {style[2] for style in AREA_STYLES.values()} <= hatches
    assert len({style[1] for style in AREA_STYLES.values()}) == len(AREA_STYLES)  # distinct colours
    assert_readable(figure)
    save("terrain-kinds.png", figure_png(figure))


@pytest.mark.parametrize("name", ["duell", "scharmuetzel"])
def test_creature_labels_clear_of_creatures_walls_and_each_other(name):
    """SRD 5.1, Combat > Movement and Position > Creature Size > Space: each creature drawn as its
    space, named with its hit points (TP) beside it, no label over a creature, a wall or another
    label -- at the start and after random play."""
    state = new_encounter(name, seed=5)
    rng, player = SeededRng(5), RandomPlayer()
    for step in range(40):
        figure, ax = drawn(state.battle_map, highlight=state.acting,
                           hp={t.name: state.hp(t.name) for t in state.battle_map.tokens})
        names = {t.name for t in state.battle_map.tokens}
        labels = [t for t in ax.texts if t.get_text().split("\n")[0] in names]
        assert len(labels) == len(names)
        for text in labels:
            token = state.token(text.get_text().split("\n")[0])
            assert f"TP {state.hp(token.name)}/{state.max_hp(token.name)}" in text.get_text()
        assert_labels_clear(figure, ax, labels, state.battle_map)
        assert_readable(figure)
        if step in (0, 39):
            save(f"{name}-{step:02d}.png", figure_png(figure))
        for _ in range(3):
            if not state.is_terminal():
                state.apply(player.choose(state, rng))


def test_movement_path_leg_costs_and_opportunity_attack_drawn():
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN" (leaving a foe's reach
    provokes a Gelegenheitsangriff) and SRD 5.1, Combat > Movement and Position > Difficult
    Terrain (1.5 m of Geröll costs 3 m): the path, each leg's cost and the point of the attack."""
    state = new_encounter("scharmuetzel", seed=1)
    battle_map = state.battle_map.moved("Goblin 1", (3.75, 5.25))
    movement = move(battle_map, "Kämpferin", [(2.25, 8.25), (2.25, 9.75)])
    (attack,) = movement.opportunity_attacks
    figure, ax = drawn(battle_map, movement=movement, highlight="Kämpferin")
    marks = [line for line in ax.lines if line.get_gid() == "dnd-opportunity-attack"]
    assert [tuple(m.get_xydata()[0]) for m in marks] == [tuple(map(float, attack.at))]
    words = [t.get_text() for t in ax.texts]
    assert "Gelegenheitsangriff:\nGoblin 1" in words
    assert "1: 6 m" in words and "2: 1,5 m, schwieriges Gelände: 3 m" in words
    assert ax.get_title() == "Bewegung von Kämpferin: 9 m"
    labels = [t for t in ax.texts if t.get_text() in ("Gelegenheitsangriff:\nGoblin 1", "1: 6 m",
                                                     "2: 1,5 m, schwieriges Gelände: 3 m")]
    assert_labels_clear(figure, ax, labels, battle_map)
    save("movement-opportunity-attack.png", figure_png(figure))


def test_leg_through_a_friends_space_names_it():
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN": another creature's
    space is difficult terrain -- 3 m through the Magierin's square cost 4.5 m."""
    battle_map = new_encounter("scharmuetzel", seed=1).battle_map.moved("Magierin", (2.25, 3.75))
    movement = move(battle_map, "Kämpferin", [(2.25, 5.25)])
    assert leg_text(movement.legs[0]) == "3 m, Bereich von Magierin: 4,5 m"


def test_jump_drawn_as_an_arc_with_its_cost():
    """dnd5e-combat-de-excerpt.txt, "WEITE SPRÜNGE": after a 3 m run-up the Kämpferin jumps the
    1.5 m Graben (3 m, each metre jumped costs one), then walks into Geröll."""
    battle_map = build(ALL_KINDS).battle_map
    movement = move(battle_map, "Kämpferin", [(3.75, 2.25), (6.75, 2.25), (8.25, 2.25)], jumps=[1])
    assert leg_text(movement.legs[1]) == "Weitsprung 3 m"  # each metre jumped costs one: no second figure
    figure, ax = drawn(battle_map, movement=movement)
    words = [t.get_text() for t in ax.texts]
    assert "2: Weitsprung 3 m" in words and "3: 1,5 m, schwieriges Gelände: 3 m" in words
    assert "Weitsprung" in [t.get_text() for t in ax.get_legend().get_texts()]
    save("movement-jump.png", figure_png(figure))


def test_gridless_map_draws_no_grid():
    """Ruling dnd5e.measuring (SRD 5.1, Combat > Movement and Position; the grid is optional): the
    1.5 m grid is drawn only on a map measured on it."""
    grid = new_encounter("duell", seed=0).battle_map
    gridless = new_encounter("duell", seed=0, rulings={"dnd5e.measuring": "gridless"}).battle_map
    for battle_map, expected in ((grid, 1), (gridless, 0)):
        figure, ax = drawn(battle_map)
        lines = [c for c in ax.collections if isinstance(c, LineCollection) and c.get_gid() == GRID_GID]
        assert len(lines) == expected
    segments = [c for c in drawn(grid)[1].collections if c.get_gid() == GRID_GID][0].get_segments()
    assert len(segments) == 2 * (12 / 1.5 + 1)  # every 1.5 m across 12 m, both ways
    save("gridless.png", figure_png(drawn(gridless)[0]))


def test_reachable_as_geometry_or_squares():
    """SRD 5.1, Combat > Movement and Position: where a creature's movement takes it, shaded; given
    as a shapely geometry or as grid squares (their centres); anything else is refused by name."""
    battle_map = new_encounter("duell", seed=0).battle_map
    for reachable in (box(0, 0, 4.5, 4.5), [(0.75, 2.25), (2.25, 2.25), (2.25, 0.75)]):
        figure, ax = drawn(battle_map, reachable=reachable)
        assert "erreichbar" in [t.get_text() for t in ax.get_legend().get_texts()]
    save("reachable-squares.png", figure_png(figure))
    with pytest.raises(InputError, match="reachable"):
        draw_map(Figure().add_subplot(), battle_map, reachable="alle")
    with pytest.raises(InputError, match="token"):
        draw_map(Figure().add_subplot(), battle_map, highlight="Drache")


def test_map_png_is_a_png():
    """SRD 5.1, Combat > Movement and Position: the map as a picture (BattleMap._repr_png_)."""
    png = map_png(new_encounter("duell", seed=0).battle_map)
    assert png.startswith(PNG)


def test_status_line_and_players_table():
    """SRD 5.1, Combat > Your Turn: whose turn, whether the action is used and the movement left;
    the creatures with side, hit points (TP) and conditions, left-aligned in JupyterLab."""
    state = new_encounter("duell", seed=0)
    speed = state.token(state.acting).creature.speeds.gehen
    assert status_line(state) == f"Runde 1, Zug: {state.acting} — Aktion frei, Bewegung {float(speed):g} m übrig"
    page = players_html(state)
    assert "div.dnd-box table.dnd-table td{text-align:left" in page
    assert "<th>Seite</th><th>TP</th><th>Bedingungen</th>" in page
    assert f"<td class='dnd-number'>{state.hp('Ork')}/{state.max_hp('Ork')}</td>" in page


def test_map_picture_updates_across_random_actions():
    """SRD 5.1, Combat > Your Turn; dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF": the encounter's
    picture follows random play on one figure (same size, the title the status line, the labels
    clear), and shows a movement on request."""
    state = new_encounter("scharmuetzel", seed=11)
    picture = MapPicture(state)
    first = picture.png()
    assert first.startswith(PNG)
    size, figure = picture.pixel_size, picture.figure
    rng, player = SeededRng(11), RandomPlayer()
    pngs = set()
    for step in range(30):
        if state.is_terminal():
            break
        state.apply(player.choose(state, rng))
        picture.update(state)
        png = picture.png()
        pngs.add(png)
        assert picture.figure is figure and picture.pixel_size == size
        assert picture.title.get_text() == status_line(state)
        labels = list(picture.labels.values())
        assert_labels_clear(figure, picture.ax, labels, state.battle_map)
    assert len(pngs) > 5  # the picture changes with the play
    save("picture-random-play.png", png)
    if not state.is_terminal():
        mover = state.acting
        token = state.token(mover)
        x, y = (float(v) for v in token.position)
        for path in ([(x + 1.5, y)], [(x - 1.5, y)], [(x, y + 1.5)], [(x, y - 1.5)]):
            try:
                movement = move(state.battle_map, mover, path, budget=state.budget)
            except Exception:  # noqa: BLE001 -- a wall, a creature or the edge: try the next square
                continue
            picture.update(state, movement=movement)
            assert any(t.get_text().startswith("1,5 m") for t in picture.ax.texts)
            save("picture-with-movement.png", picture.png())
            break
    with pytest.raises(ValueError, match="terrain"):
        picture.update(new_encounter("duell", seed=0))


@pytest.mark.parametrize("shape", ["square", "circle"])
def test_sizes_and_round_spaces(shape):
    """SRD 5.1, Combat > Movement and Position > Creature Size > Space (a Large creature 3 m, a Huge
    4.5 m, a Tiny 0.75 m) and ruling dnd5e.space-shape (gridless: squares or circles): each
    creature drawn as its space, labels clear."""
    from explorer.dnd5e.battlemap import BattleMap, Token
    from explorer.dnd5e.creatures import load_creatures
    from explorer.core.rulings import Rulings

    c = load_creatures()
    rulings = Rulings({"dnd5e.measuring": "gridless", "dnd5e.space-shape": shape})
    tokens = (Token("Oger", c["oger"], (3, 3), "Monster"), Token("Hügelriese", c["huegelriese"], (9, 3), "Monster"),
              Token("Irrlicht", c["irrlicht"], (5.2, 6.1), "Monster"), Token("Wolf", c["wolf"], (5.4, 3.2), "Helden"))
    battle_map = BattleMap(12, 9, tokens=tokens, rulings=rulings)
    figure, ax = drawn(battle_map)
    spaces = [p for p in ax.patches if p.get_zorder() == 4]
    widths = sorted(round(p.get_path().transformed(p.get_patch_transform()).get_extents().width / 0.86, 2)
                    for p in spaces)
    assert widths == [0.75, 1.5, 3.0, 4.5]
    assert side_colours(battle_map) == {"Monster": "#d7191c", "Helden": "#2c7bb6"}  # on every map alike
    assert all(type(p).__name__ == ("Circle" if shape == "circle" else "Rectangle") for p in spaces)
    labels = [t for t in ax.texts if t.get_text().split("\n")[0] in {t.name for t in tokens}]
    assert_labels_clear(figure, ax, labels, battle_map)
    save(f"sizes-{shape}.png", figure_png(figure))


def beside_the_ork():
    """The Kämpferin beside the Ork on an open 12 m x 6 m map, her turn."""
    state = new_encounter({"map": {"width": 12, "height": 6}, "creatures": [
        {"name": "Kämpferin", "profile": "kaempferin", "side": "Helden", "position": [3.75, 2.25]},
        {"name": "Ork", "profile": "ork", "side": "Monster", "position": [5.25, 2.25]}]}, seed=0)
    while state.acting != "Kämpferin":
        state.apply(A.ZugBeenden())
    return state


def test_status_line_names_the_action_used_in_german():
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF" (RÜCKZUG): after the Rückzug the status line
    names it as the excerpt does, not by its id."""
    state = beside_the_ork()
    state.apply(A.Rueckzug())
    assert "Aktion genutzt (Rückzug)" in status_line(state) and "rueckzug" not in status_line(state)
    assert set(A.USING_THE_ACTION) <= set(ACTION_WORDS)  # every action that uses the action has its German name


def test_map_picture_legend_lists_only_what_is_drawn():
    """SRD 5.1, Combat > Making an Attack > Opportunity Attacks: the encounter's picture names in its
    legend only the marks it draws -- no path, Gelegenheitsangriff, reach or jump before a movement
    is shown; the path and the Gelegenheitsangriff once the Kämpferin's move away from the Ork
    provokes one -- and keeps its size; the battle map panel's picture keeps its fixed legend."""
    state = beside_the_ork()
    picture = MapPicture(state)
    picture.png()
    size = picture.pixel_size

    def legend():
        return [t.get_text() for t in picture.ax.get_legend().get_texts()]

    assert legend() == ["Helden", "Monster", "am Zug"]
    movement = move(state.battle_map, "Kämpferin", [(0.75, 2.25)], budget=state.budget)
    assert [a.attacker for a in movement.opportunity_attacks] == ["Ork"]
    picture.update(state, movement=movement)
    png = picture.png()
    assert legend() == ["Helden", "Monster", "am Zug", "Weg: kostet 1 m je m", "Gelegenheitsangriff"]
    assert picture.pixel_size == size
    save("picture-legend-opportunity-attack.png", png)
    panel = KartenBild(state.battle_map)
    words = [t.get_text() for t in panel.ax.get_legend().get_texts()]
    assert {"Gelegenheitsangriff", "erreichbar", "Weitsprung", "gewählt"} <= set(words)


def test_the_ticks_of_a_grid_map_lie_on_its_grid_lines():
    """dnd5e-combat-de-excerpt.txt, "BEWEGUNG UND POSITION" (ruling dnd5e.measuring, the 1.5 m grid): a grid map's
    ticks stand on grid lines, every two squares (3 m, whole metres) on a small map, fewer on a large one, so that
    a reader counts squares from them (ticks every 2.5 m crossed the squares)."""
    from explorer.dnd5e.game import new_encounter
    from explorer.dnd5e.render_map import MapPicture

    picture = MapPicture(new_encounter("scharmuetzel", seed=1))
    ticks = [float(t) for t in picture.ax.get_xticks() if -1e-9 <= t <= 15 + 1e-9]
    assert ticks == [0.0, 3.0, 6.0, 9.0, 12.0, 15.0]
    assert all(abs(t / 1.5 - round(t / 1.5)) < 1e-9 for t in picture.ax.get_yticks())
