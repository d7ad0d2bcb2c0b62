"""The reveal simulator: press your luck in Beyond's Phase 1 with the exact odds beside you.

beyond-rulebook.txt, section "Phase 1: Reveal and Collection": the active player turns over the
top card of the draw pile as often as he likes; while all revealed cards show different spirits he
may stop and collect them all; a second card of a spirit fails the reveal -- he collects only the
last card, plus one revealed card of his choice per Lotus token he discards; if the first 2 cards
match he also obtains a Nian Shou card.

:class:`RevealPanel` drives the real engine (:class:`~explorer.beyond.game.BeyondState`): the
buttons apply :class:`~explorer.beyond.actions.Reveal`, :class:`~explorer.beyond.actions.Stop` and
:class:`~explorer.beyond.actions.Collect` (with the Lotus picks), and "Next turn" places the
collected cards Spirit side up and ends the turn (Phases 2 and 3 kept minimal).  After each click
it recomputes :func:`explorer.beyond.odds.reveal_decision` -- the exact chance that the next card
fails, the Nian Shou chance, the expected score of stopping against one more card, knowing the top
card's back ("with the backs visible", beyond-rulebook.txt, "Set Up") and the second draw pile to
come (ruling ``beyond.second-draw-pile``) -- and redraws
the revealed cards in place (an ``Image`` of PNG bytes, no ``Output`` widget, reliable under
Voila and nbval).
"""

from __future__ import annotations

import html
import time
from collections import Counter
from fractions import Fraction

import ipywidgets as widgets

from explorer.beyond import GameOptions, new_game, refs
from explorer.beyond.actions import Collect, EndTurn, Place, Reveal, Stop
from explorer.beyond.odds import RevealDecision, reveal_decision, unseen_cards
from explorer.beyond.render_cards import RevealRow, discard_text
from explorer.core.inputs import one_of, whole
from explorer.core.rules import RuleViolation

KNOWLEDGE = ("pile", "seen")
"""How the unseen cards are counted: ``"pile"`` -- the draw pile's contents (every card outside it
is face up or remembered, as :mod:`explorer.beyond.strategies` assumes); ``"seen"`` -- the full
deck minus what the active player sees (revealed cards, discard pile, Spirit faces of every area,
his own Capture cards): the opponents' Capture cards, whose spirit is hidden, count as unseen."""


def full_deck(state) -> Counter:
    """Every Celestial Spirit card of the game, by key."""
    return Counter(card.key for card in state.cards.values())


def seen_cards(state, player: str) -> list:
    """The card keys ``player`` sees outside the draw pile and the revealed row: the discard pile,
    the Spirit faces of every play area (loose and in patterns), the cards waiting to be placed and
    his own Capture cards (beyond-rulebook.txt, "Set Up"; "Phase 2")."""
    ids = list(state.discard) + list(state.to_place)
    for p in state.players:
        area = state.area(p)
        ids += area["spirit"] + [c for pattern in area["patterns"] for c in pattern["cards"]]
        if p == player:
            ids += area["captures"]
    return [state.cards[c].key for c in ids]


def reveal_inputs(state, knowledge: str = "pile", use_back: bool = True) -> dict:
    """The arguments of :func:`~explorer.beyond.odds.reveal_decision` at ``state``: the revealed
    keys, the unseen multiset, the active player's Lotus tokens, the Nian Shou cards left, the top
    card's back (``state.top_back``: public, beyond-rulebook.txt, "Set Up"; None if ``use_back``
    is false) and the second pile to come (``state.second_pile_counts()``)."""
    one_of(knowledge, KNOWLEDGE, "knowledge", source="RevealPanel")
    one_of(use_back, (True, False), "use_back", source="RevealPanel")
    revealed = [state.cards[c].key for c in state.revealed]
    if knowledge == "pile":
        unseen = state.draw_pile_counts()
    else:
        unseen = unseen_cards(full_deck(state), revealed, seen_cards(state, state.active_player))
    return {"revealed": revealed, "unseen": unseen, "lotus": state.area(state.active_player)["lotus"],
            "nian_shou_left": len(state.central), "back": state.top_back if use_back else None,
            "second_pile": state.second_pile_counts()}


def fraction_text(p: Fraction) -> str:
    return f"{float(p):.1%} ({p.numerator}/{p.denominator})" if p.denominator > 1 else f"{float(p):.1%}"


def number_text(value) -> str:
    return f"{float(value):+.3f}"


def _span(css: str, text: str) -> str:
    return f'<span class="{css}">{html.escape(text)}</span>'


def decision_html(decision: RevealDecision, n_revealed: int) -> str:
    """The live odds: P(next card fails), P(Nian Shou), E[stop now], E[one more], the gain and the
    advice of :func:`~explorer.beyond.odds.optimal_stop` (+1 per collected card)."""
    gain = decision.gain
    stop = float(gain.stop)
    back = decision.back or "not used"
    rows = [
        f"top card's back: {_span('top-back', back)}",
        f"P(next card fails) = {_span('p-fail-next', fraction_text(decision.p_fail_next))}",
        f"P(Nian Shou this round) = {_span('p-nian-shou', fraction_text(decision.p_nian_shou))}",
        (f"expected cards: stop now {_span('e-stop', f'{stop:.3f}')}, one more "
        f"{_span('e-one-more', f'{float(gain.one_more):.3f}')} (gain {_span('gain-one-more', number_text(gain.gain_one_more))})"),
    ]
    if decision.best is not None and decision.best.more is not None:
        advice = ("reveal one more" if decision.best.should_reveal else "stop") + (
            f" (one more then best play: {float(decision.best.more):.3f})")
        if n_revealed == 0:
            advice = "reveal: the first card is always turned"
        rows.append(f"best: {_span('advice', advice)}")
    return "<br>".join(rows)


def gain_table_html(decision: RevealDecision) -> str:
    frame = decision.gain.frame.rename(columns={"expected": "E[cards]", "gain_vs_stop": "gain vs stop",
                                                "p_fail": "P(fail)", "p_nian_shou": "P(Nian Shou)"})
    return frame.drop(columns=["k"]).to_html(index=False, float_format=lambda v: f"{v:.3f}")


class RevealPanel(widgets.VBox):
    """Phase 1 of Beyond, click by click, on a real game (beyond-rulebook.txt, "Phase 1: Reveal and
    Collection").

    ``state``: a game in any phase (default: a new seeded 2-player game, ``seed``).  Buttons
    (CSS classes): Reveal (``beyond-reveal-button``), Stop (``beyond-stop-button``), the Lotus
    picks (``beyond-lotus-picks``, a multiple selection of the revealed cards but the last) and
    Collect (``beyond-collect-button``) after a failed reveal, Next turn (``beyond-next-turn``).
    Shown: the revealed cards (``beyond-reveal-cards``, an Image), the odds
    (``beyond-reveal-odds`` with spans ``top-back`` -- the top card's visible back, which the odds
    use unless ``use_back`` is false -- ``p-fail-next``, ``p-nian-shou``, ``e-stop``,
    ``e-one-more``, ``gain-one-more``, ``advice``), the table stop vs 1..``k_max`` more
    (``beyond-reveal-gains``), the situation (``beyond-reveal-status``) and what happened, with
    its rule (``beyond-reveal-outcome``).  ``panel.decision`` is the current
    :class:`~explorer.beyond.odds.RevealDecision` (None outside the reveal phase);
    ``panel.last_update_ms`` the last recompute and redraw.
    """

    def __init__(self, state=None, *, seed: int = 0, players=("Jessy", "Sam"), knowledge: str = "pile",
                 k_max: int = 4, use_back: bool = True):
        self.knowledge = one_of(knowledge, KNOWLEDGE, "knowledge", source="RevealPanel")
        self.k_max = whole(k_max, "k_max", source="RevealPanel", low=1, high=8)
        self.use_back = one_of(use_back, (True, False), "use_back", source="RevealPanel")
        self.state = state if state is not None else new_game(list(players), seed=seed, options=GameOptions())
        self.decision: RevealDecision | None = None
        self.last_update_ms = 0.0
        self._listeners: list = []
        self._row = RevealRow(self.state.components)
        width, height = self._row.pixel_size
        self.cards = widgets.Image(format="png", layout=widgets.Layout(width=f"{width}px", height=f"{height}px",
                                                                       flex="0 0 auto")).add_class("beyond-reveal-cards")
        self.reveal_button = widgets.Button(description="Reveal", button_style="primary",
                                            tooltip="turn over the top card of the draw pile").add_class("beyond-reveal-button")
        self.stop_button = widgets.Button(description="Stop", tooltip="stop and collect all revealed cards"
                                          ).add_class("beyond-stop-button")
        self.lotus_picks = widgets.SelectMultiple(options=[], description="Lotus picks", rows=5,
                                                  layout=widgets.Layout(width="330px")).add_class("beyond-lotus-picks")
        self.collect_button = widgets.Button(description="Collect", tooltip="collect the last card free and the "
                                             "Lotus picks (one token each)").add_class("beyond-collect-button")
        self.next_button = widgets.Button(description="Next turn", tooltip="place the collected cards Spirit side "
                                          "up and end the turn").add_class("beyond-next-turn")
        self.status = widgets.HTML().add_class("beyond-reveal-status")
        self.odds = widgets.HTML(layout=widgets.Layout(margin="0 24px 0 0")).add_class("beyond-reveal-odds")
        self.gains = widgets.HTML().add_class("beyond-reveal-gains")
        self.outcome = widgets.HTML().add_class("beyond-reveal-outcome")
        self.reveal_button.on_click(self.on_reveal)
        self.stop_button.on_click(self.on_stop)
        self.collect_button.on_click(self.on_collect)
        self.next_button.on_click(self.on_next_turn)
        self._lotus_box = widgets.HBox([self.lotus_picks, self.collect_button])
        super().__init__([
            widgets.HTML(f"<small>Exact odds; rules: {html.escape(str(refs.PHASE_1))}</small>"),
            self.status,
            widgets.HBox([self.reveal_button, self.stop_button, self.next_button]),
            self._lotus_box,
            self.cards,
            widgets.HBox([self.odds, self.gains]),
            self.outcome,
        ])
        self.add_class("beyond-reveal-panel")
        self.update()

    def on_change(self, callback) -> None:
        """Call ``callback(panel)`` after every click that changed the game (e.g. to redraw an
        :class:`~explorer.beyond.panels.AreaPanel` of the same state)."""
        self._listeners.append(callback)

    # -- the buttons ---------------------------------------------------------------------------------
    def on_reveal(self, _button=None) -> None:
        """Turn over the top card (:class:`~explorer.beyond.actions.Reveal`)."""
        self._apply([Reveal()])

    def on_stop(self, _button=None) -> None:
        """Stop and collect every revealed card (:class:`~explorer.beyond.actions.Stop`)."""
        self._apply([Stop()])

    def on_collect(self, _button=None) -> None:
        """After a failed reveal: the last card free and the Lotus picks, one token each
        (:class:`~explorer.beyond.actions.Collect`)."""
        self._apply([Collect(tuple(self.lotus_picks.value))])

    def on_next_turn(self, _button=None) -> None:
        """Place the collected cards Spirit side up (Phase 2) and end the turn (Phase 3)."""
        state = self.state
        actions = [Place(card, "spirit") for card in state.to_place] if state.phase == "place" else []
        self._apply(actions + [EndTurn()])

    def _apply(self, actions) -> None:
        start = len(self.state.log)
        try:
            for action in actions:
                self.state.apply(action)
        except RuleViolation as refused:
            self.update(refusal=str(refused))
            return
        self.update(events=self.state.log[start:])
        for callback in self._listeners:
            callback(self)

    # -- the view ------------------------------------------------------------------------------------
    def update(self, events=(), refusal: str | None = None) -> None:
        """Recompute the odds (reveal phase) and redraw the cards, numbers and buttons in place."""
        begin = time.perf_counter()
        state = self.state
        phase = state.phase
        self.decision = None
        if phase == "reveal":
            self.decision = reveal_decision(**reveal_inputs(state, self.knowledge, self.use_back), k_max=self.k_max)
            self.odds.value = decision_html(self.decision, len(state.revealed))
            self.gains.value = gain_table_html(self.decision)
        else:
            self.odds.value = _phase_note(state)
            self.gains.value = ""
        shown = state.revealed if state.revealed else state.to_place
        self.cards.value = self._row.update([state.cards[c] for c in shown], _row_title(state))
        self.status.value = _status_html(state)
        if refusal is not None:
            self.outcome.value = f'<div class="refused">{html.escape(refusal)}</div>'
        elif events:
            self.outcome.value = "<br>".join(f"{html.escape(e.text)} <small>({html.escape(str(e.rule))})</small>"
                                             if e.rule else html.escape(e.text) for e in events)
        self._enable(phase)
        self.last_update_ms = (time.perf_counter() - begin) * 1000

    def _enable(self, phase: str) -> None:
        state = self.state
        self.reveal_button.disabled = phase != "reveal" or not state.draw_pile
        # the first card is always turned, unless the draw pile is empty (ruling beyond.first-reveal)
        self.stop_button.disabled = phase != "reveal" or (not state.revealed and bool(state.draw_pile))
        self.next_button.disabled = phase not in ("place", "act")
        collecting = phase == "collect"
        self.collect_button.disabled = not collecting
        self.lotus_picks.disabled = not collecting or state.area(state.active_player)["lotus"] == 0
        self.lotus_picks.options = ([(str(state.cards[c]), c) for c in state.revealed[:-1]] if collecting else [])
        self._lotus_box.layout.display = None if collecting else "none"


def _row_title(state) -> str:
    if state.revealed:
        failed = state.phase == "collect"
        return f"{state.active_player} revealed {len(state.revealed)} card(s)" + (": failed reveal" if failed else "")
    if state.to_place:
        return f"{state.active_player} collected {len(state.to_place)} card(s)"
    return f"{state.active_player}: no card revealed yet" if state.phase == "reveal" else ""


def _phase_note(state) -> str:
    if state.phase == "collect":
        lotus = state.area(state.active_player)["lotus"]
        return (f"The reveal failed: {html.escape(str(state.cards[state.revealed[-1]]))} is collected free; "
                f"pick up to {min(lotus, len(state.revealed) - 1)} other card(s) with Lotus tokens "
                f"({lotus} left), then Collect.")
    if state.phase == "over":
        return f"The game is over: winner(s) {html.escape(', '.join(state.winners))}."
    return "Phase 2/3: press Next turn to place the collected cards Spirit side up and end the turn."


def _status_html(state) -> str:
    me = state.current_player
    if me is None:
        return f"<b>game over</b>; scores {html.escape(str(state.scores()))}"
    area = state.area(me)
    return (f"<b>turn {state.turn}</b>, <span class='active-player'>{html.escape(me)}</span>, phase "
            f"<span class='phase'>{state.phase}</span>; draw pile <span class='draw-pile'>{len(state.draw_pile)}</span> "
            f"cards{'' if state.top_back is None else ', top back ' + state.top_back}; Lotus tokens <span class='lotus'>{area['lotus']}</span>; Nian Shou left {len(state.central)}; "
            f"{html.escape(discard_text(state))}")
