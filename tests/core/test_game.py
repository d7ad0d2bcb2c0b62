"""The shared game protocol (explorer/core/game.py), tested on a tiny game of Nim.

Nim keeps the protocol's own behaviour in view: the Behind engine's tests exercise it with the
real rules.  Players take 1-3 sticks in turn; whoever takes the last stick wins.
"""

from __future__ import annotations

import pytest

from explorer.core.inputs import InputError

from explorer.core.game import Action, ActionCodec, Event, GameState, LegalActions
from explorer.core.rules import RuleRef, RuleViolation

NIM_RULE = RuleRef("nim.txt", "Taking sticks")
NIM = ActionCodec("nim")


@NIM.register("take")
class Take(Action):
    sticks: int


class NimState(GameState):
    game_over_rule = RuleRef("nim.txt", "The End")

    def __init__(self, sticks: int = 7):
        super().__init__()
        self._data = {"sticks": sticks, "player": 0, "winner": None}

    current_player = property(lambda self: None if self.is_terminal() else self._data["player"])
    phase = property(lambda self: "over" if self.is_terminal() else "take")
    winner = property(lambda self: self._data["winner"])

    def is_terminal(self) -> bool:
        return self._data["winner"] is not None

    def _verify(self, action):
        if not 1 <= action.sticks <= min(3, self._data["sticks"]):
            raise RuleViolation(f"take 1 to 3 sticks, at most the {self._data['sticks']} left", NIM_RULE)

    def _perform(self, action):
        d = self._data
        d["sticks"] -= action.sticks
        self.emit("take", f"player {d['player']} takes {action.sticks}", NIM_RULE, player=d["player"])
        if action.sticks == 0:  # never: _verify refuses it; here to test rollback on a late error
            raise RuntimeError
        if d["sticks"] == 0:
            d["winner"] = d["player"]
        d["player"] = 1 - d["player"]

    def _candidates(self, kind=None):
        return [Take(n) for n in (1, 2, 3)]

    def _snapshot(self):
        return dict(self._data)

    def _restore(self, snapshot):
        self._data = dict(snapshot)

    def to_json(self):
        return {"data": self._data, "log": [e.to_json() for e in self.log]}



def test_legal_actions_are_a_lazy_view_that_checks_membership():
    state = NimState(2)
    legal = state.legal_actions()
    assert isinstance(legal, LegalActions)
    assert Take(2) in legal and Take(3) not in legal
    assert list(legal) == [Take(1), Take(2)] and legal.count() == 2 and bool(legal)


def test_an_illegal_action_raises_the_rule_and_changes_nothing():
    state = NimState(2)
    before = state.to_json()
    with pytest.raises(RuleViolation) as refused:
        state.apply(Take(3))
    assert refused.value.rule == NIM_RULE
    assert state.to_json() == before and state.history == []


def test_an_error_in_the_middle_of_an_action_rolls_the_state_back():
    state = NimState(5)
    state._verify = lambda action: None  # let the impossible action through to _perform
    before = state.to_json()
    with pytest.raises(RuntimeError):
        state.apply(Take(0))
    assert state.to_json() == before


def test_apply_logs_events_and_undo_takes_them_back():
    state = NimState(4)
    events = state.apply(Take(3))
    assert [e.text for e in events] == ["player 0 takes 3"] and events[0].rule == NIM_RULE
    state.apply(Take(1))
    assert state.is_terminal() and state.winner == 1 and not state.legal_actions()
    with pytest.raises(RuleViolation) as over:
        state.check(Take(1))
    assert over.value.rule.section == "The End"
    assert state.undo() == Take(1)
    assert not state.is_terminal() and state.current_player == 1 and len(state.log) == 1


def test_copies_are_independent():
    state = NimState(7)
    twin = state.copy()
    twin.apply(Take(2))
    assert state.to_json()["data"]["sticks"] == 7 and twin.to_json()["data"]["sticks"] == 5
    assert state.history == [] and twin.history == [Take(2)]


def test_actions_and_events_round_trip_through_json():
    action = Take(2)
    assert NIM.from_json(action.to_json()) == action and action.to_json() == {"kind": "take", "sticks": 2}
    event = Event("take", "text", NIM_RULE, player=1, visible_to=1, data={"n": 2})
    assert Event.from_json(event.to_json()) == event
    with pytest.raises(InputError, match="field 'kind': expected one of take, got 'jump'"):
        NIM.from_json({"kind": "jump"})
    with pytest.raises(InputError, match="field 'colour': expected a field of 'take'"):
        NIM.from_json({"kind": "take", "sticks": 1, "colour": "red"})
    with pytest.raises(InputError, match="field 'sticks': expected this field"):
        NIM.from_json({"kind": "take"})
    with pytest.raises(InputError, match="field 'sticks': expected a whole number, got True"):
        NIM.from_json({"kind": "take", "sticks": True})


def test_malformed_actions_are_refused_before_any_rule_and_can_says_no():
    """A wrong type or a non-finite number is refused naming the field; ``can()`` only ever
    answers True or False, and the state is unchanged."""
    state = NimState(7)
    before = state.to_json()
    for wrong in (Take("2"), Take(2.0), Take(True), Take(None), "take 2", None):
        assert state.can(wrong) is False
        with pytest.raises(InputError):
            state.apply(wrong)
        assert state.to_json() == before


def test_private_events_are_shown_only_to_their_player():
    state = NimState(7)
    state.emit("draw", "player 0 draws the ace", NIM_RULE, visible_to=0)
    state.emit("draw", "player 0 draws a card", NIM_RULE)
    assert [e.text for e in state.events_for(1)] == ["player 0 draws a card"]
    assert len(state.events_for(0)) == 2
