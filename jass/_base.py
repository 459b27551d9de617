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
import sys
from collections.abc import Callable
from typing import Any, Final

import attrs

from jass.cards import Card, CardSet
from jass.errors import InvalidRulesError, JassError, SerialError

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


class _Rule:
    """A validator: ``ok(value)`` says whether a value passes (the fast path, one call), and
    ``problem(value)`` says, for a value that fails, what was expected and at which index;
    ``expected`` says what passes, for people (:mod:`jass.options` shows it)."""

    __slots__ = ("ok", "problem", "error", "expected")

    def __init__(self, ok: Callable[[Any], bool], problem: Callable[[Any], tuple[str, int | None]],
                 error: type[JassError], expected: str = "") -> None:
        self.ok = ok
        self.problem = problem
        self.error = error
        self.expected = expected

    def __call__(self, instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not self.ok(value):
            raise self.failure(attribute.name, value)

    def failure(self, name: str, value: Any) -> JassError:
        """The error of ``value`` in the field ``name``: what was expected, where, and what came."""
        expected, index = self.problem(value)
        where = name if index is None else f"{name}[{index}]"
        shown = value if index is None else value[index]
        error = self.error(f"{where}={shown!r:.60}: expected {expected}")
        error.field = name  # type: ignore[attr-defined]
        error.index = index  # type: ignore[attr-defined]
        error.expected = expected  # type: ignore[attr-defined]
        error.got = _size(shown)  # type: ignore[attr-defined]
        return error


def _size(value: Any) -> str | None:
    """What a wrong value was, when its size tells (a set of cards, a tuple)."""
    if type(value) is CardSet or type(value) is tuple:
        return str(len(value))
    return None


def _simple(ok: Callable[[Any], bool], expected: str, error: type[JassError]) -> _Rule:
    return _Rule(ok, lambda value: (expected, None), error, expected)


def instance_of(
    kind: type | tuple[type, ...], *, optional: bool = False, error: type[JassError] = InvalidRulesError
) -> _Rule:
    """Accept only instances of ``kind`` (a ``bool`` is not an ``int`` here; a tuple of classes
    accepts any of them), and ``None`` when ``optional``."""
    names = [k.__name__ for k in kind] if isinstance(kind, tuple) else [kind.__name__]
    named = " or ".join(f"{'an' if name[0] in 'AEIOU' else 'a'} {name}" for name in names)
    expected = f"{'None or ' if optional else ''}{named}"
    if kind is int:
        def ok(value: Any) -> bool:
            return (optional and value is None) or (type(value) is int)
    elif optional:
        def ok(value: Any) -> bool:
            return value is None or isinstance(value, kind)
    else:
        def ok(value: Any) -> bool:
            return isinstance(value, kind)
    return _simple(ok, expected, error)


def int_in(low: int, high: int, *, optional: bool = False, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept an int from ``low`` to ``high`` (and ``None`` when ``optional``)."""
    expected = f"{'None or ' if optional else ''}an int {low}..{high}"
    if optional:
        def ok(value: Any) -> bool:
            return value is None or (type(value) is int and low <= value <= high)
    else:
        def ok(value: Any) -> bool:
            return type(value) is int and low <= value <= high
    return _simple(ok, expected, error)


def one_of(*values: Any, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept exactly one of ``values`` (compared by type and value)."""
    expected = "one of " + ", ".join(repr(v) for v in values)
    allowed = frozenset((type(v), v) for v in values)

    def ok(value: Any) -> bool:
        try:
            return (type(value), value) in allowed
        except TypeError:  # unhashable
            return False

    return _simple(ok, expected, error)


def tuple_of(item: _Rule, low: int, high: int, *, optional: bool = False,
             error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept a tuple of ``low`` to ``high`` items, each accepted by ``item`` (and ``None``
    when ``optional``)."""
    size = str(low) if low == high else f"{low}..{high}"
    expected = f"{'None or ' if optional else ''}{size} items"
    item_ok = item.ok

    def ok(value: Any) -> bool:
        if value is None:
            return optional
        if type(value) is not tuple or not low <= len(value) <= high:
            return False
        for element in value:
            if not item_ok(element):
                return False
        return True

    def problem(value: Any) -> tuple[str, int | None]:
        if type(value) is not tuple or not low <= len(value) <= high:
            return expected, None
        for index, element in enumerate(value):
            if not item_ok(element):
                return item.problem(element)[0], index
        return expected, None  # pragma: no cover - ok() said the tuple fails

    return _Rule(ok, problem, error, f"{expected}, each {item.expected}" if item.expected else expected)


def cards_in(low: int = 0, high: int = 36, *, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept a :class:`~jass.cards.CardSet` of ``low`` to ``high`` cards."""
    size = str(low) if low == high else f"{low}..{high}"

    def ok(value: Any) -> bool:
        return type(value) is CardSet and low <= value.bits.bit_count() <= high

    return _simple(ok, f"{size} cards", error)


def cards_in_order(low: int, high: int, *, error: type[JassError] = InvalidRulesError) -> _Rule:
    """Accept a tuple of ``low`` to ``high`` different cards (a trick, a deck: their order
    matters)."""
    size = str(low) if low == high else f"{low}..{high}"

    def ok(value: Any) -> bool:
        return (
            type(value) is tuple and low <= len(value) <= high
            and all(type(card) is Card for card in value) and len(set(value)) == len(value)
        )

    return _simple(ok, f"{size} different cards", error)


@attrs.frozen
class NotSupported:
    """A rule from a source that the library cannot play yet: the rules pages list it under "Not
    supported" and ``jass rules`` prints it (a ``Rules`` class names its own in
    ``NOT_SUPPORTED``)."""

    #: The rule, in a few words (reST).
    rule: str
    #: Where it comes from, with the source's words (reST).
    sources: str
    #: The name an option for it would have: when an option of that name exists, a test says
    #: that the rule is no longer "not supported".
    option: str


class NamedEnum(enum.Enum):
    """An enum whose repr is its qualified name (``Phase.PLAY``), as written in code."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


# --- the fields JSON writes, and where two values differ ------------------------------------------


#: The metadata key of a field added to a class after JSON texts of it were written: a text
#: may lack it and then reads as its default (``attrs.field(..., metadata={ADDED: True})``).
ADDED: Final = "jass.json.added"

#: The attrs metadata of an option added after the ``jass/1`` JSON format was fixed: a field
#: :data:`ADDED` later that :mod:`jass.serial` also writes only when it differs from its
#: default, so the JSON of every value that does not use it is what it was.
LATER_OPTION: dict[str, Any] = {ADDED: True, "jass_json": "omit_default"}


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


def public_name(cls: type) -> str:
    """The dotted name users know ``cls`` by: its package's when the package re-exports it
    (``jass.schieber.State``, defined in ``jass.schieber.state``), else its module's.

    >>> from jass.schieber import State
    >>> public_name(State), public_name(int)
    ('jass.schieber.State', 'builtins.int')
    """
    module = cls.__module__
    package = module.rpartition(".")[0]
    if package and getattr(sys.modules.get(package), cls.__qualname__, None) is cls:
        module = package
    return f"{module}.{cls.__qualname__}"
