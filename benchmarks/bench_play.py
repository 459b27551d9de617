#!/usr/bin/env python3
"""Play benchmark: random complete Schieber rounds, ours (public API and fast rollout) vs jass-kit.

Run it with the interpreter of a venv where our package is installed, from anywhere:

    python benchmarks/bench_play.py                  # 7 interleaved repeats, with jass-kit
    python benchmarks/bench_play.py --no-peer        # our side only
    python benchmarks/bench_play.py --profile        # + cProfile of the public-API round
    python benchmarks/bench_play.py --json /tmp/play.json

In one process run it times, R repeats each, interleaved (round r times repeat r of each):

  (a)  ours/public_rounds    random complete Schieber rounds through the public immutable API:
                             new_game(seed) (a seeded deal), a random mode, then
                             legal_moves + apply with a random legal card until the round ends
  (a2) ours/public_rounds_dealt  the same from new_game(deal=...) with a random deal
  (b)  ours/fast_rounds      the same rounds through the play-outs of jass.tricks: random_deal, a random mode,
                             play_cards (raw ints; tests/test_rollout.py proves it plays and
                             scores exactly like the public API for the same random choices)
  (b2) ours/rollout_from_state  schieber_rollout(state) from one dealt state (a search's use)
  (c)  ours/<variant>/legal_moves and ours/<variant>/apply, for every variant, on the states
                             of random games (every phase, as often as games reach it)
  (d)  jasskit/random_rounds jass-kit's own loop in its own venv (benchmarks/peer): random deal,
                             random trump, random legal card (jasskit_runner.py random_rounds)

and prints medians, min and max, the ratios (a)/(d) and (b)/(d) (targets: 5x and 20x), and the
memory of a mid-round Schieber state. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import cProfile
import enum
import io
import json
import math
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

# bench_core puts the checkout on sys.path when the package is not installed, and has the
# helpers that run the peer in its own venv.
from bench_core import PeerUnavailable, interleaved_rates, peer_python, run_peer_job  # noqa: E402

import attrs  # noqa: E402

import jass  # noqa: E402
from jass import differenzler, pomme, schieber  # noqa: E402
from jass.cards import CardSet  # noqa: E402

try:  # the play-outs are in jass.tricks since the variant packages; in jass.rollout before
    from jass.tricks import play_cards, random_deal  # noqa: E402
except ImportError:  # an older checkout, measured beside this one
    from jass.rollout import play_cards, random_deal  # type: ignore[no-redef]  # noqa: E402

schieber_rollout = schieber.rollout

DEFAULT_SEED = 20240601

#: The rules of the timed rounds: one round (the game ends with it), Weis declared automatically,
#: so every move of the card play is a card, as in jass-kit's loop.
ROUND_RULES = attrs.evolve(schieber.Rules.tournament(1), auto_declare=True)

Timer = Callable[[], float]


# --------------------------------------------------------------------------- the timed loops


def public_rounds(count: int, seed: int, rng: random.Random) -> None:
    """(a): ``count`` rounds dealt from seeds ``seed``, ``seed + 1``, ..."""
    new_game, legal_moves, apply, is_over = schieber.new_game, schieber.legal_moves, schieber.apply, schieber.is_over
    draw = rng.random
    for number in range(count):
        state = new_game(ROUND_RULES, seed=seed + number)
        state = apply(state, legal_moves(state)[int(draw() * 6)])  # the six modes come first
        while not is_over(state):
            moves = legal_moves(state)
            state = apply(state, moves[int(draw() * len(moves))])


def public_rounds_dealt(count: int, seed: int, rng: random.Random) -> None:
    """(a2): as (a), each round from ``new_game(deal=...)`` with a random deal."""
    new_game, legal_moves, apply, is_over = schieber.new_game, schieber.legal_moves, schieber.apply, schieber.is_over
    from_bits = CardSet.from_bits
    draw = rng.random
    for number in range(count):
        hands = [from_bits(bits) for bits in random_deal(rng)]
        state = new_game(ROUND_RULES, seed=seed + number, deal=hands)
        state = apply(state, legal_moves(state)[int(draw() * 6)])
        while not is_over(state):
            moves = legal_moves(state)
            state = apply(state, moves[int(draw() * len(moves))])


def fast_rounds(count: int, seed: int, rng: random.Random) -> None:
    """(b): random deal, random mode, random legal cards on raw ints; Vorhand leads."""
    draw = rng.random
    rules = ROUND_RULES.play
    for number in range(count):
        hands = random_deal(rng)
        play_cards(hands, int(draw() * 6), (seed + number) % 4, rng, rules=rules)


def rollouts_from(state: schieber.State) -> Callable[[int, int, random.Random], None]:
    """(b2): rollouts of one dealt state."""

    def run(count: int, seed: int, rng: random.Random) -> None:
        for _ in range(count):
            schieber_rollout(state, rng)

    return run


def game_states(variant: Any, rules: Any, games: int, seed: int) -> list[tuple[Any, Any]]:
    """(c): every (state, move) of ``games`` random games."""
    rng = random.Random(seed)
    pairs = []
    for number in range(games):
        state = variant.new_game(rules, seed=seed + number)
        while not variant.is_over(state):
            moves = variant.legal_moves(state)
            move = moves[int(rng.random() * len(moves))]
            pairs.append((state, move))
            state = variant.apply(state, move)
    return pairs


# --------------------------------------------------------------------------- timing


def calibrate(run: Callable[[int], None], min_time: float) -> int:
    """Passes so that one repeat lasts at least ``min_time``."""
    run(1)  # warm-up
    start = time.perf_counter()
    run(1)
    elapsed = time.perf_counter() - start
    return max(1, math.ceil(min_time / elapsed)) if elapsed > 0 else 1000


def rounds_timer(loop: Callable[[int, int, random.Random], None], batch: int, seed: int,
                 min_time: float) -> tuple[int, Timer]:
    """A timer of ``loop`` over ``batch`` rounds per pass: each call is one repeat (rounds/s)."""
    rng = random.Random(seed)

    def run(passes: int) -> None:
        for number in range(passes):
            loop(batch, seed + number * batch, rng)

    passes = calibrate(run, min_time)

    def one_repeat() -> float:
        start = time.perf_counter()
        run(passes)
        return batch * passes / (time.perf_counter() - start)

    return passes, one_repeat


def calls_timer(call: Callable[..., Any], args: list[tuple[Any, ...]], min_time: float) -> tuple[int, Timer]:
    """A timer of ``call(*a)`` for every ``a`` of ``args`` per pass (calls/s)."""

    def run(passes: int) -> None:
        for _ in range(passes):
            for item in args:
                call(*item)

    passes = calibrate(run, min_time)

    def one_repeat() -> float:
        start = time.perf_counter()
        run(passes)
        return len(args) * passes / (time.perf_counter() - start)

    return passes, one_repeat


def peer_timer(py: str, seed: int, min_time: float) -> tuple[int, Timer]:
    """(d): each repeat is one runner call (a fresh process; its import is not timed)."""
    first = run_peer_job(py, {"job": "random_rounds", "rounds": 200, "repeats": 1, "seed": seed})
    if not first.get("all_rounds_total_157", False):
        raise PeerUnavailable("jass-kit's rounds do not total 157 points")
    rounds = max(200, math.ceil(min_time * float(first["rounds_per_s"][0])))
    doc = {"job": "random_rounds", "rounds": rounds, "repeats": 1, "seed": seed}

    def one_repeat() -> float:
        return float(run_peer_job(py, doc)["rounds_per_s"][0])

    return rounds, one_repeat


# --------------------------------------------------------------------------- memory


def deep_size(value: object, skip: set[int]) -> int:
    """Bytes of ``value`` and everything it reaches (``sys.getsizeof``), each object once, leaving
    out the ids in ``skip`` and what every state shares: enum members (cards, modes, phases),
    classes, ``None``/``True``/``False``, the small ints CPython caches and the empty tuple."""
    seen: set[int] = set()
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen or id(item) in skip or item is None or isinstance(item, (bool, enum.Enum, type)):
            continue
        if (type(item) is int and -5 <= item <= 256) or item == ():
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, (tuple, list)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif attrs.has(type(item)):
            stack.extend(getattr(item, field.name) for field in attrs.fields(type(item)))
        elif isinstance(item, CardSet):
            stack.append(item.bits)
    return total


def reachable(value: object) -> set[int]:
    ids: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in ids:
            continue
        ids.add(id(item))
        if isinstance(item, (tuple, list)):
            stack.extend(item)
        elif attrs.has(type(item)):
            stack.extend(getattr(item, field.name) for field in attrs.fields(type(item)))
    return ids


def mid_round_memory(seed: int) -> dict[str, Any]:
    """A Schieber state after 18 of the 36 cards (seeded rules, Weis declared)."""
    import pickle

    rng = random.Random(seed)
    state = schieber.new_game(schieber.Rules(), seed=seed)
    first = state
    state = schieber.apply(state, schieber.ChooseTrump("schilten"))
    parent = state
    while state.play is not None and len(state.play.tricks) * 4 + len(state.play.trick) < 18:
        moves = schieber.legal_moves(state)
        parent = state
        state = schieber.apply(state, moves[int(rng.random() * len(moves))])
    assert state.play is not None
    # Shared by every state of every game with these rules and mode: the rules, the play's setup
    # (mode, options and their tables).
    shared = reachable(state.rules) | reachable(state.play.setup)
    # Shared by every state of the round's card play: the setting (deal, scores, Weis, history).
    round_shared = reachable(state.setting) | reachable(first.dealt)
    return {
        "cards_played": 18,
        "state_bytes": deep_size(state, shared),
        "state_bytes_without_round_shared": deep_size(state, shared | round_shared),
        "new_bytes_per_move": deep_size(state, shared | reachable(parent)),
        "pickle_bytes": len(pickle.dumps(state)),
    }


# --------------------------------------------------------------------------- main


def profile_public(rounds: int, seed: int, top: int) -> str:
    profile = cProfile.Profile()
    profile.enable()
    public_rounds(rounds, seed, random.Random(seed))
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).strip_dirs().sort_stats("tottime").print_stats(top)
    return out.getvalue()


def paired(a: list[float], b: list[float]) -> dict[str, float]:
    ratios = [x / y for x, y in zip(a, b)]
    return {
        "ratio_of_medians": statistics.median(a) / statistics.median(b),
        "median_paired_ratio": statistics.median(ratios),
        "min_paired_ratio": min(ratios),
        "max_paired_ratio": max(ratios),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=7, help="timed repeats each (default 7)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"default {DEFAULT_SEED}")
    parser.add_argument("--min-time", type=float, default=0.3,
                        help="seconds each repeat lasts at least (default 0.3)")
    parser.add_argument("--batch", type=int, default=50, help="rounds per pass of our loops (default 50)")
    parser.add_argument("--games", type=int, default=4,
                        help="random games per variant whose states time (c) (default 4)")
    parser.add_argument("--no-peer", action="store_true", help="skip jass-kit (our side only)")
    parser.add_argument("--peer-python", help="jass-kit venv python (default: run setup_peer.sh)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON here")
    parser.add_argument("--profile", action="store_true", help="print cProfile of the public-API round")
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.min_time < 0 or args.batch < 1 or args.games < 1:
        parser.error("--repeats, --batch and --games must be >= 1, --min-time >= 0")

    print(f"python {platform.python_version()} ({sys.executable}); jass from {Path(jass.__file__).parent}")
    seed = args.seed
    timers: dict[str, tuple[str, int, Timer]] = {}  # name -> (unit, passes, timer)
    for name, loop in (
        ("(a) ours/public_rounds", public_rounds),
        ("(a2) ours/public_rounds_dealt", public_rounds_dealt),
        ("(b) ours/fast_rounds", fast_rounds),
        ("(b2) ours/rollout_from_state", rollouts_from(schieber.new_game(ROUND_RULES, seed=seed))),
    ):
        passes, timer = rounds_timer(loop, args.batch, seed, args.min_time)
        timers[name] = ("rounds/s", passes, timer)
    states_seen = {}
    # The seed's rules of each variant; Schieber for a number of rounds, as random play would
    # otherwise end most games with a wrong «Mer bedanked eus!» in the first round.
    schieber_rules = attrs.evolve(schieber.Rules(), target_score=None, rounds=2)
    for variant, rules in ((schieber, schieber_rules), (differenzler, differenzler.Rules()), (pomme, pomme.Rules())):
        name = variant.__name__.rsplit(".", 1)[-1]
        pairs = game_states(variant, rules, args.games, seed)
        states_seen[name] = len(pairs)
        passes, timer = calls_timer(variant.legal_moves, [(s,) for s, _ in pairs], args.min_time)
        timers[f"(c) ours/{name}/legal_moves"] = ("calls/s", passes, timer)
        passes, timer = calls_timer(variant.apply, pairs, args.min_time)
        timers[f"(c) ours/{name}/apply"] = ("calls/s", passes, timer)
    print("(c) states from random games: " + ", ".join(f"{k} {v}" for k, v in states_seen.items()))

    peer: dict[str, Any] = {"available": False}
    if args.no_peer:
        peer["reason"] = "--no-peer"
    else:
        try:
            py = peer_python(args.peer_python)
            info = run_peer_job(py, {"job": "info"})
            passes, timer = peer_timer(py, seed, args.min_time)
            timers["(d) jasskit/random_rounds"] = ("rounds/s", passes, timer)
            peer.update(available=True, python=py, jass_kit=info["jass_kit_version"], numpy=info["numpy_version"])
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

    ratios: dict[str, dict[str, float]] = {}
    peer_name = "(d) jasskit/random_rounds"
    if peer_name in rates:
        print()
        print(f"{'ratio to (d) jass-kit':<34} {'of medians':>11} {'per round: median':>18} {'min':>7} {'max':>7}"
              "  target")
        for name, target in (("(a) ours/public_rounds", 5.0), ("(a2) ours/public_rounds_dealt", 5.0),
                             ("(b) ours/fast_rounds", 20.0), ("(b2) ours/rollout_from_state", 20.0)):
            ratio = paired(rates[name], rates[peer_name])
            ratios[name] = ratio
            verdict = "meets" if ratio["ratio_of_medians"] >= target else "MISSES"
            print(f"{name:<34} {ratio['ratio_of_medians']:>10.1f}x {ratio['median_paired_ratio']:>17.1f}x "
                  f"{ratio['min_paired_ratio']:>6.1f}x {ratio['max_paired_ratio']:>6.1f}x  >= {target:.0f}x {verdict}")

    memory = mid_round_memory(seed)
    print()
    print(f"memory of a mid-round Schieber state ({memory['cards_played']} cards played; rules, the play's setup, cards, enum members "
          "and small ints left out):")
    print(f"  whole state                                  {memory['state_bytes']:>6} bytes")
    print(f"  without what every state of the round shares {memory['state_bytes_without_round_shared']:>6} bytes"
          " (the setting: deal, scores, Weis)")
    print(f"  new per move (not shared with the parent)    {memory['new_bytes_per_move']:>6} bytes")
    print(f"  pickled                                      {memory['pickle_bytes']:>6} bytes")

    profile = ""
    if args.profile:
        profile = profile_public(300, seed, 18)
        print(f"\n=== cProfile: (a) ours/public_rounds, 300 rounds ===\n{profile}")

    if args.json:
        doc = {
            "benchmark": "bench_play",
            "config": {"repeats": args.repeats, "seed": seed, "min_time": args.min_time, "batch": args.batch,
                       "games": args.games},
            "environment": {"python": platform.python_version(), "executable": sys.executable,
                            "platform": platform.platform(), "jass_version": jass.__version__},
            "peer": peer,
            "results": results,
            "ratios": ratios,
            "memory": memory,
            "profile": profile,
        }
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
