"""The progress bar every long run shows (simulations, tournaments, studies): tqdm's, sized to the output area.

``tqdm.auto`` gives a widget in Jupyter (a row of a label, the bar and the counts) and a line of text elsewhere.  The
widget's row is as wide as its parts by default, so a long label ("Scharmützel: 3 Spieler gegen Zufall") and the
counts ("150/150 [00:01<00:00, 73.71 Begegnung/s]") run past a narrow output area (JupyterLab in a 1024 px window:
590 px).  :func:`progress_bar` asks for tqdm's ``dynamic_ncols``: the widget's row is then as wide as the output area
and wraps (the bar takes the room the texts leave), the text bar follows the terminal's width.  The unit is written after a
space, so that the rate reads "73.71 Begegnung/s", not "73.71Begegnung/s"; in the widget the label's and the unit's
spaces are no-break spaces (it turns plain ones into wide figure spaces), in the text bar plain ones.
"""

from __future__ import annotations


def progress_bar(total: int, desc: str, unit: str, show: bool):
    """A tqdm bar over ``total`` steps labelled ``desc``, counting ``unit`` (a word: "game", "Begegnung"); hidden
    unless ``show``.  Use it as tqdm's: ``with progress_bar(...) as bar: ... bar.update(n)``."""
    import sys

    from tqdm.auto import tqdm

    notebook = sys.modules.get("tqdm.notebook")  # loaded by tqdm.auto when it chose the widget
    widget = notebook is not None and issubclass(tqdm, notebook.tqdm_notebook)
    # the widget writes a plain space as a wide figure space ("duell:  3  Spieler"): no-break ones stay narrow
    space = "\u00a0" if widget else " "
    return tqdm(total=total, desc=desc.replace(" ", space), unit=space + unit, disable=not show, dynamic_ncols=True)
