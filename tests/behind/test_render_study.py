"""The drawings of the movement, abilities and deck-study lessons (explorer/behind/render_study.py).

Each test draws a small case and checks what the picture holds -- where the arrows start and end,
the bars' heights, the labels -- against the rules engine's own answer (behind-2003-rulebook.txt,
sections "Movement", "Terrain and Climbing (Gelände & Klettern)", "Körperlos (Incorporeal)",
"Ability Check (Fähigkeitsprobe)").
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_rgb
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle

from explorer.behind import Chip, Obstacle, Table, check_probability, study
from explorer.behind import render_study as rs
from explorer.behind.data import load_decks
from explorer.behind.movement import move_leg

DECKS = load_decks()
VAMPIRE, SISTERS = DECKS["vampire"], DECKS["schwesternbund"]


def _texts(ax) -> list[str]:
    return [t.get_text() for t in ax.texts]


def _arrows(ax) -> list[FancyArrowPatch]:
    return [p for p in ax.patches if isinstance(p, FancyArrowPatch)]


def _ends(arrow: FancyArrowPatch):
    (x0, y0), (x1, y1) = arrow._posA_posB
    return (round(x0, 6), round(y0, 6)), (round(x1, 6), round(y1, 6))


def _bars(ax) -> list[Rectangle]:
    """The bars of a bar chart (the axes' background patch and other shapes left out)."""
    return [p for p in ax.patches if type(p) is Rectangle]


@pytest.fixture()
def walled():
    """Ludwig walks at a wall: the second leg stops touching it (Movement)."""
    table = Table(40, 25, obstacles=[Obstacle.box("wall", 14, 7, 2, 16, height=5)],
                  chips=[Chip("Ludwig", "Vampire", 6, 12), Chip("Sahra", "Schwesternbund", 30, 12, 180)])
    after, first = move_leg(table, "Ludwig", (11, 12), 6.5)
    after, second = move_leg(after, "Ludwig", (17.5, 12), 6.5)
    return table, after, [first, second]


# -- movement ---------------------------------------------------------------------------------------
def test_draw_movement_draws_each_leg_from_its_start_to_its_end(walled):
    before, after, legs = walled
    ax = rs.draw_movement(before, legs, after=after)
    assert [_ends(a) for a in _arrows(ax)] == [(leg.start, leg.end) for leg in legs]
    ghosts = [p.center for p in ax.patches if isinstance(p, Circle) and p.get_linestyle() == "--"
              and p.get_facecolor()[3] == 0]
    assert [tuple(g) for g in ghosts] == [leg.start for leg in legs]


def test_draw_movement_marks_where_a_stopped_walk_was_aimed(walled):
    before, after, legs = walled
    ax = rs.draw_movement(before, legs, after=after)
    assert any("stopped by wall" in text for text in _texts(ax))
    crosses = [line for line in ax.lines if line.get_marker() == "x"]
    assert [(line.get_xdata()[0], line.get_ydata()[0]) for line in crosses] == [legs[1].requested]


def test_draw_movement_crosses_out_a_refused_move(walled):
    before, _, _ = walled
    ax = rs.draw_movement(before, refused=[("Ludwig", (12, 17.3), "8 cm > 6.5 cm")])
    assert "8 cm > 6.5 cm" in _texts(ax)
    refused = [line for line in ax.lines if line.get_marker() == "X"]
    assert [(line.get_xdata()[0], line.get_ydata()[0]) for line in refused] == [(12, 17.3)]
    assert _ends(_arrows(ax)[0]) == ((6.0, 12.0), (12.0, 17.3))


def test_draw_movement_names_the_obstacle_climbed():
    table = Table(36, 20, obstacles=[Obstacle.box("roof", 14, 3, 10, 9, height=3, flat=True)],
                  chips=[Chip("Ilse", "Schwesternbund", 12.5, 9)])
    after, leg = move_leg(table, "Ilse", (16.5, 9), 4.0, climb=8.0)
    assert leg.climbed == "roof"
    assert any("climbs roof" in text for text in _texts(rs.draw_movement(table, [leg], after=after)))


def test_draw_movement_shows_a_forfeited_incorporeal_leg_towards_its_aim():
    table = Table(40, 20, obstacles=[Obstacle.box("wall", 14, 2, 2, 16)], chips=[Chip("Geist", "Geister", 9.5, 10)])
    _, leg = move_leg(table, "Geist", (15, 13), 8.5, mode="incorporeal", tournament=True)
    ax = rs.draw_movement(table, [leg])
    assert leg.forfeited and "forfeited: would end in wall" in _texts(ax)
    assert _ends(_arrows(ax)[0]) == ((9.5, 10.0), (15.0, 13.0))


def test_draw_movement_zooms_on_a_region(walled):
    before, after, legs = walled
    ax = rs.draw_movement(before, legs, after=after, region=(0, 5, 20, 20))
    assert ax.get_xlim() == (0, 20) and ax.get_ylim() == (5, 20)


def test_moved_legs_are_the_chips_that_changed_place(walled):
    before, after, _ = walled
    legs = rs.moved_legs(before, after)
    assert [(leg.chip, leg.start, leg.end) for leg in legs] == [("Ludwig", (6.0, 12.0), after.chip("Ludwig").position)]
    assert legs[0].distance == pytest.approx(12.5 - 6)
    ax = rs.draw_changes(before, after, focus=["Ludwig"], margin=5)
    assert len(_arrows(ax)) == 1 and ax.get_xlim()[0] == pytest.approx(1.0)


def test_draw_break_away_names_the_level_and_joins_the_enemies():
    table = Table(30, 18, chips=[Chip("Sahra", "Schwesternbund", 15, 9), Chip("Ludwig", "Vampire", 12, 9),
                                 Chip("Mathilde", "Vampire", 15, 6)])
    dexterity = {"Ludwig": 2, "Mathilde": 3}
    ax = rs.draw_break_away(table, "Sahra", dexterity)
    assert "check 4+" in ax.get_title() and "highest Dexterity 3" in ax.get_title()
    from explorer.behind.render_table import LEADER_COLOUR

    joins = {(line.get_xdata()[1], line.get_ydata()[1]) for line in ax.lines
             if len(line.get_xdata()) == 2 and line.get_color() != LEADER_COLOUR}  # not a name's leader line
    assert joins == {(12, 9), (15, 6)}
    ax = rs.draw_break_away(table, "Sahra", dexterity, frightened={"Ludwig", "Mathilde"})
    assert "without a check" in ax.get_title()
    assert sum("frightened" in text for text in _texts(ax)) == 2


# -- checks ---------------------------------------------------------------------------------------------
def test_plot_check_odds_bars_are_the_exact_chances_and_marks_stand_out():
    supply = list(SISTERS.cards)
    ax = rs.plot_check_odds(supply, marks={"break away 4+": 4})
    bars = _bars(ax)
    assert [b.get_height() for b in bars] == pytest.approx([float(check_probability(x, supply)) for x in range(1, 10)])
    marked = [b for b in bars if b.get_facecolor()[:3] == pytest.approx(to_rgb(rs.MARK_COLOUR))]
    assert [b.get_x() + b.get_width() / 2 for b in marked] == [4]
    assert f"break away 4+: {check_probability(4, supply)}" in _texts(ax)


def test_plot_chances_show_short_fractions_only():
    ax = rs.plot_chances(["a", "b"], [Fraction(1, 2), Fraction(66738445, 221858364)])
    assert [b.get_width() for b in _bars(ax)] == pytest.approx([0.5, 66738445 / 221858364])
    assert "50%  (1/2)" in _texts(ax) and "30%" in _texts(ax)


# -- the deck study ---------------------------------------------------------------------------------------
def _rates():
    frame = pd.DataFrame({"winner": ["Vampire"] * 7 + ["Schwesternbund"] * 2 + [None],
                          "injuries_dealt[Vampire]": [0] * 10, "injuries_dealt[Schwesternbund]": [0] * 10})
    frame["first_player"] = ["Vampire", "Schwesternbund"] * 5
    return frame


def test_plot_win_rates_bars_are_the_shares_with_their_counts():
    rates = study.win_rates(_rates())
    ax = rs.plot_win_rates(rates)
    assert [b.get_width() for b in _bars(ax)] == pytest.approx([0.7, 0.2, 0.1])
    assert {"7 / 10", "2 / 10", "1 / 10"} <= set(_texts(ax))
    colours = [b.get_facecolor()[:3] for b in _bars(ax)]
    assert colours[0] == pytest.approx(to_rgb(rs.player_colours(["Vampire"])["Vampire"]))


def test_plot_win_rates_by_draws_a_bar_per_group_and_outcome():
    rates = study.win_rates(_rates(), by="first_player")
    ax = rs.plot_win_rates_by(rates, "first_player")
    heights = [b.get_height() for b in _bars(ax)]
    assert len(heights) == 2 * 3
    assert sorted(heights) == pytest.approx(sorted(rates["share"]))


@pytest.fixture(scope="module")
def games():
    from explorer.behind.simulate import simulate
    return simulate(4, [VAMPIRE, SISTERS], "unser_revier", seed=3, max_turns=30, progress=False)


def test_plot_turns_counts_every_game_once(games):
    ax = rs.plot_turns(games)
    assert sum(b.get_height() for b in _bars(ax)) == len(games)


def test_plot_turns_counts_the_longest_game_when_bins_are_wider_than_a_turn():
    turns = list(range(10, 42)) + [60]
    frame = pd.DataFrame({"winner": ["Vampire"] * (len(turns) - 1) + [None], "turns": turns,
                          "injuries_dealt[Vampire]": 0, "injuries_dealt[Schwesternbund]": 0})
    ax = rs.plot_turns(frame)
    bars = _bars(ax)
    assert bars[0].get_width() > 1  # two turns a bin
    assert sum(b.get_height() for b in bars) == len(turns)


def test_plot_per_game_counts_every_game_per_player(games):
    ax = rs.plot_per_game(games, "injuries_dealt")
    assert sum(b.get_height() for b in _bars(ax)) == 2 * len(games)
    means = {round(line.get_xdata()[0], 6) for line in ax.lines}
    assert means == {round(games[f"injuries_dealt[{p}]"].mean(), 6) for p in ("Vampire", "Schwesternbund")}


def test_plot_first_deaths_bars_are_the_shares():
    chronicle = pd.DataFrame({"first_eliminated": ["Seherin Ilse", "Sahra Jeanette", "Seherin Ilse", None],
                              "eliminated": [("Seherin Ilse",), ("Sahra Jeanette",), ("Seherin Ilse",), ()]})
    table = study.first_deaths(chronicle, [VAMPIRE, SISTERS])
    ax = rs.plot_first_deaths(table)
    solid = [b.get_width() for b in _bars(ax) if b.get_facecolor()[3] > 0]
    assert solid == pytest.approx(list(table["share"]))


def test_plot_melee_grid_shows_every_value():
    grid = study.grid(study.melee_matrix(VAMPIRE, SISTERS))
    ax = rs.plot_melee_grid(grid)
    assert np.allclose(ax.images[0].get_array(), grid.to_numpy(float))
    assert len(ax.texts) == grid.size and f"{grid.iloc[0, 0]:+.2f}" in _texts(ax)


def test_plot_card_values_count_every_card():
    table = study.card_values([VAMPIRE, SISTERS])
    ax = rs.plot_card_values(table)
    assert sum(b.get_height() for b in _bars(ax)) == len(VAMPIRE.cards) + len(SISTERS.cards)
    assert any("mean" in t.get_text() for t in ax.get_legend().get_texts())


def test_draw_card_rows_draws_each_card_with_its_fate_number():
    cards = list(VAMPIRE.cards[:4])
    ax = rs.draw_card_rows({"top": cards, "rest": cards[:2]}, highlight=[cards[0].id])
    fates = [t.get_text() for t in ax.texts if t.get_text().isdigit()]
    assert fates == [str(c.fate) for c in cards + cards[:2]]


def test_player_colours_are_the_same_in_every_chart():
    both = rs.player_colours(["Vampire", "Schwesternbund"])
    assert rs.player_colours(["Vampire", "Werwölfe"])["Vampire"] == both["Vampire"]
    assert both["Vampire"] != both["Schwesternbund"]


def test_image_is_a_png():
    picture = rs.image(rs.plot_chances(["a"], [0.5]))
    assert picture.data[:8] == b"\x89PNG\r\n\x1a\n"


def test_lesson_7_melee_grids_read_cleanly():
    """Lesson 7, cell 15 (notebooks/behind/07_deck_study.ipynb; behind-2003-rulebook.txt, "Melee Combat
    (Nahkampf)"): the two grids side by side as the lesson shows them -- the defenders' full names
    under the columns no longer run into each other ("Magdalena von / Stein" into "Seherin Ilse"),
    every text at least 8 pt as JupyterLab shows the picture."""
    from explorer.core.display import figure_png
    from explorer.core.render_labels import label_collisions

    axes = rs.new_grid(1, 2, 12.5, 3.6).ravel()
    rs.plot_melee_grid(study.grid(study.melee_matrix(VAMPIRE, SISTERS)), ax=axes[0], title="Vampires attack")
    rs.plot_melee_grid(study.grid(study.melee_matrix(SISTERS, VAMPIRE)), ax=axes[1], title="Sisters attack")
    figure = axes[0].figure
    figure_png(figure)  # as rs.image draws it
    assert label_collisions(figure) == []
