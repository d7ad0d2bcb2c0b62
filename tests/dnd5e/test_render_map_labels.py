"""The labels on the battle map (explorer.dnd5e.render_map, issues 11/12): the creatures' names and
each leg's cost, standing up and a Gelegenheitsangriff placed clear of the creatures, the walls, the
path and its arrowhead and each other, with a leader line apart from the label when it stands off --
in the lessons' pictures (map_png and MapPicture) too; a flyer in the air marked.  Each lesson
case's PNG is written to test-artifacts/dnd5e/ (git-ignored) to be looked at."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from matplotlib.text import Text
from shapely.geometry import LineString, Polygon, box

from explorer.core.inputs import InputError
from explorer.core.render_labels import NEARER, label_collisions
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation
from explorer.dnd5e import actions as A
from explorer.dnd5e.battlemap import Area, BattleMap, Token, Wall
from explorer.dnd5e.creatures import SQUARE, load_creatures
from explorer.dnd5e.encounter import PROFILES
from explorer.dnd5e.game import new_encounter
from explorer.dnd5e.movement import move
from explorer.dnd5e.players import RandomPlayer
from explorer.dnd5e.render_map import (
    ALOFT_GID,
    ALOFT_WORDS,
    AREA_GID,
    ARROW_GID,
    CREATURE_GID,
    JUMP_GID,
    LEADER_GID,
    PATH_GID,
    REACH_GID,
    WALL_GID,
    KartenBild,
    MapPicture,
    draw_map,
    fit_bottom,
    map_figure,
)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "dnd5e"
CREATURES = load_creatures()


def feld(column: int, row: int) -> tuple[float, float]:
    """The centre of a 1.5 m grid square."""
    return (1.5 * column + 0.75, 1.5 * row + 0.75)


def drawn(start, path, *, prone: bool = False):
    """The Kämpferin beside the Ork, a wall to the side, her movement along ``path`` drawn."""
    battle_map = BattleMap(12, 6, walls=(Wall("Fels", (9, 0, 10.5, 4.5)),), tokens=(
        Token("Kämpferin", CREATURES["kaempferin"], start, "Helden",
              conditions=frozenset({"liegend"}) if prone else frozenset()),
        Token("Ork", CREATURES["ork"], feld(3, 1), "Monster")))
    movement = move(battle_map, "Kämpferin", path, stand_up=prone)
    figure, ax = map_figure(battle_map)
    draw_map(ax, battle_map, movement=movement)
    fit_bottom(figure, ax)
    figure.canvas.draw()
    return figure, ax, movement


def labels_on_path(figure, ax) -> list[str]:
    """The labels whose text box holds a point of the path's pieces (41 points sampled along each
    straight piece of the path, gid PATH_GID; the leader lines are not the path)."""
    renderer = figure.canvas.get_renderer()
    pieces = [line.get_xydata() for line in ax.lines
              if line.get_gid() == PATH_GID]
    assert pieces, "the path is drawn"
    on = []
    for text in ax.texts:
        extent = Text.get_window_extent(text, renderer)
        points = np.concatenate([ax.transData.transform(a + np.linspace(0, 1, 41)[:, None] * (b - a))
                                 for a, b in pieces])
        if any(extent.x0 < x < extent.x1 and extent.y0 < y < extent.y1 for x, y in points):
            on.append(text.get_text())
    return on


@pytest.mark.parametrize("start, path, prone", [
    (feld(2, 1), [feld(1, 2), feld(0, 0)], False),
    (feld(2, 1), [feld(2, 3), feld(0, 3)], False),
    (feld(2, 1), [feld(2, 3), feld(1, 3)], True),
])
def test_movement_labels_clear_of_creatures_walls_path_and_each_other(start, path, prone):
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN" (leaving the Ork's reach
    provokes a Gelegenheitsangriff) and "AUFSTEHEN" (standing up costs half the Bewegungsrate); SRD
    5.1, Combat > Movement and Position > Breaking Up Your Move (a path of two legs): every label
    of the picture clear of the creatures, the wall, each other and the path it describes."""
    figure, ax, movement = drawn(start, path, prone=prone)
    assert [attack.attacker for attack in movement.opportunity_attacks] == ["Ork"] and len(movement.legs) == 2
    words = [t.get_text() for t in ax.texts]
    assert "Gelegenheitsangriff:\nOrk" in words and ("Aufstehen: 4,5 m" in words) == prone
    pieces = [p for p in ax.patches if p.get_zorder() == 4]  # the creatures' spaces
    walls = [p for p in ax.patches if p.get_zorder() == 2]
    assert len(pieces) == 2 and len(walls) == 1
    assert label_collisions(figure, pieces=pieces, obstacles=walls) == []
    assert labels_on_path(figure, ax) == []
    attack = ax.transData.transform(tuple(map(float, movement.opportunity_attacks[0].at)))
    leaders = [ax.transData.transform(line.get_xydata()) for line in ax.lines if line.get_gid() == LEADER_GID]
    label = next(t for t in ax.texts if t.get_text() == "Gelegenheitsangriff:\nOrk")
    if max(abs(v) for v in label.xyann) > 12.0:  # set off: a leader line reaches its point
        assert any(np.hypot(*(ends[1] - attack)) < 10.0 for ends in leaders)


# ---------------------------------------------------------------------------------------------
# The lessons' pictures (notebooks/dnd5e/01_bewegung.ipynb and 03_aktionen.ipynb)
# ---------------------------------------------------------------------------------------------
def square(column: int, row: int) -> tuple[Fraction, Fraction]:
    """The centre of a 1.5 m grid square, exact."""
    return (Fraction(3, 4) + SQUARE * column, Fraction(3, 4) + SQUARE * row)


def map_case(battle_map, **options):
    """``map_png``'s figure of ``battle_map`` (map_figure, draw_map, fit_bottom), drawn."""
    figure, ax = map_figure(battle_map)
    draw_map(ax, battle_map, **options)
    fit_bottom(figure, ax)
    figure.canvas.draw()
    return figure, ax


def picture_case(state, movement=None):
    """The encounter's picture (MapPicture) of ``state`` with ``movement``, as lesson 3 shows it."""
    picture = MapPicture(state)
    if movement is not None:
        picture.update(state, movement=movement)
    picture.png()
    return picture.figure, picture.ax


def lesson_1(cell: int):
    """Lesson 1's map of ``cell`` (01_bewegung.ipynb)."""
    k = CREATURES
    weite = BattleMap(13.5, 6, tokens=(Token("Kämpferin", k["kaempferin"], square(0, 1), "Helden"),))
    if cell == 5:
        return map_case(weite, movement=move(weite, "Kämpferin", [square(3, 1), square(6, 1)]))
    if cell == 7:
        liegend = weite.moved("Kämpferin", square(0, 1), conditions={"liegend"})
        return map_case(liegend, movement=move(liegend, "Kämpferin", [square(3, 1)], stand_up=True))
    if cell == 11:
        gelaende = BattleMap(13.5, 7.5, areas=(Area("Geröll", "schwierig", (3, 0, 6, 7.5)),),
                             tokens=(Token("Kämpferin", k["kaempferin"], square(0, 2), "Helden"),))
        return map_case(gelaende, movement=move(gelaende, "Kämpferin", [square(4, 2)]))
    if cell == 15:
        menge = BattleMap(13.5, 7.5, tokens=(
            Token("Kämpferin", k["kaempferin"], square(0, 2), "Helden"),
            Token("Magierin", PROFILES["magierin"].creature, square(1, 2), "Helden"),
            Token("Goblin", k["goblin"], square(2, 0), "Monster"),
            Token("Hügelriese", k["huegelriese"], square(5, 2), "Monster")))
        return map_case(menge, movement=move(menge, "Kämpferin", [square(7, 2)], dash=True))
    if cell == 17:
        nahe = BattleMap(12, 6, tokens=(Token("Kämpferin", k["kaempferin"], square(2, 1), "Helden"),
                                        Token("Ork", k["ork"], square(3, 1), "Monster")))
        return map_case(nahe, movement=move(nahe, "Kämpferin", [square(0, 1)]))
    if cell == 19:
        natur = BattleMap(15, 7.5, areas=(
            Area("Teich", "wasser", (1.5, 0, 6, 4.5)), Area("Felswand", "kletterbar", (7.5, 0, 10.5, 4.5), rough=True),
            Area("Geröllhang", "kletterbar", (7.5, 4.5, 10.5, 7.5)),
            Area("Geröll am Hang", "schwierig", (7.5, 4.5, 10.5, 7.5)),
            Area("Geröll", "schwierig", (1.5, 4.5, 4.5, 7.5))), tokens=(
            Token("Kämpferin", k["kaempferin"], square(0, 0), "Helden"),
            Token("Riesenfrosch", k["riesenfrosch"], square(1, 2), "Tiere"),
            Token("Braunbär", k["braunbaer"], (Fraction(12), Fraction(3)), "Tiere")))
        return map_case(natur, movement=move(natur, "Kämpferin", [square(3, 0)]))
    assert cell == 23
    luft = BattleMap(15, 7.5, areas=(Area("Schlucht", "abgrund", (4.5, 0, 9, 7.5)),), tokens=(
        Token("Riesenadler", k["riesenadler"], (Fraction(3, 2), Fraction(3)), "Tiere", aloft=True),
        Token("Kämpferin", k["kaempferin"], square(1, 4), "Helden")))
    return map_case(luft, movement=move(luft, "Riesenadler", [(Fraction(12), Fraction(3))], mode="fliegen"))


LESSON_3_MAP = {"width": 18, "height": 9, "walls": [{"name": "Säule", "box": [9, 4.5, 10.5, 6]}],
                "areas": [{"name": "Geröll", "kind": "schwierig", "box": [12, 0, 15, 3]}]}
LESSON_3_CREATURES = [("Kämpferin", "kaempferin", "Helden"), ("Magierin", "magierin", "Helden"),
                      ("Goblin", "goblin", "Monster"), ("Ork", "ork", "Monster")]


def scene(squares, acting):
    """Lesson 3's encounter with the creatures on ``squares`` (name -> square), the creatures before
    ``acting`` ending their turns."""
    state = new_encounter({"map": LESSON_3_MAP, "creatures": [
        {"name": name, "profile": profile, "side": side, "position": [float(v) for v in square(*squares[name])]}
        for name, profile, side in LESSON_3_CREATURES]}, seed=0)
    while state.acting != acting:
        state.apply(A.ZugBeenden())
    return state


def lesson_3(cell: int):
    """Lesson 3's picture of ``cell`` (03_aktionen.ipynb): the state after the move, with its path."""
    if cell == 15:  # Rückzug, then away from the Ork
        state = scene({"Kämpferin": (5, 1), "Magierin": (0, 4), "Goblin": (11, 5), "Ork": (6, 1)}, "Kämpferin")
        state.apply(A.Rueckzug())
        path = (square(2, 1),)
    elif cell == 19:  # Spurt, then 18 m
        state = scene({"Kämpferin": (0, 5), "Magierin": (0, 3), "Goblin": (10, 1), "Ork": (4, 0)}, "Kämpferin")
        state.apply(A.Spurt())
        path = (square(11, 5), square(11, 4))
    else:  # Vorbereiten; the Ork comes closer
        assert cell == 25
        state = scene({"Kämpferin": (2, 2), "Magierin": (0, 4), "Goblin": (11, 5), "Ork": (6, 2)}, "Kämpferin")
        state.apply(A.Vorbereiten("feind-kommt-in-reichweite", "angriff", "Langschwert"))
        state.apply(A.ZugBeenden())
        path = (square(3, 2),)
    movement = move(state.battle_map, state.acting, list(path), budget=state.budget)
    state.apply(A.Bewegen(tuple((float(x), float(y)) for x, y in path)))
    return picture_case(state, movement)


def creature_squares(ax) -> dict[str, object]:
    """The creatures' drawn spaces by name (gid ``dnd-creature:<name>``)."""
    return {p.get_gid().split(":", 1)[1]: p for p in ax.patches if (p.get_gid() or "").startswith(CREATURE_GID)}


def ground(ax) -> list:
    """The areas and the reachable region: ground a label may lie on (not obstacles)."""
    return [p for p in ax.patches if p.get_gid() in (AREA_GID, REACH_GID)]


def map_collisions(figure, ax) -> list[str]:
    """label_collisions with the creatures' squares as pieces and the walls as obstacles; the ground
    (areas, reachable region: filled PathPatches label_collisions would take for obstacles) hidden
    while it looks (a feature label_collisions lacks: an argument for patches that are not obstacles)."""
    hidden = [p for p in ground(ax) if p.get_visible()]
    for patch in hidden:
        patch.set_visible(False)
    try:
        return label_collisions(figure, pieces=tuple(creature_squares(ax).values()),
                                obstacles=tuple(p for p in ax.patches if p.get_gid() == WALL_GID))
    finally:
        for patch in hidden:
            patch.set_visible(True)


def path_shapes(ax) -> list:
    """The movement as drawn, in pixels: each straight piece and jump arc as a line, the arrowhead as
    its outline (shapely)."""
    shapes = [LineString(ax.transData.transform(line.get_xydata())) for line in ax.lines if line.get_gid() == PATH_GID]
    for patch in ax.patches:
        if patch.get_gid() in (ARROW_GID, JUMP_GID):
            outline = patch.get_path().transformed(patch.get_transform())
            for ring in outline.to_polygons(closed_only=False):
                if patch.get_gid() == ARROW_GID:
                    shapes.append(Polygon(ring))
                elif len(ring) >= 2:
                    shapes.append(LineString(ring))
    return shapes


def labels_crossing_the_path(figure, ax) -> list[str]:
    """The labels whose text box (as drawn, 0.5 px in) meets a piece of the path, a jump arc or the
    arrowhead."""
    renderer = figure.canvas.get_renderer()
    shapes = path_shapes(ax)
    out = []
    for text in ax.texts:
        b = Text.get_window_extent(text, renderer)
        label = box(b.x0 + 0.5, b.y0 + 0.5, b.x1 - 0.5, b.y1 - 0.5)
        if any(label.intersects(shape) for shape in shapes):
            out.append(text.get_text())
    return out


def names_not_nearest(figure, ax) -> list[str]:
    """The creature labels nearer another creature's square than their own (box to square, pixels:
    nearer than :data:`NEARER` times the gap to their own)."""
    renderer = figure.canvas.get_renderer()
    squares = {name: box(*patch.get_window_extent(renderer).extents) for name, patch in creature_squares(ax).items()}
    out = []
    for text in ax.texts:
        name = text.get_text().split("\n")[0]
        if name in squares:
            label = box(*Text.get_window_extent(text, renderer).extents)
            own = label.distance(squares[name])
            near = [other for other, shape in squares.items()
                    if other != name and label.distance(shape) + 0.5 < NEARER * own]
            if near:
                out.append(f"{name} nearer {near}")
    return out


CASES = [("lesson-1", cell) for cell in (5, 7, 11, 15, 17, 19, 23)] + [("lesson-3", cell) for cell in (15, 19, 25)]


@pytest.mark.parametrize("lesson, cell", CASES)
def test_lesson_pictures_keep_labels_clear(lesson, cell):
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN", "FLIEGEND" and
    "KLETTERN, SCHWIMMEN UND KRIECHEN"; SRD 5.1, Combat > Movement and Position (Breaking Up Your
    Move, Difficult Terrain, Being Prone) and Combat > Actions in Combat (Dash, Disengage, Ready): the
    lessons' maps -- two legs, standing up, Geröll, through the Hügelriese, the Ork's
    Gelegenheitsangriff, swimming, flying; Rückzug, Spurt, Vorbereiten -- with every label clear of
    the creatures, the walls, each other, the path and its arrowhead, inside the axes, and each
    creature's name nearest its own creature."""
    figure, ax = lesson_1(cell) if lesson == "lesson-1" else lesson_3(cell)
    save(f"labels-{lesson}-cell-{cell}.png", figure)
    assert map_collisions(figure, ax) == []
    assert labels_crossing_the_path(figure, ax) == []
    assert names_not_nearest(figure, ax) == []


def save(name: str, figure) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    figure.savefig(ARTIFACTS / name, dpi=figure.dpi)


def test_a_flyer_aloft_is_marked_and_in_the_legend():
    """dnd5e-combat-de-excerpt.txt, "FLIEGEND": the Riesenadler in the air shows it -- "fliegt" in its
    label, a dashed outline -- and the legend says what the outline means; on the ground neither."""
    figure, ax = lesson_1(23)
    eagle = next(t for t in ax.texts if t.get_text().startswith("Riesenadler"))
    assert "fliegt" in eagle.get_text()
    assert [p.get_gid() for p in ax.patches if p.get_gid() == ALOFT_GID] == [ALOFT_GID]
    assert ALOFT_WORDS in [t.get_text() for t in ax.get_legend().get_texts()]
    figure, ax = lesson_1(5)
    assert not [p for p in ax.patches if p.get_gid() == ALOFT_GID]
    assert ALOFT_WORDS not in [t.get_text() for t in ax.get_legend().get_texts()]


@pytest.mark.parametrize("name, seed", [("scharmuetzel", 3), ("duell", 5)])
def test_picture_labels_clear_through_random_play(name, seed):
    """SRD 5.1, Combat > Your Turn and Movement and Position (Breaking Up Your Move): through random
    play the encounter's picture, with a move of the creature whose turn it is shown (two legs where
    it can), keeps every label clear of the creatures, walls, each other, the path and its
    arrowhead, and each name nearest its own creature."""
    state = new_encounter(name, seed=seed)
    picture, rng, player = MapPicture(state), SeededRng(seed), RandomPlayer()
    shown = 0
    for step in range(25):
        if state.is_terminal():
            break
        state.apply(player.choose(state, rng))
        movement = None
        if not state.is_terminal():
            x, y = (float(v) for v in state.token(state.acting).position)
            for path in ([(x + 3, y), (x + 3, y + 3)], [(x - 3, y - 1.5)], [(x, y + 4.5)], [(x, y - 3)]):
                try:
                    movement = move(state.battle_map, state.acting, path, budget=state.budget)
                    break
                except (RuleViolation, InputError):  # a wall, a creature or the edge: the next path
                    continue
        shown += movement is not None
        picture.update(state, movement=movement)
        picture.png()
        figure, ax = picture.figure, picture.ax
        assert map_collisions(figure, ax) == [], step
        assert labels_crossing_the_path(figure, ax) == [], step
        assert names_not_nearest(figure, ax) == [], step
    assert shown > 5


def test_panel_picture_places_its_labels_alike():
    """SRD 5.1, Combat > Making an Attack > Opportunity Attacks and Movement and Position: the battle
    map panel's picture (KartenBild) shows the Kämpferin's reach and her move away from the Ork, its
    Gelegenheitsangriff and a refused destination with the labels placed as every map picture
    places them: clear of the creatures, each other, the path and its arrowhead."""
    k = CREATURES
    battle_map = BattleMap(12, 6, walls=(Wall("Fels", (9, 0, 10.5, 4.5)),), tokens=(
        Token("Kämpferin", k["kaempferin"], square(2, 1), "Helden"), Token("Ork", k["ork"], square(3, 1), "Monster")))
    movement = move(battle_map, "Kämpferin", [square(1, 2), square(0, 0)])
    assert [a.attacker for a in movement.opportunity_attacks] == ["Ork"]
    picture = KartenBild(battle_map)
    picture.show(battle_map, chosen="Kämpferin", movement=movement, refused_at=square(7, 3),
                 reachable=[square(i, j) for i in range(5) for j in range(4) if (i, j) not in ((2, 1), (3, 1))],
                 title="Kämpferin: 4,5 m")
    picture.render()
    figure, ax = picture.figure, picture.ax
    assert map_collisions(figure, ax) == []
    assert labels_crossing_the_path(figure, ax) == []
    assert names_not_nearest(figure, ax) == []
    save("labels-panel.png", figure)


def label_gaps(figure, ax, battle_map) -> dict[str, float]:
    """Each creature label's gap (m) from its text box to the creature's space (0: touching)."""
    renderer = figure.canvas.get_renderer()
    to_data = ax.transData.inverted()
    gaps = {}
    for token in battle_map.tokens:
        text = next(t for t in ax.texts if t.get_text().split("\n")[0] == token.name)
        extent = Text.get_window_extent(text, renderer)
        (x0, y0), (x1, y1) = to_data.transform([(extent.x0, extent.y0), (extent.x1, extent.y1)])
        label = box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        gaps[token.name] = float(label.distance(battle_map.space(token)))
    return gaps


def test_a_panel_click_keeps_every_name_next_to_its_creature():
    """SRD 5.1, Combat > Movement and Position > Difficult Terrain: the map app's click -- the Kämpferin
    into the Geröll, a path passing the Magierin -- with every label clear (label_collisions, the path)
    and each creature's name next to its own square, not over a metre away beyond the path (issue 11:
    "Magierin TP 8/8" was placed 3 m from her token)."""
    from explorer.dnd5e.panels.panel_map import KartenPanel

    panel = KartenPanel(new_encounter("scharmuetzel"), interactive=False)
    panel.click(2.25, 2.25)
    panel.click(2.25, 9.75)
    assert panel.result is not None and panel.result.total == 9
    picture = panel.picture
    picture.png()
    figure, ax = picture.figure, picture.ax
    save("labels-panel-click.png", figure)
    assert map_collisions(figure, ax) == []
    assert labels_crossing_the_path(figure, ax) == []
    assert names_not_nearest(figure, ax) == []
    far = {name: gap for name, gap in label_gaps(figure, ax, panel.battle_map).items() if gap > 0.5}
    assert far == {}, far


def test_a_long_status_line_is_shortened_to_fit_the_picture():
    """dnd5e-combat-de-excerpt.txt, "MAGISCHEN GEGENSTAND VERWENDEN" (the action used, named in the status
    line): the picture's title is never cut at the figure's edge -- a status line too wide for it drops
    its bracketed details."""
    from explorer.dnd5e.position import from_position
    from explorer.dnd5e.render_map import status_line

    state = from_position({"map": LESSON_3_MAP, "creatures": [
        {"name": "Magierin", "profile": "magierin_zauberstab", "side": "Helden",
         "position": [float(v) for v in square(0, 4)]},
        {"name": "Ork", "profile": "ork", "side": "Monster", "position": [float(v) for v in square(6, 1)]}],
        "used": {"action": "magischen-gegenstand-verwenden"}})
    assert "(Magischen Gegenstand verwenden)" in status_line(state)
    picture = MapPicture(state)
    picture.png()
    renderer = picture.figure.canvas.get_renderer()
    title = picture.title.get_window_extent(renderer)
    assert picture.figure.bbox.x0 <= title.x0 and title.x1 <= picture.figure.bbox.x1
    assert picture.title.get_text() == "Runde 1, Zug: Magierin — Aktion genutzt, Bewegung 9 m übrig"


def test_a_title_centred_over_the_map_is_not_cut_at_the_right():
    """dnd5e-combat-de-excerpt.txt, "SPEZIALFÄHIGKEIT VERWENDEN" (lesson 3's Höllenhund): the title is centred over
    the map, whose left margin is wider than its right; a status line narrower than the figure but wider
    than twice the room right of the map's centre ran past the right edge ("... Bewegung 15 m übr")."""
    from explorer.dnd5e import actions as A
    from explorer.dnd5e.game import new_encounter

    def feld(x, y):
        return [float(v) for v in square(x, y)]

    game = new_encounter({"map": {"width": 18, "height": 9, "walls": [], "areas": []}, "creatures": [
        {"name": "Höllenhund", "profile": "hoellenhund", "side": "Monster", "position": feld(4, 2)},
        {"name": "Kämpferin", "profile": "kaempferin_trank", "side": "Helden", "position": feld(3, 2)},
        {"name": "Magierin", "profile": "magierin", "side": "Helden", "position": feld(2, 2)},
        {"name": "Goblin", "profile": "goblin", "side": "Monster", "position": feld(8, 2)}]}, seed=0)
    while game.acting != "Höllenhund":
        game.apply(A.ZugBeenden())
    game.apply(A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"))
    picture = MapPicture(game)
    picture.png()
    renderer = picture.figure.canvas.get_renderer()
    title = picture.title.get_window_extent(renderer)
    assert picture.figure.bbox.x0 <= title.x0 and title.x1 <= picture.figure.bbox.x1, picture.title.get_text()
    assert picture.title.get_text().startswith("Runde 1, Zug: Höllenhund — Aktion genutzt")


def test_a_feueratem_cone_is_drawn_over_the_map():
    """dnd5e-combat-de-excerpt.txt, "SPEZIALFÄHIGKEIT VERWENDEN" (SRD 5.1 Monsters > Hell Hound, ruling dnd5e.cone):
    lesson 3 shows the Feueratem's cone on the map: ``show_area`` tints the cone's pixels (over the Kämpferin and
    the Magierin it catches) and leaves the rest as it was; the next update draws the map without it."""
    import numpy as np

    from explorer.dnd5e import actions as A
    from explorer.dnd5e import items
    from explorer.dnd5e.game import new_encounter

    def feld(x, y):
        return [float(v) for v in square(x, y)]

    game = new_encounter({"map": {"width": 18, "height": 9, "walls": [], "areas": []}, "creatures": [
        {"name": "Höllenhund", "profile": "hoellenhund", "side": "Monster", "position": feld(4, 2)},
        {"name": "Kämpferin", "profile": "kaempferin_trank", "side": "Helden", "position": feld(3, 2)},
        {"name": "Magierin", "profile": "magierin", "side": "Helden", "position": feld(2, 2)},
        {"name": "Goblin", "profile": "goblin", "side": "Monster", "position": feld(8, 2)}]}, seed=0)
    picture = MapPicture(game)
    plain = np.asarray(picture.figure.canvas.buffer_rgba()).copy()
    karte = game.battle_map
    picture.show_area(items.cone(karte, karte.token("Höllenhund"), karte.token("Kämpferin").position))
    tinted = np.asarray(picture.figure.canvas.buffer_rgba()).copy()
    changed = (plain != tinted).any(axis=2)
    assert 0.005 < changed.mean() < 0.2  # the cone, not the whole picture
    picture.update(game)
    assert (np.asarray(picture.figure.canvas.buffer_rgba()) == plain).all()
