"""``jass serve`` under abuse: every limit of :class:`jass.serve.limits.Limits` refuses with a
reason (HTTP 429 or 503 with ``Retry-After``, or a WebSocket close code with a message), and each
test shows that the other players keep playing meanwhile: a bystander, seated at a game in
progress, makes moves and gets its updates before, during and after the abuse.

The application runs in Starlette's test client; a test header stands for the client's
address. The limits that only a real server enforces (a request's headers in time, connections
still sending them, uvicorn's cap on connections) are tested on a ``jass serve`` process.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="jass serve is the optional extra jass[serve]")
pytestmark = pytest.mark.usefixtures("known_seeds")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from jass.serve.app import _write, create_app  # noqa: E402
from jass.serve.bots import Bots  # noqa: E402
from jass.serve.guard import Guard  # noqa: E402
from jass.serve.limits import Limits  # noqa: E402
from jass.serve.tables import Client, Lobby, Table  # noqa: E402

ONE_ROUND = {"format": "jass/1", "type": "schieber.Rules", "target_score": None, "rounds": 1}
#: The limits a test does not mean to meet.
LAVISH = dict(messages_per_second=10_000, message_burst=10_000, max_refusals=10_000,
              tables_per_minute_per_address=10_000, tables_per_minute=10_000, sockets_per_minute_per_address=10_000,
              max_connections=10_000, max_connections_per_address=10_000)


def with_addresses(app: Any) -> Any:
    """``app``, its client's address taken from the test header ``x-test-address``."""

    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            for name, value in scope["headers"]:
                if name == b"x-test-address":
                    scope = {**scope, "client": (value.decode(), 40000)}
        await app(scope, receive, send)

    return wrapped


class Server:
    """An application with the given limits in a test client, its lobby, its clock (for the
    paces: advanced by hand) and a bystander's game."""

    def __init__(self, **limits: Any) -> None:
        self.now = [1_000_000.0]
        self.limits = Limits(**{**LAVISH, **limits})
        self.lobby = Lobby(bot_delay=0, limits=self.limits, clock=lambda: self.now[0])
        guard = Guard(self.limits, clock=lambda: self.now[0])
        self.client = TestClient(with_addresses(create_app(self.lobby, guard=guard)))

    def post(self, body: Any, address: str = "198.51.100.1", **headers: str) -> Any:
        return self.client.post("/api/tables", json=body, headers={"x-test-address": address, **headers})

    def connect(self, table: str, address: str = "198.51.100.1", **headers: str) -> Any:
        return self.client.websocket_connect(f"/ws/{table}", headers={"x-test-address": address, **headers})


class Bystander:
    """A person at seat 0 of a one-round Schieber game against three rule bots, from an address
    of its own: :meth:`plays` makes moves and checks that each is answered with an update."""

    def __init__(self, server: Server) -> None:
        self.pace = 1 / server.limits.messages_per_second  # a person's pace, within the limits
        response = server.post({"variant": "schieber", "rules": ONE_ROUND}, address="192.0.2.99")
        assert response.status_code == 201, response.text
        self.table: str = response.json()["table"]
        self._context = server.connect(self.table, address="192.0.2.99")
        self.socket = self._context.__enter__()
        self.socket.send_json({"kind": "hello"})
        self.socket.send_json({"kind": "sit", "seat": 0, "name": "Bea"})
        self.socket.send_json({"kind": "start"})
        self.answered = -1
        self.waiting: dict[str, Any] | None = None  # the update that offers the next move

    def plays(self, moves: int = 2) -> None:
        """Make ``moves`` moves (or play to the end), each answered by an update."""
        for _ in range(moves):
            update = self.waiting or self._next()
            if update["result"] is not None:
                return
            time.sleep(self.pace)
            self.socket.send_json({"kind": "move", "move": update["moves"][0]["move"]})
            self.answered = update["moves_made"]
            self.waiting = self._next()  # the move was answered

    def _next(self) -> dict[str, Any]:
        for _ in range(500):
            message: dict[str, Any] = self.socket.receive_json()
            assert message["kind"] != "refused", message
            if message["kind"] == "update" and message["table"]["started"] and (
                    message["result"] is not None or (message["moves"] and message["moves_made"] > self.answered)):
                return message
        raise AssertionError("the bystander got no update")

    def close(self) -> None:
        self._context.__exit__(None, None, None)


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    limits = getattr(request, "param", {})
    made = Server(**limits)
    with made.client:
        yield made


@pytest.fixture
def bystander(server: Server) -> Iterator[Bystander]:
    person = Bystander(server)
    try:
        person.plays(1)
        yield person
        person.plays(2)  # still playing after the abuse
    finally:
        person.close()


def refused_and_closed(socket: Any) -> tuple[str, int, str]:
    """The refusal a socket is sent, and the code and reason it is then closed with."""
    message = socket.receive_json()
    assert message["kind"] == "refused", message
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    return message["message"], closed.value.code, closed.value.reason


# --- tables ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("server", [{"tables_per_minute_per_address": 3, "tables_per_minute": 6}], indirect=True)
def test_new_tables_are_paced_per_address_and_in_total(server: Server, bystander: Bystander) -> None:
    """One address may create 3 tables a minute, all together 6 (the bystander's was one): the
    next is refused with 429, the wait and the reason; a minute later the address may again."""
    for _ in range(3):
        assert server.post({"variant": "schieber"}).status_code == 201
    refused = server.post({"variant": "schieber"})
    assert refused.status_code == 429 and refused.headers["retry-after"] == "20"
    assert refused.json()["error"] == ("too many new tables from your address: at most 3 a minute; "
                                       "try again in 20 s")
    bystander.plays()
    assert server.post({"variant": "pomme"}, address="198.51.100.2").status_code == 201
    assert server.post({"variant": "pomme"}, address="198.51.100.3").status_code == 201
    flood = server.post({"variant": "pomme"}, address="198.51.100.4")
    assert flood.status_code == 429
    assert flood.json()["error"].startswith("too many new tables on this server just now: at most 6 a minute")
    server.now[0] += 60
    assert server.post({"variant": "schieber"}).status_code == 201


@pytest.mark.parametrize("server", [{"unstarted_minutes": 5}], indirect=True)
def test_an_unstarted_table_is_deleted_within_minutes(server: Server, bystander: Bystander) -> None:
    """A table nobody started is gone after 5 minutes without a change; the bystander's game,
    started, stays."""
    table = server.post({"variant": "schieber"}).json()["table"]
    server.now[0] += 5 * 60 + 1
    server.lobby.sweep()
    with server.connect(table) as socket:
        assert refused_and_closed(socket) == ("there is no such table (it may have ended long ago)", 1008,
                                              "there is no such table (it may have ended long ago)")
    assert bystander.table in server.lobby.tables


@pytest.mark.parametrize("server", [{"max_tables": 3}], indirect=True)
def test_a_full_server_refuses_a_new_table_with_503(server: Server, bystander: Bystander) -> None:
    """At most 3 tables in memory: while people sit at all of them, a new one is refused."""
    tables = [server.post({"variant": "schieber"}).json()["table"] for _ in range(2)]
    with server.connect(tables[0]) as one, server.connect(tables[1]) as two:
        for socket in (one, two):
            socket.send_json({"kind": "hello"})
            socket.receive_json()
        full = server.post({"variant": "schieber"}, address="198.51.100.2")
        assert full.status_code == 503 and full.headers["retry-after"] == "60"
        assert full.json()["error"] == "this server holds 3 tables, its most: try again later"
        bystander.plays()


@pytest.mark.parametrize("server", [{"search_tables": 1}], indirect=True)
def test_search_bots_are_the_server_s_choice(server: Server, bystander: Bystander) -> None:
    """Clients choose among the bots the server offers: by default not the search bots; a
    server that offers them plays at most ``search_tables`` tables with them at once."""
    refused = server.post({"variant": "schieber", "bot": "ismcts"})
    assert refused.status_code == 400 and refused.json()["error"] == "bot='ismcts': this server offers random, rule"
    server.lobby.bots = Bots(("rule", "ismcts"), server.limits)
    assert server.post({"variant": "schieber", "bot": "ismcts"}).status_code == 201
    busy = server.post({"variant": "schieber", "bot": "ismcts"})
    assert busy.status_code == 503 and busy.json()["error"] == (
        "this server plays at most 1 table with search bots at once: choose rule, or try again later")
    bystander.plays()


# --- what clients write ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Anna\u0000", "U+0000 (a control character)"),
        ("An\nna", "U+000A (a control character)"),
        ("\u202eannA", "U+202E (a bidirectional control)"),
        ("\ud800", "U+D800 (a lone surrogate)"),
        ("Anna\u2028", "U+2028 (a line separator)"),
        ("Anna\ufffe", "U+FFFE (a noncharacter)"),
    ],
)
def test_a_name_that_is_not_readable_text_is_refused(server: Server, bystander: Bystander, name: str,
                                                     reason: str) -> None:
    table = server.post({"variant": "schieber"}).json()["table"]
    with server.connect(table) as socket:
        socket.send_json({"kind": "hello"})
        socket.receive_json()
        socket.send_text(json.dumps({"kind": "sit", "seat": 1, "name": name}))  # ASCII: \\u escapes
        refused = socket.receive_json()
        assert refused == {"kind": "refused", "message": f"$.name: {reason} is not allowed in a text"}
        socket.send_json({"kind": "sit", "seat": 1, "name": "Anna Zoë 🂡"})  # the socket still works
        assert socket.receive_json()["kind"] == "seated"
    bystander.plays()


@pytest.mark.parametrize("row", ["\ud800", "Obe\u202enabe", "Trumpf\n", "\u0007"])
def test_rules_with_a_row_that_is_not_readable_text_are_refused(server: Server, bystander: Bystander,
                                                                 row: str) -> None:
    """A Coiffeur slate whose row is named with a lone surrogate (which no encoding writes, so
    the table could never answer anyone), a control or a bidirectional override: refused."""
    slate = {"type": "coiffeur.Slate", "rows": [{"type": "coiffeur.Row", "name": row, "factor": 1, "modes": ["rosen"]}]}
    body = json.dumps({"variant": "coiffeur", "rules": {"format": "jass/1", "type": "coiffeur.Rules", "slate": slate}})
    response = server.client.post("/api/tables", content=body.encode(), headers={"x-test-address": "198.51.100.5"})
    assert response.status_code == 400
    assert re.fullmatch(r"\$\.rules\.slate\.rows\[0\]\.name: U\+[0-9A-F]{4} \(.*\) is not allowed in a text",
                        response.json()["error"])
    assert not any(table.variant.name == "coiffeur" for table in server.lobby.tables.values())
    bystander.plays()


def test_a_refusal_never_echoes_a_lone_surrogate(server: Server, bystander: Bystander) -> None:
    """A seat named ``"\\ud800"`` (which cannot be sent back as text) is refused by its code
    point, and the socket goes on."""
    with server.connect(bystander.table, address="198.51.100.6") as socket:
        socket.send_text('{"kind": "hello"}')
        socket.receive_json()
        socket.send_text('{"kind": "sit", "seat": "\\ud800"}')
        assert socket.receive_json()["message"] == "$.seat: U+D800 (a lone surrogate) is not allowed in a text"
        socket.send_text('{"kind": "sit", "seat": 9}')
        assert socket.receive_json()["message"] == "seat=9: expected a seat 0..3"
    bystander.plays()


# --- sockets ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("server", [{"max_connections_per_address": 3, "max_connections": 6}], indirect=True)
def test_sockets_are_capped_per_address_and_in_total(server: Server, bystander: Bystander) -> None:
    """An address holds at most 3 WebSockets, the server 6 (the bystander's among them): one
    more is told why, and closed with 1013 (try again later)."""
    table = bystander.table
    with server.connect(table) as a1, server.connect(table) as a2, server.connect(table) as a3:
        for socket in (a1, a2, a3):
            socket.send_json({"kind": "hello"})
            socket.receive_json()
        with server.connect(table) as a4:
            assert refused_and_closed(a4) == ("your address has 3 connections open, its most: close one", 1013,
                                              "your address has 3 connections open, its most: close one")
        with server.connect(table, "198.51.100.7") as b1, server.connect(table, "198.51.100.7") as b2:
            with server.connect(table, "198.51.100.8") as c1:
                text, code, _ = refused_and_closed(c1)
                assert (text, code) == ("this server holds 6 connections, its most: try again later", 1013)
            for socket in (b1, b2):
                socket.send_json({"kind": "hello"})
                socket.receive_json()
            bystander.plays()
    with server.connect(table, "198.51.100.8") as c1:  # room again
        c1.send_json({"kind": "hello"})
        assert c1.receive_json()["kind"] == "update"


@pytest.mark.parametrize("server", [{"sockets_per_minute_per_address": 4}], indirect=True)
def test_guessing_tokens_costs_a_socket_a_guess_and_sockets_are_paced(server: Server, bystander: Bystander) -> None:
    """A refused hello closes its socket (1008); new sockets of an address are paced (4 a
    minute here), so guesses at a seat's token are too."""
    for guess in range(4):
        with server.connect(bystander.table) as socket:
            socket.send_json({"kind": "hello", "seat": 0, "token": f"guess-{guess}"})
            assert refused_and_closed(socket) == ("that is not the token of seat 0", 1008,
                                                  "that is not the token of seat 0")
    with server.connect(bystander.table) as socket:
        text, code, _ = refused_and_closed(socket)
        assert (text, code) == ("too many new connections from your address: at most 4 a minute; try again in 15 s",
                                1008)
    bystander.plays()


@pytest.mark.parametrize("server", [{"messages_per_second": 2, "message_burst": 5, "max_refusals": 8}], indirect=True)
def test_a_flood_of_messages_is_refused_then_closed(server: Server, bystander: Bystander) -> None:
    """A socket may send 5 messages at once and 2 a second after: beyond, each is refused; after
    8 refusals it is closed (1008). The table never saw the flood."""
    version = server.lobby.tables[bystander.table].version
    with server.connect(bystander.table, "198.51.100.9") as socket:
        socket.send_json({"kind": "hello"})
        socket.receive_json()
        junk = json.dumps({"kind": "move", "move": {"format": "jass/1", "type": "schieber.Push"}})
        refusals = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(100):
                socket.send_text(junk)
            while True:
                message = socket.receive_json()
                if message["kind"] == "refused":
                    refusals.append(message["message"])
        assert (closed.value.code, closed.value.reason) == (1008, "too many refused messages")
        assert refusals.count("you are watching: take a seat to play") == 4  # the burst, read
        assert len(refusals) == 8 and all(text.startswith("too many messages: wait ") for text in refusals[4:])
    assert server.lobby.tables[bystander.table].version == version
    bystander.plays()


@pytest.mark.parametrize("server", [{"hello_seconds": 0.3, "idle_socket_minutes": 0.01}], indirect=True)
def test_a_silent_socket_is_closed(server: Server, bystander: Bystander) -> None:
    """A socket that says no hello in 0.3 s is closed (1008); one whose client and table stay
    silent for 0.6 s (``idle_socket_minutes``) too (1001), while the bystander's, in play, is not."""
    with server.connect(bystander.table, "198.51.100.10") as mute:
        with pytest.raises(WebSocketDisconnect) as closed:
            mute.receive_json()
        assert (closed.value.code, closed.value.reason) == (1008, "no hello in 0.3 s")
    quiet_table = server.post({"variant": "schieber"}).json()["table"]
    with server.connect(quiet_table, "198.51.100.10") as quiet:
        quiet.send_json({"kind": "hello"})
        quiet.receive_json()
        server.lobby.tables[quiet_table].touched -= 60  # the table has not changed for a minute
        started = time.monotonic()
        with pytest.raises(WebSocketDisconnect) as closed:
            quiet.receive_json()
        assert closed.value.code == 1001 and closed.value.reason.startswith("closed after 0.01 minutes")
        assert time.monotonic() - started >= 0.3
    bystander.plays()


# --- hosts and origins ----------------------------------------------------------------------------------


def test_only_the_server_s_own_names_and_pages_come_in(server: Server, bystander: Bystander) -> None:
    """DNS rebinding: a page of evil.example whose name points at this machine sends Host and
    Origin evil.example: refused (400), its socket too. A page of this server opened over https
    while the server speaks http (or ``Origin: null``) is not this server's page: 403."""
    rebound = server.post({"variant": "schieber"}, host="evil.example:8000", origin="http://evil.example:8000")
    assert rebound.status_code == 400
    assert rebound.json()["error"] == ("this server does not answer to the name 'evil.example' (its names: "
                                       "localhost, 127.0.0.1, ::1, testserver; jass serve --allow-host adds one)")
    assert server.client.get("/", headers={"host": "evil.example"}).status_code == 400
    with pytest.raises(Exception) as denied:
        with server.connect(bystander.table, host="evil.example:8000", origin="http://evil.example:8000"):
            pass
    assert getattr(denied.value, "status_code", None) == 400 or isinstance(denied.value, WebSocketDisconnect)
    for origin in ("https://testserver", "null", "http://testserver.evil.example", "http://evil.example"):
        foreign = server.post({"variant": "schieber"}, origin=origin)
        assert foreign.status_code == 403, origin
        assert foreign.json()["error"] == f"the page at {origin!r} is not this server's: it may not use it"
    assert server.post({"variant": "schieber"}, origin="http://testserver").status_code == 201
    bystander.plays()


# --- the writer of a socket -------------------------------------------------------------------------------


class BrokenSocket:
    """A WebSocket whose sending fails as encoding a lone surrogate would."""

    def __init__(self) -> None:
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        text.encode("utf-8")

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


def test_a_failure_to_send_is_logged_and_closes_the_socket(caplog: pytest.LogCaptureFixture) -> None:
    import asyncio

    async def scenario() -> tuple[Client, BrokenSocket]:
        client, websocket = Client(), BrokenSocket()
        client.send('{"kind": "refused", "message": "\ud800"}')
        schieber = find("schieber")
        await asyncio.wait_for(_write(websocket, client, Table("t" * 12, schieber, schieber.rules_type())), 5)  # type: ignore[arg-type]
        return client, websocket

    from jass.variant import find_variant as find

    with caplog.at_level(logging.WARNING, logger="jass.serve.app"):
        client, websocket = asyncio.run(scenario())
    assert websocket.closed == (1011, "a message could not be sent")
    assert client.closing == (1011, "a message could not be sent")
    assert "a message could not be sent (UnicodeEncodeError" in caplog.text


# --- a real server: what only uvicorn's connections show --------------------------------------------------


@pytest.fixture
def process(tmp_path: Any) -> Iterator[tuple[str, int]]:
    """``jass serve`` with a 1-second deadline for a request's headers, at most 3 connections
    of an address still sending them (or WebSockets), and 3 connections in all: its address and
    port."""
    errors = (tmp_path / "serve.err").open("w", encoding="utf-8")
    server = subprocess.Popen(
        [sys.executable, "-m", "jass", "serve", "--port", "0", "--db", ":memory:", "--bot-delay", "0",
         "--header-seconds", "1", "--max-connections-per-address", "3", "--max-connections", "3",
         "--keep-alive-seconds", "1"],
        stdout=subprocess.PIPE, stderr=errors, text=True,
    )
    try:
        assert server.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        assert found
        yield found.group(0), int(found.group(1))
    finally:
        server.terminate()
        server.communicate(timeout=20)
        errors.close()


def _half_sent(port: int) -> socket.socket:
    """A connection that sends half a request's headers, and no more."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
    connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return connection


def _closed(connection: socket.socket, within: float) -> bool:
    """Whether the server closes ``connection`` within ``within`` seconds."""
    connection.settimeout(within)
    try:
        return connection.recv(1024) == b""
    except (TimeoutError, socket.timeout):
        return False
    except ConnectionResetError:
        return True


@pytest.mark.slow  # a server process
def test_half_sent_requests_are_cut_off_and_capped(process: tuple[str, int]) -> None:
    """uvicorn waits for a half-sent request as long as the client likes: jass serve closes it
    after --header-seconds, and closes at once a connection beyond --max-connections-per-address
    still sending its request; a person plays on meanwhile."""
    from websockets.sync.client import connect

    base, port = process
    request = json.dumps({"variant": "schieber", "rules": ONE_ROUND}).encode()
    created = subprocess.run(  # the person's table, from a process of its own (a browser's request)
        [sys.executable, "-c", "import sys, urllib.request; r = urllib.request.Request(sys.argv[1] + 'api/tables', "
         "data=sys.argv[2].encode(), headers={'content-type': 'application/json'}); "
         "print(urllib.request.urlopen(r, timeout=10).read().decode())", base, request.decode()],
        capture_output=True, text=True, check=True)
    table = json.loads(created.stdout)["table"]
    with connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=10) as person:
        person.send('{"kind": "hello"}')
        person.send('{"kind": "sit", "seat": 0}')
        person.send('{"kind": "start"}')
        slow = [_half_sent(port) for _ in range(3)]
        extra = _half_sent(port)
        assert _closed(extra, 0.5)  # a fourth of the address: closed at once
        moves = 0
        deadline = time.monotonic() + 10
        answered = -1
        while moves < 3 and time.monotonic() < deadline:  # the person plays on
            message = json.loads(person.recv(timeout=5))
            if message["kind"] == "update" and message["moves"] and message["moves_made"] > answered:
                person.send(json.dumps({"kind": "move", "move": message["moves"][0]["move"]}))
                answered = message["moves_made"]
                moves += 1
        assert moves == 3
        assert all(_closed(connection, 2.0) for connection in slow)  # cut off after 1 s
        # At most 3 connections in all (the person's is one): a fourth socket is refused by
        # jass serve (1013), and any HTTP request by uvicorn (503).
        with contextlib.ExitStack() as stack:
            for _ in range(2):
                stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=10))
            with connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=10) as fourth:
                refusal = json.loads(fourth.recv(timeout=5))
                assert refusal == {"kind": "refused",
                                   "message": "this server holds 3 connections, its most: try again later"}
            raw = socket.create_connection(("127.0.0.1", port), timeout=5)
            raw.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert raw.recv(200).startswith(b"HTTP/1.1 503")
            raw.close()
    for connection in [*slow, extra]:
        connection.close()
