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


def test_ludwig_is_vampire_red_in_the_ranged_and_the_melee_chart():
    """"Ranged Combat (Fernkampf)" and "Melee Combat (Nahkampf)": Ludwig von Auenstedt is shot at by
    Sahra Jeanette, then attacks her -- his bars are Vampire red in both charts, hers Schwesternbund blue."""
    from matplotlib.colors import to_hex

    from explorer.behind import melee_odds, ranged_odds
    from explorer.behind.render_odds import plot_odds

    characters = load_characters()
    ludwig, sahra = characters["ludwig-von-auenstedt"], characters["sahra-jeanette"]
    even = [f for f in range(1, 10) for _ in range(4)]  # four of each fate number 1-9
    shot = ranged_odds(sahra, ludwig, weapon_fate=9, shooter_supply=even, target_supply=even)
    fight = melee_odds(ludwig, sahra, attacker_supply=even, defender_supply=even)
    for result, ludwig_role in ((shot, "target"), (fight, "attacker")):
        ax = plot_odds(result)
        for bar, loser in zip(ax.patches, result.frame["loser"]):
            expected = {ludwig_role: SOCIETY_COLOURS["Vampire"]}.get(loser, ROLE_COLOURS.get(loser))
            if loser in ("defender", "shooter"):
                expected = SOCIETY_COLOURS["Schwesternbund"]
            assert to_hex(bar.get_facecolor()) == expected, (result.kind, loser)
        legend = {t.get_text(): to_hex(h.get_facecolor()) for t, h in
                  zip(ax.get_legend().get_texts(), ax.get_legend().legend_handles)}
        assert legend[f"{ludwig_role} loses"] == SOCIETY_COLOURS["Vampire"]
