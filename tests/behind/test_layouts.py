"""Scenario layouts: built, checked against the scenario's rules, saved as JSON, loaded, played.

Rules: behind-2003-rulebook.txt, section "Unser Revier!" ("Our Turf!") (Terrain: "Place six small
obstacles in the middle of the table."; Setup: "A chip may be at most one card length from another
chip. ... every chip must be at least three card lengths from an enemy character chip.") and section
"Das Juwel von Athen" ("The Jewel of Athens").
"""

import json
import math

import pytest
import shapely

from explorer.behind import layouts as L
from explorer.behind import refs
from explorer.behind.actions import PlaceObstacle
from explorer.behind.data import load_decks
from explorer.behind.game import new_game
from explorer.behind.layouts import Layout, LayoutError
from explorer.behind.table import Chip, Obstacle

SAHRA, LUDWIG = "Sahra Jeanette", "Ludwig von Auenstedt"


@pytest.fixture(scope="module")
def example() -> Layout:
    return L.load_layout("unser_revier_example")


def test_new_layout_holds_the_scenarios_pieces_and_players_but_no_chips():
    """"Unser Revier!" ("Our Turf!"): "Number of players: 2", "Place six small obstacles"; the starter decks
    are the Sisterhood's and the Vampires' (behind-2003-rulebook.txt, section "Contents")."""
    layout = L.new_layout()
    assert layout.players == ("Schwesternbund", "Vampire")
    assert layout.roles == {"Schwesternbund": "middle", "Vampire": "edge"}
    assert [o.name for o in layout.table.obstacles] == [o.name for o in layout.rules.obstacles]
    assert len(layout.table) == 0 and L.validate(layout) == []
    assert L.unplaced(layout)[0].startswith("Schwesternbund (middle) still places 5 chips: Sahra Jeanette")
    assert L.new_layout(obstacles=False).unplaced_pieces() == layout.rules.obstacles
    jewel = L.new_layout("juwel_von_athen")
    assert list(jewel.roles.values()) == ["middle", "edge", "opposite-edge"]
    assert (jewel.table.width, jewel.table.depth) == (120.0, 120.0)


def test_the_shipped_example_obeys_unser_revier_and_is_labelled_illustrative(example):
    assert example.note.startswith("ILLUSTRATIVE")
    assert L.validate(example) == [] and L.unplaced(example) == [] and L.game_problems(example) == []
    assert example.roles == {"Schwesternbund": "middle", "Vampire": "edge"}
    assert example.path is not None and example.path.name == "unser_revier_example.json"


def test_a_layout_round_trips_through_json_and_a_file(example, tmp_path):
    assert Layout.from_json(json.loads(json.dumps(example.to_json()))) == example
    path = L.save_layout(example, "copy", folder=tmp_path)
    assert path == tmp_path / "copy.json" and L.saved_layouts(tmp_path) == ["copy"]
    assert L.load_layout("copy", folder=tmp_path) == example
    with pytest.raises(FileExistsError, match="exists already"):
        L.save_layout(example, "copy", folder=tmp_path)
    L.save_layout(example.with_table(example.table.remove(SAHRA)), "copy", folder=tmp_path, overwrite=True)
    assert SAHRA not in L.load_layout(path).table


def test_an_enemy_chip_nearer_than_three_card_lengths_is_named_with_the_distance(example):
    """"Unser Revier!" ("Our Turf!"), Setup: "every chip must be at least three card lengths from an enemy
    character chip" (3 x 8.8 cm, ruling behind.card-length-cm)."""
    ludwig = example.table.chip(LUDWIG)
    moved = example.with_table(example.table.move_chip(LUDWIG, ludwig.x, ludwig.y + 14))
    found = L.findings(moved)
    enemy = [f for f in found if "from an enemy chip" in f.reason]
    assert enemy and all(LUDWIG in f.chips for f in enemy)
    sahra = next(f for f in enemy if f.chips == (SAHRA, LUDWIG))
    assert sahra.distance(moved.table) < 3 * 8.8
    assert f"{sahra.distance(moved.table):.1f} cm" in sahra.reason
    assert sahra.rule == refs.UNSER_REVIER
    assert [f.reason for f in found] == [v.reason for v in L.validate(moved)]


def test_the_terrain_rules_are_checked_too(example):
    """"Unser Revier!" ("Our Turf!"), Terrain: "Place six small obstacles in the middle of the table."""
    obstacles = [o for o in example.table.obstacles if o.name != "well"]
    fewer = example.with_table(example.table.__class__(120, 80, obstacles, example.table.chips))
    assert any(v.reason.startswith("the table has 5 obstacles") for v in L.validate(fewer))
    outside = fewer.with_table(fewer.table.add_obstacle(Obstacle.box("well", 2, 70, 4, 4, height=5)))
    finding = next(f for f in L.findings(outside) if "beyond the middle of the table" in f.reason)
    assert finding.obstacles == ("well",) and finding.chips == ()


def test_names_in_prefers_the_longest_name_and_keeps_the_order():
    names = ["Konrad", "Konrad der Bleiche", "Sahra Jeanette", "well"]
    assert L.names_in("Sahra Jeanette is 3 cm from Konrad der Bleiche; well", names) == \
        ["Sahra Jeanette", "Konrad der Bleiche", "well"]
    assert L.names_in("Konrad, not Konradine", names) == ["Konrad"]


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["players"][1].update(role="centre"), "players[2].role", "is not a role of"),
    (lambda d: d["players"][0].update(deck="elves"), "players[1].deck", "is not a deck of data/behind/decks"),
    (lambda d: d.update(scenario="unknown"), "scenario", "is not a scenario"),
    (lambda d: d.update(colour="red"), "colour", "unknown key"),
    (lambda d: d.update(version=7), "version", "is not a version"),
    (lambda d: d["table"]["chips"][1].update(x=60.0, y=38.0), "table.chips[2]", "would overlap Sahra Jeanette"),
    (lambda d: d["table"]["chips"][0].update(name="Grimm"), "table.chips[1].name", "is not a character of"),
    (lambda d: d["table"].update(width=100.0), "table", "is not the size of the table"),
    (lambda d: d["players"].pop(), "players", "are not 2 players"),
    (lambda d: d.update(jewel=SAHRA), "jewel", "has no jewel"),
])
def test_a_malformed_file_is_reported_with_file_field_and_value(example, tmp_path, change, field, words):
    data = example.to_json()
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LayoutError) as raised:
        L.load_layout(path)
    error = raised.value
    assert error.path == path and error.field == field and words in str(error)
    assert str(error).startswith(f"{path}, field {field!r}: ")


def test_a_file_that_is_missing_or_not_json_is_reported(tmp_path):
    with pytest.raises(LayoutError, match="file not found"):
        L.load_layout("nothing_here", folder=tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(LayoutError, match=r"bad.json: is not JSON: .* at line 1"):
        L.load_layout(bad)
    with pytest.raises(LayoutError, match="is not a layout name"):
        L.layout_path("what?")


@pytest.mark.parametrize("name", ["../escape", "/etc/passwd", "..\\up", "a/b.json", ".hidden", "x" * 65, "", "..",
                                  "data/behind/scenarios/layouts/unser_revier_example"])
def test_a_layout_name_is_never_a_path(tmp_path, example, name):
    """Issue 10: the designer's "save as" name could overwrite any writable file.  A name typed in
    is a name: anything that could reach another folder is refused, and nothing is written."""
    with pytest.raises(LayoutError, match="is not a layout name"):
        L.save_layout(example, name, folder=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_layouts_are_saved_in_the_users_folder_never_in_data(tmp_path, monkeypatch, example):
    """The default folder is ``layouts/`` of the working directory, not the repository's data/."""
    monkeypatch.chdir(tmp_path)
    assert L.layout_folder() == tmp_path / "layouts"
    path = L.save_layout(example, "mine")
    assert path == tmp_path / "layouts" / "mine.json" and L.load_layout("mine") == example
    assert L.load_layout("unser_revier_example") is not None  # the shipped example is still found
    assert "mine" in L.saved_layouts() and "unser_revier_example" in L.saved_layouts()


def test_a_piece_is_placed_and_found_exactly_as_the_games_place_obstacle_places_it():
    """"Unser Revier!" ("Our Turf!"), Terrain: the players place the scenario's obstacles in turn
    (``PlaceObstacle``: a piece moved and turned)."""
    decks = load_decks()
    game = new_game([decks["schwesternbund"], decks["vampire"]], "unser_revier", seed=1, setup="manual")
    layout = L.new_layout(obstacles=False)
    poses = {"crate": (40.0, 30.5, 30.0), "well": (58.0, 33.0, 0.0), "cart": (75.25, 28.0, 97.5),
             "hedge": (38.0, 50.0, 350.0), "barrel": (61.0, 50.0, 45.0), "low wall": (80.0, 49.0, 180.0)}
    for name, (x, y, angle) in poses.items():
        mine = L.place_piece(L.piece(layout.rules, name), x, y, angle)
        game.apply(PlaceObstacle(name, x, y, angle))
        theirs = game.table.obstacle(name)
        assert shapely.equals_exact(mine.polygon, theirs.polygon, tolerance=1e-12)
        found = L.piece_pose(L.piece(layout.rules, name), mine)
        assert found is not None and math.dist(found[:2], (x, y)) < 1e-9
        assert L.place_piece(L.piece(layout.rules, name), *found).polygon.equals_exact(mine.polygon, 1e-9)
    assert L.piece_pose(L.piece(layout.rules, "crate"), Obstacle.box("crate", 0, 0, 9, 8)) is None


def test_start_game_sets_the_layout_up_through_the_referee(example):
    """"Unser Revier!" ("Our Turf!"): "The player in the middle of the table begins the game." """
    game = L.start_game(example, seed=0)
    assert game.phase == "action" and game.current_player == "Schwesternbund"
    assert sorted(game.table.chips, key=lambda c: c.name) == sorted(example.table.chips, key=lambda c: c.name)
    for obstacle in example.table.obstacles:
        assert shapely.equals_exact(game.table.obstacle(obstacle.name).polygon, obstacle.polygon, tolerance=1e-9)
    kinds = [action.kind for action in game.history]
    assert kinds == ["place-obstacle"] * 6 + ["deploy"] * 2
    assert game.data.roles == example.roles


def test_start_game_replays_the_duel_until_the_layouts_middle_player_wins(example):
    """"Unser Revier!" ("Our Turf!"), Terrain: "The winner of the influence duel then also begins with the
    setup of his characters." -- a layout with the Vampires in the middle needs a duel they win."""
    table = example.table
    sisters = [c for c in table.chips if c.owner == "Schwesternbund"]
    vampires = [c for c in table.chips if c.owner == "Vampire"]
    swapped = table.__class__(120, 80, table.obstacles, [
        *(Chip(v.name, "Vampire", s.x, s.y, s.facing) for v, s in zip(vampires, sisters)),
        *(Chip(s.name, "Schwesternbund", x, 6.0, 90) for s, x in zip(sisters, (44, 50, 56, 62, 68))),
    ])
    layout = Layout("unser_revier", swapped, {"Schwesternbund": "edge", "Vampire": "middle"}, example.decks)
    assert L.validate(layout) == []
    first_seed = L.duel_seed(example, seed=0)
    seed = L.duel_seed(layout, seed=first_seed)
    assert seed > first_seed  # the example's seed gives the Sisterhood the middle
    game = L.start_game(layout, seed=first_seed)
    assert game.data.roles == {"Schwesternbund": "edge", "Vampire": "middle"}
    assert game.current_player == "Vampire" and game.phase == "action"


def test_start_game_refuses_what_the_game_cannot_place_and_says_why(example):
    edited = L.place_piece(L.piece(example.rules, "well"), 60, 27, height=9.0)
    obstacles = [edited if o.name == "well" else o for o in example.table.obstacles]
    taller = example.with_table(example.table.__class__(120, 80, obstacles, example.table.chips))
    assert L.validate(taller) == []  # the setup rules do not care about heights ...
    with pytest.raises(LayoutError, match="'well' is 9 cm high; the scenario's piece is 5 cm"):
        L.start_game(taller)  # ... but the game places the scenario's pieces as they are
    unfinished = example.with_table(example.table.remove(LUDWIG))
    with pytest.raises(LayoutError, match="Vampire \\(edge\\) still places 1 chip: Ludwig von Auenstedt"):
        L.start_game(unfinished)


def test_a_jewel_layout_from_a_random_setup_starts_the_same_game():
    """"Das Juwel von Athen" ("The Jewel of Athens"): three players; "the player in the middle of the table
    names one of his characters" to carry the jewel."""
    decks = load_decks()
    auto = new_game([decks["schwesternbund"], decks["vampire"], decks["werwoelfe"]], "juwel_von_athen", seed=3)
    middle = next(p for p, r in auto.data.roles.items() if r == "middle")
    bearer = next(c.name for c in auto.table.chips if c.owner == middle)
    layout = Layout("juwel_von_athen", auto.table, auto.data.roles,
                    {"Schwesternbund": "schwesternbund", "Vampire": "vampire", "Werwölfe": "werwoelfe"}, jewel=bearer)
    assert L.game_problems(layout) == []
    game = L.start_game(layout, seed=3)
    assert game.table.chips == auto.table.chips and game.data.jewel == ("bearer", bearer)
    with pytest.raises(LayoutError, match="field 'jewel'.*is not a chip of the middle player"):
        Layout("juwel_von_athen", auto.table, auto.data.roles, layout.decks,
               jewel=next(c.name for c in auto.table.chips if c.owner != middle))
