"""The game protocol every rule system implements (after OpenSpiel, python-chess and PokerKit).

A :class:`GameState` is what a notebook drives:

* ``current_player`` and ``phase`` say who decides what now; ``is_terminal`` and ``winner`` say
  whether and how the game ended;
* ``legal_actions()`` is a lazy :class:`LegalActions` view: ``action in state.legal_actions()``
  checks one action (cheap even where the action space is continuous, like movement targets),
  iterating it yields a finite set of representative legal actions;
* ``check(action)`` raises :class:`~explorer.core.rules.RuleViolation` naming the broken rule
  and citing the rulebook; ``can(action)`` answers yes or no;
* ``apply(action)`` checks, then performs, and returns the events it logged.  An action that
  turns out to be illegal changes nothing: the state is restored from a snapshot taken first;
* ``log`` is the list of :class:`Event` (every event cites its rule), ``history`` the applied
  actions; ``undo()`` takes the last action back; ``copy()`` is independent of the original;
* ``to_json()`` / ``from_json()`` round-trip a state exactly (the random generator included),
  so a saved game continues exactly as the original would.

Actions are small frozen dataclasses registered per system with :func:`action`, so they
round-trip through JSON by their ``kind``.
"""

from __future__ import annotations

import copy as _copy
import dataclasses
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Iterable, Iterator, Mapping

from explorer.core.inputs import InputError
from explorer.core.rules import RuleRef, RuleViolation


# ---------------------------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Event:
    """One thing that happened, in words, with the rule that made it happen.

    ``visible_to`` is ``None`` for public events and a player for what only that player may
    know (the cards he drew, the cards he looked at).
    """

    kind: str
    text: str
    rule: RuleRef | None = None
    player: Any = None
    visible_to: Any = None
    data: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.rule is not None:
            out["rule"] = self.rule.to_json()
        if self.player is not None:
            out["player"] = self.player
        if self.visible_to is not None:
            out["visible_to"] = self.visible_to
        if self.data:
            out["data"] = dict(self.data)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Event":
        rule = data.get("rule")
        return cls(data["kind"], data["text"], None if rule is None else RuleRef.from_json(rule),
                   data.get("player"), data.get("visible_to"), dict(data.get("data", {})))

    def __str__(self) -> str:
        return self.text if self.rule is None else f"{self.text}  [{self.rule}]"


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------
class Action:
    """Base of every action: a frozen dataclass with a ``kind`` and JSON-able fields.

    Tuples stay tuples after a JSON round trip (lists are turned back into tuples), so actions
    compare equal and hash after loading.
    """

    kind: ClassVar[str] = ""

    def to_json(self) -> dict:
        out = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _plain(getattr(self, f.name))
        return out

    def __str__(self) -> str:
        parts = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)  # type: ignore[arg-type]
                 if getattr(self, f.name) != f.default]
        return f"{self.kind}({', '.join(parts)})"


MAX_ACTION_ITEMS = 1_000
"""The longest tuple an action field may hold (a movement has a handful of legs)."""

MAX_ACTION_TEXT = 200
"""The longest text an action field may hold (ids and names are short)."""


def action_problems(action: Action) -> list[tuple[str, Any, str]]:
    """What is wrong with ``action``'s fields against its declared types, as ``(field, value,
    expected)``: texts are ``str``, numbers finite ``int`` / ``float`` (``True`` is no number),
    ``Optional[...]`` allows ``None``, ``tuple[X, ...]`` and ``tuple[A, B]`` are checked item by
    item, a bare ``tuple`` only as a tuple of JSON-like values.  Empty when the fields are
    well-formed (whether the action is *legal* is the rules' question)."""
    problems: list[tuple[str, Any, str]] = []
    for name, check in _checkers(type(action)):
        check(getattr(action, name), name, problems)
    return problems


def _checkers(cls: type) -> list:
    """One compiled check per field of ``cls``, from its type hints (made once per class)."""
    found = _CHECKERS.get(cls)
    if found is None:
        import typing

        hints = typing.get_type_hints(cls)
        found = _CHECKERS[cls] = [(f.name, _compile(hints.get(f.name, Any))) for f in dataclasses.fields(cls)]
    return found


_CHECKERS: dict[type, list] = {}


def _compile(hint: Any) -> Callable[[Any, str, list], None]:
    """A function ``check(value, where, problems)`` for one type hint (see :func:`action_problems`)."""
    import math
    import types
    import typing

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        def check(value, where, problems):
            if not _json_like(value):
                problems.append((where, value, "a JSON-like value (text, number, true/false, null or a tuple of them)"))
        return check
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        optional = len(options) < len(args)
        inner = [_compile(a) for a in options]
        words = " or ".join(_word(a) for a in options)

        def check(value, where, problems):
            if value is None and optional:
                return
            if len(inner) == 1:
                return inner[0](value, where, problems)
            for one in inner:
                found: list = []
                one(value, where, found)
                if not found:
                    return
            problems.append((where, value, words))
        return check
    if hint is str:
        def check(value, where, problems):
            if type(value) is not str and not isinstance(value, str):
                problems.append((where, value, "a text"))
            elif len(value) > MAX_ACTION_TEXT:
                problems.append((where, value, f"a text of at most {MAX_ACTION_TEXT} characters"))
        return check
    if hint is bool:
        def check(value, where, problems):
            if not isinstance(value, bool):
                problems.append((where, value, "true or false"))
        return check
    if hint is int:
        def check(value, where, problems):
            if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int)):
                problems.append((where, value, "a whole number"))
        return check
    if hint is float:
        isfinite = math.isfinite

        def check(value, where, problems):
            kind = type(value)
            if kind is not float and kind is not int and (isinstance(value, bool) or not isinstance(value, (int, float))):
                problems.append((where, value, "a number"))
            elif not isfinite(value):
                problems.append((where, value, "a finite number"))
        return check
    if hint is tuple or origin is tuple:
        if hint is tuple or not args:
            items = None
        elif len(args) == 2 and args[1] is Ellipsis:
            items = _compile(args[0])
        else:
            items = [_compile(a) for a in args]

        def check(value, where, problems):
            if not isinstance(value, tuple):
                problems.append((where, value, "a tuple (a list in JSON)"))
            elif len(value) > MAX_ACTION_ITEMS:
                problems.append((where, f"{len(value)} items", f"at most {MAX_ACTION_ITEMS} items"))
            elif items is None:
                if not _json_like(value):
                    problems.append((where, value, "a tuple of texts, numbers, true/false or null"))
            elif callable(items):
                for k, item in enumerate(value):
                    _item(items, item, where, k, problems)
            elif len(value) != len(items):
                problems.append((where, value, f"{len(items)} items"))
            else:
                for k, (item, one) in enumerate(zip(value, items)):
                    _item(one, item, where, k, problems)
        return check
    if isinstance(hint, type):
        def check(value, where, problems):
            if not isinstance(value, hint):
                problems.append((where, value, f"a {hint.__name__}"))
        return check
    return lambda value, where, problems: None


def _item(check, item, where: str, k: int, problems: list) -> None:
    """``check(item, f"{where}[{k}]", problems)``, the item's name written only for a problem
    (a movement's legs are checked item by item on every action: most are well-formed)."""
    mark = len(problems)
    check(item, where, problems)
    if len(problems) > mark:
        del problems[mark:]
        check(item, f"{where}[{k}]", problems)


def _word(hint: Any) -> str:
    return {str: "a text", float: "a number", int: "a whole number", bool: "true or false"}.get(
        hint, getattr(hint, "__name__", str(hint)))


def _json_like(value: Any, depth: int = 0) -> bool:
    import math

    if value is None or isinstance(value, (str, bool, int)):
        return not isinstance(value, str) or len(value) <= MAX_ACTION_TEXT
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, tuple) and depth < 8:
        return len(value) <= MAX_ACTION_ITEMS and all(_json_like(v, depth + 1) for v in value)
    return False


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any, depth: int = 0) -> Any:
    if isinstance(value, list) and depth < 16:
        return tuple(_tuples(v, depth + 1) for v in value)
    return value


class ActionCodec:
    """The actions of one system, by kind: ``codec.from_json(action.to_json()) == action``."""

    def __init__(self, system: str):
        self.system = system
        self.classes: dict[str, type[Action]] = {}

    def register(self, kind: str) -> Callable[[type], type]:
        def decorate(cls: type) -> type:
            if kind in self.classes:
                raise ValueError(f"{self.system}: action kind {kind!r} registered twice")
            if not issubclass(cls, Action):
                raise TypeError(f"{self.system}: {cls.__name__} must subclass explorer.core.game.Action")
            cls = dataclasses.dataclass(frozen=True)(cls)
            cls.kind = kind
            self.classes[kind] = cls
            return cls
        return decorate

    def from_json(self, data: Mapping[str, Any], *, source: str | None = None) -> Action:
        """The action ``data`` describes (as ``action.to_json()`` wrote it), its fields checked
        against their declared types: InputError naming the field otherwise (``source``: where
        the data came from, say ``"save, history[3]"``)."""
        source = source or f"{self.system} action"
        if not isinstance(data, Mapping):
            raise InputError(source, "", "an action as a JSON object with its 'kind'", data)
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in self.classes:
            raise InputError(source, "kind", f"one of {', '.join(sorted(self.classes))}", kind)
        cls = self.classes[kind]
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(str(k) for k in set(data) - set(fields) - {"kind"})
        if unknown:
            raise InputError(source, unknown[0], f"a field of {kind!r} ({', '.join(fields) or 'it has none'})")
        missing = [n for n, f in fields.items() if n not in data and f.default is dataclasses.MISSING
                   and f.default_factory is dataclasses.MISSING]
        if missing:
            raise InputError(source, missing[0], "this field (it is required)")
        action = cls(**{k: _tuples(v, 0) for k, v in data.items() if k != "kind"})
        problems = action_problems(action)
        if problems:
            field, value, expected = problems[0]
            raise InputError(source, field, expected, value, problems=problems)
        return action


# ---------------------------------------------------------------------------------------------
# Legal actions, lazily
# ---------------------------------------------------------------------------------------------
class LegalActions:
    """A lazy view of a state's legal actions (python-chess's ``legal_moves``).

    ``action in legal`` checks that one action; iterating yields the state's finite set of
    representative legal actions (for continuous choices, like a movement's end point, a
    sample: see the system's documentation); ``count()`` and ``bool()`` iterate.
    """

    def __init__(self, state: "GameState", kind: str | None = None):
        self._state = state
        self._kind = kind

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and (self._kind is None or action.kind == self._kind) \
            and self._state.can(action)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._state._legal_candidates(self._kind))

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        shown = list(self)
        return f"<LegalActions {len(shown)}: {', '.join(map(str, shown[:8]))}{' ...' if len(shown) > 8 else ''}>"


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------
class GameState(ABC):
    """Shared machinery: check / apply / log / undo / copy; systems supply the rules.

    A subclass keeps everything that changes in ``self._data`` and implements:

    * ``current_player``, ``phase``, ``is_terminal``, ``winner``;
    * ``_verify(action)`` -- raise :class:`RuleViolation` if the action is illegal now;
    * ``_perform(action)`` -- carry it out, logging events with :meth:`emit`;
    * ``_candidates(kind)`` -- representative actions to try (``legal_actions`` filters them);
    * ``_snapshot()`` / ``_restore(snapshot)`` -- an independent copy of ``_data`` and back;
    * ``to_json()`` / ``from_json()``.

    A system whose rules let it build some candidates that are legal by construction may also
    override :meth:`_legal_candidates` (it must yield legal actions only; the conformance suite
    checks every one of them with ``check``).

    **Accepted once, not verified twice.**  An action that :meth:`can` (or iterating
    :meth:`legal_actions`) has accepted is remembered until the state changes, and
    :meth:`apply` of an equal action on the unchanged state does not verify it again.  The
    state changes only through :meth:`apply`, :meth:`undo` and loading; code that edits the
    private data directly must call :meth:`_changed` (better: build the state from a position).
    """

    game_over_rule: ClassVar[RuleRef | None] = None

    def __init__(self) -> None:
        self.log: list[Event] = []
        self.history: list[Action] = []
        self._undo: list[tuple[Any, int]] = []
        self._accepted: set = set()

    # -- what a system supplies ----------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> Any:
        """The player who decides now (None once the game is over)."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase of the game (or the decision being waited for)."""

    @property
    @abstractmethod
    def winner(self) -> Any:
        """The winner, or None (no winner yet, or a game stopped without one)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """The game is over: no legal actions remain."""

    @abstractmethod
    def _verify(self, action: Action) -> None:
        """Raise RuleViolation if ``action`` is illegal in this state."""

    @abstractmethod
    def _perform(self, action: Action) -> None:
        """Carry out a verified action, logging its events."""

    @abstractmethod
    def _candidates(self, kind: str | None = None) -> Iterable[Action]:
        """Actions worth trying now (legal_actions keeps those that pass the check)."""

    @abstractmethod
    def _snapshot(self) -> Any:
        """An independent copy of everything that changes."""

    @abstractmethod
    def _restore(self, snapshot: Any) -> None:
        """Put a snapshot back (it may be used again afterwards, so copy it)."""

    @abstractmethod
    def to_json(self) -> dict:
        """Everything, as JSON-able data."""

    # -- the protocol --------------------------------------------------------------------------
    def legal_actions(self, kind: str | None = None) -> LegalActions:
        return LegalActions(self, kind)

    def check(self, action: Action) -> None:
        """Raise RuleViolation (rule cited) if ``action`` may not be taken now; InputError (a
        ValueError naming the field) if it is not a well-formed action at all -- a wrong type, a
        number that is not finite -- before any rule runs."""
        if not isinstance(action, Action):
            raise InputError("action", "", "an action (an explorer Action object)", action)
        problems = action_problems(action)
        if problems:
            field, value, expected = problems[0]
            raise InputError(f"action {action.kind!r}", field, expected, value, problems=problems)
        if self.is_terminal():
            raise RuleViolation(f"the game is over ({self.winner} won): no action can be taken",
                                self.game_over_rule or RuleRef("", "The End"))
        self._verify(action)

    def can(self, action: Action) -> bool:
        """Whether ``action`` may be taken now (remembered, so ``apply`` need not verify it again)."""
        if self._is_accepted(action):
            return True
        try:
            self.check(action)
        except (RuleViolation, InputError):  # illegal, or not a well-formed action: no
            return False
        self._accept(action)
        return True

    def _legal_candidates(self, kind: str | None = None) -> Iterator[Action]:
        """The legal actions ``legal_actions()`` iterates: the candidates that pass :meth:`can`."""
        for candidate in self._candidates(kind):
            if self.can(candidate):
                yield candidate

    def _accept(self, action: Action) -> None:
        try:
            self._accepted.add(action)
        except TypeError:  # an unhashable action is simply verified again
            pass

    def _is_accepted(self, action: Action) -> bool:
        try:
            return action in self._accepted
        except TypeError:
            return False

    def _changed(self) -> None:
        """Forget what was accepted: the state is no longer the one it was accepted in."""
        self._accepted = set()

    def apply(self, action: Action) -> list[Event]:
        """Check and carry out ``action``; return the events it caused.  An illegal action
        raises RuleViolation and leaves the state exactly as it was.  An action accepted by
        :meth:`can` on this unchanged state is not verified again."""
        snapshot, mark = self._snapshot(), len(self.log)
        try:
            if not self._is_accepted(action):
                self.check(action)
            self._changed()
            self._perform(action)
        except BaseException:
            self._restore(snapshot)
            del self.log[mark:]
            self._changed()
            raise
        self._undo.append((snapshot, mark))
        self.history.append(action)
        return self.log[mark:]

    def undo(self) -> Action:
        """Take the last applied action back and return it."""
        if not self._undo:
            raise IndexError("nothing to undo")
        snapshot, mark = self._undo.pop()
        self._restore(snapshot)
        self._changed()
        del self.log[mark:]
        return self.history.pop()

    def copy(self) -> "GameState":
        """An independent copy (its own data, log, history and undo stack)."""
        twin = _copy.copy(self)
        twin._restore(self._snapshot())
        twin.log = list(self.log)
        twin.history = list(self.history)
        twin._undo = list(self._undo)
        twin._accepted = set(self._accepted)
        return twin

    def emit(self, kind: str, text: str, rule: RuleRef | None = None, *, player: Any = None,
             visible_to: Any = None, **data: Any) -> Event:
        event = object.__new__(Event)  # Event(...) without the frozen dataclass's per-field setattr
        event.__dict__.update(kind=kind, text=text, rule=rule, player=player, visible_to=visible_to, data=data)
        self.log.append(event)
        return event

    def events_for(self, player: Any) -> list[Event]:
        """The log as ``player`` may see it (private events of others left out)."""
        return [e for e in self.log if e.visible_to is None or e.visible_to == player]
