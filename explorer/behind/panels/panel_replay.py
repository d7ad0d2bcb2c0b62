"""Replaying a game of Behind step by step, and playing one with undo and redo (ipywidgets).

The panel is the core's, the same for every system (:class:`explorer.core.panels.ReplayPanel`,
"The Course of the Game": a game is its sequence of actions, each checked by the referee).  For
Behind it draws the table with :class:`~explorer.behind.render_replay.StatePicture` (artists
updated in place: an ipympl canvas when ``%matplotlib widget`` is the backend, else PNG bytes in an
``ipywidgets.Image``), which also gives Behind's status line and each player's information -- what
every player may know by default ("Hand Cards, Supply and Discard Pile"), or what the referee or one
player may see; each step's events stand beside the rulebook sections they cite.

``ReplayPanel(saved)`` replays a recorded game (a state, its ``to_json()`` or that as a JSON
string; the states are rebuilt once, see :mod:`explorer.core.replay`).  ``ReplayPanel(state,
play=True)`` plays a live game with *apply*, *undo* and *redo*; the live state is ``panel.game``.
"""

from __future__ import annotations

from typing import Any, Mapping

from explorer.behind.game import BehindState
from explorer.behind.render_game import PUBLIC
from explorer.core.panels.replay import REFEREE, action_words
from explorer.core.panels.replay import ReplayPanel as CoreReplayPanel

__all__ = ["PICTURE_DPI", "PICTURE_WIDTH", "PUBLIC", "REFEREE", "ReplayPanel", "action_words"]

PICTURE_DPI = 90
PICTURE_WIDTH = 6.4
"""The table picture's default width in inches: 576 px at :data:`PICTURE_DPI`, which fits
JupyterLab's narrowest output area (590 px, a 1024 px window with the file browser open); the
step's events stand beside it when there is room, else below it."""


class ReplayPanel(CoreReplayPanel):
    """The core's replay panel for a game of Behind (see the module docstring), with Behind's
    picture size and events table: ``game`` a :class:`~explorer.behind.game.BehindState` or a saved
    game; ``play``, ``viewer`` (``"public"``, ``"referee"`` or a player) and ``picture``
    (``"auto"``, ``"ipympl"``, ``"image"``) as there; ``width`` the table picture's width in inches."""

    def __init__(self, game: BehindState | Mapping[str, Any] | str, *, play: bool = False,
                 viewer: str = PUBLIC, picture: str = "auto", width: float = PICTURE_WIDTH):
        super().__init__(game, "behind", play=play, viewer=viewer, picture=picture, width=width,
                         picture_options={"dpi": PICTURE_DPI})

    preselect = False  # the first legal action is often "ends the turn": nothing is chosen beforehand

    def opening_step(self) -> int:
        """The first step with chips on the table (a game set up by hand starts on an empty table)."""
        return next((k for k, state in enumerate(self.states) if state.table.chips), 0)

