"""Layouts from outside are never trusted: any corruption of a real layout file is a LayoutError (an
InputError naming the file, the field and the value) or a layout the table and scenario accept --
never another exception (issue 10)."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.behind import layouts as L
from explorer.behind.layouts import LayoutError
from explorer.core.inputs import InputError
from tests.corruptions import HOW, VALUES, corrupt

EXAMPLE = L.load_layout("unser_revier_example").to_json()

@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**9), how=HOW, value=VALUES)
def test_a_corrupted_layout_file_is_refused_naming_the_field_or_loads(tmp_path_factory, pick, how, value):
    data = copy.deepcopy(EXAMPLE)
    path = corrupt(data, pick, how, value)
    file = tmp_path_factory.mktemp("layouts") / "corrupted.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    try:
        layout = L.load_layout(file)
    except LayoutError as refused:
        assert isinstance(refused, InputError) and str(refused).startswith(str(file)), path
        return
    assert L.Layout.from_json(layout.to_json()) == layout, path


def test_a_layout_file_that_is_not_utf8_or_too_large_or_holds_nan_is_refused_naming_the_file(tmp_path):
    bad = tmp_path / "latin1.json"
    bad.write_bytes(json.dumps(EXAMPLE).replace("Revier", "Revi\u00e9r").encode("latin-1"))
    for path, words in ((bad, "UTF-8"),):
        try:
            L.load_layout(path)
        except LayoutError as refused:
            assert str(refused).startswith(str(path)) and words in str(refused)
        else:
            raise AssertionError("loaded")
    nan = tmp_path / "nan.json"
    nan.write_text(json.dumps(EXAMPLE).replace('"x": ', '"x": NaN, "_": ', 1), encoding="utf-8")
    huge = tmp_path / "huge.json"
    huge.write_text(" " * 2_100_000 + "{}", encoding="utf-8")
    for path, words in ((nan, "NaN"), (huge, "at most")):
        try:
            L.load_layout(path)
        except LayoutError as refused:
            assert words in str(refused), str(refused)
        else:
            raise AssertionError("loaded")


def test_a_tiny_negative_facing_loads_as_0_and_round_trips():
    """Found by the corruption test above: a facing of -8e-183 degrees became 360.0 (``-8e-183 % 360`` rounds up to
    360.0 in floating point), which a save wrote and read back as 0.0 -- a different game.  It is 0.0 from the start."""
    from explorer.behind.table import Chip

    chip = Chip("Sahra Jeanette", "Schwesternbund", 10.0, 10.0, facing=-8.064058575293557e-183)
    assert chip.facing == 0.0 and chip.turned(-1e-300).facing == 0.0 and chip.moved(11.0, 10.0, -1e-300).facing == 0.0
    data = copy.deepcopy(EXAMPLE)
    data["table"]["chips"][3]["facing"] = -8.064058575293557e-183
    layout = L.Layout.from_json(data)
    assert L.Layout.from_json(layout.to_json()) == layout
