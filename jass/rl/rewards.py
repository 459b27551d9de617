"""The rewards of the environments (:mod:`jass.rl.gymnasium`, :mod:`jass.rl.vector`), defined
once for both: what a round gave the learner's team against the others.

``"round_margin"`` (the default) pays at the end of every round what it wrote for the
learner's team less what it wrote, on average, for each other team, divided by the variant's
:attr:`~jass.variant.encoding.Encoding.round_scale`; for a variant where fewer is better
(Differenzler's penalties) the sign is turned, so that more is always better:

- Schieber and Coiffeur: (own team's points - the other team's) / 157, the round's points
  as written (multiplier, Weis, Stöck and match included): a round of 157 card points won
  157 : 0 at x1 pays 1.0;
- Differenzler: (the others' average penalty - own penalty) / 157: a round that costs the
  learner 10 penalty points and each other seat 40 pays 30 / 157;
- la pomme: (own game points - the other's) / 2: +1 for the higher total against a pomme
  (-1) pays 1.0, a round won without a pomme 0.5.

``"game"`` pays only at the end of the game its :func:`jass.rl.returns`: +1 when the
learner's team wins, -1 / (teams - 1) when another does, 0 for a draw (a vector environment's
game is one round: the team with the best standing wins it, a tie for the best is a draw).
"""

from __future__ import annotations

from typing import Final, Literal

import numpy as np
from numpy.typing import NDArray

from jass.errors import JassError

__all__ = ["REWARDS", "Reward", "check_reward", "round_margins", "round_results"]

Reward = Literal["round_margin", "game"]
#: The rewards the environments offer.
REWARDS: Final[tuple[Reward, ...]] = ("round_margin", "game")


def check_reward(reward: object) -> Reward:
    """``reward`` if it names one of :data:`REWARDS`, else a :class:`~jass.errors.JassError`."""
    for name in REWARDS:
        if reward == name:
            return name
    raise JassError(f"reward={reward!r:.40}: choose one of {', '.join(REWARDS)}")


def round_margins(gains: NDArray[np.float64], team: int, lower_is_better: bool, scale: float) -> NDArray[np.float64]:
    """``float64[N]``: the ``"round_margin"`` reward of ``team`` for N rounds, from what each
    round wrote for each team (``gains``, ``[N, teams]``).

    >>> round_margins(np.array([[100.0, 57.0]]), 0, False, 157).round(3).tolist()  # Schieber, team 0
    [0.274]
    >>> round_margins(np.array([[10.0, 40.0, 40.0, 40.0]]), 0, True, 157).round(3).tolist()  # Differenzler
    [0.191]
    """
    own = gains[:, team]
    others = (gains.sum(axis=1) - own) / (gains.shape[1] - 1)
    margin = others - own if lower_is_better else own - others
    scaled: NDArray[np.float64] = margin / scale
    return scaled


def round_results(gains: NDArray[np.float64], team: int, lower_is_better: bool) -> NDArray[np.float64]:
    """``float64[N]``: the ``"game"`` reward of ``team`` for N games of one round each: +1 for the
    one team with the best standing, -1 / (teams - 1) for the others, 0 for all when several
    share the best.

    >>> round_results(np.array([[3.0, 1.0], [2.0, 2.0], [0.0, 5.0]]), 0, False).tolist()
    [1.0, 0.0, -1.0]
    """
    values = -gains if lower_is_better else gains
    best = values.max(axis=1)
    leaders = (values == best[:, None]).sum(axis=1)
    won = values[:, team] == best
    teams = gains.shape[1]
    result: NDArray[np.float64] = np.where(leaders > 1, 0.0, np.where(won, 1.0, -1.0 / (teams - 1)))
    return result
