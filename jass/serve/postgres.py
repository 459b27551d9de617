"""The games of ``jass serve`` in PostgreSQL (``jass serve --db postgresql://...``, the optional
extra ``jass[postgres]``: psycopg 3), shared by several server processes, on one machine or
many, behind one reverse proxy.

Each table is served by one process at a time, the one that holds its **lease** (a row of
``jass_leases`` naming the process). A process is alive while its connection to the database
holds the process's advisory lock: when a process dies (killed, its machine gone), PostgreSQL
ends its session and frees the lock at once (or, for a machine that vanishes, after the TCP
keepalives below), and the next process that a client of the table reaches takes the lease
over (:meth:`PostgresStore.claim`) and restores the game from its moves. A client that reaches
a process that does not hold the table is relayed to the one that does
(:mod:`jass.serve.relay`).

Moves are fenced by their numbers: move ``n`` of a table is written once, by the process that
holds its lease; a process that finds move ``n`` written already, or its lease gone, lets the
table go (:class:`~jass.serve.store.LostTable`), so two processes never both play one game.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

from jass.serve.store import MIGRATIONS, LostTable, StoreError, SQLStore

try:
    import psycopg
except ImportError as error:  # pragma: no cover - the extra is installed wherever this runs
    raise ImportError("jass serve --db postgresql://... needs psycopg 3: install the optional extra with "
                      "`pip install 'jass[postgres]'`") from error

__all__ = ["PG_MIGRATIONS", "LOCK_CLASS", "PostgresStore", "shown_address"]

#: The schema of PostgreSQL: the common one (:data:`jass.serve.store.MIGRATIONS`) and, at each
#: version, what only several processes need: who they are, and who serves which table.
PG_MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (
        *MIGRATIONS[0],
        "CREATE TABLE jass_processes (key BIGSERIAL PRIMARY KEY, address TEXT NOT NULL, "
        "started DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE jass_leases (table_id TEXT PRIMARY KEY, holder BIGINT NOT NULL)",
        "CREATE INDEX jass_leases_holder ON jass_leases (holder)",
        # 244 random bits (gen_random_uuid draws them from the system's strong random source).
        "INSERT INTO jass_meta (key, value) VALUES ('relay_secret', "
        "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))",
    ),
)
#: The high 32 bits of the advisory lock that says a process is alive (its low bits: the
#: process's key): "jass" in ASCII, so that other users of the database's advisory locks
#: are not met by chance.
LOCK_CLASS: Final = 0x6A617373


def shown_address(url: str) -> str:
    """``url`` without its password, to be shown.

    >>> shown_address("postgresql://jass:secret@db.example:5432/jass")
    'postgresql://jass@db.example:5432/jass'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}"))


class PostgresStore(SQLStore):
    """The games in the PostgreSQL database at ``url``, shared by every ``jass serve`` that
    opens it; this process is reached by the others at ``advertise`` (the address its clients'
    sockets are relayed to)."""

    def __init__(self, url: str, *, advertise: str = "http://127.0.0.1:8000/",
                 migrations: Sequence[Sequence[str]] = PG_MIGRATIONS) -> None:
        self.where = shown_address(url)
        self._url = url
        self._advertise = advertise
        self._lock = threading.Lock()
        self._key = 0
        try:
            self._db = self._connect()
            with self._lock:
                self._migrate(migrations, self.where)
                row = self._execute("SELECT value FROM jass_meta WHERE key = 'relay_secret'").fetchone()
                self.relay_secret: str | None = row[0]
                self._key = self._execute("INSERT INTO jass_processes (address, started) VALUES (%s, %s) "
                                          "RETURNING key", (advertise, time.time())).fetchone()[0]
                self._execute("SELECT pg_advisory_lock(%s)", (self._lock_id(self._key),))
                self._forget_the_dead()
        except psycopg.Error as error:
            raise StoreError(f"cannot open {self.where}: {error}") from None

    def _connect(self) -> Any:
        # TCP keepalives, both ways: a session whose machine vanished ends within half a minute.
        connection = psycopg.connect(self._url, autocommit=True, connect_timeout=10, keepalives=1,
                                     keepalives_idle=10, keepalives_interval=5, keepalives_count=3)
        for name, value in (("tcp_keepalives_idle", 10), ("tcp_keepalives_interval", 5), ("tcp_keepalives_count", 3)):
            connection.execute(f"SET {name} = {value}")
        return connection

    @staticmethod
    def _lock_id(key: int) -> int:
        """The advisory lock of the process ``key`` (a signed 64-bit int, as PostgreSQL takes it)."""
        value = (LOCK_CLASS << 32) | (key & 0xFFFFFFFF)
        return value - (1 << 64) if value >= 1 << 63 else value

    #: Besides the seats, an unstarted table deleted leaves its lease.
    _belongings = ("jass_seats", "jass_leases")

    def _sql(self, statement: str) -> str:
        return statement.replace("?", "%s")

    def _execute(self, statement: str, parameters: Sequence[Any] = ()) -> Any:
        try:
            return self._db.execute(self._sql(statement), parameters)
        except psycopg.OperationalError:
            if not self._db.closed and not self._db.broken:
                raise
            self._reconnect()
            raise

    def _reconnect(self) -> None:
        """A new connection after the old one broke, holding this process's lock again (its
        tables may meanwhile have been taken over: their moves then fail, and they are let go)."""
        with contextlib.suppress(psycopg.Error):
            self._db.close()
        self._db = self._connect()
        if self._key:
            self._db.execute("SELECT pg_try_advisory_lock(%s)", (self._lock_id(self._key),))

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._db.transaction():
            yield

    def _is_duplicate(self, error: Exception) -> bool:
        return isinstance(error, psycopg.errors.UniqueViolation)

    def _before_migrating(self) -> None:
        # Two processes starting at once on a new database: one migrates, the other waits.
        self._execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_CLASS << 32,))

    def _alive(self, key: int) -> bool:
        """Whether the process ``key`` is alive: its session holds its advisory lock."""
        if key == self._key:
            return True
        lock = self._lock_id(key)
        free = self._execute("SELECT pg_try_advisory_lock(%s)", (lock,)).fetchone()[0]
        if free:
            self._execute("SELECT pg_advisory_unlock(%s)", (lock,))
        return not free

    def _forget_the_dead(self) -> None:
        """Delete the rows of processes that are gone (their leases go to whoever asks)."""
        for (key,) in self._execute("SELECT key FROM jass_processes WHERE key <> %s", (self._key,)).fetchall():
            if not self._alive(key):
                self._execute("DELETE FROM jass_processes WHERE key = %s", (key,))

    def claim(self, table_id: str) -> str | None:
        """Take ``table_id``'s lease: ``None`` when this process holds it now (it was free, or
        its holder is dead), else the address of the live process that holds it."""
        with self._guarded(f"the lease of table {table_id}"), self._transaction():
            row = self._execute("SELECT holder FROM jass_leases WHERE table_id = %s FOR UPDATE", (table_id,)).fetchone()
            if row is None:
                self._execute("INSERT INTO jass_leases (table_id, holder) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                              (table_id, self._key))
                row = self._execute("SELECT holder FROM jass_leases WHERE table_id = %s", (table_id,)).fetchone()
            holder = row[0]
            if holder == self._key:
                return None
            if self._alive(holder):
                found = self._execute("SELECT address FROM jass_processes WHERE key = %s", (holder,)).fetchone()
                if found is not None:
                    return str(found[0])
            self._execute("UPDATE jass_leases SET holder = %s WHERE table_id = %s", (self._key, table_id))
        return None

    def release(self, table_id: str) -> None:
        with self._guarded(f"the lease of table {table_id}"):
            self._execute("DELETE FROM jass_leases WHERE table_id = %s AND holder = %s", (table_id, self._key))

    def _insert_move(self, table_id: str, number: int, move: str) -> None:
        # Written only while this process holds the table's lease (and move numbers are unique).
        written = self._execute(
            "INSERT INTO jass_moves (table_id, number, move) SELECT %s, %s, %s WHERE EXISTS "
            "(SELECT 1 FROM jass_leases WHERE table_id = %s AND holder = %s)",
            (table_id, number, move, table_id, self._key))
        if written.rowcount != 1:
            raise LostTable(f"table {table_id}: another process serves it now")

    def close(self) -> None:
        with self._lock, contextlib.suppress(psycopg.Error):
            self._execute("DELETE FROM jass_leases WHERE holder = %s", (self._key,))
            self._execute("DELETE FROM jass_processes WHERE key = %s", (self._key,))
            self._db.close()

