"""What a Coiffeur seat sees: :func:`observe` (its hand and everything public, nothing else) and
where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from jass.cards import CardSet
from jass.coiffeur.game import legal_moves, to_act
from jass.coiffeur.score import score_round
from jass.coiffeur.state import PLAY, Observation, State, build_observation
from jass.teams.game import round_zones, table_view
from jass.teams.rules import SEATS
from jass.variant.guards import check_observer, wrong_state

__all__ = ["observe", "card_zones"]


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, the row and mode chosen, the tricks, declared Weis
    points, the shown Weis, credited Stöck, the slate and the scores; never another hand.
    ``seat=None`` is a spectator: what everybody at the table sees (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.slates[0]
    (9, (None, None, None, None, None, None, None, None))
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    rules = setting.rules
    seen = table_view(setting.dealt, setting.declared, rules, state.play, seat, lambda: score_round(state),
                      setting.phase is PLAY)
    acting = to_act(state)
    return build_observation(
        seat, rules, setting.phase, setting.round_number, setting.dealer, acting, seen.hand, seen.hand_sizes,
        setting.pushed, setting.row, setting.mode, setting.chooser, seen.trump, seen.trick, seen.leader, seen.tricks,
        seen.declared_points, seen.own_weis, seen.shown, seen.credited_stoeck, state.slates, state.scores,
        seen.round_points, setting.history, setting.winner,
        legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (before a row is chosen, the
    hands as dealt), ``"trick"`` and ``"won 0"`` .. ``"won 3"``.

    >>> [len(cards) for cards in card_zones(new_game(seed=1)).values()][:5]
    [9, 9, 9, 9, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    return round_zones(state.dealt, state.play)
