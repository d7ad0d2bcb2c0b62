"""Behind (2003): the whole game (setup to victory), cards, combat rules, exact odds and the
table in shapely.  ``from explorer.behind import actions`` for the actions a player announces.

The public names notebooks use are re-exported here.
"""

from explorer.behind import refs
from explorer.behind.cards import Ability, ActionCard, Character
from explorer.behind.combat import (
    ability_check,
    influence_check,
    influence_duel,
    melee_injuries,
    ranged_attack_range,
    resolve_melee,
    resolve_ranged,
)
from explorer.behind.data import (
    DataError,
    Deck,
    battle_size,
    deck_violations,
    load_action_cards,
    load_characters,
    load_deck,
    load_decks,
    validate_deck,
)
from explorer.behind.game import BehindState, GameOptions, new_game
from explorer.behind.odds import (
    MeleeQuestion,
    OddsComparison,
    OddsResult,
    RangedQuestion,
    check_odds,
    check_probability,
    melee_monte_carlo,
    melee_odds,
    ranged_monte_carlo,
    ranged_odds,
    remaining_supply,
)
from explorer.behind.rulings import BEHIND_RULINGS
from explorer.behind.scenarios import Scenario, load_scenario, load_scenarios
from explorer.behind.sight import SightMatrix, sight_matrix
from explorer.behind.table import Chip, MoveResult, Obstacle, SightLine, Table
from explorer.behind.system import SYSTEM  # registers Behind with explorer.core.systems

__all__ = [
    "BehindState", "GameOptions", "SYSTEM", "new_game", "Scenario", "load_scenario", "load_scenarios",
    "Ability", "ActionCard", "BEHIND_RULINGS", "Character", "Chip", "MoveResult", "Obstacle", "SightLine",
    "SightMatrix", "Table", "sight_matrix", "DataError", "Deck", "MeleeQuestion", "OddsComparison", "OddsResult", "RangedQuestion",
    "battle_size", "deck_violations", "load_action_cards", "load_characters", "load_deck", "load_decks",
    "validate_deck",
    "ability_check", "check_odds", "check_probability", "influence_check", "influence_duel",
    "melee_injuries", "melee_monte_carlo", "melee_odds", "ranged_monte_carlo", "ranged_attack_range", "ranged_odds", "refs",
    "remaining_supply", "resolve_melee", "resolve_ranged",
]
