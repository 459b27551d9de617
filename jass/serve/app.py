"""The web layer of ``jass serve`` (Starlette): the page, the card pictures, a small HTTP API
and one WebSocket per connection to a table. Everything about the game is in
:mod:`jass.serve.tables`; this module carries text between the network and the tables.

- ``GET /`` and ``GET /t/{table}``: the page (``static/index.html``), which does the rest;
- ``GET /static/...``: its script and style; ``GET /cards/{code}.svg``: the library's card
  pictures (:mod:`jass.pictures`);
- ``GET /api/variants``: every registered variant with its presets, and the bots;
- ``POST /api/tables``: a new table (:meth:`jass.serve.tables.Lobby.create_from`);
- ``GET /tables/{table}/record``: the game record, once the game is over;
- ``WS /ws/{table}``: the table's messages, both ways (:meth:`jass.serve.tables.Table.receive`).

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(Lobby(bot_delay=0)))
>>> created = client.post("/api/tables", json={"variant": "schieber", "preset": "swisslos"}).json()
>>> with client.websocket_connect(f"/ws/{created['table']}") as socket:
...     socket.send_json({"kind": "hello"})
...     socket.receive_json()["table"]["players"][0]
{'kind': 'open', 'name': '', 'online': False}
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any, Final, TextIO
from urllib.parse import urlsplit

try:
    from starlette.applications import Starlette
    from starlette.requests import HTTPConnection, Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket
except ImportError as error:  # pragma: no cover - the extra is installed wherever this runs
    raise ImportError("jass serve needs Starlette and uvicorn: install the optional extra with "
                      "`pip install 'jass[serve]'`") from error

from jass import serial
from jass.ai.players import BOTS
from jass.cards import Card
from jass.errors import JassError
from jass.pictures import card_svg
from jass.serve.tables import DEFAULT_BOT, MAX_REQUEST, Client, Lobby, TableError
from jass.variant import VARIANTS

__all__ = ["STATIC", "HEADERS", "create_app", "run", "variants_info"]

#: The page's files: HTML, CSS and JavaScript, no build step (``static/`` beside this module).
#:
#: :meta hide-value:
STATIC: Final = Path(__file__).resolve().parent / "static"
#: Headers on every HTTP response: the page loads only its own files, and no other site may
#: frame it.
HEADERS: Final = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}
#: The largest WebSocket message uvicorn takes at all (the tables read at most 2,000 characters).
WS_MAX_SIZE: Final = 16_384

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def variants_info() -> dict[str, Any]:
    """Every registered variant (name, title, seats, teams, its presets' rules as ``jass/1``
    JSON), the bots and the default bot: what the page offers when it creates a table."""
    variants = []
    for variant in VARIANTS.values():
        variants.append({
            "name": variant.name,
            "title": variant.title,
            "seats": variant.seats,
            "teams": [list(team) for team in variant.teams],
            "defaults": serial.to_dict(variant.rules_type(), compact=True),
            "presets": {name: serial.to_dict(variant.preset(name), compact=True) for name in variant.presets},
        })
    return {"variants": variants, "bots": list(BOTS), "bot": DEFAULT_BOT}


def _same_origin(connection: HTTPConnection) -> bool:
    """False for a request a page of another site made (its ``Origin`` is not this server):
    such a page may not create tables or open a table's socket from a visitor's browser."""
    origin = connection.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == connection.headers.get("host")


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


def create_app(lobby: Lobby | None = None) -> Starlette:
    """The ASGI application of a server whose tables are in ``lobby`` (a new one if ``None``),
    kept as ``app.state.lobby``."""
    tables = lobby if lobby is not None else Lobby()
    page = (STATIC / "index.html").read_bytes()
    cards = {card.code: card_svg(card).encode() for card in Card}
    variants = json.dumps(variants_info(), ensure_ascii=False).encode()

    async def index(request: Request) -> Response:
        return Response(page, media_type="text/html; charset=utf-8")

    async def picture(request: Request) -> Response:
        svg = cards.get(request.path_params["code"])
        if svg is None:
            return _error(404, "no such card: cards are written C6 .. CA, S6 .., H6 .., D6 .. DA")
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "public, max-age=86400"})

    async def variant_list(request: Request) -> Response:
        return Response(variants, media_type="application/json")

    async def new_table(request: Request) -> Response:
        if not _same_origin(request):
            return _error(403, "tables are created from this server's own page")
        try:
            table = tables.create_from(await _body(request, MAX_REQUEST))
        except JassError as error:
            return _error(400, str(error))
        return JSONResponse({"table": table.id, "url": f"/t/{table.id}"}, status_code=201)

    async def record(request: Request) -> Response:
        try:
            table = tables.get(request.path_params["table"])
        except TableError as error:
            return _error(404, str(error))
        try:
            text = table.record()
        except TableError as error:  # the game goes on: the record would show its seed
            return _error(409, str(error))
        name = f"jass-{table.variant.name}-{table.id}.json"
        return Response(text, media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    async def table_socket(websocket: WebSocket) -> None:
        table = tables.tables.get(websocket.path_params["table"])
        if not _same_origin(websocket):
            await websocket.close(code=1008)
            return
        await websocket.accept()
        if table is None:
            await websocket.send_json({"kind": "refused", "message": "there is no such table"})
            await websocket.close(code=1008)
            return
        client = Client()
        try:
            table.attach(client)
        except TableError as error:
            await websocket.send_json({"kind": "refused", "message": str(error)})
            await websocket.close(code=1013)
            return
        writer = asyncio.create_task(_write(websocket, client))
        try:
            while not client.overflowed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                # A binary frame is no JSON text: the table refuses it as such.
                table.receive(client, message.get("text", message.get("bytes")))
        finally:
            table.detach(client)
            writer.cancel()

    routes = [
        Route("/", index),
        Route("/t/{table}", index),
        Route("/cards/{code}.svg", picture),
        Route("/api/variants", variant_list),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/tables/{table}/record", record),
        WebSocketRoute("/ws/{table}", table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.lobby = tables
    app.add_middleware(_Headers)
    return app


async def _body(request: Request, limit: int) -> bytes:
    """The request's body, refused once it is longer than ``limit`` bytes (before reading it
    all, when its length is announced)."""
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > limit:
        raise TableError(f"a request of {announced} bytes: at most {limit} are read")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TableError(f"a request of more than {limit} bytes: at most {limit} are read")
    return bytes(body)


async def _write(websocket: WebSocket, client: Client) -> None:
    """Send the client its messages as they come; close it if it let too many pile up."""
    try:
        while True:
            texts = await client.wait()
            if client.overflowed:
                await websocket.close(code=1008)
                return
            for text in texts:
                await websocket.send_text(text)
    except asyncio.CancelledError:
        raise
    except Exception:  # the connection is gone: the reader sees it and detaches the client
        return


class _Headers:
    """ASGI middleware: :data:`HEADERS` on every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(name.encode(), value.encode()) for name, value in HEADERS.items()]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def run(host: str = "127.0.0.1", port: int = 8000, *, bot_delay: float = 0.6, out: TextIO | None = None) -> None:
    """Serve on ``host``:``port`` (0: any free port) until interrupted; print the address to
    ``out`` (default: standard output) once the server listens."""
    import uvicorn

    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(address)
    listener.listen(2048)  # connections wait from now on, even before the server accepts them
    bound = listener.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else host
    config = uvicorn.Config(create_app(Lobby(bot_delay=bot_delay)), ws_max_size=WS_MAX_SIZE,
                            log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    print(f"jass serve: play at http://{shown}:{bound}/ (Ctrl-C stops)", file=out or sys.stdout, flush=True)
    server.run(sockets=[listener])
