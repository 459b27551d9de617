"""For learning agents: the scalar encoding's action mask and observation vectors
(:mod:`jass.differenzler.encoding`) for N games at once, the greedy heuristic's moves, and
:data:`ENGINE`, all of it as :mod:`jass.rl.vector` uses it.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import differenzler
from jass.batch.core import popcount, unpack_bits
from jass.batch.engine import BatchEngine
from jass.batch.policies import greedy_cards
from jass.cards import Rank
from jass.differenzler.batch.state import FIRST_PREDICT_ACTION, NUM_ACTIONS, SEATS, DifferenzlerState, init
from jass.differenzler.batch.step import legal_mask, penalties, step
from jass.trump import LAST_TRICK_BONUS

__all__ = ["RL_ACTIONS", "rl_action_mask", "observations", "greedy_actions", "ENGINE"]

#: The scalar encoding's number of action ids: the batch's 194, then the deal, which a batch
#: round never offers.
RL_ACTIONS: Final = NUM_ACTIONS + 1
#: The phases of the scalar game, as its vector counts them: predict, play, round over, game over.
_PLAY_PHASE, _GAME_OVER_PHASE, _PHASES = 1, 3, 4


def rl_action_mask(state: DifferenzlerState) -> NDArray[np.bool_]:
    """``bool[N, 195]``: the legal actions in the ids of the scalar encoding."""
    mask = np.zeros((state.size, RL_ACTIONS), dtype=np.bool_)
    mask[:, :NUM_ACTIONS] = legal_mask(state)
    return mask


def _relative(values: NDArray[Any], seat: NDArray[np.intp]) -> NDArray[Any]:
    """``values[N, 4]`` per absolute seat, as ``[N, 4]`` from each game's ``seat`` on."""
    taken: NDArray[Any] = np.take_along_axis(values, (seat[:, None] + np.arange(SEATS)[None, :]) & 3, axis=1)
    return taken


def _one_hot(index: NDArray[np.intp], length: int, valid: NDArray[np.bool_] | None = None) -> NDArray[np.float32]:
    out = np.zeros((index.shape[0], length), dtype=np.float32)
    rows = np.arange(index.shape[0])
    ok = np.ones(index.shape[0], dtype=np.bool_) if valid is None else valid
    out[rows[ok], index[ok]] = 1.0
    return out


def _cards(bits: NDArray[np.uint64]) -> NDArray[np.float32]:
    return unpack_bits(bits.reshape(-1), 36).astype(np.float32).reshape(bits.shape + (36,))


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
    parts: list[NDArray[np.float32]] = [_cards(play.hands[rows, seats])]
    # The trick in progress and the cards each seat played to completed tricks, per relative seat.
    trick = np.zeros((n, SEATS, 36), dtype=np.float32)
    trick_bits = np.zeros(n, dtype=np.uint64)
    for position in range(SEATS):
        card = play.trick[:, position]
        ok = card >= 0
        relative = (play.leader.astype(np.intp) + position - seats) & 3
        trick[rows[ok], relative[ok], card[ok]] = 1.0
        trick_bits |= np.where(ok, np.uint64(1) << card.clip(0).astype(np.uint64), np.uint64(0))
    parts.append(trick.reshape(n, -1))
    played = state.dealt & ~play.hands & ~trick_bits[:, None]
    parts.append(_cards(_relative(played, seats)).reshape(n, -1))
    parts.append(_one_hot(play.trump.astype(np.intp), 7))
    parts.append(_one_hot((play.leader.astype(np.intp) - seats) & 3, SEATS, play.trick[:, 0] >= 0))
    parts.append(_relative(popcount(play.hands.reshape(-1)).reshape(n, SEATS).astype(np.float32) / 9, seats))
    # A trick's points, without the last trick's 5 (Play.points has them).
    last = np.zeros((n, SEATS), dtype=np.int16)
    last[rows, play.leader.astype(np.intp)] = LAST_TRICK_BONUS * play.done
    parts.append(_relative((play.points - last).astype(np.float32) / 157, seats))
    # Differenzler's blocks: phase, dealer, face-up card, predictions, penalties, rounds.
    predicting = state.predicted < SEATS
    phase = np.where(over, _GAME_OVER_PHASE, np.where(predicting, 0, _PLAY_PHASE)).astype(np.intp)
    parts.append(_one_hot(phase, _PHASES))
    parts.append(_one_hot((state.dealer.astype(np.intp) - seats) & 3, SEATS))
    parts.append(_cards(np.uint64(1) << state.face_up.astype(np.uint64)))
    made = state.predictions >= 0
    public = over | (state.rules.prediction_mode is differenzler.PredictionMode.OPEN)
    known = made & (public[:, None] | (np.arange(SEATS)[None, :] == seats[:, None]))
    parts.append(_relative(np.where(known, state.predictions, 0).astype(np.float32) / differenzler.MAX_PREDICTION,
                           seats))
    parts.append(_relative(known.astype(np.float32), seats))
    parts.append(_relative(made.astype(np.float32), seats))
    penalty = penalties(state.rules, play.points, state.predictions, play.tricks_won) * over[:, None]
    parts.append(_relative(penalty.astype(np.float32) / 200, seats))
    parts.append(np.zeros((n, 1), dtype=np.float32))  # the first round of the game: 0 rounds played
    return np.concatenate(parts, axis=1)


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
    n = state.size
    games = np.arange(n)
    play = state.play
    seat = (state.current_player & 3).astype(np.intp)
    hand = unpack_bits(play.hands[games, seat], 36).astype(np.float64)
    suit = play.trump.astype(np.intp)
    points = play.tables.points[: 4 * 36].reshape(4, 36)[suit].astype(np.float64)
    guess = np.round((hand * _STRONG[suit]).sum(axis=1) * _PER_STRONG + (hand * points).sum(axis=1) * _SHARE)
    guess = np.minimum(guess, differenzler.MAX_PREDICTION)
    distance = np.abs(np.arange(differenzler.MAX_PREDICTION + 1)[None, :] - guess[:, None])
    allowed = mask[:, FIRST_PREDICT_ACTION:NUM_ACTIONS]
    prediction = FIRST_PREDICT_ACTION + np.argmin(np.where(allowed, distance, np.inf), axis=1)
    position = play.ncards % SEATS
    cards = greedy_cards(
        play.tables, mask[:, :36], play.trump, play.row, play.best, play.points_in_trick, position == 0,
        position == SEATS - 1, np.zeros(n, dtype=np.bool_),
    )
    chosen: NDArray[np.intp] = np.where(state.predicted < SEATS, prediction, cards)
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
    seats=SEATS, actions=RL_ACTIONS, init=_init, step=_step, mask=rl_action_mask, observations=observations,
    to_act=lambda state: state.current_player, terminated=lambda state: state.terminated,
    round_gains=_round_gains, greedy=greedy_actions,
)
