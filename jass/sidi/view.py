"""What a Sidi Barrani seat sees: :func:`observe` (its hand and everything public, every call of
the auction included, nothing else) and where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from jass.cards import CardSet
from jass.sidi.game import legal_moves, to_act
from jass.sidi.score import score_round
from jass.sidi.state import NO_CARDS, PLAY, Observation, State, build_observation
from jass.teams.game import weis_view
from jass.teams.rules import SEATS
from jass.variant.guards import check_observer, wrong_state

__all__ = ["observe", "card_zones"]


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, every call of the auction and the contract, the
    tricks, declared Weis points, the shown Weis, credited Stöck, the scores; never another
    hand. ``seat=None`` is a spectator: what everybody at the table sees (no hand, no legal moves).

    >>> state = apply(new_game(Rules(first_dealer=3), seed=5), Bid(70, "obenabe"))
    >>> view = observe(state, 2)
    >>> len(view.hand), view.calls, view.contract.bidder
    (9, (Bid(points=70, mode=Trump.OBENABE),), 0)
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    if play is not None:
        hand = NO_CARDS if seat is None else play.hand(seat)
        hand_sizes = play.hand_sizes
        trick, leader, tricks, trump = play.trick, play.leader, play.tricks, play.trump
    else:
        hand = NO_CARDS if seat is None else setting.dealt[seat]
        hand_sizes = tuple(len(dealt) for dealt in setting.dealt)
        trick, leader, tricks, trump = (), None, (), None
    rules = setting.rules
    weis_team = credited_stoeck = None
    round_points = (0, 0)
    if play is not None:
        score = score_round(state)
        teams = score.teams
        weis_team = 0 if teams[0].weis else 1 if teams[1].weis else None
        credited_stoeck = 0 if teams[0].stoeck else 1 if teams[1].stoeck else None
        if setting.phase is PLAY:
            round_points = score.totals
    declared_points, own_weis, shown = weis_view(
        setting.dealt, setting.declared, rules.weis, rules.auto_declare, play is not None and bool(play.tricks),
        weis_team, seat,
    )
    acting = to_act(state)
    return build_observation(
        seat, rules, setting.phase, setting.round_number, setting.dealer, acting, hand, hand_sizes, setting.calls,
        state.contract, trump, trick, leader, tricks, declared_points, own_weis, shown, credited_stoeck,
        setting.scores, round_points, setting.history, setting.winner,
        legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (during the auction, the
    hands as dealt), ``"trick"`` and ``"won 0"`` .. ``"won 3"``.

    >>> [len(cards) for cards in card_zones(new_game(seed=1)).values()][:5]
    [9, 9, 9, 9, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    play = state.play
    if play is None:
        zones = {f"hand {seat}": hand for seat, hand in enumerate(state.dealt)}
        zones["trick"] = CardSet()
        zones.update((f"won {seat}", CardSet()) for seat in range(SEATS))
        return zones
    return play.zones()
