"""One step of N Differenzler rounds in lockstep (:func:`step`), the legal actions
(:func:`legal_mask`), the penalties, and random play.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import differenzler
from jass.batch.cardplay import Play, pick, pick_rows, play_step
from jass.batch.core import random_below, random_bits, unpack_bits
from jass.differenzler.batch.state import FIRST_PREDICT_ACTION, NUM_ACTIONS, SEATS, DifferenzlerState
from jass.errors import IllegalMoveError

__all__ = ["legal_mask", "penalties", "step", "random_actions", "play_random"]


def legal_mask(state: DifferenzlerState) -> NDArray[np.bool_]:
    """``bool[N, 194]``: the legal actions of the seat to act (every prediction while
    predicting, the legal cards while playing, none once over)."""
    mask = np.zeros((state.size, NUM_ACTIONS), dtype=np.bool_)
    predicting = ~state.terminated & (state.predicted < SEATS)
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


def step(state: DifferenzlerState, actions: ArrayLike, *, active: ArrayLike | None = None) -> DifferenzlerState:
    """The games after one action each (``actions``: ``int[N]``, ids as in the module's
    table); games already over ignore theirs, and so do those where ``active`` (``bool[N]``,
    if given) is False, which keep their state. An illegal action raises
    :class:`~jass.errors.IllegalMoveError` naming the first such game."""
    action = np.asarray(actions)
    n = state.size
    if action.shape != (n,) or (n and action.dtype.kind not in "iu"):
        raise IllegalMoveError(f"actions: expected {n} integer action ids, got {action.dtype} of shape {action.shape}")
    if n == 0:
        return state
    action = action.astype(np.intp)
    moving = ~state.terminated if active is None else ~state.terminated & np.asarray(active, dtype=np.bool_)
    predicting = moving & (state.predicted < SEATS)
    playing = moving & ~predicting
    card_ok = ((state.play.legal >> np.clip(action, 0, 63).astype(np.uint64)) & np.uint64(1)) == 1
    legal = pick(predicting, (action >= FIRST_PREDICT_ACTION) & (action < NUM_ACTIONS), (action >= 0) & card_ok)
    bad = moving & ~legal
    if bad.any():
        game = int(np.flatnonzero(bad)[0])
        raise IllegalMoveError(
            f"game {game}: action {int(action[game])} is not legal for seat {int(state.current_player[game])}; "
            f"legal actions: {np.flatnonzero(legal_mask(state)[game]).tolist()}"
        )
    changes: dict[str, Any] = {"rewards": np.zeros((n, SEATS), dtype=np.int32)}
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
    predicting = state.predicted < SEATS
    chosen: NDArray[np.int64] = pick(predicting, guesses, cards)
    chosen[state.terminated] = -1
    return chosen


def play_random(state: DifferenzlerState, rng: np.random.Generator) -> DifferenzlerState:
    """Every game played to its end with :func:`random_actions`."""
    while not state.terminated.all():
        state = step(state, random_actions(state, rng))
    return state
