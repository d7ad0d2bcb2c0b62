"""How lessons are stored: no outputs but the ones nbval checks, and every check has an output.

A cell marked ``# NBVAL_CHECK_OUTPUT`` with no stored output would never be compared (nbval skips
cells never executed), so the check would be silently empty.  ``notebooks/refresh_outputs.py``
brings a notebook back to this form.
"""

from pathlib import Path

import nbformat
import pytest

FOLDER = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted(p for p in FOLDER.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_only_checked_cells_store_outputs_and_every_check_has_one(path):
    notebook = nbformat.read(path, as_version=4)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        checked = "# NBVAL_CHECK_OUTPUT" in cell.source
        assert bool(cell.outputs) == checked, (
            f"{path.name} cell {index}: {'a checked cell needs' if checked else 'only checked cells keep'} "
            "a stored output; run notebooks/refresh_outputs.py")


def test_start_notebook_links_every_lesson():
    start = (FOLDER / "00_start_here.ipynb").read_text(encoding="utf-8")
    for lesson in NOTEBOOKS:
        if lesson.name != "00_start_here.ipynb":
            assert lesson.relative_to(FOLDER).as_posix() in start, f"start notebook does not link {lesson.name}"
