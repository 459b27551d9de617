"""Train sb3-contrib's MaskablePPO on the vector environment: many Schieber rounds at once on the
batch engine, seat 0 learning against numpy opponents that play the rule bot's main ideas;
then measure it against the rule bots themselves (``maskable_ppo.py``'s :func:`evaluate`).

    pip install 'jass[rl,train]'
    python docs/examples/maskable_ppo_vector.py --minutes 10

Stable-Baselines3 steps its own ``VecEnv``, not Gymnasium's vector environments: the adapter
:func:`sb3_vec_env` below gives it the vector environment as one (about forty lines, most of
them saying "not needed here").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from jass.rl.vector import JassVectorEnv

sys.path.insert(0, str(Path(__file__).parent))
from maskable_ppo import ROUND, evaluate, policy_bot  # noqa: E402


def make_vector_env(num_envs: int = 128, seed: int = 0) -> JassVectorEnv:
    """``num_envs`` rounds in lockstep, seat 0 learning, the greedy numpy opponents elsewhere;
    the same game and the same flat observation as ``maskable_ppo.make_env``."""
    envs = JassVectorEnv("schieber", num_envs, opponents="greedy", rules=ROUND, observation="flat")
    envs.reset(seed=seed)
    return envs


def sb3_vec_env(envs: JassVectorEnv) -> Any:
    """``envs`` as a Stable-Baselines3 ``VecEnv`` with ``action_masks()`` (for MaskablePPO)."""
    from stable_baselines3.common.vec_env import VecEnv

    class JassVecEnv(VecEnv):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__(envs.num_envs, envs.single_observation_space, envs.single_action_space)
            self._actions = np.zeros(envs.num_envs, dtype=np.intp)

        def reset(self) -> Any:
            observations, _ = envs.reset(seed=self._seeds[0] if self._seeds and self._seeds[0] is not None else None)
            self._reset_seeds()
            return observations

        def step_async(self, actions: np.ndarray) -> None:
            self._actions = np.asarray(actions, dtype=np.intp)

        def step_wait(self) -> Any:
            observations, rewards, terminations, truncations, infos = envs.step(self._actions)
            dones = terminations | truncations
            listed: list[dict[str, Any]] = [{} for _ in range(envs.num_envs)]
            for i in np.flatnonzero(dones):  # SB3's name for the last observation of a game
                listed[i] = {"terminal_observation": infos["final_obs"][i], "TimeLimit.truncated": False}
            return observations, rewards.astype(np.float32), dones, listed

        def action_masks(self) -> np.ndarray:
            return envs.action_masks()

        def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> Any:
            if method_name != "action_masks":
                raise NotImplementedError(method_name)
            return envs.action_masks()

        def has_attr(self, attr_name: str) -> bool:
            return attr_name == "action_masks"

        def close(self) -> None:
            envs.close()

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            return [getattr(envs, attr_name)] * envs.num_envs

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            raise NotImplementedError(attr_name)

        def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
            return [False] * envs.num_envs

    return JassVecEnv()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="CPU minutes of training")
    parser.add_argument("--deals", type=int, default=500, help="deals of the evaluation")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", sb3_vec_env(make_vector_env()), n_steps=64, batch_size=1024, gamma=1.0,
                        ent_coef=0.01, policy_kwargs={"net_arch": [256, 256]}, seed=0, verbose=0)
    start = time.process_time()
    while time.process_time() - start < args.minutes * 60:
        model.learn(total_timesteps=64 * 128 * 4, reset_num_timesteps=False)
    mean, half = evaluate(policy_bot(model), args.deals)
    print(f"MaskablePPO against the rule bots: margin per round {mean:+.1f} ± {half:.1f} (95%)")


if __name__ == "__main__":
    main()
