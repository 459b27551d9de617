"""The moves the partnership games share: a Weis declaration before the first card
(:class:`WeisDeclaration`, each variant's ``DeclareWeis`` builds on it), the next deal
(:class:`NextDeal`), and the declarations a hand may make (:func:`weis_options`).
"""

from __future__ import annotations

import functools
import itertools
from typing import TypeVar

import attrs

from jass.cards import CardSet, card_set_of
from jass.cards import deal as deal_cards
from jass.cards import hands_of, is_card_order
from jass.errors import IllegalMoveError, InvalidCardsError, JassError
from jass.teams.rules import SEATS, TRICKS
from jass.variant.guards import move_error
from jass.weis import Weis, WeisRules, detect_weis

__all__ = ["WeisDeclaration", "NextDeal", "weis_options", "first_hands"]


def _weis_tuple(value: object) -> tuple[Weis, ...]:
    if isinstance(value, Weis):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(w, Weis) for w in value):
        return tuple(sorted(value, key=lambda w: (-w.points, w.cards.bits)))
    raise IllegalMoveError(f"DeclareWeis({value!r:.80}): expected a Weis or a tuple of Weis")


def _weis_valid(instance: object, attribute: object, value: tuple[Weis, ...]) -> None:
    if not 1 <= len(value) <= 16:
        error = IllegalMoveError(f"DeclareWeis({value!r:.60}): declare 1 to 16 Weis, or play a card")
        error.field, error.index, error.expected = "weis", None, "1..16 Weis"  # type: ignore[attr-defined]
        error.got = str(len(value))  # type: ignore[attr-defined]
        raise error


@attrs.frozen
class WeisDeclaration:
    """The move "declare these Weis" (the base of each variant's ``DeclareWeis``): made
    before the player's first card, in trick 1, by the seat to play, which then plays. The Weis
    must be among those :func:`~jass.weis.detect_weis` finds in the player's hand; declaring is
    optional, and a player may declare only some."""

    weis: tuple[Weis, ...] = attrs.field(converter=_weis_tuple, validator=_weis_valid)

    def __str__(self) -> str:
        return "declare " + ", ".join(str(w) for w in self.weis)


def _deal_hands(value: object) -> tuple[CardSet, ...] | None:
    if value is None:
        return None
    try:
        return hands_of(value, SEATS, TRICKS, "hands")
    except JassError as error:
        raise move_error(error, "Deal") from None


@attrs.frozen
class NextDeal:
    """The move "deal the next round" (the base of each variant's ``Deal``); ``hands=None``
    deals from the game's seed. Explicit ``hands`` (four disjoint hands of nine cards) are
    checked when the move is built (:class:`~jass.errors.IllegalMoveError`, as for every bad
    move); only trusted code deals them.

    >>> NextDeal(hands=[1, 2, 3, 4])
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Deal: hands: 1 is not a hand (expected 4 hands of 9 cards)
    """

    hands: tuple[CardSet, ...] | None = attrs.field(default=None, converter=_deal_hands)

    def __str__(self) -> str:
        return "deal the next round"


D = TypeVar("D", bound=WeisDeclaration)


@functools.lru_cache(maxsize=4096)
def weis_options(hand_bits: int, rules: WeisRules, move: type[D]) -> tuple[D, ...]:
    """The declarations (of the variant's class ``move``) a hand may make: every non-empty
    choice of its Weis, the fullest first. Cached: every player's first legal moves ask, and
    search asks again and again for the same hand."""
    found = detect_weis(card_set_of(hand_bits), rules)
    return tuple(move(combo) for size in range(len(found), 0, -1) for combo in itertools.combinations(found, size))


def first_hands(deal: object) -> tuple[CardSet, ...]:
    """The first round's hands that ``new_game(deal=...)`` takes: four hands of nine cards, or
    the hands that an order of the 36 cards deals (seat *k* gets cards ``9k .. 9k+8``).

    >>> from jass import Card
    >>> [len(hand) for hand in first_hands([str(card) for card in sorted(Card)])]
    [9, 9, 9, 9]
    """
    if is_card_order(deal) and not (isinstance(deal, (list, tuple)) and len(deal) == SEATS):
        return deal_cards(deal)  # a string is read as validate_deck reads it
    if isinstance(deal, (list, tuple)):
        return hands_of(deal, SEATS, TRICKS, "deal")
    raise InvalidCardsError(f"deal={deal!r:.80}: expected 4 hands of 9 cards or an order of the 36 cards")
