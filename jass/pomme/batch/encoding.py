"""For learning agents: the scalar encoding's action mask and observation vectors
(:mod:`jass.pomme.encoding`) for N games at once, the greedy heuristic's cards, and
:data:`ENGINE`, all of it as :mod:`jass.rl.vector` uses it.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import pomme
from jass.batch.engine import BatchEngine
from jass.batch.policies import greedy_cards
from jass.batch.vectors import VectorWriter, play_block, relative
from jass.pomme.batch.state import NUM_ACTIONS, SEATS, PommeState, init
from jass.pomme.batch.step import legal_mask, result, step
from jass.trump import LAST_TRICK_BONUS

__all__ = ["RL_ACTIONS", "rl_action_mask", "observations", "greedy_actions", "ENGINE"]

#: The scalar encoding's number of action ids: the 36 cards, then the exchanges, the swap of
#: the trump 6 and the deal, which a batch round (its card play) never offers.
RL_ACTIONS: Final = 124
#: The length of la pomme's observation vector.
_SIZE: Final = 283
#: The phases of the scalar game, as its vector counts them: exchange, swap, play, round
#: over, game over.
_PLAY_PHASE, _GAME_OVER_PHASE, _PHASES = 2, 4, 5


def rl_action_mask(state: PommeState) -> NDArray[np.bool_]:
    """``bool[N, 124]``: the legal cards in the ids of the scalar encoding."""
    mask = np.zeros((state.size, RL_ACTIONS), dtype=np.bool_)
    mask[:, :NUM_ACTIONS] = legal_mask(state)
    return mask


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
    trick_bits = np.zeros(n, dtype=np.uint64)
    for position in range(SEATS):
        card = play.trick[:, position]
        trick_bits |= np.where(card >= 0, np.uint64(1) << card.clip(0).astype(np.uint64), np.uint64(0))
    last = np.zeros((n, SEATS), dtype=np.int16)
    last[rows, play.leader.astype(np.intp)] = LAST_TRICK_BONUS * play.done
    writer = VectorWriter(n, _SIZE)
    play_block(writer, seats, play.hands, state.dealt & ~play.hands & ~trick_bits[:, None], play.trick,
               play.leader, play.trump, play.points - last)
    # La pomme's blocks: phase, dealer, turned and top card, exchanges, swap, scores, pommes.
    writer.one_hot(np.where(over, _GAME_OVER_PHASE, _PLAY_PHASE), _PHASES)
    writer.one_hot((state.dealer.astype(np.intp) - seats) & 1, SEATS)
    known = state.turned >= 0
    writer.one_hot(np.maximum(state.turned, 0), 36, known)
    six = play.trump.astype(np.int16) * 9  # the trump 6, on the talon after a swap
    writer.one_hot(np.where(state.swapped_by >= 0, six, np.maximum(state.turned, 0)), 36,
                   known | (state.swapped_by >= 0))
    writer.values(np.ones((n, SEATS), dtype=np.float32))  # both have decided on their exchange
    writer.values(relative(state.exchanged, seats))
    writer.one_hot(np.where(state.swapped_by >= 0, (state.swapped_by.astype(np.intp) - seats) & 1, SEATS), SEATS + 1)
    outcome = result(state)
    writer.values(relative(outcome.game_points.astype(np.float32), seats) / np.float32(state.rules.target_points))
    writer.values(relative(outcome.pommes.astype(np.float32), seats) / np.float32(3))
    return writer.done()


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
    seats=SEATS, actions=RL_ACTIONS, default_rules=pomme.Rules, init=_init, step=_step, mask=rl_action_mask,
    observations=observations,
    to_act=lambda state: state.current_player, terminated=lambda state: state.terminated,
    round_gains=_round_gains, greedy=greedy_actions,
)
