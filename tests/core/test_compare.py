"""Rulings compared (explorer.core.compare): one question under two sets of rulings, side by side.

The Behind case is the ruling ``behind.assisted-damage`` (behind-2003-rulebook.txt, "Melee Combat
(Nahkampf)": "his player may choose an enemy character participating in the fight who receives the
damage"); the Beyond case is ``beyond.second-draw-pile`` (beyond-rulebook.txt, "End of the Game -
Counting Energy Points": "when the second draw pile is finished").
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from fractions import Fraction
from functools import partial
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # noqa: E402 -- before any figure is drawn

import pandas as pd
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from explorer.behind import melee_odds
from explorer.behind.data import load_characters, load_decks
from explorer.core import compare_rulings
from explorer.core.compare import RulingsComparison, compare_ruling_options, figures_of, summarise_games
from explorer.core.rulings import Rulings

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SWITCH = {"behind.assisted-damage": "attacker"}


@pytest.fixture(scope="module")
def assisted():
    """Sahra Jeanette (W2) attacks Ludwig von Auenstedt, assisted by Seherin Ilse (W1): if the attack
    fails, the defender chooses Ilse under the default ruling -- and her Resistance of 1 counts."""
    characters, decks = load_characters(), load_decks()
    sisters, vampires = decks["schwesternbund"], decks["vampire"]
    sahra, ludwig = characters["sahra-jeanette"], characters["ludwig-von-auenstedt"]
    ilse = next(characters[c.id] for c in sisters.characters if characters[c.id].name == "Seherin Ilse")
    return partial(melee_odds, sahra, ludwig, attacker_supply=list(sisters.cards),
                   defender_supply=list(vampires.cards), assistants=[ilse])


@pytest.fixture(scope="module")
def damage(assisted) -> RulingsComparison:
    return compare_rulings(assisted, b=SWITCH)


# -- Behind: an odds question ------------------------------------------------------------------
def test_assisted_damage_changes_the_attackers_injuries_only(damage, assisted):
    frame = damage.frame
    assert damage.labels == ("default", "assisted-damage = attacker")
    assert list(frame.columns) == ["default", "assisted-damage = attacker", "difference", "exact default",
                                   "exact assisted-damage = attacker", "exact difference"]
    assert (frame["difference"].abs() > 0).any()
    changed = damage.changed
    assert not changed.empty and all("attacker" in name for name in changed.index)
    # the attacking side is hurt less when the attacker himself (W2) takes the damage, not Ilse (W1)
    assert frame.at["E[attacker injuries]", "difference"] < -1
    assert frame.at["P(attacker injured)", "difference"] < 0
    # the defender's chances do not depend on who on the attacking side is damaged
    for name in frame.index:
        if "defender" in name or "tie" in name:
            assert frame.at[name, "exact difference"] in (0, None) and frame.at[name, "difference"] == 0


def test_column_a_is_melee_odds_under_the_defaults_exactly(damage, assisted):
    default = assisted()
    alternative = assisted(rulings=Rulings(SWITCH))
    for result, label in ((default, "default"), (alternative, "assisted-damage = attacker")):
        for row in result.frame.itertuples():
            name = f"P(loser={row.loser}, injuries={row.injuries})"
            assert damage.frame.at[name, f"exact {label}"] == row.exact
            assert damage.frame.at[name, label] == row.probability
        for name, value in result.summary().items():
            assert damage.frame.at[name, label] == value
    # outcomes one side lacks are 0 there, so each exact column is a distribution
    outcomes = [n for n in damage.frame.index if n.startswith("P(loser=")]
    assert sum(damage.frame.loc[outcomes, "exact default"]) == 1
    assert sum(damage.frame.loc[outcomes, "exact assisted-damage = attacker"]) == 1
    assert sum(damage.frame.loc[outcomes, "exact difference"]) == 0
    assert damage.answers[0].frame.equals(default.frame)


def test_b_is_applied_on_top_of_a_and_rulings_objects_work(assisted):
    a = {"behind.hand-card-optional": "lowest"}
    both = compare_rulings(assisted, a, SWITCH, labels=("lowest card", "lowest card, attacker damaged"))
    assert both.a == Rulings(a) and both.b == Rulings({**a, **SWITCH})
    assert list(both.rulings["id"]) == ["behind.assisted-damage"]
    same = compare_rulings(assisted, Rulings(a), Rulings({**a, **SWITCH}),
                           labels=("lowest card", "lowest card, attacker damaged"))
    pd.testing.assert_frame_equal(same.frame, both.frame)
    lowest = assisted(rulings=Rulings(a))
    assert both.frame.at["E[attacker injuries]", "lowest card"] == lowest.expected_injuries("attacker")


def test_compare_ruling_options_takes_each_other_option(assisted, damage):
    options = compare_ruling_options("behind.assisted-damage", assisted)
    assert list(options) == ["attacker"]
    pd.testing.assert_frame_equal(options["attacker"].frame, damage.frame)
    with pytest.raises(ValueError, match="behind.card-length-cm.*values="):
        compare_ruling_options("behind.card-length-cm", assisted)
    with pytest.raises(ValueError, match="no switch"):
        compare_ruling_options("behind.jewel", assisted)


def test_titles(damage, draw_pile):
    assert damage.title == "Melee: Sahra Jeanette attacks Ludwig von Auenstedt (assisted by Seherin Ilse)"
    assert draw_pile.title == "simulate(8, ['stop-after-3', 'stop-after-3', 'stop-after-3', ...], seed=1)"

    def cards_left(rulings):
        return {"cards": 3}

    assert compare_rulings(cards_left, b=SWITCH).title == "cards_left"
    assert compare_rulings(cards_left, b=SWITCH, title="three cards").title == "three cards"


def test_repr_html_states_the_rulings_in_words(damage):
    page = damage._repr_html_()
    assert "behind.assisted-damage" in page and "Who takes the damage when an assisted attack fails" in page
    assert "&#x27;lowest-resistance&#x27;" in page and "&#x27;attacker&#x27;" in page
    assert "E[attacker injuries]" in page and "<img" in page
    assert "lowest-resistance" in repr(damage)


# -- validation --------------------------------------------------------------------------------
def test_unknown_ruling_names_id_and_value(assisted):
    with pytest.raises(ValueError, match=r"unknown ruling 'behind.no-such-ruling' \(value 'x'\)"):
        compare_rulings(assisted, b={"behind.no-such-ruling": "x"})


def test_value_outside_the_switch_names_id_and_value(assisted):
    with pytest.raises(ValueError, match=r"behind.assisted-damage = 'defender' is not allowed"):
        compare_rulings(assisted, b={"behind.assisted-damage": "defender"})
    with pytest.raises(ValueError, match=r"A: behind.card-length-cm = 99 is not allowed"):
        compare_rulings(assisted, {"behind.card-length-cm": 99}, SWITCH)
    with pytest.raises(ValueError, match=r"behind.jewel = 'anywhere' is not allowed.*no switch"):
        compare_rulings(assisted, b={"behind.jewel": "anywhere"})


def test_the_same_rulings_twice_are_refused(assisted):
    for a, b in (({}, {}), (None, {"behind.assisted-damage": "lowest-resistance"}), (SWITCH, Rulings(SWITCH))):
        with pytest.raises(ValueError, match="the same"):
            compare_rulings(assisted, a, b)
    with pytest.raises(ValueError, match="the same"):
        compare_rulings(assisted)  # no b at all


def test_labels_are_checked(assisted):
    with pytest.raises(ValueError, match="different names"):
        compare_rulings(assisted, b=SWITCH, labels=("x", "x"))
    with pytest.raises(ValueError, match="column name"):
        compare_rulings(assisted, b=SWITCH, labels=("difference", "x"))
    with pytest.raises(TypeError, match="callable"):
        compare_rulings(42, b=SWITCH)


# -- answers as figures ------------------------------------------------------------------------
def test_the_simulation_summariser_on_a_built_frame():
    games = pd.DataFrame({
        "game": [0, 1, 2, 3],
        "seed": [11, 12, 13, 14],
        "strategies": ["greedy,random"] * 4,
        "winners": ["P1", "P2", "P1,P2", ""],          # a shared win counts for each, one game without
        "end": ["goal", "goal", "max_turns", "goal"],
        "turns": [10, 11, 12, 14],
        "first_blood_turn": pd.array([3, None, 5, None], dtype="Int64"),
        "margin": [0.5, 1.0, 1.5, 2.0],
        "left": [True, False, True, True],
    })
    figures = summarise_games(games)
    assert list(figures.index) == ["share strategies = greedy,random", "share won by P1", "share won by P2",
                                   "share without winner", "share end = goal",
                                   "share end = max_turns", "mean turns", "mean first_blood_turn", "mean margin",
                                   "share left = False", "share left = True"]
    assert figures.at["share won by P1", "exact"] == Fraction(2, 4)
    assert figures.at["share without winner", "exact"] == Fraction(1, 4)
    assert figures.at["share end = goal", "value"] == 0.75
    assert figures.at["mean turns", "exact"] == Fraction(47, 4) and figures.at["mean turns", "kind"] == "mean"
    assert figures.at["mean first_blood_turn", "exact"] == 4                      # the two games with blood
    assert figures.at["mean margin", "exact"] is None and figures.at["mean margin", "value"] == 1.25
    assert figures.at["share left = True", "kind"] == "share"
    with pytest.raises(ValueError, match="no games"):
        summarise_games(games.iloc[:0])

    behind_like = pd.DataFrame({"game": [0, 1], "winner": ["Vampire", None],
                                "winner_seat": pd.array([0, None], dtype="Int64"),
                                "turns": [5, 60]})
    figures = summarise_games(behind_like)
    assert list(figures.index) == ["share won by Vampire", "share without winner", "mean turns"]


def test_two_simulation_frames_compared_fill_missing_shares_with_zero():
    def question(rulings):
        single = rulings["beyond.second-draw-pile"] == "single-pile"
        return pd.DataFrame({"game": [0, 1], "winners": ["P1", "P1" if not single else "P2"],
                             "end": ["enchantments", "enchantments" if not single else "draw_pile"],
                             "turns": [30, 30 if not single else 20]})

    change = compare_rulings(question, b={"beyond.second-draw-pile": "single-pile"})
    frame = change.frame
    assert frame.at["share won by P2", "default"] == 0 and frame.at["share won by P2", "exact default"] == 0
    assert frame.at["share end = draw_pile", "difference"] == 0.5
    assert frame.at["mean turns", "exact difference"] == -5
    assert list(change.changed.index) == list(frame.index)  # every figure moves here
    assert "share end = enchantments" in frame.index  # one value in A, two in B: both shown


def test_numbers_series_and_mappings_are_answers():
    values = iter([Fraction(1, 3), Fraction(1, 2)])
    change = compare_rulings(lambda rulings: next(values), b=SWITCH)
    assert change.frame.at["value", "exact difference"] == Fraction(1, 6)
    change = compare_rulings(lambda rulings: pd.Series({"P(x)": 0.25 if rulings == Rulings() else 0.5, "n": 3}),
                             b=SWITCH)
    assert change.frame.at["P(x)", "difference"] == 0.25 and change.kinds["P(x)"] == "probability"
    assert list(change.changed.index) == ["P(x)"] and not change.exact  # a float Series is not exact
    change = compare_rulings(lambda rulings: {"cards": 3, "P(x)": Fraction(1, 4) if rulings == Rulings() else 0.5},
                             b=SWITCH)
    assert change.frame.at["cards", "exact difference"] == 0 and change.frame.at["P(x)", "exact difference"] is None
    assert list(change.changed.index) == ["P(x)"]
    with pytest.raises(TypeError, match="figure 'who' is not a number"):
        figures_of({"who": "P1"})
    with pytest.raises(TypeError, match="cannot compare"):
        figures_of(object())


# -- Beyond: a simulation ----------------------------------------------------------------------
def beyond_games(n: int = 8):
    """``n`` four-player games of ``stop-after-3`` strategies (seed 1): with four players the 80 cards run
    low, so whether a second draw pile follows the first decides how some games end."""
    from explorer.beyond.simulate import simulate

    return partial(simulate, n, ["stop-after-3"] * 4, seed=1)


@pytest.fixture(scope="module")
def draw_pile() -> RulingsComparison:
    return compare_rulings(beyond_games(), b={"beyond.second-draw-pile": "single-pile"})


def test_beyond_single_draw_pile_ends_games_earlier(draw_pile):
    frame = draw_pile.frame
    assert draw_pile.labels == ("default", "second-draw-pile = single-pile")
    assert frame.at["mean turns", "difference"] < 0
    single = "second-draw-pile = single-pile"
    assert frame.at["share end = draw_pile", single] > frame.at["share end = draw_pile", "default"]
    ends = [n for n in frame.index if n.startswith("share end = ")]
    assert sum(frame.loc[ends, "exact default"]) == sum(frame.loc[ends, f"exact {single}"]) == 1
    assert frame.at["share end = draw_pile", "exact difference"] > 0
    default, one_pile = draw_pile.answers
    assert default.attrs["rulings"] == {} and one_pile.attrs["rulings"] == {"beyond.second-draw-pile": "single-pile"}
    pd.testing.assert_frame_equal(default, beyond_games()(rulings=Rulings()))


# -- the picture -------------------------------------------------------------------------------
def _bars(ax, gid):
    return [p for p in ax.patches if p.get_gid() == gid]


def test_plot_has_one_bar_pair_per_figure_and_labels_clear_of_bars_and_each_other(damage, draw_pile):
    ARTIFACTS.mkdir(exist_ok=True)
    cases = (("compare_behind_assisted_damage", damage), ("compare_beyond_second_draw_pile", draw_pile))
    for name, comparison in cases:
        figure = Figure(figsize=(10, 1.3 + 0.36 * len(comparison.frame)), layout="constrained")
        canvas = FigureCanvasAgg(figure)
        ax = comparison.plot(ax=figure.add_subplot())
        assert ax.figure is figure
        rows = len(comparison.frame)
        panels = figure.axes  # the probabilities and shares, then (issue 11) the other figures on their own axis
        a = [bar for panel in panels for bar in _bars(panel, "bar-a")]
        b = [bar for panel in panels for bar in _bars(panel, "bar-b")]
        assert len(a) == len(b) == rows
        la, lb = comparison.labels
        shares = comparison.kinds.isin(("probability", "share"))
        share_values = [value for value, share in zip(comparison.frame[la], shares) if share]
        assert len(_bars(panels[0], "bar-a")) == (len(share_values) or rows)
        for bar, value in zip(_bars(panels[0], "bar-a"), share_values):
            assert bar.get_width() == pytest.approx(value)
        notes = [t for panel in panels for t in panel.texts if t.get_gid() == "difference"]
        assert len(notes) == rows
        figure.savefig(ARTIFACTS / f"{name}.png")
        canvas.draw()  # the layout as saved, measured at the figure's own dpi
        renderer = canvas.get_renderer()
        texts = notes + [t for panel in panels for t in panel.get_yticklabels() if t.get_text()] \
            + list(ax.get_legend().get_texts()) + [ax.title] + [panel.xaxis.label for panel in panels] \
            + [t for t in ax.texts if t.get_gid() == "difference-header"]
        boxes = [t.get_window_extent(renderer) for t in texts]
        for (i, first), (j, second) in itertools.combinations(enumerate(boxes), 2):
            assert not first.overlaps(second), (texts[i].get_text(), texts[j].get_text())
        bar_boxes = [bar.get_window_extent(renderer) for bar in a + b if bar.get_width()]
        for text, box in zip(texts, boxes):
            assert not any(box.overlaps(bar) for bar in bar_boxes), text.get_text()
    assert (ARTIFACTS / "compare_behind_assisted_damage.png").read_bytes()[:4] == b"\x89PNG"


def test_plot_options_and_png(damage):
    ax = damage.plot(changed_only=True)
    assert sum(len(_bars(panel, "bar-a")) for panel in ax.figure.axes) == len(damage.changed)
    ax = damage.plot(figures=["P(tie)", "P(attacker injured)"])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["P(tie)", "P(attacker injured)"]
    with pytest.raises(ValueError, match="no figure 'P\\(nothing\\)'"):
        damage.plot(figures=["P(nothing)"])
    assert damage.png()[:4] == b"\x89PNG"


def test_the_comparison_imports_no_drawing_library():
    code = "import sys, explorer.core.compare; print(any(m.startswith('matplotlib') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
