"""Machine-readable effects of Behind's action cards: a small, fixed vocabulary of effect codes.

Every action card "can be used as described in its card text" (behind-2003-rulebook.txt, section
"Special Card Effect (Spezieller Karteneffekt)").  The card text is free English; the engine needs
something it can execute, so every card also carries an *effect code* (column ``effect_code`` of
``data/behind/action_cards.csv``, field :attr:`~explorer.behind.cards.ActionCard.effect_code`):

====================================  ===============================================================
code                                  effect
====================================  ===============================================================
``heal``                              heal one injury of one of your characters
``draw N``                            draw N cards
``melee +N``                          Waffe / Gegenstand: its bearer's Strength +N in melee
``ranged``                            Waffe: its bearer may shoot with it; magic: one ranged attack
``defence +N``                        Moment: the defending character's melee value +N
``dodge +N``                          Moment: the defending character's dodge value +N
``schrecken X``                       one of your characters uses Schrecken X+ as the ability
``fly``                               one of your characters moves by flying (a movement with the card)
``transform``                         one of your characters with Wandler transforms without a check
``break-away``                        one of your characters breaks away from melee without a check
``discard-opponents``                 each opponent discards one hand card at random
``look N``                            look at the top N cards of your supply, put them back on top
``check-bonus ABILITY N``             Ort / Person / Gegenstand: ABILITY checks are made at N less
``heal-each-turn``                    Ort / Person: each organisation phase one injury is healed
``draw-each-turn``                    Ort / Person: each organisation phase draw one card
====================================  ===============================================================

An optional prefix ``check X: `` (``check 5: heal-each-turn``) makes the effect take place only if
an effect check X+ succeeds (section "Ability Check (Fähigkeitsprobe)": "the playing of some action
cards (effects) require an ability check or effect check with X+").  The static modifiers
``melee``, ``ranged`` and ``check-bonus`` take no prefix.

>>> effect = parse_effect_code("check 5: heal-each-turn")
>>> effect.kind, effect.check, str(effect)
('heal-each-turn', 5, 'check 5: heal-each-turn')
>>> parse_effect_code("check-bonus Regeneration 1")
CardEffect(kind='check-bonus', amount=1, ability='Regeneration', check=None)

The categories a kind is allowed on are in :data:`EFFECT_KINDS`; :func:`check_effect_allowed`
checks a card against them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from explorer.behind import refs
from explorer.behind.cards import CATEGORIES, CHECK_ABILITIES, PERMANENT_CATEGORIES
from explorer.core.inputs import short
from explorer.core.rules import RuleRef, RuleViolation

MAX_CODE_LENGTH = 200
"""The longest effect code read (characters): the longest valid one has about 40."""

MAX_AMOUNT = 12
"""The largest N of ``draw N``, ``look N``, ``melee +N``, ... and X of ``schrecken X`` and ``check X: ``:
fate numbers are single digits (ruling ``behind.fate-number-range``), so an X above 9 can never
succeed and no printed card draws or looks at more than a hand; 12 leaves room for variants."""

MAGIC_CATEGORIES = ("Zauber", "Wunder", "Macht der Erde", "Kraft der Toten", "Blutmacht")
"""Special Card Effect: the categories of "Magie" (spell, miracle, power of the earth, power of the
dead, blood power)."""

NON_PERMANENT_CATEGORIES = tuple(c for c in CATEGORIES if c not in PERMANENT_CATEGORIES)
"""Categories of cards that take effect once and are then discarded: Ereignis, the magic kinds, Moment."""

_PLACE_OR_PERSON = ("Ort", "Person")


@dataclass(frozen=True)
class EffectKind:
    """One kind of the effect vocabulary.

    ``syntax`` is the code as written (``"draw N"``); ``argument`` the form of its argument
    (``None``, ``"N"``, ``"+N"``, ``"X"`` or ``"ABILITY N"``); ``categories`` the action
    categories it is allowed on (a card of a category that is not permanent must also not be
    flagged permanent); ``checkable`` whether the prefix ``check X: `` may be put in front;
    ``rule`` the rulebook section the effect follows.
    """

    name: str
    syntax: str
    argument: str | None
    categories: tuple[str, ...]
    description: str
    rule: RuleRef
    checkable: bool = True

    @property
    def permanent(self) -> bool | None:
        """True if only permanent cards take this kind, False if only non-permanent ones, else None."""
        kinds = {category in PERMANENT_CATEGORIES for category in self.categories}
        return kinds.pop() if len(kinds) == 1 else None


def _kind(name, syntax, argument, categories, description, rule, checkable=True) -> tuple[str, EffectKind]:
    return name, EffectKind(name, syntax, argument, tuple(categories), description, rule, checkable)


EFFECT_KINDS: dict[str, EffectKind] = dict([
    _kind("heal", "heal", None, NON_PERMANENT_CATEGORIES,
          "Heal one injury of one of your characters (not a healthy or eliminated one).", refs.INJURIES),
    _kind("draw", "draw N", "N", NON_PERMANENT_CATEGORIES,
          "Draw N cards from your supply.", refs.SUPPLY_PHASE),
    _kind("melee", "melee +N", "+N", ("Waffe", "Gegenstand"),
          "Its bearer's Strength +N in melee; a Waffe counts as the one weapon its bearer uses in that combat.",
          refs.WEAPONS, checkable=False),
    _kind("ranged", "ranged", None, ("Waffe", *MAGIC_CATEGORIES),
          "Waffe: its bearer may make ranged attacks with it; magic: played from hand for one ranged attack "
          "by one of your characters (exactly the cards whose ranged column is true).",
          refs.RANGED, checkable=False),
    _kind("defence", "defence +N", "+N", ("Moment",),
          "Moment: the defending character's melee value +N.", refs.MOMENTS),
    _kind("dodge", "dodge +N", "+N", ("Moment",),
          "Moment: the defending character's dodge value +N.", refs.MOMENTS),
    _kind("schrecken", "schrecken X", "X", NON_PERMANENT_CATEGORIES,
          "One of your characters uses Schrecken X+ as the ability (one enemy character in sight cannot act "
          "in his next turn).", refs.SCHRECKEN),
    _kind("fly", "fly", None, NON_PERMANENT_CATEGORIES,
          "One of your characters moves by flying, as a movement with this card.", refs.FLYING),
    _kind("transform", "transform", None, NON_PERMANENT_CATEGORIES,
          "One of your characters with Wandler transforms without an ability check.", refs.TRANSFORMATIONS),
    _kind("break-away", "break-away", None, NON_PERMANENT_CATEGORIES,
          "One of your characters breaks away from a melee without an ability check, moving as with this card.",
          refs.MOVEMENT),
    _kind("discard-opponents", "discard-opponents", None, NON_PERMANENT_CATEGORIES,
          "Each opponent discards one hand card at random.", refs.HAND_SUPPLY_DISCARD),
    _kind("look", "look N", "N", NON_PERMANENT_CATEGORIES,
          "Look at the top N cards of your supply and put them back on top in any order.", refs.HAND_SUPPLY_DISCARD),
    _kind("check-bonus", "check-bonus ABILITY N", "ABILITY N", ("Ort", "Person", "Gegenstand"),
          "Ability checks of ABILITY by your characters (Gegenstand: by its bearer) are made at N less.",
          refs.ABILITY_CHECK, checkable=False),
    _kind("heal-each-turn", "heal-each-turn", None, _PLACE_OR_PERSON,
          "In each of your organisation phases one injured character of yours heals one injury.",
          refs.ORGANISATION_PHASE),
    _kind("draw-each-turn", "draw-each-turn", None, _PLACE_OR_PERSON,
          "In each of your organisation phases draw one card.", refs.ORGANISATION_PHASE),
])
"""The effect vocabulary, by kind name, in the order of the documentation."""

CHECK_PREFIX = "check X: "
"""The optional prefix of an effect check X+ (Ability Check (Fähigkeitsprobe))."""

SYNTAXES = ", ".join(f"'{kind.syntax}'" for kind in EFFECT_KINDS.values())


@dataclass(frozen=True)
class CardEffect:
    """A parsed effect code.

    ``amount`` is the N of ``draw``/``look``/``melee``/``defence``/``dodge``/``check-bonus`` and the
    X of ``schrecken X`` (0 for kinds without a number); ``ability`` the ABILITY of
    ``check-bonus``; ``check`` the X of a ``check X: `` prefix (``None``: no effect check).
    ``str(effect)`` is the code: ``parse_effect_code(str(effect)) == effect``.
    """

    kind: str
    amount: int = 0
    ability: str | None = None
    check: int | None = None

    def __post_init__(self):
        spec = EFFECT_KINDS.get(self.kind)
        if spec is None:
            raise ValueError(f"unknown effect kind {self.kind!r}; codes are {SYNTAXES}")
        number = spec.argument.split()[-1] if spec.argument else None
        if number is None:
            if self.amount != 0:
                raise ValueError(f"'{spec.syntax}' takes no number, got amount {self.amount!r}")
        elif not _whole(self.amount, minimum=1):
            raise ValueError(f"'{spec.syntax}' needs {number.lstrip('+')} as a whole number >= 1, got {self.amount!r}")
        elif self.amount > MAX_AMOUNT:
            raise ValueError(f"'{spec.syntax}' needs {number.lstrip('+')} from 1 to {MAX_AMOUNT}, got {self.amount!r}")
        if spec.argument == "ABILITY N":
            if self.ability not in CHECK_ABILITIES:
                raise ValueError(f"'{spec.syntax}' needs an ability with an X+ check ({', '.join(sorted(CHECK_ABILITIES))}), "
                                 f"got {self.ability!r}")
        elif self.ability is not None:
            raise ValueError(f"'{spec.syntax}' takes no ability, got {self.ability!r}")
        if self.check is not None:
            if not spec.checkable:
                raise ValueError(f"'{spec.syntax}' is a lasting modifier and takes no effect check "
                                 f"('{CHECK_PREFIX}')")
            if not _whole(self.check, minimum=1):
                raise ValueError(f"the effect check X of '{CHECK_PREFIX}' must be a whole number >= 1, got {self.check!r}")
            if self.check > MAX_AMOUNT:
                raise ValueError(f"the effect check X of '{CHECK_PREFIX}' must be from 1 to {MAX_AMOUNT}, "
                                 f"got {self.check!r}")

    @property
    def spec(self) -> EffectKind:
        """The kind's entry in :data:`EFFECT_KINDS` (categories, description, rule)."""
        return EFFECT_KINDS[self.kind]

    @property
    def rule(self) -> RuleRef:
        return self.spec.rule

    def __str__(self) -> str:
        syntax = self.spec.syntax
        code = {None: syntax, "N": f"{self.kind} {self.amount}", "X": f"{self.kind} {self.amount}",
                "+N": f"{self.kind} +{self.amount}",
                "ABILITY N": f"{self.kind} {self.ability} {self.amount}"}[self.spec.argument]
        return code if self.check is None else f"check {self.check}: {code}"

    def describe(self, category: str | None = None) -> str:
        """The effect in plain English, as the card text says it (``category`` words it for a
        weapon, an item or a Moment): ``parse_effect_code("draw 2").describe() == "Draw two cards."``."""
        n = self.amount
        kind = self.kind
        if kind == "heal":
            text = "Heal one injury of one of your characters."
        elif kind == "draw":
            text = "Draw one card." if n == 1 else f"Draw {_number(n)} cards."
        elif kind == "melee":
            text = f"Its bearer's Strength +{n} in melee"
            text += ("; it counts as the one weapon its bearer uses in that combat." if category == "Waffe" else ".")
        elif kind == "ranged":
            text = ("Its bearer may make ranged attacks with it" if category in (None, "Waffe", "Gegenstand") else
                    "One of your characters makes one ranged attack with this card")
            text += " (range: twice this card's total movement)."
        elif kind == "defence":
            text = f"The defending character's melee value +{n}."
        elif kind == "dodge":
            text = f"The defending character's dodge value +{n}."
        elif kind == "schrecken":
            text = (f"One of your characters uses Schrecken {n}+ as the ability (on a success one enemy character "
                    "in sight cannot act in his next turn).")
        elif kind == "fly":
            text = "One of your characters moves by flying, as a movement with this card."
        elif kind == "transform":
            text = "One of your characters with Wandler transforms without an ability check."
        elif kind == "break-away":
            text = ("One of your characters breaks away from a melee without an ability check, "
                    "moving as with this card.")
        elif kind == "discard-opponents":
            text = "Each opponent discards one hand card at random."
        elif kind == "look":
            cards = "card" if n == 1 else f"{_number(n)} cards"
            them = "it" if n == 1 else "them"
            order = "" if n == 1 else " in any order"
            text = f"Look at the top {cards} of your supply and put {them} back on top{order}."
        elif kind == "check-bonus":
            whose = "Its bearer's" if category == "Gegenstand" else "Your characters'"
            text = f"{whose} {self.ability} checks are made at {n} less."
        elif kind == "heal-each-turn":
            text = "In each of your organisation phases one injured character of yours heals one injury."
        else:  # draw-each-turn
            text = "In each of your organisation phases draw one card."
        if self.check is not None:
            if kind.endswith("-each-turn"):
                text = text.replace("phases ", f"phases, if an effect check {self.check}+ succeeds, ", 1)
            else:
                text = f"Effect check {self.check}+: {_lower_first(text)}"
        if category == "Moment":
            text = f"Moment: {_lower_first(text)}"
        return text


def _whole(value, *, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _lower_first(text: str) -> str:
    # keep ability names and "Its"/"Your" readable: only the first letter changes
    return text[:1].lower() + text[1:]


# -- parsing ---------------------------------------------------------------------------------------
_CHECK_START = re.compile(r"check(?:[\s\d:]|$)")
_WHOLE_RE = re.compile(r"^\d{1,9}$", re.ASCII)
_PLUS_RE = re.compile(r"^\+\d{1,9}$", re.ASCII)


def parse_effect_code(text: str) -> CardEffect:
    """The :class:`CardEffect` of an effect code (``"draw 2"``, ``"check 4: heal"``, ...).

    Raises ``ValueError`` saying what is wrong and how the code is written, e.g.
    ``bad effect code 'draw': 'draw N' needs a number N, e.g. 'draw 2'``.  A code longer than
    :data:`MAX_CODE_LENGTH` characters is refused before it is parsed; parsing takes time linear
    in the length (no backtracking pattern), and a message quotes at most 80 characters of it.
    """
    if not isinstance(text, str):
        raise TypeError(f"an effect code is a text like 'draw 2', got {short(text)}")
    if len(text) > MAX_CODE_LENGTH:
        raise ValueError(f"bad effect code {short(text)}: {len(text):,} characters; an effect code has at most "
                         f"{MAX_CODE_LENGTH} (codes are {SYNTAXES})")
    return _parse(text)


@lru_cache(maxsize=1024)
def _parse(text: str) -> CardEffect:
    try:
        return _parse_code(text.strip())
    except ValueError as error:
        raise ValueError(f"bad effect code {short(text)}: {error}") from None


def _parse_code(text: str) -> CardEffect:
    if not text:
        raise ValueError(f"the code is empty; codes are {SYNTAXES}, optionally after '{CHECK_PREFIX}'")
    check = None
    if _CHECK_START.match(text):
        # "check X: rest", split by hand: a pattern with two \s* around X backtracks quadratically
        head, colon, rest = text[len("check"):].partition(":")
        x = head.strip()
        if not colon or any(c.isspace() for c in x):
            raise ValueError(f"an effect check is written '{CHECK_PREFIX}<effect>', e.g. 'check 4: heal'")
        if not _WHOLE_RE.match(x):
            raise ValueError(f"the X of '{CHECK_PREFIX}' must be a whole number >= 1, got {short(x)}")
        check, text = int(x), rest.strip()
        if not text:
            raise ValueError(f"'{CHECK_PREFIX}' must be followed by an effect, e.g. 'check 4: heal'")
        if _CHECK_START.match(text):
            raise ValueError("only one effect check may be put in front of an effect")
    name, *args = text.split()
    spec = EFFECT_KINDS.get(name)
    if spec is None:
        hint = " (codes are lower case)" if name.lower() in EFFECT_KINDS else ""
        raise ValueError(f"unknown effect kind {short(name)}{hint}; codes are {SYNTAXES}, optionally after "
                         f"'{CHECK_PREFIX}'")
    example = {"N": f"{name} 2", "+N": f"{name} +1", "X": f"{name} 5",
               "ABILITY N": f"{name} Regeneration 1"}.get(spec.argument, name)
    wrong = f"'{spec.syntax}' is written like '{example}', got {short(text)}"
    amount, ability = 0, None
    if spec.argument is None:
        if args:
            raise ValueError(f"'{spec.syntax}' takes no argument, got {short(text)}")
    elif spec.argument in ("N", "X"):
        if len(args) != 1 or not _WHOLE_RE.match(args[0]):
            raise ValueError(f"'{spec.syntax}' needs a whole number {spec.argument}; {wrong}")
        amount = int(args[0])
    elif spec.argument == "+N":
        if len(args) != 1 or not _PLUS_RE.match(args[0]):
            raise ValueError(f"'{spec.syntax}' needs a bonus with a plus sign; {wrong}")
        amount = int(args[0])
    else:  # ABILITY N
        if len(args) != 2 or not _WHOLE_RE.match(args[1]):
            raise ValueError(f"'{spec.syntax}' needs an ability and a whole number; {wrong}")
        ability, amount = args[0], int(args[1])
        if ability not in CHECK_ABILITIES:
            known = next((a for a in CHECK_ABILITIES if a.lower() == ability.lower()), None)
            hint = f" (did you mean {known!r}?)" if known else ""
            raise ValueError(f"{short(ability)} is not an ability with an X+ check{hint}; those are "
                             f"{', '.join(sorted(CHECK_ABILITIES))}")
    return CardEffect(name, amount, ability, check)


# -- cards -----------------------------------------------------------------------------------------
class _Card(Protocol):
    id: str
    title: str
    category: str
    permanent: bool
    ranged: bool
    effect_code: str


def card_name(card: _Card) -> str:
    return f"card {card.id} {card.title!r} ({card.category})"


def check_effect_allowed(card: _Card, effect: CardEffect | str | None = None) -> CardEffect:
    """The card's effect (its ``effect_code``, or ``effect``) if its kind is allowed on the card.

    Raises :class:`~explorer.core.rules.RuleViolation` (a ``ValueError``) naming the card when
    the code is missing or bad, when the kind is not allowed on the card's category, when a
    one-time effect sits on a card flagged permanent, or when the ``ranged`` flag and the code
    disagree (exactly the cards with ``ranged`` true have the code ``ranged``).
    """
    name = card_name(card)
    if effect is None:
        effect = card.effect_code
    if isinstance(effect, str):
        if not effect.strip():
            raise RuleViolation(f"{name} has no effect code; every card needs one of {SYNTAXES}",
                                refs.SPECIAL_CARD_EFFECT)
        try:
            effect = parse_effect_code(effect)
        except ValueError as error:
            raise RuleViolation(f"{name}: {error}", refs.SPECIAL_CARD_EFFECT) from None
    spec = effect.spec
    if card.category not in spec.categories:
        raise RuleViolation(f"{name}: effect '{effect}' is not allowed on a card of category {card.category}; "
                            f"'{spec.syntax}' is allowed on {', '.join(spec.categories)}", refs.SPECIAL_CARD_EFFECT)
    if card.permanent and card.category not in PERMANENT_CATEGORIES:
        raise RuleViolation(f"{name}: effect '{effect}' is a one-time effect, but the card is flagged permanent; "
                            "an effect of a card that stays in play needs a permanent category "
                            f"({', '.join(sorted(PERMANENT_CATEGORIES))})", refs.SPECIAL_CARD_EFFECT)
    if card.ranged and effect.kind != "ranged":
        raise RuleViolation(f"{name}: the card enables a ranged attack (ranged is true), so its effect code "
                            f"must be 'ranged', not '{effect}'", refs.RANGED)
    if effect.kind == "ranged" and not card.ranged:
        raise RuleViolation(f"{name}: effect 'ranged' needs the card's ranged flag to be true", refs.RANGED)
    return effect


def effect_text(card) -> str:
    """The card text the shipped (illustrative) data uses: the Zusatz, then the effect in words."""
    zusatz = f"Zusatz: Kampfwert+{card.zusatz_bonus}. " if card.zusatz_bonus else ""
    return zusatz + parse_effect_code(card.effect_code).describe(card.category)
