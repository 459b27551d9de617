"""How a Differenzler round is dealt: nine cards each, the dealer's last card face up, its suit
trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet, hands_of, is_card_order, shuffled_deck, validate_deck
from jass.differenzler.moves import optional_card
from jass.differenzler.rules import CARDS_EACH, SEATS, Rules
from jass.errors import InvalidCardsError
from jass.play import CardPlay
from jass.trump import Trump


def _blocks(order: Sequence[Card]) -> tuple[CardSet, ...]:
    return tuple(CardSet(order[k * CARDS_EACH : (k + 1) * CARDS_EACH]) for k in range(SEATS))


def seeded_deal(seed: int, dealer: int) -> tuple[tuple[CardSet, ...], Card]:
    """The hands dealt from ``seed`` and the dealer's last card."""
    order = shuffled_deck(seed)
    return _blocks(order), order[dealer * CARDS_EACH + CARDS_EACH - 1]


def face_up_of(hands: tuple[CardSet, ...], dealer: int, face_up: Card | None) -> Card:
    """The face-up card of explicit hands: ``face_up`` if the dealer holds it, else the
    dealer's highest-index card."""
    held = hands[dealer]
    if face_up is None:
        return Card.from_index(held.bits.bit_length() - 1)
    if face_up not in held:
        raise InvalidCardsError(
            f"face_up={face_up}: the face-up card is the dealer's, and seat {dealer} "
            f"(the dealer) holds {held}"
        )
    return face_up


def first_deal(
    deal: object, dealer: int, face_up: Card | str | None
) -> tuple[tuple[CardSet, ...], Card]:
    wanted = optional_card(face_up)
    if is_card_order(deal) and not (isinstance(deal, Sequence) and len(deal) == SEATS):
        order = validate_deck(deal)
        card = order[dealer * CARDS_EACH + CARDS_EACH - 1]
        if wanted is not None and wanted is not card:
            raise InvalidCardsError(
                f"face_up={wanted}: in a dealt order the face-up card is the dealer's last "
                f"(seat {dealer}'s ninth card), {card}"
            )
        return _blocks(order), card
    if isinstance(deal, Sequence):
        hands = hands_of(deal, SEATS, CARDS_EACH, "deal")
        return hands, face_up_of(hands, dealer, wanted)
    raise InvalidCardsError(f"deal={deal!r:.80}: expected 4 hands of 9 cards or an order of the 36 cards")


def start_round(rules: Rules, hands: tuple[CardSet, ...], dealer: int, face_up: Card) -> CardPlay:
    """The round's cards in play: trump from the face-up card, Vorhand to lead."""
    return CardPlay.start(Trump(face_up.suit), hands, (dealer + 1) % SEATS, rules.play)
