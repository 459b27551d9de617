"""The tables of a game server, in plain Python and asyncio (no web framework): a
:class:`Lobby` of :class:`Table`\\ s, and a :class:`Client` for each connection to a table.

A table holds the one authoritative state of its game; nobody else holds it. A client sends
short JSON messages (:func:`read_message`): ``hello`` (who it is), ``sit``, ``start`` and
``move``. It is sent JSON messages: ``seated`` (its seat's secret token), ``refused`` (why
its message changed nothing) and ``update``, a whole picture of the table built from
``observe(state, seat)`` of its own seat alone (:meth:`Table.update_for`).

>>> import json
>>> lobby = Lobby(bot_delay=0)
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
import enum
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs

from jass import records, serial
from jass.ai.bots import Bot
from jass.ai.players import BOTS, make_bot
from jass.cards import Card, CardSet
from jass.errors import IllegalMoveError, JassError, SerialError
from jass.trump import PerTrickMode, Trump
from jass.variant import AnyVariant, find_variant
from jass.weis import Weis

__all__ = [
    "MAX_MESSAGE",
    "MAX_REQUEST",
    "MAX_NAME",
    "MAX_CLIENTS",
    "KINDS",
    "DEFAULT_BOT",
    "TableError",
    "Client",
    "Player",
    "Table",
    "Lobby",
    "read_message",
    "DRAWN",
    "describe",
]

#: The longest message a client may send, in characters (a move is a few dozen).
MAX_MESSAGE: Final = 2_000
#: The longest request to create a table, in bytes (its rules as JSON included).
MAX_REQUEST: Final = 8_000
#: The longest name a player may give.
MAX_NAME: Final = 24
#: The most connections to one table (players in several tabs, spectators).
MAX_CLIENTS: Final = 64
#: The kinds of message a client may send.
KINDS: Final = ("hello", "sit", "start", "move")
#: The bot that takes the open seats unless a table names another.
DEFAULT_BOT: Final = "rule"
#: The public events an update repeats (the latest), so that a page shows what just happened.
LOG_SHOWN: Final = 40

_logger = logging.getLogger(__name__)


class TableError(JassError):
    """A message the table refuses (a seat already taken, a wrong token, a game not started):
    its text is safe to send to whoever sent the message."""


def read_message(text: object) -> dict[str, Any]:
    """A client's message: a JSON object of at most :data:`MAX_MESSAGE` characters whose
    ``"kind"`` is one of :data:`KINDS`, read with the library's strict JSON parser
    (:func:`jass.serial.parse_json`). Anything else is a :class:`TableError`.

    >>> read_message('{"kind": "start"}')
    {'kind': 'start'}
    >>> read_message('{"kind": "deal", "hands": []}')
    Traceback (most recent call last):
    jass.serve.tables.TableError: expected a message with "kind": one of hello, sit, start, move
    """
    if not isinstance(text, str):
        raise TableError("a message is JSON text")
    data = _parse(text, MAX_MESSAGE, "message", "characters")
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise TableError(f'expected a message with "kind": one of {", ".join(KINDS)}')
    return data


def _parse(text: str | bytes, limit: int, what: str, unit: str) -> Any:
    """JSON text of at most ``limit`` characters or bytes, read by the library's strict parser."""
    if len(text) > limit:
        raise TableError(f"a {what} of {len(text)} {unit}: at most {limit} are read")
    try:
        return serial.parse_json(text, limit=limit)
    except SerialError as error:
        raise TableError(f"not a {what}: {error.reason}") from None


def _only(data: dict[str, Any], allowed: tuple[str, ...], what: str) -> None:
    """Refuse a field that ``what`` does not have (a ``"seed"``, say)."""
    for key in data:
        if key not in allowed:
            raise TableError(f"{what} has no field {key[:40]!r} (its fields: {', '.join(allowed)})")


def _fields(data: dict[str, Any], allowed: tuple[str, ...]) -> None:
    """Refuse a field a message of its kind does not have."""
    _only(data, allowed, f'a "{data["kind"]}" message')


def _seat_number(value: object, seats: int) -> int:
    if type(value) is not int or not 0 <= value < seats:
        raise TableError(f"seat={str(value)[:20]}: expected a seat 0..{seats - 1}")
    return value


def _name(value: object, seat: int) -> str:
    """A player's name as people will read it: printable, single-spaced, at most MAX_NAME."""
    if value is None:
        return f"seat {seat}"
    if not isinstance(value, str):
        raise TableError("a name is a string")
    name = " ".join("".join(ch for ch in value if ch.isprintable()).split())
    if len(name) > MAX_NAME:
        raise TableError(f"a name has at most {MAX_NAME} characters")
    return name or f"seat {seat}"


class Client:
    """One connection to a table: its seat (``None`` for a spectator) and the messages waiting
    to be sent to it.

    An update is a whole picture of the table, so a newer one replaces an update still
    waiting: a slow connection never holds up its table, and what waits for it stays small.
    Any other message waits in turn; a client that lets more than :attr:`MAX_WAITING` pile up
    is :attr:`overflowed`, and the server closes it.
    """

    #: The most messages other than updates that may wait.
    MAX_WAITING: Final = 64

    def __init__(self) -> None:
        #: The client's seat: set by a ``hello`` with the seat's token, or by ``sit``.
        self.seat: int | None = None
        #: True once the client has said ``hello`` (its first message).
        self.greeted = False
        #: True when too many messages waited for the client.
        self.overflowed = False
        self._waiting: collections.deque[tuple[bool, str]] = collections.deque()
        self._ready = asyncio.Event()

    def send(self, text: str, *, update: bool = False) -> None:
        """Queue ``text`` for the client; an ``update`` replaces any update still waiting."""
        if update:
            if any(waiting for waiting, _ in self._waiting):
                self._waiting = collections.deque(item for item in self._waiting if not item[0])
        elif len(self._waiting) >= self.MAX_WAITING:
            self.overflowed = True
            self._ready.set()
            return
        self._waiting.append((update, text))
        self._ready.set()

    def take(self) -> list[str]:
        """The messages waiting, oldest first (they no longer wait)."""
        texts = [text for _, text in self._waiting]
        self._waiting.clear()
        self._ready.clear()
        return texts

    async def wait(self) -> list[str]:
        """Wait until a message waits, then :meth:`take` them (empty if :attr:`overflowed`)."""
        while not self._waiting and not self.overflowed:
            await self._ready.wait()
            self._ready.clear()
        return [] if self.overflowed else self.take()


@attrs.define
class Player:
    """A seat at a table: ``"open"``, taken by a person (``"human"``, with the seat's secret
    token) or by a bot."""

    kind: str = "open"
    name: str = ""
    token: str = attrs.field(default="", repr=False)
    bot: Bot | None = None


class Table:
    """One game: its variant and rules, its players, and its one authoritative state.

    The game starts when a seated person asks; the state is ``variant.new_game(rules)``, whose
    seed is drawn at random and never leaves the table before the game is over (the record,
    :meth:`record`, holds it). Every move, a person's or a bot's, goes through
    ``variant.apply(state, move, seat=seat)`` (:meth:`play`).
    """

    def __init__(
        self, table_id: str, variant: AnyVariant, rules: Any, bot: str = DEFAULT_BOT, *,
        bot_delay: float = 0.5, clock: Callable[[], float] = time.monotonic,
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
        #: What everybody at the table has seen happen, in words (``seat`` ``None``: the table).
        self.log: list[dict[str, Any]] = []
        #: Every client connected to the table.
        self.clients: set[Client] = set()
        #: Grows with every change; an update names the version it shows.
        self.version = 0
        self._clock = clock
        #: When the table last changed or heard from a client (for the lobby's clean-up).
        self.touched = clock()
        self._updates: dict[int | None, str] = {}
        # What every update repeats, built once: the rules never change, the table's info
        # only with a new version.
        self._rules_json = serial.to_dict(rules, compact=True)
        self._info: dict[str, Any] | None = None
        self._shared: str | None = None
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

    # --- clients and their messages -------------------------------------------------------------

    def attach(self, client: Client) -> None:
        """Connect ``client`` (a spectator until its ``hello`` names its seat); a table takes
        at most :data:`MAX_CLIENTS`."""
        if len(self.clients) >= MAX_CLIENTS:
            raise TableError(f"this table has {MAX_CLIENTS} connections, its most")
        self.clients.add(client)
        self.touched = self._clock()

    def detach(self, client: Client) -> None:
        """Disconnect ``client``; the others see its seat go offline."""
        self.clients.discard(client)
        if client.seat is not None:
            self._changed()

    def receive(self, client: Client, text: object) -> None:
        """Handle one message from ``client``. A message the table refuses changes nothing and
        is answered, to ``client`` alone, by a ``refused`` message whose text reveals nothing
        that the client may not see."""
        self.touched = self._clock()
        try:
            data = read_message(text)
            kind = data["kind"]
            if not client.greeted and kind != "hello":
                raise TableError('say "hello" first')
            if kind == "hello":
                self._hello(client, data)
            elif kind == "sit":
                self._sit(client, data)
            elif kind == "start":
                self._start(client, data)
            else:
                self._move(client, data)
        except IllegalMoveError as error:
            # Only the seat to act gets this far (apply checks the sender first): it may read
            # its own legal moves, which show its own hand.
            client.send(_refusal(f"{error} ({error.detail})" if error.detail else str(error)))
        except JassError as error:
            client.send(_refusal(str(error)))

    def _hello(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "hello"}``: a spectator; ``{"kind": "hello", "seat": 2, "token": "..."}``:
        the person of seat 2 comes back (a second tab, a reload, a new connection)."""
        _fields(data, ("kind", "seat", "token"))
        if client.greeted:
            raise TableError('"hello" comes once, first')
        seat = data.get("seat")
        if seat is not None:
            seat = _seat_number(seat, self.seats)
            player = self.players[seat]
            token = data.get("token")
            if player.kind != "human" or not isinstance(token, str) or not secrets.compare_digest(
                token.encode(), player.token.encode()
            ):
                raise TableError(f"that is not the token of seat {seat}")
        client.greeted = True
        client.seat = seat
        client.send(self.update_for(seat), update=True)
        if seat is not None:
            self._changed()  # the others see the seat online

    def _sit(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "sit", "seat": 1, "name": "Anna"}``: take an open seat before the game
        starts; the client is sent the seat's secret token (``seated``), its way back in."""
        _fields(data, ("kind", "seat", "name"))
        seat = _seat_number(data.get("seat"), self.seats)
        if client.seat is not None:
            raise TableError(f"you sit at seat {client.seat} already")
        if self.started:
            raise TableError("the game has started: every seat is taken")
        player = self.players[seat]
        if player.kind != "open":
            raise TableError(f"seat {seat} is taken")
        name = _name(data.get("name"), seat)
        self.players[seat] = Player("human", name, secrets.token_urlsafe(18))
        client.seat = seat
        client.send(json.dumps({"kind": "seated", "seat": seat, "token": self.players[seat].token}))
        self._say(None, f"{name} sits down at seat {seat}")
        self._changed()

    def _start(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "start"}``: a seated person starts the game; bots take the open seats."""
        _fields(data, ("kind",))
        if client.seat is None:
            raise TableError("take a seat to start the game")
        if self.started:
            raise TableError("the game has started already")
        for seat, player in enumerate(self.players):
            if player.kind == "open":
                self.players[seat] = Player("bot", f"{self.bot} bot {seat}", bot=make_bot(self.bot))
        # No seed: new_game draws a fresh random one, which only this table ever sees.
        self.state = self.initial = self.variant.new_game(self.rules)
        self._say(None, f"the game starts: {self.variant.title}")
        self._changed()

    def _move(self, client: Client, data: dict[str, Any]) -> None:
        """``{"kind": "move", "move": {...}}``: the move as ``jass/1`` JSON, read by the
        library's loader, which takes nothing but a move of this variant."""
        _fields(data, ("kind", "move"))
        if client.seat is None:
            raise TableError("you are watching: take a seat to play")
        if self.state is None:
            raise TableError("the game has not started")
        move = serial.from_dict(data.get("move"), expect=self.variant.move_types)
        self.play(client.seat, move)

    # --- the game --------------------------------------------------------------------------------

    def play(self, seat: int, move: Any) -> None:
        """``seat`` makes ``move``: ``apply`` refuses a seat that is not to act
        (:class:`~jass.errors.WrongSeatError`) and any move that is not among its legal moves
        (:class:`~jass.errors.IllegalMoveError`), and the state stays as it was."""
        if self.state is None:
            raise TableError("the game has not started")
        self.state = self.variant.apply(self.state, move, seat=seat)
        self.moves.append(move)
        self._say(seat, self.variant.text.public_move(move, self.rules))
        self._changed()

    def bot_to_act(self) -> int | None:
        """The seat to act if a bot sits there, else ``None``."""
        if self.state is None:
            return None
        seat = self.variant.to_act(self.state)
        return seat if seat is not None and self.players[seat].kind == "bot" else None

    def play_bot(self) -> None:
        """The bot to act chooses from what its seat may see, and plays through :meth:`play`."""
        seat, choose = self._bot_choice()
        self.play(seat, choose())

    def _bot_choice(self) -> tuple[int, Callable[[], Any]]:
        """The seat of the bot to act, and its choice to make: from the seat's observation and
        the legal moves of the state now (immutable values, so it may run in another thread)."""
        seat = self.bot_to_act()
        if seat is None:
            raise TableError("no bot is to act")
        bot = self.players[seat].bot
        assert bot is not None  # a bot's seat has its bot
        view, moves = self.variant.observe(self.state, seat), self.variant.legal_moves(self.state)
        return seat, lambda: bot.choose(view, moves)

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
            raise TableError("the record holds the game's seed: it is there once the game is over")
        return records.write_record(self.moves, self.initial, self.state)

    # --- what clients are sent -------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """What everybody may know of the table: its variant and rules, its players (built
        once a version; do not change it)."""
        if self._info is not None:
            return self._info
        online = collections.Counter(client.seat for client in self.clients)
        self._info = {
            "id": self.id,
            "variant": self.variant.name,
            "title": self.variant.title,
            "seats": self.seats,
            "teams": [list(team) for team in self.teams],
            "rules": self._rules_json,
            "bot": self.bot,
            "players": [
                {"kind": p.kind, "name": p.name, "online": p.kind == "bot" or online[seat] > 0}
                for seat, p in enumerate(self.players)
            ],
            "started": self.started,
            "over": self.over,
        }
        return self._info

    def update_for(self, seat: int | None) -> str:
        """The ``update`` message for ``seat`` (``None``: a spectator), as JSON text.

        Everything in it about the game comes from ``observe(state, seat)``: the observation
        itself (``jass/1``), the seat's legal moves with their words (sent only to the seat
        to act), and the facts the page writes (:func:`describe`); besides, the table's
        public :meth:`info`, the log of public moves, and, once the game is over, the result.
        ``version`` grows with every change (a seat going offline too), ``moves_made`` with
        every move: a client answers the moves of an update whose ``moves_made`` it has not
        answered yet.
        """
        found = self._updates.get(seat)
        if found is not None:
            return found
        message: dict[str, Any] = {
            "kind": "update", "version": self.version, "moves_made": len(self.moves), "seat": seat,
            "observation": None, "moves": [], "facts": None, "result": None,
        }
        state = self.state
        if state is not None:
            variant = self.variant
            view = variant.observe(state, seat)
            message["observation"] = serial.to_dict(view)
            if seat is not None and variant.to_act(state) == seat:
                message["moves"] = [{"move": serial.to_dict(move), "label": str(move)}
                                    for move in variant.legal_moves(state)]
            message["facts"] = describe(view, variant)
            if variant.is_over(state):
                message["result"] = {
                    "standings": list(variant.standings(state)),
                    "standing_name": variant.standing_name,
                    "winner": variant.winner(state),
                    "record": f"/tables/{self.id}/record",
                }
        if self._shared is None:  # the same for every seat: written as JSON once a version
            self._shared = json.dumps({"table": self.info(), "log": self.log[-LOG_SHOWN:]}, ensure_ascii=False)
        # Two JSON objects joined into one: '{"kind": ..., "result": null' + ', "table": ...}'.
        text = self._updates[seat] = json.dumps(message, ensure_ascii=False)[:-1] + ", " + self._shared[1:]
        return text

    def _say(self, seat: int | None, text: str) -> None:
        self.log.append({"number": len(self.log) + 1, "seat": seat, "text": text})

    def _changed(self) -> None:
        """After every change: a new version, an update for every client, the bots woken."""
        self.version += 1
        self.touched = self._clock()
        self._updates.clear()
        self._info = self._shared = None
        for client in self.clients:
            if client.greeted:
                client.send(self.update_for(client.seat), update=True)
        self._wake_bots()

    def _wake_bots(self) -> None:
        if self.bot_to_act() is None or (self._driver is not None and not self._driver.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop: whoever drives the table calls play_bots()
        self._driver = loop.create_task(self._drive())

    async def _drive(self) -> None:
        """Play the bots' moves while one is due, each after ``bot_delay`` seconds. A bot
        chooses in a worker thread: a search bot thinks for a good part of a second, and the
        event loop serves every other table and connection meanwhile."""
        try:
            while self.bot_to_act() is not None:
                await asyncio.sleep(self.bot_delay)
                if self.bot_to_act() is None:
                    continue
                state = self.state
                seat, choose = self._bot_choice()
                move = await asyncio.to_thread(choose)
                if self.state is state:  # nobody else may move meanwhile; checked all the same
                    self.play(seat, move)
        except Exception:  # a bug in a bot or a variant: the table stops, the server goes on
            _logger.exception("table %s: a bot's move failed", self.id)


def _refusal(text: str) -> str:
    return json.dumps({"kind": "refused", "message": text}, ensure_ascii=False)


class Lobby:
    """Every table of one server, by id.

    ``max_tables`` bounds the tables held at once; a table nobody has touched for
    ``idle_seconds`` (a finished one after a tenth of it) makes room for a new one.
    """

    def __init__(
        self, *, max_tables: int = 1_000, idle_seconds: float = 6 * 3600, bot_delay: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tables: dict[str, Table] = {}
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.bot_delay = bot_delay
        self._clock = clock

    def create(
        self, variant: str, *, preset: str | None = None, rules: object = None, bot: str = DEFAULT_BOT,
    ) -> Table:
        """A new table for ``variant`` (a name or alias) with the rules of ``preset``, or
        ``rules`` (a rules object as ``jass/1`` JSON, read by the library's loader), or the
        variant's defaults."""
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
        self._make_room()
        table_id = secrets.token_urlsafe(9)
        table = Table(table_id, found, chosen, bot, bot_delay=self.bot_delay, clock=self._clock)
        self.tables[table_id] = table
        return table

    def create_from(self, body: bytes | str) -> Table:
        """A new table from the JSON of a request: ``{"variant": "schieber", "preset":
        "swisslos", "bot": "rule"}`` (``"rules"`` instead of ``"preset"``: a rules object as
        ``jass/1`` JSON). There is no field for a seed or a deal: nobody chooses those."""
        data = _parse(body, MAX_REQUEST, "request", "bytes")
        if not isinstance(data, dict):
            raise TableError('expected an object such as {"variant": "schieber", "preset": "swisslos"}')
        _only(data, ("variant", "preset", "rules", "bot"), "a new table")
        variant = data.get("variant")
        if not isinstance(variant, str):
            raise TableError('expected "variant": the name of a variant')
        bot = data.get("bot", DEFAULT_BOT)
        if not isinstance(bot, str):
            raise TableError(f'expected "bot": one of {", ".join(BOTS)}')
        return self.create(variant, preset=data.get("preset"), rules=data.get("rules"), bot=bot)

    def get(self, table_id: str) -> Table:
        """The table called ``table_id``; a :class:`TableError` if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("there is no such table (it may have ended long ago)")
        return table

    def _make_room(self) -> None:
        now = self._clock()
        for table_id, table in list(self.tables.items()):
            idle = now - table.touched
            if not table.clients and (idle > self.idle_seconds or (table.over and idle > self.idle_seconds / 10)):
                del self.tables[table_id]
        if len(self.tables) >= self.max_tables:
            raise TableError(f"this server holds {self.max_tables} tables, its most: try again later")


# --- the facts a page writes of an observation -------------------------------------------------------

#: Fields of an observation the page draws itself (cards, seats, whose turn); every other
#: field is a fact in words (:func:`describe`).
DRAWN: Final = frozenset({
    "seat", "to_act", "dealer", "hand", "hand_sizes", "trick", "trick_leader", "tricks", "legal_moves",
    "rules", "history", "phase", "round_number",
})
#: Words for some fields; any other field is written by its name.
LABELS: Final = {
    "declared_points": "Weis declared", "shown_weis": "Weis shown", "own_weis": "your Weis",
    "stoeck_team": "Stöck", "round_points": "this round", "face_up": "face-up card",
    "top_card": "on the talon", "turned": "turned card", "swapped_by": "trump 6 swapped by",
}


def describe(view: Any, variant: AnyVariant) -> dict[str, list[dict[str, Any]]]:
    """What a page writes of an observation besides what it draws (:data:`DRAWN`), in words:
    facts of the ``table`` (``{"field", "label", "value"}``), of each team and of each seat
    (``{"field", "label", "values"}``, one value per team or seat). Built from the
    observation alone, so it shows nothing the observation does not; fields that hold
    nothing yet (``None``, a count of 0, empty) are left out.

    >>> from jass import schieber
    >>> state = schieber.apply(schieber.new_game(seed=1), schieber.ChooseTrump("rosen"))
    >>> facts = describe(schieber.observe(state, 0), schieber.VARIANT)
    >>> facts["table"]
    [{'field': 'trump', 'label': 'trump', 'value': 'Rosen ♠'}]
    >>> facts["teams"][0]
    {'field': 'scores', 'label': 'scores', 'values': ['0', '0']}
    """
    table: list[dict[str, Any]] = []
    teams: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    # The table's teams: the rules of the observation may choose the number of players.
    seating = variant.teams_for(getattr(view, "rules", None))
    count_teams, count_seats = len(seating), sum(len(team) for team in seating)
    for field in attrs.fields(type(view)):
        name = field.name
        value = getattr(view, name)
        if name in DRAWN or _nothing(value, name):
            continue
        label = LABELS.get(name, name.replace("_", " "))
        if isinstance(value, tuple) and not all(isinstance(item, Weis) for item in value):
            if all(item is None or item == () for item in value):
                continue
            values = [_words(item, name, seating) for item in value]
            if len(value) == count_teams:
                teams.append({"field": name, "label": label, "values": values})
                continue
            if len(value) == count_seats:
                seats.append({"field": name, "label": label, "values": values})
                continue
        table.append({"field": name, "label": label, "value": _words(value, name, seating)})
    return {"table": table, "teams": teams, "seats": seats}


def _names_team(name: str) -> bool:
    """True for a field that holds the index of a team (``stoeck_team``, ``winner``)."""
    return name.endswith("_team") or name == "winner"


def _names_seat(name: str) -> bool:
    """True for a field that holds a seat (``swapped_by``)."""
    return name.endswith("_by")


def _nothing(value: object, name: str) -> bool:
    """True for a value that holds nothing yet: ``None``, ``False``, a count of 0 (not team or
    seat 0), nothing in it."""
    if value is None or value is False:
        return True
    if type(value) is int:
        return value == 0 and not (_names_team(name) or _names_seat(name))
    return isinstance(value, (tuple, CardSet)) and not value


def _words(value: object, name: str, seating: tuple[tuple[int, ...], ...]) -> str:
    """One value of an observation in words (``seating``: the table's teams)."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (Trump, PerTrickMode)):  # a round's mode, Slalom and Guschti too
        return f"{value} {value.symbol}"
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, CardSet):
        return " ".join(card.symbol for card in value) or "–"
    if isinstance(value, enum.Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, int) and _names_team(name):
        team = seating[value]
        return f"seat {team[0]}" if len(team) == 1 else "seats " + "+".join(map(str, team))
    if isinstance(value, int) and _names_seat(name):
        return f"seat {value}"
    if isinstance(value, tuple):
        return "; ".join(_words(item, "", seating) for item in _flat(value)) or "–"
    return str(value)


def _flat(values: Iterable[object]) -> Iterable[object]:
    for value in values:
        if isinstance(value, tuple):
            yield from _flat(value)
        else:
            yield value
