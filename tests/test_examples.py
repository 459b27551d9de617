"""The worked examples of docs/examples run, so that they cannot rot: their set-up, and a few
hundred steps of the small numpy learner (masked REINFORCE) on both environments they train
on. MaskablePPO itself needs the optional extra ``jass[train]`` (PyTorch), which CI does not
install: its short run here is skipped there."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the optional extra jass[rl] is not installed")

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def example(name: str) -> ModuleType:
    """The example ``docs/examples/<name>.py`` as a module (it imports its neighbours)."""
    if str(EXAMPLES) not in sys.path:
        sys.path.insert(0, str(EXAMPLES))
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reinforce_trains_on_the_single_agent_env_of_the_example() -> None:
    reinforce, ppo = example("reinforce"), example("maskable_ppo")
    env = ppo.make_env(seed=1)
    policy, returns = reinforce.train(env, 300, seed=1)
    assert len(returns) >= 30 and all(np.isfinite(returns))
    assert np.abs(policy.weights).sum() > 0  # the episodes moved the weights
    # The masked policy gives an action not offered no probability.
    observation, _ = env.reset(seed=2)
    mask = env.action_masks()
    probabilities = policy.probabilities(observation[None, :], mask[None, :])[0]
    assert probabilities[~mask].sum() == 0 and probabilities.sum() == pytest.approx(1)


def test_a_reinforce_step_moves_the_chosen_action_by_the_sign_of_its_advantage() -> None:
    """REINFORCE: after a step with a return above the baseline (0 at first) the chosen action
    is likelier; below it, less likely; an action not offered stays at 0. One observation
    [1, 0], three actions, the third not offered: the zero weights give 1/2 and 1/2."""
    reinforce = example("reinforce")
    observation, mask = np.array([[1.0, 0.0]]), np.array([[1, 1, 0]], dtype=np.int8)
    for gain, likelier in ((1.0, True), (-1.0, False)):
        policy = reinforce.LinearPolicy(2, 3, learning_rate=0.5)
        assert policy.probabilities(observation, mask).tolist() == [[0.5, 0.5, 0.0]]
        policy.update(observation, np.array([0]), mask, np.array([gain]))
        after = policy.probabilities(observation, mask)[0]
        assert bool(after[0] > 0.5) is likelier and after[2] == 0.0
        # The step by hand: weights[0] += 0.5 * (onehot(0) - [1/2, 1/2, 0]) * gain.
        assert policy.weights[0].tolist() == [0.25 * gain, -0.25 * gain, 0.0]


def test_reinforce_trains_on_the_vector_env_of_the_example() -> None:
    reinforce, vector = example("reinforce"), example("maskable_ppo_vector")
    envs = vector.make_vector_env(num_envs=16, seed=3)
    assert envs.single_observation_space.shape == (515,)
    policy, returns = reinforce.train_vector(envs, 40, seed=3)
    assert len(returns) >= 40 and all(np.isfinite(returns))
    assert np.abs(policy.weights).sum() > 0


def test_the_evaluation_plays_each_deal_from_both_sides() -> None:
    """A rule bot against rule bots scores 0 in duplicate: the two games of a deal are the same
    game with the teams' places swapped."""
    ppo = example("maskable_ppo")
    margins = ppo.margins("rule", 3)
    assert margins.shape == (3, 2) and (margins[:, 0] == -margins[:, 1]).all()
    assert ppo.evaluate("rule", 3) == (0.0, 0.0)


@pytest.mark.slow
def test_maskable_ppo_trains_a_few_steps_on_both_envs() -> None:
    pytest.importorskip("sb3_contrib", reason="the optional extra jass[train] (PyTorch) is not installed")
    from sb3_contrib import MaskablePPO

    ppo, vector = example("maskable_ppo"), example("maskable_ppo_vector")
    model = MaskablePPO("MlpPolicy", ppo.make_env(), n_steps=64, batch_size=32, n_epochs=1, seed=0)
    model.learn(128)
    vector_model = MaskablePPO("MlpPolicy", vector.sb3_vec_env(vector.make_vector_env(8)), n_steps=16,
                               batch_size=64, n_epochs=1, seed=0)
    vector_model.learn(256)
    mean, _ = ppo.evaluate(ppo.policy_bot(vector_model), 2)
    assert np.isfinite(mean)
