"""Train sb3-contrib's MaskablePPO in seat 0 of Schieber against three rule bots, then measure it
against them, deal for deal, beside a random player and the rule bot in the same seat.

    pip install 'jass[rl,train]'      # sb3-contrib and PyTorch: large, so not in jass[all]
    python docs/examples/maskable_ppo.py --minutes 10

The set-up (:func:`make_env`, :func:`evaluate`) needs only ``jass[rl]``; the training imports
sb3-contrib. ``docs/examples/maskable_ppo_vector.py`` trains the same agent on the vector
environment, at batch speed.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import attrs
import numpy as np

from jass import schieber
from jass.ai.players import build_bot
from jass.ai.tournament import mean_interval, play_game
from jass.rl.gymnasium import JassGymEnv
from jass.rl.policy import PolicyBot

#: The rules of every game here: one round per game, so that an episode is a round and a deal
#: is measured alone; flat multipliers, so that every round weighs the same (the margin of an
#: Undenufe round at x4 would drown the others); every Weis declared, so that the vector
#: environment (which has no declaring action) plays the very same game.
ROUND = attrs.evolve(schieber.Rules.tournament(1), auto_declare=True)


def make_env(seed: int = 0) -> JassGymEnv:
    """Seat 0 learns; the rule bots play its partner and both opponents; a flat observation
    (``MlpPolicy`` wants a Box) with the mask from ``action_masks()``."""
    env = JassGymEnv("schieber", opponents="rule", rules=ROUND, observation="flat")
    env.reset(seed=seed)
    return env


def margins(player: Any, deals: int = 1000, *, seed: int = 12345) -> np.ndarray:
    """``[deals, 2]``: the margin (own team's points less the other's) of ``player`` (a bot, or a
    bot name) with a rule bot as partner against two rule bots, each deal played twice: with
    ``player`` in seat 0, and in seat 1, where its team holds the other hands."""
    found = np.zeros((deals, 2))
    for deal in range(deals):
        game_seed = seed * 1_000_003 + deal
        for seat in (0, 1):
            bots = [build_bot(player, game_seed) if s == seat else build_bot("rule", game_seed + s) for s in range(4)]
            points = schieber.standings(play_game("schieber", bots, rules=ROUND, seed=game_seed))
            found[deal, seat] = points[seat % 2] - points[1 - seat % 2]
    return found


def evaluate(player: Any, deals: int = 1000, *, seed: int = 12345) -> tuple[float, float]:
    """The margin per round of ``player`` against the rule bots, in duplicate (each deal from
    both sides, so that the luck of the cards cancels: :func:`margins`): the mean per deal and
    the half-width of its 95% interval. A rule bot scores 0 here by construction."""
    return mean_interval(margins(player, deals, seed=seed).mean(axis=1).tolist())


def policy_bot(model: Any) -> PolicyBot:
    """A trained model as a bot: its most likely action among those offered."""
    def best(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return PolicyBot(best, observation="flat")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="CPU minutes of training")
    parser.add_argument("--deals", type=int, default=500, help="deals of the evaluation")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", make_env(), n_steps=2048, batch_size=256, gamma=1.0, ent_coef=0.01,
                        policy_kwargs={"net_arch": [256, 256]}, seed=0, verbose=0)
    start = time.process_time()
    while time.process_time() - start < args.minutes * 60:
        model.learn(total_timesteps=10_000, reset_num_timesteps=False)
    for name, player in (("random", "random"), ("rule bot", "rule"), ("MaskablePPO", policy_bot(model))):
        mean, half = evaluate(player, args.deals)
        print(f"{name:12s} margin per round {mean:+6.1f} ± {half:.1f} (95%)")


if __name__ == "__main__":
    main()
