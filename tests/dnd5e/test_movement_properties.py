"""Properties of movement costs over random paths (hypothesis), from the cost clauses:

* SRD 5.1 "Combat > Movement and Position": on open ground a path costs its length;
* SRD 5.1 "Combat > Movement and Position > Difficult Terrain": wholly in difficult terrain, twice its length;
* dnd5e-combat-de-excerpt.txt, KLETTERN, SCHWIMMEN UND KRIECHEN: crawled in difficult terrain, three times
  (ruling dnd5e.climb-in-difficult-terrain = "total-3");
* ruling dnd5e.grid-diagonals = "every-1.5": on the grid a leg costs 1.5 m per step of the longer axis.
A refused move always cites a rule; an accepted one never spends more than the speed allows.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e.battlemap import Area, BattleMap, Token
from explorer.dnd5e.creatures import Creature, Speeds
from explorer.dnd5e.movement import move

SETTINGS = settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
GRIDLESS = Rulings().switch(**{"dnd5e.measuring": "gridless"})
RUNNER = Creature("Läuferin", speeds=Speeds(gehen=1000))
coordinate = st.integers(min_value=75, max_value=2925).map(lambda v: v / 100)
gridpoint = st.integers(min_value=0, max_value=19).map(lambda i: 0.75 + 1.5 * i)


def pytest_approx(value):
    return pytest.approx(value, rel=1e-9, abs=1e-6)


def runner(at, **kw) -> Token:
    return Token("Läuferin", RUNNER, at, "helden", **kw)


@SETTINGS
@given(st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=5), st.tuples(coordinate, coordinate))
def test_gridless_cost_is_the_length_on_open_ground_and_twice_in_difficult_terrain(path, start):
    length = sum(math.dist(a, b) for a, b in zip([start] + path, path))
    open_ground = BattleMap(30, 30, tokens=(runner(start),), rulings=GRIDLESS)
    assert float(move(open_ground, "Läuferin", path).cost) == pytest_approx(length)
    bog = Area("Sumpf", "schwierig", (0, 0, 30, 30))
    difficult = BattleMap(30, 30, areas=(bog,), tokens=(runner(start),), rulings=GRIDLESS)
    assert float(move(difficult, "Läuferin", path).cost) == pytest_approx(2 * length)
    crawling = BattleMap(30, 30, areas=(bog,), tokens=(runner(start, conditions={"liegend"}),), rulings=GRIDLESS)
    assert float(move(crawling, "Läuferin", path).cost) == pytest_approx(3 * length)


@SETTINGS
@given(st.lists(st.tuples(gridpoint, gridpoint), min_size=1, max_size=5), st.tuples(gridpoint, gridpoint))
def test_grid_cost_is_one_and_a_half_metres_per_step(path, start):
    steps = sum(max(abs(a[0] - b[0]), abs(a[1] - b[1])) / 1.5 for a, b in zip([start] + path, path))
    cost = move(BattleMap(30, 30, tokens=(runner(start),)), "Läuferin", path).cost
    assert isinstance(cost, Fraction) and cost == Fraction(3, 2) * round(steps)


@SETTINGS
@given(st.lists(st.tuples(gridpoint, gridpoint), min_size=1, max_size=4), st.tuples(gridpoint, gridpoint),
       st.lists(st.tuples(gridpoint, gridpoint), max_size=4, unique=True), st.booleans())
def test_a_move_is_refused_with_a_rule_or_stays_within_the_speed(path, start, others, gridless):
    """Random foes and friends (Medium, 9 m): either a RuleViolation citing a section, or the cost at most 9 m
    (18 m is never allowed without Spurt) and no end inside another creature's space."""
    hero = Token("Kämpferin", Creature("Kämpferin"), start, "helden")
    tokens = [hero] + [Token(f"K{i}", Creature(f"K{i}"), at, "feinde" if i % 2 else "helden")
                       for i, at in enumerate(others) if at != start]
    battle = BattleMap(30, 30, tokens=tuple(tokens), rulings=GRIDLESS if gridless else Rulings())
    try:
        movement = move(battle, "Kämpferin", path)
    except RuleViolation as error:
        assert error.rule.section and error.rule.section in str(error)
        return
    assert movement.cost <= 9 + 1e-9
    end = movement.end
    for other in tokens[1:]:
        assert max(abs(float(end[0]) - float(other.position[0])), abs(float(end[1]) - float(other.position[1]))) \
            >= 1.5 - 1e-9
