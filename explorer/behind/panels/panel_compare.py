"""Two melee situations side by side: one pair of characters and decks, two sets of toggles.

:class:`ComparisonPanel` asks the same melee (Melee Combat (Nahkampf)) twice -- situation A and
situation B share the attacker, the defender and their supplies, and each has its own rear arc
(Viewing Angle (Sichtwinkel): +1), assistant and Bündnis value (Melee Combat; Bündnis
(Alliance)) and hand cards.  One change of a shared slider recomputes both, and the summary (both
sides' numbers and the change) and the chart (both distributions and their difference) update in
place.

The chart is a :class:`~explorer.behind.render_odds.ComparisonChart`.  When pyplot's backend is
ipympl (``%matplotlib widget``) its canvas *is* the widget shown, and an update blits the changed
artists onto it; otherwise (plain Python, tests, nbval) the chart is an ``ipywidgets.Image`` of PNG
bytes.  Neither needs an ``Output`` widget, so the panel is safe under Voila and nbval.

Layout (:mod:`explorer.core.panels.layout`, docs/panel-layout.md): the shared sides and the two
situations are fixed-width columns in rows that wrap, so situation B never moves when A's
description changes.  The chart is narrow by default (:data:`NARROW_CHART_SIZE`, A and B above
their difference): it fits JupyterLab's narrowest output area (590 px, a 1024 px window with the
file browser open), so even the ipympl canvas, which cannot shrink, never scrolls.  With
``narrow=False`` it is one row of three axes (:data:`CHART_SIZE`, for Voila or a wide
JupyterLab); its PNG shrinks with a narrower output area, its canvas scrolls.  The summary
sits beside the chart when the row has room for both (Voila), above it otherwise.
"""

from __future__ import annotations

import html
import time
from dataclasses import replace

import ipywidgets as widgets

from explorer.behind import refs
from explorer.behind.cards import Ability, Character
from explorer.behind.odds import MeleeQuestion, OddsComparison, OddsResult
from explorer.behind.panels.panel_figures import ipympl_backend, ipympl_figure
from explorer.behind.panels.panel_odds import (
    SideControls,
    default_pair,
    default_supplies,
    hand_card_slider,
    known_hand,
    preset_for,
)
from explorer.behind.render_odds import ComparisonChart
from explorer.core.display import CAPTION_START
from explorer.core.panels.figures import chart_widget
from explorer.core.panels import layout as panel_layout

LABELS = ("A", "B")
ALONE = "nobody (alone)"
ROWS = (("P(defender injured)", "p-defender-injured", "pct"), ("E[defender injuries]", "e-defender", "num"),
        ("P(attacker injured)", "p-attacker-injured", "pct"), ("E[attacker injuries]", "e-attacker", "num"),
        ("P(tie)", "p-tie", "pct"))
"""The summary's rows: the measure (a key of ``OddsResult.summary()``), its CSS class, its format."""

SITUATION_WIDTH = 376
"""A situation's column, in px: its labels ("Defender's card") and the assistant's name fit."""

DESCRIPTION_STYLE = "font-size: 11px; line-height: 14px"
DESCRIPTION_HEIGHT = "44px"
"""A situation's description: three lines reserved, so its controls stay level with the other's."""

CHART_SIZE = (7.6, 2.48, 100)
"""The wide chart's width and height in inches and its dpi: 760 x 248 px (one row of three axes).
100 dpi: the picture is shown at its own pixel width, so an inch drawn is an inch shown and its
8 pt text reads as 8 pt (at 80 dpi it read as 6.4 pt)."""

NARROW_CHART_SIZE = (5.8, 4.16, 100)
"""The narrow chart's: 580 x 416 px (two rows), within JupyterLab's narrowest output area."""


def default_helpers(attacker: Character, defender: Character) -> dict[str, Character]:
    """Candidate assistants: every shipped character but the two fighting, by society."""
    from explorer.behind.data import load_characters

    others = [c for c in load_characters().values() if c.name not in (attacker.name, defender.name)]
    return {c.name: c for c in sorted(others, key=lambda c: (c.society != attacker.society, c.society or "", c.name))}


def with_buendnis(helper: Character, value: int) -> Character:
    """``helper`` with Bündnis ``value`` (0: without the ability) -- a what-if of the card."""
    kept = tuple(a for a in helper.abilities if a.name != "Bündnis")
    return replace(helper, abilities=kept + ((Ability("Bündnis", value=value),) if value else ()))


class _SituationControls:
    """One situation's own toggles: rear arc, assistant, the assistant's Bündnis value and the
    hand card of each side, with CSS classes ``compare-<a|b>-<name>``."""

    def __init__(self, label: str, helpers: dict[str, Character], *, rear_arc: bool = False,
                 assistant: str | None = None, buendnis: int | None = None, attacker_hand: str = "drawn",
                 defender_hand: str = "drawn"):
        self.label = label
        self.helpers = helpers
        style = panel_layout.label_style(106)
        layout = panel_layout.control_layout()
        prefix = f"compare-{label.lower()}"
        self.rear_arc = widgets.Checkbox(rear_arc, description="from the rear arc (+1)", indent=False)
        options = [(ALONE, ALONE)] + [(f"{c.name} (S{c.strength}{_buendnis_text(c)})", name)
                                      for name, c in helpers.items()]
        self.assistant = widgets.Dropdown(options=options, value=assistant or ALONE, description="Assistant",
                                          style=style, layout=layout)
        self.buendnis = widgets.IntSlider(0, 0, 3, description="Bündnis", style=style, layout=layout)
        self.attacker_hand = hand_card_slider("Attacker's card", style, layout)
        self.defender_hand = hand_card_slider("Defender's card", style, layout)
        self.attacker_hand.value, self.defender_hand.value = attacker_hand, defender_hand
        self.sync_buendnis(buendnis)
        for name in ("rear_arc", "assistant", "buendnis", "attacker_hand", "defender_hand"):
            getattr(self, name).add_class(f"{prefix}-{name.replace('_', '-')}")
        panel_layout.tooltip_follows_value(self.assistant)
        # three lines of description reserved: the controls below stay put when it changes
        self.description = widgets.HTML(layout=widgets.Layout(min_height=DESCRIPTION_HEIGHT)).add_class(
            f"{prefix}-description")
        self.box = panel_layout.column([widgets.HTML(f"<b>Situation {html.escape(label)}</b>"), self.description,
                                        *self.controls], width=SITUATION_WIDTH)
        self.box.add_class(f"{prefix}-situation")

    @property
    def controls(self):
        return (self.rear_arc, self.assistant, self.buendnis, self.attacker_hand, self.defender_hand)

    def helper(self) -> Character | None:
        """The assistant as asked: his card with the Bündnis value of the slider."""
        if self.assistant.value == ALONE:
            return None
        return with_buendnis(self.helpers[self.assistant.value], self.buendnis.value)

    def sync_buendnis(self, value: int | None = None) -> None:
        """The Bündnis slider follows the assistant: his card's value (or ``value``), disabled alone."""
        helper = self.helpers.get(self.assistant.value)
        self.buendnis.disabled = helper is None
        self.buendnis.value = 0 if helper is None else (helper.ability_value("Bündnis") if value is None else value)

    def describe(self) -> str:
        helper = self.helper()
        parts = ["rear arc (+1)" if self.rear_arc.value else "front",
                 f"with {helper.name} (Strength {helper.current_strength}, Bündnis {self.buendnis.value})"
                 if helper else "alone"]
        for who, slider in (("attacker", self.attacker_hand), ("defender", self.defender_hand)):
            parts.append(f"{who} plays {slider.value}" if slider.value != "drawn" else f"{who}'s card drawn")
        return f'<div style="{DESCRIPTION_STYLE}">' + html.escape(", ".join(parts)) + "</div>"


def _buendnis_text(character: Character) -> str:
    value = character.ability_value("Bündnis")
    return f", Bündnis {value}" if value else ""


class ComparisonPanel(widgets.VBox):
    """Two melee situations side by side (Melee Combat (Nahkampf)), answered exactly.

    Shared: the attacker's and the defender's Strength, Resistance, injuries and supply (CSS
    classes ``compare-attacker-*`` / ``compare-defender-*``).  Per situation (``panel.first``,
    ``panel.second``): rear arc, assistant, Bündnis and the hand cards.  ``panel.results`` are the
    two :class:`~explorer.behind.odds.OddsResult`, ``panel.comparison`` their
    :class:`~explorer.behind.odds.OddsComparison`; the summary (CSS ``compare-summary``, cells
    ``<a|b|change>-<measure>``) and the chart (``panel.chart``, shown by ``panel.figure_widget``)
    update in place.  ``first``/``second`` set a situation's starting toggles (``rear_arc``,
    ``assistant``, ``buendnis``, ``attacker_hand``, ``defender_hand``); by default B attacks from
    the rear arc.  ``interactive``: show an ipympl canvas (default: when ipympl is the backend).
    ``narrow`` (default): the chart in two rows, 580 px wide; ``narrow=False``: one row, 760 px.
    """

    def __init__(self, attacker: Character | None = None, defender: Character | None = None, *,
                 supplies: dict[str, list] | None = None, hand_size: int = 5,
                 helpers: dict[str, Character] | None = None, first: dict | None = None,
                 second: dict | None = None, interactive: bool | None = None, narrow: bool = True):
        if attacker is None or defender is None:
            default_attacker, default_defender = default_pair()
            attacker = attacker or default_attacker
            defender = defender or default_defender
        self.supplies = supplies if supplies is not None else default_supplies()
        names = list(self.supplies)
        self.hand_size = hand_size
        fields = ("strength", "resistance", "injuries", "supply")
        self.attacker = SideControls("attacker", attacker, names, preset_for(names, attacker), prefix="compare",
                                      fields=fields)
        self.defender = SideControls("defender", defender, names, preset_for(names, defender), prefix="compare",
                                      fields=fields)
        helpers = helpers if helpers is not None else default_helpers(attacker, defender)
        self.first = _SituationControls(LABELS[0], helpers, **(first or {}))
        self.second = _SituationControls(LABELS[1], helpers, **({"rear_arc": True} if second is None else second))
        self.summary = widgets.HTML(layout=widgets.Layout(flex="0 0 auto")).add_class("compare-summary")
        self.interactive = ipympl_backend() if interactive is None else interactive
        width, height, dpi = NARROW_CHART_SIZE if narrow else CHART_SIZE
        figure = ipympl_figure(width, height, dpi) if self.interactive else None
        self.chart = ComparisonChart(LABELS, "melee", figure=figure, width=width, height=height, dpi=dpi,
                                     layout="narrow" if narrow else "wide")
        self.figure_widget = chart_widget(self.chart, self.interactive)
        self.figure_widget.add_class("compare-chart")
        self.results: tuple[OddsResult, OddsResult] | None = None
        self.updates = 0
        self.last_update_ms = 0.0
        self._holding = False
        for control in (*self.attacker.controls, *self.defender.controls, *self.first.controls,
                        *self.second.controls):
            control.observe(self._on_change, names="value")
        for situation in (self.first, self.second):
            situation.assistant.observe(lambda _change, s=situation: self._on_assistant(s), names="value")
        super().__init__([
            widgets.HTML(f"{CAPTION_START}Exact odds of two situations; rules: {refs.RULEBOOK}, sections "
                         + ", ".join(f'"{html.escape(ref.section)}"' for ref in (refs.MELEE, refs.VIEWING_ANGLE,
                                                                                 refs.BUENDNIS))
                         + "</small>"),
            panel_layout.row([self.attacker.box, self.defender.box]),
            panel_layout.row([self.first.box, self.second.box]),
            # the summary beside the chart where there is room (Voila), above it in JupyterLab
            panel_layout.row([self.summary, self.figure_widget]),
        ])
        self.add_class("compare-panel")
        self.update()

    # -- the two questions -------------------------------------------------------------------------
    def question(self, situation: _SituationControls) -> MeleeQuestion:
        """The melee question of one situation: the shared characters and supplies, its toggles."""
        helper = situation.helper()
        return MeleeQuestion(
            attacker=self.attacker.current_character(),
            defender=self.defender.current_character(),
            attacker_supply=self.supplies[self.attacker.supply.value],
            defender_supply=self.supplies[self.defender.supply.value],
            attacker_hand=known_hand(situation.attacker_hand),
            defender_hand=known_hand(situation.defender_hand),
            hand_size=self.hand_size,
            assistants=[helper] if helper else [],
            rear_arc=situation.rear_arc.value,
        )

    def questions(self) -> tuple[MeleeQuestion, MeleeQuestion]:
        return self.question(self.first), self.question(self.second)

    @property
    def comparison(self) -> OddsComparison:
        return OddsComparison(*self.results, LABELS)

    # -- events ------------------------------------------------------------------------------------
    def _on_assistant(self, situation: _SituationControls) -> None:
        self._holding = True
        try:
            situation.sync_buendnis()
        finally:
            self._holding = False
        self.update()

    def _on_change(self, change) -> None:
        if self._holding or change["owner"] in (self.first.assistant, self.second.assistant):
            return  # the assistant's own handler updates once, after the Bündnis slider follows
        self.update()

    def update(self) -> None:
        """Recompute both situations and redraw the summary and the chart in place."""
        start = time.perf_counter()
        first, second = (question.exact() for question in self.questions())
        self.results = (first, second)
        for situation in (self.first, self.second):
            situation.description.value = situation.describe()
        self.summary.value = summary_html(first, second)
        self.chart.update(first, second)
        if self.interactive:
            self.chart.blit()
        else:
            self.figure_widget.value = self.chart.render()
        self.updates += 1
        self.last_update_ms = (time.perf_counter() - start) * 1000


def headline(result: OddsResult) -> dict[str, float]:
    """``result.summary()`` of a melee result, read from the frame's columns at once (the panel
    asks it on every slider move; filtering the frame row by row is slower)."""
    frame = result.frame
    loser = frame["loser"].to_numpy()
    injuries = frame["injuries"].to_numpy()
    p = frame["probability"].to_numpy()
    out = {}
    for side in ("defender", "attacker"):
        mine = loser == side
        out[f"P({side} injured)"] = float(p[mine & (injuries >= 1)].sum())
        out[f"E[{side} injuries]"] = float((injuries[mine] * p[mine]).sum())
    out["P(tie)"] = float(p[loser == "tie"].sum())
    return out


def summary_html(first: OddsResult, second: OddsResult) -> str:
    """Both situations' headline numbers and the change, each cell with a CSS class
    ``<a|b|change>-<measure>`` (e.g. ``a-p-defender-injured``)."""
    a, b = headline(first), headline(second)
    head = "".join(f"<th>{label}</th>" for label in (*LABELS, f"{LABELS[1]} − {LABELS[0]}"))
    rows = []
    for key, cls, kind in ROWS:
        change = b[key] - a[key]
        if kind == "pct":  # "or 0.0": a change that rounds to zero shows as +0.0, never -0.0
            cells = (f"{a[key]:.1%}", f"{b[key]:.1%}", f"{round(100 * change, 1) or 0.0:+.1f} pp")
        else:
            cells = (f"{a[key]:.2f}", f"{b[key]:.2f}", f"{round(change, 2) or 0.0:+.2f}")
        tds = "".join(f'<td><span class="{side}-{cls}">{text}</span></td>'
                      for side, text in zip(("a", "b", "change"), cells))
        rows.append(f"<tr><th>{html.escape(key)}</th>{tds}</tr>")
    return f'<table class="compare-table"><tr><th></th>{head}</tr>{"".join(rows)}</table>'
