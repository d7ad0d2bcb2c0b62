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

The last tests build the wheel and install it (not editable) into a fresh environment: code and
shipped data files must work from there (see "the wheel" below).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from fractions import Fraction
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


# --- the wheel: code and data installed, not editable ------------------------------------------
#
# `pip install .` must give a working package: the data files of the top-level data/ folder are
# package data (`explorer.data`, mapped by pyproject.toml's package-dir, read through
# importlib.resources by explorer/core/resources.py).  The tests below build the wheel from a copy
# of the sources, install it into a fresh virtual environment outside the repository and run a
# melee odds question and a whole Beyond game from it.  The dependencies are not downloaded: a
# .pth file puts this environment's site-packages behind the new one (its .pth files, among them
# the editable install's finder, are not run from there), and the test checks that `explorer` is
# imported from the new environment.

# What the build needs; everything else of the repository stays behind.
BUILD_SOURCES = ("pyproject.toml", "README.md", "explorer", "data")

INSTALLED_SCRIPT = """\
import json
from fractions import Fraction

import explorer
from explorer.behind import Character, load_decks, melee_odds
from explorer.behind.data import DATA_DIR
from explorer.behind.layouts import layout_folder, load_layout, save_layout
from explorer.behind.scenarios import load_scenarios
from explorer.beyond import new_game
from explorer.beyond.data import SPIRITS_FILE
from explorer.beyond.players import play_game
from explorer.core.resources import data_is_installed

ludwig = Character(name="Ludwig von Auenstedt", strength=4, dexterity=2, resistance=3)
sahra = Character(name="Sahra Jeanette", strength=1, dexterity=3, resistance=2)
decks = load_decks()
odds = melee_odds(ludwig, sahra, attacker_supply=list(decks["vampire"].cards),
                  defender_supply=list(decks["schwesternbund"].cards))
game = play_game(new_game(2, seed=1), seed=1)
saved = save_layout(load_layout("unser_revier_example"), "copy")
print(json.dumps({
    "explorer": explorer.__file__, "data_dir": str(DATA_DIR), "spirits": str(SPIRITS_FILE),
    "installed": data_is_installed(), "layout_folder": str(layout_folder()), "saved": str(saved),
    "decks": sorted(decks), "scenarios": sorted(load_scenarios()),
    "p_defender_injured": str(odds.exact_probability("defender", 1)),
    "beyond": {"terminal": game.is_terminal(), "winners": game.winners, "actions": len(game.history)},
}))
"""


def _run(*command, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=300, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}"
    return done


def _no_isolation() -> list[str]:
    """Build with this environment's setuptools when it can (no download): pyproject.toml asks for
    setuptools >= 68, and a wheel needs setuptools >= 70.1 or the `wheel` package.  Otherwise pip
    builds in an isolated environment, fetching setuptools as `pip install .` does."""
    try:
        import setuptools
    except ImportError:
        return []
    version = tuple(int(part) for part in re.findall(r"\d+", setuptools.__version__)[:2])
    can_build_wheels = version >= (70, 1) or importlib.util.find_spec("wheel") is not None
    return ["--no-build-isolation"] if version >= (68, 0) and can_build_wheels else []


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the built wheel, the copied sources, the new environment's python, a working directory)."""
    base = tmp_path_factory.mktemp("wheel")
    assert not base.resolve().is_relative_to(ROOT.resolve()), "the test environment must lie outside the repository"
    source = base / "source"
    source.mkdir()
    for name in BUILD_SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    _run(*pip, "wheel", "--no-deps", *_no_isolation(), "-w", base / "dist", source)
    (wheel,) = (base / "dist").glob("rules_explorer-*.whl")

    venv = base / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    _run(*pip, "--python", python, "install", "--no-deps", "--no-index", wheel)
    site_packages = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").stdout.strip())
    ours = dict.fromkeys(sysconfig.get_path(key) for key in ("purelib", "platlib"))
    (site_packages / "rules_explorer_test_dependencies.pth").write_text("".join(f"{p}\n" for p in ours), encoding="utf-8")
    work = base / "work"
    work.mkdir()
    return wheel, source, python, work


def test_pyproject_lists_every_package():
    """A mapped folder (explorer.data -> data/) rules out `packages.find`, so pyproject.toml lists
    the packages: a new subpackage of explorer/ must be added there or the wheel lacks it."""
    setuptools_table = load_pyproject()["tool"]["setuptools"]
    found = {".".join(p.relative_to(ROOT).parts) for p in (ROOT / "explorer").rglob("__init__.py")}
    found = {name.removesuffix(".__init__.py") for name in found} | {"explorer.data"}
    assert set(setuptools_table["packages"]) == found
    assert setuptools_table["package-dir"] == {"explorer.data": "data"}


def test_wheel_ships_every_data_file(installed):
    wheel, source, _, _ = installed
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name for name in archive.namelist() if name.startswith("explorer/data/")}
    data = source / "data"
    expected = {f"explorer/data/{p.relative_to(data).as_posix()}" for p in data.rglob("*") if p.is_file()}
    assert shipped == expected, (f"missing from the wheel: {sorted(expected - shipped)}; "
                                 f"unexpected: {sorted(shipped - expected)}")
    for name in ("behind/characters.csv", "behind/decks/vampire.toml", "behind/scenarios/unser_revier.toml",
                 "behind/scenarios/layouts/unser_revier_example.json", "behind/README.md", "beyond/spirits.json"):
        assert f"explorer/data/{name}" in shipped


def test_installed_wheel_plays_from_its_own_data(installed):
    """Odds and a Beyond game from the installed wheel, its data found in its own package, equal to
    the answers of this (editable) environment; a saved layout lands in the working directory."""
    from explorer.behind import Character, load_decks, melee_odds
    from explorer.beyond import new_game
    from explorer.beyond.players import play_game

    _, _, python, work = installed
    script = work / "play.py"
    script.write_text(INSTALLED_SCRIPT, encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "COVERAGE_"))}
    out = json.loads(_run(python, "-I", script, cwd=work, env=env).stdout)

    package = Path(out["explorer"]).parent
    venv = python.parent.parent
    assert package.is_relative_to(venv), f"explorer was imported from {package}, not the new environment"
    assert Path(out["data_dir"]) == package / "data" / "behind"
    assert Path(out["spirits"]) == package / "data" / "beyond" / "spirits.json"
    assert out["installed"] is True
    assert Path(out["layout_folder"]) == work / "layouts"
    assert Path(out["saved"]) == work / "layouts" / "copy.json" and Path(out["saved"]).is_file()
    assert out["decks"] == sorted(load_decks())
    assert out["scenarios"] == ["juwel_von_athen", "unser_revier"]

    ludwig = Character(name="Ludwig von Auenstedt", strength=4, dexterity=2, resistance=3)
    sahra = Character(name="Sahra Jeanette", strength=1, dexterity=3, resistance=2)
    decks = load_decks()
    here = melee_odds(ludwig, sahra, attacker_supply=list(decks["vampire"].cards),
                      defender_supply=list(decks["schwesternbund"].cards))
    p_injured = Fraction(out["p_defender_injured"])
    assert 0 < p_injured < 1 and p_injured == here.exact_probability("defender", 1)

    game = play_game(new_game(2, seed=1), seed=1)
    assert out["beyond"]["terminal"] and out["beyond"]["winners"]
    assert out["beyond"] == {"terminal": True, "winners": game.winners, "actions": len(game.history)}
