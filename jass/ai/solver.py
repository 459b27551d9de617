"""An exact open-hand solver for the card play of a round: what bridge calls double dummy.

With every hand known, :func:`solve` finds the card points each team can force from any
moment of the card play to the end of the round: the points of the cards still in the
hands and in the trick in progress, the last trick's 5, and optionally a match bonus for a
team that takes every trick. Seats 0 and 2 play against seats 1 and 3 (with two seats, as in
la pomme, seat 0 against seat 1). The search is exact: alpha-beta over the cards, a
transposition table of trick starts, equivalent cards searched once, and an MTD(f) driver of
null-window searches.

>>> from jass import CardSet, Trump
>>> from jass.play import CardPlay
>>> hands = [CardSet.parse(h) for h in ("HA H6", "HK C7", "HQ C8", "H10 C9")]
>>> result = solve(CardPlay.start(Trump.OBENABE, hands, leader=0))
>>> result.points_per_team, result.best_cards
((41, 0), CardSet('HA'))
>>> solve(CardPlay.start(Trump.EICHELN, hands, leader=0)).points_per_team
(0, 47)

In Obenabe seat 0's Ace takes the hearts (28 points), and its 6 takes the last trick, as
the others hold only clubs (8 points and the last trick's 5). With Eicheln trump those
clubs are trumps: seat 3's trump 9 takes the Ace, and seat 1's King the last trick.

What "can force" means: ``points_per_team[t]`` is the most points team *t* is sure of
whatever the other team plays (the max-min of its own points). Without a match bonus the
two numbers add up to what is left to take, and one search gives both. With a match bonus
the game is not constant-sum (the bonus goes to one team or none), so each team's number is
its own search, the other team playing to keep that team's points low.

The raw form, for search bots: :func:`solve_bits` takes card bit sets (bit *i* is card *i*,
as :attr:`jass.cards.CardSet.bits`) and card indices, and a :class:`Solver` keeps its
transposition table from one call to the next, so that solving the positions of one round
one after the other reuses the work.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from jass import _kernel
from jass.cards import SUIT_MASKS, Card, CardSet
from jass.errors import InvalidCardsError, InvalidRulesError
from jass.play import CardPlay
from jass.tricks import PlayRules, legal_bits
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, TRICK_KEYS, TRUMP_STRENGTH, Trump, point_table

__all__ = ["SolveResult", "Solver", "solve", "best_cards", "best_line", "solve_bits", "equivalent_cards"]

_HAND: Final = 36
_HAND_MASK: Final = (1 << _HAND) - 1
_INF: Final = 1 << 30
#: The caches' keys are bit sets times this odd constant (an injection). A dict finds an int by
#: its hash, the int modulo 2**61 - 1, through the hash's low bits; those of card bit sets barely
#: change between the positions of one search (one suit's cards), and many keys would share them.
_MIX: Final = 0x9E3779B97F4A7C15


@attrs.frozen
class SolveResult:
    """What :func:`solve` found for one position of the card play."""

    #: Points each team can force from here to the end of the round (team 0 = seats 0 and 2):
    #: the cards still in the hands and in the trick in progress, the last trick's 5, and the
    #: match bonus when it is asked for and still possible.
    points_per_team: tuple[int, int]
    #: The seat whose card is due (``None`` once every card is played).
    to_play: int | None
    #: Every card of the seat to play that keeps its team's forced points.
    best_cards: CardSet
    #: One optimal line of play from here to the last card (the seat to play's team playing to
    #: take the most points, the other team to leave it the fewest).
    principal_variation: tuple[Card, ...]
    #: Positions the search visited (of the value, the best cards and the line together).
    nodes: int


def _suit_order(trump: int, suit: int) -> tuple[int, ...]:
    """The card indices of ``suit``, strongest first, in mode ``trump``."""
    if suit == trump:
        ranks = sorted(range(9), key=lambda r: -TRUMP_STRENGTH[r])
    elif trump == Trump.UNDENUFE:
        ranks = list(range(9))
    else:
        ranks = list(range(8, -1, -1))
    return tuple(suit * 9 + r for r in ranks)


@functools.lru_cache(maxsize=64)
def _order_tables(trump: int, trump_jack_points: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    return tuple(_suit_order(trump, s) for s in range(4)), point_table(Trump(trump), trump_jack_points)


def _classes(hand: int, live: int, trump: int, trump_jack_points: int) -> list[int]:
    """The classes of equivalent cards of ``hand``, as bit sets: cards of one suit, of equal
    points, with no card of ``live`` (the cards not yet in a completed trick) between them in
    the suit's order. The trump Jack is always alone (the Bauer exception singles it out)."""
    orders, points = _order_tables(trump, trump_jack_points)
    classes = []
    for suit in range(4):
        if not hand & SUIT_MASKS[suit]:
            continue
        current = 0
        current_points = -1
        for card in orders[suit]:
            bit = 1 << card
            if hand & bit:
                if current and points[card] == current_points and not (trump == suit and card % 9 == 5):
                    current |= bit
                else:
                    if current:
                        classes.append(current)
                    current, current_points = bit, points[card]
                    if trump == suit and card % 9 == 5:
                        classes.append(current)
                        current, current_points = 0, -1
            elif live & bit:
                if current:
                    classes.append(current)
                current, current_points = 0, -1
        if current:
            classes.append(current)
    return classes


def equivalent_cards(hand: CardSet, live: CardSet, trump: Trump, trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS) -> list[CardSet]:
    """The classes of ``hand``'s cards that the solver searches once: cards of one suit worth
    the same points, with none of the cards of ``live`` (every card not yet in a completed
    trick: the hands and the trick in progress) between them in the suit's order. Playing any
    card of a class leads to the same outcome, as the positions differ only by a renaming of
    cards that changes no comparison and no point. The trump Jack is never grouped.

    >>> hand = CardSet.parse("C6 C7 C9 CA")
    >>> equivalent_cards(hand, hand | CardSet.parse("C8 CK"), Trump.ROSEN)
    [CardSet('CA'), CardSet('C9'), CardSet('C6 C7')]
    """
    return [CardSet.from_bits(b) for b in _classes(hand.bits, live.bits | hand.bits, int(trump), trump_jack_points)]


#: The ranks of the trump suit, strongest first.
_TRUMP_RANKS: Final = tuple(sorted(range(9), key=lambda r: -TRUMP_STRENGTH[r]))

_Tables = tuple[
    tuple[tuple[int, ...], ...], tuple[dict[int, int], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]
]


@functools.lru_cache(maxsize=64)
def _tables(trump: int, trump_jack_points: int) -> _Tables:
    """The search's tables of a mode, built once: per suit the points of each of the 512 sets
    of its cards; ``beats[led][key]``, the cards whose key in a trick led in ``led`` is above
    ``key``; per suit the strength (0..8, in the suit's order) of the strongest and of the
    weakest card of each set."""
    points = point_table(Trump(trump), trump_jack_points)
    keys_by_led = TRICK_KEYS[trump]
    suit_points = tuple(
        tuple(sum(points[s * 9 + r] for r in range(9) if m >> r & 1) for m in range(512)) for s in range(4)
    )
    beats = tuple(
        {k: sum(1 << c for c in range(36) if keys_by_led[led][c] > k) for k in set(keys_by_led[led]) | {-2}}
        for led in range(4)
    )
    strength = [keys_by_led[c // 9][c] % 100 for c in range(36)]
    strongest = tuple(
        tuple(max((strength[9 * s + r] for r in range(9) if m >> r & 1), default=-1) for m in range(512))
        for s in range(4)
    )
    weakest = tuple(
        tuple(min((strength[9 * s + r] for r in range(9) if m >> r & 1), default=9) for m in range(512))
        for s in range(4)
    )
    return suit_points, beats, strongest, weakest


#: Above every card bit: a mask with it meets every set of live cards that has it too.
_NEVER: Final = 1 << 36


@functools.lru_cache(maxsize=8)
def _between(trump: int) -> tuple[tuple[int, ...], ...]:
    """``between[c][d]``: the cards strictly between ``c`` and ``d`` in their suit's order in
    mode ``trump``; :data:`_NEVER` for cards of two suits, a card and itself, or the trump Jack
    (the Bauer exception singles it out)."""
    place = {}
    for suit in range(4):
        for index, card in enumerate(_suit_order(trump, suit)):
            place[card] = index
    table = []
    for card in range(36):
        row = []
        for other in range(36):
            jack = trump < 4 and trump * 9 + 5 in (card, other)
            if card // 9 != other // 9 or card == other or jack:
                row.append(_NEVER)
            else:
                low, high = sorted((place[card], place[other]))
                order = _suit_order(trump, card // 9)
                row.append(sum(1 << order[i] for i in range(low + 1, high)))
        table.append(tuple(row))
    return tuple(table)


def _near_bound(
    card: int, searched: list[tuple[int, int]], foreign: int, near: tuple[int, ...], points: tuple[int, ...],
    maximise: bool, alpha: int, beta: int,
) -> int | None:
    """What a card's search would tell, known from a card of the same hand already searched
    (``searched``: card and result) when no other seat's live card (``foreign``) lies between
    them: swapping the two changes no trick's winner, only their points, so the two values
    differ by at most the points' difference. The bound that settles the card (at most
    ``alpha`` for the maximising side, at least ``beta`` for the other), or ``None``."""
    for other, result in searched:
        if not near[other] & foreign:
            gap = points[card] - points[other]
            if gap < 0:
                gap = -gap
            if maximise:
                if result + gap <= alpha:
                    return result + gap
            elif result - gap >= beta:
                return result - gap
    return None


# The search is built as closures, not methods: CPython reads a closure's variables about as
# fast as its locals, much faster than attributes (self.x) or globals, and the search reads
# them at every node. Each _build_* function below makes one piece, over the _Shared state.

#: (leader, lead_hand, live, match, stake) -> (low, high): a new trick start's first bounds.
_Bounds = Callable[[int, int, int, bool, int], tuple[int, int]]
#: (leader, match) -> value: the end of the round from a trick start (one or two cards each).
_Ending = Callable[[int, bool], int]
#: (leader, alpha, beta, match, left) -> value: the search from a trick start.
_Start = Callable[[int, int, int, bool, int], int]
#: (leader, lead_hand, live, key, alpha, beta, low, high, move, match, left) -> value: the leads.
_Leads = Callable[[int, int, int, int, int, int, int, int, int, bool, int], int]
#: (pos, leader, led, win_key, win_seat, trick_points, alpha, beta, match, reps) -> value: a card
#: after the lead, ``reps`` one card of each class of equivalent cards of every hand, then the
#: cards live at the trick's start and their points.
_Follow = Callable[[int, int, int, int, int, int, int, int, bool, tuple[int, ...]], int]
#: (hands, leader, trick, alpha, beta, match) -> value: the search from any position.
_Search = Callable[[Sequence[int], int, Sequence[int], int, int, bool], int]


class _Kernel:
    """The search of one objective: the points of team ``team`` (seat % 2), which that team
    maximises and the other minimises. Positions at a trick start are kept in a
    transposition table keyed by the hands, the leader and (with a match bonus) whether the
    match is still possible: only future points are searched, so the points already taken
    and the order of earlier play do not belong in the key."""

    def __init__(
        self, trump: int, seats: int, rules: PlayRules, trump_jack_points: int, match_bonus: int, team: int,
        max_entries: int,
    ):
        self.max_entries = max_entries
        self.trump = trump
        self.seats = seats
        self.team = team
        self.match_bonus = match_bonus
        self.trump_jack_points = trump_jack_points
        self.table: dict[int, tuple[int, int, int]] = {}
        #: The table's previous generation, read when the table misses (see ``_Shared.forget``).
        self.older: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self._build(rules)

    def _build(self, rules: PlayRules) -> None:
        """Make the search from its pieces, closures (their variables read as fast as locals)."""
        shared = _Shared(self, rules)
        representatives = _build_representatives(shared)
        last_trick = _build_last_trick(shared)
        play_out_two_tricks = _build_play_out_two_tricks(self, shared)
        bounds, leader_takes_all = _build_bounds(shared)
        start, follow, last_card = _build_start(
            self, shared, last_trick, play_out_two_tricks, bounds, leader_takes_all, representatives
        )
        self.search: _Search = _on_fresh_frames(_build_search(shared, start, follow, last_card, representatives))


#: A cache of :class:`_Caches` past this many entries starts again when a search is made.
_CACHE_LIMIT: Final = 1_000_000


class _Caches:
    """What the searches of one mode and set of rules work out and may share, whatever the
    deal: the representatives of a suit's cards, the winners of a last trick, the cards a
    follower or a leader tries in their order (learnt from the refutations found), the cards
    of a set sorted. Solvers of one mode share them, so that many small solves (a search
    bot's) do not each start cold; each is cleared past :data:`_CACHE_LIMIT` entries."""

    __slots__ = ("representatives", "suit_patterns", "last_winners", "orders", "lead_orders", "by_points", "by_strength")

    def __init__(self, trump: int, trump_jack_points: int) -> None:
        points, keys_by_led = point_table(Trump(trump), trump_jack_points), TRICK_KEYS[trump]
        self.representatives: dict[int, int] = {}
        #: The representatives of four hands in one suit, by the four hands' cards of that suit.
        self.suit_patterns: dict[int, tuple[int, int, int, int]] = {}
        self.last_winners: dict[int, int] = {}
        #: A follower's cards to try, in order, by its hand's representatives and the trick so far.
        self.orders: dict[int, tuple[int, ...]] = {}
        #: A leader's cards to try, in order, by its hand's representatives.
        self.lead_orders: dict[int, tuple[int, ...]] = {}
        # Cards of a set sorted by points, most first (then strongest first, by index).
        self.by_points = _sorted_cards([points[c] * 64 + c for c in range(36)])
        # A lead: the strongest cards first (trumps, then the highest of each suit).
        self.by_strength = _sorted_cards([keys_by_led[c // 9][c] * 64 + points[c] for c in range(36)])

    def bound(self) -> None:
        """Clear each cache grown past its limit."""
        for cache in (self.representatives, self.suit_patterns, self.last_winners, self.orders, self.lead_orders):
            if len(cache) > _CACHE_LIMIT:
                cache.clear()


@functools.lru_cache(maxsize=16)
def _caches(trump: int, legal_flags: tuple[bool, bool, bool], trump_jack_points: int) -> _Caches:
    """The caches of one mode and set of rules (the legality of cards, the points)."""
    return _Caches(trump, trump_jack_points)


class _Shared:
    """What the search closures of one kernel share: the mode's tables, read only, and the
    state they change (the hands searched, the transposition table, the caches)."""

    __slots__ = (
        "trump", "seats", "team", "match_bonus", "generation", "legal_flags", "trump_jack_points", "points",
        "keys_by_led", "suit_points", "beats", "strongest", "weakest", "seat_at", "same_team", "ours",
        "hands", "by_points", "by_strength", "table", "older", "representatives_cache", "last_winners", "orders",
        "lead_orders", "caches",
    )

    def __init__(self, kernel: _Kernel, rules: PlayRules) -> None:
        trump = self.trump = kernel.trump
        seats = self.seats = kernel.seats
        team = self.team = kernel.team
        self.match_bonus = kernel.match_bonus
        self.legal_flags = rules.legal_flags
        trump_jack_points = self.trump_jack_points = kernel.trump_jack_points
        points = self.points = point_table(Trump(trump), trump_jack_points)
        keys_by_led = self.keys_by_led = TRICK_KEYS[trump]
        self.suit_points, self.beats, self.strongest, self.weakest = _tables(trump, trump_jack_points)
        self.seat_at = [[(leader + pos) % seats for pos in range(seats)] for leader in range(seats)]
        self.same_team = [[(seat & 1) == (other & 1) for other in range(seats)] for seat in range(seats)]
        self.ours = [(seat & 1) == team for seat in range(seats)]
        self.hands = [0] * seats
        self.table, self.older = kernel.table, kernel.older
        #: Entries in a generation of the table: two of them hold ``max_entries`` at most.
        self.generation = max(1, kernel.max_entries // 2)
        caches = self.caches = _caches(trump, self.legal_flags, trump_jack_points)
        caches.bound()
        self.by_points, self.by_strength = caches.by_points, caches.by_strength
        self.representatives_cache, self.last_winners = caches.representatives, caches.last_winners
        self.orders, self.lead_orders = caches.orders, caches.lead_orders

    def forget(self) -> None:
        """Make room in the full table: its entries become the older generation, which drops
        the one before (the search stays exact). The caches beside it are kept, each cleared
        only past its own limit: they stay small (tens of thousands of entries after a whole
        round), and the orders learnt from refutations are dear to lose (clearing them with the
        table cost the hardest round of ``benchmarks/bench_solver.py`` 30% more nodes)."""
        self.older.clear()
        self.older.update(self.table)
        self.table.clear()
        self.caches.bound()


def _build_representatives(shared: _Shared) -> Callable[[int, int], int]:
    """The search's move pruning: one card of each class of equivalent cards."""
    cache = shared.representatives_cache
    trump, trump_jack_points = shared.trump, shared.trump_jack_points
    # Each suit apart: its classes depend only on its cards in the hand and live, and on whether
    # it is the trump suit; the same few patterns come back again and again.
    trump_flag = [1 << 18 if suit == trump else 0 for suit in range(4)]

    def suit_representatives(suit: int, key: int) -> int:
        """The representatives of one suit's cards (``key``: the hand's, the live ones, trump)."""
        shift = 9 * suit
        found = 0
        for cls in _classes((key & 511) << shift, (key >> 9 & 511) << shift, trump, trump_jack_points):
            found |= cls & -cls
        found >>= shift
        cache[key] = found
        return found

    def representatives(hand: int, live: int) -> int:
        """One card of each class of equivalent cards of ``hand``, cached by suit."""
        found = 0
        for suit in 0, 1, 2, 3:
            shift = 9 * suit
            mine = hand >> shift & 511
            if mine:
                key = mine | (live >> shift & 511) << 9 | trump_flag[suit]
                reps = cache.get(key)
                if reps is None:
                    reps = suit_representatives(suit, key)
                found |= reps << shift
        return found

    return representatives


def _build_all_representatives(
    shared: _Shared, representatives: Callable[[int, int], int]
) -> Callable[[list[int]], tuple[int, int, int, int]]:
    """``representatives`` of four hands at a trick start (every live card in a hand), by
    suit: one cache lookup per suit instead of one per suit and hand."""
    cache = shared.caches.suit_patterns

    def suit_pattern(key: int) -> tuple[int, int, int, int]:
        """The four hands' representatives in one suit (``key``: their cards of it, then its shift)."""
        shift = key >> 36
        suits = [(key >> 9 * seat & 511) << shift for seat in range(4)]
        live = suits[0] | suits[1] | suits[2] | suits[3]
        found = cache[key] = (
            representatives(suits[0], live), representatives(suits[1], live),
            representatives(suits[2], live), representatives(suits[3], live),
        )
        return found

    def all_representatives(hands: list[int]) -> tuple[int, int, int, int]:
        """One card of each class of equivalent cards of each of the four ``hands``."""
        h0, h1, h2, h3 = hands
        r0 = r1 = r2 = r3 = 0
        for shift in 0, 9, 18, 27:
            key = h0 >> shift & 511 | (h1 >> shift & 511) << 9 | (h2 >> shift & 511) << 18 | (h3 >> shift & 511) << 27
            key |= shift << 36
            found = cache.get(key)
            if found is None:
                found = suit_pattern(key)
            s0, s1, s2, s3 = found
            r0 |= s0
            r1 |= s1
            r2 |= s2
            r3 |= s3
        return r0, r1, r2, r3

    return all_representatives


def _build_last_trick(shared: _Shared) -> _Ending:
    """The last trick, one card in each hand: forced."""
    hands, seat_at, ours, points, keys_by_led = shared.hands, shared.seat_at, shared.ours, shared.points, shared.keys_by_led
    match_bonus, last_bonus = shared.match_bonus, LAST_TRICK_BONUS

    def last_trick(leader: int, match: bool) -> int:
        """Every hand holds one card: the trick is forced."""
        led_card = hands[leader].bit_length() - 1
        keys = keys_by_led[led_card // 9]
        best = -2
        winner = leader
        total = last_bonus
        for seat in seat_at[leader]:
            card = hands[seat].bit_length() - 1
            total += points[card]
            if keys[card] > best:
                best, winner = keys[card], seat
        if ours[winner]:
            return total + match_bonus if match else total
        return 0

    return last_trick


def _build_play_out_two_tricks(kernel: _Kernel, shared: _Shared) -> _Ending:
    """The exact value of four hands of two cards: alpha-beta from an open window over every line.
    Seats a, b, c, d in play order: hand h*, maximising max_*, legal cards left for_*, card c*,
    key k*, window alpha_*/beta_*; after a card the trick's best key top_*, its winner win_* and
    the winner's other card lead_*."""
    hands, seat_at, ours, points, keys_by_led = shared.hands, shared.seat_at, shared.ours, shared.points, shared.keys_by_led
    suit0_points, suit1_points, suit2_points, suit3_points = shared.suit_points
    trump, (bauer, undertrump_allowed, void_undertrumps) = shared.trump, shared.legal_flags
    last_winners, match_bonus, last_bonus = shared.last_winners, shared.match_bonus, LAST_TRICK_BONUS
    restricted, legal = trump < 4 and not undertrump_allowed, _kernel.legal

    def play_out_two_tricks(leader: int, match: bool) -> int:
        """Two cards each, four seats: the exact value, by alpha-beta over every line (at most 16)."""
        a, b, c, d = seat_at[leader]
        ha, hb, hc, hd = hands[a], hands[b], hands[c], hands[d]
        max_a, max_b, max_c, max_d = ours[a], ours[b], ours[c], ours[d]
        everything = ha | hb | hc | hd
        total = suit0_points[everything & 0x1FF] + suit1_points[everything >> 9 & 0x1FF] + last_bonus
        total += suit2_points[everything >> 18 & 0x1FF] + suit3_points[everything >> 27]
        visited = 0
        best_a = -_INF if max_a else _INF
        alpha_a, beta_a = -_INF, _INF
        for_a = ha
        while for_a:
            bit_a = for_a & -for_a
            for_a ^= bit_a
            ca = bit_a.bit_length() - 1
            led = ca // 9
            keys = keys_by_led[led]
            ka = keys[ca]
            rest_a = ha ^ bit_a
            best_b = -_INF if max_b else _INF
            alpha_b, beta_b = alpha_a, beta_a
            for_b = legal(hb, led, ka - 100 if restricted and ka >= 100 else -1, trump, bauer, void_undertrumps)
            while for_b:
                bit_b = for_b & -for_b
                for_b ^= bit_b
                cb = bit_b.bit_length() - 1
                kb = keys[cb]
                rest_b = hb ^ bit_b
                if kb > ka:
                    top_b, win_b, lead_b = kb, b, rest_b
                else:
                    top_b, win_b, lead_b = ka, a, rest_a
                ours_ab = (rest_a if max_a else 0) | (rest_b if max_b else 0)
                best_c = -_INF if max_c else _INF
                alpha_c, beta_c = alpha_b, beta_b
                for_c = legal(hc, led, top_b - 100 if restricted and top_b >= 100 else -1, trump, bauer, void_undertrumps)
                while for_c:
                    bit_c = for_c & -for_c
                    for_c ^= bit_c
                    cc = bit_c.bit_length() - 1
                    kc = keys[cc]
                    rest_c = hc ^ bit_c
                    if kc > top_b:
                        top_c, win_c, lead_c = kc, c, rest_c
                    else:
                        top_c, win_c, lead_c = top_b, win_b, lead_b
                    ours_abc = ours_ab | rest_c if max_c else ours_ab
                    trick_points = points[ca] + points[cb] + points[cc]
                    rest_abc = rest_a | rest_b | rest_c
                    best_d = -_INF if max_d else _INF
                    for_d = legal(hd, led, top_c - 100 if restricted and top_c >= 100 else -1, trump, bauer, void_undertrumps)
                    while for_d:
                        bit_d = for_d & -for_d
                        for_d ^= bit_d
                        visited += 1
                        cd = bit_d.bit_length() - 1
                        rest_d = hd ^ bit_d
                        if keys[cd] > top_c:
                            winner, lead = d, rest_d
                        else:
                            winner, lead = win_c, lead_c
                        # The last trick is forced: its winning card, from the four left
                        # and the card its leader (the first trick's winner) plays.
                        cache_key = (rest_abc | rest_d | lead << 36) * _MIX
                        top = last_winners.get(cache_key)
                        if top is None:
                            top = last_winners[cache_key] = _winning_card((rest_a, rest_b, rest_c, rest_d), lead, keys_by_led)
                        ours_rest = ours_abc | rest_d if max_d else ours_abc
                        if ours[winner]:
                            if top & ours_rest:
                                value = total + match_bonus if match else total
                            else:
                                value = trick_points + points[cd]
                        elif top & ours_rest:
                            value = total - trick_points - points[cd]
                        else:
                            value = 0
                        if (value > best_d) if max_d else (value < best_d):
                            best_d = value
                            if (value >= beta_c) if max_d else (value <= alpha_c):
                                break
                    if (best_d > best_c) if max_c else (best_d < best_c):
                        best_c = best_d
                        if (best_d >= beta_c) if max_c else (best_d <= alpha_c):
                            break
                        alpha_c, beta_c = (max(alpha_c, best_d), beta_c) if max_c else (alpha_c, min(beta_c, best_d))
                if (best_c > best_b) if max_b else (best_c < best_b):
                    best_b = best_c
                    if (best_c >= beta_b) if max_b else (best_c <= alpha_b):
                        break
                    alpha_b, beta_b = (max(alpha_b, best_c), beta_b) if max_b else (alpha_b, min(beta_b, best_c))
            if (best_b > best_a) if max_a else (best_b < best_a):
                best_a = best_b
                alpha_a, beta_a = (max(alpha_a, best_b), beta_a) if max_a else (alpha_a, min(beta_a, best_b))
        kernel.nodes += visited
        return best_a

    return play_out_two_tricks


def _winning_card(cards: tuple[int, int, int, int], lead: int, keys_by_led: tuple[tuple[int, ...], ...]) -> int:
    """Of four one-card bit sets, the one whose card takes the trick that ``lead`` leads."""
    last_keys = keys_by_led[(lead.bit_length() - 1) // 9]
    return max(cards, key=lambda bit: last_keys[bit.bit_length() - 1])


def _build_bounds(shared: _Shared) -> tuple[_Bounds, Callable[[int, int], bool]]:
    """A new trick start's first bounds: the points in play, the trumps sure to go to one
    side; and the claim, that the leader takes every trick."""
    hands, team, match_bonus, last_bonus = shared.hands, shared.team, shared.match_bonus, LAST_TRICK_BONUS
    suit0_points, suit1_points, suit2_points, suit3_points = shared.suit_points
    strongest, weakest, trump, points = shared.strongest, shared.weakest, shared.trump, shared.points
    trump_mask = SUIT_MASKS[trump] if trump < 4 else 0
    secure_trumps = trump < 4 and shared.seats == 4
    trump_shift = 9 * trump if trump < 4 else 0
    trump_order = _TRUMP_RANKS
    trump_points = [points[trump_shift + r] for r in range(9)] if trump < 4 else [0] * 9
    strength_of = [shared.keys_by_led[c // 9][c] % 100 for c in range(36)]
    secured_cache: dict[int, int] = {}
    masters_cache: dict[int, int] = {}
    ours = shared.ours

    def master_points(suit: int, mine: int, theirs: int) -> int:
        """The points of the cards of ``mine`` above every card of ``theirs`` (one suit's ranks)."""
        top = strongest[suit][theirs]
        return sum(points[9 * suit + r] for r in range(9) if mine >> r & 1 and strength_of[9 * suit + r] > top)


    def secured_trump_points(our_trumps: int, their_trumps: int) -> int:
        """The points of the strongest trumps left while one side holds them all: > 0 ours, < 0 theirs."""
        # Each goes to that side whatever is played: only its own side's cards beat it.
        total = 0
        side = 0
        for r in trump_order:
            if our_trumps >> r & 1:
                if side < 0:
                    break
                side = 1
                total += trump_points[r]
            elif their_trumps >> r & 1:
                if side > 0:
                    break
                side = -1
                total -= trump_points[r]
        return total

    def cashed_points(lead_hand: int, live: int) -> int:
        """The points of the leader's masters when no one else holds a trump: it can lead them
        one after the other, each taking its trick (the other cards of the trick not counted)."""
        others = live ^ lead_hand
        if others & trump_mask:
            return 0
        total = 0
        for shift in 0, 9, 18, 27:
            mine = lead_hand >> shift & 0x1FF
            if mine:
                key = mine | (others >> shift & 0x1FF) << 9 | shift << 18
                found = masters_cache.get(key)
                if found is None:
                    found = masters_cache[key] = master_points(shift // 9, mine, others >> shift & 0x1FF)
                total += found
        return total

    def bounds(leader: int, lead_hand: int, live: int, match: bool, stake: int) -> tuple[int, int]:
        """The least and the most points ``team`` can take from a trick start with ``live`` in the
        hands, where ``stake`` is every point left (with the match bonus when ``match``)."""
        low = 0
        high = stake - match_bonus if match else stake
        cashed = cashed_points(lead_hand, live)
        if ours[leader]:
            low = cashed
        elif cashed:
            high -= cashed
            match = False  # the other side takes a trick
        if match:
            high += match_bonus
        if secure_trumps:
            our_trumps = (hands[team] | hands[team + 2]) >> trump_shift & 0x1FF
            their_trumps = (hands[1 - team] | hands[3 - team]) >> trump_shift & 0x1FF
            if our_trumps or their_trumps:
                secured = secured_cache.get(our_trumps | their_trumps << 9)
                if secured is None:
                    secured = secured_cache[our_trumps | their_trumps << 9] = secured_trump_points(our_trumps, their_trumps)
                if secured > low:
                    low = secured
                elif secured < 0 and not cashed:
                    high += secured
        return low, high

    def leader_takes_all(lead_hand: int, live: int) -> bool:
        """A claim: the leader's cards beat every other card of their suits left, and no one else has a trump."""
        others = live ^ lead_hand
        if others & trump_mask:
            return False
        for suit in range(4):
            mine = lead_hand >> 9 * suit & 0x1FF
            if mine:
                theirs = others >> 9 * suit & 0x1FF
                if theirs and weakest[suit][mine] < strongest[suit][theirs]:
                    return False
        return True

    return bounds, leader_takes_all


def _build_start(
    kernel: _Kernel, shared: _Shared, last_trick: _Ending, play_out_two_tricks: _Ending,
    bounds: _Bounds, leader_takes_all: Callable[[int, int], bool],
    representatives: Callable[[int, int], int],
) -> tuple[_Start, _Follow, _Follow]:
    """The search from a trick start, and the searches it calls, built here as they call it
    in turn: ``leads`` (each lead card), ``follow`` (the cards between the lead and the last)
    and ``last_card`` (the card that completes the trick and starts the next)."""
    hands, table, older, forget, generation = shared.hands, shared.table, shared.older, shared.forget, shared.generation
    seats, ours = shared.seats, shared.ours
    match_bonus, last_bonus = shared.match_bonus, LAST_TRICK_BONUS
    four = play_out_last_two = seats == 4
    # Assigned below, as they need ``start``: read when ``start`` runs.
    leads: _Leads
    trick: _Leads

    def two_tricks(leader: int, match: bool, key: int) -> int:
        """The exact value of the last two tricks (``hands`` holds them, ``key`` is their
        position's key in the table), from the table or played out."""
        found = table.get(key)
        if found is None and older:
            found = older.get(key)
        if found is not None:
            return found[0]
        value = play_out_two_tricks(leader, match)
        if len(table) >= generation:
            forget()
        table[key] = (value, value, -1)
        return value

    def start(leader: int, alpha: int, beta: int, match: bool, left: int) -> int:
        """A trick start: the value is the points ``team`` takes from here on (``left``: the
        points of the cards in the hands)."""
        kernel.nodes += 1
        if beta <= 0:
            return 0  # a side never takes fewer than no points
        lead_hand = hands[leader]
        if not lead_hand & (lead_hand - 1):
            return last_trick(leader, match)
        if seats == 4:
            h0, h1, h2, h3 = hands
            live = h0 | h1 | h2 | h3
            key = (h0 | h1 << 36 | h2 << 72 | h3 << 108 | leader << 144 | match << 146) * _MIX
        else:
            h0, h1 = hands
            live = h0 | h1
            key = (h0 | h1 << 36 | leader << 72 | match << 74) * _MIX
        stake = left + last_bonus + match_bonus if match else left + last_bonus
        if alpha >= stake:
            return stake  # nor more than every point left
        if play_out_last_two and not (lead_hand & (lead_hand - 1)) & (lead_hand & (lead_hand - 1)) - 1:
            return two_tricks(leader, match, key)
        entry = table.get(key)
        if entry is None and older:
            entry = older.get(key)
        if entry is not None:
            low, high, move = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        else:
            low, high = bounds(leader, lead_hand, live, match, stake)
            if high <= alpha:
                return high
            if low >= beta:
                return low
            move = -1
            if leader_takes_all(lead_hand, live):
                value = high if ours[leader] else 0
                if len(table) >= generation:
                    forget()
                table[key] = (value, value, -1)
                return value
        if four:
            return trick(leader, lead_hand, live, key, alpha, beta, low, high, move, match, left)
        return leads(leader, lead_hand, live, key, alpha, beta, low, high, move, match, left)

    last_card = _build_last_card(kernel, shared, start)
    follow = _build_follow(kernel, shared, last_card) if seats > 2 else last_card
    leads = _build_leads(shared, follow, representatives)
    trick = _build_trick(kernel, shared, start, two_tricks, _build_all_representatives(shared, representatives))
    return start, follow, last_card


def _build_leads(shared: _Shared, follow: _Follow, representatives: Callable[[int, int], int]) -> _Leads:
    """The search of the lead cards of a trick start, whose result it keeps in the table."""
    hands, table, forget, generation = shared.hands, shared.table, shared.forget, shared.generation
    ours, points, keys_by_led, by_strength = shared.ours, shared.points, shared.keys_by_led, shared.by_strength
    four = shared.seats == 4
    lead_orders = shared.lead_orders
    between, near_bound = _between(shared.trump), _near_bound

    def leads(
        leader: int, lead_hand: int, live: int, key: int, alpha: int, beta: int, low: int, high: int, move: int,
        match: bool, left: int,
    ) -> int:
        """Each lead (the table's best ``move`` first) in the window; the bounds found kept at ``key``."""
        maximise = ours[leader]
        best = -_INF if maximise else _INF
        best_move = move
        # One card of each class of equivalent cards of every hand: the classes hold for the
        # whole trick (a card played stays live until the trick is complete).
        reps: tuple[int, ...]
        if four:
            h0, h1, h2, h3 = hands
            reps = (representatives(h0, live), representatives(h1, live), representatives(h2, live),
                    representatives(h3, live), live, left)
        else:
            reps = (representatives(hands[0], live), representatives(hands[1], live), live, left)
        lead_key = reps[leader] * _MIX
        cards = lead_orders.get(lead_key)
        if cards is None:
            cards = lead_orders[lead_key] = by_strength(reps[leader])
        tried = cards
        if move >= 0 and move != cards[0] and move in cards:
            tried = (move,) + tuple(c for c in cards if c != move)
        window_alpha, window_beta = alpha, beta
        searched = None
        foreign = _NEVER | live ^ lead_hand
        for card in tried:
            if searched is not None:
                known = near_bound(card, searched, foreign, between[card], points, maximise, window_alpha, window_beta)
                if known is not None:
                    if (known > best) if maximise else (known < best):
                        best = known
                    continue
            hands[leader] = lead_hand ^ 1 << card
            led = card // 9
            value = follow(
                1, leader, led, keys_by_led[led][card], leader, points[card], window_alpha, window_beta, match, reps
            )
            if maximise:
                if value > best:
                    best, best_move = value, card
                    if value > window_alpha:
                        window_alpha = value
                        if window_alpha >= window_beta:
                            if card != cards[0]:
                                lead_orders[lead_key] = (card,) + tuple(c for c in cards if c != card)
                            break
            else:
                if value < best:
                    best, best_move = value, card
                    if value < window_beta:
                        window_beta = value
                        if window_alpha >= window_beta:
                            if card != cards[0]:
                                lead_orders[lead_key] = (card,) + tuple(c for c in cards if c != card)
                            break
            if searched is None:
                searched = [(card, value)]
            else:
                searched.append((card, value))
        hands[leader] = lead_hand
        if best <= alpha:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        if len(table) >= generation:
            forget()
        table[key] = (low, high, best_move)
        return best

    return leads


#: What the last two seats of a trick keep from its start: their seats, hands, representatives,
#: sides, the other seats' live cards, their places in the table's key, and whether two tricks
#: are left after it, the match and the points in the hands.
_LastTwo = tuple[int, int, int, int, int, int, bool, bool, int, int, int, int, bool, bool, int]


def _follower_cards(shared: _Shared) -> Callable[[int, int, int, bool], tuple[tuple[int, ...], int]]:
    """A follower's cards in the order ``follow`` tries them, and their key in ``orders``."""
    orders, order = shared.orders, _build_orders(shared)

    def cards_to_try(reps: int, led: int, win_key: int, winning_side: bool) -> tuple[tuple[int, ...], int]:
        """The legal cards of ``reps`` in order, in a trick led in ``led`` whose best card has ``win_key``."""
        order_key = (reps | (win_key + 2 | led << 7 | winning_side << 9) << 36) * _MIX
        cards = orders.get(order_key)
        if cards is None:
            cards = orders[order_key] = order(reps, led, win_key, winning_side, False)
        return cards, order_key

    return cards_to_try


def _build_trick(
    kernel: _Kernel, shared: _Shared, start: _Start, two_tricks: Callable[[int, bool, int], int],
    all_representatives: Callable[[list[int]], tuple[int, int, int, int]],
) -> _Leads:
    """A trick start with four seats as nested loops: the search of ``leads``, ``follow`` and
    ``last_card`` (same cards, order, bounds and table), with a Python call per second card
    only, as a call costs more than a card. The last two cards are in ``_build_last_two``."""
    hands, table, forget, generation = shared.hands, shared.table, shared.forget, shared.generation
    seat_at, ours, points, keys_by_led = shared.seat_at, shared.ours, shared.points, shared.keys_by_led
    orders, lead_orders, by_strength = shared.orders, shared.lead_orders, shared.by_strength
    cards_to_try, last_two = _follower_cards(shared), _build_last_two(kernel, shared, start, two_tricks)
    between, near_bound = _between(shared.trump), _near_bound

    def trick(
        leader: int, lead_hand: int, live: int, key: int, alpha: int, beta: int, low: int, high: int, move: int,
        match: bool, left: int,
    ) -> int:
        """Each line of the trick in the window, the bounds found kept at ``key``. Seats a, b in
        play order: hand h*, representatives r*, maximising max_*, card c*, window alpha_*/beta_*."""
        a, b, c, d = seat_at[leader]
        ha, hb, hc, hd = lead_hand, hands[b], hands[c], hands[d]
        reps = all_representatives(hands)
        ra, rb = reps[a], reps[b]
        max_a, max_b = ours[a], ours[b]
        # The live cards of the other seats, for ``near_bound``.
        foreign_a, foreign_b = _NEVER | live ^ ha, _NEVER | live ^ hb
        # The table's key of the position after the trick: each seat's hand at its place.
        shift_a, shift_b = 36 * a, 36 * b
        after_b: _LastTwo = (
            c, d, hc, hd, reps[c], reps[d], ours[c], ours[d],
            _NEVER | live ^ hc, _NEVER | live ^ hd, 36 * c, 36 * d, ha.bit_count() == 3, match, left,
        )
        lead_key = ra * _MIX
        cards = lead_orders.get(lead_key)
        if cards is None:
            cards = lead_orders[lead_key] = by_strength(ra)
        tried = cards
        if move >= 0 and move != cards[0] and move in cards:
            tried = (move,) + tuple(card for card in cards if card != move)
        best_a, best_move, alpha_a, beta_a = -_INF if max_a else _INF, move, alpha, beta
        searched_a: list[tuple[int, int]] | None = None
        for ca in tried:
            if searched_a is not None:
                known = near_bound(ca, searched_a, foreign_a, between[ca], points, max_a, alpha_a, beta_a)
                if known is not None:
                    if (known > best_a) if max_a else (known < best_a):
                        best_a = known
                    continue
            kernel.nodes += 1
            rest_a = ha ^ 1 << ca
            hands[a] = rest_a
            led = ca // 9
            keys = keys_by_led[led]
            ka = keys[ca]
            pa = points[ca]
            key_a = rest_a << shift_a
            cards_b, order_b = cards_to_try(rb, led, ka, max_a is max_b)
            best_b = -_INF if max_b else _INF
            alpha_b, beta_b = alpha_a, beta_a
            searched_b: list[tuple[int, int]] | None = None
            for cb in cards_b:
                if searched_b is not None:
                    known = near_bound(cb, searched_b, foreign_b, between[cb], points, max_b, alpha_b, beta_b)
                    if known is not None:
                        if (known > best_b) if max_b else (known < best_b):
                            best_b = known
                        continue
                kernel.nodes += 1
                rest_b = hb ^ 1 << cb
                hands[b] = rest_b
                kb = keys[cb]
                value = last_two(
                    after_b, led, keys, kb if kb > ka else ka, b if kb > ka else a, pa + points[cb],
                    key_a | rest_b << shift_b, alpha_b, beta_b,
                )
                if (value > best_b) if max_b else (value < best_b):
                    best_b = value
                    if max_b:
                        if value > alpha_b:
                            alpha_b = value
                    elif value < beta_b:
                        beta_b = value
                    if alpha_b >= beta_b:
                        if cb != cards_b[0]:
                            orders[order_b] = (cb,) + tuple(x for x in cards_b if x != cb)
                        break
                if searched_b is None:
                    searched_b = [(cb, value)]
                else:
                    searched_b.append((cb, value))
            hands[b] = hb
            value = best_b
            if (value > best_a) if max_a else (value < best_a):
                best_a, best_move = value, ca
                if max_a:
                    if value > alpha_a:
                        alpha_a = value
                elif value < beta_a:
                    beta_a = value
                if alpha_a >= beta_a:
                    if ca != cards[0]:
                        lead_orders[lead_key] = (ca,) + tuple(x for x in cards if x != ca)
                    break
            if searched_a is None:
                searched_a = [(ca, value)]
            else:
                searched_a.append((ca, value))
        hands[a] = ha
        if best_a <= alpha:
            high = best_a
        elif best_a >= beta:
            low = best_a
        else:
            low = high = best_a
        if len(table) >= generation:
            forget()
        table[key] = (low, high, best_move)
        return best_a

    return trick


def _build_last_two(
    kernel: _Kernel, shared: _Shared, start: _Start, two_tricks: Callable[[int, bool, int], int],
) -> Callable[[_LastTwo, int, tuple[int, ...], int, int, int, int, int, int], int]:
    """The third and the last card of a trick, as two nested loops (see ``_build_trick``):
    after the trick, ``start`` for the next one, or with two tricks left ``two_tricks``."""
    hands, ours, points, orders, beats = shared.hands, shared.ours, shared.points, shared.orders, shared.beats
    match_bonus, last_bonus = shared.match_bonus, LAST_TRICK_BONUS
    order = _build_orders(shared)
    between, near_bound = _between(shared.trump), _near_bound

    def last_two(
        seats: _LastTwo, led: int, keys: tuple[int, ...], top_b: int, win_b: int, pab: int, key_b: int,
        alpha_c: int, beta_c: int,
    ) -> int:
        """The trick's value from its third card in the window (alpha_c, beta_c): best key so far
        ``top_b`` of seat ``win_b``, points ``pab``, the first two hands' table key ``key_b``."""
        c, d, hc, hd, rc, rd, max_c, max_d, foreign_c, foreign_d, shift_c, shift_d, two_left, match, left = seats
        best_c, visited = -_INF if max_c else _INF, 0
        searched_c: list[tuple[int, int]] | None = None
        c_side, overtaken = ours[win_b] is max_c, hd & beats[led][top_b] != 0
        order_c = (rc | (top_b + 2 | led << 7 | c_side << 9 | overtaken << 10) << 36) * _MIX
        cards_c = orders.get(order_c)
        if cards_c is None:
            cards_c = orders[order_c] = order(rc, led, top_b, c_side, overtaken)
        for cc in cards_c:
            if searched_c is not None:
                known = near_bound(cc, searched_c, foreign_c, between[cc], points, max_c, alpha_c, beta_c)
                if known is not None:
                    if (known > best_c) if max_c else (known < best_c):
                        best_c = known
                    continue
            visited += 1
            rest_c = hc ^ 1 << cc
            hands[c] = rest_c
            kc = keys[cc]
            if kc > top_b:
                top_c, win_c = kc, c
            else:
                top_c, win_c = top_b, win_b
            pabc = pab + points[cc]
            key_c = key_b | rest_c << shift_c
            d_side = ours[win_c] is max_d
            order_d = (rd | (top_c + 2 | led << 7 | d_side << 9) << 36) * _MIX
            cards_d = orders.get(order_d)
            if cards_d is None:
                cards_d = orders[order_d] = order(rd, led, top_c, d_side, False)
            best_d = -_INF if max_d else _INF
            alpha_d, beta_d = alpha_c, beta_c
            searched_d: list[tuple[int, int]] | None = None
            for cd in cards_d:
                if searched_d is not None:
                    known = near_bound(cd, searched_d, foreign_d, between[cd], points, max_d, alpha_d, beta_d)
                    if known is not None:
                        if (known > best_d) if max_d else (known < best_d):
                            best_d = known
                        continue
                rest_d = hd ^ 1 << cd
                hands[d] = rest_d
                winner = d if keys[cd] > top_c else win_c
                gain = pabc + points[cd]
                # As in ``last_card``: what is decided before the next trick, else its value.
                if ours[winner]:
                    if gain >= beta_d:
                        value = gain
                    else:
                        most = left - gain + last_bonus + (match_bonus if match else 0)
                        if alpha_d >= gain + most:
                            value = gain + most
                        elif two_left:
                            visited += 1
                            after = (key_c | rest_d << shift_d | winner << 144 | match << 146) * _MIX
                            value = gain + two_tricks(winner, match, after)
                        else:
                            value = gain + start(winner, alpha_d - gain, beta_d - gain, match, left - gain)
                elif beta_d <= 0:
                    value = 0
                elif alpha_d >= left - gain + last_bonus:
                    value = left - gain + last_bonus
                elif two_left:
                    visited += 1
                    value = two_tricks(winner, False, (key_c | rest_d << shift_d | winner << 144) * _MIX)
                else:
                    value = start(winner, alpha_d, beta_d, False, left - gain)
                if (value > best_d) if max_d else (value < best_d):
                    best_d = value
                    if max_d:
                        if value > alpha_d:
                            alpha_d = value
                    elif value < beta_d:
                        beta_d = value
                    if alpha_d >= beta_d:
                        if cd != cards_d[0]:
                            orders[order_d] = (cd,) + tuple(x for x in cards_d if x != cd)
                        break
                if searched_d is None:
                    searched_d = [(cd, value)]
                else:
                    searched_d.append((cd, value))
            hands[d] = hd
            value = best_d
            if (value > best_c) if max_c else (value < best_c):
                best_c = value
                if max_c:
                    if value > alpha_c:
                        alpha_c = value
                elif value < beta_c:
                    beta_c = value
                if alpha_c >= beta_c:
                    if cc != cards_c[0]:
                        orders[order_c] = (cc,) + tuple(x for x in cards_c if x != cc)
                    break
            if searched_c is None:
                searched_c = [(cc, value)]
            else:
                searched_c.append((cc, value))
        hands[c] = hc
        kernel.nodes += visited
        return best_c

    return last_two


def _build_orders(shared: _Shared) -> Callable[[int, int, int, bool, bool], tuple[int, ...]]:
    """The cards a follower tries, in order, from the cards that represent its hand."""
    points, beats, by_points, by_strength = shared.points, shared.beats, shared.by_points, shared.by_strength
    trump, (bauer, undertrump_allowed, void_undertrumps) = shared.trump, shared.legal_flags
    restricted = trump < 4 and not undertrump_allowed

    def order(reps: int, led: int, win_key: int, winning_side: bool, overtaken: bool) -> tuple[int, ...]:
        """The legal cards of ``reps`` in a trick led in ``led`` whose best card has ``win_key``;
        ``overtaken``: this is the third card of four, and the last seat (an opponent) holds a
        card above ``win_key``."""
        # The best trump of the trick is its winning card: its strength is the key's last digits.
        best = win_key - 100 if restricted and win_key >= 100 else -1
        legal = _kernel.legal(reps, led, best, trump, bauer, void_undertrumps)
        beating = beats[led][win_key]
        if overtaken:
            # The trick is not safe yet: points smeared onto it may go to the last seat. The
            # strongest cards that take it first (the likeliest to stay above the last card);
            # the partner's trick is left alone first, fewest points first. (Ordered as below
            # instead, the hardest round of ``benchmarks/bench_solver.py`` takes 27% more nodes.)
            if winning_side:
                return by_points(legal & ~beating)[::-1] + by_strength(legal & beating)
            return by_strength(legal & beating) + by_points(legal & ~beating)[::-1]
        # When the own side holds the trick, the cards that leave it there, most points first,
        # then the others, fewest first; else the cards that take the trick, the weakest first,
        # then the others, fewest points first.
        if winning_side:
            return by_points(legal & ~beating) + by_points(legal & beating)[::-1]
        return by_strength(legal & beating)[::-1] + by_points(legal & ~beating)[::-1]

    return order


def _build_follow(kernel: _Kernel, shared: _Shared, last_card: _Follow) -> _Follow:
    """The search of the cards between the lead and the last card of a trick."""
    hands, seat_at, same_team, ours, seats = shared.hands, shared.seat_at, shared.same_team, shared.ours, shared.seats
    points, keys_by_led, orders, beats = shared.points, shared.keys_by_led, shared.orders, shared.beats
    order = _build_orders(shared)
    between, near_bound = _between(shared.trump), _near_bound

    def follow(
        pos: int, leader: int, led: int, win_key: int, win_seat: int, trick_points: int, alpha: int, beta: int,
        match: bool, reps: tuple[int, ...],
    ) -> int:
        """A card after the lead: the value is the points ``team`` takes from this trick on."""
        kernel.nodes += 1
        seat = seat_at[leader][pos]
        hand = hands[seat]
        winning_side = same_team[seat][win_seat]
        # The third of four cards is ordered knowing whether the last seat can beat the trick.
        overtaken = pos == 2 and hands[seat_at[leader][3]] & beats[led][win_key] != 0
        order_key = (reps[seat] | (win_key + 2 | led << 7 | winning_side << 9 | overtaken << 10) << 36) * _MIX
        cards = orders.get(order_key)
        if cards is None:
            cards = orders[order_key] = order(reps[seat], led, win_key, winning_side, overtaken)
        maximise = ours[seat]
        best = -_INF if maximise else _INF
        keys = keys_by_led[led]
        after = follow if pos + 2 < seats else last_card
        searched = None
        foreign = _NEVER
        for card in cards:
            if searched is not None:
                known = near_bound(card, searched, foreign, between[card], points, maximise, alpha, beta)
                if known is not None:
                    if (known > best) if maximise else (known < best):
                        best = known
                    continue
            hands[seat] = hand ^ 1 << card
            key = keys[card]
            if key > win_key:
                value = after(pos + 1, leader, led, key, seat, trick_points + points[card], alpha, beta, match, reps)
            else:
                value = after(pos + 1, leader, led, win_key, win_seat, trick_points + points[card], alpha, beta, match, reps)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            if card != cards[0]:
                                orders[order_key] = (card,) + tuple(c for c in cards if c != card)
                            break
            else:
                if value < best:
                    best = value
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            if card != cards[0]:
                                orders[order_key] = (card,) + tuple(c for c in cards if c != card)
                            break
            if searched is None:
                searched = [(card, value)]
                foreign |= reps[-2] ^ hand
            else:
                searched.append((card, value))
        hands[seat] = hand
        return best

    return follow


def _build_last_card(kernel: _Kernel, shared: _Shared, start: _Start) -> _Follow:
    """The search of the card that completes a trick: its winner leads the next."""
    hands, seat_at, same_team, ours = shared.hands, shared.seat_at, shared.same_team, shared.ours
    points, keys_by_led, orders = shared.points, shared.keys_by_led, shared.orders
    match_bonus, last_bonus = shared.match_bonus, LAST_TRICK_BONUS
    order = _build_orders(shared)
    between, near_bound = _between(shared.trump), _near_bound

    def last_card(
        pos: int, leader: int, led: int, win_key: int, win_seat: int, trick_points: int, alpha: int, beta: int,
        match: bool, reps: tuple[int, ...],
    ) -> int:
        """The trick's last card: the value is the points ``team`` takes from this trick on."""
        kernel.nodes += 1
        seat = seat_at[leader][pos]
        hand = hands[seat]
        winning_side = same_team[seat][win_seat]
        order_key = (reps[seat] | (win_key + 2 | led << 7 | winning_side << 9) << 36) * _MIX
        cards = orders.get(order_key)
        if cards is None:
            cards = orders[order_key] = order(reps[seat], led, win_key, winning_side, False)
        maximise = ours[seat]
        best = -_INF if maximise else _INF
        keys = keys_by_led[led]
        left = reps[-1]
        searched = None
        foreign = _NEVER
        for card in cards:
            if searched is not None:
                known = near_bound(card, searched, foreign, between[card], points, maximise, alpha, beta)
                if known is not None:
                    if (known > best) if maximise else (known < best):
                        best = known
                    continue
            hands[seat] = hand ^ 1 << card
            winner = seat if keys[card] > win_key else win_seat
            # What is decided before the next trick: a side takes at least no points, at most all.
            if ours[winner]:
                gain = trick_points + points[card]
                if not hands[winner]:
                    value = gain + last_bonus + (match_bonus if match else 0)
                elif gain >= beta:
                    value = gain
                else:
                    rest = left - gain
                    most = gain + rest + last_bonus + (match_bonus if match else 0)
                    value = most if alpha >= most else gain + start(winner, alpha - gain, beta - gain, match, rest)
            elif not hands[winner] or beta <= 0:
                value = 0
            else:
                rest = left - trick_points - points[card]
                if alpha >= rest + last_bonus:
                    value = rest + last_bonus
                else:
                    value = start(winner, alpha, beta, False, rest)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            if card != cards[0]:
                                orders[order_key] = (card,) + tuple(c for c in cards if c != card)
                            break
            else:
                if value < best:
                    best = value
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            if card != cards[0]:
                                orders[order_key] = (card,) + tuple(c for c in cards if c != card)
                            break
            if searched is None:
                searched = [(card, value)]
                foreign |= reps[-2] ^ hand
            else:
                searched.append((card, value))
        hands[seat] = hand
        return best

    return last_card


def _big_frame() -> Callable[[Callable[[], int]], int]:
    """A function whose frame holds 4,150 local slots (over 32 KB), written out once."""
    names = " = ".join(f"_{i}" for i in range(4150))
    source = f"def big_frame(call):\n    if call is None:\n        {names} = None\n    return call()\n"
    namespace: dict[str, Callable[[Callable[[], int]], int]] = {}
    exec(source, namespace)  # noqa: S102 - a fixed text, no input
    return namespace["big_frame"]


_BIG_FRAME: Final = _big_frame()


def _on_fresh_frames(search: _Search) -> _Search:
    """``search``, from 5 tricks left called from a frame too big for what is left of
    CPython's (3.11 and later) current stack chunk, so that its recursion starts in a new
    chunk of 64 KB, where a whole round's (about 18 KB) fits. Else where the recursion starts
    depends on how deep the caller is, and when a chunk ends inside the search's depths,
    every call across that end allocates and frees a chunk: the same round took 6.0 to 13.9 s
    by the caller's depth. The new chunk costs about what one such crossing does, so smaller
    searches, whose recursion is shallow and short, are called directly."""

    def searched(hands: Sequence[int], leader: int, trick: Sequence[int], alpha: int, beta: int, match: bool) -> int:
        """The search of :func:`_build_search`, from a fresh stack chunk when it is deep."""
        if hands[leader].bit_count() < 5:
            return search(hands, leader, trick, alpha, beta, match)
        return _BIG_FRAME(lambda: search(hands, leader, trick, alpha, beta, match))

    return searched


def _build_search(
    shared: _Shared, start: _Start, follow: _Follow, last_card: _Follow, representatives: Callable[[int, int], int]
) -> _Search:
    """The entry of the search: a position at a trick start or in the middle of a trick."""
    hands, points, keys_by_led, match_bonus = shared.hands, shared.points, shared.keys_by_led, shared.match_bonus
    seat_at, seats = shared.seat_at, shared.seats

    def search(
        position_hands: Sequence[int], leader: int, position_trick: Sequence[int], alpha: int, beta: int, match: bool
    ) -> int:
        """The points ``team`` takes from the position, searched in the window (alpha, beta)."""
        hands[:] = position_hands
        live = 0
        for h in hands:
            live |= h
        left = sum(points[card] for card in range(36) if live >> card & 1)
        if not position_trick:
            if not live:
                return match_bonus if match else 0  # the round is over: was it a match?
            return start(leader, alpha, beta, match, left)
        led = position_trick[0] // 9
        keys = keys_by_led[led]
        win_key, win_seat, trick_points = -2, leader, 0
        for pos, card in enumerate(position_trick):
            trick_points += points[card]
            live |= 1 << card
            if keys[card] > win_key:
                win_key, win_seat = keys[card], seat_at[leader][pos]
        reps = (*(representatives(h, live) for h in hands), live, left + trick_points)
        pos = len(position_trick)
        return (follow if pos < seats - 1 else last_card)(pos, leader, led, win_key, win_seat, trick_points, alpha, beta, match, reps)

    return search


def _sorted_cards(key: list[int]) -> Callable[[int], tuple[int, ...]]:
    """The cards of a bit set, highest ``key`` first, cached per set (a search asks the same
    hands again and again)."""
    cache: dict[int, tuple[int, ...]] = {}

    def cards_of(mask: int) -> tuple[int, ...]:
        """The cards of ``mask``, highest ``key`` first."""
        found = cache.get(mask)
        if found is None:
            cards = []
            m = mask
            while m:
                low = m & -m
                cards.append(low.bit_length() - 1)
                m ^= low
            cards.sort(key=key.__getitem__, reverse=True)
            found = cache[mask] = tuple(cards)
        return found

    return cards_of


class Solver:
    """An exact solver for one mode and set of rules, with a transposition table kept from one
    call to the next (solving the positions of one round in turn reuses it).

    ``seats`` is 4 (teams of seats 0+2 and 1+3) or 2 (seat against seat). ``match_bonus`` is
    added for a team that takes every trick of the round (Schieber: 100). The table holds at
    most ``max_entries`` positions per objective (with the caches that grow beside it, about
    200 bytes a position in CPython: 4 million take about 0.8 GB), in two generations: when
    the newer one holds half of them, the older one is dropped, which costs time, never
    exactness.

    >>> solver = Solver(Trump.OBENABE)
    >>> hands = [CardSet.parse(h).bits for h in ("SA S6", "SK S7", "SQ S8", "SJ S9")]
    >>> solver.points(hands, leader=0)
    (24, 9)
    """

    def __init__(
        self,
        trump: Trump,
        *,
        seats: int = 4,
        rules: PlayRules = PlayRules(),
        trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS,
        match_bonus: int = 0,
        max_entries: int = 4_000_000,
    ) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise InvalidRulesError(f"max_entries={max_entries!r}: expected a positive int")
        self.max_entries: Final = max_entries
        if seats not in (2, 4) or isinstance(seats, bool):
            raise InvalidRulesError(f"seats={seats!r}: the solver plays 2 or 4 seats (two sides)")
        if not isinstance(rules, PlayRules):
            raise InvalidRulesError(f"rules={rules!r}: expected a PlayRules")
        if isinstance(match_bonus, bool) or not isinstance(match_bonus, int) or match_bonus < 0:
            raise InvalidRulesError(f"match_bonus={match_bonus!r}: expected an int >= 0")
        if isinstance(trump, int) and not isinstance(trump, (bool, Trump)) and 0 <= trump <= 5:
            trump = Trump(trump)
        self.trump: Final = Trump.parse(trump)
        point_table(self.trump, trump_jack_points)  # validates the Jack's points
        self.seats: Final = seats
        self.rules: Final = rules
        self.trump_jack_points: Final = trump_jack_points
        self.match_bonus: Final = match_bonus
        self._points = point_table(self.trump, trump_jack_points)
        self._kernels: dict[int, _Kernel] = {}

    def _kernel(self, team: int) -> _Kernel:
        kernel = self._kernels.get(team)
        if kernel is None:
            kernel = self._kernels[team] = _Kernel(
                int(self.trump), self.seats, self.rules, self.trump_jack_points, self.match_bonus, team,
                self.max_entries,
            )
        return kernel

    @property
    def nodes(self) -> int:
        """Positions visited by every search of this solver so far."""
        return sum(kernel.nodes for kernel in self._kernels.values())

    @property
    def table_size(self) -> int:
        """Entries in the transposition tables."""
        return sum(len(kernel.table) + len(kernel.older) for kernel in self._kernels.values())

    def clear(self) -> None:
        """Forget the transposition tables (to bound memory between unrelated positions)."""
        self._kernels.clear()

    def _check(self, hands: Sequence[int], leader: int, trick: Sequence[int]) -> tuple[list[int], list[int]]:
        hands = [int(h) for h in hands]
        trick = [int(c) for c in trick]
        if len(hands) != self.seats:
            raise InvalidCardsError(f"{len(hands)} hands for {self.seats} seats")
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < self.seats:
            raise InvalidCardsError(f"leader={leader!r}: expected a seat 0..{self.seats - 1}")
        if len(trick) >= self.seats:
            raise InvalidCardsError(f"a trick in progress has at most {self.seats - 1} cards, got {len(trick)}")
        seen = 0
        for card in trick:
            if not 0 <= card < 36 or seen >> card & 1:
                raise InvalidCardsError(f"trick={trick!r}: expected distinct card indices 0..35")
            seen |= 1 << card
        for hand in hands:
            if hand < 0 or hand >> 36 or seen & hand:
                raise InvalidCardsError("the hands and the trick must be disjoint sets of the 36 cards")
            seen |= hand
        sizes = [h.bit_count() + (1 if (s - leader) % self.seats < len(trick) else 0) for s, h in enumerate(hands)]
        if len(set(sizes)) != 1:
            raise InvalidCardsError(
                f"hand sizes {[h.bit_count() for h in hands]} do not fit a trick of {len(trick)} cards led by seat {leader}"
            )
        return hands, trick

    def _remaining(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        points = self._points
        total = sum(points[c] for c in trick)
        for hand in hands:
            while hand:
                low = hand & -hand
                total += points[low.bit_length() - 1]
                hand ^= low
        return total + (LAST_TRICK_BONUS if any(hands) else 0)

    def value(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int] = (),
        *,
        team: int = 0,
        match_possible: bool = True,
        alpha: int | None = None,
        beta: int | None = None,
    ) -> int:
        """The points ``team`` can force from the position: ``hands`` as card bit sets (one per
        seat), the trick in progress as card indices led by ``leader``.

        ``match_possible`` says that the other team has taken no trick yet (a match bonus is
        then still in reach of ``team``). With ``alpha``/``beta`` the search may stop early:
        a result at or below ``alpha`` is an upper bound, at or above ``beta`` a lower bound.
        """
        hands, trick = self._check(hands, leader, trick)
        if team not in (0, 1):
            raise InvalidCardsError(f"team={team!r}: expected 0 or 1")
        match = bool(match_possible) and self.match_bonus > 0
        if alpha is not None or beta is not None:
            return self._kernel(team).search(
                hands, leader, trick, -_INF if alpha is None else alpha, _INF if beta is None else beta, match
            )
        if self.match_bonus == 0 and team == 1:
            return self._remaining(hands, trick) - self._mtdf(0, hands, leader, trick, False)
        return self._mtdf(team, hands, leader, trick, match)

    def _mtdf(self, team: int, hands: list[int], leader: int, trick: list[int], match: bool) -> int:
        """The exact value by null-window searches, the table keeping the bounds from one search
        to the next (a fail-soft result may move a bound further than the test asked): first
        whether ``team`` takes every point and whether it takes any (each quickly refuted when
        false, and often true late in a round), then the bisection of the range left."""
        search = self._kernel(team).search
        low, high = 0, self._remaining(hands, trick) + (self.match_bonus if match else 0)
        # The first test splits the range; the next asks whether the value is at that side's
        # end (every point, or none): often so late in a round, and refuted quickly if not.
        ends = True
        while low < high:
            beta = (low + high + 1) // 2
            found = search(hands, leader, trick, beta - 1, beta, match)
            if found < beta:
                high = found
                if ends and high > low:
                    found = search(hands, leader, trick, low, low + 1, match)
                    if found <= low:
                        return low
                    low = found
            else:
                low = found
                if ends and high > low:
                    found = search(hands, leader, trick, high - 1, high, match)
                    if found >= high:
                        return high
                    high = found
            ends = False
        return low

    def points(
        self, hands: Sequence[int], leader: int, trick: Sequence[int] = (), *, tricks_won: Sequence[int] = (0, 0)
    ) -> tuple[int, int]:
        """The points each team can force from the position (see :meth:`value`);
        ``tricks_won`` are the tricks each team has taken so far (only whether a team has
        taken none matters, for the match bonus)."""
        if self.match_bonus == 0:
            first = self.value(hands, leader, trick, team=0, match_possible=False)
            return first, self._remaining(hands, trick) - first
        return (
            self.value(hands, leader, trick, team=0, match_possible=tricks_won[1] == 0),
            self.value(hands, leader, trick, team=1, match_possible=tricks_won[0] == 0),
        )

    def _after(
        self, hands: list[int], leader: int, trick: list[int], card: int, tricks_won: list[int]
    ) -> tuple[list[int], int, list[int], int, list[int]]:
        """The position after ``card`` from the seat to play; its gain for team 0 and team 1
        (points of a completed trick, the last trick's 5, and no match bonus)."""
        seats = self.seats
        seat = (leader + len(trick)) % seats
        hands = list(hands)
        hands[seat] &= ~(1 << card)
        trick = trick + [card]
        won = list(tricks_won)
        if len(trick) < seats:
            return hands, leader, trick, 0, won
        keys = TRICK_KEYS[self.trump][trick[0] // 9]
        position = max(range(seats), key=lambda i: keys[trick[i]])
        winner = (leader + position) % seats
        gain = sum(self._points[c] for c in trick) + (0 if any(hands) else LAST_TRICK_BONUS)
        won[winner & 1] += 1
        return hands, winner, [], gain if winner & 1 == 0 else -gain, won

    def best_cards(
        self, hands: Sequence[int], leader: int, trick: Sequence[int] = (), *, tricks_won: Sequence[int] = (0, 0)
    ) -> int:
        """The cards (a bit set) of the seat to play that keep its team's forced points."""
        hands, trick = self._check(hands, leader, trick)
        if not hands[(leader + len(trick)) % self.seats]:
            return 0
        seat = (leader + len(trick)) % self.seats
        team = 0 if self.match_bonus == 0 else seat & 1
        return self._optimal(hands, leader, trick, list(tricks_won), team, first_only=False)

    def _optimal(
        self, hands: list[int], leader: int, trick: list[int], won: list[int], team: int, *, first_only: bool,
        target: int | None = None,
    ) -> int:
        """The optimal cards of the seat to play (or the first one found, with ``first_only``) in
        the game of ``team``'s points, which ``team`` maximises and the other side minimises;
        ``target`` is the position's value when it is known."""
        seat = (leader + len(trick)) % self.seats
        hand = hands[seat]
        match = self.match_bonus > 0 and won[1 - team] == 0
        if target is None:
            target = self._mtdf(team, hands, leader, trick, match)
        search = self._kernel(team).search
        live = hand
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        legal = legal_bits(hand, trick, self.trump, *self.rules.legal_flags)
        maximise = seat & 1 == team
        optimal = 0
        for cls in _classes(legal, live, int(self.trump), self.trump_jack_points):
            card = (cls & -cls).bit_length() - 1
            after, next_leader, next_trick, gain, next_won = self._after(hands, leader, trick, card, won)
            gain = max(gain if team == 0 else -gain, 0)
            next_match = match and next_won[1 - team] == 0
            # No card does better than ``target`` for the side to play: one null window tells
            # whether this card does as well.
            bound = target - gain
            if maximise:
                kept = search(after, next_leader, next_trick, bound - 1, bound, next_match) >= bound
            else:
                kept = search(after, next_leader, next_trick, bound, bound + 1, next_match) <= bound
            if kept:
                if first_only:
                    return cls & -cls
                optimal |= cls
        return optimal

    def principal_variation(
        self, hands: Sequence[int], leader: int, trick: Sequence[int] = (), *, tricks_won: Sequence[int] = (0, 0)
    ) -> list[int]:
        """One optimal line of play to the end of the round, as card indices: at each turn an
        optimal card of the seat to play. With a match bonus the line is that of the game of
        the points of the team to play first (which it maximises, the other side minimising)."""
        hands, trick = self._check(hands, leader, trick)
        won = list(tricks_won)
        line: list[int] = []
        team = 0 if self.match_bonus == 0 else (leader + len(trick)) % self.seats & 1
        # The value along an optimal line is known: what is left of it after each card's gain.
        target = self._mtdf(team, hands, leader, trick, self.match_bonus > 0 and won[1 - team] == 0)
        while any(hands):
            bit = self._optimal(hands, leader, trick, won, team, first_only=True, target=target)
            card = bit.bit_length() - 1
            line.append(card)
            hands, leader, trick, gain, won = self._after(hands, leader, trick, card, won)
            target -= max(gain if team == 0 else -gain, 0)
        return line


def _play_parts(play: CardPlay) -> tuple[list[int], int, list[int], list[int]]:
    if not isinstance(play, CardPlay):
        raise InvalidCardsError(f"{play!r} is not a CardPlay")
    if play.seats not in (2, 4):
        raise InvalidRulesError(f"a play of {play.seats} seats: the solver plays 2 or 4 seats")
    if type(play.mode) is not Trump:
        raise InvalidRulesError(f"a round in {play.mode}: the solver plays rounds of one mode (the six classic modes)")
    hands = [hand.bits for hand in play.hands]
    won = [0, 0]
    for done in play.tricks:
        won[done.winner & 1] += 1
    return hands, play.leader, [card.index for card in play.trick], won


def solve(play: CardPlay, *, match_bonus: int = 0, solver: Solver | None = None) -> SolveResult:
    """Solve the card play from ``play`` with every hand known: the points each team can force
    from here, every optimal card of the seat to play and one optimal line.

    ``match_bonus`` (Schieber: 100) goes to a team that takes every trick of the round; the
    tricks already taken in ``play`` count. Give a ``solver`` (of the play's mode, seats and
    rules) to reuse its transposition table.
    """
    hands, leader, trick, won = _play_parts(play)
    if solver is None:
        solver = Solver(play.trump, seats=play.seats, rules=play.rules, trump_jack_points=play.trump_jack_points,
                        match_bonus=match_bonus)
    elif (solver.trump, solver.seats, solver.rules, solver.trump_jack_points, solver.match_bonus) != (
        play.trump, play.seats, play.rules, play.trump_jack_points, match_bonus
    ):
        raise InvalidRulesError("the solver was made for another mode, seats, rules or match bonus")
    before = solver.nodes
    if play.is_done:
        return SolveResult((0, 0), None, CardSet(), (), 0)
    points = solver.points(hands, leader, trick, tricks_won=won)
    optimal = solver.best_cards(hands, leader, trick, tricks_won=won)
    line = solver.principal_variation(hands, leader, trick, tricks_won=won)
    return SolveResult(
        points_per_team=points,
        to_play=play.to_play,
        best_cards=CardSet.from_bits(optimal),
        principal_variation=tuple(Card.from_index(c) for c in line),
        nodes=solver.nodes - before,
    )


def best_cards(play: CardPlay, *, match_bonus: int = 0) -> CardSet:
    """Every card of the seat to play that keeps its team's forced points (see :func:`solve`).

    >>> hands = [CardSet.parse(h) for h in ("HA H6", "HK C7", "HQ C8", "H10 C9")]
    >>> best_cards(CardPlay.start(Trump.OBENABE, hands, leader=0))
    CardSet('HA')
    """
    hands, leader, trick, won = _play_parts(play)
    if play.is_done:
        return CardSet()
    solver = Solver(play.trump, seats=play.seats, rules=play.rules, trump_jack_points=play.trump_jack_points,
                    match_bonus=match_bonus)
    return CardSet.from_bits(solver.best_cards(hands, leader, trick, tricks_won=won))


def best_line(play: CardPlay, *, match_bonus: int = 0) -> tuple[Card, ...]:
    """One optimal line from ``play`` to the last card (the
    :attr:`~SolveResult.principal_variation` of :func:`solve`), found alone: what a search bot
    needs to finish a round, at about the cost of one value.

    >>> hands = [CardSet.parse(h) for h in ("HA H6", "HK C7", "HQ C8", "H10 C9")]
    >>> [str(card) for card in best_line(CardPlay.start(Trump.OBENABE, hands, leader=0))]
    ['HA', 'HK', 'HQ', 'H10', 'H6', 'C7', 'C8', 'C9']
    """
    hands, leader, trick, won = _play_parts(play)
    solver = Solver(play.trump, seats=play.seats, rules=play.rules, trump_jack_points=play.trump_jack_points,
                    match_bonus=match_bonus)
    return tuple(Card.from_index(c) for c in solver.principal_variation(hands, leader, trick, tricks_won=won))


def solve_bits(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int] = (),
    *,
    rules: PlayRules = PlayRules(),
    trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS,
    match_bonus: int = 0,
    tricks_won: Sequence[int] = (0, 0),
) -> tuple[int, int]:
    """The raw-int form of :func:`solve`: the points each team can force, from ``hands`` (card
    bit sets, one per seat: 4, or 2) and the trick in progress (card indices, led by
    ``leader``) in mode ``trump`` (a :class:`~jass.trump.Trump` value).

    >>> solve_bits([CardSet.parse(h).bits for h in ("D6", "D7", "D8", "D9")], Trump.UNDENUFE, 0)
    (24, 0)
    """
    solver = Solver(Trump(trump), seats=len(hands), rules=rules, trump_jack_points=trump_jack_points,
                    match_bonus=match_bonus)
    return solver.points(hands, leader, trick, tricks_won=tricks_won)
