"""rules-explorer: interactive rule engines for tabletop and card games.

One subpackage per rule system (``explorer.behind`` first) on top of a small shared core
(``explorer.core``): rule references and errors, the rulings registry, seeded randomness and
card piles.
"""

__version__ = "0.1.0"
