"""Damage dice (Schadenswürfel): parsing, bounds, exact distributions, icepool agreement."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.inputs import InputError
from explorer.dnd5e.dice import DamageDice, dice, icepool_counts, plain_counts


@pytest.mark.parametrize("text, terms, modifier", [
    ("1W8+3", ((1, 8),), 3), ("2W6", ((2, 6),), 0), ("1d4-1", ((1, 4),), -1), ("W6", ((1, 6),), 0),
    (" 3 w 4 + 2 ", ((3, 4),), 2), ("1W8+2W6+3", ((1, 8), (2, 6)), 3), ("1W6+1W6", ((2, 6),), 0),
    ("1D12+1+1", ((1, 12),), 2),
])
def test_schadenswuerfel_lesen(text, terms, modifier):
    """German "W" (Würfel) and English "d" both read (dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE writes the
    die as "W20"); SRD 5.1 "Damage and Healing > Damage Rolls": the damage die or dice plus modifiers."""
    parsed = DamageDice.parse(text)
    assert (parsed.terms, parsed.modifier) == (terms, modifier)
    assert DamageDice.parse(str(parsed)) == parsed
    assert eval(repr(parsed)) == parsed  # noqa: S307 -- repr rebuilds it


@pytest.mark.parametrize("bad", ["", "3", "1W8-1W6", "-1W8", "21W6", "11W6+10W8", "1W1", "1W101", "1W8+31",
                                 "1W8-31", "x", "1W8++3", "1W8 3", "1W8+3" * 20, None, 8, 1.5, ["1W8"]])
def test_schadenswuerfel_ungueltig(bad):
    """SRD 5.1 "Damage Rolls": a damage roll is dice plus modifiers; anything else, or beyond the bounds
    (20 dice, 2..100 sides, modifier -30..+30), is refused naming the argument and the form expected."""
    with pytest.raises(InputError) as error:
        dice(bad, "damage")
    assert error.value.field == "damage" and "1W8+3" in error.value.expected


def test_schadenswuerfel_direkt_gebaut_geprueft():
    """SRD 5.1 "Damage Rolls": DamageDice built by hand gets the same checks as parsed text."""
    with pytest.raises(InputError, match="count"):
        DamageDice(((0, 6),))
    with pytest.raises(InputError, match="pair"):
        DamageDice(((True, 6),))
    with pytest.raises(InputError, match="modifier"):
        DamageDice(((1, 6),), 2.5)


def test_schaden_nie_negativ():
    """SRD 5.1 "Damage and Healing > Damage Rolls": "With a penalty, it is possible to deal 0 damage, but
    never negative damage": 1W4-3 deals 0 on 1, 2 and 3."""
    assert DamageDice.parse("1W4-3").distribution() == {0: Fraction(3, 4), 1: Fraction(1, 4)}


def test_kritischer_treffer_verdoppelt_wuerfel_nicht_modifikator():
    """SRD 5.1 "Damage and Healing > Critical Hits": "Roll all of the attack's damage dice twice ... Then add
    any relevant modifiers as normal" -- the dagger example: 2d4 instead of 1d4, plus the modifier."""
    assert str(DamageDice.parse("1W4+2").critical()) == "2W4+2"
    assert str(DamageDice.parse("1W6+2W6+3").critical()) == "6W6+3"
    assert DamageDice.parse("1W4+2").critical().mean == 7


def _brute(d: DamageDice) -> dict[int, Fraction]:
    faces = [range(1, s + 1) for c, s in d.terms for _ in range(c)]
    rolls = list(product(*faces))
    out: dict[int, Fraction] = {}
    for roll in rolls:
        damage = max(0, sum(roll) + d.modifier)
        out[damage] = out.get(damage, 0) + Fraction(1, len(rolls))
    return out


@pytest.mark.parametrize("text", ["1W8+3", "2W6", "1W4-3", "1W12", "1W8+2W6+1", "3W4-5", "1W10+1W6"])
def test_verteilung_gegen_alle_wuerfe(text):
    """SRD 5.1 "Damage Rolls": the exact distribution equals the count over every roll of the dice."""
    d = DamageDice.parse(text)
    assert d.distribution() == _brute(d)
    assert d.mean == sum(k * p for k, p in _brute(d).items())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20])), min_size=1, max_size=3),
       st.integers(-30, 30))
def test_icepool_und_eigene_faltung_gleich(terms, modifier):
    """SRD 5.1 "Damage Rolls": icepool's sums of dice and this module's integer convolution give the same
    distribution (mass 1, floored at 0) for any expression."""
    d = DamageDice(tuple(terms), modifier)
    mine, mine_den = plain_counts(d.terms, d.modifier)
    theirs, theirs_den = icepool_counts(d.terms, d.modifier)
    assert {k: Fraction(v, mine_den) for k, v in mine.items()} == {k: Fraction(v, theirs_den) for k, v in theirs.items()}
    assert sum(mine.values()) == mine_den and min(mine) >= 0
    assert d.minimum == min(mine) and d.maximum == max(mine)


@pytest.mark.parametrize("text", ["20W100+30", "20W6-30", "10W20+10W4"])
def test_grosse_ausdruecke_wie_icepool(text):
    """SRD 5.1 "Damage and Healing > Critical Hits" (all the dice twice, so up to 40 dice): the largest
    expressions allowed, and their critical dice, agree with icepool and keep mass 1."""
    for d in (DamageDice.parse(text), DamageDice.parse(text).critical()):
        mine, mine_den = plain_counts(d.terms, d.modifier)
        theirs, theirs_den = icepool_counts(d.terms, d.modifier)
        assert mine_den == theirs_den and mine == theirs and sum(mine.values()) == mine_den
