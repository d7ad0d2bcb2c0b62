"""Behold: Rome's registration in the system registry (``explorer.core.systems``).

A configuration is JSON-able (:func:`explorer.behold_rome.game.check_config`): ``difficulty``
(``casual``, ``easy``, ``normal``, ``hard``, ``impossible``; behold-rome-rulebook.txt "Difficulty
Settings"), ``variants`` (``fluid-rounds``, ``foresight``, ``score-chaser``), ``rival`` (a rival
civ's name) and ``rulings`` (switched rulings, ``{id: value}``).  The card set is the shipped,
INVENTED illustrative one (``data/behold_rome/cards.json``).
"""

from __future__ import annotations

from typing import Any, Mapping

from explorer.behold_rome import refs
from explorer.core import systems

CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "normal": {"difficulty": "normal"},
    "casual": {"difficulty": "casual", "rival_difficulty": "casual"},
    "easy": {"difficulty": "easy"},
    "hard": {"difficulty": "hard"},
    "impossible": {"difficulty": "impossible"},
    "fluid_hard": {"difficulty": "hard", "variants": ["fluid-rounds"]},
    "score_chaser": {"difficulty": "normal", "variants": ["score-chaser", "foresight"]},
    "any_time_wrap": {"difficulty": "easy", "rulings": {"behold_rome.move-on-when": "any-time",
                                                         "behold_rome.level-bounds": "wrap",
                                                         "behold_rome.store-counts": "cards"}},
    "even_ages_no_banners": {"difficulty": "impossible", "rulings": {"behold_rome.ages": "even-thirds",
                                                                     "behold_rome.develop-banner": "ignore"}},
}
"""Named configurations: every generic test (conformance, simulate) plays each of them."""


def start(config: Mapping[str, Any], seed: int = 0):
    from explorer.behold_rome.game import start as start_game
    return start_game(config, seed)


def dealt(saved: Mapping[str, Any]):
    """The game as first dealt, from a save's recorded origin (replay re-applies the history); a game set up
    from a position is dealt again from the position and seed its log's first event records."""
    from explorer.behold_rome.game import BeholdRomeState, dealt_from_save
    from explorer.behold_rome.position import from_position, origin

    state = BeholdRomeState.from_json(saved)
    first = origin(state) if state.origin is None else None
    if first is not None:
        return from_position(first["position"], seed=first["seed"], cardset=state.cardset)
    return dealt_from_save(saved)


def from_position(position, **options):
    """A game from a hand-written position (:func:`explorer.behold_rome.position.from_position`; a dict,
    its JSON text or the line format; docs/positions-behold_rome.md)."""
    from explorer.behold_rome.position import from_position as load_position
    return load_position(position, **options)


def _players() -> dict:
    """The player kinds: ``patient`` and ``eager`` random players, ``greedy`` (the best immediate change of
    own VPs minus the rival's) and ``planner`` (the planner's Monte Carlo search with one sampled order per
    decision of the action phase, the greedy player for the steps of a chosen card: a whole game in a few
    seconds, so simulate stays quick; :class:`~explorer.behold_rome.planner.PlannerPlayer` with more
    ``iterations`` plays better)."""
    from functools import partial

    from explorer.behold_rome.planner import PlannerPlayer
    from explorer.behold_rome.players import GreedyPlayer, RandomPlayer

    return {"patient": RandomPlayer, "eager": partial(RandomPlayer, 0.95), "greedy": GreedyPlayer,
            "planner": partial(PlannerPlayer, iterations=PLANNER_ITERATIONS)}


PLANNER_ITERATIONS = 1
"""The registered planner's sampled orders per decision (issue 13: simulate stays quick)."""
CONFORMANCE_KINDS = ("patient", "uniform", "eager", "greedy")
CONFORMANCE_GAMES = 54


def conformance_game(k: int) -> dict[str, Any]:
    """Conformance game ``k``: every configuration in turn, the patient, uniform, eager and greedy players in
    turn (the planner is the greedy player plus a search on the same engine: it is left to its own tests)."""
    names = list(CONFIGURATIONS)
    name = names[k % len(names)]
    return {"configuration": name, "config": dict(CONFIGURATIONS[name]),
            "players": [CONFORMANCE_KINDS[(k // len(names)) % len(CONFORMANCE_KINDS)]], "seed": k}


def invariants(state) -> None:
    """The state's own invariants (:meth:`~explorer.behold_rome.game.BeholdRomeState.check_invariants`) and the
    conformance invariants of issue 13, each with its rule (behold-rome-rulebook.txt):

    * "Components": every civ card of the set, the nation, round and age cards, each once (the deck
      holds exactly those, and the civ the scoring reads has every civ card once);
    * "Concept & Term Glossary > Slot": at most 4 stored cards and 4 controlled regions;
    * "Holding the Game": the controlled regions at the very back, so no stored (or other) card behind
      them; the top card never stored; a controlled card shows a region level ("> Controlled Region");
    * "End of Turn Phase", "Round End": right after a turn's draw the hand holds at least 5 cards unless
      the nation card stopped the draw (it is then the top card) or the player stopped drawing to keep
      a stored card stored; the starting hand is 5 ("Setup").  The deck never runs out of drawable
      cards before that: the nation card comes before the controlled regions, so a draw always reaches
      it first;
    * "Gameplay", "Difficulty Settings": the round within the difficulty's rounds (12; 11 hard, 10
      impossible), and a finished game ended in its last round.
    """
    from explorer.behold_rome.deck import HAND_SIZE, MARKERS, MAX_CONTROLLED, MAX_STORED
    from explorer.behold_rome.game import ROUNDS

    state.check_invariants()
    deck = state._data["deck"]
    civ_ids = sorted(c.id for c in state.cardset.civ_cards)
    assert sorted(deck.ids()) == sorted(civ_ids + list(MARKERS)), \
        f"cards not conserved (Components): the deck holds {sorted(deck.ids())}"
    civ = state.civ()
    assert sorted(c.card_id for c in civ.cards) == civ_ids, "the civ does not hold every civ card once"
    stored, controlled = deck.stored(), deck.controlled()
    assert len(stored) <= MAX_STORED and len(controlled) <= MAX_CONTROLLED, \
        f"{len(stored)} stored, {len(controlled)} controlled: 4 slots each (Glossary > Slot)"
    assert len(civ.in_place("stored")) == len(stored) and len(civ.in_place("controlled")) == len(controlled)
    assert len(civ.in_place("top")) <= 1
    marks = [e[2] for e in deck.stack]
    first = marks.index("controlled") if "controlled" in marks else len(marks)
    assert all(m == "controlled" for m in marks[first:]), \
        "a card behind the controlled regions: they stay in the very back (Holding the Game)"
    assert not marks or marks[0] != "stored", "the top card is stored (Holding the Game)"
    for e in controlled:
        kind = state.cardset.card(e[0]).level(e[1]).type
        assert kind == "region", f"controlled {e[0]!r} shows a {kind} level (Glossary > Controlled Region)"
    log = state.log
    if log and log[-1].kind == "turn" and len(deck.hand) < HAND_SIZE:
        why = log[-2].kind if len(log) > 1 else ""
        assert why in ("nation-revealed", "stop-drawing"), \
            f"the turn's draw ended with {len(deck.hand)} cards in the hand (End of Turn Phase: draw to 5)"
        assert why != "nation-revealed" or (deck.top is not None and deck.top[0] == "nation"), \
            "the draw stopped at the nation card, but it is not the top card (Round End)"
    if len(log) == 2 and log[0].kind == "setup" and log[1].kind == "draw":
        assert len(deck.hand) == HAND_SIZE, f"a starting hand of {len(deck.hand)} cards (Setup: draw 5)"
    rounds = ROUNDS[state.difficulty]
    assert state.rules.rounds == rounds and 1 <= state.round <= rounds, \
        f"round {state.round} of {state.rules.rounds}; {state.difficulty} plays {rounds} (Difficulty Settings)"
    if state.is_terminal():
        assert state.round == rounds, f"the game ended in round {state.round}, not {rounds} (Round End)"


def refused(state) -> list:
    """Actions the referee must refuse now: whatever belongs to another phase, and cards not in the hand."""
    from explorer.behold_rome import actions as A

    if state.is_terminal():
        return [A.EndTurn("top"), A.Draw(), A.MoveOn("")]
    out = [A.Play("no-such-card"), A.Store("nation")]
    if state.phase == "action":
        return out + [A.Finish(), A.StopDrawing(), A.Pay("nation")]
    if state.phase == "draw":
        return out + [A.EndTurn("top"), A.Finish()]
    return out + [A.EndTurn("top"), A.DevelopNation(), A.StopDrawing()]


def _simulation():
    from explorer.core.simulate import Simulation

    def row(state, observer, game) -> dict:
        civ, score = state.civ(), state.score()
        return {"rounds": state.round, "nation_level": state.nation_level,
                "controlled": len(civ.in_place("controlled")), "stored": len(civ.in_place("stored")),
                "vp": score.total, "rival_vp": score.rival_total}

    return Simulation(columns={"rounds": "the round the game ended in",
                               "nation_level": "the nation card's level at the end",
                               "controlled": "controlled regions at the end", "stored": "stored cards at the end",
                               "vp": "the player's VPs (behold-rome-rulebook.txt, \"Scoring\")",
                               "rival_vp": "the rival civ's VPs, difficulty bonus included (none in Score Chaser Mode)"},
                      row=row, dtypes={"rival_vp": "Int64"})


def _describe_action(action, state) -> str:
    """An action in words, its cards by their active level names ("Play Farmsteads"): the replay panel's
    step headers and choices read it (:func:`explorer.behold_rome.planner.describe`)."""
    from explorer.behold_rome.planner import describe
    from explorer.core.replay import plain_words
    return describe(state, action) if state is not None else plain_words(action)


SYSTEM = systems.register(systems.System(
    name="behold_rome",
    title="Behold: Rome",
    rulebook="behold-rome-rulebook.txt",
    refs=refs,
    start=start,
    configurations=CONFIGURATIONS,
    load="explorer.behold_rome.game:BeholdRomeState.from_json",
    from_position=from_position,
    dealt=dealt,
    coverage="explorer.behold_rome.coverage:behold_rome_coverage",
    players=_players(),
    simulation=_simulation(),
    invariants=invariants,
    conformance=conformance_game,
    conformance_games=CONFORMANCE_GAMES,
    refused=refused,
    picture="explorer.behold_rome.render_game:StatePicture",
    actions="explorer.behold_rome.actions:ACTIONS",
    describe_action=_describe_action,
    describe="solo card game held in hand: the deck as held, played cards step by step (costs, benefits, "
             "interrupts), round end, nation development, difficulties and variants; INVENTED illustrative cards",
))
