"""Drawing the exact attack odds of :mod:`explorer.dnd5e.odds` (German labels; no rules here).

* :func:`plot_outcomes` -- one attack's three results (Fehlschlag / Treffer / kritischer Treffer) as
  bars, each labelled with its exact fraction and percentage;
* :func:`plot_damage` -- the full damage distribution of an attack or a turn (bars; 0 is the miss),
  with ``P(Schaden >= x)`` as a line on a second axis;
* :func:`plot_modes` -- the hit chance of the same attack normal / Vorteil / Nachteil against each RK
  (from a list of :class:`~explorer.dnd5e.odds.AttackOdds`, e.g. RK 10..25);
* :class:`AttackChart` -- the first two in one figure kept alive between results and *blitted*
  (axes drawn once per range and cached, an update redraws only the bars, labels, line and titles):
  the chart of :class:`~explorer.dnd5e.panels.panel_attack.AttackOddsPanel`.

Every function takes :class:`~explorer.dnd5e.odds.AttackOdds` / :class:`~explorer.dnd5e.odds.TurnOdds`
objects and reads their exact numbers.  Text is at least
:data:`~explorer.core.render_labels.MIN_FONT_SIZE` points at the size shown (100 dpi, shown at its own
pixel width); the legend of :func:`plot_modes` sits below the axis label (:func:`legend_below`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from explorer.core.display import new_figure
from explorer.core.render_blit import BlittedChart
from explorer.core.render_labels import MIN_FONT_SIZE, legend_below

OUTCOME_LABELS = {"Fehlschlag": "Fehlschlag", "Treffer": "Treffer (nicht kritisch)",
                  "kritischer Treffer": "kritischer Treffer"}
"""The bars of :func:`plot_outcomes`, top to bottom (the keys are :data:`explorer.dnd5e.odds.OUTCOMES`)."""
OUTCOME_COLOURS = {"Fehlschlag": "#7f8c8d", "Treffer": "#2471a3", "kritischer Treffer": "#c0392b"}
MISS_COLOUR, DAMAGE_COLOUR, AT_LEAST_COLOUR = "#95a5a6", "#2471a3", "#d35400"
MODE_STYLES = {"normal": ("normal", "#2c3e50", "o"), "vorteil": ("Vorteil", "#27ae60", "^"),
               "nachteil": ("Nachteil", "#c0392b", "v")}
"""Each roll mode's name in the legend, colour and marker (:func:`plot_modes`)."""
TITLE_SIZE = 9.0
Y_TOPS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0)
"""The y-ranges of a damage axis (few, so that few backgrounds are cached)."""


def percent_text(p: Fraction | float, digits: int = 2) -> str:
    """A probability in percent, German style: ``"55 %"``, ``"69,75 %"``, ``"0,25 %"`` (at most
    ``digits`` decimals, trailing zeros left out; ``"≈"`` first when rounded)."""
    value = 100 * Fraction(p)
    text = f"{float(value):.{digits}f}".rstrip("0").rstrip(".")
    exact = value * 10 ** digits == int(value * 10 ** digits)
    return ("" if exact else "≈ ") + text.replace(".", ",") + " %"


def exact_text(p: Fraction) -> str:
    """A probability as its exact fraction and its percentage: ``"11/20 = 55 %"``, and with
    ``"≈"`` in place of ``"="`` when the percentage is rounded: ``"113/720 ≈ 15,69 %"``."""
    p = Fraction(p)
    percent = percent_text(p)
    sign, percent = ("≈", percent[2:]) if percent.startswith("≈ ") else ("=", percent)
    return f"{p} {sign} {percent}"


def exact_number_text(value: Fraction, digits: int = 2) -> str:
    """A number (an expected damage, say) as its exact fraction and its decimal value:
    ``"65/8 ≈ 8,13"``, ``"17/2 = 8,5"``, ``"8"`` (a whole number alone)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    scaled = value * 10 ** digits
    rounded = Fraction(math.floor(scaled + Fraction(1, 2)), 10 ** digits)  # half up, as by hand
    return f"{value} {'=' if scaled == int(scaled) else '≈'} {number_text(rounded, digits)}"


def number_text(value: Fraction | float, digits: int = 2) -> str:
    """A number with a decimal comma, ``digits`` decimals at most: ``"4,95"``."""
    return f"{float(value):.{digits}f}".rstrip("0").rstrip(".").replace(".", ",")


def _nice_top(value: float, steps=Y_TOPS) -> float:
    return next((step for step in steps if value <= step), steps[-1])


# -- the artists of one attack's outcomes and of a damage distribution, made once, set per result --

class _Outcomes:
    """Three horizontal bars (Fehlschlag, Treffer, kritischer Treffer) on ``ax`` (x: 0..100 %), each
    labelled with its exact fraction and percentage: beside the bar, or inside it when it is long."""

    INSIDE = 0.62
    """A bar longer than this holds its label inside (right-aligned, white)."""

    def __init__(self, ax):
        from matplotlib.ticker import PercentFormatter

        self.ax = ax
        self.keys = list(OUTCOME_LABELS)
        ys = [len(self.keys) - 1 - i for i in range(len(self.keys))]
        self.bars = list(ax.barh(ys, [0.0] * len(ys), height=0.66,
                                 color=[OUTCOME_COLOURS[k] for k in self.keys]))
        self.texts = [ax.text(0, y, "", va="center", fontsize=MIN_FONT_SIZE) for y in ys]
        ax.set_yticks(ys, [OUTCOME_LABELS[k] for k in self.keys], fontsize=MIN_FONT_SIZE)
        for tick, key in zip(ax.get_yticklabels(), self.keys):
            tick.set_color(OUTCOME_COLOURS[key])
        ax.set_xlim(0, 1)
        ax.set_ylim(-0.55, len(ys) - 0.45)
        ax.xaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0, symbol=" %"))
        ax.tick_params(axis="x", labelsize=MIN_FONT_SIZE)
        ax.set_xlabel("Wahrscheinlichkeit des Angriffswurfs", fontsize=MIN_FONT_SIZE)
        self.title = ax.set_title(" ", fontsize=TITLE_SIZE)

    @property
    def artists(self) -> list:
        # the bars stand on the left spine, which savefig draws over them: drawn after them here too
        return [*self.bars, self.ax.spines["left"], *self.texts, self.title]

    def set(self, odds) -> None:
        values = {"Fehlschlag": odds.p_miss, "Treffer": odds.p_hit, "kritischer Treffer": odds.p_crit}
        for bar, text, key in zip(self.bars, self.texts, self.keys):
            p = values[key]
            bar.set_width(float(p))
            text.set_text(exact_text(p))
            inside = p > self.INSIDE
            text.set_x(float(p) - 0.012 if inside else float(p) + 0.012)
            text.set_ha("right" if inside else "left")
            text.set_color("white" if inside else "black")
        self.title.set_text(f"Treffer {exact_text(odds.p_treffer)} (davon kritisch {exact_text(odds.p_crit)})")


class _Damage:
    """A damage distribution on ``ax``: one bar per damage (0, the miss, in grey) as a single
    :class:`~matplotlib.collections.PolyCollection` whose rectangles are replaced per result, and
    ``P(Schaden >= x)`` as a line on a twin axis (0..100 %) when ``at_least``."""

    def __init__(self, ax, *, at_least: bool = True):
        from matplotlib.collections import PolyCollection
        from matplotlib.ticker import MaxNLocator, PercentFormatter

        self.ax = ax
        self.bars = PolyCollection([], linewidths=0)
        ax.add_collection(self.bars)
        ax.set_xlabel("Schaden (Trefferpunkte)", fontsize=MIN_FONT_SIZE)
        ax.set_ylabel("P(Schaden = x)", fontsize=MIN_FONT_SIZE, color=DAMAGE_COLOUR)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=12, integer=True))
        ax.yaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0, symbol=" %"))
        ax.tick_params(labelsize=MIN_FONT_SIZE)
        self.title = ax.set_title(" ", fontsize=TITLE_SIZE)
        self.twin = self.line = None
        if at_least:
            self.twin = ax.twinx()
            (self.line,) = self.twin.plot([], [], color=AT_LEAST_COLOUR, lw=1.4, drawstyle="steps-mid")
            self.twin.set_ylim(0, 1.02)
            self.twin.yaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0, symbol=" %"))
            self.twin.tick_params(labelsize=MIN_FONT_SIZE, colors=AT_LEAST_COLOUR)
            self.twin.set_ylabel("P(Schaden ≥ x)", fontsize=MIN_FONT_SIZE, color=AT_LEAST_COLOUR)

    @property
    def artists(self) -> list:
        # in savefig's order: the bars, the spine they stand on, the twin's line and the twin's bottom spine over it
        # (the twin's 0 % tick stays in the background: 2 corner pixels differ a little from savefig)
        twin = [] if self.twin is None else [self.line, self.twin.spines["bottom"]]
        return [self.bars, self.ax.spines["bottom"], *twin, self.title]

    def set(self, result, title: str) -> None:
        """``result``: an AttackOdds or a TurnOdds (its ``weights`` over its ``denominator``)."""
        weights, denominator = result.weights, result.denominator
        damages = [d for d, _ in weights]
        ps = [w / denominator for _, w in weights]
        half = 0.42 if len(damages) <= 60 else 0.5
        self.bars.set_verts([[(d - half, 0), (d - half, p), (d + half, p), (d + half, 0)] for d, p in zip(damages, ps)])
        low, high = min(damages[0], 0), max(damages[-1], 1)
        colours = [MISS_COLOUR if d == 0 else DAMAGE_COLOUR for d in damages]
        self.bars.set_facecolors(colours)
        # many damages (a wide range): an edge in the bar's colour keeps each bar at least a pixel wide
        self.bars.set_edgecolors(colours)
        self.bars.set_linewidths(0 if high - low <= 150 else 0.8)
        self.ax.set_xlim(low - 0.7, high + 0.7)
        self.ax.set_ylim(0, _nice_top(max(ps) * 1.08))
        if self.line is not None:
            # P(Schaden >= x) at every whole x of the range (also where no damage can fall)
            mass = dict(zip(damages, ps))
            xs, remaining, at_least = list(range(low, high + 1)), 1.0, []
            for x in xs:
                at_least.append(max(remaining, 0.0))
                remaining -= mass.get(x, 0.0)
            self.line.set_data(xs, at_least)
        self.title.set_text(title)


def damage_title(result) -> str:
    """The damage axes' title: how many attacks, the expected damage."""
    attacks = getattr(result, "attacks", None)
    count = f"{len(attacks)} Angriffe" if attacks is not None and len(attacks) != 1 else "1 Angriff"
    return f"Schaden ({count}): Erwartungswert {number_text(result.expected_damage)}"


def plot_outcomes(odds, ax=None):
    """One attack's results as bars with their exact fractions and percentages; returns the axes."""
    if ax is None:
        ax = new_figure(5.8, 1.9).add_subplot()
    _Outcomes(ax).set(odds)
    return ax


def plot_damage(result, ax=None, *, at_least: bool = True):
    """The damage distribution of ``result`` (AttackOdds or TurnOdds) as bars, 0 (no damage: the
    misses) in grey, and ``P(Schaden >= x)`` as a line on a twin axis when ``at_least``; returns the axes."""
    if ax is None:
        ax = new_figure(5.8, 2.6).add_subplot()
    _Damage(ax, at_least=at_least).set(result, damage_title(result))
    return ax


def plot_modes(results: Iterable, ax=None):
    """The hit chance P(Treffer) of attacks against each RK, one curve per roll mode (normal /
    Vorteil / Nachteil), from ``results`` (AttackOdds, e.g. ``attack_odds(5, ac, "1W8+3", mode=m)``
    for ac in 10..25 and each mode).  The legend sits under the axis label.  Returns the axes."""
    from matplotlib.ticker import MultipleLocator, PercentFormatter

    if ax is None:
        ax = new_figure(5.8, 3.3).add_subplot()
    results = list(results)
    if not results:
        raise ValueError("plot_modes: no attack odds to draw")
    handles = []
    for mode, (name, colour, marker) in MODE_STYLES.items():
        points = sorted((r.ac, float(r.p_treffer)) for r in results if r.mode.mode == mode)
        if points:
            (line,) = ax.plot([a for a, _ in points], [p for _, p in points], color=colour, marker=marker,
                              markersize=4, lw=1.4, label=name)
            handles.append(line)
    acs = sorted({r.ac for r in results})
    ax.set_xlim(acs[0] - 0.5, acs[-1] + 0.5)
    ax.xaxis.set_major_locator(MultipleLocator(1 if len(acs) <= 16 else 2))
    ax.set_ylim(0, 1.02)
    ax.yaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=0, symbol=" %"))
    ax.tick_params(labelsize=MIN_FONT_SIZE)
    ax.grid(alpha=0.3, lw=0.6)
    ax.set_xlabel("Rüstungsklasse (RK) des Ziels", fontsize=MIN_FONT_SIZE)
    ax.set_ylabel("P(Treffer)", fontsize=MIN_FONT_SIZE)
    first = results[0]
    cover = "" if first.cover == "keine" else f", Deckung {first.cover}"
    ax.set_title(f"Trefferchance mit Angriffsbonus {first.attack_bonus:+d}{cover}", fontsize=TITLE_SIZE)
    legend_below(ax, handles, ncol=3)
    return ax


# -- the live chart -------------------------------------------------------------------------------

class AttackChart(BlittedChart):
    """One attack's outcomes above the damage distribution of a turn, in one figure kept alive
    between results and blitted (as Behind's ``ComparisonChart``): the axes, ticks and labels are
    drawn once per damage range and cached; :meth:`update` sets the bars (the damage bars are one
    collection whose rectangles are replaced), the labels, the ``P(Schaden >= x)`` line and the titles,
    and :meth:`render` / :meth:`blit` draw only those over the cached background.

    Default size 580 x 440 px at 100 dpi: it fits JupyterLab's narrowest output area (590 px) and
    its 8 pt text reads as 8 pt.  ``figure`` may be given (a panel passes one whose canvas is an
    ipympl widget); by default an Agg canvas is made.  ``full_draws`` counts the full draws.
    """

    def __init__(self, *, figure=None, width: float = 5.8, height: float = 4.4, dpi: int = 100):
        if figure is None:
            from matplotlib.backends.backend_agg import FigureCanvasAgg
            from matplotlib.figure import Figure

            figure = Figure(figsize=(width, height), dpi=dpi)
            FigureCanvasAgg(figure)
        self.figure = figure
        # the outcome bars need room on the left for their names; the damage axes do not
        top = figure.add_gridspec(1, 1, left=0.3, right=0.885, top=0.94, bottom=0.69)
        bottom = figure.add_gridspec(1, 1, left=0.115, right=0.885, top=0.52, bottom=0.1)
        self.outcomes = _Outcomes(figure.add_subplot(top[0]))
        self.damage = _Damage(figure.add_subplot(bottom[0]))
        self.start_blitting([*self.outcomes.artists, *self.damage.artists])

    @property
    def damage_bars(self):
        """The damage bars' collection (tests read its rectangles)."""
        return self.damage.bars

    def update(self, odds, turn=None) -> None:
        """Set the artists to ``odds`` (one attack's AttackOdds) and the damage of ``turn`` (a
        TurnOdds of several attacks; the attack's own damage when None); draws nothing."""
        self.outcomes.set(odds)
        result = odds if turn is None else turn
        self.damage.set(result, damage_title(result))

    def _key(self) -> tuple:
        return (self.damage.ax.get_xlim(), self.damage.ax.get_ylim(), self.figure.bbox.bounds)


def attack_png(odds, turn=None) -> bytes:
    """:class:`AttackChart` of ``odds`` (and ``turn``) as PNG bytes: a static picture for a lesson."""
    chart = AttackChart()
    chart.update(odds, turn)
    return chart.png()


__all__ = ["AttackChart", "MODE_STYLES", "OUTCOME_COLOURS", "OUTCOME_LABELS", "attack_png", "damage_title", "exact_number_text",
           "exact_text", "number_text", "percent_text", "plot_damage", "plot_modes", "plot_outcomes"]
