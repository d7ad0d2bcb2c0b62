"""What the Behold: Rome player may know without looking ahead, and the exact chances of the unseen part
(behold-rome-rulebook.txt, "Holding the Game")."""

import itertools
from fractions import Fraction

import pytest

from explorer.behold_rome import actions as A
from explorer.behold_rome.game import arranged, new_game
from explorer.behold_rome.knowledge import UNSEEN, determinize, knowledge
from explorer.behold_rome.players import RandomPlayer
from explorer.core.inputs import InputError
from explorer.core.rng import SeededRng


def ids(state):
    return [e[0] for e in state.deck.stack]


def test_at_setup_only_the_top_card_is_seen():
    """behold-rome-rulebook.txt, "Holding the Game": "you can always see the top card of the deck ... You are
    not allowed to look ahead in the deck"; "Setup": the civ cards shuffled, the nation, round and age cards
    in back.  The cards between the top card and the nation card are not yet seen."""
    s = new_game(seed=3)
    k = knowledge(s)
    real = ids(s)
    nation = real.index("nation")
    assert k.order()[0] == s.view()["top"]
    assert k.order()[1:nation] == [UNSEEN] * (nation - 1)
    assert k.order()[nation:] == ["nation card", "round card", "age card"]
    assert sorted(k.unseen_ids()) == sorted(real[1:nation]) and k.size == nation - 1
    assert k.first_pass and not k.known and k.orders() > 1


def test_discarded_and_stored_cards_are_known_at_the_back():
    """behold-rome-rulebook.txt, "Holding the Game": "Discarded cards go behind any stored cards, to the back
    of the deck"; a stored card goes "to the back of the deck (but in front of any controlled regions)".
    The player knows where the cards he put back are; the draw to 5 takes cards out of the unseen block."""
    s = arranged([("roads", None)], [("villa", 1), ("temple", 1), ("games", 1), ("greece", 1)])
    s.apply(A.Play("villa", store_played=True))
    s.apply(A.Finish()) if s.phase == "benefits" else None
    k = knowledge(s)
    assert k.stack[-1] == ("villa", 1, "stored") and k.order()[-1] == "Farmsteads (stored)"
    before = k.size
    kept = len(s.hand) - 1
    s.apply(A.EndTurn("temple"))
    k = knowledge(s)
    drawn = 5 - kept  # each draw takes the top card and shows the next one, unseen until then
    assert len(s.hand) == 5 and k.size == before - drawn
    assert [e[0] for e in k.stack[-2:]] == ["villa", "temple"]
    assert k.stack[-1] == tuple(s.deck.stack[-1])


def test_after_the_first_pass_the_whole_order_is_known():
    """behold-rome-rulebook.txt, "Rounds": "Keep taking turns until you reach your nation card": once the
    nation card comes up, every set-up card has been seen, and the order follows from the player's own
    discards and stores ("Holding the Game")."""
    s = new_game(seed=7)
    player, rng = RandomPlayer(), SeededRng(7)
    while s.round == 1:
        s.apply(player.choose(s, rng))
    k = knowledge(s)
    assert k.known and not k.first_pass
    assert list(k.stack) == [tuple(e) for e in s.deck.stack]


def test_looking_ahead_knows_everything():
    """behold-rome-rulebook.txt, "Holding the Game": "(As an easier variant, you may allow yourself to look
    ahead in the deck)" -- Foresight Mode ("Variants"): every chance is 0 or 1, at the real places."""
    s = new_game(variants=["foresight"], seed=3)
    k = knowledge(s)
    assert k.known and list(k.stack) == [tuple(e) for e in s.deck.stack]
    card = s.deck.stack[4][0]
    assert k.chance_within(card, 4) == 0 and k.chance_within(card, 5) == 1
    assert determinize(s, SeededRng(1)).deck == s.deck


def test_moving_on_early_keeps_the_unseen_cards_unseen():
    """Ruling behold_rome.move-on-when = any-time (behold-rome-rulebook.txt, "Round End": "You may choose to
    move on to the next round at any time"): moving on before the nation card comes up leaves the set-up
    cards behind the top card unseen in round 2 (the game is replayed from its origin to know)."""
    s = new_game(seed=3, rulings={"behold_rome.move-on-when": "any-time"})
    unseen = set(knowledge(s).unseen_ids())
    s.apply(A.MoveOn(s.hand[0]))
    assert s.round == 2
    k = knowledge(s)
    assert set(k.unseen_ids()) == unseen and k.order()[-3:] == ["nation card", "round card", "age card"]


def small():
    """Three cards between the top card and the nation card: Forum, Iberian Mines, Farmsteads unseen."""
    return arranged([("roads", None), ("forum", None), ("hispania", None), ("villa", None), ("nation", None)],
                    [("temple", 1), ("games", 1)])


def test_chances_are_exact_over_every_order_of_the_unseen_cards():
    """The set-up shuffle ("Setup") makes every order of the unseen cards equally likely: each chance equals
    the share of the orders where it happens, counted over all of them."""
    s = small()
    k = knowledge(s)
    assert sorted(k.unseen_ids()) == ["forum", "hispania", "villa"] and k.orders() == 6
    block = [list(e) for e in s.deck.stack[1:4]]
    rest = [list(e) for e in s.deck.stack[4:]]
    top = [list(s.deck.stack[0])]
    orders = [top + list(p) + rest for p in itertools.permutations(block)]
    tests = [("villa", None), (["villa", "forum"], None), (None, lambda lv: lv.type == "production"),
             ("roads", None)]
    for cards, test in tests:
        asked = test if test is not None else cards
        wanted = {cards} if isinstance(cards, str) else set(cards or ())
        for depth in range(0, 7):
            counts = {}
            for order in orders:
                n = sum(1 for e in order[:depth] if e[0] in wanted or (test and e[0] not in ("nation", "round", "age")
                                                                         and test(s.cardset.card(e[0]).level(e[1]))))
                counts[n] = counts.get(n, 0) + 1
            exact = {n: Fraction(c, len(orders)) for n, c in counts.items()}
            assert k.count_chances(asked, depth) == exact, (cards, depth)
            assert sum(k.count_chances(asked, depth).values()) == 1
            assert k.chance_within(asked, depth) == sum((p for n, p in exact.items() if n >= 1), Fraction(0))


def test_an_unseen_card_is_drawn_within_k_draws_with_chance_k_minus_1_over_the_unseen():
    """The next draw takes the top card (seen); each unseen card is at each unseen place with chance
    1 / unseen ("Holding the Game", "Setup")."""
    k = knowledge(new_game(seed=11))
    card = k.unseen_ids()[0]
    assert k.place_chances(card) == {p: Fraction(1, k.size) for p in range(1, 1 + k.size)}
    for draws in range(1, k.size + 2):
        assert k.chance_within(card, draws) == Fraction(min(draws - 1, k.size), k.size)


def test_the_nation_card_comes_up_when_the_cards_in_front_of_it_are_drawn():
    """behold-rome-rulebook.txt, "Round End": "When you draw a card and reveal your nation card, stop
    immediately".  The player knows how many cards lie in front of it: the chance is 0 or 1."""
    s = small()
    k = knowledge(s)
    place = ids(s).index("nation")
    assert [k.nation_chance(d) for d in range(place + 2)] == [Fraction(0)] * place + [Fraction(1)] * 2


def test_samples_are_orders_consistent_with_what_is_known_and_never_the_real_one_read():
    """A sampled order keeps every known place and puts the unseen cards in the unseen places; two games
    that differ only in the order of their unseen cards give the same samples ("Holding the Game": no
    looking ahead)."""
    s = new_game(seed=3)
    k = knowledge(s)
    other = determinize(s, SeededRng(5))
    other.check_invariants()
    for rng_seed in range(5):
        mine = k.sample_stack(SeededRng(rng_seed))
        assert mine == knowledge(other).sample_stack(SeededRng(rng_seed))
        assert sorted(e[0] for e in mine) == sorted(ids(s))
        for place, entry in enumerate(k.stack):
            if entry is not None:
                assert tuple(mine[place]) == entry
    frame = k.frame()
    assert list(frame["known"]) == [e is not None for e in k.stack] and (~frame["known"]).sum() == k.size


def test_knowledge_refuses_bad_questions():
    k = knowledge(new_game(seed=1))
    with pytest.raises(InputError, match="k"):
        k.chance_within("villa", -1)
    with pytest.raises(InputError, match="cards"):
        k.chance_within("no-such-card", 3)
    with pytest.raises(InputError, match="state"):
        knowledge("a deck")


def test_a_sampled_game_plays_on_to_the_end_as_held():
    """A game with a sampled order is a game like any other: played to the end of the last round ("Round
    End") it keeps the deck as held ("Holding the Game": controlled regions at the very back, at most 4 stored)."""
    twin = determinize(new_game(seed=8), SeededRng(2))
    player, rng = RandomPlayer(), SeededRng(2)
    while not twin.is_terminal():
        twin.apply(player.choose(twin, rng))
        twin.check_invariants()
    assert twin.round == twin.rounds


def test_a_game_asked_again_after_more_actions_knows_the_same_as_a_fresh_replay():
    """Ruling behold_rome.move-on-when = any-time: the replay of the game ("Holding the Game": what the player
    has seen) goes on from where it stopped; the knowledge is the same as of a copy replayed afresh."""
    s = new_game(seed=6, rulings={"behold_rome.move-on-when": "any-time"})
    s.apply(A.MoveOn(s.hand[0]))
    player, rng = RandomPlayer(), SeededRng(6)
    for _ in range(40):
        knowledge(s)
        s.apply(player.choose(s, rng))
        assert knowledge(s) == knowledge(s.copy())


SETTINGS = [{"difficulty": "casual"}, {"difficulty": "hard", "variants": ["fluid-rounds"]},
            {"difficulty": "easy", "seed": 1, "rulings": {"behold_rome.move-on-when": "any-time",  # abandons the
                                                        "behold_rome.level-bounds": "wrap",  # region controlled
                                                        "behold_rome.store-counts": "cards"}},  # at set-up
            {"difficulty": "easy", "rulings": {"behold_rome.move-on-when": "any-time"}},
            {"difficulty": "impossible", "variants": ["score-chaser"], "rival": None}]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: f"{s['difficulty']}-{len(s.get('rulings', {}))}")
def test_what_is_known_is_true_throughout_a_game(settings):
    """Whatever the difficulty or variant ("Difficulty Settings", "Fluid Round Variant", "Variants"), every place
    the player knows holds the card he thinks, and the unseen cards are exactly those of the unseen places
    ("Holding the Game")."""
    settings = dict(settings)
    seed = settings.pop("seed", 5)
    s = new_game(seed=seed, **settings)
    player, rng = RandomPlayer(), SeededRng(seed)
    steps = 0
    while not s.is_terminal():
        if steps % 7 == 0:
            k = knowledge(s)
            real = [tuple(e) for e in s.deck.stack]
            assert len(k.stack) == len(real)
            assert all(e is None or e == r for e, r in zip(k.stack, real))
            assert sorted(k.unseen) == sorted((r[0], r[1]) for e, r in zip(k.stack, real) if e is None)
            assert all(r[2] == "" for e, r in zip(k.stack, real) if e is None)  # none stored or controlled
        s.apply(player.choose(s, rng))
        steps += 1
