"""The generated documents stay in step with the registry, and the README's tour runs."""

from explorer.core.docs import COMMAND, README_PATH, RULINGS_DOC, rulings_document
from explorer.core.systems import load_all


def test_rulings_document_lists_every_ruling_as_registered():
    assert RULINGS_DOC.read_text(encoding="utf-8") == rulings_document(), (
        f"docs/rulings.md is out of date: run `{COMMAND}`")


def test_rulings_document_has_one_section_per_registered_system():
    text = RULINGS_DOC.read_text(encoding="utf-8")
    for system in load_all().values():
        assert f"## {system.title}\n" in text
        for ruling in system.rulings:
            assert f"`{ruling.id}`" in text


def test_readme_links_the_rulings_and_lists_none_itself():
    text = README_PATH.read_text(encoding="utf-8")
    assert "(docs/rulings.md)" in text
    assert "| `behind." not in text and "| `beyond." not in text, "the rulings list lives in docs/rulings.md"


def test_every_switchable_ruling_is_read_by_the_code():
    """A switch nobody reads would be a lie in the rulings list."""
    from pathlib import Path

    from explorer.core.rulings import rulings_for

    package = Path(__file__).resolve().parents[1] / "explorer"
    code = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py")
                     if p.name not in ("rulings.py", "system.py"))
    unread = [r.id for r in rulings_for() if r.switchable and f'"{r.id}"' not in code]
    assert not unread, f"switchable rulings that no code reads: {unread}"


def test_readme_tour_runs_as_written():
    """The README's short tour is code a newcomer will paste: it must run."""
    import re

    text = README_PATH.read_text(encoding="utf-8")
    tour = re.search(r"## A short tour\n.*?```python\n(.*?)```", text, re.S)
    assert tour, "README has no '## A short tour' python block"
    namespace: dict = {}
    exec(compile(tour.group(1), "README.md (tour)", "exec"), namespace)  # ok: the README's own tour
    assert namespace["odds"].p_injured("defender") > 0
    game = namespace["game"]
    assert namespace["events"] and game.history[-1].kind == "deploy"  # the setup is in the history too
    assert namespace["saved"]["history"][-1]["kind"] == "deploy"
    assert (game.phase, game.current_player, game.actions_left) == ("action", "Schwesternbund", 3)
    from fractions import Fraction
    assert namespace["p_fail"] == Fraction(15, 79) and len(namespace["revealed"]) == 1
    assert {"behind", "beyond"} <= set(namespace["explorer"].systems().index)
    jessy = namespace["jessy"]
    assert jessy.current_player == "Jessy" and [jessy.cards[c].spirit for c in jessy.revealed] == ["TS"]
    lowest = namespace["lowest"]
    assert len(lowest.changed) and lowest.frame.loc["P(defender injured)", "difference"] < 0
