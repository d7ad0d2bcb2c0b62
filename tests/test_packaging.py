"""pyproject.toml and environment.yml must list the same dependencies.

Why: the project can be installed two ways, with pip from pyproject.toml (``make lab``,
``make test``, CI) and with conda from environment.yml. Nothing else ever reads environment.yml
here, so when a dependency is added to (or pinned in) one file and not the other, the conda
environment silently drifts and breaks only for whoever uses it. These tests compare the runtime
dependencies plus the ``test`` extra of pyproject.toml with environment.yml: the same package
names (normalised: lower case, ``_`` and ``.`` read as ``-``), the same version specifiers where
both files give one, the same Python floor, and environment.yml installing the project itself
(``pip: [-e .]``).

environment.yml is read by the small parser below rather than PyYAML: PyYAML is only a
transitive dependency here (of jupyter-events), and the file is a simple list.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
ENVIRONMENT = ROOT / "environment.yml"

# conda-forge names that differ from the PyPI name of the same package.
CONDA_TO_PYPI = {"matplotlib-base": "matplotlib"}
# conda entries that are tools of the environment, not dependencies of the project.
NOT_DEPENDENCIES = {"python", "pip"}


# --- reading the two files -------------------------------------------------------------------


def parse_environment_yml(text: str) -> dict:
    """Parse the subset of YAML that environment.yml uses.

    Top-level ``key: value`` pairs and ``key:`` followed by a block list of ``- item`` strings; a
    list item may itself be ``- key:`` followed by a deeper list (``- pip:`` then ``- -e .``).
    Flow lists (``[a, b]``) are accepted as values too. Comments and blank lines are skipped.
    Returns plain dicts, lists and strings.
    """
    root: dict = {}
    # stack of (indent of the list's items, the list)
    lists: list[tuple[int, list]] = []
    pending: tuple[int, object, str] | None = None  # (indent, container, key) awaiting a list
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        body = line.strip()
        if body.startswith("- ") or body == "-":
            item = body[1:].strip()
            if pending is not None:
                p_indent, container, key = pending
                if indent < p_indent:
                    raise ValueError(f"line {lineno}: list item not under its key: {raw!r}")
                new: list = []
                _put(container, key, new)
                lists.append((indent, new))
                pending = None
            while lists and lists[-1][0] > indent:
                lists.pop()
            if not lists or lists[-1][0] != indent:
                raise ValueError(f"line {lineno}: unexpected list item: {raw!r}")
            target = lists[-1][1]
            m = re.fullmatch(r"([^\s:\[\]{}'\"][^:]*):(\s+(.*))?", item)
            if m and not item.startswith("-"):
                key, value = m.group(1).strip(), (m.group(3) or "").strip()
                entry: dict = {}
                target.append(entry)
                if value:
                    entry[key] = _scalar_or_flow(value)
                else:
                    pending = (indent + 1, entry, key)
            else:
                target.append(_unquote(item))
            continue
        m = re.fullmatch(r"([A-Za-z_][\w.-]*):(\s+(.*))?", body)
        if not m or indent != 0:
            raise ValueError(f"line {lineno}: cannot parse {raw!r}")
        lists.clear()
        key, value = m.group(1), (m.group(3) or "").strip()
        if value:
            root[key] = _scalar_or_flow(value)
            pending = None
        else:
            root[key] = None
            pending = (0, root, key)
    return root


def _strip_comment(line: str) -> str:
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def _unquote(s: str) -> str:
    if len(s) >= 2 and s[0] == s[-1] and s[0] in "'\"":
        return s[1:-1]
    return s


def _scalar_or_flow(value: str):
    if value.startswith("[") and value.endswith("]"):
        inner = value[1:-1].strip()
        return [_unquote(v.strip()) for v in inner.split(",")] if inner else []
    return _unquote(value)


def _put(container, key, value) -> None:
    container[key] = value


def load_environment() -> dict:
    return parse_environment_yml(ENVIRONMENT.read_text(encoding="utf-8"))


def load_pyproject() -> dict:
    with PYPROJECT.open("rb") as f:
        return tomllib.load(f)


# --- normalising requirements ----------------------------------------------------------------


def normalise_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.strip().lower())


def normalise_spec(spec: str) -> str:
    """Canonical text of a version specifier: no spaces, conda's ``=1.2`` as ``==1.2.*``,
    comma-separated parts sorted."""
    spec = re.sub(r"\s+", "", spec)
    if not spec:
        return ""
    parts = []
    for part in spec.split(","):
        if re.fullmatch(r"=[^=].*", part):  # conda's fuzzy pin: =1.2 means 1.2.*
            part = "=" + part + ("" if part.endswith("*") else ".*")
        elif re.fullmatch(r"[0-9][^<>=!~]*", part):  # conda's bare version: 1.2
            part = "==" + part
        parts.append(part)
    return ",".join(sorted(parts))


def split_requirement(req: str) -> tuple[str, str]:
    """('Shapely[vectorized] >= 2 ; python_version>"3"') -> ('shapely', '>=2')."""
    req = req.split(";", 1)[0].strip()
    m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)", req)
    if not m:
        raise ValueError(f"cannot read requirement {req!r}")
    return normalise_name(m.group(1)), normalise_spec(m.group(3))


def pyproject_requirements() -> dict[str, str]:
    project = load_pyproject()["project"]
    reqs = list(project.get("dependencies", []))
    reqs += project.get("optional-dependencies", {}).get("test", [])
    out: dict[str, str] = {}
    for req in reqs:
        name, spec = split_requirement(req)
        assert name not in out, f"pyproject.toml lists {name} twice"
        out[name] = spec
    return out


def environment_requirements() -> tuple[dict[str, str], list[str], str]:
    """(dependencies by name, the raw pip-section entries, python's specifier)."""
    env = load_environment()
    deps = env.get("dependencies") or []
    out: dict[str, str] = {}
    pip_entries: list[str] = []
    python_spec = ""

    def add(name: str, spec: str, where: str) -> None:
        name = CONDA_TO_PYPI.get(name, name)
        assert name not in out, f"environment.yml lists {name} twice ({where})"
        out[name] = spec

    for dep in deps:
        if isinstance(dep, dict):
            for entry in dep.get("pip", []):
                pip_entries.append(entry)
                if entry.startswith("-"):  # -e ., -r file, options: not a package name
                    continue
                add(*split_requirement(entry), where="pip section")
            continue
        # conda match spec: "name", "name>=1", "name >=1", "channel::name =1.2"
        dep = dep.split("::", 1)[-1]
        name, spec = split_requirement(dep)
        if name == "python":
            python_spec = spec
        if name in NOT_DEPENDENCIES:
            continue
        add(name, spec, where="conda")
    return out, pip_entries, python_spec


# --- the tests -------------------------------------------------------------------------------


def test_same_package_names():
    pip_side = pyproject_requirements()
    conda_side, _, _ = environment_requirements()
    only_pyproject = sorted(set(pip_side) - set(conda_side))
    only_environment = sorted(set(conda_side) - set(pip_side))
    assert not only_pyproject and not only_environment, (
        f"pyproject.toml (dependencies + test extra) and environment.yml disagree: "
        f"only in pyproject.toml: {only_pyproject}; only in environment.yml: {only_environment}"
    )


def test_same_version_specifiers_where_both_give_one():
    pip_side = pyproject_requirements()
    conda_side, _, _ = environment_requirements()
    differ = {
        name: (pip_side[name], conda_side[name])
        for name in set(pip_side) & set(conda_side)
        if pip_side[name] and conda_side[name] and pip_side[name] != conda_side[name]
    }
    assert not differ, f"version specifiers differ (pyproject.toml, environment.yml): {differ}"


def test_same_python_floor():
    _, _, python_spec = environment_requirements()
    requires_python = normalise_spec(load_pyproject()["project"]["requires-python"])
    assert python_spec == requires_python, (
        f"environment.yml asks for python{python_spec}, "
        f"pyproject.toml's requires-python is {requires_python}"
    )


def test_environment_installs_the_project_itself():
    _, pip_entries, _ = environment_requirements()
    assert any(re.fullmatch(r"-e\s+\.(/)?", e) for e in pip_entries), (
        f"environment.yml should install the project with `- pip: [-e .]`; pip entries: {pip_entries}"
    )


SAMPLE = """\
# a comment
name: demo   # trailing comment
channels: [conda-forge]
dependencies:
  - python>=3.11
  - "shapely >=2"
  - conda-forge::Foo_Bar=1.2
  - pip
  - pip:
      - -e .
      - some.pkg[extra] >= 3 ; python_version >= "3.11"
"""


def test_parser_reads_the_shapes_environment_yml_uses():
    env = parse_environment_yml(SAMPLE)
    assert env["name"] == "demo"
    assert env["channels"] == ["conda-forge"]
    assert env["dependencies"] == [
        "python>=3.11",
        "shapely >=2",
        "conda-forge::Foo_Bar=1.2",
        "pip",
        {"pip": ["-e .", 'some.pkg[extra] >= 3 ; python_version >= "3.11"']},
    ]
    assert split_requirement("shapely >=2") == ("shapely", ">=2")
    assert split_requirement("Foo_Bar=1.2") == ("foo-bar", "==1.2.*")
    assert split_requirement('some.pkg[extra] >= 3 ; python_version >= "3.11"') == ("some-pkg", ">=3")
    assert normalise_spec("<3, >=2") == normalise_spec(">=2,<3")


@pytest.mark.parametrize("bad", ["dependencies:\n- a\n  - b\n", "  x: 1\n", "- a\n"])
def test_parser_rejects_what_it_does_not_understand(bad):
    with pytest.raises(ValueError):
        parse_environment_yml(bad)
