"""What a Differenzler seat sees: :func:`observe` (its hand and everything public, nothing else) and
where every card is (:func:`card_zones`).
"""

from __future__ import annotations

from jass.cards import CardSet
from jass.differenzler.game import legal_moves, to_act
from jass.differenzler.rules import PredictionMode
from jass.differenzler.state import GAME_OVER, NO_CARDS, ROUND_OVER, Observation, State, build_observation
from jass.variant.guards import check_observer, wrong_state

__all__ = ["observe", "card_zones"]


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, the face-up card, the tricks, the points
    taken, the penalties and history, its own prediction and the others' only when
    they are public (``OPEN`` mode, or the round is over). ``seat=None`` is a spectator:
    what everybody at the table sees (no hand, no secret prediction, no legal moves).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.hand_sizes, view.predictions
    (9, (9, 9, 9, 9), (None, None, None, None))
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    check_observer(seat, setting.rules.seats)
    play = state.play
    phase = setting.phase
    predictions = setting.predictions
    public = (
        setting.rules.prediction_mode is PredictionMode.OPEN
        or phase is ROUND_OVER
        or phase is GAME_OVER
    )
    if not public:
        predictions = tuple(p if s == seat else None for s, p in enumerate(predictions))
    acting = to_act(state)
    return build_observation(
        seat, phase, setting.round_number, setting.dealer, acting, NO_CARDS if seat is None else play.hand(seat),
        play.hand_sizes,
        setting.face_up, play.trump, play.trick, play.leader, play.tricks,
        tuple(p is not None for p in setting.predictions), predictions, play.points(), setting.penalties,
        setting.history, setting.winner, legal_moves(state) if acting == seat else (), setting.rules,
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (``"hand 2"`` with three
    players: the cards each seat holds; the face-up card stays in the dealer's until played),
    ``"trick"`` (the trick in progress) and ``"won 0"`` .. ``"won 3"`` (the cards of the tricks each seat has taken). The zones are
    disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 3", "trick", "won 0")]
    [9, 9, 0, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    return state.play.zones()
