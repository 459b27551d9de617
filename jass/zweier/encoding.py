"""Zweierjass for learning agents: fixed action ids and the observation as a vector.
"""

from __future__ import annotations

from typing import Final

from jass.cards import Card
from jass.errors import IllegalMoveError, JassError
from jass.play import PlayCard
from jass.trump import PerTrickMode, RoundMode, Trump
from jass.variant.encoding import Encoding, card_vector, one_hot, play_block, play_layout, relative, relative_values
from jass.zweier.moves import DEAL, Deal, Move
from jass.zweier.rules import SEATS, STACK_SIZE
from jass.zweier.state import Observation, Phase

_PHASES: Final = tuple(Phase)
#: The modes a bottom card can fix: the six classic ones and the two Slaloms.
_MODES: Final[tuple[RoundMode, ...]] = (*Trump, PerTrickMode.SLALOM_OBENABE, PerTrickMode.SLALOM_UNDENUFE)
#: Action ids: 0..35 the cards (by index), 36 the deal.
_DEAL_ID: Final = 36
_ACTION_NAMES: Final = tuple(f"play {card.name}" for card in Card) + ("deal",)


def _action_of(view: Observation, move: Move) -> int | None:
    match move:
        case PlayCard(card=card):
            return card.index
        case Deal(order=None):
            return _DEAL_ID
    return None


def _move_of(view: Observation, action: int) -> Move:
    if type(action) is int and 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if action == _DEAL_ID:
        return DEAL
    raise IllegalMoveError(f"action {action!r:.20} is no Zweierjass move here (ids 0..{_DEAL_ID})")


_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("round_mode", len(_MODES)),
    ("bottom_card", 36),
    ("stack_size", 1),
    ("bottom_drawn_by", SEATS + 1),
    ("your_draws", 36),
    ("scores", SEATS),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_LAYOUT`: the card-play block (the trick's mode), then the phase,
    the dealer (relative), the round's mode, the bottom card, the stack's size / 18, who drew
    the bottom card (relative, or nobody yet), the cards the seat drew, and the scores / the
    target."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += one_hot(_MODES.index(view.mode), len(_MODES))
    vector += card_vector((view.bottom_card,))
    vector.append(view.stack_size / STACK_SIZE)
    drawer = view.bottom_drawn_by
    vector += one_hot(SEATS if drawer is None else relative(drawer, seat, SEATS), SEATS + 1)
    vector += card_vector([card for card in view.your_draws if card is not None])
    vector += relative_values(view.scores, seat, view.rules.target_points)
    return vector


#: Zweierjass's action ids and observation vector (:class:`~jass.variant.Encoding`): the mode
#: is the bottom card's, a round's margin is in card points (157 a round outside a Slalom); no
#: batch engine (the draws after each trick are not in the shared numpy kernels).
ENCODING: Final = Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                           move_of=_move_of, encode=_encode, layout=_LAYOUT)
