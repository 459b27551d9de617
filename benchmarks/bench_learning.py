#!/usr/bin/env python3
"""Learning curve: sb3-contrib's MaskablePPO trained on jass.rl's vector environment
(docs/examples/maskable_ppo_vector.py), measured against the rule bots after 5, 15 and 30
minutes of CPU, beside a random player and the rule bot measured the same way.

Needs the extra ``jass[train]`` (sb3-contrib, PyTorch). Run it with ``nice`` on a shared
machine; it reports CPU time of this process (``time.process_time``; PyTorch and numpy on one
thread), not wall time:

    nice python benchmarks/bench_learning.py                          # 5, 15, 30 CPU minutes
    nice python benchmarks/bench_learning.py --minutes 1 2 --deals 200  # a quick look

Training: MaskablePPO (MlpPolicy 256x256, gamma 1, 128 games in lockstep, 64 steps per
rollout) in seat 0 of Schieber (one round per game, flat multipliers, every Weis declared:
``ROUND`` of docs/examples/maskable_ppo.py) against the greedy numpy opponents; the model is
saved when the training's CPU time passes each mark. Measuring (not counted as training): each
saved model, a random player and the rule bot play ``--deals`` deals in seat 0 with a rule
bot as partner against two rule bots, every deal twice (in seat 0, then in seat 1: duplicate),
the same deals for all; the margin per round (own team's points less the other's, per deal)
with its 95% interval. See benchmarks/README.md for the figures of a run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "examples"))
from maskable_ppo import margins, policy_bot  # noqa: E402
from maskable_ppo_vector import make_vector_env, sb3_vec_env  # noqa: E402

from jass.ai.tournament import mean_interval  # noqa: E402


def train(marks: list[float], out: Path, num_envs: int, seed: int) -> list[tuple[float, Path, int]]:
    """Train until each mark (CPU minutes of training), saving the model there: (minutes, file,
    steps) per mark."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", sb3_vec_env(make_vector_env(num_envs, seed)), n_steps=64, batch_size=1024,
                        gamma=1.0, ent_coef=0.01, policy_kwargs={"net_arch": [256, 256]}, seed=seed, verbose=0)
    saved = []
    spent = 0.0
    for mark in sorted(marks):
        while spent < mark * 60:
            start = time.process_time()
            model.learn(total_timesteps=64 * num_envs, reset_num_timesteps=False)
            spent += time.process_time() - start
        path = out / f"maskable_ppo_{mark:g}min.zip"
        model.save(path)
        saved.append((spent / 60, path, int(model.num_timesteps)))
        print(f"saved after {spent / 60:.1f} CPU minutes, {model.num_timesteps:,} steps: {path}", flush=True)
    return saved


def measure(player: object, deals: int, seed: int) -> dict[str, float]:
    found = margins(player, deals, seed=seed)
    mean, half = mean_interval(found.mean(axis=1).tolist())
    seat0, seat0_half = mean_interval(found[:, 0].tolist())
    return {"margin": mean, "half_width": half, "seat0": seat0, "seat0_half_width": seat0_half}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", nargs="+", type=float, default=[5, 15, 30], help="CPU minutes of training")
    parser.add_argument("--deals", type=int, default=2000, help="deals of each measurement (each played twice)")
    parser.add_argument("--envs", type=int, default=128, help="games in lockstep while training")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="/tmp/jass-learning", help="where the models are saved")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from sb3_contrib import MaskablePPO

    rows = []
    for name, player in (("random", "random"), ("rule bot", "rule")):
        rows.append({"player": name, **measure(player, args.deals, 777)})
        print(rows[-1], flush=True)
    for minutes, path, steps in train(args.minutes, out, args.envs, args.seed):
        model = MaskablePPO.load(path)
        rows.append({"player": f"MaskablePPO after {minutes:.1f} CPU min", "steps": steps,
                     **measure(policy_bot(model), args.deals, 777)})
        print(rows[-1], flush=True)
    print(f"\nmargin per round against the rule bots, {args.deals} deals, duplicate (95% interval):")
    for row in rows:
        print(f"  {row['player']:32s} {row['margin']:+7.1f} ± {row['half_width']:4.1f}   "
              f"(seat 0 only: {row['seat0']:+7.1f} ± {row['seat0_half_width']:4.1f})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump({"rows": rows, "deals": args.deals, "envs": args.envs}, file, indent=1)


if __name__ == "__main__":
    main()
