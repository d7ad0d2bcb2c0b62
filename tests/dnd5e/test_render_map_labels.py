"""The movement's labels on the battle map (explorer.dnd5e.render_map, issues 11/12): each leg's
cost, standing up and a Gelegenheitsangriff placed clear of the creatures, the walls, the path and
each other, with a leader line apart from the label when it stands off."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.text import Text

from explorer.core.render_labels import label_collisions
from explorer.dnd5e.battlemap import BattleMap, Token, Wall
from explorer.dnd5e.creatures import load_creatures
from explorer.dnd5e.movement import move
from explorer.dnd5e.render_map import LEADER_GID, draw_map, fit_bottom, map_figure

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
    two-point line of the path; the leader lines are not the path)."""
    renderer = figure.canvas.get_renderer()
    pieces = [line.get_xydata() for line in ax.lines
              if len(line.get_xydata()) == 2 and line.get_gid() is None]
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
