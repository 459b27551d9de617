"""Schieber for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

from typing import Final

from jass.cards import Card
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.schieber.moves import ANNOUNCE, CHOOSE_MOVES, DEAL, PUSH, Announce, ChooseTrump, Deal, DeclareWeis, Move, Push
from jass.schieber.rules import SEATS
from jass.schieber.state import Observation, Phase
from jass.teams.encoding import WEIS_LAYOUT, fullest_declaration, weis_block
from jass.trump import Trump
from jass.variant.encoding import Encoding, one_hot, play_block, play_layout, relative


_PHASES: Final = tuple(Phase)
_MODE_LIST: Final = tuple(Trump)
#: Action ids: 0..35 the cards, 36..41 the modes (Trump order), then these.
_PUSH_ID, _ANNOUNCE_ID, _DEAL_ID, _DECLARE_ID = 42, 43, 44, 45
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card)
    + tuple(f"choose {mode.name.lower()}" for mode in Trump)
    + ("push", "go out (Mer bedanked eus)", "deal", "declare every Weis")
)


def _fullest_declaration(view: Observation) -> DeclareWeis | None:
    weis = fullest_declaration(view.hand, view.rules.weis)
    return DeclareWeis(weis) if weis else None


def _action_of(view: Observation, move: Move) -> int | None:
    kind = type(move)
    if kind is PlayCard:
        return move.card.index  # type: ignore[union-attr]
    if kind is ChooseTrump:
        return 36 + _MODE_LIST.index(move.trump)  # type: ignore[union-attr]
    if kind is Push:
        return _PUSH_ID
    if kind is Announce:
        return _ANNOUNCE_ID
    if kind is Deal:
        return _DEAL_ID if move.hands is None else None  # type: ignore[union-attr]
    # Only the fullest declaration has an id: declaring part of one's Weis is left out.
    return _DECLARE_ID if kind is DeclareWeis and move == _fullest_declaration(view) else None


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if 36 <= action < 42:
        return CHOOSE_MOVES[action - 36]
    if action == _DECLARE_ID:
        declaration = _fullest_declaration(view)
        if declaration is not None:
            return declaration
    moves: dict[int, Move] = {_PUSH_ID: PUSH, _ANNOUNCE_ID: ANNOUNCE, _DEAL_ID: DEAL}
    if action in moves:
        return moves[action]
    raise IllegalMoveError(f"action {action!r:.20} is no Schieber move here (ids 0..45)")


_SCHIEBER_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("pushed", 3),
    *WEIS_LAYOUT,
    ("scores", 2),
    ("round_points", 2),
    ("target", 1),
    ("multiplier", 1),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_SCHIEBER_LAYOUT`: the card-play block, then the phase, the dealer
    (relative), the pushes, declared Weis points / 300 and who declared, the shown Weis cards
    per relative seat, the Stöck team (own, other, none), the written scores and this round's
    points of the own team and the other / the target (3000 in a game of rounds), the target
    / 5000 (0 in a game of rounds) and the mode's multiplier / 4."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    rules = view.rules
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += one_hot(view.pushed, 3)
    vector += weis_block(view, seat)
    team = seat % 2
    scale = rules.target_score or 3000
    vector += [view.scores[team] / scale, view.scores[1 - team] / scale]
    vector += [view.round_points[team] / scale, view.round_points[1 - team] / scale]
    vector += [(rules.target_score or 0) / 5000, (rules.multiplier(view.trump) if view.trump is not None else 0) / 4]
    return vector


#: Schieber's action ids and observation vector (:class:`~jass.variant.Encoding`).
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_SCHIEBER_LAYOUT)
