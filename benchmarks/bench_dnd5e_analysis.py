"""D&D 5e movement analysis: what a movement panel recomputes on each click.

Question (dnd5e-combat-de-excerpt.txt, "SPURT", "SICH UM ANDERE KREATUREN HERUM BEWEGEN"; SRD 5.1 Combat >
Movement and Position): the region the Kämpferin can reach this turn, with and without Spurt
(:func:`explorer.dnd5e.analysis.reachable`), on the shipped maps ``duell`` and ``scharmuetzel``
(:data:`explorer.dnd5e.encounter.ENCOUNTERS`), on the grid (exact) and gridless (the lattice); the cost
of a 5-leg path (:func:`explorer.dnd5e.analysis.path_cost`) and the risk of its opportunity attacks
(:func:`explorer.dnd5e.analysis.opportunity_risk`).  Goal: each call <= 100 ms (median), a click in a panel.
One plain :func:`explorer.dnd5e.movement.move` of the same path is timed beside them (the ratio shows what
the table and the odds add).
Run: ``python benchmarks/bench_dnd5e_analysis.py``.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import median_ms  # noqa: E402

from explorer.core.rulings import Rulings  # noqa: E402
from explorer.dnd5e.analysis import opportunity_risk, path_cost, reachable  # noqa: E402
from explorer.dnd5e.encounter import ENCOUNTERS, build  # noqa: E402
from explorer.dnd5e.movement import move  # noqa: E402

GOAL_MS = 100.0
MOVER = "Kämpferin"
PATH = {  # 5 legs from the Kämpferin's start, next to the Ork and away (an opportunity attack), through Geröll
    "duell": [(2.25, 0.75), (5.25, 3.75), (8.25, 8.25), (8.25, 6.75), (6.75, 5.25)],
    "scharmuetzel": [(2.25, 8.25), (3.75, 9.75), (5.25, 11.25), (8.25, 12.75), (6.75, 11.25)],
}


def main() -> None:
    rows = []
    for name in ("duell", "scharmuetzel"):
        for measuring in ("grid", "gridless"):
            encounter = build(ENCOUNTERS[name], Rulings().switch(**{"dnd5e.measuring": measuring}))
            m = encounter.battle_map
            for spurt in (False, True):
                region = reachable(m, MOVER, spurt=spurt)
                ms = median_ms(lambda: reachable(m, MOVER, spurt=spurt))
                rows.append((f"reachable {name} {measuring}{' Spurt' if spurt else ''}", ms,
                             f"{len(region.points)} {'squares' if measuring == 'grid' else 'lattice points'}"))
            path = PATH[name]
            base = median_ms(lambda: move(m, MOVER, path, dash=True))
            cost = path_cost(m, MOVER, path, dash=True)
            rows.append((f"path_cost {name} {measuring} (5 legs)", median_ms(lambda: path_cost(m, MOVER, path, dash=True)),
                         f"{len(cost.frame)} pieces, {float(cost.total):.2f} m; move() alone {base:.2f} ms"))
            risk = opportunity_risk(m, MOVER, path, profiles=encounter.profiles, dash=True)
            rows.append((f"opportunity_risk {name} {measuring}",
                         median_ms(lambda: opportunity_risk(m, MOVER, path, profiles=encounter.profiles, dash=True)),
                         f"{len(risk.attacks)} attacks"))
    width = max(len(r[0]) for r in rows)
    print(f"{'call':<{width}}  ms/call  x goal  note")
    for label, ms, note in rows:
        print(f"{label:<{width}}  {ms:7.2f}  {ms / GOAL_MS:6.2f}  {note}")
    worst = max(ms for _, ms, _ in rows)
    print(f"slowest {worst:.2f} ms per call: {'within' if worst <= GOAL_MS else 'OVER'} the {GOAL_MS:g} ms goal")


if __name__ == "__main__":
    main()
