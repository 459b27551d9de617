"""The web layer of ``jass serve`` (Starlette): the page, the card pictures, a small HTTP API
and one WebSocket per connection to a table. Everything about the game is in
:mod:`jass.serve.tables`; this module carries text between the network and the tables, and
keeps the door (:mod:`jass.serve.guard`).

- ``GET /`` and ``GET /t/{table}``: the page (``static/index.html``), which does the rest;
- ``GET /static/...``: its script and style; ``GET /cards/{deck}/{pairing}/{code}.svg``: the
  library's card pictures (:func:`jass.pictures.card_svg`: a French pack paired as the table's
  rules pair it, or the Swiss pack), and ``GET /cards/{deck}/{pairing}/names.json`` the cards'
  names in that pack (:class:`jass.faces.Faces`);
- ``GET /api/variants``: every registered variant with its presets, and the bots offered;
- ``POST /api/tables``: a new table (:meth:`jass.serve.tables.Lobby.create_from`);
- ``GET /tables/{table}/record``: the game record, once the game is over;
- ``WS /ws/{table}``: the table's messages, both ways (:meth:`jass.serve.tables.Table.receive`).

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(Lobby(bot_delay=0)), base_url="http://localhost")
>>> created = client.post("/api/tables", json={"variant": "schieber", "preset": "swisslos"}).json()
>>> with client.websocket_connect(f"/ws/{created['table']}") as socket:
...     socket.send_json({"kind": "hello"})
...     socket.receive_json()["table"]["players"][0]
{'kind': 'open', 'name': '', 'online': False}
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import logging
import socket
import sys
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Final, TextIO
from urllib.parse import urlsplit

try:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError as error:  # pragma: no cover - the extra is installed wherever this runs
    raise ImportError("jass serve needs Starlette and uvicorn: install the optional extra with "
                      "`pip install 'jass[serve]'`") from error

from jass import serial
from jass.cards import Card
from jass.errors import JassError
from jass.faces import Deck, Faces, Pairing
from jass.pictures import card_svg
from jass.serve.bots import Bots
from jass.serve.guard import LOCAL_NAMES, Gate, Guard, guarded_http, host_name
from jass.serve.inputs import MAX_REQUEST, LimitError, TableError
from jass.serve.limits import ANONYMOUS_BOTS, Limits, address_key
from jass.serve.relay import RELAY_HEADER, close_reason, refuse, relay
from jass.serve.store import SQLiteStore, Store, StoreError, default_path
from jass.serve.tables import DEFAULT_BOT, Client, Elsewhere, GameGoesOn, Lobby, Table
from jass.serve.updates import dumps
from jass.variant import VARIANTS

__all__ = ["STATIC", "HEADERS", "WS_MAX_SIZE", "GC_THRESHOLDS", "card_pack", "create_app", "open_store", "listen", "run",
           "variants_info"]

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
#: Seconds between two rounds of the lobby's clean-up (:meth:`~jass.serve.tables.Lobby.sweep`).
SWEEP_SECONDS: Final = 30.0

_logger = logging.getLogger(__name__)


def open_store(address: str | Path, **options: Any) -> Store:
    """The store at ``address``: ``postgresql://...`` for PostgreSQL
    (:class:`jass.serve.postgres.PostgresStore`, the extra ``jass[postgres]``), anything else a
    SQLite file (:class:`jass.serve.store.SQLiteStore`; ``:memory:`` keeps nothing).
    ``options`` go to the store (``advertise``: the address other processes reach this one at,
    for PostgreSQL)."""
    text = str(address)
    if text.startswith(("postgresql://", "postgres://")):
        from jass.serve.postgres import PostgresStore

        return PostgresStore(text, **options)
    options.pop("advertise", None)
    return SQLiteStore(text, **options)


def variants_info(bots: Sequence[str] = ANONYMOUS_BOTS) -> dict[str, Any]:
    """Every registered variant (name, title, seats, teams, its presets' rules as ``jass/1``
    JSON), the bots a client may choose (``bots``) and the default bot: what the page offers
    when it creates a table."""
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
    return {"variants": variants, "bots": list(bots), "bot": DEFAULT_BOT if DEFAULT_BOT in bots else bots[0]}


@functools.lru_cache(maxsize=None)
def card_pack(deck: str, pairing: str) -> tuple[dict[str, bytes], bytes] | None:
    """The pictures of the cards of ``deck`` (``"french"``, ``"swiss"``) whose French suits are
    paired as ``pairing`` pairs them, by code, and the JSON of the cards' names in that pack
    (``{"H10": "♥10"}``, or ``"Schilten Banner"``); ``None`` for a name of neither. Drawn
    once, when a page first asks."""
    if deck not in {item.value for item in Deck} or pairing not in {item.value for item in Pairing}:
        return None
    faces = Faces(deck, pairing)
    names = dumps({card.code: faces.card(card) for card in Card}).encode()
    return {card.code: card_svg(card, deck, pairing).encode() for card in Card}, names


def _error(status: int, text: str, retry_after: float | None = None) -> JSONResponse:
    headers = {} if retry_after is None else {"retry-after": str(max(1, round(retry_after)))}
    return JSONResponse({"error": text}, status_code=status, headers=headers)


def _address(connection: Request | WebSocket) -> str:
    """The key of the client's address (:func:`~jass.serve.limits.address_key`)."""
    client = connection.client
    return address_key(client.host if client is not None else None)


def create_app(
    lobby: Lobby | None = None, *, guard: Guard | None = None, hosts: Sequence[str] = (*LOCAL_NAMES, "testserver"),
) -> Starlette:
    """The ASGI application of a server whose tables are in ``lobby`` (a new one, in memory, if
    ``None``), kept as ``app.state.lobby``; it answers to the host names ``hosts`` (with
    ``testserver``, the name of Starlette's test client, by default) and paces clients with
    ``guard`` (one for the lobby's limits if ``None``)."""
    tables = lobby if lobby is not None else Lobby()
    door = guard if guard is not None else Guard(tables.limits)
    page = (STATIC / "index.html").read_bytes()
    variants = dumps(variants_info(tables.bots.offered)).encode()

    async def index(request: Request) -> Response:
        return Response(page, media_type="text/html; charset=utf-8")

    async def picture(request: Request) -> Response:
        params = request.path_params
        pack = card_pack(params["deck"], params["pairing"])
        svg = None if pack is None else pack[0].get(params["code"])
        if svg is None:
            return _error(404, "no such card: /cards/{french|swiss}/{pairing}/{C6 .. CA, S6 .., H6 .., D6 .. DA}.svg")
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "public, max-age=86400"})

    async def card_names(request: Request) -> Response:
        pack = card_pack(request.path_params["deck"], request.path_params["pairing"])
        if pack is None:
            return _error(404, "no such pack: /cards/{french|swiss}/{pairing}/names.json")
        return Response(pack[1], media_type="application/json", headers={"cache-control": "public, max-age=86400"})

    async def variant_list(request: Request) -> Response:
        return Response(variants, media_type="application/json")

    async def new_table(request: Request) -> Response:
        try:
            door.new_table(_address(request))
            table = tables.create_from(await _body(request, MAX_REQUEST))
        except LimitError as error:
            return _error(error.status, str(error), error.retry_after)
        except StoreError:
            _logger.exception("a new table: the store failed")
            return _error(503, "the server cannot store a new table just now: try again later", 60)
        except JassError as error:  # the request, its variant, its rules (the library's loader says why)
            return _error(400, str(error))
        return JSONResponse({"table": table.id, "url": f"/t/{table.id}"}, status_code=201)

    async def record(request: Request) -> Response:
        table_id = request.path_params["table"]
        try:
            text = tables.record(table_id)
        except StoreError:
            _logger.exception("table %s: the store failed", table_id)
            return _error(503, "the server cannot read the record just now: try again later", 60)
        except GameGoesOn as error:  # the record would show the seed
            return _error(409, str(error))
        except TableError as error:  # no such table
            return _error(404, str(error))
        variant = json.loads(text)["variant"]
        name = f"jass-{variant}-{table_id}.json"
        return Response(text, media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        secret = tables.store.relay_secret
        relayed = secret is not None and websocket.headers.get(RELAY_HEADER) == secret
        address = _address(websocket)
        await websocket.accept()
        try:
            door.open_socket(address, relayed=relayed)
        except LimitError as error:
            await refuse(websocket, str(error), 1013 if error.status == 503 else 1008)
            return
        try:
            await _serve(websocket, tables, table_id, relayed)
        finally:
            door.close_socket(address)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(_sweep(tables, door))
        try:
            yield
        finally:
            sweeper.cancel()
            tables.close()

    routes = [
        Route("/", index),
        Route("/t/{table}", index),
        Route("/cards/{deck}/{pairing}/names.json", card_names),
        Route("/cards/{deck}/{pairing}/{code}.svg", picture),
        Route("/api/variants", variant_list),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/tables/{table}/record", record),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.lobby = tables
    app.state.guard = door
    app.add_middleware(_Headers)
    app.add_middleware(_Sockets, serve=table_socket)
    app.add_middleware(Gate, names=hosts)
    return app


async def _sweep(lobby: Lobby, guard: Guard) -> None:
    """Every :data:`SWEEP_SECONDS`: the lobby's clean-up, and the paces of addresses gone quiet."""
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            lobby.sweep()
            guard.forget()
        except Exception:  # the store is gone for now: the next round tries again
            _logger.exception("the lobby's clean-up failed")


async def _serve(websocket: WebSocket, lobby: Lobby, table_id: str, relayed: bool) -> None:
    """One WebSocket of a table: its messages to :meth:`Table.receive`, what waits for it to
    the socket (:func:`_write`), and a watch on its silence (:func:`_watch`)."""
    try:
        table = lobby.get(table_id)
    except Elsewhere as moved:
        secret = lobby.store.relay_secret
        if relayed or secret is None:  # a relay that meets a relay: the processes disagree for a moment
            await refuse(websocket, "the table is moving between servers: reconnect", 1012)
            return
        url = moved.address.replace("http", "ws", 1).rstrip("/") + f"/ws/{table_id}"
        await relay(websocket, url, secret, WS_MAX_SIZE)
        return
    except LimitError as error:
        await refuse(websocket, str(error), 1013)
        return
    except StoreError:
        _logger.exception("table %s: the store failed", table_id)
        await refuse(websocket, "the server cannot read the table just now: reconnecting", 1013)
        return
    except TableError as error:
        await refuse(websocket, str(error), 1008)
        return
    client = Client(lobby.limits)
    try:
        table.attach(client)
    except LimitError as error:
        await refuse(websocket, str(error), 1013)
        return
    tasks = [asyncio.create_task(_write(websocket, client, table)), asyncio.create_task(_watch(client, table))]
    try:
        while not client.overflowed and client.closing is None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            # A binary frame is no JSON text: the table refuses it as such.
            table.receive(client, message.get("text", message.get("bytes")))
    finally:
        table.detach(client)
        tasks[1].cancel()
        if client.closing is None and not client.overflowed:
            tasks[0].cancel()
        await asyncio.wait(tasks, timeout=5)


async def _write(websocket: WebSocket, client: Client, table: Table) -> None:
    """Send the client its messages as they come; close its socket when the server says so
    (too many messages waiting or refused, a refused hello, silence). A failure to send is
    logged, and closes the socket."""
    try:
        while True:
            texts = await client.wait()
            for text in texts:
                await websocket.send_text(text)
            if client.overflowed:
                await websocket.close(1008, "too many messages waited for this connection")
                return
            if client.closing is not None:
                code, reason = client.closing
                await websocket.close(code, close_reason(reason))
                return
    except asyncio.CancelledError:
        raise
    except (OSError, WebSocketDisconnect) as error:  # the client has gone: the reader sees it too
        _logger.debug("table %s: the client went away (%r)", table.id, error)
        client.close(1001, "gone")
    except Exception as error:
        _logger.warning("table %s: a message could not be sent (%r): the socket is closed", table.id, error)
        client.close(1011, "a message could not be sent")
        with contextlib.suppress(Exception):
            await websocket.close(1011, "a message could not be sent")


async def _watch(client: Client, table: Table) -> None:
    """Close a socket that said no ``hello`` within ``hello_seconds``, or whose client sent
    nothing, at a table that did not change, for ``idle_socket_minutes``
    (:class:`~jass.serve.limits.Limits`)."""
    limits = client.limits
    await asyncio.sleep(limits.hello_seconds)
    if not client.hello_used:
        client.close(1008, f"no hello in {limits.hello_seconds:g} s")
        return
    idle = 60 * limits.idle_socket_minutes
    while True:
        remaining = idle - min(time.monotonic() - client.heard, table.quiet())
        if remaining <= 0:
            client.close(1001, f"closed after {limits.idle_socket_minutes:g} minutes without a move or a message")
            return
        await asyncio.sleep(remaining)


class _Sockets:
    """ASGI middleware: ``WS /ws/{table}``, each message straight between uvicorn and the
    table (a route of Starlette's would pass every message through its handlers of errors, a
    good part of the server's time at a few messages a move)."""

    def __init__(self, app: Any, serve: Any) -> None:
        self.app = app
        self.serve = serve

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and scope["path"].startswith("/ws/"):
            await self.serve(WebSocket(scope, receive, send), scope["path"][4:])
        else:
            await self.app(scope, receive, send)


class _Headers:
    """ASGI middleware: :data:`HEADERS` on every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(name.encode(), value.encode()) for name, value in HEADERS.items()]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


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


def listen(host: str, port: int) -> tuple[socket.socket, str]:
    """A socket listening on ``host``:``port`` (0: any free port), and the address to show."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(address)
    listener.listen(2048)  # connections wait from now on, even before the server accepts them
    bound = listener.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return listener, f"http://{shown}:{bound}/"


def run(
    host: str = "127.0.0.1", port: int = 8000, *, bot_delay: float = 0.6, out: TextIO | None = None,
    db: str | Path | None = None, limits: Limits | None = None, allow_hosts: Sequence[str] = (),
    bots: Sequence[str] = ANONYMOUS_BOTS, forwarded_allow_ips: str | None = None, advertise: str | None = None,
    compress: bool = False,
) -> None:
    """Serve on ``host``:``port`` (0: any free port) until interrupted; print the address to
    ``out`` (default: standard output) once the server listens.

    ``db``: where the games are kept (:func:`open_store`; by default
    :func:`~jass.serve.store.default_path`); ``limits``: every limit
    (:class:`~jass.serve.limits.Limits`); ``allow_hosts``: host names besides
    :data:`~jass.serve.guard.LOCAL_NAMES` (and ``host`` itself) the server answers to;
    ``bots``: those clients may choose; ``forwarded_allow_ips``: the addresses of the reverse
    proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed (uvicorn's option;
    none by default); ``advertise``: the address other processes of a PostgreSQL database reach
    this one at (default: the address it listens on); ``compress``: compress each WebSocket
    message (permessage-deflate), which saves bandwidth on slow links and costs the server CPU.

    It runs the server in this process, and sets the process's garbage collector for serving
    (:data:`GC_THRESHOLDS`; what was built before is frozen out of its collections).
    """
    import uvicorn

    limits = limits or Limits()
    listener, shown = listen(host, port)
    store = open_store(db if db is not None else default_path(), advertise=advertise or shown)
    names = [*LOCAL_NAMES, *allow_hosts]
    if host not in ("0.0.0.0", "::", ""):
        names.append(host)
    if advertise:
        names.append(host_name(urlsplit(advertise).netloc))
    guard = Guard(limits)
    lobby = Lobby(store=store, limits=limits, bots=Bots(bots, limits), bot_delay=bot_delay)
    config = uvicorn.Config(
        create_app(lobby, guard=guard, hosts=names), http=guarded_http(guard), ws_max_size=WS_MAX_SIZE,
        # Messages of a few KB: compressing each takes a fifth of the server's time (see
        # benchmarks/README.md), worth it only on slow links.
        ws_per_message_deflate=compress,
        limit_concurrency=limits.max_connections, timeout_keep_alive=limits.keep_alive_seconds,
        proxy_headers=forwarded_allow_ips is not None, forwarded_allow_ips=forwarded_allow_ips,
        log_level="warning", access_log=False,
    )
    server = uvicorn.Server(config)
    _tune_gc()
    print(f"jass serve: play at {shown} (Ctrl-C stops)", file=out or sys.stdout, flush=True)
    print(f"jass serve: the games are kept in {store.where}", file=out or sys.stdout, flush=True)
    server.run(sockets=[listener])


#: The cyclic garbage collector's thresholds in a server (Python's default: 700, 10, 10).
GC_THRESHOLDS: Final = (20_000, 20, 10)


def _tune_gc() -> None:
    """Collect cyclic garbage less often in the server process. A move allocates thousands of
    short-lived objects (states, observations, JSON text), almost none of them in a cycle, so
    Python's default (a young collection every 700 allocations) spends a tenth of the server's
    time finding nothing (measured: benchmarks/README.md). What the server built before it
    serves (modules, variants, the app) is frozen out of every collection: it lives as long as
    the process."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
