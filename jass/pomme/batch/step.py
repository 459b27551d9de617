"""One card of N rounds of two-player Jass in lockstep (:func:`step`), the legal cards
(:func:`legal_mask`), the round's result, and random play.
"""

from __future__ import annotations

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass.batch.cardplay import Play, pick_rows, play_step
from jass.batch.core import random_bits, unpack_bits
from jass.errors import IllegalMoveError
from jass.pomme.batch.state import NUM_ACTIONS, SEATS, PommeState, RoundResult
from jass.trump import LAST_TRICK_BONUS

__all__ = ["legal_mask", "result", "step", "random_actions", "play_random"]


def legal_mask(state: PommeState) -> NDArray[np.bool_]:
    """``bool[N, 36]``: the legal cards of the seat to play (none once over)."""
    return unpack_bits(state.play.legal, NUM_ACTIONS)


def result(state: PommeState) -> RoundResult:
    """The round's result (of a round in play: the points so far, no +1 and no pomme yet)."""
    play = state.play
    over = state.terminated
    last = np.zeros((state.size, SEATS), dtype=np.int16)
    last[np.arange(state.size), play.leader.astype(np.intp)] = LAST_TRICK_BONUS
    last *= over[:, None]
    totals = play.points
    card_points = (totals - last).astype(np.int16)
    rules = state.rules
    under: NDArray[np.bool_] = (totals < rules.pomme_threshold) & over[:, None]
    won: NDArray[np.bool_] = np.stack([totals[:, 0] > totals[:, 1], totals[:, 1] > totals[:, 0]], axis=1)
    won &= over[:, None]
    if rules.both_pommes_cancel:
        cancel: NDArray[np.bool_] = np.logical_and(under[:, 0], under[:, 1])
        under &= ~cancel[:, None]
        won &= ~cancel[:, None]
    game_points = (won.astype(np.int8) - under.astype(np.int8)).astype(np.int8)
    return RoundResult(card_points=card_points, last_trick=last, totals=totals, won=won.astype(np.int8),
                       pommes=under, game_points=game_points)


def step(state: PommeState, actions: ArrayLike, *, active: ArrayLike | None = None) -> PommeState:
    """The games after one card each (``actions``: ``int[N]`` card indices); games already over
    ignore theirs, and so do those where ``active`` (``bool[N]``, if given) is False, which
    keep their state. An illegal card raises :class:`~jass.errors.IllegalMoveError` naming the
    first such game."""
    action = np.asarray(actions)
    n = state.size
    if action.shape != (n,) or (n and action.dtype.kind not in "iu"):
        raise IllegalMoveError(f"actions: expected {n} integer card ids, got {action.dtype} of shape {action.shape}")
    if n == 0:
        return state
    action = action.astype(np.intp)
    moving = ~state.terminated if active is None else ~state.terminated & np.asarray(active, dtype=np.bool_)
    legal = ((state.play.legal >> action.astype(np.uint64)) & np.uint64(1)) == 1
    bad = moving & ~legal
    if bad.any():
        game = int(np.flatnonzero(bad)[0])
        raise IllegalMoveError(
            f"game {game}: card {int(action[game])} is not legal for seat {int(state.current_player[game])}; "
            f"legal cards: {np.flatnonzero(legal_mask(state)[game]).tolist()}"
        )
    if moving.all():
        play = play_step(state.play, action, check=False)
    else:
        rows = np.flatnonzero(moving)
        names = [f.name for f in attrs.fields(Play) if f.name != "tables"]
        sub = play_step(Play(tables=state.play.tables, **{name: getattr(state.play, name)[rows] for name in names}),
                        action[rows], check=False)
        fields = {}
        for name in names:
            value = getattr(state.play, name).copy()
            value[rows] = getattr(sub, name)
            fields[name] = value
        play = Play(tables=state.play.tables, **fields)
    over = moving & play.done
    new = attrs.evolve(state, play=play, terminated=state.terminated | over,
                       rewards=np.zeros((n, SEATS), dtype=np.int32))
    if over.any():
        points = result(new).game_points.astype(np.int32)
        new = attrs.evolve(new, rewards=pick_rows(over, points, new.rewards))
    return new


def random_actions(state: PommeState, rng: np.random.Generator) -> NDArray[np.int64]:
    """A uniformly random legal card per game (-1 once over)."""
    return random_bits(state.play.legal, rng)


def play_random(state: PommeState, rng: np.random.Generator) -> PommeState:
    """Every game played to its end with :func:`random_actions`."""
    while not state.terminated.all():
        state = step(state, random_actions(state, rng))
    return state
