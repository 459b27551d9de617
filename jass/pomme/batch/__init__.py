"""Two-player Jass ("la pomme"), N rounds at once on numpy arrays: the card play and the
result of a round, exactly as :mod:`jass.pomme` plays and scores one.

A game here starts at the **card play**: the exchange of the extra cards and the trump-6
swap are decisions of the scalar engine (:mod:`jass.pomme`). :func:`init` deals as
:func:`jass.pomme.new_game` and starts the play as both players keeping their hands and
nobody swapping would; :func:`from_state` copies a scalar round in phase ``PLAY`` (after
any exchanges); :func:`from_hands` takes hands, trump and dealer. The non-dealer leads;
the trump Jack is worth ``Rules.trump_jack_points`` (21); the 18 cards are played; the
higher total scores +1, a total under ``Rules.pomme_threshold`` is a pomme (-1).

**Actions**: 0 .. 35, play the card of that index (:data:`NUM_ACTIONS` = 36).

**Rewards**: :attr:`PommeState.rewards` is ``int32[N, 2]``: each seat's game points
(+1 for the higher total, -1 for a pomme) on the round's last card, 0 before.

The package's files: ``state`` (:class:`PommeState`, :func:`init`, :func:`from_hands`,
:func:`from_state`), ``step`` (:func:`legal_mask`, :func:`step`, :func:`result`...),
``encoding`` (the learning agents' masks and vectors, the greedy heuristic and :data:`ENGINE`
for :mod:`jass.rl.vector`).

>>> import numpy as np
>>> from jass.pomme import batch
>>> state = batch.play_random(batch.init([1, 2, 3]), np.random.default_rng(0))
>>> bool(state.terminated.all()), state.play.tricks_won.sum(axis=1).tolist()
(True, [9, 9, 9])
"""

from jass.pomme.batch.encoding import *  # noqa: F403
from jass.pomme.batch.state import *  # noqa: F403
from jass.pomme.batch.step import *  # noqa: F403

__all__ = [
    "NUM_ACTIONS",
    "PommeState",
    "RoundResult",
    "init",
    "from_hands",
    "from_state",
    "legal_mask",
    "step",
    "random_actions",
    "play_random",
    "result",
    "rl_action_mask",
    "observations",
    "greedy_actions",
    "ENGINE",
]
