"""Schieber rounds, N at once on numpy arrays: trump choice with push, the six modes, Weis,
Stöck, match and multipliers, exactly as :mod:`jass.schieber` plays and scores a round.

One game here is **one round**: the deal, the choice of trump (Vorhand, the seat after the
dealer, names a mode or pushes; after a push the partner names one), the 36 cards, and the
round's score as :func:`jass.schieber.score_round` breaks it down. A game to a target
(«Mer bedanked eus!», several rounds) is not modelled: the episode ends with the round's last
card.

**Actions** (fixed integer ids, :data:`NUM_ACTIONS` = 43):

==========  ==============================================================================
id          action
==========  ==============================================================================
0 .. 35     play the card of that index (``suit * 9 + rank`` as :class:`jass.cards.Card`;
            ``Card.H10`` is 22)
36 .. 41    choose trump mode ``id - 36`` in :class:`~jass.trump.Trump` order: Eicheln,
            Rosen, Schilten, Schellen, Obenabe, Undenufe (``ChooseTrump``)
42          push (``Push``): leave the choice to the partner
==========  ==============================================================================

**Rules**: a :class:`jass.schieber.Rules`. Used: ``multipliers``, ``match_bonus``,
``allow_push_back``, ``first_dealer`` and ``first_vorhand`` (for :func:`init`), ``play`` (Bauer
exception, undertrumping), ``weis`` (every option, or ``None``: no Weis) and ``auto_declare``:
with it every Weis counts as :class:`~jass.schieber.Rules` ``(auto_declare=True)`` counts them
(the team with the best single Weis scores all of its Weis, credited when the first trick is
complete); without it nobody declares a Weis (there is no declaring action). Stöck count 20,
credited as ``stoeck`` says: when the second of the trump King and Queen is played, with the
round's last card, or never. Not used: ``target_score``, ``rounds``, ``end_mode``,
``claim_by`` and ``counting_order`` (the game beyond the round).

**Rewards**: :attr:`BatchState.rewards` is ``int32[N, 4]``, what each seat's team was written
(multiplier applied) in the last step: trick points when a trick completes, the Weis with
the first trick, Stöck with the second card (or with the last, ``StoeckMode.ROUND_END``), the
last trick and the match with the last card.
Summed over a round they are the round's :attr:`~jass.schieber.RoundScore.totals`.

>>> import numpy as np
>>> from jass import schieber
>>> from jass.schieber import batch
>>> rules = schieber.Rules(auto_declare=True)
>>> state = batch.init([1, 2, 3], rules=rules)        # the deals of new_game(rules, seed=1), ...
>>> state = batch.step(state, [36, 40, 42])           # Eicheln, Obenabe, push
>>> [int(p) for p in state.current_player] == [int(d + 1) % 4 for d in state.dealer[:2]] + [int(state.dealer[2] + 3) % 4]
True
>>> rng = np.random.default_rng(0)
>>> while not state.terminated.all():
...     state = batch.step(state, batch.random_actions(state, rng))
>>> scores = batch.scores(state)
>>> (scores.cards + scores.last_trick).sum(axis=1).tolist()
[157, 157, 157]

The package's files: ``tables`` (the action ids and :class:`Config`), ``state``
(:class:`BatchState`, :class:`RoundScores`), ``setup`` (:func:`init`, :func:`from_hands`,
:func:`from_state`...), ``step`` (:func:`legal_mask`, :func:`step`...), ``results``
(:func:`scores`, :func:`rollout`...), ``encoding`` (the learning agents' masks and vectors).
"""

from jass.schieber.batch.encoding import *  # noqa: F403
from jass.schieber.batch.results import *  # noqa: F403
from jass.schieber.batch.setup import *  # noqa: F403
from jass.schieber.batch.state import *  # noqa: F403
from jass.schieber.batch.step import *  # noqa: F403
from jass.schieber.batch.tables import *  # noqa: F403

__all__ = [
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "FIRST_TRUMP_ACTION",
    "PUSH",
    "Config",
    "BatchState",
    "RoundScores",
    "init",
    "from_hands",
    "from_state",
    "from_states",
    "legal_mask",
    "step",
    "random_actions",
    "play_random",
    "scores",
    "totals",
    "hands",
    "rollout",
    "rollout_view",
    "RL_ACTIONS",
    "rl_action_mask",
    "observations",
]
