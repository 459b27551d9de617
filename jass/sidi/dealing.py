"""How a Sidi Barrani game starts and each round is dealt: :func:`new_game` and the next deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet
from jass.cards import deal as deal_cards
from jass.play import round_seed
from jass.sidi.moves import Deal
from jass.sidi.rules import Rules
from jass.sidi.state import AUCTION, State, build_setting, build_state
from jass.teams.moves import first_hands
from jass.teams.rules import SEATS
from jass.variant.state import game_start

__all__ = ["new_game"]


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to open the auction.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer`` is set);
    ``deal`` gives the first round's hands: four hands of nine cards, or an order of the 36
    cards (seat *k* gets cards ``9k .. 9k+8``).

    >>> state = new_game(Rules(first_dealer=3), seed=7)
    >>> state.phase, state.vorhand, state.calls
    (Phase.AUCTION, 0, ())
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    hands = deal_cards(seed) if deal is None else first_hands(deal)
    setting = build_setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=AUCTION, dealt=hands)
    return build_state(setting, None)


def next_deal(state: State, move: Deal) -> State:
    """The next round, dealt by the next dealer: from the seed, or the hands of ``move``."""
    number = state.round_number + 1
    hands = deal_cards(round_seed(state.seed, number)) if move.hands is None else move.hands
    setting = state.setting
    return build_state(
        build_setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=(setting.dealer + 1) % SEATS,
            phase=AUCTION, dealt=hands, scores=setting.scores, history=setting.history,
        ),
        None,
    )
