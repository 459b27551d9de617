"""The limits of ``jass serve``: everything a client can cause (tables, connections, messages,
refusals, a bot's thinking) is bounded, and every refusal says why and when to try again.

:class:`Limits` holds every number; each is an option of ``jass serve`` (``--max-tables``,
``--tables-per-minute``...). :class:`Bucket` and :class:`RateLimits` are the token buckets that
pace tables and sockets per client address; :func:`address_key` says which addresses count as
one client (an IPv6 client usually holds a whole /64).

>>> limits = Limits()
>>> limits.tables_per_minute_per_address, limits.unstarted_minutes
(10, 10.0)
>>> now = [0.0]
>>> pace = RateLimits(per_minute=2, clock=lambda: now[0])
>>> pace.take("203.0.113.7"), pace.take("203.0.113.7"), pace.take("203.0.113.7")
(0.0, 0.0, 30.0)
>>> now[0] = 30.0
>>> pace.take("203.0.113.7")
0.0
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from typing import Any, Final

import attrs

from jass.errors import JassError

__all__ = ["Limits", "LIMIT_OPTIONS", "Bucket", "RateLimits", "address_key", "ANONYMOUS_BOTS"]

#: The bots anonymous clients may choose unless the server says otherwise: the quick ones. The
#: search bots think for a good part of a second a move, so a server offers them only when its
#: operator says so (``jass serve --bots random,rule,montecarlo``).
ANONYMOUS_BOTS: Final = ("random", "rule")


def _positive(instance: object, attribute: Any, value: float) -> None:
    if not value > 0:
        raise JassError(f"--{attribute.name.replace('_', '-')} {value!r}: expected a number above 0")


def _limit(default: float, text: str, *, integer: bool = True) -> Any:
    """A field of :class:`Limits`: its default, and the help of its option."""
    return attrs.field(default=default, validator=_positive, converter=int if integer else float,
                       metadata={"help": text})


@attrs.frozen
class Limits:
    """Every limit of a server, each with its option of ``jass serve`` (the field's name with
    dashes: ``max_tables`` is ``--max-tables``), whose help (``jass serve --help``, and the table
    of the guide "Run a game server") says what it bounds. The defaults suit a server for
    friends and their friends on a small machine; raise them for a public server with the CPU to
    match.
    """

    # tables
    max_tables: int = _limit(1_000, "tables held in memory at once; a new one beyond is refused (503)")
    unstarted_minutes: float = _limit(
        10, "an unstarted table nobody changed for this long is deleted", integer=False)
    idle_minutes: float = _limit(
        10, "a table nobody is connected to leaves memory after this long (it stays in the database)",
        integer=False)
    tables_per_minute_per_address: int = _limit(10, "new tables a client address may create a minute (429)")
    tables_per_minute: int = _limit(120, "new tables all clients together may create a minute (429)")
    # connections
    max_connections: int = _limit(
        1_000, "connections at once: HTTP requests beyond get 503 (uvicorn's limit_concurrency), WebSockets 1013")
    max_connections_per_address: int = _limit(
        20, "WebSockets, and connections still sending their request, of one client address at once")
    sockets_per_minute_per_address: int = _limit(60, "new WebSockets a client address may open a minute")
    header_seconds: float = _limit(10, "seconds a connection has to send a request's headers", integer=False)
    keep_alive_seconds: int = _limit(5, "seconds an idle HTTP connection stays open (uvicorn's timeout_keep_alive)")
    hello_seconds: float = _limit(10, "seconds a WebSocket has to say hello", integer=False)
    idle_socket_minutes: float = _limit(
        60, "a WebSocket whose client sent nothing and whose table did not change for this long is closed",
        integer=False)
    # messages
    messages_per_second: float = _limit(5, "messages a WebSocket may send a second, on average", integer=False)
    message_burst: int = _limit(20, "messages a WebSocket may send at once before the rate applies")
    max_refusals: int = _limit(
        20, "refused messages after which a WebSocket is closed (one more is forgiven every 10 seconds)")
    # bots
    search_tables: int = _limit(4, "tables at once whose bots search (when --bots offers a search bot)")
    search_seconds: float = _limit(1.0, "seconds a search bot may think a move", integer=False)
    search_workers: int = _limit(1, "processes the search bots think in (each takes at most one core)")


#: The options of ``jass serve`` for :class:`Limits`: ``(option, field, help)``.
LIMIT_OPTIONS: Final = tuple(
    ("--" + field.name.replace("_", "-"), field, field.metadata["help"]) for field in attrs.fields(Limits)
)


def address_key(host: str | None) -> str:
    """The key under which a client address is counted: an IPv4 address as it is, an IPv6
    address by its /64 network (one household or machine usually holds a whole /64), anything
    else (a Unix socket, a test client's name) as it is.

    >>> address_key("203.0.113.7"), address_key("2001:db8:1:2:3:4:5:6"), address_key(None)
    ('203.0.113.7', '2001:db8:1:2::/64', '?')
    """
    if host is None:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is None:
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address.ipv4_mapped or address) if isinstance(address, ipaddress.IPv6Address) else str(address)


class Bucket:
    """A token bucket: ``burst`` tokens at most, ``rate`` more a second. :meth:`take` takes one
    if there is one."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "clock")

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.tokens, self.clock = rate, burst, float(burst), clock
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> float:
        """Take a token: 0.0 if there was one, else the seconds until there is one (nothing is
        taken then)."""
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    @property
    def full(self) -> bool:
        """True when the bucket has refilled to its burst (it remembers nothing)."""
        self._refill()
        return self.tokens >= self.burst


class RateLimits:
    """One :class:`Bucket` for each key (a client address): at most ``per_minute`` takes a
    minute each, all of them at once if they came in a burst. Buckets that have refilled are
    forgotten, so that the keys held stay few."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.buckets: dict[str, Bucket] = {}

    def take(self, key: str) -> float:
        """0.0 if ``key`` may go ahead (a token is taken), else the seconds to wait."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= 10_000:
                self.forget()
            bucket = self.buckets[key] = Bucket(self.per_minute / 60, self.per_minute, self.clock)
        return bucket.take()

    def forget(self) -> None:
        """Forget the buckets that are full again."""
        for key in [key for key, bucket in self.buckets.items() if bucket.full]:
            del self.buckets[key]
