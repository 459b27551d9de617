"""Coiffeur for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

from typing import Final

from jass.cards import Card
from jass.coiffeur.moves import DEAL, PUSH, ChooseRow, Deal, DeclareWeis, Move, Push
from jass.coiffeur.slate import MAX_ROWS
from jass.coiffeur.state import Observation, Phase
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.teams.encoding import WEIS_LAYOUT, fullest_declaration, weis_block
from jass.teams.rules import SEATS
from jass.trump import LeadMode, PerTrickMode, RoundMode, Trump
from jass.variant.encoding import Encoding, one_hot, play_block, play_layout, relative


_PHASES: Final = tuple(Phase)
#: The round modes in the order of the first block of action ids: the six classic modes, then
#: Slalom and Guschti.
_ROUND_MODES: Final[tuple[RoundMode, ...]] = (*Trump, *(mode for mode in PerTrickMode if not mode.is_misere))
_MODE_COUNT: Final = len(_ROUND_MODES)
#: The Misère modes, whose ids came later and follow every other id (the earlier ids stay).
_MISERE_MODES: Final[tuple[PerTrickMode, ...]] = tuple(mode for mode in PerTrickMode if mode.is_misere)
#: Action ids (a table in the docs of :data:`ENCODING`).
_PUSH_ID: Final = 36 + MAX_ROWS * _MODE_COUNT
_DEAL_ID: Final = _PUSH_ID + 1
_DECLARE_ID: Final = _PUSH_ID + 2
_MISERE_ID: Final = _PUSH_ID + 3
#: The modes a card led decides (Alles Trumpf, Elefant), whose ids follow the Misère's.
_LEAD_MODES: Final[tuple[LeadMode, ...]] = tuple(LeadMode)
_LEAD_ID: Final = _MISERE_ID + MAX_ROWS * len(_MISERE_MODES)
_LAST_ID: Final = _LEAD_ID + MAX_ROWS * len(_LEAD_MODES) - 1
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card)
    + tuple(f"choose row {row} {mode.name.lower()}" for row in range(MAX_ROWS) for mode in _ROUND_MODES)
    + ("push", "deal", "declare every Weis")
    + tuple(f"choose row {row} {mode.name.lower()}" for row in range(MAX_ROWS) for mode in _MISERE_MODES)
    + tuple(f"choose row {row} {mode.name.lower()}" for row in range(MAX_ROWS) for mode in _LEAD_MODES)
)


def _fullest_declaration(view: Observation) -> DeclareWeis | None:
    weis = fullest_declaration(view.hand, view.rules.weis)
    return DeclareWeis(weis) if weis else None


def _action_of(view: Observation, move: Move) -> int | None:
    if isinstance(move, PlayCard):
        return move.card.index
    if isinstance(move, ChooseRow):
        mode = move.mode
        if type(mode) is PerTrickMode and mode.is_misere:
            return _MISERE_ID + len(_MISERE_MODES) * move.row + _MISERE_MODES.index(mode)
        if type(mode) is LeadMode:
            return _LEAD_ID + len(_LEAD_MODES) * move.row + _LEAD_MODES.index(mode)
        return 36 + _MODE_COUNT * move.row + _ROUND_MODES.index(mode)
    if isinstance(move, Push):
        return _PUSH_ID
    if isinstance(move, Deal):
        return _DEAL_ID if move.hands is None else None
    # Only the fullest declaration has an id: declaring part of one's Weis is left out.
    return _DECLARE_ID if move == _fullest_declaration(view) else None


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if 36 <= action < _PUSH_ID:
        row, mode = divmod(action - 36, _MODE_COUNT)
        return ChooseRow(row, _ROUND_MODES[mode])
    if _MISERE_ID <= action < _LEAD_ID:
        row, mode = divmod(action - _MISERE_ID, len(_MISERE_MODES))
        return ChooseRow(row, _MISERE_MODES[mode])
    if _LEAD_ID <= action <= _LAST_ID:
        row, mode = divmod(action - _LEAD_ID, len(_LEAD_MODES))
        return ChooseRow(row, _LEAD_MODES[mode])
    if action == _DECLARE_ID:
        declaration = _fullest_declaration(view)
        if declaration is not None:
            return declaration
    moves: dict[int, Move] = {_PUSH_ID: PUSH, _DEAL_ID: DEAL}
    if action in moves:
        return moves[action]
    raise IllegalMoveError(f"action {action!r:.20} is no Coiffeur move here (ids 0..{_LAST_ID})")


_COIFFEUR_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("pushed", SEATS + 1),
    ("round_mode", _MODE_COUNT + 1),
    ("row", MAX_ROWS),
    ("chooser", SEATS),
    *WEIS_LAYOUT,
    ("factors", MAX_ROWS),
    ("own_column", MAX_ROWS),
    ("other_column", MAX_ROWS),
    ("own_open", MAX_ROWS),
    ("other_open", MAX_ROWS),
    ("scores", 2),
    ("round_points", 2),
    ("misere", 1),
    ("lead_mode", len(_LEAD_MODES)),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_COIFFEUR_LAYOUT`: the card-play block (in the trick's mode), then
    the phase, the dealer (relative), the pushes, the round's mode (the ten; a Misère as the
    mode it is played in; or none yet), the row chosen, the chooser (relative), declared Weis points / 300 and who declared, the shown
    Weis cards per relative seat, the Stöck team (own, other, none); per row of the slate (20
    places, the rows a slate lacks 0): its factor / 10, the points written in the own column and
    the other's / 3000, and whether each is still open; the written scores / 10,000 and this
    round's points of the own team and the other / 3000; then 1.0 when the round is a Misère,
    and last which mode a card led decides, Alles Trumpf or Elefant (blocks added after the
    others, so that their places stay; such a round has no place in the ten)."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += one_hot(view.pushed, SEATS + 1)
    mode = view.mode
    misere = type(mode) is PerTrickMode and mode.is_misere
    played = None if mode is None or type(mode) is LeadMode else mode.base if type(mode) is PerTrickMode else mode
    vector += one_hot(_MODE_COUNT if played is None else _ROUND_MODES.index(played), _MODE_COUNT + 1)
    vector += one_hot(view.row, MAX_ROWS)
    vector += one_hot(None if view.chooser is None else relative(view.chooser, seat, SEATS), SEATS)
    vector += weis_block(view, seat)
    team = seat % 2
    rows = view.rules.slate.rows
    pad = [0.0] * (MAX_ROWS - len(rows))
    vector += [row.factor / 10 for row in rows] + pad
    columns = (view.slates[team], view.slates[1 - team])
    for column in columns:
        vector += [(points or 0) / 3000 for points in column] + pad
    for column in columns:
        vector += [float(points is None) for points in column] + pad
    vector += [view.scores[team] / 10_000, view.scores[1 - team] / 10_000]
    vector += [view.round_points[team] / 3000, view.round_points[1 - team] / 3000]
    vector.append(float(misere))
    vector += one_hot(_LEAD_MODES.index(mode) if type(mode) is LeadMode else None, len(_LEAD_MODES))
    return vector


def _mode_of(move: Move) -> RoundMode | None:
    """The mode a move chooses: a :class:`ChooseRow`'s."""
    return move.mode if isinstance(move, ChooseRow) else None


#: Coiffeur's action ids and observation vector (:class:`~jass.variant.Encoding`):
#:
#: =========  ==================================================================================
#: ids        action
#: =========  ==================================================================================
#: 0..35      play the card of that index
#: 36..235    choose row ``r`` (0..19) in mode ``m``: ``36 + 10 r + m``, ``m`` the six classic
#:            modes (:class:`~jass.trump.Trump` order), Slalom and Guschti
#: 236..238   push, deal, declare every Weis
#: 239..318   choose row ``r`` in a Misère: ``239 + 4 r + m``, ``m`` Misère Obenabe, Undenufe,
#:            Slalom Obenabe, Slalom Undenufe (added after the others, so that their ids stay)
#: 319..358   choose row ``r`` in a mode a card led decides: ``319 + 2 r + m``, ``m`` Alles
#:            Trumpf, Elefant (added last, likewise)
#: =========  ==================================================================================
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_COIFFEUR_LAYOUT, mode_of=_mode_of)
