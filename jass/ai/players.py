"""Every bot by name, for the command line, the arena and the server: :data:`BOTS` and
:func:`make_bot`. It sits above both kinds of bot (:mod:`jass.ai.bots`, :mod:`jass.ai.search`),
so that neither imports the other to be found by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from jass.ai.bots import Bot, RandomBot, RuleBot, SimpleRuleBot
from jass.ai.search import ISMCTSBot, MonteCarloBot
from jass.errors import JassError

__all__ = ["BOTS", "make_bot"]


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
