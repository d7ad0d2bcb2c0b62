"""The command line of a pinned random-games digest (tests/<system>/make_digest.py): write every game's digest to its
JSON file, or with ``--check`` replay them all and list the games that differ from the stored ones."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Callable, Iterable


def digest_main(description: str, digest: Path, games: Iterable[tuple], key: Callable[..., str],
                game_digest: Callable[..., dict], argv: list[str] | None = None) -> int:
    """``games`` played through ``game_digest`` (each game's arguments a tuple, named by ``key``), written to ``digest``
    or, with ``--check``, compared with it; the exit code is 1 when a game differs."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="replay and compare instead of writing")
    args = parser.parse_args(argv)
    found = {key(*game): game_digest(*game) for game in games}
    if args.check:
        stored = json.loads(digest.read_text())
        differ = sorted(k for k in found.keys() | stored.keys() if found.get(k) != stored.get(k))
        for k in differ:
            print(f"{k}: stored {stored.get(k)}, now {found.get(k)}")
        print(f"{len(found) - len(differ)} of {len(found)} games as stored")
        return 1 if differ else 0
    digest.parent.mkdir(exist_ok=True)
    digest.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    print(f"{len(found)} games written to {digest}")
    return 0
