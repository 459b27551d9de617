"""How a Differenzler round is dealt: every card, nine each to four players or twelve each to
three, the dealer's last card face up, its suit trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet, hands_of, is_card_order, shuffled_deck, validate_deck
from jass.differenzler.moves import Deal, optional_card
from jass.differenzler.rules import SEATS, Rules
from jass.differenzler.state import PREDICT, State, build_setting, build_state
from jass.errors import IllegalMoveError, InvalidCardsError
from jass.play import CardPlay, round_seed
from jass.trump import Trump
from jass.variant.state import game_start


__all__ = ["new_game"]


def _blocks(order: Sequence[Card], rules: Rules) -> tuple[CardSet, ...]:
    each = rules.cards_each
    return tuple(CardSet(order[k * each : (k + 1) * each]) for k in range(rules.seats))


def _last_of(order: Sequence[Card], rules: Rules, dealer: int) -> Card:
    """The dealer's last card of a dealt order: the one shown face up."""
    return order[(dealer + 1) * rules.cards_each - 1]


def seeded_deal(rules: Rules, seed: int, dealer: int) -> tuple[tuple[CardSet, ...], Card]:
    """The hands dealt from ``seed`` and the dealer's last card."""
    order = shuffled_deck(seed)
    return _blocks(order, rules), _last_of(order, rules, dealer)


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
    rules: Rules, deal: object, dealer: int, face_up: Card | str | None
) -> tuple[tuple[CardSet, ...], Card]:
    wanted = optional_card(face_up)
    seats, each = rules.seats, rules.cards_each
    if is_card_order(deal) and not (isinstance(deal, Sequence) and len(deal) == seats):
        order = validate_deck(deal)
        card = _last_of(order, rules, dealer)
        if wanted is not None and wanted is not card:
            raise InvalidCardsError(
                f"face_up={wanted}: in a dealt order the face-up card is the dealer's last "
                f"(seat {dealer}'s card number {each}), {card}"
            )
        return _blocks(order, rules), card
    if isinstance(deal, Sequence):
        hands = hands_of(deal, seats, each, "deal")
        return hands, face_up_of(hands, dealer, wanted)
    raise InvalidCardsError(f"deal={deal!r:.80}: expected {seats} hands of {each} cards or an order of the 36 cards")


def start_round(rules: Rules, hands: tuple[CardSet, ...], dealer: int, face_up: Card) -> CardPlay:
    """The round's cards in play: trump from the face-up card, Vorhand to lead."""
    return CardPlay.start(Trump(face_up.suit), hands, (dealer + 1) % rules.seats, rules.play)


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
    face_up: Card | str | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to predict.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer`` is
    set); without one a random seed is drawn and kept in the state. ``deal`` gives
    the first round's cards explicitly:

    - an order of the 36 cards: seat *k* gets cards ``9k .. 9k+8`` (``12k .. 12k+11``
      with three players), and the face-up card is the dealer's last card, the last of
      the dealer's nine (``face_up``, if given, must be that card);
    - four hands of nine cards (three of twelve): they have no order, so the face-up card
      is ``face_up`` (which the dealer must hold) or, without it, the dealer's
      highest-index card.

    With a seed, the order is :func:`~jass.cards.shuffled_deck` of the round's seed.

    >>> from jass.cards import FULL_DECK
    >>> state = new_game(Rules(first_dealer=3), deal=list(FULL_DECK))
    >>> state.face_up, state.trump, state.play.hands[3]
    (Card.DA, Trump.SCHELLEN, CardSet('D6 D7 D8 D9 D10 DJ DQ DK DA'))

    With three players (:meth:`Rules.three`) each holds twelve cards:

    >>> three = new_game(Rules.three(), seed=1)
    >>> three.play.hand_sizes, len(three.predictions)
    ((12, 12, 12), 3)
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, getattr(rules, "seats", SEATS))
    if deal is None:
        if face_up is not None:
            raise InvalidCardsError(f"face_up={face_up!r:.40}: a seeded deal fixes the face-up card; give a deal too")
        hands, card = seeded_deal(game_rules, seed, dealer)
    else:
        hands, card = first_deal(game_rules, deal, dealer, face_up)
    play = start_round(game_rules, hands, dealer, card)
    seats = game_rules.seats
    setting = build_setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=PREDICT, face_up=card,
                            predictions=(None,) * seats, penalties=(0,) * seats)
    return build_state(setting, play)


def next_deal(state: State, move: Deal) -> State:
    """The next round, dealt by the next dealer: from the seed, or the cards of ``move``."""
    setting = state.setting
    rules = setting.rules
    number = setting.round_number + 1
    dealer = (setting.dealer + 1) % rules.seats
    if move.hands is None:
        hands, card = seeded_deal(rules, round_seed(setting.seed, number), dealer)
    else:
        hands = move.hands
        try:
            if len(hands) != rules.seats:
                raise InvalidCardsError(f"{len(hands)} hands for {rules.seats} players")
            card = face_up_of(hands, dealer, move.face_up)
        except InvalidCardsError as error:
            raise IllegalMoveError(f"{move!r:.80}: {error}") from None  # trusted code only
    play = start_round(setting.rules, hands, dealer, card)
    return build_state(
        build_setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=dealer, phase=PREDICT,
            face_up=card, predictions=(None,) * rules.seats, penalties=setting.penalties, history=setting.history,
        ),
        play,
    )
