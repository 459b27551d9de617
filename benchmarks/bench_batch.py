#!/usr/bin/env python3
"""Batch benchmark: random complete Schieber rounds of jass.batch at several batch sizes, next to
our public API, our fast rollout path and jass-kit, in one interleaved run.

Run it with the interpreter of a venv where our package is installed with numpy (the extra
``jass[batch]``), from anywhere:

    python benchmarks/bench_batch.py                      # 7 interleaved repeats, with jass-kit
    python benchmarks/bench_batch.py --no-peer            # our side only
    python benchmarks/bench_batch.py --sizes 1024 16384 --repeats 9 --json /tmp/batch.json

In one process run it times, R repeats each, interleaved (round r times repeat r of each):

  (a)  ours/public_rounds     the public immutable API (bench_play.py (a)): new_game(seed),
                              a random mode, legal_moves + apply with a random legal card
  (b)  ours/fast_rounds       the play-outs of jass.tricks (bench_play.py (b)): random_deal, a random mode,
                              play_cards on raw ints
  (d)  jasskit/random_rounds  jass-kit's loop in its own venv, drawing as ours do
  (d2) jasskit/numpy_draws    the same loop drawing with numpy's rng.integers and rng.choice,
                              as jass-kit's random agent does (what earlier runs timed)
  (e)  batch/N                jass.schieber.batch, N rounds at once: init(rng, N) (random deals
                              and dealers), a random mode for every game (no push), then
                              step(random_actions) until every round is over
  (e2) batch+push/N           the same with a uniformly random legal action at every step
                              (Vorhand may push; pushed games run a card behind the others)
  (e3) batch/seeded/N         (e) dealt by init(seeds): the deals new_game(seed) deals
  (f)  batch/rollout/K        rollout(state, K): K random play-outs of one dealt state
  (g)  batch/observations/N   observations(state): N games' vectors in the scalar encoding's layout
  (h)  batch/rollout_view/K   rollout_view(view, K): K deals a seat's view allows, played out at once

and prints medians, min and max (rounds/s), the ratios to (a), (b) and (d), whether the batch
engine reaches 300,000 rounds/s and at which batch size, and the memory per game. See
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_core import PeerUnavailable, interleaved_rates, peer_python, run_peer_job  # noqa: E402
from bench_play import ROUND_RULES, fast_rounds, paired, peer_timer, public_rounds, rounds_timer  # noqa: E402

import numpy as np  # noqa: E402

import jass  # noqa: E402
from jass import schieber  # noqa: E402
from jass.schieber import batch as batch  # noqa: E402

DEFAULT_SEED = 20240601
DEFAULT_SIZES = (256, 1024, 4096, 16384, 65536)
TARGET = 300_000

Timer = Callable[[], float]


def batch_rounds(n: int, first_seed: int, rng: np.random.Generator, push: bool, seeded: bool) -> batch.BatchState:
    """``n`` random complete rounds, dealt from ``rng`` or from the seeds ``first_seed`` ..
    ``first_seed + n - 1``."""
    if seeded:
        state = batch.init(np.arange(first_seed, first_seed + n, dtype=np.uint64), rules=ROUND_RULES)
    else:
        state = batch.init(rng, n, rules=ROUND_RULES)
    return batch.play_random(state, rng, push=push)


def calibrate(run: Callable[[int], None], min_time: float) -> int:
    run(1)  # warm-up
    start = time.perf_counter()
    run(1)
    elapsed = time.perf_counter() - start
    return max(1, math.ceil(min_time / elapsed)) if elapsed > 0 else 1000


def batch_timer(n: int, seed: int, min_time: float, push: bool, seeded: bool = False) -> tuple[int, Timer]:
    """A timer of passes of ``n`` rounds (each repeat: rounds/s); fresh deals every pass."""
    rng = np.random.default_rng(seed)
    counter = [seed]

    def run(passes: int) -> None:
        for _ in range(passes):
            batch_rounds(n, counter[0], rng, push, seeded)
            counter[0] += n

    passes = calibrate(run, min_time)

    def one_repeat() -> float:
        start = time.perf_counter()
        run(passes)
        return n * passes / (time.perf_counter() - start)

    return passes, one_repeat


def rollout_timer(state: schieber.State, copies: int, seed: int, min_time: float) -> tuple[int, Timer]:
    rng = np.random.default_rng(seed)

    def run(passes: int) -> None:
        for _ in range(passes):
            batch.rollout(state, copies, rng)

    passes = calibrate(run, min_time)

    def one_repeat() -> float:
        start = time.perf_counter()
        run(passes)
        return copies * passes / (time.perf_counter() - start)

    return passes, one_repeat


def observations_timer(n: int, seed: int, min_time: float) -> tuple[int, Timer]:
    """(g): the observation vectors of N games at once, at a random moment of their rounds."""
    rng = np.random.default_rng(seed)
    state = batch_rounds(n, seed, rng, push=False, seeded=False)
    state = batch.step(state, batch.random_actions(state, rng, push=False))
    for _ in range(int(rng.integers(0, 30))):
        state = batch.step(state, batch.random_actions(state, rng))

    def run(passes: int) -> None:
        for _ in range(passes):
            batch.observations(state)

    passes = calibrate(run, min_time)

    def one_repeat() -> float:
        start = time.perf_counter()
        run(passes)
        return n * passes / (time.perf_counter() - start)

    return passes, one_repeat


def rollout_view_timer(copies: int, seed: int, min_time: float) -> tuple[int, Timer]:
    """(h): from one seat's view after 10 cards, ``copies`` consistent deals played out at once."""
    rng = np.random.default_rng(seed)
    state = schieber.apply(schieber.new_game(ROUND_RULES, seed=seed), schieber.ChooseTrump("S"))
    for _ in range(10):
        state = schieber.apply(state, schieber.legal_moves(state)[0])
    seat = schieber.to_act(state)
    assert seat is not None
    view = schieber.observe(state, seat)

    def run(passes: int) -> None:
        for _ in range(passes):
            batch.rollout_view(view, copies, rng)

    passes = calibrate(run, min_time)

    def one_repeat() -> float:
        start = time.perf_counter()
        run(passes)
        return copies * passes / (time.perf_counter() - start)

    return passes, one_repeat


def numpy_draw_peer_timer(py: str, seed: int, min_time: float) -> tuple[int, Timer]:
    """(d2): jass-kit's loop with its own agent's numpy draws; each repeat is one runner call."""
    first = run_peer_job(py, {"job": "random_rounds", "rounds": 100, "repeats": 1, "seed": seed, "draw": "numpy"})
    rounds = max(100, math.ceil(min_time * float(first["rounds_per_s"][0])))
    doc = {"job": "random_rounds", "rounds": rounds, "repeats": 1, "seed": seed, "draw": "numpy"}

    def one_repeat() -> float:
        return float(run_peer_job(py, doc)["rounds_per_s"][0])

    return rounds, one_repeat


def check_rounds(n: int, seed: int) -> dict[str, Any]:
    """Untimed: every round of a batch is complete and shares out 157 card points."""
    final = batch_rounds(n, seed, np.random.default_rng(seed), push=True, seeded=False)
    scores = batch.scores(final)
    cards = (scores.cards + scores.last_trick).sum(axis=1)
    return {
        "rounds": n,
        "all_over": bool(final.terminated.all()),
        "all_157": bool((cards == 157).all()),
        "modes": np.bincount(final.trump, minlength=6).tolist(),
        "pushed": int((final.pushed > 0).sum()),
    }


def memory_per_game(n: int, seed: int) -> dict[str, Any]:
    """Bytes of a state's arrays per game after 18 of the 36 cards, and the peak of what numpy
    allocates (tracemalloc) while a whole round of ``n`` games is played, per game."""
    rng = np.random.default_rng(seed)
    state = batch.init(np.arange(seed, seed + n, dtype=np.uint64), rules=ROUND_RULES)
    state = batch.step(state, batch.random_actions(state, rng, push=False))
    for _ in range(18):
        state = batch.step(state, batch.random_actions(state, rng))
    per_game = state.nbytes / n
    tracemalloc.start()
    batch_rounds(n, seed + n, np.random.default_rng(seed), push=False, seeded=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"games": n, "cards_played": 18, "state_bytes_per_game": per_game, "peak_bytes_per_game": peak / n}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=7, help="timed repeats each (default 7)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"default {DEFAULT_SEED}")
    parser.add_argument("--min-time", type=float, default=0.3, help="seconds each repeat lasts at least (0.3)")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES),
                        help=f"batch sizes (default {' '.join(map(str, DEFAULT_SIZES))})")
    parser.add_argument("--push-size", type=int, default=16384, help="batch size of (e2), 0 to skip (16384)")
    parser.add_argument("--seeded-size", type=int, default=16384, help="batch size of (e3), 0 to skip (16384)")
    parser.add_argument("--rollouts", type=int, default=16384, help="copies per rollout call of (f), 0 to skip")
    parser.add_argument("--observations", type=int, default=4096, help="games of (g), 0 to skip")
    parser.add_argument("--view-rollouts", type=int, default=1024, help="copies per rollout_view call of (h), 0 to skip")
    parser.add_argument("--batch", type=int, default=50, help="rounds per pass of (a) and (b) (default 50)")
    parser.add_argument("--no-peer", action="store_true", help="skip jass-kit (our side only)")
    parser.add_argument("--no-numpy-draws", dest="numpy_draws", action="store_false",
                        help="skip (d2), jass-kit drawing with numpy")
    parser.add_argument("--peer-python", help="jass-kit venv python (default: run setup_peer.sh)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON here")
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.min_time < 0 or args.batch < 1 or any(n < 1 for n in args.sizes):
        parser.error("--repeats, --batch and --sizes must be >= 1, --min-time >= 0")

    print(f"python {platform.python_version()} ({sys.executable}); numpy {np.__version__}; "
          f"jass from {Path(jass.__file__).parent}")
    seed = args.seed
    sanity = check_rounds(2000, seed)
    print(f"check: {sanity}")
    if not (sanity["all_over"] and sanity["all_157"]):
        raise SystemExit("batch rounds are not complete 157-point rounds")

    timers: dict[str, tuple[str, int, Timer]] = {}
    for name, loop in (("(a) ours/public_rounds", public_rounds), ("(b) ours/fast_rounds", fast_rounds)):
        passes, timer = rounds_timer(loop, args.batch, seed, args.min_time)
        timers[name] = ("rounds/s", passes, timer)
    for n in args.sizes:
        passes, timer = batch_timer(n, seed, args.min_time, push=False)
        timers[f"(e) batch/{n}"] = ("rounds/s", passes, timer)
    if args.push_size:
        passes, timer = batch_timer(args.push_size, seed, args.min_time, push=True)
        timers[f"(e2) batch+push/{args.push_size}"] = ("rounds/s", passes, timer)
    if args.seeded_size:
        passes, timer = batch_timer(args.seeded_size, seed, args.min_time, push=False, seeded=True)
        timers[f"(e3) batch/seeded/{args.seeded_size}"] = ("rounds/s", passes, timer)
    if args.rollouts:
        dealt = schieber.new_game(ROUND_RULES, seed=seed)
        passes, timer = rollout_timer(dealt, args.rollouts, seed, args.min_time)
        timers[f"(f) batch/rollout/{args.rollouts}"] = ("rounds/s", passes, timer)
    if args.observations:
        passes, timer = observations_timer(args.observations, seed, args.min_time)
        timers[f"(g) batch/observations/{args.observations}"] = ("vectors/s", passes, timer)
    if args.view_rollouts:
        passes, timer = rollout_view_timer(args.view_rollouts, seed, args.min_time)
        timers[f"(h) batch/rollout_view/{args.view_rollouts}"] = ("rounds/s", passes, timer)

    peer: dict[str, Any] = {"available": False}
    peer_name = "(d) jasskit/random_rounds"
    if args.no_peer:
        peer["reason"] = "--no-peer"
    else:
        try:
            py = peer_python(args.peer_python)
            info = run_peer_job(py, {"job": "info"})
            passes, timer = peer_timer(py, seed, args.min_time)
            timers[peer_name] = ("rounds/s", passes, timer)
            if args.numpy_draws:
                passes, timer = numpy_draw_peer_timer(py, seed, args.min_time)
                timers["(d2) jasskit/numpy_draws"] = ("rounds/s", passes, timer)
            peer.update(available=True, python=py, jass_kit=info["jass_kit_version"], numpy=info["numpy_version"],
                        draw="python")
        except PeerUnavailable as error:
            peer["reason"] = str(error)
            print(f"NOTE: peer jass-kit unavailable, running our side only.\n  {error}")

    def peer_failed(name: str) -> None:
        peer.update(available=False, reason=f"{name} failed while timing")

    rates = interleaved_rates(timers, args.repeats, peer_failed)
    results = {
        name: {"unit": timers[name][0], "passes": timers[name][1], "rates": r,
               "median": statistics.median(r), "min": min(r), "max": max(r)}
        for name, r in rates.items()
    }
    print()
    print(f"{'benchmark':<34} {'median':>13} {'min':>12} {'max':>12}  unit")
    print("-" * 82)
    for name, r in results.items():
        print(f"{name:<34} {r['median']:>13,.0f} {r['min']:>12,.0f} {r['max']:>12,.0f}  {r['unit']}")

    ratios: dict[str, dict[str, dict[str, float]]] = {}
    print()
    references = [("(a) ours/public_rounds", "public API"), ("(b) ours/fast_rounds", "fast path")]
    if peer_name in rates:
        references.append((peer_name, "jass-kit"))
    header = "".join(f"{label:>22}" for _, label in references)
    print(f"{'ratio (median of per-round ratios)':<34}{header}")
    for name in rates:
        if not name.startswith(("(e)", "(e2)", "(e3)", "(f)", "(h)")):
            continue
        ratios[name] = {ref: paired(rates[name], rates[ref]) for ref, _ in references}
        cells = "".join(f"{ratios[name][ref]['median_paired_ratio']:>21.1f}x" for ref, _ in references)
        print(f"{name:<34}{cells}")
    for peer_timer_name in (peer_name, "(d2) jasskit/numpy_draws"):
        if peer_timer_name not in rates:
            continue
        for name in ("(a) ours/public_rounds", "(b) ours/fast_rounds"):
            ratio = paired(rates[name], rates[peer_timer_name])
            ratios.setdefault(name, {})[peer_timer_name] = ratio
            print(f"{name:<34} to {peer_timer_name.split(' ', 1)[1]}: {ratio['ratio_of_medians']:.1f}x of medians, per round "
                  f"{ratio['median_paired_ratio']:.1f}x ({ratio['min_paired_ratio']:.1f}-"
                  f"{ratio['max_paired_ratio']:.1f}x)")

    reached = [n for n in args.sizes if results[f"(e) batch/{n}"]["median"] >= TARGET]
    best = max(args.sizes, key=lambda n: results[f"(e) batch/{n}"]["median"])
    target = {"rounds_per_s": TARGET, "reached": bool(reached), "smallest_batch_reaching": min(reached, default=None),
              "best_batch": best, "best_median": results[f"(e) batch/{best}"]["median"]}
    print()
    print(f"target {TARGET:,} rounds/s: " + (f"reached from batch size {min(reached)} (median)" if reached
                                             else "NOT reached (median)")
          + f"; best median {target['best_median']:,.0f} at batch size {best}")

    memory = memory_per_game(min(16384, max(args.sizes)), seed)
    print(f"memory: {memory['state_bytes_per_game']:.0f} bytes of arrays per game in a state "
          f"(after {memory['cards_played']} cards; the rules' tables shared); peak {memory['peak_bytes_per_game']:.0f} "
          f"bytes per game allocated while {memory['games']} games play a round")

    if args.json:
        doc = {
            "benchmark": "bench_batch",
            "config": {"repeats": args.repeats, "seed": seed, "min_time": args.min_time, "sizes": args.sizes,
                       "push_size": args.push_size, "seeded_size": args.seeded_size, "rollouts": args.rollouts,
                       "batch": args.batch},
            "environment": {"python": platform.python_version(), "numpy": np.__version__,
                            "executable": sys.executable, "platform": platform.platform(),
                            "jass_version": jass.__version__},
            "check": sanity,
            "peer": peer,
            "results": results,
            "ratios": ratios,
            "target": target,
            "memory": memory,
        }
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
