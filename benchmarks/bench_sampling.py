#!/usr/bin/env python3
"""The hidden-hand sampler on the hardest views: what a draw costs when seats declared the
rarest Weis.

    python benchmarks/bench_sampling.py                      # 500 views, 20 draws each
    python benchmarks/bench_sampling.py --views 2000 --json /tmp/sampling.json

Each view comes from a Schieber round whose deal is forced to hold rare Weis
(``tests/rare_weis.py``: four Jacks, four nines, nine in a row, two Weis in one hand, Stöck),
one to four of them, at one to four seats, declared in full (or counted, with
``auto_declare``, in 40% of the rounds), then 0 to 35 random legal cards; the view is a random
seat's. For each view the script times building ``schieber.hand_sampler(view)`` and then
``--draws`` calls of ``sample_bits``; the view of issue 25 (three seats declared 50, 50 and 150
before the observer's first card), on which the old rejection sampler failed, is timed apart.
Each time is taken twice, in wall seconds (``time.perf_counter``) and in CPU seconds of the
process (``time.process_time``): on a shared machine a draw may wait for the CPU, which
stretches the wall time's maximum but not the CPU time's. The garbage collector is paused
during a timed call, as :mod:`timeit` does (it runs between calls). The statistics are over
all draws (or builds) of all views.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))

from jass import schieber  # noqa: E402
from rare_weis import HOLDINGS, rare_weis_state  # noqa: E402


def stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median_ms": statistics.median(ordered) * 1e3,
        "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e3,
        "max_ms": ordered[-1] * 1e3,
        "n": len(ordered),
    }


def views(seed: int, count: int) -> Iterator[tuple[schieber.Observation, str]]:
    """The views, one at a time (a list of them all would make every garbage collection long)."""
    rng = random.Random(seed)
    for index in range(count):
        forced = [(rng.randrange(4), rng.choice(HOLDINGS)) for _ in range(rng.randrange(1, 5))]
        auto = rng.random() < 0.4
        state = rare_weis_state(seed + index, forced, rng.randrange(36), auto)
        seat = rng.randrange(4)
        yield schieber.observe(state, seat), f"{forced} auto={auto} seat={seat}"


Timing = tuple[float, float]  # wall seconds, CPU seconds


def timed(call: object) -> tuple[object, Timing]:
    """The call's result and its times, the garbage collector paused (as :mod:`timeit` does)."""
    gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        result = call()  # type: ignore[operator]
        return result, (time.perf_counter() - wall, time.process_time() - cpu)
    finally:
        gc.enable()


def time_view(view: schieber.Observation, draws: int, seed: int) -> tuple[Timing, list[Timing]]:
    sampler, built = timed(lambda: schieber.hand_sampler(view))
    rng = random.Random(seed)
    return built, [timed(lambda: sampler.sample_bits(rng))[1] for _ in range(draws)]  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--views", type=int, default=500)
    parser.add_argument("--draws", type=int, default=20)
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {os.cpu_count()} CPUs; {args.views} views x {args.draws} draws, "
          f"seed {args.seed}", flush=True)
    builds: list[Timing] = []
    draws: list[Timing] = []
    worst = (0.0, "")
    for index, (view, label) in enumerate(views(args.seed, args.views)):
        built, times = time_view(view, args.draws, args.seed + index)
        builds.append(built)
        draws.extend(times)
        slowest = max(cpu for _, cpu in times)
        if slowest > worst[0]:
            worst = (slowest, label)
    from test_sampling import issue_25_view

    issue_built, issue_draws = time_view(issue_25_view(), 200, args.seed)
    first = [(b[0] + d[0], b[1] + d[1]) for b, d in zip(builds, draws[:: args.draws])]
    results: dict[str, object] = {"slowest_draw": {"cpu_ms": worst[0] * 1e3, "view": worst[1]}}
    for name, values in (("build", builds), ("draw", draws), ("first draw with build", first), ("issue 25: build", [issue_built]),
                         ("issue 25: draw", issue_draws)):
        for clock, which in (("wall", 0), ("cpu", 1)):
            r = results[f"{name}, {clock}"] = stats([v[which] for v in values])
            print(f"{name + ', ' + clock:<30} median {r['median_ms']:8.3f} ms   p99 {r['p99_ms']:8.3f} ms   "
                  f"max {r['max_ms']:8.3f} ms   (n={r['n']})")
    print(f"slowest draw (CPU {worst[0] * 1e3:.2f} ms): {worst[1]}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"config": vars(args), "results": results}, out, indent=2)


if __name__ == "__main__":
    main()
