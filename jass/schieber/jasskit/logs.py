"""jass-kit's log entries and the Swisslos log lines it reads.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Final

import attrs

from jass._json import parse_json
from jass.errors import SerialError, describe_value
from jass.schieber.jasskit.games import Game, read_game

__all__ = ["LogEntry", "read_log_entry", "SwisslosLine", "read_swisslos_line", "write_swisslos_line"]


_DATE: Final = "%d.%m.%y %H:%M:%S"


@attrs.frozen
class LogEntry:
    """One line of jass-kit's game log files (``GameLogEntry``): a finished game, the date
    and the players' ids."""

    game: Game
    date: datetime | None
    player_ids: tuple[Any, ...]

    def to_json(self) -> dict[str, Any]:
        """The entry as jass-kit writes it."""
        return {
            "game": self.game.to_json(),
            "date": None if self.date is None else self.date.strftime(_DATE),
            "player_ids": list(self.player_ids),
        }


def _players(data: Any, path: str) -> tuple[Any, ...]:
    if not isinstance(data, list) or len(data) != 4:
        raise SerialError(f"expected the 4 players' ids, got {describe_value(data)}", path)
    for i, player in enumerate(data):
        if not (isinstance(player, str) and len(player) <= 100) and not (
            isinstance(player, int) and not isinstance(player, bool) and abs(player) < 2**63
        ):
            raise SerialError(f"expected a player id (an int or a short string), got {describe_value(player)}",
                              f"{path}[{i}]")
    return tuple(data)


def _date(text: Any, path: str) -> datetime:
    if not isinstance(text, str) or len(text) != 17 or not text.isascii():  # strptime reads any script's digits
        raise SerialError(f"expected a date such as '27.11.17 20:10:08', got {describe_value(text)}", path)
    try:
        return datetime.strptime(text, _DATE)
    except ValueError:
        raise SerialError(f"expected a date such as '27.11.17 20:10:08', got {describe_value(text)}", path) from None


def _nested_game(data: Any, path: str, ignore_unknown: bool) -> Game:
    try:
        return read_game(data, ignore_unknown=ignore_unknown)
    except SerialError as error:
        raise SerialError(error.reason, path + error.path[1:]) from None


def read_log_entry(data: Any, *, ignore_unknown: bool = False) -> LogEntry:
    """Read one entry of jass-kit's game log files: ``{"game": ..., "date": ..., "player_ids": [...]}``
    (a dict, or JSON text)."""
    if isinstance(data, (str, bytes, bytearray)):
        data = parse_json(data)
    if not isinstance(data, dict) or set(data) != {"game", "date", "player_ids"}:
        raise SerialError("expected an object with the fields 'game', 'date' and 'player_ids'")
    game = _nested_game(data["game"], "$.game", ignore_unknown)
    date = None if data["date"] is None else _date(data["date"], "$.date")
    return LogEntry(game, date, _players(data["player_ids"], "$.player_ids"))


@attrs.frozen
class SwisslosLine:
    """One line of a Swisslos server log as jass-kit reads it: the date, the four players'
    ids and the rounds played between them (``None`` for a round the log leaves empty)."""

    date: datetime | None
    players: tuple[Any, ...]
    rounds: tuple[Game | None, ...]

    def complete_games(self) -> tuple[Game, ...]:
        """The rounds with all 36 cards played (the ones jass-kit keeps)."""
        return tuple(game for game in self.rounds if game is not None and game.played == 36)


def read_swisslos_line(line: str, *, ignore_unknown: bool = False) -> SwisslosLine:
    """Read one line of a Swisslos log: ``27.11.17 20:10:08,140 | INFO |  |  |  |  | {...}``.

    As jass-kit's ``LogParserSwisslos``: the JSON starts at the first ``{``; when it
    starts after the 17th character, the line begins with the date
    (``%d.%m.%y %H:%M:%S``, then milliseconds, which are kept); the JSON holds ``rounds`` (games, or ``null``) and
    optionally ``players`` (default ``[0, 0, 0, 0]``). Every round is read with
    :func:`read_game` (paths in errors are within the JSON).
    """
    if not isinstance(line, str):
        raise SerialError(f"expected a line of text, got {describe_value(line)}")
    start = line.find("{")
    if start == -1:
        raise SerialError("no JSON in the line (it starts at the first '{')")
    date = _date(line[:17], "$.date") if start > 17 else None
    millis = line[18:21]
    if date is not None and line[17:18] == "," and millis.isascii() and millis.isdigit():  # not "²²²" or "١٢٣"
        date = date.replace(microsecond=int(millis) * 1000)  # the milliseconds, which jass-kit drops
    data = parse_json(line[start:])
    if not isinstance(data, dict):
        raise SerialError("expected an object with the 'rounds'")
    for key in data:
        if key not in ("players", "rounds") and not ignore_unknown:
            raise SerialError(f"unknown field {describe_value(key)} (pass ignore_unknown=True to skip it)")
    players = _players(data.get("players", [0, 0, 0, 0]), "$.players")
    raw = data.get("rounds")
    if not isinstance(raw, list) or len(raw) > 10_000:
        raise SerialError(f"expected a list of rounds, got {describe_value(raw)}", "$.rounds")
    rounds = tuple(None if r is None else _nested_game(r, f"$.rounds[{i}]", ignore_unknown) for i, r in enumerate(raw))
    return SwisslosLine(date, players, rounds)


def write_swisslos_line(line: SwisslosLine) -> str:
    """A line that :func:`read_swisslos_line` (and jass-kit) read back as ``line``."""
    data = json.dumps({"players": list(line.players), "rounds": [None if g is None else g.to_json() for g in line.rounds]},
                      separators=(",", ":"))
    if line.date is None:
        return data
    millis = line.date.microsecond // 1000
    return f"{line.date.strftime(_DATE)},{millis:03d} | INFO |  |  |  |  | {data}"
