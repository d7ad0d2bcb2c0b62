"""Beyond's event texts are for people (issue 11, "one naming"): every card named by its spirit as
the card data gives it (data/beyond/spirits.json), never by its code; the code stays in the
event's data, for saves, replays and tests."""

import re

import pytest

from explorer.beyond import new_game
from explorer.beyond.actions import Reveal
from explorer.core.players import play
from explorer.core.replay import replay
from explorer.core.systems import get

BEYOND = get("beyond")
CODE = re.compile(r"\b(?:[A-Z]{2}\d{2}|NS\d+)\b")


@pytest.fixture(scope="module")
def games():
    return [play(BEYOND.new_game(config, seed=seed), BEYOND.players["patient"](), seed=seed)
            for config, seed in (("advanced_2", 7), ("advanced_4", 3), ("advanced_4", 5), ("basic_3", 11))]


def test_no_event_text_of_a_seeded_game_holds_a_card_code(games):
    kinds = set()
    for game in games:
        for event in game.log:
            assert not CODE.search(event.text), event.text
            kinds.add(event.kind)
    assert {"reveal", "collect", "place", "capture", "protect", "enchant", "nian-shou"} <= kinds


def test_the_card_names_come_from_the_card_data_and_the_codes_stay_in_the_data(games):
    game = games[1]
    names = {spirit.name for spirit in game.components.spirits.values()}
    for event in game.log:
        card = event.data.get("card")
        if event.kind == "reveal":
            assert event.text.endswith(str(game.cards[card])) and any(name in event.text for name in names)
        if event.kind == "capture":
            assert card in game.cards or card in game.components.nian_shou
            assert all(c in game.cards for c in event.data["using"])
        if event.kind == "place":
            assert card in game.cards and event.data["side"] in ("spirit", "capture")
    assert replay(game.to_json()).final.log[-1].text == game.log[-1].text  # a save replays its texts


def test_a_card_in_words():
    state = new_game(["Jessy", "Sam"], seed=2, top=("YU02", "AD16"))
    assert str(state.cards["TS01"]) == "Turtle Snake (yin)"
    assert str(state.cards["YU02"]) == "Yellow Unicorn horn (yin)"
    assert str(state.cards["AD16"]) == "Double Azure Dragon body (yang)"
    state.apply(Reveal())
    assert state.log[-1].text == "Jessy reveals Yellow Unicorn horn (yin)" and state.log[-1].data["card"] == "YU02"


def _refusals(state):
    """Every refusal of a card action tried at ``state``: placing, protecting and capturing each card
    of the game (with each single Capture card of the active player, and with none)."""
    from explorer.beyond.actions import Capture, Place, Protect
    from explorer.core.rules import RuleViolation

    me = state.active_player
    cards = list(state.cards) + list(state.components.nian_shou)
    tries = [Place(c, "spirit") for c in cards] + [Protect(c) for c in cards]
    for victim in state.players:
        if victim != me:
            for c in cards:
                tries += [Capture(victim, c, ())] + [Capture(victim, c, (u,)) for u in state.area(me)["captures"]]
    for action in tries:
        try:
            state.copy().apply(action)
        except RuleViolation as refused:
            yield refused


def test_no_refusal_names_a_card_by_its_code(games):
    """A refusal's reason names its card as the events do (``"Turtle Snake (yin) belongs to an
    enchanted pattern"``), and keeps its rule (beyond-rulebook.txt, "Phase 3", "Enchanted Spirits",
    "Protection Tokens")."""
    reasons, rules = set(), set()
    for game in games[:2]:
        acting = [s for s in replay(game.to_json()).states if s.phase == "act" and not s.is_terminal()]
        for state in acting[len(acting) // 2::max(1, len(acting) // 6)]:  # mid-game and late: patterns laid
            for refused in _refusals(state):
                assert not CODE.search(refused.reason), refused.reason
                assert refused.rule is not None and refused.rule.section
                reasons.add(refused.reason)
                rules.add(refused.rule.section)
    names = {spirit.name for spirit in games[0].components.spirits.values()}
    assert any("belongs to an enchanted pattern" in r for r in reasons)
    assert any("is not a Spirit face up card" in r and any(n in r for n in names) for r in reasons)
    assert len(rules) >= 2


def test_a_refusal_names_the_card_by_its_spirit():
    from explorer.beyond.actions import Place, Stop
    from explorer.core.rules import RuleViolation

    state = new_game(["Jessy", "Sam"], seed=2, top=("TS01", "VB01"))
    state.apply(Reveal())
    state.apply(Reveal())
    state.apply(Stop())
    with pytest.raises(RuleViolation) as refused:
        state.apply(Place("TS02", "spirit"))
    assert refused.value.reason == "Turtle Snake (yin) is not a card collected this turn"
    assert refused.value.rule.section.startswith("Phase 2: Positioning")


def test_a_summon_names_its_pattern_by_its_spirit_never_by_an_index():
    """beyond-rulebook.txt, "Summoning an Enchanted Celestial Spirit" (the Yellow Unicorn "Put back into
    your personal stock one of your tokens placed in the center of another Enchanted Celestial Spirit"):
    lesson 1 read "Jessy summons the Vermilion Bird (pattern 0)", a list index.  A summon, the Lotus token
    taken back and the action's words name the pattern by its spirit."""
    from explorer.beyond.actions import Compose, Summon, describe
    from explorer.beyond.game import GameOptions
    from tests.beyond.helpers import arrange, phase3

    state = arrange(phase3(options=GameOptions.advanced()), "Jessy",
                    spirit=["MT01", "MT02", "MT09", "MT10", "YU01", "YU05", "YU09", "YU13"])
    state.apply(Compose(("MT01", "MT02", "MT09", "MT10"))), state.apply(Compose(("YU01", "YU05", "YU09", "YU13")))
    assert describe(Summon(0), state) == "summons the enchanted Double Metal Tiger pattern with a Lotus token"
    texts = [e.text for e in state.apply(Summon(0)) + state.apply(Summon(1, 0))]
    assert "Jessy summons the Double Metal Tiger" in texts and "Jessy summons the Yellow Unicorn" in texts
    assert "Jessy takes the Lotus token of the Double Metal Tiger back into the stock" in texts
    assert not any(re.search(r"pattern \d", text) for text in texts), texts
    assert describe(Summon(pattern=0)) == "summons the enchanted pattern 1 with a Lotus token"


def test_a_refusal_out_of_phase_names_the_phases_in_the_rulebooks_words():
    """beyond-rulebook.txt, "Game Round" (a turn is Phase 1: Reveal and Collection, Phase 2, Phase 3):
    lesson 1 read "ending the turn is done in phase 'act', not now (phase 'reveal')", the data's names."""
    from explorer.beyond.actions import EndTurn
    from explorer.core.rules import RuleViolation

    state = new_game(2, seed=1)
    with pytest.raises(RuleViolation) as refused:
        state.apply(EndTurn())
    reason = refused.value.reason
    assert reason == ("ending the turn is done in Phase 3, enchanting, capturing and summoning, not now: "
                      "it is Phase 1, revealing cards")
    assert "'act'" not in reason and "'reveal'" not in reason
