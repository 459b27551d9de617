"""What a Molotow seat sees: :func:`observe` (its hand and everything public, nothing else) and
where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from jass.cards import CardSet
from jass.molotow.game import legal_moves, to_act
from jass.molotow.score import score_round
from jass.molotow.state import NO_CARDS, Observation, State, build_observation
from jass.variant.guards import check_observer, wrong_state

__all__ = ["observe", "card_zones"]


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, the trump once fixed, the tricks, the round's score
    so far (the hand Weis only once the round is counted), the totals and the history.
    ``seat=None`` is a spectator (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.hand_sizes, view.trump
    (9, (9, 9, 9, 9), None)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    check_observer(seat, setting.rules.seats)
    play = state.play
    acting = to_act(state)
    return build_observation(
        seat, setting.rules, setting.phase, setting.round_number, setting.dealer, acting,
        NO_CARDS if seat is None else play.hand(seat), play.hand_sizes, state.trump, play.trick, play.leader,
        play.tricks, score_round(state), setting.totals, setting.history, setting.winner,
        legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (one per player: ``"hand 2"``
    the last with three players, ``"hand 5"`` with six), ``"trick"`` (the trick in progress),
    ``"won 0"`` .. ``"won 3"`` (the cards of the tricks each seat has taken) and ``"out of
    play"`` (the card taken out with five players; public). The zones are disjoint and hold
    the 36 cards together; :mod:`jass.testing` checks it after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 3", "trick", "won 0", "out of play")]
    [9, 9, 0, 0, 0]
    >>> card_zones(new_game(Rules.five(), seed=1))["out of play"]
    CardSet('D6')
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    zones = state.play.zones()
    zones["out of play"] = state.setting.rules.out_of_play
    return zones
