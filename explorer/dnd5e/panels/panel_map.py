"""The battle map panel (Kampfkarte zum Klicken): :class:`KartenPanel`.

Click a creature: it is chosen (edged gold) and the region it can reach this turn is shaded
(:func:`explorer.dnd5e.analysis.reachable`, with the *Spurt* and, for a creature that lies, the
*Aufstehen zuerst* boxes).  Then click a destination: the cheapest path there is drawn, and the table
beside the map lists what it costs (:func:`~explorer.dnd5e.analysis.path_cost`), the movement left,
the difficult terrain crossed, the Gelegenheitsangriffe it provokes with their exact expected damage
(:func:`~explorer.dnd5e.analysis.opportunity_risk`) and the jump it needs, each with its rule.  A
destination out of reach is refused with the reason and the rule.  The message line right above the
map answers every click in words.

The path: the straight line when :func:`~explorer.dnd5e.movement.move` allows it at the cheapest cost
(or, gridless, within the movement: the lattice search only approximates), else the cheapest way the
search found (its straight runs joined).  Out of walking reach, a long jump is tried: a walk to a place
in reach, then a jump to the destination (WEITE SPRÜNGE).

Like Behind's designer: with the ipympl backend (``%matplotlib widget``) the map is an ipympl canvas
and a click on it reaches :meth:`KartenPanel.click`; otherwise it is a PNG picture, and the creature
list and the x / y fields (*Ziel prüfen*) do what the mouse does.  The same methods are the panel's
programmatic interface: :meth:`~KartenPanel.select`, :meth:`~KartenPanel.click`,
:meth:`~KartenPanel.target`, :attr:`~KartenPanel.result`, :attr:`~KartenPanel.said`.  The picture is a
:class:`~explorer.dnd5e.render_map.KartenBild`: the terrain is drawn once, a click redraws only the
overlay (benchmarks/bench_dnd5e_map_panel.py measures it beside a full redraw).  The hidden HTML
widget ``dnd5e-map-geometry`` gives the axes' limits (m), position (figure fractions) and the figure's
size (px) for browser tests.
"""

from __future__ import annotations

import html
import json
import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

import ipywidgets as widgets
import pandas as pd

from explorer.core.display import CAPTION_START, details, html_table, png_img_tag
from explorer.core.inputs import InputError
from explorer.core.panels import layout as panel_layout
from explorer.core.panels.figures import ipympl_backend, ipympl_figure
from explorer.core.rules import RuleRef, RuleViolation
from explorer.dnd5e import analysis, refs
from explorer.dnd5e.battlemap import BattleMap
from explorer.dnd5e.creatures import SQUARE
from explorer.dnd5e.jumps import long_jump_distance
from explorer.dnd5e.movement import Budget, Movement, allowance
from explorer.dnd5e.render_map import KartenBild, metres_text, panel_figure_size, state_notes
from explorer.dnd5e.render_odds import number_text, percent_text

SOURCE = "battle map panel"
DPI = 100
JUMP_TRIES = 12
"""Out of walking reach, this many places in reach nearest the destination are tried as a jump's take-off."""
NOBODY = "– keine –"


# ---------------------------------------------------------------------------------------------
# What a click on a destination answers
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weg:
    """A path to a destination (way, Weg): the waypoints, its :class:`~explorer.dnd5e.analysis.PathCost`,
    its :class:`~explorer.dnd5e.analysis.OpportunityRisk` (None without the creatures' Kampfwerte), the
    legs that are long jumps."""

    name: str
    ziel: tuple
    path: tuple
    cost: analysis.PathCost
    risk: analysis.OpportunityRisk | None
    jumps: tuple[int, ...] = ()

    @property
    def movement(self) -> Movement:
        return self.cost.movement

    @property
    def total(self):
        return self.cost.total

    @property
    def left(self):
        return self.cost.left

    @property
    def difficult(self) -> tuple[Any, Any]:
        """Metres walked in difficult terrain (schwieriges Gelände, another creature's space) and what they cost."""
        walked = spent = Fraction(0)
        for leg in self.movement.legs:
            for piece in leg.pieces:
                if any(rule in (refs.SRD_DIFFICULT_TERRAIN, refs.UM_KREATUREN_HERUM) and text.endswith("+1 m je m")
                       for text, rule in piece.reasons):
                    walked += Fraction(piece.length)
                    spent += Fraction(piece.cost)
        return walked, spent


@dataclass(frozen=True)
class Abgelehnt:
    """A destination the rules refuse (refused): who, where, why in words, and the rule."""

    name: str
    ziel: tuple
    reason: str
    rule: RuleRef | None


def _pt(p) -> str:
    return "(" + "; ".join(number_text(v) for v in p) + ")"


def _exact(value) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


class KartenPanel(widgets.VBox):
    """The battle map panel (see the module docstring).

    ``state_or_map``: an :class:`~explorer.dnd5e.game.EncounterState` (its map, hit points, Kampfwerte;
    the acting creature's movement already spent this turn counts) or a
    :class:`~explorer.dnd5e.battlemap.BattleMap` (with ``profiles``, token name ->
    :class:`~explorer.dnd5e.encounter.Kampfwerte`, for the Gelegenheitsangriffe's damage).
    ``interactive``: an ipympl canvas (default: when ipympl is the backend); ``blit=False`` draws the
    picture afresh on each click (the benchmark's comparison).

    State: :attr:`selected` (a creature's name or None), :attr:`region` (its
    :class:`~explorer.dnd5e.analysis.Reachable`), :attr:`result` (a :class:`Weg`, an :class:`Abgelehnt`
    or None), :attr:`said` (the message line as plain text), :attr:`table` (the HTML widget),
    :attr:`picture` (the :class:`~explorer.dnd5e.render_map.KartenBild`), :attr:`last_update_ms`."""

    def __init__(self, state_or_map: Any, *, profiles: Mapping[str, Any] | None = None,
                 interactive: bool | None = None, blit: bool = True):
        from explorer.dnd5e.game import EncounterState

        if isinstance(state_or_map, EncounterState):
            self.state, battle_map = state_or_map, state_or_map.battle_map
            if profiles is not None:
                raise InputError(SOURCE, "profiles", "nothing with an EncounterState (it has its own Kampfwerte)",
                                 profiles)
            profiles = state_or_map.profiles
        elif isinstance(state_or_map, BattleMap):
            self.state, battle_map = None, state_or_map
        else:
            raise InputError(SOURCE, "state_or_map", "an EncounterState (explorer.dnd5e.game.new_encounter) or a "
                             "BattleMap", state_or_map)
        if not battle_map.tokens:
            raise InputError(SOURCE, "state_or_map", "a map with at least one creature", "no creatures")
        if profiles is not None and not isinstance(profiles, Mapping):
            raise InputError(SOURCE, "profiles", "a mapping of creature names to Kampfwerte", profiles)
        if interactive is not None and not isinstance(interactive, bool):
            raise InputError(SOURCE, "interactive", "True, False or None", interactive)
        if not isinstance(blit, bool):
            raise InputError(SOURCE, "blit", "True or False", blit)
        self.battle_map, self.profiles = battle_map, profiles
        self.interactive = ipympl_backend() if interactive is None else interactive
        self.blit = blit
        self.selected: str | None = None
        self.region: analysis.Reachable | None = None
        self._region_shape = None
        self.result: Weg | Abgelehnt | None = None
        self.said = ""
        self.updates = 0
        self.last_update_ms = 0.0
        self._quiet = False
        self._build(battle_map)
        # a creature is chosen from the start (the one whose turn it is, else the first): the dropdown is
        # never blank and the first click on the map already asks a way
        names = [t.name for t in battle_map.tokens]
        acting = getattr(self.state, "acting", None)
        self.select(acting if acting in names else names[0])
        self._say(self._chosen_words() + " Die Tabelle zeigt den Weg, seine Kosten und die Gelegenheitsangriffe.")

    # --- widgets --------------------------------------------------------------------------------
    def _build(self, battle_map: BattleMap) -> None:
        size, _ = panel_figure_size(battle_map, dpi=DPI)
        figure = ipympl_figure(size[0], size[1], DPI) if self.interactive else None
        self.picture = KartenBild(battle_map, figure=figure, dpi=DPI)
        if self.interactive:
            self.figure_widget = self.picture.figure.canvas
            self.picture.figure.canvas.mpl_connect("button_press_event", self._on_press)
        else:
            self.figure_widget = panel_layout.picture(*self.picture.pixel_size)
        self.figure_widget.add_class("dnd5e-map-figure")
        canvas_box = widgets.Box([self.figure_widget], layout=widgets.Layout(
            overflow="auto", max_width="100%", flex="0 1 auto")).add_class("dnd5e-map-canvas-box")
        style = panel_layout.label_style(60)
        names = [t.name for t in battle_map.tokens]
        self.creature = widgets.Dropdown(options=[(NOBODY, None)] + [(n, n) for n in names], value=None,
                                         description="Kreatur", style=style,
                                         layout=panel_layout.control_layout(220)).add_class("dnd5e-map-creature")
        panel_layout.tooltip_follows_value(self.creature)
        self.spurt = widgets.Checkbox(False, description="Spurt (doppelte Bewegungsrate)", indent=False,
                                      layout=widgets.Layout(width="auto")).add_class("dnd5e-map-spurt")
        self.aufstehen = widgets.Checkbox(False, description="Aufstehen zuerst", indent=False, disabled=True,
                                          layout=widgets.Layout(width="auto")).add_class("dnd5e-map-aufstehen")
        w, h = float(battle_map.width), float(battle_map.height)
        self.ziel_x = widgets.BoundedFloatText(round(w / 2, 2), min=0.0, max=w, step=float(SQUARE) / 2,
                                               description="Ziel x (m)", style=panel_layout.label_style(),
                                               layout=widgets.Layout(width="150px")).add_class("dnd5e-map-x")
        self.ziel_y = widgets.BoundedFloatText(round(h / 2, 2), min=0.0, max=h, step=float(SQUARE) / 2,
                                               description="y (m)", style=panel_layout.label_style(),
                                               layout=widgets.Layout(width="110px")).add_class("dnd5e-map-y")
        self.ziel_button = widgets.Button(description="Ziel prüfen", layout=panel_layout.button_layout()
                                          ).add_class("dnd5e-map-go")
        self.creature.observe(self._on_creature, names="value")
        self.spurt.observe(self._on_options, names="value")
        self.aufstehen.observe(self._on_options, names="value")
        self.ziel_button.on_click(lambda _button: self.click(self.ziel_x.value, self.ziel_y.value))
        self.message = widgets.HTML(layout=widgets.Layout(max_width="100%", min_height="2.6em")
                                    ).add_class("dnd5e-map-message")
        self.table = panel_layout.table_widget().add_class("dnd5e-map-table")
        self.geometry = widgets.HTML(layout=widgets.Layout(display="none")).add_class("dnd5e-map-geometry")
        books: dict[str, list[str]] = {}  # each rulebook once, its sections by their last heading
        for rule in (refs.SRD_MOVEMENT_AND_POSITION, refs.SRD_DIFFICULT_TERRAIN, refs.SRD_OPPORTUNITY_ATTACKS,
                     refs.UM_KREATUREN_HERUM, refs.WEITE_SPRUENGE):
            books.setdefault(rule.rulebook, []).append(rule.section.split(" > ")[-1])
        rules = html.escape("; ".join(f"{book}: {', '.join(sections)}" for book, sections in books.items()))
        super().__init__([
            widgets.HTML(f"{CAPTION_START}Bewegung auf der Kampfkarte; Regeln: {rules}</small>"),
            panel_layout.row([self.creature, self.spurt, self.aufstehen], align="center").add_class(
                "dnd5e-map-options"),
            panel_layout.row([self.ziel_x, self.ziel_y, self.ziel_button], align="center").add_class(
                "dnd5e-map-target-row"),
            self.message,
            panel_layout.beside(canvas_box, self.table),
            self.geometry,
        ], layout=widgets.Layout(max_width="100%"))
        self.add_class("dnd5e-map-panel")

    # --- events -----------------------------------------------------------------------------------
    def _on_press(self, event) -> None:
        if event.inaxes is self.picture.ax and event.xdata is not None and getattr(event, "button", 1) in (1, None):
            self.click(event.xdata, event.ydata)

    def _on_creature(self, change) -> None:
        if not self._quiet:
            self.select(change["new"])

    def _on_options(self, _change) -> None:
        if self._quiet or self.selected is None:
            return
        self._reach()
        if self.result is not None:
            self.target(*self.result.ziel)
        else:
            self.refresh()
            self._say(self._chosen_words())

    # --- the programmatic interface ---------------------------------------------------------------
    def creature_at(self, x: float, y: float) -> str | None:
        """The creature whose space holds ``(x, y)`` m, or None."""
        from shapely import contains_xy

        for token in self.battle_map.tokens:
            if contains_xy(self.battle_map.space(token), float(x), float(y)):
                return token.name
        return None

    def click(self, x: Any, y: Any) -> str:
        """A click at ``(x, y)`` m: on a creature, choose it (the chosen one again: its path cleared);
        elsewhere, with a creature chosen, ask the way there (:meth:`target`).  Returns the answer said in
        the message line."""
        x, y = _coordinate(x, "x", self.battle_map.width), _coordinate(y, "y", self.battle_map.height)
        name = self.creature_at(x, y)
        if name is not None:  # the chosen one again: its path cleared
            return self.select(name)
        if self.selected is None:
            return self._say(f"Dort {_pt((x, y))} steht keine Kreatur. Klicke zuerst auf eine Kreatur, dann auf "
                             f"ihr Ziel.")
        return self.target(x, y)

    def select(self, name: str | None) -> str:
        """Choose creature ``name`` (None: nobody) and shade where it can get this turn."""
        if name is not None:
            names = [t.name for t in self.battle_map.tokens]
            if name not in names:
                raise InputError(SOURCE, "name", "a creature on the map: " + ", ".join(names), name)
        start = time.perf_counter()
        self.selected, self.result = name, None
        self._quiet = True
        try:
            self.creature.value = name
            token = self.battle_map.token(name) if name is not None else None
            dashed = self._budget(name).dash if name is not None else False
            self.spurt.value, self.spurt.disabled = dashed, dashed
            self.aufstehen.value = False
            self.aufstehen.disabled = token is None or not token.prone
        finally:
            self._quiet = False
        if name is None:
            self.region = self._region_shape = None
            self.table.value = ""
            self.refresh(start)
            return self._say("Keine Kreatur gewählt. Klicke auf eine Kreatur, dann auf ihr Ziel.")
        self._reach()
        self.table.value = ""
        self.refresh(start)
        return self._say(self._chosen_words())

    def target(self, x: Any, y: Any) -> str:
        """Ask the way of the chosen creature to ``(x, y)`` m (on the grid: that square's centre): draw
        it and list its cost, the movement left, the difficult terrain, the Gelegenheitsangriffe and a
        jump -- or say why it is out of reach."""
        if self.selected is None:
            raise InputError(SOURCE, "selected", "a creature chosen first (select)", None)
        x, y = _coordinate(x, "x", self.battle_map.width), _coordinate(y, "y", self.battle_map.height)
        start = time.perf_counter()
        name = self.selected
        ziel = self._place(x, y)
        self.result = self._way(name, ziel)
        self.table.value = self._table_html(self.result)
        self.refresh(start)
        return self._say(self._answer(self.result), error=isinstance(self.result, Abgelehnt))

    # --- the rules asked ----------------------------------------------------------------------------
    def _budget(self, name: str) -> Budget:
        if self.state is not None and not self.state.is_terminal() and name == self.state.acting:
            return self.state.budget
        return Budget()

    def _options(self) -> dict:
        name = self.selected
        options = {"dash": bool(self.spurt.value), "budget": self._budget(name)}
        if self.aufstehen.value:
            options["stand_up"] = True
        return options

    def _reach(self) -> None:
        options = self._options()
        self.region = analysis.reachable(self.battle_map, self.selected, spurt=options["dash"],
                                         aufstehen=bool(options.get("stand_up")), budget=options["budget"])
        self._region_shape = self.region.geometry

    def _place(self, x: float, y: float) -> tuple:
        """The clicked point, on the grid the centre of the square (the token's squares) it falls in."""
        if not self.battle_map.grid:
            return (Fraction(x).limit_denominator(100), Fraction(y).limit_denominator(100))
        sx, sy = self.battle_map.token(self.selected).position
        return tuple(s + round((float(v) - float(s)) / float(SQUARE)) * SQUARE for s, v in ((sx, x), (sy, y)))

    def _priced(self, name: str, path: list, jumps: tuple = ()) -> Weg:
        options = dict(self._options(), jumps=jumps) if jumps else self._options()
        cost = analysis.path_cost(self.battle_map, name, path, **options)
        risk = None
        if self.profiles is not None:
            source = self.state if self.state is not None else self.battle_map
            extra = {} if self.state is not None else {"profiles": self.profiles}
            risk = analysis.opportunity_risk(source, name, path, **extra, **options)
        return Weg(name, tuple(path[-1]) if path else self.battle_map.token(name).position, tuple(path), cost, risk,
                   tuple(jumps))

    def _way(self, name: str, ziel: tuple) -> Weg | Abgelehnt:
        token = self.battle_map.token(name)
        if tuple(ziel) == tuple(token.position):
            return Abgelehnt(name, ziel, f"{name} steht schon dort: klicke auf ein anderes Ziel", None)
        best = self.region.cost(ziel) if self.region is not None else None
        straight_refusal = None
        try:
            straight = self._priced(name, [ziel])
            if best is None or straight.total <= best:
                return straight
        except (RuleViolation, InputError) as refused:
            straight_refusal = refused
        if best is not None:
            waypoints = _joined(list(self.region.path(ziel)), token.position)
            for path in (waypoints, list(self.region.path(ziel))):
                try:
                    found = self._priced(name, path)
                except (RuleViolation, InputError):
                    continue
                if found.total <= best:
                    return found
        jumped = self._jump(name, ziel)
        if jumped is not None:
            return jumped
        return self._refusal(name, ziel, straight_refusal)

    def _jump(self, name: str, ziel: tuple) -> Weg | None:
        """A walk to a place in reach, then a long jump to ``ziel``: the cheapest of the
        :data:`JUMP_TRIES` take-offs nearest it that the rules allow (WEITE SPRÜNGE), or None."""
        token = self.battle_map.token(name)
        if self.region is None or token.prone:
            return None
        longest = float(long_jump_distance(token.creature, run_up=True)) + float(SQUARE)
        tx, ty = (float(v) for v in ziel)
        places = sorted((p for p in self.region.points if math.dist((float(p[0]), float(p[1])), (tx, ty)) <= longest),
                        key=lambda p: math.dist((float(p[0]), float(p[1])), (tx, ty)))
        found = []
        for place in places[:JUMP_TRIES]:
            walks = [[]] if place == token.position else [
                [place], _joined(list(self.region.path(place)), token.position)]
            for walk in walks:  # the straight run-up first, else the cheapest way to the take-off
                try:
                    found.append(self._priced(name, walk + [ziel], jumps=(len(walk),)))
                    break
                except (RuleViolation, InputError):
                    continue
        return min(found, key=lambda way: way.total) if found else None

    def _refusal(self, name: str, ziel: tuple, straight: Exception | None) -> Abgelehnt:
        token = self.battle_map.token(name)
        limit = allowance(token, "gehen", dash=bool(self.spurt.value) or self._budget(name).dash)
        left = max(Fraction(limit) - Fraction(self._budget(name).used), Fraction(0))
        if isinstance(straight, RuleViolation):
            why, rule = straight.reason, straight.rule
            if "nicht genug Bewegungsrate" in why:
                return Abgelehnt(name, ziel, f"{why}; kein Weg dorthin kostet höchstens die übrigen "
                                             f"{metres_text(left)}", rule)
            if "Bewegung nicht im Bereich" in why:
                return Abgelehnt(name, ziel, why, rule)
            return Abgelehnt(name, ziel, f"der gerade Weg geht nicht ({why}), und jeder Weg außen herum kostet mehr "
                                         f"als die übrigen {metres_text(left)}", rule)
        if isinstance(straight, InputError):
            return Abgelehnt(name, ziel, f"dort hat der Bereich von {name} keinen Platz auf der Karte (zu nah am Rand)",
                             refs.SRD_SPACE)
        return Abgelehnt(name, ziel, f"kein Weg dorthin kostet höchstens die übrigen {metres_text(left)}",
                         refs.SRD_MOVEMENT_AND_POSITION)

    # --- words ----------------------------------------------------------------------------------------
    def _chosen_words(self) -> str:
        name = self.selected
        token = self.battle_map.token(name)
        region = self.region
        spent = Fraction(self._budget(name).used)
        left = max(Fraction(region.allowance) - spent, Fraction(0))
        words = (f"Kreatur gewählt: {name} (Bewegungsrate {metres_text(region.allowance)}"
                 + (" mit Spurt" if self.spurt.value else "") + f", übrig {metres_text(left)}"
                 + (f", Aufstehen kostet {metres_text(region.stand_up_cost)}" if region.stand_up_cost else "")
                 + (", liegt: kriecht" if token.prone and not self.aufstehen.value else "") + "). "
                 f"Grün: wohin {name} in diesem Zug kommt. Klicke auf das Ziel.")
        return words

    def _answer(self, result: Weg | Abgelehnt) -> str:
        if isinstance(result, Abgelehnt):
            rule = f" ({result.rule})" if result.rule is not None else ""
            return (f"{result.name} kommt nicht nach {_pt(result.ziel)}: {result.reason}{rule}. "
                    f"Klicke auf ein anderes Ziel.")
        attacks = len(result.movement.opportunity_attacks)
        words = (f"{result.name} nach {_pt(result.ziel)}: Kosten {metres_text(result.total)}, "
                 f"übrig {metres_text(result.left)}")
        if result.jumps:
            words += ", mit Weitsprung"
        if attacks:
            words += f", {attacks} Gelegenheitsangriff{'e' if attacks > 1 else ''}"
            if result.risk is not None:
                words += f" (erwarteter Schaden {number_text(result.risk.expected_damage)})"
        else:
            words += ", kein Gelegenheitsangriff"
        return words + ". Klicke auf ein anderes Ziel oder eine andere Kreatur."

    def _say(self, text: str, error: bool = False) -> str:
        self.said = text
        colour = "#b03a2e" if error else "#1a1a1a"
        self.message.value = f'<span style="color:{colour}">{html.escape(text)}</span>'
        return text

    def _table_html(self, result: Weg | Abgelehnt) -> str:
        frame = result_frame(result)
        table = html_table(frame, index=False, wrap=["Größe", "Wert", "Regel"], wrap_width="14em")
        body = panel_layout.table_html(table.styler.to_html())
        if isinstance(result, Weg):
            pieces = html_table(result.cost.frame[["Abschnitt", "bis", "Gelände/Grund", "Kosten m"]], index=False,
                                wrap=["Gelände/Grund"], wrap_width="12em", digits=2)
            body += details("Abschnitte des Weges", panel_layout.table_html(pieces.styler.to_html()))
        return body

    # --- the picture --------------------------------------------------------------------------------
    def _hp(self) -> dict:
        if self.state is None:
            return {}
        return {t.name: (self.state.hp(t.name), self.state.max_hp(t.name)) for t in self.battle_map.tokens}

    def _title(self) -> str:
        if self.selected is None:
            return "Kampfkarte: klicke auf eine Kreatur"
        if isinstance(self.result, Weg):
            return f"{self.selected}: {metres_text(self.result.total)}, übrig {metres_text(self.result.left)}"
        return f"{self.selected} gewählt: klicke auf das Ziel"

    def refresh(self, start: float | None = None) -> None:
        """Draw the overlay again and show it (blit, or a full redraw with ``blit=False``)."""
        start = time.perf_counter() if start is None else start
        result = self.result
        notes = state_notes(self.state) if self.state is not None else None
        self.picture.show(self.battle_map, hp=self._hp() or None, chosen=self.selected,
                          movement=result.movement if isinstance(result, Weg) else None,
                          reachable=self._region_shape,
                          refused_at=result.ziel if isinstance(result, Abgelehnt) else None,
                          title=self._title(), notes=notes)
        if self.interactive:
            self.picture.blit() if self.blit else self.picture.figure.canvas.draw_idle()
        else:
            self.figure_widget.value = self.picture.render() if self.blit else self.picture.png()
        self._geometry()
        self.updates += 1
        self.last_update_ms = (time.perf_counter() - start) * 1000

    def _geometry(self) -> None:
        ax = self.picture.ax
        ax.apply_aspect()
        x0, y0, w, h = ax.get_position().bounds
        width, height = self.picture.pixel_size
        value = json.dumps({"xlim": list(ax.get_xlim()), "ylim": list(ax.get_ylim()), "axes": [x0, y0, x0 + w, y0 + h],
                            "size": [width, height]})
        if self.geometry.value != value:
            self.geometry.value = value

    def _repr_html_(self) -> str:
        """A static picture of the panel (map and table), for outputs shown without widgets."""
        picture = png_img_tag(self.picture.png(), alt="Kampfkarte")
        return (f'<div style="display:flex;flex-wrap:wrap;gap:6px 18px">{picture}<div>{html.escape(self.said)}'
                f'{self.table.value}</div></div>')


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------
def _coordinate(value: Any, field: str, limit) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or not math.isfinite(float(value)) \
            or not 0 <= float(value) <= float(limit):
        raise InputError(SOURCE, field, f"metres on the map, 0 to {float(limit):g}", value)
    return float(value)


def _joined(path: list, start: tuple) -> list:
    """The waypoints (after ``start``) with each straight run of equal steps joined into one leg."""
    points = [tuple(start)] + [tuple(p) for p in path]
    joined = []
    for i in range(1, len(points) - 1):
        before = (points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1])
        after = (points[i + 1][0] - points[i][0], points[i + 1][1] - points[i][1])
        if before != after:
            joined.append(points[i])
    return joined + points[-1:] if len(points) > 1 else []


def result_frame(result: Weg | Abgelehnt) -> pd.DataFrame:
    """The panel's table: ``Größe`` (what), ``Wert`` (its value), ``Regel`` (the rule it follows)."""
    rows: list[tuple[str, str, str]] = []
    if isinstance(result, Abgelehnt):
        rows.append((f"{result.name} nach {_pt(result.ziel)}", "nicht erreichbar: " + result.reason,
                     str(result.rule) if result.rule is not None else ""))
        return pd.DataFrame(rows, columns=["Größe", "Wert", "Regel"])
    mv = result.movement
    legs = len(mv.legs)
    rows.append(("Weg", f"{result.name} nach {_pt(result.ziel)}, {legs} Abschnitt{'e' if legs != 1 else ''}",
                 str(refs.SRD_BREAKING_UP_YOUR_MOVE if legs > 1 else refs.SRD_MOVEMENT_AND_POSITION)))
    if mv.stand_up_cost:
        rows.append(("Aufstehen", metres_text(mv.stand_up_cost) + " (halbe Bewegungsrate)", str(refs.SRD_PRONE)))
    rows.append(("Kosten", metres_text(result.total), str(refs.SRD_MOVEMENT_AND_POSITION)))
    spurt = " (mit Spurt)" if mv.budget.dash else ""
    rows.append(("Bewegung übrig", f"{metres_text(result.left)} von {metres_text(result.cost.allowance)}{spurt}",
                 str(refs.SPURT if mv.budget.dash else refs.SRD_BREAKING_UP_YOUR_MOVE)))
    walked, spent = result.difficult
    rows.append(("schwieriges Gelände durchquert",
                 f"{metres_text(walked)}, kostet {metres_text(spent)}" if walked else "keines",
                 str(refs.SRD_DIFFICULT_TERRAIN)))
    for leg in mv.legs:
        if leg.jump is not None:
            jump = leg.jump
            rows.append((f"Weitsprung (Abschnitt {leg.index + 1})",
                         f"{metres_text(jump.distance)} {'mit' if jump.run_up else 'ohne'} Anlauf, höchstens "
                         f"{metres_text(jump.maximum)}; kostet {metres_text(jump.cost)}", str(refs.WEITE_SPRUENGE)))
    for check in mv.checks:
        rows.append((f"Wurf: {check.ability} SG {check.dc}", f"{check.reason}; misslungen: {check.on_failure}",
                     str(check.rule)))
    if not mv.opportunity_attacks:
        why = "keiner (Rückzug)" if mv.budget.disengage else "keiner"
        rows.append(("Gelegenheitsangriffe", why, str(refs.SRD_OPPORTUNITY_ATTACKS)))
    elif result.risk is None:
        for oa in mv.opportunity_attacks:
            rows.append((f"Gelegenheitsangriff: {oa.attacker}", f"bei {_pt(oa.at)}; Schaden ohne Kampfwerte unbekannt",
                         str(refs.SRD_OPPORTUNITY_ATTACKS)))
    else:
        for attack in result.risk.attacks:
            odds = attack.odds
            rows.append((f"Gelegenheitsangriff: {attack.attacker} ({attack.waffe})",
                         f"bei {_pt(attack.at)}; trifft {percent_text(odds.p_treffer)}, erwarteter Schaden "
                         f"{number_text(odds.expected_damage)} (exakt {_exact(odds.expected_damage)})",
                         str(refs.SRD_OPPORTUNITY_ATTACKS)))
        for attacker, why in result.risk.not_attacking:
            rows.append((f"kein Gelegenheitsangriff: {attacker}", why, str(refs.SRD_REACTIONS)))
        if result.risk.attacks:
            risk = result.risk
            rows.append(("erwarteter Schaden, alle", f"{number_text(risk.expected_damage)} (exakt "
                         f"{_exact(risk.expected_damage)}); 0 TP erreicht: {percent_text(risk.p_drop)}",
                         str(refs.SRD_OPPORTUNITY_ATTACKS)))
    return pd.DataFrame(rows, columns=["Größe", "Wert", "Regel"])


__all__ = ["Abgelehnt", "KartenPanel", "Weg", "result_frame"]
