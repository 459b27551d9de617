"""Sidi Barrani for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

from typing import Final

from jass.cards import Card
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.sidi.moves import DEAL, DOUBLE, PASS, Bid, Deal, DeclareWeis, Double, Move, Pass
from jass.sidi.rules import LOWEST_BIDS, SIDI
from jass.sidi.state import Observation, Phase
from jass.teams.encoding import WEIS_LAYOUT, fullest_declaration, weis_block
from jass.teams.rules import SEATS
from jass.trump import Trump
from jass.variant.encoding import Encoding, one_hot, play_block, play_layout, relative

_PHASES: Final = tuple(Phase)
_MODES: Final = tuple(Trump)
#: Every bid any rules allow, lowest first: 40 to 150 in tens, and 157.
_BID_POINTS: Final = (*LOWEST_BIDS, SIDI)
_BID_INDEX: Final = {points: k for k, points in enumerate(_BID_POINTS)}
_PASS_ID: Final = 36 + len(_BID_POINTS) * len(_MODES)
_DOUBLE_ID: Final = _PASS_ID + 1
_DEAL_ID: Final = _PASS_ID + 2
_DECLARE_ID: Final = _PASS_ID + 3
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card)
    + tuple(f"bid {points} {mode.name.lower()}" for points in _BID_POINTS for mode in _MODES)
    + ("pass", "double", "deal", "declare every Weis")
)


def _fullest_declaration(view: Observation) -> DeclareWeis | None:
    weis = fullest_declaration(view.hand, view.rules.weis)
    return DeclareWeis(weis) if weis else None


def _action_of(view: Observation, move: Move) -> int | None:
    if isinstance(move, PlayCard):
        return move.card.index
    if isinstance(move, Bid):
        index = _BID_INDEX.get(move.points)
        return None if index is None else 36 + len(_MODES) * index + _MODES.index(move.mode)
    if isinstance(move, Pass):
        return _PASS_ID
    if isinstance(move, Double):
        return _DOUBLE_ID
    if isinstance(move, Deal):
        return _DEAL_ID if move.hands is None else None
    # Only the fullest declaration has an id: declaring part of one's Weis is left out.
    return _DECLARE_ID if move == _fullest_declaration(view) else None


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if 36 <= action < _PASS_ID:
        level, mode = divmod(action - 36, len(_MODES))
        return Bid(_BID_POINTS[level], _MODES[mode])
    if action == _DECLARE_ID:
        declaration = _fullest_declaration(view)
        if declaration is not None:
            return declaration
    moves: dict[int, Move] = {_PASS_ID: PASS, _DOUBLE_ID: DOUBLE, _DEAL_ID: DEAL}
    if action in moves:
        return moves[action]
    raise IllegalMoveError(f"action {action!r:.20} is no Sidi Barrani move here (ids 0..{_DECLARE_ID})")


_SIDI_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("bid_points", 1),
    ("bid_mode", len(_MODES) + 1),
    ("bidder", SEATS + 1),
    ("doubled", 1),
    ("passes", SEATS),
    *WEIS_LAYOUT,
    ("scores", 2),
    ("round_points", 2),
    ("target_score", 1),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_SIDI_LAYOUT`: the card-play block (in the contract's mode), then the
    phase, the dealer (relative); the bid standing: its points / 157, its mode (or none), its
    bidder (relative, or none), whether it is doubled; the passes since the last bid or double
    (0..3); the Weis block; the written scores and this round's points of the own team and the
    other / 2000 and / 300; the target / 2000."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    contract = view.contract
    vector.append(0.0 if contract is None else contract.points / SIDI)
    vector += one_hot(len(_MODES) if contract is None else _MODES.index(contract.mode), len(_MODES) + 1)
    vector += one_hot(SEATS if contract is None else relative(contract.bidder, seat, SEATS), SEATS + 1)
    vector.append(float(contract is not None and contract.doubled))
    passes = 0
    for call in reversed(view.calls):
        if type(call) is not Pass:
            break
        passes += 1
    vector += one_hot(min(passes, SEATS - 1), SEATS)
    vector += weis_block(view, seat)
    team = seat % 2
    vector += [view.scores[team] / 2000, view.scores[1 - team] / 2000]
    vector += [view.round_points[team] / 300, view.round_points[1 - team] / 300]
    vector.append(view.rules.target_score / 2000)
    return vector


def _mode_of(move: Move) -> Trump | None:
    """The mode a move names: a :class:`Bid`'s."""
    return move.mode if isinstance(move, Bid) else None


#: Sidi Barrani's action ids and observation vector (:class:`~jass.variant.Encoding`):
#:
#: =========  ==================================================================================
#: ids        action
#: =========  ==================================================================================
#: 0..35      play the card of that index
#: 36..113    bid ``p`` in mode ``m``: ``36 + 6 k + m``, ``k`` the bid's place among 40, 50, ...
#:            150, 157 (0..12), ``m`` the six modes (:class:`~jass.trump.Trump` order)
#: 114..117   pass, double, deal, declare every Weis
#: =========  ==================================================================================
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_SIDI_LAYOUT, mode_of=_mode_of)
