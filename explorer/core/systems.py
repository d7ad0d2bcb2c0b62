"""The system registry: every rule system registers itself once, and the generic tools find it here.

After OpenSpiel's ``pyspiel.register_game``: a system's package ends with one registration
(``explorer/<system>/system.py`` calls :func:`register` with a :class:`System`), and from then on
simulate, the players, replay and its panel, the conformance suite, coverage, the rulings list and
the rulings comparison work on it by its name.  The core never imports a system by name:
:func:`load_all` imports every subpackage of ``explorer`` it finds on disk (and any plug-in
declared under the entry-point group ``explorer.systems``), and each registers itself as it loads.

::

    import explorer
    explorer.systems()                      # a table of what is registered
    behind = explorer.core.systems.get("behind")
    game = behind.start(behind.configurations["unser_revier"], seed=3)

What a system provides (see :class:`System`): its name and title, its rulebook file and refs
module, how to start a game from a JSON-able configuration and a seed, named configurations for
tests and simulations, how to load a saved game and a position, how to deal a saved game again (for replay), its
coverage, its players, how to count one simulated game, and where its picture of a state lives
(a ``"module:attribute"`` text, imported only when a panel asks for it: drawing stays on top).

Every hook (``start``, ``load``, ``players``, ``simulation``, ``actions``, ``describe_action`` ...)
may be given the same way, as a ``"module:attribute"`` text (the attribute may be dotted,
``"explorer.behind.game:BehindState.from_json"``): it is imported when first read and kept, so a
registration names what lives in its system's other modules without importing them at load time
and without a wrapper function for each.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import MISSING, dataclass
from types import ModuleType
from typing import Any, Callable, Mapping, Sequence

__all__ = ["System", "RegistryError", "get", "imported", "load_all", "names", "register", "registered",
           "systems_frame"]

ENTRY_POINT_GROUP = "explorer.systems"


class RegistryError(LookupError):
    """An unknown system name, or a registration that clashes with another."""


def imported(text: str) -> Any:
    """What a ``"module:attribute"`` text names (``attribute`` may be dotted: ``"pkg.mod:Class.method"``),
    imported now."""
    module, colon, attribute = text.partition(":")
    if not colon or not module or not attribute:
        raise RegistryError(f'a hook given as text is "module:attribute", got {text!r}')
    value: Any = importlib.import_module(module)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value


class _Hook:
    """A :class:`System` field that may be given as a ``"module:attribute"`` text: read, it is the
    object the text names, imported on the first read and kept (a descriptor-typed dataclass field)."""

    def __init__(self, default: Any = MISSING):  # MISSING: a required field
        self.default = default

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, system, owner=None):
        if system is None:  # the dataclass asks for the field's default
            return self.default
        value = system.__dict__[self.name]
        if isinstance(value, str):
            value = system.__dict__[self.name] = imported(value)
        return value

    def __set__(self, system, value) -> None:
        system.__dict__[self.name] = value


@dataclass(frozen=True)
class System:
    """One registered rule system.

    * ``name``: short id (``"behind"``); its rulings' ids start with ``name + "."``;
    * ``title``: for people (``"Behind (2003)"``); ``rulebook``: the rulebook's file name;
    * ``refs``: the module of its :class:`~explorer.core.rules.RuleRef` constants, one per heading;
    * ``start(config, seed)``: a new game from a JSON-able configuration (a mapping; the keys are
      the system's own, ``"rulings"`` among them where the system supports switching rulings);
    * ``configurations``: named configurations every generic test plays (conformance, simulate);
    * ``load(saved)``: a game from its ``to_json()`` data;
    * ``from_position(position)``: a game from a hand-written position (``state.position()``
      writes one back), or None if the system has no position format yet;
    * ``dealt(saved)``: the game as first dealt, rebuilt from the origin a save (``to_json()``
      data) records; replay re-applies the save's history to it;
    * ``coverage()``: its rulebook coverage rows (:func:`explorer.core.coverage.system_coverage`);
    * ``players``: its player kinds by name, each a no-argument factory of an object with
      ``choose(state, rng) -> action``; the core's uniform random player is always added as
      ``"uniform"`` (:func:`explorer.core.players.players_of`);
    * ``simulation``: how a simulated game is counted (:class:`explorer.core.simulate.Simulation`),
      or None;
    * ``picture``: ``"module:attribute"`` of a class ``Picture(state)`` with ``update(state)`` and
      ``png()`` (the replay panel draws with it), or None; optionally ``figure_size()`` (then the
      panel draws on an ipympl canvas), ``status_line(state)`` and ``players_html(state, viewer)``;
    * ``invariants(state)``: raises if the state breaks one of the system's invariants (default:
      ``state.check_invariants()``);
    * ``conformance(k)``: conformance game ``k`` as ``{"config", "players", "seed"}`` and
      ``conformance_games`` how many (:mod:`explorer.core.conformance`; default: its
      configurations and player kinds in turn);
    * ``refused(state)``: actions the referee must refuse in ``state`` (the conformance suite
      checks that they are refused and change nothing), or None;
    * ``describe``: one line on what is implemented, for :func:`systems_frame`;
    * ``actions``: the system's :class:`~explorer.core.game.ActionCodec`, so a save's history is
      decoded (and checked field by field) without loading the saved state itself
      (:func:`explorer.core.replay.load_game`); None: decoded through ``load``;
    * ``describe_action(action, state)``: an action in words for people (``"Johanna Falkenauge
      defends with S13 (Parry)"``), ``state`` the game it is taken in (or None); the replay panel's
      step headers read it (:func:`explorer.core.replay.action_text`).  None: its kind and fields in
      plain words (:func:`explorer.core.replay.action_choices`).

    Each hook may be a ``"module:attribute"`` text instead, imported when first read (:func:`imported`).
    """

    name: str
    title: str
    rulebook: str
    refs: ModuleType
    start: Callable[[Mapping[str, Any], int], Any] | str = _Hook()
    configurations: Mapping[str, Mapping[str, Any]]
    load: Callable[[Any], Any] | str = _Hook()
    dealt: Callable[[Mapping[str, Any]], Any] | str = _Hook()
    coverage: Callable[[], list] | str = _Hook()
    players: Mapping[str, Callable[[], Any]] | str | None = _Hook(None)
    from_position: Callable[..., Any] | str | None = _Hook(None)
    simulation: Any = _Hook(None)
    picture: str | None = None
    invariants: Callable[[Any], None] | str | None = _Hook(None)
    conformance: Callable[[int], Mapping[str, Any]] | str | None = _Hook(None)
    conformance_games: int = 0
    refused: Callable[[Any], list] | str | None = _Hook(None)
    describe: str = ""
    actions: Any = _Hook(None)
    describe_action: Callable[[Any, Any], str] | str | None = _Hook(None)

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.lower():
            raise RegistryError(f"a system name is a lower-case identifier, got {self.name!r}")
        if not self.configurations:
            raise RegistryError(f"system {self.name!r} registers no configuration to play")
        if self.__dict__["players"] is None:  # the core's uniform player only (not read: a text stays unimported)
            object.__setattr__(self, "players", {})

    def new_game(self, configuration: str | Mapping[str, Any] | None = None, seed: int = 0, **changes: Any):
        """A new game: a named configuration (default: the first) or a mapping, with ``changes``."""
        config = self.configuration(configuration)
        return self.start({**config, **changes}, seed)

    def configuration(self, configuration: str | Mapping[str, Any] | None = None) -> dict:
        """A configuration by name (default: the first registered), or the mapping itself."""
        if configuration is None:
            return dict(next(iter(self.configurations.values())))
        if isinstance(configuration, str):
            if configuration not in self.configurations:
                raise RegistryError(f"{self.name} has no configuration {configuration!r}; "
                                   f"configurations: {', '.join(self.configurations)}")
            return dict(self.configurations[configuration])
        if not isinstance(configuration, Mapping):
            raise TypeError(f"a configuration is a name or a mapping, got {type(configuration).__name__}")
        return dict(configuration)

    def check_invariants(self, state) -> None:
        if self.invariants is not None:
            self.invariants(state)
        else:
            state.check_invariants()

    def picture_class(self):
        """The system's picture class (imported now: only drawing code asks for it)."""
        if self.picture is None:
            raise RegistryError(f"system {self.name!r} registers no picture of a state")
        return imported(self.picture)

    @property
    def rulings(self) -> list:
        """Its rulings, from the shared registry (ids starting with ``name.``)."""
        from explorer.core.rulings import rulings_for
        return rulings_for(self.name)


_REGISTRY: dict[str, System] = {}
_loaded = False


def register(system: System) -> System:
    """Register ``system`` (idempotent for the same object; another under a taken name raises)."""
    known = _REGISTRY.get(system.name)
    if known is not None and known is not system:
        raise RegistryError(f"system {system.name!r} is registered twice")
    _REGISTRY[system.name] = system
    return system


def load_all() -> dict[str, System]:
    """Import every system package found beside the core (and entry-point plug-ins); return the
    registry.  Safe to call often: the packages are imported once."""
    global _loaded
    if not _loaded:
        import explorer

        for info in pkgutil.iter_modules(explorer.__path__):
            if info.ispkg and info.name not in ("core", "data"):  # data: the shipped data files
                importlib.import_module(f"explorer.{info.name}")
        try:
            from importlib.metadata import entry_points
            for point in entry_points(group=ENTRY_POINT_GROUP):
                point.load()
        except Exception:  # noqa: BLE001 -- a broken plug-in must not hide the shipped systems
            pass
        _loaded = True
    return dict(sorted(_REGISTRY.items()))


def registered() -> dict[str, System]:
    """Every registered system, by name (after :func:`load_all`)."""
    return load_all()


def names() -> list[str]:
    return list(load_all())


def get(name: str | System) -> System:
    """The registered system ``name`` (a System is returned as it is)."""
    if isinstance(name, System):
        return name
    systems = load_all()
    if name not in systems:
        raise RegistryError(f"unknown system {name!r}; systems: {', '.join(systems) or 'none'}")
    return systems[name]


def systems_frame(columns: Sequence[str] = ("name", "title", "rulebook", "configurations", "players", "rulings",
                                            "describe")):
    """The registered systems as a pandas DataFrame (``explorer.systems()``)."""
    import pandas as pd

    from explorer.core.players import players_of

    rows = []
    for system in load_all().values():
        rows.append({"name": system.name, "title": system.title, "rulebook": system.rulebook,
                     "configurations": ", ".join(system.configurations),
                     "players": ", ".join(players_of(system)), "rulings": len(system.rulings),
                     "describe": system.describe})
    return pd.DataFrame(rows, columns=list(columns)).set_index("name")
