"""Replay for every registered system (explorer/core/replay.py) and its panel (explorer/core/panels/replay.py).

A saved game names its system and records its origin and history; dealing it again
(``System.dealt``) and re-applying the history through the referee must give back every state of
the game exactly as it was played -- for each system and each of its named configurations, played
by the core's uniform random player -- and a tampered record must be refused at the step it breaks.
The panel is driven in plain Python for each system: go to a step, the events shown, the viewer
switched, play on with apply / undo / redo.
"""

from __future__ import annotations

import html
import json
import re
from io import BytesIO

import ipywidgets as widgets
import pytest
from PIL import Image

from explorer.core.panels import PUBLIC, REFEREE, ReplayPanel, action_words
from explorer.core.players import RandomPlayer, play
from explorer.core.replay import ReplayError, ReplayMismatch, first_difference, replay, undo_chain
from explorer.core.rng import SeededRng
from explorer.core.systems import load_all

SYSTEMS = load_all()
CASES = [(name, config) for name, system in SYSTEMS.items() for config in system.configurations]
ACTIONS = 40  # actions played per game (enough for setup, turns, a fight or a capture; cheap for Behind)


def played(system, config=None, *, seed: int = 11, actions: int = ACTIONS):
    """A game of ``system`` played by the uniform player for up to ``actions`` actions, and the JSON
    of every state it went through (the setup a system applies while dealing included)."""
    game = system.new_game(config, seed=seed)
    states = [json.loads(json.dumps(s.to_json())) for s in undo_chain(game).states]
    player, rng = RandomPlayer(), SeededRng(seed)
    for _ in range(actions):
        if game.is_terminal():
            break
        game.apply(player.choose(game, rng))
        states.append(json.loads(json.dumps(game.to_json())))
    return game, states


@pytest.mark.parametrize(("name", "config"), CASES, ids=[f"{n}-{c}" for n, c in CASES])
def test_every_replayed_state_equals_the_live_game_at_that_step(name, config):
    system = SYSTEMS[name]
    game, live = played(system, config)
    saved = game.to_json()
    assert saved["system"] == name  # the save names its system: replay finds it in the registry
    record = replay(json.dumps(saved))
    assert len(record.states) == len(record.steps) == len(game.history) + 1 == len(live)
    for index, (state, expected) in enumerate(zip(record.states, live)):
        assert state.to_json() == expected, f"step {index}: {first_difference(expected, state.to_json())}"
    assert record.final.to_json() == saved
    assert [step.action for step in record.steps[1:]] == list(game.history)
    assert [e for step in record.steps for e in step.events] == list(game.log)
    for step, before in zip(record.steps[1:], record.states):
        assert step.player == before.current_player


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_whole_game_replays_to_its_end(name):
    """A game played to its end by the uniform player (``explorer.core.players.play``)."""
    system = SYSTEMS[name]
    game = play(system.new_game(seed=5), RandomPlayer(), seed=5)
    record = replay(game, name)
    assert record.final.is_terminal() and record.final.to_json() == game.to_json()
    assert record.final.winner == game.winner


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_tampered_history_is_refused_naming_the_step(name):
    """The referee checks every recorded action again: an action it refuses names its step."""
    system = SYSTEMS[name]
    game, _ = played(system)
    record = replay(game)
    index = len(game.history) - 3  # after any setup the dealing applies
    before = record.states[index]
    refused = [a for a in (system.refused(before) if system.refused else []) if not before.can(a)]
    assert refused, f"{name}: no refused action to tamper with"
    saved = game.to_json()
    saved["history"][index] = refused[0].to_json()
    with pytest.raises(ReplayError, match=rf"step {index + 1}: the referee refuses"):
        replay(saved)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_changed_save_is_a_mismatch_naming_the_first_difference(name):
    game, _ = played(SYSTEMS[name])
    saved = game.to_json()
    saved["log"][-1]["text"] += " (edited)"
    with pytest.raises(ReplayMismatch) as caught:
        replay(saved)
    assert caught.value.key == f"log[{len(saved['log']) - 1}].text"
    assert replay(saved, check=False).final.to_json()["log"] == game.to_json()["log"]


def test_a_save_without_its_system_needs_the_system_named():
    game, _ = played(SYSTEMS["beyond"], actions=10)
    saved = game.to_json()
    del saved["system"]
    with pytest.raises(ReplayError, match="names no system"):
        replay(saved)
    assert replay(saved, "beyond").final.to_json() == game.to_json()
    with pytest.raises(ReplayError, match="unknown system 'chess'"):
        replay(saved, "chess")


def test_a_save_without_origin_cannot_be_dealt_again():
    game, _ = played(SYSTEMS["beyond"], actions=10)
    saved = game.to_json()
    saved["origin"] = None
    with pytest.raises(ReplayError, match="cannot be dealt again"):
        replay(saved)


def test_first_difference_names_the_path():
    assert first_difference({"a": {"b": [1, 2]}}, {"a": {"b": [1, 3]}}) == "a.b[1]"
    assert first_difference({"a": 1}, {"a": 1, "z": 2}) == "z"
    assert first_difference([1], [1, 2]) == "(the whole state)"


# -- the panel, for every system ---------------------------------------------------------------------
@pytest.fixture(scope="module", params=list(SYSTEMS))
def recorded(request):
    name = request.param
    game, _ = played(SYSTEMS[name], actions=30)
    return name, game


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(BytesIO(bytes(data))).size


def test_the_panel_draws_with_the_systems_picture_and_goes_to_a_step(recorded):
    name, game = recorded
    panel = ReplayPanel(game.to_json(), picture="image")
    assert type(panel.picture) is SYSTEMS[name].picture_class() and panel.system.name == name
    assert (panel.slider.min, panel.slider.max, panel.index) == (0, len(game.history), 0)
    assert "the game is dealt" in panel.step_text.value and panel.prev.disabled
    first = bytes(panel.image.value)
    assert png_size(first) == panel.picture.pixel_size
    index = len(game.history) // 2
    panel.go(index)
    step = panel.steps[index]
    assert panel.index == index and panel.state is panel.states[index]
    assert f"<b>Step {index}</b>" in panel.step_text.value
    assert html.escape(action_words(step.action)) in panel.step_text.value
    for event in step.public_events():
        assert html.escape(event.text) in panel.step_text.value
        if event.rule is not None:
            assert html.escape(event.rule.section) in panel.step_text.value
    assert f"step {index} of {len(game.history)}" in panel.status.value
    assert bytes(panel.image.value) != first
    panel.last.click()
    assert panel.index == len(game.history) and panel.next.disabled
    panel.go(10_000)  # clamped
    assert panel.index == len(game.history)
    with pytest.raises(RuntimeError, match="play=True"):
        panel.undo()


def test_the_viewer_choices_are_the_players_and_each_sees_his_events(recorded):
    name, game = recorded
    panel = ReplayPanel(game, name, picture="image")
    players = list(game.players)
    assert list(panel.viewer.options) == [PUBLIC, REFEREE, *players]
    index = max(range(len(panel.steps)), key=lambda i: len(panel.steps[i].events))
    panel.go(index)
    step = panel.steps[index]
    for viewer in (PUBLIC, REFEREE, *players):
        panel.viewer.value = viewer
        seen = step.public_events() if viewer == PUBLIC else step.events_for(None if viewer == REFEREE else viewer)
        assert panel.events_seen(step, panel._viewer()) == seen
        # the words as shown: a ruling named in an event is a span with its tooltip (event_table._text_html)
        shown = re.sub(r'<span class="event-ruling"[^>]*>([^<]*)</span>', r"\1", panel.step_text.value)
        for event in step.events:
            assert (html.escape(event.text) in shown) == (event in seen)
        assert panel.players.value
    with pytest.raises(ValueError, match="viewer must be"):
        ReplayPanel(game, name, viewer="nobody", picture="image")


def test_play_mode_applies_undoes_and_redoes(recorded):
    name, _ = recorded
    live = SYSTEMS[name].new_game(seed=2)
    panel = ReplayPanel(live, play=True, picture="image")
    start = len(panel.states)
    assert panel.index == start - 1 and panel.legal and all(live.can(a) for a in panel.legal)
    before = live.to_json()
    action = panel.legal[-1]
    panel.actions.value = len(panel.legal) - 1
    panel.apply_button.click()
    after = live.to_json()
    assert live.history[-1] == action and len(panel.states) == start + 1 == panel.slider.max + 1
    assert html.escape(action_words(action)) in panel.step_text.value
    assert panel.states[-1].to_json() == after
    panel.undo_button.click()
    assert live.to_json() == before and panel.redo_stack == [action] and not panel.redo_button.disabled
    panel.redo_button.click()
    assert live.to_json() == after and panel.redo_stack == [] and panel.steps[-1].action == action
    panel.undo()
    panel.apply(panel.legal[0])
    assert panel.redo_stack == [] and live.history[-1] == panel.steps[-1].action
    panel.prev.click()
    assert panel.apply_button.disabled and "earlier step" in panel.message.value
    panel.last.click()
    # "apply" is offered once an action is chosen (beforehand, unless the system's panel says not: issue 11)
    assert not panel.actions.disabled and panel.apply_button.disabled == (panel.actions.value is None)
    assert (panel.actions.value is None) == (not panel.preselect)
    panel.actions.value = 0
    assert not panel.apply_button.disabled


def test_a_saved_game_in_play_mode_is_loaded_and_played_on(recorded):
    name, game = recorded
    panel = ReplayPanel(json.dumps(game.to_json()), play=True, picture="image")
    # loaded without trusting it (load_game): dealt again and replayed, so every step is there to undo
    steps = len(game.history) + 1
    assert panel.game.to_json() == game.to_json() and len(panel.states) == steps
    if not panel.game.is_terminal():
        panel.apply(panel.legal[0])
        assert len(panel.states) == steps + 1 and panel.undo() is not None and len(panel.states) == steps


def _buttons(panel):
    return [panel.first, panel.prev, panel.next, panel.last, panel.apply_button, panel.undo_button, panel.redo_button]


def test_the_panel_follows_the_layout_conventions(recorded):
    """Issue 11: buttons as wide as their text ("back", "next", never an 80 px icon and "..."),
    rows that wrap instead of overflowing, the picture shrinking with the output area, full labels
    (the browser tests measure it in Voila and JupyterLab's widths)."""
    _, game = recorded
    panel = ReplayPanel(game, play=True, picture="image")
    assert [b.description for b in _buttons(panel)] == ["first", "back", "next", "last", "apply", "undo", "redo"]
    for button in _buttons(panel):
        assert button.layout.width == "auto" and button.tooltip, button.description
    rows = [child for child in panel.children if isinstance(child, widgets.Box)
            and not isinstance(child, widgets.VBox)]
    assert len(rows) == 3 and all(row.layout.flex_flow == "row wrap" for row in rows)
    assert panel.image.layout.max_width == "100%" and panel.image.layout.height == "auto"
    assert panel.slider.style.description_width == panel.viewer.style.description_width == "initial"
    panel.actions.value = 0
    assert panel.actions.tooltip == panel.actions.label  # a long action reads in full as the tooltip


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_play_mode_offers_every_legal_action_in_words_each_its_own(name):
    """behind-2003-rulebook.txt, "The Course of the Game" (and every system's turn: a player chooses one
    of the actions the rules allow): the play panel offers each legal action in words -- the system's
    ``describe_action`` where it registers one, else its kind and fields in plain words -- never as call
    syntax ("play(card=egypt)"), each option its own, its value the action's index in ``legal``; the
    option chosen is the action applied.  Checked along a random game of every registered system."""
    from explorer.core.replay import action_choices, plain_words

    system = SYSTEMS[name]
    live = system.new_game(seed=3)
    panel = ReplayPanel(live, play=True, picture="image")
    rng = SeededRng(3)
    offered_kinds = set()
    for _ in range(12):
        if live.is_terminal():
            break
        labels = [label for label, _ in panel.actions.options]
        assert [value for _, value in panel.actions.options] == list(range(len(panel.legal)))
        assert labels == action_choices(panel.legal, live, system)
        assert len(set(labels)) == len(labels), [t for t in labels if labels.count(t) > 1][:3]
        for label, action in zip(labels, panel.legal):
            assert "=" not in label and f"{action.kind}(" not in label, label
            words = (system.describe_action(action, live) if system.describe_action is not None
                     else plain_words(action))
            # the words, and only where another action reads the same what tells them apart, in parentheses
            assert label == words or label.startswith(words + " ("), (label, words)
            offered_kinds.add(action.kind)
        choice = rng.randrange(len(panel.legal))
        chosen = panel.legal[choice]
        panel.actions.value = choice
        panel.apply_selected()
        assert live.history[-1] == chosen
    assert offered_kinds


def test_actions_that_read_alike_are_told_apart_by_the_fields_that_differ():
    """behind-2003-rulebook.txt, "Movement": two moves of one chip with one card read alike in Behind's
    words ("Johanna Falkenauge moves 1 leg with N12 (...): 2.5 cm"); the choice adds only what differs --
    where the leg ends, not the chip -- and actions alike to the 0.1 shown are numbered.  A system without
    words reads as the kind and its fields; without a system the call syntax stays."""
    import dataclasses

    from explorer.core.game import Action
    from explorer.core.replay import action_choices, action_text, plain_words

    game = SYSTEMS["behind"].new_game(seed=1)
    legal = list(game.legal_actions())
    words = [action_text(a, game, "behind") for a in legal]
    alike = next(i for i, text in enumerate(words) if words.count(text) > 1 and legal[i].kind == "move")
    twins = [i for i, text in enumerate(words) if text == words[alike]]
    choices = action_choices(legal, game, "behind")
    for i in twins:
        (_, x, y, _), = legal[i].legs
        assert choices[i] == f"{words[i]} (legs: ({x:.1f}, {y:.1f}))"
    assert len(set(choices)) == len(choices)

    @dataclasses.dataclass(frozen=True)
    class StepOut(Action):
        kind = "step-out"
        legs: tuple = ()
        careful: bool = False

    near, far = StepOut(legs=(("Johanna", 47.0, 43.7, None),)), StepOut(legs=(("Johanna", 50.0, 40.0, None),))
    twin = StepOut(legs=(("Johanna", 50.01, 40.0, None),))
    assert plain_words(near) == "step out: legs (Johanna, 47.0, 43.7)"
    assert plain_words(StepOut(careful=True)) == "step out: careful" and plain_words(StepOut()) == "step out"
    assert action_choices([near, far]) == ["step-out(legs=((Johanna, 47.0, 43.7, None)))",
                                           "step-out(legs=((Johanna, 50.0, 40.0, None)))"]  # no system: call syntax
    wordless = dataclasses.replace(SYSTEMS["behind"], describe_action=None)  # a system that registers no words
    assert action_choices([near, far, twin], None, wordless) == [
        "step out: legs (Johanna, 47.0, 43.7)", "step out: legs (Johanna, 50.0, 40.0) (legs: 50.0) (#1)",
        "step out: legs (Johanna, 50.0, 40.0) (legs: 50.0) (#2)"]
