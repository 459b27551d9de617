#!/usr/bin/env python3
"""How long the search bots take to decide, at their default settings.

    python benchmarks/bench_decisions.py                    # 40 Schieber rounds' decisions
    python benchmarks/bench_decisions.py --rounds 100 --json /tmp/decisions.json
    python benchmarks/bench_decisions.py --bots montecarlo=6,montecarlo=48,ismcts=30,ismcts=100

The positions are every decision with more than one legal move of a seat in ``--rounds``
Schieber rounds (the default rules: Weis declared, the seed's multipliers) played by four
rule bots: the trump choice, the Weis declarations and every card. At each position a fresh
``MonteCarloBot()`` and a fresh ``ISMCTSBot()`` (their defaults; seeded by the position), or
the bots of ``--bots`` (``montecarlo=N``: N samples, ``ismcts=N``: N iterations), choose a
move, one after the other; each decision is timed in wall seconds
(``time.perf_counter``) and in CPU seconds of the process (``time.process_time``: a shared
machine stretches the first, not the second), the garbage collector paused as :mod:`timeit`
does. The table gives the median, the 99th percentile and the maximum per bot, for the whole
round and for its first, middle and last three tricks.
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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jass import schieber  # noqa: E402
from jass.ai.bots import RuleBot  # noqa: E402
from jass.ai.search import ISMCTSBot, MonteCarloBot  # noqa: E402


def bots(spec: str) -> dict[str, Callable[[int], Any]]:
    """The bots of ``--bots``: ``montecarlo`` and ``ismcts`` at their defaults, or with ``=N``
    samples or iterations."""
    out: dict[str, Callable[[int], Any]] = {}
    for item in spec.split(","):
        name, _, budget = item.partition("=")
        if name == "montecarlo":
            out[item] = (lambda seed, n=int(budget): MonteCarloBot(seed, samples=n)) if budget else MonteCarloBot
        elif name == "ismcts":
            out[item] = (lambda seed, n=int(budget): ISMCTSBot(seed, iterations=n)) if budget else ISMCTSBot
        else:
            raise SystemExit(f"--bots: {item!r}: expected montecarlo[=N] or ismcts[=N]")
    return out


def positions(seed: int, rounds: int) -> Iterator[tuple[schieber.Observation, tuple[Any, ...], int]]:
    """Every decision of more than one move in ``rounds`` rounds of rule bots: (view, moves,
    the number of tricks played)."""
    rng = random.Random(seed)
    for number in range(rounds):
        state = schieber.new_game(schieber.Rules(first_dealer=rng.randrange(4)), seed=seed + number)
        bots = [RuleBot(seed + 4 * number + seat) for seat in range(4)]
        while state.phase in (schieber.Phase.CHOOSE_TRUMP, schieber.Phase.PLAY):
            seat = schieber.to_act(state)
            assert seat is not None
            moves = schieber.legal_moves(state)
            view = schieber.observe(state, seat)
            if len(moves) > 1:
                yield view, moves, len(view.tricks)
            state = schieber.apply(state, bots[seat].choose(view, moves))


def timed(call: Callable[[], object]) -> tuple[float, float]:
    gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        return time.perf_counter() - wall, time.process_time() - cpu
    finally:
        gc.enable()


def stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median_ms": statistics.median(ordered) * 1e3,
        "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e3,
        "max_ms": ordered[-1] * 1e3,
        "n": len(ordered),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--bots", default="montecarlo,ismcts")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    factories = bots(args.bots)
    print(f"python {platform.python_version()}, {os.cpu_count()} CPUs; {args.rounds} rounds, seed {args.seed}", flush=True)
    times: dict[str, list[tuple[int, float, float]]] = {name: [] for name in factories}
    for index, (view, moves, tricks) in enumerate(positions(args.seed, args.rounds)):
        for name, factory in factories.items():
            bot = factory(args.seed + index)
            wall, cpu = timed(lambda: bot.choose(view, moves))
            times[name].append((tricks, wall, cpu))
    results: dict[str, Any] = {}
    print(f"{'bot':<16} {'tricks':<8} {'clock':<5} {'median ms':>10} {'p99 ms':>10} {'max ms':>10} {'n':>6}")
    for name, rows in times.items():
        for label, low, high in (("all", 0, 9), ("1-3", 0, 3), ("4-6", 3, 6), ("7-9", 6, 9)):
            for clock, which in (("wall", 1), ("cpu", 2)):
                values = [row[which] for row in rows if low <= row[0] < high]
                if not values:
                    continue
                r = results[f"{name} {label} {clock}"] = stats(values)
                print(f"{name:<16} {label:<8} {clock:<5} {r['median_ms']:>10.1f} {r['p99_ms']:>10.1f} {r['max_ms']:>10.1f} "
                      f"{r['n']:>6}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"config": vars(args), "results": results}, out, indent=2)


if __name__ == "__main__":
    main()
