"""How a Zweierjass round is dealt: nine cards each, the other eighteen a face-down stack whose
bottom card is turned face up and fixes the mode.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet, shuffled_deck, validate_deck
from jass.play import CardPlay, round_seed
from jass.variant.state import game_start
from jass.zweier.moves import Deal
from jass.zweier.rules import SEATS, Rules, mode_of
from jass.zweier.state import PLAY, Setting, State, build_setting, build_state

__all__ = ["new_game"]


def new_round(
    rules: Rules, seed: int, round_number: int, dealer: int, order: Sequence[Card], before: Setting | None = None,
) -> State:
    """Round ``round_number`` dealt from ``order`` (see :func:`new_game`), after the game in
    ``before`` (``None``: the first round); its first card is due."""
    first, second = CardSet(order[0:9]), CardSet(order[9:18])  # Vorhand's hand, the dealer's
    hands = (second, first) if dealer == 0 else (first, second)
    stack = tuple(order[18:36])
    play = CardPlay.start(mode_of(stack[-1], rules), hands, 1 - dealer, rules.play_rules)
    return build_state(
        build_setting(
            rules=rules,
            seed=seed,
            round_number=round_number,
            dealer=dealer,
            phase=PLAY,
            hands=hands,
            stack=stack,
            scores=(0, 0) if before is None else before.scores,
            history=() if before is None else before.history,
            winner=None,
        ),
        play,
    )


def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[Card | str] | None = None,
) -> State:
    """A new game: the first round dealt, its first card due.

    The deal from a 36-card order (the shuffled deck of ``seed``, or ``deal``): the
    non-dealer's hand is ``order[0:9]``, the dealer's ``order[9:18]``, and the stack
    ``order[18:36]``, top first, so that ``order[35]`` is its bottom card, face up (as the
    jass-app deals: «self.table.stack.draw(9)» for each player, then «lowest_stack_card =
    self.table.stack.cards[-1]»). A seed is drawn when none is given and kept in the state;
    it fixes every later deal and, unless ``rules.first_dealer`` is set, the first dealer.

    >>> from jass import FULL_DECK
    >>> state = new_game(Rules(first_dealer=0), deal=list(FULL_DECK))
    >>> state.hands[1], state.bottom_card, state.mode
    (CardSet('C6 C7 C8 C9 C10 CJ CQ CK CA'), Card.DA, Trump.OBENABE)
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
