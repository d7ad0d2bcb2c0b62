"""The actions of a D&D 5e encounter (AKTIONEN IM KAMPF), as JSON-able frozen dataclasses.

Every action is taken by the creature whose turn it is (:attr:`EncounterState.acting`); its
fields name the other creatures, weapons and points.  Decoding a saved action checks every field
against its declared type (:class:`~explorer.core.game.ActionCodec`); whether it is *legal* is
the referee's question (:mod:`explorer.dnd5e.game`).

Movement (SRD 5.1 Combat > Movement and Position, Breaking Up Your Move): :class:`Bewegen`
(move, a path of waypoints), :class:`Aufstehen` (stand up).  The action in combat (one a turn,
AKTIONEN IM KAMPF): :class:`Angriff` (Attack), :class:`ZauberWirken` (Cast a Spell),
:class:`Spurt` (Dash), :class:`Rueckzug` (Disengage), :class:`Ausweichen` (Dodge),
:class:`Helfen` (Help), :class:`Verstecken` (Hide), :class:`Suchen` (Search),
:class:`Vorbereiten` (Ready), :class:`GegenstandVerwenden` (Use an Object),
:class:`MagischenGegenstandVerwenden` (Use a Magic Item), :class:`SpezialfaehigkeitVerwenden`
(Use a Special Ability).  :class:`ZugBeenden` ends the turn.  The reaction Gelegenheitsangriff
(opportunity attack) is taken by the game itself (ruling ``dnd5e.opportunity-attack-automatic``).
"""

from __future__ import annotations

from explorer.core.game import Action, ActionCodec

ACTIONS = ActionCodec("dnd5e")

COVER_CHOICES = ("keine", "halb", "dreiviertel", "voll")
"""Degrees of cover (Deckung, SRD 5.1 Combat > Cover) the SL states for an attack."""
READY_TRIGGERS = ("feind-kommt-in-reichweite",)
"""The closed list of perceivable triggers for Vorbereiten (ruling ``dnd5e.ready-trigger``):
``feind-kommt-in-reichweite`` -- a hostile creature that was not within the readier's reach ends a
move (Bewegen) within it ("Wenn sich der Zombie neben mich stellt, ...")."""
READY_REACTIONS = ("angriff", "bewegen", "zauber")
"""What a readied reaction does: ``angriff`` -- one attack with ``waffe`` against the creature that
set off the trigger; ``bewegen`` -- a move along ``pfad`` (up to the full speed); ``zauber`` -- the
spell ``zauber`` (casting time one action), cast when readying and released at that creature, held
with concentration until then (VORBEREITEN)."""


@ACTIONS.register("bewegen")
class Bewegen(Action):
    """Move (Bewegung) along ``pfad``, waypoints (x, y) in metres after the current position;
    ``modus`` "gehen" or "fliegen"; ``spruenge``: indexes of legs that are long jumps."""
    pfad: tuple[tuple[float, float], ...]
    modus: str = "gehen"
    spruenge: tuple[int, ...] = ()


@ACTIONS.register("aufstehen")
class Aufstehen(Action):
    """Stand up (aufstehen) from prone: half the speed (SRD 5.1 Being Prone)."""


@ACTIONS.register("angriff")
class Angriff(Action):
    """Attack (ANGRIFF): one attack with ``waffe`` against ``ziel``; ``deckung`` is the cover the SL
    states for the target (SRD 5.1 Combat > Cover: halb +2, dreiviertel +5, voll: no attack)."""
    waffe: str
    ziel: str
    deckung: str = "keine"


@ACTIONS.register("zauber-wirken")
class ZauberWirken(Action):
    """Cast a Spell (ZAUBER WIRKEN): ``zauber`` (a spell the creature knows, casting time one
    action) against ``ziel``; ``deckung`` as for :class:`Angriff`."""
    zauber: str
    ziel: str
    deckung: str = "keine"


@ACTIONS.register("spurt")
class Spurt(Action):
    """Dash (SPURT): extra movement equal to the speed for this turn."""


@ACTIONS.register("rueckzug")
class Rueckzug(Action):
    """Disengage (RÜCKZUG): this turn's movement provokes no opportunity attacks."""


@ACTIONS.register("ausweichen")
class Ausweichen(Action):
    """Dodge (AUSWEICHEN): until the start of the next turn attack rolls against the creature have
    disadvantage if it can see the attacker."""


@ACTIONS.register("helfen")
class Helfen(Action):
    """Help (HELFEN): ``ziel`` a hostile creature within 1.5 m (an ally's next attack against it has
    advantage) or an ally (advantage on its next ability check), before the helper's next turn."""
    ziel: str


@ACTIONS.register("verstecken")
class Verstecken(Action):
    """Hide (VERSTECKEN): a Dexterity (Stealth) check against the foes' passive Perception."""


@ACTIONS.register("suchen")
class Suchen(Action):
    """Search (SUCHEN): a Wisdom (Perception) check against the Stealth of hidden foes."""


@ACTIONS.register("vorbereiten")
class Vorbereiten(Action):
    """Ready (VORBEREITEN): ``ausloeser`` from :data:`READY_TRIGGERS`, ``reaktion`` from
    :data:`READY_REACTIONS`: ``waffe`` for an attack, ``pfad`` for a move, ``zauber`` for a spell."""
    ausloeser: str
    reaktion: str
    waffe: str = ""
    pfad: tuple[tuple[float, float], ...] = ()
    zauber: str = ""


@ACTIONS.register("gegenstand-verwenden")
class GegenstandVerwenden(Action):
    """Use an Object (GEGENSTAND VERWENDEN): ``gegenstand`` names an object the creature carries
    (:data:`explorer.dnd5e.items.ITEMS`, e.g. the Heiltrank), ``ziel`` the creature it is used on
    ("" for the user itself)."""
    gegenstand: str
    ziel: str = ""


@ACTIONS.register("magischen-gegenstand-verwenden")
class MagischenGegenstandVerwenden(Action):
    """Use a Magic Item (MAGISCHEN GEGENSTAND VERWENDEN) whose use takes an action: ``gegenstand`` (e.g.
    the Zauberstab der Magischen Geschosse), ``ziel`` the creature it is aimed at."""
    gegenstand: str
    ziel: str = ""


@ACTIONS.register("spezialfaehigkeit-verwenden")
class SpezialfaehigkeitVerwenden(Action):
    """Use a Special Ability (SPEZIALFÄHIGKEIT VERWENDEN): a class feature or a monster's action
    (:data:`explorer.dnd5e.items.ABILITIES`, e.g. the Höllenhund's Feueratem), aimed at ``ziel``."""
    faehigkeit: str
    ziel: str = ""


@ACTIONS.register("zug-beenden")
class ZugBeenden(Action):
    """End the turn (SRD 5.1 Combat > Your Turn)."""


USING_THE_ACTION = ("angriff", "zauber-wirken", "spurt", "rueckzug", "ausweichen", "helfen", "verstecken", "suchen",
                    "vorbereiten", "gegenstand-verwenden", "magischen-gegenstand-verwenden",
                    "spezialfaehigkeit-verwenden")
"""The kinds that are the turn's one action (AKTIONEN IM KAMPF: "eine der hier beschriebenen Aktionen")."""


KIND_WORDS = {
    "angriff": "Angriff", "zauber-wirken": "Zauber wirken", "spurt": "Spurt", "rueckzug": "Rückzug",
    "ausweichen": "Ausweichen", "helfen": "Helfen", "verstecken": "Verstecken", "suchen": "Suchen",
    "vorbereiten": "Vorbereiten", "gegenstand-verwenden": "Gegenstand verwenden",
    "magischen-gegenstand-verwenden": "Magischen Gegenstand verwenden",
    "spezialfaehigkeit-verwenden": "Spezialfähigkeit verwenden", "aufstehen": "Aufstehen",
    "bewegen": "Bewegen", "zug-beenden": "Zug beenden",
}
"""The excerpt's German name of every action kind (AKTIONEN IM KAMPF), by its id (``Action.kind``,
``EncounterState.action_used``): one table for the panels, the map's status line and the lessons."""
