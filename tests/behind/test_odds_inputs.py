"""Meaningless questions to the odds are refused (issue 10): InputError naming the argument.

behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": assistance is given to the attack by
other characters touching the defender -- the defender cannot assist the attack on himself, and a
character cannot attack himself.
"""

import math

import pytest

from explorer.behind.cards import Character
from explorer.behind.odds import check_probability, melee_monte_carlo, melee_odds, ranged_odds
from explorer.core.inputs import InputError

LUDWIG = Character(name="Ludwig von Auenstedt", strength=4, dexterity=2, resistance=3)
SAHRA = Character(name="Sahra Jeanette", strength=1, dexterity=3, resistance=2)
ANNA = Character(name="Anna von Bergen", strength=2, dexterity=1, resistance=2)
SUPPLY = [1, 2, 3, 4, 5, 6, 7, 8, 9]
Q = dict(attacker_supply=SUPPLY, defender_supply=SUPPLY)


def _refused(field_part, call):
    with pytest.raises(InputError) as error:
        call()
    assert field_part in error.value.field, error.value
    return error.value


def test_the_defender_cannot_assist_the_attack_on_himself():
    """behind-2003-rulebook.txt, section "Melee Combat (Nahkampf)": the assistants are the
    attacker's; the defender among them is meaningless."""
    error = _refused("assistants", lambda: melee_odds(LUDWIG, SAHRA, assistants=[SAHRA], **Q))
    assert "defender" in error.expected
    _refused("assistants", lambda: melee_monte_carlo(LUDWIG, SAHRA, assistants=[ANNA, SAHRA], samples=10, **Q))
    _refused("defender", lambda: melee_odds(LUDWIG, LUDWIG, **Q))
    _refused("target", lambda: ranged_odds(SAHRA, SAHRA, weapon_fate=3, shooter_supply=SUPPLY,
                                           target_supply=SUPPLY))
    assert melee_odds(LUDWIG, SAHRA, assistants=[ANNA], **Q).p_injured("defender") > 0


def test_unknown_characters_and_cards_are_refused():
    _refused("attacker", lambda: melee_odds("Ludwig von Auenstedt", SAHRA, **Q))
    _refused("assistants[0]", lambda: melee_odds(LUDWIG, SAHRA, assistants=["Anna"], **Q))
    _refused("attacker_supply[1]", lambda: melee_odds(LUDWIG, SAHRA, attacker_supply=[1, 2.5], defender_supply=SUPPLY))
    _refused("defender_hand[0]", lambda: melee_odds(LUDWIG, SAHRA, defender_hand=[True], **Q))
    _refused("attacker_choice", lambda: melee_odds(LUDWIG, SAHRA, attacker_choice="best", **Q))
    _refused("shooter", lambda: ranged_odds(None, SAHRA, weapon_fate=3, shooter_supply=SUPPLY, target_supply=SUPPLY))
    _refused("weapon_fate", lambda: ranged_odds(LUDWIG, SAHRA, weapon_fate=math.nan, shooter_supply=SUPPLY,
                                                target_supply=SUPPLY))


def test_negative_and_non_finite_numbers_are_refused():
    _refused("hand_size", lambda: melee_odds(LUDWIG, SAHRA, hand_size=-1, **Q))
    _refused("attacker_hand_size", lambda: melee_odds(LUDWIG, SAHRA, attacker_hand_size=-2, **Q))
    _refused("attacker_extra_opponents", lambda: melee_odds(LUDWIG, SAHRA, attacker_extra_opponents=-1, **Q))
    _refused("attacker_bonus", lambda: melee_odds(LUDWIG, SAHRA, attacker_bonus=math.inf, **Q))
    _refused("defender_bonus", lambda: melee_odds(LUDWIG, SAHRA, defender_bonus=10**9, **Q))
    _refused("hand_size", lambda: melee_odds(LUDWIG, SAHRA, hand_size=10**6, **Q))
    _refused("samples", lambda: melee_monte_carlo(LUDWIG, SAHRA, samples=0, **Q))
    _refused("x", lambda: check_probability(math.nan, SUPPLY))
    _refused("supply[0]", lambda: check_probability(4, [-1]))
    assert melee_odds(LUDWIG, SAHRA, hand_size=0, attacker_bonus=-1, **Q).p_injured("attacker") > 0
