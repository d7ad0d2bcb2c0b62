"""One colour per society, the same in every figure of every lesson (pure data: no drawing library).

A player is coloured by the society of his deck, never by his place in the order of players: the
Vampires are red whether they play against the Schwesternbund alone or against Ghosts and
Templars.  Players the palette does not know (named freely, e.g. "Christian") take the spare
colours in sorted order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

SOCIETY_COLOURS: dict[str, str] = {
    "Schwesternbund": "#1f77b4",  # blue
    "Vampire": "#d62728",         # red
    "Werwölfe": "#8c564b",        # brown
    "Tempelritter": "#9467bd",    # purple
    "Geister": "#17becf",         # cyan
}
"""Society (as the decks and the players named after them spell it) -> colour."""

DECK_SOCIETIES: dict[str, str] = {"schwesternbund": "Schwesternbund", "vampire": "Vampire", "werwoelfe": "Werwölfe",
                                  "tempelritter": "Tempelritter", "geister": "Geister"}
"""Shipped deck id -> its society."""

DECK_COLOURS: dict[str, str] = {deck: SOCIETY_COLOURS[society] for deck, society in DECK_SOCIETIES.items()}
"""Shipped deck id -> its society's colour."""

SPARE_COLOURS = ("#2ca02c", "#ff7f0e", "#e377c2", "#7f7f7f", "#bcbd22", "#393b79", "#637939", "#843c39")
"""For players named after no society, in sorted order."""

PALETTE = tuple(SOCIETY_COLOURS.values()) + SPARE_COLOURS
"""Every colour, societies first."""

ROLE_COLOURS: dict[str, str] = {"attacker": "#c0392b", "shooter": "#c0392b", "defender": "#2471a3",
                                "target": "#2471a3", "tie": "#7f8c8d", "none": "#7f8c8d"}
"""An odds chart's outcome colours by role, for sides of no society (or of the same one)."""

COLOUR_NAMES: dict[str, str] = {"#1f77b4": "blue", "#d62728": "red", "#8c564b": "brown", "#9467bd": "purple",
                                "#17becf": "cyan", "#2ca02c": "green", "#ff7f0e": "orange", "#e377c2": "pink",
                                "#7f7f7f": "grey", "#bcbd22": "olive", "#393b79": "dark blue", "#637939": "dark olive",
                                "#843c39": "dark red", "#c0392b": "red", "#2471a3": "blue", "#7f8c8d": "grey"}
"""Each colour of the palette in a word (for a chart's words saying which colour is which side)."""

SIDES = {"melee": ("attacker", "defender"), "ranged": ("shooter", "target")}
"""The two sides of a combat question, by its kind."""

__all__ = ["COLOUR_NAMES", "DECK_COLOURS", "DECK_SOCIETIES", "PALETTE", "ROLE_COLOURS", "SOCIETY_COLOURS", "SPARE_COLOURS",
           "colour_of", "colours_for", "outcome_colours", "society_of"]


def society_of(name: str) -> str | None:
    """The society a player or deck name stands for: ``"Vampire"``, ``"Vampire 2"`` (a second
    player of the same society, see ``player_names``) and the deck id ``"vampire"`` are all the
    Vampires; None for any other name."""
    if name in SOCIETY_COLOURS:
        return name
    head, _, tail = name.rpartition(" ")
    if head in SOCIETY_COLOURS and tail.isdigit():
        return head
    return DECK_SOCIETIES.get(name)


def colour_of(name: str, societies: Mapping[str, str] | None = None) -> str | None:
    """The colour of a society, deck or player (``societies``: player -> society, e.g. from a
    game's decks); None when the name belongs to no society."""
    society = (societies or {}).get(name) or society_of(name)
    return SOCIETY_COLOURS.get(society) if society else None


def colours_for(players: Iterable[str], societies: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each player's colour: his society's, or the spare colours in sorted order for the others (and
    for a second player of a society already coloured, e.g. "Vampire 2", so two players never share one)."""
    names = sorted(set(players))
    colours: dict[str, str] = {}
    for p in names:
        colour = colour_of(p, societies)
        if colour is not None and colour not in colours.values():
            colours[p] = colour
    others = [p for p in names if p not in colours]
    colours.update({p: SPARE_COLOURS[i % len(SPARE_COLOURS)] for i, p in enumerate(others)})
    return {p: colours[p] for p in names}


def outcome_colours(question=None) -> dict[str, str]:
    """The colour of each loser of an odds chart (``"attacker"``, ``"defender"``, ``"shooter"``,
    ``"target"``, ``"tie"``, ``"none"``): a side in its character's society colour -- Ludwig von
    Auenstedt is Vampire red whether he attacks or defends, as on the table -- and ties and misses
    grey.  ``question``: a melee or ranged question (its characters' ``society``), or None.  When a
    side has no society, or both sides share one, both keep :data:`ROLE_COLOURS` (the two sides
    never look alike)."""
    colours = dict(ROLE_COLOURS)
    for first, second in SIDES.values():
        a, b = getattr(question, first, None), getattr(question, second, None)
        ca = colour_of(a.society) if getattr(a, "society", None) else None
        cb = colour_of(b.society) if getattr(b, "society", None) else None
        if ca is not None and cb is not None and ca != cb:
            colours[first], colours[second] = ca, cb
    return colours
