"""Differenzler rounds, N at once on numpy arrays: the predictions, the card play and the
penalties of a round, exactly as :mod:`jass.differenzler` plays and scores one.

One game here is **one round**: the deal (the dealer's last card face up fixes trump), one
prediction per seat from Vorhand round to the dealer, the 36 cards led by Vorhand, and each
seat's penalty ``abs(points - prediction)`` (or ``-exact_bonus`` for an exact prediction
that earns it). The game over several rounds is not modelled.

**Actions** (fixed integer ids, :data:`NUM_ACTIONS` = 194, the scalar encoding's first 194):

==========  ==============================================================================
id          action
==========  ==============================================================================
0 .. 35     play the card of that index (``suit * 9 + rank``, as :class:`jass.cards.Card`)
36 .. 193   predict ``id - 36`` points (``Predict(0)`` .. ``Predict(157)``)
==========  ==============================================================================

**Rules**: a :class:`jass.differenzler.Rules`; ``play`` (Bauer exception, undertrumping),
``exact_bonus``, ``zero_prediction_bonus`` and ``first_dealer`` are used. Four players only:
rules for three (``seats=3``) or with ``dealer_credit`` are refused
(:class:`~jass.errors.InvalidRulesError`).

**Rewards**: :attr:`DifferenzlerState.rewards` is ``int32[N, 4]``: minus each seat's penalty
on the round's last card, 0 on every other step.

The package's files: ``state`` (:class:`DifferenzlerState`, :func:`init`, :func:`from_hands`,
:func:`from_state`), ``step`` (:func:`legal_mask`, :func:`step`, :func:`penalties`...),
``encoding`` (the learning agents' masks and vectors, the greedy heuristic and :data:`ENGINE`
for :mod:`jass.rl.vector`).

>>> import numpy as np
>>> from jass.differenzler import batch
>>> state = batch.init([1, 2])
>>> rng = np.random.default_rng(0)
>>> while not state.terminated.all():
...     state = batch.step(state, batch.random_actions(state, rng))
>>> state.play.points.sum(axis=1).tolist()
[157, 157]
"""

from jass.differenzler.batch.encoding import *  # noqa: F403
from jass.differenzler.batch.state import *  # noqa: F403
from jass.differenzler.batch.step import *  # noqa: F403

__all__ = [
    "NUM_ACTIONS",
    "FIRST_PREDICT_ACTION",
    "DifferenzlerState",
    "init",
    "from_hands",
    "from_state",
    "legal_mask",
    "step",
    "random_actions",
    "play_random",
    "penalties",
    "rl_action_mask",
    "observations",
    "greedy_actions",
    "ENGINE",
]
