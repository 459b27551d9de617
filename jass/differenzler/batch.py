"""Differenzler rounds, N at once on numpy arrays: the predictions, the card play and the
penalties of a round, exactly as :mod:`jass.differenzler` plays and scores one.

One game here is **one round**: the deal (the dealer's last card face up fixes trump), one
prediction per seat from Vorhand round to the dealer, the 36 cards led by Vorhand, and each
seat's penalty ``abs(points - prediction)`` (or ``-exact_bonus`` for an exact prediction
that earns it). The game over several rounds is not modelled.

**Actions** (fixed integer ids, :data:`NUM_ACTIONS` = 194):

==========  ==============================================================================
id          action
==========  ==============================================================================
0 .. 35     play the card of that index (``suit * 9 + rank``, as :class:`jass.cards.Card`)
36 .. 193   predict ``id - 36`` points (``Predict(0)`` .. ``Predict(157)``)
==========  ==============================================================================

**Rules**: a :class:`jass.differenzler.Rules`; ``play`` (Bauer exception, undertrumping),
``exact_bonus``, ``zero_prediction_bonus`` and ``first_dealer`` are used. Four players only:
rules for three (``seats=3``) or with ``dealer_credit`` are refused
(:class:`~jass.errors.InvalidRulesError`).

**Rewards**: :attr:`DifferenzlerState.rewards` is ``int32[N, 4]``: minus each seat's penalty
on the round's last card, 0 on every other step.

>>> import numpy as np
>>> from jass.differenzler import batch
>>> state = batch.init([1, 2])
>>> rng = np.random.default_rng(0)
>>> while not state.terminated.all():
...     state = batch.step(state, batch.random_actions(state, rng))
>>> state.play.points.sum(axis=1).tolist()
[157, 157]
"""

from __future__ import annotations

from typing import Any, Final

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import differenzler
from jass.batch.cardplay import Play, PlayTables, pick, pick_rows, play_step, start
from jass.batch.core import (
    Seeds,
    as_seeds,
    popcount,
    random_below,
    random_bits,
    seeded_seats,
    shuffled_decks,
    unpack_bits,
)
from jass.cards import CardSet
from jass.errors import IllegalMoveError, InvalidCardsError, InvalidRulesError, JassError


__all__ = [
    "NUM_ACTIONS",
    "FIRST_PREDICT_ACTION",
    "DifferenzlerState",
    "init",
    "from_hands",
    "from_state",
    "legal_mask",
    "step",
    "random_actions",
    "play_random",
    "penalties",
]

#: Number of action ids: 36 cards and 158 predictions.
NUM_ACTIONS: Final = 36 + differenzler.MAX_PREDICTION + 1
#: The action id of ``Predict(0)``; ``Predict(p)`` is ``FIRST_PREDICT_ACTION + p``.
FIRST_PREDICT_ACTION: Final = 36
_SEATS: Final = 4


def _readonly(array: Any) -> Any:
    if isinstance(array, np.ndarray):
        array.flags.writeable = False
    return array


@attrs.frozen(eq=False)
class DifferenzlerState:
    """N Differenzler rounds at one moment each (read-only arrays, first axis the game)."""

    #: The scalar rules.
    rules: differenzler.Rules
    #: ``int8[N]``: the dealer; Vorhand is ``(dealer + 1) % 4``.
    dealer: NDArray[np.int8] = attrs.field(converter=_readonly)
    #: ``int8[N]``: the dealer's card shown face up (its suit is trump).
    face_up: NDArray[np.int8] = attrs.field(converter=_readonly)
    #: ``int16[N, 4]``: each seat's prediction (-1: not made yet).
    predictions: NDArray[np.int16] = attrs.field(converter=_readonly)
    #: ``int8[N]``: how many seats have predicted.
    predicted: NDArray[np.int8] = attrs.field(converter=_readonly)
    #: The card play (hands, trick, points and tricks per seat).
    play: Play
    #: ``int8[N]``: the seat to act, -1 once the round is over.
    current_player: NDArray[np.int8] = attrs.field(converter=_readonly)
    #: ``bool[N]``: the round is over.
    terminated: NDArray[np.bool_] = attrs.field(converter=_readonly)
    #: ``bool[N]``: the round was ended by an illegal action.
    illegal: NDArray[np.bool_] = attrs.field(converter=_readonly)
    #: ``int32[N, 4]``: each seat's reward in the last step.
    rewards: NDArray[np.int32] = attrs.field(converter=_readonly)

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
        face_up=face_up.astype(np.int8),
        predictions=np.full((n, _SEATS), -1, dtype=np.int16),
        predicted=np.zeros(n, dtype=np.int8),
        play=start(_tables(rules), hands, face_up // 9, vorhand),
        current_player=vorhand,
        terminated=np.zeros(n, dtype=np.bool_),
        illegal=np.zeros(n, dtype=np.bool_),
        rewards=np.zeros((n, _SEATS), dtype=np.int32),
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
    hands = bits.reshape(count, _SEATS, 9).sum(axis=2, dtype=np.uint64)
    if rules.first_dealer is None:
        dealer = seeded_seats(seeds, _SEATS)
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
    if array.ndim != 2 or array.shape[1] != _SEATS:
        raise InvalidCardsError(f"hands: expected [N, 4] card bit sets, got shape {array.shape}")
    n = array.shape[0]
    full = np.uint64((1 << 36) - 1)
    counts = popcount(array.reshape(-1)).reshape(n, _SEATS)
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
    hands = np.array([[scalar.hand(s).bits for s in range(_SEATS)]] * copies, dtype=np.uint64).reshape(copies, 4)
    dealer = np.full(copies, state.dealer, dtype=np.int8)
    base = _new(state.rules, hands, dealer, np.full(copies, state.face_up.index, dtype=np.int8))
    made = [p if p is not None else -1 for p in state.predictions]
    predicted = sum(p is not None for p in state.predictions)
    play = base.play
    if scalar.tricks or scalar.trick:
        # Replay the cards already played on a fresh copy of the dealt hands: the batch's own
        # card play then holds the same trick, points and tricks as the scalar one.
        dealt = [scalar.hand(s).bits for s in range(_SEATS)]
        order = [c.index for t in scalar.tricks for c in t.cards] + [c.index for c in scalar.trick]
        for trick in scalar.tricks:
            for position, card in enumerate(trick.cards):
                dealt[(trick.leader + position) % _SEATS] |= card.bit
        for position, card in enumerate(scalar.trick):
            dealt[(scalar.leader + position) % _SEATS] |= card.bit
        play = start(base.play.tables, np.array([dealt] * copies, dtype=np.uint64).reshape(copies, 4),
                     base.play.trump, (dealer + 1) & 3)
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


def legal_mask(state: DifferenzlerState) -> NDArray[np.bool_]:
    """``bool[N, 194]``: the legal actions of the seat to act (every prediction while
    predicting, the legal cards while playing, none once over)."""
    mask = np.zeros((state.size, NUM_ACTIONS), dtype=np.bool_)
    predicting = ~state.terminated & (state.predicted < _SEATS)
    mask[:, :36] = unpack_bits(state.play.legal, 36) & ~predicting[:, None] & ~state.terminated[:, None]
    mask[:, FIRST_PREDICT_ACTION:] = predicting[:, None]
    return mask


def penalties(rules: differenzler.Rules, points: NDArray[np.int16], predictions: NDArray[np.int16],
              tricks: NDArray[np.int8]) -> NDArray[np.int16]:
    """Each seat's penalty for a finished round, as :class:`jass.differenzler.RoundScore` has
    them: ``abs(points - prediction)``, or ``-exact_bonus`` for an exact prediction that
    earns it (a prediction of 0 as ``zero_prediction_bonus`` says)."""
    difference = np.abs(points.astype(np.int16) - predictions).astype(np.int16)
    bonus = (difference == 0) & (rules.exact_bonus > 0)
    zero = rules.zero_prediction_bonus
    if zero is differenzler.ZeroBonus.NEVER:
        bonus &= predictions != 0
    elif zero is differenzler.ZeroBonus.WITH_TRICK:
        bonus &= (predictions != 0) | (tricks > 0)
    penalty: NDArray[np.int16] = pick(bonus, np.full(difference.shape, -rules.exact_bonus, dtype=np.int16),
                                      difference)
    return penalty


def _sub_play(play: Play, rows: NDArray[np.intp]) -> Play:
    return Play(tables=play.tables, **{f.name: getattr(play, f.name)[rows] for f in attrs.fields(Play)
                                       if f.name != "tables"})


def step(state: DifferenzlerState, actions: ArrayLike) -> DifferenzlerState:
    """The games after one action each (``actions``: ``int[N]``, ids as in the module's
    table); games already over ignore theirs. An illegal action raises
    :class:`~jass.errors.IllegalMoveError` naming the first such game."""
    action = np.asarray(actions)
    n = state.size
    if action.shape != (n,) or (n and action.dtype.kind not in "iu"):
        raise IllegalMoveError(f"actions: expected {n} integer action ids, got {action.dtype} of shape {action.shape}")
    if n == 0:
        return state
    action = action.astype(np.intp)
    active = ~state.terminated
    predicting = active & (state.predicted < _SEATS)
    playing = active & ~predicting
    card_ok = ((state.play.legal >> np.clip(action, 0, 63).astype(np.uint64)) & np.uint64(1)) == 1
    legal = pick(predicting, (action >= FIRST_PREDICT_ACTION) & (action < NUM_ACTIONS), (action >= 0) & card_ok)
    bad = active & ~legal
    if bad.any():
        game = int(np.flatnonzero(bad)[0])
        raise IllegalMoveError(
            f"game {game}: action {int(action[game])} is not legal for seat {int(state.current_player[game])}; "
            f"legal actions: {np.flatnonzero(legal_mask(state)[game]).tolist()}"
        )
    changes: dict[str, Any] = {"rewards": np.zeros((n, _SEATS), dtype=np.int32)}
    if predicting.any():
        rows = np.flatnonzero(predicting)
        seat = state.current_player[rows].astype(np.intp)
        predictions = state.predictions.copy()
        predictions[rows, seat] = action[rows] - FIRST_PREDICT_ACTION
        predicted = state.predicted + predicting
        following = (state.dealer + 1 + predicted) & 3
        changes.update(predictions=predictions, predicted=predicted,
                       current_player=pick(predicting, following, state.current_player))
        # After the dealer's prediction Vorhand leads: (dealer + 1 + 4) % 4 is Vorhand.
    if playing.any():
        if playing.all():
            play = play_step(state.play, action, check=False)
        else:
            rows = np.flatnonzero(playing)
            sub = play_step(_sub_play(state.play, rows), action[rows], check=False)
            fields = {}
            for f in attrs.fields(Play):
                if f.name == "tables":
                    continue
                value = getattr(state.play, f.name).copy()
                value[rows] = getattr(sub, f.name)
                fields[f.name] = value
            play = Play(tables=state.play.tables, **fields)
        over = playing & play.done
        current = changes.get("current_player", state.current_player)
        changes["current_player"] = pick(playing, play.to_play, current)
        changes["play"] = play
        if over.any():
            penalty = penalties(state.rules, play.points, state.predictions, play.tricks_won)
            changes["rewards"] = pick_rows(over, -penalty.astype(np.int32), changes["rewards"])
            changes["terminated"] = state.terminated | over
            changes["current_player"] = pick(over, np.full(n, -1, dtype=np.int8), changes["current_player"])
    return attrs.evolve(state, **changes)


def random_actions(state: DifferenzlerState, rng: np.random.Generator) -> NDArray[np.int64]:
    """A uniformly random legal action per game (-1 once over): a random prediction 0..157
    while predicting, a random legal card while playing."""
    cards = random_bits(state.play.legal, rng)
    guesses = FIRST_PREDICT_ACTION + random_below(
        np.full(state.size, differenzler.MAX_PREDICTION + 1, dtype=np.uint64), rng).astype(np.int64)
    predicting = state.predicted < _SEATS
    chosen: NDArray[np.int64] = pick(predicting, guesses, cards)
    chosen[state.terminated] = -1
    return chosen


def play_random(state: DifferenzlerState, rng: np.random.Generator) -> DifferenzlerState:
    """Every game played to its end with :func:`random_actions`."""
    while not state.terminated.all():
        state = step(state, random_actions(state, rng))
    return state
