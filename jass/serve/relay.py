"""Several ``jass serve`` processes on one PostgreSQL database serve each table from one process
at a time (:meth:`jass.serve.store.Store.claim`). A client that reaches another process (a
reverse proxy spreads them) is relayed: that process opens the table's WebSocket at the process
that serves it and carries the messages both ways, so the client sees one server.

The serving process trusts a relayed socket as counted already (the relaying process applied
the limits of the client's address) only with the database's relay secret, which only the
processes of the database read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Final

from starlette.websockets import WebSocket, WebSocketDisconnect

from jass.serve.updates import dumps

__all__ = ["RELAY_HEADER", "close", "close_reason", "refuse", "relay"]

#: The header that carries the relay secret from the relaying process.
RELAY_HEADER: Final = "x-jass-relay"
#: Close codes a server may not send (they say what the connection itself did).
_RESERVED: Final = frozenset({1005, 1006, 1015})

_logger = logging.getLogger(__name__)


async def relay(websocket: WebSocket, url: str, secret: str, max_size: int) -> None:
    """Carry the messages of ``websocket`` (accepted) to and from the WebSocket at ``url``,
    until either closes; the other is then closed with the same code. When the serving process
    cannot be reached, or goes away, the client is told to reconnect (1012): by then the
    table's lease is free, and the process it reaches next takes the table over."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    host = url.split("://", 1)[-1].split("/", 1)[0]
    try:
        upstream = await connect(url, additional_headers={RELAY_HEADER: secret, "host": host}, open_timeout=5,
                                 max_size=max_size, compression=None, ping_interval=None)
    except (OSError, TimeoutError, WebSocketException) as error:
        _logger.info("relay to %s failed: %s", url, error)
        await refuse(websocket, "the table's server does not answer: reconnecting", 1012)
        return

    async def down() -> None:
        async for text in upstream:
            await websocket.send_text(text if isinstance(text, str) else text.decode("utf-8", "replace"))

    async def up() -> None:
        while True:
            message: Any = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            await upstream.send(message.get("text") or message.get("bytes") or "")

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await upstream.close()
    code, reason = upstream.close_code, upstream.close_reason or ""
    if code is None or code in _RESERVED:
        code, reason = 1012, "the table's server went away: reconnect"
    await close(websocket, code, reason)


async def refuse(websocket: WebSocket, text: str, code: int) -> None:
    """Tell an accepted WebSocket why it is refused, and close it with ``code``."""
    try:
        await websocket.send_text(dumps({"kind": "refused", "message": text}))
    except (RuntimeError, WebSocketDisconnect):  # the client has gone already
        return
    await close(websocket, code, text)


async def close(websocket: WebSocket, code: int, reason: str) -> None:
    """Close the client's socket with ``code`` and ``reason`` (cut to fit a close frame),
    unless the client has closed it first: a client may leave at any moment, and its leaving is
    not the server's error."""
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.close(code, close_reason(reason))


def close_reason(text: str) -> str:
    """``text`` cut to fit a WebSocket close frame (123 bytes of UTF-8).

    >>> close_reason("ü" * 100)[-3:], len(close_reason("ü" * 100).encode()) <= 123
    ('...', True)
    """
    data = text.encode()
    return text if len(data) <= 123 else data[:120].decode("utf-8", "ignore") + "..."
