"""Random corruptions of JSON-like data, shared by the hostile-input tests (saves, positions, layouts):
one value replaced, one key or item dropped, or one item doubled, anywhere in the data."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**15, 10**15), st.floats(allow_nan=True),
                   st.text(max_size=10), st.just([]), st.just({}), st.just([[[[]]]]), st.just("../../etc/passwd"),
                   st.just("x" * 5_000))
"""Values a hostile or careless hand puts where something else belongs."""

HOW = st.sampled_from(["set", "drop", "double"])


def paths(value: Any, path: tuple = ()):
    """Every path into ``value`` (keys and list indices), the empty path first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, path + (index,))


def corrupt(data: Any, pick: int, how: str, value: Any) -> tuple:
    """Change ``data`` in place at its path number ``pick`` (modulo the number of paths): ``"set"``
    puts ``value`` there, ``"drop"`` deletes it, ``"double"`` repeats a list item (or makes a pair
    of a dict's value).  Returns the path changed."""
    every = [p for p in paths(data) if p]
    path = every[pick % len(every)]
    target = data
    for key in path[:-1]:
        target = target[key]
    last = path[-1]
    if how == "set":
        target[last] = value
    elif how == "drop":
        del target[last]
    elif isinstance(target, list):
        target.insert(last, copy.deepcopy(target[last]))
    else:
        target[last] = [target[last], target[last]]
    return path
