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


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
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

    def from_json(self, data: Mapping[str, Any]) -> Action:
        kind = data.get("kind")
        if kind not in self.classes:
            raise ValueError(f"{self.system}: unknown action kind {kind!r}; known: {', '.join(sorted(self.classes))}")
        cls = self.classes[kind]
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names - {"kind"}
        if unknown:
            raise ValueError(f"{self.system}: action {kind!r} has no field(s) {', '.join(sorted(unknown))}")
        return cls(**{k: _tuples(v) for k, v in data.items() if k != "kind"})


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
        """Raise RuleViolation (rule cited) if ``action`` may not be taken now."""
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
        except RuleViolation:
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
