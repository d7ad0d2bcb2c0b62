"""Behold: Rome's card language: what a civ card level, the nation card and a rival civ say.

The shapes come from the rulebook (behold-rome-rulebook.txt, "Components", "Nation card",
"Rival Civ Card", "Concept & Term Glossary"); the language is documented field by field, with
examples, in ``data/behold_rome/README.md``.  The rulebook does not print the cards' contents:
the shipped ``data/behold_rome/cards.json`` is an INVENTED, illustrative set (its top-level field
``"illustrative": true`` says so) to be replaced by the real cards of a copy of the game.

* :func:`load_cards` reads a card file (UTF-8 JSON, at most 1 MB); :meth:`CardSet.from_json`
  checks a dict.  Every model forbids unknown fields and checks types strictly (no ``"3"`` for 3,
  no ``true`` for 1) and every list and number is bounded.  A wrong card raises :class:`CardError`
  (an :class:`~explorer.core.inputs.InputError`) naming the file, the card, the level, the field,
  the value and what was expected.
* The models are frozen pydantic models (hashable, sequences are tuples); ``str()`` of an action,
  a requirement or a scoring rule is its text in words.  :func:`cards_frame` lists a set, one row
  per card level, as a pandas DataFrame; a :class:`CivCard` shows its four levels as a table.

Pure Python (pydantic, pandas); no rule of play runs here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Callable, Literal, Optional, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag, field_validator, model_validator

from explorer.core.inputs import InputError, parse_json, read_text, validate
from explorer.core.resources import data_dir, display_path
from explorer.core.words import counted

# -- the rulebook's vocabulary -----------------------------------------------------------------
CARD_TYPES = ("production", "action", "region", "institution", "tributary")
"""behold-rome-rulebook.txt, "Concept & Term Glossary > Card types"."""
STATUSES = ("monarchy", "republic", "empire", "theocracy")
"""behold-rome-rulebook.txt, "Concept & Term Glossary > Nation status"."""
CONDITIONS = ("ancient", "advanced")
"""behold-rome-rulebook.txt, "Concept & Term Glossary > Nation condition"."""
RESOURCE_KINDS = ("population", "materials")
"""behold-rome-rulebook.txt, "Concept & Term Glossary > Resources"."""
LEVELS = 4
"""Every card has 4 levels (behold-rome-rulebook.txt, "Concept & Term Glossary > Level")."""
BOX_CIV_CARDS = 16
"""The box holds 16 civ cards (behold-rome-rulebook.txt, "Components")."""

# -- bounds (documented in data/behold_rome/README.md) -----------------------------------------
MAX_CIV_CARDS = 32
MAX_RIVALS = 12
MAX_KEYING_ICONS = 24
MAX_KEYS = 6
MAX_ICONS = 9
MAX_WEALTH = 20
MAX_RESOURCE = 9
MAX_AMOUNT = 9
MAX_CONQUER = 20
MAX_COSTS = 6
MAX_BENEFITS = 8
MAX_TERMS = 6
MAX_VP = 50
MAX_STEP = 20
"""A ``per`` counting in steps counts at most 20 things a step (``"every": 20``)."""
MAX_BASE_VP = 500
MAX_TEXT = 300
MAX_NOTE = 2_000
MAX_NAME = 40
MAX_FILE_BYTES = 1_000_000
CARDS_FILE = data_dir("behold_rome") / "cards.json"
"""The shipped (invented, illustrative) set: ``data/behold_rome/cards.json``."""


def _tuple(high: int, low: int = 0) -> Callable[[Any], Any]:
    """A JSON list taken as a tuple, its length checked before its items are (a list of a million
    cards is refused at once, not item by item)."""
    def check(value: Any) -> Any:
        if isinstance(value, list):
            if not low <= len(value) <= high:
                span = f"exactly {high}" if low == high else f"{low} to {high}"
                raise ValueError(f"a list of {span} items, not {len(value)}")
            return tuple(value)
        return value
    return check


def Seq(item: Any, high: int, low: int = 0) -> Any:
    """A bounded list in the file, a tuple in the model."""
    return Annotated[tuple[item, ...], BeforeValidator(_tuple(high, low))]


Frozen = ConfigDict(extra="forbid", strict=True, frozen=True, allow_inf_nan=False)
Name = Annotated[str, Field(pattern=r"^[A-Z][A-Za-z.' \-]{0,%d}$" % (MAX_NAME - 1))]
"""A card level's or rival's name: a capital, then letters, spaces, ``.``, ``'`` and ``-``."""
CardId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9\-]{0,31}$")]
Icon = Annotated[str, Field(pattern=r"^[a-z][a-z\-]{0,23}$")]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
CardType = Literal["production", "action", "region", "institution", "tributary"]
Status = Literal["monarchy", "republic", "empire", "theocracy"]
Condition = Literal["ancient", "advanced"]
Banner = Literal["monarchy", "republic", "empire", "theocracy", "ancient", "advanced"]
Amount = Annotated[int, Field(ge=1, le=MAX_AMOUNT)]
Icons = Annotated[int, Field(ge=0, le=MAX_ICONS)]
LevelNumber = Annotated[int, Field(ge=1, le=LEVELS)]


_plural = counted  # "1 card", "2 cards" (explorer.core.words)


class Resources(BaseModel):
    """Population and materials icons (behold-rome-rulebook.txt, "Concept & Term Glossary > Resources")."""

    model_config = Frozen
    population: Annotated[int, Field(ge=0, le=MAX_RESOURCE)] = 0
    materials: Annotated[int, Field(ge=0, le=MAX_RESOURCE)] = 0

    @property
    def total(self) -> int:
        return self.population + self.materials

    def __str__(self) -> str:
        parts = [f"{self.population} population"] * bool(self.population)
        parts += [f"{self.materials} material{'s' * (self.materials != 1)}"] * bool(self.materials)
        return " and ".join(parts) or "nothing"


# -- costs and benefits: one keyword each (README, "Actions") -----------------------------------
class Discard(BaseModel):
    """Cost: discard cards from hand (behold-rome-rulebook.txt, "Action Phase")."""

    model_config = Frozen
    discard: Amount

    def __str__(self) -> str:
        return f"discard {_plural(self.discard, 'card')}"


class Pay(BaseModel):
    """Cost: pay stored resources (behold-rome-rulebook.txt, "Concept & Term Glossary > Pay / Spend")."""

    model_config = Frozen
    pay: Resources

    @model_validator(mode="after")
    def _something(self) -> "Pay":
        if not self.pay.total:
            raise ValueError("a payment of at least 1 population or material")
        return self

    def __str__(self) -> str:
        return f"pay {self.pay}"


class Abandon(BaseModel):
    """Cost: discard controlled regions (behold-rome-rulebook.txt, "Concept & Term Glossary > Abandon")."""

    model_config = Frozen
    abandon: Annotated[int, Field(ge=1, le=4)]

    def __str__(self) -> str:
        return f"abandon {_plural(self.abandon, 'region')}"


class Degrade(BaseModel):
    """A cost or a benefit: take cards in hand down a level, optionally only of one card type
    (behold-rome-rulebook.txt, "Concept & Term Glossary > Degrade")."""

    model_config = Frozen
    degrade: Amount
    type: Optional[CardType] = None

    def __str__(self) -> str:
        return f"degrade {self.degrade}" + (f" ({self.type} cards)" if self.type else "")


class Draw(BaseModel):
    """Benefit: draw cards."""

    model_config = Frozen
    draw: Amount

    def __str__(self) -> str:
        return f"draw {_plural(self.draw, 'card')}"


class Store(BaseModel):
    """Benefit: store up to ``store`` resources (of one kind, or ``any``) from cards in hand
    (behold-rome-rulebook.txt, "Concept & Term Glossary > Store / Stored")."""

    model_config = Frozen
    store: Amount
    resource: Literal["population", "materials", "any"] = "any"

    def __str__(self) -> str:
        word = {"population": "population", "materials": "material", "any": "resource"}[self.resource]
        return f"store {self.store} {word}{'s' * (self.store != 1 and word != 'population')}"


class Develop(BaseModel):
    """Benefit: raise cards in hand a level, optionally only of one card type
    (behold-rome-rulebook.txt, "Concept & Term Glossary > Develop")."""

    model_config = Frozen
    develop: Amount
    type: Optional[CardType] = None

    def __str__(self) -> str:
        return f"develop {self.develop}" + (f" ({self.type} cards)" if self.type else "")


class DevelopRegion(BaseModel):
    """Benefit: raise controlled regions a level (behold-rome-rulebook.txt, "Concept & Term Glossary > Develop")."""

    model_config = Frozen
    develop_region: Amount

    def __str__(self) -> str:
        return f"develop {_plural(self.develop_region, 'controlled region')}"


class Conquer(BaseModel):
    """Benefit: conquer up to this value (behold-rome-rulebook.txt, "Concept & Term Glossary > Conquer")."""

    model_config = Frozen
    conquer: Annotated[int, Field(ge=1, le=MAX_CONQUER)]

    def __str__(self) -> str:
        return f"conquer {self.conquer}"


CostKind = Literal["discard", "degrade", "pay"]


class Ignore(BaseModel):
    """Interrupting effect: ignore these costs of the played card
    (behold-rome-rulebook.txt, "Interrupting Actions")."""

    model_config = Frozen
    ignore: Seq(CostKind, 3, 1)

    def __str__(self) -> str:
        return f"ignore the {' and '.join(self.ignore)} cost(s) of the played card"


COST_KEYWORDS = {"discard": Discard, "degrade": Degrade, "pay": Pay, "abandon": Abandon}
BENEFIT_KEYWORDS = {"draw": Draw, "store": Store, "develop": Develop, "develop_region": DevelopRegion,
                    "degrade": Degrade, "conquer": Conquer, "ignore": Ignore}
KEYWORDS = sorted(set(COST_KEYWORDS) | set(BENEFIT_KEYWORDS))


def _keyed(keywords: dict[str, type], what: str) -> Any:
    """A union of one-keyword models, told apart by the keyword present."""
    def pick(value: Any) -> Optional[str]:
        if isinstance(value, dict):
            found = [k for k in value if k in keywords]
            return found[0] if len(found) == 1 else None
        for keyword, model in keywords.items():
            if isinstance(value, model):
                return keyword
        return None
    union = Union[tuple(Annotated[model, Tag(keyword)] for keyword, model in keywords.items())]
    return Annotated[union, Discriminator(pick, custom_error_type=f"{what}_keyword",
                                          custom_error_message=f"a {what} with exactly one keyword of: "
                                          + ", ".join(keywords))]


Cost = _keyed(COST_KEYWORDS, "cost")
Benefit = _keyed(BENEFIT_KEYWORDS, "benefit")


class Action(BaseModel):
    """A card action: costs (paid in any order), then benefits (behold-rome-rulebook.txt,
    "Action Phase"); ``text`` is the printed wording, for people."""

    model_config = Frozen
    costs: Seq(Cost, MAX_COSTS) = ()
    benefits: Seq(Benefit, MAX_BENEFITS, 1)
    text: Optional[Text] = None

    @model_validator(mode="after")
    def _distinct(self) -> "Action":
        for label, items in (("costs", self.costs), ("benefits", self.benefits)):
            kinds = [type(item).__name__ for item in items]
            if len(set(kinds)) != len(kinds):
                raise ValueError(f"each kind of {label[:-1]} once (add the amounts)")
        return self

    @property
    def interrupts(self) -> bool:
        """True for an interrupting action: one that ignores costs of the played card."""
        return any(isinstance(b, Ignore) for b in self.benefits)

    def __str__(self) -> str:
        benefits = ", ".join(map(str, self.benefits))
        return f"{', '.join(map(str, self.costs))} -> {benefits}" if self.costs else benefits


class Requirement(BaseModel):
    """A level that must be active, or an extra cost, to develop into a level
    (behold-rome-rulebook.txt, "Concept & Term Glossary > Requirements")."""

    model_config = Frozen
    level: Optional[Name] = None
    cost: Optional[Seq(Cost, MAX_COSTS, 1)] = None

    @model_validator(mode="after")
    def _one(self) -> "Requirement":
        if (self.level is None) == (self.cost is None):
            raise ValueError("exactly one of 'level' (a card level's name) and 'cost' (a list of costs)")
        return self

    def __str__(self) -> str:
        return f"{self.level} must be active" if self.level else "extra cost: " + ", ".join(map(str, self.cost))


# -- scoring (README, "Scoring rules") -----------------------------------------------------------
class Count(BaseModel):
    """What a scoring term counts in the civ: active cards of a type, keying icons, or controlled
    regions (behold-rome-rulebook.txt, "Scoring"); ``every``: a ``per`` that counts in steps (``+1 VP
    per 2 grain icons``: one gain for each full 2)."""

    model_config = Frozen
    cards: Optional[CardType] = None
    icons: Optional[Icon] = None
    controlled_regions: Optional[Literal[True]] = None
    every: Optional[Annotated[int, Field(ge=1, le=MAX_STEP)]] = None

    @model_validator(mode="after")
    def _one(self) -> "Count":
        if sum(v is not None for v in (self.cards, self.icons, self.controlled_regions)) != 1:
            raise ValueError("exactly one of 'cards' (a card type), 'icons' (a keying icon) and "
                             "'controlled_regions' (true)")
        return self

    @property
    def step(self) -> int:
        """How many things one gain counts (1 unless ``every`` says more)."""
        return self.every or 1

    def __str__(self) -> str:
        """The thing counted, after "per": ``grain``, ``institution card``, ``controlled region``; with
        steps its number and plural: ``2 grain icons``, ``3 institution cards``, ``2 controlled regions``."""
        if self.step > 1:
            if self.cards:
                return f"{self.step} {self.cards} cards"
            return f"{self.step} {self.icons} icons" if self.icons else f"{self.step} controlled regions"
        if self.cards:
            return f"{self.cards} card"
        return self.icons or "controlled region"


def _statuses(value: Any) -> Any:
    """``if.status``: one nation status (as a nation level's ``status`` is written) or a list of 1 to 4."""
    if isinstance(value, str):
        return (value,)
    return _tuple(4, 1)(value)


class When(BaseModel):
    """When a scoring term applies: nation status, nation condition, an active level, a count."""

    model_config = Frozen
    status: Optional[Annotated[tuple[Status, ...], BeforeValidator(_statuses)]] = None
    condition: Optional[Condition] = None
    active: Optional[Name] = None
    count: Optional[Count] = None
    at_least: Optional[Annotated[int, Field(ge=0, le=99)]] = None
    at_most: Optional[Annotated[int, Field(ge=0, le=99)]] = None

    @model_validator(mode="after")
    def _complete(self) -> "When":
        bounds = self.at_least is not None or self.at_most is not None
        if bounds != (self.count is not None):
            raise ValueError("'count' together with 'at_least' and/or 'at_most'")
        if self.status is None and self.condition is None and self.active is None and self.count is None:
            raise ValueError("at least one of 'status', 'condition', 'active', 'count'")
        if self.count is not None and self.count.every is not None:
            raise ValueError("no 'every' in an 'if' count ('every' makes a 'per' count in steps; bound an "
                             "'if' count with 'at_least' / 'at_most')")
        return self

    def __str__(self) -> str:
        parts = [f"status {' or '.join(self.status)}"] if self.status else []
        parts += [self.condition] if self.condition else []
        parts += [f"{self.active} active"] if self.active else []
        if self.count:
            span = [f"at least {self.at_least}"] * (self.at_least is not None)
            span += [f"at most {self.at_most}"] * (self.at_most is not None)
            one = self.at_most == 1 or self.at_least == 1 and self.at_most is None
            parts.append(f"{' and '.join(span)} {self.count}{'' if one else 's'}")
        return " and ".join(parts)


class Term(BaseModel):
    """One line of a scoring rule: ``vp`` (or ``prosperity``) once, or ``per`` counted thing,
    ``if`` a test holds, at most ``max``."""

    model_config = ConfigDict(**Frozen, populate_by_name=False)
    vp: Optional[Annotated[int, Field(ge=-MAX_VP, le=MAX_VP)]] = None
    prosperity: Optional[Annotated[int, Field(ge=1, le=MAX_ICONS)]] = None
    per: Optional[Count] = None
    when: Optional[When] = Field(None, alias="if")
    max: Optional[Annotated[int, Field(ge=0, le=MAX_BASE_VP)]] = None

    @model_validator(mode="after")
    def _gain(self) -> "Term":
        if (self.vp is None) == (self.prosperity is None):
            raise ValueError("exactly one of 'vp' and 'prosperity'")
        return self

    def __str__(self) -> str:
        gain = f"{self.vp:+d} VP" if self.vp is not None else f"+{self.prosperity} prosperity"
        text = gain + (f" per {self.per}" if self.per else "") + (f" if {self.when}" if self.when else "")
        return text + (f" (at most {self.max})" if self.max is not None else "")


Scoring = Seq(Term, MAX_TERMS)


def scoring_text(terms: tuple[Term, ...]) -> str:
    return "; ".join(map(str, terms))


# -- civ cards -------------------------------------------------------------------------------------
class CardLevel(BaseModel):
    """One level of a civ card: everything printed on it (behold-rome-rulebook.txt, "Components")."""

    model_config = Frozen
    level: LevelNumber
    name: Name
    type: CardType
    prosperity: Icons = 0
    unrest: Icons = 0
    banner: Optional[Banner] = None
    wealth: Annotated[int, Field(ge=0, le=MAX_WEALTH)] = 0
    keys: Seq(Icon, MAX_KEYS) = ()
    resources: Resources = Resources()
    requirement: Optional[Requirement] = None
    action: Optional[Action] = None
    scoring: Scoring = ()

    def __repr__(self) -> str:
        return f"CardLevel({self.level}, {self.name!r}, {self.type})"

    __str__ = __repr__

    def row(self) -> dict:
        """The level as a table row (:func:`cards_frame`, :meth:`CivCard._repr_html_`)."""
        return {"level": self.level, "name": self.name, "type": self.type, "banner": self.banner or "",
                "wealth": self.wealth, "prosperity": self.prosperity, "unrest": self.unrest,
                "keys": ", ".join(self.keys), "population": self.resources.population,
                "materials": self.resources.materials,
                "requirement": str(self.requirement) if self.requirement else "",
                "action": str(self.action) if self.action else "",
                "interrupts": bool(self.action and self.action.interrupts),
                "scoring": scoring_text(self.scoring)}


class CivCard(BaseModel):
    """A civ card: an id, the level it starts on (the star) and its four levels."""

    model_config = Frozen
    id: CardId
    starting_level: LevelNumber
    levels: Seq(CardLevel, LEVELS, LEVELS)

    @field_validator("levels")
    @classmethod
    def _numbered(cls, levels: tuple[CardLevel, ...]) -> tuple[CardLevel, ...]:
        numbers = [lv.level for lv in levels]
        if numbers != [1, 2, 3, 4]:
            raise ValueError(f"levels numbered 1, 2, 3, 4 in order, not {numbers}")
        return levels

    def level(self, number: int) -> CardLevel:
        return self.levels[number - 1]

    @property
    def start(self) -> CardLevel:
        return self.level(self.starting_level)

    def __repr__(self) -> str:
        return f"CivCard({self.id!r}: " + " / ".join(
            ("*" if lv.level == self.starting_level else "") + lv.name for lv in self.levels) + ")"

    __str__ = __repr__

    def frame(self):
        import pandas as pd

        rows = [{"start": "*" if lv.level == self.starting_level else "", **lv.row()} for lv in self.levels]
        return pd.DataFrame(rows).set_index("level")

    def _repr_html_(self) -> str:
        """The four levels side by side, a field per row (:func:`by_level`): 14 columns, one per
        field, made a table 1116 px wide, half of it cut in a 590 px output area."""
        from explorer.core.display import html_table  # a table module; no figure is drawn

        return html_table(by_level(self.frame()), caption=f"civ card {self.id} (* the starting level)")._repr_html_()


def by_level(frame):
    """A card's frame (a level per row, indexed by level, with a ``start`` column marking the starting
    level) turned for reading: a field per row, a column per level ("level 2 *" for the starting one),
    every value as text and empty fields of every level left out -- four columns that fit a 590 px
    output area (docs/panel-layout.md) where a column per field does not."""
    import pandas as pd

    shown = {}
    for number, row in frame.iterrows():
        star = " *" if row.get("start") == "*" else ""
        shown[f"level {number}{star}"] = {field: _cell(value) for field, value in row.items() if field != "start"}
    table = pd.DataFrame(shown)
    table.index = [str(field).replace("_", " ") for field in table.index]
    keep = [field for field in table.index if any(v not in ("", "0", "no") for v in table.loc[field])]
    return table.loc[keep]


def _cell(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


# -- the nation card and the rival civs ----------------------------------------------------------
class NationLevel(BaseModel):
    """A level of the nation card: status, condition, cost to develop to the next level
    (behold-rome-rulebook.txt, "Nation card")."""

    model_config = Frozen
    level: LevelNumber
    status: Status
    condition: Condition
    development_cost: Optional[Resources] = None
    requirement: Optional[Requirement] = None
    prosperity: Icons = 0
    unrest: Icons = 0
    scoring: Scoring = ()

    @model_validator(mode="after")
    def _cost(self) -> "NationLevel":
        if self.development_cost is None and self.level < LEVELS:
            raise ValueError(f"a development_cost on level {self.level} (the cost to develop to the next status)")
        if self.development_cost is not None and self.level == LEVELS:
            raise ValueError("no development_cost on level 4 (there is no higher status)")
        if self.development_cost is not None and not self.development_cost.total:
            raise ValueError("a development_cost of at least 1 population or material")
        return self

    def __repr__(self) -> str:
        return f"NationLevel({self.level}, {self.status}, {self.condition})"

    __str__ = __repr__


class NationCard(BaseModel):
    model_config = Frozen
    starting_level: LevelNumber
    levels: Seq(NationLevel, LEVELS, LEVELS)

    @field_validator("levels")
    @classmethod
    def _statuses(cls, levels: tuple[NationLevel, ...]) -> tuple[NationLevel, ...]:
        if [lv.level for lv in levels] != [1, 2, 3, 4]:
            raise ValueError("levels numbered 1, 2, 3, 4 in order")
        if sorted(lv.status for lv in levels) != sorted(STATUSES):
            raise ValueError("each status (monarchy, republic, empire, theocracy) on one level")
        return levels

    def level(self, number: int) -> NationLevel:
        return self.levels[number - 1]

    def frame(self):
        import pandas as pd

        return pd.DataFrame([{"level": lv.level, "start": "*" if lv.level == self.starting_level else "",
                              "status": lv.status, "condition": lv.condition,
                              "development_cost": str(lv.development_cost) if lv.development_cost else "",
                              "requirement": str(lv.requirement) if lv.requirement else "",
                              "prosperity": lv.prosperity, "unrest": lv.unrest,
                              "scoring": scoring_text(lv.scoring)} for lv in self.levels]).set_index("level")

    def _repr_html_(self) -> str:
        from explorer.core.display import html_table

        return html_table(by_level(self.frame()), caption="nation card (* the starting level)")._repr_html_()


class RivalCiv(BaseModel):
    """A rival civ: base VPs and conditional rules on the player's civ at game end
    (behold-rome-rulebook.txt, "Rival Civ Card")."""

    model_config = Frozen
    name: Name
    base_vp: Annotated[int, Field(ge=0, le=MAX_BASE_VP)]
    rules: Seq(Term, MAX_TERMS, 1)

    @field_validator("rules")
    @classmethod
    def _vp_only(cls, rules):
        for i, term in enumerate(rules):
            if term.prosperity is not None:
                raise ValueError(f"rule {i} gives prosperity: a rival civ scores victory points only ('vp')")
        return rules

    def __repr__(self) -> str:
        return f"RivalCiv({self.name!r}, base {self.base_vp} VP, {len(self.rules)} rules)"

    def __str__(self) -> str:
        return f"{self.name}: {self.base_vp} VP; {scoring_text(self.rules)}"


class CardSet(BaseModel):
    """A whole card file: the civ cards, the nation card, the rival civs, the keying icons used."""

    model_config = ConfigDict(**Frozen, populate_by_name=False)
    illustrative: bool
    comment: Optional[Annotated[str, Field(max_length=MAX_NOTE)]] = Field(None, alias="_comment")
    keying_icons: Seq(Icon, MAX_KEYING_ICONS, 1)
    civ_cards: Seq(CivCard, MAX_CIV_CARDS, 1)
    nation: NationCard
    rivals: Seq(RivalCiv, MAX_RIVALS, 1)

    @classmethod
    def from_json(cls, data: Any, source: str = "cards") -> "CardSet":
        """The set from its JSON form, every card checked (:func:`check_set`); CardError naming
        ``source``, the card, the level, the field, the value otherwise."""
        try:
            model = validate(cls, data, source)
        except InputError as error:
            raise _located(error, data, source) from None
        check_set(model, source)
        return model

    def card(self, card_id: str) -> CivCard:
        for card in self.civ_cards:
            if card.id == card_id:
                return card
        raise InputError("argument", "card_id", "the id of a civ card of the set", card_id)

    def find_level(self, name: str) -> tuple[CivCard, CardLevel]:
        """The civ card and level called ``name`` (level names are unique in a set)."""
        for card in self.civ_cards:
            for lv in card.levels:
                if lv.name == name:
                    return card, lv
        raise InputError("argument", "name", "the name of a civ card level of the set", name)

    def rival(self, name: str) -> RivalCiv:
        for rival in self.rivals:
            if rival.name == name:
                return rival
        raise InputError("argument", "name", "the name of a rival civ of the set", name)

    def __repr__(self) -> str:
        label = "illustrative" if self.illustrative else "cards"
        return (f"CardSet({label}: {len(self.civ_cards)} civ cards, nation card, "
                f"rivals {', '.join(r.name for r in self.rivals)})")

    __str__ = __repr__

    def _repr_html_(self) -> str:
        from explorer.core.display import html_table

        caption = f"{len(self.civ_cards)} civ cards" + (" (INVENTED, illustrative)" if self.illustrative else "")
        return html_table(cards_frame(self), caption=caption)._repr_html_()


# -- errors and checks that need the whole set ---------------------------------------------------
class CardError(InputError):
    """A card file that cannot be used: ``file``, ``card`` (an id, "nation card" or a rival's
    name; "" for the file as a whole), ``level`` (1-4 or None), ``field`` inside it."""

    def __init__(self, file: str, card: str, level: Optional[int], field: str, expected: str,
                 value: Any = ..., *, level_name: str = "", problems=()):
        self.file, self.card, self.level, self.level_name = file, card, level, level_name
        where = file + (f", card {card!r}" if card else "") + (
            f", level {level}" + (f" ({level_name})" if level_name else "") if level else "")
        super().__init__(where, field, expected, value, problems=problems)

    def __reduce__(self):
        return (_card_error, (self.file, self.card, self.level, self.field, self.expected, self.value,
                              self.level_name))


def _card_error(file, card, level, field, expected, value, level_name=""):
    return CardError(file, card, level, field, expected, value, level_name=level_name)


_TAGS = "|".join(sorted(KEYWORDS, key=len, reverse=True))


def _located(error: InputError, data: Any, source: str) -> CardError:
    """A schema error re-addressed: ``civ_cards[3].levels[1].wealth`` becomes card ``'legion'``,
    level 2, field ``wealth`` (the keyword pydantic adds to an action's path is dropped)."""
    field = re.sub(rf"(\[\d+\])\.(?:{_TAGS})(?=\.)", r"\1", error.field)
    card, level, level_name, rest = "", None, "", field

    def raw(*path: Any) -> Any:
        node = data
        for step in path:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                return None
        return node

    match = re.match(r"^(civ_cards|rivals)\[(\d+)\](?:\.levels\[(\d+)\])?\.?(.*)$", field)
    nation = re.match(r"^nation(?:\.levels\[(\d+)\])?\.?(.*)$", field)
    if match:
        group, i, j, rest = match.group(1), int(match.group(2)), match.group(3), match.group(4)
        key = "id" if group == "civ_cards" else "name"
        found = raw(group, i, key)
        card = found if isinstance(found, str) else f"{group}[{i}]"
        if j is not None:
            level = int(j) + 1
            found = raw(group, i, "levels", int(j), "name")
            level_name = found if isinstance(found, str) else ""
    elif nation:
        card, rest = "nation card", nation.group(2)
        if nation.group(1) is not None:
            level = int(nation.group(1)) + 1
            found = raw("nation", "levels", level - 1, "status")
            level_name = found if isinstance(found, str) else ""
    return CardError(source, card, level, rest, error.expected, error.value, level_name=level_name,
                     problems=error.problems)


def check_set(cards: CardSet, source: str = "cards") -> None:
    """The checks that need the whole set (README, "Checks across the set"): distinct card ids
    and level names, keying icons declared, every named level exists (on another card, for a
    requirement).  CardError naming the card, level and field otherwise."""
    declared = set(cards.keying_icons)
    if len(declared) != len(cards.keying_icons):
        raise CardError(source, "", None, "keying_icons", "distinct keying icons", list(cards.keying_icons))
    owner: dict[str, str] = {}
    seen_ids: set[str] = set()
    for card in cards.civ_cards:
        if card.id in seen_ids:
            raise CardError(source, card.id, None, "id", "a card id not used by another card", card.id)
        seen_ids.add(card.id)
        for lv in card.levels:
            if lv.name in owner:
                raise CardError(source, card.id, lv.level, "name", f"a level name used once in the set "
                                f"(card {owner[lv.name]!r} has it too)", lv.name, level_name=lv.name)
            owner[lv.name] = card.id
    rival_names = [r.name for r in cards.rivals]
    if len(set(rival_names)) != len(rival_names):
        raise CardError(source, "", None, "rivals", "rival civs with distinct names", rival_names)

    def check_terms(card: str, level: Optional[int], level_name: str, field: str, terms: tuple[Term, ...]) -> None:
        for k, term in enumerate(terms):
            if term.per is not None and term.per.icons is not None and term.per.icons not in declared:
                raise CardError(source, card, level, f"{field}[{k}].per.icons",
                                f"a keying icon of the set ({', '.join(cards.keying_icons)})", term.per.icons,
                                level_name=level_name)
            test = term.when
            if test is None:
                continue
            if test.active is not None and test.active not in owner:
                raise CardError(source, card, level, f"{field}[{k}].if.active", "the name of a civ card level "
                                "of the set", test.active, level_name=level_name)
            if test.count is not None and test.count.icons is not None and test.count.icons not in declared:
                raise CardError(source, card, level, f"{field}[{k}].if.count.icons",
                                f"a keying icon of the set ({', '.join(cards.keying_icons)})", test.count.icons,
                                level_name=level_name)

    def check_requirement(card: str, level: int, level_name: str, requirement: Optional[Requirement]) -> None:
        if requirement is None or requirement.level is None:
            return
        named = requirement.level
        if named not in owner:
            raise CardError(source, card, level, "requirement.level", "the name of a civ card level of the set",
                            named, level_name=level_name)
        if owner[named] == card:
            raise CardError(source, card, level, "requirement.level", "a level of another card (a card has "
                            "one active level, so its own other level can never be active)", named,
                            level_name=level_name)

    for card in cards.civ_cards:
        for lv in card.levels:
            for i, key in enumerate(lv.keys):
                if key not in declared:
                    raise CardError(source, card.id, lv.level, f"keys[{i}]", "a keying icon of the set "
                                    f"({', '.join(cards.keying_icons)})", key, level_name=lv.name)
            check_requirement(card.id, lv.level, lv.name, lv.requirement)
            check_terms(card.id, lv.level, lv.name, "scoring", lv.scoring)
    for lv in cards.nation.levels:
        check_requirement("nation card", lv.level, lv.status, lv.requirement)
        check_terms("nation card", lv.level, lv.status, "scoring", lv.scoring)
    for rival in cards.rivals:
        check_terms(rival.name, None, "", "rules", rival.rules)


# -- reading ---------------------------------------------------------------------------------------
def load_cards(path: Path | str = CARDS_FILE) -> CardSet:
    """The card set in ``path`` (UTF-8 JSON, at most 1 MB; default the shipped, INVENTED
    illustrative set).  CardError naming the file, card, level, field and value for anything
    outside the language (``data/behold_rome/README.md``)."""
    if not isinstance(path, (str, Path)):
        raise InputError("argument", "path", "a path to a card file", path)
    label = display_path(path)
    text = read_text(path, limit=MAX_FILE_BYTES, source=label)
    return CardSet.from_json(parse_json(text, label, limit=MAX_FILE_BYTES), label)


def cards_frame(cards: CardSet):
    """The civ cards as a pandas DataFrame, one row per card level: ``card``, ``start`` (True on
    the starting level) and the level's fields in words (:meth:`CardLevel.row`)."""
    import pandas as pd

    if not isinstance(cards, CardSet):
        raise InputError("argument", "cards", "a CardSet (load_cards())", cards)
    rows = [{"card": card.id, "start": lv.level == card.starting_level, **lv.row()}
            for card in cards.civ_cards for lv in card.levels]
    return pd.DataFrame(rows)


__all__ = ["Action", "BOX_CIV_CARDS", "CARDS_FILE", "CARD_TYPES", "CONDITIONS", "CardError", "CardLevel",
           "CardSet", "CivCard", "Count", "LEVELS", "NationCard", "NationLevel", "RESOURCE_KINDS", "Requirement",
           "Resources", "RivalCiv", "STATUSES", "Term", "When", "cards_frame", "check_set", "load_cards"]
