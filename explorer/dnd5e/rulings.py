"""D&D 5e combat rulings: where the excerpt leaves a choice to the SL (Spielleiter, game master) or
is silent, the choice the explorer makes.

Each ruling is registered in the shared registry (:mod:`explorer.core.rulings`) with the quote
from ``dnd5e-combat-de-excerpt.txt`` that raises the question; the engines read the values from a
:class:`~explorer.core.rulings.Rulings` object by id (``rulings["dnd5e.measuring"]``), so a
user can switch one and compare.  Where the answer comes from the SRD 5.1 the choice says so.
"""

from explorer.core.rulings import Ruling, Rulings, register
from explorer.dnd5e import refs

MEASURING = register(Ruling(
    id="dnd5e.measuring",
    title="Measuring on a 1.5 m grid or gridless",
    quote="eine Kreatur innerhalb eines Radius von 1,5 Metern von dir mit einem Angriff zu treffen",
    source=refs.HELFEN,
    choice="The excerpt measures in metres but never says how. 'grid': the map is a grid of 1.5 m squares "
           "(the German edition's 5 ft); a creature stands on whole squares, moves square by square and a "
           "step costs 1.5 m (diagonals: dnd5e.grid-diagonals). 'gridless': exact distances along the path "
           "(shapely), a creature's space shaped by dnd5e.space-shape.",
    default="grid",
    options=("grid", "gridless"),
))

GRID_DIAGONALS = register(Ruling(
    id="dnd5e.grid-diagonals",
    title="What a diagonal step costs on the grid",
    quote="Bei einer Bewegungsrate von neun Metern kannst du dich in deinem Zug insgesamt bis zu 18 Meter "
          "weit bewegen",
    source=refs.SPURT,
    choice="'every-1.5': every diagonal step costs 1.5 m like a straight one (the grid rule people play "
           "by most). 'alternate-1.5-3': the DMG variant, the first diagonal 1.5 m, the second 3 m, and so "
           "on, counted over the whole turn's movement. Distances for reach use the same rule.",
    default="every-1.5",
    options=("every-1.5", "alternate-1.5-3"),
))

SPACE_SHAPE = register(Ruling(
    id="dnd5e.space-shape",
    title="The shape of a creature's space without a grid",
    quote="Du kannst dich durch den Bereich einer freundlichen Kreatur bewegen.",
    source=refs.UM_KREATUREN_HERUM,
    choice="The space (Bereich) of the SRD's Size Categories table is 'x by x ft.': gridless it is an "
           "axis-aligned square of that side ('square'), or a circle of that diameter ('circle', as round "
           "bases are). On the grid it is always whole squares: a Tiny creature takes one square of its own.",
    default="square",
    options=("square", "circle"),
))

STAND_UP_ON_GRID = register(Ruling(
    id="dnd5e.stand-up-grid",
    title="Standing up when half the speed is not whole squares",
    quote="Du kannst nicht aufstehen, wenn du nicht genügend Bewegungsrate übrig hast",
    source=refs.AUFSTEHEN,
    choice="Standing up costs half the walking speed (SRD 5.1 Being Prone). 'exact': exactly half, also on "
           "the grid (7.5 m -> 3.75 m; the 0.75 m left over buys no square). 'round-down': on the grid half "
           "the speed rounded down to whole 1.5 m squares (7.5 m -> 3 m). Gridless it is always exact.",
    default="exact",
    options=("exact", "round-down"),
))

OCR_ZERO = register(Ruling(
    id="dnd5e.ocr-zero",
    title="OCR: the letter O as the digit 0",
    quote="oder wenn deine Bewegungs- rate O beträgt",
    source=refs.AUFSTEHEN,
    choice="The scan prints 0 as 'O' (also 'Bewegungsrate von O' in FLIEGEND and AUSWEICHEN); every such "
           "'O' is read as the number 0, and hyphenated line breaks ('Bewegungs- rate') as one word.",
    default="O-is-0",
))

CLIMB_IN_DIFFICULT = register(Ruling(
    id="dnd5e.climb-in-difficult-terrain",
    title="Climbing, swimming or crawling in difficult terrain: total cost per metre",
    quote="kostet jeder Meter, den du zurücklegst, einen zusätzlichen weiteren Meter an Bewegungsrate "
          "(zwei Meter in schwierigem Gelände)",
    source=refs.KLETTERN_SCHWIMMEN_KRIECHEN,
    choice="'total-3': the two extra metres include difficult terrain's own extra metre, so a metre costs 3 m "
           "(the SRD 5.1 Being Prone example: 'Crawling 1 foot in difficult terrain ... costs 3 feet'). "
           "'stacked-4': difficult terrain's extra metre comes on top (4 m).",
    default="total-3",
    options=("total-3", "stacked-4"),
))

TERRAIN_ATHLETICS = register(Ruling(
    id="dnd5e.terrain-athletics",
    title="Does the SL ask for Athletics on slippery walls and in rough water?",
    quote="Der SL entscheidet, ob das Klettern auf einer rutschigen Oberfläche oder an einer Wand mit wenig "
          "Griffmöglichkeiten einen erfolgreichen Stärkewurf (Athletik) erfordert.",
    source=refs.KLETTERN_SCHWIMMEN_KRIECHEN,
    choice="Yes: climbing an area marked slippery (rutschig) or swimming in one marked rough (rau) needs a "
           "Strength (Athletics) check, once per area and move, listed with the move (DC: "
           "dnd5e.terrain-athletics-dc); a creature using its own climbing or swimming speed needs none. "
           "False: never.",
    default=True,
    options=(True, False),
))

TERRAIN_ATHLETICS_DC = register(Ruling(
    id="dnd5e.terrain-athletics-dc",
    title="DC of the Athletics check on slippery walls and in rough water",
    quote="Auch das Vorankommen in rauen Gewässern kann einen erfolgreichen Stärkewurf (Athletik) erfordern.",
    source=refs.KLETTERN_SCHWIMMEN_KRIECHEN,
    choice="The excerpt gives no DC; 15, 'Medium' in the SRD 5.1 Typical Difficulty Classes.",
    default=15,
    options=(5, 30),
    numeric=True,
))

LOW_OBSTACLE_ATHLETICS = register(Ruling(
    id="dnd5e.low-obstacle-athletics",
    title="Does the SL ask for the DC 10 Athletics check to clear a low obstacle in a long jump?",
    quote="Der SL kann einen erfolgreichen SG-10-Stärkewurf (Athletik) von dir verlangen, wenn du ein "
          "niedriges Hindernis wie eine niedrige Mauer (nicht höher als ein Viertel deiner Sprungdistanz) "
          "über- winden willst.",
    source=refs.WEITE_SPRUENGE,
    choice="Yes (True): a long jump over a low wall needs the DC 10 check; on a failure the jumper hits it "
           "('Bei einem Misserfolg prallst du dagegen'). False: the SL waives it.",
    default=True,
    options=(True, False),
))

LOW_OBSTACLE_QUARTER_OF = register(Ruling(
    id="dnd5e.low-obstacle-quarter-of",
    title="A quarter of which jump distance limits a low obstacle",
    quote="nicht höher als ein Viertel deiner Sprungdistanz",
    source=refs.WEITE_SPRUENGE,
    choice="'jump': a quarter of the distance of this jump (the SRD 5.1 Jumping: 'no taller than a quarter "
           "of the jump's distance'); 'maximum': a quarter of the creature's longest long jump. A higher "
           "obstacle cannot be cleared by the long jump.",
    default="jump",
    options=("jump", "maximum"),
))

RUN_UP = register(Ruling(
    id="dnd5e.run-up",
    title="What counts as the three metres before a jump",
    quote="sofern du unmittelbar vor dem Sprung mindestens drei Meter zurückgelegt hast",
    source=refs.WEITE_SPRUENGE,
    choice="The metres walked (the distance, not its cost) in the legs of the same move just before the "
           "jump, in any direction, stopping at anything else (a jump, climbing, swimming, crawling, "
           "flying, standing up); SRD 5.1 Jumping: 'on foot'.",
    default="walked-just-before",
))

TERRAIN_UNDER_CENTRE = register(Ruling(
    id="dnd5e.terrain-under-centre",
    title="Which terrain a creature is in",
    quote="Denke daran, dass der Bereich einer anderen Kreatur als schwieriges Gelände gilt.",
    source=refs.UM_KREATUREN_HERUM,
    choice="A creature moves in the terrain under its centre (on the grid: the centre of the square or "
           "squares it enters); it is in another creature's space while the two spaces overlap (touching "
           "edges do not).",
    default="centre",
))

LOW_WALL_ON_FOOT = register(Ruling(
    id="dnd5e.low-wall-on-foot",
    title="Crossing a low wall without jumping",
    quote="wenn du ein niedriges Hindernis wie eine niedrige Mauer (nicht höher als ein Viertel deiner "
          "Sprungdistanz) über- winden willst",
    source=refs.WEITE_SPRUENGE,
    choice="A low wall (niedrige Mauer) crossed on foot is climbed: it costs as climbing (KLETTERN, "
           "SCHWIMMEN UND KRIECHEN); a chasm (Abgrund) cannot be walked, only jumped or flown.",
    default="climb",
))

DASH_EVERY_SPEED = register(Ruling(
    id="dnd5e.dash-every-speed",
    title="Spurt with several speeds",
    quote="Diese entspricht deiner sonstigen Bewegungsrate, nachdem etwaige Modifikatoren auf sie "
          "angewendet wurden.",
    source=refs.SPURT,
    choice="Spurt adds each of the creature's speeds to itself (walking 9 m -> 18 m, flying 24 m -> 48 m); "
           "switching speeds then follows SRD 5.1 Using Different Speeds.",
    default="each-speed",
))

HIGH_JUMP_ATHLETICS = register(Ruling(
    id="dnd5e.high-jump-athletics",
    title="Jumping higher than usual with Athletics",
    quote="Unter Umständen kann dir der SL einen Stärkewurf (Athletik) erlauben, damit du höher als sonst "
          "springen kannst.",
    source=refs.HOHE_SPRUENGE,
    choice="Not modelled: neither the excerpt nor the SRD says how much higher; the high jump is the rule's "
           "height and the SL adds what a check allows.",
    default="not-modelled",
))

ZERO_HP = register(Ruling(
    id="dnd5e.zero-hp",
    title="What 0 hit points does in an encounter",
    quote="Bei einem Treffer würfelst du den Schaden, es sei denn, die Art des Angriffs gibt etwas anderes an.",
    source=refs.ANGRIFFSSTRUKTUR,
    choice="Simplified from SRD 5.1 Dropping to 0 Hit Points: damage lowers the hit points to no less than 0; at "
           "0 the creature falls unconscious (bewusstlos: kampfunfähig, liegend) and is out of the fight -- no "
           "death saving throws, no instant death, no healing; it takes no turns, gives no reactions and cannot "
           "be chosen as a target.",
    default="out-of-the-fight",
))

OPPORTUNITY_ATTACK_AUTOMATIC = register(Ruling(
    id="dnd5e.opportunity-attack-automatic",
    title="Who decides whether an opportunity attack is made",
    quote="Verlässt du in deinem Zug die Angriffsreichweite einer feindlichen Kreatur, provozierst du einen "
          "Gelegenheitsangriff",
    source=refs.UM_KREATUREN_HERUM,
    choice="The reacting creature always takes it when it can (SRD 5.1 Opportunity Attacks: its reaction, one "
           "melee attack): with its first melee weapon, right before the mover leaves its reach, at the point the "
           "move names; the game does not pause for the decision. A mover dropped to 0 hit points stops there "
           "(where its space is free, else where the move began).",
    default="always",
))

READY_TRIGGER = register(Ruling(
    id="dnd5e.ready-trigger",
    title="How a Vorbereiten trigger is expressed",
    quote="Zuerst musst du entscheiden, welcher wahrnehmbare Umstand deine Reaktion auslösen wird.",
    source=refs.VORBEREITEN,
    choice="From a closed list: 'feind-kommt-in-reichweite', a hostile creature not within the readier's reach "
           "ends a move within it. The reaction is one attack against that creature or a move along a path "
           "named when readying (up to the full speed); it is always taken when the trigger occurs and the "
           "reaction is still there, right after the move that set it off, and is lost at the start of the "
           "readier's next turn. A readied spell (one the readier knows, casting time one action: Feuerpfeil) is cast "
           "when readying and released with the reaction as its spell attack at that creature; holding it needs "
           "concentration: damage to the readier asks a Constitution save of DC 10 or half the damage, whichever "
           "is higher (SRD 5.1 Concentration), and failing it, or dropping to 0 hit points, loses the spell "
           "without effect.",
    default="closed-list",
))

HIDE_TRACKED = register(Ruling(
    id="dnd5e.hide-tracked",
    title="What the game tracks of Verstecken",
    quote="Falls der Wurf gelingt, erhältst du die Vorzüge, wie sie im Abschnitt „Ungesehene Angreifer und "
          "Ziele\" später in diesem Kapitel beschrieben werden.",
    source=refs.VERSTECKEN,
    choice="No sight lines are modelled: the SL lets a creature try to hide anywhere. The Dexterity (Stealth) "
           "total must reach the highest passive Perception of the foes still in the fight; then the creature is "
           "versteckt (unseen: its attacks have advantage, attacks against it disadvantage, SRD 5.1 Unseen "
           "Attackers and Targets) until it makes an attack (hit or miss), drops to 0 hit points, or a foe's "
           "Suchen reaches its Stealth total.",
    default="stealth-vs-passive",
))

ROUND_LIMIT = register(Ruling(
    id="dnd5e.round-limit",
    title="When an encounter ends without a winner",
    quote="In deinem Zug kannst du eine der hier beschriebenen Aktionen ausführen.",
    source=refs.AKTIONEN_IM_KAMPF,
    choice="The encounter ends when one side has no creature able to act (all at 0 hit points or "
           "kampfunfähig): the other side wins. It also ends, without a winner, after this many rounds.",
    default=20,
    options=(1, 200),
    numeric=True,
))

INITIATIVE_TIES = register(Ruling(
    id="dnd5e.initiative-ties",
    title="Breaking initiative ties",
    quote="In deinem Zug kannst du eine der hier beschriebenen Aktionen ausführen.",
    source=refs.AKTIONEN_IM_KAMPF,
    choice="SRD 5.1 Initiative: each creature rolls d20 + Dexterity modifier from the encounter's seed; the SL "
           "decides ties between monsters and players between players: here the higher Dexterity modifier goes "
           "first, then the order the creatures were listed in.",
    default="dexterity-then-listed",
))

COVER_STATED = register(Ruling(
    id="dnd5e.cover-stated",
    title="Who says what cover a target has in the encounter",
    quote="Der SL entscheidet, ob das Ziel von Deckung profitiert",
    source=refs.ANGRIFFSSTRUKTUR,
    choice="The attack names the cover the SL states (keine, halb +2, dreiviertel +5, voll: no attack; SRD 5.1 "
           "Cover); the simulator's candidate attacks state none. Cover from the map's geometry is not yet read.",
    default="stated",
))

MOVE_CHECKS = register(Ruling(
    id="dnd5e.move-checks",
    title="The checks a move calls for, in the encounter",
    quote="Bei einem Misserfolg prallst du dagegen.",
    source=refs.WEITE_SPRUENGE,
    choice="The encounter rolls each check a move calls for (d20 + the Strength modifier for Stärke, the "
           "Dexterity modifier for Geschicklichkeit; no proficiency), before the move's opportunity attacks. A "
           "failed landing check leaves the creature prone at the end of the move; any other failed check "
           "(hitting the low wall, no headway on a slippery wall or in rough water) leaves it where the move "
           "began, the movement spent.",
    default="roll-then-stay",
))

DND5E_RULINGS = Rulings()
"""The defaults (the registry's values); ``DND5E_RULINGS.switch(**{"dnd5e.measuring": "gridless"})``."""

# --- cover (Deckung) and sight from the map's geometry: explorer.dnd5e.cover ------------------
COVER_GRIDLESS = register(Ruling(
    id="dnd5e.cover-gridless",
    title="Cover from the map without a grid",
    quote="Der SL entscheidet, ob das Ziel von Deckung profitiert",
    source=refs.ANGRIFFSSTRUKTUR,
    choice="SRD 5.1 Cover: 'A target has half cover if an obstacle blocks at least half of its body', "
           "three-quarters 'if about three-quarters of it is covered', total 'if it is completely concealed'. "
           "'fraction': sight lines from the attacker's point (dnd5e.cover-origin) to 36 points spread evenly "
           "over the target's space (6 x 6, those inside a round space); the share the walls block gives the "
           "degree: all -> voll, at least 3/4 -> dreiviertel, at least 1/2 -> halb. 'corners': the grid method "
           "(dnd5e.cover-grid) on the corners of the two spaces.",
    default="fraction",
    options=("fraction", "corners"),
))

COVER_GRID = register(Ruling(
    id="dnd5e.cover-grid",
    title="Cover on the 1.5 m grid",
    quote="Der SL entscheidet, ob das Ziel von Deckung profitiert",
    source=refs.ANGRIFFSSTRUKTUR,
    choice="'corners' (the Dungeon Master's Guide's grid method, not in the SRD 5.1): from the corner of one of "
           "the attacker's squares that sees best, lines to the four corners of one of the target's squares: "
           "1 or 2 blocked -> halb, 3 blocked by walls -> dreiviertel, 4 -> voll. 'fraction': the gridless "
           "method (dnd5e.cover-gridless) on the grid's spaces.",
    default="corners",
    options=("corners", "fraction"),
))

COVER_ORIGIN = register(Ruling(
    id="dnd5e.cover-origin",
    title="Where the attacker's sight lines start (fraction method)",
    quote="Der SL entscheidet, ob das Ziel von Deckung profitiert",
    source=refs.ANGRIFFSSTRUKTUR,
    choice="'best-point': the centre or a corner of the attacker's space (four points on the rim of a round "
           "one), whichever leaves the target the least cover, as the grid method lets the attacker choose a "
           "corner. 'centre': the centre of the attacker's space only.",
    default="best-point",
    options=("best-point", "centre"),
))

COVER_OBSTACLES = register(Ruling(
    id="dnd5e.cover-obstacles",
    title="What gives cover, and how much",
    quote="Der SL entscheidet, ob das Ziel von Deckung profitiert",
    source=refs.ANGRIFFSSTRUKTUR,
    choice="Walls (Wand) give any degree. A creature other than the two ('a creature, whether that creature is "
           "an enemy or a friend') and a low wall (niedrige Mauer, any height) give half cover and never more "
           "(SRD 5.1 Cover): halb when, with the walls, they block at least half the lines (one line on the "
           "grid). Only the most protective degree applies, degrees are not added. A line that only touches an "
           "edge or a corner is not blocked; a low wall the attacker or the target stands on gives no cover.",
    default="walls-any-creatures-low-walls-half",
))

LINE_OF_SIGHT = register(Ruling(
    id="dnd5e.line-of-sight",
    title="When one creature can see another",
    quote="sofern du den Angreifer sehen kannst",
    source=refs.AUSWEICHEN,
    choice="Two creatures see each other when some straight line between points of their spaces (centre, "
           "corners, the 36 cover points) crosses no wall's inside; creatures and low walls do not block sight. "
           "Light, darkness and invisibility are not modelled (the same for both directions).",
    default="any-line",
))

POTION_OBJECT = register(Ruling(
    id="dnd5e.potion-object",
    title="Which action drinks a potion, and who may be given one",
    quote="Ist zum Einsatz eines nichtmagischen Gegenstands eine Aktion erforderlich, musst du die Aktion Gegenstand "
          "verwenden ausführen.",
    source=refs.GEGENSTAND_VERWENDEN,
    choice="The excerpt names no object. The Heiltrank (Potion of Healing) is drunk with Gegenstand verwenden: the "
           "SRD 5.1 lists it with the adventuring gear ('Drinking or administering a potion takes an action'), not "
           "as a magic item to activate. It is drunk by the user or given to an ally within 1.5 m (not to a creature "
           "at 0 hit points: dnd5e.zero-hp), heals 2W4+2 up to the maximum, and is used up. What a creature carries "
           "comes from its profile (Kampfwerte.gegenstaende); an object it does not carry is refused.",
    default="gegenstand-verwenden",
))

WAND_ONE_TARGET = register(Ruling(
    id="dnd5e.wand-one-target",
    title="The Wand of Magic Missiles: charges and darts",
    quote="Du führst diese Aktion aus, wenn du einen magischen Gegenstand hast, für dessen Einsatz eine Aktion "
          "erforderlich ist.",
    source=refs.MAGISCHEN_GEGENSTAND_VERWENDEN,
    choice="The Zauberstab der Magischen Geschosse (SRD 5.1 Wand of Magic Missiles, 7 charges) is used with "
           "Magischen Gegenstand verwenden and spends one charge a use (the 1st-level spell; more charges for more "
           "darts are not offered). Its three darts (SRD 5.1 Magic Missile: 1d4 + 1 force damage each, no attack "
           "roll) all strike one creature within 36 m that the user can see (not a hidden one), each die rolled: "
           "3W4+3. Cover is not asked (the spell's darts need only a clear path; the SL states total cover by "
           "not choosing the target). Charges do not come back during an encounter (the wand regains them at dawn).",
    default="one-charge-one-target",
))

CONE = register(Ruling(
    id="dnd5e.cone",
    title="A breath weapon's cone on the map",
    quote="Auch Monster haben Spezialaktionen, wie in den Wertekästen beschrieben.",
    source=refs.SPEZIALFAEHIGKEIT_VERWENDEN,
    choice="The Höllenhund's Feueratem (SRD 5.1 Hell Hound, Fire Breath: a 15-foot cone) is aimed at a creature: "
           "the cone points from where the line from the hound's centre to that creature's centre leaves the "
           "hound's space, 4.5 m long and 4.5 m wide at its end (SRD 5.1 Areas of Effect > Cone: as wide as it is "
           "long), an exact triangle on the grid and gridless alike (no template squares). Every other creature "
           "whose space shares an area with it, friend or foe, makes the DC 12 Dexterity save (d20 + its Dexterity "
           "modifier; Vorteil while it dodges, AUSWEICHEN); the 6W6 are rolled once for all (SRD 5.1 Damage Rolls); "
           "half damage is rounded down. Spent, it recharges at the start of each of the hound's turns on a d6 of "
           "5 or 6 (SRD 5.1 Limited Usage).",
    default="triangle-from-the-space",
))
