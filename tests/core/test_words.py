"""Numbers in words (:mod:`explorer.core.words`): no "card(s)" in what a reader sees (issue 11)."""

import pytest

from explorer.core.words import counted, listed


@pytest.mark.parametrize("n, noun, plural, said", [
    (1, "card", None, "1 card"), (3, "card", None, "3 cards"), (0, "action", None, "0 actions"),
    (2, "supply card", None, "2 supply cards"), (2, "die", "dice", "2 dice"), (1, "die", "dice", "1 die"),
])
def test_a_count_is_said_in_the_singular_or_the_plural(n, noun, plural, said):
    assert counted(n, noun, plural) == said


def test_a_list_of_names_is_labelled_by_its_number():
    assert listed("winner", ["Jessy"]) == "winner: Jessy"
    assert listed("winner", ["P1", "P2"]) == "winners: P1, P2"


def test_no_engine_event_or_note_writes_a_placeholder_plural():
    """The events of seeded games of the card games never hold "(s)": Behind's end of the action phase and supply
    draws, Beyond's end of the game."""
    from explorer.core.players import RandomPlayer
    from explorer.core.rng import SeededRng
    from explorer.core.systems import get

    for name in ("behind", "beyond"):
        system = get(name)
        config = next(iter(system.configurations.values()))
        for seed in range(3):
            state, rng = system.start(config, seed), SeededRng(seed)
            for _ in range(400):
                if state.is_terminal():
                    break
                state.apply(RandomPlayer().choose(state, rng))
            texts = [e.text for e in state.log]
            assert texts and not [t for t in texts if "(s)" in t], name
