"""For learning agents: the scalar encoding's action mask and observation vectors
(:mod:`jass.schieber.encoding`), for N games at once.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass.batch.core import popcount, unpack_bits
from jass.schieber.batch.state import BatchState
from jass.schieber.batch.step import legal_mask
from jass.schieber.batch.tables import NUM_ACTIONS, U64

__all__ = ["RL_ACTIONS", "rl_action_mask", "observations"]


#: The scalar encoding's number of action ids (:mod:`jass.variant.encoding`): the batch's 43, then
#: «Mer bedanked eus!», the deal and the declaration of every Weis, which a batch round never offers.
RL_ACTIONS: Final = 46


def rl_action_mask(state: BatchState) -> NDArray[np.bool_]:
    """``bool[N, 46]``: the legal actions in the ids of the scalar encoding (Schieber's
    :class:`~jass.variant.encoding.Encoding`): :func:`legal_mask` and three columns a batch round never
    sets. (Without ``auto_declare`` the scalar game also offers id 45, declaring every Weis,
    before a seat's first card; in a batch round nobody declares.)"""
    mask = np.zeros((state.size, RL_ACTIONS), dtype=np.bool_)
    mask[:, :NUM_ACTIONS] = legal_mask(state)
    return mask


def _relative(values: NDArray[Any], seat: NDArray[np.intp]) -> NDArray[Any]:
    """``values[N, 4]`` per absolute seat, as ``[N, 4]`` from each game's ``seat`` on."""
    order = (seat[:, None] + np.arange(4)[None, :]) & 3
    taken: NDArray[Any] = np.take_along_axis(values, order, axis=1)
    return taken


def _one_hot(index: NDArray[np.intp], length: int, valid: NDArray[np.bool_] | None = None) -> NDArray[np.float32]:
    out = np.zeros((index.shape[0], length), dtype=np.float32)
    rows = np.arange(index.shape[0])
    ok = np.ones(index.shape[0], dtype=np.bool_) if valid is None else valid
    out[rows[ok], index[ok]] = 1.0
    return out


def _cards(bits: NDArray[np.uint64]) -> NDArray[np.float32]:
    """``float32[..., 36]``: 1.0 for each card of each bit set."""
    flat = unpack_bits(bits.reshape(-1), 36).astype(np.float32)
    return flat.reshape(bits.shape + (36,))


def observations(state: BatchState, seat: ArrayLike | None = None) -> NDArray[np.float32]:
    """``float32[N, 515]``: each game's observation of ``seat`` (one seat, or one per game; by
    default the seat to act) as the vector of Schieber's scalar encoding: the same numbers, in
    the same layout, as :func:`jass.rl.observation_vector` gives for the same round (in a game
    of one round with scores 0). A finished round shows phase ``ROUND_OVER``.

    >>> from jass import schieber
    >>> from jass.rl import observation_vector
    >>> rules = schieber.Rules.tournament(1)
    >>> scalar = schieber.apply(schieber.new_game(rules, seed=5), schieber.ChooseTrump("H"))
    >>> batch = from_state(scalar)
    >>> observations(batch)[0].tolist() == observation_vector("schieber", scalar, schieber.to_act(scalar))
    True
    """
    n = state.size
    seats = np.broadcast_to(
        np.asarray(state.current_player & 3 if seat is None else seat, dtype=np.intp), (n,)
    ).astype(np.intp)
    rows = np.arange(n)
    played = state.played
    held = state.dealt & ~played[:, None]
    in_trick = state.trick >= 0
    trick_bits = np.zeros(n, dtype=np.uint64)
    for position in range(4):
        card = state.trick[:, position]
        trick_bits |= np.where(card >= 0, U64(1) << card.clip(0).astype(np.uint64), U64(0))
    parts: list[NDArray[np.float32]] = [_cards(held[rows, seats])]
    # The trick in progress per relative seat.
    trick = np.zeros((n, 4, 36), dtype=np.float32)
    for position in range(4):
        card = state.trick[:, position]
        ok = card >= 0
        relative = (state.leader.astype(np.intp) + position - seats) & 3
        trick[rows[ok], relative[ok], card[ok]] = 1.0
    parts.append(trick.reshape(n, -1))
    taken = state.dealt & (played & ~trick_bits)[:, None]
    parts.append(_cards(_relative(taken, seats)).reshape(n, -1))
    trump = state.trump.astype(np.intp)
    parts.append(_one_hot(np.where(trump >= 0, trump, 6), 7))
    leading = in_trick[:, 0]
    parts.append(_one_hot((state.leader.astype(np.intp) - seats) & 3, 4, leading))
    parts.append(_relative(popcount(held.reshape(-1)).reshape(n, 4).astype(np.float32) / 9, seats))
    parts.append(_relative(state.seat_points.astype(np.float32) / 157, seats))
    # Schieber's blocks: phase, dealer, pushes, Weis, Stöck, scores, target, multiplier.
    choosing = state.trump < 0
    phase = np.where(choosing, 0, np.where(state.terminated, 2, 1)).astype(np.intp)
    parts.append(_one_hot(phase, 4))
    parts.append(_one_hot((state.dealer.astype(np.intp) - seats) & 3, 4))
    parts.append(_one_hot(state.pushed.astype(np.intp), 3))
    rules = state.config.rules
    public = (state.ncards >= 4) if rules.auto_declare else np.zeros(n, dtype=np.bool_)
    parts.append(_relative(state.seat_weis.astype(np.float32) / 300, seats) * public[:, None])
    parts.append(np.repeat(public[:, None], 4, axis=1).astype(np.float32))
    team_of = np.arange(4) & 1
    scoring = (state.weis_pending[:, team_of] > 0) & public[:, None]  # [N, 4]: the seat's team shows its Weis
    shown = np.where(scoring, state.weis_cards, U64(0))
    parts.append(_cards(_relative(shown, seats)).reshape(n, -1))
    team = (seats & 1).astype(np.intp)
    credited = (state.stoeck_left == 0) & (state.stoeck_team >= 0)
    stoeck = np.where(credited, np.where(state.stoeck_team == team, 0, 1), 2).astype(np.intp)
    parts.append(_one_hot(stoeck, 3))
    scale = np.float32(rules.target_score or 3000)
    parts.append(np.zeros((n, 2), dtype=np.float32))  # a batch round has no written scores
    written = (state.card_points + state.weis + state.stoeck + state.last_trick + state.match).astype(np.float32)
    written *= state.multiplier[:, None].astype(np.float32)
    playing = (~choosing & ~state.terminated)[:, None]
    parts.append(np.stack([written[rows, team], written[rows, 1 - team]], axis=1) / scale * playing)
    multiplier = np.where(choosing, 0, state.multiplier).astype(np.float32) / 4
    parts.append(np.stack([np.full(n, (rules.target_score or 0) / 5000, dtype=np.float32), multiplier], axis=1))
    return np.concatenate(parts, axis=1).astype(np.float32)
