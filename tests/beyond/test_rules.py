"""Rule tests for Beyond, one per rulebook clause (beyond-rulebook.txt)."""

from collections import Counter

import pytest

from explorer.beyond import GameOptions, load_components, new_game, refs
from explorer.beyond.actions import (ACTIONS, Capture, Collect, Compose, EndTurn, Place, Protect, Reveal, Stop,
                                     Summon)
from explorer.beyond.game import BeyondState
from explorer.beyond.position import from_position
from explorer.core.rules import RuleViolation
from explorer.core.rulings import Rulings
from tests.beyond.helpers import arrange, phase3

ADVANCED = GameOptions.advanced()


def _all_but(*cards):
    """Every Celestial Spirit card but ``cards`` (for a position whose draw pile is written out)."""
    return [c for c in load_components().cards if c not in cards]


def _raises(state, action, rule):
    before = state.to_json()
    with pytest.raises(RuleViolation) as err:
        state.apply(action)
    assert err.value.rule == rule
    assert state.to_json() == before  # an illegal action changes nothing
    return err.value


# -- components --------------------------------------------------------------------------------------
def test_celestial_spirit_cards_8_yin_8_yang_per_spirit():
    """beyond-rulebook.txt, section "The Celestial Spirit Cards": "There are 8 Yin and 8 Yang cards
    for each type of Celestial Spirit -- 40 yin backs, 40 yang backs."""
    cards = load_components().cards
    assert len(cards) == 80
    per = Counter((c.spirit, c.symbol) for c in cards.values())
    assert set(per.values()) == {8} and len(per) == 10
    assert refs.SPIRIT_CARDS


def test_card_fronts_show_spirit_and_protection_symbol():
    """beyond-rulebook.txt, section "Card fronts: Celestial Spirit face": "1 colored illustration linked
    to a type of Celestial Spirit - 1 protection symbol: black "Yin" or white "Yang"."""
    card = load_components().cards["TS09"]
    assert (card.spirit, card.symbol) == ("TS", "yang")  # "a Turtle Snake Yang Spirit card"
    assert card.key == ("TS", "card", "yang")
    assert refs.CARD_FRONTS


def test_card_backs_capture_side_shows_the_front_symbol():
    """beyond-rulebook.txt, section "Card backs: Yin or Yang Capture Side": "The reverse side of each
    Celestial Spirit card features the symbol from the front side." -- 40 yin backs, 40 yang backs."""
    state = new_game(2, seed=3, top=["VB02"])
    state.apply(Reveal()), state.apply(Stop()), state.apply(Place("VB02", "capture"))
    assert state.area("P1")["captures"] == ["VB02"] and state.cards["VB02"].symbol == "yin"
    assert Counter(c.symbol for c in state.cards.values()) == {"yin": 40, "yang": 40}
    assert refs.CARD_BACKS


def test_energy_points_patterns_by_spirit():
    """beyond-rulebook.txt, section "Energy Points by Enchanted Spirit": "The Double Azure Dragon pattern
    is composed of 2 Heads cards and 2 Body cards ... The Yellow Unicorn pattern is composed of 4 different
    cards ... there are no conditions on the Yin or Yang symbols of the 4 cards in the pattern."""
    state = arrange(phase3(), "Jessy", spirit=["AD01", "AD02", "AD03", "AD09", "AD10",
                                                 "YU01", "YU02", "YU05", "YU09", "YU13", "TS01", "TS02", "TS09", "TS16"])
    _raises(state, Compose(("AD01", "AD02", "AD03", "AD09")), refs.ENERGY_POINTS)  # 3 heads
    _raises(state, Compose(("YU01", "YU02", "YU05", "YU09")), refs.ENERGY_POINTS)  # two horns
    _raises(state, Compose(("TS01", "TS02", "TS09", "AD01")), refs.ENERGY_POINTS)  # mixed spirits
    for cards in (("AD01", "AD02", "AD09", "AD10"), ("YU01", "YU05", "YU09", "YU13"), ("TS01", "TS02", "TS09", "TS16")):
        state.apply(Compose(cards))  # TS pattern mixes yin and yang: no condition on symbols
    assert [pt["spirit"] for pt in state.area("Jessy")["patterns"]] == ["AD", "YU", "TS"]
    assert state.score("Jessy")["patterns"] == 9 + 12 + 6
    custom = load_components(points={"TS": 7})
    assert custom.spirits["TS"].points == 7 and custom.spirits["VB"].points == 6


def test_enchanted_spirit_cannot_be_captured_and_each_pattern_exists_4_times():
    """beyond-rulebook.txt, section "Enchanted Celestial Spirit": "As soon as a player has a complete
    pattern, the Celestial Spirit is called enchanted. The 4 cards of this pattern can no longer be
    captured by an opponent. Each pattern is present in 4 copies."""
    state = from_position({"players": [{"name": "Jessy", "captures": ["TS01"]},
                                       {"name": "Sam", "spirit": ["VB09", "VB10", "VB11", "VB12"]}],
                           "active": "Sam", "turn": 2, "phase": "act", "draw_top": ["TS02"]})
    state.apply(Compose(("VB09", "VB10", "VB11", "VB12")))
    state.apply(EndTurn()), state.apply(Reveal()), state.apply(Stop()), state.apply(Place("TS02"))
    _raises(state, Capture("Sam", "VB09", ("TS01",)), refs.ENCHANTED)
    comp = load_components()
    for code, spirit in comp.spirits.items():
        assert sum(c.spirit == code for c in comp.cards.values()) == 16  # 4 patterns of 4 cards


def test_nian_shou_protected_by_yin_and_yang_and_six_win_instantly():
    """beyond-rulebook.txt, section "The 6 Cards of the Evil Spirit": "A player who succeeds in enchanting
    Nian Shou wins the game instantly. Nian Shou cards are automatically protected by one Yin AND one Yang."""
    state = from_position({"players": [{"name": "Jessy", "captures": ["TS01", "TS09", "VB01"], "nian": 5},
                                       {"name": "Sam", "nian": ["NS6"]}], "phase": "act"})
    _raises(state, Capture("Sam", "NS6", ("TS01", "VB01")), refs.NIAN_SHOU)
    state.apply(Capture("Sam", "NS6", ("TS01", "TS09")))
    assert state.is_terminal() and state.winner == "Jessy"
    _raises(state, EndTurn(), refs.END_OF_GAME)


def test_end_of_the_game_combining_games_nian_shou_scores_15_and_the_others_0():
    """beyond-rulebook.txt, section "End of the Game - Counting Energy Points": "OR instantly when a
    player succeeds in enchanting the Nian Shou evil Spirit. If you are combining several games, this
    player scores 15 and the others 0." -- otherwise the energy points are what a match adds up."""
    state = from_position({"players": [{"name": "Jessy", "captures": ["TS01", "TS09"], "nian": ["NS2", "NS3", "NS4",
                                                                                          "NS5", "NS6"]},
                                       {"name": "Sam", "nian": ["NS1"], "spirit": ["VB02", "VB03"]}], "phase": "act"})
    assert state.match_scores() == state.scores()
    state.apply(Capture("Sam", "NS1", ("TS01", "TS09")))
    assert state.nian_shou_enchanted("Jessy") and state.match_scores() == {"Jessy": 15, "Sam": 0}
    assert state.scores()["Sam"] > 0  # the energy points themselves are unchanged


def test_goal_most_energy_points_wins():
    """beyond-rulebook.txt, section "Goal of the Game": "To win, gain the most energy points at the end
    of the game, or enchant the Evil Spirit Nian Shou."""
    from explorer.beyond.players import play_game
    state = play_game(new_game(3, seed=5), seed=5)
    scores = state.scores()
    assert state.is_terminal() and state.winners
    assert all(scores[w] == max(scores.values()) for w in state.winners)
    assert refs.GOAL


# -- set up and turn ---------------------------------------------------------------------------------
def test_set_up_beyond_stock_lotus_nian_shou_and_shuffled_deck():
    """beyond-rulebook.txt, section "Set Up": "The first player, the wisest person, takes the Stock card
    BEYOND ... Each player then takes and places 2 Lotus tokens on their card. Take the 6 Evil Spirit cards
    to create the central Nian Shou pattern. Thoroughly shuffle all the Celestial Spirit cards"."""
    state = new_game(["Ann", "Bob", "Cy"], seed=11)
    assert state.beyond_stock == "Ann" and state.current_player == "Ann"
    assert all(state.area(p)["lotus"] == 2 for p in state.players)
    assert state.central == ("NS1", "NS2", "NS3", "NS4", "NS5", "NS6")
    assert len(state.draw_pile) == 80 and state.draw_pile != new_game(3, seed=12).draw_pile
    assert state.draw_pile == new_game(["Ann", "Bob", "Cy"], seed=11).draw_pile  # same seed, same deck
    assert state.supply == 20 and new_game(2, rulings=Rulings().switch(**{"beyond.supply-tokens": 5})).supply == 5
    assert state.view("Bob")["draw_pile"] == 80 and state.view("Bob")["discard"] == []  # pile hidden, discard public
    assert refs.SET_UP


def test_game_round_three_phases_then_player_on_the_left():
    """beyond-rulebook.txt, section "Game Round": "A player's turn consists of 3 phases ... When a player
    has finished their turn, the next player is the person on their left."""
    state = new_game(["A", "B", "C"], seed=2, top=["TS01", "VB01"])
    _raises(state, EndTurn(), refs.GAME_ROUND)  # phase 3 only after phases 1-2
    _raises(state, Compose(("TS01", "TS02", "TS03", "TS04")), refs.PHASE_3)
    state.apply(Reveal()), state.apply(Reveal()), state.apply(Stop())
    assert state.phase == "place"
    state.apply(Place("TS01")), state.apply(Place("VB01"))
    assert state.phase == "act"
    state.apply(EndTurn())
    assert (state.current_player, state.phase) == ("B", "reveal")


# -- phase 1 ------------------------------------------------------------------------------------------
def test_phase_1_successful_reveal_collects_all():
    """beyond-rulebook.txt, section "Phase 1: Reveal and Collection": "As long as all the revealed cards
    represent different Spirits ... the player can decide to stop and then has to collect ALL"."""
    state = new_game(2, seed=1, top=["TS01", "VB01", "AD01"])
    _raises(state, Stop(), refs.PHASE_1)  # the first card must be turned over (ruling beyond.first-reveal)
    for _ in range(3):
        state.apply(Reveal())
    assert state.revealed == ("TS01", "VB01", "AD01")
    state.apply(Stop())
    assert state.to_place == ("TS01", "VB01", "AD01") and state.discard == ()


def test_phase_1_failed_reveal_collects_only_last_card():
    """beyond-rulebook.txt, section "Phase 1: Reveal and Collection": "As soon as the active player reveals
    2 cards from the same Spirit ... they have to stop revealing cards. They should collect only the last
    revealed card. Non collected cards are discarded."""
    state = new_game(2, seed=1, top=["TS01", "VB01", "AD01", "VB09"])
    for _ in range(4):
        state.apply(Reveal())
    assert state.phase == "collect"
    _raises(state, Reveal(), refs.PHASE_1)
    state.apply(Collect())
    assert state.to_place == ("VB09",) and state.discard == ("TS01", "VB01", "AD01")
    assert state.area("P1")["nian"] == []  # not the first two cards


def test_phase_1_first_two_same_spirit_gives_nian_shou_if_any_left():
    """beyond-rulebook.txt, section "Phase 1: Reveal and Collection": "If the first 2 cards revealed by the
    active player are of the same Spirit, they obtain a Nian Shou Spirit card from the central pattern, if any
    left. ... A Lotus token can still be used in the event of a failed reveal with the first 2 cards"."""
    state = new_game(2, seed=1, top=["MT01", "MT09"])
    state.apply(Reveal()), state.apply(Reveal())
    assert state.area("P1")["nian"] == ["NS1"] and len(state.central) == 5
    state.apply(Collect(("MT01",)))  # a Lotus token buys the first card
    assert set(state.to_place) == {"MT01", "MT09"} and state.area("P1")["lotus"] == 1
    empty = from_position({"players": [{"name": "P1", "nian": 3}, {"name": "P2", "nian": 3}],
                           "draw_top": ["MT01", "MT09"]}, seed=1)
    empty.apply(Reveal()), empty.apply(Reveal())
    assert empty.area("P1")["nian"] == ["NS1", "NS2", "NS3"] and not empty.is_terminal()


def test_phase_1_lotus_tokens_buy_revealed_cards():
    """beyond-rulebook.txt, section "Phase 1: Reveal and Collection": "The active player may discard one or
    more of their Lotus tokens to collect, per token, one revealed card of their choice. The last card
    revealed is anyhow always "free"." (the Tiger body and Turtle Snake example)"""
    state = new_game(2, seed=1, top=["MT09", "TS01", "VB01", "VB09"])
    for _ in range(4):
        state.apply(Reveal())
    _raises(state, Collect(("MT09", "TS01", "VB01")), refs.PHASE_1)  # only 2 Lotus tokens
    _raises(state, Collect(("VB09",)), refs.PHASE_1)  # the last card is free, not bought
    state.apply(Collect(("MT09", "TS01")))
    assert set(state.to_place) == {"MT09", "TS01", "VB09"} and state.discard == ("VB01",)
    assert state.area("P1")["lotus"] == 0 and state.tokens_owned("P1") == 0


# -- phase 2 ------------------------------------------------------------------------------------------
def test_phase_2_spirit_side_or_capture_side_at_most_4():
    """beyond-rulebook.txt, section "Phase 2: Positioning of Collected Cards in Their Play Area": "Spirit side
    up - OR Capture side up ... At any given time, a player can have a maximum of 4 Capture cards."""
    state = from_position({"players": [{"name": "P1", "captures": ["AD01", "AD02", "AD03", "AD04"]}, "P2"],
                           "draw_top": ["TS01", "VB01"]}, seed=1)
    state.apply(Reveal()), state.apply(Reveal()), state.apply(Stop())
    _raises(state, Place("TS01", "capture"), refs.PHASE_2)
    _raises(state, Place("MT01"), refs.PHASE_2)  # not collected
    state.apply(Place("TS01", "spirit"))
    assert "TS01" in state.area("P1")["spirit"]


# -- phase 3 ------------------------------------------------------------------------------------------
def test_phase_3_capture_yin_for_yang_and_yang_for_yin_with_compensation():
    """beyond-rulebook.txt, section "Phase 3: Spirit Enchantments, Captures, Compensations": "1 Yin Capture
    card for a Spirit card protected by a Yang - 1 Yang Capture card for a Spirit card protected by a Yin ...
    The used Capture cards are discarded ... the attacked player takes 1 Token from the common supply"."""
    state = from_position({"players": [{"name": "Jessy", "captures": ["TS01", "TS09"]},
                                       {"name": "Sam", "spirit": ["VB09", "VB01"]}], "phase": "act"})
    _raises(state, Capture("Sam", "VB09", ("TS09",)), refs.PHASE_3)  # yang card needs a yin capture card
    state.apply(Capture("Sam", "VB09", ("TS01",)))
    state.apply(Capture("Sam", "VB01", ("TS09",)))  # several cards from the same opponent
    assert set(state.area("Jessy")["spirit"]) == {"VB09", "VB01"}
    assert state.discard == ("TS01", "TS09") and state.area("Sam")["tokens"] == 2 and state.supply == 18


def test_phase_3_no_compensation_when_supply_is_empty():
    """beyond-rulebook.txt, section "Phase 3: Spirit Enchantments, Captures, Compensations": "There is no limit
    of token in stock per player. If the common supply is empty, there is no compensation."""
    state = from_position({"players": [{"name": "Jessy", "captures": ["TS01"]}, {"name": "Sam", "spirit": ["VB09"]}],
                           "phase": "act", "rulings": {"beyond.supply-tokens": 0}})
    state.apply(Capture("Sam", "VB09", ("TS01",)))
    assert state.area("Sam")["tokens"] == 0 and state.supply == 0


def test_phase_3_compose_with_card_captured_this_turn_jessy_and_sam_example():
    """beyond-rulebook.txt, section "Phase 3: Spirit Enchantments, Captures, Compensations" (Example): "Jessy
    takes the Vermilion Bird Yang card from Sam, thanks to a Yin Capture Card. Sam gets 1 Token. Jessy thus
    completes a Vermilion Bird pattern. This spirit is enchanted ... Jessy also captures one of Sam's Nian Shou
    cards, with 2 Capture cards: a Yin and a Yang. Sam gets 1 Token again."""
    state = from_position({"players": [{"name": "Jessy", "patterns": [["TS01", "TS02", "TS09", "TS10"]],
                                        "spirit": ["TS11", "TS12", "VB01", "VB02", "VB03"],
                                        "captures": ["AD01", "AD02", "AD05"]},
                                       {"name": "Sam", "spirit": ["VB09"], "nian": ["NS1"]}],
                           "turn": 9, "draw_top": ["TS03"]}, seed=4)
    state.apply(Reveal()), state.apply(Stop()), state.apply(Place("TS03"))  # she collected a Turtle Snake
    state.apply(Capture("Sam", "VB09", ("AD01",)))
    assert state.area("Sam")["tokens"] == 1
    state.apply(Compose(("VB01", "VB02", "VB03", "VB09")))
    assert [pt["spirit"] for pt in state.area("Jessy")["patterns"]] == ["TS", "VB"]
    state.apply(Capture("Sam", "NS1", ("AD02", "AD05")))
    assert state.area("Sam")["tokens"] == 2 and state.area("Jessy")["nian"] == ["NS1"]
    assert state.area("Jessy")["spirit"] == ["TS11", "TS12", "TS03"]  # her 2nd Turtle Snake pattern is started
    _raises(state, Compose(("VB01", "VB02", "VB03", "VB09")), refs.PHASE_3)  # those cards are enchanted now


# -- end of game --------------------------------------------------------------------------------------
def test_end_of_game_third_enchantment_completes_the_round():
    """beyond-rulebook.txt, section "End of the Game - Counting Energy Points": "When a player has performed 3
    Celestial Spirit(s) enchantments ... the game round is completed, down to the last player."""
    state = from_position({"players": ["A", {"name": "B", "spirit": [f"TS{i:02d}" for i in range(5, 17)]}, "C"],
                           "active": "B", "turn": 2, "phase": "act", "draw_top": ["TS01"]}, seed=1)
    for k in range(3):
        state.apply(Compose(tuple(f"TS{i:02d}" for i in range(5 + 4 * k, 9 + 4 * k))))
    assert state.end_triggered
    state.apply(EndTurn())
    assert state.current_player == "C"  # the round goes on to the last player
    state.apply(Reveal()), state.apply(Stop())
    while state.phase == "place":
        state.apply(Place(state.to_place[0]))
    state.apply(EndTurn())
    assert state.is_terminal() and state.winner == "B" and state.scores()["B"] == 18 + 2


def test_end_of_game_second_draw_pile_finished():
    """beyond-rulebook.txt, section "End of the Game - Counting Energy Points": "OR when the second draw pile is
    finished. In these 2 cases, the game round is completed, down to the last player." (ruling
    beyond.second-draw-pile: the discard pile becomes the second draw pile)"""
    state = from_position({"players": ["P1", "P2"], "draw": ["TS01", "VB01"], "discard": _all_but("TS01", "VB01")},
                          seed=1)
    state.apply(Reveal()), state.apply(Reveal())
    assert state.second_pile and not state.end_triggered and len(state.draw_pile) == 78
    single = from_position({"players": ["P1", "P2"], "draw": ["TS01"], "discard": _all_but("TS01"),
                            "rulings": {"beyond.second-draw-pile": "single-pile"}}, seed=1)
    single.apply(Reveal())
    assert single.end_triggered and not single.second_pile


def test_end_of_game_scoring_and_tie_fewest_spirit_face_cards():
    """beyond-rulebook.txt, section "End of the Game - Counting Energy Points": "+1 per Celestial Spirit Face
    card outside of the complete patterns +1 per Nian Shou card +1 per Capture Face card +1 per token in their
    entire play area. In the event of a tie, the player with the fewest Spirit Face cards wins."""
    state = from_position({"players": [
        {"name": "A", "spirit": ["TS01", "TS02"], "captures": ["VB01"], "nian": ["NS1"], "tokens": 2},
        {"name": "B", "spirit": ["AD01"], "captures": ["VB02", "VB03"], "nian": ["NS2", "NS3"], "tokens": 1}],
        "active": "B", "turn": 2, "phase": "act",  # the last draw pile is finished: the last round is played
        "draw": [], "second_pile": True, "discard": _all_but("TS01", "TS02", "VB01", "AD01", "VB02", "VB03")})
    assert state.end_triggered
    assert state.score("A") == {"patterns": 0, "loose spirit cards": 2, "nian shou": 1, "capture cards": 1,
                                "tokens in the play area (Lotus included)": 4, "total": 8}  # 2 tokens + 2 Lotus tokens
    assert state.scores()["B"] == 8
    state.apply(EndTurn())
    assert state.winners == ["B"]  # 1 Spirit face card against 2


# -- advanced mode ------------------------------------------------------------------------------------
def test_advanced_mode_modules_are_independent():
    """beyond-rulebook.txt, section "Advanced Mode": "It includes 2 independent modules which can also be
    combined during Phase 3."""
    basic = arrange(phase3(), "Jessy", spirit=["TS01"], tokens=1)
    _raises(basic, Protect("TS01"), refs.ADVANCED_MODE)
    only_summon = arrange(phase3(options=GameOptions(summoning=True)), "Jessy", spirit=["TS01"], tokens=1)
    _raises(only_summon, Protect("TS01"), refs.ADVANCED_MODE)
    only_protect = from_position({"players": [{"name": "Jessy", "spirit": ["TS01"], "tokens": 1, "patterns": ["MT"]},
                                              "Sam"], "phase": "act", "options": {"protection": True}})
    only_protect.apply(Protect("TS01"))
    _raises(only_protect, Summon(0), refs.ADVANCED_MODE)


def test_protection_tokens_placement_capture_and_return():
    """beyond-rulebook.txt, section "Protection Tokens": "To capture a protected card, an opponent must discard
    a Yin Capture card AND a Yang Capture card. In this case, the attacked player puts the token that was
    placed on the card back into his stock ... Nian Shou cards cannot have protection tokens."""
    state = from_position({"players": [{"name": "Jessy", "captures": ["TS01", "TS09"]},
                                       {"name": "Sam", "spirit": ["VB09"], "nian": ["NS1"], "tokens": 1}],
                           "active": "Sam", "turn": 2, "phase": "act", "options": ADVANCED.to_json(),
                           "draw_top": ["YU01"]})
    assert state.supply == 19  # Sam's token came from the supply
    _raises(state, Protect("NS1"), refs.PROTECTION_TOKENS)
    state.apply(Protect("VB09"))
    assert state.area("Sam")["tokens"] == 0 and state.area("Sam")["protected"] == ["VB09"]
    _raises(state, Protect("VB09"), refs.PROTECTION_TOKENS)  # one token per card (and none left anyway)
    state.apply(EndTurn()), state.apply(Reveal()), state.apply(Stop()), state.apply(Place("YU01"))  # Jessy's turn
    _raises(state, Capture("Sam", "VB09", ("TS01",)), refs.PROTECTION_TOKENS)
    state.apply(Capture("Sam", "VB09", ("TS01", "TS09")))
    assert state.area("Sam")["tokens"] == 1 and state.area("Sam")["protected"] == [] and state.supply == 19


def test_protection_tokens_of_a_completed_pattern_return_to_supply():
    """beyond-rulebook.txt, section "Protection Tokens": "If the active player completes a pattern with one or
    more protection tokens, the tokens for that pattern are returned to the common supply."""
    state = arrange(phase3(options=ADVANCED), "Jessy", spirit=["TS01", "TS02", "TS03", "TS04"], tokens=2)
    state.apply(Protect("TS01")), state.apply(Protect("TS02"))
    state.apply(Compose(("TS01", "TS02", "TS03", "TS04")))
    assert state.supply == 20 and state.area("Jessy")["protected"] == [] and state.tokens_owned("Jessy") == 2


def _summoner(spirit_cards, **position):
    state = from_position({"players": [{"name": "Jessy", "spirit": list(spirit_cards)}, "Sam"], "phase": "act",
                           "options": ADVANCED.to_json(), **position}, seed=1)
    state.apply(Compose(tuple(spirit_cards)))
    return state


def test_summoning_turtle_snake_takes_one_of_first_4_then_shuffles():
    """beyond-rulebook.txt, section "Summoning an Enchanted Celestial Spirit": "Turtle Snake: Take the card of
    your choice from the first 4 of the draw pile and place it in your play area, Spirit side up. Then shuffle
    the draw pile."""
    state = _summoner(["TS01", "TS02", "TS03", "TS04"])
    top = state.draw_pile[:5]
    _raises(state, Summon(0, top[4]), refs.SUMMONING)
    state.apply(Summon(0, top[2]))
    assert top[2] in state.area("Jessy")["spirit"] and state.area("Jessy")["lotus"] == 1
    assert len(state.draw_pile) == 75 and top[2] not in state.draw_pile  # 80 - 4 arranged - 1 taken
    assert state.draw_pile[:4] != tuple(c for c in top if c != top[2])  # then shuffled
    _raises(state, Summon(0, state.draw_pile[0]), refs.SUMMONING)  # already a Lotus token on it


def test_summoning_azure_dragon_keeps_second_card_on_top():
    """beyond-rulebook.txt, section "Summoning an Enchanted Celestial Spirit": "Double Azure Dragon: Take the
    card of your choice from the first 2 of the draw pile ... Place the second card back on the draw pile
    without shuffling."""
    state = _summoner(["AD01", "AD02", "AD09", "AD10"])
    first, second, third = state.draw_pile[:3]
    state.apply(Summon(0, first))
    looked = [e.text for e in state.log if e.kind == "look"]
    assert looked and looked[0] in state.view("Jessy")["log"] and looked[0] not in state.view("Sam")["log"]
    assert state.draw_pile[:2] == (second, third) and first in state.area("Jessy")["spirit"]


def test_summoning_vermilion_bird_takes_capture_card_from_discard():
    """beyond-rulebook.txt, section "Summoning an Enchanted Celestial Spirit": "Vermilion Bird: Take a Yin or
    Yang Capture Side card from the discard pile and place it on an empty slot of your Stock card."""
    state = _summoner(["VB01", "VB02", "VB03", "VB04"], discard=["YU01"])
    card = state.discard[0]
    state.apply(Summon(0, card))
    assert state.area("Jessy")["captures"] == [card] and state.discard == ()


def test_summoning_metal_tiger_takes_nian_shou():
    """beyond-rulebook.txt, section "Summoning an Enchanted Celestial Spirit": "Double Metal Tiger: If still
    available, take a Nian Shou card from the central pattern, and place it in your play area"."""
    state = _summoner(["MT01", "MT02", "MT09", "MT10"])
    state.apply(Summon(0))
    assert state.area("Jessy")["nian"] == ["NS1"]


def test_summoning_yellow_unicorn_resets_another_summon():
    """beyond-rulebook.txt, section "Summoning an Enchanted Celestial Spirit": "Yellow Unicorn: Put back into
    your personal stock one of your tokens placed in the center of another Enchanted Celestial Spirit, which
    can, as a result, be summoned again."""
    state = arrange(phase3(options=ADVANCED), "Jessy", spirit=["MT01", "MT02", "MT09", "MT10",
                                                                "YU01", "YU05", "YU09", "YU13"])
    state.apply(Compose(("MT01", "MT02", "MT09", "MT10"))), state.apply(Compose(("YU01", "YU05", "YU09", "YU13")))
    state.apply(Summon(0))
    _raises(state, Summon(1, 1), refs.SUMMONING)  # the Unicorn cannot return its own token
    state.apply(Summon(1, 0))
    assert state.area("Jessy")["lotus"] == 1 and not state.area("Jessy")["patterns"][0]["lotus"]
    state.apply(Summon(0))  # the Tiger can be summoned again
    assert state.area("Jessy")["nian"] == ["NS1", "NS2"]
    _raises(state, Summon(0), refs.SUMMONING)


# -- the protocol ------------------------------------------------------------------------------------
def test_protocol_undo_copy_json_and_view():
    """The shared protocol on a Beyond game (beyond-rulebook.txt, section "Set Up": "a discard pile ... can be
    looked at any time"): undo, copy independence, exact JSON round trip, views hide the draw pile."""
    state = new_game(4, seed=9, options=ADVANCED)
    state.apply(Reveal())
    twin = state.copy()
    saved = state.to_json()
    loaded = BeyondState.from_json(saved)
    assert loaded.to_json() == saved
    state.apply(Reveal())
    assert twin.revealed != state.revealed and loaded.draw_pile == twin.draw_pile
    assert state.undo() == Reveal() and state.to_json() == saved
    view = state.view("P2")
    assert "draw" not in view and view["draw_pile"] == 79 and view["revealed"] == list(state.revealed)
    for action in state.legal_actions():
        assert ACTIONS.from_json(action.to_json()) == action
    page = state._repr_html_()  # the players as a table, the latest events beside their rules, no raw dicts
    assert "<table class=\"beyond-table\">" in page and "event-table" in page and "{'" not in page
