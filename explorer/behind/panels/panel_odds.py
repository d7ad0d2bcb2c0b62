"""Live Jupyter panels for Behind (ipywidgets), thin views over the odds engine.

:class:`MeleeOddsPanel` asks one melee question with sliders and shows the exact answer as a
table and a bar chart; :class:`RangedOddsPanel` does the same for a ranged attack, and
:class:`StateOddsPanel` asks it of two chips of a game state
(:mod:`explorer.behind.odds_state`).  The figure is drawn into an ``ipywidgets.Image`` (PNG
bytes) and the tables into ``ipywidgets.HTML`` -- no ``Output`` widget, so the panel is reliable
under Voila and nbval -- and every change updates those widgets in place.  The chart is a
:class:`~explorer.behind.panels.panel_figures.SlotChart`: an update blits the bars over a cached
background instead of drawing the figure afresh.

The panels follow the layout conventions of :mod:`explorer.core.panels.layout`
(docs/panel-layout.md): the two sides' columns and the chart and its table sit in rows that wrap
(the table drops below the chart when the output area is narrow), columns keep their width,
labels show in full, the table scrolls sideways inside its box and its fractions wrap.
"""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from explorer.behind import refs
from explorer.behind.cards import ActionCard, Character
from explorer.behind.odds import MeleeQuestion, OddsResult, RangedQuestion
from explorer.behind.odds_state import question_from_state, question_notes
from explorer.behind.panels.panel_figures import SlotChart
from explorer.core.display import CAPTION_START, PROSE_STYLE, probability_text
from explorer.core.panels import layout as panel_layout
from explorer.core.rules import RuleViolation

DRAWN = "drawn"
EVEN_SUPPLY = "even 1-9 (36 cards)"


def default_supplies() -> dict[str, list[ActionCard | int]]:
    """Supply presets: the shipped pre-constructed decks and an even spread of fate numbers."""
    from explorer.behind.data import load_decks

    presets: dict[str, list[ActionCard | int]] = {
        f"{deck.society} deck ({deck.size} cards)": list(deck.cards) for deck in load_decks().values()
    }
    presets[EVEN_SUPPLY] = [fate for fate in range(1, 10) for _ in range(4)]
    return presets


def default_pair() -> tuple[Character, Character]:
    """The rulebook's example pair: Ludwig von Auenstedt attacks Sahra Jeanette (First Steps)."""
    from explorer.behind.data import load_characters

    characters = load_characters()
    return characters["ludwig-von-auenstedt"], characters["sahra-jeanette"]


FIELDS = ("strength", "resistance", "injuries", "hand", "supply")
"""The controls of one melee side; a ranged side shows Dexterity in place of Strength."""

LABEL_WIDTH = 92
"""The description width of the side controls, in px ("Resistance", "Hand card", "Weapon card")."""

SIDE_WIDTH = 350
"""A side's column, in px: "Schwesternbund deck (40 cards)" fits its supply dropdown."""


class SideControls:
    """The sliders of one side: the character's value (Strength or Dexterity), Resistance,
    injuries, the hand card it plays and its supply -- those of ``fields`` -- each with the CSS
    class ``f"{prefix}-{role}-{field}"``."""

    def __init__(self, role: str, character: Character, supplies: list[str], supply: str, *,
                 prefix: str = "melee", fields: tuple[str, ...] = FIELDS):
        self.role = role
        self.character = character
        self.fields = fields
        style = panel_layout.label_style(LABEL_WIDTH)
        layout = panel_layout.control_layout()
        makers = {
            "strength": lambda: widgets.IntSlider(character.strength, 0, 10, description="Strength", style=style,
                                                  layout=layout),
            "dexterity": lambda: widgets.IntSlider(character.dexterity, 0, 10, description="Dexterity", style=style,
                                                   layout=layout),
            "resistance": lambda: widgets.IntSlider(character.resistance, 1, 6, description="Resistance",
                                                    style=style, layout=layout),
            "injuries": lambda: widgets.IntSlider(character.injuries, 0, 2, description="Injuries", style=style,
                                                  layout=layout),
            "hand": lambda: hand_card_slider("Hand card", style, layout),
            "supply": lambda: widgets.Dropdown(options=supplies, value=supply, description="Supply", style=style,
                                               layout=layout),
        }
        for name in fields:
            control = makers[name]()
            control.add_class(f"{prefix}-{role}-{name}")
            setattr(self, name, control)
        if "supply" in fields:
            panel_layout.tooltip_follows_value(self.supply)
        self.box = panel_layout.column([widgets.HTML(f"<b>{role.title()}</b>: {html.escape(character.name)}"),
                                        *self.controls], width=SIDE_WIDTH)

    @property
    def controls(self):
        return tuple(getattr(self, name) for name in self.fields)

    def current_character(self) -> Character:
        c = self.character
        value = {name: getattr(self, name).value for name in ("strength", "dexterity", "resistance", "injuries")
                 if name in self.fields}
        return Character(name=c.name, strength=value.get("strength", c.strength),
                         dexterity=value.get("dexterity", c.dexterity),
                         resistance=value.get("resistance", c.resistance), abilities=c.abilities,
                         injuries=value.get("injuries", c.injuries), society=c.society)

    def known_hand(self) -> list[int] | None:
        return known_hand(self.hand)


def hand_card_slider(description: str, style=None, layout=None) -> widgets.SelectionSlider:
    """The hand card a side plays: "drawn" (unknown: its best card of a hand drawn from the supply)
    or a fate number 1-9 (Melee Combat: "The hand card may be played")."""
    return widgets.SelectionSlider(options=[DRAWN, *map(str, range(1, 10))], value=DRAWN, description=description,
                                   style=style or {}, layout=layout or widgets.Layout())


def known_hand(slider) -> list[int] | None:
    """The known hand a hand-card slider stands for (``None``: drawn)."""
    return None if slider.value == DRAWN else [int(slider.value)]


class _OddsView:
    """What an odds panel shows: a summary line, the outcome table and the bar chart (an
    ``Image`` of PNG bytes from a blitted :class:`SlotChart` per kind), each updated in place;
    ``prefix`` names their CSS classes.  ``results`` is the chart and the table beside it, or
    below it when the row cannot give the table the width its words need whole
    (:func:`~explorer.core.panels.layout.beside` reads it from the table's HTML, about 380 px).
    ``blit=False`` draws the figure afresh on every update (how the panels drew before blitting;
    the benchmark compares the two)."""

    def __init__(self, prefix: str, *, blit: bool = True):
        self.summary = widgets.HTML().add_class(f"{prefix}-odds-summary")
        # every outcome row shown (up to twenty): a height cap cut the table at ten rows inside a
        # scroll box whose scrollbar JupyterLab did not show
        self.table = panel_layout.table_widget().add_class(f"{prefix}-odds-table")
        self.blit = blit
        self._charts: dict[str, SlotChart] = {}
        width, height = SlotChart().pixel_size
        self.chart = panel_layout.picture(width, height).add_class(f"{prefix}-odds-chart")
        self.results = panel_layout.beside(self.chart, self.table)

    def chart_of(self, kind: str) -> SlotChart:
        """The chart that draws results of ``kind`` (made on first use)."""
        if kind not in self._charts:
            self._charts[kind] = SlotChart(kind)
        return self._charts[kind]

    def show(self, result: OddsResult) -> None:
        self.summary.value = _summary_html(result)
        self.table.value = panel_layout.table_html(
            result.table().to_html(index=False, float_format=probability_text))
        chart = self.chart_of(result.kind)
        chart.update(result)
        self.chart.value = chart.render() if self.blit else chart.png()
        self.chart.layout.visibility = "visible"

    def show_refusal(self, reason: str) -> None:
        """No odds: say why (a question the rules refuse) and hide the last chart."""
        self.summary.value = f'<div class="odds-refused" style="{PROSE_STYLE}">{html.escape(reason)}</div>'
        self.table.value = ""
        self.chart.layout.visibility = "hidden"


class _QuestionPanel(widgets.VBox):
    """A panel whose controls describe one odds question (``question()``, shown by ``self._view``): each
    change of a control recomputes its exact odds and redraws them (``result``; ``last_update_ms``: how
    long that took)."""

    result: OddsResult | None = None
    last_update_ms = 0.0

    def _on_change(self, _change) -> None:
        self.update()

    def update(self) -> None:
        """Recompute the odds and redraw the summary, table and chart in place."""
        start = time.perf_counter()
        self.result = self.question().exact()
        self._view.show(self.result)
        self.last_update_ms = (time.perf_counter() - start) * 1000


class MeleeOddsPanel(_QuestionPanel):
    """Exact melee odds with sliders (Melee Combat (Nahkampf)).

    Each side: Strength, Resistance, injuries, the hand card it plays ("drawn": unknown, its
    best card from a hand drawn from the supply) and its supply; plus a rear-arc attack.  The
    summary, the outcome table and the bar chart update in place on every change.
    ``panel.result`` is the current :class:`~explorer.behind.odds.OddsResult`.
    """

    def __init__(self, attacker: Character | None = None, defender: Character | None = None,
                 supplies: dict[str, list] | None = None, hand_size: int = 5, *, blit: bool = True):
        if attacker is None or defender is None:
            default_attacker, default_defender = default_pair()
            attacker = attacker or default_attacker
            defender = defender or default_defender
        self.supplies = supplies if supplies is not None else default_supplies()
        names = list(self.supplies)
        self.hand_size = hand_size
        self.attacker = SideControls("attacker", attacker, names, preset_for(names, attacker))
        self.defender = SideControls("defender", defender, names, preset_for(names, defender))
        self.rear_arc = widgets.Checkbox(False, description="attack from the rear arc (+1)", indent=False)
        self.rear_arc.add_class("melee-rear-arc")
        self._view = _OddsView("melee", blit=blit)
        self.summary, self.table, self.chart = self._view.summary, self._view.table, self._view.chart
        for control in (*self.attacker.controls, *self.defender.controls, self.rear_arc):
            control.observe(self._on_change, names="value")
        super().__init__([
            widgets.HTML(f"{CAPTION_START}Exact odds; rules: {html.escape(str(refs.MELEE))}</small>"),
            panel_layout.row([self.attacker.box, self.defender.box]),
            self.rear_arc,
            self.summary,
            self._view.results,
        ])
        self.add_class("melee-panel")
        self.update()

    def question(self) -> MeleeQuestion:
        """The melee question the controls describe."""
        return MeleeQuestion(
            attacker=self.attacker.current_character(),
            defender=self.defender.current_character(),
            attacker_supply=self.supplies[self.attacker.supply.value],
            defender_supply=self.supplies[self.defender.supply.value],
            attacker_hand=self.attacker.known_hand(),
            defender_hand=self.defender.known_hand(),
            hand_size=self.hand_size,
            rear_arc=self.rear_arc.value,
        )

class RangedOddsPanel(_QuestionPanel):
    """Exact odds of a ranged attack with sliders (Ranged Combat (Fernkampf)).

    Shooting value = the shooter's Dexterity + the fate number of the weapon or magic card that
    enables the shot + the top card of his supply; dodge value = the target's Dexterity + a hand
    card ("drawn": its best card of a hand drawn from the supply) + the top card of its supply.  A
    dodge value that reaches the shooting value means no effect.  Injuries lower Dexterity by 1
    each (Injuries (Verletzungen)).  CSS classes ``ranged-shooter-*``, ``ranged-target-*``,
    ``ranged-weapon``, ``ranged-odds-summary``.  ``panel.result`` is the current result.
    """

    def __init__(self, shooter: Character | None = None, target: Character | None = None,
                 supplies: dict[str, list] | None = None, hand_size: int = 5, weapon_fate: int = 5):
        if shooter is None or target is None:
            default_target, default_shooter = default_pair()  # Sahra shoots at Ludwig
            shooter = shooter or default_shooter
            target = target or default_target
        self.supplies = supplies if supplies is not None else default_supplies()
        names = list(self.supplies)
        self.hand_size = hand_size
        self.shooter = SideControls("shooter", shooter, names, preset_for(names, shooter), prefix="ranged",
                                     fields=("dexterity", "injuries", "supply"))
        self.target = SideControls("target", target, names, preset_for(names, target), prefix="ranged",
                                    fields=("dexterity", "resistance", "injuries", "hand", "supply"))
        self.weapon = widgets.IntSlider(weapon_fate, 0, 12, description="Weapon card",
                                        style=panel_layout.label_style(LABEL_WIDTH),
                                        layout=panel_layout.control_layout())
        self.weapon.add_class("ranged-weapon")
        self.shooter.box.children = (*self.shooter.box.children, self.weapon)
        self._view = _OddsView("ranged")
        self.summary, self.table, self.chart = self._view.summary, self._view.table, self._view.chart
        for control in (*self.shooter.controls, *self.target.controls, self.weapon):
            control.observe(self._on_change, names="value")
        super().__init__([
            widgets.HTML(f"{CAPTION_START}Exact odds; rules: {html.escape(str(refs.RANGED))}; the weapon card's value "
                         f"is its fate number (+ Zusatz)</small>"),
            panel_layout.row([self.shooter.box, self.target.box]),
            self.summary,
            self._view.results,
        ])
        self.add_class("ranged-panel")
        self.update()

    def question(self) -> RangedQuestion:
        """The ranged question the controls describe."""
        return RangedQuestion(
            shooter=self.shooter.current_character(),
            target=self.target.current_character(),
            weapon_fate=self.weapon.value,
            shooter_supply=self.supplies[self.shooter.supply.value],
            target_supply=self.supplies[self.target.supply.value],
            target_hand=self.target.known_hand(),
            hand_size=self.hand_size,
        )

SPECTATOR_LABEL = "nobody (no hand known)"


class StateOddsPanel(widgets.VBox):
    """The odds of an attack between two chips of a game state, as one player knows the cards.

    Pick the attacker and the defender among the chips on the table and who looks (a player: his
    own hand is known; "nobody": no hand is known).  The question is
    :func:`explorer.behind.odds_state.odds_from_state`'s: melee when the chips touch, otherwise a
    shot; injuries, Wandler, rear arc, assistants, Glaube and items as they are on the table; the
    unknown cards are everything not on a public pile nor in the viewer's hand (Hand Cards, Supply
    and Discard Pile).  :meth:`select` sets the two chips (for a table view that selects chips).
    CSS classes ``state-attacker``, ``state-defender``, ``state-viewer``, ``state-odds-summary``,
    ``state-odds-notes``.
    """

    def __init__(self, state, attacker: str | None = None, defender: str | None = None,
                 viewer: str | None = None):
        self.state = state
        chips = [name for name in state.table.names if name in state.owners]
        style = panel_layout.label_style(64)
        layout = panel_layout.control_layout(280)
        self.attacker = widgets.Dropdown(options=chips, value=attacker or chips[0], description="Attacker",
                                         style=style, layout=layout).add_class("state-attacker")
        self.defender = widgets.Dropdown(options=self._enemies(self.attacker.value), description="Defender",
                                         style=style, layout=layout).add_class("state-defender")
        if defender is not None:
            self.defender.value = defender
        self.viewer = widgets.Dropdown(options=[(SPECTATOR_LABEL, None), *[(p, p) for p in state.players]],
                                       value=viewer, description="Viewer", style=style,
                                       layout=layout).add_class("state-viewer")
        for control in (self.attacker, self.defender, self.viewer):
            panel_layout.tooltip_follows_value(control)
        self.notes = widgets.HTML().add_class("state-odds-notes")
        self._view = _OddsView("state")
        self.summary, self.table, self.chart = self._view.summary, self._view.table, self._view.chart
        self.result: OddsResult | None = None
        self._selecting = False
        self.attacker.observe(self._on_attacker, names="value")
        for control in (self.defender, self.viewer):
            control.observe(self._on_change, names="value")
        super().__init__([
            widgets.HTML(CAPTION_START + "Exact odds from the game state; rules: "
                         f"{html.escape(str(refs.HAND_SUPPLY_DISCARD))}</small>"),
            panel_layout.row([self.attacker, self.defender, self.viewer]),
            self.summary,
            self.notes,
            self._view.results,
        ])
        self.add_class("state-panel")
        self.update()

    def _enemies(self, attacker: str) -> list[str]:
        owner = self.state.owners[attacker]
        return [name for name in self.state.table.names if self.state.owners.get(name, owner) != owner]

    def select(self, attacker: str, defender: str) -> None:
        """Ask about ``attacker`` attacking ``defender`` (one update)."""
        self._selecting = True
        try:
            self.attacker.value = attacker
            self.defender.value = defender
        finally:
            self._selecting = False
        self.update()

    def _on_attacker(self, change) -> None:
        enemies = self._enemies(change["new"])
        self._selecting, held = True, self._selecting
        try:
            self.defender.options = enemies
            if self.defender.value not in enemies:
                self.defender.value = enemies[0] if enemies else None
        finally:
            self._selecting = held
        self._on_change(change)

    def _on_change(self, _change) -> None:
        if not self._selecting:
            self.update()

    def update(self) -> None:
        """Ask the odds of the state again and redraw in place (a refused question says why)."""
        self.result, self.notes.value = None, ""
        if self.defender.value is None:
            self._view.show_refusal(f"{self.attacker.value} has no enemy on the table")
            return
        try:
            question = question_from_state(self.state, self.attacker.value, self.defender.value, self.viewer.value)
            self.result = question.exact()
        except (RuleViolation, ValueError) as refused:
            self._view.show_refusal(str(refused))
            return
        self._view.show(self.result)
        lines = question_notes(self.state, question, self.viewer.value)
        self.notes.value = f"<ul style='{PROSE_STYLE}'>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


def preset_for(names: list[str], character: Character) -> str:
    for name in names:
        if character.society and character.society.lower() in name.lower():
            return name
    return EVEN_SUPPLY if EVEN_SUPPLY in names else names[0]


class _Numbers:
    """``result.p_injured`` / ``probability`` / ``expected_injuries``, read from the frame's
    columns at once (the panel asks them on every slider move; filtering the frame row by row
    for each is a fifth of an update)."""

    def __init__(self, result: OddsResult):
        frame = result.frame
        self._loser = frame["loser"].to_numpy()
        self._injuries = frame["injuries"].to_numpy()
        self._p = frame["probability"].to_numpy()

    def probability(self, loser: str, min_injuries: int = 0) -> float:
        return float(self._p[(self._loser == loser) & (self._injuries >= min_injuries)].sum())

    def p_injured(self, side: str) -> float:
        return self.probability(side, 1)

    def expected_injuries(self, side: str) -> float:
        mine = self._loser == side
        return float((self._injuries[mine] * self._p[mine]).sum())


def _summary_html(result: OddsResult) -> str:
    def pct(value: float, cls: str) -> str:
        return f'<span class="{cls}">{value:.1%}</span>'

    numbers = _Numbers(result)
    if result.kind == "ranged":
        return (
            f"<div style='{PROSE_STYLE}'><b>{html.escape(result.title)}</b>: "
            f"target injured {pct(numbers.p_injured('target'), 'p-target-injured')}, "
            f"no effect {pct(numbers.probability('none'), 'p-none')}; "
            f"expected injuries: target {numbers.expected_injuries('target'):.2f}</div>"
        )
    return (
        f"<div style='{PROSE_STYLE}'><b>{html.escape(result.title)}</b>: "
        f"defender injured {pct(numbers.p_injured('defender'), 'p-defender-injured')}, "
        f"attacker injured {pct(numbers.p_injured('attacker'), 'p-attacker-injured')}, "
        f"tie {pct(numbers.probability('tie'), 'p-tie')}; "
        f"expected injuries: defender {numbers.expected_injuries('defender'):.2f}, "
        f"attacker {numbers.expected_injuries('attacker'):.2f}</div>"
    )
