"""A small learner in numpy alone: masked REINFORCE with a linear softmax policy, on either
environment of :mod:`jass.rl`.

A linear policy learns next to nothing here: ``python docs/examples/reinforce.py`` (2,000
steps of 256 games, some 70,000 rounds, 8 minutes on a loaded machine) ends where it began,
near -39 points per round against the greedy opponents; learning is what ``maskable_ppo.py``
is for. This one shows the loop every learner runs (observe, mask, act, collect the rewards
of an episode, update) with no dependency beyond ``jass[rl]``, and the tests run it for a few
hundred steps on both environments so that the examples cannot rot::

    python docs/examples/reinforce.py
"""

from __future__ import annotations

from typing import Any

import numpy as np


class LinearPolicy:
    """``softmax(observation @ weights)`` over the offered actions only (the others get
    probability 0), trained by REINFORCE with the running average return as baseline."""

    def __init__(self, size: int, actions: int, *, learning_rate: float = 0.01, seed: int = 0) -> None:
        self.weights = np.zeros((size, actions))
        self.learning_rate = learning_rate
        self.baseline = 0.0
        self.rng = np.random.default_rng(seed)

    def probabilities(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """``[M, actions]``: each game's probabilities, 0 for an action not offered."""
        logits = observations @ self.weights
        logits = np.where(masks.astype(bool), logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        return weights / weights.sum(axis=1, keepdims=True)

    def act(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """An offered action per game, drawn from the policy."""
        probabilities = self.probabilities(observations, masks)
        draws = self.rng.random((len(probabilities), 1))
        return (probabilities.cumsum(axis=1) < draws).sum(axis=1).clip(0, masks.shape[1] - 1)

    def update(self, observations: np.ndarray, actions: np.ndarray, masks: np.ndarray, returns: np.ndarray) -> None:
        """One gradient step of REINFORCE on the steps of finished episodes."""
        advantages = returns - self.baseline
        self.baseline += 0.05 * (float(returns.mean()) - self.baseline)
        probabilities = self.probabilities(observations, masks)
        chosen = np.zeros_like(probabilities)
        chosen[np.arange(len(actions)), actions] = 1.0
        gradient = observations.T @ ((chosen - probabilities) * advantages[:, None]) / len(actions)
        self.weights += self.learning_rate * gradient


def _vector(observation: Any) -> np.ndarray:
    """The observation vector, from a dict observation or a flat one."""
    return np.asarray(observation["observation"] if isinstance(observation, dict) else observation)


def train(env: Any, steps: int, *, seed: int = 0) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE on a single-agent environment (:class:`jass.rl.gymnasium.JassGymEnv`) for
    ``steps`` steps; the policy and the return of each finished episode."""
    observation, _ = env.reset(seed=seed)
    policy = LinearPolicy(_vector(observation).size, int(env.action_space.n), seed=seed)
    episode: list[tuple[np.ndarray, int, np.ndarray, float]] = []
    returns: list[float] = []
    for _ in range(steps):
        vector, mask = _vector(observation), env.action_masks()
        action = int(policy.act(vector[None, :], mask[None, :])[0])
        observation, reward, terminated, truncated, _ = env.step(action)
        episode.append((vector, action, mask, float(reward)))
        if terminated or truncated:
            rewards = np.array([step[3] for step in episode])
            to_go = rewards[::-1].cumsum()[::-1]
            policy.update(np.array([s[0] for s in episode]), np.array([s[1] for s in episode]),
                          np.array([s[2] for s in episode]), to_go)
            returns.append(float(rewards.sum()))
            episode = []
            observation, _ = env.reset()
    return policy, returns


def train_vector(envs: Any, steps: int, *, seed: int = 0) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE on a vector environment (:class:`jass.rl.vector.JassVectorEnv`) for ``steps``
    steps of every game; the policy and the return of each finished episode."""
    observations, _ = envs.reset(seed=seed)
    n = envs.num_envs
    policy = LinearPolicy(_vector(observations).shape[1], int(envs.single_action_space.n), seed=seed)
    episodes: list[list[tuple[np.ndarray, int, np.ndarray, float]]] = [[] for _ in range(n)]
    returns: list[float] = []
    for _ in range(steps):
        vectors, masks = _vector(observations), envs.action_masks()
        actions = policy.act(vectors, masks)
        observations, rewards, terminations, truncations, _ = envs.step(actions)
        finished: list[tuple[np.ndarray, int, np.ndarray, float]] = []
        to_go: list[np.ndarray] = []
        for i in range(n):
            episodes[i].append((vectors[i], int(actions[i]), masks[i], float(rewards[i])))
            if terminations[i] or truncations[i]:
                gains = np.array([step[3] for step in episodes[i]])
                to_go.append(gains[::-1].cumsum()[::-1])
                finished += episodes[i]
                returns.append(float(gains.sum()))
                episodes[i] = []
        if finished:
            policy.update(np.array([s[0] for s in finished]), np.array([s[1] for s in finished]),
                          np.array([s[2] for s in finished]), np.concatenate(to_go))
    return policy, returns


if __name__ == "__main__":
    from jass.rl.vector import JassVectorEnv

    _, episode_returns = train_vector(JassVectorEnv("schieber", 256, opponents="greedy"), 2000)
    first, last = np.mean(episode_returns[:500]), np.mean(episode_returns[-500:])
    print(f"{len(episode_returns)} rounds; margin per round {first * 157:+.1f} at first, {last * 157:+.1f} at last")
