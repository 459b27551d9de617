"""For learning agents: the scalar encoding's action mask and observation vectors
(:mod:`jass.pomme.encoding`) for N games at once, the greedy heuristic's cards, and
:data:`ENGINE`, all of it as :mod:`jass.rl.vector` uses it.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import pomme
from jass.batch.core import popcount, unpack_bits
from jass.batch.engine import BatchEngine
from jass.batch.policies import greedy_cards
from jass.pomme.batch.state import NUM_ACTIONS, SEATS, PommeState, init
from jass.pomme.batch.step import legal_mask, result, step
from jass.trump import LAST_TRICK_BONUS

__all__ = ["RL_ACTIONS", "rl_action_mask", "observations", "greedy_actions", "ENGINE"]

#: The scalar encoding's number of action ids: the 36 cards, then the exchanges, the swap of
#: the trump 6 and the deal, which a batch round (its card play) never offers.
RL_ACTIONS: Final = 124
#: The phases of the scalar game, as its vector counts them: exchange, swap, play, round
#: over, game over.
_PLAY_PHASE, _GAME_OVER_PHASE, _PHASES = 2, 4, 5


def rl_action_mask(state: PommeState) -> NDArray[np.bool_]:
    """``bool[N, 124]``: the legal cards in the ids of the scalar encoding."""
    mask = np.zeros((state.size, RL_ACTIONS), dtype=np.bool_)
    mask[:, :NUM_ACTIONS] = legal_mask(state)
    return mask


def _relative(values: NDArray[Any], seat: NDArray[np.intp]) -> NDArray[Any]:
    """``values[N, 2]`` per absolute seat, as ``[N, 2]`` from each game's ``seat`` on."""
    taken: NDArray[Any] = np.take_along_axis(values, (seat[:, None] + np.arange(SEATS)[None, :]) & 1, axis=1)
    return taken


def _one_hot(index: NDArray[np.intp], length: int, valid: NDArray[np.bool_] | None = None) -> NDArray[np.float32]:
    out = np.zeros((index.shape[0], length), dtype=np.float32)
    rows = np.arange(index.shape[0])
    ok = np.ones(index.shape[0], dtype=np.bool_) if valid is None else valid
    out[rows[ok], index[ok]] = 1.0
    return out


def _cards(bits: NDArray[np.uint64]) -> NDArray[np.float32]:
    return unpack_bits(bits.reshape(-1), 36).astype(np.float32).reshape(bits.shape + (36,))


def _card(index: NDArray[np.integer]) -> NDArray[np.float32]:
    """36 floats per game, 1.0 for the card ``index`` (none for -1)."""
    return _one_hot(np.maximum(index, 0).astype(np.intp), 36, index >= 0)


def observations(state: PommeState, seat: ArrayLike | None = None) -> NDArray[np.float32]:
    """``float32[N, 283]``: each game's observation of ``seat`` (one seat, or one per game; by
    default the seat to play) as the vector of la pomme's scalar encoding, the same numbers as
    :func:`jass.rl.observation_vector` gives in the first round of a game once the card play
    of :func:`init` (or :func:`from_state`) has begun; a finished round shows the end of a
    game of that one round.

    >>> from jass.rl import observation_vector
    >>> rules = pomme.Rules(first_dealer=1)
    >>> scalar = pomme.new_game(rules, seed=5)
    >>> while scalar.phase is not pomme.Phase.PLAY:  # both keep their hands, nobody swaps
    ...     scalar = pomme.apply(scalar, [m for m in pomme.legal_moves(scalar) if type(m) in (pomme.KeepHand, pomme.DeclineSwap)][0])
    >>> observations(init([5], rules=rules))[0].tolist() == observation_vector("pomme", scalar, 0)
    True
    """
    n = state.size
    seats = np.broadcast_to(np.asarray(state.current_player & 1 if seat is None else seat, dtype=np.intp), (n,))
    seats = seats.astype(np.intp)
    rows = np.arange(n)
    play = state.play
    over = state.terminated
    parts: list[NDArray[np.float32]] = [_cards(play.hands[rows, seats])]
    trick = np.zeros((n, SEATS, 36), dtype=np.float32)
    trick_bits = np.zeros(n, dtype=np.uint64)
    for position in range(SEATS):
        card = play.trick[:, position]
        ok = card >= 0
        relative = (play.leader.astype(np.intp) + position - seats) & 1
        trick[rows[ok], relative[ok], card[ok]] = 1.0
        trick_bits |= np.where(ok, np.uint64(1) << card.clip(0).astype(np.uint64), np.uint64(0))
    parts.append(trick.reshape(n, -1))
    played = state.dealt & ~play.hands & ~trick_bits[:, None]
    parts.append(_cards(_relative(played, seats)).reshape(n, -1))
    parts.append(_one_hot(play.trump.astype(np.intp), 7))
    parts.append(_one_hot((play.leader.astype(np.intp) - seats) & 1, SEATS, play.trick[:, 0] >= 0))
    parts.append(_relative(popcount(play.hands.reshape(-1)).reshape(n, SEATS).astype(np.float32) / 9, seats))
    last = np.zeros((n, SEATS), dtype=np.int16)
    last[rows, play.leader.astype(np.intp)] = LAST_TRICK_BONUS * play.done
    parts.append(_relative((play.points - last).astype(np.float32) / 157, seats))
    # La pomme's blocks: phase, dealer, turned and top card, exchanges, swap, scores, pommes.
    parts.append(_one_hot(np.where(over, _GAME_OVER_PHASE, _PLAY_PHASE).astype(np.intp), _PHASES))
    parts.append(_one_hot((state.dealer.astype(np.intp) - seats) & 1, SEATS))
    parts.append(_card(state.turned))
    six = play.trump.astype(np.int16) * 9  # the trump 6, on the talon after a swap
    parts.append(_card(np.where(state.swapped_by >= 0, six, state.turned)))
    parts.append(np.ones((n, SEATS), dtype=np.float32))  # both have decided on their exchange
    parts.append(_relative(state.exchanged.astype(np.float32), seats))
    parts.append(_one_hot(np.where(state.swapped_by >= 0, (state.swapped_by.astype(np.intp) - seats) & 1, SEATS),
                          SEATS + 1))
    outcome = result(state)
    parts.append(_relative(outcome.game_points.astype(np.float32) / state.rules.target_points, seats))
    parts.append(_relative(outcome.pommes.astype(np.float32) / 3, seats))
    return np.concatenate(parts, axis=1)


def greedy_actions(state: PommeState, mask: NDArray[np.bool_]) -> NDArray[np.intp]:
    """The greedy heuristic's card among ``mask`` (``bool[N, 124]``) in each game:
    :func:`jass.batch.policies.greedy_cards` with no partner."""
    play = state.play
    position = play.ncards % SEATS
    cards: NDArray[np.intp] = greedy_cards(
        play.tables, mask[:, :36], play.trump, play.row, play.best, play.points_in_trick, position == 0,
        position == SEATS - 1, np.zeros(state.size, dtype=np.bool_),
    )
    return cards


def _step(state: PommeState, actions: NDArray[np.intp], active: NDArray[np.bool_]) -> PommeState:
    return step(state, actions, active=active)


def _init(seeds: NDArray[np.uint64], rules: Any) -> PommeState:
    return init(seeds, rules=rules)


def _round_gains(state: PommeState) -> NDArray[np.float64]:
    gains: NDArray[np.float64] = result(state).game_points.astype(np.float64)
    return gains


#: The card play of la pomme's rounds as the vector environments use it
#: (:class:`~jass.batch.engine.BatchEngine`).
ENGINE: Final[BatchEngine[PommeState]] = BatchEngine(
    seats=SEATS, actions=RL_ACTIONS, init=_init, step=_step, mask=rl_action_mask, observations=observations,
    to_act=lambda state: state.current_player, terminated=lambda state: state.terminated,
    round_gains=_round_gains, greedy=greedy_actions,
)
