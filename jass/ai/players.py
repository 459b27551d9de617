"""Every bot by name, for the command line, the arena, the server and the environments:
:data:`BOTS`, :func:`make_bot`, and :func:`build_bot` for any way of naming a bot
(:data:`BotEntry`). It sits above both kinds of bot (:mod:`jass.ai.bots`,
:mod:`jass.ai.search`), so that neither imports the other to be found by name.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Union, cast

from jass.ai.bots import Bot, RandomBot, RuleBot, SimpleRuleBot
from jass.ai.search import ISMCTSBot, MonteCarloBot
from jass.errors import JassError

__all__ = ["BOTS", "BotEntry", "make_bot", "build_bot", "check_bot_entry"]


#: The bots the command line and the arena know by name: each a factory ``factory(seed)``.
#: ``rule`` is the card-counting :class:`~jass.ai.bots.RuleBot`, ``simple`` the first rule bot
#: (:class:`~jass.ai.bots.SimpleRuleBot`); ``montecarlo`` and ``ismcts`` are the search bots
#: of :mod:`jass.ai.search` with their defaults.
BOTS: Mapping[str, Callable[[int | None], Bot]] = MappingProxyType(
    {"random": RandomBot, "rule": RuleBot, "simple": SimpleRuleBot, "montecarlo": MonteCarloBot, "ismcts": ISMCTSBot}
)


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot called ``name`` (one of :data:`BOTS`), seeded.

    >>> make_bot("rule", seed=1)
    RuleBot()
    >>> make_bot("genius")
    Traceback (most recent call last):
    jass.errors.JassError: no bot called 'genius': choose one of random, rule, simple, montecarlo, ismcts
    """
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise JassError(f"no bot called {name!r:.40}: choose one of {', '.join(BOTS)}")
    return factory(seed)


#: A bot as the arena and the environments take it: a name of :data:`BOTS`, a factory
#: ``factory(seed) -> bot`` (a class or function), or a bot object (anything with
#: ``choose(view, moves)``).
BotEntry = Union[str, Callable[[int], Bot], Bot]


def _is_bot_object(entry: object) -> bool:
    """A bot itself (not a class of bots, which is a factory)."""
    return not isinstance(entry, type) and hasattr(entry, "choose")


def build_bot(entry: BotEntry, seed: int) -> Bot:
    """The bot of one seat of one game: ``make_bot(name, seed)`` for a name, ``factory(seed)`` for
    a factory, a deep copy of a bot object (so that games do not depend on one another; a bot
    that shares something on purpose says so in its ``__deepcopy__``).

    >>> build_bot("random", 3), build_bot(RandomBot, 3), build_bot(RandomBot(sensible=False), 3).sensible
    (RandomBot(), RandomBot(), False)
    """
    if isinstance(entry, str):
        return make_bot(entry, seed=seed)
    if _is_bot_object(entry):
        return cast(Bot, copy.deepcopy(entry))
    return cast(Callable[[int], Bot], entry)(seed)


def check_bot_entry(entry: object, where: str) -> None:
    """Raise :class:`~jass.errors.JassError` now, naming ``where``, unless ``entry`` is a
    :data:`BotEntry` (an unknown name says so at once, not in a worker process)."""
    if isinstance(entry, str):
        make_bot(entry)
    elif not _is_bot_object(entry) and not callable(entry):
        raise JassError(
            f"{where}={entry!r:.60}: expected a bot name ({', '.join(BOTS)}), a factory called as factory(seed), "
            "or a bot object with choose(view, moves)"
        )
