"""Jumps (Sprünge): the long jump (WEITE SPRÜNGE) and the high jump (HOHE SPRÜNGE), in exact metres.

* Long jump: "legst du eine Anzahl von Metern in Höhe deines Stärkewertes mal 0,3 zurück, sofern du
  unmittelbar vor dem Sprung mindestens drei Meter zurückgelegt hast. Bei einem Weitsprung aus dem
  Stand kannst du nur halb so weit springen." Each metre jumped costs a metre of movement. A low
  obstacle no higher than a quarter of the jump may need a DC 10 Strength (Athletics) check
  (ruling ``dnd5e.low-obstacle-athletics``); landing in difficult terrain needs a DC 10 Dexterity
  (Acrobatics) check, or the jumper lands prone (liegend).
* High jump: "(Stärkemodifikator + 3) mal 0,3" metres with the same run-up, half from standing;
  the hands reach "Sprunghöhe + deine 1,5-fache Körpergröße".

Every length is a :class:`~fractions.Fraction` (0.3 m x 15 = 4.5 m exactly); every check a
:class:`Check` whose :meth:`~Check.chance` is ``P(d20 + modifier >= DC)``, also a Fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from explorer.core.inputs import InputError, whole
from explorer.core.rules import RuleRef, RuleViolation
from explorer.core.rulings import Rulings
from explorer.dnd5e import refs
from explorer.dnd5e import rulings as _registers_rulings  # noqa: F401  (the ids read here)
from explorer.dnd5e.creatures import Creature, ability_modifier, metres

METRES_PER_FOOT = Fraction(3, 10)
"""The excerpt's "mal 0,3": one foot of the original is 0.3 m."""
RUN_UP = Fraction(3)
"""The run-up: "mindestens drei Meter" (10 ft) immediately before the jump."""
ARM_STRETCH = Fraction(3, 2)
"""The hands reach the jump height + 1.5 x the body height ("um die Hälfte deiner Größe nach oben")."""
LOW_OBSTACLE_DC = 10
LANDING_DC = 10


def check_chance(dc: int, modifier: int) -> Fraction:
    """P(d20 + modifier >= dc), exact (SRD 5.1 Ability Checks: a check succeeds when the total
    equals or exceeds the DC; a natural 1 or 20 means nothing special for a check)."""
    dc = whole(dc, "dc", low=-100, high=200)
    modifier = whole(modifier, "modifier", low=-100, high=100)
    faces = sum(1 for face in range(1, 21) if face + modifier >= dc)
    return Fraction(faces, 20)


@dataclass(frozen=True)
class Check:
    """An ability check the rules call for: ``ability`` as the excerpt names it ("Stärke (Athletik)"),
    its DC, why, the rule, and what a failure means."""

    ability: str
    dc: int
    reason: str
    rule: RuleRef
    on_failure: str

    def chance(self, modifier: int) -> Fraction:
        """The chance to pass it with ``modifier`` (ability modifier plus proficiency, if any)."""
        return check_chance(self.dc, modifier)

    def __str__(self) -> str:
        return f"SG {self.dc} {self.ability}: {self.reason}; bei Misserfolg: {self.on_failure} ({self.rule})"


def _strength(creature_or_score: Creature | int) -> int:
    if isinstance(creature_or_score, Creature):
        return creature_or_score.strength
    return whole(creature_or_score, "strength", low=1, high=30)


def long_jump_distance(strength: Creature | int, *, run_up: bool = True) -> Fraction:
    """WEITE SPRÜNGE: Stärkewert x 0.3 m with a run-up of at least 3 m, half of it from standing
    (Strength 15: 4.5 m, from standing 2.25 m)."""
    distance = _strength(strength) * METRES_PER_FOOT
    return distance if run_up else distance / 2


def high_jump_height(strength: Creature | int, *, run_up: bool = True) -> Fraction:
    """HOHE SPRÜNGE: (Stärkemodifikator + 3) x 0.3 m with a run-up, half from standing; never
    below 0 m (a Strength modifier of -4 or -5 gives a negative height: no jump at all)."""
    height = max(0, ability_modifier(_strength(strength)) + 3) * METRES_PER_FOOT
    return height if run_up else height / 2


def high_jump_reach(strength: Creature | int, body_height: Fraction | float | int | None = None, *,
                    run_up: bool = True) -> Fraction:
    """HOHE SPRÜNGE: "eine Höhe erreichen, die deiner Sprunghöhe + deine 1,5-fache Körpergröße
    entspricht". ``body_height`` defaults to the creature's ``height``."""
    if body_height is None:
        body_height = strength.height if isinstance(strength, Creature) else None
    if body_height is None:
        raise InputError("argument", "body_height", "the creature's height in metres (Körpergröße)", None)
    return high_jump_height(strength, run_up=run_up) + ARM_STRETCH * metres(body_height, "body_height")


@dataclass(frozen=True)
class Jump:
    """A planned jump: ``kind`` "weit" or "hoch", the ``distance`` (or height) jumped, the longest
    possible ``maximum``, the movement it ``cost``s (a metre per metre), whether it had the run-up,
    and the checks it calls for."""

    kind: str
    distance: Fraction
    maximum: Fraction
    cost: Fraction
    run_up: bool
    checks: tuple[Check, ...] = ()


def long_jump(creature: Creature, distance: Fraction | float | int, *, run_up_metres: Fraction | float | int = 0,
              obstacle_heights: tuple = (), lands_in_difficult_terrain: bool = False,
              rulings: Rulings | None = None) -> Jump:
    """A long jump of ``distance`` metres after ``run_up_metres`` walked just before it.

    Refused (:class:`RuleViolation`, WEITE SPRÜNGE) when longer than the creature can jump or over
    an obstacle higher than a quarter of the jump (ruling ``dnd5e.low-obstacle-quarter-of``).
    Checks: DC 10 Athletics per low obstacle (if the SL asks: ``dnd5e.low-obstacle-athletics``),
    DC 10 Acrobatics when landing in difficult terrain."""
    rulings = rulings or Rulings()
    distance = metres(distance, "distance")
    had_run_up = metres(run_up_metres, "run_up_metres") >= RUN_UP
    maximum = long_jump_distance(creature, run_up=had_run_up)
    if distance > maximum:
        how = "mit Anlauf" if had_run_up else "aus dem Stand (weniger als 3 m Anlauf)"
        raise RuleViolation(f"{creature.name} springt {how} höchstens {_m(maximum)} weit, nicht {_m(distance)}: "
                            f"Stärkewert {creature.strength} × 0,3\u00a0m{'' if had_run_up else ', halbiert'}",
                            refs.WEITE_SPRUENGE)
    basis = distance if rulings["dnd5e.low-obstacle-quarter-of"] == "jump" else maximum
    checks = []
    for index, height in enumerate(obstacle_heights):
        height = metres(height, f"obstacle_heights[{index}]")
        if height > basis / 4:
            raise RuleViolation(f"ein Hindernis von {_m(height)} ist höher als ein Viertel der Sprungdistanz "
                                f"({_m(basis / 4)}): kein niedriges Hindernis", refs.WEITE_SPRUENGE)
        if rulings["dnd5e.low-obstacle-athletics"]:
            checks.append(Check("Stärke (Athletik)", LOW_OBSTACLE_DC,
                                f"ein niedriges Hindernis von {_m(height)} überwinden", refs.WEITE_SPRUENGE,
                                "du prallst dagegen"))
    if lands_in_difficult_terrain:
        checks.append(Check("Geschicklichkeit (Akrobatik)", LANDING_DC, "Landung in schwierigem Gelände",
                            refs.WEITE_SPRUENGE, "du landest liegend"))
    return Jump("weit", distance, maximum, distance, had_run_up, tuple(checks))


def high_jump(creature: Creature, height: Fraction | float | int | None = None, *,
              run_up_metres: Fraction | float | int = 0) -> Jump:
    """A high jump (HOHE SPRÜNGE) of ``height`` metres (default: as high as it can); each metre
    jumped costs a metre of movement.  Refused when higher than the creature can jump."""
    had_run_up = metres(run_up_metres, "run_up_metres") >= RUN_UP
    maximum = high_jump_height(creature, run_up=had_run_up)
    height = maximum if height is None else metres(height, "height")
    if height > maximum:
        raise RuleViolation(f"{creature.name} springt höchstens {_m(maximum)} hoch, nicht {_m(height)}: "
                            f"(Stärkemodifikator {creature.strength_modifier:+d} + 3) × 0,3\u00a0m"
                            f"{'' if had_run_up else ', halbiert'}", refs.HOHE_SPRUENGE)
    return Jump("hoch", height, maximum, height, had_run_up)


def _m(value: Fraction) -> str:
    """Metres as the German text prints them: 4,5 m; 2,25 m."""
    text = f"{float(value):.4f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") + " m"
