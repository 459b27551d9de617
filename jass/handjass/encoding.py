"""Handjass for three for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

from typing import Final

from jass.cards import Card
from jass.errors import IllegalMoveError, JassError
from jass.handjass.moves import DEAL, KEEP, NO_ROB, ROB, TAKE, Deal, KeepHand, Move, NoRob, Rob, TakeBlinde
from jass.handjass.rules import SEATS
from jass.handjass.state import Observation, Phase
from jass.play import PlayCard
from jass.variant.encoding import Encoding, card_vector, one_hot, play_block, play_layout, relative, relative_values

_PHASES: Final = tuple(Phase)
#: Action ids:
#:
#: ======  =========================
#: 0..35   play the card of that index
#: 36      take the Blinde
#: 37      keep the hand
#: 38      rob with the trump 6
#: 39      no robbing
#: 40      deal
#: ======  =========================
_IDS: Final[dict[type, int]] = {TakeBlinde: 36, KeepHand: 37, Rob: 38, NoRob: 39}
_MOVES: Final[dict[int, Move]] = {36: TAKE, 37: KEEP, 38: ROB, 39: NO_ROB, 40: DEAL}
_ACTION_NAMES: Final = tuple(f"play {card.name}" for card in Card) + (
    "take the Blinde", "keep the hand", "rob with the trump 6", "no robbing", "deal")


def _action_of(view: Observation, move: Move) -> int | None:
    kind = type(move)
    if kind is PlayCard:
        return move.card.index  # type: ignore[union-attr]
    if kind is Deal:
        return 40 if move.order is None else None  # type: ignore[union-attr]
    return _IDS.get(kind)


def _move_of(view: Observation, action: int) -> Move:
    if type(action) is int and 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    move = _MOVES.get(action) if type(action) is int else None
    if move is None:
        raise IllegalMoveError(f"action {action!r:.20} is no move of Handjass for three (ids 0..40)")
    return move


_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("turned", 36),
    ("top_card", 36),
    ("kept", SEATS),
    ("taken_by", SEATS + 1),
    ("robbed_by", SEATS + 1),
    ("scores", SEATS),
    ("nullers", SEATS),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_LAYOUT`: the card-play block, then the phase, the dealer
    (relative), the turned card and the face-up card on the Blinde (none once taken), per
    relative seat whether it kept its hand, who took the Blinde and who robbed (relative, or
    nobody), the scores / the target and the Nullers / 3."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += card_vector((view.turned,)) + card_vector(() if view.top_card is None else (view.top_card,))
    vector += relative_values([decided is False for decided in view.takes], seat, 1)
    for who in (view.taken_by, view.robbed_by):
        vector += one_hot(SEATS if who is None else relative(who, seat, SEATS), SEATS + 1)
    vector += relative_values(view.scores, seat, view.rules.target_strokes)
    vector += relative_values(view.nullers, seat, 3)
    return vector


#: Handjass for three's action ids and observation vector (:class:`~jass.variant.Encoding`).
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_LAYOUT)
