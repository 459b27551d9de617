"""A learned policy as a bot (:class:`PolicyBot`): an opponent for self-play in the environments,
and a player in the arena (:func:`jass.ai.tournament.run_arena`) like any other bot. Needs the
optional extra ``jass[rl]`` (numpy).

>>> import numpy as np
>>> from jass import schieber
>>> bot = PolicyBot(lambda observation, mask: int(np.flatnonzero(mask)[-1]))  # the highest id offered
>>> state = schieber.new_game(seed=3)
>>> view = schieber.observe(state, schieber.to_act(state))
>>> bot.choose(view, schieber.legal_moves(state))
Push()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Literal

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as error:  # pragma: no cover - the extra is installed wherever this runs
    raise ImportError("jass.rl.policy needs numpy: pip install 'jass[rl]'") from error

from jass.errors import IllegalMoveError, JassError
from jass.rl import Moves, encoding_of, offered_moves
from jass.variant import variant_of

__all__ = ["Observation", "OBSERVATIONS", "Policy", "PolicyBot", "check_observation", "observation_of"]

#: How an environment shows an observation: ``"dict"``, the vector and the action mask
#: (``{"observation": float32[size], "action_mask": int8[actions]}``, as PettingZoo's card
#: games do), or ``"flat"``, the vector alone (a Box; the mask is then in ``info`` and
#: ``action_masks()``).
Observation = Literal["dict", "flat"]
#: The names of :data:`Observation`.
OBSERVATIONS: Final[tuple[Observation, ...]] = ("dict", "flat")

#: A policy: ``policy(observation, mask) -> action id``, the observation as the environment
#: shows it, the mask ``int8[actions]`` (1 for each action offered).
Policy = Callable[[Any, NDArray[np.int8]], Any]


def check_observation(observation: object) -> Observation:
    """``observation`` if it is one of :data:`OBSERVATIONS`, else a :class:`~jass.errors.JassError`."""
    for name in OBSERVATIONS:
        if observation == name:
            return name
    raise JassError(f"observation={observation!r:.40}: choose one of {', '.join(OBSERVATIONS)}")


def observation_of(vector: NDArray[np.float32], mask: NDArray[np.int8], observation: Observation) -> Any:
    """What an environment shows: the dict of the vector and the mask, or the vector alone."""
    if observation == "flat":
        return vector
    return {"observation": vector, "action_mask": mask}


class PolicyBot:
    """A bot that plays ``policy``: given a view and its moves, it encodes the view as the
    environments do (the ``observation`` form, ``"flat"`` or ``"dict"``), asks the policy for
    an action id among those offered (``moves``: the sensible ones, as the environments offer
    them by default) and plays that move.

    A policy is frozen by its caller (a copy of a model's weights, say): the bot is not copied
    when the arena or an environment copies bots for each game (``copy.deepcopy`` returns it),
    so that one large model serves every seat. A policy that answers an id not offered raises
    :class:`~jass.errors.IllegalMoveError`.
    """

    def __init__(self, policy: Policy, *, observation: Observation = "flat", moves: Moves = "sensible") -> None:
        if not callable(policy):
            raise JassError(f"policy={policy!r:.60}: expected a function policy(observation, mask) -> action id")
        self.policy = policy
        self.observation = check_observation(observation)
        self.moves = moves

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """The move of the action id the policy picks among those offered."""
        variant = variant_of(view)
        encoding = encoding_of(variant)
        mask = np.asarray(encoding.mask(view, offered_moves(variant, view, moves, moves=self.moves)), dtype=np.int8)
        vector = np.asarray(encoding.encode(view), dtype=np.float32)
        action = self.policy(observation_of(vector, mask, self.observation), mask)
        try:
            chosen = int(action)
        except (TypeError, ValueError):
            raise IllegalMoveError(f"the policy answered {action!r:.40}, not an action id") from None
        if not 0 <= chosen < encoding.actions or not mask[chosen]:
            raise IllegalMoveError(f"the policy answered action {chosen}, which is not offered: "
                                   f"offered {np.flatnonzero(mask).tolist()}")
        return encoding.move_of(view, chosen)

    def __deepcopy__(self, memo: dict[int, Any]) -> PolicyBot:
        return self

    def __repr__(self) -> str:
        return f"PolicyBot({getattr(self.policy, '__name__', type(self.policy).__name__)})"
