"""Behind's rulings: where the rulebook is silent or ambiguous, the choice the explorer makes.

Each ruling is registered in the shared registry (``explorer.core.rulings``) and listed in the
README.  Values are read through a :class:`~explorer.core.rulings.Rulings` object, so a user can
switch a ruling and compare interpretations.
"""

from explorer.behind import refs
from explorer.core.rulings import Ruling, Rulings, register

CARD_LENGTH = register(Ruling(
    id="behind.card-length-cm",
    title="Length of one card length",
    quote="simply take the back of an action card and measure the complete length of a card with it",
    source=refs.SCENARIOS,
    choice="A card length is 8.8 cm, the long side of a standard 63 x 88 mm card. Three card lengths are "
           "then 26.4 cm, a little more than First Steps' 'about 20 to 25 centimetres' (which fits cards of "
           "6.7-8.3 cm); switch to 8.0 to match First Steps exactly.",
    default=8.8,
    options=(5.0, 12.0),
    numeric=True,
))

CHIP_DIAMETER = register(Ruling(
    id="behind.chip-diameter-cm",
    title="Diameter of a character chip",
    quote="If you look closely at a character chip, you will notice a marking of usually 90º at its edge.",
    source=refs.VIEWING_ANGLE,
    choice="The rulebook never gives the chip size; chips are 3.0 cm across.",
    default=3.0,
    options=(1.0, 6.0),
    numeric=True,
))

TOTAL_MOVEMENT = register(Ruling(
    id="behind.total-movement",
    title="What the 'total movement' of a card is",
    quote="The range of the attack equals twice the total movement of the card that enables the ranged attack",
    source=refs.RANGED,
    choice="Total movement = movement range x movement number: the whole distance the card could move "
           "one chip (Movement: 'two or three times the same character in one overall movement').",
    default="range-times-number",
    options=("range-times-number", "range-only"),
))

FATE_RANGE = register(Ruling(
    id="behind.fate-number-range",
    title="Range of fate numbers on the illustrative cards",
    quote="Had the card shown a fate number of only 3 or less, the action would not have been successful.",
    source=refs.ABILITY_CHECK,
    choice="The card lists are not published here; the illustrative cards use fate numbers 1 to 9 "
           "(the rulebook's examples show 3, 5 and 6). The odds work for any integers.",
    default="1-9",
))

MOVEMENT_BAR = register(Ruling(
    id="behind.movement-range-cm",
    title="Movement range (the bar on the card's edge) in centimetres",
    quote="Depending on how far the bar is coloured, he may now move one of his character chips that distance",
    source=refs.FIRST_STEPS,
    choice="The bar runs along the card's long edge, so a movement range is at most one card length; "
           "the illustrative cards give it directly in cm (2.0 to 8.8).",
    default="cm-in-data",
))

HAND_CARD_OPTIONAL = register(Ruling(
    id="behind.hand-card-optional",
    title="Must a combatant play a hand card?",
    quote="The hand card may be played, the card of the supply must be played.",
    source=refs.MELEE,
    choice="Playing a hand card is optional for attacker, defender and dodging target; the supply card "
           "is compulsory. The odds assume each side plays its highest card; the card_choice "
           "parameter ('highest', 'lowest', 'random', 'none') switches this per side.",
    default="highest",
    options=("highest", "lowest", "random", "none"),
))

UNKNOWN_HAND = register(Ruling(
    id="behind.unknown-hand",
    title="Where an unknown hand comes from",
    quote="Each player then draws five hand cards from his supply, which he should keep secret",
    source=refs.THE_BEGINNING,
    choice="A hand the odds do not know is a uniformly random set of hand-size cards drawn from the "
           "supply before its top card is turned up.",
    default="drawn-before-top-card",
))

ZUSATZ_RANGED = register(Ruling(
    id="behind.zusatz-in-ranged",
    title="Does a Zusatz combat bonus count in ranged combat?",
    quote="If, for example, a card with a fate number of 5 reads \"Zusatz: Kampfwert+2\" and the card is used "
          "as an attack or defence card, the final combat value of the card is 7",
    source=refs.SPECIAL_CARD_EFFECT,
    choice="Yes: shooting and dodge values are combat values, so the Zusatz bonus of every card whose "
           "fate number is used counts there too.",
    default=True,
    options=(True, False),
))

ASSISTED_DAMAGE = register(Ruling(
    id="behind.assisted-damage",
    title="Who takes the damage when an assisted attack fails",
    quote="his player may choose an enemy character participating in the fight who receives the damage",
    source=refs.MELEE,
    choice="The defender's player chooses; the odds assume the participant with the lowest Resistance "
           "(the most injuries, counted against that Resistance). 'attacker' always damages the attacker.",
    default="lowest-resistance",
    options=("lowest-resistance", "attacker"),
))

GLAUBE_DEFENCE = register(Ruling(
    id="behind.glaube-assistants",
    title="Glaube against an assisted attack",
    quote="he may add his Faith value to his Strength for each additional opponent after the first",
    source=refs.GLAUBE,
    choice="A defender with Glaube counts every assisting character as an additional opponent: "
           "assistants must be unbound, which is Glaube's own condition.",
    default="assistants-count",
))

DISTANCE = register(Ruling(
    id="behind.distance-measure",
    title="How distances between chips are measured",
    quote="The distance is measured from the centre of a character chip.",
    source=refs.MOVEMENT,
    choice="All distances (movement, ranges, card lengths in scenario setups) run from chip centre to "
           "chip centre; 'edge' measures the gap between the chips' edges instead.",
    default="centre",
    options=("centre", "edge"),
))

CONTACT = register(Ruling(
    id="behind.contact-tolerance-cm",
    title="When two chips touch",
    quote="the character chip of the attacker must be in direct contact with the character chip of the opponent",
    source=refs.MOVEMENT,
    choice="Two chips touch when the gap between their edges is at most 0.1 cm (a hand-placed chip is "
           "never exact); chips whose gap is negative overlap, which is illegal.",
    default=0.1,
    options=(0.0, 1.0),
    numeric=True,
))

SIGHT_GRAZING = register(Ruling(
    id="behind.sight-grazing",
    title="A sight line that only grazes a chip or obstacle",
    quote="A conceptual line between the centres of the two character chips must therefore be drawable without interruption.",
    source=refs.RANGED,
    choice="A line is interrupted only where it passes through the inside of another chip or an obstacle; "
           "touching an edge does not block it.",
    default="interior-blocks",
))

FLYER_SIGHT = register(Ruling(
    id="behind.flyer-sight",
    title="Whose sight a flyer's freedom covers",
    quote="the line of sight of a flyer is not obstructed by obstacles or other characters",
    source=refs.FLYING,
    choice="'symmetric': a line of sight with a flyer at either end is never blocked (a line is the same "
           "line both ways). 'observer-only': only the flyer's own sight is free.",
    default="symmetric",
    options=("symmetric", "observer-only"),
))

REAR_ARC = register(Ruling(
    id="behind.rear-arc",
    title="Where a touching attacker is 'in the rear arc'",
    quote="If a character touches an enemy character chip in the 90º angle opposite the viewing angle",
    source=refs.VIEWING_ANGLE,
    choice="The point of contact lies on the line between the centres, so the attacker is in the rear arc "
           "when the direction from the defender's centre to the attacker's centre is within 45 degrees "
           "of the defender's back; the arc's boundary counts as inside (likewise for the viewing angle).",
    default="centre-direction",
))

MOVE_BLOCKED = register(Ruling(
    id="behind.move-into-obstacle",
    title="A straight move that runs into an obstacle or the table edge",
    quote="applies in a straight line through the terrain, but not over obstacles, only around them",
    source=refs.MOVEMENT,
    choice="A straight move stops where the moving chip first touches an obstacle or the table edge "
           "(as a move into a chip stops touching it); going around is a move in several legs.",
    default="stop-touching",
))

SIGHT_FROM_FLAT_OBSTACLE = register(Ruling(
    id="behind.sight-from-flat-obstacle",
    title="Lines of sight of a chip standing on a flat obstacle",
    quote="If a character chip lies on a higher level but at the edge of the height difference, there is line of sight.",
    source=refs.TERRAIN,
    choice="A flat obstacle never blocks a line of sight from or to a chip standing on it (the chip stands "
           "above it); it still blocks lines between other chips. How far from the edge the chip stands "
           "is not modelled.",
    default="stands-above",
))

BATTLE_SIZE = register(Ruling(
    id="behind.battle-size",
    title="Which character points choose the Large Battles row",
    quote="it is best to agree before a game with how many character points you want to compete against each other",
    source=refs.OWN_DECKS,
    choice="The row of the Large Battles table (hand cards, actions, minimum deck size) is chosen by the "
           "character points agreed for the battle; a deck with no agreed value uses its own characters' CP.",
    default="agreed-cp",
))

BEHIND_RULINGS = Rulings()

LEG_VIEWING_ANGLE = register(Ruling(
    id="behind.leg-viewing-angle",
    title="The viewing angle and turning during a movement",
    quote="In addition, movement is only possible in the direction of the viewing angle. After a movement a "
          "character chip may be turned as desired.",
    source=refs.VIEWING_ANGLE,
    choice="A movement is one straight leg from the chip's centre (a card with movement number 2 or 3 gives two "
           "or three legs). The leg must run within 45 degrees of the facing the chip has when it starts (boundary "
           "inside, as ruling behind.rear-arc); after the leg the chip may be turned as desired.",
    default="per-leg",
))

CLIMB_FOOT = register(Ruling(
    id="behind.climb-foot",
    title="When a chip stands 'at the lower part of the obstacle'",
    quote="At the start of his movement the character chip must stand at the lower part of the obstacle",
    source=refs.TERRAIN,
    choice="At the start of the leg that climbs, the chip touches the obstacle's edge (a gap of at most "
           "behind.contact-tolerance-cm) and does not stand on it, so a chip may walk to the foot in one leg and "
           "climb in the next. The leg runs straight up onto the top (entering it once) and ends wholly on it at "
           "the point aimed at, or touching a chip or obstacle in its way up there; otherwise the walk stops at "
           "the obstacle. The height to overcome is the obstacle's own recorded height.",
    default="touching-at-leg-start",
))

CLIMB_COST = register(Ruling(
    id="behind.climb-cost",
    title="What climbing an obstacle costs",
    quote="the total movement of the movement card must be sufficient to overcome the height of the obstacle",
    source=refs.TERRAIN,
    choice="'threshold': the card's total movement (ruling behind.total-movement) must be at least the obstacle's "
           "height, and the height is not counted against the leg's distance. 'counts-against-distance': in "
           "addition, the leg's distance plus the height must be within the leg's movement range.",
    default="threshold",
    options=("threshold", "counts-against-distance"),
))

INCORPOREAL_END = register(Ruling(
    id="behind.incorporeal-end",
    title="Where an incorporeal movement may end",
    quote="His movement must not end in the obstacle or character chip itself.",
    source=refs.KOERPERLOS,
    choice="An incorporeal leg passes through every chip and obstacle (the table edge still stops it) and may end "
           "wherever a chip may stand: not overlapping a chip or a non-flat obstacle, and on a flat obstacle only "
           "wholly on it (it passed through the obstacle, so no climb is needed). Any other end is refused; under "
           "tournament rules the leg does not take place and is reported as forfeited, and the engine forfeits the "
           "action. Only Körperlos forfeits: a flyer landing on a chip is refused at tournaments too.",
    default="placeable-end",
))

BREAK_AWAY_LEVELS = register(Ruling(
    id="behind.break-away-levels",
    title="Touching enemies on another height level when breaking away",
    quote="Each additional enemy beyond the first who is in combat with the character raises the check by +1.",
    source=refs.MOVEMENT,
    choice="'same-level': only touching enemies on the same height level are in combat with the character and "
           "count (Terrain and Climbing: 'Melee combats between characters at different height levels are not "
           "possible.'). 'any-touching': every touching enemy chip counts.",
    default="same-level",
    options=("same-level", "any-touching"),
))

SCENARIO_TABLE = register(Ruling(
    id="behind.scenario-table-cm",
    title="Size of the table in a scenario",
    quote="Lay out a few obstacles in the middle of the table as described in the scenario",
    source=refs.SCENARIOS,
    choice="The rulebook never gives a table size. A scenario file gives it: 120 x 80 cm for two players "
           "(\"Unser Revier!\"), 120 x 120 cm for three (\"Das Juwel von Athen\": a middle player and two at "
           "opposite edges).",
    default="120x80 for 2 players, 120x120 for 3",
))

TABLE_MIDDLE = register(Ruling(
    id="behind.table-middle",
    title="Where 'the middle of the table' is for a scenario's obstacles",
    quote="Place six small obstacles in the middle of the table.",
    source=refs.UNSER_REVIER,
    choice="Every obstacle lies wholly inside the central rectangle that is this fraction of the table's "
           "width and depth (0.5: the middle 60 x 40 cm of a 120 x 80 cm table).",
    default=0.5,
    options=(0.2, 1.0),
    numeric=True,
))

SCENARIO_OBSTACLE_GAP = register(Ruling(
    id="behind.scenario-obstacle-gap",
    title="How far apart a scenario's obstacles must be",
    quote="place six small obstacles with some distance between them in the middle of the table",
    source=refs.FIRST_STEPS,
    choice="Every two obstacles of a scenario are at least one chip diameter apart, so a chip can pass "
           "between them (moves go 'only around' obstacles). 'Small' is not checked.",
    default="chip-diameter",
))

SETUP_OWN_GROUP = register(Ruling(
    id="behind.setup-own-group",
    title="'At most one card length from another chip' in a scenario setup",
    quote="Each of his chips may likewise be at most one card length from one of his own chips.",
    source=refs.UNSER_REVIER,
    choice="'each-near-one' (as written): every chip has another chip of its own player within one card "
           "length; 'one-group': all of a player's chips are linked by such steps. Distances follow "
           "behind.distance-measure (centre to centre by default); a player with one chip is never apart.",
    default="each-near-one",
    options=("each-near-one", "one-group"),
))

SETUP_MIDDLE_AREA = register(Ruling(
    id="behind.setup-middle-area",
    title="Where 'between the obstacles in the middle of the table' is",
    quote="The first player places his character chips between the obstacles in the middle of the table.",
    source=refs.UNSER_REVIER,
    choice="A chip of the middle player stands between the obstacles when its centre lies inside the "
           "obstacles' convex hull grown by one card length ('hull'), or inside their bounding box grown "
           "by one card length ('box').",
    default="hull",
    options=("hull", "box"),
))

SETUP_TABLE_EDGE = register(Ruling(
    id="behind.setup-table-edge",
    title="What 'at a table edge of his choice' means, in card lengths",
    quote="Then the opponent places his character chips at a table edge of his choice.",
    source=refs.UNSER_REVIER,
    choice="Every chip of a player at a table edge is within this many card lengths (default 1) of the "
           "edge he chose, the edge nearest his chips' centroid; the third player of the Jewel measures "
           "from the edge opposite the second player's. Distances to a table edge (also the Jewel's four "
           "card lengths) run from the chip centre, or from its edge under behind.distance-measure = 'edge'.",
    default=1.0,
    options=(0.5, 3.0),
    numeric=True,
))


# ---------------------------------------------------------------------------------------------
# The game engine (explorer/behind/game*.py)
# ---------------------------------------------------------------------------------------------
DUEL_RANKING = register(Ruling(
    id="behind.duel-ranking",
    title="An influence duel among three players",
    quote="The winner of the influence duel then also begins with the setup of his characters. The runner-up of the duel follows.",
    source=refs.JUWEL_VON_ATHEN,
    choice="Every player turns up his top card; players tied at any place turn up again among themselves "
           "until each place is decided, so a duel ranks all players (winner, runner-up, third).",
    default="rank-all",
))

SETUP_DUEL = register(Ruling(
    id="behind.setup-duel",
    title="One influence duel for terrain, setup order and the first turn",
    quote="Determine by an influence duel (p. 24) who begins with this, and then alternate. The winner of the "
          "influence duel then also begins with the setup of his characters.",
    source=refs.UNSER_REVIER,
    choice="The Beginning asks for a duel for the starting player, the scenarios for one for the terrain; "
           "the scenario's text takes precedence (Rule of Precedence): one duel decides who places the first "
           "obstacle and sets up first (the middle player), and the middle player begins the game.",
    default="one-duel",
))

ORGANISATION_ORDER = register(Ruling(
    id="behind.organisation-order",
    title="The order of the organisation phase",
    quote="This procedure is repeated for each card that requires an influence check. The acting player determines the order.",
    source=refs.ORGANISATION_PHASE,
    choice="Voluntary transformations back first (Wandler: 'at the beginning of one of his own following "
           "turns'), then the influence checks in the order the cards were played, then the Wandler duration "
           "checks, then the effects of permanent cards (heal-each-turn, draw-each-turn). The order does not "
           "change the odds: every check turns up the next supply card.",
    default="revert-influence-wandler-effects",
))

DIVIDED_DAMAGE = register(Ruling(
    id="behind.divided-damage",
    title="How many injuries when several attackers lose and the damage is divided",
    quote="his player may choose an enemy character participating in the fight who receives the damage. "
          "With several injuries the damage may also be divided among several enemy characters.",
    source=refs.MELEE,
    choice="The defender names who receives the damage; the number of injuries is the difference against the "
           "Resistance of the character he names first ('first-named'), or of the toughest character he names "
           "('highest-resistance'); he may then divide those injuries among the participants.",
    default="first-named",
    options=("first-named", "highest-resistance"),
))

MOMENT_WINDOWS = register(Ruling(
    id="behind.moment-windows",
    title="When a Moment can be played in an opponent's turn",
    quote="By playing a Moment during an opponent's turn, an enemy action may even be interrupted.",
    source=refs.MOMENTS,
    choice="A player plays Moments in an opponent's turn when an enemy action targets one of his characters "
           "(a melee attack or a shot), before his defence or dodge value is determined: the Moments of the "
           "illustrative cards strengthen exactly that defence. In his own turn a Moment is an ordinary card effect.",
    default="defence-window",
))

MOMENT_TIES = register(Ruling(
    id="behind.moment-ties",
    title="Order of Moments with equal fate numbers",
    quote="If the fate numbers are equally high, the acting player may decide on the order of these Moments.",
    source=refs.TIMING,
    choice="Moments played together resolve by fate number, highest first; equal fate numbers resolve in the "
           "order they were announced (the acting player may reorder them by announcing in another order).",
    default="as-announced",
))

BREAK_AWAY_SEVERAL = register(Ruling(
    id="behind.break-away-several",
    title="Breaking away when one movement card moves several chips",
    quote="If the check fails, the action was unsuccessful and the movement card is discarded without effect",
    source=refs.MOVEMENT,
    choice="Every chip of the movement that starts touching an enemy makes its check before any chip moves; "
           "if one check fails, the whole movement has no effect (the card is discarded, the action spent).",
    default="all-checks-first",
))

ACTION_PHASE_END = register(Ruling(
    id="behind.action-phase-end",
    title="When the action phase ends",
    quote="Now the player whose turn it is may perform three actions.",
    source=refs.ACTION_PHASE,
    choice="Viewing Angle lets a character be turned 'once in his own turn, at any time and without spending an "
           "action'. So with no action left the turn does not pass at once: while the acting player still has a "
           "character he may turn, he may turn it or end his turn (EndTurn); once every such character is turned "
           "the turn passes by itself ('free-turn-window', the default: the turn is his until he ends it). "
           "'after-last-action' ends the action phase with the last action, so a free turn must come before it. "
           "In both, the free turn is also open in his organisation phase.",
    default="free-turn-window",
    options=("free-turn-window", "after-last-action"),
))

FRIGHTENED = register(Ruling(
    id="behind.frightened",
    title="What a frightened character cannot do",
    quote="The consequence is that the enemy character cannot act in his next turn.",
    source=refs.SCHRECKEN,
    choice="In his player's next turn a frightened character performs no action of any kind (moving, "
           "attacking, shooting, abilities, items, even the free turn); he defends normally and may be "
           "broken away from without a check until the end of that turn.",
    default="no-action-next-turn",
))

HANDOVER = register(Ruling(
    id="behind.handover",
    title="Who can receive an item",
    quote="the item must also be carriable by the new bearer (the card text informs about this)",
    source=refs.HANDING_OVER,
    choice="An item goes to another character of the same player (it stays influenced by him); the "
           "illustrative cards name no restriction, so every character can carry every item.",
    default="own-character",
))

ITEM_BONUSES = register(Ruling(
    id="behind.item-bonuses",
    title="Which items count in a melee",
    quote="Each character can carry any number of items and weapons, but may use the effect of only one weapon per combat.",
    source=refs.WEAPONS,
    choice="The attacker (and the defender) names at most one weapon (Waffe) whose bonus counts; the bonuses "
           "of other items (Gegenstand) always count. A transformed character uses none.",
    default="one-weapon-all-items",
))

HEAL_EACH_TURN = register(Ruling(
    id="behind.heal-each-turn",
    title="Who a place's healing in the organisation phase heals",
    quote="Through some card effects it is possible to heal a character.",
    source=refs.INJURIES,
    choice="A 'heal-each-turn' card heals the most injured character of its controller (ties: by name).",
    default="most-injured",
))

JEWEL_HANDLING = register(Ruling(
    id="behind.jewel",
    title="Touching, winning and carrying the Jewel of Athens",
    quote="If a character ends his movement touching the jewel, he is in possession of the gemstone without a further action.",
    source=refs.JUWEL_VON_ATHEN,
    choice="The jewel on the ground is a chip-sized spot where the bearer fell: a chip whose leg ends within "
           "touching distance (two radii + contact tolerance) of its centre picks it up. The bearer carries it "
           "over a table edge when a leg of his movement is stopped by the table edge. When the bearer is "
           "eliminated in melee, the character who won that melee (the attacker, or the defender) takes it.",
    default="chip-sized-spot",
))

COMMAND_MOVE = register(Ruling(
    id="behind.command-move",
    title="How a commanded enemy moves",
    quote="a single enemy character can be moved by the total movement of the card that was turned up from the supply for the check",
    source=refs.BEFEHL,
    choice="The commander moves the victim in one straight leg in any direction (not bound to the victim's "
           "viewing angle), walking (stopped by chips, obstacles and the table edge), up to that total "
           "movement, and may turn it afterwards.",
    default="one-straight-leg",
))

ASSISTANCE = register(Ruling(
    id="behind.assistance-own",
    title="Who can assist in a melee",
    quote="In a game with three or more players the respective player decides whether his character wants to "
          "assist an ally and use the ability \"Bündnis\".",
    source=refs.BUENDNIS,
    choice="Assisting characters belong to the attacking player. Alliances between players are not modelled: "
           "in the only three-player scenario ('Das Juwel von Athen') 'the other players are not allied'.",
    default="own-characters",
))

UNIQUE_TWICE = register(Ruling(
    id="behind.unique-twice",
    title="What 'cannot be played two or more times by the same player' forbids",
    quote="Neither unique nor legendary cards can be played two or more times by the same player.",
    source=refs.SPECIAL_CARD_EFFECT,
    choice="A player cannot play a unique or legendary permanent card while his own copy of it is in play; an "
           "opponent's copy in play leads to an influence duel. Unique events leave play at once and are not limited.",
    default="while-in-play",
))

MOMENT_BUDGET = register(Ruling(
    id="behind.moment-budget",
    title="How many Moments a player may play in opponents' turns",
    quote="Naturally a player cannot play more Moments in the opponents' turns than he would have actions in his "
          "own next turn. ... Advice: In your first game, therefore, only two Moment cards per round are possible",
    source=refs.MOMENTS,
    choice="The rulebook's own figure for 3 actions is two Moments, so the budget is the next turn's actions "
           "minus one ('actions-minus-one': a player keeps at least one action); 'actions' follows the rule's "
           "wording alone.",
    default="actions-minus-one",
    options=("actions-minus-one", "actions"),
))

FLYING_DURATION = register(Ruling(
    id="behind.flying-duration",
    title="How long a character flies",
    quote="Some card effects allow a character to move by flying.",
    source=refs.FLYING,
    choice="Flying is a way of moving: a character flies during the movement a fly card gives him and stands "
           "on the table afterwards, so his sight is a flyer's only while a chip is marked flying on the table.",
    default="during-the-movement",
))

NO_CHARACTERS_DEALT = register(Ruling(
    id="behind.no-characters-dealt",
    title="A player left without characters by the legendary duels",
    quote="The winner of the duel may use the character in the game; the loser must remove the character card "
          "from the game. It is therefore important to choose one's characters with care.",
    source=refs.SPECIAL_CARD_EFFECT,
    choice="The rulebook does not say what happens to a player who loses every duel for his characters. He "
           "could place no chip in the scenario's setup and take no turn, so the deal is refused with this rule "
           "before the scenario is laid out (the players choose other decks, or deal again).",
    default="refuse-the-deal",
))
