"""What the engine remembers or counts in integers for speed (issue 12) gives the very answers it
gave without: the grid search in quarter metres, encounters of one description sharing their build,
a mover's context found again by the other tokens."""

from __future__ import annotations

import pytest

from explorer.core.rng import SeededRng
from explorer.dnd5e import analysis
from explorer.dnd5e import movement as mv
from explorer.dnd5e.game import new_encounter
from explorer.dnd5e.movement import _Walker, move
from explorer.dnd5e.players import RandomPlayer

RULINGS = [None, {"dnd5e.grid-diagonals": "alternate-1.5-3"}]


def _states(encounter: str, seeds, rulings=None, actions: int = 40):
    for seed in seeds:
        state, rng, player = new_encounter(encounter, seed=seed, rulings=rulings), SeededRng(seed), RandomPlayer()
        for _ in range(actions):
            if state.is_terminal():
                break
            yield state
            state.apply(player.choose(state, rng))


@pytest.mark.parametrize("rulings", RULINGS)
def test_the_grid_search_in_quarter_metres_is_the_fraction_search(rulings):
    """SRD 5.1 "Combat > Movement and Position > Breaking Up Your Move" and "SPURT": the squares a
    creature reaches this turn, their cheapest costs and the paths there (analysis.reachable on the
    grid) are the same counted in quarter metres as in Fractions -- with and without Spurt, standing
    up or not, both diagonal rulings, over the positions of seeded random skirmishes."""
    compared = 0
    for state in _states("scharmuetzel", range(2), rulings):
        m, name = state.battle_map, state.acting
        token = m.token(name)
        for dash in (False, True):
            stand = token.prone
            try:
                start = move(m, name, [], stand_up=stand, dash=dash, budget=state.budget)
            except Exception:
                continue
            walker = _Walker(m, token, "gehen", start.budget)
            walker.crawling = token.prone and not stand
            quarters = analysis._grid_search_quarters(m, token, walker, start.budget)
            fractions = analysis._grid_search_fractions(m, token, walker, start.budget)
            assert quarters == fractions
            assert list(quarters[0]) == list(fractions[0])  # in the same order, too
            compared += 1
    assert compared > 50


def test_encounters_of_one_description_share_the_build_but_not_their_description():
    """AKTIONEN IM KAMPF: two encounters set up from one description start on the same (immutable) map,
    each with its own description and profiles mapping, and play on independently."""
    a, b = new_encounter("scharmuetzel", seed=1), new_encounter("scharmuetzel", seed=2)
    assert a.battle_map is b.battle_map
    assert a.encounter.spec is not b.encounter.spec and a.profiles is not b.profiles
    assert a.profiles == b.profiles
    other = new_encounter({**a.encounter.spec, "creatures": a.encounter.spec["creatures"][1:3]}, seed=1)
    assert len(other.battle_map.tokens) == 2
    a.encounter.spec["creatures"] = []  # a description changed after the set-up changes no other encounter
    assert len(new_encounter("scharmuetzel", seed=1).encounter.spec["creatures"]) == 5


def test_a_context_found_by_the_other_tokens_is_the_one_built_afresh():
    """SICH UM ANDERE KREATUREN HERUM BEWEGEN: the others' spaces and the wall zones a mover's move is
    tested against, found again after the mover moved, are those built for the new map from nothing."""
    checked = 0
    for state in _states("scharmuetzel", range(2)):
        m, token = state.battle_map, state.battle_map.token(state.acting)
        found = mv._context(m, token)
        mv._CONTEXTS.clear()
        mv._CONTEXTS_BY_OTHERS.clear()
        fresh = mv._context(m, token)
        assert found[0] == fresh[0] and found[2] == fresh[2]
        assert {k: z.wkb for k, z in found[1].items()} == {k: z.wkb for k, z in fresh[1].items()}
        assert [(o.name, q) for o, _, q in found[3]] == [(o.name, q) for o, _, q in fresh[3]]
        checked += 1
    assert checked > 40


def test_a_remembered_candidate_move_is_the_one_found_afresh():
    """SRD 5.1 "Combat > Movement and Position > Breaking Up Your Move": the candidate move toward (or
    away from) each creature, remembered for the map, mover and budget, is the one found afresh -- after
    an action that moved nothing, after undo and in a copy -- and it is legal."""
    from explorer.dnd5e.game import move_toward

    def fresh(state, other, away):
        state._toward = (None, None, None, {})
        return next(move_toward(state, other, away=away), None)

    checked = 0
    for state in _states("scharmuetzel", range(2)):
        names = [t.name for t in state.battle_map.others(state.acting)]
        asked = {(n, away): next(move_toward(state, n, away=away), None) for n in names for away in (False, True)}
        twin = state.copy()
        state.apply(next(iter(state.legal_actions())))  # the turn ended (another mover), then taken back
        for n in [t.name for t in state.battle_map.others(state.acting)]:
            next(move_toward(state, n), None)
        state.undo()
        for (n, away), found in asked.items():
            assert next(move_toward(state, n, away=away), None) == found  # remembered
            assert next(move_toward(twin, n, away=away), None) == found
            assert fresh(twin, n, away) == found
            assert found is None or state.can(found)
            checked += 1
    assert checked > 200
