"""``jass serve`` keeps its games: every table, seat and move is in its database before anybody
hears of it, and a server killed mid-game (SIGKILL: no goodbye) and started again on the same
database finds the game where it stood. The record of such a game is the record of the same
game played without the interruption.

On SQLite (the default): the store's schema and its one process; a lobby restored from the
file; a server process killed and restarted. On PostgreSQL (``JASS_TEST_POSTGRES``, a database
the tests may write: ``.ci/run`` starts one from Debian's packages; in CI a missing one fails
the tests): two server processes on one database, a client relayed from one to the other, the
serving one killed mid-game, the game finished through the other.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import secrets
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="jass serve is the optional extra jass[serve]")
pytestmark = pytest.mark.usefixtures("known_seeds")

from jass import records, schieber, serial  # noqa: E402
from jass.serve.store import (  # noqa: E402
    SCHEMA_VERSION,
    LostTable,
    SavedSeat,
    SavedTable,
    SQLiteStore,
    StoreError,
    hash_token,
)
from jass.serve.tables import Client, Lobby  # noqa: E402

ONE_ROUND = {"format": "jass/1", "type": "schieber.Rules", "target_score": None, "rounds": 1}
IN_CI = bool(os.environ.get("CI"))
POSTGRES = os.environ.get("JASS_TEST_POSTGRES")


# --- the store -------------------------------------------------------------------------------------


def test_a_new_database_has_the_newest_schema_and_one_from_the_future_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "serve.sqlite3"
    store = SQLiteStore(path)
    assert store.schema_version() == SCHEMA_VERSION == 1
    store.close()
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE jass_meta SET value = '2' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="has schema version 2, written by a newer jass serve: this one reads "
                                         "versions up to 1"):
        SQLiteStore(path)


def test_an_older_database_is_migrated_in_one_transaction(tmp_path: Path) -> None:
    """A database of version 1 opened by a server whose schema has a version 2: the step is
    applied, the games kept; a step that fails leaves the database as it was."""
    path = tmp_path / "serve.sqlite3"
    first = SQLiteStore(path)
    first.create(SavedTable("tableAAAA", "schieber", "{}", "rule", 1.0), now=1.0)
    first.close()
    from jass.serve.store import SQLITE_MIGRATIONS

    broken = (*SQLITE_MIGRATIONS, ("ALTER TABLE jass_tables ADD COLUMN note TEXT", "NOT SQL AT ALL"))
    with pytest.raises(StoreError, match="cannot open"):
        SQLiteStore(path, migrations=broken)
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert "note" not in [row[1] for row in db.execute("PRAGMA table_info(jass_tables)")]
    second = (*SQLITE_MIGRATIONS, ("ALTER TABLE jass_tables ADD COLUMN note TEXT",))
    store = SQLiteStore(path, migrations=second)
    assert store.schema_version() == 2
    assert store.load("tableAAAA") == SavedTable("tableAAAA", "schieber", "{}", "rule", 1.0)


def test_one_process_at_a_time_uses_a_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "serve.sqlite3"
    first = SQLiteStore(path)
    with pytest.raises(StoreError, match="is in use by another process: one jass serve uses an SQLite database at "
                                         "a time"):
        SQLiteStore(path)
    first.close()
    SQLiteStore(path).close()  # free again


def test_a_seat_s_token_is_kept_only_as_its_hash(tmp_path: Path) -> None:
    path = tmp_path / "serve.sqlite3"
    lobby = Lobby(store=SQLiteStore(path))
    table = lobby.create("schieber")
    anna = Client()
    table.attach(anna)
    table.receive(anna, '{"kind": "hello"}')
    table.receive(anna, '{"kind": "sit", "seat": 0, "name": "Anna"}')
    token = json.loads(anna.take()[0])["token"]
    lobby.store.close()
    data = path.read_bytes() + (Path(f"{path}-wal").read_bytes() if Path(f"{path}-wal").exists() else b"")
    assert token.encode() not in data and hash_token(token).encode() in data


def test_a_move_is_written_once() -> None:
    """Move numbers fence a table: a process that finds its move written already (another
    process serves the table) is told so, and nothing is changed."""
    store = SQLiteStore(":memory:")
    store.create(SavedTable("tableAAAA", "schieber", "{}", "rule", 0.0), now=0.0)
    store.start("tableAAAA", 7, [])
    store.add_move("tableAAAA", 1, "push")
    with pytest.raises(LostTable, match="move 1 of table tableAAAA is written already: another process serves "
                                        "the table"):
        store.add_move("tableAAAA", 1, "trump rosen")
    assert store.load("tableAAAA").moves == ("push",)  # type: ignore[union-attr]


def test_a_stored_game_the_rules_do_not_reach_is_not_restored() -> None:
    """The store holds only what the server wrote, and a restore replays it through ``apply``
    all the same: a move that is not legal stops it, and the table is not served."""
    lobby = Lobby()
    lobby.store.create(SavedTable("tableAAAA", "schieber", json.dumps(ONE_ROUND), "rule", 0.0), now=0.0)
    lobby.store.sit("tableAAAA", SavedSeat(0, "human", "Anna", hash_token("secret")), now=0.0)
    lobby.store.start("tableAAAA", 7, [SavedSeat(seat, "bot", f"rule bot {seat}") for seat in (1, 2, 3)])
    lobby.store.add_move("tableAAAA", 1, "play DA")  # before trump is chosen
    with pytest.raises(StoreError, match="table tableAAAA cannot be restored: "):
        lobby.get("tableAAAA")
    assert "tableAAAA" not in lobby.tables


# --- a game that survives its server ------------------------------------------------------------------


def uninterrupted(record: records.Record, human: int = 0) -> str:
    """The record of the same game played in one go: a table in memory, the game of the
    record's seed (a trusted set-up), the person's moves as the record has them, the bots
    choosing as they do on every server."""
    table = Lobby(bot_delay=0).create(record.variant, rules=serial.to_dict(record.rules))
    person = Client()
    table.attach(person)
    table.receive(person, '{"kind": "hello"}')
    table.receive(person, json.dumps({"kind": "sit", "seat": human}))
    assert record.seed is not None
    table.start_game(record.seed)
    mine = iter([move for state, move in zip(records.replay(record), record.moves)
                 if schieber.to_act(state) == human])
    while not table.over:
        table.play_bots()
        if not table.over:
            table.play(human, next(mine))
    return table.record()


def test_a_lobby_restored_from_its_file_goes_on_where_it_stood(tmp_path: Path) -> None:
    path = tmp_path / "serve.sqlite3"
    lobby = Lobby(store=SQLiteStore(path), bot_delay=0)
    table = lobby.create("schieber", rules=ONE_ROUND)
    anna = Client()
    table.attach(anna)
    table.receive(anna, '{"kind": "hello"}')
    table.receive(anna, '{"kind": "sit", "seat": 0, "name": "Anna"}')
    token = json.loads(anna.take()[0])["token"]
    table.receive(anna, '{"kind": "start"}')
    rng = random.Random(3)
    for _ in range(5):
        table.play_bots()
        table.play(0, rng.choice(schieber.legal_moves(table.state)))
    table.play_bots()
    before = json.loads(table.update_for(0))
    lobby.store.close()  # the server is gone

    again = Lobby(store=SQLiteStore(path), bot_delay=0)
    restored = again.get(table.id)
    assert restored.state == table.state and restored.moves == table.moves and restored.log == table.log
    back = Client()
    restored.attach(back)
    restored.receive(back, json.dumps({"kind": "hello", "seat": 0, "token": token}))
    after = json.loads(back.take()[-1])
    assert after["observation"] == before["observation"] and after["moves"] == before["moves"]
    assert after["table"]["players"][0] == {"kind": "human", "name": "Anna", "online": True}
    while not restored.over:
        restored.play_bots()
        if not restored.over:
            restored.play(0, rng.choice(schieber.legal_moves(restored.state)))
    text = again.record(table.id)
    assert text == uninterrupted(records.read_record(text))
    assert again.store.load(table.id).record == text  # type: ignore[union-attr]


# --- server processes ---------------------------------------------------------------------------------


class Serve:
    """A ``jass serve`` process on ``db``; its address."""

    def __init__(self, db: str, errors: Path, *extra: str) -> None:
        self.errors = errors.open("a", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jass", "serve", "--port", "0", "--bot-delay", "0", "--db", db, *extra],
            stdout=subprocess.PIPE, stderr=self.errors, text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, f"jass serve printed {line!r}: {errors.read_text(encoding='utf-8')}"
        self.url = found.group(0)
        self.socket_url = f"ws://127.0.0.1:{found.group(1)}/ws/"

    def create(self, body: dict[str, Any]) -> str:
        request = urllib.request.Request(self.url + "api/tables", data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=20) as response:
            return str(json.load(response)["table"])

    def record(self, table: str) -> str:
        with urllib.request.urlopen(f"{self.url}tables/{table}/record", timeout=20) as response:
            return str(response.read().decode())

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)  # no goodbye: whatever is not written is lost
        self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.errors.close()


class Person:
    """A person at seat 0 over a WebSocket (the ``websockets`` client): plays a random offered
    move whenever it is her turn."""

    def __init__(self, url: str, table: str, rng: random.Random, token: str | None = None) -> None:
        from websockets.sync.client import ClientConnection, connect

        self.socket: ClientConnection = connect(url + table, open_timeout=20).__enter__()
        self.rng = rng
        self.answered = -1
        self.last: dict[str, Any] = {}
        if token is None:
            self.socket.send('{"kind": "hello"}')
            self.socket.send('{"kind": "sit", "seat": 0, "name": "Anna"}')
            self.token = ""
            while not self.token:
                message = json.loads(self.socket.recv(timeout=20))
                self.token = message.get("token", "") if message["kind"] == "seated" else ""
            self.socket.send('{"kind": "start"}')
        else:
            self.token = token
            self.socket.send(json.dumps({"kind": "hello", "seat": 0, "token": token}))

    def turn(self) -> dict[str, Any]:
        """The next update that offers her a move (or ends the game)."""
        while True:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=30))
            assert message["kind"] != "refused", message
            if message["kind"] == "update" and message["table"]["started"] and (
                    message["result"] is not None or (message["moves"] and message["moves_made"] > self.answered)):
                self.last = message
                return message

    def play(self, moves: int) -> dict[str, Any]:
        """Make ``moves`` moves (fewer if the game ends); the update that then waits for her."""
        waiting = self.last and (self.last["result"] is not None or self.last["moves_made"] > self.answered)
        update = self.last if waiting else self.turn()
        for _ in range(moves):
            if update["result"] is not None:
                break
            self.socket.send(json.dumps({"kind": "move", "move": self.rng.choice(update["moves"])["move"]}))
            self.answered = update["moves_made"]
            update = self.turn()
        return update

    def close(self) -> None:
        self.socket.close()


def comparable(update: dict[str, Any]) -> tuple[Any, ...]:
    """What an update shows of the game (not its version, nor who is online)."""
    return update["observation"], update["moves"], update["moves_made"], update["facts"]


@pytest.mark.slow  # server processes
def test_a_game_survives_its_server_killed_mid_game(tmp_path: Path) -> None:
    """SIGKILL in the middle of a game, the same command again on the same file: the seat's
    link brings the person back to the very update she had, the game goes on, and its record
    is the record of the game played without the interruption."""
    db = str(tmp_path / "serve.sqlite3")
    errors = tmp_path / "serve.err"
    first = Serve(db, errors)
    try:
        table = first.create({"variant": "schieber", "rules": ONE_ROUND, "bot": "rule"})
        anna = Person(first.socket_url, table, random.Random(11))
        before = anna.play(4)
        anna.close()
        first.kill()
    finally:
        first.stop()
    second = Serve(db, errors)
    try:
        back = Person(second.socket_url, table, random.Random(12), token=anna.token)
        back.answered = anna.answered
        again = back.turn()
        assert comparable(again) == comparable(before)
        assert back.play(40)["result"] is not None
        back.close()
        text = second.record(table)
    finally:
        second.stop()
    record = records.read_record(text)
    assert record.seed is not None and schieber.is_over(records.final_state(record))
    assert text == uninterrupted(record)
    assert "Traceback" not in errors.read_text(encoding="utf-8")


# --- PostgreSQL: several processes ---------------------------------------------------------------------


@pytest.fixture
def postgres() -> Iterator[str]:
    """The test database's address, its tables in a schema of this test's own (dropped after)."""
    if not POSTGRES:
        if IN_CI:
            pytest.fail("JASS_TEST_POSTGRES is not set: .ci/run starts PostgreSQL and sets it", pytrace=False)
        pytest.skip("no PostgreSQL to test with: set JASS_TEST_POSTGRES=postgresql://... (as .ci/run does)")
    psycopg = pytest.importorskip("psycopg", reason="the extra jass[postgres]")
    schema = "jass_test_" + secrets.token_hex(4)
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{separator}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.mark.slow  # a PostgreSQL server
def test_postgres_fences_moves_and_hands_a_dead_process_s_tables_over(postgres: str) -> None:
    from jass.serve.postgres import PostgresStore

    one = PostgresStore(postgres, advertise="http://127.0.0.1:1/")
    two = PostgresStore(postgres, advertise="http://127.0.0.1:2/")
    assert one.schema_version() == SCHEMA_VERSION and one.relay_secret == two.relay_secret
    one.create(SavedTable("tableAAAA", "schieber", "{}", "rule", 0.0), now=0.0)
    assert one.claim("tableAAAA") is None
    assert two.claim("tableAAAA") == "http://127.0.0.1:1/"  # one serves it, and is alive
    one.sit("tableAAAA", SavedSeat(0, "human", "Anna", hash_token("secret")), now=1.0)
    one.start("tableAAAA", 2**64 - 1, [SavedSeat(1, "bot", "rule bot 1")])
    one.add_move("tableAAAA", 1, "push")
    with pytest.raises(LostTable, match="another process serves it now"):
        two.add_move("tableAAAA", 2, "trump rosen")  # not its table
    one._db.close()  # the process dies: its session, and its lock, are gone
    deadline = time.monotonic() + 10
    while two.claim("tableAAAA") is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    two.add_move("tableAAAA", 2, "trump rosen")
    saved = two.load("tableAAAA")
    assert saved is not None and saved.moves == ("push", "trump rosen") and saved.seed == 2**64 - 1
    two.close()


@pytest.mark.slow  # two server processes and a PostgreSQL server
def test_two_processes_share_a_game_and_one_finishes_what_the_other_began(postgres: str, tmp_path: Path) -> None:
    """Two ``jass serve`` on one PostgreSQL database. The table is made at the first; a person
    reaches it through the second, which relays her socket to the first, and plays. The first
    is killed mid-game: her page reconnects (to the second, as a proxy would send it), the
    second takes the table over from the dead process, and the game ends there. Its record is
    the record of the same game played on one process without a break."""
    errors = tmp_path / "serve.err"
    first, second = Serve(postgres, errors), Serve(postgres, errors)
    try:
        table = first.create({"variant": "schieber", "rules": ONE_ROUND, "bot": "rule"})
        anna = Person(second.socket_url, table, random.Random(21))  # relayed to the first
        before = anna.play(4)
        assert server_of(postgres, table) == first.url  # the first serves it: the second relays
        first.kill()
        anna.close()
        back = None
        deadline = time.monotonic() + 20
        while back is None:
            try:
                back = Person(second.socket_url, table, random.Random(22), token=anna.token)
                back.answered = anna.answered
                again = back.turn()
            except Exception:  # the table is moving to the second process: try again, as the page does
                if time.monotonic() > deadline:
                    raise
                back = None
                time.sleep(0.2)
        assert comparable(again) == comparable(before)
        assert server_of(postgres, table) == second.url  # taken over from the dead process
        assert back.play(40)["result"] is not None
        back.close()
        text = second.record(table)
    finally:
        first.stop()
        second.stop()
    record = records.read_record(text)
    assert text == uninterrupted(record)
    assert "Traceback" not in errors.read_text(encoding="utf-8")


def server_of(postgres: str, table: str) -> str | None:
    """The address of the process that holds ``table``'s lease."""
    import psycopg

    with psycopg.connect(postgres, autocommit=True) as db:
        row = db.execute("SELECT p.address FROM jass_leases l JOIN jass_processes p ON p.key = l.holder "
                         "WHERE l.table_id = %s", (table,)).fetchone()
    return None if row is None else str(row[0])


class _GoneClient:
    """A client socket whose client has left: every send raises what Starlette raises then."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    async def send_text(self, text: str) -> None:
        self.calls.append("send_text")
        from starlette.websockets import WebSocketDisconnect

        raise WebSocketDisconnect(code=1006)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.calls.append("close")
        from starlette.websockets import WebSocketDisconnect

        raise WebSocketDisconnect(code=1006)


def test_a_client_that_left_before_the_relay_closed_its_socket_is_no_error() -> None:
    """CI found it: the relayed client left (the page reconnects elsewhere) just as the relay
    closed its socket, and the server logged the ``WebSocketDisconnect`` as an error. Leaving is
    the client's right; closing or refusing a socket already gone does nothing."""
    import asyncio

    from jass.serve.relay import close, refuse

    gone = _GoneClient()
    asyncio.run(close(gone, 1012, "the table's server went away: reconnect"))  # type: ignore[arg-type]
    asyncio.run(refuse(gone, "the table is moving between servers: reconnect", 1012))  # type: ignore[arg-type]
    assert gone.calls == ["close", "send_text"]  # refused: once the send fails, no close is tried
