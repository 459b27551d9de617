"""Observation vectors of N games at once, in the layout of the scalar encodings
(:mod:`jass.variant.encoding`): a :class:`VectorWriter` that fills one preallocated array block
by block, and :func:`play_block`, the card-play block every variant's vector begins with.

Each variant's engine writes its own blocks after the card play with the same writer, so a
vector costs one array and no concatenation (a learner reads one per step of every game).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from jass.batch.core import popcount

__all__ = ["VectorWriter", "relative", "play_block"]

_MODES = 7  # the six modes, then "not chosen yet"


def relative(values: NDArray[Any], seat: NDArray[np.intp]) -> NDArray[Any]:
    """``values[N, S]`` per absolute seat, as ``[N, S]`` from each game's ``seat`` on (in the
    order of play: column k is the seat k places after ``seat``).

    >>> relative(np.array([[10, 20, 30, 40]]), np.array([2])).tolist()
    [[30, 40, 10, 20]]
    """
    seats = values.shape[1]
    order = (seat[:, None] + np.arange(seats)[None, :]) % seats
    taken: NDArray[Any] = np.take_along_axis(values, order, axis=1)
    return taken


class VectorWriter:
    """``float32[N, size]`` vectors, written block by block from the left.

    >>> writer = VectorWriter(2, 6)
    >>> writer.one_hot(np.array([1, 0]), 2, valid=np.array([True, False]))
    >>> writer.values(np.array([[0.5], [1.0]]))
    >>> writer.cards(np.array([1 << 2, 0], dtype=np.uint64), width=3)
    >>> writer.done().tolist()
    [[0.0, 1.0, 0.5, 0.0, 0.0, 1.0], [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]]
    """

    def __init__(self, n: int, size: int) -> None:
        self.out = np.zeros((n, size), dtype=np.float32)
        self.at = 0

    def _block(self, length: int) -> NDArray[np.float32]:
        block = self.out[:, self.at:self.at + length]
        self.at += length
        return block

    def cards(self, bits: NDArray[np.uint64], width: int = 36) -> None:
        """One block of ``width`` (36: the cards) per column of ``bits`` (``uint64[N]`` or
        ``[N, k]``): 1.0 for each bit set."""
        n = self.out.shape[0]
        sets = np.ascontiguousarray(bits, dtype="<u8").reshape(n, -1)
        k = sets.shape[1]
        block = self._block(k * width)
        block.shape = (n, k, width)  # a view of the output (this raises if it were a copy)
        some = np.flatnonzero(sets.any(axis=1))
        if some.size * 2 < n:  # mostly empty (the shown Weis): only the games with a card
            unpacked = np.unpackbits(sets[some].view(np.uint8).reshape(-1, k, 8), axis=2, bitorder="little")
            block[some] = unpacked[:, :, :width]
            return
        unpacked = np.unpackbits(sets.view(np.uint8).reshape(n, k, 8), axis=2, bitorder="little")
        block[...] = unpacked[:, :, :width]

    def one_hot(self, index: NDArray[np.integer], length: int, valid: NDArray[np.bool_] | None = None) -> None:
        """A block of ``length``: 1.0 at each game's ``index`` (nowhere where not ``valid``)."""
        block = self._block(length)
        rows = np.arange(block.shape[0])
        if valid is None:
            block[rows, index] = 1.0
        else:
            block[rows[valid], np.asarray(index)[valid]] = 1.0

    def values(self, values: NDArray[Any]) -> None:
        """A block of the numbers ``values`` (``[N, length]``), as float32."""
        self._block(values.shape[1])[...] = values

    def done(self) -> NDArray[np.float32]:
        """The vectors, once every block is written."""
        if self.at != self.out.shape[1]:
            raise ValueError(f"{self.at} of {self.out.shape[1]} floats written")
        return self.out


def play_block(
    writer: VectorWriter,
    seat: NDArray[np.intp],
    hands: NDArray[np.uint64],
    played: NDArray[np.uint64],
    trick: NDArray[np.int8],
    leader: NDArray[np.integer],
    trump: NDArray[np.integer],
    points: NDArray[np.integer],
) -> None:
    """Write the card-play block of :func:`jass.variant.encoding.play_block` for N games seen
    from ``seat``: ``hands`` (``uint64[N, S]``) the cards each seat holds, ``played`` those each
    seat played to completed tricks, ``trick`` (``int8[N, S]``, -1 none) the trick in progress
    in play order from ``leader``, ``trump`` the mode (-1: not chosen yet), ``points`` the card
    points of the tricks each seat has taken (the last trick's 5 left out)."""
    n, seats = hands.shape
    rows = np.arange(n)
    # The card blocks together: the hand, the trick by relative seat, the cards played by each.
    bits = np.zeros((n, 1 + 2 * seats), dtype=np.uint64)
    bits[:, 0] = hands[rows, seat]
    lead = np.asarray(leader).astype(np.intp)
    for position in range(seats):
        card = trick[:, position]
        ok = card >= 0
        where = 1 + (lead + position - seat) % seats
        bits[rows[ok], where[ok]] = np.uint64(1) << card[ok].astype(np.uint64)
    bits[:, 1 + seats:] = relative(played, seat)
    writer.cards(bits)
    mode = np.asarray(trump)
    writer.one_hot(np.where(mode >= 0, mode, _MODES - 1), _MODES)
    writer.one_hot((lead - seat) % seats, seats, trick[:, 0] >= 0)
    sizes = popcount(hands.reshape(-1)).reshape(n, seats).astype(np.float32)
    writer.values(relative(sizes, seat) / np.float32(9))
    writer.values(relative(np.asarray(points).astype(np.float32), seat) / np.float32(157))
