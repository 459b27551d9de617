"""The numpy kernels every batched variant shares.

Cards are indexed as in :mod:`jass.cards` (``suit * 9 + rank``; suits Eicheln, Rosen,
Schilten, Schellen = C, S, H, D; ranks 6 .. A) and a set of cards is a ``uint64`` with bit
*i* for card *i*, as :attr:`jass.cards.CardSet.bits`. An array of such sets holds one per
game. Action sets use the same idea: bit *a* of a ``uint64`` for action id *a* (every game
here has fewer than 64 actions).

- :func:`shuffled_decks` and :func:`deal_from_seeds` shuffle and deal exactly as
  :func:`jass.cards.shuffled_deck` and :func:`jass.cards.deal` do for the same seeds
  (SplitMix64, Fisher-Yates with rejection), for N seeds at once;
- :func:`seeded_seats` draws a seat from a seed as :func:`jass.play.seeded_seat`;
- :func:`popcount`, :func:`select_bits` (the k-th set bit) and :func:`random_bits` (a
  uniformly random set bit of each row: a random legal action);
- :func:`unpack_bits` and :func:`pack_bits` turn bit sets into boolean masks and back.

>>> import numpy as np
>>> from jass.cards import deal
>>> hands = deal_from_seeds([7, 8])
>>> [int(bits) for bits in hands[0]] == [hand.bits for hand in deal(7)]
True
>>> [int(p) for p in select_bits(np.array([0b10110], dtype=np.uint64), np.array([2], dtype=np.uint64))]
[4]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass.errors import InvalidCardsError

__all__ = [
    "Seeds",
    "as_seeds",
    "shuffled_decks",
    "deal_from_seeds",
    "random_deals",
    "seeded_seats",
    "splitmix64",
    "popcount",
    "select_bits",
    "random_bits",
    "random_below",
    "unpack_bits",
    "pack_bits",
    "BITS",
]

#: Seeds for N games: a sequence of Python ints or an integer array (taken modulo 2**64).
Seeds = Union[Sequence[int], NDArray[np.integer]]

_U64 = np.uint64
_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = _U64(0x9E3779B97F4A7C15)
_MIX1: Final = _U64(0xBF58476D1CE4E5B9)
_MIX2: Final = _U64(0x94D049BB133111EB)
_SEAT_SALT: Final = _U64(0xA0761D6478BD642F)

#: ``BITS[i] == 1 << i`` as ``uint64``, for i = 0 .. 63: the bit of card or action *i*.
BITS: Final[NDArray[np.uint64]] = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))
BITS.flags.writeable = False


def as_seeds(seeds: Seeds) -> NDArray[np.uint64]:
    """``seeds`` as a new 1-d ``uint64`` array, each taken modulo 2**64 as :func:`jass.cards.deal`
    takes a seed. Raises :class:`~jass.errors.InvalidCardsError` for anything but integers.

    >>> [int(s) for s in as_seeds([1, -1])] == [1, 2**64 - 1]
    True
    """
    if isinstance(seeds, np.ndarray):
        if seeds.dtype.kind not in "iu" or seeds.ndim != 1:
            raise InvalidCardsError(f"seeds: expected a 1-d integer array, got {seeds.dtype} of shape {seeds.shape}")
        return seeds.astype(np.uint64)  # two's complement: the same as "& (2**64 - 1)"
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Sequence):
        raise InvalidCardsError(f"seeds={seeds!r:.80}: expected a sequence of ints or an integer array")
    values = []
    for seed in seeds:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise InvalidCardsError(f"seed {seed!r} is not an int")
        values.append(int(seed) & _MASK64)
    return np.array(values, dtype=np.uint64)


def splitmix64(state: NDArray[np.uint64]) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    """One step of SplitMix64 on every element: (the new states, the outputs), as
    ``jass.cards`` steps one seed.

    >>> state, out = splitmix64(np.array([0], dtype=np.uint64))
    >>> hex(int(out[0]))
    '0xe220a8397b1dcdaf'
    """
    state = state + _GOLDEN
    z = state >> _U64(30)
    z ^= state
    z *= _MIX1
    z ^= z >> _U64(27)
    z *= _MIX2
    z ^= z >> _U64(31)
    return state, z


# Fisher-Yates from the top, as jass.cards: (position, number of candidates, rejection limit;
# None when the number of candidates divides 2**64 and nothing is ever drawn again).
_SHUFFLE: Final = tuple(
    (i, i + 1, _U64((1 << 64) - (1 << 64) % (i + 1)) if (1 << 64) % (i + 1) else None) for i in range(35, 0, -1)
)


def _seeded_draws(seeds: Seeds) -> Iterator[NDArray[np.uint64]]:
    """The Fisher-Yates draws of :func:`jass.cards.shuffled_deck` for each seed: for position
    i = 35 .. 1, a value 0 .. i per game (SplitMix64, drawn again at or above the limit)."""
    state = as_seeds(seeds)
    for i, bound, limit in _SHUFFLE:
        state, value = splitmix64(state)
        if limit is not None:
            again = value >= limit
            while again.any():  # drawn again, as jass.cards does, so that value % bound is uniform
                redo = np.flatnonzero(again)
                state[redo], value[redo] = splitmix64(state[redo])
                again[redo] = value[redo] >= limit
        yield value % _U64(bound)


def _random_draws(rng: np.random.Generator, n: int) -> Iterator[NDArray[np.uint64]]:
    """Fisher-Yates draws from 32 random bits each: ``(r * (i + 1)) >> 32`` for position i."""
    raw = rng.bit_generator.random_raw((35 * n + 1) // 2).view(np.uint32)[: 35 * n].reshape(35, n)
    for step, i in enumerate(range(35, 0, -1)):
        yield (raw[step] * _U64(i + 1)) >> _U64(32)


def _fisher_yates(
    n: int, draws: Iterator[NDArray[np.uint64]], hands: int = 0, cards_each: int = 1
) -> tuple[NDArray[np.int8], NDArray[np.uint64]]:
    """Shuffle N decks from the top with ``draws`` (one array per position 35 .. 1): the decks
    (``int8[N, 36]``) and, for ``hands`` > 0, the hands dealt from them in blocks of
    ``cards_each`` (``uint64[N, hands]``), each card's bit added as its position becomes final."""
    # Game-major: the two cards of each game's swap share a cache line.
    deck = np.tile(np.arange(36, dtype=np.int8), (n, 1))
    flat = deck.reshape(-1)
    base = np.arange(n, dtype=np.intp) * 36
    dealt = np.zeros((hands, n), dtype=np.uint64)
    dealt_cards = hands * cards_each
    for i, draw in zip(range(35, 0, -1), draws):
        where = draw.astype(np.intp)
        where += base
        picked = flat.take(where)
        flat[where] = deck[:, i]
        deck[:, i] = picked  # final: later steps only swap positions below i
        if i < dealt_cards:
            # A hand's cards are different cards, so the sum of their bits is its bit set.
            dealt[i // cards_each] += BITS.take(picked.astype(np.intp))
    if hands:
        dealt[0] += BITS.take(deck[:, 0].astype(np.intp))
    return deck, np.ascontiguousarray(dealt.T)


def shuffled_decks(seeds: Seeds) -> NDArray[np.int8]:
    """The 36 card indices in the order :func:`jass.cards.shuffled_deck` gives each seed:
    ``int8[N, 36]``.

    >>> from jass.cards import shuffled_deck
    >>> [int(i) for i in shuffled_decks([5])[0]] == [card.index for card in shuffled_deck(5)]
    True
    """
    array = as_seeds(seeds)
    return _fisher_yates(array.shape[0], _seeded_draws(array))[0]


def deal_from_seeds(seeds: Seeds, hands: int = 4, cards_each: int = 9) -> NDArray[np.uint64]:
    """``uint64[N, hands]``: the hands :func:`jass.cards.deal` deals from each seed, as bit sets.

    >>> [int(h).bit_count() for h in deal_from_seeds([3], hands=2, cards_each=12)[0]]
    [12, 12]
    """
    _check_deal(hands, cards_each)
    array = as_seeds(seeds)
    return _fisher_yates(array.shape[0], _seeded_draws(array), hands, cards_each)[1]


def random_deals(rng: np.random.Generator, n: int, hands: int = 4, cards_each: int = 9) -> NDArray[np.uint64]:
    """``uint64[n, hands]``: ``n`` uniformly random deals from ``rng``, as bit sets.

    Fisher-Yates as :func:`shuffled_decks`, each position drawn as ``(r * (i + 1)) >> 32``
    from 32 random bits (the bias is below ``36 / 2**32``, as ``int(random() * n)``'s)
    instead of SplitMix64 with rejection: faster, but not the deal of any seed
    (:func:`deal_from_seeds` is).

    >>> hands = random_deals(np.random.default_rng(1), 3)
    >>> [[int(h).bit_count() for h in row] for row in hands] == [[9] * 4] * 3
    True
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidCardsError(f"n={n!r}: expected the number of deals (an int >= 0)")
    _check_deal(hands, cards_each)
    return _fisher_yates(n, _random_draws(rng, n), hands, cards_each)[1]


def _check_deal(hands: int, cards_each: int) -> None:
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise InvalidCardsError(f"hands={hands!r}: expected a positive int")
    if isinstance(cards_each, bool) or not isinstance(cards_each, int) or cards_each < 1:
        raise InvalidCardsError(f"cards_each={cards_each!r}: expected a positive int")
    if hands * cards_each > 36:
        raise InvalidCardsError(f"cannot deal {hands} hands of {cards_each} cards: only 36 cards in the deck")


def seeded_seats(seeds: Seeds, seats: int) -> NDArray[np.int8]:
    """The seat :func:`jass.play.seeded_seat` draws from each seed (the first dealer of a game
    started with that seed): ``int8[N]``.

    >>> from jass.play import seeded_seat
    >>> [int(s) for s in seeded_seats([1, 2, 3], 4)] == [seeded_seat(s, 4) for s in (1, 2, 3)]
    True
    """
    _, out = splitmix64(as_seeds(seeds) ^ _SEAT_SALT)
    seat: NDArray[np.int8] = (out % _U64(seats)).astype(np.int8)
    return seat


_M1: Final = _U64(0x5555555555555555)
_M2: Final = _U64(0x3333333333333333)
_M4: Final = _U64(0x0F0F0F0F0F0F0F0F)
_L8: Final = _U64(0x0101010101010101)
_H8: Final = _U64(0x8080808080808080)


def _byte_prefix_counts(x: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """Byte *i* of the result: the number of set bits in bytes 0 .. i of ``x``."""
    if _HAS_BITWISE_COUNT:
        # Each byte's count in that byte (numpy >= 2.0: one instruction per byte), then the
        # running sum over the bytes by one multiplication. A byte's count lands in the byte
        # it counts, whatever the byte order.
        prefix: NDArray[np.uint64] = np.bitwise_count(np.ascontiguousarray(x).view(np.uint8)).view(np.uint64)
        prefix *= _L8
        return prefix
    s = x - ((x >> _U64(1)) & _M1)  # broadword: bits per 2, per 4, per 8
    s = (s & _M2) + ((s >> _U64(2)) & _M2)
    counted: NDArray[np.uint64] = ((s + (s >> _U64(4))) & _M4) * _L8
    return counted


_HAS_BITWISE_COUNT: Final = hasattr(np, "bitwise_count")


def popcount(x: NDArray[np.uint64]) -> NDArray[np.uint8]:
    """The number of set bits of each element of a ``uint64`` array.

    >>> [int(c) for c in popcount(np.array([0, 7, 2**63], dtype=np.uint64))]
    [0, 3, 1]
    """
    if _HAS_BITWISE_COUNT:  # numpy >= 2.0: one instruction per element
        counts: NDArray[np.uint8] = np.bitwise_count(x)
        return counts
    total: NDArray[np.uint8] = (_byte_prefix_counts(x) >> _U64(56)).astype(np.uint8)
    return total


def _select_table() -> NDArray[np.uint64]:
    table = np.zeros(256 * 8, dtype=np.uint64)
    for byte in range(256):
        for k, position in enumerate(p for p in range(8) if byte >> p & 1):
            table[byte * 8 + k] = position
    table.flags.writeable = False
    return table


# _SELECT8[byte * 8 + k]: the position of the k-th set bit of a byte.
_SELECT8: Final = _select_table()
_SELECT8_INT: Final = _SELECT8.astype(np.int64)
_SELECT8_INT.flags.writeable = False


def _select(x: NDArray[np.uint64], prefix: NDArray[np.uint64], k: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """The position of the k-th set bit, given the byte prefix counts of ``x``."""
    # Bytes whose prefix count exceeds k keep their high bit; the others come before the bit.
    over = ((prefix | _H8) - (k + _U64(1)) * _L8) & _H8
    shift = (_U64(8) - (((over >> _U64(7)) * _L8) >> _U64(56))) << _U64(3)
    before = ((prefix << _U64(8)) >> shift) & _U64(0xFF)
    byte = (x >> shift) & _U64(0xFF)
    position: NDArray[np.uint64] = shift + _SELECT8[((byte << _U64(3)) + k - before).astype(np.intp)]
    return position


def select_bits(x: NDArray[np.uint64], k: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """The position of the ``k``-th (from 0) set bit of each ``x``; ``k`` must be below the
    number of set bits (the result is undefined otherwise).

    >>> x = np.array([0b1011, 1 << 40], dtype=np.uint64)
    >>> [int(p) for p in select_bits(x, np.array([2, 0], dtype=np.uint64))]
    [3, 40]
    """
    return _select(x, _byte_prefix_counts(x), k)


def random_below(counts: NDArray[np.unsignedinteger], rng: np.random.Generator) -> NDArray[np.uint64]:
    """A uniform random integer in ``0 .. counts - 1`` for each element (0 where the count is 0):
    ``(r * count) >> 32`` for 32 fresh random bits ``r``, as ``int(random() * n)`` scales a
    float. The bias is below ``count / 2**32``.

    >>> rng = np.random.default_rng(1)
    >>> draws = random_below(np.full(10_000, 3, dtype=np.uint64), rng)
    >>> sorted(set(int(d) for d in draws))
    [0, 1, 2]
    """
    n = counts.shape[0]
    raw = rng.bit_generator.random_raw((n + 1) // 2)  # two 32-bit draws per 64 random bits
    r = raw.view(np.uint32)[:n].astype(np.uint64)
    below: NDArray[np.uint64] = (r * counts.astype(np.uint64)) >> _U64(32)
    return below


def random_bits(x: NDArray[np.uint64], rng: np.random.Generator) -> NDArray[np.int64]:
    """A uniformly random set bit of each ``x`` (its position), ``-1`` where ``x`` is 0.

    With ``x`` a set of legal actions, this is a uniformly random legal action per game:
    the ``k``-th set bit for ``k = random_below(count)`` (:func:`random_below`,
    :func:`select_bits`), computed in place (a random policy calls it on every step).

    >>> rng = np.random.default_rng(0)
    >>> picks = random_bits(np.array([0b1010, 0, 1 << 42], dtype=np.uint64), rng)
    >>> int(picks[0]) in (1, 3), int(picks[1]), int(picks[2])
    (True, -1, 42)
    """
    x = np.ascontiguousarray(x, dtype=np.uint64)
    n = x.shape[0]
    # s: byte prefix counts (_byte_prefix_counts), t and u: scratch; all in place.
    s = _byte_prefix_counts(x)
    t = s >> _U64(56)  # the number of set bits
    raw = rng.bit_generator.random_raw((n + 1) // 2).view(np.uint32)[:n]
    k = np.multiply(raw, t, dtype=np.uint64)
    k >>= _U64(32)  # uniform in 0 .. count - 1, as random_below
    # _select, in place: the byte holding the k-th bit, the bits before it, the table.
    np.add(k, _U64(1), out=t)
    t *= _L8
    u = s | _H8
    u -= t
    u &= _H8
    u >>= _U64(7)
    u *= _L8
    u >>= _U64(56)
    np.subtract(_U64(8), u, out=u)
    u <<= _U64(3)
    np.left_shift(s, _U64(8), out=t)
    t >>= u
    t &= _U64(0xFF)
    k -= t
    np.right_shift(x, u, out=t)
    t &= _U64(0xFF)
    t <<= _U64(3)
    t += k
    picks: NDArray[np.int64] = _SELECT8_INT.take(t.view(np.int64))
    picks += u.view(np.int64)
    np.putmask(picks, picks == 64, -1)  # x == 0: no bit, and the byte search ran off the end
    return picks


def unpack_bits(x: NDArray[np.uint64], width: int) -> NDArray[np.bool_]:
    """``bool[N, width]``: bit *a* of each ``x`` as column *a*.

    >>> unpack_bits(np.array([0b101], dtype=np.uint64), 4).tolist()
    [[True, False, True, False]]
    """
    if not 0 <= width <= 64:
        raise ValueError(f"width={width!r}: expected 0..64")
    little = np.ascontiguousarray(x, dtype="<u8")
    bits = np.unpackbits(little.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
    return bits[:, :width].view(np.bool_)


def pack_bits(mask: ArrayLike) -> NDArray[np.uint64]:
    """The inverse of :func:`unpack_bits`: a ``uint64`` per row of a boolean ``[N, width]`` mask
    (width at most 64).

    >>> [int(b) for b in pack_bits([[True, False, True]])]
    [5]
    """
    array = np.asarray(mask, dtype=np.bool_)
    if array.ndim != 2 or array.shape[1] > 64:
        raise ValueError(f"mask: expected a boolean array [N, width <= 64], got shape {array.shape}")
    padded = np.zeros((array.shape[0], 64), dtype=np.uint8)
    padded[:, : array.shape[1]] = array
    packed = np.packbits(padded, axis=1, bitorder="little")
    return packed.view("<u8").reshape(-1).astype(np.uint64)
