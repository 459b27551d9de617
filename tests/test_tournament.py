"""The arena and the bots: any bot, results by position, duplicate deals, confidence
intervals, ratings, any executor (a Dask cluster's included), and the rule bot beats random."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs
import pytest

from jass import pomme, schieber
from jass.ai.bots import RandomBot, RuleBot
from jass.ai.players import BOTS, make_bot
from jass.errors import JassError
from jass.variant import find_variant
from jass.ai.tournament import (
    GameFailedError,
    GameFailure,
    elo_ratings,
    mean_interval,
    play_game,
    round_robin,
    run_arena,
    variant_module,
    wilson_interval,
)

ONE_ROUND = schieber.Rules.tournament(1)
#: La pomme to one point: a game of one round or a few.
ONE_POINT = pomme.Rules(target_points=1)


class FirstMove:
    """A bot of a user's own: the first legal move (module level, so workers can build it)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Any, moves: Any) -> Any:
        return moves[0]

    def __repr__(self) -> str:
        return "FirstMove()"


class Fragile:
    """A bot that breaks in one of seven of the seats it is made for (by its seed): a bug the
    arena must survive (module level, so workers can build it)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.inner = RandomBot(seed)

    def choose(self, view: Any, moves: Any) -> Any:
        if self.seed is not None and self.seed % 7 == 0:
            raise RuntimeError("the fragile bot broke")
        return self.inner.choose(view, moves)


# --- statistics, checked by hand -----------------------------------------------------------------


def test_wilson_interval_checked_by_hand() -> None:
    # p = 0.6, n = 100, z = 1.96: centre (0.6 + 0.019208) / 1.038416 = 0.596303,
    # half 1.96 * sqrt(0.0024 + 0.00009604) / 1.038416 = 0.094300.
    low, high = wilson_interval(60, 100)
    assert low == pytest.approx(0.502003, abs=1e-5)
    assert high == pytest.approx(0.690603, abs=1e-5)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_mean_interval_checked_by_hand() -> None:
    # 1, 2, 3, 4: mean 2.5, sample variance (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3,
    # standard error sqrt(5/3 / 4) = 0.645497, times 1.96 = 1.265174.
    mean, half = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and half == pytest.approx(1.265174, abs=1e-6)
    assert mean_interval([]) == (0.0, 0.0) and mean_interval([7.0]) == (7.0, 0.0)


def test_elo_ratings_checked_by_hand() -> None:
    # 3 to 1 odds is 400 * log10(3) = 190.85 Elo points; 1 to 1 is 0; the mean is 1500.
    ratings = elo_ratings({("x", "y"): (75_000.0, 100_000)})
    assert ratings["x"] - ratings["y"] == pytest.approx(400 * math.log10(3), abs=0.01)
    even = elo_ratings({("x", "y"): (50.0, 100)})
    assert even["x"] == pytest.approx(1500) and even["y"] == pytest.approx(1500)
    # Transitive: x beats y 3:1, y beats z 3:1, x beats z 9:1 fit one scale exactly.
    chain = elo_ratings({("x", "y"): (75_000.0, 100_000), ("y", "z"): (75_000.0, 100_000), ("x", "z"): (90_000.0, 100_000)})
    assert chain["x"] - chain["z"] == pytest.approx(2 * 400 * math.log10(3), abs=0.05)
    # A bot that never lost keeps a finite rating (the half-game prior).
    assert math.isfinite(elo_ratings({("x", "y"): (10.0, 10)})["x"])


# --- the arena -----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["schieber", "differenzler", "pomme"])
def test_arena_counts_every_game_once(variant: str) -> None:
    report = run_arena(variant, ("rule", "random"), games=8, seed=2)
    assert report.games == 8
    assert sum(report.wins.values()) + report.draws == 8
    assert [r.index for r in report.records] == list(range(8))
    assert [r.first for r in report.records] == ["A", "B"] * 4  # the places change every game


@pytest.mark.slow  # processes
def test_arena_is_reproducible_and_independent_of_what_runs_it() -> None:
    one = run_arena("schieber", ("rule", "random"), games=6, seed=9, rules=ONE_ROUND)
    again = run_arena("schieber", ("rule", "random"), games=6, seed=9, rules=ONE_ROUND)
    two = run_arena("schieber", ("rule", "random"), games=6, seed=9, rules=ONE_ROUND, processes=2)
    with ThreadPoolExecutor(3) as pool:
        threads = run_arena("schieber", ("rule", "random"), games=6, seed=9, rules=ONE_ROUND, executor=pool)
    assert one.records == again.records == two.records == threads.records


class LastMove(FirstMove):
    """The last legal move: in Bieter, Vorhand bids the most there is and the others drop out."""

    def choose(self, view: Any, moves: Any) -> Any:
        return moves[-1]


def test_a_win_of_seats_of_both_positions_is_a_draw_between_them() -> None:
    """Bieter: the King (one seat) plays the Bauernpartei (the two others), sides formed by the
    auction, so with A at seats 0 and 2 and B at seat 1 (B at 0 and 2 in odd games) the winning
    Bauernpartei may hold an A and a B. A position wins only when every winning seat is its
    bot's; a win of both is a draw between them. The bots' moves do not depend on their seeds,
    so each game is replayed here from its seed alone."""
    bieter = find_variant("bieter")
    rules = attrs.evolve(bieter.preset("reglement"), goal=300)
    report = run_arena("bieter", (LastMove, LastMove), games=6, seed=4, rules=rules)
    outcomes = set()
    for record in report.records:
        final = play_game(bieter, [LastMove() for _ in range(3)], rules=rules, seed=record.seed)
        first = 0 if record.first == "A" else 1  # A at the even seats in even games
        positions = {"AB"[(seat + first) % 2] for seat in bieter.winners(final)}
        assert len(bieter.winners(final)) == 2  # a King who bid the most never gets there
        assert record.winner == (positions.pop() if len(positions) == 1 else None)
        outcomes.add(record.winner)
    assert None in outcomes and outcomes - {None}  # a Bauernpartei of A and B, and of one bot
    assert sum(report.wins.values()) + report.draws == 6


def test_a_mirror_match_is_reported_by_position() -> None:
    """The issue's reproducer: ("rule", "rule") reported {'rule': 10} and two rows at 100%."""
    report = run_arena("schieber", ("rule", "rule"), games=10, seed=3, rules=ONE_ROUND)
    assert set(report.wins) == {"A", "B"}
    assert report.wins["A"] + report.wins["B"] + report.draws == 10
    assert report.bots == ("rule", "rule")
    rates = [report.win_rate(p)[0] for p in ("A", "B")]
    assert sum(rates) + report.draws / 10 == pytest.approx(1.0)


def test_duplicate_deals_cancel_the_luck_of_the_cards() -> None:
    """Each deal is played twice, the places swapped; two copies of one deterministic bot then
    play the same game twice from opposite sides, so every deal's margin is exactly 0."""
    report = run_arena("schieber", (FirstMove, FirstMove), games=8, seed=5, rules=ONE_ROUND, duplicate=True)
    seeds = [record.seed for record in report.records]
    assert seeds[0::2] == seeds[1::2] and len(set(seeds)) == 4
    assert [record.first for record in report.records] == ["A", "B"] * 4
    assert report.margin == (0.0, 0.0)
    with pytest.raises(JassError, match="must be even"):
        run_arena("schieber", ("rule", "rule"), games=3, duplicate=True)


@pytest.mark.slow  # processes
def test_any_bot_enters_the_arena_in_every_form() -> None:
    """The issue's reproducer: a bot object failed with "no bot called <MyBot ...>"."""
    by_factory = run_arena("pomme", (FirstMove, "random"), games=4, seed=1)
    by_object = run_arena("pomme", (FirstMove(), "random"), games=4, seed=1)
    in_workers = run_arena("pomme", (FirstMove, "random"), games=4, seed=1, processes=2)
    assert by_factory.records == by_object.records == in_workers.records
    assert by_factory.bots == ("FirstMove", "random") and by_object.bots == ("FirstMove()", "random")
    with pytest.raises(JassError, match=r"bots\[A\]=42: expected a bot name"):
        run_arena("pomme", (42, "random"), games=2)  # type: ignore[arg-type]


@pytest.mark.slow  # whole games
@pytest.mark.parametrize(
    ("variant", "preset"),
    [("schieber", "swisslos"), ("differenzler", None), ("pomme", None)],
)
def test_the_rule_bot_beats_random_by_a_wide_margin(variant: str, preset: str | None) -> None:
    module = variant_module(variant)
    rules = getattr(module.Rules, preset)() if preset else None
    report = run_arena(variant, ("rule", "random"), games=40, seed=1, rules=rules, duplicate=True)
    rate, low, _ = report.win_rate("A")
    # Measured over 200 games per variant: 100% (Schieber to 2500), 99% (Differenzler),
    # 100% (la pomme). Here the lower end of the 95% interval must clear 75%, and the
    # margin's interval must lie above 0.
    assert low > 0.75, report.table()
    assert report.margin[0] - report.margin[1] > 0, report.table()


def test_a_random_bot_plays_whole_games() -> None:
    """The issue's reproducer: with the default rules 100 of 100 random games ended
    CLAIM_WRONG, the random bot saying «Mer bedanked eus!» at random in round 1."""
    ends = set()
    rounds = []
    for seed in range(12):
        final = play_game(schieber, [RandomBot(seed * 4 + s) for s in range(4)], seed=seed)
        ends.add(final.end)
        rounds.append(final.round_number + 1)
    assert schieber.GameEnd.CLAIM_WRONG not in ends
    assert min(rounds) >= 5  # 3000 points take many rounds
    # Without the filter it still claims at random (the option for a truly uniform bot).
    wild = play_game(schieber, [RandomBot(s, sensible=False) for s in range(4)], seed=1)
    assert wild.end is schieber.GameEnd.CLAIM_WRONG


def test_bots_see_only_the_observation() -> None:
    class Spy:
        def __init__(self) -> None:
            self.views: list[object] = []

        def choose(self, view: object, moves: tuple[object, ...]) -> object:
            self.views.append(view)
            return moves[0]

    spy = Spy()
    play_game(schieber, [spy, RandomBot(1), RandomBot(2), RandomBot(3)], rules=ONE_ROUND, seed=4)
    assert spy.views and all(type(v) is schieber.Observation for v in spy.views)
    assert all(getattr(v, "seat") == 0 for v in spy.views)


def test_errors_name_what_exists() -> None:
    with pytest.raises(JassError, match="no variant called 'poker'"):
        variant_module("poker")
    with pytest.raises(JassError, match="choose one of random, rule, simple, montecarlo, ismcts"):
        make_bot("clever")
    with pytest.raises(JassError, match="games=0"):
        run_arena("pomme", ("rule", "random"), games=0)
    with pytest.raises(JassError, match="processes=0"):
        run_arena("pomme", ("rule", "random"), games=2, processes=0)
    with pytest.raises(JassError, match="expected two bots"):
        run_arena("pomme", ("rule",), games=2)


@pytest.mark.slow  # twenty whole games
def test_rule_bot_announces_only_when_the_target_is_reached() -> None:
    report = run_arena("schieber", ("rule", "rule"), games=10, seed=3)
    # Two rule bots never claim wrongly: every game ends with a correct claim or at a round end.
    ends = set()
    for record in report.records:
        state = play_game(schieber, [RuleBot(1), RuleBot(2), RuleBot(3), RuleBot(4)], seed=record.seed)
        ends.add(state.end)
    assert schieber.GameEnd.CLAIM_WRONG not in ends


def test_every_named_bot_is_made_by_its_factory() -> None:
    for name in BOTS:
        bot = make_bot(name, seed=1)
        assert callable(getattr(bot, "choose"))


@pytest.mark.slow  # processes
def test_an_interrupted_pool_stops_its_workers_at_once() -> None:
    """Ctrl-C (here raised by the progress callback after the first batch) reaches the caller,
    and the arena's own pool is terminated, not waited for: no worker is left."""
    import multiprocessing

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_arena("pomme", ("rule", "random"), games=64, seed=1, processes=2, progress=interrupt)
    assert multiprocessing.active_children() == []


@pytest.mark.slow  # processes
def test_pool_workers_ignore_ctrl_c() -> None:
    """The workers leave Ctrl-C to the parent, which stops them: none prints a traceback."""
    import signal

    from jass.ai.tournament import _start_pool

    before = signal.getsignal(signal.SIGINT)  # default_int_handler, or SIG_IGN in a background job
    pool = _start_pool(1)
    try:
        assert pool.apply(signal.getsignal, (signal.SIGINT,)) == signal.SIG_IGN
    finally:
        pool.terminate()
        pool.join()
    assert signal.getsignal(signal.SIGINT) is before  # the parent's is back


# --- round robin ---------------------------------------------------------------------------------


def test_round_robin_rates_every_bot() -> None:
    report = round_robin("pomme", {"rule": "rule", "random": "random", "first": FirstMove}, games=6, seed=2)
    assert list(report.matches) == [("rule", "random"), ("rule", "first"), ("random", "first")]
    assert sum(report.ratings.values()) / 3 == pytest.approx(1500)
    assert report.ratings["rule"] == max(report.ratings.values())
    assert "round robin of pomme: 3 bots" in report.table()


# --- beyond one machine: a Dask cluster --------------------------------------------------------------


@pytest.mark.slow  # processes
def test_a_dask_cluster_gives_the_same_report() -> None:
    distributed = pytest.importorskip("distributed", reason="the optional extra jass[dask] is not installed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        on_dask = run_arena("schieber", ("rule", "random"), games=8, seed=3, rules=ONE_ROUND,
                            executor=client.get_executor())
    alone = run_arena("schieber", ("rule", "random"), games=8, seed=3, rules=ONE_ROUND)
    assert on_dask.records == alone.records


# --- a game that fails ---------------------------------------------------------------------------


def test_a_failing_game_stops_the_run_and_keeps_the_games_before_it() -> None:
    """The arena stops at the first game that raises: the error names the game (variant, index,
    seed, the bot of each seat) and holds the report of the games before it; replaying that
    game alone with its seed and seats raises the same error."""
    with pytest.raises(GameFailedError) as caught:
        run_arena("pomme", (Fragile, "rule"), games=30, seed=1, rules=ONE_POINT)
    failure, report = caught.value.failure, caught.value.report
    assert failure.variant == "pomme" and failure.error == "RuntimeError: the fragile bot broke"
    assert report.games == failure.index > 0 and [r.index for r in report.records] == list(range(failure.index))
    assert failure.seats == (("Fragile", "rule") if failure.index % 2 == 0 else ("rule", "Fragile"))
    assert "in choose" in failure.traceback and str(failure) in str(caught.value)
    assert f"game {failure.index} of pomme (seed {failure.seed}; seats {', '.join(failure.seats)}) failed" in str(failure)


@pytest.mark.parametrize("processes", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_keep_going_plays_every_other_game(processes: int) -> None:
    """With ``keep_going`` every game is played; the report counts those that finished and lists
    the others, in one process or two alike. With duplicate deals the margin is over the deals
    whose two games both finished."""
    report = run_arena("pomme", (Fragile, "rule"), games=30, seed=1, keep_going=True, duplicate=True,
                       processes=processes, rules=ONE_POINT)
    failed = [f.index for f in report.failures]
    assert failed and report.games + len(failed) == 30
    assert sorted([r.index for r in report.records] + failed) == list(range(30))
    assert all(isinstance(f, GameFailure) for f in report.failures)
    by_index = {record.index: record for record in report.records}
    whole = [i for i in range(0, 30, 2) if i in by_index and i + 1 in by_index]
    per_deal = [sum(by_index[j].measure["A"] - by_index[j].measure["B"] for j in (i, i + 1)) / 2 for i in whole]
    assert 0 < len(whole) < 15 and report.margin == mean_interval(per_deal)
    assert f"{len(failed)} games failed:" in report.table() and "the fragile bot broke" in report.table()
    assert run_arena("pomme", (Fragile, "rule"), games=30, seed=1, keep_going=True, duplicate=True, rules=ONE_POINT) == report
