"""Sweeps: exact odds over a grid of attackers and defenders, as pandas frames.

Every cell is an exact answer of :mod:`explorer.behind.odds` (no sampling), so a sweep can be
drawn as a heatmap (:func:`explorer.behind.render_odds.plot_heatmap`) or read as a table.

* :func:`melee_grid` -- vary two values of the two characters (``"attacker.strength"`` by
  ``"defender.resistance"``, say) around a base pair;
* :func:`strength_resistance_sweep` -- the attacker's Strength against the defender's Resistance
  (Melee Combat (Nahkampf): "If this difference reaches or exceeds the Resistance value, the
  inferior character suffers a single injury");
* :func:`character_matrix` -- every character of one deck against every character of another,
  each side drawing from its own deck (melee, or ranged with a weapon card's fate number).

A *measure* is a key of :meth:`OddsResult.summary <explorer.behind.odds.OddsResult.summary>`
("P(defender injured)", "E[defender injuries]", "P(attacker injured)", "E[attacker injuries]",
"P(tie)"; for ranged attacks "P(target injured)", "E[target injuries]", "P(none)") or any
function of an :class:`~explorer.behind.odds.OddsResult` returning a number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

import pandas as pd

from explorer.behind.cards import Character
from explorer.behind.odds import OddsResult, melee_odds, ranged_odds

Measure = str | Callable[[OddsResult], float]
ROLES = ("attacker", "defender")
FIELDS = ("strength", "dexterity", "resistance", "injuries")


def measure_of(result: OddsResult, measure: Measure) -> float:
    """The number ``measure`` names (a summary key or a function of the result)."""
    if callable(measure):
        return float(measure(result))
    summary = result.summary()
    if measure not in summary:
        raise KeyError(f"unknown measure {measure!r}; a summary key ({', '.join(summary)}) or a function")
    return float(summary[measure])


def measure_name(measure: Measure) -> str:
    return measure if isinstance(measure, str) else getattr(measure, "__name__", "measure")


def _axis(axis: str) -> tuple[str, str]:
    role, _, field = axis.partition(".")
    if role not in ROLES or field not in FIELDS:
        raise ValueError(f"an axis is 'attacker.<field>' or 'defender.<field>' with a field of {FIELDS}, got {axis!r}")
    return role, field


def melee_grid(attacker: Character, defender: Character, rows: tuple[str, Iterable[int]],
               columns: tuple[str, Iterable[int]], *, measure: Measure = "P(defender injured)",
               **question) -> pd.DataFrame:
    """Exact melee odds over a grid: one row per value of ``rows``, one column per value of
    ``columns``, each an axis like ``("attacker.strength", range(0, 9))``.

    The other values are those of ``attacker`` and ``defender``; ``question`` is passed on to
    :func:`~explorer.behind.odds.melee_odds` (``attacker_supply``, ``defender_supply`` required).
    The frame's index and columns are named after the axes; ``frame.attrs["measure"]`` names the
    measure.
    """
    row_axis, row_values = rows[0], list(rows[1])
    col_axis, col_values = columns[0], list(columns[1])
    row_role, row_field = _axis(row_axis)
    col_role, col_field = _axis(col_axis)
    data = []
    for row_value in row_values:
        line = []
        for col_value in col_values:
            pair = {"attacker": attacker, "defender": defender}
            pair[row_role] = replace(pair[row_role], **{row_field: row_value})
            pair[col_role] = replace(pair[col_role], **{col_field: col_value})
            line.append(measure_of(melee_odds(pair["attacker"], pair["defender"], **question), measure))
        data.append(line)
    frame = pd.DataFrame(data, index=pd.Index(row_values, name=row_axis), columns=pd.Index(col_values, name=col_axis))
    frame.attrs["measure"] = measure_name(measure)
    return frame


def strength_resistance_sweep(attacker_supply: Sequence, defender_supply: Sequence | None = None, *,
                              strengths: Iterable[int] = range(0, 9), resistances: Iterable[int] = range(1, 5),
                              defender_strength: int = 2, measure: Measure = "P(defender injured)",
                              **question) -> pd.DataFrame:
    """The attacker's Strength (rows) against the defender's Resistance (columns), exactly.

    The defender has Strength ``defender_strength``; both draw from their supply (the defender
    from the attacker's if ``defender_supply`` is not given).  More Strength never lowers
    P(defender injured): a larger melee value wins every shuffle it won before.
    """
    attacker = Character(name="Attacker", strength=0, resistance=3)
    defender = Character(name="Defender", strength=defender_strength, resistance=1)
    return melee_grid(attacker, defender, ("attacker.strength", strengths), ("defender.resistance", resistances),
                      measure=measure, attacker_supply=list(attacker_supply),
                      defender_supply=list(attacker_supply if defender_supply is None else defender_supply),
                      **question)


def character_matrix(deck_a, deck_b, *, kind: str = "melee", measure: Measure | None = None,
                     weapon_fate: int = 5, **question) -> pd.DataFrame:
    """Every character of ``deck_a`` (rows, attacking or shooting) against every character of
    ``deck_b`` (columns), each side drawing from its own deck's action cards.

    ``kind``: "melee" (Melee Combat) or "ranged" (Ranged Combat, with a weapon card of fate number
    ``weapon_fate``).  Default measure: P(defender injured) / P(target injured).  ``question`` is
    passed on (``hand_size``, ``rear_arc``, ...).
    """
    if kind not in ("melee", "ranged"):
        raise ValueError(f"kind must be 'melee' or 'ranged', got {kind!r}")
    measure = measure or ("P(defender injured)" if kind == "melee" else "P(target injured)")
    supply_a, supply_b = list(deck_a.cards), list(deck_b.cards)
    data = []
    for first in deck_a.characters:
        line = []
        for second in deck_b.characters:
            if kind == "melee":
                result = melee_odds(first, second, attacker_supply=supply_a, defender_supply=supply_b, **question)
            else:
                result = ranged_odds(first, second, weapon_fate=weapon_fate, shooter_supply=supply_a,
                                     target_supply=supply_b, **question)
            line.append(measure_of(result, measure))
        data.append(line)
    first_role, second_role = ("attacker", "defender") if kind == "melee" else ("shooter", "target")
    rows = pd.Index([c.name for c in deck_a.characters], name=f"{deck_a.society} ({first_role})")
    columns = pd.Index([c.name for c in deck_b.characters], name=f"{deck_b.society} ({second_role})")
    frame = pd.DataFrame(data, index=rows, columns=columns)
    frame.attrs["measure"] = measure_name(measure)
    return frame
