"""What a client sends to ``jass serve``, checked before it reaches a table: every message and
every request is short JSON, read by the library's strict parser, and every text in it (a name,
a row of a Coiffeur slate, a key) is text people can read: no lone surrogate, no control
character, no bidirectional override.

>>> read_message('{"kind": "sit", "seat": 1, "name": "Anna"}')
{'kind': 'sit', 'seat': 1, 'name': 'Anna'}
>>> read_message('{"kind": "sit", "seat": 1, "name": "\\\\u202eannA"}')
Traceback (most recent call last):
jass.serve.inputs.TableError: $.name: U+202E (a bidirectional control) is not allowed in a text
>>> clean_name("  Anna   Muster ", 0), clean_name(None, 2)
('Anna Muster', 'seat 2')
"""

from __future__ import annotations

import unicodedata
from typing import Any, Final

from jass import serial
from jass.errors import JassError, SerialError

__all__ = [
    "MAX_MESSAGE",
    "MAX_REQUEST",
    "MAX_NAME",
    "KINDS",
    "TableError",
    "LimitError",
    "read_message",
    "read_request",
    "check_text",
    "clean_name",
    "only_fields",
]

#: The longest message a client may send, in characters (a move is a few dozen).
MAX_MESSAGE: Final = 2_000
#: The longest request to create a table, in bytes (its rules as JSON included).
MAX_REQUEST: Final = 8_000
#: The longest name a player may give.
MAX_NAME: Final = 24
#: The kinds of message a client may send.
KINDS: Final = ("hello", "sit", "start", "move", "deck")
#: Characters that change the direction of the text around them (Unicode's bidirectional
#: controls): in a name they would turn the words of the page around them.
BIDI_CONTROLS: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: The general categories of characters no text from a client may hold: controls (NUL, new
#: lines, escapes), lone surrogates (which no encoding writes), separators of lines and
#: paragraphs.
_REFUSED_CATEGORIES: Final = {
    "Cc": "a control character", "Cs": "a lone surrogate", "Zl": "a line separator", "Zp": "a paragraph separator",
}


class TableError(JassError):
    """A message or request the server refuses (a seat already taken, a wrong token, a game
    not started, a text that is not text): its text is safe to send to whoever sent it."""


class LimitError(TableError):
    """A refusal by one of the server's limits (:class:`jass.serve.limits.Limits`): too many
    tables, connections or messages. ``status`` is the HTTP status that says so (429: slow
    down; 503: the server is full), ``retry_after`` the seconds after which it may be tried
    again (``None``: no telling)."""

    def __init__(self, message: str, *, status: int = 429, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


def _refused_character(char: str) -> str | None:
    """Why ``char`` may not be in a text from a client, or ``None`` if it may."""
    if char in BIDI_CONTROLS:
        return "a bidirectional control"
    category = unicodedata.category(char)
    if category in _REFUSED_CATEGORIES:
        return _REFUSED_CATEGORIES[category]
    if category == "Cn" and (0xFDD0 <= ord(char) <= 0xFDEF or ord(char) & 0xFFFE == 0xFFFE):
        return "a noncharacter"
    return None


def check_text(value: object, path: str = "$") -> None:
    """Refuse a text anywhere in ``value`` (JSON as read: strings, numbers, lists, objects and
    their keys) that holds a character people cannot read or that would garble the page: a
    :class:`TableError` that names the place and the character by its code point, never the
    character itself (a lone surrogate could not even be sent back)."""
    if isinstance(value, str):
        if value.isascii() and value.isprintable():  # the common case, at C speed
            return
        for char in value:
            reason = _refused_character(char)
            if reason is not None:
                raise TableError(f"{path}: U+{ord(char):04X} ({reason}) is not allowed in a text")
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(key, path)
            check_text(item, f"{path}.{key}" if key.isascii() and key.isprintable() else path)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_text(item, f"{path}[{index}]")


def _parse(text: str | bytes, limit: int, what: str, unit: str) -> Any:
    """JSON text of at most ``limit`` characters or bytes, read by the library's strict parser,
    every text in it checked (:func:`check_text`)."""
    if len(text) > limit:
        raise TableError(f"a {what} of {len(text)} {unit}: at most {limit} are read")
    try:
        data = serial.parse_json(text, limit=limit)
    except SerialError as error:
        raise TableError(f"not a {what}: {error.reason}") from None
    # Text without escapes, all printable ASCII, holds only such strings: nothing to check.
    if not (isinstance(text, str) and text.isascii() and text.isprintable() and "\\" not in text):
        check_text(data)
    return data


def read_message(text: object) -> dict[str, Any]:
    """A client's message: a JSON object of at most :data:`MAX_MESSAGE` characters whose
    ``"kind"`` is one of :data:`KINDS`, read with the library's strict JSON parser
    (:func:`jass.serial.parse_json`), every text in it checked (:func:`check_text`). Anything
    else is a :class:`TableError`.

    >>> read_message('{"kind": "start"}')
    {'kind': 'start'}
    >>> read_message('{"kind": "deal", "hands": []}')
    Traceback (most recent call last):
    jass.serve.inputs.TableError: expected a message with "kind": one of hello, sit, start, move, deck
    """
    if not isinstance(text, str):
        raise TableError("a message is JSON text")
    data = _parse(text, MAX_MESSAGE, "message", "characters")
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise TableError(f'expected a message with "kind": one of {", ".join(KINDS)}')
    return data


def read_request(body: bytes | str) -> dict[str, Any]:
    """A request to create a table: a JSON object of at most :data:`MAX_REQUEST` bytes, every
    text in it checked (:func:`check_text`)."""
    data = _parse(body, MAX_REQUEST, "request", "bytes")
    if not isinstance(data, dict):
        raise TableError('expected an object such as {"variant": "schieber", "preset": "swisslos"}')
    return data


def only_fields(data: dict[str, Any], allowed: tuple[str, ...], what: str) -> None:
    """Refuse a field that ``what`` does not have (a ``"seed"``, say)."""
    for key in data:
        if key not in allowed:
            raise TableError(f"{what} has no field {key[:40]!r} (its fields: {', '.join(allowed)})")


def clean_name(value: object, seat: int) -> str:
    """A player's name as people will read it: printable, single-spaced, at most
    :data:`MAX_NAME` characters; ``seat N`` when none is given."""
    if value is None:
        return f"seat {seat}"
    if not isinstance(value, str):
        raise TableError("a name is a string")
    check_text(value, "$.name")
    name = " ".join("".join(ch for ch in value if ch.isprintable()).split())
    if len(name) > MAX_NAME:
        raise TableError(f"a name has at most {MAX_NAME} characters")
    return name or f"seat {seat}"
