"""Replaying a saved game of any registered system: every state, rebuilt from the game's origin.

A saved game (``state.to_json()``) names its system (``"system"``), holds its history -- every
action applied, setup included -- and records its *origin*: how it was first dealt (the system's
own data: decks, seed, scenario, players, options ...).  Dealing a fresh game from that origin
(``System.dealt``) and re-applying the history through the referee rebuilds every state in
between: a game is its sequence of actions, each checked again, so a tampered record is refused
with the step and the rule it breaks.

``replay(saved)`` returns a :class:`Replay`: ``replay.states[i]`` is the game after the first
``i`` actions (``states[0]`` as dealt, before any action) and ``replay.steps[i]`` what happened at
step ``i`` -- the action, who took it and the events it caused, each citing its rule.  The last
state reproduces the saved game exactly (``to_json`` equal), or :class:`ReplayMismatch` names the
first part that differs (``"data.turn"``).

Some systems apply setup actions while dealing (Behind's automatic setup announces the terrain
and the deployments): those are the first actions of the history, and the states between them are
the referee's snapshots taken before each one (:func:`undo_chain` of the dealt game).

``undo_chain(state)`` reads the steps of a live game from its undo snapshots instead (no origin
needed: what the play mode of the replay panel starts from).

Pure Python, and generic: it uses the registry's ``System.load`` and ``System.dealt`` and the game
protocol (:mod:`explorer.core.game`) only.  The panel is :mod:`explorer.core.panels.replay`.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from explorer.core.game import Action, Event
from explorer.core.rules import RuleViolation

__all__ = ["Replay", "ReplayError", "ReplayMismatch", "Step", "action_call", "action_choices", "action_text",
           "first_difference", "load_game", "plain_words", "replay",
           "replay_states", "saved_game", "system_of", "undo_chain"]


class ReplayError(ValueError):
    """The saved game cannot be replayed: no system or origin recorded, or a recorded action is
    refused (the message names the step and the rule)."""


class ReplayMismatch(ReplayError):
    """The replayed game ends in another state than the saved one (``key``: the first part that
    differs, e.g. ``"data.piles"``)."""

    def __init__(self, key: str):
        self.key = key
        super().__init__(f"the replayed game differs from the saved one in {key!r}")


@dataclass(frozen=True)
class Step:
    """One step of a replay: ``action`` (None for step 0, the dealt game), taken by ``player``
    (who was to act before it), and the ``events`` it caused (the whole log up to the first action
    for step 0)."""

    index: int
    action: Action | None
    player: Any
    events: tuple[Event, ...]

    def events_for(self, viewer: Any = None) -> list[Event]:
        """The events ``viewer`` may see (``None``: the referee, who sees all; a player does not see
        the others' private events)."""
        return [e for e in self.events if viewer is None or e.visible_to is None or e.visible_to == viewer]

    def public_events(self) -> list[Event]:
        """The events every player may see (none private to one player)."""
        return [e for e in self.events if e.visible_to is None]


class Replay:
    """The states and steps of one game (see the module docstring)."""

    def __init__(self, states: Sequence[Any], steps: Sequence[Step]):
        if len(states) != len(steps):
            raise ValueError(f"{len(states)} states but {len(steps)} steps")
        self.states = list(states)
        self.steps = list(steps)

    def __len__(self) -> int:
        return len(self.states)

    @property
    def final(self):
        return self.states[-1]

    def state(self, index: int):
        return self.states[index]

    def step(self, index: int) -> Step:
        return self.steps[index]

    def __repr__(self) -> str:
        return f"<Replay of {len(self.states) - 1} actions: {self.final!r}>"


# ---------------------------------------------------------------------------------------------
# An action in words
# ---------------------------------------------------------------------------------------------
def action_call(action: Action | None) -> str:
    """An action as short call syntax (for developers, and the fallback of :func:`action_text`):
    its kind and the fields that differ from their defaults, numbers rounded to 0.1."""
    if action is None:
        return "the game is dealt"

    def short(value: Any) -> str:
        if isinstance(value, float):
            return f"{value:.1f}"
        if isinstance(value, tuple):
            return "(" + ", ".join(short(v) for v in value) + ")"
        return str(value)

    parts = [f"{f.name}={short(getattr(action, f.name))}" for f in dataclasses.fields(action)
             if getattr(action, f.name) != f.default]
    return f"{action.kind}({', '.join(parts)})"


def action_text(action: Action | None, state: Any = None, system=None) -> str:
    """An action in words for people: ``system``'s ``describe_action(action, state)`` (``state``:
    the game the action is taken in, or None) where the system registers one, else the action's
    kind and fields in plain words (:func:`plain_words`).  ``system``: a System, its name, or None
    (then the call syntax, :func:`action_call`)."""
    if action is None:
        return action_call(None)
    if system is not None:
        from explorer.core.systems import get

        describe = get(system).describe_action
        return describe(action, state) if describe is not None else plain_words(action)
    return action_call(action)


def _value_words(value: Any) -> str:
    """A field's value for people: numbers to 0.1, tuples as their items (None left out), a
    one-item tuple as its item."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.1f}"
    if isinstance(value, tuple):
        items = [_value_words(v) for v in value if v is not None]
        return items[0] if len(items) == 1 else "(" + ", ".join(items) + ")"
    return str(getattr(value, "value", value)) if not isinstance(value, (str, int)) else str(value)


def _field_words(name: str) -> str:
    return name.replace("_", " ")


def plain_words(action: Action) -> str:
    """An action of a system that registers no words (``describe_action``), in plain words from its
    kind and the fields that differ from their defaults: ``play(card=egypt, store_played=True)`` reads
    "play: card egypt, store played", ``end-turn()`` "end turn"."""
    parts = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value == f.default:
            continue
        if isinstance(value, bool):
            parts.append(_field_words(f.name) if value else f"no {_field_words(f.name)}")
        else:
            parts.append(f"{_field_words(f.name)} {_value_words(value)}")
    head = action.kind.replace("-", " ").replace("_", " ")
    return f"{head}: {', '.join(parts)}" if parts else head


def _apart(values: Sequence[Any]) -> list[str]:
    """The words of each of ``values`` (one field of actions that read alike) keeping only what tells
    them apart: of tuples of one length, the items that differ (a move's end point, not its chip)."""
    if values and all(isinstance(v, tuple) for v in values) and len({len(v) for v in values}) == 1:
        differ = [i for i in range(len(values[0])) if len({repr(v[i]) for v in values}) > 1]
        columns = [_apart([v[i] for v in values]) for i in differ]
        out = []
        for j in range(len(values)):
            items = [column[j] for column in columns]
            out.append(items[0] if len(items) == 1 else "(" + ", ".join(items) + ")")
        return out
    return [_value_words(v) for v in values]


def action_choices(actions: Sequence[Action], state: Any = None, system=None) -> list[str]:
    """Each of ``actions`` (the legal actions of ``state``) in words, each its own, for a list to
    choose from: :func:`action_text` (the system's words, else :func:`plain_words`); actions that read
    alike get the fields that tell them apart in parentheses (only the parts that differ:
    "... 2.5 cm (legs: (47.0, 43.7))"), and those still alike (differing below the 0.1 shown) a
    number ("(#2)")."""
    actions = list(actions)
    words = [action_text(action, state, system) for action in actions]
    groups: dict[str, list[int]] = {}
    for i, text in enumerate(words):
        groups.setdefault(text, []).append(i)
    out = list(words)
    for text, members in groups.items():
        if len(members) < 2:
            continue
        alike = [actions[i] for i in members]
        names = [f.name for f in dataclasses.fields(alike[0])] if all(
            dataclasses.is_dataclass(a) and type(a) is type(alike[0]) for a in alike) else []
        extra = [[] for _ in members]
        for name in names:
            values = [getattr(a, name) for a in alike]
            if len({repr(v) for v in values}) > 1:
                for parts, shown in zip(extra, _apart(values)):
                    parts.append(f"{_field_words(name)}: {shown}")
        for i, parts in zip(members, extra):
            if parts:
                out[i] = f"{text} ({'; '.join(parts)})"
    counts: dict[str, int] = {}
    seen: dict[str, int] = {}
    for text in out:
        counts[text] = counts.get(text, 0) + 1
    for i, text in enumerate(out):
        if counts[text] > 1:
            seen[text] = seen.get(text, 0) + 1
            out[i] = f"{text} (#{seen[text]})"
    return out


# ---------------------------------------------------------------------------------------------
# The save and its system
# ---------------------------------------------------------------------------------------------
def system_of(data: Mapping[str, Any], system=None):
    """The registered system of a save: ``system`` if given (a System or a name), else the one its
    ``"system"`` field names."""
    from explorer.core.systems import RegistryError, get

    if system is None:
        name = data.get("system") if isinstance(data, Mapping) else None
        if not isinstance(name, str):
            raise ReplayError("the saved game names no system (its 'system' field): pass system=")
        system = name
    try:
        return get(system)
    except RegistryError as unknown:
        raise ReplayError(str(unknown)) from unknown


def saved_game(game, system=None) -> tuple[dict, Any, Any]:
    """``(data, state, system)`` of a game given as a state, its ``to_json()`` dict or that as a
    JSON string (the state loaded with ``System.load`` unless it was given)."""
    if isinstance(game, (str, bytes)):
        game = json.loads(game)
    if isinstance(game, Mapping):
        data = dict(game)
        found = system_of(data, system)
        return data, found.load(data), found
    if not callable(getattr(game, "to_json", None)):
        raise TypeError(f"a game to replay is a state, its to_json() dict or a JSON string, got {type(game).__name__}")
    data = game.to_json()
    return data, game, system_of(data, system)


# ---------------------------------------------------------------------------------------------
# Replaying
# ---------------------------------------------------------------------------------------------
def replay(game, system=None, *, check: bool = True) -> Replay:
    """Rebuild every state of a saved game (a state, its ``to_json()`` dict or that as a JSON
    string) from its origin; ``system``: a System or its name (default: the save's ``"system"``).

    ``check``: compare the last replayed state with the saved one and raise
    :class:`ReplayMismatch` if they differ.  A recorded action the referee refuses raises
    :class:`ReplayError` naming the step and the rule.
    """
    if isinstance(game, (str, bytes)) or isinstance(game, Mapping):
        data = _data_of(game, "saved game")
        found = system_of(data, system)
        history = _history(data, found, "saved game")
    else:
        data, saved, found = saved_game(game, system)
        history = list(saved.history)
    return _replayed(data, found, history, check)


def load_game(saved, system=None, *, source: str = "save"):
    """A saved game (its ``to_json()`` dict or that as JSON text), loaded without trusting it.

    The save is dealt again from its recorded origin (``System.dealt``, which checks the origin)
    and its history -- each action decoded and checked field by field -- is re-applied through
    the referee; the result must be the saved game exactly.  So a save whose cards, counts,
    players or phase were changed after it was written, an action the rules refuse, a wrong
    type, a NaN or a size beyond the bounds is refused with an
    :class:`~explorer.core.inputs.InputError` naming ``source``, the field and what was expected,
    and what loads is a game the rules produced.  (A game with no origin -- set up by hand -- is
    saved and loaded as a position: ``System.from_position``.)
    """
    from explorer.core.inputs import InputError
    from explorer.core.systems import get, names

    data = _data_of(saved, source)
    name = data.get("system")
    if system is None and not isinstance(name, str) or isinstance(name, str) and name not in names():
        raise InputError(source, "system", f"the name of a registered system ({', '.join(names())})", name)
    found = get(system if system is not None else name)
    if isinstance(name, str) and name != found.name:
        raise InputError(source, "system", f"a save of {found.name!r}", name)
    version = data.get("version", 1)
    if isinstance(version, bool) or version != SAVE_VERSION:
        raise InputError(source, "version", f"a save format this explorer reads (version {SAVE_VERSION})", version)
    if not isinstance(data.get("origin"), Mapping):
        raise InputError(source, "origin", "the record of how the game was dealt (a game set up by hand is "
                                           "loaded as a position)", data.get("origin"))
    history = _history(data, found, source)
    try:
        return _replayed(data, found, history, True).final
    except ReplayMismatch as mismatch:
        raise InputError(source, mismatch.key, "the value the game's own origin and history give (the save was "
                                               "changed after it was written)") from None
    except ReplayError as failed:
        if isinstance(failed.__cause__, InputError) and not str(getattr(failed, "field", "")).startswith("history["):
            raise failed.__cause__ from None  # the origin's own error, naming its field
        raise InputError(source, getattr(failed, "field", "history"), str(failed)) from None


MAX_HISTORY = 100_000
"""The most actions a saved game may record (a long game has a few hundred)."""

SAVE_VERSION = 1
"""The version of the save format every system writes (``"version"`` beside ``"system"``); a
save without it is of version 1, the first."""


def _data_of(game, source: str) -> dict:
    from explorer.core.inputs import InputError, parse_json

    if isinstance(game, (str, bytes, bytearray)):
        game = parse_json(game, source)
    if not isinstance(game, Mapping):
        raise InputError(source, "", "a saved game: a JSON object", game)
    return dict(game)


def _history(data: Mapping[str, Any], found, source: str) -> list:
    """The save's history decoded by the system's action codec, field by field (InputError naming
    ``history[i]``); through ``System.load`` for a system without a codec."""
    from explorer.core.inputs import InputError

    history = data.get("history", [])
    if not isinstance(history, list):
        raise InputError(source, "history", "a list of actions", history)
    if len(history) > MAX_HISTORY:
        raise InputError(source, "history", f"at most {MAX_HISTORY:,} actions", f"{len(history):,} actions")
    if found.actions is None:
        return list(found.load(data).history)
    return [found.actions.from_json(item, source=f"{source}, history[{i}]") for i, item in enumerate(history)]


class _StepRefused(ReplayError):
    def __init__(self, message: str, field: str):
        self.field = field
        super().__init__(message)


def _replayed(data: Mapping[str, Any], found, history: list, check: bool) -> Replay:
    from explorer.core.inputs import InputError

    try:
        fresh = found.dealt(data)
    except ReplayError:
        raise
    except InputError as failed:
        raise _StepRefused(f"the saved {found.name} game cannot be dealt again: {failed}", failed.field
                           if failed.field.startswith("origin") else f"origin.{failed.field}".rstrip(".")) from failed
    except (ValueError, KeyError, TypeError) as failed:
        raise _StepRefused(f"the saved {found.name} game cannot be dealt again: {failed}", "origin") from failed
    setup = len(fresh.history)
    if history[:setup] != list(fresh.history):
        raise _StepRefused(f"the first {setup} recorded actions are not the setup the origin deals", "history")
    dealt = undo_chain(fresh)
    states, steps = dealt.states, dealt.steps
    game_now = fresh.copy()
    for index in range(setup, len(history)):
        action = history[index]
        player = game_now.current_player
        try:
            events = game_now.apply(action)
        except (RuleViolation, InputError) as refused:
            raise _StepRefused(f"step {index + 1}: the referee refuses {action}: {refused}",
                               f"history[{index}]") from refused
        states.append(game_now.copy())
        steps.append(Step(index + 1, action, player, tuple(events)))
    if check:
        replayed = states[-1].to_json()
        expected = data if "system" in data else {"system": found.name, **data}  # a save older than the field
        if replayed != expected:
            raise ReplayMismatch(first_difference(expected, replayed))
    return Replay(states, steps)


def replay_states(game, system=None, *, check: bool = True) -> list:
    """The state after each action of a saved game: ``states[0]`` dealt, ``states[-1]`` the saved
    game itself (see :func:`replay`)."""
    return replay(game, system, check=check).states


def undo_chain(state) -> Replay:
    """The steps of a live game read from its undo snapshots, without dealing it again: undo is
    applied to copies back to the first action it can take back.  A state loaded from JSON has no
    snapshots: its step 0 is then the state itself.  (The states between the setup actions a
    system applies while dealing are the snapshots taken before each of them.)"""
    chain = [state.copy()]
    twin = state.copy()
    while twin.history:
        try:
            twin.undo()
        except IndexError:  # no snapshot further back (a loaded game)
            break
        chain.append(twin.copy())
    chain.reverse()
    steps = [Step(0, None, None, tuple(chain[0].log))]
    for i in range(1, len(chain)):
        before, after = chain[i - 1], chain[i]
        steps.append(Step(i, after.history[-1], before.current_player, tuple(after.log[len(before.log):])))
    return Replay(chain, steps)


def first_difference(expected: Any, actual: Any, path: str = "") -> str:
    """The first part where two JSON values differ, as a dotted path (``"data.piles"``,
    ``"history[3]"``); ``"(the whole state)"`` if they differ at the top."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            if expected.get(key, _MISSING) != actual.get(key, _MISSING):
                return first_difference(expected.get(key), actual.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (a, b) in enumerate(zip(expected, actual)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
    return path or "(the whole state)"


_MISSING = object()
