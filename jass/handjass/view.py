"""What a seat of Handjass for three sees: :func:`observe` (its hand and everything public,
nothing else) and where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from jass.cards import Card, CardSet
from jass.handjass.game import legal_moves, to_act
from jass.handjass.rules import SEATS
from jass.handjass.state import NO_CARDS, Observation, State, build_observation
from jass.play import Trick
from jass.variant.guards import check_observer, wrong_state

__all__ = ["observe", "card_zones"]


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state``: its own hand and everything public; ``seat=None``
    is a spectator (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 0)
    >>> len(view.hand), view.hand_sizes, view.phase
    (9, (9, 9, 9), Phase.BLINDE)
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
        points: tuple[int, ...] = (0, 0, 0)
    else:
        hands, trick, leader, tricks = play.hands, play.trick, play.leader, play.tricks
        points = play.points()
    acting = to_act(state)
    return build_observation(
        seat, setting.rules, setting.phase, setting.round_number, setting.dealer, acting,
        NO_CARDS if seat is None else hands[seat], tuple(len(hand) for hand in hands), state.trump,
        setting.turned, state.top_card, setting.takes, setting.robs, trick, leader, tricks, points,
        setting.scores, setting.nullers, setting.history, setting.winner,
        legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` to ``"hand 2"`` (the cards each seat holds),
    ``"trick"`` (the trick in progress), ``"won 0"`` to ``"won 2"`` (the cards of the tricks
    each seat has taken), ``"blinde"`` (the Blinde's face-down cards, 8 until a player takes
    it), ``"top card"`` (its face-up card: the turned card, or the trump 6 after a rob; none
    once taken) and ``"out of play"`` (the hand laid aside for the Blinde). The zones are
    disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 2", "blinde", "top card", "out of play")]
    [9, 9, 8, 1, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        zones = {f"hand {seat}": state.hands[seat] for seat in range(SEATS)}
        zones["trick"] = CardSet()
        zones.update({f"won {seat}": CardSet() for seat in range(SEATS)})
    else:
        zones = state.play.zones()
    zones["blinde"] = state.blinde
    top = state.top_card
    zones["top card"] = CardSet() if top is None else CardSet([top])
    zones["out of play"] = state.out_of_play
    return zones
