"""Simulated encounter studies (explorer.dnd5e.study) through the generic simulator: seeds that
reproduce, win shares with 95% Wilson intervals that contain them, rounds with their mean's interval
(SRD 5.1, Combat > The Order of Combat; ruling dnd5e.round-limit for encounters without winner),
the players compared on both sides, the plots readable, and wrong arguments refused."""

from __future__ import annotations

import math

import pytest

from explorer.core.inputs import InputError
from explorer.core.render_labels import label_collisions, too_small
from explorer.core.simulate import game_seed
from explorer.core.stats import wilson_interval
from explorer.dnd5e import render_study
from explorer.dnd5e.players import TaktischerSpieler
from explorer.dnd5e.study import KEIN_SIEGER, begegnungen_simulieren, spieler_vergleich


@pytest.fixture(scope="module")
def duel():
    return begegnungen_simulieren("duell", ["Taktisch", "Zufall"], 30, seed=2, progress=False)


@pytest.fixture(scope="module")
def comparison():
    return spieler_vergleich("duell", ["Taktisch", "Zufall"], "Zufall", 12, seed=1, progress=False)


def test_the_same_seed_gives_the_same_encounters_and_each_row_replays(duel):
    """Game k of a run seeded s is game_seed(s, k) whatever runs it (explorer.core.simulate)."""
    again = begegnungen_simulieren("duell", {"Helden": "tactical", "Monster": "random"}, 30, seed=2, progress=False)
    assert again.games.equals(duel.games)
    assert list(duel.games["seed"]) == [game_seed(2, k) for k in range(30)]
    other = begegnungen_simulieren("duell", ["Taktisch", "Zufall"], 30, seed=3, progress=False)
    assert not other.games["seed"].equals(duel.games["seed"])


def test_win_shares_add_up_and_their_intervals_contain_them(duel):
    """One row per side and one without winner (dnd5e.round-limit); the shares sum to 1, each
    interval is Wilson's for its count and contains the share."""
    wins = duel.siege
    assert list(wins["Seite"]) == ["Helden", "Monster", KEIN_SIEGER]
    assert list(wins["Spieler"]) == ["Taktisch", "Zufall", ""]
    assert wins["Siege"].sum() == 30 and math.isclose(wins["Anteil"].sum(), 1.0)
    for row in wins.itertuples():
        assert (row.untere, row.obere) == wilson_interval(row.Siege, 30)
        assert row.untere <= row.Anteil <= row.obere
    assert duel.share("Helden") == wins.loc[0, "Anteil"] and duel.interval("Helden") == (wins.loc[0, "untere"],
                                                                                         wins.loc[0, "obere"])


def test_rounds_have_a_mean_with_its_interval_and_a_distribution(duel):
    """Every encounter ends in some round from the first on (SRD 5.1, Combat Step by Step)."""
    r = duel.runden
    assert r["untere"] <= r["mittel"] <= r["obere"] and 1 <= r["kleinste"] <= r["mittel"] <= r["größte"]
    spread = duel.rundenverteilung
    assert spread["Begegnungen"].sum() == 30 and list(spread["Runde"]) == list(range(1, r["größte"] + 1))
    assert math.isclose((spread["Runde"] * spread["Begegnungen"]).sum() / 30, r["mittel"])


def test_the_tactical_player_beats_the_random_one_on_both_sides(comparison):
    """Against Zufall, each player plays the Helden and the Monster (12 duels each): Taktisch's share
    of the 24 is above 1/2 with the whole interval; Zufall against itself is not."""
    tactical, chance = comparison.row("Taktisch"), comparison.row("Zufall")
    assert tactical["Begegnungen"] == 24 and tactical["Siege"] == tactical["Siege als Helden"] + tactical["Siege als Monster"]
    assert tactical["untere"] > 0.5
    assert chance["untere"] < 0.5
    assert set(comparison.studies) == {(p, s) for p in ("Taktisch", "Zufall") for s in ("Helden", "Monster")}


def test_a_player_object_is_accepted(duel):
    study = begegnungen_simulieren("duell", TaktischerSpieler(), 3, seed=2, progress=False)
    assert study.players == ("Taktisch", "Taktisch") and len(study.games) == 3


def test_the_study_shows_itself(duel, comparison):
    """SRD 5.1, "Combat > The Order of Combat" (rounds): the tables in German notation -- shares in
    percent with a decimal comma, the rounds' mean "3,50" -- never "0.467"."""
    html = duel._repr_html_()
    assert "Helden" in html and "Wilson" in html and "Runden" in html
    assert f"{duel.runden['mittel']:.2f}".replace(".", ",") in html
    assert f"{duel.runden['mittel']:.2f}" not in html
    share = float(comparison.frame["Anteil"].iloc[0])
    shown = comparison._repr_html_()
    assert "Taktisch" in shown and f"{100 * share:.1f} %".replace(".", ",") in shown and f"{share:.3f}" not in shown


def test_a_comparison_shows_one_progress_bar(capsys):
    """SRD 5.1, "Combat > The Order of Combat": the encounters of a comparison (two players, each as both
    sides) move one bar, not one per run."""
    spieler_vergleich("duell", ["Taktisch", "Zufall"], "Zufall", 3, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "Duell: 2 Spieler gegen Zufall" in err and "12/12" in err and " als " not in err


@pytest.mark.parametrize("draw", ["study", "comparison"])
def test_the_plots_keep_their_labels_clear_and_readable(draw, duel, comparison):
    """Labels clear of each other and inside their axes, every text >= 8 pt as shown."""
    figure = render_study.figure(duel if draw == "study" else comparison)
    assert label_collisions(figure) == [] and too_small(figure) == []
    assert render_study.png(duel if draw == "study" else comparison).startswith(b"\x89PNG")


@pytest.mark.parametrize("kwargs", [
    {"encounter": "arena"}, {"encounter": 3}, {"players": "Schlau"}, {"players": ["Taktisch"]},
    {"players": {"Helden": "Taktisch"}}, {"players": {"Helden": "Taktisch", "Drachen": "Zufall"}},
    {"players": [object(), "Zufall"]}, {"n": 0}, {"n": 1.5}, {"n": True}, {"n": 100_001}, {"seed": -1},
])
def test_invalid_arguments_raise_input_error(kwargs):
    arguments = {"encounter": "duell", "players": ["Taktisch", "Zufall"], "n": 2, "seed": 0, **kwargs}
    with pytest.raises(InputError):
        begegnungen_simulieren(arguments.pop("encounter"), arguments.pop("players"), **arguments, progress=False)


@pytest.mark.parametrize("kwargs", [{"kandidaten": "Taktisch"}, {"kandidaten": []}, {"kandidaten": ["Magie"]},
                                    {"gegner": 7}, {"n": -3}])
def test_invalid_comparisons_raise_input_error(kwargs):
    arguments = {"kandidaten": ["Taktisch"], "gegner": "Zufall", "n": 2, **kwargs}
    with pytest.raises(InputError):
        spieler_vergleich("duell", arguments.pop("kandidaten"), arguments.pop("gegner"), **arguments, progress=False)


def test_render_refuses_what_is_not_a_study():
    with pytest.raises(ValueError):
        render_study.figure("duell")


def test_the_interval_is_one_column_beside_the_share(comparison):
    """SRD 5.1, "Combat > The Order of Combat" (rounds): a comparison shows the Wilson interval as one column
    ("52,9 bis 97,8 %") beside the share -- one column fewer, so that three players fit a 590 px output area --
    while the frame keeps both bounds as numbers."""
    shown = comparison._repr_html_()
    row = comparison.frame.iloc[0]
    low, high = (f"{100 * float(row[b]):.1f}".replace(".", ",") for b in ("untere", "obere"))
    assert "95-%-Intervall" in shown and f"{low} bis {high} %" in shown
    assert ">untere<" not in shown and {"untere", "obere"} <= set(comparison.frame.columns)


def test_a_study_counts_encounters_in_german(capsys):
    """SRD 5.1, "Combat > The Order of Combat": a study's progress bar and title name the encounter in words
    ("Scharmützel", not the id "scharmuetzel") and count Begegnungen, not "game/s"."""
    study = begegnungen_simulieren("scharmuetzel", "Zufall", 2, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "Scharmützel: Zufall gegen Zufall" in err and "Begegnung/s" in err and "game" not in err
    assert study.title.startswith("Scharmützel, 2 Begegnungen") and "Seed 1" in study.title
