"""The README's rulings list is generated from the registry and must stay in step with it."""

from explorer.core.docs import README, readme_rulings, rulings_section


def test_readme_lists_every_ruling_as_registered():
    assert readme_rulings(README.read_text(encoding="utf-8")).strip() == rulings_section().strip(), (
        "README rulings are out of date: run `python -m explorer.core.docs --write`")
