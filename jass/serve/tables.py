"""The tables of a game server, in plain Python and asyncio (no web framework): a
:class:`Lobby` of :class:`Table`\\ s, and a :class:`Client` for each connection to a table.

A table holds the one authoritative state of its game; nobody else holds it. A client sends
short JSON messages (:func:`~jass.serve.inputs.read_message`): ``hello`` (who it is), ``sit``,
``start`` and ``move``. It is sent JSON messages: ``seated`` (its seat's secret token),
``refused`` (why its message changed nothing) and ``update``, a whole picture of the table
built from ``observe(state, seat)`` of its own seat alone (:meth:`Table.update_for`).

Every change is written to the lobby's store (:mod:`jass.serve.store`) before anybody hears
of it, so a server that restarts finds every table where it stood (:meth:`Lobby.get`).

>>> import json
>>> lobby = Lobby(bot_delay=0)                                     # its games in memory only
>>> table = lobby.create("schieber", preset="swisslos")
>>> anna = Client()                                                  # her connection
>>> table.attach(anna)
>>> table.receive(anna, '{"kind": "hello"}')                       # a spectator, so far
>>> table.receive(anna, '{"kind": "sit", "seat": 0, "name": "Anna"}')
>>> table.receive(anna, '{"kind": "start"}')                       # bots take seats 1 to 3
>>> table.play_bots()                                               # without an event loop
>>> messages = [json.loads(text) for text in anna.take()]
>>> [message["kind"] for message in messages]                      # the latest update only
['seated', 'update']
>>> update = messages[-1]                                           # the bots wait for Anna
>>> update["observation"]["to_act"], len(update["observation"]["hand"].split())
(0, 9)
>>> offer = update["moves"][0]                       # her first legal move, as it was offered
>>> table.receive(anna, json.dumps({"kind": "move", "move": offer["move"]}))
>>> json.loads(anna.take()[-1])["version"] > update["version"]     # applied: a new update
True
>>> table.receive(anna, '{"kind": "move", "move": {"format": "jass/1", "type": "schieber.Deal"}}')
>>> json.loads(anna.take()[-1])["kind"]                             # not a legal move now
'refused'

In a server (:mod:`jass.serve.app`) the same calls run in the event loop: the bots then move
on their own, each after ``bot_delay`` seconds.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from typing import Any, Final

import attrs

from jass import records, serial
from jass.ai.players import BOTS
from jass.errors import IllegalMoveError, JassError
from jass.faces import Deck, Faces
from jass.play import new_seed
from jass.serve.bots import SEARCH_BOTS, Bots, bot_seed
from jass.serve.inputs import LimitError, TableError, clean_name, only_fields, read_message, read_request
from jass.serve.limits import Bucket, Limits
from jass.serve.store import LostTable, SavedSeat, SavedTable, SQLiteStore, Store, StoreError, hash_token
from jass.serve.updates import UpdateWriter, dumps
from jass.variant import AnyVariant, find_variant

__all__ = ["MAX_CLIENTS", "DEFAULT_BOT", "GameGoesOn", "Elsewhere", "Client", "Player", "Table", "Lobby"]

#: The most connections to one table (players in several tabs, spectators).
MAX_CLIENTS: Final = 64
#: The bot that takes the open seats unless a table names another.
DEFAULT_BOT: Final = "rule"
#: The public events an update repeats (the latest), so that a page shows what just happened.
LOG_SHOWN: Final = 40
#: What a table's id looks like (``secrets.token_urlsafe(9)``), checked before the store is asked.
_TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{8,32}")
#: What a client is told when the database cannot store its change (the details go to the log).
NOT_STORED: Final = "the server cannot store that just now: try again in a moment"

_logger = logging.getLogger(__name__)


class GameGoesOn(TableError):
    """The game goes on: its record (which holds the seed) is there once it is over."""


class Elsewhere(TableError):
    """The table is served by another process of the same database, at ``address``."""

    def __init__(self, table_id: str, address: str) -> None:
        super().__init__(f"table {table_id} is served at {address}")
        self.address = address


class Client:
    """One connection to a table: its seat (``None`` for a spectator), the messages waiting to
    be sent to it, and its allowance of messages and refusals.

    An update is a whole picture of the table, so a newer one replaces an update still
    waiting: a slow connection never holds up its table, and what waits for it stays small.
    Any other message waits in turn; a client that lets more than :attr:`MAX_WAITING` pile up
    is :attr:`overflowed`, and the server closes it. A client that sends messages faster than
    its limits allow is refused; after ``max_refusals`` refusals
    (:class:`~jass.serve.limits.Limits`) the server closes it too (:attr:`closing`).
    """

    #: The most messages other than updates that may wait.
    MAX_WAITING: Final = 64

    def __init__(self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        limits = limits or Limits()
        #: The limits of its messages (and of its silence, which the web layer watches).
        self.limits = limits
        #: The client's seat: set by a ``hello`` with the seat's token, or by ``sit``.
        self.seat: int | None = None
        #: The pack the client's player sees (its ``hello`` or a ``deck`` message says which):
        #: the cards in the words it is sent are written as that pack shows them.
        self.deck = Deck.FRENCH
        #: True once the client's ``hello`` was taken (its first message).
        self.greeted = False
        #: True once the client has sent a ``hello``, taken or refused: a socket says it once.
        self.hello_used = False
        #: True when too many messages waited for the client.
        self.overflowed = False
        #: ``(code, reason)`` once the server is to close the connection (a WebSocket close code).
        self.closing: tuple[int, str] | None = None
        #: When the client last sent a message (``clock``).
        self.heard = clock()
        self._messages = Bucket(limits.messages_per_second, limits.message_burst, clock)
        self._refusals = Bucket(0.1, limits.max_refusals, clock)  # one forgiven every 10 s
        self._waiting: collections.deque[str] = collections.deque()
        self._update: str | None = None  # the latest update, sent after the other messages waiting
        self._ready = asyncio.Event()

    def send(self, text: str, *, update: bool = False) -> None:
        """Queue ``text`` for the client; an ``update`` replaces any update still waiting (and
        is sent after the other messages waiting)."""
        if update:
            self._update = text
        elif len(self._waiting) >= self.MAX_WAITING:
            self.overflowed = True
        else:
            self._waiting.append(text)
        self._ready.set()

    def admit(self) -> bool:
        """Whether the client may send a message now (``messages_per_second`` on average,
        ``message_burst`` at once: :class:`~jass.serve.limits.Limits`); if not, it is refused."""
        wait = self._messages.take()
        if wait:
            self.refuse(f"too many messages: wait {wait:.1f} s")
            return False
        return True

    def refuse(self, text: str) -> None:
        """Tell the client that its message changed nothing, and why; after too many refusals
        the connection is to be closed."""
        self.send(dumps({"kind": "refused", "message": text}))
        if self._refusals.take() or self._refusals.tokens < 1:
            self.close(1008, "too many refused messages")

    def close(self, code: int, reason: str) -> None:
        """Have the server close the connection with ``code`` and ``reason`` (what waits is
        sent first)."""
        if self.closing is None:
            self.closing = (code, reason)
        self._ready.set()

    def take(self) -> list[str]:
        """The messages waiting, oldest first, the latest update last (they no longer wait)."""
        texts = list(self._waiting)
        self._waiting.clear()
        if self._update is not None:
            texts.append(self._update)
            self._update = None
        self._ready.clear()
        return texts

    async def wait(self) -> list[str]:
        """Wait until a message waits (or the connection is to close), then :meth:`take` them
        (none if :attr:`overflowed`)."""
        while not self._waiting and self._update is None and not self.overflowed and self.closing is None:
            await self._ready.wait()
            self._ready.clear()
        return [] if self.overflowed else self.take()


@attrs.define
class Player:
    """A seat at a table: ``"open"``, taken by a person (``"human"``, with the hash of the
    seat's secret token: the token itself is sent once, to the person) or by a bot."""

    kind: str = "open"
    name: str = ""
    token_hash: str = attrs.field(default="", repr=False)


class Table:
    """One game: its variant and rules, its players, and its one authoritative state.

    The game starts when a seated person asks; the state is ``variant.new_game(rules, seed)``
    with a seed drawn at random that never leaves the table before the game is over (the
    record, :meth:`record`, holds it). Every move, a person's or a bot's, goes through
    ``variant.apply(state, move, seat=seat)`` (:meth:`play`) and is written to the store
    before anybody hears of it.
    """

    def __init__(
        self, table_id: str, variant: AnyVariant, rules: Any, bot: str = DEFAULT_BOT, *,
        bot_delay: float = 0.5, clock: Callable[[], float] = time.time, store: Store | None = None,
        bots: Bots | None = None,
    ) -> None:
        if bot not in BOTS:
            raise TableError(f"bot={str(bot)[:40]!r}: choose one of {', '.join(BOTS)}")
        #: The table's name in links.
        self.id = table_id
        self.variant = variant
        self.rules = rules
        #: The kind of bot that fills the empty seats (a name of :data:`jass.ai.players.BOTS`).
        self.bot = bot
        #: Seconds a bot waits before its move, so that people can follow.
        self.bot_delay = bot_delay
        #: The teams and the number of players of the table's rules.
        self.teams = variant.teams_for(rules)
        self.seats = variant.seats_for(rules)
        self.players = [Player() for _ in range(self.seats)]
        #: The game (``None`` until it starts); only this table holds it.
        self.state: Any = None
        #: The state before the first move, and the moves since: the game's record.
        self.initial: Any = None
        self.moves: list[Any] = []
        #: What everybody at the table has seen happen: ``(seat, text, move)``, an event in words
        #: (``seat`` ``None``: the table) or a move, which each player reads in its own pack.
        self.log: list[tuple[int | None, str | None, Any]] = []
        #: Every client connected to the table.
        self.clients: set[Client] = set()
        #: Grows with every change; an update names the version it shows.
        self.version = 0
        #: True once another process serves the table (its store said so): this one lets go.
        self.lost = False
        self._clock = clock
        #: When the table last changed or heard from a client (seconds since the epoch).
        self.touched = clock()
        self._store = store
        self._bots = bots or Bots(tuple(BOTS))
        self._record: str | None = None
        self._updates: dict[tuple[int | None, Deck], str] = {}
        #: How each pack shows the cards: a French pack paired as the rules pair it.
        self.faces = {deck: Faces(deck, variant.text.pairing(rules)) for deck in Deck}
        self._writers: dict[Deck, UpdateWriter] = {}
        # What every update repeats, built once: the rules never change, the table's info
        # only with a new version.
        self._rules_json = serial.to_dict(rules, compact=True)
        self._info: dict[str, Any] | None = None
        self._shared: dict[Deck, str] = {}
        self._result_json: str | None = None
        self._to_act: int | None = None  # the seat to act in this version
        # Each entry of the log as JSON, written once for each pack somebody sees.
        self._log_json: dict[Deck, list[str]] = {}
        self._info_head = dumps({"id": table_id, "variant": variant.name, "title": variant.title,
                                 "seats": self.seats, "teams": [list(team) for team in self.teams],
                                 "rules": self._rules_json, "bot": bot,
                                 "pairing": self.faces[Deck.FRENCH].pairing.value})[:-1]
        self._driver: asyncio.Task[None] | None = None

    def __repr__(self) -> str:
        return f"<Table {self.id} {self.variant.name} version {self.version}>"

    @property
    def started(self) -> bool:
        """True once the game has started."""
        return self.state is not None

    @property
    def over(self) -> bool:
        """True once the game is over."""
        return self.state is not None and self.variant.is_over(self.state)

    @classmethod
    def restore(
        cls, saved: SavedTable, *, bot_delay: float = 0.5, clock: Callable[[], float] = time.time,
        store: Store | None = None, bots: Bots | None = None,
    ) -> Table:
        """The table ``saved`` (read back from a store), where it stood: its seats, and its game
        replayed move by move from its seed through the variant's ``apply``, which accepts
        only legal moves (a trusted set-up: the store holds only what this server wrote)."""
        variant = find_variant(saved.variant)
        rules = serial.from_dict(serial.parse_json(saved.rules), expect=variant.rules_type)
        table = cls(saved.id, variant, rules, saved.bot, bot_delay=bot_delay, clock=clock, store=store, bots=bots)
        for seat in saved.seats:
            table.players[seat.seat] = Player(seat.kind, seat.name, seat.token_hash)
            if seat.kind == "human":
                table._say(None, f"{seat.name} sits down at seat {seat.seat}")
        if saved.seed is not None:
            table._begin(saved.seed)
            for text in saved.moves:
                move = records.parse_move(text, variant, rules)
                table._apply(variant.to_act(table.state), move)
            table._record = saved.record
        table.version = 1 + len(saved.seats) + len(saved.moves)
        table._forget()
        return table

    # --- clients and their messages -------------------------------------------------------------

    def attach(self, client: Client) -> None:
        """Connect ``client`` (a spectator until its ``hello`` names its seat); a table takes
        at most :data:`MAX_CLIENTS`."""
        if len(self.clients) >= MAX_CLIENTS:
            raise LimitError(f"this table has {MAX_CLIENTS} connections, its most", status=503, retry_after=60)
        self.clients.add(client)
        self.touched = self._clock()

    def detach(self, client: Client) -> None:
        """Disconnect ``client``; the others see its seat go offline."""
        self.clients.discard(client)
        if client.seat is not None and not self.lost:
            self._changed()

    def receive(self, client: Client, text: object) -> None:
        """Handle one message from ``client``. A message the table refuses changes nothing and
        is answered, to ``client`` alone, by a ``refused`` message whose text reveals nothing
        that the client may not see; so is a message beyond the client's rate."""
        self.touched = self._clock()
        if not client.admit():
            return
        try:
            data = read_message(text)
            kind = data["kind"]
            if kind == "hello":
                self._hello(client, data)
            elif not client.greeted:
                raise TableError('say "hello" first')
            elif kind == "sit":
                self._sit(client, data)
            elif kind == "start":
                self._start(client, data)
            elif kind == "deck":
                self._deck(client, data)
            else:
                self._move(client, data)
        except IllegalMoveError as error:
            # Only the seat to act gets this far (apply checks the sender first): it may read
            # its own legal moves, which show its own hand.
            client.refuse(f"{error} ({error.detail})" if error.detail else str(error))
        except LostTable:
            self._lose()
        except StoreError:
            _logger.exception("table %s: the store failed", self.id)
            client.refuse(NOT_STORED)
        except JassError as error:
            client.refuse(str(error))

    def _hello(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "hello"}``: a spectator; ``{"kind": "hello", "seat": 2, "token": "..."}``:
        the person of seat 2 comes back (a second tab, a reload, a new connection); with
        ``"deck": "swiss"`` its player sees Swiss-suited cards. A socket says hello once: a
        refused hello closes it, so that every guess at a token costs a new connection (which
        the server paces, ``--sockets-per-minute-per-address``)."""
        if client.hello_used:
            raise TableError('"hello" comes once, first')
        client.hello_used = True
        try:
            only_fields(data, ("kind", "seat", "token", "deck"), 'a "hello" message')
            deck = _deck(data.get("deck", Deck.FRENCH.value))
            seat = data.get("seat")
            if seat is not None:
                seat = _seat_number(seat, self.seats)
                player = self.players[seat]
                token = data.get("token")
                if player.kind != "human" or not isinstance(token, str) or not secrets.compare_digest(
                    hash_token(token), player.token_hash
                ):
                    raise TableError(f"that is not the token of seat {seat}")
        except TableError as error:
            client.close(1008, str(error))
            raise
        client.greeted = True
        client.seat = seat
        client.deck = deck
        client.send(self.update_for(seat, deck), update=True)
        if seat is not None:
            self._changed()  # the others see the seat online

    def _sit(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "sit", "seat": 1, "name": "Anna"}``: take an open seat before the game
        starts; the client is sent the seat's secret token (``seated``), its way back in. The
        store keeps only the token's hash."""
        only_fields(data, ("kind", "seat", "name"), 'a "sit" message')
        seat = _seat_number(data.get("seat"), self.seats)
        if client.seat is not None:
            raise TableError(f"you sit at seat {client.seat} already")
        if self.started:
            raise TableError("the game has started: every seat is taken")
        if self.players[seat].kind != "open":
            raise TableError(f"seat {seat} is taken")
        name = clean_name(data.get("name"), seat)
        token = secrets.token_urlsafe(18)
        player = Player("human", name, hash_token(token))
        if self._store is not None:
            self._store.sit(self.id, SavedSeat(seat, player.kind, name, player.token_hash), now=self._clock())
        self.players[seat] = player
        client.seat = seat
        client.send(json.dumps({"kind": "seated", "seat": seat, "token": token}))
        self._say(None, f"{name} sits down at seat {seat}")
        self._changed()

    def _deck(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "deck", "deck": "swiss"}``: the client's player now sees this pack
        (``"french"`` or ``"swiss"``); the client is sent the table again, in its words."""
        only_fields(data, ("kind", "deck"), 'a "deck" message')
        client.deck = _deck(data.get("deck"))
        client.send(self.update_for(client.seat, client.deck), update=True)

    def _start(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "start"}``: a seated person starts the game; bots take the open seats."""
        only_fields(data, ("kind",), 'a "start" message')
        if client.seat is None:
            raise TableError("take a seat to start the game")
        if self.started:
            raise TableError("the game has started already")
        # No seed from anybody: a fresh random one, which only this table ever sees.
        self.start_game(new_seed())

    def start_game(self, seed: int) -> None:
        """Start the game of ``seed``, bots in the open seats: what a person's ``start`` does
        with a fresh random seed. A trusted set-up (a test, an analysis): nobody else chooses
        the seed."""
        if self.started:
            raise TableError("the game has started already")
        bots = [SavedSeat(seat, "bot", f"{self.bot} bot {seat}")
                for seat, player in enumerate(self.players) if player.kind == "open"]
        if self._store is not None:
            self._store.start(self.id, seed, bots)
        for seat in bots:
            self.players[seat.seat] = Player("bot", seat.name)
        self._begin(seed)
        self._changed()

    def _begin(self, seed: int) -> None:
        self.state = self.initial = self.variant.new_game(self.rules, seed=seed)
        self._say(None, f"the game starts: {self.variant.title}")

    def _move(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "move", "move": {...}}``: the move as ``jass/1`` JSON, read by the
        library's loader, which takes nothing but a move of this variant."""
        only_fields(data, ("kind", "move"), 'a "move" message')
        if client.seat is None:
            raise TableError("you are watching: take a seat to play")
        if self.state is None:
            raise TableError("the game has not started")
        move = self._writer(client.deck).offered(data.get("move"))  # a move as it was offered: read at once
        if move is None:
            move = serial.from_dict(data.get("move"), expect=self.variant.move_types)
        self.play(client.seat, move)

    # --- the game --------------------------------------------------------------------------------

    def play(self, seat: int, move: Any) -> None:
        """``seat`` makes ``move``: ``apply`` refuses a seat that is not to act
        (:class:`~jass.errors.WrongSeatError`) and any move that is not among its legal moves
        (:class:`~jass.errors.IllegalMoveError`), and the state stays as it was. The move is
        written to the store (with the game's record, if it ends the game) before anybody
        hears of it; if the store cannot take it, the move is not made."""
        if self.state is None:
            raise TableError("the game has not started")
        state = self.variant.apply(self.state, move, seat=seat)
        record = None
        if self.variant.is_over(state):
            record = records.write_record([*self.moves, move], self.initial, state)
        if self._store is not None:
            self._store.add_move(self.id, len(self.moves) + 1, self.variant.notation.format_move(move), record)
        self._apply(seat, move, state)
        self._record = record
        self._changed()

    def _apply(self, seat: int | None, move: Any, state: Any = None) -> None:
        """Take ``move`` of ``seat`` into the game (``state``: the state after it, if known)."""
        self.state = self.variant.apply(self.state, move, seat=seat) if state is None else state
        self.moves.append(move)
        self._say(seat, move=move)

    def bot_to_act(self) -> int | None:
        """The seat to act if a bot sits there, else ``None``."""
        if self.state is None or self.lost:
            return None
        seat = self.variant.to_act(self.state)
        return seat if seat is not None and self.players[seat].kind == "bot" else None

    def play_bot(self) -> None:
        """The bot to act chooses from what its seat may see, and plays through :meth:`play`."""
        seat, view, moves = self._bot_choice()
        self.play(seat, self._bots.choose_now(self.bot, self._bot_seed(), view, moves))

    def _bot_choice(self) -> tuple[int, Any, Any]:
        """The seat of the bot to act, its observation and its legal moves now (immutable
        values: the bot may think on them in another process)."""
        seat = self.bot_to_act()
        if seat is None:
            raise TableError("no bot is to act")
        return seat, self.variant.observe(self.state, seat), self.variant.legal_moves(self.state)

    def _bot_seed(self) -> int:
        return bot_seed(self.initial.seed, len(self.moves) + 1)

    def play_bots(self, limit: int = 100_000) -> None:
        """Every bot move that is due, at once (for code without an event loop, and tests)."""
        for _ in range(limit):
            if self.bot_to_act() is None:
                return
            self.play_bot()
        raise RuntimeError(f"the bots made {limit} moves without a person's turn")

    def record(self) -> str:
        """The game record (:mod:`jass.records`), once the game is over: it holds the seed."""
        if not self.over:
            raise GameGoesOn("the record holds the game's seed: it is there once the game is over")
        if self._record is None:
            self._record = records.write_record(self.moves, self.initial, self.state)
        return self._record

    def _lose(self) -> None:
        """Another process serves the table now: let it go, and send every client there."""
        _logger.warning("table %s: another process serves it now", self.id)
        self.lost = True
        for client in self.clients:
            client.close(1012, "this table is served elsewhere now: reconnect")

    # --- what clients are sent -------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """What everybody may know of the table: its variant and rules, its players (built
        once a version; do not change it)."""
        if self._info is not None:
            return self._info
        online = [False] * self.seats
        for client in self.clients:
            if client.seat is not None:
                online[client.seat] = True
        self._info = {
            "id": self.id,
            "variant": self.variant.name,
            "title": self.variant.title,
            "seats": self.seats,
            "teams": [list(team) for team in self.teams],
            "rules": self._rules_json,
            "bot": self.bot,
            "players": [
                {"kind": p.kind, "name": p.name, "online": p.kind == "bot" or online[seat]}
                for seat, p in enumerate(self.players)
            ],
            "started": self.started,
            "over": self.over,
        }
        return self._info

    def update_for(self, seat: int | None, deck: Deck = Deck.FRENCH) -> str:
        """The ``update`` message for ``seat`` (``None``: a spectator), as JSON text, its cards in
        words as ``deck`` shows them (:attr:`faces`).

        Everything in it about the game comes from ``observe(state, seat)``: the observation
        itself (``jass/1``), the seat's legal moves with their words (sent only to the seat
        to act, each saying whether it loses the game at once), and the facts the page writes
        (:func:`~jass.serve.updates.describe`); besides, the table's public :meth:`info`, the
        log of public moves, and, once the game is over, the result. ``version`` grows with
        every change (a seat going offline too), ``moves_made`` with every move: a client
        answers the moves of an update whose ``moves_made`` it has not answered yet.

        Each part is written once a version for every seat that sees it alike, and the JSON of
        a field of the observation is kept while it stays the same
        (:class:`~jass.serve.updates.UpdateWriter`).
        """
        found = self._updates.get((seat, deck))
        if found is not None:
            return found
        head = (f'{{"kind":"update","version":{self.version},"moves_made":{len(self.moves)},'
                f'"seat":{"null" if seat is None else seat},')
        state = self.state
        if state is None:
            game = '"observation":null,"moves":[],"facts":null,"result":null'
        else:
            variant, writer = self.variant, self._writer(deck)
            view = variant.observe(state, seat)
            moves = "[]"
            if seat is not None and seat == self._to_act:
                moves = writer.moves(view, variant.legal_moves(state))
            result = self._result()
            observation, facts = writer.view(view, seat)
            game = f'"observation":{observation},"moves":{moves},"facts":{facts},"result":{result}'
        shared = self._shared.get(deck)
        if shared is None:  # the same for every seat: written once a version
            info = self.info()
            shared = self._shared[deck] = (
                f'"table":{self._info_head},"players":{dumps(info["players"])},'
                f'"started":{dumps(info["started"])},"over":{dumps(info["over"])}}},'
                f'"log":[{",".join(self._log(deck)[-LOG_SHOWN:])}]}}')
        text = self._updates[seat, deck] = head + game + "," + shared
        return text

    def _writer(self, deck: Deck) -> UpdateWriter:
        """The writer of the updates of the clients who see ``deck``."""
        writer = self._writers.get(deck)
        if writer is None:
            writer = self._writers[deck] = UpdateWriter(self.variant, self.rules, self.faces[deck])
        return writer

    def _log(self, deck: Deck) -> list[str]:
        """Each entry of the log as JSON, its cards as ``deck`` shows them (written once)."""
        written = self._log_json.get(deck)
        if written is None:
            written = self._log_json[deck] = [self._log_entry(number, entry, deck)
                                              for number, entry in enumerate(self.log, 1)]
        return written

    def _log_entry(self, number: int, entry: tuple[int | None, str | None, Any], deck: Deck) -> str:
        seat, text, move = entry
        if text is None:
            text = self.variant.text.public_move(move, self.rules, self.faces[deck])
        return dumps({"number": number, "seat": seat, "text": text})

    def _result(self) -> str:
        """The ``result`` of an update as JSON: ``null`` while the game goes on."""
        if self._result_json is None:
            variant, state = self.variant, self.state
            self._result_json = "null" if not variant.is_over(state) else dumps({
                "standings": list(variant.standings(state)),
                "standing_name": variant.standing_name,
                "winner": variant.winner(state),
                "winners": list(variant.winners(state)),
                "record": f"/tables/{self.id}/record",
            })
        return self._result_json

    def _say(self, seat: int | None, text: str | None = None, move: Any = None) -> None:
        """Add an event to the log: ``text``, or ``seat``'s ``move`` (in each reader's pack)."""
        entry = (seat, text, move)
        self.log.append(entry)
        for deck, written in self._log_json.items():
            written.append(self._log_entry(len(self.log), entry, deck))

    def _changed(self) -> None:
        """After every change: a new version, an update for every client, the bots woken."""
        self.version += 1
        self.touched = self._clock()
        self._forget()
        for client in self.clients:
            if client.greeted:
                client.send(self.update_for(client.seat, client.deck), update=True)
        self._wake_bots()

    def _forget(self) -> None:
        """Forget what was written of the last version: the table has changed."""
        self._updates.clear()
        self._shared.clear()
        self._info = self._result_json = None
        self._to_act = None if self.state is None else self.variant.to_act(self.state)

    def _wake_bots(self) -> None:
        if self.bot_to_act() is None or (self._driver is not None and not self._driver.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop: whoever drives the table calls play_bots()
        self._driver = loop.create_task(self._drive())

    def quiet(self) -> float:
        """Seconds since the table last changed or heard from a client."""
        return self._clock() - self.touched

    @property
    def thinking(self) -> bool:
        """True while a bot is due to move or thinking."""
        return self._driver is not None and not self._driver.done()

    async def _drive(self) -> None:
        """Play the bots' moves while one is due, each after ``bot_delay`` seconds. A quick bot
        chooses at once; a search bot thinks in a worker process (:class:`~jass.serve.bots.Bots`),
        and the event loop serves every other table and connection meanwhile."""
        try:
            while self.bot_to_act() is not None:
                await asyncio.sleep(self.bot_delay)
                if self.bot_to_act() is None:
                    continue
                state = self.state
                seat, view, moves = self._bot_choice()
                move = await self._bots.choose(self.bot, self._bot_seed(), view, moves)
                if self.state is state:  # nobody else may move meanwhile; checked all the same
                    self.play(seat, move)
        except LostTable:
            self._lose()
        except StoreError:  # the database is gone: the game waits; a client's next message wakes it
            _logger.exception("table %s: the store failed", self.id)
        except Exception:  # a bug in a bot or a variant: the table stops, the server goes on
            _logger.exception("table %s: a bot's move failed", self.id)


def _seat_number(value: object, seats: int) -> int:
    if type(value) is not int or not 0 <= value < seats:
        raise TableError(f"seat={json.dumps(value, ensure_ascii=True)[:20]}: expected a seat 0..{seats - 1}")
    return value


class Lobby:
    """Every table of one server: those in memory by id (:attr:`tables`), every other one in
    its :attr:`store`, from which :meth:`get` brings it back where it stood.

    The lobby keeps at most ``max_tables`` tables in memory. A table nobody is connected to
    leaves memory after ``idle_minutes`` (it stays in the store), a table whose game never
    started is deleted after ``unstarted_minutes`` (:meth:`sweep`; the numbers are
    :class:`~jass.serve.limits.Limits`).
    """

    def __init__(
        self, *, store: Store | None = None, limits: Limits | None = None, bots: Bots | None = None,
        bot_delay: float = 0.5, clock: Callable[[], float] = time.time,
    ) -> None:
        #: The tables in memory, by id.
        self.tables: dict[str, Table] = {}
        #: Where every table is kept (default: SQLite in memory, nothing kept after the process).
        self.store = store if store is not None else SQLiteStore(":memory:")
        self.limits = limits or Limits()
        self.bots = bots or Bots(limits=self.limits)
        self.bot_delay = bot_delay
        self._clock = clock

    def _table(self, table_id: str, variant: AnyVariant, rules: Any, bot: str) -> Table:
        return Table(table_id, variant, rules, bot, bot_delay=self.bot_delay, clock=self._clock,
                     store=self.store, bots=self.bots)

    def create(
        self, variant: str, *, preset: str | None = None, rules: object = None, bot: str = DEFAULT_BOT,
    ) -> Table:
        """A new table for ``variant`` (a name or alias) with the rules of ``preset``, or
        ``rules`` (a rules object as ``jass/1`` JSON, read by the library's loader), or the
        variant's defaults; its empty seats are played by ``bot``, one the server offers."""
        found = find_variant(variant)
        if preset is not None and rules is not None:
            raise TableError("give a preset or rules, not both")
        if preset is not None:
            if not isinstance(preset, str) or preset not in found.presets:
                raise TableError(f"{found.name} has no preset {str(preset)[:40]!r}: choose one of "
                                 f"{', '.join(found.presets)}")
            chosen = found.preset(preset)
        elif rules is not None:
            chosen = serial.from_dict(rules, expect=found.rules_type)
        else:
            chosen = found.rules_type()
        bot = self.bots.check(bot, self.searching())
        self._make_room()
        table_id = secrets.token_urlsafe(9)
        now = self._clock()
        rules_text = dumps(serial.to_dict(chosen, compact=True))
        self.store.create(SavedTable(table_id, found.name, rules_text, bot, now), now=now)
        self.store.claim(table_id)
        table = self.tables[table_id] = self._table(table_id, found, chosen, bot)
        return table

    def create_from(self, body: bytes | str) -> Table:
        """A new table from the JSON of a request: ``{"variant": "schieber", "preset":
        "swisslos", "bot": "rule"}`` (``"rules"`` instead of ``"preset"``: a rules object as
        ``jass/1`` JSON). There is no field for a seed or a deal: nobody chooses those."""
        data = read_request(body)
        only_fields(data, ("variant", "preset", "rules", "bot"), "a new table")
        variant = data.get("variant")
        if not isinstance(variant, str):
            raise TableError('expected "variant": the name of a variant')
        return self.create(variant, preset=data.get("preset"), rules=data.get("rules"),
                           bot=data.get("bot", DEFAULT_BOT))

    def get(self, table_id: str) -> Table:
        """The table called ``table_id``, from memory or, where it stood, from the store; a
        :class:`~jass.serve.inputs.TableError` if there is none, :class:`Elsewhere` if another process serves it."""
        table = self.tables.get(table_id)
        if table is not None and table.lost:
            del self.tables[table_id]
            table = None
        if table is not None:
            return table
        if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id):
            raise TableError("there is no such table (it may have ended long ago)")
        holder = self.store.claim(table_id)
        if holder is not None:
            raise Elsewhere(table_id, holder)
        saved = self.store.load(table_id)
        if saved is None:
            self.store.release(table_id)
            raise TableError("there is no such table (it may have ended long ago)")
        self._make_room()
        try:
            table = Table.restore(saved, bot_delay=self.bot_delay, clock=self._clock, store=self.store, bots=self.bots)
        except JassError as error:  # what the store holds is not a game the rules reach
            self.store.release(table_id)
            raise StoreError(f"table {table_id} cannot be restored: {error}") from error
        self.tables[table_id] = table
        table._wake_bots()
        return table

    def record(self, table_id: str) -> str:
        """The record of the game of ``table_id``, once it is over (:meth:`Table.record`): from
        memory, or from the store without loading the table."""
        table = self.tables.get(table_id)
        if table is not None and not table.lost:
            return table.record()
        saved = self.store.load(table_id)
        if saved is None:
            raise TableError("there is no such table (it may have ended long ago)")
        if saved.record is None:
            raise GameGoesOn("the record holds the game's seed: it is there once the game is over")
        return saved.record

    def searching(self) -> int:
        """The tables in memory whose bots search and whose game goes on."""
        return sum(1 for table in self.tables.values() if table.bot in SEARCH_BOTS and not table.over)

    def sweep(self) -> None:
        """Delete the unstarted tables nobody changed for ``unstarted_minutes``, and let the
        tables nobody is connected to for ``idle_minutes`` leave memory
        (:class:`~jass.serve.limits.Limits`)."""
        now = self._clock()
        unstarted = now - 60 * self.limits.unstarted_minutes
        idle = now - 60 * self.limits.idle_minutes
        for table_id, table in list(self.tables.items()):
            if table.lost:
                del self.tables[table_id]
            elif table.clients:
                if not table.started:  # people wait for their friends: the table stays
                    self.store.touch(table_id, now=now)
            elif not table.thinking and (table.touched < idle or (not table.started and table.touched < unstarted)):
                del self.tables[table_id]
                self.store.release(table_id)
        self.store.delete_unstarted(unstarted)

    def _make_room(self) -> None:
        """Room for one more table in memory: when the lobby is full, the tables nobody is
        connected to leave it (they stay in the store), those touched longest ago first."""
        if len(self.tables) >= self.limits.max_tables:
            self.sweep()
            idle = sorted((table.touched, table_id) for table_id, table in self.tables.items()
                          if not table.clients and not table.thinking)
            for _, table_id in idle[:len(self.tables) - self.limits.max_tables + 1]:
                del self.tables[table_id]
                self.store.release(table_id)
        if len(self.tables) >= self.limits.max_tables:
            raise LimitError(f"this server holds {self.limits.max_tables} tables, its most: try again later",
                             status=503, retry_after=60)

    def close(self) -> None:
        """Let every table go (another process may serve them) and stop the bots' workers."""
        for table_id in list(self.tables):
            self.store.release(table_id)
        self.tables.clear()
        self.bots.close()


def _deck(value: object) -> Deck:
    """The pack a client names (``"french"`` or ``"swiss"``)."""
    if not isinstance(value, str) or value not in {deck.value for deck in Deck}:
        shown = json.dumps(value, ensure_ascii=True)[:20]
        raise TableError(f'deck={shown}: expected a pack, {" or ".join(json.dumps(deck.value) for deck in Deck)}')
    return Deck(value)
