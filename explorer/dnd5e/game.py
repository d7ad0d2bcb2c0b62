"""A D&D 5e encounter on the shared game protocol: turns and rounds, movement, the actions in combat.

:func:`new_encounter` sets it up (:mod:`explorer.dnd5e.encounter`: map, creatures, initiative from
the seed).  The state (:class:`EncounterState`) holds the battle map (positions, conditions
liegend / bewusstlos), each creature's hit points, the initiative order, the round and whose turn
it is, the acting creature's Budget (movement spent, Spurt, Rückzug; the one action; the bonus
action), who has used the reaction this round, and the effects that last until a creature's next
turn (Ausweichen, Helfen, Vorbereiten) or until found (Verstecken).

The turn (SRD 5.1 Combat > Your Turn, Breaking Up Your Move): any number of :class:`Bewegen` up
to the speed, before and after the one action (AKTIONEN IM KAMPF); :class:`ZugBeenden` passes to
the next creature in the initiative order still in the fight (a new round after the last).  No
creature of the shipped profiles has a bonus action (SRD 5.1 Bonus Actions: only a feature or a
spell grants one), so the Budget holds it unused.  Reactions: the opportunity attack (automatic,
ruling ``dnd5e.opportunity-attack-automatic``) and a readied reaction (``dnd5e.ready-trigger``),
one per creature per round, regained at the start of its turn (SRD 5.1 Reactions).

The attack (ANGRIFFSSTRUKTUR, ANGRIFFSWÜRFE; SRD 5.1 beyond): target within reach (melee) or range
(ranged; long range: Nachteil), a hostile creature within 1.5 m of a ranged attacker: Nachteil;
a prone target: Vorteil within 1.5 m, Nachteil farther; a prone attacker: Nachteil; Ausweichen of
a target that sees the attacker: Nachteil; Helfen: Vorteil; unseen attacker (versteckt): Vorteil,
unseen target: Nachteil; sources combine by :func:`explorer.dnd5e.odds.wurfmodus`.  d20 from the
encounter's seeded generator, natural 1 misses, natural 20 is a critical hit (damage dice twice),
total >= RK + cover hits.  The log says why (roll, each modifier and its source, RK with cover).
Damage lowers the hit points; at 0 the creature is bewusstlos and out of the fight (ruling
``dnd5e.zero-hp``).  The encounter ends when one side has no creature able to act (the other
side wins) or after the round limit (``dnd5e.round-limit``, no winner).

``legal_actions()`` iterates a finite candidate set (the action space of paths is continuous):
ending the turn; standing up; every action against every creature it may concern (attacks with
every weapon and spell against every foe in the fight, cover stated as none; Helfen for every foe
within 1.5 m and every ally; Vorbereiten: an attack with the first melee weapon when a foe comes
into reach); and moves, offered while movement is left: straight toward each other creature,
stopping at the last free square (or point) the movement reaches before it, and straight away
from the nearest foe as far as the movement goes -- each shortened by halves until legal, at most
three tries.  ``action in state.legal_actions()`` checks any action, any path.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping

from explorer.core.game import Action, GameState
from explorer.core.inputs import InputError
from explorer.core.rng import SeededRng
from explorer.core.rules import RuleRef, RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.battlemap import BattleMap, _quarters, gap_between, point
from explorer.dnd5e.creatures import SQUARE
from explorer.dnd5e.encounter import ENCOUNTERS, SPELLS, Encounter, build, roll_initiative
from explorer.dnd5e.movement import Budget, Movement, _round_whole, allowance, grid_leg_refused, move, speed_of
from explorer.dnd5e.items import ABILITIES, ITEMS, Gegenstand, Spezialfaehigkeit, caught
from explorer.dnd5e.odds import COVER_AC_BONUS, wurfmodus

CLOSE = SQUARE
"""1.5 m: "innerhalb eines Radius von 1,5 Metern" (HELFEN); prone targets and ranged attacks in
close combat measure the same 5 feet (SRD 5.1)."""


def _fraction(value: Any) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if type(value) not in (int, float):
        return Fraction(value).limit_denominator(10**6)
    key = (type(value), value)  # a weapon's reach and ranges, asked at every attack: read once
    found = _FRACTIONS.get(key)
    if found is None:
        found = Fraction(value).limit_denominator(10**6)
        if len(_FRACTIONS) < 10_000:
            _FRACTIONS[key] = found
    return found


_FRACTIONS: dict = {}
_NONE = Fraction(0)


_EXACT = re.compile(r"-?[0-9]{1,40}(/[0-9]{1,40})?")


def _exact(value: Any, field: str, source: str) -> Fraction:
    """A saved exact number ("3/4", "12"): whole numbers and fractions of at most 40 digits each (a
    text such as "1e99999999" would make Fraction compute a number of a hundred million digits)."""
    if not isinstance(value, str) or not _EXACT.fullmatch(value):
        raise InputError(source, field, "an exact number as to_json() writes it ('3/4', '12')", value)
    return Fraction(value)


def _m(value) -> str:
    return (f"{float(value):.2f}".rstrip("0").rstrip(".")).replace(".", ",") + " m"


def _signed(value: int) -> str:
    return f"{value:+d}"


class EncounterState(GameState):
    """An encounter in progress.  ``players`` are the two sides; ``current_player`` is the side of
    the creature whose turn it is (:attr:`acting`).  Phases: ``zug`` (a creature's turn), ``ende``."""

    game_over_rule = refs.AKTIONEN_IM_KAMPF
    _left: tuple | None = None  # (what __init__ sets: also there for a state made without it, unpickled)
    _toward: tuple = (None, None, None, {})

    def __init__(self, encounter: Encounter, data: dict, seed: int):
        super().__init__()
        self.encounter = encounter
        self.players = encounter.sides
        self.profiles = encounter.profiles
        self.rulings: Rulings = encounter.battle_map.rulings
        self.seed = seed
        self._data = data
        self.origin: dict | None = None
        """How the encounter was set up, if not from ``encounter`` and ``seed``: ``{"position": ..., "seed": ...}``
        for a game loaded from a position (:mod:`explorer.dnd5e.position`); a replay starts there."""
        self._moves: dict = {}
        self._left: tuple | None = None
        self._toward: tuple = (None, None, None, {})
        """The moves :func:`move_toward` found, with the map, mover and budget they hold for."""
        """Movements computed, by action, with the map, mover and budget they hold for (:func:`_movement`)."""

    # -- protocol ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> str | None:
        return None if self.is_terminal() else self.token(self.acting).side

    @property
    def phase(self) -> str:
        return self._data["phase"]

    @property
    def winner(self) -> str | None:
        return self._data["winner"]

    def is_terminal(self) -> bool:
        return self._data["phase"] == "ende"

    def _snapshot(self) -> dict:
        return _copy(self._data)

    def _restore(self, snapshot: dict) -> None:
        self._data = _copy(snapshot)

    def _verify(self, action: Action) -> None:
        verify(self, action)

    def _perform(self, action: Action) -> None:
        perform(self, action)

    def _candidates(self, kind: str | None = None):
        return [a for a in candidates(self) if kind is None or a.kind == kind]

    # -- reading the state ------------------------------------------------------------------------
    @property
    def battle_map(self) -> BattleMap:
        return self._data["map"]

    @property
    def acting(self) -> str:
        """The creature whose turn it is."""
        return self._data["order"][self._data["turn"]]

    @property
    def order(self) -> tuple[str, ...]:
        """The initiative order, highest first (SRD 5.1 Initiative)."""
        return tuple(self._data["order"])

    @property
    def initiative(self) -> dict[str, int]:
        return dict(self._data["initiative"])

    @property
    def round(self) -> int:
        return self._data["round"]

    @property
    def budget(self) -> Budget:
        """The acting creature's movement this turn (:class:`~explorer.dnd5e.movement.Budget`)."""
        return self._data["budget"]

    @property
    def action_used(self) -> str | None:
        """The kind of the action taken this turn, or None."""
        return self._data["action"]

    @property
    def bonus_action_used(self) -> bool:
        return self._data["bonus"]

    def reaction_used(self, name: str) -> bool:
        return name in self._data["reacted"]

    def hp(self, name: str) -> int:
        return self._data["hp"][name]

    def max_hp(self, name: str) -> int:
        return self.profiles[name].creature.hit_points

    def token(self, name: str):
        return self._data["map"].token(name)

    def effects(self) -> list[tuple]:
        """The lasting effects as ``(kind, owner, subject)``: ``ausweichen``, ``helfen-angriff`` (the
        helper, the foe), ``helfen-wurf`` (the helper, the ally), ``vorbereitet`` (the readier, the
        readied action as data)."""
        return list(self._data["effects"])

    def supplies(self, name: str) -> dict[str, int]:
        """What ``name`` still carries: item name -> how many (or charges left) (ruling ``dnd5e.potion-object``)."""
        return dict(self._data["vorrat"].get(name, {}))

    def spent(self, name: str) -> tuple[str, ...]:
        """The special abilities of ``name`` used and not yet recharged (SRD 5.1 Limited Usage)."""
        return tuple(a for n, a in sorted(self._data["verbraucht"]) if n == name)

    def hidden(self) -> dict[str, int]:
        """The creatures versteckt, with their Stealth totals."""
        return dict(self._data["hidden"])

    def in_fight(self, name: str) -> bool:
        """Above 0 hit points and not kampfunfähig: able to act."""
        return self._data["hp"][name] > 0 and not self.token(name).incapacitated

    def movement_left(self) -> Fraction:
        token, budget = self.token(self.acting), self._data["budget"]
        last = self._left  # asked many times a turn: remembered for the token and budget (both immutable)
        if last is not None and last[0] is token and last[1] is budget:
            return last[2]
        left = max(_NONE, allowance(token, dash=budget.dash) - _fraction(budget.used))
        self._left = (token, budget, left)
        return left

    def sides_in_fight(self) -> dict[str, list[str]]:
        return {side: [t.name for t in self.battle_map.tokens if t.side == side and self.in_fight(t.name)]
                for side in self.players}

    def distance(self, a: str, b: str) -> Fraction:
        """The distance between two creatures' spaces: grid squares by the diagonal rule, or exactly
        (the gap between the spaces) gridless."""
        m = self.battle_map
        ta, tb = m.token(a), m.token(b)
        return gap_between(m, ta, ta.position, tb, tb.position)

    def check_invariants(self) -> None:
        """Hit points within 0..maximum; movement spent within the budget; no two creatures in one
        space (the map refuses it); at most one action a turn; a creature at 0 hit points bewusstlos;
        a terminal state lists no action."""
        d = self._data
        for name, hp in d["hp"].items():
            assert 0 <= hp <= self.max_hp(name), f"{name}: {hp} hit points of {self.max_hp(name)}"
            if hp == 0:
                assert "bewusstlos" in self.token(name).conditions, f"{name} at 0 HP not bewusstlos"
        if not self.is_terminal():
            token = self.token(self.acting)
            assert _fraction(d["budget"].used) <= allowance(token, dash=d["budget"].dash) + Fraction(1, 10**6), \
                f"{self.acting} spent {d['budget'].used} m of {allowance(token, dash=d['budget'].dash)}"
            assert d["actions_this_turn"] <= 1, f"{self.acting} took {d['actions_this_turn']} actions"
        tokens = d["map"].tokens
        for i, t in enumerate(tokens):
            for other in tokens[:i]:
                zone = d["map"].overlap_zone(other, t)
                import shapely
                assert not shapely.contains_xy(zone, float(t.position[0]), float(t.position[1])), \
                    f"{t.name} and {other.name} share a space"
        for name, supplies in d["vorrat"].items():
            carried = dict(self.profiles[name].gegenstaende)
            assert all(0 <= n <= carried[item] for item, n in supplies.items()), f"{name} carries {supplies}"
        if self.is_terminal():
            assert not any(True for _ in self.legal_actions())

    def __repr__(self) -> str:
        if self.is_terminal():
            return f"<EncounterState round {self.round}, over, winner {self.winner}>"
        return f"<EncounterState round {self.round}, {self.acting} ({self.current_player}) to act>"

    def _repr_html_(self) -> str:
        """The encounter in a notebook: the map as it stands, the status line, the creatures' table
        and the latest events beside their rules (drawing imported only here)."""
        import base64

        from explorer.core.event_table import EventTable
        from explorer.dnd5e.render_map import MapPicture, players_html, status_line

        png = base64.b64encode(MapPicture(self).png()).decode("ascii")
        latest = EventTable(self.log[-6:], heading="die letzten Ereignisse", language="de")._repr_html_()
        return (f"<p><b>{html.escape(status_line(self))}</b></p>"
                f'<img src="data:image/png;base64,{png}" alt="Kampfkarte" style="max-width:100%">'
                f"{players_html(self)}{latest}")

    # -- save / load ------------------------------------------------------------------------------
    def position(self) -> dict:
        """This state as a hand-writable position (:mod:`explorer.dnd5e.position`,
        docs/positions-dnd5e.md): ``from_position(state.position())`` gives an equal position back."""
        from explorer.dnd5e.position import position_of
        return position_of(self)

    def to_json(self) -> dict:
        d = self._data
        tokens = [{"name": t.name, "position": [str(v) for v in t.position], "conditions": sorted(t.conditions)}
                  for t in d["map"].tokens]
        b = d["budget"]
        data = {"tokens": tokens, "hp": dict(d["hp"]), "order": list(d["order"]), "initiative": dict(d["initiative"]),
                "round": d["round"], "turn": d["turn"], "phase": d["phase"], "winner": d["winner"],
                "budget": {"used": str(Fraction(b.used)), "diagonals": b.diagonals, "dash": b.dash,
                           "disengage": b.disengage},
                "action": d["action"], "bonus": d["bonus"], "actions_this_turn": d["actions_this_turn"],
                "reacted": sorted(d["reacted"]), "effects": [_plain(e) for e in d["effects"]],
                "hidden": dict(d["hidden"]), "rng": d["rng"].to_json(),
                "vorrat": {n: dict(v) for n, v in d["vorrat"].items()},
                "verbraucht": [list(e) for e in sorted(d["verbraucht"])]}
        spec = _plain_spec(self.encounter.spec)
        return {"system": "dnd5e", "version": 1, "encounter": spec,
                "rulings": self.rulings.to_json(), "seed": self.seed, "data": data,
                "origin": self.origin or {"encounter": spec, "seed": self.seed},
                "log": [e.to_json() for e in self.log], "history": [a.to_json() for a in self.history]}

    @classmethod
    def from_json(cls, saved: Mapping[str, Any] | str, *, source: str = "save") -> "EncounterState":
        """A saved encounter (``to_json()`` data or its text), checked: the encounter rebuilt from its
        description, positions and conditions placed on its map (the map's checks: inside, on the grid,
        no shared space), hit points within 0..maximum, the order a permutation of the creatures;
        InputError naming the field otherwise."""
        return _load(cls, saved, source)


def _copy(d: dict) -> dict:
    out = dict(d)
    out["hp"] = dict(d["hp"])
    out["order"] = list(d["order"])
    out["reacted"] = set(d["reacted"])
    out["effects"] = list(d["effects"])
    out["hidden"] = dict(d["hidden"])
    out["rng"] = d["rng"].copy()
    out["vorrat"] = {n: dict(v) for n, v in d["vorrat"].items()}
    out["verbraucht"] = set(d["verbraucht"])
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


def _plain_spec(spec: Any) -> Any:
    if isinstance(spec, Mapping):
        return {k: _plain_spec(v) for k, v in spec.items()}
    if isinstance(spec, (list, tuple)):
        return [_plain_spec(v) for v in spec]
    return spec


def new_encounter(encounter: str | Mapping[str, Any] = "duell", *, seed: int = 0,
                  rulings: Rulings | Mapping[str, Any] | None = None) -> EncounterState:
    """A new encounter: a shipped one by name (:data:`~explorer.dnd5e.encounter.ENCOUNTERS`) or a
    description; initiative rolled from ``seed`` (SRD 5.1 Initiative); the first creature's turn."""
    if isinstance(encounter, str):
        if encounter not in ENCOUNTERS:
            raise InputError("encounter", "name", "one of " + ", ".join(ENCOUNTERS), encounter)
        spec = dict(ENCOUNTERS[encounter])
    else:
        spec = dict(encounter)
    if rulings is not None:
        spec["rulings"] = dict(rulings.overrides if isinstance(rulings, Rulings) else rulings)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError("encounter", "seed", "a whole number", seed)
    built = _built(spec)
    rng = SeededRng(seed)
    order, totals = roll_initiative(built, rng)
    data = {"map": built.battle_map, "hp": {n: p.creature.hit_points for n, p in built.profiles.items()},
            "order": order, "initiative": totals, "round": 1, "turn": 0, "phase": "zug", "winner": None,
            "budget": Budget(), "action": None, "bonus": False, "actions_this_turn": 0, "reacted": set(),
            "effects": [], "hidden": {}, "rng": rng, "vorrat": _supplies(built), "verbraucht": set()}
    state = EncounterState(built, data, seed)
    state.emit("initiative", "Initiative (W20 + Geschicklichkeitsmodifikator): " + ", ".join(
        f"{n} {totals[n]}" for n in order), refs.SRD_INITIATIVE)
    state.emit("zug", f"Runde 1: {state.acting} ist am Zug", refs.SRD_YOUR_TURN, player=state.current_player)
    return state


def _built(spec: dict) -> Encounter:
    """``build(spec)``, remembered per description: the maps, creatures and profiles an encounter is
    built of are immutable, so every study's encounters of one description start from the same map (and
    the geometry remembered for it); each gets its own ``spec`` and profiles mapping.  Only plain
    descriptions (texts, numbers, lists, mappings) are remembered, by their exact types and values."""
    key = _plain_key(spec)
    if key is None:
        return build(spec)
    found = _BUILT.get(key)
    if found is None:
        found = build(spec)
        if len(_BUILT) > 64:
            _BUILT.clear()
        _BUILT[key] = found
    return replace(found, spec=spec, profiles=dict(found.profiles))


_BUILT: dict = {}
_PLAIN = (str, int, float, bool, type(None))


def _plain_key(value: Any, depth: int = 0):
    """A key telling plain values apart by type and value (None when ``value`` holds anything else)."""
    if type(value) in _PLAIN:
        return (type(value).__name__, repr(value) if type(value) is float else value)  # -0.0 is not 0.0
    if depth > 20:
        return None
    if type(value) in (list, tuple):
        items = tuple(_plain_key(v, depth + 1) for v in value)
        return None if None in items else (type(value).__name__, items)
    if type(value) is dict:
        items = tuple((_plain_key(k, depth + 1), _plain_key(v, depth + 1)) for k, v in value.items())
        return None if any(None in kv for kv in items) else ("dict", items)
    return None


def _supplies(built: Encounter) -> dict[str, dict[str, int]]:
    """Every creature's objects and magic items as its profile gives them (full)."""
    return {n: dict(p.gegenstaende) for n, p in built.profiles.items() if p.gegenstaende}


def _load(cls, saved, source: str) -> EncounterState:
    import json

    if isinstance(saved, str):
        if len(saved) > 20_000_000:
            raise InputError(source, "", "a save of at most 20 MB", len(saved))
        try:
            saved = json.loads(saved)
        except ValueError as error:
            raise InputError(source, "", "JSON text", str(error)) from None
    if not isinstance(saved, Mapping) or saved.get("system") != "dnd5e":
        raise InputError(source, "system", "'dnd5e'", saved.get("system") if isinstance(saved, Mapping) else saved)
    seed = saved.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(source, "seed", "a whole number", seed)
    rulings_data = saved.get("rulings") or {}
    try:
        rulings = Rulings(rulings_data)
    except (ValueError, TypeError) as error:
        raise InputError(source, "rulings", "switched rulings {id: value}", str(error)) from None
    spec = saved.get("encounter")
    built = build(spec, rulings)
    d = saved.get("data")
    if not isinstance(d, Mapping):
        raise InputError(source, "data", "the state's data", d)
    try:
        names = set(built.profiles)
        tokens = d["tokens"]
        if not isinstance(tokens, list) or sorted(t.get("name") for t in tokens) != sorted(names):
            raise InputError(source, "data.tokens", "one entry per creature of the encounter", tokens)
        m = built.battle_map
        placed = []
        for t in tokens:
            token = m.token(t["name"])
            placed.append(replace(token, position=tuple(_exact(v, "data.tokens.position", source)
                                                        for v in t["position"]),
                                  conditions=frozenset(t["conditions"])))
        battle_map = BattleMap(m.width, m.height, m.walls, m.areas, tuple(placed), m.rulings)
        hp = {str(k): v for k, v in d["hp"].items()}
        if set(hp) != names or any(isinstance(v, bool) or not isinstance(v, int)
                                   or not 0 <= v <= built.profiles[k].creature.hit_points for k, v in hp.items()):
            raise InputError(source, "data.hp", "hit points from 0 to the maximum for each creature", d["hp"])
        order = list(d["order"])
        if sorted(order) != sorted(names):
            raise InputError(source, "data.order", "the creatures in initiative order", order)
        turn, rnd = d["turn"], d["round"]
        if not (isinstance(turn, int) and 0 <= turn < len(order) and isinstance(rnd, int) and rnd >= 1):
            raise InputError(source, "data.turn", "a turn index and a round from 1", (turn, rnd))
        if d["phase"] not in ("zug", "ende") or (d["winner"] is not None and d["winner"] not in built.sides):
            raise InputError(source, "data.phase", "zug or ende, the winner a side or null", d["phase"])
        b = d["budget"]
        budget = Budget(_exact(b["used"], "data.budget.used", source), int(b["diagonals"]), bool(b["dash"]),
                        bool(b["disengage"]))
        action = d["action"]
        if action is not None and action not in A.USING_THE_ACTION:
            raise InputError(source, "data.action", "null or an action's kind", action)
        effects = [_tuple(e) for e in d["effects"]]
        for e in effects:
            if not (isinstance(e, tuple) and len(e) == 3 and e[0] in EFFECT_KINDS and e[1] in names):
                raise InputError(source, "data.effects", "effects (kind, owner, subject)", e)
        hidden = {str(k): int(v) for k, v in d["hidden"].items()}
        if not set(hidden) <= names:
            raise InputError(source, "data.hidden", "creatures of the encounter", sorted(hidden))
        reacted = set(d["reacted"])
        if not reacted <= names:
            raise InputError(source, "data.reacted", "creatures of the encounter", sorted(reacted))
        rng = SeededRng.from_json(d["rng"])
        supplies = _supplies(built)  # a save from before the items: full
        for n, items in (d.get("vorrat") or {}).items():
            carried = dict(built.profiles[n].gegenstaende) if n in names else {}
            if not isinstance(items, Mapping) or any(
                    k not in carried or isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= carried[k]
                    for k, v in items.items()):
                raise InputError(source, "data.vorrat", "for each creature its items, 0 up to what its profile "
                                 "carries", {n: items})
            supplies[n] = {**carried, **items}
        spent = set()
        for e in d.get("verbraucht") or []:
            if not (isinstance(e, list) and len(e) == 2 and e[0] in names
                    and e[1] in built.profiles[e[0]].faehigkeiten):
                raise InputError(source, "data.verbraucht", "[creature, one of its special abilities]", e)
            spent.add((e[0], e[1]))
        data = {"map": battle_map, "hp": hp, "order": order, "initiative": {str(k): int(v) for k, v in
                                                                               d["initiative"].items()},
                "round": rnd, "turn": turn, "phase": d["phase"], "winner": d["winner"], "budget": budget,
                "action": action, "bonus": bool(d["bonus"]), "actions_this_turn": int(d["actions_this_turn"]),
                "reacted": reacted, "effects": effects, "hidden": hidden, "rng": rng, "vorrat": supplies,
                "verbraucht": spent}
    except InputError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError) as error:
        raise InputError(source, "data", "the state's data as to_json() writes it", repr(error)[:200]) from None
    state = cls(built, data, seed)
    origin = saved.get("origin")
    if isinstance(origin, Mapping) and "position" in origin:
        if not isinstance(origin["position"], Mapping) or isinstance(origin.get("seed"), bool) \
                or not isinstance(origin.get("seed"), int):
            raise InputError(source, "origin", "the position the game started from and its seed", origin)
        state.origin = {"position": origin["position"], "seed": origin["seed"]}
    from explorer.core.game import Event
    state.log = [replace(e, rule=refs.Regel.of(e.rule)) for e in map(Event.from_json, saved.get("log", []))]
    state.history = [A.ACTIONS.from_json(a, source=f"{source}, history[{i}]")
                     for i, a in enumerate(saved.get("history", []))]
    return state


EFFECT_KINDS = ("ausweichen", "helfen-angriff", "helfen-wurf", "vorbereitet")
EFFECT_ACTIONS = {"ausweichen": "ausweichen", "helfen-angriff": "helfen", "helfen-wurf": "helfen",
                  "vorbereitet": "vorbereiten"}
"""The action that set each lasting effect: its German name (:data:`actions.KIND_WORDS`) says in the log what ends."""

# =============================================================================================
# The referee: what each action requires (verify), what it does (perform), what to try (candidates)
# =============================================================================================
_KNOWN = tuple(A.ACTIONS.classes.values())


def _foes(state: EncounterState, name: str) -> list[str]:
    me = state.token(name)
    return [t.name for t in state.battle_map.tokens if t.hostile_to(me) and state.in_fight(t.name)]


def _allies(state: EncounterState, name: str) -> list[str]:
    me = state.token(name)
    return [t.name for t in state.battle_map.tokens
            if t.name != name and not t.hostile_to(me) and state.in_fight(t.name)]


def _placed(m: BattleMap, name: str, at, conditions) -> BattleMap:
    """``m`` with creature ``name`` at ``at`` (a position the movement rules accepted: inside the map,
    on the grid, no shared space) and ``conditions``, without checking the whole map again."""
    token = m.token(name)
    changed = _shallow(token)
    object.__setattr__(changed, "position", point(at, "position"))  # exact metres (a float by its decimal text)
    object.__setattr__(changed, "conditions", frozenset(conditions))
    twin = _shallow(m)
    object.__setattr__(twin, "tokens", tuple(changed if t.name == name else t for t in m.tokens))
    return twin


def _shallow(thing):
    """``copy.copy(thing)`` of a frozen dataclass instance with a ``__dict__`` (a Token, a BattleMap):
    a new instance holding the same attributes (what copy.copy does, without its protocol's detour)."""
    twin = object.__new__(type(thing))
    twin.__dict__.update(thing.__dict__)
    return twin


def _movement(state: EncounterState, action) -> Movement:
    """The Movement of a Bewegen or Aufstehen now, remembered with the map (immutable: a new one after
    every change of positions or conditions), the acting creature and its budget it was computed for,
    so that the check and the apply of one move compute it once; a refusal is remembered too (the
    same RuleViolation again, for a candidate tried again before anything changed)."""
    d = state._data
    name, m, budget = state.acting, d["map"], d["budget"]
    found = state._moves.get(action)
    if found is not None and found[0] is m and found[1] == name and found[2] == budget:
        if isinstance(found[3], RuleRef):
            raise RuleViolation(found[4], found[3])
        return found[3]
    if len(state._moves) > 64:
        state._moves.clear()
    try:
        if isinstance(action, A.Aufstehen):
            movement = move(m, name, [], stand_up=True, budget=budget)
        else:
            movement = move(m, name, [tuple(p) for p in action.pfad], mode=action.modus, jumps=action.spruenge,
                            budget=budget)
    except RuleViolation as why:
        state._moves[action] = (m, name, budget, why.rule, why.reason)
        raise
    state._moves[action] = (m, name, budget, movement)
    return movement


def _target(state: EncounterState, name: str, ziel: str, rule: RuleRef) -> None:
    if ziel not in state.profiles:
        raise RuleViolation(f"{name} kann {ziel!r} nicht wählen: keine Kreatur dieser Begegnung "
                            f"({', '.join(state.profiles)})", rule)
    if ziel == name:
        raise RuleViolation(f"{name} kann sich nicht selbst wählen", rule)
    if state.hp(ziel) == 0:
        raise RuleViolation(f"{ziel} hat 0 Trefferpunkte und ist aus dem Kampf (Regelentscheidung dnd5e.zero-hp)",
                            refs.SRD_DROPPING_TO_0)


def _cover(deckung: str) -> None:
    if deckung not in A.COVER_CHOICES:
        raise RuleViolation(f"Deckung {deckung!r} gibt es nicht: keine, halb, dreiviertel oder voll", refs.SRD_COVER)
    if deckung == "voll":
        raise RuleViolation("Volle Deckung: das Ziel kann nicht direkt angegriffen werden (a target with total "
                            "cover can't be targeted directly by an attack)", refs.SRD_COVER)


def _weapon_use(state: EncounterState, name: str, waffe: str, ziel: str, attacker_at=None, target_at=None):
    """How ``name`` attacks ``ziel`` with ``waffe``: (the stat block's attack, 'nahkampf' / 'fernkampf' /
    'geworfen', the distance); RuleViolation if the target is out of reach or range."""
    profile = state.profiles[name]
    attack = profile.attack(waffe)
    if attack is None:
        raise RuleViolation(f"{name} hat keine Waffe {waffe!r} (Waffen: "
                            f"{', '.join(a.waffe for a in profile.angriffe)})", refs.ANGRIFF)
    m = state.battle_map
    a, t = m.token(name), m.token(ziel)
    distance = gap_between(m, a, attacker_at or a.position, t, target_at or t.position)
    weapon = attack.weapon
    reach = max(a.creature.reach, _fraction(weapon.reach_m or 0))  # a Reichweite weapon: 3 m (refs.SRD_REACH)
    if weapon.nahkampf and distance <= reach:
        return attack, "nahkampf", distance
    if weapon.range_m is None:
        raise RuleViolation(f"{ziel} ist {_m(distance)} entfernt, außerhalb der Reichweite von {waffe} "
                            f"({_m(reach)}): Ziel innerhalb der Reichweite deines Angriffs wählen", refs.ANGRIFFSSTRUKTUR)
    normal, long = (_fraction(v) for v in weapon.range_m)
    if distance > long:
        raise RuleViolation(f"{ziel} ist {_m(distance)} entfernt, weiter als die große Reichweite von {waffe} "
                            f"({_m(long)}): kein Angriff möglich", refs.SRD_RANGED_ATTACKS)
    return attack, ("geworfen" if weapon.nahkampf else "fernkampf"), distance


def verify(state: EncounterState, action: Action) -> None:
    """RuleViolation naming the rule if ``action`` may not be taken now by the acting creature."""
    if not isinstance(action, _KNOWN):
        raise RuleViolation(f"{action} ist keine Aktion dieser Begegnung", refs.AKTIONEN_IM_KAMPF)
    name = state.acting
    if isinstance(action, (A.Bewegen, A.Aufstehen)):
        _movement(state, action)
        return
    if isinstance(action, A.ZugBeenden):
        return
    if state.action_used is not None:
        used = A.KIND_WORDS.get(state.action_used, state.action_used)
        raise RuleViolation(f"{name} hat in diesem Zug schon eine Aktion ausgeführt ({used}): "
                            f"in deinem Zug kannst du eine der hier beschriebenen Aktionen ausführen",
                            refs.AKTIONEN_IM_KAMPF)
    if isinstance(action, A.Angriff):
        _target(state, name, action.ziel, refs.ANGRIFFSSTRUKTUR)
        _cover(action.deckung)
        _weapon_use(state, name, action.waffe, action.ziel)
    elif isinstance(action, A.ZauberWirken):
        bonus = state.profiles[name].spell_bonus(action.zauber)
        if bonus is None or action.zauber not in SPELLS:
            raise RuleViolation(f"{name} kann den Zauber „{action.zauber}“ nicht wirken", refs.ZAUBER_WIRKEN)
        _target(state, name, action.ziel, refs.ANGRIFFSSTRUKTUR)
        _cover(action.deckung)
        distance = state.distance(name, action.ziel)
        if distance > SPELLS[action.zauber].reichweite:
            raise RuleViolation(f"{action.ziel} ist {_m(distance)} entfernt, außerhalb der Reichweite von "
                                f"{action.zauber} ({_m(SPELLS[action.zauber].reichweite)})", refs.SRD_FIRE_BOLT)
    elif isinstance(action, A.Helfen):
        _target(state, name, action.ziel, refs.HELFEN)
        if state.token(action.ziel).hostile_to(state.token(name)):
            distance = state.distance(name, action.ziel)
            if distance > CLOSE:
                raise RuleViolation(f"{action.ziel} ist {_m(distance)} entfernt: ablenken kannst du nur eine "
                                    f"Kreatur innerhalb eines Radius von 1,5 Metern von dir", refs.HELFEN)
    elif isinstance(action, A.Vorbereiten):
        if action.ausloeser not in A.READY_TRIGGERS:
            raise RuleViolation(f"Auslöser {action.ausloeser!r}: ein wahrnehmbarer Umstand aus "
                                f"{', '.join(A.READY_TRIGGERS)} (Regelentscheidung dnd5e.ready-trigger)",
                                refs.VORBEREITEN)
        if action.reaktion not in A.READY_REACTIONS:
            raise RuleViolation(f"Reaktion {action.reaktion!r}: eine Aktion (angriff) oder eine Bewegung (bewegen)",
                                refs.VORBEREITEN)
        if action.reaktion != "zauber" and action.zauber:
            raise RuleViolation("nur ein vorbereiteter Zauber nennt einen Zauber", refs.VORBEREITEN)
        if action.reaktion == "angriff":
            if state.profiles[name].attack(action.waffe) is None:
                raise RuleViolation(f"{name} hat keine Waffe {action.waffe!r}", refs.VORBEREITEN)
            if action.pfad:
                raise RuleViolation("ein vorbereiteter Angriff hat keinen Pfad", refs.VORBEREITEN)
        elif action.reaktion == "zauber":
            if state.profiles[name].spell_bonus(action.zauber) is None or action.zauber not in SPELLS:
                raise RuleViolation(f"{name} kann den Zauber „{action.zauber}“ nicht vorbereiten: nur Zauber mit einem "
                                    f"Zeitaufwand von einer Aktion, die {name} wirken kann", refs.VORBEREITEN)
            if action.pfad or action.waffe:
                raise RuleViolation("ein vorbereiteter Zauber hat keinen Pfad und keine Waffe", refs.VORBEREITEN)
        else:
            if not action.pfad or action.waffe:
                raise RuleViolation("eine vorbereitete Bewegung braucht einen Pfad (und keine Waffe)", refs.VORBEREITEN)
            token = state.token(name)
            for i, p in enumerate(action.pfad):
                state.battle_map.check_position(token, p, f"pfad[{i}]")
    elif isinstance(action, (A.GegenstandVerwenden, A.MagischenGegenstandVerwenden)):
        _item_use(state, name, action)
    elif isinstance(action, A.SpezialfaehigkeitVerwenden):
        _ability_use(state, name, action)


def _item_use(state: EncounterState, name: str, action) -> Gegenstand:
    """The item ``action`` uses, checked (rulings dnd5e.potion-object, dnd5e.wand-one-target)."""
    rule = refs.GEGENSTAND_VERWENDEN if action.kind == "gegenstand-verwenden" else refs.MAGISCHEN_GEGENSTAND_VERWENDEN
    left = state._data["vorrat"].get(name, {})
    item = ITEMS.get(action.gegenstand)
    if item is None or action.gegenstand not in left:
        carried = ", ".join(left) or "keine"
        raise RuleViolation(f"{name} hat keinen Gegenstand {action.gegenstand!r} (Gegenstände: {carried}; "
                            f"Regelentscheidung dnd5e.potion-object)", rule)
    if item.aktion != action.kind:
        raise RuleViolation(f"{item.name} wird mit der Aktion {A.KIND_WORDS[item.aktion]} verwendet, nicht mit "
                            f"{A.KIND_WORDS[action.kind]}", refs.Regel.of(item.rule))
    if left[action.gegenstand] == 0:
        what = "hat keine Ladung mehr" if item.ladungen else "ist verbraucht"
        raise RuleViolation(f"{item.name} von {name} {what}", refs.Regel.of(item.rule))
    if item.wirkung == "heilen":
        if action.ziel and action.ziel != name:
            _target(state, name, action.ziel, rule)
            if state.token(action.ziel).hostile_to(state.token(name)):
                raise RuleViolation(f"{name} kann {item.name} nur sich selbst oder einem Verbündeten geben, nicht "
                                    f"{action.ziel} (Regelentscheidung dnd5e.potion-object)", rule)
            distance = state.distance(name, action.ziel)
            if distance > item.reichweite:
                raise RuleViolation(f"{action.ziel} ist {_m(distance)} entfernt: einen Trank geben kann {name} nur "
                                    f"einer Kreatur innerhalb von {_m(item.reichweite)}", refs.SRD_POTION_OF_HEALING)
        return item
    if not action.ziel:
        raise RuleViolation(f"{item.name}: welches Ziel?", refs.SRD_MAGIC_MISSILE)
    _target(state, name, action.ziel, rule)
    if action.ziel in state._data["hidden"]:
        raise RuleViolation(f"{name} sieht {action.ziel} nicht (versteckt): die Geschosse treffen eine Kreatur, die "
                            f"du sehen kannst", refs.SRD_MAGIC_MISSILE)
    distance = state.distance(name, action.ziel)
    if distance > item.reichweite:
        raise RuleViolation(f"{action.ziel} ist {_m(distance)} entfernt, außerhalb der Reichweite von {item.name} "
                            f"({_m(item.reichweite)})", refs.SRD_MAGIC_MISSILE)
    return item


def _ability_use(state: EncounterState, name: str, action: A.SpezialfaehigkeitVerwenden) -> Spezialfaehigkeit:
    ability = ABILITIES.get(action.faehigkeit)
    if ability is None or action.faehigkeit not in state.profiles[name].faehigkeiten:
        known = ", ".join(state.profiles[name].faehigkeiten) or "keine"
        raise RuleViolation(f"{name} hat keine Spezialfähigkeit {action.faehigkeit!r} (Spezialfähigkeiten: {known})",
                            refs.SPEZIALFAEHIGKEIT_VERWENDEN)
    if (name, ability.name) in state._data["verbraucht"]:
        raise RuleViolation(f"{ability.name} von {name} ist verbraucht und noch nicht wieder aufgeladen (Aufladung "
                            f"{ability.aufladung}-6 zu Beginn jedes Zuges)", refs.SRD_RECHARGE)
    if not action.ziel:
        raise RuleViolation(f"{ability.name}: auf welche Kreatur gerichtet?", refs.SPEZIALFAEHIGKEIT_VERWENDEN)
    _target(state, name, action.ziel, refs.SPEZIALFAEHIGKEIT_VERWENDEN)
    return ability


# --- performing ------------------------------------------------------------------------------
def perform(state: EncounterState, action: Action) -> None:
    name = state.acting
    d = state._data
    if action.kind in A.USING_THE_ACTION:
        d["action"] = action.kind
        d["actions_this_turn"] += 1
    if isinstance(action, A.ZugBeenden):
        state.emit("zug-ende", f"{name} beendet den Zug", refs.SRD_YOUR_TURN, player=state.current_player)
        _next_turn(state)
        return
    if isinstance(action, A.Aufstehen):
        mv = _movement(state, action)
        d["map"] = _placed(d["map"], name, mv.end, set(state.token(name).conditions) - {"liegend"})
        d["budget"] = mv.budget
        state.emit("aufstehen", f"{name} steht auf: {_m(mv.stand_up_cost)} Bewegung (die halbe Bewegungsrate), "
                   f"übrig {_m(state.movement_left())}", refs.SRD_PRONE, player=state.current_player)
    elif isinstance(action, A.Bewegen):
        _move(state, name, _movement(state, action), readied=True)
    elif isinstance(action, A.Angriff):
        _attack(state, name, action.ziel, waffe=action.waffe, deckung=action.deckung)
    elif isinstance(action, A.ZauberWirken):
        state.emit("zauber", f"{name} wirkt {action.zauber} (Zeitaufwand: eine Aktion)", refs.ZAUBER_WIRKEN,
                   player=state.current_player)
        _attack(state, name, action.ziel, zauber=action.zauber, deckung=action.deckung)
    elif isinstance(action, A.Spurt):
        d["budget"] = replace(d["budget"], dash=True)
        state.emit("spurt", f"{name} spurtet: Bewegungsrate {_m(speed_of(state.token(name)))} → insgesamt "
                   f"{_m(allowance(state.token(name), dash=True))} in diesem Zug, übrig {_m(state.movement_left())}",
                   refs.SPURT, player=state.current_player)
    elif isinstance(action, A.Rueckzug):
        d["budget"] = replace(d["budget"], disengage=True)
        state.emit("rueckzug", f"{name} zieht sich zurück: die Bewegung in diesem Zug löst keine "
                   f"Gelegenheitsangriffe aus", refs.RUECKZUG, player=state.current_player)
    elif isinstance(action, A.Ausweichen):
        d["effects"].append(("ausweichen", name, name))
        state.emit("ausweichen", f"{name} weicht aus: bis zum Beginn des nächsten Zuges ist jeder Angriffswurf gegen "
                   f"{name} im Nachteil, sofern {name} den Angreifer sehen kann", refs.AUSWEICHEN,
                   player=state.current_player)
    elif isinstance(action, A.Helfen):
        foe = state.token(action.ziel).hostile_to(state.token(name))
        d["effects"].append(("helfen-angriff" if foe else "helfen-wurf", name, action.ziel))
        text = (f"{name} lenkt {action.ziel} ab: der nächste Angriffswurf eines Verbündeten gegen {action.ziel} vor "
                f"{name}s nächstem Zug ist im Vorteil" if foe else
                f"{name} hilft {action.ziel}: der nächste Attributswurf vor {name}s nächstem Zug ist im Vorteil")
        state.emit("helfen", text, refs.HELFEN, player=state.current_player)
    elif isinstance(action, A.Verstecken):
        _hide(state, name)
    elif isinstance(action, A.Suchen):
        _search(state, name)
    elif isinstance(action, A.Vorbereiten):
        held = action.zauber if action.reaktion == "zauber" else action.waffe  # a spell in the weapon's slot
        d["effects"].append(("vorbereitet", name, (action.ausloeser, action.reaktion, held,
                                                   tuple(tuple(p) for p in action.pfad))))
        what = {"angriff": f"Angriff mit {action.waffe}", "bewegen": "Bewegung",
                "zauber": f"{action.zauber} (gewirkt, mit Konzentration gehalten)"}[action.reaktion]
        state.emit("vorbereiten", f"{name} bereitet vor: wenn ein Feind in die Reichweite kommt, {what} "
                   f"(Reaktion, bis zum Beginn des nächsten Zuges)", refs.VORBEREITEN, player=state.current_player)
    elif isinstance(action, (A.GegenstandVerwenden, A.MagischenGegenstandVerwenden)):
        _use_item(state, name, action)
    elif isinstance(action, A.SpezialfaehigkeitVerwenden):
        _breathe(state, name, action)
    if not state.is_terminal() and not state.in_fight(state.acting):
        _next_turn(state)


def _use_item(state: EncounterState, name: str, action) -> None:
    """Gegenstand verwenden / Magischen Gegenstand verwenden with a carried item: one used up (or one
    charge spent), then its effect (rulings dnd5e.potion-object, dnd5e.wand-one-target)."""
    d = state._data
    item = ITEMS[action.gegenstand]
    d["vorrat"][name][item.name] -= 1
    left = d["vorrat"][name][item.name]
    side = state.current_player
    if item.wirkung == "heilen":
        ziel = action.ziel or name
        amount, rolls = _roll_damage(state, item.wuerfel)
        before = d["hp"][ziel]
        d["hp"][ziel] = min(state.max_hp(ziel), before + amount)
        who = "trinkt" if ziel == name else f"gibt {ziel}"
        state.emit("gegenstand", f"{name} {who} einen {item.name} (Aktion Gegenstand verwenden; noch {left}; "
                   f"Regelentscheidung dnd5e.potion-object)", refs.GEGENSTAND_VERWENDEN, player=side, target=ziel)
        state.emit("heilung", f"{item.name}: {item.wuerfel} (Würfe {rolls} {_signed(item.wuerfel.modifier)}) = "
                   f"{amount} Trefferpunkte, {ziel} {before} → {d['hp'][ziel]} TP (höchstens {state.max_hp(ziel)})",
                   refs.SRD_POTION_OF_HEALING, player=side, target=ziel, healed=d["hp"][ziel] - before)
        return
    ziel = action.ziel
    state.emit("magischer-gegenstand", f"{name} verwendet den {item.name} (Aktion Magischen Gegenstand verwenden)",
               refs.MAGISCHEN_GEGENSTAND_VERWENDEN, player=side, target=ziel)
    state.emit("ladung", f"{item.name}: 1 Ladung, noch {left} von {item.ladungen}: der Zauber Magisches Geschoss, "
               f"drei Geschosse auf {ziel}, ohne Angriffswurf (Regelentscheidung dnd5e.wand-one-target)",
               refs.SRD_WAND_OF_MAGIC_MISSILES, player=side, target=ziel)
    amount, rolls = _roll_damage(state, item.wuerfel)
    before = d["hp"][ziel]
    d["hp"][ziel] = max(0, before - amount)
    d["hidden"].pop(name, None)  # using the wand gives the user away, as an attack does (SRD 5.1 Hide)
    state.emit("schaden", f"Schaden {item.wuerfel} {item.schadensart} (Würfe {rolls} "
               f"{_signed(item.wuerfel.modifier)}) = {amount}: {ziel} {before} → {d['hp'][ziel]} TP",
               refs.SRD_MAGIC_MISSILE, player=side, target=ziel, damage=amount)
    if d["hp"][ziel] == 0:
        _drop(state, ziel)
    else:
        _concentration(state, ziel, amount)


def _breathe(state: EncounterState, name: str, action: A.SpezialfaehigkeitVerwenden) -> None:
    """The Feueratem: every creature in the cone saves (Vorteil while dodging), the dice rolled once,
    half on a success (ruling dnd5e.cone); the ability spent until it recharges."""
    d = state._data
    ability = ABILITIES[action.faehigkeit]
    d["verbraucht"].add((name, ability.name))
    m = d["map"]
    me = m.token(name)
    others = [t.name for t in m.others(name) if state.in_fight(t.name)]
    hit = caught(m, me, m.token(action.ziel).position, others)
    side = state.current_player
    state.emit("spezialfaehigkeit", f"{name} verwendet {ability.name} (Aktion Spezialfähigkeit verwenden) gegen "
               f"{action.ziel}", refs.SPEZIALFAEHIGKEIT_VERWENDEN, player=side, target=action.ziel)
    state.emit("kegel", f"{ability.name}: ein Kegel von {_m(ability.laenge)} auf {action.ziel} zu, darin "
               f"{', '.join(hit) or 'niemand'}; Rettungswurf auf {ability.rettungswurf} SG {ability.sg}, "
               f"{ability.schaden} {ability.schadensart}, bei Erfolg die Hälfte; verbraucht bis zur Aufladung "
               f"({ability.aufladung}-6) (Regelentscheidung dnd5e.cone)", refs.SRD_HELL_HOUND, player=side,
               target=action.ziel, caught=list(hit))
    if not hit:
        return
    amount, rolls = _roll_damage(state, ability.schaden)
    for ziel in hit:
        bonus = state.profiles[ziel].geschick
        target = d["map"].token(ziel)  # Ausweichen is lost when incapacitated or at speed 0 (AUSWEICHEN)
        dodging = (any(e[0] == "ausweichen" and e[1] == ziel for e in d["effects"]) and not target.incapacitated
                   and speed_of(target) > 0)
        first = _d20(state)
        if dodging:
            second = _d20(state)
            natural = max(first, second)
            words = f"W20 {first} und {second}, es zählt {natural} (Vorteil: weicht aus)"
        else:
            natural, words = first, f"W20 {first}"
        saved = natural + bonus >= ability.sg
        damage = amount // 2 if saved else amount
        before = d["hp"][ziel]
        d["hp"][ziel] = max(0, before - damage)
        state.emit("rettungswurf", f"{ziel}: Rettungswurf {words} {_signed(bonus)} = {natural + bonus} gegen SG "
                   f"{ability.sg}: {'gelungen, halber Schaden' if saved else 'misslungen'}; {ability.schaden} "
                   f"{ability.schadensart} (Würfe {rolls}) = {amount} → {damage}: {ziel} {before} → {d['hp'][ziel]} TP",
                   refs.AUSWEICHEN if dodging else refs.SRD_SAVING_THROWS, player=state.token(ziel).side,
                   target=ziel, damage=damage, saved=saved)
        if d["hp"][ziel] == 0:
            _drop(state, ziel)
            if state.is_terminal():
                return
        else:
            _concentration(state, ziel, damage)


def _d20(state: EncounterState) -> int:
    return state._data["rng"].randrange(1, 21)


def _check_roll(state: EncounterState, name: str, modifier: int, what: str) -> tuple[int, str]:
    """A d20 ability check with ``modifier``, with Vorteil if an ally helped (HELFEN): (total, words)."""
    d = state._data
    helped = next((e for e in d["effects"] if e[0] == "helfen-wurf" and e[2] == name), None)
    first = _d20(state)
    if helped is not None:
        d["effects"].remove(helped)
        second = _d20(state)
        natural = max(first, second)
        words = f"W20 {first} und {second}, es zählt {natural} (Vorteil: Hilfe von {helped[1]})"
    else:
        natural, words = first, f"W20 {first}"
    total = natural + modifier
    return total, f"{what}: {words} {_signed(modifier)} = {total}"


def _hide(state: EncounterState, name: str) -> None:
    d = state._data
    total, words = _check_roll(state, name, state.profiles[name].heimlichkeit, "Geschicklichkeit (Heimlichkeit)")
    watchers = _foes(state, name)
    passive = max((state.profiles[f].passive_wahrnehmung for f in watchers), default=0)
    if total >= passive:
        d["hidden"][name] = total
        state.emit("verstecken", f"{name} versteckt sich: {words} gegen passive Wahrnehmung {passive}: versteckt "
                   f"(ungesehen, Regelentscheidung dnd5e.hide-tracked)", refs.VERSTECKEN,
                   player=state.current_player, roll=total, passive=passive, success=True)
    else:
        d["hidden"].pop(name, None)
        state.emit("verstecken", f"{name} versucht sich zu verstecken: {words} gegen passive Wahrnehmung {passive}: "
                   f"entdeckt", refs.VERSTECKEN, player=state.current_player, roll=total, passive=passive, success=False)


def _search(state: EncounterState, name: str) -> None:
    d = state._data
    total, words = _check_roll(state, name, state.profiles[name].wahrnehmung, "Weisheit (Wahrnehmung)")
    found = [f for f in _foes(state, name) if f in d["hidden"] and total >= d["hidden"][f]]
    for f in found:
        del d["hidden"][f]
    state.emit("suchen", f"{name} sucht: {words}; " + (f"gefunden: {', '.join(found)}" if found else
               "niemand gefunden"), refs.SUCHEN, player=state.current_player, roll=total, found=found)


def _roll_damage(state: EncounterState, dice) -> tuple[int, list[int]]:
    rng = state._data["rng"]
    rolls = [rng.randrange(1, sides + 1) for count, sides in dice.terms for _ in range(count)]
    return max(0, sum(rolls) + dice.modifier), rolls


def _attack(state: EncounterState, name: str, ziel: str, *, waffe: str | None = None, zauber: str | None = None,
            deckung: str = "keine", target_at=None, kind: str = "Angriff") -> bool:
    """Resolve one attack (ANGRIFFSSTRUKTUR): modifiers, the roll, damage.  True if it hit."""
    d = state._data
    m = d["map"]
    attacker, target = m.token(name), m.token(ziel)
    profile = state.profiles[name]
    target_at = target_at or target.position
    distance = gap_between(m, attacker, attacker.position, target, target_at)
    pros: list[tuple[str, RuleRef]] = []
    cons: list[tuple[str, RuleRef]] = []
    if zauber is not None:
        spell = SPELLS[zauber]
        bonus, damage, ranged, what = profile.spell_bonus(zauber), spell.schaden, True, zauber
        bonus_source = f"Zauberangriffsbonus {zauber}"
    else:
        attack, use, distance = _weapon_use(state, name, waffe, ziel, target_at=target_at)
        bonus, damage, ranged, what = attack.bonus, attack.damage, use != "nahkampf", waffe
        bonus_source = f"Angriffsbonus {waffe}"
        if ranged and distance > _fraction(attack.weapon.range_m[0]):
            cons.append((f"lange Reichweite ({_m(distance)} > {_m(attack.weapon.range_m[0])})", refs.SRD_RANGED_ATTACKS))
    if ranged:
        close = [f for f in _foes(state, name) if gap_between(m, attacker, attacker.position, m.token(f),
                                                       target_at if f == ziel else m.token(f).position) <= CLOSE]
        if close:
            cons.append((f"Fernkampf mit {', '.join(close)} innerhalb von 1,5 m", refs.SRD_RANGED_CLOSE_COMBAT))
    if target.prone:
        if distance <= CLOSE:
            pros.append(("Ziel liegt, Angreifer innerhalb von 1,5 m", refs.SRD_CONDITION_PRONE))
        else:
            cons.append(("Ziel liegt, Angreifer weiter als 1,5 m", refs.SRD_CONDITION_PRONE))
    if attacker.prone:
        cons.append(("Angreifer liegt", refs.SRD_CONDITION_PRONE))
    unseen = name in d["hidden"]
    dodging = any(e[0] == "ausweichen" and e[1] == ziel for e in d["effects"])
    if dodging and not unseen and not target.incapacitated and speed_of(target) > 0:
        cons.append((f"{ziel} weicht aus", refs.AUSWEICHEN))
    helper = next((e for e in d["effects"] if e[0] == "helfen-angriff" and e[2] == ziel and e[1] != name
                   and not m.token(e[1]).hostile_to(attacker)), None)
    if helper is not None:
        d["effects"].remove(helper)
        pros.append((f"Helfen von {helper[1]}", refs.HELFEN))
    if unseen:
        pros.append((f"{name} ist versteckt (ungesehener Angreifer)", refs.SRD_UNSEEN))
    if ziel in d["hidden"]:
        cons.append((f"{ziel} ist versteckt (ungesehenes Ziel)", refs.SRD_UNSEEN))
    mode = wurfmodus([p for p, _ in pros], [c for c, _ in cons])
    first = _d20(state)
    if mode.mode == "normal" and not (pros or cons):
        natural, dice_words = first, f"W20 {first}"
    else:
        second = _d20(state) if mode.mode != "normal" else None
        if second is None:
            natural, dice_words = first, f"W20 {first} ({mode.reason})"
        else:
            natural = max(first, second) if mode.mode == "vorteil" else min(first, second)
            dice_words = f"W20 {first} und {second}, es zählt {natural} ({mode.reason})"
    base_ac = target.creature.armour_class
    cover = COVER_AC_BONUS[deckung]
    ac = base_ac + cover
    total = natural + bonus
    ac_words = f"RK {base_ac}" + (f" + {cover} ({deckung} Deckung) = {ac}" if cover else "")
    if natural == 1:
        outcome, rule = "Fehlschlag (natürliche 1)", refs.SRD_ROLLING_1_OR_20
    elif natural == 20:
        outcome, rule = "kritischer Treffer (natürliche 20)", refs.SRD_ROLLING_1_OR_20
    elif total >= ac:
        outcome, rule = f"Treffer ({total} ≥ {ac})", refs.ANGRIFFSWUERFE
    else:
        outcome, rule = f"Fehlschlag ({total} < {ac})", refs.ANGRIFFSWUERFE
    hit = natural == 20 or (natural != 1 and total >= ac)
    state.emit("angriff", f"{kind}: {name} greift {ziel} mit {what} an ({_m(distance)}"
               f"{', Fernkampf' if ranged else ', Nahkampf'}): {dice_words} {_signed(bonus)} ({bonus_source}) = "
               f"{total} gegen {ac_words}: {outcome}", rule,
               player=state.token(name).side, attacker=name, target=ziel, natural=natural, bonus=bonus, total=total,
               ac=ac, cover=deckung, mode=mode.mode, hit=hit,
               sources="; ".join(f"{text} ({r})" for text, r in pros + cons))  # the mode's rules, not in the text
    d["hidden"].pop(name, None)  # an attack gives the hidden attacker's position away (SRD 5.1 Hide)
    if hit:
        crit = natural == 20
        dice = damage.critical() if crit else damage
        amount, rolls = _roll_damage(state, dice)
        before = d["hp"][ziel]
        d["hp"][ziel] = max(0, before - amount)
        rolled = ", ".join(str(r) for r in rolls) + (f" {_signed(dice.modifier)}" if dice.modifier else "")
        state.emit("schaden", f"Schaden {dice} ({'kritisch: Schadenswürfel doppelt; ' if crit else ''}Würfe "
                   f"{rolled}) = {amount}: {ziel} {before} → {d['hp'][ziel]} TP", refs.SRD_CRITICAL_HITS if crit else refs.SRD_DAMAGE_ROLLS,
                   player=state.token(name).side, target=ziel, damage=amount)
        if d["hp"][ziel] == 0:
            _drop(state, ziel)
        else:
            _concentration(state, ziel, amount)
    return hit


def _concentration(state: EncounterState, name: str, damage: int) -> None:
    """``name`` took ``damage`` while holding a readied spell: a Constitution save of DC 10 or half the
    damage, whichever is higher; failing it loses the spell (VORBEREITEN; SRD 5.1 Concentration)."""
    d = state._data
    held = next((e for e in d["effects"] if e[0] == "vorbereitet" and e[1] == name and e[2][1] == "zauber"), None)
    if held is None or damage <= 0:
        return
    dc = max(10, damage // 2)
    bonus = state.profiles[name].konstitution
    roll = _d20(state)
    kept = roll + bonus >= dc
    if not kept:
        d["effects"].remove(held)
    state.emit("konzentration", f"{name} hält den vorbereiteten {held[2][2]}: Rettungswurf auf Konstitution W20 {roll} "
               f"{_signed(bonus)} = {roll + bonus} gegen SG {dc} (10 oder der halbe Schaden): "
               f"{'gehalten' if kept else 'unterbrochen, der Zauber verfliegt ohne Wirkung'}", refs.SRD_CONCENTRATION,
               player=state.token(name).side, target=name, kept=kept)


def _drop(state: EncounterState, name: str) -> None:
    d = state._data
    token = d["map"].token(name)
    d["map"] = _placed(d["map"], name, token.position, set(token.conditions) | {"bewusstlos", "liegend"})
    d["hidden"].pop(name, None)
    d["effects"] = [e for e in d["effects"] if e[1] != name]
    state.emit("null-tp", f"{name} fällt auf 0 Trefferpunkte: bewusstlos und liegend, aus dem Kampf "
               f"(Regelentscheidung dnd5e.zero-hp)", refs.SRD_DROPPING_TO_0, player=token.side, target=name)
    sides = state.sides_in_fight()
    beaten = [side for side, names in sides.items() if not names]
    if beaten:
        winner = next(side for side in state.players if side not in beaten) if len(beaten) == 1 else None
        d["phase"], d["winner"] = "ende", winner
        sieger = f"Sieger: {winner}" if winner else "kein Sieger"
        state.emit("ende", f"Die Begegnung ist vorbei: {' und '.join(beaten)} ohne eine Kreatur, die handeln kann; "
                   f"{sieger}", refs.SRD_DROPPING_TO_0, player=winner)


def _move(state: EncounterState, name: str, mv: Movement, *, readied: bool) -> None:
    """Carry out a move: its checks, its opportunity attacks (in path order), then readied reactions."""
    d = state._data
    m = d["map"]
    start = m.token(name)
    side = start.side
    d["budget"] = mv.budget if name == state.acting else d["budget"]
    state.emit("bewegen", mv.summary(), refs.SRD_MOVEMENT_AND_POSITION, player=side, cost=float(mv.cost), mover=name)
    prone_end = mv.prone_at_end
    profile = state.profiles[name]
    for check in mv.checks:
        modifier = start.creature.strength_modifier if check.ability.startswith("Stärke") else profile.geschick
        roll = _d20(state)
        passed = roll + modifier >= check.dc
        state.emit("probe", f"{check}: W20 {roll} {_signed(modifier)} = {roll + modifier}: "
                   f"{'bestanden' if passed else 'misslungen'}", check.rule, player=side, passed=passed)
        if not passed:
            if "liegend" in check.on_failure:
                prone_end = True
            else:
                state.emit("bewegen", f"{name} bleibt am Ausgangspunkt (Regelentscheidung dnd5e.move-checks)",
                           check.rule, player=side)
                return
    # who had the mover within reach before (only a readied reaction asks: ruling dnd5e.ready-trigger)
    before = ({t.name: m.in_reach(t, start, start.position) for t in m.others(name)}
              if readied and any(e[0] == "vorbereitet" for e in d["effects"]) else {})
    stopped = False
    for oa in sorted(mv.opportunity_attacks, key=lambda o: (o.leg, _along(mv, o))):
        reactor = m.token(oa.attacker)
        melee = state.profiles[oa.attacker].melee
        if not state.in_fight(oa.attacker) or oa.attacker in d["reacted"] or melee is None:
            state.emit("gelegenheitsangriff", f"{oa.attacker} könnte einen Gelegenheitsangriff machen, hat aber keine "
                       f"Reaktion (oder Nahkampfwaffe) übrig", refs.SRD_OPPORTUNITY_ATTACKS, player=reactor.side)
            continue
        d["reacted"].add(oa.attacker)
        state.emit("gelegenheitsangriff", f"{name} verlässt die Reichweite von {oa.attacker}: Gelegenheitsangriff "
                   f"(Reaktion, ein Nahkampfangriff, kurz bevor {name} die Reichweite verlässt; Regelentscheidung "
                   f"dnd5e.opportunity-attack-automatic)", refs.SRD_OPPORTUNITY_ATTACKS, player=reactor.side)
        _attack(state, oa.attacker, name, waffe=melee.waffe, target_at=oa.at, kind="Gelegenheitsangriff")
        if d["hp"][name] == 0:
            _stop_at(state, name, oa.at, start.position)
            stopped = True
            break
    if stopped:
        return
    m = d["map"]
    token = m.token(name)
    conditions = set(token.conditions) - {"liegend"}
    if prone_end:
        conditions.add("liegend")
    d["map"] = _placed(m, name, mv.end, conditions)
    if readied and not state.is_terminal():
        _readied(state, name, before)


def _along(mv: Movement, oa) -> float:
    leg = mv.legs[oa.leg]
    return math.dist([float(v) for v in leg.start], [float(v) for v in oa.at])


def _stop_at(state: EncounterState, name: str, at, start) -> None:
    """A mover dropped by an opportunity attack stays where it was hit, if its space is free there."""
    d = state._data
    m = d["map"]
    token = m.token(name)
    x, y = float(at[0]), float(at[1])
    import shapely
    free = not any(shapely.contains_xy(m.overlap_zone(o, token), x, y) for o in m.others(name))
    try:
        m.check_position(token, at)
    except InputError:
        free = False
    where = tuple(_fraction(v) for v in at) if free else start
    d["map"] = _placed(m, name, where, token.conditions)
    state.emit("bewegen", f"{name} bleibt {'dort' if free else 'am Ausgangspunkt'} liegen (Regelentscheidung "
               f"dnd5e.opportunity-attack-automatic)", refs.SRD_OPPORTUNITY_ATTACKS, player=token.side)


def _readied(state: EncounterState, mover: str, before: dict) -> None:
    """Readied reactions set off by ``mover``'s move (ruling ``dnd5e.ready-trigger``)."""
    d = state._data
    for effect in list(d["effects"]):
        if effect[0] != "vorbereitet" or effect not in d["effects"]:
            continue
        owner, (trigger, reaction, waffe, pfad) = effect[1], effect[2]
        m = d["map"]
        me, it = m.token(owner), m.token(mover)
        if (not it.hostile_to(me) or not state.in_fight(owner) or not state.in_fight(mover) or owner in d["reacted"]
                or before.get(owner) or not m.in_reach(me, it, it.position)):
            continue
        d["effects"].remove(effect)
        d["reacted"].add(owner)
        state.emit("vorbereitet", f"{mover} kommt in die Reichweite von {owner}: die vorbereitete Reaktion "
                   f"({reaction}) wird ausgelöst", refs.VORBEREITEN, player=me.side)
        if reaction == "angriff":
            try:
                _weapon_use(state, owner, waffe, mover)
            except RuleViolation as why:
                state.emit("vorbereitet", f"{owner} kann nicht angreifen: {why.reason}", why.rule, player=me.side)
                continue
            _attack(state, owner, mover, waffe=waffe, kind="Vorbereiteter Angriff")
        elif reaction == "zauber":
            distance = state.distance(owner, mover)
            if distance > SPELLS[waffe].reichweite:
                state.emit("vorbereitet", f"{mover} ist außerhalb der Reichweite von {waffe}", refs.VORBEREITEN,
                           player=me.side)
                continue
            state.emit("zauber", f"{owner} setzt den vorbereiteten {waffe} frei (Reaktion)", refs.VORBEREITEN,
                       player=me.side)
            _attack(state, owner, mover, zauber=waffe, kind="Vorbereiteter Zauber")
        else:
            try:
                mv = move(m, owner, [tuple(p) for p in pfad])
            except (RuleViolation, InputError) as why:
                state.emit("vorbereitet", f"{owner} kann sich so nicht bewegen: {why}", refs.VORBEREITEN, player=me.side)
                continue
            _move(state, owner, mv, readied=False)
        if state.is_terminal():
            return


def _next_turn(state: EncounterState) -> None:
    """The next creature in the initiative order still in the fight; a new round after the last."""
    d = state._data
    if d["phase"] == "ende":
        return
    order = d["order"]
    for _ in range(len(order)):
        d["turn"] += 1
        if d["turn"] == len(order):
            d["turn"] = 0
            d["round"] += 1
            limit = int(state.rulings["dnd5e.round-limit"])
            if d["round"] > limit:
                d["round"] = limit
                d["phase"], d["winner"] = "ende", None
                state.emit("ende", f"Nach {limit} Runden endet die Begegnung ohne Sieger (Regelentscheidung "
                           f"dnd5e.round-limit)", refs.AKTIONEN_IM_KAMPF)
                return
            state.emit("runde", f"Runde {d['round']} beginnt", refs.SRD_ROUNDS)
        if state.in_fight(order[d["turn"]]):
            break
    name = order[d["turn"]]
    d["budget"], d["action"], d["bonus"], d["actions_this_turn"] = Budget(), None, False, 0
    d["reacted"].discard(name)
    ended = [e for e in d["effects"] if e[1] == name]
    d["effects"] = [e for e in d["effects"] if e[1] != name]
    for e in ended:
        word = A.KIND_WORDS[EFFECT_ACTIONS[e[0]]]
        state.emit("effekt-ende", f"{word} von {name} endet (Beginn des nächsten Zuges)",
                   {"ausweichen": refs.AUSWEICHEN, "vorbereitet": refs.VORBEREITEN}.get(e[0], refs.HELFEN),
                   player=state.token(name).side)
    state.emit("zug", f"Runde {d['round']}: {name} ist am Zug (Bewegung {_m(speed_of(state.token(name)))}, eine "
               f"Aktion, Reaktion)", refs.SRD_YOUR_TURN, player=state.token(name).side)
    for owner, ability in sorted(d["verbraucht"]):
        if owner == name:
            roll = d["rng"].randrange(1, 7)
            back = roll >= ABILITIES[ability].aufladung
            if back:
                d["verbraucht"].discard((owner, ability))
            state.emit("aufladung", f"Aufladung {ability} ({ABILITIES[ability].aufladung}-6): W6 {roll}: "
                       f"{'wieder verfügbar' if back else 'noch nicht'}", refs.SRD_RECHARGE, player=state.token(name).side)


# --- candidates ------------------------------------------------------------------------------
def action_candidates(state: EncounterState) -> list[Action]:
    """Every candidate that is not a move (see the module docstring)."""
    if state.is_terminal():
        return []
    name = state.acting
    token = state.token(name)
    profile = state.profiles[name]
    simple = not profile.gegenstaende and not profile.faehigkeiten
    if simple:  # then the list is the creature's, its standing, the action left and who is in the fight alone
        free = state.action_used is None
        key = (name, id(profile), token.prone, free, tuple(_foes(state, name)) if free else (),
               tuple(_allies(state, name)) if free else ())
        found = _ACTION_CANDIDATES.get(key)
        if found is not None and found[0] is profile:
            return list(found[1])
    out: list[Action] = [A.ZugBeenden()]
    if token.prone:
        out.append(A.Aufstehen())
    if state.action_used is None:
        foes = _foes(state, name)
        for foe in foes:
            out += [A.Angriff(a.waffe, foe) for a in profile.angriffe]
            out += [A.ZauberWirken(spell, foe) for spell, _ in profile.zauber]
        out += [A.Spurt(), A.Rueckzug(), A.Ausweichen(), A.Verstecken(), A.Suchen()]
        out += [A.Helfen(foe) for foe in foes] + [A.Helfen(ally) for ally in _allies(state, name)]
        if profile.melee is not None:
            out.append(A.Vorbereiten("feind-kommt-in-reichweite", "angriff", profile.melee.waffe))
        out += [A.Vorbereiten("feind-kommt-in-reichweite", "zauber", zauber=spell) for spell, _ in profile.zauber]
        for item_name, left in state._data["vorrat"].get(name, {}).items():
            item = ITEMS[item_name]
            if left == 0:
                continue
            if item.wirkung == "heilen":
                targets = [""] + [a for a in _allies(state, name) if state.distance(name, a) <= item.reichweite]
                out += [A.GegenstandVerwenden(item_name, t) for t in targets]
            else:
                out += [A.MagischenGegenstandVerwenden(item_name, foe) for foe in foes]
        for ability in profile.faehigkeiten:
            if (name, ability) not in state._data["verbraucht"]:
                out += [A.SpezialfaehigkeitVerwenden(ability, foe) for foe in foes]
    if simple:
        if len(_ACTION_CANDIDATES) > 4096:
            _ACTION_CANDIDATES.clear()
        _ACTION_CANDIDATES[key] = (profile, tuple(out))  # holds the profile: its id stays its own
    return out


_ACTION_CANDIDATES: dict = {}
"""The candidates of creatures without items or special abilities, by what they depend on."""


def move_candidates(state: EncounterState, limit: int = 4):
    """Candidate moves, lazily and legal (see the module docstring): toward each other creature,
    nearest first (``limit - 1`` of them), and away from the nearest foe."""
    if state.is_terminal():
        return
    name = state.acting
    m = state.battle_map
    token = m.token(name)
    if state.movement_left() < SQUARE or speed_of(token) == 0:
        return
    others = sorted(m.others(name), key=lambda t: (state.distance(name, t.name), t.name))
    others = [t for t in others if state.hp(t.name) > 0 or t.hostile_to(token)][:limit - 1]
    foes = [t for t in others if t.hostile_to(token)]
    for other in others:
        yield from move_toward(state, other.name)
    if foes:
        yield from move_toward(state, foes[0].name, away=True)


def move_toward(state: EncounterState, other: str, *, away: bool = False):
    """The legal move straight toward ``other`` (or away from it), as far as the movement and the
    map allow, shortened by halves (at most three tries); nothing if none of them is legal."""
    m = state.battle_map
    token = m.token(state.acting)
    budget = state._data["budget"]
    # the answer is the map's, the mover's and the budget's alone (a Bewegen's check is its movement):
    # remembered for them, so a state asked again after an action that moved nothing answers at once
    memo = state._toward
    if memo[0] is not m or memo[1] is not token or memo[2] is not budget:
        memo = state._toward = (m, token, budget, {})
    found = memo[3].get((other, away), _UNKNOWN)
    if found is not _UNKNOWN:
        if found is not None and not state.is_terminal():
            state._accept(found)  # as can() would (it is legal: the same map, mover and budget)
            yield found
        return
    left = state.movement_left()
    if left < SQUARE or speed_of(token) == 0:
        memo[3][(other, away)] = None
        return
    grid = m.grid
    for path in _straight(state, token, m.token(other), not away, left):
        if grid and grid_leg_refused(m, token.name, point(path, "pfad")):
            continue  # refused whatever else (a wall, a foe's space, the end in a space: the walker's own tests)
        action = A.Bewegen((path,))
        if state.can(action):
            memo[3][(other, away)] = action
            yield action
            return
    memo[3][(other, away)] = None


_UNKNOWN = object()


def _straight(state: EncounterState, token, other, toward: bool, left: Fraction):
    """End points along the straight line toward (or away from) ``other``: the farthest one the
    movement and the map allow, then shorter by halves (at most three)."""
    m = state.battle_map
    px, py = token.position
    ox, oy = other.position
    half = m.half_side(token)
    if m.grid:
        q = [_quarters(v) for v in (px, py, ox, oy, half, m.half_side(other), m.width, m.height)]
        if None not in q:  # the same end points counted in whole quarter metres (a square is 6)
            qx, qy, qox, qoy, qh, qo, qw, qt = q
            qdx, qdy = (qox - qx, qoy - qy) if toward else (qx - qox, qy - qoy)
            if qdx == 0 and qdy == 0:
                return
            longest = max(abs(qdx), abs(qdy))
            left = _fraction(left)
            most = (2 * left.numerator) // (3 * left.denominator)  # int(left / SQUARE), left >= 0, in integers
            steps = min(longest // 6 - (qo + qh) // 6 if toward else most, most)
            tries = 0
            while steps > 0 and tries < 3:
                x = qx + _round_whole(qdx * steps, longest) * 6
                y = qy + _round_whole(qdy * steps, longest) * 6
                if qh <= x <= qw - qh and qh <= y <= qt - qh:
                    yield (x / 4, y / 4)
                    tries += 1
                steps //= 2
            return
    dx, dy = (ox - px, oy - py) if toward else (px - ox, py - oy)
    if dx == 0 and dy == 0:
        return
    if m.grid:
        steps = int(max(abs(dx), abs(dy)) / SQUARE)
        if toward:
            steps -= int((m.half_side(other) + half) / SQUARE)
        else:
            steps = int(left / SQUARE)
        steps = min(steps, int(left / SQUARE))
        n = max(abs(dx), abs(dy)) / SQUARE
        tries = 0
        while steps > 0 and tries < 3:
            x = px + _round(dx / SQUARE * steps / n) * SQUARE
            y = py + _round(dy / SQUARE * steps / n) * SQUARE
            if half <= x <= m.width - half and half <= y <= m.height - half:
                yield (float(x), float(y))
                tries += 1
            steps //= 2
    else:
        length = math.hypot(float(dx), float(dy))
        reach = length - float(m.half_side(other) + half) - 0.01 if toward else float(left)
        reach = min(reach, float(left) - 0.01)
        tries = 0
        while reach > 0.3 and tries < 3:
            x = round(float(px) + float(dx) / length * reach, 2)
            y = round(float(py) + float(dy) / length * reach, 2)
            x = min(max(x, float(half)), float(m.width - half))
            y = min(max(y, float(half)), float(m.height - half))
            yield (x, y)
            tries += 1
            reach /= 2


def _round(value) -> int:
    return int(math.floor(abs(value) + Fraction(1, 2))) * (1 if value >= 0 else -1)


def candidates(state: EncounterState):
    """Every candidate: the actions, then the moves (offered once before and once after the action)."""
    yield from action_candidates(state)
    yield from move_candidates(state)
