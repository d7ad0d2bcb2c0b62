"""Live Jupyter panels for Behind (ipywidgets), thin views over the odds engine.

:class:`MeleeOddsPanel` asks one melee question with sliders and shows the exact answer as a
table and a bar chart.  The figure is drawn into an ``ipywidgets.Image`` (PNG bytes) and the
tables into ``ipywidgets.HTML`` -- no ``Output`` widget, so the panel is reliable under Voila
and nbval -- and every change updates those widgets in place.
"""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from explorer.behind import refs
from explorer.behind.cards import ActionCard, Character
from explorer.behind.odds import MeleeQuestion, OddsResult
from explorer.behind.render_odds import OddsChart

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


class _SideControls:
    """The sliders of one side of the melee."""

    def __init__(self, role: str, character: Character, supplies: list[str], supply: str):
        self.role = role
        self.character = character
        style = {"description_width": "90px"}
        layout = widgets.Layout(width="320px")
        self.strength = widgets.IntSlider(character.strength, 0, 10, description="Strength", style=style, layout=layout)
        self.resistance = widgets.IntSlider(character.resistance, 1, 6, description="Resistance", style=style, layout=layout)
        self.injuries = widgets.IntSlider(character.injuries, 0, 2, description="Injuries", style=style, layout=layout)
        self.hand = widgets.SelectionSlider(options=[DRAWN, *map(str, range(1, 10))], value=DRAWN,
                                            description="Hand card", style=style, layout=layout)
        self.supply = widgets.Dropdown(options=supplies, value=supply, description="Supply", style=style, layout=layout)
        for name in ("strength", "resistance", "injuries", "hand", "supply"):
            getattr(self, name).add_class(f"melee-{role}-{name}")
        self.box = widgets.VBox([
            widgets.HTML(f"<b>{role.title()}</b>: {html.escape(character.name)}"),
            self.strength, self.resistance, self.injuries, self.hand, self.supply,
        ])

    @property
    def controls(self):
        return (self.strength, self.resistance, self.injuries, self.hand, self.supply)

    def current_character(self) -> Character:
        c = self.character
        return Character(name=c.name, strength=self.strength.value, dexterity=c.dexterity,
                         resistance=self.resistance.value, abilities=c.abilities, injuries=self.injuries.value)

    def known_hand(self) -> list[int] | None:
        return None if self.hand.value == DRAWN else [int(self.hand.value)]


class MeleeOddsPanel(widgets.VBox):
    """Exact melee odds with sliders (Melee Combat (Nahkampf)).

    Each side: Strength, Resistance, injuries, the hand card it plays ("drawn": unknown, its
    best card from a hand drawn from the supply) and its supply; plus a rear-arc attack.  The
    summary, the outcome table and the bar chart update in place on every change.
    ``panel.result`` is the current :class:`~explorer.behind.odds.OddsResult`.
    """

    def __init__(self, attacker: Character | None = None, defender: Character | None = None,
                 supplies: dict[str, list] | None = None, hand_size: int = 5):
        if attacker is None or defender is None:
            default_attacker, default_defender = default_pair()
            attacker = attacker or default_attacker
            defender = defender or default_defender
        self.supplies = supplies if supplies is not None else default_supplies()
        names = list(self.supplies)
        self.hand_size = hand_size
        self.attacker = _SideControls("attacker", attacker, names, _preset_for(names, attacker))
        self.defender = _SideControls("defender", defender, names, _preset_for(names, defender))
        self.rear_arc = widgets.Checkbox(False, description="attack from the rear arc (+1)", indent=False)
        self.rear_arc.add_class("melee-rear-arc")
        self.summary = widgets.HTML().add_class("melee-odds-summary")
        self.table = widgets.HTML().add_class("melee-odds-table")
        self._chart = OddsChart()
        width, height = self._chart.pixel_size
        self.chart = widgets.Image(format="png", layout=widgets.Layout(width=f"{width}px", height=f"{height}px",
                                                                       flex="0 0 auto"))
        self.chart.add_class("melee-odds-chart")
        self.result: OddsResult | None = None
        self.last_update_ms = 0.0
        for control in (*self.attacker.controls, *self.defender.controls, self.rear_arc):
            control.observe(self._on_change, names="value")
        super().__init__([
            widgets.HTML(f"<small>Exact odds; rules: {html.escape(str(refs.MELEE))}</small>"),
            widgets.HBox([self.attacker.box, self.defender.box]),
            self.rear_arc,
            self.summary,
            widgets.HBox([self.chart, self.table]),
        ])
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

    def _on_change(self, _change) -> None:
        self.update()

    def update(self) -> None:
        """Recompute the odds and redraw the summary, table and chart in place."""
        start = time.perf_counter()
        result = self.question().exact()
        self.result = result
        self.summary.value = _summary_html(result)
        self.table.value = result.table().to_html(index=False, float_format=lambda p: f"{p:.4f}")
        self.chart.value = self._chart.update(result)
        self.last_update_ms = (time.perf_counter() - start) * 1000


def _preset_for(names: list[str], character: Character) -> str:
    for name in names:
        if character.society and character.society.lower() in name.lower():
            return name
    return EVEN_SUPPLY if EVEN_SUPPLY in names else names[0]


def _summary_html(result: OddsResult) -> str:
    def pct(value: float, cls: str) -> str:
        return f'<span class="{cls}">{value:.1%}</span>'

    return (
        f"<div><b>{html.escape(result.title)}</b>: "
        f"defender injured {pct(result.p_injured('defender'), 'p-defender-injured')}, "
        f"attacker injured {pct(result.p_injured('attacker'), 'p-attacker-injured')}, "
        f"tie {pct(result.probability('tie'), 'p-tie')}; "
        f"expected injuries: defender {result.expected_injuries('defender'):.2f}, "
        f"attacker {result.expected_injuries('attacker'):.2f}</div>"
    )
