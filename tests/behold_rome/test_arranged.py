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
