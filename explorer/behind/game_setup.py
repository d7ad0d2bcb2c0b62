"""Setting up a game of Behind (The Beginning; Scenarios) and the turn cycle (The Course of the Game).

The influence duels of the setup are chance events resolved with the players' supplies: they
turn up cards, which go to the discard piles, exactly as at the table.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

from explorer.behind import refs
from explorer.behind.actions import Deploy, PlaceObstacle
from explorer.behind.data import Deck
from explorer.behind.table import Table
from explorer.core.piles import Piles
from explorer.core.rng import SeededRng

MAX_DUEL_ROUNDS = 1000


# -- influence duels ---------------------------------------------------------------------------
def duel_ranking(piles: Mapping[str, Piles], players: Sequence[str]) -> tuple[list[str], list[list[int]]]:
    """Rank ``players`` by an influence duel (Einflussduell, The Beginning): each turns up the top
    card of his supply, the higher fate number wins, "in case of a tie a further card is drawn".
    Players tied at any place turn up again among themselves (ruling ``behind.duel-ranking``),
    so three players get a winner, a runner-up and a third.  Returns the ranking and the fate
    numbers turned up, round by round."""
    rounds: list[list[int]] = []

    def rank(group: list[str]) -> list[str]:
        group = list(dict.fromkeys(group))  # a player duels once, however often he is named
        while len(group) > 1:
            if len(rounds) >= MAX_DUEL_ROUNDS:
                from explorer.core.rules import RuleViolation
                raise RuleViolation(f"the influence duel of {', '.join(group)} is still tied after {MAX_DUEL_ROUNDS} "
                                    f"rounds (decks of one fate number only?): \"in case of a tie a further card is "
                                    f"drawn\" never ends", refs.THE_BEGINNING)
            fates = {p: piles[p].turn_up().fate for p in group}
            rounds.append([fates[p] for p in group])
            values = sorted(set(fates.values()), reverse=True)
            if len(values) == 1:
                continue  # all tied: "a further card is drawn" (a loop, not a recursion a thousand deep)
            ordered: list[str] = []
            for value in values:
                ordered += rank([p for p in group if fates[p] == value])
            return ordered
        return group

    return rank(list(players)), rounds


def new_game(decks: Sequence[Deck], scenario: str | None, *, seed: int, setup: str, options, shuffle: bool,
             players: Sequence[str] | None):
    from explorer.behind.game import (
        BehindState,
        GameOptions,
        _Data,
        dealt_piles,
        game_origin,
        player_names,
    )

    if setup not in ("auto", "random", "manual"):
        raise ValueError(f"setup must be 'auto', 'random' or 'manual', got {setup!r}")
    players = list(players) if players is not None else player_names(decks)
    if len(players) != len(decks):
        raise ValueError(f"{len(decks)} decks need {len(decks)} player names, got {players}")
    _check_player_names(players)
    if options is None:
        options = GameOptions(character_points=max(d.character_points_limit or d.character_points for d in decks))
    rng = SeededRng(seed)
    piles = {p: dealt_piles(deck, rng.spawn(f"supply {p}"), shuffle) for p, deck in zip(players, decks)}
    cards = {card.id: card for deck in decks for card in deck.cards}

    d = _Data.__new__(_Data)
    d.table = Table(rulings=options.rulings)
    d.piles = piles
    d.characters = {}
    d.phase, d.active, d.turn, d.actions_left = "choose-scenario", 0, 0, 0
    d.moments_owed = {p: 0 for p in players}
    d.permanents = ()
    d.frightened, d.transformed, d.turned, d.jewel, d.pending, d.winner = {}, frozenset(), frozenset(), None, None, None
    d.roles, d.to_place, d.scenario, d.rng = {}, (), None, rng.spawn("game")
    d.used_abilities, d.actions_taken, d.ranking = frozenset(), 0, tuple(players)
    owners = {}
    origin = game_origin(decks, scenario, seed=seed, setup=setup, shuffle=shuffle, players=players, options=options)
    state = BehindState(players, owners, cards, options, d, origin=origin)

    _legendary_characters(state, decks)
    _refuse_players_without_characters(state)
    ranking, fates = duel_ranking(piles, players)
    turned = ", then ".join(" against ".join(str(f) for f in turn) for turn in fates)  # each round of ties
    state.say("duel", f"Influence duel of {', '.join(players)}: fate numbers {turned}; {ranking[0]} wins",
              refs.THE_BEGINNING, player=ranking[0], ranking=ranking, fates=fates)
    d.roles = {p: "" for p in players}
    d.active = players.index(ranking[0])
    d.ranking = tuple(ranking)
    if scenario is None:
        d.phase = "choose-scenario"
        state.say("choose", f"{ranking[0]} won the influence duel and chooses the scenario", refs.THE_BEGINNING,
                  player=ranking[0])
        return state
    begin_scenario(state, scenario)
    if setup != "manual":
        auto_setup(state, random_terrain=(setup == "random"))
    return state


def _legendary_characters(state, decks: Sequence[Deck]) -> None:
    """"Every character is also legendary": a character in several decks is held by the winner
    of an influence duel; the others remove the card (Special Card Effect)."""
    holders: dict[str, list[str]] = {}
    by_name = {}
    for player, deck in zip(state.players, decks):
        for character in deck.characters:
            holders.setdefault(character.name, []).append(player)
            by_name[(player, character.name)] = character
    for name, players in holders.items():
        keeper = players[0]
        if len(players) > 1:
            ranking, fates = duel_ranking(state.data.piles, players)
            keeper = ranking[0]
            state.say("legendary", f"{name} is in the decks of {', '.join(players)}: characters are legendary; "
                      f"{keeper} wins the influence duel {fates} and keeps him", refs.SPECIAL_CARD_EFFECT,
                      player=keeper, name=name, losers=[p for p in players if p != keeper])
        state.owners[name] = keeper
        state.data.characters[name] = by_name[(keeper, name)]


def _check_player_names(players: Sequence) -> None:
    """Players are told apart by their names: each a non-empty string, no two alike."""
    from explorer.core.inputs import InputError
    for i, player in enumerate(players):
        if not isinstance(player, str) or not player.strip() or len(player) > 64:
            raise InputError("new_game", f"players[{i}]", "a player name (a non-empty string of at most 64 characters)",
                             player)
    if len(set(players)) != len(players):
        twice = sorted({p for p in players if players.count(p) > 1})
        raise InputError("new_game", "players", f"distinct player names ({', '.join(twice)} given twice)", players)


def _refuse_players_without_characters(state) -> None:
    """Ruling ``behind.no-characters-dealt``: a player who kept no character after the legendary
    duels (or brought none) could place no chip in the setup and take no turn, so the deal is
    refused naming him (Special Card Effect: "It is therefore important to choose one's characters
    with care") -- before any scenario is laid out."""
    from explorer.core.rules import RuleViolation
    empty = [p for p in state.players if not any(owner == p for owner in state.owners.values())]
    if empty:
        lost = {p: sorted({e.data.get("name", "") for e in state.log if e.kind == "legendary"
                           and e.data.get("losers") and p in e.data["losers"]}) for p in empty}
        detail = "; ".join(f"{p} lost {', '.join(n for n in lost[p] if n) or 'no duel (his deck has no character)'}"
                           for p in empty)
        raise RuleViolation(f"{', '.join(empty)} would play without any character after the legendary "
                            f"characters' influence duels ({detail}): the deal is refused, choose other decks "
                            f"or another seed", refs.SPECIAL_CARD_EFFECT)


def begin_scenario(state, scenario_id) -> None:
    """Lay out the scenario (a shipped id, or a Scenario of the user's: :func:`scenario_key`): the
    table, the obstacles to place in turn, the setup roles."""
    scenario = cached_scenario(scenario_key(scenario_id))
    d = state.data
    if len(state.players) != scenario.players:
        from explorer.core.rules import RuleViolation
        raise RuleViolation(f"{scenario.title} is for {scenario.players} players, not {len(state.players)}",
                            scenario.rule)
    d.scenario = scenario_key(scenario_id)
    d.table = scenario.table(rulings=state.options.rulings, obstacles=())
    ranking = state.data.ranking
    d.roles = {p: role for p, role in zip(ranking, scenario.roles)}
    d.to_place = tuple(o.name for o in scenario.obstacles)
    d.phase = "terrain"
    d.active = state.players.index(ranking[0])
    state.say("scenario", f"Scenario {scenario.title}: {ranking[0]} places the first obstacle, then the players "
              f"alternate; roles: {', '.join(f'{p} {role}' for p, role in d.roles.items())}", scenario.rule)


def cached_scenario(scenario_id: str):
    """The scenario of a game: a shipped one by id, loaded once per process (scenarios are
    immutable data), or one of the user's by its key (:func:`scenario_key`), which every rule
    check of the game started from it then reads -- never the shipped file of the same id."""
    from explorer.core.inputs import InputError

    if not isinstance(scenario_id, str):
        raise InputError("scenario", "", "a scenario id (a text)", scenario_id)
    if "@" in scenario_id:
        try:
            return _CUSTOM[scenario_id]
        except KeyError:
            raise InputError("scenario", "", "a scenario of the user's that this game carries (load a saved game "
                                             "with explorer.load_game, which reads it from the save)",
                             scenario_id) from None
    return _shipped_scenario(scenario_id)


@lru_cache(maxsize=None)
def _shipped_scenario(scenario_id: str):
    from explorer.behind.scenarios import load_scenario
    return load_scenario(scenario_id)


_CUSTOM: dict = {}
"""The user's scenarios of the games of this process, by key (``<id>@<hash of its text>``)."""


def scenario_key(scenario) -> str:
    """How a game names its scenario: a shipped id as it is; a :class:`Scenario` object (say
    ``load_scenario(Path("my.toml"))``) as its id -- when it is the shipped scenario itself --
    or else ``<id>@<hash of its TOML text>``, remembered for this process (the game's origin
    carries the text, so its save brings the scenario back)."""
    from explorer.behind.scenarios import Scenario

    if not isinstance(scenario, Scenario):
        return scenario
    try:
        if _shipped_scenario(scenario.id) == scenario and _shipped_scenario(scenario.id).text == scenario.text:
            return scenario.id
    except ValueError:  # not a shipped id
        pass
    import hashlib

    key = f"{scenario.id}@{hashlib.sha256(scenario.text.encode()).hexdigest()[:16]}"
    if len(_CUSTOM) >= 256 and key not in _CUSTOM:
        _CUSTOM.pop(next(iter(_CUSTOM)))
    _CUSTOM[key] = scenario
    return key


def obstacle_placer(state) -> str:
    """Obstacles are placed alternately, the duel's winner first (the scenarios' Terrain)."""
    d = state.data
    placed = len(state.scenario.obstacles) - len(d.to_place)
    ranking = state.data.ranking
    return ranking[placed % len(ranking)]


def deployer(state) -> str:
    """The next player to deploy, in the duel's order (the scenarios' Setup)."""
    d = state.data
    for player in state.data.ranking:
        if not any(c.owner == player for c in d.table.chips):
            return player
    return state.data.ranking[-1]


def auto_setup(state, *, random_terrain: bool = False) -> None:
    """Place the terrain (the scenario's default layout, or a random one) and deploy every
    player by the scenario's rules with random legal positions -- through the same actions a
    player would announce, so the history replays the setup."""
    scenario = state.scenario
    d = state.data
    if d.phase == "terrain" and random_terrain:
        _random_terrain(state)
    elif d.phase == "terrain":
        for obstacle in scenario.obstacles:
            c = obstacle.polygon.centroid
            state.apply(PlaceObstacle(obstacle.name, round(c.x, 6), round(c.y, 6)))
    while d.phase == "deployment" or state.data.phase == "deployment":
        d = state.data
        player = deployer(state)
        names = state.characters_of(player)
        taken = {p: d.roles[p] for p in state.players if any(c.owner == p for c in d.table.chips)}
        table = scenario.random_deployment(d.table, player, names, d.roles[player], d.rng, taken_roles=taken)
        placements = tuple((n, table.chip(n).x, table.chip(n).y, table.chip(n).facing) for n in names)
        jewel = names[0] if scenario.jewel_rules and d.roles[player] == "middle" else None
        state.apply(Deploy(placements, jewel))


def _random_terrain(state, max_tries: int = 1000) -> None:
    """The scenario's own obstacles, in turn, each at a random place in the middle of the table
    and a random angle: PlaceObstacle names only the scenario's obstacles, so a random layout
    is those obstacles placed at random (retried until the referee accepts the place)."""
    from explorer.behind.scenarios import middle_of_table
    from explorer.core.rules import RuleViolation

    minx, miny, maxx, maxy = middle_of_table(state.table).bounds
    for name in list(state.data.to_place):
        for _ in range(max_tries):
            rng = state.data.rng
            action = PlaceObstacle(name, round(rng.uniform(minx, maxx), 1), round(rng.uniform(miny, maxy), 1),
                                   float(round(rng.uniform(0.0, 360.0))))
            if state.can(action):
                state.apply(action)
                break
        else:
            raise RuleViolation(f"found no room for {name} in the middle of the table in {max_tries} tries",
                                state.scenario.rule)


def draw_hands(state) -> None:
    """"Each player then draws five cards from his supply" (five: the Large Battles row)."""
    size = state.size.hand_size
    for player in state.players:
        drawn = state.data.piles[player].draw_to(size)
        state.say("draw", f"{player} draws {len(drawn)} cards", refs.THE_BEGINNING, player=player)
        state.say("draw", f"{player} draws {', '.join(c.title for c in drawn)}", refs.THE_BEGINNING,
                  player=player, visible_to=player)
