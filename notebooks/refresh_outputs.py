"""Re-run every lesson and store only the outputs that nbval checks.

Notebooks are committed without outputs (they are made fresh in JupyterLab), except the cells
marked ``# NBVAL_CHECK_OUTPUT``: their stored output is what ``make test`` expects the cell to
print again.  After changing a notebook or the data behind a checked cell, run
``.venv/bin/python notebooks/refresh_outputs.py`` and review the diff.
"""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

CHECK = "# NBVAL_CHECK_OUTPUT"
HERE = Path(__file__).resolve().parent


def refresh(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in notebook.cells:
        if cell.cell_type == "code" and CHECK not in cell.source:
            cell.outputs, cell.execution_count = [], None
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)


if __name__ == "__main__":
    for notebook_path in sorted(HERE.rglob("*.ipynb")):
        if ".ipynb_checkpoints" not in notebook_path.parts:
            print("refreshing", notebook_path.relative_to(HERE))
            refresh(notebook_path)
