"""The scoring rules and the scoring assistant of Behold: Rome (behold-rome-rulebook.txt,
"Scoring", "Rival Civ Card", "Difficulty Settings"), each clause on a hand-built position of a
small card set made for these tests (not the game's cards), reckoned by hand in the docstring."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from explorer.behold_rome import refs
from explorer.behold_rome.cards import CardSet, load_cards
from explorer.behold_rome.civ import CardPlace, CivView
from explorer.behold_rome.scoring import FRAME_COLUMNS, RIVAL_DIFFICULTY_BONUS, Score, score
from explorer.core.inputs import InputError


def _level(level, name, type_, **fields):
    return {"level": level, "name": name, "type": type_, **fields}


SET = {
    "illustrative": True,
    "_comment": "made for the scoring tests: each level tests one clause of the Scoring section",
    "keying_icons": ["amphora", "scarab", "eagle"],
    "civ_cards": [
        {"id": "rome-a", "starting_level": 1, "levels": [
            _level(1, "Latium", "region", wealth=3, keys=["amphora"], unrest=1),
            _level(2, "Campania", "region", wealth=5, keys=["amphora", "amphora"], unrest=2),
            _level(3, "Latin Tribute", "tributary"),
            _level(4, "Latin League", "institution", scoring=[{"vp": 2, "per": {"cards": "region"}}])]},
        {"id": "rome-b", "starting_level": 1, "levels": [
            _level(1, "Etruria", "region", wealth=2, keys=["scarab"]),
            _level(2, "Etruscan Guild", "production", keys=["amphora"], prosperity=1,
                   scoring=[{"vp": 1, "per": {"icons": "amphora"}, "max": 3}]),
            _level(3, "Etruscan Tribute", "tributary"),
            _level(4, "Veii", "region", wealth=4)]},
        {"id": "rome-c", "starting_level": 1, "levels": [
            _level(1, "Militia", "action", keys=["eagle"], scoring=[{"vp": 5, "if": {"status": ["republic", "empire"]}}]),
            _level(2, "Cohort", "action", scoring=[{"vp": 4, "if": {"condition": "advanced"}}]),
            _level(3, "Wall", "institution", scoring=[{"prosperity": 1, "per": {"controlled_regions": True}}]),
            _level(4, "Veterans", "institution", unrest=2, scoring=[
                {"vp": 3, "if": {"active": "Campania"}},
                {"vp": -4, "if": {"count": {"cards": "tributary"}, "at_least": 1}}])]},
        {"id": "rome-d", "starting_level": 1, "levels": [
            _level(1, "Granary", "production", unrest=1),
            _level(2, "Market", "production", keys=["amphora"], scoring=[
                {"vp": 1, "per": {"controlled_regions": True}, "if": {"count": {"icons": "eagle"}, "at_most": 0}}]),
            _level(3, "Harbour", "production", prosperity=2),
            _level(4, "Emporium", "production", scoring=[{"vp": -2, "per": {"cards": "production"}, "max": 3}])]},
        {"id": "rome-e", "starting_level": 1, "levels": [
            _level(1, "Sabina", "region", wealth=1),
            _level(2, "Samnium", "region", wealth=2, keys=["eagle"]),
            _level(3, "Picenum", "region", wealth=3),
            _level(4, "Umbria", "region", wealth=4)]},
        {"id": "rome-f", "starting_level": 1, "levels": [
            _level(1, "Apulia", "region", wealth=1),
            _level(2, "Lucania", "region", wealth=2),
            _level(3, "Bruttium", "region", wealth=3),
            _level(4, "Calabria", "region", wealth=4)]},
    ],
    "nation": {"starting_level": 1, "levels": [
        {"level": 1, "status": "monarchy", "condition": "ancient", "development_cost": {"materials": 1}, "unrest": 1},
        {"level": 2, "status": "republic", "condition": "ancient", "development_cost": {"materials": 2},
         "scoring": [{"vp": 1, "per": {"cards": "production"}}]},
        {"level": 3, "status": "empire", "condition": "advanced", "development_cost": {"materials": 3}, "unrest": 2,
         "scoring": [{"vp": 2, "per": {"controlled_regions": True}}]},
        {"level": 4, "status": "theocracy", "condition": "advanced", "prosperity": 2, "scoring": [{"vp": 5}]}]},
    "rivals": [
        {"name": "Carthage", "base_vp": 60, "rules": [
            {"vp": 3, "per": {"cards": "tributary"}},
            {"vp": 10, "if": {"count": {"controlled_regions": True}, "at_most": 1}}]},
        {"name": "Parthia", "base_vp": 10, "rules": [
            {"vp": 1, "per": {"icons": "eagle"}, "max": 2},
            {"vp": -5, "if": {"active": "Veterans"}}]},
    ],
}
CARDS = CardSet.from_json(SET, "scoring test set")


# -- positions -------------------------------------------------------------------------------------
def civ(*places, nation=4, round=12, cardset=CARDS, difficulty="normal", variants=frozenset()):
    """A civ of ``(card id, level, place)`` triples with the nation card at level ``nation``."""
    return CivView(tuple(CardPlace(*p) for p in places), nation, round, difficulty, variants, cardset)


def row(result: Score, source: str):
    [found] = [r for r in result.rows() if r.source == source]
    return found


def vps(result: Score) -> dict:
    return {r.source: r.vp for r in result.player}


def test_controlled_region_wealth_counts_and_a_region_in_hand_does_not():
    """behold-rome-rulebook.txt, "Scoring": "Controlled region wealth. This total counts as VPs" and
    "Concept & Term Glossary > Wealth" (the sum of the wealth values of all your controlled regions).
    Latium (wealth 3) and Etruria (2) controlled, Umbria (4) in hand, nation theocracy (+5 VP, 2
    prosperity): wealth 3 + 2 = 5 (Umbria not counted); unrest 1 (Latium) - prosperity 2 -> 0
    uncovered; total 5 + 5 = 10."""
    result = score(civ(("rome-a", 1, "controlled"), ("rome-b", 1, "controlled"), ("rome-e", 4, "hand")))
    wealth = row(result, "controlled region wealth")
    assert wealth.vp == 5 and wealth.counted == "Latium 3 + Etruria 2"
    assert wealth.ref == refs.WEALTH
    assert row(result, "uncovered unrest").vp == 0
    assert result.total == 10


def test_a_card_type_counts_the_active_level_of_every_card_in_the_civ():
    """behold-rome-rulebook.txt, "Scoring": "If the icon of a card type is shown, it means the number
    of cards of that card type active in your civ ... Some cards have levels that are different card
    types".  Latin League (+2 VP per region card) in hand, Sabina (region, wealth 1) controlled, Veii
    (region) in the deck: 2 region cards -> +4; wealth 1; nation +5; total 10.  The same civ with
    rome-b at Etruscan Guild (production; +1 VP per amphora, at most 3; 1 amphora -> +1): 1 region
    card -> +2; total 2 + 1 + 1 + 5 = 9."""
    regions = score(civ(("rome-a", 4, "hand"), ("rome-e", 1, "controlled"), ("rome-b", 4, "deck")))
    assert row(regions, "Latin League").vp == 4
    assert row(regions, "Latin League").counted == "2 region cards x +2 = +4 VP"
    assert regions.total == 10
    guild = score(civ(("rome-a", 4, "hand"), ("rome-e", 1, "controlled"), ("rome-b", 2, "deck")))
    assert vps(guild)["Latin League"] == 2 and vps(guild)["Etruscan Guild"] == 1
    assert guild.total == 9


def test_keying_icons_on_all_cards_count_up_to_the_cap():
    """behold-rome-rulebook.txt, "Scoring": "all keying icons in your civ count for scoring
    abilities, not just those on controlled regions".  Campania (2 amphora, wealth 5, unrest 2)
    controlled, Etruscan Guild (1 amphora, 1 prosperity; +1 VP per amphora, at most 3) in hand:
    3 amphora -> +3.  Add Market (1 amphora, stored; +1 VP per controlled region if at most 0
    eagle): 4 amphora, capped at 3; no eagle -> +1.  Unrest 2 - prosperity (1 + nation 2) -> 0.
    Totals: 3 + 5 + 5 = 13, then 3 + 1 + 5 + 5 = 14."""
    three = score(civ(("rome-a", 2, "controlled"), ("rome-b", 2, "hand")))
    assert row(three, "Etruscan Guild").vp == 3 and three.total == 13
    four = score(civ(("rome-a", 2, "controlled"), ("rome-b", 2, "hand"), ("rome-d", 2, "stored")))
    guild = row(four, "Etruscan Guild")
    assert guild.vp == 3 and guild.counted == "4 amphora x +1 = +4, at most 3: +3 VP"
    assert row(four, "Market").vp == 1 and four.total == 14


def test_a_count_at_most_fails_when_exceeded():
    """behold-rome-rulebook.txt, "Scoring" (conditional points based on other cards in your civ):
    Market's +1 VP per controlled region holds only with at most 0 eagle; Militia (1 eagle, in the
    deck; +5 only as republic or empire, 0 as theocracy) makes it fail.  Campania, Guild, Market,
    Militia: Guild 3 + Market 0 + Militia 0 + wealth 5 + nation 5 = 13."""
    result = score(civ(("rome-a", 2, "controlled"), ("rome-b", 2, "hand"), ("rome-d", 2, "stored"),
                       ("rome-c", 1, "deck")))
    market = row(result, "Market")
    assert market.vp == 0 and market.counted == "1 eagle: no -> 0 VP"
    assert result.total == 13


@pytest.mark.parametrize("nation, militia, total", [(1, 0, -2), (2, 5, 5), (3, 5, 1), (4, 0, 5)])
def test_a_rule_on_the_nation_status(nation, militia, total):
    """behold-rome-rulebook.txt, "Scoring": civ card rules "provide conditional points based on ...
    your nation status" ("Concept & Term Glossary > Nation status").  Militia (+5 VP as republic or
    empire) alone: monarchy 0, nation unrest 1 -> -2, total -2; republic +5 (its rule, +1 per
    production card, counts 0), total 5; empire +5, its unrest 2 -> -4, total 1; theocracy 0, +5
    from the nation card, total 5."""
    result = score(civ(("rome-c", 1, "hand"), nation=nation))
    assert row(result, "Militia").vp == militia
    assert result.total == total


@pytest.mark.parametrize("nation, cohort, total", [(2, 0, 0), (3, 4, 0), (4, 4, 9)])
def test_a_rule_on_the_nation_condition(nation, cohort, total):
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Nation condition" (ancient or advanced,
    the banner of the nation card's level).  Cohort (+4 VP if advanced) alone: republic (ancient)
    0, total 0; empire (advanced) +4, its unrest 2 -> -4, total 0; theocracy (advanced) +4, +5,
    prosperity 2, total 9."""
    result = score(civ(("rome-c", 2, "deck"), nation=nation))
    assert row(result, "Cohort").vp == cohort
    assert result.total == total


def test_a_rule_on_an_active_level_and_on_a_count_at_least():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Active" ("This could even refer to a
    specific card level by name").  Veterans (unrest 2; +3 VP if Campania is active; -4 VP with at
    least 1 tributary card) with Campania controlled (wealth 5, unrest 2): +3; unrest 4 - prosperity
    2 = 2 uncovered -> -4; total 3 + 5 + 5 - 4 = 9.  With rome-a at Latin Tribute in the deck
    instead: Campania not active 0, 1 tributary -> -4; unrest 2 - 2 = 0; total -4 + 5 = 1."""
    campania = score(civ(("rome-c", 4, "hand"), ("rome-a", 2, "controlled")))
    assert row(campania, "Veterans").vp == 3
    assert row(campania, "Veterans").counted == "Campania active: yes; +3 VP | 0 tributary cards: no -> 0 VP"
    assert row(campania, "uncovered unrest").vp == -4 and campania.total == 9
    tribute = score(civ(("rome-c", 4, "hand"), ("rome-a", 3, "deck")))
    assert row(tribute, "Veterans").vp == -4 and tribute.total == 1


def test_prosperity_from_a_scoring_rule_cancels_unrest():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Prosperity": "every prosperity icon on
    active cards (or gained from special effects on cards, such as Hadrian's Wall) cancels out 1
    unrest icon".  Wall (+1 prosperity per controlled region), Campania (unrest 2, wealth 5) and
    Picenum (wealth 3) controlled, monarchy (unrest 1): unrest 3 - prosperity 2 = 1 uncovered ->
    -2; total 8 - 2 = 6.  With Militia instead of Wall: 3 uncovered -> -6; total 8 - 6 = 2."""
    wall = score(civ(("rome-c", 3, "stored"), ("rome-a", 2, "controlled"), ("rome-e", 3, "controlled"), nation=1))
    assert row(wall, "Wall").prosperity == 2 and row(wall, "Wall").vp == 0
    assert (wall.unrest, wall.prosperity, wall.uncovered_unrest) == (3, 2, 1)
    assert row(wall, "uncovered unrest").counted == "unrest 3 - prosperity 2 = 1 uncovered x -2 = -2"
    assert wall.total == 6
    militia = score(civ(("rome-c", 1, "stored"), ("rome-a", 2, "controlled"), ("rome-e", 3, "controlled"), nation=1))
    assert militia.uncovered_unrest == 3 and militia.total == 2


def test_prosperity_beyond_the_unrest_scores_nothing():
    """behold-rome-rulebook.txt, "Scoring": "If you have any remaining unrest, it is considered
    uncovered unrest. Subtract 2 VP ... for every uncovered unrest" -- prosperity only cancels.
    Harbour (production, 2 prosperity) as republic (+1 VP per production card): unrest 0, prosperity
    2, 0 uncovered (not -2); total 1."""
    result = score(civ(("rome-d", 3, "hand"), nation=2))
    assert (result.unrest, result.prosperity, result.uncovered_unrest) == (0, 2, 0)
    assert row(result, "uncovered unrest").vp == 0 and result.total == 1


def test_unrest_counts_every_active_card_and_the_nation_card():
    """behold-rome-rulebook.txt, "Scoring": "Total up the unrest icons on active cards in your civ
    (including your nation card)".  Granary (unrest 1, deck), Latium (unrest 1, controlled), Campania
    is not active (rome-a is at Latium), empire (unrest 2): unrest 4, prosperity 0 -> -8; wealth 3,
    empire +2 per controlled region -> +2; total 3 + 2 - 8 = -3."""
    result = score(civ(("rome-d", 1, "deck"), ("rome-a", 1, "controlled"), nation=3))
    assert [r.unrest for r in result.player if r.unrest] == [1, 1, 2]
    assert row(result, "uncovered unrest").vp == -8 and result.total == -3


def test_a_loss_with_a_cap_is_at_most_the_cap():
    """README of data/behold_rome ("Scoring rules": "max" is a cap on the term; the reading taken for
    a loss: at most that many VPs lost).  Emporium (-2 VP per production card, at most 3) and
    Etruscan Guild (production; 1 amphora -> +1) as republic (+1 VP per production card): 2
    production cards -> -4, capped at -3; nation +2; total -3 + 1 + 2 = 0."""
    result = score(civ(("rome-d", 4, "hand"), ("rome-b", 2, "hand"), nation=2))
    assert row(result, "Emporium").vp == -3
    assert row(result, "Emporium").counted == "2 production cards x -2 = -4, at most 3: -3 VP"
    assert row(result, "nation card: republic").vp == 2 and result.total == 0


def test_the_nation_cards_rule():
    """behold-rome-rulebook.txt, "Scoring": "Any VPs from the scoring rule on your nation card".
    Empire (+2 VP per controlled region, unrest 2) with Sabina (1) and Apulia (1) controlled: +4;
    wealth 2; -4 for 2 uncovered unrest; total 2.  Theocracy (+5 VP, 2 prosperity): 5 + 2 = 7."""
    places = (("rome-e", 1, "controlled"), ("rome-f", 1, "controlled"))
    empire = score(civ(*places, nation=3))
    nation = row(empire, "nation card: empire")
    assert (nation.vp, nation.unrest, nation.rule) == (4, 2, "+2 VP per controlled region")
    assert empire.total == 2
    assert score(civ(*places, nation=4)).total == 7


def test_every_place_of_the_civ_scores():
    """behold-rome-rulebook.txt, "Round End": "At the end of round 12, score all your cards" -- a card
    in hand, on top of the deck, in the deck, stored or controlled.  Latin League (+2 VP per region)
    on top, Veii (region) in the deck, Sabina controlled, Apulia (region) stored, Granary (unrest 1)
    in hand: 3 regions -> +6; wealth 1; nation +5; unrest 1 - prosperity 2 -> 0; total 12."""
    result = score(civ(("rome-a", 4, "top"), ("rome-b", 4, "deck"), ("rome-e", 1, "controlled"),
                       ("rome-f", 1, "stored"), ("rome-d", 1, "hand")))
    assert {r.place for r in result.player if r.card.startswith("rome-")} == {"top", "deck", "controlled", "stored",
                                                                                  "hand"}
    assert row(result, "Latin League").vp == 6 and result.unrest == 1 and result.total == 12


# -- the rival civ ------------------------------------------------------------------------------------
TRIBUTES = (("rome-a", 3, "deck"), ("rome-b", 3, "deck"), ("rome-e", 1, "controlled"))


@pytest.mark.parametrize("difficulty, total", [("casual", 36), ("easy", 56), ("normal", 76), ("hard", 96),
                                               ("impossible", 116)])
def test_the_rival_base_vps_its_rules_and_the_difficulty_bonus(difficulty, total):
    """behold-rome-rulebook.txt, "Scoring" ("Sum their base points and any points from their scoring
    rules") and "Difficulty Settings > Rival Civ Difficulty Settings" (casual -40, easy -20, normal
    0, hard +20, impossible +40 to bot score).  Carthage (60 VP; +3 per tributary card; +10 with at
    most 1 controlled region) against 2 tributaries and 1 controlled region: 60 + 6 + 10 = 76, then
    the bonus."""
    result = score(civ(*TRIBUTES), "Carthage", rival_difficulty=difficulty)
    assert [r.vp for r in result.rival] == [60, 6, 10, RIVAL_DIFFICULTY_BONUS[difficulty], total]
    assert result.rival[-1].source == "total" and result.rival_total == total
    assert row(result, f"difficulty: {difficulty}").ref == refs.RIVAL_CIV_DIFFICULTY_SETTINGS
    assert result.total == 1 + 5 and result.outcome == "lose"


def test_a_rival_civ_by_name_or_as_the_card():
    """behold-rome-rulebook.txt, "Rival Civ Card": the rival's name, base VPs and scoring rules; the
    same rival given by name or as its card scores the same."""
    by_name = score(civ(*TRIBUTES), "Carthage")
    by_card = score(civ(*TRIBUTES), CARDS.rival("Carthage"))
    assert by_name == by_card and by_name.rival_name == "Carthage"


def test_win_only_with_more_points_a_tie_loses():
    """behold-rome-rulebook.txt, "Scoring": "If you score more points than them, you win. If not, you
    lose."  Samnium (2, eagle), Bruttium (3), Etruria (2) controlled, Militia (eagle) in hand,
    theocracy: 7 + 5 = 12; Parthia (10; +1 per eagle, at most 2; -5 if Veterans active): 10 + 2 =
    12 -> a tie, lost.  Without Militia: Parthia 10 + 1 = 11 < 12 -> won."""
    regions = (("rome-e", 2, "controlled"), ("rome-f", 3, "controlled"), ("rome-b", 1, "controlled"))
    tie = score(civ(*regions, ("rome-c", 1, "hand")), "Parthia")
    assert (tie.total, tie.rival_total, tie.outcome, tie.won) == (12, 12, "lose", False)
    assert "a tie loses" in tie.headline()
    won = score(civ(*regions), "Parthia")
    assert (won.total, won.rival_total, won.outcome, won.won) == (12, 11, "win", True)


def test_a_rival_rule_on_an_active_level():
    """behold-rome-rulebook.txt, "Rival Civ Card": "conditional rules that give the rival civ additional
    VPs based on active cards in your deck".  Veterans active: Parthia 10 + 0 eagles - 5 = 5 against
    the player's 9 (Veterans +3 with Campania, wealth 5, nation 5, -4 unrest); easy: 5 - 20 = -15."""
    result = score(civ(("rome-c", 4, "hand"), ("rome-a", 2, "controlled")), "Parthia", rival_difficulty="easy")
    assert [r.vp for r in result.rival] == [10, 0, -5, -20, -15]
    assert result.total == 9 and result.outcome == "win"


def test_score_chaser_mode_has_no_rival():
    """behold-rome-rulebook.txt, "Variants": "Score Chaser Mode - Don't play against a bot civ" --
    no rival rows, no win or loss."""
    result = score(civ(*TRIBUTES))
    assert result.rival == () and result.rival_total is None
    assert (result.outcome, result.won) == ("no rival", None)
    assert "Score Chaser Mode" in result.headline()


def test_the_shipped_set_at_its_casual_setup():
    """behold-rome-rulebook.txt, "Setup" (every card at its starting level) and "Difficulty Settings
    > Game Difficulty Settings" (casual: Cisalpine Gaul and Africa controlled), on the INVENTED
    illustrative set: wealth 2 + 3 = 5; Shrine's +2 needs theocracy -> 0; monarchy's unrest 1 -
    prosperity 2 (Shrine, Chariot Races) -> 0; total 5.  Carthage: 60 + 0 tributaries + 0 (2
    controlled regions, not at most 1) = 60: lost."""
    cards = load_cards()
    places = [(c.id, c.starting_level, "controlled" if c.id in ("gaul", "africa") else "deck")
              for c in cards.civ_cards]
    result = score(civ(*places, nation=1, round=1, cardset=cards), "Carthage")
    assert row(result, "controlled region wealth").counted == "Cisalpine Gaul 2 + Africa 3"
    assert (result.unrest, result.prosperity) == (1, 2)
    assert result.total == 5 and result.rival_total == 60 and result.outcome == "lose"
    assert result.illustrative and "INVENTED" in result._repr_html_()


# -- the assistant's views ------------------------------------------------------------------------------
def test_the_frame_has_one_row_per_source_each_citing_its_section():
    """behold-rome-rulebook.txt, "Scoring": the itemised score -- every card's rule, the wealth, the
    nation card, the unrest and the total beside the rival's; the rows add up to the totals."""
    result = score(civ(("rome-c", 4, "hand"), ("rome-a", 2, "controlled")), "Parthia")
    frame = result.frame()
    assert tuple(frame.columns) == FRAME_COLUMNS
    assert list(frame["source"]) == ["Veterans", "Campania", "controlled region wealth", "nation card: theocracy",
                                     "uncovered unrest", "total", "Parthia: base VPs", "Parthia: rule 1",
                                     "Parthia: rule 2", "difficulty: normal", "total"]
    sections = {ref.section for ref in vars(refs).values() if hasattr(ref, "section")}
    assert set(frame["section"]) <= sections and frame["section"].ne("").all()
    for side in ("player", "rival"):
        part = frame[frame["side"] == side]
        assert part["vp"].iloc[:-1].sum() == part["vp"].iloc[-1]


def test_the_score_shows_both_sides_side_by_side():
    """behold-rome-rulebook.txt, "Scoring": the player's score and the rival's, compared -- in
    Jupyter two tables, each row with its section, and the verdict."""
    result = score(civ(*TRIBUTES), "Carthage", rival_difficulty="hard")
    markup = result._repr_html_()
    assert "You: 6 VP" in markup and "Carthage: 96 VP" in markup
    assert "display:flex" in markup and "Rival Civ Difficulty Settings" in markup and "Wealth" in markup
    assert "you lose" in markup
    assert repr(result) == "Score(round 12 of 12: you 6 VP vs Carthage 96 VP (hard, +20): you lose)"
    assert "behold_rome.scored-cards" in markup


@pytest.mark.parametrize("difficulty, last", [("casual", 12), ("normal", 12), ("hard", 11), ("impossible", 10)])
def test_the_score_names_the_round_of_the_games_last_round(difficulty, last):
    """behold-rome-rulebook.txt, "Difficulty Settings > Game Difficulty Settings" (hard: only 11
    rounds, impossible: only 10) -- the game difficulty, not the rival's: it sets the last round the
    score is read in, never the rival's bonus (Carthage stays 76)."""
    result = score(civ(*TRIBUTES, round=9, difficulty=difficulty), "Carthage")
    assert result.last_round == last and result.rival_total == 76
    assert repr(result).startswith(f"Score(round 9 of {last}:")


def test_the_scoring_follows_the_engines_scoring_rulings():
    """behold-rome-rulebook.txt, "Scoring", "Concept & Term Glossary > Wealth" and "> Prosperity": the
    readings are the registered rulings (whole civ, controlled-only wealth, icons on active levels,
    a cap on a term's size, prosperity from rules added to the icons), each at its default."""
    from explorer.behold_rome.scoring import RULINGS

    assert {r.id: r.default for r in RULINGS} == {
        "behold_rome.scored-cards": "whole-civ", "behold_rome.wealth-counts": "controlled-only",
        "behold_rome.keying-icons-counted": "active-levels", "behold_rome.score-cap": "size",
        "behold_rome.scoring-prosperity": "adds-to-icons"}
    assert all(not r.switchable for r in RULINGS)


# -- hostile inputs -----------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [None, 3, "civ", {"cards": ()}, replace(civ(), cardset=SET),
                                 replace(civ(), cards=(("rome-a", 1, "hand"),))])
def test_a_wrong_civ_is_refused(bad):
    """behold-rome-rulebook.txt, "Scoring" needs a civ of cards: anything else is an InputError naming
    the argument."""
    with pytest.raises(InputError, match="civ"):
        score(bad)


@pytest.mark.parametrize("places, field", [
    ([("rome-z", 1, "hand")], "cards[0].card_id"),
    ([("rome-a", 1, "hand"), ("rome-a", 2, "deck")], "cards[1].card_id"),
    ([("rome-a", 0, "hand")], "cards[0].level"),
    ([("rome-a", 5, "hand")], "cards[0].level"),
    ([("rome-a", "2", "hand")], "cards[0].level"),
    ([("rome-a", True, "hand")], "cards[0].level"),
    ([("rome-a", 1, "discard")], "cards[0].place"),
    ([("rome-a", 4, "controlled")], "cards[0]"),
    ([("rome-a", 1, "top"), ("rome-b", 1, "top")], "cards"),
    ([(f"rome-{x}", 1, "controlled") for x in "abef"] + [("rome-b", 4, "controlled")], "cards[4].card_id"),
])
def test_a_broken_position_is_refused_naming_the_field(places, field):
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Level" (levels 1-4), "Holding the Game"
    (the hand, the top card, the deck, stored cards, controlled regions; one top card),
    "Concept & Term Glossary > Develop" (a controlled region developed to another type is
    discarded): a position outside them is an InputError naming the field."""
    with pytest.raises(InputError) as caught:
        score(civ(*places))
    assert caught.value.field == field


def test_more_than_four_controlled_regions_or_stored_cards_are_refused():
    """behold-rome-rulebook.txt, "Concept & Term Glossary > Slot": "you can store a maximum of 4 cards
    and can have a maximum of 4 controlled regions at once"."""
    five = copy.deepcopy(SET)
    five["civ_cards"] += [{"id": "rome-g", "starting_level": 1, "levels": [
        _level(n, f"Region {'ABCD'[n - 1]}", "region", wealth=1) for n in (1, 2, 3, 4)]}]
    cards = CardSet.from_json(five, "five regions")
    with pytest.raises(InputError, match=r"at most 4 controlled regions \(4 slots for each.*Slot.*got '5 controlled "
                                         r"regions'"):
        score(civ(*[(f"rome-{x}", 1, "controlled") for x in "abefg"], cardset=cards))
    with pytest.raises(InputError, match=r"at most 4 stored cards \(4 slots .*got '5 stored cards'"):
        score(civ(*[(f"rome-{x}", 1, "stored") for x in "abcde"]))


@pytest.mark.parametrize("field, value", [("nation_level", 0), ("nation_level", 5), ("nation_level", 2.0),
                                          ("round", 0), ("round", None), ("cards", [])])
def test_a_wrong_nation_level_round_or_cards_list_is_refused(field, value):
    """behold-rome-rulebook.txt, "Nation card" (4 levels) and "Round and Age cards": a nation level
    outside 1-4, a round below 1 or a cards list that is not a tuple is an InputError naming it."""
    with pytest.raises(InputError) as caught:
        score(replace(civ(("rome-a", 1, "hand")), **{field: value}))
    assert caught.value.field == field


@pytest.mark.parametrize("field, value", [("difficulty", "HARD"), ("difficulty", None), ("variants", {"foresight"}),
                                          ("variants", frozenset({"endless"}))])
def test_a_wrong_game_difficulty_or_variant_is_refused(field, value):
    """behold-rome-rulebook.txt, "Difficulty Settings > Game Difficulty Settings" (casual to
    impossible) and "Variants": anything else is an InputError naming the field."""
    with pytest.raises(InputError) as caught:
        score(replace(civ(("rome-a", 1, "hand")), **{field: value}))
    assert caught.value.field == field


def test_score_chaser_mode_refuses_a_rival():
    """behold-rome-rulebook.txt, "Variants": "Score Chaser Mode - Don't play against a bot civ" -- with
    that variant in play a rival is an InputError; without one the civ scores alone."""
    chaser = civ(*TRIBUTES, variants=frozenset({"score-chaser"}))
    with pytest.raises(InputError, match="Score Chaser Mode"):
        score(chaser, "Carthage")
    assert score(chaser).outcome == "no rival" and score(chaser).total == 6


@pytest.mark.parametrize("rival", ["Rome", "carthage", 7, load_cards().rival("Parthia"), True])
def test_a_rival_not_of_the_card_set_is_refused(rival):
    """behold-rome-rulebook.txt, "Setup": "Choose a rival civ to play against" -- one of the card
    set's rival civs (the shipped set's Parthia differs from this set's)."""
    with pytest.raises(InputError, match="rival civ of the card set"):
        score(civ(*TRIBUTES), rival)


@pytest.mark.parametrize("difficulty", ["HARD", "medium", None, 20, ""])
def test_a_wrong_rival_difficulty_is_refused(difficulty):
    """behold-rome-rulebook.txt, "Difficulty Settings > Rival Civ Difficulty Settings": casual, easy,
    normal, hard or impossible."""
    with pytest.raises(InputError, match="rival_difficulty"):
        score(civ(*TRIBUTES), "Carthage", rival_difficulty=difficulty)


def test_a_rival_rule_giving_prosperity_is_refused():
    """behold-rome-rulebook.txt, "Scoring": the rival's scoring rules give it "additional VPs"; a rule
    giving prosperity (which cancels the player's unrest) has no meaning for a rival civ, so the card
    file is refused when it is read, naming the rival and its rules."""
    import copy

    from explorer.behold_rome.cards import CardError

    bad = copy.deepcopy(SET)
    bad["rivals"].append({"name": "Huns", "base_vp": 0, "rules": [{"prosperity": 1}]})
    with pytest.raises(CardError, match="victory points only") as caught:
        CardSet.from_json(bad, "scoring test set")
    assert (caught.value.card, caught.value.field) == ("Huns", "rules")


def _stepped_set(term):
    """The scoring test set with Latin League's rule replaced by ``term``."""
    data = copy.deepcopy(SET)
    data["civ_cards"][0]["levels"][3]["scoring"] = [term]
    return CardSet.from_json(data, "stepped set")


@pytest.mark.parametrize("per,counted_civ,text,counted,vp", [
    ({"icons": "amphora", "every": 2}, [("rome-b", 2, "hand"), ("rome-d", 2, "stored")],
     "+3 VP per 2 amphora icons", "2 amphora in steps of 2: 1 x +3 = +3 VP", 3),
    ({"icons": "amphora", "every": 2}, [("rome-b", 2, "hand")],
     "+3 VP per 2 amphora icons", "1 amphora in steps of 2: 0 x +3 = +0 VP", 0),
    ({"cards": "region", "every": 2}, [("rome-e", 1, "controlled"), ("rome-f", 1, "deck"), ("rome-b", 4, "deck")],
     "+3 VP per 2 region cards", "3 region cards in steps of 2: 1 x +3 = +3 VP", 3),
    ({"controlled_regions": True, "every": 3}, [("rome-e", 1, "controlled"), ("rome-f", 1, "controlled")],
     "+3 VP per 3 controlled regions", "2 controlled regions in steps of 3: 0 x +3 = +0 VP", 0),
    ({"icons": "amphora", "every": 1}, [("rome-b", 2, "hand")], "+3 VP per amphora", "1 amphora x +3 = +3 VP", 3),
])
def test_a_rule_counting_in_steps_scores_once_per_full_step(per, counted_civ, text, counted, vp):
    """behold-rome-rulebook.txt, "Scoring" (the scoring rules of the cards in your civ) and the card language
    (data/behold_rome/README.md, "Scoring rules": ``every``): "+3 VP per 2 amphora icons" gains 3 VP for each
    full 2 amphora.  Latin League (rome-a at level 4) carries the rule, in hand.  Etruscan Guild (1 amphora)
    and Market (1, stored): 2 amphora -> one step -> +3; the Guild alone: no full step -> 0.  Sabina, Apulia, Veii: 3 region cards -> one step of 2 ->
    +3.  Two controlled regions in steps of 3 -> none -> 0.  ``every: 1`` is the plain count."""
    cards = _stepped_set({"vp": 3, "per": per})
    places = [p for p in counted_civ if p[0] != "rome-a"] + [("rome-a", 4, "hand")]
    assert str(cards.card("rome-a").level(4).scoring[0]) == text
    found = row(score(civ(*places, cardset=cards)), "Latin League")
    assert (found.rule, found.counted, found.vp) == (text, counted, vp)


def test_a_nation_status_test_reads_one_status_or_a_list():
    """behold-rome-rulebook.txt, "Nation card" (statuses monarchy, republic, empire, theocracy): a rule's
    ``if.status`` is written like the nation level's ``status``, one status, or as a list of them; both read
    the same and score the same (Militia: +5 VP as republic)."""
    one = _stepped_set({"vp": 5, "if": {"status": "republic"}})
    listed = _stepped_set({"vp": 5, "if": {"status": ["republic"]}})
    assert one.card("rome-a").level(4).scoring == listed.card("rome-a").level(4).scoring
    assert str(one.card("rome-a").level(4).scoring[0]) == "+5 VP if status republic"
    assert row(score(civ(("rome-a", 4, "hand"), nation=2, cardset=one)), "Latin League").vp == 5
    assert row(score(civ(("rome-a", 4, "hand"), nation=3, cardset=one)), "Latin League").vp == 0
