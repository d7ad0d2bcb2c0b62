"""Exact attack odds (Angriffswurf): hit, critical hit, miss and the damage distribution, against brute force."""

from dataclasses import FrozenInstanceError
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.dnd5e import refs
from explorer.dnd5e.dice import DamageDice
from explorer.dnd5e.odds import (ANGRIFFSWUERFE, SRD_ADVANTAGE, SRD_COVER, SRD_CRITICAL_HITS, SRD_ROLLING_1_OR_20,
                                 AttackOdds, Wurfmodus, attack_odds, d20_weights, turn_odds, wurfmodus)


# -- the rules, one by one ------------------------------------------------------------------------

def test_angriffswurf_trifft_bei_ergebnis_gleich_rk():
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE: "Wenn das Ergebnis des Wurfs plus Modifikatoren größer oder
    gleich der Rüstungsklasse (RK) des Ziels ist, trifft der Angriff" (attack roll: d20 + modifiers >= AC
    hits): +5 against RK 15 hits from a natural 10 (10 + 5 = 15), 11 of 20 rolls."""
    odds = attack_odds(5, 15, "1W8+3")
    assert odds.min_natural_to_hit == 10
    assert odds.p_treffer == Fraction(11, 20)
    assert (odds.p_hit, odds.p_crit, odds.p_miss) == (Fraction(10, 20), Fraction(1, 20), Fraction(9, 20))
    assert ANGRIFFSWUERFE is refs.ANGRIFFSWUERFE and str(ANGRIFFSWUERFE) in odds.reasons[0]


def test_natuerliche_20_trifft_immer_kritisch():
    """SRD 5.1, "Combat > Making an Attack > Attack Rolls > Rolling 1 or 20": a natural 20 "hits regardless of
    any modifiers or the target's AC. This is called a critical hit" -- even -5 against RK 40."""
    odds = attack_odds(-5, 40, "1W4")
    assert (odds.p_miss, odds.p_hit, odds.p_crit) == (Fraction(19, 20), 0, Fraction(1, 20))
    assert odds.min_natural_to_hit == 20


def test_natuerliche_1_verfehlt_immer():
    """SRD 5.1, "Rolling 1 or 20": "If the d20 roll for an attack is a 1, the attack misses regardless of any
    modifiers or the target's AC" -- even +30 against RK 1."""
    odds = attack_odds(30, 1, "1W4")
    assert odds.p_miss == Fraction(1, 20) and odds.min_natural_to_hit == 2
    assert attack_odds(30, 1, "1W4", mode="vorteil").p_miss == Fraction(1, 400)


def test_vorteil_hoeherer_nachteil_niedrigerer_von_zwei_w20():
    """SRD 5.1, "Using Ability Scores > Advantage and Disadvantage": roll a second d20, use the higher
    (Vorteil, advantage) or the lower (Nachteil, disadvantage): +5 against RK 15 hits with 1 - (9/20)^2 and
    (11/20)^2; dnd5e-combat-de-excerpt.txt, ANGRIFFSSTRUKTUR step 2 (the SL decides Vorteil or Nachteil)."""
    assert attack_odds(5, 15, "1W8", mode="vorteil").p_treffer == 1 - Fraction(9, 20) ** 2
    assert attack_odds(5, 15, "1W8", mode="Nachteil").p_treffer == Fraction(11, 20) ** 2
    assert attack_odds(5, 15, "1W8", mode="vorteil").p_crit == 1 - Fraction(19, 20) ** 2
    assert attack_odds(5, 15, "1W8", mode="nachteil").p_crit == Fraction(1, 400)
    assert attack_odds(5, 15, "1W8", mode="advantage").mode.mode == "vorteil"  # the English word too
    for mode in ("normal", "vorteil", "nachteil"):
        weights, denominator = d20_weights(mode)
        assert sum(weights) == denominator


def test_vorteil_und_nachteil_heben_sich_auf():
    """SRD 5.1, "Advantage and Disadvantage": "If circumstances cause a roll to have both advantage and
    disadvantage, you are considered to have neither of them ... even if multiple circumstances impose
    disadvantage and only one grants advantage" (Vorteil and Nachteil cancel, however many)."""
    mixed = wurfmodus(["Helfen"], ["Ziel weicht aus (Ausweichen)", "lange Reichweite"])
    assert mixed.mode == "normal" and mixed.vorteile == ("Helfen",) and len(mixed.nachteile) == 2
    assert "Helfen" in mixed.reason and "lange Reichweite" in mixed.reason and mixed.rule == SRD_ADVANTAGE
    assert "advantage" not in mixed.reason and "SRD" not in mixed.reason  # German words; the rule cited beside
    assert wurfmodus(["Helfen", "unsichtbar"], []).mode == "vorteil"
    assert wurfmodus([], ["liegend", "lange Reichweite"]).mode == "nachteil"
    assert wurfmodus().mode == "normal"
    assert attack_odds(5, 15, "1W8", mode=mixed).damage_distribution == attack_odds(5, 15, "1W8").damage_distribution
    assert attack_odds(5, 15, "1W8", mode=mixed).mode.reason == mixed.reason


@pytest.mark.parametrize("bad, field", [("Helfen", "vorteile"), ([""], "vorteile[0]"), ([3], "vorteile[0]"),
                                        (["x"] * 51, "vorteile")])
def test_wurfmodus_quellen_geprueft(bad, field):
    """SRD 5.1, "Advantage and Disadvantage": the sources are named circumstances, a list of texts."""
    with pytest.raises(InputError) as error:
        wurfmodus(bad, [])
    assert error.value.field == field


@pytest.mark.parametrize("cover, bonus", [("halb", 2), ("dreiviertel", 5), ("keine", 0), ("half", 2)])
def test_deckung_erhoeht_rk(cover, bonus):
    """SRD 5.1, "Combat > Cover": half cover +2 to AC, three-quarters cover +5; dnd5e-combat-de-excerpt.txt,
    ANGRIFFSSTRUKTUR step 2: "Der SL entscheidet, ob das Ziel von Deckung profitiert"."""
    covered = attack_odds(4, 14, "1W6+2", cover=cover, mode="vorteil")
    bare = attack_odds(4, 14 + bonus, "1W6+2", mode="vorteil")
    assert covered.effective_ac == 14 + bonus
    assert covered.damage_distribution == bare.damage_distribution and covered.p_crit == bare.p_crit
    if bonus:
        assert str(SRD_COVER) in covered.reasons[0]


def test_volle_deckung_kein_ziel():
    """SRD 5.1, "Combat > Cover": "A target with total cover can't be targeted directly by an attack" --
    refused with that rule (dnd5e-combat-de-excerpt.txt, ANGRIFFSSTRUKTUR step 1: choose a target)."""
    with pytest.raises(RuleViolation) as error:
        attack_odds(5, 15, "1W8", cover="voll")
    assert error.value.rule == SRD_COVER and "Volle Deckung" in str(error.value)


def test_kritischer_treffer_wuerfel_zweimal_modifikator_einmal():
    """SRD 5.1, "Combat > Damage and Healing > Critical Hits": roll all of the damage dice twice, then add the
    modifiers as normal: against RK 40 only the natural 20 hits, so the damage is 2W8+3 (max 19, never 22)."""
    odds = attack_odds(0, 40, "1W8+3")
    dist = odds.damage_distribution
    assert max(dist) == 19 and min(k for k in dist if k) == 5
    assert dist[19] == Fraction(1, 20) * Fraction(1, 64)
    assert odds.expected_damage == Fraction(1, 20) * (9 + 3)
    assert str(SRD_CRITICAL_HITS) in odds.reasons[-1]


def test_kritischer_bereich_ab_19():
    """SRD 5.1, "Rolling 1 or 20" with ruling dnd5e.crit-range: with crit_range=19 a natural 19 is a critical
    hit and hits regardless of AC, as the 20 does; a natural 1 still misses."""
    odds = attack_odds(0, 40, "1W6", crit_range=19)
    assert odds.p_crit == Fraction(2, 20) and odds.p_hit == 0
    assert attack_odds(30, 1, "1W6", crit_range=2).p_miss == Fraction(1, 20)
    assert any("dnd5e.crit-range" in line for line in odds.reasons)


def test_schaden_nie_negativ_im_angriff():
    """SRD 5.1, "Damage and Healing > Damage Rolls": "never negative damage": a hit with 1W4-3 may deal 0."""
    odds = attack_odds(10, 10, "1W4-3")
    assert min(odds.damage_distribution) == 0
    assert odds.damage_distribution[0] == odds.p_miss + odds.p_hit * Fraction(3, 4) + odds.p_crit * Fraction(3, 16)  # 2W4 of 2 or 3


# -- against brute force --------------------------------------------------------------------------

def _brute(bonus, ac, damage, mode, cover_bonus=0, crit_range=20):
    """Every d20 (two for Vorteil / Nachteil) and every roll of the damage dice, counted independently of
    the module: a natural 1 misses, a natural >= crit_range is critical (the dice twice), else d20 + bonus
    >= AC + cover hits."""
    d = DamageDice.parse(damage)
    faces = [s for c, s in d.terms for _ in range(c)]
    d20s = [(r,) for r in range(1, 21)] if mode == "normal" else list(product(range(1, 21), repeat=2))
    out: dict[int, Fraction] = {}
    outcome = {"miss": Fraction(0), "hit": Fraction(0), "crit": Fraction(0)}
    for pair in d20s:
        natural = pair[0] if mode == "normal" else (max(pair) if mode == "vorteil" else min(pair))
        p = Fraction(1, len(d20s))
        kind = ("miss" if natural == 1 else "crit" if natural >= crit_range
                else "hit" if natural + bonus >= ac + cover_bonus else "miss")
        outcome[kind] += p
        if kind == "miss":
            out[0] = out.get(0, 0) + p
            continue
        rolled = faces * (2 if kind == "crit" else 1)
        rolls = list(product(*[range(1, s + 1) for s in rolled]))
        for roll in rolls:
            dealt = max(0, sum(roll) + d.modifier)
            out[dealt] = out.get(dealt, 0) + p / len(rolls)
    return outcome, out


@pytest.mark.parametrize("bonus, ac, damage, mode, cover, crit_range", [
    (5, 15, "1W8+3", "normal", "keine", 20),
    (5, 15, "1W8+3", "vorteil", "halb", 20),
    (3, 18, "1W6+1", "nachteil", "dreiviertel", 20),
    (7, 12, "2W4-1", "vorteil", "keine", 19),
    (-2, 25, "1W4-3", "nachteil", "halb", 18),
    (12, 5, "1W6+1W4+2", "normal", "keine", 20),
])
def test_exakt_gegen_alle_wuerfe(bonus, ac, damage, mode, cover, crit_range):
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE, with SRD 5.1 "Rolling 1 or 20", "Advantage and
    Disadvantage", "Cover" and "Critical Hits": the exact odds equal the count over every d20 (x2) and every
    damage roll."""
    cover_bonus = {"keine": 0, "halb": 2, "dreiviertel": 5}[cover]
    outcome, dist = _brute(bonus, ac, damage, mode, cover_bonus, crit_range)
    odds = attack_odds(bonus, ac, damage, mode=mode, cover=cover, crit_range=crit_range)
    assert (odds.p_miss, odds.p_hit, odds.p_crit) == (outcome["miss"], outcome["hit"], outcome["crit"])
    assert odds.damage_distribution == {k: v for k, v in dist.items() if v}
    assert odds.expected_damage == sum(k * v for k, v in dist.items())


# -- invariants -----------------------------------------------------------------------------------

ATTACKS = st.fixed_dictionaries({
    "attack_bonus": st.integers(-20, 30), "ac": st.integers(1, 40),
    "damage": st.builds(lambda c, s, m: DamageDice(((c, s),), m), st.integers(1, 3),
                        st.sampled_from([4, 6, 8, 10, 12]), st.integers(-5, 8)),
    "cover": st.sampled_from(["keine", "halb", "dreiviertel"]), "crit_range": st.integers(18, 20)})


@settings(max_examples=80, deadline=None)
@given(ATTACKS)
def test_invarianten(attack):
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE and SRD 5.1 "Advantage and Disadvantage": for any attack the
    three outcomes sum to 1, the damage distribution has mass 1, and the hit chance with Vorteil >= normal >=
    with Nachteil; the expected damage is P(hit) E[dice] + P(crit) E[critical dice]."""
    results = {mode: attack_odds(**attack, mode=mode) for mode in ("vorteil", "normal", "nachteil")}
    for odds in results.values():
        assert odds.p_miss + odds.p_hit + odds.p_crit == 1
        assert sum(odds.damage_distribution.values()) == 1 and min(odds.damage_distribution) >= 0
        d = odds.damage
        assert odds.expected_damage == odds.p_hit * d.mean + odds.p_crit * d.critical().mean
        assert abs(float(odds.frame["probability"].sum()) - 1) < 1e-9
    assert results["vorteil"].p_treffer >= results["normal"].p_treffer >= results["nachteil"].p_treffer
    assert results["vorteil"].expected_damage >= results["normal"].expected_damage >= results["nachteil"].expected_damage


# -- a turn's attacks -----------------------------------------------------------------------------

def test_zug_mit_zwei_angriffen_gegen_alle_wuerfe():
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE (each attack its own roll): the total damage of two attacks
    is the convolution of their distributions, checked against every joint roll; the expected total is the
    sum; the number of hits is counted too."""
    first = attack_odds(5, 15, "1W6+3", mode="vorteil", cover="halb", name="Kurzschwert")
    second = {"attack_bonus": 5, "ac": 15, "damage": "1W4+3", "name": "Dolch"}
    turn = turn_odds([first, second])
    _, d1 = _brute(5, 15, "1W6+3", "vorteil", 2)
    _, d2 = _brute(5, 15, "1W4+3", "normal")
    joint: dict[int, Fraction] = {}
    for (a, p), (b, q) in product(d1.items(), d2.items()):
        joint[a + b] = joint.get(a + b, 0) + p * q
    assert turn.damage_distribution == {k: v for k, v in joint.items() if v}
    assert turn.expected_damage == first.expected_damage + attack_odds(**second).expected_damage
    assert sum(turn.hits_distribution.values()) == 1
    assert turn.p_no_hit == first.p_miss * attack_odds(**second).p_miss
    assert turn.hits_distribution[2] == first.p_treffer * attack_odds(**second).p_treffer
    assert list(turn.attacks_frame["attack"]) == ["Kurzschwert", "Dolch"]
    assert "Angriffe" in turn._repr_html_()


@pytest.mark.parametrize("bad, field", [([], "attacks"), ("x", "attacks"), ([3], "attacks[0]"),
                                        ([{"attack_bonus": 5, "ac": 15}], "attacks[0]"),
                                        ([{"attack_bonus": 5, "ac": 15, "damage": "1W6", "vorteil": 1}], "attacks[0]"),
                                        ([{"attack_bonus": 5, "ac": 15, "damage": "1W6"}] * 9, "attacks"),
                                        ([{"attack_bonus": 5, "ac": 15, "damage": "20W100"}] * 2, "attacks")])
def test_zug_argumente_geprueft(bad, field):
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE: a turn's attacks are 1..8 attacks, each checked, whose exact
    convolution stays bounded (two critical 40W100 damage ranges are refused, not computed for minutes)."""
    with pytest.raises(InputError) as error:
        turn_odds(bad)
    assert error.value.field == field


# -- arguments, frames, display -------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, field", [
    ({"attack_bonus": 31}, "attack_bonus"), ({"attack_bonus": -21}, "attack_bonus"),
    ({"attack_bonus": 1.5}, "attack_bonus"), ({"attack_bonus": True}, "attack_bonus"),
    ({"attack_bonus": "5"}, "attack_bonus"), ({"ac": 0}, "ac"), ({"ac": 41}, "ac"), ({"ac": None}, "ac"),
    ({"damage": "1W"}, "damage"), ({"damage": 8}, "damage"), ({"mode": "doppelt"}, "mode"), ({"mode": None}, "mode"),
    ({"cover": "viertel"}, "cover"), ({"cover": 2}, "cover"), ({"crit_range": 1}, "crit_range"),
    ({"crit_range": 21}, "crit_range"), ({"name": 5}, "name"),
])
def test_argumente_geprueft(kwargs, field):
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE (W20 + Modifikatoren gegen RK): every argument is checked,
    the error naming it, the value and what was expected (bonus -20..+30, RK 1..40)."""
    args = {"attack_bonus": 5, "ac": 15, "damage": "1W8+3", **kwargs}
    with pytest.raises(InputError) as error:
        attack_odds(args.pop("attack_bonus"), args.pop("ac"), args.pop("damage"), **args)
    assert error.value.field == field and error.value.expected


def test_ergebnis_unveraenderlich_und_tabellen():
    """dnd5e-combat-de-excerpt.txt, ANGRIFFSWÜRFE: the result is immutable, its tables show the three outcomes
    with the natural rolls giving each, and the damage distribution; the HTML names RK and the rule."""
    odds = attack_odds(5, 15, "1W8+3", mode="vorteil", cover="halb", name="Langbogen")
    with pytest.raises(FrozenInstanceError):
        odds.p_miss = Fraction(0)
    odds.damage_distribution[0] = Fraction(1)
    assert odds.damage_distribution[0] == odds.p_miss
    frame = odds.outcome_frame
    assert list(frame["outcome"]) == ["Fehlschlag", "Treffer", "kritischer Treffer"]
    assert list(frame["naturals"]) == ["1-11", "12-19", "20"]
    assert list(frame["exact"]) == [odds.p_miss, odds.p_hit, odds.p_crit]
    assert list(odds.frame.columns) == ["damage", "exact", "probability"]
    assert sum(odds.frame["exact"]) == 1
    page = odds._repr_html_()
    assert "RK 15" in page and "ANGRIFFSWÜRFE" in page and "Langbogen" in page
    assert isinstance(odds, AttackOdds) and "p_crit=39/400" in repr(odds)
    assert isinstance(odds.mode, Wurfmodus)
    assert odds.mode.mode == "vorteil" and odds.mode.word == "Vorteil"  # the id for code, the noun for readers
    assert odds.reasons[1].startswith("Wurfmodus Vorteil: ")
    assert str(SRD_ROLLING_1_OR_20) in odds.reasons[2]
