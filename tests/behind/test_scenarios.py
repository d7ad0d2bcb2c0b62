"""Scenarios (Szenarien) as data, and their setup conditions.

Each test is named after the clause it checks and quotes behind-2003-rulebook.txt.  A card length
is 8.8 cm (ruling behind.card-length-cm), so one, three and four card lengths are 8.8, 26.4 and
35.2 cm; the chip radius is 1.5 cm.  Christian sets up in the middle, Barbara at an edge and (in the
Jewel) Marius at the opposite edge.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.behind import refs
from explorer.behind.data import DataError
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.behind.scenarios import (
    SCENARIO_DIR,
    Scenario,
    edge_distance,
    load_scenario,
    load_scenarios,
    middle_of_table,
    scenario_ids,
    scenario_path,
)
from explorer.behind.table import Chip, Obstacle, Table
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleViolation

CARD = 8.8
REVIER_ROLES = {"Christian": "middle", "Barbara": "edge"}
JUWEL_ROLES = {"Christian": "middle", "Barbara": "edge", "Marius": "opposite-edge"}


@pytest.fixture(scope="module")
def revier() -> Scenario:
    return load_scenario("unser_revier")


@pytest.fixture(scope="module")
def juwel() -> Scenario:
    return load_scenario("juwel_von_athen")


def setup(scenario: Scenario, *chips: Chip, rulings=None, obstacles=None) -> Table:
    table = scenario.table(rulings=rulings, obstacles=obstacles)
    for chip in chips:
        table = table.place(chip)
    return table


def christian(name, x, y):
    return Chip(name, "Christian", x, y)


def barbara(name, x, y):
    return Chip(name, "Barbara", x, y)


def marius(name, x, y):
    return Chip(name, "Marius", x, y)


def legal_revier_chips():
    """A legal "Unser Revier!" setup: Christian's three chips between the obstacles, Barbara's three at
    the bottom edge, far from them."""
    return (christian("Ludwig", 55, 40), christian("Gerhard", 62, 40), christian("Irene", 58, 46),
            barbara("Sahra", 100, 5), barbara("Agathe", 107, 5), barbara("Ilse", 93, 5))


def assert_cites(violation: RuleViolation, ref, *names: str) -> None:
    assert violation.rule == ref
    for name in names:
        assert name in str(violation), f"{name!r} not named in: {violation}"


# ---------------------------------------------------------------------------------------------
# The scenario files
# ---------------------------------------------------------------------------------------------
def test_unser_revier_number_of_players_terrain_setup_and_goal(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "Number of players: 2", "Place
    six small obstacles in the middle of the table.", the first player sets up "between the obstacles
    in the middle of the table", the opponent "at a table edge of his choice", "The player in the
    middle of the table begins the game.", "The player who first eliminates all enemy characters ...
    wins the game." """
    assert revier.rule == refs.UNSER_REVIER
    assert (revier.players, revier.obstacle_count, len(revier.obstacles)) == (2, 6, 6)
    assert revier.roles == ("middle", "edge") and revier.starting_role == "middle"
    assert revier.goal == "eliminate-all-enemies" and not revier.jewel_rules
    assert (revier.own_max_card_lengths, revier.enemy_min_card_lengths, revier.middle_edge_min_card_lengths) == (1, 3, 0)
    assert revier.terrain_placement == "alternate"


def test_juwel_number_of_players_terrain_setup_and_goal(juwel):
    """behind-2003-rulebook.txt, section "Das Juwel von Athen" ("The Jewel of Athens"): "Number of
    players: 3", "Place eight obstacles in the middle of the table.", the middle player's chips "at
    least four card lengths from the table edges", "The third player begins at the table edge opposite
    the second player.", the goal: the jewel "over a table edge"; special rules for the jewel."""
    assert juwel.rule == refs.JUWEL_VON_ATHEN
    assert (juwel.players, juwel.obstacle_count, len(juwel.obstacles)) == (3, 8, 8)
    assert juwel.roles == ("middle", "edge", "opposite-edge") and juwel.starting_role == "middle"
    assert juwel.goal == "jewel-over-table-edge" and juwel.jewel_rules
    assert (juwel.own_max_card_lengths, juwel.enemy_min_card_lengths, juwel.middle_edge_min_card_lengths) == (1, 3, 4)


def test_scenarios_default_layouts_obey_the_terrain_rules(revier, juwel):
    """behind-2003-rulebook.txt, section "Scenarios (Szenarien)": both scenarios load; their default
    (illustrative) layouts have the scenario's number of obstacles, in the middle of the table."""
    assert load_scenarios() == {"juwel_von_athen": juwel, "unser_revier": revier}
    for scenario in (revier, juwel):
        table = scenario.table()
        assert len(table.obstacles) == scenario.obstacle_count
        assert scenario.check_obstacles(table) == []
        assert any(o.flat for o in table.obstacles) and all(o.height > 0 for o in table.obstacles)


def test_scenario_table_size_is_the_ruling(revier, juwel):
    """Ruling behind.scenario-table-cm (the rulebook gives no table size): 120 x 80 cm for two players,
    120 x 120 cm for three; the table keeps the rulings it is given."""
    assert (revier.table().width, revier.table().depth) == (120.0, 80.0)
    assert (juwel.table().width, juwel.table().depth) == (120.0, 120.0)
    rulings = BEHIND_RULINGS.switch(**{"behind.card-length-cm": 8.0})
    assert revier.table(rulings=rulings).card_length == 8.0


def test_scenario_files_say_where_each_value_comes_from():
    """The files quote the rulebook for each value and mark the layout ILLUSTRATIVE."""
    for path in SCENARIO_DIR.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# ILLUSTRATIVE")
        assert "ruling behind.scenario-table-cm" in text
        for key in ("players", "obstacle_count", "roles", "goal", "own_max_card_lengths", "enemy_min_card_lengths"):
            line = next(line for line in text.splitlines() if line.startswith(key + " "))
            assert "#" in line and ("rulebook" in line or "Setup" in line), line
    assert "ILLUSTRATIVE" in (SCENARIO_DIR / "README.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Terrain
# ---------------------------------------------------------------------------------------------
def test_terrain_place_six_obstacles(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "Place six small obstacles in
    the middle of the table." -- five are one violation."""
    table = revier.table(obstacles=revier.obstacles[:5])
    [violation] = revier.check_obstacles(table)
    assert_cites(violation, refs.UNSER_REVIER, "5 obstacles", "six obstacles")


def test_terrain_obstacles_in_the_middle_of_the_table(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "in the middle of the table"
    (ruling behind.table-middle: the central half of width and depth, 60 x 40 cm)."""
    corner = Obstacle.box("shed", 2, 2, 10, 10, height=5)
    table = revier.table(obstacles=revier.obstacles[:5] + (corner,))
    [violation] = revier.check_obstacles(table)
    assert_cites(violation, refs.UNSER_REVIER, "shed", "60 x 40 cm", "behind.table-middle")
    assert middle_of_table(table).bounds == (30.0, 20.0, 90.0, 60.0)
    whole_table = BEHIND_RULINGS.switch(**{"behind.table-middle": 1.0})
    assert revier.check_obstacles(revier.table(whole_table, revier.obstacles[:5] + (corner,))) == []


def test_first_steps_obstacles_with_some_distance_between_them(revier):
    """behind-2003-rulebook.txt, section "First Steps": "place six small obstacles with some distance
    between them" (ruling behind.scenario-obstacle-gap: a chip diameter, 3 cm)."""
    crate = revier.obstacles[0]  # the box x 34..42, y 24..32
    close = Obstacle.box("bench", 43, 24, 4, 4)  # 1 cm from the crate
    table = revier.table(obstacles=(close,) + revier.obstacles[1:])
    assert revier.check_obstacles(table) == []
    table = revier.table(obstacles=revier.obstacles[:5] + (close,))
    [violation] = revier.check_obstacles(table)
    assert_cites(violation, refs.FIRST_STEPS, crate.name, "bench", "1.0 cm apart")


def test_terrain_then_alternate_random_layouts(revier, juwel):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"), Terrain: "Determine by an
    influence duel (p. 24) who begins with this, and then alternate." Random layouts are legal, name
    who placed each obstacle in turn, and repeat for the same seed."""
    for scenario in (revier, juwel):
        for seed in range(5):
            obstacles = scenario.random_obstacles(SeededRng(seed), placers=("Christian", "Barbara", "Marius")[:scenario.players])
            assert scenario.check_obstacles(scenario.table(obstacles=obstacles)) == []
            assert obstacles == scenario.random_obstacles(SeededRng(seed), placers=("Christian", "Barbara", "Marius")[:scenario.players])
        placers = [o.name.split("(")[1].rstrip(")") for o in obstacles]
        assert placers == [("Christian", "Barbara", "Marius")[i % scenario.players] for i in range(scenario.obstacle_count)]


# ---------------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------------
def test_setup_a_legal_deployment_has_no_violations(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"), Setup: a setup that keeps every
    condition breaks none; validate_setup returns the table."""
    table = setup(revier, *legal_revier_chips())
    assert revier.check_setup(table, REVIER_ROLES) == []
    assert revier.validate_setup(table, REVIER_ROLES) is table


def test_setup_every_chip_at_least_three_card_lengths_from_an_enemy_chip(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "In addition every chip must be
    at least three card lengths from an enemy character chip."  Sahra stands two card lengths (17.6 cm)
    from Ludwig; her group and his are otherwise exactly far enough: one violation naming both."""
    u = (-15 / 17, -8 / 17)  # a unit vector from Ludwig toward the bottom-left
    lx, ly = 50.0, 16.0

    def at(d):
        return lx + d * u[0], ly + d * u[1]

    table = setup(revier, christian("Ludwig", lx, ly), christian("Gerhard", *at(-CARD)),
                  barbara("Sahra", *at(2 * CARD)), barbara("Agathe", *at(3 * CARD)))
    [violation] = revier.check_setup(table, REVIER_ROLES)
    assert_cites(violation, refs.UNSER_REVIER, "Ludwig", "Sahra")
    assert violation.reason == ("Ludwig is 17.6 cm (2.0 card lengths) from Sahra; every chip must be at least "
                                "3 card lengths (26.4 cm) from an enemy chip")


def test_first_steps_groups_20_to_25_cm_apart_against_three_card_lengths(revier):
    """behind-2003-rulebook.txt, section "First Steps": "Make sure the two groups are about 20 to 25
    centimetres apart (minimum distance three card lengths)."  With 8.8 cm cards three card lengths
    are 26.4 cm, so 20 to 25 cm is too close; with 8.0 cm cards (24 cm) 25 cm is enough, 20 cm is not."""
    def apart(d, rulings=None):
        table = setup(revier, christian("Ludwig", 50, 28), barbara("Sahra", 50, 28 - d), rulings=rulings)
        return revier.check_setup(table, REVIER_ROLES)

    assert 3 * CARD == pytest.approx(26.4)
    for d in (20.0, 22.5, 25.0):
        [violation] = apart(d)
        assert f"Ludwig is {d:.1f} cm ({d / CARD:.1f} card lengths) from Sahra" in violation.reason
    assert apart(19.4)[0].reason == ("Ludwig is 19.4 cm (2.2 card lengths) from Sahra; every chip must be at "
                                     "least 3 card lengths (26.4 cm) from an enemy chip")
    assert apart(26.4) == []
    assert "Ludwig is 26.39 cm (2.999 card lengths)" in apart(26.39)[0].reason  # not shown as "26.4 cm"
    short_cards = BEHIND_RULINGS.switch(**{"behind.card-length-cm": 8.0})
    assert apart(25.0, short_cards) == []
    assert "3 card lengths (24.0 cm)" in apart(20.0, short_cards)[0].reason


def test_setup_a_chip_at_most_one_card_length_from_another_chip(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "A chip may be at most one card
    length from another chip." (ruling behind.setup-own-group, centre to centre by ruling
    behind.distance-measure): 8.8 cm is allowed, 12 cm is not."""
    chips = list(legal_revier_chips())
    chips[1] = christian("Gerhard", 55 + CARD, 40)
    chips[2] = christian("Irene", 55, 40 + 12.0)
    [violation] = revier.check_setup(setup(revier, *chips), REVIER_ROLES)
    assert_cites(violation, refs.UNSER_REVIER, "Irene", "Ludwig", "12.0 cm (1.4 card lengths)",
                 "at most 1 card length (8.8 cm) from another own chip")


def test_setup_each_of_his_chips_near_one_of_his_own_chips_edge_player(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "Each of his chips may likewise
    be at most one card length from one of his own chips." -- it holds for the edge player too."""
    chips = list(legal_revier_chips())
    chips[5] = barbara("Ilse", 80, 5)  # 20 cm from Sahra
    [violation] = revier.check_setup(setup(revier, *chips), REVIER_ROLES)
    assert_cites(violation, refs.UNSER_REVIER, "Ilse", "Sahra", "20.0 cm")


def test_setup_own_distance_follows_the_distance_measure(revier):
    """Ruling behind.distance-measure: under "edge" the distance is the gap between the chips' edges, so
    chips 11 cm apart centre to centre (8 cm gap) keep "at most one card length"."""
    chips = list(legal_revier_chips())
    chips[2] = christian("Irene", 55, 40 + 11.0)
    table = setup(revier, *chips)
    assert len(revier.check_setup(table, REVIER_ROLES)) == 1
    edge = BEHIND_RULINGS.switch(**{"behind.distance-measure": "edge"})
    assert revier.check_setup(table.with_rulings(edge), REVIER_ROLES) == []


def test_setup_own_group_one_group_ruling(revier):
    """Ruling behind.setup-own-group: as written ('each-near-one') two pairs of chips far apart are
    legal; under 'one-group' they are one violation naming both groups."""
    chips = (christian("Ludwig", 50, 40), christian("Gerhard", 56, 40), christian("Irene", 70, 40),
             christian("Otto", 76, 40), barbara("Sahra", 100, 5))
    table = setup(revier, *chips)
    assert revier.check_setup(table, REVIER_ROLES) == []
    one_group = table.with_rulings(BEHIND_RULINGS.switch(**{"behind.setup-own-group": "one-group"}))
    [violation] = revier.check_setup(one_group, REVIER_ROLES)
    assert_cites(violation, refs.UNSER_REVIER, "2 separate groups", "Ludwig, Gerhard; Irene, Otto")


def test_setup_first_player_between_the_obstacles_in_the_middle_of_the_table(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "The first player places his
    character chips between the obstacles in the middle of the table." (ruling
    behind.setup-middle-area: inside the obstacles' convex hull grown by one card length)."""
    chips = (christian("Ludwig", 18, 40), christian("Gerhard", 26, 40), barbara("Sahra", 100, 5))
    [violation] = revier.check_setup(setup(revier, *chips), REVIER_ROLES)
    assert_cites(violation, refs.UNSER_REVIER, "Ludwig", "outside the area between the obstacles",
                 "behind.setup-middle-area", "convex hull")
    no_obstacles = Table(120, 80, chips=chips)
    assert "no obstacles" in revier.check_setup(no_obstacles, REVIER_ROLES)[0].reason


def test_setup_middle_area_box_ruling(revier):
    """Ruling behind.setup-middle-area = 'box': the bounding box grown by one card length also takes the
    corners the convex hull cuts off."""
    obstacles = (Obstacle.box("a", 40, 20, 4, 4), Obstacle.box("b", 76, 56, 4, 4),
                 Obstacle.box("c", 40, 56, 4, 4), Obstacle.box("d", 58, 38, 4, 4),
                 Obstacle.box("e", 50, 30, 4, 4), Obstacle.box("f", 66, 46, 4, 4))
    chips = (christian("Ludwig", 80, 22), barbara("Sahra", 20, 75))  # Ludwig near the missing corner
    table = setup(revier, *chips, obstacles=obstacles)
    assert len(revier.check_setup(table, REVIER_ROLES)) == 1
    box = BEHIND_RULINGS.switch(**{"behind.setup-middle-area": "box"})
    assert revier.check_setup(table.with_rulings(box), REVIER_ROLES) == []


def test_juwel_middle_chips_at_least_four_card_lengths_from_the_table_edges(juwel):
    """behind-2003-rulebook.txt, section "Das Juwel von Athen" ("The Jewel of Athens"): "A chip may be at
    most one card length from another chip and must be at least four card lengths from the table
    edges." -- 35.2 cm; a chip 32 cm from the left edge is one violation."""
    chips = (christian("Ludwig", 32, 64), christian("Gerhard", 36, 68), barbara("Sahra", 60, 5),
             marius("Otto", 60, 115))
    [violation] = juwel.check_setup(setup(juwel, *chips), JUWEL_ROLES)
    assert_cites(violation, refs.JUWEL_VON_ATHEN, "Ludwig", "32.0 cm (3.6 card lengths) from the left table edge",
                 "4 card lengths (35.2 cm)")
    moved = setup(juwel, christian("Ludwig", 35.2, 72), *chips[1:])
    assert juwel.check_setup(moved, JUWEL_ROLES) == []


def test_setup_opponent_at_a_table_edge_of_his_choice(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"): "Then the opponent places his
    character chips at a table edge of his choice." (ruling behind.setup-table-edge: every chip within
    one card length of the edge nearest his chips' centroid)."""
    chips = list(legal_revier_chips())
    chips[5] = barbara("Ilse", 100, 11)  # 11 cm from the bottom edge, 6 cm above Sahra
    table = setup(revier, *chips)
    assert revier.chosen_edge(table, "Barbara") == "bottom"
    [violation] = revier.check_setup(table, REVIER_ROLES)
    assert_cites(violation, refs.UNSER_REVIER, "Ilse", "11.0 cm (1.2 card lengths) from the bottom table edge",
                 "behind.setup-table-edge")
    wide = BEHIND_RULINGS.switch(**{"behind.setup-table-edge": 2.0})
    assert revier.check_setup(table.with_rulings(wide), REVIER_ROLES) == []
    assert edge_distance(table, table.chip("Ilse"), "bottom") == 11.0


def test_juwel_third_player_at_the_table_edge_opposite_the_second_player(juwel):
    """behind-2003-rulebook.txt, section "Das Juwel von Athen" ("The Jewel of Athens"): "The third
    player begins at the table edge opposite the second player. The conditions for the distances
    between own and enemy chips apply to him likewise." """
    middle = (christian("Ludwig", 55, 60), christian("Gerhard", 62, 60))
    second = (barbara("Sahra", 60, 5), barbara("Agathe", 66, 5))
    opposite = setup(juwel, *middle, *second, marius("Otto", 60, 115), marius("Fritz", 66, 115))
    assert juwel.check_setup(opposite, JUWEL_ROLES) == []
    left = setup(juwel, *middle, *second, marius("Otto", 5, 60), marius("Fritz", 5, 66))
    violations = juwel.check_setup(left, JUWEL_ROLES)
    assert len(violations) == 2
    for violation, name in zip(violations, ("Otto", "Fritz")):
        assert_cites(violation, refs.JUWEL_VON_ATHEN, name, "from the top table edge, opposite the bottom edge that "
                     "Barbara chose", "opposite the second player")
    assert juwel.chosen_edge(left, "Marius", JUWEL_ROLES) == "top"
    apart = setup(juwel, *middle, *second, marius("Otto", 60, 115), marius("Fritz", 70, 111.5))
    own = juwel.check_setup(apart, JUWEL_ROLES)  # both at the top edge, but 10.6 cm apart
    assert [v.reason.split(" is ")[0] for v in own] == ["Otto", "Fritz"]
    assert_cites(own[1], refs.JUWEL_VON_ATHEN, "Fritz", "10.6 cm (1.2 card lengths) from Otto, the nearest chip of Marius")


def test_setup_check_returns_every_broken_condition_and_validate_joins_them(revier):
    """behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!"), Setup: every broken condition is
    reported; validate_setup raises one RuleViolation listing all of them (or the single one)."""
    chips = (christian("Ludwig", 14, 40), christian("Gerhard", 30, 20), barbara("Sahra", 20, 5))
    table = setup(revier, *chips)
    violations = revier.check_setup(table, REVIER_ROLES)
    # Ludwig and Gerhard are 25.6 cm apart (reported for each), Gerhard is 18 cm from Sahra, and Ludwig
    # stands outside the area between the obstacles.
    assert [v.reason.split(" ")[0] for v in violations] == ["Ludwig", "Gerhard", "Gerhard", "Ludwig"]
    assert ["from Gerhard, the nearest chip" in violations[0].reason, "from Sahra;" in violations[2].reason,
            "outside the area" in violations[3].reason] == [True, True, True]
    with pytest.raises(RuleViolation) as caught:
        revier.validate_setup(table, REVIER_ROLES)
    assert caught.value.rule == refs.UNSER_REVIER
    assert "breaks 4 conditions" in caught.value.reason
    for i, violation in enumerate(violations, 1):
        assert f"({i}) {violation.reason}" in caught.value.reason
    one = setup(revier, *legal_revier_chips()[:5], barbara("Ilse", 80, 5))
    [single] = revier.check_setup(one, REVIER_ROLES)
    with pytest.raises(RuleViolation) as caught:
        revier.validate_setup(one, REVIER_ROLES)
    assert caught.value.reason == single.reason


def test_setup_roles_are_the_scenarios(revier):
    """Roles come from the scenario: unknown roles, a role held twice or a player without a role are
    the caller's mistake (ValueError), not a rules question."""
    table = setup(revier, *legal_revier_chips())
    with pytest.raises(ValueError, match="not a role"):
        revier.check_setup(table, {"Christian": "middle", "Barbara": "opposite-edge"})
    with pytest.raises(ValueError, match="each role"):
        revier.check_setup(table, {"Christian": "middle", "Barbara": "middle"})
    with pytest.raises(ValueError, match="Barbara"):
        revier.check_setup(table, {"Christian": "middle"})


# ---------------------------------------------------------------------------------------------
# Random deployments
# ---------------------------------------------------------------------------------------------
def deploy(scenario: Scenario, seed: int, table: Table | None = None) -> tuple[Table, dict]:
    rng = SeededRng(seed)
    table = scenario.table() if table is None else table
    players = (("Christian", ["Ludwig", "Gerhard", "Irene", "Otto"]), ("Barbara", ["Sahra", "Agathe", "Ilse"]),
               ("Marius", ["Fritz", "Hanna", "Kurt"]))
    roles: dict[str, str] = {}
    for (player, names), role in zip(players, scenario.roles):
        table = scenario.random_deployment(table, player, names, role, rng, taken_roles=roles)
        roles[player] = role
    return table, roles


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_setup_random_deployment_keeps_every_condition(seed):
    """behind-2003-rulebook.txt, sections "Unser Revier!" ("Our Turf!") and "Das Juwel von Athen" ("The
    Jewel of Athens"), Setup: a random deployment, role by role in setup order, breaks no condition;
    every chip faces the table centre."""
    for name in ("unser_revier", "juwel_von_athen"):
        scenario = load_scenario(name)
        table, roles = deploy(scenario, seed)
        assert scenario.check_setup(table, roles) == []
        assert len(table.chips) == (7 if scenario.players == 2 else 10)
        for chip in table.chips:
            toward = math.degrees(math.atan2(table.depth / 2 - chip.y, table.width / 2 - chip.x)) % 360
            assert abs((chip.facing - toward + 180) % 360 - 180) <= 0.5


def test_setup_random_deployment_on_random_obstacles(revier, juwel):
    """A random obstacle layout and random deployments together still make a legal setup."""
    for scenario in (revier, juwel):
        for seed in range(4):
            table = scenario.table(obstacles=scenario.random_obstacles(SeededRng(100 + seed)))
            table, roles = deploy(scenario, seed, table)
            assert scenario.check_setup(table, roles) == [] and scenario.check_obstacles(table) == []


def test_setup_random_deployment_is_deterministic(juwel):
    """Same rng state, same deployment (SeededRng saved as JSON and restored)."""
    first, _ = deploy(juwel, 7)
    again, _ = deploy(juwel, 7)
    assert first == again
    rng = SeededRng(3)
    rng.uniform(0, 1)
    saved = SeededRng.from_json(rng.to_json())
    table = juwel.table()
    assert (juwel.random_deployment(table, "Christian", ["Ludwig"], "middle", rng)
            == juwel.random_deployment(table, "Christian", ["Ludwig"], "middle", saved))


def test_setup_random_deployment_raises_when_there_is_no_room(revier):
    """No obstacles, so nowhere "between the obstacles": the deployment raises a RuleViolation citing
    the scenario; a role already taken is a ValueError."""
    with pytest.raises(RuleViolation) as caught:
        revier.random_deployment(Table(120, 80), "Christian", ["Ludwig"], "middle", SeededRng(0), max_tries=3)
    assert_cites(caught.value, refs.UNSER_REVIER, "Christian", "Ludwig", "3 tries")
    with pytest.raises(ValueError, match="taken"):
        revier.random_deployment(revier.table(), "Barbara", ["Sahra"], "middle", SeededRng(0),
                                 taken_roles={"Christian": "middle"})


# ---------------------------------------------------------------------------------------------
# Loader errors
# ---------------------------------------------------------------------------------------------
def write_variant(tmp_path: Path, old: str, new: str, name: str = "unser_revier") -> Path:
    text = (SCENARIO_DIR / f"{name}.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, start: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.startswith(start))


@pytest.mark.parametrize("old, new, field, value, problem", [
    ("players = 2", 'players = "two"', "players", "'two'", "is not a whole number"),
    ("obstacle_count = 6", "obstacle_count = -1", "obstacle_count", "-1", "is less than 0"),
    ('goal = "eliminate-all-enemies"', 'goal = "win"', "goal", "'win'", "is not one of"),
    ('roles = ["middle", "edge"]', 'roles = ["middle", "corner"]', "roles", "'corner'", "is not a role"),
    ("width_cm = 120.0", "width_cm = 0", "table.width_cm", "0", "is not a number > 0"),
    ("enemy_min_card_lengths = 3.0", "enemy_min_card_lengths = true", "distances.enemy_min_card_lengths", "True",
     "is not a number"),
    ("jewel_rules = false", "jewel_rules = 0", "jewel_rules", "0", "is not true or false"),
    ("section = '\"Unser Revier!\" (\"Our Turf!\")'", "section = 'Our Turf'", "section", "'Our Turf'",
     "is not a section heading"),
    ('id = "unser_revier"', 'id = "revier"', "id", "'revier'", "is not the file name"),
    ("players = 2", "players = 2\ncolour = 'red'", "colour", "'red'", "unknown key"),
    # bounds (issue 10)
    ("players = 2", "players = 1000000", "players", "1000000", "is more than 3"),
    ("width_cm = 120.0", "width_cm = 1e308", "table.width_cm", "1e+308", "is more than 1000"),
    ("width_cm = 120.0", "width_cm = nan", "table.width_cm", "nan", "is not a number"),
    ("enemy_min_card_lengths = 3.0", "enemy_min_card_lengths = 1e9", "distances.enemy_min_card_lengths",
     "1000000000.0", "is more than 20"),
    ("obstacle_count = 6", "obstacle_count = 100000", "obstacle_count", "100000", "is more than 50"),
    ('id = "unser_revier"', 'id = "../unser_revier"', "id", "'../unser_revier'", "is not an id"),
])
def test_loader_errors_name_file_field_and_value(tmp_path, old, new, field, value, problem):
    """A malformed scenario file raises DataError naming the file, the line, the field and the value."""
    path = write_variant(tmp_path, old, new)
    with pytest.raises(DataError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert str(path) in message and f"field {field!r}" in message and value in message and problem in message
    assert caught.value.row == line_of(path, field.split(".")[-1] + " ")


def test_loader_errors_in_an_obstacle_name_its_entry(tmp_path):
    """A bad value in the second [[obstacles]] entry names ``obstacles[2].height`` and its line."""
    path = write_variant(tmp_path, "radius = 4.0\nheight = 5.0", "radius = 4.0\nheight = -5.0")
    with pytest.raises(DataError) as caught:
        load_scenario(path)
    assert caught.value.field == "obstacles[2].height" and caught.value.value == -5.0
    assert path.read_text(encoding="utf-8").splitlines()[caught.value.row - 1] == "height = -5.0"
    path = write_variant(tmp_path, 'shape = "circle"', 'shape = "star"')
    with pytest.raises(DataError, match=r"field 'obstacles\[2\].shape': 'star' is not a shape"):
        load_scenario(path)


def test_loader_rejects_a_default_layout_that_breaks_the_terrain_rules(tmp_path):
    """A default layout with an obstacle outside the middle of the table is a data error under the field
    'obstacles', quoting the broken rule."""
    path = write_variant(tmp_path, "x = 34.0\ny = 24.0", "x = 2.0\ny = 2.0")
    with pytest.raises(DataError) as caught:
        load_scenario(path)
    assert caught.value.field == "obstacles"
    assert "crate" in str(caught.value) and "middle of the table" in str(caught.value)


def test_loader_missing_file_and_key(tmp_path):
    """An unknown id lists the known ids; a missing file or a missing key is named."""
    with pytest.raises(DataError, match="'no_such_scenario' is not a known scenario id; known ids are "
                                        "juwel_von_athen, unser_revier"):
        load_scenario("no_such_scenario")
    with pytest.raises(DataError, match="scenario file not found"):
        load_scenario(tmp_path / "no_such_scenario.toml")
    path = write_variant(tmp_path, "players = 2", "")
    with pytest.raises(DataError, match="field 'players': is missing"):
        load_scenario(path)


def test_no_path_from_data_is_opened(tmp_path):
    """Issue 10: a save's, a layout's or a ChooseScenario action's scenario is a known id, never a path:
    a TOML file elsewhere is not opened, its content never quoted; the error lists the known ids."""
    secret = tmp_path / "secret.toml"
    secret.write_text('password = "hunter2"\n', encoding="utf-8")
    for text in (str(secret), str(secret.with_suffix("")), "../decks/vampire", "unser_revier.toml", "README", ""):
        with pytest.raises(DataError) as caught:
            load_scenario(text)
        message = str(caught.value)
        assert "is not a known scenario id; known ids are juwel_von_athen, unser_revier" in message
        assert "hunter2" not in message and "password" not in message
    assert scenario_ids() == ["juwel_von_athen", "unser_revier"]
    assert scenario_path("unser_revier") == SCENARIO_DIR / "unser_revier.toml"


def test_choose_scenario_refuses_a_path(tmp_path):
    """The referee's ChooseScenario check catches the lookup's ValueError: a path is refused (can() is
    False, apply raises a RuleViolation) and the file's content is not quoted."""
    from explorer.behind import load_decks, new_game
    from explorer.behind.actions import ChooseScenario

    secret = tmp_path / "secret.toml"
    secret.write_text('password = "hunter2"\n', encoding="utf-8")
    decks = load_decks()
    game = new_game([decks["vampire"], decks["werwoelfe"]], None, seed=1)
    action = ChooseScenario(scenario=str(secret))
    assert game.can(action) is False
    with pytest.raises(RuleViolation) as caught:
        game.apply(action)
    assert "known ids are juwel_von_athen, unser_revier" in str(caught.value)
    assert "hunter2" not in str(caught.value)
