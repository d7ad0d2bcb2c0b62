"""A creature's turn, played with buttons: :class:`ZugPanel` (the turn panel).

The panel shows an :class:`~explorer.dnd5e.game.EncounterState` as the referee would: whose turn it
is (:func:`~explorer.dnd5e.render_map.status_line`), the battle map (:class:`~explorer.dnd5e.render_map.MapPicture`)
with the last move of this turn drawn, the acting creature's legal actions as buttons (the engine's
own list, ``state.legal_actions()``; moves straight toward or away from a chosen creature by
:func:`~explorer.dnd5e.game.move_toward`), the actions it may *not* take now, each with the rule that
refuses it (one representative of every kind checked by the referee, :meth:`GameState.check`), a
Rückgängig (undo) button and the log, every event beside the rule it cites
(:class:`~explorer.core.event_table.EventTable`).  Every click is answered with a message line.

Layout (docs/panel-layout.md): the map (580 px, it shrinks) and a fixed column of buttons sit in a
row that wraps; buttons are as wide as their text; the tables scroll in their own boxes.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from explorer.core.display import CAPTION_START
from explorer.core.event_table import EventRow, EventTable
from explorer.core.game import Action
from explorer.core.inputs import InputError, number
from explorer.core.panels import layout
from explorer.core.rules import RuleRef, RuleViolation
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.creatures import SQUARE
from explorer.dnd5e.game import EncounterState, move_toward, new_encounter
from explorer.dnd5e.items import ITEMS
from explorer.dnd5e.movement import Movement, move
from explorer.dnd5e.render_map import MapPicture, metres_text, status_line

SOURCE = "turn panel"
MAP_WIDTH = 5.8
"""Inches the map is wide: 580 px at 100 dpi, within the narrowest output area (590 px)."""
COLUMN = 340
"""The width of the buttons' column, in px."""
LOG_HEIGHT = "320px"
"""The log's box scrolls beyond this height."""

KIND_WORDS = A.KIND_WORDS
"""The excerpt's German name of every action kind (one table: :data:`explorer.dnd5e.actions.KIND_WORDS`)."""


def action_label(action: Action) -> str:
    """An action in the excerpt's words: ``Angriff: Langschwert → Ork``, ``Helfen: Ork``, ``Spurt``."""
    word = KIND_WORDS.get(action.kind, action.kind)
    if isinstance(action, A.Angriff):
        cover = "" if action.deckung == "keine" else f", Deckung {action.deckung}"
        return f"{word}: {action.waffe} → {action.ziel}{cover}"
    if isinstance(action, A.ZauberWirken):
        return f"{word}: {action.zauber} → {action.ziel}"
    if isinstance(action, A.Helfen):
        return f"{word}: {action.ziel}"
    if isinstance(action, A.Vorbereiten):
        return f"{word}: Angriff ({action.waffe})" if action.reaktion == "angriff" else f"{word}: Bewegung"
    if isinstance(action, (A.GegenstandVerwenden, A.MagischenGegenstandVerwenden)):
        return f"{word} ({action.gegenstand})"
    if isinstance(action, A.SpezialfaehigkeitVerwenden):
        return f"{word} ({action.faehigkeit})"
    if isinstance(action, A.Bewegen):
        x, y = action.pfad[-1]
        return f"{word} nach ({metres_text(x)}; {metres_text(y)})"
    return word


TRIGGER_WORDS = {"feind-kommt-in-reichweite": "wenn ein Feind in Reichweite kommt"}
"""The readied reactions' triggers in words (ruling ``dnd5e.ready-trigger``)."""


def action_tooltip(action: Action) -> str:
    """The button's tooltip: the label in full, a readied reaction with its trigger."""
    label = action_label(action)
    if isinstance(action, A.Vorbereiten):
        return f"{label}, {TRIGGER_WORDS.get(action.ausloeser, action.ausloeser)}"
    return label


def representatives(state: EncounterState) -> list[Action]:
    """One action of every kind the acting creature might take (every weapon and spell against every
    hostile creature, Helfen for every other creature, one square's step toward the nearest one), for
    the referee to accept or refuse."""
    if state.is_terminal():
        return [A.ZugBeenden()]
    name = state.acting
    m = state.battle_map
    token = m.token(name)
    profile = state.profiles[name]
    others = sorted(m.others(name), key=lambda t: (state.distance(name, t.name), t.name))
    foes = [t.name for t in others if t.hostile_to(token)]
    out: list[Action] = [A.ZugBeenden(), A.Aufstehen()]
    for foe in foes:
        out += [A.Angriff(a.waffe, foe) for a in profile.angriffe]
        out += [A.ZauberWirken(spell, foe) for spell, _ in profile.zauber]
    out += [A.Spurt(), A.Rueckzug(), A.Ausweichen(), A.Verstecken(), A.Suchen()]
    out += [A.Helfen(t.name) for t in others]
    waffe = profile.melee.waffe if profile.melee is not None else (profile.angriffe[0].waffe if profile.angriffe else "")
    out.append(A.Vorbereiten("feind-kommt-in-reichweite", "angriff", waffe))
    carried = state.supplies(name)  # what it carries, else the shipped item (refused: not carried)
    first = foes[0] if foes else ""
    potions = [i for i in carried if ITEMS[i].aktion == "gegenstand-verwenden"] or ["Heiltrank"]
    wands = [i for i in carried if ITEMS[i].aktion == "magischen-gegenstand-verwenden"] or [
        "Zauberstab der Magischen Geschosse"]
    out += [A.GegenstandVerwenden(i) for i in potions] + [A.MagischenGegenstandVerwenden(i, first) for i in wands]
    out += [A.SpezialfaehigkeitVerwenden(a, first) for a in (profile.faehigkeiten or ("Feueratem",))]
    if others:
        step = _one_square_toward(token.position, others[0].position)
        if step is not None:
            out.append(A.Bewegen((step,)))
    return out


def _one_square_toward(at, other) -> tuple[float, float] | None:
    """The point one square (1.5 m) from ``at`` toward ``other`` along the larger axis (diagonal
    when both differ)."""
    dx, dy = float(other[0] - at[0]), float(other[1] - at[1])
    if dx == 0 and dy == 0:
        return None
    sx = 0.0 if dx == 0 else (1.0 if dx > 0 else -1.0)
    sy = 0.0 if dy == 0 else (1.0 if dy > 0 else -1.0)
    return (float(at[0]) + sx * float(SQUARE), float(at[1]) + sy * float(SQUARE))


def _button(text: str, tooltip: str, css: str, style: str = "") -> widgets.Button:
    return widgets.Button(description=text, tooltip=tooltip, button_style=style,
                          layout=layout.button_layout(max_width="100%")).add_class(css)


LEGEND_MARKS = {"moves": True, "jumps": True, "acting": True}
"""The marks the panel's map may draw, which its legend lists from the start: the last move (its path,
dearer pieces, Gelegenheitsangriffe, jumps) and the creature to act."""


class ZugPanel(widgets.VBox):
    """The turn panel: play an encounter's turns with buttons (dnd5e-combat-de-excerpt.txt,
    "AKTIONEN IM KAMPF"; SRD 5.1, Combat > Your Turn).

    ``state``: an :class:`~explorer.dnd5e.game.EncounterState` (default ``new_encounter("duell")``),
    played in place (``panel.state``).  ``panel.legal`` are the actions offered now (the engine's
    legal actions that are not moves, then the moves toward and away from every other creature);
    ``panel.refused`` the ``(action, rule, message)`` of every representative action the referee
    refuses now; ``panel.play(action)`` plays one (RuleViolation if it is refused, the message line
    says why), ``panel.undo()`` takes the last one back.  ``map_width``: the map's width in inches."""

    def __init__(self, state: EncounterState | None = None, *, map_width: float = MAP_WIDTH):
        if state is None:
            state = new_encounter("duell")
        if not isinstance(state, EncounterState):
            raise InputError(SOURCE, "state", "an EncounterState (explorer.dnd5e.game.new_encounter)", state)
        map_width = number(map_width, "map_width", source=SOURCE, low=3, high=12)
        self.state = state
        self.legal: list[Action] = []
        self.refused: list[tuple[Action, RuleRef, str]] = []
        self.moves: dict[Action, str] = {}
        """The offered moves, each with its words ("zu Kämpferin hin")."""
        self._drawn: list[tuple[int, Movement, str, int]] = []
        """Every move played here: (history length before it, its Movement, mover, round)."""

        # a fixed legend of what this panel draws (no reachable region): no blank room under a short one
        self.map = MapPicture(state, width=map_width, legend_marks=LEGEND_MARKS)
        width, height = self.map.pixel_size
        self.picture = layout.picture(width, height).add_class("dnd5e-turn-map")
        self.status = widgets.HTML().add_class("dnd5e-turn-status")
        self.actions = layout.row(gap="4px 6px").add_class("dnd5e-turn-actions")
        self.target = widgets.Dropdown(options=[], description="Kreatur", style=layout.label_style(60),
                                       layout=layout.control_layout(COLUMN - 10)).add_class("dnd5e-turn-target")
        layout.tooltip_follows_value(self.target)
        self.toward = _button("hin", "Bewegung geradewegs auf die Kreatur zu (so weit die Bewegung reicht)",
                              "dnd5e-turn-toward")
        self.away = _button("weg", "Bewegung geradewegs von der Kreatur weg (so weit die Bewegung reicht)",
                            "dnd5e-turn-away")
        self.undo_button = _button("Rückgängig", "Die letzte Aktion zurücknehmen", "dnd5e-turn-undo", "")
        self.message = widgets.HTML(layout=widgets.Layout(min_height="22px", max_width="100%")).add_class(
            "dnd5e-turn-message")
        self.refused_box = layout.table_widget().add_class("dnd5e-turn-refused")
        self.log_view = layout.table_widget(max_height=LOG_HEIGHT).add_class("dnd5e-turn-log")
        self.toward.on_click(lambda _b: self._click_move(away=False))
        self.away.on_click(lambda _b: self._click_move(away=True))
        self.undo_button.on_click(lambda _b: self.undo())
        self.target.observe(lambda _c: self._show_moves(), names="value")
        controls = layout.column([
            widgets.HTML("<b>Aktionen</b>"), self.actions,
            widgets.HTML("<b>Bewegung</b>"), self.target, layout.row([self.toward, self.away], gap="4px 6px"),
            layout.row([self.undo_button], gap="4px 6px", margin="8px 0 0 0"),
        ], width=COLUMN)
        super().__init__([
            widgets.HTML(f"{CAPTION_START}Ein Zug nach den Regeln; Regeln: "
                         f"{html.escape(str(refs.AKTIONEN_IM_KAMPF))}, {html.escape(str(refs.SRD_YOUR_TURN))}</small>"),
            self.status,
            layout.row([self.picture, controls]),
            self.message,
            self.refused_box,
            self.log_view,
        ])
        self.add_class("dnd5e-turn-panel")
        self.refresh()

    # -- what is offered ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the state again: status, map, buttons, refusals, log."""
        state = self.state
        order = ", ".join(f"{n} {state.initiative[n]}" for n in state.order)
        # the initiative's rule is cited once, by the log's first event
        self.status.value = (f"<b>{html.escape(status_line(state))}</b><br><small>Initiative: {html.escape(order)}"
                             f"</small>")
        offered = [a for a in state.legal_actions() if not isinstance(a, A.Bewegen)]
        self.moves = {}
        if not state.is_terminal():
            for token in state.battle_map.others(state.acting):
                for away, words in ((False, f"zu {token.name} hin"), (True, f"von {token.name} weg")):
                    for found in move_toward(state, token.name, away=away):
                        self.moves.setdefault(found, words)
        self.legal = offered + list(self.moves)
        legal = set(self.legal)
        self.refused = []
        for action in representatives(state):
            if action in legal or state.can(action):
                continue
            try:
                state.check(action)
            except RuleViolation as refused:
                self.refused.append((action, refused.rule, refused.reason))
            except InputError:  # a representative off the map: nothing to say
                continue
        buttons = []
        for action in offered:
            button = _button(action_label(action), action_tooltip(action), "dnd5e-turn-action",
                             "info" if isinstance(action, A.ZugBeenden) else "")
            button.on_click(lambda _b, action=action: self._click(action))
            buttons.append(button)
        self.actions.children = buttons
        self.refused_box.value = self._refused_html()
        self.log_view.value = EventTable(list(reversed(state.log)), heading="Verlauf (neueste zuerst)", language="de",
                                    empty="(noch nichts geschehen)")._repr_html_()
        self.undo_button.disabled = not state.history
        self._choices()
        self._show_moves()
        self.map.update(state, movement=self._last_move())
        self.picture.value = self.map.png()

    def _choices(self) -> None:
        """The dropdown offers the other creatures, nearest first; the chosen one stays chosen."""
        state = self.state
        if state.is_terminal():
            names = [t.name for t in state.battle_map.tokens]
        else:
            names = [t.name for t in sorted(state.battle_map.others(state.acting),
                                            key=lambda t: (state.distance(state.acting, t.name), t.name))]
        chosen = self.target.value
        if list(self.target.options) != names:
            self.target.options = names
        self.target.value = chosen if chosen in names else (names[0] if names else None)

    def _show_moves(self) -> None:
        chosen = self.target.value
        state = self.state
        acting = None if state.is_terminal() else state.acting
        self.toward.description = f"Zu {chosen} hin"
        self.away.description = f"Von {chosen} weg"
        self.toward.disabled = chosen == acting or self._move_to(chosen, away=False) is None
        self.away.disabled = chosen == acting or self._move_to(chosen, away=True) is None

    def _move_to(self, name: str, *, away: bool) -> Action | None:
        words = f"von {name} weg" if away else f"zu {name} hin"
        return next((a for a, w in self.moves.items() if w == words), None)

    def _refused_html(self) -> str:
        """The refusals, one row per reason: the actions it refuses (marked), the reason, the rule."""
        groups: dict[tuple[str, RuleRef], list[str]] = {}
        for action, rule, reason in self.refused:
            groups.setdefault((reason, rule), []).append(action_label(action))
        rows = [EventRow(reason, rule, " · ".join(labels), "refused") for (reason, rule), labels in groups.items()]
        return EventTable(rows, heading="Jetzt nicht erlaubt (und warum)", language="de",
                          empty="(nichts: jede Aktion ist erlaubt)")._repr_html_()

    def _last_move(self) -> Movement | None:
        """The last move played here in the current creature's turn (None after the turn passed)."""
        state = self.state
        if state.is_terminal() or not self._drawn:
            return None
        _, movement, mover, round_ = self._drawn[-1]
        if mover == state.acting and round_ == state.round and not any(
                isinstance(a, A.ZugBeenden) for a in state.history[self._drawn[-1][0]:]):
            return movement
        return None

    # -- playing ------------------------------------------------------------------------------------
    def _say(self, text: str, colour: str = "#1a5e20") -> None:
        self.message.value = f'<span style="color:{colour}">{html.escape(text)}</span>'

    def _click(self, action: Action) -> None:
        try:
            self.play(action)
        except RuleViolation:
            pass  # the message line says why

    def _click_move(self, *, away: bool) -> None:
        chosen = self.target.value
        action = None if chosen is None else self._move_to(chosen, away=away)
        if action is None:
            self._say(f"Keine Bewegung {'von' if away else 'zu'} {chosen} {'weg' if away else 'hin'} möglich "
                      f"(keine Bewegung übrig oder der Weg ist versperrt)", "#b03a2e")
            return
        self._click(action)

    def play(self, action: Action) -> list:
        """Play ``action`` for the acting creature and return its events; a refused action raises
        RuleViolation and changes nothing (the message line names the rule)."""
        if not isinstance(action, Action):
            raise InputError(SOURCE, "action", "an action (explorer.dnd5e.actions, e.g. Spurt())", action)
        state = self.state
        label = self.moves.get(action)
        label = f"Bewegung {label}" if label else action_label(action)
        movement = None
        if isinstance(action, A.Bewegen) and not state.is_terminal():
            try:
                movement = move(state.battle_map, state.acting, [tuple(p) for p in action.pfad],
                                mode=action.modus, jumps=action.spruenge, budget=state.budget)
            except (RuleViolation, InputError):
                movement = None  # the referee says why below
        mark, mover, round_ = len(state.history), None if state.is_terminal() else state.acting, state.round
        try:
            events = state.apply(action)
        except RuleViolation as refused:
            self._say(f"Nicht erlaubt – {label}: {refused.reason} [{refused.rule}]", "#b03a2e")
            raise
        if movement is not None:
            self._drawn.append((mark, movement, mover, round_))
        self.refresh()
        last = events[-1].text.splitlines()[0].rstrip(":") if events else ""
        self._say(f"{mover}: {label} – {last}" if last else f"{mover}: {label}")
        return events

    def undo(self) -> Action | None:
        """Take the last action back and return it (None, with a message, when there is none)."""
        state = self.state
        if not state.history:
            self._say("Nichts rückgängig zu machen: noch keine Aktion gespielt", "#b03a2e")
            return None
        action = state.undo()
        self._drawn = [d for d in self._drawn if d[0] < len(state.history)]
        self.refresh()
        self._say(f"Rückgängig: {action_label(action)} – {status_line(state)}")
        return action

    def _repr_html_(self) -> str:
        """A static view (status, map, log) for outputs shown without widgets."""
        from explorer.core.display import png_img_tag

        return (f"<p><b>{html.escape(status_line(self.state))}</b></p>{png_img_tag(self.map.png(), alt='Karte')}"
                f"{self.log_view.value}")


__all__ = ["KIND_WORDS", "ZugPanel", "action_label", "action_tooltip", "representatives"]
