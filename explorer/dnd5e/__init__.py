"""D&D 5e combat (German excerpt): battle map, creatures, movement and jumps, the attack's exact
odds and an encounter on the shared game protocol, citing ``dnd5e-combat-de-excerpt.txt`` and,
beyond it, the SRD 5.1 (CC-BY-4.0).

A registered system (``explorer.core.systems.get("dnd5e")``): simulate, the players, replay,
load_game, the conformance suite, coverage and the rulings list serve it by name.  The rules
layers are modules of their own, e.g. ``from explorer.dnd5e.movement import move``;
``from explorer.dnd5e import actions`` for the actions of an encounter.
"""

from explorer.dnd5e import refs, rulings  # noqa: F401  (registers D&D 5e's rulings)
from explorer.dnd5e.game import EncounterState, new_encounter
from explorer.dnd5e.system import SYSTEM  # registers D&D 5e with explorer.core.systems

__all__ = ["EncounterState", "SYSTEM", "new_encounter", "refs", "rulings"]
