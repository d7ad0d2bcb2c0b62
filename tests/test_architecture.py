"""Architecture rules that keep the code easy to see and to change (DEVELOPERS' guide).

Rules engines are pure Python: only drawing modules (``render*``), panels and ``core/display``
may import matplotlib, ipywidgets or IPython.  Data flows one way, so an engine module never
imports a drawing module or a panel at module level.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "explorer"
UI_LIBRARIES = {"matplotlib", "ipywidgets", "IPython", "ipympl"}
UI_MODULES = ("render", "panels", "display")


def _modules():
    return sorted(p for p in PACKAGE.rglob("*.py"))


def _is_ui(path: Path) -> bool:
    """Drawing and panel modules: named render*/panels*/display*, or inside a ``panels`` package."""
    return path.stem.startswith(UI_MODULES) or "panels" in path.relative_to(PACKAGE).parts[:-1]


def _imports(path: Path, top_level_only: bool):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    for node in nodes:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


@pytest.mark.parametrize("path", [p for p in _modules() if not _is_ui(p)], ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_module_imports_no_ui_library(path):
    found = {name for name in _imports(path, top_level_only=False) if name.split(".")[0] in UI_LIBRARIES}
    assert not found, f"{path.name} imports {sorted(found)}: move drawing into a render/panel module"


@pytest.mark.parametrize("path", [p for p in _modules() if not _is_ui(p)], ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_module_does_not_import_drawing_at_load_time(path):
    found = {name for name in _imports(path, top_level_only=True)
             if any(part.startswith(UI_MODULES) for part in name.split(".")[2:])}
    assert not found, f"{path.name} imports {sorted(found)} at module level: data flows from engine to drawing"


CORE = PACKAGE / "core"


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_core_imports_no_system(path):
    """The core finds systems through the registry (explorer.core.systems), never by name: a system
    depends on the core, not the other way round."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("explorer.") and not a.name.startswith("explorer.core")}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("explorer.") and not node.module.startswith("explorer.core"):
                found.add(node.module)
            if node.module == "explorer":
                found |= {a.name for a in node.names if a.name != "core"}
    assert not found, f"{path.name} imports {sorted(found)}: register the system instead (explorer.core.systems)"


UNREGISTERED: dict[str, str] = {}
"""System packages under construction that have no engine to register yet, each with the reason."""


def test_every_system_package_registers_itself():
    """Each subpackage of explorer/ but the core is a system that registers itself on import (but the
    packages of :data:`UNREGISTERED`, which must not register yet: once one does, it leaves that list)."""
    from explorer.core.systems import load_all

    packages = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists() and p.name != "core")
    assert set(UNREGISTERED) <= set(packages)
    assert sorted(load_all()) == sorted(set(packages) - set(UNREGISTERED))
