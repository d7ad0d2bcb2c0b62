"""D&D 5e combat's registration in the system registry (``explorer.core.systems``).

A configuration is JSON-able: ``encounter`` (a shipped encounter's name, ``"duell"`` or
``"scharmuetzel"`` (:data:`explorer.dnd5e.encounter.ENCOUNTERS`), or an encounter description as
:mod:`explorer.dnd5e.encounter` documents it) and optionally ``rulings`` (switched rulings,
``{id: value}``, laid over the description's own).  The seed rolls the initiative and every die.

A save (:meth:`~explorer.dnd5e.game.EncounterState.to_json`) records how the encounter was set up:
its description (``encounter``, with its rulings) and its ``seed``; :func:`dealt` sets it up again
from them.  A position (an encounter in the middle of a fight, written by hand) is read by
:func:`explorer.dnd5e.position.from_position` and written by ``state.position()``
(docs/positions-dnd5e.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from explorer.core import systems
from explorer.core.inputs import InputError
from explorer.core.simulate import GameInfo, Simulation
from explorer.dnd5e import refs

SOURCE = "dnd5e configuration"
KEYS = ("encounter", "rulings")
CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "scharmuetzel": {"encounter": "scharmuetzel"},
    "duell": {"encounter": "duell"},
    "scharmuetzel_diagonals_3m": {"encounter": "scharmuetzel", "rulings": {"dnd5e.grid-diagonals": "alternate-1.5-3"}},
    "duell_gridless": {"encounter": "duell", "rulings": {"dnd5e.measuring": "gridless"}},
}
"""Named configurations: every generic test (conformance, simulate) plays each of them.  The
first, the fullest (a wall, rubble, a spell), is the default (``System.new_game()``); in the last
every second diagonal step costs 3 m (ruling ``dnd5e.grid-diagonals``); ``duell_gridless`` measures
exact distances (ruling ``dnd5e.measuring``)."""


def start(config: Mapping[str, Any], seed: int = 0):
    """A new encounter from a configuration (see the module docstring); InputError naming the
    field for an unknown key, encounter or ruling."""
    from explorer.core.rulings import Rulings
    from explorer.dnd5e.encounter import ENCOUNTERS
    from explorer.dnd5e.game import new_encounter

    if not isinstance(config, Mapping):
        raise InputError(SOURCE, "", "a mapping with encounter and rulings", config)
    unknown = sorted(set(config) - set(KEYS), key=str)
    if unknown:
        raise InputError(SOURCE, str(unknown[0]), "one of " + ", ".join(KEYS), config[unknown[0]])
    encounter = config.get("encounter", "duell")
    if isinstance(encounter, str):
        if encounter not in ENCOUNTERS:
            raise InputError(SOURCE, "encounter", "one of " + ", ".join(ENCOUNTERS) + " or an encounter description",
                             encounter)
        spec = dict(ENCOUNTERS[encounter])
    elif isinstance(encounter, Mapping):
        spec = dict(encounter)
    else:
        raise InputError(SOURCE, "encounter", "an encounter's name or description", encounter)
    switched = config.get("rulings")
    if switched is not None:
        if isinstance(switched, Rulings):
            switched = switched.overrides
        if not isinstance(switched, Mapping):
            raise InputError(SOURCE, "rulings", "switched rulings {id: value}", switched)
        own = spec.get("rulings") or {}
        if not isinstance(own, Mapping):
            raise InputError(SOURCE, "encounter.rulings", "switched rulings {id: value}", own)
        try:
            spec["rulings"] = Rulings({**own, **switched}).overrides
        except (ValueError, TypeError) as error:
            raise InputError(SOURCE, "rulings", "switched rulings {id: value} of the registry", str(error)) from None
    return new_encounter(spec, seed=seed)


def origin_of(saved: Mapping[str, Any]) -> Mapping[str, Any]:
    """How a save's encounter was set up: its ``origin`` if it records one, else the save's own
    ``encounter`` (the description, rulings included) and ``seed`` beside the state."""
    if not isinstance(saved, Mapping):
        raise InputError("save", "", "a saved encounter: a JSON object", saved)
    origin = saved.get("origin", saved)
    if not isinstance(origin, Mapping):
        raise InputError("save", "origin", "the encounter's description and seed", origin)
    return origin


def dealt(saved: Mapping[str, Any]):
    """The encounter as first set up (initiative rolled), from a save's recorded description and
    seed; replay re-applies the history to it."""
    from explorer.dnd5e.game import new_encounter

    origin = origin_of(saved)
    if "position" in origin:  # a game loaded from a position starts there again
        from explorer.dnd5e.position import from_position
        return from_position(origin["position"], seed=origin.get("seed", 0))
    spec = origin.get("encounter")
    if not isinstance(spec, Mapping):
        raise InputError("save", "encounter", "the encounter's description", spec)
    return new_encounter(spec, seed=origin.get("seed"))


# --- invariants: the state's own, and recounts from the log ---------------------------------
ACTION_EVENTS = ("zauber", "spurt", "rueckzug", "ausweichen", "helfen", "verstecken", "suchen", "vorbereiten",
                 "gegenstand", "magischer-gegenstand", "spezialfaehigkeit")
"""The events of the turn's one action (AKTIONEN IM KAMPF) but Angriff, counted by :func:`invariants`
(an attack is counted by its ``angriff`` event when the acting creature attacks outside a spell)."""
TOLERANCE = 1e-6


def _turn_events(state) -> list:
    """The log since the acting creature's turn began (its last ``zug`` event)."""
    log = state.log
    for i in range(len(log) - 1, -1, -1):
        if log[i].kind == "zug":
            return log[i + 1:]
    return list(log)


def actions_this_turn(state) -> int:
    """The acting creature's actions this turn, counted from the log (not from the state's counter)."""
    count, spell = 0, False
    for event in _turn_events(state):
        if event.kind in ACTION_EVENTS:
            count += 1
        elif (event.kind == "angriff" and event.data.get("attacker") == state.acting and not spell
              and event.text.startswith("Angriff:")):
            count += 1
        spell = event.kind == "zauber"
    return count


def moved_this_turn(state) -> float:
    """The metres the acting creature's moves cost this turn, added up from the log."""
    return sum(float(e.data.get("cost", 0)) for e in _turn_events(state)
               if e.kind == "bewegen" and e.data.get("mover") == state.acting)


def damage_taken(state) -> dict[str, int]:
    """Each creature's damage taken, added up from the log's ``schaden`` events."""
    taken = dict.fromkeys(state.profiles, 0)
    for event in state.log:
        if event.kind == "schaden":
            taken[event.data["target"]] += int(event.data["damage"])
    return taken


def invariants(state) -> None:
    """``state.check_invariants()``, and recounts from the log and the map: every creature's hit
    points its maximum less the damage the log records, within 0..maximum (no rule heals here);
    the acting creature's moves this turn within its movement (Spurt doubling it) and within what
    its budget says it spent; at most one action this turn, and one exactly when the state says it
    used it (AKTIONEN IM KAMPF); no two creatures' spaces overlapping (SRD 5.1 Space)."""
    from explorer.dnd5e.movement import allowance

    state.check_invariants()
    taken = damage_taken(state)
    for name, damage in taken.items():
        hp, top = state.hp(name), state.max_hp(name)
        assert 0 <= hp <= top, f"{name}: {hp} hit points of {top}"
        assert hp == max(0, top - damage), f"{name}: {hp} hit points, but the log records {damage} damage of {top}"
    m = state.battle_map
    tokens = m.tokens
    for i, a in enumerate(tokens):
        for b in tokens[:i]:
            shared = m.space(a).intersection(m.space(b)).area
            assert shared < TOLERANCE, f"{a.name} and {b.name} share {shared:.3f} m² of space"
    if state.is_terminal():
        return
    dashed = any(e.kind == "spurt" for e in _turn_events(state))
    assert dashed == state.budget.dash, f"{state.acting}: Spurt in the log {dashed}, in the budget {state.budget.dash}"
    moved, budget = moved_this_turn(state), float(state.budget.used)
    limit = float(allowance(state.token(state.acting), dash=dashed))
    assert moved <= budget + TOLERANCE, f"{state.acting} moved {moved} m, but its budget says {budget} m"
    assert budget <= limit + TOLERANCE, f"{state.acting} spent {budget} m of {limit} m"
    count = actions_this_turn(state)
    assert count <= 1, f"{state.acting} took {count} actions this turn"
    assert (count == 1) == (state.action_used is not None), \
        f"{state.acting}: {count} actions in the log, the state says {state.action_used!r}"


# --- refused actions -------------------------------------------------------------------------
def refused(state) -> list:
    """Actions the referee must refuse now: any action once the encounter is over; a second action
    after the turn's action (AKTIONEN IM KAMPF); a move of 1.5 m when less movement is left; an
    attack with a weapon of another creature (the acting creature takes every action: an action
    carries no actor of its own); an attack on the attacker itself and on a creature at 0 hit
    points; a melee attack on a foe out of reach (ANGRIFFSSTRUKTUR)."""
    from explorer.dnd5e import actions as A
    from explorer.dnd5e.creatures import SQUARE

    if state.is_terminal():
        return [A.ZugBeenden(), A.Spurt()]
    name = state.acting
    profile = state.profiles[name]
    out: list = []
    if state.action_used is not None:
        out += [A.Spurt(), A.Ausweichen()]
    if state.movement_left() < SQUARE:
        step = _step(state)
        if step is not None:
            out.append(A.Bewegen((step,)))
    mine = {a.waffe for a in profile.angriffe}
    others = [a.waffe for n, p in state.profiles.items() if n != name for a in p.angriffe if a.waffe not in mine]
    foes = [n for n in state.profiles if state.token(n).hostile_to(state.token(name)) and state.hp(n) > 0]
    if others and foes:
        out.append(A.Angriff(others[0], foes[0]))
    out.append(A.Angriff(profile.angriffe[0].waffe, name))
    down = [n for n in state.profiles if state.hp(n) == 0]
    if down:
        out.append(A.Angriff(profile.angriffe[0].waffe, down[0]))
    melee = profile.melee
    far = [f for f in foes if melee is not None and melee.weapon.range_m is None
           and state.distance(name, f) > max(state.token(name).creature.reach, melee.weapon.reach_m or 0)]
    if far:
        out.append(A.Angriff(melee.waffe, far[0]))
    return out


def _step(state):
    """A point 1.5 m from the acting creature along an axis, inside the map (None if there is none)."""
    from explorer.dnd5e.creatures import SQUARE

    m = state.battle_map
    token = m.token(state.acting)
    half = m.half_side(token)
    x, y = token.position
    for dx, dy in ((SQUARE, 0), (-SQUARE, 0), (0, SQUARE), (0, -SQUARE)):
        px, py = x + dx, y + dy
        if half <= px <= m.width - half and half <= py <= m.height - half:
            return (float(px), float(py))
    return None


# --- conformance -----------------------------------------------------------------------------
CONFORMANCE_KINDS = ("random", "greedy", "uniform")
CONFORMANCE_GAMES = 144  # every pair of players 4 times in each of the 4 configurations


def conformance_game(k: int) -> dict[str, Any]:
    """Conformance game ``k``: the configurations in turn, every pair of the random, greedy and
    uniform players in turn (9 pairs), seed ``1000 + k`` -- for a duel the first from there on whose
    game lasts the few actions the suite samples first (a duel can end in two: a move and a critical
    hit; a skirmish takes at least three: two attacks and the end of a turn between them)."""
    names = list(CONFIGURATIONS)
    name = names[k % len(names)]
    mix = k // len(names)
    kinds = CONFORMANCE_KINDS
    players = (kinds[mix % 3], kinds[(mix // 3 + mix) % 3])
    duel = CONFIGURATIONS[name]["encounter"] == "duell"
    seed = _lasting_seed(name, players, 1000 + k) if duel else 1000 + k  # a skirmish lasts long enough
    return {"configuration": name, "config": dict(CONFIGURATIONS[name]), "players": list(players), "seed": seed}


@lru_cache(maxsize=None)
def _lasting_seed(configuration: str, kinds: tuple[str, ...], seed: int, tries: int = 16) -> int:
    """The first seed from ``seed`` on whose game of ``configuration`` between ``kinds`` lasts at
    least :data:`explorer.core.conformance.MIN_SAMPLES` actions (played as the suite plays it)."""
    from explorer.core.conformance import MIN_SAMPLES
    from explorer.core.players import make_player, play

    for candidate in range(seed, seed + tries):
        state = start(CONFIGURATIONS[configuration], candidate)
        players = {who: make_player(SYSTEM, kind) for who, kind in zip(state.players, kinds)}
        if len(play(state, players, seed=candidate).history) >= MIN_SAMPLES:
            return candidate
    raise RuntimeError(f"no seed from {seed} to {seed + tries - 1} gives a {configuration} game of "
                       f"{MIN_SAMPLES} actions")


# --- simulation ------------------------------------------------------------------------------
OWN_COLUMNS: dict[str, str] = {
    "rounds": "the round the encounter ended in (SRD 5.1 Combat > The Order of Combat; at most the round limit, "
              "ruling dnd5e.round-limit)",
    "hp_left[P]": "hit points left to side P's creatures at the end (SRD 5.1 Combat > Damage and Healing > Hit "
                  "Points)",
    "standing[P]": "side P's creatures still in the fight at the end (above 0 hit points, ruling dnd5e.zero-hp)",
    "damage[P]": "damage side P's creatures dealt (attacks, opportunity attacks and readied attacks)",
}
"""What an encounter counts beyond the generic columns; ``[P]`` is one column per side."""


def end_of(state) -> str:
    """Why the encounter ended: ``"side_beaten"`` (a side has no creature able to act) or
    ``"round_limit"`` (ruling ``dnd5e.round-limit``, no winner)."""
    return "side_beaten" if state.winner is not None else "round_limit"


def encounter_row(state, observer, game: GameInfo) -> dict[str, Any]:
    """An encounter's figures, read from the final state and its log."""
    row: dict[str, Any] = {"rounds": state.round}
    damage = dict.fromkeys(state.players, 0)
    for event in state.log:
        if event.kind == "schaden" and event.player in damage:
            damage[event.player] += int(event.data["damage"])
    for side in state.players:
        names = [t.name for t in state.battle_map.tokens if t.side == side]
        row[f"hp_left[{side}]"] = sum(state.hp(n) for n in names)
        row[f"standing[{side}]"] = sum(state.in_fight(n) for n in names)
        row[f"damage[{side}]"] = damage[side]
    return row


SIMULATION = Simulation(
    columns=OWN_COLUMNS,
    row=encounter_row,
    end=end_of,
    limits=("round_limit",),
    dtypes={"rounds": "int64", "hp_left[P]": "int64", "standing[P]": "int64", "damage[P]": "int64"},
)
"""D&D 5e's registration for the generic simulator (``System.simulation``)."""


def _players() -> dict:
    from explorer.dnd5e.players import GreedyPlayer, RandomPlayer, TaktischerSpieler
    return {"random": RandomPlayer, "greedy": GreedyPlayer, "tactical": TaktischerSpieler}


SYSTEM = systems.register(systems.System(
    name="dnd5e",
    title="D&D 5e Kampf (SRD 5.1 / deutscher Auszug)",
    rulebook=refs.RULEBOOK,
    refs=refs,
    start=start,
    configurations=CONFIGURATIONS,
    load="explorer.dnd5e.game:EncounterState.from_json",
    dealt=dealt,
    coverage="explorer.dnd5e.coverage:dnd5e_coverage",
    players=_players(),
    simulation=SIMULATION,
    from_position="explorer.dnd5e.position:from_position",
    picture="explorer.dnd5e.render_map:MapPicture",
    invariants=invariants,
    conformance=conformance_game,
    conformance_games=CONFORMANCE_GAMES,
    refused=refused,
    actions="explorer.dnd5e.actions:ACTIONS",
    describe="tactical combat on a battle map (grid or gridless): initiative, movement and jumps, the actions "
             "in combat, attacks, opportunity attacks, readied reactions; exact attack odds",
))
