"""Strict JSON text: what every reader of untrusted JSON in the library parses with
(:func:`jass.serial.loads`, records, the jass-kit formats). It refuses what Python's ``json``
accepts but a format should not: NaN and Infinity, numbers of more than 80 digits, a key twice
in one object, and texts longer than a limit; every refusal is a
:class:`~jass.errors.SerialError`.

>>> parse_json('{"a": 1}')
{'a': 1}
>>> parse_json('{"a": 1, "a": 2}')
Traceback (most recent call last):
jass.errors.SerialError: $: the field 'a' appears twice in one object
"""

from __future__ import annotations

import json
from typing import Any, Final, NoReturn

from jass.errors import SerialError, describe_value

__all__ = ["MAX_TEXT", "parse_json"]

#: The longest JSON text read (characters).
MAX_TEXT: Final = 10_000_000


def _fail(message: str) -> NoReturn:
    raise SerialError(message)


def _no_constant(name: str) -> Any:
    _fail(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text) > 80:
        _fail(f"a number of {len(text)} digits: numbers in this format have at most 80")
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            _fail(f"the field {describe_value(key)} appears twice in one object")
        data[key] = value
    return data


#: The strict decoder, made once (``json.loads`` with hooks makes a new one for every text).
_DECODER: Final = json.JSONDecoder(parse_constant=_no_constant, parse_int=_bounded_int, object_pairs_hook=_unique_keys)


def parse_json(text: Any, limit: int = MAX_TEXT) -> Any:
    """Parse JSON text strictly: no NaN or Infinity, no number of more than 80 digits,
    no key twice in an object, at most ``limit`` characters; errors are
    :class:`~jass.errors.SerialError`."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            _fail(f"not UTF-8 text: {error}")
    if not isinstance(text, str):
        _fail(f"expected JSON text, got {describe_value(text)}")
    if len(text) > limit:
        _fail(f"the text has {len(text)} characters; at most {limit} are read")
    try:
        return _DECODER.decode(text)
    except SerialError:
        raise
    except RecursionError:
        _fail("the JSON text is nested too deeply")
    except ValueError as error:  # json.JSONDecodeError, or a float/int the parser refuses
        _fail(f"not valid JSON: {error}")
