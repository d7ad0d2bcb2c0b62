"""Behold: Rome's scoring and the scoring assistant: an itemised score of any position beside the
rival civ's, and who wins (behold-rome-rulebook.txt, "Scoring", "Rival Civ Card",
"Difficulty Settings > Rival Civ Difficulty Settings").

:func:`score` takes a civ (the engine's :class:`~explorer.behold_rome.civ.CivView`) and a rival
civ of its card set and returns a :class:`Score`:

* the player's rows -- every civ card that counts (its scoring rule, what each term counted, its
  prosperity and unrest icons), the controlled region wealth, the nation card (its rule and
  icons), the uncovered unrest (unrest minus prosperity, -2 VP each) and the total;
* the rival's rows -- its base VPs, each conditional rule with what it counted, the rival civ
  difficulty bonus and the total;
* the outcome: ``"win"`` only when the player's total is higher ("If you score more points than
  them, you win. If not, you lose": a tie loses); ``"no rival"`` in Score Chaser Mode.

``Score.frame()`` is the whole score as a pandas DataFrame, one row per source, each citing its
section; in Jupyter a Score shows both sides as tables side by side.  The picture is
:mod:`explorer.behold_rome.render_scoring`.

The readings taken where the rulebook leaves room are the engine's rulings
(:mod:`explorer.behold_rome.rulings`, :data:`RULINGS`; none has a switch):

* ``behold_rome.scored-cards``: every civ card scores wherever it is (hand, top of the deck, deck,
  stored, controlled), at its active level, and the nation card at its level;
* ``behold_rome.wealth-counts``: wealth counts only for controlled regions;
* ``behold_rome.keying-icons-counted``: a keying icon counts on every card of the civ, not only on
  controlled regions;
* ``behold_rome.score-cap``: a term's ``max`` caps its size, a gain or a loss;
* ``behold_rome.scoring-prosperity``: prosperity from scoring rules (Hadrian's Wall) adds to the
  prosperity icons; a rival's rules give VPs only (a prosperity term there is refused).

Pure Python (pandas for the frame); nothing here draws.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Optional

from explorer.behold_rome import refs
from explorer.behold_rome.cards import LEVELS, CardLevel, CardSet, Count, RivalCiv, Term, When, scoring_text
from explorer.behold_rome.civ import DIFFICULTIES, PLACES, VARIANTS, CardPlace, CivView
from explorer.behold_rome.rulings import (KEYING_ICONS_COUNTED, SCORE_CAP, SCORED_CARDS, SCORING_PROSPERITY,
                                          WEALTH_COUNTS)
from explorer.core.inputs import InputError, one_of, whole
from explorer.core.rules import RuleRef

RULINGS = (SCORED_CARDS, WEALTH_COUNTS, KEYING_ICONS_COUNTED, SCORE_CAP, SCORING_PROSPERITY)
"""The rulings this module follows (their defaults; none has a switch)."""
SCORED_PLACES = PLACES
"""The places whose cards score: all of them (ruling ``behold_rome.scored-cards``: "At the end of
round 12, score all your cards", behold-rome-rulebook.txt, "Round End")."""
LAST_ROUND = {"hard": 11, "impossible": 10}
"""The last round of a game difficulty other than 12 (behold-rome-rulebook.txt, "Difficulty
Settings > Game Difficulty Settings")."""
MAX_CONTROLLED = 4
"""At most 4 controlled regions (behold-rome-rulebook.txt, "Concept & Term Glossary > Slot")."""
MAX_STORED = 4
"""At most 4 stored cards (behold-rome-rulebook.txt, "Concept & Term Glossary > Slot")."""
UNREST_VP = -2
"""VPs per uncovered unrest (behold-rome-rulebook.txt, "Scoring")."""
RIVAL_DIFFICULTY_BONUS = {"casual": -40, "easy": -20, "normal": 0, "hard": 20, "impossible": 40}
"""VPs added to the bot's score (behold-rome-rulebook.txt, "Difficulty Settings > Rival Civ Difficulty Settings")."""
MAX_ROUND = 99

SIDES = ("player", "rival")
FRAME_COLUMNS = ("side", "source", "card", "place", "rule", "counted", "vp", "prosperity", "unrest", "section")


@dataclass(frozen=True)
class ScoreRow:
    """One source of VPs (or of prosperity and unrest): ``source`` names it (a card level's name,
    "controlled region wealth", the nation status, ...), ``rule`` is the rule in words,
    ``counted`` what the rule counted and how it came to ``vp``; ``ref`` its section."""

    side: str
    source: str
    rule: str
    counted: str
    vp: int
    ref: RuleRef
    card: str = ""
    place: str = ""
    prosperity: int = 0
    unrest: int = 0
    kind: str = "card"
    """``card``, ``wealth``, ``nation``, ``unrest``, ``base``, ``rule``, ``difficulty`` or ``total``."""

    def row(self) -> dict:
        return {"side": self.side, "source": self.source, "card": self.card, "place": self.place,
                "rule": self.rule, "counted": self.counted, "vp": self.vp, "prosperity": self.prosperity,
                "unrest": self.unrest, "section": self.ref.section}


@dataclass(frozen=True)
class Score:
    """A position's score, itemised, beside the rival's (:func:`score`)."""

    player: tuple[ScoreRow, ...]
    rival: tuple[ScoreRow, ...]
    rival_name: Optional[str]
    rival_difficulty: str
    round: int
    unrest: int
    prosperity: int
    illustrative: bool = False
    last_round: int = 12
    """The game's last round at its game difficulty (12; hard 11, impossible 10)."""

    @property
    def total(self) -> int:
        """The player's VPs (behold-rome-rulebook.txt, "Scoring")."""
        return self.player[-1].vp

    @property
    def rival_total(self) -> Optional[int]:
        """The rival civ's VPs, difficulty bonus included; None in Score Chaser Mode."""
        return self.rival[-1].vp if self.rival else None

    @property
    def uncovered_unrest(self) -> int:
        """Unrest left after prosperity cancels one each (never below 0)."""
        return max(0, self.unrest - self.prosperity)

    @property
    def outcome(self) -> str:
        """``win`` when the player scores more than the rival, ``lose`` otherwise (a tie loses:
        "If you score more points than them, you win. If not, you lose", "Scoring"); ``no rival``
        in Score Chaser Mode ("Variants")."""
        if self.rival_total is None:
            return "no rival"
        return "win" if self.total > self.rival_total else "lose"

    @property
    def won(self) -> Optional[bool]:
        return None if self.rival_total is None else self.outcome == "win"

    def rows(self) -> tuple[ScoreRow, ...]:
        return self.player + self.rival

    def frame(self):
        """Every row of both sides as a pandas DataFrame (columns :data:`FRAME_COLUMNS`)."""
        import pandas as pd

        return pd.DataFrame([r.row() for r in self.rows()], columns=list(FRAME_COLUMNS))

    def headline(self) -> str:
        you = f"you {self.total} VP"
        if self.rival_total is None:
            return f"Score Chaser Mode: {you} (no rival civ)"
        bonus = RIVAL_DIFFICULTY_BONUS[self.rival_difficulty]
        rival = f"{self.rival_name} {self.rival_total} VP ({self.rival_difficulty}, {bonus:+d})"
        verdict = {"win": "you win", "lose": "you lose"}[self.outcome]
        tie = " (a tie loses)" if self.total == self.rival_total else ""
        return f"{you} vs {rival}: {verdict}{tie}"

    def __repr__(self) -> str:
        return f"Score(round {self.round} of {self.last_round}: {self.headline()})"

    def _repr_html_(self) -> str:
        import html as html_module

        from explorer.core.display import html_table, side_by_side

        frame = self.frame()
        columns = ["source", "rule", "counted", "vp", "prosperity", "unrest", "section"]
        player = frame[frame["side"] == "player"][columns + ["card", "place"]].reset_index(drop=True)
        parts = [html_table(player, index=False, caption=f"You: {self.total} VP",
                            wrap=["rule", "counted"])._repr_html_()]
        if self.rival:
            rival = frame[frame["side"] == "rival"][["source", "rule", "counted", "vp", "section"]]
            parts.append(html_table(rival.reset_index(drop=True), index=False, wrap=["rule", "counted"],
                                    caption=f"{self.rival_name}: {self.rival_total} VP")._repr_html_())
        note = " The cards are INVENTED, illustrative." if self.illustrative else ""
        rulings = ", ".join(r.id for r in RULINGS)
        head = (f"<p><b>{html_module.escape(self.headline())}</b> (round {self.round} of {self.last_round}; "
                f"{html_module.escape(str(refs.SCORING))}; rulings {rulings}).{note}</p>")
        return head + side_by_side(*parts)


# -- the facts the rules count --------------------------------------------------------------------
@dataclass(frozen=True)
class _Facts:
    """What a scoring term can look at in a civ: the counted cards' active levels, the nation."""

    cards: tuple[tuple[str, str, CardLevel], ...]  # (card id, place, active level)
    status: str
    condition: str

    @property
    def types(self) -> Counter:
        return Counter(lv.type for _, _, lv in self.cards)

    @property
    def icons(self) -> Counter:
        return Counter(icon for _, _, lv in self.cards for icon in lv.keys)

    @property
    def controlled(self) -> int:
        return sum(place == "controlled" for _, place, _ in self.cards)

    @property
    def active(self) -> set[str]:
        return {lv.name for _, _, lv in self.cards}

    def count(self, what: Count) -> tuple[int, str]:
        """How many ``what`` (a card type, a keying icon, controlled regions) and it in words."""
        if what.cards is not None:
            n = self.types[what.cards]
            return n, f"{n} {what.cards} card{'s' * (n != 1)}"
        if what.icons is not None:
            n = self.icons[what.icons]
            return n, f"{n} {what.icons}"
        n = self.controlled
        return n, f"{n} controlled region{'s' * (n != 1)}"


def _holds(when: When, facts: _Facts) -> tuple[bool, str]:
    """Whether every part of a term's ``if`` holds, and what was found, in words."""
    parts: list[tuple[bool, str]] = []
    if when.status is not None:
        parts.append((facts.status in when.status, f"status {facts.status}"))
    if when.condition is not None:
        parts.append((facts.condition == when.condition, facts.condition))
    if when.active is not None:
        ok = when.active in facts.active
        parts.append((ok, f"{when.active} {'active' if ok else 'not active'}"))
    if when.count is not None:
        n, words = facts.count(when.count)
        ok = (when.at_least is None or n >= when.at_least) and (when.at_most is None or n <= when.at_most)
        parts.append((ok, words))
    ok = all(p for p, _ in parts)
    return ok, ", ".join(words for _, words in parts) + (": yes" if ok else ": no")


def _term(term: Term, facts: _Facts) -> tuple[int, int, str]:
    """A term's VPs, its prosperity and what it counted in words (README, "Scoring rules")."""
    gain = term.vp if term.vp is not None else term.prosperity
    unit = "VP" if term.vp is not None else "prosperity"
    said: list[str] = []
    if term.when is not None:
        ok, words = _holds(term.when, facts)
        said.append(words)
        if not ok:
            return 0, 0, "; ".join(said) + f" -> 0 {unit}"
    if term.per is not None:
        n, words = facts.count(term.per)
        step = term.per.step
        value = gain * (n // step)
        if step > 1:  # README, "Scoring rules": "every" counts in steps, one gain per full step
            reckoning = f"{words} in steps of {step}: {n // step} x {gain:+d} = {value:+d}"
        else:
            reckoning = f"{words} x {gain:+d} = {value:+d}"
    else:
        value = gain
        reckoning = f"{value:+d}"
    if term.max is not None and abs(value) > term.max:  # a cap on the size, gain or loss
        value = term.max if value > 0 else -term.max
        reckoning += f", at most {term.max}: {value:+d}"
    said.append(f"{reckoning} {unit}")
    text = "; ".join(said)
    return (value, 0, text) if unit == "VP" else (0, value, text)


def _rule(terms: tuple[Term, ...], facts: _Facts) -> tuple[int, int, str]:
    """A whole scoring rule: its terms added up, each term's reckoning in words (" | " between)."""
    vp = prosperity = 0
    texts = []
    for term in terms:
        v, p, words = _term(term, facts)
        vp, prosperity = vp + v, prosperity + p
        texts.append(words)
    return vp, prosperity, " | ".join(texts)


# -- checking the inputs --------------------------------------------------------------------------
def _civ_facts(civ: Any) -> tuple[CardSet, _Facts, list]:
    """The civ's card set, facts and card places, every part checked (InputError naming it)."""
    if not isinstance(civ, CivView):
        raise InputError("argument", "civ", "a CivView (explorer.behold_rome.civ; a game's civ())", civ)
    cardset = civ.cardset
    if not isinstance(cardset, CardSet):
        raise InputError("civ", "cardset", "a CardSet (load_cards())", cardset)
    cards = civ.cards
    if not isinstance(cards, tuple) or len(cards) > len(cardset.civ_cards):
        raise InputError("civ", "cards", f"a tuple of at most {len(cardset.civ_cards)} card places", cards)
    known = {card.id: card for card in cardset.civ_cards}
    seen: set[str] = set()
    counted = []
    places = Counter()
    for i, place in enumerate(cards):
        if not isinstance(place, CardPlace):
            raise InputError("civ", f"cards[{i}]", "a CardPlace (card id, level, place)", place)
        card_id, level, where = place.card_id, place.level, place.place
        if not isinstance(card_id, str) or card_id not in known:
            raise InputError("civ", f"cards[{i}].card_id", "the id of a civ card of the card set", card_id)
        if card_id in seen:
            raise InputError("civ", f"cards[{i}].card_id", "a civ card once in the civ", card_id)
        seen.add(card_id)
        whole(level, f"cards[{i}].level", source="civ", low=1, high=LEVELS)
        one_of(where, PLACES, f"cards[{i}].place", source="civ")
        active = known[card_id].level(level)
        if where == "controlled" and active.type != "region":
            raise InputError("civ", f"cards[{i}]", "a controlled card at a region level (a region developed "
                             "to another type is discarded: behold-rome-rulebook.txt, \"Concept & Term "
                             "Glossary > Develop\")", f"{card_id} at level {level} ({active.name}, {active.type})")
        places[where] += 1
        if where in SCORED_PLACES:
            counted.append((card_id, where, active))
    for where, high, what in (("controlled", MAX_CONTROLLED, "controlled regions"), ("stored", MAX_STORED, "stored cards")):
        if places[where] > high:
            raise InputError("civ", "cards", f"at most {high} {what} (4 slots for each: behold-rome-rulebook.txt, "
                             "\"Concept & Term Glossary > Slot\")", f"{places[where]} {what}")
    if places["top"] > 1:
        raise InputError("civ", "cards", "at most 1 card on top of the deck", places["top"])
    nation_level = whole(civ.nation_level, "nation_level", source="civ", low=1, high=LEVELS)
    whole(civ.round, "round", source="civ", low=1, high=MAX_ROUND)
    one_of(civ.difficulty, DIFFICULTIES, "difficulty", source="civ")
    if not isinstance(civ.variants, frozenset) or not all(isinstance(v, str) and v in VARIANTS for v in civ.variants):
        raise InputError("civ", "variants", "a frozenset of " + ", ".join(VARIANTS), civ.variants)
    nation = cardset.nation.level(nation_level)
    return cardset, _Facts(tuple(counted), nation.status, nation.condition), counted


def _rival(rival: Any, cardset: CardSet) -> Optional[RivalCiv]:
    if rival is None:
        return None
    if isinstance(rival, str):
        for known in cardset.rivals:
            if known.name == rival:
                return known
    elif isinstance(rival, RivalCiv) and rival in cardset.rivals:
        return rival
    names = ", ".join(r.name for r in cardset.rivals)
    raise InputError("argument", "rival", f"a rival civ of the card set ({names}; its name or RivalCiv), "
                     "or None for Score Chaser Mode", rival)


# -- scoring ----------------------------------------------------------------------------------------
def score(civ: Any, rival: Any = None, *, rival_difficulty: str = "normal") -> Score:
    """The itemised score of ``civ`` beside ``rival``'s (behold-rome-rulebook.txt, "Scoring").

    ``civ``: a :class:`~explorer.behold_rome.civ.CivView` (any position: at the end of the last
    round this is the game's result); ``rival``: a rival civ of its card set, by name or as the
    :class:`RivalCiv`, or None for Score Chaser Mode ("Variants"; with the ``score-chaser``
    variant in play it must be None); ``rival_difficulty``: the rival
    civ difficulty setting, one of :data:`RIVAL_DIFFICULTY_BONUS` (a setting of its own, beside
    the game difficulty: "Difficulty Settings").  InputError for anything else.
    """
    cardset, facts, counted = _civ_facts(civ)
    chosen = _rival(rival, cardset)
    if chosen is not None and "score-chaser" in civ.variants:
        raise InputError("argument", "rival", "None: Score Chaser Mode plays against no bot civ "
                         "(behold-rome-rulebook.txt, \"Variants\")", rival)
    one_of(rival_difficulty, tuple(RIVAL_DIFFICULTY_BONUS), "rival_difficulty")
    nation = cardset.nation.level(civ.nation_level)
    player: list[ScoreRow] = []
    rule_prosperity = 0
    for card_id, place, level in counted:
        vp, prosperity, words = _rule(level.scoring, facts) if level.scoring else (0, 0, "")
        rule_prosperity += prosperity
        player.append(ScoreRow("player", level.name, scoring_text(level.scoring), words, vp, refs.SCORING,
                               card=card_id, place=place, prosperity=level.prosperity + prosperity,
                               unrest=level.unrest))
    regions = [(lv.name, lv.wealth) for _, place, lv in counted if place == "controlled"]
    wealth = sum(w for _, w in regions)
    player.append(ScoreRow("player", "controlled region wealth", "the wealth of every controlled region",
                           " + ".join(f"{name} {w}" for name, w in regions) or "no controlled region",
                           wealth, refs.WEALTH, kind="wealth"))
    vp, prosperity, words = _rule(nation.scoring, facts) if nation.scoring else (0, 0, "")
    rule_prosperity += prosperity
    player.append(ScoreRow("player", f"nation card: {nation.status}", scoring_text(nation.scoring), words, vp,
                           refs.SCORING, card="nation", prosperity=nation.prosperity + prosperity,
                           unrest=nation.unrest, kind="nation"))
    unrest = sum(r.unrest for r in player)
    prosperity_total = sum(r.prosperity for r in player)
    uncovered = max(0, unrest - prosperity_total)
    player.append(ScoreRow("player", "uncovered unrest", f"{UNREST_VP} VP per uncovered unrest (unrest minus "
                           "prosperity)", f"unrest {unrest} - prosperity {prosperity_total} = {uncovered} uncovered "
                           f"x {UNREST_VP} = {UNREST_VP * uncovered:+d}", UNREST_VP * uncovered, refs.UNREST,
                           kind="unrest"))
    player.append(ScoreRow("player", "total", "", "", sum(r.vp for r in player), refs.SCORING, kind="total"))
    rows: list[ScoreRow] = []
    if chosen is not None:
        rows.append(ScoreRow("rival", f"{chosen.name}: base VPs", "base VPs", "", chosen.base_vp,
                             refs.RIVAL_CIV_CARD, kind="base"))
        for k, term in enumerate(chosen.rules):
            if term.vp is None:
                raise InputError("argument", f"rival ({chosen.name}).rules[{k}]", "a rule giving VPs (prosperity "
                                 "cancels the player's unrest; a rival civ has none)", str(term))
            vp, _, words = _term(term, facts)
            rows.append(ScoreRow("rival", f"{chosen.name}: rule {k + 1}", str(term), words, vp, refs.SCORING,
                                 kind="rule"))
        bonus = RIVAL_DIFFICULTY_BONUS[rival_difficulty]
        rows.append(ScoreRow("rival", f"difficulty: {rival_difficulty}", "rival civ difficulty setting",
                             f"{bonus:+d} to bot score", bonus, refs.RIVAL_CIV_DIFFICULTY_SETTINGS, kind="difficulty"))
        rows.append(ScoreRow("rival", "total", "", "", sum(r.vp for r in rows), refs.SCORING, kind="total"))
    return Score(tuple(player), tuple(rows), chosen.name if chosen else None, rival_difficulty, civ.round,
                 unrest, prosperity_total, illustrative=cardset.illustrative,
                 last_round=LAST_ROUND.get(civ.difficulty, 12))


__all__ = ["FRAME_COLUMNS", "LAST_ROUND", "MAX_CONTROLLED", "MAX_STORED", "RIVAL_DIFFICULTY_BONUS", "RULINGS",
           "SCORED_PLACES",
           "Score", "ScoreRow", "UNREST_VP", "score"]
