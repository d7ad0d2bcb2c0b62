"""Movement analysis (explorer.dnd5e.analysis): a path's cost, the region within reach, the risk of
opportunity attacks -- from dnd5e-combat-de-excerpt.txt (sections as headed) and the SRD 5.1.

The map is a 1.5 m grid unless a test switches dnd5e.measuring to "gridless"; the Kämpferin (walking
9 m, RK 18, 12 TP) starts at the centre of square (0, 0), (0.75, 0.75).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from shapely.geometry import Point

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import refs
from explorer.dnd5e.analysis import LATTICE, opportunity_risk, path_cost, reachable
from explorer.dnd5e.battlemap import Area, BattleMap, Token, Wall
from explorer.dnd5e.creatures import load_creatures
from explorer.dnd5e.encounter import PROFILES
from explorer.dnd5e.game import new_encounter
from explorer.dnd5e.movement import Budget, move
from explorer.dnd5e.odds import attack_odds, turn_odds

C = load_creatures()
GRIDLESS = Rulings().switch(**{"dnd5e.measuring": "gridless"})
ALTERNATE = Rulings().switch(**{"dnd5e.grid-diagonals": "alternate-1.5-3"})
KAEMPFERIN = "Kämpferin"


def sq(i: int, j: int) -> tuple[Fraction, Fraction]:
    """The centre of square (i, j) on the 1.5 m grid."""
    return (Fraction(3, 4) + Fraction(3, 2) * i, Fraction(3, 4) + Fraction(3, 2) * j)


def hero(at=sq(0, 0), **kw) -> Token:
    return Token(KAEMPFERIN, C["kaempferin"], at, "helden", **kw)


def other(name, creature, at, side="feinde", **kw) -> Token:
    return Token(name, C[creature], at, side, **kw)


def field(*tokens, areas=(), walls=(), rulings=None, size=30) -> BattleMap:
    return BattleMap(size, size, walls=walls, areas=areas, tokens=tokens, rulings=rulings or Rulings())


# ---------------------------------------------------------------------------------------------
# path_cost: move() as a table
# ---------------------------------------------------------------------------------------------
def test_path_cost_lists_each_terrain_with_its_factor_and_rule():
    """SRD 5.1 Combat > Movement and Position > Difficult Terrain: "every foot of movement in difficult
    terrain costs 1 extra foot" -- a square open, 2 in rubble (3 m x 2), a square open: 9 m, 0 left."""
    rubble = Area("Geröll", "schwierig", (3, 0, 6, 1.5))
    result = path_cost(field(hero(), areas=(rubble,)), KAEMPFERIN, [sq(4, 0)])
    frame = result.frame
    assert list(frame["Faktor"]) == [1, 2, 1]
    assert list(frame["Länge m"]) == [1.5, 3.0, 1.5] and list(frame["Kosten m"]) == [1.5, 6.0, 1.5]
    assert "schwieriges Gelände" in frame["Gelände/Grund"][1]
    assert str(refs.SRD_DIFFICULT_TERRAIN) in frame["Regel"][1]
    assert result.total == 9 and result.left == 0 and result.allowance == 9
    assert result.total == move(field(hero(), areas=(rubble,)), KAEMPFERIN, [sq(4, 0)]).cost
    assert "Geröll" not in result._repr_html_() and "9 m" in result._repr_html_()


def test_path_cost_names_the_way_of_moving_once():
    """dnd5e-combat-de-excerpt.txt, "KLETTERN, SCHWIMMEN UND KRIECHEN": a swim costs an extra metre a metre.  The
    row says so once ("schwimmen: +1 m je m"), not "schwimmen; schwimmen: +1 m je m"; a walk still says "gehen"."""
    pond = Area("Teich", "wasser", (1.5, 0, 6, 1.5))
    frame = path_cost(field(hero(), areas=(pond,)), KAEMPFERIN, [sq(3, 0)]).frame
    assert list(frame["Gelände/Grund"]) == ["schwimmen: +1 m je m"]
    assert list(path_cost(field(hero()), KAEMPFERIN, [sq(3, 0)]).frame["Gelände/Grund"]) == ["gehen"]
    prone = path_cost(field(hero(conditions=("liegend",))), KAEMPFERIN, [sq(1, 0)]).frame
    assert list(prone["Gelände/Grund"]) == ["liegend: kriechen; kriechen: +1 m je m"]


def test_path_cost_climbing_and_crossing_a_friend():
    """dnd5e-combat-de-excerpt.txt, "KLETTERN, SCHWIMMEN UND KRIECHEN": "kostet jeder Meter ... einen
    zusätzlichen weiteren Meter"; "SICH UM ANDERE KREATUREN HERUM BEWEGEN": "der Bereich einer anderen
    Kreatur [gilt] als schwieriges Gelände" -- a climb and a friend's square each cost double."""
    cliff = Area("Fels", "kletterbar", (4.5, 0, 6, 1.5))
    friend = other("Magierin", "kaempferin", sq(1, 0), side="helden")
    result = path_cost(field(hero(), friend, areas=(cliff,)), KAEMPFERIN, [sq(2, 0), sq(3, 0), sq(4, 0)])
    by_reason = dict(zip(result.frame["Gelände/Grund"], result.frame["Faktor"]))
    assert any("Bereich von Magierin" in g and f == 2 for g, f in by_reason.items())
    assert any(g.startswith("klettern") and f == 2 for g, f in by_reason.items())
    assert str(refs.KLETTERN_SCHWIMMEN_KRIECHEN) in " ".join(result.frame["Regel"])
    assert str(refs.UM_KREATUREN_HERUM) in " ".join(result.frame["Regel"])
    assert result.total == 3 + 1.5 + 3 + 1.5  # friend 3, open 1.5, cliff 3, open 1.5


def test_path_cost_standing_up_is_its_own_row():
    """SRD 5.1 Combat > Movement and Position > Being Prone: standing up costs half the speed (4.5 m)."""
    result = path_cost(field(hero(conditions={"liegend"})), KAEMPFERIN, [sq(2, 0)], stand_up=True)
    assert result.frame["Gelände/Grund"][0].startswith("aufstehen") and result.frame["Kosten m"][0] == 4.5
    assert result.frame["Regel"][0] == str(refs.SRD_PRONE)
    assert result.total == Fraction(15, 2) and result.left == Fraction(3, 2)


def test_path_cost_with_spurt_and_an_earlier_budget():
    """dnd5e-combat-de-excerpt.txt, "SPURT": "Bei einer Bewegungsrate von neun Metern kannst du dich in
    deinem Zug insgesamt bis zu 18 Meter weit bewegen" -- 3 m spent, then 6 m: 9 m left of 18."""
    result = path_cost(field(hero()), KAEMPFERIN, [sq(4, 0)], dash=True, budget=Budget(used=Fraction(3)))
    assert result.allowance == 18 and result.total == 6 and result.left == 9


def test_path_cost_passes_on_the_refusal_of_move():
    """SRD 5.1 Combat > Movement and Position: nothing walks through a wall -- move's RuleViolation."""
    wall = Wall("Mauer", (3, 0, 4.5, 30))
    with pytest.raises(RuleViolation) as info:
        path_cost(field(hero(), walls=(wall,)), KAEMPFERIN, [sq(4, 0)])
    assert info.value.rule == refs.SRD_MOVEMENT_AND_POSITION


# ---------------------------------------------------------------------------------------------
# reachable: the region this turn
# ---------------------------------------------------------------------------------------------
def test_reachable_nine_metres_and_eighteen_with_spurt():
    """dnd5e-combat-de-excerpt.txt, "SPURT": 9 m of speed, 18 m with Spurt -- 6 squares or 12 squares
    along a row (diagonals 1.5 m each: the default of dnd5e.grid-diagonals)."""
    m = field(hero())
    plain, spurt = reachable(m, KAEMPFERIN), reachable(m, KAEMPFERIN, spurt=True)
    assert plain.cost(sq(6, 0)) == 9 and plain.cost(sq(7, 0)) is None
    assert spurt.cost(sq(12, 0)) == 18 and spurt.cost(sq(13, 0)) is None
    assert len(plain.squares) == 7 * 7 and len(spurt.squares) == 13 * 13
    assert plain.cost(sq(6, 6)) == 9 and plain.exact
    assert plain.geometry.area == pytest.approx(49 * 2.25)
    assert list(plain.frame.columns) == ["x", "y", "Kosten m", "übrig m", "Schritte"]
    assert plain.frame["übrig m"].min() == 0 and "49 Felder" in plain._repr_html_()


def test_reachable_standing_up_or_crawling():
    """SRD 5.1 Combat > Movement and Position > Being Prone: standing up costs half the speed; a prone
    creature that stays down crawls ("KLETTERN, SCHWIMMEN UND KRIECHEN": every metre one extra).
    With Spurt (18 m): stand up (4.5 m) then 9 squares, or crawl 6 squares (3 m each)."""
    m = field(hero(conditions={"liegend"}))
    stood = reachable(m, KAEMPFERIN, spurt=True, aufstehen=True)
    crawled = reachable(m, KAEMPFERIN, spurt=True)
    assert stood.stand_up_cost == Fraction(9, 2) and stood.cost(sq(9, 0)) == Fraction(9, 2) + 9 * Fraction(3, 2)
    assert stood.cost(sq(10, 0)) is None
    assert crawled.cost(sq(6, 0)) == 18 and crawled.cost(sq(7, 0)) is None
    with pytest.raises(RuleViolation):  # standing up when not prone
        reachable(field(hero()), KAEMPFERIN, aufstehen=True)


def test_reachable_difficult_terrain_and_the_diagonal_ruling():
    """SRD 5.1 Difficult Terrain (a square in rubble costs 3 m); ruling dnd5e.grid-diagonals
    'alternate-1.5-3': the second diagonal costs 3 m, counted on through the turn (the Budget)."""
    rubble = Area("Geröll", "schwierig", (0, 3, 30, 4.5))
    region = reachable(field(hero(), areas=(rubble,)), KAEMPFERIN)
    assert region.cost(sq(0, 2)) == 1.5 + 3 and region.cost(sq(0, 3)) == 1.5 + 3 + 1.5
    alt = field(hero(), rulings=ALTERNATE)
    assert reachable(alt, KAEMPFERIN).cost(sq(2, 2)) == Fraction(9, 2)
    assert reachable(alt, KAEMPFERIN, budget=Budget(diagonals=1)).cost(sq(1, 1)) == 3
    assert reachable(alt, KAEMPFERIN).cost(sq(4, 4)) == 9 and reachable(alt, KAEMPFERIN).cost(sq(5, 5)) is None


def test_reachable_around_creatures_and_walls():
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN": through a friend's space
    (difficult terrain) but not ending there; not through a foe's space of the same size; a foe two
    sizes larger can be passed.  SRD 5.1 Movement and Position: walls block."""
    corridor = (Wall("Nord", (0, 1.5, 30, 3)),)
    friend = other("Magierin", "kaempferin", sq(1, 0), side="helden")
    region = reachable(field(hero(), friend, walls=corridor), KAEMPFERIN)
    assert region.cost(sq(1, 0)) is None  # no end in a friend's space
    assert region.cost(sq(2, 0)) == 3 + Fraction(3, 2) and region.cost(sq(5, 0)) == 9
    assert region.path(sq(2, 0)) == (sq(1, 0), sq(2, 0))
    assert all(y < 1.5 for _, y in region.squares)  # the wall holds
    ork = other("Ork", "ork", sq(1, 0))
    assert set(reachable(field(hero(), ork, walls=corridor), KAEMPFERIN).squares) == {sq(0, 0)}
    giant = other("Riese", "huegelriese", (Fraction(27, 4), Fraction(9, 4)))  # riesig: 3x3 squares from (3, 0)
    past = reachable(field(hero(), giant), KAEMPFERIN, spurt=True)
    assert past.cost(sq(7, 1)) is not None and past.cost(sq(4, 1)) is None


def test_reachable_flying_ignores_the_ground():
    """dnd5e-combat-de-excerpt.txt, "FLIEGEND": a flyer's path is not slowed by the ground's terrain."""
    eagle = Token("Adler", C["riesenadler"], (Fraction(3, 2), Fraction(3, 2)), "helden", aloft=True)
    bog = Area("Sumpf", "schwierig", (0, 0, 30, 30))
    walking, flying = reachable(field(eagle, areas=(bog,)), "Adler"), reachable(field(eagle, areas=(bog,)), "Adler",
                                                                             mode="fliegen")
    far = (Fraction(3, 2) + 15, Fraction(3, 2))
    assert flying.cost(far) == 15 and walking.cost(far) is None and walking.allowance == 3


def _random_grid_map(rng: random.Random, rulings: Rulings) -> BattleMap | None:
    n = 7
    areas = []
    for k in range(rng.randint(0, 3)):
        i, j, w, h = rng.randrange(n), rng.randrange(n), rng.randint(1, 3), rng.randint(1, 3)
        areas.append(Area(f"A{k}", rng.choice(["schwierig", "schwierig", "wasser", "kletterbar"]),
                          (1.5 * i, 1.5 * j, 1.5 * min(n, i + w), 1.5 * min(n, j + h))))
    walls = []
    for k in range(rng.randint(0, 2)):
        i, j = rng.randrange(n), rng.randrange(n)
        walls.append(Wall(f"W{k}", (1.5 * i, 1.5 * j, 1.5 * i + 1.5, 1.5 * j + 1.5)))
    squares = [(i, j) for i in range(n) for j in range(n)
               if not any(w.shape.intersects(Point(float(sq(i, j)[0]), float(sq(i, j)[1]))) for w in walls)]
    rng.shuffle(squares)
    tokens = [hero(at=sq(*squares[0]), conditions={"liegend"} if rng.random() < 0.2 else set())]
    for k, s in enumerate(squares[1:1 + rng.randint(0, 3)]):
        tokens.append(other(f"T{k}", rng.choice(["goblin", "ork", "wolf"]), sq(*s),
                            side=rng.choice(["helden", "feinde"])))
    return BattleMap(1.5 * n, 1.5 * n, walls=tuple(walls), areas=tuple(areas), tokens=tuple(tokens), rulings=rulings)


def test_reachable_agrees_with_move_on_random_maps():
    """SRD 5.1 Combat > Movement and Position (and Difficult Terrain, Being Prone; the excerpt's
    "SICH UM ANDERE KREATUREN HERUM BEWEGEN", "KLETTERN, SCHWIMMEN UND KRIECHEN", "SPURT"): on 40 seeded
    random grid maps every square reported at cost c is reached by move() along the reported path
    for exactly c."""
    rng = random.Random(12)
    checked = 0
    for case in range(40):
        m = _random_grid_map(rng, ALTERNATE if case % 3 == 0 else Rulings())
        spurt = case % 2 == 0
        region = reachable(m, KAEMPFERIN, spurt=spurt)
        for p, c in region.squares.items():
            assert move(m, KAEMPFERIN, list(region.path(p)), dash=spurt).cost == c
            checked += 1
    assert checked > 1000


def _cheapest_by_brute_force(m: BattleMap, steps: int, budget: Budget) -> dict:
    """Every king-step path of up to ``steps`` steps tried with move(): the cheapest cost per end square."""
    start = m.token(KAEMPFERIN).position
    best = {start: Fraction(0)}
    frontier = [()]
    moves = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b]
    for _ in range(steps):
        nxt = []
        for path in frontier:
            here = path[-1] if path else start
            for a, b in moves:
                there = (here[0] + a * Fraction(3, 2), here[1] + b * Fraction(3, 2))
                candidate = path + (there,)
                try:
                    mv = move(m, KAEMPFERIN, list(candidate[:-1]) + [there], budget=budget)
                except InputError:
                    continue  # off the map
                except RuleViolation as error:
                    if "beenden" in str(error):  # passing through a space: keep extending
                        nxt.append(candidate)
                    continue
                nxt.append(candidate)
                if mv.cost < best.get(there, mv.cost + 1):
                    best[there] = mv.cost
        frontier = nxt
    return best


def test_reachable_finds_no_more_and_no_less_than_every_path_move_allows():
    """SRD 5.1 Combat > Movement and Position > Breaking Up Your Move (6 m already spent, 3 m left):
    on seeded random maps the region equals what trying every path of up to 2 steps with move() finds,
    square for square and cost for cost -- nothing outside is reachable."""
    rng = random.Random(5)
    compared = 0
    for case in range(12):
        m = _random_grid_map(rng, Rulings())
        if m.token(KAEMPFERIN).prone:
            continue
        budget = Budget(used=Fraction(6))
        region = reachable(m, KAEMPFERIN, budget=budget)
        assert region.squares == _cheapest_by_brute_force(m, 2, budget)
        compared += len(region.squares)
    assert compared > 100


def test_reachable_gridless_points_are_reached_by_move_at_their_cost():
    """SRD 5.1 Combat > Movement and Position; ruling dnd5e.measuring 'gridless': every lattice point
    reported is reached by move() along its path at the reported cost; in open terrain no point
    costs less than the straight line and none more than 3 % above it."""
    rubble = Area("Geröll", "schwierig", (4, 0, 7.3, 5.2))
    pond = Area("Teich", "wasser", (1, 6, 3.1, 9.4))
    foe = Token("Ork", C["ork"], (9, 9), "feinde")
    m = BattleMap(15, 15, walls=(Wall("Säule", (6, 6, 7.5, 7.5)),), areas=(rubble, pond),
                  tokens=(hero(at=(1, 1)), foe), rulings=GRIDLESS)
    region = reachable(m, KAEMPFERIN, spurt=True)
    assert not region.exact and region.squares is None and len(region.points) > 100
    for p, c in region.points.items():
        assert float(move(m, KAEMPFERIN, list(region.path(p)), dash=True).cost) == pytest.approx(c, abs=1e-6)
    open_map = BattleMap(30, 30, tokens=(hero(at=(15, 15)),), rulings=GRIDLESS)
    for p, c in reachable(open_map, KAEMPFERIN).points.items():
        straight = math.dist([float(v) for v in p], (15, 15))
        assert straight - 1e-9 <= c <= straight * 1.03 + 1e-9
    assert reachable(open_map, KAEMPFERIN).cost((15 + 9, 15)) == pytest.approx(9)
    assert reachable(open_map, KAEMPFERIN).cost((15 + 9 + LATTICE, 15)) is None


def test_reachable_gridless_agrees_with_move_on_random_maps():
    """SRD 5.1 Combat > Movement and Position, Difficult Terrain; "KLETTERN, SCHWIMMEN UND KRIECHEN";
    "SICH UM ANDERE KREATUREN HERUM BEWEGEN" (ruling dnd5e.measuring 'gridless'): on 8 seeded random
    maps with terrain at odd offsets every lattice point reported is reached by move() at its cost."""
    rng = random.Random(7)
    checked = 0
    for case in range(8):
        def rbox():
            x, y = rng.uniform(0, 10), rng.uniform(0, 10)
            return (round(x, 2), round(y, 2), round(x + rng.uniform(1, 4), 2), round(y + rng.uniform(1, 4), 2))
        areas = tuple(Area(f"A{k}", rng.choice(["schwierig", "wasser", "kletterbar"]), rbox())
                      for k in range(rng.randint(1, 3)))
        walls = (Wall("W", rbox()),) if case % 2 else ()
        start = (round(rng.uniform(1, 11), 2), round(rng.uniform(1, 11), 2))
        if walls and walls[0].shape.buffer(1).contains(Point(*start)):
            continue
        foe = Token("Ork", C["ork"], (round(rng.uniform(1, 11), 2), round(rng.uniform(1, 11), 2)), "feinde")
        try:
            m = BattleMap(12, 12, walls=walls, areas=areas, tokens=(hero(at=start), foe), rulings=GRIDLESS)
        except InputError:
            continue  # the two spaces overlap
        region = reachable(m, KAEMPFERIN, spurt=case % 3 == 0)
        for p, c in region.points.items():
            mv = move(m, KAEMPFERIN, list(region.path(p)), dash=case % 3 == 0)
            assert float(mv.cost) == pytest.approx(c, abs=1e-6)
            checked += 1
    assert checked > 300


# ---------------------------------------------------------------------------------------------
# opportunity_risk
# ---------------------------------------------------------------------------------------------
def _duel(*extra, hero_at=sq(1, 1), **hero_kw):
    ork = Token("Ork", C["ork"], sq(2, 1), "feinde")
    return field(hero(at=hero_at, **hero_kw), ork, *extra)


def test_leaving_the_orcs_reach_risks_its_greataxe():
    """dnd5e-combat-de-excerpt.txt, "SICH UM ANDERE KREATUREN HERUM BEWEGEN": "Verlässt du in deinem Zug
    die Angriffsreichweite einer feindlichen Kreatur, provozierst du einen Gelegenheitsangriff";
    SRD 5.1 Opportunity Attacks: one melee attack -- the Ork's Zweihandaxt +5, 1W12+3 against RK 18."""
    m = _duel()
    risk = opportunity_risk(m, KAEMPFERIN, [sq(0, 1), sq(0, 4)], profiles=PROFILES_BY_NAME)
    (attack,) = risk.attacks
    expected = attack_odds(5, 18, "1W12+3")
    assert attack.attacker == "Ork" and attack.waffe == "Zweihandaxt" and attack.at == sq(1, 1)
    assert (attack.odds.p_treffer, attack.odds.p_crit) == (expected.p_treffer, expected.p_crit) == (
        Fraction(8, 20), Fraction(1, 20))
    assert risk.expected_damage == expected.expected_damage
    assert risk.p_drop == sum(p for d, p in expected.damage_distribution.items() if d >= 12)
    assert risk.p_drop > 0 and isinstance(risk.p_drop, Fraction)
    assert risk.frame["Regel"][0] == str(refs.SRD_OPPORTUNITY_ATTACKS) and "Ork" in risk._repr_html_()


PROFILES_BY_NAME = {"Ork": PROFILES["ork"], "Goblin": PROFILES["goblin"], KAEMPFERIN: PROFILES["kaempferin"]}


def test_rueckzug_makes_the_risk_zero():
    """dnd5e-combat-de-excerpt.txt, "RÜCKZUG": "löst deine Bewegung in diesem Zug keine
    Gelegenheitsangriffe aus" -- the same path, disengaged: no attack, nothing risked."""
    m = _duel()
    risk = opportunity_risk(m, KAEMPFERIN, [sq(0, 1), sq(0, 4)], profiles=PROFILES_BY_NAME, disengage=True)
    assert risk.attacks == () and risk.expected_damage == 0 and risk.p_drop == 0
    assert risk.damage_distribution == {0: Fraction(1)} and "Rückzug" in risk._repr_html_()


def test_two_attackers_convolve_exactly_and_prone_gives_advantage():
    """SRD 5.1 Opportunity Attacks (each foe's reaction) and Damage and Healing > Dropping to 0 Hit
    Points: the total of two attacks is their convolution (as odds.turn_odds); a crawling (prone)
    mover is attacked with Vorteil within 1.5 m (SRD 5.1 Appendix PH-A: Conditions > Prone)."""
    goblin = Token("Goblin", C["goblin"], sq(0, 2), "feinde")
    m = _duel(goblin)
    risk = opportunity_risk(m, KAEMPFERIN, [sq(1, 4)], profiles=PROFILES_BY_NAME, hp=7)
    assert {a.attacker for a in risk.attacks} == {"Ork", "Goblin"}
    both = turn_odds([a.odds for a in risk.attacks])
    assert risk.damage_distribution == both.damage_distribution
    assert risk.expected_damage == both.expected_damage
    assert risk.p_drop == sum(p for d, p in both.damage_distribution.items() if d >= 7)
    prone = opportunity_risk(_duel(hero_at=sq(1, 1), conditions={"liegend"}), KAEMPFERIN, [sq(1, 3)],
                             profiles=PROFILES_BY_NAME)
    (attack,) = prone.attacks
    assert attack.odds.mode.mode == "vorteil"
    assert attack.odds.p_treffer == attack_odds(5, 18, "1W12+3", mode="vorteil").p_treffer


def test_risk_from_an_encounter_state_uses_its_hit_points_and_reactions():
    """SRD 5.1 Combat > Actions in Combat > Reactions: a creature that has used its reaction makes no
    opportunity attack; the state's hit points and profiles are used."""
    spec = {"map": {"width": 12, "height": 12, "walls": [], "areas": []},
            "creatures": [{"name": KAEMPFERIN, "profile": "kaempferin", "side": "Helden", "position": [2.25, 2.25]},
                          {"name": "Ork", "profile": "ork", "side": "Monster", "position": [3.75, 2.25]}]}
    state = new_encounter(spec, seed=1)
    risk = opportunity_risk(state, KAEMPFERIN, [sq(0, 1), sq(0, 4)])
    assert [a.attacker for a in risk.attacks] == ["Ork"] and risk.hit_points == 12
    state._data["reacted"].add("Ork")
    spent = opportunity_risk(state, KAEMPFERIN, [sq(0, 1), sq(0, 4)])
    assert spent.attacks == () and spent.not_attacking[0][0] == "Ork"


# ---------------------------------------------------------------------------------------------
# input validation
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, field_name", [
    (lambda m: path_cost(m, "Niemand", [sq(1, 0)]), "name"),
    (lambda m: reachable(m, "Niemand"), "name"),
    (lambda m: opportunity_risk(m, "Niemand", [], profiles={}), "name"),
    (lambda m: path_cost(m, KAEMPFERIN, "nach Norden"), "path"),
    (lambda m: path_cost(m, KAEMPFERIN, [sq(100, 0)]), "path[0][0]"),
    (lambda m: path_cost(m, KAEMPFERIN, [sq(1, 0)], budget=3), "budget"),
    (lambda m: path_cost(m, KAEMPFERIN, [sq(1, 0)], speed=3), "speed"),
    (lambda m: reachable(m, KAEMPFERIN, budget=Budget(used=Fraction(10))), "budget"),
    (lambda m: reachable(m, KAEMPFERIN, budget=Budget(used=-1)), "budget"),
    (lambda m: reachable(m, KAEMPFERIN, budget="9 m"), "budget"),
    (lambda m: reachable(m, KAEMPFERIN, spurt="ja"), "spurt"),
    (lambda m: reachable(m, KAEMPFERIN, aufstehen=1), "aufstehen"),
    (lambda m: reachable(m, KAEMPFERIN, mode="schwimmen"), "mode"),
    (lambda m: reachable(m, KAEMPFERIN).cost("A1"), "point"),
    (lambda m: reachable("Karte", KAEMPFERIN), "battle_map"),
    (lambda m: opportunity_risk("Karte", KAEMPFERIN, []), "state_or_map"),
    (lambda m: opportunity_risk(m, KAEMPFERIN, [], profiles=None), "profiles"),
    (lambda m: opportunity_risk(m, KAEMPFERIN, [], profiles={}, hp=-1), "hp"),
    (lambda m: opportunity_risk(m, KAEMPFERIN, [sq(0, 1), sq(0, 4)], profiles={}), "profiles"),
])
def test_wrong_inputs_name_the_field(call, field_name):
    """SRD 5.1 Combat > Movement and Position: the analyses refuse what is not a move before any rule
    runs -- an InputError naming the field."""
    with pytest.raises(InputError) as info:
        call(_duel())
    assert info.value.field == field_name
