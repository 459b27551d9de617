"""What only Sidi Barrani has: the auction. Its calls (:class:`~jass.sidi.Bid`,
:class:`~jass.sidi.Pass`, :class:`~jass.sidi.Double`) go round the table from Vorhand, and
everything about it follows from them: whose call is due, whether it is over, the contract
(:class:`Contract`). The moves, the loader, the bots and the text all read this one rule.

>>> from jass.trump import Trump
>>> calls = (Bid(80, Trump.ROSEN), Pass(), Bid(100, Trump.OBENABE), Pass(), Pass(), Pass())
>>> auction_result(calls, Rules(), dealer=3)
(True, Contract(bidder=2, points=100, mode=Trump.OBENABE, doubled=False))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from jass._base import instance_of, int_in
from jass.errors import InvalidStateError
from jass.sidi.moves import DOUBLE, PASS, Bid, Call, Move, Pass
from jass.sidi.rules import SIDI, Rules
from jass.teams.rules import SEATS
from jass.trump import Trump

__all__ = ["Contract", "auction_result", "calling_seat", "auction_calls", "MAX_CALLS"]

#: The most calls an auction can have: 13 bids, each followed by a double and three passes at
#: most, and four passes before the first.
MAX_CALLS: Final = 100
_MODES: Final = tuple(Trump)


@attrs.frozen
class Contract:
    """The auction's result: the last bid (its ``bidder``, the ``points`` its team must make, its
    ``mode``), and whether an opponent ``doubled`` it."""

    bidder: int = attrs.field(validator=int_in(0, SEATS - 1, error=InvalidStateError))
    points: int = attrs.field(validator=int_in(1, SIDI, error=InvalidStateError))
    mode: Trump = attrs.field(validator=instance_of(Trump, error=InvalidStateError))
    doubled: bool = attrs.field(default=False, validator=instance_of(bool, error=InvalidStateError))

    @property
    def team(self) -> int:
        """The declaring team: the bidder's."""
        return self.bidder % 2

    @property
    def value(self) -> int:
        """The target as written: the points bid, twice if doubled (jass-entials, earthli: «This
        doubles the value (but not the required points) of the current bid»)."""
        return 2 * self.points if self.doubled else self.points


def calling_seat(dealer: int, calls: Sequence[Call]) -> int:
    """The seat whose call is due: Vorhand (the seat after the dealer) first, then round the
    table in playing order."""
    return (dealer + 1 + len(calls)) % SEATS


def auction_result(calls: Sequence[Call], rules: Rules, dealer: int) -> tuple[bool, Contract | None]:
    """Whether the auction of ``calls`` is over, and its contract (``None`` while nobody has
    bid, and for a deal all four passed). Over: four passes without a bid; three passes in a row
    after the last bid or double; with ``double_ends_auction`` the double itself."""
    last = None
    for index in range(len(calls) - 1, -1, -1):
        if type(calls[index]) is Bid:
            last = index
            break
    if last is None:
        return len(calls) >= SEATS, None
    bid = calls[last]
    assert type(bid) is Bid
    after = calls[last + 1:]
    doubled = DOUBLE in after
    contract = Contract((dealer + 1 + last) % SEATS, bid.points, bid.mode, doubled)
    if doubled and rules.double_ends_auction:
        return True, contract
    passes = 0
    for call in reversed(after):
        if type(call) is not Pass:
            break
        passes += 1
    return passes >= SEATS - 1, contract


def auction_calls(calls: Sequence[Call], rules: Rules, dealer: int) -> tuple[Move, ...]:
    """The calls the seat due may make (the auction not over): a bid of each allowed number of
    points above the last bid in each mode, a double of an opponent's bid not yet doubled, a pass."""
    seat = calling_seat(dealer, calls)
    _, contract = auction_result(calls, rules, dealer)
    above = 0 if contract is None else contract.points
    moves: list[Move] = [_BIDS[points, mode] for points in rules.bids() if points > above for mode in _MODES]
    if contract is not None and not contract.doubled and (seat - contract.bidder) % 2:
        moves.append(DOUBLE)
    moves.append(PASS)
    return tuple(moves)


#: Every bid, built once: the auction offers up to 78 of them at every call.
_BIDS: Final = {(points, mode): Bid(points, mode) for points in range(1, SIDI + 1) for mode in _MODES}
