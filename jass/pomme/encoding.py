"""La pomme for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

import itertools
from typing import Final

from jass.cards import Card, CardSet
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.pomme.moves import DEAL, DECLINE, KEEP, SWAP, Deal, DeclineSwap, Exchange, KeepHand, Move, SwapTrumpSix
from jass.pomme.rules import SEATS
from jass.pomme.state import Observation, Phase
from jass.variant.encoding import Encoding, card_vector, one_hot, play_block, play_layout, relative, relative_values


_PHASES: Final = tuple(Phase)
#: The exchanges by the positions of the 3 cards given away in the hand sorted by index.
_TRIOS: Final = tuple(itertools.combinations(range(9), 3))
#: Action ids: 0..35 the cards, 36 keep, 37..120 the exchanges (_TRIOS), then these.
_KEEP_ID: Final = 36
_SWAP_ID, _DECLINE_ID, _DEAL_ID = 37 + len(_TRIOS), 38 + len(_TRIOS), 39 + len(_TRIOS)
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card) + ("keep the hand",)
    + tuple(f"exchange cards {i + 1}, {j + 1}, {k + 1} of the hand" for i, j, k in _TRIOS)
    + ("swap the trump 6", "no swap", "deal")
)


def _action_of(view: Observation, move: Move) -> int | None:
    kind = type(move)
    if kind is PlayCard:
        return move.card.index  # type: ignore[union-attr]
    if kind is KeepHand:
        return _KEEP_ID
    if kind is Exchange:
        hand = list(view.hand)
        positions = tuple(hand.index(card) for card in move.cards)  # type: ignore[union-attr]
        return 37 + _TRIOS.index(positions)
    if kind is SwapTrumpSix:
        return _SWAP_ID
    if kind is DeclineSwap:
        return _DECLINE_ID
    return _DEAL_ID if kind is Deal and move.order is None else None  # type: ignore[union-attr]


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if _KEEP_ID < action < _SWAP_ID:
        hand = list(view.hand)
        positions = _TRIOS[action - 37]
        if len(hand) == 9:
            return Exchange(CardSet(hand[p] for p in positions))
    moves: dict[int, Move] = {_KEEP_ID: KEEP, _SWAP_ID: SWAP, _DECLINE_ID: DECLINE, _DEAL_ID: DEAL}
    if action in moves:
        return moves[action]
    raise IllegalMoveError(f"action {action!r:.20} is no la pomme move here (ids 0..{_DEAL_ID})")


_POMME_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("turned", 36),
    ("top_card", 36),
    ("decided", SEATS),
    ("exchanged", SEATS),
    ("swapped_by", SEATS + 1),
    ("scores", SEATS),
    ("pommes", SEATS),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_POMME_LAYOUT`: the card-play block, then the phase, the dealer
    (relative), the turned card and the top card of the talon, per relative seat whether it has
    decided on its exchange and whether it exchanged, who swapped the trump 6 (relative, or
    nobody), the scores / the target and the pommes / 3."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += card_vector((view.turned,)) + card_vector((view.top_card,))
    vector += relative_values([e is not None for e in view.exchanges], seat, 1)
    vector += relative_values([bool(e) for e in view.exchanges], seat, 1)
    vector += one_hot(SEATS if view.swapped_by is None else relative(view.swapped_by, seat, SEATS), SEATS + 1)
    vector += relative_values(view.scores, seat, view.rules.target_points)
    vector += relative_values(view.pommes, seat, 3)
    return vector


#: La pomme's action ids and observation vector (:class:`~jass.variant.Encoding`): trump is
#: the turned card's; a round writes game points (+1 the higher total, -1 a pomme), so a
#: round's margin is divided by 2; its batch engine plays the card play of single rounds
#: (:mod:`jass.pomme.batch`).
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_POMME_LAYOUT, round_scale=2.0,
                           batch="jass.pomme.batch")
