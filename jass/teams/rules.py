"""The seats and teams of the partnership games, and when Stöck count (:class:`StoeckMode`).
"""

from __future__ import annotations

from typing import Final

from jass._base import NamedEnum
from jass.errors import InvalidStateError

__all__ = ["SEATS", "TRICKS", "team_of", "StoeckMode"]

#: Number of players.
SEATS: Final = 4
#: Tricks in a round (nine cards each): taking them all is a match.
TRICKS: Final = 9
_STATE: Final = InvalidStateError


def team_of(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


class StoeckMode(NamedEnum):
    """When Stöck (the trump King and Queen in one hand, 20 points) are credited."""

    #: When the second of the two cards is played (the official rule; seed 001's order
    #: "Paar-Weis-Slag" counts them during the round).
    IMMEDIATE = "immediate"
    #: At the end of the round, with the last card (seed 001's words: the 20 come
    #: "in de volgende ronde").
    ROUND_END = "round_end"
    #: Never: a game without Stöck.
    OFF = "off"
