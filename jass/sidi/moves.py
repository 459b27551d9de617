"""Sidi Barrani's moves: the calls of the auction (a bid, a pass, a double), declaring Weis, a
card, the next deal; and the one instance of each move that has no fields.
"""

from __future__ import annotations

from typing import Any, Final, Union

import attrs

from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.sidi.rules import SIDI
from jass.teams.moves import NextDeal, WeisDeclaration
from jass.trump import Trump

__all__ = ["Bid", "Pass", "Double", "DeclareWeis", "Deal", "Move", "Call"]


def _points(instance: object, attribute: object, value: Any) -> None:
    if type(value) is not int or not 1 <= value <= SIDI:
        error = IllegalMoveError(f"Bid(points={value!r:.40}): a bid is an int 1..{SIDI} (card points)")
        error.field, error.index, error.expected = "points", None, f"an int 1..{SIDI}"  # type: ignore[attr-defined]
        raise error


def _mode(value: object) -> Trump:
    try:
        return Trump.parse(value)  # type: ignore[arg-type]
    except JassError as error:
        raise IllegalMoveError(f"Bid(mode={value!r:.40}): {error}") from None


@attrs.frozen
class Bid:
    """A bid: the card points the bidder's team promises to take this deal (the target), and the
    mode it plays in (a trump suit, Obenabe or Undenufe). Every bid names more points than the
    last; the last bid is the contract, and its bidder leads the first trick."""

    points: int = attrs.field(validator=_points)
    mode: Trump = attrs.field(converter=_mode)

    def __str__(self) -> str:
        sidi = " (Sidi)" if self.points == SIDI else ""
        return f"bid {self.points}{sidi} {self.mode} {self.mode.symbol}"


@attrs.frozen
class Pass:
    """No bid now (a pass is not final: the same player may bid when it comes round again)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Double:
    """An opponent of the last bidder doubles its bid: the target written for the deal counts
    twice, whoever writes it (the points to make stay the same)."""

    def __str__(self) -> str:
        return "double (doppeln)"


@attrs.frozen
class DeclareWeis(WeisDeclaration):
    """Declare Weis before playing the first card (in trick 1); the same player then plays
    (:class:`jass.teams.WeisDeclaration`)."""


@attrs.frozen
class Deal(NextDeal):
    """The next dealer deals the next round; ``hands=None`` deals from the game's seed."""


#: A call of the auction.
Call = Union[Bid, Pass, Double]
#: Any Sidi Barrani move.
Move = Union[Bid, Pass, Double, DeclareWeis, PlayCard, Deal]
PASS: Final = Pass()
DOUBLE: Final = Double()
DEAL: Final = Deal()
