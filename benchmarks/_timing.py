"""Shared timing helpers for the ratio benchmarks (not a test: these machines are noisy): the median of
repeated runs, and the worker process that times another source tree side by side (``--against DIR``)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable


def median_ms(function: Callable[[], object], repeats: int = 7, number: int = 1) -> float:
    """Median wall time of ``function`` in milliseconds over ``repeats`` runs of ``number`` calls."""
    function()  # warm up (imports, caches)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) * 1000 / number)
    return statistics.median(times)


class Worker:
    """A benchmark's ``--against DIR`` side: the same script (``script``, run with ``--worker``) in a
    process of its own whose environment sets ``root_variable`` to ``tree``, so that it imports the
    engine from that other source tree (say ``git archive`` of an older commit unpacked there).  Call
    it with a job's JSON-able arguments to get the worker's JSON answer (one line each way, see
    :func:`serve`); ``close()`` (or leaving a ``with`` block) ends it."""

    def __init__(self, script: str | Path, root_variable: str, tree: str | Path):
        self.process = subprocess.Popen([sys.executable, str(Path(script).resolve()), "--worker"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        env={**os.environ, root_variable: str(Path(tree).resolve())})

    def __call__(self, *job):
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def serve(function: Callable[..., object]) -> int:
    """The ``--worker`` loop of :class:`Worker`: ``function(*job)`` for each job read from stdin (a JSON
    list a line), its JSON-able answer printed a line each.  Returns the exit code, 0."""
    for line in sys.stdin:
        print(json.dumps(function(*json.loads(line))), flush=True)
    return 0
