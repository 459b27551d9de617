"""The bots of ``jass serve``: which ones a client may choose for the open seats, and where they
think.

A quick bot (``random``, ``rule``) chooses in the event loop: it takes microseconds. A search
bot (:mod:`jass.ai.search`) thinks for a good part of a second, so a server offers one only
when its operator says so (``jass serve --bots random,rule,ismcts``), and then its moves are
thought in a pool of worker processes (``--search-workers``, one core each at most), each
within a budget (``--search-seconds``), at most ``--search-tables`` tables at once: the event
loop, and every other table, never wait for a search.

A bot's choice is a function of the game alone: the bot of move ``n`` of a game is seeded
from the game's seed and ``n`` (:func:`bot_seed`, a one-way hash, so that the bots' moves tell
nothing of the seed), so a game restored after a restart goes on as it would have.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import multiprocessing
from collections.abc import Sequence
from typing import Any, Final

from jass.ai.bots import Bot
from jass.ai.players import BOTS, make_bot
from jass.ai.search import ISMCTSBot, MonteCarloBot
from jass.serve.inputs import LimitError, TableError
from jass.serve.limits import ANONYMOUS_BOTS, Limits

__all__ = ["SEARCH_BOTS", "Bots", "bot_seed"]

#: The bots that search (and think for a good part of a second a move).
SEARCH_BOTS: Final = frozenset(name for name, factory in BOTS.items() if factory in (MonteCarloBot, ISMCTSBot))


def bot_seed(seed: int, number: int) -> int:
    """The seed of the bot that makes move ``number`` of the game of ``seed``: a one-way hash of
    both, so that the bots' moves tell nothing of the game's seed.

    >>> bot_seed(7, 1) == bot_seed(7, 1) != bot_seed(7, 2)
    True
    """
    digest = hashlib.blake2b(f"{seed}:{number}".encode(), digest_size=8, person=b"jass-serve-bot").digest()
    return int.from_bytes(digest, "big")


def _make(name: str, seed: int, seconds: float) -> Bot:
    """The bot called ``name``; a tree search thinks ``seconds`` a move."""
    if BOTS.get(name) is ISMCTSBot:
        return ISMCTSBot(seed, seconds=seconds)
    return make_bot(name, seed)


def _search_move(name: str, seed: int, seconds: float, view: Any, moves: Sequence[Any]) -> Any:
    """A search bot's move, in a worker process."""
    return _make(name, seed, seconds).choose(view, moves)


class Bots:
    """The bots a server offers clients (``offered``, names of :data:`jass.ai.players.BOTS`),
    and the pool its search bots think in."""

    def __init__(self, offered: Sequence[str] = ANONYMOUS_BOTS, limits: Limits | None = None) -> None:
        for name in offered:
            if name not in BOTS:
                raise TableError(f"no bot called {name[:40]!r}: choose among {', '.join(BOTS)}")
        self.offered = tuple(offered)
        self.limits = limits or Limits()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def check(self, name: object, searching: int) -> str:
        """``name`` if clients may choose that bot now (``searching``: the tables whose bots
        search, held now); a :class:`~jass.serve.inputs.TableError` that says which they may choose, or a
        :class:`~jass.serve.inputs.LimitError` when the search bots are all busy."""
        if not isinstance(name, str) or name not in self.offered:
            shown = repr(name[:40]) if isinstance(name, str) else "that"
            raise TableError(f"bot={shown}: this server offers {', '.join(self.offered)}")
        if name in SEARCH_BOTS and searching >= self.limits.search_tables:
            most = self.limits.search_tables
            raise LimitError(f"this server plays at most {most} {'table' if most == 1 else 'tables'} with search "
                             f"bots at once: choose {' or '.join(n for n in self.offered if n not in SEARCH_BOTS)}, "
                             "or try again later", status=503, retry_after=60)
        return name

    def choose_now(self, name: str, seed: int, view: Any, moves: Sequence[Any]) -> Any:
        """The bot's move, thought here and now (for code without an event loop, and tests)."""
        return _make(name, seed, self.limits.search_seconds).choose(view, moves)

    async def choose(self, name: str, seed: int, view: Any, moves: Sequence[Any]) -> Any:
        """The bot's move: a quick bot's at once, a search bot's from the worker processes."""
        if name not in SEARCH_BOTS:
            return self.choose_now(name, seed, view, moves)
        if self._pool is None:
            # Fresh processes (not forks of a server with threads), started when first needed.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.limits.search_workers, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _search_move, name, seed, self.limits.search_seconds,
                                          view, moves)

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
