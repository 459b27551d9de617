"""N rounds of two-player Jass in their card play as arrays (:class:`PommeState`), their result
(:class:`RoundResult`), and how they start: from seeds (:func:`init`), from given hands
(:func:`from_hands`), from a scalar state (:func:`from_state`).
"""

from __future__ import annotations

from typing import Final

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import pomme
from jass.batch.cardplay import read_only, Play, PlayTables, pick, play_step, start
from jass.batch.core import Seeds, as_seeds, popcount, seeded_seats, shuffled_decks
from jass.errors import InvalidCardsError, InvalidRulesError, JassError


__all__ = ["NUM_ACTIONS", "SEATS", "PommeState", "RoundResult", "init", "from_hands", "from_state"]

#: Number of action ids: the 36 cards.
NUM_ACTIONS: Final = 36
#: The players of a round.
SEATS: Final = 2



@attrs.frozen(eq=False)
class PommeState:
    """N rounds of two-player Jass in their card play (read-only arrays, first axis the game)."""

    #: The scalar rules.
    rules: pomme.Rules
    #: ``int8[N]``: the dealer (the other seat leads).
    dealer: NDArray[np.int8] = attrs.field(converter=read_only)
    #: ``uint64[N, 2]``: each seat's hand when the card play began.
    dealt: NDArray[np.uint64] = attrs.field(converter=read_only)
    #: ``int8[N]``: the card turned at the deal (-1: not known, from :func:`from_hands`).
    turned: NDArray[np.int8] = attrs.field(converter=read_only)
    #: ``bool[N, 2]``: the seats that exchanged 3 cards for their extras.
    exchanged: NDArray[np.bool_] = attrs.field(converter=read_only)
    #: ``int8[N]``: the seat that swapped the trump 6 for the turned card (-1: nobody).
    swapped_by: NDArray[np.int8] = attrs.field(converter=read_only)
    #: The card play (hands, trick, points and tricks per seat).
    play: Play
    #: ``bool[N]``: the round is over.
    terminated: NDArray[np.bool_] = attrs.field(converter=read_only)
    #: ``int32[N, 2]``: each seat's reward in the last step.
    rewards: NDArray[np.int32] = attrs.field(converter=read_only)

    @property
    def size(self) -> int:
        """The number of games N."""
        return int(self.dealer.shape[0])

    @property
    def current_player(self) -> NDArray[np.int8]:
        """``int8[N]``: the seat to play, -1 once the round is over."""
        return self.play.to_play


@attrs.frozen(eq=False)
class RoundResult:
    """The result of N rounds, per seat (``[N, 2]``), as :class:`jass.pomme.RoundScore`."""

    #: Card points of the tricks taken.
    card_points: NDArray[np.int16]
    #: 5 for the seat that took the last trick.
    last_trick: NDArray[np.int16]
    #: ``card_points + last_trick``.
    totals: NDArray[np.int16]
    #: 1 for the higher total.
    won: NDArray[np.int8]
    #: A total under the pomme threshold.
    pommes: NDArray[np.bool_]
    #: ``won`` minus 1 for a pomme.
    game_points: NDArray[np.int8]


def _tables(rules: pomme.Rules) -> PlayTables:
    if not isinstance(rules, pomme.Rules):
        raise InvalidRulesError(f"rules={rules!r}: expected a jass.pomme.Rules")
    return PlayTables.of(rules.play_rules, rules.trump_jack_points)


def _new(rules: pomme.Rules, hands: NDArray[np.uint64], trump: NDArray[np.integer],
         dealer: NDArray[np.int8], turned: NDArray[np.integer]) -> PommeState:
    n = hands.shape[0]
    return PommeState(
        rules=rules,
        dealer=dealer.astype(np.int8),
        dealt=hands.astype(np.uint64),
        turned=np.broadcast_to(turned, (n,)).astype(np.int8),
        exchanged=np.zeros((n, SEATS), dtype=np.bool_),
        swapped_by=np.full(n, -1, dtype=np.int8),
        play=start(_tables(rules), hands, trump, 1 - dealer),
        terminated=np.zeros(n, dtype=np.bool_),
        rewards=np.zeros((n, SEATS), dtype=np.int32),
    )


def init(key: Seeds | np.random.Generator, n: int | None = None, *, rules: pomme.Rules | None = None) -> PommeState:
    """N rounds at their first card: the deal of ``pomme.new_game(rules, seed)`` for each seed
    (or ``n`` seeds drawn from a :class:`numpy.random.Generator`), both players keeping their
    hands and nobody swapping the trump 6. Trump is the turned card's suit.

    >>> state = init([7], rules=pomme.Rules(first_dealer=1))
    >>> int(state.current_player[0]), [int(h).bit_count() for h in state.play.hands[0]]
    (0, [9, 9])
    """
    rules = pomme.Rules() if rules is None else rules
    _tables(rules)
    if isinstance(key, np.random.Generator):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise JassError(f"n={n!r}: expected the number of games (an int >= 0) with a Generator")
        seeds = key.bit_generator.random_raw(n).astype(np.uint64)
    else:
        seeds = as_seeds(key)
        if n is not None and n != seeds.shape[0]:
            raise JassError(f"n={n!r} but {seeds.shape[0]} seeds given")
    decks = shuffled_decks(seeds)
    count = seeds.shape[0]
    bits = np.left_shift(np.uint64(1), decks.astype(np.uint64))
    first = bits[:, 0:9].sum(axis=1, dtype=np.uint64)  # the non-dealer's hand
    second = bits[:, 9:18].sum(axis=1, dtype=np.uint64)  # the dealer's
    dealer = seeded_seats(seeds, SEATS) if rules.first_dealer is None else np.full(count, rules.first_dealer,
                                                                                     dtype=np.int8)
    dealer_is_0 = dealer == 0
    hands = np.stack([pick(dealer_is_0, second, first), pick(dealer_is_0, first, second)], axis=1)
    return _new(rules, hands, decks[:, 24] // 9, dealer, decks[:, 24])


def from_hands(hands: ArrayLike, trump: ArrayLike, dealer: ArrayLike = 1, *,
               rules: pomme.Rules | None = None, turned: ArrayLike = -1) -> PommeState:
    """N rounds at their first card from the hands in play (``[N, 2]`` card bit sets of equal
    size), the trump suit and the dealer of each game, and the card turned at the deal if it
    is known (a card index; -1 unknown)."""
    rules = pomme.Rules() if rules is None else rules
    array = np.asarray(hands, dtype=np.uint64)
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != SEATS:
        raise InvalidCardsError(f"hands: expected [N, 2] card bit sets, got shape {array.shape}")
    n = array.shape[0]
    counts = popcount(array.reshape(-1)).reshape(n, SEATS)
    bad = (counts[:, 0] != counts[:, 1]) | (counts[:, 0] == 0) | ((array[:, 0] & array[:, 1]) != 0) | (
        (array[:, 0] | array[:, 1]) >> np.uint64(36) != 0)
    if bad.any():
        raise InvalidCardsError(f"game {int(np.flatnonzero(bad)[0])}: expected two disjoint hands of equal size")
    suits = np.broadcast_to(np.asarray(trump), (n,))
    seats = np.broadcast_to(np.asarray(dealer), (n,))
    if ((suits < 0) | (suits > 3)).any() or ((seats < 0) | (seats > 1)).any():
        raise InvalidCardsError(f"trump={trump!r}, dealer={dealer!r}: expected suits 0..3 and seats 0..1")
    return _new(rules, array, suits, seats.astype(np.int8), np.asarray(turned))


def from_state(state: pomme.State, copies: int = 1) -> PommeState:
    """``copies`` games, each a copy of a scalar :class:`jass.pomme.State` in phase ``PLAY``
    (the cards already played are played again on the copies)."""
    if not isinstance(state, pomme.State):
        raise JassError(f"{state!r:.80} is not a jass.pomme.State")
    if state.phase is not pomme.Phase.PLAY or state.play is None:
        raise JassError(f"no card play to copy in phase {state.phase.value}")
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 0:
        raise JassError(f"copies={copies!r}: expected an int >= 0")
    scalar = state.play
    hands = [scalar.hand(s).bits for s in range(SEATS)]
    order = []
    for trick in scalar.tricks:
        for position, card in enumerate(trick.cards):
            hands[(trick.leader + position) % SEATS] |= card.bit
            order.append(card.index)
    for position, card in enumerate(scalar.trick):
        hands[(scalar.leader + position) % SEATS] |= card.bit
        order.append(card.index)
    new = from_hands(np.array([hands] * copies, dtype=np.uint64).reshape(copies, 2), int(state.trump),
                     state.dealer, rules=state.rules, turned=state.setting.turned.index)
    play = new.play
    for index in order:
        play = play_step(play, np.full(copies, index, dtype=np.intp))
    swapped = -1 if state.swapped_by is None else state.swapped_by
    return attrs.evolve(new, play=play, exchanged=np.array([[bool(e) for e in state.setting.exchanges]] * copies,
                                                          dtype=np.bool_).reshape(copies, SEATS),
                        swapped_by=np.full(copies, swapped, dtype=np.int8))
