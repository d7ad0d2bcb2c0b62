"""Lessons show tables as HTML, never as printed text (issue 11): no lesson prints a DataFrame's
``to_string()``, no stored output shows a doubled citation quote or a "-0.000"."""

from pathlib import Path

import nbformat
import pytest

FOLDER = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(p for p in FOLDER.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts and "apps" not in p.parts
                 and p.name != "05_scenario_designer.ipynb")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.relative_to(FOLDER).as_posix())
def test_a_lesson_shows_tables_as_html_and_cites_cleanly(path):
    notebook = nbformat.read(path, as_version=4)
    for index, cell in enumerate(notebook.cells):
        where = f"{path.name} cell {index}"
        assert '""Unser Revier' not in cell.source and '""Das Juwel' not in cell.source, where
        if cell.cell_type != "code":
            continue
        assert ".to_string(" not in cell.source, f"{where}: show the table with html_table(...), not printed text"
        for output in cell.get("outputs", []):
            text = "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/html", ""))
            assert '""' not in text.replace('=""', ""), f"{where}: a doubled quote in a stored output"
            assert "-0.000" not in text, f"{where}: a negative zero in a stored output"
