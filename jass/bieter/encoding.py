"""Bieter for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

from typing import Final

from jass.bieter.moves import CONCEDE, DEAL, PASS, PLAY_GAME, Announce, Bid, Concede, Deal, Discard, GameMode, Move
from jass.bieter.moves import Pass, PlayGame
from jass.bieter.rules import MAX_BID, SEATS
from jass.bieter.state import Observation, Phase
from jass.cards import Card
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.variant.encoding import Encoding, card_vector, one_hot, play_block, play_layout, relative

_PHASES: Final = tuple(Phase)
_MODES: Final = tuple(GameMode)
#: The first id of a bid: bid *p* (a multiple of 5) is ``_BIDS + p // 5 - 1``.
_BIDS: Final = 37
_ANNOUNCE: Final = _BIDS + MAX_BID // 5
_PLAY_GAME: Final = _ANNOUNCE + len(_MODES)
#: Action ids:
#:
#: =========  ==========================================================================
#: 0..35      the card of that index: play it (phase PLAY), lay it away (phase DISCARD)
#: 36         «fort»
#: 37..336    bid 5, 10, ... 1500 (bid *p* is ``36 + p // 5``)
#: 337..343   name a mode: Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe, Hindersi
#: 344        play the game
#: 345        concede the game
#: 346        deal
#: =========  ==========================================================================
_ACTION_NAMES: Final = (
    tuple(f"play or lay away {card.name}" for card in Card) + ("fort",)
    + tuple(f"bid {5 * (k + 1)}" for k in range(MAX_BID // 5))
    + tuple(f"name {mode.value}" for mode in _MODES) + ("play the game", "concede the game", "deal")
)


def _action_of(view: Observation, move: Move) -> int | None:
    match move:
        case PlayCard(card=card) | Discard(card=card):
            return card.index
        case Pass():
            return 36
        case Bid(points=points):
            return _BIDS + points // 5 - 1 if points % 5 == 0 else None
        case Announce(mode=mode):
            return _ANNOUNCE + _MODES.index(mode)
        case PlayGame():
            return _PLAY_GAME
        case Concede():
            return _PLAY_GAME + 1
        case Deal(order=order):
            return _PLAY_GAME + 2 if order is None else None
    return None


def _move_of(view: Observation, action: int) -> Move:
    if type(action) is not int or not 0 <= action < len(_ACTION_NAMES):
        raise IllegalMoveError(f"action {action!r:.20} is no move of Bieter (ids 0..{len(_ACTION_NAMES) - 1})")
    if action < 36:
        card = Card.from_index(action)
        return Discard(card) if view.phase is Phase.DISCARD else PlayCard(card)
    if action == 36:
        return PASS
    if action < _ANNOUNCE:
        return Bid(5 * (action - _BIDS + 1))
    if action < _PLAY_GAME:
        return Announce(_MODES[action - _ANNOUNCE])
    return (PLAY_GAME, CONCEDE, DEAL)[action - _PLAY_GAME]


_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("king", SEATS + 1),
    ("bid", 1),
    ("high_bid", 1),
    ("table_open", 36),
    ("table_lying", 1),
    ("discarded", 1),
    ("own_discards", 36),
    ("game_mode", len(_MODES) + 1),
    ("trump_card", 36),
    ("scores", 2),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_LAYOUT`: the card-play block, then the phase, the dealer and the
    King (relative, or none), the bid and the highest bid so far / 1500, the face-up table
    cards and whether they lie on the table, the cards laid away (their count / 6, the
    King's own), the game's mode (or none), the trump card, and the sides' written points
    each over its goal (at most 1), the observer's side first."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    mode = view.mode
    vector = play_block(view, None if mode is None else mode.trump, cards_each=16)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += one_hot(SEATS if view.king is None else relative(view.king, seat, SEATS), SEATS + 1)
    vector += [view.bid / MAX_BID, max(view.calls, default=0) / MAX_BID]
    vector += card_vector(view.table_open) + [float(view.table_lying), view.discarded / 6]
    vector += card_vector(view.own_discards)
    vector += one_hot(len(_MODES) if mode is None else _MODES.index(mode), len(_MODES) + 1)
    vector += card_vector(() if view.trump_card is None else (view.trump_card,))
    sides = [min(1.0, view.scores[0] / max(view.bid, 1)), min(1.0, view.scores[1] / view.rules.goal)]
    vector += sides if seat == view.king else sides[::-1]
    return vector


#: Bieter's action ids and observation vector (:class:`~jass.variant.Encoding`).
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_LAYOUT)
