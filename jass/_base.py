"""Validators for the library's frozen attrs classes, and the enum base with a readable repr.

Every class that JSON can load states its ranges once, here, with these validators: building a
value by hand and loading it from JSON check the same thing. A failed check raises the error
class the field's owner names (:class:`~jass.errors.InvalidRulesError` for rules,
:class:`~jass.errors.IllegalMoveError` for moves, :class:`~jass.errors.InvalidStateError` for
states, observations and scores), a ``ValueError``, never a bare ``TypeError``; the error's
``field``, ``index`` and ``expected`` say what was wrong, so that :mod:`jass.serial` can name
the JSON path.

>>> from jass.errors import InvalidStateError
>>> import attrs
>>> @attrs.frozen
... class Example:
...     seats: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 3), 2, 2, error=InvalidStateError))
>>> Example((1, 7))
Traceback (most recent call last):
jass.errors.InvalidStateError: seats[1]=7: expected an int 0..3
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from jass.cards import Card, CardSet
from jass.errors import InvalidRulesError, JassError, SerialError

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


class _Rule:
    """A validator made of a check, with the text of what it expects (for nesting)."""

    __slots__ = ("check", "error")

    def __init__(self, check: Callable[[Any], tuple[str, int | None] | None], error: type[JassError]) -> None:
        self.check = check
        self.error = error

    def __call__(self, instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        problem = self.check(value)
        if problem is not None:
            expected, index = problem
            where = attribute.name if index is None else f"{attribute.name}[{index}]"
            shown = value if index is None else value[index]
            error = self.error(f"{where}={shown!r:.60}: expected {expected}")
            error.field = attribute.name  # type: ignore[attr-defined]
            error.index = index  # type: ignore[attr-defined]
            error.expected = expected  # type: ignore[attr-defined]
            error.got = _size(shown)  # type: ignore[attr-defined]
            raise error


def _size(value: Any) -> str | None:
    """What a wrong value was, when its size tells (a set of cards, a tuple)."""
    if type(value) is CardSet:
        return str(len(value))
    if type(value) is tuple:
        return str(len(value))
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(check: Callable[[Any], str | None]) -> Callable[[Any], tuple[str, int | None] | None]:
    def run(value: Any) -> tuple[str, int | None] | None:
        expected = check(value)
        return None if expected is None else (expected, None)

    return run


def instance_of(kind: type, *, optional: bool = False, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept only instances of ``kind`` (a ``bool`` is not an ``int`` here), and ``None`` when
    ``optional``."""
    name = kind.__name__
    expected = f"{'None or ' if optional else ''}{'an' if name[0] in 'AEIOU' else 'a'} {name}"

    def check(value: Any) -> str | None:
        if optional and value is None:
            return None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return expected
        return None

    return _Rule(_plain(check), error)


def int_in(low: int, high: int, *, optional: bool = False, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept an int from ``low`` to ``high`` (and ``None`` when ``optional``)."""
    expected = f"{'None or ' if optional else ''}an int {low}..{high}"

    def check(value: Any) -> str | None:
        if optional and value is None:
            return None
        if not _is_int(value) or not low <= value <= high:
            return expected
        return None

    return _Rule(_plain(check), error)


def one_of(*values: Any, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept exactly one of ``values`` (compared by type and value)."""
    expected = "one of " + ", ".join(repr(v) for v in values)

    def check(value: Any) -> str | None:
        if not any(type(value) is type(v) and value == v for v in values):
            return expected
        return None

    return _Rule(_plain(check), error)


def tuple_of(item: _Rule, low: int, high: int, *, optional: bool = False,
             error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept a tuple of ``low`` to ``high`` items, each accepted by ``item`` (and ``None``
    when ``optional``)."""
    size = str(low) if low == high else f"{low}..{high}"
    expected = f"{'None or ' if optional else ''}{size} items"

    def check(value: Any) -> tuple[str, int | None] | None:
        if optional and value is None:
            return None
        if type(value) is not tuple or not low <= len(value) <= high:
            return expected, None
        inner = item.check
        for index, element in enumerate(value):
            problem = inner(element)
            if problem is not None:
                return problem[0], index
        return None

    return _Rule(check, error)


def cards_in(low: int = 0, high: int = 36, *, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept a :class:`~jass.cards.CardSet` of ``low`` to ``high`` cards."""
    size = str(low) if low == high else f"{low}..{high}"
    expected = f"{size} cards"

    def check(value: Any) -> str | None:
        if type(value) is not CardSet or not low <= len(value) <= high:
            return expected
        return None

    return _Rule(_plain(check), error)


def cards_in_order(low: int, high: int, *, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept a tuple of ``low`` to ``high`` different cards (a trick, a deck: their order
    matters)."""
    size = str(low) if low == high else f"{low}..{high}"
    expected = f"{size} different cards"

    def check(value: Any) -> str | None:
        if type(value) is not tuple or not low <= len(value) <= high:
            return expected
        if not all(type(card) is Card for card in value) or len(set(value)) != len(value):
            return expected
        return None

    return _Rule(_plain(check), error)


class NamedEnum(enum.Enum):
    """An enum whose repr is its qualified name (``Phase.PLAY``), as written in code."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


# --- the fields JSON writes, and where two values differ ------------------------------------------


def json_fields(cls: type) -> tuple[str, ...]:
    """The fields JSON writes for the attrs class ``cls``, in order: its ``JSON_FIELDS`` if it
    says (a card play writes its hands, a state its setting's fields flat), else its fields."""
    fields: tuple[str, ...] | None = getattr(cls, "JSON_FIELDS", None)
    if fields is None:
        fields = tuple(field.name for field in attrs.fields(cls))
    return fields


def first_difference(claimed: Any, derived: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place where two values differ, walking the written fields and tuples (so that
    the path names a field of the JSON): (path, one value, the other), or ``None``."""
    if claimed == derived and type(claimed) is type(derived):
        return None
    if type(claimed) is type(derived) and attrs.has(type(claimed)):
        for name in json_fields(type(claimed)):
            found = first_difference(getattr(claimed, name), getattr(derived, name), f"{path}.{name}")
            if found is not None:
                return found
    elif isinstance(claimed, tuple) and isinstance(derived, tuple) and len(claimed) == len(derived):
        for i, (a, b) in enumerate(zip(claimed, derived)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
    return (path, claimed, derived)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 100 else text[:97] + "..."


def check_same(claimed: Any, derived: Any, path: str, how: str) -> None:
    """Raise :class:`~jass.errors.SerialError` at the first field where ``claimed`` (what was
    loaded) differs from ``derived`` (what ``how`` gives)."""
    found = first_difference(claimed, derived, path)
    if found is not None:
        where, said, right = found
        raise SerialError(f"is {_short(said)}, but {how} gives {_short(right)}", where)
