"""The battle map: positions on the 1.5 m grid or gridless, spaces, reach and grid distances.

Sources: SRD 5.1, "Combat > Movement and Position > Creature Size > Space" (the space a creature
controls); dnd5e-combat-de-excerpt.txt, SICH UM ANDERE KREATUREN HERUM BEWEGEN ("Bereich");
the rulings dnd5e.measuring, dnd5e.grid-diagonals and dnd5e.space-shape.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
from shapely.geometry import box

from explorer.core.inputs import InputError
from explorer.core.rulings import Rulings
from explorer.dnd5e.battlemap import Area, BattleMap, Token, Wall, squares_length
from explorer.dnd5e.creatures import Creature

GRIDLESS = Rulings().switch(**{"dnd5e.measuring": "gridless"})
ROUND = GRIDLESS.switch(**{"dnd5e.space-shape": "circle"})
ALTERNATE = Rulings().switch(**{"dnd5e.grid-diagonals": "alternate-1.5-3"})


def token(name="A", size="mittelgroß", at=(0.75, 0.75), side="held", reach=1.5) -> Token:
    return Token(name, Creature(name, size=size, reach=reach), at, side)


def test_on_the_grid_a_creature_stands_on_whole_squares():
    """Ruling dnd5e.measuring = "grid": a Medium creature's centre is a square's centre (0.75 + k x 1.5 m),
    a Large one's a grid corner (its 3 m space covers 2 x 2 squares)."""
    BattleMap(15, 15, tokens=(token(at=(2.25, 0.75)), token("Oger", "groß", at=(6, 6))))
    with pytest.raises(InputError) as caught:
        BattleMap(15, 15, tokens=(token(at=(1.0, 0.75)),))
    assert caught.value.field == "tokens[0].position[0]" and "1.5 m grid" in caught.value.expected
    with pytest.raises(InputError) as caught:
        BattleMap(15, 15, tokens=(token("Oger", "groß", at=(6.75, 6)),))
    assert caught.value.field == "tokens[0].position[0]"


def test_gridless_any_position_inside_the_map():
    """Ruling dnd5e.measuring = "gridless": exact positions; the space must lie on the map."""
    BattleMap(15, 15, tokens=(token(at=(1.01, 3.3)),), rulings=GRIDLESS)
    with pytest.raises(InputError) as caught:
        BattleMap(15, 15, tokens=(token(at=(0.5, 3)),), rulings=GRIDLESS)
    assert caught.value.field == "tokens[0].position[0]" and caught.value.value == Fraction(1, 2)


def test_the_space_is_a_square_or_by_ruling_a_circle():
    """SRD 5.1 Space: "A creature's space is the area in feet that it effectively controls in combat";
    ruling dnd5e.space-shape: gridless a square of the side (default) or a circle of that diameter."""
    medium = token(at=(5, 5))
    square = BattleMap(10, 10, tokens=(medium,), rulings=GRIDLESS).space(medium)
    assert square.equals(box(4.25, 4.25, 5.75, 5.75))
    circle = BattleMap(10, 10, tokens=(medium,), rulings=ROUND).space(medium)
    assert circle.area == pytest.approx(3.14159 * 0.75 ** 2, rel=1e-3)
    tiny = token("Irrlicht", "winzig", at=(5, 5))
    assert BattleMap(10, 10, rulings=GRIDLESS).space(tiny).area == pytest.approx(0.75 ** 2)
    assert BattleMap(10, 10).space(token("Irrlicht", "winzig", at=(0.75, 0.75))).area == pytest.approx(1.5 ** 2)


def test_grid_diagonals_every_1_5_or_alternating():
    """Ruling dnd5e.grid-diagonals: "every-1.5" counts 4 diagonal steps as 6 m; "alternate-1.5-3" (the DMG
    variant) as 1.5 + 3 + 1.5 + 3 = 9 m, carrying the count on from earlier diagonals."""
    assert squares_length(4, 4, Rulings()) == 6
    assert squares_length(4, 4, ALTERNATE) == 9
    assert squares_length(5, 1, ALTERNATE) == Fraction(15, 2)
    assert squares_length(1, 1, ALTERNATE, diagonals_before=1) == 3


def test_reach_on_the_grid_counts_adjacent_diagonal_squares():
    """SRD 5.1 Opportunity Attacks: "moves out of your reach"; a 1.5 m reach covers the eight squares around;
    a 3 m reach (Hill Giant) two squares, diagonally by the diagonal rule."""
    orc, hero = token("Ork", side="feind", at=(3.75, 3.75)), token(at=(5.25, 5.25))
    battle = BattleMap(15, 15, tokens=(orc, hero))
    assert battle.in_reach(orc, hero, (5.25, 5.25)) and not battle.in_reach(orc, hero, (6.75, 5.25))
    giant = token("Riese", "riesig", side="feind", at=(3.75, 3.75), reach=3)  # 4.5 m: squares 1..3
    battle = BattleMap(15, 15, tokens=(giant,))
    assert battle.in_reach(giant, hero, (8.25, 8.25))  # two squares out diagonally: 3 m
    assert not battle.in_reach(giant, hero, (9.75, 8.25))
    alternate = BattleMap(15, 15, tokens=(giant,), rulings=ALTERNATE)
    assert not alternate.in_reach(giant, hero, (8.25, 8.25))  # 1.5 + 3 = 4.5 m


def test_reach_gridless_is_measured_between_the_spaces():
    """Gridless, a creature is in reach while the gap between the two spaces is at most the reach."""
    orc, hero = token("Ork", side="feind", at=(5, 5)), token(at=(7.9, 5))
    battle = BattleMap(15, 15, tokens=(orc, hero), rulings=GRIDLESS)
    assert battle.in_reach(orc, hero, (8.0, 5)) and not battle.in_reach(orc, hero, (8.01, 5))


def test_map_inputs_are_checked():
    with pytest.raises(InputError) as caught:
        BattleMap(15, 15, tokens=(token(), token()))
    assert caught.value.field == "tokens[1].name"
    with pytest.raises(InputError) as caught:
        BattleMap(15, 15, tokens=(token(), token("B", "groß", at=(1.5, 1.5))))
    assert caught.value.field == "tokens[1].position" and "A's" in caught.value.expected
    BattleMap(15, 15, tokens=(token(), token("B", at=(2.25, 0.75))))  # side by side: touching is not sharing
    with pytest.raises(InputError) as caught:
        Area("Sumpf", "sumpf", (0, 0, 3, 3))
    assert caught.value.field == "kind" and caught.value.value == "sumpf"
    with pytest.raises(InputError) as caught:
        Area("Mauer", "mauer", (0, 0, 3, 3))
    assert caught.value.field == "height"
    with pytest.raises(InputError) as caught:
        Wall("Wand", (0, 0, 0, 3))
    assert caught.value.field == "shape"
    with pytest.raises(InputError) as caught:
        Token("A", Creature("A"), (1, 1), "held", conditions={"prone"})
    assert caught.value.field == "conditions"
    with pytest.raises(InputError) as caught:
        Token("A", Creature("A"), (1, 1), "held", aloft=True)
    assert caught.value.field == "aloft"
    with pytest.raises(InputError) as caught:
        BattleMap(float("inf"), 15)
    assert caught.value.field == "width"
    with pytest.raises(InputError) as caught:
        BattleMap(15, 15).token("Niemand")
    assert caught.value.value == "Niemand"


def test_the_map_registers_the_rulings_it_reads():
    """Importing the map alone (a fresh interpreter) registers the rulings it reads: a map can be built."""
    code = ("from explorer.dnd5e.battlemap import BattleMap; from explorer.dnd5e.movement import move; "
            "from explorer.dnd5e.jumps import long_jump; print(BattleMap(3, 3).grid)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr
