"""Behind's combat, injury and check rules (behind-2003-rulebook.txt), from the rulebook's examples."""

import pytest

from explorer.behind import refs
from explorer.behind.cards import ActionCard, Character
from explorer.behind.combat import (
    ability_check,
    influence_check,
    influence_duel,
    melee_injuries,
    resolve_melee,
    resolve_ranged,
)
from explorer.core import Piles, RuleViolation, SeededRng

LUDWIG = Character(name="Ludwig von Auenstedt", strength=4, dexterity=2, resistance=3, society="Vampire")
SAHRA = Character(name="Sahra Jeanette", strength=1, dexterity=3, resistance=2, society="Schwesternbund")


def card(fate, id=None, **kw):
    return ActionCard(id=id or f"f{fate}", title=f"Card {fate}", fate=fate, **kw)


def stacked(top_cards, hand=()):
    """Piles whose supply holds ``top_cards`` in that order (top first) and whose hand is ``hand``."""
    piles = Piles([*hand, *top_cards], SeededRng(0))
    piles.draw(len(hand))
    return piles


def test_melee_first_steps_example_ludwig_injures_sahra():
    """behind-2003-rulebook.txt, section First Steps: Ludwig (S4) plays a 6 and turns up a 3:
    13; Sahra (S1) plays a 5 and turns up a 5: 11.  "Since the difference between the two values
    is 2 (13-11=2) and this value is as high as Sahra Jeanette's Resistance, she is injured"."""
    christian = stacked([card(3), card(9)], hand=[card(6)])
    barbara = stacked([card(5, "f5-top"), card(9)], hand=[card(5)])
    result = resolve_melee(LUDWIG, SAHRA, attacker_piles=christian, defender_piles=barbara,
                           attacker_card="f6", defender_card="f5")
    assert (result.attacker.value, result.defender.value) == (13, 11)
    assert result.loser == "defender" and result.injuries == 1
    assert result.after["Sahra Jeanette"].injuries == 1
    assert result.after["Sahra Jeanette"].condition == "lightly injured"
    # "Both cards are then thrown onto the discard pile"
    assert [c.id for c in christian.discard] == ["f6", "f3"]
    assert [c.id for c in barbara.discard] == ["f5", "f5-top"]
    assert "suffers 1 injury" in result.describe()


@pytest.mark.parametrize("winner, loser, resistance, injuries", [
    (13, 11, 2, 1),   # the First Steps example
    (13, 12, 2, 0),   # difference below the Resistance: no injury
    (15, 11, 2, 2),   # at least twice the Resistance: two injuries
    (17, 11, 2, 3),   # three times: three injuries
    (11, 11, 2, 0),   # "A tie of the two melee values has no further effect on the game."
])
def test_melee_injuries_difference_divided_by_resistance(winner, loser, resistance, injuries):
    """behind-2003-rulebook.txt, section Melee Combat (Nahkampf): "If this difference reaches or
    exceeds the Resistance value, the inferior character suffers a single injury. The character is
    injured twice if the difference is at least twice as high as the Resistance value."""
    assert melee_injuries(winner, loser, resistance) == injuries


def test_injuries_lower_strength_and_dexterity_never_below_zero_and_eliminate_at_three():
    """behind-2003-rulebook.txt, section Injuries (Verletzungen): each injury lowers Strength and
    Dexterity by 1 (minimum of 0); "If a character was injured more than twice, he counts as
    eliminated." """
    hurt = SAHRA.injure(2)
    assert (hurt.current_strength, hurt.current_dexterity, hurt.condition) == (0, 1, "severely injured")
    assert hurt.injure().eliminated
    with pytest.raises(RuleViolation, match="already eliminated"):
        hurt.injure().injure()


def test_healing_removes_one_injury_but_not_from_the_healthy_or_eliminated():
    """behind-2003-rulebook.txt, section Injuries (Verletzungen): "Neither a healthy nor an
    eliminated character can be healed." """
    assert SAHRA.injure(2).heal().condition == "lightly injured"
    with pytest.raises(RuleViolation, match=r"healthy and cannot be healed.*Injuries \(Verletzungen\)"):
        SAHRA.heal()
    with pytest.raises(RuleViolation, match="eliminated and cannot be healed"):
        SAHRA.injure(3).heal()


def test_melee_assistants_add_their_strength_and_buendnis_value():
    """behind-2003-rulebook.txt, sections Melee Combat and Bündnis (Alliance): assisting characters
    add their Strength; with Bündnis "also the value of the ability"."""
    helper = Character(name="Helper", strength=2, resistance=2, abilities="Bündnis 1")
    result = resolve_melee(LUDWIG, SAHRA, attacker_piles=stacked([card(1)]), defender_piles=stacked([card(1)]),
                           assistants=[helper])
    assert result.attacker.value == 4 + 2 + 1 + 1


def test_glaube_adds_faith_per_additional_opponent():
    """behind-2003-rulebook.txt, section Glaube (Faith): "A character with the ability "Glaube +2"
    may therefore add +4 to his Strength when fighting three opponents." """
    templar = Character(name="Templar", strength=3, resistance=2, abilities="Glaube +2")
    helpers = [Character(name=f"H{i}", strength=1, resistance=1) for i in range(2)]
    result = resolve_melee(LUDWIG, templar, attacker_piles=stacked([card(1)]), defender_piles=stacked([card(1)]),
                           assistants=helpers)
    assert result.defender.base == 3 + 4


def test_rear_arc_gives_plus_one():
    """behind-2003-rulebook.txt, section Viewing Angle (Sichtwinkel): touching "in the 90º angle
    opposite the viewing angle, he receives a bonus of +1 to his melee value"."""
    result = resolve_melee(LUDWIG, SAHRA, attacker_piles=stacked([card(1)]), defender_piles=stacked([card(1)]),
                           rear_arc=True)
    assert result.attacker.value == 4 + 1 + 1


def test_zusatz_bonus_counts_when_the_fate_number_is_used():
    """behind-2003-rulebook.txt, section Special Card Effect: "a card with a fate number of 5 reads
    "Zusatz: Kampfwert+2" ... the final combat value of the card is 7" -- also when turned up."""
    zusatz = card(5, "z5", zusatz_bonus=2, effect="Zusatz: Kampfwert+2")
    result = resolve_melee(LUDWIG, SAHRA, attacker_piles=stacked([zusatz]), defender_piles=stacked([card(1)]))
    assert result.attacker.value == 4 + 7


def test_failed_assisted_attack_damages_the_lowest_resistance_participant():
    """behind-2003-rulebook.txt, section Melee Combat: "his player may choose an enemy character
    participating in the fight who receives the damage" (ruling behind.assisted-damage)."""
    frail = Character(name="Frail", strength=0, resistance=1)
    giant = Character(name="Giant", strength=9, resistance=5)
    result = resolve_melee(LUDWIG, giant, attacker_piles=stacked([card(1)]), defender_piles=stacked([card(9)]),
                           assistants=[frail])
    assert result.loser == "attacker" and result.damaged.name == "Frail"
    assert result.injuries == (9 + 9 - (4 + 0 + 1)) // 1


def test_playing_a_card_not_in_hand_is_refused_with_the_rule():
    """behind-2003-rulebook.txt, section Melee Combat: "the attacker plays an action card from hand"."""
    with pytest.raises(RuleViolation, match=r"not in that player's hand.*Melee Combat"):
        resolve_melee(LUDWIG, SAHRA, attacker_piles=stacked([card(1)]), defender_piles=stacked([card(1)]),
                      attacker_card="f7")


def test_ranged_dodge_reaching_shooting_value_has_no_effect():
    """behind-2003-rulebook.txt, section Ranged Combat: "If the dodge value of the target reaches or
    exceeds the shooting value of the shooter, the shot has no further effect." """
    bow = card(4, "bow", category="Waffe", permanent=True, ranged=True)
    # shooting 3 + 4 + 2 = 9; dodge 2 + 5 + 2 = 9
    result = resolve_ranged(SAHRA, LUDWIG, weapon=bow, shooter_piles=stacked([card(2)]),
                            target_piles=stacked([card(2, "t2")], hand=[card(5)]), target_card="f5")
    assert (result.shooter.value, result.target.value, result.hit) == (9, 9, False)


def test_ranged_hit_injures_by_difference_over_resistance():
    """behind-2003-rulebook.txt, section Ranged Combat: the difference "is, as in melee, compared with
    the Resistance value of the target"."""
    bow = card(6, "bow", category="Waffe", permanent=True, ranged=True)
    result = resolve_ranged(SAHRA, LUDWIG, weapon=bow, shooter_piles=stacked([card(8)]),
                            target_piles=stacked([card(1)]))
    # shooting 3 + 6 + 8 = 17; dodge 2 + 0 + 1 = 3; 14 // 3 = 4
    assert result.hit and result.injuries == 4 and result.after.eliminated


def test_no_ranged_attack_while_touching_an_enemy():
    """behind-2003-rulebook.txt, section Weapons (Waffen): "a character whose chip touches an enemy
    character chip is not allowed to perform a ranged attack"."""
    bow = card(6, "bow", category="Waffe", permanent=True, ranged=True)
    with pytest.raises(RuleViolation, match=r"Weapons \(Waffen\)"):
        resolve_ranged(SAHRA, LUDWIG, weapon=bow, shooter_piles=stacked([card(8)]), target_piles=stacked([card(1)]),
                       shooter_touching_enemy=True)


def test_ability_check_regeneration_example():
    """behind-2003-rulebook.txt, section Ability Check (Fähigkeitsprobe): "Regeneration 4+ ... The
    fate number shows a 6, so the ability check succeeded ... Had the card shown a fate number of
    only 3 or less, the action would not have been successful." """
    piles = stacked([card(6), card(3), card(4), card(1, "spare")])
    assert ability_check(piles, 4).success
    assert not ability_check(piles, 4).success
    assert ability_check(piles, 4).success  # "at least as high as the stated number"
    assert [c.fate for c in piles.discard] == [6, 3, 4]  # "In both cases the turned-up card is discarded."


def test_influence_check_reaching_the_value_keeps_the_card():
    """behind-2003-rulebook.txt, section I. Organisation Phase: "If the value of the turned-up fate
    number reaches or exceeds the influence value of the card, the check is successful"."""
    piles = stacked([card(5), card(4)])
    first, second = influence_check(piles, 5), influence_check(piles, 5)
    assert first.success and not second.success and first.rule == refs.ORGANISATION_PHASE


def test_influence_duel_tie_draws_again():
    """behind-2003-rulebook.txt, section The Beginning: "In case of a tie you draw a further card and
    compare the fate numbers again. ... All cards turned up in this way are then placed on the
    discard pile"."""
    a = stacked([card(5), card(7, "a7"), card(1)])
    b = stacked([card(5, "b5"), card(2), card(1)])
    duel = influence_duel(a, b)
    assert duel.winner == 0 and len(duel.rounds) == 2
    assert len(a.discard) == 2 and len(b.discard) == 2


def test_ranged_range_is_twice_the_total_movement_of_the_enabling_card():
    """behind-2003-rulebook.txt, section Ranged Combat (Fernkampf): "The range of the attack equals
    twice the total movement of the card that enables the ranged attack" (ruling
    behind.total-movement: movement range x movement number, switchable to the range alone)."""
    from explorer.behind import BEHIND_RULINGS, ranged_attack_range

    bow = card(4, "bow", category="Waffe", permanent=True, ranged=True, movement_range=6.0, movement_number=2)
    assert ranged_attack_range(bow) == 24.0
    assert ranged_attack_range(bow, BEHIND_RULINGS.switch(**{"behind.total-movement": "range-only"})) == 12.0


def test_character_round_trips_through_json_with_abilities_and_injuries():
    """A saved character comes back exactly (abilities as printed on the card, injuries kept)."""
    import json

    templar = Character(name="Bruder Anselm", strength=3, dexterity=2, resistance=2, character_points=7,
                        society="Tempelritter", abilities="Glaube +2; Bündnis 1; Regeneration 4+", injuries=1)
    assert Character.from_json(json.loads(json.dumps(templar.to_json()))) == templar
