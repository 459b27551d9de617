"""The arena and the bots: reproducible, parallel, and the rule bot beats random."""

from __future__ import annotations

import pytest

from jass.bots import RandomBot, RuleBot, make_bot
from jass.errors import JassError
from jass.tournament import play_game, run_arena, variant_module, wilson_interval


def test_wilson_interval_checked_by_hand() -> None:
    # p = 0.6, n = 100, z = 1.96: centre (0.6 + 0.019208) / 1.038416 = 0.596303,
    # half 1.96 * sqrt(0.0024 + 0.00009604) / 1.038416 = 0.094300.
    low, high = wilson_interval(60, 100)
    assert low == pytest.approx(0.502003, abs=1e-5)
    assert high == pytest.approx(0.690603, abs=1e-5)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("variant", ["schieber", "differenzler", "pomme"])
def test_arena_counts_every_game_once(variant: str) -> None:
    report = run_arena(variant, ("rule", "random"), games=8, seed=2)
    assert report.games == 8
    assert sum(report.wins.values()) + report.draws == 8
    assert [r.index for r in report.records] == list(range(8))


def test_arena_is_reproducible_and_independent_of_processes() -> None:
    rules = variant_module("schieber").Rules.tournament(1)
    one = run_arena("schieber", ("rule", "random"), games=6, seed=9, rules=rules)
    again = run_arena("schieber", ("rule", "random"), games=6, seed=9, rules=rules)
    two = run_arena("schieber", ("rule", "random"), games=6, seed=9, rules=rules, processes=2)
    assert one.records == again.records == two.records


@pytest.mark.parametrize(
    ("variant", "preset"),
    [("schieber", "swisslos"), ("differenzler", None), ("pomme", None)],
)
def test_the_rule_bot_beats_random_by_a_wide_margin(variant: str, preset: str | None) -> None:
    module = variant_module(variant)
    rules = getattr(module.Rules, preset)() if preset else None
    report = run_arena(variant, ("rule", "random"), games=60, seed=1, rules=rules)
    rate, low, _ = report.win_rate("rule")
    # Measured over 200 games per variant: 100% (Schieber to 2500), 99% (Differenzler),
    # 100% (la pomme). Here the lower end of the 95% interval must clear 75%.
    assert low > 0.75, report.table()


def test_bots_see_only_the_observation() -> None:
    schieber = variant_module("schieber")

    class Spy:
        def __init__(self) -> None:
            self.views: list[object] = []

        def choose(self, view: object, moves: tuple[object, ...]) -> object:
            self.views.append(view)
            return moves[0]

    spy = Spy()
    play_game(schieber, [spy, RandomBot(1), RandomBot(2), RandomBot(3)],
              rules=schieber.Rules.tournament(1), seed=4)
    assert spy.views and all(type(v) is schieber.Observation for v in spy.views)
    assert all(getattr(v, "seat") == 0 for v in spy.views)


def test_errors_name_what_exists() -> None:
    with pytest.raises(JassError, match="no variant called 'poker'"):
        variant_module("poker")
    with pytest.raises(JassError, match="choose one of random, rule"):
        make_bot("clever")
    with pytest.raises(JassError, match="games=0"):
        run_arena("pomme", ("rule", "random"), games=0)


def test_rule_bot_announces_only_when_the_target_is_reached() -> None:
    schieber = variant_module("schieber")
    report = run_arena("schieber", ("rule", "rule"), games=10, seed=3)
    # Two rule bots never claim wrongly: every game ends with a correct claim or at a round end.
    ends = set()
    for record in report.records:
        state = play_game(schieber, [RuleBot(1), RuleBot(2), RuleBot(3), RuleBot(4)], seed=record.seed)
        ends.add(state.end)
    assert schieber.GameEnd.CLAIM_WRONG not in ends
