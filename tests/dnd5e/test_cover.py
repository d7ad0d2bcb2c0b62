"""Cover (Deckung) and sight (Sicht) from the battle map's geometry.

Sources: SRD 5.1, Combat > Cover (half cover +2 AC "if an obstacle blocks at least half of its body",
three-quarters +5 "if about three-quarters of it is covered", total "if it is completely concealed":
"can't be targeted directly"; "a creature, whether that creature is an enemy or a friend" and "a low
wall" give half cover; "only the most protective degree of cover applies"); dnd5e-combat-de-excerpt.txt,
ANGRIFFSSTRUKTUR ("Der SL entscheidet, ob das Ziel von Deckung profitiert") and AUSWEICHEN ("sofern du den
Angreifer sehen kannst"); the rulings dnd5e.cover-gridless, dnd5e.cover-grid (the DMG's corner method,
not in the SRD), dnd5e.cover-origin, dnd5e.cover-obstacles and dnd5e.line-of-sight.

Gridless scenes: the attacker at (1.5, 10), the target 38.5 m east at (40, 10) (its space 39.25..40.75 x
9.25..10.75, 36 cover points in 6 rows at y = 9.375, 9.625, ... 10.625); a wall right in front of the
target whose lower edge decides how many rows it hides, from every point of the attacker's space (the
lines are so flat that no corner of the attacker sees under the edge).
"""

from __future__ import annotations

import time

import pytest

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import refs
from explorer.dnd5e.battlemap import Area, BattleMap, Token, Wall
from explorer.dnd5e.cover import Deckung, deckung, sicht
from explorer.dnd5e.creatures import Creature
from explorer.dnd5e.odds import attack_odds

GRIDLESS = Rulings().switch(**{"dnd5e.measuring": "gridless"})
ROUND = GRIDLESS.switch(**{"dnd5e.space-shape": "circle"})


def tok(name, at, side="helden", size="mittelgroß") -> Token:
    return Token(name, Creature(name, size=size), at, side)


ATTACKER = tok("Angreiferin", (1.5, 10))
TARGET = tok("Ziel", (40, 10), "schurken")


def field(*walls, areas=(), others=(), rulings=GRIDLESS) -> BattleMap:
    return BattleMap(50, 20, walls=walls, areas=areas, tokens=(ATTACKER, TARGET) + tuple(others), rulings=rulings)


def wall_from(low: float, name="Wand") -> Wall:
    """A wall just in front of the target, from y = ``low`` up to y = 15."""
    return Wall(name, (38.5, low, 39.25, 15))


def cover(battle_map, a="Angreiferin", b="Ziel", **kw) -> Deckung:
    return deckung(battle_map, a, b, **kw)


# --- the degrees ---------------------------------------------------------------------------
def test_the_degrees_and_bonuses_are_the_attack_odds_ones():
    """SRD 5.1, Combat > Cover: half +2, three-quarters +5, total: no target -- the same names and bonuses
    the attack odds take (cover.py keeps its own copy so that it needs no pandas)."""
    from explorer.dnd5e import odds
    from explorer.dnd5e.cover import AC_BONUS, DEGREES

    assert DEGREES == odds.COVER
    assert {d: b for d, b in AC_BONUS.items() if b is not None} == odds.COVER_AC_BONUS and AC_BONUS["voll"] is None


def test_no_obstacle_no_cover():
    """SRD 5.1, Combat > Cover: nothing in the way, no cover: +0 AC, a target; the lines can all be seen."""
    result = cover(field())
    assert (result.grad, result.ac_bonus, result.targetable, result.blocked, result.lines) == ("keine", 0, True, 0, 36)
    assert result.blockers == () and result.rule == refs.SRD_COVER
    assert sicht(field(), "Angreiferin", "Ziel")


def test_a_wall_hiding_half_the_target_gives_half_cover():
    """SRD 5.1, Combat > Cover: "A target has half cover if an obstacle blocks at least half of its body":
    a wall hiding the three upper rows of points (18 of 36) -> halb, +2 AC."""
    result = cover(field(wall_from(10)))
    assert (result.grad, result.ac_bonus, result.blocked_by_walls, result.lines) == ("halb", 2, 18, 36)
    assert [(b.name, b.kind, b.lines) for b in result.blockers] == [("Wand", "wand", 18)]
    assert "halbe Deckung (+2 RK)" in result.explain() and "Combat > Cover" in result.explain()


def test_less_than_three_quarters_is_still_half_cover():
    """SRD 5.1, Combat > Cover: four rows of six (24 of 36, two thirds) is not "about three-quarters" -> halb."""
    result = cover(field(wall_from(9.75)))
    assert (result.grad, result.blocked_by_walls) == ("halb", 24)


def test_a_wall_hiding_most_of_the_target_gives_three_quarters_cover():
    """SRD 5.1, Combat > Cover: "three-quarters cover if about three-quarters of it is covered by an obstacle":
    five rows of six (30 of 36, at least 3/4) hidden -> dreiviertel, +5 AC."""
    result = cover(field(wall_from(9.5)))
    assert (result.grad, result.ac_bonus, result.blocked_by_walls) == ("dreiviertel", 5, 30)
    assert attack_odds(5, 12, "1W8", cover=result.grad).effective_ac == 17


def test_fully_behind_a_wall_total_cover_cannot_be_targeted():
    """SRD 5.1, Combat > Cover: total cover "if it is completely concealed by an obstacle": it "can't be
    targeted directly by an attack"; the attack odds refuse it too, and no line of sight is left."""
    battle_map = field(Wall("Mauer", (38.5, 5, 39, 15)))
    result = cover(battle_map)
    assert (result.grad, result.ac_bonus, result.targetable, result.blocked_by_walls) == ("voll", None, False, 36)
    with pytest.raises(RuleViolation) as caught:
        result.require_target()
    assert caught.value.rule == refs.SRD_COVER
    with pytest.raises(RuleViolation):
        attack_odds(5, 12, "1W8", cover=result.grad)
    assert not sicht(battle_map, "Angreiferin", "Ziel")
    assert cover(field()).require_target().grad == "keine"


def test_a_creature_in_between_gives_half_cover_and_never_more():
    """SRD 5.1, Combat > Cover: half cover "... or a creature, whether that creature is an enemy or a friend":
    a creature blocking every line gives halb, not dreiviertel or voll; creatures do not block sight."""
    for side in ("helden", "schurken"):
        battle_map = field(others=(tok("Dazwischen", (20, 10), side),))
        result = cover(battle_map)
        assert (result.grad, result.blocked, result.blocked_by_walls) == ("halb", 36, 0)
        assert [(b.name, b.kind) for b in result.blockers] == [("Dazwischen", "kreatur")]
        assert sicht(battle_map, "Angreiferin", "Ziel")


def test_a_creature_off_to_the_side_gives_no_cover():
    """SRD 5.1, Combat > Cover: a creature blocking less than half of the body gives no cover (the lines from
    the attacker's centre, ruling dnd5e.cover-origin = "centre": the two upper rows, 12 of 36)."""
    centre = GRIDLESS.switch(**{"dnd5e.cover-origin": "centre"})
    result = cover(field(others=(tok("Daneben", (20, 10.9)),), rulings=centre))
    assert (result.grad, result.blocked) == ("keine", 12)


def test_a_low_wall_gives_half_cover_and_does_not_block_sight():
    """SRD 5.1, Combat > Cover: "The obstacle might be a low wall": halb however many lines it crosses; one
    sees over it; a low wall the target stands on gives it no cover (ruling dnd5e.cover-obstacles)."""
    low = Area("Mäuerchen", "mauer", (30, 0, 30.5, 20), height=1)
    battle_map = field(areas=(low,))
    result = cover(battle_map)
    assert (result.grad, result.blocked, result.blocked_by_walls) == ("halb", 36, 0)
    assert sicht(battle_map, "Angreiferin", "Ziel")
    under_target = Area("Sockel", "mauer", (39.5, 9.5, 40.5, 10.5), height=1)
    assert cover(field(areas=(under_target,))).grad == "keine"


def test_cover_degrees_do_not_stack_the_most_protective_applies():
    """SRD 5.1, Combat > Cover: "only the most protective degree of cover applies; the degrees aren't added
    together" (a creature's half and a wall's three-quarters: three-quarters, +5, not +7)."""
    battle_map = field(wall_from(9.5), areas=(Area("Mäuerchen", "mauer", (30, 0, 30.5, 20), height=1),),
                       others=(tok("Dazwischen", (20, 10)),))
    result = cover(battle_map)
    assert (result.grad, result.ac_bonus) == ("dreiviertel", 5)
    assert {b.kind for b in result.blockers} == {"wand", "mauer", "kreatur"}
    two_halves = field(wall_from(10), others=(tok("Dazwischen", (20, 10)),))
    assert cover(two_halves).grad == "halb"


def test_cover_only_from_the_opposite_side():
    """SRD 5.1, Combat > Cover: "A target can benefit from cover only when an attack or other effect
    originates on the opposite side of the cover": the same wall, attacked from behind it, gives none."""
    behind = tok("Hinten", (45, 10))
    battle_map = BattleMap(50, 20, walls=(Wall("Mauer", (38.5, 5, 39, 15)),), tokens=(ATTACKER, TARGET, behind),
                           rulings=GRIDLESS)
    assert cover(battle_map).grad == "voll"
    assert cover(battle_map, "Hinten").grad == "keine"


def test_the_origin_ruling_the_attacker_may_peek_from_a_corner():
    """Ruling dnd5e.cover-origin: with "best-point" the attacker's space's corner sees past a wall's end
    that hides the target from its centre; with "centre" it does not."""
    attacker = tok("Angreiferin", (10, 10))
    target = tok("Ziel", (10, 14), "schurken")
    edge = Wall("Kante", (6, 11.6, 10.6, 12.0))  # covers x <= 10.6 between the two
    battle_map = BattleMap(20, 20, walls=(edge,), tokens=(attacker, target), rulings=GRIDLESS)
    best = cover(battle_map)
    centre = cover(battle_map, rulings=GRIDLESS.switch(**{"dnd5e.cover-origin": "centre"}))
    assert DEGREE[best.grad] < DEGREE[centre.grad]
    assert best.origin != (10.0, 10.0) and centre.origin == (10.0, 10.0)
    assert "dnd5e.cover-origin" in best.rulings


DEGREE = {"keine": 0, "halb": 1, "dreiviertel": 2, "voll": 3}


# --- on the grid: the corner method (a ruling: the DMG's, not the SRD's) ----------------------
GRID_ATTACKER = tok("Angreiferin", (0.75, 0.75))
GRID_TARGET = tok("Ziel", (9.75, 3.75), "schurken")  # its square: 9..10.5 x 3..4.5
WEST = Wall("West", (7.5, 3.0, 9.0, 12))  # beside the target, flush with its lower edge
SOUTH = Wall("Süd", (9.0, 1.5, 10.5, 3.0))  # under the target: only its lower left corner stays in view


def grid(*walls, others=()) -> BattleMap:
    return BattleMap(15, 15, walls=walls, tokens=(GRID_ATTACKER, GRID_TARGET) + tuple(others))


@pytest.mark.parametrize("walls, degree, blocked", [
    ((), "keine", 0),
    ((WEST,), "halb", 2),
    ((WEST, SOUTH), "dreiviertel", 3),
    ((Wall("Wand", (7.5, 0, 9, 12)),), "voll", 4),
])
def test_grid_corners_one_or_two_lines_half_three_three_quarters_four_total(walls, degree, blocked):
    """SRD 5.1, Combat > Cover, measured by ruling dnd5e.cover-grid = "corners" (the DMG's grid method): from the
    attacker's best corner to the target square's four corners, 1-2 blocked -> halb, 3 -> dreiviertel,
    4 -> voll.  A line through a wall's corner only touches it: the target's lower left corner (9, 3) stays
    in view past the two walls (an arrow slit of a nook)."""
    result = cover(grid(*walls))
    assert (result.grad, result.blocked_by_walls, result.lines, result.method) == (degree, blocked, 4, "corners")


def test_grid_a_creature_blocking_three_lines_gives_only_half_cover():
    """SRD 5.1, Combat > Cover: a creature gives half cover, even where the corner method counts three
    blocked lines (ruling dnd5e.cover-obstacles)."""
    result = cover(grid(others=(tok("Dazwischen", (5.25, 2.25)),)))
    assert result.grad == "halb" and result.blocked >= 1 and result.blocked_by_walls == 0


def test_grid_corners_a_large_target_is_judged_by_its_best_square():
    """Ruling dnd5e.cover-grid = "corners" (the DMG's "any one square the target occupies"): a wall hiding an
    ogre's two lower squares leaves its upper squares' corners in view (the lines along the wall's top only
    touch it): keine; the fraction method counts the hidden half of its 36 points: halb (SRD 5.1, Combat >
    Cover: "blocks at least half of its body")."""
    attacker = tok("Angreiferin", (0.75, 2.25))
    ogre = tok("Oger", (9, 3), "schurken", size="groß")  # 7.5..10.5 x 1.5..4.5, four squares
    battle_map = BattleMap(15, 15, walls=(Wall("Wand", (7.0, 0, 7.5, 3.0)),), tokens=(attacker, ogre))
    corners = cover(battle_map, b="Oger")
    assert (corners.grad, corners.blocked, corners.lines) == ("keine", 0, 4)
    fraction = cover(battle_map, b="Oger", rulings=Rulings().switch(**{"dnd5e.cover-grid": "fraction"}))
    assert (fraction.grad, fraction.blocked_by_walls, fraction.lines) == ("halb", 18, 36)


def test_grid_switch_to_the_fraction_method():
    """Ruling dnd5e.cover-grid = "fraction": the grid's spaces measured by the 36 points (the west wall hides
    the target's upper part from the attacker's lower left)."""
    fraction = Rulings().switch(**{"dnd5e.cover-grid": "fraction"})
    result = cover(grid(WEST), rulings=fraction)
    assert result.method == "fraction" and result.lines == 36
    assert cover(grid(), rulings=fraction).grad == "keine"


def test_gridless_switch_to_the_corner_method():
    """Ruling dnd5e.cover-gridless = "corners": the four corners of the target's space, from the attacker's
    best corner: the half-hiding wall blocks the two upper corners -> halb."""
    corners = GRIDLESS.switch(**{"dnd5e.cover-gridless": "corners"})
    result = cover(field(wall_from(10.2), rulings=corners))
    assert (result.method, result.lines, result.blocked_by_walls, result.grad) == ("corners", 4, 2, "halb")


def test_round_spaces_use_the_points_inside_the_circle():
    """Ruling dnd5e.space-shape = "circle": the fraction method's points lie inside the round space (32)."""
    result = cover(field(wall_from(10), rulings=ROUND))
    assert result.lines == 32 and result.grad == "halb"


# --- symmetry --------------------------------------------------------------------------------
def test_sight_is_the_same_both_ways():
    """Ruling dnd5e.line-of-sight: the same lines both ways (AUSWEICHEN: "sofern du den Angreifer sehen kannst")."""
    for battle_map in (field(), field(Wall("Mauer", (38.5, 5, 39, 15))), field(wall_from(9.5))):
        assert sicht(battle_map, "Angreiferin", "Ziel") == sicht(battle_map, "Ziel", "Angreiferin")


def test_two_creatures_face_to_face_across_a_symmetric_wall_have_the_same_cover():
    """SRD 5.1, Combat > Cover: a wall half-way between two Medium creatures, symmetric about the midpoint,
    gives each the same cover against the other."""
    battle_map = field(Wall("Mitte", (20, 10.2, 21.5, 19)))
    assert cover(battle_map).grad == cover(battle_map, "Ziel", "Angreiferin").grad


# --- arguments --------------------------------------------------------------------------------
def test_arguments_are_checked():
    """Public arguments: an InputError names the argument, the value and what was expected."""
    battle_map = field()
    with pytest.raises(InputError) as caught:
        deckung("map", "Angreiferin", "Ziel")
    assert caught.value.field == "map"
    with pytest.raises(InputError) as caught:
        deckung(battle_map, "Niemand", "Ziel")
    assert (caught.value.field, caught.value.value) == ("attacker", "Niemand")
    assert "Angreiferin" in caught.value.expected
    with pytest.raises(InputError) as caught:
        deckung(battle_map, "Ziel", "Ziel")
    assert caught.value.field == "target"
    with pytest.raises(InputError) as caught:
        deckung(battle_map, "Angreiferin", "Ziel", rulings={"dnd5e.cover-grid": "corners"})
    assert caught.value.field == "rulings"
    with pytest.raises(InputError) as caught:
        deckung(battle_map, "Angreiferin", tok("Weit weg", (70, 10)))
    assert caught.value.field == "target.position[0]"
    with pytest.raises(InputError) as caught:
        sicht(battle_map, 3, "Ziel")
    assert caught.value.field == "a"


def test_a_token_not_on_the_map_is_measured_where_it_stands():
    """A hypothetical position: the Token replaces the map's token of its name (which then blocks nothing)."""
    moved = tok("Ziel", (40, 3), "schurken")
    assert deckung(field(Wall("Mauer", (38.5, 5, 39, 15))), "Angreiferin", moved).grad == "keine"


# --- speed: a panel recomputes it -------------------------------------------------------------
def busy_map(rulings) -> BattleMap:
    """10 walls and 8 creatures besides the attacker and the target (the panel benchmark's map)."""
    walls = tuple(Wall(f"Wand {i}", (3 + 4.5 * i, 6 + (i % 3) * 3, 4.5 + 4.5 * i, 7.5 + (i % 3) * 3))
                  for i in range(10))
    creatures = tuple(tok(f"K{i}", (0.75 + 6 * i, 12.75 + 1.5 * (i % 2)), "schurken") for i in range(8))
    ends = (tok("Angreiferin", (0.75, 0.75)), tok("Ziel", (45.75, 18.75), "schurken"))
    return BattleMap(50, 20, walls=walls, tokens=ends + creatures, rulings=rulings)


@pytest.mark.parametrize("rulings", [Rulings(), GRIDLESS], ids=["grid", "gridless"])
def test_a_busy_map_is_fast_enough_for_a_panel(rulings):
    """10 walls and 8 creatures: cover and sight of the attacker against each of the other nine, every degree
    met, well within the 100 ms a battle-map click may take (a generous bound on a shared machine: about
    2-6 ms CPU a pair were measured)."""
    battle_map = busy_map(rulings)
    others = [t.name for t in battle_map.tokens[1:]]
    found = {deckung(battle_map, "Angreiferin", name).grad for name in others}
    assert {"keine", "voll"} <= found
    start = time.process_time()
    for name in others:
        deckung(battle_map, "Angreiferin", name)
        sicht(battle_map, "Angreiferin", name)
    assert (time.process_time() - start) / len(others) < 0.05
