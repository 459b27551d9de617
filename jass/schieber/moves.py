"""Schieber's moves: choosing trump, pushing, declaring Weis, a card, «Mer bedanked eus!», the next
deal; and the one instance of each move that has no fields.
"""

from __future__ import annotations

from typing import Final, Union

import attrs

from jass.play import PlayCard
from jass.teams.moves import NextDeal, WeisDeclaration
from jass.trump import Trump

__all__ = ["ChooseTrump", "Push", "DeclareWeis", "Announce", "Deal", "Move"]


@attrs.frozen
class ChooseTrump:
    """Vorhand (or, after a push, the partner) names the trump mode."""

    trump: Trump = attrs.field(converter=Trump.parse)  # type: ignore[misc]

    def __str__(self) -> str:
        return f"choose {self.trump} {self.trump.symbol}"


@attrs.frozen
class Push:
    """Vorhand leaves the choice of trump to the partner ("schieben"); with
    ``allow_push_back``, the partner may push it back once."""

    def __str__(self) -> str:
        return "push (schieben)"


@attrs.frozen
class DeclareWeis(WeisDeclaration):
    """Declare Weis before playing the first card (in trick 1); the same player then plays.

    The Weis must be among those :func:`~jass.weis.detect_weis` finds in the
    player's hand; declaring is optional, and a player may declare only some.
    """


@attrs.frozen
class Announce:
    """ "Bedankt, genug": a player ends the game for their team, winning if the team's points
    reach the target and losing otherwise (``claim`` mode); who may say it is ``claim_by``."""

    def __str__(self) -> str:
        return "go out «Mer bedanked eus!»"


@attrs.frozen
class Deal(NextDeal):
    """The next dealer deals the next round; ``hands=None`` deals from the game's seed.
    Explicit ``hands`` (four disjoint hands of nine cards) are checked when the move is built
    (:class:`~jass.errors.IllegalMoveError`, as for every bad move).

    >>> Deal(hands=[1, 2, 3, 4])
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Deal: hands: 1 is not a hand (expected 4 hands of 9 cards)
    """


#: Any Schieber move.
Move = Union[ChooseTrump, Push, DeclareWeis, PlayCard, Announce, Deal]
CHOOSE_MOVES: Final = tuple(ChooseTrump(t) for t in Trump)
PUSH: Final = Push()
ANNOUNCE: Final = Announce()
DEAL: Final = Deal()
