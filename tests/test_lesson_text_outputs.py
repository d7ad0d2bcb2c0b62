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
        if cell.cell_type == "markdown":  # a quoted heading inside quotes renders as ""Unser Revier!" ..."
            assert '"\\"' not in cell.source, f"{where}: a heading quoted twice"
        if cell.cell_type != "code":
            continue
        assert ".to_string(" not in cell.source, f"{where}: show the table with html_table(...), not printed text"
        for output in cell.get("outputs", []):
            text = "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/html", ""))
            assert '""' not in text.replace('=""', ""), f"{where}: a doubled quote in a stored output"
            assert "-0.000" not in text, f"{where}: a negative zero in a stored output"


# ---------------------------------------------------------------------------------------------
# The lessons that walk through a game: logs and refusals as tables, never printed lines that wrap
# ---------------------------------------------------------------------------------------------
import ast  # noqa: E402

GAME_LESSONS = [FOLDER / name for name in ("behind/01_first_game.ipynb", "behind/02_movement_terrain_sight.ipynb",
                                           "behind/03_melee_and_ranged_odds.ipynb", "behind/04_abilities.ipynb",
                                           "behind/05_scenario_designer.ipynb", "behind/06_jewel_of_athens.ipynb",
                                           "beyond/01_rules.ipynb", "behold_rome/01_holding_the_game.ipynb",
                                           "behold_rome/02_a_round.ipynb", "behold_rome/03_scoring.ipynb",
                                           "behold_rome/04_planner_and_strategy.ipynb")]
LONGEST_LINE = 100  # characters: JupyterLab wraps a longer output line mid-word at 1280 px with the file browser open
MOST_LINES = 6      # lines in one printed output: more is a listing, which belongs in a table


def _code_cells(path):
    for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type == "code":  # IPython magics (%matplotlib widget) are not Python: left out
            source = "\n".join("" if line.lstrip().startswith("%") else line for line in cell.source.splitlines())
            yield f"{path.name} cell {index}", nbformat.from_dict({**cell, "source": source})


def _prints(tree):
    """Each ``print(...)`` call of a cell, with whether it sits in a loop."""
    def walk(node, in_loop):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id == "print":
                yield child, in_loop
            yield from walk(child, in_loop or isinstance(child, (ast.For, ast.While, ast.comprehension)))
    yield from walk(tree, False)


@pytest.mark.parametrize("path", GAME_LESSONS, ids=lambda p: p.relative_to(FOLDER).as_posix())
def test_a_game_lesson_prints_one_short_line_at_a_time(path):
    """Events, refusals, listings and dicts are shown as HTML tables (explorer.core.event_table,
    explorer.core.display.html_table); a print is one short line of a number or a yes/no."""
    printed = 0
    for where, cell in _code_cells(path):
        tree = ast.parse(cell.source)
        for call, in_loop in _prints(tree):
            printed += 1
            assert not in_loop, f"{where}: a print in a loop lists lines: show a table (events_table, html_table)"
            for node in ast.walk(call):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    assert "\n" not in node.value, f"{where}: a printed line break: show a table instead"
                    assert "<table" not in node.value and "<div" not in node.value, f"{where}: raw HTML printed"
                assert not isinstance(node, (ast.Dict, ast.List, ast.ListComp, ast.DictComp)), (
                    f"{where}: a printed dict or list: write it in words, or show a table")
                if isinstance(node, ast.Attribute):
                    assert node.attr not in ("rule", "reason", "log"), (
                        f"{where}: an event or refusal printed: show it with events_table / refusal_table")
            for argument in call.args:
                assert not (isinstance(argument, ast.Name) and argument.id in ("event", "line", "duration", "now")), (
                    f"{where}: an object printed by its repr: show a table")
    assert printed < 40, f"{path.name}: {printed} prints; show tables"


@pytest.mark.parametrize("path", GAME_LESSONS, ids=lambda p: p.relative_to(FOLDER).as_posix())
def test_a_game_lesson_stores_no_wrapping_text(path):
    """The stored outputs (the cells nbval checks): no line JupyterLab would wrap, no printed
    listing, no HTML printed as text, no dict or list printout."""
    for where, cell in _code_cells(path):
        for output in cell.get("outputs", []):
            if output.output_type == "stream":
                lines = "".join(output.text).splitlines()
                assert len(lines) <= MOST_LINES, f"{where}: {len(lines)} printed lines: show a table"
                for line in lines:
                    assert len(line) <= LONGEST_LINE, f"{where}: a printed line of {len(line)} characters: {line}"
                    assert "<table" not in line and "<div" not in line, f"{where}: HTML printed as text"
                    assert "{'" not in line and "['" not in line, f"{where}: a dict or list printed: {line}"
            plain = "".join(output.get("data", {}).get("text/plain", ""))
            assert " object at 0x" not in plain, f"{where}: a memory address in a stored output"
