"""Differenzler's moves: a prediction, a card, the next deal; and the one instance of each move
without fields.
"""

from __future__ import annotations

from typing import Final, Union

import attrs

from jass.cards import Card, CardSet, hands_of
from jass.differenzler.rules import DECK_SIZE, MAX_PREDICTION, SEATS
from jass.errors import IllegalMoveError, InvalidCardsError, JassError
from jass.play import PlayCard
from jass.variant.guards import move_error

__all__ = ["Predict", "Deal", "Move"]


def _prediction_valid(instance: object, attribute: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PREDICTION:
        error = IllegalMoveError(f"Predict({value!r:.40}): a prediction is an int 0..{MAX_PREDICTION}")
        error.field, error.index, error.expected = "points", None, f"an int 0..{MAX_PREDICTION}"  # type: ignore[attr-defined]
        raise error


@attrs.frozen(repr=False)
class Predict:
    """The move "I will take this many points this round": an int 0..157.

    >>> Predict(64)
    Predict(64)
    >>> Predict(200)
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Predict(200): a prediction is an int 0..157
    """

    points: int = attrs.field(validator=_prediction_valid)

    def __repr__(self) -> str:
        return f"Predict({self.points})"

    def __str__(self) -> str:
        return f"predict {self.points}"


def _deal_hands(value: object) -> tuple[CardSet, ...] | None:
    if value is None:
        return None
    # Four hands of nine, or three of twelve (Differenzler for three); the game checks the count.
    seats = 3 if isinstance(value, (list, tuple)) and len(value) == 3 else SEATS
    try:
        return hands_of(value, seats, DECK_SIZE // seats, "hands")
    except JassError as error:
        raise move_error(error, "Deal") from None


def _deal_face_up(value: object) -> Card | None:
    try:
        return optional_card(value)
    except JassError as error:
        raise move_error(error, "Deal") from None


def optional_card(value: object) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise InvalidCardsError(f"face_up={value!r:.40}: expected a card")


@attrs.frozen(repr=False)
class Deal:
    """The next dealer deals the next round (in phase ``ROUND_OVER``).

    ``hands=None`` deals from the game's seed (:func:`~jass.play.round_seed`).
    Explicit ``hands`` are four hands of nine cards, or three of twelve in a game of three
    (seat *k* gets ``hands[k]``),
    checked when the move is built (:class:`~jass.errors.IllegalMoveError`, as for every bad
    move);
    ``face_up`` is the dealer's card shown face up, by default the dealer's card
    with the highest index (:attr:`~jass.cards.Card.index`; the Ace of Schellen
    if the dealer holds it). Only trusted code deals given hands (:func:`apply_trusted`,
    which refuses a ``face_up`` the new dealer does not hold); :func:`apply` takes only
    ``Deal()``.
    """

    hands: tuple[CardSet, ...] | None = attrs.field(default=None, converter=_deal_hands)
    face_up: Card | None = attrs.field(default=None, converter=_deal_face_up)

    def __repr__(self) -> str:
        if self.hands is None:
            return "Deal()"
        face_up = "" if self.face_up is None else f", face_up=Card.{self.face_up.name}"
        return f"Deal(hands={self.hands!r}{face_up})"

    def __str__(self) -> str:
        return "deal the next round"

    def __attrs_post_init__(self) -> None:
        if self.face_up is not None and self.hands is None:
            raise IllegalMoveError(f"Deal: face_up={self.face_up}: a seeded deal fixes the face-up card; give hands too")


#: Any Differenzler move.
Move = Union[Predict, PlayCard, Deal]
PREDICT_MOVES: Final = tuple(Predict(points) for points in range(MAX_PREDICTION + 1))
#: The same as a set: is a prediction among the legal moves, in one look-up.
PREDICT_SET: Final = frozenset(PREDICT_MOVES)
DEAL: Final = Deal()
