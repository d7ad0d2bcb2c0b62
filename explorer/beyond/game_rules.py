"""The rules of each Beyond action: ``verify`` raises RuleViolation citing the rulebook, ``perform``
carries the action out and logs it (beyond-rulebook.txt, "Details" and "Advanced Mode")."""

from __future__ import annotations

from explorer.beyond import refs
from explorer.beyond.actions import Capture, Collect, Compose, EndTurn, Place, Protect, Reveal, Stop, Summon
from explorer.beyond.cards import YANG, YIN, card_text, cards_text, is_nian_shou, pattern_problem
from explorer.core.rules import RuleViolation
from explorer.core.words import counted, listed




def _need(cond: bool, reason: str, rule) -> None:
    if not cond:
        raise RuleViolation(reason, rule)


def _named(state, card_id) -> str:
    """A card in a refusal's reason as the events and the pictures name it: by its spirit
    (``"Turtle Snake (yin)"``, :func:`explorer.beyond.cards.card_text`), never by its code; an id
    that is no card stays as it was given."""
    return card_text(state.cards, card_id) if isinstance(card_id, str) else repr(card_id)


PHASE_WORDS = {"reveal": "Phase 1, revealing cards", "collect": "Phase 1, collecting the revealed cards after a "
               "failed reveal", "place": "Phase 2, placing the collected cards", "act": "Phase 3, enchanting, "
               "capturing and summoning", "over": "the end of the game"}
"""A phase's name in the game's data -> the rulebook's words for it in a refusal ("Phase 1: Reveal and
Collection", "Phase 2: Positioning of Collected Cards ...", "Phase 3: Spirit Enchantments, Captures ...")."""


def _phase(state, phase: str, what: str, rule) -> None:
    _need(state.phase == phase, f"{what} is done in {PHASE_WORDS[phase]}, not now: it is "
                                f"{PHASE_WORDS.get(state.phase, state.phase)}", rule)


# -- verify ----------------------------------------------------------------------------------------
def verify(state, action) -> None:
    d = state._data
    me = state.active_player
    a = d["areas"][me]
    if isinstance(action, Reveal):
        _phase(state, "reveal", "revealing a card", refs.PHASE_1)
        _need(bool(d["draw"]), "the draw pile is empty: no card to reveal", refs.PHASE_1)
    elif isinstance(action, Stop):
        _phase(state, "reveal", "stopping the reveal", refs.PHASE_1)
        _need(bool(d["revealed"]) or not d["draw"],
              "the active player turns over the top card of the draw pile first (ruling beyond.first-reveal)",
              refs.PHASE_1)
    elif isinstance(action, Collect):
        _phase(state, "collect", "collecting after a failed reveal", refs.PHASE_1)
        bought = list(action.bought)
        _need(len(set(bought)) == len(bought), "a card can be bought only once", refs.PHASE_1)
        _need(all(c in d["revealed"][:-1] for c in bought),
              "Lotus tokens buy revealed cards other than the last one (which is free)", refs.PHASE_1)
        _need(len(bought) <= a["lotus"], f"{me} has {counted(a['lotus'], 'Lotus token')}, one per bought card", refs.PHASE_1)
    elif isinstance(action, Place):
        _phase(state, "place", "placing a collected card", refs.PHASE_2)
        _need(action.card in d["to_place"], f"{_named(state, action.card)} is not a card collected this turn", refs.PHASE_2)
        _need(action.side in ("spirit", "capture"), "a card is placed 'spirit' or 'capture' side up", refs.PHASE_2)
        if action.side == "capture":
            _need(len(a["captures"]) < state.components.capture_corners,
                  f"a player can have a maximum of {state.components.capture_corners} Capture cards", refs.PHASE_2)
    elif isinstance(action, Compose):
        _verify_compose(state, action, a)
    elif isinstance(action, Capture):
        _verify_capture(state, action, a)
    elif isinstance(action, Protect):
        _need(state.options.protection, "protection tokens are an Advanced Mode module not in play", refs.ADVANCED_MODE)
        _phase(state, "act", "protecting a card", refs.PROTECTION_TOKENS)
        _need(not is_nian_shou(action.card), "Nian Shou cards cannot have protection tokens", refs.PROTECTION_TOKENS)
        _need(action.card in a["spirit"], f"{_named(state, action.card)} is not a Spirit card of {me} outside a pattern "
              "(ruling beyond.protection-placement)", refs.PROTECTION_TOKENS)
        _need(action.card not in a["protected"], "a card can only be protected by a token", refs.PROTECTION_TOKENS)
        _need(a["tokens"] > 0, f"{me} has no token in stock", refs.PROTECTION_TOKENS)
    elif isinstance(action, Summon):
        _verify_summon(state, action, a)
    elif isinstance(action, EndTurn):
        _phase(state, "act", "ending the turn", refs.GAME_ROUND)
    else:
        raise RuleViolation(f"{action!r} is not a Beyond action", refs.GAME_ROUND)


def _verify_compose(state, action, a) -> None:
    _phase(state, "act", "composing a pattern", refs.PHASE_3)
    cards = list(action.cards)
    _need(len(set(cards)) == len(cards) == 4, f"a pattern is 4 cards, each named once ({len(cards)} given)",
          refs.ENERGY_POINTS)
    _need(all(c in a["spirit"] for c in cards),
          "a pattern uses the player's Spirit face up cards outside complete patterns (ruling beyond.compose-from)",
          refs.PHASE_3)
    first = state.cards[cards[0]]
    problem = pattern_problem(state.components.spirits[first.spirit], [state.cards[c] for c in cards])
    _need(problem is None, f"not a complete pattern: {problem}", refs.ENERGY_POINTS)


def capture_needs(state, victim: str, card: str) -> str:
    """The capture cards needed: ``"yin"``, ``"yang"`` or ``"yin+yang"`` (beyond-rulebook.txt, Phase 3)."""
    if is_nian_shou(card) or card in state._data["areas"][victim]["protected"]:
        return "yin+yang"
    return YIN if state.cards[card].symbol == YANG else YANG


def _verify_capture(state, action, a) -> None:
    d = state._data
    _phase(state, "act", "capturing", refs.PHASE_3)
    _need(action.victim in d["areas"] and action.victim != state.active_player,
          f"{action.victim!r} is not an opponent", refs.PHASE_3)
    va = d["areas"][action.victim]
    if action.card in [c for pt in va["patterns"] for c in pt["cards"]]:
        raise RuleViolation(f"{_named(state, action.card)} belongs to an enchanted pattern: it can no longer be captured",
                            refs.ENCHANTED)
    _need(action.card in va["spirit"] or action.card in va["nian"],
          f"{_named(state, action.card)} is not a Spirit face up card of {action.victim}", refs.PHASE_3)
    using = list(action.using)
    _need(len(set(using)) == len(using) and all(c in a["captures"] for c in using),
          "captures are paid with the active player's own Capture cards", refs.PHASE_3)
    symbols = sorted(state.cards[c].symbol for c in using)
    need = capture_needs(state, action.victim, action.card)
    if need == "yin+yang":
        rule = refs.NIAN_SHOU if is_nian_shou(action.card) else refs.PROTECTION_TOKENS
        _need(symbols == [YANG, YIN], f"capturing {_named(state, action.card)} takes 1 Yin AND 1 Yang Capture card", rule)
    else:
        _need(symbols == [need], f"{_named(state, action.card)} is protected by a {state.cards[action.card].symbol}: it takes "
              f"exactly 1 {need.capitalize()} Capture card", refs.PHASE_3)


def _verify_summon(state, action, a) -> None:
    d = state._data
    _need(state.options.summoning, "summoning is an Advanced Mode module not in play", refs.ADVANCED_MODE)
    _phase(state, "act", "summoning", refs.SUMMONING)
    _need(isinstance(action.pattern, int) and 0 <= action.pattern < len(a["patterns"]),
          f"{state.active_player} has no enchanted pattern number {action.pattern}", refs.SUMMONING)
    pattern = a["patterns"][action.pattern]
    _need(not pattern["lotus"], "a Spirit can only be summoned if there is not already a Lotus token in the "
          "center of its pattern", refs.SUMMONING)
    _need(a["lotus"] > 0, f"{state.active_player} has no Lotus token", refs.SUMMONING)
    spirit, choice = pattern["spirit"], action.choice
    if spirit in ("TS", "AD"):
        top = d["draw"][:4 if spirit == "TS" else 2]
        _need(choice in top if top else choice is None,
              f"choose one of the first {4 if spirit == 'TS' else 2} cards of the draw pile", refs.SUMMONING)
    elif spirit == "VB":
        possible = d["discard"] and len(a["captures"]) < state.components.capture_corners
        _need(choice in d["discard"] if possible else choice is None,
              "choose a card of the discard pile for an empty slot of the Stock card", refs.SUMMONING)
    elif spirit == "YU":
        others = [i for i, pt in enumerate(a["patterns"]) if pt["lotus"] and i != action.pattern]
        _need(choice in others if others else choice is None,
              "choose another of your summoned patterns whose Lotus token returns", refs.SUMMONING)
    else:
        _need(choice is None, "the Double Metal Tiger's summon takes no choice", refs.SUMMONING)


# -- perform ---------------------------------------------------------------------------------------
def perform(state, action) -> None:
    d = state._data
    me = state.active_player
    a = d["areas"][me]
    if isinstance(action, Reveal):
        _reveal(state, me)
    elif isinstance(action, Stop):
        d["to_place"], d["revealed"] = list(d["revealed"]), []
        state.emit("collect", f"{me} stops and collects {cards_text(state.cards, d['to_place'])}",
                   refs.PHASE_1, player=me, cards=list(d["to_place"]))
        _to_place_phase(state)
    elif isinstance(action, Collect):
        last = d["revealed"][-1]
        keep = list(action.bought) + [last]
        a["lotus"] -= len(action.bought)
        gone = [c for c in d["revealed"] if c not in keep]
        d["discard"] += gone
        d["to_place"], d["revealed"] = keep, []
        state.emit("collect", f"{me} collects {card_text(state.cards, last)} free"
                   + (f" and buys {cards_text(state.cards, action.bought)} with "
                      f"{counted(len(action.bought), 'Lotus token')}" if action.bought else "")
                   + (f"; {cards_text(state.cards, gone)} discarded" if gone else ""), refs.PHASE_1, player=me,
                   card=last, bought=list(action.bought), discarded=gone)
        _to_place_phase(state)
    elif isinstance(action, Place):
        d["to_place"].remove(action.card)
        (a["spirit"] if action.side == "spirit" else a["captures"]).append(action.card)
        state.emit("place", f"{me} places {card_text(state.cards, action.card)} {action.side} side up", refs.PHASE_2,
                   player=me, card=action.card, side=action.side)
        _to_place_phase(state)
    elif isinstance(action, Compose):
        _compose(state, me, a, list(action.cards))
    elif isinstance(action, Capture):
        _capture(state, me, a, action)
    elif isinstance(action, Protect):
        a["tokens"] -= 1
        a["protected"].append(action.card)
        state.emit("protect", f"{me} protects {card_text(state.cards, action.card)} with a token",
                   refs.PROTECTION_TOKENS, player=me, card=action.card)
    elif isinstance(action, Summon):
        _summon(state, me, a, action)
    elif isinstance(action, EndTurn):
        _end_turn(state, me)


def _reveal(state, me: str) -> None:
    d = state._data
    card = d["draw"].pop(0)
    failed = any(state.cards[c].spirit == state.cards[card].spirit for c in d["revealed"])
    d["revealed"].append(card)
    state.emit("reveal", f"{me} reveals {card_text(state.cards, card)}", refs.PHASE_1, player=me, card=card)
    _check_pile(state)
    if failed:
        state.emit("failed", f"{me}'s reveal fails: two {state.components.spirits[state.cards[card].spirit].name} cards", refs.PHASE_1, player=me)
        if len(d["revealed"]) == 2:
            _gain_nian_shou(state, me, refs.PHASE_1)
        if not state.is_terminal():
            d["phase"] = "collect"


def _check_pile(state) -> None:
    """The draw pile ran out: start the second pile from the discard, or trigger the end."""
    d = state._data
    if d["draw"]:
        return
    if state.pile_mode == "reshuffle-discard" and not d["second_pile"]:
        d["second_pile"] = True
        d["draw"], d["discard"] = d["discard"], []
        d["rng"].shuffle(d["draw"])
        state.emit("second-pile", f"the draw pile is finished: the discard pile ({len(d['draw'])} cards) is "
                   "shuffled into the second draw pile (ruling beyond.second-draw-pile)", refs.END_OF_GAME)
        if d["draw"]:
            return
    if not d["end_triggered"]:
        d["end_triggered"] = True
        state.emit("end-triggered", "the last draw pile is finished: the round is completed, down to the last "
                   "player", refs.END_OF_GAME)


def _gain_nian_shou(state, me: str, rule) -> None:
    d = state._data
    if not d["central"]:
        state.emit("nian-shou", "no Nian Shou card is left in the central pattern", rule, player=me)
        return
    card = d["central"].pop(0)
    d["areas"][me]["nian"].append(card)
    state.emit("nian-shou", f"{me} obtains a Nian Shou card ({len(d['areas'][me]['nian'])} of "
               f"{len(state.components.nian_shou)})", rule, player=me, card=card)
    _check_nian_shou_win(state, me)


def _check_nian_shou_win(state, me: str) -> None:
    d = state._data
    if len(d["areas"][me]["nian"]) == len(state.components.nian_shou):
        d["phase"], d["winners"] = "over", [me]
        state.emit("game-over", f"{me} enchants the Evil Spirit Nian Shou and wins instantly", refs.NIAN_SHOU, player=me)


def _to_place_phase(state) -> None:
    d = state._data
    d["phase"] = "place" if d["to_place"] else "act"


def _compose(state, me: str, a: dict, cards: list) -> None:
    d = state._data
    spirit = state.cards[cards[0]].spirit
    for c in cards:
        a["spirit"].remove(c)
    back = [c for c in cards if c in a["protected"]]
    for c in back:
        a["protected"].remove(c)
    d["supply"] += len(back)
    a["patterns"].append({"spirit": spirit, "cards": cards, "lotus": False})
    name = state.components.spirits[spirit].name
    spirit_parts = len(state.components.spirits[spirit].parts) > 1
    words = ", ".join(f"{state.cards[c].part} {state.cards[c].symbol}" if spirit_parts else state.cards[c].symbol
                      for c in cards)
    state.emit("enchant", f"{me} enchants a {name} ({words}): these cards can no longer be captured",
               refs.ENCHANTED, player=me, cards=list(cards))
    if back:
        state.emit("tokens-back", f"{counted(len(back), 'protection token')} of the pattern go{'es' if len(back) == 1 else ''} back to the supply",
                   refs.PROTECTION_TOKENS, player=me)
    if len(a["patterns"]) == 3 and not d["end_triggered"]:
        d["end_triggered"] = True
        state.emit("end-triggered", f"{me}'s third enchantment: the round is completed, down to the last player",
                   refs.END_OF_GAME, player=me)


def _capture(state, me: str, a: dict, action) -> None:
    d = state._data
    va = d["areas"][action.victim]
    card = action.card
    for c in action.using:
        a["captures"].remove(c)
    d["discard"] += list(action.using)
    if is_nian_shou(card):
        va["nian"].remove(card)
        a["nian"].append(card)
    else:
        va["spirit"].remove(card)
        a["spirit"].append(card)
    state.emit("capture", f"{me} captures {card_text(state.cards, card)} from {action.victim} with "
               f"{cards_text(state.cards, action.using)}", refs.PHASE_3, player=me, card=card,
               using=list(action.using), victim=action.victim)
    if card in va["protected"]:
        va["protected"].remove(card)
        va["tokens"] += 1
        state.emit("compensation", f"{action.victim} puts the protection token back into the stock",
                   refs.PROTECTION_TOKENS, player=action.victim)
    elif d["supply"] > 0:
        d["supply"] -= 1
        va["tokens"] += 1
        state.emit("compensation", f"{action.victim} takes 1 token from the supply", refs.PHASE_3,
                   player=action.victim)
    else:
        state.emit("compensation", "the common supply is empty: no compensation", refs.PHASE_3, player=action.victim)
    if is_nian_shou(card):
        _check_nian_shou_win(state, me)


def pattern_words(state, a: dict, index: int) -> str:
    """A pattern of a play area ``a`` in words, by its spirit: ``"Vermilion Bird"``, or ``"second Turtle
    Snake"`` when the area holds more than one of that spirit (never its index in the list)."""
    spirit = a["patterns"][index]["spirit"]
    name = state.components.spirits[spirit].name
    same = [i for i, p in enumerate(a["patterns"]) if p["spirit"] == spirit]
    if len(same) == 1:
        return name
    ordinal = ("first", "second", "third", "fourth", "fifth")
    place = same.index(index)
    return f"{ordinal[place] if place < len(ordinal) else str(place + 1) + 'th'} {name}"


def _summon(state, me: str, a: dict, action) -> None:
    d = state._data
    pattern = a["patterns"][action.pattern]
    a["lotus"] -= 1
    pattern["lotus"] = True
    spirit, choice = pattern["spirit"], action.choice
    name = state.components.spirits[spirit].name
    state.emit("summon", f"{me} summons the {pattern_words(state, a, action.pattern)}", refs.SUMMONING, player=me)
    if choice is None and spirit != "MT":
        state.emit("summon-effect", "the summon has no effect (ruling beyond.summon-without-effect)",
                   refs.SUMMONING, player=me)
        return
    if spirit in ("TS", "AD"):
        seen = d["draw"][:4 if spirit == "TS" else 2]
        state.emit("look", f"{me} looks at the first {len(seen)} cards of the draw pile: "
                   f"{cards_text(state.cards, seen)}", refs.SUMMONING, player=me, visible_to=me, cards=list(seen))
        d["draw"].remove(choice)
        a["spirit"].append(choice)
        if spirit == "TS":
            d["rng"].shuffle(d["draw"])
        state.emit("summon-effect", f"{me} takes {card_text(state.cards, choice)} from the draw pile"
                   + (" and shuffles it" if spirit == "TS" else ""), refs.SUMMONING, player=me, card=choice)
        _check_pile(state)
    elif spirit == "VB":
        d["discard"].remove(choice)
        a["captures"].append(choice)
        state.emit("summon-effect", f"{me} takes {card_text(state.cards, choice)} from the discard pile as a "
                   "Capture card", refs.SUMMONING, player=me, card=choice)
    elif spirit == "MT":
        _gain_nian_shou(state, me, refs.SUMMONING)
    else:
        a["patterns"][choice]["lotus"] = False
        a["lotus"] += 1
        state.emit("summon-effect", f"{me} takes the Lotus token of the {pattern_words(state, a, choice)} back into "
                   "the stock",
                   refs.SUMMONING, player=me)


def _end_turn(state, me: str) -> None:
    d = state._data
    state.emit("end-turn", f"{me} ends the turn", refs.GAME_ROUND, player=me)
    if d["end_triggered"] and d["active"] == len(state.players) - 1:
        _finish(state)
        return
    d["active"] = (d["active"] + 1) % len(state.players)
    d["turn"] += 1
    d["phase"] = "reveal"


def _finish(state) -> None:
    d = state._data
    scores = state.scores()
    best = max(scores.values())
    tied = [p for p in state.players if scores[p] == best]
    fewest = min(state.spirit_face_cards(p) for p in tied)
    d["winners"] = [p for p in tied if state.spirit_face_cards(p) == fewest]
    d["phase"] = "over"
    state.emit("game-over", "scores " + ", ".join(f"{p} {s}" for p, s in scores.items())
               + f"; {listed('winner', d['winners'])}", refs.END_OF_GAME)
