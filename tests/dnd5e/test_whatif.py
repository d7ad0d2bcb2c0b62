"""What-if studies (Helfen, Ausweichen, Deckung, Rückzug): exact figures against hand-computed values and
against brute force over every d20 and damage die, the frames' invariants, the inputs, and one plot each."""

import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from explorer.core.inputs import InputError
from explorer.dnd5e import refs
from explorer.dnd5e.whatif import ausweichen, deckung_study, helfen_vs_allein, rueckzug_vs_provozieren

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "dnd5e"


# -- brute force: every d20 and every damage die, counted -------------------------------------------

def _one_attack(bonus, ac, sides, modifier, mode):
    """Every equally likely (damage, hit, crit) of one attack of 1W<sides>+modifier: the d20 (two for
    Vorteil / Nachteil) and two damage dice always rolled, the second counted on a critical hit only."""
    d20s = [(r,) for r in range(1, 21)] if mode == "normal" else list(product(range(1, 21), repeat=2))
    out = []
    for rolls in d20s:
        natural = rolls[0] if mode == "normal" else (max(rolls) if mode == "vorteil" else min(rolls))
        crit = natural == 20
        hit = natural != 1 and (crit or natural + bonus >= ac)
        for first, second in product(range(1, sides + 1), repeat=2):
            damage = max(0, first + (second if crit else 0) + modifier) if hit else 0
            out.append((damage, hit, crit))
    return out


def _brute(attacks, hp):
    """Exact figures of independent attacks: every combination of their enumerated outcomes, each
    attack's equal outcomes counted once with their number (so that two attacks at Vorteil take
    thousands of steps, not millions)."""
    tables = [Counter(_one_attack(*a)) for a in attacks]
    total = any_hit = any_crit = dropped = damage_sum = 0
    for combo in product(*(t.items() for t in tables)):
        weight = 1
        for _, count in combo:
            weight *= count
        outcomes = [c for c, _ in combo]
        damage = sum(c[0] for c in outcomes)
        total += weight
        damage_sum += weight * damage
        any_hit += weight * any(c[1] for c in outcomes)
        any_crit += weight * any(c[2] for c in outcomes)
        dropped += weight * (damage >= hp)
    return {"P(mind. ein Treffer)": Fraction(any_hit, total), "P(kritischer Treffer)": Fraction(any_crit, total),
            "Schaden erwartet": Fraction(damage_sum, total), "P(0 TP)": Fraction(dropped, total)}


def _row(study, **where):
    frame = study.frame
    for column, value in where.items():
        frame = frame[frame[column] == value]
    assert len(frame) == 1, where
    return frame.iloc[0]


def _figures(row):
    return {k: row[k] for k in ("P(mind. ein Treffer)", "P(kritischer Treffer)", "Schaden erwartet", "P(0 TP)")}


A = {"name": "A", "bonus": 5, "schaden": "1W4+1"}
B = {"name": "B", "bonus": 2, "schaden": "1W4"}


# -- 1. Helfen -------------------------------------------------------------------------------------

def test_helfen_vorteil_hand_computed():
    """dnd5e-combat-de-excerpt.txt, "HELFEN": "Hierdurch ist der nächste Angriffswurf gegen das Ziel, den einer
    deiner Verbündeten vor deinem nächsten Zug macht, im Vorteil"; SRD 5.1 "Advantage and Disadvantage". +5
    against RK 16 needs a natural 11: with Vorteil P(Treffer) = 1 - (10/20)^2 = 3/4, P(kritisch) =
    1 - (19/20)^2 = 39/400; 1W8+3 deals 7.5 on a hit, 2W8+3 = 12 on a critical hit."""
    study = helfen_vs_allein("kaempferin", "ork", rks=[16])
    helped = _row(study, Option="Helfen")
    assert helped["P(mind. ein Treffer)"] == Fraction(3, 4)
    assert helped["P(kritischer Treffer)"] == Fraction(39, 400)
    assert helped["Schaden erwartet"] == (Fraction(3, 4) - Fraction(39, 400)) * Fraction(15, 2) + Fraction(39, 400) * 12
    assert helped["Wurfmodus 1. Angriff"] == "vorteil" and helped["Angriffswürfe"] == 1
    both = _row(study, Option="beide greifen an")
    assert both["Schaden erwartet"] == 2 * ((Fraction(10, 20) - Fraction(1, 20)) * Fraction(15, 2) + Fraction(1, 20) * 12)
    assert refs.HELFEN in study.rules


def test_helfen_gleiche_verbuendete_gleiche_trefferchance_weniger_schaden():
    """dnd5e-combat-de-excerpt.txt, "HELFEN" (the helper spends his action, so his own attack is given up):
    for two equal allies "at least one hit" is the same -- two d20s, one must hit, either way -- but
    Helfen rolls one damage die set instead of two, so it deals less at every RK."""
    study = helfen_vs_allein("kaempferin", "ork")
    for rk in range(10, 21):
        helped, both = _row(study, RK=rk, Option="Helfen"), _row(study, RK=rk, Option="beide greifen an")
        assert helped["P(mind. ein Treffer)"] == both["P(mind. ein Treffer)"]
        assert helped["Schaden erwartet"] < both["Schaden erwartet"]
    assert any("dieselbe" in note for note in study.notes)


@pytest.mark.parametrize("rk", [7, 12, 19])
def test_helfen_gegen_brute_force(rk):
    """dnd5e-combat-de-excerpt.txt, "HELFEN" and "ANGRIFFSWÜRFE"; SRD 5.1 "Rolling 1 or 20" and "Critical
    Hits": a weak helper B (+2, 1W4) attacks too or helps A (+5, 1W4+1) -- every d20 and damage die
    enumerated, against a target of 5 hit points."""
    study = helfen_vs_allein(A, {"name": "Z", "rk": 10, "tp": 5}, helfer=B, rks=[rk])
    assert _figures(_row(study, Option="beide greifen an")) == _brute([(2, rk, 4, 0, "normal"),
                                                                      (5, rk, 4, 1, "normal")], 5)
    assert _figures(_row(study, Option="Helfen")) == _brute([(5, rk, 4, 1, "vorteil")], 5)


def test_helfen_nur_der_naechste_angriff_und_nachteil_hebt_auf():
    """dnd5e-combat-de-excerpt.txt, "HELFEN" ("der nächste Angriffswurf"): with two attacks only the first has
    Vorteil; SRD 5.1 "Advantage and Disadvantage": a Nachteil the attacker already has cancels Helfen's
    Vorteil -- then helping gains nothing and loses the helper's attack."""
    two = helfen_vs_allein(A, {"rk": 10, "tp": 6}, helfer=B, rks=[12], angriffe=2)
    assert _figures(_row(two, Option="Helfen")) == _brute([(5, 12, 4, 1, "vorteil"), (5, 12, 4, 1, "normal")], 6)
    cancelled = helfen_vs_allein(A, {"rk": 10, "tp": 6}, rks=[12], nachteile=["lange Reichweite"])
    helped = _row(cancelled, Option="Helfen")
    assert helped["Wurfmodus 1. Angriff"] == "normal"
    assert _figures(helped) == _brute([(5, 12, 4, 1, "normal")], 6)
    # the helper's own attack (A again) is plain; the attacker's has the Nachteil
    assert _figures(_row(cancelled, Option="beide greifen an")) == _brute([(5, 12, 4, 1, "normal"),
                                                                          (5, 12, 4, 1, "nachteil")], 6)


# -- 2. Ausweichen ---------------------------------------------------------------------------------

def test_ausweichen_nachteil_hand_computed():
    """dnd5e-combat-de-excerpt.txt, "AUSWEICHEN": "Bis zum Beginn deines nächsten Zuges ist jeder Angriffswurf
    gegen dich im Nachteil, sofern du den Angreifer sehen kannst." The Ork (+5) needs a natural 13 against
    the Kämpferin's RK 18: 8/20 normally, (8/20)^2 = 4/25 at Nachteil; a critical hit 1/20 -> 1/400."""
    study = ausweichen("kaempferin", ["ork"])
    plain, dodging = _row(study, Option="ohne Ausweichen"), _row(study, Option="mit Ausweichen")
    assert plain["P(mind. ein Treffer)"] == Fraction(8, 20) and dodging["P(mind. ein Treffer)"] == Fraction(4, 25)
    assert plain["P(kritischer Treffer)"] == Fraction(1, 20) and dodging["P(kritischer Treffer)"] == Fraction(1, 400)
    assert dodging["Wurfmodi"] == "nachteil"
    assert refs.AUSWEICHEN in study.rules


def test_ausweichen_gegen_brute_force():
    """dnd5e-combat-de-excerpt.txt, "AUSWEICHEN" and "ANGRIFFSWÜRFE": one attacker (+5, 1W4+1) against RK 13
    and 4 hit points, every d20 pair and damage die enumerated, with and without Nachteil."""
    study = ausweichen({"name": "V", "rk": 13, "tp": 4}, [A])
    assert _figures(_row(study, Option="ohne Ausweichen")) == _brute([(5, 13, 4, 1, "normal")], 4)
    assert _figures(_row(study, Option="mit Ausweichen")) == _brute([(5, 13, 4, 1, "nachteil")], 4)


def test_ausweichen_zwei_angreifer_d20_brute_force():
    """dnd5e-combat-de-excerpt.txt, "AUSWEICHEN" ("jeder Angriffswurf gegen dich"): both attackers roll at
    Nachteil; P(at least one hit) counted over all 20^4 natural rolls of the four d20s."""
    study = ausweichen({"name": "V", "rk": 14, "tp": 9}, [A, B])
    hits = sum(1 for a1, a2, b1, b2 in product(range(1, 21), repeat=4)
               if (min(a1, a2) == 20 or (min(a1, a2) > 1 and min(a1, a2) + 5 >= 14))
               or (min(b1, b2) == 20 or (min(b1, b2) > 1 and min(b1, b2) + 2 >= 14)))
    assert _row(study, Option="mit Ausweichen")["P(mind. ein Treffer)"] == Fraction(hits, 20 ** 4)


def test_ausweichen_nur_gegen_gesehene_angreifer():
    """dnd5e-combat-de-excerpt.txt, "AUSWEICHEN" ("sofern du den Angreifer sehen kannst"); SRD 5.1 "Unseen
    Attackers and Targets": an attacker the dodger cannot see has Vorteil and no Nachteil from the dodge --
    dodging changes nothing against it."""
    study = ausweichen({"name": "V", "rk": 13, "tp": 4}, [A], unsichtbar=["A"])
    plain, dodging = _row(study, Option="ohne Ausweichen"), _row(study, Option="mit Ausweichen")
    assert _figures(plain) == _figures(dodging) == _brute([(5, 13, 4, 1, "vorteil")], 4)


def test_ausweichen_schadenskurve_invarianten():
    """dnd5e-combat-de-excerpt.txt, "AUSWEICHEN": the curves P(Schaden >= x) start at 1, never rise, stay
    in [0, 1], the dodge's curve lies under the other, and P(0 TP) is the curve at x = TP."""
    study = ausweichen("kaempferin", ["ork", "goblin", "goblin"])
    assert study.hit_points == 12
    curves = {o: dict(zip(g["Schaden"], g["P(Schaden >= x)"])) for o, g in study.extra.groupby("Option")}
    for option, curve in curves.items():
        values = [curve[x] for x in sorted(curve)]
        assert values[0] == 1 and all(0 <= v <= 1 for v in values)
        assert all(a >= b for a, b in zip(values, values[1:]))
        assert curve[12] == _row(study, Option=option)["P(0 TP)"]
    assert all(curves["mit Ausweichen"].get(x, 0) <= p for x, p in curves["ohne Ausweichen"].items())


# -- 3. Deckung ------------------------------------------------------------------------------------

def test_deckung_hand_computed():
    """SRD 5.1, "Combat > Cover": half cover +2 AC, three-quarters cover +5 AC; "Rolling 1 or 20": a natural
    20 still hits. +5 against RK 15 hits on 10+ (11/20), behind halbe Deckung on 12+ (9/20), behind
    Dreivierteldeckung on 15+ (6/20); the critical chance stays 1/20."""
    study = deckung_study(rk=15, schaden="1W8+3", boni=[5, 0])
    expected = {"keine Deckung": Fraction(11, 20), "halbe Deckung (+2)": Fraction(9, 20),
                "Dreivierteldeckung (+5)": Fraction(6, 20)}
    for degree, p in expected.items():
        row = _row(study, Angriffsbonus=5, Deckung=degree)
        assert row["P(Treffer)"] == p and row["P(kritischer Treffer)"] == Fraction(1, 20)
    assert _row(study, Angriffsbonus=0, Deckung="Dreivierteldeckung (+5)")["P(Treffer)"] == Fraction(1, 20)
    assert list(_row(study, Angriffsbonus=0, Deckung=d)["RK effektiv"] for d in expected) == [15, 17, 20]
    assert refs.SRD_COVER in study.rules


@pytest.mark.parametrize("mode", ["normal", "vorteil", "nachteil"])
def test_deckung_gegen_brute_force(mode):
    """SRD 5.1, "Combat > Cover" and "Advantage and Disadvantage"; dnd5e-combat-de-excerpt.txt,
    "ANGRIFFSSTRUKTUR" step 2 (the SL decides the cover): every d20 and damage die of 1W4+1 at +3 against
    RK 12 + 0 / 2 / 5."""
    study = deckung_study(rk=12, schaden="1W4+1", boni=[3], mode=mode)
    for degree, extra in (("keine Deckung", 0), ("halbe Deckung (+2)", 2), ("Dreivierteldeckung (+5)", 5)):
        row = _row(study, Deckung=degree)
        brute = _brute([(3, 12 + extra, 4, 1, mode)], 1)
        assert row["P(Treffer)"] == brute["P(mind. ein Treffer)"]
        assert row["Schaden erwartet"] == brute["Schaden erwartet"]


def test_deckung_frame_invarianten():
    """SRD 5.1, "Combat > Cover": each row's Fehlschlag + Treffer is 1, every chance in [0, 1], the percent
    column is the chance times 100, and more cover never raises the hit chance."""
    study = deckung_study()
    frame = study.frame
    assert all(frame["P(Fehlschlag)"] + frame["P(Treffer)"] == 1)
    for column in ("P(Fehlschlag)", "P(Treffer)", "P(kritischer Treffer)"):
        assert all(isinstance(v, Fraction) and 0 <= v <= 1 for v in frame[column])
        assert list(frame[column + " %"]) == pytest.approx([float(v) * 100 for v in frame[column]])
    for _, rows in frame.groupby("Angriffsbonus"):
        hits = list(rows["P(Treffer)"])
        assert hits == sorted(hits, reverse=True)


# -- 4. Rückzug ------------------------------------------------------------------------------------

def test_rueckzug_hand_computed():
    """dnd5e-combat-de-excerpt.txt, "RÜCKZUG": "löst deine Bewegung in diesem Zug keine Gelegenheitsangriffe
    aus"; "SICH UM ANDERE KREATUREN HERUM BEWEGEN": leaving an enemy's reach provokes one; SRD 5.1
    "Opportunity Attacks". The Kämpferin (RK 18) leaves the Ork (+5, 1W12+3: 8/20) and a Goblin (+4,
    1W6+2: 7/20): P(at least one hit) = 1 - 12/20 * 13/20 = 61/100, expected 4.125 + 2.1 damage taken."""
    study = rueckzug_vs_provozieren("kaempferin", ["ork", "goblin"])
    away, attack, dash = (_row(study, Option=o) for o in ("Rückzug", "Angriff, dann weg", "Spurt, provozieren"))
    assert away["Gelegenheitsangriffe"] == 0 and away["Schaden erwartet erlitten"] == 0 and away["P(0 TP)"] == 0
    assert away["Schaden erwartet verursacht"] == 0
    assert attack["P(mind. ein Treffer)"] == Fraction(61, 100) == dash["P(mind. ein Treffer)"]
    assert attack["Schaden erwartet erlitten"] == Fraction(33, 8) + Fraction(21, 10)
    # her Langschwert (+5, 1W8+3) against the Ork's RK 13: 12/20 hit for 7.5, 1/20 critical for 12
    assert attack["Schaden erwartet verursacht"] == Fraction(12, 20) * Fraction(15, 2) + Fraction(1, 20) * 12
    assert attack["Differenz"] == attack["Schaden erwartet verursacht"] - attack["Schaden erwartet erlitten"]
    assert (away["Bewegung (m)"], dash["Bewegung (m)"]) == (9, 18)
    assert refs.RUECKZUG in study.rules and refs.SRD_OPPORTUNITY_ATTACKS in study.rules


def test_rueckzug_gegen_brute_force():
    """SRD 5.1, "Combat > Making an Attack > Opportunity Attacks" (one melee attack with the reaction);
    dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE": two foes' opportunity attacks against RK 12 and 6 hit
    points, every d20 and damage die enumerated; without reactions nothing is taken."""
    fleeing = {"name": "F", "rk": 12, "tp": 6, "bonus": 4, "schaden": "1W6+2"}
    study = rueckzug_vs_provozieren(fleeing, [A, B], ziel_rk=11)
    row = _row(study, Option="Spurt, provozieren")
    assert {k: row[k] for k in ("P(mind. ein Treffer)", "P(0 TP)")} == {
        k: v for k, v in _brute([(5, 12, 4, 1, "normal"), (2, 12, 4, 0, "normal")], 6).items()
        if k in ("P(mind. ein Treffer)", "P(0 TP)")}
    assert row["Schaden erwartet erlitten"] == _brute([(5, 12, 4, 1, "normal"), (2, 12, 4, 0, "normal")], 6)[
        "Schaden erwartet"]
    none = rueckzug_vs_provozieren(fleeing, [A, B], ziel_rk=11, reaktion=False)
    assert set(none.frame["Gelegenheitsangriffe"]) == {0}


# -- every study: inputs, HTML, the pure module ----------------------------------------------------

@pytest.mark.parametrize("call, field", [
    (lambda: helfen_vs_allein("drache", "ork"), "attacker"),
    (lambda: helfen_vs_allein(A, {"rk": 10}), "target"),
    (lambda: helfen_vs_allein(A, "ork", rks=[10, "elf"]), "rks[1]"),
    (lambda: helfen_vs_allein(A, "ork", rks=[]), "rks"),
    (lambda: helfen_vs_allein(A, "ork", angriffe=0), "angriffe"),
    (lambda: helfen_vs_allein({"bonus": 99, "schaden": "1W4"}, "ork"), "attacker.bonus"),
    (lambda: helfen_vs_allein({"bonus": 1, "schaden": "1X4"}, "ork"), "attacker.schaden"),
    (lambda: ausweichen("ork", []), "attackers"),
    (lambda: ausweichen("ork", "goblin"), "attackers"),
    (lambda: ausweichen("ork", ["goblin"], unsichtbar=["Elf"]), "unsichtbar"),
    (lambda: ausweichen("ork", ["goblin"], tp=0), "tp"),
    (lambda: deckung_study(mode="doppelt"), "mode"),
    (lambda: deckung_study(rk=38), "rk"),
    (lambda: deckung_study(boni=range(-20, 30)), "boni"),
    (lambda: rueckzug_vs_provozieren("kaempferin", []), "gegner"),
    (lambda: rueckzug_vs_provozieren("kaempferin", [A]), "ziel_rk"),
    (lambda: rueckzug_vs_provozieren("kaempferin", ["ork"], reaktion="ja"), "reaktion"),
])
def test_falsche_eingaben_nennen_das_feld(call, field):
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE" (what a study needs: bonus, RK, damage): a wrong input is
    an InputError naming the field, before any odds are computed."""
    with pytest.raises(InputError) as caught:
        call()
    assert caught.value.field == field


def test_html_zeigt_prozent_und_regeln():
    """dnd5e-combat-de-excerpt.txt, "HELFEN": the result shows itself in Jupyter with its cited rules and the
    chances in percent (the exact Fractions stay in the frame)."""
    study = helfen_vs_allein("kaempferin", "ork", rks=[16])
    page = study._repr_html_()
    assert "HELFEN" in page and "75,0 %" in page and "3/4" not in page and "75.0" not in page  # German numbers
    assert page.count("HELFEN") == 1  # the rules cited once, below the table
    assert isinstance(study.frame["P(mind. ein Treffer)"].iloc[1], Fraction)


def test_studien_laden_kein_matplotlib():
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF" (the rules layer): importing and running the studies
    loads no drawing library."""
    code = ("import sys; from explorer.dnd5e import whatif; whatif.deckung_study(); "
            "print(any(m.startswith('matplotlib') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


# -- the plots -------------------------------------------------------------------------------------

STUDIES = {
    "helfen": lambda: helfen_vs_allein("kaempferin", "ork", helfer="magierin"),
    "ausweichen": lambda: ausweichen("kaempferin", ["ork", "goblin", "goblin"]),
    "deckung": lambda: deckung_study(),
    "rueckzug": lambda: rueckzug_vs_provozieren("kaempferin", ["ork", "goblin"]),
}
RULES = {"helfen": refs.HELFEN, "ausweichen": refs.AUSWEICHEN, "deckung": refs.SRD_COVER, "rueckzug": refs.RUECKZUG}


@pytest.mark.parametrize("kind", list(STUDIES))
def test_plot_lesbar(kind):
    """dnd5e-combat-de-excerpt.txt, "HELFEN", "AUSWEICHEN", "RÜCKZUG"; SRD 5.1 "Combat > Cover": each study's
    plot, saved to test-artifacts/dnd5e/: every text at least 8 pt as a notebook shows it, legends below
    the axes' labels (not over data or axis labels), value labels inside the axes and clear of each other."""
    from explorer.core.display import figure_png
    from explorer.core.render_labels import MIN_FONT_SIZE, notebook_scale, overlapping_pairs, renderer_of, texts_of

    study = STUDIES[kind]()
    assert study.kind == kind and RULES[kind] in study.rules
    fig = study.plot()
    png = figure_png(fig)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"whatif-{kind}.png").write_bytes(png)
    assert png[:4] == b"\x89PNG"
    scale = notebook_scale(fig)
    assert all(t.get_fontsize() * scale >= MIN_FONT_SIZE - 1e-6 for t in texts_of(fig))
    renderer = renderer_of(fig)
    legends = [leg for ax in fig.axes for leg in ([ax.get_legend()] if ax.get_legend() else [])] + list(fig.legends)
    assert legends
    for legend in legends:
        box = legend.get_window_extent(renderer)
        for ax in fig.axes:
            below = ax.get_tightbbox(renderer)
            assert box.y1 <= ax.bbox.y0 + 0.5  # under the axes ...
            label = ax.xaxis.label.get_window_extent(renderer)
            assert not box.overlaps(label) and box.y1 <= label.y0 + 0.5  # ... and under its x label
            assert below is not None
        assert fig.bbox.x0 - 0.5 <= box.x0 and box.x1 <= fig.bbox.x1 + 0.5 and box.y0 >= fig.bbox.y0 - 0.5
    for ax in fig.axes:
        inside = [t.get_window_extent(renderer) for t in ax.texts]
        for box in inside:
            assert ax.bbox.x0 - 0.5 <= box.x0 and box.x1 <= ax.bbox.x1 + 0.5
        assert overlapping_pairs(inside) == []
        ticks = [t.get_window_extent(renderer) for t in ax.get_yticklabels() if t.get_text()]
        assert overlapping_pairs(ticks) == []


def test_the_helfen_table_is_one_row_per_rk_with_the_options_side_by_side():
    """dnd5e-combat-de-excerpt.txt, "HELFEN": the table shown has one row per RK and a column per option and
    figure (short headers, explained once below the title); its numbers are the frame's."""
    study = helfen_vs_allein("kaempferin", "ork", rks=[12, 13, 14])
    shown, lines = study.table()
    assert list(shown["RK"]) == [12, 13, 14] and len(shown) == 3
    assert list(shown.columns) == ["RK", "Treffer beide", "Treffer Helfen", "Schaden beide", "Schaden Helfen",
                                   "0 TP beide", "0 TP Helfen"]
    row = study.frame.set_index(["RK", "Option"]).loc[(13, "Helfen")]
    assert shown.set_index("RK").loc[13, "Treffer Helfen"] == float(row["P(mind. ein Treffer)"]) * 100
    assert "beide greifen an" in lines[0]


def test_viele_kennzahlen_stehen_je_option_in_einer_spalte():
    """dnd5e-combat-de-excerpt.txt, "RÜCKZUG": the Rückzug study has eight figures for three options; shown with
    a column per option and a row per figure it fits a 590 px output area (seven or eight columns side by side
    did not), its cells written as the lessons write them."""
    page = rueckzug_vs_provozieren("kaempferin", ["ork", "goblin"])._repr_html_()
    heads = re.findall(r'class="col_heading level0 col\d" >([^<]*)<', page)
    rows = re.findall(r'class="row_heading level0 row\d" >([^<]*)<', page)
    assert heads == ["Rückzug", "Angriff, dann weg", "Spurt, provozieren"]
    assert rows[:3] == ["Bewegung (m)", "Gelegenheitsangriffe", "P(Treffer)"] and "Differenz" in rows
    assert ">61,0 %<" in page and "index_name" not in page


def test_die_texte_zaehlen_in_worten():
    """dnd5e-combat-de-excerpt.txt, "HELFEN": the study's notes count in words ("1 Angriff", "greift einmal an",
    "je 2 Angriffe"), never with placeholders ("Angriff(en)", "1-mal"), and an ally like the attacker is not
    named twice in the title ("Kämpferin für Kämpferin")."""
    alone = helfen_vs_allein("kaempferin", "ork", rks=[16])
    assert "mit 1 Angriff;" in alone.notes[0] and "greift einmal an" in alone.notes[0] and "diesen Angriff" in alone.notes[0]
    assert "Kämpferin für Kämpferin" not in alone.title and "Kämpferin mit gleichem Verbündeten" in alone.title
    twice = helfen_vs_allein("kaempferin", "ork", rks=[16], angriffe=2, helfer_angriffe=2)
    assert "mit 2 Angriffe;" in twice.notes[0] and "greift 2-mal an" in twice.notes[0]
    assert "je 1 Angriff." in ausweichen("kaempferin", ["ork", "goblin"]).notes[0]
    assert all("(en)" not in n and "(e)" not in n for n in alone.notes + twice.notes)
