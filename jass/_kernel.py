"""The raw-int kernel: card bits, the point and order tables, the rules of card play on ints,
and the SplitMix64 generator that every deal comes from.

Everything here works on plain ints, for the hot paths of the package (the card play of
every variant, the fast rollouts, the shuffle). Its names are shared inside the package on
purpose; the typed API on top of it (:mod:`jass.cards`, :mod:`jass.trump`, :mod:`jass.tricks`,
:mod:`jass.play`) is what users call. A card is its index ``suit * 9 + rank`` (suits Eicheln,
Rosen, Schilten, Schellen; ranks 6, 7, 8, 9, 10, J, Q, K, A), a set of cards an int whose bit
*i* is card *i*, a mode its :class:`~jass.trump.Trump` value (0-3 the suits, 4 Obenabe,
5 Undenufe).

>>> legal(0b11 | 1 << 9, 0, -1, 4, True)   # Obenabe, Eicheln led: follow with C6 or C7
3
"""

from __future__ import annotations

import struct
from typing import Final, TypeVar

# --- cards as bits ------------------------------------------------------------------------

#: Bit mask of each suit's nine cards, indexed by suit.
SUIT_MASKS: Final[tuple[int, int, int, int]] = (0x1FF, 0x1FF << 9, 0x1FF << 18, 0x1FF << 27)
#: All 36 cards.
ALL_BITS: Final = (1 << 36) - 1
#: Each card's bit, by card index.
CARD_BITS: Final = tuple(1 << index for index in range(36))
#: Bits per seat when every hand of a round is packed into one int: seat *s* holds bits
#: ``36*s .. 36*s+35``.
HAND_BITS: Final = 36
#: The bits of one packed hand.
HAND_MASK: Final = (1 << HAND_BITS) - 1

# --- orders and points --------------------------------------------------------------------

#: Ranks (0 = the 6 .. 8 = the Ace) of a trump suit, strongest first: J 9 A K Q 10 8 7 6.
TRUMP_ORDER: Final = (5, 3, 8, 7, 6, 4, 2, 1, 0)
#: ``TRUMP_STRENGTH[rank]``: 0 (the 6) .. 8 (the Jack) within the trump suit.
TRUMP_STRENGTH: Final = tuple(8 - TRUMP_ORDER.index(rank) for rank in range(9))
#: The trump strength of each card index's rank.
TRUMP_STRENGTH_OF: Final = tuple(TRUMP_STRENGTH[index % 9] for index in range(36))
#: ``TRUMP_STRENGTHS[mode][card]``: the card's trump strength if it is a trump, else -1.
TRUMP_STRENGTHS: Final = tuple(
    tuple(TRUMP_STRENGTH_OF[i] if i // 9 == mode else -1 for i in range(36)) for mode in range(6)
)
#: No card is a trump that counts (undertrumping allowed, or no trump mode).
NO_STRENGTH: Final = (-1,) * 36
#: Each suit's Jack (the Bauer when the suit is trump).
JACK_BITS: Final = tuple(1 << (suit * 9 + 5) for suit in range(4))


def _stronger_trumps(suit: int, strength: int) -> int:
    return sum(1 << (suit * 9 + rank) for rank in range(9) if TRUMP_STRENGTH[rank] > strength)


#: ``STRONGER[suit][s]``: the trumps of ``suit`` that beat a trump of strength ``s``.
STRONGER: Final = tuple(tuple(_stronger_trumps(suit, s) for s in range(9)) for suit in range(4))

#: Points by rank (6 .. A) of a plain suit, in Obenabe and in Undenufe.
PLAIN_POINTS: Final = (0, 0, 0, 0, 10, 2, 3, 4, 11)
OBENABE_POINTS: Final = (0, 0, 8, 0, 10, 2, 3, 4, 11)
UNDENUFE_POINTS: Final = (11, 0, 8, 0, 10, 2, 3, 4, 0)
#: The trump 9's points (the Nell).
TRUMP_NINE_POINTS: Final = 14


def points_by_index(mode: int, trump_jack_points: int) -> tuple[int, ...]:
    """The points of every card (by index) in ``mode``, the trump Jack worth
    ``trump_jack_points``; nothing is checked (:func:`jass.trump.point_table` checks)."""
    table: list[int] = []
    for suit in range(4):
        if mode == 4:
            row = list(OBENABE_POINTS)
        elif mode == 5:
            row = list(UNDENUFE_POINTS)
        else:
            row = list(PLAIN_POINTS)
            if suit == mode:
                row[5] = trump_jack_points
                row[3] = TRUMP_NINE_POINTS
        table.extend(row)
    return tuple(table)


def _trick_keys(mode: int, led: int) -> tuple[int, ...]:
    # A trump gets 100 + its trump strength, a card of the led suit its rank in the mode, any
    # other card -1: it never wins.
    keys = []
    for index in range(36):
        suit, rank = divmod(index, 9)
        if mode < 4 and suit == mode:
            keys.append(100 + TRUMP_STRENGTH[rank])
        elif suit == led:
            keys.append(8 - rank if mode == 5 else rank)
        else:
            keys.append(-1)
    return tuple(keys)


#: ``TRICK_KEYS[mode][led_suit][card_index]``: the card's strength in a trick; the highest wins.
TRICK_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_trick_keys(mode, led) for led in range(4)) for mode in range(6)
)

# --- the rules of card play -----------------------------------------------------------------


def legal(hand: int, led: int, best: int, trump: int, bauer_exception: bool, void_undertrumps: bool = False) -> int:
    """The rules of card play, once: the cards of ``hand`` that may be played to a trick whose
    led suit is ``led``, in mode ``trump``; ``best`` is the trump strength of the best trump in
    the trick when undertrumping is restricted (else -1). Restricted, a trump below ``best`` may
    be played only by a hand of nothing but trumps, or, with ``void_undertrumps``, by a hand void
    in the led suit (``Undertrump.ALLOWED_IF_VOID``)."""
    follow = hand & SUIT_MASKS[led]
    if trump > 3:
        return follow or hand
    trumps = hand & SUIT_MASKS[trump]
    if led == trump:
        if not trumps or (bauer_exception and trumps == JACK_BITS[trump]):
            return hand
        return trumps
    if best >= 0 and trumps and trumps != hand:
        trumps &= STRONGER[trump][best]
        if not follow and not void_undertrumps:
            return (hand & ~SUIT_MASKS[trump]) | trumps
    if follow:
        return follow | trumps
    return hand


#: ``FOLLOWERS[seats][leader]``: the seats after the leader, in playing order.
FOLLOWERS: Final = {
    seats: tuple(tuple((leader + k) % seats for k in range(1, seats)) for leader in range(seats))
    for seats in range(1, 37)
}

# --- SplitMix64 and the shuffle --------------------------------------------------------------

MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64 (Steele, Lea, Flood 2014): (new state, output).

    >>> splitmix64(0)[1] == 0xE220A8397B1DCDAF   # Vigna's reference output for the seed 0
    True
    """
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def mix(seed: int, salt: int) -> int:
    """A 64-bit number drawn from ``seed`` and ``salt`` (one SplitMix64 output): the seeds of
    later rounds, first dealers and arena games come from it."""
    return splitmix64((seed ^ salt) & MASK64)[1]


Item = TypeVar("Item")

# Rejection limits: values at or above SHUFFLE_LIMITS[bound] are drawn again, so that
# value % bound is exactly uniform.
SHUFFLE_LIMITS: Final = tuple((1 << 64) - (1 << 64) % bound if bound else 0 for bound in range(37))
# Fisher-Yates from the top: (position, number of candidates, rejection limit).
SHUFFLE_STEPS: Final = tuple((i, i + 1, SHUFFLE_LIMITS[i + 1]) for i in range(35, 0, -1))


def shuffled(items: tuple[Item, ...], state: int) -> list[Item]:
    """The 36 ``items`` (one per card, in index order) in the order the seed ``state``
    (0..2**64-1) shuffles the deck: Fisher-Yates from the top, driven by SplitMix64 with
    rejection sampling (:func:`jass.cards.shuffled_deck` shuffles cards, :func:`jass.cards.deal`
    their bits)."""
    deck = list(items)
    for (i, bound, limit), value in zip(SHUFFLE_STEPS, first_draws(state)):
        if value >= limit:
            # Drawn again (almost never): every later draw moves by one, so go one by one.
            return shuffled_one_by_one(items, state)
        j = value % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def shuffled_one_by_one(items: tuple[Item, ...], state: int) -> list[Item]:
    """:func:`shuffled` a draw at a time: the definition."""
    deck = list(items)
    for i, bound, limit in SHUFFLE_STEPS:
        value = limit
        # Drawn again at or above the limit, so that value % bound is exactly uniform.
        while value >= limit:
            state, value = splitmix64(state)
        j = value % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# The 35 first SplitMix64 outputs of a seed at once (new_game shuffles for every round, and a draw
# at a time costs a dozen Python int operations): lane k (bits 128k .. 128k+63) of one big int
# holds the state after k+1 steps, seed + (k+1) * 0x9E3779B97F4A7C15, and each operation of
# splitmix64 is done on every lane together. The lanes are 128 bits wide so that a product of two
# 64-bit numbers stays in its lane; each lane is masked back to 64 bits before a right shift, so
# no bits come down from the lane above. The equality with shuffled_one_by_one is tested.
_DRAWS: Final = 35
_LANE_ONES: Final = sum(1 << (128 * k) for k in range(_DRAWS))
_LANE_MASKS: Final = _LANE_ONES * MASK64
_LANE_STEPS: Final = sum((((k + 1) * _GOLDEN) & MASK64) << (128 * k) for k in range(_DRAWS))
_unpack_lanes: Final = struct.Struct("<" + "QQ" * _DRAWS).unpack


def first_draws(state: int) -> tuple[int, ...]:
    """The first 35 outputs of SplitMix64 from ``state`` (0..2**64-1)."""
    lanes = _LANE_MASKS
    z = (state * _LANE_ONES + _LANE_STEPS) & lanes
    z = ((z ^ (z >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    z = ((z ^ (z >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    z ^= z >> 31  # what comes down from the lane above lands in the upper half, left out below
    return _unpack_lanes(z.to_bytes(16 * _DRAWS, "little"))[::2]
