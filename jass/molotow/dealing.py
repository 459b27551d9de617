"""How a Molotow round is dealt: every card, nine each to four players or twelve each to three;
no card is turned (trump is fixed by the card play).
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet, shuffled_deck, validate_deck
from jass.molotow.moves import Deal
from jass.molotow.rules import SEATS, Rules
from jass.molotow.state import PLAY, Setting, State, build_setting, build_state
from jass.molotow.trumping import start_play
from jass.play import round_seed
from jass.variant.state import game_start

__all__ = ["new_game"]


def hands_of_order(order: Sequence[Card], rules: Rules, dealer: int) -> tuple[CardSet, ...]:
    """The hands a 36-card order deals: the card out of play taken out first (with five players),
    then Vorhand the first block of ``rules.cards_each`` cards, the next player the second, the
    dealer the last."""
    seats, each = rules.seats, rules.cards_each
    out = rules.out_of_play
    if out:
        order = [card for card in order if card not in out]
    hands = [CardSet()] * seats
    for k in range(seats):
        hands[(dealer + 1 + k) % seats] = CardSet(order[k * each:(k + 1) * each])
    return tuple(hands)


def new_round(rules: Rules, seed: int, round_number: int, dealer: int, order: Sequence[Card],
              before: Setting | None = None) -> State:
    """Round ``round_number`` dealt from ``order`` by ``dealer``, after the game in ``before``
    (``None``: the first round)."""
    seats = rules.seats
    play = start_play(rules, hands_of_order(order, rules, dealer), (dealer + 1) % seats)
    return build_state(
        build_setting(
            rules=rules, seed=seed, round_number=round_number, dealer=dealer, phase=PLAY,
            totals=(0,) * seats if before is None else before.totals,
            history=() if before is None else before.history, winner=None,
        ),
        play,
    )


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[Card | str] | str | None = None,
) -> State:
    """A new game: the first round dealt, Vorhand to lead.

    The deal from a 36-card order (the shuffled deck of ``seed``, or ``deal``): Vorhand's hand
    is ``order[0:9]``, the next player's ``order[9:18]`` and so on, the dealer's the last nine
    (twelve each with three players, six with six; with five, :attr:`Rules.five_out`
    is taken out of the order first and the other 35 dealt seven each). At the table the cards
    go out in packets (jassverzeichnis.ch: «Bei vier Spieler erhält jeder Spieler neun Karten»;
    funcardgames.net: "With three players 4x3 each. With four players 3x3 each. With five
    players, remove the 6 of bells/diamonds and then deal 4+3 each. With six players, 3x2
    each"); any fixed mapping of a shuffled deck deals the same. A seed is drawn when none is given and kept in the state; it
    fixes every later deal and, unless ``rules.first_dealer`` is set, the first dealer.

    >>> from jass import FULL_DECK
    >>> state = new_game(Rules(first_dealer=3), deal=list(FULL_DECK))
    >>> state.hand(0), state.trump, state.play.to_play
    (CardSet('C6 C7 C8 C9 C10 CJ CQ CK CA'), None, 0)
    >>> new_game(Rules.three(), seed=1).play.hand_sizes, new_game(Rules.five(), seed=1).play.hand_sizes
    ((12, 12, 12), (7, 7, 7, 7, 7))
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, getattr(rules, "seats", SEATS))
    order = shuffled_deck(seed) if deal is None else validate_deck(deal)
    return new_round(game_rules, seed, 0, dealer, order)


def next_deal(state: State, move: Deal) -> State:
    """The next round, dealt by the next player: from the seed, or the cards of ``move``."""
    setting = state.setting
    number = setting.round_number + 1
    order = move.order if move.order is not None else shuffled_deck(round_seed(setting.seed, number))
    dealer = (setting.dealer + 1) % setting.rules.seats
    return new_round(setting.rules, setting.seed, number, dealer, order, setting)
