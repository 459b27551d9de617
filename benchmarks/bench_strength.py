"""How strong the bots are: each against an opponent (the rule bot) over duplicate deals.

Every deal is played twice with the places swapped (``run_arena(..., duplicate=True)``), so
the luck of the cards cancels; the margin is A's points less B's per deal, with its 95%
confidence interval. One game is one round of Schieber under ``Rules.tournament(1)`` by
default (the margin is then in team points per round), a one-round Differenzler game
(penalty points, turned round so that more is better for A), or a la pomme game to 1 point.

    python benchmarks/bench_strength.py                          # 2,000 deals per search bot
    python benchmarks/bench_strength.py --deals 200 --processes 2 --json /tmp/strength.json
    python benchmarks/bench_strength.py --variant differenzler --deals 500
    python benchmarks/bench_strength.py --bots rule --opponent simple          # new rule bot, old
    python benchmarks/bench_strength.py --seconds 0.05 --deals 300             # a time budget

Bots by name: ``montecarlo`` and ``ismcts`` (with ``--samples``, ``--iterations`` or a budget of
``--seconds`` per decision), ``rule`` (the card-counting RuleBot), ``simple`` (SimpleRuleBot),
``random``. Slow on purpose (a whole 2,000-deal run of a search bot takes about an hour on two
cores): it is a benchmark, not a test. The seeds are fixed, so a run can be repeated exactly
(with ``--seconds``, only on a machine of the same speed and load).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from jass import differenzler, pomme, schieber  # noqa: E402
from jass.ai.bots import RandomBot, RuleBot, SimpleRuleBot  # noqa: E402
from jass.ai.search import ISMCTSBot, MonteCarloBot  # noqa: E402
from jass.ai.tournament import run_arena  # noqa: E402

RULES: dict[str, Any] = {
    "schieber": schieber.Rules.tournament(1),
    "differenzler": differenzler.Rules(rounds=1),
    "pomme": pomme.Rules(target_points=1),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="schieber", choices=sorted(RULES))
    parser.add_argument("--deals", type=int, default=2000, help="deals per bot, each played twice (2000)")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--samples", type=int, default=None, help="MonteCarloBot's determinisations per move (its default)")
    parser.add_argument("--iterations", type=int, default=None, help="ISMCTSBot's iterations per move (its default)")
    parser.add_argument("--seconds", type=float, default=None, help="a budget per decision for the search bots")
    parser.add_argument("--bots", default="montecarlo,ismcts", help="bots A, each against the opponent: montecarlo,ismcts")
    parser.add_argument("--opponent", default="rule", help="bot B (rule)")
    parser.add_argument("--json", default=None, help="write the results here")
    args = parser.parse_args()
    budget = {} if args.seconds is None else {"seconds": args.seconds}
    samples = {} if args.samples is None else {"samples": args.samples}
    iterations = {} if args.iterations is None else {"iterations": args.iterations}
    factories: dict[str, Any] = {
        "montecarlo": functools.partial(MonteCarloBot, **samples, **budget),
        "ismcts": functools.partial(ISMCTSBot, **iterations, **budget),
        "rule": RuleBot, "simple": SimpleRuleBot, "random": RandomBot,
    }
    results = {}
    print(f"python {platform.python_version()}, {os.cpu_count()} CPUs, {args.processes} processes; "
          f"{args.variant}, {args.deals} deals x 2, seed {args.seed}", flush=True)
    for name in args.bots.split(","):
        started = time.perf_counter()
        report = run_arena(
            args.variant, (factories[name], factories[args.opponent]), games=2 * args.deals, seed=args.seed,
            rules=RULES[args.variant], duplicate=True, processes=args.processes,
        )
        seconds = time.perf_counter() - started
        mean, half = report.margin
        rate, low, high = report.win_rate("A")
        results[name] = {
            "bot": repr(factories[name]()), "games": report.games, "deals": args.deals,
            "margin": mean, "margin_ci95": half, "wins": report.wins, "draws": report.draws,
            "win_rate": rate, "win_rate_ci95": [low, high], "measure": report.measure, "seconds": seconds,
        }
        print(report.table(), flush=True)
        verdict = "beats" if mean - half > 0 else "does not beat"
        print(f"=> {name} {verdict} {args.opponent}: margin {mean:+.2f} ± {half:.2f} per deal "
              f"({seconds / 60:.1f} min)\n", flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"config": vars(args), "results": results}, out, indent=2, default=str)


if __name__ == "__main__":
    main()
