"""The shipped data files, as the package data ``explorer.data``.

This folder stays the repository's one copy of the data; pyproject.toml maps it to the subpackage
``explorer.data`` (``[tool.setuptools] package-dir``), so a wheel installs it as
``explorer/data/`` and an editable install finds it here.  Code reads it through
``explorer.core.resources`` (``importlib.resources``).  No code lives here.
"""
