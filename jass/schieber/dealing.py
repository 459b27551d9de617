"""How a Schieber game starts and each round is dealt: :func:`new_game` (the first dealer from the
seed or the rules, or the holder of the Rosen 7) and the next deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet
from jass.cards import deal as deal_cards
from jass.play import round_seed
from jass.schieber.moves import Deal
from jass.schieber.rules import SEATS, Rules
from jass.schieber.state import CHOOSE_TRUMP, State, build_setting, build_state
from jass.teams.moves import first_hands
from jass.variant.state import game_start

__all__ = ["new_game"]


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to choose trump.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer``
    is set); without one a random seed is drawn and kept in the state. ``deal``
    gives the first round's hands explicitly: four hands of nine cards, or an
    order of the 36 cards (seat *k* gets cards ``9k .. 9k+8``).

    With ``first_vorhand=FirstVorhand.ROSEN_7`` the seat dealt the Rosen 7 is Vorhand (with
    ``DIAMONDS_7`` the seat dealt the 7♦ of the rules' pairing): the seat before it is the
    first dealer.

    >>> state = new_game(seed=7)
    >>> state.dealt == deal_cards(7), state.phase
    (True, Phase.CHOOSE_TRUMP)
    >>> state = new_game(Rules(first_vorhand=FirstVorhand.ROSEN_7), seed=7)
    >>> Card.S7 in state.dealt[state.vorhand]
    True
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    hands = deal_cards(seed) if deal is None else first_hands(deal)
    card = game_rules.first_vorhand_card()
    if card is not None:
        dealer = card_dealer(hands, card)
    setting = build_setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=CHOOSE_TRUMP, dealt=hands)
    return build_state(setting, None)


def card_dealer(hands: Sequence[CardSet], card: Card) -> int:
    """The first dealer when a card fixes the first Vorhand (``FirstVorhand.ROSEN_7``,
    ``DIAMONDS_7``): the seat before the one dealt ``card``."""
    holder = next(seat for seat, hand in enumerate(hands) if card in hand)
    return (holder - 1) % SEATS


def next_deal(state: State, move: Deal) -> State:
    """The next round, dealt by the next dealer: from the seed, or the hands of ``move``."""
    number = state.round_number + 1
    hands = deal_cards(round_seed(state.seed, number)) if move.hands is None else move.hands
    setting = state.setting
    return build_state(
        build_setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=(setting.dealer + 1) % SEATS,
            phase=CHOOSE_TRUMP, dealt=hands, scores=setting.scores, history=setting.history,
        ),
        None,
    )
