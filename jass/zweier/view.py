"""What a Zweierjass seat sees: :func:`observe` (its hand, its own draws and everything public,
nothing else) and where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from jass.cards import Card, CardSet
from jass.variant.guards import check_observer, wrong_state
from jass.zweier.game import legal_moves, to_act
from jass.zweier.score import score_of_play
from jass.zweier.state import (
    NO_CARDS,
    NO_DRAWS,
    Observation,
    State,
    bottom_drawn_by,
    build_observation,
    draws_of,
    drawn_count,
)

__all__ = ["observe", "card_zones"]


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state``: its own hand and draws and everything public (the
    bottom card, the stack's size, the cards played, who took the bottom card); ``seat=None``
    is a spectator (no hand, no draws, no legal moves).

    >>> view = observe(new_game(seed=5), 0)
    >>> len(view.hand), view.hand_sizes, view.stack_size
    (9, (9, 9), 18)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, 2)
    setting = state.setting
    play = state.play
    tricks = play.tricks
    draws: tuple[Card | None, ...]
    if seat is None:
        draws = NO_DRAWS
    else:
        own = draws_of(setting.stack, tricks)[seat]
        draws = own + NO_DRAWS[len(own):]
    acting = to_act(state)
    hands = play.hands
    return build_observation(
        seat, setting.rules, setting.phase, setting.round_number, setting.dealer, acting,
        NO_CARDS if seat is None else hands[seat], (len(hands[0]), len(hands[1])), play.mode, play.trump,
        setting.stack[-1], len(setting.stack) - drawn_count(len(tricks)), bottom_drawn_by(tricks), draws,
        play.trick, play.leader, tricks, score_of_play(play, setting.rules).totals, setting.scores, setting.history,
        setting.winner,
        legal_moves(state) if acting == seat and acting is not None else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"``, ``"hand 1"`` (the cards each seat holds),
    ``"trick"`` (the trick in progress), ``"won 0"``, ``"won 1"`` (the cards of the tricks each
    seat has taken) and ``"stack"`` (the cards not drawn yet, the face-up bottom card among
    them). The zones are disjoint and hold the 36 cards together; :mod:`jass.testing` checks it
    after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 1", "stack")]
    [9, 9, 18]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    zones = state.play.zones()
    zones["stack"] = CardSet(state.stack_left)
    return zones

