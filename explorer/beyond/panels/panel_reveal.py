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

What the panel writes names every card by its spirit, from the card data (``data/beyond/spirits.json``:
"Yellow Unicorn horn (yin)", never "YU02"), as the engine's event texts do (:func:`card_name`; a refusal,
which may name a card by its code, goes through :func:`named_text`), gives every chance as a percentage (with the exact fraction) and every
expectation in cards.  The layout follows the panels' conventions: rows that wrap instead of
overflowing the output area (JupyterLab at 1024 or 1280 px, Voila), the gains table dropping below the
odds when narrow, buttons as wide as their text, and disabled buttons that look disabled (greyed, the
cursor "not-allowed", the primary colour dropped).
"""

from __future__ import annotations

import html
import re
import time
from collections import Counter
from fractions import Fraction

import ipywidgets as widgets

from explorer.beyond import GameOptions, new_game, refs
from explorer.beyond.actions import Collect, EndTurn, Place, Reveal, Stop
from explorer.beyond.cards import card_text
from explorer.beyond.odds import RevealDecision, reveal_decision, unseen_cards
from explorer.beyond.render_cards import RevealRow, discard_text
from explorer.core.display import CAPTION_START
from explorer.core.inputs import one_of, whole
from explorer.core.panels.layout import FULL_LABEL, beside, button_layout, picture, row
from explorer.core.panels.replay import PICTURE_MARGIN
from explorer.core.rules import RuleViolation
from explorer.core.words import counted, listed

KNOWLEDGE = ("pile", "seen")
"""How the unseen cards are counted: ``"pile"`` -- the draw pile's contents (every card outside it
is face up or remembered, as :mod:`explorer.beyond.strategies` assumes); ``"seen"`` -- the full
deck minus what the active player sees (revealed cards, discard pile, Spirit faces of every area,
his own Capture cards): the opponents' Capture cards, whose spirit is hidden, count as unseen."""


_CSS = """<style>
.beyond-reveal-panel .jupyter-button:disabled,.beyond-reveal-panel button:disabled{opacity:.4;cursor:not-allowed;
 filter:grayscale(1);box-shadow:none}
.beyond-reveal-panel .beyond-reveal-odds,.beyond-reveal-panel .beyond-reveal-outcome,
.beyond-reveal-panel .beyond-reveal-status{overflow-wrap:anywhere}
.beyond-reveal-gains table{border-collapse:collapse;font-size:12px}
.beyond-reveal-gains th,.beyond-reveal-gains td{border-bottom:1px solid #ddd;padding:2px 8px;text-align:right}
.beyond-reveal-gains th:first-child,.beyond-reveal-gains td:first-child{text-align:left}
</style>"""

_CARD_ID = re.compile(r"\b([A-Z]{2}\d{2})\b")
_NIAN_SHOU_ID = re.compile(r"\b(?:Nian Shou card )?NS\d+\b")


def card_name(state, card_id: str) -> str:
    """A card in words, by its spirit's name from the card data (``data/beyond/spirits.json``), as
    the engine's events and the pictures write it: ``"Turtle Snake (yin)"``, ``"Double Azure Dragon
    head (yang)"`` (the part only for spirits of several parts; :func:`explorer.beyond.cards.card_text`)."""
    return card_text(state.cards, card_id)


def named_text(state, text: str) -> str:
    """``text`` with every card code -- ``"TS01"`` -- replaced by :func:`card_name`, and a Nian Shou
    card's code by "a Nian Shou card".  The engine's events name their cards already; a refusal's
    reason and an action's words (``place(card=TS01, ...)``) still give codes."""
    def one(match: re.Match) -> str:
        code = match.group(1)
        return card_name(state, code) if code in state.cards else match.group(0)

    return _NIAN_SHOU_ID.sub("a Nian Shou card", _CARD_ID.sub(one, text))


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
    """A chance as a percentage, with its exact fraction: ``"17.9% (7/39)"``."""
    return f"{float(p):.1%} ({p.numerator}/{p.denominator})" if p.denominator > 1 else f"{float(p):.1%}"


def percent_text(p) -> str:
    """A chance as a percentage: ``"17.9%"``."""
    return f"{float(p):.1%}"


def cards_text(value) -> str:
    """An expected number of cards: ``"2.18 cards"``."""
    return f"{float(value):.2f} cards"


def number_text(value) -> str:
    """A gain in cards, signed: ``"+1.18 cards"``."""
    return f"{float(value):+.2f} cards"


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
        (f"expected cards: stop now {_span('e-stop', cards_text(stop))}, one more "
         f"{_span('e-one-more', cards_text(gain.one_more))} (gain {_span('gain-one-more', number_text(gain.gain_one_more))})"),
    ]
    if decision.best is not None and decision.best.more is not None:
        advice = ("reveal one more" if decision.best.should_reveal else "stop") + (
            f" (one more then best play: {cards_text(decision.best.more)})")
        if n_revealed == 0:
            advice = "reveal: the first card is always turned"
        rows.append(f"best: {_span('advice', advice)}")
    return "<br>".join(rows)


def gain_table_html(decision: RevealDecision) -> str:
    """Stop now against 1..k more cards: the expected cards and the gain over stopping (in cards),
    the chances of failing and of a Nian Shou card (percentages)."""
    frame = decision.gain.frame.drop(columns=["k"])
    out = frame.assign(expected=frame["expected"].map(lambda v: f"{float(v):.2f}"),
                       gain_vs_stop=frame["gain_vs_stop"].map(lambda v: f"{float(v):+.2f}"),
                       p_fail=frame["p_fail"].map(percent_text), p_nian_shou=frame["p_nian_shou"].map(percent_text))
    out = out.rename(columns={"option": "", "expected": "expected cards", "gain_vs_stop": "gain vs stop (cards)",
                              "p_fail": "P(fail)", "p_nian_shou": "P(Nian Shou)"})
    return out.to_html(index=False, escape=True, border=0)


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
        # the picture at its natural size, scaled down (aspect kept) when the output area is narrower
        self.cards = picture(width, height, margin=PICTURE_MARGIN).add_class("beyond-reveal-cards")
        self.reveal_button = _button("Reveal", "turn over the top card of the draw pile", "primary"
                                     ).add_class("beyond-reveal-button")
        self.stop_button = _button("Stop", "stop and collect all revealed cards").add_class("beyond-stop-button")
        self.lotus_picks = widgets.SelectMultiple(options=[], description="Lotus picks", rows=5,
                                                  style=FULL_LABEL,
                                                  layout=widgets.Layout(width="auto", min_width="260px",
                                                                        max_width="100%")
                                                  ).add_class("beyond-lotus-picks")
        self.collect_button = _button("Collect", "collect the last card free and the Lotus picks (one token each)"
                                      ).add_class("beyond-collect-button")
        self.next_button = _button("Next turn", "place the collected cards Spirit side up and end the turn"
                                   ).add_class("beyond-next-turn")
        self.status = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("beyond-reveal-status")
        self.odds = widgets.HTML(layout=widgets.Layout(flex="0 1 auto", max_width="100%")).add_class("beyond-reveal-odds")
        self.gains = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto")).add_class("beyond-reveal-gains")
        self.outcome = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("beyond-reveal-outcome")
        self.reveal_button.on_click(self.on_reveal)
        self.stop_button.on_click(self.on_stop)
        self.collect_button.on_click(self.on_collect)
        self.next_button.on_click(self.on_next_turn)
        self._lotus_box = row([self.lotus_picks, self.collect_button], align="center")
        super().__init__([
            widgets.HTML(f"{_CSS}{CAPTION_START}Exact odds; rules: {html.escape(str(refs.PHASE_1))}</small>"),
            self.status,
            row([self.reveal_button, self.stop_button, self.next_button]).add_class("beyond-reveal-buttons"),
            self._lotus_box,
            self.cards,
            # the gains table beside the odds, dropping below them when the row cannot give it the width
            # its columns need with words whole (12 px text, 8 px padding: the gains table's CSS above)
            beside(self.odds, self.gains, font_px=12, cell_padding=16).add_class("beyond-reveal-numbers"),
            self.outcome,
        ], layout=widgets.Layout(max_width="100%"))
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
            self.outcome.value = f'<div class="refused">{html.escape(named_text(state, refusal))}</div>'
        elif events:
            self.outcome.value = "<br>".join(
                f"{html.escape(e.text)} <small>({html.escape(str(e.rule))})</small>"
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
        self.lotus_picks.options = ([(card_name(state, c), c) for c in state.revealed[:-1]] if collecting else [])
        # a disabled button drops its primary colour, so that it does not look clickable (with the CSS above)
        self.reveal_button.button_style = "" if self.reveal_button.disabled else "primary"
        self._lotus_box.layout.display = "flex" if collecting else "none"


def _button(text: str, tooltip: str, style: str = "") -> widgets.Button:
    """A button as wide as its text, with a tooltip."""
    return widgets.Button(description=text, tooltip=tooltip, button_style=style, layout=button_layout())


def _row_title(state) -> str:
    if state.revealed:
        failed = state.phase == "collect"
        return f"{state.active_player} revealed {counted(len(state.revealed), 'card')}" + (": failed reveal" if failed else "")
    if state.to_place:
        return f"{state.active_player} collected {counted(len(state.to_place), 'card')}"
    return f"{state.active_player}: no card revealed yet" if state.phase == "reveal" else ""


def _phase_note(state) -> str:
    if state.phase == "collect":
        lotus = state.area(state.active_player)["lotus"]
        return (f"The reveal failed: {html.escape(card_name(state, state.revealed[-1]))} is collected free; "
                f"pick up to {counted(min(lotus, len(state.revealed) - 1), 'other card')} with Lotus tokens "
                f"({lotus} left), then Collect.")
    if state.phase == "over":
        return f"The game is over: {html.escape(listed('winner', state.winners))}."
    return "Phase 2/3: press Next turn to place the collected cards Spirit side up and end the turn."


def _status_html(state) -> str:
    me = state.current_player
    if me is None:
        scores = ", ".join(f"{player} {score}" for player, score in state.scores().items())
        return f"<b>game over</b>; energy points: {html.escape(scores)}"
    area = state.area(me)
    return (f"<b>turn {state.turn}</b>, <span class='active-player'>{html.escape(me)}</span>, phase "
            f"<span class='phase'>{state.phase}</span>; draw pile <span class='draw-pile'>{len(state.draw_pile)}</span> "
            f"cards{'' if state.top_back is None else ', top back ' + state.top_back}; Lotus tokens <span class='lotus'>{area['lotus']}</span>; Nian Shou left {len(state.central)}; "
            f"{html.escape(discard_text(state))}")
