"""The library's exceptions.

Every error the library raises on bad input is a :class:`JassError`, which is a
:class:`ValueError`, so ``except ValueError`` catches all of them. Messages quote
the offending input and, where it helps, say what would have been legal.
"""

from __future__ import annotations

__all__ = [
    "JassError",
    "InvalidNotationError",
    "InvalidCardsError",
    "InvalidRulesError",
    "InvalidStateError",
    "IllegalMoveError",
    "WrongSeatError",
    "InvalidSeedError",
    "SerialError",
    "RecordError",
]


class JassError(ValueError):
    """Base class of every error raised by the library on bad input."""


class InvalidNotationError(JassError):
    """A card or set of cards could not be read from text.

    >>> from jass import Card
    >>> Card.parse("X9")
    Traceback (most recent call last):
    jass.errors.InvalidNotationError: 'X9' is not a card: ...
    """


class InvalidCardsError(JassError):
    """Cards that cannot stand together: a duplicate, a wrong count, a non-card."""


class InvalidRulesError(JassError):
    """A rules object or rules parameter with a value outside its allowed range."""


class InvalidStateError(JassError):
    """A state, an observation, a trick or a score whose fields are out of their range, or do
    not fit together (a state the rules cannot reach)."""


class IllegalMoveError(JassError):
    """A move that the rules do not allow in the given state.

    The state it was applied to is left unchanged (states are immutable). The message names
    only what every player may know (the move as it was sent, the phase, the seat to act), so
    a server can send it to whoever sent the move. What only trusted code, or the seat to
    act, may read is in the attributes: :attr:`legal_moves` and :attr:`detail`.

    >>> from jass import schieber
    >>> state = schieber.apply(schieber.new_game(seed=1, rules=schieber.Rules(first_dealer=3)),
    ...                        schieber.ChooseTrump("obenabe"))
    >>> try:
    ...     schieber.apply(state, schieber.PlayCard("HK"))  # seat 0 does not hold it
    ... except IllegalMoveError as error:
    ...     print(error)
    ...     print(len(error.legal_moves) > 0, "seat 0" in error.detail)
    PlayCard(Card.HK) is not a legal move now (phase play, seat 0 to act)
    True True
    """

    def __init__(self, message: str, *, legal_moves: tuple[object, ...] = (), detail: str = "") -> None:
        super().__init__(message)
        #: The moves that were legal (for trusted code, or the seat to act: they show its hand).
        self.legal_moves = legal_moves
        #: Why, in full, for trusted code or the seat to act (it may name that seat's cards).
        self.detail = detail

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_illegal, (type(self), str(self), self.legal_moves, self.detail))


def _rebuild_illegal(cls: type[IllegalMoveError], message: str, legal_moves: tuple[object, ...],
                     detail: str) -> IllegalMoveError:
    return cls(message, legal_moves=legal_moves, detail=detail)


class WrongSeatError(IllegalMoveError):
    """A move sent on behalf of a seat that is not to act (``apply(state, move, seat=s)``):
    refused before the move itself is looked at."""


class InvalidSeedError(JassError):
    """A game seed that is not an int from 0 to 2**64 - 1 (the seeds a game is dealt from,
    and what the JSON format holds)."""


class SerialError(JassError):
    """Data that cannot be read as a value of the library (:mod:`jass.serial`,
    :mod:`jass.records`, :mod:`jass.schieber.jasskit`).

    ``path`` says where in the data the problem is, as a JSON path (``$`` is the
    whole document, ``$.play.hands[2]`` the third hand of the field ``play``); the
    message starts with it.

    >>> from jass import serial
    >>> serial.from_dict({"format": "jass/1", "type": "Card", "card": "X9"})
    Traceback (most recent call last):
    jass.errors.SerialError: $.card: expected a card code such as 'H10' or 'SJ', got 'X9'
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(f"{path}: {message}")
        #: Where the problem is: a JSON path such as ``$.play.hands[2]``.
        self.path = path
        #: The message without the path.
        self.reason = message

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.reason, self.path))


class RecordError(SerialError):
    """A game record that cannot be read or replayed: ``move_number`` (1-based) is the
    move at fault, ``None`` when the fault is not in one move (the header, the result)."""

    def __init__(self, message: str, path: str = "$", move_number: int | None = None) -> None:
        super().__init__(message, path)
        #: The number of the move at fault, 1 for the first move; ``None`` if no single move is.
        self.move_number = move_number

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.reason, self.path, self.move_number))


def describe_value(value: object) -> str:
    """A short description of a value for an error message: never a huge or deep repr.

    >>> describe_value(True), describe_value(10**200), describe_value([1, [2]]), describe_value("x" * 50)
    ('true', 'an int of 201 digits', 'a list of 2 items', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'...")
    """
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        if value.bit_length() > 128:
            return f"an int of {len(str(abs(value))) if value.bit_length() < 10_000 else 'thousands of'} digits"
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:40]) + "..."
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    return f"a {type(value).__name__}"
