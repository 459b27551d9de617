#!/usr/bin/env python3
"""Environments benchmark: learner steps per second of jass.rl's vector environment (with
observations) at several batch sizes, beside the single-agent environment, in one interleaved
run on one core.

    python benchmarks/bench_rl.py                         # N = 1,024 / 4,096 / 16,384, 5 repeats
    python benchmarks/bench_rl.py --variants schieber --sizes 4096 --repeats 9 --json /tmp/rl.json

A learner step is one decision of the learning seat in every game: the environment steps the
learner's action, then the opponents (and the learner's moves without a choice) until the
learner has a choice again, replaces finished games, and returns every game's observation
vector and action mask. The learner here takes the lowest action offered (the cost of a policy
is the learner's own). Timed in CPU seconds of this process (``time.process_time``), so that
other processes on the machine count little; numpy runs on one thread (OPENBLAS/OMP set to 1).

For each variant with a batch engine and each opponent ("greedy", "random") and size N:

  vector/N          JassVectorEnv(variant, N): learner steps per CPU second, and rounds per second
  vector/ask/N      the same with skip_forced=False (the learner is asked even with one move)
  single            JassGymEnv against the bots of the same name ("rule" for greedy), for scale

See benchmarks/README.md for the figures of a run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from jass.rl.gymnasium import JassGymEnv  # noqa: E402
from jass.rl.vector import JassVectorEnv  # noqa: E402


def vector_rate(variant: str, n: int, opponents: str, seconds: float, skip_forced: bool) -> tuple[float, float]:
    """Learner steps and rounds per CPU second of the vector environment."""
    env = JassVectorEnv(variant, n, opponents=opponents, skip_forced=skip_forced)
    env.reset(seed=1)
    for _ in range(5):  # past the first rounds, when every game is in step
        env.step(env.action_masks().argmax(axis=1))
    steps = rounds = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, _, terminations, _, _ = env.step(env.action_masks().argmax(axis=1))
        steps += 1
        rounds += int(terminations.sum())
    spent = time.process_time() - start
    return steps * n / spent, rounds / spent


def single_rate(variant: str, opponents: str, seconds: float) -> float:
    """Learner steps per CPU second of the single-agent environment."""
    env = JassGymEnv(variant, opponents="rule" if opponents == "greedy" else opponents,
                     rules="tournament" if variant == "schieber" else None)
    env.reset(seed=1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, _, terminated, _, _ = env.step(int(env.action_masks().argmax()))
        steps += 1
        if terminated:
            env.reset()
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", nargs="+", default=["schieber", "differenzler", "pomme"])
    parser.add_argument("--opponents", nargs="+", default=["greedy", "random"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[1024, 4096, 16384])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()

    cases = [(v, o, kind, n) for v in args.variants for o in args.opponents
             for kind, sizes in (("vector", args.sizes), ("vector/ask", args.sizes), ("single", [1]))
             for n in sizes]
    samples: dict[tuple[str, str, str, int], list[tuple[float, float]]] = {case: [] for case in cases}
    for _ in range(args.repeats):  # interleaved: repeat r of every case, then repeat r + 1
        for case in cases:
            variant, opponents, kind, n = case
            if kind == "single":
                samples[case].append((single_rate(variant, opponents, args.seconds / 2), 0.0))
            else:
                samples[case].append(vector_rate(variant, n, opponents, args.seconds, kind == "vector"))
    results = []
    print(f"{'variant':13s} {'opponents':9s} {'environment':12s} {'N':>6s} {'steps/s (median)':>17s} "
          f"{'min':>9s} {'max':>9s} {'rounds/s':>9s}")
    for case in cases:
        variant, opponents, kind, n = case
        rates = [rate for rate, _ in samples[case]]
        rounds = statistics.median(r for _, r in samples[case])
        results.append({"variant": variant, "opponents": opponents, "environment": kind, "n": n,
                        "median": statistics.median(rates), "min": min(rates), "max": max(rates),
                        "rounds_per_s": rounds})
        print(f"{variant:13s} {opponents:9s} {kind:12s} {n:6d} {statistics.median(rates):17,.0f} {min(rates):9,.0f} "
              f"{max(rates):9,.0f} {rounds:9,.0f}")
    load = os.getloadavg()[0]
    print(f"load average at the end: {load:.1f} on {os.cpu_count()} cores")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"results": results, "load": load, "numpy": np.__version__}, out, indent=1)


if __name__ == "__main__":
    main()
