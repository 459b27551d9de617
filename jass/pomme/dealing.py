"""How a la pomme round is dealt: nine cards and three face-down extras each, the talon, and its
turned top card, whose suit is trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet, shuffled_deck, validate_deck
from jass.play import round_seed
from jass.pomme.moves import Deal
from jass.pomme.rules import SEATS, Rules
from jass.pomme.state import EXCHANGE, Setting, State, build_setting, build_state
from jass.variant.state import game_start


__all__ = ["new_game"]


def new_round(
    rules: Rules, seed: int, round_number: int, dealer: int, order: Sequence[Card], before: Setting | None = None,
) -> State:
    """Round ``round_number`` dealt from ``order`` (see :func:`new_game`), after the game in
    ``before`` (``None``: the first round)."""
    first = CardSet(order[0:9]), CardSet(order[18:21])  # the non-dealer's hand and extras
    second = CardSet(order[9:18]), CardSet(order[21:24])  # the dealer's
    by_seat = (second, first) if dealer == 0 else (first, second)
    return build_state(
        build_setting(
            rules=rules,
            seed=seed,
            round_number=round_number,
            dealer=dealer,
            phase=EXCHANGE,
            hands=(by_seat[0][0], by_seat[1][0]),
            extras=(by_seat[0][1], by_seat[1][1]),
            talon=CardSet(order[25:36]),
            turned=order[24],
            exchanges=(None, None),
            swaps=(None, None),
            scores=(0, 0) if before is None else before.scores,
            pommes=(0, 0) if before is None else before.pommes,
            history=() if before is None else before.history,
            winner=None,
        ),
        None,
    )


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[Card | str] | None = None,
) -> State:
    """A new game: the first round dealt, in phase EXCHANGE.

    The deal from a 36-card order (the shuffled deck of ``seed``, or ``deal``): the
    non-dealer's hand is ``order[0:9]``, the dealer's ``order[9:18]``, the
    non-dealer's extras ``order[18:21]``, the dealer's ``order[21:24]``, and the
    talon ``order[24:36]``, whose top card ``order[24]`` is turned. (At the table
    the cards go out 3 at a time; any fixed mapping of a shuffled deck deals the
    same.) A seed is drawn when none is given and kept in the state; it fixes every
    later deal and, unless ``rules.first_dealer`` is set, the first dealer.

    >>> from jass import FULL_DECK
    >>> state = new_game(Rules(first_dealer=0), deal=list(FULL_DECK))
    >>> state.hands[1], state.turned, state.trump
    (CardSet('C6 C7 C8 C9 C10 CJ CQ CK CA'), Card.HQ, Trump.SCHILTEN)
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    order = shuffled_deck(seed) if deal is None else validate_deck(deal)
    return new_round(game_rules, seed, 0, dealer, order)


def next_deal(state: State, move: Deal) -> State:
    """The next round, dealt by the next dealer: from the seed, or the cards of ``move``."""
    setting = state.setting
    number = setting.round_number + 1
    order = move.order if move.order is not None else shuffled_deck(round_seed(setting.seed, number))
    return new_round(setting.rules, setting.seed, number, 1 - setting.dealer, order, setting)
