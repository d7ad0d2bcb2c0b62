"""Sweeps: their shapes, their exactness and their monotonicity, and the heatmap that draws them.

Rules: behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": "If this difference reaches or
exceeds the Resistance value, the inferior character suffers a single injury"; section "Ranged
Combat (Fernkampf)".
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.behind import Character, melee_odds, ranged_odds
from explorer.behind.data import load_decks
from explorer.behind.render_odds import plot_heatmap
from explorer.behind.sweeps import character_matrix, melee_grid, strength_resistance_sweep

DECKS = load_decks()
VAMPIRE = list(DECKS["vampire"].cards)
SISTERS = list(DECKS["schwesternbund"].cards)


def test_strength_resistance_sweep_has_one_row_per_strength_and_one_column_per_resistance():
    frame = strength_resistance_sweep(VAMPIRE, SISTERS, strengths=range(0, 7), resistances=range(1, 4))
    assert frame.shape == (7, 3)
    assert list(frame.index) == list(range(0, 7)) and list(frame.columns) == [1, 2, 3]
    assert frame.index.name == "attacker.strength" and frame.columns.name == "defender.resistance"
    assert frame.attrs["measure"] == "P(defender injured)"


def test_each_cell_is_the_exact_melee_odds():
    frame = strength_resistance_sweep(VAMPIRE, SISTERS, strengths=[3, 5], resistances=[2], defender_strength=1)
    expected = melee_odds(Character(name="A", strength=5, resistance=3), Character(name="D", strength=1, resistance=2),
                          attacker_supply=VAMPIRE, defender_supply=SISTERS)
    assert frame.loc[5, 2] == expected.p_injured("defender")


def test_more_strength_never_lowers_and_more_resistance_never_raises_p_defender_injured():
    frame = strength_resistance_sweep(VAMPIRE, SISTERS, strengths=range(0, 11), resistances=range(1, 7))
    values = frame.to_numpy()
    assert (np.diff(values, axis=0) >= 0).all()  # down the rows: more Strength
    assert (np.diff(values, axis=1) <= 0).all()  # across the columns: more Resistance
    assert ((values >= 0) & (values <= 1)).all()


@settings(max_examples=25, deadline=None)
@given(fates=st.lists(st.integers(1, 9), min_size=7, max_size=14), defender_strength=st.integers(0, 5),
       resistance=st.integers(1, 4), hand_size=st.integers(0, 3))
def test_more_strength_never_lowers_p_defender_injured_for_any_supply(fates, defender_strength, resistance,
                                                                      hand_size):
    frame = strength_resistance_sweep(fates, strengths=range(0, 8), resistances=[resistance],
                                      defender_strength=defender_strength, hand_size=hand_size)
    assert (np.diff(frame[resistance].to_numpy()) >= -1e-15).all()


def test_a_grid_can_vary_any_two_values_and_any_measure():
    ludwig = Character(name="Ludwig", strength=4, resistance=3)
    sahra = Character(name="Sahra", strength=1, resistance=2)
    frame = melee_grid(ludwig, sahra, ("attacker.injuries", [0, 1, 2]), ("defender.strength", [1, 3]),
                       measure="P(attacker injured)", attacker_supply=VAMPIRE, defender_supply=SISTERS)
    assert frame.shape == (3, 2) and frame.attrs["measure"] == "P(attacker injured)"
    assert (np.diff(frame.to_numpy(), axis=0) >= 0).all()  # Injuries: a weaker attacker is hurt more often
    expected = melee_odds(ludwig.with_injuries(2), Character(name="Sahra", strength=3, resistance=2),
                          attacker_supply=VAMPIRE, defender_supply=SISTERS).p_injured("attacker")
    assert frame.loc[2, 3] == expected
    with pytest.raises(ValueError):
        melee_grid(ludwig, sahra, ("attacker.speed", [1]), ("defender.strength", [1]), attacker_supply=VAMPIRE,
                   defender_supply=SISTERS)


def test_character_matrix_is_every_character_of_one_deck_against_the_other():
    vampires, sisters = DECKS["vampire"], DECKS["schwesternbund"]
    frame = character_matrix(vampires, sisters)
    assert frame.shape == (len(vampires.characters), len(sisters.characters))
    assert list(frame.index) == [c.name for c in vampires.characters]
    ludwig, sahra = vampires.characters[0], sisters.characters[0]
    assert frame.loc[ludwig.name, sahra.name] == melee_odds(ludwig, sahra, attacker_supply=VAMPIRE,
                                                            defender_supply=SISTERS).p_injured("defender")


def test_ranged_character_matrix_uses_dexterity_and_the_weapon():
    templars, werewolves = DECKS["tempelritter"], DECKS["werwoelfe"]
    frame = character_matrix(templars, werewolves, kind="ranged", weapon_fate=4)
    shooter, target = templars.characters[1], werewolves.characters[0]
    expected = ranged_odds(shooter, target, weapon_fate=4, shooter_supply=list(templars.cards),
                           target_supply=list(werewolves.cards))
    assert frame.attrs["measure"] == "P(target injured)"
    assert frame.loc[shooter.name, target.name] == expected.p_injured("target")


def test_heatmap_writes_every_cell_and_keeps_the_frame_order():
    frame = strength_resistance_sweep(VAMPIRE, SISTERS, strengths=range(0, 4), resistances=range(1, 3))
    ax = plot_heatmap(frame)
    image = ax.images[0]
    assert np.allclose(image.get_array(), frame.to_numpy())
    assert [t.get_text() for t in ax.texts] == [f"{v:.0%}" for v in frame.to_numpy().ravel()]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["0", "1", "2", "3"]
    assert ax.get_title() == "P(defender injured)"
