"""Many games at once on numpy arrays: the batched engine (the optional extra ``jass[batch]``).

Search bots and reinforcement learning play millions of games. The public API checks every
move of one game and returns a new immutable state; the play-outs of :mod:`jass.tricks` play one game on raw
ints. This package holds *N* games in numpy arrays and steps them in lockstep: one set of
array operations per step for all games, no Python loop over games.

The design follows pgx (``pgx/core.py``): a state of arrays, and pure functions

- ``init(seeds_or_rng, n)``: N new games;
- ``legal_mask(state)``: ``bool[N, A]``, the legal actions of the seat to act in each game;
- ``step(state, actions)``: one action per game; finished games ignore theirs, an illegal
  action raises (or ends its game, ``on_illegal="terminate"``);
- ``state.rewards``: what each seat gained in the last step.

Every rule is the scalar engine's: ``tests/test_batch.py`` replays random batches card for
card through :mod:`jass.schieber` and compares every legal mask, trick and score.

This package holds what every variant's engine shares; each engine lives in its variant's
folder, beside the rules it repeats in numpy (a new variant's engine touches only its folder):

- :mod:`jass.batch.core`: the kernels every variant shares (dealing from seeds exactly as
  :func:`jass.cards.deal`, random deals, bit counting, a random set bit per row, masks);
- :mod:`jass.batch.cardplay`: the card play of a round as tables (legal cards, trick keys,
  points) for any number of seats;
- :mod:`jass.batch.engine`: :class:`~jass.batch.engine.BatchEngine`, the interface every
  variant's engine offers the vector environments (:mod:`jass.rl.vector`), and the rows of a
  batch; :mod:`jass.batch.vectors` writes observation vectors in place;
  :mod:`jass.batch.policies` holds the opponents (random, and the greedy heuristic's cards);
- ``jass.schieber.batch``: Schieber rounds (trump choice with push, all six modes,
  Weis, Stöck, match, multipliers) and random rollouts from a position for search;
- ``jass.differenzler.batch``: the predictions, the card play and the penalties of a
  Differenzler round;
- ``jass.pomme.batch``: the card play and the result of a round of two-player Jass.

numpy is imported only by these modules (a variant's package never imports its ``batch``
file itself), never by the rest of the library.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
except ImportError as error:  # pragma: no cover - the extra is installed wherever this runs
    raise ImportError(
        "jass.batch needs numpy: install the optional extra with `pip install 'jass[batch]'`"
    ) from error
