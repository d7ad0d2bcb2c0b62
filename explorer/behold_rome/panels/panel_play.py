"""Play Behold: Rome click by click on the real engine, every refusal with its rule.

behold-rome-rulebook.txt, "Action Phase" (choose a card, pay its costs, resolve its benefits), "End of
Turn Phase" (discard one card, draw to 5), "Holding the Game" (the deck as held) and "Round End".
:class:`PlayPanel` is a thin view over a :class:`~explorer.behold_rome.game.BeholdRomeState`:

* the game drawn as held (:class:`~explorer.behold_rome.render_game.StatePicture`, an ``Image`` of
  PNG bytes updated in place: no ``Output`` widget, reliable under Voila and nbval);
* the hand as buttons, each in its active level's type colour; pressing one chooses the card, and the
  panel shows its level, the legal plays that involve it (buttons) and the plays the rules refuse, each
  with the engine's :class:`~explorer.core.rules.RuleViolation` -- the reason and the section cited;
* the other choices of the moment (the benefit choices of the card being resolved -- draw, store, ...,
  leave the rest --, paying with a stored card, the end of turn's draw, moving on ...), as buttons;
* undo (``state.undo()``), and the planner's advice (:func:`explorer.behold_rome.planner.advise`,
  a small time budget): the best few actions with the planner's sentence why, and a button that takes
  the best one.

Every action is named in words by :func:`explorer.behold_rome.planner.describe` ("Play Wells and store
it", "End the turn discarding Shrine").  The layout follows docs/panel-layout.md: rows that wrap,
buttons as wide as their text, a picture that shrinks with the output area, every part with a CSS
class (the root ``behold-play-panel``).
"""

from __future__ import annotations

import html
import time
from typing import Callable, Optional

import ipywidgets as widgets

from explorer.behold_rome import actions as A
from explorer.behold_rome import refs
from explorer.behold_rome.render_game import TYPE_COLOURS, StatePicture
from explorer.core.display import PROSE_STYLE
from explorer.core.inputs import InputError, number, whole
from explorer.core.panels.layout import button_layout, picture, row
from explorer.core.panels.replay import PICTURE_MARGIN
from explorer.core.rules import RuleViolation

HAND_KINDS = {"discard": A.Discard, "degrade": A.Degrade, "store": A.Store, "develop": A.Develop,
              "conquer": A.Conquer}
"""The steps that take a hand card (a cost or a benefit): when one of them is legal for some card, the
panel says for the chosen card whether the rules allow it, and why not."""

_CSS = """<style>
.behold-play-panel .jupyter-button:disabled,.behold-play-panel button:disabled{opacity:.4;cursor:not-allowed;
 filter:grayscale(1);box-shadow:none}
.behold-play-panel .behold-hand-card.behold-chosen{outline:2px solid #1f4e79;outline-offset:1px;font-weight:bold}
.behold-play-panel .behold-play-refused li,.behold-play-panel .behold-play-advice li{margin-bottom:2px}
.behold-play-panel .behold-play-refused,.behold-play-panel .behold-play-outcome,
.behold-play-panel .behold-play-advice,.behold-play-panel .behold-play-status{overflow-wrap:break-word}
.behold-play-panel .refused{color:#a61c00}
.behold-play-panel .widget-html-content{""" + PROSE_STYLE + """}
</style>"""


def action_text(state, action) -> str:
    """``action`` in words, its cards by their active level names (the planner's words)."""
    from explorer.behold_rome.planner import describe

    return describe(state, action)


def card_name(state, card_id: str) -> str:
    """A civ card by its active level: ``"1 Wells"``."""
    level = state.deck.level(card_id)
    return f"{level} {state.cardset.card(card_id).level(level).name}"


def involves(action, card_id: str) -> bool:
    """Does ``action`` name the card ``card_id`` (played, paid, stored, discarded at the end of turn ...)?"""
    return card_id in (getattr(action, "card", None), getattr(action, "discard", None),
                       getattr(action, "interrupt", None) or None)


def refused_plays(state, card_id: str, legal=None) -> list[tuple[object, RuleViolation]]:
    """The plays of the hand card ``card_id`` that the rules refuse now, each with the engine's
    RuleViolation: in the action phase playing it (discarded, or stored as part of its action); in a
    card's costs or benefits every step that takes a hand card and is legal for some card (discard,
    degrade, store, develop, conquer) but not for this one."""
    legal = list(state.legal_actions()) if legal is None else legal
    tried: list = []
    if state.phase == "action":
        tried += [A.Play(card_id), A.Play(card_id, store_played=True)]
    kinds = {a.kind for a in legal}
    tried += [cls(card_id) for kind, cls in HAND_KINDS.items() if kind in kinds]
    out = []
    for action in tried:
        if action in legal:
            continue
        try:
            state.check(action)
        except RuleViolation as refusal:
            out.append((action, refusal))
    return out


def frames_text(state) -> str:
    """What is being resolved, innermost last: ``"Wells: store 0 of 1"``."""
    parts = []
    for frame in state.frames:
        card = frame["card"]
        name = "the nation card" if card == "nation" else card_name(state, card)
        what = {"play": "played", "develop": "developing", "conquer": "conquering", "nation": "developing"}[frame["kind"]]
        costs = {k: v for k, v in frame["costs"].items() if k != "degrade_type" and v}
        if frame["stage"] == "costs" and costs:
            detail = "costs left: " + ", ".join(f"{k} {v}" for k, v in costs.items())
        else:
            detail = "benefits: " + (", ".join(f"{b['kind'].replace('_', ' ')} {b['done']} of {b['done'] + b['left']}"
                                               for b in frame["benefits"]) or "none")
        parts.append(f"{name} ({what}) -- {detail}")
    return "; ".join(parts)


def status_html(state) -> str:
    """What the game waits for, in words (the picture's header gives round, age, turn and nation): a card
    to play, the costs or benefits of the card being resolved, the end of turn's draw, or the result."""
    phase = state.phase
    if state.is_terminal():
        score = state.score()
        return f"<b>The game is over</b>: {html.escape(score.headline())}"
    if phase in ("costs", "benefits"):
        return (f"<b>Resolving</b> <span class='behold-resolving'>{html.escape(frames_text(state))}</span>: "
                f"choose under <i>Now</i>")
    if phase == "draw":
        return "<b>The end of turn's draw waits</b>: draw on, or stop drawing (choose under <i>Now</i>)"
    return (f"<b>Round {state.round} of {state.rounds}, turn {state.turn}</b>: play a card of your hand, "
            "or end the turn (discard one card, draw to 5)")


def level_html(state, card_id: str) -> str:
    """The chosen card's active level in words: type, banner, resources, action, requirement."""
    level = state.cardset.card(card_id).level(state.deck.level(card_id))
    facts = [level.type]
    if level.banner:
        facts.append(f"banner {level.banner}")
    if level.resources.total:
        facts.append(f"resources {level.resources}")
    if level.wealth:
        facts.append(f"wealth {level.wealth}")
    facts.append(f"action: {level.action}" if level.action else "no action")
    if level.requirement:
        facts.append(f"requirement to develop into it: {level.requirement}")
    return (f"<b class='behold-chosen-name'>{html.escape(card_name(state, card_id))}</b>: "
            + html.escape("; ".join(facts)))


class PlayPanel(widgets.VBox):
    """A game of Behold: Rome played with buttons (behold-rome-rulebook.txt, "Action Phase").

    ``state``: a game (default a new one, ``difficulty`` and ``seed``).  ``advice_budget_s``: the
    planner's time per advice (0.5 s); ``advice_shown``: how many of its ranked actions are listed;
    ``advisor``: a function ``(state, *, seed, budget_s) -> [Advice]`` (default
    :func:`explorer.behold_rome.planner.advise`).

    CSS classes: ``behold-play-status``, ``behold-play-picture`` (the Image), ``behold-play-hand``
    (the row of hand buttons, each ``behold-hand-card`` and ``behold-card-<id>``, the chosen one also
    ``behold-chosen``), ``behold-play-card`` (the chosen card's level), ``behold-play-legal`` (its legal
    plays, buttons ``behold-legal-action``), ``behold-play-refused`` (its refused plays with their
    rules), ``behold-play-choices`` (the other legal actions, buttons ``behold-choice-action``),
    ``behold-undo-button``, ``behold-advise-button``, ``behold-take-advice``, ``behold-play-advice``
    and ``behold-play-outcome`` (what the last action did, its events with their rules, or a refusal).
    ``panel.chosen`` is the chosen hand card's id (or None), ``panel.advice`` the last advice,
    ``panel.last_update_ms`` the last redraw.
    """

    def __init__(self, state=None, *, difficulty: str = "normal", seed: int = 0, advice_budget_s: float = 0.5,
                 advice_shown: int = 3, advisor: Optional[Callable] = None):
        from explorer.behold_rome.game import BeholdRomeState, new_game

        self.seed = whole(seed, "seed", source="PlayPanel")
        self.advice_budget_s = number(advice_budget_s, "advice_budget_s", source="PlayPanel", low=0.05, high=30)
        self.advice_shown = whole(advice_shown, "advice_shown", source="PlayPanel", low=1, high=20)
        if state is None:
            state = new_game(difficulty, seed=self.seed)
        if not isinstance(state, BeholdRomeState):
            raise InputError("PlayPanel", "state", "a Behold: Rome game (explorer.behold_rome.new_game())", state)
        if advisor is not None and not callable(advisor):
            raise InputError("PlayPanel", "advisor", "a function (state, *, seed, budget_s) -> list of advice", advisor)
        self.state = state
        self.advisor = advisor
        self.chosen: Optional[str] = None
        self.advice: list = []
        self.last_update_ms = 0.0
        self._listeners: list = []
        self._offered: dict = {}
        self._picture = StatePicture(state)
        width, height = self._picture.pixel_size
        self.picture = picture(width, height, margin=PICTURE_MARGIN).add_class("behold-play-picture")
        self.status = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("behold-play-status")
        self.hand = row().add_class("behold-play-hand")
        self.card = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("behold-play-card")
        self.legal = row().add_class("behold-play-legal")
        self.refused = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("behold-play-refused")
        self.choices = row().add_class("behold-play-choices")
        self.undo_button = _button("Undo", "take the last action back").add_class("behold-undo-button")
        self.advise_button = _button("Advise", f"ask the planner for the best actions ({self.advice_budget_s:g} s)",
                                     "info").add_class("behold-advise-button")
        self.take_button = _button("Take the advice", "play the planner's best action").add_class("behold-take-advice")
        self.advice_html = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("behold-play-advice")
        self.outcome = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("behold-play-outcome")
        self.undo_button.on_click(self.on_undo)
        self.advise_button.on_click(self.on_advise)
        self.take_button.on_click(self.on_take_advice)
        super().__init__([
            widgets.HTML(f"{_CSS}<small>Rules: {html.escape(refs.ACTION_PHASE.rulebook)}, sections "
                         + ", ".join(f'"{html.escape(r.section)}"' for r in (refs.ACTION_PHASE, refs.END_OF_TURN_PHASE,
                                                                            refs.HOLDING_THE_GAME, refs.ROUND_END))
                         + "; cards INVENTED, illustrative</small>"),
            self.status,
            self.picture,
            widgets.HTML("<b>Your hand</b> (press a card to see what it can do)"),
            self.hand,
            self.card,
            self.legal,
            self.refused,
            widgets.HTML("<b>Now</b> (the costs or benefits being resolved, the end of turn, the round)"),
            self.choices,
            row([self.undo_button, self.advise_button, self.take_button], align="center"
                ).add_class("behold-play-controls"),
            self.advice_html,
            self.outcome,
        ], layout=widgets.Layout(max_width="100%"))
        self.add_class("behold-play-panel")
        self.update()

    # -- listeners -----------------------------------------------------------------------------------
    def on_change(self, callback) -> None:
        """Call ``callback(panel)`` after every action or undo (e.g. to update a
        :class:`~explorer.behold_rome.panels.ScoringPanel` of the same game)."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for callback in self._listeners:
            callback(self)

    # -- the buttons ---------------------------------------------------------------------------------
    def choose(self, card_id: Optional[str]) -> None:
        """Choose the hand card ``card_id`` (None: none) and show its plays."""
        if card_id is not None and card_id not in self.state.hand:
            raise InputError("PlayPanel", "card", "a card of the hand (" + ", ".join(self.state.hand) + ")", card_id)
        self.chosen = card_id
        begin = time.perf_counter()  # the game is unchanged: the picture and the choices stay as they are
        for card, button in zip(self.state.hand, self.hand.children):
            (button.add_class if card == card_id else button.remove_class)("behold-chosen")
        self._show_chosen(list(self.state.legal_actions()))
        self.last_update_ms = (time.perf_counter() - begin) * 1000

    def play(self, action) -> list:
        """Apply ``action`` to the game; a refusal is shown with its rule (and returned as []).
        Returns the events it caused."""
        words = action_text(self.state, action)  # named before the action changes the cards' levels
        try:
            events = self.state.apply(action)
        except RuleViolation as refusal:
            self.update(refusal=f"{words}: {refusal}")
            return []
        self.advice = []
        self.update(events=events, done=words)
        self._changed()
        return events

    def on_undo(self, _button=None) -> None:
        """Take the last action back (``state.undo()``)."""
        try:
            action = self.state.undo()
        except IndexError:
            self.update(refusal="nothing to undo")
            return
        self.advice = []
        self.update(note=f"took back: {action_text(self.state, action)}")
        self._changed()

    def on_advise(self, _button=None) -> None:
        """Ask the planner for the best actions now (``advice_budget_s`` seconds)."""
        if self.state.is_terminal():
            self.update(note="the game is over: nothing to advise")
            return
        advisor = self.advisor
        if advisor is None:
            from explorer.behold_rome.planner import advise as advisor
        self.advice = list(advisor(self.state, seed=self.seed, budget_s=self.advice_budget_s))
        self.update()

    def on_take_advice(self, _button=None) -> None:
        """Play the planner's best action (if it is still legal)."""
        if self.advice:
            self.play(self.advice[0].action)

    # -- the view ------------------------------------------------------------------------------------
    def update(self, events=(), refusal: Optional[str] = None, done: Optional[str] = None,
               note: Optional[str] = None) -> None:
        """Redraw the game, the hand, the chosen card's plays, the choices and the advice in place."""
        begin = time.perf_counter()
        state = self.state
        if self.chosen is not None and self.chosen not in state.hand:
            self.chosen = None
        legal = list(state.legal_actions())
        self._picture.update(state)
        self.picture.value = self._picture.png()
        self.status.value = status_html(state)
        self._clear(self.hand)
        self.hand.children = [self._hand_button(card) for card in state.hand]
        self._show_chosen(legal)
        # between actions the hand cards' plays are under the chosen card; while a card is resolved every
        # choice is one of its costs or benefits, so all of them are shown here
        others = legal if state.phase in ("costs", "benefits") else [
            a for a in legal if not any(involves(a, card) for card in state.hand)]
        self._clear(self.choices)
        self.choices.children = [self._action_button(a, "behold-choice-action") for a in others] or [
            widgets.HTML("<i>the game is over</i>" if state.is_terminal() else "<i>nothing else now</i>")]
        self.undo_button.disabled = not state.history
        self.take_button.disabled = not self.advice
        self.advice_html.value = self._advice_html()
        if refusal is not None:
            self.outcome.value = f"<div class='refused'>refused: {html.escape(refusal)}</div>"
        elif done is not None:
            self.outcome.value = f"<b class='behold-done'>{html.escape(done)}</b><br>" + "<br>".join(
                html.escape(e.text) + (f" <small>({html.escape(str(e.rule))})</small>" if e.rule else "")
                for e in events)
        elif note is not None:
            self.outcome.value = html.escape(note)
        self.last_update_ms = (time.perf_counter() - begin) * 1000

    def offered(self) -> list:
        """The actions the panel's buttons offer now: the choices of the moment, and each hand card's legal
        plays (every legal action has a button: the tests check it)."""
        def actions(box) -> list:
            return [self._offered[b.model_id] for b in box.children if b.model_id in self._offered]

        shown = actions(self.choices)
        chosen = self.chosen
        for card in self.state.hand:
            self.choose(card)
            shown += actions(self.legal)
        self.choose(chosen)
        return shown

    def _clear(self, box) -> None:
        """Close the widgets of ``box`` (a row about to be rebuilt) and forget the actions they offered."""
        old, box.children = box.children, []
        for child in old:
            self._offered.pop(child.model_id, None)
            child.close()

    def _hand_button(self, card: str) -> widgets.Button:
        state = self.state
        level = state.cardset.card(card).level(state.deck.level(card))
        button = widgets.Button(description=card_name(state, card), tooltip=f"{level.type}: "
                                + (str(level.action) if level.action else "no action"), layout=button_layout())
        button.style.button_color = TYPE_COLOURS[level.type]
        button.add_class("behold-hand-card").add_class(f"behold-card-{card}")
        if card == self.chosen:
            button.add_class("behold-chosen")
        button.on_click(lambda _b, c=card: self.choose(None if c == self.chosen else c))
        return button

    def _action_button(self, action, css: str) -> widgets.Button:
        button = widgets.Button(description=action_text(self.state, action), tooltip=str(action),
                                layout=button_layout()).add_class(css)
        button.on_click(lambda _b, a=action: self.play(a))
        self._offered[button.model_id] = action
        return button

    def _show_chosen(self, legal) -> None:
        state, card = self.state, self.chosen
        self._clear(self.legal)
        if card is None:
            self.card.value = "<i>no card chosen</i>" if state.hand else ""
            self.refused.value = ""
            return
        self.card.value = level_html(state, card)
        mine = [a for a in legal if involves(a, card)]
        self.legal.children = [self._action_button(a, "behold-legal-action") for a in mine] or [
            widgets.HTML("<i>no legal play with this card now</i>")]
        refused = refused_plays(state, card, legal)
        self.refused.value = ("<b>refused by the rules:</b><ul>" + "".join(
            f"<li><span class='behold-refused-action'>{html.escape(action_text(state, a))}</span>: "
            f"<span class='behold-refused-rule'>{html.escape(str(r))}</span></li>" for a, r in refused)
            + "</ul>") if refused else ""

    def _advice_html(self) -> str:
        if not self.advice:
            return ""
        items = "".join(f"<li><b>{html.escape(action_text(self.state, a.action))}</b> "
                        f"<small>({a.value:+.1f} VP, {a.visits} orders)</small>: {html.escape(a.text)}</li>"
                        for a in self.advice[:self.advice_shown])
        return f"<b>The planner's advice</b> ({self.advice_budget_s:g} s):<ol>{items}</ol>"


def _button(text: str, tooltip: str, style: str = "") -> widgets.Button:
    """A button as wide as its text, with a tooltip."""
    return widgets.Button(description=text, tooltip=tooltip, button_style=style, layout=button_layout())


__all__ = ["HAND_KINDS", "PlayPanel", "action_text", "card_name", "frames_text", "involves", "level_html",
           "refused_plays", "status_html"]
