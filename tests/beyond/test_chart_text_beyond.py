"""Beyond's charts read at the size a notebook shows them (issue 11: a minimum text size, no text
over another, legends clear of the data, every text inside the picture), built from real data as
lessons 2 and 3 build them (``notebooks/beyond/02_press_your_luck.ipynb``,
``03_strategy_tournament.ipynb``): pyplot figures of the lessons' sizes, which the notebook saves
with ``bbox_inches="tight"`` and shows at most :data:`NOTEBOOK_WIDTH` px wide.

The pictures go to ``/tmp/h/charts`` to be looked at.
"""

from __future__ import annotations

from functools import partial

import pytest
from matplotlib.figure import Figure

from explorer.beyond import odds
from explorer.beyond.render_odds import plot_collected, plot_curves, plot_exact_vs_sampled, plot_expected_by_k
from explorer.beyond.render_tournament import tournament_figure
from explorer.beyond.tournament import shipped_round_robin
from tests.core.test_chart_text_checks import NOTEBOOK_WIDTH, assert_readable

DECK = odds.standard_deck()
SPIRITS = odds.SPIRITS


def pyplot_like(width: float, height: float, columns: int = 1, **options):
    """What ``plt.subplots(1, columns, figsize=(width, height))`` makes (100 dpi, no layout engine)."""
    figure = Figure(figsize=(width, height), dpi=100)
    axes = figure.subplots(1, columns, **options)
    return figure, axes


def cards_of(spirit, n):
    keys = [key for key, count in sorted(DECK.items()) if key[0] == spirit for _ in range(count)]
    return keys[:n]


def revealed_first(n):
    return [cards_of(spirit, 1)[0] for spirit in SPIRITS[:n]]


def check(figure, name):
    assert_readable(figure, name, NOTEBOOK_WIDTH, tight=True)


def test_lesson_2_risk_of_one_more_card():
    fail_next = {n: odds.p_fail_next(revealed_first(n), odds.unseen_cards(DECK, revealed_first(n), []))
                 for n in range(6)}
    figure, ax = pyplot_like(6, 3.2)
    plot_curves({"fresh deck": list(fail_next.items())}, ax, xlabel="different spirits already revealed this turn",
                ylabel="P(the next card fails)", title="Risk of one more card (beyond-rulebook.txt, Phase 1)")
    check(figure, "beyond_risk")


def test_lesson_2_discard_pile_curves_and_their_legend():
    ts = cards_of("Turtle Snake", 16)
    others = [key for spirit in SPIRITS[1:] for key in cards_of(spirit, 3)]
    same = [(d, odds.p_fail_next(ts[:1], odds.unseen_cards(DECK, ts[:1], ts[1:1 + d]))) for d in range(13)]
    other = [(d, odds.p_fail_next(ts[:1], odds.unseen_cards(DECK, ts[:1], others[:d]))) for d in range(13)]
    figure, ax = pyplot_like(6, 3.2)
    plot_curves({"d Turtle Snakes discarded": same, "d other cards discarded": other}, ax,
                xlabel="cards in the discard pile (d)", ylabel="P(next card fails)",
                title="One Turtle Snake revealed: what the discard pile tells")
    ax.set_ylim(0, 0.3)
    check(figure, "beyond_discard_curves")


def test_lesson_2_cards_collected_side_by_side():
    """The lesson's 11 x 3.4 inch pair, shrunk to the output area: titles and legends readable, the
    legends clear of the bars."""
    plain = [odds.collected_distribution([], DECK, k) for k in (1, 2, 3, 4, 5)]
    lotus = [odds.collected_distribution([], DECK, k, lotus=2) for k in (1, 2, 3, 4, 5)]
    figure, (left, right) = pyplot_like(11, 3.4, 2, sharey=True)
    plot_collected(plain[1:], left, title="cards collected, no Lotus token")
    plot_collected(lotus[1:], right, title="cards collected, 2 Lotus tokens")
    figure.tight_layout()
    check(figure, "beyond_collected")


def test_lesson_2_gains_and_plans():
    gains = {}
    for tokens in (0, 1, 2):
        gains[tokens] = []
        for n in range(1, 5):
            revealed = revealed_first(n)
            comparison = odds.expected_gain(revealed, odds.unseen_cards(DECK, revealed, []), lotus=tokens)
            gains[tokens].append((n, comparison.gain_one_more))
    figure, ax = pyplot_like(6, 3.2)
    plot_curves({f"{t} Lotus token" + "s" * (t != 1): gains[t] for t in gains}, ax, xlabel="different spirits already revealed",
                ylabel="E[one more] - E[stop]", title="Is one more card worth it? (above 0: yes)",
                zero_line=True, probability=False)
    check(figure, "beyond_gains")
    ts = cards_of("Turtle Snake", 16)
    horizons = odds.expected_gain(ts[:1], odds.unseen_cards(DECK, ts[:1], []), k_max=4)
    figure, ax = pyplot_like(6, 3.2)
    plot_expected_by_k(horizons, ax, title="One Turtle Snake revealed: expected cards of each plan")
    check(figure, "beyond_plans")


def test_lesson_2_exact_against_sampled():
    exact = odds.reveal_outcomes([], DECK, 6)
    sampled = odds.reveal_monte_carlo([], DECK, 6, samples=20_000, seed=0)
    figure, ax = pyplot_like(6, 3.2)
    plot_exact_vs_sampled({j: exact.p_fail_at(j) for j in range(1, 7)}, sampled.fail_at, sampled.samples, ax,
                          title="P(the reveal fails at the j-th card): exact vs sampled")
    check(figure, "beyond_exact_vs_sampled")


def test_lesson_2_rulings_comparison_picture():
    """The lesson's last picture, ``deck_end.png(figures=shown)`` (an ``Image`` of the PNG)."""
    import io

    from PIL import Image

    from explorer.beyond.simulate import simulate
    from explorer.core import compare_rulings
    from explorer.core.render_compare import WIDTH, plot_rulings_comparison, selected
    from explorer.core.display import new_figure

    deck_end = compare_rulings(partial(simulate, 40, ["stop-after-3"] * 4, seed=1),
                               b={"beyond.second-draw-pile": "single-pile"},
                               title="Beyond: 40 games of four stop-after-3 players")
    shown = [name for name in deck_end.frame.index if name.startswith(("share end", "mean turns", "mean score"))]
    width_px = Image.open(io.BytesIO(deck_end.png(figures=shown))).size[0]
    assert width_px <= NOTEBOOK_WIDTH  # shown at its own size
    figure = new_figure(WIDTH, 1.3 + 0.36 * len(selected(deck_end, figures=shown)[0]))
    plot_rulings_comparison(deck_end, ax=figure.add_subplot(), figures=shown)
    assert_readable(figure, "beyond_rulings_comparison", NOTEBOOK_WIDTH)


@pytest.mark.parametrize("size", [(16, 4.8), None], ids=["lesson", "default"])
def test_the_tournament_figure_reads_at_the_notebooks_width(size):
    """Lesson 3 passes a 16 x 4.8 inch figure (``plt.figure(..., layout="constrained")``): shrunk to
    the output area, its heat map's numbers and names must still read."""
    figure = Figure(figsize=size, dpi=100, layout="constrained") if size else None
    drawn = tournament_figure(shipped_round_robin(), figure)
    assert_readable(drawn, f"beyond_tournament_{'lesson' if size else 'default'}", NOTEBOOK_WIDTH,
                    tight=size is not None)
