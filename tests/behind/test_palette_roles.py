"""One colour per society in the odds charts too (explorer/behind/palette.py ``outcome_colours``).

behind-2003-rulebook.txt, "Melee Combat (Nahkampf)" and "Ranged Combat (Fernkampf)": the attacker
or shooter and the defender or target each may lose; a side's bars take its character's society
colour -- the colour its chips have on the table -- whatever its role.
"""

from explorer.behind.data import load_characters
from explorer.behind.odds import MeleeQuestion, RangedQuestion
from explorer.behind.palette import ROLE_COLOURS, SOCIETY_COLOURS, outcome_colours


def _by_society():
    characters = load_characters()
    vampire = next(c for c in characters.values() if c.society == "Vampire")
    sister = next(c for c in characters.values() if c.society == "Schwesternbund")
    return vampire, sister


def test_a_side_keeps_its_society_colour_whether_it_attacks_or_defends():
    """"Melee Combat (Nahkampf)": a Vampire attacking and the same Vampire defending are both red."""
    vampire, sister = _by_society()
    attacks = outcome_colours(MeleeQuestion(attacker=vampire, defender=sister, attacker_supply=(), defender_supply=()))
    defends = outcome_colours(MeleeQuestion(attacker=sister, defender=vampire, attacker_supply=(), defender_supply=()))
    assert attacks["attacker"] == defends["defender"] == SOCIETY_COLOURS["Vampire"]
    assert attacks["defender"] == defends["attacker"] == SOCIETY_COLOURS["Schwesternbund"]
    assert attacks["tie"] == ROLE_COLOURS["tie"]


def test_ranged_sides_take_their_society_colours_and_a_miss_is_grey():
    """"Ranged Combat (Fernkampf)": shooter and target in their societies' colours; no effect grey."""
    vampire, sister = _by_society()
    question = RangedQuestion.__new__(RangedQuestion)
    object.__setattr__(question, "shooter", sister)
    object.__setattr__(question, "target", vampire)
    colours = outcome_colours(question)
    assert (colours["shooter"], colours["target"]) == (SOCIETY_COLOURS["Schwesternbund"], SOCIETY_COLOURS["Vampire"])
    assert colours["none"] == ROLE_COLOURS["none"]


def test_two_sides_of_one_society_or_none_keep_the_role_colours():
    """Two Vampires fighting each other still look different: the role colours."""
    characters = load_characters()
    first, second = [c for c in characters.values() if c.society == "Vampire"][:2]
    same = outcome_colours(MeleeQuestion(attacker=first, defender=second, attacker_supply=(), defender_supply=()))
    assert same == ROLE_COLOURS == outcome_colours(None)
