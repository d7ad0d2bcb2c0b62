"""``arranged(...)``: a hand-made position for lessons and tests keeps the nation card's level it is given.

behold-rome-rulebook.txt, "Nation card" (the nation card is developed level by level, 1 to 4): a lesson that
arranges a position with the nation at level 3 must get level 3, and a level the card does not have is an
error naming the field -- before, ``nation_level=0`` became the starting level silently and
``nation_level=7`` was reported as a bad 'stack' with the value None.
"""

import pytest

from explorer.behold_rome.game import arranged, shipped_cards
from explorer.core.inputs import InputError


def test_the_nation_level_given_is_the_nation_level_played():
    """behold-rome-rulebook.txt, "Nation card": each level given is the state's level."""
    for level in (1, 2, 3, 4):
        assert arranged(nation_level=level).nation_level == level
    assert arranged().nation_level == shipped_cards().nation.starting_level


def test_a_nation_level_the_card_lacks_is_refused_by_name():
    """behold-rome-rulebook.txt, "Nation card": four levels, so 0, 5 and 2.5 are no nation levels."""
    for wrong in (0, 5, 2.5, "3", True):
        with pytest.raises(InputError, match="nation_level") as info:
            arranged(nation_level=wrong)
        assert repr(wrong) in str(info.value) or str(wrong) in str(info.value)


def test_the_stack_may_place_the_nation_card_with_its_level():
    """behold-rome-rulebook.txt, "Holding the Game": the nation card placed in the stack with level 2 is at
    level 2; the same level given twice is fine; two different levels are refused, naming both."""
    assert arranged(stack=[("nation", 2)]).nation_level == 2
    assert arranged(stack=[("nation", 2)], nation_level=2).nation_level == 2
    assert arranged(stack=[("nation", None)], nation_level=3).nation_level == 3
    with pytest.raises(InputError, match="nation_level") as info:
        arranged(stack=[("nation", 2)], nation_level=3)
    assert "(2)" in str(info.value) and "3" in str(info.value)
    with pytest.raises(InputError, match="nation card's level"):
        arranged(stack=[("nation", 9)])


def test_a_save_whose_frame_names_a_card_by_a_list_is_refused_naming_the_field():
    """A hostile save (architecture: nothing from outside is trusted): a frame whose ``card`` or
    ``touched`` entry is a list, not a card id, is an InputError naming ``data.frames[0]``, not a
    TypeError from looking an unhashable value up among the ids (behold-rome-rulebook.txt,
    "Action Phase": the card being resolved)."""
    import copy

    import pytest

    from explorer.behold_rome.game import BeholdRomeState, start
    from explorer.behold_rome import actions as A
    from explorer.core.inputs import InputError

    game = start({"difficulty": "normal"}, 1)
    play = next(a for a in game.legal_actions() if isinstance(a, A.Play) and not a.store_played)
    game.apply(play)
    saved = game.to_json()
    assert saved["data"]["frames"], "a play being resolved keeps a frame"
    for field, value in (("card", ["egypt"]), ("touched", [["egypt"]])):
        broken = copy.deepcopy(saved)
        broken["data"]["frames"][0][field] = value
        with pytest.raises(InputError, match=r"data\.frames\[0\]"):
            BeholdRomeState.from_json(broken)
