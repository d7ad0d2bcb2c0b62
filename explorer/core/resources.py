"""Where the shipped data files are: the package data ``explorer.data``.

In the repository the data files live in the top-level ``data/`` folder, one folder per rule
system (``data/behind/``, ``data/beyond/``).  pyproject.toml maps that folder to the subpackage
``explorer.data`` (``[tool.setuptools] package-dir``), so

* an installed wheel holds them as ``explorer/data/<system>/...`` beside the code (read-only:
  never write there, see :func:`data_is_installed`);
* an editable install (``pip install -e .``) finds the repository's own ``data/`` folder.

Code finds them only through :func:`importlib.resources.files` of ``explorer.data``, by
:func:`data_dir`; no module works out a path from its own ``__file__``.  A checkout used without
installing it (``explorer/`` merely on ``sys.path``, so ``explorer.data`` does not import) falls
back to the repository's ``data/`` folder.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

DATA_PACKAGE = "explorer.data"
"""The subpackage holding the data files (the repository's ``data/`` folder)."""

_PACKAGE_DIR = Path(__file__).resolve().parents[1]
"""The ``explorer`` package's own folder."""


def data_root() -> Traversable:
    """The folder of every system's data files: ``importlib.resources.files("explorer.data")``."""
    try:
        return files(DATA_PACKAGE)
    except ModuleNotFoundError:  # a checkout on sys.path, not installed: its data/ folder
        checkout = _PACKAGE_DIR.parent / "data"
        if checkout.is_dir():
            return checkout
        raise


def data_dir(system: str) -> Path:
    """The folder of one system's data files as a :class:`~pathlib.Path`:
    ``data_dir("behind")`` -> ``<data>/behind`` (``data/behind/`` of the repository, or
    ``explorer/data/behind/`` of an installed wheel)."""
    return _on_disk(data_root() / system)


def _on_disk(folder: Traversable) -> Path:
    if not isinstance(folder, Path):  # e.g. a zipped package: the loaders read real files
        raise RuntimeError(f"the data files of {DATA_PACKAGE} are not on the file system ({folder!r}); "
                           f"install the package unzipped (as pip does)")
    return folder


def data_is_installed() -> bool:
    """True when the data files are an installed package's copy (``explorer/data/`` inside the
    ``explorer`` package, as a wheel installs it, e.g. in site-packages): nothing may be written
    there.  False for the repository's ``data/`` folder (a checkout or an editable install)."""
    return _on_disk(data_root()).resolve().is_relative_to(_PACKAGE_DIR)


def display_path(path: Path | str) -> str:
    """A file named as the messages and data READMEs name it: relative to the folder that holds
    ``data/`` (``data/behind/decks/vampire.toml``; in a checkout that is the repository, so
    ``tests/...`` too), any other file as given."""
    path = Path(path)
    try:
        return path.resolve().relative_to(_on_disk(data_root()).resolve().parent).as_posix()
    except ValueError:
        return str(path)


__all__ = ["DATA_PACKAGE", "data_dir", "data_is_installed", "data_root", "display_path"]
