"""Behold: Rome's rulings: where the rulebook is silent or ambiguous, the choice the explorer makes.

Registered in the shared registry (``explorer.core.rulings``); the engine (:mod:`explorer.behold_rome.game`)
reads the switchable ones from the game's :class:`~explorer.core.rulings.Rulings`, and the scoring
(:mod:`explorer.behold_rome.scoring`) follows the scoring ones (``behold_rome.scored-cards``,
``behold_rome.wealth-counts``, ``behold_rome.keying-icons-counted``, ``behold_rome.score-cap``,
``behold_rome.scoring-prosperity``).
"""

from explorer.behold_rome import refs
from explorer.core.rulings import Ruling, register

# -- developing and degrading ------------------------------------------------------------------------
DEVELOP_BANNER = register(Ruling(
    id="behold_rome.develop-banner",
    title="Banners when developing",
    quote="You do not need to be the correct nation status/condition to discard, develop, degrade or store "
          "the card; just to play or conquer it. / You must heed any banners and requirements on levels you "
          "develop into.",
    source=refs.DEVELOP,
    choice="The Banner entry speaks of the card's current (active) level, the Develop entry of the level "
           "developed into: a card may be developed whatever banner its current level shows, but only into a "
           "level whose banner the nation has. 'ignore': banners never restrict developing.",
    default="heed-target",
    options=("heed-target", "ignore"),
))

LEVEL_BOUNDS = register(Ruling(
    id="behold_rome.level-bounds",
    title="Developing past level 4, degrading below level 1",
    quote="For every point of develop, increase the level of a card in your hand. / For every point of "
          "degrade generated, you must take a card down a level",
    source=refs.LEVEL,
    choice="A card has levels 1 to 4 only: a level-4 card cannot be developed and a level-1 card cannot be "
           "degraded (such a card is no target; a cost nobody can pay makes the card unplayable). 'wrap': the "
           "card is rotated on, 4 to 1 and 1 to 4.",
    default="blocked",
    options=("blocked", "wrap"),
))

DEGRADE_COST_OR_BENEFIT = register(Ruling(
    id="behold_rome.degrade-cost-or-benefit",
    title="Degrade as a cost and as a benefit",
    quote="A cost is when the card text tells you to discard cards, degrade cards or pay resources. / For "
          "every point of degrade generated, you must take a card down a level",
    source=refs.DEGRADE,
    choice="A degrade among a card's costs is paid in full before the played card is discarded; a degrade "
           "among its benefits ('generated') is a benefit like the others: at least 1, the rest optional. The "
           "same card may take several points.",
    default="by-list",
))

DEGRADE_INTO_TRIBUTARY = register(Ruling(
    id="behold_rome.degrade-into-tributary",
    title="Degrading a card into a tributary level",
    quote="If you develop a card to a tributary level, you must first abandon 1 region.",
    source=refs.DEVELOP,
    choice="Only developing into a tributary level costs a region; degrading into one costs nothing extra. "
           "Banners and requirements are not heeded when degrading.",
    default="no-abandon",
))

REQUIRED_LEVEL_PLACE = register(Ruling(
    id="behold_rome.required-level-place",
    title="Where a required level must be active",
    quote="If the requirement lists a specific card level name, that card level must be active before you can "
          "develop into the card level with this requirement.",
    source=refs.REQUIREMENTS,
    choice="Anywhere in the civ: the named level is the active level of its card wherever the card is (hand, "
           "top of the deck, deck, stored, controlled).",
    default="anywhere-in-civ",
))

REQUIREMENT_COST = register(Ruling(
    id="behold_rome.requirement-cost",
    title="When a requirement's extra cost is paid",
    quote="These costs must be paid to develop to this card level and are in addition to any other normal "
          "costs.",
    source=refs.REQUIREMENTS,
    choice="Each time a card (or the nation card) is developed into the level: the extra cost is paid then, "
           "cost by cost, before the level changes; cards paid this way are cards 'discarded or degraded for "
           "the action' and cannot be stored by it. The card being developed is never part of the payment.",
    default="on-each-develop",
))

DEVELOP_CONTROLLED_REGION = register(Ruling(
    id="behold_rome.develop-controlled-region",
    title="Developing a controlled region out of the region type",
    quote="If you increase the region to a level that is not a region card type, immediately discard the card.",
    source=refs.DEVELOP,
    choice="It is discarded like any card: behind the stored cards, in front of the controlled regions. A "
           "tributary level still needs a region abandoned first: another controlled region, not the "
           "developed one.",
    default="discard-other-abandon",
))

# -- resources ---------------------------------------------------------------------------------------
STORE_COUNTS = register(Ruling(
    id="behold_rome.store-counts",
    title="What 'store 4 materials' counts",
    quote="if an action says to draw 3 cards and store 4 materials, you must draw at least 1 card and store at "
          "least 1 material / There is no maximum of actual resources you can have stored at once; only the "
          "number of cards stored",
    source=refs.STORE_STORED,
    choice="Resources: the cards stored hold together at most that many resources of the named kind (both "
           "kinds for 'any'), each card at least one of them; a card holding more than what is left cannot "
           "be stored by it. 'cards': up to that many cards, each with at least one resource of the kind.",
    default="resources",
    options=("resources", "cards"),
))

PAY_MIXED = register(Ruling(
    id="behold_rome.pay-mixed",
    title="Paying with stored cards of mixed resources",
    quote="discard cards from your stored area with resources equal to or exceeding those specified by the "
          "effect.",
    source=refs.PAY_SPEND,
    choice="Stored cards are discarded one by one; a card may be paid only while it covers a part of the "
           "price still missing (a card with population and materials pays both); the surplus of the last "
           "cards is lost.",
    default="covering-cards",
))

STORED_PLAYED_CARD = register(Ruling(
    id="behold_rome.stored-played-card",
    title="Storing the played card itself",
    quote="Discard the played card (unless you plan to store it as part of its action!",
    source=refs.PLAYED_CARD,
    choice="The plan is declared when the card is played; the card is then stored as the first part of its "
           "store benefit (counting against it) when the benefits begin, instead of being discarded.",
    default="declared-at-play",
))

# -- playing cards -----------------------------------------------------------------------------------
BENEFIT_CHECK = register(Ruling(
    id="behold_rome.benefit-check",
    title="When 'able to resolve at least some of each distinct type of benefit' is checked",
    quote="You must be able to resolve at least some of each distinct type of benefit of the action (you can't "
          "play a card just to pay its action's costs).",
    source=refs.ACTION_PHASE,
    choice="When the card is played: it is playable only if its costs can be paid and then at least one of "
           "each type of benefit resolved (all of them together). Every later step must keep that possible; "
           "once each type has had one, the rest may be left unresolved. The search needs one of each type "
           "only, so of the deck it uses the visible top card (with fluid rounds, also the card that comes on "
           "top once the nation card is passed).",
    default="at-play",
))

CONQUER_ONE_REGION = register(Ruling(
    id="behold_rome.conquer-one-region",
    title="One region per conquer",
    quote="Conquer actions let you take control of 1 region from your hand. You must generate an amount of "
          "conquer equal to or greater than the region's wealth.",
    source=refs.CONQUER,
    choice="A conquer benefit takes one region (of wealth up to its value, banner heeded); the surplus is "
           "lost. With 4 controlled regions, one of the existing ones is abandoned first.",
    default="one-region",
))

INTERRUPTS = register(Ruling(
    id="behold_rome.interrupts",
    title="When an interrupting card is played, and chains",
    quote="you could play this card immediately after deciding to play a different card. Resolve the "
          "interrupting card's effect fully ... and then continue resolving the effect of the original card "
          "played.",
    source=refs.INTERRUPTING_ACTIONS,
    choice="An interrupting card is declared with the card it interrupts and resolved completely (its costs, "
           "its discard, its benefits) before that card's costs are paid. One interrupting card per played "
           "card, never interrupted itself, never played on its own, never stored, and only on a card that has "
           "a cost it ignores.",
    default="declared-before-costs",
))

# -- the deck, turns and rounds ---------------------------------------------------------------------
STOP_DRAWING = register(Ruling(
    id="behold_rome.stop-drawing",
    title="When the player may stop drawing",
    quote="When drawing cards, you can always choose to stop drawing cards to avoid drawing a card that would "
          "cause a stored card to become un-stored.",
    source=refs.HOLDING_THE_GAME,
    choice="The end-of-turn draw to 5 stops at the nation card and may stop only when the next draw would turn "
           "a stored card upright; a benefit's draw may stop after its first card (a partial benefit).",
    default="stored-or-partial",
))

NATION_REVEALED_TURN = register(Ruling(
    id="behold_rome.nation-revealed-turn",
    title="Ending a turn with the nation card on top",
    quote="When you draw a card and reveal your nation card, stop immediately ... To move on, discard a card "
          "from your hand. ... Then, continue on with your turn.",
    source=refs.ROUND_END,
    choice="While the nation card is the top card the turn cannot end (its draw to 5 could not happen): the "
           "player plays what he wants, may develop the nation, and moves on; the turn then continues. With an "
           "empty hand he moves on without discarding.",
    default="move-on-first",
))

MOVE_ON_WHEN = register(Ruling(
    id="behold_rome.move-on-when",
    title="Moving on 'at any time'",
    quote="You may choose to move on to the next round at any time (you are forced to move on if you have no "
          "remaining cards you can play).",
    source=refs.ROUND_END,
    choice="Once the nation card is revealed (on top): the sentence stands under Round End. 'any-time': in "
           "the action phase whenever no card is being resolved; the nation card, round card and age card are "
           "taken from wherever they are and discarded.",
    default="after-reveal",
    options=("after-reveal", "any-time"),
))

NATION_DEVELOP_WHEN = register(Ruling(
    id="behold_rome.nation-develop-when",
    title="When the nation is developed",
    quote="Before moving on to the next round, you may continue to play cards as long as they do not force you "
          "to draw cards. You may also develop your nation once.",
    source=refs.ROUND_END,
    choice="Once per round, in the action phase, while the nation card is revealed (under 'any-time' moving "
           "on: at any time of the round). Its cost is paid with stored cards, plus any requirement.",
    default="once-at-round-end",
))

NATION_ORDER = register(Ruling(
    id="behold_rome.nation-order",
    title="The order of the nation statuses",
    quote="flip or rotate your nation card to increase its level by 1.",
    source=refs.NATION_STATUS,
    choice="The nation card's levels 1 to 4 as its card data numbers them (the glossary lists monarchy, "
           "republic, empire, theocracy); developing goes to the next level, level 4 is the last.",
    default="card-levels",
))

LAST_ROUND = register(Ruling(
    id="behold_rome.last-round",
    title="The end of the last round",
    quote="Note that when you reveal your nation card at the end of round 12, you may still develop your "
          "nation (once) and play cards from your hand as able before ending the game.",
    source=refs.ROUND_END,
    choice="In the last round the nation card always stops the draw (even with fluid rounds); ending the game "
           "takes the place of moving on (no card is discarded) and is forced once no card can be played.",
    default="end-replaces-move-on",
))

AGES = register(Ruling(
    id="behold_rome.ages",
    title="Ages in a game of fewer rounds",
    quote="Flip or rotate the age card to track the current age (which third of the game you're in). / Hard: "
          "Play only 11 rounds.",
    source=refs.ROUND_AND_AGE_CARDS,
    choice="The age card shows thirds of the printed 12 rounds (rounds 1-4, 5-8, 9-12); a shorter game ends "
           "early in age 3. 'even-thirds': the age is the third of the rounds actually played (11 rounds: "
           "1-3, 4-7, 8-11). No card rule reads the age.",
    default="printed-thirds",
    options=("printed-thirds", "even-thirds"),
))

FLUID_PASS = register(Ruling(
    id="behold_rome.fluid-pass",
    title="Passing the nation card with fluid rounds",
    quote="unless you want to stop at the nation card, just keep moving past it; discard it and the round card "
          "and age card (updating as needed), and continue drawing cards if you had any remaining draw.",
    source=refs.FLUID_ROUND_VARIANT,
    choice="Passing is a choice when a draw reveals the nation card with draw left; it needs a civ card "
           "behind the three cards (else the nation card would be on top again) and no card is discarded "
           "from the hand. Stopping: the round ends as usual, moving on discards no card from the hand.",
    default="choice-with-draw-left",
))

CARD_ORDER_AT_SETUP = register(Ruling(
    id="behold_rome.setup-order",
    title="The order of the nation, round and age cards",
    quote="Put your nation card in back. Orient the round card to round 1 and put it behind the nation card. "
          "Orient the age card to age 1 and put it behind the nation card.",
    source=refs.SETUP,
    choice="Nation card, then round card, then age card, behind the shuffled civ cards (and in front of any "
           "controlled regions); they are always discarded together, in that order.",
    default="nation-round-age",
))

CASUAL_START = register(Ruling(
    id="behold_rome.casual-start",
    title="The starting regions of Casual and Easy",
    quote="Casual: Start with Cisalpine Gaul and Africa controlled at setup.",
    source=refs.GAME_DIFFICULTY_SETTINGS,
    choice="The cards whose levels bear those names are turned to those levels (whatever their star says), "
           "kept out of the shuffle and slotted as controlled regions before the 5 cards are drawn; a card set "
           "without such region levels cannot be played at that difficulty.",
    default="named-levels",
))

TOP_CARD = register(Ruling(
    id="behold_rome.top-card",
    title="What the top card may do",
    quote="Note that you can always see the top card of the deck, but it is not considered in your hand.",
    source=refs.HOLDING_THE_GAME,
    choice="It cannot be played, stored, developed, degraded, conquered or paid; only the end of turn may "
           "discard it (never the nation card).",
    default="end-of-turn-discard-only",
))

# -- scoring (read by explorer.behold_rome.scoring) -------------------------------------------------
SCORED_CARDS = register(Ruling(
    id="behold_rome.scored-cards",
    title="Which cards score",
    quote="At the end of round 12, score all your cards / Total up the unrest icons on active cards in your "
          "civ (including your nation card).",
    source=refs.SCORING,
    choice="Every civ card wherever it is (hand, top of the deck, deck, stored, controlled), at its active "
           "level only, and the nation card at its level.",
    default="whole-civ",
))

WEALTH_COUNTS = register(Ruling(
    id="behold_rome.wealth-counts",
    title="Wealth on other levels",
    quote="Wealth - The number on the top-left corner of region cards. Your controlled region wealth is the "
          "sum of the wealth values of all your controlled regions.",
    source=refs.WEALTH,
    choice="Only controlled regions' wealth scores (a controlled card is always at a region level); wealth on "
           "a region level in the hand or deck, and any wealth a non-region level shows, counts for nothing "
           "but conquering.",
    default="controlled-only",
))

KEYING_ICONS_COUNTED = register(Ruling(
    id="behold_rome.keying-icons-counted",
    title="Which keying icons a scoring rule counts",
    quote="Note that all keying icons in your civ count for scoring abilities, not just those on controlled "
          "regions.",
    source=refs.SCORING,
    choice="The keying icons of the active level of every civ card of the civ (behold_rome.scored-cards).",
    default="active-levels",
))

SCORE_CAP = register(Ruling(
    id="behold_rome.score-cap",
    title="A scoring term's cap on a loss",
    quote="Nearly every civ card has a scoring rule (written in the yellow bar).",
    source=refs.SCORING,
    choice="A term's 'max' (card language) caps its size: a gain at most max VPs, a loss at most max VPs.",
    default="size",
))

SCORING_PROSPERITY = register(Ruling(
    id="behold_rome.scoring-prosperity",
    title="Prosperity gained from scoring rules",
    quote="every prosperity icon on active cards (or gained from special effects on cards, such as Hadrian's "
          "Wall) cancels out 1 unrest icon.",
    source=refs.PROSPERITY,
    choice="Prosperity a scoring rule gives adds to the prosperity icons before unrest is covered; a rival "
           "civ's rules give VPs only.",
    default="adds-to-icons",
))

TYPED_DEVELOP = register(Ruling(
    id="behold_rome.typed-develop",
    title="Which type a typed develop or degrade looks at",
    quote="A card's type is the type of the active level.",
    source=refs.CARD_TYPES,
    choice="'develop 2 (institution cards)' and a typed degrade take cards whose active level, before the change, "
           "is of that type; the level reached may be of another type.",
    default="active-before",
))
