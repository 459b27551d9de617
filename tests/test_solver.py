"""The open-hand solver (:mod:`jass.ai.solver`) against a brute-force minimax written from the
rules text (:mod:`reference`, no pruning, no table, no bits), and its invariants."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference
from jass import CardSet, PlayRules, Rank, Trump, Undertrump
from jass.cards import Card
from jass.errors import JassError
from jass.play import CardPlay
from jass.ai.solver import Solver, best_cards, best_line, equivalent_cards, solve, solve_bits
from strategies import examples

ALL_RULES = [
    PlayRules(bauer_exception=b, undertrump=u) for b in (True, False) for u in (Undertrump.FORBIDDEN_UNLESS_ONLY_TRUMPS, Undertrump.ALLOWED)
]


def brute(
    hands: list[set[Card]], leader: int, trick: list[Card], mode: Trump, rules: PlayRules, jack: int,
    team: int, bonus: int, lost_one: bool,
) -> int:
    """The points ``team`` can force (max-min), every line played out. ``lost_one``: the other
    team has taken a trick already (no match bonus for ``team`` then)."""
    seats = len(hands)
    seat = (leader + len(trick)) % seats
    legal = reference.legal_cards(hands[seat], trick, mode, rules.bauer_exception, rules.undertrump.value)
    values = []
    for card in legal:
        hands[seat].remove(card)
        now = trick + [card]
        if len(now) < seats:
            value = brute(hands, leader, now, mode, rules, jack, team, bonus, lost_one)
        else:
            winner = reference.trick_winner(now, mode, leader, seats)
            over = not any(hands)
            gain = sum(reference.card_points(c, mode, jack) for c in now) + (5 if over else 0)
            lost = lost_one or winner % 2 != team
            value = gain if winner % 2 == team else 0
            if over:
                value += 0 if lost else bonus
            else:
                value += brute(hands, winner, [], mode, rules, jack, team, bonus, lost)
        hands[seat].add(card)
        values.append(value)
    return max(values) if seat % 2 == team else min(values)


@st.composite
def endgames(draw: st.DrawFn) -> tuple[int, list[set[Card]], int, list[Card], Trump, PlayRules, int, int, list[int]]:
    """A position with up to 3 tricks to play (4 seats) or 5 (2 seats): random hands, a random
    legal start of the trick in progress, every mode and every option."""
    seats = draw(st.sampled_from([4, 4, 2]))
    size = draw(st.integers(1, 3 if seats == 4 else 5))
    cards = draw(st.permutations(list(Card)))[: seats * size]
    hands = [set(cards[i * size : (i + 1) * size]) for i in range(seats)]
    mode = draw(st.sampled_from(list(Trump)[:6]))
    rules = draw(st.sampled_from(ALL_RULES))
    jack = draw(st.sampled_from([20, 21]))
    bonus = draw(st.sampled_from([0, 0, 100]))
    leader = draw(st.integers(0, seats - 1))
    trick: list[Card] = []
    for position in range(draw(st.integers(0, seats - 1))):
        seat = (leader + position) % seats
        legal = sorted(reference.legal_cards(hands[seat], trick, mode, rules.bauer_exception,
                                             rules.undertrump.value))
        card = draw(st.sampled_from(legal))
        hands[seat].remove(card)
        trick.append(card)
    won = [draw(st.integers(0, 1)), draw(st.integers(0, 1))]
    return seats, hands, leader, trick, mode, rules, jack, bonus, won


def bits(hands: Sequence[set[Card]]) -> list[int]:
    return [CardSet(h).bits for h in hands]


@given(endgames())
@examples(200)
def test_points_agree_with_brute_force(position: tuple) -> None:  # type: ignore[type-arg]
    seats, hands, leader, trick, mode, rules, jack, bonus, won = position
    solver = Solver(mode, seats=seats, rules=rules, trump_jack_points=jack, match_bonus=bonus)
    got = solver.points(bits(hands), leader, [c.index for c in trick], tricks_won=won)
    expected = tuple(
        brute([set(h) for h in hands], leader, list(trick), mode, rules, jack, team, bonus, won[1 - team] > 0)
        for team in (0, 1)
    )
    assert got == expected


def value_after(
    hands: list[set[Card]], leader: int, trick: list[Card], card: Card, mode: Trump, rules: PlayRules, jack: int,
    team: int, bonus: int, lost_one: bool,
) -> int:
    """What ``team`` can force once the seat to play has played ``card`` (brute force), with
    the points of the trick that ``card`` completes."""
    seats = len(hands)
    seat = (leader + len(trick)) % seats
    after = [set(h) for h in hands]
    after[seat].remove(card)
    now = list(trick) + [card]
    if len(now) < seats:
        return brute(after, leader, now, mode, rules, jack, team, bonus, lost_one)
    winner = reference.trick_winner(now, mode, leader, seats)
    over = not any(after)
    gain = sum(reference.card_points(c, mode, jack) for c in now) + (5 if over else 0)
    lost = lost_one or winner % 2 != team
    value = gain if winner % 2 == team else 0
    if over:
        return value + (0 if lost else bonus)
    return value + brute(after, winner, [], mode, rules, jack, team, bonus, lost)


@given(endgames())
@examples(100)
def test_best_cards_agree_with_brute_force(position: tuple) -> None:  # type: ignore[type-arg]
    """The optimal cards are exactly those whose line gives the mover's team its forced points."""
    seats, hands, leader, trick, mode, rules, jack, bonus, won = position
    seat = (leader + len(trick)) % seats
    team = seat % 2
    solver = Solver(mode, seats=seats, rules=rules, trump_jack_points=jack, match_bonus=bonus)
    optimal = solver.best_cards(bits(hands), leader, [c.index for c in trick], tricks_won=won)
    best = brute([set(h) for h in hands], leader, list(trick), mode, rules, jack, team, bonus, won[1 - team] > 0)
    expected = 0
    for card in reference.legal_cards(hands[seat], trick, mode, rules.bauer_exception, rules.undertrump.value):
        if value_after(hands, leader, trick, card, mode, rules, jack, team, bonus, won[1 - team] > 0) == best:
            expected |= card.bit
    assert optimal == expected


@given(endgames())
@examples(60)
def test_equivalent_cards_are_equivalent(position: tuple) -> None:  # type: ignore[type-arg]
    """Every card of a class the solver searches once gives the same value."""
    seats, hands, leader, trick, mode, rules, jack, bonus, won = position
    seat = (leader + len(trick)) % seats
    live = CardSet(set().union(*hands)) | CardSet(trick)
    for cls in equivalent_cards(CardSet(hands[seat]), live, mode, jack):
        values = set()
        for card in cls:
            after = [set(h) for h in hands]
            after[seat].remove(card)
            now = list(trick) + [card]
            if len(now) < seats:
                values.add(brute(after, leader, now, mode, rules, jack, 0, 0, True))
            else:
                winner = reference.trick_winner(now, mode, leader, seats)
                gain = sum(reference.card_points(c, mode, jack) for c in now) + (0 if any(after) else 5)
                rest = brute(after, winner, [], mode, rules, jack, 0, 0, True) if any(after) else 0
                values.add((gain if winner % 2 == 0 else 0) + rest)
        assert len(values) == 1


def suit_order(card: Card, mode: Trump) -> int:
    """The card's place in its suit's order (RULES.md 2.6), weakest first."""
    if card.suit == reference.TRUMP_SUIT[mode]:
        return reference.TRUMP_ORDER.index(card.rank)
    return (reference.UNDENUFE_ORDER if mode == Trump.UNDENUFE else reference.PLAIN_ORDER).index(card.rank)


@given(endgames())
@examples(60)
def test_cards_of_a_run_differ_by_their_points(position: tuple) -> None:  # type: ignore[type-arg]
    """Two cards of the seat to play, of one suit, with no card of another seat still in play
    between them (the trump Jack aside: the Bauer exception singles it out): the values after
    each differ by at most their points' difference, as swapping the two changes no trick's
    winner. The solver settles one from the other's result with it."""
    seats, hands, leader, trick, mode, rules, jack, bonus, won = position
    seat = (leader + len(trick)) % seats
    team = seat % 2
    others = set(trick).union(*(h for i, h in enumerate(hands) if i != seat))
    legal = sorted(reference.legal_cards(hands[seat], trick, mode, rules.bauer_exception, rules.undertrump.value))
    trump_jack = {c for c in legal if c.suit == reference.TRUMP_SUIT[mode] and c.rank == Rank.JACK}
    values = {card: value_after(hands, leader, trick, card, mode, rules, jack, team, bonus, won[1 - team] > 0)
              for card in legal}
    for card in legal:
        for other in legal:
            if card < other and card.suit == other.suit and not {card, other} & trump_jack:
                low, high = sorted((suit_order(card, mode), suit_order(other, mode)))
                if not any(c.suit == card.suit and low < suit_order(c, mode) < high for c in others):
                    gap = abs(reference.card_points(card, mode, jack) - reference.card_points(other, mode, jack))
                    assert abs(values[card] - values[other]) <= gap


def remaining(play: CardPlay) -> int:
    left = CardSet.from_bits(sum(h.bits for h in play.hands)) | CardSet(play.trick)
    return play.trump.points(left, trump_jack_points=play.trump_jack_points) + 5


def random_play(seed: int, cards_each: int, played: int, mode: Trump | None = None, rules: PlayRules = PlayRules()) -> CardPlay:
    rng = random.Random(seed)
    deck = list(Card)
    rng.shuffle(deck)
    hands = [CardSet(deck[i * cards_each : (i + 1) * cards_each]) for i in range(4)]
    play = CardPlay.start(mode if mode is not None else Trump(rng.randrange(6)), hands, rng.randrange(4), rules)
    for _ in range(played):
        play = play.play(rng.choice(sorted(play.legal_cards())))
    return play


@pytest.mark.parametrize("seed", range(12))
def test_invariants_along_the_principal_variation(seed: int) -> None:
    """Both teams' points add up to what is left; after an optimal card the value is kept
    (with the points of a trick completed on the way); the line reaches the solved points."""
    play = random_play(seed, 5, seed % 4)
    solver = Solver(play.trump, rules=play.rules)
    result = solve(play, solver=solver)
    assert best_line(play) == result.principal_variation
    assert sum(result.points_per_team) == remaining(play)
    assert set(result.principal_variation[:1]) <= set(result.best_cards)
    taken = list(play.points())
    start = (taken[0] + taken[2], taken[1] + taken[3])
    line = play
    for card in result.principal_variation:
        assert card in solve(line, solver=solver).best_cards
        line = line.play(card)
        points = line.points()
        so_far = (points[0] + points[2] - start[0], points[1] + points[3] - start[1])
        if not line.is_done:
            assert tuple(a + b for a, b in zip(so_far, solve(line, solver=solver).points_per_team)) == result.points_per_team
    assert line.is_done
    final = line.points()
    assert (final[0] + final[2] - start[0], final[1] + final[3] - start[1]) == result.points_per_team



@pytest.mark.parametrize("seed", range(40))
def test_a_trick_start_is_the_best_of_its_leads(seed: int) -> None:
    """Beyond the brute force's reach (4 to 6 tricks left): a trick start's value is the best,
    for the leader's team, of the values after each of its lead cards. The solver searches a
    trick start of four seats as nested loops and a position after the lead card by card, so
    this checks the one against the other, with and without a match bonus, in every rule set."""
    rng = random.Random(seed)
    tricks_left = 4 + seed % 3
    play = random_play(seed, 9, 4 * (9 - tricks_left), rules=ALL_RULES[seed % len(ALL_RULES)])
    bonus = (0, 100)[seed % 2]
    solver = Solver(play.trump, rules=play.rules, match_bonus=bonus)
    hands = [hand.bits for hand in play.hands]
    for team in (0, 1):
        match_possible = rng.random() < 0.5
        value = solver.value(hands, play.leader, team=team, match_possible=match_possible)
        after = []
        for card in play.legal_cards():
            rest = [h & ~(1 << card.index) if s == play.leader else h for s, h in enumerate(hands)]
            fresh = Solver(play.trump, rules=play.rules, match_bonus=bonus)
            after.append(fresh.value(rest, play.leader, [card.index], team=team, match_possible=match_possible))
        assert value == (max(after) if play.leader % 2 == team else min(after)), (seed, team)


def test_one_trick_left() -> None:
    hands = [CardSet.parse(h) for h in ("HA", "H6", "HK", "C6")]
    play = CardPlay.start(Trump.EICHELN, hands, leader=0)
    result = solve(play)
    # Seat 3 trumps the Ace with the 6 of trumps: 11 + 0 + 4 + 0, and the last trick's 5.
    assert result.points_per_team == (0, 20)
    assert result.best_cards == CardSet.parse("HA")
    assert result.principal_variation == (Card.HA, Card.H6, Card.HK, Card.C6)
    assert solve(CardPlay.start(Trump.OBENABE, hands, leader=0)).points_per_team == (20, 0)


def test_a_team_must_trump_to_save_points() -> None:
    """Seat 1 holds the led suit's 7 and a trump: following loses the Ace and the 10 to seat 0's
    team; trumping takes them. The solver trumps, and says following is worse."""
    hands = [CardSet.parse(h) for h in ("DA C6", "D7 H6", "D10 C7", "D6 C8")]
    play = CardPlay.start(Trump.SCHILTEN, hands, leader=0).play(Card.DA)
    result = solve(play)
    assert result.best_cards == CardSet.parse("H6")
    followed = solve(play.play(Card.D7))
    assert followed.points_per_team[1] < result.points_per_team[1]


def test_match_bonus() -> None:
    """A team that takes every trick gets the bonus; a trick taken before breaks it."""
    hands = [CardSet.parse(h) for h in ("HJ H9", "C6 C7", "HA HK", "C8 C9")]
    play = CardPlay.start(Trump.SCHILTEN, hands, leader=0)
    total = remaining(play)
    assert solve(play).points_per_team == (total, 0)
    assert solve(play, match_bonus=100).points_per_team == (total + 100, 0)
    assert solve_bits([h.bits for h in hands], Trump.SCHILTEN, 0, match_bonus=100, tricks_won=(0, 1)) == (total, 0)
    # Tricks already taken in the play count: seat 1 took the first one here.
    earlier = [CardSet.parse(h) for h in ("HJ H9 D6", "C6 C7 DA", "HA HK D7", "C8 C9 D8")]
    play = CardPlay.start(Trump.SCHILTEN, earlier, leader=0)
    for card in (Card.D6, Card.DA, Card.D7, Card.D8):
        play = play.play(card)
    assert play.tricks[0].winner == 1
    assert solve(play, match_bonus=100).points_per_team == (total, 0)
    assert best_line(play, match_bonus=100) == solve(play, match_bonus=100).principal_variation


def test_best_cards_and_mid_trick() -> None:
    for seed in range(6):
        play = random_play(seed, 4, 5 + seed % 2)  # one or two cards into the trick
        result = solve(play)
        assert result.to_play == play.to_play
        assert best_cards(play) == result.best_cards
        assert result.best_cards and result.best_cards <= play.legal_cards()
        for card in play.legal_cards():
            # The trick is not completed by this card: the value is kept exactly by the best.
            kept = solve(play.play(card)).points_per_team == result.points_per_team
            assert kept == (card in result.best_cards)


@pytest.mark.parametrize("seed", range(3))
def test_two_seats(seed: int) -> None:
    """La pomme's card play (two seats, trump Jack 21) solves as well: each side its own points."""
    rng = random.Random(seed)
    deck = list(Card)
    rng.shuffle(deck)
    hands = [CardSet(deck[0:4]), CardSet(deck[4:8])]
    play = CardPlay.start(Trump(seed), hands, 0, PlayRules(), 21)
    result = solve(play)
    expected = tuple(
        brute([set(h) for h in hands], 0, [], play.trump, play.rules, 21, team, 0, True) for team in (0, 1)
    )
    assert result.points_per_team == expected
    assert len(result.principal_variation) == 8


def test_done_and_errors() -> None:
    hands = [CardSet.parse(h) for h in ("HA", "H6", "HK", "C6")]
    play = CardPlay.start(Trump.EICHELN, hands, leader=0)
    for card in (Card.HA, Card.H6, Card.HK, Card.C6):
        play = play.play(card)
    assert solve(play).points_per_team == (0, 0) and solve(play).best_cards == CardSet()
    assert best_line(play) == ()
    with pytest.raises(JassError):
        Solver(Trump.OBENABE, seats=3)
    with pytest.raises(JassError):
        Solver(Trump.OBENABE).points([1, 2, 4], 0)
    with pytest.raises(JassError):
        Solver(Trump.OBENABE).points([1, 2, 4, 8 | 16], 0)
    with pytest.raises(JassError):
        solve(play, solver=Solver(Trump.OBENABE))


def test_the_table_is_reused() -> None:
    play = random_play(8, 6, 0)
    solver = Solver(play.trump, rules=play.rules)
    first = solver.points([h.bits for h in play.hands], play.leader)
    nodes = solver.nodes
    assert solver.points([h.bits for h in play.hands], play.leader) == first
    assert solver.nodes - nodes < nodes
    assert solver.table_size > 0
    solver.clear()
    assert solver.table_size == 0


def test_a_full_table_starts_again() -> None:
    """A tiny table drops its older half again and again during the search: the values stay
    exact, and it never holds more than it may."""
    for seed in range(4):
        play = random_play(seed, 5, 0)
        hands = [h.bits for h in play.hands]
        small = Solver(play.trump, rules=play.rules, max_entries=20)
        assert small.points(hands, play.leader) == Solver(play.trump, rules=play.rules).points(hands, play.leader)
        assert small.table_size <= 20


def test_a_full_table_keeps_the_orders_learnt() -> None:
    """When the table fills, its entries become the older generation (the one before is
    dropped), and the orders of play learnt from refutations stay: relearning them cost the
    hardest benchmark round 30% more nodes."""
    from jass.ai import solver as solver_module

    kernel = Solver(Trump.ROSEN, max_entries=4)._kernel(0)
    shared = solver_module._Shared(kernel, PlayRules())
    shared.table.update({1: (0, 5, -1), 2: (3, 3, -1)})
    shared.older.update({3: (1, 1, -1)})
    shared.orders[12345] = (7, 3)
    shared.lead_orders[678] = (4,)
    shared.forget()
    assert shared.table == {}
    assert shared.older == {1: (0, 5, -1), 2: (3, 3, -1)}
    assert shared.orders[12345] == (7, 3) and shared.lead_orders[678] == (4,)


@pytest.mark.parametrize("seed", range(30))
def test_a_trick_start_finds_one_card_of_each_class_of_each_hand(seed: int) -> None:
    """The four hands' representatives, looked up together by suit, are one card of each
    class of :func:`equivalent_cards` of each hand, whatever the mode and the cards left."""
    from jass.ai import solver as solver_module

    rng = random.Random(seed)
    deck = list(Card)
    rng.shuffle(deck)
    size = rng.randrange(1, 10)
    hands = [CardSet(deck[i * size : (i + 1) * size]) for i in range(4)]
    mode = Trump(rng.randrange(6))
    shared = solver_module._Shared(Solver(mode)._kernel(0), PlayRules())
    four = solver_module._build_all_representatives(shared, solver_module._build_representatives(shared))
    found = four([hand.bits for hand in hands])
    live = CardSet.from_bits(hands[0].bits | hands[1].bits | hands[2].bits | hands[3].bits)
    for hand, representatives in zip(hands, found):
        classes = equivalent_cards(hand, live, mode)
        assert all((cls.bits & representatives).bit_count() == 1 for cls in classes), (hand, mode)
        assert representatives & ~hand.bits == 0


@pytest.mark.parametrize(
    ("winning_side", "overtaken", "expected"),
    [
        # The partner holds the trick with the King and no one after can beat it: points on it.
        (True, False, ("H10", "H6", "HA")),
        # The last seat can beat the King: the partner's trick is not safe, so no points on it
        # first (the 6, then the 10), then the Ace, which takes it.
        (True, True, ("H6", "H10", "HA")),
        # An opponent holds the trick and the last seat can beat it: the strongest card first.
        (False, True, ("HA", "H6", "H10")),
        # An opponent holds it and no one after can beat it: the weakest winning card first.
        (False, False, ("HA", "H6", "H10")),
    ],
)
def test_the_third_card_is_tried_knowing_whether_the_last_seat_can_beat_the_trick(
    winning_side: bool, overtaken: bool, expected: tuple[str, ...]
) -> None:
    """Move ordering of the third seat (Obenabe, Hearts led, the King the best card so far,
    the third seat holding the Ace, the 10 and the 6): when the last seat holds a card above
    the King, the third seat does not try smearing its 10 first."""
    from jass._kernel import TRICK_KEYS
    from jass.ai import solver as solver_module

    shared = solver_module._Shared(Solver(Trump.OBENABE)._kernel(0), PlayRules())
    order = solver_module._build_orders(shared)
    hand = CardSet.parse("HA H10 H6")
    king = CardSet.parse("HK").bits.bit_length() - 1
    led = king // 9
    cards = order(hand.bits, led, TRICK_KEYS[Trump.OBENABE][led][king], winning_side, overtaken)
    assert tuple(str(CardSet.from_bits(1 << card)) for card in cards) == expected
