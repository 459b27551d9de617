#!/usr/bin/env python3
"""Core-rules benchmark: legal cards and trick winners, ours vs the peer jass-kit 2.0.5.

Run it with the interpreter of a venv where our package is installed, from anywhere:

    python benchmarks/bench_core.py                     # 2000 positions, 7 repeats
    python benchmarks/bench_core.py --positions 5000 --repeats 9 --json /tmp/core.json
    python benchmarks/bench_core.py --no-peer           # our side only
    python benchmarks/bench_core.py --profile           # + cProfile of our hot paths

What it does (see benchmarks/README.md for details):

1. Generates N realistic Schieber positions from a fixed seed with our own
   ``deal``: random trump (all six modes), a random number (0..8) of earlier
   tricks played with random *legal* cards (``legal_cards``), then a trick
   prefix of 0..3 cards. A position is (hand of the seat to play, trick so far,
   trump). Each position's trick is also completed with random legal cards to
   give N complete 4-card tricks.
2. Times, R repeats each, in calls/s:
     ours/legal_cards      legal_cards(CardSet, list[Card], Trump)
     ours/legal_bits       legal_bits(int, list[int], int)   (ints prepared untimed)
     ours/trick_winner     trick_winner(list[Card], Trump, leader)  on complete tricks
     jasskit/get_valid_cards  RuleSchieber.get_valid_cards on the same positions
     jasskit/calc_winner      RuleSchieber.calc_winner on the same complete tricks
   jass-kit runs in its own venv (benchmarks/peer/) through jasskit_runner.py.
3. Cross-checks our legal cards and trick winners against jass-kit's on every
   position and classifies each disagreement, using a slow reference
   implementation written here from the rules text as the tie-breaker.

Each repeat runs the whole position list ``passes`` times; ``passes`` is
calibrated so that one repeat lasts at least --min-time seconds (the same way
for both libraries). The R repeats are interleaved: round r times repeat r of
every benchmark, so a host whose speed drifts slows both sides alike; ratios
are reported both as ratio of medians and as the median of per-round ratios.
The timed loops have the same shape on both sides: a Python ``for`` over a
list of prepared argument tuples, calling a bound function. Nothing here
changes our library.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PEER_DIR = HERE / "peer"
PEER_SETUP = PEER_DIR / "setup_peer.sh"
PEER_RUNNER = PEER_DIR / "jasskit_runner.py"

try:
    import jass.tricks  # noqa: F401
except ImportError:  # not installed in this interpreter: use the checkout
    sys.path.insert(0, str(REPO))

import jass  # noqa: E402
from jass import Card, CardSet, Trump, deal, legal_cards, trick_winner  # noqa: E402
from jass.tricks import legal_bits  # noqa: E402

if not hasattr(jass, "legal_cards") or not hasattr(jass, "CardSet"):
    raise SystemExit(f"`jass` resolved to {jass.__file__}, which is not our library")

DEFAULT_SEED = 20240601

# --------------------------------------------------------------------------- encodings
#
# Ours:     card index = 9*suit + rank, suits C=0 S=1 H=2 D=3, ranks 6=0 .. A=8;
#           Trump 0=Eicheln(C) 1=Rosen(S) 2=Schilten(H) 3=Schellen(D) 4=Obenabe 5=Undenufe.
# jass-kit: card id = 9*suit + offset, suits D=0 H=1 S=2 C=3, offsets A=0 K=1 Q=2 J=3
#           10=4 9=5 8=6 7=7 6=8; trump 0=D 1=H 2=S 3=C 4=obe 5=une.
# Cards are matched by their French suit letter and rank (H10 <-> H10), which
# works out as jk_id = 35 - our_index. (The two libraries attach different
# Swiss suit names to H and S; the rules are symmetric in the suits, so only
# consistency matters.)

_JK_SUIT_OF_OUR_SUIT = {0: 3, 1: 2, 2: 1, 3: 0}  # C S H D -> jass-kit codes
_JK_OFFSET_OF_OUR_RANK = {r: 8 - r for r in range(9)}  # 6..A -> 8..0
_JK_TRUMP = {0: 3, 1: 2, 2: 1, 3: 0, 4: 4, 5: 5}


def jk_card(index: int) -> int:
    suit, rank = divmod(index, 9)
    return 9 * _JK_SUIT_OF_OUR_SUIT[suit] + _JK_OFFSET_OF_OUR_RANK[rank]


_OUR_INDEX_OF_JK = {jk_card(i): i for i in range(36)}


def our_card(jk_id: int) -> int:
    return _OUR_INDEX_OF_JK[jk_id]


def jk_trump(trump: int) -> int:
    return _JK_TRUMP[trump]


# --------------------------------------------------------------------------- positions


class Position:
    """One decision: the seat to play holds ``hand`` and sees ``trick`` under ``trump``."""

    __slots__ = ("hand", "trick", "trump", "leader", "full_trick", "earlier_tricks")

    def __init__(self, hand: CardSet, trick: list[Card], trump: Trump, leader: int,
                 full_trick: list[Card], earlier_tricks: int) -> None:
        self.hand = hand
        self.trick = trick
        self.trump = trump
        self.leader = leader  # seat (ours, 0..3 clockwise) that led the trick
        self.full_trick = full_trick  # the trick completed with random legal cards
        self.earlier_tricks = earlier_tricks

    def describe(self) -> str:
        trick = " ".join(c.name for c in self.trick) or "-"
        return f"trump={self.trump.name} trick=[{trick}] hand=[{self.hand}]"


def _play_random(rng: random.Random, hands: list[CardSet], seat: int, trick: list[Card],
                 trump: Trump) -> Card:
    choices = list(legal_cards(hands[seat], trick, trump))
    card = rng.choice(choices)
    hands[seat] = hands[seat] - CardSet([card])
    trick.append(card)
    return card


def generate_positions(n: int, seed: int) -> list[Position]:
    """N positions from random legal Schieber play, reproducible from ``seed``."""
    rng = random.Random(seed)
    positions = []
    for _ in range(n):
        hands = list(deal(rng.getrandbits(64)))
        trump = Trump(rng.randrange(6))
        earlier = rng.randrange(9)  # completed tricks before this one: 0..8
        prefix = rng.randrange(4)  # cards already in the current trick: 0..3
        leader = rng.randrange(4)  # forehand
        for _ in range(earlier):
            trick: list[Card] = []
            for k in range(4):
                _play_random(rng, hands, (leader + k) % 4, trick, trump)
            leader = trick_winner(trick, trump, leader)
        trick = []
        for k in range(prefix):
            _play_random(rng, hands, (leader + k) % 4, trick, trump)
        to_play = (leader + prefix) % 4
        hand = hands[to_play]
        full = list(trick)
        for k in range(prefix, 4):
            _play_random(rng, hands, (leader + k) % 4, full, trump)
        positions.append(Position(hand, trick, trump, leader, full, earlier))
    return positions


def rule_case(p: Position) -> str:
    """Which branch of the card-play rules decides this position (for coverage)."""
    if not p.trick:
        return "lead"
    t = p.trump.value
    led = p.trick[0].index // 9
    hand = {c.index for c in p.hand}
    follow = any(c // 9 == led for c in hand)
    if t > 3:
        return "obenabe/undenufe: " + ("follow" if follow else "void")
    trumps = {c for c in hand if c // 9 == t}
    if led == t:
        if not trumps:
            return "trump led: no trump in hand"
        if trumps == {t * 9 + 5}:
            return "trump led: only the Bauer (exception)"
        return "trump led: must trump"
    played = [c.index for c in p.trick if c.index // 9 == t]
    if not played:
        return "plain led, untrumped: " + ("follow" if follow else "void")
    head = f"plain led, {len(played)} trump(s) in trick: "
    if trumps and trumps == hand:
        return head + "only trumps in hand"
    best = max(_trump_strength(c) for c in played)
    lower = any(_trump_strength(c) < best for c in trumps)
    return head + ("follow" if follow else "void") + (", holds a lower trump" if lower else "")


def position_stats(positions: list[Position]) -> dict[str, Any]:
    by_len = [0] * 4
    by_trump = {t.name: 0 for t in Trump}
    cases: dict[str, int] = {}
    two_trumps = 0
    for p in positions:
        by_len[len(p.trick)] += 1
        by_trump[p.trump.name] += 1
        case = rule_case(p)
        cases[case] = cases.get(case, 0) + 1
        if _two_trumps_in_plain_trick(p):
            two_trumps += 1
    return {
        "count": len(positions),
        "by_trick_length": {str(k): v for k, v in enumerate(by_len)},
        "by_trump": by_trump,
        "mean_hand_size": statistics.fmean(len(p.hand) for p in positions) if positions else 0,
        "two_trumps_in_plain_suit_trick": two_trumps,
        "rule_cases": dict(sorted(cases.items())),
    }


# --------------------------------------------------------------------------- reference rules
#
# Written from the rules text (jass/tricks.py docstring, RULES.md section 2) in
# the plainest way, with sets of card indices and an explicit trump order. It
# is slow and only decides which side is right when ours and jass-kit differ.

_TRUMP_ORDER_STRONGEST_FIRST = (5, 3, 8, 7, 6, 4, 2, 1, 0)  # J 9 A K Q 10 8 7 6 (rank numbers)


def _trump_strength(index: int) -> int:
    return 8 - _TRUMP_ORDER_STRONGEST_FIRST.index(index % 9)


def reference_legal(hand: set[int], trick: list[int], trump: int) -> set[int]:
    if not trick:
        return set(hand)
    led = trick[0] // 9
    follow = {c for c in hand if c // 9 == led}
    if trump >= 4:  # Obenabe / Undenufe
        return follow or set(hand)
    trumps = {c for c in hand if c // 9 == trump}
    if led == trump:
        if not trumps or trumps == {trump * 9 + 5}:  # none, or only the Bauer
            return set(hand)
        return trumps
    played_trumps = [c for c in trick if c // 9 == trump]
    if played_trumps and trumps != hand:
        best = max(_trump_strength(c) for c in played_trumps)
        allowed_trumps = {c for c in trumps if _trump_strength(c) > best}
    else:
        allowed_trumps = trumps
    if follow:
        return follow | allowed_trumps
    return (hand - trumps) | allowed_trumps


def reference_winner_position(trick: list[int], trump: int) -> int:
    led = trick[0] // 9

    def key(c: int) -> tuple[int, int]:
        if trump < 4 and c // 9 == trump:
            return (2, _trump_strength(c))
        if c // 9 == led:
            return (1, 8 - c % 9 if trump == 5 else c % 9)
        return (0, 0)

    return max(range(len(trick)), key=lambda k: key(trick[k]))


def _two_trumps_in_plain_trick(p: Position) -> bool:
    t = p.trump.value
    if t > 3 or len(p.trick) != 3 or p.trick[0].index // 9 == t:
        return False
    return p.trick[1].index // 9 == t and p.trick[2].index // 9 == t


def jasskit_bug_emulation(hand: set[int], trick: list[int], trump: int) -> set[int]:
    """What jass-kit 2.0.5 returns when two trumps are in a plain-suit trick.

    rule_schieber.py:98 keeps, of trick[1] and trick[2], the one with the larger
    jass-kit card id (= the smaller index of ours) as the undertrump reference.
    """
    ref = trick[1] if jk_card(trick[1]) > jk_card(trick[2]) else trick[2]
    return reference_legal(hand, [trick[0], ref], trump)


# --------------------------------------------------------------------------- timing


def _calibrate_passes(run: Callable[[int], None], min_time: float) -> int:
    t0 = time.perf_counter()
    run(1)
    dt = time.perf_counter() - t0
    if dt <= 0:
        return 1000
    return max(1, math.ceil(min_time / dt))


# A timer does one timed repeat when called and returns its calls/s. Repeats of
# all benchmarks are interleaved (round r runs repeat r of each), so that a
# machine whose speed drifts during the run (a shared or virtualised host)
# slows both libraries alike and the per-round ratios stay comparable.
Timer = Callable[[], float]


def ours_timer(run: Callable[[int], None], n_calls_per_pass: int,
               min_time: float) -> tuple[int, Timer]:
    run(1)  # warm-up
    passes = _calibrate_passes(run, min_time)

    def one_repeat() -> float:
        t0 = time.perf_counter()
        run(passes)
        dt = time.perf_counter() - t0
        return n_calls_per_pass * passes / dt if dt > 0 else float("inf")

    return passes, one_repeat


def summarize(rates: list[float], passes: int, n: int) -> dict[str, Any]:
    return {
        "calls_per_s": rates,
        "median": statistics.median(rates),
        "min": min(rates),
        "max": max(rates),
        "passes": passes,
        "calls_per_repeat": n * passes,
    }


def make_loops(positions: list[Position]) -> dict[str, tuple[Callable[[int], None], int]]:
    public = [(p.hand, p.trick, p.trump) for p in positions]
    raw = [(p.hand.bits, [c.index for c in p.trick], p.trump.value) for p in positions]
    tricks = [(p.full_trick, p.trump, p.leader) for p in positions]

    def run_legal_cards(passes: int) -> None:
        f = legal_cards
        for _ in range(passes):
            for hand, trick, trump in public:
                f(hand, trick, trump)

    def run_legal_bits(passes: int) -> None:
        f = legal_bits
        for _ in range(passes):
            for hand, trick, trump in raw:
                f(hand, trick, trump)

    def run_trick_winner(passes: int) -> None:
        f = trick_winner
        for _ in range(passes):
            for trick, trump, leader in tricks:
                f(trick, trump, leader)

    return {
        "ours/legal_cards": (run_legal_cards, len(public)),
        "ours/legal_bits": (run_legal_bits, len(raw)),
        "ours/trick_winner": (run_trick_winner, len(tricks)),
    }


# --------------------------------------------------------------------------- peer


class PeerUnavailable(Exception):
    pass


def interleaved_rates(timers: dict[str, Any], repeats: int,
                      on_drop: Callable[[str], None]) -> dict[str, list[float]]:
    """Run every timer (``timers[name][2]``) once per repeat, in turn, so that the shared
    machine's drift hits ours and the peer alike. A peer timer that fails is dropped from
    ``timers`` and named to ``on_drop``."""
    rates: dict[str, list[float]] = {name: [] for name in timers}
    print(f"timing {len(timers)} benchmarks x {repeats} interleaved repeats ", end="", flush=True)
    for _ in range(repeats):
        for name in list(timers):
            try:
                rates[name].append(timers[name][2]())
            except PeerUnavailable as exc:
                print(f"\nNOTE: dropping {name}: {exc}")
                del timers[name], rates[name]
                on_drop(name)
        print(".", end="", flush=True)
    print()
    return rates


def peer_python(explicit: str | None) -> str:
    if explicit:
        return explicit
    try:
        proc = subprocess.run(["bash", str(PEER_SETUP)], capture_output=True, text=True,
                              timeout=900)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise PeerUnavailable(f"could not run {PEER_SETUP}: {exc}") from None
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-8:])
        raise PeerUnavailable(f"{PEER_SETUP} failed (exit {proc.returncode}):\n{tail}")
    lines = proc.stdout.strip().splitlines()
    if not lines or not os.access(lines[-1], os.X_OK):
        raise PeerUnavailable(f"{PEER_SETUP} printed no usable interpreter: {proc.stdout!r}")
    return lines[-1]


def run_peer_job(py: str, doc: dict[str, Any], timeout: float = 1800) -> dict[str, Any]:
    # -I is NOT used: the runner isolates sys.path itself; but never leak our
    # PYTHONPATH into the peer interpreter.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    try:
        proc = subprocess.run([py, str(PEER_RUNNER)], input=json.dumps(doc), capture_output=True,
                              text=True, timeout=timeout, env=env, cwd=str(PEER_DIR))
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise PeerUnavailable(f"peer runner ({doc['job']}) failed to run: {exc}") from None
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-8:])
        raise PeerUnavailable(f"peer runner ({doc['job']}) exited {proc.returncode}:\n{tail}")
    try:
        out: dict[str, Any] = json.loads(proc.stdout)
    except ValueError as exc:
        raise PeerUnavailable(f"peer runner ({doc['job']}) printed no JSON: {exc}") from None
    return out


def check_peer_encoding(info: dict[str, Any]) -> None:
    """Verify our translation against jass-kit's own card and trump tables."""
    names = info["card_ids"]
    for card in Card:
        jk = jk_card(card.index)
        if names[str(jk)] != card.name:
            raise PeerUnavailable(f"encoding mismatch: our {card.name} -> jass-kit id {jk} "
                                  f"which jass-kit calls {names[str(jk)]}")
    letters = "CSHD"
    for t in range(4):
        if info["trump_codes"][str(jk_trump(t))] != letters[t]:
            raise PeerUnavailable(f"trump encoding mismatch for our Trump({t})")
    if info["trump_codes"][str(jk_trump(4))] != "O" or info["trump_codes"][str(jk_trump(5))] != "U":
        raise PeerUnavailable("trump encoding mismatch for Obenabe/Undenufe")


def peer_timer(py: str, job: str, key: str, items: list[dict[str, Any]],
               min_time: float) -> tuple[int, Timer, list[Any]]:
    """Calibrate a jass-kit job; each repeat is one runner call with repeats=1.

    Every call imports jass-kit afresh and makes an untimed warm-up pass over
    the items before its timed passes (see peer/README.md).
    """
    first = run_peer_job(py, {"job": job, key: items, "repeats": 1, "passes": 1})
    rate = first["calls_per_s"][0]
    passes = max(1, math.ceil(min_time * rate / max(1, len(items))))
    doc = {"job": job, key: items, "repeats": 1, "passes": passes}

    def one_repeat() -> float:
        out = run_peer_job(py, doc)
        if out["results"] != first["results"]:
            raise PeerUnavailable(f"jass-kit {job} results differ between runs")
        return float(out["calls_per_s"][0])

    return passes, one_repeat, first["results"]


# --------------------------------------------------------------------------- cross-checks


def crosscheck_legal(positions: list[Position], jk_results: list[list[int]],
                     max_examples: int) -> dict[str, Any]:
    classes: dict[str, int] = {}
    examples: dict[str, list[dict[str, Any]]] = {}
    ours_vs_reference = 0
    for i, (p, jk_ids) in enumerate(zip(positions, jk_results)):
        hand = {c.index for c in p.hand}
        trick = [c.index for c in p.trick]
        t = p.trump.value
        ours = {c.index for c in legal_cards(p.hand, p.trick, p.trump)}
        jk = {our_card(c) for c in jk_ids}
        ref = reference_legal(hand, trick, t)
        if ours != ref:
            ours_vs_reference += 1
        if ours == jk:
            continue
        if ours == ref and _two_trumps_in_plain_trick(p) and jk == jasskit_bug_emulation(hand, trick, t):
            cls = "known jass-kit bug: two trumps in a plain-suit trick (index comparison)"
        elif ours == ref:
            cls = "OTHER: jass-kit differs from the reference"
        elif jk == ref:
            cls = "OTHER: ours differs from the reference"
        else:
            cls = "OTHER: both differ from the reference"
        classes[cls] = classes.get(cls, 0) + 1
        bucket = examples.setdefault(cls, [])
        if len(bucket) < max_examples:
            bucket.append({
                "position": i,
                "trump": p.trump.name,
                "rule_case": rule_case(p),
                "trick": [c.name for c in p.trick],
                "hand": [c.name for c in p.hand],
                "ours": [Card.from_index(c).name for c in sorted(ours)],
                "jasskit": [Card.from_index(c).name for c in sorted(jk)],
                "reference": [Card.from_index(c).name for c in sorted(ref)],
                "jasskit_input": {"hand": sorted(jk_card(c) for c in hand),
                                  "trick": [jk_card(c) for c in trick], "trump": jk_trump(t)},
            })
    unexplained = sum(v for k, v in classes.items() if k.startswith("OTHER"))
    return {
        "positions": len(positions),
        "disagreements": sum(classes.values()),
        "unexplained": unexplained,
        "classes": classes,
        "examples": examples,
        "ours_vs_reference_disagreements": ours_vs_reference,
    }


def crosscheck_winner(positions: list[Position], jk_results: list[int] | None,
                      max_examples: int) -> dict[str, Any]:
    disagreements: list[dict[str, Any]] = []
    count = 0
    ours_vs_reference = 0
    for i, p in enumerate(positions):
        trick = [c.index for c in p.full_trick]
        ours_pos = (trick_winner(p.full_trick, p.trump, p.leader) - p.leader) % 4
        ref_pos = reference_winner_position(trick, p.trump.value)
        if ours_pos != ref_pos:
            ours_vs_reference += 1
        if jk_results is None:
            continue
        jk_pos = (0 - jk_results[i]) % 4  # first_player 0, counterclockwise seats
        if ours_pos != jk_pos:
            count += 1
            if len(disagreements) < max_examples:
                disagreements.append({"trick": [c.name for c in p.full_trick],
                                      "trump": p.trump.name, "ours_position": ours_pos,
                                      "jasskit_position": jk_pos, "reference_position": ref_pos})
    return {
        "tricks": len(positions),
        "disagreements": count if jk_results is not None else None,
        "examples": disagreements,
        "ours_vs_reference_disagreements": ours_vs_reference,
    }


# --------------------------------------------------------------------------- profile


def profile_loops(loops: dict[str, tuple[Callable[[int], None], int]], names: list[str],
                  passes: int, top: int) -> dict[str, str]:
    out = {}
    for name in names:
        run, _ = loops[name]
        prof = cProfile.Profile()
        prof.enable()
        run(passes)
        prof.disable()
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).strip_dirs().sort_stats("tottime").print_stats(top)
        out[name] = buf.getvalue()
    return out


# --------------------------------------------------------------------------- main


def fmt_rate(x: float) -> str:
    return f"{x:,.0f}"


def print_table(results: dict[str, dict[str, Any]], ratios: dict[str, dict[str, float]]) -> None:
    print()
    print(f"{'benchmark':<26} {'median calls/s':>15} {'min':>13} {'max':>13} {'passes':>7}")
    print("-" * 78)
    for name, r in results.items():
        print(f"{name:<26} {fmt_rate(r['median']):>15} {fmt_rate(r['min']):>13} "
              f"{fmt_rate(r['max']):>13} {r['passes']:>7}")
    if ratios:
        print()
        print(f"ratios ours / jass-kit:{'':<30} {'of medians':>11} {'per round: median':>18} "
              f"{'min':>7} {'max':>7}")
        for name, v in ratios.items():
            print(f"  {name:<52} {v['ratio_of_medians']:10.2f}x {v['median_paired_ratio']:17.2f}x "
                  f"{v['min_paired_ratio']:6.2f}x {v['max_paired_ratio']:6.2f}x")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=2000, help="positions (default 2000)")
    ap.add_argument("--repeats", type=int, default=7, help="timed repeats each (default 7)")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"default {DEFAULT_SEED}")
    ap.add_argument("--min-time", type=float, default=0.2,
                    help="seconds each repeat lasts at least; sets the passes (default 0.2)")
    ap.add_argument("--no-peer", action="store_true", help="skip jass-kit (our side only)")
    ap.add_argument("--peer-python", help="jass-kit venv python (default: run setup_peer.sh)")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON here")
    ap.add_argument("--profile", action="store_true", help="print cProfile of our loops")
    ap.add_argument("--cases", action="store_true",
                    help="print how many positions fall in each branch of the rules")
    ap.add_argument("--examples", type=int, default=5, help="disagreement examples kept per class")
    ap.add_argument("--fail-on-mismatch", action="store_true",
                    help="exit 2 if a cross-check finds an unexplained disagreement")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.repeats < 1 or args.min_time < 0:
        ap.error("--positions and --repeats must be >= 1, --min-time >= 0")

    print(f"python {platform.python_version()} ({sys.executable}); jass from {Path(jass.__file__).parent}")
    t0 = time.perf_counter()
    positions = generate_positions(args.positions, args.seed)
    stats = position_stats(positions)
    print(f"{len(positions)} positions from seed {args.seed} in {time.perf_counter() - t0:.2f}s; "
          f"trick lengths 0..3: {list(stats['by_trick_length'].values())}; "
          f"trumps: {stats['by_trump']}; mean hand size {stats['mean_hand_size']:.2f}")

    if args.cases:
        print("rule cases covered (positions):")
        for case, n in stats["rule_cases"].items():
            print(f"  {n:7d}  {case}")

    loops = make_loops(positions)
    timers: dict[str, tuple[int, int, Timer]] = {}  # name -> (calls per pass, passes, timer)
    for name, (run, n) in loops.items():
        passes, timer = ours_timer(run, n, args.min_time)
        timers[name] = (n, passes, timer)

    peer: dict[str, Any] = {"available": False}
    jk_legal: list[list[int]] | None = None
    jk_winner: list[int] | None = None
    if args.no_peer:
        peer["reason"] = "--no-peer"
    else:
        try:
            py = peer_python(args.peer_python)
            info = run_peer_job(py, {"job": "info"})
            check_peer_encoding(info)
            peer.update(available=True, python=py, jass_kit=info["jass_kit_version"],
                        numpy=info["numpy_version"], peer_python_version=info["python"])
            items = [{"hand": sorted(jk_card(c.index) for c in p.hand),
                      "trick": [jk_card(c.index) for c in p.trick],
                      "trump": jk_trump(p.trump.value)} for p in positions]
            passes, timer, jk_legal = peer_timer(py, "valid_cards", "positions", items,
                                                 args.min_time)
            timers["jasskit/get_valid_cards"] = (len(items), passes, timer)
            tricks = [{"trick": [jk_card(c.index) for c in p.full_trick],
                       "trump": jk_trump(p.trump.value), "first_player": 0} for p in positions]
            try:
                passes, timer, jk_winner = peer_timer(py, "trick_winner", "tricks", tricks,
                                                      args.min_time)
                timers["jasskit/calc_winner"] = (len(tricks), passes, timer)
            except PeerUnavailable as exc:
                print(f"NOTE: jass-kit trick winner not measured: {exc}")
        except PeerUnavailable as exc:
            peer.update(available=False, reason=str(exc))
            print(f"NOTE: peer jass-kit unavailable, running our side only.\n  {exc}")

    dropped: list[str] = []
    rates = interleaved_rates(timers, args.repeats, dropped.append)
    if "jasskit/get_valid_cards" in dropped:
        jk_legal = None
        peer.update(available=False, reason="jass-kit failed while timing")
    if "jasskit/calc_winner" in dropped:
        jk_winner = None
    results = {name: summarize(rates[name], timers[name][1], timers[name][0]) for name in timers}

    ratios: dict[str, dict[str, float]] = {}
    for label, ours_name, peer_name in (
        ("(1) ours/legal_cards vs (4) jasskit/get_valid_cards", "ours/legal_cards",
         "jasskit/get_valid_cards"),
        ("(2) ours/legal_bits vs (4) jasskit/get_valid_cards", "ours/legal_bits",
         "jasskit/get_valid_cards"),
        ("(3) ours/trick_winner vs jasskit/calc_winner", "ours/trick_winner",
         "jasskit/calc_winner"),
    ):
        if peer_name in results:
            paired = [a / b for a, b in zip(rates[ours_name], rates[peer_name])]
            ratios[label] = {
                "ratio_of_medians": results[ours_name]["median"] / results[peer_name]["median"],
                "median_paired_ratio": statistics.median(paired),
                "min_paired_ratio": min(paired),
                "max_paired_ratio": max(paired),
            }
    print_table(results, ratios)
    target = 10.0
    for k in ("(1) ours/legal_cards vs (4) jasskit/get_valid_cards",
              "(2) ours/legal_bits vs (4) jasskit/get_valid_cards"):
        if k in ratios:
            r = ratios[k]["ratio_of_medians"]
            status = "meets" if r >= target else "MISSES"
            print(f"  target >= {target:.0f}x: {k.split(' vs ')[0]} {status} it ({r:.2f}x)")

    print()
    legal_check = None
    if jk_legal is not None:
        legal_check = crosscheck_legal(positions, jk_legal, args.examples)
        print(f"legal cards cross-check: {legal_check['disagreements']} of "
              f"{legal_check['positions']} positions differ from jass-kit "
              f"({stats['two_trumps_in_plain_suit_trick']} positions have two trumps in a plain-suit trick)")
        for cls, n in sorted(legal_check["classes"].items(), key=lambda kv: -kv[1]):
            print(f"  {n:6d}  {cls}")
            for ex in legal_check["examples"][cls][: 2 if not cls.startswith("OTHER") else None]:
                print(f"          e.g. trump={ex['trump']} trick={' '.join(ex['trick'])} "
                      f"hand={' '.join(ex['hand'])}: ours={' '.join(ex['ours'])} "
                      f"jass-kit={' '.join(ex['jasskit'])} reference={' '.join(ex['reference'])}")
    winner_check = crosscheck_winner(positions, jk_winner, args.examples)
    if jk_winner is not None:
        print(f"trick winner cross-check: {winner_check['disagreements']} of "
              f"{winner_check['tricks']} complete tricks differ from jass-kit")
        for ex in winner_check["examples"]:
            print(f"          e.g. {ex}")
    own_mismatch = (winner_check["ours_vs_reference_disagreements"]
                    + (legal_check["ours_vs_reference_disagreements"] if legal_check else 0))
    if legal_check is None:
        # Without the peer, still check ours against the reference.
        n_bad = sum(
            1 for p in positions
            if {c.index for c in legal_cards(p.hand, p.trick, p.trump)}
            != reference_legal({c.index for c in p.hand}, [c.index for c in p.trick], p.trump.value))
        own_mismatch += n_bad
    print(f"ours vs the in-script reference rules: {own_mismatch} disagreements "
          f"(legal cards + trick winners)")

    profiles = {}
    if args.profile:
        profiles = profile_loops(loops, ["ours/legal_cards", "ours/trick_winner"],
                                 passes=max(1, 20000 // len(positions)), top=14)
        for name, text in profiles.items():
            print(f"\n=== cProfile: {name} ===\n{text}")

    unexplained = (legal_check["unexplained"] if legal_check else 0) + (
        winner_check["disagreements"] or 0)
    if args.json:
        doc = {
            "benchmark": "bench_core",
            "config": {"positions": args.positions, "repeats": args.repeats, "seed": args.seed,
                       "min_time": args.min_time},
            "environment": {"python": platform.python_version(), "executable": sys.executable,
                            "platform": platform.platform(), "jass_version": jass.__version__},
            "positions": stats,
            "peer": peer,
            "results": results,
            "ratios": ratios,
            "crosscheck": {"legal_cards": legal_check, "trick_winner": winner_check,
                           "ours_vs_reference_disagreements": own_mismatch},
            "profiles": profiles,
        }
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    if args.fail_on_mismatch and (unexplained or own_mismatch):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
