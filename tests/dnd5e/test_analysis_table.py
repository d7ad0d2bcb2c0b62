"""The opportunity-risk table as a lesson shows it (issue 11: the table ran off a 590 px output area,
its header cut to "P(k"): SRD 5.1 "Opportunity Attacks" -- the Ork's Zweihandaxt +5 against RK 18 when
the Kämpferin leaves its reach, the same case as tests/dnd5e/test_analysis.py."""

from __future__ import annotations

from fractions import Fraction

from explorer.dnd5e import refs
from explorer.dnd5e.analysis import opportunity_risk
from explorer.dnd5e.battlemap import BattleMap, Token
from explorer.dnd5e.creatures import load_creatures
from explorer.dnd5e.encounter import PROFILES

C = load_creatures()


def sq(i: int, j: int) -> tuple[Fraction, Fraction]:
    """The centre of square (i, j) on the 1.5 m grid."""
    return (Fraction(3, 4) + Fraction(3, 2) * i, Fraction(3, 4) + Fraction(3, 2) * j)


def _risk():
    m = BattleMap(30, 30, tokens=(Token("Kämpferin", C["kaempferin"], sq(1, 1), "helden"),
                                 Token("Ork", C["ork"], sq(2, 1), "feinde")))
    return opportunity_risk(m, "Kämpferin", [sq(0, 1), sq(0, 4)], profiles={"Ork": PROFILES["ork"]})


def test_the_shown_table_has_the_attack_in_one_column_and_the_rule_once_below():
    """SRD 5.1 "Opportunity Attacks": one melee attack; P(Treffer) 8/20, P(kritisch) 1/20 (a natural 20)."""
    risk = _risk()
    (attack,) = risk.attacks
    shown = risk.shown
    assert list(shown.columns) == ["Angreifer", "bei (Abschnitt)", "Angriff", "P(Treffer)", "P(kritisch)",
                                   "Schaden (erwartet)"]
    row = shown.iloc[0]
    assert row["Angriff"] == f"{attack.waffe} +5 gegen RK 18" and attack.waffe == "Zweihandaxt"
    assert (row["P(Treffer)"], row["P(kritisch)"]) == ("40,0 %", "5,0 %")
    assert row["bei (Abschnitt)"] == f"(2,25; 2,25) ({attack.leg + 1})"
    markup = risk._repr_html_()
    assert markup.count("Opportunity Attacks") == 1 and "Regel: SRD 5.1" in markup
    assert ">Regel<" not in markup  # no column repeating the rule in every row
    assert "4,125" in markup  # 33/8 expected damage, German decimals in the heading and the table
    assert risk.frame["Regel"][0] == str(refs.SRD_OPPORTUNITY_ATTACKS)  # the data keeps the full citation
