"""How a round of Handjass for three is dealt: nine cards each, and the nine left over are the
Blinde, whose top card is turned: its suit is trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet, Rank, shuffled_deck, validate_deck
from jass.handjass.blinde import due
from jass.handjass.moves import Deal
from jass.handjass.rules import HAND_SIZE, SEATS, Rules
from jass.handjass.state import Setting, State, build_setting, build_state
from jass.play import round_seed
from jass.variant.state import game_start

__all__ = ["new_game"]

_UNDECIDED = (None, None, None)


def new_round(
    rules: Rules, seed: int, round_number: int, dealer: int, order: Sequence[Card], before: Setting | None = None,
) -> State:
    """Round ``round_number`` dealt from ``order`` (see :func:`new_game`), after the game in
    ``before`` (``None``: the first round)."""
    hands = [CardSet()] * SEATS
    for k in range(SEATS):  # Vorhand first, the dealer last
        hands[(dealer + 1 + k) % SEATS] = CardSet(order[k * HAND_SIZE:(k + 1) * HAND_SIZE])
    turned = order[27]
    phase, _ = due(_UNDECIDED, _UNDECIDED, dealer, turned.rank == Rank.SIX, rules)
    return build_state(
        build_setting(
            rules=rules,
            seed=seed,
            round_number=round_number,
            dealer=dealer,
            phase=phase,
            hands=tuple(hands),
            blinde=CardSet(order[28:36]),
            turned=turned,
            takes=_UNDECIDED,
            robs=_UNDECIDED,
            scores=(0, 0, 0) if before is None else before.scores,
            nullers=(0, 0, 0) if before is None else before.nullers,
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
    """A new game: the first round dealt, in phase BLINDE (ROB with ``rob_before_exchange``).

    The deal from a 36-card order (the shuffled deck of ``seed``, or ``deal``): Vorhand's
    hand is ``order[0:9]``, the next player's ``order[9:18]``, the dealer's ``order[18:27]``,
    and the Blinde ``order[27:36]``, whose top card ``order[27]`` is turned. (At the table
    the cards go out 3 at a time: «Jeder Spieler erhält neun Karten in drei Runden zu je drei
    Karten»; any fixed mapping of a shuffled deck deals the same.) A seed is drawn when none is
    given and kept in the state; it fixes every later deal and, unless ``rules.first_dealer``
    is set, the first dealer.

    >>> from jass import FULL_DECK
    >>> state = new_game(Rules(first_dealer=2), deal=list(FULL_DECK))
    >>> state.hands[0], state.turned, state.trump, len(state.blinde)
    (CardSet('C6 C7 C8 C9 C10 CJ CQ CK CA'), Card.D6, Trump.SCHELLEN, 8)
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    order = shuffled_deck(seed) if deal is None else validate_deck(deal)
    return new_round(game_rules, seed, 0, dealer, order)


def next_deal(state: State, move: Deal) -> State:
    """The next round, dealt by the next player: from the seed, or the cards of ``move``."""
    setting = state.setting
    number = setting.round_number + 1
    order = move.order if move.order is not None else shuffled_deck(round_seed(setting.seed, number))
    return new_round(setting.rules, setting.seed, number, (setting.dealer + 1) % SEATS, order, setting)
