"""Replay panel step: slider change -> the table picture updated in place + the step's text.

Goal: <= 100 ms median from a widget event to the updated figure.  The states of each game are
rebuilt once (``replay``, timed separately); a step then updates the picture's artists, draws
them over the saved background (Agg) and makes the PNG the ``ipywidgets.Image`` shows, and
rewrites the step's events, the status and the players' table.  Measured over every step of a
two-player game ("Unser Revier!") and of a three-player game ("Das Juwel von Athen"), forwards
one step at a time and in random jumps.  For comparison: drawing the same state from scratch
(``state_png``, a new figure each time).  And the same steps on an ipympl canvas (what
``%matplotlib widget`` shows): the update blits onto the canvas's Agg buffer and ipympl makes the
PNG (a diff) it sends to the browser; the browser's requests for a full draw (the first one, new
obstacles during the setup) are answered at once.

Beyond: the core's replay panel (as ``explorer.beyond.panels.ReplayPanel``, which names the cards
by their spirits in its texts) over a two-player and a
four-player advanced game (patient random players) drawn by ``explorer.beyond.render_cards.
StatePicture``, whose tiles (a card, a caption, a band) are drawn once per content and pasted
into the frame: forwards (the first time through, new tiles drawn) and in random jumps (every
tile already drawn).

Run: ``python benchmarks/bench_replay.py`` (``--beyond``: Beyond only).
"""

import random
import statistics
import sys
import time

from explorer.behind.data import load_decks
from explorer.behind.panels.panel_replay import ReplayPanel
from explorer.behind.players import play_game
from explorer.behind.render_game import state_png
from explorer.behind.replay import replay

GOAL_MS = 100.0


def step_times(panel: ReplayPanel, order: list[int], cpu: list | None = None) -> list[float]:
    """Wall time of each step in ms; ``cpu`` (a list) gets the CPU time of each (this process: a busy
    shared machine inflates wall time, not CPU time)."""
    times = []
    for index in order:
        start, start_cpu = time.perf_counter(), time.process_time()
        panel.slider.value = index  # fires the observer: picture + PNG + text
        times.append((time.perf_counter() - start) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - start_cpu) * 1000)
    return times


def beyond() -> None:
    from explorer.beyond.panels import ReplayPanel as BeyondReplayPanel  # the core's, cards named by spirit
    from explorer.core.players import play
    from explorer.core.replay import replay as core_replay
    from explorer.core.systems import get

    system = get("beyond")
    rng = random.Random(0)
    for config, seed in (("advanced_2", 7), ("advanced_4", 3)):
        game = play(system.new_game(config, seed=seed), system.players["patient"](), seed=seed)
        saved = game.to_json()
        start = time.perf_counter()
        record = core_replay(saved)
        replay_ms = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        panel = BeyondReplayPanel(saved, picture="image")
        build_ms = (time.perf_counter() - start) * 1000
        n = len(record.states)
        forward_cpu, jumps_cpu = [], []
        forward = step_times(panel, list(range(1, n)), forward_cpu)
        jumps = step_times(panel, [rng.randrange(n) for _ in range(120)], jumps_cpu)
        print(f"Beyond {config} ({len(game.players)} players): {n - 1} actions; replaying the record once "
              f"{replay_ms:.0f} ms; the panel built in {build_ms:.0f} ms")
        ninetieth = sorted(forward)[int(0.9 * len(forward))]
        print(f"  replay step (slider -> picture + PNG + text), forwards (new tiles drawn): median "
              f"{statistics.median(forward):.1f} ms (90th percentile {ninetieth:.1f} ms); "
              f"random jumps (tiles drawn before): median {statistics.median(jumps):.1f} ms; "
              f"goal <= {GOAL_MS:.0f} ms median")
        print(f"  CPU time: forwards median {statistics.median(forward_cpu):.1f} ms (90th percentile "
              f"{sorted(forward_cpu)[int(0.9 * len(forward_cpu))]:.1f} ms), random jumps median "
              f"{statistics.median(jumps_cpu):.1f} ms; the picture {panel.picture.pixel_size[0]} x "
              f"{panel.picture.pixel_size[1]} px")


def main() -> None:
    beyond()
    if "--beyond" in sys.argv[1:]:
        return
    decks = load_decks()
    games = {
        "Unser Revier! (2 players)": play_game([decks["vampire"], decks["schwesternbund"]], seed=1),
        "Das Juwel von Athen (3 players)": play_game([decks["vampire"], decks["schwesternbund"], decks["werwoelfe"]],
                                                     "juwel_von_athen", players=("greedy",) * 3, seed=3,
                                                     max_turns=25),
    }
    rng = random.Random(0)
    for title, game in games.items():
        saved = game.to_json()
        start = time.perf_counter()
        record = replay(saved)
        replay_ms = (time.perf_counter() - start) * 1000
        panel = ReplayPanel(saved, picture="image")
        n = len(record.states)
        forward = step_times(panel, list(range(1, n)))
        jumps = step_times(panel, [rng.randrange(n) for _ in range(60)])
        sample = [record.states[i] for i in range(0, n, max(1, n // 15))]
        scratch = []
        for state in sample:
            start = time.perf_counter()
            state_png(state)
            scratch.append((time.perf_counter() - start) * 1000)
        print(f"{title}: {n - 1} actions; replaying the record once {replay_ms:.0f} ms")
        print(f"  replay step (slider -> picture in place + PNG + text), forwards: "
              f"median {statistics.median(forward):.1f} ms "
              f"(90th percentile {sorted(forward)[int(0.9 * len(forward))]:.1f} ms); random jumps: median "
              f"{statistics.median(jumps):.1f} ms; goal <= {GOAL_MS:.0f} ms median")
        live = ReplayPanel(saved, picture="ipympl")
        canvas = live.picture.figure.canvas
        canvas.syncing_data_url = False  # as once the browser shows the widget
        canvas.draw_idle = lambda: canvas.handle_draw({"type": "draw"})  # the browser's draw request, at once
        canvas.draw_idle()  # its first full draw
        on_canvas = step_times(live, list(range(1, n)))
        print(f"  on an ipympl canvas (blit + ipympl's PNG for the browser): median "
              f"{statistics.median(on_canvas):.1f} ms; goal <= {GOAL_MS:.0f} ms median")
        print(f"  for comparison, state_png from scratch: median {statistics.median(scratch):.1f} ms "
              f"({statistics.median(scratch) / statistics.median(forward):.1f}x the step)")


if __name__ == "__main__":
    main()
