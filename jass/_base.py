"""Validators for the frozen ``Rules`` classes: they raise the library's own
:class:`~jass.errors.InvalidRulesError` (a ``ValueError``), never a bare ``TypeError``."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from jass.errors import InvalidRulesError

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def instance_of(kind: type) -> Validator:
    """Accept only instances of ``kind`` (a ``bool`` is not an ``int`` here)."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise InvalidRulesError(f"{attribute.name}={value!r}: expected {kind.__name__}")

    return check


def int_in(low: int, high: int, *, optional: bool = False) -> Validator:
    """Accept an int from ``low`` to ``high`` (and ``None`` when ``optional``)."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if optional and value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            expected = f"an int {low}..{high}"
            raise InvalidRulesError(
                f"{attribute.name}={value!r}: expected {'None or ' if optional else ''}{expected}"
            )

    return check


class NamedEnum(enum.Enum):
    """An enum whose repr is its qualified name (``Phase.PLAY``), as written in code."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

