"""What a seat of Bieter sees: :func:`observe` (its hand and everything public, nothing else) and
where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from jass.bieter.game import legal_moves, to_act
from jass.bieter.rules import SEATS
from jass.bieter.state import FACE_DOWN, NO_CARDS, Observation, State, build_observation
from jass.cards import Card, CardSet
from jass.play import Trick
from jass.variant.guards import check_observer, wrong_state

__all__ = ["observe", "card_zones"]


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state``: its own hand and everything public (the King also
    sees the cards he laid away); ``seat=None`` is a spectator (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 0)
    >>> len(view.hand), view.hand_sizes, view.phase, len(view.table_open)
    (10, (10, 10, 10), Phase.AUCTION, 3)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    trick: tuple[Card, ...] = ()
    leader: int | None = None
    tricks: tuple[Trick, ...] = ()
    if play is None:
        hands = tuple(state.hand(s) for s in range(SEATS))
    else:
        hands, trick, leader, tricks = play.hands, play.trick, play.leader, play.tricks
    acting = to_act(state)
    return build_observation(
        seat, setting.rules, setting.phase, setting.round_number, setting.dealer, acting,
        NO_CARDS if seat is None else hands[seat], tuple(len(hand) for hand in hands),
        setting.table[FACE_DOWN:], bool(setting.table) and setting.king is None, setting.calls, setting.king,
        setting.bid, len(setting.discards), setting.discards if seat is not None and seat == setting.king else (),
        setting.mode, setting.trump_card, setting.playing, trick, leader, tricks, setting.scores, setting.history,
        setting.king_won, legal_moves(state) if acting == seat and seat is not None else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` to ``"hand 2"`` (the cards each seat holds),
    ``"trick"``, ``"won 0"`` to ``"won 2"`` (the cards of the tricks each seat has taken),
    ``"table"`` (the six table cards while they lie there) and ``"out of play"`` (the cards the
    King laid away). The zones are disjoint and hold the 36 cards together; :mod:`jass.testing`
    checks it after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 2", "table", "out of play")]
    [10, 10, 6, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        zones = {f"hand {seat}": state.hand(seat) for seat in range(SEATS)}
        zones["trick"] = CardSet()
        zones.update({f"won {seat}": CardSet() for seat in range(SEATS)})
    else:
        zones = state.play.zones()
    setting = state.setting
    lying = bool(setting.table) and setting.king is None
    zones["table"] = CardSet(setting.table) if lying else CardSet()
    zones["out of play"] = state.out_of_play
    return zones
