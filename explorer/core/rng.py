"""Seeded randomness: the same seed gives the same game.

:class:`SeededRng` wraps :class:`random.Random` and can save its exact state as JSON, so that a
saved game continues with the very cards it would have drawn.  ``numpy_rng`` gives a NumPy
generator for vectorised sampling (Monte Carlo estimates).
"""

from __future__ import annotations

import random
from typing import MutableSequence, Sequence, TypeVar

import numpy as np

T = TypeVar("T")


class SeededRng:
    """A reproducible random source; ``SeededRng(7)`` always yields the same sequence."""

    def __init__(self, seed: int | None = 0):
        if seed is not None and not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.seed = seed
        self._random = random.Random(seed)
        self._shared = False  # copy-on-write: the generator is shared with a copy (see copy())

    def _own(self) -> random.Random:
        """The generator to draw from, made this object's own first if a copy shares it."""
        if self._shared:
            mine = random.Random.__new__(random.Random)  # unseeded: setstate sets it all
            mine.setstate(self._random.getstate())
            self._random, self._shared = mine, False
        return self._random

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._own().shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        return self._own().choice(items)

    def randrange(self, start: int, stop: int | None = None) -> int:
        return self._own().randrange(start, stop) if stop is not None else self._own().randrange(start)

    def uniform(self, a: float, b: float) -> float:
        return self._own().uniform(a, b)

    def random(self) -> float:
        return self._own().random()

    def spawn(self, key: int | str) -> "SeededRng":
        """An independent stream derived from this seed and ``key`` (for parallel games)."""
        return SeededRng(_derive_seed(self.seed, key))

    def copy(self) -> "SeededRng":
        """An independent generator in the same state (it yields the same numbers from here).

        Copy-on-write: both share the underlying generator until either draws, which first makes
        its own copy of the state -- game snapshots copy generators far more often than they draw."""
        twin = SeededRng.__new__(SeededRng)
        twin.seed = self.seed
        twin._random = self._random
        twin._shared = self._shared = True
        return twin

    def to_json(self) -> dict:
        version, internal, gauss = self._random.getstate()
        return {"seed": self.seed, "state": [version, list(internal), gauss]}

    @classmethod
    def from_json(cls, data: dict) -> "SeededRng":
        rng = cls(data["seed"])
        version, internal, gauss = data["state"]
        rng._random.setstate((version, tuple(internal), gauss))
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeededRng) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"SeededRng({self.seed!r})"


def _derive_seed(seed: int | None, key: int | str) -> int:
    sequence = np.random.SeedSequence([0 if seed is None else seed, *_key_words(key)])
    return int(sequence.generate_state(1, dtype=np.uint64)[0])


def _key_words(key: int | str) -> list[int]:
    if isinstance(key, int):
        return [key]
    return list(key.encode("utf-8"))


def numpy_rng(seed: int | None = 0) -> np.random.Generator:
    """A NumPy generator for vectorised sampling; same seed, same samples."""
    return np.random.default_rng(seed)
