"""Beyond's rulings: where the rulebook is silent or ambiguous, the choice the explorer makes.

Registered in the shared registry (``explorer.core.rulings``) and listed in the README.
"""

from explorer.beyond import refs
from explorer.core.rulings import Ruling, register

SECOND_DRAW_PILE = register(Ruling(
    id="beyond.second-draw-pile",
    title="What the 'second draw pile' is",
    quote="When a player has performed 3 Celestial Spirit(s) enchantments OR when the second draw pile is finished.",
    source=refs.END_OF_GAME,
    choice="When the draw pile runs out, the discard pile is shuffled into a second draw pile; when that one "
           "runs out the round is completed. 'single-pile': the round is completed as soon as the first "
           "draw pile runs out.",
    default="reshuffle-discard",
    options=("reshuffle-discard", "single-pile"),
))

SUPPLY_SIZE = register(Ruling(
    id="beyond.supply-tokens",
    title="Size of the common token supply",
    quote="A common supply is formed with the remaining tokens.",
    source=refs.SET_UP,
    choice="The rulebook does not count the tokens; the supply holds 20 tokens (Lotus tokens are separate).",
    default=20,
    options=(0, 100),
    numeric=True,
))

YIN_YANG_SPLIT = register(Ruling(
    id="beyond.yin-yang-split",
    title="Yin/yang split within heads, bodies and the Unicorn's parts",
    quote="There are 8 Yin and 8 Yang cards for each type of Celestial Spirit",
    source=refs.CARD_BACKS,
    choice="Each part has an equal share of the 16 cards and half of each part is yin: 4 yin + 4 yang heads "
           "and bodies (Dragon, Tiger); 2 yin + 2 yang of each of the Unicorn's 4 parts.",
    default="even",
))

UNICORN_PARTS = register(Ruling(
    id="beyond.unicorn-parts",
    title="The Yellow Unicorn's 4 different cards",
    quote="The Yellow Unicorn pattern is composed of 4 different cards.",
    source=refs.ENERGY_POINTS,
    choice="The Unicorn has 4 parts (named horn, head, body, tail here), 4 cards each; a pattern is one of "
           "each part. Turtle Snake and Vermilion Bird cards are all alike.",
    default="4-parts",
))

COMPOSE_FROM = register(Ruling(
    id="beyond.compose-from",
    title="Which cards a pattern may be composed from",
    quote="The active player composes patterns, using: cards collected in Phase 1 and placed Spirit face up "
          "in their play area in Phase 2, potential cards captured during Phase 3.",
    source=refs.PHASE_3,
    choice="Any Spirit face up card of the player outside a complete pattern, whenever it came (earlier "
           "turns, this turn's Phase 2, or captured earlier in this Phase 3). Composing is the player's "
           "choice of 4 cards, made in Phase 3 only.",
    default="any-loose-card",
))

FIRST_REVEAL = register(Ruling(
    id="beyond.first-reveal",
    title="Must the active player reveal a card?",
    quote="The active player turns over the top card of the draw pile ... They can repeat this action if they wish to.",
    source=refs.PHASE_1,
    choice="Yes: the first reveal of a turn is compulsory while cards are left; with no card left Phase 1 "
           "collects nothing.",
    default="compulsory",
))

TOKENS_SCORED = register(Ruling(
    id="beyond.tokens-scored",
    title="Which tokens score '+1 per token in their entire play area'",
    quote="+1 per token in their entire play area",
    source=refs.END_OF_GAME,
    choice="Compensation tokens in stock, protection tokens on the player's cards, and Lotus tokens still "
           "owned (on the stock or in the centre of a pattern). Lotus tokens spent in Phase 1 leave the game.",
    default="all-owned",
))

TIE = register(Ruling(
    id="beyond.tie",
    title="Spirit face cards in a tie, and a tie that remains",
    quote="In the event of a tie, the player with the fewest Spirit Face cards wins.",
    source=refs.END_OF_GAME,
    choice="Spirit Face cards are all Celestial Spirit cards face up, in patterns or not (Nian Shou cards "
           "not counted). Players still tied share the victory (winner is None, winners lists them).",
    default="shared",
))

ROUND_END = register(Ruling(
    id="beyond.round-end",
    title="'The game round is completed, down to the last player'",
    quote="In these 2 cases, the game round is completed, down to the last player.",
    source=refs.END_OF_GAME,
    choice="Play continues until the player on the first player's right has finished a turn, so everyone "
           "has had the same number of turns; with no card left, a turn is Phases 2-3 without a reveal.",
    default="last-seat",
))

SUMMON_EFFECT_IMPOSSIBLE = register(Ruling(
    id="beyond.summon-without-effect",
    title="Summoning when the effect cannot happen",
    quote="Double Metal Tiger: If still available, take a Nian Shou card from the central pattern",
    source=refs.SUMMONING,
    choice="A summon is allowed even when its effect cannot happen (no card to take, no free corner, no "
           "other Lotus to recover); the Lotus token stays on the pattern.",
    default="allowed",
))

PROTECTION_PLACEMENT = register(Ruling(
    id="beyond.protection-placement",
    title="Where a protection token may go",
    quote="Each token used in this way is placed on Yin-Yang side, on top of the Yin or Yang symbol of a "
          "Celestial Spirit side card.",
    source=refs.PROTECTION_TOKENS,
    choice="Only on one's own Spirit face up card outside a complete pattern (enchanted cards need no "
           "protection; capture cards have no Spirit side up).",
    default="loose-spirit-cards",
))
