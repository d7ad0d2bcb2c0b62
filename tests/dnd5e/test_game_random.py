"""Whole seeded encounters played by the random and the greedy player, with the invariants checked
after every action: hit points within 0..maximum, movement spent within the budget (SRD 5.1 Breaking
Up Your Move; SPURT), no two creatures ending in one space (SICH UM ANDERE KREATUREN HERUM
BEWEGEN), one action per turn (AKTIONEN IM KAMPF), the end when a side has no creature able to act
or at the round limit (rulings dnd5e.zero-hp, dnd5e.round-limit); JSON save / load, undo and copy
on the way."""

from __future__ import annotations

from explorer.core.rng import SeededRng
from explorer.dnd5e import actions as A
from explorer.dnd5e.game import EncounterState, new_encounter
from explorer.dnd5e.players import GreedyPlayer, RandomPlayer

DUEL_SEEDS = 250
SKIRMISH_SEEDS = 12


def play(encounter: str, seed: int, player, *, deep: bool, rulings=None) -> EncounterState:
    state = new_encounter(encounter, seed=seed, rulings=rulings)
    rng = SeededRng(seed)
    turns: dict = {}
    for step in range(3000):
        if state.is_terminal():
            break
        action = player.choose(state, rng)
        assert action in state.legal_actions(), f"seed {seed}: {action} chosen but not legal"
        key = (state.round, state.acting)
        if deep and step % 7 == 3:
            before = state.to_json()
            twin = state.copy()
            state.apply(action)
            state.undo()
            assert state.to_json() == before, f"seed {seed}: undo of {action} differs"
            assert twin.to_json() == before
            assert EncounterState.from_json(before).to_json() == before
        state.apply(action)
        if action.kind in A.USING_THE_ACTION:
            turns[key] = turns.get(key, 0) + 1
            assert turns[key] == 1, f"seed {seed}: {key[1]} took two actions in round {key[0]}"
        state.check_invariants()
    assert state.is_terminal(), f"seed {seed}: no end after 3000 actions"
    limit = state.rulings["dnd5e.round-limit"]
    sides = state.sides_in_fight()
    if state.winner is None:
        assert state.round == limit and all(sides.values())
    else:
        loser = next(side for side in state.players if side != state.winner)
        assert not sides[loser] and sides[state.winner]
    return state


def test_random_duels_keep_the_invariants_over_many_seeds():
    """250 seeded duels of the random player; every 7th action undone and redone, copied, saved."""
    winners = {play("duell", seed, RandomPlayer(), deep=seed % 5 == 0).winner for seed in range(DUEL_SEEDS)}
    assert {"Helden", "Monster"} <= winners


def test_random_and_greedy_skirmishes_keep_the_invariants():
    """The five-creature skirmish (walls, difficult terrain, spells, ranged attacks) by both players."""
    for seed in range(SKIRMISH_SEEDS):
        play("scharmuetzel", seed, RandomPlayer() if seed % 2 else GreedyPlayer(), deep=seed % 3 == 0)


def test_every_listed_candidate_is_legal_and_every_kind_is_offered():
    """legal_actions() lists only actions check() accepts; over a few encounters (the skirmish, and the
    Höllenhund's with a potion, a wand and a breath weapon) every action kind of the turn appears."""
    seen = set()
    for seed in range(6):
        state = new_encounter("scharmuetzel" if seed < 4 else "hoellenhund", seed=seed)
        rng = SeededRng(seed)
        player = RandomPlayer()
        for _ in range(60):
            if state.is_terminal():
                break
            legal = list(state.legal_actions())
            for action in legal:
                state.check(action)
                seen.add(action.kind)
            state.apply(player.choose(state, rng))
    assert set(A.USING_THE_ACTION) | {"bewegen", "zug-beenden"} <= seen


def test_gridless_encounters_keep_the_invariants():
    """Ruling dnd5e.measuring 'gridless' (exact distances, shapely): the same invariants, saves exact."""
    for seed in range(8):
        encounter = "scharmuetzel" if seed % 2 else "duell"
        play(encounter, seed, RandomPlayer() if seed % 4 < 2 else GreedyPlayer(), deep=True,
             rulings={"dnd5e.measuring": "gridless"})


def test_random_hell_hound_encounters_keep_the_invariants():
    """GEGENSTAND VERWENDEN, MAGISCHEN GEGENSTAND VERWENDEN, SPEZIALFÄHIGKEIT VERWENDEN in play: the shipped
    encounter 'hoellenhund' (Heiltränke, a Zauberstab der Magischen Geschosse, the Feueratem with its
    recharge) played by the random player keeps every invariant, items never below 0, JSON / undo / copy."""
    kinds = set()
    for seed in range(40):
        state = play("hoellenhund", seed, RandomPlayer(), deep=seed % 4 == 0)
        kinds |= {e.kind for e in state.log}
    assert {"gegenstand", "magischer-gegenstand", "spezialfaehigkeit", "rettungswurf", "aufladung"} <= kinds
