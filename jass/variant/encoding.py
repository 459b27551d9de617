"""Fixed-size numeric encodings of what a seat sees, and fixed action ids, for learning agents.

Every variant describes its own in an :class:`Encoding` (``Variant.encoding``, filled in the
variant's ``encoding.py``): how many
action ids it has and which move each id is, and how its observation becomes a flat vector
of floats whose layout (named blocks of fixed length) is documented and checked. This
module holds what they share: the card-play block, the same in every variant, and the
helpers that build the blocks.

Seats in an encoding are **relative to the observer**: block "seat k" is the seat k places
after the observer in the order of play (0 is the observer itself), so that an agent
learns one policy for every seat.

The card-play block (:func:`play_block`), for ``n`` seats (``36 * (2 n + 1) + 7 + 3 n``
floats):

- ``hand``: 36, the observer's cards (1.0 for each card held, in :class:`~jass.cards.Card`
  index order);
- ``trick[k]``: 36 for each relative seat k, the card it played to the trick in progress;
- ``taken[k]``: 36 for each relative seat k, the cards it played to completed tricks;
- ``mode``: 7, one-hot: the six :class:`~jass.trump.Trump` modes, then "not chosen yet";
- ``leader``: n, one-hot: the relative seat that led the trick in progress (all 0 if none);
- ``hand_sizes``: n, each seat's cards in hand / 9 (/ the cards dealt to each, when a
  variant says);
- ``points``: n, the card points of the tricks each seat has taken this round / 157.

A variant whose rules choose the number of players (Differenzler for three or four) encodes
every game in the blocks of the most seats: ``width`` of :func:`play_block` and
:func:`relative_values`; the blocks of seats a smaller table does not have stay 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import attrs

from jass.cards import Card, CardSet
from jass.errors import JassError
from jass.play import PlayView
from jass.trump import RoundMode, Trump

__all__ = ["Encoding", "play_block", "play_layout", "one_hot", "card_vector", "relative", "relative_values"]

M = TypeVar("M")
O = TypeVar("O")

#: The number of modes in the mode block, with "not chosen yet".
_MODES = len(Trump) + 1

@attrs.frozen
class Encoding(Generic[M, O]):
    """A variant's fixed action ids and observation vector (see the module docs).

    ``action_of(view, move)`` is the id of a legal move (``None`` for a move outside the
    action space, which an agent then never makes: Schieber's partial Weis declarations);
    ``move_of(view, action)`` the move an id stands for in that view; ``encode(view)`` the
    vector, ``size`` floats long, its blocks ``layout`` (name, length) in order. The fields
    with defaults say what the environments of :mod:`jass.rl` need beyond the ids and vectors.
    """

    #: The number of action ids: 0 .. actions - 1.
    actions: int
    #: The name of each action id, for documentation and debugging.
    action_names: tuple[str, ...]
    action_of: Callable[[O, M], int | None]
    move_of: Callable[[O, int], M]
    encode: Callable[[O], list[float]]
    #: The blocks of the vector: (name, length), in order.
    layout: tuple[tuple[str, int], ...]
    #: ``mode_of(move)``: the mode a move chooses (a trump mode, a Coiffeur row's mode), for a
    #: curriculum of modes (``modes=`` of the environments); ``None``: the variant's players
    #: choose no mode (trump is dealt).
    mode_of: Callable[[M], RoundMode | None] | None = None
    #: What the ``"round_margin"`` reward divides a round's margin by (:mod:`jass.rl.rewards`):
    #: a round's card points, 157, unless the variant writes other units.
    round_scale: float = 157.0
    #: The module of the variant's batch engine (numpy, ``jass[batch]``), which defines
    #: ``ENGINE``, a :class:`jass.batch.engine.BatchEngine`: :mod:`jass.rl.vector` imports it
    #: when a vector environment is made (numpy is optional). ``""``: the variant has none.
    batch: str = ""

    def __attrs_post_init__(self) -> None:
        if len(self.action_names) != self.actions:
            raise JassError(f"{self.actions} actions but {len(self.action_names)} names")

    @property
    def size(self) -> int:
        """The length of the vector."""
        return sum(length for _, length in self.layout)

    def mask(self, view: O, legal_moves: Sequence[M]) -> list[int]:
        """1 for each action id that is a legal move now, else 0."""
        mask = [0] * self.actions
        for move in legal_moves:
            action = self.action_of(view, move)
            if action is not None:
                mask[action] = 1
        return mask


def one_hot(index: int | None, length: int) -> list[float]:
    """``length`` zeros with a 1.0 at ``index`` (none for ``None``).

    >>> one_hot(2, 4), one_hot(None, 2)
    ([0.0, 0.0, 1.0, 0.0], [0.0, 0.0])
    """
    vector = [0.0] * length
    if index is not None:
        vector[index] = 1.0
    return vector


def card_vector(cards: CardSet | Sequence[Card]) -> list[float]:
    """36 floats, 1.0 for each of ``cards`` (in :class:`~jass.cards.Card` index order).

    >>> card_vector(CardSet.parse("C6 DA")).index(1.0), card_vector(CardSet.parse("DA"))[35]
    (0, 1.0)
    """
    vector = [0.0] * 36
    for card in cards:
        vector[card.index] = 1.0
    return vector


def relative(seat: int, observer: int, seats: int) -> int:
    """``seat`` counted from ``observer`` in the order of play (the observer is 0).

    >>> relative(1, 3, 4), relative(3, 3, 4)
    (2, 0)
    """
    return (seat - observer) % seats


def play_layout(seats: int) -> tuple[tuple[str, int], ...]:
    """The blocks of :func:`play_block` for ``seats`` seats."""
    return (
        ("hand", 36),
        *((f"trick[{k}]", 36) for k in range(seats)),
        *((f"taken[{k}]", 36) for k in range(seats)),
        ("mode", _MODES),
        ("leader", seats),
        ("hand_sizes", seats),
        ("points", seats),
    )


def play_block(view: PlayView, trump: Trump | None, *, width: int | None = None, cards_each: int = 9) -> list[float]:
    """The card-play block of ``view`` (see the module docs); ``trump`` is the mode (``None``
    before it is chosen). ``width`` is the seats of the layout (by default the view's), a hand
    size is divided by ``cards_each``."""
    observer = view.seat
    if observer is None:
        raise JassError("a spectator's view has no seat to encode from")
    seats = len(view.hand_sizes)
    width = seats if width is None else width
    pad = [0.0] * (width - seats)
    vector = card_vector(view.hand)
    trick = [[0.0] * 36 for _ in range(width)]
    if view.trick_leader is not None:
        for position, card in enumerate(view.trick):
            trick[relative(view.trick_leader + position, observer, seats)][card.index] = 1.0
    taken = [[0.0] * 36 for _ in range(width)]
    points = [0] * seats
    for done in view.tricks:
        points[done.winner] += done.points
        for position, card in enumerate(done.cards):
            taken[relative(done.leader + position, observer, seats)][card.index] = 1.0
    for block in trick + taken:
        vector += block
    vector += one_hot(len(Trump) if trump is None else list(Trump).index(trump), _MODES)
    vector += one_hot(None if view.trick_leader is None or not view.trick else
                      relative(view.trick_leader, observer, seats), width)
    vector += [view.hand_sizes[(observer + k) % seats] / cards_each for k in range(seats)]
    vector += pad
    vector += [points[(observer + k) % seats] / 157 for k in range(seats)]
    vector += pad
    return vector


def relative_values(values: Sequence[float], observer: int, scale: float, width: int | None = None) -> list[float]:
    """One value per seat, from the observer's on (see :func:`relative`), divided by ``scale``;
    0 for the seats up to ``width`` that the table does not have.

    >>> relative_values([10, 20, 30, 40], 2, 10)
    [3.0, 4.0, 1.0, 2.0]
    >>> relative_values([10, 20, 30], 2, 10, width=4)
    [3.0, 1.0, 2.0, 0.0]
    """
    seats = len(values)
    found = [values[(observer + k) % seats] / scale for k in range(seats)]
    if width is not None and width > seats:
        found += [0.0] * (width - seats)
    return found
