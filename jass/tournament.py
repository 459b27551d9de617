"""The arena: play many games between bots in any variant and report the results.

(The module is not called ``arena``: the peer library jass-kit installs
``jass/arena`` into the same namespace.)

Two bots, A and B, share the table: in a four-player game A holds seats 0 and
2 and B seats 1 and 3; in the two-player game A seat 0 and B seat 1. Every
other game they change places, so neither profits from a seat. Game *i* is
seeded from ``(seed, i)``: the results are the same whatever the number of
processes.

>>> report = run_arena("schieber", ("rule", "random"), games=4, seed=1,
...                    rules=find_variant("schieber").preset("tournament"))
>>> report.games, sum(report.wins.values()) + report.draws
(4, 4)
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import attrs

from jass._kernel import MASK64, splitmix64
from jass.bots import make_bot
from jass.errors import JassError
from jass.variant import VARIANTS, AnyVariant, as_variant, find_variant

__all__ = ["VARIANTS", "variant_module", "play_game", "GameRecord", "ArenaReport", "run_arena", "wilson_interval"]


def variant_module(name: str) -> ModuleType:
    """The module of the variant called ``name`` (see :func:`jass.variant.find_variant`)."""
    return importlib.import_module(find_variant(name).module)


def play_game(variant: AnyVariant | str | ModuleType, bots: Sequence[Any], *, rules: Any = None, seed: int = 0) -> Any:
    """Play one game with ``bots[seat]`` choosing for each seat; return the final state.

    Each bot sees only ``observe(state, seat)`` and its legal moves.
    """
    found = as_variant(variant)
    state = found.new_game(rules, seed=seed)
    while not found.is_over(state):
        seat = found.to_act(state)
        assert seat is not None
        moves = found.legal_moves(state)
        move = bots[seat].choose(found.observe(state, seat), moves)
        state = found.apply(state, move)
    return state


@attrs.frozen
class GameRecord:
    """The outcome of one arena game: which bot won, and each bot's result."""

    index: int
    seed: int
    winner: str | None
    #: Per bot name: its measure, the variant's standing of its seats (Schieber: its team's
    #: points; Differenzler: its average penalty per seat; la pomme: its points).
    measure: dict[str, float]


def _game_seed(seed: int, index: int) -> int:
    return splitmix64((seed * 0x9E3779B97F4A7C15 + index) & MASK64)[1]


def _play_one(job: tuple[AnyVariant, tuple[str, str], int, int, Any]) -> GameRecord:
    variant, names, seed, index, rules = job
    game_seed = _game_seed(seed, index)
    lineup = [names[(s + index) % 2] for s in range(variant.seats)]
    bots = [make_bot(name, seed=_game_seed(game_seed, s)) for s, name in enumerate(lineup)]
    final = play_game(variant, bots, rules=rules, seed=game_seed)
    winning_team = variant.winner(final)
    # The winner is a team (of one seat in a game of each for themselves); its first seat's bot.
    winner = None if winning_team is None else lineup[variant.teams[winning_team][0]]
    standings = variant.standings(final)
    totals: dict[str, list[float]] = {}
    for team, seats in enumerate(variant.teams):
        totals.setdefault(lineup[seats[0]], []).append(float(standings[team]))
    return GameRecord(index, game_seed, winner, {n: sum(v) / len(v) for n, v in totals.items()})


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
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


@attrs.frozen
class ArenaReport:
    """The results of an arena run."""

    variant: str
    bots: tuple[str, str]
    games: int
    seed: int
    wins: dict[str, int]
    draws: int
    #: Per bot: mean and 95% confidence half-width of its measure (see :class:`GameRecord`).
    measure: dict[str, tuple[float, float]]
    records: tuple[GameRecord, ...] = attrs.field(repr=False)

    def win_rate(self, bot: str) -> tuple[float, float, float]:
        """The bot's share of games won, with its 95% Wilson interval."""
        wins = self.wins.get(bot, 0)
        low, high = wilson_interval(wins, self.games)
        return (wins / self.games if self.games else 0.0, low, high)

    def table(self) -> str:
        """A plain-text summary table."""
        label = find_variant(self.variant).standing_name
        lines = [
            f"{self.games} games of {self.variant}, seed {self.seed}",
            f"{'bot':<8} {'wins':>6} {'win rate (95% CI)':>24} {label + ' (mean ± 95%)':>26}",
        ]
        for bot in self.bots:
            rate, low, high = self.win_rate(bot)
            mean, half = self.measure.get(bot, (0.0, 0.0))
            lines.append(
                f"{bot:<8} {self.wins.get(bot, 0):>6} {rate:>10.1%} ({low:.1%}-{high:.1%}) "
                f"{mean:>16.1f} ± {half:.1f}"
            )
        if self.draws:
            lines.append(f"draws: {self.draws}")
        return "\n".join(lines)


def run_arena(
    variant: str,
    bots: tuple[str, str],
    *,
    games: int,
    seed: int = 0,
    rules: Any = None,
    processes: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaReport:
    """Play ``games`` games of ``variant`` between the bots named ``bots`` (A, B).

    ``processes > 1`` spreads the games over that many processes; the report is
    the same as with one.
    """
    found = find_variant(variant)
    for name in bots:
        make_bot(name)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise JassError(f"games={games!r}: expected a positive int")
    if len(bots) != 2:
        raise JassError(f"bots={bots!r}: expected two bot names (A and B)")
    jobs = [(found, (bots[0], bots[1]), seed, i, rules) for i in range(games)]
    records: list[GameRecord] = []
    if processes > 1:
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            for record in pool.imap(_play_one, jobs, chunksize=max(1, games // (processes * 8))):
                records.append(record)
                if progress:
                    progress(len(records), games)
    else:
        for job in jobs:
            records.append(_play_one(job))
            if progress:
                progress(len(records), games)
    wins: dict[str, int] = {name: 0 for name in bots}
    draws = 0
    values: dict[str, list[float]] = {name: [] for name in bots}
    for record in records:
        if record.winner is None:
            draws += 1
        else:
            wins[record.winner] += 1
        for name, value in record.measure.items():
            values[name].append(value)
    measure = {}
    for name, vals in values.items():
        n = len(vals)
        mean = sum(vals) / n if n else 0.0
        var = sum((v - mean) ** 2 for v in vals) / (n - 1) if n > 1 else 0.0
        measure[name] = (mean, 1.96 * math.sqrt(var / n) if n else 0.0)
    return ArenaReport(found.name, (bots[0], bots[1]), games, seed, wins, draws, measure, tuple(records))
