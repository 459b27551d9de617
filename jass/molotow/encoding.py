"""Molotow for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

from typing import Final

from jass.cards import Card
from jass.errors import IllegalMoveError, JassError
from jass.molotow.moves import DEAL, Deal, Move
from jass.molotow.rules import MOST_SEATS
from jass.molotow.state import Observation, Phase
from jass.molotow.trumping import mode_in_play
from jass.play import PlayCard
from jass.trump import Trump
from jass.variant.encoding import Encoding, one_hot, play_block, play_layout, relative, relative_values

_PHASES: Final = tuple(Phase)
#: Action ids:
#:
#: ======  =========================
#: 0..35   play the card of that index
#: 36      deal
#: ======  =========================
_DEAL_ID: Final = 36
_ACTION_NAMES: Final = tuple(f"play {card.name}" for card in Card) + ("deal",)


def _action_of(view: Observation, move: Move) -> int | None:
    kind = type(move)
    if kind is PlayCard:
        return move.card.index  # type: ignore[union-attr]
    return _DEAL_ID if kind is Deal and move.order is None else None  # type: ignore[union-attr]


def _move_of(view: Observation, action: int) -> Move:
    if type(action) is int and 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if type(action) is int and action == _DEAL_ID:
        return DEAL
    raise IllegalMoveError(f"action {action!r:.20} is no Molotow move (ids 0..{_DEAL_ID})")


_LAYOUT: Final = play_layout(MOST_SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", MOST_SEATS),
    ("round_points", MOST_SEATS),
    ("table_weis", MOST_SEATS),
    ("stoeck", MOST_SEATS),
    ("totals", MOST_SEATS),
    ("rounds_played", 1),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_LAYOUT`: the card-play block (its mode Obenabe until trump is fixed,
    which is never Obenabe after), then the phase, the dealer (relative), per relative seat the
    round's points so far / 157, its table Weis / 100 and its Stöck / 20, its total / 157 per
    round of the game, and the rounds played / the rounds of the game. Every game fills the
    blocks of six seats (the seats it lacks 0) and divides a hand's size by the cards each
    player is dealt."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    rules = view.rules
    seats = rules.seats
    score = view.round_score
    vector = play_block(view, mode_in_play(view.trump), width=MOST_SEATS, cards_each=rules.cards_each)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, seats), MOST_SEATS)
    vector += relative_values(score.totals, seat, 157, MOST_SEATS)
    vector += relative_values(score.table_weis, seat, 100, MOST_SEATS)
    vector += relative_values(score.stoeck, seat, 20, MOST_SEATS)
    vector += relative_values(view.totals, seat, 157 * rules.rounds, MOST_SEATS)
    vector += [len(view.history) / rules.rounds]
    return vector


#: Molotow's action ids and observation vector (:class:`~jass.variant.Encoding`); the batch
#: engine does not play it (its trump is fixed in the middle of a trick).
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_LAYOUT)
