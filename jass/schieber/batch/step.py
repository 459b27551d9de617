"""One step of N rounds in lockstep: the legal actions (:func:`legal_mask`), :func:`step`, and
random play (:func:`random_actions`, :func:`play_random`).
"""

from __future__ import annotations

import functools
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass.batch.cardplay import ROW, legal_after, pick, pick_rows
from jass.batch.core import BITS, random_bits, unpack_bits
from jass.errors import IllegalMoveError, JassError
from jass.schieber.batch.state import BatchState, replace_fields
from jass.schieber.batch.tables import (
    CHOOSE_BITS,
    FIRST_TRUMP_ACTION,
    NUM_ACTIONS,
    PUSH,
    PUSH_BIT,
    TRICKS,
    U64,
)
from jass.trump import LAST_TRICK_BONUS
from jass.weis import STOECK_POINTS

__all__ = ["legal_mask", "step", "random_actions", "play_random"]


def legal_mask(state: BatchState) -> NDArray[np.bool_]:
    """``bool[N, 43]``: the legal actions of the seat to act in each game (none once over).

    >>> mask = legal_mask(init([1, 2]))
    >>> mask.shape, bool(mask[:, 36:].all()), bool(mask[:, :36].any())
    ((2, 43), True, False)
    """
    return unpack_bits(state.legal, NUM_ACTIONS)


@functools.lru_cache(maxsize=16)
def _indices(n: int) -> tuple[NDArray[np.intp], NDArray[np.int32]]:
    """For N games: ``4 * arange(N)`` (the first seat of each game in a flattened
    ``[N, 4]``) and a read-only zero gain ``int32[N, 2]``."""
    seats = np.arange(n, dtype=np.intp) * 4
    zeros = np.zeros((n, 2), dtype=np.int32)
    seats.flags.writeable = False
    zeros.flags.writeable = False
    return seats, zeros


def _choose(state: BatchState, action: NDArray[np.intp]) -> dict[str, Any]:
    """Trump-choice steps (every game of ``state`` is choosing)."""
    config = state.config
    n = action.shape[0]
    seats, no_gain = _indices(n)
    push = action == PUSH
    chosen = ~push
    mode = (action - FIRST_TRUMP_ACTION) * chosen
    vorhand = state.vorhand
    pushed = state.pushed + push
    chooser = (vorhand + 2 * (pushed & 1)) & 3
    may_push = (pushed == 0) | ((pushed == 1) & config.rules.allow_push_back)
    multiplier = config.multipliers.take(mode) * chosen
    # Stöck: the seat holding the trump King and Queen, if one does.
    stoeck = config.stoeck_masks.take(mode) * chosen
    held = [(state.dealt[:, s] & stoeck) == stoeck for s in range(4)]
    to1 = (held[1] | held[3]) & (stoeck != 0)
    to0 = (held[0] | held[2]) & (stoeck != 0)
    written = multiplier.astype(np.int32) * STOECK_POINTS
    stoeck_gain = np.empty((n, 2), dtype=np.int32)
    stoeck_gain[:, 0] = written * to0
    stoeck_gain[:, 1] = written * to1
    flat = state.weis_by_mode.reshape(-1)
    where = np.arange(n, dtype=np.intp) * 12 + mode * 2
    weis = np.empty((n, 2), dtype=np.int16)
    weis[:, 0] = flat.take(where) * chosen
    weis[:, 1] = flat.take(where + 1) * chosen
    choose_legal = U64(CHOOSE_BITS) | (U64(PUSH_BIT) * may_push)
    return {
        "trump": pick(chosen, mode.astype(np.int8), np.full(n, -1, dtype=np.int8)),
        "pushed": pushed,
        "current_player": pick(push, chooser, vorhand),
        "multiplier": multiplier,
        "weis_pending": weis,
        "stoeck_left": stoeck * (to0 | to1),
        "stoeck_team": pick(to0 | to1, to1.astype(np.int8), np.full(n, -1, dtype=np.int8)),
        "stoeck_gain": stoeck_gain,
        "trump_mask": config.tables.trump_masks.take(mode) * chosen,
        "trump_row": mode * (4 * ROW) * chosen,
        "points_row": mode * 36 * chosen,
        "legal": pick(push, choose_legal, state.dealt.take(seats + vorhand)),
        "gain": no_gain,
    }


def _play(state: BatchState, action: NDArray[np.intp]) -> dict[str, Any]:
    """Card steps (every game of ``state`` is in its card play).

    When every game is at the same card of its trick (the usual case: games stepped together
    from the start), whole columns are written and no per-game selection is needed."""
    config = state.config
    n = action.shape[0]
    seats, no_gain = _indices(n)
    ncards = state.ncards
    low = int(ncards.min())
    uniform = low == int(ncards.max())
    seat = state.current_player
    bit = BITS.take(action)
    played = state.played | bit
    points = config.tables.points.take(state.points_row + action)
    trick = state.trick.copy()
    done: NDArray[np.bool_] | None = None
    if uniform:
        position = low & 3
        if position == 0:  # a new trick: its row of tables from the led suit
            row = state.trump_row + config.tables.led_rows.take(action)
            best = config.tables.keys.take(row + action)
            winner, in_trick = seat, points
        else:
            row = state.row
            key = config.tables.keys.take(row + action)
            winner = pick(key > state.best, seat, state.winner)
            best = np.maximum(key, state.best)
            in_trick = state.points_in_trick + points
        trick[:, position] = action
        all_done = any_done = position == 3
    else:
        positions = ncards & 3
        first = positions == 0
        row = pick(first, state.trump_row + config.tables.led_rows.take(action), state.row)
        key = config.tables.keys.take(row + action)
        better = first | (key > state.best)
        best = pick(better, key, state.best)
        winner = pick(better, seat, state.winner)
        in_trick = pick(first, points, state.points_in_trick + points)
        trick.reshape(-1)[seats + positions] = action
        done = positions == 3
        any_done = bool(done.any())
        all_done = any_done and bool(done.all())
    ncards = ncards + np.int8(1)
    new: dict[str, Any] = {"played": played, "ncards": ncards}
    gain = no_gain
    # Stöck: credited when the holder plays the second of the two, the only one left then (or
    # with the round's last card); stoeck_gain is 0 for a round without Stöck.
    left = state.stoeck_left
    credited = (ncards == 36) if config.stoeck_at_end else left == bit
    new["stoeck_left"] = left & ~bit
    if credited.any():
        gain = pick_rows(credited, state.stoeck_gain, no_gain)
    over: NDArray[np.bool_] | None = None
    if any_done:
        credit = np.zeros((n, 2), dtype=np.int32)
        if all_done:
            over = _complete_all(state, new, credit, low >> 2, winner, in_trick)
            trick = np.full((n, 4), -1, dtype=np.int8)
            best = np.full(n, -2, dtype=np.int8)
            in_trick = np.zeros(n, dtype=np.int16)
            next_seat = winner
        else:
            assert done is not None
            over = _complete_some(state, new, credit, done, ncards, winner, in_trick)
            trick = pick_rows(done, np.full((n, 4), -1, dtype=np.int8), trick)
            best = pick(done, np.full(n, -2, dtype=np.int8), best)
            in_trick = in_trick * ~done
            next_seat = pick(done, winner, (seat + 1) & 3)
        credit[:, 0] *= state.multiplier
        credit[:, 1] *= state.multiplier
        gain = credit if gain is no_gain else gain + credit
    else:
        next_seat = (seat + 1) & 3
    hand = state.dealt.take(seats + next_seat) & ~played
    if all_done:
        legal = hand  # a new trick: any card
    else:
        legal = legal_after(config.tables, hand, row, best, state.trump_mask)
        if done is not None and any_done:
            legal = pick(done, hand, legal)
    if over is not None:
        legal = legal * ~over
        next_seat = pick(over, np.full(n, -1, dtype=np.int8), next_seat)
    new.update(
        trick=trick, row=row, best=best, winner=winner, points_in_trick=in_trick,
        current_player=next_seat, legal=legal, gain=gain,
    )
    return new


def _complete_all(
    state: BatchState, new: dict[str, Any], gain: NDArray[np.int32], number: int,
    winner: NDArray[np.int8], taken: NDArray[np.int16],
) -> NDArray[np.bool_] | None:
    """Every game completes trick ``number``: credit its points to the winner's team in
    ``new`` and ``gain`` (before the multiplier), with the Weis after the first trick and the
    last trick and the match after the last. The games now over."""
    team1 = (winner & 1).astype(np.bool_)
    won = state.tricks_won.copy()
    won[:, 0] += ~team1
    won[:, 1] += team1
    cards = state.card_points.copy()
    taken1 = taken * team1
    cards[:, 0] += taken - taken1
    cards[:, 1] += taken1
    gain[:, 0] += taken - taken1
    gain[:, 1] += taken1
    seats = state.seat_points.copy()
    seats[np.arange(winner.shape[0]), winner] += taken
    new.update(tricks_won=won, card_points=cards, seat_points=seats, leader=winner)
    if number == 0:
        gain += state.weis_pending
    if number < TRICKS - 1:
        return None
    bonus = state.config.rules.match_bonus
    gain[:, 0] += (won[:, 0] == TRICKS) * bonus + ~team1 * LAST_TRICK_BONUS
    gain[:, 1] += (won[:, 1] == TRICKS) * bonus + team1 * LAST_TRICK_BONUS
    over = np.ones(winner.shape[0], dtype=np.bool_)
    new["terminated"] = over
    return over


def _complete_some(
    state: BatchState, new: dict[str, Any], gain: NDArray[np.int32], done: NDArray[np.bool_],
    ncards: NDArray[np.int8], winner: NDArray[np.int8], in_trick: NDArray[np.int16],
) -> NDArray[np.bool_] | None:
    """:func:`_complete_all` for the games ``done`` only (games at different cards): the same
    credits, each multiplied by ``done``."""
    team1 = (winner & 1).astype(np.bool_)
    won1 = done & team1
    won0 = done ^ won1
    won = state.tricks_won.copy()
    won[:, 0] += won0
    won[:, 1] += won1
    taken0 = in_trick * won0
    taken1 = in_trick * won1
    cards = state.card_points.copy()
    cards[:, 0] += taken0
    cards[:, 1] += taken1
    gain[:, 0] += taken0
    gain[:, 1] += taken1
    seats = state.seat_points.copy()
    seats[np.arange(winner.shape[0]), winner] += in_trick * done
    new.update(tricks_won=won, card_points=cards, seat_points=seats, leader=pick(done, winner, state.leader))
    first = done & (ncards == 4)
    if first.any():
        gain[:, 0] += state.weis_pending[:, 0] * first
        gain[:, 1] += state.weis_pending[:, 1] * first
    last = done & (ncards == 36)
    if not last.any():
        return None
    bonus = state.config.rules.match_bonus
    gain[:, 0] += ((won[:, 0] == TRICKS) * bonus + won0 * LAST_TRICK_BONUS) * last
    gain[:, 1] += ((won[:, 1] == TRICKS) * bonus + won1 * LAST_TRICK_BONUS) * last
    over: NDArray[np.bool_] = state.terminated | last
    new["terminated"] = over
    return over


OnIllegal = Literal["raise", "terminate"]


def step(
    state: BatchState,
    actions: ArrayLike,
    *,
    on_illegal: OnIllegal = "raise",
    penalty: int = 157,
    active: ArrayLike | None = None,
) -> BatchState:
    """The games after one action each (``actions``: ``int[N]``, ids as in the module's table).

    Games already over ignore their action (any value) and get zero rewards; so do the games
    where ``active`` (``bool[N]``, if given) is False, which keep their state (a vector
    environment moves only the games whose seat to act is not the learner's). An action that
    is not legal raises :class:`~jass.errors.IllegalMoveError` naming the first such game
    (``on_illegal="raise"``, the default; nothing changes), or ends that game at once
    (``"terminate"``): its ``illegal`` flag is set, and the offending seat's team is written
    ``-penalty`` points in the step's rewards.

    >>> state = step(init([5]), [PUSH])
    >>> bool(legal_mask(state)[0, PUSH]), int(state.pushed[0])
    (False, 1)
    """
    action = np.asarray(actions)
    n = state.size
    if action.shape != (n,) or (n and action.dtype.kind not in "iu"):
        raise IllegalMoveError(f"actions: expected {n} integer action ids, got {action.dtype} of shape {action.shape}")
    if n == 0:
        return state
    if action.dtype != np.intp:
        action = action.astype(np.intp)
    # Negative ids wrap to huge shifts, which give 0: not legal.
    illegal = ((state.legal >> action.astype(np.uint64)) & U64(1)) == 0
    over = state.terminated
    if active is not None:
        # A waiting game is stepped as one that is over, and keeps its flag.
        over = over | ~np.asarray(active, dtype=np.bool_)
    any_over = bool(over.any())
    if any_over:
        illegal &= ~over
    any_illegal = bool(illegal.any())
    if any_illegal:
        game = int(np.flatnonzero(illegal)[0])
        if on_illegal == "raise":
            legal = np.flatnonzero(unpack_bits(state.legal[game : game + 1], NUM_ACTIONS)[0]).tolist()
            raise IllegalMoveError(
                f"game {game}: action {int(action[game])} is not legal for seat {int(state.current_player[game])}; "
                f"legal actions: {legal}"
            )
        if on_illegal != "terminate":
            raise JassError(f"on_illegal={on_illegal!r}: expected 'raise' or 'terminate'")
        team1 = (state.current_player & 1).astype(np.bool_)
        gain = np.zeros((n, 2), dtype=np.int32)
        gain[:, 0] = -penalty * (illegal & ~team1)
        gain[:, 1] = -penalty * (illegal & team1)
        state = replace_fields(state, {
            "terminated": state.terminated | illegal,
            "illegal": state.illegal | illegal,
            "current_player": pick(illegal, np.full(n, -1, dtype=np.int8), state.current_player),
            "legal": state.legal * ~illegal,
            "gain": gain,
        })
        over = over | illegal
        any_over = True
    choosing = state.trump < 0
    if not any_over:
        if not choosing.any():
            return replace_fields(state, _play(state, action))
        if choosing.all():
            return replace_fields(state, _choose(state, action))
    # Games in different phases (or some over): each phase's step runs on every game, its
    # results are kept for its own games (the others get in-range stand-in actions).
    changes: dict[str, Any] = {"gain": state.gain if any_illegal else np.zeros((n, 2), dtype=np.int32)}
    for group, run, stand_in in (
        (choosing & ~over, _choose, FIRST_TRUMP_ACTION),
        (~choosing & ~over, _play, 0),
    ):
        if group.any():
            for name, value in run(state, pick(group, action, np.full(n, stand_in, dtype=np.intp))).items():
                changes[name] = pick_rows(group, value, changes.get(name, getattr(state, name)))
    return replace_fields(state, changes)


def random_actions(state: BatchState, rng: np.random.Generator, *, push: bool = True) -> NDArray[np.int64]:
    """A uniformly random legal action for each game (-1 for a game that is over): the choice
    of ``moves[int(random() * len(moves))]`` in the scalar benchmarks, made for all games at
    once. ``push=False`` never pushes (a random mode, as :func:`jass.schieber.rollout`
    chooses).

    >>> actions = random_actions(init([1, 2, 3]), np.random.default_rng(0), push=False)
    >>> bool(((actions >= 36) & (actions <= 41)).all())
    True
    """
    legal = state.legal if push else state.legal & U64(~PUSH_BIT & ((1 << 64) - 1))
    return random_bits(legal, rng)


def play_random(state: BatchState, rng: np.random.Generator, *, push: bool = True) -> BatchState:
    """Every game played to its end with :func:`random_actions`.

    >>> final = play_random(init([1, 2]), np.random.default_rng(3))
    >>> bool(final.terminated.all())
    True
    """
    while not state.terminated.all():
        state = step(state, random_actions(state, rng, push=push))
    return state
