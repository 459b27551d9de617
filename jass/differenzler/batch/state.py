"""N Differenzler rounds as arrays (:class:`DifferenzlerState`) and how they start: from seeds
(:func:`init`), from given hands (:func:`from_hands`), from a scalar state (:func:`from_state`).
"""

from __future__ import annotations

from typing import Final

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import differenzler
from jass.batch.cardplay import read_only, Play, PlayTables, play_step, start
from jass.batch.core import Seeds, as_seeds, popcount, seeded_seats, shuffled_decks
from jass.cards import CardSet
from jass.errors import InvalidCardsError, InvalidRulesError, JassError


__all__ = ["NUM_ACTIONS", "FIRST_PREDICT_ACTION", "SEATS", "DifferenzlerState", "init", "from_hands", "from_state"]

#: Number of action ids: 36 cards and 158 predictions.
NUM_ACTIONS: Final = 36 + differenzler.MAX_PREDICTION + 1
#: The action id of ``Predict(0)``; ``Predict(p)`` is ``FIRST_PREDICT_ACTION + p``.
FIRST_PREDICT_ACTION: Final = 36
#: The players of a round.
SEATS: Final = 4



@attrs.frozen(eq=False)
class DifferenzlerState:
    """N Differenzler rounds at one moment each (read-only arrays, first axis the game)."""

    #: The scalar rules.
    rules: differenzler.Rules
    #: ``int8[N]``: the dealer; Vorhand is ``(dealer + 1) % 4``.
    dealer: NDArray[np.int8] = attrs.field(converter=read_only)
    #: ``uint64[N, 4]``: each seat's hand as dealt.
    dealt: NDArray[np.uint64] = attrs.field(converter=read_only)
    #: ``int8[N]``: the dealer's card shown face up (its suit is trump).
    face_up: NDArray[np.int8] = attrs.field(converter=read_only)
    #: ``int16[N, 4]``: each seat's prediction (-1: not made yet).
    predictions: NDArray[np.int16] = attrs.field(converter=read_only)
    #: ``int8[N]``: how many seats have predicted.
    predicted: NDArray[np.int8] = attrs.field(converter=read_only)
    #: The card play (hands, trick, points and tricks per seat).
    play: Play
    #: ``int8[N]``: the seat to act, -1 once the round is over.
    current_player: NDArray[np.int8] = attrs.field(converter=read_only)
    #: ``bool[N]``: the round is over.
    terminated: NDArray[np.bool_] = attrs.field(converter=read_only)
    #: ``bool[N]``: the round was ended by an illegal action.
    illegal: NDArray[np.bool_] = attrs.field(converter=read_only)
    #: ``int32[N, 4]``: each seat's reward in the last step.
    rewards: NDArray[np.int32] = attrs.field(converter=read_only)

    @property
    def size(self) -> int:
        """The number of games N."""
        return int(self.dealer.shape[0])

    @property
    def trump(self) -> NDArray[np.int8]:
        """``int8[N]``: the trump suit (the face-up card's)."""
        return self.play.trump


def _tables(rules: differenzler.Rules) -> PlayTables:
    if not isinstance(rules, differenzler.Rules):
        raise InvalidRulesError(f"rules={rules!r}: expected a jass.differenzler.Rules")
    if rules.seats != 4 or rules.dealer_credit:
        field = f"seats={rules.seats}" if rules.seats != 4 else "dealer_credit=True"
        raise InvalidRulesError(
            f"{field}: the batch engine plays Differenzler for four players without the dealer's credit; "
            "play three players (or the credit) with jass.differenzler itself"
        )
    return PlayTables.of(rules.play)


def _new(rules: differenzler.Rules, hands: NDArray[np.uint64], dealer: NDArray[np.int8],
         face_up: NDArray[np.int8]) -> DifferenzlerState:
    n = hands.shape[0]
    vorhand = ((dealer + 1) & 3).astype(np.int8)
    return DifferenzlerState(
        rules=rules,
        dealer=dealer.astype(np.int8),
        dealt=hands.astype(np.uint64),
        face_up=face_up.astype(np.int8),
        predictions=np.full((n, SEATS), -1, dtype=np.int16),
        predicted=np.zeros(n, dtype=np.int8),
        play=start(_tables(rules), hands, face_up // 9, vorhand),
        current_player=vorhand,
        terminated=np.zeros(n, dtype=np.bool_),
        illegal=np.zeros(n, dtype=np.bool_),
        rewards=np.zeros((n, SEATS), dtype=np.int32),
    )


def init(
    key: Seeds | np.random.Generator,
    n: int | None = None,
    *,
    rules: differenzler.Rules | None = None,
) -> DifferenzlerState:
    """N new rounds, dealt, Vorhand to predict.

    ``key`` is the games' seeds (game *i* is then the first round of
    ``differenzler.new_game(rules, seed=seeds[i])``: the deal, the dealer, the face-up card)
    or a :class:`numpy.random.Generator` and ``n`` (``n`` seeds drawn from it).

    >>> state = init([3], rules=differenzler.Rules(first_dealer=2))
    >>> int(state.current_player[0]), bool(legal_mask(state)[0, FIRST_PREDICT_ACTION:].all())
    (3, True)
    """
    rules = differenzler.Rules() if rules is None else rules
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
    hands = bits.reshape(count, SEATS, 9).sum(axis=2, dtype=np.uint64)
    if rules.first_dealer is None:
        dealer = seeded_seats(seeds, SEATS)
    else:
        dealer = np.full(count, rules.first_dealer, dtype=np.int8)
    # The dealer's last card, the ninth of its block of the deck, is turned face up.
    face_up = decks[np.arange(count), dealer.astype(np.intp) * 9 + 8]
    return _new(rules, hands, dealer, face_up)


def from_hands(
    hands: ArrayLike,
    dealer: ArrayLike = 3,
    face_up: ArrayLike | None = None,
    *,
    rules: differenzler.Rules | None = None,
) -> DifferenzlerState:
    """N new rounds from given hands (``[N, 4]`` card bit sets). ``face_up`` (one card index
    per game, held by the dealer) defaults to the dealer's highest-index card, as
    :func:`jass.differenzler.new_game` chooses for hands without an order."""
    rules = differenzler.Rules() if rules is None else rules
    array = np.asarray(hands, dtype=np.uint64)
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != SEATS:
        raise InvalidCardsError(f"hands: expected [N, 4] card bit sets, got shape {array.shape}")
    n = array.shape[0]
    full = np.uint64((1 << 36) - 1)
    counts = popcount(array.reshape(-1)).reshape(n, SEATS)
    bad = (np.bitwise_or.reduce(array, axis=1) != full) | (counts != 9).any(axis=1)
    if bad.any():
        game = int(np.flatnonzero(bad)[0])
        raise InvalidCardsError(f"game {game}: expected 4 hands of 9 cards holding each card once, got "
                                f"{[str(CardSet.from_bits(int(h))) for h in array[game]]}")
    seats = np.broadcast_to(np.asarray(dealer), (n,)).astype(np.int8)
    if ((seats < 0) | (seats > 3)).any():
        raise InvalidCardsError(f"dealer={dealer!r}: expected seats 0..3")
    held = array[np.arange(n), seats.astype(np.intp)]
    if face_up is None:
        shown = np.array([int(h).bit_length() - 1 for h in held.tolist()], dtype=np.int8)
    else:
        shown = np.broadcast_to(np.asarray(face_up), (n,)).astype(np.int8)
        if ((shown < 0) | (shown > 35)).any() or ((held >> shown.astype(np.uint64)) & np.uint64(1) == 0).any():
            raise InvalidCardsError(f"face_up={face_up!r}: the face-up card is one the dealer holds")
    return _new(rules, array, seats, shown)


def from_state(state: differenzler.State, copies: int = 1) -> DifferenzlerState:
    """``copies`` games, each a copy of the round of a scalar :class:`jass.differenzler.State`
    in phase ``PREDICT`` or ``PLAY``."""
    if not isinstance(state, differenzler.State):
        raise JassError(f"{state!r:.80} is not a jass.differenzler.State")
    if state.phase not in (differenzler.Phase.PREDICT, differenzler.Phase.PLAY):
        raise JassError(f"no round in play to copy in phase {state.phase.value}")
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 0:
        raise JassError(f"copies={copies!r}: expected an int >= 0")
    scalar = state.play
    # The dealt hands: the hands now and the cards each seat has played. The batch's own card
    # play replays those cards, so that it holds the same trick, points and tricks.
    dealt = [scalar.hand(s).bits for s in range(SEATS)]
    order = [c.index for t in scalar.tricks for c in t.cards] + [c.index for c in scalar.trick]
    for trick in scalar.tricks:
        for position, card in enumerate(trick.cards):
            dealt[(trick.leader + position) % SEATS] |= card.bit
    for position, card in enumerate(scalar.trick):
        dealt[(scalar.leader + position) % SEATS] |= card.bit
    dealer = np.full(copies, state.dealer, dtype=np.int8)
    base = _new(state.rules, np.array([dealt] * copies, dtype=np.uint64).reshape(copies, 4), dealer,
                np.full(copies, state.face_up.index, dtype=np.int8))
    made = [p if p is not None else -1 for p in state.predictions]
    predicted = sum(p is not None for p in state.predictions)
    play = base.play
    for index in order:
        play = play_step(play, np.full(copies, index, dtype=np.intp))
    seat = differenzler.to_act(state)
    assert seat is not None
    return attrs.evolve(
        base,
        predictions=np.array([made] * copies, dtype=np.int16).reshape(copies, 4),
        predicted=np.full(copies, predicted, dtype=np.int8),
        play=play,
        current_player=np.full(copies, seat, dtype=np.int8),
    )
