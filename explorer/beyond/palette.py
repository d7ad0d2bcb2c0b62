"""One colour per Celestial Spirit, the same in every Beyond figure (pure data: no drawing library).

The Four Symbols' colours and the centre's yellow, keyed by the spirit's code (``"TS"``, ...); the
Nian Shou cards have a colour of their own.
"""

from __future__ import annotations

SPIRIT_COLOURS: dict[str, str] = {
    "TS": "#2e5e6e",  # Turtle Snake: the dark north
    "VB": "#c8372d",  # Vermilion Bird: red
    "AD": "#2f7fc1",  # Double Azure Dragon: azure
    "MT": "#8c8c8c",  # Double Metal Tiger: metal grey
    "YU": "#e0b21b",  # Yellow Unicorn: yellow
}
NIAN_SHOU_COLOUR = "#5b2a86"

SPIRIT_NAMES: dict[str, str] = {"TS": "Turtle Snake", "VB": "Vermilion Bird", "AD": "Azure Dragon",
                                "MT": "Metal Tiger", "YU": "Yellow Unicorn"}
"""The names the colours are found by in a figure's labels (:func:`spirit_colour`)."""

__all__ = ["NIAN_SHOU_COLOUR", "SPIRIT_COLOURS", "SPIRIT_NAMES", "spirit_colour", "text_colour"]


def text_colour(spirit: str) -> str:
    """Text on a card of ``spirit``'s colour: black on the light ones, white on the dark."""
    return "black" if spirit in ("YU", "MT") else "white"


def spirit_colour(label: str) -> str | None:
    """The colour of the spirit a label names (its code, or its name, e.g. "d Turtle Snakes
    discarded"), or None."""
    if label in SPIRIT_COLOURS:
        return SPIRIT_COLOURS[label]
    found = [code for code, name in SPIRIT_NAMES.items() if name.lower() in label.lower()]
    return SPIRIT_COLOURS[found[0]] if len(found) == 1 else None
