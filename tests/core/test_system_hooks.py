"""A system's hooks given as ``"module:attribute"`` texts (explorer.core.systems): imported when first
read, so a registration names its players, simulation, actions ... without a wrapper function each."""

import sys

import pytest

from explorer.core import systems

HOOKS = ("start", "load", "dealt", "coverage", "players", "from_position", "simulation", "invariants",
         "conformance", "refused", "actions", "describe_action")


def _system(**hooks):
    base = {"name": "hooked", "title": "Hooked", "rulebook": "none.txt", "refs": sys,
            "start": "hooked_module:start", "configurations": {"one": {}}, "load": "hooked_module:Game.load",
            "dealt": "hooked_module:Game.load", "coverage": "hooked_module:coverage"}
    return systems.System(**{**base, **hooks})


@pytest.fixture
def hooked_module(tmp_path, monkeypatch):
    (tmp_path / "hooked_module.py").write_text(
        "def start(config, seed):\n    return ('started', seed)\n\n"
        "class Game:\n    @staticmethod\n    def load(saved):\n        return ('loaded', saved)\n\n"
        "def coverage():\n    return []\n\nPLAYERS = {'idle': object}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "hooked_module", raising=False)
    yield
    sys.modules.pop("hooked_module", None)


def test_a_hook_text_is_imported_when_first_read_and_kept(hooked_module):
    system = _system(players="hooked_module:PLAYERS")
    assert "hooked_module" not in sys.modules  # registering imports nothing
    assert system.start({}, 7) == ("started", 7)
    assert "hooked_module" in sys.modules
    assert system.load({"a": 1}) == ("loaded", {"a": 1})  # a dotted attribute: Game.load
    assert system.players == {"idle": object} and system.players is system.players
    assert system.new_game(seed=3) == ("started", 3)


def test_objects_are_taken_as_they_are_and_no_players_means_the_uniform_one_only(hooked_module):
    def start(config, seed):
        return seed

    system = _system(start=start)
    assert system.start is start and system.players == {} and system.actions is None
    with pytest.raises(TypeError):
        systems.System(name="bare", title="Bare", rulebook="none.txt", refs=sys, configurations={"one": {}})


def test_a_bad_hook_text_names_itself_when_read(hooked_module):
    system = _system(coverage="hooked_module")
    with pytest.raises(systems.RegistryError, match="module:attribute"):
        system.coverage
    with pytest.raises(AttributeError):
        _system(coverage="hooked_module:nothing").coverage


@pytest.mark.parametrize("name", systems.names())
def test_every_registered_hook_resolves(name):
    system = systems.get(name)
    for hook in HOOKS:
        assert not isinstance(getattr(system, hook), str), f"{name}.{hook} names nothing importable"
    assert all(callable(factory) for factory in system.players.values())
