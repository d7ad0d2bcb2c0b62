"""The turn panel (ZugPanel) in plain Python: click a button, check the state, the log and what is shown."""

import json
import math

import pytest

from explorer.core.inputs import InputError
from explorer.core.rules import RuleViolation
from explorer.dnd5e import actions as A
from explorer.dnd5e import refs
from explorer.dnd5e.game import new_encounter
from explorer.dnd5e.panels.panel_turn import ZugPanel, action_label


def _json(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False)


def _button(panel, label):
    return next(b for b in panel.actions.children if b.description == label)


def test_the_buttons_are_the_engines_legal_actions_and_every_move_is_legal():
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF" (one of the actions described there) and SRD 5.1,
    Combat > Your Turn: the duel's first creature (the Ork, initiative 15 against 14) is offered exactly the
    engine's legal actions, in German (Spurt, Rückzug, Ausweichen, ...), and moves that the referee accepts."""
    panel = ZugPanel(new_encounter("duell"))
    state = panel.state
    engine = list(state.legal_actions())
    not_moves = [a for a in engine if not isinstance(a, A.Bewegen)]
    assert [a for a in panel.legal if not isinstance(a, A.Bewegen)] == not_moves
    assert set(a for a in engine if isinstance(a, A.Bewegen)) <= set(panel.legal)
    assert all(a in state.legal_actions() for a in panel.legal)
    labels = [b.description for b in panel.actions.children]
    assert labels == [action_label(a) for a in not_moves]
    for word in ("Zug beenden", "Spurt", "Rückzug", "Ausweichen", "Verstecken", "Suchen"):
        assert word in labels
    assert "Vorbereiten: Angriff (Zweihandaxt)" in labels
    readied = _button(panel, "Vorbereiten: Angriff (Zweihandaxt)")
    assert readied.tooltip == "Vorbereiten: Angriff (Zweihandaxt), wenn ein Feind in Reichweite kommt"
    assert "Ork" in panel.status.value and "Aktion frei" in panel.status.value
    assert "Initiative: Ork 15, Kämpferin 14" in panel.status.value
    assert "section" not in panel.status.value and "SRD" not in panel.status.value  # the log's first event cites it
    assert panel.target.options == ("Kämpferin",) and panel.toward.description == "Zu Kämpferin hin"
    assert panel.undo_button.disabled and panel.undo_button.button_style == ""  # nothing to undo; no warning colour


def test_clicking_spurt_logs_it_and_the_status_line_shows_the_action_used():
    """dnd5e-combat-de-excerpt.txt, "SPURT": extra movement equal to the speed for this turn -- the Ork's
    9 m become 18 m; the log gains the event citing SPURT and the status line says the action is used."""
    panel = ZugPanel(new_encounter("duell"))
    before = len(panel.state.log)
    _button(panel, "Spurt").click()
    state = panel.state
    assert state.history == [A.Spurt()]
    new = state.log[before:]
    assert any(e.rule == refs.SPURT for e in new)
    assert state.movement_left() == 18
    assert "Aktion genutzt (Spurt)" in panel.status.value and "18 m übrig" in panel.status.value
    assert "spurtet" in panel.log_view.value and "SPURT" in panel.log_view.value
    assert "Ork: Spurt" in panel.message.value
    assert "Spurt" not in [b.description for b in panel.actions.children]
    assert not panel.undo_button.disabled


def test_a_refused_action_names_its_rule_and_section_and_changes_nothing():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSSTRUKTUR" (choose a target within your attack's reach): 9 m from
    the Kämpferin, the Ork's Zweihandaxt attack (reach 1.5 m) is listed as refused with that section; after
    Spurt every other action is refused by "AKTIONEN IM KAMPF" (one action a turn)."""
    panel = ZugPanel(new_encounter("duell"))
    refused = {action: (rule, message) for action, rule, message in panel.refused}
    attack = A.Angriff("Zweihandaxt", "Kämpferin")
    assert refused[attack][0] == refs.ANGRIFFSSTRUKTUR and "außerhalb der Reichweite" in refused[attack][1]
    assert refused[A.Helfen("Kämpferin")][0] == refs.HELFEN
    assert "ANGRIFFSSTRUKTUR" in panel.refused_box.value and "Angriff: Zweihandaxt → Kämpferin" in panel.refused_box.value
    saved = _json(panel.state)
    with pytest.raises(RuleViolation) as caught:
        panel.play(attack)
    assert caught.value.rule == refs.ANGRIFFSSTRUKTUR
    assert _json(panel.state) == saved
    assert "Nicht erlaubt" in panel.message.value and "ANGRIFFSSTRUKTUR" in panel.message.value
    panel.play(A.Spurt())
    rules = {action.kind: rule for action, rule, _ in panel.refused}
    for kind in ("ausweichen", "rueckzug", "verstecken", "suchen", "spurt"):
        assert rules[kind] == refs.AKTIONEN_IM_KAMPF
    assert not any(a in panel.state.legal_actions() for a, _, _ in panel.refused)


def test_moving_toward_the_foe_draws_the_move_and_makes_the_attack_legal():
    """SRD 5.1, Combat > Movement and Position, and dnd5e-combat-de-excerpt.txt, "ANGRIFFSSTRUKTUR": the
    Ork moves straight toward the Kämpferin (7.5 m of its 9 m) and stands within reach: the map draws the
    move, and the attack is offered; ending the turn passes it to the Kämpferin and the move is no longer drawn."""
    panel = ZugPanel(new_encounter("duell"))
    first = panel.picture.value
    panel.toward.click()
    state = panel.state
    assert isinstance(state.history[-1], A.Bewegen)
    assert state.distance("Ork", "Kämpferin") <= 1.5
    assert panel._last_move() is not None and panel.picture.value != first
    assert "zu Kämpferin hin" in panel.message.value
    assert A.Angriff("Zweihandaxt", "Kämpferin") in panel.legal
    _button(panel, "Zug beenden").click()
    assert state.acting == "Kämpferin" and panel._last_move() is None
    assert panel.target.options == ("Ork",)
    assert "Kämpferin" in panel.status.value


def test_undo_restores_the_state_exactly():
    """SRD 5.1, Combat > Your Turn (a move, the action, the end of the turn): Rückgängig takes each back,
    and the state after three undos is the state before, to the last byte of its JSON."""
    panel = ZugPanel(new_encounter("duell", seed=3))
    start = _json(panel.state)
    assert panel.undo() is None and "Nichts rückgängig" in panel.message.value
    panel.toward.click()
    after_move = _json(panel.state)
    panel.play(A.Ausweichen())
    _button(panel, "Zug beenden").click()
    panel.undo_button.click()
    assert "Rückgängig: Zug beenden" in panel.message.value
    assert panel.undo() == A.Ausweichen()
    assert _json(panel.state) == after_move and panel._last_move() is not None
    assert isinstance(panel.undo(), A.Bewegen)
    assert _json(panel.state) == start and panel._last_move() is None
    assert len(panel.log_view.value) > 0 and panel.undo_button.disabled


def test_invalid_arguments_raise_input_error_naming_the_field():
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF": only an action of this encounter can be played --
    a name, a class or a malformed action is an InputError before any rule runs, and changes nothing."""
    with pytest.raises(InputError, match="state"):
        ZugPanel("duell")
    with pytest.raises(InputError, match="map_width"):
        ZugPanel(map_width=math.nan)
    panel = ZugPanel()
    saved = _json(panel.state)
    for wrong in ("spurt", A.Spurt, None):
        with pytest.raises(InputError, match="action"):
            panel.play(wrong)
    with pytest.raises(InputError, match="waffe"):
        panel.play(A.Angriff(3, "Kämpferin"))
    assert _json(panel.state) == saved


def test_the_map_lists_every_mark_it_may_show_from_the_start():
    """Issue 11: the Zug panel's map kept room for its fullest legend (moves, jumps, reach) but showed a
    short one, and about 70 px stood blank under it.  Its legend lists every mark the map may draw from
    the first picture on, and stays the same after a move (SRD 5.1, Combat > Movement and Position)."""
    from explorer.dnd5e.panels.panel_turn import LEGEND_MARKS
    from explorer.dnd5e.render_map import legend_entries

    panel = ZugPanel(new_encounter("duell"))
    words = [t.get_text() for t in panel.map.ax.get_legend().get_texts()]
    assert words == legend_entries(panel.state.battle_map, **LEGEND_MARKS)[1]
    assert {"Helden", "Monster", "am Zug", "Gelegenheitsangriff", "Weitsprung"} <= set(words)
    assert "erreichbar" not in words  # the panel draws no reachable region
    move = next(iter(panel.moves))
    panel._click(move)
    assert [t.get_text() for t in panel.map.ax.get_legend().get_texts()] == words
