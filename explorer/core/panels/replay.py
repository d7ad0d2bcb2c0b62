"""Replaying a game of any registered system step by step, and playing one with undo and redo.

:class:`ReplayPanel` shows one game as a sequence of steps (a game is its sequence of actions,
each checked by the referee; :mod:`explorer.core.replay` rebuilds them).  A slider, the buttons
first / back / next / last and a play button move through the steps; for each step the panel
shows

* the system's picture of the state (``System.picture``, a class ``Picture(state)`` with
  ``update(state)`` and ``png()``, updated in place: PNG bytes in an ``ipywidgets.Image``, or an
  ipympl canvas when ``%matplotlib widget`` is the backend and the picture offers
  ``figure_size(state, width)`` and takes ``figure=``),
* the step's action in the system's words (``System.describe_action``; its call syntax as the
  tooltip) and its events, each beside the rulebook section it cites,
* the status line and each player's information, as every player may know it (*public*), as the
  referee sees it, or as one player sees it (*seen by*; the state's ``players``, its
  ``events_for(player)`` and ``view(player)`` where it has them).

The texts come from the picture where it offers them -- ``picture.status_line(state)`` and
``picture.players_html(state, viewer)`` (``viewer``: :data:`PUBLIC`, ``None`` for the referee or
a player) -- else from the generic :func:`status_line` and :func:`players_html`; a subclass may
override :meth:`ReplayPanel.status_line`, :meth:`ReplayPanel.players_html` and
:meth:`ReplayPanel.events_html` instead.

``ReplayPanel(saved)`` replays a recorded game (a state, its ``to_json()`` or that as a JSON
string; the system named by its ``"system"`` field, or ``system=``).  ``ReplayPanel(state,
play=True)`` plays a live game: a dropdown of the legal actions, in words and each its own
(:func:`explorer.core.replay.action_choices`), and *apply*, *undo* (takes the
last action back) and *redo* (re-applies the undone actions in order; applying a new action
forgets them).  The live state is ``panel.game``.

The layout follows the panels' conventions (:mod:`explorer.core.panels.layout`, docs/panel-layout.md):
the buttons are as wide as their icon and word, with a tooltip; the controls sit in rows that wrap
instead of overflowing the output area (JupyterLab's is about 590 px at a 1024 px window); the step's
events stand beside the picture, or below it when the room is narrow; a PNG picture shrinks with the
output area, an ipympl canvas scrolls; the players' table scrolls sideways in its own box if it must.

Every widget has a CSS class (``replay-slider``, ``replay-next``, ``replay-step`` ...) for the
browser tests; the handlers are plain methods, so the panel is tested in plain Python.
"""

from __future__ import annotations

import html
import time
from typing import Any, Mapping

import ipywidgets as widgets

from explorer.core.game import Action
from explorer.core.display import PROSE_STYLE
from explorer.core.event_table import EventTable
from explorer.core.inputs import parse_json
from explorer.core.panels.figures import ipympl_backend, ipympl_figure
from explorer.core.panels.layout import FULL_LABEL, button_layout, picture as picture_widget, row, tooltip_follows_value
from explorer.core.replay import (Replay, Step, action_call, action_choices, action_text, load_game, replay, system_of,
                                  undo_chain)

__all__ = ["PUBLIC", "REFEREE", "ReplayPanel", "action_words", "events_html", "players_html", "status_line"]

PUBLIC = "public"
"""The viewer who sees what every player may know (no private event)."""
REFEREE = "referee"
"""The viewer who sees everything."""
PICTURE_DPI = 90
PICTURE_MARGIN = "2px 0px"
"""A picture's margin: none at the sides, so that at its widest (the output area's width) its
widget margin does not push it past the output area's edge."""

_CSS = """<style>
.replay-events,.replay-players{max-width:100%;overflow-wrap:break-word}
.replay-events table{border-collapse:collapse;font-size:12px;width:100%}
.replay-events th,.replay-events td{border-bottom:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}
.replay-events .event-rule,.replay-players .rule{color:#666;font-size:11px}
.replay-players table{border-collapse:collapse;font-size:12px}
.replay-players th,.replay-players td{border-bottom:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}
</style>"""


action_words = action_call
"""An action as short call syntax (:func:`explorer.core.replay.action_call`); the step headers show
:func:`explorer.core.replay.action_text`, the system's words, with this as their tooltip."""


PLAYERS_CSS = ("<style>.replay-panel .replay-players table{table-layout:auto;width:max-content;max-width:none}"
               "</style>")
"""The players' table at its natural width, whatever the picture's own HTML says: an output area's
CSS (JupyterLab's ``.jp-RenderedHTMLCommon table`` is ``table-layout: fixed``) or a narrow output area
squeezed a table of many columns (Beyond's nine) until every cell wrapped word by word; it scrolls
sideways in its own box instead."""


STEP_CSS = ("<style>.replay-panel div.event-box table.event-table .event-mark{font-size:11px}"
            # a widget's HTML inherits the widgets' 28 px line height: text and tables at single height
            f".replay-panel .widget-html-content{{{PROSE_STYLE}}}"
            # the players' headers whole; the step's event headers break only between words, the
            # rulebook's name kept whole (event_table's .event-books): "rule (behind-2003-rulebook.txt)"
            # kept on one line made the box 411 px wide beside a 580 px picture at 1024 px
            ".replay-panel .replay-players th{white-space:nowrap}"
            # the event's words narrower than in a lesson's table (14 em): beside the rule column they fit
            # the box beside the picture (356 px at 1024 px) instead of running past it
            ".replay-panel .replay-step div.event-box table.event-table td.event-text{min-width:9em}"
            ".replay-panel .replay-players td:first-child{white-space:nowrap}</style>")
"""An event's mark ("refused", "only Vampire sees this") at 11 px (8.25 pt) in the step's box: the event
table's own 0.85 em of its 0.92 em came to 10.2 px (7.6 pt) in a widget's 13 px text."""


def _button(text: str, tooltip: str, *, icon: str = "", style: str = "") -> widgets.Button:
    """A button as wide as its icon and text (never cut to an icon and "..."), with a tooltip."""
    return widgets.Button(description=text, tooltip=tooltip, icon=icon, button_style=style, layout=button_layout())


def _e(value) -> str:
    return html.escape(str(value))


def events_html(events, *, heading: str = "what happened") -> str:
    """Events as an HTML table: each in words beside the rulebook section it cites (the full
    citation as the cell's tooltip); the core's :class:`~explorer.core.event_table.EventTable`
    (cells ``event-text`` and ``event-rule``)."""
    return EventTable(events, heading=heading, empty="(nothing happened that this viewer may see)")._repr_html_()


def status_line(state) -> str:
    """One line from the game protocol alone: the phase and who acts, or how the game ended."""
    turn = getattr(state, "turn", None)
    when = f"turn {turn}, " if isinstance(turn, int) else ""
    if state.is_terminal():
        winner = state.winner
        return f"game over: {winner} wins" if winner is not None else "game over: no winner"
    return f"{when}{state.phase}: {state.current_player} to act"


def _cell(value) -> str:
    if isinstance(value, (list, tuple)):
        text = ", ".join(map(str, value)) if len(value) <= 12 else f"{len(value)} items"
    elif isinstance(value, Mapping):
        text = f"{len(value)} entries"
    else:
        text = str(value)
    return _e(text)


def players_html(state, viewer: Any = PUBLIC) -> str:
    """Each player's information from the game protocol: who acts, and for one player what his
    ``view(player)`` holds (the log left out).  ``viewer``: :data:`PUBLIC`, ``None`` (the
    referee) or a player."""
    players = list(getattr(state, "players", ()))
    acting = None if state.is_terminal() else state.current_player
    rows = "".join(f"<tr><td>{_e(p)}</td><td>{'to act' if p == acting else ''}</td></tr>" for p in players)
    parts = [f"<table><tr><th>player</th><th></th></tr>{rows}</table>"]
    if viewer not in (PUBLIC, None) and callable(getattr(state, "view", None)):
        view = {k: v for k, v in state.view(viewer).items() if k != "log"}
        body = "".join(f"<tr><td>{_e(k)}</td><td>{_cell(v)}</td></tr>" for k, v in view.items())
        parts.append(f"<table><tr><th>what {_e(viewer)} may know</th><th></th></tr>{body}</table>")
    return f'{_CSS}<div class="replay-players">{"".join(parts)}</div>'


class ReplayPanel(widgets.VBox):
    """Step through a game, or play one with undo / redo (see the module docstring).

    ``game``: a state or a saved game (``to_json()`` dict or JSON string); ``system``: a System or
    its name (default: the save's ``"system"``).  ``play``: play the (live) state on; ``viewer``:
    :data:`PUBLIC` (default), :data:`REFEREE` or a player.  ``picture``: ``"auto"`` (ipympl when it
    is the backend and the picture supports it), ``"ipympl"`` or ``"image"``; ``width``: the
    picture's width in inches (passed on as ``width=``), ``picture_options``: more keyword
    arguments for the picture class.  ``panel.index`` is the step shown, ``panel.state`` its state.
    """

    def __init__(self, game, system=None, *, play: bool = False, viewer: Any = PUBLIC, picture: str = "auto",
                 width: float | None = None, picture_options: Mapping[str, Any] | None = None):
        if isinstance(game, (str, bytes)):
            game = parse_json(game, "saved game")
        self.system = system_of(game if isinstance(game, Mapping) else game.to_json(), system)
        if play and isinstance(game, Mapping):
            game = load_game(game, self.system) if game.get("origin") is not None else self.system.load(game)
        self.playing = play
        self.game = game if play else None
        self.redo_stack: list[Action] = []
        record = self._record(game)
        self.states: list = list(record.states)
        self.steps: list[Step] = list(record.steps)
        self.last_update_ms = 0.0
        first = self.states[0]
        players = list(getattr(first, "players", ()))

        # -- the picture ----------------------------------------------------------------------------
        if picture not in ("auto", "ipympl", "image"):
            raise ValueError(f"picture must be 'auto', 'ipympl' or 'image', got {picture!r}")
        cls = self.system.picture_class()
        options = dict(picture_options or {})
        if width is not None:
            options["width"] = width
        live_canvas = hasattr(cls, "figure_size")
        if picture == "ipympl" and not live_canvas:
            raise ValueError(f"{self.system.name}'s picture cannot draw on an ipympl canvas: use picture='image'")
        use_ipympl = picture == "ipympl" or (picture == "auto" and live_canvas and ipympl_backend())
        if use_ipympl:
            size = cls.figure_size(first, **({"width": width} if width is not None else {}))
            options["figure"] = ipympl_figure(*size, options.get("dpi", PICTURE_DPI))
        self.picture = cls(first, **options)
        if use_ipympl:
            self.image = None
            view = self.picture.figure.canvas
            # an ipympl canvas cannot shrink: when wider than the output area it scrolls instead of overflowing
            view.layout.max_width = "100%"
            view.layout.overflow = "auto"
        else:
            w, h = self.picture.pixel_size
            # its natural size, scaled down (aspect kept) when the output area is narrower
            self.image = picture_widget(w, h, margin=PICTURE_MARGIN)
            view = self.image
        view.add_class("replay-picture")

        # -- the controls (layout conventions: rows wrap instead of overflowing, buttons sized to
        # their text, labels in full) -----------------------------------------------------------------
        last = len(self.states) - 1
        self.slider = widgets.IntSlider(value=last if play else self.opening_step(), min=0, max=last,
                                        description="step",
                                        style=FULL_LABEL,
                                        layout=widgets.Layout(flex="1 1 240px", min_width="200px", max_width="520px"))
        self.player_button = widgets.Play(value=self.slider.value, min=0, max=last, interval=800,
                                          description="play the steps", tooltip="play the steps one by one",
                                          layout=widgets.Layout(flex="0 0 auto", width="auto"))
        widgets.jslink((self.player_button, "value"), (self.slider, "value"))
        widgets.jslink((self.slider, "max"), (self.player_button, "max"))
        self.first = _button("first", "the first step (the game as dealt)", icon="fast-backward")
        self.prev = _button("back", "the step before", icon="step-backward")
        self.next = _button("next", "the next step", icon="step-forward")
        self.last = _button("last", "the last step", icon="fast-forward")
        if viewer not in (PUBLIC, REFEREE, *players):
            raise ValueError(f"viewer must be {PUBLIC!r}, {REFEREE!r} or a player ({', '.join(map(str, players))}), "
                             f"got {viewer!r}")
        self.viewer = widgets.Dropdown(options=[PUBLIC, REFEREE, *players], value=viewer, description="seen by",
                                       style=FULL_LABEL,
                                       layout=widgets.Layout(width="auto", min_width="180px", max_width="100%"))
        self.status = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.step_text = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        # a table too wide for a narrow output area scrolls sideways in its own box, the page never does
        self.players = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto"))
        for widget, css in ((self.slider, "replay-slider"), (self.player_button, "replay-play"),
                            (self.first, "replay-first"), (self.prev, "replay-prev"), (self.next, "replay-next"),
                            (self.last, "replay-last"), (self.viewer, "replay-viewer"), (self.status, "replay-status"),
                            (self.step_text, "replay-step"), (self.players, "replay-players")):
            widget.add_class(css)
        self.slider.observe(self._on_slider, names="value")
        self.viewer.observe(self._on_viewer, names="value")
        self.first.on_click(lambda _: self.go(0))
        self.prev.on_click(lambda _: self.go(self.index - 1))
        self.next.on_click(lambda _: self.go(self.index + 1))
        self.last.on_click(lambda _: self.go(len(self.states) - 1))
        # the buttons stay together; the slider and the viewer move to the next line when narrow
        navigation = row([widgets.HBox([self.player_button, self.first, self.prev, self.next, self.last],
                                       layout=widgets.Layout(flex="0 0 auto")),
                          self.slider, self.viewer], align="center").add_class("replay-navigation")
        children = [self.status, navigation]

        # -- playing --------------------------------------------------------------------------------
        self.actions = widgets.Dropdown(options=[], description="action", style=FULL_LABEL,
                                        layout=widgets.Layout(flex="1 1 320px", min_width="240px", max_width="640px"))
        tooltip_follows_value(self.actions)  # a long action, cut in the dropdown, reads in full as its tooltip
        self.apply_button = _button("apply", "apply the chosen action (the referee checks it)", icon="check",
                                    style="primary")
        self.undo_button = _button("undo", "take the last action back", icon="undo")
        self.redo_button = _button("redo", "apply the undone action again", icon="repeat")
        self.message = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        for widget, css in ((self.actions, "replay-actions"), (self.apply_button, "replay-apply"),
                            (self.undo_button, "replay-undo"), (self.redo_button, "replay-redo"),
                            (self.message, "replay-message")):
            widget.add_class(css)
        self.apply_button.on_click(lambda _: self.apply_selected())
        # "apply" is offered once an action is chosen
        self.actions.observe(lambda change: setattr(self.apply_button, "disabled",
                                                    change["new"] is None or self.actions.disabled), names="value")
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self._legal: list[Action] = []
        if play:
            children.append(row([self.actions, widgets.HBox([self.apply_button, self.undo_button, self.redo_button],
                                                            layout=widgets.Layout(flex="0 0 auto"))],
                                align="center").add_class("replay-play-controls"))
            children.append(self.message)
        # the picture and the step's events side by side; the events drop below when the room is narrow
        children.append(row([view, widgets.VBox([self.step_text], layout=widgets.Layout(
            flex="1 1 320px", min_width="280px", max_width="640px"))]).add_class("replay-body"))
        children.append(self.players)
        super().__init__(children, layout=widgets.Layout(max_width="100%"))
        self.add_class("replay-panel")
        self.index = -1
        self.show(self.slider.value)

    preselect = True
    """Whether the first legal action is chosen in the dropdown beforehand (a system whose first
    action may throw a turn away sets it False: "apply" is then offered once an action is chosen)."""

    def opening_step(self) -> int:
        """The step a replay opens on (0, the game as dealt; a system's panel may open on the first
        step with something to see)."""
        return 0

    def _record(self, game) -> Replay:
        """The steps of the game so far: a live game's undo snapshots (play mode, or a state that
        records no origin), else the record replayed from its origin."""
        if not isinstance(game, Mapping) and (self.playing or getattr(game, "origin", None) is None):
            return undo_chain(game)
        return replay(game, self.system)

    # -- the texts (a subclass or the picture may supply them) ---------------------------------------
    def status_line(self, state) -> str:
        """One line on the state: the picture's ``status_line`` if it has one, else the generic one."""
        own = getattr(self.picture, "status_line", None)
        return own(state) if callable(own) else status_line(state)

    def players_html(self, state, viewer: Any) -> str:
        """Each player's information seen by ``viewer`` (:data:`PUBLIC`, None for the referee, or a
        player): the picture's ``players_html`` if it has one, else the generic one."""
        own = getattr(self.picture, "players_html", None)
        return own(state, viewer) if callable(own) else players_html(state, viewer)

    def events_html(self, events, heading: str) -> str:
        return events_html(events, heading=heading)

    # -- what is shown ------------------------------------------------------------------------------
    @property
    def state(self):
        """The state of the step shown."""
        return self.states[self.index]

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def _viewer(self) -> Any:
        value = self.viewer.value
        return None if value == REFEREE else value

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the game's steps) by moving the slider."""
        self.slider.value = max(0, min(int(index), len(self.states) - 1))

    def _on_slider(self, change) -> None:
        self.show(change["new"])

    def _on_viewer(self, _change) -> None:
        self.show(self.index, force=True)

    def show(self, index: int, *, force: bool = False) -> None:
        """Draw step ``index``: the picture in place, the step's events with their rules, the status
        and the players' information."""
        if index == self.index and not force:
            return
        start = time.perf_counter()
        self.index = index
        state, step = self.states[index], self.steps[index]
        if not force:
            self.picture.update(state)
            if self.image is not None:
                self.image.value = self.picture.png()
        viewer = self._viewer()
        self.step_text.value = self._step_html(step, viewer)
        self.status.value = (f'<div class="replay-status-line"><b>step {index} of {len(self.states) - 1}</b> -- '
                             f"{html.escape(self.status_line(state))}</div>")
        self.players.value = PLAYERS_CSS + self.players_html(state, viewer)
        self.first.disabled = self.prev.disabled = index == 0
        self.next.disabled = self.last.disabled = index == len(self.states) - 1
        if self.playing:
            self._refresh_play_controls()
        self.last_update_ms = (time.perf_counter() - start) * 1000

    def events_seen(self, step: Step, viewer: Any) -> list:
        """The events of ``step`` that ``viewer`` (:data:`PUBLIC`, None for the referee, a player) sees."""
        return step.public_events() if viewer == PUBLIC else step.events_for(viewer)

    def action_text(self, step: Step) -> str:
        """What ``step`` did in words: the system's ``describe_action`` given the state the action was
        taken in (:func:`explorer.core.replay.action_text`)."""
        before = self.states[step.index - 1] if 0 < step.index <= len(self.states) else None
        return action_text(step.action, before, self.system)

    def _step_html(self, step: Step, viewer: Any) -> str:
        who = f"{html.escape(str(step.player))}: " if step.player is not None else ""
        call = html.escape(action_call(step.action), quote=True)
        head = (f'<div class="replay-action"><b>Step {step.index}</b> -- {who}'
                f'<span class="replay-action-words" title="{call}">{html.escape(self.action_text(step))}</span>'
                f'</div>')
        return STEP_CSS + head + self.events_html(self.events_seen(step, viewer), f"step {step.index}: what happened")

    # -- playing ------------------------------------------------------------------------------------
    def _refresh_play_controls(self) -> None:
        game = self.game
        at_end = self.index == len(self.states) - 1
        if at_end and not game.is_terminal():
            legal = list(game.legal_actions())
            # in words, each its own (the system's describe_action, else the kind and fields in plain words;
            # alike ones with what tells them apart): never the call syntax
            self.actions.options = list(zip(action_choices(legal, game, self.system), range(len(legal))))
            self._legal = legal
            # ``preselect`` False: no action chosen beforehand, so that one click on "apply" never takes an
            # action the player did not pick (Behind's first action is often "ends the turn")
            self.actions.value = 0 if legal and self.preselect else None
        else:
            self._legal = []
            self.actions.options = []
        self.actions.disabled = not (at_end and self._legal)
        self.apply_button.disabled = self.actions.disabled or self.actions.value is None
        self.undo_button.disabled = not (at_end and len(self.states) > 1 and game.history)
        self.redo_button.disabled = not (at_end and self.redo_stack)
        if not at_end:
            self.message.value = "<i>viewing an earlier step: go to the last step to play on</i>"
        elif game.is_terminal():
            self.message.value = f"<b>{html.escape(self.status_line(game))}</b>"
        else:
            count = len(self._legal)
            self.message.value = (f"{html.escape(str(game.current_player))} to act: choose one of {count} legal "
                                  f"action{'' if count == 1 else 's'} under 'action', then apply it")

    @property
    def legal(self) -> list[Action]:
        """The legal actions offered in the dropdown (play mode, at the last step)."""
        return list(self._legal)

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the live game (the referee checks it) and show the new step; the
        undone actions can no longer be redone."""
        self._require_play()
        self._apply(action)
        self.redo_stack.clear()
        self._after_change()

    def apply_selected(self) -> None:
        """Apply the action chosen in the dropdown."""
        if self.actions.value is None:
            return
        self.apply(self._legal[self.actions.value])

    def undo(self) -> Action | None:
        """Take the last action back (kept for redo) and show the step before it."""
        self._require_play()
        if len(self.states) <= 1 or not self.game.history:
            return None
        action = self.game.undo()
        self.redo_stack.append(action)
        self.states.pop()
        self.steps.pop()
        self._after_change()
        return action

    def redo(self) -> Action | None:
        """Re-apply the last undone action."""
        self._require_play()
        if not self.redo_stack:
            return None
        action = self.redo_stack.pop()
        self._apply(action)
        self._after_change()
        return action

    def _apply(self, action: Action) -> None:
        player = self.game.current_player
        events = self.game.apply(action)
        self.states.append(self.game.copy())
        self.steps.append(Step(len(self.steps), action, player, tuple(events)))

    def _after_change(self) -> None:
        last = len(self.states) - 1
        self.index = -1  # the step at this index may have changed: draw it again
        self.slider.max = last  # lowering it clamps the value: the observer shows that step
        if self.slider.value == last:
            self.show(last)
        else:
            self.slider.value = last

    def _require_play(self) -> None:
        if not self.playing:
            raise RuntimeError("this panel replays a recorded game; make it with play=True to play on")
