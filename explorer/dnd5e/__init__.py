"""D&D 5e combat (German excerpt): battle map, creatures, movement and jumps as pure rules layers,
citing ``dnd5e-combat-de-excerpt.txt`` and, beyond it, the SRD 5.1 (CC-BY-4.0).

Not yet a registered system (no game protocol yet): import the modules directly, e.g.
``from explorer.dnd5e.movement import move``.
"""
