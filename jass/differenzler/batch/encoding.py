"""For learning agents: the scalar encoding's action mask and observation vectors
(:mod:`jass.differenzler.encoding`) for N games at once, the greedy heuristic's moves, and
:data:`ENGINE`, all of it as :mod:`jass.rl.vector` uses it.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import differenzler
from jass.batch.core import unpack_bits
from jass.batch.engine import BatchEngine
from jass.batch.policies import greedy_cards
from jass.batch.vectors import VectorWriter, play_block, relative
from jass.cards import Rank
from jass.differenzler.batch.state import FIRST_PREDICT_ACTION, NUM_ACTIONS, SEATS, DifferenzlerState, init
from jass.differenzler.batch.step import legal_mask, penalties, step
from jass.trump import LAST_TRICK_BONUS

__all__ = ["RL_ACTIONS", "rl_action_mask", "observations", "greedy_actions", "ENGINE"]

#: The scalar encoding's number of action ids: the batch's 194, then the deal, which a batch
#: round never offers.
RL_ACTIONS: Final = NUM_ACTIONS + 1
#: The length of Differenzler's observation vector.
_SIZE: Final = 404
#: The phases of the scalar game, as its vector counts them: predict, play, round over, game over.
_PLAY_PHASE, _GAME_OVER_PHASE, _PHASES = 1, 3, 4


def rl_action_mask(state: DifferenzlerState) -> NDArray[np.bool_]:
    """``bool[N, 195]``: the legal actions in the ids of the scalar encoding."""
    mask = np.zeros((state.size, RL_ACTIONS), dtype=np.bool_)
    mask[:, :NUM_ACTIONS] = legal_mask(state)
    return mask


def observations(state: DifferenzlerState, seat: ArrayLike | None = None) -> NDArray[np.float32]:
    """``float32[N, 404]``: each game's observation of ``seat`` (one seat, or one per game; by
    default the seat to act) as the vector of Differenzler's scalar encoding, the same numbers
    as :func:`jass.rl.observation_vector` gives for the same round in a game of one round
    (``rounds=1``); a finished round shows the end of that game.

    >>> from jass.rl import observation_vector
    >>> rules = differenzler.Rules(rounds=1)
    >>> scalar = differenzler.apply(differenzler.new_game(rules, seed=5), differenzler.Predict(40))
    >>> batch = step(init([5], rules=rules), [FIRST_PREDICT_ACTION + 40])
    >>> observations(batch)[0].tolist() == observation_vector("differenzler", scalar, differenzler.to_act(scalar))
    True
    """
    n = state.size
    seats = np.broadcast_to(np.asarray(state.current_player & 3 if seat is None else seat, dtype=np.intp), (n,))
    seats = seats.astype(np.intp)
    rows = np.arange(n)
    play = state.play
    over = state.terminated
    trick_bits = np.zeros(n, dtype=np.uint64)
    for position in range(SEATS):
        card = play.trick[:, position]
        trick_bits |= np.where(card >= 0, np.uint64(1) << card.clip(0).astype(np.uint64), np.uint64(0))
    # A trick's points, without the last trick's 5 (Play.points has them).
    last = np.zeros((n, SEATS), dtype=np.int16)
    last[rows, play.leader.astype(np.intp)] = LAST_TRICK_BONUS * play.done
    writer = VectorWriter(n, _SIZE)
    play_block(writer, seats, play.hands, state.dealt & ~play.hands & ~trick_bits[:, None], play.trick,
               play.leader, play.trump, play.points - last)
    # Differenzler's blocks: phase, dealer, face-up card, predictions, penalties, rounds.
    predicting = state.predicted < SEATS
    writer.one_hot(np.where(over, _GAME_OVER_PHASE, np.where(predicting, 0, _PLAY_PHASE)), _PHASES)
    writer.one_hot((state.dealer.astype(np.intp) - seats) & 3, SEATS)
    writer.one_hot(state.face_up.astype(np.intp), 36)
    made = state.predictions >= 0
    public = over | (state.rules.prediction_mode is differenzler.PredictionMode.OPEN)
    known = made & (public[:, None] | (np.arange(SEATS)[None, :] == seats[:, None]))
    predictions = np.where(known, state.predictions, 0).astype(np.float32)
    writer.values(relative(predictions, seats) / np.float32(differenzler.MAX_PREDICTION))
    writer.values(relative(known, seats))
    writer.values(relative(made, seats))
    penalty = penalties(state.rules, play.points, state.predictions, play.tricks_won) * over[:, None]
    writer.values(relative(penalty.astype(np.float32), seats) / np.float32(200))
    writer.values(np.zeros((n, 1), dtype=np.float32))  # the first round of the game: 0 rounds played
    return writer.done()


#: What a card adds to the rule bot's prediction (:func:`jass.differenzler.ai` guesses from the
#: trump Jack, the trump 9 and every Ace, and the hand's points): ``[trump suit, card]``.
_STRONG: Final = np.array([[card % 9 == Rank.ACE or (card // 9 == suit and card % 9 in (Rank.JACK, Rank.NINE))
                            for card in range(36)] for suit in range(4)], dtype=np.float64)
#: The prediction's weights: 17.5 points per strong card and 0.3 of the hand's points.
_PER_STRONG, _SHARE = 17.5, 0.3


def greedy_actions(state: DifferenzlerState, mask: NDArray[np.bool_]) -> NDArray[np.intp]:
    """The greedy heuristic's action among ``mask`` (``bool[N, 195]``): the prediction the rule
    bot makes (17.5 per trump Jack, trump 9 and Ace, and 0.3 of the hand's points, the nearest
    one allowed), then the cards of :func:`jass.batch.policies.greedy_cards` (no partners).

    >>> state = init([5])
    >>> 36 <= int(greedy_actions(state, rl_action_mask(state))[0]) <= 193
    True
    """
    play = state.play
    position = play.ncards % SEATS
    chosen: NDArray[np.intp] = greedy_cards(
        play.tables, mask[:, :36], play.trump, play.row, play.best, play.points_in_trick, position == 0,
        position == SEATS - 1, np.zeros(state.size, dtype=np.bool_),
    )
    predicting = np.flatnonzero(state.predicted < SEATS)
    if predicting.size:
        seat = (state.current_player[predicting] & 3).astype(np.intp)
        hand = unpack_bits(play.hands[predicting, seat], 36).astype(np.float64)
        suit = play.trump[predicting].astype(np.intp)
        points = play.tables.points[: 4 * 36].reshape(4, 36)[suit].astype(np.float64)
        guess = np.round((hand * _STRONG[suit]).sum(axis=1) * _PER_STRONG + (hand * points).sum(axis=1) * _SHARE)
        guess = np.minimum(guess, differenzler.MAX_PREDICTION)
        distance = np.abs(np.arange(differenzler.MAX_PREDICTION + 1)[None, :] - guess[:, None])
        allowed = mask[predicting, FIRST_PREDICT_ACTION:NUM_ACTIONS]
        chosen[predicting] = FIRST_PREDICT_ACTION + np.argmin(np.where(allowed, distance, np.inf), axis=1)
    return chosen


def _step(state: DifferenzlerState, actions: NDArray[np.intp], active: NDArray[np.bool_]) -> DifferenzlerState:
    return step(state, actions, active=active)


def _init(seeds: NDArray[np.uint64], rules: Any) -> DifferenzlerState:
    return init(seeds, rules=rules)


def _round_gains(state: DifferenzlerState) -> NDArray[np.float64]:
    gains: NDArray[np.float64] = penalties(state.rules, state.play.points, state.predictions,
                                           state.play.tricks_won).astype(np.float64)
    return gains


#: Differenzler rounds as the vector environments use them (:class:`~jass.batch.engine.BatchEngine`).
ENGINE: Final[BatchEngine[DifferenzlerState]] = BatchEngine(
    seats=SEATS, actions=RL_ACTIONS, default_rules=differenzler.Rules, init=_init, step=_step, mask=rl_action_mask,
    observations=observations,
    to_act=lambda state: state.current_player, terminated=lambda state: state.terminated,
    round_gains=_round_gains, greedy=greedy_actions,
)
