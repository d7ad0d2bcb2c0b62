"""D&D 5e positions written by hand: an encounter in the middle of a fight, as a JSON object (FEN-like).

``from_position(data, seed=0)`` builds a legal :class:`~explorer.dnd5e.game.EncounterState` from a
position (a dict or its JSON text) or refuses it with :class:`~explorer.core.positions.PositionError`
naming the field and, when a well-formed position breaks a rule (two creatures in one space, a
creature inside a wall, hit points above the maximum), the rule (:mod:`explorer.dnd5e.refs`).
``state.position()`` writes a state back (:func:`position_of`); ``from_position(state.position())``
gives an equal position.  The guide, with a worked example and the errors: ``docs/positions-dnd5e.md``.

The map and the creatures are read by the encounter's own loader (:func:`explorer.dnd5e.encounter.build`:
profiles, sides, names, the map's checks of inside, grid and shared space); this module checks the
rest (hit points, conditions, initiative, round, turn, what the acting creature used, the lasting
effects) and the sizes of everything it reads.  The dice come from ``SeededRng(seed)``.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, Mapping

from explorer.core.inputs import InputError
from explorer.core.positions import PositionError, field, parse
from explorer.core.rng import SeededRng
from explorer.core.rulings import Rulings
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.battlemap import AREA_KINDS, CONDITIONS, MAX_SIDE
from explorer.dnd5e.encounter import ENCOUNTERS, MAX_CREATURES, build

SYSTEM = "dnd5e"
TOP_FIELDS = ("system", "map", "creatures", "order", "round", "turn", "used", "effects", "phase", "winner",
              "rulings", "comment")
MAP_FIELDS = ("width", "height", "walls", "areas")
WALL_FIELDS = ("name", "box")
AREA_FIELDS = ("name", "kind", "box", "height", "rough")
CREATURE_FIELDS = ("name", "profile", "side", "position", "hp", "conditions", "initiative", "reaction", "versteckt",
                   "vorrat", "verbraucht")
USED_FIELDS = ("action", "bonus_action", "movement", "diagonals")
EFFECT_FIELDS = {"ausweichen": ("effect", "owner"), "helfen-angriff": ("effect", "owner", "subject"),
                 "helfen-wurf": ("effect", "owner", "subject"),
                 "vorbereitet": ("effect", "owner", "ausloeser", "reaktion", "waffe", "pfad", "zauber")}
EFFECT_ACTION = {"ausweichen": "ausweichen", "helfen-angriff": "helfen", "helfen-wurf": "helfen",
                 "vorbereitet": "vorbereiten"}
"""The action that makes each lasting effect (AUSWEICHEN, HELFEN, VORBEREITEN)."""
PHASES = ("zug", "ende")
MAX_THINGS = 200
"""At most this many walls, areas, effects or waypoints (a bound of the format)."""
MAX_ROUND = 10_000
MAX_SCORE = 100
"""Initiative and Stealth totals are d20 rolls plus a modifier: -100..100 is far beyond any."""
MAX_DIAGONALS = 10_000
MAX_TEXT = 64
_EXACT = re.compile(r"-?[0-9]{1,40}(/[0-9]{1,40})?")
"""A length as text: a whole number or a fraction "a/b" of at most 40 digits each (as saves write them)."""


def from_position(data: Mapping[str, Any] | str, *, seed: int = 0):
    """The encounter state the position ``data`` (a dict or its JSON text) describes; ``seed`` seeds
    the dice from here on.  Raises :class:`PositionError` (see the module docstring)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise PositionError("seed", f"expected a whole number from 0, got {_short(seed)}")
    try:
        raw = parse(data, SYSTEM)
    except PositionError:
        raise
    except (ValueError, RecursionError) as error:  # an integer of too many digits, nesting too deep
        raise PositionError("", f"not a readable position: {_short(str(error))}") from None
    try:
        return _Reader(raw, seed).build()
    except RecursionError:
        raise PositionError("", "the position is nested too deeply") from None


def position_of(state) -> dict:
    """``state`` as a position (``EncounterState.position()``): every field written out, lengths as
    numbers when a decimal says them exactly (else ``"a/b"``), the map by its encounter's name when
    it is a shipped one."""
    d = state._data
    spec = state.encounter.spec
    profiles = {c["name"]: c["profile"] for c in spec["creatures"]}
    creatures = []
    for token in d["map"].tokens:
        entry = {"name": token.name, "profile": profiles[token.name], "side": token.side,
                 "position": [_length_out(v) for v in token.position], "hp": d["hp"][token.name],
                 "conditions": sorted(token.conditions), "reaction": token.name in d["reacted"]}
        if token.name in d["initiative"]:
            entry["initiative"] = d["initiative"][token.name]
        if token.name in d["hidden"]:
            entry["versteckt"] = d["hidden"][token.name]
        supplies = d["vorrat"].get(token.name, {})
        if supplies != dict(state.profiles[token.name].gegenstaende):  # written when something is used up
            entry["vorrat"] = dict(supplies)
        spent = state.spent(token.name)
        if spent:
            entry["verbraucht"] = list(spent)
        creatures.append(entry)
    b = d["budget"]
    return {"system": SYSTEM, "map": _map_out(spec["map"]), "creatures": creatures, "order": list(d["order"]),
            "round": d["round"], "turn": d["order"][d["turn"]],
            "used": {"action": d["action"], "bonus_action": d["bonus"], "movement": _length_out(Fraction(b.used)),
                     "diagonals": b.diagonals},
            "effects": [_effect_out(e) for e in d["effects"]], "phase": d["phase"], "winner": d["winner"],
            "rulings": state.rulings.to_json()}


# ---------------------------------------------------------------------------------------------
class _Reader:
    """One reading of a position: the fields in the order the state is built."""

    def __init__(self, raw: dict, seed: int):
        self.raw = raw
        self.seed = seed

    def build(self):
        from explorer.dnd5e.game import EncounterState
        from explorer.dnd5e.movement import Budget

        raw = self.raw
        _known(raw, TOP_FIELDS, "")
        field(raw, "comment", str, default="")
        self.rulings = self._rulings()
        map_spec = self._map()
        entries = self._creatures()
        spec = {"map": map_spec, "creatures": [{"name": e["name"], "profile": e["profile"], "side": e["side"],
                                                "position": [_length_out(v) for v in e["position"]]}
                                               for e in entries], "rulings": self.rulings.to_json()}
        self.names = [e["name"] for e in entries]
        try:
            built = build(spec, self.rulings)
        except InputError as error:
            raise self._from_build(error) from None
        self.built, self.map = built, built.battle_map
        self._walls()
        hp = {e["name"]: self._hp(e, i) for i, e in enumerate(entries)}
        self._conditions(entries, hp)
        initiative, order = self._order(entries)
        self.hp, self.order = hp, order
        phase = field(raw, "phase", str, default="zug")
        if phase not in PHASES:
            raise PositionError("phase", f"expected zug (a creature's turn) or ende (the encounter is over), "
                                         f"got {_short(phase)}")
        limit = int(self.rulings["dnd5e.round-limit"])
        rnd = field(raw, "round", int, default=1, low=1, high=MAX_ROUND)
        if rnd > limit:
            raise PositionError("round", f"round {rnd} is after the last round, {limit} (ruling dnd5e.round-limit)",
                                refs.AKTIONEN_IM_KAMPF)
        turn = self._turn(phase)
        action, bonus, used, diagonals = self._used(turn, phase)
        reacted = {e["name"] for e in entries if e["reaction"]}
        hidden = {e["name"]: e["versteckt"] for e in entries if e["versteckt"] is not None}
        for i, e in enumerate(entries):
            if e["name"] in hidden and hp[e["name"]] == 0:
                raise PositionError(f"creatures[{i}].versteckt", f"{e['name']} is at 0 hit points: bewusstlos, "
                                    f"it is no longer hidden", refs.SRD_DROPPING_TO_0)
        effects = self._effects(turn, action, phase)
        supplies, spent = self._supplies(entries)
        winner = self._end(phase, rnd, limit)
        budget = Budget(used, diagonals, action == "spurt", action == "rueckzug")
        data = {"map": self.map, "hp": hp, "order": order, "initiative": initiative, "round": rnd,
                "turn": order.index(turn), "phase": phase, "winner": winner, "budget": budget, "action": action,
                "bonus": bonus, "actions_this_turn": int(action is not None), "reacted": reacted,
                "effects": effects, "hidden": hidden, "rng": SeededRng(self.seed), "vorrat": supplies,
                "verbraucht": spent}
        state = EncounterState(built, data, self.seed)
        self._log(state, entries, used)
        state.origin = {"position": state.position(), "seed": self.seed}  # a replay starts here
        try:
            state.check_invariants()
        except AssertionError as failure:
            raise PositionError("", f"the state breaks an invariant: {failure}") from None
        return state

    # -- the rulings and the map -------------------------------------------------------------
    def _rulings(self) -> Rulings:
        switched = field(self.raw, "rulings", dict, default={})
        if len(switched) > MAX_THINGS:
            raise PositionError("rulings", f"{len(switched)} rulings; at most {MAX_THINGS}")
        for key, value in switched.items():
            if not str(key).startswith(SYSTEM + "."):
                raise PositionError(f"rulings.{str(key)[:40]}", "expected a ruling of D&D 5e (an id dnd5e.*)")
            if not isinstance(value, (str, int, float, bool)) or isinstance(value, float) and not math.isfinite(value):
                raise PositionError(f"rulings.{_short(key)}", f"expected a ruling's value, got {_short(value)}")
        try:
            return Rulings(switched)
        except (ValueError, TypeError, KeyError) as error:
            raise PositionError("rulings", f"expected switched rulings {{id: value}} of the registry: "
                                           f"{_short(str(error), 200)}") from None

    def _map(self) -> dict:
        value = self.raw.get("map", ...)
        if value is ...:
            raise PositionError("map", "is required: a shipped encounter's name (" + ", ".join(ENCOUNTERS)
                                + ") or a map {width, height, walls, areas}")
        if isinstance(value, str):
            if value not in ENCOUNTERS:
                raise PositionError("map", f"expected one of {', '.join(ENCOUNTERS)} or a map object, got "
                                           f"{_short(value)}")
            return ENCOUNTERS[value]["map"]
        if not isinstance(value, dict):
            raise PositionError("map", f"expected an encounter's name or a map object, got {type(value).__name__}")
        _known(value, MAP_FIELDS, "map")
        out = {"width": _number(value, "width", "map", 1.5, float(MAX_SIDE)),
               "height": _number(value, "height", "map", 1.5, float(MAX_SIDE))}
        for key, keys in (("walls", WALL_FIELDS), ("areas", AREA_FIELDS)):
            items = _bounded(field(value, key, list, "map", default=[]), f"map.{key}")
            out[key] = [self._thing(item, keys, f"map.{key}[{i}]") for i, item in enumerate(items)]
        return out

    def _thing(self, item: Any, keys: tuple, where: str) -> dict:
        if not isinstance(item, dict):
            raise PositionError(where, f"expected an object with {', '.join(keys)}, got {type(item).__name__}")
        _known(item, keys, where)
        out = {"name": _text(item, "name", where)}
        if "kind" in keys:
            kind = _text(item, "kind", where)
            if kind not in AREA_KINDS:
                raise PositionError(f"{where}.kind", f"expected one of {', '.join(AREA_KINDS)}, got {_short(kind)}")
            out["kind"] = kind
        box = field(item, "box", list, where)
        if len(box) != 4:
            raise PositionError(f"{where}.box", f"expected a box [x0, y0, x1, y1] in metres, got {_short(box)}")
        out["box"] = [_number({"v": v}, "v", f"{where}.box[{i}]", -float(MAX_SIDE), float(MAX_SIDE), bare=True)
                      for i, v in enumerate(box)]
        if "kind" in keys:
            if "height" in item:
                out["height"] = _number(item, "height", where, 0, 100)
            if "rough" in item:
                out["rough"] = field(item, "rough", bool, where)
        return out

    def _walls(self) -> None:
        """No creature inside a wall: nothing walks, flies or jumps through one (SRD 5.1 Movement and Position)."""
        import shapely

        m = self.map
        for i, token in enumerate(m.tokens):
            x, y = (float(v) for v in token.position)
            for wall in m.walls:
                if shapely.contains_xy(m.wall_zone(wall, token), x, y):
                    raise PositionError(f"creatures[{i}].position", f"{token.name}'s space at "
                                        f"{_point(token.position)} is inside the wall {wall.name}",
                                        refs.SRD_MOVEMENT_AND_POSITION)

    # -- the creatures -------------------------------------------------------------------------
    def _creatures(self) -> list[dict]:
        items = field(self.raw, "creatures", list)
        if not 2 <= len(items) <= MAX_CREATURES:
            raise PositionError("creatures", f"expected 2 to {MAX_CREATURES} creatures, got {len(items)}")
        out = []
        for i, item in enumerate(items):
            where = f"creatures[{i}]"
            if not isinstance(item, dict):
                raise PositionError(where, f"expected an object with name, profile, side, position, got "
                                           f"{type(item).__name__}")
            _known(item, CREATURE_FIELDS, where)
            at = field(item, "position", list, where)
            if len(at) != 2:
                raise PositionError(f"{where}.position", f"expected [x, y] in metres, got {_short(at)}")
            entry = {"name": _text(item, "name", where), "profile": _text(item, "profile", where),
                     "side": _text(item, "side", where),
                     "position": [_length_in(v, f"{where}.position[{k}]") for k, v in enumerate(at)],
                     "hp": field(item, "hp", int, where, default=None, low=-10**6, high=10**6),
                     "conditions": self._condition_list(item, where),
                     "initiative": field(item, "initiative", int, where, default=None, low=-MAX_SCORE, high=MAX_SCORE),
                     "reaction": field(item, "reaction", bool, where, default=False),
                     "versteckt": field(item, "versteckt", int, where, default=None, low=-MAX_SCORE, high=MAX_SCORE),
                     "vorrat": field(item, "vorrat", dict, where, default=None),
                     "verbraucht": field(item, "verbraucht", list, where, default=[])}
            out.append(entry)
        return out

    def _supplies(self, entries: list[dict]) -> tuple[dict, set]:
        """Each creature's items left (``vorrat``: item -> count, 0 up to what its profile carries; absent:
        all of them) and its special abilities spent (``verbraucht``), ruling dnd5e.potion-object."""
        supplies, spent = {}, set()
        for i, e in enumerate(entries):
            profile = self.built.profiles[e["name"]]
            carried = dict(profile.gegenstaende)
            given = e["vorrat"] if e["vorrat"] is not None else carried
            for item, n in given.items():
                if item not in carried:
                    raise PositionError(f"creatures[{i}].vorrat", f"{e['name']} carries no {_short(item)} (its "
                                        f"profile: {', '.join(carried) or 'nothing'})", refs.GEGENSTAND_VERWENDEN)
                field(given, item, int, f"creatures[{i}].vorrat", low=0, high=carried[item])
            if carried:
                supplies[e["name"]] = {**carried, **given}
            for k, ability in enumerate(e["verbraucht"]):
                if ability not in profile.faehigkeiten:
                    raise PositionError(f"creatures[{i}].verbraucht[{k}]", f"{e['name']} has no special ability "
                                        f"{_short(ability)}", refs.SPEZIALFAEHIGKEIT_VERWENDEN)
                spent.add((e["name"], ability))
        return supplies, spent

    @staticmethod
    def _condition_list(item: dict, where: str) -> list[str] | None:
        given = field(item, "conditions", list, where, default=None)
        if given is None:
            return None
        if len(given) > len(CONDITIONS):
            raise PositionError(f"{where}.conditions", f"{len(given)} conditions; there are {len(CONDITIONS)}")
        for k, c in enumerate(given):
            if c not in CONDITIONS:
                raise PositionError(f"{where}.conditions[{k}]", f"expected one of {', '.join(CONDITIONS)}, got "
                                                                 f"{_short(c)}", refs.SRD_CONDITIONS)
        if len(set(given)) != len(given):
            raise PositionError(f"{where}.conditions", f"a condition named twice: {_short(given)}")
        return list(given)

    def _from_build(self, error: InputError) -> PositionError:
        """The encounter loader's refusal, named by the position's field."""
        path, rule = error.field, None
        if path.startswith("tokens["):  # the map's tokens are the creatures, in the order listed
            path = "creatures[" + path[len("tokens["):]
            if "share a space" in error.expected:
                rule = refs.SRD_SPACE
        elif error.source.startswith("token "):
            name = error.source[len("token "):].strip("'\"")
            index = self.names.index(name) if name in self.names else None
            path = f"creatures[{index}].{path}" if index is not None else path
        elif error.source.startswith(("wall ", "area ")):  # a box without an area
            path = "map." + error.source.split(" ")[0] + "s"
        elif error.source == "battle map":
            path = f"map.{path}" if path else "map"
        got = "" if error.value is ... else f", got {_short(error.value)}"
        return PositionError(path[:120], f"expected {str(error.expected)[:300]}{got}", rule)

    def _hp(self, entry: dict, i: int) -> int:
        top = self.built.profiles[entry["name"]].creature.hit_points
        hp = top if entry["hp"] is None else entry["hp"]
        if not 0 <= hp <= top:
            raise PositionError(f"creatures[{i}].hp", f"{entry['name']} has {hp} hit points; a creature's hit "
                                f"points go from its maximum, {top}, down to 0", refs.SRD_HIT_POINTS)
        return hp

    def _conditions(self, entries: list[dict], hp: dict) -> None:
        """Conditions placed on the map; at 0 hit points bewusstlos and liegend (SRD 5.1 Dropping to 0
        Hit Points, ruling dnd5e.zero-hp)."""
        from dataclasses import replace

        from explorer.dnd5e.battlemap import BattleMap

        tokens = []
        for entry, token in zip(entries, self.map.tokens):
            conditions = set(entry["conditions"] or ())
            if hp[entry["name"]] == 0:
                conditions |= {"bewusstlos", "liegend"}
            tokens.append(replace(token, conditions=frozenset(conditions)))
        m = self.map
        self.map = BattleMap(m.width, m.height, m.walls, m.areas, tuple(tokens), m.rulings)

    def _order(self, entries: list[dict]) -> tuple[dict, list[str]]:
        """The initiative order, highest first (SRD 5.1 Initiative): as given, or by the totals given,
        or the listed order."""
        totals = {e["name"]: e["initiative"] for e in entries if e["initiative"] is not None}
        if totals and len(totals) != len(entries):
            missing = next(i for i, e in enumerate(entries) if e["initiative"] is None)
            raise PositionError(f"creatures[{missing}].initiative", "an initiative for every creature or for none")
        given = field(self.raw, "order", list, default=None)
        if given is None and not totals:
            return totals, list(self.names)
        if given is None:
            geschick = {n: self.built.profiles[n].geschick for n in self.names}
            order = sorted(self.names, key=lambda n: (-totals.get(n, 0), -geschick[n], self.names.index(n)))
            return totals, order
        if len(given) != len(self.names):
            raise PositionError("order", f"expected the {len(self.names)} creatures in initiative order, got "
                                         f"{len(given)} entries", refs.SRD_INITIATIVE)
        for k, name in enumerate(given):
            if name not in self.names:
                raise PositionError(f"order[{k}]", f"expected a creature of the position, got {_short(name)}")
            if name in given[:k]:
                raise PositionError(f"order[{k}]", f"{name} twice: every creature acts once a round",
                                    refs.SRD_INITIATIVE)
        for k in range(1, len(given)):
            if totals and totals[given[k]] > totals[given[k - 1]]:
                raise PositionError(f"order[{k}]", f"{given[k]} (initiative {totals[given[k]]}) after "
                                    f"{given[k - 1]} ({totals[given[k - 1]]}): the order goes from the highest "
                                    f"total to the lowest", refs.SRD_INITIATIVE)
        return totals, list(given)

    # -- the turn ------------------------------------------------------------------------------
    def _in_fight(self, name: str) -> bool:
        return self.hp[name] > 0 and not self.map.token(name).incapacitated

    def _turn(self, phase: str) -> str:
        turn = field(self.raw, "turn", str, default=None)
        if turn is None:
            fit = [n for n in self.order if self._in_fight(n)]
            return fit[0] if fit else self.order[0]
        if turn not in self.names:
            raise PositionError("turn", f"expected a creature of the position, got {_short(turn)}")
        if phase == "zug" and not self._in_fight(turn):
            raise PositionError("turn", f"{turn} is not able to act (0 hit points or kampfunfähig): the turn "
                                        f"passes to the next creature still in the fight", refs.SRD_DROPPING_TO_0)
        return turn

    def _used(self, turn: str, phase: str):
        """What the acting creature used this turn: its one action (AKTIONEN IM KAMPF), the bonus action,
        the movement spent (SRD 5.1 Breaking Up Your Move)."""
        from explorer.dnd5e.movement import allowance

        used = field(self.raw, "used", dict, default={})
        _known(used, USED_FIELDS, "used")
        action = field(used, "action", (str, type(None)), "used", default=None)
        if action is not None and action not in A.USING_THE_ACTION:
            raise PositionError("used.action", f"expected null or one of {', '.join(A.USING_THE_ACTION)}, got "
                                               f"{_short(action)}", refs.AKTIONEN_IM_KAMPF)
        bonus = field(used, "bonus_action", bool, "used", default=False)
        if bonus:
            raise PositionError("used.bonus_action", f"{turn} has no bonus action to use: only a feature or a spell "
                                "grants one, and no profile here has one", refs.SRD_BONUS_ACTIONS)
        movement = _length_in(used.get("movement", 0), "used.movement")
        diagonals = field(used, "diagonals", int, "used", default=0, low=0, high=MAX_DIAGONALS)
        if phase == "zug":
            most = allowance(self.map.token(turn), dash=action == "spurt")
            if movement > most:
                raise PositionError("used.movement", f"{turn} spent {_point_value(movement)} m of "
                                    f"{_point_value(most)} m of movement this turn",
                                    refs.SPURT if action == "spurt" else refs.SRD_BREAKING_UP_YOUR_MOVE)
        if movement < 0:
            raise PositionError("used.movement", f"expected the metres spent, from 0, got {_point_value(movement)}")
        return action, bonus, movement, diagonals

    def _effects(self, turn: str, action: str | None, phase: str) -> list[tuple]:
        """The effects that last until their owner's next turn (AUSWEICHEN, HELFEN, VORBEREITEN): one per
        owner, each made by the owner's action -- this turn's, for the acting creature."""
        items = _bounded(field(self.raw, "effects", list, default=[]), "effects")
        out, owners = [], set()
        for i, item in enumerate(items):
            where = f"effects[{i}]"
            if not isinstance(item, dict):
                raise PositionError(where, f"expected an object with effect and owner, got {type(item).__name__}")
            kind = field(item, "effect", str, where)
            if kind not in EFFECT_FIELDS:
                raise PositionError(f"{where}.effect", f"expected one of {', '.join(EFFECT_FIELDS)}, got "
                                                       f"{_short(kind)}")
            _known(item, EFFECT_FIELDS[kind], where)
            rule = {"ausweichen": refs.AUSWEICHEN, "vorbereitet": refs.VORBEREITEN}.get(kind, refs.HELFEN)
            owner = self._creature(item, "owner", where)
            if self.hp[owner] == 0:
                raise PositionError(f"{where}.owner", f"{owner} is at 0 hit points: its effects ended",
                                    refs.SRD_DROPPING_TO_0)
            if owner in owners:
                raise PositionError(f"{where}.owner", f"{owner} has a second lasting effect: one action a turn "
                                                      f"makes one", refs.AKTIONEN_IM_KAMPF)
            owners.add(owner)
            if owner == turn and phase == "zug" and action != EFFECT_ACTION[kind]:
                raise PositionError(f"{where}.owner", f"{kind} of {owner}, whose turn it is, was made by its action "
                                    f"this turn: used.action must be {EFFECT_ACTION[kind]}", rule)
            if kind == "ausweichen":
                subject: Any = owner
            elif kind in ("helfen-angriff", "helfen-wurf"):
                subject = self._creature(item, "subject", where)
                foe = self.map.token(subject).hostile_to(self.map.token(owner))
                if subject == owner or foe != (kind == "helfen-angriff"):
                    raise PositionError(f"{where}.subject", f"{kind} is given to "
                                        f"{'a foe' if kind == 'helfen-angriff' else 'an ally'} of {owner}, got "
                                        f"{_short(subject)}", rule)
            else:
                subject = self._readied(item, owner, where)
            out.append((kind, owner, subject))
        return out

    def _readied(self, item: dict, owner: str, where: str) -> tuple:
        trigger = field(item, "ausloeser", str, where, default=A.READY_TRIGGERS[0])
        if trigger not in A.READY_TRIGGERS:
            raise PositionError(f"{where}.ausloeser", f"expected one of {', '.join(A.READY_TRIGGERS)}, got "
                                                      f"{_short(trigger)}", refs.VORBEREITEN)
        reaction = field(item, "reaktion", str, where, default="angriff")
        if reaction not in A.READY_REACTIONS:
            raise PositionError(f"{where}.reaktion", f"expected one of {', '.join(A.READY_REACTIONS)}, got "
                                                     f"{_short(reaction)}", refs.VORBEREITEN)
        profile = self.built.profiles[owner]
        pfad = _bounded(field(item, "pfad", list, where, default=[]), f"{where}.pfad")
        points = []
        for k, p in enumerate(pfad):
            if not isinstance(p, list) or len(p) != 2:
                raise PositionError(f"{where}.pfad[{k}]", f"expected [x, y] in metres, got {_short(p)}")
            points.append(tuple(float(_number({"v": v}, "v", f"{where}.pfad[{k}][{j}]", -float(MAX_SIDE),
                                              float(MAX_SIDE), bare=True)) for j, v in enumerate(p)))
        if reaction == "angriff":
            default = profile.melee.waffe if profile.melee is not None else ""
            waffe = field(item, "waffe", str, where, default=default)
            if profile.attack(waffe) is None:
                raise PositionError(f"{where}.waffe", f"{owner} has no weapon {_short(waffe)} (weapons: "
                                    f"{', '.join(a.waffe for a in profile.angriffe)})", refs.VORBEREITEN)
            if points:
                raise PositionError(f"{where}.pfad", "a readied attack has no path", refs.VORBEREITEN)
        elif reaction == "zauber":
            waffe = field(item, "zauber", str, where)
            if profile.spell_bonus(waffe) is None or points or "waffe" in item:
                raise PositionError(f"{where}.zauber", f"{owner} readies a spell it knows (spells: "
                                    f"{', '.join(n for n, _ in profile.zauber) or 'none'}), with no path or weapon, "
                                    f"got {_short(waffe)}", refs.VORBEREITEN)
        else:
            waffe = field(item, "waffe", str, where, default="")
            if waffe or not points:
                raise PositionError(f"{where}.pfad", "a readied move has a path (and no weapon)", refs.VORBEREITEN)
        return (trigger, reaction, waffe, tuple(points))

    def _creature(self, item: dict, key: str, where: str) -> str:
        name = field(item, key, str, where)
        if name not in self.names:
            raise PositionError(f"{where}.{key}", f"expected a creature of the position, got {_short(name)}")
        return name

    def _end(self, phase: str, rnd: int, limit: int) -> str | None:
        """The encounter is over when a side has no creature able to act (the other side wins) or after
        the round limit without a winner (AKTIONEN IM KAMPF, rulings dnd5e.zero-hp, dnd5e.round-limit)."""
        sides = self.built.sides
        beaten = [s for s in sides if not any(self._in_fight(t.name) for t in self.map.tokens if t.side == s)]
        winner = field(self.raw, "winner", (str, type(None)), default=None)
        if phase == "zug":
            if winner is not None:
                raise PositionError("winner", "a winner only when the encounter is over (phase ende)",
                                    refs.AKTIONEN_IM_KAMPF)
            if beaten:
                raise PositionError("creatures", f"{beaten[0]} has no creature able to act: the encounter is "
                                                 f"over (phase ende)", refs.SRD_DROPPING_TO_0)
            return None
        if winner is not None and winner not in sides:
            raise PositionError("winner", f"expected a side ({', '.join(sides)}) or null, got {_short(winner)}")
        if beaten:
            expected = next(s for s in sides if s not in beaten) if len(beaten) == 1 else None
            if winner != expected:
                raise PositionError("winner", f"{beaten[0]} has no creature able to act: the winner is "
                                    f"{expected}", refs.SRD_DROPPING_TO_0)
        elif winner is not None or rnd != limit:
            raise PositionError("winner" if winner is not None else "phase", f"both sides can still act: the "
                                f"encounter ends only after round {limit}, without a winner (ruling "
                                f"dnd5e.round-limit)", refs.AKTIONEN_IM_KAMPF)
        return winner

    def _log(self, state, entries: list[dict], used: Fraction) -> None:
        """The log starts by saying what the position holds that a log would have recorded: damage taken,
        whose turn it is, the action and movement already used -- so recounts from the log agree."""
        d = state._data
        state.emit("position", f"Die Begegnung beginnt mit einer Stellung von Hand: Runde {d['round']}, "
                   f"{state.acting} am Zug", refs.SRD_ROUNDS, seed=self.seed)
        for e in entries:
            taken = state.max_hp(e["name"]) - d["hp"][e["name"]]
            if taken:
                state.emit("schaden", f"Laut Stellung: {e['name']} hat {taken} Schaden genommen "
                           f"({state.max_hp(e['name'])} → {d['hp'][e['name']]} TP)", refs.SRD_HIT_POINTS,
                           target=e["name"], damage=taken)
        if state.is_terminal():
            return
        name = state.acting
        state.emit("zug", f"Runde {d['round']}: {name} ist am Zug (laut Stellung)", refs.SRD_YOUR_TURN,
                   player=state.current_player)
        if used:
            state.emit("bewegen", f"Laut Stellung: {name} hat sich in diesem Zug schon {_point_value(used)} m bewegt",
                       refs.SRD_BREAKING_UP_YOUR_MOVE, player=state.current_player, cost=float(used))
        action = d["action"]
        if action == "angriff":
            state.emit("angriff", f"Angriff: laut Stellung hat {name} in diesem Zug schon angegriffen",
                       refs.AKTIONEN_IM_KAMPF, player=state.current_player, attacker=name)
        elif action is not None:
            state.emit(_ACTION_EVENTS[action], f"Laut Stellung: {name} hat in diesem Zug schon die Aktion "
                       f"{action} ausgeführt", refs.AKTIONEN_IM_KAMPF, player=state.current_player)


_ACTION_EVENTS = {"zauber-wirken": "zauber", "spurt": "spurt", "rueckzug": "rueckzug", "ausweichen": "ausweichen",
                  "helfen": "helfen", "verstecken": "verstecken", "suchen": "suchen", "vorbereiten": "vorbereiten",
                  "gegenstand-verwenden": "gegenstand", "magischen-gegenstand-verwenden": "magischer-gegenstand",
                  "spezialfaehigkeit-verwenden": "spezialfaehigkeit"}
"""The log event each action writes (explorer.dnd5e.game.perform), by the action's kind."""


# ---------------------------------------------------------------------------------------------
def _known(obj: Mapping, keys: tuple, where: str) -> None:
    for key in obj:
        if key not in keys:
            path = f"{where}.{str(key)[:40]}" if where else str(key)[:40]
            raise PositionError(path, f"unknown field; the fields are {', '.join(keys)}")


def _number(obj: Mapping, key: str, where: str, low: float, high: float, *, bare: bool = False) -> int | float:
    """``obj[key]``: a finite number within ``low``..``high``, as given (a whole number stays whole);
    the field is named ``where`` itself when ``bare`` (an item of a list), else ``where.key``."""
    value = obj.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and not -10**300 < value < 10**300:
        raise PositionError(where if bare else f"{where}.{key}", f"expected a number from {low} to {high}, got "
                                                                 f"a number of {len(str(abs(value)))} digits")
    try:
        field(obj, key, (int, float), where, low=low, high=high)
    except PositionError as error:
        if not bare:
            raise
        raise PositionError(where, error.reason) from None
    return obj[key]


def _bounded(items: list, where: str) -> list:
    if len(items) > MAX_THINGS:
        raise PositionError(where, f"{len(items)} entries; at most {MAX_THINGS}")
    return items


def _text(item: Mapping, key: str, where: str) -> str:
    value = field(item, key, str, where)
    if not 0 < len(value) <= MAX_TEXT:
        raise PositionError(f"{where}.{key}", f"expected a text of 1 to {MAX_TEXT} characters, got "
                                              f"{len(value)} characters")
    return value


def _length_in(value: Any, where: str) -> Fraction:
    """A length in metres: a number, or a text "a/b" (exact), within the largest map."""
    if isinstance(value, str):
        if not _EXACT.fullmatch(value):
            raise PositionError(where, f"expected metres as a number or a fraction text such as \"3/4\", got "
                                       f"{_short(value)}")
        if "/" in value and int(value.split("/")[1]) == 0:
            raise PositionError(where, f"expected a fraction with a denominator above 0, got {_short(value)}")
        result = Fraction(value)
    else:
        number = _number({"v": value}, "v", where, -math.inf, math.inf, bare=True)
        result = Fraction(repr(number)) if isinstance(number, float) else Fraction(number)
    if not -MAX_SIDE <= result <= MAX_SIDE:
        raise PositionError(where, f"expected metres from {-MAX_SIDE} to {MAX_SIDE}, got {_short(value)}")
    return result


def _length_out(value: Fraction) -> int | float | str:
    """Metres as position() writes them: a whole number, a decimal when it is exact, else "a/b"."""
    value = Fraction(value)
    if value.denominator == 1:
        return int(value)
    as_float = float(value)
    if Fraction(repr(as_float)) == value:
        return as_float
    return f"{value.numerator}/{value.denominator}"


def _map_out(spec: Mapping) -> Any:
    for name, encounter in ENCOUNTERS.items():
        if encounter["map"] == spec:
            return name
    return _plain(spec)


def _effect_out(effect: tuple) -> dict:
    kind, owner, subject = effect
    if kind == "ausweichen":
        return {"effect": kind, "owner": owner}
    if kind == "vorbereitet":
        trigger, reaction, waffe, pfad = subject
        if reaction == "zauber":  # the spell held in the readied subject's weapon slot
            return {"effect": kind, "owner": owner, "ausloeser": trigger, "reaktion": reaction, "zauber": waffe}
        return {"effect": kind, "owner": owner, "ausloeser": trigger, "reaktion": reaction, "waffe": waffe,
                "pfad": [list(p) for p in pfad]}
    return {"effect": kind, "owner": owner, "subject": subject}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _point(at) -> str:
    return "(" + ", ".join(_point_value(v) for v in at) + ")"


def _point_value(value) -> str:
    return f"{float(value):g}"


def _short(value: Any, limit: int = 60) -> str:
    from explorer.core.inputs import short
    return short(value, limit)


