"""The door of ``jass serve``: who may come in, how fast and how many at once, before a request
reaches a table.

- :class:`Gate` (ASGI middleware): a request must name one of the server's own host names
  (``Host``: a page of another site that a DNS record points at this machine is refused), and
  a browser's request must come from one of the server's own pages (``Origin``, its scheme
  included);
- :class:`Guard`: the paces and counts of :class:`~jass.serve.limits.Limits`: new tables per
  client address and in total, new WebSockets per address, open WebSockets per address and in
  total;
- :func:`guarded_http`: uvicorn's HTTP protocol with a deadline for a request's headers and a
  cap on the connections of one address still sending theirs (uvicorn has neither: it waits
  for a half-sent request as long as the client likes).

>>> gate = Gate(None, ["localhost", "*.example.org"])
>>> gate.refusal("http", "jass.example.org:8000", "http://jass.example.org:8000") is None
True
>>> gate.refusal("http", "localhost:8000", "https://localhost:8000")
(403, "the page at 'https://localhost:8000' is not this server's: it may not use it")
>>> gate.refusal("http", "evil.example:8000", None)[1]
"this server does not answer to the name 'evil.example' (its names: localhost, *.example.org; jass serve --allow-host adds one)"
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any, Final
from urllib.parse import urlsplit

from jass.serve.inputs import LimitError
from jass.serve.limits import Bucket, Limits, RateLimits, address_key

__all__ = ["LOCAL_NAMES", "Gate", "Guard", "guarded_http", "host_name"]

#: The names a server answers to unless told others (``jass serve --allow-host``).
LOCAL_NAMES: Final = ("localhost", "127.0.0.1", "::1")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_logger = logging.getLogger(__name__)


def host_name(host: str) -> str:
    """The name in a ``Host`` header (or an origin's address), without its port, lower case.

    >>> host_name("LocalHost:8000"), host_name("[::1]:8000"), host_name("example.org")
    ('localhost', '::1', 'example.org')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Gate:
    """ASGI middleware: refuses a request whose ``Host`` is not one of ``names`` (a name, or
    ``*.domain`` for its subdomains, or ``*`` for any), and a request whose ``Origin`` (sent by
    browsers) is not this server itself, scheme included: HTTP 400 or 403 with the reason, or,
    for a WebSocket, the same answer to its handshake."""

    def __init__(self, app: ASGIApp | None, names: Sequence[str]) -> None:
        self.app = app
        self.names = tuple(name.lower() for name in names)
        self._exact = frozenset(self.names)
        self._any = "*" in self._exact
        self._domains = tuple(name[1:] for name in self.names if name.startswith("*."))

    def allows(self, name: str) -> bool:
        """Whether the server answers to host ``name``."""
        return self._any or name in self._exact or any(name.endswith(domain) for domain in self._domains)

    def refusal(self, scheme: str, host: str | None, origin: str | None) -> tuple[int, str] | None:
        """Why a request with these headers is refused (an HTTP status and the reason), or
        ``None`` if it may come in."""
        if not host or not self.allows(host_name(host)):
            shown = host_name(host)[:60] if host else ""
            return 400, (f"this server does not answer to the name {shown!r} (its names: "
                         f"{', '.join(self.names)}; jass serve --allow-host adds one)")
        if origin is not None:
            parts = urlsplit(origin)
            expected = "https" if scheme in ("https", "wss") else "http"
            if parts.scheme != expected or parts.netloc.lower() != host.strip().lower():
                return 403, f"the page at {origin[:80]!r} is not this server's: it may not use it"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        assert self.app is not None
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = origin = None
        for name, value in scope["headers"]:
            if name == b"host":
                host = value.decode("latin-1")
            elif name == b"origin":
                origin = value.decode("latin-1")
        refused = self.refusal(scope.get("scheme", "http"), host, origin)
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, text = refused
        body = json.dumps({"error": text}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await receive()  # the handshake's "websocket.connect"
        if "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": text[:120]})


class Guard:
    """The paces and counts of a server's :class:`~jass.serve.limits.Limits` that concern
    clients by their address (:func:`~jass.serve.limits.address_key`); each refusal is a
    :class:`~jass.serve.inputs.LimitError` that says why, and when to try again."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._tables_of = RateLimits(limits.tables_per_minute_per_address, clock)
        self._tables = Bucket(limits.tables_per_minute / 60, limits.tables_per_minute, clock)
        self._sockets_of = RateLimits(limits.sockets_per_minute_per_address, clock)
        #: The WebSockets open now, by address.
        self.sockets: collections.Counter[str] = collections.Counter()
        #: The connections still sending their request's headers, by address.
        self.pending: collections.Counter[str] = collections.Counter()

    def new_table(self, address: str) -> None:
        """A client at ``address`` may create a table now, or a 429 says when it may."""
        wait = self._tables_of.take(address)
        if wait:
            raise LimitError(f"too many new tables from your address: at most "
                             f"{self.limits.tables_per_minute_per_address} a minute; try again in {wait:.0f} s",
                             retry_after=wait)
        wait = self._tables.take()
        if wait:
            raise LimitError(f"too many new tables on this server just now: at most {self.limits.tables_per_minute} "
                             f"a minute; try again in {wait:.0f} s", retry_after=wait)

    def open_socket(self, address: str, *, relayed: bool = False) -> None:
        """Count a new WebSocket from ``address``, or refuse it (then it is not counted): too
        many open on the server or from the address (503), or opened too fast (429). A socket
        ``relayed`` from another process of the same database was counted there by address."""
        limits = self.limits
        if sum(self.sockets.values()) >= limits.max_connections:
            raise LimitError(f"this server holds {limits.max_connections} connections, its most: try again later",
                             status=503, retry_after=30)
        if not relayed:
            if self.sockets[address] >= limits.max_connections_per_address:
                raise LimitError(f"your address has {limits.max_connections_per_address} connections open, "
                                 "its most: close one", status=503, retry_after=30)
            wait = self._sockets_of.take(address)
            if wait:
                raise LimitError(f"too many new connections from your address: at most "
                                 f"{limits.sockets_per_minute_per_address} a minute; try again in {wait:.0f} s",
                                 retry_after=wait)
        self.sockets[address] += 1

    def close_socket(self, address: str) -> None:
        """A WebSocket counted by :meth:`open_socket` is closed."""
        self.sockets[address] -= 1
        if self.sockets[address] <= 0:
            del self.sockets[address]

    def forget(self) -> None:
        """Forget the paces of addresses that have not been seen for a while."""
        self._tables_of.forget()
        self._sockets_of.forget()


def guarded_http(guard: Guard) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools), with ``header_seconds`` for each request's headers
    from its first byte (and for a new connection's first request), and at most
    ``max_connections_per_address`` connections of one address still sending theirs
    (:class:`~jass.serve.limits.Limits`): a connection over either is closed. (uvicorn's own ``timeout_keep_alive`` closes
    an idle connection between requests; ``limit_concurrency`` caps them all.)"""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    seconds = guard.limits.header_seconds
    most = guard.limits.max_connections_per_address

    class GuardedHttp(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None
        _address = ""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self._address = address_key(peer[0] if isinstance(peer, (tuple, list)) and peer else None)
            if guard.pending[self._address] >= most:
                _logger.info("%s: too many connections still sending their request: closed", self._address)
                transport.close()
                return
            self._arm()

        def _arm(self) -> None:
            if self._deadline is None:
                guard.pending[self._address] += 1
                self._deadline = self.loop.call_later(seconds, self._late)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
                guard.pending[self._address] -= 1
                if guard.pending[self._address] <= 0:
                    del guard.pending[self._address]

        def _late(self) -> None:
            _logger.info("%s: no whole request in %s s: closed", self._address, seconds)
            self._deadline = None
            guard.pending[self._address] -= 1
            if guard.pending[self._address] <= 0:
                del guard.pending[self._address]
            self.transport.close()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return GuardedHttp
