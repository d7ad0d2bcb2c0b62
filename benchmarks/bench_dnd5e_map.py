"""D&D 5e battle map picture: what a step of the replay and a click on the map cost, against 100 ms.

Run:  .venv/bin/python benchmarks/bench_dnd5e_map.py [--steps 40] [--seed 3]

Measured side by side in one run, on the skirmish (scharmuetzel: 5 creatures, a wall, Geröll) and
the duel (duell), over the states of a seeded random game (explorer.dnd5e.players.RandomPlayer):

1. ``MapPicture.update(state)`` + ``png()`` per step: the terrain drawn once, the creatures and
   labels blitted over it (what the replay panel does on each step);
2. the same picture drawn afresh each step (``map_png``: a new figure, savefig), for the ratio;
3. a click-to-updated-figure estimate: ``move()`` of the acting creature along a two-leg path (what
   a click on the map would ask) + ``MapPicture.update(state, movement=...)`` + ``png()``.

Medians in milliseconds, wall time and CPU time of this process (the CPU time is the cost on one
core; the wall time also counts other programs on a busy machine).  A benchmark, not a test: the
exit code is 0 whatever the times.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from explorer.core.rng import SeededRng  # noqa: E402
from explorer.dnd5e.game import new_encounter  # noqa: E402
from explorer.dnd5e.movement import move  # noqa: E402
from explorer.dnd5e.players import RandomPlayer  # noqa: E402
from explorer.dnd5e.render_map import MapPicture, map_png  # noqa: E402

GOAL_MS = 100.0


def states(encounter: str, seed: int, steps: int) -> list:
    state = new_encounter(encounter, seed=seed)
    rng, player = SeededRng(seed), RandomPlayer()
    out = [state.copy()]
    while len(out) < steps and not state.is_terminal():
        state.apply(player.choose(state, rng))
        out.append(state.copy())
    return out


def timed(function, items) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    function(items[0])  # warm up (imports, font cache)
    for item in items:
        start, start_cpu = time.perf_counter(), time.process_time()
        function(item)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def click_path(state):
    """A two-leg path for the acting creature that move() accepts, or None: a square or two
    toward the middle of the map, then one more."""
    token = state.token(state.acting)
    x, y = (float(v) for v in token.position)
    m = state.battle_map
    sx = 1.5 if x < float(m.width) / 2 else -1.5
    sy = 1.5 if y < float(m.height) / 2 else -1.5
    for first, second in (((x + sx, y), (x + sx, y + sy)), ((x, y + sy), (x + sx, y + sy)),
                          ((x - sx, y), (x - sx, y - sy)), ((x, y - sy), (x - sx, y - sy))):
        try:
            move(m, state.acting, [first, second], budget=state.budget)
        except Exception:  # noqa: BLE001 -- blocked, off the map or too far: the next candidate
            continue
        return [first, second]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"D&D 5e map picture, medians over up to {args.steps} states of a random game (seed {args.seed}); "
          f"goal <= {GOAL_MS:.0f} ms")
    for encounter in ("scharmuetzel", "duell"):
        played = states(encounter, args.seed, args.steps)
        picture = MapPicture(played[0])

        def step(state):
            picture.update(state)
            picture.png()

        def afresh(state):
            map_png(state.battle_map, highlight=None if state.is_terminal() else state.acting)

        clicks = [(s, p) for s in played if not s.is_terminal() for p in [click_path(s)] if p is not None]

        def click(item):
            state, path = item
            movement = move(state.battle_map, state.acting, path, budget=state.budget)
            picture.update(state, movement=movement)
            picture.png()

        rows = {"update + png": timed(step, played), "drawn afresh": timed(afresh, played)}
        if clicks:
            rows["click: move + update + png"] = timed(click, clicks)
        base = statistics.median(rows["update + png"][1])
        w, h = picture.pixel_size
        print(f"  {encounter} ({len(played)} states, {len(clicks)} clicks, picture {w} x {h} px):")
        for name, (wall, cpu) in rows.items():
            c = statistics.median(cpu)
            print(f"    {name:28s} CPU {c:6.1f} ms, wall {statistics.median(wall):6.1f} ms (max {max(wall):6.1f}); "
                  f"{c / base:4.1f}x update; {GOAL_MS / c:4.1f}x inside the goal")


if __name__ == "__main__":
    main()
