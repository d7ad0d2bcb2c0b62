"""Rulebook coverage: every section is tested or out of scope, and the generated docs say so."""

import importlib.util
import textwrap

import pytest

from explorer.core.coverage import (
    COMMAND,
    NOT_COVERED,
    all_systems,
    coverage,
    coverage_document,
    coverage_frame,
    coverage_markdown,
    docs_path,
    uncovered,
)

SYSTEMS = all_systems()


@pytest.mark.parametrize("system", SYSTEMS)
def test_coverage_docs_are_in_step_with_the_code(system):
    path = docs_path(system)
    assert path.exists(), f"{path.name} is missing: run `{COMMAND}`"
    expected = coverage_document(system, SYSTEMS[system]())
    assert path.read_text(encoding="utf-8") == expected, f"{path.name} is out of date: run `{COMMAND}`"


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rulebook_section_is_tested_or_out_of_scope(system):
    """The enforcing test: a section with a rule needs a test that cites it."""
    missing = uncovered(SYSTEMS[system]())
    listing = "\n".join(f'  refs.{row.constant}: "{row.section}"' for row in missing)
    assert not missing, (
        f"{len(missing)} sections of the {system} rulebook are cited by no test and not out of scope:\n"
        f"{listing}\n"
        f"Write a test that cites the section (`refs.NAME` in its body, or the exact heading in its "
        f"docstring); only a section that holds no rule belongs in explorer/{system}/coverage.py "
        f"OUT_OF_SCOPE, with the reason. Then run `{COMMAND}`.")


# -- the scanner, on a tiny fake game ---------------------------------------------------------------
REFS = '''
from explorer.core.rules import RuleRef

ALPHA = RuleRef("fake.txt", "Alpha")
BETA = RuleRef("fake.txt", "Beta Rule (Beta)")
TURN = RuleRef("fake.txt", "Turn")
TURN_ORDER = RuleRef("fake.txt", "Turn Order")
NOTES = RuleRef("fake.txt", "Notes")
UNTESTED = RuleRef("fake.txt", "Untested")
'''

CODE = '''
"""Rules of the fake game."""
from fakegame import refs

def move():
    raise ValueError(refs.UNTESTED)
'''

TESTS = '''
"""Module docstrings cite nothing for a test: "Untested", "Turn"."""
from fakegame import refs
from fakegame.refs import BETA as B

CASES = [refs.TURN]


def helper():
    return refs.TURN_ORDER


def test_alpha_by_constant():
    assert refs.ALPHA


def test_beta_by_imported_name():
    assert B


def test_beta_by_heading():
    """fake.txt, section "Beta Rule
    (Beta)": a heading wrapped over two lines still counts."""


def test_longer_heading_hides_the_shorter():
    """fake.txt, section Turn Order."""


def test_uses_helper_and_case_table():
    assert helper() and CASES


class TestGroup:
    def test_in_class(self):
        """fake.txt, section Alpha."""


def test_short_form_does_not_count():
    """fake.txt, section Beta Rule: a short form of the heading."""
'''


@pytest.fixture
def fake(tmp_path):
    package = tmp_path / "fakegame"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "refs.py").write_text(REFS)
    (package / "engine.py").write_text(CODE)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_game.py").write_text(textwrap.dedent(TESTS))
    (tmp_path / "tests" / "helpers.py").write_text("from fakegame import refs\nX = refs.UNTESTED\n")
    spec = importlib.util.spec_from_file_location("fakegame.refs", package / "refs.py")
    refs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(refs)
    rows = coverage(refs, package, tmp_path / "tests", {refs.NOTES: "no rule here"})
    return refs, {row.constant: row for row in rows}


def test_scanner_rows_follow_the_refs_file_order(fake):
    _, rows = fake
    assert list(rows) == ["ALPHA", "BETA", "TURN", "TURN_ORDER", "NOTES", "UNTESTED"]
    assert rows["BETA"].section == "Beta Rule (Beta)"


def test_scanner_finds_citations_by_constant_and_by_heading(fake):
    _, rows = fake
    assert rows["ALPHA"].tests == ("tests/test_game.py::test_alpha_by_constant",
                                   "tests/test_game.py::TestGroup::test_in_class")
    assert rows["BETA"].tests == ("tests/test_game.py::test_beta_by_imported_name",
                                  "tests/test_game.py::test_beta_by_heading")
    assert rows["ALPHA"].status == "tested"


def test_scanner_counts_helpers_a_test_uses_but_not_the_module_docstring(fake):
    _, rows = fake
    assert rows["TURN"].tests == ("tests/test_game.py::test_uses_helper_and_case_table",)
    assert rows["TURN_ORDER"].tests == ("tests/test_game.py::test_longer_heading_hides_the_shorter",
                                        "tests/test_game.py::test_uses_helper_and_case_table")


def test_scanner_out_of_scope_and_uncovered(fake):
    _, rows = fake
    assert rows["NOTES"].status == "out of scope: no rule here"
    untested = rows["UNTESTED"]
    assert untested.status == NOT_COVERED and untested.tests == ()
    assert untested.code == ("fakegame.engine",)  # the refs module itself is not code citing it
    assert uncovered(rows.values()) == [untested]


def test_scanner_rejects_out_of_scope_without_reason_or_unknown(fake, tmp_path):
    refs, _ = fake
    from explorer.core.rules import RuleRef

    with pytest.raises(ValueError, match="needs a reason"):
        coverage(refs, tmp_path / "fakegame", tmp_path / "tests", {refs.NOTES: " "})
    with pytest.raises(ValueError, match="not a constant"):
        coverage(refs, tmp_path / "fakegame", tmp_path / "tests", {RuleRef("fake.txt", "Omega"): "x"})


def test_coverage_markdown_and_frame(fake):
    _, rows = fake
    table = coverage_markdown(rows.values())
    lines = table.splitlines()
    assert lines[0] == "| section | constant | code | tests | status |"
    assert len(lines) == 2 + len(rows)
    assert "| Untested | `UNTESTED` | `fakegame.engine` |  | **NOT COVERED** |" in lines
    assert list(coverage_frame(rows.values())["constant"]) == list(rows)
