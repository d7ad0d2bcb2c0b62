"""Behind's cards: characters (with injuries and abilities) and action cards.

Names follow the rulebook ("The Cards"): Strength (Stärke), Dexterity (Geschick), Resistance
(Widerstand), character points (CP); fate number (Schicksalszahl), movement range
(Bewegungsweite), movement number (Bewegungszahl).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from explorer.behind import refs
from explorer.core.rules import RuleViolation

if TYPE_CHECKING:  # card_effects imports this module; it is imported lazily below
    from explorer.behind.card_effects import CardEffect

SOCIETIES = ("Schwesternbund", "Vampire", "Werwölfe", "Tempelritter", "Geister")
"""The five societies (The Cards / Contents): Sisterhood, Vampires, Werewolves, Templars, Ghosts."""

ABILITY_NAMES = (
    "Befehl", "Bündnis", "Glaube", "Hellsicht", "Körperlos", "Mut",
    "Regeneration", "Schrecken", "Unterstützung", "Wandler", "Wirbel",
)
"""Abilities (Fähigkeiten); those with an X+ check are marked so in the rulebook's headings."""

CHECK_ABILITIES = frozenset({"Befehl", "Hellsicht", "Regeneration", "Schrecken", "Unterstützung", "Wandler", "Wirbel"})

CATEGORIES = (
    "Ort", "Gegenstand", "Waffe", "Ereignis", "Zauber", "Wunder", "Macht der Erde",
    "Kraft der Toten", "Blutmacht", "Person", "Moment",
)
"""Action categories (Special Card Effect): places, items, weapons, events, magic kinds, persons, Moments."""

PERMANENT_CATEGORIES = frozenset({"Ort", "Gegenstand", "Waffe", "Person"})
"""Glossary, Dauerhaft: "Characters, places, persons and items are permanent." (a weapon is an item)."""

INJURY_NAMES = {0: "healthy", 1: "lightly injured", 2: "severely injured"}
ELIMINATED_AT = 3

_ABILITY_NUMBER_RE = re.compile(r"(?:(?P<check>\d{1,9})\+|(?P<value>[+-]?\d{1,9}))", re.ASCII)
"""The number after an ability's name: ``4+`` (a check) or ``+2`` / ``1`` (a value)."""
_NUMBER_START = frozenset("0123456789+-")

MAX_ABILITY_LENGTH = 64
"""The longest ability read (characters): ``Unterstützung 4+`` has 16."""
MAX_ABILITIES_LENGTH = 1000
"""The longest ability list read (characters)."""
MAX_ABILITY_NUMBER = 12
"""The largest X of an ``X+`` check and the largest value of a valued ability (in either sign)."""


@dataclass(frozen=True)
class Ability:
    """An ability as printed on a character card: ``Regeneration 4+``, ``Glaube +2``, ``Körperlos``.

    ``check`` is the X of an "X+" ability check; ``value`` the number of a valued ability
    (Bündnis, Glaube, Mut).
    """

    name: str
    value: int | None = None
    check: int | None = None

    @classmethod
    def parse(cls, text: str) -> "Ability":
        """``Ability.parse("Regeneration 4+")``; ValueError for an unknown name, a number that does
        not fit the ability, or a text longer than :data:`MAX_ABILITY_LENGTH` (linear time: the
        name ends where the first digit or sign begins, no backtracking pattern)."""
        if not isinstance(text, str):
            raise ValueError(f"an ability is a text like 'Regeneration 4+', got {_short(text)}")
        if len(text) > MAX_ABILITY_LENGTH:
            raise ValueError(f"ability {_short(text)} is {len(text):,} characters long; an ability has at most "
                             f"{MAX_ABILITY_LENGTH}")
        stripped = text.strip()
        cut = next((i for i, c in enumerate(stripped) if c in _NUMBER_START), len(stripped))
        name, number = stripped[:cut].strip(), stripped[cut:]
        match = _ABILITY_NUMBER_RE.fullmatch(number) if number else None
        if name not in ABILITY_NAMES or (number and not match):
            raise ValueError(f"unknown ability {_short(text)}; abilities are {', '.join(ABILITY_NAMES)} "
                             "(with 'X+' for a check or a number for a value)")
        check = int(match["check"]) if match and match["check"] else None
        value = int(match["value"]) if match and match["value"] else None
        if check is not None and not 1 <= check <= MAX_ABILITY_NUMBER:
            raise ValueError(f"ability {name} needs a check X+ from 1+ to {MAX_ABILITY_NUMBER}+, got {_short(text)}")
        if value is not None and abs(value) > MAX_ABILITY_NUMBER:
            raise ValueError(f"ability {name} needs a value from -{MAX_ABILITY_NUMBER} to {MAX_ABILITY_NUMBER}, "
                             f"got {_short(text)}")
        if name in CHECK_ABILITIES and check is None:
            raise ValueError(f"ability {name} needs a check value like '{name} 4+', got {text!r}")
        if name not in CHECK_ABILITIES and check is not None:
            raise ValueError(f"ability {name} takes no X+ check, got {text!r}")
        return cls(name, value, check)

    def __str__(self) -> str:
        if self.check is not None:
            return f"{self.name} {self.check}+"
        if self.value is not None:
            return f"{self.name} {self.value:+d}" if self.name == "Glaube" else f"{self.name} {self.value}"
        return self.name


def parse_abilities(text: str | tuple | list | None) -> tuple[Ability, ...]:
    """Abilities from ``"Regeneration 4+; Glaube +2"`` (or an iterable of strings/abilities)."""
    if text is None or text == "":
        return ()
    if isinstance(text, str) and len(text) > MAX_ABILITIES_LENGTH:
        raise ValueError(f"the ability list is {len(text):,} characters long; at most {MAX_ABILITIES_LENGTH}")
    items = text.split(";") if isinstance(text, str) else text
    return tuple(item if isinstance(item, Ability) else Ability.parse(item) for item in items if str(item).strip())


@dataclass(frozen=True)
class Character:
    """A character card and its current injuries (0 healthy, 1 lightly, 2 severely, 3+ eliminated).

    ``Character(name="Ludwig von Auenstedt", strength=4, dexterity=2, resistance=3)`` -- the other
    fields are optional.  Injuries lower Strength and Dexterity by 1 each, never below 0
    (Injuries (Verletzungen)).  Characters are immutable: ``injure``/``heal`` return new ones.
    """

    name: str
    strength: int
    dexterity: int = 0
    resistance: int = 1
    character_points: int = 0
    society: str | None = None
    abilities: tuple[Ability, ...] = ()
    injuries: int = 0
    id: str = ""
    source: str = ""
    """Where the values come from; the shipped data says "illustrative" (see data/behind/README.md)."""

    def __post_init__(self):
        if isinstance(self.abilities, (str, list)):
            object.__setattr__(self, "abilities", parse_abilities(self.abilities))
        if not self.id:
            object.__setattr__(self, "id", _slug(self.name))
        for attribute in ("strength", "dexterity", "character_points", "injuries"):
            value = getattr(self, attribute)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{self.name}: {attribute} must be a whole number >= 0, got {value!r}")
        if isinstance(self.resistance, bool) or not isinstance(self.resistance, int) or self.resistance < 1:
            raise ValueError(f"{self.name}: resistance must be a whole number >= 1, got {self.resistance!r} "
                             "(injuries are the difference divided by the Resistance)")

    # -- current values -----------------------------------------------------------------------
    @property
    def current_strength(self) -> int:
        """Strength lowered by 1 per injury, minimum 0 (Injuries)."""
        return max(0, self.strength - self.injuries)

    @property
    def current_dexterity(self) -> int:
        """Dexterity lowered by 1 per injury, minimum 0 (Injuries)."""
        return max(0, self.dexterity - self.injuries)

    @property
    def eliminated(self) -> bool:
        return self.injuries >= ELIMINATED_AT

    @property
    def condition(self) -> str:
        return "eliminated" if self.eliminated else INJURY_NAMES[self.injuries]

    def ability(self, name: str) -> Ability | None:
        for ability in self.abilities:
            if ability.name == name:
                return ability
        return None

    def ability_value(self, name: str) -> int:
        """The value of a valued ability (Bündnis, Glaube, Mut), 0 if the character lacks it."""
        ability = self.ability(name)
        return (ability.value or 0) if ability else 0

    # -- injuries and healing ------------------------------------------------------------
    def injure(self, count: int = 1) -> "Character":
        """This character after ``count`` more injuries (Injuries (Verletzungen))."""
        if count < 0:
            raise ValueError("injuries cannot be negative; use heal()")
        if self.eliminated:
            raise RuleViolation(f"{self.name} is already eliminated and has left the game", refs.INJURIES)
        return replace(self, injuries=self.injuries + count)

    def heal(self) -> "Character":
        """One injury healed: "Neither a healthy nor an eliminated character can be healed." """
        if self.eliminated:
            raise RuleViolation(f"{self.name} is eliminated and cannot be healed", refs.INJURIES)
        if self.injuries == 0:
            raise RuleViolation(f"{self.name} is healthy and cannot be healed", refs.INJURIES)
        return replace(self, injuries=self.injuries - 1)

    def with_injuries(self, injuries: int) -> "Character":
        return replace(self, injuries=injuries)

    # -- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict:
        """A JSON-ready dict; ``Character.from_json(c.to_json()) == c``."""
        return {
            "name": self.name, "strength": self.strength, "dexterity": self.dexterity,
            "resistance": self.resistance, "character_points": self.character_points, "society": self.society,
            "abilities": [str(a) for a in self.abilities], "injuries": self.injuries, "id": self.id,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Character":
        return cls(**{**data, "abilities": parse_abilities(data.get("abilities", ()))})

    def __str__(self) -> str:
        abilities = f", {', '.join(map(str, self.abilities))}" if self.abilities else ""
        return (f"{self.name} (S{self.current_strength} G{self.current_dexterity} W{self.resistance}"
                f"{abilities}; {self.condition})")


@dataclass(frozen=True)
class ActionCard:
    """An action card.  Every card can give its fate number, its effect, or movement (The Cards).

    ``zusatz_bonus`` is the "Zusatz: Kampfwert+N" of a card: it is added whenever the card's
    fate number is used in a combat value (Special Card Effect).  ``ranged`` marks a weapon or
    magic card that enables a ranged attack.  ``influence`` is the influence value of a
    permanent card that needs an influence check in the organisation phase.

    ``effect_code`` is the machine-readable effect the engine executes (``"draw 2"``,
    ``"melee +1"``, ``"check 5: heal-each-turn"``; the vocabulary is
    :data:`explorer.behind.card_effects.EFFECT_KINDS`); ``effect`` is the same in words.  An
    empty code means the card has no executable effect (cards built by hand in tests); a given
    code must parse and be allowed on the card's category (``check_effect_allowed``).
    """

    id: str
    title: str
    fate: int
    movement_range: float = 0.0
    movement_number: int = 1
    category: str = "Ereignis"
    society: str | None = None
    permanent: bool = False
    legendary: bool = False
    unique: bool = False
    zusatz_bonus: int = 0
    ranged: bool = False
    influence: int | None = None
    effect: str = ""
    source: str = ""
    effect_code: str = ""

    def __post_init__(self):
        if self.category not in CATEGORIES:
            raise ValueError(f"card {self.id}: unknown category {self.category!r}; categories are {', '.join(CATEGORIES)}")
        if self.movement_number < 0 or self.movement_range < 0:
            raise ValueError(f"card {self.id}: movement range and number must be >= 0")
        if self.effect_code:
            from explorer.behind.card_effects import check_effect_allowed

            check_effect_allowed(self)

    @cached_property
    def card_effect(self) -> CardEffect | None:
        """The parsed ``effect_code`` (:class:`~explorer.behind.card_effects.CardEffect`), ``None``
        if the card has no code.  Kept on the card (it is frozen; the value is not a field, so
        equality, hashing and ``dataclasses.replace`` ignore it)."""
        if not self.effect_code:
            return None
        from explorer.behind.card_effects import parse_effect_code

        return parse_effect_code(self.effect_code)

    @property
    def combat_value(self) -> int:
        """The card's value in a combat value: fate number plus its Zusatz bonus."""
        return self.fate + self.zusatz_bonus

    @property
    def is_moment(self) -> bool:
        return self.category == "Moment"

    def total_movement(self, rule: str = "range-times-number") -> float:
        """Movement range x movement number (ruling ``behind.total-movement``), or the range alone."""
        if rule == "range-times-number":
            return self.movement_range * self.movement_number
        if rule == "range-only":
            return self.movement_range
        raise ValueError(f"unknown total-movement rule {rule!r}")

    def __str__(self) -> str:
        return f"{self.title} [{self.id}] fate {self.fate}"


def fate_of(card: ActionCard | int) -> int:
    """The fate number of a card or of a plain number."""
    return card if isinstance(card, int) else card.fate


def combat_value_of(card: ActionCard | int, *, zusatz: bool = True) -> int:
    """A card's contribution to a combat value: fate number (+ Zusatz bonus when it counts)."""
    if isinstance(card, int):
        return card
    return card.combat_value if zusatz else card.fate


def _short(value, limit: int = 80) -> str:
    from explorer.core.inputs import short

    return short(value, limit)


_TRANSLITERATION = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "é": "e", "è": "e"})


def _slug(name: str) -> str:
    """``"Kira Mondläuferin"`` -> ``"kira-mondlaeuferin"`` (the ids used in the data files)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().translate(_TRANSLITERATION)).strip("-")
