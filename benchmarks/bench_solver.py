#!/usr/bin/env python3
"""Solver and sampler benchmark: exact open-hand solves of Schieber card play, and draws of
hidden hands consistent with a seat's view.

Run it with the interpreter of a venv where our package is installed, from anywhere:

    python benchmarks/bench_solver.py                       # 20 whole rounds, 20 positions each
    python benchmarks/bench_solver.py --rounds 0            # skip the (slow) whole rounds
    python benchmarks/bench_solver.py --rounds 50 --json /tmp/solver.json

What is timed (see benchmarks/README.md):

1. ``round``: the value of a whole 36-card round from its first card (a fresh ``Solver``,
   ``Solver.value``), over ``--rounds`` random deals and modes, once each, each in a child
   process stopped after ``--round-timeout`` CPU seconds (counted as longer than that), with
   the caches shared by a mode's solvers emptied first.
2. ``tricks-5`` and ``tricks-4``: the same from positions with 5 and 4 tricks left, reached by
   random legal cards from a random deal; each position solved ``--repeats`` times with a
   fresh solver, and its median kept. The solvers of a mode share caches that do not depend
   on the deal (as a search bot's do), so these solves start warm after the first.
3. ``solve-5``: :func:`jass.ai.solver.solve` (value of both teams, every optimal card and a
   principal variation) from the 5-tricks-left positions.
4. ``sampler``: :func:`jass.schieber.hand_sampler` on observations after 1, 3 and 6
   tricks of random rounds: building it, and draws per second.
5. ``montecarlo`` (only with ``--montecarlo N``): what solving more of the round gives the
   Monte Carlo bot. For each of ``--solve-from`` (tricks left when its play-outs switch to
   the exact solver; Schieber's default is ``jass.schieber.ai._SOLVE_FROM``), the bot at its
   default settings against the rule bot over the same N duplicate deals of one Schieber round
   (``Rules.tournament(1)``): the margin per deal with its 95% interval, the per-deal
   difference to the first setting (paired: the same deals and seeds, so most of the cards'
   luck cancels), and the CPU time of its decisions (median, 90th percentile, max; by tricks
   left). It sets that module constant for the run: a measurement, not an API.

Every input comes from ``--seed``. Times are wall-clock seconds (``time.perf_counter``); the
CPU seconds of this process (``time.process_time``) are given beside them, as a loaded or
shared machine stretches the first more than the second.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from jass import CardSet, Trump, schieber  # noqa: E402
from jass.cards import Card  # noqa: E402
from jass.play import CardPlay, PlayCard  # noqa: E402
from jass.tricks import random_deal  # noqa: E402
from jass.schieber import hand_sampler as schieber_sampler  # noqa: E402
from jass.ai import solver as solver_module  # noqa: E402
from jass.ai.solver import Solver, solve  # noqa: E402
from jass.ai.search import MonteCarloBot  # noqa: E402
from jass.ai.tournament import run_arena  # noqa: E402
from jass.schieber import ai as schieber_ai  # noqa: E402

DEFAULT_SEED = 20240601


def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def deals(seed: int, count: int) -> list[tuple[tuple[int, ...], Trump, int]]:
    rng = random.Random(seed)
    return [(random_deal(rng), Trump(rng.randrange(6)), rng.randrange(4)) for _ in range(count)]


def positions(seed: int, count: int, tricks_left: int) -> list[CardPlay]:
    """Random deals played with random legal cards until ``tricks_left`` tricks remain."""
    rng = random.Random(seed * 31 + tricks_left)
    out = []
    for hands, mode, leader in deals(seed + tricks_left, count):
        play = CardPlay.start(mode, [CardSet.from_bits(h) for h in hands], leader)
        while len(play.tricks) < 9 - tricks_left:
            play = play.play(rng.choice(sorted(play.legal_cards())))
        out.append(play)
    return out


def time_value(hands: tuple[int, ...], mode: Trump, leader: int, repeats: int) -> tuple[float, float, int, int]:
    """(median wall s, median CPU s, nodes, value) of ``repeats`` solves with a fresh solver."""
    walls, cpus = [], []
    nodes = value = 0
    for _ in range(repeats):
        solver = Solver(mode)
        wall, cpu = time.perf_counter(), time.process_time()
        value = solver.value(hands, leader)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        nodes = solver.nodes
    return statistics.median(walls), statistics.median(cpus), nodes, value


def bench_positions(name: str, items: list[tuple[tuple[int, ...], Trump, int]], repeats: int, verbose: bool) -> dict[str, Any]:
    walls, cpus, rates = [], [], []
    total_nodes = 0
    total_cpu = 0.0
    for index, (hands, mode, leader) in enumerate(items):
        wall, cpu, nodes, value = time_value(hands, mode, leader, repeats)
        walls.append(wall)
        cpus.append(cpu)
        total_nodes += nodes
        total_cpu += cpu
        rates.append(nodes / cpu if cpu else 0.0)
        if verbose:
            print(f"  {name} {index:3d} {str(mode):9s} value {value:3d}  {wall:9.3f} s  cpu {cpu:9.3f} s  "
                  f"{nodes:10d} nodes", flush=True)
    return {
        "wall_s": summary(walls),
        "cpu_s": summary(cpus),
        "nodes_per_cpu_s": total_nodes / total_cpu if total_cpu else 0.0,
        "nodes_per_s_per_position": summary(rates),
        "total_nodes": total_nodes,
    }


def _solve_round(hands: tuple[int, ...], mode: Trump, leader: int, queue: Any, timeout: float) -> None:
    # The limit counts CPU seconds, not wall seconds: on a shared machine other jobs stretch
    # the second (3-4x under load) but not the first. The kernel ends the child past it.
    resource.setrlimit(resource.RLIMIT_CPU, (math.ceil(timeout), math.ceil(timeout) + 5))
    # A cold start: the caches the solvers of a mode share (jass.ai.solver._Caches) were
    # filled by the positions solved before the fork.
    solver_module._caches.cache_clear()
    queue.put(time_value(hands, mode, leader, 1))


def bench_rounds(items: list[tuple[tuple[int, ...], Trump, int]], timeout: float, verbose: bool) -> dict[str, Any]:
    """Whole rounds, each solved once in a child process that is stopped after ``timeout``
    CPU seconds (then counted as taking longer: the median stays exact while fewer than half
    of the rounds time out)."""
    context = multiprocessing.get_context("fork")
    walls: list[float] = []
    cpus: list[float] = []
    total_nodes = 0
    total_cpu = 0.0
    timed_out = 0
    for index, (hands, mode, leader) in enumerate(items):
        queue = context.Queue()
        child = context.Process(target=_solve_round, args=(hands, mode, leader, queue, timeout))
        start = time.perf_counter()
        child.start()
        child.join()
        if child.exitcode != 0:
            timed_out += 1
            walls.append(math.inf)
            cpus.append(math.inf)
            if verbose:
                print(f"  round {index:3d} {str(mode):9s} stopped after {timeout:.0f} CPU s "
                      f"({time.perf_counter() - start:.0f} s wall)", flush=True)
            continue
        wall, cpu, nodes, value = queue.get()
        walls.append(wall)
        cpus.append(cpu)
        total_nodes += nodes
        total_cpu += cpu
        if verbose:
            print(f"  round {index:3d} {str(mode):9s} value {value:3d}  {wall:9.3f} s  cpu {cpu:9.3f} s  "
                  f"{nodes:10d} nodes", flush=True)
    return {
        "wall_s": summary(walls),
        "cpu_s": summary(cpus),
        "nodes_per_cpu_s": total_nodes / total_cpu if total_cpu else 0.0,
        "total_nodes": total_nodes,
        "timeout_s": timeout,
        "timed_out": timed_out,
    }


def bench_solve(plays: list[CardPlay], repeats: int) -> dict[str, Any]:
    walls = []
    for play in plays:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            solve(play)
            times.append(time.perf_counter() - start)
        walls.append(statistics.median(times))
    return {"wall_s": summary(walls)}


def sampler_views(seed: int, count: int) -> list[schieber.Observation]:
    rng = random.Random(seed)
    views = []
    for number in range(count):
        state = schieber.new_game(schieber.Rules(auto_declare=number % 2 == 0), seed=seed + number)
        state = schieber.apply(state, schieber.ChooseTrump(Trump(rng.randrange(6))))
        target = (1, 3, 6)[number % 3] * 4 + rng.randrange(4)
        assert state.play is not None
        while len(state.play.played()) < target:
            cards = [m for m in schieber.legal_moves(state) if isinstance(m, PlayCard)]
            state = schieber.apply(state, rng.choice(cards))
        views.append(schieber.observe(state, rng.randrange(4)))
    return views


def bench_sampler(views: list[schieber.Observation], draws: int, repeats: int, seed: int) -> dict[str, Any]:
    builds, rates = [], []
    for view in views:
        build_times, rate_values = [], []
        for _ in range(repeats):
            start = time.perf_counter()
            sampler = schieber_sampler(view)
            build_times.append(time.perf_counter() - start)
            rng = random.Random(seed)
            start = time.perf_counter()
            for _ in range(draws):
                sampler.sample_bits(rng)
            rate_values.append(draws / (time.perf_counter() - start))
        builds.append(statistics.median(build_times))
        rates.append(statistics.median(rate_values))
    return {"build_s": summary(builds), "samples_per_s": summary(rates)}


class TimedMonteCarlo:
    """A :class:`MonteCarloBot` at its defaults whose decisions' CPU seconds are kept in
    ``times`` (with the tricks left at each), for the ``montecarlo`` benchmark."""

    times: list[tuple[int, float]] = []

    def __init__(self, seed: int) -> None:
        self.bot = MonteCarloBot(seed)

    def choose(self, view: Any, moves: Any) -> Any:
        start = time.process_time()
        move = self.bot.choose(view, moves)
        left = 9 - len(view.tricks) if view.trump is not None else 0  # 0: before the card play
        TimedMonteCarlo.times.append((left, time.process_time() - start))
        return move


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


def bench_montecarlo(deals_count: int, solve_from: list[int], seed: int) -> dict[str, Any]:
    """The Monte Carlo bot against the rule bot, solving from each number of tricks left."""
    results: dict[str, Any] = {}
    first: list[float] = []
    default = schieber_ai._SOLVE_FROM
    try:
        for left in solve_from:
            schieber_ai._SOLVE_FROM = left  # type: ignore[misc]
            TimedMonteCarlo.times = []
            started = time.process_time()
            report = run_arena("schieber", (TimedMonteCarlo, "rule"), games=2 * deals_count, seed=seed,
                               rules=schieber.Rules.tournament(1), duplicate=True)
            records = report.records
            margins = [(records[i].measure["A"] - records[i].measure["B"]
                        + records[i + 1].measure["A"] - records[i + 1].measure["B"]) / 2
                       for i in range(0, len(records), 2)]
            first = first or margins
            times = sorted(t for _, t in TimedMonteCarlo.times)
            by_left = {}
            for tricks in range(10):
                these = [t for n, t in TimedMonteCarlo.times if n == tricks]
                if these:
                    by_left[tricks] = {"median": statistics.median(these), "max": max(these), "n": len(these)}
            results[str(left)] = {
                "margin": interval(margins),
                "paired_difference": interval([m - f for m, f in zip(margins, first)]),
                "decision_s": {"median": statistics.median(times), "p90": times[int(0.9 * (len(times) - 1))],
                               "max": times[-1], "n": len(times)},
                "decision_s_by_tricks_left": by_left,
                "cpu_s": time.process_time() - started,
            }
            row = results[str(left)]
            print(f"  solve from {left}: margin {row['margin'][0]:+.2f} ± {row['margin'][1]:.2f}, "
                  f"vs {solve_from[0]}: {row['paired_difference'][0]:+.2f} ± {row['paired_difference'][1]:.2f}; "
                  f"decision median {row['decision_s']['median'] * 1e3:.0f} ms, max {row['decision_s']['max']:.2f} s",
                  flush=True)
    finally:
        schieber_ai._SOLVE_FROM = default  # type: ignore[misc]
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--rounds", type=int, default=20, help="whole rounds to solve (0: skip)")
    parser.add_argument("--round-timeout", type=float, default=300.0, help="CPU seconds before a round is stopped")
    parser.add_argument("--positions", type=int, default=20, help="positions with 5 and with 4 tricks left (0: skip)")
    parser.add_argument("--repeats", type=int, default=3, help="solves of each position")
    parser.add_argument("--views", type=int, default=30, help="observations for the sampler")
    parser.add_argument("--draws", type=int, default=500, help="draws per sampler and repeat")
    parser.add_argument("--montecarlo", type=int, default=0, help="duplicate deals for the Monte Carlo bot (0: skip)")
    parser.add_argument("--solve-from", default="3,4,5", help="tricks left from which it solves, compared")
    parser.add_argument("--json", type=Path, help="write the results here")
    parser.add_argument("--quiet", action="store_true", help="no line per position")
    args = parser.parse_args(argv)

    results: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seed": args.seed,
        "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
    }
    verbose = not args.quiet
    print(f"Python {platform.python_version()} on {platform.machine()}, seed {args.seed}")

    print("sampler ...", flush=True)
    results["sampler"] = bench_sampler(sampler_views(args.seed, args.views), args.draws, args.repeats, args.seed)

    for left in (4, 5) if args.positions else ():
        plays = positions(args.seed, args.positions, left)
        items = [(tuple(h.bits for h in p.hands), p.trump, p.leader) for p in plays]
        print(f"tricks-{left} ...", flush=True)
        results[f"tricks-{left}"] = bench_positions(f"tricks-{left}", items, args.repeats, verbose)
        if left == 5:
            print("solve-5 ...", flush=True)
            results["solve-5"] = bench_solve(plays, args.repeats)

    if args.montecarlo:
        print("montecarlo ...", flush=True)
        solve_from = [int(n) for n in args.solve_from.split(",")]
        results["montecarlo"] = bench_montecarlo(args.montecarlo, solve_from, args.seed)

    if args.rounds:
        print("round ...", flush=True)
        results["round"] = bench_rounds(deals(args.seed, args.rounds), args.round_timeout, verbose)

    print()
    print(f"{'benchmark':12s} {'median':>10s} {'min':>10s} {'max':>10s}   unit")
    for name in ("round", "tricks-5", "tricks-4"):
        if name in results:
            wall = results[name]["wall_s"]
            cpu = results[name]["cpu_s"]
            print(f"{name:12s} {wall['median']:10.4f} {wall['min']:10.4f} {wall['max']:10.4f}   s per solve (wall, n={wall['n']})")
            print(f"{'':12s} {cpu['median']:10.4f} {cpu['min']:10.4f} {cpu['max']:10.4f}   s per solve (CPU)")
            print(f"{'':12s} {results[name]['nodes_per_cpu_s']:10.0f} {'':10s} {'':10s}   nodes per CPU second (all positions)")
            if name == "round" and results[name]["timed_out"]:
                print(f"{'':12s} {results[name]['timed_out']} of {wall['n']} rounds stopped after "
                      f"{results[name]['timeout_s']:.0f} CPU s (inf above)")
    if "solve-5" in results:
        wall = results["solve-5"]["wall_s"]
        print(f"{'solve-5':12s} {wall['median']:10.4f} {wall['min']:10.4f} {wall['max']:10.4f}   "
              "s per solve() (value, best cards, line)")
    build = results["sampler"]["build_s"]
    rate = results["sampler"]["samples_per_s"]
    print(f"{'sampler':12s} {rate['median']:10.0f} {rate['min']:10.0f} {rate['max']:10.0f}   draws per second")
    print(f"{'':12s} {build['median'] * 1e3:10.3f} {build['min'] * 1e3:10.3f} {build['max'] * 1e3:10.3f}   ms to build a sampler")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
