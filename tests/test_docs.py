"""The README's rulings list is generated from the registry and must stay in step with it."""

from explorer.core.docs import README, readme_rulings, rulings_section


def test_readme_lists_every_ruling_as_registered():
    assert readme_rulings(README.read_text(encoding="utf-8")).strip() == rulings_section().strip(), (
        "README rulings are out of date: run `python -m explorer.core.docs --write`")


def test_every_switchable_ruling_is_read_by_the_code():
    """A switch nobody reads would be a lie in the rulings list."""
    from pathlib import Path

    from explorer.core.rulings import rulings_for

    package = Path(__file__).resolve().parents[1] / "explorer"
    code = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py") if p.name != "rulings.py")
    unread = [r.id for r in rulings_for() if r.switchable and f'"{r.id}"' not in code]
    assert not unread, f"switchable rulings that no code reads: {unread}"


def test_readme_tour_runs_as_written():
    """The README's short tour is code a newcomer will paste: it must run."""
    import re

    text = README.read_text(encoding="utf-8")
    tour = re.search(r"## A short tour\n\n```python\n(.*?)```", text, re.S)
    assert tour, "README has no '## A short tour' python block"
    namespace: dict = {}
    exec(compile(tour.group(1), "README.md (tour)", "exec"), namespace)
    assert namespace["odds"].p_injured("defender") > 0
    game = namespace["game"]
    assert namespace["events"] and game.history[-1].kind == "deploy"  # the setup is in the history too
    assert namespace["saved"]["history"][-1]["kind"] == "deploy"
    assert (game.phase, game.current_player, game.actions_left) == ("action", "Schwesternbund", 3)
    from fractions import Fraction
    assert namespace["p_fail"] == Fraction(15, 79) and len(namespace["revealed"]) == 1
