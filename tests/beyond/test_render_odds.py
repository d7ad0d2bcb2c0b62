"""Drawing the press-your-luck odds: what is drawn is the numbers explorer.beyond.odds computed."""

from fractions import Fraction

import pytest

from explorer.beyond import odds
from explorer.beyond.render_odds import (BEST_COLOUR, odds_png, plot_collected, plot_curves, plot_exact_vs_sampled,
                                         plot_expected_by_k)

TS = ("Turtle Snake", "similar", "yin")
DECK = odds.standard_deck()
AFTER_TS = odds.unseen_cards(DECK, [TS], [])


def test_plot_curves_draws_one_line_per_label_with_the_given_points():
    curve = [(n, Fraction(15 * n, 80 - n)) for n in range(5)]
    lines = plot_curves({"fresh deck": curve, "flat": [(0, 0.5), (4, 0.5)]}, xlabel="spirits revealed")
    assert len(lines) == 2
    assert list(lines[0].get_xdata()) == [0, 1, 2, 3, 4]
    assert list(lines[0].get_ydata()) == pytest.approx([float(p) for _, p in curve])
    ax = lines[0].axes
    assert ax.get_xlabel() == "spirits revealed" and ax.get_ylim() == (0, 1.02)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["fresh deck", "flat"]
    assert ax.yaxis.get_major_formatter()(0.5, 0) == "50%"  # probabilities read as percentages (issue 11)


def test_plot_curves_for_gains_draws_a_zero_line_and_free_y_axis():
    lines = plot_curves({"gain": [(0, 1), (1, 0.2), (2, -0.4)]}, xlabel="n", zero_line=True, probability=False)
    ax = lines[0].axes
    assert any(list(line.get_ydata()) == [0, 0] for line in ax.get_lines() if line is not lines[0])
    assert ax.get_ylim()[0] < -0.4


def test_plot_collected_bar_heights_are_the_exact_distribution():
    dists = [odds.collected_distribution([], DECK, k) for k in (1, 2, 3)]
    containers = plot_collected(dists)
    assert len(containers) == 3
    sizes = sorted({n for d in dists for n in d.counts})
    for dist, container in zip(dists, containers):
        heights = [bar.get_height() for bar in container]
        assert heights == pytest.approx([float(dist.counts.get(n, 0)) for n in sizes])
        assert sum(heights) == pytest.approx(1.0)


def test_plot_expected_by_k_marks_the_best_horizon():
    comparison = odds.expected_gain([TS], AFTER_TS, k_max=4)
    bars = plot_expected_by_k(comparison)
    assert [bar.get_height() for bar in bars] == pytest.approx([float(v) for v in comparison.values])
    green = [i for i, bar in enumerate(bars) if bar.get_facecolor()[:3] == pytest.approx(_rgb(BEST_COLOUR))]
    assert green == [comparison.best_k]


def test_plot_exact_vs_sampled_puts_both_estimates_side_by_side_with_intervals():
    exact = odds.reveal_outcomes([TS], AFTER_TS, 3)
    sampled = odds.reveal_monte_carlo([TS], AFTER_TS, 3, samples=2000, seed=1)
    exact_bars, sampled_bars, error_bars = plot_exact_vs_sampled(
        {j: exact.p_fail_at(j) for j in (1, 2, 3)}, sampled.fail_at, sampled.samples)
    assert [b.get_height() for b in exact_bars] == pytest.approx([float(exact.p_fail_at(j)) for j in (1, 2, 3)])
    assert [b.get_height() for b in sampled_bars] == pytest.approx([sampled.fail_at[j] for j in (1, 2, 3)])
    segments = error_bars.lines[2][0].get_segments()
    assert len(segments) == 3 and all(seg[1][1] > seg[0][1] for seg in segments)


def test_odds_png_is_a_png():
    lines = plot_curves({"a": [(0, 0.1), (1, 0.2)]}, xlabel="n")
    assert odds_png(lines[0].axes).startswith(b"\x89PNG")


def _rgb(hex_colour: str) -> tuple:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
