"""rules-explorer: interactive rule engines for tabletop and card games.

One subpackage per rule system (``explorer.behind``, ``explorer.beyond``) on top of a small shared
core (``explorer.core``): the game protocol, rule references and errors, the rulings registry,
seeded randomness, card piles, and the generic tools (simulate, players, replay, conformance,
coverage, rulings compared) that serve every system registered with ``explorer.core.systems``.

``explorer.systems()`` lists the registered systems.
"""

__version__ = "0.1.0"


def systems():
    """The registered rule systems as a table (name, title, rulebook, configurations, players,
    rulings): every package under ``explorer/`` registers itself when it is imported."""
    from explorer.core.systems import systems_frame

    return systems_frame()
