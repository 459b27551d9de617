#!/usr/bin/env python3
"""Benchmark runner for the peer library jass-kit 2.0.5.

Run it ONLY with the peer venv's interpreter (see setup_peer.sh):

    benchmarks/peer/.venv/bin/python benchmarks/peer/jasskit_runner.py job.json
    echo '{"job": "info"}' | benchmarks/peer/.venv/bin/python benchmarks/peer/jasskit_runner.py

It never imports our own `jass` library: jass-kit installs a namespace package
that is also called `jass`, so before importing, every sys.path entry that is
not part of the interpreter's own installation (script dir, cwd, PYTHONPATH,
...) is dropped, and the imported module is checked to live under sys.prefix.

Input: one JSON document (stdin, or the file named by argv[1]).
Output: one JSON document on stdout.

Encodings (verified from jass/game/const.py of jass-kit 2.0.5):

  card id = 9 * suit + rank_offset
    suit:        0 = D (diamonds, Schellen), 1 = H (hearts, Rosen),
                 2 = S (spades, Schilten),   3 = C (clubs, Eichel)
    rank_offset: 0 = A, 1 = K, 2 = Q, 3 = J, 4 = 10, 5 = 9, 6 = 8, 7 = 7, 8 = 6
    i.e. 0 DA, 1 DK, 2 DQ, 3 DJ, 4 D10, 5 D9, 6 D8, 7 D7, 8 D6,
         9 HA ... 17 H6, 18 SA ... 26 S6, 27 CA ... 35 C6
  trump: 0 = D, 1 = H, 2 = S, 3 = C, 4 = OBE_ABE, 5 = UNE_UFE
         (10 = PUSH, 6 = PUSH_ALT are trump-selection actions, not trumps)

Known divergence (see README): with a non-trump lead and two trumps already
in the trick (move_nr == 3), jass-kit's undertrump ban is measured against the
trump with the larger card index (rule_schieber.py:98), not against the
highest trump by trump order, so it allows some undertrumps.

Jobs:
  {"job": "info"}
  {"job": "valid_cards", "positions": [{"hand": [...], "trick": [...],
   "trump": int}, ...], "repeats": R, "passes": P (optional, default 1)}
      -> {"calls_per_s": [R floats], "results": [[valid ids], ...], ...}
  {"job": "random_rounds", "rounds": N, "repeats": R, "seed": S,
   "draw": "python" (default) or "numpy"}
      -> {"rounds_per_s": [R floats], ...}
  {"job": "trick_winner", "tricks": [{"trick": [4 ids], "trump": int,
   "first_player": int (optional, default 0)}, ...], "repeats": R,
   "passes": P (optional, default 1)}
      -> {"calls_per_s": [R floats], "results": [calc_winner player, ...], ...}
     (jass-kit seats play counterclockwise: the card at trick position k
      was played by player (first_player - k) % 4.)
"""

import json
import os
import random
import sys
import sysconfig
import time


def _isolate_sys_path():
    """Keep only the interpreter's own stdlib / site-packages on sys.path."""
    keep_roots = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
                                                sys.base_exec_prefix)}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        try:
            keep_roots.add(os.path.realpath(sysconfig.get_path(key)))
        except KeyError:
            pass

    def ok(entry):
        if not entry:
            return False
        real = os.path.realpath(entry)
        return any(real == r or real.startswith(r + os.sep) for r in keep_roots)

    sys.path[:] = [p for p in sys.path if ok(p)]


_isolate_sys_path()

import numpy as np  # noqa: E402

from jass.game import const as jk_const  # noqa: E402
from jass.game.game_sim import GameSim  # noqa: E402
from jass.game.game_util import deal_random_hand  # noqa: E402
from jass.game.rule_schieber import RuleSchieber  # noqa: E402

if not os.path.realpath(jk_const.__file__).startswith(os.path.realpath(sys.prefix) + os.sep):
    raise SystemExit(f"refusing to run: `jass` resolved to {jk_const.__file__}, not to jass-kit "
                     f"inside {sys.prefix}; run this script with the peer venv's python")

JASS_KIT_VERSION_EXPECTED = "2.0.5"


def _jass_kit_version():
    try:
        from importlib.metadata import version
        return version("jass-kit")
    except Exception:  # pragma: no cover
        return "unknown"


# --------------------------------------------------------------------------- info

def job_info(_doc):
    return {
        "job": "info",
        "jass_kit_version": _jass_kit_version(),
        "numpy_version": np.__version__,
        "python": sys.version.split()[0],
        "module_file": jk_const.__file__,
        # card id -> name, straight from jass-kit's const.card_strings
        "card_ids": {str(i): str(s) for i, s in enumerate(jk_const.card_strings)},
        "card_id_formula": "id = 9*suit + rank_offset",
        "suits": {"0": "D", "1": "H", "2": "S", "3": "C"},
        "rank_offsets": {"0": "A", "1": "K", "2": "Q", "3": "J", "4": "10",
                         "5": "9", "6": "8", "7": "7", "8": "6"},
        "trump_codes": {str(t): jk_const.trump_strings_short[t] for t in jk_const.trump_ints},
        "trump_codes_long": {str(t): s for t, s in enumerate(jk_const.trump_strings_german_long)},
        "push_codes": {"PUSH": jk_const.PUSH, "PUSH_ALT": jk_const.PUSH_ALT},
        "next_player": list(jk_const.next_player),
    }


# --------------------------------------------------------------------------- valid_cards

def _prepare_position(pos, idx):
    hand_ids = [int(c) for c in pos["hand"]]
    trick_ids = [int(c) for c in pos.get("trick", [])]
    trump = int(pos["trump"])
    if not hand_ids or any(not 0 <= c <= 35 for c in hand_ids + trick_ids):
        raise ValueError(f"position {idx}: card ids must be 0..35 and hand non-empty")
    if len(set(hand_ids)) != len(hand_ids) or set(hand_ids) & set(trick_ids):
        raise ValueError(f"position {idx}: duplicate card")
    if len(trick_ids) > 3:
        raise ValueError(f"position {idx}: trick has {len(trick_ids)} cards (max 3 before our move)")
    if not 0 <= trump <= 5:
        raise ValueError(f"position {idx}: trump {trump} not in 0..5")
    # Exactly what jass-kit feeds get_valid_cards during play
    # (GameRule.get_valid_cards_from_state): a 1-hot int32 hand of length 36,
    # the current trick as an int32[4] row padded with -1, the move number in
    # the trick (= cards already in it) and the trump int.
    hand = np.zeros(36, dtype=np.int32)
    hand[hand_ids] = 1
    trick = np.full(4, -1, dtype=np.int32)
    trick[:len(trick_ids)] = trick_ids
    return hand, trick, len(trick_ids), trump


def job_valid_cards(doc):
    positions = doc["positions"]
    repeats = int(doc.get("repeats", 5))
    passes = int(doc.get("passes", 1))
    rule = RuleSchieber()
    prepared = [_prepare_position(p, i) for i, p in enumerate(positions)]
    get_valid_cards = rule.get_valid_cards

    # Untimed pass: collect the results (also serves as warm-up).  The
    # function is deterministic, so these equal the outputs of every timed
    # repeat; timed repeats then run the bare call loop only.
    results = [[int(c) for c in np.flatnonzero(get_valid_cards(h, t, m, tr))]
               for h, t, m, tr in prepared]

    calls_per_s = []
    n_calls = len(prepared) * passes
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(passes):
            for hand, trick, move_nr, trump in prepared:
                get_valid_cards(hand, trick, move_nr, trump)
        dt = time.perf_counter() - t0
        calls_per_s.append(n_calls / dt if dt > 0 else float("inf"))

    return {
        "job": "valid_cards",
        "jass_kit_version": _jass_kit_version(),
        "positions": len(prepared),
        "passes": passes,
        "repeats": repeats,
        "calls_per_s": calls_per_s,
        "results": results,
    }


# --------------------------------------------------------------------------- random_rounds

def job_random_rounds(doc):
    rounds = int(doc.get("rounds", 100))
    repeats = int(doc.get("repeats", 5))
    seed = int(doc.get("seed", 0))
    # "python" (default): the trump and each card are drawn as our benchmarks draw theirs,
    # moves[int(random() * len(moves))] on a Python random.Random, the cheapest draw there is,
    # so that both sides pay the same for randomness. "numpy": jass-kit's own agent's draws
    # (rng.integers, rng.choice on a numpy Generator, about 10 us a call).
    draw_kind = doc.get("draw", "python")
    if draw_kind not in ("python", "numpy"):
        raise ValueError(f"draw={draw_kind!r}: expected 'python' or 'numpy'")

    # jass-kit's own dealing (game_util.deal_random_hand) uses the global numpy RNG, so seed
    # that; it is the library's dealing, timed on both draws.
    np.random.seed(seed)
    rng = np.random.default_rng(seed)
    draw = random.Random(seed).random

    rule = RuleSchieber()
    sim = GameSim(rule=rule)  # reused across rounds, as jass-kit's Arena does

    rounds_per_s = []
    points_ok = True
    for _ in range(repeats):
        t0 = time.perf_counter()
        if draw_kind == "python":
            for r in range(rounds):
                sim.init_from_cards(hands=deal_random_hand(), dealer=r % 4)
                sim.action_trump(int(draw() * 6))  # forehand declares a random trump (no push)
                state = sim.state
                for _ in range(36):
                    cards = np.flatnonzero(rule.get_valid_cards_from_state(state))
                    sim.action_play_card(int(cards[int(draw() * len(cards))]))
                if state.points[0] + state.points[1] != 157:
                    points_ok = False
        else:
            for r in range(rounds):
                sim.init_from_cards(hands=deal_random_hand(), dealer=r % 4)
                sim.action_trump(int(rng.integers(0, 6)))
                state = sim.state
                for _ in range(36):
                    valid = rule.get_valid_cards_from_state(state)
                    sim.action_play_card(int(rng.choice(np.flatnonzero(valid))))
                if state.points[0] + state.points[1] != 157:
                    points_ok = False
        dt = time.perf_counter() - t0
        rounds_per_s.append(rounds / dt if dt > 0 else float("inf"))

    return {
        "job": "random_rounds",
        "jass_kit_version": _jass_kit_version(),
        "rounds": rounds,
        "repeats": repeats,
        "seed": seed,
        "draw": draw_kind,
        "rounds_per_s": rounds_per_s,
        "all_rounds_total_157": points_ok,
    }


# --------------------------------------------------------------------------- trick_winner

def _prepare_trick(item, idx):
    trick_ids = [int(c) for c in item["trick"]]
    trump = int(item["trump"])
    first_player = int(item.get("first_player", 0))
    if len(trick_ids) != 4 or len(set(trick_ids)) != 4 or any(not 0 <= c <= 35 for c in trick_ids):
        raise ValueError(f"trick {idx}: expected 4 distinct card ids 0..35, got {trick_ids}")
    if not 0 <= trump <= 5:
        raise ValueError(f"trick {idx}: trump {trump} not in 0..5")
    if not 0 <= first_player <= 3:
        raise ValueError(f"trick {idx}: first_player {first_player} not in 0..3")
    # As GameSim._end_trick calls it: the completed int32[4] row of state.tricks,
    # the trick's first player and the trump int.
    return np.array(trick_ids, dtype=np.int32), first_player, trump


def job_trick_winner(doc):
    tricks = doc["tricks"]
    repeats = int(doc.get("repeats", 5))
    passes = int(doc.get("passes", 1))
    rule = RuleSchieber()
    prepared = [_prepare_trick(t, i) for i, t in enumerate(tricks)]
    calc_winner = rule.calc_winner

    # Untimed pass: results + warm-up (calc_winner is deterministic).
    results = [int(calc_winner(t, fp, tr)) for t, fp, tr in prepared]

    calls_per_s = []
    n_calls = len(prepared) * passes
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(passes):
            for trick, first_player, trump in prepared:
                calc_winner(trick, first_player, trump)
        dt = time.perf_counter() - t0
        calls_per_s.append(n_calls / dt if dt > 0 else float("inf"))

    return {
        "job": "trick_winner",
        "jass_kit_version": _jass_kit_version(),
        "tricks": len(prepared),
        "passes": passes,
        "repeats": repeats,
        "calls_per_s": calls_per_s,
        "results": results,
    }


JOBS = {
    "info": job_info,
    "valid_cards": job_valid_cards,
    "random_rounds": job_random_rounds,
    "trick_winner": job_trick_winner,
}


def main(argv):
    if len(argv) > 1 and argv[1] != "-":
        with open(argv[1], encoding="utf-8") as fh:
            doc = json.load(fh)
    else:
        doc = json.load(sys.stdin)
    job = doc.get("job")
    if job not in JOBS:
        raise SystemExit(f"unknown job {job!r}; expected one of {sorted(JOBS)}")
    json.dump(JOBS[job](doc), sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
