"""Behold: Rome players of the shared protocol (``choose(state, rng)``).

:class:`RandomPlayer` picks a legal action at random, taking the actions that end something (the
turn, a card's benefits, the round, the game, a draw) less eagerly than a uniform choice
(``patience``), so that games see cards played, stored, developed and conquered.

:class:`GreedyPlayer` takes the legal action that raises the final-score measure most right away
(:func:`margin`: the player's VPs minus the rival civ's, behold-rome-rulebook.txt, "Scoring").
The planner (:mod:`explorer.behold_rome.planner`) adds :class:`~explorer.behold_rome.planner.PlannerPlayer`.
"""

from __future__ import annotations

from collections import OrderedDict

from explorer.behold_rome import refs
from explorer.core.inputs import number
from explorer.core.players import NoLegalAction

ENDING = frozenset({"end-turn", "finish", "move-on", "end-game", "stop-drawing"})
"""The action kinds that end something rather than do something."""


class RandomPlayer:
    """A random legal action; with probability ``patience`` one that does something, when there is one."""

    name = "patient"

    def __init__(self, patience: float = 0.8):
        self.patience = number(patience, "patience", source="RandomPlayer", low=0, high=1)

    def choose(self, state, rng):
        legal = list(state.legal_actions())
        if not legal:
            raise NoLegalAction(f"no legal action in phase {state.phase!r}")
        busy = [a for a in legal if a.kind not in ENDING]
        if busy and rng.random() < self.patience:
            legal = busy
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomPlayer({self.patience})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RandomPlayer) and other.patience == self.patience

    def __hash__(self) -> int:
        return hash((RandomPlayer, self.patience))


# -- the final-score measure ----------------------------------------------------------------------------
MEASURE_RULE = refs.SCORING
"""The final-score measure is the rulebook's score ("Scoring"), the rival civ's included."""
_MARGINS: "OrderedDict[tuple, int]" = OrderedDict()
_MARGINS_MAX = 50_000


def _civ_key(state) -> tuple:
    """What the score of a position depends on: every civ card's active level and whether it is a
    controlled region (the scoring counts a card wherever it is, ruling ``behold_rome.scored-cards``;
    wealth only for controlled regions, ``behold_rome.wealth-counts``), the nation level, the rival
    civ and its difficulty, the card set."""
    civ = state.civ()
    cards = tuple(sorted((c.card_id, c.level, c.place == "controlled") for c in civ.cards))
    return (id(state.cardset), cards, civ.nation_level, civ.difficulty, state.rival, state.config["rival_difficulty"])


def margin(state) -> int:
    """The final-score measure of a position: the player's VPs minus the rival civ's (difficulty bonus
    included), as :func:`explorer.behold_rome.scoring.score` counts the civ now -- the result if the
    game ended here (behold-rome-rulebook.txt, "Scoring"; a tie, margin 0, loses).  In Score Chaser
    Mode (no rival civ, "Variants") the player's VPs alone.  Scores are remembered by what they depend
    on (:func:`_civ_key`), so asking again for an unchanged civ costs no scoring."""
    key = _civ_key(state)
    found = _MARGINS.get(key)
    if found is not None:
        _MARGINS.move_to_end(key)
        return found
    s = state.score()
    value = s.total - (s.rival_total or 0)
    _MARGINS[key] = value
    if len(_MARGINS) > _MARGINS_MAX:
        _MARGINS.popitem(last=False)
    return value


class GreedyPlayer:
    """The legal action with the best *immediate* change of the final-score measure (:func:`margin`).

    "Immediate" means: the measure of the position right after applying that one action on a copy of
    the game -- the score as if the game ended there -- minus the measure now, with nothing chosen after
    it.  So a step that develops, degrades, conquers or develops the nation counts as soon as the level
    or the controlled region changes (an extra cost still to pay delays it to the paying step), and
    playing a card, paying, drawing or ending the turn counts only for what that step itself changes
    (usually nothing).  The evaluation never looks at the hidden order: the score counts a card wherever
    it is but in the controlled regions ("Scoring"), so where a drawn card leaves the next one changes
    nothing the player judges by.

    Ties (the usual case) are broken by the seeded ``rng`` as :class:`RandomPlayer` chooses among them:
    with probability ``patience`` one that does something (not one of :data:`ENDING`), when a tied one
    does, then uniformly.
    """

    name = "greedy"

    def __init__(self, patience: float = 0.8):
        self.patience = number(patience, "patience", source="GreedyPlayer", low=0, high=1)

    def changes(self, state) -> list[tuple[object, int]]:
        """Every legal action with the immediate change of the measure it makes, in legal order."""
        legal = list(state.legal_actions())
        if not legal:
            raise NoLegalAction(f"no legal action in phase {state.phase!r}")
        now = margin(state)
        out = []
        for action in legal:
            twin = state.copy()
            twin.apply(action)
            out.append((action, margin(twin) - now))
        return out

    def choose(self, state, rng):
        changes = self.changes(state)
        best = max(change for _, change in changes)
        tied = [a for a, change in changes if change == best]
        busy = [a for a in tied if a.kind not in ENDING]
        if busy and len(busy) < len(tied) and rng.random() < self.patience:
            tied = busy
        return tied[rng.randrange(len(tied))] if len(tied) > 1 else tied[0]

    def __repr__(self) -> str:
        return f"GreedyPlayer({self.patience})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GreedyPlayer) and other.patience == self.patience

    def __hash__(self) -> int:
        return hash((GreedyPlayer, self.patience))


__all__ = ["ENDING", "MEASURE_RULE", "GreedyPlayer", "RandomPlayer", "margin"]
