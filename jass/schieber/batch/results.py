"""What N rounds gave (:func:`scores`, :func:`totals`, :func:`hands`), and random rollouts from a
position or a seat's view (:func:`rollout`, :func:`rollout_view`) for search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Union

import numpy as np
from numpy.typing import NDArray

from jass import schieber
from jass.errors import InvalidCardsError, JassError
from jass.schieber.batch.setup import from_hands, from_state, from_states
from jass.schieber.batch.state import BatchState, RoundScores
from jass.schieber.batch.step import play_random, step
from jass.schieber.batch.tables import FIRST_TRUMP_ACTION
from jass.trump import Trump

__all__ = ["scores", "totals", "hands", "rollout", "rollout_view"]


def scores(state: BatchState) -> RoundScores:
    """The score breakdown of every game (of a round in play: what it has credited so far),
    as :func:`jass.schieber.score_round` gives it."""
    return RoundScores(
        trump=state.trump, cards=state.card_points, last_trick=state.last_trick, match=state.match,
        weis=state.weis, stoeck=state.stoeck, multiplier=state.multiplier,
    )


def totals(state: BatchState) -> NDArray[np.int32]:
    """``int32[N, 2]``: the points written to each team so far (multiplier applied): the sum of
    every step's rewards, as :func:`jass.schieber.totals` counts them within the round."""
    return scores(state).totals


def hands(state: BatchState) -> NDArray[np.uint64]:
    """``uint64[N, 4]``: the cards each seat still holds."""
    return state.dealt & ~state.played[:, None]


Position = Union[schieber.State, Sequence[int], NDArray[np.uint64]]


def rollout(
    position: Position,
    copies: int,
    rng: np.random.Generator,
    *,
    trump: Trump | int | None = None,
    dealer: int = 3,
    rules: schieber.Rules | None = None,
) -> RoundScores:
    """Play one position out ``copies`` times with random legal cards; each copy's round score.

    ``position`` is a :class:`jass.schieber.State` in phase ``PLAY`` or ``CHOOSE_TRUMP``
    (:func:`from_state`), or four hands as card bit sets, a new round dealt by ``dealer``
    (:func:`from_hands`). Before trump is chosen, ``trump`` names the mode of every copy;
    without it each copy draws a random mode (no push), as
    :func:`jass.schieber.rollout` does. The result's totals are the written points.

    >>> from jass.cards import deal
    >>> result = rollout([hand.bits for hand in deal(9)], 1000, np.random.default_rng(1), trump=Trump.OBENABE)
    >>> result.totals.shape, bool(((result.cards + result.last_trick).sum(axis=1) == 157).all())
    ((1000, 2), True)
    """
    if isinstance(position, schieber.State):
        if rules is not None:
            raise JassError("rules come from the state: leave rules=None with a schieber.State")
        state = from_state(position, copies)
    else:
        row = np.asarray(position, dtype=np.uint64)
        if row.shape != (4,):
            raise InvalidCardsError(f"position: expected a schieber.State or 4 card bit sets, got shape {row.shape}")
        state = from_hands(np.broadcast_to(row, (copies, 4)), dealer, rules=rules)
    if trump is not None and copies and (state.trump < 0).any():
        state = step(state, np.full(copies, FIRST_TRUMP_ACTION + int(Trump(trump))))
    return scores(play_random(state, rng, push=False))


def rollout_view(
    view: schieber.Observation,
    copies: int,
    rng: np.random.Generator,
    *,
    action: int | None = None,
) -> RoundScores:
    """From one seat's observation: ``copies`` states it could come from (the hidden hands
    drawn by :func:`jass.schieber.determinize`, uniformly among those consistent with
    everything the seat has seen), each played out at random in one batch; their round
    scores. With ``action``, the seat first takes that action id in every copy (the search
    of a Monte Carlo bot: one call per candidate move). Seats that have not declared Weis
    by now declare none, as in :func:`from_state`.

    >>> view = schieber.observe(schieber.apply(schieber.new_game(seed=4), schieber.ChooseTrump("S")), 2)
    >>> result = rollout_view(view, 200, np.random.default_rng(3))
    >>> result.totals.shape, bool(((result.cards + result.last_trick).sum(axis=1) == 157).all())
    ((200, 2), True)
    """
    import random

    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise JassError(f"copies={copies!r}: expected an int >= 1")
    draws = random.Random(int(rng.integers(0, 2**63)))
    sampler = schieber.hand_sampler(view)
    batch = from_states([schieber.determinize(view, draws, sampler) for _ in range(copies)], rules=view.rules)
    if action is not None:
        batch = step(batch, np.full(copies, action))
    return scores(play_random(batch, rng, push=False))
