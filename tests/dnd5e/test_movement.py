"""Movement, clause by clause, from dnd5e-combat-de-excerpt.txt (sections as headed) and the SRD 5.1.

The map is a 1.5 m grid unless a test switches dnd5e.measuring to "gridless"; the Kämpferin (walking
9 m) starts at the centre of square (0, 0), (0.75, 0.75).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import refs
from explorer.dnd5e.battlemap import Area, BattleMap, Token, Wall
from explorer.dnd5e.creatures import load_creatures
from explorer.dnd5e.movement import Budget, allowance, falls, move

C = load_creatures()
GRIDLESS = Rulings().switch(**{"dnd5e.measuring": "gridless"})


def sq(i: int, j: int) -> tuple[float, float]:
    """The centre of square (i, j) on the 1.5 m grid."""
    return (0.75 + 1.5 * i, 0.75 + 1.5 * j)


def hero(at=sq(0, 0), creature="kaempferin", **kw) -> Token:
    return Token("Kämpferin" if creature == "kaempferin" else creature, C[creature], at, "helden", **kw)


def foe(name, creature, at, **kw) -> Token:
    return Token(name, C[creature], at, "feinde", **kw)


def field(*tokens, areas=(), walls=(), rulings=None) -> BattleMap:
    return BattleMap(30, 30, walls=walls, areas=areas, tokens=tokens, rulings=rulings or Rulings())


def refused(rule, *words):
    """Context: the move raises a RuleViolation citing ``rule`` (and naming ``words``)."""
    class _Check:
        def __enter__(self):
            self.ctx = pytest.raises(RuleViolation)
            self.info = self.ctx.__enter__()
            return self.info

        def __exit__(self, *exc):
            handled = self.ctx.__exit__(*exc)
            error = self.info.value
            assert error.rule == rule, f"{error.rule} != {rule}: {error}"
            assert f'(Regel: {rule.rulebook}, Abschnitt "{rule.section}")' in str(error)
            for word in words:
                assert word in str(error), f"{word!r} not in {error}"
            return handled
    return _Check()


# ---------------------------------------------------------------------------------------------
# Normal terrain, the speed, Spurt
# ---------------------------------------------------------------------------------------------
def test_normal_terrain_costs_a_metre_per_metre():
    """SRD 5.1 Combat > Movement and Position: "you can move a distance up to your speed" -- 4 squares: 6 m."""
    movement = move(field(hero()), "Kämpferin", [sq(4, 0)])
    assert movement.cost == 6 and isinstance(movement.cost, Fraction)
    (piece,) = movement.legs[0].pieces
    assert (piece.mode, piece.rate) == ("gehen", 1) and piece.reasons[0][1] == refs.SRD_MOVEMENT_AND_POSITION
    gridless = move(field(hero(at=(1, 1)), rulings=GRIDLESS), "Kämpferin", [(4, 5)])
    assert gridless.cost == pytest.approx(5.0)  # a 3-4-5 triangle, measured exactly


def test_a_move_longer_than_the_speed_is_refused():
    """SRD 5.1 Movement and Position: up to your speed -- 9 m is 6 squares, a 7th is refused."""
    assert move(field(hero()), "Kämpferin", [sq(6, 0)]).cost == 9
    with refused(refs.SRD_MOVEMENT_AND_POSITION, "9\u00a0m", "10,5\u00a0m"):  # a no-break space: "m" never alone
        move(field(hero()), "Kämpferin", [sq(7, 0)])


def test_spurt_doubles_the_speed_nine_metres_become_eighteen():
    """SPURT: "Beispiel: Bei einer Bewegungsrate von neun Metern kannst du dich in deinem Zug insgesamt bis zu
    18 Meter weit bewegen, wenn du die Spurt-Aktion durchführst." """
    fighter = hero()
    assert fighter.creature.speeds.gehen == 9
    assert allowance(fighter, dash=True) == 18
    assert move(field(fighter), "Kämpferin", [sq(12, 0)], dash=True).cost == 18
    with refused(refs.SPURT, "18\u00a0m"):
        move(field(fighter), "Kämpferin", [sq(13, 0)], dash=True)
    grappled = hero(conditions={"gepackt"})  # "nachdem etwaige Modifikatoren auf sie angewendet wurden": 0 x 2
    assert allowance(grappled, dash=True) == 0
    assert allowance(Token("Adler", C["riesenadler"], (1.5, 1.5), "tiere"), "fliegen", dash=True) == 48


def test_movement_can_be_broken_up_around_the_action():
    """SRD 5.1 Breaking Up Your Move: move 3 m, act, move on -- the budget carries the 3 m spent."""
    battle = field(hero())
    first = move(battle, "Kämpferin", [sq(2, 0)])
    second = move(first.apply(battle), "Kämpferin", [sq(6, 0)], budget=first.budget)
    assert (first.cost, second.cost, second.budget.used) == (3, 6, 9)
    with refused(refs.SRD_MOVEMENT_AND_POSITION):
        move(first.apply(battle), "Kämpferin", [sq(7, 0)], budget=first.budget)


def test_diagonals_on_the_grid_by_ruling():
    """Ruling dnd5e.grid-diagonals: 3 diagonal steps are 4.5 m, or 1.5 + 3 + 1.5 = 6 m alternating; the count
    carries across legs."""
    assert move(field(hero()), "Kämpferin", [sq(3, 3)]).cost == Fraction(9, 2)
    alternate = Rulings().switch(**{"dnd5e.grid-diagonals": "alternate-1.5-3"})
    assert move(field(hero(), rulings=alternate), "Kämpferin", [sq(3, 3)]).cost == 6
    assert move(field(hero(), rulings=alternate), "Kämpferin", [sq(1, 1), sq(2, 2)]).legs[1].cost == 3


# ---------------------------------------------------------------------------------------------
# Difficult terrain
# ---------------------------------------------------------------------------------------------
def test_difficult_terrain_costs_one_extra_metre_per_metre():
    """SRD 5.1 Difficult Terrain: "Every foot of movement in difficult terrain costs 1 extra foot" -- 2 of the
    4 squares entered are rubble: 1.5 + 6 + 1.5 = 9 m; gridless 2 m in a bog of a 4 m leg: 2 + 4 = 6 m."""
    rubble = Area("Geröll", "schwierig", (3, 0, 6, 1.5))
    movement = move(field(hero(), areas=(rubble,)), "Kämpferin", [sq(4, 0)])
    assert movement.cost == 9
    assert [(p.mode, p.rate, p.length) for p in movement.legs[0].pieces] == [
        ("gehen", 1, Fraction(3, 2)), ("gehen", 2, 3), ("gehen", 1, Fraction(3, 2))]
    assert any(rule == refs.SRD_DIFFICULT_TERRAIN for _, rule in movement.legs[0].pieces[1].reasons)
    bog = Area("Sumpf", "schwierig", (3, 0, 5, 3))
    gridless = move(field(hero(at=(1, 1)), areas=(bog,), rulings=GRIDLESS), "Kämpferin", [(5, 1)])
    assert gridless.cost == pytest.approx(6.0)
    assert "schwieriges Gelände" in gridless.explain() and 'SRD 5.1, Abschnitt "Combat > Movement' in gridless.explain()


def test_the_log_says_a_move_in_one_short_sentence_without_citations():
    """SRD 5.1 Difficult Terrain (each metre costs one extra): the rubble walk of the test above, 6 m of
    which 3 m rubble, read as one German sentence for the log -- the metres, their cost, each ground once
    with its cost factor -- and no rule inside (the event's rule column cites it once)."""
    rubble = Area("Geröll", "schwierig", (3, 0, 6, 1.5))
    movement = move(field(hero(), areas=(rubble,)), "Kämpferin", [sq(2, 0), sq(4, 0)])
    assert len(movement.legs) == 2
    assert movement.summary() == "Kämpferin geht 6 m (kostet 9 m): 3 m gehen, 3 m schwieriges Gelände (x2)"
    plain = move(field(hero()), "Kämpferin", [sq(2, 0), sq(4, 0)])
    assert plain.summary() == "Kämpferin geht 6 m"
    assert "SRD" not in movement.summary() and "Abschnitt" not in movement.summary()


def test_difficult_terrain_counts_once_even_if_several_things_make_it_difficult():
    """SRD 5.1 Difficult Terrain: "This rule is true even if multiple things in a space count as difficult
    terrain" -- a friend standing in rubble: still 2 m per metre."""
    rubble = Area("Geröll", "schwierig", (0, 0, 9, 1.5))
    friend = Token("Freund", C["ork"], sq(2, 0), "helden")
    movement = move(field(hero(), friend, areas=(rubble,)), "Kämpferin", [sq(3, 0)])
    assert movement.cost == 9 and max(p.rate for p in movement.legs[0].pieces) == 2


# ---------------------------------------------------------------------------------------------
# Standing up and crawling
# ---------------------------------------------------------------------------------------------
def test_standing_up_costs_half_the_speed():
    """SRD 5.1 Being Prone: "Standing up ... costs an amount of movement equal to half your speed" -- 4.5 m of
    9 m, leaving 3 squares."""
    battle = field(hero(conditions={"liegend"}))
    movement = move(battle, "Kämpferin", [sq(3, 0)], stand_up=True)
    assert movement.stand_up_cost == Fraction(9, 2) and movement.cost == 9
    assert not movement.apply(battle).token("Kämpferin").prone
    with refused(refs.SRD_MOVEMENT_AND_POSITION):
        move(battle, "Kämpferin", [sq(4, 0)], stand_up=True)


def test_no_standing_up_without_enough_movement_left():
    """Textbeginn (AUFSTEHEN): "Du kannst nicht aufstehen, wenn du nicht genügend Bewegungsrate übrig hast" --
    after 6 m of 9 m, 4.5 m are not left."""
    battle = field(hero(conditions={"liegend"}))
    with refused(refs.AUFSTEHEN, "4,5 m", "3 m"):
        move(battle, "Kämpferin", [], stand_up=True, budget=Budget(used=Fraction(6)))


def test_no_standing_up_at_speed_zero():
    """Textbeginn (AUFSTEHEN): "oder wenn deine Bewegungs- rate O beträgt" (the OCR's O is 0: ruling
    dnd5e.ocr-zero) -- a grappled (gepackt) creature's speed is 0 (SRD 5.1 Appendix PH-A)."""
    battle = field(hero(conditions={"liegend", "gepackt"}))
    with refused(refs.AUFSTEHEN, "0"):
        move(battle, "Kämpferin", [], stand_up=True)
    with refused(refs.SRD_MOVEMENT_AND_POSITION, "0"):
        move(field(hero(conditions={"festgesetzt"})), "Kämpferin", [sq(1, 0)])


def test_standing_up_on_the_grid_when_half_the_speed_is_not_whole_squares():
    """Ruling dnd5e.stand-up-grid: a 7.5 m speed ("exact") costs 3.75 m to stand, leaving 2 squares; by
    "round-down" 3 m, leaving 3 squares."""
    from explorer.dnd5e.creatures import Creature, Speeds
    dwarf = Token("Zwergin", Creature("Zwergin", speeds=Speeds(gehen=7.5)), sq(0, 0), "helden", conditions={"liegend"})
    assert move(field(dwarf), "Zwergin", [sq(2, 0)], stand_up=True).stand_up_cost == Fraction(15, 4)
    with refused(refs.SRD_MOVEMENT_AND_POSITION):
        move(field(dwarf), "Zwergin", [sq(3, 0)], stand_up=True)
    kind = Rulings().switch(**{"dnd5e.stand-up-grid": "round-down"})
    assert move(field(dwarf, rulings=kind), "Zwergin", [sq(3, 0)], stand_up=True).cost == Fraction(15, 2)


def test_a_prone_creature_that_does_not_stand_up_crawls():
    """KLETTERN, SCHWIMMEN UND KRIECHEN: "Beim ... Kriechen kostet jeder Meter ... einen zusätzlichen weiteren
    Meter" -- 3 squares crawled cost 9 m; and a prone creature cannot fly (SRD 5.1 Being Prone)."""
    battle = field(hero(conditions={"liegend"}))
    movement = move(battle, "Kämpferin", [sq(3, 0)])
    assert movement.cost == 9 and movement.legs[0].pieces[0].mode == "kriechen"
    assert movement.apply(battle).token("Kämpferin").prone
    eagle = Token("Adler", C["riesenadler"], (1.5, 1.5), "helden", conditions={"liegend"})
    with refused(refs.SRD_PRONE):
        move(field(eagle), "Adler", [(4.5, 1.5)], mode="fliegen")


def test_crawling_in_difficult_terrain_costs_two_extra_metres():
    """KLETTERN, SCHWIMMEN UND KRIECHEN: "(zwei Meter in schwierigem Gelände)" -- ruling
    dnd5e.climb-in-difficult-terrain: 3 m per metre ("total-3", the SRD's crawling example), or 4 ("stacked-4")."""
    rubble = Area("Geröll", "schwierig", (0, 0, 30, 30))
    battle = field(hero(conditions={"liegend"}), areas=(rubble,))
    assert move(battle, "Kämpferin", [sq(2, 0)]).cost == 9
    stacked = Rulings().switch(**{"dnd5e.climb-in-difficult-terrain": "stacked-4"})
    with refused(refs.SRD_MOVEMENT_AND_POSITION, "12\u00a0m"):
        move(field(hero(conditions={"liegend"}), areas=(rubble,), rulings=stacked), "Kämpferin", [sq(2, 0)])


# ---------------------------------------------------------------------------------------------
# Climbing and swimming
# ---------------------------------------------------------------------------------------------
def test_climbing_and_swimming_cost_one_extra_metre_per_metre():
    """KLETTERN, SCHWIMMEN UND KRIECHEN: "kostet jeder Meter, den du zurücklegst, einen zusätzlichen weiteren
    Meter an Bewegungsrate" -- a cliff 2 squares, then a river 1 square: 6 + 3 = 9 m for 4.5 m."""
    cliff = Area("Felswand", "kletterbar", (1.5, 0, 4.5, 30))
    river = Area("Fluss", "wasser", (4.5, 0, 6, 30))
    movement = move(field(hero(), areas=(cliff, river)), "Kämpferin", [sq(3, 0)])
    assert [(p.mode, p.rate) for p in movement.legs[0].pieces] == [("klettern", 2), ("schwimmen", 2)]
    assert movement.cost == 9
    assert all(r[1] == refs.KLETTERN_SCHWIMMEN_KRIECHEN for p in movement.legs[0].pieces for r in p.reasons[-1:])


def test_no_extra_cost_with_a_matching_speed():
    """KLETTERN, SCHWIMMEN UND KRIECHEN: "Diese Extrakosten gelten nicht, wenn du Kletter- oder
    Schwimmbewegungsraten hast und diese einsetzt." -- the Braunbär climbs (9 m), the Riesenfrosch swims."""
    cliff = Area("Felswand", "kletterbar", (0, 0, 30, 30))
    bear = Token("Bär", C["braunbaer"], (1.5, 1.5), "tiere")
    movement = move(field(bear, areas=(cliff,)), "Bär", [(10.5, 1.5)])
    assert movement.cost == 9 and movement.legs[0].pieces[0].speed == "klettern"
    with refused(refs.SRD_USING_DIFFERENT_SPEEDS, "9\u00a0m"):  # its climbing speed is 9 m, not its 12 m walk
        move(field(bear, areas=(cliff,)), "Bär", [(12, 1.5)])
    river = Area("Fluss", "wasser", (0, 0, 30, 30))
    frog = Token("Frosch", C["riesenfrosch"], sq(0, 0), "tiere")
    assert move(field(frog, areas=(river,)), "Frosch", [sq(6, 0)]).cost == 9


def test_slippery_walls_and_rough_water_may_need_athletics():
    """KLETTERN, SCHWIMMEN UND KRIECHEN: "Der SL entscheidet, ob das Klettern auf einer rutschigen Oberfläche
    ... einen erfolgreichen Stärkewurf (Athletik) erfordert" -- rulings dnd5e.terrain-athletics (on) and
    dnd5e.terrain-athletics-dc (15): the Kämpferin (+3, untrained) passes with 9/20."""
    rapids = Area("Stromschnelle", "wasser", (1.5, 0, 4.5, 30), rough=True)
    (check,) = move(field(hero(), areas=(rapids,)), "Kämpferin", [sq(2, 0)]).checks
    assert (check.ability, check.dc, check.rule) == ("Stärke (Athletik)", 15, refs.KLETTERN_SCHWIMMEN_KRIECHEN)
    assert check.chance(3) == Fraction(9, 20)
    off = Rulings().switch(**{"dnd5e.terrain-athletics": False})
    assert move(field(hero(), areas=(rapids,), rulings=off), "Kämpferin", [sq(2, 0)]).checks == ()
    hard = Rulings().switch(**{"dnd5e.terrain-athletics-dc": 20})
    assert move(field(hero(), areas=(rapids,), rulings=hard), "Kämpferin", [sq(2, 0)]).checks[0].dc == 20


# ---------------------------------------------------------------------------------------------
# Other creatures
# ---------------------------------------------------------------------------------------------
def test_moving_through_a_friendly_creatures_space_costs_as_difficult_terrain():
    """SICH UM ANDERE KREATUREN HERUM BEWEGEN: "Du kannst dich durch den Bereich einer freundlichen Kreatur
    bewegen. ... Denke daran, dass der Bereich einer anderen Kreatur als schwieriges Gelände gilt." """
    friend = Token("Wolf", C["wolf"], sq(2, 0), "helden")
    movement = move(field(hero(), friend), "Kämpferin", [sq(4, 0)])
    assert movement.cost == Fraction(15, 2)
    (through,) = [p for p in movement.legs[0].pieces if p.rate == 2]
    assert through.length == Fraction(3, 2) and through.reasons[-1][1] == refs.UM_KREATUREN_HERUM
    assert "Wolf" in through.reasons[-1][0]


def test_a_hostile_creature_of_similar_size_blocks():
    """SICH UM ANDERE KREATUREN HERUM BEWEGEN: "Im Gegensatz dazu kannst du dich nur durch den Bereich einer
    feindlichen Kreatur bewegen, wenn sie mindestens zwei Größenkategorien größer oder kleiner ist als du." """
    with refused(refs.UM_KREATUREN_HERUM, "Ork", "zwei Größenkategorien"):
        move(field(hero(), foe("Ork", "ork", sq(2, 0))), "Kämpferin", [sq(4, 0)])
    with refused(refs.UM_KREATUREN_HERUM, "Oger"):  # Large vs Medium: one category
        move(field(hero(), foe("Oger", "oger", (4.5, 1.5))), "Kämpferin", [sq(5, 0)])


def test_a_hostile_creature_two_sizes_larger_or_smaller_can_be_passed():
    """SICH UM ANDERE KREATUREN HERUM BEWEGEN: a Goblin (klein) through an Oger's (groß) space; a Hügelriese
    (riesig) over a Goblin -- each at the cost of difficult terrain."""
    goblin = Token("Goblin", C["goblin"], sq(0, 1), "feinde")
    ogre = Token("Oger", C["oger"], (4.5, 3), "helden")
    movement = move(field(goblin, ogre), "Goblin", [sq(4, 1)])
    assert movement.cost == 6 + 3  # a 6 m path, 3 m of it in the Oger's space
    giant = Token("Riese", C["huegelriese"], (2.25, 2.25), "feinde")
    small = Token("Goblin", C["goblin"], sq(4, 1), "helden")
    assert move(field(giant, small), "Riese", [(9.75, 2.25)]).cost == Fraction(15, 2) + Fraction(9, 2)


def test_no_move_ends_in_another_creatures_space():
    """SICH UM ANDERE KREATUREN HERUM BEWEGEN: "Ganz egal, ob eine Kreatur freundlich oder feindlich gesinnt ist:
    Du kannst deine Bewegung nicht absichtlich in ihrem Bereich beenden." """
    friend = Token("Wolf", C["wolf"], sq(2, 0), "helden")
    with refused(refs.UM_KREATUREN_HERUM, "Wolf", "beenden"):
        move(field(hero(), friend), "Kämpferin", [sq(2, 0)])
    big = Token("Oger", C["oger"], (4.5, 3), "helden")
    goblin = Token("Goblin", C["goblin"], sq(0, 1), "feinde")
    with refused(refs.UM_KREATUREN_HERUM, "Oger", "beenden"):
        move(field(goblin, big), "Goblin", [sq(2, 1)])


# ---------------------------------------------------------------------------------------------
# Opportunity attacks
# ---------------------------------------------------------------------------------------------
def test_leaving_a_hostile_creatures_reach_provokes_an_opportunity_attack():
    """SICH UM ANDERE KREATUREN HERUM BEWEGEN: "Verlässt du in deinem Zug die Angriffsreichweite einer feindlichen
    Kreatur, provozierst du einen Gelegenheitsangriff" -- the Ork attacks from the last square in its reach."""
    orc = foe("Ork", "ork", sq(1, 0))
    movement = move(field(hero(), orc), "Kämpferin", [sq(0, 1), sq(0, 4)])
    (attack,) = movement.opportunity_attacks
    assert (attack.attacker, attack.at, attack.leg) == ("Ork", sq(0, 1), 1)
    assert "Gelegenheitsangriff von Ork" in movement.explain()


def test_moving_within_reach_or_towards_a_foe_provokes_nothing():
    """SRD 5.1 Opportunity Attacks: only moving "out of your reach" provokes; a friend never does."""
    orc = foe("Ork", "ork", sq(1, 1))
    assert move(field(hero(), orc), "Kämpferin", [sq(0, 2), sq(1, 2)]).opportunity_attacks == ()
    friend = Token("Wolf", C["wolf"], sq(1, 0), "helden")
    assert move(field(hero(), friend), "Kämpferin", [sq(0, 4)]).opportunity_attacks == ()


def test_ruckzug_provokes_no_opportunity_attacks():
    """RÜCKZUG: "Unternimmst du die Rückzug-Aktion, löst deine Bewegung in diesem Zug keine
    Gelegenheitsangriffe aus" """
    orc = foe("Ork", "ork", sq(1, 0))
    assert move(field(hero(), orc), "Kämpferin", [sq(0, 4)], disengage=True).opportunity_attacks == ()


def test_an_incapacitated_foe_has_no_reaction_for_an_opportunity_attack():
    """SRD 5.1 Opportunity Attacks: "you use your reaction"; Appendix PH-A: an incapacitated creature "can't take
    actions or reactions"."""
    orc = foe("Ork", "ork", sq(1, 0), conditions={"kampfunfähig"})
    assert move(field(hero(), orc), "Kämpferin", [sq(0, 4)]).opportunity_attacks == ()


def test_a_longer_reach_is_left_later_and_each_foe_attacks_once():
    """SRD 5.1 Opportunity Attacks with a 3 m reach (the Hügelriese's greatclub): the Kämpferin leaves it two
    squares out; one reaction, so one attack although she leaves the goblin's reach twice."""
    giant = foe("Riese", "huegelriese", (3.75, 3.75))
    goblin = foe("Goblin", "goblin", sq(6, 1))
    battle = field(hero(at=sq(5, 0)), giant, goblin)
    movement = move(battle, "Kämpferin", [sq(8, 0), sq(5, 0), sq(8, 0)], dash=True)
    attacks = {a.attacker: a for a in movement.opportunity_attacks}
    assert attacks["Riese"].at == sq(5, 0) and attacks["Goblin"].at == sq(7, 0)
    assert attacks["Goblin"].leg == 0 and len(movement.opportunity_attacks) == 2


def test_gridless_the_opportunity_attack_is_where_the_reach_ends():
    """Gridless (dnd5e.measuring): square spaces 1.5 m apart edge to edge is the end of a 1.5 m reach -- moving
    straight away from an orc at x = 5, the Kämpferin leaves its reach at x = 8."""
    orc = foe("Ork", "ork", (5, 5))
    battle = field(hero(at=(6.5, 5)), orc, rulings=GRIDLESS)
    (attack,) = move(battle, "Kämpferin", [(12, 5)]).opportunity_attacks
    assert attack.at == pytest.approx((8.0, 5.0))


# ---------------------------------------------------------------------------------------------
# Walls, chasms, jumps on the map
# ---------------------------------------------------------------------------------------------
def test_walls_block_movement():
    """SRD 5.1 Movement and Position: a wall is no part of any path; on foot or flying."""
    wall = Wall("Mauer", (4.5, 0, 6, 30))
    with refused(refs.SRD_MOVEMENT_AND_POSITION, "Mauer"):
        move(field(hero(), walls=(wall,)), "Kämpferin", [sq(5, 0)])
    with refused(refs.SRD_MOVEMENT_AND_POSITION, "Mauer"):
        move(field(hero(at=(2, 2)), walls=(wall,), rulings=GRIDLESS), "Kämpferin", [(4.0, 2)])
    assert move(field(hero(at=(2, 2)), walls=(wall,), rulings=GRIDLESS), "Kämpferin", [(3.75, 2)]).cost == 1.75
    thin = Wall("Bretterwand", (4.45, 0, 4.55, 3))  # on the grid line between squares 2 and 3
    with refused(refs.SRD_MOVEMENT_AND_POSITION, "Bretterwand"):
        move(field(hero(), walls=(thin,)), "Kämpferin", [sq(4, 0)])
    assert move(field(hero(), walls=(thin,)), "Kämpferin", [sq(2, 2), sq(4, 2)]).cost == 6  # around its end


def test_a_chasm_is_jumped_not_walked():
    """WEITE SPRÜNGE: "wie beispielsweise bei einem Sprung über einen Fluss oder eine Felsspalte" -- a 3 m
    chasm after 3 m run-up: the Kämpferin (Strength 16, 4.8 m) jumps 4.5 m (3 squares), 3 + 4.5 = 7.5 m."""
    chasm = Area("Felsspalte", "abgrund", (4.5, 0, 7.5, 30))
    battle = field(hero(), areas=(chasm,))
    with refused(refs.WEITE_SPRUENGE, "Abgrund"):
        move(battle, "Kämpferin", [sq(6, 0)])
    movement = move(battle, "Kämpferin", [sq(2, 0), sq(5, 0)], jumps={1})
    assert movement.cost == Fraction(15, 2) and movement.legs[1].jump.run_up
    assert movement.legs[1].pieces[0].mode == "springen"
    with refused(refs.WEITE_SPRUENGE, "2,4 m"):  # from standing: 2.4 m, not 4.5 m
        move(field(hero(at=sq(2, 0)), areas=(chasm,)), "Kämpferin", [sq(5, 0)], jumps={0})


def test_a_refused_step_names_its_point_in_one_pair_of_parentheses():
    """WEITE SPRÜNGE and SRD 5.1, "Movement and Position": the refusal says where ("bei (x; y)");
    it read "Abgrund gehen ((6,75; 0,75))" with the point's own parentheses doubled."""
    chasm = Area("Felsspalte", "abgrund", (4.5, 0, 7.5, 30))
    with refused(refs.WEITE_SPRUENGE, "Abgrund gehen bei (") as info:
        move(field(hero(), areas=(chasm,)), "Kämpferin", [sq(6, 0)])
    assert "((" not in str(info.value) and "))" not in str(info.value)
    wall = Wall("Mauer", (4.5, 0, 6.0, 30))
    with refused(refs.SRD_MOVEMENT_AND_POSITION, "Mauer") as info:
        move(field(hero(at=(2, 2)), walls=(wall,), rulings=GRIDLESS), "Kämpferin", [(4.0, 2)])
    assert "((" not in str(info.value) and "))" not in str(info.value)


def test_a_jump_over_a_low_wall_and_into_difficult_terrain_lists_its_checks():
    """WEITE SPRÜNGE: a 1 m low wall in a 4.5 m jump (a quarter: 1.125 m) needs DC 10 Athletics (ruling
    dnd5e.low-obstacle-athletics); landing in rubble DC 10 Acrobatics, or she lands prone."""
    low_wall = Area("Mäuerchen", "mauer", (6, 0, 6.3, 30), height=1)
    rubble = Area("Geröll", "schwierig", (7.5, 0, 9, 30))
    movement = move(field(hero(), areas=(low_wall, rubble)), "Kämpferin", [sq(2, 0), sq(5, 0)], jumps={1})
    assert [(c.ability, c.dc) for c in movement.checks] == [("Stärke (Athletik)", 10),
                                                            ("Geschicklichkeit (Akrobatik)", 10)]
    too_high = Area("Mauer", "mauer", (6, 0, 6.3, 30), height=1.2)
    with refused(refs.WEITE_SPRUENGE, "Viertel"):
        move(field(hero(), areas=(too_high,)), "Kämpferin", [sq(2, 0), sq(5, 0)], jumps={1})
    climbed = move(field(hero(), areas=(too_high,), rulings=GRIDLESS), "Kämpferin", [(7, 0.75)])
    assert {p.mode for p in climbed.legs[0].pieces} == {"gehen", "klettern"}


# ---------------------------------------------------------------------------------------------
# Flying
# ---------------------------------------------------------------------------------------------
def test_flying_ignores_the_ground_and_uses_the_flying_speed():
    """FLIEGEND; SRD 5.1 Using Different Speeds: the Riesenadler flies 24 m over rubble at 1 m per metre."""
    rubble = Area("Geröll", "schwierig", (0, 0, 30, 30))
    eagle = Token("Adler", C["riesenadler"], (1.5, 1.5), "tiere", aloft=True)
    movement = move(field(eagle, areas=(rubble,)), "Adler", [(25.5, 1.5)], mode="fliegen")
    assert movement.cost == 24
    assert movement.legs[0].pieces[0].reasons[0][1] == refs.FLIEGEND
    with refused(refs.SRD_MOVEMENT_AND_POSITION, "3\u00a0m"):  # it walks 3 m only
        move(field(eagle), "Adler", [(6, 1.5)])


def test_a_flyer_knocked_prone_at_speed_zero_or_unable_to_move_falls():
    """FLIEGEND: "Wird eine fliegende Kreatur umgestoßen, hat eine Bewegungsrate von O oder wird auf andere Weise
    bewegungsunfähig, so stürzt sie ab." """
    for conditions, word in (({"liegend"}, "umgestoßen"), ({"festgesetzt"}, "Bewegungsrate 0"),
                             ({"betäubt"}, "bewegungsunfähig")):
        eagle = Token("Adler", C["riesenadler"], (1.5, 1.5), "tiere", aloft=True, conditions=conditions)
        fall = falls(field(eagle), "Adler")
        assert fall is not None and fall.rule == refs.FLIEGEND and word in fall.reason
    assert falls(field(Token("Adler", C["riesenadler"], (1.5, 1.5), "tiere", aloft=True)), "Adler") is None
    landed = Token("Adler", C["riesenadler"], (1.5, 1.5), "tiere", conditions={"liegend"})
    assert falls(field(landed), "Adler") is None


def test_hovering_or_magic_prevents_the_fall():
    """FLIEGEND: "Dies wird nur dann verhindert, wenn sie schweben kann oder durch Magie in der Luft gehalten wird
    (etwa durch den Zauber Fliegen)." """
    wisp = Token("Irrlicht", C["irrlicht"], sq(0, 0), "feinde", aloft=True, conditions={"liegend"})
    assert falls(field(wisp), "Irrlicht") is None
    held = Token("Kämpferin", C["kaempferin"], sq(0, 0), "helden", aloft=True, magic_aloft=True,
                 conditions={"liegend"})
    assert falls(field(held), "Kämpferin") is None


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, field_name", [
    ({"path": [(1.0, 0.75)]}, "path[0][0]"),
    ({"path": [(99.75, 0.75)]}, "path[0][0]"),
    ({"path": "north"}, "path"),
    ({"path": [sq(1, 0)], "mode": "teleport"}, "mode"),
    ({"path": [sq(1, 0)], "jumps": {3}}, "jumps"),
])
def test_move_inputs_are_checked(kwargs, field_name):
    with pytest.raises(InputError) as caught:
        move(field(hero()), "Kämpferin", **kwargs)
    assert caught.value.field == field_name
