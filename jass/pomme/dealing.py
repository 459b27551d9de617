"""How a la pomme round is dealt: nine cards and three face-down extras each, the talon, and its
turned top card, whose suit is trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import Card, CardSet
from jass.pomme.rules import Rules
from jass.pomme.state import EXCHANGE, Setting, State, build_setting, build_state


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
