"""The auction: who bids next, what he may bid, and when it is over (the one place the rule
lives: the moves, the loader and a search's determinisation read it).
"""

from __future__ import annotations

from typing import NamedTuple

from jass.bieter.moves import PASS, Bid, GameMode, Move
from jass.bieter.rules import MAX_BID, SEATS, Rules

__all__ = ["AuctionStatus", "auction_status", "call_seats"]


class AuctionStatus(NamedTuple):
    """Where an auction stands."""

    #: The seat to call next (``None`` once the auction is over).
    to_act: int | None
    #: The highest bid so far (0: none yet).
    high: int
    #: Who made it (``None``: nobody has bid).
    bidder: int | None
    #: True once two have dropped out after a bid (the bidder is King), or nobody bid at all.
    over: bool


def auction_status(calls: tuple[int, ...], dealer: int, rules: Rules) -> AuctionStatus:
    """Where the auction ``calls`` (each bid's points, 0 for a «fort», from Vorhand on) stands.

    jassverzeichnis.ch: «Der Spieler rechts vom Kartengeber beginnt mit dem Bieten [...] Wer aber
    nicht mitbietet, kann später nicht mehr erneut einsteigen mit dem Bieten. Das Bieten geht so
    lange, bis zwei Spieler ausgestiegen sind [...] Bietet gar niemand mit, wird das Spiel neu
    gegeben.» With ``early_pass_final=False`` (jassonkel.ch) a «fort» before the first bid does
    not drop a player out, and three «fort» in a row before any bid end the auction without one.

    >>> auction_status((600, 0), 2, Rules())          # Vorhand 0 bid 600, seat 1 dropped out
    AuctionStatus(to_act=2, high=600, bidder=0, over=False)
    >>> auction_status((600, 0, 0), 2, Rules())       # seat 2 dropped out too: seat 0 is King
    AuctionStatus(to_act=None, high=600, bidder=0, over=True)
    """
    seat, high, bidder, out, early = _walk(calls, dealer, rules, [])
    dropped = sum(out)
    if early == SEATS or (bidder is None and dropped == SEATS) or (bidder is not None and dropped == SEATS - 1):
        return AuctionStatus(None, high, bidder, True)
    return AuctionStatus(seat, high, bidder, False)


def call_seats(calls: tuple[int, ...], dealer: int, rules: Rules) -> list[int]:
    """The seat that made each of the auction's ``calls``: from Vorhand on, each seat still in
    the auction and not holding the highest bid in turn (a seat that said «fort» is not asked
    again).

    >>> call_seats((600, 0, 610, 620), 2, Rules())     # seat 1 dropped out: seat 0 answers seat 2
    [0, 1, 2, 0]
    """
    seats: list[int] = []
    _walk(calls, dealer, rules, seats)
    return seats


def _walk(
    calls: tuple[int, ...], dealer: int, rules: Rules, seats: list[int]
) -> tuple[int | None, int, int | None, list[bool], int]:
    """The auction after ``calls``: the seat to call next, the high bid and its bidder, who has
    dropped out, the «fort» said before any bid; ``seats`` gets the seat of each call."""
    out = [False] * SEATS
    high, bidder, early = 0, None, 0
    seat: int | None = (dealer + 1) % SEATS
    for call in calls:
        if seat is None:  # calls after the end: the loader's replay refuses them
            break
        seats.append(seat)
        if call:
            high, bidder, early = call, seat, 0
        elif bidder is not None or rules.early_pass_final:
            out[seat] = True
        else:
            early += 1
        seat = _next_seat(seat, out, bidder)
    return seat, high, bidder, out, early


def _next_seat(last: int, out: list[bool], bidder: int | None) -> int | None:
    """The next seat after ``last`` still in the auction and not holding the highest bid."""
    for k in range(1, SEATS + 1):
        seat = (last + k) % SEATS
        if not out[seat] and seat != bidder:
            return seat
    return None


def lowest_bid(high: int, rules: Rules) -> int:
    """The lowest bid allowed after ``high`` (0: no bid yet): the minimum, else a raise of at
    least the step («Jedes Gebot muss dabei mindestens 5 Punkte (Jassreglement: 10) höher sein»)."""
    return rules.min_bid if not high else high + rules.bid_step


def auction_moves(high: int, rules: Rules) -> tuple[Move, ...]:
    """«fort», then every bid allowed after ``high``, multiples of 5 up to :data:`MAX_BID`."""
    return (PASS,) + tuple(Bid(points) for points in range(lowest_bid(high, rules), MAX_BID + 1, 5))


def modes_of(rules: Rules) -> tuple[GameMode, ...]:
    """What the King may name for the first game: the four suits, Obenabe, Undenufe and Hindersi
    (jasswiki.ch), or the suits only (``suits_only``, jassonkel.ch)."""
    modes = tuple(GameMode)
    return modes[:4] if rules.suits_only else modes
