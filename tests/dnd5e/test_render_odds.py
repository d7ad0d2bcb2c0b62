"""The attack odds plots (explorer.dnd5e.render_odds) show the exact numbers of explorer.dnd5e.odds."""

import io
from fractions import Fraction

import numpy as np
import pytest
from PIL import Image

from explorer.core.display import figure_png
from explorer.core.render_labels import MIN_FONT_SIZE, overlapping_pairs, renderer_of, texts_of, too_small
from explorer.dnd5e.odds import attack_odds, turn_odds
from explorer.dnd5e.render_odds import (AttackChart, exact_number_text, exact_text, percent_text, plot_damage, plot_modes,
                                        plot_outcomes)


def _heights(collection) -> dict[int, float]:
    """Damage -> bar height, read from the bars' rectangles."""
    out = {}
    for path in collection.get_paths():
        xs, ys = path.vertices[:, 0], path.vertices[:, 1]
        out[round(float(xs.min() + xs.max()) / 2)] = float(ys.max())
    return out


def test_plus_five_against_ac_15_shows_eleven_twentieths_with_one_critical():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE" (W20 + Modifikatoren >= RK trifft) and SRD 5.1,
    "Combat > Making an Attack > Attack Rolls > Rolling 1 or 20": +5 against RK 15 hits on 10-20,
    11/20, of which the natural 20 (1/20) is a critical hit; the bars are the three results."""
    odds = attack_odds(5, 15, "1W8+3")
    ax = plot_outcomes(odds)
    widths = [bar.get_width() for bar in ax.patches]
    assert widths == [pytest.approx(9 / 20), pytest.approx(1 / 2), pytest.approx(1 / 20)]
    labels = [t.get_text() for t in ax.texts]
    assert labels == ["9/20 = 45 %", "1/2 = 50 %", "1/20 = 5 %"]
    assert ax.get_title() == "Treffer 11/20 = 55 % (davon kritisch 1/20 = 5 %)"
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Fehlschlag", "Treffer (nicht kritisch)",
                                                            "kritischer Treffer"]


def test_advantage_labels_read_the_exact_four_hundredths():
    """SRD 5.1, "Using Ability Scores > Advantage and Disadvantage": the higher of two W20; +5 against
    RK 15 misses only when both dice show 1-9, (9/20)^2 = 81/400; critical unless neither is a 20,
    1 - (19/20)^2 = 39/400."""
    odds = attack_odds(5, 15, "1W8+3", mode="vorteil")
    labels = [t.get_text() for t in plot_outcomes(odds).texts]
    assert labels[0] == "81/400 = 20,25 %" and labels[2] == "39/400 = 9,75 %"
    assert odds.p_hit == Fraction(280, 400)
    assert labels[1] == "7/10 = 70 %"  # the long bar holds its label inside, in white
    assert plot_outcomes(odds).texts[1].get_ha() == "right"


def test_the_damage_bars_are_the_exact_distribution_with_the_miss_at_zero():
    """SRD 5.1, "Combat > Damage and Healing > Damage Rolls" and "> Critical Hits" (the dice twice,
    the modifier once): 1W8+3 on a hit (4-11), 2W8+3 on a critical hit (5-19), 0 on a miss (9/20)."""
    odds = attack_odds(5, 15, "1W8+3")
    ax = plot_damage(odds)
    heights = _heights(ax.collections[0])
    expected = {d: float(p) for d, p in odds.damage_distribution.items()}
    assert heights.keys() == expected.keys() and min(heights) == 0 and max(heights) == 19
    assert all(heights[d] == pytest.approx(expected[d]) for d in expected)
    assert heights[0] == pytest.approx(9 / 20)
    (line,) = ax.figure.axes[1].get_lines()  # P(Schaden >= x) on the twin axis
    at_least = dict(zip(line.get_xdata(), line.get_ydata()))
    assert at_least[0] == pytest.approx(1.0) and at_least[1] == at_least[4] == pytest.approx(11 / 20)
    assert at_least[12] == pytest.approx(float(sum(p for d, p in odds.damage_distribution.items() if d >= 12)))
    assert "Erwartungswert 4,35" in ax.get_title()  # 1/2 x 7.5 + 1/20 x 12 = 87/20


def test_a_turn_of_two_attacks_draws_the_convolved_total():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFF" (each attack its own Angriffswurf): two independent
    attacks, the total damage is 0 only when both miss, (9/20)^2."""
    one = attack_odds(5, 15, "1W8+3")
    turn = turn_odds([one, one])
    heights = _heights(plot_damage(turn).collections[0])
    assert heights[0] == pytest.approx(81 / 400) and max(heights) == 38
    assert sum(heights.values()) == pytest.approx(1.0)


def test_the_mode_comparison_draws_each_hit_chance_against_ac_10_to_25():
    """SRD 5.1, "Using Ability Scores > Advantage and Disadvantage" and "Rolling 1 or 20": +5 against
    RK 25 hits only on a natural 20 -- 1/20 normal, 39/400 with Vorteil, 1/400 with Nachteil."""
    results = [attack_odds(5, ac, "1W8+3", mode=m) for m in ("normal", "vorteil", "nachteil") for ac in range(10, 26)]
    ax = plot_modes(results)
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {"normal", "Vorteil", "Nachteil"}
    assert list(lines["normal"].get_xdata()) == list(range(10, 26))
    assert lines["normal"].get_ydata()[-1] == pytest.approx(1 / 20)
    assert lines["Vorteil"].get_ydata()[-1] == pytest.approx(39 / 400)
    assert lines["Nachteil"].get_ydata()[-1] == pytest.approx(1 / 400)
    assert lines["normal"].get_ydata()[0] == pytest.approx(16 / 20)  # RK 10: 5-20 hit
    figure = ax.figure
    figure_png(figure)
    renderer = renderer_of(figure)
    legend, label = ax.get_legend().get_window_extent(renderer), ax.xaxis.label.get_window_extent(renderer)
    assert legend.y1 <= label.y0  # the legend sits under the axis label, never over it
    assert figure.bbox.contains(legend.x0, legend.y0) and figure.bbox.contains(legend.x1, legend.y1)
    assert not too_small(figure)


@pytest.mark.parametrize("mode,damage,attacks", [("normal", "1W8+3", 1), ("vorteil", "2W6+4", 3),
                                                 ("nachteil", "1W12+5", 8)])
def test_the_chart_texts_are_large_enough_and_clear_of_each_other(mode, damage, attacks):
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE": the chart of an attack and a turn's damage; every
    text at least 8 pt at the size shown (100 dpi, shown at its own width), none over another, all
    inside the figure."""
    odds = attack_odds(7, 14, damage, mode=mode)
    chart = AttackChart()
    chart.update(odds, turn_odds([odds] * attacks) if attacks > 1 else None)
    chart.png()
    figure = chart.figure
    assert figure.dpi == 100 and chart.pixel_size[0] <= 590
    texts = texts_of(figure)
    assert all(t.get_fontsize() >= MIN_FONT_SIZE for t in texts)
    renderer = renderer_of(figure)
    boxes = [t.get_window_extent(renderer) for t in texts]
    assert not overlapping_pairs(boxes)
    assert all(figure.bbox.x0 <= b.x0 and b.x1 <= figure.bbox.x1 and figure.bbox.y0 <= b.y0 and b.y1 <= figure.bbox.y1
               for b in boxes)
    for text in chart.outcomes.texts:  # a bar's label stays inside its axes
        box, axes = text.get_window_extent(renderer), chart.outcomes.ax.bbox
        assert axes.x0 <= box.x0 and box.x1 <= axes.x1


def test_a_blitted_chart_is_the_picture_drawn_afresh():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE": the blitted update shows the same pixels as a full draw."""
    chart = AttackChart()
    chart.update(attack_odds(5, 15, "1W8+3"))
    chart.render()
    chart.update(attack_odds(5, 15, "1W8+3", mode="vorteil"))
    blitted = chart.render()
    assert chart.full_draws >= 1
    first, second = (np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int) for png in (blitted, chart.png()))
    assert first.shape == second.shape
    differ = np.abs(first - second).sum(axis=2)
    # the same but for the corner where the twin axis's 0 % tick meets its bottom spine (drawn in the
    # other order: a few antialiased pixels a shade apart)
    assert (differ > 0).sum() <= 4 and differ.max() <= 48


def test_percentages_are_written_german_style_and_exactly_when_they_can_be():
    """SRD 5.1, "Using Ability Scores > Advantage and Disadvantage": 1/400 is 0,25 % exactly; a third is rounded."""
    assert percent_text(Fraction(1, 400)) == "0,25 %"
    assert percent_text(Fraction(11, 20)) == "55 %"
    assert percent_text(Fraction(1, 3)) == "≈ 33,33 %"
    assert exact_text(Fraction(279, 400)) == "279/400 = 69,75 %"
    assert exact_text(Fraction(1)) == "1 = 100 %"


def test_a_rounded_percentage_is_joined_to_its_fraction_by_approximately_not_equals():
    """SRD 5.1, "Making an Attack > Attack Rolls": a chance like 113/720 is no whole hundredth of a
    percent, so it reads "113/720 ≈ 15,69 %" (before, "113/720 = ≈ 15,69 %")."""
    assert exact_text(Fraction(113, 720)) == "113/720 ≈ 15,69 %"
    assert exact_text(Fraction(1, 3)) == "1/3 ≈ 33,33 %"
    assert exact_text(Fraction(0)) == "0 = 0 %"


def test_an_expected_damage_is_written_as_its_fraction_and_its_decimal_value():
    """SRD 5.1, "Damage and Healing > Damage Rolls": an expected damage such as 65/8 is written
    "65/8 ≈ 8,13", a half exactly ("17/2 = 8,5"), a whole number alone."""
    assert exact_number_text(Fraction(65, 8)) == "65/8 ≈ 8,13"
    assert exact_number_text(Fraction(17, 2)) == "17/2 = 8,5"
    assert exact_number_text(Fraction(8)) == "8"
