"""Numbers in words for the texts a reader sees (events, notes, panel lines): "1 card", "3 cards", never "card(s)".

English only: the German lessons write their own words (D&D's texts are German throughout)."""

from __future__ import annotations

from typing import Optional, Sequence


def counted(n: int, noun: str, plural: Optional[str] = None) -> str:
    """``n`` things in words: ``counted(1, "card")`` is "1 card", ``counted(3, "card")`` "3 cards", ``counted(0,
    "action")`` "0 actions"; ``plural`` for a noun whose plural is not noun + "s"."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


def listed(label: str, names: Sequence[str], plural: Optional[str] = None) -> str:
    """A label and the names it counts, singular or plural by their number: ``listed("winner", ["Jessy"])`` is
    "winner: Jessy", ``listed("winner", ["P1", "P2"])`` "winners: P1, P2"."""
    word = label if len(names) == 1 else (plural or label + "s")
    return f"{word}: {', '.join(names)}"
