"""Exact what-if studies of D&D 5e combat choices, as pandas frames (never sampled).

* :func:`helfen_vs_allein` -- the helper attacks too, or helps (Helfen: Vorteil on the ally's next
  attack roll against the target) and gives up his own attacks
  (dnd5e-combat-de-excerpt.txt, "HELFEN"; SRD 5.1 "Advantage and Disadvantage").
* :func:`ausweichen` -- the damage a creature takes this round with and without Ausweichen (Dodge:
  every attack roll against it at Nachteil, if it sees the attacker; "AUSWEICHEN").
* :func:`deckung_study` -- hit chance and expected damage against keine / halbe (+2 RK) /
  Dreivierteldeckung (+5 RK) across attack bonuses (SRD 5.1 "Combat > Cover"; the excerpt's
  "ANGRIFFSSTRUKTUR", step 2, names cover and leaves the degrees to the SRD).
* :func:`rueckzug_vs_provozieren` -- leaving enemies' reach with Rückzug (Disengage: no
  Gelegenheitsangriff, the action spent) against attacking or Spurt and provoking
  ("RÜCKZUG", "SICH UM ANDERE KREATUREN HERUM BEWEGEN"; SRD 5.1 "Opportunity Attacks").

Every chance is a :class:`~fractions.Fraction` computed by :mod:`explorer.dnd5e.odds` (the d20s
and damage dice enumerated); each frame has a float ``... %`` column beside each exact chance for
display.  A creature is given as a profile id of :data:`~explorer.dnd5e.encounter.PROFILES`
(``"ork"``), a :class:`~explorer.dnd5e.encounter.Kampfwerte`, or a mapping: an attacker
``{"name": "A", "bonus": 5, "schaden": "1W8+3"}``, a defender ``{"name": "B", "rk": 15, "tp": 12}``
(a profile or Kampfwerte also gives its RK and hit points, and its first attack; its first melee
attack for a Gelegenheitsangriff).  Pure Python and pandas; the plots are in
:mod:`explorer.dnd5e.render_whatif`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd

from explorer.core.inputs import InputError, short, whole
from explorer.core.rules import RuleRef
from explorer.dnd5e import refs
from explorer.dnd5e.dice import DamageDice, dice
from explorer.dnd5e.encounter import PROFILES, Kampfwerte, Waffenangriff
from explorer.dnd5e.odds import COVER_AC_BONUS, MAX_AC, MAX_BONUS, MIN_AC, MIN_BONUS, MODE_WORDS, AttackOdds, \
    attack_odds, turn_odds, wurfmodus

SOURCE = "what-if"
MAX_ATTACKS_PER_ACTION = 4
"""The most attacks one Angriff action gives here (Extra Attack of a high-level fighter)."""
MAX_ATTACKERS = 6
MAX_ROWS = 41
"""The most RK values or attack bonuses one study spans."""
MAX_HIT_POINTS = 1000

HELFEN_QUELLE = "Helfen"
"""The name of Helfen's source of Vorteil (:func:`~explorer.dnd5e.odds.wurfmodus`)."""
AUSWEICHEN_QUELLE = "Ziel weicht aus"
UNSICHTBAR_QUELLE = "Ziel sieht den Angreifer nicht"


# -- the creatures ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Angreifer:
    """An attacker: ``name``, the attack bonus, the damage dice of a hit (one attack)."""

    name: str
    bonus: int
    schaden: DamageDice

    def odds(self, rk: int, mode: Any = "normal", cover: str = "keine") -> AttackOdds:
        return attack_odds(self.bonus, rk, self.schaden, mode=mode, cover=cover, name=self.name)


@dataclass(frozen=True)
class Verteidiger:
    """A creature attacked: ``name``, its Rüstungsklasse (``rk``) and hit points (``tp``)."""

    name: str
    rk: int
    tp: int


def _profile(value: Any, field: str) -> Kampfwerte | None:
    if isinstance(value, Kampfwerte):
        return value
    if isinstance(value, str):
        if value not in PROFILES:
            raise InputError(SOURCE, field, "a profile id (" + ", ".join(PROFILES) + ") or a mapping", value)
        return PROFILES[value]
    return None


def _angreifer(value: Any, field: str, *, nahkampf: bool = False, also: frozenset = frozenset()) -> Angreifer:
    """An attacker from a profile id, a Kampfwerte, a Waffenangriff or a mapping {name, bonus, schaden}."""
    profile = _profile(value, field)
    if profile is not None:
        attack = profile.melee if nahkampf else profile.angriffe[0]
        if attack is None:
            raise InputError(SOURCE, field, "a creature with a melee attack (for a Gelegenheitsangriff)",
                             profile.creature.name)
        return Angreifer(profile.creature.name, attack.bonus, attack.damage)
    if isinstance(value, Waffenangriff):
        return Angreifer(value.waffe, value.bonus, value.damage)
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - {"name", "bonus", "schaden"} - also)
        if unknown or not {"bonus", "schaden"} <= set(value):
            raise InputError(SOURCE, field, "a mapping with bonus, schaden (and name)", short(dict(value)))
        name = value.get("name", "Angreifer")
        if not isinstance(name, str) or not 0 < len(name) <= 64:
            raise InputError(SOURCE, f"{field}.name", "a text of 1 to 64 characters", name)
        bonus = whole(value["bonus"], f"{field}.bonus", source=SOURCE, low=MIN_BONUS, high=MAX_BONUS)
        return Angreifer(name, bonus, dice(value["schaden"], f"{field}.schaden"))
    raise InputError(SOURCE, field, "a profile id, a Kampfwerte, a Waffenangriff or a mapping "
                     "{name, bonus, schaden}", short(value))


def _verteidiger(value: Any, field: str, *, also: frozenset = frozenset()) -> Verteidiger:
    """A defender from a profile id, a Kampfwerte or a mapping {name, rk, tp}."""
    profile = _profile(value, field)
    if profile is not None:
        c = profile.creature
        return Verteidiger(c.name, c.armour_class, c.hit_points)
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - {"name", "rk", "tp"} - also)
        if unknown or not {"rk", "tp"} <= set(value):
            raise InputError(SOURCE, field, "a mapping with rk, tp (and name)", short(dict(value)))
        name = value.get("name", "Ziel")
        if not isinstance(name, str) or not 0 < len(name) <= 64:
            raise InputError(SOURCE, f"{field}.name", "a text of 1 to 64 characters", name)
        rk = whole(value["rk"], f"{field}.rk", source=SOURCE, low=MIN_AC, high=MAX_AC)
        tp = whole(value["tp"], f"{field}.tp", source=SOURCE, low=1, high=MAX_HIT_POINTS)
        return Verteidiger(name, rk, tp)
    raise InputError(SOURCE, field, "a profile id, a Kampfwerte or a mapping {name, rk, tp}", short(value))


def _values(value: Any, field: str, low: int, high: int) -> tuple[int, ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise InputError(SOURCE, field, f"a list of whole numbers from {low} to {high}", short(value))
    out = []
    for index, item in enumerate(value):
        if index >= MAX_ROWS:
            raise InputError(SOURCE, field, f"at most {MAX_ROWS} values")
        out.append(whole(item, f"{field}[{index}]", source=SOURCE, low=low, high=high))
    if not out or len(set(out)) != len(out):
        raise InputError(SOURCE, field, "at least one value, none twice", out)
    return tuple(out)


def _names(value: Any, field: str) -> tuple[str, ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise InputError(SOURCE, field, "a list of source names (texts)", short(value))
    out = tuple(value)
    if len(out) > 20 or not all(isinstance(v, str) and 0 < len(v.strip()) <= 80 for v in out):
        raise InputError(SOURCE, field, "at most 20 source names of 1 to 80 characters", short(out))
    return tuple(v.strip() for v in out)


def _count(value: Any, field: str) -> int:
    return whole(value, field, source=SOURCE, low=1, high=MAX_ATTACKS_PER_ACTION)


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(SOURCE, field, "True or False", value)
    return value


# -- the figures of a set of attacks ----------------------------------------------------------------

def _chances(attacks: list[AttackOdds], tp: int) -> dict[str, Fraction]:
    """Exact figures of independent attacks: at least one hit, a critical hit, the total damage's
    expectation and P(total >= tp)."""
    if not attacks:
        return {"P(mind. ein Treffer)": Fraction(0), "P(kritischer Treffer)": Fraction(0),
                "Schaden erwartet": Fraction(0), "P(0 TP)": Fraction(0)}
    turn = turn_odds(attacks)
    no_crit = Fraction(1)
    for a in attacks:
        no_crit *= 1 - a.p_crit
    dropped = sum((p for d, p in turn.damage_distribution.items() if d >= tp), Fraction(0))
    return {"P(mind. ein Treffer)": 1 - turn.p_no_hit, "P(kritischer Treffer)": 1 - no_crit,
            "Schaden erwartet": turn.expected_damage, "P(0 TP)": dropped}


def _survival(attacks: list[AttackOdds]) -> dict[int, Fraction]:
    """P(total damage >= x) for every x from 0 to the maximum (one entry per whole number)."""
    if not attacks:
        return {0: Fraction(1)}
    dist = turn_odds(attacks).damage_distribution
    top = max(dist)
    out, tail = {}, Fraction(0)
    for x in range(top, -1, -1):
        tail += dist.get(x, Fraction(0))
        out[x] = tail
    return dict(sorted(out.items()))


def _with_percent(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The rows as a frame; after each exact chance ``P(...)`` its float ``P(...) %`` (0..100)."""
    frame = pd.DataFrame(rows)
    columns: list[str] = []
    for column in frame.columns:
        columns.append(column)
        if column.startswith("P("):
            frame[column + " %"] = [float(v) * 100 for v in frame[column]]
            columns.append(column + " %")
    return frame[columns]


# -- numbers and citations as a German reader reads them ---------------------------------------------

def zahl(value: Any, digits: int = 2) -> str:
    """A number with a decimal comma and ``digits`` decimals, as the lessons print them: ``"3,50"``,
    ``"-1,12"``; a whole number (an int) stays whole: ``"12"``."""
    if isinstance(value, (int,)) and not isinstance(value, bool):
        return str(value)
    text = f"{float(value):.{digits}f}"
    return ("0" + text[2:].replace(".", ",") if text.startswith("-0") and not any(c in "123456789" for c in text)
            else text.replace(".", ","))


def prozent(value: Any, digits: int = 1) -> str:
    """A percentage (0..100) with a decimal comma: ``"96,0 %"``."""
    return zahl(float(value), digits) + " %"


def regeln_html(rules: Iterable[RuleRef]) -> str:
    """The cited rules once, in one line, grouped by rulebook: ``Regeln: dnd5e-combat-de-excerpt.txt:
    "HELFEN", "ANGRIFF"; SRD 5.1: "Combat > Cover"``."""
    books: dict[str, list[str]] = {}
    for rule in rules:
        sections = books.setdefault(rule.rulebook, [])
        if rule.section not in sections:
            sections.append(rule.section)
    text = "; ".join(f"{book}: " + ", ".join(f'"{s}"' for s in sections) for book, sections in books.items())
    return f"<small>Regeln: {html.escape(text)}</small>"


# -- the result -------------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class WhatIf:
    """One what-if study: ``title``, ``frame`` (German columns, exact Fractions, ``... %`` floats),
    ``rules`` (the cited sections), ``notes`` (what the study assumes, in German), ``kind`` (which
    study, for :mod:`~explorer.dnd5e.render_whatif`) and ``extra`` (a second frame some studies
    have: the damage-taken curves of :func:`ausweichen`), ``hit_points`` (what ``P(0 TP)`` counts)."""

    kind: str
    title: str
    frame: pd.DataFrame
    rules: tuple[RuleRef, ...]
    notes: tuple[str, ...] = ()
    extra: pd.DataFrame | None = None
    hit_points: int | None = None
    """The hit points the study's ``P(0 TP)`` counts against."""

    def shown(self) -> pd.DataFrame:
        """The frame as displayed: the percent columns instead of the exact chances, damage as floats."""
        exact = [c for c in self.frame.columns if c.startswith("P(") and not c.endswith(" %")]
        shown = self.frame.drop(columns=exact)
        for column in shown.columns:
            if shown[column].map(lambda v: isinstance(v, Fraction)).any():
                shown[column] = shown[column].map(float)
        return shown

    def plot(self):
        """The study's plot, a new matplotlib Figure (:func:`explorer.dnd5e.render_whatif.figure`)."""
        from explorer.dnd5e import render_whatif

        return render_whatif.figure(self)

    def png(self) -> bytes:
        from explorer.dnd5e import render_whatif

        return render_whatif.png(self)

    def table(self) -> tuple[pd.DataFrame, tuple[str, ...]]:
        """The table a reader sees, with short headers, and the lines that explain them.  Helfen's rows
        (one per RK and option) become one row per RK with a column per option and figure."""
        shown = self.shown()
        if self.kind == "helfen":
            short = {"P(mind. ein Treffer) %": "Treffer", "Schaden erwartet": "Schaden", "P(0 TP) %": "0 TP"}
            options = list(dict.fromkeys(shown["Option"]))
            words = {"beide greifen an": "beide", "Helfen": "Helfen"}
            wide = pd.DataFrame({"RK": list(dict.fromkeys(shown["RK"]))})
            for column, head in short.items():
                for option in options:
                    rows = shown[shown["Option"] == option].set_index("RK")[column]
                    wide[f"{head} {words.get(option, option)}"] = [rows.loc[rk] for rk in wide["RK"]]
            return wide, ("Treffer: P(mindestens ein Treffer) in %; Schaden: erwarteter Schaden; 0 TP: P(das Ziel "
                          "fällt auf 0 TP) in %; beide: beide greifen an.",)
        shown = shown.rename(columns={c: c[:-2] for c in shown.columns if c.endswith(" %")})
        if "Wurfmodi" in shown.columns:
            shown["Wurfmodi"] = shown["Wurfmodi"].map(lambda v: ", ".join(MODE_WORDS[m] for m in v.split(", ")))
        shown = shown.rename(columns={"Schaden erwartet erlitten": "Schaden erlitten",
                                      "Schaden erwartet verursacht": "Schaden verursacht",
                                      "P(mind. ein Treffer)": "P(Treffer)"})
        lines = ()
        if "Differenz" in shown.columns:
            lines = ("Schaden: erwartet; Differenz: verursacht minus erlitten (negativ: mehr erlitten); "
                     "P(Treffer): mindestens ein Gelegenheitsangriff trifft.",)
        return shown, lines

    def _repr_html_(self) -> str:
        from explorer.core.display import html_table

        shown, lines = self.table()
        shown = shown.rename(columns=lambda c: c.replace("P(0 TP)", "P(0\u00a0TP)"))  # a heading never breaks inside P(...)
        numbers = [c for c in shown.columns if pd.api.types.is_numeric_dtype(shown[c])
                   and c not in ("RK", "Angriffsbonus", "RK effektiv", "Angriffswürfe", "Gelegenheitsangriffe")]
        formats = {c: (zahl if c.startswith(("Schaden", "Differenz")) else
                       (lambda v: zahl(v, 1).removesuffix(",0")) if c == "Bewegung (m)" else prozent)
                   for c in numbers}
        if len(shown.columns) > WIDE_COLUMNS and "Option" in shown.columns and len(shown) <= WIDE_COLUMNS:
            table = html_table(_options_side_by_side(shown, formats))._repr_html_()
        else:
            table = html_table(shown, index=False, formats=formats)._repr_html_()
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in self.notes + lines)
        return f"<div><b>{html.escape(self.title)}</b><ul>{notes}</ul>{table}{regeln_html(self.rules)}</div>"

    def __repr__(self) -> str:
        return f"WhatIf({self.kind!r}, {self.title!r}, {len(self.frame)} rows)"


WIDE_COLUMNS = 6
"""A what-if table of more figures than this, for at most as many options, shows each option as a column and
each figure as a row: seven or eight figures side by side ran past a 590 px output area (docs/panel-layout.md)."""


def _options_side_by_side(shown: pd.DataFrame, formats) -> pd.DataFrame:
    """``shown`` turned round: a column per option, a row per figure, every cell as the lesson writes it."""
    rows = {}
    for column in shown.columns:
        if column == "Option":
            continue
        write = formats.get(column, lambda v: zahl(v) if isinstance(v, float) else str(v))
        rows[column] = [write(v) for v in shown[column]]
    return pd.DataFrame(rows, index=list(shown["Option"])).T


# -- 1. Helfen vs allein angreifen ----------------------------------------------------------------

def _angriffe(n: int) -> str:
    """``n`` attacks in words: "1 Angriff", "2 Angriffe"."""
    return f"{n} Angriff" if n == 1 else f"{n} Angriffe"


def helfen_vs_allein(attacker: Any, target: Any, *, helfer: Any = None, rks: Iterable[int] | None = None,
                     angriffe: int = 1, helfer_angriffe: int = 1, vorteile: Iterable[str] = (),
                     nachteile: Iterable[str] = ()) -> WhatIf:
    """Help vs attacking alone: ``helfer`` (default: an ally like ``attacker``) either attacks the
    target too ("beide greifen an": his ``helfer_angriffe`` plain attacks and the attacker's
    ``angriffe``, these with the attacker's other sources ``vorteile`` / ``nachteile``) or takes the Helfen
    action ("Helfen"): he gives up his attacks, and the attacker's *next* attack roll against the
    target has Vorteil -- the first of his ``angriffe`` only (dnd5e-combat-de-excerpt.txt, "HELFEN":
    "der nächste Angriffswurf gegen das Ziel, den einer deiner Verbündeten vor deinem nächsten Zug
    macht, im Vorteil"; the helper must be within 1.5 m of the target).  Helfen's Vorteil joins the
    attacker's other sources by :func:`~explorer.dnd5e.odds.wurfmodus` (with any Nachteil it cancels).

    One row per RK in ``rks`` (default 10..20) and option: P(mind. ein Treffer), P(kritischer
    Treffer), Schaden erwartet, P(0 TP) (the target's hit points ``tp`` reached this round)."""
    a = _angreifer(attacker, "attacker")
    h = a if helfer is None else _angreifer(helfer, "helfer")
    t = _verteidiger(target, "target")
    rks = tuple(range(10, 21)) if rks is None else _values(rks, "rks", MIN_AC, MAX_AC)
    n_a, n_h = _count(angriffe, "angriffe"), _count(helfer_angriffe, "helfer_angriffe")
    pros, cons = _names(vorteile, "vorteile"), _names(nachteile, "nachteile")
    own = wurfmodus(pros, cons)
    helped = wurfmodus(pros + (HELFEN_QUELLE,), cons)
    rows = []
    for rk in rks:
        alone = [h.odds(rk) for _ in range(n_h)] + [a.odds(rk, own) for _ in range(n_a)]
        helping = [a.odds(rk, helped)] + [a.odds(rk, own) for _ in range(n_a - 1)]
        for option, attacks in (("beide greifen an", alone), ("Helfen", helping)):
            rows.append({"RK": rk, "Option": option, "Angriffswürfe": len(attacks),
                         "Wurfmodus 1. Angriff": helped.mode if option == "Helfen" else own.mode,
                         **_chances(attacks, t.tp)})
    frame = _with_percent(rows)
    times = "einmal" if n_h == 1 else f"{n_h}-mal"
    notes = (f"{a.name} ({a.bonus:+d}, {a.schaden}) mit {_angriffe(n_a)}; {h.name} ({h.bonus:+d}, {h.schaden}) "
             f"greift {times} an oder hilft und gibt {'diesen Angriff' if n_h == 1 else 'diese Angriffe'} auf.",
             f"Helfen: Vorteil nur auf den nächsten Angriffswurf gegen {t.name}; {helped.reason}",
             f"P(0 TP): mindestens {t.tp} Schaden ({t.name}s Trefferpunkte) in dieser Runde.")
    if h == a and n_h == 1 and not pros and not cons:
        notes += ("Gleiche Verbündete: P(mind. ein Treffer) ist mit Helfen dieselbe (zwei W20, einer muss "
                  "treffen), doch ein Schadenswurf fehlt.",)
    who = f"{a.name} mit gleichem Verbündeten" if h == a else f"{h.name} für {a.name}"  # not "Kämpferin für Kämpferin"
    return WhatIf("helfen", f"Helfen oder selbst angreifen? {who} gegen {t.name} ({t.tp} TP)", frame,
                  (refs.HELFEN, refs.ANGRIFF, refs.ANGRIFFSWUERFE, refs.SRD_ADVANTAGE, refs.SRD_ROLLING_1_OR_20,
                   refs.SRD_DROPPING_TO_0), notes, hit_points=t.tp)


# -- 2. Ausweichen ----------------------------------------------------------------------------------

def ausweichen(defender: Any, attackers: Iterable[Any], *, tp: int | None = None, angriffe: int = 1,
               unsichtbar: Iterable[str] = (), nachteile: Iterable[str] = ()) -> WhatIf:
    """Dodge: the damage ``defender`` takes from ``attackers`` (each ``angriffe`` attacks) until its
    next turn, without and with the Ausweichen action (dnd5e-combat-de-excerpt.txt, "AUSWEICHEN":
    "jeder Angriffswurf gegen dich im Nachteil, sofern du den Angreifer sehen kannst").  ``tp``:
    its current hit points (default: its maximum); ``unsichtbar``: names of attackers it cannot
    see -- no Nachteil from Ausweichen against them, and Vorteil for them (SRD 5.1 "Unseen Attackers
    and Targets"); ``nachteile``: other sources of Nachteil every attacker has.

    ``frame``: one row per option (ohne / mit Ausweichen): P(mind. ein Treffer), P(kritischer
    Treffer), Schaden erwartet, P(0 TP).  ``extra``: P(Schaden >= x) for each x, both options."""
    d = _verteidiger(defender, "defender")
    if isinstance(attackers, (str, bytes, Mapping)) or not isinstance(attackers, Iterable):
        raise InputError(SOURCE, "attackers", "a list of attackers", short(attackers))
    foes = []
    for index, item in enumerate(attackers):
        if index >= MAX_ATTACKERS:
            raise InputError(SOURCE, "attackers", f"at most {MAX_ATTACKERS} attackers")
        foes.append(_angreifer(item, f"attackers[{index}]"))
    if not foes:
        raise InputError(SOURCE, "attackers", "at least one attacker", [])
    hp = d.tp if tp is None else whole(tp, "tp", source=SOURCE, low=1, high=MAX_HIT_POINTS)
    n = _count(angriffe, "angriffe")
    if n * len(foes) > 8:
        raise InputError(SOURCE, "angriffe", "at most 8 attacks in all (attackers x angriffe)", n * len(foes))
    unseen = set(_names(unsichtbar, "unsichtbar"))
    unknown = sorted(unseen - {f.name for f in foes})
    if unknown:
        raise InputError(SOURCE, "unsichtbar", "names of the attackers", unknown)
    cons = _names(nachteile, "nachteile")
    rows, curves = [], []
    for option, dodging in (("ohne Ausweichen", False), ("mit Ausweichen", True)):
        attacks = []
        for foe in foes:
            hidden = foe.name in unseen
            pros = (UNSICHTBAR_QUELLE,) if hidden else ()
            mode = wurfmodus(pros, cons + ((AUSWEICHEN_QUELLE,) if dodging and not hidden else ()))
            attacks += [foe.odds(d.rk, mode) for _ in range(n)]
        rows.append({"Option": option, "Angriffswürfe": len(attacks),
                     "Wurfmodi": ", ".join(dict.fromkeys(a.mode.mode for a in attacks)), **_chances(attacks, hp)})
        curves += [{"Option": option, "Schaden": x, "P(Schaden >= x)": p} for x, p in _survival(attacks).items()]
    names = ", ".join(f"{f.name} ({f.bonus:+d}, {f.schaden})" for f in foes)
    notes = (f"{d.name} (RK {d.rk}, {hp} TP) gegen {names}, je {_angriffe(n)}.",
             "Ausweichen: jeder Angriffswurf gegen dich im Nachteil, sofern du den Angreifer sehen kannst; "
             "Vorteil und Nachteil heben sich auf.",
             "Der Preis: die Aktion ist verbraucht (kein eigener Angriff).")
    return WhatIf("ausweichen", f"Ausweichen? {d.name} mit {hp} TP", _with_percent(rows),
                  (refs.AUSWEICHEN, refs.ANGRIFFSWUERFE, refs.SRD_ADVANTAGE, refs.SRD_UNSEEN,
                   refs.SRD_DROPPING_TO_0), notes, _with_percent(curves), hp)


# -- 3. Deckung -------------------------------------------------------------------------------------

DECKUNG_WORTE = {"keine": "keine Deckung", "halb": "halbe Deckung (+2)", "dreiviertel": "Dreivierteldeckung (+5)"}


def deckung_study(*, rk: int = 15, schaden: Any = "1W8+3", boni: Iterable[int] | None = None,
                  mode: str = "normal") -> WhatIf:
    """Cover: miss / hit chance (critical or not) and expected damage of one attack (``schaden`` on a hit) against ``rk`` with
    keine / halbe (+2 RK) / Dreivierteldeckung (+5 RK), one row per attack bonus in ``boni``
    (default 0..+11) and degree (SRD 5.1 "Combat > Cover"; dnd5e-combat-de-excerpt.txt,
    "ANGRIFFSSTRUKTUR", step 2).  Cover raises the RK; a natural 20 still hits (SRD 5.1 "Rolling 1
    or 20"), so the critical chance does not change.  ``mode``: normal, vorteil, nachteil."""
    rk = whole(rk, "rk", source=SOURCE, low=MIN_AC, high=MAX_AC)
    damage = dice(schaden, "schaden")
    boni = tuple(range(0, 12)) if boni is None else _values(boni, "boni", MIN_BONUS, MAX_BONUS)
    if not isinstance(mode, str) or mode.strip().casefold() not in ("normal", "vorteil", "nachteil"):
        raise InputError(SOURCE, "mode", "'normal', 'vorteil' or 'nachteil'", mode)
    if rk + max(COVER_AC_BONUS.values()) > MAX_AC:
        raise InputError(SOURCE, "rk", f"an RK of at most {MAX_AC - 5} (Dreivierteldeckung adds 5)", rk)
    rows = []
    for bonus in boni:
        for grad, extra in COVER_AC_BONUS.items():
            odds = attack_odds(bonus, rk, damage, mode=mode.strip().casefold(), cover=grad)
            rows.append({"Angriffsbonus": bonus, "Deckung": DECKUNG_WORTE[grad], "RK effektiv": rk + extra,
                         "P(Fehlschlag)": odds.p_miss, "P(Treffer)": odds.p_treffer,
                         "P(kritischer Treffer)": odds.p_crit,
                         "Schaden erwartet": odds.expected_damage})
    notes = (f"Ein Angriff {damage} gegen RK {rk} ({MODE_WORDS[mode.strip().casefold()]}); Deckung erhöht die RK.",
             "Volle Deckung: kein Ziel eines Angriffs (nicht in der Tabelle).",
             "Eine natürliche 20 trifft immer: die Chance eines kritischen Treffers bleibt gleich.")
    return WhatIf("deckung", f"Deckung: Angriff {damage} gegen RK {rk}", _with_percent(rows),
                  (refs.SRD_COVER, refs.ANGRIFFSSTRUKTUR, refs.ANGRIFFSWUERFE, refs.SRD_ROLLING_1_OR_20), notes)


# -- 4. Rückzug vs provozieren --------------------------------------------------------------------

def rueckzug_vs_provozieren(fliehender: Any, gegner: Iterable[Any], *, ziel_rk: int | None = None,
                            tp: int | None = None, angriffe: int = 1, bewegungsrate: Any = 9,
                            reaktion: bool = True) -> WhatIf:
    """Leaving the reach of ``gegner`` (each with its reaction if ``reaktion``) three ways:

    * "Rückzug": the action is spent, the move provokes no Gelegenheitsangriff
      (dnd5e-combat-de-excerpt.txt, "RÜCKZUG"; SRD 5.1 "Disengage");
    * "Angriff, dann weg": ``fliehender`` attacks (``angriffe`` attacks against ``ziel_rk``, default
      the first foe's RK), then leaves and provokes one Gelegenheitsangriff of each foe
      ("SICH UM ANDERE KREATUREN HERUM BEWEGEN": "Verlässt du in deinem Zug die Angriffsreichweite
      einer feindlichen Kreatur, provozierst du einen Gelegenheitsangriff"; SRD 5.1 "Opportunity
      Attacks": the foe's reaction, one melee attack);
    * "Spurt, provozieren": twice the ``bewegungsrate`` (SPURT), no attack, the same
      Gelegenheitsangriffe.

    ``fliehender``: a profile id, a Kampfwerte or a mapping {name, rk, tp, bonus, schaden} (its RK and
    hit points, its first melee attack); ``gegner``: their first melee attacks.

    One row per option: Bewegung (m), Gelegenheitsangriffe, the damage taken (P(mind. ein Treffer),
    Schaden erwartet erlitten, P(0 TP) with ``tp``, default its maximum) and Schaden erwartet
    verursacht, and the difference of the expectations (verursacht - erlitten)."""
    who = _verteidiger(fliehender, "fliehender", also=frozenset({"bonus", "schaden"}))
    mine = _angreifer(fliehender, "fliehender", nahkampf=True, also=frozenset({"rk", "tp"}))
    if isinstance(gegner, (str, bytes, Mapping)) or not isinstance(gegner, Iterable):
        raise InputError(SOURCE, "gegner", "a list of foes", short(gegner))
    foes = []
    for index, item in enumerate(gegner):
        if index >= MAX_ATTACKERS:
            raise InputError(SOURCE, "gegner", f"at most {MAX_ATTACKERS} foes")
        foes.append((_angreifer(item, f"gegner[{index}]", nahkampf=True),
                     _verteidiger(item, f"gegner[{index}]") if _profile(item, "gegner") is not None else None))
    if not foes:
        raise InputError(SOURCE, "gegner", "at least one foe whose reach the creature leaves", [])
    if ziel_rk is None:
        if foes[0][1] is None:
            raise InputError(SOURCE, "ziel_rk", "the target's RK (the first foe is given without one)", None)
        ziel_rk = foes[0][1].rk
    ziel_rk = whole(ziel_rk, "ziel_rk", source=SOURCE, low=MIN_AC, high=MAX_AC)
    hp = who.tp if tp is None else whole(tp, "tp", source=SOURCE, low=1, high=MAX_HIT_POINTS)
    n = _count(angriffe, "angriffe")
    speed = Fraction(whole(bewegungsrate, "bewegungsrate", source=SOURCE, low=0, high=1000))
    provokes = _flag(reaktion, "reaktion")
    opportunity = [f.odds(who.rk) for f, _ in foes] if provokes else []
    mine_odds = [mine.odds(ziel_rk) for _ in range(n)]
    dealt = sum((a.expected_damage for a in mine_odds), Fraction(0))
    rows = []
    for option, move, oas, own in (("Rückzug", speed, [], Fraction(0)), ("Angriff, dann weg", speed, opportunity, dealt),
                                   ("Spurt, provozieren", 2 * speed, opportunity, Fraction(0))):
        taken = _chances(oas, hp)
        rows.append({"Option": option, "Bewegung (m)": move, "Gelegenheitsangriffe": len(oas),
                     "P(mind. ein Treffer)": taken["P(mind. ein Treffer)"], "P(0 TP)": taken["P(0 TP)"],
                     "Schaden erwartet erlitten": taken["Schaden erwartet"], "Schaden erwartet verursacht": own,
                     "Differenz": own - taken["Schaden erwartet"]})
    names = ", ".join(f"{f.name} ({f.bonus:+d}, {f.schaden})" for f, _ in foes)
    notes = (f"{who.name} (RK {who.rk}, {hp} TP, Angriff {mine.bonus:+d}, {mine.schaden} gegen RK {ziel_rk}) "
             f"verlässt die Reichweite von {names}.",
             "Rückzug: keine Gelegenheitsangriffe, aber die Aktion ist verbraucht.",
             "Gelegenheitsangriff: die Reaktion des Gegners, ein Nahkampfangriff"
             + ("." if provokes else " -- hier hat kein Gegner seine Reaktion übrig."))
    return WhatIf("rueckzug", f"Rückzug oder provozieren? {who.name} ({hp} TP)", _with_percent(rows),
                  (refs.RUECKZUG, refs.UM_KREATUREN_HERUM, refs.SRD_OPPORTUNITY_ATTACKS, refs.SRD_DISENGAGE,
                   refs.SPURT, refs.SRD_REACTIONS, refs.ANGRIFF), notes, hit_points=hp)


__all__ = ["Angreifer", "Verteidiger", "WhatIf", "ausweichen", "deckung_study", "helfen_vs_allein", "prozent",
           "regeln_html", "rueckzug_vs_provozieren", "zahl"]
