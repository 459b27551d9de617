"""For learning agents: the scalar encoding's action mask and observation vectors
(:mod:`jass.schieber.encoding`) for N games at once, the greedy heuristic's moves, and
:data:`ENGINE`, all of it as :mod:`jass.rl.vector` uses it.
"""

from __future__ import annotations

from typing import Any, Final

import attrs
import numpy as np
from numpy.typing import ArrayLike, NDArray

from jass import schieber
from jass.batch.core import unpack_bits
from jass.batch.engine import BatchEngine
from jass.batch.policies import greedy_cards
from jass.batch.vectors import VectorWriter, play_block, relative
from jass.cards import Card, CardSet
from jass.errors import InvalidRulesError
from jass.schieber.batch.results import totals
from jass.schieber.batch.setup import init
from jass.schieber.batch.state import BatchState
from jass.schieber.batch.step import legal_mask, step
from jass.schieber.batch.tables import FIRST_TRUMP_ACTION, NUM_ACTIONS, PUSH, U64
from jass.teams.ai import hand_value
from jass.trump import Trump

__all__ = ["RL_ACTIONS", "rl_action_mask", "observations", "greedy_actions", "ENGINE"]


#: The length of Schieber's observation vector.
_SIZE: Final = 515
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


def observations(state: BatchState, seat: ArrayLike | None = None) -> NDArray[np.float32]:
    """``float32[N, 515]``: each game's observation of ``seat`` (one seat, or one per game; by
    default the seat to act) as the vector of Schieber's scalar encoding: the same numbers, in
    the same layout, as :func:`jass.rl.observation_vector` gives for the same round in a game
    of one round (``rounds=1``): a finished round shows the end of that game (phase
    ``GAME_OVER``, the round's points written).

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
    trick_bits = np.zeros(n, dtype=np.uint64)
    for position in range(4):
        card = state.trick[:, position]
        trick_bits |= np.where(card >= 0, U64(1) << card.clip(0).astype(np.uint64), U64(0))
    writer = VectorWriter(n, _SIZE)
    play_block(writer, seats, state.dealt & ~played[:, None], state.dealt & (played & ~trick_bits)[:, None],
               state.trick, state.leader, state.trump, state.seat_points)
    # Schieber's blocks: phase, dealer, pushes, Weis, Stöck, scores, target, multiplier.
    choosing = state.trump < 0
    # A finished round is the end of a game of one round: phase GAME_OVER, its points written.
    writer.one_hot(np.where(choosing, 0, np.where(state.terminated, 3, 1)), 4)
    writer.one_hot((state.dealer.astype(np.intp) - seats) & 3, 4)
    writer.one_hot(state.pushed.astype(np.intp), 3)
    rules = state.config.rules
    public = (state.ncards >= 4) if rules.auto_declare else np.zeros(n, dtype=np.bool_)
    writer.values(relative(state.seat_weis.astype(np.float32), seats) / np.float32(300) * public[:, None])
    writer.values(np.repeat(public[:, None], 4, axis=1))
    team_of = np.arange(4) & 1
    scoring = (state.weis_pending[:, team_of] > 0) & public[:, None]  # [N, 4]: the seat's team shows its Weis
    writer.cards(relative(np.where(scoring, state.weis_cards, U64(0)), seats))
    team = (seats & 1).astype(np.intp)
    credited = (state.stoeck_left == 0) & (state.stoeck_team >= 0)
    writer.one_hot(np.where(credited, np.where(state.stoeck_team == team, 0, 1), 2), 3)
    scale = np.float32(rules.target_score or 3000)
    written = (state.card_points + state.weis + state.stoeck + state.last_trick + state.match).astype(np.float32)
    written *= state.multiplier[:, None].astype(np.float32)
    own_other = np.stack([written[rows, team], written[rows, 1 - team]], axis=1) / scale
    writer.values(own_other * state.terminated[:, None])  # scores: written once the round is over
    writer.values(own_other * (~choosing & ~state.terminated)[:, None])  # the round's points so far
    multiplier = np.where(choosing, 0, state.multiplier).astype(np.float32) / np.float32(4)
    writer.values(np.stack([np.full(n, (rules.target_score or 0) / 5000, dtype=np.float32), multiplier], axis=1))
    return writer.done()


#: ``_HAND_VALUE[card, mode]``: what a card adds to a hand's liking of a mode
#: (:func:`jass.teams.ai.hand_value` is a sum over the cards of the hand).
_HAND_VALUE: Final = np.array([[hand_value(CardSet([card]), mode) for mode in Trump] for card in Card],
                              dtype=np.int32)
#: The rule bot pushes a hand whose best mode is worth less than this.
_PUSH_BELOW: Final = 24


def greedy_actions(state: BatchState, mask: NDArray[np.bool_]) -> NDArray[np.intp]:
    """The greedy heuristic's action among ``mask`` (``bool[N, 46]``) in each game: the mode the
    hand likes best (:func:`jass.teams.ai.hand_value`, as the rule bot chooses) or a push when
    it likes none enough, then the cards of :func:`jass.batch.policies.greedy_cards`.

    >>> state = init([5], rules=schieber.Rules.tournament(1))
    >>> int(greedy_actions(state, rl_action_mask(state))[0]) in range(36, 43)
    True
    """
    seat = (state.current_player & 3).astype(np.intp)
    # The card play.
    position = state.ncards & 3
    winner = state.winner.astype(np.intp)
    partner = ((winner & 1) == (seat & 1)) & (winner != seat)
    chosen: NDArray[np.intp] = greedy_cards(
        state.config.tables, mask[:, :36], np.maximum(state.trump, 0), state.row, state.best,
        state.points_in_trick, position == 0, position == 3, partner & (position != 0),
    )
    choosing = np.flatnonzero(state.trump < 0)
    if choosing.size:
        # The choice of trump: the chooser holds its whole hand.
        held = unpack_bits(state.dealt[choosing, seat[choosing]], 36).astype(np.int32)
        values = held @ _HAND_VALUE  # [n, 6]
        allowed = mask[choosing, FIRST_TRUMP_ACTION:FIRST_TRUMP_ACTION + 6]
        mode = np.argmax(np.where(allowed, values, -1), axis=1)
        weak = values[np.arange(choosing.size), mode] < _PUSH_BELOW
        chosen[choosing] = np.where(weak & mask[choosing, PUSH], PUSH, FIRST_TRUMP_ACTION + mode)
    return chosen


def _one_round() -> schieber.Rules:
    """The vector environments' default: :meth:`jass.schieber.Rules.tournament` of one round, every
    Weis declared (the batch has no declaring action)."""
    return attrs.evolve(schieber.Rules.tournament(1), auto_declare=True)


def _step(state: BatchState, actions: NDArray[np.intp], active: NDArray[np.bool_]) -> BatchState:
    return step(state, actions, active=active)


def _init(seeds: NDArray[np.uint64], rules: Any) -> BatchState:
    if isinstance(rules, schieber.Rules) and rules.weis is not None and not rules.auto_declare:
        # The scalar game offers to declare (id 45), which a batch round cannot: an agent would
        # learn a game without Weis and meet another one.
        raise InvalidRulesError("a vector environment plays Weis only with auto_declare=True (or weis=None): "
                                "the batch engine has no declaring action")
    return init(seeds, rules=rules)


def _round_gains(state: BatchState) -> NDArray[np.float64]:
    gains: NDArray[np.float64] = totals(state).astype(np.float64)
    return gains


#: Schieber rounds as the vector environments use them (:class:`~jass.batch.engine.BatchEngine`).
ENGINE: Final[BatchEngine[BatchState]] = BatchEngine(
    seats=4, actions=RL_ACTIONS, default_rules=_one_round, init=_init, step=_step, mask=rl_action_mask,
    observations=observations,
    to_act=lambda state: state.current_player, terminated=lambda state: state.terminated,
    round_gains=_round_gains, greedy=greedy_actions,
    mode_actions={FIRST_TRUMP_ACTION + mode: Trump(mode) for mode in range(6)},
)
