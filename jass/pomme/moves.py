"""La pomme's moves: keeping the hand or exchanging three cards, swapping the trump 6 for the
turned card or not, a card, the next deal; and the one instance of each move without fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias, Union

import attrs

from jass.cards import Card, CardSet, validate_deck
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.variant.guards import move_error

__all__ = ["KeepHand", "Exchange", "SwapTrumpSix", "DeclineSwap", "Deal", "Move"]


@attrs.frozen
class KeepHand:
    """The move "keep my 9 cards": the player's 3 extras go out of play, unseen."""

    def __str__(self) -> str:
        return "keep the hand"


def _plural(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _to_card_set(value: Iterable[Card | str]) -> CardSet:
    if isinstance(value, CardSet):
        return value
    return CardSet(value)


def _three_cards(instance: object, attribute: object, cards: CardSet) -> None:
    if len(cards) != 3:
        shown = f" ({cards})" if cards else ""
        error = IllegalMoveError(
            f"Exchange of {_plural(len(cards))}{shown}: exchange exactly 3 cards, or keep your hand (KeepHand())"
        )
        error.field, error.index, error.expected = "cards", None, "3 cards"  # type: ignore[attr-defined]
        error.got = str(len(cards))  # type: ignore[attr-defined]
        raise error


@attrs.frozen
class Exchange:
    """The move "give away these 3 cards and take my 3 extras"; the 3 cards go out of play.

    ``cards`` may be given as a :class:`~jass.cards.CardSet`, cards or codes: exactly three.

    >>> Exchange("C6 C7 D8")
    Exchange(cards=CardSet('C6 C7 D8'))
    >>> Exchange("C6 C7")
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Exchange of 2 cards (C6 C7): exchange exactly 3 cards, or keep your hand (KeepHand())
    """

    cards: CardSet = attrs.field(converter=_to_card_set, validator=_three_cards)

    def __str__(self) -> str:
        return f"exchange {self.cards}"


@attrs.frozen
class SwapTrumpSix:
    """The move "swap my trump 6 for the turned card"."""

    def __str__(self) -> str:
        return "swap the trump 6 for the turned card"


@attrs.frozen
class DeclineSwap:
    """The move "no swap": the holder of the trump 6 keeps it, or a player without it passes."""

    def __str__(self) -> str:
        return "no swap"


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


#: Any move of two-player Jass.
Move: TypeAlias = Union[KeepHand, Exchange, SwapTrumpSix, DeclineSwap, PlayCard, Deal]
KEEP: Final = KeepHand()
SWAP: Final = SwapTrumpSix()
DECLINE: Final = DeclineSwap()
DEAL: Final = Deal()
SIX_AND_DECLINE: Final = (SWAP, DECLINE)
ONLY_DECLINE: Final = (DECLINE,)
ONLY_DEAL: Final = (DEAL,)
