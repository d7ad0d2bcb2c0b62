"""Exact melee odds vs a 100,000-sample NumPy Monte Carlo, side by side in one run.

Question: two shipped 40-card decks, unknown hands of 5 (each side plays its highest card).
Goal: the exact computation is at least 50x faster than the Monte Carlo estimate.
Run: ``python benchmarks/bench_melee_odds.py``.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import median_ms  # noqa: E402

from explorer.behind import melee_monte_carlo, melee_odds  # noqa: E402
from explorer.behind.data import load_characters, load_decks  # noqa: E402


def main() -> None:
    decks = load_decks()
    characters = load_characters()
    attacker_deck, defender_deck = decks["vampire"], decks["schwesternbund"]
    question = dict(attacker_supply=list(attacker_deck.cards), defender_supply=list(defender_deck.cards), hand_size=5)
    attacker, defender = characters["ludwig-von-auenstedt"], characters["sahra-jeanette"]
    exact_ms = median_ms(lambda: melee_odds(attacker, defender, **question), repeats=15)
    sampled_ms = median_ms(lambda: melee_monte_carlo(attacker, defender, samples=100_000, seed=1, **question), repeats=5)
    exact = melee_odds(attacker, defender, **question)
    estimate = melee_monte_carlo(attacker, defender, samples=100_000, seed=1, **question)
    gap = abs(exact.p_injured("defender") - estimate.p_injured("defender"))
    print(f"melee odds, {attacker_deck.size}-card vs {defender_deck.size}-card decks, unknown hands of 5: "
          f"exact {exact_ms:.2f} ms, Monte Carlo (1e5 samples) {sampled_ms:.1f} ms, "
          f"ratio {sampled_ms / exact_ms:.0f}x (goal >= 50x); |P(defender injured) exact - MC| = {gap:.4f}")


if __name__ == "__main__":
    main()
