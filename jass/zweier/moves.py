"""Zweierjass's moves: a card (:class:`~jass.play.PlayCard`, the draws after a trick follow from
it) and the next deal; nobody chooses the mode, the stack's bottom card fixes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias, Union

import attrs

from jass.cards import Card, validate_deck
from jass.errors import JassError
from jass.play import PlayCard
from jass.variant.guards import move_error

__all__ = ["Deal", "Move"]


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


#: Any move of Zweierjass.
Move: TypeAlias = Union[PlayCard, Deal]
DEAL: Final = Deal()
ONLY_DEAL: Final = (DEAL,)
