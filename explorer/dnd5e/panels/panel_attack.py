"""The exact odds of an attack (Angriff) with sliders: :class:`AttackOddsPanel`.

Angriffsbonus, Rüstungsklasse (RK), Wurfmodus (normal / Vorteil / Nachteil), Deckung (keine / halb /
dreiviertel), Schadenswürfel (typed: ``1W8+3`` or ``1d8+3``) and the number of attacks in a turn ask
:func:`explorer.dnd5e.odds.attack_odds` (and :func:`~explorer.dnd5e.odds.turn_odds` for several); the
answer is an exact table (fractions and percentages, expected damage), the rules it used under it, and an
:class:`~explorer.dnd5e.render_odds.AttackChart` (the attack's results above the turn's damage), all
updated in place.  The chart is blitted: an update redraws only its bars, labels, line and titles
(benchmarks/bench_dnd5e_panel.py measures it beside a full redraw).

Like Behind's panels: when pyplot's backend is ipympl (``%matplotlib widget``) the chart's canvas is the
widget shown and an update blits onto it; otherwise the chart is an ``ipywidgets.Image`` of PNG bytes.
No ``Output`` widget, so the panel is safe under Voila and nbval.  A wrong dice text shows a German
message beside the field and leaves the last good answer shown.

Layout (:mod:`explorer.core.panels.layout`, docs/panel-layout.md): two fixed columns of controls in a
row that wraps; the table beside the chart (580 px) when the row has room (Voila, a wide JupyterLab),
below it otherwise.
"""

from __future__ import annotations

import html
import time
from fractions import Fraction

import ipywidgets as widgets
import pandas as pd

from explorer.core.display import CAPTION_START, html_table, png_img_tag
from explorer.core.inputs import InputError, whole
from explorer.core.panels import layout as panel_layout
from explorer.core.panels.figures import chart_widget, ipympl_backend, ipympl_figure
from explorer.core.rules import RuleViolation
from explorer.dnd5e import odds as attack
from explorer.dnd5e import refs
from explorer.dnd5e.dice import dice
from explorer.dnd5e.render_odds import AttackChart, exact_text, number_text, percent_text

SOURCE = "attack odds panel"
BONUS_RANGE = (-5, 20)
"""The Angriffsbonus slider's range."""
AC_RANGE = (5, 30)
"""The RK slider's range."""
MODE_OPTIONS = tuple((word, mode) for mode, word in attack.MODE_WORDS.items())
COVER_OPTIONS = (("keine", "keine"), ("halb (+2 RK)", "halb"), ("dreiviertel (+5 RK)", "dreiviertel"))
LABEL_WIDTH = 140
"""The description width of the controls, in px ("Rüstungsklasse (RK)" is 133 px at 13 px)."""
CHART_SIZE = (5.8, 4.4, 100)
"""The chart's width and height in inches and its dpi: 580 x 440 px, within the narrowest output area."""
DICE_HINT = "z. B. 1W8+3, 2W6 oder 1d4-1: bis 20 Würfel mit 2 bis 100 Seiten, Modifikator -30 bis +30"


class AttackOddsPanel(widgets.VBox):
    """Exact attack odds with sliders (dnd5e-combat-de-excerpt.txt, "ANGRIFF", "ANGRIFFSWÜRFE").

    ``attack_bonus``, ``ac``, ``damage`` (text or DamageDice), ``mode``, ``cover`` and ``attacks`` (per
    turn, 1..8) set the starting controls, checked like :func:`~explorer.dnd5e.odds.attack_odds`'
    arguments (InputError naming the wrong one).  The controls are ``panel.attack_bonus``, ``panel.ac``,
    ``panel.mode``, ``panel.cover``, ``panel.damage`` (text), ``panel.attacks``; ``panel.result`` is the
    current :class:`~explorer.dnd5e.odds.AttackOdds`, ``panel.turn`` the
    :class:`~explorer.dnd5e.odds.TurnOdds` of several attacks (None for one), ``panel.table`` the table
    and rules, ``panel.figure_widget`` the chart shown, ``panel.chart`` its
    :class:`~explorer.dnd5e.render_odds.AttackChart`.  ``blit=False`` draws the chart afresh on every
    update (the benchmark's comparison); ``interactive``: an ipympl canvas (default: when ipympl is the
    backend).  Show it by leaving it last in a cell (or ``display(panel)``).
    """

    def __init__(self, attack_bonus: int = 5, ac: int = 15, damage="1W8+3", *, mode: str = "normal",
                 cover: str = "keine", attacks: int = 1, blit: bool = True, interactive: bool | None = None):
        attack_bonus = whole(attack_bonus, "attack_bonus", source=SOURCE, low=BONUS_RANGE[0], high=BONUS_RANGE[1])
        ac = whole(ac, "ac", source=SOURCE, low=AC_RANGE[0], high=AC_RANGE[1])
        attacks = whole(attacks, "attacks", source=SOURCE, low=1, high=attack.MAX_ATTACKS)
        damage = str(dice(damage, "damage"))
        if mode not in dict((v, k) for k, v in MODE_OPTIONS):
            raise InputError(SOURCE, "mode", "'normal', 'vorteil' or 'nachteil'", mode)
        if cover not in dict((v, k) for k, v in COVER_OPTIONS):
            raise InputError(SOURCE, "cover", "'keine', 'halb' or 'dreiviertel'", cover)
        style, layout = panel_layout.label_style(LABEL_WIDTH), panel_layout.control_layout()
        self.attack_bonus = widgets.IntSlider(attack_bonus, *BONUS_RANGE, description="Angriffsbonus",
                                              style=style, layout=layout).add_class("dnd5e-attack-bonus")
        self.ac = widgets.IntSlider(ac, *AC_RANGE, description="Rüstungsklasse (RK)", style=style,
                                    layout=layout).add_class("dnd5e-attack-ac")
        self.cover = widgets.Dropdown(options=COVER_OPTIONS, value=cover, description="Deckung", style=style,
                                      layout=layout).add_class("dnd5e-attack-cover")
        self.mode = widgets.Dropdown(options=MODE_OPTIONS, value=mode, description="Wurfmodus", style=style,
                                     layout=layout).add_class("dnd5e-attack-mode")
        self.damage = widgets.Text(damage, description="Schadenswürfel", continuous_update=False, style=style,
                                   layout=layout).add_class("dnd5e-attack-damage")
        self.damage_message = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class(
            "dnd5e-attack-damage-message")
        self.attacks = widgets.IntSlider(attacks, 1, attack.MAX_ATTACKS, description="Angriffe pro Zug",
                                         style=style, layout=layout).add_class("dnd5e-attack-count")
        for control in (self.cover, self.mode):
            panel_layout.tooltip_follows_value(control)
        self.message = widgets.HTML().add_class("dnd5e-attack-message")
        self.interactive = ipympl_backend() if interactive is None else interactive
        self.blit = blit
        width, height, dpi = CHART_SIZE
        self.chart = AttackChart(figure=ipympl_figure(width, height, dpi) if self.interactive else None,
                                 width=width, height=height, dpi=dpi)
        self.figure_widget = chart_widget(self.chart, self.interactive)
        self.figure_widget.add_class("dnd5e-attack-chart")
        self.table = panel_layout.table_widget().add_class("dnd5e-attack-table")
        self.result: attack.AttackOdds | None = None
        self.turn: attack.TurnOdds | None = None
        self.updates = 0
        self.last_update_ms = 0.0
        for control in self.controls:
            control.observe(self._on_change, names="value")
        self.results = panel_layout.beside(self.figure_widget, self.table)
        super().__init__([
            widgets.HTML(CAPTION_START + "Exakte Chancen eines Angriffs (die Regeln unter der Tabelle)</small>"),
            panel_layout.row([
                panel_layout.column([self.attack_bonus, self.ac, self.cover]),
                panel_layout.column([self.mode, self.damage, self.damage_message, self.attacks]),
            ]),
            self.message,
            self.results,
        ])
        self.add_class("dnd5e-attack-panel")
        self.update()

    @property
    def controls(self) -> tuple:
        return (self.attack_bonus, self.ac, self.cover, self.mode, self.damage, self.attacks)

    def _on_change(self, _change) -> None:
        self.update()

    def update(self) -> None:
        """Ask the odds of the controls again and update the table and the chart in place; a wrong
        dice text (or a turn too large to combine) shows why and leaves the last answer shown."""
        start = time.perf_counter()
        try:
            damage = dice(self.damage.value, "damage")
        except InputError:
            self.damage_message.value = (f'<span style="color:#b03a2e">Ungültige Schadenswürfel '
                                         f'„{html.escape(str(self.damage.value))}“: {html.escape(DICE_HINT)}. '
                                         f'Gezeigt wird weiter das letzte gültige Ergebnis.</span>')
            return
        self.damage_message.value = ""
        try:
            result = attack.attack_odds(self.attack_bonus.value, self.ac.value, damage, mode=self.mode.value,
                                        cover=self.cover.value)
            turn = attack.turn_odds([result] * self.attacks.value) if self.attacks.value > 1 else None
        except (InputError, RuleViolation) as refused:
            self.message.value = (f'<span style="color:#b03a2e">Keine Berechnung: {html.escape(_german(refused))}. '
                                  f'Gezeigt wird weiter das letzte gültige Ergebnis.</span>')
            return
        self.message.value = ""
        self.result, self.turn = result, turn
        self.table.value = table_html(result, turn)
        self.chart.update(result, turn)
        if self.interactive:
            self.chart.blit() if self.blit else self.chart.figure.canvas.draw_idle()
        else:
            self.figure_widget.value = self.chart.render() if self.blit else self.chart.png()
        self.updates += 1
        self.last_update_ms = (time.perf_counter() - start) * 1000

    def _repr_html_(self) -> str:
        """A static picture of the panel (chart and table), for outputs shown without widgets
        (nbconvert, a stored notebook); JupyterLab and Voila show the live widget."""
        picture = png_img_tag(self.chart.png(), alt="Angriffschancen")
        return f'<div style="display:flex;flex-wrap:wrap;gap:6px 18px">{picture}<div>{self.table.value}</div></div>'


def _german(error: Exception) -> str:
    if isinstance(error, InputError) and getattr(error, "field", "") == "attacks":
        return "zu viele oder zu große Würfel für so viele Angriffe (weniger Angriffe oder kleinere Würfel)"
    return str(error)


def result_frame(odds: attack.AttackOdds, turn: attack.TurnOdds | None = None) -> pd.DataFrame:
    """The panel's table: ``Größe`` (what), ``exakt`` (a fraction), ``gerundet`` (percent or damage)."""
    rows = [("Treffer (gesamt)", odds.p_treffer, percent_text(odds.p_treffer)),
            ("davon kritischer Treffer", odds.p_crit, percent_text(odds.p_crit)),
            ("Fehlschlag", odds.p_miss, percent_text(odds.p_miss)),
            ("trifft mit natürlichem W20", None, f"{odds.min_natural_to_hit}–20"),
            ("Erwartungsschaden je Angriff", odds.expected_damage, number_text(odds.expected_damage))]
    if turn is not None:
        count = len(turn.attacks)
        rows += [(f"Erwartungsschaden im Zug ({count} Angriffe)", turn.expected_damage,
                  number_text(turn.expected_damage)),
                 (f"kein Treffer im Zug ({count} Angriffe)", turn.p_no_hit, percent_text(turn.p_no_hit))]
    return pd.DataFrame({"Größe": [r[0] for r in rows],
                         "exakt": ["" if r[1] is None else _fraction(r[1]) for r in rows],
                         "gerundet": [r[2] for r in rows]})


def _fraction(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def rules_html(odds: attack.AttackOdds, turn: attack.TurnOdds | None = None) -> str:
    """The rules the answer used, each with its citation (the odds' own reasons), as a small list."""
    lines = [f"Angriff als Aktion ({refs.ANGRIFF})", *odds.reasons]
    if turn is not None:
        lines.append(f"{len(turn.attacks)} Angriffe: unabhängige Angriffswürfe, ihr Schaden addiert "
                     f"({refs.ANGRIFFSWUERFE})")
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f'<ul class="dnd5e-attack-rules" style="font-size:11px;line-height:14px;padding-left:16px">{items}</ul>'


def table_html(odds: attack.AttackOdds, turn: attack.TurnOdds | None = None) -> str:
    """The table (in a box that scrolls sideways) and, under it, the rules cited."""
    table = html_table(result_frame(odds, turn), index=False, wrap=["Größe"], wrap_width="16em")
    caption = (f"<b>Angriffswurf {odds.attack_bonus:+d} gegen RK {odds.ac}"
               f"{'' if odds.cover == 'keine' else f' (Deckung {odds.cover}: RK {odds.effective_ac})'}, "
               f"{odds.mode.mode}, Schaden {html.escape(str(odds.damage))}</b>")
    return caption + panel_layout.table_html(table.styler.to_html()) + rules_html(odds, turn)


__all__ = ["AttackOddsPanel", "result_frame", "rules_html", "table_html"]
