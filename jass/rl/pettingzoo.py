"""A PettingZoo AEC environment for every variant with an encoding (optional extra
``jass[rl]``: pettingzoo, gymnasium and numpy).

Agents are ``"seat_0"`` .. ``"seat_{n-1}"``. Each agent observes a dict, as PettingZoo's
classic card games do: ``"observation"``, the float32 vector of its seat's observation in
the variant's layout (:mod:`jass.variant.encoding`), and ``"action_mask"``, an int8 mask of the
action ids it may take (all 0 when another seat is to act). Actions are the variant's fixed
ids (``Discrete(actions)``); the mask offers the sensible moves (``moves="sensible"``, the
default: none that loses the game at once, :func:`jass.rl.offered_moves`) or every legal move
(``moves="all"``), and an id outside it raises :class:`~jass.errors.IllegalMoveError`.
Rewards are 0 until the game is over, then each seat's return (:func:`jass.rl.returns`: +1
for the winning team, the rest share -1). ``reset(seed=s)`` plays the game of seed ``s`` (and
any seed ``0 .. 2**64-1``); without one, a fresh random game.

PettingZoo's ``api_test`` warns "Observation is not a NumPy array" (and that the observation
space "probably should be" a Box) for this environment, as for any environment whose
observation is a dict but PettingZoo's own card and board games, which its test exempts by
name: the dict's ``"observation"`` and ``"action_mask"`` are NumPy arrays, and the test
checks them as such. The dict is the convention of those games; nothing is wrong.

>>> from jass.rl.pettingzoo import env
>>> game = env("pomme")
>>> game.reset(seed=7)
>>> agent = game.agent_selection
>>> observation = game.observe(agent)
>>> # 193 floats of card play (36 x 5 + 7 + 3 x 2) and 90 of la pomme; keep, or 84 exchanges
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((283,), 85)
>>> game.step(36)  # keep the hand
>>> game.agent_selection != agent
True
"""

from __future__ import annotations

from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - the extra is installed wherever this runs
    raise ImportError(
        "jass.rl.pettingzoo needs pettingzoo, gymnasium and numpy: pip install 'jass[rl]'"
    ) from error

from jass.errors import JassError
from jass.rl import Moves, apply_action, check_moves, encoding_of, offered_moves, returns
from jass.variant import AnyVariant, SEED_LIMIT, as_variant

__all__ = ["JassEnv", "env", "raw_env"]

#: Bounds of the observation vector: its values are mostly in [0, 1]; scores and penalties
#: beyond the target stay well inside these.
_LOW, _HIGH = -1000.0, 1000.0


class JassEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is not typed
    """The AEC environment of one variant (see the module docs)."""

    metadata = {"render_modes": ["ansi"], "name": "jass_v0", "is_parallelizable": False}

    def __init__(self, variant: AnyVariant | str = "schieber", rules: Any = None, render_mode: str | None = None,
                 moves: Moves = "sensible") -> None:
        super().__init__()
        self.moves = check_moves(moves)
        self.variant = as_variant(variant)
        self.encoding = encoding_of(self.variant)
        if render_mode not in (None, "ansi"):
            raise JassError(f"render_mode={render_mode!r}: expected None or 'ansi'")
        self.render_mode = render_mode
        self.rules = rules
        self.metadata = {**self.metadata, "name": f"jass_{self.variant.name}_v0"}
        self.possible_agents = [f"seat_{seat}" for seat in range(self.variant.seats_for(rules))]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.encoding.size
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(_LOW, _HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoding.actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.encoding.actions) for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state_: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The dict space of ``agent``'s observation."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The variant's action ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: the game of ``seed``, or a random one."""
        if seed is None:
            seed = int(self._rng.integers(0, SEED_LIMIT, dtype=np.uint64))
        self.state_ = self.variant.new_game(self.rules, seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.variant.to_act(self.state_)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat sees, as a vector, and its action mask."""
        seat = self._seat[agent]
        view = self.variant.observe(self.state_, seat)
        mask = np.zeros(self.encoding.actions, np.int8)
        if self.variant.to_act(self.state_) == seat:
            mask[:] = self.encoding.mask(view, offered_moves(self.variant, view, view.legal_moves, moves=self.moves))
        return {"observation": np.asarray(self.encoding.encode(view), np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent takes ``action`` (an id legal in its mask; ``None`` once the
        agent is done, as PettingZoo's loop steps it)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise JassError(f"{agent} is to act: expected an action id, got None")
        self.state_ = apply_action(self.variant, self.state_, int(action), moves=self.moves)
        self._cumulative_rewards[agent] = 0.0
        if self.variant.is_over(self.state_):
            for name, value in zip(self.possible_agents, returns(self.variant, self.state_)):
                self.rewards[name] = value
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the public state of the table as text."""
        if self.render_mode != "ansi":
            return None
        return repr(self.variant.observe(self.state_, None))

    def close(self) -> None:
        """Nothing to release."""


def raw_env(variant: AnyVariant | str = "schieber", rules: Any = None, render_mode: str | None = None,
            moves: Moves = "sensible") -> JassEnv:
    """The environment without PettingZoo's wrappers."""
    return JassEnv(variant, rules, render_mode, moves)


def env(variant: AnyVariant | str = "schieber", rules: Any = None, render_mode: str | None = None,
        moves: Moves = "sensible") -> JassEnv:
    """The environment of ``variant`` under ``rules`` (see the module docs)."""
    return raw_env(variant, rules, render_mode, moves)
