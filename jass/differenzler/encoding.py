"""Differenzler for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

from typing import Final

from jass.cards import Card
from jass.differenzler.moves import DEAL, PREDICT_MOVES, Deal, Move, Predict
from jass.differenzler.rules import MAX_PREDICTION, SEATS
from jass.differenzler.state import Observation, Phase
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.variant.encoding import Encoding, card_vector, one_hot, play_block, play_layout, relative, relative_values


_PHASES: Final = tuple(Phase)
#: Action ids: 0..35 the cards, 36..193 the predictions 0..157, 194 the deal.
_DEAL_ID: Final = 36 + MAX_PREDICTION + 1
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card) + tuple(f"predict {p}" for p in range(MAX_PREDICTION + 1)) + ("deal",)
)


def _action_of(view: Observation, move: Move) -> int | None:
    kind = type(move)
    if kind is PlayCard:
        return move.card.index  # type: ignore[union-attr]
    if kind is Predict:
        return 36 + move.points  # type: ignore[union-attr]
    return _DEAL_ID if kind is Deal and move.hands is None else None  # type: ignore[union-attr]


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if 36 <= action < _DEAL_ID:
        return PREDICT_MOVES[action - 36]
    if action == _DEAL_ID:
        return DEAL
    raise IllegalMoveError(f"action {action!r:.20} is no Differenzler move (ids 0..{_DEAL_ID})")


_DIFFERENZLER_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("face_up", 36),
    ("predictions", SEATS),
    ("prediction_known", SEATS),
    ("predicted", SEATS),
    ("penalties", SEATS),
    ("rounds_played", 1),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_DIFFERENZLER_LAYOUT`: the card-play block, then the phase, the
    dealer (relative), the face-up card, per relative seat its prediction / 157 where it is
    known (and whether it is), whether it has predicted, its penalty total / 200, and the
    rounds played / the rounds of the game. A game of three fills the blocks of four seats, the
    fourth 0, and divides a hand's size by its twelve cards."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    rules = view.rules
    seats = rules.seats
    vector = play_block(view, view.trump, width=SEATS, cards_each=rules.cards_each)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, seats), SEATS)
    vector += card_vector((view.face_up,))
    vector += relative_values([p or 0 for p in view.predictions], seat, MAX_PREDICTION, SEATS)
    vector += relative_values([p is not None for p in view.predictions], seat, 1, SEATS)
    vector += relative_values(view.predicted, seat, 1, SEATS)
    vector += relative_values(view.penalties, seat, 200, SEATS)
    vector += [view.round_number / view.rules.rounds]
    return vector


#: Differenzler's action ids and observation vector (:class:`~jass.variant.Encoding`); trump is
#: dealt (no mode to choose); its batch engine plays single rounds (:mod:`jass.differenzler.batch`).
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_DIFFERENZLER_LAYOUT,
                           batch="jass.differenzler.batch")
