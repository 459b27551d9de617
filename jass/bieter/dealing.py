"""How a round of Bieter is dealt: the auction's deal (10 each and 6 on the table, 3 face down and
3 face up; or 12 each), and the later games' (12 each, the bottom card turned: its suit is trump).
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.bieter.moves import Deal, GameMode
from jass.bieter.rules import SEATS, Rules
from jass.bieter.state import AUCTION, DECIDE, TABLE_SIZE, Setting, State, build_setting, build_state
from jass.cards import Card, CardSet, shuffled_deck, validate_deck
from jass.play import round_seed
from jass.trump import Trump
from jass.variant.state import game_start

__all__ = ["new_game"]


def new_round(
    rules: Rules, seed: int, round_number: int, dealer: int, order: Sequence[Card], before: Setting | None = None,
) -> State:
    """Round ``round_number`` dealt from ``order`` (see :func:`new_game`), after the game in
    ``before`` (``None``: the first round)."""
    king = None if before is None else before.king
    table: tuple[Card, ...] = ()
    size = 12
    if king is None and rules.table_cards:
        size = (36 - TABLE_SIZE) // SEATS
        table = tuple(order[36 - TABLE_SIZE:])
    hands = [CardSet()] * SEATS
    for k in range(SEATS):  # Vorhand first, the dealer last
        hands[(dealer + 1 + k) % SEATS] = CardSet(order[k * size:(k + 1) * size])
    trump_card = None if king is None else order[35]
    return build_state(
        build_setting(
            rules=rules,
            seed=seed,
            round_number=round_number,
            dealer=dealer,
            phase=AUCTION if king is None else DECIDE,
            hands=tuple(hands),
            table=table,
            trump_card=trump_card,
            calls=() if before is None or king is None else before.calls,
            king=king,
            bid=0 if before is None else before.bid,
            discards=(),
            mode=None if trump_card is None else GameMode.of_trump(Trump(trump_card.suit.value)),
            playing=None,
            scores=(0, 0) if before is None else before.scores,
            history=() if before is None else before.history,
            king_won=None,
        ),
        None,
    )


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[Card | str] | None = None,
) -> State:
    """A new game (a Partie): the first round dealt, in phase AUCTION.

    The deal from a 36-card order (the shuffled deck of ``seed``, or ``deal``): with table cards
    (the default) Vorhand's hand is ``order[0:10]``, the next player's ``order[10:20]``, the
    dealer's ``order[20:30]``, and the table ``order[30:36]``, the first three face down;
    without, 12 each in the same order. A later game deals 12 each, and its bottom card
    ``order[35]`` (the dealer's) is trump. (At the table the cards go out 5 + 5, or 3 × 4: any
    fixed mapping of a shuffled deck deals the same.) A seed is drawn when none is given and
    kept in the state; it fixes every later deal and, unless ``rules.first_dealer`` is set, the
    first dealer.

    >>> from jass import FULL_DECK
    >>> state = new_game(Rules(first_dealer=2), deal=list(FULL_DECK))
    >>> state.hands[0], len(state.table), state.phase
    (CardSet('C6 C7 C8 C9 C10 CJ CQ CK CA S6'), 6, Phase.AUCTION)
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    order = shuffled_deck(seed) if deal is None else validate_deck(deal)
    return new_round(game_rules, seed, 0, dealer, order)


def dealt_order(state: State) -> list[Card]:
    """The 36 cards of the round of ``state`` in the order :func:`new_round` deals them."""
    setting = state.setting
    order: list[Card] = []
    for k in range(SEATS):
        seat = (setting.dealer + 1 + k) % SEATS
        order += [card for card in setting.hands[seat] if card != setting.trump_card]
    if setting.trump_card is not None:
        order.append(setting.trump_card)
    return order + list(setting.table)


def next_deal(state: State, move: Deal) -> State:
    """The next round, dealt by the next player: from the seed, or the cards of ``move``."""
    setting = state.setting
    number = setting.round_number + 1
    order = move.order if move.order is not None else shuffled_deck(round_seed(setting.seed, number))
    return new_round(setting.rules, setting.seed, number, (setting.dealer + 1) % SEATS, order, setting)
