"""A deliberately simple second implementation of card play, for cross-checking.

Points, legal cards and trick winners (and the Weis of a hand, with Kreuzweis)
written straight from RULES.md sections 1, 2 and 3 on plain Python sets and lists of
:class:`~jass.cards.Card`, with the rank orders spelled out as lists. It uses
nothing of :mod:`jass.tricks`, none of :mod:`jass.trump`'s tables and no bits:
from the library it only takes the card names (``Card``, ``Suit``, ``Rank``) and
the names of the modes (``Trump``). Speed does not matter here; clarity does.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from jass.cards import Card, Rank, Suit
from jass.trump import Trump

# RULES.md 1: the orders, weakest first, so that list.index() is the strength.
#: Plain suits and Obenabe: A > K > O > U > 10 > 9 > 8 > 7 > 6.
PLAIN_ORDER: list[Rank] = [
    Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
    Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE,
]
#: The trump suit: U > 9 > A > K > O > 10 > 8 > 7 > 6.
TRUMP_ORDER: list[Rank] = [
    Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.TEN, Rank.QUEEN,
    Rank.KING, Rank.ACE, Rank.NINE, Rank.JACK,
]
#: Undenufe: 6 > 7 > 8 > 9 > 10 > U > O > K > A.
UNDENUFE_ORDER: list[Rank] = [
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
    Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX,
]

#: The trump suit of each suit mode; Obenabe and Undenufe have none.
TRUMP_SUIT: dict[Trump, Suit | None] = {
    Trump.EICHELN: Suit.EICHELN,
    Trump.ROSEN: Suit.ROSEN,
    Trump.SCHILTEN: Suit.SCHILTEN,
    Trump.SCHELLEN: Suit.SCHELLEN,
    Trump.OBENABE: None,
    Trump.UNDENUFE: None,
}

# RULES.md 1: points.
_PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 10,
    Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0, Rank.SIX: 0,
}
_OBENABE_POINTS: dict[Rank, int] = {**_PLAIN_POINTS, Rank.EIGHT: 8}
_UNDENUFE_POINTS: dict[Rank, int] = {**_OBENABE_POINTS, Rank.SIX: 11, Rank.ACE: 0}


def card_points(card: Card, mode: Trump, trump_jack_points: int = 20) -> int:
    """RULES.md 1: the points of one card in ``mode``."""
    if mode == Trump.OBENABE:
        return _OBENABE_POINTS[card.rank]
    if mode == Trump.UNDENUFE:
        return _UNDENUFE_POINTS[card.rank]
    if card.suit == TRUMP_SUIT[mode]:
        if card.rank == Rank.JACK:
            return trump_jack_points
        if card.rank == Rank.NINE:
            return 14
    return _PLAIN_POINTS[card.rank]


#: RULES.md 2.4, the three undertrumping policies (option ``undertrump``), by name.
UNDERTRUMP_POLICIES: tuple[str, ...] = ("forbidden_unless_only_trumps", "allowed_if_void", "allowed")


def legal_cards(
    hand: Iterable[Card],
    trick: Sequence[Card],
    mode: Trump,
    bauer_exception: bool = True,
    undertrump: str = "forbidden_unless_only_trumps",
) -> set[Card]:
    """RULES.md 2.1-2.5: the cards of ``hand`` that may be played to ``trick``; ``undertrump``
    is one of :data:`UNDERTRUMP_POLICIES`."""
    if undertrump not in UNDERTRUMP_POLICIES:
        raise ValueError(f"undertrump={undertrump!r}: expected one of {UNDERTRUMP_POLICIES}")
    cards = set(hand)
    if not trick:
        return cards  # the leader plays any card
    led = trick[0].suit
    same_suit = {c for c in cards if c.suit == led}
    trump_suit = TRUMP_SUIT[mode]

    if trump_suit is None:  # 2.5: Obenabe / Undenufe
        return same_suit if same_suit else cards

    trumps = {c for c in cards if c.suit == trump_suit}

    if led == trump_suit:  # 2.3: trump led
        if not trumps:
            return cards
        if bauer_exception and trumps == {Card.of(trump_suit, Rank.JACK)}:
            return cards
        return trumps

    # 2.1 / 2.2: a plain suit led: follow suit if able, otherwise anything;
    # and one may always play a trump instead.
    allowed = (same_suit if same_suit else set(cards)) | trumps

    # 2.4: a trump lower than the best trump of the trick ("undertrumping"):
    # - forbidden_unless_only_trumps (Schieber): only a hand of nothing but trumps may;
    # - allowed_if_void (Differenzler): only a hand with no card of the led suit may (a hand
    #   that holds the led suit follows it or over-trumps);
    # - allowed: anyone may.
    trumps_in_trick = [c for c in trick if c.suit == trump_suit]
    if trumps_in_trick:
        best = max(TRUMP_ORDER.index(c.rank) for c in trumps_in_trick)
        lower = {c for c in trumps if TRUMP_ORDER.index(c.rank) < best}
        if undertrump == "forbidden_unless_only_trumps" and cards != trumps:
            allowed -= lower
        elif undertrump == "allowed_if_void" and same_suit:
            allowed -= lower
    return allowed


def winning_position(trick: Sequence[Card], mode: Trump) -> int:
    """RULES.md 2.6: the position of the highest trump, else of the highest card of the led suit."""
    trump_suit = TRUMP_SUIT[mode]
    trump_positions = [i for i, c in enumerate(trick) if c.suit == trump_suit]
    if trump_positions:
        return max(trump_positions, key=lambda i: TRUMP_ORDER.index(trick[i].rank))
    led = trick[0].suit
    order = UNDENUFE_ORDER if mode == Trump.UNDENUFE else PLAIN_ORDER
    followers = [i for i, c in enumerate(trick) if c.suit == led]
    return max(followers, key=lambda i: order.index(trick[i].rank))


def trick_winner(trick: Sequence[Card], mode: Trump, leader: int = 0, seats: int = 4) -> int:
    """RULES.md 2.6: the seat of the winning card, seats playing in turn from ``leader``."""
    return (leader + winning_position(trick, mode)) % seats


# RULES.md 5a "modes": Slalom and Guschti change the mode from trick to trick.
def per_trick_modes(kind: str, first: Trump, tricks: int = 18) -> list[Trump]:
    """The mode of each trick: Slalom alternates Obenabe and Undenufe starting with ``first``;
    Guschti plays five tricks of ``first``, then the other for the rest; a Misère of one mode
    (quoi-faire.ch: «Gezählt wird wie beim „Obenabe“, resp. «Undeufe»») plays every trick in it."""
    assert first in (Trump.OBENABE, Trump.UNDENUFE)
    other = Trump.UNDENUFE if first == Trump.OBENABE else Trump.OBENABE
    if kind == "misere":
        return [first] * tricks
    if kind == "slalom":
        return [first if number % 2 == 0 else other for number in range(tricks)]
    assert kind == "guschti"
    return [first if number < 5 else other for number in range(tricks)]


# RULES.md 3 "Weis values" / "sequences": natural order 6..A, no wrap.
NATURAL_ORDER: list[Rank] = PLAIN_ORDER
SEQUENCE_POINTS: dict[int, int] = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}


def quartet_points(rank: Rank, low_quartets: bool = False) -> int:
    """Four cards of ``rank``: 10/O/K/A 100, 9 150, U 200; 6/7/8 100 only with the option."""
    if rank == Rank.JACK:
        return 200
    if rank == Rank.NINE:
        return 150
    if rank in (Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE):
        return 100
    return 100 if low_quartets else 0


SUITS: list[Suit] = [Suit.EICHELN, Suit.ROSEN, Suit.SCHILTEN, Suit.SCHELLEN]


def sequences(hand: Iterable[Card]) -> list[tuple[Suit, list[Rank]]]:
    """The maximal runs of 3+ cards of one suit in natural order (a run of N counts once)."""
    cards = set(hand)
    found = []
    for suit in SUITS:
        run: list[Rank] = []
        for rank in NATURAL_ORDER:
            if Card.of(suit, rank) in cards:
                run.append(rank)
            else:
                if len(run) >= 3:
                    found.append((suit, run))
                run = []
        if len(run) >= 3:  # a run up to the Ace; it does not go on to the 6
            found.append((suit, run))
    return found


def weis_points(hand: Iterable[Card], low_quartets: bool = False) -> list[int]:
    """Points of every Weis in ``hand`` with Kreuzweis allowed, highest first."""
    cards = set(hand)
    points = [SEQUENCE_POINTS[len(run)] for _, run in sequences(cards)]
    for rank in NATURAL_ORDER:
        if all(Card.of(suit, rank) in cards for suit in SUITS):
            value = quartet_points(rank, low_quartets)
            if value:
                points.append(value)
    return sorted(points, reverse=True)


# --- Counting move sequences ("perft", tests/test_perft.py) --------------------------------------
#
# Each counter walks every sequence of moves with the rules above, on plain sets, and counts the
# sequences of exactly ``depth`` moves. The moves are only counted, never built: a move here is
# what the rules text allows, not a library object.


def perft_card_play(
    hands: Sequence[set[Card]],
    mode: Trump,
    leader: int,
    depth: int,
    *,
    trick: Sequence[Card] = (),
    bauer_exception: bool = True,
    undertrump: str = "forbidden_unless_only_trumps",
) -> int:
    """RULES.md 2: the card sequences of ``depth`` cards from the given hands; seats play in
    turn from ``leader``, and the winner of a trick leads the next."""
    if depth == 0:
        return 1
    seats = len(hands)
    seat = (leader + len(trick)) % seats
    cards = legal_cards(hands[seat], trick, mode, bauer_exception, undertrump)
    if depth == 1:
        return len(cards)
    count = 0
    for card in sorted(cards):
        after = [set(hand) for hand in hands]
        after[seat].discard(card)
        played = list(trick) + [card]
        if len(played) == seats:
            winner = trick_winner(played, mode, leader, seats)
            count += perft_card_play(after, mode, winner, depth - 1, bauer_exception=bauer_exception,
                                     undertrump=undertrump)
        else:
            count += perft_card_play(after, mode, leader, depth - 1, trick=played,
                                     bauer_exception=bauer_exception, undertrump=undertrump)
    return count


def perft_schieber_play(
    dealt: Sequence[set[Card]],
    mode: Trump,
    vorhand: int,
    depth: int,
    *,
    declare: bool = True,
    announce: bool = False,
    bauer_exception: bool = True,
    undertrump: str = "forbidden_unless_only_trumps",
) -> int:
    """RULES.md 3: Schieber's moves once trump is chosen. Before their first card a player may
    declare any non-empty choice of the Weis in their hand (``declare``: 2**k - 1 moves for k
    Weis, after which the same player plays); the player whose team has just won a trick may
    say «Mer bedanked eus!» before leading (``announce``), which ends the game."""

    def count(hands: list[set[Card]], trick: list[Card], leader: int, tricks: int,
              declared: frozenset[int], depth: int) -> int:
        if depth == 0:
            return 1
        seat = (leader + len(trick)) % 4
        total = 0
        if declare and tricks == 0 and seat not in declared:
            options = 2 ** len(weis_points(dealt[seat])) - 1
            if options:
                total += options * count(hands, trick, leader, tricks, declared | {seat}, depth - 1)
        if announce and not trick and 1 <= tricks < 9:
            total += 1 if depth == 1 else 0  # the game is over: nothing follows
        cards = legal_cards(hands[seat], trick, mode, bauer_exception, undertrump)
        if depth == 1:
            return total + len(cards)
        for card in sorted(cards):
            after = [set(hand) for hand in hands]
            after[seat].discard(card)
            played = trick + [card]
            if len(played) == 4:
                winner = trick_winner(played, mode, leader)
                total += count(after, [], winner, tricks + 1, declared, depth - 1)
            else:
                total += count(after, played, leader, tricks, declared, depth - 1)
        return total

    return count([set(hand) for hand in dealt], [], vorhand, 0, frozenset(), depth)


MODES: list[Trump] = [
    Trump.EICHELN, Trump.ROSEN, Trump.SCHILTEN, Trump.SCHELLEN, Trump.OBENABE, Trump.UNDENUFE,
]


def perft_schieber_deal(dealt: Sequence[set[Card]], vorhand: int, depth: int, *, announce: bool = False) -> int:
    """RULES.md 3 "trump choice": Vorhand names one of the six modes or pushes, after which the
    partner must name one; then :func:`perft_schieber_play` (Vorhand leads in either case)."""
    if depth == 0:
        return 1
    choose = len(MODES)
    if depth == 1:
        return choose + 1
    named = sum(perft_schieber_play(dealt, mode, vorhand, depth - 1, announce=announce) for mode in MODES)
    # After a push the partner names a mode: one move more before the same card play.
    pushed = choose if depth == 2 else sum(
        perft_schieber_play(dealt, mode, vorhand, depth - 2, announce=announce) for mode in MODES
    )
    return named + pushed


def perft_pomme(
    order: Sequence[Card],
    dealer: int,
    depth: int,
    *,
    bauer_exception: bool = True,
) -> int:
    """RULES.md 5 / seed 000: from the deal of ``order`` (non-dealer's hand ``order[0:9]``,
    dealer's ``order[9:18]``, their extras ``order[18:21]`` and ``order[21:24]``, the turned card
    ``order[24]``): each player, non-dealer first, keeps their hand or gives away exactly 3
    cards for their extras; then, unless the turned card is the 6, the holder of the trump 6 may
    swap it for the turned card (non-dealer asked first; a swap starts play), the other passes;
    then the non-dealer leads the card play."""
    first = 1 - dealer
    hands = {first: set(order[0:9]), dealer: set(order[9:18])}
    extras = {first: set(order[18:21]), dealer: set(order[21:24])}
    turned = order[24]
    mode = Trump(turned.suit.value)
    six = Card.of(turned.suit, Rank.SIX)

    def play(hands: dict[int, set[Card]], depth: int) -> int:
        return perft_card_play([hands[0], hands[1]], mode, first, depth, bauer_exception=bauer_exception)

    def swap(hands: dict[int, set[Card]], asked: list[int], depth: int) -> int:
        if not asked:
            return play(hands, depth)
        if depth == 0:
            return 1
        seat = asked[0]
        total = swap(hands, asked[1:], depth - 1)  # no swap
        if six in hands[seat]:  # swap: the 6 for the turned card, and play begins
            swapped = dict(hands)
            swapped[seat] = (hands[seat] - {six}) | {turned}
            total += play(swapped, depth - 1)
        return total

    def exchange(hands: dict[int, set[Card]], deciding: list[int], depth: int) -> int:
        if not deciding:
            if turned.rank == Rank.SIX:
                return play(hands, depth)
            return swap(hands, [first, dealer], depth)
        if depth == 0:
            return 1
        seat = deciding[0]
        total = exchange(hands, deciding[1:], depth - 1)  # keep the hand
        for given in itertools.combinations(sorted(hands[seat]), 3):
            after = dict(hands)
            after[seat] = (hands[seat] - set(given)) | extras[seat]
            total += exchange(after, deciding[1:], depth - 1)
        return total

    return exchange(hands, [first, dealer], depth)
