"""Where ``jass serve`` keeps its games, so that they survive a restart: every table, its seats
(each person's secret token only as a hash) and every move, each written in a transaction
before anybody hears of the change.

A game is stored as its history: the variant, the rules, the seed and the moves in notation
(:mod:`jass.records`). A restart reads them back and replays the moves through the variant's
own ``apply`` (:meth:`jass.serve.tables.Table.restore`), so a restored game is one the rules
reach. A finished game keeps its record.

:class:`Store` is what the tables need of a database; :func:`jass.serve.app.open_store` opens
one by its address:

- a file path, or ``:memory:`` (nothing kept): :class:`SQLiteStore`, the standard library's
  SQLite in WAL mode, for one ``jass serve`` process (a second one on the same file is
  refused);
- ``postgresql://...``: :class:`jass.serve.postgres.PostgresStore` (the optional extra
  ``jass[postgres]``), which several processes share, each table served by one of them at a
  time.

Each database holds its schema version (:data:`SCHEMA_VERSION`); opening an older one
applies the migrations since, in one transaction, and a newer one is refused.

>>> store = SQLiteStore(":memory:")
>>> store.create(SavedTable("t1", "schieber", '{"type": "schieber.Rules"}', "rule", created=0.0), now=0.0)
>>> store.sit("t1", SavedSeat(0, "human", "Anna", hash_token("secret")), now=1.0)
>>> store.start("t1", seed=7, bots=[SavedSeat(1, "bot", "rule bot 1")])
>>> store.add_move("t1", 1, "trump obenabe")
>>> saved = store.load("t1")
>>> saved.seed, saved.moves, [seat.name for seat in saved.seats]
(7, ('trump obenabe',), ['Anna', 'rule bot 1'])
>>> store.add_move("t1", 1, "push")
Traceback (most recent call last):
jass.serve.store.LostTable: move 1 of table t1 is written already: another process serves the table
"""

from __future__ import annotations

import abc
import contextlib
import hashlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from jass.errors import JassError

__all__ = [
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "SQLITE_MIGRATIONS",
    "SavedSeat",
    "SavedTable",
    "StoreError",
    "LostTable",
    "Store",
    "SQLStore",
    "SQLiteStore",
    "hash_token",
    "default_path",
]

#: The schema version this code writes; :data:`MIGRATIONS` holds every step to it.
SCHEMA_VERSION: Final = 1
#: The schema, one entry a version: ``MIGRATIONS[n]`` takes a database from version ``n`` to
#: ``n + 1`` (version 0: empty). SQL common to SQLite and PostgreSQL.
MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (
        "CREATE TABLE jass_tables (id TEXT PRIMARY KEY, variant TEXT NOT NULL, rules TEXT NOT NULL, "
        "bot TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, touched DOUBLE PRECISION NOT NULL, "
        "seed TEXT, record TEXT)",
        "CREATE INDEX jass_tables_unstarted ON jass_tables (touched) WHERE seed IS NULL",
        "CREATE TABLE jass_seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, sat INTEGER NOT NULL, "
        "kind TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL, PRIMARY KEY (table_id, seat))",
        "CREATE TABLE jass_moves (table_id TEXT NOT NULL, number INTEGER NOT NULL, move TEXT NOT NULL, "
        "PRIMARY KEY (table_id, number))",
    ),
)


#: The schema in SQLite: the same, the moves stored in the order of their key (a table without
#: rowids takes half the work to write a move).
SQLITE_MIGRATIONS: Final = tuple(
    tuple(statement + " WITHOUT ROWID" if statement.startswith("CREATE TABLE jass_moves") else statement
          for statement in step)
    for step in MIGRATIONS
)


@attrs.frozen
class SavedSeat:
    """A seat taken: by a person (``"human"``, with the hash of the seat's secret token,
    :func:`hash_token`) or by a bot (``"bot"``)."""

    seat: int
    kind: str
    name: str
    token_hash: str = attrs.field(default="", repr=False)


@attrs.frozen
class SavedTable:
    """A table as it is stored: its rules as ``jass/1`` JSON, the seats taken in the order they
    were taken, and, once the game has started, its seed and moves (in notation); once it is
    over, its record."""

    id: str
    variant: str
    rules: str
    bot: str
    created: float
    seats: tuple[SavedSeat, ...] = ()
    seed: int | None = attrs.field(default=None, repr=False)
    moves: tuple[str, ...] = ()
    record: str | None = attrs.field(default=None, repr=False)


class StoreError(JassError):
    """The database could not do what was asked (it is gone, full, or another process holds
    it): the change is not made, and nobody hears of it."""


class LostTable(StoreError):
    """Another process serves the table now (it wrote the move first, or took the table over
    from a process it found dead): this one must let the table go."""


def hash_token(token: str) -> str:
    """What is stored of a seat's secret token: its SHA-256 (a token is 144 random bits, so a
    plain hash is as hard to reverse as the token is to guess)."""
    return hashlib.sha256(token.encode()).hexdigest()


def default_path() -> Path:
    """Where ``jass serve`` keeps its games unless told otherwise: ``jass/serve.sqlite3`` in the
    user's data folder (``$XDG_DATA_HOME``, by default ``~/.local/share``)."""
    import os

    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "jass" / "serve.sqlite3"


class Store(abc.ABC):
    """What the tables of a server need of a database. Every method writes in one transaction
    and raises :class:`StoreError` when it cannot; nothing is then changed."""

    #: Where the games are, to be shown (a file, or a PostgreSQL address without its password).
    where: str = ""
    #: The secret by which the processes of one database know each other's relayed sockets
    #: (:mod:`jass.serve.relay`); ``None`` for a store only one process opens.
    relay_secret: str | None = None

    @abc.abstractmethod
    def create(self, table: SavedTable, *, now: float) -> None:
        """Store a new table (no seat taken yet)."""

    @abc.abstractmethod
    def sit(self, table_id: str, seat: SavedSeat, *, now: float) -> None:
        """A person takes a seat of an unstarted table."""

    @abc.abstractmethod
    def start(self, table_id: str, seed: int, bots: Sequence[SavedSeat]) -> None:
        """The game starts with ``seed``; ``bots`` take the seats still open."""

    @abc.abstractmethod
    def add_move(self, table_id: str, number: int, move: str, record: str | None = None) -> None:
        """Move ``number`` (1-based, in notation), and the game's ``record`` if the move ended
        it. :class:`LostTable` if that move is written already."""

    @abc.abstractmethod
    def load(self, table_id: str) -> SavedTable | None:
        """The table called ``table_id``, or ``None``."""

    @abc.abstractmethod
    def touch(self, table_id: str, *, now: float) -> None:
        """Somebody is at the unstarted table ``table_id`` (it is not to be deleted)."""

    @abc.abstractmethod
    def delete_unstarted(self, before: float) -> list[str]:
        """Delete the tables whose game has not started and that nobody changed since
        ``before`` (seconds since the epoch); their ids."""

    def claim(self, table_id: str) -> str | None:
        """Take ``table_id`` to be served by this process: ``None`` when it is this process's
        now, else the address of the live process that serves it. One process serves every
        table of a store that only one process may open (the default)."""
        return None

    def release(self, table_id: str) -> None:
        """This process no longer serves ``table_id`` (it left memory)."""

    @abc.abstractmethod
    def close(self) -> None:
        """Close the database (further calls fail)."""


class SQLStore(Store):
    """The SQL both databases share (parameters marked ``?``). A subclass opens the connection,
    runs a statement (``_execute``) and a transaction (``_transaction``)."""

    _lock: threading.Lock
    #: The tables whose rows belong to a table (by ``table_id``), deleted with it.
    _belongings: tuple[str, ...] = ("jass_seats",)

    @abc.abstractmethod
    def _execute(self, statement: str, parameters: Sequence[Any] = ()) -> Any:
        """Run one statement; a cursor."""

    @abc.abstractmethod
    def _transaction(self) -> contextlib.AbstractContextManager[None]:
        """A transaction around several statements."""

    @contextlib.contextmanager
    def _guarded(self, what: str) -> Iterator[None]:
        """Run under the store's lock; a database error becomes a :class:`StoreError`."""
        with self._lock:
            try:
                yield
            except StoreError:
                raise
            except Exception as error:  # the driver's own errors: sqlite3.Error, psycopg.Error
                if self._is_duplicate(error):
                    raise LostTable(f"{what} is written already: another process serves the table") from None
                raise StoreError(f"the database cannot store {what}: {error}") from error

    def _is_duplicate(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    def create(self, table: SavedTable, *, now: float) -> None:
        with self._guarded(f"table {table.id}"):
            self._execute("INSERT INTO jass_tables (id, variant, rules, bot, created, touched) "
                          "VALUES (?, ?, ?, ?, ?, ?)", (table.id, table.variant, table.rules, table.bot, table.created, now))

    def sit(self, table_id: str, seat: SavedSeat, *, now: float) -> None:
        with self._guarded(f"seat {seat.seat} of table {table_id}"), self._transaction():
            self._execute("INSERT INTO jass_seats (table_id, seat, sat, kind, name, token_hash) "
                          "VALUES (?, ?, (SELECT count(*) FROM jass_seats WHERE table_id = ?), ?, ?, ?)",
                          (table_id, seat.seat, table_id, seat.kind, seat.name, seat.token_hash))
            self._execute("UPDATE jass_tables SET touched = ? WHERE id = ?", (now, table_id))

    def start(self, table_id: str, seed: int, bots: Sequence[SavedSeat]) -> None:
        with self._guarded(f"the start of table {table_id}"), self._transaction():
            changed = self._execute("UPDATE jass_tables SET seed = ? WHERE id = ? AND seed IS NULL",
                                    (str(seed), table_id))
            if changed.rowcount != 1:
                raise LostTable(f"table {table_id} has started already: another process serves the table")
            for seat in bots:
                self._execute("INSERT INTO jass_seats (table_id, seat, sat, kind, name, token_hash) "
                              "VALUES (?, ?, (SELECT count(*) FROM jass_seats WHERE table_id = ?), ?, ?, ?)",
                              (table_id, seat.seat, table_id, seat.kind, seat.name, seat.token_hash))

    def add_move(self, table_id: str, number: int, move: str, record: str | None = None) -> None:
        with self._guarded(f"move {number} of table {table_id}"):
            if record is None:
                self._insert_move(table_id, number, move)
                return
            with self._transaction():
                self._insert_move(table_id, number, move)
                self._execute("UPDATE jass_tables SET record = ? WHERE id = ?", (record, table_id))

    def _insert_move(self, table_id: str, number: int, move: str) -> None:
        self._execute("INSERT INTO jass_moves (table_id, number, move) VALUES (?, ?, ?)", (table_id, number, move))

    def load(self, table_id: str) -> SavedTable | None:
        with self._guarded(f"table {table_id}"):
            found = self._execute("SELECT variant, rules, bot, created, seed, record FROM jass_tables WHERE id = ?",
                                  (table_id,)).fetchone()
            if found is None:
                return None
            seats = self._execute("SELECT seat, kind, name, token_hash FROM jass_seats WHERE table_id = ? ORDER BY sat",
                                  (table_id,)).fetchall()
            moves = self._execute("SELECT number, move FROM jass_moves WHERE table_id = ? ORDER BY number",
                                  (table_id,)).fetchall()
        if [number for number, _ in moves] != list(range(1, len(moves) + 1)):
            raise StoreError(f"table {table_id}: its moves are not numbered 1 to {len(moves)} in the database")
        variant, rules, bot, created, seed, record = found
        return SavedTable(table_id, variant, rules, bot, float(created),
                          tuple(SavedSeat(int(seat), kind, name, token) for seat, kind, name, token in seats),
                          None if seed is None else int(seed), tuple(move for _, move in moves), record)

    def touch(self, table_id: str, *, now: float) -> None:
        with self._guarded(f"table {table_id}"):
            self._execute("UPDATE jass_tables SET touched = ? WHERE id = ?", (now, table_id))

    def delete_unstarted(self, before: float) -> list[str]:
        with self._guarded("the deletion of unstarted tables"), self._transaction():
            found = [row[0] for row in self._execute(
                "SELECT id FROM jass_tables WHERE seed IS NULL AND touched < ?", (before,)).fetchall()]
            for table_id in found:
                for belonging in self._belongings:
                    self._execute(f"DELETE FROM {belonging} WHERE table_id = ?", (table_id,))
                self._execute("DELETE FROM jass_tables WHERE id = ? AND seed IS NULL", (table_id,))
        return found

    def _migrate(self, migrations: Sequence[Sequence[str]], where: str) -> None:
        """Bring the schema to the newest version, in one transaction (under the lock)."""
        with self._transaction():
            self._before_migrating()
            self._execute("CREATE TABLE IF NOT EXISTS jass_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = self._execute("SELECT value FROM jass_meta WHERE key = 'schema_version'").fetchone()
            version = 0 if row is None else int(row[0])
            if version > len(migrations):
                raise StoreError(f"{where} has schema version {version}, written by a newer jass serve: "
                                 f"this one reads versions up to {len(migrations)}")
            for step in migrations[version:]:
                for statement in step:
                    self._execute(statement)
            if row is None:
                self._execute("INSERT INTO jass_meta (key, value) VALUES ('schema_version', ?)",
                              (str(len(migrations)),))
            else:
                self._execute("UPDATE jass_meta SET value = ? WHERE key = 'schema_version'", (str(len(migrations)),))

    def _before_migrating(self) -> None:
        """What a database does first in the transaction of a migration."""

    def schema_version(self) -> int:
        """The schema version of the database."""
        with self._guarded("the schema version"):
            row = self._execute("SELECT value FROM jass_meta WHERE key = 'schema_version'").fetchone()
        return int(row[0])


class SQLiteStore(SQLStore):
    """The games in one SQLite file (or in memory, ``:memory:``), in WAL mode: a move is one
    small append to the log, safe when the process is killed (``synchronous=NORMAL``: a power
    cut may lose the last moments; ``durable=True`` syncs every commit to the disk).

    One process uses a file at a time: it holds the file's lock from its first write on, and a
    second ``jass serve`` on the same file is refused (several processes share PostgreSQL).
    """

    def __init__(self, path: str | Path, *, durable: bool = False,
                 migrations: Sequence[Sequence[str]] = SQLITE_MIGRATIONS) -> None:
        self.where = str(path)
        if self.where != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        # One connection for the server's event loop, its test client's thread and tests.
        self._db = sqlite3.connect(self.where, isolation_level=None, check_same_thread=False, timeout=0)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.execute("PRAGMA locking_mode=EXCLUSIVE")  # held from the first write on
            with self._lock:
                self._migrate(migrations, self.where)
        except BaseException as error:
            self._db.close()  # a store that could not open holds nothing
            if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
                raise StoreError(f"{self.where} is in use by another process: one jass serve uses an SQLite "
                                 "database at a time (several share a PostgreSQL database)") from None
            if isinstance(error, sqlite3.DatabaseError):
                raise StoreError(f"cannot open {self.where}: {error}") from None
            raise

    def _execute(self, statement: str, parameters: Sequence[Any] = ()) -> Any:
        return self._db.execute(statement, parameters)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()
