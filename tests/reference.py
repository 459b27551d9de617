"""A deliberately simple second implementation of card play, for cross-checking.

Points, legal cards and trick winners (and the Weis of a hand, with Kreuzweis)
written straight from RULES.md sections 1, 2 and 3 on plain Python sets and lists of
:class:`~jass.cards.Card`, with the rank orders spelled out as lists. It uses
nothing of :mod:`jass.tricks`, none of :mod:`jass.trump`'s tables and no bits:
from the library it only takes the card names (``Card``, ``Suit``, ``Rank``) and
the names of the modes (``Trump``). Speed does not matter here; clarity does.
"""

from __future__ import annotations

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


def legal_cards(
    hand: Iterable[Card],
    trick: Sequence[Card],
    mode: Trump,
    bauer_exception: bool = True,
    undertrump_allowed: bool = False,
) -> set[Card]:
    """RULES.md 2.1-2.5: the cards of ``hand`` that may be played to ``trick``."""
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

    # 2.4: no undertrumping (unless allowed, or the hand is nothing but trumps).
    trumps_in_trick = [c for c in trick if c.suit == trump_suit]
    if not undertrump_allowed and trumps_in_trick and cards != trumps:
        best = max(TRUMP_ORDER.index(c.rank) for c in trumps_in_trick)
        allowed -= {c for c in trumps if TRUMP_ORDER.index(c.rank) < best}
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
