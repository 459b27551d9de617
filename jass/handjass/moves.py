"""Handjass for three's moves: taking the Blinde or keeping the hand, robbing the turned card with
the trump 6 or not, a card, the next deal; and the one instance of each move without fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias, Union

import attrs

from jass.cards import Card, validate_deck
from jass.errors import JassError
from jass.play import PlayCard
from jass.variant.guards import move_error

__all__ = ["TakeBlinde", "KeepHand", "Rob", "NoRob", "Deal", "Move"]


@attrs.frozen
class TakeBlinde:
    """The move "I take the Blinde": the player lays his nine cards aside, unseen, and takes
    the nine of the Blinde (its turned top card too)."""

    def __str__(self) -> str:
        return "take the Blinde"


@attrs.frozen
class KeepHand:
    """The move "I keep my hand": the right to the Blinde passes to the next player."""

    def __str__(self) -> str:
        return "keep the hand"


@attrs.frozen
class Rob:
    """The move "I rob the turned card with my trump 6" («rauben»)."""

    def __str__(self) -> str:
        return "rob the turned card with the trump 6"


@attrs.frozen
class NoRob:
    """The move "no robbing": the holder of the trump 6 keeps it, or a player without it passes."""

    def __str__(self) -> str:
        return "no robbing"


def _to_order(value: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    try:
        return validate_deck(value)
    except JassError as error:
        raise move_error(error, "Deal") from None


@attrs.frozen
class Deal:
    """The move "deal the next round", made by the next dealer once a round is over.

    ``order`` is the 36 cards in dealing order (see :func:`new_game`); ``None``: the
    order :func:`~jass.cards.shuffled_deck` gives for ``round_seed(seed, n)``, *n*
    being the number of the round dealt.
    """

    order: tuple[Card, ...] | None = attrs.field(default=None, converter=_to_order)

    def __str__(self) -> str:
        return "deal the next round"


#: Any move of Handjass for three.
Move: TypeAlias = Union[TakeBlinde, KeepHand, Rob, NoRob, PlayCard, Deal]
TAKE: Final = TakeBlinde()
KEEP: Final = KeepHand()
ROB: Final = Rob()
NO_ROB: Final = NoRob()
DEAL: Final = Deal()
TAKE_OR_KEEP: Final = (TAKE, KEEP)
ROB_OR_NOT: Final = (ROB, NO_ROB)
ONLY_NO_ROB: Final = (NO_ROB,)
ONLY_DEAL: Final = (DEAL,)
