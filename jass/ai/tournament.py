"""The arena: play many games between bots in any variant and report the results.

(The module is not called ``arena``: the peer library jass-kit installs
``jass/arena`` into the same namespace.)

Two bots, A and B, share the table: in a four-player game of two teams A holds seats 0 and
2 and B seats 1 and 3; in the two-player game A seat 0 and B seat 1; in a game of each for
themselves (Differenzler) A holds seats 0 and 2, B seats 1 and 3. Every other game they
change places, so neither profits from a seat. Results are reported **by position** (A, B),
so a bot may meet itself: ``("rule", "rule")`` is a mirror match whose margin should be 0.

A bot is given as a name of :data:`jass.ai.players.BOTS` (``"rule"``, ``"random"``,
``"montecarlo"``, ``"ismcts"``), a *factory* (a class or function called as
``factory(seed)`` for each seat of each game: a bot of your own, picklable so that worker
processes can build it), or a bot object (copied for each seat of each game, so that games
do not depend on one another).

``duplicate=True`` plays every deal twice with the bots' places swapped (game 2k and
2k+1 share a seed), the usual way to compare card-game bots with less luck: the margin is
then measured per deal.

A game that raises does not lose the others: it becomes a :class:`GameFailure` (its variant,
seed, index, the bot at each seat and the error). By default the arena stops there and
raises a :class:`GameFailedError` that holds the report of the games before it;
``keep_going=True`` plays every other game and reports the failures beside the results.

Game *i* is seeded from ``(seed, i)``, and every bot from its game and seat: the results
are the same whatever runs the games: one process, a process pool (``processes=N``) or any
:class:`concurrent.futures.Executor` (``executor=``), a Dask cluster's included.

>>> report = run_arena("schieber", ("rule", "random"), games=4, seed=1,
...                    rules=find_variant("schieber").preset("tournament"))
>>> report.games, sum(report.wins.values()) + report.draws
(4, 4)
"""

from __future__ import annotations

import functools
import importlib
import math
import multiprocessing
import signal
import threading
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from types import ModuleType
from typing import Any, Final

import attrs

from jass._kernel import MASK64, splitmix64
from jass.ai.players import BotEntry, build_bot, check_bot_entry
from jass.errors import JassError
from jass.variant import VARIANTS, AnyVariant, as_variant, check_seed, find_variant

__all__ = [
    "VARIANTS",
    "POSITIONS",
    "BotEntry",
    "variant_module",
    "play_game",
    "GameRecord",
    "GameFailure",
    "GameFailedError",
    "ArenaReport",
    "run_arena",
    "RoundRobinReport",
    "round_robin",
    "wilson_interval",
    "mean_interval",
    "elo_ratings",
]

#: The two positions of the arena.
POSITIONS: Final = ("A", "B")



def variant_module(name: str) -> ModuleType:
    """The module of the variant called ``name`` (see :func:`jass.variant.find_variant`)."""
    return importlib.import_module(find_variant(name).module)


def play_game(variant: AnyVariant | str | ModuleType, bots: Sequence[Any], *, rules: Any = None, seed: int = 0) -> Any:
    """Play one game with ``bots[seat]`` choosing for each seat; return the final state.

    Each bot sees only ``observe(state, seat)`` and its legal moves, and its move is applied
    on behalf of its seat (``apply(state, move, seat=seat)``), as a server would.
    """
    found = as_variant(variant)
    state = found.new_game(rules, seed=seed)
    while not found.is_over(state):
        seat = found.to_act(state)
        assert seat is not None
        moves = found.legal_moves(state)
        move = bots[seat].choose(found.observe(state, seat), moves)
        state = found.apply(state, move, seat=seat)
    return state


@attrs.frozen
class GameRecord:
    """The outcome of one arena game, by position (``"A"``, ``"B"``)."""

    index: int
    #: The game's seed (the two games of a duplicate deal share it).
    seed: int
    #: The position that sat at seat 0 (A in even games, B in odd ones).
    first: str
    #: The winning position, ``None`` for a draw (or when seats of both positions won together).
    winner: str | None
    #: Per position: its measure, the variant's standing of its seats (Schieber: its team's
    #: points; Differenzler: its average penalty per seat; la pomme: its points).
    measure: dict[str, float]


@attrs.frozen
class GameFailure:
    """An arena game that raised: enough to play it again alone (``play_game`` with its seed,
    the bots made for its seats as the arena makes them) and the error."""

    variant: str
    index: int
    #: The game's seed.
    seed: int
    #: The bot at each seat (their labels, as the report names them).
    seats: tuple[str, ...]
    #: The error: its class and message.
    error: str
    #: The traceback of the error, as Python prints it.
    traceback: str = attrs.field(repr=False)

    def __str__(self) -> str:
        return (f"game {self.index} of {self.variant} (seed {self.seed}; seats {', '.join(self.seats)}) "
                f"failed: {self.error}")


class GameFailedError(JassError):
    """An arena game raised (and ``keep_going`` was off): ``failure`` (a :class:`GameFailure`)
    says which game and why, ``report`` (an :class:`ArenaReport`) gives the results of the games
    before it."""

    def __init__(self, failure: GameFailure, report: ArenaReport) -> None:
        super().__init__(f"{failure}; the {report.games} games before it are reported")
        #: The game that failed.
        self.failure = failure
        #: The report of the games before it.
        self.report = report


def _game_seed(seed: int, index: int) -> int:
    return splitmix64((seed * 0x9E3779B97F4A7C15 + index) & MASK64)[1]


def _label(entry: BotEntry) -> str:
    if isinstance(entry, str):
        return entry
    if hasattr(entry, "choose") and not isinstance(entry, type):
        return repr(entry)
    if isinstance(entry, functools.partial):  # a factory with settings: MonteCarloBot(samples=8)
        settings = ", ".join(f"{key}={value!r}" for key, value in entry.keywords.items())
        return f"{_label(entry.func)}({settings})"
    return getattr(entry, "__name__", repr(entry))


_Job = tuple[AnyVariant, tuple[BotEntry, BotEntry], int, int, Any, bool]


def _play_one(job: _Job) -> GameRecord | GameFailure:
    """One arena game: its record, or what went wrong if it raised."""
    variant, entries, seed, index, rules, duplicate = job
    game_seed = _game_seed(seed, index // 2 if duplicate else index)
    # A holds the even seats in even games, B in odd ones (for duplicate deals too).
    first = index % 2
    seating = variant.teams_for(rules)
    lineup = [(s + first) % 2 for s in range(variant.seats_for(rules))]
    try:
        bots = [build_bot(entries[position], _game_seed(game_seed, 2 * s + first)) for s, position in enumerate(lineup)]
        final = play_game(variant, bots, rules=rules, seed=game_seed)
    except Exception as error:  # a bot's or the rules' bug: reported, the other games go on
        labels = tuple(_label(entries[position]) for position in lineup)
        return GameFailure(variant.name, index, game_seed, labels, f"{type(error).__name__}: {error}",
                           traceback.format_exc())
    # The winning seats' bots: one position wins; none, or both (sides formed in the game, as
    # Bieter's Bauernpartei, may hold an A and a B), is a draw between A and B.
    positions = {POSITIONS[lineup[seat]] for seat in variant.winners(final)}
    winner = positions.pop() if len(positions) == 1 else None
    standings = variant.standings(final)
    totals: dict[str, list[float]] = {}
    for team, seats in enumerate(seating):
        totals.setdefault(POSITIONS[lineup[seats[0]]], []).append(float(standings[team]))
    return GameRecord(index, game_seed, POSITIONS[first], winner, {n: sum(v) / len(v) for n, v in totals.items()})


def _play_many(jobs: Sequence[_Job]) -> list[GameRecord | GameFailure]:
    return [_play_one(job) for job in jobs]


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% confidence interval (normal
    approximation: ``z`` times the standard error).

    >>> mean_interval([1.0, 2.0, 3.0, 4.0])
    (2.5, 1.265...)
    """
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, 0.0)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, z * math.sqrt(variance / n))


@attrs.frozen
class ArenaReport:
    """The results of an arena run, by position (``"A"`` and ``"B"``)."""

    variant: str
    #: The bots' labels, A first.
    bots: tuple[str, str]
    games: int
    seed: int
    duplicate: bool
    #: Games won per position.
    wins: dict[str, int]
    draws: int
    #: Per position: mean and 95% confidence half-width of its measure (see :class:`GameRecord`).
    measure: dict[str, tuple[float, float]]
    #: A's margin over B: the difference of their measures (turned round when lower is better,
    #: so that a positive margin always favours A), per game, or per deal with ``duplicate``:
    #: mean and 95% half-width.
    margin: tuple[float, float]
    records: tuple[GameRecord, ...] = attrs.field(repr=False)
    #: The games that raised (with ``keep_going``; they count nowhere else: neither in
    #: ``games`` nor, with ``duplicate``, the other game of their deal in ``margin``).
    failures: tuple[GameFailure, ...] = ()

    def win_rate(self, position: str) -> tuple[float, float, float]:
        """The position's share of games won, with its 95% Wilson interval."""
        wins = self.wins.get(position, 0)
        low, high = wilson_interval(wins, self.games)
        return (wins / self.games if self.games else 0.0, low, high)

    def score_rate(self) -> float:
        """A's score: its wins and half its draws, per game (for ratings)."""
        return (self.wins["A"] + self.draws / 2) / self.games if self.games else 0.5

    def table(self) -> str:
        """A plain-text summary table."""
        label = find_variant(self.variant).standing_name
        mode = ", duplicate deals" if self.duplicate else ""
        lines = [
            f"{self.games} games of {self.variant}{mode}, seed {self.seed}",
            f"{'position':<24} {'wins':>6} {'win rate (95% CI)':>24} {label + ' (mean ± 95%)':>28}",
        ]
        for position, bot in zip(POSITIONS, self.bots):
            rate, low, high = self.win_rate(position)
            mean, half = self.measure.get(position, (0.0, 0.0))
            name = f"{position}: {bot}"
            lines.append(
                f"{name:<24.24} {self.wins.get(position, 0):>6} {rate:>10.1%} ({low:.1%}-{high:.1%}) "
                f"{mean:>18.1f} ± {half:.1f}"
            )
        if self.draws:
            lines.append(f"draws: {self.draws}")
        per = "deal" if self.duplicate else "game"
        lines.append(f"margin of A over B per {per}: {self.margin[0]:+.1f} ± {self.margin[1]:.1f} {label}")
        if self.failures:
            lines.append(f"{len(self.failures)} game{'s' if len(self.failures) > 1 else ''} failed:")
            lines.extend(f"  {failure}" for failure in self.failures)
        return "\n".join(lines)


def _quiet_worker() -> None:
    """Run in each worker of the arena's own pool: Ctrl-C is the parent's to handle (it stops
    the pool), so a worker neither stops on it nor prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_pool(processes: int) -> Any:
    """The arena's own pool of ``processes`` workers. They are started with Ctrl-C ignored (an
    ignored signal stays ignored in a new program), so that none prints a traceback if Ctrl-C
    comes while it starts up; :func:`_quiet_worker` keeps it so in a pool started off the main
    thread, where the parent's handler cannot be changed."""
    context = multiprocessing.get_context("spawn")
    if threading.current_thread() is not threading.main_thread():
        return context.Pool(processes, initializer=_quiet_worker)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return context.Pool(processes, initializer=_quiet_worker)
    finally:
        signal.signal(signal.SIGINT, previous)


def _run(jobs: list[_Job], executor: Executor | None, processes: int, keep_going: bool,
         progress: Callable[[int, int], None] | None) -> list[GameRecord | GameFailure]:
    """The games' outcomes in the order of the jobs; without ``keep_going``, up to the first
    that failed (the games after it are stopped, or not counted if they ran)."""
    total = len(jobs)
    results: list[GameRecord | GameFailure] = []

    def take(outcomes: Sequence[GameRecord | GameFailure]) -> bool:
        """Count ``outcomes``; whether to go on."""
        for outcome in outcomes:
            results.append(outcome)
            if type(outcome) is GameFailure and not keep_going:
                return False
        if progress:
            progress(len(results), total)
        return True

    if executor is None and processes <= 1:
        for job in jobs:
            if not take([_play_one(job)]):
                break
        return results
    workers = processes if executor is None else 8
    size = max(1, total // (workers * 8))
    chunks = [jobs[start : start + size] for start in range(0, total, size)]
    if executor is None:
        # The own pool is a multiprocessing.Pool: unlike a ProcessPoolExecutor it can be
        # stopped at once (terminate), so Ctrl-C does not wait for the games in play.
        pool = _start_pool(processes)
        try:
            for chunk in pool.imap(_play_many, chunks):  # in order: the report does not depend on timing
                if not take(chunk):
                    pool.terminate()
                    break
        except BaseException:  # Ctrl-C: stop every worker now
            pool.terminate()
            raise
        else:
            pool.close()
        finally:
            pool.join()
        return results
    futures = []
    try:
        for chunk in chunks:
            futures.append(executor.submit(_play_many, chunk))
        for future in futures:  # in order: the report does not depend on which worker finished first
            if not take(future.result()):
                break
        return results
    finally:  # done, failed or Ctrl-C: stop what has not started
        for future in futures:
            future.cancel()


def run_arena(
    variant: str | AnyVariant,
    bots: Sequence[BotEntry],
    *,
    games: int,
    seed: int = 0,
    rules: Any = None,
    duplicate: bool = False,
    processes: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep_going: bool = False,
) -> ArenaReport:
    """Play ``games`` games of ``variant`` between ``bots`` (A, B) and report by position.

    ``duplicate`` plays each deal twice with the places swapped (``games`` must then be
    even). ``processes > 1`` spreads the games over a process pool; ``executor`` runs them on
    any :class:`concurrent.futures.Executor` instead (for a Dask cluster:
    ``distributed.Client(address).get_executor()``). The report is the same either way.
    ``seed`` is an int 0..2**64-1, as a game's (:class:`~jass.errors.InvalidSeedError`
    otherwise): the games' seeds are mixed from it in 64 bits, so a larger one would only
    repeat the games of a smaller one.

    A game that raises stops the run with a :class:`GameFailedError`, which says which game
    (its seed, index and seats) and holds the report of the games before it; with
    ``keep_going`` every other game is played, and the report lists the failures.
    """
    found = as_variant(variant)
    if len(bots) != 2:
        raise JassError(f"bots={bots!r:.80}: expected two bots (A and B)")
    for position, entry in zip(POSITIONS, bots):
        check_bot_entry(entry, f"bots[{position}]")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise JassError(f"games={games!r}: expected a positive int")
    if duplicate and games % 2:
        raise JassError(f"games={games}: duplicate deals are played twice, so the number of games must be even")
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
        raise JassError(f"processes={processes!r}: expected an int >= 1")
    seed = check_seed(seed)
    entries = (bots[0], bots[1])
    jobs: list[_Job] = [(found, entries, seed, i, rules, duplicate) for i in range(games)]
    outcomes = _run(jobs, executor, processes, keep_going, progress)
    records = [outcome for outcome in outcomes if type(outcome) is GameRecord]
    failures = tuple(outcome for outcome in outcomes if type(outcome) is GameFailure)
    report = _report(found, entries, seed, duplicate, records, failures)
    if failures and not keep_going:
        raise GameFailedError(failures[0], report)
    return report


def _report(variant: AnyVariant, entries: tuple[BotEntry, BotEntry], seed: int, duplicate: bool,
            records: Sequence[GameRecord], failures: tuple[GameFailure, ...] = ()) -> ArenaReport:
    wins = dict.fromkeys(POSITIONS, 0)
    draws = 0
    values: dict[str, list[float]] = {position: [] for position in POSITIONS}
    margins = {}
    sign = -1.0 if variant.lower_is_better else 1.0
    for record in records:
        if record.winner is None:
            draws += 1
        else:
            wins[record.winner] += 1
        for position, value in record.measure.items():
            values[position].append(value)
        margins[record.index] = sign * (record.measure["A"] - record.measure["B"])
    if duplicate:  # per deal, of the deals whose two games were both played
        per = [(margins[i] + margins[i + 1]) / 2 for i in sorted(margins) if i % 2 == 0 and i + 1 in margins]
    else:
        per = [margins[i] for i in sorted(margins)]
    return ArenaReport(
        variant.name, (_label(entries[0]), _label(entries[1])), len(records), seed, duplicate, wins, draws,
        {position: mean_interval(v) for position, v in values.items()}, mean_interval(per), tuple(records), failures,
    )


def elo_ratings(scores: Mapping[tuple[str, str], tuple[float, int]], *, anchor: float = 1500.0) -> dict[str, float]:
    """Elo-style ratings from pairwise results: ``scores[(a, b)] = (score of a, games)``,
    a score counting a win 1 and a draw 1/2. The ratings are the maximum-likelihood
    Bradley-Terry strengths on the Elo scale (400 points: 10 to 1 odds), their mean set to
    ``anchor``.

    x scoring 75% against y is odds of 3 to 1, 400 * log10(3) = 190.8 Elo points (a half-game
    prior per player, which keeps a bot that never lost finite, moves it by 0.01 here):

    >>> ratings = elo_ratings({("x", "y"): (7500.0, 10_000)})
    >>> round(ratings["x"] - ratings["y"], 1), round((ratings["x"] + ratings["y"]) / 2)
    (190.8, 1500)
    """
    players = sorted({name for pair in scores for name in pair})
    wins = dict.fromkeys(players, 0.0)
    games: dict[tuple[str, str], int] = {}
    for (a, b), (score, n) in scores.items():
        wins[a] += score
        wins[b] += n - score
        games[(a, b)] = games.get((a, b), 0) + n
        games[(b, a)] = games.get((b, a), 0) + n
    # A player who never lost or never won has no finite strength: half a game of each keeps it finite.
    strength = dict.fromkeys(players, 1.0)
    for name in players:
        wins[name] += 0.5
    for _ in range(1000):  # the minorisation-maximisation iteration (Hunter 2004)
        new = {}
        for name in players:
            denominator = sum(n / (strength[name] + strength[other]) for (p, other), n in games.items() if p == name)
            new[name] = wins[name] / (denominator + 1 / (strength[name] + 1.0))
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        new = {name: v / math.exp(mean_log) for name, v in new.items()}
        change = max(abs(new[name] - strength[name]) for name in players)
        strength = new
        if change < 1e-12:
            break
    return {name: anchor + 400 * math.log10(strength[name]) for name in players}


@attrs.frozen
class RoundRobinReport:
    """Every pair of bots against each other (:func:`run_arena`), and Elo-style ratings."""

    variant: str
    #: Per pair of labels (in the order given): its arena report, the first label at A.
    matches: dict[tuple[str, str], ArenaReport]
    #: Per label: the rating (:func:`elo_ratings`, mean 1500).
    ratings: dict[str, float]

    def table(self) -> str:
        """Ratings, best first, then each match's score and margin."""
        lines = [f"round robin of {self.variant}: {len(self.ratings)} bots"]
        for name, rating in sorted(self.ratings.items(), key=lambda item: -item[1]):
            lines.append(f"  {name:<24} {rating:7.0f}")
        for (a, b), report in self.matches.items():
            mean, half = report.margin
            lines.append(f"  {a} vs {b}: score {report.score_rate():.1%} for {a}, margin {mean:+.1f} ± {half:.1f}")
        return "\n".join(lines)


def round_robin(
    variant: str | AnyVariant,
    bots: Mapping[str, BotEntry],
    *,
    games: int,
    seed: int = 0,
    rules: Any = None,
    duplicate: bool = True,
    processes: int = 1,
    executor: Executor | None = None,
    keep_going: bool = False,
) -> RoundRobinReport:
    """Play every pair of ``bots`` (labels to entries) ``games`` games and rate them (a game
    that raises: see :func:`run_arena`, whose ``keep_going`` this passes on).

    >>> report = round_robin("pomme", {"rule": "rule", "random": "random"}, games=4, seed=3)
    >>> sorted(report.ratings, key=report.ratings.get)[-1], list(report.matches)
    ('rule', [('rule', 'random')])
    """
    found = as_variant(variant)
    labels = list(bots)
    if len(labels) < 2:
        raise JassError(f"bots: expected two or more, got {len(labels)}")
    matches = {}
    scores = {}
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            report = run_arena(found, (bots[a], bots[b]), games=games, seed=seed, rules=rules, duplicate=duplicate,
                               processes=processes, executor=executor, keep_going=keep_going)
            matches[(a, b)] = report
            scores[(a, b)] = (report.wins["A"] + report.draws / 2, report.games)
    return RoundRobinReport(found.name, matches, elo_ratings(scores))

