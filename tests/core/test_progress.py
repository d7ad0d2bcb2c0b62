"""The progress bar of long runs (:mod:`explorer.core.progress`): a widget row that wraps inside the output area."""

import tqdm.auto
import tqdm.notebook

from explorer.core.progress import progress_bar


def test_the_text_bar_keeps_its_width_and_writes_the_unit_after_a_space():
    """Outside Jupyter tqdm writes a line of text; no width is forced on it, and the rate reads "n game/s"."""
    with progress_bar(3, "study", "game", show=True) as bar:
        bar.update(3)
        assert bar.unit == " game"
        assert "game/s" in str(bar) or "s/ game" in str(bar) or "?" in str(bar)


def test_the_notebook_widget_takes_the_output_areas_width_and_wraps(monkeypatch, capsys):
    """In Jupyter (tqdm.auto chose the widget) the row is as wide as the output area and wraps: a long label and
    the counts never run past a 590 px output area (issue 11, JupyterLab in a 1024 px window)."""
    monkeypatch.setattr(tqdm.auto, "tqdm", tqdm.notebook.tqdm_notebook)
    bar = progress_bar(150, "Scharmützel: 3 Spieler gegen Zufall", "Begegnung", show=True)
    try:
        bar.update(150)
        layout = bar.container.layout
        assert layout.width == "100%"
        assert layout.flex_flow == "row wrap"
        assert bar.container.children[1].layout.flex == "2"  # the bar takes the room the texts leave
        assert "Begegnung/s" in bar.container.children[2].value
        assert bar.container.children[0].value.startswith("Scharmützel:\u00a03\u00a0Spieler\u00a0gegen\u00a0Zufall:")  # narrow spaces
    finally:
        bar.close()


def test_a_hidden_bar_shows_nothing():
    with progress_bar(2, "x", "game", show=False) as bar:
        bar.update(2)
        assert bar.disable
