"""rules-explorer: interactive rule engines for tabletop and card games.

One subpackage per rule system (``explorer.behind``, ``explorer.beyond``) on top of a small shared
core (``explorer.core``): the game protocol, rule references and errors, the rulings registry,
seeded randomness, card piles, and the generic tools (simulate, players, replay, conformance,
coverage, rulings compared) that serve every system registered with ``explorer.core.systems``.

``explorer.systems()`` lists the registered systems; ``explorer.load_game(saved)`` loads a saved
game of any of them without trusting it (dealt again from its origin, its history replayed through
the referee: :func:`explorer.core.replay.load_game`).
"""

__version__ = "0.1.0"


def systems():
    """The registered rule systems as a table (name, title, rulebook, configurations, players,
    rulings): every package under ``explorer/`` registers itself when it is imported."""
    from explorer.core.systems import systems_frame

    return systems_frame()


def load_game(saved, system=None):
    """A saved game (``state.to_json()`` or that as JSON text) of any registered system, loaded
    without trusting it: a changed or malformed save is refused with an InputError naming the field
    (see :func:`explorer.core.replay.load_game`)."""
    from explorer.core.replay import load_game as load
    from explorer.core.systems import load_all

    load_all()
    return load(saved, system)
