"""Properties of cover (Deckung) and sight over random maps (hypothesis).

Sources: SRD 5.1, Combat > Cover (an obstacle gives cover by blocking the target's body: taking one away
can only uncover it; "only the most protective degree of cover applies"); the rulings
dnd5e.cover-gridless, dnd5e.cover-grid, dnd5e.cover-origin, dnd5e.cover-obstacles and
dnd5e.line-of-sight (the same lines both ways).  The NumPy line test is checked against shapely's
exact predicates, lines through corners and along edges included.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.affinity import rotate
from shapely.geometry import box

from explorer.core.rulings import Rulings
from explorer.dnd5e.battlemap import Area, BattleMap, Token, Wall
from explorer.dnd5e.cover import DEGREES, _blocked, _blocked_exact, _obstacles, deckung, sicht
from explorer.dnd5e.creatures import Creature

SETTINGS = settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
GRIDLESS = Rulings().switch(**{"dnd5e.measuring": "gridless"})
RULINGS = {
    "grid corners": Rulings(),
    "grid fraction": Rulings().switch(**{"dnd5e.cover-grid": "fraction"}),
    "gridless fraction": GRIDLESS,
    "gridless centre": GRIDLESS.switch(**{"dnd5e.cover-origin": "centre"}),
    "gridless corners": GRIDLESS.switch(**{"dnd5e.cover-gridless": "corners"}),
    "gridless round": GRIDLESS.switch(**{"dnd5e.space-shape": "circle"}),
}
SIDE = 18
half_metres = st.integers(min_value=0, max_value=2 * SIDE).map(lambda v: v * 0.5)  # on and off the grid lines


@st.composite
def walls(draw, count=st.integers(min_value=0, max_value=6)):
    out = []
    for i in range(draw(count)):
        x0, y0 = draw(half_metres), draw(half_metres)
        w, h = draw(st.sampled_from([0.25, 0.5, 1.5, 3])), draw(st.sampled_from([0.25, 1.5, 3, 6]))
        shape = box(x0, y0, min(x0 + w, SIDE), min(y0 + h, SIDE))
        if draw(st.booleans()):
            shape = rotate(shape, draw(st.sampled_from([30, 45, 60])), origin="centroid")
        assume(shape.area > 0)
        out.append(Wall(f"Wand {i}", shape))
    return tuple(out)


@st.composite
def scenes(draw, rulings_name=st.sampled_from(sorted(RULINGS))):
    """A map with two to five Medium creatures not overlapping each other or a wall, and up to two low walls."""
    name = draw(rulings_name)
    rulings = RULINGS[name]
    grid = rulings["dnd5e.measuring"] == "grid"
    coordinate = (st.integers(min_value=0, max_value=SIDE * 2 // 3 - 1).map(lambda i: 0.75 + 1.5 * i) if grid
                  else st.integers(min_value=75, max_value=SIDE * 100 - 75).map(lambda v: v / 100))
    found_walls = draw(walls())
    lows = tuple(Area(f"Mauer {i}", "mauer", draw(walls(st.just(1)))[0].shape, height=1)
                 for i in range(draw(st.integers(0, 2))))
    tokens = []
    for i in range(draw(st.integers(min_value=2, max_value=5))):
        at = (draw(coordinate), draw(coordinate))
        token = Token(f"K{i}", Creature(f"K{i}"), at, "a" if i % 2 else "b")
        tokens.append(token)
    battle_map = BattleMap(SIDE, SIDE, tokens=(), rulings=rulings)
    spaces = [battle_map.space(t) for t in tokens]
    for i, space in enumerate(spaces):
        assume(not any(space.intersection(w.shape).area > 0 for w in found_walls))
        assume(not any(space.intersection(other).area > 0 for other in spaces[:i]))
    return BattleMap(SIDE, SIDE, walls=found_walls, areas=lows, tokens=tuple(tokens), rulings=rulings)


def rank(result) -> int:
    return DEGREES.index(result.grad)


@SETTINGS
@given(scenes(), st.data())
def test_moving_an_obstacle_out_of_the_way_never_increases_cover(battle_map, data):
    """SRD 5.1, Combat > Cover: cover comes from obstacles blocking the target; without one of them (a wall,
    a low wall or a creature taken off the map) the target has the same cover or less, every method."""
    attacker, target = battle_map.tokens[0].name, battle_map.tokens[1].name
    before = rank(deckung(battle_map, attacker, target))
    kinds = [k for k in ("walls", "areas", "tokens") if len(getattr(battle_map, k)) > (2 if k == "tokens" else 0)]
    assume(kinds)
    kind = data.draw(st.sampled_from(kinds))
    items = getattr(battle_map, kind)
    first = 2 if kind == "tokens" else 0
    index = data.draw(st.integers(min_value=first, max_value=len(items) - 1))
    fewer = replace(battle_map, **{kind: items[:index] + items[index + 1:]})
    assert rank(deckung(fewer, attacker, target)) <= before


@SETTINGS
@given(scenes())
def test_sight_is_symmetric_and_a_target_out_of_sight_has_total_cover(battle_map):
    """Ruling dnd5e.line-of-sight: the same both ways; SRD 5.1, Combat > Cover: a target no line reaches is
    "completely concealed" (voll), both ways; removing the walls restores sight."""
    a, b = battle_map.tokens[0].name, battle_map.tokens[1].name
    seen = sicht(battle_map, a, b)
    assert seen == sicht(battle_map, b, a)
    if not seen:
        assert deckung(battle_map, a, b).grad == "voll" and deckung(battle_map, b, a).grad == "voll"
    assert sicht(replace(battle_map, walls=()), a, b)


@SETTINGS
@given(scenes())
def test_a_mirrored_map_gives_the_same_cover(battle_map):
    """SRD 5.1, Combat > Cover: the rule has no direction; the map mirrored left to right (every wall, low wall
    and creature) gives the same degree (axis-aligned corners and points map onto themselves)."""
    def mirror(shape):
        return shapely.transform(shape, lambda xy: np.column_stack([SIDE - xy[:, 0], xy[:, 1]]))

    mirrored = replace(
        battle_map,
        walls=tuple(replace(w, shape=mirror(w.shape)) for w in battle_map.walls),
        areas=tuple(replace(a, shape=mirror(a.shape)) for a in battle_map.areas),
        tokens=tuple(replace(t, position=(SIDE - t.position[0], t.position[1])) for t in battle_map.tokens))
    a, b = battle_map.tokens[0].name, battle_map.tokens[1].name
    assert deckung(mirrored, a, b).grad == deckung(battle_map, a, b).grad
    assert sicht(mirrored, a, b) == sicht(battle_map, a, b)


@SETTINGS
@given(scenes(), st.lists(st.tuples(half_metres, half_metres, half_metres, half_metres), min_size=1, max_size=40))
def test_the_numpy_line_test_agrees_with_shapely(battle_map, segments):
    """Ruling dnd5e.cover-obstacles: a line is blocked when it passes through an obstacle's inside, not when it
    only touches an edge or a corner -- the NumPy test gives shapely's exact answer (half-metre lines run
    along the edges and through the corners of the walls and spaces)."""
    obstacles = _obstacles(battle_map, battle_map.tokens[0], battle_map.tokens[1])
    array = np.array(segments, dtype=float)
    starts, ends = array[:, :2], array[:, 2:]
    assume(np.all(np.any(starts != ends, axis=1)))
    assert np.array_equal(_blocked(obstacles, starts, ends), _blocked_exact(obstacles, starts, ends))
