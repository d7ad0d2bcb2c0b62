"""Rulebook coverage: which code and which tests cite each section of a rulebook.

A rule system lists its rulebook's sections as :class:`~explorer.core.rules.RuleRef` constants in a
``refs`` module (one per heading, in rulebook order).  :func:`coverage` reads the code and the tests
(with :mod:`ast`; nothing is imported or run) and returns one :class:`SectionCoverage` row per
section.

A file **cites** a section when it

* names its constant: ``refs.MELEE`` (however the refs module was imported) or ``MELEE`` imported
  from the refs module, or
* contains the exact heading text in a string (docstrings included), e.g. ``section "Melee Combat
  (Nahkampf)"``; line breaks count as spaces, and a heading found inside a longer heading (or word)
  is not cited on its own.  Short forms such as "Melee Combat" do not count.

Code is counted per module.  Tests are counted per test function, strictly: a test cites what its
own decorators, docstring and body cite, plus module-level helpers, fixtures and constants it uses by
name (followed transitively).  A module docstring or an unused helper cites nothing for any test.

Status: ``tested`` when at least one test cites the section, else ``out of scope: <reason>`` when
the system lists it out of scope, else ``NOT COVERED``.

``python -m explorer.core.coverage`` prints every system's table; ``--write`` rewrites
``docs/<system>-rulebook-coverage.md`` (a test keeps them in step).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from explorer.core.rules import RuleRef

ROOT = Path(__file__).resolve().parents[2]
DOCS_DIR = ROOT / "docs"
COMMAND = "python -m explorer.core.coverage --write"
TESTED, NOT_COVERED = "tested", "NOT COVERED"


@dataclass(frozen=True)
class SectionCoverage:
    """One section of a rulebook: its constant, the code modules and tests citing it, its status."""

    rule: RuleRef
    constant: str
    code: tuple[str, ...]
    tests: tuple[str, ...]
    status: str

    @property
    def section(self) -> str:
        return self.rule.section

    @property
    def covered(self) -> bool:
        return self.status != NOT_COVERED


def rule_constants(refs: ModuleType) -> dict[str, RuleRef]:
    """The module's RuleRef constants, ``NAME -> RuleRef``, in file order."""
    return {name: value for name, value in vars(refs).items() if isinstance(value, RuleRef)}


def coverage(
    refs: ModuleType,
    code_dir: Path,
    tests_dir: Path,
    out_of_scope: Mapping[RuleRef, str] | None = None,
    *,
    root: Path | None = None,
    exclude: Iterable[Path] = (),
    package: str | None = None,
) -> list[SectionCoverage]:
    """One row per section of ``refs`` (first constant name wins when two name the same section).

    ``code_dir`` is scanned for ``*.py`` modules (the refs module itself and ``exclude`` skipped),
    ``tests_dir`` for pytest files (``test_*.py``, ``*_test.py``).  Test node ids are relative to
    ``root`` (default: the parent of ``tests_dir``).  ``out_of_scope`` maps a section to the reason
    it holds no rule to implement; an unknown section or an empty reason raises ``ValueError``.
    ``package`` (e.g. ``"explorer.dnd5e"``): only test files that import it count -- a heading such
    as "Movement" of one rulebook is not cited by another system's test that mentions "Combat >
    Movement and Position".
    """
    constants = rule_constants(refs)
    out_of_scope = dict(out_of_scope or {})
    for rule, reason in out_of_scope.items():
        if rule not in constants.values():
            raise ValueError(f"out-of-scope entry {rule} is not a constant of {refs.__name__}")
        if not str(reason).strip():
            raise ValueError(f"out-of-scope entry {rule} needs a reason")
    citer = _Citer(refs.__name__, constants)
    root = Path(root) if root is not None else Path(tests_dir).parent
    skip = {Path(p).resolve() for p in exclude} | {Path(refs.__file__).resolve()}

    code: dict[RuleRef, set[str]] = {rule: set() for rule in constants.values()}
    for path in sorted(Path(code_dir).rglob("*.py")):
        if path.resolve() in skip:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for rule in citer.cites(tree, citer.aliases(tree, _package(path))):
            code[rule].add(_module_name(path))

    tests: dict[RuleRef, list[str]] = {rule: [] for rule in constants.values()}
    for path in sorted(Path(tests_dir).rglob("*.py")):
        if not (path.name.startswith("test_") or path.name.endswith("_test.py")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if package is not None and not _imports(tree, package):
            continue
        aliases = citer.aliases(tree, _package(path))
        top = _module_level_definitions(tree)
        for node_id, test in _test_functions(tree, path.relative_to(root).as_posix()):
            for rule in _test_cites(test, top, citer, aliases):
                tests[rule].append(node_id)

    rows, seen = [], set()
    for name, rule in constants.items():
        if rule in seen:
            continue
        seen.add(rule)
        if tests[rule]:
            status = TESTED
        elif rule in out_of_scope:
            status = f"out of scope: {out_of_scope[rule]}"
        else:
            status = NOT_COVERED
        rows.append(SectionCoverage(rule, name, tuple(sorted(code[rule])), tuple(tests[rule]), status))
    return rows


def _imports(tree: ast.AST, package: str) -> bool:
    """Whether the module imports ``package`` or one of its modules (anywhere in the file)."""
    def within(name: str | None) -> bool:
        return bool(name) and (name == package or name.startswith(package + "."))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(within(alias.name) for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (
                within(node.module) or any(within(f"{node.module}.{a.name}") for a in node.names)):
            return True
    return False


def uncovered(rows: Iterable[SectionCoverage]) -> list[SectionCoverage]:
    """The rows no test cites and no out-of-scope reason explains."""
    return [row for row in rows if not row.covered]


def coverage_frame(rows: Iterable[SectionCoverage]):
    """The rows as a pandas DataFrame (for notebooks)."""
    import pandas as pd

    return pd.DataFrame(
        [{"section": r.section, "constant": r.constant, "code": list(r.code), "tests": list(r.tests),
          "status": r.status} for r in rows],
        columns=["section", "constant", "code", "tests", "status"])


def coverage_markdown(rows: Iterable[SectionCoverage]) -> str:
    """A Markdown table: section | constant | code | tests | status."""
    def cell(items: Iterable[str]) -> str:
        return "<br>".join(f"`{item}`" for item in items)

    lines = ["| section | constant | code | tests | status |", "| --- | --- | --- | --- | --- |"]
    for r in rows:
        status = f"**{r.status}**" if not r.covered else r.status
        cells = (r.section, f"`{r.constant}`", cell(r.code), cell(r.tests), status)
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


# -- every system ----------------------------------------------------------------------------------
def system_coverage(refs, coverage_file: str | Path, out_of_scope: Mapping) -> list[SectionCoverage]:
    """A system's coverage, from its ``coverage.py`` (``__file__``): its package's modules and the
    tests of the repository's ``tests/`` that import the package (the coverage file itself lists
    sections, it does not cite them)."""
    here = Path(coverage_file).resolve()
    root = here.parents[2]
    package = refs.__name__.rsplit(".", 1)[0]
    return coverage(refs, here.parent, root / "tests", out_of_scope, root=root, exclude=[here], package=package)


def all_systems() -> dict[str, Callable[[], list[SectionCoverage]]]:
    """Each registered rule system's coverage function (found through ``explorer.core.systems``)."""
    from explorer.core.systems import load_all

    return {name: system.coverage for name, system in load_all().items()}


def docs_path(system: str) -> Path:
    return DOCS_DIR / f"{system}-rulebook-coverage.md"


def coverage_document(system: str, rows: list[SectionCoverage]) -> str:
    """The full text of ``docs/<system>-rulebook-coverage.md``."""
    rulebooks = ", ".join(sorted({f"`{r.rule.rulebook}`" for r in rows}))
    counts = {label: sum(test(r) for r in rows) for label, test in (
        ("tested", lambda r: r.status == TESTED),
        ("out of scope", lambda r: r.status.startswith("out of scope")),
        ("not covered", lambda r: not r.covered))}
    summary = ", ".join(f"{n} {label}" for label, n in counts.items())
    return (
        f"# Rulebook coverage: {system}\n\n"
        f"Generated by `{COMMAND}` from the citations in the code and the tests; do not edit by hand "
        f"(`tests/test_rulebook_coverage.py` checks it is current).\n\n"
        f"One row per section heading of {rulebooks}. A test cites a section by its constant "
        f"(`refs.NAME`) or by the exact heading text; a section that holds no rule to implement is "
        f"listed out of scope with the reason. Every other section needs a test.\n\n"
        f"{len(rows)} sections: {summary}.\n\n"
        f"{coverage_markdown(rows)}"
    )


def write_docs() -> list[Path]:
    """Rewrite every system's coverage document; return the paths written."""
    written = []
    for system, compute in all_systems().items():
        path = docs_path(system)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(coverage_document(system, compute()), encoding="utf-8")
        written.append(path)
    return written


# -- scanning --------------------------------------------------------------------------------------
class _Citer:
    """Finds the sections one syntax tree cites."""

    def __init__(self, refs_name: str, constants: Mapping[str, RuleRef]):
        self.refs_name = refs_name
        self.constants = dict(constants)
        self.headings: dict[str, set[RuleRef]] = {}
        for rule in constants.values():
            self.headings.setdefault(rule.section, set()).add(rule)
        # Longest first, so that a heading inside a longer heading is masked before it is searched.
        self.patterns = [(re.compile(r"(?<!\w)" + re.escape(" ".join(h.split())) + r"(?!\w)"), h)
                         for h in sorted(self.headings, key=len, reverse=True)]

    def aliases(self, tree: ast.Module, package: str) -> tuple[set[str], dict[str, str]]:
        """How a file names the refs module (``refs``, ``explorer.behind.refs``, ...) and the
        constants it imported from it (``local name -> constant``)."""
        package, _, leaf = self.refs_name.rpartition(".")
        modules: set[str] = set()
        names: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == self.refs_name:
                        modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(node, package)
                for alias in node.names:
                    if source == package and alias.name == leaf:
                        modules.add(alias.asname or leaf)
                    elif source == self.refs_name and alias.name in self.constants:
                        names[alias.asname or alias.name] = alias.name
        return modules, names

    def cites(self, node: ast.AST, aliases: tuple[set[str], dict[str, str]]) -> set[RuleRef]:
        modules, names = aliases
        found: set[RuleRef] = set()
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and sub.attr in self.constants:
                if ast.unparse(sub.value) in modules:
                    found.add(self.constants[sub.attr])
            elif isinstance(sub, ast.Name) and sub.id in names:
                found.add(self.constants[names[sub.id]])
            elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                text = " ".join(sub.value.split())
                for pattern, heading in self.patterns:
                    if pattern.search(text):
                        found |= self.headings[heading]
                        text = pattern.sub("\0", text)
        return found


def _absolute(node: ast.ImportFrom, package: str) -> str | None:
    """The absolute module a ``from ... import`` reads from (relative to ``package`` if dotted)."""
    if not node.level:
        return node.module
    parts = package.split(".")
    parts = parts[: len(parts) - node.level + 1]
    return ".".join(parts + ([node.module] if node.module else [])) or None


def _package(path: Path) -> str:
    """The package a file's relative imports start from."""
    name = _module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _module_name(path: Path) -> str:
    """Dotted name of a file, walking up while the folder is a package (has ``__init__.py``)."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def _module_level_definitions(tree: ast.Module) -> dict[str, ast.AST]:
    """Module-level functions, classes and assigned names (helpers, fixtures, case tables)."""
    top: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            top[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        top[name.id] = node
    return top


def _test_functions(tree: ast.Module, file_id: str):
    """``(node id, function)`` for pytest's test functions and ``Test*`` class methods."""
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    for node in tree.body:
        if isinstance(node, functions) and node.name.startswith("test"):
            yield f"{file_id}::{node.name}", node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for method in node.body:
                if isinstance(method, functions) and method.name.startswith("test"):
                    yield f"{file_id}::{node.name}::{method.name}", method


def _test_cites(test: ast.AST, top: Mapping[str, ast.AST], citer: _Citer, aliases) -> set[RuleRef]:
    """What a test cites itself, plus the module-level definitions it uses by name (transitively)."""
    found: set[RuleRef] = set()
    todo, seen = [test], {id(test)}
    while todo:
        node = todo.pop()
        found |= citer.cites(node, aliases)
        for sub in ast.walk(node):
            name = sub.id if isinstance(sub, ast.Name) else sub.arg if isinstance(sub, ast.arg) else None
            definition = top.get(name)
            if definition is not None and id(definition) not in seen:
                seen.add(id(definition))
                todo.append(definition)
    return found


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        for written in write_docs():
            print(f"wrote {written.relative_to(ROOT)}")
    else:
        for system, compute in all_systems().items():
            print(f"## {system}\n\n{coverage_markdown(compute())}")
