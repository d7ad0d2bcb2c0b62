"""Shared core of every rule system: rule references and errors, rulings, randomness, piles."""

from explorer.core.compare import compare_rulings
from explorer.core.event_table import EventTable, events_table, refusal_table
from explorer.core.piles import PileError, Piles
from explorer.core.rng import SeededRng, numpy_rng
from explorer.core.rules import RuleRef, RuleViolation
from explorer.core.rulings import (
    DEFAULT_RULINGS,
    Ruling,
    Rulings,
    register,
    rulings_frame,
    rulings_markdown,
    rulings_table,
)

__all__ = [
    "DEFAULT_RULINGS",
    "EventTable",
    "PileError",
    "Piles",
    "RuleRef",
    "RuleViolation",
    "Ruling",
    "Rulings",
    "SeededRng",
    "compare_rulings",
    "events_table",
    "numpy_rng",
    "refusal_table",
    "register",
    "rulings_frame",
    "rulings_markdown",
    "rulings_table",
]
