"""What a la pomme seat sees: :func:`observe` (its hand and everything public, nothing else) and
where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from jass.cards import Card, CardSet
from jass.play import Trick
from jass.pomme.game import legal_moves, to_act
from jass.pomme.rules import SEATS
from jass.pomme.state import NO_CARDS, Observation, State, build_observation
from jass.variant.guards import check_observer, wrong_state

__all__ = ["observe", "card_zones"]


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state``: its own hand and everything public; ``seat=None``
    is a spectator (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 0)
    >>> len(view.hand), view.hand_sizes, view.phase
    (9, (9, 9), Phase.EXCHANGE)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    if play is None:
        hands = setting.hands
        trick: tuple[Card, ...] = ()
        leader: int | None = None
        tricks: tuple[Trick, ...] = ()
        points: tuple[int, ...] = (0, 0)
    else:
        hands, trick, leader, tricks = play.hands, play.trick, play.leader, play.tricks
        points = play.points()
    acting = to_act(state)
    return build_observation(
        seat, setting.rules, setting.phase, setting.round_number, setting.dealer, acting,
        NO_CARDS if seat is None else hands[seat],
        (len(hands[0]), len(hands[1])), state.trump, setting.turned, state.top_card, setting.exchanges,
        state.swapped_by, trick, leader, tricks, points, setting.scores, setting.pommes, setting.history,
        setting.winner, legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"``, ``"hand 1"`` (the cards each seat holds),
    ``"trick"`` (the trick in progress), ``"won 0"``, ``"won 1"`` (the cards of the tricks each
    seat has taken), ``"extras 0"``, ``"extras 1"`` (the face-down extras of a seat that has not
    decided yet), ``"talon"`` (the 11 cards under the top card), ``"top card"`` (the turned card,
    or the trump 6 after a swap) and ``"out of play"`` (the 6 unused cards of the exchange).
    The zones are disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after
    every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "extras 1", "talon", "top card", "out of play")]
    [9, 3, 11, 1, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        zones = {"hand 0": state.hands[0], "hand 1": state.hands[1], "trick": CardSet()}
        zones.update({"won 0": CardSet(), "won 1": CardSet()})
    else:
        zones = state.play.zones()
    zones["extras 0"], zones["extras 1"] = state.extras
    zones["talon"] = state.talon
    zones["top card"] = CardSet([state.top_card])
    zones["out of play"] = state.out_of_play
    return zones
