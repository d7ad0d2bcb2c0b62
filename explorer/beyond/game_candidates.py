"""Representative actions to try in a Beyond state (``legal_actions`` keeps the legal ones).

Phase 1 and 2 choices are listed in full; in Phase 3 one pattern per spirit, one payment per
capturable card, every protection and every summon choice are listed."""

from __future__ import annotations

from itertools import combinations

from explorer.beyond.actions import Capture, Collect, Compose, EndTurn, Place, Protect, Reveal, Stop, Summon
from explorer.beyond.cards import YANG, YIN, pattern_problem


def candidates(state) -> list:
    d = state._data
    if state.is_terminal():
        return []
    me = state.active_player
    a = d["areas"][me]
    phase = d["phase"]
    if phase == "reveal":
        return [Reveal(), Stop()]
    if phase == "collect":
        others = d["revealed"][:-1]
        return [Collect(tuple(c)) for n in range(min(a["lotus"], len(others)) + 1) for c in combinations(others, n)]
    if phase == "place":
        return [Place(c, side) for c in d["to_place"] for side in ("spirit", "capture")]
    out: list = [EndTurn()]
    out += _composes(state, a)
    out += _captures(state, me, a)
    out += [Protect(c) for c in a["spirit"]]
    for i, pt in enumerate(a["patterns"]):
        out += [Summon(i, choice) for choice in _summon_choices(state, a, i, pt["spirit"])]
    return out


def _composes(state, a) -> list:
    out = []
    for code, spirit in state.components.spirits.items():
        mine = [state.cards[c] for c in a["spirit"] if state.cards[c].spirit == code]
        if len(mine) < 4:
            continue
        by_part: dict = {}
        for card in mine:
            by_part.setdefault(card.part, []).append(card.id)
        if spirit.pattern == "heads-bodies":
            pick = by_part.get("head", [])[:2] + by_part.get("body", [])[:2]
        elif spirit.pattern == "different":
            pick = [ids[0] for ids in by_part.values()]
        else:
            pick = [c.id for c in mine[:4]]
        if len(pick) == 4 and pattern_problem(spirit, [state.cards[c] for c in pick]) is None:
            out.append(Compose(tuple(pick)))
    return out


def _captures(state, me, a) -> list:
    from explorer.beyond.game_rules import capture_needs
    yins = [c for c in a["captures"] if state.cards[c].symbol == YIN]
    yangs = [c for c in a["captures"] if state.cards[c].symbol == YANG]
    out = []
    for victim in state.players:
        if victim == me:
            continue
        va = state._data["areas"][victim]
        for card in va["spirit"] + va["nian"]:
            need = capture_needs(state, victim, card)
            if need == "yin+yang" and yins and yangs:
                out.append(Capture(victim, card, (yins[0], yangs[0])))
            elif need == YIN and yins:
                out.append(Capture(victim, card, (yins[0],)))
            elif need == YANG and yangs:
                out.append(Capture(victim, card, (yangs[0],)))
    return out


def _summon_choices(state, a, index, spirit) -> list:
    d = state._data
    if spirit in ("TS", "AD"):
        return list(d["draw"][:4 if spirit == "TS" else 2]) or [None]
    if spirit == "VB":
        return list(dict.fromkeys(d["discard"])) or [None] if len(a["captures"]) < 4 else [None]
    if spirit == "YU":
        return [i for i, pt in enumerate(a["patterns"]) if pt["lotus"] and i != index] or [None]
    return [None]
